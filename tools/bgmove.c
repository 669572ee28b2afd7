/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgmove: normalise move notation, check a play against a position and
 * roll, or list every legal play: what bg_moveline_check() says of each
 * move, a line a move, on the position of -p ("-p -": stdin's first
 * line), or with -P, bg_movebatch_pos(), on each position of a list.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

#define LINEMAX	65536	/* the longest line of moves read */
#define USAGE "usage: bgmove [-aW] [-d dice] [-p position | -P file] " \
	"[-s style]\n              [-T format] [-V variant] [-w [no-]name] " \
	"[--absolute dir] [move]\n"

struct opts {
	bg_movebatch	 mb;		/* the setup, the output format, the
					   filter, and -P's move */
	bg_diagfilter	 filter;	/* -w */
	int		 list, werror;
	const char	*pos, *dice, *variant, *plist, *dir;
	bg_pipeline	*p;
	int		 status;	/* with -P, the worst status so far */
	long		 lineno;	/* how many lines of stdin were read */
	char		 line[LINEMAX + 1];	/* the last one */
};

/* Print the usage on stderr, after a message when fmt is not NULL; 2. */
static int
usage(const char *fmt, const char *arg)
{
	if (fmt)
		cli_warnx(fmt, arg);
	return cli_usage(USAGE);
}

/*
 * Tell on stderr what the answer r about the move text[0..len) at
 * file:line says, and return the exit status it makes.
 */
static int
tell(const struct opts *o, int r, const bg_moveline *ml, const char *msg,
    const char *file, long line, const char *text, size_t len)
{
	int i;

	if (r < 0)
		cli_warnx("%s", bg_strerror(r));
	else if (r == 1 && !o->mb.json)
		cli_diagtext(file, line, ml->column, "error", msg);
	for (i = 0; r == 0 && i < ml->nwarn; i++)
		cli_diag(file, line, ml->column, "warning", "%d%d: %.*s: %s",
		    ml->dice[0], ml->dice[1], (int)len, text,
		    bg_strerror(ml->warn[i]));
	return r < 0 ? 2 : r == 0 && ml->nwarn > 0 ? o->werror : r;
}

/* Check one move, text[0..len): 0, 1 for an error, 2 for no roll. */
static int
do_move(const struct opts *o, const char *text, size_t len,
    const char *file, long line)
{
	bg_moveline ml;
	char *msg;
	int rc;

	if ((msg = malloc(len + 1024)) == NULL)
		return tell(o, -BG_ENOMEM, NULL, NULL, file, line, text, len);
	if (bg_moveline_check(&ml, &o->mb.su, text, len, msg, len + 1024,
	    NULL) < 0) {
		cli_warnx("no dice: use -d, a position with dice, or a "
		    "\"64:\" prefix");
		rc = 2;
	} else {
		bg_moveline_filter(&ml, &o->filter);
		rc = tell(o, bg_moveline_write(bg_write_stdio, stdout, &ml,
		    msg, NULL, (int)line, !o->mb.su.havepos, o->mb.json), &ml, msg,
		    file, line, text, len);
	}
	free(msg);
	return rc;
}

/*
 * Read a move from each line of stdin and answer each; return the worst
 * status.
 */
static int
read_moves(struct opts *o)
{
	static const char toolong[] = "line too long: over 65536 bytes, not read";
	bg_moveline ml = { .code = BG_ELONGLINE, .column = LINEMAX + 1 };
	long n;
	int r, rc = 0;

	while (rc != 2 && (n = cli_getline(stdin, o->line, LINEMAX)) != -1) {
		o->lineno++;
		if (n == -2)
			r = tell(o, bg_moveline_write(bg_write_stdio, stdout,
			    &ml, toolong, NULL, (int)o->lineno, 0, o->mb.json),
			    &ml, toolong, "<stdin>", o->lineno, NULL, 0);
		else
			r = do_move(o, o->line, (size_t)n, "<stdin>",
			    o->lineno);
		rc = r > rc ? r : rc;
	}
	if (ferror(stdin))
		cli_warnx("<stdin>: read error");
	return ferror(stdin) ? 2 : rc;
}

