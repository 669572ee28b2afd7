/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * xgid.c: eXtreme Gammon's XGID, written and read.  An XGID is ten
 * ':'-separated fields: a 26-character board drawn from the bottom
 * player's side (side 1, upper case; the top player, side 0, is lower
 * case), then cube, owner, turn, dice, the two scores, rules, match length
 * and cube limit, as bg_posid_encode(3) describes.  Part of libbgkit;
 * callers use bg_xgid_encode() and bg_xgid_decode() from bgkit.h.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"

#define PREFIX		"XGID="
#define PREFIXLEN	5
#define NFIELD		10
#define BOARDLEN	26
#define MAXSTACK	16	/* 'A'..'P' */
#define MAXNUM		0x7fff
#define MAXCUBELOG	15

enum { F_BOARD, F_CUBE, F_OWNER, F_TURN, F_DICE, F_SCORE1, F_SCORE0,
	F_RULES, F_LENGTH, F_CUBEMAX };

struct field {
	const char	*s;
	size_t		 len;
};

/* Cut s into exactly NFIELD fields; -1 if there are more or fewer. */
static int
split(struct field *f, const char *s, size_t len)
{
	size_t i, start = 0;
	int n = 0;

	for (i = 0; i <= len; i++)
		if (i == len || s[i] == ':') {
			if (n == NFIELD)
				return -1;
			f[n].s = s + start;
			f[n].len = i - start;
			n++;
			start = i + 1;
		}
	return n == NFIELD ? 0 : -1;
}

/* Read a decimal integer, perhaps negative, from lo to hi. */
static int
int_in_range(int *out, const struct field *f, int lo, int hi)
{
	size_t i = 0;
	long v = 0;
	int neg = 0;

	if (f->len > 0 && f->s[0] == '-') {
		neg = 1;
		i = 1;
	}
	if (i == f->len)
		return -1;
	for (; i < f->len; i++) {
		if (f->s[i] < '0' || f->s[i] > '9')
			return -1;
		v = v * 10 + (f->s[i] - '0');
		if (v > MAXNUM)
			return -1;
	}
	if (neg)
		v = -v;
	if (v < lo || v > hi)
		return -1;
	*out = (int)v;
	return 0;
}

/*
 * Return the number of checkers a board character of the given case
 * stands for, or -1.
 */
static int
stack(int c, int upper)
{
	if (c == '-')
		return 0;
	if (upper && c >= 'A' && c < 'A' + MAXSTACK)
		return c - 'A' + 1;
	if (!upper && c >= 'a' && c < 'a' + MAXSTACK)
		return c - 'a' + 1;
	return -1;
}

/*
 * The dice field: "00" not yet rolled, two digits rolled (kept in the
 * order written, so that the XGID comes back the same), "D" doubled and
 * the opponent to decide; "B" and "R" (beavered, raccooned) are read as
 * doubled too.
 */
static int
dicefield(bg_matchstate *m, const struct field *f)
{
	int d0, d1;

	if (f->len == 1 && (f->s[0] == 'D' || f->s[0] == 'B' ||
	    f->s[0] == 'R')) {
		m->doubled = 1;
		m->turn = !m->on_roll;
		return 0;
	}
	if (f->len != 2)
		return -1;
	d0 = f->s[0] - '0';
	d1 = f->s[1] - '0';
	if (d0 == 0 && d1 == 0)
		return 0;
	if (d0 < 1 || d0 > 6 || d1 < 1 || d1 > 6)
		return -1;
	m->dice[0] = d0;
	m->dice[1] = d1;
	return 0;
}

