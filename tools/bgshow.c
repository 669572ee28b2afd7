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
	"[-f format] [-g game] [-m move]\n" \
	"              [-r rules] [-T format] [-V variant] " \
	"[-p position | file ...]\n"

struct opts {
	bg_posfmt	 format;
	int		 all;
	int		 game;		/* 0: the last */
	int		 move;		/* -1: the end of the game */
	const char	*pos;		/* -p */
	bg_variant	 variant;	/* -V, for IDs */
	bg_drawopts	 draw;
	bg_ruleset	 rules;
	bg_format	 from;		/* -f */
};

/* What the replay callback needs. */
struct walk {
	const struct opts *o;
	bg_pipeline	*p;
	int		 printed;	/* positions written */
	int		 errors;
	int		 system;	/* a write or memory error */
	int		 have;		/* cand holds the choice so far */
	bg_shownpos	 cand;
	int		 games;		/* of the file, once read */
	int		 line, col;	/* FILE:LINE[:COL]: the position */
	bg_shownpos	 prev;		/* before the action there */
	int		 posgame;	/* the last game shown as a position */
};

/* Is game g a position file's: only set positions and comments? */
static int
position_game(const bg_game *g)
{
	const bg_record *r;
	size_t i;

	for (i = 0; i < bg_game_record_count(g); i++)
		if ((r = bg_game_record(g, i))->kind != BG_REC_SETPOS &&
		    r->kind != BG_REC_COMMENT)
			return 0;
	return i > 0;
}

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
	    "  -f, --from FORMAT      read mat, sgf, json, xg, snowie, pos,\n"
	    "                         gnubgtext or positions (default: from "
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

/* Write one position; 0, or the exit status of the failure. */
static int
show(const struct opts *o, bg_shownpos *p, int first)
{
	const char *why;
	int rc, n;

	p->v.sep = !first;
	if ((rc = bg_shown_write(bg_write_stdio, stdout, o->format, &p->v,
	    &o->draw)) >= 0)
		return 0;
	if (rc == -BG_ENOMEM) {
		cli_warnx("%s", bg_strerror(rc));
		return 2;
	}
	if ((n = bg_posid_encode(NULL, 0, &p->board, p->ms.on_roll)) < 0) {
		cli_warnx("%s", bg_strerror(n));
		return 1;
	}
	/* The writers refuse a match state out of range as invalid. */
	why = rc == -BG_EINVAL ? "its match state does not fit" :
	    bg_strerror(rc);
	if (p->v.action != NULL)
		cli_warnx("game %d, move %d: no %s for this position: %s",
		    p->v.game, p->v.turn, bg_posfmt_name(o->format), why);
	else
		cli_warnx("no %s for this position: %s",
		    bg_posfmt_name(o->format), why);
	return 1;
}

