/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_nomem.c: checks of record files, as bgcheck makes them (reader
 * and replay), with allocation number k failing, for every k from 1
 * until a check runs through without reaching its k-th allocation.  The
 * files (tests/unit/nomem/) are a bad .mat, the same as JSON Lines and
 * SGF, a good .mat, and a good one in Latin-1; and two position text
 * exports of the golden fixtures, one good, one whose diagram disagrees
 * with its XGID; and a gnubg SGF with every form of its analysis, and
 * the same as JSON Lines, read, and written as SGF, JSON and .mat
 * (where a run must fail or write the same bytes); two analysed XG
 * files, with rollouts and comments (tests/xgmake.py builds them into
 * tests/unit/bin), read, and written as SGF and JSON; and the match
 * equity tables of the statistics (bg_met_new, bg_met_read of a good
 * and a bad table).  Each run must fail with BG_ENOMEM or give exactly
 * the diagnostics of the run without a failure: so a bad file is never
 * judged valid, and no message is lost without the call saying so.  No
 * run may crash, and each must free all it allocated.  The Makefile
 * links this test with -Wl,--wrap for malloc, calloc, realloc and free,
 * so that every allocation of the library goes through the wrappers
 * below, which fail the chosen one and count the blocks live: the
 * library itself keeps no state for this.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "t.h"

void	*__real_malloc(size_t);
void	*__real_calloc(size_t, size_t);
void	*__real_realloc(void *, size_t);
void	 __real_free(void *);
void	*__wrap_malloc(size_t);
void	*__wrap_calloc(size_t, size_t);
void	*__wrap_realloc(void *, size_t);
void	 __wrap_free(void *);

static long	fail_at;	/* the allocation to fail, from 1; 0 none */
static long	nalloc;		/* allocations asked for since armed */
static long	live;		/* blocks allocated and not freed */

/* Whether this allocation is the one to fail. */
static int
failing(void)
{
	return fail_at > 0 && ++nalloc == fail_at;
}

void *
__wrap_malloc(size_t n)
{
	void *p;

	if (failing())
		return NULL;
	if ((p = __real_malloc(n)) != NULL)
		live++;
	return p;
}

void *
__wrap_calloc(size_t n, size_t size)
{
	void *p;

	if (failing())
		return NULL;
	if ((p = __real_calloc(n, size)) != NULL)
		live++;
	return p;
}

void *
__wrap_realloc(void *old, size_t n)
{
	void *p;

	if (failing())
		return NULL;
	if ((p = __real_realloc(old, n)) != NULL && old == NULL)
		live++;
	return p;
}

void
__wrap_free(void *p)
{
	if (p != NULL)
		live--;
	__real_free(p);
}

/* What a check comes to. */
struct verdict {
	int		failed;		/* a call returned a negative code */
	int		errors;		/* diagnostics of error severity */
	size_t		ndiag;
	unsigned long	digest;		/* of every diagnostic, in order */
};

static void
count(struct verdict *v, const bg_diag *d)
{
	const unsigned char *p = (const unsigned char *)d;
	size_t i;

	v->ndiag++;
	v->errors += d->severity == BG_SEV_ERROR;
	for (i = 0; i < sizeof *d; i++)
		v->digest = (v->digest ^ p[i]) * 1099511628211UL;
}

static void
count_reader(struct verdict *v, const bg_reader *r)
{
	size_t i;

	for (i = 0; i < bg_reader_diag_count(r); i++)
		count(v, bg_reader_diag(r, i));
}

static void
count_replay(struct verdict *v, const bg_replay *rp)
{
	size_t i;

	for (i = 0; i < bg_replay_diag_count(rp); i++)
		count(v, bg_replay_diag(rp, i));
}

static long	 try_run(const char *, int, int);

static long
sink(void *ctx, const char *buf, size_t n)
{
	struct verdict *v = ctx;
	size_t i;

	for (i = 0; i < n; i++)
		v->digest = (v->digest ^ (unsigned char)buf[i]) *
		    1099511628211UL;
	v->ndiag += n;
	return (long)n;
}

/*
 * Check buf[0..len) as bgcheck does, every match, every game; or, with
 * a format f (not -1), write it as f and count the bytes written.
 */
static void
run(const char *buf, size_t len, int f, struct verdict *v)
{
	bg_reader *r = bg_reader_new_mem(buf, len, "x");
	bg_replay *rp = bg_replay_new();
	bg_writer *w = NULL;
	const bg_match *m;
	const bg_game *g;
	int rc, grc = 0;

	memset(v, 0, sizeof *v);
	if (f >= 0 && (w = bg_writer_new((bg_format)f, sink, v)) == NULL)
		v->failed = 1;
	if (r == NULL || rp == NULL || v->failed) {
		v->failed = 1;
		bg_reader_free(r);
		bg_replay_free(rp);
		bg_writer_free(w);
		return;
	}
	while ((rc = bg_reader_next_match(r, &m)) > 0) {
		count_reader(v, r);
		if (w != NULL)
			v->failed |= bg_writer_match(w, m) < 0;
		else
			bg_replay_match(rp, m);
		while ((grc = bg_reader_next_game(r, &g)) > 0) {
			count_reader(v, r);
			v->failed |= (w != NULL ? bg_writer_game(w, g) :
			    bg_replay_game(rp, g)) < 0;
			count_replay(v, rp);
		}
		count_reader(v, r);
		v->failed |= w == NULL && bg_replay_end(rp) < 0;
		count_replay(v, rp);
		if (grc < 0)
			break;
	}
	v->failed |= rc < 0 || grc < 0 || (w != NULL && bg_writer_end(w) < 0);
	if (rc == 0)
		count_reader(v, r);
	bg_reader_free(r);
	bg_replay_free(rp);
	bg_writer_free(w);
}

