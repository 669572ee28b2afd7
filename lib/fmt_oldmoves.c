/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_oldmoves.c: the reader of FIBS's "oldmoves" listing
 * (bgkit-fibs(5)): per game a line "Score is A-B in a L point match."
 * (no " in a ..." in a money session), a line "NAME is X - NAME is O",
 * then a line per action, "X: (3 1) 8-5 6-5", "O: (6 6) can't move",
 * "X: doubles", "O: accepts", "O: rejects", "X: wants to resign",
 * "O: wins 2 points".  The plays are in FIBS's absolute numbering, one
 * side counting upward (bg_notation_parse_fibs takes each side's
 * direction from its first play of the game).  A game whose players or
 * match length differ from the game before starts a new match.  X is
 * side 0, O side 1, in the first game; a later game that names them the
 * other way round keeps each player on his side.  FIBS sometimes wrote
 * a game's score the wrong way round: a score that does not follow from
 * the game before but does when swapped is read swapped.  Part of
 * libbgkit; callers use bgkit.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"

#define MAXLINE	4096	/* longer lines are cut */
#define NAMEMAX	64

struct oldm {
	struct fmt_base	 b;		/* first, so that reader.c finds it */
	int		 err, eof;
	char		*buf;		/* bytes read but not used yet */
	size_t		 blen, bcap, used;
	int		 line;
	int		 started, nmatch;

	/*
	 * The header of the next game, read ahead: have_head 1 both lines,
	 * -1 its score line only.
	 */
	int		 have_head, head_line, hs[2], hlen;
	char		 hname[2][NAMEMAX];

	int		 mready;
	char		 name[2][NAMEMAX];
	int		 length;
	int		 expect[2], have_expect;
	int		 invert;	/* set when X is side 1 */
	bg_direction	 dir[2];	/* each side's direction, BG_DIR_NONE
					   while it is not known */
	int		 cube, over;
	int		 resigning;	/* set while a "wants to resign" is
					   not answered */
};

/* A diagnostic of the game being read. */
#define diag(x, code, line, col, ...) diaglist_addf(&(x)->b.dl, &(x)->err, \
	(code), (line), (col), (x)->b.game.number, __VA_ARGS__)

/*
 * The next line into *t, *n (without its end, CR dropped); 1, 0 at
 * the end, or a negative code.  Valid until the next call.
 */
static int
next_line(struct oldm *x, const char **t, size_t *n)
{
	size_t *used = &x->used;
	char *e;
	long got;
	int rc;

	if (*used > 0) {
		memmove(x->buf, x->buf + *used, x->blen - *used);
		x->blen -= *used;
		*used = 0;
	}
	while ((e = x->blen > 0 ? memchr(x->buf, '\n', x->blen) : NULL) ==
	    NULL && !x->eof && x->blen < MAXLINE) {
		if ((rc = fmt_reserve(&x->buf, &x->bcap, x->blen + 4096)) < 0)
			return rc;
		if ((got = fmt_src_read(x->b.src, x->buf + x->blen, 4096)) < 0)
			return -BG_EIO;
		if (got == 0)
			x->eof = 1;
		x->blen += (size_t)got;
	}
	if (x->blen == 0)
		return 0;
	*n = e != NULL ? (size_t)(e - x->buf) : x->blen;
	*used = *n + (e != NULL);
	*t = x->buf;
	if (*n > 0 && x->buf[*n - 1] == '\r')
		(*n)--;
	if (++x->line == 1 && *n >= 3 && memcmp(x->buf, "\xef\xbb\xbf", 3) == 0) {
		*t += 3;
		*n -= 3;
	}
	return 1;
}

