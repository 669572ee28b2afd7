/*
 * bgshow: print a position of a match transcript, or of a position ID,
 * as a text diagram, an SVG picture, an XGID, a gnubg ID, a FIBS board
 * line or JSON; with -a every position of the transcript, one after each
 * action.  A thin front end: the reader, the replay's position callback,
 * the ID codecs and the diagram writers all live in lib/.
 */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgshow [-a] [-b side] [-d cw|ccw] " \
	"[-f mat|sgf|json] [-g game] [-m move]\n" \
	"              [-r rules] [-T format] [-V variant] " \
	"[-p position | file ...]\n"

enum format { F_ASCII, F_SVG, F_XGID, F_GNUBGID, F_FIBS, F_JSON };

static const char *const formats[] = { "ascii", "svg", "xgid", "gnubgid",
	"fibs", "json" };

struct opts {
	enum format	 format;
	int		 all;
	int		 game;		/* 0: the last */
	int		 move;		/* -1: the end of the game */
	const char	*pos;		/* -p */
	bg_variant	 variant;	/* -V, for IDs */
	bg_drawopts	 draw;
	bg_ruleset	 rules;
	bg_format	 from;		/* -f */
};

/* A position to print, with what is needed to say how it came about. */
struct shown {
	int		 game, turn;	/* game 0: from an ID */
	const char	*action;	/* NULL: from an ID */
	int		 side;		/* -1: none */
	int		 dice[2];	/* 0 0: none */
	int		 hasmove;	/* move holds the play */
	char		 move[64];
	int		 value;		/* cube or points of the record */
	bg_board	 board;
	bg_matchstate	 ms;
	bg_variant	 variant;
	char		 name[2][128];
	int		 lost;
	const bg_fibs	*fibs;		/* the line read, for -T fibs */
};

/* What the replay callback needs. */
struct walk {
	const struct opts *o;
	const char	*label;
	int		 games;		/* games of the file so far */
	int		 printed;	/* positions written */
	int		 errors;
	int		 system;	/* a write or memory error */
	char		 name[2][128];
	bg_variant	 variant;
	int		 have;		/* cand holds the choice so far */
	struct shown	 cand;
};

static void
help(void)
{
	fputs(USAGE "\n"
	    "  -a, --all              every position, one after each action\n"
	    "  -b, --bottom SIDE      side drawn at the bottom: 1 (default) "
	    "or 0\n"
	    "  -d, --direction DIR    the bottom side moves ccw (default, "
	    "home at the\n"
	    "                         bottom right) or cw\n"
	    "  -f, --from FORMAT      read mat, sgf or json (default: from "
	    "the content)\n"
	    "  -g, --game N           game N of the file (default: the "
	    "last)\n"
	    "  -m, --move N           the position after action N of the "
	    "game (0: its\n"
	    "                         start; default: its end)\n"
	    "  -p, --position POS     an XGID, a gnubg ID (PID or PID:MID), "
	    "a FIBS board:\n"
	    "                         line or a start word, instead of "
	    "files\n"
	    "  -r, --rules RULES      rules that win over the record's tags "
	    "(as bgcheck -r)\n"
	    "  -T, --format FORMAT    ascii (default), svg, xgid, gnubgid, "
	    "fibs, json\n"
	    "  -V, --variant VARIANT  the variant of an ID: standard, "
	    "nackgammon, ...\n"
	    "      --help, --version\n", stdout);
}

static const char *
who(const struct shown *p, int s)
{
	return p->name[s][0] ? p->name[s] : s ? "X" : "O";
}

/* "Game 3, move 12: alice 64: 24/18 13/9", before a text diagram. */
static void
caption(const struct shown *p)
{
	printf("Game %d, move %d: ", p->game, p->turn);
	if (p->side < 0) {
		puts("start of the game");
		return;
	}
	cli_puttext(stdout, who(p, p->side));
	if (strcmp(p->action, "move") == 0) {
		printf(" %d%d: %s\n", p->dice[0], p->dice[1], !p->hasmove ?
		    "play not recorded" : *p->move ? p->move : "no play");
	} else if (strcmp(p->action, "double") == 0 ||
	    strcmp(p->action, "beaver") == 0 ||
	    strcmp(p->action, "raccoon") == 0)
		printf(" %ss to %d\n", p->action, p->value);
	else if (strcmp(p->action, "resign") == 0)
		printf(" resigns (%d point%s)\n", p->value,
		    p->value == 1 ? "" : "s");
	else
		printf(" %ss\n", p->action);
}

