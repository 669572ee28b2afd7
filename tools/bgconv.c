/*
 * bgconv: convert match records between .mat, SGF and JSON Lines.  Each
 * input is read in the format its content shows (or the one -f names)
 * and every match is written again in the format -T names, through the
 * library's one record model; what the input could not give and what
 * the output cannot hold is reported on stderr.  With -o the output goes
 * to a temporary file renamed into place only when all went well (exit
 * status 0, or 1 with -F).  A thin front end: readers and writers live
 * in lib/.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgconv [-FqW] [-f mat|sgf|json] -T mat|sgf|json " \
	"[-r rules] [-s gnubg|xg] [-o file] [file ...]\n"

struct count {
	int		 errors, warnings;
};

struct opts {
	bg_ruleset	 rules;		/* -r */
	bg_format	 from, to;
	bg_style	 style;
	int		 quiet, werror, force;
	struct count	 c;
	bg_writer	*w;
	int		 failed;	/* a system error: no more inputs */
};

static void
report(const struct opts *o, struct count *c, const char *file,
    const bg_match *m, const bg_diag *d)
{
	if (d->severity == BG_SEV_WARNING) {
		c->warnings++;
		if (o->quiet)
			return;
	} else
		c->errors++;
	cli_report(stdout, stderr, 0, file, m && d->side >= 0 ?
	    bg_match_player(m, d->side) : NULL, d, -1);
}

/* What the writer could not hold, after its last call. */
static int
written(const struct opts *o, struct count *c, const bg_pipeline *p,
    bg_writer *w, int wrc)
{
	size_t i;

	for (i = 0; i < bg_writer_diag_count(w); i++)
		report(o, c, bg_pipeline_name(p), bg_pipeline_match(p),
		    bg_writer_diag(w, i));
	return wrc;
}

/* Convert one input; 2 on a system error, else 0. */
static int
convert(void *ctx, const char *name)
{
	struct opts *o = ctx;
	struct count *c = &o->c;
	bg_writer *w = o->w;
	bg_pipeline *p;
	size_t i;
	int rc, wrc = 0;

	if (o->failed || (p = cli_open(name, o->from, NULL, 0)) == NULL)
		return o->failed = 2;
	bg_pipeline_set_replay(p, 0);	/* the writer replays */
	do {
		rc = bg_pipeline_next(p);
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			report(o, c, bg_pipeline_name(p), bg_pipeline_match(p),
			    bg_pipeline_diag(p, i));
		if (rc == BG_PIPE_MATCH)
			wrc = written(o, c, p, w, bg_writer_match(w,
			    bg_pipeline_match(p)));
		else if (rc == BG_PIPE_GAME)
			wrc = written(o, c, p, w, bg_writer_game(w,
			    bg_pipeline_game(p)));
		else if (rc == BG_PIPE_MATCH_END)
			wrc = written(o, c, p, w, bg_writer_end(w));
	} while (rc > 0 && wrc >= 0);
	if (wrc < 0) {
		/* A write error is told when the output is closed. */
		if (wrc != -BG_EIO)
			cli_warnx("%s", bg_strerror(wrc));
		rc = wrc;
	} else if (rc < 0)
		cli_warnx("%s: %s", bg_pipeline_name(p), bg_strerror(rc));
	return o->failed = cli_close(p, rc) < 0 ? 2 : 0;
}

static int
help(void)
{
	fputs(USAGE "\n"
	    "  -f, --from FORMAT      read mat, sgf or json "
	    "(default: from the content)\n"
	    "  -T, --format FORMAT    write mat, sgf or json\n"
	    "  -r, --rules RULES      rules to judge by and "
	    "write (see bgcheck --help)\n"
	    "  -s, --style STYLE      .mat layout: gnubg "
	    "(default) or xg\n"
	    "  -o, --output FILE      write FILE (replaced "
	    "only on success)\n"
	    "  -F, --force            with -o, replace FILE "
	    "even when an input has errors\n"
	    "  -q, --quiet            do not print warnings\n"
	    "  -W, --warnings-fatal   warnings make the exit "
	    "status 1\n"
	    "      --help, --version\n", stdout);
	return cli_close_stdout();
}

/* One option: 0 to go on, else the exit status (-1 for 0). */
static int
option(struct opts *o, int ch, const char *arg, const char **name,
    const char **style)
{
	if (ch == 'r' && cli_rules(&o->rules, arg) < 0)
		return 2;
	if (ch == 'f' && cli_from(&o->from, arg, USAGE) < 0)
		return 2;
	if (ch == 'T' && (bg_format_parse(&o->to, arg) < 0 ||
	    o->to == BG_FORMAT_AUTO)) {
		cli_warnx("unknown output format: %s (mat, sgf, json)", arg);
		return cli_usage(USAGE);
	}
	if (ch == 'h')
		return help() != 0 ? 2 : -1;
	if (ch == 'V') {
		printf("bgconv %s (libbgkit %s)\n", BG_VERSION, bg_version());
		return cli_close_stdout() ? 2 : -1;
	}
	if (strchr("frTsoFqW", ch) == NULL)
		return cli_usage(USAGE);
	*style = ch == 's' ? arg : *style;
	*name = ch == 'o' ? arg : *name;
	o->force |= ch == 'F';
	o->quiet |= ch == 'q';
	o->werror |= ch == 'W';
	return 0;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "format", required_argument, NULL, 'T' },
		{ "rules", required_argument, NULL, 'r' },
		{ "style", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "force", no_argument, NULL, 'F' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "warnings-fatal", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o;
	const char *name = NULL, *style = NULL;
	struct cli_out out;
	bg_writer *w;
	int ch, r, rc = 0, failed;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.to = BG_FORMAT_AUTO;
	bg_ruleset_init(&o.rules);
	while ((ch = getopt_long(argc, argv, "f:T:r:s:o:FqW", longopts,
	    NULL)) != -1)
		if ((r = option(&o, ch, optarg, &name, &style)) != 0)
			return r < 0 ? 0 : r;
	argc -= optind;
	argv += optind;
	if (o.to == BG_FORMAT_AUTO) {
		cli_warnx("no output format: give -T mat, sgf or json");
		fputs(USAGE, stderr);
		return 2;
	}
	o.style = BG_STYLE_GNUBG;
	if (style != NULL && (bg_style_parse(&o.style, style) < 0 ||
	    o.style == BG_STYLE_MAT || o.to != BG_FORMAT_MAT)) {
		if (o.to != BG_FORMAT_MAT)
			cli_warnx("-s applies to -T mat only");
		else
			cli_warnx("unknown style: %s (gnubg, xg)", style);
		fputs(USAGE, stderr);
		return 2;
	}
	if (cli_out_open(&out, name) != 0)
		return 2;
	if ((o.w = w = bg_writer_new(o.to, bg_write_stdio, out.fp)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		rc = 2;
	} else {
		bg_writer_set_style(w, o.style);
		bg_writer_set_rules(w, &o.rules);
		rc = cli_each(argc, argv, convert, &o);
		bg_writer_free(w);
	}
	/*
	 * A failed conversion leaves the file as it was, unless -F asks for
	 * what could be read all the same.
	 */
	failed = rc < 2 && (o.c.errors || (o.werror && o.c.warnings));
	if (cli_out_close(&out, rc == 0 && (!failed || o.force)) != 0)
		rc = 2;
	else if (failed && name != NULL && !o.force && !out.direct)
		cli_warnx("%s: not replaced: the conversion failed (-F "
		    "replaces it all the same)", name);
	if (rc < 2 && failed)
		rc = 1;
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
