/*
 * rules_int.h: the rules engine's insides shared by rules.c and
 * resolve.c.  Private to lib/; never installed.
 */
#ifndef RULES_INT_H
#define RULES_INT_H

/* A turn in progress: the board, the mover and what the variant says. */
struct turn {
	bg_board	b;
	int		s;		/* the side moving */
	unsigned	flags;		/* BG_VF_* of the variant */
	int		bearing;	/* all home when the turn began */
	unsigned char	frozen[26];	/* Tavla: checkers that hit */
};

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

#endif
