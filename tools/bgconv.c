/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgconv: convert a match record from any format the library reads to
 * one it writes (bg_format_list(3): .mat, SGF, JSON Lines, Jellyfish
 * .gam, Snowie text, or an HTML page).  Each input goes through the
 * library's pipeline (bg_pipeline_new(3)): read, replayed through the
 * rules as bgcheck does, and written by the writer of -T's format.  It
 * is read twice, checked first, so that an input with errors is not
 * written unless -F asks for it; the files (-o, --directory) are put in
 * place only on success (cli_output.c).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"
#include "bgconv.h"

#define USAGE "usage: bgconv [-eFvW] [-f format] -T " \
	CLI_WRITES_BAR " [-r rules] [-s gnubg|xg]\n" \
	"              [-w [no-]name] [-o file | --directory dir] [file ...]\n"

bg_writer *
writer(const struct opts *o, bg_write_fn fn, void *ctx)
{
	bg_writer *w;

	if ((w = bg_writer_new(o->to, fn, ctx)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return NULL;
	}
	bg_writer_set_style(w, o->style);
	bg_writer_set_rules(w, &o->rules);
	return w;
}

/* A write error of out is told when out is closed. */
int
pass(struct opts *o, struct cli_input *in, bg_writer *w,
    const struct cli_output *out, FILE *err)
{
	const bg_pipe_count *c;
	bg_pipeline *p;
	int rc;

	if ((p = cli_input_pipeline(in, err)) == NULL)
		return 2;
	bg_pipeline_set_format(p, o->from);
	bg_pipeline_set_rules(p, &o->rules);
	bg_pipeline_set_writer(p, w);
	bg_pipeline_set_filter(p, &o->filter);
	bg_pipeline_set_collapse(p, !o->verbose);
	cli_progress_count(out != NULL);
	if ((rc = cli_run(p, stdout, err, 0, o->quiet)) < 0 &&
	    (rc != -BG_EIO || out == NULL || !out->failed))
		cli_pipe_syserr(stdout, err, 0, p, in->label, -rc);
	c = bg_pipeline_count(p);
	o->games = c->games;
	rc = rc < 0 ? 2 : c->errors || (o->werror && c->warnings);
	bg_pipeline_free(p);
	return rc;
}

/*
 * The first pass: what it finds is held and printed only when the
 * input is not to be written (failed without -F, or a system error);
 * else the second pass says it all again, in order with what the writer
 * says (with -W the first pass writes nothing, a dry run, to learn
 * what the writer says too).
 * 0, 1 when it failed, 2 on a system error.
 */
static int
check(struct opts *o, struct cli_input *in)
{
	struct cli_hold h;
	bg_writer *w = NULL;
	int r;

	if (cli_hold(&h) == NULL)
		return 2;
	if (o->werror && (w = writer(o, NULL, NULL)) == NULL) {
		cli_release(&h, 0);
		return 2;
	}
	r = pass(o, in, w, NULL, h.fp);
	bg_writer_free(w);
	if (cli_release(&h, r == 2 || (r == 1 && !o->force)) < 0)
		r = 2;
	return r < 2 && cli_input_rewind(in) != 0 ? 2 : r;
}

/*
 * One input (cli_each_input), checked, then written by o->w to
 * o->output, or with dst (--directory) by a writer of its own to the file dst;
 * one that fails is not written without -F.  0, 1 or 2.
 */
static int
one(void *ctx, struct cli_input *in, const char *dst)
{
	struct opts *o = ctx;
	struct cli_output own, *out = o->output;
	bg_writer *w = o->w;
	int r, fail;

	if ((fail = check(o, in)) == 2 || (fail && !o->force)) {
		/* Write a .gam of each game, named after the input. */
		if (fail == 1 && (dst != NULL || out->name == NULL))
			cli_warnx("%s: not written: the conversion failed "
			    "(-F writes it all the same)", dst && (o->to !=
			    BG_FORMAT_GAM || o->games < 2) ? dst : in->label);
		return fail;
	}
	if (o->to == BG_FORMAT_GAM && o->games > 1)
		return gam_games(o, in, dst, fail);
	if (dst != NULL && cli_output_open(out = &own, dst) != 0)
		return 2;
	if (dst != NULL && (w = writer(o, cli_output_write, out)) == NULL)
		r = 2;
	else if ((r = pass(o, in, w, out, stderr)) < 2 && fail)
		r = 1;
	if (dst != NULL) {
		bg_writer_free(w);
		r = cli_output_close(&own, r < 2, r);
	}
	return r;
}

/*
 * Every input to its file in --directory's DIR, or all to one output, the
 * standard output or -o's file, replaced only when no input failed, or
 * with -F.
 */
static int
convert(struct opts *o, int argc, char **argv)
{
	struct cli_output out;
	int rc;

	if (o->dir != NULL)
		return cli_each_input(argc, argv, o->dir,
		    bg_format_name(o->to), one, o);
	if (cli_output_open(o->output = &out, o->out) != 0)
		return 2;
	if ((o->w = writer(o, cli_output_write, &out)) == NULL)
		return cli_output_close(&out, 0, 2);
	rc = cli_each_input(argc, argv, NULL, NULL, one, o);
	bg_writer_free(o->w);
	if (o->out && rc == 1 && !o->force)
		cli_output_refused(&out, "the conversion failed");
	return cli_output_close(&out, rc == 0 || (rc == 1 && o->force), rc);
}

/* Take one option other than --help and --version: 0, or the exit status. */
static int
option(struct opts *o, int c, const char *arg)
{
	if ((c == 'r' && cli_rules(&o->rules, arg) < 0) ||
	    (c == 'f' && cli_from(&o->from, arg, USAGE) < 0))
		return 2;
	if (c == 'T' && cli_to(&o->to, arg, USAGE) != 0)
		return 2;
	if (c == 'w' && cli_warnopt(&o->filter, arg, USAGE) != 0)
		return 2;
	if (c != CLI_LONG + 'd' && strchr("frTsoFevWw", c) == NULL)
		return cli_usage(USAGE);
	o->stylearg = c == 's' ? arg : o->stylearg;
	o->out = c == 'o' ? arg : o->out;
	o->dir = c == CLI_LONG + 'd' ? arg : o->dir;
	o->force |= c == 'F';
	o->quiet |= c == 'e';
	o->verbose |= c == 'v';
	o->werror |= c == 'W';
	return 0;
}

/* Check what the options say together: 0, or the exit status. */
static int
coherent(struct opts *o, int argc, char **argv)
{
	const char *style = o->stylearg;
	char list[512];

	o->style = BG_STYLE_GNUBG;
	cli_formats(list, sizeof list, 1, ", ", " or ", 0, 0);
	if (o->to == BG_FORMAT_AUTO)
		cli_warnx("no output format: give -T %s", list);
	else if (style != NULL && o->to != BG_FORMAT_MAT)
		cli_warnx("-s applies to -T mat only");
	else if (o->to == BG_FORMAT_GAM && o->dir == NULL && argc > 1)
		cli_warnx("-T gam writes one game: give --directory DIR for "
		    "several inputs");
	else if (style != NULL && (bg_style_parse(&o->style, style) < 0 ||
	    o->style == BG_STYLE_MAT))
		cli_warnx("unknown style: %s (gnubg, xg)", style);
	else
		return o->dir ? cli_outdir(o->dir, o->out, argc, argv,
		    USAGE) : 0;
	return cli_usage(USAGE);
}

int
main(int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ 'f', "from", "FORMAT", "read " CLI_READS "\n(default: "
		    "from the content)" },
		{ 'T', "format", "FORMAT", "write " CLI_WRITES },
		{ 'r', "rules", "RULES", "rules to judge by and write (see "
		    "bgcheck --help)" },
		{ 's', "style", "STYLE", ".mat layout: gnubg (default) or xg" },
		{ 'o', "output", "FILE", "write FILE (replaced only on "
		    "success)" },
		{ CLI_LONG + 'd', "directory", "DIR", "write each input to "
		    "DIR/NAME.FORMAT" },
		{ 'F', "force", NULL, "write even what has errors" },
		{ 'e', "errors-only", NULL, "do not print warnings" },
		{ 'v', "verbose", NULL, "every warning in its place (not once "
		    "a file)" },
		{ 'W', "warnings-fatal", NULL, "warnings make the exit status "
		    "1" },
		CLI_OPT_WARN,
		{ 0, NULL, NULL, NULL }
	};
	struct opts o;
	int c, r, rc;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.to = BG_FORMAT_AUTO;
	bg_ruleset_init(&o.rules);
	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1)
		if (c == 0 || (rc = option(&o, c, optarg)) != 0)
			return rc;
	argc -= optind;
	argv += optind;
	if ((rc = coherent(&o, argc, argv)) != 0)
		return rc;
	cli_progress_init(o.out != NULL || o.dir != NULL);
	rc = convert(&o, argc, argv);
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
