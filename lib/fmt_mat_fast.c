/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_mat_fast.c: the .mat reader's fast reader, of the layout gnubg and
 * eXtreme Gammon write: move lines of one or two cells in gnubg's
 * notation ("  7) 64: 13/7 8/4*       Doubles => 2"), game and result
 * lines, score lines, tags, and lines of keyword cells, read in one pass
 * and where they lie in the decoded text when they can be.
 *
 * The contract.  For every line it takes, the fast reader gives the
 * same records (kind, dice, play, value, flags, side, line, column,
 * move number, text), the same columns learned, the same game state
 * (score, players, result seen, last line of content) and the same
 * diagnostics as the reference path (fmt_mat_grammar.c, with the lines
 * of fmt_mat_text.c) gives for that line.  It may decline any line, at
 * any point before it has changed anything; the reference path then
 * reads it.  tests/unit/test_fast.c reads every corpus file and random
 * and edited lines both ways (fmt_mat_set_fast) and compares.
 *
 * It is entered through one function, mat_fast_take(), wherever the game
 * loop (fmt_mat.c) needs a line: it takes the line (FAST_TAKEN; where
 * move lines lie in the decoded text, the whole run of them in one
 * call), reads and classifies it (FAST_KIND), or declines (FAST_UNREAD,
 * FAST_READ).  The header lines'
 * patterns also have literal forms here (mat_lit_*), which the reference
 * grammar tries before the pattern; each gives what the pattern's groups
 * would, or declines.  Part of the .mat reader (fmt_mat_int.h).
 */
#include <stdint.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#define BYTES16		/* look at 16 bytes at a time; else at a
				   word, or at a byte */
#endif
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"
#include "fmt_mat_int.h"

/* ------------------------------------------------- lines where they lie */

/*
 * The line at r->dpos, whole and nothing of it scanned, read where it
 * lies when it is printable ASCII ended by an LF in the text and no
 * longer than MAXLINE, as mat_next_line would read it (such a line has
 * no CR, no byte to repair and no long line to report): 1, or 0 to leave
 * it to mat_next_line.  The text is followed by PAD NULs (fill), so sixteen
 * bytes from one of its bytes may be read.
 */
static int
line_in_place(struct matrd *r)
{
	char *s = r->dec + r->dpos;
	size_t e = 0, n;
#ifdef BYTES16
	const __m128i sp = _mm_set1_epi8(' '), del = _mm_set1_epi8(0x7f);
	__m128i x;
	unsigned m;

	for (;; e += 16) {
		x = _mm_loadu_si128((const __m128i *)(const void *)(s + e));
		/*
		 * The comparison is signed, so the bytes from 0x80 up are
		 * below the space too.
		 */
		m = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmplt_epi8(x, sp), _mm_cmpeq_epi8(x, del)));
		if (m != 0)
			break;
	}
	e += (unsigned)__builtin_ctz(m);
#else
	while ((unsigned)((unsigned char)s[e] - ' ') < 0x7f - ' ')
		e++;
#endif
	if (s[e] != '\n' || e > MAXLINE || e >= r->dlen - r->dpos)
		return 0;
	for (n = e; n > 0 && s[n - 1] == ' '; n--)
		;
	s[n] = '\0';
	r->line = s;
	r->llen = n;
	r->plain = 1;
	r->longline = 0;
	r->dpos = r->dscan = r->dpos + e + 1;
	r->lineno++;
	return 1;
}

/* ---------------------------------------------- the patterns' literal forms */

/*
 * Digits at s[*i..n): 1 to 9 of them, their value in *v and *i after
 * them; else 0.
 */
static int
digits(const char *s, size_t *i, size_t n, int *v)
{
	size_t k = *i, j = k;
	unsigned long u = 0;

	/*
	 * Compute the value as atoin() does, in the same pass; more than
	 * nine digits wrap.
	 */
	for (; j < n && isdig((unsigned char)s[j]); j++)
		u = u * 10 + (unsigned)(s[j] - '0');
	*i = j;
	if (j == k || j - k > 9)
		return 0;
	*v = (int)u;
	return 1;
}

