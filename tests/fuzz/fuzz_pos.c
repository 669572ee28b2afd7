/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_pos.c: libFuzzer harness for the readers of position files
 * (lib/fmt_pos.c: Snowie's position line, Jellyfish's .pos, lists of
 * positions) and the replay and writers behind them (records.h).  The
 * first byte chooses the format: 0 mod 3, Snowie text; 1, a .pos; 2, a
 * list.  The rest is read from
 * memory and a few bytes at a time, both readings must agree, and
 * what was read is replayed and written in every format.  Seeds: the
 * position files of the golden fixtures (seeds.sh).  Built and run by
 * `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>

#include "bgkit.h"
#include "records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size == 0)
		return 0;
	records(data + 1, size - 1, data[0] % 3 == 1 ? BG_FORMAT_POS :
	    data[0] % 3 == 2 ? BG_FORMAT_POSLIST : BG_FORMAT_SNOWIE, 1);
	return 0;
}
