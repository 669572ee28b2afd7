/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * decision.c: the decisions of a game as rows (bg_decisions_new(3)):
 * one per checker play and cube action, with the position and match
 * state before it as XGID and gnubg ID, the score, the cube, the dice,
 * the play made and the pip counts, in CSV or JSON Lines
 * (bgkit-json(5)).  It follows a replay through its position callback
 * and holds the current game's rows until its caller keeps or drops
 * them.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "out_int.h"

struct bg_decisions {
	bg_outfmt	 f;
	char		*file;
	char		*names[2];
	int		 game;		/* ordinal in the match */
	bg_board	 board;		/* the position before */
	bg_matchstate	 ms;
	int		 ok;		/* it is known */
	char		*buf;		/* the current game's rows */
	size_t		 n, cap;
	int		 err;
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
    "gnubg_id,play,pips0,pips1\n";

int
bg_decisions_header(bg_write_fn fn, void *ctx, bg_outfmt f)
{
	if (f != BG_OUT_CSV)
		return 0;
	return fn(ctx, header, sizeof header - 1) ==
	    (long)(sizeof header - 1) ? 0 : -BG_EIO;
}

/* *dst = a copy of s ("" for NULL). */
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
	return d->err;
}

/* The bg_write_fn of the rows: into d->buf. */
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

/* A pair of ints: "a,b" in CSV, "[a,b]" in JSON; null or "," when !ok. */
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

/* A string member or field. */
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

/* One row: the action of pos, from the position before it. */
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
	    pos->side <= 1 && r->kind <= BG_REC_RACCOON)
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
