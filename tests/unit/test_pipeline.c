/*
 * test_pipeline.c: unit tests of the pipeline (lib/pipeline.c) and the
 * outputs written through a caller's function (lib/out.c): the events of
 * a small record in order, the reader's and the replay's diagnostics
 * merged in line order and all handed out before the end, the names and
 * counts, a failing source, and the text, JSON and CSV forms.
 */
#include <stdlib.h>

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

int
main(void)
{
	events();
	failing();
	outputs();
	T_DONE("test_pipeline");
}
