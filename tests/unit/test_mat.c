/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_mat.c: unit tests of the record model (lib/record.c) and the .mat
 * reader (lib/fmt_mat.c) on small inline inputs, one or more per quirk
 * of bgkit-mat(5).  Most tests read a text and compare a one-line-per-
 * record dump with what is expected.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "t.h"

static const char *const kinds[] = {
	"move", "double", "take", "drop", "beaver", "raccoon", "win",
	"loss", "illegal", "setpos", "comment", "unparsed"
};

struct src {
	const char	*p;
	size_t		 len, pos, chunk;
	int		 fail_at;	/* return -1 after this many bytes */
};

static long
src_read(void *ctx, char *buf, size_t n)
{
	struct src *s = ctx;
	size_t k = s->len - s->pos;

	if (s->fail_at >= 0 && s->pos >= (size_t)s->fail_at)
		return -1;
	if (k > n)
		k = n;
	if (s->chunk && k > s->chunk)
		k = s->chunk;
	memcpy(buf, s->p + s->pos, k);
	s->pos += k;
	return (long)k;
}

static char out[1 << 16];
static size_t outlen;

static void
emit(const char *s)
{
	size_t n = strlen(s);

	if (outlen + n < sizeof out) {
		memcpy(out + outlen, s, n + 1);
		outlen += n;
	}
}

static void
diags(const bg_reader *r)
{
	char buf[256];
	size_t i;

	for (i = 0; i < bg_reader_diag_count(r); i++) {
		const bg_diag *d = bg_reader_diag(r, i);

		snprintf(buf, sizeof buf, "! %d:%d %s g%d m%d s%d %s\n",
		    d->line, d->col, bg_code_name(d->code), d->game, d->move,
		    d->side, d->detail);
		emit(buf);
	}
}

/*
 * Read s[0..len) in chunks of chunk bytes (0: as much as asked) and dump
 * records (and headers when hdr) into out.  Returns the last status.
 */
static int
dumpn(const char *s, size_t len, size_t chunk, int hdr)
{
	struct src src = { s, len, 0, chunk, -1 };
	bg_reader *r = bg_reader_new(src_read, &src, "t.mat");
	const bg_match *m;
	const bg_game *g;
	char buf[512];
	size_t i;
	int rc;

	outlen = 0;
	out[0] = '\0';
	if (r == NULL)
		return -BG_ENOMEM;
	while ((rc = bg_reader_next_match(r, &m)) > 0) {
		if (hdr) {
			snprintf(buf, sizeof buf, "match %d %s|%s\n",
			    bg_match_length(m),
			    bg_match_player(m, 0) ? bg_match_player(m, 0) : "-",
			    bg_match_player(m, 1) ? bg_match_player(m, 1) : "-");
			emit(buf);
		}
		diags(r);
		while ((rc = bg_reader_next_game(r, &g)) > 0) {
			if (hdr) {
				snprintf(buf, sizeof buf, "game %d %s:%d|%s:%d\n",
				    bg_game_number(g),
				    bg_game_player(g, 0) ?
				    bg_game_player(g, 0) : "-",
				    bg_game_score(g, 0),
				    bg_game_player(g, 1) ?
				    bg_game_player(g, 1) : "-",
				    bg_game_score(g, 1));
				emit(buf);
			}
			for (i = 0; i < bg_game_record_count(g); i++) {
				const bg_record *rec = bg_game_record(g, i);
				char v[16] = "";

				if (rec->kind != BG_REC_MOVE && rec->value)
					snprintf(v, sizeof v, "[%d]", rec->value);
				snprintf(buf, sizeof buf,
				    "%d:%d %d %s%s%s%s %d%d %d %s\n", rec->line,
				    rec->col, rec->side, kinds[rec->kind], v,
				    rec->flags & BG_RF_MATCH ? "+match" : "",
				    rec->code ? "!" : "", rec->dice[0],
				    rec->dice[1], rec->moveno, rec->text);
				emit(buf);
			}
			diags(r);
		}
		if (rc < 0)
			break;
		diags(r);
	}
	diags(r);
	bg_reader_free(r);
	return rc;
}

static int
dump(const char *s)
{
	return dumpn(s, strlen(s), 0, 0);
}

/* --------------------------------------------------------------- tests */

