/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * analyse.c: records analysed by GNU Backgammon (bg_analyse_new(3)).
 * Each input read by a pipeline is written as SGF into memory, cut into
 * its games (one SGF tree each: gnubg's SGF starts every game with its
 * score and the match length), each game named by its fingerprint; the
 * games gnubg analyses (analyse_run.c) or the cache holds are put
 * together again in order, each input one SGF text.  The cache keeps
 * gnubg's SGF of a game under its fingerprint and the SHA-256 of the
 * settings and the game's SGF, so a game written otherwise (other names,
 * another score) or analysed otherwise is another entry.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <nettle/sha2.h>

#include "bgkit.h"
#include "analyse_int.h"

void
bg_analyse_opts_init(bg_analyse_opts *o)
{
	memset(o, 0, sizeof *o);
	o->gnubg = "gnubg";
	o->tmpdir = "/tmp";
	o->jobs = 1;
	o->timeout = 300;
	o->players = 3;
	o->rollout_what = BG_ROLLOUT_PLAYS | BG_ROLLOUT_CUBES;
	o->rollout_moves = 3;
}

/*
 * gnubg's named levels, as its manual's "Predefined settings" define
 * them: the plies, the noise (deterministic, so that a run repeats), the
 * pruning nets, and the move filter of the deeper ones (1: "Normal", 2:
 * "Large"), in the order of bg_analyse_level()'s numbers.
 */
static const struct level {
	const char	*name;
	int		 plies;
	const char	*noise;
	int		 prune, filter;
} levels[] = {
	{ "beginner", 0, "0.060", 0, 0 },
	{ "casual", 0, "0.050", 0, 0 },
	{ "intermediate", 0, "0.030", 0, 0 },
	{ "advanced", 0, "0.015", 0, 0 },
	{ "expert", 0, "0", 0, 0 },
	{ "worldclass", 2, "0", 1, 1 },
	{ "supremo", 2, "0", 1, 2 },
	{ "grandmaster", 3, "0", 1, 2 },
};

#define NLEVELS ((int)(sizeof levels / sizeof levels[0]))

int
bg_analyse_level(const char *name)
{
	int i;

	for (i = 0; name != NULL && i < NLEVELS; i++)
		if (strcmp(name, levels[i].name) == 0)
			return i + 1;
	return -BG_EINVAL;
}

/*
 * Write gnubg's commands for level l (counted from 1) into buf.  They
 * set both kinds of decision to the level's plies, noise and pruning,
 * and, for 1 to 3 plies, the move filter of each sub-ply, in the form
 * "set analysis movefilter PLY SUBPLY ACCEPT EXTRA THRESHOLD" (an ACCEPT
 * of -1 means no pruning at that sub-ply).
 */
static int
level_settings(char *buf, size_t size, int l)
{
	static const char *const kind[] = { "chequerplay", "cubedecision" };
	static const char *const filter[] = { "0 8 0.16", "0 16 0.32" };
	static const char *const deep[] = { "0 2 0.04", "0 4 0.08" };
	const struct level *v = &levels[l - 1];
	size_t n = 0;
	int k, ply;

	for (k = 0; k < 2; k++)
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0,
		    "set analysis %s evaluation plies %d\n"
		    "set analysis %s evaluation noise %s\n"
		    "set analysis %s evaluation deterministic on\n"
		    "set analysis %s evaluation prune %s\n", kind[k],
		    v->plies, kind[k], v->noise, kind[k], kind[k],
		    v->prune ? "on" : "off");
	for (ply = 1; v->filter > 0 && ply <= 3; ply++) {
		n += (size_t)snprintf(buf + n, n < size ? size - n : 0,
		    "set analysis movefilter %d 0 %s\n", ply,
		    filter[v->filter - 1]);
		if (ply >= 2)
			n += (size_t)snprintf(buf + n, n < size ? size - n :
			    0, "set analysis movefilter %d 1 -1 0 0\n", ply);
		if (ply == 3)
			n += (size_t)snprintf(buf + n, n < size ? size - n :
			    0, "set analysis movefilter 3 2 %s\n",
			    deep[v->filter - 1]);
	}
	return (int)n;
}

