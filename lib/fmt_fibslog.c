/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_fibslog.c: the reader of FIBS session logs (bgkit-fibs(5)): what a
 * client of the First Internet Backgammon Server, or of a server that
 * speaks its protocol, saved of a session in CLIP mode with boardstyle
 * 3.  The log is mostly chatter (logins, who lists, shouts, other
 * people's matches), which is skipped; the reader follows the lines of
 * the matches the log's owner played or watched: "A and B start a N
 * point match.", "Starting a new game with B.", the "board:" lines,
 * "X rolls 3 and 1.", "X moves 12-18 1-5 .", doubles, answers,
 * resignations, "X wins the game and gets N points.", "X wins the N
 * point match A-B .".  Each match of the log is a match of the record
 * model, each game a game, with the plays in bgkit's notation: a move
 * line is read in FIBS's absolute numbering (bg_notation_parse_fibs),
 * and a play the log shows only as two boards (the owner's own plays, a
 * spectator's capture) is the one legal play of the roll that leads
 * from the first board to the second (bg_rules_legal).  Where no play
 * does, or a board does not follow from the records before it (a
 * reconnection after moves the log does not show), a BG_WFIBSLOG
 * warning says so and the game goes on from the board (a set position)
 * rather than guess.  The side of the board's player (the owner, or the
 * player watched) is side 1, the opponent side 0, as bg_fibs_parse(3)
 * has them.  UTF-16 with a BOM is decoded, a UTF-8 BOM dropped; the
 * whole input is held in memory (up to MAXIN).  Part of libbgkit;
 * callers use bgkit.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"

#define MAXIN	(64L << 20)	/* the largest input read */
#define NAMEMAX	64

/* What ends a call of read_log_game. */
enum { R_END, R_GAME, R_MATCH };

struct flog {
	struct fmt_base	 b;		/* first, so that reader.c finds it */
	int		 started, err;
	char		*in;
	size_t		 inlen, at;	/* the next line */
	int		 line;

	char		 you[NAMEMAX];	/* the log's owner, from CLIP's "1" */
	/* the last "A and B start a N point match." */
	char		 st[2][NAMEMAX];
	int		 st_len, st_line, st_have;

	/* The match. */
	int		 mopen;		/* set while a match is open */
	int		 mready;	/* 2 once the match was handed out
					   and its games are being read,
					   else 0 */
	int		 mend;		/* set when its end was read but not
					   yet told */
	int		 nmatch;	/* how many matches were handed out */
	int		 ngames;	/* how many of its games were read */
	char		 name[2][NAMEMAX];	/* side 1 is the player
						   whose board the log
						   shows */
	int		 length;	/* -1 when it is not known */
	int		 dir1;		/* the player's direction, 0 while
					   it is not known */
	int		 expect[2];	/* the next game's score, when it is
					   known */
	int		 have_expect;

	/* The game. */
	int		 gopen;		/* set while a game is open */
	int		 ghas;		/* set once it has a record or a
					   board */
	int		 won;		/* set once a result is recorded */
	bg_board	 cur;		/* the board after its records */
	int		 curok;		/* set while cur is known */
	int		 cube, doubled;
	int		 rside;		/* the side of the roll not yet
					   played, or -1 for none */
	int		 rdice[2];	/* and its dice */
};

/* A diagnostic of the game being read, at its line. */
#define diag(x, code, line, ...) diaglist_addf(&(x)->b.dl, &(x)->err, \
	(code), (line), 1, (x)->b.game.number, __VA_ARGS__)

/* ----------------------------------------------------------------- input */

/*
 * The whole input into x->in, as UTF-8: UTF-16 with a BOM decoded, a
 * UTF-8 BOM dropped.  0, 1 when too large, or a negative code.
 */
static int
slurp(struct flog *x)
{
	size_t cap = 0, k;
	unsigned hisur = 0;
	long got;
	char *np;
	const unsigned char *p;

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
			break;
		x->inlen += (size_t)got;
	}
	p = (const unsigned char *)x->in;
	if (x->inlen >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf) {
		memmove(x->in, x->in + 3, x->inlen -= 3);
		return 0;
	}
	if (x->inlen < 2 || !((p[0] == 0xff && p[1] == 0xfe) ||
	    (p[0] == 0xfe && p[1] == 0xff)))
		return 0;
	if ((np = malloc(x->inlen * 2 + 1)) == NULL)
		return -BG_ENOMEM;
	k = fmt_utf16_decode(np, p + 2, x->inlen - 2, p[0] == 0xfe, &hisur);
	if (hisur || (x->inlen & 1))
		np[k++] = '\0';
	free(x->in);
	x->in = np;
	x->inlen = k;
	return 0;
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

