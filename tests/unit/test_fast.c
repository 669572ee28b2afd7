/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * test_fast.c: the fast paths of the notation parser and the resolver
 * against the general code they shortcut.  Random legal games in four
 * variants; for every roll, texts that are the right play (steps in
 * order, shuffled, with stars right and wrong), another roll's play, a
 * dance, the consolidated display notation, a corrupted step and the
 * first step alone; and random boards (checkers anywhere, on the bar,
 * all home) with random dice and texts of single steps.  Each text must
 * parse to the same notation as its copy with doubled blanks (which the
 * fast scanner leaves to the general one), and resolve to the same bytes
 * with and without the fast cases (resolve_search); and the quick path
 * without a play (the replay's), which decides some more texts, must
 * give the search's position and warnings when it decides, and leave the
 * board as it was when it does not, as must the replay's loop's own way
 * to it (fast_land, then resolve_fast), also with a star put on the
 * first point of a part, which no text gives.  And
 * bg_rules_check, which judges the dice count without a list of plays
 * when a play passes, must pass exactly the plays whose result is in
 * bg_rules_legal's list: every legal play, and of its shorter prefixes
 * only those reaching a listed position.  The lists must be in their
 * documented order.  Last, the .mat reader's one-pass reading of move
 * lines (and match, game and tag lines) against its general reading:
 * random games written as gnubg writes them, then copies with random
 * edits to those lines (blanks, tabs, stars, digits, colons, quotes,
 * keywords, letters, a non-ASCII character), read both ways: the same
 * records, tags, text, diagnostics and sides; and replayed both ways
 * (the replay's quick run of rolls, and its general loop): the same
 * diagnostics, results and positions.  And every file of the corpus
 * and of the fixtures read both ways, whole and in small pieces; and
 * every play of every record file of the corpus, on the position the
 * replay reached before it, resolved the same ways, each file also
 * replayed both ways.  The corpus is $BGKIT_CORPUS, else tests/corpus.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "resolve_int.h"
#include "record_int.h"
#include "fmt_int.h"
#include "t.h"

#define GAMES	160
#define BOARDS	40000

static unsigned long long seed = 88172645463325252ULL;

static int
below(int n)
{
	return t_below(&seed, n);
}

/*
 * A point of side s to play from: the bar now and then when a checker
 * is there, else the first point with a checker from a random one on.
 */
static int
random_from(const bg_board *b, int s)
{
	int f, c;

	if (b->pt[s][25] && below(3))
		return 25;
	for (f = 1 + below(25), c = 0; c < 25 && b->pt[s][f] == 0; c++)
		f = f % 25 + 1;
	return f;
}

/*
 * The order bg_rules_legal promises: steps sorted high to low (source,
 * then destination), plays compared step by step, the highest first.
 * Returns 1 when x may come before y.
 */
static int
in_order(const bg_play *x, const bg_play *y)
{
	int f[2][4], t[2][4], i, j, k;

	for (k = 0; k < 2; k++) {
		const bg_play *p = k ? y : x;

		for (i = 0; i < 4; i++)
			f[k][i] = t[k][i] = 0;
		for (i = 0; i < p->n; i++) {
			int sf = p->step[i].from, st = p->step[i].to;

			for (j = i; j > 0 && (f[k][j - 1] < sf ||
			    (f[k][j - 1] == sf && t[k][j - 1] < st)); j--) {
				f[k][j] = f[k][j - 1];
				t[k][j] = t[k][j - 1];
			}
			f[k][j] = sf;
			t[k][j] = st;
		}
	}
	for (i = 0; i < 4; i++) {
		if (f[0][i] != f[1][i])
			return f[0][i] > f[1][i];
		if (t[0][i] != t[1][i])
			return t[0][i] > t[1][i];
	}
	return 1;
}

/* Steps of p in .mat style, in the order ord[], stars as given. */
static void
plain(char *buf, size_t size, const bg_play *p, const int *ord,
    const unsigned char *star)
{
	size_t o = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < p->n && o < size; i++) {
		int k = ord[i];

		o += (size_t)snprintf(buf + o, size - o, "%s%d/%d%s",
		    i ? " " : "", p->step[k].from, p->step[k].to,
		    star[k] ? "*" : "");
	}
}

static int failures;

/* Texts that only the quick path without a play decides. */
static long nlast;

/*
 * Without a play, as the replay asks, the quick path decides some more
 * texts than bg_notation_resolve's: for notation n on b, the search's
 * position and warnings, the play legal; else the board untouched.
 * Returns its answer, with its position in *after.
 */
static int
try_quick(const char *text, const bg_notation *n, const bg_board *b, int s,
    const int d[2], bg_variant v, bg_board *after)
{
	bg_resolved r2;
	int rc2, q, same;

	memset(&r2, 0xaa, sizeof r2);
	rc2 = resolve_search(&r2, n, b, s, d, v);
	*after = *b;
	q = resolve_fast(after->pt[s], after->pt[!s], n, d,
	    bg_variant_get(v)->flags, NULL);
	if (q != 0)
		same = rc2 == 0 && r2.code == 0 && memcmp(after, &r2.after,
		    sizeof *after) == 0 && r2.nwarn == ((q & FAST_UNMARKED) !=
		    0) + ((q & FAST_EXTRA) != 0) && (!(q & FAST_UNMARKED) ||
		    r2.warn[0] == BG_WHITUNMARKED) && (!(q & FAST_EXTRA) ||
		    r2.warn[r2.nwarn - 1] == BG_WHITEXTRA);
	else
		same = memcmp(after, b, sizeof *after) == 0;
	CHECK(same);
	if (!same && failures++ < 10)
		fprintf(stderr, "quick \"%s\" (%d%d, side %d, variant %d):"
		    " %d, search %d\n", text, d[0], d[1], s, (int)v, q, rc2);
	return q;
}

/*
 * The replay's way for notation n on b: fast_land, and resolve_fast
 * for what it leaves (the board untouched then), must give q, the
 * answer of resolve_fast without a play, and its position after.
 */
static void
try_land(const char *text, const bg_notation *n, const bg_board *b, int s,
    const int d[2], int q, const bg_board *after)
{
	bg_board land = *b;
	int ql, same = 1;

	ql = fast_land(land.pt[s], land.pt[!s], n, d);
	if (ql < 0) {
		same = memcmp(&land, b, sizeof land) == 0;
		ql = resolve_fast(land.pt[s], land.pt[!s], n, d, 0, NULL);
	} else
		ql &= 1 | FAST_UNMARKED | FAST_EXTRA;
	same = same && ql == q && memcmp(&land, after, sizeof land) == 0;
	CHECK(same);
	if (!same && failures++ < 10)
		fprintf(stderr, "land \"%s\" (%d%d, side %d): %d, quick %d\n",
		    text, d[0], d[1], s, ql, q);
}

static void	try_note(const char *, const bg_notation *, const bg_board *,
		    int, const int [2], bg_variant);

/* One text: parse it two ways, resolve it two ways, and quickly. */
static void
try_text(const char *text, const bg_board *b, int s, const int d[2],
    bg_variant v)
{
	char wide[128];
	bg_notation n1, n2;
	size_t e1, e2, i, o = 0;
	int rc1, rc2, same;

	for (i = 0; text[i] && o + 2 < sizeof wide; i++) {
		wide[o++] = text[i];
		if (text[i] == ' ')
			wide[o++] = ' ';
	}
	wide[o] = '\0';
	rc1 = bg_notation_parse(&n1, text, strlen(text), &e1);
	rc2 = bg_notation_parse(&n2, wide, strlen(wide), &e2);
	same = rc1 == rc2 && (rc1 < 0 || memcmp(&n1, &n2, sizeof n1) == 0);
	CHECK(same);
	if (!same && failures++ < 10)
		fprintf(stderr, "parse \"%s\": %d, \"%s\": %d\n", text, rc1,
		    wide, rc2);
	if (rc1 < 0)
		return;
	try_note(text, &n1, b, s, d, v);
}

/*
 * One notation n1 (text says what it was): resolved with and without the
 * direct decisions, directly, and the replay's way.
 */
static void
try_note(const char *text, const bg_notation *n1, const bg_board *b, int s,
    const int d[2], bg_variant v)
{
	bg_notation n2;
	bg_resolved r1, r2;
	bg_board after, land;
	int rc1, rc2, same, q;

	memset(&r1, 0x55, sizeof r1);
	memset(&r2, 0xaa, sizeof r2);
	rc1 = bg_notation_resolve(&r1, n1, b, s, d, v);
	rc2 = resolve_search(&r2, n1, b, s, d, v);
	same = rc1 == rc2 && memcmp(&r1, &r2, sizeof r1) == 0;
	CHECK(same);
	if (!same && failures++ < 10)
		fprintf(stderr, "resolve \"%s\" (%d%d, side %d, variant %d):"
		    " %d, search %d\n", text, d[0], d[1], s, (int)v, rc1,
		    rc2);
	q = try_quick(text, n1, b, s, d, v, &after);
	if (q != 0) {
		bg_play pl;

		land = *b;
		nlast += resolve_fast(land.pt[s], land.pt[!s], n1, d,
		    bg_variant_get(v)->flags, &pl) == 0;
	}
	/*
	 * The replay's own way for a variant without a bear-off rule:
	 * fast_land, and resolve_fast for what it leaves (the board
	 * untouched then), the same as resolve_fast without a play.
	 */
	if (bg_variant_get(v)->flags & (BG_VF_MOSTPIPS | BG_VF_NOHITRUN))
		return;
	try_land(text, n1, b, s, d, q, &after);
	/*
	 * And with a star on the first point of a part, which no text
	 * gives (the grammar has none there) but a caller's notation may.
	 */
	if (n1->kind != BG_NOTE_PLAY || n1->npath == 0)
		return;
	n2 = *n1;
	n2.path[below(n2.npath)].hit[0] = 1;
	q = try_quick(text, &n2, b, s, d, v, &after);
	try_land(text, &n2, b, s, d, q, &after);
}

/*
 * Boards no game reaches as often: checkers anywhere, on the bar, or
 * all home, against random dice and texts of single steps, most of
 * them the dice's, some bearing off, some starred or counted.
 */
static void
test_boards(void)
{
	static const bg_variant vs[] = { BG_VARIANT_STANDARD,
	    BG_VARIANT_NACKGAMMON, BG_VARIANT_TAVLA, BG_VARIANT_HYPER3 };
	char text[96];
	bg_board b;
	int i, k, s, p, c, left, np, f, die, d[2];
	size_t len;

	for (i = 0; i < BOARDS; i++) {
		memset(&b, 0, sizeof b);
		for (p = 0; p < 2; p++) {
			left = 15;
			if (below(4) == 0)
				left -= b.pt[p][25] = (unsigned char)(1 +
				    below(3));
			for (; left > 0; left--)
				b.pt[p][below(3) == 0 ? 1 + below(6) :
				    1 + below(24)]++;
		}
		s = below(2);
		if (below(3) == 0) {
			/* All home, some off. */
			memset(b.pt[s], 0, sizeof b.pt[s]);
			c = 1 + below(15);
			b.pt[s][0] = (unsigned char)(15 - c);
			while (c-- > 0)
				b.pt[s][1 + below(6)]++;
		}
		d[0] = 1 + below(6);
		d[1] = below(4) ? 1 + below(6) : d[0];
		np = d[0] == d[1] ? (below(5) ? 4 : 1 + below(4)) :
		    (below(5) ? 2 : 1 + below(3));
		len = 0;
		for (k = 0; k < np && len < sizeof text - 16; k++) {
			die = below(6) ? d[(k & 1) ^ below(2)] : 1 + below(6);
			f = random_from(&b, s);
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%s%d/%d%s%s", k ? " " : "", f,
			    f - die > 0 ? f - die : 0, below(6) ? "" : "*",
			    below(30) ? "" : "(2)");
		}
		try_text(text, &b, s, d, vs[below(4)]);
	}
}

