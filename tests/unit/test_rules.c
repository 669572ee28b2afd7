/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_rules.c: unit tests of the rules engine (lib/rules.c,
 * lib/resolve_search.c, lib/resolve_fast.c) through the public API:
 * applying plays, generating them, checking them step by step, and the
 * board helpers.  Counts of
 * legal plays were checked against GNU Backgammon 1.07's hint list.
 */
#include <string.h>

#include "bgkit.h"
#include "t.h"

static int
count(const char *pos, const int d[2], bg_variant v)
{
	bg_board b;
	bg_matchstate ms;
	bg_movelist *ml = bg_movelist_new();
	int n;

	if (bg_position_parse(&b, &ms, &v, pos, strlen(pos)) < 0)
		return -1000;
	n = bg_rules_legal(ml, &b, ms.on_roll, d, v);
	bg_movelist_free(ml);
	return n;
}

static bg_play
steps(int n, int f1, int t1, int f2, int t2)
{
	bg_play p;

	memset(&p, 0, sizeof p);
	p.n = n;
	p.step[0].from = (signed char)f1;
	p.step[0].to = (signed char)t1;
	p.step[1].from = (signed char)f2;
	p.step[1].to = (signed char)t2;
	return p;
}

int
main(void)
{
	static const int d31[2] = { 3, 1 }, d13[2] = { 1, 3 };
	static const int d65[2] = { 6, 5 }, d44[2] = { 4, 4 };
	static const int d11[2] = { 1, 1 }, d64[2] = { 6, 4 };
	bg_board b, a;
	bg_play p;
	bg_verdict vd;
	int d[2];

	/* Opening rolls (gnubg: 16, 7 and 52 distinct plays). */
	CHECK_INT(count("start", d31, BG_VARIANT_STANDARD), 16);
	CHECK_INT(count("start", d13, BG_VARIANT_STANDARD), 16);
	CHECK_INT(count("start", d65, BG_VARIANT_STANDARD), 7);
	CHECK_INT(count("start", d44, BG_VARIANT_STANDARD), 52);
	/* Fifteen checkers on fifteen points, 1-1: gnubg lists 1654. */
	CHECK_INT(count("XGID=-----AAAAAAAAAAAAAAAbb----:0:0:1:11:0:0:0:0:10",
	    d11, BG_VARIANT_STANDARD), 1654);
	/* A closed board with a checker on the bar: no play. */
	CHECK_INT(count("XGID=------E-C---cE-----bbbbbbB:0:0:1:66:0:0:0:0:10",
	    d64, BG_VARIANT_STANDARD), 0);

	/* Applying a play hits a blot and fills the hit flags. */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	b.pt[0][19] = 0;	/* side 0's 6 point = side 1's point 6 */
	b.pt[0][18] = 1;	/* a blot on side 1's point 7 */
	b.pt[0][6] = 4;
	a = b;
	p = steps(1, 13, 7, 0, 0);
	CHECK_INT(bg_play_apply(&a, 1, &p), 0);
	CHECK_INT(p.hit[0], 1);
	CHECK_INT(a.pt[0][25], 1);
	CHECK_INT(a.pt[0][18], 0);
	CHECK_INT(a.pt[1][7], 1);
	p = steps(1, 12, 7, 0, 0);
	a = b;
	CHECK_INT(bg_play_apply(&a, 1, &p), -BG_EINVAL);	/* empty 12 */

	/* Checking steps: legal, wrong dice, blocked with its point. */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	d[0] = 3;
	d[1] = 1;
	p = steps(2, 8, 5, 6, 5);
	CHECK_INT(bg_rules_check(&vd, &b, 1, d, BG_VARIANT_STANDARD, &p), 0);
	CHECK_INT(vd.after.pt[1][5], 2);
	p = steps(2, 6, 5, 8, 5);		/* any order */
	CHECK_INT(bg_rules_check(&vd, &b, 1, d, BG_VARIANT_STANDARD, &p), 0);
	p = steps(2, 8, 4, 6, 5);
	CHECK_INT(bg_rules_check(&vd, &b, 1, d, BG_VARIANT_STANDARD, &p),
	    -BG_EDICE);
	p = steps(2, 13, 10, 13, 12);
	CHECK_INT(bg_rules_check(&vd, &b, 1, d, BG_VARIANT_STANDARD, &p),
	    -BG_EBLOCKED);
	CHECK_INT(vd.point, 12);
	p = steps(1, 8, 5, 0, 0);
	CHECK_INT(bg_rules_check(&vd, &b, 1, d, BG_VARIANT_STANDARD, &p),
	    -BG_EFEWDICE);
	CHECK_INT(vd.has_example, 1);
	CHECK_INT(vd.example.n, 2);

	/* Boards and dice. */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	CHECK_INT(bg_board_pips(&b, 0), 167);
	CHECK_INT(bg_board_checkers(&b, 1), 15);
	CHECK_INT(bg_board_check(&b, BG_VARIANT_STANDARD), 0);
	CHECK_INT(bg_board_check(&b, BG_VARIANT_HYPER3), -BG_ECHECKERS);
	b.pt[0][1] = 1;		/* side 0's ace = side 1's 24 point */
	b.pt[0][6] = 4;
	CHECK_INT(bg_board_check(&b, BG_VARIANT_STANDARD), -BG_EOVERLAP);
	CHECK_INT(bg_dice_parse(d, "6-4", 3), 0);
	CHECK(d[0] == 6 && d[1] == 4);
	CHECK_INT(bg_dice_parse(d, "4 6", 3), 0);
	CHECK(d[0] == 4 && d[1] == 6);
	CHECK_INT(bg_dice_parse(d, "70", 2), -BG_EDICESYNTAX);
	CHECK_INT(bg_dice_parse(d, "645", 3), -BG_EDICESYNTAX);
	CHECK_INT(bg_dice_parse(d, "6", 1), -BG_EDICESYNTAX);

	/* The catalogue has a name and a text for every code. */
	for (d[0] = 1; d[0] < BG_CODE_COUNT; d[0]++)
		CHECK(strcmp(bg_code_name(d[0]), "unknown") != 0);
	CHECK_STR(bg_code_name(-BG_EBLOCKED), "blocked_point");
	T_DONE("test_rules");
}
