/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_mat_int.h: what the four files of the .mat reader share: the
 * reader's state (struct matrd), the kinds of line, and the functions
 * each file offers the others, grouped by the file that defines them:
 * fmt_mat_text.c (bytes to lines), fmt_mat_grammar.c (the reference
 * grammar of lines and cells), fmt_mat_fast.c (the layout gnubg and XG
 * write, read without the grammar) and fmt_mat.c (matches and games).
 * Included by those files only, after bgkit.h, record_int.h and
 * fmt_int.h; never installed.
 */
#ifndef FMT_MAT_INT_H
#define FMT_MAT_INT_H

#include <stdint.h>
#include <string.h>

#include "regex_int.h"

#include "chars_int.h"

#define CHUNK	65536		/* bytes asked of read() at a time */
#define MAXLINE	65536		/* longer lines are cut */
#define PAD	16		/* NULs after the decoded text (fill) */
#define LEFTCOL	6		/* default left cell column (1-based) */
#define RIGHTCOL 34		/* default right cell column (gnubg) */

enum enc {
	ENC_UNKNOWN,
	ENC_UTF8,
	ENC_UTF16LE,
	ENC_UTF16BE
};

/* The patterns of the reference grammar (fmt_mat_grammar.c). */
enum pat {
	P_MATCH,		/* " 7 point match" */
	P_GAME,			/* " Game 3" */
	P_SCORE,		/* " Alice : 2          Bob : 4" */
	P_TAG,			/* "; [Key "value"]" */
	P_SETPOS,		/* "; Set Pos=..." */
	P_CELL,			/* a keyword cell: "Doubles => 2", "Wins 1 point" */
	P_COUNT
};

enum kind {
	L_BLANK,
	L_COMMENT,	/* ';' or '#' */
	L_MATCH,	/* "N point match" */
	L_GAME,		/* "Game N" */
	L_MOVE,		/* "12) ..." */
	L_CELLS,	/* an unnumbered line that starts with a cell */
	L_OTHER		/* else; classify() leaves L_CELLS to cells() */
};

/* A comment line read inside a game, held until the next line says
 * whether it belongs to the game or to the next match's header. */
struct qline {
	int	 line;
	size_t	 off, len;
};

/* The .mat reader: one of the formats of a bg_reader (reader.c). */
struct matrd {
	struct fmt_base	 b;		/* first, so that reader.c finds it */
	int		 err;		/* sticky system error, negated */

	/* decoding */
	enum enc	 enc;
	int		 eof;		/* read() said the end */
	unsigned char	*raw;		/* CHUNK + 4 bytes, for UTF-16 */
	size_t		 rawlen;
	unsigned	 hisur;		/* UTF-16 high surrogate waiting */
	int		 badenc;	/* a bad sequence since the last line */
	int		 encwarned;
	char		*dec;		/* decoded UTF-8 */
	size_t		 dlen, dpos, dcap, dscan;
	int		 skipping;	/* discarding the rest of a long line */
	unsigned char	 head[DIAG_BYTES];	/* the input's first bytes */
	size_t		 headlen;
	size_t		 nread;		/* bytes read from the input */

	/*
	 * The current line, NUL-terminated, right-trimmed: in the decoded
	 * text itself when plain (the NUL on its line end), else a copy in
	 * lbuf, repaired.  Valid until the next line is read.
	 */
	char		*line;
	size_t		 llen;
	char		*lbuf;
	size_t		 lcap;
	int		 lineno;
	int		 longline;	/* set when this line was cut */
	int		 plain;		/* set when the line is ASCII without
					   a tab, so a column is a byte */
	int		 nul;		/* set when a NUL in it was repaired */
	int		 fast;		/* set when fmt_mat_fast.c may read
					   lines */
	int		 number;	/* the number of the match or game
					   line read */
	char		*pbuf;		/* a line given back, to read again */
	size_t		 plen, pcap;
	int		 pline, pushed, plong, pplain, pnul;
	char		*tmp;		/* room to repair Latin-1 text and
					   to build names */
	size_t		 tcap;

