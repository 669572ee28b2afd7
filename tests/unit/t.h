/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * t.h: the smallest unit-test harness.  Included by tests/unit/test_*.c
 * only.  Each CHECK counts as one test; main() ends with T_DONE(), which
 * prints "name: N passed, N failed" and exits non-zero on any failure.
 */
#ifndef T_H
#define T_H

#include <stdio.h>
#include <string.h>

static int t_pass, t_fail;

#define CHECK(cond) do {						\
	if (cond)							\
		t_pass++;						\
	else {								\
		t_fail++;						\
		fprintf(stderr, "%s:%d: CHECK failed: %s\n",		\
		    __FILE__, __LINE__, #cond);				\
	}								\
} while (0)

#define CHECK_STR(got, want) do {					\
	const char *t_g = (got), *t_w = (want);				\
	if (t_g != NULL && strcmp(t_g, t_w) == 0)			\
		t_pass++;						\
	else {								\
		t_fail++;						\
		fprintf(stderr, "%s:%d: got \"%s\", want \"%s\"\n",	\
		    __FILE__, __LINE__, t_g ? t_g : "(null)", t_w);	\
	}								\
} while (0)

#define CHECK_INT(got, want) do {					\
	long t_g = (long)(got), t_w = (long)(want);			\
	if (t_g == t_w)							\
		t_pass++;						\
	else {								\
		t_fail++;						\
		fprintf(stderr, "%s:%d: %s = %ld, want %ld\n",		\
		    __FILE__, __LINE__, #got, t_g, t_w);		\
	}								\
} while (0)

/*
 * A number in [0, n) from the xorshift generator whose state is *seed:
 * random tests that draw the same on every run.
 */
static inline int
t_below(unsigned long long *seed, int n)
{
	*seed ^= *seed << 13;
	*seed ^= *seed >> 7;
	*seed ^= *seed << 17;
	return (int)((*seed >> 11) % (unsigned long long)n);
}

#define T_DONE(name) do {						\
	printf("%s: %d passed, %d failed\n", (name), t_pass, t_fail);	\
	return t_fail != 0;						\
} while (0)

#endif
