/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * writer.c: the front of every bg_writer.  It follows the match through
 * the replay (so a writer knows each play as the rules made it, with its
 * hits, and each position), buffers the output for the caller's write
 * callback, gathers the warnings about what a format cannot hold, and
 * hands each match and game to the writer of the format asked for
 * (fmt_mat_write.c, fmt_gam_write.c, fmt_sgf_write.c,
 * fmt_json_write.c, fmt_html_write.c).  Part of libbgkit; callers use
 * bgkit.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bgkit.h"
#include "record_int.h"
#include "analysis_int.h"
#include "fmt_int.h"

#define FLUSHAT	65536		/* write out when this much is waiting */

static void
flush(bg_writer *w)
{
	size_t o = 0;
	long n;

	/* Without a write function the run is dry, for the warnings alone. */
	while (!w->err && w->write != NULL && o < w->olen) {
		n = w->write(w->ctx, w->out + o, w->olen - o);
		if (n <= 0 || (size_t)n > w->olen - o) {
			w->err = -BG_EIO;
			break;
		}
		o += (size_t)n;
	}
	w->olen = 0;
}

void
fmt_put(bg_writer *w, const char *s, size_t n)
{
	if (w->err)
		return;
	if (w->ocap - w->olen < n) {
		size_t cap = w->ocap ? w->ocap : 4096;
		char *p;

		while (cap - w->olen < n) {
			if (cap > (size_t)-1 / 2) {
				w->err = -BG_ENOMEM;
				return;
			}
			cap *= 2;
		}
		if ((p = realloc(w->out, cap)) == NULL) {
			w->err = -BG_ENOMEM;
			return;
		}
		w->out = p;
		w->ocap = cap;
	}
	memcpy(w->out + w->olen, s, n);
	w->olen += n;
	if (w->olen >= FLUSHAT)
		flush(w);
}

void
fmt_puts(bg_writer *w, const char *s)
{
	fmt_put(w, s, strlen(s));
}

