/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_stats.c: libFuzzer harness for the two readers of the
 * statistics: match equity tables in gnubg's XML format (lib/met.c) and
 * gnubg's stored statistics, the SGF property GS (lib/gs.c).  The first
 * byte picks the reader (even: a table, odd: GS), the rest is its text.
 * A table read must give chances from 0 to 1 for every score it holds;
 * a refused table must say where, inside the text.  Built and run by
 * `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>

#include "bgkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
table(const char *t, size_t n)
{
	bg_met *m;
	bg_met_error e;
	double v;
	int rc, a, b, len;

	rc = bg_met_read(&m, t, n, &e);
	if (rc == -BG_EINVAL) {
		/* Where it went wrong is a place of the text. */
		if (e.line < 1 || e.col < 1 || (size_t)e.line > n + 1)
			abort();
		return;
	}
	if (rc < 0)
		return;
	len = bg_met_length(m);
	if (len < 1 || len > 64)
		abort();
	for (a = 0; a <= len + 1; a++)
		for (b = 0; b <= len + 1; b++) {
			v = bg_met_mwc(m, a, b, (a + b) & 1);
			if ((a > len || b > len) && (a > 0 && b > 0)) {
				if (v != -1)
					abort();
			} else if (v < 0 || v > 1)
				abort();
		}
	bg_met_free(m);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	bg_gs gs;
	int s, k;

	if (size < 1)
		return 0;
	if (!(data[0] & 1)) {
		table((const char *)data + 1, size - 1);
		return 0;
	}
	if (bg_gs_parse(&gs, (const char *)data + 1, size - 1) == 0)
		for (s = 0; s < 2; s++)
			for (k = 0; k < 4; k++)
				if (gs.marks[k][s] < 0 || gs.unforced[s] < 0)
					abort();
	return 0;
}