static void
test_gnubg(void)
{
	const char *in =
	    "; [Site \"somewhere\"]\n"
	    "; [EventDate \"2025.11.08\"]\n"
	    "; a free comment\n"
	    "\n"
	    " 7 point match\n"
	    "\n"
	    " Game 1\n"
	    " Alice : 0                      Bob : 0\n"
	    "  1)                             41: 13/9 24/23 \n"
	    "  2) 31: 6/5 8/5                 Doubles => 2\n"
	    "  3)  Takes                      64: 24/18* 13/9\n"
	    "  4) 62:                         Doubles => 4\n"
	    "  5)  Drops\n"
	    "      Wins 2 points\n"
	    "\n"
	    " Game 2\n"
	    " Alice : 2                      Bob : 0\n"
	    "  1) 52: 13/8 13/11              Doubles => 2\n"
	    "  2)  Drops\n"
	    "                                  Wins 1 point\n";
	const bg_match *m;
	const bg_game *g;
	const bg_record *rec;
	bg_reader *r;

	CHECK_INT(dump(in), 0);
	CHECK_STR(out,
	    "9:34 1 move 41 1 41: 13/9 24/23\n"
	    "10:6 0 move 31 2 31: 6/5 8/5\n"
	    "10:34 1 double[2] 00 2 Doubles => 2\n"
	    "11:7 0 take 00 3 Takes\n"
	    "11:34 1 move 64 3 64: 24/18* 13/9\n"
	    "12:6 0 move 62 4 62:\n"
	    "12:34 1 double[4] 00 4 Doubles => 4\n"
	    "13:7 0 drop 00 5 Drops\n"
	    "14:7 0 win[2] 00 0 Wins 2 points\n"
	    "18:6 0 move 52 1 52: 13/8 13/11\n"
	    "18:34 1 double[2] 00 1 Doubles => 2\n"
	    "19:7 0 drop 00 2 Drops\n"
	    "20:35 1 win[1] 00 0 Wins 1 point\n");

	/* The model through the API. */
	r = bg_reader_new_mem(in, strlen(in), "x.mat");
	CHECK(r != NULL);
	CHECK_INT(bg_reader_next_match(r, &m), 1);
	CHECK_INT(bg_reader_diag_count(r), 0);
	CHECK_INT(bg_match_length(m), 7);
	CHECK_INT(bg_match_line(m), 5);
	CHECK_STR(bg_match_source(m), "x.mat");
	CHECK_STR(bg_match_player(m, 0), "Alice");
	CHECK_STR(bg_match_player(m, 1), "Bob");
	CHECK_INT(bg_match_tag_count(m), 2);
	CHECK_STR(bg_match_tag_key(m, 1), "EventDate");
	CHECK_STR(bg_match_tag_value(m, 1), "2025.11.08");
	CHECK_STR(bg_match_tag(m, "eventdate"), "2025.11.08");
	CHECK_STR(bg_match_tag(m, "SITE"), "somewhere");
	CHECK(bg_match_tag(m, "Round") == NULL);
	CHECK_INT(bg_match_comment_count(m), 1);
	CHECK_STR(bg_match_comment(m, 0), "a free comment");
	CHECK(bg_match_comment(m, 1) == NULL);
	CHECK_INT(bg_reader_next_game(r, &g), 1);
	CHECK_INT(bg_game_number(g), 1);
	CHECK_INT(bg_game_line(g), 7);
	CHECK_INT(bg_game_score_line(g), 8);
	CHECK_STR(bg_game_player(g, 1), "Bob");
	CHECK_INT(bg_game_score(g, 0), 0);
	CHECK(bg_game_rating(g, 0) == NULL);
	CHECK_INT(bg_game_record_count(g), 9);
	rec = bg_game_record(g, 0);
	CHECK_INT(rec->note.kind, BG_NOTE_PLAY);
	CHECK_INT(rec->note.npath, 2);
	CHECK_INT(rec->note.path[0].pt[0], 13);
	CHECK_INT(rec->note.path[0].pt[1], 9);
	CHECK_INT(rec->note.dice[0], 4);
	CHECK_INT(rec->note.dice[1], 1);
	CHECK_INT(rec->len, strlen("41: 13/9 24/23"));
	CHECK_INT(bg_game_record(g, 4)->note.path[0].hit[1], 1);
	CHECK_INT(bg_game_record(g, 5)->note.kind, BG_NOTE_NONE);
	CHECK(bg_game_record(g, 9) == NULL);
	CHECK_INT(bg_reader_next_game(r, &g), 1);
	CHECK_INT(bg_game_number(g), 2);
	CHECK_INT(bg_game_score(g, 0), 2);
	CHECK_INT(bg_reader_next_game(r, &g), 0);
	CHECK(g == NULL);
	CHECK_INT(bg_reader_next_game(r, &g), 0);
	CHECK_INT(bg_reader_next_match(r, &m), 0);
	CHECK_INT(bg_reader_diag_count(r), 0);
	bg_reader_free(r);
	bg_reader_free(NULL);
}