/*
 * Plays of fewer parts than dice that the quick path decided (with one
 * checker on the bar at most), and dances with none on the bar; and
 * single steps of two different dice so decided, and of them those of
 * a side all home.
 */
static long nshort, ndance, nsingle, nhome;

/*
 * Boards where the other side holds many points, so that dice are
 * blocked: legal plays, and their shorter prefixes, a dance, and for
 * a double one to three single steps from random points.  Partial plays
 * of a double and dances with none on the bar, which the quick path
 * decides there, come up often.
 */
static void
test_blocked(void)
{
	static const bg_variant vs[] = { BG_VARIANT_STANDARD,
	    BG_VARIANT_NACKGAMMON, BG_VARIANT_TAVLA, BG_VARIANT_HYPER3 };
	bg_movelist *ml = bg_movelist_new();
	char text[96];
	bg_board b, after;
	bg_variant v;
	int i, k, m, s, p, left, n, f, d[2], ord[4], np, q;
	size_t len;

	for (i = 0; i < BOARDS / 8; i++) {
		memset(&b, 0, sizeof b);
		s = below(2);
		/* 0: anywhere, 1: mostly home, 2: few, 3: few, all home */
		m = below(4);
		/*
		 * The other side: points held, from 1 to 24, and often in
		 * the home board of a side all home.
		 */
		left = 15;
		while (left > 1) {
			p = m == 3 && below(2) ? 19 + below(6) :
			    1 + below(24);
			k = 2 + below(2) < left ? 2 + below(2) : left;
			b.pt[!s][p] = (unsigned char)(b.pt[!s][p] + k);
			left -= k;
		}
		b.pt[!s][below(2) ? 1 + below(24) : 0] += (unsigned char)left;
		left = 15;
		if (below(6) == 0)
			left -= b.pt[s][25] = (unsigned char)(1 + below(2));
		if (m >= 2) {
			b.pt[s][0] = (unsigned char)(left - 1 - below(4));
			left -= b.pt[s][0];
		}
		for (; left > 0; left--) {
			f = m == 3 || (m == 1 && below(4)) ? 1 + below(6) :
			    1 + below(24);
			if (b.pt[!s][25 - f] == 0)
				b.pt[s][f]++;
			else
				b.pt[s][0]++;
		}
		d[0] = 1 + below(6);
		d[1] = below(2) ? 1 + below(6) : d[0];
		v = vs[below(3) ? 0 : below(4)];
		try_text("", &b, s, d, v);
		after = b;
		if (b.pt[s][25] == 0 && resolve_fast(after.pt[s],
		    after.pt[!s], &(bg_notation){ .kind = BG_NOTE_NONE }, d,
		    bg_variant_get(v)->flags, NULL) != 0)
			ndance++;
		n = bg_rules_legal(ml, &b, s, d, v);
		for (k = 0; k < n && k < 8; k++) {
			const bg_legal *l = bg_movelist_get(ml,
			    (size_t)below(n));
			bg_play pl = l->play;

			for (m = 0; m < 4; m++)
				ord[m] = m;
			plain(text, sizeof text, &pl, ord, pl.hit);
			try_text(text, &b, s, d, v);
			if (pl.n < (d[0] == d[1] ? 4 : 2) &&
			    b.pt[s][25] < 2) {
				bg_notation nn;
				size_t e;

				after = b;
				if (bg_notation_parse(&nn, text, strlen(text),
				    &e) >= 0 && resolve_fast(after.pt[s],
				    after.pt[!s], &nn, d,
				    bg_variant_get(v)->flags, NULL) != 0)
					nshort++;
			}
			for (pl.n--; pl.n > 0; pl.n--) {
				plain(text, sizeof text, &pl, ord, pl.hit);
				try_text(text, &b, s, d, v);
			}
		}
		if (d[0] != d[1]) {
			/* One step with either die from a few points. */
			for (k = 0; k < 12; k++) {
				bg_notation nn;
				size_t e;

				f = b.pt[s][25] ? 25 : 1 + below(m == 3 ? 6 :
				    24);
				for (m = 0; m < 25 && b.pt[s][f] == 0; m++)
					f = f % 25 + 1;
				q = f - d[k & 1] > 0 ? f - d[k & 1] : 0;
				snprintf(text, sizeof text, "%d/%d%s", f, q,
				    below(8) ? "" : "*");
				try_text(text, &b, s, d, v);
				after = b;
				if (b.pt[s][25] < 2 && bg_notation_parse(&nn,
				    text, strlen(text), &e) >= 0 &&
				    resolve_fast(after.pt[s], after.pt[!s], &nn,
				    d, bg_variant_get(v)->flags, NULL) != 0)
					nsingle++, nhome += m == 3;
			}
			continue;
		}
		np = 1 + below(3);
		len = 0;
		for (k = 0; k < np && len < sizeof text - 16; k++) {
			f = random_from(&b, s);
			q = f - d[0] > 0 ? f - d[0] : 0;
			len += (size_t)snprintf(text + len, sizeof text - len,
			    "%s%d/%d%s", k ? " " : "", f, q,
			    below(8) ? "" : "*");
		}
		try_text(text, &b, s, d, v);
	}
	bg_movelist_free(ml);
}

