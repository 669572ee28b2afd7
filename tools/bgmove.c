/*
 * bgmove: normalise move notation, check a play against a position and
 * roll, or list every legal play.  A thin front end to lib/: parsing,
 * rules and formatting all live there.
 */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

#define LINEMAX	65536	/* longest line of moves read */
#define USAGE "usage: bgmove [-lW] [-d dice] [-p position] [-s style] " \
	"[-T format] [-V variant] [move]\n"

struct opts {
	bg_style	 style;
	int		 json;
	int		 list;
	int		 werror;
	int		 havepos;
	bg_board	 board;
	bg_matchstate	 ms;
	bg_variant	 variant;
	int		 dice[2];
	int		 havedice;
};

static void
usage(FILE *fp)
{
	fputs(USAGE, fp);
}

static void
help(void)
{
	usage(stdout);
	fputs("\n"
	    "  -d, --dice DICE        the roll: 64, 6-4 or \"6 4\"\n"
	    "  -l, --list             list every legal play\n"
	    "  -p, --position POS     Position ID, PID:MID, XGID or a start "
	    "word\n"
	    "  -s, --style STYLE      gnubg (default), mat or xg\n"
	    "  -T, --format FORMAT    text (default) or json\n"
	    "  -V, --variant VARIANT  standard, nackgammon, hyper1..3, "
	    "tavla\n"
	    "  -W, --warnings-fatal   warnings make the exit status 1\n"
	    "      --help, --version\n", stdout);
}

static void
print_json_play(const struct opts *o, const char *move, const bg_board *after,
    int mover)
{
	char pid[BG_POSID_LEN + 1], xg[128];
	bg_matchstate ms = o->ms;

	ms.on_roll = ms.turn = !mover;
	ms.dice[0] = ms.dice[1] = 0;
	ms.doubled = 0;
	bg_posid_encode(pid, sizeof pid, after, !mover);
	bg_xgid_encode(xg, sizeof xg, after, &ms);
	fputs("{\"move\":", stdout);
	cli_putjson(stdout, move);
	fputs(",\"position_id\":", stdout);
	cli_putjson(stdout, pid);
	fputs(",\"xgid\":", stdout);
	cli_putjson(stdout, xg);
	fputs("}\n", stdout);
}

static void
format_play(char *buf, size_t size, const bg_play *p, bg_style st)
{
	if ((size_t)bg_play_format(buf, size, p, st) >= size)
		buf[size - 1] = '\0';
}

