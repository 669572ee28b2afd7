/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_sganalysis.c: libFuzzer harness for the parser and writer of
 * gnubg's SGF analysis properties (lib/analysis.c): the first byte picks
 * the side and match play, the rest is a node's properties ("DA[...]
 * A[0][...]LU[0.1]").  What is read is written as gnubg writes it, and
 * that text must read back whole and write the same again.  Built and
 * run by `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "analysis_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Read t[0..n) and write it: the text (malloc'd), or NULL; *rc the
 * parse's result. */
static char *
cycle(const char *t, size_t n, int side, int match, int *rc, size_t *len)
{
	struct an_build b;
	char *rest = NULL, *out = NULL;
	size_t rlen, cap = 0;

	*len = 0;
	an_build_init(&b);
	*rc = an_sgf_text(&b, t, n, side, match, &rest, &rlen);
	free(rest);
	if (*rc >= 0 && an_build_any(&b) && an_sgf_write(&out, len, &cap,
	    &b.a, side, match) < 0) {
		free(out);
		out = NULL;
		*rc = -BG_ENOMEM;
	}
	an_build_fini(&b);
	return out;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *w1, *w2;
	size_t n1, n2;
	int side, match, rc;

	if (size < 1)
		return 0;
	side = data[0] & 1;
	match = data[0] >> 1 & 1;
	w1 = cycle((const char *)data + 1, size - 1, side, match, &rc, &n1);
	if (w1 != NULL) {
		w2 = cycle(w1, n1, side, match, &rc, &n2);
		/* What we write reads back whole and writes the same. */
		if (rc != 0 || w2 == NULL || n2 != n1 || memcmp(w1, w2, n1))
			abort();
		free(w2);
	}
	free(w1);
	return 0;
}