static void
putjsonint(const char *key, int v, int null)
{
	if (null)
		printf(",\"%s\":null", key);
	else
		printf(",\"%s\":%d", key, v);
}

static void
json(const struct shown *p, const char *pid, const char *mid,
    const char *xg)
{
	fputs("{\"game\":", stdout);
	if (p->action == NULL)
		fputs("null", stdout);
	else
		printf("%d", p->game);
	putjsonint("turn", p->turn, p->action == NULL);
	fputs(",\"action\":", stdout);
	if (p->action == NULL)
		fputs("null", stdout);
	else
		printf("\"%s\"", p->action);
	putjsonint("side", p->side, p->side < 0);
	if (p->dice[0] > 0)
		printf(",\"dice\":[%d,%d]", p->dice[0], p->dice[1]);
	else
		fputs(",\"dice\":null", stdout);
	fputs(",\"move\":", stdout);
	if (p->hasmove)
		cli_putjson(stdout, p->move);
	else
		fputs("null", stdout);
	fputs(",\"position_id\":", stdout);
	cli_putjson(stdout, pid);
	fputs(",\"match_id\":", stdout);
	if (*mid)
		cli_putjson(stdout, mid);
	else
		fputs("null", stdout);
	fputs(",\"xgid\":", stdout);
	if (*xg)
		cli_putjson(stdout, xg);
	else
		fputs("null", stdout);
	printf(",\"pips\":[%d,%d]}\n", bg_board_pips(&p->board, 0),
	    bg_board_pips(&p->board, 1));
}

/* A buffer of the size a writer asks for; NULL when out of memory. */
static char *
draw(int (*fn)(char *, size_t, const bg_board *, const bg_matchstate *,
    const bg_drawopts *), const struct shown *p, const bg_drawopts *d,
    int *rc)
{
	char *buf;

	if ((*rc = fn(NULL, 0, &p->board, &p->ms, d)) < 0)
		return NULL;
	if ((buf = malloc((size_t)*rc + 1)) == NULL) {
		*rc = -BG_ENOMEM;
		return NULL;
	}
	fn(buf, (size_t)*rc + 1, &p->board, &p->ms, d);
	return buf;
}

/* Write one position; 0, or the exit status of the failure. */
static int
show(const struct opts *o, const struct shown *p, int first)
{
	char pid[BG_POSID_LEN + 1], mid[BG_MATCHID_LEN + 1] = "", xg[128] = "";
	char line[BG_FIBS_FIELDS * 8 + 2 * BG_FIBS_NAMEMAX + 16], *buf;
	bg_drawopts d = o->draw;
	bg_fibs f;
	int rc = 0, midrc, xgrc;
	const char *why;

	d.variant = p->variant;
	d.name[0] = p->name[0][0] ? p->name[0] : NULL;
	d.name[1] = p->name[1][0] ? p->name[1] : NULL;
	if ((rc = bg_posid_encode(pid, sizeof pid, &p->board,
	    p->ms.on_roll)) < 0) {
		cli_warnx("%s", bg_strerror(rc));
		return 1;
	}
	if ((midrc = bg_matchid_encode(mid, sizeof mid, &p->ms)) < 0)
		mid[0] = '\0';
	if ((xgrc = bg_xgid_encode(xg, sizeof xg, &p->board, &p->ms)) < 0 ||
	    (size_t)xgrc >= sizeof xg)
		xg[0] = '\0';
	rc = 0;
	switch (o->format) {
	case F_ASCII:
	case F_SVG:
		buf = draw(o->format == F_SVG ? bg_draw_svg : bg_draw_text, p,
		    &d, &rc);
		if (buf == NULL)
			break;
		if (o->format == F_ASCII) {
			if (!first)
				putchar('\n');
			if (p->action != NULL)
				caption(p);
		}
		fputs(buf, stdout);
		free(buf);
		break;
	case F_XGID:
		if (*xg == '\0') {
			rc = xgrc < 0 ? xgrc : -BG_EINVAL;
			break;
		}
		printf("%s\n", xg);
		break;
	case F_GNUBGID:
		if (*mid == '\0') {
			rc = midrc;
			break;
		}
		printf("%s:%s\n", pid, mid);
		break;
	case F_FIBS:
		if (p->fibs != NULL)
			f = *p->fibs;
		else if ((rc = bg_fibs_from_position(&f, &p->board, &p->ms,
		    p->variant, d.name[0], d.name[1])) < 0)
			break;
		if ((rc = bg_fibs_format(line, sizeof line, &f)) >= 0)
			printf("%s\n", line);
		break;
	case F_JSON:
		json(p, pid, mid, xg);
		break;
	}
	if (rc >= 0)
		return 0;
	if (rc == -BG_ENOMEM) {
		cli_warnx("%s", bg_strerror(rc));
		return 2;
	}
	/* The writers refuse a match state out of range as invalid. */
	why = rc == -BG_EINVAL ? "its match state does not fit" :
	    bg_strerror(rc);
	if (p->action != NULL)
		cli_warnx("game %d, move %d: no %s for this position: %s",
		    p->game, p->turn, formats[o->format], why);
	else
		cli_warnx("no %s for this position: %s", formats[o->format],
		    why);
	return 1;
}

