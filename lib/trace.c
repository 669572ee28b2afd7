/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * trace.c: a record as the list of its canonical actions, each with its
 * place in the file and its text as written (bg_trace_new(3)), and the
 * alignment of two such lists game by game and action by action that
 * bgdiff(1) prints.  The canonical lines are those of the fingerprints
 * (bgkit-fingerprint(7)), so what a format cannot hold or writes its own
 * way does not tell two records apart.
 */
#include <stdio.h>
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
	char		**pool;		/* the players' names, each once */
	size_t		 npool;
	const char	*(*who)[2];	/* each game's players, from pool */
	size_t		 nwho;
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
		free((void *)t->e[i].play);
	}
	for (i = 0; i < t->nfile; i++)
		free(t->file[i]);
	for (i = 0; i < t->npool; i++)
		free(t->pool[i]);
	free(t->pool);
	free(t->who);
	free(t->file);
	free(t->e);
	free(t);
}

/* Return a copy of s[0..len) with a NUL, or NULL when memory runs out. */
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

/* Add one more entry; NULL when memory runs out, and t->err is set. */
static bg_trace_entry *
add_action(bg_trace *t, const char *canon, const char *text, size_t tlen,
    const char *play, int line, int turn)
{
	bg_trace_entry *e;
	char *c, *x, *y;

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
	y = copy(play, strlen(play));
	if (c == NULL || x == NULL || y == NULL) {
		free(c);
		free(x);
		free(y);
		t->err = -BG_ENOMEM;
		return NULL;
	}
	e->canon = c;
	e->text = x;
	e->play = y;
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

	/*
	 * Keep the file's name, or the archive member's, once for all its
	 * entries.
	 */
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
	add_action(t, buf, "", 0, "", m ? bg_match_line(m) : 0, -1);
	return t->err;
}

void
bg_trace_pos(void *ctx, const bg_replay_pos *pos)
{
	bg_trace *t = ctx;
	const bg_record *r = pos->rec;
	char buf[256], play[64] = "";

	if (pos->turn == 0) {
		t->games++;
		t->gstart = t->n;
	}
	if (bg_fingerprint_line(buf, sizeof buf, pos) <= 0)
		return;
	/*
	 * Count a play as the fingerprint does: one the replay made, on a
	 * board it followed.
	 */
	if (r != NULL && r->kind == BG_REC_MOVE && pos->played && !pos->lost &&
	    bg_play_format(play, sizeof play, &pos->play,
	    BG_STYLE_GNUBG) >= (int)sizeof play)
		play[0] = '\0';
	add_action(t, buf, r && r->text ? r->text : "",
	    r && r->text ? r->len : 0, play, r ? r->line : 0, pos->turn);
}

/*
 * Keep s once in t's pool, since the same names come game after game,
 * and return the pool's copy.
 */
static const char *
intern(bg_trace *t, const char *s)
{
	char **p;
	size_t i;

	for (i = t->npool; i > 0 && i + 2 > t->npool; i--)
		if (strcmp(t->pool[i - 1], s) == 0)
			return t->pool[i - 1];
	if ((p = realloc(t->pool, (t->npool + 1) * sizeof *p)) == NULL)
		return NULL;
	t->pool = p;
	if ((p[t->npool] = copy(s, strlen(s))) == NULL)
		return NULL;
	return p[t->npool++];
}

