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
/*
 * Read the number s, from lo to 32767, into *out and return 0; for
 * anything else say "bad what: s" and return -1.
 */
int	cli_number(int *, const char *, int, const char *);
/* The same from lo to hi. */
int	cli_range(int *, const char *, int, int, const char *);
/* Print the usage text on stderr and return 2. */
int	cli_usage(const char *);
/*
 * Print the start of a diagnostic, "prog: file:line:col: severity: ", on
 * stderr, after flushing stdout.
 */
void	cli_diaghead(const char *, long, long, const char *);
/* As cli_diag() and cli_warnx(), for untrusted text, which is escaped. */
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
 * Parse the argument of -T, the format a writer writes; on error say
 * so, print the usage and return 2.
 */
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
 * Write into buf the names of the formats a reader takes (write 0) or
 * a writer takes, with sep between two names and last before the last
 * one.  When width is above 0, a line longer than width is broken at
 * the blank of a separator; the first line starts at column col.
 * Returns the length it needed.
 */
size_t	cli_formats(char *, size_t, int, const char *, const char *, size_t,
	    size_t);
/*
 * Write s on fp, starting at column col, with the lists of formats that
 * CLI_READS and the like stand for written out.  When indent is above
 * 0, each new line (of s or of a list) is indented by that much.
 */
void	cli_putlists(FILE *, const char *, size_t, size_t);
/*
 * Tell a system error about file, an input that could not be opened or
 * read to its end: "prog: file: detail" on err, or with json a JSON
 * object on out.  When detail is NULL the text of code is used.
 */
void	cli_syserr(FILE *, FILE *, int, const char *, int, const char *);
/*
 * Tell, as cli_syserr() does, the system error code that ended pipeline
 * p.  When the layer that met the error has words of its own (for a
 * damaged archive, libarchive's), they follow the text of the code.
 */
void	cli_pipe_syserr(FILE *, FILE *, int, const bg_pipeline *,
	    const char *, int);
/*
 * Open the input name in a pipeline that reads the format from; "-" or
 * NULL is the standard input.  On failure say why (cli_syserr) and
 * return NULL.
 */
bg_pipeline *cli_open(const char *, bg_format, const bg_ruleset *, int);
/* The same as cli_open(), telling what goes wrong on out and err. */
bg_pipeline *cli_open_to(FILE *, FILE *, const char *, bg_format,
	    const bg_ruleset *, int);
/*
 * Apply the argument of -w to the filter: "NAME" turns the warnings of
 * that name (bg_code_name) on again, "no-NAME" turns them off.  Returns
 * 0, or 2 after saying what is wrong and printing the usage.
 */
int	cli_warnopt(bg_diagfilter *, const char *, const char *);
/*
 * Report one diagnostic of the file.  With json it goes to out as a
 * JSON object, with turn (the position before the action, or -1);
 * otherwise it goes to err in the house format, after "prog: ".
 */
void	cli_report(FILE *, FILE *, int, const char *, const char *,
	    const bg_diag *, int);
/*
 * Report diagnostic i of p's last event as cli_report() does, with the
 * number of warnings it stands for (bg_pipeline_diag_repeats).
 */
void	cli_report_at(FILE *, FILE *, int, const bg_pipeline *, size_t);
/*
 * Run p to its end and report each diagnostic with cli_report_at()
 * (with its turn when json is set), leaving out the warnings when quiet
 * is set.  Returns the last value of bg_pipeline_next(): 0, or a
 * negative code.
 */
int	cli_run(bg_pipeline *, FILE *, FILE *, int, int);
/*
 * Free the pipeline.  If closing its input fails, say so and return
 * -BG_EIO; otherwise return rc.
 */
int	cli_close(bg_pipeline *, int);
#endif
/* Open an input file for reading; NULL with errno EISDIR for a directory. */
FILE	*cli_fopen(const char *);
/*
 * A bg_read_fn that reads the FILE * ctx.  Returns the number of bytes
 * read, 0 at the end of the file, or -1 on a read error.
 */