/* ------------------------------------------------ the .mat move lines */

#define MATGAMES	120
#define MATSIZE		(1 << 20)

static char mat[MATSIZE], edited[MATSIZE];
static size_t matlen, editedlen;

static void
put(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void
put(const char *fmt, ...)
{
	va_list ap;
	int k;

	va_start(ap, fmt);
	k = vsnprintf(mat + matlen, MATSIZE - matlen, fmt, ap);
	va_end(ap);
	if (k > 0 && (size_t)k < MATSIZE - matlen)
		matlen += (size_t)k;
}

/* The cell of a roll and its play, as gnubg's .mat export writes it. */
static void
roll_cell(char *buf, size_t size, const int d[2], const bg_play *p)
{
	char t[64];

	if (p->n == 0)
		t[0] = '\0';
	else
		bg_play_format(t, sizeof t, p, BG_STYLE_MAT);
	snprintf(buf, size, "%d%d: %s", d[0], d[1], t);
}

/*
 * A score line, mostly as gnubg writes it, now and then with names that
 * need cleaning (blanks, a rating after a comma), a mark of a comment, a
 * score of ten digits or none, or a third colon.
 */
static void
score_line(void)
{
	static const char *const names[] = { "Alice", "Alice", "Bob",
	    "Bob Smith", "J. Doe,1500", "x,1500.5", "a  b", "c,", ",7",
	    ";semi", "#hash", "d:e", "Zo\xc3\xab", "9) nine", "Game 3",
	    "7 point match", "tab\there" };
	static const int nn = sizeof names / sizeof names[0];
	static const char *const scores[] = { "0", "3", "16336", "123456789",
	    "1234567890", "", "x", "12:" };
	const char *a = below(2) ? "Alice" : names[below(nn)];
	const char *b = below(2) ? "Bob" : names[below(nn)];
	const char *x = below(4) ? scores[below(3)] : scores[below(8)];
	const char *y = below(4) ? scores[below(3)] : scores[below(8)];
	int w = below(4) ? 32 : below(40);

	put(" %s : %s%*s%s : %s%s\n", a, x, w - (int)(strlen(a) +
	    strlen(x)) > 1 ? w - (int)(strlen(a) + strlen(x)) : 1, "", b, y,
	    below(8) ? "" : " ");
}

/*
 * A match of random legal games in gnubg's layout, with a double,
 * take or drop now and then (the replay's verdict does not matter).
 */
static void
write_match(void)
{
	bg_movelist *ml = bg_movelist_new();
	int g, turn, s, d[2], moveno, n;
	char cell[2][80];

	matlen = 0;
	put("; [Event \"test_fast\"]\n; [Player 1 \"Alice\"]\n"
	    ";[ Key  \"a \"quoted\" ] value\"]\n# [Round \"1\"]\n"
	    "; not a tag\n\n 7 point match\n");
	for (g = 1; g <= MATGAMES / 10; g++) {
		bg_board b;

		bg_board_start(&b, BG_VARIANT_STANDARD);
		/* Now and then a game of nothing, not even a score line. */
		if (below(8) == 0)
			put("\n Game %d\n", g);
		put("\n Game %d\n", g);
		score_line();
		s = below(2);
		moveno = 1;
		cell[0][0] = '\0';
		for (turn = 0; turn < 200; turn++) {
			const bg_legal *l;
			bg_play none;

			d[0] = 1 + below(6);
			d[1] = 1 + below(6);
			n = bg_rules_legal(ml, &b, s, d, BG_VARIANT_STANDARD);
			memset(&none, 0, sizeof none);
			l = n > 0 ? bg_movelist_get(ml, (size_t)below(n)) : NULL;
			switch (below(40)) {
			case 0:
				snprintf(cell[s], sizeof cell[s], "Doubles => 2");
				break;
			case 1:
				snprintf(cell[s], sizeof cell[s], "Takes");
				break;
			case 2:
				snprintf(cell[s], sizeof cell[s], "Drops");
				break;
			default:
				roll_cell(cell[s], sizeof cell[s], d,
				    l ? &l->play : &none);
				if (l != NULL)
					b = l->after;
			}
			/*
			 * Mostly gnubg's columns, now and then others, or
			 * each cell alone anywhere on a line of its own.
			 */
			if (s == 1 && below(8) == 0) {
				put("%3d) %*s%s\n", moveno, below(45), "",
				    cell[0]);
				put("%3d) %*s%s\n", moveno++, below(45), "",
				    cell[1]);
				cell[0][0] = '\0';
			} else if (s == 1) {
				put("%3d) %-*s%s\n", moveno++, below(4) ? 28 :
				    below(3) ? below(12) : below(40), cell[0],
				    cell[1]);
				cell[0][0] = '\0';
			}
			if (bg_board_checkers(&b, s) == 0)
				break;
			s = !s;
		}
		if (cell[0][0])
			put("%3d) %s\n", moveno++, cell[0]);
		/* The result under either column, or after a drop. */
		n = 1 + below(3);
		switch (below(4)) {
		case 0:
			put("      Wins %d point%s\n", n, n > 1 ? "s" : "");
			break;
		case 1:
			put("%*sWins %d points\n", 30 + below(8), "", n);
			break;
		case 2:
			put("%3d)%*s%s%*sWins %d point%s\n", moveno,
			    1 + below(3), "", below(2) ? "Drops" : below(2) ?
			    "Takes" : "Doubles => 16", below(2) ? 18 +
			    below(8) : 1 + below(10), "", n, below(2) ? "s" :
			    "");
			break;
		default:
			put("  Wins %d point \n", n);
		}
	}
	bg_movelist_free(ml);
}

/*
 * A copy of mat with random edits to the move, match, game, tag and
 * result lines: such a line may lose a byte, or gain or have a byte replaced by
 * one of the pieces below, once or twice.  Among them the control bytes
 * that move_line's LINE_END (fmt_mat_fast.c) takes for a line end with
 * LF and NUL.
 */
static void
edit_match(void)
{
	static const char *const bits[] = { " ", " ", "  ", "\t", "*", "/",
	    ":", "0", "1", "2", "5", "6", "7", "9", "D", "T", "x", "\xc3\xa9",
	    "\v", "\b", "\x02", "(", "Doubles => 4", "Doubles =>",
	    "Doubles => 1234567890",
	    "Takes", "Drops", "Beavers => 4", "Wins 1 point", "Illegal play (",
	    "????", "53:", "5a:", "73:", "13/7", "25/20*", "6/0", "24/18 18/13",
	    " 13/7", " 31: 8/5 6/5", " 8/4 8/4", " 1) ", "Takes Drops", "\"",
	    "]", "[", ";", "#", "s", "G", "g", "point", "match", "Game",
	    "1234567890", "99999999" };
	size_t i = 0, e, at, b, k;
	int edits, op;
	char line[512];

	editedlen = 0;
	while (i < matlen) {
		for (e = i; e < matlen && mat[e] != '\n'; e++)
			;
		b = e - i;
		memcpy(line, mat + i, b);
		i = e < matlen ? e + 1 : e;
		if (b > 5 && (line[3] == ')' || line[0] == ';' ||
		    line[0] == '#' || line[1] == 'G' || line[2] == 'p' ||
		    line[b - 1] == 't' || line[b - 1] == 's' ||
		    memchr(line, ':', b) != NULL) && below(3) == 0)
			for (edits = 1 + below(2); edits > 0; edits--) {
				const char *bit = bits[below(sizeof bits /
				    sizeof bits[0])];

				at = 1 + (size_t)below((int)b - 1);
				op = below(3);
				k = op == 1 ? 0 : strlen(bit);
				if (b + k + 1 >= sizeof line)
					break;
				if (op != 0)	/* delete or replace */
					memmove(line + at, line + at + 1,
					    b-- - at - 1);
				memmove(line + at + k, line + at, b - at);
				memcpy(line + at, bit, k);
				b += k;
			}
		if (editedlen + b + 2 >= MATSIZE)
			break;
		memcpy(edited + editedlen, line, b);
		editedlen += b;
		/* Any line end: LF, CRLF or CR. */
		if (below(10) == 0)
			edited[editedlen++] = '\r';
		if (editedlen == 0 || edited[editedlen - 1] != '\r' ||
		    below(2))
			edited[editedlen++] = '\n';
		/* The last line may have no line end. */
		if (i >= matlen && below(2))
			while (editedlen > 0 && (edited[editedlen - 1] == '\n' ||
			    edited[editedlen - 1] == '\r'))
				editedlen--;
	}
}

/* Two strings both NULL or equal. */
static int
same_str(const char *a, const char *b)
{
	return a == NULL ? b == NULL : b != NULL && strcmp(a, b) == 0;
}

/* The same match header, and the same diagnostics on the readers? */
static int
same_match(bg_reader **r, const bg_match **m)
{
	size_t i;
	int same = bg_match_length(m[0]) == bg_match_length(m[1]) &&
	    bg_match_line(m[0]) == bg_match_line(m[1]) &&
	    bg_match_tag_count(m[0]) == bg_match_tag_count(m[1]) &&
	    bg_match_comment_count(m[0]) == bg_match_comment_count(m[1]) &&
	    bg_reader_diag_count(r[0]) == bg_reader_diag_count(r[1]);

	for (i = 0; same && i < bg_match_tag_count(m[0]); i++)
		same = same_str(bg_match_tag_key(m[0], i),
		    bg_match_tag_key(m[1], i)) &&
		    same_str(bg_match_tag_value(m[0], i),
		    bg_match_tag_value(m[1], i));
	for (i = 0; same && i < bg_match_comment_count(m[0]); i++)
		same = same_str(bg_match_comment(m[0], i),
		    bg_match_comment(m[1], i));
	for (i = 0; same && i < 2; i++)
		same = same_str(bg_match_player(m[0], (int)i),
		    bg_match_player(m[1], (int)i));
	for (i = 0; same && i < bg_reader_diag_count(r[0]); i++)
		same = memcmp(bg_reader_diag(r[0], i), bg_reader_diag(r[1], i),
		    sizeof(bg_diag)) == 0;
	return same;
}

/* Read r[0] and r[1] side by side: the same all through? */
static int
read_pair(bg_reader **r)
{
	const bg_match *m[2];
	const bg_game *g[2];
	size_t i, k;
	int rc[2], w, same = 1;

	for (;;) {
		for (w = 0; w < 2; w++)
			rc[w] = bg_reader_next_match(r[w], &m[w]);
		same &= rc[0] == rc[1];
		if (rc[0] <= 0 || !same)
			break;
		same &= same_match(r, m);
		for (;;) {
			for (w = 0; w < 2; w++)
				rc[w] = bg_reader_next_game(r[w], &g[w]);
			same &= rc[0] == rc[1] &&
			    bg_reader_diag_count(r[0]) ==
			    bg_reader_diag_count(r[1]);
			for (i = 0; same && i < bg_reader_diag_count(r[0]); i++)
				same &= memcmp(bg_reader_diag(r[0], i),
				    bg_reader_diag(r[1], i),
				    sizeof(bg_diag)) == 0;
			if (rc[0] <= 0 || !same)
				break;
			same &= bg_game_record_count(g[0]) ==
			    bg_game_record_count(g[1]);
			for (i = 0; same && i < bg_game_record_count(g[0]);
			    i++) {
				bg_record a = *bg_game_record(g[0], i);
				bg_record b = *bg_game_record(g[1], i);

				same &= a.len == b.len && memcmp(a.text, b.text,
				    a.len + 1) == 0;
				a.text = b.text = NULL;
				same &= memcmp(&a, &b, sizeof a) == 0;
				if (!same && failures++ < 10)
					fprintf(stderr, "mat line %d: \"%s\"\n",
					    a.line, bg_game_record(g[1], i)->text);
			}
			for (k = 0; same && k < 2; k++)
				same &= bg_game_score(g[0], (int)k) ==
				    bg_game_score(g[1], (int)k) &&
				    same_str(bg_game_player(g[0], (int)k),
				    bg_game_player(g[1], (int)k)) &&
				    same_str(bg_game_rating(g[0], (int)k),
				    bg_game_rating(g[1], (int)k));
			same &= bg_game_number(g[0]) == bg_game_number(g[1]) &&
			    bg_game_line(g[0]) == bg_game_line(g[1]) &&
			    bg_game_score_line(g[0]) ==
			    bg_game_score_line(g[1]);
		}
		if (!same)
			break;
	}
	return same;
}

/* Pieces of 1 to 40 bytes of a text, to a reader. */
struct piece {
	const char	*p;
	size_t		 len, pos;
};

static long
read_piece(void *ctx, char *buf, size_t n)
{
	struct piece *pc = ctx;
	size_t k = pc->len - pc->pos, want = 1 + (size_t)below(40);

	if (k > n)
		k = n;
	if (k > want)
		k = want;
	memcpy(buf, pc->p + pc->pos, k);
	pc->pos += k;
	return (long)k;
}

/*
 * Same records, text and diagnostics from the reader both ways?  And
 * from the one-pass way reading the text in small pieces, which cuts
 * the line scanner's runs anywhere.
 */
static int
read_both(const char *text, size_t len)
{
	bg_reader *r[2];
	struct piece pc;
	int x, same = 1;

	pc.p = text;
	pc.len = len;
	pc.pos = 0;
	for (x = 0; x < 2; x++) {
		r[0] = bg_reader_new_mem(text, len, "x.mat");
		if (x == 0) {
			r[1] = bg_reader_new_mem(text, len, "x.mat");
			fmt_mat_set_fast(r[1], 0);
		} else
			r[1] = bg_reader_new(read_piece, &pc, "x.mat");
		same &= read_pair(r);
		bg_reader_free(r[0]);
		bg_reader_free(r[1]);
	}
	return same;
}

static void
no_op(void *ctx, const bg_replay_pos *pos)
{
	(void)ctx;
	(void)pos;
}

/*
 * The replay's run of rolls decided without the general loop (taken when
 * no callback is set) against that loop (a callback set): the same
 * diagnostics, results, boards and states, game by game.
 */
static void
replay_both(const char *text, size_t len)
{
	bg_reader *r = bg_reader_new_mem(text, len, "x.mat");
	bg_replay *rp[2];
	const bg_match *m;
	const bg_game *g;
	size_t i;
	int w, same = 1;

	rp[0] = bg_replay_new();
	rp[1] = bg_replay_new();
	bg_replay_set_callback(rp[1], no_op, NULL);
	while (same && bg_reader_next_match(r, &m) > 0) {
		for (w = 0; w < 2; w++)
			bg_replay_match(rp[w], m);
		while (same && bg_reader_next_game(r, &g) > 0) {
			for (w = 0; w < 2; w++)
				bg_replay_game(rp[w], g);
			same = bg_replay_diag_count(rp[0]) ==
			    bg_replay_diag_count(rp[1]) &&
			    memcmp(bg_replay_result(rp[0]),
			    bg_replay_result(rp[1]), sizeof(bg_result)) == 0 &&
			    memcmp(bg_replay_board(rp[0]),
			    bg_replay_board(rp[1]), sizeof(bg_board)) == 0 &&
			    memcmp(bg_replay_state(rp[0]),
			    bg_replay_state(rp[1]), sizeof(bg_matchstate)) == 0;
			for (i = 0; same && i < bg_replay_diag_count(rp[0]);
			    i++)
				same = memcmp(bg_replay_diag(rp[0], i),
				    bg_replay_diag(rp[1], i),
				    sizeof(bg_diag)) == 0;
		}
	}
	CHECK(same);
	bg_replay_free(rp[0]);
	bg_replay_free(rp[1]);
	bg_reader_free(r);
}

static void
test_mat(void)
{
	int i, j;

	for (i = 0; i < MATGAMES / 10; i++) {
		write_match();
		CHECK(read_both(mat, matlen));
		replay_both(mat, matlen);
		for (j = 0; j < 20; j++) {
			edit_match();
			CHECK(read_both(edited, editedlen));
			replay_both(edited, editedlen);
		}
	}
}

/*
 * Every file under the folder path (recursively), read both ways by
 * read_both: the records, columns and diagnostics of the fast reader
 * and of the reference grammar must agree on real files too.  Returns
 * the number of files read.
 */
static int
read_tree(const char *path)
{
	DIR *d;
	struct dirent *e;
	struct stat st;
	char sub[4096];
	int n = 0;
	FILE *f;
	char *buf;
	size_t len;
	int agree;

	if ((d = opendir(path)) == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.' || (size_t)snprintf(sub, sizeof sub,
		    "%s/%s", path, e->d_name) >= sizeof sub ||
		    stat(sub, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			n += read_tree(sub);
			continue;
		}
		if (!S_ISREG(st.st_mode) || (f = fopen(sub, "rb")) == NULL)
			continue;
		buf = malloc((size_t)st.st_size + 1);
		len = buf ? fread(buf, 1, (size_t)st.st_size, f) : 0;
		fclose(f);
		if (buf == NULL)
			continue;
		agree = read_both(buf, len);
		CHECK(agree);
		if (!agree)
			fprintf(stderr, "  the fast reader and the grammar "
			    "disagree in %s\n", sub);
		free(buf);
		n++;
	}
	closedir(d);
	return n;
}

