/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgshow: print a position of a match record, or of a position ID, as a
 * text diagram, an SVG picture, an XGID, a gnubg ID, a FIBS board line,
 * an OGID or JSON; with -a every position of the record.  The pipeline, the
 * choice of the position (bg_pick_new) and the forms live in lib/.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"
#include "bgshow.h"

#define USAGE "usage: bgshow [-a] [-b side] [-f format] [-g game] [-m turn]\n" \
	"              [-r rules] [-T format] [-V variant] [-w [no-]name]\n" \
	"              [--direction cw|ccw] [-p position | file ...]\n"

struct opts {
	bg_posfmt	 format;
	int		 all;
	int		 game;		/* -g; 0 means the last game */
	int		 move;		/* -m; -1 means the game's end */
	const char	*pos;		/* -p's argument */
	bg_variant	 variant;	/* -V, to read IDs with */
	bg_drawopts	 draw;
	bg_diagfilter	 filter;	/* -w's filter */
	bg_ruleset	 rules;
	bg_format	 from;		/* -f's format */
	int		 printed;	/* positions printed, all files */
	bg_pipeline	*p;		/* the current file's pipeline */
	bg_pick		*pick;		/* the position asked for */
	int		 errors;	/* the current file's errors */
	int		 system;	/* set on a write or memory error */
};

/* Write one position.  Return 0, or the exit status of the failure. */
static int
show(const struct opts *o, bg_shownpos *p, int first)
{
	const char *why;
	char at[64] = "";
	int rc, n;

	p->v.sep = !first;
	if ((rc = bg_shown_write(bg_write_stdio, stdout, o->format, &p->v,
	    &o->draw)) >= 0)
		return show_lost(o->format, &p->v, &o->filter);
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
		snprintf(at, sizeof at, "game %d, turn %d: ", p->v.game,
		    p->v.turn);
	cli_warnx("%sno %s for this position: %s", at,
	    bg_posfmt_name(o->format), why);
	return 1;
}

/* The replay's callback: offer the position to the pick, and print it
 * with -a or when the pick says to (a position file). */
static void
onpos(void *ctx, const bg_replay_pos *pos)
{
	struct opts *o = ctx;
	bg_shownpos p;
	int rc;

	if (o->system || (rc = bg_pick_offer(o->pick, o->p, pos, &p)) == 0 ||
	    (rc == 1 && !o->all) || p.lost)
		return;		/* when lost, the diagnostics say why */
	if ((rc = show(o, &p, o->printed == 0)) > 1)
		o->system = 1;
	else if (rc == 1)
		o->errors++;
	o->printed++;
}

/* Show the positions of one file (for cli_each); return the exit status
 * for it, 0, 1 or 2. */
static int
show_file(void *ctx, const char *name)
{
	struct opts *o = ctx;
	bg_shownpos *sp;
	char *at = NULL, why[128];
	int games, line, col, r;

	o->errors = o->system = 0;
	if (cli_location(&name, &line, &col, &at) < 0)
		return 2;
	if (line > 0 && (o->all || o->game || o->move >= 0)) {
		cli_warnx("FILE:LINE shows one position: no -a, -g or -m");
		free(at);
		return cli_usage(USAGE);
	}
	if ((o->pick = bg_pick_new(o->game, o->move, line, col)) == NULL)
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
	if (o->pick == NULL || (o->p = cli_open(name, o->from, &o->rules,
	    o->format == BG_POS_JSON)) == NULL) {
		bg_pick_free(o->pick);
		free(at);
		return 2;
	}
	/* onpos prints -a's positions and counts the errors it tells. */
	bg_pipeline_set_callback(o->p, onpos, o);
	if ((r = cli_run(o->p, stdout, stderr, 0, 1)) < 0)
		cli_pipe_syserr(stdout, stderr, o->format == BG_POS_JSON,
		    o->p, bg_pipeline_name(o->p), -r);
	games = bg_pipeline_count(o->p)->games;
	o->errors += bg_pipeline_count(o->p)->errors;
	r = cli_close(o->p, r) < 0 || o->system ? 2 : 0;
	if (r == 0 && !o->all) {
		if (bg_pick_done(o->pick, games, &sp, why, sizeof why) < 0) {
			cli_warnx("%s: %s", name ? name : "<stdin>", why);
			r = 1;
		} else if (sp != NULL && (r = show(o, sp, o->printed == 0)) == 0)
			o->printed++;
	}
	bg_pick_free(o->pick);
	free(at);
	return r ? r : o->errors ? 1 : 0;
}