/*
 * Set up the position of -p ("-" reads stdin's first line), -d and -V:
 * 0, or the exit status 1 or 2.
 */
static int
setup(struct opts *o)
{
	const char *pos = o->pos;
	char msg[LINEMAX + 256];
	long n;
	int r;

	if (pos && strcmp(pos, "-") == 0) {
		o->lineno++;
		if ((n = cli_getline(stdin, o->line, LINEMAX)) < 0) {
			cli_warnx("-p -: %s", n == -1 ? "no position on the "
			    "standard input" : "line too long");
			return n == -1 ? 2 : 1;
		}
		o->line[n] = '\0';
		pos = o->line;
	}
	r = bg_moveline_setup_init(&o->mb.su, pos, o->variant, o->dice,
	    o->mb.su.style, msg, sizeof msg);
	if (r < 0)
		cli_warntext(msg);
	if (r == 0 && o->dir != NULL &&
	    bg_direction_parse(&o->mb.su.absolute, o->dir) < 0)
		return usage("unknown direction: %s (up, down, auto)", o->dir);
	return r == 0 ? 0 : r == -BG_EVARIANT || r == -BG_EDICESYNTAX ? 2 : 1;
}

/*
 * With -P, answer for one position of the list, its error and warnings
 * on stderr.
 */
static void
onpos(void *ctx, const bg_replay_pos *pos)
{
	struct opts *o = ctx;
	const char *f = bg_pipeline_name(o->p);
	bg_moveline ml;
	char msg[4096];
	int r;

	r = bg_movebatch_pos(&o->mb, bg_write_stdio, stdout, f, pos,
	    bg_replay_variant(bg_pipeline_replay(o->p)), &ml, msg, sizeof msg);
	r = tell(o, r, &ml, msg, f, pos->rec ? pos->rec->line : 0,
	    o->mb.move, o->mb.movelen);
	o->status = r > o->status ? r : o->status;
}

/*
 * Read the list of positions of -P through a pipeline, onpos() called on
 * every position, and tell its diagnostics but one: each position of a
 * list is a game without a result, which is no news.  Returns 0, 1 when
 * the list has errors or a record the replay cannot follow, 2 on a
 * system error.
 */
static int
replay_list(struct opts *o)
{
	const bg_diag *d;
	bg_ruleset rs;
	size_t i;
	int r, bad = 0;

	bg_ruleset_init(&rs);
	rs.variant = o->variant ? o->mb.su.variant : BG_VARIANT_UNSTATED;
	if ((o->p = cli_open(o->plist, BG_FORMAT_POSLIST, &rs,
	    o->mb.json)) == NULL)
		return 2;
	bg_pipeline_set_callback(o->p, onpos, o);
	bg_pipeline_set_filter(o->p, &o->filter);
	do
		for (r = cli_next(o->p), i = 0;
		    i < bg_pipeline_diag_count(o->p); i++) {
			if ((d = bg_pipeline_diag(o->p, i))->code ==
			    BG_WUNFINISHED)
				continue;
			bad |= d->severity == BG_SEV_ERROR ||
			    d->code == BG_WNOTREPLAYED;
			cli_report(stdout, stderr, o->mb.json,
			    bg_pipeline_name(o->p),
			    bg_pipeline_diag_player(o->p, d), d,
			    bg_pipeline_diag_turn(o->p, i));
		}
	while (r > 0);
	if (r < 0)
		cli_syserr(stdout, stderr, o->mb.json,
		    bg_pipeline_name(o->p), -r, NULL);
	r = cli_close(o->p, r);
	o->p = NULL;
	return r < 0 ? 2 : bad;
}

/*
 * With -P FILE, check the move of the operands, or with -a list the
 * plays, on each position of FILE.
 */