/*
 * " 7 point match" and " Game 3" as gnubg writes them, in lines of s[0..n)
 * that P_MATCH and P_GAME would match, read without them: 1 with the
 * number of their group 1 in *v, else 0 to let the pattern decide.
 */
int
mat_lit_match(const char *s, size_t n, int *v)
{
	size_t i = spaces(s, 0, n);

	if (!digits(s, &i, n, v))
		return 0;
	i = spaces(s, i, n);
	if (n - i < 5 || memcmp(s + i, "point", 5) != 0)
		return 0;
	i += 5;
	if (i < n && s[i] == 's')
		i++;
	if (i == n || s[i] != ' ')
		return 0;
	i = spaces(s, i, n);
	if (n - i < 5 || memcmp(s + i, "match", 5) != 0)
		return 0;
	return spaces(s, i + 5, n) == n;
}

int
mat_lit_game(const char *s, size_t n, int *v)
{
	size_t i = spaces(s, 0, n);

	if (n - i < 6 || memcmp(s + i, "Game ", 5) != 0)
		return 0;
	i = spaces(s, i + 5, n);
	return digits(s, &i, n, v) && spaces(s, i, n) == n;
}

/*
 * A tag as gnubg writes it, '; [Key "value"]' in printable ASCII ending
 * in '"]': 1 with the key and value that P_TAG's groups 1 and 2 would
 * give, else 0 to let the pattern decide.
 */
int
mat_lit_tag(const char *s, size_t n, size_t *ks, size_t *kl, size_t *vs,
    size_t *vl)
{
	size_t i, q, e;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			return 0;
	if (n < 5 || (s[0] != ';' && s[0] != '#') || s[n - 2] != '"' ||
	    s[n - 1] != ']')
		return 0;
	i = spaces(s, 1, n);
	if (s[i] != '[')
		return 0;
	i = spaces(s, i + 1, n);
	/* The key: up to the first quote, trimmed, no ']' in it. */
	for (q = i; s[q] != '"'; q++)
		if (s[q] == ']')
			return 0;
	if (q >= n - 2)
		return 0;
	for (e = q; e > i && s[e - 1] == ' '; e--)
		;
	*ks = i;
	*kl = e - i;
	*vs = q + 1;
	*vl = n - 2 - (q + 1);
	return 1;
}

/*
 * The offset of the first colon from s[i] on, when every byte before it
 * is printable ASCII; else the offset of the first byte that is not.
 */
static size_t
to_colon(const char *s, size_t i)
{
	while ((unsigned)((unsigned char)s[i] - ' ') < 0x7f - ' ' &&
	    s[i] != ':')
		i++;
	return i;
}

/*
 * A score line as gnubg writes it (" Alice : 2      Bob : 4"): printable
 * ASCII with two colons only, scores of one to nine digits.  Sets what
 * P_SCORE's groups 1 and 3 would hold (the names trimmed) and the values
 * of its groups 2 and 4, and returns 1; 0 for any other line, which the
 * pattern then judges.  In one pass: the line is s[0..n), and s[n] is
 * its NUL.
 */
int
mat_lit_score(const char *s, size_t n, size_t st[2], size_t len[2], int v[2])
{
	size_t i = 0, k, c, e, d;
	unsigned long u;

	for (k = 0; k < 2; k++) {
		i = padding(s, i, n);
		if (s[c = to_colon(s, i)] != ':')
			return 0;
		for (e = c; e > i && s[e - 1] == ' '; e--)
			;
		if (e == i)
			return 0;
		st[k] = i;
		len[k] = e - i;
		/*
		 * Nine digits at most, so the value is atoin's; more wrap
		 * u round, unsigned, and are refused.
		 */
		for (d = i = spaces(s, c + 1, n), u = 0;
		    isdig((unsigned char)s[i]); i++)
			u = u * 10 + (unsigned)(s[i] - '0');
		if (i == d || i - d > 9)
			return 0;
		v[k] = (int)u;
		if (k == 0 && s[i] != ' ')
			return 0;
	}
	return spaces(s, i, n) == n;
}

