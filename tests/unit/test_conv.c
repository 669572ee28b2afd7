/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_conv.c: unit tests of format detection, the SGF and JSON Lines
 * readers (lib/fmt_sgf.c, lib/fmt_json.c) and the writers
 * (lib/writer.c, lib/fmt_*_write.c): what each SGF property becomes,
 * escapes and line breaks, variations, setup nodes, beavers, broken
 * input, and small matches written in each format, checked byte for
 * byte against what gnubg writes.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "t.h"

static const char *const kinds[] = {
	"move", "double", "take", "drop", "beaver", "raccoon", "win",
	"loss", "illegal", "setpos", "comment", "unparsed"
};

static char out[65536];
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

/* A source that hands out at most chunk bytes per read. */
struct src {
	const char	*p;
	size_t		 len, pos, chunk;
};

static long
src_read(void *ctx, char *buf, size_t n)
{
	struct src *s = ctx;
	size_t k = s->len - s->pos;

	if (k > n)
		k = n;
	if (s->chunk && k > s->chunk)
		k = s->chunk;
	memcpy(buf, s->p + s->pos, k);
	s->pos += k;
	return (long)k;
}

static long
buf_write(void *ctx, const char *buf, size_t n)
{
	(void)ctx;
	if (outlen + n >= sizeof out)
		return -1;
	memcpy(out + outlen, buf, n);
	outlen += n;
	out[outlen] = '\0';
	return (long)n;
}

static void
diags(const bg_reader *r)
{
	char buf[256];
	size_t i;

	for (i = 0; i < bg_reader_diag_count(r); i++) {
		const bg_diag *d = bg_reader_diag(r, i);

		snprintf(buf, sizeof buf, "! %d:%d %s g%d %s\n", d->line,
		    d->col, bg_code_name(d->code), d->game, d->detail);
		emit(buf);
	}
}

/*
 * Read s (in chunks of chunk bytes; 0 from memory) in format f and
 * dump it into out: headers, tags, comments, records, kept SGF
 * properties and diagnostics.  Returns the reader's format.
 */
static bg_format
dumpf(const char *s, size_t chunk, bg_format f)
{
	struct src src = { s, strlen(s), 0, chunk };
	bg_reader *r = chunk ? bg_reader_new(src_read, &src, "t") :
	    bg_reader_new_mem(s, strlen(s), "t");
	const bg_match *m;
	const bg_game *g;
	char buf[512];
	size_t i, at;
	bg_format got;

	outlen = 0;
	out[0] = '\0';
	if (f != BG_FORMAT_AUTO)
		bg_reader_set_format(r, f);
	while (bg_reader_next_match(r, &m) > 0) {
		snprintf(buf, sizeof buf, "match %d %s|%s\n",
		    bg_match_length(m),
		    bg_match_player(m, 0) ? bg_match_player(m, 0) : "-",
		    bg_match_player(m, 1) ? bg_match_player(m, 1) : "-");
		emit(buf);
		for (i = 0; i < bg_match_tag_count(m); i++) {
			snprintf(buf, sizeof buf, "tag %s=%s\n",
			    bg_match_tag_key(m, i), bg_match_tag_value(m, i));
			emit(buf);
		}
		for (i = 0; i < bg_match_comment_count(m); i++) {
			snprintf(buf, sizeof buf, "comment %s\n",
			    bg_match_comment(m, i));
			emit(buf);
		}
		diags(r);
		while (bg_reader_next_game(r, &g) > 0) {
			snprintf(buf, sizeof buf, "game %d %s:%d|%s:%d\n",
			    bg_game_number(g),
			    bg_game_player(g, 0) ? bg_game_player(g, 0) : "-",
			    bg_game_score(g, 0),
			    bg_game_player(g, 1) ? bg_game_player(g, 1) : "-",
			    bg_game_score(g, 1));
			emit(buf);
			for (i = 0; i < bg_game_record_count(g); i++) {
				const bg_record *rec = bg_game_record(g, i);
				char v[16] = "";

				if (rec->kind != BG_REC_MOVE && rec->value)
					snprintf(v, sizeof v, "[%d]",
					    rec->value);
				snprintf(buf, sizeof buf, "%d %s%s%s %s\n",
				    rec->side, kinds[rec->kind], v,
				    rec->code ? "!" : "", rec->text);
				emit(buf);
			}
			for (i = 0; i < bg_game_sgf_count(g); i++) {
				snprintf(buf, sizeof buf, "sgf@%d %s\n",
				    (int)(bg_game_sgf(g, i, &at), at),
				    bg_game_sgf(g, i, NULL));
				emit(buf);
			}
			diags(r);
		}
		diags(r);
	}
	diags(r);
	got = bg_reader_format(r);
	bg_reader_free(r);
	return got;
}

static bg_format
dump(const char *s)
{
	return dumpf(s, 0, BG_FORMAT_AUTO);
}

/* Read s and write it in format f (style st) into out. */
static int
convert(const char *s, bg_format f, bg_style st)
{
	bg_reader *r = bg_reader_new_mem(s, strlen(s), "t");
	bg_writer *w = bg_writer_new(f, buf_write, NULL);
	const bg_match *m;
	const bg_game *g;
	int rc = 0, lost = 0;

	outlen = 0;
	out[0] = '\0';
	bg_writer_set_style(w, st);
	while (rc >= 0 && bg_reader_next_match(r, &m) > 0) {
		rc = bg_writer_match(w, m);
		while (rc >= 0 && bg_reader_next_game(r, &g) > 0) {
			rc = bg_writer_game(w, g);
			lost += (int)bg_writer_diag_count(w);
		}
		if (rc >= 0)
			rc = bg_writer_end(w);
	}
	bg_writer_free(w);
	bg_reader_free(r);
	return rc < 0 ? rc : lost;
}

