/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_gnubgtext.c: the reader of GNU Backgammon's plain-text game log
 * ("export match text", bgkit-gnubgtext(5)): a header with the score
 * before the game, then a block per record ("Move number n:", a board
 * diagram with its Position ID and Match ID, the record's "* NAME ..."
 * line, analysis), then "NAME wins N points" and statistics.  Each
 * header starts a match of one game whose records are those lines, in
 * the record model every reader fills (plays in gnubg's notation, cube
 * actions, the result); the side of a play is the one the diagram's
 * bar marker shows on roll.  The whole input is held in memory (up to
 * MAXIN).  Part of libbgkit; callers use bgkit.h (bg_reader detects
 * the format from "The score (after" and comes here).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"

#define MAXIN	(64L << 20)	/* the largest input read */
#define HEAD	"The score (after "

enum { B_NONE, B_MOVE, B_CUBE, B_ANSWER };

struct gtext {
	struct fmt_base	 b;		/* first, so that reader.c finds it */
	int		 started, err;
	char		*in;
	size_t		 inlen, at;	/* at is where the next line starts */
	int		 line;
	int		 in_match;

	/* The game being read. */
	char		 name[2][64];
	int		 block;		/* the kind (B_*) of the current
					   block */
	int		 dice[2];	/* the dice of its "to play DD" */
	int		 value;		/* the N of its "doubles to N" */
	int		 side;		/* the side of its bar marker, or
					   -1 */
	int		 doubler;	/* the side of the last double, or
					   -1 */
	int		 cube;		/* the cube's value */
	int		 first;		/* set while no block was read */
	int		 headless;	/* set once text before a header was
					   told */
	int		 doubled;	/* set while a double read is not
					   answered */
	int		 beavered;	/* set when that double was beavered
					   (or raccooned) */
	int		 block_line;	/* the current block's line */
};

/* A diagnostic of the game being read. */
#define diag(x, code, line, col, ...) diaglist_addf(&(x)->b.dl, &(x)->err, \
	(code), (line), (col), (x)->b.game.number, __VA_ARGS__)

static int
slurp(struct gtext *x)
{
	size_t cap = 0;
	long got;
	char *np;

	for (;;) {
		if (x->inlen == cap) {
			if (cap >= (size_t)MAXIN)
				return 1;
			cap = cap ? cap * 2 : 16384;
			if ((np = realloc(x->in, cap)) == NULL)
				return -BG_ENOMEM;
			x->in = np;
		}
		got = fmt_src_read(x->b.src, x->in + x->inlen, cap - x->inlen);
		if (got < 0)
			return -BG_EIO;
		if (got == 0)
			return 0;
		x->inlen += (size_t)got;
	}
}

/* Does t[0..n) start with the string s? */
static int
starts(const char *t, size_t n, const char *s)
{
	size_t k = strlen(s);

	return n >= k && memcmp(t, s, k) == 0;
}

/* Does t[0..n) end with the string s? */
static int
ends(const char *t, size_t n, const char *s)
{
	size_t k = strlen(s);

	return n >= k && memcmp(t + n - k, s, k) == 0;
}

/*
 * Read a number of at most 99999 at t[*i..n) and move *i past it.
 * Returns the number, or -1 when there is none.
 */
static long
num(const char *t, size_t n, size_t *i)
{
	long v = 0;
	size_t j = *i;

	while (j < n && t[j] >= '0' && t[j] <= '9' && v <= 99999)
		v = v * 10 + (t[j++] - '0');
	if (j == *i || v > 99999)
		return -1;
	*i = j;
	return v;
}

/*
 * "NAME N" at t[0..n): the name into out, the number returned; -1 if
 * there is none.
 */
static long
name_score(const char *t, size_t n, char *out, size_t size)
{
	size_t sp, i, k;
	long v;

	while (n > 0 && t[n - 1] == ' ')
		n--;
	for (sp = n; sp > 0 && t[sp - 1] != ' '; sp--)
		;
	if (sp == 0)
		return -1;
	i = sp;
	if ((v = num(t, n, &i)) < 0 || i != n)
		return -1;
	k = sp - 1;
	if (k == 0)
		return -1;
	if (k >= size)
		k = size - 1;
	memcpy(out, t, k);
	out[k] = '\0';
	return v;
}

