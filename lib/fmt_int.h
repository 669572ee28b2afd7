/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_int.h: what the generic reader (reader.c) and writer (writer.c)
 * share with every format's reader and writer (the fmt_*.c files, their
 * rows listed in format.c): the byte source, the reader base and the
 * interface of a format's reader and writer.  Their list of diagnostics
 * is diag_int.h's, their records record_int.h's.  Included after
 * bgkit.h by the library's files only; never installed.
 */
#ifndef FMT_INT_H
#define FMT_INT_H

#include "diag_int.h"
#include "record_int.h"

/*
 * Make room for need bytes in the buffer *p, whose capacity is *cap,
 * growing it when needed.  Returns 0, or -BG_ENOMEM.
 */
int	fmt_reserve(char **, size_t *, size_t);

/*
 * Where a reader's bytes come from: the caller's read callback or a
 * buffer, with the bytes read ahead to detect the format served again
 * first.
 */
/*
 * A source offers the buffer it read the input's first bytes into
 * (source.c's src_take), so that a reader can use the bytes where they
 * lie.  back is how many of the bytes the caller already read from the
 * source it gives back.  The buffer holds those bytes and the bytes
 * read ahead after them, *len in all, with room for *cap; the caller
 * then owns it and frees it.  When the source returns NULL, the bytes
 * are to be read as usual.
 */
typedef char	*(*fmt_take_fn)(void *, size_t, size_t *, size_t *);

struct fmt_src {
	bg_read_fn	 read;
	void		*ctx;
	fmt_take_fn	 take;		/* NULL when it offers no buffer */
	const char	*mem;
	size_t		 memlen, mempos;
	char		*head;		/* the bytes read ahead */
	size_t		 hlen, hpos;
	int		 err;		/* set once a read failed */
};

/*
 * Decode UTF-16 in[0..n) (big-endian when be) into UTF-8 at out, which
 * has room for 2 * n bytes; returns the bytes written.  An odd last byte
 * is left; *hisur holds a high surrogate waiting for its pair between
 * calls (0 at the start).  A unit that is no UTF-16 becomes a NUL.
 * The .mat reader's and the FIBS readers' (fmt_mat_text.c).
 */
size_t	fmt_utf16_decode(char *, const unsigned char *, size_t, int,
	    unsigned *);

/* A bg_read_fn on a struct fmt_src. */
long	fmt_src_read(void *, char *, size_t);
/*
 * Called before the first read of a format's reader, to take the
 * input's bytes so far in a buffer instead of reading them, when the
 * source offers one.  The caller then owns the buffer; *len is its
 * length and *cap its size.  Returns NULL when there is no such buffer.
 */
char	*fmt_src_take(struct fmt_src *, size_t *, size_t *);
/* Let a reader over a source.c source take its buffer (pipeline.c). */
void	 fmt_reader_take_from(bg_reader *, fmt_take_fn);

/*
 * The reader base: what every format's reader holds first (its state is
 * a struct whose first member is one), so that reader.c opens and
 * closes it and answers the diagnostics accessors for every format.
 * The format's reader fills match and game, and dl with what the last
 * call raised (emptied by each call that reads on).
 */
/* The caller's inflation of XG's streams (bg_reader_set_inflate). */
struct fmt_inflate {
	bg_inflate_fn	 inflate;	/* NULL: zlib is loaded */
	bg_crc32_fn	 crc32;
	void		*ctx;
};

struct fmt_base {
	struct fmt_src	*src;		/* where the bytes come from
					   (reader.c) */
	const struct fmt_inflate *inf;	/* the reader's (reader.c) */
	struct diaglist	 dl;
	struct bg_match	 match;		/* its source is the input's name */
	struct bg_game	 game;
	int		 given;		/* set once fmt_base_first_game()
					   handed out the game */
};

/*
 * For a format that reads a match's first game together with the match:
 * the first next_game after the match hands that game out.  When open
 * is set (the match has the game) and the game was not handed out yet,
 * sets *g and returns 1; otherwise returns 0.  next_match clears given.
 * dl is emptied, since its diagnostics were told with the match.
 */
int	fmt_base_first_game(struct fmt_base *, int, const bg_game **);

/*
 * A reader of one format.  reader.c opens it on the bytes of a
 * bg_reader once the format is known, and passes the bg_reader's calls
 * on to it.  Its state is size bytes, zeroed, with the base filled in.
 * init, when not NULL, gets the FMT_* flags and returns 0 or
 * -BG_ENOMEM.  fini, when not NULL, frees what the format added to the
 * base; it may be called after a failed init.
 */
struct fmt_ops {
	size_t		  size;
	int		(*init)(void *, unsigned);
	void		(*fini)(void *);
	int		(*next_match)(void *, const bg_match **);
	int		(*next_game)(void *, const bg_game **);
};

/* ------------------------------------------------------- the formats */

#define FMT_HEADMAX	4096	/* bytes read ahead to tell the format */

