/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli.h: plumbing the bgkit tools share: the program name, one format
 * for every diagnostic, options from a table, safe printing of untrusted
 * text, JSON strings, a pipeline run with its diagnostics printed, inputs
 * read twice, outputs put in place only on success, and the final flush
 * of stdout.  Included by the tools only; not installed.
 */
#ifndef CLI_H
#define CLI_H

#include <sys/types.h>

#include <stdio.h>

extern const char *cli_prog;

/* Name the program (argv[0]) and make stderr line-buffered; call first. */
void	cli_setprog(const char *);
/* "prog: file:line:col: severity: message" on stderr. */
void	cli_diag(const char *, long, long, const char *, const char *, ...)
	    __attribute__((format(printf, 5, 6)));
/* "prog: message" on stderr, for usage and system errors. */
void	cli_warnx(const char *, ...) __attribute__((format(printf, 1, 2)));
/* *out = the number s, lo to 32767; -1 after "bad what: s". */
int	cli_number(int *, const char *, int, const char *);
/* "usage" to stderr; returns 2. */
int	cli_usage(const char *);
/* "prog: file:line:col: sev: " on stderr, stdout flushed first. */
void	cli_diaghead(const char *, long, long, const char *);
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
/* -T FORMAT of a writer: 0, or 2 with a message and the usage. */
int	cli_to(bg_format *, const char *, const char *);
/*
 * In a usage or an option's help text: the names of the formats a
 * reader takes, or a writer takes, as "a, b or c" (wrapped in --help);
 * the names a writer takes as "a|b|c".  From bg_format_list(3), in its
 * order (cli_format.c).
 */
#define CLI_READS	"\001"
#define CLI_WRITES	"\002"
#define CLI_WRITES_BAR	"\003"
/*
 * The names of the formats a reader (write 0) or a writer takes into
 * buf, sep between them and last before the last; with width > 0 a line
 * (the first starting at column col) longer than width breaks at the
 * blank of a separator.  Returns the length it needed.
 */
size_t	cli_formats(char *, size_t, int, const char *, const char *, size_t,
	    size_t);
/*
 * Text s on fp with the format lists of CLI_READS... expanded, at column
 * col; with indent > 0 each new line (of s or of a list) is indented so.
 */
void	cli_putlists(FILE *, const char *, size_t, size_t);
/*
 * A system error about file (an input not opened or not read through):
 * "prog: file: detail" on err, or with json a JSON object of code on
 * out.  detail NULL: the text of code.
 */
void	cli_syserr(FILE *, FILE *, int, const char *, int, const char *);
/*
 * cli_syserr() for the system error code that ended pipeline p: the
 * words of the layer that met it, when it has any (a damaged archive:
 * libarchive's), follow the code's text.
 */
void	cli_pipe_syserr(FILE *, FILE *, int, const bg_pipeline *,
	    const char *, int);
/*
 * Open the input name ("-" or NULL: stdin) in a pipeline reading format
 * from; on failure say why (cli_syserr) and return NULL.
 */
bg_pipeline *cli_open(const char *, bg_format, const bg_ruleset *, int);
/* cli_open() saying what goes wrong on out and err. */
bg_pipeline *cli_open_to(FILE *, FILE *, const char *, bg_format,
	    const bg_ruleset *, int);
/*
 * -w: "NAME" turns the warnings of that name (bg_code_name) on again,
 * "no-NAME" off.  0, or 2 after saying why with the usage.
 */
int	cli_warnopt(bg_diagfilter *, const char *, const char *);
/*
 * One diagnostic of the file: as JSON on out when json (with turn, the
 * position before its action, or -1), else in the house format on err
 * ("prog: " first).
 */
void	cli_report(FILE *, FILE *, int, const char *, const char *,
	    const bg_diag *, int);
/*
 * cli_report() of diagnostic i of p's event, with the warnings it
 * stands for (bg_pipeline_diag_repeats).
 */
void	cli_report_at(FILE *, FILE *, int, const bg_pipeline *, size_t);
/*
 * Run p to its end, each diagnostic reported by cli_report_at() (with
 * its turn when json) but the warnings when quiet: the last code of
 * bg_pipeline_next(), 0 or negative.
 */