/*
 * The header "The score (after N games) is: A s, B s (match to L
 * points), Crawford game": a new match and its game; 0 or -1.
 */
static int
header(struct gtext *x, const char *t, size_t n, int line)
{
	const char *is, *par, *comma;
	size_t i = strlen(HEAD), rest;
	long after, s0, s1, len = 0;
	int s;

	rec_match_reset(&x->b.match);
	rec_game_reset(&x->b.game);
	x->b.match.line = line;
	x->b.game.line = x->b.game.score_line = line;
	x->block = B_NONE;
	x->side = x->doubler = -1;
	x->doubled = x->beavered = 0;
	x->cube = 1;
	x->first = 1;
	if ((after = num(t, n, &i)) < 0 ||
	    (is = memchr(t, ':', n)) == NULL || (size_t)(is - t) + 2 > n) {
		diag(x, BG_EGNUBGTEXT, line, 1, "a header without \"after N "
		    "games) is:\"");
		return -1;
	}
	x->b.game.number = (int)after + 1;
	is += 2;
	rest = n - (size_t)(is - t);
	par = NULL;
	for (i = 0; i + 11 <= rest; i++)
		if (memcmp(is + i, " (match to ", 11) == 0)
			par = is + i;
	if (par != NULL) {
		i = (size_t)(par - t) + 11;
		if ((len = num(t, n, &i)) <= 0) {
			diag(x, BG_EGNUBGTEXT, line, (int)i + 1, "no match "
			    "length");
			return -1;
		}
		rest = (size_t)(par - is);
	}
	/* Find the comma before the second "NAME N": it follows a number. */
	comma = NULL;
	for (i = 1; i + 1 < rest; i++)
		if (is[i] == ',' && is[i + 1] == ' ' && is[i - 1] >= '0' &&
		    is[i - 1] <= '9') {
			comma = is + i;
			break;
		}
	if (comma == NULL ||
	    (s0 = name_score(is, (size_t)(comma - is), x->name[0],
	    sizeof x->name[0])) < 0 ||
	    (s1 = name_score(comma + 2, rest - (size_t)(comma + 2 - is),
	    x->name[1], sizeof x->name[1])) < 0) {
		diag(x, BG_EGNUBGTEXT, line, (int)(is - t) + 1, "no \"NAME "
		    "score, NAME score\"");
		return -1;
	}
	if (len > 0 && (s0 >= len || s1 >= len)) {
		diag(x, BG_EGNUBGTEXT, line, (int)(is - t) + 1, "score %ld-%ld "
		    "in a %ld-point match", s0, s1, len);
		return -1;
	}
	x->b.match.length = (int)len;
	x->b.game.alone = ends(t, n, ", Crawford game") ? REC_CRAWFORD :
	    REC_ALONE;
	x->b.game.score[0] = (int)s0;
	x->b.game.score[1] = (int)s1;
	for (s = 0; s < 2; s++)
		if (rec_match_set_player(&x->b.match, s, x->name[s],
		    strlen(x->name[s])) < 0 || rec_game_set_player(&x->b.game,
		    s, x->name[s], strlen(x->name[s]), NULL, 0) < 0)
			return x->err = -BG_ENOMEM;
	return 0;
}

/* The side named NAME at t[0..n) ("NAME wins", "NAME moves"), or -1. */
static int
named(const struct gtext *x, const char *t, size_t n)
{
	int s, hit = -1;

	for (s = 0; s < 2; s++)
		if (strlen(x->name[s]) == n && memcmp(x->name[s], t, n) == 0)
			hit = hit < 0 ? s : -2;
	return hit == -2 ? -1 : hit;
}

static int
add_record(struct gtext *x, bg_record *r, const char *t, size_t n)
{
	int rc;

	if ((rc = rec_game_add(&x->b.game, r, t, n)) < 0)
		x->err = rc;
	return rc;
}

/*
 * The cube action of verb v of action() (2 doubles, 3 accepts, 4
 * rejects) by side *side into r and text: 1 when r is a record to add,
 * 0 when there is none (told, or a beaver's implied take), or -1.
 */
