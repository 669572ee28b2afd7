/* SPDX-License-Identifier: BSD-2-Clause */
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

#define USAGE "usage: bggrep [-AcDElnOqRuX] [-C range] [-f format] " \
	"[-k kind] [-L range]\n              [-p position] [-T format] " \
	"[-t key=pattern] [--analysed]\n              [--decisions] " \
	"[--error n] [--error-double n] [--error-play n]\n              " \
	"[--error-take n] [--fingerprints] [--mark list] [--play play]\n" \
	"              [--player pattern] [--require list] " \
	"[--split template]\n              [--unanalysed] " \
	"[--winner pattern] [file ...]\n"

/* The options, in the order --help lists them. */
static const struct cli_opt opts[] = {
	{ CLI_LONG + 'p', "player", "PATTERN", "a player's name matches "
	    "(PCRE2)" },
	{ CLI_LONG + 'w', "winner", "PATTERN", "the winner's name matches" },
	{ 't', "tag", "SPEC", "KEY=PATTERN: the match's tag KEY matches" },
	{ 'L', "length", "RANGE", "match length: N, N-M, N- or -M (0 money)" },
	{ 'C', "cube", "RANGE", "the game's highest cube" },
	{ 'k', "result", "KIND", "single, gammon, backgammon, bearoff, drop\n"
	    "or resign" },
	{ 'p', "position", "POS", "a position reached: XGID, gnubg ID or FIBS\n"
	    "board" },
	{ CLI_LONG + 'R', "require", "LIST", "with -p, also: roll, dice, cube, "
	    "score" },
	{ CLI_LONG + 'm', "play", "PLAY", "a play made: a roll and a move, "
	    "\"65 24/13\"" },
	{ CLI_LONG + 'e', "error", "N", "a decision that lost at least N in "
	    "equity" },
	{ CLI_LONG + 'P', "error-play", "N", "a play that lost at least N" },
	{ CLI_LONG + 'B', "error-double", "N", "a double that lost at least N" },
	{ CLI_LONG + 'K', "error-take", "N", "a take or drop that lost at "
	    "least N" },
	{ CLI_LONG + 'M', "mark", "LIST", "a decision marked: doubtful, bad, "
	    "very_bad,\nlucky, very_lucky, unlucky, very_unlucky" },
	{ CLI_LONG + 'a', "analysed", NULL, "only games with the engine's "
	    "analysis" },
	{ CLI_LONG + 'U', "unanalysed", NULL, "only games without it" },
	{ 'A', "accepted", NULL, "only games the replay accepts" },
	{ 'E', "rejected", NULL, "only games with errors" },
	{ 'T', "format", "FORMAT", "records: mat (default), sgf or json;\n"
	    "-n, -D: text or json; --decisions: csv or json" },
	{ 'n', "hits", NULL, "one line per game kept: file, line, game,\n"
	    "move" },
	{ 'c', "count", NULL, "the games kept of each file" },
	{ MODE_DECISIONS, "decisions", NULL, "a row per play and cube action "
	    "of the\ngames kept" },
	{ 'l', "files", NULL, "the names of the files with a game kept" },
	{ MODE_FINGERPRINTS, "fingerprints", NULL, "each match kept with its "
	    "fingerprint" },
	{ 'D', "duplicates", NULL, "the groups of copies of a match" },
	{ 'u', "unique", NULL, "a copy of a match met before is left out" },
	{ 'X', "fingerprint-text", NULL, "the canonical text of each "
	    "fingerprint" },
	{ 'q', "quiet", NULL, "nothing: the exit status only" },
	{ CLI_LONG + 's', "split", "TEMPLATE", "each match kept to a file of "
	    "its own,\nnamed %n %p %l %d %f (see bggrep(1))" },
	{ 'O', "overwrite", NULL, "--split replaces files already there" },
	{ 'f', "from", "FORMAT", "read " CLI_READS "\n(default: from "
	    "the content)" },
	{ 'R', "recursive", NULL, "read the files under each directory" },
	{ 0, NULL, NULL, NULL }
};

/* Set one of the criteria on the engine's analysis: --analysed,
 * --unanalysed, --error, --error-play, --error-double, --error-take or
 * --mark.  Return 0, or a negative code. */
static int
analysis_option(bg_select *sel, int c, const char *a)
{
	switch (c) {
	case CLI_LONG + 'a':
		bg_select_analysed(sel, BG_ANALYSED_WITH);
		return 0;
	case CLI_LONG + 'U':
		bg_select_analysed(sel, BG_ANALYSED_WITHOUT);
		return 0;
	case CLI_LONG + 'M':
		return bg_select_mark(sel, a);
	default:
		return bg_select_error(sel, c == CLI_LONG + 'e' ? BG_SEL_ANY :
		    c == CLI_LONG + 'P' ? BG_SEL_PLAY : c == CLI_LONG + 'B' ?
		    BG_SEL_DOUBLE : BG_SEL_TAKE, a);
	}
}

