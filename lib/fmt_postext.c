/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_postext.c: the position text exports of eXtreme Gammon and
 * BGBlitz (bgkit-xgtext(5)): an XGID line, a board drawn in ASCII, the
 * names, score, pip counts, cube and the side on roll in lines around
 * it, and the analysis (ranked candidate plays, or the cube decision).
 * Each position is a block of lines, read as a match of one game that
 * sets the position up from its XGID (pos_int.h, the frame of
 * fmt_pos.c); the diagram and its lines are read too and checked
 * against the XGID, and the analysis is kept with the game
 * (bg_game_analysis).  Words differ by language (XG translates some):
 * lines are told by their shape, not their words, wherever that can be
 * done.  Numbers take a decimal point or comma, read without the
 * locale.  Called by fmt_pos.c through postext_next().
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "chars_int.h"
#include "record_int.h"
#include "fmt_int.h"
#include "analysis_int.h"
#include "pos_int.h"

#define MAXROW	24		/* rows of a diagram between its borders */
#define MAXAN	64		/* candidates kept of one position */
#define EVALW	11		/* XG's column of the kind of evaluation */

enum { DX, DO };		/* the diagram's letters; X is at the
				   bottom */
enum { P_HEAD, P_BOARD, P_STATE, P_ANALYSIS };

/* A text t[0..n). */
struct span {
	const char	*t;
	size_t		 n;
};

/* One candidate, or the cube decision, before it is kept. */
struct cand {
	bg_analysis	 a;
	struct span	 play, eval;
	int		 col;		/* the play's column */
	int		 nprob;		/* how many probability lines were
					   read */
	int		 ncube;		/* how many cube equity lines were
					   read */
	int		 cubeset;	/* which cube equities were read, as
					   bits: 1 no double, 2 take, 4 pass */
};

/* What one block says. */
struct blk {
	int		 first;			/* its first line */
	const char	*cur;			/* the line being read */
	int		 phase;
	/* The XGID line. */
	int		 idline, idcol;
	struct span	 id;
	/* The diagram. */
	int		 top, bottom;		/* the lines of its borders, 0
						   when there is none */
	int		 turned;		/* set when 12..1 are on top, as
						   O sees the board */
	struct span	 tb, bb, row[MAXROW];
	int		 rowline[MAXROW], nrow;
	int		 cnt[2][26];		/* checkers by letter and point,
						   25 the bar */
	int		 drawn[2][27];		/* the letters drawn on each
						   point, 26 the lower bar */
	int		 digit[27];		/* the number written there */
	int		 blitz;			/* BGBlitz's (Position-ID:) */
	int		 ploc[26][2];		/* line, col of each point */
	int		 boxval, boxhalf;	/* the cube box, as drawn */
	int		 boxline, boxcol;
	/* The lines about the position; -1 when they are not written. */
	struct span	 name[2];
	int		 score[2], length, scoreline;
	int		 pips[2], pipline;
	int		 cube, owner, cubeline;	/* owner is DX, DO, or -1
						   for none */
	int		 roll, dice[2], rollline;
	int		 dicesaid;		/* set when the roll line gives
						   the dice */
	struct span	 posid, matchid;
	int		 posidline, posidcol, matchidcol;
	/* The analysis. */
	struct cand	 c[MAXAN];
	int		 nc;
	int		 cube_at;		/* the cube decision's index in
						   c, or -1 */
	struct span	 comment;
	int		 nrline, nrcol;		/* the first line not read */
	struct span	 nr;
	int		 bad;			/* a BG_EPOSTEXT given */
};

/* ------------------------------------------------------------- text */

static struct span
trim(const char *t, size_t n)
{
	struct span s;

	while (n > 0 && isspc((unsigned char)t[n - 1]))
		n--;
	while (n > 0 && isspc((unsigned char)*t)) {
		t++;
		n--;
	}
	s.t = t;
	s.n = n;
	return s;
}

/* Where s[0..n) holds w, or NULL. */
static const char *
find(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i;

	for (i = 0; i + k <= n; i++)
		if (memcmp(s + i, w, k) == 0)
			return s + i;
	return NULL;
}

/* Does s[0..n) hold w, in any case of ASCII letters? */
static int
has_word(const char *s, size_t n, const char *w)
{
	size_t k = strlen(w), i, j;

	for (i = 0; i + k <= n; i++) {
		for (j = 0; j < k; j++) {
			int a = (unsigned char)s[i + j];
			int b = (unsigned char)w[j];

			if (a >= 'A' && a <= 'Z')
				a += 'a' - 'A';
			if (a != b)
				break;
		}
		if (j == k)
			return 1;
	}
	return 0;
}

/*
 * A decimal number at s[0..n): sign, digits, a decimal point or comma
 * followed by digits.  Its length (0: none), the value in *v.  No
 * strtod: it follows the locale.
 */
static size_t
read_decimal(const char *s, size_t n, double *v)
{
	size_t i = 0, d = 0;
	double x = 0, scale = 1;
	int neg = 0;

	if (i < n && (s[i] == '+' || s[i] == '-'))
		neg = s[i++] == '-';
	for (; i < n && isdig((unsigned char)s[i]) && d < 12; i++, d++)
		x = x * 10 + (s[i] - '0');
	if (d == 0 || (i < n && isdig((unsigned char)s[i])))
		return 0;
	if (i + 1 < n && (s[i] == '.' || s[i] == ',') &&
	    isdig((unsigned char)s[i + 1]))
		for (i++, d = 0; i < n && isdig((unsigned char)s[i]); i++)
			if (d++ < 9) {
				x = x * 10 + (s[i] - '0');
				scale *= 10;
			}
	*v = (neg ? -x : x) / scale;
	return i;
}

/*
 * Read a non-negative integer at s[0..n), after blanks.  Returns where
 * it ends, or NULL when there is none.
 */
static const char *
integer(const char *s, size_t n, int *v)
{
	size_t i = 0;
	long x = 0;

	while (i < n && s[i] == ' ')
		i++;
	if (i == n || !isdig((unsigned char)s[i]))
		return NULL;
	for (; i < n && isdig((unsigned char)s[i]); i++)
		if ((x = x * 10 + (s[i] - '0')) > 99999)
			return NULL;
	*v = (int)x;
	return s + i;
}

/*
 * The numbers of s[0..n) that start after no digit, up to max into v
 * (pct: only those followed by '%'); how many.
 */
