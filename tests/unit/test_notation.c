/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_notation.c: unit tests for lib/notation.c: parsing every dialect
 * and every error with its byte offset, grouping plays into parts the
 * way gnubg, gnubg's .mat export and XG write them (outputs checked
 * against gnubg included), formatting, the buffer convention, and
 * round trips.  Built and run by `make check`.
 */
#include <string.h>

#include "bgkit.h"
#include "t.h"

static int
parse(bg_notation *n, const char *s, size_t *pos)
{
	return bg_notation_parse(n, s, strlen(s), pos);
}

/* Parse s and write it back in style st; "(error)" on failure. */
static const char *
reformat(const char *s, bg_style st)
{
	static char buf[256];
	bg_notation n;
	size_t pos;

	if (parse(&n, s, &pos) < 0 ||
	    bg_notation_format(buf, sizeof buf, &n, st) < 0)
		return "(error)";
	return buf;
}

/* Parse s, expecting error code at offset pos. */
static void
check_err(const char *s, int code, size_t want, int line)
{
	bg_notation n;
	size_t pos = 999;
	int rc = parse(&n, s, &pos);

	T_COUNT(rc == -code && pos == want, line);
	if (rc != -code || pos != want)
		fprintf(stderr, "%s:%d: \"%s\": got %d at %zu, want %d at "
		    "%zu\n", __FILE__, line, s, rc, pos, -code, want);
}
#define ERR(s, code, pos) check_err((s), (code), (pos), __LINE__)

/*
 * A play from its steps written in order, e.g. "13/10 10/7* 13/10 10/7":
 * one single step per part, '*' for the step that hits.
 */
static bg_play
play(const char *s)
{
	bg_notation n;
	bg_play p;
	size_t pos;

	memset(&p, 0, sizeof p);
	if (parse(&n, s, &pos) == 0)
		bg_play_from_notation(&p, &n);
	return p;
}

/* Format a play in style st. */
static const char *
pf(const char *steps, bg_style st)
{
	static char buf[256];
	bg_play p = play(steps);

	if (bg_play_format(buf, sizeof buf, &p, st) < 0)
		return "(error)";
	return buf;
}

/* Normalise text without a position: parse, expand, format the play. */
static const char *
norm(const char *s, bg_style st)
{
	static char buf[256];
	bg_notation n;
	bg_play p;
	size_t pos;

	if (parse(&n, s, &pos) < 0)
		return "(error)";
	if (n.kind != BG_NOTE_PLAY || bg_play_from_notation(&p, &n) < 0) {
		if (bg_notation_format(buf, sizeof buf, &n, st) < 0)
			return "(error)";
		return buf;
	}
	if (bg_play_format(buf, sizeof buf, &p, st) < 0)
		return "(error)";
	return buf;
}

static void
test_structure(void)
{
	bg_notation n;
	size_t pos;

	CHECK_INT(parse(&n, "24/18*/13", &pos), 0);
	CHECK_INT(n.kind, BG_NOTE_PLAY);
	CHECK_INT(n.dice[0], 0);
	CHECK_INT(n.dice[1], 0);
	CHECK_INT(n.npath, 1);
	CHECK_INT(n.path[0].npt, 3);
	CHECK_INT(n.path[0].pt[0], 24);
	CHECK_INT(n.path[0].pt[1], 18);
	CHECK_INT(n.path[0].pt[2], 13);
	CHECK_INT(n.path[0].hit[0], 0);
	CHECK_INT(n.path[0].hit[1], 1);
	CHECK_INT(n.path[0].hit[2], 0);
	CHECK_INT(n.path[0].count, 1);

	CHECK_INT(parse(&n, "13/7*(2) bar/20 6/off", &pos), 0);
	CHECK_INT(n.npath, 3);
	CHECK_INT(n.path[0].count, 2);
	CHECK_INT(n.path[0].hit[1], 1);
	CHECK_INT(n.path[1].pt[0], BG_BAR);
	CHECK_INT(n.path[1].pt[1], 20);
	CHECK_INT(n.path[2].pt[1], BG_OFF);

	/* Dice as written, low die first kept. */
	CHECK_INT(parse(&n, "64: 8/2 6/2", &pos), 0);
	CHECK_INT(n.dice[0], 6);
	CHECK_INT(n.dice[1], 4);
	CHECK_INT(parse(&n, "46: 8/2 6/2", &pos), 0);
	CHECK_INT(n.dice[0], 4);
	CHECK_INT(n.dice[1], 6);
	CHECK_INT(parse(&n, "6-4: 8/2 6/2", &pos), 0);
	CHECK_INT(n.dice[0] * 10 + n.dice[1], 64);
	CHECK_INT(parse(&n, "6 4: 8/2 6/2", &pos), 0);
	CHECK_INT(n.dice[0] * 10 + n.dice[1], 64);
	CHECK_INT(parse(&n, "6 - 4 :8/2 6/2", &pos), 0);
	CHECK_INT(n.dice[0] * 10 + n.dice[1], 64);
	CHECK_INT(n.npath, 2);
	CHECK_INT(parse(&n, "  31: 8/5 6/5 ", &pos), 0);
	CHECK_INT(n.dice[0] * 10 + n.dice[1], 31);

	/* A roll with nothing after it is a dance. */
	CHECK_INT(parse(&n, "65:", &pos), 0);
	CHECK_INT(n.kind, BG_NOTE_NONE);
	CHECK_INT(n.dice[0] * 10 + n.dice[1], 65);
	CHECK_INT(parse(&n, "44: ", &pos), 0);
	CHECK_INT(n.kind, BG_NOTE_NONE);
	CHECK_INT(parse(&n, "", &pos), 0);
	CHECK_INT(n.kind, BG_NOTE_NONE);
	CHECK_INT(n.dice[0], 0);
	CHECK_INT(parse(&n, "   ", &pos), 0);
	CHECK_INT(n.kind, BG_NOTE_NONE);
	CHECK_INT(bg_notation_parse(&n, NULL, 0, &pos), 0);
	CHECK_INT(n.kind, BG_NOTE_NONE);

	/* Length, not NUL, ends the text. */
	CHECK_INT(bg_notation_parse(&n, "8/5 6/5XYZ", 7, &pos), 0);
	CHECK_INT(n.npath, 2);
	CHECK_INT(bg_notation_parse(&n, "8/5 6/5XYZ", 8, &pos),
	    -BG_ESYNTAX);
	CHECK_INT(pos, 7);
	CHECK_INT(bg_notation_parse(&n, "8/5\0 6/5", 8, &pos), -BG_ESYNTAX);
	CHECK_INT(pos, 3);

	/* errpos may be NULL; n may not. */
	CHECK_INT(bg_notation_parse(&n, "8/5", 3, NULL), 0);
	CHECK_INT(bg_notation_parse(&n, "8/", 2, NULL), -BG_ESLASH);
	CHECK_INT(bg_notation_parse(NULL, "8/5", 3, &pos), -BG_EINVAL);
	CHECK_INT(bg_notation_parse(&n, NULL, 3, &pos), -BG_EINVAL);
}

