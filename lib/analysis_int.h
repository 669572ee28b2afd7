/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * analysis_int.h: the engine's analysis of a record (bg_rec_analysis)
 * read from and written as gnubg's SGF properties (analysis.c): the
 * builder a reader fills for one record, the parser of one property,
 * the parser of a string of properties (JSON's "sgf"), and the writer.
 * Included by analysis.c, the SGF and JSON readers and writers; never
 * installed.
 */
#ifndef ANALYSIS_INT_H
#define ANALYSIS_INT_H

#include <stddef.h>

#include "bgkit.h"

/* gnubg's SGF point letters: 'a'..'x' the points, 'y' the bar, 'z' off. */
static inline int
sgf_letter_point(int c, int side)
{
	if (c == 'y')
		return BG_BAR;
	if (c == 'z')
		return BG_OFF;
	if (c < 'a' || c > 'x')
		return -1;
	return side == 0 ? c - 'a' + 1 : 24 - (c - 'a');
}

static inline char
sgf_point_letter(int side, int p)
{
	if (p == BG_BAR)
		return 'y';
	if (p == BG_OFF)
		return 'z';
	return (char)(side == 0 ? 'a' + p - 1 : 'a' + 24 - p);
}

/*
 * The decimal number s[0..n) (sign, digits, fraction, exponent), the
 * double nearest it when it has up to 15 digits: 0, or -1 when s is
 * not all one number or its magnitude is 1e12 or more.
 */
int	an_decimal(const char *s, size_t n, double *v);

/* One record's analysis while it is read; it owns its strings. */
struct an_build {
	bg_rec_analysis	 a;
	bg_candidate	*cand;
	size_t		 cap;
};

void	an_build_init(struct an_build *);
/* Empty it again for the next record, keeping its memory. */
void	an_build_reset(struct an_build *);
void	an_build_fini(struct an_build *);
/* Return 1 when it holds anything, else 0. */
int	an_build_any(const struct an_build *);

/* Whether id is one of gnubg's analysis properties of a move node. */
int	an_sgf_is_prop(const char *id);
/*
 * Read gnubg's property id with its nval raw values v[k] (len[k] bytes
 * each) into b, for a record of side; match is 1 in match play (the
 * cube decision's last output is then a match-winning chance).  0; 1
 * when a value is malformed (b unchanged); 2 when it is no figure but
 * gnubg writes it so (LU[-inf]): kept as written, with no warning; or
 * -BG_ENOMEM.
 */
int	an_sgf_prop(struct an_build *b, const char *id, const char *const *v,
	    const size_t *len, size_t nval, int side, int match);
/*
 * Read the properties of t[0..n) ("DA[...]A[0][...]LU[0.1]"): those of
 * an_sgf_is_prop() into b, the others, and any malformed, appended as
 * written to *rest (of *restlen bytes, NUL-terminated, malloc'd).  0,
 * 1 when something was malformed, or -BG_ENOMEM.
 */
int	an_sgf_text(struct an_build *b, const char *t, size_t n, int side,
	    int match, char **rest, size_t *restlen);
/*
 * gnubg's properties for analysis a of a record of side, appended to
 * *buf (malloc'd, *len bytes, NUL-terminated): DA, CR, A, MR, LU, GB or
 * GW, BM or DO, BC or DC.  0, or -BG_ENOMEM.
 */
int	an_sgf_write(char **buf, size_t *len, size_t *cap,
	    const bg_rec_analysis *a, int side, int match);

/*
 * The analysis a position text export's game holds (bg_game_analysis)
 * as the analysis of its set position's record too: the candidates and
 * the cube equities; before rec_game_finish().  0, or -BG_ENOMEM.
 */
struct bg_game;
int	an_from_positions(struct bg_game *);

#endif