/* BOM, CRLF, CR alone, no final newline, tabs, trailing blanks. */
static void
test_bytes(void)
{
	const char *want =
	    "5:6 0 move 31 1 31: 8/5 6/5\n"
	    "5:34 1 move 42 1 42: 8/4 6/4\n"
	    "6:7 0 win[1] 00 0 Wins 1 point\n";
	const char *lf =
	    " 1 point match\n\n Game 1\n A : 0     B : 0\n"
	    "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
	    "      Wins 1 point\n";
	char buf[512], *p;
	const char *in;
	size_t i, n;

	CHECK_INT(dump(lf), 0);
	CHECK_STR(out, want);

	/* UTF-8 BOM and CRLF; the BOM is not a column. */
	p = buf;
	memcpy(p, "\xef\xbb\xbf", 3);
	p += 3;
	for (i = 0; lf[i]; i++) {
		if (lf[i] == '\n')
			*p++ = '\r';
		*p++ = lf[i];
	}
	*p = '\0';
	CHECK_INT(dump(buf), 0);
	CHECK_STR(out, want);
	/* One byte at a time: CR LF split across reads. */
	CHECK_INT(dumpn(buf, strlen(buf), 1, 0), 0);
	CHECK_STR(out, want);

	/* CR alone. */
	for (i = 0; lf[i]; i++)
		buf[i] = lf[i] == '\n' ? '\r' : lf[i];
	buf[i] = '\0';
	CHECK_INT(dumpn(buf, strlen(buf), 1, 0), 0);
	CHECK_STR(out, want);

	/* No final newline, trailing blanks and tabs. */
	CHECK_INT(dump(" 1 point match\n Game 1 \t\n A : 0     B : 0   \n"
	    "  1) 31: 8/5 6/5                 42: 8/4 6/4 \t \n"
	    "      Wins 1 point   "), 0);
	CHECK_STR(out,
	    "4:6 0 move 31 1 31: 8/5 6/5\n"
	    "4:34 1 move 42 1 42: 8/4 6/4\n"
	    "5:7 0 win[1] 00 0 Wins 1 point\n");
	/* Tabs between the cells: columns count a tab as one character,
	 * sides go by position. */
	CHECK_INT(dump(" 1 point match\n Game 1\n A : 0\tB : 0\n"
	    "1)\t31: 8/5 6/5\t\t\t\t42: 8/4 6/4\n"
	    "2)\t\t\t\t\t43: 8/4 8/5\n"
	    "\tWins 1 point\n"), 0);
	CHECK_STR(out,
	    "4:4 0 move 31 1 31: 8/5 6/5\n"
	    "4:19 1 move 42 1 42: 8/4 6/4\n"
	    "5:8 1 move 43 2 43: 8/4 8/5\n"
	    "6:2 0 win[1] 00 0 Wins 1 point\n");

	/* UTF-16LE and UTF-16BE with BOM, non-ASCII names. */
	{
		const char *u8 = " 1 point match\r\n Game 1\r\n"
		    " Ana\xc3\xafs : 0       \xe6\x97\xa5 : 0\r\n"
		    "  1) 31: 8/5 6/5                 42: 8/4 6/4\r\n"
		    "      Wins 1 point";
		unsigned cps[256];
		size_t ncp = 0, k;
		int be;

		for (i = 0; u8[i]; ) {
			unsigned char c = (unsigned char)u8[i];

			if (c < 0x80)
				cps[ncp++] = c, i++;
			else if (c < 0xe0)
				cps[ncp++] = (c & 0x1f) << 6 |
				    (u8[i + 1] & 0x3f), i += 2;
			else
				cps[ncp++] = (c & 0x0f) << 12 |
				    (u8[i + 1] & 0x3f) << 6 |
				    (u8[i + 2] & 0x3f), i += 3;
		}
		for (be = 0; be < 2; be++) {
			n = 0;
			buf[n++] = be ? '\xfe' : '\xff';
			buf[n++] = be ? '\xff' : '\xfe';
			for (k = 0; k < ncp; k++) {
				char hi = (char)(cps[k] >> 8);
				char lo = (char)(cps[k] & 0xff);

				buf[n++] = be ? hi : lo;
				buf[n++] = be ? lo : hi;
			}
			CHECK_INT(dumpn(buf, n, 3, 1), 0);
			CHECK_STR(out,
			    "match 1 Ana\xc3\xafs|\xe6\x97\xa5\n"
			    "game 1 Ana\xc3\xafs:0|\xe6\x97\xa5:0\n"
			    "4:6 0 move 31 1 31: 8/5 6/5\n"
			    "4:34 1 move 42 1 42: 8/4 6/4\n"
			    "5:7 0 win[1] 00 0 Wins 1 point\n");
		}
		/* An odd final byte: U+FFFD and a warning. */
		CHECK_INT(dumpn(buf, n + 1, 0, 0), 0);
		CHECK(strstr(out, "bad_encoding") != NULL);
	}

	/* Latin-1 bytes: read as Latin-1, one warning for the file. */
	in = " 1 point match\n Game 1\n Ana\xefs : 0     J\xf6rg : 0\n"
	    "      Wins 1 point\n";
	CHECK_INT(dumpn(in, strlen(in), 0, 1), 0);
	CHECK_STR(out,
	    "match 1 Ana\xc3\xafs|J\xc3\xb6rg\n"
	    "! 3:0 bad_encoding g1 m0 s-1 Ana\xc3\xafs : 0     J\xc3\xb6rg : 0\n"
	    "game 1 Ana\xc3\xafs:0|J\xc3\xb6rg:0\n"
	    "4:7 0 win[1] 00 0 Wins 1 point\n");
}

