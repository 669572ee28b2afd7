/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * out_int.h: a small buffered output onto a caller's bg_write_fn, with
 * the escapes every output of the library needs (text for people, JSON
 * strings, CSV fields).  Shared by out.c, pipeline.c and the writers;
 * never installed.  Errors are sticky in o->err (negated codes).
 */
#ifndef OUT_INT_H
#define OUT_INT_H

struct out {
	bg_write_fn	 fn;
	void		*ctx;
	int		 err;
	size_t		 n;
	char		 buf[512];
};

void	out_init(struct out *, bg_write_fn, void *);
/* Write what is buffered: 0, or the first error, which stays. */
int	out_flush(struct out *);
void	out_put(struct out *, const char *, size_t);
void	out_puts(struct out *, const char *);
void	out_int(struct out *, int);
void	out_printf(struct out *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
/* Write text for a terminal, controls and invalid UTF-8 as \xNN. */
void	out_text(struct out *, const char *);
/*
 * A player's name as text: out_text, or "" (two quotes) for an empty or
 * absent name, which is shown as it is rather than given one.
 */
void	out_name(struct out *, const char *);
/* Write a JSON string, quotes included, or null for NULL. */
void	out_json(struct out *, const char *);
/* Write one CSV field, quoted when it holds a comma, quote or line end. */
void	out_csv(struct out *, const char *);
/* Write ",\"key\":" and then the number, or null when !ok. */
void	out_key_int(struct out *, const char *, int, int);

/*
 * The JSON members of one analysis of a position (bgkit-json(5)), after
 * "{" and before "}".
 */
void	out_analysis_json(struct out *, const bg_analysis *);
/* The JSON members of a game's result, after "{" and before "}". */
void	out_result_json(struct out *, const bg_result *);

#endif