	struct rx	 rx;		/* PCRE2, loaded on the first pattern */
	pcre2_code	*re[P_COUNT];
	pcre2_match_data *md;
	pcre2_match_context *mc;	/* the bounds of one match */

	/* Where the reader is. */
	int		 nmatch;	/* how many matches were started */
	int		 in_match;	/* set while games may follow */
	int		 fresh;		/* set when r->b.game was started
					   but not handed out */
	int		 cur_game;	/* the number of the game being read */
	int		 pg_valid, pg_number, pg_line;	/* the next "Game N"
							   line, when one
							   was read ahead */
	int		 expect_score;
	int		 has_result;
	long		 resign_at;	/* after a "Resigns", the index the
					   other side's "Wins" should have,
					   or -1 */
	int		 resign_side, resign_line, resign_col, resign_moveno;
	int		 last_line;	/* the game's last line with text */
	int		 leftcol, rightcol;	/* the columns of the two
						   sides, learned from the
						   lines read */

	struct qline	*q;
	size_t		 nq, capq;
	char		*qbuf;
	size_t		 qlen, qcap;
};

/* ------------------------------------------------------- shared helpers */

/*
 * Word-at-a-time byte tests: ONES times c puts c in every byte, HIGHS
 * is the high bit of every byte.
 */
#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL

/* The blanks of a line, by table: the tokenizer asks for every byte. */
static const unsigned char mat_blanks[256] = {
	[' '] = 1, ['\t'] = 1, ['\v'] = 1, ['\f'] = 1
};

static inline int
isws(int c)
{
	return mat_blanks[c & 0xff];
}

