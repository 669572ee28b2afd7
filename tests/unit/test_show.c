/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_show.c: unit tests of what bgshow stands on: the FIBS board line
 * (lib/fibs.c) read, written and converted both ways, the diagram
 * writers' buffer convention and escaping (lib/draw_text.c,
 * lib/draw_svg.c), and the replay's position callback (lib/replay.c)
 * on a small record with every kind of action.
 */
#include <stdlib.h>

#include "bgkit.h"
#include "t.h"

/* A FIBS board: line: O to play 62 from the start, you are O moving 24->1. */
static const char spec[] = "board:You:someplayer:3:0:0:0:-2:0:0:0:0:5:0:"
    "3:0:0:0:-5:5:0:0:0:-3:0:-5:0:0:0:0:2:0:1:6:2:0:0:1:1:1:0:1:-1:0:25:"
    "0:0:0:0:2:0:0:0";

static int
parse(bg_fibs *f, const char *s)
{
	return bg_fibs_parse(f, s, strlen(s));
}

/* spec with field n (3..52) replaced by text v. */
static void
setfield(char *out, size_t size, int n, const char *v)
{
	const char *p = spec;
	int k = 0;
	size_t len;

	while (k < n)
		if (*p++ == ':')
			k++;
	len = (size_t)(p - spec);
	snprintf(out, size, "%.*s%s%s", (int)len, spec, v,
	    strchr(p, ':') ? strchr(p, ':') : "");
}

static void
test_parse(void)
{
	static const char *const bad[] = {
		"", "board", "boardx:You:x:3", "Board:You:someplayer:3",
	};
	static const char *const badnum[] = { "+1", "01", "-0", "1a", "",
		"100000", "-" };
	bg_fibs f;
	char buf[512], line[512];
	size_t i;

	CHECK_INT(parse(&f, spec), 0);
	CHECK_STR(f.player, "You");
	CHECK_STR(f.opponent, "someplayer");
	CHECK_INT(f.field[3], 3);
	CHECK_INT(f.field[7], -2);
	CHECK_INT(f.field[33], 6);
	CHECK_INT(f.field[41], 1);
	CHECK_INT(f.field[42], -1);
	CHECK_INT(f.field[49], 2);
	CHECK_INT(bg_fibs_format(buf, sizeof buf, &f), (int)strlen(spec));
	CHECK_STR(buf, spec);
	/* The buffer convention. */
	CHECK_INT(bg_fibs_format(NULL, 0, &f), (int)strlen(spec));
	memset(buf, 'x', sizeof buf);
	CHECK_INT(bg_fibs_format(buf, 10, &f), (int)strlen(spec));
	CHECK(buf[0] == 'x');

	for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
		CHECK_INT(parse(&f, bad[i]), -BG_EFIBS);
	for (i = 0; i < sizeof badnum / sizeof badnum[0]; i++) {
		setfield(line, sizeof line, 20, badnum[i]);
		CHECK_INT(parse(&f, line), -BG_EFIBS);
	}
	setfield(line, sizeof line, 52, "0:0");		/* 54 fields */
	CHECK_INT(parse(&f, line), -BG_EFIBS);
	snprintf(line, sizeof line, "%.*s", (int)(strrchr(spec, ':') - spec),
	    spec);					/* 52 fields */
	CHECK_INT(parse(&f, line), -BG_EFIBS);
	setfield(line, sizeof line, 2, "a\033b");	/* a control character */
	CHECK_INT(parse(&f, line), -BG_EFIBS);
	memset(buf, 'n', 64);
	buf[64] = '\0';
	setfield(line, sizeof line, 2, buf);		/* 64 bytes */
	CHECK_INT(parse(&f, line), -BG_EFIBS);
	buf[63] = '\0';
	setfield(line, sizeof line, 2, buf);		/* 63: the most */
	CHECK_INT(parse(&f, line), 0);
	setfield(line, sizeof line, 2, "\xc3\xa9\xff<&>");
	CHECK_INT(parse(&f, line), 0);
	bg_fibs_format(buf, sizeof buf, &f);
	CHECK_STR(buf, line);
	/* Names the line cannot hold are refused, not written. */
	strcpy(f.opponent, "a:b");
	CHECK_INT(bg_fibs_format(buf, sizeof buf, &f), -BG_EINVAL);
	strcpy(f.opponent, "a\nb");
	CHECK_INT(bg_fibs_format(buf, sizeof buf, &f), -BG_EINVAL);
	memset(f.opponent, 'n', sizeof f.opponent);
	CHECK_INT(bg_fibs_format(buf, sizeof buf, &f), -BG_EINVAL);
}

