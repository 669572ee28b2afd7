/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_ids.c: unit tests of the gnubg Position and Match IDs, the XGID,
 * the OGID and bg_position_parse(), on the test vectors
 * published with gnubg's and XG's descriptions of them.  With a file argument it also checks every line of it:
 *
 *	XGID POSID	decode the XGID, encode the Position ID with its
 *			side on roll (must give POSID), encode the XGID back
 *			(must give the same text), and again after an OGID
 *			of it decoded
 *	PID POSID	decode and encode again, each side on roll
 *	MID MATCHID [cube owner onroll crawford state turn doubled resign
 *	    die1 die2 length score0 score1]
 *			decode, compare the fields if given, encode again
 *
 * tests/corpus_ids.sh writes such a file from the gnubg corpus.
 */
#include <dirent.h>
#include <stdlib.h>

#include "bgkit.h"
#include "t.h"

/* Decode an XGID, then check its gnubg Position ID and Match ID. */
static void
xgid_gnubg(const char *xgid, const char *pid, const char *mid)
{
	bg_board b;
	bg_matchstate ms;
	char buf[80];

	CHECK_INT(bg_xgid_decode(&b, &ms, xgid, strlen(xgid),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(bg_posid_encode(buf, sizeof buf, &b, ms.on_roll),
	    BG_POSID_LEN);
	CHECK_STR(buf, pid);
	CHECK_INT(bg_matchid_encode(buf, sizeof buf, &ms), BG_MATCHID_LEN);
	CHECK_STR(buf, mid);
	CHECK_INT(bg_xgid_encode(buf, sizeof buf, &b, &ms), strlen(xgid));
	CHECK_STR(buf, xgid);
}

/* A Position ID must decode to the start of variant v and back. */
static void
start_id(bg_variant v, const char *pid)
{
	bg_board b, want;
	char buf[32];
	int s;

	bg_board_start(&want, v);
	for (s = 0; s < 2; s++) {
		CHECK_INT(bg_posid_encode(buf, sizeof buf, &want, s),
		    BG_POSID_LEN);
		CHECK_STR(buf, pid);
		memset(&b, 0xff, sizeof b);
		CHECK_INT(bg_posid_decode(&b, pid, strlen(pid), s, v), 0);
		CHECK(memcmp(&b, &want, sizeof b) == 0);
	}
}

static void
test_posid(void)
{
	bg_board b;
	char buf[32];

	start_id(BG_VARIANT_STANDARD, "4HPwATDgc/ABMA");
	start_id(BG_VARIANT_NACKGAMMON, "4Dl4ADbgOXgANg");
	start_id(BG_VARIANT_HYPER1, "AACAAAAAAgAAAA");
	start_id(BG_VARIANT_HYPER2, "AABAAQAACgAAAA");
	start_id(BG_VARIANT_HYPER3, "AACgAgAAKgAAAA");
	start_id(BG_VARIANT_TAVLA, "4HPwATDgc/ABMA");

	/* Side 0 (O) opens 51 with 24/23 13/8; side 1 on roll. */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	b.pt[0][24]--;
	b.pt[0][23]++;
	b.pt[0][13]--;
	b.pt[0][8]++;
	bg_posid_encode(buf, sizeof buf, &b, 1);
	CHECK_STR(buf, "4PPgASjgc/ABMA");
	/* Side 1 (X) answers 42 with 8/4 6/4; side 0 on roll. */
	b.pt[1][8]--;
	b.pt[1][6]--;
	b.pt[1][4] += 2;
	bg_posid_encode(buf, sizeof buf, &b, 0);
	CHECK_STR(buf, "mGfwATDg8+ABKA");
	/* An opening 31 as 8/5 6/5, and as 8/4; the other side on roll. */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	b.pt[1][8]--;
	b.pt[1][6]--;
	b.pt[1][5] += 2;
	bg_posid_encode(buf, sizeof buf, &b, 0);
	CHECK_STR(buf, "sGfwATDgc/ABMA");
	bg_board_start(&b, BG_VARIANT_STANDARD);
	b.pt[1][8]--;
	b.pt[1][4]++;
	bg_posid_encode(buf, sizeof buf, &b, 0);
	CHECK_STR(buf, "yGfwATDgc/ABMA");

	/* The buffer convention: the length always, the text if it fits. */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	memset(buf, 'x', sizeof buf);
	CHECK_INT(bg_posid_encode(buf, BG_POSID_LEN, &b, 1), BG_POSID_LEN);
	CHECK(buf[0] == 'x');
	CHECK_INT(bg_posid_encode(NULL, 0, &b, 1), BG_POSID_LEN);
	CHECK_INT(bg_posid_encode(buf, BG_POSID_LEN + 1, &b, 1),
	    BG_POSID_LEN);
	CHECK_STR(buf, "4HPwATDgc/ABMA");
	CHECK_INT(bg_posid_encode(buf, sizeof buf, &b, 2), -BG_EINVAL);
	b.pt[0][6] = 20;
	CHECK_INT(bg_posid_encode(buf, sizeof buf, &b, 1), -BG_ECHECKERS);

	/* Malformed IDs. */
	CHECK_INT(bg_posid_decode(&b, "4HPwATDgc/ABM", 13, 1,
	    BG_VARIANT_STANDARD), -BG_EPOSID);
	CHECK_INT(bg_posid_decode(&b, "4HPwATDgc/ABMAA", 15, 1,
	    BG_VARIANT_STANDARD), -BG_EPOSID);
	CHECK_INT(bg_posid_decode(&b, "4HPwATDgc-ABMA", 14, 1,
	    BG_VARIANT_STANDARD), -BG_EPOSID);
	CHECK_INT(bg_posid_decode(&b, "4HPwATDgc/AB=A", 14, 1,
	    BG_VARIANT_STANDARD), -BG_EPOSID);
	CHECK_INT(bg_posid_decode(&b, "4HPwATDgc/ABMA", 14, 1,
	    BG_VARIANT_HYPER3), -BG_ECHECKERS);
	CHECK_INT(bg_posid_decode(&b, "4HPwATDgc/ABMA", 14, 1,
	    BG_VARIANT_COUNT), -BG_EVARIANT);
	/* All 80 bits set: too many checkers long before the end. */
	CHECK_INT(bg_posid_decode(&b, "//////////////", 14, 1,
	    BG_VARIANT_STANDARD), -BG_ECHECKERS);
	/* All clear: an empty board, everything borne off. */
	CHECK_INT(bg_posid_decode(&b, "AAAAAAAAAAAAAA", 14, 1,
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(b.pt[0][BG_OFF] + b.pt[1][BG_OFF], 30);
	/* 16 checkers of side 1 (the other side lighter, to fit 80 bits). */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	b.pt[1][6] = 6;
	b.pt[0][13] = 0;
	CHECK_INT(bg_posid_encode(buf, sizeof buf, &b, 1), BG_POSID_LEN);
	CHECK_INT(bg_posid_decode(&b, buf, 14, 1, BG_VARIANT_STANDARD),
	    -BG_ECHECKERS);
	/* Both sides on one point (side 1's 6 = side 0's 19). */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	b.pt[0][19] = 1;
	b.pt[0][13]--;
	bg_posid_encode(buf, sizeof buf, &b, 0);
	CHECK_INT(bg_posid_decode(&b, buf, 14, 0, BG_VARIANT_STANDARD),
	    -BG_EOVERLAP);
	/* A one after the last slot (key bit 79) belongs to no point. */
	CHECK_INT(bg_posid_decode(&b, "AAAAAAAAAAAAgA", 14, 1,
	    BG_VARIANT_STANDARD), -BG_EPOSID);
	/* The four padding bits of the last character are ignored. */
	CHECK_INT(bg_posid_decode(&b, "AAAAAAAAAAAAAP", 14, 1,
	    BG_VARIANT_STANDARD), 0);
}

/* A Match ID must decode to these fields and encode back. */
static void
mid(const char *id, int length, int s0, int s1, int cube, int owner,
    int on_roll, int turn, int d0, int d1, int jacoby)
{
	bg_matchstate ms;
	char buf[32];

	memset(&ms, 0xff, sizeof ms);
	CHECK_INT(bg_matchid_decode(&ms, id, strlen(id)), 0);
	CHECK_INT(ms.length, length);
	CHECK_INT(ms.score[0], s0);
	CHECK_INT(ms.score[1], s1);
	CHECK_INT(ms.cube, cube);
	CHECK_INT(ms.cube_owner, owner);
	CHECK_INT(ms.on_roll, on_roll);
	CHECK_INT(ms.turn, turn);
	CHECK_INT(ms.dice[0], d0);
	CHECK_INT(ms.dice[1], d1);
	CHECK_INT(ms.jacoby, jacoby);
	CHECK_INT(ms.state, BG_GAME_PLAYING);
	CHECK_INT(ms.crawford, 0);
	CHECK_INT(ms.doubled, 0);
	CHECK_INT(ms.resign, 0);
	CHECK_INT(bg_matchid_encode(buf, sizeof buf, &ms), BG_MATCHID_LEN);
	CHECK_STR(buf, id);
}

/* Pack Match ID fields by hand, to make IDs the encoder refuses. */
static void
rawmid(char *out, const unsigned *val, const int *at, const int *width,
    int n)
{
	static const char a[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
	    "abcdefghijklmnopqrstuvwxyz0123456789+/";
	unsigned char key[9] = { 0 };
	int i, j, k, c;

	for (i = 0; i < n; i++)
		for (j = 0; j < width[i]; j++)
			if (val[i] >> j & 1) {
				k = at[i] + j;
				key[k / 8] |= 1u << k % 8;
			}
	for (i = 0; i < 12; i++) {
		c = 0;
		for (j = 0; j < 6; j++) {
			k = 6 * i + j;
			c = c << 1 | (key[k / 8] >> (7 - k % 8) & 1);
		}
		out[i] = a[c];
	}
	out[12] = '\0';
}

static void
test_matchid(void)
{
	static const int at[] = { 0, 4, 6, 7, 8, 11, 15, 18, 21, 36, 51 };
	static const int wd[] = { 4, 2, 1, 1, 3, 1, 3, 3, 15, 15, 15 };
	/* cube owner onroll crawford state turn die die length s0 s1 */
	unsigned f[11] = { 0, 3, 1, 0, 1, 1, 5, 2, 7, 0, 0 };
	bg_matchstate ms;
	char buf[32], want[32];

	mid("QYkqASAAIAAA", 9, 2, 4, 2, 0, 1, 1, 5, 2, 1);
	mid("cAnqAAAAAAAE", 7, 0, 0, 1, BG_CENTRED, 1, 1, 4, 2, 0);
	mid("MAH3AAAAAAAE", 7, 0, 0, 1, BG_CENTRED, 0, 0, 6, 5, 0);
	mid("QQnlAGAAGAAE", 7, 6, 3, 2, 0, 1, 1, 2, 1, 0);
	mid("cAkAAAAAAAAE", 0, 0, 0, 1, BG_CENTRED, 1, 1, 0, 0, 0);
	mid("cIkKAAAAAAAA", 0, 0, 0, 1, BG_CENTRED, 1, 1, 5, 2, 1);

	/* The hand packer agrees with the encoder. */
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), 0);
	CHECK_INT(ms.dice[0], 5);
	CHECK_INT(ms.length, 7);
	CHECK_INT(ms.jacoby, 1);
	/* Smaller die first in the ID: kept so, and written back so. */
	f[6] = 2;
	f[7] = 5;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), 0);
	CHECK_INT(ms.dice[0], 2);
	CHECK_INT(ms.dice[1], 5);
	bg_matchid_encode(want, sizeof want, &ms);
	CHECK_STR(want, buf);
	f[6] = 5;
	f[7] = 2;
	/* a die of 7 */
	f[6] = 7;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), -BG_EMATCHID);
	/* one die only */
	f[6] = 0;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), -BG_EMATCHID);
	/* the die back, and a score of 8 in a 7-point match */
	f[6] = 5;
	f[9] = 8;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), -BG_EMATCHID);
	/* ... allowed once the game is over */
	f[4] = BG_GAME_OVER;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), 0);
	/* no such game state */
	f[4] = 5;
	f[9] = 0;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), -BG_EMATCHID);
	/* no such cube owner */
	f[4] = 1;
	f[1] = 2;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), -BG_EMATCHID);
	/* Crawford in money play */
	f[1] = 3;
	f[3] = 1;
	f[8] = 0;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), -BG_EMATCHID);
	/* ... fine in a match */
	f[8] = 7;
	rawmid(buf, f, at, wd, 11);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), 0);
	CHECK_INT(ms.crawford, 1);

	CHECK_INT(bg_matchid_decode(&ms, "cAkAAAAAAAA", 11), -BG_EMATCHID);
	CHECK_INT(bg_matchid_decode(&ms, "cAkAAAAAAAAEA", 13), -BG_EMATCHID);
	CHECK_INT(bg_matchid_decode(&ms, "cAkAAAA.AAAE", 12), -BG_EMATCHID);

	/* Encoder: buffer convention and refusals. */
	bg_matchstate_init(&ms, 5);
	memset(buf, 'x', sizeof buf);
	CHECK_INT(bg_matchid_encode(buf, BG_MATCHID_LEN, &ms), BG_MATCHID_LEN);
	CHECK(buf[0] == 'x');
	CHECK_INT(bg_matchid_encode(buf, BG_MATCHID_LEN + 1, &ms),
	    BG_MATCHID_LEN);
	CHECK(strlen(buf) == BG_MATCHID_LEN);
	ms.cube = 3;
	CHECK_INT(bg_matchid_encode(buf, sizeof buf, &ms), -BG_EINVAL);
	bg_matchstate_init(&ms, 0);
	ms.crawford = 1;
	CHECK_INT(bg_matchid_encode(buf, sizeof buf, &ms), -BG_EINVAL);
	bg_matchstate_init(&ms, 0);
	ms.dice[0] = 7;
	ms.dice[1] = 1;
	CHECK_INT(bg_matchid_encode(buf, sizeof buf, &ms), -BG_EINVAL);
	/* Dice are written in the order given. */
	bg_matchstate_init(&ms, 0);
	ms.dice[0] = 5;
	ms.dice[1] = 2;
	ms.jacoby = 1;
	bg_matchid_encode(buf, sizeof buf, &ms);
	CHECK_STR(buf, "cIkKAAAAAAAA");
	ms.dice[0] = 2;
	ms.dice[1] = 5;
	bg_matchid_encode(buf, sizeof buf, &ms);
	CHECK(strcmp(buf, "cIkKAAAAAAAA") != 0);
	CHECK_INT(bg_matchid_decode(&ms, buf, 12), 0);
	CHECK_INT(ms.dice[0], 2);
	CHECK_INT(ms.dice[1], 5);
}

