/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * posid.c: gnubg's Position ID and Match ID, written and read.  A Position
 * ID is an 80-bit key (for the side not on roll, then the side on roll, a
 * 1 per checker and a 0 after each of its 25 slots) and a Match ID a
 * 72-bit key of packed fields; both keys are stored least significant bit
 * first and shown as unpadded base64.  The layouts are those
 * bg_posid_encode(3) describes.  Part of libbgkit; callers use the
 * bg_posid_* and bg_matchid_* functions of bgkit.h.
 */
#include <string.h>

#include "bgkit.h"

#define PKEY	10	/* bytes in a Position ID key */
#define MKEY	9	/* bytes in a Match ID key */
#define PBITS	(8 * PKEY)

/* The fields of a Match ID: their first bit and their width. */
#define M_CUBE		0, 4
#define M_OWNER		4, 2
#define M_ONROLL	6, 1
#define M_CRAWFORD	7, 1
#define M_STATE		8, 3
#define M_TURN		11, 1
#define M_DOUBLED	12, 1
#define M_RESIGN	13, 2
#define M_DIE1		15, 3
#define M_DIE2		18, 3
#define M_LENGTH	21, 15
#define M_SCORE0	36, 15
#define M_SCORE1	51, 15
#define M_NOJACOBY	66, 1

#define OWNER_CENTRED	3
#define MAXFIELD	0x7fff	/* the largest length or score, in 15
				   bits */
#define MAXCUBELOG	15

static const char alphabet[] =
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static int
b64value(int c)
{
	if (c >= 'A' && c <= 'Z')
		return c - 'A';
	if (c >= 'a' && c <= 'z')
		return c - 'a' + 26;
	if (c >= '0' && c <= '9')
		return c - '0' + 52;
	if (c == '+')
		return 62;
	if (c == '/')
		return 63;
	return -1;
}

/*
 * Show key bytes as nchar base64 characters plus a NUL.  The bytes are
 * read in order, most significant bit first; bits past the key are zero.
 */
static void
b64encode(char *out, const unsigned char *key, size_t nkey, size_t nchar)
{
	unsigned acc = 0;	/* the bits not written yet, nbits of them */
	size_t i = 0, o;
	int nbits = 0;

	for (o = 0; o < nchar; o++) {
		if (nbits < 6) {
			acc = acc << 8 | (i < nkey ? key[i] : 0);
			i++;
			nbits += 8;
		}
		nbits -= 6;
		out[o] = alphabet[acc >> nbits & 63];
	}
	out[nchar] = '\0';
}

/*
 * The inverse: n characters into nkey bytes.  Bits past the key (the
 * padding of the last character) are ignored.  -1 on a character outside
 * the alphabet.
 */
static int
b64decode(unsigned char *key, size_t nkey, const char *s, size_t n)
{
	size_t i, j, bit;
	int v;

	memset(key, 0, nkey);
	for (i = 0; i < n; i++) {
		if ((v = b64value((unsigned char)s[i])) < 0)
			return -1;
		for (j = 0; j < 6; j++) {
			bit = 6 * i + j;
			if (bit / 8 < nkey && (v >> (5 - j) & 1))
				key[bit / 8] |= 0x80 >> bit % 8;
		}
	}
	return 0;
}

/* Key bit k is bit k % 8 of byte k / 8. */
static int
keybit(const unsigned char *key, int k)
{
	return key[k / 8] >> k % 8 & 1;
}

static unsigned
getfield(const unsigned char *key, int at, int width)
{
	unsigned v = 0;
	int i;

	for (i = 0; i < width; i++)
		v |= (unsigned)keybit(key, at + i) << i;
	return v;
}

static void
putfield(unsigned char *key, int at, int width, unsigned v)
{
	int i, k;

	for (i = 0; i < width; i++)
		if (v >> i & 1) {
			k = at + i;
			key[k / 8] |= 1u << k % 8;
		}
}

int
bg_posid_encode(char *buf, size_t size, const bg_board *b, int on_roll)
{
	unsigned char key[PKEY];
	int half, s, p, n, total;
	unsigned k;

	if (b == NULL || (on_roll != 0 && on_roll != 1))
		return -BG_EINVAL;
	/* 50 zeros leave room for 30 ones. */
	total = bg_board_checkers(b, 0) + bg_board_checkers(b, 1);
	if (total > PBITS - 50)
		return -BG_ECHECKERS;
	memset(key, 0, sizeof key);
	k = 0;
	for (half = 0; half < 2; half++) {
		s = half == 0 ? !on_roll : on_roll;
		for (p = 1; p <= 25; p++) {
			for (n = 0; n < b->pt[s][p]; n++, k++)
				key[k >> 3] |= (unsigned char)(1u << (k & 7));
			k++;
		}
	}
	if (buf != NULL && size > BG_POSID_LEN)
		b64encode(buf, key, PKEY, BG_POSID_LEN);
	return BG_POSID_LEN;
}

int
bg_posid_decode(bg_board *b, const char *id, size_t len, int on_roll,
    bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);
	unsigned char key[PKEY];
	bg_board nb;
	int half, s, p, k, count;

	if (vi == NULL)
		return -BG_EVARIANT;
	if (b == NULL || id == NULL || (on_roll != 0 && on_roll != 1))
		return -BG_EINVAL;
	if (len != BG_POSID_LEN || b64decode(key, PKEY, id, len) < 0)
		return -BG_EPOSID;
	memset(&nb, 0, sizeof nb);
	k = 0;
	for (half = 0; half < 2; half++) {
		s = half == 0 ? !on_roll : on_roll;
		count = 0;
		for (p = 1; p <= 25; p++) {
			for (; k < PBITS && keybit(key, k); k++) {
				if (++count > vi->checkers)
					return -BG_ECHECKERS;
				nb.pt[s][p]++;
			}
			/* The key ran out before the 50th zero. */
			if (k++ == PBITS)
				return -BG_EPOSID;
		}
		nb.pt[s][BG_OFF] = (unsigned char)(vi->checkers - count);
	}
	/* Ones after the last slot belong to no point. */
	for (; k < PBITS; k++)
		if (keybit(key, k))
			return -BG_EPOSID;
	for (p = 1; p <= 24; p++)
		if (nb.pt[0][p] && nb.pt[1][25 - p])
			return -BG_EOVERLAP;
	*b = nb;
	return 0;
}