static void
test_detect(void)
{
	bg_format f;

	CHECK_INT(dump("(;FF[4]GM[6])"), BG_FORMAT_SGF);
	CHECK_INT(dump(" \n\t( ;GM[6])"), BG_FORMAT_SGF);
	CHECK_INT(dump("\xef\xbb\xbf(;GM[6])"), BG_FORMAT_SGF);
	CHECK_INT(dump("{\"type\":\"match\",\"length\":3}\n"),
	    BG_FORMAT_JSON);
	CHECK_INT(dump(" 7 point match\n"), BG_FORMAT_MAT);
	CHECK_INT(dump("(not sgf)\n"), BG_FORMAT_MAT);
	CHECK_INT(dump(""), BG_FORMAT_MAT);
	/* Snowie's position line: number, ';', number, ';'. */
	CHECK_INT(dump("5;0;x"), BG_FORMAT_SNOWIE);
	CHECK_INT(dump(" 12;-1;"), BG_FORMAT_SNOWIE);
	CHECK_INT(dump("5;x;"), BG_FORMAT_MAT);
	CHECK_INT(dump("5 point match"), BG_FORMAT_MAT);
	CHECK_INT(dump(";5;0;"), BG_FORMAT_MAT);
	/* gnubg's text log: its header. */
	CHECK_INT(dumpf("The score (after 0 games) is: A 0, B 0 (match to 3 "
	    "points)\n\nMove number 1:  B to play 31\n\n v|    |BAR|\n"
	    "v|  |BAR|  |\n* B moves 8/5 6/5\n\nA wins 1 point\n", 1,
	    BG_FORMAT_AUTO), BG_FORMAT_GNUBGTEXT);
	CHECK_STR(out, "match 3 A|B\ngame 1 A:0|B:0\n1 move 31: 8/5 6/5\n"
	    "0 win[1] Wins 1 point\n");
	/* An answer block of an older gnubg, whose cube's value holds a 9
	 * (the double itself written by no block of its own). */
	CHECK_INT(dumpf("The score (after 0 games) is: A 0, B 0 (match to 3 "
	    "points)\n\nMove number 1:  B doubles to 4096\n\n v|    |BAR|\n"
	    "v|  |BAR|  |\n* A accepts\n", 1, BG_FORMAT_AUTO),
	    BG_FORMAT_GNUBGTEXT);
	CHECK_STR(out, "match 3 A|B\ngame 1 A:0|B:0\n"
	    "1 double[4096] Doubles => 4096\n0 take Takes\n");
	CHECK_INT(dump("The score is"), BG_FORMAT_MAT);
	/* FIBS oldmoves: "Score is" and a digit on the first line. */
	CHECK_INT(dump("Score is 0-0 in a 1 point match.\nA is X - B is O\n"
	    "O: (3 1) 8-5 6-5\nX: (6 1) 1-7 12-13\nX: wins 1 point\n"),
	    BG_FORMAT_OLDMOVES);
	CHECK_STR(out, "match 1 A|B\ngame 1 A:0|B:0\n1 move 31: 8/5 6/5\n"
	    "0 move 61: 24/18 13/12\n0 win[1] Wins 1 point\n");
	CHECK_INT(dump("Score is high\n"), BG_FORMAT_MAT);
	/*
	 * A FIBS session log: a board line after the login, read one byte
	 * at a time; a list of board lines stays a list of positions.
	 */
	CHECK_INT(dumpf("Connected.\nlogin: \n1 B 1700000000 host\n"
	    "A and B start a 1 point match.\nStarting a new game with A.\n"
	    "board:You:A:1:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:"
	    "0:0:0:2:0:1:3:1:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:0\n"
	    "board:You:A:1:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:"
	    "0:0:0:2:0:1:3:1:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:0\n", 1,
	    BG_FORMAT_AUTO), BG_FORMAT_FIBSLOG);
	/* The roll of the last board, unplayed, is told. */
	CHECK_STR(out, "match 1 A|B\n! 7:1 fibslog_gap g1 the play of B's 31 "
	    "is not in the log\ngame 1 A:0|B:0\n1 move 31: ????\n");
	CHECK_INT(dump("board:You:A:1:0:0:0:-2:0:0:0:0:5:0:3:0:0:0:-5:5:0:0:0:"
	    "-3:0:-5:0:0:0:0:2:0:1:3:1:0:0:1:1:1:0:1:-1:0:25:0:0:0:0:0:0:1:0\n"),
	    BG_FORMAT_POSLIST);
	CHECK_INT(dump("watching C\nFIBS_Board: board:C:A:1:0:0:0:-2:0:0:0:0:5:"
	    "0:3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:3:1:0:0:1:1:1:0:1:-1:"
	    "0:25:0:0:0:0:0:0:1:0\n"), BG_FORMAT_FIBSLOG);
	/* One byte at a time: a Snowie line and a .pos told apart. */
	CHECK_INT(dumpf("0;1;0;1;0;A;B;0;3;1;4;-1;-1;-1;0;0;0;0;5;0;3;0;"
	    "0;0;-5;4;0;0;0;-3;0;-5;0;0;0;0;0;1;0;0;\n", 1, BG_FORMAT_AUTO),
	    BG_FORMAT_SNOWIE);
	CHECK_STR(out, "match 0 A|B\ntag Jacoby=On\ngame 1 A:3|B:1\n"
	    "-1 setpos XGID=a-----E-C---dE---c-e----AA:2:1:-1:00:1:3:1:0:10\n");
	CHECK_INT(dumpf("5;0;0;0;1;Y;R;0;0;0;2;1;0;0;0;0;2;-1;4;3;2;0;0;"
	    "0;0;0;0;0;0;0;0;0;0;-2;-5;-4;-3;4;4\n", 1, BG_FORMAT_AUTO),
	    BG_FORMAT_SNOWIE);
	CHECK_STR(out, "! 1:82 snowie_malformed g0 38 fields, not 40, each "
	    "followed by ';'\n");
	/*
	 * A list of positions after a '#' line, read in pieces that end
	 * with that line: the line decides nothing yet.
	 */
	CHECK_INT(dumpf("# a, b\nXGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:"
	    "0:0:0:10\n", 7, BG_FORMAT_AUTO), BG_FORMAT_POSLIST);
	CHECK_INT(dumpf("# a, b\nXGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:"
	    "0:0:0:10\n", 1, BG_FORMAT_AUTO), BG_FORMAT_POSLIST);
	/* One byte at a time: the bytes read ahead reach the reader. */
	CHECK_INT(dumpf("   (;GM[6]PW[a]PB[b];W[31hefe])", 1, BG_FORMAT_AUTO),
	    BG_FORMAT_SGF);
	CHECK_STR(out, "match 0 a|b\ngame 1 a:-1|b:-1\n0 move 31: 8/5 6/5\n");
	CHECK_INT(dumpf("\n 1 point match\n Game 1\n a : 0  b : 0\n"
	    "  1) 31: 8/5 6/5\n", 1, BG_FORMAT_AUTO), BG_FORMAT_MAT);
	CHECK_STR(out, "match 1 a|b\ngame 1 a:0|b:0\n0 move 31: 8/5 6/5\n"
	    "! 5:0 unexpected_eof g1 \n");
	/* -f: the format as asked, whatever the content. */
	CHECK_INT(dumpf("(;GM[6])", 0, BG_FORMAT_MAT), BG_FORMAT_MAT);
	CHECK(strstr(out, "no_match_line") != NULL);
	CHECK_INT(dumpf(" 1 point match\n", 3, BG_FORMAT_SGF), BG_FORMAT_SGF);
	CHECK(strstr(out, "sgf_syntax") != NULL);
	CHECK_INT(bg_format_parse(&f, "json"), 0);
	CHECK_INT(f, BG_FORMAT_JSON);
	CHECK_INT(bg_format_parse(&f, "xml"), -BG_EINVAL);
	CHECK_STR(bg_format_name(BG_FORMAT_SGF), "sgf");
	CHECK_STR(bg_format_name(BG_FORMAT_FIBSLOG), "fibslog");
	CHECK_INT(bg_format_parse(&f, "oldmoves"), 0);
	CHECK_INT(f, BG_FORMAT_OLDMOVES);
	CHECK_INT(bg_format_parse(&f, "gam"), 0);
	CHECK_INT(f, BG_FORMAT_GAM);
	CHECK(bg_format_name((bg_format)(BG_FORMAT_GAM + 1)) == NULL);
	{
		bg_reader *r = bg_reader_new_mem("(;GM[6])", 8, NULL);
		const bg_match *m;

		CHECK_INT(bg_reader_format(r), BG_FORMAT_AUTO);
		CHECK_INT(bg_reader_next_match(r, &m), 1);
		CHECK_INT(bg_reader_set_format(r, BG_FORMAT_MAT), -BG_EINVAL);
		bg_reader_free(r);
	}
}