static void
test_to_position(void)
{
	bg_fibs f, g;
	bg_board b, start;
	bg_matchstate ms;
	int pos;

	parse(&f, spec);
	CHECK_INT(bg_fibs_to_position(&b, &ms, &f, BG_VARIANT_STANDARD), 0);
	bg_board_start(&start, BG_VARIANT_STANDARD);
	CHECK(memcmp(&b, &start, sizeof b) == 0);
	CHECK_INT(ms.on_roll, 1);
	CHECK_INT(ms.dice[0], 6);
	CHECK_INT(ms.dice[1], 2);
	CHECK_INT(ms.length, 3);
	CHECK_INT(ms.cube_owner, BG_CENTRED);
	CHECK_INT(ms.crawford, 0);

	/* The same, you X (negative) moving 1->24: positions mirrored. */
	g = f;
	for (pos = 0; pos <= 25; pos++)
		g.field[6 + pos] = -f.field[6 + 25 - pos];
	g.field[32] = -1;
	g.field[41] = -1;
	g.field[42] = 1;
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD), 0);
	CHECK(memcmp(&b, &start, sizeof b) == 0);
	CHECK_INT(ms.on_roll, 1);

	/* Who may double tells the owner. */
	g = f;
	g.field[37] = 2;
	g.field[39] = 0;
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.cube_owner, 1);
	g.field[38] = 0;
	g.field[39] = 1;
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.cube_owner, 0);
	g.field[39] = 0;			/* neither, cube 2: no owner */
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD),
	    -BG_EFIBS);
	g.field[40] = 1;			/* the opponent doubled */
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.doubled, 1);
	CHECK_INT(ms.on_roll, 0);
	CHECK_INT(ms.turn, 1);
	CHECK_INT(ms.cube_owner, 0);
	g.field[40] = -1;			/* the player doubled */
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.on_roll, 1);
	CHECK_INT(ms.turn, 0);
	g.field[40] = 0;
	g.field[37] = 1;			/* neither, cube 1: Crawford */
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD),
	    -BG_EFIBS);			/* ... but nobody is at 2 */
	g.field[5] = 2;
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.crawford, 1);
	CHECK_INT(ms.score[0], 2);

	/* Money, game over, and lines that describe no position. */
	g = f;
	g.field[3] = 9999;
	g.field[32] = 0;
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD), 0);
	CHECK_INT(ms.length, 0);
	CHECK_INT(ms.state, BG_GAME_OVER);
	g = f;
	g.field[41] = 0;
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD),
	    -BG_EFIBS);
	g = f;
	g.field[6] = 1;				/* yours on the other bar */
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD),
	    -BG_EFIBS);
	g = f;
	g.field[30] = 3;			/* 16 checkers */
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD),
	    -BG_ECHECKERS);
	g = f;
	g.field[33] = 7;
	CHECK_INT(bg_fibs_to_position(&b, &ms, &g, BG_VARIANT_STANDARD),
	    -BG_EFIBS);
}

