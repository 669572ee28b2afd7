/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_fibs.c: libFuzzer harness for the FIBS board line reader
 * (lib/fibs.c) and the diagrams of the position it gives (lib/draw_text.c,
 * lib/draw_svg.c).  The first byte picks the variant and the way the
 * board is drawn; the rest is the line.  A line that reads must be
 * written back byte for byte; its position is drawn as text and SVG with
 * its names, and written as a board line again.  Built and run by `make
 * fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char buf[1 << 16];

/* No control character but newline (C1 included), no invalid UTF-8. */
static int
clean(const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n, i;

	while (*p) {
		if (*p == '\n' || (*p >= 0x20 && *p < 0x7f)) {
			p++;
			continue;
		}
		if (*p < 0xc2 || *p > 0xf4 || (*p == 0xc2 && p[1] < 0xa0))
			return 0;
		n = *p >= 0xf0 ? 4 : *p >= 0xe0 ? 3 : 2;
		for (i = 1; i < n; i++)
			if ((p[i] & 0xc0) != 0x80)
				return 0;
		p += n;
	}
	return 1;
}

static size_t
count(const char *s, int c)
{
	size_t n = 0;

	while ((s = strchr(s, c)) != NULL) {
		n++;
		s++;
	}
	return n;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bg_fibs f, f2;
	bg_board b;
	bg_matchstate ms;
	bg_drawopts d;
	bg_variant v;
	size_t lt, gt;
	int k;

	if (size < 1)
		return 0;
	v = (bg_variant)(data[0] % BG_VARIANT_COUNT);
	bg_drawopts_init(&d);
	d.variant = v;
	d.bottom = data[0] >> 6 & 1;
	d.clockwise = data[0] >> 7;
	data++;
	size--;
	if (bg_fibs_parse(&f, (const char *)data, size) != 0)
		return 0;
	k = bg_fibs_format(buf, sizeof buf, &f);
	if (k < 0 || (size_t)k != size || memcmp(buf, data, size) != 0)
		abort();	/* a line read is written back as it was */
	if (bg_fibs_to_position(&b, &ms, &f, v) != 0)
		return 0;
	d.name[0] = f.opponent;
	d.name[1] = f.player;
	k = bg_draw_text(buf, sizeof buf, &b, &ms, &d);
	if (k < 0 || (size_t)k >= sizeof buf || strlen(buf) != (size_t)k ||
	    !clean(buf))
		abort();	/* names escaped */
	/* The names add no markup: as many tags as with plain names. */
	k = bg_draw_svg(buf, sizeof buf, &b, &ms, &d);
	if (k < 0 || (size_t)k >= sizeof buf || strlen(buf) != (size_t)k ||
	    !clean(buf))
		abort();
	lt = count(buf, '<');
	gt = count(buf, '>');
	d.name[0] = f.opponent[0] ? "o" : "";
	d.name[1] = f.player[0] ? "p" : "";
	k = bg_draw_svg(buf, sizeof buf, &b, &ms, &d);
	if (k < 0 || count(buf, '<') != lt || count(buf, '>') != gt)
		abort();
	if (bg_fibs_from_position(&f2, &b, &ms, v, f.opponent, f.player) == 0)
		(void)bg_fibs_format(buf, sizeof buf, &f2);
	return 0;
}