int	cli_run(bg_pipeline *, FILE *, FILE *, int, int);
/*
 * Free the pipeline; a close error is told and makes rc -BG_EIO.
 * Returns rc.
 */
int	cli_close(bg_pipeline *, int);
#endif
/* Open an input file for reading; NULL with errno EISDIR for a directory. */
FILE	*cli_fopen(const char *);
/* A bg_read_fn reading the FILE * ctx: bytes read, 0 at the end, -1. */
long	cli_read(void *, char *, size_t);
/*
 * strerror(err) for input name into buf; for a directory, with what the
 * tool can do instead (bggrep -R, a find command, a file under it).
 */
const char *cli_strerror(char *, size_t, const char *, int);
/*
 * Run fn(ctx, name) on every operand (stdin, named NULL, when there is
 * none or for "-"); the largest status.
 */
int	cli_each(int, char **, int (*)(void *, const char *), void *);
/*
 * The same on up to jobs threads, the calling one among them:
 * fn(ctx, name, out, err) writes to out and err, which are stdout and
 * stderr (one job or one operand: no thread is made) or buffers printed
 * in operand order.
 */
typedef int (*cli_file_fn)(void *, const char *, FILE *, FILE *);
int	cli_each_jobs(int, char **, int, cli_file_fn, void *);
/*
 * A location a diagnostic prints, "FILE:LINE" or "FILE:LINE:COL", when
 * *name is no file: *name becomes FILE (in *copy, to free) and *line,
 * *col the numbers; else 0 0 and *name as it is.  -1 out of memory.
 */
int	cli_location(const char **, int *, int *, char **);
/*
 * An input read twice (bgconv checks it, then writes it): a regular
 * file is read again from where it started, anything else (a pipe, a
 * terminal) is kept in memory as the first reading goes (cli_input.c).
 */
struct cli_input {
	FILE		*fp;
	const char	*label;		/* the name, or "<stdin>" */
	off_t		 start;
	int		 regular;
	int		 again;		/* the second reading, from mem */
	char		*mem;
	size_t		 len, cap, pos;
	char		*archive;	/* "ARCHIVE" of an operand
					   "ARCHIVE:MEMBER", else NULL */
	const char	*member;	/* then the operand */
};
/*
 * Open name (NULL: the standard input), or the archive of a name
 * "ARCHIVE:MEMBER" no file has (see cli_input_pipeline); -1 with errno
 * set.
 */
int	cli_input_open(struct cli_input *, const char *);
/* A bg_read_fn reading the struct cli_input * ctx. */
long	cli_input_read(void *, char *, size_t);
/*
 * A pipeline reading the input (its one member when the operand named
 * one); NULL after saying why on err.
 */
bg_pipeline *cli_input_pipeline(struct cli_input *, FILE *);
/* Back to the start for the second reading; -1 said. */
int	cli_input_rewind(struct cli_input *);
/* Whether the file at path is the input itself: 1 or 0. */
int	cli_input_is(const struct cli_input *, const char *);
/* Close it (not the standard input): 0, or EOF with errno set. */
int	cli_input_close(struct cli_input *);
/*
 * An output (-o): the standard output when name is NULL, else a
 * temporary file beside name, renamed over it by cli_output_close()
 * only when all went well; a device or a pipe is written in place.
 */
struct cli_output {
	const char	*name;		/* as given; NULL: standard output */
	const char	*dst;		/* the file renamed over */
	char		*tmp, *real;
	FILE		*fp;		/* write here */
	int		 direct;	/* a device or a pipe: in place */
	int		 existed;	/* a file was there when opened */
	int		 failed;	/* cli_output_write() failed */
	int		 noclobber;	/* set after opening: an existing
					   file is kept, the output refused */
};
/* Open out for name; 0, or 2 after saying why. */
int	cli_output_open(struct cli_output *, const char *);
/* A bg_write_fn writing to the struct cli_output * ctx. */
long	cli_output_write(void *, const char *, size_t);
/* The output left as it was, and why ("not replaced" or "not written"). */
void	cli_output_refused(const struct cli_output *, const char *);
/*
 * Flush and close out, any failure told and making the status 2; the
 * file is renamed into place when keep is set and all went well, and
 * the temporary file removed otherwise.  rc, or 2.
 */
