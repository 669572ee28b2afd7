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

/* Every diagnostic of r, as text, to fp. */
static void
diags(FILE *fp, const bg_reader *r)
{
	size_t i;

	for (i = 0; i < bg_reader_diag_count(r); i++)
		bg_diag_write(bg_write_stdio, fp, BG_OUT_TEXT, "x.xg", NULL,
		    bg_reader_diag(r, i));
}

/*
 * Read the file with h's hooks (zlib's own when h is NULL): the JSON
 * written into a new string *json, the diagnostics into *dtext.  Return
 * the reader's last code.
 */
static int
readxg(const char *in, size_t len, struct hook *h, char **json,
    char **dtext)
{
	size_t jn, dn;
	FILE *jf = open_memstream(json, &jn), *diag = open_memstream(dtext,
	    &dn);
	bg_reader *r = bg_reader_new_mem(in, len, "x.xg");
	bg_writer *w = bg_writer_new(BG_FORMAT_JSON, bg_write_stdio, jf);
	const bg_match *m;
	const bg_game *g;
	int rc, grc = 0;

	if (jf == NULL || diag == NULL || r == NULL || w == NULL)
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
	fclose(jf);
	fclose(diag);
	return rc < 0 ? rc : grc;
}

/* The diagnostics when the hooks fail as how says. */
static void
failing(const char *in, size_t len, enum how how, const char *want)
{
	char *json, *diag;
	struct hook h = { 0 };
	int rc;

	h.how = how;
	rc = readxg(in, len, &h, &json, &diag);
	if (how == H_NOMEM)
		CHECK_INT(rc, -BG_ENOMEM);
	else
		CHECK_STR(diag, want);
	free(json);
	free(diag);
}

/* The pipeline hands its hooks to its reader. */
static void
pipeline(const char *in, size_t len, const char *want)
{
	bg_pipeline *p = bg_pipeline_new_mem(in, len, "x.xg");
	struct hook h = { H_ZLIB, 0, 0 };
	char *diag;
	size_t i, dn;
	FILE *fp = open_memstream(&diag, &dn);
	int ev;

	if (p == NULL || fp == NULL)
		abort();
	CHECK_INT(bg_pipeline_set_inflate(p, hook_inflate, NULL, &h),
	    -BG_EINVAL);
	CHECK_INT(bg_pipeline_set_inflate(p, hook_inflate, hook_crc32, &h), 0);
	while ((ev = bg_pipeline_next(p)) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			if (bg_pipeline_diag(p, i)->severity == BG_SEV_ERROR)
				bg_diag_write(bg_write_stdio, fp, BG_OUT_TEXT,
				    "x.xg", NULL, bg_pipeline_diag(p, i));
	CHECK_INT(ev, 0);
	CHECK(h.inflates > 0 && h.crcs > 0);
	CHECK_INT(bg_pipeline_set_inflate(p, NULL, NULL, NULL), -BG_EINVAL);
	fclose(fp);
	CHECK_STR(diag, want);
	bg_pipeline_free(p);
	free(diag);
}

int
main(void)
{
	char *j0, *d0, *j1, *d1;
	struct hook h = { H_ZLIB, 0, 0 };
	size_t len;
	char *in = t_slurp(XGFILE, &len);
	int rc0, rc1;

	rc0 = readxg(in, len, NULL, &j0, &d0);
	rc1 = readxg(in, len, &h, &j1, &d1);
	CHECK_INT(rc0, 0);
	CHECK_INT(rc1, 0);
	CHECK(strlen(j0) > 1000);
	CHECK(h.inflates >= 2 && h.crcs >= 2);
	CHECK_STR(j1, j0);
	CHECK_STR(d1, d0);

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
	free(j0);
	free(d0);
	free(j1);
	free(d1);
	T_DONE("test_inflate");
}