/* The offset of string s in t[0..n), or -1. */
static long
find(const char *t, size_t n, const char *s)
{
	size_t k = strlen(s), i;

	for (i = 0; i + k <= n; i++)
		if (memcmp(t + i, s, k) == 0)
			return (long)i;
	return -1;
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

/* A name t[0..n) into out (NAMEMAX), cut. */
static void
setname(char *out, const char *t, size_t n)
{
	if (n >= NAMEMAX)
		n = NAMEMAX - 1;
	memcpy(out, t, n);
	out[n] = '\0';
}

/*
 * The side a line's subject t[0..n) names: "You" the board's player
 * (side 1), else a player of the match; -1 if neither.
 */
static int
named(const struct flog *x, const char *t, size_t n)
{
	int s;

	if (n == 3 && memcmp(t, "You", 3) == 0)
		return 1;
	for (s = 1; s >= 0; s--)
		if (strlen(x->name[s]) == n && memcmp(x->name[s], t, n) == 0)
			return s;
	return -1;
}

/* ------------------------------------------------------------- records */

static int
add_record(struct flog *x, bg_record *r, const char *t, size_t n)
{
	int rc;

	x->ghas = 1;
	if ((rc = rec_game_add(&x->b.game, r, t, n)) < 0)
		x->err = rc;
	return rc;
}

/* A record of kind k by side s at line, value v, text t. */
static int
simple(struct flog *x, bg_rec_kind k, int s, int line, int v, const char *t)
{
	bg_record r;

	memset(&r, 0, sizeof r);
	r.kind = k;
	r.side = s;
	r.line = line;
	r.col = 1;
	r.value = v;
	return add_record(x, &r, t, strlen(t));
}

/* The game goes on from board b, state ms: a set position. */
static int
setpos(struct flog *x, const bg_board *b, const bg_matchstate *ms, int line)
{
	bg_matchstate m = *ms;
	char id[128];
	int k;

	/* The roll shown says who is on roll (the replay takes it so). */
	if (ms->doubled)
		m.dice[0] = m.dice[1] = 0;
	m.doubled = 0;
	m.turn = m.on_roll;
	if ((k = bg_xgid_encode(id, sizeof id, b, &m)) < 0 ||
	    (size_t)k >= sizeof id)
		return 0;
	x->cur = *b;
	x->curok = 1;
	x->cube = ms->cube;
	return simple(x, BG_REC_SETPOS, -1, line, 0, id);
}

/*
 * A play of side s with the pending roll: note n (NULL: a play not
 * known, "????"), written at line.  The roll is spent.
 */
static int
play(struct flog *x, int s, const bg_notation *n, int line, unsigned flags)
{
	bg_record r;
	char text[160], *p;
	int k;

	memset(&r, 0, sizeof r);
	r.kind = BG_REC_MOVE;
	r.side = s;
	r.line = line;
	r.col = 1;
	r.flags = flags;
	r.dice[0] = x->rdice[0];
	r.dice[1] = x->rdice[1];
	if (r.dice[0] < r.dice[1])
		r.flags |= BG_RF_LOWFIRST;
	k = snprintf(text, sizeof text, "%d%d:", r.dice[0], r.dice[1]);
	p = text + k;
	if (n == NULL) {
		r.note.kind = BG_NOTE_UNKNOWN;
		snprintf(p, sizeof text - (size_t)k, " ????");
		x->curok = 0;
	} else {
		r.note = *n;
		if (n->kind == BG_NOTE_PLAY) {
			*p++ = ' ';
			bg_notation_format(p, sizeof text - (size_t)k - 1, n,
			    BG_STYLE_GNUBG);
		}
	}
	r.note.dice[0] = r.dice[0];
	r.note.dice[1] = r.dice[1];
	x->rside = -1;
	return add_record(x, &r, text, strlen(text));
}

/*
 * The roll of side s is over unplayed (the other side rolls, a cube
 * action, the game ends): a dance when no play is legal, else a play
 * the log does not show.
 */
static int
unplayed(struct flog *x, int line)
{
	bg_movelist *ml;
	bg_notation none;
	int n = -1, s = x->rside;

	if (s < 0)
		return 0;
	memset(&none, 0, sizeof none);
	none.kind = BG_NOTE_NONE;
	if (x->curok) {
		if ((ml = bg_movelist_new()) == NULL)
			return x->err = -BG_ENOMEM;
		n = bg_rules_legal(ml, &x->cur, s, x->rdice,
		    BG_VARIANT_STANDARD);
		/* One play only: the log need not show it. */
		if (n == 1) {
			bg_notation_from_play(&none, &bg_movelist_get(ml,
			    0)->play, BG_STYLE_GNUBG);
			x->cur = bg_movelist_get(ml, 0)->after;
		}
		bg_movelist_free(ml);
		if (n < 0 && n != -BG_ECHECKERS)
			return x->err = n;
	}
	if (n == 0 || n == 1)
		return play(x, s, &none, line, 0);
	diag(x, BG_WFIBSLOG, line, "the play of %s's %d%d is not in the log",
	    x->name[s], x->rdice[0], x->rdice[1]);
	return play(x, s, NULL, line, 0);
}

/* Side s rolled d at line: the roll waits for its play. */
static int
rolled(struct flog *x, int s, const int d[2], int line)
{
	if (x->rside == s && x->rdice[0] == d[0] && x->rdice[1] == d[1])
		return 0;
	if (x->rside >= 0 && unplayed(x, line) < 0)
		return x->err;
	x->rside = s;
	x->rdice[0] = d[0];
	x->rdice[1] = d[1];
	return 0;
}

/*
 * The checkers went from x->cur to b: the play of the pending roll that
 * makes it, found among the legal plays; else a warning and b set.
 */
static int
derive(struct flog *x, const bg_board *b, const bg_matchstate *ms, int line)
{
	bg_movelist *ml;
	const bg_legal *l;
	bg_notation n;
	size_t i, cnt;
	int rc, s = x->rside, shown;

	/* The board shows the pending roll still to play. */
	shown = s >= 0 && ms->dice[0] > 0 && ms->on_roll == s &&
	    ms->dice[0] == x->rdice[0] && ms->dice[1] == x->rdice[1];
	if (s >= 0 && !shown && x->curok) {
		if ((ml = bg_movelist_new()) == NULL)
			return x->err = -BG_ENOMEM;
		rc = bg_rules_legal(ml, &x->cur, s, x->rdice,
		    BG_VARIANT_STANDARD);
		cnt = rc > 0 ? bg_movelist_count(ml) : 0;
		for (i = 0; i < cnt; i++) {
			l = bg_movelist_get(ml, i);
			if (memcmp(&l->after, b, sizeof *b) != 0)
				continue;
			bg_notation_from_play(&n, &l->play, BG_STYLE_GNUBG);
			bg_movelist_free(ml);
			x->cur = *b;
			return play(x, s, &n, line, 0);
		}
		bg_movelist_free(ml);
		diag(x, BG_WFIBSLOG, line, "no play of %s's %d%d leads to "
		    "this board", x->name[s], x->rdice[0], x->rdice[1]);
		if (play(x, s, NULL, line, 0) < 0)
			return x->err;
	} else if (s >= 0 && !shown) {
		/*
		 * The board was lost at an earlier warning, so this roll's
		 * play is not known either.
		 */
		if (play(x, s, NULL, line, 0) < 0)
			return x->err;
	} else if (x->curok) {
		diag(x, BG_WFIBSLOG, line, "the board does not follow from the "
		    "log before it");
		x->curok = 0;
	}
	/*
	 * The game goes on from a board that shows a roll, which tells
	 * the replay whose turn it is.
	 */
	if (ms->dice[0] == 0 || ms->doubled)
		return 0;
	return setpos(x, b, ms, line);
}

/* ------------------------------------------------------ matches, games */

/* Open a game (its score and position come with its first board). */
static void
game_open(struct flog *x, int line)
{
	rec_game_reset(&x->b.game);
	x->b.game.number = x->ngames + 1;
	x->b.game.line = line;
	x->b.game.score[0] = x->b.game.score[1] = -1;
	x->gopen = 1;
	x->ghas = x->won = 0;
	x->curok = 0;
	x->cube = 1;
	x->doubled = 0;
	x->rside = -1;
}

/* Open a match of players a (side 1) and b, length len (-1 unknown). */
static int
match_open(struct flog *x, const char *a, const char *b, int len, int line)
{
	rec_match_reset(&x->b.match);
	x->b.match.line = line;
	x->b.match.length = len;
	setname(x->name[1], a, strlen(a));
	setname(x->name[0], b, strlen(b));
	x->length = len;
	x->mopen = 1;
	x->ngames = 0;
	x->have_expect = 0;
	x->dir1 = 0;
	if (rec_match_set_player(&x->b.match, 1, x->name[1],
	    strlen(x->name[1])) < 0 || rec_match_set_player(&x->b.match, 0,
	    x->name[0], strlen(x->name[0])) < 0)
		return x->err = -BG_ENOMEM;
	return 0;
}

/* The first board of a game: its score, players, start. */
static int
game_first(struct flog *x, const bg_board *b,
    const bg_matchstate *ms, int line)
{
	bg_board start;
	int s;

	x->b.game.score[0] = ms->score[0];
	x->b.game.score[1] = ms->score[1];
	x->b.game.score_line = line;
	if (x->length < 0) {
		x->length = x->b.match.length = ms->length;
	}
	if (!x->have_expect ? ms->score[0] != 0 || ms->score[1] != 0 :
	    ms->score[0] != x->expect[0] || ms->score[1] != x->expect[1])
		x->b.game.alone = ms->crawford ? REC_CRAWFORD : REC_ALONE;
	if (x->have_expect && x->b.game.alone)
		diag(x, BG_WFIBSLOG, line, "the score %d-%d does not follow "
		    "from the games before: games missing from the log",
		    ms->score[1], ms->score[0]);
	for (s = 0; s < 2; s++)
		if (rec_game_set_player(&x->b.game, s, x->name[s],
		    strlen(x->name[s]), NULL, 0) < 0)
			return x->err = -BG_ENOMEM;
	bg_board_start(&start, BG_VARIANT_STANDARD);
	if (memcmp(&start, b, sizeof start) != 0 || ms->cube != 1)
		return setpos(x, b, ms, line);
	x->cur = *b;
	x->curok = 1;
	x->ghas = 1;
	return 0;
}

/* The cube on a board: a double and take the log did not tell. */
static int
board_cube(struct flog *x, const bg_matchstate *ms, int line)
{
	char t[32];
	int s;

	if (ms->doubled && !x->doubled) {
		if (unplayed(x, line) < 0)
			return x->err;
		snprintf(t, sizeof t, "Doubles => %d", x->cube * 2);
		x->doubled = 1;
		return simple(x, BG_REC_DOUBLE, ms->on_roll, line,
		    x->cube * 2, t);
	}
	if (ms->cube <= x->cube || ms->cube_owner == BG_CENTRED)
		return 0;
	s = ms->cube_owner;
	if (!x->doubled) {
		if (unplayed(x, line) < 0)
			return x->err;
		snprintf(t, sizeof t, "Doubles => %d", ms->cube);
		if (simple(x, BG_REC_DOUBLE, !s, line, ms->cube, t) < 0)
			return x->err;
	}
	x->doubled = 0;
	x->cube = ms->cube;
	return simple(x, BG_REC_TAKE, s, line, 0, "Takes");
}

/* A "board:" line t[0..n). */
static int
board(struct flog *x, const char *t, size_t n, int line)
{
	bg_fibs f;
	bg_board b;
	bg_matchstate ms;
	const char *a;

	if (bg_fibs_parse(&f, t, n) < 0 || bg_fibs_to_position(&b, &ms, &f,
	    BG_VARIANT_STANDARD) < 0) {
		diag(x, BG_EFIBS, line, "%.*s", (int)(n < 60 ? n : 60), t);
		return 0;
	}
	a = strcmp(f.player, "You") == 0 && x->you[0] ? x->you : f.player;
	if (x->mopen && (strcmp(x->name[0], f.opponent) != 0 ||
	    strcmp(x->name[1], a) != 0))
		return R_MATCH;		/* another match */
	if (!x->mopen && match_open(x, a, f.opponent, ms.length, line) < 0)
		return x->err;
	x->dir1 = f.field[42];
	if (!x->gopen)
		game_open(x, line);
	if (!x->ghas && game_first(x, &b, &ms, line) < 0)
		return x->err;
	if (x->won || ms.state == BG_GAME_OVER)
		return 0;
	if (board_cube(x, &ms, line) < 0)
		return x->err;
	if ((!x->curok || memcmp(&b, &x->cur, sizeof b) != 0) &&
	    derive(x, &b, &ms, line) < 0)
		return x->err;
	if (x->curok && ms.dice[0] > 0 && !ms.doubled)
		return rolled(x, ms.on_roll, ms.dice, line);
	return 0;
}

/* ---------------------------------------------------------------- lines */

/* "X moves 12-18 1-5 ." at t[0..n), the name i bytes long. */
static int
moves(struct flog *x, const char *t, size_t n, size_t i, int line)
{
	bg_notation note;
	bg_resolved rs;
	size_t err;
	bg_direction dir;
	int s, rc;

	if (i == 0) {
		/* "The only possible move is ...": the roll's side. */
		s = x->rside;
		i = 26;
	} else if ((s = named(x, t, i)) < 0 || !x->gopen)
		return 0;
	else if (x->rside != s) {
		diag(x, BG_WFIBSLOG, line, "a play without its roll");
		return 0;
	} else
		i += 7;
	dir = (bg_direction)(x->dir1 == 0 ? 0 : s == 1 ? x->dir1 : -x->dir1);
	if ((rc = bg_notation_parse_fibs(&note, t + i, n - i, &dir,
	    &err)) < 0) {
		if (diaglist_add(&x->b.dl, -rc, line, (int)(i + err) + 1,
		    x->b.game.number, 0, s, x->rdice, t + i, n - i) < 0)
			return x->err = -BG_ENOMEM;
		return play(x, s, NULL, line, 0);
	}
	if (x->curok && bg_notation_resolve(&rs, &note, &x->cur, s, x->rdice,
	    BG_VARIANT_STANDARD) == 0)
		x->cur = rs.after;
	else
		x->curok = 0;
	return play(x, s, &note, line, BG_RF_NOMARKS);
}

/* The N of the first " N point" in t[0..n), or -1. */
static long
points(const char *t, size_t n)
{
	size_t i, j;

	for (i = 1; i < n; i++) {
		if (t[i - 1] != ' ' || t[i] < '0' || t[i] > '9')
			continue;
		j = i;
		while (j < n && t[j] >= '0' && t[j] <= '9')
			j++;
		if (starts(t + j, n - j, " point"))
			return num(t, n, &i);
	}
	return -1;
}

/* The result: side s wins v points. */
static int
wins(struct flog *x, int s, long v, int line)
{
	char t[40];

	if (!x->gopen || x->won || v <= 0)
		return 0;
	if (unplayed(x, line) < 0)
		return x->err;
	x->won = 1;
	x->doubled = 0;
	snprintf(t, sizeof t, "Wins %ld point%s", v, v == 1 ? "" : "s");
	return simple(x, BG_REC_WIN, s, line, (int)v, t);
}

/* A cube line: "X doubles.", "X accepts the double.", "X gives up." */
static int
cube_line(struct flog *x, int s, const char *v, size_t n, int line)
{
	char t[32];
	long p;

	if (starts(v, n, "double")) {
		if (x->doubled)
			return 0;
		if (unplayed(x, line) < 0)
			return x->err;
		x->doubled = 1;
		snprintf(t, sizeof t, "Doubles => %d", x->cube * 2);
		return simple(x, BG_REC_DOUBLE, s, line, x->cube * 2, t);
	}
	if (starts(v, n, "accept the double") ||
	    starts(v, n, "accepts the double")) {
		if (!x->doubled)
			return 0;
		x->doubled = 0;
		x->cube *= 2;
		return simple(x, BG_REC_TAKE, s, line, 0, "Takes");
	}
	/* "X gives up. You win 1 point.": a double refused. */
	if (x->doubled && (starts(v, n, "gives up.") ||
	    starts(v, n, "give up.")) && (p = points(v, n)) > 0) {
		x->doubled = 0;
		if (simple(x, BG_REC_DROP, s, line, 0, "Drops") < 0)
			return x->err;
		return wins(x, !s, p, line);
	}
	return 0;
}

/* "A and B start a N point match." at t[0..n): remembered. */
static void
start_line(struct flog *x, const char *t, size_t n, int line)
{
	long a = find(t, n, " and "), b = find(t, n, " start a ");
	size_t i;
	long len;

	if (a <= 0 || b <= a + 5 || !ends(t, n, ".") ||
	    find(t, n, " point match") < 0)
		return;
	i = (size_t)b + 9;
	if ((len = num(t, n, &i)) <= 0)
		return;
	setname(x->st[0], t, (size_t)a);
	setname(x->st[1], t + a + 5, (size_t)(b - a - 5));
	x->st_len = (int)len;
	x->st_line = line;
	x->st_have = 1;
}

/*
 * The game ends: its roll flushed, the next game's score known.  A
 * failure is left in x->err.
 */
static void
game_close(struct flog *x, int line)
{
	const bg_record *r;

	if (unplayed(x, line) < 0)
		return;
	rec_game_finish(&x->b.game);
	x->gopen = 0;
	x->ngames++;
	x->have_expect = 0;
	if (x->b.game.nrec == 0 || x->b.game.score[0] < 0)
		return;
	r = &x->b.game.rec[x->b.game.nrec - 1];
	if (r->kind != BG_REC_WIN)
		return;
	x->expect[0] = x->b.game.score[0];
	x->expect[1] = x->b.game.score[1];
	x->expect[r->side] += r->value;
	x->have_expect = 1;
}

/*
 * "Starting a new game with X.": a game of the match open, or of the
 * match the last start line began.  R_GAME or R_MATCH when the line is
 * to be read again after the game or match before it ends.
 */
static int
new_game(struct flog *x, const char *t, size_t n, int line)
{
	const char *o = t + 25;
	size_t on = n - 26;
	int fresh, k;

	if (x->gopen && x->ghas)
		return R_GAME;
	fresh = x->st_have && x->st_line < line && ((strlen(x->st[0]) == on &&
	    memcmp(x->st[0], o, on) == 0) || (strlen(x->st[1]) == on &&
	    memcmp(x->st[1], o, on) == 0));
	if (x->mopen && (fresh || strlen(x->name[0]) != on ||
	    memcmp(x->name[0], o, on) != 0)) {
		x->mopen = 0;
		x->gopen = 0;
		return R_MATCH;
	}
	if (fresh) {
		k = strlen(x->st[0]) == on && memcmp(x->st[0], o, on) == 0;
		if (x->you[0] == '\0')
			memcpy(x->you, x->st[k], NAMEMAX);
		x->st_have = 0;
		if (match_open(x, x->st[k], x->st[!k], x->st_len, line) < 0)
			return x->err;
	} else if (!x->mopen) {
		char b[NAMEMAX];

		setname(b, o, on);
		if (match_open(x, x->you[0] ? x->you : "You", b, -1, line) < 0)
			return x->err;
	}
	game_open(x, line);
	return 0;
}

/* A line of the game by a side: rolls, moves, cube, resignation. */
static int
side_line(struct flog *x, const char *t, size_t n, int line)
{
	const char *sp = memchr(t, ' ', n), *v;
	size_t i, vn;
	int s, d[2];

	if (sp == NULL || !x->gopen || (s = named(x, t, (size_t)(sp - t))) < 0)
		return 0;
	i = (size_t)(sp - t);
	v = sp + 1;
	vn = n - i - 1;
	if ((starts(v, vn, "rolls ") || starts(v, vn, "roll ")) &&
	    vn >= 11 && ends(v, vn, ".")) {
		d[0] = v[vn - 8] - '0';
		d[1] = v[vn - 2] - '0';
		if (d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6 ||
		    memcmp(v + vn - 7, " and ", 5) != 0)
			return 0;
		return rolled(x, s, d, line);
	}
	if (starts(v, vn, "moves ") || starts(v, vn, "move "))
		return moves(x, t, n, starts(v, vn, "moves ") ? i : i - 1,
		    line);
	if (vn == 11 && starts(v, vn, "can't move."))
		return unplayed(x, line);
	/* "X wants to resign.": the result comes with its acceptance. */
	if (starts(v, vn, "accepts and wins ") ||
	    starts(v, vn, "accept and win "))
		return wins(x, s, points(v, vn), line);
	if (starts(v, vn, "wins the game ") || starts(v, vn, "win the game "))
		return wins(x, s, points(v, vn), line);
	return cube_line(x, s, v, vn, line);
}

/* "X wins the N point match A-B ." */
static int
match_over(struct flog *x, const char *t, size_t n)
{
	long w = find(t, n, " win");
	bg_record *r;
	int s;

	if (w <= 0 || (s = named(x, t, (size_t)w)) < 0 || !x->gopen ||
	    !x->won)
		return 0;
	r = rec_game_last(&x->b.game);
	if (r != NULL && r->kind == BG_REC_WIN && r->side == s)
		r->flags |= BG_RF_MATCH;
	return 1;
}

/*
 * "score in 7 point match: A-4 B-0", after a game: when the log has
 * lost the game's result (its line cut by other output), the score
 * tells who won and how much.
 */
static int
score_after(struct flog *x, const char *t, size_t n, int line)
{
	long at = find(t, n, ": "), v[2];
	size_t i, j;
	int k, s, w = -1, sc[2] = { -1, -1 };

	if (!x->gopen || x->won || at < 0 || x->b.game.score[0] < 0)
		return 0;
	for (i = (size_t)at + 2, k = 0; k < 2 && i < n; k++) {
		for (j = i; j < n && t[j] != ' '; j++)
			;
		while (j > i && t[j - 1] != '-')
			j--;
		if (j <= i + 1 || (s = named(x, t + i, j - 1 - i)) < 0)
			return 0;
		if ((v[k] = num(t, n, &j)) < 0)
			return 0;
		sc[s] = (int)v[k];
		i = j + 1;
	}
	if (sc[0] < 0 || sc[1] < 0)
		return 0;
	for (s = 0; s < 2; s++)
		if (sc[s] != x->b.game.score[s])
			w = w < 0 ? s : 2;
	if (w < 0 || w > 1 || sc[!w] != x->b.game.score[!w] ||
	    sc[w] < x->b.game.score[w])
		return 0;
	diag(x, BG_WFIBSLOG, line, "the game's result is not in the log: "
	    "taken from the score");
	return wins(x, w, sc[w] - x->b.game.score[w], line);
}

/*
 * The last line of FIBS's drawn board, "... NAME rolled 1 2.": a roll
 * (a capture may hold the drawing of a board and not its board line).
 */
static int
ascii_roll(struct flog *x, const char *t, size_t n, int line)
{
	size_t e = n - 12, b = e;
	int d[2], s;

	while (b > 0 && t[b - 1] != ' ')
		b--;
	d[0] = t[n - 4] - '0';
	d[1] = t[n - 2] - '0';
	if (b == e || (s = named(x, t + b, e - b)) < 0 || d[0] < 1 ||
	    d[0] > 6 || d[1] < 1 || d[1] > 6)
		return 0;
	return rolled(x, s, d, line);
}

/* Where "board:" starts in t[0..n): at 0 or after "WORD: "; else -1. */
static long
board_at(const char *t, size_t n)
{
	size_t i;

	if (starts(t, n, "board:"))
		return 0;
	for (i = 0; i < n && i < 32 && t[i] != ' ' && t[i] != ':'; i++)
		;
	if (i > 0 && i + 2 < n && t[i] == ':' && t[i + 1] == ' ' &&
	    starts(t + i + 2, n - i - 2, "board:"))
		return (long)i + 2;
	return -1;
}

/* One line t[0..n): 0, R_GAME or R_MATCH (to be read again), or < 0. */
static int
one_line(struct flog *x, const char *t, size_t n, int line)
{
	long b;
	size_t i;

	if ((b = board_at(t, n)) >= 0)
		return board(x, t + b, n - (size_t)b, line);
	if (starts(t, n, "Starting a new game with ") && n > 26 &&
	    t[n - 1] == '.')
		return new_game(x, t, n, line);
	if (starts(t, n, "1 ") && x->you[0] == '\0') {
		for (i = 2; i < n && t[i] != ' '; i++)
			;
		if (i > 2 && i < n)
			setname(x->you, t + 2, i - 2);
		return 0;
	}
	if (starts(t, n, "score in ") && find(t, n, " point match: ") > 0)
		return score_after(x, t, n, line);
	if (find(t, n, " start a ") > 0) {
		start_line(x, t, n, line);
		return 0;
	}
	if (find(t, n, " point match ") > 0 && (find(t, n, " wins the ") > 0 ||
	    starts(t, n, "You win the ")) && match_over(x, t, n)) {
		x->mopen = 0;
		x->mend = 1;
		return R_GAME;
	}
	if (x->gopen && n > 12 && ends(t, n, ".") && t[n - 3] == ' ' &&
	    find(t + n - 12, 12, " rolled ") == 0)
		return ascii_roll(x, t, n, line);
	if (starts(t, n, "The only possible move is ") && x->gopen &&
	    x->rside >= 0)
		return moves(x, t, n, 0, line);
	if (n > 0 && t[0] != '*' && t[0] != ' ' && t[0] != '>')
		return side_line(x, t, n, line);
	return 0;
}

/*
 * Read lines: R_GAME when a game was read (in x->b.game), R_MATCH when
 * the match ends with no game more, R_END at the end of the input; or a
 * negative code.
 */
static int
read_log_game(struct flog *x)
{
	const char *t, *e;
	size_t n, at;
	int line, rc;

	if (x->mend) {
		x->mend = 0;
		return R_MATCH;
	}
	while (x->at < x->inlen) {
		t = x->in + x->at;
		e = memchr(t, '\n', x->inlen - x->at);
		n = e ? (size_t)(e - t) : x->inlen - x->at;
		at = x->at;
		x->at += n + (e != NULL);
		line = ++x->line;
		if (n > 0 && t[n - 1] == '\r')
			n--;
		if ((rc = one_line(x, t, n, line)) < 0 || x->err)
			return x->err ? x->err : rc;
		if (rc == 0)
			continue;
		/*
		 * A game was read.  Unless the line ended it, the line is
		 * read again after the game is handed out.
		 */
		if (rc == R_GAME && !x->mopen && x->gopen) {
			game_close(x, line);
			return R_GAME;
		}
		x->at = at;
		x->line--;
		if (x->gopen && x->ghas) {
			game_close(x, line);
			return R_GAME;
		}
		x->gopen = 0;
		x->mopen = 0;
		return R_MATCH;
	}
	if (x->gopen && x->ghas) {
		game_close(x, x->line);
		return R_GAME;
	}
	x->gopen = 0;
	return R_END;
}

/* ------------------------------------------------------------------ API */

static int
fl_init(void *v, unsigned flags)
{
	struct flog *x = v;

	(void)flags;
	x->rside = -1;
	return 0;
}

static void
fl_fini(void *v)
{
	struct flog *x = v;

	free(x->in);
}

static int
fl_next_match(void *v, const bg_match **m)
{
	struct flog *x = v;
	int rc;

	if (x->err)
		return x->err;
	x->b.dl.n = 0;
	if (!x->started) {
		x->started = 1;
		if ((rc = slurp(x)) < 0)
			return x->err = rc;
		if (rc > 0) {
			diag(x, BG_EFIBSLOG, 0, "larger than %ld MiB",
			    MAXIN >> 20);
			return 0;
		}
	}
	/* The rest of the match before, not asked for. */
	while (x->mready == 2)
		if ((rc = read_log_game(x)) < 0)
			return x->err = rc;
		else if (rc != R_GAME)
			x->mready = 0;
	do {
		if ((rc = read_log_game(x)) < 0)
			return x->err = rc;
	} while (rc == R_MATCH);
	if (rc == R_END) {
		if (x->nmatch == 0) {
			x->b.game.number = 0;
			diag(x, BG_EFIBSLOG, 0, "no game of a match in the "
			    "log");
		}
		return 0;
	}
	x->nmatch++;
	x->mready = 2;
	x->b.given = 0;
	*m = &x->b.match;
	return 1;
}

static int
fl_next_game(void *v, const bg_game **g)
{
	struct flog *x = v;
	int rc;

	if (x->err)
		return x->err;
	if (x->mready != 2)
		return 0;
	if (!x->b.given)
		return fmt_base_first_game(&x->b, 1, g);
	x->b.dl.n = 0;
	if ((rc = read_log_game(x)) < 0)
		return x->err = rc;
	if (rc != R_GAME) {
		x->mready = 0;
		return 0;
	}
	*g = &x->b.game;
	return 1;
}

const struct fmt_ops fmt_fibslog_ops = {
	sizeof (struct flog), fl_init, fl_fini, fl_next_match, fl_next_game
};

/* Does a line of p[0..n) start at q (the text starts a line)? */
#define LINE_AT(p, q)	((q) == (p) || (q)[-1] == '\n')

/*
 * Is the 'o' at q, in p[0..n), that of a line "board:" (alone or after a
 * "WORD: ", WORD 1 to 32 bytes, no blank nor ':', that a client adds),
 * or of a line "login:"?
 */
static int
fl_marker(const unsigned char *p, size_t n, const unsigned char *q)
{
	const unsigned char *b = q - 1, *w;

	if (q == p || (size_t)(p + n - b) < 6)
		return 0;
	if (memcmp(b, "login:", 6) == 0)
		return LINE_AT(p, b);
	if (memcmp(b, "board:", 6) != 0)
		return 0;
	if (LINE_AT(p, b))
		return 1;
	if (b - p < 3 || b[-1] != ' ' || b[-2] != ':')
		return 0;
	for (w = b - 2; w > p && w[-1] != '\n' && w[-1] != ' ' &&
	    w[-1] != ':' && b - 2 - w < 32; w--)
		;
	return w < b - 2 && LINE_AT(p, w);
}

/*
 * A session log: a line that is a "board:" line (alone or after the
 * word a client adds), the server's "login:" prompt or "Starting a new
 * game with ", in the text of the first bytes (UTF-16 too, as a Windows
 * client saves it).  The lines are not walked: their 'o' and 'S' bytes,
 * rare in other formats, are found with memchr.
 */
static int
fl_bid(const struct fmt_head *h, int *more)
{
	static const char start[] = "Starting a new game with ";
	char dec[2 * FMT_HEADMAX];
	const unsigned char *p, *q, *e;
	size_t n;

	(void)more;
	if (!h->utf16 && !fmt_head_lines(h))
		return 0;
	p = fmt_head_text(h, dec, &n);
	e = p + n;
	for (q = p; (q = memchr(q, 'o', (size_t)(e - q))) != NULL; q++)
		if (fl_marker(p, n, q))
			return 30;
	for (q = p; (q = memchr(q, 'S', (size_t)(e - q))) != NULL; q++)
		if (LINE_AT(p, q) && FMT_BEGINS(q, (size_t)(e - q), start))
			return 30;
	return 0;
}

const struct fmt_row fmt_fibslog_row = {
	BG_FORMAT_FIBSLOG, "fibslog", "", ".log .txt",
	"FIBS session logs, as a client saves them",
	"",
	fl_bid, 30, &fmt_fibslog_ops, NULL
};