/* The corpus: $BGKIT_CORPUS, else tests/corpus. */
static const char *
corpus_path(void)
{
	const char *c = getenv("BGKIT_CORPUS");

	return c != NULL && *c != '\0' ? c : "tests/corpus";
}

/* The corpus and the fixtures, hostile files included, read both ways. */
static void
test_files(void)
{
	int n;

	n = read_tree(corpus_path());
	if (n == 0)
		fprintf(stderr, "test_fast: no corpus in %s (set "
		    "BGKIT_CORPUS)\n", corpus_path());
	CHECK(n > 0);
	CHECK(read_tree("fixtures") > 100);
}

/* ------------------------------------------------------------ the corpus */

/* What the corpus walk keeps between positions of a replay. */
struct walk {
	bg_board	before;		/* the position before the action */
	bg_variant	v;
	long		moves;		/* plays tried */
};

/* Each play of the replay tried on the position before it. */
static void
walk_pos(void *ctx, const bg_replay_pos *pos)
{
	struct walk *w = ctx;
	const bg_record *rec = pos->rec;
	char text[128];

	if (rec != NULL && rec->kind == BG_REC_MOVE &&
	    (rec->side == 0 || rec->side == 1) &&
	    rec->dice[0] >= 1 && rec->dice[0] <= 6 &&
	    rec->dice[1] >= 1 && rec->dice[1] <= 6 &&
	    rec->note.kind != BG_NOTE_UNKNOWN) {
		snprintf(text, sizeof text, "%.*s", rec->text ?
		    (int)rec->len : 0, rec->text ? rec->text : "");
		try_note(text, &rec->note, &w->before, rec->side, rec->dice,
		    w->v);
		w->moves++;
	}
	w->before = pos->board;
}

