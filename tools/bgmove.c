/*
 * bgmove: normalise move notation, check a play against a position and
 * roll, or list every legal play.  A thin front end to lib/: it reads
 * the options, the position (-p, or "-p -" from the first line of the
 * standard input) and the lines of moves, and prints what
 * bg_moveline_check() says of each, one line of output per move.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

#define LINEMAX	65536	/* longest line of moves read */
#define USAGE "usage: bgmove [-lW] [-A direction] [-d dice] [-p position] " \
	"[-s style]\n              [-T format] [-V variant] [move]\n"

struct opts {
	bg_moveline_setup su;
	int		 json, list, werror;
	int		 absolute;	/* -A */
	const char	*pos, *dice, *variant;
	long		 lineno;	/* lines of stdin read */
	char		 line[LINEMAX + 1];	/* one of them */
};

/* The usage on stderr, after a message when fmt is not NULL: 2. */
static int
usage(const char *fmt, const char *arg)
{
	if (fmt)
		cli_warnx(fmt, arg);
	fputs(USAGE, stderr);
	return 2;
}

/* A move's error: on stderr, or as a JSON object in the output. */
static void
error(const struct opts *o, const char *file, long line, long col,
    const char *msg)
{
	if (!o->json) {
		cli_diagtext(file, line, col, "error", msg);
		return;
	}
	printf("{\"line\":%ld,\"column\":%ld,\"severity\":\"error\","
	    "\"message\":", line, col);
	cli_putjson(stdout, msg);
	fputs("}\n", stdout);
}

static void
print(void *ctx, const bg_moveline *ml)
{
	const struct opts *o = ctx;
	char buf[1024];

	bg_moveline_format(buf, sizeof buf, ml, !o->su.havepos, o->json);
	puts(buf);
}

/* One move, text[0..len); 0, 1 for an error, 2 for no roll. */
static int
do_move(const struct opts *o, const char *text, size_t len,
    const char *file, long line)
{
	bg_moveline ml;
	char *msg;
	int i, rc = 0;

	if ((msg = malloc(len + 1024)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	if (bg_moveline_check(&ml, &o->su, text, len, msg, len + 1024,
	    NULL) < 0) {
		cli_warnx("no dice: use -d, a position with dice, or a "
		    "\"64:\" prefix");
		rc = 2;
	} else if (ml.code != 0) {
		error(o, file, line, ml.column, msg);
		rc = 1;
	} else {
		for (i = 0; i < ml.nwarn; i++) {
			cli_diag(file, line, 1, "warning", "%d%d: %.*s: %s",
			    ml.dice[0], ml.dice[1], (int)len, text,
			    bg_strerror(ml.warn[i]));
			rc = o->werror;
		}
		print((void *)o, &ml);
	}
	free(msg);
	return rc;
}

/* A move a line from stdin, each line an answer; the worst status. */
static int
read_moves(struct opts *o)
{
	long n;
	int r, rc = 0;

	while (rc != 2 && (n = cli_getline(stdin, o->line, LINEMAX)) != -1) {
		o->lineno++;
		if (n == -2) {
			error(o, "<stdin>", o->lineno, LINEMAX + 1, "line too "
			    "long: over 65536 bytes, not read");
			r = 1;
		} else
			r = do_move(o, o->line, (size_t)n, "<stdin>",
			    o->lineno);
		if (r > rc)
			rc = r;
	}
	if (ferror(stdin)) {
		cli_warnx("<stdin>: read error");
		rc = 2;
	}
	return rc;
}

/* The position of -p ("-": stdin's first line), -d and -V; 0, 1 or 2. */
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
	r = bg_moveline_setup_init(&o->su, pos, o->variant, o->dice,
	    o->su.style, msg, sizeof msg);
	o->su.absolute = o->absolute;
	if (r < 0)
		cli_warntext(msg);
	return r == 0 ? 0 : r == -BG_EVARIANT || r == -BG_EDICESYNTAX ? 2 : 1;
}

/* The options; -1 when they are all right, else the exit status. */
static int
options(struct opts *o, int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ 'A', "absolute", "DIR", "FIBS numbering, the mover counting "
		    "up, down or auto" },
		{ 'd', "dice", "DICE", "the roll: 64, 6-4 or \"6 4\"" },
		{ 'l', "list", NULL, "list every legal play" },
		{ 'p', "position", "POS", "an ID, a FIBS board: line, a start "
		    "word or - (read)" },
		{ 's', "style", "STYLE", "gnubg (default), mat or xg" },
		{ 'T', "format", "FORMAT", "text (default) or json" },
		{ 'V', "variant", "VARIANT", "standard, nackgammon, hyper1..3, "
		    "tavla" },
		{ 'W', "warnings-fatal", NULL, "warnings make the exit status 1" },
		{ 0, NULL, NULL, NULL }
	};
	int c, rc;

	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1) {
		if (c == 0)
			return rc;
		if (c == 'A') {
			if (strcmp(optarg, "up") == 0)
				o->absolute = BG_DIR_UP;
			else if (strcmp(optarg, "down") == 0)
				o->absolute = BG_DIR_DOWN;
			else if (strcmp(optarg, "auto") == 0)
				o->absolute = BG_DIR_AUTO;
			else
				return usage("unknown direction: %s (up, down, "
				    "auto)", optarg);
		} else if (c == 'd')
			o->dice = optarg;
		else if (c == 'p')
			o->pos = optarg;
		else if (c == 'V')
			o->variant = optarg;
		else if (c == 'l')
			o->list = 1;
		else if (c == 'W')
			o->werror = 1;
		else if (c == 's' && bg_style_parse(&o->su.style, optarg) < 0)
			return usage("unknown style: %s (gnubg, mat, xg)", optarg);
		else if (c == 'T' && strcmp(optarg, "text") != 0 &&
		    !(o->json = strcmp(optarg, "json") == 0))
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
	o.su.style = BG_STYLE_GNUBG;
	if ((rc = options(&o, argc, argv)) >= 0)
		return rc;
	argc -= optind;
	argv += optind;
	if ((rc = setup(&o)) != 0)
		return rc;
	if ((o.list || o.su.dice[0]) && !o.su.havepos) {
		rc = usage("%s needs -p position", o.list ? "-l" : "-d");
	} else if (o.list && !o.su.dice[0]) {
		cli_warnx("-l needs a roll: -d or a position with dice");
		rc = 2;
	} else if (o.list && argc > 0) {
		rc = usage(NULL, NULL);
	} else if (o.list) {
		if ((rc = bg_moveline_list(&o.su, print, &o)) < 0)
			cli_warnx("%s", bg_strerror(rc));
		rc = rc < 0 ? 2 : 0;
	} else if (argc == 0)
		rc = read_moves(&o);
	else if ((move = cli_join(argc, argv)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		rc = 2;
	} else {
		/* The operands are the words of one move, as typed. */
		rc = do_move(&o, move, strlen(move), "<args>", 1);
		free(move);
	}
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