static int
cube_action(struct gtext *x, int v, int *side, bg_record *r, char *text,
    size_t size, int line)
{
	if (v == 2) {
		if (x->block == B_ANSWER && x->doubled && x->doubler >= 0) {
			/*
			 * "doubles" as the answer to a double: a beaver
			 * by the answering side (again after a beaver, as
			 * gnubg and its .mat export count them); its take
			 * has a block of its own.
			 */
			*side = !x->doubler;
			r->kind = BG_REC_BEAVER;
			r->value = x->value * 2;
			x->doubler = *side;
			x->beavered = 1;
			snprintf(text, size, "Beavers => %d", r->value);
			return 1;
		}
		r->kind = BG_REC_DOUBLE;
		r->value = x->cube * 2;
		x->doubler = *side;
		x->doubled = 1;
		snprintf(text, size, "Doubles => %d", r->value);
		return 1;
	}
	if (x->block != B_ANSWER) {
		diag(x, BG_EGNUBGTEXT, line, 3, "an answer without \"doubles "
		    "to\"");
		return 0;
	}
	/*
	 * Older versions of gnubg write no block for the double: "X
	 * doubles to 2" is its only trace, its diagram on the doubler's
	 * roll.
	 */
	if (!x->doubled && x->side >= 0 && x->value > 1) {
		bg_record d;
		char dt[40];

		memset(&d, 0, sizeof d);
		d.kind = BG_REC_DOUBLE;
		d.side = x->doubler = x->side;
		d.line = x->block_line;
		d.col = 1;
		d.value = x->value;
		snprintf(dt, sizeof dt, "Doubles => %d", d.value);
		if (add_record(x, &d, dt, strlen(dt)) < 0)
			return x->err;
	}
	if (x->doubler >= 0)
		*side = !x->doubler;
	x->doubled = 0;
	r->kind = v == 3 ? BG_REC_TAKE : BG_REC_DROP;
	if (v == 3)
		x->cube = x->value;
	if (x->beavered) {
		/* The take of a beaver is implied, as in .mat. */
		x->beavered = 0;
		if (v == 3) {
			x->block = B_NONE;
			return 0;
		}
	}
	snprintf(text, size, v == 3 ? "Takes" : "Drops");
	return 1;
}

/*
 * A "* NAME verb ..." line t[0..n) of the current block (NAME after
 * "* "): its record.
 */
static int
action(struct gtext *x, const char *t, size_t n, int line)
{
	static const char *const verbs[] = { " moves ", " cannot move",
	    " doubles", " accepts", " rejects" };
	bg_record r;
	char text[160];
	size_t i, k, at = 0, vl = 0;
	size_t errpos;
	int v = -1, rc, side;

	for (i = 2; i < n && v < 0; i++)
		for (k = 0; k < sizeof verbs / sizeof verbs[0]; k++) {
			vl = strlen(verbs[k]);
			if (n - i >= vl && memcmp(t + i, verbs[k], vl) == 0 &&
			    (k == 0 || i + vl == n)) {
				v = (int)k;
				at = i;
				break;
			}
		}
	if (v < 0) {
		diag(x, BG_EGNUBGTEXT, line, 3, "not a play or cube action: "
		    "\"%.*s\"", (int)(n < 40 ? n : 40), t);
		return 0;
	}
	side = x->side;
	if (side < 0)
		side = named(x, t + 2, at - 2);
	memset(&r, 0, sizeof r);
	r.line = line;
	r.col = 3;
	switch (v) {
	case 0:
	case 1:
		if (x->block != B_MOVE) {
			diag(x, BG_EGNUBGTEXT, line, 3, "a play without \"to "
			    "play\"");
			return 0;
		}
		r.kind = BG_REC_MOVE;
		r.dice[0] = x->dice[0];
		r.dice[1] = x->dice[1];
		if (r.dice[0] < r.dice[1])
			r.flags |= BG_RF_LOWFIRST;
		r.note.kind = BG_NOTE_NONE;
		if (v == 0) {
			i = at + vl;
			if ((rc = bg_notation_parse(&r.note, t + i, n - i,
			    &errpos)) < 0) {
				r.flags |= BG_RF_BADPLAY;
				r.code = -rc;
				r.note.kind = BG_NOTE_UNKNOWN;
				r.note.npath = 0;
				if (diaglist_add(&x->b.dl, -rc, line, (int)(i +
				    errpos) + 1, x->b.game.number, 0, side,
				    r.dice, t + i, n - i) < 0)
					return x->err = -BG_ENOMEM;
			}
			snprintf(text, sizeof text, "%d%d: %.*s", r.dice[0],
			    r.dice[1], (int)(n - i < 140 ? n - i : 140),
			    t + i);
		} else
			snprintf(text, sizeof text, "%d%d:", r.dice[0],
			    r.dice[1]);
		r.note.dice[0] = r.dice[0];
		r.note.dice[1] = r.dice[1];
		break;
	default:
		if ((rc = cube_action(x, v, &side, &r, text, sizeof text,
		    line)) <= 0)
			return rc;
		break;
	}
	if (side < 0) {
		diag(x, BG_EGNUBGTEXT, line, 3, "whose turn is not known");
		return 0;
	}
	r.side = side;
	x->block = B_NONE;
	return add_record(x, &r, text, strlen(text));
}

