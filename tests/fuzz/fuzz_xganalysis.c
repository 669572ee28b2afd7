/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_xganalysis.c: libFuzzer harness for the reader of eXtreme
 * Gammon's analysis (lib/fmt_xg_analysis.c): a move record's and a cube
 * record's analysis, the rollout stream they point into and the comment
 * stream's RTF.  The first byte is the file version (its low bit 0:
 * version 24, before the marks for a rollout; 1: version 32); the next
 * 2560 bytes are the record (zeros when short), read both as a move and
 * as a cube record; the rest is both the rollout stream (temp.xgr) and
 * the comment stream (temp.xgc), whose first comments are read.  What
 * comes out must hold together: no more candidates than XG keeps, the
 * play made one of them, every figure a number.  Seeds: the records of
 * the files tests/xgmake.py builds from tests/xg with their comments
 * (seeds.sh).  Built and run by `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fmt_xg_int.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Is x a number the model may hold (finite, below 1e6)? */
static int
sane(double x)
{
	return x > -1e6 && x < 1e6;
}

static void
outputs(const bg_outputs *o)
{
	if (!sane(o->win) || !sane(o->win_gammon) || !sane(o->win_bg) ||
	    !sane(o->lose_gammon) || !sane(o->lose_bg) ||
	    !sane(o->cubeless) || !sane(o->cubeful))
		abort();
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static unsigned char rec[XG_RECSIZE];
	static bg_candidate c[XG_MAXCAND];
	struct xg_streams s;
	bg_rec_analysis a;
	const char *why;
	size_t n, i;
	char *t;
	long k;
	int version, rc;

	if (size == 0)
		return 0;
	version = data[0] & 1 ? 32 : 24;
	n = size - 1 < XG_RECSIZE ? size - 1 : XG_RECSIZE;
	memset(rec, 0, sizeof rec);
	memcpy(rec, data + 1, n);
	memset(&s, 0, sizeof s);
	s.ro = s.com = data + 1 + n;
	s.nro = (size - 1 - n) / XG_ROSIZE;
	s.comlen = size - 1 - n;
	if ((rc = xg_move_analysis(&a, c, rec, version, &s, &why)) > 0) {
		if (a.ncand > XG_MAXCAND || ((a.has & BG_AN_PLAYED) &&
		    a.played >= a.ncand) || !sane(a.error) || !sane(a.luck))
			abort();
		for (i = 0; i < a.ncand; i++) {
			if (c[i].play.n > 4 || !sane(c[i].equity))
				abort();
			outputs(&c[i].out);
		}
	} else if (rc < 0 && why == NULL)
		abort();
	if ((rc = xg_cube_analysis(&a, rec, version, &s, &why)) > 0) {
		outputs(&a.cube_out[0]);
		outputs(&a.cube_out[1]);
		if (!sane(a.no_double) || !sane(a.double_take) ||
		    !sane(a.double_pass) || a.proper < 0 || a.proper > 3)
			abort();
	} else if (rc < 0 && why == NULL)
		abort();
	for (k = 0; k < 4; k++) {
		if ((rc = xg_comment(&s, k, &t, &n)) < 0)
			abort();
		if (rc == 0)
			break;
		if (strlen(t) != n)
			abort();
		free(t);
	}
	return 0;
}
