/*
 * cli.h: plumbing the bgkit tools share: the program name, one format
 * for every diagnostic, safe printing of untrusted text, JSON strings and
 * the final flush of stdout.  Included by the tools only; not installed.
 */
#ifndef CLI_H
#define CLI_H

#include <stdio.h>

extern const char *cli_prog;

/* Name the program (argv[0]) and make stderr line-buffered; call first. */
void	cli_setprog(const char *);
/* "prog: file:line:col: severity: message" on stderr. */
void	cli_diag(const char *, long, long, const char *, const char *, ...)
	    __attribute__((format(printf, 5, 6)));
/* "prog: message" on stderr, for usage and system errors. */
void	cli_warnx(const char *, ...) __attribute__((format(printf, 1, 2)));
/* "usage" to stderr; returns 2. */
int	cli_usage(const char *);
/* cli_diag() and cli_warnx() of untrusted text, printed escaped. */
void	cli_diagtext(const char *, long, long, const char *, const char *);
void	cli_warntext(const char *);
/* Write s with control characters and invalid UTF-8 escaped. */
void	cli_puttext(FILE *, const char *);
/* Write s as a JSON string, quotes included. */
void	cli_putjson(FILE *, const char *);
#ifdef BGKIT_H
/* Parse a -r argument into rs; on error say where and return -1. */
int	cli_rules(bg_ruleset *, const char *);
/* Parse a -f argument; on error say so, print usage and return -1. */
int	cli_from(bg_format *, const char *, const char *);
/*
 * A system error about file (an input not opened or not read through):
 * "prog: file: detail" on err, or with json a JSON object of code on
 * out.  detail NULL: the text of code.
 */
void	cli_syserr(FILE *, FILE *, int, const char *, int, const char *);
/*
 * Open the input name ("-" or NULL: stdin) in a pipeline reading format
 * from; on failure say why (cli_syserr) and return NULL.
 */
bg_pipeline *cli_open(const char *, bg_format, const bg_ruleset *, int);
/*
 * One diagnostic of the file: as JSON on out when json (with turn, the
 * position before its action, or -1), else in the house format on err
 * ("prog: " first).
 */
void	cli_report(FILE *, FILE *, int, const char *, const char *,
	    const bg_diag *, int);
/*
 * Free the pipeline; a close error is told and makes rc -BG_EIO.
 * Returns rc.
 */
int	cli_close(bg_pipeline *, int);
/* "prog: " and a diagnostic in the house format on fp (bgconv). */
void	cli_fprint_diag(FILE *, const char *, const char *, const bg_diag *);
#endif
/* Open an input file for reading; NULL with errno EISDIR for a directory. */
FILE	*cli_fopen(const char *);
/* A bg_read_fn reading the FILE * ctx: bytes read, 0 at the end, -1. */
long	cli_read(void *, char *, size_t);
/*
 * Run fn(ctx, name) on every operand (stdin, named NULL, when there is
 * none or for "-"); the largest status.
 */
int	cli_each(int, char **, int (*)(void *, const char *), void *);
/*
 * The same on up to jobs threads: fn(ctx, name, out, err) writes to out
 * and err, which are stdout and stderr or buffers printed in operand
 * order.
 */
typedef int (*cli_file_fn)(void *, const char *, FILE *, FILE *);
int	cli_each_jobs(int, char **, int, cli_file_fn, void *);
/*
 * A location a diagnostic prints, "FILE:LINE" or "FILE:LINE:COL", when
 * *name is no file: *name becomes FILE (in *copy, to free) and *line,
 * *col the numbers; else 0 0 and *name as it is.  -1 out of memory.
 */
int	cli_location(const char **, int *, int *, char **);
/* Flush and close stdout; returns 2 on a write error, else 0. */
int	cli_close_stdout(void);
/*
 * The next line of fp into buf (max bytes, no NUL added): its length,
 * -1 at the end, -2 when it is longer than max (read, not kept).  Lines
 * end at LF, CRLF or a lone CR; a NUL is a byte like any other.
 */
long	cli_getline(FILE *, char *, size_t);
/* The operands joined by blanks, in memory to free(); NULL on ENOMEM. */
char	*cli_join(int, char *[]);

#endif