static void
test_sgf(void)
{
	/* Game info, rules, the result; coordinates of both sides. */
	dump("(;FF[4]GM[6]CA[UTF-8]AP[x]MI[length:7][game:2][ws:1][bs:3]"
	    "PW[Al\\]ice]PB[Bob]WR[1600]DT[2024-05-01]EV[Club]RO[Final]"
	    "PC[Here]AN[Me]RU[Crawford:Jacoby:Nackgammon]RE[B+2R]"
	    "GC[[Unrated \"Off\"\\]\nfree text]"
	    "\n;W[31hefe]C[nice\\\nmove\nsecond line]\n;B[61yg]\n;W[double]"
	    "\n;B[take]\n;W[66]A[0][x]\n;B[52])");
	CHECK_STR(out, "match 7 Al]ice|Bob\n"
	    "tag Site=Here\ntag Event=Club\ntag Round=Final\n"
	    "tag EventDate=2024.05.01\ntag Variation=NackGammon\n"
	    "tag Transcriber=Me\ntag Jacoby=On\ntag Unrated=Off\n"
	    "comment free text\n"
	    "game 3 Al]ice:1|Bob:3\n"
	    "0 move 31: 8/5 6/5\n-1 comment nicemove\n"
	    "-1 comment second line\n1 move 61: 25/18\n"
	    "0 double[2] Doubles => 2\n1 take Takes\n0 move 66:\n"
	    "1 move 52:\n1 win[2] Wins 2 points\nsgf@7 A[0][x]\n"
	    "! 9:7 bad_analysis g3 A\n");
	/* Beaver chains, setup nodes, roll-only nodes, kept values. */
	dump("(;GM[6]MI[length:0][game:0]CV[2]RE[W+8]\n;W[double]"
	    "\n;B[double]\n;W[double]\n;B[take]\n;B[33]\n;AE[a:y]AW[a][a]"
	    "AB[x]PL[W]CV[4]CP[b]\n;PL[W]DI[41]LU[0.1])");
	CHECK_STR(out, "match 0 -|-\ngame 1 -:-1|-:-1\n"
	    "-1 setpos XGID=-b----E-C---eE---c-e----B-:1:0:1:00:0:0:0:0:10\n"
	    "0 double[4] Doubles => 4\n1 beaver[8] Beavers => 8\n"
	    "0 beaver[16] Beavers => 16\n1 move 33:\n"
	    "-1 setpos XGID=-A----------------------b-:2:1:-1:00:0:0:0:0:10\n"
	    "0 move 41:\n0 win[8] Wins 8 points\nsgf@6 LU[0.1]\n");
	/* Variations: the main line, and a warning. */
	dump("(;GM[6];W[31hefe](;B[21aboq];W[11])(;B[65aggl]))");
	CHECK_STR(out, "match 0 -|-\ngame 1 -:-1|-:-1\n0 move 31: 8/5 6/5\n"
	    "1 move 21: 24/23 10/8\n0 move 11:\n"
	    "! 1:36 sgf_variation g1 \n");
	/* Not backgammon; broken moves; a tree not closed. */
	dump("(;GM[1];B[dd])(;GM[6];W[3zhe];B[31ay];B[double]");
	CHECK_STR(out, "match 0 -|-\n! 1:3 sgf_not_backgammon g0 1\n"
	    "game 1 -:-1|-:-1\n0 unparsed! 3zhe\n1 move! 31: ay\n"
	    "1 double[2] Doubles => 2\n"
	    "! 1:23 sgf_bad_value g1 3zhe\n"
	    "! 1:35 sgf_bad_value g1 31ay\n"
	    "! 1:48 sgf_syntax g1 the input ends inside a game tree\n");
	/* Two matches in one collection; Latin-1 by CA. */
	dump("(;GM[6]CA[ISO-8859-1]MI[length:3][game:0]PW[J\xf6rg]PB[b])"
	    "(;GM[6]MI[length:3][game:1]PW[J\xc3\xb6rg]PB[b])"
	    "(;GM[6]MI[length:5][game:0]PW[c]PB[d])");
	CHECK_STR(out, "match 3 J\xc3\xb6rg|b\ntag Crawford=Off\n"
	    "game 1 J\xc3\xb6rg:-1|b:-1\ngame 2 J\xc3\xb6rg:-1|b:-1\n"
	    "match 5 c|d\ntag Crawford=Off\ngame 1 c:-1|d:-1\n");
}

