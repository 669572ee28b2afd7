/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * turn_int.h: the rules engine's turn in progress, owned by rules.c and
 * used by the reference search (resolve_search.c), which moves checkers
 * through it step by step; and rules_outside, a question about one side's
 * half of a board that the fast resolver and the replay ask too.
 * Private to lib/; never installed; include bgkit.h first.
 */
#ifndef TURN_INT_H
#define TURN_INT_H

#include <stdint.h>
#include <string.h>

/* A turn in progress: the board, the mover and what the variant says. */
struct turn {
	bg_board	b;
	int		s;		/* the side moving */
	unsigned	flags;		/* BG_VF_* of the variant */
	int		bearing;	/* set when all the mover's checkers
					   were home as the turn began */
	unsigned char	frozen[26];	/* in Tavla, the checkers that hit
					   this turn */
};

/*
 * Any checker of the side whose half of the board is me outside its
 * home board (points 7 to 25, the bar included)?  Three loads of eight
 * bytes within the half's 26: the build fails where a half is another
 * size.
 */
typedef char outside_layout[sizeof(((bg_board *)0)->pt[0]) == 26 ? 1 : -1];

static inline int
rules_outside(const unsigned char *me)
{
	uint64_t a, b, c;

	memcpy(&a, me + 7, 8);
	memcpy(&b, me + 15, 8);
	memcpy(&c, me + 18, 8);	/* points 18..25, which overlap b */
	return (a | b | c) != 0;
}

void	turn_init(struct turn *, const bg_board *, int, bg_variant);
int	turn_allhome(const struct turn *);
int	turn_stepcheck(const struct turn *, int, int, int *, int *);
int	turn_stepdo(struct turn *, int, int);
void	turn_stepundo(struct turn *, int, int, int);
int	rules_example(bg_play *, int *, int *, const bg_board *, int,
	    const int [2], bg_variant);
int	rules_finish(bg_verdict *, const struct turn *, const int [2],
	    bg_variant);

#endif