/*
 * The keyword cells as gnubg writes them ("Doubles => 2", "Takes",
 * "Drops", "Wins 1 point", "Wins 3 points"), read without P_CELL: the
 * record the pattern would give, and no spelling warning, as they are
 * canonical.  0 for any other cell.
 */
int
mat_lit_keyword(bg_record *rec, const char *s, size_t len)
{
	bg_rec_kind kind;
	size_t i, k;

	if (len == 5 && (memcmp(s, "Takes", 5) == 0 ||
	    memcmp(s, "Drops", 5) == 0)) {
		rec->kind = s[0] == 'T' ? BG_REC_TAKE : BG_REC_DROP;
		return 1;
	}
	if (len > 11 && memcmp(s, "Doubles => ", 11) == 0) {
		kind = BG_REC_DOUBLE;
		i = 11;
	} else if (len > 5 && memcmp(s, "Wins ", 5) == 0) {
		kind = BG_REC_WIN;
		i = 5;
	} else
		return 0;
	for (k = i; k < len && isdig((unsigned char)s[k]); k++)
		;
	if (k == i || k - i > 9)
		return 0;
	if (kind == BG_REC_WIN && !((len - k == 6 &&
	    memcmp(s + k, " point", 6) == 0) || (len - k == 7 &&
	    memcmp(s + k, " points", 7) == 0)))
		return 0;
	if (kind == BG_REC_DOUBLE && k != len)
		return 0;
	rec->kind = kind;
	rec->value = atoin(s + i, k - i);
	return 1;
}

/* ---------------------------------------------------------- move lines */

/*
 * The point of digit values d0 and d1, two when d1 is a digit, else d0.
 * A product, not a choice: a choice becomes a branch on the number of
 * digits, which no predictor guesses (doc/performance.md).
 */
static inline int
point_of(unsigned d0, unsigned d1, unsigned two)
{
	return (int)(d0 + two * (9 * d0 + d1));
}

/*
 * The point of one or two digits at s[*i], *i moved past it; -1 when
 * s[*i] is not a digit.  Without a branch on the number of digits:
 * s[*i] is a digit, so s[*i + 1] is in the line (perhaps its end).
 */
static inline int
read_point(const char *s, size_t *i)
{
	unsigned d0 = (unsigned char)s[*i] - '0', d1, two;

	if (d0 > 9)
		return -1;
	d1 = (unsigned char)s[*i + 1] - '0';
	two = d1 <= 9;
	*i += 1 + two;
	return point_of(d0, d1, two);
}

/* Copy 64 bytes, the text of most move lines, without a call. */
static inline void
copy64(char *t, const char *s)
{
#ifdef BYTES16
	int k;

	/* Unrolled, or gcc makes the loop a call of memcpy again. */
#pragma GCC unroll 4
	for (k = 0; k < 64; k += 16)
		_mm_storeu_si128((__m128i *)(void *)(t + k), _mm_loadu_si128(
		    (const __m128i *)(const void *)(s + k)));
#else
	memcpy(t, s, 64);
#endif
}

/*
 * The offset of the first byte from s[i] on that is not a space, lim
 * bytes readable at s and a byte that is not a space among them.
 */
static inline size_t
skip_spaces(const char *s, size_t i, size_t lim)
{
#ifdef BYTES16
	unsigned m;

	for (; i + 16 <= lim; i += 16) {
		m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(
		    (const __m128i *)(const void *)(s + i)),
		    _mm_set1_epi8(' '))) ^ 0xffff;
		if (m != 0)
			return i + (unsigned)__builtin_ctz(m);
	}
