/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pos_int.h: the frame the readers of position files share (fmt_pos.c):
 * the whole input held in memory, its lines one at a time, each
 * position made a match of one game whose one record sets it up.  The
 * reader of position text exports (fmt_postext.c) reads its blocks
 * through it.  Included by fmt_pos.c and fmt_postext.c after bgkit.h,
 * record_int.h and fmt_int.h; never installed.
 */
#ifndef POS_INT_H
#define POS_INT_H

#define MAXIN	(16L << 20)	/* the largest input read */

enum { K_SNOWIE, K_JF, K_LIST, K_TEXT };

struct pos {
	struct fmt_base	 b;		/* first, so that reader.c finds it */
	int		 kind;
	int		 started, err;
	char		*in;		/* the whole input */
	size_t		 inlen, at;	/* at is where the next line starts */
	int		 line;		/* the number of that line */
	int		 matches;	/* how many were handed out */
	int		 in_match;
	int		 headed;	/* set once a list's header line was
					   skipped */
	int		 col;		/* the field of a list that holds the
					   position, counted from 1 */
};

/* Add a diagnostic of code at line and col, its detail formatted from fmt. */
void	pos_note(struct pos *, int, int, int, const char *, ...)
	    __attribute__((format(printf, 5, 6)));
/*
 * The next line of the input: its number, *t and *n its text without
 * the '\n' (and without a UTF-8 BOM on line 1); 0 at the end.
 */
int	pos_next_line(struct pos *, const char **, size_t *);
/*
 * Make the match and its game from a position: names by side (NULL:
 * none), the board and the state, read at line; 0 or an error, kept in
 * p->err.
 */
int	pos_make(struct pos *, const char *[2], const bg_board *,
	    const bg_matchstate *, int);
/* The next position of a text export: 1 (a match), 0 (the end), or an
 * error (fmt_postext.c). */
int	postext_next(struct pos *);

#endif
