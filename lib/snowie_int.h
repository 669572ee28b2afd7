/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * snowie_int.h: Snowie's one-line position text (bgkit-snowie(5)), 40
 * fields each followed by ';', decoded for the two places that meet
 * it: a Snowie position file (fmt_pos.c) and the board a Snowie match
 * text gives inside "Illegal play (...)" (replay.c).
 * Included after bgkit.h; never installed.
 */
#ifndef SNOWIE_INT_H
#define SNOWIE_INT_H

/* A decoded line: the position from the side on roll's point of view. */
struct snowie_pos {
	bg_board	 board;
	bg_matchstate	 ms;		/* length, score, cube, Crawford,
					   Jacoby, dice; on_roll = side */
	int		 side;		/* the side on roll (field 4) */
	char		 name[2][64];	/* each side's name; "" when the
					   field is empty */
};

/*
 * Decode the line t[0..n) into *sp as if the side on roll were side
 * (0 or 1; -1: as field 4 says).  Returns 0, or -1 with what is wrong
 * in why[0..size) and its 1-based column in *col.
 */
int	snowie_decode(const char *t, size_t n, int side,
	    struct snowie_pos *sp, char *why, size_t size, int *col);

/*
 * The board in the text t[0..n) of Snowie's "52: Illegal play (...)"
 * by side (0 or 1), between the first '(' and the last ')': the board
 * after the play, seen from the side to roll next (bgkit-mat(5)).
 * Returns 0, or -1 with what is wrong in why[0..size).
 */
int	snowie_illegal(const char *t, size_t n, int side, int variant,
	    struct snowie_pos *sp, char *why, size_t size);

/*
 * Set the borne-off counts of b from the checkers on it: 0, or -1 when
 * a side has more than fifteen.  (Jellyfish's .pos reader too.)
 */
int	snowie_tray(bg_board *);

#endif