static void
test_words(void)
{
	static const char *none[] = {
		"Cannot Move", "can't move", "cannot move", "CANNOT   MOVE",
		"Can't Move", "no move", "No Move", "(no move)", "Pass",
		"pass", "fan", "Fan", "dance", "DANCE", "0", "  Cannot Move  ",
		"65: Cannot Move", "52: (no move)",
	};
	static const char *unknown[] = {
		"???", "????", "61: ????", "32: ???",
	};
	bg_notation n;
	size_t i, pos;

	for (i = 0; i < sizeof none / sizeof none[0]; i++) {
		CHECK_INT(parse(&n, none[i], &pos), 0);
		CHECK_INT(n.kind, BG_NOTE_NONE);
		CHECK_INT(n.npath, 0);
	}
	for (i = 0; i < sizeof unknown / sizeof unknown[0]; i++) {
		CHECK_INT(parse(&n, unknown[i], &pos), 0);
		CHECK_INT(n.kind, BG_NOTE_UNKNOWN);
	}
	CHECK_INT(parse(&n, "61: ????", &pos), 0);
	CHECK_INT(n.dice[0] * 10 + n.dice[1], 61);

	/* Words are whole cells only. */
	ERR("8/5 pass", BG_ESYNTAX, 4);
	ERR("Cannot Move 8/5", BG_ESYNTAX, 0);
	ERR("cannotmove", BG_ESYNTAX, 0);
	ERR("??", BG_ESYNTAX, 0);
	ERR("?????", BG_ESYNTAX, 0);
	ERR("8/5 ???", BG_ESYNTAX, 4);
	/* A FIBS oldmoves "O:" is not a roll: the caller strips it. */
	ERR("O: can't move", BG_EDICESYNTAX, 0);
}

/* Dialects, normalised to gnubg's display form as written. */
static void
test_dialects(void)
{
	/* gnubg's own notation */
	CHECK_STR(reformat("8/5 6/5", BG_STYLE_GNUBG), "8/5 6/5");
	CHECK_STR(reformat("24/18*/13", BG_STYLE_GNUBG), "24/18*/13");
	CHECK_STR(reformat("bar/20", BG_STYLE_GNUBG), "bar/20");
	CHECK_STR(reformat("6/off", BG_STYLE_GNUBG), "6/off");
	CHECK_STR(reformat("24/18(2) 13/7(2)", BG_STYLE_GNUBG),
	    "24/18(2) 13/7(2)");
	CHECK_STR(reformat("13/7*(2)", BG_STYLE_GNUBG), "13/7*(2)");
	/* A star on off is read (the resolver warns) and not written. */
	CHECK_STR(reformat("6/off*", BG_STYLE_GNUBG), "6/off");

	/* gnubg's outputs read back unchanged */
	CHECK_STR(reformat("24/18 13/7(3)", BG_STYLE_GNUBG), "24/18 13/7(3)");
	CHECK_STR(reformat("13/7(4)", BG_STYLE_GNUBG), "13/7(4)");
	CHECK_STR(reformat("24/20(2) 13/9(2)", BG_STYLE_GNUBG),
	    "24/20(2) 13/9(2)");
	CHECK_STR(reformat("13/5(2)", BG_STYLE_GNUBG), "13/5(2)");
	CHECK_STR(reformat("24/16(2)", BG_STYLE_GNUBG), "24/16(2)");
	CHECK_STR(reformat("24/13", BG_STYLE_GNUBG), "24/13");
	CHECK_STR(reformat("24/18 13/8", BG_STYLE_GNUBG), "24/18 13/8");
	CHECK_STR(reformat("13/8 13/7", BG_STYLE_GNUBG), "13/8 13/7");
	CHECK_STR(reformat("13/2", BG_STYLE_GNUBG), "13/2");
	CHECK_STR(reformat("24/18* 13/8", BG_STYLE_GNUBG), "24/18* 13/8");
	CHECK_STR(reformat("13/7*/2", BG_STYLE_GNUBG), "13/7*/2");
	CHECK_STR(reformat("24/18*(2)", BG_STYLE_GNUBG), "24/18*(2)");
	CHECK_STR(reformat("13/7*/4* 13/10", BG_STYLE_GNUBG),
	    "13/7*/4* 13/10");
	CHECK_STR(reformat("24/18*/15 24/21", BG_STYLE_GNUBG),
	    "24/18*/15 24/21");
	CHECK_STR(reformat("24/18* 24/21 13/10", BG_STYLE_GNUBG),
	    "24/18* 24/21 13/10");
	CHECK_STR(reformat("8/4*(2)", BG_STYLE_GNUBG), "8/4*(2)");
	CHECK_STR(reformat("8/6(2) 6/4*(2)", BG_STYLE_GNUBG),
	    "8/6(2) 6/4*(2)");

	/* gnubg's .mat export */
	CHECK_STR(reformat("31: 6/5 8/5", BG_STYLE_GNUBG), "6/5 8/5");
	CHECK_STR(reformat("25/23 25/24", BG_STYLE_GNUBG), "bar/23 bar/24");
	CHECK_STR(reformat("6/0 5/0", BG_STYLE_GNUBG), "6/off 5/off");
	CHECK_STR(reformat("41: 13/9 24/23 ", BG_STYLE_GNUBG), "13/9 24/23");
	CHECK_STR(reformat("21: 6/4* 18/17* ", BG_STYLE_GNUBG),
	    "6/4* 18/17*");
	CHECK_STR(reformat("21: 25/23 25/24", BG_STYLE_MAT), "25/23 25/24");
	CHECK_STR(reformat("64: 4/0 6/0", BG_STYLE_MAT), "4/0 6/0");
	CHECK_STR(reformat("63: 3/0 3/0", BG_STYLE_MAT), "3/0 3/0");
	CHECK_STR(reformat("11: 17/16 16/15 15/14 14/13*", BG_STYLE_GNUBG),
	    "17/16 16/15 15/14 14/13*");

	/* what gnubg's parser accepts */
	CHECK_STR(reformat("24/18/13", BG_STYLE_GNUBG), "24/18/13");
	CHECK_STR(reformat("8 5 6 5", BG_STYLE_GNUBG), "8/5 6/5");
	CHECK_STR(reformat("8/5, 6/5", BG_STYLE_GNUBG), "8/5 6/5");
	CHECK_STR(reformat("6/5 8/5*", BG_STYLE_GNUBG), "6/5 8/5*");
	CHECK_STR(reformat("8/4", BG_STYLE_GNUBG), "8/4");
	CHECK_STR(reformat("b/20 6/o", BG_STYLE_GNUBG), "bar/20 6/off");

	/* the XG family */
	CHECK_STR(reformat("bar/17*", BG_STYLE_XG), "bar/17*");
	CHECK_STR(reformat("22/13", BG_STYLE_XG), "22/13");
	CHECK_STR(reformat("44: 11/3(2)", BG_STYLE_XG), "11/3(2)");
	CHECK_STR(reformat("8/7* 7/4", BG_STYLE_XG), "8/7* 7/4");
	CHECK_STR(reformat("bar/19* 19/18", BG_STYLE_XG), "bar/19* 19/18");
	CHECK_STR(reformat("22/17* 17/14*", BG_STYLE_XG), "22/17* 17/14*");
	CHECK_STR(reformat("8/4*(2)", BG_STYLE_XG), "8/4*(2)");
	CHECK_STR(reformat("6/1*(2)", BG_STYLE_XG), "6/1*(2)");
	CHECK_STR(reformat("13/11(4)", BG_STYLE_XG), "13/11(4)");
	CHECK_STR(reformat("6/off(2)", BG_STYLE_XG), "6/off(2)");
	CHECK_STR(reformat("54: 1/Off(4)", BG_STYLE_XG), "1/off(4)");
	CHECK_STR(reformat("43: 9/6 9/5", BG_STYLE_XG), "9/6 9/5");
	CHECK_STR(reformat("22: 24/22(2) 13/11(2)", BG_STYLE_XG),
	    "24/22(2) 13/11(2)");
	CHECK_STR(reformat("63: 22/13", BG_STYLE_XG), "22/13");
	CHECK_STR(reformat("65: Cannot Move", BG_STYLE_XG), "Cannot Move");
	CHECK_STR(reformat("61: ????", BG_STYLE_XG), "????");
	CHECK_STR(reformat("44: bar/17* 6/2*(2)", BG_STYLE_XG),
	    "bar/17* 6/2*(2)");
	CHECK_STR(reformat("24/18(2) 7/1*(2)", BG_STYLE_XG),
	    "24/18(2) 7/1*(2)");
	CHECK_STR(reformat("Bar/21 OFF", BG_STYLE_XG), "(error)");
	CHECK_STR(reformat("Bar/21 6/OFF", BG_STYLE_XG), "bar/21 6/off");
	CHECK_STR(reformat("Bar/21* 6/Off", BG_STYLE_XG), "bar/21* 6/off");
	CHECK_STR(reformat("9/5*/4*", BG_STYLE_XG), "9/5* 5/4*");
	CHECK_STR(reformat("9/5*/4*", BG_STYLE_GNUBG), "9/5*/4*");
	/* Backgammon Galaxy: numeric, no stars, bare roll for a dance */
	CHECK_STR(reformat("42: 25/23", BG_STYLE_GNUBG), "bar/23");
	CHECK_STR(reformat("23/18 18/13", BG_STYLE_GNUBG), "23/18 18/13");
	CHECK_STR(reformat("44:", BG_STYLE_GNUBG), "");

	/* what players type */
	CHECK_STR(reformat("bar/22", BG_STYLE_GNUBG), "bar/22");
	CHECK_STR(reformat("42: 8/4 6/4", BG_STYLE_GNUBG), "8/4 6/4");
	CHECK_STR(reformat("4-2: 8/4 6/4", BG_STYLE_GNUBG), "8/4 6/4");
	CHECK_STR(reformat("13/7*/5", BG_STYLE_GNUBG), "13/7*/5");
	CHECK_STR(reformat("6/4(3) 13/11", BG_STYLE_GNUBG), "6/4(3) 13/11");
	CHECK_STR(reformat("6/4 (2)", BG_STYLE_GNUBG), "6/4(2)");
	CHECK_STR(reformat("6/4*  (2)", BG_STYLE_GNUBG), "6/4*(2)");
	CHECK_STR(reformat("25/21", BG_STYLE_GNUBG), "bar/21");
	CHECK_STR(reformat("6/0", BG_STYLE_GNUBG), "6/off");
	CHECK_STR(reformat("13-11", BG_STYLE_GNUBG), "13/11");
	CHECK_STR(reformat("13-11 24-23", BG_STYLE_GNUBG), "13/11 24/23");
	CHECK_STR(reformat("13/8, 24/21", BG_STYLE_GNUBG), "13/8 24/21");
	CHECK_STR(reformat("b/22 6/o 5/h 4/home 3/HOME", BG_STYLE_GNUBG),
	    "(error)");
	CHECK_STR(reformat("b/22 6/o 5/h 4/home", BG_STYLE_GNUBG),
	    "bar/22 6/off 5/off 4/off");
	CHECK_STR(reformat("???", BG_STYLE_GNUBG), "???");
	CHECK_STR(reformat("Pass", BG_STYLE_GNUBG), "");
	CHECK_STR(reformat("fan", BG_STYLE_XG), "Cannot Move");
	CHECK_STR(reformat("0", BG_STYLE_GNUBG), "");

	/* Word spellings: any case, any prefix of bar, off, home. */
	CHECK_STR(reformat("BAR/20 Ba/19 b/18", BG_STYLE_GNUBG),
	    "bar/20 bar/19 bar/18");
	CHECK_STR(reformat("6/OFF 5/Of 4/o 3/HoMe 2/hom", BG_STYLE_GNUBG),
	    "(error)");
	CHECK_STR(reformat("6/OFF 5/Of 4/o 3/HoMe", BG_STYLE_GNUBG),
	    "6/off 5/off 4/off 3/off");

	/* Blanks, commas and dashes. */
	CHECK_STR(reformat("  8 / 5 ,6/5  ", BG_STYLE_GNUBG), "8/5 6/5");
	CHECK_STR(reformat("8/5,6/5", BG_STYLE_GNUBG), "8/5 6/5");
	CHECK_STR(reformat("24/18* /13", BG_STYLE_GNUBG), "24/18*/13");
	CHECK_STR(reformat("bar - 5 bar -5", BG_STYLE_GNUBG),
	    "bar/5 bar/5");
	CHECK_STR(reformat("13-11/9", BG_STYLE_GNUBG), "13/11/9");
	CHECK_STR(reformat("8/5*6/5", BG_STYLE_GNUBG), "8/5* 6/5");
	CHECK_STR(reformat("6/4(2)8/7", BG_STYLE_GNUBG), "6/4(2) 8/7");
	CHECK_STR(reformat("8 5* 6 5", BG_STYLE_GNUBG), "8/5* 6/5");
	CHECK_STR(reformat("8 5 (2)", BG_STYLE_GNUBG), "8/5(2)");
	CHECK_STR(reformat("bar 20 6 off", BG_STYLE_GNUBG), "bar/20 6/off");
	CHECK_STR(reformat("8, 5", BG_STYLE_GNUBG), "8/5");
	CHECK_STR(reformat("08/05", BG_STYLE_GNUBG), "8/5");
	CHECK_STR(reformat("\t8/5\r\n", BG_STYLE_GNUBG), "8/5");
	CHECK_STR(reformat("24/23/22/21/20", BG_STYLE_GNUBG),
	    "24/23/22/21/20");
}

