/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_json_analysis.c: the "analysis" member of a JSON Lines record
 * (bgkit-json(5)), written from the record's bg_rec_analysis: the play
 * made, the luck and the marks, each candidate (its play in gnubg's
 * notation with the hits the position gives, its steps, its equity,
 * its evaluation and outputs), the cube decision's evaluation and
 * outputs.  Only what the analysis has is written.  Called by
 * fmt_json_write.c; fmt_json.c reads it back.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "fmt_int.h"

/* A number, with a point whatever the locale; null if not finite. */
static void
jnum(bg_writer *w, double x)
{
	char t[40];
	int n, i;

	if (!(x >= -1e300 && x <= 1e300)) {
		fmt_puts(w, "null");
		return;
	}
	n = snprintf(t, sizeof t, "%.10g", x);
	for (i = 0; i < n; i++)
		if (t[i] != '-' && t[i] != '+' && t[i] != 'e' &&
		    (t[i] < '0' || t[i] > '9'))
			t[i] = '.';
	fmt_puts(w, t);
}

/* Write "KEY":X, after a comma unless *first is set (it is then cleared). */
static void
jkeynum(bg_writer *w, const char *k, double x, int *first)
{
	fmt_printf(w, "%s\"%s\":", first != NULL && *first ? "" : ",", k);
	if (first != NULL)
		*first = 0;
	jnum(w, x);
}

static const char *const marks[] = {
	[BG_MARK_NONE] = NULL, [BG_MARK_DOUBTFUL] = "doubtful",
	[BG_MARK_BAD] = "bad", [BG_MARK_VERYBAD] = "very_bad"
};

/* Write the members of outputs o, each after a comma unless *first is set. */
static void
outputs(bg_writer *w, const bg_outputs *o, int *first)
{
	int i;

	if (o->has & BG_OUT_PROBS) {
		jkeynum(w, "win", o->win, first);
		jkeynum(w, "win_gammon", o->win_gammon, first);
		jkeynum(w, "win_bg", o->win_bg, first);
		jkeynum(w, "lose_gammon", o->lose_gammon, first);
		jkeynum(w, "lose_bg", o->lose_bg, first);
	}
	if (o->has & BG_OUT_CUBELESS)
		jkeynum(w, "cubeless", o->cubeless, first);
	if (o->has & BG_OUT_CUBEFUL)
		jkeynum(w, "cubeful", o->cubeful, first);
	if (o->has & BG_OUT_MWC)
		jkeynum(w, "mwc", o->mwc, first);
	if (o->has & BG_OUT_STDERR) {
		fmt_puts(w, first != NULL && *first ? "\"se\":[" :
		    ",\"se\":[");
		for (i = 0; i < 7; i++) {
			if (i > 0)
				fmt_puts(w, ",");
			jnum(w, o->se[i]);
		}
		fmt_puts(w, "]");
	}
}

/* Write ,"KEY":{...} for evaluation ev, or nothing when there is none. */
static void
eval(bg_writer *w, const char *k, const bg_eval *ev,
    void (*str)(bg_writer *, const char *))
{
	if (ev->kind == BG_EVAL_PLY) {
		fmt_printf(w, ",\"%s\":{\"type\":\"ply\",\"plies\":%d,"
		    "\"cubeful\":%s,\"deterministic\":%s,\"noise\":", k,
		    ev->plies, ev->cubeful ? "true" : "false",
		    ev->deterministic ? "true" : "false");
		jnum(w, ev->noise);
		fmt_printf(w, ",\"prune\":%s}", ev->prune ? "true" : "false");
	} else if (ev->kind == BG_EVAL_NONE && ev->settings != NULL &&
	    ev->settings[0] != '\0') {
		/* Only named: "3-ply", "XG Roller++". */
		fmt_printf(w, ",\"%s\":{\"type\":\"named\",\"settings\":",
		    k);
		str(w, ev->settings);
		fmt_puts(w, "}");
	} else if (ev->kind == BG_EVAL_ROLLOUT) {
		fmt_printf(w, ",\"%s\":{\"type\":\"rollout\",\"trials\":%lu,"
		    "\"settings\":", k, ev->trials);
		str(w, ev->settings != NULL ? ev->settings : "");
		fmt_puts(w, "}");
	}
}

