/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * decision.c: the decisions of a game as rows (bg_decisions_new(3)):
 * one per checker play and cube action, with the position and match
 * state before it as XGID and gnubg ID, the score, the cube, the dice,
 * the play made and the pip counts, in CSV or JSON Lines
 * (bgkit-json(5)), and what the engine's analysis of the record says
 * of it (dec_judge: the equity lost, the best choice, the marks).  It
 * follows a replay through its position callback and holds the current
 * game's rows until its caller keeps or drops them.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "decision_int.h"
#include "out_int.h"

struct bg_decisions {
	bg_outfmt	 f;
	char		*file;
	char		*names[2];
	int		 game;		/* the game's number in the match */
	bg_board	 board;		/* the position before */
	bg_matchstate	 ms;
	int		 ok;		/* set when board and ms are known */
	char		*buf;		/* the current game's rows */
	size_t		 n, cap;
	int		 err;
	const bg_pipeline *p;		/* its game has the analysis */
	bg_decision_fn	 keep;		/* which rows to write, or NULL */
	void		*keepctx;
};

bg_decisions *
bg_decisions_new(bg_outfmt f)
{
	bg_decisions *d;

	if (f != BG_OUT_CSV && f != BG_OUT_JSON)
		return NULL;
	if ((d = calloc(1, sizeof *d)) != NULL)
		d->f = f;
	return d;
}

void
bg_decisions_free(bg_decisions *d)
{
	if (d == NULL)
		return;
	free(d->file);
	free(d->names[0]);
	free(d->names[1]);
	free(d->buf);
	free(d);
}

static const char header[] = "file,game,move,side,player,action,length,"
    "score0,score1,away0,away1,crawford,cube,cube_owner,dice,xgid,"
    "gnubg_id,play,pips0,pips1,error,best,best_equity,played_equity,mark,"
    "cube_mark,luck,luck_mark,eval,mwc\n";

int
bg_decisions_header(bg_write_fn fn, void *ctx, bg_outfmt f)
{
	if (f != BG_OUT_CSV)
		return 0;
	return fn(ctx, header, sizeof header - 1) ==
	    (long)(sizeof header - 1) ? 0 : -BG_EIO;
}

/* Replace *dst with a copy of s (of "" when s is NULL). */
static int
set(char **dst, const char *s)
{
	char *p = malloc(strlen(s ? s : "") + 1);

	if (p == NULL)
		return -BG_ENOMEM;
	strcpy(p, s ? s : "");
	free(*dst);
	*dst = p;
	return 0;
}

int
bg_decisions_match(bg_decisions *d, const bg_pipeline *p)
{
	if (set(&d->file, bg_pipeline_name(p)) < 0 ||
	    set(&d->names[0], bg_pipeline_player(p, 0)) < 0 ||
	    set(&d->names[1], bg_pipeline_player(p, 1)) < 0)
		d->err = -BG_ENOMEM;
	d->game = 0;
	d->ok = 0;
	d->p = p;
	return d->err;
}

void
bg_decisions_set_filter(bg_decisions *d, bg_decision_fn fn, void *ctx)
{
	d->keep = fn;
	d->keepctx = ctx;
}

/* The bg_write_fn that the rows are written through: it appends them
 * to d->buf. */
static long
hold(void *ctx, const char *s, size_t n)
{
	bg_decisions *d = ctx;
	char *q;
	size_t cap = d->cap ? d->cap : 4096;

	while (cap - d->n < n)
		cap *= 2;
	if (cap != d->cap) {
		if ((q = realloc(d->buf, cap)) == NULL) {
			d->err = -BG_ENOMEM;
			return -1;
		}
		d->buf = q;
		d->cap = cap;
	}
	memcpy(d->buf + d->n, s, n);
	d->n += n;
	return (long)n;
}

/* Write a pair of ints as "a,b" in CSV or "[a,b]" in JSON.  When ok is
 * 0, write an empty pair instead: "," in CSV, null in JSON. */
static void
pair(struct out *o, bg_outfmt f, const char *key, int a, int b, int ok)
{
	if (f == BG_OUT_JSON)
		out_printf(o, ",\"%s\":", key);
	else
		out_put(o, ",", 1);
	if (!ok)
		out_puts(o, f == BG_OUT_JSON ? "null" : ",");
	else
		out_printf(o, f == BG_OUT_JSON ? "[%d,%d]" : "%d,%d", a, b);
}

/* Write a string as a JSON member or a CSV field. */
static void
str(struct out *o, bg_outfmt f, const char *key, const char *s)
{
	if (f == BG_OUT_JSON) {
		out_printf(o, ",\"%s\":", key);
		out_json(o, s);
	} else {
		out_put(o, ",", 1);
		if (s != NULL)
			out_csv(o, s);
	}
}

