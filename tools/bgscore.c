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

#define USAGE "usage: bgscore [-f mat|sgf|json] [-r rules] " \
	"[-T text|csv|json] [file ...]\n"

enum format { F_TEXT, F_CSV, F_JSON };

static const char *const types[] = { "single", "gammon", "backgammon" };
static const char *const ends[] = { "none", "bearoff", "drop", "resign" };

/* A drop scores the cube as a single game (seed 002: game value 1). */
static int
win_value(const bg_result *r)
{
	return r->ended_by == BG_END_DROP ? 1 : r->level;
}

static void
print_game(enum format f, int game, const bg_result *r, char names[2][64])
{
	int v = win_value(r), done = r->winner >= 0 && v >= 1 && v <= 3;

	switch (f) {
	case F_JSON:
		printf("{\"game\":%d,\"winner\":", game);
		if (!done) {
			printf("null,\"win_type\":null,\"win_value\":null,"
			    "\"final_cube_value\":%d,\"total_points\":0,"
			    "\"ended_by\":\"none\",", r->cube);
		} else
			printf("%d,\"win_type\":\"%s\",\"win_value\":%d,"
			    "\"final_cube_value\":%d,\"total_points\":%d,"
			    "\"ended_by\":\"%s\",", r->winner, types[v - 1], v,
			    r->cube, r->points, ends[r->ended_by]);
		printf("\"score\":[%d,%d]}\n", r->score[0], r->score[1]);
		break;
	case F_CSV:
		if (!done)
			printf("%d,,,,,%d,0,none,%d,%d\n", game, r->cube,
			    r->score[0], r->score[1]);
		else {
			printf("%d,%d,", game, r->winner);
			cli_putcsv(stdout, names[r->winner]);
			printf(",%s,%d,%d,%d,%s,%d,%d\n", types[v - 1], v,
			    r->cube, r->points, ends[r->ended_by],
			    r->score[0], r->score[1]);
		}
		break;
	case F_TEXT:
		printf("game %d: ", game);
		if (!done) {
			printf("no result");
		} else {
			cli_puttext(stdout, names[r->winner]);
			printf(" wins %d point%s, %s", r->points,
			    r->points == 1 ? "" : "s", r->ended_by ==
			    BG_END_DROP ? "double dropped" : types[v - 1]);
			if (r->ended_by == BG_END_RESIGN)
				fputs(" by resignation", stdout);
			printf(", cube %d", r->cube);
		}
		printf("; score %d-%d%s\n", r->score[0], r->score[1],
		    r->crawford ? " (Crawford game)" : "");
		break;
	}
}

static void
print_match(enum format f, int length, int games, const int score[2],
    char names[2][64])
{
	int w = -1, s;

	if (length > 0 && (score[0] >= length || score[1] >= length))
		w = score[0] >= length ? 0 : 1;
	switch (f) {
	case F_JSON:
		fputs("{\"match\":true,\"players\":[", stdout);
		cli_putjson(stdout, names[0]);
		fputc(',', stdout);
		cli_putjson(stdout, names[1]);
		printf("],\"length\":%d,\"games\":%d,\"score\":[%d,%d],"
		    "\"winner\":", length, games, score[0], score[1]);
		if (w < 0)
			fputs("null}\n", stdout);
		else
			printf("%d}\n", w);
		break;
	case F_CSV:
		break;
	case F_TEXT:
		fputs(length > 0 ? "match: " : "session: ", stdout);
		for (s = 0; s < 2; s++) {
			fputs(s ? ", " : "", stdout);
			cli_puttext(stdout, names[s]);
			printf(" %d", score[s]);
		}
		if (length > 0) {
			printf(" in a %d-point match; ", length);
			if (w < 0)
				fputs("unfinished", stdout);
			else {
				cli_puttext(stdout, names[w]);
				fputs(" wins", stdout);
			}
		}
		putchar('\n');
		break;
	}
}

static bg_ruleset rules;	/* -r */
static bg_format from;		/* -f */

/*
 * Print the errors the reader has, and the replay's if rp is not NULL
 * (bgscore leaves warnings to bgcheck); their number.
 */
