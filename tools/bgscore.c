/*
 * bgscore: the result of every game of a match transcript and of the
 * match, as the replay computes them from the record: who won, how
 * (single, gammon, backgammon; bear-off, drop, resignation), the cube
 * and the points, and the running score.  A thin front end to the
 * reader and replay of lib/.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
		rc = bg_pipeline_next(p);
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
		cli_syserr(stdout, stderr, f == BG_OUT_JSON,
		    bg_pipeline_name(p), -rc, NULL);
	bg_pipeline_free(p);
	return rc < 0 ? 2 : errors ? 1 : 0;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "format", required_argument, NULL, 'T' },
		{ "from", required_argument, NULL, 'f' },
		{ "rules", required_argument, NULL, 'r' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	bg_outfmt f = BG_OUT_TEXT;
	int c, r, rc = 0;

	cli_setprog(argv[0]);
	bg_ruleset_init(&rules);
	while ((c = getopt_long(argc, argv, "f:r:T:", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case 'f':
			if (cli_from(&from, optarg, USAGE) < 0)
				return 2;
			break;
		case 'r':
			if (cli_rules(&rules, optarg) < 0)
				return 2;
			break;
		case 'T':
			if (strcmp(optarg, "json") == 0)
				f = BG_OUT_JSON;
			else if (strcmp(optarg, "csv") == 0)
				f = BG_OUT_CSV;
			else if (strcmp(optarg, "text") == 0)
				f = BG_OUT_TEXT;
			else {
				cli_warnx("unknown format: %s (text, csv, json)",
				    optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 'h':
			fputs(USAGE "\n"
			    "  -f, --from FORMAT      read mat, sgf, json, xg, snowie, "
			    "pos,\n"
			    "                         gnubgtext or positions (default: from "
			    "the content)\n"
			    "  -r, --rules RULES      rules to enforce "
			    "(see bgcheck --help)\n"
			    "  -T, --format FORMAT    text (default), csv or "
			    "json\n"
			    "      --help, --version\n", stdout);
			return cli_close_stdout();
		case 'V':
			printf("bgscore %s (libbgkit %s)\n", BG_VERSION,
			    bg_version());
			return cli_close_stdout();
		default:
			fputs(USAGE, stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;
	if (f == BG_OUT_CSV)
		bg_result_write(bg_write_stdio, stdout, f, NULL, 0, NULL,
		    NULL);
	rc = cli_each(argc, argv, score_file, &f);
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
