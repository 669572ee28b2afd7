/*
 * trace.c: a record as the list of its canonical actions, each with its
 * place in the file and its text as written (bg_trace_new(3)), and the
 * alignment of two such lists game by game and action by action that
 * bgdiff(1) prints.  The canonical lines are those of the fingerprints
 * (bgkit-fingerprint(7)), so what a format cannot hold or writes its own
 * way does not tell two records apart.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

struct bg_trace {
	bg_trace_entry	*e;
	size_t		 n, cap;
	size_t		 gstart;	/* the current game's first entry */
	int		 games;
	int		 err;		/* -BG_ENOMEM once memory ran out */
	char		**file;		/* the names the entries point to */
	size_t		 nfile;
};

bg_trace *
bg_trace_new(void)
{
	return calloc(1, sizeof(bg_trace));
}

void
bg_trace_free(bg_trace *t)
{
	size_t i;

	if (t == NULL)
		return;
	for (i = 0; i < t->n; i++) {
		free((void *)t->e[i].canon);
		free((void *)t->e[i].text);
	}
	for (i = 0; i < t->nfile; i++)
		free(t->file[i]);
	free(t->file);
	free(t->e);
	free(t);
}

/* A copy of s[0..len) with a NUL. */
static char *
copy(const char *s, size_t len)
{
	char *p = malloc(len + 1);

	if (p != NULL) {
		memcpy(p, s, len);
		p[len] = '\0';
	}
	return p;
}

/* One more entry; NULL when memory is short (t->err set). */
static bg_trace_entry *
add(bg_trace *t, const char *canon, const char *text, size_t tlen,
    int line, int turn)
{
	bg_trace_entry *e;
	char *c, *x;

	if (t->err)
		return NULL;
	if (t->n == t->cap) {
		size_t cap = t->cap ? 2 * t->cap : 256;

		if ((e = realloc(t->e, cap * sizeof *e)) == NULL) {
			t->err = -BG_ENOMEM;
			return NULL;
		}
		t->e = e;
		t->cap = cap;
	}
	e = &t->e[t->n];
	e->game = t->games;
	e->turn = turn;
	e->line = line;
	e->file = t->nfile ? t->file[t->nfile - 1] : NULL;
	c = copy(canon, strlen(canon));
	x = copy(text, tlen);
	if (c == NULL || x == NULL) {
		free(c);
		free(x);
		t->err = -BG_ENOMEM;
		return NULL;
	}
	e->canon = c;
	e->text = x;
	t->n++;
	return e;
}

int
bg_trace_match(bg_trace *t, const bg_pipeline *p)
{
	const bg_match *m = bg_pipeline_match(p);
	const bg_variant_info *vi =
	    bg_variant_get(bg_replay_variant(bg_pipeline_replay(p)));
	const char *name = bg_pipeline_name(p);
	char buf[64], **f;

	/* The file's name, or the archive member's, once for its entries. */
	if (!t->err && (t->nfile == 0 ||
	    strcmp(t->file[t->nfile - 1], name) != 0)) {
		if ((f = realloc(t->file, (t->nfile + 1) * sizeof *f)) == NULL ||
		    (f[t->nfile] = copy(name, strlen(name))) == NULL) {
			if (f != NULL)
				t->file = f;
			t->err = -BG_ENOMEM;
			return t->err;
		}
		t->file = f;
		t->nfile++;
	}
	snprintf(buf, sizeof buf, "match %d %s", m ? bg_match_length(m) : 0,
	    vi ? vi->name : "standard");
	add(t, buf, "", 0, m ? bg_match_line(m) : 0, -1);
	return t->err;
}

void
bg_trace_pos(void *ctx, const bg_replay_pos *pos)
{
	bg_trace *t = ctx;
	const bg_record *r = pos->rec;
	char buf[256];

	if (pos->turn == 0) {
		t->games++;
		t->gstart = t->n;
	}
	if (bg_fingerprint_line(buf, sizeof buf, pos) <= 0)
		return;
	add(t, buf, r && r->text ? r->text : "", r && r->text ? r->len : 0,
	    r ? r->line : 0, pos->turn);
}

int
bg_trace_game(bg_trace *t, const bg_pipeline *p)
{
	const bg_game *g = bg_pipeline_game(p);
	const bg_record *r;
	size_t n = g ? bg_game_record_count(g) : 0;
	char buf[128];

	if (t->err)
		return t->err;
	if (t->gstart < t->n && t->e[t->gstart].line == 0 && g != NULL)
		t->e[t->gstart].line = bg_game_line(g);
	r = n > 0 ? bg_game_record(g, n - 1) : NULL;
	bg_fingerprint_result(buf, sizeof buf, bg_pipeline_result(p));
	add(t, buf, "", 0, r ? r->line : g ? bg_game_line(g) : 0, -1);
	return t->err;
}

size_t
bg_trace_count(const bg_trace *t)
{
	return t->n;
}

const bg_trace_entry *
bg_trace_get(const bg_trace *t, size_t i)
{
	return i < t->n ? &t->e[i] : NULL;
}

int
bg_trace_diff(const bg_trace *a, const bg_trace *b, size_t *ia, size_t *ib)
{
	while (*ia < a->n && *ib < b->n &&
	    strcmp(a->e[*ia].canon, b->e[*ib].canon) == 0) {
		++*ia;
		++*ib;
	}
	return *ia < a->n || *ib < b->n;
}

/* The first entry after i of another game or of a match, or t->n. */
static size_t
next_game(const bg_trace *t, size_t i)
{
	int g;

	if (i >= t->n)
		return i;
	for (g = t->e[i].game, i++; i < t->n; i++)
		if (t->e[i].game != g ||
		    strncmp(t->e[i].canon, "match ", 6) == 0)
			break;
	return i;
}

void
bg_trace_skip(const bg_trace *a, const bg_trace *b, size_t *ia, size_t *ib)
{
	*ia = next_game(a, *ia);
	*ib = next_game(b, *ib);
}
