/*
 * fingerprint.c: the canonical content hash of a game and of a match
 * (bg_fingerprint_new(3), bgkit-fingerprint(7)).  The replay's
 * positions are written as a canonical text, one line per action, which
 * is hashed with SHA-256 as it is made; the hash of a match is that of
 * a text listing its length, its variant and its games' hashes.  The
 * SHA-256 below follows FIPS 180-4.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

/* ------------------------------------------------------------- SHA-256 */

struct sha {
	uint32_t	h[8];		/* the state */
	unsigned char	blk[64];	/* the block being filled */
	size_t		nblk;
	unsigned long	lo, hi;		/* the length in bytes, 64 bits */
};

static const uint32_t K[64] = {
	0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b,
	0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01,
	0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7,
	0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc,
	0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da, 0x983e5152,
	0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147,
	0x06ca6351, 0x14292967, 0x27b70a85, 0x2e1b2138, 0x4d2c6dfc,
	0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
	0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819,
	0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08,
	0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
	0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208,
	0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
};

#define M32(x)		((x) & 0xffffffffUL)
#define ROR(x, n)	((uint32_t)((x) >> (n) | (x) << (32 - (n))))

static void
sha_init(struct sha *s)
{
	static const uint32_t h0[8] = { 0x6a09e667, 0xbb67ae85,
	    0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab,
	    0x5be0cd19 };

	memcpy(s->h, h0, sizeof h0);
	s->nblk = 0;
	s->lo = s->hi = 0;
}

static void
sha_block(struct sha *s, const unsigned char *p)
{
	uint32_t w[64], v[8], t1, t2;
	int i;

	for (i = 0; i < 16; i++)
		w[i] = (uint32_t)p[4 * i] << 24 |
		    (uint32_t)p[4 * i + 1] << 16 |
		    (uint32_t)p[4 * i + 2] << 8 | p[4 * i + 3];
	for (; i < 64; i++)
		w[i] = (ROR(w[i - 2], 17) ^ ROR(w[i - 2], 19) ^
		    (w[i - 2] >> 10)) + w[i - 7] + (ROR(w[i - 15], 7) ^
		    ROR(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 16];
	memcpy(v, s->h, sizeof v);
	for (i = 0; i < 64; i++) {
		t1 = v[7] + (ROR(v[4], 6) ^ ROR(v[4], 11) ^ ROR(v[4], 25)) +
		    ((v[4] & v[5]) ^ (~v[4] & v[6])) + K[i] + w[i];
		t2 = (ROR(v[0], 2) ^ ROR(v[0], 13) ^ ROR(v[0], 22)) +
		    ((v[0] & v[1]) ^ (v[0] & v[2]) ^ (v[1] & v[2]));
		v[7] = v[6];
		v[6] = v[5];
		v[5] = v[4];
		v[4] = v[3] + t1;
		v[3] = v[2];
		v[2] = v[1];
		v[1] = v[0];
		v[0] = t1 + t2;
	}
	for (i = 0; i < 8; i++)
		s->h[i] += v[i];
}

static void
sha_add(struct sha *s, const char *buf, size_t n)
{
	const unsigned char *p = (const unsigned char *)buf;
	size_t k;

	s->lo = M32(s->lo + n);
	if (s->lo < n)
		s->hi++;
	while (n > 0) {
		k = 64 - s->nblk < n ? 64 - s->nblk : n;
		memcpy(s->blk + s->nblk, p, k);
		s->nblk += k;
		p += k;
		n -= k;
		if (s->nblk == 64) {
			sha_block(s, s->blk);
			s->nblk = 0;
		}
	}
}

/* The digest in lower-case hex, 64 digits and a NUL, into hex. */
static void
sha_end(struct sha *s, char *hex)
{
	static const char dig[] = "0123456789abcdef";
	unsigned long hi = M32(s->hi << 3 | s->lo >> 29), lo = M32(s->lo << 3);
	unsigned char len[8];
	int i;

	for (i = 0; i < 4; i++) {
		len[i] = (unsigned char)(hi >> (24 - 8 * i));
		len[4 + i] = (unsigned char)(lo >> (24 - 8 * i));
	}
	sha_add(s, "\x80", 1);
	while (s->nblk != 56)
		sha_add(s, "", 1);
	sha_add(s, (const char *)len, 8);
	for (i = 0; i < 32; i++) {
		hex[2 * i] = dig[s->h[i / 4] >> (28 - 8 * (i % 4)) & 0xf];
		hex[2 * i + 1] = dig[s->h[i / 4] >> (24 - 8 * (i % 4)) & 0xf];
	}
	hex[64] = '\0';
}

/* ---------------------------------------------------------- fingerprint */

struct bg_fingerprint {
	struct sha	 game, match;
	int		 open;		/* a game's text is begun */
	bg_write_fn	 write;		/* the canonical text, echoed */
	void		*ctx;
};

bg_fingerprint *
bg_fingerprint_new(void)
{
	bg_fingerprint *fp = calloc(1, sizeof *fp);

	if (fp != NULL)
		bg_fingerprint_start(fp, 0, BG_VARIANT_STANDARD);
	return fp;
}

void
bg_fingerprint_free(bg_fingerprint *fp)
{
	free(fp);
}

void
bg_fingerprint_set_text(bg_fingerprint *fp, bg_write_fn write, void *ctx)
{
	fp->write = write;
	fp->ctx = ctx;
}

/* One line of a text: into the hash s, and echoed. */
static void
line(bg_fingerprint *fp, struct sha *s, const char *buf)
{
	size_t n = strlen(buf);

	sha_add(s, buf, n);
	sha_add(s, "\n", 1);
	if (fp->write != NULL) {
		fp->write(fp->ctx, buf, n);
		fp->write(fp->ctx, "\n", 1);
	}
}

void
bg_fingerprint_start(bg_fingerprint *fp, int length, bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);
	char buf[64];

	sha_init(&fp->match);
	fp->open = 0;
	snprintf(buf, sizeof buf, "match %d %s", length < 0 ? 0 : length,
	    vi != NULL ? vi->name : "standard");
	line(fp, &fp->match, buf);
}