static void
test_errors(void)
{
	/* BG_ESYNTAX */
	ERR("8/5 x", BG_ESYNTAX, 4);
	ERR("8/5#", BG_ESYNTAX, 3);
	ERR("8/5 6/5 !", BG_ESYNTAX, 8);
	ERR("bar20", BG_ESYNTAX, 3);
	ERR("20bar", BG_ESYNTAX, 2);
	ERR("6off", BG_ESYNTAX, 1);
	ERR("8* 5", BG_ESYNTAX, 1);
	ERR("8/5 *", BG_ESYNTAX, 4);
	ERR("8/5**", BG_ESYNTAX, 4);
	ERR("bar*/20", BG_ESYNTAX, 3);
	ERR("8/5 6", BG_ESYNTAX, 4);
	ERR("8/5 6 ", BG_ESYNTAX, 4);
	ERR("8", BG_ESYNTAX, 0);
	ERR("bar", BG_ESYNTAX, 0);
	ERR("8 (2)", BG_ESYNTAX, 2);
	ERR("(2)", BG_ESYNTAX, 0);
	ERR("8/5(2)(2)", BG_ESYNTAX, 6);
	ERR("8/5(2)*", BG_ESYNTAX, 6);
	ERR(",", BG_ESYNTAX, 0);
	ERR(" , ,", BG_ESYNTAX, 1);
	ERR("64: 8/5: 6/5", BG_ESYNTAX, 7);
	ERR("8/5 6/5 xyz", BG_ESYNTAX, 8);
	ERR("8/5 barr/20", BG_ESYNTAX, 4);
	ERR("8.5", BG_ESYNTAX, 1);
	ERR("8/5)", BG_ESYNTAX, 3);
	ERR("8/5?", BG_ESYNTAX, 3);

	/* BG_EPOINT */
	ERR("26/20", BG_EPOINT, 0);
	ERR("8/5 30/24", BG_EPOINT, 4);
	ERR("100/5", BG_EPOINT, 0);
	ERR("99999999999999999999/5", BG_EPOINT, 0);
	ERR("24/18/26", BG_EPOINT, 6);

	/* BG_ESLASH */
	ERR("/8/5", BG_ESLASH, 0);
	ERR("8/5/", BG_ESLASH, 3);
	ERR("8/5 /", BG_ESLASH, 4);
	ERR("8//5", BG_ESLASH, 2);
	ERR("8/ /5", BG_ESLASH, 3);
	ERR("8/-5", BG_ESLASH, 2);
	ERR("8/(2)", BG_ESLASH, 1);
	ERR("8/*", BG_ESYNTAX, 2);
	ERR("8/ ", BG_ESLASH, 1);
	ERR("8/5(2)/4", BG_ESLASH, 6);
	ERR("-8", BG_ESLASH, 0);
	ERR("6-", BG_ESLASH, 1);
	ERR("8/5 -", BG_ESLASH, 4);

	/* BG_ECOUNT */
	ERR("8/5(0)", BG_ECOUNT, 4);
	ERR("8/5(1)", BG_ECOUNT, 4);
	ERR("8/5(5)", BG_ECOUNT, 4);
	ERR("8/5(10)", BG_ECOUNT, 4);
	ERR("8/5(", BG_ECOUNT, 4);
	ERR("8/5()", BG_ECOUNT, 4);
	ERR("8/5(2", BG_ECOUNT, 5);
	ERR("8/5(x)", BG_ECOUNT, 4);
	ERR("8/5( 2)", BG_ECOUNT, 4);
	ERR("8/5(2 )", BG_ECOUNT, 5);
	ERR("8/5*(1)", BG_ECOUNT, 5);

	/* BG_EFROMOFF */
	ERR("0/5", BG_EFROMOFF, 0);
	ERR("off/20", BG_EFROMOFF, 0);
	ERR("8/5 o/3", BG_EFROMOFF, 4);
	ERR("6/0/3", BG_EFROMOFF, 2);
	ERR("6/off/3", BG_EFROMOFF, 2);
	ERR("6/off/", BG_EFROMOFF, 2);
	ERR("0 5", BG_EFROMOFF, 0);

	/* BG_ETOBAR */
	ERR("20/25", BG_ETOBAR, 3);
	ERR("20/bar", BG_ETOBAR, 3);
	ERR("24/bar/20", BG_ETOBAR, 3);
	ERR("bar/bar", BG_ETOBAR, 4);
	ERR("8 25", BG_ETOBAR, 2);

	/* BG_EBACKWARD */
	ERR("8/13", BG_EBACKWARD, 2);
	ERR("8/8", BG_EBACKWARD, 2);
	ERR("bar/20/22", BG_EBACKWARD, 7);
	ERR("13/8 6/10", BG_EBACKWARD, 7);
	ERR("5 8", BG_EBACKWARD, 2);

	/* BG_ETOOMANY: four checker moves, counting (n) and segments */
	CHECK_STR(reformat("13/7(2) 24/18(2)", BG_STYLE_GNUBG),
	    "13/7(2) 24/18(2)");
	CHECK_STR(reformat("24/16/8(2)", BG_STYLE_GNUBG), "24/16/8(2)");
	ERR("13/7(2) 24/18(2) 8/5", BG_ETOOMANY, 19);
	ERR("24/23/22/21/20/19", BG_ETOOMANY, 15);
	ERR("24/18/13/8(2)", BG_ETOOMANY, 11);
	ERR("13/7(3) 24/18(2)", BG_ETOOMANY, 14);
	ERR("8/7 7/6 6/5 5/4 4/3", BG_ETOOMANY, 18);
	ERR("24/23/22/21/20/19/18/17/16/15", BG_ETOOMANY, 15);

	/* BG_EDICESYNTAX */
	ERR("04: 8/4", BG_EDICESYNTAX, 0);
	ERR("70: 8/4", BG_EDICESYNTAX, 0);
	ERR("47: 8/4", BG_EDICESYNTAX, 1);
	ERR("644: 8/4", BG_EDICESYNTAX, 2);
	ERR("6: 8/4", BG_EDICESYNTAX, 1);
	ERR(": 8/4", BG_EDICESYNTAX, 0);
	ERR("ab: 8/4", BG_EDICESYNTAX, 0);
	ERR("6--4: 8/4", BG_EDICESYNTAX, 2);
	ERR("6/4: 8/4", BG_EDICESYNTAX, 1);
	ERR("8/5: 6/5", BG_EDICESYNTAX, 0);
	ERR("3/5: 6/5", BG_EDICESYNTAX, 1);
	ERR(" 6 4 x: 8/4", BG_EDICESYNTAX, 5);

	/* The first offending character wins. */
	ERR("8/13 26/20", BG_EBACKWARD, 2);
	ERR("26/30/40", BG_EPOINT, 0);
	ERR("0/25", BG_EFROMOFF, 0);
}