/* Position to line to position, for every play of every opening roll. */
static void
test_round_trip(void)
{
	bg_movelist *ml = bg_movelist_new();
	bg_board start, b;
	bg_matchstate ms, back;
	bg_fibs f;
	int d[2], i, n = 0;
	size_t k;

	bg_board_start(&start, BG_VARIANT_STANDARD);
	for (d[0] = 1; d[0] <= 6; d[0]++)
		for (d[1] = 1; d[1] <= d[0]; d[1]++) {
			bg_rules_legal(ml, &start, 1, d, BG_VARIANT_STANDARD);
			for (k = 0; k < bg_movelist_count(ml); k++) {
				const bg_legal *l = bg_movelist_get(ml, k);

				bg_matchstate_init(&ms, 7);
				ms.on_roll = ms.turn = (int)(k % 2);
				ms.score[0] = (int)(k % 7);
				ms.score[1] = 6;
				ms.crawford = k % 3 == 0;
				ms.cube = ms.crawford ? 1 : 2;
				ms.cube_owner = ms.crawford ? BG_CENTRED :
				    (int)(k % 2);
				ms.dice[0] = d[1];
				ms.dice[1] = d[0];
				CHECK_INT(bg_fibs_from_position(&f, &l->after,
				    &ms, BG_VARIANT_STANDARD, "a", "b"), 0);
				CHECK_INT(bg_fibs_to_position(&b, &back, &f,
				    BG_VARIANT_STANDARD), 0);
				i = memcmp(&b, &l->after, sizeof b) == 0 &&
				    back.on_roll == ms.on_roll &&
				    back.cube == ms.cube &&
				    back.cube_owner == ms.cube_owner &&
				    back.crawford == ms.crawford &&
				    back.score[0] == ms.score[0] &&
				    back.score[1] == ms.score[1] &&
				    back.dice[0] == d[1] && back.dice[1] == d[0];
				CHECK(i);
				n++;
			}
		}
	CHECK(n > 300);
	bg_movelist_free(ml);

	/* What the writer fills in beyond the position. */
	bg_matchstate_init(&ms, 0);
	ms.dice[0] = ms.dice[1] = 6;
	bg_fibs_from_position(&f, &start, &ms, BG_VARIANT_STANDARD, NULL,
	    "x:y\nz");
	CHECK_STR(f.player, "x_y_z");
	CHECK_STR(f.opponent, "Opponent");
	CHECK_INT(f.field[3], 9999);
	CHECK_INT(f.field[49], 4);		/* 66: four checkers */
	CHECK_INT(f.field[41], 1);
	CHECK_INT(f.field[42], -1);
	bg_fibs_from_position(&f, &start, &ms, BG_VARIANT_STANDARD, NULL,
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9"
	    "\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9\xc3\xa9");
	CHECK_INT(strlen(f.player), 62);	/* 31 whole characters */
	start.pt[0][6] = 6;
	CHECK_INT(bg_fibs_from_position(&f, &start, &ms, BG_VARIANT_STANDARD,
	    NULL, NULL), -BG_ECHECKERS);
}

static int
count(const char *s, const char *sub)
{
	int n = 0;

	for (; (s = strstr(s, sub)) != NULL; s++)
		n++;
	return n;
}

static void
test_draw(void)
{
	bg_board b;
	bg_matchstate ms;
	bg_drawopts d;
	char *buf, small[16];
	int n, m;

	bg_board_start(&b, BG_VARIANT_STANDARD);
	bg_matchstate_init(&ms, 5);
	bg_drawopts_init(&d);
	CHECK_INT(d.bottom, 1);
	CHECK_INT(d.clockwise, 0);
	d.name[0] = "a\033[2Jb";
	d.name[1] = "<x & \"y\">\xff";

	n = bg_draw_text(NULL, 0, &b, &ms, &d);
	CHECK(n > 0);
	buf = malloc((size_t)n + 1);
	CHECK_INT(bg_draw_text(buf, (size_t)n + 1, &b, &ms, &d), n);
	CHECK_INT(strlen(buf), n);
	CHECK_INT(count(buf, "\n"), 15);
	CHECK(strchr(buf, '\033') == NULL);
	CHECK(strstr(buf, "O: a\\x1b[2Jb") != NULL);
	CHECK(strstr(buf, "X: <x & \"y\">\\xff") != NULL);
	CHECK(strstr(buf, "5 points match (Cube: 1)") != NULL);
	CHECK_INT(bg_draw_text(small, sizeof small, &b, &ms, &d), n);
	CHECK_INT(strlen(small), sizeof small - 1);
	CHECK(strncmp(small, buf, sizeof small - 1) == 0);
	free(buf);

	n = bg_draw_svg(NULL, 0, &b, &ms, &d);
	CHECK(n > 0);
	buf = malloc((size_t)n + 1);
	CHECK_INT(bg_draw_svg(buf, (size_t)n + 1, &b, &ms, &d), n);
	CHECK(strncmp(buf, "<?xml", 5) == 0);
	CHECK(strcmp(buf + n - 7, "</svg>\n") == 0);
	CHECK(strstr(buf, "&lt;x &amp; &quot;y&quot;&gt;\xef\xbf\xbd") !=
	    NULL);
	CHECK(strchr(buf, '\033') == NULL);
	/* Every '<' opens a tag: none comes from a name. */
	m = count(buf, "<");
	CHECK_INT(m, count(buf, ">") - count(buf, "->"));
	free(buf);
	d.name[1] = "abcdefghijklmnopqrstuvwxyz0123456789";
	n = bg_draw_svg(NULL, 0, &b, &ms, &d);
	buf = malloc((size_t)n + 1);
	bg_draw_svg(buf, (size_t)n + 1, &b, &ms, &d);
	CHECK(strstr(buf, "abcdefghijklmnopqrstuvwxyz012345\xe2\x80\xa6") !=
	    NULL);
	free(buf);

	d.bottom = 2;
	CHECK_INT(bg_draw_text(NULL, 0, &b, &ms, &d), -BG_EINVAL);
	CHECK_INT(bg_draw_svg(NULL, 0, &b, &ms, &d), -BG_EINVAL);
	d.bottom = 0;
	b.pt[1][6] = 6;
	CHECK_INT(bg_draw_text(NULL, 0, &b, &ms, &d), -BG_ECHECKERS);
}

