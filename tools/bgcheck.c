/*
 * bgcheck: validate match transcripts.  Reads each file with the .mat
 * reader, replays every game through the rules and reports what is
 * wrong, where and why.  A thin front end: reading and replay live in
 * lib/.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgcheck [-qvW] [-T text|json] [file ...]\n"

struct opts {
	int	quiet;		/* no warnings */
	int	verbose;	/* a summary line per file */
	int	werror;
	int	json;
};

struct count {
	int	errors, warnings, games, records, matches;
	int	eof;		/* the reader reported a cut file */
};

static long
read_fp(void *ctx, char *buf, size_t n)
{
	FILE *fp = ctx;
	size_t got = fread(buf, 1, n, fp);

	if (got == 0 && ferror(fp))
		return -1;
	return (long)got;
}

static const char *
sevname(bg_severity s)
{
	return s == BG_SEV_WARNING ? "warning" : "error";
}

/* Print one diagnostic in the house format, or as JSON. */
static void
report(const struct opts *o, struct count *c, const char *file,
    const bg_match *m, const bg_diag *d)
{
	const char *who = NULL;

	if (d->code == BG_WEOF)
		c->eof = 1;
	else if (d->code == BG_WUNFINISHED && c->eof)
		return;		/* the reader said it already */
	if (d->severity == BG_SEV_WARNING) {
		c->warnings++;
		if (o->quiet)
			return;
	} else
		c->errors++;
	if (m && d->side >= 0)
		who = bg_match_player(m, d->side);
	if (o->json) {
		printf("{\"file\":");
		cli_putjson(stdout, file);
		printf(",\"line\":%d,\"column\":%d,\"game\":%d,\"move\":%d,",
		    d->line, d->col, d->game, d->move);
		printf("\"side\":%d,\"player\":", d->side);
		if (who)
			cli_putjson(stdout, who);
		else
			fputs("null", stdout);
		if (d->dice[0])
			printf(",\"dice\":\"%d%d\"", d->dice[0], d->dice[1]);
		else
			fputs(",\"dice\":null", stdout);
		printf(",\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
		    sevname(d->severity), bg_code_name(d->code));
		cli_putjson(stdout, bg_strerror(d->code));
		fputs(",\"detail\":", stdout);
		cli_putjson(stdout, d->detail);
		fputs("}\n", stdout);
		return;
	}
	cli_print_diag(file, who, d);
}

/* Report the reader's and the replay's diagnostics in line order. */
static void
report_all(const struct opts *o, struct count *c, const char *file,
    const bg_match *m, const bg_reader *rd, const bg_replay *rp)
{
	size_t i = 0, j = 0, ni = rd ? bg_reader_diag_count(rd) : 0;
	size_t nj = rp ? bg_replay_diag_count(rp) : 0;

	while (i < ni || j < nj) {
		const bg_diag *a = i < ni ? bg_reader_diag(rd, i) : NULL;
		const bg_diag *b = j < nj ? bg_replay_diag(rp, j) : NULL;

		if (a && (b == NULL || a->line <= b->line)) {
			report(o, c, file, m, a);
			i++;
		} else {
			report(o, c, file, m, b);
			j++;
		}
	}
}

static void
summary(const struct opts *o, const struct count *c, const char *file,
    char names[2][64], int length, const bg_replay *rp)
{
	const bg_result *res = rp ? bg_replay_result(rp) : NULL;
	int s;

	if (o->json) {
		fputs("{\"file\":", stdout);
		cli_putjson(stdout, file);
		printf(",\"summary\":true,\"valid\":%s,\"errors\":%d,"
		    "\"warnings\":%d,\"matches\":%d,\"games\":%d,"
		    "\"records\":%d}\n", c->errors ? "false" : "true",
		    c->errors, c->warnings, c->matches, c->games, c->records);
		return;
	}
	if (!o->verbose)
		return;
	cli_puttext(stdout, file);
	printf(": %s, %d match%s, %d game%s, %d records",
	    c->errors ? "invalid" : "valid", c->matches,
	    c->matches == 1 ? "" : "es", c->games, c->games == 1 ? "" : "s",
	    c->records);
	if (res && c->games > 0) {
		fputs("; score", stdout);
		for (s = 0; s < 2; s++) {
			fputs(s ? ", " : " ", stdout);
			cli_puttext(stdout, names[s][0] ? names[s] :
			    s ? "right" : "left");
			printf(" %d", res->score[s]);
		}
		if (length > 0)
			printf(" (%d-point match)", length);
	}
	putchar('\n');
	if (res && c->games > 0) {
		char xg[128], pid[BG_POSID_LEN + 1];
		bg_matchstate ms = *bg_replay_state(rp);

		/* The final position, the last game's score at its start. */
		ms.score[0] = res->score[0] - (res->winner == 0) * res->points;
		ms.score[1] = res->score[1] - (res->winner == 1) * res->points;
		ms.dice[0] = ms.dice[1] = 0;
		ms.state = BG_GAME_PLAYING;
		if (bg_xgid_encode(xg, sizeof xg, bg_replay_board(rp), &ms) <
		    (int)sizeof xg && bg_posid_encode(pid, sizeof pid,
		    bg_replay_board(rp), ms.on_roll) < (int)sizeof pid)
			printf("final position: %s %s\n", pid, xg);
	}
}

