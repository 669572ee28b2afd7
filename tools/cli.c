/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli.c: the plumbing shared by the bgkit tools (see cli.h); the file
 * loop on threads is in cli_jobs.c, opening an operand in cli_open.c,
 * line input in cli_io.c, inputs as files in cli_input.c, outputs in
 * cli_output.c, options in cli_opt.c, the lists of formats in
 * cli_format.c, the progress line in cli_progress.c.  Nothing here
 * knows backgammon: that lives in lib/, and what one tool alone does
 * lives in that tool (tests/size.sh holds the plumbing to it).
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

const char *cli_prog = "bgkit";

void
cli_setprog(const char *argv0)
{
	const char *p;

	/*
	 * Unbuffered, stderr costs a write per character of escaped text:
	 * minutes for a file with a million diagnostics.  A line at a time
	 * keeps each message whole and in order with stdout (flushed first).
	 */
	setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
	if (argv0 == NULL || *argv0 == '\0')
		return;
	p = strrchr(argv0, '/');
	cli_prog = p ? p + 1 : argv0;
}

void
cli_diaghead(const char *file, long line, long col, const char *sev)
{
	cli_progress_clear();
	fflush(stdout);
	fprintf(stderr, "%s: ", cli_prog);
	cli_puttext(stderr, file);
	if (line > 0)
		fprintf(stderr, ":%ld", line);
	if (col > 0)
		fprintf(stderr, ":%ld", col);
	fprintf(stderr, ": %s: ", sev);
}

void
cli_diag(const char *file, long line, long col, const char *sev,
    const char *fmt, ...)
{
	va_list ap;

	cli_diaghead(file, line, col, sev);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
cli_warnx(const char *fmt, ...)
{
	va_list ap;

	cli_progress_clear();
	fflush(stdout);
	fprintf(stderr, "%s: ", cli_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
cli_puttext(FILE *fp, const char *s)
{
	bg_string_write(bg_write_stdio, fp, BG_OUT_TEXT, s);
}

void
cli_putjson(FILE *fp, const char *s)
{
	bg_string_write(bg_write_stdio, fp, BG_OUT_JSON, s);
}

int
cli_close_stdout(void)
{
	cli_progress_clear();
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		cli_warnx("write error on standard output: %s",
		    strerror(errno ? errno : EIO));
		return 2;
	}
	return 0;
}

/* See cli.h. */
int
cli_rules(bg_ruleset *rs, const char *text)
{
	size_t pos = 0, len = strlen(text);
	char why[256];

	if (bg_ruleset_parse(rs, text, len, &pos) == 0)
		return 0;
	bg_ruleset_explain(why, sizeof why, text, len, pos);
	fprintf(stderr, "%s: -r ", cli_prog);
	cli_puttext(stderr, text);
	fprintf(stderr, ": column %zu: ", pos + 1);
	cli_puttext(stderr, why);
	fputc('\n', stderr);
	return -1;
}

int
cli_usage(const char *usage)
{
	cli_putlists(stderr, usage, 0, 0);
	return 2;
}

int
cli_from(bg_format *f, const char *arg, const char *usage)
{
	char list[512];
	bg_format_info fi;
	size_t i;

	if (bg_format_parse(f, arg) == 0 && *f == BG_FORMAT_AUTO)
		return 0;
	if (bg_format_parse(f, arg) == 0)
		for (i = 0; bg_format_list(&fi, i) == 0; i++)
			if (fi.format == *f && fi.can_read)
				return 0;
	cli_formats(list, sizeof list, 0, ", ", ", ", 0, 0);
	cli_warnx("unknown input format: %s (%s)", arg, list);
	cli_putlists(stderr, usage, 0, 0);
	return -1;
}

void
cli_syserr(FILE *out, FILE *err, int json, const char *file, int code,
    const char *detail)
{
	bg_diag d;

	if (!json) {
		if (err == stderr)
			cli_progress_clear();
		if (out == stdout)
			fflush(stdout);
		fprintf(err, "%s: %s%s%s\n", cli_prog, file ? file : "",
		    file ? ": " : "", detail ? detail : bg_strerror(code));
		return;
	}
	memset(&d, 0, sizeof d);
	d.code = code;
	d.severity = BG_SEV_SYSTEM;
	d.side = -1;
	if (detail != NULL)
		snprintf(d.detail, sizeof d.detail, "%s", detail);
	bg_diag_write(bg_write_stdio, out, BG_OUT_JSON, file, NULL, &d);
}

void
cli_pipe_syserr(FILE *out, FILE *err, int json, const bg_pipeline *p,
    const char *file, int code)
{
	const char *why = code == BG_EARCHIVE ? bg_pipeline_why(p) : "";
	char t[sizeof ((bg_diag *)0)->detail + 64];

	if (*why == '\0' || json) {
		cli_syserr(out, err, json, file, code, *why ? why : NULL);
		return;
	}
	snprintf(t, sizeof t, "%s: %s", bg_strerror(code), why);
	cli_syserr(out, err, json, file, code, t);
}

void
cli_report(FILE *out, FILE *err, int json, const char *file,
    const char *who, const bg_diag *d, int turn)
{
	if (json) {
		bg_diag_write_turn(bg_write_stdio, out, BG_OUT_JSON, file, who,
		    d, turn);
		return;
	}
	if (err == stderr)
		cli_progress_clear();
	if (out == stdout)
		fflush(stdout);
	fputs(cli_prog, err);
	fputs(": ", err);
	bg_diag_write(bg_write_stdio, err, BG_OUT_TEXT, file, who, d);
}

int
cli_run(bg_pipeline *p, FILE *out, FILE *err, int json, int quiet)
{
	size_t i;
	int rc;

	do
		for (rc = cli_next(p), i = 0;
		    i < bg_pipeline_diag_count(p); i++)
			if (bg_pipeline_diag(p, i)->severity !=
			    BG_SEV_WARNING || !quiet)
				cli_report_at(out, err, json, p, i);
	while (rc > 0);
	return rc;
}

int
cli_close(bg_pipeline *p, int rc)
{
	char *name = p ? strdup(bg_pipeline_name(p)) : NULL;

	if (bg_pipeline_free(p) < 0 && rc >= 0) {
		cli_warnx("%s: %s", name ? name : "<stdin>", strerror(errno));
		rc = -BG_EIO;
	}
	free(name);
	return rc;
}

int
cli_each(int argc, char **argv, int (*fn)(void *, const char *), void *ctx)
{
	int i, r, rc = 0;

	if (argc == 0)
		return fn(ctx, NULL);
	for (i = 0; i < argc; i++) {
		r = fn(ctx, strcmp(argv[i], "-") == 0 ? NULL : argv[i]);
		if (r > rc)
			rc = r;
	}
	return rc;
}