/*
 * "Move number n:  NAME to play DD", "NAME on roll, cube decision?",
 * "NAME doubles to N": the block's kind.
 */
static void
block(struct gtext *x, const char *t, size_t n, int line)
{
	size_t i;

	x->block = B_NONE;
	x->side = -1;
	if (n >= 11 && starts(t + n - 11, 11, " to play ") &&
	    t[n - 2] >= '1' && t[n - 2] <= '6' && t[n - 1] >= '1' &&
	    t[n - 1] <= '6') {
		x->block = B_MOVE;
		x->dice[0] = t[n - 2] - '0';
		x->dice[1] = t[n - 1] - '0';
		return;
	}
	if (ends(t, n, " on roll, cube decision?")) {
		x->block = B_CUBE;
		return;
	}
	for (i = n; i > 0 && t[i - 1] >= '0' && t[i - 1] <= '9'; i--)
		;
	if (i < n && n - i < 9 && ends(t, i, " doubles to ")) {
		x->block = B_ANSWER;
		/*
		 * The digits run to the end of the line, which is not ended
		 * by a NUL, so the loop stops at n.
		 */
		for (x->value = 0; i < n; i++)
			x->value = x->value * 10 + (t[i] - '0');
		return;
	}
	diag(x, BG_EGNUBGTEXT, line, 1, "a block that is neither a play, a "
	    "double nor its answer");
}

/*
 * "NAME wins N point(s)": the result.  0, or -1 when the line is no
 * such thing.
 */
static int
wins(struct gtext *x, const char *t, size_t n, int line)
{
	bg_record r;
	char text[40];
	size_t i, w;
	long v;
	int side;

	while (n > 0 && t[n - 1] == ' ')
		n--;
	if (n > 6 && starts(t + n - 6, 6, "points"))
		n -= 6;
	else if (n > 5 && starts(t + n - 5, 5, "point"))
		n -= 5;
	else
		return -1;
	if (n < 2 || t[n - 1] != ' ')
		return -1;
	for (i = n - 1; i > 0 && t[i - 1] >= '0' && t[i - 1] <= '9'; i--)
		;
	if (i < 6 || !starts(t + i - 6, 6, " wins "))
		return -1;
	w = i;
	if ((v = num(t, n, &w)) <= 0)
		return -1;
	if ((side = named(x, t, i - 6)) < 0) {
		diag(x, BG_EGNUBGTEXT, line, 1, "the winner \"%.*s\" is "
		    "neither player", (int)(i - 6 < 40 ? i - 6 : 40), t);
		return 0;
	}
	memset(&r, 0, sizeof r);
	r.kind = BG_REC_WIN;
	r.side = side;
	r.line = line;
	r.col = 1;
	r.value = (int)v;
	snprintf(text, sizeof text, "Wins %ld point%s", v, v == 1 ? "" : "s");
	add_record(x, &r, text, strlen(text));
	return 0;
}

/*
 * The Match ID on the line after t[0..n) (" Match ID   : ..."),
 * decoded into ms: 0, or -1 when there is none.
 */
