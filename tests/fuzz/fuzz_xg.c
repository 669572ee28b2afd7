/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_xg.c: libFuzzer harness for the reader of eXtreme Gammon's
 * binary files (lib/fmt_xg.c) and the replay and writers behind it
 * (records.h).  The first byte chooses what the rest is: even, a whole
 * file, to reach the header, the archive and its checks; odd, the game
 * file (temp.xg) alone, which the harness wraps in a valid container
 * (header, zlib archive, index and checksums) so that mutations reach
 * the records rather than die at a checksum.  Seeds: the files
 * tests/xgmake.py builds from tests/xg (seeds.sh).  Built and run by
 * `make fuzz` (tests/fuzz/fuzz.mk).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "bgkit.h"
#include "records.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void
le32(unsigned char *p, unsigned long v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
	p[2] = (unsigned char)(v >> 16);
	p[3] = (unsigned char)(v >> 24);
}

/* The whole file around game file g[0..n): 0, or -1 out of memory. */
static int
wrap(const unsigned char *g, size_t n, unsigned char **out, size_t *len)
{
	unsigned char idx[532], *f, *p;
	uLongf cg = compressBound((uLong)n), ci = compressBound(sizeof idx);
	size_t cap = 8232 + cg + ci + 36;

	if ((f = calloc(1, cap)) == NULL)
		return -1;
	memcpy(f, "RGMH", 4);
	le32(f + 4, 1);
	le32(f + 8, 8232);
	p = f + 8232;
	if (compress(p, &cg, g, (uLong)n) != Z_OK) {
		free(f);
		return -1;
	}
	memset(idx, 0, sizeof idx);
	idx[0] = 7;
	memcpy(idx + 1, "temp.xg", 7);
	le32(idx + 512, (unsigned long)n);
	le32(idx + 516, cg);
	le32(idx + 520, 0);
	le32(idx + 524, crc32(0L, g, (uInt)n));
	idx[529] = 6;
	p += cg;
	if (compress(p, &ci, idx, sizeof idx) != Z_OK) {
		free(f);
		return -1;
	}
	p += ci;
	le32(p, crc32(0L, f + 8232, (uInt)(cg + ci)));
	le32(p + 4, 1);
	le32(p + 8, 1);
	le32(p + 12, ci);
	le32(p + 16, cg);
	le32(p + 20, 1);
	*out = f;
	*len = (size_t)(p + 36 - f);
	return 0;
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	unsigned char *f;
	size_t n;

	if (size == 0)
		return 0;
	if ((data[0] & 1) == 0) {
		records(data + 1, size - 1, BG_FORMAT_XG, 1);
		return 0;
	}
	if (wrap(data + 1, size - 1, &f, &n) < 0)
		abort();
	records(f, n, BG_FORMAT_XG, 1);
	free(f);
	return 0;
}