/* Writers' layouts: XG/Backgammon Studio columns, overflow, moves. */
static void
test_layouts(void)
{
	CHECK_INT(dump(
	    "7 point match\n\n\n Game 1\n"
	    " Stormfell : 0                          Quimby : 0\n"
	    "  1) 51: 24/23 13/8                     42: 8/4 6/4\n"
	    "  9) 41: 9/5 7/6                         Doubles => 2\n"
	    "  10)  Takes                            64: 10/6 10/4\n"
	    "  11) 31: Cannot Move                   66: bar/18*(2) 6/off(2)\n"
	    "  12) 13: ???                           \n"
	    "  13) 65: ????\n"
	    "  24)  Wins 4 point\n"
	    "  25)\n"), 0);
	CHECK_STR(out,
	    "6:6 0 move 51 1 51: 24/23 13/8\n"
	    "6:41 1 move 42 1 42: 8/4 6/4\n"
	    "7:6 0 move 41 9 41: 9/5 7/6\n"
	    "7:42 1 double[2] 00 9 Doubles => 2\n"
	    "8:8 0 take 00 10 Takes\n"
	    "8:41 1 move 64 10 64: 10/6 10/4\n"
	    "9:7 0 move 31 11 31: Cannot Move\n"
	    "9:41 1 move 66 11 66: bar/18*(2) 6/off(2)\n"
	    "10:7 0 move 13 12 13: ???\n"
	    "11:7 0 move 65 13 65: ????\n"
	    "12:8 0 win[4] 00 24 Wins 4 point\n");

	/* Overflow: one space between cells; the right cell still splits. */
	CHECK_INT(dump(" 3 point match\n Game 1\n a : 0   b : 0\n"
	    "  9) 11: 25/24 23/22 22/21* 13/12 61: 13/7 8/7\n"
	    " 14) 11: 17/16 16/15 15/14 14/13*41: 25/21\n"), 0);
	CHECK_STR(out,
	    "4:6 0 move 11 9 11: 25/24 23/22 22/21* 13/12\n"
	    "4:35 1 move 61 9 61: 13/7 8/7\n"
	    "5:6 0 move! 11 14 11: 17/16 16/15 15/14 14/13*41: 25/21\n"
	    "! 5:34 syntax g1 m14 s0 11: 17/16 16/15 15/14 14/13*41: 25/21\n"
	    "! 5:0 unexpected_eof g1 m0 s-1 \n");

	/* Moves and notes: dice low first, flags, dance, kinds. */
	{
		const char *in = " 1 point match\n Game 1\n a : 0   b : 0\n"
		    "  1) 14: 24/23 13/9              64:\n"
		    "  2) 13: 8/5 6/5                 55: 13/3(2)\n";
		bg_reader *r = bg_reader_new_mem(in, strlen(in), NULL);
		const bg_game *g;
		const bg_match *m;
		const bg_record *rec;

		CHECK_INT(bg_reader_next_match(r, &m), 1);
		CHECK_STR(bg_match_source(m), "<stdin>");
		CHECK_INT(bg_reader_next_game(r, &g), 1);
		rec = bg_game_record(g, 0);
		CHECK_INT(rec->dice[0], 1);
		CHECK_INT(rec->dice[1], 4);
		CHECK(rec->flags & BG_RF_LOWFIRST);
		rec = bg_game_record(g, 1);
		CHECK(!(rec->flags & BG_RF_LOWFIRST));
		CHECK_INT(rec->note.kind, BG_NOTE_NONE);
		CHECK_INT(rec->kind, BG_REC_MOVE);
		rec = bg_game_record(g, 3);
		CHECK_INT(rec->note.path[0].count, 2);
		CHECK_INT(bg_reader_diag_count(r), 1);	/* no result */
		CHECK_INT(bg_reader_diag(r, 0)->code, BG_WEOF);
		CHECK_INT(bg_reader_diag(r, 0)->severity, BG_SEV_WARNING);
		CHECK_INT(bg_reader_diag(r, 0)->line, 5);
		CHECK_INT(bg_reader_diag(r, 0)->game, 1);
		bg_reader_free(r);
	}
}