long	cli_read(void *, char *, size_t);
/*
 * Write strerror(err) for the input name into buf.  For a directory the
 * text also says what the user can do instead (bggrep -R, a find
 * command, a file under it).
 */
const char *cli_strerror(char *, size_t, const char *, int);
/*
 * Run fn(ctx, name) on every operand and return the largest status.
 * With no operand, or for "-", fn gets the standard input, named NULL.
 */
int	cli_each(int, char **, int (*)(void *, const char *), void *);
/*
 * The same on up to jobs threads, the calling one among them.
 * fn(ctx, name, out, err) writes to out and err: stdout and stderr when
 * there is one job or one operand (then no thread is made), else
 * buffers that are printed in the order of the operands.
 */
typedef int (*cli_file_fn)(void *, const char *, FILE *, FILE *);
int	cli_each_jobs(int, char **, int, cli_file_fn, void *);
/*
 * Split an operand that is a location as a diagnostic prints it,
 * "FILE:LINE" or "FILE:LINE:COL", when no file has the whole name.  Then
 * *name is set to FILE (held in *copy, which the caller frees) and *line
 * and *col to the numbers; otherwise they are 0 and *name is left as it
 * is.  Returns 0, or -1 when memory runs out.
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
	int		 again;		/* set for the second reading,
					   which reads mem */
	char		*mem;
	size_t		 len, cap, pos;
	char		*archive;	/* for an operand "ARCHIVE:MEMBER",
					   ARCHIVE; otherwise NULL */
	const char	*member;	/* with archive, the operand */
};
/*
 * Open name, or the standard input when name is NULL.  When no file has
 * the name and it has the form "ARCHIVE:MEMBER", open the archive (see
 * cli_input_pipeline).  Returns 0, or -1 with errno set.
 */
int	cli_input_open(struct cli_input *, const char *);
/* A bg_read_fn reading the struct cli_input * ctx. */
long	cli_input_read(void *, char *, size_t);
/*
 * Make a pipeline that reads the input, only its member when the
 * operand named one.  On failure say why on err and return NULL.
 */
bg_pipeline *cli_input_pipeline(struct cli_input *, FILE *);
/* Go back to the start for the second reading: 0, or -1 after saying why. */
int	cli_input_rewind(struct cli_input *);
/* Return 1 when the file at path is the input itself, else 0. */
int	cli_input_is(const struct cli_input *, const char *);
/*
 * Close the input unless it is the standard input: 0, or EOF with errno
 * set.
 */
int	cli_input_close(struct cli_input *);
/*
 * An output (-o): the standard output when name is NULL, else a
 * temporary file beside name, renamed over it by cli_output_close()
 * only when all went well; a device or a pipe is written in place.
 */
struct cli_output {
	const char	*name;		/* as given; NULL for stdout */
	const char	*dst;		/* the file that is replaced */
	char		*tmp, *real;
	FILE		*fp;		/* write here */
	int		 direct;	/* set for a device or a pipe, which
					   is written in place */
	int		 existed;	/* a file was there when opened */
	int		 failed;	/* cli_output_write() failed */
	int		 noclobber;	/* set after opening: an existing
					   file is kept, the output refused */
};
/* Open out for name: 0, or 2 after saying why it failed. */
int	cli_output_open(struct cli_output *, const char *);
/* A bg_write_fn writing to the struct cli_output * ctx. */
long	cli_output_write(void *, const char *, size_t);
/*
 * Say that the output was left as it was, and why: "not replaced" or
 * "not written".
 */
void	cli_output_refused(const struct cli_output *, const char *);
/*
 * Flush and close out.  When keep is set and all went well, the file is
 * renamed into place; otherwise the temporary file is removed.  A
 * failure is told and makes the status 2.  Returns rc, or 2.
 */
int	cli_output_close(struct cli_output *, int, int);
/*
 * For an operand "ARCHIVE:MEMBER" that no file has, return the length
 * of ARCHIVE: the first part before a ':' that names a regular file.
 * Return 0 when there is none.
 */
size_t	cli_archive_len(const char *);
/*
 * Return "DIR/BASE.EXT" in memory the caller frees, where BASE is the
 * file name of f without its extension (for "ARCHIVE:MEMBER", the
 * member's).
 */