static void
test_json(void)
{
	dump("{\"type\":\"match\",\"length\":3,\"players\":[\"a\",\"b\"],"
	    "\"tags\":[[\"Site\",\"x\\u00e9\"]],\"comments\":[\"hi\"]}\n"
	    "{\"type\":\"game\",\"number\":1,\"players\":[\"a\",\"b\"],"
	    "\"score\":[0,0]}\n"
	    "{\"type\":\"record\",\"action\":\"move\",\"side\":0,"
	    "\"dice\":[3,1],\"text\":\"31: 8/5 6/5\"}\n"
	    "\n"
	    "not json\n"
	    "{\"type\":\"record\",\"action\":\"resign\",\"side\":1,"
	    "\"value\":2,\"text\":\"Wins 2 points\"}\n"
	    "{\"type\":\"result\",\"game\":1}\n"
	    "{\"type\":\"record\",\"action\":\"fly\"}\n"
	    "{\"a\":[[[[[[[[[1]]]]]]]]]}\n");
	CHECK_STR(out, "match 3 a|b\ntag Site=x\xc3\xa9\ncomment hi\n"
	    "game 1 a:0|b:0\n0 move 31: 8/5 6/5\n0 win[2] Wins 2 points\n"
	    "! 5:1 json_syntax g1 not a JSON object\n"
	    "! 8:0 json_syntax g1 fly\n"
	    "! 9:13 json_syntax g1 not a JSON object\n");
}

/* gnubg 1.07's "save match" of the .mat below, without AP and GS. */
static const char mat[] =
    "; [Event \"t\"]\n; [EventDate \"2000.01.01\"]\n\n"
    " 3 point match\n\n"
    " Game 1\n"
    " Ann : 0                        Bo : 0\n"
    "  1)                             61: 13/7 8/7 \n"
    "  2) 62: 13/11 13/7               Doubles => 2\n"
    "  3)  Drops                       Wins 1 point \n\n";
static const char sgf[] =
    "(;FF[4]GM[6]CA[UTF-8]AP[bgkit:" BG_VERSION "]"
    "MI[length:3][game:0][ws:0][bs:0]PW[Ann]PB[Bo]DT[2000-01-01]EV[t]"
    "RU[Crawford]RE[B+1]\n;B[61lrqr]\n;W[62mkmg]\n;B[double]\n;W[drop])\n";

