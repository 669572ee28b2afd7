/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * records.h: what the record harnesses (fuzz_mat.c, fuzz_sgf.c,
 * fuzz_json.c, fuzz_write.c) do with a reader: read every match and
 * game, replay each through the rules and write every position the
 * replay passes through as a Position ID, a Match ID and an XGID; for
 * fuzz_write.c, also hand every match and game to a writer of each
 * format (.mat in gnubg's and XG's layouts, SGF, JSON Lines, .gam of
 * the first game and of the second, Snowie text), then read what each
 * writer wrote.  A checksum of what a reader delivered lets a
 * harness compare two readers of the same bytes.  Included by the
 * harnesses in tests/fuzz/ only.
 */
#ifndef FUZZ_RECORDS_H
#define FUZZ_RECORDS_H

#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

#define NWRITER		7
#define SINKMAX		(16 << 20)	/* more output than this fails */

struct src {
	const unsigned char	*p;
	size_t			 len, pos;
};

/* A read callback that hands out at most seven bytes at a time. */
static long
src_read(void *ctx, char *buf, size_t n)
{
	struct src *s = ctx;
	size_t k = s->len - s->pos;

	if (k > n)
		k = n;
	if (k > 7)
		k = 7;
	memcpy(buf, s->p + s->pos, k);
	s->pos += k;
	return (long)k;
}

/* Where a writer writes. */
struct sink {
	char	*buf;
	size_t	 len, cap;
};

static long
sink_write(void *ctx, const char *buf, size_t n)
{
	struct sink *k = ctx;
	char *p;

	if (n > SINKMAX - k->len)
		return -1;
	if (k->len + n > k->cap) {
		k->cap = k->len + n + 4096;
		if ((p = realloc(k->buf, k->cap)) == NULL)
			abort();
		k->buf = p;
	}
	memcpy(k->buf + k->len, buf, n);
	k->len += n;
	return (long)n;
}

/* Write out every position the replay hands over. */
static void
show_pos(void *ctx, const bg_replay_pos *pos)
{
	char buf[128];
	unsigned long *h = ctx;

	if (bg_posid_encode(buf, sizeof buf, &pos->board,
	    pos->ms.on_roll & 1) > 0)
		*h = *h * 33 + (unsigned char)buf[0];
	if (bg_matchid_encode(buf, sizeof buf, &pos->ms) > 0)
		*h = *h * 33 + (unsigned char)buf[0];
	if (bg_xgid_encode(buf, sizeof buf, &pos->board, &pos->ms) > 0)
		*h = *h * 33 + (unsigned char)buf[5];
}

static unsigned long
hash_str(unsigned long h, const char *s)
{
	if (s == NULL)
		return h * 33 + 1;
	while (*s)
		h = h * 33 + (unsigned char)*s++;
	return h * 33;
}

/* Every diagnostic must name a code of the catalogue. */
static void
check_diag(const bg_diag *d)
{
	if (d == NULL || d->code <= 0 || d->code >= BG_CODE_COUNT ||
	    memchr(d->detail, '\0', sizeof d->detail) == NULL)
		abort();
}

/*
 * Read everything r holds, replaying when rp is not NULL and writing
 * with the nw writers of w.  Returns a checksum of what the reader
 * delivered (not of the replay or the writers).
 */
