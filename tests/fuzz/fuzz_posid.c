/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_posid.c: libFuzzer harness for gnubg's Position ID (lib/posid.c)
 * and the position reader in front of it (lib/position.c: start words,
 * "PID:MID", XGIDs).  The first byte picks the side on roll and the
 * variant; the rest is the text.  A Position ID that decodes is encoded
 * and decoded again, and must give the same board.  Built and run by
 * `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char id[BG_POSID_LEN + 1], mid[BG_MATCHID_LEN + 1];
	bg_board b, b2;
	bg_matchstate ms;
	bg_variant v;
	const char *s;
	int side;

	if (size < 1)
		return 0;
	side = data[0] & 1;
	v = (bg_variant)(data[0] / 2 % BG_VARIANT_COUNT);
	s = (const char *)data + 1;
	size--;

	memset(&b, 0, sizeof b);
	if (bg_posid_decode(&b, s, size, side, v) == 0) {
		if (bg_board_check(&b, v) < 0)
			abort();	/* a decoded board is a board */
		if (bg_posid_encode(id, sizeof id, &b, side) != BG_POSID_LEN)
			abort();
		memset(&b2, 0, sizeof b2);
		if (bg_posid_decode(&b2, id, BG_POSID_LEN, side, v) != 0 ||
		    memcmp(&b, &b2, sizeof b) != 0)
			abort();
	}
	if (bg_position_parse(&b, &ms, &v, s, size) == 0) {
		(void)bg_posid_encode(id, sizeof id, &b, ms.on_roll & 1);
		(void)bg_matchid_encode(mid, sizeof mid, &ms);
		(void)bg_board_pips(&b, 0);
		(void)bg_board_pips(&b, 1);
	}
	return 0;
}
