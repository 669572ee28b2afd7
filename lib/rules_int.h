/*
 * rules_int.h: the rules engine's insides shared by rules.c and
 * resolve.c (and the replay, which takes the resolver's quick path
 * directly).  Private to lib/; never installed; include bgkit.h first.
 */
#ifndef RULES_INT_H
#define RULES_INT_H

#include <stdint.h>
#include <string.h>

/* A turn in progress: the board, the mover and what the variant says. */
struct turn {
	bg_board	b;
	int		s;		/* the side moving */
	unsigned	flags;		/* BG_VF_* of the variant */
	int		bearing;	/* all home when the turn began */
	unsigned char	frozen[26];	/* Tavla: checkers that hit */
};

/* Any checker outside the home board (points 7 to 25)?  Three loads. */
static inline int
rules_outside(const unsigned char *me)
{
	uint64_t a, b, c;

	memcpy(&a, me + 7, 8);
	memcpy(&b, me + 15, 8);
	memcpy(&c, me + 18, 8);	/* 18..25, overlapping b */
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
/* bg_notation_resolve without its fast cases: for the tests. */
int	resolve_search(bg_resolved *, const bg_notation *, const bg_board *,
	    int, const int [2], bg_variant);
/*
 * The quick path of bg_notation_resolve for a variant of flags BG_VF_*,
 * made in place on *b: 1 when it decides the text, with *b the position
 * after, the play and warnings as bg_notation_resolve gives them
 * (res->after, res->play, res->warn), the play legal; 0, *b unchanged,
 * when the general code must decide.
 */
int	resolve_quick(bg_board *, int, const bg_notation *, const int [2],
	    unsigned, bg_play *, int [4], int *);

#endif