#else
	while (i + 8 <= lim && all_spaces(s + i))
		i += 8;
#endif
	while (s[i] == ' ')
		i++;
	return i;
}

/*
 * Hide from the compiler what it knows of x's value, so that it reads x
 * and does not recompute it: an offset found equal to one computed
 * another way is then taken as the one that waits on nothing.
 */
#if defined(__GNUC__)
#define OPAQUE(x)	__asm__("" : "+r"(x))
#else
#define OPAQUE(x)	((void)0)
#endif

/*
 * The end of a line for move_line: its NUL, or its LF in the text; in
 * one test, which also takes the control bytes 2 and 8, where no cell
 * can be and move_line fails all the same (an end must be eol).
 */
#define LINE_END(c)	(((c) | 0x0a) == 0x0a)

/* Write the part "F/T" (a hit when star is set) into *pa, clearing the
 * rest of it, just as parse_plain does. */
static inline void
set_part(bg_path *pa, int from, int to, int star)
{
	pa->npt = 2;
	pa->count = 1;
	pa->pt[0] = (signed char)from;
	pa->pt[1] = (signed char)to;
	pa->hit[1] = (unsigned char)star;
}

/*
 * Zero rec and make it a move of the roll d0 d1 of a cell, not yet
 * played.
 */
static inline void
set_roll(bg_record *rec, int d0, int d1)
{
	rec_zero(rec);
	rec->kind = BG_REC_MOVE;
	rec->dice[0] = rec->note.dice[0] = d0;
	rec->dice[1] = rec->note.dice[1] = d1;
	if (d0 < d1)
		rec->flags = BG_RF_LOWFIRST;
}

/* The np parts read after the roll of rec. */
static inline void
set_played(bg_record *rec, int np)
{
	rec->note.npath = np;
	rec->note.kind = np ? BG_NOTE_PLAY : BG_NOTE_NONE;
}

/*
 * Read one part of a play at s[i]: "F/T" or "F/T*", each point written
 * with one or two digits, as parse_plain (notation.c) reads it.  The
 * part goes into *pa, and the function returns the offset just after
 * it, or 0 when the text there is not such a part.  The caller has seen
 * that s[i] is a digit, so s[i + 1] may be read.
 */
static size_t
read_part(const char *s, size_t i, bg_path *pa)
{
	unsigned f = (unsigned char)s[i] - '0', d = (unsigned char)s[i + 1] -
	    '0', two = d <= 9;
	int from, to, star;

	from = point_of(f, d, two);
	i += 1 + two;
	if (s[i++] != '/' || (to = read_point(s, &i)) < 0)
		return 0;
	star = s[i] == '*';
	if (((unsigned)from - 1 > BG_BAR - 1) | (to >= from))
		return 0;
	set_part(pa, from, to, star);
	return i + star;
}

/* Where the cell s[st..en) of a move line lies, into its record rec. */
static inline void
place_cell(bg_record *rec, size_t st, size_t en, int side, int lineno,
    int moveno)
{
	rec->len = en - st;
	rec->line = lineno;
	rec->col = (int)st + 1;
	rec->moveno = moveno;
	rec->side = side;
}

/*
 * The end of a move line read by move_line: its n cells
 * s[st[m]..en[m]), whose records are built but for their place, on line
 * lineno with move number moveno, its left column at left; lim bytes
 * may be read at s.  0, or -BG_ENOMEM.
 */