static void
test_xgid(void)
{
	static const char start[] =
	    "XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10";
	bg_board b, want;
	bg_matchstate ms;
	char buf[80];
	const char *s;

	xgid_gnubg(start, "4HPwATDgc/ABMA", "cAkAAAAAAAAE");
	xgid_gnubg("XGID=-bb---D-C---dD---c-d---BB-:0:0:1:52:0:0:3:0:10",
	    "4Dl4ADbgOXgANg", "cIkKAAAAAAAA");
	xgid_gnubg("XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10",
	    "b9sBCIC5bYDQAA", "QQnlAGAAGAAE");
	xgid_gnubg("XGID=---BBaB-BbA-bC-b--BdAca---:0:0:1:00:0:5:0:9:10",
	    "dB7GGAJsZuJgAg", "cAkgAVAAAAAE");

	/* Fields of the third vector. */
	s = "-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10";
	CHECK_INT(bg_xgid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(bg_board_pips(&b, 1), 111);
	CHECK_INT(bg_board_pips(&b, 0), 52);
	CHECK_INT(ms.cube, 2);
	CHECK_INT(ms.cube_owner, 0);
	CHECK_INT(ms.score[1], 3);
	CHECK_INT(ms.score[0], 6);
	CHECK_INT(ms.length, 7);
	CHECK_INT(ms.on_roll, 1);
	CHECK_INT(ms.dice[0], 2);
	CHECK_INT(ms.dice[1], 1);
	CHECK_INT(ms.state, BG_GAME_PLAYING);
	CHECK_INT(ms.cube_max, 10);
	CHECK_INT(b.pt[1][BG_OFF], 0);
	CHECK_INT(b.pt[0][BG_OFF], 1);

	/* The start, without the prefix, equals bg_board_start(). */
	bg_board_start(&want, BG_VARIANT_STANDARD);
	CHECK_INT(bg_xgid_decode(&b, &ms, start + 5, strlen(start) - 5,
	    BG_VARIANT_STANDARD), 0);
	CHECK(memcmp(&b, &want, sizeof b) == 0);
	CHECK_INT(ms.jacoby, 0);
	CHECK_INT(ms.beaver, 0);
	CHECK_INT(ms.cube_owner, BG_CENTRED);

	/* Top player on roll, dice written smaller first. */
	s = "XGID=-b----E-C---eE---c-e----B-:2:1:-1:35:1:0:0:5:10";
	CHECK_INT(bg_xgid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.on_roll, 0);
	CHECK_INT(ms.turn, 0);
	CHECK_INT(ms.dice[0], 3);
	CHECK_INT(ms.dice[1], 5);
	CHECK_INT(ms.cube, 4);
	CHECK_INT(ms.cube_owner, 1);
	CHECK_INT(ms.score[1], 1);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, s);

	/* Doubled: the other side decides. */
	s = "XGID=-b----E-C---eE---c-e----B-:1:0:-1:D:0:0:1:5:10";
	CHECK_INT(bg_xgid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.doubled, 1);
	CHECK_INT(ms.on_roll, 0);
	CHECK_INT(ms.turn, 1);
	CHECK_INT(ms.crawford, 1);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, s);
	s = "XGID=-b----E-C---eE---c-e----B-:1:0:1:B:0:0:3:0:10";
	CHECK_INT(bg_xgid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.doubled, 1);
	CHECK_INT(ms.turn, 0);
	CHECK_INT(ms.jacoby, 1);
	CHECK_INT(ms.beaver, 1);

	/* Bars: one checker of each side moved from its 24-point. */
	s = "XGID=aa----E-C---eE---c-e----AA:0:0:1:00:0:0:0:0:10";
	CHECK_INT(bg_xgid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(b.pt[0][BG_BAR], 1);
	CHECK_INT(b.pt[1][BG_BAR], 1);
	CHECK_INT(b.pt[0][24], 1);
	CHECK_INT(b.pt[1][24], 1);
	CHECK_INT(b.pt[0][BG_OFF], 0);
	CHECK_INT(b.pt[1][BG_OFF], 0);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, s);

	/* Buffer convention. */
	memset(buf, 'x', sizeof buf);
	CHECK_INT(bg_xgid_encode(buf, strlen(s), &b, &ms), strlen(s));
	CHECK(buf[0] == 'x');
	CHECK_INT(bg_xgid_encode(NULL, 0, &b, &ms), strlen(s));

	/* Malformed. */