static int
check_file(const struct opts *o, const char *name)
{
	const char *label = name ? name : "<stdin>";
	FILE *fp = stdin;
	bg_reader *rd;
	bg_replay *rp;
	const bg_match *m = NULL, *last = NULL;
	const bg_game *g;
	struct count c;
	char names[2][64] = { "", "" };
	int rc, grc, s, length = 0;

	memset(&c, 0, sizeof c);
	if (name && (fp = fopen(name, "rb")) == NULL) {
		cli_warnx("%s: %s", name, strerror(errno));
		return 2;
	}
	rd = bg_reader_new(read_fp, fp, label);
	rp = bg_replay_new();
	if (rd == NULL || rp == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		bg_reader_free(rd);
		bg_replay_free(rp);
		if (fp != stdin)
			fclose(fp);
		return 2;
	}
	while ((rc = bg_reader_next_match(rd, &m)) > 0) {
		last = m;
		c.matches++;
		length = bg_match_length(m);
		for (s = 0; s < 2; s++) {
			const char *p = bg_match_player(m, s);

			snprintf(names[s], sizeof names[s], "%s", p ? p : "");
		}
		report_all(o, &c, label, m, rd, NULL);
		bg_replay_match(rp, m);
		while ((grc = bg_reader_next_game(rd, &g)) > 0) {
			c.games++;
			for (s = 0; s < 2; s++)
				if (!names[s][0] && bg_game_player(g, s))
					snprintf(names[s], sizeof names[s],
					    "%s", bg_game_player(g, s));
			bg_replay_game(rp, g);
			c.records += bg_replay_result(rp)->records;
			report_all(o, &c, label, m, rd, rp);
		}
		bg_replay_end(rp);
		report_all(o, &c, label, m, grc < 0 ? rd : NULL, rp);
		if (grc < 0) {
			rc = grc;
			break;
		}
	}
	if (rc == 0)
		report_all(o, &c, label, last, rd, NULL);
	if (rc < 0)
		cli_warnx("%s: %s", label, bg_strerror(rc));
	summary(o, &c, label, names, length, rp);
	bg_replay_free(rp);
	bg_reader_free(rd);
	if (fp != stdin && fclose(fp) != 0 && rc >= 0) {
		cli_warnx("%s: %s", label, strerror(errno));
		rc = -BG_EIO;
	}
	if (rc < 0)
		return 2;
	return c.errors || (o->werror && c.warnings) ? 1 : 0;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "quiet", no_argument, NULL, 'q' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "warnings-fatal", no_argument, NULL, 'W' },
		{ "format", required_argument, NULL, 'T' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o;
	int c, i, r, rc = 0;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	while ((c = getopt_long(argc, argv, "qvWT:", longopts, NULL)) != -1) {
		switch (c) {
		case 'q':
			o.quiet = 1;
			break;
		case 'v':
			o.verbose = 1;
			break;
		case 'W':
			o.werror = 1;
			break;
		case 'T':
			if (strcmp(optarg, "json") == 0)
				o.json = 1;
			else if (strcmp(optarg, "text") != 0) {
				cli_warnx("unknown format: %s (text, json)",
				    optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 'h':
			fputs(USAGE "\n"
			    "  -q, --quiet            do not print warnings\n"
			    "  -v, --verbose          a summary line per file\n"
			    "  -W, --warnings-fatal   warnings make the exit "
			    "status 1\n"
			    "  -T, --format FORMAT    text (default) or json\n"
			    "      --help, --version\n", stdout);
			return cli_close_stdout();
		case 'V':
			printf("bgcheck %s (libbgkit %s)\n", BG_VERSION,
			    bg_version());
			return cli_close_stdout();
		default:
			fputs(USAGE, stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		rc = check_file(&o, NULL);
	for (i = 0; i < argc; i++) {
		r = check_file(&o, strcmp(argv[i], "-") == 0 ? NULL : argv[i]);
		if (r > rc)
			rc = r;
	}
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
