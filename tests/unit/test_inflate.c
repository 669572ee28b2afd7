/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_inflate.c: an XG file read through the caller's inflation
 * (bg_reader_set_inflate(), bg_pipeline_set_inflate()).  Functions
 * that call zlib themselves give what the library's own use of zlib
 * gives, every diagnostic and byte of the JSON written alike; functions
 * that fail give the file's error, each failure its message.  Reads
 * tests/unit/bin/analysis.xg, which tests/xgmake.py builds (Makefile).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "bgkit.h"
#include "t.h"

#define XGFILE	"tests/unit/bin/analysis.xg"

/* A growing buffer: bg_write_fn's ctx. */
struct buf {
	char	*p;
	size_t	 n, cap;
};

static long
put(void *ctx, const char *s, size_t n)
{
	struct buf *b = ctx;

	if (b->n + n + 1 > b->cap) {
		b->cap = (b->n + n + 1) * 2;
		if ((b->p = realloc(b->p, b->cap)) == NULL)
			abort();
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
	return (long)n;
}

/* What the hooks do: zlib's answers, or a failure. */
enum how { H_ZLIB, H_DAMAGED, H_FEWER, H_MORE, H_NOMEM, H_BADCRC };

struct hook {
	enum how how;
	int	 inflates, crcs;	/* the calls made */
};

static int
hook_inflate(void *ctx, const unsigned char *in, size_t n,
    unsigned char *out, size_t outsize)
{
	struct hook *h = ctx;
	uLongf got = (uLongf)outsize;
	int rc;

	h->inflates++;
	switch (h->how) {
	case H_DAMAGED:
		return BG_INFLATE_DAMAGED;
	case H_FEWER:
		return BG_INFLATE_FEWER;
	case H_MORE:
		return BG_INFLATE_MORE;
	case H_NOMEM:
		return -BG_ENOMEM;
	default:
		break;
	}
	rc = uncompress(out, &got, in, (uLong)n);
	if (rc == Z_BUF_ERROR)
		return BG_INFLATE_MORE;
	if (rc == Z_MEM_ERROR)
		return -BG_ENOMEM;
	if (rc != Z_OK)
		return BG_INFLATE_DAMAGED;
	return got == outsize ? 0 : BG_INFLATE_FEWER;
}

static unsigned long
hook_crc32(void *ctx, const unsigned char *p, size_t n)
{
	struct hook *h = ctx;
	unsigned long c = crc32(0L, p, (uInt)n);

	h->crcs++;
	return h->how == H_BADCRC ? c ^ 1 : c;
}

static char *
slurp(const char *path, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	char *b;
	long n;

	if (fp == NULL || fseek(fp, 0, SEEK_END) != 0 || (n = ftell(fp)) < 0 ||
	    fseek(fp, 0, SEEK_SET) != 0 || (b = malloc((size_t)n + 1)) ==
	    NULL || fread(b, 1, (size_t)n, fp) != (size_t)n) {
		fprintf(stderr, "test_inflate: cannot read %s (make "
		    "tests/unit/bin/test_inflate builds it)\n", path);
		exit(1);
	}
	fclose(fp);
	*len = (size_t)n;
	return b;
}

/* Every diagnostic of r, as text, into out. */
static void
diags(struct buf *out, const bg_reader *r)
{
	size_t i;

	for (i = 0; i < bg_reader_diag_count(r); i++)
		bg_diag_write(put, out, BG_OUT_TEXT, "x.xg", NULL,
		    bg_reader_diag(r, i));
}

/*
 * Read the file with h's hooks (zlib's own when h is NULL): the JSON
 * written into *json, the diagnostics into *diag.  Return the reader's
 * last code.
 */
static int
readxg(const char *in, size_t len, struct hook *h, struct buf *json,
    struct buf *diag)
{
	bg_reader *r = bg_reader_new_mem(in, len, "x.xg");
	bg_writer *w = bg_writer_new(BG_FORMAT_JSON, put, json);
	const bg_match *m;
	const bg_game *g;
	int rc, grc = 0;

	if (r == NULL || w == NULL)
		abort();
	if (h != NULL)
		CHECK_INT(bg_reader_set_inflate(r, hook_inflate, hook_crc32,
		    h), 0);
	while ((rc = bg_reader_next_match(r, &m)) > 0) {
		diags(diag, r);
		bg_writer_match(w, m);
		while ((grc = bg_reader_next_game(r, &g)) > 0) {
			diags(diag, r);
			bg_writer_game(w, g);
		}
		diags(diag, r);
		if (grc < 0)
			break;
	}
	if (rc == 0)
		diags(diag, r);
	bg_writer_end(w);
	/* Too late once reading started. */
	CHECK_INT(bg_reader_set_inflate(r, NULL, NULL, NULL), -BG_EINVAL);
	bg_reader_free(r);
	bg_writer_free(w);
	return rc < 0 ? rc : grc;
}

/* The diagnostics when the hooks fail as how says. */
static void
failing(const char *in, size_t len, enum how how, const char *want)
{
	struct buf json = { 0 }, diag = { 0 };
	struct hook h = { 0 };
	int rc;

	h.how = how;
	rc = readxg(in, len, &h, &json, &diag);
	if (how == H_NOMEM)
		CHECK_INT(rc, -BG_ENOMEM);
	else
		CHECK_STR(diag.p != NULL ? diag.p : "", want);
	free(json.p);
	free(diag.p);
}

/* The pipeline hands its hooks to its reader. */
static void
pipeline(const char *in, size_t len, const char *want)
{
	bg_pipeline *p = bg_pipeline_new_mem(in, len, "x.xg");
	struct hook h = { H_ZLIB, 0, 0 };
	struct buf diag = { 0 };
	size_t i;
	int ev;

	if (p == NULL)
		abort();
	CHECK_INT(bg_pipeline_set_inflate(p, hook_inflate, NULL, &h),
	    -BG_EINVAL);
	CHECK_INT(bg_pipeline_set_inflate(p, hook_inflate, hook_crc32, &h), 0);
	while ((ev = bg_pipeline_next(p)) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			if (bg_pipeline_diag(p, i)->severity == BG_SEV_ERROR)
				bg_diag_write(put, &diag, BG_OUT_TEXT, "x.xg",
				    NULL, bg_pipeline_diag(p, i));
	CHECK_INT(ev, 0);
	CHECK(h.inflates > 0 && h.crcs > 0);
	CHECK_INT(bg_pipeline_set_inflate(p, NULL, NULL, NULL), -BG_EINVAL);
	CHECK_STR(diag.p != NULL ? diag.p : "", want);
	bg_pipeline_free(p);
	free(diag.p);
}

int
main(void)
{
	struct buf j0 = { 0 }, d0 = { 0 }, j1 = { 0 }, d1 = { 0 };
	struct hook h = { H_ZLIB, 0, 0 };
	size_t len;
	char *in = slurp(XGFILE, &len);
	int rc0, rc1;

	rc0 = readxg(in, len, NULL, &j0, &d0);
	rc1 = readxg(in, len, &h, &j1, &d1);
	CHECK_INT(rc0, 0);
	CHECK_INT(rc1, 0);
	CHECK(j0.n > 1000);
	CHECK(h.inflates >= 2 && h.crcs >= 2);
	CHECK_STR(j1.p, j0.p);
	CHECK_STR(d1.p != NULL ? d1.p : "", d0.p != NULL ? d0.p : "");

	failing(in, len, H_DAMAGED, "x.xg: error: malformed eXtreme Gammon "
	    "file: archive index: its compressed data is damaged\n");
	failing(in, len, H_FEWER, "x.xg: error: malformed eXtreme Gammon "
	    "file: archive index: it inflates to less than its index says\n");
	failing(in, len, H_MORE, "x.xg: error: malformed eXtreme Gammon "
	    "file: archive index: it inflates to more than its index says\n");
	failing(in, len, H_BADCRC, "x.xg: error: malformed eXtreme Gammon "
	    "file: the archive's checksum does not match: the file is "
	    "damaged\n");
	failing(in, len, H_NOMEM, NULL);
	pipeline(in, len, "");

	{
		bg_reader *r = bg_reader_new_mem(in, len, "x.xg");

		CHECK_INT(bg_reader_set_inflate(r, NULL, hook_crc32, &h),
		    -BG_EINVAL);
		CHECK_INT(bg_reader_set_inflate(NULL, hook_inflate,
		    hook_crc32, &h), -BG_EINVAL);
		bg_reader_free(r);
	}
	free(in);
	free(j0.p);
	free(d0.p);
	free(j1.p);
	free(d1.p);
	T_DONE("test_inflate");
}