/*
 * Write a number as a JSON member or a CSV field; when ok is 0, write
 * null in JSON or an empty field in CSV.  The number has at most six
 * decimals and no zeros at the end ("-0.048", "1.0"), as Python's str()
 * writes the number once read back.
 */
static void
number(struct out *o, bg_outfmt f, const char *key, double x, int ok)
{
	char b[64];
	size_t n;

	if (f == BG_OUT_JSON)
		out_printf(o, ",\"%s\":", key);
	else
		out_put(o, ",", 1);
	if (!ok) {
		if (f == BG_OUT_JSON)
			out_puts(o, "null");
		return;
	}
	if (fabs(x) < 5e-7)
		x = 0;
	snprintf(b, sizeof b, "%.6f", x);
	for (n = strlen(b); n > 2 && b[n - 1] == '0' && b[n - 2] != '.'; n--)
		;
	out_put(o, b, n);
}

/* Write the columns of the analysis, from error to mwc (bggrep(1)). */
static void
analysis(bg_decisions *d, struct out *o, const bg_replay_pos *pos)
{
	const bg_rec_analysis *a = dec_analysis(bg_pipeline_game(d->p),
	    pos->rec);
	struct judged j;
	bg_board b = d->board;
	bg_play best;
	char text[64] = "", ev[64];
	bg_outfmt f = d->f;

	dec_judge(&j, pos->rec, a);
	if (j.best != NULL) {
		best = j.best->play;
		if (bg_play_apply(&b, pos->side, &best) < 0 ||
		    bg_play_format(text, sizeof text, &best, BG_STYLE_GNUBG) < 0)
			*text = '\0';
	} else if (j.cube_best != NULL)
		snprintf(text, sizeof text, "%s", j.cube_best);
	number(o, f, "error", j.error, j.has & DJ_ERROR);
	str(o, f, "best", *text || j.best != NULL ? text : NULL);
	number(o, f, "best_equity", j.best_eq, j.has & DJ_BEST);
	number(o, f, "played_equity", j.played_eq, j.has & DJ_PLAYED);
	str(o, f, "mark", dec_mark_name(j.mark));
	str(o, f, "cube_mark", dec_mark_name(j.cube_mark));
	number(o, f, "luck", j.luck, j.has & DJ_LUCK);
	str(o, f, "luck_mark", dec_luck_name(j.luck_mark));
	dec_eval_name(ev, sizeof ev, j.eval);
	str(o, f, "eval", *ev ? ev : NULL);
	number(o, f, "mwc", j.mwc, j.has & DJ_MWC);
}

/* Write one row: the action of pos, from the position before it. */
static void
row(bg_decisions *d, const bg_replay_pos *pos)
{
	const bg_record *r = pos->rec;
	bg_matchstate ms = d->ms;
	char xg[128], pid[BG_POSID_LEN + 1], mid[BG_MATCHID_LEN + 1];
	char id[64], play[64];
	int move = r->kind == BG_REC_MOVE, s = pos->side, len = ms.length;
	struct out o;

	if (move) {
		ms.dice[0] = r->dice[0] > r->dice[1] ? r->dice[0] : r->dice[1];
		ms.dice[1] = r->dice[0] > r->dice[1] ? r->dice[1] : r->dice[0];
		ms.on_roll = ms.turn = s;
	}
	if (bg_xgid_encode(xg, sizeof xg, &d->board, &ms) < 0)
		*xg = '\0';
	if (bg_posid_encode(pid, sizeof pid, &d->board, ms.on_roll) < 0 ||
	    bg_matchid_encode(mid, sizeof mid, &ms) < 0)
		*id = '\0';
	else
		snprintf(id, sizeof id, "%s:%s", pid, mid);
	if (move && pos->played && !pos->lost)
		bg_play_format(play, sizeof play, &pos->play, BG_STYLE_GNUBG);
	out_init(&o, hold, d);
	if (d->f == BG_OUT_JSON) {
		out_puts(&o, "{\"type\":\"decision\",\"file\":");
		out_json(&o, d->file);
		out_printf(&o, ",\"game\":%d,\"move\":%d,\"side\":%d",
		    d->game, pos->turn, s);
		str(&o, d->f, "player", d->names[s]);
		str(&o, d->f, "action", bg_action_name(pos));
		out_printf(&o, ",\"length\":%d", len);
	} else {
		out_csv(&o, d->file);
		out_printf(&o, ",%d,%d,%d", d->game, pos->turn, s);
		out_put(&o, ",", 1);
		out_csv(&o, d->names[s]);
		out_printf(&o, ",%s,%d", bg_action_name(pos), len);
	}
	pair(&o, d->f, "score", ms.score[0], ms.score[1], 1);
	pair(&o, d->f, "away", len - ms.score[0], len - ms.score[1], len > 0);
	if (d->f == BG_OUT_JSON)
		out_printf(&o, ",\"crawford\":%s,\"cube\":%d,\"cube_owner\":%d"
		    ",\"dice\":", ms.crawford ? "true" : "false", ms.cube,
		    ms.cube_owner);
	else
		out_printf(&o, ",%d,%d,%d,", ms.crawford != 0, ms.cube,
		    ms.cube_owner);
	if (move)
		out_printf(&o, d->f == BG_OUT_JSON ? "[%d,%d]" : "%d%d",
		    ms.dice[0], ms.dice[1]);
	else if (d->f == BG_OUT_JSON)
		out_puts(&o, "null");
	str(&o, d->f, "xgid", *xg ? xg : NULL);
	str(&o, d->f, "gnubg_id", *id ? id : NULL);
	str(&o, d->f, "play", move && pos->played && !pos->lost ? play :
	    NULL);
	pair(&o, d->f, "pips", bg_board_pips(&d->board, 0),
	    bg_board_pips(&d->board, 1), 1);
	analysis(d, &o, pos);
	out_puts(&o, d->f == BG_OUT_JSON ? "}\n" : "\n");
	if (out_flush(&o) < 0 && d->err == 0)
		d->err = -BG_ENOMEM;
}