#define BAD(text, code) do {						\
	const char *t_s = (text);					\
	CHECK_INT(bg_xgid_decode(&b, &ms, t_s, strlen(t_s),		\
	    BG_VARIANT_STANDARD), (code));				\
} while (0)
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10:1",
	    -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B:0:0:1:00:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:0:00:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:2:1:00:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:1:70:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:1:5:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:1:X:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:6:0:0:5:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:2:5:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:4:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:x:0:1:00:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-::0:1:00:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B-:16:0:1:00:0:0:0:0:10",
	    -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----B*:0:0:1:00:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=Ab----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----E-C---eE---c-e----Ba:0:0:1:00:0:0:0:0:10", -BG_EXGID);
	BAD("XGID=-b----F-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10",
	    -BG_ECHECKERS);
	BAD("XGID=-b----E-C---eE---c-e---bB-:0:0:1:00:0:0:0:0:10",
	    -BG_ECHECKERS);
	CHECK_INT(bg_xgid_decode(&b, &ms, start, strlen(start),
	    BG_VARIANT_HYPER2), -BG_ECHECKERS);
#undef BAD

	/* Encoder refusals. */
	bg_board_start(&b, BG_VARIANT_STANDARD);
	bg_matchstate_init(&ms, 0);
	b.pt[0][19] = 1;
	CHECK_INT(bg_xgid_encode(buf, sizeof buf, &b, &ms), -BG_EOVERLAP);
	bg_board_start(&b, BG_VARIANT_STANDARD);
	ms.cube = 6;
	CHECK_INT(bg_xgid_encode(buf, sizeof buf, &b, &ms), -BG_EINVAL);
}