static unsigned long
walk(bg_reader *r, bg_replay *rp, bg_writer **w, int nw)
{
	const bg_match *m;
	const bg_game *g;
	unsigned long h = 5381, ph = 0;
	size_t i;
	int rc, k;

	if (rp != NULL)
		bg_replay_set_callback(rp, show_pos, &ph);
	while ((rc = bg_reader_next_match(r, &m)) > 0) {
		h = h * 33 + (unsigned long)bg_match_length(m);
		h = hash_str(h, bg_match_player(m, 0));
		h = hash_str(h, bg_match_player(m, 1));
		for (i = 0; i < bg_match_tag_count(m); i++) {
			h = hash_str(h, bg_match_tag_key(m, i));
			h = hash_str(h, bg_match_tag_value(m, i));
		}
		for (i = 0; i < bg_match_comment_count(m); i++)
			h = hash_str(h, bg_match_comment(m, i));
		for (i = 0; i < bg_reader_diag_count(r); i++)
			check_diag(bg_reader_diag(r, i));
		h = h * 33 + bg_reader_diag_count(r);
		if (rp != NULL)
			(void)bg_replay_match(rp, m);
		for (k = 0; k < nw; k++)
			(void)bg_writer_match(w[k], m);
		while (bg_reader_next_game(r, &g) > 0) {
			h = h * 33 + (unsigned long)bg_game_number(g);
			h = hash_str(h, bg_game_player(g, 0));
			h = hash_str(h, bg_game_player(g, 1));
			h = h * 33 + (unsigned long)bg_game_score(g, 0);
			h = h * 33 + (unsigned long)bg_game_score(g, 1);
			for (i = 0; i < bg_game_record_count(g); i++) {
				const bg_record *rec = bg_game_record(g, i);

				h = h * 33 + (unsigned long)rec->kind;
				h = h * 33 + (unsigned long)rec->line;
				h = h * 33 + (unsigned long)rec->col;
				h = h * 33 + (unsigned long)rec->value;
				h = h * 33 + rec->len;
				if (strlen(rec->text) != rec->len)
					abort();
			}
			/* A position export's analysis and diagram. */
			for (i = 0; i < bg_game_analysis_count(g); i++) {
				const bg_analysis *an = bg_game_analysis(g, i);

				if (an == NULL || an->play == NULL ||
				    an->eval == NULL || an->side < 0 ||
				    an->side > 1)
					abort();
				h = hash_str(h, an->play);
				h = hash_str(h, an->eval);
				h = h * 33 + (unsigned long)an->rank;
				h = h * 33 +
				    (unsigned long)(long)(an->equity * 1000);
			}
			h = hash_str(h, bg_game_diagram(g));
			for (i = 0; i < bg_reader_diag_count(r); i++) {
				check_diag(bg_reader_diag(r, i));
				h = h * 33 + (unsigned long)
				    bg_reader_diag(r, i)->code;
			}
			if (rp != NULL) {
				(void)bg_replay_game(rp, g);
				for (i = 0; i < bg_replay_diag_count(rp); i++)
					check_diag(bg_replay_diag(rp, i));
				(void)bg_replay_result(rp);
			}
			for (k = 0; k < nw; k++)
				(void)bg_writer_game(w[k], g);
		}
		if (rp != NULL)
			(void)bg_replay_end(rp);
		for (k = 0; k < nw; k++) {
			(void)bg_writer_end(w[k]);
			for (i = 0; i < bg_writer_diag_count(w[k]); i++)
				check_diag(bg_writer_diag(w[k], i));
		}
	}
	return h * 33 + (unsigned long)rc + bg_reader_diag_count(r);
}

/*
 * Read data as format f twice, from memory and a few bytes at a time,
 * and check both readers deliver the same; replay the first, and when
 * write is set, write it in every format and read what was written.
 */
static void
records(const unsigned char *data, size_t size, bg_format f, int write)
{
	static const bg_format wf[NWRITER] = { BG_FORMAT_MAT, BG_FORMAT_MAT,
	    BG_FORMAT_SGF, BG_FORMAT_JSON, BG_FORMAT_GAM, BG_FORMAT_GAM,
	    BG_FORMAT_SNOWIE };
	struct src s = { data, size, 0 };
	struct sink out[NWRITER];
	bg_writer *w[NWRITER];
	bg_reader *a = bg_reader_new_mem((const char *)data, size, "fuzz");
	bg_reader *b = bg_reader_new(src_read, &s, "fuzz");
	bg_replay *rp = bg_replay_new();
	int k;

	memset(out, 0, sizeof out);
	for (k = 0; k < NWRITER; k++)
		if ((w[k] = bg_writer_new(wf[k], sink_write, &out[k])) ==
		    NULL)
			abort();
	(void)bg_writer_set_style(w[1], BG_STYLE_XG);
	(void)bg_writer_set_game(w[5], 2);
	if (a == NULL || b == NULL || rp == NULL ||
	    bg_reader_set_format(a, f) < 0 || bg_reader_set_format(b, f) < 0)
		abort();
	if (walk(a, rp, w, write ? NWRITER : 0) != walk(b, NULL, NULL, 0))
		abort();
	bg_replay_free(rp);
	bg_reader_free(a);
	bg_reader_free(b);
	for (k = 0; k < NWRITER; k++) {
		bg_writer_free(w[k]);
		if ((a = bg_reader_new_mem(out[k].buf, out[k].len,
		    "again")) == NULL)
			abort();
		(void)walk(a, NULL, NULL, 0);
		bg_reader_free(a);
		free(out[k].buf);
	}
}

#endif
