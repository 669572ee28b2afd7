/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_trace.c: unit tests of the trace of a record (lib/trace.c,
 * bg_trace_new(3)): each kind of entry of a small money session in the
 * words of bg_trace_describe, with the players' names, and its length
 * when the buffer is short.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "t.h"

/* Game 1: a double taken, a redouble dropped; game 2: a roll written
 * without its play, then a resignation. */
static const char rec[] =
    " 0 point match\n\n"
    " Game 1\n"
    " Ann : 0                        Bo : 0\n"
    "  1) 31: 8/5 6/5                Doubles => 2\n"
    "  2)  Takes                     64: 24/18 13/9\n"
    "  3)  Doubles => 4              Drops\n"
    "      Wins 2 points\n"
    "\n"
    " Game 2\n"
    " Ann : 2                        Bo : 0\n"
    "  1) 31: 8/5 6/5                52: 13/11 13/8\n"
    "  2) 64:\n"
    "                                Wins 1 point\n";

static const char *const want[] = {
	"a money session",
	"the game starts from 4HPwATDgc/ABMA",
	"Ann rolls 31 and plays 8/5 6/5",
	"Bo doubles",
	"Ann takes",
	"Bo rolls 64 and plays 24/18 13/9",
	"Ann doubles",
	"Bo drops",
	"Ann wins 2 points, double dropped",
	"the game starts from 4HPwATDgc/ABMA",
	"Ann rolls 31 and plays 8/5 6/5",
	"Bo rolls 52 and plays 13/11 13/8",
	"Ann rolls 64, no play written",
	"Ann resigns",
	"Bo wins 1 point, single game by resignation",
	"the file ends"
};

int
main(void)
{
	bg_pipeline *p = bg_pipeline_new_mem(rec, sizeof rec - 1, "t.mat");
	bg_trace *t = bg_trace_new();
	char buf[128], small[8];
	size_t i, n = sizeof want / sizeof want[0];
	int ev;

	CHECK(p != NULL && t != NULL);
	bg_pipeline_set_callback(p, bg_trace_pos, t);
	while ((ev = bg_pipeline_next(p)) > 0) {
		if (ev == BG_PIPE_MATCH)
			CHECK_INT(bg_trace_match(t, p), 0);
		else if (ev == BG_PIPE_GAME)
			CHECK_INT(bg_trace_game(t, p), 0);
	}
	CHECK_INT(ev, 0);
	CHECK_INT((int)bg_trace_count(t), (int)n - 1);
	for (i = 0; i < n; i++) {
		CHECK_INT(bg_trace_describe(buf, sizeof buf, t, i),
		    (int)strlen(want[i]));
		CHECK_STR(buf, want[i]);
	}
	CHECK_INT(bg_trace_describe(small, sizeof small, t, 2),
	    (int)strlen(want[2]));
	CHECK_STR(small, "Ann rol");
	bg_trace_free(t);
	bg_pipeline_free(p);
	T_DONE("test_trace");
}