/*
 * An OGID and an XGID of one position: each decodes to the same board
 * and state (the XGID's cube limit aside, which an OGID has not), and
 * the XGID encodes as the OGID with its move number 0.
 */
static void
ogid_xgid(const char *ogid, const char *xgid)
{
	bg_board b, xb;
	bg_matchstate ms, xms;
	char buf[256], want[256];
	const char *colon;

	CHECK_INT(bg_ogid_decode(&b, &ms, ogid, strlen(ogid),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(bg_xgid_decode(&xb, &xms, xgid, strlen(xgid),
	    BG_VARIANT_STANDARD), 0);
	CHECK(memcmp(&b, &xb, sizeof b) == 0);
	xms.cube_max = ms.cube_max;
	CHECK(memcmp(&ms, &xms, sizeof ms) == 0);
	/* Field 10, the move number, is no part of a position. */
	colon = strrchr(ogid, ':');
	snprintf(want, sizeof want, "%.*s:0", (int)(colon - ogid), ogid);
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, &xb, &xms), strlen(want));
	CHECK_STR(buf, want);
}

static void
test_ogid(void)
{
	static const char start[] =
	    "11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:0:0";
	bg_board b, want;
	bg_matchstate ms;
	bg_variant v;
	char buf[256];
	const char *s;

	/*
	 * The example of HedgeHog's description of the OGID: the start of a
	 * money game, White (side 1) on roll with 13, Black having acted.
	 */
	bg_board_start(&want, BG_VARIANT_STANDARD);
	CHECK_INT(bg_ogid_decode(&b, &ms, start, strlen(start),
	    BG_VARIANT_STANDARD), 0);
	CHECK(memcmp(&b, &want, sizeof b) == 0);
	CHECK_INT(ms.on_roll, 1);
	CHECK_INT(ms.turn, 1);
	CHECK_INT(ms.dice[0], 1);
	CHECK_INT(ms.dice[1], 3);
	CHECK_INT(ms.length, 0);
	CHECK_INT(ms.cube, 1);
	CHECK_INT(ms.cube_owner, BG_CENTRED);
	CHECK_INT(ms.state, BG_GAME_PLAYING);
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, &b, &ms), strlen(start));
	CHECK_STR(buf, start);
	CHECK_INT(bg_ogid_encode(NULL, 0, &b, &ms), strlen(start));
	CHECK_INT(bg_ogid_decode(&b, &ms, "OGID=11ccccchhhjjjjj:66666888ddd"
	    "ddoo:N0N:13:B:R:0:0:0:0", 55, BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.on_roll, 1);

	/*
	 * Seven positions of one OpenGammon game, each as OpenGammon wrote
	 * it in both IDs (published with GammonView's tests): six plays in
	 * a row, the sides alternating, and a 2-cube Black holds at 2-0 in
	 * a 5-point match.  XGID's bottom player is White.
	 */
	ogid_xgid("013ccehhiijjkkk:44566688ddddmno:N0N:31:B:R:0:0:5:12",
	    "XGID=-aaa-CBBB--AdB---b-cabA-AA:0:0:1:31:0:0:0:5:10");
	ogid_xgid("233ccehhiijjkkk:44566688ddddmno:N0N:52:W:R:0:0:5:13",
	    "XGID=-aaa-CBBB--AdB---b-cabBA--:0:0:-1:52:0:0:0:5:10");
	ogid_xgid("233ccehhiijjkkk:445666888dddmmn:N0N:54:B:R:0:0:5:14",
	    "XGID=--ab-CBBB--AcB---c-cabBA--:0:0:1:54:0:0:0:5:10");
	ogid_xgid("377ccehhiijjkkk:445666888dddmmn:N0N:41:W:R:0:0:5:15",
	    "XGID=--ab-CBBB--AcB---cBcabA---:0:0:-1:41:0:0:0:5:10");
	ogid_xgid("377ccehhiijjkkk:444556688dddmmn:N0N:51:B:R:0:0:5:16",
	    "XGID=--ab-CBBB--AcB---bBbbcA---:0:0:1:51:0:0:0:5:10");
	ogid_xgid("377cchhiijjkkkk:444556688dddmmn:N0N:65:W:R:0:0:5:17",
	    "XGID=--ab-DBBB---cB---bBbbcA---:0:0:-1:65:0:0:0:5:10");
	ogid_xgid("djjjjlllnnnnooo:2233445556668mm:B1N:21:W:R:2:0:5:97",
	    "XGID=-CDbC-D-----A----a-ccbbb--:1:-1:-1:21:2:0:0:5:10");

	/* Fields 6 to 11 may be left out: state "IW", 0-0, money. */
	s = "11ccccchhhjjjjj:66666888dddddoo:N0N::W";
	CHECK_INT(bg_ogid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.on_roll, 1);	/* "IW", no dice: White rolls */
	s = "cccccggggg:ddddiiiiii:N0N:63:W:IW:4:3:7:1:15";
	CHECK_INT(bg_ogid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.on_roll, 0);
	CHECK_INT(ms.score[1], 4);
	CHECK_INT(ms.score[0], 3);
	CHECK_INT(ms.length, 7);
	CHECK_INT(b.pt[1][BG_OFF], 5);
	CHECK_INT(b.pt[1][13], 5);
	CHECK_INT(b.pt[0][18], 6);
	CHECK_INT(b.pt[1][BG_BAR] + b.pt[0][BG_BAR], 0);

	/* A double waits: the doubler (the colour) stays on roll. */
	s = "11ccccchhhjjjjj:66666888dddddoo:N1O::B:D:3:5:9C:0";
	CHECK_INT(bg_ogid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.doubled, 1);
	CHECK_INT(ms.on_roll, 0);
	CHECK_INT(ms.turn, 1);
	CHECK_INT(ms.cube, 2);
	CHECK_INT(ms.crawford, 1);
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, &b, &ms), strlen(s));
	CHECK_STR(buf, s);
	CHECK_INT(bg_xgid_encode(buf, sizeof buf, &b, &ms), 51);
	CHECK_STR(buf, "XGID=-b----E-C---eE---c-e----B-:1:0:-1:D:3:5:1:9:10");
	/* Ended games, a cube owned, Hypergammon's three checkers. */
	s = "1hj:66o:W2N::B:G:0:0:0:0:3";
	CHECK_INT(bg_ogid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_HYPER3), 0);
	CHECK_INT(ms.state, BG_GAME_OVER);
	CHECK_INT(ms.cube_owner, 1);
	CHECK_INT(ms.cube, 4);
	CHECK_INT(b.pt[1][24] + b.pt[1][8] + b.pt[1][6], 3);
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, &b, &ms), strlen(s));
	CHECK_STR(buf, s);
	s = "1:o:N0N::W:RG:0:0:0:0";
	CHECK_INT(bg_ogid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.state, BG_GAME_RESIGNED);
	CHECK_INT(b.pt[1][BG_OFF], 14);
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, &b, &ms), strlen(s));
	CHECK_STR(buf, s);
	/* Checkers on the bars: White's is point 0, Black's 25. */
	s = "00jjj:ppp66:N0N::W:C:0:0:0";
	CHECK_INT(bg_ogid_decode(&b, &ms, s, strlen(s),
	    BG_VARIANT_STANDARD), 0);
	CHECK_INT(b.pt[1][BG_BAR], 2);
	CHECK_INT(b.pt[0][BG_BAR], 3);
	CHECK_INT(ms.on_roll, 0);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, "XGID=c-----C------------b-----B:0:0:-1:00:0:0:0:0:10");

	/* What an OGID cannot hold, in words. */
	bg_matchstate_init(&ms, 0);
	CHECK_INT(bg_posfmt_lost(buf, sizeof buf, BG_POS_OGID, &ms), 0);
	ms.jacoby = ms.beaver = 1;
	ms.cube_max = 6;
	CHECK_INT(bg_posfmt_lost(buf, sizeof buf, BG_POS_OGID, &ms), 48);
	CHECK_STR(buf, "the Jacoby rule, the beaver rule, the cube limit");
	CHECK_INT(bg_posfmt_lost(buf, 5, BG_POS_OGID, &ms), 48);
	CHECK_INT(bg_posfmt_lost(buf, sizeof buf, BG_POS_XGID, &ms), 0);
	ms.state = BG_GAME_RESIGNED;
	ms.resign = 2;
	CHECK_INT(bg_posfmt_lost(buf, sizeof buf, BG_POS_XGID, &ms), 44);
	CHECK_STR(buf, "the end of the game, the resignation offered");

	/* bg_position_parse: the checker count names Hypergammon. */
	v = BG_VARIANT_STANDARD;
	s = "ogid=1hj:66o:W2N::B:G:0:0:0:0:3";
	CHECK_INT(bg_position_parse(&b, &ms, &v, s, strlen(s)), 0);
	CHECK_INT(v, BG_VARIANT_HYPER3);
	CHECK_INT(b.pt[0][BG_OFF], 0);
	v = BG_VARIANT_STANDARD;
	s = "1hj:66o:W2N::B:G:0:0:0:0:4";
	CHECK_INT(bg_position_parse(&b, &ms, &v, s, strlen(s)), -BG_EOGID);
	CHECK_INT(v, BG_VARIANT_STANDARD);
	s = "  11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:0:0\n";
	CHECK_INT(bg_position_parse(&b, &ms, &v, s, strlen(s)), 0);
	CHECK_INT(ms.on_roll, 1);