static int
numbers(const char *s, size_t n, double *v, int max, int pct)
{
	size_t i, k;
	int got = 0;

	for (i = 0; i < n && got < max; i++) {
		if (i > 0 && (isdig((unsigned char)s[i - 1]) ||
		    s[i - 1] == '.' || s[i - 1] == ','))
			continue;
		if ((k = read_decimal(s + i, n - i, &v[got])) == 0)
			continue;
		i += k;
		if (!pct || (i < n && s[i] == '%'))
			got++;
	}
	return got;
}

/* The value of "KEY" then blanks and digits in s[0..n), KEY at a word
 * start: 0, or -1 when it is not there. */
static int
keyed(const char *s, size_t n, const char *key, int *v)
{
	const char *p = s;

	while ((p = find(p, n - (size_t)(p - s), key)) != NULL) {
		if ((p == s || p[-1] == ' ') && integer(p + strlen(key),
		    n - (size_t)(p - s) - strlen(key), v) != NULL)
			return 0;
		p++;
	}
	return -1;
}

/* The last ':' of s[0..n) or the full-width one (U+FF1A), or NULL;
 * *after is where its text starts. */
static const char *
colon(const char *s, size_t n, const char **after)
{
	const char *c = NULL;
	size_t i;

	for (i = 0; i < n; i++)
		if (s[i] == ':') {
			c = s + i;
			*after = c + 1;
		} else if (i + 2 < n && memcmp(s + i, "\xef\xbc\x9a", 3) == 0) {
			c = s + i;
			*after = c + 3;
		}
	return c;
}

/* --------------------------------------------------------- messages */

