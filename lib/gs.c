/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gs.c: gnubg's stored statistics of a game, the SGF property GS of a
 * game's root node (bg_gs_parse(3)), read from the text the SGF reader
 * keeps as written (bg_game_sgf()), so that the file is written back
 * byte for byte.  gnubg 1.07 writes three sections, each a value:
 *   M:  unforced moves [2], moves [2], then by mark from very bad to
 *       none [2 each], then the checker error (EMG, MWC) of each player
 *   C:  cube decisions [2], doubles [2], takes [2], passes [2], then by
 *       kind (missed doubles below and above the cash point, wrong
 *       doubles below the double point and above too good, wrong takes,
 *       wrong passes) [2 each], then each player's errors of each kind
 *       (EMG, MWC)
 *   D:  by luck from very unlucky to very lucky [2 each], then the luck
 *       (EMG, MWC) of each player
 * ([2]: player 0, then player 1.)  These are gnubg's totals of its
 * unrounded numbers, before the SGF rounded each move's; stats.c does
 * not use them, since gnubg itself, loading the SGF, totals the
 * rounded ones.
 */
#include <string.h>

#include "analysis_int.h"

/* Find the next blank-separated value in s from *i, before n and before
 * a ']'.  Return 1 with its span in *a and *b, or 0 when there is none. */
static int
value(const char *s, size_t n, size_t *i, size_t *a, size_t *b)
{
	while (*i < n && (s[*i] == ' ' || s[*i] == '\n' || s[*i] == '\r' ||
	    s[*i] == '\t'))
		(*i)++;
	if (*i >= n || s[*i] == ']')
		return 0;
	*a = *i;
	while (*i < n && s[*i] != ' ' && s[*i] != ']' && s[*i] != '\n' &&
	    s[*i] != '\r' && s[*i] != '\t')
		(*i)++;
	*b = *i;
	return 1;
}

/* Read the ni whole numbers and nf decimals of one section into iv and
 * fv.  Return 0, or -1 when they are not exactly that. */
static int
numbers(const char *s, size_t n, size_t *i, int *iv, size_t ni, double *fv,
    size_t nf)
{
	size_t k, a, b, j;
	double v;

	for (k = 0; k < ni + nf; k++) {
		if (!value(s, n, i, &a, &b))
			return -1;
		if (k < ni) {
			for (j = a, iv[k] = 0; j < b; j++) {
				if (s[j] < '0' || s[j] > '9' || iv[k] > 99999)
					return -1;
				iv[k] = iv[k] * 10 + (s[j] - '0');
			}
		} else if (an_decimal(s + a, b - a, &v) < 0)
			return -1;
		else
			fv[k - ni] = v;
	}
	return value(s, n, i, &a, &b) ? -1 : 0;
}

/* Read the numbers of section c into gs.  Return 0, or -1. */
static int
section(bg_gs *gs, int c, const char *s, size_t n, size_t *i)
{
	int iv[20], k, p;
	double fv[24];

	if (c == 'M') {
		if (numbers(s, n, i, iv, 12, fv, 4) < 0)
			return -1;
		for (p = 0; p < 2; p++) {
			gs->unforced[p] = iv[p];
			gs->moves[p] = iv[2 + p];
			for (k = 0; k < 4; k++)
				gs->marks[3 - k][p] = iv[4 + 2 * k + p];
			gs->checker[p][0] = fv[2 * p];
			gs->checker[p][1] = fv[2 * p + 1];
		}
	} else if (c == 'C') {
		if (numbers(s, n, i, iv, 20, fv, 24) < 0)
			return -1;
		for (p = 0; p < 2; p++) {
			gs->cube[p] = iv[p];
			gs->doubles[p] = iv[2 + p];
			gs->takes[p] = iv[4 + p];
			gs->passes[p] = iv[6 + p];
			for (k = 0; k < 6; k++) {
				gs->errors[k][p] = iv[8 + 2 * k + p];
				gs->error[p][k][0] = fv[12 * p + 2 * k];
				gs->error[p][k][1] = fv[12 * p + 2 * k + 1];
			}
		}
	} else {
		if (numbers(s, n, i, iv, 10, fv, 4) < 0)
			return -1;
		for (p = 0; p < 2; p++) {
			for (k = 0; k < 5; k++)
				gs->luck_marks[k][p] = iv[2 * k + p];
			gs->luck[p][0] = fv[2 * p];
			gs->luck[p][1] = fv[2 * p + 1];
		}
	}
	return 0;
}

int
bg_gs_parse(bg_gs *gs, const char *s, size_t n)
{
	size_t i = 0;
	int c;

	memset(gs, 0, sizeof *gs);
	if (n >= 2 && s[0] == 'G' && s[1] == 'S')
		i = 2;
	if (i >= n)
		return -BG_EINVAL;
	while (i < n) {
		if (s[i] != '[' || i + 2 >= n || s[i + 2] != ':')
			return -BG_EINVAL;
		c = s[i + 1];
		i += 3;
		if (c == 'M' || c == 'C' || c == 'D') {
			if ((gs->has & (c == 'M' ? BG_GS_MOVES : c == 'C' ?
			    BG_GS_CUBE : BG_GS_LUCK)) ||
			    section(gs, c, s, n, &i) < 0)
				return -BG_EINVAL;
			gs->has |= c == 'M' ? BG_GS_MOVES : c == 'C' ?
			    BG_GS_CUBE : BG_GS_LUCK;
		} else
			while (i < n && s[i] != ']')
				i += s[i] == '\\' ? 2 : 1;
		if (i >= n || s[i] != ']')
			return -BG_EINVAL;
		i++;
	}
	return 0;
}

int
bg_game_gs(const bg_game *g, bg_gs *gs)
{
	size_t i, at;
	const char *t;

	for (i = 0; i < bg_game_sgf_count(g); i++)
		if ((t = bg_game_sgf(g, i, &at)) != NULL && at == 0 &&
		    strncmp(t, "GS[", 3) == 0)
			return bg_gs_parse(gs, t, strlen(t)) < 0 ? -BG_EINVAL : 1;
	memset(gs, 0, sizeof *gs);
	return 0;
}