/* One candidate of a play from board b (side s). */
static void
candidate(bg_writer *w, const bg_candidate *k, const bg_board *b, int s,
    void (*str)(bg_writer *, const char *))
{
	bg_board after;
	bg_play p = k->play;
	char buf[128];
	int i;

	/* The hits the position gives; none when it cannot be played. */
	if (b != NULL)
		after = *b;
	if (b == NULL || bg_play_apply(&after, s, &p) != 0)
		memset(p.hit, 0, sizeof p.hit);
	fmt_puts(w, "{\"play\":");
	if (bg_play_format(buf, sizeof buf, &p, BG_STYLE_GNUBG) <
	    (int)sizeof buf)
		str(w, buf);
	else
		fmt_puts(w, "null");
	fmt_puts(w, ",\"steps\":[");
	for (i = 0; i < k->play.n && i < 4; i++)
		fmt_printf(w, "%s[%d,%d]", i ? "," : "",
		    k->play.step[i].from, k->play.step[i].to);
	fmt_puts(w, "]");
	if (k->has_equity)
		jkeynum(w, "equity", k->equity, NULL);
	if (k->has_equity2)
		jkeynum(w, "equity2", k->equity2, NULL);
	eval(w, "eval", &k->eval, str);
	outputs(w, &k->out, NULL);
	if (k->marked)
		fmt_puts(w, ",\"marked\":true");
	fmt_puts(w, "}");
}

void
fmt_json_analysis(bg_writer *w, size_t i, const bg_board *before,
    void (*str)(bg_writer *, const char *))
{
	static const char *const proper[] = {
		"no_double", "double_take", "double_pass", "too_good"
	};
	const bg_rec_analysis *a = bg_game_record_analysis(w->g, i);
	int s = bg_game_record(w->g, i)->side;
	size_t k;
	int first;

	if (a == NULL)
		return;
	/* A set position's candidates are of the position it sets. */
	if (s < 0)
		before = NULL;
	fmt_puts(w, ",\"analysis\":{\"has\":[");
	k = 0;
	if (a->has & BG_AN_MOVE)
		fmt_printf(w, "%s\"move\"", k++ ? "," : "");
	if (a->has & BG_AN_CUBE)
		fmt_printf(w, "%s\"cube\"", k++ ? "," : "");
	fmt_puts(w, "]");
	if (a->has & BG_AN_PLAYED)
		fmt_printf(w, ",\"played\":%lu", (unsigned long)a->played);
	if (a->has & BG_AN_ERROR)
		jkeynum(w, "error", a->error, NULL);
	if (a->has & BG_AN_LUCK)
		jkeynum(w, "luck", a->luck, NULL);
	if (a->luck_mark != 0)
		fmt_printf(w, ",\"luck_mark\":%d", a->luck_mark);
	if (a->skill > 0 && a->skill <= BG_MARK_VERYBAD)
		fmt_printf(w, ",\"mark\":\"%s\"", marks[a->skill]);
	if (a->cube_skill > 0 && a->cube_skill <= BG_MARK_VERYBAD)
		fmt_printf(w, ",\"cube_mark\":\"%s\"", marks[a->cube_skill]);
	if (a->has & BG_AN_MOVE) {
		fmt_puts(w, ",\"candidates\":[");
		for (k = 0; k < a->ncand; k++) {
			if (k > 0)
				fmt_puts(w, ",");
			candidate(w, &a->cand[k], before, s, str);
		}
		fmt_puts(w, "]");
	}
	if (a->has & BG_AN_CUBE) {
		eval(w, "cube_eval", &a->cube_eval, str);
		fmt_puts(w, ",\"no_double_outputs\":{");
		first = 1;
		outputs(w, &a->cube_out[0], &first);
		fmt_puts(w, "},\"double_take_outputs\":{");
		first = 1;
		outputs(w, &a->cube_out[1], &first);
		fmt_puts(w, "}");
		if (a->cube_marked)
			fmt_puts(w, ",\"cube_marked\":true");
	}
	if (a->has & BG_AN_CUBEEQ) {
		jkeynum(w, "no_double", a->no_double, NULL);
		jkeynum(w, "double_take", a->double_take, NULL);
		jkeynum(w, "double_pass", a->double_pass, NULL);
		if (a->proper >= 0 && a->proper < 4)
			fmt_printf(w, ",\"proper\":\"%s\"", proper[a->proper]);
	}
	if (a->has & BG_AN_CUBEERR) {
		jkeynum(w, "doubler_error", a->doubler_error, NULL);
		jkeynum(w, "taker_error", a->taker_error, NULL);
	}
	fmt_puts(w, "}");
}
