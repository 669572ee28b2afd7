/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * decision_text.c: the engine's analysis of one decision as text, laid
 * out as gnubg's "export match text" lays it out (bg_decision_text(3)):
 * the cube decision, the marks, the roll and its luck, the candidate
 * plays with their evaluation, equity and difference from the best, and
 * their chances.  bgshow(1) prints it below the board (through
 * pick.c and shown.c).  Only what the record holds is printed.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "decision_int.h"
#include "draw_int.h"
#include "out_int.h"

/* How many candidates are printed, as gnubg prints them; the play made
 * is printed as well when it is not among them. */
#define SHOWN	5

/* The bg_write_fn under the text: it puts draw_text.c's output into a
 * buffer. */
static long
sput(void *ctx, const char *s, size_t n)
{
	dout_put(ctx, s, n);
	return (long)n;
}

/* Write the chances, such as "0.533 0.154 0.010 - 0.467 0.132 0.006". */
static void
chances(struct out *o, const char *indent, const bg_outputs *x)
{
	if (x->has & BG_OUT_PROBS)
		out_printf(o, "%s%.3f %.3f %.3f - %.3f %.3f %.3f\n", indent,
		    x->win, x->win_gammon, x->win_bg, 1 - x->win,
		    x->lose_gammon, x->lose_bg);
}

/* Name the evaluation e into buf: "Cubeful 0-ply", "Rollout", or the
 * name the file gives. */
static void
label(char *buf, size_t size, const bg_eval *e)
{
	if (e->kind == BG_EVAL_PLY)
		snprintf(buf, size, "%s %d-ply", e->cubeful ? "Cubeful" :
		    "Cubeless", e->plies);
	else if (e->kind == BG_EVAL_ROLLOUT)
		snprintf(buf, size, "Rollout");
	else
		snprintf(buf, size, "%s", e->settings ? e->settings : "");
}

/*
 * Write the three cubeful equities, the proper action first, as the
 * doubler sees them; with sign -1 they are shown from the taker's side.
 */
static void
cube_equities(struct out *o, const double eq[3], int prop, double sign)
{
	static const char *const name[] = { "No double", "Double, take",
		"Double, pass" };
	static const char *const proper[] = { "No double, take",
		"Double, take", "Double, pass", "Too good to double, pass" };
	int order[3], first, i, j, t;
	char e[16];

	first = prop == BG_CUBE_DOUBLE_TAKE ? 1 :
	    prop == BG_CUBE_DOUBLE_PASS ? 2 : 0;
	order[0] = first;
	for (i = 0, j = 1; i < 3; i++)
		if (i != first)
			order[j++] = i;
	/* Then the other two, the larger first. */
	if (eq[order[2]] > eq[order[1]]) {
		t = order[1];
		order[1] = order[2];
		order[2] = t;
	}
	out_puts(o, "Cubeful equities:\n");
	for (i = 0; i < 3; i++) {
		dec_equity(e, sizeof e, sign * eq[order[i]]);
		out_printf(o, "%d. %-20s%s", i + 1, name[order[i]], e);
		if (i > 0) {
			dec_equity(e, sizeof e, sign * (eq[order[i]] -
			    eq[first]));
			out_printf(o, "  (%s)", e);
		}
		out_puts(o, "\n");
	}
	if ((unsigned)prop < 4)
		out_printf(o, "Proper cube action: %s\n", proper[prop]);
}

/* Return the figures x as the other side sees them. */
static bg_outputs
flip(const bg_outputs *x)
{
	bg_outputs y = *x;

	y.win = 1 - x->win;
	y.win_gammon = x->lose_gammon;
	y.win_bg = x->lose_bg;
	y.lose_gammon = x->win_gammon;
	y.lose_bg = x->win_bg;
	y.cubeless = -x->cubeless;
	y.cubeful = -x->cubeful;
	y.mwc = 1 - x->mwc;
	return y;
}

/*
 * Write the cube decision: its evaluation, chances and equities.  taker
 * is 1 for a take or a drop: its record holds the doubler's figures
 * (gnubg writes the double's DA again), which are then shown from the
 * taker's side.
 */
static void
cube(struct out *o, const bg_rec_analysis *a, int taker)
{
	bg_outputs out[2];
	const bg_outputs *nd = &out[0], *dt = &out[1];
	char e[16], ev[64];
	double eq[3];
	int prop;

	out[0] = taker ? flip(&a->cube_out[0]) : a->cube_out[0];
	out[1] = taker ? flip(&a->cube_out[1]) : a->cube_out[1];
	if (!(a->has & (BG_AN_CUBE | BG_AN_CUBEEQ)))
		return;
	out_puts(o, "Cube analysis\n");
	if (a->has & BG_AN_CUBE) {
		/* "0-ply cubeless equity" names the plies alone. */
		if (a->cube_eval.kind == BG_EVAL_PLY)
			snprintf(ev, sizeof ev, "%d-ply", a->cube_eval.plies);
		else
			label(ev, sizeof ev, &a->cube_eval);
		if (nd->has & BG_OUT_CUBELESS) {
			dec_equity(e, sizeof e, nd->cubeless);
			out_printf(o, "%s cubeless equity %s\n", ev, e);
		}
		chances(o, "  ", nd);
	}
	if (dec_cube(a, eq, &prop))
		cube_equities(o, eq, prop, taker ? -1 : 1);
	else if ((nd->has & BG_OUT_MWC) && (dt->has & BG_OUT_MWC))
		out_printf(o, "Cubeful match-winning chances:\n"
		    "1. %-20s%.3f%%\n2. %-20s%.3f%%\n", "No double",
		    100 * nd->mwc, "Double, take", 100 * dt->mwc);
}

