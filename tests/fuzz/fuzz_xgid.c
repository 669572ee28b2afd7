/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_xgid.c: libFuzzer harness for the XGID reader (lib/xgid.c).  The
 * first byte picks the variant; the rest is the text.  An XGID that
 * decodes is encoded and decoded again, and must give the same board
 * and match state.  Built and run by `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char id[128];
	bg_board b, b2;
	bg_matchstate ms, ms2;
	bg_variant v;
	int k;

	if (size < 1)
		return 0;
	v = (bg_variant)(data[0] % BG_VARIANT_COUNT);
	memset(&b, 0, sizeof b);
	memset(&ms, 0, sizeof ms);
	if (bg_xgid_decode(&b, &ms, (const char *)data + 1, size - 1, v) != 0)
		return 0;
	k = bg_xgid_encode(id, sizeof id, &b, &ms);
	if (k < 0 || (size_t)k >= sizeof id)
		abort();	/* what we read, we can write */
	memset(&b2, 0, sizeof b2);
	memset(&ms2, 0, sizeof ms2);
	if (bg_xgid_decode(&b2, &ms2, id, (size_t)k, v) != 0 ||
	    memcmp(&b, &b2, sizeof b) != 0 ||
	    memcmp(&ms, &ms2, sizeof ms) != 0)
		abort();
	return 0;
}