static inline int
store_cells(struct matrd *r, const char *s, size_t lim, const size_t st[2],
    const size_t en[2], int n, int moveno, int left, int lineno)
{
	struct bg_game *g = &r->b.game;
	bg_record *base = g->rec + g->nrec;
	size_t off, len, *to;
	char *t;

	r->last_line = lineno;
	/*
	 * The cells' text: the line from the first cell to the end of
	 * the last, copied once, each cell ended by a NUL on the blank
	 * after it.  The records as rec_game_new_at makes them.
	 */
	len = en[n - 1] - st[0];
	if (g->s.cap - g->s.len < len + 65 && rec_sb_room(&g->s, len + 65) < 0)
		return r->err = -BG_ENOMEM;
	off = g->s.len;
	t = g->s.p + off;
	if (len < 64 && st[0] + 64 <= lim)
		copy64(t, s + st[0]);	/* what follows is written over */
	else
		memcpy(t, s + st[0], len);
	t[len] = '\0';
	g->s.len += len + 1;
	if (n == 2)
		t[en[0] - st[0]] = '\0';
	to = g->toff + g->nrec;
	to[0] = off;
	if (n == 2) {
		place_cell(base, st[0], en[0], 0, lineno, moveno);
		to[1] = off + st[1] - st[0];
		place_cell(base + 1, st[1], en[1], 1, lineno, moveno);
	} else
		place_cell(base, st[0], en[0], lone_side(r, left,
		    (int)st[0] + 1), lineno, moveno);
	g->nrec += (size_t)n;
	/* Learn the columns from a clean two-cell line, as mat_read_cells. */
	if (n == 2)
		learn_cols(r, (int)st[0] + 1, (int)st[1] + 1, 1);
	return 0;
}

/*
 * A move line as gnubg writes it, "  7) 64: 13/7 8/4*       Doubles => 2",
 * read in one pass from the number at s[body] (a digit, as the callers
 * have found), its records built in place, on line lineno: a number,
 * then one or two cells apart, each a roll with its play in gnubg's
 * notation (parts "F/T" one blank apart) or none, "Doubles => N",
 * "Takes" or "Drops".  The line ends at eol: a
 * NUL for a line mat_next_line has cut and trimmed, an LF for one still in
 * the decoded text (move_line_in_place), where blanks may come before it; lim
 * bytes may be read at s.  The records, the columns learned and
 * the line of the last content are those mat_read_cells makes of such a
 * line (test_fast compares them on many lines); for anything else (a
 * third cell, a tab, another keyword, a play in another notation, text
 * glued to a roll) it returns 0 having changed nothing, and mat_read_cells
 * reads the line.  Else the offset of the line's end (its NUL or LF),
 * or a negative code.
 */