static int
starts(const char *t, size_t n, const char *s)
{
	size_t k = strlen(s);

	return n >= k && memcmp(t, s, k) == 0;
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

/* Read "Score is A-B in a L point match." at t[0..n): 0, or -1. */
static int
score_line(struct oldm *x, const char *t, size_t n, int line)
{
	size_t i = 9;
	long a, b, l = 0;

	if ((a = num(t, n, &i)) < 0 || i >= n || t[i++] != '-' ||
	    (b = num(t, n, &i)) < 0)
		return -1;
	if (starts(t + i, n - i, " in a ")) {
		i += 6;
		if ((l = num(t, n, &i)) < 0 || !starts(t + i, n - i,
		    " point match"))
			return -1;
	}
	x->hs[0] = (int)a;
	x->hs[1] = (int)b;
	x->hlen = (int)l;
	x->head_line = line;
	return 0;
}

/* Read "NAME is X - NAME is O" at t[0..n): 0, or -1. */
static int
names_line(struct oldm *x, const char *t, size_t n)
{
	size_t i, k;

	for (i = 0; i + 7 <= n && memcmp(t + i, " is X - ", 8) != 0; i++)
		;
	if (i == 0 || i + 8 > n || n < i + 14 ||
	    memcmp(t + n - 5, " is O", 5) != 0)
		return -1;
	k = i < NAMEMAX ? i : NAMEMAX - 1;
	memcpy(x->hname[0], t, k);
	x->hname[0][k] = '\0';
	k = n - 5 - (i + 8);
	if (k == 0)
		return -1;
	if (k >= NAMEMAX)
		k = NAMEMAX - 1;
	memcpy(x->hname[1], t + i + 8, k);
	x->hname[1][k] = '\0';
	return 0;
}

/*
 * Read up to the next game's two header lines (kept in x->h*): 1, 0 at
 * the end, or a negative code.
 */
static int
read_head(struct oldm *x)
{
	const char *t;
	size_t n;
	int rc, want_names = x->have_head == -1;

	if (x->have_head == 1)
		return 1;
	x->have_head = 0;
	while ((rc = next_line(x, &t, &n)) > 0) {
		if (want_names) {
			if (names_line(x, t, n) == 0)
				return x->have_head = 1;
			diag(x, BG_EOLDMOVES, x->line, 1, "no \"NAME is X - NAME "
			    "is O\" after the score line");
			want_names = 0;
			continue;
		}
		if (starts(t, n, "Score is ") && score_line(x, t, n,
		    x->line) == 0) {
			want_names = 1;
			continue;
		}
		while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\t'))
			n--;
		if (n > 0 && x->nmatch == 0 && !x->started++)
			diag(x, BG_EOLDMOVES, x->line, 1, "a line before the "
			    "first \"Score is\": \"%.*s\"",
			    (int)(n < 40 ? n : 40), t);
	}
	return rc;
}

static int
add_record(struct oldm *x, bg_record *r, const char *t, size_t n)
{
	int rc;

	if ((rc = rec_game_add(&x->b.game, r, t, n)) < 0)
		x->err = rc;
	return rc;
}

/* Read the play "(3 1) 8-5 6-5" of side s at t[0..n). */
static int
play_line(struct oldm *x, int s, const char *t, size_t n, int line)
{
	bg_record r;
	char text[160];
	size_t err;
	int rc, k, col;

	memset(&r, 0, sizeof r);
	r.kind = BG_REC_MOVE;
	r.side = s;
	r.line = line;
	r.col = 4;
	r.flags = BG_RF_NOMARKS;
	if (n < 5 || t[0] != '(' || t[1] < '1' || t[1] > '6' || t[2] != ' ' ||
	    t[3] < '1' || t[3] > '6' || t[4] != ')') {
		diag(x, BG_EOLDMOVES, line, 4, "no roll \"(D D)\"");
		return 0;
	}
	r.dice[0] = t[1] - '0';
	r.dice[1] = t[3] - '0';
	if (r.dice[0] < r.dice[1])
		r.flags |= BG_RF_LOWFIRST;
	k = snprintf(text, sizeof text, "%d%d:", r.dice[0], r.dice[1]);
	for (t += 5, n -= 5, col = 9; n > 0 && *t == ' '; t++, n--)
		col++;
	if ((rc = bg_notation_parse_fibs(&r.note, t, n, &x->dir[s],
	    &err)) < 0) {
		r.flags |= BG_RF_BADPLAY;
		r.code = -rc;
		r.note.kind = BG_NOTE_UNKNOWN;
		if (diaglist_add(&x->b.dl, -rc, line, (int)err + col,
		    x->b.game.number, 0, s, r.dice, t, n) < 0)
			return x->err = -BG_ENOMEM;
		snprintf(text + k, sizeof text - (size_t)k, " %.*s",
		    (int)(n < 120 ? n : 120), t);
	} else if (r.note.kind == BG_NOTE_PLAY) {
		text[k++] = ' ';
		bg_notation_format(text + k, sizeof text - (size_t)k, &r.note,
		    BG_STYLE_GNUBG);
	}
	r.note.dice[0] = r.dice[0];
	r.note.dice[1] = r.dice[1];
	return add_record(x, &r, text, strlen(text));
}

/* Read an action line "X: ..." at t[0..n). */
static int
action(struct oldm *x, const char *t, size_t n, int line)
{
	bg_record r;
	char text[40];
	const char *v = t + 3;
	size_t vn = n - 3, i;
	long p;
	int s = (t[0] == 'O') != x->invert;

	if (x->over) {
		diag(x, BG_EOLDMOVES, line, 1, "a line after the result");
		return 0;
	}
	if (vn > 0 && v[0] == '(')
		return play_line(x, s, v, vn, line);
	memset(&r, 0, sizeof r);
	r.side = s;
	r.line = line;
	r.col = 4;
	/* The answer to a resignation: the result line follows. */
	if (x->resigning && (starts(v, vn, "accepts") ||
	    starts(v, vn, "rejects"))) {
		x->resigning = 0;
		return 0;
	}
	if (starts(v, vn, "doubles")) {
		r.kind = BG_REC_DOUBLE;
		r.value = x->cube * 2;
		snprintf(text, sizeof text, "Doubles => %d", r.value);
	} else if (starts(v, vn, "accepts")) {
		r.kind = BG_REC_TAKE;
		x->cube *= 2;
		snprintf(text, sizeof text, "Takes");
	} else if (starts(v, vn, "rejects")) {
		r.kind = BG_REC_DROP;
		snprintf(text, sizeof text, "Drops");
	} else if (starts(v, vn, "wants to resign")) {
		x->resigning = 1;
		return 0;
	} else if (starts(v, vn, "wins")) {
		r.kind = BG_REC_WIN;
		i = 4;
		while (i < vn && v[i] == ' ')
			i++;
		p = num(v, vn, &i);
		r.value = p > 0 ? (int)p : 0;
		x->over = 1;
		if (p > 0)
			snprintf(text, sizeof text, "Wins %ld point%s", p,
			    p == 1 ? "" : "s");
		else
			snprintf(text, sizeof text, "Wins");
	} else {
		diag(x, BG_EOLDMOVES, line, 4, "not a play, cube action or "
		    "result: \"%.*s\"", (int)(vn < 40 ? vn : 40), v);
		return 0;
	}
	return add_record(x, &r, text, strlen(text));
}

/*
 * The game whose header was read: a new match first when its players
 * or length differ (then 2, the game not started); else its records up
 * to the next header, 1; or a negative code.
 */
static int
read_oldmoves_game(struct oldm *x, int open)
{
	const char *t;
	size_t n;
	int rc, s, same, swap;

	same = (strcmp(x->hname[0], x->name[0]) == 0 &&
	    strcmp(x->hname[1], x->name[1]) == 0);
	swap = (strcmp(x->hname[0], x->name[1]) == 0 &&
	    strcmp(x->hname[1], x->name[0]) == 0);
	if (!open && ((!same && !swap) || x->hlen != x->length))
		return 2;
	x->invert = open ? 0 : swap && !same;
	rec_game_reset(&x->b.game);
	x->b.game.number = open ? 1 : x->b.game.number + 1;
	x->b.game.line = x->b.game.score_line = x->head_line;
	x->b.game.score[x->invert] = x->hs[0];
	x->b.game.score[!x->invert] = x->hs[1];
	if (x->have_expect && (x->b.game.score[0] != x->expect[0] ||
	    x->b.game.score[1] != x->expect[1]) &&
	    x->b.game.score[0] == x->expect[1] &&
	    x->b.game.score[1] == x->expect[0]) {
		x->b.game.score[0] = x->expect[0];
		x->b.game.score[1] = x->expect[1];
	}
	for (s = 0; s < 2; s++)
		if (rec_game_set_player(&x->b.game, s, x->name[s],
		    strlen(x->name[s]), NULL, 0) < 0)
			return x->err = -BG_ENOMEM;
	x->dir[0] = x->dir[1] = BG_DIR_NONE;
	x->cube = 1;
	x->over = 0;
	x->resigning = 0;
	x->have_head = 0;
	while ((rc = next_line(x, &t, &n)) > 0) {
		if (starts(t, n, "Score is ") && score_line(x, t, n,
		    x->line) == 0) {
			x->have_head = -1;	/* the names come next */
			break;
		}
		if (n >= 3 && (t[0] == 'X' || t[0] == 'O') && t[1] == ':' &&
		    t[2] == ' ')
			action(x, t, n, x->line);
		else {
			while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\t'))
				n--;
			if (n > 0)
				diag(x, BG_EOLDMOVES, x->line, 1, "not an "
				    "action line: \"%.*s\"",
				    (int)(n < 40 ? n : 40), t);
		}
		if (x->err)
			return x->err;
	}
	if (rc < 0)
		return rc;
	rec_game_finish(&x->b.game);
	return 1;
}

/* The score after the game read, when its result says it. */
static void
expect(struct oldm *x)
{
	const bg_record *r;

	x->have_expect = 0;
	if (x->b.game.nrec == 0)
		return;
	r = &x->b.game.rec[x->b.game.nrec - 1];
	if (r->kind != BG_REC_WIN || r->value <= 0)
		return;
	x->expect[0] = x->b.game.score[0];
	x->expect[1] = x->b.game.score[1];
	x->expect[r->side] += r->value;
	x->have_expect = 1;
}

/* ------------------------------------------------------------------ API */

static void
om_fini(void *v)
{
	struct oldm *x = v;

	free(x->buf);
}

static int
om_next_match(void *v, const bg_match **m)
{
	struct oldm *x = v;
	int rc, s;

	if (x->err)
		return x->err;
	x->b.dl.n = 0;
	/*
	 * Read through the rest of the match before, whose games the
	 * caller did not ask for.
	 */
	while (x->mready == 2) {
		expect(x);
		if ((rc = read_head(x)) < 0 || (rc > 0 &&
		    (rc = read_oldmoves_game(x, 0)) < 0))
			return x->err = rc;
		if (rc != 1)
			x->mready = 0;
	}
	if ((rc = read_head(x)) <= 0) {
		if (rc == 0 && x->nmatch == 0)
			diag(x, BG_EOLDMOVES, 0, 0, "no \"Score is\" line: not "
			    "FIBS oldmoves");
		return rc < 0 ? (x->err = rc) : 0;
	}
	rec_match_reset(&x->b.match);
	x->b.match.line = x->head_line;
	x->b.match.length = x->length = x->hlen;
	for (s = 0; s < 2; s++) {
		memcpy(x->name[s], x->hname[s], NAMEMAX);
		if (rec_match_set_player(&x->b.match, s, x->name[s],
		    strlen(x->name[s])) < 0)
			return x->err = -BG_ENOMEM;
	}
	x->have_expect = 0;
	if ((rc = read_oldmoves_game(x, 1)) < 0)
		return x->err = rc;
	x->nmatch++;
	x->mready = 2;
	x->b.given = 0;
	*m = &x->b.match;
	return 1;
}

static int
om_next_game(void *v, const bg_game **g)
{
	struct oldm *x = v;
	int rc;

	if (x->err)
		return x->err;
	if (x->mready != 2)
		return 0;
	if (!x->b.given)
		return fmt_base_first_game(&x->b, 1, g);
	x->b.dl.n = 0;
	expect(x);
	if ((rc = read_head(x)) < 0 ||
	    (rc > 0 && (rc = read_oldmoves_game(x, 0)) < 0))
		return x->err = rc;
	if (rc != 1) {
		x->mready = 0;
		return 0;
	}
	*g = &x->b.game;
	return 1;
}

const struct fmt_ops fmt_oldmoves_ops = {
	sizeof (struct oldm), NULL, om_fini, om_next_match, om_next_game
};

/*
 * FIBS oldmoves: the first line that is not blank says "Score is N"
 * (UTF-16 too, as a Windows client saves it).
 */
static int
om_bid(const struct fmt_head *h, int *more)
{
	char dec[2 * FMT_HEADMAX];
	const unsigned char *p, *e, *q;
	size_t n, len, k;

	(void)more;
	if (!h->utf16 && !fmt_head_lines(h))
		return 0;
	p = fmt_head_text(h, dec, &n);
	for (q = p; q < p + n; q = e + 1) {
		e = memchr(q, '\n', n - (size_t)(q - p));
		len = e ? (size_t)(e - q) : n - (size_t)(q - p);
		for (k = 0; k < len && (q[k] == ' ' || q[k] == '\t' ||
		    q[k] == '\r'); k++)
			;
		if (k < len)
			return FMT_BEGINS(q + k, len - k, "Score is ") &&
			    len - k > 9 && q[k + 9] >= '0' && q[k + 9] <= '9' ?
			    31 : 0;
		if (e == NULL)
			break;
	}
	return 0;
}

const struct fmt_row fmt_oldmoves_row = {
	BG_FORMAT_OLDMOVES, "oldmoves", "", ".txt",
	"FIBS oldmoves: a match's moves as the server lists them",
	"",
	om_bid, 31, &fmt_oldmoves_ops, NULL
};