/*
 * Write into buf the commands that set gnubg's rollouts up (set rollout
 * ...: the settings its commands "analyse rollout cube" and "analyse
 * rollout move N" use).  The rollout's games are played at the
 * analysis's plies (the level's, with --level), cubeful, as are its
 * evaluations where it is truncated; the rest (the variance reduction,
 * the quasi-random dice, the bear-off truncation) is gnubg's default.
 */
static int
rollout_settings(char *buf, size_t size, const bg_analyse_opts *o)
{
	static const char *const kind[] = { "chequerplay", "cubedecision" };
	int plies[2], k, n;

	plies[0] = o->level > 0 ? levels[o->level - 1].plies : o->plies;
	plies[1] = o->level > 0 ? levels[o->level - 1].plies : o->cube_plies;
	n = snprintf(buf, size, "set rollout trials %d\n"
	    "set rollout seed %ld\nset rollout cubeful on\n"
	    "set rollout truncation enable %s\n", o->rollout, o->seed,
	    o->truncation > 0 ? "on" : "off");
	if (o->truncation > 0)
		n += snprintf(buf + n, (size_t)n < size ? size - (size_t)n : 0,
		    "set rollout truncation plies %d\n", o->truncation);
	for (k = 0; k < 4; k++)
		n += snprintf(buf + n, (size_t)n < size ? size - (size_t)n : 0,
		    "set rollout %s%s plies %d\nset rollout %s%s cubeful on\n",
		    k < 2 ? "" : "truncation ", kind[k % 2], plies[k % 2],
		    k < 2 ? "" : "truncation ", kind[k % 2]);
	return n;
}

int
bg_analyse_settings(char *buf, size_t size, const bg_analyse_opts *o)
{
	char off[80] = "", eval[1024], ro[1024] = "";
	size_t n;
	int s;

	/* gnubg's player s is bgkit's side s (PW, the left of a .mat). */
	for (s = 0; s < 2; s++)
		if (!(o->players & (1 << s))) {
			n = strlen(off);
			snprintf(off + n, sizeof off - n,
			    "set analysis player %d analyse off\n", s);
		}
	if (o->level > 0 && o->level <= NLEVELS)
		level_settings(eval, sizeof eval, o->level);
	else
		snprintf(eval, sizeof eval,
		    "set analysis chequerplay evaluation plies %d\n"
		    "set analysis chequerplay evaluation noise 0\n"
		    "set analysis cubedecision evaluation plies %d\n"
		    "set analysis cubedecision evaluation noise 0\n",
		    o->plies, o->cube_plies);
	if (o->rollout > 0)
		rollout_settings(ro, sizeof ro, o);
	return snprintf(buf, size, "%s%s%s", eval, ro, off);
}

/*
 * Return the commands gnubg is given at each move of a game after its
 * analysis, for the caller to free (NULL without a rollout, or when
 * memory runs out): roll the cube decision out, then each of the best
 * rollout_moves candidates of the play, one command each (gnubg refuses
 * a command that names more candidates than the play has legal moves,
 * and one candidate at a time the others are rolled out all the same),
 * then step to the next move.
 */
static char *
walk(const bg_analyse_opts *o)
{
	size_t size = 64 + 32 * (size_t)o->rollout_moves, n = 0;
	char *w;
	int k;

	if (o->rollout <= 0 || (w = malloc(size)) == NULL)
		return NULL;
	w[0] = '\0';
	if (o->rollout_what & BG_ROLLOUT_CUBES)
		n += (size_t)snprintf(w + n, size - n, "analyse rollout cube\n");
	for (k = 1; (o->rollout_what & BG_ROLLOUT_PLAYS) &&
	    k <= o->rollout_moves; k++)
		n += (size_t)snprintf(w + n, size - n,
		    "analyse rollout move %d\n", k);
	snprintf(w + n, size - n, "next\n");
	return w;
}

static char *
copy(const char *s)
{
	return s != NULL ? strdup(s) : NULL;
}

