/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_format.c: the table of formats (lib/format.c) as bg_format_list
 * shows it, its names and aliases, and the bidding of the formats on the
 * first bytes of an input (lib/reader.c), above all on the starts that
 * more than one format could claim; each start read from a buffer, and
 * from a callback one byte a call and all at once, which must agree.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "t.h"

static void
test_list(void)
{
	bg_format_info fi;
	bg_format f;
	int seen[BG_FORMAT_GAM + 1] = { 0 };
	size_t i;
	bg_reader *r;

	for (i = 0; bg_format_list(&fi, i) == 0; i++) {
		CHECK(fi.format > BG_FORMAT_AUTO && fi.format <= BG_FORMAT_GAM);
		if (fi.format <= BG_FORMAT_AUTO || fi.format > BG_FORMAT_GAM)
			continue;
		seen[fi.format]++;
		CHECK_STR(bg_format_name(fi.format), fi.name);
		CHECK(bg_format_parse(&f, fi.name) == 0 && f == fi.format);
		CHECK(fi.description[0] != '\0' && fi.extensions[0] == '.');
		CHECK(fi.aliases != NULL && fi.lost != NULL);
		CHECK_INT(bg_writer_can(fi.format), fi.can_write);
		r = bg_reader_new_mem("", 0, NULL);
		CHECK_INT(bg_reader_set_format(r, fi.format) == 0, fi.can_read);
		bg_reader_free(r);
	}
	CHECK_INT(i, BG_FORMAT_GAM);
	for (i = BG_FORMAT_MAT; i <= BG_FORMAT_GAM; i++)
		CHECK_INT(seen[i], 1);
	CHECK(bg_format_list(NULL, 0) == -BG_EINVAL);
	CHECK(bg_format_list(&fi, 99) == -BG_EINVAL);
	/* The first row is .mat; html is written only. */
	CHECK(bg_format_list(&fi, 0) == 0 && fi.format == BG_FORMAT_MAT);
	CHECK(bg_format_parse(&f, "html") == 0 && f == BG_FORMAT_HTML);
	CHECK(bg_format_list(&fi, 4) == 0 && fi.format == BG_FORMAT_HTML &&
	    !fi.can_read && fi.can_write);
	/* Aliases, "auto", and names that are none. */
	CHECK(bg_format_parse(&f, "jsonl") == 0 && f == BG_FORMAT_JSON);
	CHECK(bg_format_parse(&f, "poslist") == 0 && f == BG_FORMAT_POSLIST);
	CHECK(bg_format_parse(&f, "postext") == 0 && f == BG_FORMAT_POSTEXT);
	CHECK(bg_format_parse(&f, "auto") == 0 && f == BG_FORMAT_AUTO);
	CHECK_STR(bg_format_name(BG_FORMAT_AUTO), "auto");
	CHECK(bg_format_parse(&f, "") == -BG_EINVAL);
	CHECK(bg_format_parse(&f, "json ") == -BG_EINVAL);
	CHECK(bg_format_parse(&f, "jsonl poslist") == -BG_EINVAL);
	CHECK(bg_format_name((bg_format)99) == NULL);
}

struct feed {
	const char	*p;
	size_t		 n, at, step;
};

static long
feed(void *ctx, char *buf, size_t n)
{
	struct feed *f = ctx;
	size_t k = f->n - f->at;

	if (k > f->step)
		k = f->step;
	if (k > n)
		k = n;
	memcpy(buf, f->p + f->at, k);
	f->at += k;
	return (long)k;
}

/* The format told from p[0..n): from memory, and by callback. */
static void
told(const char *p, size_t n, bg_format want, int line)
{
	static const size_t steps[] = { 1, 7, 1 << 20 };
	const bg_match *m;
	struct feed f;
	bg_reader *r;
	size_t k;

	r = bg_reader_new_mem(p, n, "t");
	bg_reader_next_match(r, &m);
	if (bg_reader_format(r) != want)
		fprintf(stderr, "line %d: from memory\n", line);
	CHECK_STR(bg_format_name(bg_reader_format(r)), bg_format_name(want));
	bg_reader_free(r);
	for (k = 0; k < sizeof steps / sizeof steps[0]; k++) {
		f.p = p;
		f.n = n;
		f.at = 0;
		f.step = steps[k];
		r = bg_reader_new(feed, &f, "t");
		bg_reader_next_match(r, &m);
		if (bg_reader_format(r) != want)
			fprintf(stderr, "line %d: %zu bytes a read\n", line,
			    steps[k]);
		CHECK_STR(bg_format_name(bg_reader_format(r)),
		    bg_format_name(want));
		bg_reader_free(r);
	}
}

#define TOLD(s, f)	told((s), sizeof (s) - 1, (f), __LINE__)

#define BORDER	"+13-14-15-16-17-18------19-20-21-22-23-24-+\n"
#define XGID	"XGID=-b----E-C---eE---c-e----B-:0:0:1:52:0:0:0:0:10\n"

