/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_ruleset.c: the rules text of -r (lib/ruleset.c): what
 * bg_ruleset_parse() reads, where it stops on a bad pair, and the words
 * bg_ruleset_explain() gives for it, cut to the buffer it is given.
 */
#include <string.h>

#include "bgkit.h"
#include "t.h"

/* The explanation of text's error, and the column it is at. */
static const char *
why(const char *text, int *col)
{
	static char buf[256];
	bg_ruleset rs;
	size_t at = 0;

	bg_ruleset_init(&rs);
	*col = 0;
	buf[0] = '\0';
	if (bg_ruleset_parse(&rs, text, strlen(text), &at) != -BG_ERULES)
		return "(parsed)";
	*col = (int)at + 1;
	bg_ruleset_explain(buf, sizeof buf, text, strlen(text), at);
	return buf;
}

int
main(void)
{
	bg_ruleset rs;
	size_t at = 0;
	char small[8];
	int col, n;

	const char *ok = "Crawford=OFF,beavers=3,variant=nack";

	bg_ruleset_init(&rs);
	CHECK_INT(bg_ruleset_parse(&rs, ok, strlen(ok), &at), 0);
	CHECK_INT(rs.crawford, 0);
	CHECK_INT(rs.beavers, 3);
	CHECK_INT(rs.variant, BG_VARIANT_NACKGAMMON);

	CHECK_STR(why("crawford=maybe", &col),
	    "bad value for crawford: maybe (on or off)");
	CHECK_INT(col, 10);
	CHECK_STR(why("jacoby=on,beavers=many", &col),
	    "bad value for beavers: many (a number from 0 to 1048576)");
	CHECK_INT(col, 19);
	CHECK_STR(why("cubelimit=1048577", &col),
	    "bad value for cubelimit: 1048577 (a number from 0 to 1048576)");
	CHECK_STR(why("variant=chess", &col), "bad value for variant: chess "
	    "(the variants: standard, nackgammon, hyper1, hyper2, hyper3, "
	    "tavla)");
	CHECK_INT(col, 9);
	CHECK_STR(why("cube=", &col), "no value for cube (on or off)");
	CHECK_INT(col, 6);
	CHECK_STR(why("crawfrd=off", &col), "unknown rule: crawfrd (the "
	    "rules: crawford, holland, jacoby, beavers, autodoubles, "
	    "cubelimit, variant, cube)");
	CHECK_INT(col, 1);
	CHECK_STR(why("holland=on,crawford", &col),
	    "expected key=value: crawford");
	CHECK_INT(col, 12);
	CHECK_STR(why("holland=on,,cube=on", &col),
	    "expected key=value, found nothing");
	CHECK_INT(col, 12);

	/* Cut to the buffer, always terminated; the length it needed. */
	n = bg_ruleset_explain(small, sizeof small, "cube=2", 6, 5);
	CHECK_INT(n, (int)strlen("bad value for cube: 2 (on or off)"));
	CHECK_STR(small, "bad val");
	CHECK_INT(bg_ruleset_explain(NULL, 0, "cube=2", 6, 5), n);
	T_DONE("test_ruleset");
}