void
bg_decisions_pos(void *ctx, const bg_replay_pos *pos)
{
	bg_decisions *d = ctx;
	const bg_record *r = pos->rec;

	if (pos->turn == 0)
		d->game++;
	if (r != NULL && d->ok && !pos->lost && pos->side >= 0 &&
	    pos->side <= 1 && r->kind <= BG_REC_RACCOON &&
	    (d->keep == NULL || d->keep(d->keepctx, pos)))
		row(d, pos);
	d->board = pos->board;
	d->ms = pos->ms;
	d->ok = !pos->lost;
}

int
bg_decisions_flush(bg_decisions *d, bg_write_fn fn, void *ctx, int keep)
{
	int rc = d->err;

	if (rc == 0 && keep && d->n > 0 &&
	    fn(ctx, d->buf, d->n) != (long)d->n)
		rc = -BG_EIO;
	d->n = 0;
	d->err = 0;
	return rc;
}

/* ------------------------------------------------ judging a decision */

const bg_rec_analysis *
dec_analysis(const bg_game *g, const bg_record *r)
{
	const bg_record *first = bg_game_record(g, 0);
	size_t n = bg_game_record_count(g);

	if (first == NULL || r == NULL || r < first || r >= first + n)
		return NULL;
	return bg_game_record_analysis(g, (size_t)(r - first));
}

const char *
dec_mark_name(bg_mark m)
{
	static const char *const name[] = { NULL, "doubtful", "bad",
		"very_bad" };

	return (unsigned)m < 4 ? name[m] : NULL;
}

const char *
dec_luck_name(int m)
{
	static const char *const name[] = { "very_unlucky", "unlucky", NULL,
		"lucky", "very_lucky" };

	return m >= -2 && m <= 2 ? name[m + 2] : NULL;
}

void
dec_eval_name(char *buf, size_t size, const bg_eval *e)
{
	if (e == NULL || (e->kind == BG_EVAL_NONE && e->settings == NULL))
		snprintf(buf, size, "%s", "");
	else if (e->kind == BG_EVAL_PLY)
		snprintf(buf, size, "%d-ply", e->plies);
	else if (e->kind == BG_EVAL_ROLLOUT)
		snprintf(buf, size, "%s", "rollout");
	else
		snprintf(buf, size, "%s", e->settings);
}

void
dec_equity(char *buf, size_t size, double x)
{
	/* Never write "-0.000": what rounds to zero is "+0.000". */
	if (fabs(x) < 0.0005)
		x = 0;
	snprintf(buf, size, "%+.3f", x);
}