static void
test_write(void)
{
	static char json[sizeof out];

	CHECK_INT(convert(mat, BG_FORMAT_SGF, BG_STYLE_GNUBG), 0);
	CHECK_STR(out, sgf);
	CHECK_INT(convert(sgf, BG_FORMAT_MAT, BG_STYLE_GNUBG), 0);
	CHECK_STR(out, mat);
	CHECK_INT(convert(mat, BG_FORMAT_JSON, BG_STYLE_GNUBG), 0);
	snprintf(json, sizeof json, "%s", out);
	/* A cube action leaves the position as the move before it. */
	{
		static const char pa[] = "\"move\":\"13/11 13/7\","
		    "\"position_id\":\"", pb[] = "\"action\":\"double\","
		    "\"side\":1,\"dice\":null,\"move\":null,"
		    "\"position_id\":\"";
		const char *a = strstr(json, pa), *b = strstr(json, pb);

		CHECK(a != NULL && b != NULL && strncmp(a + sizeof pa - 1,
		    b + sizeof pb - 1, BG_POSID_LEN + 1) == 0);
	}
	CHECK(strstr(json, "{\"type\":\"result\",\"game\":1,\"winner\":1,"
	    "\"win_type\":\"single\",\"win_value\":1,\"final_cube_value\":1,"
	    "\"total_points\":1,\"ended_by\":\"drop\",\"score\":[0,1]}\n") !=
	    NULL);
	CHECK_INT(convert(json, BG_FORMAT_MAT, BG_STYLE_GNUBG), 0);
	CHECK_STR(out, mat);
	CHECK_INT(convert(mat, BG_FORMAT_MAT, BG_STYLE_XG), 0);
	CHECK_STR(out, "\xef\xbb\xbf; [Event \"t\"]\r\n"
	    "; [EventDate \"2000.01.01\"]\r\n\r\n3 point match\r\n\r\n"
	    " Game 1\r\n Ann : 0                         Bo : 0\r\n"
	    "  1)                             61: 13/7 8/7                "
	    "\r\n  2) 62: 13/11 13/7               Doubles => 2               "
	    "\r\n  3)  Drops                       Wins 1 point\r\n"
	    "\r\n\r\n\r\n\r\n");
	/* What .mat cannot hold is named. */
	CHECK_INT(convert("(;GM[6]MI[length:1][game:0]PW[a]PB[b]GS[1]"
	    ";W[31hefe]A[2])", BG_FORMAT_MAT, BG_STYLE_GNUBG), 1);
	CHECK_INT(convert("(;GM[6]MI[length:1][game:0]PW[a]PB[b]GS[1]"
	    ";W[31hefe]A[2])", BG_FORMAT_SGF, BG_STYLE_GNUBG), 0);
	CHECK(strstr(out, "GS[1]\n;W[31hefe]A[2])") != NULL);
	/*
	 * A luck over the reader's bound (1e8) or a subnormal one is not
	 * read but kept as written; one under the bound that prints as
	 * the bound is read.
	 */
	CHECK_INT(convert("(;GM[6]MI[length:1][game:0]PW[a]PB[b]"
	    ";W[31hefe]LU[100000000.000001];B[52]LU[1e-320]"
	    ";W[11]LU[99999999.999999])", BG_FORMAT_SGF, BG_STYLE_GNUBG), 0);
	CHECK(strstr(out, ";W[31hefe]LU[100000000.000001]\n;B[52]LU[1e-320]"
	    "\n;W[11]LU[100000000.00000]") != NULL);
	CHECK(bg_writer_new(BG_FORMAT_AUTO, buf_write, NULL) == NULL);
	/* Bytes in memory: none at NULL, any count of them elsewhere. */
	CHECK(bg_reader_new_mem(NULL, 1, "t") == NULL);
	{
		bg_reader *r = bg_reader_new_mem(NULL, 0, "t");
		const bg_match *m;

		CHECK(r != NULL && bg_reader_next_match(r, &m) == 0);
		bg_reader_free(r);
	}
}

/*
 * The BG_RF_LOWFIRST flag of each record of the first game of s, one
 * character a record ('<' set, '-' not; '!' for a play whose notation
 * does not hold the record's roll), into out.
 */
static const char *
lowfirst(const char *s)
{
	bg_reader *r = bg_reader_new_mem(s, strlen(s), "t");
	const bg_match *m;
	const bg_game *g;
	size_t i;

	out[0] = '\0';
	if (bg_reader_next_match(r, &m) > 0 && bg_reader_next_game(r, &g) > 0)
		for (i = 0; i < bg_game_record_count(g) && i + 1 < sizeof out;
		    i++) {
			const bg_record *rec = bg_game_record(g, i);

			out[i] = rec->flags & BG_RF_LOWFIRST ? '<' : '-';
			/* A play's notation holds the same roll. */
			if (rec->kind == BG_REC_MOVE &&
			    (rec->note.dice[0] != rec->dice[0] ||
			    rec->note.dice[1] != rec->dice[1]))
				out[i] = '!';
			out[i + 1] = '\0';
		}
	bg_reader_free(r);
	return out;
}

/*
 * BG_RF_LOWFIRST says the dice were written smaller first: set for 13,
 * not for 61 nor for a double, in every reader that sees the order.
 */
