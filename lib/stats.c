/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * stats.c: the statistics of an analysed game or match as gnubg 1.07's
 * "show statistics" gives them (bg_stats_init(3)).  For each record
 * with analysis: a play's error is its equity less the best
 * candidate's, its mark by gnubg's thresholds (0.04, 0.08, 0.16); a
 * roll's luck is gnubg's LU, marked at 0.3 and 0.6; a cube decision's
 * equities (no double, double/take, double/pass) give the error of the
 * action taken and its kind.  Equities are normalised (EMG); in match
 * play an error of e is worth eq2mwc(e) - eq2mwc(0) of match-winning
 * chance, eq2mwc(x) being ((W - L) x + W + L) / 2, W and L the chances
 * after winning or losing the cube's value from the score, and in money
 * play e times the cube.
 *
 * Everything is worked out in single precision, as gnubg does: the
 * file's numbers, the table's chances, the conversions, the totals
 * (each game's, then the match's as the sum of its games') and the
 * figures as printed.  In double precision a few last digits came out
 * otherwise than those gnubg prints for the same SGF loaded: a wrong
 * double above too good was 4.429% for gnubg's 4.430% (double/pass is
 * mwc2eq(W), 0.99999976 and not 1, in single precision), a post-Crawford
 * chance 1 - 0.48803 is one unit of the float's last place from
 * (float)(1 - 0.48803), and 44.7634995% is 44.7635002% once multiplied
 * by 100 in single precision.  tests/corpus_stats.sh holds every figure
 * to gnubg's reload (tests/corpus/analysed/m*.reload.stats).  The
 * rates, ratings and FIBS figures are made when written
 * (bg_stats_write).  Included through bgkit.h; met.c gives the table.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "met_int.h"
#include "out_int.h"

void
bg_stats_init(bg_stats *st, int length)
{
	memset(st, 0, sizeof *st);
	st->length = length > 0 ? length : 0;
}

/* The state that a figure is converted at: the score, the cube and the
 * match equity table. */
struct at {
	const bg_met	*met;
	int		 len, score[2], crawford, cube;
};

/*
 * Return the match-winning chance of side 0 needing a0 points against
 * side 1 needing a1, after the Crawford game when post is set, in single
 * precision as gnubg keeps its table: a chance after the Crawford game
 * of side 0 needing 1 is 1 less the table's, in single precision too.
 */
static float
met_mwc(const bg_met *m, int a0, int a1, int post)
{
	if (a0 <= 0 || a1 <= 0)
		return a0 <= 0;
	if (post && a0 == 1)
		return 1 - (float)m->post[1][a1 - 1];
	if (post && a1 == 1)
		return (float)m->post[0][a0 - 1];
	return (float)m->pre[a0 - 1][a1 - 1];
}

/*
 * Return side s's match-winning chance after side 0 wins p0 points and
 * side 1 wins p1 points from the score (gnubg's getME).  The next game
 * is after the Crawford game when this one is the Crawford game or comes
 * after it.
 */
static float
mwc_after(const struct at *t, int s, int p0, int p1)
{
	int a0 = t->len - t->score[0], a1 = t->len - t->score[1];
	int post = t->crawford || a0 == 1 || a1 == 1;
	float v = met_mwc(t->met, a0 - p0, a1 - p1, post);

	return s == 0 ? v : 1 - v;
}

/* Return normalised equity x as side s's MWC, or points in money play
 * (gnubg's eq2mwc), in single precision. */
static float
eq2mwc(const struct at *t, int s, float x)
{
	float w, l;

	if (t->len == 0)
		return (float)t->cube * x;
	w = mwc_after(t, s, s == 0 ? t->cube : 0, s == 1 ? t->cube : 0);
	l = mwc_after(t, s, s == 1 ? t->cube : 0, s == 0 ? t->cube : 0);
	return 0.5f * ((w - l) * x + (w + l));
}

/* Return what normalised equity e (an error, a luck) is worth to side s
 * in MWC or points, as gnubg: eq2mwc(e) - eq2mwc(0). */
static float
worth(const struct at *t, int s, float e)
{
	return eq2mwc(t, s, e) - eq2mwc(t, s, 0);
}

/* Return side s's MWC y as normalised equity (gnubg's mwc2eq), in
 * single precision. */
