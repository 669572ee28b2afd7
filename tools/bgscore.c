/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgscore: the result of every game of a match transcript and of the
 * match, as the replay computes them from the record: who won, how
 * (single, gammon, backgammon; bear-off, drop, resignation), the cube
 * and the points, and the running score; with --statistics, gnubg's
 * statistics of the analysis each game carries, per game and for the
 * match (bg_stats_acc_event).  A thin front end to the reader, replay and
 * statistics of lib/.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgscore [--statistics] [-f format] [-M file] " \
	"[-r rules] [-T text|csv|json] [file ...]\n"

static bg_ruleset rules;	/* -r's rules */
static bg_format from;		/* -f's format */
static int stats;		/* set by --statistics */
static bg_met *met;		/* -M's table, or the default one */

/* Write one file's results; bgscore leaves warnings to bgcheck. */
static int
score_file(void *ctx, const char *name)
{
	bg_outfmt f = *(bg_outfmt *)ctx;
	bg_pipeline *p;
	const char *names[2];
	const bg_diag *d;
	bg_stats_acc acc;
	int rc, games = 0, errors = 0, wrote = 0;
	size_t i;

	if ((p = cli_open(name, from, &rules, f == BG_OUT_JSON)) == NULL)
		return 2;
	bg_stats_acc_init(&acc, met, f);
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
		games = rc == BG_PIPE_MATCH ? 0 : games + (rc == BG_PIPE_GAME);
		if (stats && rc > 0 && (wrote = bg_stats_acc_event(&acc, p, rc,
		    bg_write_stdio, stdout)) == -BG_EINVAL) {
			fflush(stdout);
			cli_warnx("%s: game %d: the score is beyond the match "
			    "equity table (%d points)", bg_pipeline_name(p),
			    games, bg_met_length(met));
			errors++;
		}
		if (rc == BG_PIPE_GAME && !stats)
			bg_result_write(bg_write_stdio, stdout, f,
			    bg_pipeline_name(p), games,
			    bg_pipeline_result(p), names);
		else if (rc == BG_PIPE_MATCH_END && games > 0 &&
		    !(stats && wrote == 1))
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

/* For -M, read the table in file name.  Return 0, or exit status 2
 * after a message. */
static int
read_met(const char *name)
{
	FILE *fp;
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	bg_met_error e;
	int rc;

	if ((fp = fopen(name, "rb")) == NULL) {
		cli_warnx("%s: %s", name, strerror(errno));
		return 2;
	}
	do {
		if (len == cap && (buf = realloc(buf, cap = cap * 2 + 4096)) ==
		    NULL) {
			cli_warnx("%s: %s", name, strerror(ENOMEM));
			fclose(fp);
			return 2;
		}
		len += n = fread(buf + len, 1, cap - len, fp);
	} while (n > 0);
	rc = ferror(fp) ? -BG_EIO : bg_met_read(&met, buf, len, &e);
	fclose(fp);
	free(buf);
	if (rc == -BG_EINVAL)
		cli_warnx("%s:%d:%d: %s", name, e.line, e.col, e.msg);
	else if (rc < 0)
		cli_warnx("%s: %s", name, bg_strerror(-rc));
	return rc < 0 ? 2 : 0;
}

/* The outputs of -T, in bg_outfmt's order. */
static const char *const forms[] = { "text", "json", "csv" };

int
main(int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ 'f', "from", "FORMAT", "read " CLI_READS "\n(default: "
		    "from the content)" },
		{ 'M', "met", "FILE", "the match equity table for "
		    "--statistics,\nin gnubg's XML format (default: "
		    "Kazaross-XG2)" },
		{ 'r', "rules", "RULES", "rules to enforce (see bgcheck --help)" },
		{ CLI_LONG + 's', "statistics", NULL, "gnubg's statistics of "
		    "the analysis, per game\nand for the match" },
		{ 'T', "format", "FORMAT", "text (default), csv or json" },
		{ 0, NULL, NULL, NULL }
	};
	bg_outfmt f = BG_OUT_TEXT;
	const char *metfile = NULL;	/* -M's file, read after all options */
	int c, k = 0, r, rc = 0;

	cli_setprog(argv[0]);
	bg_ruleset_init(&rules);
	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1) {
		if (c == 0)
			return rc;
		if ((c == 'f' && cli_from(&from, optarg, USAGE) < 0) ||
		    (c == 'r' && cli_rules(&rules, optarg) < 0))
			return 2;
		stats |= c == CLI_LONG + 's';
		metfile = c == 'M' ? optarg : metfile;
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
	if (stats && f == BG_OUT_CSV) {
		cli_warnx("--statistics is written as text or json");
		return cli_usage(USAGE);
	}
	if (metfile != NULL && read_met(metfile) != 0)
		return 2;
	if (met == NULL && (met = bg_met_new()) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	if (f == BG_OUT_CSV)
		bg_result_write(bg_write_stdio, stdout, f, NULL, 0, NULL,
		    NULL);
	cli_progress_init(0);
	rc = cli_each(argc, argv, score_file, &f);
	bg_met_free(met);
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
