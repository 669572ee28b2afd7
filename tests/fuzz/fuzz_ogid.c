/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_ogid.c: libFuzzer harness for the OGID reader (lib/ogid.c) and
 * bg_position_parse(), which sends it what looks like an OGID.  The
 * first byte picks the variant; the rest is the text.  An OGID that
 * decodes is encoded and decoded again, and must give the same board
 * and match state; what an OGID cannot hold is said in words that fit.
 * Built and run by `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char id[256], lost[256];
	bg_board b, b2;
	bg_matchstate ms, ms2;
	bg_variant v;
	int k;

	if (size < 1)
		return 0;
	v = (bg_variant)(data[0] % BG_VARIANT_COUNT);
	memset(&b, 0, sizeof b);
	memset(&ms, 0, sizeof ms);
	(void)bg_position_parse(&b, &ms, &v, (const char *)data + 1,
	    size - 1);
	v = (bg_variant)(data[0] % BG_VARIANT_COUNT);
	if (bg_ogid_decode(&b, &ms, (const char *)data + 1, size - 1, v) != 0)
		return 0;
	k = bg_ogid_encode(id, sizeof id, &b, &ms);
	if (k < 0 || (size_t)k >= sizeof id)
		abort();	/* what we read, we can write */
	memset(&b2, 0, sizeof b2);
	memset(&ms2, 0, sizeof ms2);
	if (bg_ogid_decode(&b2, &ms2, id, (size_t)k, v) != 0 ||
	    memcmp(&b, &b2, sizeof b) != 0 ||
	    memcmp(&ms, &ms2, sizeof ms) != 0)
		abort();
	k = bg_posfmt_lost(lost, sizeof lost, BG_POS_OGID, &ms);
	if (k < 0 || (size_t)k >= sizeof lost)
		abort();
	return 0;
}