/* Outputs checked against gnubg, and the other styles of those plays. */
static void
test_from_play(void)
{
	/* 66 at start */
	CHECK_STR(pf("24/18 24/18 13/7 13/7", BG_STYLE_GNUBG),
	    "24/18(2) 13/7(2)");
	CHECK_STR(pf("13/7 24/18 13/7 24/18", BG_STYLE_GNUBG),
	    "24/18(2) 13/7(2)");
	CHECK_STR(pf("24/18 13/7 13/7 13/7", BG_STYLE_GNUBG),
	    "24/18 13/7(3)");
	CHECK_STR(pf("13/7 13/7 13/7 13/7", BG_STYLE_GNUBG), "13/7(4)");
	CHECK_STR(pf("24/18 24/18 13/7 13/7", BG_STYLE_XG),
	    "24/18(2) 13/7(2)");
	CHECK_STR(pf("24/18 24/18 13/7 13/7", BG_STYLE_MAT),
	    "24/18 24/18 13/7 13/7");
	/* 44 at start */
	CHECK_STR(pf("24/20 24/20 13/9 13/9", BG_STYLE_GNUBG),
	    "24/20(2) 13/9(2)");
	CHECK_STR(pf("13/9 9/5 13/9 9/5", BG_STYLE_GNUBG), "13/5(2)");
	CHECK_STR(pf("13/9 13/9 9/5 9/5", BG_STYLE_GNUBG), "13/5(2)");
	CHECK_STR(pf("24/20 20/16 24/20 20/16", BG_STYLE_GNUBG),
	    "24/16(2)");
	CHECK_STR(pf("13/9 9/5 13/9 9/5", BG_STYLE_XG), "13/5(2)");
	CHECK_STR(pf("13/9 9/5 13/9 9/5", BG_STYLE_MAT),
	    "13/9 9/5 13/9 9/5");
	/* 65 at start */
	CHECK_STR(pf("24/18 18/13", BG_STYLE_GNUBG), "24/13");
	CHECK_STR(pf("18/13 24/18", BG_STYLE_GNUBG), "24/13");
	CHECK_STR(pf("24/18 13/8", BG_STYLE_GNUBG), "24/18 13/8");
	CHECK_STR(pf("13/8 24/18", BG_STYLE_GNUBG), "24/18 13/8");
	CHECK_STR(pf("13/8 13/7", BG_STYLE_GNUBG), "13/8 13/7");
	CHECK_STR(pf("13/7 13/8", BG_STYLE_GNUBG), "13/8 13/7");
	CHECK_STR(pf("13/7 7/2", BG_STYLE_GNUBG), "13/2");
	CHECK_STR(pf("13/8 8/2", BG_STYLE_GNUBG), "13/2");
	CHECK_STR(pf("24/18 18/13", BG_STYLE_XG), "24/13");
	CHECK_STR(pf("24/18 18/13", BG_STYLE_MAT), "24/18 18/13");
	CHECK_STR(pf("13/7 13/8", BG_STYLE_MAT), "13/7 13/8");
	/* 65, opponent blots on our 18 and 7 */
	CHECK_STR(pf("24/18* 18/13", BG_STYLE_GNUBG), "24/18*/13");
	CHECK_STR(pf("24/18* 13/8", BG_STYLE_GNUBG), "24/18* 13/8");
	CHECK_STR(pf("13/7* 7/2", BG_STYLE_GNUBG), "13/7*/2");
	CHECK_STR(pf("24/18* 18/13", BG_STYLE_XG), "24/18* 18/13");
	CHECK_STR(pf("13/7* 7/2", BG_STYLE_XG), "13/7* 7/2");
	CHECK_STR(pf("24/18* 18/13", BG_STYLE_MAT), "24/18* 18/13");
	/* 33, same position */
	CHECK_STR(pf("13/10 10/7* 13/10 10/7", BG_STYLE_GNUBG), "13/7*(2)");
	CHECK_STR(pf("13/10 13/10 10/7* 10/7", BG_STYLE_GNUBG), "13/7*(2)");
	CHECK_STR(pf("13/10 13/10 10/7 10/7*", BG_STYLE_GNUBG), "13/7*(2)");
	CHECK_STR(pf("24/21 21/18* 24/21 21/18", BG_STYLE_GNUBG),
	    "24/18*(2)");
	CHECK_STR(pf("13/10 10/7* 7/4* 13/10", BG_STYLE_GNUBG),
	    "13/7*/4* 13/10");
	CHECK_STR(pf("13/10 13/10 10/7* 7/4*", BG_STYLE_GNUBG),
	    "13/7*/4* 13/10");
	CHECK_STR(pf("24/21 21/18* 18/15 24/21", BG_STYLE_GNUBG),
	    "24/18*/15 24/21");
	CHECK_STR(pf("24/21 24/21 21/18* 18/15", BG_STYLE_GNUBG),
	    "24/18*/15 24/21");
	CHECK_STR(pf("24/21 21/18* 24/21 13/10", BG_STYLE_GNUBG),
	    "24/18* 24/21 13/10");
	CHECK_STR(pf("13/10 24/21 24/21 21/18*", BG_STYLE_GNUBG),
	    "24/18* 24/21 13/10");
	CHECK_STR(pf("13/10 10/7* 13/10 10/7", BG_STYLE_XG), "13/7*(2)");
	CHECK_STR(pf("24/21 21/18* 24/21 21/18", BG_STYLE_XG), "24/18*(2)");
	CHECK_STR(pf("13/10 10/7* 7/4* 13/10", BG_STYLE_XG),
	    "13/7* 7/4* 13/10");
	CHECK_STR(pf("24/21 21/18* 18/15 24/21", BG_STYLE_XG),
	    "24/18* 18/15 24/21");
	CHECK_STR(pf("24/21 21/18* 24/21 13/10", BG_STYLE_XG),
	    "24/18* 24/21 13/10");
	CHECK_STR(pf("13/10 10/7* 13/10 10/7", BG_STYLE_MAT),
	    "13/10 10/7* 13/10 10/7");
	CHECK_STR(pf("13/10 13/10 10/7* 10/7", BG_STYLE_MAT),
	    "13/10 13/10 10/7* 10/7");
	CHECK_STR(pf("13/10 13/10 10/7 10/7*", BG_STYLE_MAT),
	    "13/10 13/10 10/7* 10/7");
	CHECK_STR(pf("13/10 10/7* 7/4* 13/10", BG_STYLE_MAT),
	    "13/10 10/7* 7/4* 13/10");
	/* 22: 8/6(2) 6/4*(2) merges regardless of which checker moved */
	CHECK_STR(pf("8/6 8/6 6/4* 6/4", BG_STYLE_GNUBG), "8/4*(2)");
	CHECK_STR(pf("6/4* 6/4 8/6 8/6", BG_STYLE_GNUBG), "8/4*(2)");
	CHECK_STR(pf("8/6 8/6 6/4* 6/4", BG_STYLE_XG), "8/4*(2)");
	CHECK_STR(pf("8/6 8/6 6/4* 6/4", BG_STYLE_MAT),
	    "8/6 8/6 6/4* 6/4");
	/* a blot hit on a point a second checker then moves on from */
	CHECK_STR(pf("8/7* 8/7 7/6 6/5", BG_STYLE_GNUBG), "8/7*/5 8/7");
	CHECK_STR(pf("8/7 8/7* 7/6 6/5", BG_STYLE_GNUBG), "8/7*/5 8/7");
	CHECK_STR(pf("8/7* 8/7 7/6 6/5", BG_STYLE_XG), "8/7*(2) 7/5");

	/* more of gnubg's own strings, from corpus/gnubg/legal */
	CHECK_STR(pf("11/7* 11/7 11/7 7/3", BG_STYLE_GNUBG),
	    "11/7*/3 11/7(2)");
	CHECK_STR(pf("11/7* 11/7 7/3 7/3", BG_STYLE_GNUBG), "11/7*/3(2)");
	CHECK_STR(pf("12/11* 12/11 11/10 4/3", BG_STYLE_GNUBG),
	    "12/11*/10 12/11 4/3");
	CHECK_STR(pf("12/11* 12/11 10/9 4/3", BG_STYLE_GNUBG),
	    "12/11*(2) 10/9 4/3");
	CHECK_STR(pf("10/9 5/4* 4/3 2/1", BG_STYLE_GNUBG), "10/9 5/4*/3 2/1");
	CHECK_STR(pf("24/21 21/18* 6/3* 6/3", BG_STYLE_GNUBG),
	    "24/18* 6/3*(2)");
	CHECK_STR(pf("11/7 7/3* 9/5* 9/5", BG_STYLE_GNUBG), "11/3* 9/5*(2)");
	CHECK_STR(pf("19/15* 15/11", BG_STYLE_GNUBG), "19/15*/11");

	/* What the XG family writes */
	CHECK_STR(pf("8/7* 7/4", BG_STYLE_XG), "8/7* 7/4");
	CHECK_STR(pf("8/7* 7/4", BG_STYLE_GNUBG), "8/7*/4");
	CHECK_STR(pf("bar/19* 19/18", BG_STYLE_XG), "bar/19* 19/18");
	CHECK_STR(pf("bar/19* 19/18", BG_STYLE_MAT), "25/19* 19/18");
	CHECK_STR(pf("22/17* 17/14*", BG_STYLE_XG), "22/17* 17/14*");
	CHECK_STR(pf("22/17* 17/14*", BG_STYLE_GNUBG), "22/17*/14*");
	CHECK_STR(pf("22/16 16/13", BG_STYLE_XG), "22/13");
	CHECK_STR(pf("11/7 7/3 11/7 7/3", BG_STYLE_XG), "11/3(2)");
	CHECK_STR(pf("13/11 13/11 13/11 13/11", BG_STYLE_XG), "13/11(4)");
	CHECK_STR(pf("6/off 6/off", BG_STYLE_XG), "6/off(2)");
	CHECK_STR(pf("6/off 6/off", BG_STYLE_MAT), "6/0 6/0");
	CHECK_STR(pf("1/0 1/0 1/0 1/0", BG_STYLE_XG), "1/off(4)");
	CHECK_STR(pf("9/6 9/5", BG_STYLE_XG), "9/6 9/5");
	CHECK_STR(pf("9/5 9/6", BG_STYLE_XG), "9/6 9/5");
	CHECK_STR(pf("bar/21 21/17*", BG_STYLE_XG), "bar/17*");
	CHECK_STR(pf("bar/21 21/17*", BG_STYLE_MAT), "25/21 21/17*");
	CHECK_STR(pf("bar/21 21/17* 6/2* 6/2", BG_STYLE_XG),
	    "bar/17* 6/2*(2)");
	CHECK_STR(pf("8/6 8/6 6/4* 6/4", BG_STYLE_XG), "8/4*(2)");
	CHECK_STR(pf("6/1* 6/1", BG_STYLE_XG), "6/1*(2)");
	/* XG splits, then counts: 8/6*, then two 6/4 */
	CHECK_STR(pf("8/6* 6/4 6/4 13/11", BG_STYLE_XG),
	    "13/11 8/6* 6/4(2)");
	CHECK_STR(pf("8/6* 6/4 6/4 13/11", BG_STYLE_GNUBG),
	    "13/11 8/6*/4 6/4");

	/* gnubg's .mat export keeps the play's own order */
	CHECK_STR(pf("6/5 8/5", BG_STYLE_MAT), "6/5 8/5");
	CHECK_STR(pf("6/5 8/5", BG_STYLE_GNUBG), "8/5 6/5");
	CHECK_STR(pf("25/23 25/24", BG_STYLE_MAT), "25/23 25/24");
	CHECK_STR(pf("25/23 25/24", BG_STYLE_GNUBG), "bar/24 bar/23");
	CHECK_STR(pf("25/23 25/24", BG_STYLE_XG), "bar/24 bar/23");
	CHECK_STR(pf("6/0 5/0", BG_STYLE_MAT), "6/0 5/0");
	CHECK_STR(pf("6/0 5/0", BG_STYLE_GNUBG), "6/off 5/off");
	CHECK_STR(pf("13/7* 13/7", BG_STYLE_MAT), "13/7* 13/7");
	CHECK_STR(pf("13/9 24/23", BG_STYLE_MAT), "13/9 24/23");
	CHECK_STR(pf("17/16 16/15 15/14 14/13*", BG_STYLE_MAT),
	    "17/16 16/15 15/14 14/13*");
	CHECK_STR(pf("17/16 16/15 15/14 14/13*", BG_STYLE_GNUBG),
	    "17/13*");
	CHECK_STR(pf("6/4* 18/17*", BG_STYLE_GNUBG), "18/17* 6/4*");

	/* bear-off overage and the bar */
	CHECK_STR(pf("5/off 3/off", BG_STYLE_GNUBG), "5/off 3/off");
	CHECK_STR(pf("bar/22 22/16", BG_STYLE_GNUBG), "bar/16");
	CHECK_STR(pf("bar/22* 22/16", BG_STYLE_GNUBG), "bar/22*/16");
	CHECK_STR(pf("6/2 2/off", BG_STYLE_GNUBG), "6/off");
	CHECK_STR(pf("6/2 2/off", BG_STYLE_MAT), "6/2 2/0");
}

