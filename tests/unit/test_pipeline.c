/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_pipeline.c: unit tests of the pipeline (lib/pipeline.c) and the
 * outputs written through a caller's function (lib/out.c): the events of
 * a small record in order, the reader's and the replay's diagnostics
 * merged in line order and all handed out before the end, the names and
 * counts, a failing source, an input read in pieces of any size, and
 * the text, JSON and CSV forms; a writer
 * on the pipeline (its warnings in the event's list, a dry run saying
 * the same, a failing output), the .gam and Snowie writers (one game
 * chosen, what they cannot hold) and the choice of a position
 * (lib/pick.c).
 */
#include <sys/stat.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "t.h"

/* Game 1 ends with a wrong score line; game 2 has a bad roll and no end. */
static const char rec[] =
    " 3 point match\n"
    "\n"
    " Game 1\n"
    " alice : 0                            bob : 0\n"
    "  1) 31: 8/5 6/5                      Doubles => 2\n"
    "  2)  Drops\n"
    "      Wins 1 point\n"
    "\n"
    " Game 2\n"
    " alice : 0                            bob : 0\n"
    "  1) 77: 8/1\n";

struct buf {
	char	s[4096];
	size_t	n;
	int	fail;
};

static long
put(void *ctx, const char *p, size_t n)
{
	struct buf *b = ctx;

	if (b->fail || b->n + n >= sizeof b->s)
		return -1;
	memcpy(b->s + b->n, p, n);
	b->n += n;
	b->s[b->n] = '\0';
	return (long)n;
}

static long
broken(void *ctx, char *buf, size_t n)
{
	return -1;
}

static void
events(void)
{
	bg_pipeline *p = bg_pipeline_new_mem(rec, sizeof rec - 1, "t.mat");
	int ev, seen[8] = { 0 }, lastline = 0, ordered = 1, n = 0;
	size_t i;

	CHECK(p != NULL);
	while ((ev = bg_pipeline_next(p)) > 0) {
		seen[ev]++;
		for (i = 0; i < bg_pipeline_diag_count(p); i++, n++) {
			if (i > 0 && bg_pipeline_diag(p, i)->line < lastline)
				ordered = 0;
			lastline = bg_pipeline_diag(p, i)->line;
		}
	}
	CHECK_INT(ev, 0);
	CHECK_INT(bg_pipeline_next(p), 0);	/* and stays at the end */
	CHECK_INT(seen[BG_PIPE_MATCH], 1);
	CHECK_INT(seen[BG_PIPE_GAME], 2);
	CHECK_INT(seen[BG_PIPE_MATCH_END], 1);
	CHECK_INT(seen[BG_PIPE_END], 1);
	CHECK(ordered);
	CHECK(n > 0);
	CHECK_INT(n, bg_pipeline_count(p)->errors +
	    bg_pipeline_count(p)->warnings);
	CHECK_INT(bg_pipeline_count(p)->games, 2);
	CHECK_INT(bg_pipeline_count(p)->matches, 1);
	CHECK_STR(bg_pipeline_player(p, 0), "alice");
	CHECK_STR(bg_pipeline_player(p, 1), "bob");
	CHECK_STR(bg_pipeline_name(p), "t.mat");
	CHECK_INT(bg_pipeline_free(p), 0);
}

/*
 * The lines of an input of several matches: the first held until the
 * second ends, each with its own counts and score; a second call at one
 * match, a call elsewhere and a form other than text write nothing.
 */
