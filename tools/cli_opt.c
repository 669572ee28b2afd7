/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli_opt.c: the tools' options from one table (see cli.h): the table
 * gives getopt_long() its short and long forms, and --help its lines,
 * so that an option is written down once; --help, --version and an
 * unknown option are answered here, the same way for every tool.
 * Nothing here knows backgammon.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

#define MAXOPTS	32
#define HELPCOL	25		/* where the text of an option starts */
enum { OPT_HELP = 256, OPT_VERSION };

/* The usage, then a line for each option of the table. */
static void
help(const struct cli_opt *opts, const char *usage)
{
	int n;

	cli_putlists(stdout, usage, 0, 0);
	fputs("\n", stdout);
	for (; opts->c != 0; opts++) {
		if (opts->help == NULL)		/* an old spelling */
			continue;
		if (opts->c >= CLI_LONG)
			n = printf("      --%s%s%s", opts->name,
			    opts->arg ? " " : "", opts->arg ? opts->arg : "");
		else
			n = printf("  -%c, --%s%s%s", opts->c, opts->name,
			    opts->arg ? " " : "", opts->arg ? opts->arg : "");
		printf("%*s", n < HELPCOL ? HELPCOL - n : 1, "");
		cli_putlists(stdout, opts->help, 0, HELPCOL);
		putchar('\n');
	}
	fputs("      --help, --version\n", stdout);
}

/* "TOOL VERSION (libbgkit VERSION)", TOOL from "usage: TOOL ...". */
static void
version(const char *usage)
{
	const char *name = usage + strlen("usage: ");

	printf("%.*s %s (libbgkit %s)\n", (int)strcspn(name, " \n"), name,
	    BG_VERSION, bg_version());
}

int
cli_getopt(int argc, char **argv, const struct cli_opt *opts,
    const char *usage, int *rc)
{
	static struct option lo[MAXOPTS + 3];
	static char so[2 * MAXOPTS + 1];
	char *argv0;
	size_t i, k = 0;
	int c;

	for (i = 0; opts[i].c != 0 && i < MAXOPTS; i++) {
		lo[i].name = opts[i].name;
		lo[i].has_arg = opts[i].arg ? required_argument : no_argument;
		lo[i].flag = NULL;
		lo[i].val = opts[i].c;
		if (opts[i].c >= CLI_LONG || opts[i].help == NULL)
			continue;
		so[k++] = (char)opts[i].c;
		if (opts[i].arg)
			so[k++] = ':';
	}
	so[k] = '\0';
	lo[i].name = "help";
	lo[i++].val = OPT_HELP;
	lo[i].name = "version";
	lo[i++].val = OPT_VERSION;
	memset(&lo[i], 0, sizeof lo[i]);
	/*
	 * getopt_long() names the program by argv[0], a path when the tool
	 * was run by one (bin/bgcheck): its messages say the name every
	 * other message says.
	 */
	argv0 = argv[0];
	argv[0] = (char *)cli_prog;
	c = getopt_long(argc, argv, so, lo, NULL);
	argv[0] = argv0;
	if (c == OPT_HELP || c == OPT_VERSION) {
		if (c == OPT_HELP)
			help(opts, usage);
		else
			version(usage);
		*rc = cli_close_stdout();
		return 0;
	}
	if (c == '?' || c == ':') {
		*rc = cli_usage(usage);
		return 0;
	}
	return c;
}

const char *
cli_optname(char *buf, size_t size, const struct cli_opt *opts, int c)
{
	for (; opts->c != 0 && (opts->c != c || opts->help == NULL); opts++)
		continue;
	if (opts->c == 0 || c < CLI_LONG)
		snprintf(buf, size, "-%c", c);
	else
		snprintf(buf, size, "--%s", opts->name);
	return buf;
}

int
cli_number(int *out, const char *s, int lo, const char *what)
{
	return cli_range(out, s, lo, 0x7fff, what);
}

int
cli_range(int *out, const char *s, int lo, int hi, const char *what)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < lo || v > hi) {
		cli_warnx("bad %s: %s", what, s);
		return -1;
	}
	*out = (int)v;
	return 0;
}

int
cli_warnopt(bg_diagfilter *f, const char *arg, const char *usage)
{
	int on = strncmp(arg, "no-", 3) != 0;
	int code = bg_code_parse(on ? arg : arg + 3);

	if (code <= 0)
		cli_warnx("unknown warning: %s (bgcheck(1) lists them under "
		    "DIAGNOSTICS)", on ? arg : arg + 3);
	else if (bg_diagfilter_set(f, code, on) < 0)
		cli_warnx("%s is no warning: only warnings can be turned off",
		    on ? arg : arg + 3);
	else
		return 0;
	return cli_usage(usage);
}