bg_analyse *
bg_analyse_new(const bg_analyse_opts *o)
{
	bg_analyse *a;

	if (o->plies < 0 || o->plies > 7 || o->cube_plies < 0 ||
	    o->cube_plies > 7 || o->jobs < 1 || o->timeout < 0 ||
	    o->players < 1 || o->players > 3 || o->level < 0 ||
	    o->level > NLEVELS || o->rollout < 0 ||
	    (o->rollout > 0 && (o->rollout_what < 1 ||
	    o->rollout_what > 3 || o->rollout_moves < 1)) ||
	    o->truncation < 0 || o->seed < 0 ||
	    o->seed > 2147483647L ||
	    o->gnubg == NULL || o->tmpdir == NULL)
		return NULL;
	if ((a = calloc(1, sizeof *a)) == NULL)
		return NULL;
	a->o = *o;
	a->gnubg = copy(o->gnubg);
	a->tmpdir = copy(o->tmpdir);
	a->cache = copy(o->cache);
	a->fp = bg_fingerprint_new();
	a->walk = walk(o);
	if (a->gnubg == NULL || a->tmpdir == NULL || a->fp == NULL ||
	    (o->rollout > 0 && a->walk == NULL) ||
	    (o->cache != NULL && a->cache == NULL)) {
		bg_analyse_free(a);
		return NULL;
	}
	bg_analyse_settings(a->settings, sizeof a->settings, o);
	return a;
}

void
bg_analyse_free(bg_analyse *a)
{
	size_t i;

	if (a == NULL)
		return;
	for (i = 0; i < a->nin; i++) {
		free(a->in[i].name);
		free(a->in[i].sgf);
		free(a->in[i].result);
	}
	for (i = 0; i < a->ng; i++)
		free(a->g[i].out);
	free(a->in);
	free(a->g);
	bg_writer_free(a->w);
	bg_fingerprint_free(a->fp);
	free(a->gnubg);
	free(a->tmpdir);
	free(a->cache);
	free(a->walk);
	free(a);
}

/* Make room for one more element in *pp, an array of n elements of size
 * sz with room for *cap, doubling it when it is full. */
static int
grow(void *pp, size_t *cap, size_t n, size_t sz)
{
	void **p = pp, *q;
	size_t c = *cap ? *cap * 2 : 8;

	if (n < *cap)
		return 0;
	if ((q = realloc(*p, c * sz)) == NULL)
		return -BG_ENOMEM;
	*p = q;
	*cap = c;
	return 0;
}

/* The writer's bg_write_fn: it appends to the current input's SGF. */
static long
keep(void *ctx, const char *buf, size_t n)
{
	bg_analyse *a = ctx;
	struct an_input *in = &a->in[a->nin - 1];
	size_t c = in->cap ? in->cap : 4096;
	char *p;

	while (c < in->len + n + 1)
		c *= 2;
	if (c != in->cap) {
		if ((p = realloc(in->sgf, c)) == NULL) {
			a->werr = 1;
			return -1;
		}
		in->sgf = p;
		in->cap = c;
	}
	memcpy(in->sgf + in->len, buf, n);
	in->len += n;
	in->sgf[in->len] = '\0';
	return (long)n;
}

int
bg_analyse_attach(bg_analyse *a, bg_pipeline *p, const bg_ruleset *rs)
{
	struct an_input *in;

	if (grow(&a->in, &a->capin, a->nin, sizeof *a->in) < 0)
		return -BG_ENOMEM;
	bg_writer_free(a->w);
	if ((a->w = bg_writer_new(BG_FORMAT_SGF, keep, a)) == NULL)
		return -BG_ENOMEM;
	if (rs != NULL) {
		bg_writer_set_rules(a->w, rs);
		a->rules = *rs;
		a->has_rules = 1;
	}
	in = &a->in[a->nin++];
	memset(in, 0, sizeof *in);
	in->first = a->ng;
	a->werr = 0;
	bg_pipeline_set_writer(p, a->w);
	bg_pipeline_set_callback(p, bg_fingerprint_pos, a->fp);
	return 0;
}