static long
move_line(struct matrd *r, const char *restrict s, size_t body, size_t lim,
    int eol, int lineno)
{
	struct bg_game *g = &r->b.game;
	bg_record *rec = NULL, *base;
	size_t i = body, j, st[2], en[2], right;
	int moveno, n = 0, left, np;

	/* The callers have checked that s[body] is a digit. */
	moveno = s[i++] - '0';
	while (isdig((unsigned char)s[i]) && i - body < 4)
		moveno = moveno * 10 + (s[i++] - '0');
	if (s[i] != ')')
		return 0;
	if (g->caprec - g->nrec < 2 && rec_game_room(g, 2) < 0)
		return r->err = -BG_ENOMEM;
	base = g->rec + g->nrec;
	left = (int)i + 3;	/* mat_dispcol(r, i) + 2 */
	right = (size_t)r->rightcol - 1;	/* SIZE_MAX when not learned */
	for (i++;;) {
		/*
		 * The blanks between the cells, sixteen at a time.  The
		 * right cell most often starts in the column learned: read
		 * from there, not from where the blanks were found to end,
		 * it is read while the left one still is.
		 */
		if (s[i] == ' ') {
			if (s[i + 1] == ' ') {
				j = skip_spaces(s, i + 2, lim);
				if (n == 1 && j == right) {
					i = right;
					OPAQUE(i);
				} else
					i = j;
			} else
				i = i + 1;
		}
		if (LINE_END(s[i]))
			break;
		if (n == 2)
			return 0;
		rec = base + n;
		st[n] = i;
		if (s[i] >= '1' && s[i] <= '6' && s[i + 1] >= '1' &&
		    s[i + 1] <= '6' && s[i + 2] == ':') {
			set_roll(rec, s[i] - '0', s[i + 1] - '0');
			i += 3;
			en[n] = i;
			if (s[i] != ' ' && !LINE_END(s[i]))
				return 0;
			if (s[i] == ' ')
				i = s[i + 1] == ' ' ? skip_spaces(s, i + 2,
				    lim) : i + 1;
			/* Parts, one blank apart, up to the next roll. */
			np = 0;
			if (isdig((unsigned char)s[i]) &&
			    (LINE_END(s[i + 1]) || s[i + 2] != ':')) {
				for (;;) {
					if (np == 4 || (i = read_part(s, i,
					    &rec->note.path[np++])) == 0)
						return 0;
					if (s[i] != ' ') {
						if (!LINE_END(s[i]))
							return 0;
						break;
					}
					/* A part, not a roll, after one blank? */
					if (!isdig((unsigned char)s[i + 1]) ||
					    (!LINE_END(s[i + 2]) &&
					    s[i + 3] == ':'))
						break;
					i++;
				}
				en[n] = i;
			}
			set_played(rec, np);
		} else if (s[i] == 'T' || s[i] == 'D') {
			rec_zero(rec);
			if (lim - i >= 5 && (memcmp(s + i, "Takes", 5) == 0 ||
			    memcmp(s + i, "Drops", 5) == 0)) {
				rec->kind = s[i] == 'T' ? BG_REC_TAKE :
				    BG_REC_DROP;
				i += 5;
			} else if (lim - i >= 11 &&
			    memcmp(s + i, "Doubles => ", 11) == 0) {
				rec->kind = BG_REC_DOUBLE;
				for (j = i += 11; isdig((unsigned char)s[i]) &&
				    i - j < 9; i++)
					rec->value = rec->value * 10 +
					    (s[i] - '0');
				if (i == j)
					return 0;
			} else
				return 0;
			if (s[i] != ' ' && !LINE_END(s[i]))
				return 0;
			en[n] = i;
		} else
			return 0;
		n++;
	}
	if (n == 0 || s[i] != eol || i > MAXLINE)
		return 0;
	if (store_cells(r, s, lim, st, en, n, moveno, left, lineno) < 0)
		return r->err;
	return (long)i;
}

/*
 * The next line read where it lies in the decoded text, when it is a
 * move line move_line reads, ended by an LF and no longer than MAXLINE:
 * 1, having read it as mat_next_line and mat_read_cells would; 0 when it
 * is not such a line, having changed nothing; or a negative code.  The
 * text is followed by PAD NULs (fill), where a line cut by the buffer's
 * end stops, to be read by mat_next_line.
 */
static int
move_line_in_place(struct matrd *r)
{
	const char *s = r->dec + r->dpos;
	size_t body = 0;
	long end;

	while (s[body] == ' ')
		body++;
	if (!isdig((unsigned char)s[body]))
		return 0;
	if ((end = move_line(r, s, body, r->dlen - r->dpos + PAD, '\n',
	    r->lineno + 1)) <= 0)
		return (int)end;
	r->lineno++;
	r->dpos = r->dscan = r->dpos + (size_t)end + 1;
	return 1;
}

/* ----------------------------------------------- lines of keyword cells */

/*
 * An unnumbered line that is one keyword cell as gnubg writes it
 * ("Wins 2 points" under the winner's column): the record mat_read_cells
 * would add, without splitting the line.  0, 1 when the line is no such
 * cell, or a negative code.  The line is right-trimmed, so the cell
 * runs to its end, and no other cell starts in it: after the keyword
 * come only "=>" and digits, or digits and "point" or "points".
 */
