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
/* cli_diag() and cli_warnx() of untrusted text, printed escaped. */
void	cli_diagtext(const char *, long, long, const char *, const char *);
void	cli_warntext(const char *);
/* Write s with control characters and invalid UTF-8 escaped. */
void	cli_puttext(FILE *, const char *);
/* Write s as one CSV field, quoted when it needs to be. */
void	cli_putcsv(FILE *, const char *);
/* Write s as a JSON string, quotes included. */
void	cli_putjson(FILE *, const char *);
/*
 * A library diagnostic in the house format: "prog: file:line:col:
 * severity: game G, move M (player dice): message: detail".  who is the
 * player's name or NULL.  Needs bgkit.h included first.
 */
#ifdef BGKIT_H
void	cli_print_diag(const char *, const char *, const bg_diag *);
/* The same on fp, for output buffered per file. */
void	cli_fprint_diag(FILE *, const char *, const char *, const bg_diag *);
/* Parse a -r argument into rs; on error say where and return -1. */
int	cli_rules(bg_ruleset *, const char *);
#endif
/* Open an input file for reading; NULL with errno EISDIR for a directory. */
FILE	*cli_fopen(const char *);
/* A bg_read_fn reading the FILE * ctx: bytes read, 0 at the end, -1. */
long	cli_read(void *, char *, size_t);
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
