/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_write.c: libFuzzer harness for the writers (lib/writer.c,
 * lib/fmt_*_write.c): a record in any format (the reader tells which
 * from the content) is read, replayed and written as .mat in gnubg's
 * and XG's layouts, SGF and JSON Lines, and each output is read again
 * (records.h).  Built and run by `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>

#include "bgkit.h"
#include "records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	records(data, size, BG_FORMAT_AUTO, 1);
	return 0;
}