static int
keyword_line(struct matrd *r, size_t body)
{
	const char *s = r->line + body;
	size_t len = r->llen - body;
	bg_record kw, *rec;

	kw.kind = BG_REC_UNPARSED;
	kw.value = 0;
	if (!mat_lit_keyword(&kw, s, len))
		return 1;
	if ((rec = rec_game_new(&r->b.game, s, len)) == NULL)
		return r->err = -BG_ENOMEM;
	rec->kind = kw.kind;
	rec->value = kw.value;
	rec->line = r->lineno;
	rec->col = mat_charcol(r, body);
	rec->side = lone_side(r, r->leftcol ? r->leftcol : LEFTCOL,
	    mat_dispcol(r, body));
	if (rec->kind == BG_REC_WIN || rec->kind == BG_REC_LOSS)
		r->has_result = 1;
	r->last_line = r->lineno;
	return 0;
}

/*
 * The end of a keyword cell as gnubg writes it at s[i] ("Takes", "Drops",
 * "Doubles => 2"), NUL-terminated; i when there is none.  mat_lit_keyword
 * then reads the cell.
 */
static size_t
keyword_end(const char *s, size_t i)
{
	const char *w = s[i] == 'T' ? "Takes" : s[i] == 'D' ? s[i + 1] == 'r' ?
	    "Drops" : "Doubles => " : "";
	size_t k = i;

	/* The word, up to the first byte that differs, the NUL at most. */
	while (*w != '\0' && s[k] == *w)
		k++, w++;
	if (*w != '\0')
		return i;
	while (isdig((unsigned char)s[k]))
		k++;
	return k;
}

/*
 * A move line move_line leaves, of two keyword cells as gnubg writes
 * them, the second perhaps a result ("26)  Drops      Wins 2 points"):
 * the records and columns mat_read_cells would make of it, with body at the
 * number.  0, 1 when the line is no such line (nothing changed), or a
 * negative code.  The cells hold no roll or other keyword, so the line
 * splits into these two only; the line is plain and right-trimmed, and
 * the second cell runs to its end.
 */
static int
keyword_pair_line(struct matrd *r, size_t body)
{
	const char *s = r->line;
	size_t from = body, st[2], en[2];
	bg_record kw[2], *rec;
	int k, moveno;

	while (isdig((unsigned char)s[from]))
		from++;
	st[0] = spaces(s, from + 1, r->llen);
	en[0] = keyword_end(s, st[0]);
	st[1] = spaces(s, en[0], r->llen);
	en[1] = r->llen;
	/* A blank after the first cell, and a second cell. */
	if (en[0] == st[0] || st[1] == en[0] || st[1] == en[1])
		return 1;
	for (k = 0; k < 2; k++) {
		kw[k].value = 0;
		if (!mat_lit_keyword(&kw[k], s + st[k], en[k] - st[k]))
			return 1;
	}
	moveno = atoin(s + body, from - body);
	for (k = 0; k < 2; k++) {
		/* As keyword_line: the record mat_read_cells would add. */
		if ((rec = rec_game_new(&r->b.game, s + st[k],
		    en[k] - st[k])) == NULL)
			return r->err = -BG_ENOMEM;
		rec->kind = kw[k].kind;
		rec->value = kw[k].value;
		rec->line = r->lineno;
		rec->col = (int)st[k] + 1;
		rec->moveno = moveno;
		rec->side = k;
		if (rec->kind == BG_REC_WIN || rec->kind == BG_REC_LOSS)
			r->has_result = 1;
	}
	r->last_line = r->lineno;
	learn_cols(r, (int)st[0] + 1, (int)st[1] + 1, 1);
	return 0;
}

/* ------------------------------------------- score, game and result lines */

/*
 * The score line as gnubg writes it, before mat_classify: a line
 * mat_lit_score takes is one mat_classify would give to mat_score_line,
 * unless it starts with a comment's mark (the colons rule out a match or
 * game line).  1, 0 for another line, or a negative code.
 */
static int
score_line(struct matrd *r)
{
	size_t st[2], len[2];
	int v[2];

	if (!mat_lit_score(r->line, r->llen, st, len, v) ||
	    r->line[st[0]] == ';' || r->line[st[0]] == '#')
		return 0;
	return mat_set_score(r, st, len, v);
}