void
fmt_printf(bg_writer *w, const char *fmt, ...)
{
	char buf[256], *p = buf;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n < 0) {
		w->err = -BG_EINVAL;
		return;
	}
	if ((size_t)n >= sizeof buf) {
		if ((p = malloc((size_t)n + 1)) == NULL) {
			w->err = -BG_ENOMEM;
			return;
		}
		va_start(ap, fmt);
		vsnprintf(p, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	fmt_put(w, p, (size_t)n);
	if (p != buf)
		free(p);
}

void
fmt_lost(bg_writer *w, const bg_record *r, const char *fmt, ...)
{
	char detail[sizeof ((bg_diag *)0)->detail];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(detail, sizeof detail, fmt, ap);
	va_end(ap);
	if (diaglist_add(&w->dl, BG_WLOST, r ? r->line : w->g ?
	    bg_game_line(w->g) : w->m ? bg_match_line(w->m) : 0,
	    r ? r->col : 0, w->g ? bg_game_number(w->g) : 0,
	    r ? r->moveno : 0, r ? r->side : -1, r ? r->dice : NULL, detail,
	    strlen(detail)) < 0)
		w->err = -BG_ENOMEM;
}

const bg_record *
fmt_next_action(const bg_game *g, size_t i)
{
	const bg_record *r;

	for (i++; i < bg_game_record_count(g); i++) {
		r = bg_game_record(g, i);
		if (r->side >= 0 && r->kind != BG_REC_COMMENT)
			return r;
	}
	return NULL;
}

/*
 * Write the names of the SGF properties in t into buf from offset *o,
 * each name once, and move *o past them.
 */
static void
add_names(const char *t, char *buf, size_t size, size_t *o)
{
	size_t n, k;
	char id[16];

	while (*t != '\0') {
		for (n = 0; t[n] >= 'A' && t[n] <= 'Z'; n++)
			if (n < sizeof id - 1)
				id[n] = t[n];
		id[n < sizeof id - 1 ? n : sizeof id - 1] = '\0';
		t += n;
		/* Skip the property's values. */
		while (*t == '[') {
			for (t++; *t != '\0' && *t != ']'; t++)
				if (*t == '\\' && t[1] != '\0')
					t++;
			if (*t == ']')
				t++;
		}
		if (n == 0) {
			if (*t != '\0')
				t++;
			continue;
		}
		n = strlen(id);
		/* Write each name only once. */
		for (k = 0; k < *o; k += strlen(buf + k) + 1)
			if (strcmp(buf + k, id) == 0)
				break;
		if (k < *o || *o + n + 2 > size)
			continue;
		memcpy(buf + *o, id, n + 1);
		*o += n + 1;
	}
}

size_t
fmt_sgf_names(const bg_game *g, char *buf, size_t size)
{
	const bg_rec_analysis *a;
	size_t i, o = 0, k, len, cap;
	char *t;

	if (size > 0)
		buf[0] = '\0';
	for (i = 0; i < bg_game_sgf_count(g); i++)
		add_names(bg_game_sgf(g, i, NULL), buf, size, &o);
	/* The engine's analysis, as the SGF writer would write it. */
	for (i = 0; i < bg_game_record_count(g); i++) {
		if ((a = bg_game_record_analysis(g, i)) == NULL)
			continue;
		t = NULL;
		len = cap = 0;
		if (an_sgf_write(&t, &len, &cap, a, bg_game_record(g,
		    i)->side, 0) == 0 && t != NULL)
			add_names(t, buf, size, &o);
		free(t);
	}
	if (o == 0)
		return 0;
	/* The names are separated by NULs; separate them by blanks. */
	for (k = 0; k + 1 < o; k++)
		if (buf[k] == '\0')
			buf[k] = ' ';
	return o - 1;
}

/* ------------------------------------------------------------- the API */

/* Return the writer of format f, or NULL when it has none. */
static const struct fmt_wops *
wfmt(bg_format f)
{
	const struct fmt_row *row = fmt_row_of(f);

	return row != NULL ? row->write : NULL;
}

int
bg_writer_can(bg_format f)
{
	return wfmt(f) != NULL;
}

bg_writer *
bg_writer_new(bg_format f, bg_write_fn write, void *ctx)
{
	const struct fmt_wops *ops = wfmt(f);
	bg_writer *w;

	if (ops == NULL)
		return NULL;
	if ((w = calloc(1, sizeof *w)) == NULL)
		return NULL;
	if ((w->rp = bg_replay_new()) == NULL ||
	    (ops->size > 0 && (w->fs = calloc(1, ops->size)) == NULL)) {
		bg_replay_free(w->rp);
		free(w);
		return NULL;
	}
	w->format = f;
	bg_ruleset_init(&w->stated);
	w->write = write;
	w->ctx = ctx;
	return w;
}

void
bg_writer_free(bg_writer *w)
{
	if (w == NULL)
		return;
	bg_replay_free(w->rp);
	free(w->tags);
	diaglist_free(&w->dl);
	free(w->out);
	free(w->wr);
	free(w->fs);
	free(w);
}

int
bg_writer_set_style(bg_writer *w, bg_style st)
{
	if (w == NULL || w->format != BG_FORMAT_MAT ||
	    (st != BG_STYLE_GNUBG && st != BG_STYLE_XG))
		return -BG_EINVAL;
	fmt_mat_set_style(w, st);
	return 0;
}

int
bg_writer_set_game(bg_writer *w, int n)
{
	if (w == NULL || w->format != BG_FORMAT_GAM || n < 0)
		return -BG_EINVAL;
	w->only = n;
	return 0;
}

int
bg_writer_set_rules(bg_writer *w, const bg_ruleset *rs)
{
	if (w == NULL)
		return -BG_EINVAL;
	if (rs != NULL)
		w->stated = *rs;
	else
		bg_ruleset_init(&w->stated);
	bg_replay_set_rules(w->rp, rs);
	return 0;
}

/* Return the tag key that stated rule k is written as, and set its value. */
static const char *
stated_tag(bg_writer *w, int k, int length, const char **value)
{
	static const char *const titles[BG_VARIANT_COUNT] = {
		"Backgammon", "NackGammon", "HyperGammon (1)",
		"HyperGammon (2)", "HyperGammon (3)", "Tavla"
	};
	const bg_ruleset *rs = &w->stated;
	char *buf = w->tagval[k];

	*value = buf;
	switch (k) {
	case 0:
		if (bg_variant_get(rs->variant) == NULL)
			return NULL;
		*value = titles[rs->variant];
		return "Variation";
	case 1:
		if (rs->crawford < 0 || length <= 0)
			return NULL;
		*value = rs->crawford ? "On" : "Off";
		return "Crawford";
	case 2:
		if (rs->holland < 0 || length <= 0)
			return NULL;
		*value = rs->holland ? "On" : "Off";
		return "Holland";
	case 3:
		if (rs->jacoby < 0 || length != 0)
			return NULL;
		*value = rs->jacoby ? "On" : "Off";
		return "Jacoby";
	case 4:
		if (rs->beavers < 0 || length != 0)
			return NULL;
		if (rs->beavers == 0 || rs->beavers >= 1 << 20)
			*value = rs->beavers ? "On" : "Off";
		else
			snprintf(buf, sizeof w->tagval[k], "%d", rs->beavers);
		return "Beaver";
	case 5:
		if (rs->autodoubles < 0 || length != 0)
			return NULL;
		snprintf(buf, sizeof w->tagval[k], "%d", rs->autodoubles);
		return "AutomaticDoubles";
	case 6:
		/*
		 * A game without a cube has a cube limit of 1, as
		 * RU[NoCube] reads.
		 */
		if (rs->cube == 0)
			snprintf(buf, sizeof w->tagval[k], "1");
		else if (rs->cubelimit > 0)
			snprintf(buf, sizeof w->tagval[k], "%d", rs->cubelimit);
		else
			return NULL;
		return "CubeLimit";
	}
	return NULL;
}

/* Build w->tags for match m. */
static int
make_tags(bg_writer *w, const bg_match *m)
{
	const char *key[7], *val[7];
	size_t i, n = bg_match_tag_count(m);
	int k, j, nk = 0;

	for (k = 0; k < 7; k++)
		if ((key[nk] = stated_tag(w, k, bg_match_length(m),
		    &val[nk])) != NULL)
			nk++;
	if (n + (size_t)nk > w->captags) {
		struct wtag *t = realloc(w->tags, (n + 7) * sizeof *t);

		if (t == NULL)
			return -BG_ENOMEM;
		w->tags = t;
		w->captags = n + 7;
	}
	w->ntags = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < nk; j++)
			if (strcasecmp(bg_match_tag_key(m, i), key[j]) == 0)
				break;
		if (j < nk)
			continue;	/* the rule the caller stated wins */
		w->tags[w->ntags].key = bg_match_tag_key(m, i);
		w->tags[w->ntags++].value = bg_match_tag_value(m, i);
	}
	for (j = 0; j < nk; j++) {
		w->tags[w->ntags].key = key[j];
		w->tags[w->ntags++].value = val[j];
	}
	return 0;
}