static int
errors_of(const char *label, const bg_reader *rd, const bg_replay *rp)
{
	size_t i;
	int n = 0;

	for (i = 0; i < bg_reader_diag_count(rd); i++)
		if (bg_reader_diag(rd, i)->severity != BG_SEV_WARNING) {
			cli_print_diag(label, NULL, bg_reader_diag(rd, i));
			n++;
		}
	for (i = 0; rp != NULL && i < bg_replay_diag_count(rp); i++)
		if (bg_replay_diag(rp, i)->severity != BG_SEV_WARNING) {
			cli_print_diag(label, NULL, bg_replay_diag(rp, i));
			n++;
		}
	return n;
}

static int
score_file(enum format f, const char *name)
{
	const char *label = name ? name : "<stdin>";
	FILE *fp = stdin;
	bg_reader *rd;
	bg_replay *rp;
	const bg_match *m;
	const bg_game *g;
	const bg_result *r;
	char names[2][64];
	int rc, grc = 0, errors = 0, games, s, score[2];

	if (name && (fp = cli_fopen(name)) == NULL) {
		cli_warnx("%s: %s", name, strerror(errno));
		return 2;
	}
	rd = bg_reader_new(cli_read, fp, label);
	if (rd != NULL && from != BG_FORMAT_AUTO)
		bg_reader_set_format(rd, from);
	rp = bg_replay_new();
	if (rp != NULL)
		bg_replay_set_rules(rp, &rules);
	if (rd == NULL || rp == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		bg_reader_free(rd);
		bg_replay_free(rp);
		if (fp != stdin)
			fclose(fp);
		return 2;
	}
	while ((rc = bg_reader_next_match(rd, &m)) > 0) {
		/* The header's errors: an unreadable line before any game. */
		errors += errors_of(label, rd, NULL);
		for (s = 0; s < 2; s++)
			snprintf(names[s], sizeof names[s], "%s",
			    bg_match_player(m, s) ? bg_match_player(m, s) : "");
		bg_replay_match(rp, m);
		games = 0;
		score[0] = score[1] = 0;
		while ((grc = bg_reader_next_game(rd, &g)) > 0) {
			for (s = 0; s < 2; s++)
				if (!names[s][0] && bg_game_player(g, s))
					snprintf(names[s], sizeof names[s],
					    "%s", bg_game_player(g, s));
			bg_replay_game(rp, g);
			errors += errors_of(label, rd, rp);
			r = bg_replay_result(rp);
			print_game(f, ++games, r, names);
			score[0] = r->score[0];
			score[1] = r->score[1];
		}
		/* The last call's too: JSON records after a bad game line. */
		errors += errors_of(label, rd, NULL);
		if (games > 0)
			print_match(f, bg_match_length(m), games, score, names);
		if (grc < 0) {
			rc = grc;
			break;
		}
	}
	if (rc == 0)
		errors += errors_of(label, rd, NULL);
	if (rc < 0)
		cli_warnx("%s: %s", label, bg_strerror(rc));
	bg_replay_free(rp);
	bg_reader_free(rd);
	if (fp != stdin)
		fclose(fp);
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
	enum format f = F_TEXT;
	int c, i, r, rc = 0;

	cli_setprog(argv[0]);
	bg_ruleset_init(&rules);
	while ((c = getopt_long(argc, argv, "f:r:T:", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case 'f':
			if (bg_format_parse(&from, optarg) < 0 ||
			    from == BG_FORMAT_HTML) {
				cli_warnx("unknown input format: %s (mat, sgf, "
				    "json)", optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 'r':
			if (cli_rules(&rules, optarg) < 0)
				return 2;
			break;
		case 'T':
			if (strcmp(optarg, "json") == 0)
				f = F_JSON;
			else if (strcmp(optarg, "csv") == 0)
				f = F_CSV;
			else if (strcmp(optarg, "text") == 0)
				f = F_TEXT;
			else {
				cli_warnx("unknown format: %s (text, csv, json)",
				    optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 'h':
			fputs(USAGE "\n"
			    "  -f, --from FORMAT      read mat, sgf or json "
			    "(default: from the content)\n"
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
	if (f == F_CSV)
		puts("game,winner,winner_name,win_type,win_value,"
		    "final_cube_value,total_points,ended_by,score0,score1");
	if (argc == 0)
		rc = score_file(f, NULL);
	for (i = 0; i < argc; i++) {
		r = score_file(f, strcmp(argv[i], "-") == 0 ? NULL : argv[i]);
		if (r > rc)
			rc = r;
	}
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
