/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_notation.c: libFuzzer harness for the move notation reader
 * (lib/notation.c) and the resolver behind it (lib/resolve_search.c,
 * lib/resolve_fast.c).  The first byte picks a position, a side, dice
 * and a variant; the rest is the move text.  A text that parses is
 * written in every style, and what is written must parse again and
 * write the same; it is also matched against the position and roll,
 * and given to bg_moveline_check() as bgmove gives it a line.  Built
 * and run by
 * `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Positions with a checker on the bar, bear-offs and a contact game. */
static const char *const positions[] = {
	"start",
	"XGID=------DaD---------cbcccF-A:0:0:1:54:0:3:0:0:10",
	"XGID=--B-------------------abe-:0:0:-1:46:0:4:0:7:10",
	"XGID=-ABDBBA----AA------bb-cccA:1:1:1:66:0:0:0:0:10",
	"XGID=-aaB--D-C--AdCa---Af--bA--:0:0:-1:32:4:1:0:11:10",
	"XGID=a--BaBCAA---b-a-Ac-eAB-bAA:0:0:1:23:0:0:0:7:10",
	"XGID=acdECCB-cc-A-A-a----------:1:-1:-1:32:0:0:0:11:10",
	"nackgammon",
	"hyper3",
	"tavla",
};

/*
 * The same text as bgmove takes it (lib/moveline.c), normalised and
 * checked: every call answers, the message is whole or cut as said.
 */
static void
moveline(const char *pos, const int d[2], int normalise, const uint8_t *data,
    size_t size)
{
	bg_moveline_setup su;
	bg_moveline ml;
	char msg[512], line[1024], dice[3] = { 0, 0, 0 };
	size_t len = 0;
	int rc;

	dice[0] = (char)('0' + d[0]);
	dice[1] = (char)('0' + d[1]);
	if (bg_moveline_setup_init(&su, normalise ? NULL : pos, NULL, dice,
	    BG_STYLE_MAT, msg, sizeof msg) < 0)
		abort();
	rc = bg_moveline_check(&ml, &su, (const char *)data, size, msg,
	    sizeof msg, &len);
	if (rc < 0 || strlen(msg) >= sizeof msg ||
	    (len < sizeof msg && strlen(msg) != len) ||
	    (ml.code != 0 && (ml.column < 1 || (size_t)ml.column > size + 1)))
		abort();
	if (ml.code == 0 && (bg_moveline_format(line, sizeof line, &ml,
	    normalise, 1) >= (int)sizeof line || strlen(line) < 10))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char buf[256], again[256];
	const char *pos;
	bg_notation n, n2;
	bg_resolved r;
	bg_board b;
	bg_matchstate ms;
	bg_variant v = BG_VARIANT_STANDARD;
	bg_play p;
	size_t err;
	int d[2], dd[2], st, k, k2, side;

	if (size < 2)
		return 0;
	pos = positions[data[0] % (sizeof positions / sizeof positions[0])];
	side = data[0] >> 7;
	d[0] = 1 + data[1] % 6;
	d[1] = 1 + data[1] / 6 % 6;
	data += 2;
	size -= 2;
	if (bg_position_parse(&b, &ms, &v, pos, strlen(pos)) < 0)
		abort();

	moveline(pos, d, side, data, size);
	(void)bg_dice_parse(dd, (const char *)data, size);
	if (bg_notation_parse(&n, (const char *)data, size, &err) < 0) {
		if (err > size)
			abort();
		return 0;
	}
	if (n.dice[0] != 0)
		d[0] = n.dice[0], d[1] = n.dice[1];
	for (st = BG_STYLE_GNUBG; st <= BG_STYLE_XG; st++) {
		k = bg_notation_format(buf, sizeof buf, &n, (bg_style)st);
		if (k < 0 || (size_t)k >= sizeof buf)
			continue;
		if (bg_notation_parse(&n2, buf, (size_t)k, &err) < 0)
			abort();	/* what we write, we read */
		k2 = bg_notation_format(again, sizeof again, &n2,
		    (bg_style)st);
		if (k2 != k || memcmp(buf, again, (size_t)k) != 0)
			abort();
	}
	if (bg_play_from_notation(&p, &n) == 0)
		(void)bg_play_format(buf, sizeof buf, &p, BG_STYLE_GNUBG);
	if (n.kind == BG_NOTE_PLAY && d[0] >= 1 && d[0] <= 6 &&
	    d[1] >= 1 && d[1] <= 6 &&
	    bg_notation_resolve(&r, &n, &b, side, d, v) == 0) {
		bg_verdict vd;

		if (bg_rules_check(&vd, &b, side, d, v, &r.play) != 0)
			abort();	/* resolved means legal */
		(void)bg_play_format(buf, sizeof buf, &r.play, BG_STYLE_XG);
	}
	return 0;
}