static int
cubelog(int cube)
{
	int n;

	for (n = 0; n <= MAXCUBELOG; n++)
		if (cube == 1 << n)
			return n;
	return -1;
}

int
bg_matchid_encode(char *buf, size_t size, const bg_matchstate *ms)
{
	unsigned char key[MKEY];
	int lg, owner, d1, d2, s;

	if (ms == NULL || (lg = cubelog(ms->cube)) < 0)
		return -BG_EINVAL;
	if (ms->cube_owner == BG_CENTRED)
		owner = OWNER_CENTRED;
	else if (ms->cube_owner == 0 || ms->cube_owner == 1)
		owner = ms->cube_owner;
	else
		return -BG_EINVAL;
	if ((ms->on_roll != 0 && ms->on_roll != 1) ||
	    (ms->turn != 0 && ms->turn != 1) ||
	    (int)ms->state < BG_GAME_NONE || ms->state > BG_GAME_DROPPED ||
	    ms->resign < 0 || ms->resign > 3 ||
	    ms->length < 0 || ms->length > MAXFIELD ||
	    (ms->crawford && ms->length == 0))
		return -BG_EINVAL;
	for (s = 0; s < 2; s++)
		if (ms->score[s] < 0 || ms->score[s] > MAXFIELD ||
		    ms->dice[s] < 0 || ms->dice[s] > 6 ||
		    (ms->length > 0 && ms->score[s] > ms->length &&
		    ms->state < BG_GAME_OVER))
			return -BG_EINVAL;
	if ((ms->dice[0] == 0) != (ms->dice[1] == 0))
		return -BG_EINVAL;
	d1 = ms->dice[0];
	d2 = ms->dice[1];

	memset(key, 0, sizeof key);
	putfield(key, M_CUBE, (unsigned)lg);
	putfield(key, M_OWNER, (unsigned)owner);
	putfield(key, M_ONROLL, (unsigned)ms->on_roll);
	putfield(key, M_CRAWFORD, ms->crawford != 0);
	putfield(key, M_STATE, (unsigned)ms->state);
	putfield(key, M_TURN, (unsigned)ms->turn);
	putfield(key, M_DOUBLED, ms->doubled != 0);
	putfield(key, M_RESIGN, (unsigned)ms->resign);
	putfield(key, M_DIE1, (unsigned)d1);
	putfield(key, M_DIE2, (unsigned)d2);
	putfield(key, M_LENGTH, (unsigned)ms->length);
	putfield(key, M_SCORE0, (unsigned)ms->score[0]);
	putfield(key, M_SCORE1, (unsigned)ms->score[1]);
	putfield(key, M_NOJACOBY, ms->jacoby == 0);
	if (buf != NULL && size > BG_MATCHID_LEN)
		b64encode(buf, key, MKEY, BG_MATCHID_LEN);
	return BG_MATCHID_LEN;
}

int
bg_matchid_decode(bg_matchstate *ms, const char *id, size_t len)
{
	unsigned char key[MKEY];
	bg_matchstate m;
	unsigned owner, state, d1, d2, s;

	if (ms == NULL || id == NULL)
		return -BG_EINVAL;
	if (len != BG_MATCHID_LEN || b64decode(key, MKEY, id, len) < 0)
		return -BG_EMATCHID;
	owner = getfield(key, M_OWNER);
	state = getfield(key, M_STATE);
	d1 = getfield(key, M_DIE1);
	d2 = getfield(key, M_DIE2);
	if (owner == 2 || state > BG_GAME_DROPPED || d1 > 6 || d2 > 6 ||
	    (d1 == 0) != (d2 == 0))
		return -BG_EMATCHID;

	bg_matchstate_init(&m, (int)getfield(key, M_LENGTH));
	m.cube = 1 << getfield(key, M_CUBE);
	m.cube_owner = owner == OWNER_CENTRED ? BG_CENTRED : (int)owner;
	m.on_roll = (int)getfield(key, M_ONROLL);
	m.crawford = (int)getfield(key, M_CRAWFORD);
	m.state = (bg_gamestate)state;
	m.turn = (int)getfield(key, M_TURN);
	m.doubled = (int)getfield(key, M_DOUBLED);
	m.resign = (int)getfield(key, M_RESIGN);
	m.dice[0] = (int)d1;
	m.dice[1] = (int)d2;
	m.score[0] = (int)getfield(key, M_SCORE0);
	m.score[1] = (int)getfield(key, M_SCORE1);
	m.jacoby = !getfield(key, M_NOJACOBY);

	if (m.length == 0 && m.crawford)
		return -BG_EMATCHID;
	/*
	 * Once a game has ended gnubg's score includes its points, which
	 * may pass the length (5-point match, 4-0, a doubled gammon: 8-0).
	 */
	for (s = 0; s < 2; s++)
		if (m.length > 0 && m.score[s] > m.length &&
		    m.state < BG_GAME_OVER)
			return -BG_EMATCHID;
	*ms = m;
	return 0;
}