/*
 * One file of the corpus: every play of its records, on the position the
 * replay reached before it, resolved with and without the direct
 * decisions and the replay's way; and the replay's run of rolls against
 * its general loop.
 */
static long
corpus_file(const char *path)
{
	struct walk w;
	bg_reader *r;
	bg_replay *rp;
	const bg_match *m;
	const bg_game *g;
	char *buf = NULL;
	size_t len = 0, cap = 0, got;
	FILE *fp;

	if ((fp = fopen(path, "rb")) == NULL) {
		CHECK(!"corpus file opens");
		return 0;
	}
	do {
		if (len == cap) {
			cap = cap ? cap * 2 : 65536;
			buf = realloc(buf, cap);
			if (buf == NULL)
				abort();
		}
		got = fread(buf + len, 1, cap - len, fp);
		len += got;
	} while (got > 0);
	fclose(fp);
	replay_both(buf, len);
	memset(&w, 0, sizeof w);
	r = bg_reader_new_mem(buf, len, path);
	rp = bg_replay_new();
	bg_replay_set_callback(rp, walk_pos, &w);
	while (bg_reader_next_match(r, &m) > 0) {
		bg_replay_match(rp, m);
		w.v = bg_replay_variant(rp);
		while (bg_reader_next_game(r, &g) > 0)
			bg_replay_game(rp, g);
	}
	bg_replay_free(rp);
	bg_reader_free(r);
	free(buf);
	return w.moves;
}

