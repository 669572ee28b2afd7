/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_fibslog.c: libFuzzer harness for the reader of
 * FIBS session logs (lib/fmt_fibslog.c) and the replay and writers behind it
 * (records.h): the input is read from memory and a few bytes at a
 * time, both readings must agree, and what was read is replayed and
 * written in every format.  Seeds: the session logs of the golden fixtures
 * (seeds.sh).  Built and run by `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>

#include "bgkit.h"
#include "records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	records(data, size, BG_FORMAT_FIBSLOG, 1);
	return 0;
}