char	*cli_outname(const char *, const char *, const char *);
/*
 * Check --directory DIR (an output file for each input) against -o and
 * the operands: it takes no -o, only named operands (the standard
 * input has no name to give its output), and DIR must be a directory.
 * Returns 0, or 2 after saying what is wrong (with the usage for a bad
 * command line).
 */
int	cli_outdir(const char *, const char *, int, char **, const char *);
/*
 * Open every operand as in and run fn(ctx, in, dst) on it; with no
 * operand, or for "-", in is the standard input, named NULL.  dst is
 * NULL, or with dir the operand's output, DIR/BASE.EXT (cli_outname).
 * An operand whose output an earlier operand has, or which would be its
 * own output, is not given to fn: the loop says so, and the status is
 * 2.  An operand that cannot be opened is told.  Returns the largest
 * status; without dir the first status 2 ends the loop, since every
 * input goes to the same output.
 */
typedef int (*cli_input_fn)(void *, struct cli_input *, const char *);
int	cli_each_input(int, char **, const char *, const char *, cli_input_fn,
	    void *);
/*
 * Messages held in memory until the tool knows whether to print them.
 * cli_hold() gives a FILE * to write them to, or says why not and
 * returns NULL.  cli_release() prints them on stderr when print is set
 * and frees them; it returns 0, or -1 after saying what failed.
 */
struct cli_hold {
	FILE		*fp;
	char		*buf;
	size_t		 len;
};
FILE	*cli_hold(struct cli_hold *);
int	cli_release(struct cli_hold *, int);
/* The row of -w, which every tool that prints warnings takes. */
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
	const char	*arg;		/* the argument's name, or NULL */
	const char	*help;		/* the text of --help, "\n" between
					   lines.  NULL for an old long name
					   kept for a release: accepted as c,
					   not listed, no short form */
};
/*
 * Call getopt_long() with the forms of the table, and answer --help (the
 * usage, then the table, on stdout) and --version ("TOOL VERSION
 * (libbgkit VERSION)", TOOL taken from "usage: TOOL").  Returns the next
 * option, with optarg set; -1 after the last; or 0 when the run is
 * over, because --help or --version was answered or an option was
 * unknown (the usage then goes to stderr), and *rc is then the exit
 * status.
 */
int	cli_getopt(int, char **, const struct cli_opt *, const char *, int *);
/* Write into buf the option c as a message names it: "-c" or "--name". */
const char *cli_optname(char *, size_t, const struct cli_opt *, int);
/*
 * Run fn(ctx, path); when path is a directory, run fn on every file
 * under it whose name does not start with '.', in name order.  Returns
 * the largest status.
 */
int	cli_walk(const char *, int (*)(void *, const char *), void *);
/*
 * Set up the progress line.  It is shown on stderr when stderr is a
 * terminal, and either out_free is set (the run writes nothing on
 * stdout as it goes) or stdout is not a terminal, once the run has
 * taken a second.  BGKIT_PROGRESS sets the number of seconds; anything
 * but a number turns the line off.  Call once, after the options.
 */
void	cli_progress_init(int);
/* Take the line away before other text goes to stderr. */
void	cli_progress_clear(void);
/*
 * Say whether cli_next() counts files and games (1, the default); a
 * second reading of an input is not counted.
 */
void	cli_progress_count(int);
#ifdef BGKIT_H
/* Call bg_pipeline_next(), counting files and games for the progress line. */
int	cli_next(bg_pipeline *);
#endif
/* Flush and close stdout; returns 2 on a write error, else 0. */
int	cli_close_stdout(void);
/*
 * Read the next line of fp into buf, at most max bytes, without adding a
 * NUL.  Returns its length, -1 at the end of the file, or -2 when the
 * line is longer than max (it is read through but not kept).  A line
 * ends at LF, CRLF or a lone CR; a NUL is a byte like any other.
 */
long	cli_getline(FILE *, char *, size_t);
/*
 * Join the operands with blanks, in memory the caller frees; NULL when
 * memory runs out.
 */
char	*cli_join(int, char *[]);

#endif
