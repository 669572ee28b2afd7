/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bganalyse: have GNU Backgammon analyse records of any format bgkit
 * reads, and write them with the analysis as SGF or JSON Lines.  The
 * library does the work (bg_analyse_new(3)): each input is read and
 * checked through a pipeline whose games it takes, runs gnubg on them
 * (-j at once, --timeout each, --cache to skip what was analysed
 * before) and gives each input's record back as SGF, which is read
 * again and written by the writer of -T's format to the standard
 * output, -o's file or -d's directory (cli_output.c: put in place only
 * when written through).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"
#include "bganalyse.h"

#define USAGE "usage: bganalyse [-eRv] [-f format] [-T sgf|json] " \
	"[-j jobs] [-r rules] [--plies n]\n" \
	"                 [--cube-plies n] [--players side] " \
	"[--timeout seconds] [--cache dir]\n" \
	"                 [--level name] [--rollout trials " \
	"[--rollout-of what]\n" \
	"                 [--rollout-moves n] [--truncation plies] " \
	"[--seed n]]\n" \
	"                 [-o file | --directory dir] [file ...]\n"


/* Read and check one input, and queue its games for gnubg.  Return the
 * exit status for it: 0, 1 or 2. */
static int
input(void *ctx, const char *name)
{
	struct opts *o = ctx;
	const bg_pipe_count *c;
	bg_pipeline *p;
	size_t i;
	int rc, ev;

	if ((p = cli_open(name, o->from, &o->rules, 0)) == NULL)
		return 2;
	if (bg_analyse_attach(o->a, p, &o->rules) < 0) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		cli_close(p, 2);
		return 2;
	}
	do {
		rc = ev = cli_next(p);
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			if (bg_pipeline_diag(p, i)->severity !=
			    BG_SEV_WARNING || !o->quiet)
				cli_report_at(stdout, stderr, 0, p, i);
		if (ev > 0 && bg_analyse_event(o->a, p, ev) < 0)
			rc = -BG_ENOMEM;
	} while (rc > 0);
	if (rc < 0)
		cli_pipe_syserr(stdout, stderr, 0, p, name ? name : "<stdin>",
		    -rc);
	c = bg_pipeline_count(p);
	rc = rc < 0 ? 2 : c->errors > 0;
	if (rc == 1)
		cli_warnx("%s: not analysed: the record has errors",
		    name ? name : "<stdin>");
	if (bg_analyse_input(o->a, name ? name : "<stdin>", rc == 0) < 0)
		rc = 2;
	return cli_close(p, rc) < 0 ? 2 : rc;
}

static int
walk(void *ctx, const char *name)
{
	struct opts *o = ctx;

	return o->recurse && name != NULL ? cli_walk(name, input, ctx) :
	    input(ctx, name);
}

/* Take one of the options of a rollout.  Return 0, or the exit
 * status. */
static int
rollout_option(struct opts *o, int c, const char *arg)
{
	bg_analyse_opts *an = &o->an;
	int seed = 0;

	/* gnubg takes trials and seeds up to 2147483647. */
	if ((c == CLI_LONG + 'r' && cli_range(&an->rollout, arg, 1,
	    2147483647, "trials") < 0) ||
	    (c == CLI_LONG + 'm' && cli_number(&an->rollout_moves, arg, 1,
	    "moves") < 0) ||
	    (c == CLI_LONG + 'T' && cli_number(&an->truncation, arg, 0,
	    "truncation") < 0) ||
	    (c == CLI_LONG + 's' && cli_range(&seed, arg, 0, 2147483647,
	    "seed") < 0))
		return cli_usage(USAGE);
	an->seed = c == CLI_LONG + 's' ? seed : an->seed;
	if (c == CLI_LONG + 'D' && (an->rollout_what = strcmp(arg,
	    "plays") == 0 ? BG_ROLLOUT_PLAYS : strcmp(arg, "cubes") == 0 ?
	    BG_ROLLOUT_CUBES : strcmp(arg, "both") == 0 ? BG_ROLLOUT_PLAYS |
	    BG_ROLLOUT_CUBES : 0) == 0) {
		cli_warnx("bad --rollout-of: %s (plays, cubes or both)",
		    arg);
		return cli_usage(USAGE);
	}
	o->rollout_set |= c != CLI_LONG + 'r';
	return 0;
}

/* Take one option other than --help and --version.  Return 0, or the
 * exit status. */