#define OBAD(text, code) do {						\
	const char *t_s = (text);					\
	CHECK_INT(bg_ogid_decode(&b, &ms, t_s, strlen(t_s),		\
	    BG_VARIANT_STANDARD), (code));				\
} while (0)
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:0:0:15:1",
	    -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:X0N:13:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0X:13:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:NN:13:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N16N:13:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:17:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:1:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:X:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:Q:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:x:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:8:0:7", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:7X", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:C", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:0:x", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:0:0:3",
	    -BG_EOGID);	/* another variant's checkers */
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0O:13:B:D:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjjz:66666888dddddoo:N0N:13:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjjp:66666888dddddoo:N0N:13:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjj:066666888dddddoo:N0N:13:B:R:0:0:0", -BG_EOGID);
	OBAD("11ccccchhhjjjjjj:66666888dddddoo:N0N:13:B:R:0:0:0",
	    -BG_ECHECKERS);
	OBAD("11ccccchhhjjjjj:66666888ddddd:N0N:13:B:R:0:0:0", 0);
	OBAD("11ccccchhhjjjj6:66666888dddddoo:N0N:13:B:R:0:0:0",
	    -BG_EOVERLAP);
	OBAD("11ccccchhhjjjjj:66666888dddddoo:N0N:13:B:R:0:0:0:0:15", 0);
	CHECK_INT(bg_ogid_decode(&b, &ms, start, strlen(start),
	    BG_VARIANT_COUNT), -BG_EVARIANT);
	CHECK_INT(bg_ogid_decode(&b, &ms, "1:o\0:N0N::W", 11,
	    BG_VARIANT_STANDARD), -BG_EOGID);
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, NULL, &ms), -BG_EINVAL);
	bg_board_start(&b, BG_VARIANT_STANDARD);
	bg_matchstate_init(&ms, 0);
	ms.cube = 3;
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, &b, &ms), -BG_EINVAL);
	ms.cube = 1;
	b.pt[0][19] = 1;
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, &b, &ms), -BG_EOVERLAP);
#undef OBAD
}