/* Every record file (.mat, .sgf, .json) under dir; the plays tried. */
static long
corpus_dir(const char *dir, long *nfiles)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	struct stat st;
	char path[4096];
	const char *dot;
	long moves = 0;

	if (d == NULL)
		return 0;
	while ((e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) != 0)
			continue;
		if (S_ISDIR(st.st_mode)) {
			moves += corpus_dir(path, nfiles);
			continue;
		}
		dot = strrchr(e->d_name, '.');
		if (dot != NULL && (strcmp(dot, ".mat") == 0 ||
		    strcmp(dot, ".sgf") == 0 || strcmp(dot, ".json") == 0)) {
			moves += corpus_file(path);
			++*nfiles;
		}
	}
	closedir(d);
	return moves;
}

/* Every play of the corpus, resolved both ways. */
static void
test_corpus(void)
{
	const char *dir = corpus_path();
	long nfiles = 0, moves;

	moves = corpus_dir(dir, &nfiles);
	if (nfiles == 0)
		fprintf(stderr, "test_fast: no record files in %s (set "
		    "BGKIT_CORPUS)\n", dir);
	printf("test_fast: corpus %s: %ld files, %ld plays\n", dir, nfiles,
	    moves);
	CHECK(nfiles > 0 && moves > 1000);
}