static long
try_file(const char *path, int bad)
{
	return try_run(path, bad, -1);
}

static long
try_write(const char *path, bg_format f)
{
	return try_run(path, 0, (int)f);
}

/*
 * One file, bad or not: the check (or, with a format f not -1, the
 * writing as f) without a failure, then with each allocation failing in
 * turn.  Returns the number of runs.
 */
static long
try_run(const char *path, int bad, int f)
{
	struct verdict want, got;
	size_t len;
	char *buf = t_slurp(path, &len);
	long k, before;
	int same;

	fail_at = 0;
	run(buf, len, f, &want);
	CHECK(!want.failed && (bad ? want.errors > 0 : want.errors == 0));
	for (k = 1;; k++) {
		before = live;
		fail_at = k;
		nalloc = 0;
		run(buf, len, f, &got);
		fail_at = 0;
		CHECK(live == before);
		same = got.failed || (got.ndiag == want.ndiag &&
		    got.errors == want.errors && got.digest == want.digest);
		CHECK(same);
		if (live != before || !same)
			fprintf(stderr, "test_nomem: %s, allocation %ld "
			    "failing: %ld blocks left, %zu diagnostics (%zu without "
			    "the failure)%s\n", path, k, live - before,
			    got.ndiag, want.ndiag, got.failed ? ", failed" :
			    "");
		if (nalloc < k) {
			/* The k-th never came: the run went through. */
			CHECK(!got.failed);
			break;
		}
		CHECK(got.failed || !bad || got.errors > 0);
	}
	free(buf);
	return k;
}

/*
 * A match equity table: gnubg's default (path NULL) or read from path,
 * without a failure, then with each allocation failing in turn: each
 * run gives the table, the same error, or BG_ENOMEM, and leaks
 * nothing.  Returns the number of runs.
 */
static long
try_met(const char *path)
{
	size_t len = 0;
	char *buf = path != NULL ? t_slurp(path, &len) : NULL;
	bg_met *m = NULL;
	bg_met_error e0, e;
	long k, before;
	int want, got;

	memset(&e0, 0, sizeof e0);
	memset(&e, 0, sizeof e);
	fail_at = 0;
	want = path != NULL ? bg_met_read(&m, buf, len, &e0) :
	    (m = bg_met_new()) != NULL ? 0 : -BG_ENOMEM;
	CHECK(want == 0 || want == -BG_EINVAL);
	bg_met_free(m);
	for (k = 1;; k++) {
		before = live;
		fail_at = k;
		nalloc = 0;
		m = NULL;
		got = path != NULL ? bg_met_read(&m, buf, len, &e) :
		    (m = bg_met_new()) != NULL ? 0 : -BG_ENOMEM;
		fail_at = 0;
		CHECK(got == want || (got == -BG_ENOMEM && m == NULL));
		CHECK(got != -BG_EINVAL || (e.line == e0.line &&
		    e.col == e0.col && strcmp(e.msg, e0.msg) == 0));
		bg_met_free(m);
		CHECK(live == before);
		if (nalloc < k)
			break;
	}
	free(buf);
	return k;
}

int
main(void)
{
	long runs = 0;

	runs += try_file("tests/unit/nomem/bad.mat", 1);
	runs += try_file("tests/unit/nomem/bad.json", 1);
	runs += try_file("tests/unit/nomem/bad.sgf", 1);
	runs += try_file("tests/unit/nomem/good.mat", 0);
	/* Latin-1 text, each line made UTF-8 in a buffer of its own. */
	runs += try_file("tests/unit/nomem/latin1.mat", 0);
	/* A position text export: its diagram, analysis and diagnostics. */
	runs += try_file("fixtures/bgcheck/xgtext/several.txt", 0);
	runs += try_file("fixtures/bgcheck/xgtext/mismatch.txt", 1);
	/* The engine's analysis: read from SGF and JSON, written as SGF,
	 * JSON and .mat (which names what it loses). */
	runs += try_file("fixtures/bgconv/sgf/gnubg-analysis.sgf", 0);
	runs += try_file("tests/unit/nomem/analysis.json", 0);
	runs += try_write("fixtures/bgconv/sgf/gnubg-analysis.sgf",
	    BG_FORMAT_SGF);
	runs += try_write("fixtures/bgconv/sgf/gnubg-analysis.sgf",
	    BG_FORMAT_JSON);
	runs += try_write("fixtures/bgconv/sgf/gnubg-analysis.sgf",
	    BG_FORMAT_MAT);
	runs += try_write("tests/unit/nomem/analysis.json", BG_FORMAT_SGF);
	/* XG's analysis, rollouts and comments. */
	runs += try_file("tests/unit/bin/analysis.xg", 0);
	runs += try_file("tests/unit/bin/analysis-v30.xgp", 0);
	runs += try_write("tests/unit/bin/analysis.xg", BG_FORMAT_SGF);
	runs += try_write("tests/unit/bin/analysis.xg", BG_FORMAT_JSON);
	/* The match equity tables of the statistics. */
	runs += try_met(NULL);
	runs += try_met("fixtures/bgscore/stats/met-ok.xml");
	runs += try_met("fixtures/bgscore/stats/met-bad.xml");
	printf("test_nomem: %ld runs\n", runs);
	T_DONE("test_nomem");
}