/* Results and which column wins. */
static void
test_results(void)
{
	/* Galaxy: Losses next to the winner, "and the match". */
	CHECK_INT(dump(" 5 point match\n Game 4\n a : 4   b : 4\n"
	    " 29)  Losses 1 point                                  "
	    "Wins 1 point and the match\n"
	    "\n"
	    " Game 5\n a : 4   b : 5\n"
	    " 25) 65: 3/0 3/0                  Losses 3 point\n"
	    "      Wins 3 point and the match\n"), 0);
	CHECK_STR(out,
	    "4:7 0 loss[1] 00 29 Losses 1 point\n"
	    "4:55 1 win[1]+match 00 29 Wins 1 point and the match\n"
	    "8:6 0 move 65 25 65: 3/0 3/0\n"
	    "8:35 1 loss[3] 00 25 Losses 3 point\n"
	    "9:7 0 win[3]+match 00 0 Wins 3 point and the match\n");

	/* A resignation after a roll, far right on the roll's line; the
	 * Studio "????" with "Wins" on the same numbered line. */
	CHECK_INT(dump(" 5 point match\n Game 1\n a : 0   b : 0\n"
	    " 15) 32:                                   Wins 6 points\n"
	    "\n Game 2\n a : 0   b : 6\n"
	    "  24) 32: ????                           Wins 4016 point\n"
	    "\n Game 3\n a : 0   b : 6\n"
	    "  41)                                    Wins 2 point\n"
	    "\n Game 4\n a : 0   b : 6\n"
	    "  23)  Wins 2 point\n"), 0);
	CHECK_STR(out,
	    "4:6 0 move 32 15 32:\n"
	    "4:44 1 win[6] 00 15 Wins 6 points\n"
	    "8:7 0 move 32 24 32: ????\n"
	    "8:42 1 win[4016] 00 24 Wins 4016 point\n"
	    "12:42 1 win[2] 00 41 Wins 2 point\n"
	    "16:8 0 win[2] 00 23 Wins 2 point\n");

	/* The learned right column: far-right cells (OpenGammon, 80 wide). */
	CHECK_INT(dump("5 point match\n Game 1\n"
	    " x: 0                                     y: 0\n"
	    "  1) 25: 13/8 6/4                             43: 25/21 24/21\n"
	    "                                           Wins 3 points\n"
	    "                      Wins 1 point\n"), 0);
	CHECK_STR(out,
	    "4:6 0 move 25 1 25: 13/8 6/4\n"
	    "4:47 1 move 43 1 43: 25/21 24/21\n"
	    "5:44 1 win[3] 00 0 Wins 3 points\n"
	    "6:23 0 win[1] 00 0 Wins 1 point\n");

	/* Cube words, Snowie's illegal play, spelling warnings. */
	CHECK_INT(dump(" 0 point match\n Game 1\n a : 0   b : 0\n"
	    "  1)  Doubles => 2                Beavers => 4\n"
	    "  2)  Raccoons => 8               Takes\n"
	    "  3) 52: Illegal play (25;0;1;2)  Illegal play (x: y)\n"
	    "  4)  doubles => 16               Take\n"
	    "  5)  Double                      Drop\n"
	    "      win 32 points\n"), 0);
	CHECK_STR(out,
	    "4:7 0 double[2] 00 1 Doubles => 2\n"
	    "4:35 1 beaver[4] 00 1 Beavers => 4\n"
	    "5:7 0 raccoon[8] 00 2 Raccoons => 8\n"
	    "5:35 1 take 00 2 Takes\n"
	    "6:6 0 illegal 52 3 52: Illegal play (25;0;1;2)\n"
	    "6:35 1 illegal 00 3 Illegal play (x: y)\n"
	    "7:7 0 double[16] 00 4 doubles => 16\n"
	    "7:35 1 take 00 4 Take\n"
	    "8:7 0 double 00 5 Double\n"
	    "8:35 1 drop 00 5 Drop\n"
	    "9:7 0 win[32] 00 0 win 32 points\n"
	    "! 7:7 non_canonical_spelling g1 m4 s0 doubles => 16\n"
	    "! 7:35 non_canonical_spelling g1 m4 s1 Take\n"
	    "! 8:7 non_canonical_spelling g1 m5 s0 Double\n"
	    "! 8:35 non_canonical_spelling g1 m5 s1 Drop\n"
	    "! 9:7 non_canonical_spelling g1 m0 s0 win 32 points\n");
}