/* A decimal of at most 9 digits at s[0..len). */
static inline int
atoin(const char *s, size_t len)
{
	int v = 0;
	size_t i;

	for (i = 0; i < len && i < 9 && isdig((unsigned char)s[i]); i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* Offset of the first byte of s[i..n) that is no space, or n. */
static inline size_t
spaces(const char *s, size_t i, size_t n)
{
	while (i < n && s[i] == ' ')
		i++;
	return i;
}

/* Eight spaces at s? */
static inline int
all_spaces(const char *s)
{
	uint64_t x;

	memcpy(&x, s, 8);
	return x == ONES * ' ';
}

/* spaces(), a word at a time: for the padding between columns. */
static inline size_t
padding(const char *s, size_t i, size_t n)
{
	while (i + 8 <= n && all_spaces(s + i))
		i += 8;
	return spaces(s, i, n);
}

/* A roll token ("64:") at s[0..n)? */
static inline int
is_roll(const char *s, size_t n)
{
	return n >= 3 && isdig((unsigned char)s[0]) &&
	    (isdig((unsigned char)s[1]) || isalph((unsigned char)s[1])) &&
	    s[2] == ':';
}

/*
 * The side of a cell alone on its line at display column col, left the
 * column of the left cells: the left (0) when it starts left of the
 * middle between the left and right columns, else the right (1).
 */
static inline int
lone_side(const struct matrd *r, int left, int col)
{
	int right = r->rightcol ? r->rightcol : RIGHTCOL;

	if (right < left + 8)
		right = left + 8;
	return 2 * col < left + right ? 0 : 1;
}

/*
 * Learn the columns from a line of two cells at display columns left
 * and right: each the leftmost seen on such lines, when the cells are
 * more than eight apart; the left one only from a numbered line.
 */
static inline void
learn_cols(struct matrd *r, int left, int right, int numbered)
{
	if (right <= left + 8)
		return;
	if (numbered && (r->leftcol == 0 || left < r->leftcol))
		r->leftcol = left;
	if (r->rightcol == 0 || right < r->rightcol)
		r->rightcol = right;
}

/* ------------------------------------------------------ fmt_mat_text.c */

/*
 * A diagnostic of the game being read; text[0..len) is its detail.  A
 * failure to add it is the reader's sticky -BG_ENOMEM.
 */
void	mat_diag(struct matrd *, int, int, int, int, int, const int [2],
	    const char *, size_t);
/* A diagnostic about the whole current line. */
void	mat_diag_line(struct matrd *, int);
/* 1-based column in characters, and on the display (tabs every 8),
 * of byte offset off of the current line. */
int	mat_charcol(const struct matrd *, size_t);
int	mat_dispcol(const struct matrd *, size_t);
/*
 * The next line into r->line: 1, 0 at the end, or a negative code.
 * Reports a bad encoding once per reader and every cut line.
 */
int	mat_next_line(struct matrd *);
/* Is the current line binary data (a NUL, a control character)? */
int	mat_line_binary(const struct matrd *);
/* Give the current line back; the next mat_next_line() returns it. */
int	mat_push_back(struct matrd *);
/* What the text layer holds, freed. */
void	mat_text_free(struct matrd *);

/* --------------------------------------------------- fmt_mat_grammar.c */

/*
 * The kind of the current line; *body is the offset of its first
 * non-blank.  The number of a match or game line goes to r->number.
 */
enum kind mat_classify(struct matrd *, size_t *);
/* L_CELLS or L_OTHER for a line mat_classify() called L_OTHER. */
enum kind mat_cells(struct matrd *, size_t);
/* A comment or tag line of the match header, s[0..len). */
int	mat_header_comment(struct matrd *, const char *, size_t);
/* A comment or set-position line of the game, s[0..len), on line. */
int	mat_game_comment(struct matrd *, int, const char *, size_t);
/*
 * Read the current line as a score line: 1 when it is one, 0 when it is
 * not, a negative code on error.
 */
int	mat_score_line(struct matrd *);
/*
 * Set the game's scores to v, and its players to the names at offsets
 * st, lengths len, of the line.  Returns 1, or a negative code.
 */
int	mat_set_score(struct matrd *, const size_t [2], const size_t [2],
	    const int [2]);
/*
 * Find the names on a .gam's first line s[0..n): 1 with their offsets
 * in st and lengths in len, else 0.
 */
int	mat_gam_names(const char *, size_t, size_t [2], size_t [2]);
/* Return 1 when s[0..len) is XG's "; Set Pos=" line, else 0. */
int	mat_is_setpos(struct matrd *, const char *, size_t);
/*
 * Take the game's players from such a line s, numbered lineno: 1, or a
 * negative code.
 */
int	mat_gam_players(struct matrd *, const char *, int, const size_t [2],
	    const size_t [2]);
/*
 * Read a line of cells, numbered or not; for a numbered one, body is the
 * offset of the number.  Returns 0, or a negative code.
 */
int	mat_read_cells(struct matrd *, size_t, int);
/*
 * After a "Resigns" was read, check that the other side's "Wins" is the
 * next record.
 */
void	mat_resigned(struct matrd *);
void	mat_grammar_free(struct matrd *);

/* ------------------------------------------------------ fmt_mat_fast.c */

/* What mat_fast_take() did with the next line of a game. */
enum fast {
	FAST_UNREAD = 1,	/* declined it unread: read it as usual */
	FAST_READ,		/* read it into r->line, declined it */
	FAST_KIND,		/* read and classified it into *k and *body */
	FAST_TAKEN		/* read it whole, as the reference path would */
};

/*
 * The next line of a game, in the layout gnubg and XG write: a FAST_*
 * value (always FAST_UNREAD when the reader's fast flag is off), 0 at
 * the end of the input, or a negative code.  See fmt_mat_fast.c for the
 * contract.
 */
int	mat_fast_take(struct matrd *, enum kind *, size_t *);

/*
 * The patterns' literal forms: the lines as gnubg writes them, read
 * without the pattern; 1 with what the pattern's groups would give,
 * 0 to let the pattern decide.
 */
int	mat_lit_match(const char *, size_t, int *);
int	mat_lit_game(const char *, size_t, int *);
int	mat_lit_tag(const char *, size_t, size_t *, size_t *, size_t *,
	    size_t *);
int	mat_lit_score(const char *, size_t, size_t [2], size_t [2], int [2]);
int	mat_lit_keyword(bg_record *, const char *, size_t);

#endif