static void
test_notation_struct(void)
{
	bg_notation n;
	bg_play p;

	/* What from_play leaves: parts, points, stars, counts. */
	p = play("13/10 10/7* 13/10 10/7");
	bg_notation_from_play(&n, &p, BG_STYLE_GNUBG);
	CHECK_INT(n.kind, BG_NOTE_PLAY);
	CHECK_INT(n.npath, 1);
	CHECK_INT(n.path[0].npt, 2);
	CHECK_INT(n.path[0].pt[0], 13);
	CHECK_INT(n.path[0].pt[1], 7);
	CHECK_INT(n.path[0].hit[1], 1);
	CHECK_INT(n.path[0].count, 2);
	CHECK_INT(n.dice[0], 0);

	p = play("24/21 21/18* 18/15 24/21");
	bg_notation_from_play(&n, &p, BG_STYLE_GNUBG);
	CHECK_INT(n.npath, 2);
	CHECK_INT(n.path[0].npt, 3);
	CHECK_INT(n.path[0].pt[1], 18);
	CHECK_INT(n.path[0].hit[1], 1);
	CHECK_INT(n.path[0].hit[2], 0);
	CHECK_INT(n.path[1].pt[0], 24);
	CHECK_INT(n.path[1].pt[1], 21);

	bg_notation_from_play(&n, &p, BG_STYLE_MAT);
	CHECK_INT(n.npath, 4);
	CHECK_INT(n.path[3].pt[0], 24);
	CHECK_INT(n.path[3].pt[1], 21);
	CHECK_INT(n.path[1].hit[1], 1);

	bg_notation_from_play(&n, &p, BG_STYLE_XG);
	CHECK_INT(n.npath, 3);
	CHECK_INT(n.path[0].npt, 2);

	/* No steps: no play. */
	memset(&p, 0, sizeof p);
	bg_notation_from_play(&n, &p, BG_STYLE_GNUBG);
	CHECK_INT(n.kind, BG_NOTE_NONE);
	CHECK_INT(n.npath, 0);
	bg_notation_from_play(&n, NULL, BG_STYLE_GNUBG);
	CHECK_INT(n.kind, BG_NOTE_NONE);
	bg_notation_from_play(NULL, &p, BG_STYLE_GNUBG);	/* no crash */
}

