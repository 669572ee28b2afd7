/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgscore: the result of every game of a match transcript and of the
 * match, as the replay computes them from the record: who won, how
 * (single, gammon, backgammon; bear-off, drop, resignation), the cube
 * and the points, and the running score.  A thin front end to the
 * reader and replay of lib/.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgscore [-f format] [-r rules] " \
	"[-T text|csv|json] [file ...]\n"

static bg_ruleset rules;	/* -r */
static bg_format from;		/* -f */

/* One file's results; bgscore leaves warnings to bgcheck. */
static int
score_file(void *ctx, const char *name)
{
	bg_outfmt f = *(bg_outfmt *)ctx;
	bg_pipeline *p;
	const char *names[2];
	const bg_diag *d;
	int rc, games = 0, errors = 0;
	size_t i;

	if ((p = cli_open(name, from, &rules, f == BG_OUT_JSON)) == NULL)
		return 2;
	do {
		rc = cli_next(p);
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			if ((d = bg_pipeline_diag(p, i))->severity !=
			    BG_SEV_WARNING) {
				cli_report(stdout, stderr, 0,
				    bg_pipeline_name(p), NULL, d, -1);
				errors++;
			}
		names[0] = bg_pipeline_player(p, 0);
		names[1] = bg_pipeline_player(p, 1);
		if (rc == BG_PIPE_MATCH)
			games = 0;
		else if (rc == BG_PIPE_GAME)
			bg_result_write(bg_write_stdio, stdout, f,
			    bg_pipeline_name(p), ++games,
			    bg_pipeline_result(p), names);
		else if (rc == BG_PIPE_MATCH_END && games > 0)
			bg_match_result_write(bg_write_stdio, stdout, f,
			    bg_pipeline_name(p), bg_match_length(bg_pipeline_match(p)), games,
			    bg_pipeline_result(p)->score, names);
	} while (rc > 0);
	if (rc < 0)
		cli_pipe_syserr(stdout, stderr, f == BG_OUT_JSON, p,
		    bg_pipeline_name(p), -rc);
	bg_pipeline_free(p);
	return rc < 0 ? 2 : errors ? 1 : 0;
}

/* The outputs of -T, in bg_outfmt's order. */
static const char *const forms[] = { "text", "json", "csv" };

int
main(int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ 'f', "from", "FORMAT", "read " CLI_READS "\n(default: "
		    "from the content)" },
		{ 'r', "rules", "RULES", "rules to enforce (see bgcheck --help)" },
		{ 'T', "format", "FORMAT", "text (default), csv or json" },
		{ 0, NULL, NULL, NULL }
	};
	bg_outfmt f = BG_OUT_TEXT;
	int c, k = 0, r, rc = 0;

	cli_setprog(argv[0]);
	bg_ruleset_init(&rules);
	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1) {
		if (c == 0)
			return rc;
		if ((c == 'f' && cli_from(&from, optarg, USAGE) < 0) ||
		    (c == 'r' && cli_rules(&rules, optarg) < 0))
			return 2;
		for (k = 0; c == 'T' && k < 3 && strcmp(optarg, forms[k]); k++)
			continue;
		if (k == 3) {
			cli_warnx("unknown format: %s (text, csv, json)",
			    optarg);
			return cli_usage(USAGE);
		}
		f = c == 'T' ? (bg_outfmt)k : f;
	}
	argc -= optind;
	argv += optind;
	if (f == BG_OUT_CSV)
		bg_result_write(bg_write_stdio, stdout, f, NULL, 0, NULL,
		    NULL);
	cli_progress_init(0);
	rc = cli_each(argc, argv, score_file, &f);
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