static int
option(struct opts *o, int c, const char *arg)
{
	bg_analyse_opts *an = &o->an;

	if (c == CLI_LONG + 'r' || c == CLI_LONG + 'm' || c == CLI_LONG +
	    'T' || c == CLI_LONG + 's' || c == CLI_LONG + 'D')
		return rollout_option(o, c, arg);

	if ((c == 'r' && cli_rules(&o->rules, arg) < 0) ||
	    (c == 'f' && cli_from(&o->from, arg, USAGE) < 0) ||
	    (c == 'j' && cli_number(&an->jobs, arg, 1, "jobs") < 0) ||
	    (c == CLI_LONG + 'p' && cli_number(&an->plies, arg, 0,
	    "plies") < 0) ||
	    (c == CLI_LONG + 'c' && cli_number(&an->cube_plies, arg, 0,
	    "cube plies") < 0) ||
	    (c == CLI_LONG + 't' && cli_number(&an->timeout, arg, 0,
	    "timeout") < 0))
		return cli_usage(USAGE);
	if (c == CLI_LONG + 'L' && (an->level = bg_analyse_level(arg)) < 0) {
		cli_warnx("bad level: %s (beginner, casual, intermediate, "
		    "advanced, expert, worldclass, supremo, grandmaster)", arg);
		return cli_usage(USAGE);
	}
	if ((c == CLI_LONG + 'p' && an->plies > 7) ||
	    (c == CLI_LONG + 'c' && an->cube_plies > 7)) {
		cli_warnx("bad plies: %s (0 to 7)", arg);
		return cli_usage(USAGE);
	}
	if (c == CLI_LONG + 'P' && (an->players = strcmp(arg, "both") == 0 ?
	    3 : strcmp(arg, "0") == 0 ? 1 : strcmp(arg, "1") == 0 ? 2 : 0) ==
	    0) {
		cli_warnx("bad players: %s (0, 1 or both)", arg);
		return cli_usage(USAGE);
	}
	if (c == 'T' && (bg_format_parse(&o->to, arg) < 0 ||
	    (o->to != BG_FORMAT_SGF && o->to != BG_FORMAT_JSON))) {
		cli_warnx("unknown output format: %s (sgf, json)", arg);
		return cli_usage(USAGE);
	}
	o->cube_set |= c == CLI_LONG + 'c';
	o->plies_set |= c == CLI_LONG + 'p';
	o->out = c == 'o' ? arg : o->out;
	o->dir = c == CLI_LONG + 'd' ? arg : o->dir;
	an->cache = c == CLI_LONG + 'C' ? arg : an->cache;
	o->quiet |= c == 'e';
	o->verbose |= c == 'v';
	o->recurse |= c == 'R';
	return 0;
}

int
main(int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ 'f', "from", "FORMAT", "read this format (default: from "
		    "the content)" },
		{ 'T', "format", "FORMAT", "write sgf (default) or json" },
		{ 'o', "output", "FILE", "write FILE (replaced only on "
		    "success)" },
		{ CLI_LONG + 'd', "directory", "DIR", "write each input to "
		    "DIR/NAME.FORMAT" },
		{ 'j', "jobs", "N", "run N gnubg processes at once" },
		{ 'r', "rules", "RULES", "rules to judge by (see bgcheck "
		    "--help)" },
		{ 'R', "recursive", NULL, "read the files under directories" },
		{ CLI_LONG + 'p', "plies", "N", "checker play at N plies "
		    "(default 0)" },
		{ CLI_LONG + 'c', "cube-plies", "N", "cube decisions at N "
		    "plies (default: --plies)" },
		{ CLI_LONG + 't', "timeout", "SECONDS", "stop gnubg on a game "
		    "after SECONDS\n(default 300; 0: no limit)" },
		{ CLI_LONG + 'L', "level", "NAME", "analyse at a level of "
		    "gnubg's (worldclass...)\ninstead of --plies" },
		{ CLI_LONG + 'P', "players", "SIDE", "analyse the decisions of "
		    "side 0 (the first\nplayer), 1 or both (the default)" },
		{ CLI_LONG + 'C', "cache", "DIR", "keep each game's analysis "
		    "in DIR, and take it\nfrom there" },
		{ CLI_LONG + 'r', "rollout", "TRIALS", "roll the decisions out, "
		    "TRIALS games each" },
		{ CLI_LONG + 'D', "rollout-of", "WHAT", "roll out "
		    "plays, cubes or both (the default)" },
		{ CLI_LONG + 'm', "rollout-moves", "N", "roll out the N best "
		    "candidates of each play\n(default 3)" },
		{ CLI_LONG + 'T', "truncation", "PLIES", "stop each game of "
		    "a rollout after PLIES plies\n(default 0: played to the "
		    "end)" },
		{ CLI_LONG + 's', "seed", "N", "the rollouts' seed (default "
		    "0)" },
		{ 'e', "errors-only", NULL, "do not print warnings" },
		{ 'v', "verbose", NULL, "say how many games were analysed" },
		{ 0, NULL, NULL, NULL }
	};
	struct opts o;
	int c, rc;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.to = BG_FORMAT_SGF;
	bg_ruleset_init(&o.rules);
	bg_analyse_opts_init(&o.an);
	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1)
		if (c == 0 || (rc = option(&o, c, optarg)) != 0)
			return rc;
	argc -= optind;
	argv += optind;
	if (o.an.level > 0 && (o.plies_set || o.cube_set)) {
		cli_warnx("--level and --plies or --cube-plies cannot go "
		    "together");
		return cli_usage(USAGE);
	}
	if (o.rollout_set && o.an.rollout == 0) {
		cli_warnx("--rollout-of, --rollout-moves, --truncation "
		    "and --seed go with --rollout");
		return cli_usage(USAGE);
	}
	if (!o.cube_set)
		o.an.cube_plies = o.an.plies;
	o.an.gnubg = find_gnubg();
	o.an.tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ?
	    getenv("TMPDIR") : "/tmp";
	if ((o.dir != NULL && (rc = cli_outdir(o.dir, o.out, argc, argv,
	    USAGE)) != 0) || (rc = have_gnubg(&o.an)) != 0)
		return rc;
	return run(&o, argc, argv, walk);
}