/*
 * The first bytes of an input, as the reader read them ahead to tell its
 * format: i is where its text starts, past blanks (' ', '\t', '\r',
 * '\n', '\f', '\v') and a UTF-8 byte order mark, n when there is no
 * such text yet (only blanks, a mark cut short, or UTF-16); utf16 is 1
 * (little-endian) or 2 (big-endian) after a UTF-16 mark; full when no
 * more bytes will be read ahead (FMT_HEADMAX of them).
 */
struct fmt_head {
	const unsigned char	*p;
	size_t			 n, i;
	int			 utf16;
	int			 full;
};

/*
 * A format's bid on the first bytes: 0 when they are not of the format,
 * else a score, higher the surer (the scores in use are in reader.c's
 * first comment).  *more (0 on entry) is set when more bytes could change
 * the bid.
 */
typedef int	fmt_bid_fn(const struct fmt_head *, int *);

/*
 * Line text the line formats (positions, exports, logs) may bid on: a
 * text, not UTF-16, and not opening with a bracket ('{', '[' or '('),
 * which is JSON's or SGF's even when those do not take it.
 */
int	fmt_head_lines(const struct fmt_head *);
/*
 * Return the text of h as UTF-8 lines, and its length in *n: h's own
 * bytes from where its text starts or, for a UTF-16 head, the head
 * decoded into dec (which has room for 2 * FMT_HEADMAX bytes).
 */
const unsigned char *fmt_head_text(const struct fmt_head *, char *,
	    size_t *);
/* Return the offset of the first byte of h at or after i that is not a
 * blank, or h->n when there is none. */
size_t	fmt_head_skip(const struct fmt_head *, size_t);
/* Does p[0..n) start with the string literal w? */
#define FMT_BEGINS(p, n, w)	((n) >= sizeof (w) - 1 &&		\
	memcmp((p), (w), sizeof (w) - 1) == 0)

/*
 * A format's writer: the functions (below) writer.c calls, and the size
 * of the writer's own state, which writer.c allocates, zeroed, as w->fs
 * with the bg_writer (no state when the size is 0).
 */
struct fmt_wops {
	size_t		  size;
	int		(*match)(bg_writer *);
	int		(*game)(bg_writer *);
	int		(*end)(bg_writer *);
};

/*
 * One format's row of the table of formats (format.c), exported by the
 * format's own file: what bg_format_list(3) says of it, its bid on the
 * first bytes with the highest score the bid gives (no bid when the
 * format is never detected), and its reader and its writer (NULL when
 * it has none).
 */
struct fmt_row {
	bg_format		 format;
	const char		*name, *aliases, *extensions;
	const char		*description, *lost;
	fmt_bid_fn		*bid;
	int			 top;
	const struct fmt_ops	*read;
	const struct fmt_wops	*write;
};

extern const struct fmt_wops fmt_mat_wops, fmt_sgf_wops, fmt_json_wops,
	    fmt_snowie_wops;

/* The i-th row of the table (format.c), NULL after the last. */
const struct fmt_row *fmt_row_at(size_t);
/* The row of format f, or NULL. */
const struct fmt_row *fmt_row_of(bg_format);

extern const struct fmt_row fmt_mat_row, fmt_sgf_row, fmt_json_row,
	    fmt_xg_row, fmt_html_row, fmt_snowie_row, fmt_jfpos_row,
	    fmt_gnubgtext_row, fmt_poslist_row, fmt_fibslog_row,
	    fmt_oldmoves_row, fmt_postext_row, fmt_gam_row;

/*
 * A flag of init: read with the reference grammar only, without the
 * .mat reader's fast reader (fmt_mat_fast.c).  The tests use it to
 * compare the two.
 */
#define FMT_REFERENCE	1u

extern const struct fmt_ops fmt_mat_ops;
extern const struct fmt_ops fmt_sgf_ops;
extern const struct fmt_ops fmt_json_ops;
extern const struct fmt_ops fmt_xg_ops;
extern const struct fmt_ops fmt_snowie_ops;	/* fmt_pos.c */
extern const struct fmt_ops fmt_jfpos_ops;	/* fmt_pos.c */
extern const struct fmt_ops fmt_poslist_ops;	/* fmt_pos.c */
extern const struct fmt_ops fmt_postext_ops;	/* fmt_pos.c */
extern const struct fmt_ops fmt_gnubgtext_ops;
extern const struct fmt_ops fmt_fibslog_ops;
extern const struct fmt_ops fmt_oldmoves_ops;

/*
 * Let the .mat reader of r use its fast reader (on, the default) or
 * only the reference grammar (FMT_REFERENCE).  Call it before the first
 * read.
 */
void	fmt_mat_set_fast(bg_reader *, int);

/* --------------------------------------------------------------- writers */