size_t
fmt_tag_count(const bg_writer *w)
{
	return w->ntags;
}

const char *
fmt_tag_key(const bg_writer *w, size_t i)
{
	return i < w->ntags ? w->tags[i].key : NULL;
}

const char *
fmt_tag_value(const bg_writer *w, size_t i)
{
	return i < w->ntags ? w->tags[i].value : NULL;
}

const char *
fmt_tag(const bg_writer *w, const char *key)
{
	size_t i;

	for (i = 0; i < w->ntags; i++)
		if (strcasecmp(w->tags[i].key, key) == 0)
			return w->tags[i].value;
	return NULL;
}

static int
end_match(bg_writer *w)
{
	int rc = 0;

	if (w->m == NULL)
		return 0;
	rc = wfmt(w->format)->end(w);
	w->m = NULL;
	w->g = NULL;
	flush(w);
	return rc < 0 ? rc : w->err;
}

int
bg_writer_match(bg_writer *w, const bg_match *m)
{
	int rc;

	if (w == NULL || m == NULL)
		return -BG_EINVAL;
	w->dl.n = 0;
	if ((rc = end_match(w)) < 0)
		return rc;
	w->m = m;
	w->g = NULL;
	w->games = 0;
	w->matches++;
	bg_replay_set_callback(w->rp, NULL, NULL);
	bg_replay_match(w->rp, m);
	if ((rc = make_tags(w, m)) < 0)
		return w->err = rc;
	rc = wfmt(w->format)->match(w);
	return rc < 0 ? rc : w->err;
}

