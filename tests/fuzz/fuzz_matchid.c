/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_matchid.c: libFuzzer harness for gnubg's Match ID reader
 * (lib/posid.c).  A Match ID that decodes is encoded and decoded again,
 * and must give the same match state.  Built and run by `make fuzz`
 * (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char id[BG_MATCHID_LEN + 1];
	bg_matchstate ms, ms2;

	memset(&ms, 0, sizeof ms);
	if (bg_matchid_decode(&ms, (const char *)data, size) != 0)
		return 0;
	if (bg_matchid_encode(id, sizeof id, &ms) != BG_MATCHID_LEN)
		abort();	/* what we read, we can write */
	memset(&ms2, 0, sizeof ms2);
	if (bg_matchid_decode(&ms2, id, BG_MATCHID_LEN) != 0 ||
	    memcmp(&ms, &ms2, sizeof ms) != 0)
		abort();
	return 0;
}