/* The game's first line, once. */
static void
open_game(bg_fingerprint *fp)
{
	if (fp->open)
		return;
	sha_init(&fp->game);
	fp->open = 1;
	line(fp, &fp->game, "game");
}

/* " POSID" of board b, side 0 on roll; "" when it has no ID. */
static void
posid(char *buf, size_t size, const bg_board *b)
{
	char id[BG_POSID_LEN + 1];

	if (bg_posid_encode(id, sizeof id, b, 0) < 0)
		snprintf(buf, size, " -");
	else
		snprintf(buf, size, " %s", id);
}

/* The play of a move the replay did not make, as written: " ? TEXT". */
static void
unplayed(char *buf, size_t size, const bg_record *rec)
{
	bg_play p;
	char t[128];

	if (rec->note.kind == BG_NOTE_PLAY &&
	    bg_play_from_notation(&p, &rec->note) == 0 &&
	    bg_play_format(t, sizeof t, &p, BG_STYLE_GNUBG) < (int)sizeof t)
		snprintf(buf, size, " ? %s", t);
	else if (rec->note.kind == BG_NOTE_NONE)
		snprintf(buf, size, " ? none");
	else
		snprintf(buf, size, " ?");
}

int
bg_fingerprint_line(char *buf, size_t size, const bg_replay_pos *pos)
{
	const bg_record *r = pos->rec;
	char tail[160];
	int d0, d1;

	if (r == NULL) {
		posid(tail, sizeof tail, &pos->board);
		return snprintf(buf, size, "start%s %d", tail, pos->ms.cube);
	}
	switch (r->kind) {
	case BG_REC_MOVE:
		d0 = r->dice[0] > r->dice[1] ? r->dice[0] : r->dice[1];
		d1 = r->dice[0] > r->dice[1] ? r->dice[1] : r->dice[0];
		if (pos->played && !pos->lost && size > 11 + BG_POSID_LEN &&
		    (pos->side == 0 || pos->side == 1) && d0 >= 0 && d0 <= 9 &&
		    d1 >= 0 && bg_posid_encode(buf + 10, size - 10, &pos->board,
		    0) == BG_POSID_LEN) {
			/* The common line, without snprintf's cost. */
			memcpy(buf, "move ", 5);
			buf[5] = (char)('0' + pos->side);
			buf[6] = ' ';
			buf[7] = (char)('0' + d0);
			buf[8] = (char)('0' + d1);
			buf[9] = ' ';
			return 10 + BG_POSID_LEN;
		}
		if (pos->played && !pos->lost)
			posid(tail, sizeof tail, &pos->board);
		else
			unplayed(tail, sizeof tail, r);
		return snprintf(buf, size, "move %d %d%d%s", pos->side, d0, d1,
		    tail);
	case BG_REC_DOUBLE:
	case BG_REC_BEAVER:
	case BG_REC_RACCOON:
	case BG_REC_TAKE:
	case BG_REC_DROP:
	case BG_REC_WIN:
		return snprintf(buf, size, "%s %d", bg_action_name(pos),
		    pos->side);
	case BG_REC_SETPOS:
		posid(tail, sizeof tail, &pos->board);
		return snprintf(buf, size, "setpos%s", tail);
	case BG_REC_ILLEGAL:
		return snprintf(buf, size, "illegal %d", pos->side);
	default:
		if (size > 0)
			*buf = '\0';
		return 0;	/* comments, unreadable cells, losses */
	}
}

void
bg_fingerprint_pos(void *ctx, const bg_replay_pos *pos)
{
	bg_fingerprint *fp = ctx;
	char buf[256];

	if (pos->turn == 0)
		fp->open = 0;
	open_game(fp);
	if (bg_fingerprint_line(buf, sizeof buf, pos) > 0)
		line(fp, &fp->game, buf);
}

int
bg_fingerprint_result(char *buf, size_t size, const bg_result *r)
{
	static const char *const how[] = { "none", "bearoff", "drop",
	    "resign" };

	if (r == NULL || r->winner < 0 || (unsigned)r->ended_by > 3)
		return snprintf(buf, size, "result none");
	return snprintf(buf, size, "result %d %s %d %d", r->winner,
	    how[r->ended_by], r->level, r->points);
}

void
bg_fingerprint_game(bg_fingerprint *fp, const bg_result *r, char *hex)
{
	char buf[BG_FINGERPRINT_LEN + 16];

	open_game(fp);
	bg_fingerprint_result(buf, sizeof buf, r);
	line(fp, &fp->game, buf);
	sha_end(&fp->game, hex);
	fp->open = 0;
	snprintf(buf, sizeof buf, "game %s", hex);
	line(fp, &fp->match, buf);
}

void
bg_fingerprint_end(bg_fingerprint *fp, char *hex)
{
	sha_end(&fp->match, hex);
}