int	cli_output_close(struct cli_output *, int, int);
/*
 * Of an operand "ARCHIVE:MEMBER" that no file has: the length of
 * ARCHIVE, the first part before a ':' that names a regular file; 0
 * when there is none.
 */
size_t	cli_archive_len(const char *);
/*
 * DIR/BASE.EXT, BASE the file name of f (of its member for
 * "ARCHIVE:MEMBER") less its extension; to free.
 */
char	*cli_outname(const char *, const char *, const char *);
/*
 * --directory DIR (an output file per input) against -o FILE and the operands:
 * no -o, named operands only (the standard input has no name to give
 * its output), DIR a directory.  0, or 2 said (with usage for a bad
 * command line).
 */
int	cli_outdir(const char *, const char *, int, char **, const char *);
/*
 * Run fn(ctx, in, dst) on every operand opened as in (the standard
 * input, named NULL, when there is none or for "-"): dst is NULL, or
 * with dir the operand's output DIR/BASE.EXT (cli_outname), and an
 * operand whose output an earlier one has, or which is its own output,
 * is not given to fn (said; status 2).  An operand that cannot be
 * opened is said.  The largest status; without dir the first 2 ends
 * the loop (all go to one output).
 */
typedef int (*cli_input_fn)(void *, struct cli_input *, const char *);
int	cli_each_input(int, char **, const char *, const char *, cli_input_fn,
	    void *);
/*
 * Messages held in memory (a FILE * to write them to) until the tool
 * knows whether to print them: cli_release() prints them on stderr when
 * print is set, and frees them; 0, or -1 said.  cli_hold() says why it
 * returns NULL.
 */
struct cli_hold {
	FILE		*fp;
	char		*buf;
	size_t		 len;
};
FILE	*cli_hold(struct cli_hold *);
int	cli_release(struct cli_hold *, int);
/* -w in every tool that prints warnings: one line of --help. */
#define CLI_OPT_WARN	{ 'w', "warning", "NAME", "no-NAME turns the " \
	"warnings NAME off, NAME on\nagain (names: bgcheck(1), DIAGNOSTICS)" }
/* The value of an option with a long form only: CLI_LONG + a letter. */
#define CLI_LONG	0x400
/*
 * An option of a tool, for cli_getopt(); a table ends with { 0 }.  The
 * letters and long names mean one thing in every tool: bgkit(7) lists
 * them, and tests/options.sh holds each tool's --help to that table.
 */
struct cli_opt {
	int		 c;		/* the short form, or CLI_LONG + c */
	const char	*name;		/* the long form */
	const char	*arg;		/* its argument's name; NULL: none */
	const char	*help;		/* --help's text, "\n" between lines;
					   NULL: an old long name kept for a
					   release, accepted (as c) but not
					   listed, and with no short form */
};
/*
 * getopt_long() over the table, with --help (usage, then the table, on
 * stdout) and --version ("TOOL VERSION (libbgkit VERSION)", TOOL from
 * "usage: TOOL"): the next option (optarg set), -1 after the last, or 0
 * when the run is over: --help or --version answered, or an unknown
 * option (usage on stderr); *rc is then the exit status.
 */
int	cli_getopt(int, char **, const struct cli_opt *, const char *, int *);
/* The option of value c as a message writes it, "-c" or "--name", in buf. */
const char *cli_optname(char *, size_t, const struct cli_opt *, int);
/*
 * fn(ctx, path), or with path a directory fn on every file under it
 * whose name does not start with '.', in name order; the largest status.
 */
int	cli_walk(const char *, int (*)(void *, const char *), void *);
/*
 * The progress line: on stderr, when it is a terminal and out_free (the
 * run writes nothing on stdout as it goes) or stdout is no terminal,
 * once the run has taken a second (BGKIT_PROGRESS: those seconds, or
 * anything but a number to turn it off).  Call once, after the options.
 */
void	cli_progress_init(int);
/* Take the line away before other text goes to stderr. */
void	cli_progress_clear(void);
/* Whether cli_next() counts (1, the default): not a second reading. */
void	cli_progress_count(int);
#ifdef BGKIT_H
/* bg_pipeline_next(), counting files and games for the progress line. */
int	cli_next(bg_pipeline *);
#endif
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