/* Score lines, ratings, money sessions, several matches, comments. */
static void
test_matches(void)
{
	const char *in =
	    "; [Site \"XG Mobile\"]\n"
	    "; [Player 1 \"Ken\"]\n"
	    "; [EventDate \"2022.12.24\"]   \n"
	    "\n"
	    "0 point match\n"
	    "\n"
	    "Game 1 \n"
	    "Pavel,1615 : 0                      tova,1756.5 : 0 \n"
	    " 1)                                  15: 24/23 23/18\n"
	    "; [Game 1, Move 2: Dice set to 21]\n"
	    "; Set Pos=-b----E-C---eE---c-e----B-/0\n"
	    " 2) 21: 13/11 8/7\n"
	    "47)  Wins 4 point\n"
	    "; a comment before game 2\n"
	    "Game 2\n"
	    "MaraQuill42: 4                           bexwood: 0\n"
	    "   Wins 1 point\n"
	    "\n"
	    "; [Site \"second\"]\n"
	    "# another\n"
	    " 3 point match\n"
	    " Game 1\n"
	    " P  Q : 0     R   S : 0\n"
	    "      Wins 3 points and the match\n";

	CHECK_INT(dumpn(in, strlen(in), 7, 1), 0);
	CHECK_STR(out,
	    "match 0 Pavel|tova\n"
	    "game 1 Pavel:0|tova:0\n"
	    "9:38 1 move 15 1 15: 24/23 23/18\n"
	    "10:1 -1 comment 00 0 [Game 1, Move 2: Dice set to 21]\n"
	    "11:1 -1 setpos 00 0 -b----E-C---eE---c-e----B-/0\n"
	    "12:5 0 move 21 2 21: 13/11 8/7\n"
	    "13:6 0 win[4] 00 47 Wins 4 point\n"
	    "game 2 MaraQuill42:4|bexwood:0\n"
	    "14:1 -1 comment 00 0 a comment before game 2\n"
	    "17:4 0 win[1] 00 0 Wins 1 point\n"
	    "match 3 P Q|R S\n"
	    "game 1 P Q:0|R S:0\n"
	    "24:7 0 win[3]+match 00 0 Wins 3 points and the match\n");

	/* Ratings and tags through the API. */
	{
		bg_reader *r = bg_reader_new_mem(in, strlen(in), "s.xg");
		const bg_match *m;
		const bg_game *g;

		CHECK_INT(bg_reader_next_match(r, &m), 1);
		CHECK_INT(bg_match_length(m), 0);
		CHECK_STR(bg_match_tag(m, "eventdate"), "2022.12.24");
		CHECK_INT(bg_reader_next_game(r, &g), 1);
		CHECK_STR(bg_game_rating(g, 0), "1615");
		CHECK_STR(bg_game_rating(g, 1), "1756.5");
		/* Skip the rest of the match: straight to the next. */
		CHECK_INT(bg_reader_next_match(r, &m), 1);
		CHECK_INT(bg_match_length(m), 3);
		CHECK_INT(bg_match_line(m), 21);
		CHECK_STR(bg_match_tag(m, "site"), "second");
		CHECK_INT(bg_match_comment_count(m), 1);
		CHECK_STR(bg_match_comment(m, 0), "another");
		CHECK_INT(bg_reader_next_game(r, &g), 1);
		CHECK(bg_game_rating(g, 0) == NULL);
		CHECK_INT(bg_reader_next_game(r, &g), 0);
		CHECK_INT(bg_reader_next_match(r, &m), 0);
		CHECK(m == NULL);
		bg_reader_free(r);
	}

	/* No score line: the players come from the tags. */
	{
		const char *in2 = "; [Player 1 \"Ann\"]\n; [player 2 \"Ben\"]\n"
		    " 1 point match\n Game 1\n  1) 31: 8/5 6/5\n";
		bg_reader *r = bg_reader_new_mem(in2, strlen(in2), "p");
		const bg_match *m;

		CHECK_INT(bg_reader_next_match(r, &m), 1);
		CHECK_STR(bg_match_player(m, 0), "Ann");
		CHECK_STR(bg_match_player(m, 1), "Ben");
		CHECK(bg_match_player(m, 2) == NULL);
		bg_reader_free(r);
	}
}

