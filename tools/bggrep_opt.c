/*
 * bggrep_opt.c: bggrep's options: each criterion handed to its
 * bg_select, each mode and output form set; --help and --version.
 */
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"
#include "bggrep.h"

#define USAGE "usage: bggrep [-AcDdEFlnqruX] [-C range] [-f format] " \
	"[-k kind] [-L range]\n              [-m play] [-P position] " \
	"[-p pattern] [-R list] [-T format]\n              [-t key=pattern] " \
	"[-w pattern] [file ...]\n"

static const char help[] = USAGE "\n"
    "Criteria (a game is kept when it meets every one given):\n"
    "  -p, --player PATTERN   a player's name matches (PCRE2)\n"
    "  -w, --winner PATTERN   the winner's name matches\n"
    "  -t, --tag SPEC         KEY=PATTERN: the match's tag KEY matches\n"
    "  -L, --length RANGE     match length: N, N-M, N- or -M (0 money)\n"
    "  -C, --cube RANGE       the game's highest cube\n"
    "  -k, --result KIND      single, gammon, backgammon, bearoff, drop "
    "or resign\n"
    "  -P, --position ID      a position reached: XGID, gnubg ID or FIBS "
    "board\n"
    "  -R, --require LIST     with -P, also: roll, dice, cube, score\n"
    "  -m, --play PLAY        a play made: a roll and a move, \"65 24/13\"\n"
    "  -A, --accepted         only games the replay accepts\n"
    "  -E, --rejected         only games with errors\n"
    "Output (default: the games kept, as records):\n"
    "  -T, --format FORMAT    records: mat (default), sgf or json; "
    "-n, -D: text or json;\n                         -d: csv or json\n"
    "  -n, --hits             one line per game kept: file, line, game, "
    "move\n"
    "  -c, --count            the games kept of each file\n"
    "  -d, --decisions        a row per play and cube action of the games "
    "kept\n"
    "  -l, --files            the names of the files with a game kept\n"
    "  -F, --fingerprints     each match kept with its fingerprint\n"
    "  -D, --duplicates       the groups of copies of a match\n"
    "  -u, --unique           a copy of a match met before is left out\n"
    "  -X, --fingerprint-text the canonical text of each fingerprint\n"
    "  -q, --quiet            nothing: the exit status only\n"
    "Input:\n"
    "  -f, --from FORMAT      read mat, sgf or json (default: from the "
    "content)\n"
    "  -r, --recursive        read the files under each directory\n"
    "      --help, --version\n";

static const struct option longopts[] = {
	{ "accepted", no_argument, NULL, 'A' },
	{ "cube", required_argument, NULL, 'C' },
	{ "count", no_argument, NULL, 'c' },
	{ "duplicates", no_argument, NULL, 'D' },
	{ "decisions", no_argument, NULL, 'd' },
	{ "rejected", no_argument, NULL, 'E' },
	{ "from", required_argument, NULL, 'f' },
	{ "fingerprints", no_argument, NULL, 'F' },
	{ "result", required_argument, NULL, 'k' },
	{ "length", required_argument, NULL, 'L' },
	{ "files", no_argument, NULL, 'l' },
	{ "play", required_argument, NULL, 'm' },
	{ "hits", no_argument, NULL, 'n' },
	{ "position", required_argument, NULL, 'P' },
	{ "player", required_argument, NULL, 'p' },
	{ "quiet", no_argument, NULL, 'q' },
	{ "require", required_argument, NULL, 'R' },
	{ "recursive", no_argument, NULL, 'r' },
	{ "format", required_argument, NULL, 'T' },
	{ "tag", required_argument, NULL, 't' },
	{ "unique", no_argument, NULL, 'u' },
	{ "winner", required_argument, NULL, 'w' },
	{ "fingerprint-text", no_argument, NULL, 'X' },
	{ "help", no_argument, NULL, 'h' },
	{ "version", no_argument, NULL, 'V' },
	{ NULL, 0, NULL, 0 }
};