static float
mwc2eq(const struct at *t, int s, float y)
{
	float w, l;

	w = mwc_after(t, s, s == 0 ? t->cube : 0, s == 1 ? t->cube : 0);
	l = mwc_after(t, s, s == 1 ? t->cube : 0, s == 0 ? t->cube : 0);
	return (2 * y - (w + l)) / (w - l);
}

/* Return a cubeful output as normalised equity for side s. */
static float
norm(const struct at *t, int s, const bg_outputs *o)
{
	return t->len == 0 ? (float)o->cubeful : mwc2eq(t, s, (float)o->mwc);
}

/* Return double/pass as normalised equity for side s: 1, or in match
 * play the MWC of winning the cube made equity again, as gnubg does (a
 * hair under or over 1 in single precision). */
static float
pass(const struct at *t, int s)
{
	return t->len == 0 ? 1 : mwc2eq(t, s, mwc_after(t, s, s == 0 ?
	    t->cube : 0, s == 1 ? t->cube : 0));
}

/* Add x to *total, a sum in single precision (held in a double). */
static void
sum(double *total, float x)
{
	*total = (float)*total + x;
}

/* Count an error e of kind, made by side s at state t: any loss, in
 * single precision. */
static void
add_error(bg_stats_side *p, int kind, float e, const struct at *t, int s)
{
	if (e >= 0)
		return;
	p->errors[kind]++;
	sum(&p->error[kind][0], e);
	sum(&p->error[kind][1], worth(t, s, e));
}

/* Count a play of side s at state t: its error and mark, and the luck
 * of its roll. */
static void
play(bg_stats_side *p, const bg_rec_analysis *a, const struct at *t, int s)
{
	float e, lu;

	p->moves++;
	if ((a->has & BG_AN_LUCK) && isfinite(a->luck)) {
		lu = (float)a->luck;
		p->rolls++;
		sum(&p->luck[0], lu);
		sum(&p->luck[1], worth(t, s, lu));
		p->luck_marks[lu > 0.6f ? 4 : lu > 0.3f ? 3 :
		    lu < -0.6f ? 0 : lu < -0.3f ? 1 : 2]++;
	}
	if (!(a->has & BG_AN_MOVE) || !(a->has & BG_AN_PLAYED) ||
	    a->played >= a->ncand || a->ncand < 2 || !a->cand[0].has_equity ||
	    !a->cand[a->played].has_equity) {
		p->marks[BG_MARK_NONE]++;
		return;
	}
	e = (float)a->cand[a->played].equity - (float)a->cand[0].equity;
	p->unforced++;
	sum(&p->checker[0], e);
	sum(&p->checker[1], worth(t, s, e));
	p->marks[a->skill]++;
}

/*
 * Count a cube decision of record kind by side s at state t.  nd and dt
 * are the no double and double/take equities; double/pass is 1.
 */
static void
cube(bg_stats_side *p, bg_rec_kind kind, const float eq[3],
    const struct at *t, int s)
{
	float nd = eq[0], dt = eq[1], dp = eq[2];
	float dbl = dt < dp ? dt : dp, best = nd > dbl ? nd : dbl;

	p->cube++;
	if (kind == BG_REC_MOVE) {
		if (dbl - nd > -0.16f)
			p->close++;
		if (nd < best)
			add_error(p, dt < dp ? BG_STATS_MISSED_BELOW_CP :
			    BG_STATS_MISSED_ABOVE_CP, nd - best, t, s);
		return;
	}
	p->close++;
	if (kind == BG_REC_DOUBLE) {
		p->doubles++;
		if (dbl < best)
			add_error(p, nd >= dp ? BG_STATS_WRONG_ABOVE_TG :
			    BG_STATS_WRONG_BELOW_DP, dbl - best, t, s);
	} else if (kind == BG_REC_TAKE) {
		p->takes++;
		if (dt > dp)
			add_error(p, BG_STATS_WRONG_TAKE, dp - dt, t, s);
	} else {
		p->passes++;
		if (dt < dp)
			add_error(p, BG_STATS_WRONG_PASS, dt - dp, t, s);
	}
}