/* Everything that is not right becomes a diagnostic; reading goes on. */
static void
test_diagnostics(void)
{
	const char *in;

	/* Garbage lines, bad cells, bad notation with its column. */
	CHECK_INT(dump(" 3 point match\n Game 1\n a : 0   b : 0\n"
	    "  1) 31: 8/5 6/5                 42: 8/4 6/q\n"
	    "xyzzy plugh\n"
	    "  2) 6x: 13/7                    43: 8/4 8/5\n"
	    "  3) foo 31: 8/5 6/5\n"
	    "  4) 31: 8/5 6/5  42: 8/4 6/4  43: 8/4 8/5\n"
	    "  5) 65: 24/13\n"
	    "      Wins 1 point\n"), 0);
	CHECK_STR(out,
	    "4:6 0 move 31 1 31: 8/5 6/5\n"
	    "4:34 1 move! 42 1 42: 8/4 6/q\n"
	    "6:6 0 unparsed! 00 2 6x: 13/7\n"
	    "6:34 1 move 43 2 43: 8/4 8/5\n"
	    "7:6 0 unparsed! 00 3 foo\n"
	    "7:10 1 move 31 3 31: 8/5 6/5\n"
	    "8:6 0 move 31 4 31: 8/5 6/5\n"
	    "8:19 1 move 42 4 42: 8/4 6/4\n"
	    "8:32 0 move! 43 4 43: 8/4 8/5\n"
	    "9:6 0 move 65 5 65: 24/13\n"
	    "10:7 0 win[1] 00 0 Wins 1 point\n"
	    "! 4:44 syntax g1 m1 s1 42: 8/4 6/q\n"
	    "! 5:0 unparseable_line g1 m0 s-1 xyzzy plugh\n"
	    "! 6:7 bad_dice g1 m2 s0 6x: 13/7\n"
	    "! 7:6 unparseable_entry g1 m3 s0 foo\n"
	    "! 8:32 too_many_entries g1 m4 s0 43: 8/4 8/5\n");
	{
		const char *in1 = " 1 point match\n Game 1\n a : 0   b : 0\n"
		    "  1) 31: 8/5 6/q\n";
		bg_reader *r = bg_reader_new_mem(in1, strlen(in1), "d");
		const bg_match *m;
		const bg_game *g;
		const bg_record *rec;
		const bg_diag *d;

		bg_reader_next_match(r, &m);
		CHECK_INT(bg_reader_next_game(r, &g), 1);
		rec = bg_game_record(g, 0);
		CHECK_INT(rec->kind, BG_REC_MOVE);
		CHECK(rec->flags & BG_RF_BADPLAY);
		CHECK_INT(rec->note.kind, BG_NOTE_UNKNOWN);
		CHECK_INT(rec->code, BG_ESYNTAX);
		CHECK_INT(rec->dice[0], 3);
		d = bg_reader_diag(r, 0);
		CHECK_INT(d->code, BG_ESYNTAX);
		CHECK_INT(d->severity, BG_SEV_ERROR);
		CHECK_INT(d->line, 4);
		CHECK_INT(d->col, 16);
		CHECK_INT(d->game, 1);
		CHECK_INT(d->move, 1);
		CHECK_INT(d->side, 0);
		CHECK_INT(d->dice[0], 3);
		CHECK_INT(d->dice[1], 1);
		CHECK_STR(d->detail, "31: 8/5 6/q");
		CHECK(bg_reader_diag(r, 2) == NULL);
		bg_reader_free(r);
	}

	/* No match line: games are still read, length -1. */
	in = " Game 1\n a : 0   b : 0\n      Wins 1 point\n";
	CHECK_INT(dumpn(in, strlen(in), 0, 1), 0);
	CHECK_STR(out,
	    "match -1 a|b\n"
	    "! 1:0 no_match_line g0 m0 s-1 Game 1\n"
	    "game 1 a:0|b:0\n"
	    "3:7 0 win[1] 00 0 Wins 1 point\n");
	/* Not a match record at all; an empty input. */
	CHECK_INT(dump("hello\nworld\n"), 0);
	CHECK_STR(out, "! 1:0 no_match_line g0 m0 s-1 hello\n");
	CHECK_INT(dump(""), 0);
	CHECK_STR(out, "! 0:0 empty_input g0 m0 s-1 \n");
	CHECK_INT(dump(" \n\t\r\n\n"), 0);
	CHECK_STR(out, "! 0:0 empty_input g0 m0 s-1 \n");
	CHECK_INT(dump("; only\n; comments\n"), 0);
	CHECK_STR(out, "! 0:0 no_match_line g0 m0 s-1 \n");
	/*
	 * Binary data: named so at its line, no encoding warning, the
	 * input's first 16 bytes escaped, " ..." when it has more, however
	 * it was read.
	 */
	CHECK_INT(dumpn("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff", 17, 0, 0), 0);
	CHECK_STR(out, "! 2:0 binary_data g0 m0 s-1 it starts "
	    "\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR ...\n");
	CHECK_INT(dumpn("\x89PNG\r\n\x1a\n\0\0\0\rIHDR\xff", 17, 1, 0), 0);
	CHECK_STR(out, "! 2:0 binary_data g0 m0 s-1 it starts "
	    "\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHDR ...\n");
	CHECK_INT(dumpn("\x89PNG\r\n\x1a\n\0\0\0\rIHD\\", 16, 3, 0), 0);
	CHECK_STR(out, "! 2:0 binary_data g0 m0 s-1 it starts "
	    "\\x89PNG\\r\\n\\x1a\\n\\x00\\x00\\x00\\rIHD\\\\\n");
	CHECK_INT(dumpn("\0\t", 2, 0, 0), 0);
	CHECK_STR(out, "! 1:0 binary_data g0 m0 s-1 it starts \\x00\\t\n");
	CHECK_INT(dump("; [Event \"x\"]\nhello\n\x01\x02\n"), 0);
	CHECK_STR(out, "! 3:0 binary_data g0 m0 s-1 "
	    "it starts ; [Event \"x\"]\\nhe ...\n");
	/*
	 * A Jellyfish single game (.gam): two names, then the move lines;
	 * two words followed by no move line are no .gam.
	 */
	in = " Ann                  Bo\n\n  1) 31: 8/5 6/5     61: 13/7 8/7\n"
	    "      Wins 1 point\n";
	CHECK_INT(dumpn(in, strlen(in), 0, 1), 0);
	CHECK_STR(out,
	    "match -1 Ann|Bo\n"
	    "game 1 Ann:0|Bo:0\n"
	    "3:6 0 move 31 1 31: 8/5 6/5\n"
	    "3:22 1 move 61 1 61: 13/7 8/7\n"
	    "4:7 0 win[1] 00 0 Wins 1 point\n");
	CHECK_INT(dump(" Ann Bo\n\nhello\n"), 0);
	CHECK_STR(out, "! 1:0 no_match_line g0 m0 s-1 Ann Bo\n");
	CHECK_INT(dump(" Ann Bo Cy\n  1) 31: 8/5 6/5\n"), 0);
	CHECK_STR(out, "! 1:0 no_match_line g0 m0 s-1 Ann Bo Cy\n");
	/* Text before the match line, between it and Game 1. */
	CHECK_INT(dump("junk\nmore junk\n 1 point match\n stray\n Game 1\n"
	    " a : 0   b : 0\n      Wins 1 point\n"), 0);
	CHECK_STR(out,
	    "! 1:0 unparseable_line g0 m0 s-1 junk\n"
	    "! 4:0 unparseable_line g0 m0 s-1 stray\n"
	    "7:7 0 win[1] 00 0 Wins 1 point\n");
	/* Missing and malformed score lines. */
	CHECK_INT(dump(" 1 point match\n Game 1\n  1) 31: 8/5 6/5\n"
	    " Game 2\n Game 3\n a : 0 b\n  1) 42: 8/4 6/4\n"), 0);
	CHECK_STR(out,
	    "3:6 0 move 31 1 31: 8/5 6/5\n"
	    "! 3:0 bad_score_line g1 m0 s-1 1) 31: 8/5 6/5\n"
	    "! 4:0 bad_score_line g2 m0 s-1 \n"
	    "7:6 0 move 42 1 42: 8/4 6/4\n"
	    "! 6:0 bad_score_line g3 m0 s-1 a : 0 b\n"
	    "! 6:0 unparseable_line g3 m0 s-1 a : 0 b\n"
	    "! 7:0 unexpected_eof g3 m0 s-1 \n");
}