/* Take one criterion or setting.  Return 0, or -1 after saying what is
 * wrong. */
static int
option(struct opts *o, int c, const char *a, const char **pos,
    unsigned *need)
{
	char msg[160] = "", name[32];
	size_t at = 0;
	int rc = 0;

	switch (c) {
	case 'A': bg_select_verdict(o->sel, BG_KEEP_ACCEPTED); break;
	case 'E': bg_select_verdict(o->sel, BG_KEEP_REJECTED); break;
	case 'c': case MODE_DECISIONS: case 'D': case MODE_FINGERPRINTS:
	case 'l': case 'n': case 'q':
		o->mode = c;
		break;
	case 'C': case 'L':
		rc = bg_select_range(o->sel, c == 'L' ? BG_SEL_LENGTH :
		    BG_SEL_CUBE, a);
		break;
	case 'f': return cli_from(&o->from, a, USAGE);
	case CLI_LONG + 'a': case CLI_LONG + 'U': case CLI_LONG + 'e':
	case CLI_LONG + 'P': case CLI_LONG + 'B': case CLI_LONG + 'K':
	case CLI_LONG + 'M':
		rc = analysis_option(o->sel, c, a);
		break;
	case 'k': rc = bg_select_result(o->sel, a); break;
	case CLI_LONG + 'm':
		if ((rc = bg_select_play(o->sel, a, &at)) < 0)
			snprintf(msg, sizeof msg, " at column %lu",
			    (unsigned long)at + 1);
		break;
	case 'p': *pos = a; break;
	case CLI_LONG + 'p':
		rc = bg_select_name(o->sel, a, msg, sizeof msg);
		break;
	case CLI_LONG + 'R': rc = bg_select_need(need, a); break;
	case 'R': o->recurse = 1; break;
	case 'O': o->overwrite = 1; break;
	case CLI_LONG + 's':
		if ((rc = bg_pipeline_filename(NULL, 0, a, NULL, NULL, 0,
		    &at)) < 0)
			snprintf(msg, sizeof msg, "unknown field %%%c at "
			    "column %lu (%%n %%p %%l %%d %%f %%%%)", a[at + 1] ?
			    a[at + 1] : ' ', (unsigned long)at + 1);
		else if (*a == '\0')
			rc = -BG_EINVAL;
		o->split = a;
		break;
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
	case CLI_LONG + 'w':
		rc = bg_select_winner(o->sel, a, msg, sizeof msg);
		break;
	case 'X':
		bg_fingerprint_set_text(bg_select_fingerprint(o->sel),
		    bg_write_stdio, stdout);
		o->mode = 'X';
		break;
	default: fputs(USAGE, stderr); return -1;
	}
	if (rc < 0) {
		cli_warnx("%s %s: %s%s%s", cli_optname(name, sizeof name, opts,
		    c), a, bg_strerror(rc),
		    *msg && *msg != ' ' ? ": " : "", msg);
		return -1;
	}
	return 0;
}

int
bggrep_options(struct opts *o, int argc, char *argv[], int *rc)
{
	const char *pos = NULL;
	char name[32];
	unsigned need = 0;
	int c;

	while ((c = cli_getopt(argc, argv, opts, USAGE, rc)) != -1) {
		if (c == 0)
			return -1;
		if (option(o, c, optarg, &pos, &need) < 0)
			return -2;
	}
	if (pos != NULL && (c = bg_select_position(o->sel, pos, need,
	    BG_VARIANT_STANDARD)) < 0) {
		cli_warnx("-p %s: %s", pos, c == -BG_EDICESYNTAX &&
		    (need & BG_SELPOS_DICE) ? "--require dice asks for a "
		    "position with dice" : bg_strerror(c));
		return -2;
	} else if (pos == NULL && need != 0) {
		cli_warnx("--require asks for -p");
		fputs(USAGE, stderr);
		return -2;
	} else if (o->split != NULL && o->mode != 0) {
		cli_warnx("--split writes the records: not with %s",
		    cli_optname(name, sizeof name, opts, o->mode));
		fputs(USAGE, stderr);
		return -2;
	}
	/* Take fingerprints only where they are shown or used. */
	bg_select_set_fingerprint(o->sel, o->unique || o->mode == 'n' ||
	    o->mode == MODE_FINGERPRINTS || o->mode == 'D' || o->mode == 'X' ||
	    (o->split != NULL && strstr(o->split, "%f") != NULL));
	if (o->mode == MODE_DECISIONS) {
		if ((o->dec = bg_decisions_new(o->out == BG_OUT_JSON ?
		    BG_OUT_JSON : BG_OUT_CSV)) == NULL) {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			return -2;
		}
		bg_select_set_next(o->sel, bg_decisions_pos, o->dec);
		bg_decisions_set_filter(o->dec, bg_select_decision, o->sel);
		bg_decisions_header(bg_write_stdio, stdout, o->out ==
		    BG_OUT_JSON ? BG_OUT_JSON : BG_OUT_CSV);
	}
	return optind;
}