static void
test_lowfirst(void)
{
	/* .mat: the fast path's lines, and the general grammar's (a
	 * comment after the play). */
	CHECK_STR(lowfirst(" 3 point match\n\n Game 1\n A : 0   B : 0\n"
	    "  1) 13: 8/5 6/5                 61: 24/18 13/12\n"
	    "  2) 22: 6/4(2) 8/6(2)\n"), "<--");
	CHECK_STR(lowfirst(" 3 point match\n\n Game 1\n A : 0   B : 0\n"
	    "  1) 13: 8/5 6/5 ; x             61: 24/18 13/12 ; x\n"
	    "  2) 22: 6/4(2) 8/6(2) ; x\n"), "<--");
	/* FIBS oldmoves. */
	CHECK_STR(lowfirst("Score is 0-0 in a 1 point match.\nA is X - B is O\n"
	    "O: (1 3) 8-5 6-5\nX: (6 1) 1-7 12-13\n"
	    "O: (2 2) 6-4 6-4 8-6 8-6\n"), "<--");
	/* SGF, a roll with its play and without. */
	CHECK_STR(lowfirst("(;GM[6]MI[length:1][game:0]PW[a]PB[b]"
	    ";W[13hefe];B[61];W[22])"), "<--");
	/* gnubg's text log. */
	CHECK_STR(lowfirst("The score (after 0 games) is: A 0, B 0 (match to 3 "
	    "points)\n\nMove number 1:  B to play 13\n\n v|  |BAR|  |\n"
	    "* B moves 8/5 6/5\n\nMove number 2:  A to play 61\n\n"
	    "^|  |BAR|  |\n* A moves 24/18 13/12\n\nMove number 3:  B to "
	    "play 22\n\nv|  |BAR|  |\n* B moves 6/4(2) 8/6(2)\n"), "<--");
}

/*
 * gnubg's stored statistics (GS) of game 1 of a match it analysed
 * (tests/corpus/analysed/m0001), each figure checked against the table
 * gnubg 1.07 prints for that game (m0001.reload.stats, "=== game 1").
 */
static const char gs1[] = "GS[M:20 14 28 28 1 3 1 2 3 2 23 21 0.439716 "
    "0.054513 0.965945 0.101441][C:8 28 1 0 0 1 0 0 0 2 0 1 0 0 1 0 0 1 0 "
    "0 0.000000 0.000000 0.000000 0.000000 0.000000 0.000000 0.365742 "
    "0.028279 0.000000 0.000000 0.000000 0.000000 0.073972 0.005720 "
    "0.086630 0.006698 0.000000 0.000000 0.000000 0.000000 1.639803 "
    "0.126790 0.000000 0.000000][D:0 2 0 0 26 24 1 0 1 2 0.582965 "
    "0.037927 -0.530421 -0.080216]";

/* Is a within half a unit of the sixth decimal of b? */
static int
near6(double a, double b)
{
	return a - b < 5e-7 && b - a < 5e-7;
}

