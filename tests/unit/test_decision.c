/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_decision.c: bg_decision_text(3), the analysis of one decision as
 * bgshow prints it, on the game of six decisions written by hand in
 * fixtures/bggrep/analysis/small.sgf: its length whatever the buffer,
 * the text cut and NUL-ended in a small one, nothing for a decision the
 * record holds no analysis of.  Run from the top of the tree.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "t.h"

struct seen {
	const bg_pipeline *p;
	bg_board	 before;
	int		 len[8];	/* bg_decision_text's, by turn */
	int		 cut[8];	/* into a buffer of 16 */
	int		 none[8];	/* into no buffer */
	char		 small[8][16];
	char		 text[8][4096];
};

static void
onpos(void *ctx, const bg_replay_pos *pos)
{
	struct seen *s = ctx;
	const char *name;

	if (pos->turn > 0 && pos->turn < 8) {
		name = bg_pipeline_game_player(s->p, pos->side);
		s->len[pos->turn] = bg_decision_text(s->text[pos->turn],
		    sizeof s->text[0], bg_pipeline_game(s->p), pos, &s->before,
		    name);
		s->cut[pos->turn] = bg_decision_text(s->small[pos->turn],
		    sizeof s->small[0], bg_pipeline_game(s->p), pos,
		    &s->before, name);
		s->none[pos->turn] = bg_decision_text(NULL, 0,
		    bg_pipeline_game(s->p), pos, &s->before, name);
	}
	s->before = pos->board;
}

/* A pipeline over file name, or NULL. */
static bg_pipeline *
open_file(const char *name, FILE **fp)
{
	if ((*fp = fopen(name, "rb")) == NULL)
		return NULL;
	return bg_pipeline_new_file(*fp, name);
}

static void
small_game(void)
{
	static struct seen s;
	FILE *fp;
	bg_pipeline *p = open_file("fixtures/bggrep/analysis/small.sgf", &fp);
	int ev, t;

	CHECK(p != NULL);
	if (p == NULL)
		return;
	s.p = p;
	bg_pipeline_set_callback(p, onpos, &s);
	while ((ev = bg_pipeline_next(p)) > 0)
		;
	CHECK_INT(ev, 0);
	/* Bob's 52, turn 3: the play made second of three, very bad. */
	CHECK(strncmp(s.text[3], "* Bob moves 13/11* 13/8\n\nAlert: very bad "
	    "move (-0.200)\nAlert: lucky roll!\n\nRolled 52 (+0.300):\n", 90)
	    == 0);
	CHECK(strstr(s.text[3], "*    2. Cubeful 0-ply    13/11* 13/8      "
	    "            Eq.: +0.100 (-0.200)\n") != NULL);
	CHECK_INT(s.len[3], (int)strlen(s.text[3]));
	for (t = 1; t <= 6; t++) {
		T_COUNT(s.len[t] > 0 && s.cut[t] == s.len[t] &&
		    s.none[t] == s.len[t], __LINE__);
		T_COUNT(strlen(s.small[t]) == 15 &&
		    strncmp(s.small[t], s.text[t], 15) == 0, __LINE__);
	}
	/* The take: the doubler's figures from the taker's side. */
	CHECK(strstr(s.text[5], "* Bob accepts\n\nCube analysis\n0-ply cubeless "
	    "equity +0.200\n  0.600 0.160 0.010 - 0.400 0.100 0.005\n") !=
	    NULL);
	bg_pipeline_free(p);
	fclose(fp);
}

/* A record without analysis: nothing, and an empty string. */
static void
no_analysis(void)
{
	static struct seen s;
	FILE *fp;
	bg_pipeline *p = open_file("fixtures/demo/gnubg-7pt.mat", &fp);
	int ev;

	CHECK(p != NULL);
	if (p == NULL)
		return;
	s.p = p;
	memset(s.text[1], 'x', 8);
	bg_pipeline_set_callback(p, onpos, &s);
	while ((ev = bg_pipeline_next(p)) > 0)
		;
	CHECK_INT(s.len[1], 0);
	CHECK_STR(s.text[1], "");
	bg_pipeline_free(p);
	fclose(fp);
}

int
main(void)
{
	small_game();
	no_analysis();
	T_DONE("test_decision");
}