/* The replay's callback: keep or print the position. */
static void
onpos(void *ctx, const bg_replay_pos *pos)
{
	struct walk *w = ctx;
	const struct opts *o = w->o;
	bg_shownpos p;
	const char *names[2];
	int rc, game = bg_pipeline_count(w->p)->games;

	if ((o->game > 0 && game != o->game) ||
	    (o->move >= 0 && pos->turn != o->move) || w->system)
		return;
	names[0] = bg_pipeline_game_player(w->p, 0);
	names[1] = bg_pipeline_game_player(w->p, 1);
	bg_shownpos_replay(&p, game, pos, bg_replay_variant(
	    bg_pipeline_replay(w->p)), names);
	if (w->line > 0) {
		/* The first action at or after LINE:COL: the one before. */
		if (!w->have && pos->rec != NULL && (pos->rec->line > w->line ||
		    (pos->rec->line == w->line && pos->rec->col >= w->col))) {
			w->cand = w->prev;
			w->have = 1;
		}
		w->prev = p;
		return;
	}
	/* A list of positions: each is shown (no -g or -m). */
	if (!o->all && o->game == 0 && o->move < 0 && pos->rec != NULL &&
	    pos->rec->kind == BG_REC_SETPOS &&
	    position_game(bg_pipeline_game(w->p)))
		w->posgame = game;
	else if (!o->all) {
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

/* The position -g and -m ask for, once the file is read. */
static int
chosen(const struct opts *o, struct walk *w, const char *label, int first)
{
	int games = w->games;

	if (w->line > 0 && !w->have) {
		cli_warnx("%s: no action at line %d or after", label,
		    w->line);
		return 1;
	}
	/* The choice: it must be in the game asked for, or the last. */
	if (w->line == 0 && (!w->have || (o->game == 0 &&
	    w->cand.v.game != games))) {
		if (o->game > games || games == 0)
			cli_warnx("%s: no game %d (%d in the file)", label,
			    o->game ? o->game : 1, games);
		else
			cli_warnx("%s: game %d has no move %d", label,
			    o->game ? o->game : games, o->move);
		return 1;
	}
	if (w->cand.lost) {
		cli_warnx("%s: game %d, move %d: the record cannot be "
		    "followed this far", label, w->cand.v.game,
		    w->cand.v.turn);
		return 1;
	}
	bg_shownpos_bind(&w->cand);
	return show(o, &w->cand, first);
}

static int
show_file(const struct opts *o, const char *name, int *first)
{
	char *at = NULL;
	struct walk w;
	const bg_diag *d;
	int rc, r;
	size_t i;

	memset(&w, 0, sizeof w);
	w.o = o;
	w.printed = *first ? 0 : 1;
	if (cli_location(&name, &w.line, &w.col, &at) < 0)
		return 2;
	if (w.line > 0 && (o->all || o->game || o->move >= 0)) {
		cli_warnx("FILE:LINE shows one position: no -a, -g or -m");
		free(at);
		return cli_usage(USAGE);
	}
	if ((w.p = cli_open(name, o->from, &o->rules,
	    o->format == BG_POS_JSON)) == NULL) {
		free(at);
		return 2;
	}
	bg_pipeline_set_callback(w.p, onpos, &w);
	do
		for (rc = bg_pipeline_next(w.p), i = 0; i < bg_pipeline_diag_count(w.p); i++)
			if ((d = bg_pipeline_diag(w.p, i))->severity !=
			    BG_SEV_WARNING) {
				cli_report(stdout, stderr, 0,
				    bg_pipeline_name(w.p), d->side >= 0 &&
				    *bg_pipeline_game_player(w.p, d->side) ?
				    bg_pipeline_game_player(w.p, d->side) :
				    NULL, d, -1);
				w.errors++;
			}
	while (rc > 0);
	if (rc < 0)
		cli_syserr(stdout, stderr, o->format == BG_POS_JSON,
		    bg_pipeline_name(w.p), -rc, NULL);
	w.games = bg_pipeline_count(w.p)->games;
	r = (rc = cli_close(w.p, rc)) < 0 || w.system ? 2 : 0;
	if (r == 0 && !o->all && (w.posgame == 0 || w.posgame != w.games) &&
	    (r = chosen(o, &w, name ? name : "<stdin>", *first)) == 0)
		w.printed++;
	free(at);
	if (r != 0)
		return r;
	if (w.printed > 0)
		*first = 0;
	return w.errors ? 1 : 0;
}

/* -p: a position from an ID or a FIBS board line. */
static int
show_id(const struct opts *o)
{
	bg_shownpos p;
	char buf[4096];
	const char *pos = o->pos;
	size_t len = strlen(pos);
	int rc;

	/* "-p -": the position is the standard input's line. */
	if (strcmp(pos, "-") == 0) {
		len = fread(buf, 1, sizeof buf - 1, stdin);
		buf[len] = '\0';
		pos = buf;
	}
	if ((rc = bg_shownpos_parse(&p, pos, len, o->variant)) < 0) {
		fprintf(stderr, "%s: -p ", cli_prog);
		cli_puttext(stderr, o->pos);
		fprintf(stderr, ": %s\n", bg_strerror(rc));
		return 1;
	}
	return show(o, &p, 1);
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

/* One option other than -h and --version: 0, or the exit status. */
static int
option(struct opts *o, int c, const char *arg)
{
	int bad = 1;

	if (c == 'b' && strcmp(arg, "0") != 0 && strcmp(arg, "1") != 0)
		cli_warnx("bad side: %s (0 or 1)", arg);
	else if (c == 'd' && strcmp(arg, "cw") != 0 && strcmp(arg, "ccw") != 0)
		cli_warnx("bad direction: %s (cw or ccw)", arg);
	else if (c == 'f' && (bg_format_parse(&o->from, arg) < 0 ||
	    o->from == BG_FORMAT_HTML))
		cli_warnx("unknown input format: %s (mat, sgf, json, xg, "
		    "snowie, pos, gnubgtext, positions)", arg);
	else if ((c == 'g' && number(&o->game, arg, 1, "game") < 0) ||
	    (c == 'm' && number(&o->move, arg, 0, "move") < 0) ||
	    (c == 'r' && cli_rules(&o->rules, arg) < 0))
		;
	else if (c == 'T' && bg_posfmt_parse(&o->format, arg) < 0)
		cli_warnx("unknown format: %s (ascii, svg, xgid, gnubgid, "
		    "fibs, json)", arg);
	else if (c == 'V' && bg_variant_parse(&o->variant, arg) < 0)
		cli_warnx("unknown variant: %s", arg);
	else
		bad = strchr("abdfgmprTV", c) == NULL;
	if (bad)
		return cli_usage(USAGE);
	o->all |= c == 'a';
	if (c == 'b')
		o->draw.bottom = arg[0] - '0';
	if (c == 'd')
		o->draw.clockwise = strcmp(arg, "cw") == 0;
	if (c == 'p')
		o->pos = arg;
	return 0;
}

/* What the options say together: 0, or the exit status. */
static int
coherent(const struct opts *o, int argc)
{
	if (o->pos != NULL && (argc > 0 || o->all || o->game ||
	    o->move >= 0 || o->from != BG_FORMAT_AUTO))
		cli_warnx("-p shows one position: no file, -a, -f, -g or -m");
	else if (o->all && o->move >= 0)
		cli_warnx("-a shows every position: no -m");
	else if (o->format == BG_POS_SVG && (o->all || argc > 1))
		cli_warnx("-T svg draws one position: no -a, one file");
	else
		return 0;
	return cli_usage(USAGE);
}

static int
each(void *ctx, const char *name)
{
	static int first = 1;

	return show_file(ctx, name, &first);
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
	int c, r, rc;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.move = -1;
	o.variant = BG_VARIANT_STANDARD;
	bg_drawopts_init(&o.draw);
	bg_ruleset_init(&o.rules);
	while ((c = getopt_long(argc, argv, "ab:d:f:g:m:p:r:T:V:", longopts,
	    NULL)) != -1) {
		if (c == 'h') {
			help();
			return cli_close_stdout();
		}
		if (c == 'v') {
			printf("bgshow %s (libbgkit %s)\n", BG_VERSION,
			    bg_version());
			return cli_close_stdout();
		}
		if ((rc = option(&o, c, optarg)) != 0)
			return rc;
	}
	argc -= optind;
	argv += optind;
	if ((rc = coherent(&o, argc)) != 0)
		return rc;
	if (o.pos != NULL)
		rc = show_id(&o);
	else
		rc = cli_each(argc, argv, each, &o);
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