static int
batch(struct opts *o, char *move)
{
	int r;

	if (o->pos || (move != NULL) == o->list)
		return usage("-P takes a move or -a, and no -p", NULL);
	o->mb.move = move;
	o->mb.movelen = move ? strlen(move) : 0;
	r = replay_list(o);
	return r > o->status ? r : o->status;
}

/* Read the options: -1 when they are all right, else the exit status. */
static int
options(struct opts *o, int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ CLI_LONG + 'A', "absolute", "DIR", "FIBS: up, down or auto" },
		{ 'a', "all", NULL, "list every legal play" },
		{ 'a', "list", NULL, NULL },	/* -a's old name, until 0.3 */
		{ 'd', "dice", "DICE", "the roll: 64, 6-4 or \"6 4\"" },
		{ 'p', "position", "POS", "an ID, a FIBS board: line, a start "
		    "word or - (read)" },
		{ 'P', "positions", "FILE", "each position of a list (-: stdin)" },
		{ 's', "style", "STYLE", "gnubg (default), mat or xg" },
		{ 'T', "format", "FORMAT", "text (default) or json" },
		{ 'V', "variant", "VARIANT", "standard, nackgammon, hyper1..3, "
		    "tavla" },
		{ 'W', "warnings-fatal", NULL, "warnings make the exit status 1" },
		CLI_OPT_WARN,
		{ 0, NULL, NULL, NULL }
	};
	int c, rc;

	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1) {
		if (c == 0 || (c == 'w' && (rc = cli_warnopt(&o->filter,
		    optarg, USAGE)) != 0))
			return rc;
		o->dir = c == CLI_LONG + 'A' ? optarg : o->dir;
		o->dice = c == 'd' ? optarg : o->dice;
		o->pos = c == 'p' ? optarg : o->pos;
		o->plist = c == 'P' ? optarg : o->plist;
		o->variant = c == 'V' ? optarg : o->variant;
		o->list |= c == 'a';
		o->werror |= c == 'W';
		if (c == 's' && bg_style_parse(&o->mb.su.style, optarg) < 0)
			return usage("unknown style: %s (gnubg, mat, xg)", optarg);
		else if (c == 'T' && strcmp(optarg, "text") != 0 &&
		    !(o->mb.json = strcmp(optarg, "json") == 0))
			return usage("unknown format: %s (text, json)", optarg);
	}
	return -1;
}

int
main(int argc, char *argv[])
{
	struct opts o;
	char *move;
	int r, rc;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.mb.su.style = BG_STYLE_GNUBG;
	o.mb.filter = &o.filter;
	if ((rc = options(&o, argc, argv)) >= 0 || (rc = setup(&o)) != 0)
		return rc;
	argv += optind;
	move = (argc -= optind) > 0 ? cli_join(argc, argv) : NULL;
	if (argc > 0 && move == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		rc = 2;
	} else if (o.plist)
		rc = batch(&o, move);
	else if ((o.list || o.mb.su.dice[0]) && !o.mb.su.havepos) {
		rc = usage("%s needs -p position", o.list ? "-a" : "-d");
	} else if (o.list && !o.mb.su.dice[0]) {
		cli_warnx("-a needs a roll: -d or a position with dice");
		rc = 2;
	} else if (o.list && argc > 0) {
		rc = usage(NULL, NULL);
	} else if (o.list) {
		if ((rc = bg_moveline_list_write(bg_write_stdio, stdout,
		    &o.mb.su, o.mb.json)) < 0)
			cli_warnx("%s", bg_strerror(rc));
		rc = rc < 0 ? 2 : 0;
	} else if (argc == 0)
		rc = read_moves(&o);
	else	/* The operands are the words of one move, as typed. */
		rc = do_move(&o, move, strlen(move), "<args>", 1);
	free(move);
	return (r = cli_close_stdout()) > rc ? r : rc;
}