static void
test_position(void)
{
	bg_board b, want;
	bg_matchstate ms;
	bg_variant v;
	char buf[80];
	const char *s;

#define PARSE(text) bg_position_parse(&b, &ms, &v, (text), strlen(text))
	v = BG_VARIANT_TAVLA;
	CHECK_INT(PARSE("  nackgammon\n"), 0);
	CHECK_INT(v, BG_VARIANT_NACKGAMMON);
	bg_board_start(&want, BG_VARIANT_NACKGAMMON);
	CHECK(memcmp(&b, &want, sizeof b) == 0);
	CHECK_INT(ms.on_roll, 1);
	CHECK_INT(ms.length, 0);
	CHECK_INT(ms.jacoby, 0);	/* a start word states no rule */
	CHECK_INT(PARSE("start"), 0);		/* keeps the variant */
	CHECK_INT(v, BG_VARIANT_NACKGAMMON);
	CHECK_INT(PARSE("hyper2"), 0);
	CHECK_INT(v, BG_VARIANT_HYPER2);
	CHECK_INT(bg_board_checkers(&b, 0), 2);
	CHECK_INT(PARSE("Hyper3"), 0);
	CHECK_INT(v, BG_VARIANT_HYPER3);
	CHECK_INT(PARSE("hyper1"), 0);
	CHECK_INT(v, BG_VARIANT_HYPER1);
	CHECK_INT(PARSE("tavla"), 0);
	CHECK_INT(v, BG_VARIANT_TAVLA);
	CHECK_INT(ms.cube_max, 0);
	v = BG_VARIANT_STANDARD;
	CHECK_INT(PARSE("start"), 0);
	CHECK_INT(v, BG_VARIANT_STANDARD);
	bg_board_start(&want, BG_VARIANT_STANDARD);
	CHECK(memcmp(&b, &want, sizeof b) == 0);

	/* XGIDs, with and without the prefix. */
	s = "XGID=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10";
	CHECK_INT(PARSE(s), 0);
	CHECK_INT(ms.score[0], 6);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, s);
	CHECK_INT(PARSE(" -B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7:10 "),
	    0);
	CHECK_INT(ms.dice[0], 2);
	CHECK_INT(PARSE("xgid=-B-CBBB---a---A---ABcbbbd-:1:-1:1:21:3:6:0:7"),
	    -BG_EXGID);

	/* PID:MID, either order. */
	CHECK_INT(PARSE("b9sBCIC5bYDQAA:QQnlAGAAGAAE"), 0);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, s);
	CHECK_INT(PARSE("QQnlAGAAGAAE:b9sBCIC5bYDQAA"), 0);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, s);
	CHECK_INT(PARSE("4HPwATDgc/ABMA:MAH3AAAAAAAE"), 0);
	CHECK_INT(ms.on_roll, 0);
	CHECK_INT(ms.dice[0], 6);
	CHECK_INT(ms.length, 7);
	CHECK_INT(PARSE("4HPwATDgc/ABMA:MAH3AAAAAAA!"), -BG_EMATCHID);
	CHECK_INT(PARSE("4HPwATDgc/AB!A:MAH3AAAAAAAE"), -BG_EPOSID);
	CHECK_INT(PARSE("4HPwATDgc/ABMA:MAH3AAAAAAA"), -BG_EPOSITION);

	/* A bare Position ID: side 1 on roll, money. */
	CHECK_INT(PARSE("\t4PPgASjgc/ABMA "), 0);
	CHECK_INT(ms.on_roll, 1);
	CHECK_INT(ms.length, 0);
	CHECK_INT(b.pt[0][23], 1);
	CHECK_INT(b.pt[0][8], 4);
	CHECK_INT(PARSE("4HPwATDgc/ABM*"), -BG_EPOSID);
	v = BG_VARIANT_HYPER1;
	CHECK_INT(PARSE("4HPwATDgc/ABMA"), -BG_ECHECKERS);
	CHECK_INT(PARSE("AACAAAAAAgAAAA"), 0);
	CHECK_INT(b.pt[1][24], 1);
	CHECK_INT(v, BG_VARIANT_HYPER1);

	CHECK_INT(PARSE(""), -BG_EPOSITION);
	CHECK_INT(PARSE("   "), -BG_EPOSITION);
	CHECK_INT(PARSE("begin"), -BG_EPOSITION);
	CHECK_INT(PARSE("4HPwATDgc/ABM"), -BG_EPOSITION);
	CHECK_INT(bg_position_parse(&b, &ms, NULL, "start", 5), 0);

	/*
	 * Blanks around the text are the C locale's six, whatever the
	 * locale: a no-break space (0xa0, a blank in some Latin-1 locales)
	 * is part of the text.
	 */
	CHECK_INT(PARSE(" \t\n\v\f\rstart \t\n\v\f\r"), 0);
	CHECK_INT(PARSE("\xa0start"), -BG_EPOSITION);
	CHECK_INT(PARSE("4HPwATDgc/ABMA\xa0"), -BG_EPOSITION);