/*
 * The side's last checkers borne off in fewer parts than dice, written
 * without a star: the search's answer and the quick path's must agree
 * when the smaller die, played first, would land on a blot of the other
 * side (a route that hits, and so another position), when it would
 * land on an empty point or a point held, and for a double.  Random
 * boards seldom make these.
 */
static void
test_last_off(void)
{
	static const struct {
		int	 me[7];		/* the side's checkers on 1..6 */
		int	 opat, opn;	/* the other side's point and count */
		int	 d[2];
		const char *text;
	} c[] = {
		{ { 0, 0, 0, 0, 1, 0, 0 }, 24, 1, { 6, 3 }, "4/off" },
		{ { 0, 0, 0, 0, 1, 0, 0 }, 24, 2, { 6, 3 }, "4/off" },
		{ { 0, 0, 0, 0, 1, 0, 0 }, 23, 1, { 6, 3 }, "4/off" },
		{ { 0, 0, 0, 0, 0, 1, 0 }, 23, 1, { 6, 2 }, "5/off" },
		{ { 0, 0, 0, 1, 0, 1, 0 }, 24, 1, { 6, 6 }, "5/off 3/off" },
		{ { 0, 0, 0, 0, 0, 1, 0 }, 24, 1, { 4, 4 }, "5/1*/off" },
	};
	bg_board b;
	size_t i;
	int s, k;

	for (i = 0; i < sizeof c / sizeof c[0]; i++)
		for (s = 0; s < 2; s++) {
			memset(&b, 0, sizeof b);
			for (k = 1; k <= 6; k++)
				b.pt[s][k] = (unsigned char)c[i].me[k];
			b.pt[s][0] = (unsigned char)(15 - c[i].me[1] -
			    c[i].me[2] - c[i].me[3] - c[i].me[4] -
			    c[i].me[5] - c[i].me[6]);
			b.pt[!s][c[i].opat] = (unsigned char)c[i].opn;
			b.pt[!s][6] = (unsigned char)(15 - c[i].opn);
			try_text(c[i].text, &b, s, c[i].d,
			    BG_VARIANT_STANDARD);
		}
}