static void
test_gs(void)
{
	static const int marks[4][2] = { { 23, 21 }, { 3, 2 }, { 1, 2 },
	    { 1, 3 } }, errors[6][2] = { { 0, 2 }, { 0, 1 }, { 0, 0 },
	    { 1, 0 }, { 0, 1 }, { 0, 0 } }, luck_marks[5][2] = { { 0, 2 },
	    { 0, 0 }, { 26, 24 }, { 1, 0 }, { 1, 2 } };
	char text[1024];
	bg_reader *r;
	const bg_match *m;
	const bg_game *g;
	bg_gs gs;
	int k, s;

	CHECK_INT(bg_gs_parse(&gs, gs1, strlen(gs1)), 0);
	CHECK_INT(gs.has, BG_GS_MOVES | BG_GS_CUBE | BG_GS_LUCK);
	/* Chequer play: total, unforced, marks, error total. */
	CHECK(gs.moves[0] == 28 && gs.moves[1] == 28);
	CHECK(gs.unforced[0] == 20 && gs.unforced[1] == 14);
	for (k = 0; k < 4; k++)
		for (s = 0; s < 2; s++)
			CHECK_INT(gs.marks[k][s], marks[k][s]);
	CHECK(near6(gs.checker[0][0], 0.439716) &&
	    near6(gs.checker[0][1], 0.054513));
	CHECK(near6(gs.checker[1][0], 0.965945) &&
	    near6(gs.checker[1][1], 0.101441));
	/* Cube: decisions, doubles, takes, passes, each kind of error. */
	CHECK(gs.cube[0] == 8 && gs.cube[1] == 28);
	CHECK(gs.doubles[0] == 1 && gs.doubles[1] == 0);
	CHECK(gs.takes[0] == 0 && gs.takes[1] == 1);
	CHECK(gs.passes[0] == 0 && gs.passes[1] == 0);
	for (k = 0; k < 6; k++)
		for (s = 0; s < 2; s++)
			CHECK_INT(gs.errors[k][s], errors[k][s]);
	CHECK(near6(gs.error[0][BG_STATS_WRONG_ABOVE_TG][0], 0.365742) &&
	    near6(gs.error[0][BG_STATS_WRONG_ABOVE_TG][1], 0.028279));
	CHECK(near6(gs.error[1][BG_STATS_MISSED_BELOW_CP][0], 0.073972) &&
	    near6(gs.error[1][BG_STATS_MISSED_BELOW_CP][1], 0.005720));
	CHECK(near6(gs.error[1][BG_STATS_MISSED_ABOVE_CP][0], 0.086630) &&
	    near6(gs.error[1][BG_STATS_MISSED_ABOVE_CP][1], 0.006698));
	CHECK(near6(gs.error[1][BG_STATS_WRONG_TAKE][0], 1.639803) &&
	    near6(gs.error[1][BG_STATS_WRONG_TAKE][1], 0.126790));
	CHECK(gs.error[0][BG_STATS_WRONG_TAKE][0] == 0.0 &&
	    gs.error[1][BG_STATS_WRONG_PASS][1] == 0.0);
	/* Luck: the marks, very unlucky first, and the totals. */
	for (k = 0; k < 5; k++)
		for (s = 0; s < 2; s++)
			CHECK_INT(gs.luck_marks[k][s], luck_marks[k][s]);
	CHECK(near6(gs.luck[0][0], 0.582965) && near6(gs.luck[0][1], 0.037927));
	CHECK(near6(gs.luck[1][0], -0.530421) &&
	    near6(gs.luck[1][1], -0.080216));
	/* The values alone; a section of another letter passed over. */
	CHECK_INT(bg_gs_parse(&gs, gs1 + 2, strlen(gs1) - 2), 0);
	CHECK_INT(gs.luck_marks[2][1], 24);
	CHECK_INT(bg_gs_parse(&gs, "[X:1 2][D:0 0 0 0 1 1 0 0 0 0 0 0 0 0]",
	    38), 0);
	CHECK_INT(gs.has, BG_GS_LUCK);
	/* Malformed: a section twice, one short, a number missing. */
	CHECK_INT(bg_gs_parse(&gs, "[D:0 0 0 0 1 1 0 0 0 0 0 0 0 0][D:0 0 0 "
	    "0 1 1 0 0 0 0 0 0 0 0]", 62), -BG_EINVAL);
	CHECK_INT(bg_gs_parse(&gs, "[C:1 2 3]", 9), -BG_EINVAL);
	CHECK_INT(bg_gs_parse(&gs, "[M:1 2", 6), -BG_EINVAL);
	CHECK_INT(bg_gs_parse(&gs, "GS", 2), -BG_EINVAL);
	/* From a game's root node. */
	snprintf(text, sizeof text, "(;FF[4]GM[6]MI[length:3][game:0]PW[a]"
	    "PB[b]%s;W[31hefe])", gs1);
	r = bg_reader_new_mem(text, strlen(text), "t");
	CHECK(bg_reader_next_match(r, &m) > 0 &&
	    bg_reader_next_game(r, &g) > 0);
	CHECK_INT(bg_game_gs(g, &gs), 1);
	CHECK_INT(gs.cube[1], 28);
	bg_reader_free(r);
	r = bg_reader_new_mem("(;FF[4]GM[6]MI[length:3][game:0]PW[a]PB[b]"
	    ";W[31hefe])", 53, "t");
	CHECK(bg_reader_next_match(r, &m) > 0 &&
	    bg_reader_next_game(r, &g) > 0);
	CHECK_INT(bg_game_gs(g, &gs), 0);
	CHECK_INT(gs.has, 0);
	bg_reader_free(r);
	r = bg_reader_new_mem("(;FF[4]GM[6]MI[length:3][game:0]PW[a]PB[b]"
	    "GS[M:1];W[31hefe])", 60, "t");
	CHECK(bg_reader_next_match(r, &m) > 0 &&
	    bg_reader_next_game(r, &g) > 0);
	CHECK_INT(bg_game_gs(g, &gs), -BG_EINVAL);
	bg_reader_free(r);
}

/*
 * Match equity tables in gnubg's XML: a small valid one, and copies
 * with one change each (from, to), every message of the reader at its
 * line and column, each checked by hand; a table of one column (a
 * one-point match) reads.
 */
