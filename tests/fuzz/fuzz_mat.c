/*
 * fuzz_mat.c: libFuzzer harness for the .mat reader (lib/fmt_mat.c),
 * the replay behind it (lib/replay.c) and every writer (lib/writer.c):
 * the input is read as .mat from memory and a few bytes at a time, both
 * readings must agree, and the first is replayed and written in every
 * format, which is read again (records.h).  Built and run by `make
 * fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>

#include "bgkit.h"
#include "records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	records(data, size, BG_FORMAT_MAT);
	return 0;
}