/* Count record r, with its analysis a, at state t. */
static void
record(bg_stats *st, const bg_record *r, const bg_rec_analysis *a,
    const struct at *t)
{
	bg_stats_side *p = &st->side[r->side];
	unsigned want = t->len ? BG_OUT_MWC : BG_OUT_CUBEFUL;
	/* A take or pass answers the doubler's decision: use its side. */
	int s = r->kind == BG_REC_TAKE || r->kind == BG_REC_DROP ?
	    !r->side : r->side;
	float eq[3];

	if ((a->has & BG_AN_CUBE) && (a->cube_out[0].has & want) &&
	    (a->cube_out[1].has & want) && (r->kind == BG_REC_MOVE ||
	    r->kind == BG_REC_DOUBLE || r->kind == BG_REC_TAKE ||
	    r->kind == BG_REC_DROP)) {
		eq[0] = norm(t, s, &a->cube_out[0]);
		eq[1] = norm(t, s, &a->cube_out[1]);
		eq[2] = pass(t, s);
		cube(p, r->kind, eq, t, r->side);
	}
	if (r->kind == BG_REC_MOVE)
		play(p, a, t, r->side);
}

/* Set t to the state at the start of the game, from its result: the
 * score and the Crawford game.  Return -BG_EINVAL when the score is
 * beyond the table. */
static int
start(struct at *t, const bg_result *res, int len, const bg_met *met)
{
	int w = res != NULL ? res->winner : -1;

	memset(t, 0, sizeof *t);
	t->met = met;
	t->len = len;
	t->cube = 1;
	if (res != NULL) {
		t->score[0] = res->score[0] - (w == 0 ? res->points : 0);
		t->score[1] = res->score[1] - (w == 1 ? res->points : 0);
		t->crawford = res->crawford;
	}
	if (len > 0 && (met == NULL || len - t->score[0] > met->len ||
	    len - t->score[1] > met->len || t->score[0] < 0 ||
	    t->score[1] < 0))
		return -BG_EINVAL;
	return 0;
}

int
bg_stats_game(bg_stats *st, const bg_game *g, const bg_result *res,
    const bg_met *met)
{
	struct at t;
	bg_stats one;
	const bg_record *r;
	const bg_rec_analysis *a;
	size_t i, n = bg_game_record_count(g);
	int w = res != NULL ? res->winner : -1;

	if (start(&t, res, st->length, met) < 0)
		return -BG_EINVAL;
	bg_stats_init(&one, st->length);
	one.games = 1;
	for (i = 0; i < n; i++) {
		r = bg_game_record(g, i);
		if (r->side < 0 || r->side > 1)
			continue;
		if ((a = bg_game_record_analysis(g, i)) != NULL)
			record(&one, r, a, &t);
		if (r->kind == BG_REC_TAKE || r->kind == BG_REC_BEAVER ||
		    r->kind == BG_REC_RACCOON)
			t.cube *= 2;
	}
	if (w == 0 || w == 1) {
		/* Single precision, as gnubg uses: it sets the last digit. */
		one.side[w].result = t.len == 0 ? res->points :
		    mwc_after(&t, w, w == 0 ? res->points : 0,
		    w == 1 ? res->points : 0) - met_mwc(met,
		    t.len - t.score[w], t.len - t.score[!w], !t.crawford &&
		    (t.len - t.score[0] == 1 || t.len - t.score[1] == 1));
		one.side[!w].result = -one.side[w].result;
	}
	bg_stats_add(st, &one);
	return 0;
}

void
bg_stats_add(bg_stats *to, const bg_stats *from)
{
	const bg_stats_side *f;
	bg_stats_side *p;
	int s, i;

	to->games += from->games;
	for (s = 0; s < 2; s++) {
		p = &to->side[s];
		f = &from->side[s];
		p->moves += f->moves;
		p->unforced += f->unforced;
		p->rolls += f->rolls;
		p->cube += f->cube;
		p->close += f->close;
		p->doubles += f->doubles;
		p->takes += f->takes;
		p->passes += f->passes;
		sum(&p->result, (float)f->result);
		for (i = 0; i < 4; i++)
			p->marks[i] += f->marks[i];
		for (i = 0; i < 5; i++)
			p->luck_marks[i] += f->luck_marks[i];
		for (i = 0; i < 2; i++) {
			sum(&p->checker[i], (float)f->checker[i]);
			sum(&p->luck[i], (float)f->luck[i]);
		}
		for (i = 0; i < BG_STATS_CUBE_KINDS; i++) {
			p->errors[i] += f->errors[i];
			sum(&p->error[i][0], (float)f->error[i][0]);
			sum(&p->error[i][1], (float)f->error[i][1]);
		}
	}
}