int
main(void)
{
	static const bg_variant vs[] = { BG_VARIANT_STANDARD,
	    BG_VARIANT_NACKGAMMON, BG_VARIANT_TAVLA, BG_VARIANT_HYPER3 };
	bg_movelist *ml = bg_movelist_new(), *other = bg_movelist_new();
	char text[128];
	int g, turn, i, j, n, s, d[2], e[2], ord[4];
	unsigned char star[4];

	for (g = 0; g < GAMES; g++) {
		bg_variant v = vs[g % 4];
		bg_board b;

		bg_board_start(&b, v);
		s = below(2);
		for (turn = 0; turn < 400; turn++, s = !s) {
			const bg_legal *l;

			d[0] = 1 + below(6);
			d[1] = 1 + below(6);
			n = bg_rules_legal(ml, &b, s, d, v);
			CHECK(n >= 0);
			if (n < 0)
				break;
			try_text("", &b, s, d, v);
			/* Another roll's play, most often illegal here. */
			e[0] = 1 + below(6);
			e[1] = 1 + below(6);
			if (bg_rules_legal(other, &b, s, e, v) > 0) {
				l = bg_movelist_get(other,
				    (size_t)below((int)bg_movelist_count(other)));
				for (i = 0; i < 4; i++)
					ord[i] = i;
				plain(text, sizeof text, &l->play, ord,
				    l->play.hit);
				try_text(text, &b, s, d, v);
			}
			if (n == 0)
				continue;
			for (i = 1; i < n; i++)
				CHECK(in_order(&bg_movelist_get(ml, i - 1)->play,
				    &bg_movelist_get(ml, i)->play));
			l = bg_movelist_get(ml, (size_t)below(n));
			for (i = 0; i < 4; i++)
				ord[i] = i;
			plain(text, sizeof text, &l->play, ord, l->play.hit);
			try_text(text, &b, s, d, v);
			/* Shuffled, a star moved, a point corrupted. */
			for (i = l->play.n - 1; i > 0; i--) {
				j = below(i + 1);
				int t = ord[i];

				ord[i] = ord[j];
				ord[j] = t;
			}
			memcpy(star, l->play.hit, sizeof star);
			star[below(l->play.n)] ^= 1;
			plain(text, sizeof text, &l->play, ord, l->play.hit);
			try_text(text, &b, s, d, v);
			plain(text, sizeof text, &l->play, ord, star);
			try_text(text, &b, s, d, v);
			{
				bg_play p = l->play;

				p.step[below(p.n)].from += below(2) ? 1 : -1;
				plain(text, sizeof text, &p, ord, star);
				try_text(text, &b, s, d, v);
			}
			bg_play_format(text, sizeof text, &l->play,
			    BG_STYLE_GNUBG);
			try_text(text, &b, s, d, v);
			/* Its first step alone: too few dice, mostly. */
			{
				bg_play p = l->play;

				p.n = 1;
				plain(text, sizeof text, &p, ord, p.hit);
				try_text(text, &b, s, d, v);
			}
			for (i = 1; i <= l->play.n; i++) {
				bg_play p = l->play;
				bg_verdict vd;
				size_t m;
				int in = 0;

				bg_board after = b;

				p.n = i;
				bg_rules_check(&vd, &b, s, d, v, &p);
				bg_play_apply(&after, s, &p);
				for (m = 0; m < (size_t)n; m++)
					in |= memcmp(&bg_movelist_get(ml,
					    m)->after, &after,
					    sizeof after) == 0;
				/* A shorter bear-off may reach a listed position. */
				CHECK(vd.code == 0 ? in : !in ||
				    vd.code == BG_EFEWDICE);
				CHECK(i < l->play.n || vd.code == 0);
			}
			b = l->after;
			if (bg_board_checkers(&b, s) == 0)
				break;
		}
	}
	bg_movelist_free(ml);
	bg_movelist_free(other);
	test_boards();
	/* The last checkers borne off in fewer parts than dice came up. */
	CHECK(nlast > 0);
	test_blocked();
	test_last_off();
	/* Short plays and dances decided quickly came up, often. */
	CHECK(nshort > 100 && ndance > 100 && nsingle > 100 && nhome > 30);
	test_mat();
	test_files();
	test_corpus();
	T_DONE("test_fast");
}
