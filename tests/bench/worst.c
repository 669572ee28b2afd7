/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * worst.c: time the listing of every legal play in the worst position
 * the benchmark knows: 1-1 with fifteen checkers spread over fifteen
 * points (gnubg Position ID AAAA/3+UklJKKQ, the opponent on the bar),
 * 2,226 plays, the count gnubg's hint list gives.  Prints the count and
 * the median and fastest time of one bg_rules_legal() call over 15
 * batches.  With -n N it makes N calls untimed and prints the count, for
 * counting instructions under callgrind.  Part of `make bench` only:
 * never installed.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bgkit.h"

#define POSID	"AAAA/3+UklJKKQ"
#define BATCHES	15

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

int
main(int argc, char *argv[])
{
	bg_movelist *ml = bg_movelist_new();
	bg_board b;
	double t[BATCHES], t0;
	int d[2] = { 1, 1 }, n = 0, i, k, reps;

	if (ml == NULL || bg_posid_decode(&b, POSID, strlen(POSID), 1,
	    BG_VARIANT_STANDARD) < 0) {
		fputs("worst: cannot set up the position\n", stderr);
		return 2;
	}
	if (argc == 3 && strcmp(argv[1], "-n") == 0) {
		for (i = atoi(argv[2]); i > 0; i--)
			n = bg_rules_legal(ml, &b, 1, d, BG_VARIANT_STANDARD);
		printf("%d\n", n);
		bg_movelist_free(ml);
		return n > 0 ? 0 : 1;
	}
	/* Enough calls per batch for about 20 ms. */
	t0 = now();
	for (reps = 0; now() - t0 < 0.02; reps++)
		n = bg_rules_legal(ml, &b, 1, d, BG_VARIANT_STANDARD);
	for (k = 0; k < BATCHES; k++) {
		t0 = now();
		for (i = 0; i < reps; i++)
			n = bg_rules_legal(ml, &b, 1, d, BG_VARIANT_STANDARD);
		t[k] = (now() - t0) / reps;
	}
	qsort(t, BATCHES, sizeof t[0], cmp);
	printf("%d %.1f %.1f\n", n, t[BATCHES / 2] * 1e6, t[0] * 1e6);
	bg_movelist_free(ml);
	return n > 0 ? 0 : 1;
}