static const char *
action(const bg_replay_pos *pos)
{
	if (pos->rec == NULL)
		return "start";
	switch (pos->rec->kind) {
	case BG_REC_MOVE:
		return "move";
	case BG_REC_DOUBLE:
		return "double";
	case BG_REC_TAKE:
		return "take";
	case BG_REC_DROP:
		return "drop";
	case BG_REC_BEAVER:
		return "beaver";
	case BG_REC_RACCOON:
		return "raccoon";
	default:
		return "resign";
	}
}

/* The replay's callback: keep or print the position. */
static void
onpos(void *ctx, const bg_replay_pos *pos)
{
	struct walk *w = ctx;
	const struct opts *o = w->o;
	struct shown p;
	int hi, lo, rc;

	if ((o->game > 0 && w->games != o->game) ||
	    (o->move >= 0 && pos->turn != o->move) || w->system)
		return;
	memset(&p, 0, sizeof p);
	p.game = w->games;
	p.turn = pos->turn;
	p.action = action(pos);
	p.side = pos->side;
	p.board = pos->board;
	p.ms = pos->ms;
	p.variant = w->variant;
	p.lost = pos->lost;
	memcpy(p.name, w->name, sizeof p.name);
	if (pos->rec != NULL) {
		p.value = pos->rec->value;
		if (pos->rec->kind == BG_REC_MOVE) {
			hi = pos->rec->dice[0] > pos->rec->dice[1] ?
			    pos->rec->dice[0] : pos->rec->dice[1];
			lo = pos->rec->dice[0] + pos->rec->dice[1] - hi;
			p.dice[0] = hi;
			p.dice[1] = lo;
		}
		/* A dance is a play of no steps: "". */
		if (pos->played && bg_play_format(p.move, sizeof p.move,
		    &pos->play, BG_STYLE_GNUBG) < (int)sizeof p.move)
			p.hasmove = 1;
	}
	if (!o->all) {
		w->cand = p;
		w->have = 1;
		return;
	}
	if (p.lost)
		return;		/* the diagnostics say why */
	if ((rc = show(o, &p, w->printed == 0)) != 0) {
		if (rc > 1)
			w->system = 1;
		else
			w->errors++;
	}
	w->printed++;
}

static void
report(struct walk *w, const bg_diag *d)
{
	if (d->severity == BG_SEV_WARNING)
		return;
	cli_print_diag(w->label, (d->side == 0 || d->side == 1) &&
	    w->name[d->side][0] ? w->name[d->side] : NULL, d);
	w->errors++;
}