#undef PARSE
}

/*
 * No library file includes <ctype.h>: its classes follow the caller's
 * locale (setlocale), which the library must not; lib/chars_int.h has
 * the classes it uses.  Run from the top of the tree.
 */
static void
test_no_ctype(void)
{
	DIR *d = opendir("lib");
	struct dirent *e;
	char path[512], line[512];
	size_t n;
	FILE *f;
	int files = 0, found = 0;

	CHECK(d != NULL);
	while (d != NULL && (e = readdir(d)) != NULL) {
		n = strlen(e->d_name);
		if (n < 3 || e->d_name[n - 2] != '.' ||
		    (e->d_name[n - 1] != 'c' && e->d_name[n - 1] != 'h'))
			continue;
		snprintf(path, sizeof path, "lib/%s", e->d_name);
		if ((f = fopen(path, "r")) == NULL)
			continue;
		files++;
		while (fgets(line, sizeof line, f) != NULL)
			if (strncmp(line, "#include <ctype.h>", 18) == 0) {
				fprintf(stderr, "%s includes <ctype.h>\n",
				    path);
				found++;
			}
		fclose(f);
	}
	if (d != NULL)
		closedir(d);
	CHECK(files > 20);
	CHECK(found == 0);
}

/* Split a line into blank-separated words, in place. */
static int
words(char *line, char **w, int max)
{
	int n = 0;
	char *p = line;

	while (n < max) {
		while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r')
			p++;
		if (*p == '\0')
			break;
		w[n++] = p;
		while (*p != '\0' && *p != ' ' && *p != '\t' && *p != '\n' &&
		    *p != '\r')
			p++;
		if (*p != '\0')
			*p++ = '\0';
	}
	return n;
}