int
bg_analyse_event(bg_analyse *a, const bg_pipeline *p, int ev)
{
	const bg_match *m = bg_pipeline_match(p);
	struct an_game *g;
	char hex[65];

	if (ev == BG_PIPE_MATCH)
		bg_fingerprint_start(a->fp, m != NULL ? bg_match_length(m) :
		    0, bg_replay_variant(bg_pipeline_replay(p)));
	else if (ev == BG_PIPE_MATCH_END)
		bg_fingerprint_end(a->fp, hex);
	if (ev != BG_PIPE_GAME)
		return 0;
	if (grow(&a->g, &a->capg, a->ng, sizeof *a->g) < 0)
		return -BG_ENOMEM;
	g = &a->g[a->ng++];
	memset(g, 0, sizeof *g);
	g->input = (int)a->nin - 1;
	g->res.input = g->input;
	g->res.game = (int)(a->ng - a->in[g->input].first);
	g->res.line = bg_pipeline_game(p) ? bg_game_line(bg_pipeline_game(p)) :
	    0;
	g->res.why = "";
	bg_fingerprint_game(a->fp, bg_pipeline_result(p), g->fp);
	return 0;
}

/*
 * Find the end of the SGF tree that starts with the '(' at s[i]: return
 * the index just past its closing ')', or n when it does not end.  A
 * value ("[...]", in which '\\' escapes) may hold any bracket.
 */
static size_t
tree_end(const char *s, size_t i, size_t n)
{
	int depth = 0, val = 0;

	for (; i < n; i++) {
		if (val) {
			if (s[i] == '\\' && i + 1 < n)
				i++;
			else if (s[i] == ']')
				val = 0;
		} else if (s[i] == '[')
			val = 1;
		else if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && --depth == 0)
			return i + 1;
	}
	return n;
}

/* Set the cache key of g: the SHA-256 of the settings, the commands of
 * each move's rollouts and the game's SGF. */
static void
key(const bg_analyse *a, struct an_game *g)
{
	static const char dig[] = "0123456789abcdef";
	struct sha256_ctx s;
	uint8_t d[SHA256_DIGEST_SIZE];
	int i;

	sha256_init(&s);
	sha256_update(&s, strlen(a->settings), (const uint8_t *)a->settings);
	if (a->walk != NULL)
		sha256_update(&s, strlen(a->walk), (const uint8_t *)a->walk);
	sha256_update(&s, g->inlen, (const uint8_t *)g->in);
	sha256_digest(&s, sizeof d, d);
	for (i = 0; i < SHA256_DIGEST_SIZE; i++) {
		g->key[2 * i] = dig[d[i] >> 4];
		g->key[2 * i + 1] = dig[d[i] & 0xf];
	}
	g->key[2 * SHA256_DIGEST_SIZE] = '\0';
}

int
bg_analyse_input(bg_analyse *a, const char *name, int keep)
{
	struct an_input *in;
	size_t i = 0, e, k;

	if (a->nin == 0)
		return -BG_EINVAL;
	in = &a->in[a->nin - 1];
	if (!keep || a->werr) {
		a->ng = in->first;
		free(in->sgf);
		a->nin--;
		return a->werr ? -BG_ENOMEM : 0;
	}
	if ((in->name = strdup(name ? name : "<stdin>")) == NULL)
		return -BG_ENOMEM;
	in->n = in->left = a->ng - in->first;
	/* Tree k is game k: the writer writes one tree for each game. */
	for (k = 0; k < in->n; k++) {
		while (i < in->len && in->sgf[i] != '(')
			i++;
		if (i == in->len)
			return -BG_EINVAL;
		e = tree_end(in->sgf, i, in->len);
		a->g[in->first + k].res.file = in->name;
		a->g[in->first + k].in = in->sgf + i;
		a->g[in->first + k].inlen = e - i;
		key(a, &a->g[in->first + k]);
		i = e;
	}
	return (int)a->nin - 1;
}

size_t
bg_analyse_count(const bg_analyse *a)
{
	return a->ng;
}

const bg_analysed *
bg_analyse_get(const bg_analyse *a, size_t i)
{
	return i < a->ng ? &a->g[i].res : NULL;
}

/* Return the path of g's file in the cache, for the caller to free;
 * NULL when there is no cache. */
static char *
cache_path(const bg_analyse *a, const struct an_game *g)
{
	size_t n;
	char *p;

	if (a->cache == NULL)
		return NULL;
	n = strlen(a->cache) + 2 * 65 + 8;
	if ((p = malloc(n)) != NULL)
		snprintf(p, n, "%s/%s-%.16s.sgf", a->cache, g->fp, g->key);
	return p;
}