static void
test_bids(void)
{
	char big[6000];
	size_t n;

	/* Nothing, blanks and a cut mark: .mat, which names what it is. */
	TOLD("", BG_FORMAT_MAT);
	TOLD(" \t\r\n\f\v", BG_FORMAT_MAT);
	TOLD("\xef\xbb", BG_FORMAT_MAT);
	/* Magic numbers, whole or cut, before any text. */
	TOLD("RGMH\1\0\0\0", BG_FORMAT_XG);
	TOLD("RG", BG_FORMAT_XG);
	TOLD("RGx", BG_FORMAT_MAT);
	TOLD("\x7c\0\0\0 12", BG_FORMAT_POS);
	TOLD("\x7e\0", BG_FORMAT_POS);
	TOLD("\x7d\0\1\0", BG_FORMAT_MAT);
	/* Brackets: JSON's and SGF's, and no line format's. */
	TOLD("\xef\xbb\xbf  {\"match\":1}\n", BG_FORMAT_JSON);
	TOLD("[ \n 1]", BG_FORMAT_JSON);
	TOLD("[\n", BG_FORMAT_MAT);
	TOLD("[x\nboard:x\n", BG_FORMAT_MAT);
	TOLD("(\n ;FF[4]", BG_FORMAT_SGF);
	TOLD("( x\n" XGID BORDER, BG_FORMAT_MAT);
	TOLD("{\n" XGID BORDER, BG_FORMAT_JSON);
	/* gnubg's log, whole or cut. */
	TOLD("The score (after 2 games) is: a 0, b 1\n", BG_FORMAT_GNUBGTEXT);
	TOLD("  The sc", BG_FORMAT_GNUBGTEXT);
	TOLD("The score is 1\n", BG_FORMAT_MAT);
	/* Snowie's line beats the line formats; digits alone are .mat's. */
	TOLD("0;1;-2;3;\n" XGID BORDER, BG_FORMAT_SNOWIE);
	TOLD("12;-", BG_FORMAT_MAT);
	TOLD("34028236692093", BG_FORMAT_MAT);
	TOLD("34028236692093\n", BG_FORMAT_POSLIST);
	TOLD(" 5 point match\n", BG_FORMAT_MAT);
	/* An export needs both its ID line and its board. */
	TOLD("\n  " XGID "\n" BORDER, BG_FORMAT_POSTEXT);
	TOLD(XGID, BG_FORMAT_POSLIST);
	TOLD("x XGID=\n" BORDER, BG_FORMAT_MAT);
	TOLD("# list\n4HPwATDgc/ABMA:cAkAAAAAAAAA\n", BG_FORMAT_POSLIST);
	TOLD("id,name\n4HPwATDgc/ABMA,x\n", BG_FORMAT_POSLIST);
	TOLD("id\n4HPwATDgc/ABMA\n", BG_FORMAT_MAT);
	/* FIBS: oldmoves by its first line, a log by any of its lines. */
	TOLD("\n Score is 3-1 in a 5 point match.\nboard:x\n",
	    BG_FORMAT_OLDMOVES);
	TOLD("Score is x\n", BG_FORMAT_MAT);
	TOLD("hello\nlogin: \n", BG_FORMAT_FIBSLOG);
	TOLD("hello\n login:\n", BG_FORMAT_MAT);
	TOLD("x\nStarting a new game with bob.\n", BG_FORMAT_FIBSLOG);
	TOLD("x\nalice: board:x\n", BG_FORMAT_FIBSLOG);
	TOLD("x\nal ice: board:x\n", BG_FORMAT_MAT);
	TOLD("x\na:b: board:x\n", BG_FORMAT_MAT);
	TOLD("x\nabcdefghijklmnopqrstuvwxyz012345: board:x\n",
	    BG_FORMAT_FIBSLOG);
	TOLD("x\nabcdefghijklmnopqrstuvwxyz0123456: board:x\n",
	    BG_FORMAT_MAT);
	TOLD("\xff\xfeh\0i\0\n\0b\0o\0a\0r\0d\0:\0", BG_FORMAT_FIBSLOG);
	TOLD("\xfe\xff\0S\0c\0o\0r\0e\0 \0i\0s\0 \0\x37", BG_FORMAT_OLDMOVES);
	TOLD("\xff\xfeh\0i\0", BG_FORMAT_MAT);
	/* What lies beyond the bytes read ahead does not count. */
	for (n = 0; n + 18 < 4096; n += 18)
		memcpy(big + n, "  1) 52: 13/8 6/4\n", 18);
	memcpy(big + n, "board:\n", 7);
	told(big, n + 7, BG_FORMAT_FIBSLOG, __LINE__);
	memset(big + n, '\n', 4096 - n);
	memcpy(big + 4096, "board:\n", 7);
	told(big, 4096 + 7, BG_FORMAT_MAT, __LINE__);
}

int
main(void)
{
	test_list();
	test_bids();
	T_DONE("test_format");
}