static void
corpus_xgid(const char *xgid, const char *pid)
{
	bg_board b;
	bg_matchstate ms;
	char buf[128];

	CHECK_INT(bg_xgid_decode(&b, &ms, xgid, strlen(xgid),
	    BG_VARIANT_STANDARD), 0);
	bg_posid_encode(buf, sizeof buf, &b, ms.on_roll);
	CHECK_STR(buf, pid);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, xgid);
	/* Through an OGID and back: nothing of the corpus is lost. */
	CHECK_INT(bg_ogid_encode(buf, sizeof buf, &b, &ms) > 0, 1);
	CHECK_INT(bg_ogid_decode(&b, &ms, buf, strlen(buf),
	    BG_VARIANT_STANDARD), 0);
	bg_xgid_encode(buf, sizeof buf, &b, &ms);
	CHECK_STR(buf, xgid);
}

static void
corpus_pid(const char *pid)
{
	bg_board b;
	char buf[32];
	int s;

	for (s = 0; s < 2; s++) {
		CHECK_INT(bg_posid_decode(&b, pid, strlen(pid), s,
		    BG_VARIANT_STANDARD), 0);
		bg_posid_encode(buf, sizeof buf, &b, s);
		CHECK_STR(buf, pid);
	}
}

static void
corpus_mid(char **w, int n)
{
	bg_matchstate ms;
	char buf[32];
	int i, f[13];

	CHECK_INT(bg_matchid_decode(&ms, w[1], strlen(w[1])), 0);
	CHECK_INT(bg_matchid_encode(buf, sizeof buf, &ms), BG_MATCHID_LEN);
	CHECK_STR(buf, w[1]);
	if (n < 15)
		return;
	for (i = 0; i < 13; i++)
		f[i] = atoi(w[2 + i]);
	CHECK_INT(ms.cube, f[0]);
	CHECK_INT(ms.cube_owner, f[1]);
	CHECK_INT(ms.on_roll, f[2]);
	CHECK_INT(ms.crawford, f[3]);
	CHECK_INT(ms.state, f[4]);
	CHECK_INT(ms.turn, f[5]);
	CHECK_INT(ms.doubled, f[6]);
	CHECK_INT(ms.resign, f[7]);
	CHECK_INT(ms.dice[0], f[8]);
	CHECK_INT(ms.dice[1], f[9]);
	CHECK_INT(ms.length, f[10]);
	CHECK_INT(ms.score[0], f[11]);
	CHECK_INT(ms.score[1], f[12]);
}

static int
corpus(const char *path)
{
	FILE *fp;
	char line[512], *w[16];
	int n, lineno = 0, before;

	if ((fp = fopen(path, "r")) == NULL) {
		perror(path);
		return -1;
	}
	while (fgets(line, sizeof line, fp) != NULL) {
		lineno++;
		before = t_fail;
		n = words(line, w, 16);
		if (n == 0 || w[0][0] == '#')
			continue;
		if (n == 2 && strncmp(w[0], "XGID=", 5) == 0)
			corpus_xgid(w[0], w[1]);
		else if (n == 2 && strcmp(w[0], "PID") == 0)
			corpus_pid(w[1]);
		else if (n >= 2 && strcmp(w[0], "MID") == 0)
			corpus_mid(w, n);
		else
			t_fail++;
		/* Each line of gnubg's IDs is a case of its own. */
		t_count(t_fail == before, path, lineno);
		if (t_fail != before)
			fprintf(stderr, "FAIL: %s:%d: %s\n", path, lineno,
			    w[0]);
	}
	fclose(fp);
	return 0;
}

int
main(int argc, char *argv[])
{
	if (argc > 1) {
		if (corpus(argv[1]) < 0)
			return 2;
		T_DONE("ids_corpus");
	}
	test_posid();
	test_matchid();
	test_xgid();
	test_ogid();
	test_position();
	test_no_ctype();
	T_DONE("test_ids");
}