/* Take g's analysis from the cache when the cache holds a sound one. */
static void
cache_get(const bg_analyse *a, struct an_game *g)
{
	char *p = cache_path(a, g), *buf;
	size_t len;

	if (p != NULL && an_slurp(p, &buf, &len) == 0) {
		if (an_check(a, g, buf, len, g->why, sizeof g->why)) {
			g->out = buf;
			g->outlen = len;
			g->res.status = BG_AN_CACHED;
		} else
			free(buf);
	}
	free(p);
}

void
an_cache_put(const bg_analyse *a, const struct an_game *g)
{
	char *p = cache_path(a, g), *tmp = NULL;
	FILE *fp;
	int fd, ok;

	if (p == NULL || (tmp = malloc(strlen(p) + 8)) == NULL)
		goto out;
	(void)mkdir(a->cache, 0777);
	sprintf(tmp, "%s.XXXXXX", p);
	if ((fd = mkstemp(tmp)) < 0)
		goto out;
	if ((fp = fdopen(fd, "w")) == NULL) {
		close(fd);
		unlink(tmp);
		goto out;
	}
	ok = fwrite(g->out, 1, g->outlen, fp) == g->outlen;
	ok &= fflush(fp) == 0 && fsync(fd) == 0;
	if (fclose(fp) != 0 || !ok || rename(tmp, p) != 0)
		unlink(tmp);
out:
	free(tmp);
	free(p);
}

/* Put input in's record together: each game's SGF, in order, taking
 * gnubg's when there is one. */
static int
assemble(bg_analyse *a, struct an_input *in)
{
	const struct an_game *g;
	size_t k, n = 0;
	char *p;

	for (k = 0; k < in->n; k++) {
		g = &a->g[in->first + k];
		n += (g->out ? g->outlen : g->inlen) + 1;
	}
	if ((p = in->result = malloc(n + 1)) == NULL)
		return -BG_ENOMEM;
	for (k = 0; k < in->n; k++) {
		g = &a->g[in->first + k];
		memcpy(p, g->out ? g->out : g->in, g->out ? g->outlen :
		    g->inlen);
		p += g->out ? g->outlen : g->inlen;
		if (p > in->result && p[-1] != '\n')
			*p++ = '\n';
	}
	*p = '\0';
	in->rlen = (size_t)(p - in->result);
	return 0;
}

void
bg_analyse_set_hooks(bg_analyse *a, bg_analyse_ready_fn ready,
    bg_analyse_stop_fn stop, void *ctx)
{
	a->ready = ready;
	a->stop = stop;
	a->hctx = ctx;
}

/*
 * Once none of input k's games is left to analyse, put its record
 * together and tell the ready hook.  When memory runs out, the input has
 * no record (bg_analyse_result() returns NULL), which is how the caller
 * finds out.
 */
static void
settle(bg_analyse *a, size_t k)
{
	struct an_input *in = &a->in[k];

	if (in->left > 0 || in->result != NULL)
		return;
	if (assemble(a, in) == 0 && a->ready != NULL)
		a->ready(a->hctx, k);
}

void
an_ended(bg_analyse *a, size_t i)
{
	struct an_input *in = &a->in[a->g[i].input];

	if (in->left > 0)
		in->left--;
	settle(a, (size_t)a->g[i].input);
}

int
bg_analyse_run(bg_analyse *a, bg_analyse_fn fn, void *ctx)
{
	size_t i;

	for (i = 0; i < a->nin; i++) {
		free(a->in[i].result);
		a->in[i].result = NULL;
	}
	/* First take what the cache holds, and settle the inputs it makes
	 * whole. */
	for (i = 0; i < a->ng; i++)
		if (a->g[i].res.status == BG_AN_PENDING) {
			cache_get(a, &a->g[i]);
			if (a->g[i].res.status != BG_AN_PENDING)
				an_ended(a, i);
		}
	for (i = 0; i < a->nin; i++)
		settle(a, i);
	return an_run(a, fn, ctx);
}

const char *
bg_analyse_result(const bg_analyse *a, size_t i, size_t *len)
{
	if (i >= a->nin || a->in[i].result == NULL)
		return NULL;
	if (len != NULL)
		*len = a->in[i].rlen;
	return a->in[i].result;
}

const char *
bg_analyse_name(const bg_analyse *a, size_t i)
{
	return i < a->nin ? a->in[i].name : NULL;
}