/*
 * Write the marks: "Alert: bad move (-0.101)", "Alert: lucky roll!".  A
 * missed double is written with what it lost when the cube equities are
 * known.
 */
static void
alerts(struct out *o, const struct judged *j, const bg_rec_analysis *a)
{
	static const char *const mark[] = { "", "doubtful", "bad",
		"very bad" };
	static const char *const luck[] = { "very unlucky", "unlucky", "",
		"lucky", "very lucky" };
	static const char *const what[] = { "move", "double", "take", "" };
	char e[16] = "";
	double eq[3], d;
	int prop;

	if (j->cube_mark != BG_MARK_NONE) {
		if (dec_cube(a, eq, &prop)) {
			d = eq[1] < eq[2] ? eq[1] : eq[2];
			dec_equity(e, sizeof e, d > eq[0] ? eq[0] - d : 0);
		}
		out_printf(o, "Alert: missed double%s%s%s!\n [%s]\n",
		    *e ? " (" : "", e, *e ? ")" : "", mark[j->cube_mark]);
	}
	if (j->mark != BG_MARK_NONE && j->kind == DJ_PLAY) {
		out_printf(o, "Alert: %s move", mark[j->mark]);
		if (j->has & DJ_ERROR) {
			dec_equity(e, sizeof e, j->error);
			out_printf(o, " (%s)", e);
		}
		out_puts(o, "\n");
	} else if (j->mark != BG_MARK_NONE) {
		out_printf(o, "Alert: wrong %s", what[j->kind]);
		if (j->has & DJ_ERROR) {
			dec_equity(e, sizeof e, j->error);
			out_printf(o, " (%s)", e);
		}
		out_printf(o, "!\n [%s]\n", mark[j->mark]);
	}
	if (j->luck_mark != 0 && j->luck_mark >= -2 && j->luck_mark <= 2)
		out_printf(o, "Alert: %s roll!\n", luck[j->luck_mark + 2]);
}

/* Write one candidate: its line and its chances. */
static void
candidate(struct out *o, const bg_rec_analysis *a, size_t i,
    const bg_board *before, int side, int rank)
{
	const bg_candidate *c = &a->cand[i];
	bg_board b = *before;
	bg_play p = c->play;
	char play[64] = "", ev[64], e[16];
	int made = (a->has & BG_AN_PLAYED) && a->played == i;

	if (bg_play_apply(&b, side, &p) < 0 ||
	    bg_play_format(play, sizeof play, &p, BG_STYLE_GNUBG) < 0)
		snprintf(play, sizeof play, "?");
	label(ev, sizeof ev, &c->eval);
	if (rank)
		out_printf(o, "%c%5lu. %-16s %-28s", made ? '*' : ' ',
		    (unsigned long)i + 1, ev, play);
	else
		out_printf(o, "%c   ??  %-16s %-28s", made ? '*' : ' ', ev,
		    play);
	if (c->has_equity) {
		dec_equity(e, sizeof e, c->equity);
		out_printf(o, " Eq.: %s", e);
		if (i > 0 && a->cand[0].has_equity) {
			dec_equity(e, sizeof e, c->equity - a->cand[0].equity);
			out_printf(o, " (%s)", e);
		}
	}
	out_puts(o, "\n");
	chances(o, "       ", &c->out);
}

int
bg_decision_text(char *buf, size_t size, const bg_game *g,
    const bg_replay_pos *pos, const bg_board *before, const char *name)
{
	const bg_record *r = pos != NULL ? pos->rec : NULL;
	const bg_rec_analysis *a = dec_analysis(g, r);
	struct dout b;
	struct judged j;
	struct out o;
	char play[64], e[16];
	size_t i, n;

	dout_init(&b, buf, size);
	if (a == NULL || pos->side < 0 || pos->side > 1)
		return 0;
	dec_judge(&j, r, a);
	out_init(&o, sput, &b);
	out_puts(&o, "* ");
	out_text(&o, name != NULL && *name ? name : pos->side ? "X" : "O");
	if (j.kind == DJ_PLAY && pos->played && !pos->lost &&
	    pos->play.n > 0 && bg_play_format(play, sizeof play, &pos->play,
	    BG_STYLE_GNUBG) >= 0)
		out_printf(&o, " moves %s\n", play);
	else
		out_printf(&o, " %s\n", j.kind == DJ_PLAY ? "cannot move" :
		    j.kind == DJ_DOUBLE ? "doubles" : r->kind == BG_REC_TAKE ?
		    "accepts" : r->kind == BG_REC_DROP ? "rejects" :
		    bg_action_name(pos));
	out_puts(&o, "\n");
	cube(&o, a, j.kind == DJ_TAKE);
	alerts(&o, &j, a);
	if (j.kind == DJ_PLAY && (a->has & BG_AN_MOVE) && a->ncand > 0) {
		out_printf(&o, "%sRolled %d%d", (a->has & (BG_AN_CUBE |
		    BG_AN_CUBEEQ)) || j.mark || j.cube_mark || j.luck_mark ?
		    "\n" : "", r->dice[0] > r->dice[1] ?
		    r->dice[0] : r->dice[1], r->dice[0] > r->dice[1] ?
		    r->dice[1] : r->dice[0]);
		if (j.has & DJ_LUCK) {
			dec_equity(e, sizeof e, j.luck);
			out_printf(&o, " (%s)", e);
		}
		out_puts(&o, ":\n");
		n = a->ncand < SHOWN ? a->ncand : SHOWN;
		for (i = 0; i < n; i++)
			candidate(&o, a, i, before, pos->side, 1);
		if ((a->has & BG_AN_PLAYED) && a->played >= n &&
		    a->played < a->ncand)
			candidate(&o, a, a->played, before, pos->side, 0);
	}
	if (out_flush(&o) < 0)
		return o.err;
	return dout_end(&b);
}
