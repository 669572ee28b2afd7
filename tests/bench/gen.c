/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * gen.c: the benchmark's input generator.  The rules engine plays legal
 * random games from a seed (a random play from bg_rules_legal's list for
 * every roll; cube actions, takes and drops; gammons and backgammons;
 * resignations) and the games are written as .mat text in gnubg's
 * export layout (bgkit-mat(5)): match files of about ten games, one
 * money session of at least 100 MiB, the same 2,400 money games once
 * as one file and once as 240 files of ten, and 2,000 money games once
 * as 2,000 files of one game (the cost of a file) and once as one file.  It also writes mutated
 * copies of the match files, each with one defect whose line it knows,
 * so the benchmark can check that bgcheck still finds every error.
 * Part of `make bench` only: never installed.
 *
 *	gen [-m MiB] outdir
 *	gen -l length -n games file
 *
 * writes outdir/match/mNNN.mat, outdir/session.mat, outdir/one.mat,
 * outdir/split/sNNN.mat, outdir/tiny/tNNNN.mat, outdir/tinyone.mat,
 * outdir/mutant/mNNN.mat, outdir/mutants.txt
 * (file, line and code name of each mutant's first error) and prints
 * one line per input set: name, files, bytes, games, rolls.  The second
 * form writes one match of that length and that many games, the last
 * of which may or may not end it (tests/page.sh measures the HTML page
 * of such a match).
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "bgkit.h"

#define SEED		20260515u
#define NMATCH		720
#define NSPLIT		240
#define PERSPLIT	10
#define NTINY		2000
#define CUBEMAX		64

/* ------------------------------------------------------------- random */

struct rng {
	uint64_t	s;
};

static uint64_t
rnd(struct rng *r)
{
	uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

/* Uniform in [0, n). */
static int
below(struct rng *r, int n)
{
	return (int)((rnd(r) >> 11) % (uint64_t)n);
}

/* ------------------------------------------------------------- games */

enum act {
	A_MOVE,
	A_DOUBLE,
	A_TAKE,
	A_DROP,
	A_WIN
};

struct action {
	enum act	kind;
	int		side;
	int		dice[2];	/* larger first */
	int		value;		/* cube value or points */
	bg_play		play;
};

struct game {
	struct action	*a;
	size_t		 n, cap;
	int		 winner, points, rolls;
	int		 bearoff;	/* ended by bearing off or a drop */
};

static void
die(const char *what)
{
	fprintf(stderr, "gen: %s: %s\n", what, strerror(errno));
	exit(2);
}

static struct action *
add(struct game *g, enum act kind, int side)
{
	struct action *a;

	if (g->n == g->cap) {
		g->cap = g->cap ? g->cap * 2 : 256;
		if ((g->a = realloc(g->a, g->cap * sizeof *g->a)) == NULL)
			die("realloc");
	}
	a = &g->a[g->n++];
	memset(a, 0, sizeof *a);
	a->kind = kind;
	a->side = side;
	return a;
}

/*
 * Play one game.  cube: the cube may be turned (not in the Crawford
 * game).  A resignation comes only at the resigner's turn, before it
 * rolls, as gnubg's players resign.
 */
static void
play_game(struct rng *r, bg_movelist *ml, struct game *g, int cube_ok)
{
	bg_board b;
	struct action *a;
	int side = below(r, 2), cube = 1, owner = BG_CENTRED, turn, n, i;
	int d[2];

	g->n = 0;
	g->rolls = 0;
	g->bearoff = 1;
	bg_board_start(&b, BG_VARIANT_STANDARD);
	for (turn = 0;; turn++, side = !side) {
		if (turn >= 2 && below(r, 1000) < 2) {
			int level = 1 + (below(r, 4) == 0) + (below(r, 8) == 0);

			a = add(g, A_WIN, !side);
			g->winner = !side;
			g->points = a->value = level * cube;
			g->bearoff = 0;
			return;
		}
		if (turn >= 1 && cube_ok && cube < CUBEMAX &&
		    (owner == BG_CENTRED || owner == side) &&
		    below(r, 1000) < 15) {
			a = add(g, A_DOUBLE, side);
			a->value = cube * 2;
			if (below(r, 4) == 0) {
				add(g, A_DROP, !side);
				a = add(g, A_WIN, side);
				g->winner = side;
				g->points = a->value = cube;
				return;
			}
			add(g, A_TAKE, !side);
			cube *= 2;
			owner = !side;
		}
		do {
			d[0] = 1 + below(r, 6);
			d[1] = 1 + below(r, 6);
		} while (turn == 0 && d[0] == d[1]);
		if (d[0] < d[1]) {
			i = d[0];
			d[0] = d[1];
			d[1] = i;
		}
		a = add(g, A_MOVE, side);
		a->dice[0] = d[0];
		a->dice[1] = d[1];
		g->rolls++;
		if ((n = bg_rules_legal(ml, &b, side, d,
		    BG_VARIANT_STANDARD)) < 0) {
			fprintf(stderr, "gen: %s\n", bg_strerror(n));
			exit(2);
		}
		if (n == 0)
			continue;
		i = below(r, n);
		a->play = bg_movelist_get(ml, (size_t)i)->play;
		b = bg_movelist_get(ml, (size_t)i)->after;
		if (bg_board_checkers(&b, side) == 0) {
			const unsigned char *lo = b.pt[!side];
			int level = 2, p;

			if (lo[0] > 0)
				level = 1;
			else
				for (p = 19; p <= 25; p++)
					if (lo[p])
						level = 3;
			a = add(g, A_WIN, side);
			g->winner = side;
			g->points = a->value = level * cube;
			return;
		}
	}
}

/* --------------------------------------------------------------- text */

/* A file being built: its bytes and where each line starts. */
struct text {
	char	*p;
	size_t	 len, cap;
	size_t	*line;		/* offset of line i + 1 */
	size_t	 nline, capline;
	size_t	 lstart;	/* the line being written */
};

static void
put(struct text *t, const char *s, size_t n)
{
	if (t->len + n > t->cap) {
		while (t->len + n > t->cap)
			t->cap = t->cap ? t->cap * 2 : 65536;
		if ((t->p = realloc(t->p, t->cap)) == NULL)
			die("realloc");
	}
	memcpy(t->p + t->len, s, n);
	t->len += n;
}

static void
putstr(struct text *t, const char *s)
{
	put(t, s, strlen(s));
}

static void
pad(struct text *t, size_t width)
{
	while (t->len - t->lstart < width)
		put(t, " ", 1);
}

/* End the line; its number (1-based) is t->nline afterwards. */
static void
eol(struct text *t)
{
	if (t->nline == t->capline) {
		t->capline = t->capline ? t->capline * 2 : 1024;
		if ((t->line = realloc(t->line, t->capline *
		    sizeof *t->line)) == NULL)
			die("realloc");
	}
	t->line[t->nline++] = t->lstart;
	put(t, "\n", 1);
	t->lstart = t->len;
}

/* Where a mutation may go: a cell or line of the file. */
enum spot {
	S_DICE,		/* two steps, not a double, no bearing off */
	S_CUBE,		/* a " Doubles => V" cell */
	S_WINS,		/* "Wins N" after a bear-off or a drop */
	S_SCORE		/* the score line of game 2 or later */
};

struct mark {
	enum spot	kind;
	int		line;	/* 1-based */
	size_t		off;	/* byte offset of the cell */
	int		value;	/* S_CUBE, S_WINS: the value written */
	int		used;	/* S_DICE: the two distances */
};

struct marks {
	struct mark	*m;
	size_t		 n, cap;
};

static void
mark(struct marks *ms, enum spot kind, const struct text *t, size_t off,
    int value)
{
	if (ms == NULL)
		return;
	if (ms->n == ms->cap) {
		ms->cap = ms->cap ? ms->cap * 2 : 256;
		if ((ms->m = realloc(ms->m, ms->cap * sizeof *ms->m)) == NULL)
			die("realloc");
	}
	ms->m[ms->n].kind = kind;
	ms->m[ms->n].line = (int)t->nline + 1;
	ms->m[ms->n].off = off;
	ms->m[ms->n].value = value;
	ms->m[ms->n].used = 0;
	ms->n++;
}

/* A cell in gnubg's plain notation: "64: 24/18* 13/9 ", "62: ". */
static void
cell(struct text *t, const struct action *a, struct marks *ms)
{
	char buf[64];
	int i, n = 0, bearing = 0;

	switch (a->kind) {
	case A_MOVE:
		n = snprintf(buf, sizeof buf, "%d%d: ", a->dice[0],
		    a->dice[1]);
		for (i = 0; i < a->play.n; i++) {
			n += snprintf(buf + n, sizeof buf - (size_t)n,
			    "%d/%d%s%s", a->play.step[i].from,
			    a->play.step[i].to, a->play.hit[i] ? "*" : "",
			    i < 3 ? " " : "");
			bearing |= a->play.step[i].to == 0;
		}
		if (ms && a->play.n == 2 && a->dice[0] != a->dice[1] &&
		    !bearing) {
			mark(ms, S_DICE, t, t->len, 0);
			ms->m[ms->n - 1].used = 1 << a->dice[0] |
			    1 << a->dice[1];
		}
		break;
	case A_DOUBLE:
		mark(ms, S_CUBE, t, t->len, a->value);
		n = snprintf(buf, sizeof buf, " Doubles => %d", a->value);
		break;
	case A_TAKE:
		n = snprintf(buf, sizeof buf, " Takes");
		break;
	case A_DROP:
		n = snprintf(buf, sizeof buf, " Drops");
		break;
	case A_WIN:
		n = snprintf(buf, sizeof buf, " Wins %d point%s ", a->value,
		    a->value == 1 ? "" : "s");
		break;
	}
	put(t, buf, (size_t)n);
}

static void
score_line(struct text *t, const char *names[2], const long score[2])
{
	char buf[160];

	snprintf(buf, sizeof buf, " %s : %ld", names[0], score[0]);
	putstr(t, buf);
	pad(t, 32);
	snprintf(buf, sizeof buf, "%s : %ld", names[1], score[1]);
	putstr(t, buf);
	eol(t);
}

/*
 * One game as gnubg exports it: the header, the score line, a row per
 * left and right action ("%3d) " + left cell padded to 27 + " " + right
 * cell), and the winner's line.  Actions alternate between the sides,
 * so the rows pair them up; a right-side first move leaves the first
 * left cell empty.
 */
static void
write_game(struct text *t, const struct game *g, int number,
    const char *names[2], const long score[2], struct marks *ms)
{
	char buf[64];
	size_t i = 0, end = g->n - 1;	/* the last action is the win */
	const struct action *w = &g->a[end];
	int row = 0, open = 0;	/* open: a row with its left cell only */

	snprintf(buf, sizeof buf, " Game %d", number);
	putstr(t, buf);
	eol(t);
	if (number > 1)
		mark(ms, S_SCORE, t, t->len, 0);
	score_line(t, names, score);
	for (i = 0; i < end; i++) {
		const struct action *a = &g->a[i];

		if (a->side == 0 || !open) {
			if (open)
				eol(t);
			snprintf(buf, sizeof buf, "%3d) ", ++row);
			putstr(t, buf);
			if (a->side == 0) {
				cell(t, a, ms);
				pad(t, 32);
				put(t, " ", 1);
				open = 1;
				continue;
			}
			pad(t, 33);
		}
		cell(t, a, ms);
		eol(t);
		open = 0;
	}
	if (w->side == 1 && open) {
		/* After the left player's drop, in the same row. */
		if (g->bearoff)
			mark(ms, S_WINS, t, t->len, w->value);
		cell(t, w, ms);
		eol(t);
	} else {
		if (open)
			eol(t);
		putstr(t, w->side ? "                                 " :
		    "     ");
		if (g->bearoff)
			mark(ms, S_WINS, t, t->len, w->value);
		snprintf(buf, sizeof buf, " Wins %d point%s", w->value,
		    w->value == 1 ? "" : "s");
		putstr(t, buf);
		eol(t);
	}
	eol(t);
}

static void
header(struct text *t, const char *what, int length)
{
	char buf[128];

	snprintf(buf, sizeof buf, "; [Event \"bgkit bench seed %u %s\"]",
	    SEED, what);
	putstr(t, buf);
	eol(t);
	putstr(t, "; [EventDate \"2000.01.01\"]");
	eol(t);
	eol(t);
	snprintf(buf, sizeof buf, " %d point match", length);
	putstr(t, buf);
	eol(t);
	eol(t);
}

static void
reset(struct text *t)
{
	t->len = t->nline = t->lstart = 0;
}

static void
save(const char *path, const char *p, size_t n)
{
	FILE *fp = fopen(path, "wb");

	if (fp == NULL)
		die(path);
	if (fwrite(p, 1, n, fp) != n || fclose(fp) != 0)
		die(path);
}

/* ----------------------------------------------------------- the sets */

struct set {
	const char	*name;
	long		 files, games, rolls;
	unsigned long long bytes;
};

static void
report(const struct set *s)
{
	printf("%s %ld %llu %ld %ld\n", s->name, s->files, s->bytes,
	    s->games, s->rolls);
}

static const char *const names[] = {
	"Alice", "Bruno", "Chloe", "Dmitri", "Erin", "Farid", "Grete",
	"Hiro", "Ines", "Jonas", "Kemal", "Lena", "Mateo", "Nadia",
	"Oskar", "Priya"
};
#define NNAMES	(sizeof names / sizeof names[0])

static void
pick_names(struct rng *r, const char *who[2])
{
	who[0] = names[below(r, NNAMES)];
	do
		who[1] = names[below(r, NNAMES)];
	while (who[1] == who[0]);
}

/*
 * Mutate file t (of match i) at one of its marks and save the copy;
 * append "name line code" to the list.  Kinds take turns.
 */
static void
mutate(const char *dir, FILE *list, int i, const struct text *t,
    const struct marks *ms, struct rng *r)
{
	static const enum spot order[] = { S_DICE, S_CUBE, S_WINS, S_SCORE };
	const struct mark *m = NULL;
	char path[4096], buf[160], *copy;
	size_t k, n = 0, ls, le, cut, cutlen;
	int code = 0, tries, pick;

	for (tries = 0; tries < 4 && m == NULL; tries++) {
		enum spot want = order[(i + tries) % 4];

		for (k = n = 0; k < ms->n; k++)
			n += ms->m[k].kind == want;
		if (n == 0)
			continue;
		pick = below(r, (int)n);
		for (k = 0; k < ms->n; k++)
			if (ms->m[k].kind == want && pick-- == 0)
				m = &ms->m[k];
	}
	if (m == NULL)
		return;
	ls = t->line[m->line - 1];
	le = ls;
	while (t->p[le] != '\n')
		le++;
	cut = m->off;
	switch (m->kind) {
	case S_DICE: {
		int a, b;

		/* Dice that neither written step can use. */
		do {
			a = 1 + below(r, 6);
			b = 1 + below(r, 6);
		} while (a <= b || (m->used & (1 << a | 1 << b)));
		snprintf(buf, sizeof buf, "%d%d", a, b);
		cutlen = 2;
		code = BG_EDICE;
		break;
	}
	case S_CUBE:
		snprintf(buf, sizeof buf, " Doubles => %d", m->value * 2);
		cutlen = strlen(" Doubles => ") + (m->value > 9) + 1;
		code = BG_ECUBEVALUE;
		break;
	case S_WINS:
		snprintf(buf, sizeof buf, " Wins %d points", m->value + 1);
		cutlen = strlen(" Wins  point") + (m->value > 9) + 1 +
		    (m->value != 1);
		code = BG_EWINPOINTS;
		break;
	default: {
		/* One point more for the left player. */
		const char *p = t->p + ls, *colon = strchr(p, ':');
		long s0 = strtol(colon + 1, NULL, 10);

		cut = (size_t)(colon + 2 - t->p);
		cutlen = (size_t)snprintf(buf, sizeof buf, "%ld", s0);
		snprintf(buf, sizeof buf, "%ld", s0 + 1);
		code = BG_ESCORELINE;
		break;
	}
	}
	if ((copy = malloc(t->len + 64)) == NULL)
		die("malloc");
	memcpy(copy, t->p, cut);
	n = strlen(buf);
	memcpy(copy + cut, buf, n);
	memcpy(copy + cut + n, t->p + cut + cutlen, t->len - cut - cutlen);
	snprintf(path, sizeof path, "%s/mutant/m%03d.mat", dir, i + 1);
	save(path, copy, t->len - cutlen + n);
	free(copy);
	fprintf(list, "mutant/m%03d.mat %d %s\n", i + 1, m->line,
	    bg_code_name(code));
}

/*
 * Money games, per in each of nfiles files (path: their name under dir,
 * a format of the file's number; part: their title) and all of them in
 * one file, dir/ONE.mat (whole: its title); reported as two sets, named
 * after path's folder and ONE.
 */
static void
money_files(const char *dir, struct rng *r, bg_movelist *ml,
    const char *path, int nfiles, int per, const char *part,
    const char *whole, const char *one_name)
{
	struct game g = { 0 };
	struct text t = { 0 }, one = { 0 };
	struct set set;
	const char *who[2];
	char name[4096], what[64], folder[64];
	long score[2], ts[2];
	int i, j;

	memset(&set, 0, sizeof set);
	snprintf(folder, sizeof folder, "%.*s", (int)strcspn(path, "/"),
	    path);
	set.name = folder;
	pick_names(r, who);
	header(&one, whole, 0);
	ts[0] = ts[1] = 0;
	for (i = 0; i < nfiles; i++) {
		reset(&t);
		snprintf(what, sizeof what, part, i + 1);
		header(&t, what, 0);
		score[0] = score[1] = 0;
		for (j = 0; j < per; j++) {
			play_game(r, ml, &g, 1);
			write_game(&t, &g, j + 1, who, score, NULL);
			write_game(&one, &g, i * per + j + 1, who, ts, NULL);
			score[g.winner] += g.points;
			ts[g.winner] += g.points;
			set.games++;
			set.rolls += g.rolls;
		}
		snprintf(what, sizeof what, path, i + 1);
		snprintf(name, sizeof name, "%s/%s", dir, what);
		save(name, t.p, t.len);
		set.files++;
		set.bytes += t.len;
	}
	snprintf(name, sizeof name, "%s/%s.mat", dir, one_name);
	save(name, one.p, one.len);
	report(&set);
	set.name = one_name;
	set.files = 1;
	set.bytes = one.len;
	report(&set);
	free(g.a);
	free(t.p);
	free(t.line);
	free(one.p);
	free(one.line);
}

static void
make_dir(const char *dir, const char *sub)
{
	char path[4096];

	snprintf(path, sizeof path, "%s%s%s", dir, *sub ? "/" : "", sub);
	if (mkdir(path, 0777) < 0 && errno != EEXIST)
		die(path);
}

/*
 * One match of length points and n games: a game that would take the
 * winner past its share of the match so far, (length - 1) * k / n after
 * game k, is played again (another random game), so that the match
 * lasts n games; the last may or may not end it.
 */
static int
one_match(struct rng *r, bg_movelist *ml, int length, int n,
    const char *path)
{
	struct game g = { 0 };
	struct text t = { 0 };
	const char *who[2];
	long score[2] = { 0, 0 };
	int k, crawford = 0, cube_ok, tries;

	if (length < 3 || n < 1) {
		fputs("gen: -l needs 3 or more points, -n a game\n", stderr);
		return 2;
	}
	pick_names(r, who);
	header(&t, "one match", length);
	for (k = 1; k <= n; k++) {
		cube_ok = 1;
		if (!crawford && (score[0] == length - 1 ||
		    score[1] == length - 1)) {
			crawford = 1;
			cube_ok = 0;
		}
		tries = 0;
		do
			play_game(r, ml, &g, cube_ok);
		while (k < n && score[g.winner] + g.points > (length - 1) *
		    k / n && ++tries < 1000);
		write_game(&t, &g, k, who, score, NULL);
		score[g.winner] += g.points;
		if (score[0] >= length || score[1] >= length)
			break;
	}
	save(path, t.p, t.len);
	free(g.a);
	free(t.p);
	free(t.line);
	bg_movelist_free(ml);
	return 0;
}

int
main(int argc, char *argv[])
{
	struct rng r = { SEED };
	bg_movelist *ml = bg_movelist_new();
	struct game g = { 0 };
	struct text t = { 0 };
	struct marks ms = { 0 };
	struct set set;
	const char *dir, *who[2];
	char path[4096], what[64];
	unsigned long long want = 100ULL << 20;
	long score[2];
	FILE *list, *fp;
	int i, k, length;

	if (argc == 6 && strcmp(argv[1], "-l") == 0 &&
	    strcmp(argv[3], "-n") == 0 && ml != NULL)
		return one_match(&r, ml, atoi(argv[2]), atoi(argv[4]),
		    argv[5]);
	if (argc == 4 && strcmp(argv[1], "-m") == 0) {
		want = strtoull(argv[2], NULL, 10) << 20;
		argv += 2;
		argc -= 2;
	}
	if (argc != 2 || ml == NULL) {
		fputs("usage: gen [-m MiB] outdir\n"
		    "       gen -l length -n games file\n", stderr);
		return 2;
	}
	dir = argv[1];
	make_dir(dir, "");
	make_dir(dir, "match");
	make_dir(dir, "split");
	make_dir(dir, "tiny");
	make_dir(dir, "mutant");

	/* Matches of about ten games, and a mutant of each. */
	snprintf(path, sizeof path, "%s/mutants.txt", dir);
	if ((list = fopen(path, "w")) == NULL)
		die(path);
	memset(&set, 0, sizeof set);
	set.name = "match";
	for (i = 0; i < NMATCH; i++) {
		int crawford = 0, game = 0;

		length = 15 + 2 * below(&r, 5);
		pick_names(&r, who);
		reset(&t);
		ms.n = 0;
		snprintf(what, sizeof what, "match %d", i + 1);
		header(&t, what, length);
		score[0] = score[1] = 0;
		while (score[0] < length && score[1] < length) {
			int cube_ok = 1;

			if (!crawford && (score[0] == length - 1 ||
			    score[1] == length - 1)) {
				crawford = 1;
				cube_ok = 0;
			}
			play_game(&r, ml, &g, cube_ok);
			write_game(&t, &g, ++game, who, score, &ms);
			score[g.winner] += g.points;
			set.games++;
			set.rolls += g.rolls;
		}
		snprintf(path, sizeof path, "%s/match/m%03d.mat", dir, i + 1);
		save(path, t.p, t.len);
		set.files++;
		set.bytes += t.len;
		mutate(dir, list, i, &t, &ms, &r);
	}
	if (fclose(list) != 0)
		die("mutants.txt");
	report(&set);

	/* 2,400 money games as 240 files of ten and as one file. */
	money_files(dir, &r, ml, "split/s%03d.mat", NSPLIT, PERSPLIT,
	    "session part %d", "session of 2400 games", "one");

	/* The long money session, written game by game. */
	memset(&set, 0, sizeof set);
	set.name = "session";
	snprintf(path, sizeof path, "%s/session.mat", dir);
	if ((fp = fopen(path, "wb")) == NULL)
		die(path);
	reset(&t);
	pick_names(&r, who);
	header(&t, "long session", 0);
	score[0] = score[1] = 0;
	for (k = 1; set.bytes + t.len < want; k++) {
		play_game(&r, ml, &g, 1);
		write_game(&t, &g, k, who, score, NULL);
		score[g.winner] += g.points;
		set.games++;
		set.rolls += g.rolls;
		if (t.len > (1 << 20)) {
			if (fwrite(t.p, 1, t.len, fp) != t.len)
				die(path);
			set.bytes += t.len;
			reset(&t);
		}
	}
	if (fwrite(t.p, 1, t.len, fp) != t.len || fclose(fp) != 0)
		die(path);
	set.bytes += t.len;
	set.files = 1;
	report(&set);

	/*
	 * One-game files, and the same games in one file: made after the
	 * other sets, which stay as they were.
	 */
	money_files(dir, &r, ml, "tiny/t%04d.mat", NTINY, 1, "one game %d",
	    "session of the one-game files", "tinyone");

	free(g.a);
	free(t.p);
	free(t.line);
	free(ms.m);
	bg_movelist_free(ml);
	if (fflush(stdout) != 0 || ferror(stdout))
		die("stdout");
	return 0;
}