/* One player's figures as gnubg prints them, made from the tallies. */
struct fig {
	double	chk[2], chk_rate[2], luck_rate[2], cube[2], cube_rate[2];
	double	all[2], all_rate[2], snowie, actual, adjusted;
	double	fibs_diff, fibs, chk_loss, cube_loss, pr;
	const char *chk_rating, *luck_rating, *cube_rating, *all_rating;
};

/* Return gnubg's rating of an error rate per decision (normalised, and
 * above 0). */
static const char *
rating(double r)
{
	static const double at[] = { 0.002, 0.005, 0.008, 0.012, 0.018,
	    0.026, 0.035 };
	static const char *const word[] = { "Supernatural", "World class",
	    "Expert", "Advanced", "Intermediate", "Casual player", "Beginner",
	    "Awful!" };
	size_t i;

	for (i = 0; i < sizeof at / sizeof at[0] && r > at[i]; i++)
		continue;
	return word[i];
}

/* Return gnubg's luck rating of a luck rate per move (normalised). */
static const char *
luck_rating(double r)
{
	return r > 0.06 ? "Go to Las Vegas" : r > 0.03 ? "Good dice, man!" :
	    r >= -0.03 ? "None" : r >= -0.06 ? "Bad dice, man!" : "Go to bed";
}

static double
per(double x, int n)
{
	return n > 0 ? (float)x / n : 0;
}

/* Work out the figures of side s of st. */
static void
figures(struct fig *f, const bg_stats *st, int s)
{
	const bg_stats_side *p = &st->side[s], *o = &st->side[!s];
	double u = st->length ? 100 : 1, adj, n = st->length;
	int i, k, dec = p->unforced + p->close;

	memset(f, 0, sizeof *f);
	for (k = 0; k < 2; k++) {
		f->chk[k] = p->checker[k];
		for (i = 0; i < BG_STATS_CUBE_KINDS; i++)
			sum(&f->cube[k], (float)p->error[i][k]);
		f->all[k] = (float)f->chk[k] + (float)f->cube[k];
		f->chk_rate[k] = per(f->chk[k], p->unforced);
		f->luck_rate[k] = per(p->luck[k], p->moves);
		f->cube_rate[k] = per(f->cube[k], p->close);
		f->all_rate[k] = per(f->all[k], dec);
	}
	f->snowie = per(f->all[0], p->moves + o->moves);
	f->chk_rating = p->unforced ? rating(-f->chk_rate[0]) : NULL;
	f->luck_rating = luck_rating(f->luck_rate[0]);
	f->cube_rating = p->close ? rating(-f->cube_rate[0]) : NULL;
	f->all_rating = dec ? rating(-f->all_rate[0]) : NULL;
	f->actual = p->result * u;
	f->adjusted = (p->result - (p->luck[1] - o->luck[1])) * u;
	f->pr = dec ? 500 * fabs(f->all_rate[0]) : 0;
	if (st->length == 0)
		return;
	adj = 0.5 + f->adjusted / 100;
	f->fibs_diff = adj > 0 && adj < 1 ?
	    2000 / sqrt(n) * log10(adj / (1 - adj)) : NAN;
	f->chk_loss = fabs(f->chk_rate[0]) * (8798 + 25526 / n);
	f->cube_loss = p->close ? fabs(f->cube_rate[0]) * (863 - 519 / n) :
	    NAN;
	f->fibs = 2050 - f->chk_loss - (p->close ? f->cube_loss : 0);
}

/* Return x in the unit it is shown in, k times larger (a percentage,
 * mEMG), multiplied in single precision as gnubg does before it prints:
 * that can set the last digit printed. */
static double
shown(double x, float k)
{
	return (float)x * k;
}

/* Write ,"key":v with prec decimals (null for NaN), without the comma
 * when first is set. */