static int
show_file(const struct opts *o, const char *name, int *first)
{
	const char *label = name ? name : "<stdin>";
	FILE *fp = stdin;
	bg_reader *rd;
	bg_replay *rp;
	const bg_match *m;
	const bg_game *g;
	struct walk w;
	int rc, grc = 0, s, r;
	size_t i;

	if (name && (fp = cli_fopen(name)) == NULL) {
		cli_warnx("%s: %s", name, strerror(errno));
		return 2;
	}
	memset(&w, 0, sizeof w);
	w.o = o;
	w.label = label;
	w.printed = *first ? 0 : 1;
	rd = bg_reader_new(cli_read, fp, label);
	if (rd != NULL && o->from != BG_FORMAT_AUTO)
		bg_reader_set_format(rd, o->from);
	rp = bg_replay_new();
	if (rd == NULL || rp == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		bg_reader_free(rd);
		bg_replay_free(rp);
		if (fp != stdin)
			fclose(fp);
		return 2;
	}
	bg_replay_set_rules(rp, &o->rules);
	bg_replay_set_callback(rp, onpos, &w);
	while ((rc = bg_reader_next_match(rd, &m)) > 0) {
		for (i = 0; i < bg_reader_diag_count(rd); i++)
			report(&w, bg_reader_diag(rd, i));
		bg_replay_match(rp, m);
		w.variant = bg_replay_variant(rp);
		while ((grc = bg_reader_next_game(rd, &g)) > 0) {
			w.games++;
			for (s = 0; s < 2; s++) {
				const char *n = bg_game_player(g, s);

				if (n == NULL)
					n = bg_match_player(m, s);
				snprintf(w.name[s], sizeof w.name[s], "%s",
				    n ? n : "");
			}
			bg_replay_game(rp, g);
			for (i = 0; i < bg_reader_diag_count(rd); i++)
				report(&w, bg_reader_diag(rd, i));
			for (i = 0; i < bg_replay_diag_count(rp); i++)
				report(&w, bg_replay_diag(rp, i));
		}
		bg_replay_end(rp);
		/* The last call's too: JSON records after a bad game line. */
		for (i = 0; i < bg_reader_diag_count(rd); i++)
			report(&w, bg_reader_diag(rd, i));
		for (i = 0; i < bg_replay_diag_count(rp); i++)
			report(&w, bg_replay_diag(rp, i));
		if (grc < 0) {
			rc = grc;
			break;
		}
	}
	if (rc == 0)
		for (i = 0; i < bg_reader_diag_count(rd); i++)
			report(&w, bg_reader_diag(rd, i));
	if (rc < 0)
		cli_warnx("%s: %s", label, bg_strerror(rc));
	bg_replay_free(rp);
	bg_reader_free(rd);
	if (fp != stdin && fclose(fp) != 0 && rc >= 0) {
		cli_warnx("%s: %s", label, strerror(errno));
		rc = -BG_EIO;
	}
	if (rc < 0 || w.system)
		return 2;
	if (!o->all) {
		/* The choice: it must be in the game asked for, or the last. */
		if (!w.have || (o->game == 0 && w.cand.game != w.games)) {
			if (o->game > w.games || w.games == 0)
				cli_warnx("%s: no game %d (%d in the file)",
				    label, o->game ? o->game : 1, w.games);
			else
				cli_warnx("%s: game %d has no move %d", label,
				    o->game ? o->game : w.games, o->move);
			return 1;
		}
		if (w.cand.lost) {
			cli_warnx("%s: game %d, move %d: the record cannot be "
			    "followed this far", label, w.cand.game,
			    w.cand.turn);
			return 1;
		}
		if ((r = show(o, &w.cand, *first)) != 0)
			return r;
		w.printed++;
	}
	if (w.printed > 0)
		*first = 0;
	return w.errors ? 1 : 0;
}

/* -p: a position from an ID or a FIBS board line. */
static int
show_id(const struct opts *o)
{
	struct shown p;
	bg_fibs f;
	size_t len = strlen(o->pos);
	int rc;

	memset(&p, 0, sizeof p);
	p.side = -1;
	p.variant = o->variant;
	while (len > 0 && (o->pos[len - 1] == '\n' || o->pos[len - 1] == '\r'))
		len--;
	if (len >= 6 && strncmp(o->pos, "board:", 6) == 0) {
		if ((rc = bg_fibs_parse(&f, o->pos, len)) == 0 &&
		    (rc = bg_fibs_to_position(&p.board, &p.ms, &f,
		    p.variant)) == 0) {
			snprintf(p.name[1], sizeof p.name[1], "%s", f.player);
			snprintf(p.name[0], sizeof p.name[0], "%s",
			    f.opponent);
			p.fibs = &f;
		}
	} else
		rc = bg_position_parse(&p.board, &p.ms, &p.variant, o->pos,
		    len);
	if (rc < 0) {
		fprintf(stderr, "%s: -p ", cli_prog);
		cli_puttext(stderr, o->pos);
		fprintf(stderr, ": %s\n", bg_strerror(rc));
		return 1;
	}
	if (p.ms.dice[0] > 0) {
		p.dice[0] = p.ms.dice[0];
		p.dice[1] = p.ms.dice[1];
	}
	return show(o, &p, 1);
}

static int
usage(void)
{
	fputs(USAGE, stderr);
	return 2;
}