static void
test_format(void)
{
	bg_notation n;
	bg_play p;
	char buf[64];
	size_t pos;
	int i;

	/* NONE and UNKNOWN in each style */
	n.kind = BG_NOTE_NONE;
	n.npath = 0;
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_GNUBG), 0);
	CHECK_STR(buf, "");
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_MAT), 0);
	CHECK_STR(buf, "");
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_XG), 11);
	CHECK_STR(buf, "Cannot Move");
	n.kind = BG_NOTE_UNKNOWN;
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_GNUBG), 3);
	CHECK_STR(buf, "???");
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_MAT), 3);
	CHECK_STR(buf, "???");
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_XG), 4);
	CHECK_STR(buf, "????");
	memset(&p, 0, sizeof p);
	CHECK_INT(bg_play_format(buf, sizeof buf, &p, BG_STYLE_XG), 11);
	CHECK_STR(buf, "Cannot Move");
	CHECK_INT(bg_play_format(buf, sizeof buf, &p, BG_STYLE_MAT), 0);
	CHECK_STR(buf, "");

	/* Each style on parsed text with chains, counts, bar and off. */
	CHECK_STR(reformat("24/18*/13 13/7*(2)", BG_STYLE_GNUBG),
	    "24/18*/13 13/7*(2)");
	CHECK_STR(reformat("24/18*/13 13/7*(2)", BG_STYLE_XG),
	    "24/18* 18/13 13/7*(2)");
	CHECK_STR(reformat("24/18*/13 13/7*(2)", BG_STYLE_MAT),
	    "24/18* 18/13 13/7* 13/7");
	CHECK_STR(reformat("bar/20 6/off", BG_STYLE_MAT), "25/20 6/0");
	CHECK_STR(reformat("25/20 6/0", BG_STYLE_XG), "bar/20 6/off");
	CHECK_STR(reformat("24/16/8(2)", BG_STYLE_MAT),
	    "24/16 16/8 24/16 16/8");
	CHECK_STR(reformat("24/18/13", BG_STYLE_XG), "24/18/13");
	CHECK_STR(reformat("24/18/13*/8", BG_STYLE_XG), "24/18/13* 13/8");
	CHECK_STR(reformat("13/7* 13/7*", BG_STYLE_GNUBG), "13/7* 13/7*");
	CHECK_STR(reformat("13/7* 13/7*", BG_STYLE_MAT), "13/7* 13/7");
	CHECK_STR(reformat("13/7*/4*(2)", BG_STYLE_XG), "13/7*(2) 7/4*(2)");

	/* Buffer convention: the length needed, truncated, NUL-ended. */
	p = play("24/18 24/18 13/7 13/7");
	CHECK_INT(bg_play_format(buf, sizeof buf, &p, BG_STYLE_GNUBG), 16);
	CHECK_INT(bg_play_format(buf, 5, &p, BG_STYLE_GNUBG), 16);
	CHECK_STR(buf, "24/1");
	CHECK_INT(bg_play_format(buf, 1, &p, BG_STYLE_GNUBG), 16);
	CHECK_STR(buf, "");
	CHECK_INT(bg_play_format(NULL, 0, &p, BG_STYLE_GNUBG), 16);
	CHECK_INT(bg_play_format(buf, 17, &p, BG_STYLE_GNUBG), 16);
	CHECK_STR(buf, "24/18(2) 13/7(2)");
	CHECK_INT(bg_play_format(buf, 16, &p, BG_STYLE_GNUBG), 16);
	CHECK_STR(buf, "24/18(2) 13/7(2");
	CHECK_INT(bg_play_format(buf, 8, &p, BG_STYLE_MAT), 21);
	CHECK_STR(buf, "24/18 2");

	/* Invalid arguments */
	CHECK_INT(bg_play_format(buf, sizeof buf, NULL, BG_STYLE_GNUBG),
	    -BG_EINVAL);
	p.n = 5;
	CHECK_INT(bg_play_format(buf, sizeof buf, &p, BG_STYLE_GNUBG),
	    -BG_EINVAL);
	p.n = -1;
	CHECK_INT(bg_play_format(buf, sizeof buf, &p, BG_STYLE_GNUBG),
	    -BG_EINVAL);
	p = play("8/5");
	p.step[0].to = 26;
	CHECK_INT(bg_play_format(buf, sizeof buf, &p, BG_STYLE_GNUBG),
	    -BG_EINVAL);
	CHECK_STR(buf, "");
	p = play("8/5");
	CHECK_INT(bg_play_format(buf, sizeof buf, &p, (bg_style)7),
	    -BG_EINVAL);
	CHECK_INT(bg_play_format(NULL, 4, &p, BG_STYLE_GNUBG), -BG_EINVAL);
	CHECK_INT(bg_notation_format(buf, sizeof buf, NULL, BG_STYLE_GNUBG),
	    -BG_EINVAL);
	CHECK_INT(parse(&n, "8/5", &pos), 0);
	n.path[0].count = 0;
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_GNUBG),
	    -BG_EINVAL);
	n.path[0].count = 1;
	n.path[0].npt = 1;
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_GNUBG),
	    -BG_EINVAL);
	n.path[0].npt = 2;
	n.npath = BG_NOTE_MAXPATH + 1;
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_GNUBG),
	    -BG_EINVAL);
	n.npath = 1;
	n.kind = (bg_note_kind)9;
	CHECK_INT(bg_notation_format(buf, sizeof buf, &n, BG_STYLE_GNUBG),
	    -BG_EINVAL);

	/* The longest play fits the lengths callers assume. */
	p = play("bar/24* 24/23* 23/22* 22/21*");
	i = bg_play_format(buf, sizeof buf, &p, BG_STYLE_MAT);
	CHECK_INT(i, 27);
	CHECK_STR(buf, "25/24* 24/23* 23/22* 22/21*");
	CHECK_STR(pf("bar/24* 24/23* 23/22* 22/21*", BG_STYLE_GNUBG),
	    "bar/24*/23*/22*/21*");
	CHECK_STR(pf("bar/24* 24/23* 23/22* 22/21*", BG_STYLE_XG),
	    "bar/24* 24/23* 23/22* 22/21*");
}