static void
num(struct out *o, const char *key, const char *unit, double v, int prec,
    int first)
{
	if (*key != '\0')
		out_printf(o, "%s\"%s%s\":", first ? "" : ",", key, unit);
	else if (!first)
		out_puts(o, ",");
	if (isnan(v))
		out_puts(o, "null");
	else
		out_printf(o, "%.*f", prec, fabs(v) < 0.5 * pow(10, -prec) ?
		    0.0 : v);
}

static void
str(struct out *o, const char *key, const char *v)
{
	out_printf(o, ",\"%s\":", key);
	out_json(o, v);
}

/*
 * Write a total and its rate, each normalised and in the unit u (MWC in
 * percent, or points): the four members that every part has.
 */
static void
totals(struct out *o, const char *total, const double t[2],
    const double r[2], const char *u, int match, int first)
{
	num(o, total, "_emg", t[0], 3, first);
	num(o, total, u, shown(t[1], match ? 100 : 1), 3, 0);
	num(o, "rate_memg", "", shown(r[0], 1000), 1, 0);
	num(o, "rate", u, shown(r[1], match ? 100 : 1), 3, 0);
}

/* Write the checker play and luck objects of side s. */
static void
json_checker(struct out *o, const bg_stats *st, int s, const struct fig *f,
    const char *u)
{
	const bg_stats_side *p = &st->side[s];
	int m = st->length != 0;

	out_printf(o, "%s{\"moves\":%d,\"unforced\":%d,\"unmarked\":%d,"
	    "\"doubtful\":%d,\"bad\":%d,\"very_bad\":%d", s ? "," : "",
	    p->moves, p->unforced, p->marks[0], p->marks[1], p->marks[2],
	    p->marks[3]);
	totals(o, "error", f->chk, f->chk_rate, u, m, 0);
	str(o, "rating", f->chk_rating);
	out_puts(o, "}");
}

static void
json_luck(struct out *o, const bg_stats *st, int s, const struct fig *f,
    const char *u)
{
	const bg_stats_side *p = &st->side[s];
	int m = st->length != 0;

	out_printf(o, "%s{\"very_lucky\":%d,\"lucky\":%d,\"unmarked\":%d,"
	    "\"unlucky\":%d,\"very_unlucky\":%d", s ? "," : "",
	    p->luck_marks[4], p->luck_marks[3],
	    p->moves - p->luck_marks[0] - p->luck_marks[1] -
	    p->luck_marks[3] - p->luck_marks[4], p->luck_marks[1],
	    p->luck_marks[0]);
	totals(o, "total", p->luck, f->luck_rate, u, m, 0);
	str(o, "rating", f->luck_rating);
	out_puts(o, "}");
}

static const char *const kinds[] = { "missed_below_cp", "missed_above_cp",
	"wrong_below_dp", "wrong_above_tg", "wrong_takes", "wrong_passes" };

static void
json_cube(struct out *o, const bg_stats *st, int s, const struct fig *f,
    const char *u)
{
	const bg_stats_side *p = &st->side[s];
	int i, m = st->length != 0;

	out_printf(o, "%s{\"decisions\":%d,\"close\":%d,\"doubles\":%d,"
	    "\"takes\":%d,\"passes\":%d", s ? "," : "", p->cube, p->close,
	    p->doubles, p->takes, p->passes);
	for (i = 0; i < BG_STATS_CUBE_KINDS; i++) {
		out_printf(o, ",\"%s\":[%d,", kinds[i], p->errors[i]);
		num(o, "", "", p->error[i][0], 3, 1);
		num(o, "", "", shown(p->error[i][1], m ? 100 : 1), 3, 0);
		out_puts(o, "]");
	}
	totals(o, "error", f->cube, f->cube_rate, u, m, 0);
	str(o, "rating", f->cube_rating);
	out_puts(o, "}");
}

