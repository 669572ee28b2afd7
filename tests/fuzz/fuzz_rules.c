/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fuzz_rules.c: libFuzzer harness for the reader of rules text, the
 * argument of -r (lib/ruleset.c), and of variant names.  The error
 * position must lie inside the text.  Built and run by `make fuzz`
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
	bg_ruleset rs;
	bg_variant v;
	size_t err = 0;
	char name[64];

	bg_ruleset_init(&rs);
	if (bg_ruleset_parse(&rs, (const char *)data, size, &err) < 0) {
		if (err > size)
			abort();
		if (bg_ruleset_explain(name, sizeof name, (const char *)data,
		    size, err) < 0 || strlen(name) >= sizeof name)
			abort();
	}
	if (size < sizeof name && memchr(data, '\0', size) == NULL) {
		memcpy(name, data, size);
		name[size] = '\0';
		(void)bg_variant_parse(&v, name);
	}
	return 0;
}