static void
test_style_parse(void)
{
	bg_style st = BG_STYLE_MAT;

	CHECK_INT(bg_style_parse(&st, "gnubg"), 0);
	CHECK_INT(st, BG_STYLE_GNUBG);
	CHECK_INT(bg_style_parse(&st, "mat"), 0);
	CHECK_INT(st, BG_STYLE_MAT);
	CHECK_INT(bg_style_parse(&st, "xg"), 0);
	CHECK_INT(st, BG_STYLE_XG);
	CHECK_INT(bg_style_parse(&st, "XG"), 0);
	CHECK_INT(st, BG_STYLE_XG);
	CHECK_INT(bg_style_parse(&st, "GnuBG"), 0);
	CHECK_INT(st, BG_STYLE_GNUBG);
	CHECK_INT(bg_style_parse(&st, "x"), -BG_EINVAL);
	CHECK_INT(bg_style_parse(&st, "xgg"), -BG_EINVAL);
	CHECK_INT(bg_style_parse(&st, ""), -BG_EINVAL);
	CHECK_INT(bg_style_parse(&st, "fibs"), -BG_EINVAL);
	CHECK_INT(st, BG_STYLE_GNUBG);
	CHECK_INT(bg_style_parse(&st, NULL), -BG_EINVAL);
	CHECK_INT(bg_style_parse(NULL, "xg"), -BG_EINVAL);
}

/*
 * Round trips: text -> parse -> the written segments as a play -> each
 * style; and every output parses back to itself.
 */