/* Keep the replay's position after each action, with its record. */
static void
position(void *ctx, const bg_replay_pos *pos)
{
	bg_writer *w = ctx;
	struct wrec *r;
	size_t i;

	if (pos->rec == NULL) {
		w->start = pos->board;
		w->startms = pos->ms;
		return;
	}
	i = (size_t)(pos->rec - bg_game_record(w->g, 0));
	if (i >= bg_game_record_count(w->g))
		return;
	r = &w->wr[i];
	r->pos = 1;
	r->turn = pos->turn;
	r->played = pos->played;
	r->lost = pos->lost;
	r->play = pos->play;
	r->after = pos->board;
	r->ms = pos->ms;
}

int
bg_writer_game(bg_writer *w, const bg_game *g)
{
	size_t n;
	int rc;

	if (w == NULL || g == NULL || w->m == NULL)
		return -BG_EINVAL;
	w->dl.n = 0;
	if (w->err)
		return w->err;
	n = bg_game_record_count(g);
	if (n > w->capwr) {
		struct wrec *p = realloc(w->wr, n * sizeof *p);

		if (p == NULL)
			return w->err = -BG_ENOMEM;
		w->wr = p;
		w->capwr = n;
	}
	if (n > 0)
		memset(w->wr, 0, n * sizeof *w->wr);
	w->g = g;
	if (w->only > 0 && ++w->ngames != w->only) {
		/*
		 * This is not the game asked for: it is replayed only for
		 * the score.
		 */
		if ((rc = bg_replay_game(w->rp, g)) < 0)
			return w->err = rc;
		return w->err;
	}
	if (w->only == 0)
		w->ngames++;
	bg_replay_set_callback(w->rp, position, w);
	rc = bg_replay_game(w->rp, g);
	bg_replay_set_callback(w->rp, NULL, NULL);
	if (rc < 0)
		return w->err = rc;
	rc = wfmt(w->format)->game(w);
	/* Only JSON holds the analysis of a position text export. */
	if ((n = bg_game_analysis_count(g)) > 0 && w->format != BG_FORMAT_JSON)
		fmt_lost(w, NULL, "the analysis of the position (%zu %s)", n,
		    bg_game_analysis(g, 0)->kind == BG_ANALYSIS_CUBE ?
		    "cube decision" : n == 1 ? "play" : "plays");
	w->games++;
	w->written++;
	if (w->olen >= FLUSHAT / 4)
		flush(w);
	return rc < 0 ? rc : w->err;
}

int
bg_writer_end(bg_writer *w)
{
	if (w == NULL)
		return -BG_EINVAL;
	w->dl.n = 0;
	return end_match(w);
}

size_t
bg_writer_diag_count(const bg_writer *w)
{
	return w ? w->dl.n : 0;
}

const bg_diag *
bg_writer_diag(const bg_writer *w, size_t i)
{
	return w && i < w->dl.n ? &w->dl.d[i] : NULL;
}