static int
next_matchid(const struct gtext *x, bg_matchstate *ms)
{
	const char *t = x->in + x->at, *e, *p, *q;
	size_t n;

	e = memchr(t, '\n', x->inlen - x->at);
	n = e ? (size_t)(e - t) : x->inlen - x->at;
	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\r'))
		n--;
	if ((p = memchr(t, ':', n)) == NULL ||
	    (size_t)(p - t) + 2 + BG_MATCHID_LEN != n)
		return -1;
	for (q = p; q > t && q[-1] == ' '; q--)
		;
	if (q - t < 8 || memcmp(q - 8, "Match ID", 8) != 0)
		return -1;
	return bg_matchid_decode(ms, t + n - BG_MATCHID_LEN,
	    BG_MATCHID_LEN) < 0 ? -1 : 0;
}

/*
 * The first block's Position ID t[0..n), and the Match ID under it:
 * the start of a variant names it (a "Variation" tag); in money play
 * the Match ID's Jacoby flag is the rule's (a "Jacoby" tag); a game
 * that does not start from the start position starts from a set
 * position, and one that starts with the cube turned (an automatic
 * double) from the start position with that cube.
 */
static int
first_id(struct gtext *x, const char *t, size_t n, int line)
{
	bg_board b, start;
	bg_matchstate ms, mid;
	bg_variant v;
	bg_record r;
	char id[128];
	const char *vn;
	int k, side = x->side >= 0 ? x->side : 1, have_mid;

	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\r'))
		n--;
	if (n < BG_POSID_LEN) {
		diag(x, BG_EGNUBGTEXT, line, 1, "a bad Position ID");
		return 0;
	}
	t += n - BG_POSID_LEN;
	/* The variant whose start it is (a variant of fewer checkers
	 * cannot decode it). */
	for (v = BG_VARIANT_STANDARD; v <= BG_VARIANT_HYPER3; v++) {
		bg_board_start(&start, v);
		if (bg_posid_decode(&b, t, BG_POSID_LEN, side, v) == 0 &&
		    memcmp(&b, &start, sizeof b) == 0)
			break;
	}
	if (v > BG_VARIANT_HYPER3) {
		v = BG_VARIANT_STANDARD;
		if (bg_posid_decode(&b, t, BG_POSID_LEN, side, v) < 0) {
			diag(x, BG_EGNUBGTEXT, line, 1, "a bad Position ID");
			return 0;
		}
	}
	vn = bg_variant_get(v)->title;
	if (v != BG_VARIANT_STANDARD && rec_match_add_tag(&x->b.match,
	    "Variation", 9, vn, strlen(vn)) < 0)
		return x->err = -BG_ENOMEM;
	have_mid = next_matchid(x, &mid) == 0;
	if (have_mid && x->b.match.length == 0 && rec_match_add_tag(&x->b.match,
	    "Jacoby", 6, mid.jacoby ? "On" : "Off", mid.jacoby ? 2 : 3) < 0)
		return x->err = -BG_ENOMEM;
	bg_matchstate_init(&ms, x->b.match.length);
	ms.score[0] = x->b.game.score[0];
	ms.score[1] = x->b.game.score[1];
	ms.crawford = x->b.game.alone == REC_CRAWFORD;
	if (memcmp(&b, &start, sizeof b) != 0)
		ms.on_roll = ms.turn = side;
	else if (have_mid && mid.cube > 1 && mid.cube_owner == BG_CENTRED)
		ms.cube = x->cube = mid.cube;
	else
		return 0;
	if ((k = bg_xgid_encode(id, sizeof id, &b, &ms)) < 0 ||
	    (size_t)k >= sizeof id)
		return 0;
	memset(&r, 0, sizeof r);
	r.kind = BG_REC_SETPOS;
	r.side = -1;
	r.line = line;
	r.col = 1;
	return add_record(x, &r, id, strlen(id));
}

/*
 * Read lines up to the next header or the end: 1 when a match (of one
 * game) was read, 0 at the end.
 */