static void
test_met(void)
{
	static const char base[] = "<met><pre-crawford-table "
	    "type=\"explicit\"><row><me>0.5</me><me>0.7</me></row><row><me>0.3"
	    "</me><me>0.5</me></row></pre-crawford-table><post-crawford-table "
	    "type=\"explicit\" player=\"both\"><row><me>0.5</me><me>0.4</me>"
	    "</row></post-crawford-table></met>";
	static const struct {
		const char *from, *to;
		int	 line, col;
		const char *msg;
	} c[] = {
		{ "<row><me>0.5</me><me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>",
		    "<row></row><row></row>",
		    1, 47, "the rows of the table are not all as long" },
		{ "<row><me>0.3</me><me>0.5</me></row>",
		    "<row><me>0.3</me></row>",
		    1, 94, "the rows of the table are not all as long" },
		{ "<row><me>0.5</me><me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>",
		    "<row><me>0.5</me></row>",
		    0, 0, "" },
		{ "<row><me>0.3</me><me>0.5</me></row></pre",
		    "</pre",
		    1, 212, "the pre-Crawford table is not square" },
		{ "<me>0.7</me>",
		    "<me>-0.1</me>",
		    1, 63, "not a match-winning chance from 0 to 1: -0.1" },
		{ "<row><me>0.3",
		    "<row>x<me>0.3",
		    1, 82, "unexpected text: x" },
		{ "<met>",
		    "<mat>",
		    1, 1, "the root element is not met: mat" },
		{ "pre-crawford-table type=\"explicit\"",
		    "pre-crawford-table type=\"random\"",
		    1, 6, "the table's type is not explicit: random" },
		{ "pre-crawford-table type=\"explicit\"",
		    "pre-crawford-table type=\"parameters\"",
		    1, 6, "the table's type is not explicit: parameters" },
		{ "player=\"both\"",
		    "player=\"2\"",
		    1, 133, "player is not both, 0 or 1: 2" },
		{ "<post-crawford-table type=\"explicit\" player=\"both\">"
		    "<row><me>0.5</me><me>0.4</me></row></post-crawford-table>",
		    "",
		    1, 139, "no post-Crawford table for each player" },
		{ "<row><me>0.5</me><me>0.4</me></row></post",
		    "<row><me>0.5</me><me>0.4</me></row><row><me>0.5</me>"
		    "<me>0.4</me></row></post",
		    1, 219, "a post-Crawford table has one row" },
		{ "<pre-crawford-table type=\"explicit\"><row><me>0.5</me>"
		    "<me>0.7</me></row><row><me>0.3</me><me>0.5</me></row>"
		    "</pre-crawford-table>",
		    "",
		    1, 120, "no pre-Crawford table" },
		{ "</met>",
		    "",
		    1, 241, "the file ends inside an element: met" },
		{ "</met>",
		    "</met></x>",
		    1, 247, "a closing tag that closes nothing open: x" },
		{ "</met>",
		    "</met><met></met>",
		    1, 247, "a second root element: met" },
		{ "type=\"explicit\"",
		    "type=explicit",
		    1, 31, "expected a quoted value" },
		{ "<row><me>0.3",
		    "<row><foo/><me>0.3",
		    1, 82, "unexpected element: foo" },
		{ "<met>",
		    "<met><info><length>x</length></info>",
		    1, 20, "the length is not a whole number from 1 to 64: x" },
	};
	char text[1024];
	const char *at;
	bg_met *m = NULL;
	bg_met_error e;
	size_t i, k;

	CHECK_INT(bg_met_read(&m, base, strlen(base), &e), 0);
	CHECK(m != NULL && bg_met_mwc(m, 1, 2, 0) == 0.7 &&
	    bg_met_mwc(m, 2, 1, 0) == 0.3 && bg_met_mwc(m, 2, 1, 1) == 0.4);
	bg_met_free(m);
	/* A byte order mark before it is passed over. */
	snprintf(text, sizeof text, "\xef\xbb\xbf%s", base);
	m = NULL;
	CHECK_INT(bg_met_read(&m, text, strlen(text), &e), 0);
	CHECK(m != NULL && bg_met_mwc(m, 1, 2, 0) == 0.7);
	bg_met_free(m);
	for (i = 0; i < sizeof c / sizeof c[0]; i++) {
		at = strstr(base, c[i].from);
		CHECK(at != NULL);
		if (at == NULL)
			continue;
		k = (size_t)(at - base);
		snprintf(text, sizeof text, "%.*s%s%s", (int)k, base, c[i].to,
		    at + strlen(c[i].from));
		memset(&e, 0, sizeof e);
		m = NULL;
		if (c[i].line == 0) {
			CHECK_INT(bg_met_read(&m, text, strlen(text), &e), 0);
			CHECK(m != NULL);
		} else {
			CHECK_INT(bg_met_read(&m, text, strlen(text), &e),
			    -BG_EINVAL);
			CHECK(m == NULL);
			CHECK_INT(e.line, c[i].line);
			CHECK_INT(e.col, c[i].col);
			CHECK_STR(e.msg, c[i].msg);
		}
		bg_met_free(m);
	}
}

/*
 * A .mat read a byte at a time gives what it gives whole, also when a
 * line ends while the first bytes still wait for their encoding to be
 * known (an empty first line).
 */
static void
test_bytewise(void)
{
	static const char *const mats[] = {
		"\n 1 point match\n\n Game 1\n A : 0     B : 0\n"
		"  1) 31: 8/5 6/5                 61: 24/18 13/12\n",
		"\n\n 1 point match\n\n Game 1\n A : 0     B : 0\n"
		"  1) 31: 8/5 6/5\n",
		" 1 point match\n\n Game 1\n A : 0     B : 0\n"
		"  1) 31: 8/5 6/5\n",
	};
	static char whole[sizeof out];
	size_t i;

	for (i = 0; i < sizeof mats / sizeof mats[0]; i++) {
		CHECK_INT(dumpf(mats[i], 0, BG_FORMAT_MAT), BG_FORMAT_MAT);
		snprintf(whole, sizeof whole, "%s", out);
		CHECK(strstr(whole, "31: 8/5 6/5") != NULL);
		CHECK_INT(dumpf(mats[i], 1, BG_FORMAT_MAT), BG_FORMAT_MAT);
		CHECK_STR(out, whole);
		CHECK_INT(dumpf(mats[i], 2, BG_FORMAT_MAT), BG_FORMAT_MAT);
		CHECK_STR(out, whole);
	}
}

int
main(void)
{
	test_bytewise();
	test_met();
	test_gs();
	test_lowfirst();
	test_detect();
	test_sgf();
	test_json();
	test_write();
	T_DONE("test_conv");
}
