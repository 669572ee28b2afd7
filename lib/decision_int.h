/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * decision_int.h: one decision judged from the engine's analysis of its
 * record (decision.c): the equity it lost, the best play or cube
 * action, the marks, the luck and the match-winning chance, as the
 * columns of bggrep --decisions, the criteria of bg_select and the
 * analysis bgshow and the HTML page print all read them.  Included by
 * decision.c, decision_text.c, select.c and fmt_html_write.c; never
 * installed.
 */
#ifndef DECISION_INT_H
#define DECISION_INT_H

#include <stddef.h>

#include "bgkit.h"

/* The kinds of decision, as bggrep --error names them. */
enum { DJ_PLAY, DJ_DOUBLE, DJ_TAKE, DJ_OTHER };

/* What a judged decision holds: bits of has. */
#define DJ_ERROR	0x01	/* error */
#define DJ_BEST		0x02	/* best_eq, and best or cube_best */
#define DJ_PLAYED	0x04	/* played_eq */
#define DJ_LUCK		0x08	/* luck */
#define DJ_MWC		0x10	/* mwc */

struct judged {
	int			 kind;		/* DJ_PLAY ... */
	unsigned		 has;		/* DJ_* */
	double			 error;		/* <= 0: the equity lost */
	double			 best_eq;	/* the best choice's equity */
	double			 played_eq;	/* the choice made's */
	double			 luck;
	double			 mwc;		/* before a play or double */
	const bg_candidate	*best;		/* PLAY: the best candidate */
	const char		*cube_best;	/* DOUBLE, TAKE: the best
						   action's name */
	bg_mark			 mark;		/* of the play or action */
	bg_mark			 cube_mark;	/* of the cube decision
						   before a play */
	int			 luck_mark;
	const bg_eval		*eval;		/* the evaluation, or NULL */
};

/* The analysis of record r of game g (r one of g's), or NULL. */
const bg_rec_analysis *dec_analysis(const bg_game *g, const bg_record *r);
/* Judge record r from its analysis a (NULL: nothing known). */
void	dec_judge(struct judged *j, const bg_record *r,
	    const bg_rec_analysis *a);
/*
 * The cubeful equities of no double, double/take and double/pass (the
 * doubler's, in units of the cube before the double) and the proper
 * action (a bg_cube_action): those the file states, or in money play
 * those of gnubg's cube decision (DA: the cubeful equities of no double
 * and double/take; double/pass is 1).  1, or 0 when not known.
 */
int	dec_cube(const bg_rec_analysis *a, double eq[3], int *proper);
/* "doubtful", "bad", "very_bad"; NULL for none. */
const char *dec_mark_name(bg_mark m);
/* "lucky", "very_lucky", "unlucky", "very_unlucky"; NULL for 0. */
const char *dec_luck_name(int m);
/* An evaluation as "0-ply", "rollout" or its name; "" when not said. */
void	dec_eval_name(char *buf, size_t size, const bg_eval *e);
/* x as gnubg prints an equity: "+0.127", "-0.048". */
void	dec_equity(char *buf, size_t size, double x);

#endif