/*
 * After the move lines, the game loop (fmt_mat.c) most often meets a
 * game line ("Game 3") or a result ("Wins 1 point").  When the line at
 * r->dpos starts with such a line's 'G' or 'W' after blanks, this reads
 * it where it lies (line_in_place) and sets its kind in *k and the start
 * of its body in *body, without the general classifier mat_classify: a
 * game line that mat_lit_game reads is L_GAME, with its number in
 * r->number, and a 'W' line is L_OTHER.  It returns 1 when it read the
 * line, and 0, having read nothing, otherwise.
 */
static int
game_or_result_line(struct matrd *r, enum kind *k, size_t *body)
{
	const char *s = r->dec + r->dpos;
	size_t i = 0;

	while (s[i] == ' ')
		i++;
	if ((s[i] != 'G' && s[i] != 'W') || !line_in_place(r))
		return 0;
	/*
	 * Only spaces and printable bytes came before, so the body
	 * mat_classify() would find starts at i.
	 */
	*body = i;
	if (s[i] == 'W')
		*k = L_OTHER;
	else if (mat_lit_game(r->line, r->llen, &r->number))
		*k = L_GAME;
	else
		*k = mat_classify(r, body);
	return 1;
}

/* ------------------------------------------------------------ the entry */

/*
 * The current line, classified by the reference (*k, *body), taken when
 * it is a move line or a line of keyword cells as gnubg writes them:
 * FAST_TAKEN, FAST_KIND to leave it to the reference path, or a
 * negative code.  A move line cut by mat_next_line ends at its NUL.
 */
static int
take_classified(struct matrd *r, const enum kind *k, const size_t *body)
{
	long end;
	int rc;

	if (*k == L_MOVE && r->plain) {
		if ((end = move_line(r, r->line, *body, r->llen + 1, '\0',
		    r->lineno)) != 0)
			return end < 0 ? (int)end : FAST_TAKEN;
		if ((rc = keyword_pair_line(r, *body)) <= 0)
			return rc < 0 ? rc : FAST_TAKEN;
	} else if (*k == L_OTHER && (rc = keyword_line(r, *body)) <= 0)
		return rc < 0 ? rc : FAST_TAKEN;
	return FAST_KIND;
}

int
mat_fast_take(struct matrd *r, enum kind *k, size_t *body)
{
	int rc;

	if (!r->fast)
		return FAST_UNREAD;
	/*
	 * Move lines where they lie, while nothing waits, and the empty
	 * lines between them, which mat_next_line would give for
	 * mat_classify to call blank: the text is followed by NULs, so a
	 * line end at dpos is in it.  Then the line after them, when it is
	 * a game line or a result.
	 */
	if (r->dec != NULL && !r->pushed && !r->skipping && r->nq == 0 &&
	    !r->expect_score && r->dscan == r->dpos) {
		for (;;) {
			while ((rc = move_line_in_place(r)) > 0)
				;
			if (rc < 0)
				return r->err;
			if (r->dec[r->dpos] != '\n')
				break;
			r->dpos = r->dscan = r->dpos + 1;
			r->lineno++;
		}
		if (game_or_result_line(r, k, body))
			return take_classified(r, k, body);
	}
	/* The next line, where it lies when it can be. */
	if (r->err)
		return r->err;
	if (r->pushed || r->dec == NULL || r->skipping ||
	    r->dscan != r->dpos || !line_in_place(r)) {
		if ((rc = mat_next_line(r)) <= 0)
			return rc;
	}
	if (r->nq > 0)
		return FAST_READ;
	if (r->expect_score) {
		if ((rc = score_line(r)) == 0)
			return FAST_READ;
		if (rc < 0)
			return r->err = rc;
		r->expect_score = 0;
		r->last_line = r->lineno;
		return FAST_TAKEN;
	}
	*k = mat_classify(r, body);
	return take_classified(r, k, body);
}
