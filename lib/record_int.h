/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * record_int.h: the insides of the record model (record.c) that the
 * readers fill in: the match and game structures and the calls that
 * build them.  Included by record.c, the format readers (fmt_*.c) and
 * the replay, which reads a game's records in place; never installed.
 */
#ifndef RECORD_INT_H
#define RECORD_INT_H

#include <string.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#endif

#define REC_NONE	((size_t)-1)	/* the offset of no string */
#define REC_ALONE	1		/* values of bg_game's alone */
#define REC_CRAWFORD	2

/*
 * Strings of one object, back to back, each NUL-terminated, addressed
 * by offset so that growing the buffer moves nothing the caller holds.
 */
struct strbuf {
	char	*p;
	size_t	 len, cap;
};

struct tag {
	size_t	 key, val;		/* offsets in the match's strbuf */
};

/* An SGF property kept as written (bg_game_sgf()). */
struct sgfprop {
	size_t	 at;			/* how many records come before it */
	size_t	 off;			/* its offset in the game's strbuf */
};

struct bg_match {
	int		 length;	/* -1 when there is no match line */
	int		 line;
	char		*source;
	size_t		 player[2];	/* offsets, or REC_NONE */
	struct tag	*tag;
	size_t		 ntag, captag;
	size_t		*comment;
	size_t		 ncomment, capcomment;
	struct strbuf	 s;
};

struct bg_game {
	int		 number, line, score_line;
	int		 score[2];
	/*
	 * 0 for a game read in its match.  A game read alone, out of its
	 * match (a game log), has its score given rather than following
	 * from the games before; alone is then REC_CRAWFORD when it is
	 * the Crawford game, else REC_ALONE.
	 */
	int		 alone;
	size_t		 player[2], rating[2];	/* offsets, or REC_NONE */
	bg_record	*rec;
	size_t		*toff;			/* rec[i].text's offset in s */
	size_t		 nrec, caprec;
	struct sgfprop	*sgf;
	size_t		 nsgf, capsgf;
	/* The analysis of its set position (bg_game_analysis()). */
	bg_analysis	*an;
	size_t		*anoff;			/* the offsets of each analysis'
						   play and evaluation */
	size_t		 nan, capan;
	size_t		 diagram;		/* its offset, or REC_NONE */
	/*
	 * The engine's analysis of records (bg_game_record_analysis()),
	 * in record order.  It is allocated only for a game that has one.
	 */
	struct ranal {
		size_t		 rec;		/* the record's index */
		size_t		 cand0;		/* its first candidate */
		size_t		 set;		/* the offset of
						   cube_eval.settings */
		bg_rec_analysis	 a;
	}		*ra;
	size_t		 nra, capra;
	bg_candidate	*cand;
	size_t		*candset;		/* the offset of each
						   candidate's eval.settings */
	size_t		 ncand, capcand;
	struct strbuf	 s;
};

/* Append s[0..len) and a NUL, and set *off to where they start. */
int	rec_sb_add(struct strbuf *, const char *, size_t, size_t *);
/* Make room for n more bytes: 0, or -BG_ENOMEM. */
int	rec_sb_room(struct strbuf *, size_t);

void	rec_match_init(struct bg_match *);
/* Empty the match, keeping its source and its memory. */
void	rec_match_reset(struct bg_match *);
void	rec_match_fini(struct bg_match *);
int	rec_match_set_source(struct bg_match *, const char *);
int	rec_match_set_player(struct bg_match *, int, const char *, size_t);
int	rec_match_add_tag(struct bg_match *, const char *, size_t,
	    const char *, size_t);
int	rec_match_add_comment(struct bg_match *, const char *, size_t);

void	rec_game_init(struct bg_game *);
/* Empty the game, keeping its memory. */
void	rec_game_reset(struct bg_game *);
void	rec_game_fini(struct bg_game *);
int	rec_game_set_player(struct bg_game *, int, const char *, size_t,
	    const char *, size_t);
/* Make room for n more records: 0, or -BG_ENOMEM. */
int	rec_game_room(struct bg_game *, size_t);

/*
 * Make the match and the game of a reader that holds one of each, and
 * name the match's source name (or "<stdin>" when name is NULL).
 * Returns 0, or -BG_ENOMEM with nothing left to free.  rec_pair_fini()
 * frees them.
 */
int	rec_pair_init(struct bg_match *, struct bg_game *, const char *);
void	rec_pair_fini(struct bg_match *, struct bg_game *);

/*
 * Do memset(rec, 0, sizeof *rec) in sixteen-byte stores where SSE2 is
 * there: gcc makes the memset a rep stos, which takes longer to start.
 */
static inline void
rec_zero(bg_record *rec)
{
#if defined(__SSE2__) && defined(__GNUC__)
	__m128i *p = (__m128i *)(void *)rec, z = _mm_setzero_si128();
	size_t i;

	/*
	 * The stores are unrolled: the compiler turns a loop back into a
	 * memset, or keeps it a loop.
	 */
#pragma GCC unroll 32
	for (i = 0; i < sizeof *rec / 16; i++)
		_mm_storeu_si128(p + i, z);
	memset((char *)rec + i * 16, 0, sizeof *rec - i * 16);
#else
	memset(rec, 0, sizeof *rec);
#endif
}

/*
 * Add a new record, zeroed but for its length, with the text t[0..len);
 * rec_game_finish() sets the text pointer.  NULL when memory runs out.
 */
bg_record *rec_game_new(struct bg_game *, const char *, size_t);
/*
 * The same, with the text already in the game's strings at offset off
 * (NUL-terminated).
 */
bg_record *rec_game_new_at(struct bg_game *, size_t, size_t);
/*
 * Append a copy of *r with the text t[0..len); rec_game_finish() sets
 * the text pointer.
 */
int	rec_game_add(struct bg_game *, const bg_record *, const char *,
	    size_t);
/* Return the last record added, to amend it until the next one is added. */
bg_record *rec_game_last(struct bg_game *);
/* Keep SGF property text t[0..len) after the game's current records. */
int	rec_game_add_sgf(struct bg_game *, const char *, size_t);
/*
 * Append a copy of the analysis *a with its play (or proper cube
 * action) p[0..plen) and its kind of evaluation e[0..elen);
 * rec_game_finish() sets the pointers.
 */
int	rec_game_add_analysis(struct bg_game *, const bg_analysis *,
	    const char *, size_t, const char *, size_t);
/*
 * Give record rec the analysis *a with its a->ncand candidates c.  rec
 * is the last record added or one before it, and the records get their
 * analyses in order.  The strings are copied (NULL settings become "").
 * Returns 0, or -BG_ENOMEM.
 */
int	rec_game_add_ranalysis(struct bg_game *, size_t,
	    const bg_rec_analysis *, const bg_candidate *);
/* Keep the XGID of the position the text's diagram shows (bg_game_diagram). */
int	rec_game_set_diagram(struct bg_game *, const char *, size_t);
void	rec_game_finish(struct bg_game *);

#endif
