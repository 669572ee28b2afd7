/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pick.c: which position of a record bgshow(1) shows (bg_pick_new(3),
 * on bg_pipeline_new(3)'s page): the end of the last game, the position
 * after action N of game G, or the one before the action written at a
 * line and column of the file.  The replay offers every position; the
 * pick keeps the one asked for and, once the file is read, says why
 * there was none.  Part of libbgkit; callers use bgkit.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

struct bg_pick {
	int		 game, move, line, col;	/* what was asked for */
	int		 have;		/* cand holds the choice so far */
	bg_shownpos	 cand;		/* the choice */
	bg_shownpos	 prev;		/* the position offered last */
	int		 shown;		/* the last game whose position was
					   offered with 2 (a file of
					   positions) */
};

bg_pick *
bg_pick_new(int game, int move, int line, int col)
{
	bg_pick *k;

	if ((k = calloc(1, sizeof *k)) == NULL)
		return NULL;
	k->game = game;
	k->move = move;
	k->line = line;
	k->col = col;
	return k;
}

void
bg_pick_free(bg_pick *k)
{
	free(k);
}

/* Whether record r is written at or after the pick's line and column. */
static int
reached(const bg_pick *k, const bg_record *r)
{
	return r != NULL && (r->line > k->line ||
	    (r->line == k->line && r->col >= k->col));
}

/* Is game g a position file's: only set positions and comments? */
static int
position_game(const bg_game *g)
{
	const bg_record *r;
	size_t i;

	for (i = 0; i < bg_game_record_count(g); i++)
		if ((r = bg_game_record(g, i))->kind != BG_REC_SETPOS &&
		    r->kind != BG_REC_COMMENT)
			return 0;
	return i > 0;
}

/*
 * pos is the decision made from the position chosen so far: its
 * analysis, while the game that holds it is there.
 */
static void
analysis(bg_pick *k, const bg_pipeline *p, const bg_replay_pos *pos,
    int game)
{
	if (k->have && k->cand.v.game == game && !k->cand.lost &&
	    pos->turn == k->cand.v.turn + 1 && pos->rec != NULL &&
	    bg_decision_text(k->cand.analysis, sizeof k->cand.analysis,
	    bg_pipeline_game(p), pos, &k->cand.board,
	    bg_pipeline_game_player(p, pos->side)) > 0)
		bg_shownpos_bind(&k->cand);
}

int
bg_pick_offer(bg_pick *k, const bg_pipeline *p, const bg_replay_pos *pos,
    bg_shownpos *sp)
{
	const char *names[2];
	int game = bg_pipeline_count(p)->games;

	analysis(k, p, pos, game);
	if ((k->game > 0 && game != k->game) ||
	    (k->move >= 0 && pos->turn != k->move))
		return 0;
	names[0] = bg_pipeline_game_player(p, 0);
	names[1] = bg_pipeline_game_player(p, 1);
	bg_shownpos_replay(sp, game, pos,
	    bg_replay_variant(bg_pipeline_replay(p)), names);
	if (k->line > 0) {
		/* The first action at or after LINE:COL: the one before. */
		if (!k->have && reached(k, pos->rec)) {
			k->cand = k->prev;
			k->have = 1;
			analysis(k, p, pos, game);
		}
		k->prev = *sp;
		return 0;
	}
	k->cand = *sp;
	k->have = 1;
	/* A file of positions: each is shown. */
	if (k->game == 0 && k->move < 0 && pos->rec != NULL &&
	    pos->rec->kind == BG_REC_SETPOS &&
	    position_game(bg_pipeline_game(p))) {
		k->shown = game;
		/* Shown at once, while the game is there (not cand). */
		sp->v.setup = bg_pipeline_game(p);
		return 2;
	}
	if (pos->rec != NULL && pos->rec->kind == BG_REC_SETPOS)
		sp->v.setup = bg_pipeline_game(p);
	return 1;
}

int
bg_pick_done(bg_pick *k, int games, bg_shownpos **sp, char *why,
    size_t size)
{
	*sp = NULL;
	if (k->line == 0 && k->shown > 0 && k->shown == games)
		return 0;	/* offered with 2, shown */
	if (k->line > 0 && !k->have)
		snprintf(why, size, "no action at line %d or after", k->line);
	/* The choice: it must be in the game asked for, or the last. */
	else if (k->line == 0 && (!k->have ||
	    (k->game == 0 && k->cand.v.game != games))) {
		if (k->game > games || games == 0)
			snprintf(why, size, "no game %d (%d in the file)",
			    k->game ? k->game : 1, games);
		else
			snprintf(why, size, "game %d has no turn %d",
			    k->game ? k->game : games, k->move);
	} else if (k->cand.lost)
		snprintf(why, size, "game %d, turn %d: the record cannot be "
		    "followed this far", k->cand.v.game, k->cand.v.turn);
	else {
		bg_shownpos_bind(&k->cand);
		*sp = &k->cand;
		return 0;
	}
	return -BG_EINVAL;
}