/* The replay's positions of a small 3-point match. */
static const char record[] =
    " 3 point match\n"
    "\n"
    " Game 1\n"
    " alice : 0                           bob : 0\n"
    "  1) 31: 8/5 6/5                     42: 8/4 6/4\n"
    "  2) 64: 24/18 13/9                  Doubles => 2\n"
    "  3) Takes                           65: 24/13\n"
    "  4) Doubles => 4                    Drops\n"
    "      Wins 2 points\n"
    "\n"
    " Game 2\n"
    " alice : 2                           bob : 0\n"
    "  1)                                 66: 24/18(2) 13/7(2)\n"
    "  2) 64: 24/13                       \n"
    "      Wins 1 point and the match\n";

struct seen {
	int		 n;
	int		 game[32], turn[32], side[32], kind[32], played[32];
	int		 lost[32];
	bg_matchstate	 ms[32];
};

static void
seen(void *ctx, const bg_replay_pos *pos)
{
	struct seen *s = ctx;

	if (s->n == 32)
		return;
	s->game[s->n] = pos->game;
	s->turn[s->n] = pos->turn;
	s->side[s->n] = pos->side;
	s->kind[s->n] = pos->rec ? (int)pos->rec->kind : -1;
	s->played[s->n] = pos->played;
	s->lost[s->n] = pos->lost;
	s->ms[s->n] = pos->ms;
	s->n++;
}

static void
test_callback(void)
{
	bg_reader *r = bg_reader_new_mem(record, strlen(record), "t");
	bg_replay *rp = bg_replay_new();
	const bg_match *m;
	const bg_game *g;
	struct seen s;

	memset(&s, 0, sizeof s);
	bg_replay_set_callback(rp, seen, &s);
	CHECK_INT(bg_reader_next_match(r, &m), 1);
	bg_replay_match(rp, m);
	while (bg_reader_next_game(r, &g) > 0)
		bg_replay_game(rp, g);
	/* Game 1: start, 3 moves, double, take, move, double, drop. */
	CHECK_INT(s.n, 9 + 4);
	CHECK_INT(s.turn[0], 0);
	CHECK_INT(s.side[0], -1);
	CHECK_INT(s.kind[0], -1);
	CHECK_INT(s.ms[0].on_roll, 0);		/* alice opens */
	CHECK_INT(s.turn[3], 3);
	CHECK_INT(s.played[3], 1);
	CHECK_INT(s.ms[3].on_roll, 1);
	CHECK_INT(s.kind[4], BG_REC_DOUBLE);
	CHECK_INT(s.ms[4].doubled, 1);
	CHECK_INT(s.ms[4].on_roll, 1);
	CHECK_INT(s.ms[4].turn, 0);
	CHECK_INT(s.ms[4].cube, 1);
	CHECK_INT(s.kind[5], BG_REC_TAKE);
	CHECK_INT(s.ms[5].cube, 2);
	CHECK_INT(s.ms[5].cube_owner, 0);
	CHECK_INT(s.ms[5].on_roll, 1);
	CHECK_INT(s.kind[8], BG_REC_DROP);
	CHECK_INT(s.side[8], 1);
	CHECK_INT(s.ms[8].state, BG_GAME_DROPPED);
	CHECK_INT(s.ms[8].turn, 1);
	CHECK_INT(s.ms[8].on_roll, 0);
	/* Game 2: start, a move, then alice's illegal 24/13 is lost. */
	CHECK_INT(s.game[9], 2);
	CHECK_INT(s.turn[9], 0);
	CHECK_INT(s.ms[9].score[0], 2);
	CHECK_INT(s.ms[9].crawford, 1);
	CHECK_INT(s.ms[9].on_roll, 1);		/* bob opens */
	CHECK_INT(s.played[11], 0);
	CHECK_INT(s.lost[11], 1);
	/* The "Wins" after a lost play is alice's win: bob resigned. */
	CHECK_INT(s.kind[12], BG_REC_WIN);
	CHECK_INT(s.side[12], 1);
	CHECK_INT(s.ms[12].score[0], 2);
	bg_replay_free(rp);
	bg_reader_free(r);
}

int
main(void)
{
	test_parse();
	test_to_position();
	test_round_trip();
	test_draw();
	test_callback();
	T_DONE("test_show");
}