/* One criterion or setting; 0, or -1 after saying what is wrong. */
static int
option(struct opts *o, int c, const char *a, const char **pos,
    unsigned *need)
{
	char msg[160] = "";
	size_t at = 0;
	int rc = 0;

	switch (c) {
	case 'A': case 'E': bg_select_verdict(o->sel, c == 'A' ? 1 : 2); break;
	case 'c': case 'd': case 'D': case 'F': case 'l': case 'n': case 'q':
		o->mode = c;
		break;
	case 'C': case 'L':
		rc = bg_select_range(o->sel, c == 'L' ? BG_SEL_LENGTH :
		    BG_SEL_CUBE, a);
		break;
	case 'f': return cli_from(&o->from, a, USAGE);
	case 'k': rc = bg_select_result(o->sel, a); break;
	case 'm':
		if ((rc = bg_select_play(o->sel, a, &at)) < 0)
			snprintf(msg, sizeof msg, " at column %lu",
			    (unsigned long)at + 1);
		break;
	case 'P': *pos = a; break;
	case 'p': rc = bg_select_name(o->sel, a, msg, sizeof msg); break;
	case 'R': rc = bg_select_need(need, a); break;
	case 'r': o->recurse = 1; break;
	case 'T':
		if (strcmp(a, "text") == 0 || strcmp(a, "csv") == 0)
			o->out = *a == 't' ? BG_OUT_TEXT : BG_OUT_CSV;
		else if (bg_format_parse(&o->to, a) < 0 ||
		    o->to == BG_FORMAT_AUTO)
			rc = -BG_EINVAL;
		else
			o->out = o->to == BG_FORMAT_JSON ? BG_OUT_JSON :
			    BG_OUT_TEXT;
		break;
	case 't': rc = bg_select_tag(o->sel, a, msg, sizeof msg); break;
	case 'u': o->unique = 1; break;
	case 'w': rc = bg_select_winner(o->sel, a, msg, sizeof msg); break;
	case 'X':
		bg_fingerprint_set_text(bg_select_fingerprint(o->sel),
		    bg_write_stdio, stdout);
		o->mode = 'X';
		break;
	default: fputs(USAGE, stderr); return -1;
	}
	if (rc < 0) {
		cli_warnx("-%c %s: %s%s%s", c, a, bg_strerror(rc),
		    *msg && *msg != ' ' ? ": " : "", msg);
		return -1;
	}
	return 0;
}

int
bggrep_options(struct opts *o, int argc, char *argv[], int *rc)
{
	const char *pos = NULL;
	unsigned need = 0;
	int c;

	while ((c = getopt_long(argc, argv,
	    "AC:cDdEf:Fk:L:lm:nP:p:qR:rT:t:uw:X", longopts, NULL)) != -1) {
		if (c == 'h') {
			fputs(help, stdout);
			*rc = cli_close_stdout();
			return -1;
		} else if (c == 'V') {
			printf("bggrep %s (libbgkit %s)\n", BG_VERSION,
			    bg_version());
			*rc = cli_close_stdout();
			return -1;
		} else if (option(o, c, optarg, &pos, &need) < 0)
			return -2;
	}
	if (pos != NULL && (c = bg_select_position(o->sel, pos, need,
	    BG_VARIANT_STANDARD)) < 0) {
		cli_warnx("-P %s: %s", pos, c == -BG_EDICESYNTAX &&
		    (need & BG_SELPOS_DICE) ? "-R dice asks for a position "
		    "with dice" : bg_strerror(c));
		return -2;
	} else if (pos == NULL && need != 0) {
		cli_warnx("-R asks for -P");
		fputs(USAGE, stderr);
		return -2;
	}
	/* Fingerprints only where they are shown or used. */
	bg_select_set_fingerprint(o->sel, o->unique || o->mode == 'n' ||
	    o->mode == 'F' || o->mode == 'D' || o->mode == 'X');
	if (o->mode == 'd') {
		if ((o->dec = bg_decisions_new(o->out == BG_OUT_JSON ?
		    BG_OUT_JSON : BG_OUT_CSV)) == NULL) {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			return -2;
		}
		bg_select_set_next(o->sel, bg_decisions_pos, o->dec);
		bg_decisions_header(bg_write_stdio, stdout, o->out ==
		    BG_OUT_JSON ? BG_OUT_JSON : BG_OUT_CSV);
	}
	return optind;
}