/* Keep the players of the game just read, for bg_trace_describe(). */
static int
players(bg_trace *t, const bg_pipeline *p)
{
	const char *(*w)[2];
	size_t g = t->games > 0 ? (size_t)t->games : 1;
	int s;

	if (g > t->nwho) {
		if ((w = realloc(t->who, g * sizeof *w)) == NULL)
			return t->err = -BG_ENOMEM;
		memset(w + t->nwho, 0, (g - t->nwho) * sizeof *w);
		t->who = w;
		t->nwho = g;
	}
	for (s = 0; s < 2; s++)
		if ((t->who[g - 1][s] = intern(t,
		    bg_pipeline_game_player(p, s))) == NULL)
			return t->err = -BG_ENOMEM;
	return 0;
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
	add_action(t, buf, "", 0, "", r ? r->line : g ? bg_game_line(g) : 0, -1);
	if (!t->err)
		players(t, p);
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

/*
 * Return the first entry after i that belongs to another game or to a
 * match, or t->n when there is none.
 */
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

/* Return the name of side s in game g, or "\"\"" when it has none. */
static const char *
who(const bg_trace *t, int g, int s)
{
	const char *n = g > 0 && (size_t)g <= t->nwho && (s == 0 || s == 1) ?
	    t->who[g - 1][s] : NULL;

	return n != NULL && *n != '\0' ? n : "\"\"";
}

/* Write the words of a result line, "result W HOW LEVEL POINTS". */
static int
result(char *buf, size_t size, const bg_trace *t, const bg_trace_entry *e)
{
	static const char *const level[] = { "single game", "gammon",
	    "backgammon" };
	char how[16];
	int w, lv, pts;

	if (sscanf(e->canon, "result %d %15s %d %d", &w, how, &lv, &pts) != 4)
		return snprintf(buf, size, "the game has no result");
	if (lv < 1 || lv > 3)
		return snprintf(buf, size, "%s wins %d point%s, double dropped",
		    who(t, e->game, w), pts, pts == 1 ? "" : "s");
	return snprintf(buf, size, "%s wins %d point%s, %s%s",
	    who(t, e->game, w), pts, pts == 1 ? "" : "s", level[lv - 1],
	    strcmp(how, "resign") == 0 ? " by resignation" : "");
}

/* Write the words of a move line, "move S DD ID" or "move S DD ? [TEXT]". */
static int
move(char *buf, size_t size, const bg_trace *t, const bg_trace_entry *e)
{
	const char *n;
	char dice[3];
	int s, k = 0;

	if (sscanf(e->canon, "move %d %2s %n", &s, dice, &k) < 2 || k == 0)
		return snprintf(buf, size, "%s", e->canon);
	n = who(t, e->game, s);
	if (strcmp(e->canon + k, "?") == 0)
		return snprintf(buf, size, "%s rolls %s, the play unreadable",
		    n, dice);
	if (strcmp(e->canon + k, "? none") == 0)
		return snprintf(buf, size, "%s rolls %s, no play written", n,
		    dice);
	if (strncmp(e->canon + k, "? ", 2) == 0)
		return snprintf(buf, size, "%s rolls %s and writes %s, which "
		    "the replay cannot play", n, dice, e->canon + k + 2);
	if (*e->play == '\0')
		return snprintf(buf, size, "%s rolls %s and cannot move", n,
		    dice);
	return snprintf(buf, size, "%s rolls %s and plays %s", n, dice,
	    e->play);
}

int
bg_trace_describe(char *buf, size_t size, const bg_trace *t, size_t i)
{
	static const char *const act[][2] = {
		{ "double", "doubles" }, { "take", "takes" },
		{ "drop", "drops" }, { "beaver", "beavers" },
		{ "raccoon", "raccoons" }, { "resign", "resigns" }
	};
	const bg_trace_entry *e = bg_trace_get(t, i);
	char w[16], id[32], len[32];
	size_t k;
	int a, b;

	if (e == NULL)
		return snprintf(buf, size, "the file ends");
	if (sscanf(e->canon, "match %d %15s", &a, w) == 2) {
		if (a > 0)
			snprintf(len, sizeof len, "a %d-point match", a);
		else
			snprintf(len, sizeof len, a == 0 ? "a money session" :
			    "a match of unknown length");
		return snprintf(buf, size, "%s%s%s", len,
		    strcmp(w, "standard") ? " of " : "",
		    strcmp(w, "standard") ? w : "");
	}
	if (sscanf(e->canon, "start %31s %d", id, &a) == 2) {
		if (a < 2)
			return snprintf(buf, size, "the game starts from %s",
			    id);
		return snprintf(buf, size, "the game starts from %s, the cube "
		    "at %d", id, a);
	}
	if (strncmp(e->canon, "move ", 5) == 0)
		return move(buf, size, t, e);
	if (strncmp(e->canon, "result ", 7) == 0)
		return result(buf, size, t, e);
	if (sscanf(e->canon, "setpos %31s", id) == 1)
		return snprintf(buf, size, "the position is set to %s", id);
	if (sscanf(e->canon, "illegal %d", &a) == 1)
		return snprintf(buf, size, "an illegal play of %s, as Snowie "
		    "records one", who(t, e->game, a));
	for (k = 0; k < sizeof act / sizeof act[0]; k++)
		if (sscanf(e->canon, "%15s %d", w, &b) == 2 &&
		    strcmp(w, act[k][0]) == 0)
			return snprintf(buf, size, "%s %s",
			    who(t, e->game, b), act[k][1]);
	return snprintf(buf, size, "%s", e->canon);
}