static void
json_overall(struct out *o, const bg_stats *st, int s, const struct fig *f,
    const char *u)
{
	int m = st->length != 0;

	out_puts(o, s ? ",{" : "{");
	totals(o, "error", f->all, f->all_rate, u, m, 1);
	num(o, "snowie_rate", "", shown(f->snowie, 1000), 1, 0);
	str(o, "rating", f->all_rating);
	num(o, "actual_result", "", f->actual, m ? 2 : 3, 0);
	num(o, "luck_adjusted_result", "", f->adjusted, m ? 2 : 3, 0);
	if (m) {
		num(o, "fibs_rating_diff", "", s ? NAN : f->fibs_diff, 2, 0);
		num(o, "fibs_rating", "", f->fibs, 1, 0);
		num(o, "checker_rating_loss", "", st->side[s].unforced ?
		    f->chk_loss : NAN, 1, 0);
		num(o, "cube_rating_loss", "", f->cube_loss, 1, 0);
	} else if (st->games > 0) {
		num(o, "advantage_ppg", "", f->actual / st->games, 3, 0);
		num(o, "luck_adjusted_advantage_ppg", "",
		    f->adjusted / st->games, 3, 0);
	}
	num(o, "pr", "", f->pr, 2, 0);
	out_puts(o, "}");
}

static void
write_json(struct out *o, const bg_stats *st, int n, const char *const nm[2],
    const struct fig f[2])
{
	const char *u = st->length ? "_mwc" : "_points";
	int s;

	out_printf(o, "{\"type\":\"statistics\",\"scope\":\"%s\",\"game\":",
	    n ? "game" : "match");
	if (n)
		out_int(o, n);
	else
		out_puts(o, "null");
	out_puts(o, ",\"players\":[");
	out_json(o, nm[0]);
	out_puts(o, ",");
	out_json(o, nm[1]);
	out_puts(o, "],\"checker\":[");
	for (s = 0; s < 2; s++)
		json_checker(o, st, s, &f[s], u);
	out_puts(o, "],\"luck\":[");
	for (s = 0; s < 2; s++)
		json_luck(o, st, s, &f[s], u);
	out_puts(o, "],\"cube\":[");
	for (s = 0; s < 2; s++)
		json_cube(o, st, s, &f[s], u);
	out_puts(o, "],\"overall\":[");
	for (s = 0; s < 2; s++)
		json_overall(o, st, s, &f[s], u);
	out_puts(o, "]}\n");
}

/* Write one line of the text: the label, then each player's cell. */
static void
row(struct out *o, const char *label, const char *c0, const char *c1)
{
	if (*c1 == '\0')
		out_printf(o, "%-40s %s\n", label, c0);
	else
		out_printf(o, "%-40s %-23s %s\n", label, c0, c1);
}

/* Write a line with a count for each player. */
static void
rowi(struct out *o, const char *label, int a, int b)
{
	char c[2][24];

	snprintf(c[0], sizeof c[0], "%3d", a);
	snprintf(c[1], sizeof c[1], "%3d", b);
	row(o, label, c[0], c[1]);
}

/*
 * Write a line of "total (unit)" cells for both players: totals when
 * rate is 0, rates when it is 1.  An error (when luck is 0) is a loss,
 * written with its minus sign even when it is 0, as gnubg writes it.
 */
static void
rowe(struct out *o, const bg_stats *st, const char *label, const double *a,
    const double *b, int rate, int luck)
{
	char c[2][40];
	const double *v[2] = { a, b };
	double x, y;
	int s, m = st->length != 0;

	for (s = 0; s < 2; s++) {
		x = luck ? v[s][0] : -fabs(v[s][0]);
		y = luck ? v[s][1] : -fabs(v[s][1]);
		snprintf(c[s], sizeof c[s], rate ? "%+7.1f   (%+7.3f%s)" :
		    "%+7.3f (%+8.3f%s)", shown(x, rate ? 1000 : 1),
		    shown(y, m ? 100 : 1), m ? "%" : "");
	}
	row(o, label, c[0], c[1]);
}

