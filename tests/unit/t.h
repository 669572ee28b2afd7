/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * t.h: the smallest unit-test harness.  Included by tests/unit/test_*.c
 * only.  A case is a check written in the source (a CHECK, CHECK_STR or
 * CHECK_INT, or a helper's T_COUNT with its caller's line): it counts
 * once, however often it runs, and fails when any of its runs fails (a
 * check is known by its file and line: two on one line are one case).
 * The runs beyond a case's first (a check in a loop over a table, over
 * random or generated inputs, in a helper called from many places) are
 * its generated checks.  main() ends with T_DONE(), which prints "name:
 * N cases, N generated checks", then "name: N passed, N failed" of the
 * cases, and exits non-zero on any failure.
 */
#ifndef T_H
#define T_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Every run of a check, and the cases: see above. */
static int t_pass, t_fail, t_cases, t_cases_failed;

#define T_SITES 65536
static struct t_site {
	const char *file;
	int line;
	int failed;
} t_site[T_SITES];

/* One run of the check written at FILE:LINE, passed when ok. */
static inline void
t_count(int ok, const char *file, int line)
{
	unsigned h = ((unsigned)line * 2654435761u) % T_SITES;
	struct t_site *c;

	while ((c = &t_site[h])->line != 0 &&
	    (c->line != line || strcmp(c->file, file) != 0))
		h = (h + 1) % T_SITES;
	if (c->line == 0) {
		if (++t_cases == T_SITES / 2)
			abort();	/* more cases than t.h can tell apart */
		c->file = file;
		c->line = line;
	}
	if (ok) {
		t_pass++;
		return;
	}
	t_fail++;
	if (!c->failed) {
		c->failed = 1;
		t_cases_failed++;
	}
}
#define T_COUNT(ok, line) t_count((ok), __FILE__, (line))

#define CHECK(cond) do {						\
	int t_ok = (cond) != 0;						\
	T_COUNT(t_ok, __LINE__);					\
	if (!t_ok)							\
		fprintf(stderr, "%s:%d: CHECK failed: %s\n",		\
		    __FILE__, __LINE__, #cond);				\
} while (0)

#define CHECK_STR(got, want) do {					\
	const char *t_g = (got), *t_w = (want);				\
	int t_ok = t_g != NULL && strcmp(t_g, t_w) == 0;		\
	T_COUNT(t_ok, __LINE__);					\
	if (!t_ok)							\
		fprintf(stderr, "%s:%d: got \"%s\", want \"%s\"\n",	\
		    __FILE__, __LINE__, t_g ? t_g : "(null)", t_w);	\
} while (0)

#define CHECK_INT(got, want) do {					\
	long t_g = (long)(got), t_w = (long)(want);			\
	T_COUNT(t_g == t_w, __LINE__);					\
	if (t_g != t_w)							\
		fprintf(stderr, "%s:%d: %s = %ld, want %ld\n",		\
		    __FILE__, __LINE__, #got, t_g, t_w);		\
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

/*
 * The whole file at path (the tree's top is the current folder), in a
 * new buffer one byte longer, its size in *len; exits when it cannot.
 */
static inline char *
t_slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *buf;
	long n;

	if (fp == NULL || fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 ||
	    fseek(fp, 0, SEEK_SET) != 0 || (buf = malloc((size_t)n + 1)) ==
	    NULL || fread(buf, 1, (size_t)n, fp) != (size_t)n) {
		fprintf(stderr, "cannot read %s (made by the Makefile's rule "
		    "for the test)\n", path);
		exit(1);
	}
	fclose(fp);
	*len = (size_t)n;
	return buf;
}

/*
 * The cases and generated checks, then the cases passed and failed (a
 * failed run that no case counted, t_fail raised by hand, fails one).
 */
#define T_DONE(name) do {						\
	int t_cf = t_cases_failed + (t_fail > 0 && !t_cases_failed);	\
	printf("%s: %d cases, %d generated checks\n", (name), t_cases,	\
	    t_pass + t_fail - t_cases);					\
	printf("%s: %d passed, %d failed\n", (name), t_cases -		\
	    t_cases_failed, t_cf);					\
	return t_fail != 0;						\
} while (0)

#endif
