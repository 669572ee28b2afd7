/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fingerprint.c: the canonical content hash of a game and of a match
 * (bg_fingerprint_new(3), bgkit-fingerprint(7)).  The replay's
 * positions are written as a canonical text, one line per action, which
 * is hashed with SHA-256 (Nettle's) as it is made; the hash of a match
 * is that of a text listing its length, its variant and its games'
 * hashes.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <nettle/sha2.h>

#include "bgkit.h"

/* ------------------------------------------------------------- SHA-256 */

/* Nettle's SHA-256 (nettle-dev), under the names used below. */
#define sha		sha256_ctx
#define sha_init	sha256_init

static void
sha_add(struct sha *s, const char *buf, size_t n)
{
	sha256_update(s, n, (const uint8_t *)buf);
}

/* Write the digest into hex in lower case, 64 digits and a NUL. */
static void
sha_end(struct sha *s, char *hex)
{
	static const char dig[] = "0123456789abcdef";
	uint8_t d[SHA256_DIGEST_SIZE];
	int i;

	sha256_digest(s, sizeof d, d);
	for (i = 0; i < SHA256_DIGEST_SIZE; i++) {
		hex[2 * i] = dig[d[i] >> 4];
		hex[2 * i + 1] = dig[d[i] & 0xf];
	}
	hex[2 * SHA256_DIGEST_SIZE] = '\0';
}

/* ---------------------------------------------------------- fingerprint */

struct bg_fingerprint {
	struct sha	 game, match;
	int		 open;		/* set once a game's text is begun */
	bg_write_fn	 write;		/* where the canonical text is
					   echoed, or NULL */
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

/* Add one line of a text to the hash s, and echo it. */
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

/* Write the game's first line, once. */
static void
open_game(bg_fingerprint *fp)
{
	if (fp->open)
		return;
	sha_init(&fp->game);
	fp->open = 1;
	line(fp, &fp->game, "game");
}

/*
 * Write " POSID", the Position ID of board b with side 0 on roll, or ""
 * when it has no ID.
 */
static void
posid(char *buf, size_t size, const bg_board *b)
{
	char id[BG_POSID_LEN + 1];

	if (bg_posid_encode(id, sizeof id, b, 0) < 0)
		snprintf(buf, size, " -");
	else
		snprintf(buf, size, " %s", id);
}

/*
 * Write the play of a move the replay did not make, as it is written:
 * " ? TEXT".
 */
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
			/* The common line, without the cost of snprintf(). */
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
		return 0;	/* comments, unreadable cells and losses
				   have no line */
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