static void
match_lines(void)
{
	static const char two[] =
	    " 1 point match\n\n Game 1\n"
	    " a : 0                          b : 0\n"
	    "  1) 31: 8/5 6/5                Doubles => 2\n"
	    "  2)  Drops\n"
	    "                                Wins 1 point and the match\n\n"
	    " 3 point match\n\n Game 1\n"
	    " c : 0                          d : 0\n"
	    "  1) 77: 8/1\n";
	bg_pipeline *p = bg_pipeline_new_mem(two, sizeof two - 1, "t.mat");
	struct buf b = { "", 0, 0 };
	int ev, ends = 0;

	CHECK(p != NULL);
	while ((ev = bg_pipeline_next(p)) > 0) {
		if (ev != BG_PIPE_MATCH_END) {
			CHECK_INT(bg_pipeline_match_summary(put, &b,
			    BG_OUT_TEXT, p), -BG_EINVAL);
			continue;
		}
		CHECK_INT(bg_pipeline_match_summary(put, &b, BG_OUT_JSON, p),
		    -BG_EINVAL);
		CHECK_INT(bg_pipeline_match_summary(put, &b, BG_OUT_TEXT, p),
		    0);
		CHECK_INT(bg_pipeline_match_summary(put, &b, BG_OUT_TEXT, p),
		    0);
		if (++ends == 1)
			CHECK_STR(b.s, "");
	}
	CHECK_INT(ends, 2);
	CHECK_STR(b.s,
	    "t.mat: match 1: valid, 1 game, 1 record; "
	    "score a 0, b 1 (1-point match)\n"
	    "t.mat: match 2: invalid, 1 game, 0 records; "
	    "score c 0, d 0 (3-point match)\n");
	b.n = 0;
	CHECK_INT(bg_pipeline_summary(put, &b, BG_OUT_TEXT, p), 0);
	CHECK_STR(b.s, "t.mat: invalid, 2 matches, 2 games, 1 record\n"
	    "final position: 4HPwATDgc/ABMA "
	    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:3:10\n");
	bg_pipeline_free(p);
}

static void
failing(void)
{
	bg_pipeline *p = bg_pipeline_new(broken, NULL, NULL);
	int ev;

	CHECK(p != NULL);
	while ((ev = bg_pipeline_next(p)) > 0)
		;
	CHECK_INT(ev, -BG_EIO);
	CHECK_STR(bg_pipeline_name(p), "<stdin>");
	CHECK_INT(bg_pipeline_count(p)->errors, 1);
	CHECK_INT(bg_pipeline_next(p), 0);
	bg_pipeline_free(p);
	CHECK(bg_pipeline_open("/nonexistent/x.mat") == NULL);
	CHECK(bg_pipeline_open(".") == NULL);
}

/* A caller's input handed out at most ctx->step bytes a call. */
struct pieces {
	const char	*s;
	size_t		 len, pos, step, calls;
};

static long
piece(void *ctx, char *buf, size_t n)
{
	struct pieces *c = ctx;

	if (n > c->step)
		n = c->step;
	if (n > c->len - c->pos)
		n = c->len - c->pos;
	memcpy(buf, c->s + c->pos, n);
	c->pos += n;
	c->calls++;
	return (long)n;
}

/* What a pipeline made of an input: its counts and diagnostics' lines. */
static void
digest(bg_pipeline *p, long *out)
{
	const bg_pipe_count *c;
	unsigned long h = 0;	/* unsigned: the hash wraps, as it may */
	size_t i;
	int ev;

	out[1] = 0;
	while ((ev = bg_pipeline_next(p)) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++) {
			h = h * 31 + (unsigned long)bg_pipeline_diag(p, i)->line;
			out[1]++;
		}
	out[0] = (long)(h >> 1);
	c = bg_pipeline_count(p);
	out[2] = ev;
	out[3] = c->matches;
	out[4] = c->games;
	out[5] = c->records;
	out[6] = c->errors;
	out[7] = c->warnings;
}

/*
 * An input of several chunks read through a caller's function in
 * pieces of every size around the source's first read (512 bytes for
 * the kind, a chunk of 65536) reads as the same text in memory.
 */
static void
pieced(void)
{
	static const size_t steps[] = { 1, 7, 511, 512, 513, 4096, 65535,
	    65536, 65537, 300000 };
	struct pieces c;
	long want[8], got[8];
	size_t i, n = 600, len = sizeof rec - 1;
	char *s = malloc(n * len);
	bg_pipeline *p;
	int k;

	CHECK(s != NULL);
	if (s == NULL)
		return;
	for (i = 0; i < n; i++)
		memcpy(s + i * len, rec, len);
	p = bg_pipeline_new_mem(s, n * len, "t.mat");
	digest(p, want);
	bg_pipeline_free(p);
	CHECK_INT(want[3], 600);	/* every copy a match */
	for (i = 0; i < sizeof steps / sizeof steps[0]; i++) {
		memset(&c, 0, sizeof c);
		c.s = s;
		c.len = n * len;
		c.step = steps[i];
		p = bg_pipeline_new(piece, &c, "t.mat");
		digest(p, got);
		bg_pipeline_free(p);
		for (k = 0; k < 8; k++)
			CHECK_INT(got[k], want[k]);
		CHECK_INT(c.pos, c.len);
	}
	free(s);
}

/* Read s through a pipeline writing format f to b (NULL: a dry run). */
static int
written(const char *s, bg_format f, struct buf *b, int *lost)
{
	bg_pipeline *p = bg_pipeline_new_mem(s, strlen(s), "t");
	bg_writer *w = bg_writer_new(f, b ? put : NULL, b);
	size_t i;
	int ev;

	*lost = 0;
	bg_pipeline_set_writer(p, w);
	while ((ev = bg_pipeline_next(p)) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			*lost += bg_pipeline_diag(p, i)->code == BG_WLOST;
	bg_pipeline_free(p);
	bg_writer_free(w);
	return ev;
}

static void
writing(void)
{
	static const char sgf[] = "(;GM[6]MI[length:1][game:0]PW[a]PB[b]"
	    "GS[1];W[31hefe]A[2])";
	struct buf b;
	int lost;

	CHECK(bg_writer_can(BG_FORMAT_MAT));
	CHECK(bg_writer_can(BG_FORMAT_SGF));
	CHECK(bg_writer_can(BG_FORMAT_JSON));
	CHECK(!bg_writer_can(BG_FORMAT_AUTO));
	memset(&b, 0, sizeof b);
	CHECK_INT(written(rec, BG_FORMAT_SGF, &b, &lost), 0);
	CHECK(strstr(b.s, "PW[alice]PB[bob]") != NULL);
	CHECK_INT(lost, 1);		/* SGF has no roll 77 */
	/* What .mat cannot hold is said in the pipeline's list. */
	memset(&b, 0, sizeof b);
	CHECK_INT(written(sgf, BG_FORMAT_MAT, &b, &lost), 0);
	CHECK_INT(lost, 1);
	CHECK(strstr(b.s, "1 point match") != NULL);
	/* A dry run says the same and writes nothing. */
	CHECK_INT(written(sgf, BG_FORMAT_MAT, NULL, &lost), 0);
	CHECK_INT(lost, 1);
	/* A failing output ends the pipeline. */
	memset(&b, 0, sizeof b);
	b.fail = 1;
	CHECK_INT(written(rec, BG_FORMAT_JSON, &b, &lost), -BG_EIO);
}

/*
 * Write two games as .gam (game n alone, or every game for 0) or as
 * Snowie text.
 */
static void
gam_written(const char *s, bg_format f, int n, struct buf *b, int *lost)
{
	bg_pipeline *p = bg_pipeline_new_mem(s, strlen(s), "t");
	bg_writer *w = bg_writer_new(f, put, b);
	size_t i;

	memset(b, 0, sizeof *b);
	*lost = 0;
	if (n > 0)
		CHECK_INT(bg_writer_set_game(w, n), 0);
	bg_pipeline_set_writer(p, w);
	while (bg_pipeline_next(p) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			*lost += bg_pipeline_diag(p, i)->code == BG_WLOST;
	bg_pipeline_free(p);
	bg_writer_free(w);
}

static void
writing_gam(void)
{
	static const char two[] =
	    "; [Event \"e\"]\n"
	    "\n"
	    " 3 point match\n"
	    "\n"
	    " Game 1\n"
	    " Ann Lee : 0                    Bo : 0\n"
	    "  1) 31: 8/5 6/5                 Doubles => 2\n"
	    "  2)  Drops\n"
	    "                                  Wins 1 point\n"
	    "\n"
	    " Game 2\n"
	    " Ann Lee : 0                    Bo : 1\n"
	    "  1)                             42: 8/4 6/4\n"
	    "  2) 62: 24/18 13/11\n"
	    "                                  Wins 1 point\n";
	struct buf b;
	bg_writer *w;
	int lost;

	CHECK(bg_writer_can(BG_FORMAT_GAM));
	CHECK(bg_writer_can(BG_FORMAT_SNOWIE));
	w = bg_writer_new(BG_FORMAT_MAT, NULL, NULL);
	CHECK_INT(bg_writer_set_game(w, 1), -BG_EINVAL);
	bg_writer_free(w);
	w = bg_writer_new(BG_FORMAT_GAM, NULL, NULL);
	CHECK_INT(bg_writer_set_game(w, -1), -BG_EINVAL);
	bg_writer_free(w);
	/* Game 2 alone: its names a word each, its moves (gnubg's export
	   but for the blank in the name); the tag, the match and the name
	   are said. */
	gam_written(two, BG_FORMAT_GAM, 2, &b, &lost);
	CHECK_STR(b.s,
	    " Ann_Lee                        Bo\n"
	    "  1)                             42: 8/4 6/4 \n"
	    "  2) 62: 24/18 13/11              Wins 1 point\n"
	    "\n");
	CHECK_INT(lost, 3);
	/*
	 * Without bg_writer_set_game(), the first game is written and the
	 * second is told lost.
	 */
	gam_written(two, BG_FORMAT_GAM, 0, &b, &lost);
	CHECK_STR(b.s,
	    " Ann_Lee                        Bo\n"
	    "  1) 31: 8/5 6/5                  Doubles => 2\n"
	    "  2)  Drops                       Wins 1 point \n"
	    "\n");
	CHECK_INT(lost, 4);
	/*
	 * A dry run tells what each game's .gam would lose, and refuses
	 * none.
	 */
	CHECK_INT(written(two, BG_FORMAT_GAM, NULL, &lost), 0);
	CHECK_INT(lost, 5);
	/*
	 * Snowie text is the .mat without its header, and the tag is told
	 * lost.
	 */
	gam_written(two, BG_FORMAT_SNOWIE, 0, &b, &lost);
	CHECK(strncmp(b.s, " 3 point match\n\n Game 1\n"
	    " Ann Lee : 0                    Bo : 0\n", 63) == 0);
	CHECK(strstr(b.s, " Game 2\n Ann Lee : 0                    "
	    "Bo : 1\n") != NULL);
	CHECK_INT(lost, 1);
}

/* The replay's positions offered to the pick. */
static void
offer(void *ctx, const bg_replay_pos *pos)
{
	void **c = ctx;
	bg_shownpos sp;

	bg_pick_offer(c[0], c[1], pos, &sp);
}

/*
 * Pick a position of rec, and write into got the game and turn of the
 * choice, or why there is none.
 */
static void
pick(int game, int move, int line, int col, char *got, size_t size)
{
	bg_pipeline *p = bg_pipeline_new_mem(rec, sizeof rec - 1, "t.mat");
	bg_shownpos *sp;
	bg_pick *k = bg_pick_new(game, move, line, col);
	void *c[2];

	CHECK(k != NULL);
	c[0] = k;
	c[1] = p;
	bg_pipeline_set_callback(p, offer, c);
	while (bg_pipeline_next(p) > 0)
		;
	if (bg_pick_done(k, bg_pipeline_count(p)->games, &sp, got,
	    size) == 0)
		snprintf(got, size, "game %d, turn %d, %s", sp->v.game,
		    sp->v.turn, sp->v.names[0]);
	bg_pick_free(k);
	bg_pick_free(NULL);
	bg_pipeline_free(p);
}

static void
picking(void)
{
	char got[128];
	bg_pipeline *p = bg_pipeline_new_mem(rec, sizeof rec - 1, "t.mat");
	const bg_diag *d;
	int side0 = 0;
	size_t i;

	pick(1, 1, 0, 0, got, sizeof got);
	CHECK_STR(got, "game 1, turn 1, alice");
	pick(1, 0, 0, 0, got, sizeof got);
	CHECK_STR(got, "game 1, turn 0, alice");
	pick(3, -1, 0, 0, got, sizeof got);
	CHECK_STR(got, "no game 3 (2 in the file)");
	pick(1, 9, 0, 0, got, sizeof got);
	CHECK_STR(got, "game 1 has no turn 9");
	/* Line 5 holds game 1's first action: the position before it. */
	pick(0, -1, 5, 0, got, sizeof got);
	CHECK_STR(got, "game 1, turn 0, alice");
	pick(0, -1, 6, 0, got, sizeof got);
	CHECK_STR(got, "game 1, turn 2, alice");
	pick(0, -1, 99, 0, got, sizeof got);
	CHECK_STR(got, "no action at line 99 or after");
	/* A diagnostic's player is the match's name of its side. */
	while (bg_pipeline_next(p) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			if ((d = bg_pipeline_diag(p, i))->side == 0) {
				CHECK_STR(bg_pipeline_diag_player(p, d),
				    "alice");
				side0++;
			} else if (d->side < 0)
				CHECK(bg_pipeline_diag_player(p, d) == NULL);
	CHECK_INT(side0, 2);
	bg_pipeline_free(p);
}

static void
outputs(void)
{
	struct buf b;
	bg_diag d;
	bg_result r;
	const char *names[2] = { "al,ice", "bob" };
	int score[2] = { 3, 1 };

	memset(&d, 0, sizeof d);
	d.code = BG_EINVAL;
	d.severity = BG_SEV_ERROR;
	d.line = 5;
	d.col = 7;
	d.game = 1;
	d.move = 2;
	d.side = 1;
	d.dice[0] = 6;
	d.dice[1] = 3;
	strcpy(d.detail, "x\033y");
	memset(&b, 0, sizeof b);
	CHECK_INT(bg_diag_write(put, &b, BG_OUT_TEXT, "f.mat", "bob", &d), 0);
	CHECK(strncmp(b.s, "f.mat:5:7: error: game 1, move 2 (bob 63): ",
	    43) == 0);
	CHECK(strstr(b.s, ": x\\x1by\n") != NULL);
	memset(&b, 0, sizeof b);
	CHECK_INT(bg_diag_write(put, &b, BG_OUT_JSON, "f.mat", NULL, &d), 0);
	CHECK(strncmp(b.s, "{\"file\":\"f.mat\",\"line\":5,\"column\":7,", 36)
	    == 0);
	CHECK(strstr(b.s, "\"detail\":\"x\\u001by\"}\n") != NULL);
	memset(&b, 0, sizeof b);
	b.fail = 1;
	CHECK_INT(bg_diag_write(put, &b, BG_OUT_TEXT, "f", NULL, &d), -BG_EIO);
	CHECK_INT(bg_diag_write(put, &b, BG_OUT_CSV, "f", NULL, &d),
	    -BG_EINVAL);

	memset(&r, 0, sizeof r);
	r.ended_by = BG_END_BEAROFF;
	r.winner = 0;
	r.level = 2;
	r.cube = 1;
	r.points = 2;
	r.score[0] = 3;
	r.score[1] = 1;
	memset(&b, 0, sizeof b);
	CHECK_INT(bg_result_write(put, &b, BG_OUT_CSV, "m.mat", 2, &r, names), 0);
	CHECK_STR(b.s, "m.mat,2,\"al,ice\",bob,0,\"al,ice\",gammon,2,1,2,"
	    "bearoff,3,1\n");
	memset(&b, 0, sizeof b);
	CHECK_INT(bg_result_write(put, &b, BG_OUT_TEXT, "m.mat", 2, &r, names), 0);
	CHECK_STR(b.s, "game 2: al,ice wins 2 points, gammon, cube 1; "
	    "score 3-1\n");
	memset(&b, 0, sizeof b);
	CHECK_INT(bg_match_result_write(put, &b, BG_OUT_TEXT, "m.mat", 3, 2,
	    score, names), 0);
	CHECK_STR(b.s, "match: al,ice 3, bob 1 in a 3-point match; al,ice "
	    "wins\n");
	memset(&b, 0, sizeof b);
	CHECK_INT(bg_match_result_write(put, &b, BG_OUT_CSV, "m.mat", 3, 2,
	    score, names), 0);
	CHECK_STR(b.s, "m.mat,match,\"al,ice\",bob,0,\"al,ice\",,,,,,3,1\n");
}

/* bg_pipeline_filename: the fields of a match, made safe, and the errors. */
static void
filenames(void)
{
	static const char mat[] =
	    "; [EventDate \"2026.11.26\"]\n"
	    " 3 point match\n\n Game 1\n ../Al ice : 0    .bob : 0\n"
	    "  1) 31: 8/5 6/5                 Wins 1 point\n";
	bg_pipeline *p = bg_pipeline_new_mem(mat, sizeof mat - 1, "f.mat");
	char buf[64];
	size_t bad = 0;

	while (bg_pipeline_next(p) == BG_PIPE_MATCH)
		;
	CHECK_INT(bg_pipeline_filename(buf, sizeof buf, "out/%n-%p-%l-%d.%%",
	    p, NULL, 7, &bad), 35);
	CHECK_STR(buf, "out/7-_._Al_ice-_bob-3-2026.11.26.%");
	CHECK_INT(bg_pipeline_filename(buf, sizeof buf, "%f", p, "abc", 1,
	    NULL), 3);
	CHECK_STR(buf, "abc");
	CHECK_INT(bg_pipeline_filename(buf, 4, "%f%f", p, "abc", 1, NULL), 6);
	CHECK_STR(buf, "abc");
	CHECK_INT(bg_pipeline_filename(NULL, 0, "ok-%x", NULL, NULL, 0, &bad),
	    -BG_EINVAL);
	CHECK_INT(bad, 3);
	CHECK_INT(bg_pipeline_filename(NULL, 0, "end%", NULL, NULL, 0, &bad),
	    -BG_EINVAL);
	CHECK_INT(bad, 3);
	CHECK_INT(bg_pipeline_filename(buf, sizeof buf, "%p %l %d", NULL, NULL,
	    0, NULL), 4);
	CHECK_STR(buf, "- 0 ");
	bg_pipeline_free(p);
}

/* Two matches of other players, each with two hits not marked. */
static const char hits[] =
    " 3 point match\n\n Game 1\n"
    " hugo : 0                  wren : 0\n"
    "  1) 13: 8/5 6/5                 26: 24/18 13/11\n"
    "  2) 16: 13/7 8/7                25: 25/23 13/8\n"
    "  3) 46: 8/2 6/2                 35: 25/22 8/3\n"
    "  4)  Doubles => 2                Drops\n"
    "      Wins 1 point\n\n"
    " 3 point match\n\n Game 1\n"
    " anna : 0                  bert : 0\n"
    "  1) 13: 8/5 6/5                 26: 24/18 13/11\n"
    "  2) 16: 13/7 8/7                25: 25/23 13/8\n"
    "  3) 46: 8/2 6/2                 35: 25/22 8/3\n"
    "  4)  Doubles => 2                Drops\n"
    "      Wins 1 point\n";

/*
 * Run the record with filter f (NULL: none) and collapse c: the
 * hit_not_marked diagnostics given (in *first the first one's player
 * and repeats, written by bg_diag_write_more), and the warnings counted.
 */
static int
run_hits(const bg_diagfilter *f, int c, struct buf *first, int *counted,
    int *atend)
{
	bg_pipeline *p = bg_pipeline_new_mem(hits, sizeof hits - 1, "h.mat");
	const bg_diag *d;
	size_t i;
	int ev, n = 0;

	if (f != NULL)
		bg_pipeline_set_filter(p, f);
	bg_pipeline_set_collapse(p, c);
	*atend = 0;
	while ((ev = bg_pipeline_next(p)) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++) {
			d = bg_pipeline_diag(p, i);
			if (d->code != BG_WHITUNMARKED)
				continue;
			if (n++ == 0)
				bg_diag_write_more(put, first, BG_OUT_TEXT,
				    "h.mat", bg_pipeline_diag_player(p, d), d,
				    bg_pipeline_diag_turn(p, i),
				    bg_pipeline_diag_repeats(p, i));
			*atend += ev == BG_PIPE_END;
		}
	*counted = bg_pipeline_count(p)->warnings;
	bg_pipeline_free(p);
	return n;
}

static void
filtered(void)
{
	bg_diagfilter f;
	struct buf b;
	int counted, atend;

	CHECK_INT(bg_code_parse("hit_not_marked"), BG_WHITUNMARKED);
	CHECK_INT(bg_code_parse("hit-not-marked"), BG_WHITUNMARKED);
	CHECK_INT(bg_code_parse("hit_not"), -BG_EINVAL);
	CHECK_INT(bg_code_parse("hit_not_marked_"), -BG_EINVAL);
	CHECK_INT(bg_code_parse(""), -BG_EINVAL);
	bg_diagfilter_init(&f);
	CHECK_INT(bg_diagfilter_set(&f, BG_EBLOCKED, 0), -BG_EINVAL);
	CHECK_INT(bg_diagfilter_set(&f, BG_CODE_COUNT, 0), -BG_EINVAL);
	CHECK_INT(bg_diagfilter_shows(&f, BG_WHITUNMARKED), 1);

	/* Each warning comes in its place: four, the first one hugo's. */
	memset(&b, 0, sizeof b);
	CHECK_INT(run_hits(NULL, 0, &b, &counted, &atend), 4);
	CHECK_INT(counted, 4);
	CHECK_INT(atend, 0);
	CHECK_STR(b.s, "h.mat:6:6: warning: game 1, move 2 (hugo 16): hit "
	    "not marked with '*': 16: 13/7 8/7\n");
	/*
	 * Collapsed, one warning comes at the end, still hugo's, and
	 * stands for three more.
	 */
	memset(&b, 0, sizeof b);
	CHECK_INT(run_hits(NULL, 1, &b, &counted, &atend), 1);
	CHECK_INT(counted, 4);
	CHECK_INT(atend, 1);
	CHECK_STR(b.s, "h.mat:6:6: warning: game 1, move 2 (hugo 16): hit "
	    "not marked with '*': 16: 13/7 8/7 (and 3 more like it in this "
	    "file)\n");
	/*
	 * Turned off, none is given and none is counted; turned on again,
	 * all are.
	 */
	CHECK_INT(bg_diagfilter_set(&f, BG_WHITUNMARKED, 0), 0);
	CHECK_INT(bg_diagfilter_shows(&f, BG_WHITUNMARKED), 0);
	CHECK_INT(bg_diagfilter_shows(&f, BG_EBLOCKED), 1);
	CHECK_INT(run_hits(&f, 1, &b, &counted, &atend), 0);
	CHECK_INT(counted, 0);
	CHECK_INT(bg_diagfilter_set(&f, -BG_WHITUNMARKED, 1), 0);
	CHECK_INT(run_hits(&f, 0, &b, &counted, &atend), 4);
	CHECK_INT(counted, 4);
}

/* Append "code@line" of each of the n diagnostics to out. */
static void
codes(char *out, size_t size, const bg_diag *const *d, size_t n)
{
	size_t i, k;

	for (i = 0; i < n; i++) {
		k = strlen(out);
		snprintf(out + k, size - k, "%s%s@%d", k ? " " : "",
		    bg_code_name(d[i]->code), d[i]->line);
	}
}

/*
 * The diagnostics of text read and replayed by hand, as the Python
 * package does, each call's merged by bg_diag_merge(); *eof as it ends.
 */
static void
merged(const char *text, char *out, size_t size, int *eof)
{
	bg_reader *rd = bg_reader_new_mem(text, strlen(text), "t.mat");
	bg_replay *rp = bg_replay_new();
	const bg_diag *list[64];
	const bg_match *m;
	const bg_game *g;
	size_t n;
	int rc;

	out[0] = '\0';
	*eof = 0;
	while ((rc = bg_reader_next_match(rd, &m)) > 0) {
		n = bg_diag_merge(list, 64, rd, NULL, eof);
		codes(out, size, list, n);
		bg_replay_match(rp, m);
		while ((rc = bg_reader_next_game(rd, &g)) > 0) {
			bg_replay_game(rp, g);
			codes(out, size, list, bg_diag_merge(list, 64, rd, rp,
			    eof));
		}
		bg_replay_end(rp);
		codes(out, size, list, bg_diag_merge(list, 64, rd, rp, eof));
	}
	codes(out, size, list, bg_diag_merge(list, 64, rd, NULL, eof));
	bg_replay_free(rp);
	bg_reader_free(rd);
}

/* The same text through a pipeline: every event's diagnostics. */
static void
piped(const char *text, char *out, size_t size)
{
	bg_pipeline *p = bg_pipeline_new_mem(text, strlen(text), "t.mat");
	const bg_diag *d;
	size_t i;

	out[0] = '\0';
	while (bg_pipeline_next(p) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++) {
			d = bg_pipeline_diag(p, i);
			codes(out, size, &d, 1);
		}
	bg_pipeline_free(p);
}

/*
 * bg_diag_merge(): the pipeline's one list of a reader's and a replay's
 * diagnostics, for a caller that steps them itself.
 */
static void
merging(void)
{
	static const char *const texts[] = {
		rec,
		/*
		 * Each text ends inside a game, so no unfinished_game
		 * follows the unexpected_eof.
		 */
		" 3 point match\n\n Game 1\n alice : 0         bob : 0\n"
		"  1) 31: 8/5 6/5       64: 24/18 18/14\n  2) 21: 8/1\n",
		" 3 point match\n\n Game 1\n alice : 0         bob : 0\n"
		"  1) 31: 8/5 6/5       64: 24/18 18/14\n  2) 77: 8/1\n",
	};
	char a[1024], b[1024];
	const bg_diag *one[1];
	bg_reader *rd;
	bg_replay *rp;
	const bg_match *m;
	const bg_game *g;
	size_t i;
	int eof;

	for (i = 0; i < sizeof texts / sizeof texts[0]; i++) {
		merged(texts[i], a, sizeof a, &eof);
		piped(texts[i], b, sizeof b);
		CHECK_STR(a, b);
		CHECK(strstr(a, "unexpected_eof") != NULL);
		CHECK(strstr(a, "unfinished_game") == NULL);
		CHECK_INT(eof, 1);
	}
	CHECK_STR(a, "bad_dice@6 unexpected_eof@6");
	merged(texts[1], a, sizeof a, &eof);
	CHECK_STR(a, "unexpected_eof@6 play_does_not_match_dice@6");
	/* With a list too short, the count is still the whole list's. */
	rd = bg_reader_new_mem(texts[1], strlen(texts[1]), "t.mat");
	rp = bg_replay_new();
	eof = 0;
	CHECK_INT(bg_reader_next_match(rd, &m), 1);
	bg_replay_match(rp, m);
	CHECK_INT(bg_reader_next_game(rd, &g), 1);
	bg_replay_game(rp, g);
	CHECK_INT((int)bg_diag_merge(one, 1, rd, rp, &eof), 2);
	CHECK_INT(one[0]->code, BG_WEOF);
	CHECK_INT(eof, 1);
	CHECK_INT((int)bg_diag_merge(NULL, 0, NULL, rp, &eof), 0);
	bg_replay_free(rp);
	bg_reader_free(rd);
}

/* Write an executable shell script of body at path. */
static void
script(const char *path, const char *body)
{
	FILE *f = fopen(path, "w");

	CHECK(f != NULL);
	if (f == NULL)
		return;
	fprintf(f, "#!/bin/sh\n%s\n", body);
	fclose(f);
	CHECK(chmod(path, 0755) == 0);
}

/*
 * bg_analyse_check on programs that are not gnubg 1.07: one that cannot
 * be run (-BG_EIO, ver emptied), one that prints nothing, one that
 * prints its arguments (-BG_EINVAL, ver their first line), and gnubg
 * 1.06 and 1.07's first lines.
 */
static void
analyse_check(void)
{
	const char *tmp = getenv("TMPDIR");
	char dir[256], path[300], ver[64];
	bg_analyse_opts o;

	snprintf(dir, sizeof dir, "%s/bgkit-check.XXXXXX",
	    tmp != NULL && *tmp ? tmp : "/tmp");
	CHECK(mkdtemp(dir) != NULL);
	snprintf(path, sizeof path, "%s/gnubg", dir);
	bg_analyse_opts_init(&o);
	o.gnubg = path;
	snprintf(ver, sizeof ver, "stale");
	CHECK_INT(bg_analyse_check(&o, ver, sizeof ver), -BG_EIO);
	CHECK_STR(ver, "");
	script(path, "exit 0");
	snprintf(ver, sizeof ver, "stale");
	CHECK_INT(bg_analyse_check(&o, ver, sizeof ver), -BG_EINVAL);
	CHECK_STR(ver, "");
	script(path, "echo \"$@\"; echo more");
	CHECK_INT(bg_analyse_check(&o, ver, sizeof ver), -BG_EINVAL);
	CHECK_STR(ver, "--version");
	/* No room for the version: nothing written. */
	CHECK_INT(bg_analyse_check(&o, NULL, 0), -BG_EINVAL);
	script(path, "echo GNU Backgammon 1.06.002");
	CHECK_INT(bg_analyse_check(&o, ver, sizeof ver), -BG_EINVAL);
	CHECK_STR(ver, "GNU Backgammon 1.06.002");
	script(path, "echo GNU Backgammon 1.07.001 20230103");
	CHECK_INT(bg_analyse_check(&o, ver, sizeof ver), 0);
	CHECK_STR(ver, "GNU Backgammon 1.07.001 20230103");
	remove(path);
	rmdir(dir);
}

int
main(void)
{
	analyse_check();
	filtered();
	filenames();
	events();
	match_lines();
	failing();
	pieced();
	writing();
	writing_gam();
	picking();
	merging();
	outputs();
	T_DONE("test_pipeline");
}