int
bg_xgid_decode(bg_board *b, bg_matchstate *ms, const char *s, size_t len,
    bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);
	struct field f[NFIELD];
	bg_board nb;
	bg_matchstate m;
	int i, n, c, side, lg, owner, turn, rules, count[2];

	if (vi == NULL)
		return -BG_EVARIANT;
	if (b == NULL || ms == NULL || s == NULL)
		return -BG_EINVAL;
	if (len >= PREFIXLEN && strncmp(s, PREFIX, PREFIXLEN) == 0) {
		s += PREFIXLEN;
		len -= PREFIXLEN;
	}
	if (split(f, s, len) < 0 || f[F_BOARD].len != BOARDLEN)
		return -BG_EXGID;

	memset(&nb, 0, sizeof nb);
	for (i = 0; i < BOARDLEN; i++) {
		c = (unsigned char)f[F_BOARD].s[i];
		if (i == 0)		/* side 0's bar */
			n = stack(c, 0);
		else if (i == 25)	/* side 1's bar */
			n = stack(c, 1);
		else if ((n = stack(c, 1)) < 0)
			n = stack(c, 0);
		if (n < 0)
			return -BG_EXGID;
		if (i == 0)
			nb.pt[0][BG_BAR] = (unsigned char)n;
		else if (i == 25)
			nb.pt[1][BG_BAR] = (unsigned char)n;
		else if (c >= 'A' && c <= 'Z')
			nb.pt[1][i] = (unsigned char)n;
		else
			nb.pt[0][25 - i] = (unsigned char)n;
	}
	for (side = 0; side < 2; side++) {
		count[side] = bg_board_checkers(&nb, side);
		if (count[side] > vi->checkers)
			return -BG_ECHECKERS;
		nb.pt[side][BG_OFF] = (unsigned char)(vi->checkers -
		    count[side]);
	}

	bg_matchstate_init(&m, 0);
	if (int_in_range(&lg, &f[F_CUBE], 0, MAXCUBELOG) < 0 ||
	    int_in_range(&owner, &f[F_OWNER], -1, 1) < 0 ||
	    int_in_range(&turn, &f[F_TURN], -1, 1) < 0 || turn == 0 ||
	    int_in_range(&m.score[1], &f[F_SCORE1], 0, MAXNUM) < 0 ||
	    int_in_range(&m.score[0], &f[F_SCORE0], 0, MAXNUM) < 0 ||
	    int_in_range(&rules, &f[F_RULES], 0, 3) < 0 ||
	    int_in_range(&m.length, &f[F_LENGTH], 0, MAXNUM) < 0 ||
	    int_in_range(&m.cube_max, &f[F_CUBEMAX], 0, MAXNUM) < 0)
		return -BG_EXGID;
	m.cube = 1 << lg;
	m.cube_owner = owner == 0 ? BG_CENTRED : owner == 1 ? 1 : 0;
	m.on_roll = m.turn = turn == 1 ? 1 : 0;

	if (dicefield(&m, &f[F_DICE]) < 0)
		return -BG_EXGID;
	if (m.length > 0) {
		if (rules > 1 || m.score[0] > m.length ||
		    m.score[1] > m.length)
			return -BG_EXGID;
		m.crawford = rules;
		m.jacoby = 0;
	} else {
		m.jacoby = rules & 1;
		m.beaver = rules >> 1 & 1;
	}
	m.state = BG_GAME_PLAYING;
	*b = nb;
	*ms = m;
	return 0;
}

/* Return the board character of n checkers (n <= MAXSTACK). */
static char
stackchar(int n, int upper)
{
	static const char lower[] = "-abcdefghijklmnop";
	static const char capital[] = "-ABCDEFGHIJKLMNOP";

	return upper ? capital[n] : lower[n];
}

int
bg_xgid_encode(char *buf, size_t size, const bg_board *b,
    const bg_matchstate *ms)
{
	char pos[BOARDLEN + 1], dice[3], out[256];
	int i, up, lo, lg, owner, rules, n;

	if (b == NULL || ms == NULL)
		return -BG_EINVAL;
	if (b->pt[0][BG_BAR] > MAXSTACK || b->pt[1][BG_BAR] > MAXSTACK)
		return -BG_ECHECKERS;
	pos[0] = stackchar(b->pt[0][BG_BAR], 0);
	pos[25] = stackchar(b->pt[1][BG_BAR], 1);
	for (i = 1; i <= 24; i++) {
		up = b->pt[1][i];
		lo = b->pt[0][25 - i];
		if (up && lo)
			return -BG_EOVERLAP;
		if (up > MAXSTACK || lo > MAXSTACK)
			return -BG_ECHECKERS;
		pos[i] = up ? stackchar(up, 1) : stackchar(lo, 0);
	}
	pos[BOARDLEN] = '\0';

	for (lg = 0; lg <= MAXCUBELOG && ms->cube != 1 << lg; lg++)
		;
	if (lg > MAXCUBELOG)
		return -BG_EINVAL;
	if (ms->cube_owner == BG_CENTRED)
		owner = 0;
	else if (ms->cube_owner == 0 || ms->cube_owner == 1)
		owner = ms->cube_owner == 1 ? 1 : -1;
	else
		return -BG_EINVAL;
	if ((ms->on_roll != 0 && ms->on_roll != 1) || ms->length < 0 ||
	    ms->score[0] < 0 || ms->score[1] < 0 || ms->cube_max < 0)
		return -BG_EINVAL;

	if (ms->doubled)
		strcpy(dice, "D");
	else if (ms->dice[0] == 0 && ms->dice[1] == 0)
		strcpy(dice, "00");
	else if (ms->dice[0] >= 1 && ms->dice[0] <= 6 &&
	    ms->dice[1] >= 1 && ms->dice[1] <= 6) {
		/* In the order bg_matchstate holds them. */
		dice[0] = (char)('0' + ms->dice[0]);
		dice[1] = (char)('0' + ms->dice[1]);
		dice[2] = '\0';
	} else
		return -BG_EINVAL;

	if (ms->length > 0)
		rules = ms->crawford != 0;
	else
		rules = (ms->jacoby != 0) | (ms->beaver != 0) << 1;

	n = snprintf(out, sizeof out, "%s%s:%d:%d:%d:%s:%d:%d:%d:%d:%d",
	    PREFIX, pos, lg, owner, ms->on_roll == 1 ? 1 : -1, dice,
	    ms->score[1], ms->score[0], rules, ms->length, ms->cube_max);
	if (n < 0 || (size_t)n >= sizeof out)
		return -BG_EINVAL;
	if (buf != NULL && (size_t)n < size)
		memcpy(buf, out, (size_t)n + 1);
	return n;
}