static void
text_cube(struct out *o, const bg_stats *st, const char *u)
{
	static const char *const label[] = { "Missed doubles below CP",
	    "Missed doubles above CP", "Wrong doubles below DP",
	    "Wrong doubles above TG", "Wrong takes", "Wrong passes" };
	const bg_stats_side *p = st->side;
	char l[64], c[2][40];
	int i, s;

	out_puts(o, "\nCube statistics\n\n");
	rowi(o, "Total cube decisions", p[0].cube, p[1].cube);
	rowi(o, "Close or actual cube decisions", p[0].close, p[1].close);
	rowi(o, "Doubles", p[0].doubles, p[1].doubles);
	rowi(o, "Takes", p[0].takes, p[1].takes);
	rowi(o, "Passes", p[0].passes, p[1].passes);
	for (i = 0; i < BG_STATS_CUBE_KINDS; i++) {
		snprintf(l, sizeof l, "%s (EMG (%s))", label[i], u);
		for (s = 0; s < 2; s++)
			if (p[s].errors[i] == 0)
				snprintf(c[s], sizeof c[s], "%3d", 0);
			else
				snprintf(c[s], sizeof c[s], "%3d (%+6.3f "
				    "(%+7.3f%s))", p[s].errors[i],
				    p[s].error[i][0], shown(p[s].error[i][1],
				    st->length ? 100 : 1), st->length ?
				    "%" : "");
		row(o, l, c[0], c[1]);
	}
}

static void
text_overall(struct out *o, const bg_stats *st, const struct fig f[2],
    const char *lt, const char *lr)
{
	char c[2][40];
	int s, m = st->length != 0;

	out_puts(o, "\nOverall statistics\n\n");
	rowe(o, st, lt, f[0].all, f[1].all, 0, 0);
	rowe(o, st, lr, f[0].all_rate, f[1].all_rate, 1, 0);
	for (s = 0; s < 2; s++)
		snprintf(c[s], sizeof c[s], "%+7.1f", shown(f[s].snowie, 1000));
	row(o, "Snowie error rate", c[0], c[1]);
	row(o, "Overall rating", f[0].all_rating ? f[0].all_rating : "n/a",
	    f[1].all_rating ? f[1].all_rating : "n/a");
	for (s = 0; s < 2; s++)
		snprintf(c[s], sizeof c[s], m ? "%+7.2f%%" : "%+7.3f",
		    f[s].actual);
	row(o, "Actual result", c[0], c[1]);
	for (s = 0; s < 2; s++)
		snprintf(c[s], sizeof c[s], m ? "%+7.2f%%" : "%+7.3f",
		    f[s].adjusted);
	row(o, "Luck adjusted result", c[0], c[1]);
	if (m) {
		snprintf(c[0], sizeof c[0], "%+7.2f", f[0].fibs_diff);
		row(o, "Luck based FIBS rating diff.", c[0], "");
		for (s = 0; s < 2; s++)
			snprintf(c[s], sizeof c[s], "%6.1f", f[s].fibs);
		row(o, "Error based abs. FIBS rating", c[0], c[1]);
		for (s = 0; s < 2; s++)
			snprintf(c[s], sizeof c[s], st->side[s].unforced ?
			    "%6.1f" : "n/a", f[s].chk_loss);
		row(o, "Chequerplay errors rating loss", c[0], c[1]);
		for (s = 0; s < 2; s++)
			snprintf(c[s], sizeof c[s], st->side[s].close ?
			    "%6.1f" : "n/a", f[s].cube_loss);
		row(o, "Cube errors rating loss", c[0], c[1]);
	}
	for (s = 0; s < 2; s++)
		snprintf(c[s], sizeof c[s], "%6.2f", f[s].pr);
	row(o, "Performance rating (XG's PR)", c[0], c[1]);
}