static int
read_text_game(struct gtext *x)
{
	const char *t, *e;
	size_t n;
	int line, have = 0, over = 0, pid = 0;

	while (x->at < x->inlen) {
		t = x->in + x->at;
		e = memchr(t, '\n', x->inlen - x->at);
		n = e ? (size_t)(e - t) : x->inlen - x->at;
		if (have && starts(t, n, HEAD))
			break;		/* the next game's header */
		x->at += n + (e != NULL);
		line = ++x->line;
		if (n > 0 && t[n - 1] == '\r')
			n--;
		if (line == 1 && starts(t, n, "\xef\xbb\xbf")) {
			t += 3;
			n -= 3;
		}
		if (starts(t, n, HEAD)) {
			have = 1;
			if (header(x, t, n, line) < 0) {
				if (x->err)
					return x->err;
				have = 0;
			}
			over = 0;
			continue;
		}
		if (!have) {
			if (!x->headless)
				diag(x, BG_EGNUBGTEXT, line, 1, "no \"%s...\" "
				    "header before", HEAD);
			x->headless = 1;
			continue;
		}
		if (over)
			continue;
		if (starts(t, n, "Event: ")) {
			if (rec_match_add_tag(&x->b.match, "Event", 5, t + 7,
			    n - 7) < 0)
				return x->err = -BG_ENOMEM;
		} else if (starts(t, n, "Move number ")) {
			size_t i = 12;

			while (i < n && t[i] >= '0' && t[i] <= '9')
				i++;
			if (i + 3 > n || t[i] != ':') {
				diag(x, BG_EGNUBGTEXT, line, (int)i + 1,
				    "no \"Move number N:\"");
				continue;
			}
			block(x, t + i + 3, n - i - 3, line);
			x->block_line = line;
			pid = x->first;
			x->first = 0;
		} else if (n >= 2 && (t[0] == '^' || t[0] == 'v') &&
		    t[1] == '|') {
			x->side = t[0] == '^' ? 0 : 1;
		} else if (pid && starts(t, n, " GNU Backgammon  Position "
		    "ID: ")) {
			pid = 0;
			if (first_id(x, t, n, line) < 0)
				return x->err;
		} else if (n > 2 && t[0] == '*' && t[1] == ' ' &&
		    t[2] != ' ') {
			if (action(x, t, n, line) < 0)
				return x->err;
		} else if (starts(t, n, "Game statistics for game")) {
			over = 1;
		} else if (n > 0 && t[0] != ' ' && t[0] != '*' &&
		    wins(x, t, n, line) < 0) {
			;	/* other text, such as pip counts and
				   analysis, is skipped */
		}
		if (x->err)
			return x->err;
	}
	if (!have)
		return 0;
	rec_game_finish(&x->b.game);
	return 1;
}

/* ------------------------------------------------------------------ API */

static void
gt_fini(void *v)
{
	struct gtext *x = v;

	free(x->in);
}

static int
gt_next_match(void *v, const bg_match **m)
{
	struct gtext *x = v;
	int rc;

	if (x->err)
		return x->err;
	x->in_match = 0;
	if (x->started)
		x->b.dl.n = 0;
	else {
		x->started = 1;
		if ((rc = slurp(x)) < 0)
			return x->err = rc;
		if (rc > 0) {
			diag(x, BG_EGNUBGTEXT, 0, 0, "larger than %ld MiB",
			    MAXIN >> 20);
			return 0;
		}
		if (x->inlen == 0) {
			diag(x, BG_ENOINPUT, 0, 0, "no game");
			return 0;
		}
	}
	if ((rc = read_text_game(x)) <= 0)
		return rc;
	x->in_match = 1;
	x->b.given = 0;
	*m = &x->b.match;
	return 1;
}

static int
gt_next_game(void *v, const bg_game **g)
{
	struct gtext *x = v;

	if (x->err)
		return x->err;
	return fmt_base_first_game(&x->b, x->in_match, g);
}

const struct fmt_ops fmt_gnubgtext_ops = {
	sizeof (struct gtext), NULL, gt_fini, gt_next_match, gt_next_game
};

/* "The score (after ", or as much of it as has come. */
static int
gt_bid(const struct fmt_head *h, int *more)
{
	static const char w[] = "The score (after ";
	size_t n = h->n - h->i;

	if (h->i == h->n || memcmp(h->p + h->i, w,
	    n < sizeof w - 1 ? n : sizeof w - 1) != 0)
		return 0;
	*more = n < sizeof w - 1;
	return 55;
}

const struct fmt_row fmt_gnubgtext_row = {
	BG_FORMAT_GNUBGTEXT, "gnubgtext", "", ".txt",
	"GNU Backgammon's text log of a match",
	"",
	gt_bid, 55, &fmt_gnubgtext_ops, NULL
};
