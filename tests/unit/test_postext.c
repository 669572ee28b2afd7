/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_postext.c: unit tests of the reader of position text exports
 * (lib/fmt_postext.c): the analysis of a cube decision and the proper
 * action the three equities give, each of the four; numbers with a
 * decimal comma; a candidate play's fields; the diagram's XGID; a
 * diagram that disagrees with its XGID, at its point's column.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "t.h"

#define START	"XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:7:10"

/* The start position drawn as XG draws it, X at the bottom. */
static const char board[] =
	" +13-14-15-16-17-18------19-20-21-22-23-24-+\n"
	" | X           O    |   | O              X |\n"
	" | X           O    |   | O              X |\n"
	" | X           O    |   | O                |\n"
	" | X                |   | O                |\n"
	" | X                |   | O                |\n"
	" |                  |BAR|                  |\n"
	" | O                |   | X                |\n"
	" | O                |   | X                |\n"
	" | O           X    |   | X                |\n"
	" | O           X    |   | X              O |\n"
	" | O           X    |   | X              O |\n"
	" +12-11-10--9--8--7-------6--5--4--3--2--1-+\n";

static char text[4096];

/* An export of the start: XGID line xgid, the side on roll's line
 * and the analysis after it. */
static const char *
doc(const char *xgid, const char *roll, const char *analysis)
{
	snprintf(text, sizeof text, "%s\n\nX:Ann   O:Bob\n"
	    "Score is X:0 O:0 7 pt.(s) match.\n%s"
	    "Pip count  X: 167  O: 167 X-O: 0-0/7\nCube: 1\n%s\n\n%s",
	    xgid, board, roll, analysis);
	return text;
}

/* Read s: its one game's first analysis (NULL: none), the reader's
 * diagnostics counted in *nd, the first kept in *d. */
static int
one(const char *s, bg_analysis *a, size_t *na, char *dia, size_t dsize,
    size_t *nd, bg_diag *d)
{
	bg_reader *r = bg_reader_new_mem(s, strlen(s), "t");
	const bg_match *m;
	static char play[256], eval[64];
	const bg_game *g;
	int games = 0;

	*nd = 0;
	*na = 0;
	dia[0] = '\0';
	while (bg_reader_next_match(r, &m) > 0) {
		if (bg_reader_diag_count(r) > 0 && *nd == 0)
			*d = *bg_reader_diag(r, 0);
		*nd += bg_reader_diag_count(r);
		while (bg_reader_next_game(r, &g) > 0) {
			games++;
			*na = bg_game_analysis_count(g);
			if (*na > 0) {
				/* Its texts are the reader's: copied. */
				*a = *bg_game_analysis(g, 0);
				snprintf(play, sizeof play, "%s",
				    a->play ? a->play : "");
				snprintf(eval, sizeof eval, "%s",
				    a->eval ? a->eval : "");
				a->play = a->play ? play : NULL;
				a->eval = a->eval ? eval : NULL;
			}
			if (bg_game_diagram(g) != NULL)
				snprintf(dia, dsize, "%s", bg_game_diagram(g));
		}
	}
	CHECK_INT(bg_reader_format(r), BG_FORMAT_POSTEXT);
	bg_reader_free(r);
	return games;
}

/* A cube decision with equities nd, dt, dp: the proper action. */
static int
proper(const char *nd, const char *dt, const char *dp)
{
	char an[512];
	bg_analysis a;
	bg_diag d;
	char dia[128];
	size_t na, nd_;

	snprintf(an, sizeof an, "Analyzed in XG Roller\n"
	    "Player Winning Chances:   60,00%% (G:20,00%% B:1,00%%)\n"
	    "Opponent Winning Chances: 40,00%% (G:10,00%% B:0,50%%)\n\n"
	    "Cubeful Equities:\n"
	    "       No double:     %s\n       Double/Take:   %s\n"
	    "       Double/Pass:   %s\n\nBest Cube action: whatever\n",
	    nd, dt, dp);
	CHECK_INT(one(doc(START, "X on roll, cube action", an), &a, &na, dia,
	    sizeof dia, &nd_, &d), 1);
	CHECK_INT(nd_, 0);
	CHECK_INT(na, 1);
	CHECK_INT(a.kind, BG_ANALYSIS_CUBE);
	CHECK_STR(a.eval, "XG Roller");
	CHECK_STR(a.play, "whatever");
	CHECK_INT(a.side, 1);
	CHECK_INT(a.probs, 1);
	CHECK(a.win[1] == 60 && a.win[0] == 40 && a.gammon[1] == 20 &&
	    a.backgammon[0] == 0.5);
	return a.proper;
}

static void
test_cube(void)
{
	CHECK_INT(proper("+0,500", "+0,600", "+1,000"), BG_CUBE_DOUBLE_TAKE);
	CHECK_INT(proper("+0,800", "+1,200", "+1,000"), BG_CUBE_DOUBLE_PASS);
	CHECK_INT(proper("+0,400", "+0,300", "+1,000"), BG_CUBE_NO_DOUBLE);
	CHECK_INT(proper("+1,100", "+1,400", "+1,000"), BG_CUBE_TOO_GOOD);
	CHECK_INT(proper("-0.25", "-0.5", "1"), BG_CUBE_NO_DOUBLE);
}

static void
test_play(void)
{
	bg_analysis a;
	bg_diag d;
	char dia[128];
	size_t na, nd;

	CHECK_INT(one(doc("XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10",
	    "X to play 31",
	    "    1. XG Roller++ 8/5 6/5                      eq:+0,162\n"
	    "      Player:   51,10% (G:14,20% B:0,60%)\n"
	    "      Opponent: 48,90% (G:12,10% B:0,50%)\n\n"
	    "    2. 2-ply       24/23 13/10                  "
	    "eq:-0,012 (-0,174)\n"),
	    &a, &na, dia, sizeof dia, &nd, &d), 1);
	CHECK_INT(nd, 0);
	CHECK_INT(na, 2);
	CHECK_INT(a.kind, BG_ANALYSIS_PLAY);
	CHECK_INT(a.rank, 1);
	CHECK_STR(a.play, "8/5 6/5");
	CHECK_STR(a.eval, "XG Roller++");
	CHECK(a.equity == 0.162 && a.diff == 0);
	CHECK(a.win[1] == 51.1 && a.gammon[0] == 12.1);
	CHECK_STR(dia, "XGID=-b----E-C---eE---c-e----B-:0:0:1:31:0:0:0:7:10");
}

static void
test_mismatch(void)
{
	bg_analysis a;
	bg_diag d;
	char dia[128];
	size_t na, nd;

	/* The XGID has X's five of the 13 point on 11; the diagram does not. */
	CHECK_INT(one(doc("XGID=-b----E-C--Ee----c-e----B-:0:0:1:00:0:0:0:7:10",
	    "X on roll, cube action", ""), &a, &na, dia, sizeof dia, &nd, &d),
	    1);
	CHECK_INT(nd, 1);
	CHECK_INT(d.code, BG_EDIAGRAM);
	CHECK_INT(d.line, 5);
	CHECK_INT(d.col, 4);		/* the 13's last digit */
	CHECK_INT(na, 0);
	CHECK_STR(dia, START);
}

int
main(void)
{
	test_cube();
	test_play();
	test_mismatch();
	T_DONE("test_postext");
}