/* What the replay made of one record of the game being written. */
struct wrec {
	int		 pos;		/* set when the replay gave a
					   position for it */
	int		 turn;		/* the position's number in the game */
	int		 played;	/* set for a move whose play the
					   replay made */
	int		 lost;		/* set when the replay had lost track
					   of the game */
	bg_play		 play;		/* that play, its hits marked */
	bg_board	 after;		/* the position after it */
	bg_matchstate	 ms;
};

struct bg_writer {
	bg_format	 format;
	bg_write_fn	 write;
	void		*ctx;
	int		 err;		/* the first error, negated; it stays */
	char		*out;		/* the output not yet written */
	size_t		 olen, ocap;
	struct diaglist	 dl;
	bg_replay	*rp;
	const bg_match	*m;		/* the current match, or NULL */
	bg_ruleset	 stated;	/* as bg_writer_set_rules() set it */
	struct wtag {
		const char	*key, *value;
	}		*tags;		/* m's tags, the stated rules in place
					   of the tags they replace */
	size_t		 ntags, captags;
	char		 tagval[8][16];	/* the stated rules' values */
	int		 games;		/* games written of the match */
	int		 matches;	/* matches started */
	int		 ngames;	/* games given, in all matches */
	int		 only;		/* the one game to write, as
					   bg_writer_set_game() set it; 0
					   writes every game */
	int		 written;	/* games written, in all matches */

	/* The game being written. */
	const bg_game	*g;
	struct wrec	*wr;		/* one for each record */
	size_t		 capwr;
	bg_board	 start;		/* the game's first position */
	bg_matchstate	 startms;	/* and its match state, score and all */

	void		*fs;		/* the format's writer's own state */
};

/*
 * The tags to write: the match's, with those the caller's rules state
 * replaced (bg_writer_set_rules).  Writers use these, not the match's.
 */
size_t	fmt_tag_count(const bg_writer *);
const char *fmt_tag_key(const bg_writer *, size_t);
const char *fmt_tag_value(const bg_writer *, size_t);
const char *fmt_tag(const bg_writer *, const char *);

/* Output.  The first error stays in w->err, and later writes do nothing. */
/*
 * The "analysis" member of JSON record i (fmt_json_analysis.c), its
 * plays' hits from the board before it (or none when NULL); str writes
 * a JSON string.
 */
void	fmt_json_analysis(bg_writer *, size_t, const bg_board *,
	    void (*)(bg_writer *, const char *));
void	fmt_put(bg_writer *, const char *, size_t);
void	fmt_puts(bg_writer *, const char *);
void	fmt_printf(bg_writer *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* A BG_WLOST warning about record r (or the game, r NULL). */
void	fmt_lost(bg_writer *, const bg_record *, const char *, ...)
	    __attribute__((format(printf, 3, 4)));
/* The next record of a side after record i of g (no comment), or NULL. */
const bg_record *fmt_next_action(const bg_game *, size_t);
/*
 * The names of the SGF properties kept with game g, each once,
 * space-separated, into buf; 0 if there are none.
 */
size_t	fmt_sgf_names(const bg_game *, char *, size_t);

/*
 * The .mat writer's own state (w->fs).  The .gam and Snowie writers
 * share it, since they write their games as the .mat writer does.
 */
struct fmt_matw {
	bg_style	 style;		/* as bg_writer_set_style() set it */
	int		 col;		/* 0 at the start of a line, 1 after
					   the left cell of a move line */
	int		 moveno;
};
/* What the .mat writer's games cannot hold (the rows of .mat and Snowie). */
#define FMT_MAT_LOST	"SGF properties, a set position's dice and side " \
	"on roll, a centred cube above 1, control characters"
/* The .mat layout (bg_writer_set_style), once w is known to write .mat. */
void	fmt_mat_set_style(bg_writer *, bg_style);
int	fmt_mat_match(bg_writer *);
int	fmt_mat_game(bg_writer *);
int	fmt_mat_end(bg_writer *);
/*
 * Parts of a .mat game that the .gam and Snowie writers share: the line
 * of two names (a score line's parts, or a .gam's names), and the move
 * lines from record i to the blank line after the game.
 */
void	fmt_mat_names(bg_writer *, const char *, const char *);
/* Text on a .mat line, each control character a blank (warned). */
void	fmt_mat_text(bg_writer *, const char *);
int	fmt_mat_moves(bg_writer *, size_t);
int	fmt_gam_match(bg_writer *);
int	fmt_gam_game(bg_writer *);
int	fmt_gam_end(bg_writer *);
int	fmt_snowie_match(bg_writer *);
int	fmt_sgf_match(bg_writer *);
int	fmt_sgf_game(bg_writer *);
int	fmt_sgf_end(bg_writer *);
int	fmt_json_match(bg_writer *);
int	fmt_json_game(bg_writer *);
int	fmt_json_end(bg_writer *);
int	fmt_html_match(bg_writer *);
int	fmt_html_game(bg_writer *);
int	fmt_html_end(bg_writer *);

#endif
