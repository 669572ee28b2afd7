/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pair.c: time builds of libbgkit side by side in one process, for
 * changes too small for runs of bgcheck to tell apart on a busy or
 * shared machine.  Each build (a libbgkit.so) is loaded with dlopen;
 * the file is read from memory, and replayed with -r, by each build in
 * turn, the order reversed every other round, each time measured in
 * the thread's CPU time.  What is printed for each build: the mean, the
 * median and the fastest time, and its sum over all rounds against the
 * first build's, the number to go by.  Part of the benchmark only
 * (tests/bench/pair.sh builds the libraries of git revisions).
 *
 *	pair [-r] [-n rounds] file lib.so ...
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define MAXLIB	8

typedef void	*(*new_fn)(const char *, size_t, const char *);
typedef int	 (*next_fn)(void *, const void **);
typedef void	 (*free_fn)(void *);
typedef void	*(*make_fn)(void);
typedef int	 (*use_fn)(void *, const void *);
typedef int	 (*end_fn)(void *);

/* The calls of one build. */
struct lib {
	const char	*path;
	new_fn		 reader_new;
	next_fn		 next_match, next_game;
	free_fn		 reader_free, replay_free;
	make_fn		 replay_new;
	use_fn		 replay_match, replay_game;
	end_fn		 replay_end;
	double		*t;		/* ms, a round each */
};

static void *
sym(void *h, const char *path, const char *name)
{
	void *p = dlsym(h, name);

	if (p == NULL) {
		fprintf(stderr, "pair: %s: no %s\n", path, name);
		exit(2);
	}
	return p;
}

static void
load(struct lib *l, const char *path, int rounds)
{
	void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL);

	if (h == NULL) {
		fprintf(stderr, "pair: %s\n", dlerror());
		exit(2);
	}
	l->path = path;
	/* Copied, not cast: ISO C converts no void * to a function. */
#define SYM(f, name)	do { void *p_ = sym(h, path, name); \
	memcpy(&l->f, &p_, sizeof p_); } while (0)
	SYM(reader_new, "bg_reader_new_mem");
	SYM(next_match, "bg_reader_next_match");
	SYM(next_game, "bg_reader_next_game");
	SYM(reader_free, "bg_reader_free");
	SYM(replay_new, "bg_replay_new");
	SYM(replay_match, "bg_replay_match");
	SYM(replay_game, "bg_replay_game");
	SYM(replay_end, "bg_replay_end");
	SYM(replay_free, "bg_replay_free");
#undef SYM
	if ((l->t = calloc((size_t)rounds, sizeof *l->t)) == NULL) {
		perror("pair");
		exit(2);
	}
}

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
	return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

/* Read buf[0..n), and replay it when replay is set: its time in ms. */
static double
run(const struct lib *l, const char *buf, size_t n, int replay)
{
	const void *m, *g;
	void *r, *rp;
	double t0 = now();

	if ((r = l->reader_new(buf, n, "pair")) == NULL ||
	    (rp = l->replay_new()) == NULL) {
		fputs("pair: out of memory\n", stderr);
		exit(2);
	}
	while (l->next_match(r, &m) > 0) {
		if (replay)
			l->replay_match(rp, m);
		while (l->next_game(r, &g) > 0)
			if (replay)
				l->replay_game(rp, g);
	}
	if (replay)
		l->replay_end(rp);
	l->replay_free(rp);
	l->reader_free(r);
	return now() - t0;
}

static int
cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static char *
slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, k;

	if (fp == NULL) {
		perror(path);
		exit(2);
	}
	*n = 0;
	do {
		if (*n == cap && (buf = realloc(buf, cap = cap * 2 + 65536)) ==
		    NULL) {
			perror("pair");
			exit(2);
		}
		k = fread(buf + *n, 1, cap - *n, fp);
		*n += k;
	} while (k > 0);
	if (ferror(fp)) {
		perror(path);
		exit(2);
	}
	fclose(fp);
	return buf;
}

int
main(int argc, char *argv[])
{
	struct lib lib[MAXLIB];
	double sum[MAXLIB];
	char *buf;
	size_t n;
	int c, i, j, k, nlib, rounds = 200, replay = 0;

	while ((c = getopt(argc, argv, "n:r")) != -1)
		switch (c) {
		case 'n':
			rounds = atoi(optarg);
			break;
		case 'r':
			replay = 1;
			break;
		default:
			goto usage;
		}
	argc -= optind;
	argv += optind;
	nlib = argc - 1;
	if (nlib < 1 || nlib > MAXLIB || rounds < 1) {
usage:
		fputs("usage: pair [-r] [-n rounds] file lib.so ...\n", stderr);
		return 2;
	}
	buf = slurp(argv[0], &n);
	for (j = 0; j < nlib; j++)
		load(&lib[j], argv[1 + j], rounds);
	for (i = 0; i < rounds; i++)
		for (j = 0; j < nlib; j++) {
			k = i & 1 ? nlib - 1 - j : j;
			lib[k].t[i] = run(&lib[k], buf, n, replay);
		}
	for (j = 0; j < nlib; j++) {
		for (sum[j] = 0, i = 0; i < rounds; i++)
			sum[j] += lib[j].t[i];
		qsort(lib[j].t, (size_t)rounds, sizeof *lib[j].t, cmp);
		printf("%s: mean %.3f ms, median %.3f, fastest %.3f; "
		    "%.3f of the first\n", lib[j].path, sum[j] / rounds,
		    lib[j].t[rounds / 2], lib[j].t[0], sum[j] / sum[0]);
	}
	free(buf);
	return 0;
}