/* Every legal play, one per line. */
static int
list_plays(const struct opts *o)
{
	bg_movelist *ml;
	const bg_legal *l;
	char buf[128];
	size_t i;
	int n;

	if ((ml = bg_movelist_new()) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	n = bg_rules_legal(ml, &o->board, o->ms.on_roll, o->dice, o->variant);
	if (n < 0) {
		cli_warnx("%s", bg_strerror(n));
		bg_movelist_free(ml);
		return 2;
	}
	for (i = 0; i < bg_movelist_count(ml); i++) {
		l = bg_movelist_get(ml, i);
		format_play(buf, sizeof buf, &l->play, o->style);
		if (o->json)
			print_json_play(o, buf, &l->after, o->ms.on_roll);
		else
			printf("%s\n", buf);
	}
	bg_movelist_free(ml);
	return 0;
}

static void
print_dice_move(const int d[2], const char *move)
{
	int hi = d[0] > d[1] ? d[0] : d[1], lo = d[0] + d[1] - hi;

	if (*move)
		printf("%d%d: %s\n", hi, lo, move);
	else
		printf("%d%d:\n", hi, lo);
}

/* Normalise one move without a position. */
static int
do_syntax(const struct opts *o, const bg_notation *n)
{
	char buf[256];
	bg_play p;

	if (n->kind == BG_NOTE_PLAY && bg_play_from_notation(&p, n) == 0)
		format_play(buf, sizeof buf, &p, o->style);
	else if ((size_t)bg_notation_format(buf, sizeof buf, n, o->style) >=
	    sizeof buf)
		buf[sizeof buf - 1] = '\0';
	if (o->json) {
		fputs("{\"move\":", stdout);
		cli_putjson(stdout, buf);
		fputs("}\n", stdout);
	} else if (n->dice[0])
		print_dice_move(n->dice, buf);
	else
		printf("%s\n", buf);
	return 0;
}

static int
same_dice(const int a[2], const int b[2])
{
	return (a[0] == b[0] && a[1] == b[1]) ||
	    (a[0] == b[1] && a[1] == b[0]);
}

/* Check one move against the position. */
static int
do_verify(const struct opts *o, const bg_notation *n, const char *text,
    const char *file, long line)
{
	bg_resolved r;
	char buf[128], ex[128];
	const int *d = o->dice;
	int i, rc = 0;

	if (n->dice[0]) {
		if (o->havedice && !same_dice(n->dice, o->dice)) {
			cli_diag(file, line, 1, "error",
			    "%s: the move's roll %d%d is not the roll %d%d",
			    bg_strerror(BG_EDICE), n->dice[0], n->dice[1],
			    o->dice[0], o->dice[1]);
			return 1;
		}
		d = n->dice;
	} else if (!o->havedice) {
		cli_warnx("no dice: use -d, a position with dice, or a "
		    "\"64:\" prefix");
		return 2;
	}
	if (n->kind == BG_NOTE_UNKNOWN) {
		cli_diag(file, line, 1, "error",
		    "the play is not recorded (\"???\"): nothing to check");
		return 1;
	}
	if (bg_notation_resolve(&r, n, &o->board, o->ms.on_roll, d,
	    o->variant) < 0) {
		fflush(stdout);
		fprintf(stderr, "%s: ", cli_prog);
		cli_puttext(stderr, file);
		fprintf(stderr, ":%ld:1: error: %d%d: ", line, d[0], d[1]);
		cli_puttext(stderr, text);
		fprintf(stderr, ": %s", bg_strerror(r.code));
		if (r.code == -BG_EDICE &&
		    bg_notation_explain(ex, sizeof ex, n, d) > 0)
			fprintf(stderr, ": %s", ex);
		if (r.point >= 0 && (r.code == -BG_EBLOCKED ||
		    r.code == -BG_ENOCHECKER || r.code == -BG_EBEAROFF ||
		    r.code == -BG_EHITRUN))
			fprintf(stderr, " (%s)", r.point == 25 ? "bar" :
			    r.point == 0 ? "off" : (snprintf(ex, sizeof ex,
			    "point %d", r.point), ex));
		if (r.code == -BG_EAMBIGUOUS) {
			fputs(": could be", stderr);
			for (i = 0; i < r.ncand; i++) {
				format_play(ex, sizeof ex, &r.cand[i],
				    BG_STYLE_GNUBG);
				fprintf(stderr, "%s %s", i ? " or" : "", ex);
			}
		} else if (r.has_example) {
			format_play(ex, sizeof ex, &r.example, o->style);
			fprintf(stderr, "; a legal play: %s", ex);
		}
		fputc('\n', stderr);
		return 1;
	}
	for (i = 0; i < r.nwarn; i++) {
		cli_diag(file, line, 1, "warning", "%d%d: %s: %s", d[0], d[1],
		    text, bg_strerror(r.warn[i]));
		if (o->werror)
			rc = 1;
	}
	format_play(buf, sizeof buf, &r.play, o->style);
	if (o->json)
		print_json_play(o, buf, &r.after, o->ms.on_roll);
	else
		printf("%s\n", buf);
	return rc;
}

/* The move text[0..len): a NUL in it is an error, not its end. */
static int
do_move(const struct opts *o, const char *text, size_t len, const char *file,
    long line)
{
	bg_notation n;
	size_t pos = 0;
	char *t;
	int rc;

	if ((t = malloc(len + 1)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	memcpy(t, text, len);
	t[len] = '\0';
	if ((rc = bg_notation_parse(&n, t, len, &pos)) < 0) {
		cli_diag(file, line, (long)pos + 1, "error", "%s",
		    bg_strerror(rc));
		rc = 1;
	} else if (o->havepos)
		rc = do_verify(o, &n, t, file, line);
	else
		rc = do_syntax(o, &n);
	free(t);
	return rc;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "dice", required_argument, NULL, 'd' },
		{ "list", no_argument, NULL, 'l' },
		{ "position", required_argument, NULL, 'p' },
		{ "style", required_argument, NULL, 's' },
		{ "format", required_argument, NULL, 'T' },
		{ "variant", required_argument, NULL, 'V' },
		{ "warnings-fatal", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o;
	const char *pos = NULL, *dice = NULL, *variant = NULL;
	char *line = NULL;
	size_t n = 0;
	long lineno = 0;
	int c, rc = 0, r, i, over = 0;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.style = BG_STYLE_GNUBG;
	o.variant = BG_VARIANT_STANDARD;
	while ((c = getopt_long(argc, argv, "d:lp:s:T:V:W", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'd':
			dice = optarg;
			break;
		case 'l':
			o.list = 1;
			break;
		case 'p':
			pos = optarg;
			break;
		case 's':
			if (bg_style_parse(&o.style, optarg) < 0) {
				cli_warnx("unknown style: %s (gnubg, mat, xg)",
				    optarg);
				usage(stderr);
				return 2;
			}
			break;
		case 'T':
			if (strcmp(optarg, "json") == 0)
				o.json = 1;
			else if (strcmp(optarg, "text") != 0) {
				cli_warnx("unknown format: %s (text, json)",
				    optarg);
				usage(stderr);
				return 2;
			}
			break;
		case 'V':
			variant = optarg;
			break;
		case 'W':
			o.werror = 1;
			break;
		case 'h':
			help();
			return cli_close_stdout();
		case 'v':
			printf("bgmove %s (libbgkit %s)\n", BG_VERSION,
			    bg_version());
			return cli_close_stdout();
		default:
			usage(stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;

	if (variant && bg_variant_parse(&o.variant, variant) < 0) {
		cli_warnx("unknown variant: %s (standard, nackgammon, "
		    "hyper1, hyper2, hyper3, tavla)", variant);
		return 2;
	}
	if (pos) {
		r = bg_position_parse(&o.board, &o.ms, &o.variant, pos,
		    strlen(pos));
		if (r < 0) {
			fprintf(stderr, "%s: -p ", cli_prog);
			cli_puttext(stderr, pos);
			fprintf(stderr, ": %s\n", bg_strerror(r));
			return 1;
		}
		if (variant)
			bg_variant_parse(&o.variant, variant);
		if ((r = bg_board_check(&o.board, o.variant)) < 0) {
			cli_warnx("-p: %s for %s", bg_strerror(r),
			    bg_variant_get(o.variant)->name);
			return 1;
		}
		o.havepos = 1;
		if (o.ms.dice[0]) {
			o.dice[0] = o.ms.dice[0];
			o.dice[1] = o.ms.dice[1];
			o.havedice = 1;
		}
	}
	if (dice) {
		if (bg_dice_parse(o.dice, dice, strlen(dice)) < 0) {
			cli_warnx("-d: %s: %s", bg_strerror(BG_EDICESYNTAX),
			    dice);
			return 2;
		}
		o.havedice = 1;
	}
	if ((o.list || o.havedice) && !o.havepos) {
		cli_warnx("%s needs -p position", o.list ? "-l" : "-d");
		usage(stderr);
		return 2;
	}
	if (o.list) {
		if (!o.havedice) {
			cli_warnx("-l needs a roll: -d or a position with dice");
			return 2;
		}
		if (argc > 0) {
			usage(stderr);
			return 2;
		}
		rc = list_plays(&o);
	} else if (argc > 0) {
		/* The operands are the words of one move, as typed. */
		size_t len = 0;
		char *move;

		for (i = 0; i < argc; i++)
			len += strlen(argv[i]) + 1;
		if ((move = malloc(len)) == NULL) {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			return 2;
		}
		*move = '\0';
		for (i = 0; i < argc; i++) {
			if (i)
				strcat(move, " ");
			strcat(move, argv[i]);
		}
		rc = do_move(&o, move, strlen(move), "<args>", 1);
		free(move);
	} else {
		/*
		 * A move a line; lines end at LF, CRLF or a lone CR, and
		 * one longer than LINEMAX is an error, not held in memory.
		 */
		if ((line = malloc(LINEMAX)) == NULL) {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			return 2;
		}
		for (r = 0; r != 2; ) {
			c = getchar();
			if (c != EOF && c != '\n' && c != '\r') {
				if (n < LINEMAX)
					line[n++] = (char)c;
				else
					over = 1;
				continue;
			}
			if (c == EOF && n == 0 && !over)
				break;
			lineno++;
			if (over) {
				cli_diag("<stdin>", lineno, LINEMAX + 1,
				    "error", "line too long: over %d bytes, "
				    "not read", LINEMAX);
				r = 1;
			} else
				r = do_move(&o, line, n, "<stdin>", lineno);
			if (r > rc)
				rc = r;
			if (c == '\r' && (c = getchar()) != '\n' && c != EOF)
				ungetc(c, stdin);
			if (c == EOF)
				break;
			n = 0;
			over = 0;
		}
		free(line);
		if (ferror(stdin)) {
			cli_warnx("<stdin>: read error");
			rc = 2;
		}
	}
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
