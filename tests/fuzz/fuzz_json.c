/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_json.c: libFuzzer harness for the JSON Lines reader
 * (lib/fmt_json.c) and the replay behind it (lib/replay.c): the input is
 * read as JSON Lines from memory and a few bytes at a time, both
 * readings must agree, and the first is replayed (records.h);
 * fuzz_write.c writes what it reads.  Built and run by `make fuzz`
 * (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>

#include "bgkit.h"
#include "records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	records(data, size, BG_FORMAT_JSON, 0);
	return 0;
}