/* Show -p's position, given as an ID or a FIBS board line. */
static int
show_id(const struct opts *o)
{
	bg_shownpos p;
	char buf[4096];
	const char *pos = o->pos;
	size_t len = strlen(pos);
	int rc;

	/* With "-p -", the position is read from the standard input. */
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

/* Take one option other than -h and --version.  Return 0, or the exit
 * status. */
static int
option(struct opts *o, int c, const char *arg)
{
	int bad = 1;

	if (c == 'b' && strcmp(arg, "0") != 0 && strcmp(arg, "1") != 0)
		cli_warnx("bad side: %s (0 or 1)", arg);
	else if (c == CLI_LONG + 'd' && strcmp(arg, "cw") != 0 &&
	    strcmp(arg, "ccw") != 0)
		cli_warnx("bad direction: %s (cw or ccw)", arg);
	else if ((c == 'f' && cli_from(&o->from, arg, "") < 0) ||
	    (c == 'g' && cli_number(&o->game, arg, 1, "game") < 0) ||
	    (c == 'm' && cli_number(&o->move, arg, 0, "turn") < 0) ||
	    (c == 'r' && cli_rules(&o->rules, arg) < 0) ||
	    (c == 'w' && cli_warnopt(&o->filter, arg, "") != 0))
		;
	else if (c == 'T' && bg_posfmt_parse(&o->format, arg) < 0)
		cli_warnx("unknown format: %s (text, svg, xgid, gnubgid, "
		    "fibs, json, ogid)", arg);
	else if (c == 'V' && bg_variant_parse(&o->variant, arg) < 0)
		cli_warnx("unknown variant: %s", arg);
	else
		bad = c != CLI_LONG + 'd' && strchr("abfgmprTVw", c) == NULL;
	if (bad)
		return cli_usage(USAGE);
	o->all |= c == 'a';
	o->draw.bottom = c == 'b' ? arg[0] - '0' : o->draw.bottom;
	o->draw.clockwise = c == CLI_LONG + 'd' ? strcmp(arg, "cw") == 0 :
	    o->draw.clockwise;
	o->pos = c == 'p' ? arg : o->pos;
	return 0;
}

/* Check that the options agree with each other.  Return 0, or the exit
 * status. */
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

int
main(int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ 'a', "all", NULL, "every position, one after each action" },
		{ 'b', "bottom", "SIDE", "side drawn at the bottom: 1 (default) "
		    "or 0" },
		{ CLI_LONG + 'd', "direction", "DIR", "the bottom side moves "
		    "ccw (default, home at the\nbottom right) or cw" },
		{ 'f', "from", "FORMAT", "read " CLI_READS "\n(default: "
		    "from the content)" },
		{ 'g', "game", "N", "game N of the file (default: the last)" },
		{ 'm', "move", "N", "the position after turn N of the game, "
		    "each play\nand each cube action a turn (0: its start; "
		    "default:\nits end; not the record's move numbers)" },
		{ 'p', "position", "POS", "an XGID, an OGID, a gnubg ID (PID or "
		    "PID:MID),\na FIBS board: line or a start word, instead of "
		    "files" },
		{ 'r', "rules", "RULES", "rules that win over the record's tags "
		    "(as bgcheck -r)" },
		{ 'T', "format", "FORMAT", "text (default), svg, xgid, gnubgid, "
		    "fibs, json,\nogid" },
		{ 'V', "variant", "VARIANT", "the variant of an ID: standard, "
		    "nackgammon, ..." },
		CLI_OPT_WARN,
		{ 0, NULL, NULL, NULL }
	};
	struct opts o;
	int c, r, rc;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.move = -1;
	o.variant = BG_VARIANT_STANDARD;
	bg_drawopts_init(&o.draw);
	bg_ruleset_init(&o.rules);
	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1)
		if (c == 0 || (rc = option(&o, c, optarg)) != 0)
			return rc;
	argv += optind;
	if ((rc = coherent(&o, argc -= optind)) != 0)
		return rc;
	cli_progress_init(0);
	rc = o.pos ? show_id(&o) : cli_each(argc, argv, show_file, &o);
	return (r = cli_close_stdout()) > rc ? r : rc;
}
