/*
 * fuzz_mat.c: libFuzzer harness for the .mat reader (lib/fmt_mat.c).
 * Reads the input both from memory and through a read callback that
 * hands out a few bytes at a time, and checks both see the same records.
 * Build (every lib/ source file, then the harness):
 *	clang -g -fsanitize=fuzzer,address,undefined -Ilib \
 *	    tests/fuzz/fuzz_mat.c $(ls lib/[a-z]*.c) -lpcre2-8
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

struct src {
	const uint8_t	*p;
	size_t		 len, pos;
};

static long
src_read(void *ctx, char *buf, size_t n)
{
	struct src *s = ctx;
	size_t k = s->len - s->pos;

	if (k > n)
		k = n;
	if (k > 7)
		k = 7;
	memcpy(buf, s->p + s->pos, k);
	s->pos += k;
	return (long)k;
}

/* A checksum of everything the reader delivers. */
static unsigned long
walk(bg_reader *r)
{
	const bg_match *m;
	const bg_game *g;
	unsigned long h = 5381;
	size_t i;

	while (bg_reader_next_match(r, &m) > 0) {
		h = h * 33 + (unsigned long)bg_match_length(m);
		h = h * 33 + bg_reader_diag_count(r);
		while (bg_reader_next_game(r, &g) > 0) {
			for (i = 0; i < bg_game_record_count(g); i++) {
				const bg_record *rec = bg_game_record(g, i);

				h = h * 33 + (unsigned long)rec->kind;
				h = h * 33 + (unsigned long)rec->line;
				h = h * 33 + (unsigned long)rec->col;
				h = h * 33 + strlen(rec->text);
			}
			h = h * 33 + bg_reader_diag_count(r);
		}
	}
	return h * 33 + bg_reader_diag_count(r);
}

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct src s = { data, size, 0 };
	bg_reader *a = bg_reader_new_mem((const char *)data, size, "fuzz");
	bg_reader *b = bg_reader_new(src_read, &s, "fuzz");

	if (a != NULL && b != NULL && walk(a) != walk(b))
		abort();
	bg_reader_free(a);
	bg_reader_free(b);
	return 0;
}