static void
bad(struct pos *p, struct blk *k, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

static void
bad(struct pos *p, struct blk *k, int line, int col, const char *fmt, ...)
{
	char t[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	pos_note(p, BG_EPOSTEXT, line, col, "%s", t);
	k->bad = 1;
}

/* The first line not read, told once a block. */
static void
not_read(struct blk *k, struct span s, int line, const char *t)
{
	if (k->nrline)
		return;
	k->nrline = line;
	k->nrcol = (int)(s.t - t) + 1;
	k->nr = s;
}

/* ---------------------------------------------------------- diagram */

/* The columns of the point numbers lo..hi on a border line. */
static int
border(struct blk *k, const struct span *b, int lo, int hi, int line)
{
	size_t i, j;
	int v, got = 0;

	for (i = 0; i < b->n; i = j) {
		for (j = i; j < b->n && isdig((unsigned char)b->t[j]); j++)
			;
		if (j == i) {
			j++;
			continue;
		}
		if (integer(b->t + i, j - i, &v) != NULL && v >= lo &&
		    v <= hi && k->ploc[k->turned ? 25 - v : v][1] == 0) {
			v = k->turned ? 25 - v : v;	/* X's numbering */
			k->ploc[v][0] = line;
			k->ploc[v][1] = (int)j;	/* the last digit, 1-based */
			got++;
		}
	}
	return got == hi - lo + 1 ? 0 : -1;
}

/*
 * One column c (0-based) of rows [from, to), for slot pt (a point, 25
 * the bar's upper half, 26 its lower): the letters counted into
 * k->drawn[..][pt], a number written there into k->digit[pt] (what it
 * counts depends on the writer: counts()).  -1 when both letters are
 * there.
 */
static int
column(struct blk *k, int from, int to, size_t c, int pt)
{
	const struct span *r;
	int i, v, num = 0, cnt[2] = { 0, 0 };
	size_t a;

	for (i = from; i < to; i++) {
		r = &k->row[i];
		if (c >= r->n)
			continue;
		if (r->t[c] == 'X' || r->t[c] == 'O')
			cnt[r->t[c] == 'O']++;
		else if (isdig((unsigned char)r->t[c])) {
			for (a = c; a > 0 && isdig((unsigned char)r->t[a - 1]);
			    a--)
				;
			if (integer(r->t + a, r->n - a, &v) != NULL && v > num)
				num = v;
		}
	}
	if (cnt[0] && cnt[1])
		return -1;
	k->drawn[0][pt] = cnt[0];
	k->drawn[1][pt] = cnt[1];
	k->digit[pt] = num;
	return 0;
}

/*
 * The checkers of each point from what column() saw.  XG (and gnubg,
 * and bgshow(1)) write a tall point's count in its fifth row; BGBlitz
 * draws four checkers and writes in the fifth row how many more there
 * are (four O and a 2: six).
 */
static void
counts(struct blk *k)
{
	int i, pt, n;

	memset(k->cnt, 0, sizeof k->cnt);
	for (pt = 1; pt <= 26; pt++)
		for (i = 0; i < 2; i++) {
			if ((n = k->drawn[i][pt]) == 0)
				continue;
			if (k->blitz)
				n += k->digit[pt];
			else if (k->digit[pt] > n)
				n = k->digit[pt];
			k->cnt[i][pt == 26 ? 25 : pt] += n;
		}
}

/* Read XG's cube box, drawn right of the board: "| 2 |" on a row. */
static void
cube_box(struct blk *k, int i, size_t from, int mid)
{
	const struct span *r = &k->row[i];
	const char *b;
	int v;

	for (; from < r->n; from++) {
		if (r->t[from] != '|' || (b = integer(r->t + from + 1,
		    r->n - from - 1, &v)) == NULL)
			continue;
		while (b < r->t + r->n && *b == ' ')
			b++;
		if (b < r->t + r->n && *b == '|') {
			k->boxval = v;
			k->boxhalf = i < mid ? DO : i > mid ? DX : -1;
			k->boxline = k->rowline[i];
			k->boxcol = (int)from + 2;
			return;
		}
	}
}

/* The diagram's rows read, when its bottom border has come. */
static void
diagram(struct pos *p, struct blk *k)
{
	const char *b;
	size_t barcol = 0;
	int i, pt, mid = -1;

	if (border(k, &k->tb, k->turned ? 1 : 13, k->turned ? 12 : 24,
	    k->top) < 0 || border(k, &k->bb, k->turned ? 13 : 1,
	    k->turned ? 24 : 12, k->bottom) < 0) {
		bad(p, k, k->top, 1, "a border line without the point "
		    "numbers 1 to 24");
		return;
	}
	for (i = 0; i < k->nrow && mid < 0; i++)
		if ((b = find(k->row[i].t, k->row[i].n, "BAR")) != NULL) {
			mid = i;
			barcol = (size_t)(b - k->row[i].t) + 1;
		}
	if (mid < 0) {
		bad(p, k, k->top, 1, "a diagram without its BAR line");
		return;
	}
	for (pt = 1; pt <= 24; pt++)
		if (column(k, pt > 12 ? 0 : mid + 1, pt > 12 ? mid : k->nrow,
		    (size_t)k->ploc[pt][1] - 1, pt) < 0) {
			bad(p, k, pt > 12 ? k->rowline[0] :
			    k->rowline[mid + 1], k->ploc[pt][1],
			    "both X and O drawn on point %d", pt);
			return;
		}
	/* Both letters may be on the bar, each in a place of its own. */
	if (column(k, 0, mid, barcol, 25) < 0 ||
	    column(k, mid + 1, k->nrow, barcol, 26) < 0) {
		bad(p, k, k->rowline[mid], (int)barcol + 1, "both X and O "
		    "drawn in one half of the bar");
		return;
	}
	k->ploc[25][0] = k->rowline[mid];
	k->ploc[25][1] = (int)barcol + 1;
	for (i = 0; i < k->nrow; i++)
		cube_box(k, i, (size_t)k->ploc[k->turned ? 1 : 24][1] + 2, mid);
}

/* ------------------------------------------------------- the lines */

/* "X:name   O:name" (XG). */
static int
names_line(struct blk *k, struct span s)
{
	const char *o = NULL, *q;

	if (s.n < 4 || memcmp(s.t, "X:", 2) != 0)
		return 0;
	for (q = s.t + 2; (q = find(q, s.n - (size_t)(q - s.t), "O:")) !=
	    NULL; q++)
		if (q[-1] == ' ')
			o = q;
	if (o == NULL)
		return 0;
	k->name[DX] = trim(s.t + 2, (size_t)(o - s.t) - 2);
	k->name[DO] = trim(o + 2, s.n - (size_t)(o - s.t) - 2);
	return 1;
}

/* "Score is X:3 O:6 7 pt.(s) match." or "Pip count  X: 111  O: 52". */
static int
xo_line(struct blk *k, struct span s, int line)
{
	int x, o, len;
	const char *q;

	if (keyed(s.t, s.n, "X:", &x) < 0 || keyed(s.t, s.n, "O:", &o) < 0)
		return 0;
	if (find(s.t, s.n, "X-O:") != NULL || k->top) {
		k->pips[DX] = x;
		k->pips[DO] = o;
		k->pipline = line;
		return 1;
	}
	k->score[DX] = x;
	k->score[DO] = o;
	k->scoreline = line;
	q = find(s.t, s.n, "O:") + 2;
	while (q < s.t + s.n && (*q == ' ' || isdig((unsigned char)*q)))
		if (*q++ == ' ' && q < s.t + s.n &&
		    isdig((unsigned char)*q))
			break;
	if (integer(q, s.n - (size_t)(q - s.t), &len) != NULL)
		k->length = len;
	return 1;
}

/*
 * Read a line of a word, ':' and a value, such as "Cube: 2, O own cube"
 * or "キューブ: 1".
 */
static int
cube_line(struct blk *k, struct span s, int line)
{
	const char *c, *after, *e;
	size_t i;
	int v;

	if ((c = colon(s.t, s.n, &after)) == NULL || k->cubeline ||
	    k->rollline || (e = integer(after, s.n - (size_t)(after -
	    s.t), &v)) == NULL || v < 1 || (v & (v - 1)))
		return 0;
	for (i = 0; s.t + i < c; i++)
		if (isdig((unsigned char)s.t[i]))
			return 0;
	k->cube = v;
	k->cubeline = line;
	k->owner = -1;
	if (e < s.t + s.n && *e == ',')
		for (; e < s.t + s.n; e++)
			if ((*e == 'X' || *e == 'O') && e[-1] == ' ' &&
			    (e + 1 == s.t + s.n || e[1] == ' '))
				k->owner = *e == 'O' ? DO : DX;
	return 1;
}

/* "X to play 21", "O on roll, cube action" (XG). */
static int
roll_line(struct blk *k, struct span s, int line)
{
	const char *e = s.t + s.n;

	if (s.n < 3 || (s.t[0] != 'X' && s.t[0] != 'O') || s.t[1] != ' ' ||
	    k->rollline)
		return 0;
	k->roll = s.t[0] == 'O' ? DO : DX;
	k->rollline = line;
	k->dicesaid = 1;
	if (s.n >= 5 && e[-3] == ' ' && e[-2] >= '1' && e[-2] <= '6' &&
	    e[-1] >= '1' && e[-1] <= '6') {
		k->dice[0] = e[-2] - '0';
		k->dice[1] = e[-1] - '0';
	}
	return 1;
}

/* Which name of the diagram's borders s starts with (BGBlitz), or -1. */
static int
who(const struct blk *k, struct span s, size_t *len)
{
	int i;

	for (i = 0; i < 2; i++)
		if (k->name[i].n > 0 && s.n > k->name[i].n &&
		    memcmp(s.t, k->name[i].t, k->name[i].n) == 0 &&
		    s.t[k->name[i].n] == ' ') {
			*len = k->name[i].n;
			return i;
		}
	return -1;
}

/* BGBlitz's score, side on roll and winning chances, by name. */
static int
blitz_line(struct blk *k, struct span s, int line)
{
	struct cand *c;
	const char *q;
	size_t len, l2;
	double v[3];
	int i, j, x;
	struct span r;

	if ((i = who(k, s, &len)) < 0)
		return 0;
	r = trim(s.t + len, s.n - len);
	if (r.n >= 3 && memcmp(r.t, "- ", 2) == 0) {
		/* "Green - 4 Red - 2 in a 9 point match." */
		if (integer(r.t + 2, r.n - 2, &x) == NULL)
			return 0;
		k->score[i] = x;
		r = trim(integer(r.t + 2, r.n - 2, &x), r.n -
		    (size_t)(integer(r.t + 2, r.n - 2, &x) - r.t));
		if ((j = who(k, r, &l2)) >= 0 && l2 + 3 < r.n &&
		    integer(r.t + l2 + 3, r.n - l2 - 3, &x) != NULL)
			k->score[j] = x;
		if ((q = find(r.t, r.n, " in a ")) != NULL &&
		    integer(q + 6, r.n - (size_t)(q + 6 - r.t), &x) != NULL)
			k->length = x;
		k->scoreline = line;
		return 1;
	}
	if (has_word(r.t, r.n, "to move")) {
		k->roll = i;
		k->rollline = line;
		return 1;
	}
	if (numbers(r.t, r.n, v, 3, 0) != 3 || k->cube_at < 0)
		return 0;
	c = &k->c[k->cube_at];
	i = i != k->roll;	/* as in prob_line(), the side on roll
				   comes first */
	c->a.win[i] = v[0];
	c->a.gammon[i] = v[1];
	c->a.backgammon[i] = v[2];
	c->nprob |= 1 << i;
	return 1;
}

/*
 * "Position-ID: Mw5jkCQyz+AhAg    Match-ID: cAkgAUAAEAAE" (BGBlitz), or
 * gnubg's "Position ID: ...  Match ID: ..." (bgshow(1) writes so too).
 */
static int
ids_line(struct blk *k, struct span s, int line, const char *t)
{
	const char *a = find(s.t, s.n, "Position-ID:"), *m;
	struct span x;

	if (a != NULL)
		k->blitz = 1;
	else if ((a = find(s.t, s.n, "Position ID:")) == NULL)
		return 0;
	x = trim(a + 12, s.n - (size_t)(a + 12 - s.t));
	for (k->posid = x, k->posid.n = 0; k->posid.n < x.n &&
	    x.t[k->posid.n] != ' '; k->posid.n++)
		;
	k->posidline = line;
	k->posidcol = (int)(x.t - t) + 1;
	if ((m = find(s.t, s.n, "Match-ID:")) != NULL ||
	    (m = find(s.t, s.n, "Match ID:")) != NULL) {
		k->matchid = trim(m + 9, s.n - (size_t)(m + 9 - s.t));
		k->matchidcol = (int)(k->matchid.t - t) + 1;
	}
	return 1;
}

/* --------------------------------------------------------- analysis */

static struct cand *
cand_new(struct blk *k, int line)
{
	struct cand *c;
	int s;

	if (k->nc == MAXAN)
		return NULL;
	c = &k->c[k->nc++];
	memset(c, 0, sizeof *c);
	c->a.line = line;
	for (s = 0; s < 2; s++)
		c->a.win[s] = c->a.gammon[s] = c->a.backgammon[s] = -1;
	return c;
}

/* "    1. 4-ply       19/18 14/12       eq:-0.491 (-0.065)" (XG). */
static int
play_line(struct blk *k, struct span s, int line)
{
	struct cand *c;
	const char *q = s.t, *e = s.t + s.n, *ev, *pl, *key = NULL;
	int rank, w;
	double eq, d;
	size_t n;

	if ((q = integer(s.t, s.n, &rank)) == NULL || q + 2 > e ||
	    q[0] != '.' || q[1] != ' ' || rank < 1)
		return 0;
	/* The equity is the number after the last ':' of the line. */
	for (pl = q; pl < e; pl++)
		if (*pl == ':' && (n = read_decimal(pl + 1, (size_t)(e - pl - 1),
		    &eq)) > 0)
			key = pl;
	if (key == NULL)
		return 0;
	ev = q + 2;
	/* XG's column of the evaluation, in characters. */
	for (pl = ev, w = 0; pl < key && w < EVALW; w++)
		for (pl++; pl < key && (*pl & 0xc0) == 0x80; pl++)
			;
	while (pl < key && *pl != ' ')
		pl++;
	while (key > pl && key[-1] != ' ')
		key--;
	if ((c = cand_new(k, line)) == NULL)
		return 1;
	c->a.kind = BG_ANALYSIS_PLAY;
	c->a.rank = rank;
	c->eval = trim(ev, (size_t)(pl - ev));
	c->play = trim(pl, (size_t)(key - pl));
	c->col = (int)(c->play.t - k->cur) + 1;
	c->a.equity = eq;
	c->a.diff = 0;
	for (q = key; q < e && *q != '('; q++)
		;
	if (q < e && read_decimal(q + 1, (size_t)(e - q - 1), &d) > 0)
		c->a.diff = d;
	return 1;
}

/*
 * "Player:   25.45% (G:0.00% B:0.00%)": the chances of the side on roll,
 * then of the other (kept so, [0] and [1], until the sides are known).
 */
static int
prob_line(struct blk *k, struct span s)
{
	struct cand *c;
	double v[3];
	int side;

	if (k->nc == 0 || numbers(s.t, s.n, v, 3, 1) != 3)
		return 0;
	c = &k->c[k->nc - 1];
	if (c->nprob >= 3)
		return 0;
	side = c->nprob != 0;
	c->a.win[side] = v[0];
	c->a.gammon[side] = v[1];
	c->a.backgammon[side] = v[2];
	c->nprob |= c->nprob == 0 ? 1 : 2;
	return 1;
}

/* The kind of evaluation a line names, or an empty span. */
static struct span
eval_name(struct span s)
{
	const char *q;

	if ((q = find(s.t, s.n, "XG Roller")) != NULL ||
	    (q = find(s.t, s.n, "Rollout")) != NULL)
		return trim(q, s.n - (size_t)(q - s.t));
	if ((q = find(s.t, s.n, "-ply")) != NULL) {
		while (q > s.t && q[-1] != ' ')
			q--;
		s = trim(q, s.n - (size_t)(q - s.t));
		for (q = s.t; q < s.t + s.n && *q != ' '; q++)
			;
		s.n = (size_t)(q - s.t);
		return s;
	}
	s.n = 0;
	return s;
}

/*
 * Which of BGBlitz's three options the label s[0..n) of a line of two
 * columns names: no double has no '/'; of "Double / Take" and "Double /
 * Pass", the pass is told by its word in the languages BGBlitz's own
 * exports show (English, German, French, Japanese), else by its second
 * column, which for a pass is 1 (the cube's value, normalised).
 */
static int
blitz_option(const char *s, size_t n, double emg)
{
	static const char *const pass[] = { "pass", "ablehnen", "refuser",
	    "\xe9\x99\x8d\xe3\x82\x8a\xe3\x82\x8b" /* oriru */ };
	static const char *const take[] = { "take", "annehmen", "prendre",
	    "\xe5\x8f\x97\xe3\x81\x91\xe3\x82\x8b" /* ukeru */ };
	size_t i;

	if (find(s, n, "/") == NULL)
		return 1;
	for (i = 0; i < sizeof pass / sizeof pass[0]; i++)
		if (has_word(s, n, pass[i]))
			return 4;
	for (i = 0; i < sizeof take / sizeof take[0]; i++)
		if (has_word(s, n, take[i]))
			return 2;
	return emg == 1 ? 4 : 2;
}

/* A cube equity line "No double:  +0.580 (-0.109)" or BGBlitz's
 * "Double / Take  :  0.410 ( 0.000)  0.625 ( 0.000)". */
static int
cube_eq(struct cand *c, struct span s, const char *cl, const char *after)
{
	static const int order[3] = { 1, 2, 4 };
	struct span r;
	double v[4];
	int n, which;

	r = trim(after, s.n - (size_t)(after - s.t));
	n = numbers(r.t, r.n, v, 4, 0);
	if (n == 0 || read_decimal(r.t, r.n, &v[0]) == 0)
		return 0;
	/* BGBlitz: its options by shape; by the English words, else in
	 * XG's order. */
	if (n == 4)
		which = blitz_option(s.t, (size_t)(cl - s.t), v[2]);
	else if (has_word(s.t, (size_t)(cl - s.t), "pass"))
		which = 4;
	else if (has_word(s.t, (size_t)(cl - s.t), "take"))
		which = 2;
	else if (has_word(s.t, (size_t)(cl - s.t), "no "))
		which = 1;
	else if (c->ncube < 3)
		which = order[c->ncube];
	else
		return 0;
	c->ncube++;
	c->cubeset |= which;
	/*
	 * From BGBlitz take the second column, its EMG, which is what XG
	 * writes in a match.
	 */
	if (n == 4)
		v[0] = v[2];
	if (which == 1)
		c->a.nodouble = v[0];
	else if (which == 2)
		c->a.take = v[0];
	else
		c->a.pass = v[0];
	return 1;
}

/* Does s hold a digit? */
static int
has_digit(struct span s)
{
	size_t i;

	for (i = 0; i < s.n; i++)
		if (isdig((unsigned char)s.t[i]))
			return 1;
	return 0;
}

/* A line of the cube decision's analysis. */
static int
cube_analysis(struct blk *k, struct span s)
{
	struct cand *c = &k->c[k->cube_at];
	const char *cl, *after;
	struct span r;
	double v[4];

	if (prob_line(k, s))
		return 1;
	if (find(s.t, s.n, "=") != NULL || find(s.t, s.n, "G+BG") != NULL ||
	    has_word(s.t, s.n, "cubeless") || has_word(s.t, s.n, "cubeful"))
		return 1;	/* the cubeless equities, and the best
				   action's, are derived, not read */
	if (k->blitz && !has_digit(s) && colon(s.t, s.n, &after) == NULL)
		return 1;	/* its table's head, in any language */
	if (c->eval.n == 0 && (r = eval_name(s)).n > 0) {
		c->eval = r;
		return 1;
	}
	if (s.n > 0 && (cl = colon(s.t, s.n, &after)) != NULL) {
		r = trim(after, s.n - (size_t)(after - s.t));
		/* BGBlitz's options have two columns; its lines of one
		 * number give the cubeless and the best cubeful equity. */
		if (k->blitz && numbers(r.t, r.n, v, 4, 0) < 4 &&
		    read_decimal(r.t, r.n, v) > 0)
			return 1;
		if (cube_eq(c, s, cl, after))
			return 1;
		if (r.n == 0)
			return 1;	/* "Cubeful Equities:" */
		if (r.n > 4 && memcmp(r.t + r.n - 4, " EMG", 4) == 0)
			r = trim(r.t, r.n - 4);
		c->play = r;
		return 1;
	}
	return 0;
}

/* Read a line of the analysis, which follows the side on roll. */
static int
analysis_line(struct blk *k, struct span s, int line)
{
	struct cand *c;

	if (play_line(k, s, line))
		return 1;
	if (k->cube_at < 0 && k->nc == 0 && k->dice[0] == 0) {
		if ((c = cand_new(k, line)) == NULL)
			return 0;
		c->a.kind = BG_ANALYSIS_CUBE;
		k->cube_at = k->nc - 1;
	}
	if (k->cube_at >= 0)
		return cube_analysis(k, s) || blitz_line(k, s, line);
	return prob_line(k, s);
}

/* ------------------------------------------------------ the check */

/* The differences of the diagram and the XGID, the first by place. */
struct diff {
	int	 n, line, col;
	char	 what[80];
};

static void
differ(struct diff *d, int line, int col, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));

static void
differ(struct diff *d, int line, int col, const char *fmt, ...)
{
	va_list ap;

	if (d->n++ > 0 && (line > d->line || (line == d->line &&
	    col >= d->col)))
		return;
	d->line = line;
	d->col = col;
	va_start(ap, fmt);
	vsnprintf(d->what, sizeof d->what, fmt, ap);
	va_end(ap);
}

/*
 * The position the diagram and its lines draw, X the XGID's bottom side
 * (m 0) or its top side (m 1, as XG draws when its "X" is the XGID's
 * lower case); what they do not say comes from the XGID's xms.  -1 when
 * a side has more than 15 checkers.
 */
static int
drawn(const struct blk *k, int m, const bg_matchstate *xms, bg_board *b,
    bg_matchstate *ms)
{
	int xs = !m, os = m, pt, s, n;

	memset(b, 0, sizeof *b);
	for (pt = 1; pt <= 25; pt++)
		if (k->cnt[DX][pt] > 15 || k->cnt[DO][pt] > 15)
			return -1;
	for (pt = 1; pt <= 24; pt++) {
		b->pt[xs][pt] = (unsigned char)k->cnt[DX][pt];
		b->pt[os][25 - pt] = (unsigned char)k->cnt[DO][pt];
	}
	b->pt[xs][BG_BAR] = (unsigned char)k->cnt[DX][25];
	b->pt[os][BG_BAR] = (unsigned char)k->cnt[DO][25];
	for (s = 0; s < 2; s++) {
		if ((n = bg_board_checkers(b, s)) > 15)
			return -1;
		b->pt[s][BG_OFF] = (unsigned char)(15 - n);
	}
	*ms = *xms;
	if (k->scoreline) {
		ms->score[xs] = k->score[DX];
		ms->score[os] = k->score[DO];
		if (k->length >= 0)
			ms->length = k->length;
	}
	if (k->cubeline) {
		ms->cube = k->cube;
		ms->cube_owner = k->owner < 0 ? BG_CENTRED :
		    k->owner == DX ? xs : os;
	}
	if (k->rollline) {
		ms->on_roll = ms->turn = k->roll == DX ? xs : os;
		if (k->dicesaid) {
			ms->dice[0] = k->dice[0];
			ms->dice[1] = k->dice[1];
		}
	}
	return 0;
}

/* The checkers of the diagram against the XGID's b, X being side xs. */
static void
cmp_board(const struct blk *k, int xs, const bg_board *b, struct diff *d)
{
	int pt, x, o;

	for (pt = 1; pt <= 25; pt++) {
		x = pt == 25 ? b->pt[xs][BG_BAR] : b->pt[xs][pt];
		o = pt == 25 ? b->pt[!xs][BG_BAR] : b->pt[!xs][25 - pt];
		if (x != k->cnt[DX][pt] || o != k->cnt[DO][pt])
			differ(d, k->ploc[pt][0], k->ploc[pt][1], "%s%.0d: "
			    "X %d, O %d drawn; X %d, O %d in the XGID",
			    pt == 25 ? "the bar" : "point ", pt == 25 ? 0 : pt,
			    k->cnt[DX][pt], k->cnt[DO][pt], x, o);
	}
}

/* The lines around the diagram against the XGID, X being side xs. */
static void
cmp_lines(const struct blk *k, int xs, const bg_board *b,
    const bg_matchstate *ms, struct diff *d)
{
	int os = !xs, ow = ms->cube_owner;

	if (k->scoreline && (k->score[DX] != ms->score[xs] ||
	    k->score[DO] != ms->score[os] || (k->length >= 0 &&
	    k->length != ms->length)))
		differ(d, k->scoreline, 1, "the score X %d, O %d of %d; "
		    "the XGID's X %d, O %d of %d", k->score[DX],
		    k->score[DO], k->length, ms->score[xs], ms->score[os],
		    ms->length);
	if (k->pipline && (k->pips[DX] != bg_board_pips(b, xs) ||
	    k->pips[DO] != bg_board_pips(b, os)))
		differ(d, k->pipline, 1, "pip counts X %d, O %d; the XGID's "
		    "X %d, O %d", k->pips[DX], k->pips[DO],
		    bg_board_pips(b, xs), bg_board_pips(b, os));
	if (k->cubeline && (k->cube != ms->cube || (k->owner < 0 ?
	    ow != BG_CENTRED : ow != (k->owner == DX ? xs : os))))
		differ(d, k->cubeline, 1, "the cube %d owned by %s; the "
		    "XGID's %d owned by %s", k->cube, k->owner < 0 ? "none" :
		    k->owner == DX ? "X" : "O", ms->cube, ow == BG_CENTRED ?
		    "none" : ow == xs ? "X" : "O");
	/*
	 * XG draws a centred cube in no fixed place, so only an owned
	 * cube is read from the drawing.
	 */
	if (k->boxline && ow != BG_CENTRED && (k->boxval != ms->cube ||
	    k->boxhalf != (ow == xs ? DX : DO)))
		differ(d, k->boxline, k->boxcol, "a cube of %d drawn on %s's "
		    "side; the XGID's %d is %s's", k->boxval, k->boxhalf == DX ?
		    "X" : k->boxhalf == DO ? "O" : "no one", ms->cube,
		    ow == xs ? "X" : "O");
	if (k->rollline && ((k->roll == DX ? xs : os) != ms->on_roll ||
	    (k->dicesaid && (k->dice[0] + k->dice[1] != ms->dice[0] +
	    ms->dice[1] || (k->dice[0] != ms->dice[0] &&
	    k->dice[0] != ms->dice[1])))))
		differ(d, k->rollline, 1, "%s on roll with %d%d; the XGID's "
		    "%s with %d%d", k->roll == DX ? "X" : "O", k->dice[0],
		    k->dice[1], ms->on_roll == xs ? "X" : "O", ms->dice[0],
		    ms->dice[1]);
}

/* BGBlitz's gnubg IDs against the XGID. */
static void
cmp_ids(const struct blk *k, const bg_board *b, const bg_matchstate *ms,
    struct diff *d)
{
	char id[32];

	if (k->posid.n > 0 && (bg_posid_encode(id, sizeof id, b,
	    ms->on_roll) != (int)k->posid.n || memcmp(id, k->posid.t,
	    k->posid.n) != 0))
		differ(d, k->posidline, k->posidcol, "Position-ID %.*s; the "
		    "XGID's %s", (int)k->posid.n, k->posid.t, id);
	if (k->matchid.n > 0 && (bg_matchid_encode(id, sizeof id, ms) !=
	    (int)k->matchid.n || memcmp(id, k->matchid.t,
	    k->matchid.n) != 0))
		differ(d, k->posidline, k->matchidcol, "Match-ID %.*s; the "
		    "XGID's %s", (int)k->matchid.n, k->matchid.t, id);
}

/*
 * Check the diagram and its lines against the XGID (b, ms): 0 when X is
 * the XGID's bottom side, 1 when its top side; a BG_EDIAGRAM when they
 * disagree either way.
 */
static int
check(struct pos *p, const struct blk *k, const bg_board *b,
    const bg_matchstate *ms)
{
	struct diff d[2];
	int m;

	memset(d, 0, sizeof d);
	for (m = 0; m < 2; m++) {
		if (k->bottom && !k->bad)
			cmp_board(k, !m, b, &d[m]);
		cmp_lines(k, !m, b, ms, &d[m]);
		cmp_ids(k, b, ms, &d[m]);
	}
	m = d[1].n < d[0].n;
	if (d[m].n > 0)
		pos_note(p, BG_EDIAGRAM, d[m].line, d[m].col, "%s%s",
		    d[m].what, d[m].n > 1 ? " (and more)" : "");
	return m;
}

/* ------------------------------------------------------ the block */

/*
 * Keep the block's analysis with the game once the side on roll is
 * known: each figure goes to its side, and a cube decision gets its
 * action.
 */
static int
keep(struct pos *p, struct blk *k, int onroll)
{
	struct cand *c;
	bg_analysis *a;
	double t, lo;
	int i;

	for (i = 0; i < k->nc; i++) {
		c = &k->c[i];
		a = &c->a;
		a->side = onroll;
		a->probs = c->nprob == 3;
		if (onroll == 1) {
			t = a->win[0], a->win[0] = a->win[1], a->win[1] = t;
			t = a->gammon[0], a->gammon[0] = a->gammon[1],
			    a->gammon[1] = t;
			t = a->backgammon[0], a->backgammon[0] =
			    a->backgammon[1], a->backgammon[1] = t;
		}
		if (a->kind == BG_ANALYSIS_CUBE) {
			if (c->cubeset != 7) {
				bad(p, k, a->line, 1, "a cube analysis without "
				    "the equities of no double, double/take "
				    "and double/pass");
				continue;
			}
			lo = a->take < a->pass ? a->take : a->pass;
			a->proper = lo > a->nodouble ? (a->take <= a->pass ?
			    BG_CUBE_DOUBLE_TAKE : BG_CUBE_DOUBLE_PASS) :
			    a->take > a->pass ? BG_CUBE_TOO_GOOD :
			    BG_CUBE_NO_DOUBLE;
			a->equity = lo > a->nodouble ? lo : a->nodouble;
		}
		if (rec_game_add_analysis(&p->b.game, a, c->play.t ? c->play.t :
		    "", c->play.n, c->eval.t ? c->eval.t : "", c->eval.n) < 0)
			return p->err = -BG_ENOMEM;
	}
	return 0;
}

/*
 * Each candidate play against the XGID's position and roll: one that
 * the side on roll cannot play is an error of the rule it breaks, at
 * the play.
 */
static void
check_plays(struct pos *p, const struct blk *k, const bg_board *b,
    const bg_matchstate *ms)
{
	const struct cand *c;
	bg_notation n;
	bg_resolved r;
	size_t at;
	int i, rc;

	if (ms->dice[0] == 0)
		return;
	for (i = 0; i < k->nc; i++) {
		c = &k->c[i];
		if (c->a.kind != BG_ANALYSIS_PLAY)
			continue;
		if ((rc = bg_notation_parse(&n, c->play.t, c->play.n,
		    &at)) == 0 && (rc = bg_notation_resolve(&r, &n, b,
		    ms->on_roll, ms->dice, BG_VARIANT_STANDARD)) == 0)
			continue;
		pos_note(p, -rc, c->a.line, c->col, "candidate %d, %.*s, "
		    "with %d%d", c->a.rank, (int)(c->play.n < 40 ?
		    c->play.n : 40), c->play.t, ms->dice[0], ms->dice[1]);
	}
}

/* The names of the sides, as strings. */
static void
names(const struct blk *k, int m, char nm[2][64], const char *name[2])
{
	int i, s;
	size_t n;

	for (i = 0; i < 2; i++) {
		s = (i == DX) != m;	/* X is side 1 unless drawn turned */
		n = k->name[i].n < 63 ? k->name[i].n : 63;
		if (n > 0)
			memcpy(nm[s], k->name[i].t, n);
		nm[s][n] = '\0';
		name[s] = nm[s];
	}
}

/*
 * Make a match of the block read: 0, or -1 when none is made and a
 * diagnostic says why.
 */
static int
finish(struct pos *p, struct blk *k)
{
	char nm[2][64], id[128];
	const char *name[2];
	bg_board b, db;
	bg_matchstate ms, dms;
	size_t n;
	int m, rc;

	if (k->idline == 0) {
		bad(p, k, k->first, 1, "a position without its XGID line");
		return -1;
	}
	if ((rc = bg_xgid_decode(&b, &ms, k->id.t, k->id.n,
	    BG_VARIANT_STANDARD)) < 0) {
		bad(p, k, k->idline, k->idcol, "%s: %.*s", bg_strerror(rc),
		    (int)(k->id.n < 60 ? k->id.n : 60), k->id.t);
		return -1;
	}
	counts(k);
	if (k->top == 0)
		bad(p, k, k->idline, 1, "a position without its diagram");
	else if (k->bottom == 0)
		bad(p, k, k->nrow ? k->rowline[k->nrow - 1] : k->top, 1,
		    "the diagram is cut short: no bottom border line");
	m = check(p, k, &b, &ms);
	check_plays(p, k, &b, &ms);
	names(k, m, nm, name);
	if (pos_make(p, name, &b, &ms, k->idline) < 0 ||
	    keep(p, k, ms.on_roll) < 0)
		return p->err;
	if (k->bottom && drawn(k, m, &ms, &db, &dms) == 0 &&
	    (rc = bg_xgid_encode(id, sizeof id, &db, &dms)) > 0 &&
	    rc < (int)sizeof id && rec_game_set_diagram(&p->b.game, id,
	    (size_t)rc) < 0)
		return p->err = -BG_ENOMEM;
	if (an_from_positions(&p->b.game) < 0)
		return p->err = -BG_ENOMEM;
	rec_game_finish(&p->b.game);
	if (k->comment.n > 0 && rec_match_add_comment(&p->b.match,
	    k->comment.t, k->comment.n) < 0)
		return p->err = -BG_ENOMEM;
	if (k->nrline) {
		/* At most 48 bytes, not cutting a UTF-8 character. */
		n = k->nr.n < 48 ? k->nr.n : 48;
		while (n < k->nr.n && n > 0 &&
		    ((unsigned char)k->nr.t[n] & 0xc0) == 0x80)
			n--;
		pos_note(p, BG_WNOTREAD, k->nrline, k->nrcol, "\"%.*s\"",
		    (int)n, k->nr.t);
	}
	return 0;
}

/* Read a border line; BGBlitz writes a name and a pip count right of it. */
static void
border_line(struct blk *k, const char *t, size_t n, int line, int top)
{
	const char *e = t + n, *q;
	struct span s;
	int v;

	if (top) {
		k->top = line;
		k->tb.t = t;
		k->tb.n = n;
		k->phase = P_BOARD;
	} else {
		k->bottom = line;
		k->bb.t = t;
		k->bb.n = n;
		k->phase = P_STATE;
	}
	for (q = e; q > t && q[-1] != '+'; q--)
		;
	s = trim(q, (size_t)(e - q));
	if (s.n < 4 || s.t[1] != ':' || s.t[0] != (top ? 'O' : 'X'))
		return;
	s = trim(s.t + 2, s.n - 2);
	/*
	 * BGBlitz writes the pip count after two blanks; bgshow writes
	 * the name.
	 */
	for (q = s.t + s.n; q > s.t && isdig((unsigned char)q[-1]); q--)
		;
	if (q < s.t + s.n && q - s.t >= 3 && q[-1] == ' ' && q[-2] == ' ' &&
	    integer(q, (size_t)(s.t + s.n - q), &v) != NULL) {
		k->pips[top ? DO : DX] = v;
		k->pipline = line;
		s.n = (size_t)(q - s.t);
	}
	k->name[top ? DO : DX] = trim(s.t, s.n);
}

/* One line of a block, not its first of a new block. */
static void
take(struct pos *p, struct blk *k, const char *t, size_t n, int line)
{
	struct span s = trim(t, n);
	const char *x;

	k->cur = t;
	if (k->phase == P_BOARD) {
		if (find(t, n, k->turned ? "+13-14-15-16-17-18" :
		    "+12-11-10") != NULL) {
			border_line(k, t, n, line, 0);
			diagram(p, k);
		} else if (k->nrow == MAXROW) {
			bad(p, k, line, 1, "more than %d lines in a diagram",
			    MAXROW);
			k->phase = P_STATE;
		} else {
			k->row[k->nrow].t = t;
			k->row[k->nrow].n = n;
			k->rowline[k->nrow++] = line;
		}
		return;
	}
	if (s.n == 0)
		return;
	if ((x = find(t, n, "XGID=")) != NULL) {
		if (k->idline)
			return;		/* the same again (starts()) */
		k->idline = line;
		k->idcol = (int)(x - t) + 1;
		for (k->id.t = x, k->id.n = 0; x + k->id.n < t + n &&
		    !isspc((unsigned char)x[k->id.n]); k->id.n++)
			;
	} else if (find(t, n, "+13-14-15-16-17-18") != NULL)
		border_line(k, t, n, line, 1);
	else if (find(t, n, "+12-11-10--9--8--7") != NULL) {
		/* Drawn from O's side, as bgshow(1) may. */
		k->turned = 1;
		border_line(k, t, n, line, 1);
	} else if (s.n >= 14 && memcmp(s.t, "eXtreme Gammon", 14) == 0)
		k->comment = s;
	else if (!ids_line(k, s, line, t) &&
	    !(k->phase == P_HEAD && names_line(k, s)) &&
	    !(k->phase < P_ANALYSIS && xo_line(k, s, line)) &&
	    !(k->phase == P_STATE && cube_line(k, s, line)) &&
	    !(k->phase == P_STATE && (roll_line(k, s, line) ||
	    blitz_line(k, s, line))) &&
	    !(k->phase == P_ANALYSIS && analysis_line(k, s, line)))
		not_read(k, s, line, t);
	if (k->phase == P_STATE && k->rollline)
		k->phase = P_ANALYSIS;
}

/*
 * Does line t[0..n) start a new position after what k has?  An XGID
 * line does unless it repeats k's before k's diagram (gnubg-like
 * exports write it above and beside the board).
 */
static int
starts(const struct blk *k, const char *t, size_t n)
{
	const char *x;
	size_t i;

	if ((x = find(t, n, "XGID=")) != NULL) {
		for (i = 0; x + i < t + n && !isspc((unsigned char)x[i]); i++)
			;
		return k->idline != 0 && (k->top != 0 || i != k->id.n ||
		    memcmp(x, k->id.t, i) != 0);
	}
	if (find(t, n, "+13-14-15-16-17-18") != NULL ||
	    find(t, n, "+12-11-10--9--8--7") != NULL)
		return k->top != 0;
	return 0;
}

int
postext_next(struct pos *p)
{
	struct blk *k;
	const char *t;
	size_t n, at;
	int line, rc, any;

	if ((k = malloc(sizeof *k)) == NULL)
		return p->err = -BG_ENOMEM;
	for (;;) {
		memset(k, 0, sizeof *k);
		k->cube_at = -1;
		k->length = k->roll = -1;
		k->score[0] = k->score[1] = -1;
		any = 0;
		for (;;) {
			at = p->at;
			if ((line = pos_next_line(p, &t, &n)) == 0)
				break;
			if (n > 0 && t[n - 1] == '\r')
				n--;
			if (k->phase != P_BOARD && starts(k, t, n)) {
				p->at = at;
				p->line--;
				break;
			}
			if (!any && trim(t, n).n > 0)
				k->first = line;
			any |= trim(t, n).n > 0;
			take(p, k, t, n, line);
		}
		if (!any) {
			rc = 0;
			break;
		}
		if ((rc = finish(p, k)) == 0) {
			rc = 1;
			break;
		}
		if (p->err) {
			rc = p->err;
			break;
		}
	}
	free(k);
	return rc;
}

/*
 * Does a line of p[0..n) hold w[0..k) after blanks (' ', '\t')?  Found
 * with memchr on w's first byte, which the lines of other formats seldom
 * hold, rather than line by line.
 */
static int
line_with(const unsigned char *p, size_t n, const char *w, size_t k)
{
	const unsigned char *q = p, *e = p + n, *b;

	while ((q = memchr(q, w[0], (size_t)(e - q))) != NULL) {
		if ((size_t)(e - q) >= k && memcmp(q, w, k) == 0) {
			for (b = q; b > p && (b[-1] == ' ' || b[-1] == '\t');
			    b--)
				;
			if (b == p || b[-1] == '\n')
				return 1;
		}
		q++;
	}
	return 0;
}

/*
 * A position text export: a line that starts "XGID=" (after blanks) and
 * a board diagram's top border line.  Both come within the first lines
 * of an export: until they are read, however the bytes came, more may
 * tell, while one of them is there or fewer than eight lines are.
 */
static int
postext_bid(const struct fmt_head *h, int *more)
{
	static const char id[] = "XGID=", border[] = "+13-14-15-16-17-18";
	const unsigned char *p = h->p + h->i, *e;
	size_t n = h->n - h->i;
	int hasid, board, lines = 0;

	if (!fmt_head_lines(h))
		return 0;
	hasid = line_with(p, n, id, sizeof id - 1);
	if (!hasid && h->full)
		return 0;
	board = line_with(p, n, border, sizeof border - 1);
	if (hasid && board)
		return 40;
	if (h->full)
		return 0;
	for (e = p; lines < 8 && (e = memchr(e, '\n', n - (size_t)(e - p))) !=
	    NULL; e++)
		lines++;
	*more = hasid || board || lines < 8;
	return 0;
}

const struct fmt_row fmt_postext_row = {
	BG_FORMAT_POSTEXT, "xgtext", "postext", ".txt .xg",
	"XG's and BGBlitz's position text exports, analysis too",
	"a game: one position",
	postext_bid, 40, &fmt_postext_ops, NULL
};
