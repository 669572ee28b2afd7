/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_int.h: what the generic reader (reader.c) shares with the format
 * readers and writers (fmt_mat*.c, fmt_sgf*.c, fmt_json*.c, writer.c):
 * the byte source and the interface of a format's reader; their list of
 * diagnostics is diag_int.h's.
 * Included by those files only, after bgkit.h and record_int.h; never
 * installed.
 */
#ifndef FMT_INT_H
#define FMT_INT_H

#include "diag_int.h"

/* Room for need bytes in *p of capacity *cap: 0 or -BG_ENOMEM. */
int	fmt_reserve(char **, size_t *, size_t);

/*
 * Where a reader's bytes come from: the caller's read callback or a
 * buffer, with the bytes read ahead to detect the format served again
 * first.
 */
struct fmt_src {
	bg_read_fn	 read;
	void		*ctx;
	const char	*mem;
	size_t		 memlen, mempos;
	char		*head;		/* read ahead */
	size_t		 hlen, hpos;
	int		 err;		/* a read failed */
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
 * A reader of one format, opened on the bytes of a bg_reader (reader.c)
 * once the format is known; the bg_reader passes its calls on.  open
 * gets the source, the input's name for the diagnostics and FMT_*
 * flags; it returns NULL when out of memory.
 */
struct fmt_ops {
	void		*(*open)(struct fmt_src *, const char *, unsigned);
	void		 (*close)(void *);
	int		 (*next_match)(void *, const bg_match **);
	int		 (*next_game)(void *, const bg_game **);
	size_t		 (*diag_count)(const void *);
	const bg_diag	*(*diag)(const void *, size_t);
};

/*
 * Read by the reference grammar only, without the .mat reader's fast
 * reader (fmt_mat_fast.c): for the tests, which compare the two.
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
 * only the reference grammar (FMT_REFERENCE); before the first read.
 */
void	fmt_mat_set_fast(bg_reader *, int);

/* --------------------------------------------------------------- writers */

/* What the replay made of one record of the game being written. */
struct wrec {
	int		 pos;		/* the replay gave a position */
	int		 turn;		/* its number in the game */
	int		 played;	/* a move whose play the replay made */
	int		 lost;		/* the replay had lost track */
	bg_play		 play;		/* that play, hits marked */
	bg_board	 after;		/* the position after it */
	bg_matchstate	 ms;
};

struct bg_writer {
	bg_format	 format;
	bg_style	 style;
	bg_write_fn	 write;
	void		*ctx;
	int		 err;		/* sticky, negated */
	char		*out;		/* output not yet written */
	size_t		 olen, ocap;
	struct diaglist	 dl;
	bg_replay	*rp;
	const bg_match	*m;		/* the current match, or NULL */
	bg_ruleset	 stated;	/* bg_writer_set_rules() */
	struct wtag {
		const char	*key, *value;
	}		*tags;		/* m's tags with the stated rules */
	size_t		 ntags, captags;
	char		 tagval[8][16];	/* the stated rules' values */
	int		 games;		/* games written of it */
	int		 matches;	/* matches started */
	int		 ngames;	/* games given, all matches */
	int		 only;		/* bg_writer_set_game(); 0 all */
	int		 written;	/* games written, all matches */

	/* the game being written */
	const bg_game	*g;
	struct wrec	*wr;		/* one per record */
	size_t		 capwr;
	bg_board	 start;		/* its first position */
	bg_matchstate	 startms;	/* and state, with the score */

	/* .mat: the line being written */
	int		 col;		/* 0 a new line, 1 after a left cell */
	int		 moveno;
};

/*
 * The tags to write: the match's, with those the caller's rules state
 * replaced (bg_writer_set_rules).  Writers use these, not the match's.
 */
size_t	fmt_tag_count(const bg_writer *);
const char *fmt_tag_key(const bg_writer *, size_t);
const char *fmt_tag_value(const bg_writer *, size_t);
const char *fmt_tag(const bg_writer *, const char *);

/* Output; errors are sticky in w->err. */
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