/* A truncated file, a long line, a read error, many games. */
static void
test_stream(void)
{
	static char big[200000];
	struct src src;
	bg_reader *r;
	const bg_match *m;
	const bg_game *g, *first = NULL;
	size_t n, i;
	int k, same = 1, rc;

	/* Cut in the middle of the last line. */
	CHECK_INT(dump(" 1 point match\n Game 1\n a : 0   b : 0\n"
	    "  1) 31: 8/5 6/5                 42: 8/4 6/4\n"
	    "  2) 52: 13/8"), 0);
	CHECK_STR(out,
	    "4:6 0 move 31 1 31: 8/5 6/5\n"
	    "4:34 1 move 42 1 42: 8/4 6/4\n"
	    "5:6 0 move 52 2 52: 13/8\n"
	    "! 5:0 unexpected_eof g1 m0 s-1 \n");

	/* A line over 64 KiB is cut and reported; the next line is read. */
	n = (size_t)snprintf(big, sizeof big,
	    " 1 point match\n Game 1\n a : 0   b : 0\n  1) 31: 8/5 6/5 ");
	for (i = 0; i < 70000; i++)
		big[n++] = 'x';
	n += (size_t)snprintf(big + n, sizeof big - n, "\n      Wins 1 point\n");
	CHECK_INT(dumpn(big, n, 0, 0), 0);
	CHECK(strstr(out, "! 4:0 line_too_long g1") != NULL);
	CHECK(strstr(out, "6:7 0 win[1] 00 0 Wins 1 point\n") == NULL);
	CHECK(strstr(out, "5:7 0 win[1] 00 0 Wins 1 point\n") != NULL);

	/* A read error. */
	src.p = " 1 point match\n Game 1\n a : 0   b : 0\n";
	src.len = strlen(src.p);
	src.pos = 0;
	src.chunk = 4;
	src.fail_at = 20;
	r = bg_reader_new(src_read, &src, "e");
	CHECK_INT(bg_reader_next_match(r, &m), -BG_EIO);
	CHECK_INT(bg_reader_next_game(r, &g), -BG_EIO);
	bg_reader_free(r);
	CHECK(bg_reader_new(NULL, NULL, "x") == NULL);
	CHECK_INT(bg_reader_next_match(NULL, &m), -BG_EINVAL);

	/* 2000 games through one game object. */
	n = (size_t)snprintf(big, sizeof big, " 0 point match\n");
	for (k = 1; k <= 2000; k++)
		n += (size_t)snprintf(big + n, sizeof big - n,
		    " Game %d\n a : 0   b : 0\n  1) 31: 8/5 6/5   42: 8/4 6/4\n"
		    "      Wins 1 point\n", k);
	r = bg_reader_new_mem(big, n, "many");
	CHECK_INT(bg_reader_next_match(r, &m), 1);
	for (k = 0; (rc = bg_reader_next_game(r, &g)) > 0; k++) {
		if (first == NULL)
			first = g;
		if (g != first || bg_game_record_count(g) != 3 ||
		    bg_game_number(g) != k + 1 || bg_reader_diag_count(r))
			same = 0;
	}
	CHECK_INT(rc, 0);
	CHECK_INT(k, 2000);
	CHECK(same);
	bg_reader_free(r);
}

/* The catalogue knows every code the reader raises. */
static void
test_catalogue(void)
{
	CHECK_STR(bg_code_name(BG_EMATLINE), "unparseable_line");
	CHECK_STR(bg_code_name(-BG_ENOMATCH), "no_match_line");
	CHECK_STR(bg_code_name(BG_WEOF), "unexpected_eof");
	CHECK_INT(bg_code_severity(BG_WEOF), BG_SEV_WARNING);
	CHECK_INT(bg_code_severity(BG_WSPELLING), BG_SEV_WARNING);
	CHECK_INT(bg_code_severity(BG_ECELL), BG_SEV_ERROR);
	CHECK_INT(bg_code_severity(BG_EIO), BG_SEV_SYSTEM);
	CHECK_STR(bg_strerror(BG_EMATLINE), "unrecognised line");
}

int
main(void)
{
	test_gnubg();
	test_bytes();
	test_layouts();
	test_results();
	test_matches();
	test_diagnostics();
	test_stream();
	test_catalogue();
	T_DONE("test_mat");
}