static void
write_text(struct out *o, const bg_stats *st, const char *const nm[2],
    const struct fig f[2])
{
	const bg_stats_side *p = st->side;
	const char *u = st->length ? "MWC" : "Points";
	char lt[48], lr[48];

	snprintf(lt, sizeof lt, "Error total EMG (%s)", u);
	snprintf(lr, sizeof lr, "Error rate mEMG (%s)", u);
	row(o, "Player", nm[0] ? nm[0] : "", nm[1] ? nm[1] : "");
	out_puts(o, "\nChequerplay statistics\n\n");
	rowi(o, "Total moves", p[0].moves, p[1].moves);
	rowi(o, "Unforced moves", p[0].unforced, p[1].unforced);
	rowi(o, "Unmarked moves", p[0].marks[0], p[1].marks[0]);
	rowi(o, "Moves marked doubtful", p[0].marks[1], p[1].marks[1]);
	rowi(o, "Moves marked bad", p[0].marks[2], p[1].marks[2]);
	rowi(o, "Moves marked very bad", p[0].marks[3], p[1].marks[3]);
	rowe(o, st, lt, f[0].chk, f[1].chk, 0, 0);
	rowe(o, st, lr, f[0].chk_rate, f[1].chk_rate, 1, 0);
	row(o, "Chequerplay rating", f[0].chk_rating ? f[0].chk_rating :
	    "n/a", f[1].chk_rating ? f[1].chk_rating : "n/a");
	out_puts(o, "\nLuck statistics\n\n");
	rowi(o, "Rolls marked very lucky", p[0].luck_marks[4],
	    p[1].luck_marks[4]);
	rowi(o, "Rolls marked lucky", p[0].luck_marks[3], p[1].luck_marks[3]);
	rowi(o, "Rolls unmarked", p[0].moves - p[0].luck_marks[0] -
	    p[0].luck_marks[1] - p[0].luck_marks[3] - p[0].luck_marks[4],
	    p[1].moves - p[1].luck_marks[0] - p[1].luck_marks[1] -
	    p[1].luck_marks[3] - p[1].luck_marks[4]);
	rowi(o, "Rolls marked unlucky", p[0].luck_marks[1],
	    p[1].luck_marks[1]);
	rowi(o, "Rolls marked very unlucky", p[0].luck_marks[0],
	    p[1].luck_marks[0]);
	snprintf(lt, sizeof lt, "Luck total EMG (%s)", u);
	snprintf(lr, sizeof lr, "Luck rate mEMG (%s)", u);
	rowe(o, st, lt, p[0].luck, p[1].luck, 0, 1);
	rowe(o, st, lr, f[0].luck_rate, f[1].luck_rate, 1, 1);
	row(o, "Luck rating", f[0].luck_rating, f[1].luck_rating);
	text_cube(o, st, u);
	snprintf(lt, sizeof lt, "Error total EMG (%s)", u);
	snprintf(lr, sizeof lr, "Error rate mEMG (%s)", u);
	rowe(o, st, lt, f[0].cube, f[1].cube, 0, 0);
	rowe(o, st, lr, f[0].cube_rate, f[1].cube_rate, 1, 0);
	row(o, "Cube decision rating", f[0].cube_rating ? f[0].cube_rating :
	    "n/a", f[1].cube_rating ? f[1].cube_rating : "n/a");
	text_overall(o, st, f, lt, lr);
}

int
bg_stats_write(bg_write_fn fn, void *ctx, bg_outfmt fmt, const bg_stats *st,
    int n, const char *const names[2])
{
	struct out o;
	struct fig f[2];

	figures(&f[0], st, 0);
	figures(&f[1], st, 1);
	out_init(&o, fn, ctx);
	if (fmt == BG_OUT_JSON)
		write_json(&o, st, n, names, f);
	else {
		if (n)
			out_printf(&o, "Game %d\n", n);
		else
			out_printf(&o, "Match\n");
		write_text(&o, st, names, f);
		out_puts(&o, "\n");
	}
	return out_flush(&o);
}

void
bg_stats_acc_init(bg_stats_acc *a, const bg_met *met, bg_outfmt f)
{
	memset(a, 0, sizeof *a);
	a->met = met;
	a->f = f;
}

int
bg_stats_acc_event(bg_stats_acc *a, const bg_pipeline *p, int ev,
    bg_write_fn fn, void *ctx)
{
	const char *names[2];
	bg_stats *st = &a->match;
	int n = 0, rc;

	if (ev == BG_PIPE_MATCH) {
		a->games = 0;
		bg_stats_init(&a->match, bg_match_length(bg_pipeline_match(p)));
		return 0;
	}
	if (ev == BG_PIPE_GAME) {
		n = ++a->games;
		st = &a->game;
		bg_stats_init(st, a->match.length);
		if (bg_stats_game(st, bg_pipeline_game(p),
		    bg_pipeline_result(p), a->met) < 0)
			return -BG_EINVAL;
		bg_stats_add(&a->match, st);
	} else if (ev != BG_PIPE_MATCH_END || a->games == 0 ||
	    a->match.games != a->games)	/* not when a game was refused */
		return 0;
	names[0] = bg_pipeline_player(p, 0);
	names[1] = bg_pipeline_player(p, 1);
	rc = bg_stats_write(fn, ctx, a->f, st, n, names);
	return rc < 0 ? rc : 1;
}