static void
test_round_trips(void)
{
	static const struct {
		const char *in, *gnubg, *mat, *xg;
	} rt[] = {
		{ "8/5 6/5", "8/5 6/5", "8/5 6/5", "8/5 6/5" },
		{ "6/5 8/5", "8/5 6/5", "6/5 8/5", "8/5 6/5" },
		{ "31: 8 5 6 5", "8/5 6/5", "8/5 6/5", "8/5 6/5" },
		{ "24/18*/13", "24/18*/13", "24/18* 18/13", "24/18* 18/13" },
		{ "24/18* 18/13", "24/18*/13", "24/18* 18/13",
		    "24/18* 18/13" },
		{ "24/18 18/13", "24/13", "24/18 18/13", "24/13" },
		{ "24/18/13", "24/13", "24/18 18/13", "24/13" },
		{ "24/13", "24/13", "24/13", "24/13" },
		{ "13/7*(2)", "13/7*(2)", "13/7* 13/7", "13/7*(2)" },
		{ "13/7* 13/7", "13/7*(2)", "13/7* 13/7", "13/7*(2)" },
		{ "13/7*/4* 13/10", "13/7*/4* 13/10", "13/7* 7/4* 13/10",
		    "13/7* 7/4* 13/10" },
		{ "24/18(2) 13/7(2)", "24/18(2) 13/7(2)",
		    "24/18 24/18 13/7 13/7", "24/18(2) 13/7(2)" },
		{ "13/7 13/7 24/18 24/18", "24/18(2) 13/7(2)",
		    "13/7 13/7 24/18 24/18", "24/18(2) 13/7(2)" },
		{ "25/21 25/24", "bar/24 bar/21", "25/21 25/24",
		    "bar/24 bar/21" },
		{ "bar/17* 6/2*(2)", "bar/17* 6/2*(2)", "25/17* 6/2* 6/2",
		    "bar/17* 6/2*(2)" },
		{ "44: 11/3(2)", "11/3(2)", "11/3 11/3", "11/3(2)" },
		{ "6/0 5/0", "6/off 5/off", "6/0 5/0", "6/off 5/off" },
		{ "1/Off(4)", "1/off(4)", "1/0 1/0 1/0 1/0", "1/off(4)" },
		{ "13-11 24-23", "24/23 13/11", "13/11 24/23",
		    "24/23 13/11" },
		{ "13/8, 24/21", "24/21 13/8", "13/8 24/21", "24/21 13/8" },
		{ "8/6(2) 6/4*(2)", "8/4*(2)", "8/6 8/6 6/4* 6/4",
		    "8/4*(2)" },
		{ "65: Cannot Move", "", "", "Cannot Move" },
		{ "(no move)", "", "", "Cannot Move" },
		{ "", "", "", "Cannot Move" },
		{ "61: ????", "???", "???", "????" },
		{ "???", "???", "???", "????" },
	};
	static const bg_style styles[] = {
		BG_STYLE_GNUBG, BG_STYLE_MAT, BG_STYLE_XG
	};
	char out[256], again[256];
	size_t i, j;

	for (i = 0; i < sizeof rt / sizeof rt[0]; i++) {
		CHECK_STR(norm(rt[i].in, BG_STYLE_GNUBG), rt[i].gnubg);
		CHECK_STR(norm(rt[i].in, BG_STYLE_MAT), rt[i].mat);
		CHECK_STR(norm(rt[i].in, BG_STYLE_XG), rt[i].xg);
		/* Normalising twice changes nothing, in every style. */
		for (j = 0; j < 3; j++) {
			snprintf(out, sizeof out, "%s",
			    norm(rt[i].in, styles[j]));
			snprintf(again, sizeof again, "%s",
			    norm(out, styles[j]));
			CHECK_STR(again, out);
		}
	}

	/* Every style's output of a play reads back as the same play. */
	for (i = 0; i < sizeof rt / sizeof rt[0]; i++)
		for (j = 0; j < 3; j++) {
			snprintf(out, sizeof out, "%s",
			    norm(rt[i].in, styles[j]));
			CHECK_STR(norm(out, BG_STYLE_GNUBG), rt[i].gnubg);
		}
}

/* "12-18 1-5" as parts of the mover's numbers, dir in and out. */
static const char *
fibs(const char *s, bg_direction *dir, size_t *pos)
{
	static char out[64];
	bg_notation n;
	int rc, i, k = 0;

	if ((rc = bg_notation_parse_fibs(&n, s, strlen(s), dir, pos)) < 0) {
		snprintf(out, sizeof out, "%s at %zu", bg_code_name(rc), *pos);
		return out;
	}
	if (n.kind != BG_NOTE_PLAY)
		return n.kind == BG_NOTE_NONE ? "none" : "unknown";
	for (i = 0; i < n.npath; i++)
		k += snprintf(out + k, sizeof out - (size_t)k, "%s%d/%d",
		    i ? " " : "", n.path[i].pt[0], n.path[i].pt[1]);
	return out;
}

/* FIBS's absolute numbering (bgkit-notation(7)). */
static void
test_fibs(void)
{
	static const struct {
		const char	*name;
		bg_direction	 dir;
	} names[] = {
		{ "down", BG_DIR_DOWN }, { "up", BG_DIR_UP },
		{ "auto", BG_DIR_AUTO }
	};
	size_t pos, i;
	bg_direction dir;

	dir = 0;
	CHECK_STR(fibs("move 12-18 1-5", &dir, &pos), "13/7 24/20");
	CHECK_INT(dir, BG_DIR_UP);
	/* BG_DIR_AUTO reads the direction from the text as 0 does. */
	dir = BG_DIR_AUTO;
	CHECK_STR(fibs("25-22 4-0", &dir, &pos), "25/22 4/0");
	CHECK_INT(dir, BG_DIR_DOWN);
	/* bgmove --absolute's names, each read into its value. */
	for (i = 0; i < sizeof names / sizeof names[0]; i++) {
		dir = BG_DIR_NONE;
		CHECK_INT(bg_direction_parse(&dir, names[i].name), 0);
		CHECK_INT(dir, names[i].dir);
	}
	CHECK_INT(bg_direction_parse(&dir, "Up"), -BG_EINVAL);
	CHECK_INT(bg_direction_parse(&dir, "upward"), -BG_EINVAL);
	CHECK_INT(dir, BG_DIR_AUTO);
	dir = 0;
	CHECK_STR(fibs("12-18 1-5 .", &dir, &pos), "13/7 24/20");
	dir = 0;
	CHECK_STR(fibs("bar-5 bar 5 bar - 5 bar -5", &dir, &pos),
	    "25/20 25/20 25/20 25/20");
	dir = BG_DIR_DOWN;
	CHECK_STR(fibs("8-5 6 5", &dir, &pos), "8/5 6/5");
	dir = 0;
	CHECK_STR(fibs("B-22 19-O", &dir, &pos), "move_backward at 8");
	dir = 0;
	CHECK_STR(fibs("20-off 24 o", &dir, &pos), "5/0 1/0");
	dir = 0;
	CHECK_STR(fibs("0-3 21-25", &dir, &pos), "25/22 4/0");
	CHECK_INT(dir, BG_DIR_UP);
	dir = 0;
	CHECK_STR(fibs("25-22 4-0", &dir, &pos), "25/22 4/0");
	CHECK_INT(dir, BG_DIR_DOWN);
	/* A given direction wins over the text's. */
	dir = BG_DIR_DOWN;
	CHECK_STR(fibs("1-5", &dir, &pos), "move_backward at 2");
	dir = 0;
	CHECK_STR(fibs("can't move", &dir, &pos), "none");
	CHECK_INT(dir, 0);
	dir = 0;
	CHECK_STR(fibs("", &dir, &pos), "none");
	dir = 0;
	CHECK_STR(fibs("8-b", &dir, &pos), "move_to_bar at 2");
	dir = 0;
	CHECK_STR(fibs("o-5", &dir, &pos), "move_from_off at 0");
	dir = 0;
	CHECK_STR(fibs("3-3", &dir, &pos), "move_backward at 2");
	dir = 0;
	CHECK_STR(fibs("12-18 12", &dir, &pos), "bad_slash at 7");
	dir = 0;
	CHECK_STR(fibs("26-30", &dir, &pos), "bad_point at 0");
	dir = 0;
	CHECK_STR(fibs("1-2 2-3 3-4 4-5 5-6", &dir, &pos), "too_many_moves at 18");
	dir = 0;
	CHECK_STR(fibs("1-2x", &dir, &pos), "syntax at 3");
	dir = (bg_direction)3;
	CHECK_INT(bg_notation_parse_fibs(NULL, "1-2", 3, &dir, &pos),
	    -BG_EINVAL);
}

int
main(void)
{
	test_structure();
	test_words();
	test_dialects();
	test_errors();
	test_from_play();
	test_notation_struct();
	test_format();
	test_style_parse();
	test_round_trips();
	test_fibs();
	T_DONE("test_notation");
}