static int
number(int *out, const char *s, int lo, const char *what)
{
	char *end;
	long v;

	errno = 0;
	v = strtol(s, &end, 10);
	if (*s == '\0' || *end != '\0' || errno != 0 || v < lo ||
	    v > 0x7fff) {
		cli_warnx("bad %s: %s", what, s);
		return -1;
	}
	*out = (int)v;
	return 0;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "all", no_argument, NULL, 'a' },
		{ "bottom", required_argument, NULL, 'b' },
		{ "direction", required_argument, NULL, 'd' },
		{ "from", required_argument, NULL, 'f' },
		{ "game", required_argument, NULL, 'g' },
		{ "move", required_argument, NULL, 'm' },
		{ "position", required_argument, NULL, 'p' },
		{ "rules", required_argument, NULL, 'r' },
		{ "format", required_argument, NULL, 'T' },
		{ "variant", required_argument, NULL, 'V' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'v' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o;
	int c, i, r, rc = 0, first = 1;
	size_t k;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.move = -1;
	o.variant = BG_VARIANT_STANDARD;
	bg_drawopts_init(&o.draw);
	bg_ruleset_init(&o.rules);
	while ((c = getopt_long(argc, argv, "ab:d:f:g:m:p:r:T:V:", longopts,
	    NULL)) != -1) {
		switch (c) {
		case 'a':
			o.all = 1;
			break;
		case 'b':
			if (strcmp(optarg, "0") != 0 &&
			    strcmp(optarg, "1") != 0) {
				cli_warnx("bad side: %s (0 or 1)", optarg);
				return usage();
			}
			o.draw.bottom = optarg[0] - '0';
			break;
		case 'd':
			if (strcmp(optarg, "cw") != 0 &&
			    strcmp(optarg, "ccw") != 0) {
				cli_warnx("bad direction: %s (cw or ccw)",
				    optarg);
				return usage();
			}
			o.draw.clockwise = strcmp(optarg, "cw") == 0;
			break;
		case 'f':
			if (bg_format_parse(&o.from, optarg) < 0 ||
			    o.from == BG_FORMAT_HTML) {
				cli_warnx("unknown input format: %s (mat, sgf, "
				    "json)", optarg);
				return usage();
			}
			break;
		case 'g':
			if (number(&o.game, optarg, 1, "game") < 0)
				return usage();
			break;
		case 'm':
			if (number(&o.move, optarg, 0, "move") < 0)
				return usage();
			break;
		case 'p':
			o.pos = optarg;
			break;
		case 'r':
			if (cli_rules(&o.rules, optarg) < 0)
				return usage();
			break;
		case 'T':
			for (k = 0; k < sizeof formats / sizeof formats[0]; k++)
				if (strcmp(optarg, formats[k]) == 0)
					break;
			if (k == sizeof formats / sizeof formats[0]) {
				cli_warnx("unknown format: %s (ascii, svg, "
				    "xgid, gnubgid, fibs, json)", optarg);
				return usage();
			}
			o.format = (enum format)k;
			break;
		case 'V':
			if (bg_variant_parse(&o.variant, optarg) < 0) {
				cli_warnx("unknown variant: %s", optarg);
				return usage();
			}
			break;
		case 'h':
			help();
			return cli_close_stdout();
		case 'v':
			printf("bgshow %s (libbgkit %s)\n", BG_VERSION,
			    bg_version());
			return cli_close_stdout();
		default:
			return usage();
		}
	}
	argc -= optind;
	argv += optind;
	if (o.pos != NULL && (argc > 0 || o.all || o.game || o.move >= 0 ||
	    o.from != BG_FORMAT_AUTO)) {
		cli_warnx("-p shows one position: no file, -a, -f, -g or -m");
		return usage();
	}
	if (o.all && o.move >= 0) {
		cli_warnx("-a shows every position: no -m");
		return usage();
	}
	if (o.format == F_SVG && (o.all || argc > 1)) {
		cli_warnx("-T svg draws one position: no -a, one file");
		return usage();
	}
	if (o.pos != NULL)
		rc = show_id(&o);
	else if (argc == 0)
		rc = show_file(&o, NULL, &first);
	for (i = 0; i < argc; i++) {
		r = show_file(&o, strcmp(argv[i], "-") == 0 ? NULL : argv[i],
		    &first);
		if (r > rc)
			rc = r;
	}
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