int
dec_cube(const bg_rec_analysis *a, double eq[3], int *proper)
{
	double doubled;

	if (a->has & BG_AN_CUBEEQ) {
		eq[0] = a->no_double;
		eq[1] = a->double_take;
		eq[2] = a->double_pass;
		*proper = a->proper;
		return 1;
	}
	if (!(a->has & BG_AN_CUBE) || !(a->cube_out[0].has & BG_OUT_CUBEFUL) ||
	    !(a->cube_out[1].has & BG_OUT_CUBEFUL))
		return 0;
	eq[0] = a->cube_out[0].cubeful;
	eq[1] = a->cube_out[1].cubeful;
	eq[2] = 1;
	/* Double when doubling gains (the taker chooses the less of the
	 * two); too good when the game is worth more than a pass and the
	 * taker would pass. */
	doubled = eq[1] < eq[2] ? eq[1] : eq[2];
	if (doubled > eq[0])
		*proper = eq[1] <= eq[2] ? BG_CUBE_DOUBLE_TAKE :
		    BG_CUBE_DOUBLE_PASS;
	else
		*proper = eq[1] > eq[2] && eq[0] > eq[2] ? BG_CUBE_TOO_GOOD :
		    BG_CUBE_NO_DOUBLE;
	return 1;
}

/* Judge a double or a take from the three equities of its position. */
static void
judge_cube(struct judged *j, const bg_record *r, const double eq[3],
    int prop)
{
	static const char *const proper[] = { "no double", "double, take",
		"double, pass", "too good, pass" };
	double nd = eq[0], dt = eq[1], dp = eq[2];
	double doubled = dt < dp ? dt : dp;

	j->has |= DJ_BEST | DJ_PLAYED;
	if (j->kind == DJ_DOUBLE) {
		j->played_eq = doubled;
		j->best_eq = nd > doubled ? nd : doubled;
		j->cube_best = (unsigned)prop < 4 ? proper[prop] : NULL;
	} else {
		/* The taker's own equities are minus the doubler's. */
		j->played_eq = r->kind == BG_REC_TAKE ? -dt : -dp;
		j->best_eq = -dt > -dp ? -dt : -dp;
		j->cube_best = -dt >= -dp ? "take" : "pass";
	}
	if (!(j->has & DJ_ERROR)) {
		j->error = j->played_eq - j->best_eq;
		j->has |= DJ_ERROR;
	}
}

/* Find a play's best candidate (the file's first) and the one made. */
static void
judge_play(struct judged *j, const bg_rec_analysis *a)
{
	const bg_candidate *best = &a->cand[0], *made;

	j->best = best;
	j->eval = &best->eval;
	if (best->has_equity) {
		j->best_eq = best->equity;
		j->has |= DJ_BEST;
	}
	if (!(a->has & BG_AN_PLAYED) || a->played >= a->ncand)
		return;
	made = &a->cand[a->played];
	j->eval = &made->eval;
	if (!made->has_equity)
		return;
	j->played_eq = made->equity;
	j->has |= DJ_PLAYED;
	if ((j->has & DJ_BEST) && !(j->has & DJ_ERROR)) {
		j->error = made->equity - best->equity;
		j->has |= DJ_ERROR;
	}
}

void
dec_judge(struct judged *j, const bg_record *r, const bg_rec_analysis *a)
{
	double eq[3];
	int prop;

	memset(j, 0, sizeof *j);
	j->kind = r == NULL ? DJ_OTHER : r->kind == BG_REC_MOVE ? DJ_PLAY :
	    r->kind == BG_REC_DOUBLE ? DJ_DOUBLE : r->kind == BG_REC_TAKE ||
	    r->kind == BG_REC_DROP ? DJ_TAKE : DJ_OTHER;
	if (a == NULL)
		return;
	j->mark = a->skill;
	j->cube_mark = a->cube_skill;
	j->luck_mark = a->luck_mark;
	if (a->has & BG_AN_LUCK) {
		j->luck = a->luck;
		j->has |= DJ_LUCK;
	}
	if ((a->has & BG_AN_CUBE) && (a->cube_out[0].has & BG_OUT_MWC) &&
	    j->kind != DJ_TAKE) {
		j->mwc = a->cube_out[0].mwc;
		j->has |= DJ_MWC;
	}
	/* An error the file states is taken as it is, made negative. */
	if (j->kind == DJ_PLAY && (a->has & BG_AN_ERROR)) {
		j->error = -fabs(a->error);
		j->has |= DJ_ERROR;
	} else if ((j->kind == DJ_DOUBLE || j->kind == DJ_TAKE) &&
	    (a->has & BG_AN_CUBEERR)) {
		j->error = -fabs(j->kind == DJ_DOUBLE ? a->doubler_error :
		    a->taker_error);
		j->has |= DJ_ERROR;
	}
	if (j->kind == DJ_PLAY && (a->has & BG_AN_MOVE) && a->ncand > 0)
		judge_play(j, a);
	else if (j->kind != DJ_PLAY) {
		if (a->has & BG_AN_CUBE)
			j->eval = &a->cube_eval;
		if (j->kind != DJ_OTHER && dec_cube(a, eq, &prop))
			judge_cube(j, r, eq, prop);
	}
}
