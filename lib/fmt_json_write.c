/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_json_write.c: the JSON Lines writer (bgkit-json(5)): a "match"
 * object, and for each game a "game" object, one "record" object per
 * record and a "result" object.  A record carries what the record model
 * holds (so the JSON reader can rebuild it) and the keys of bgshow's
 * positions: the play as the replay made it, the Position ID, Match ID
 * and XGID after it, and the pip counts.  The result carries bgscore's
 * keys.  Keys are always written in the same order; integers are
 * integers.  Part of libbgkit; callers use bg_writer from bgkit.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bgkit.h"
#include "chars_int.h"
#include "record_int.h"
#include "fmt_int.h"
#include "out_int.h"

/* A JSON string, or null for NULL. */
static void
str(bg_writer *w, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n;

	if (s == NULL) {
		fmt_puts(w, "null");
		return;
	}
	fmt_put(w, "\"", 1);
	while (*p) {
		if (*p == '"' || *p == '\\') {
			fmt_put(w, "\\", 1);
			fmt_put(w, (const char *)p++, 1);
		} else if (*p >= 0x20 && *p < 0x7f) {
			fmt_put(w, (const char *)p++, 1);
		} else if (*p == '\n') {
			fmt_puts(w, "\\n");
			p++;
		} else if (isc1(p)) {
			fmt_printf(w, "\\u%04x", p[1]);	/* a terminal escape */
			p += 2;
		} else if (*p >= 0x80 && (n = utf8seq(p)) > 0) {
			fmt_put(w, (const char *)p, (size_t)n);
			p += n;
		} else if (*p >= 0x80) {
			fmt_puts(w, "\\ufffd");
			p++;
		} else
			fmt_printf(w, "\\u%04x", *p++);
	}
	fmt_put(w, "\"", 1);
}

static void
key(bg_writer *w, const char *k)
{
	fmt_printf(w, ",\"%s\":", k);
}

static void
num_or_null(bg_writer *w, int v, int ok)
{
	if (ok)
		fmt_printf(w, "%d", v);
	else
		fmt_puts(w, "null");
}

int
fmt_json_match(bg_writer *w)
{
	const bg_match *m = w->m;
	const bg_variant_info *vi = bg_variant_get(bg_replay_variant(w->rp));
	const bg_ruleset *rs;
	size_t i;
	int s, len = bg_match_length(m);

	fmt_puts(w, "{\"type\":\"match\"");
	key(w, "source");
	str(w, bg_match_source(m));
	key(w, "length");
	fmt_printf(w, "%d", len < 0 ? 0 : len);
	key(w, "players");
	for (s = 0; s < 2; s++) {
		fmt_puts(w, s ? "," : "[");
		str(w, bg_match_player(m, s));
	}
	fmt_puts(w, "]");
	/*
	 * Write the rules in force as the replay takes them; -1 means the
	 * record does not state the rule.
	 */
	rs = bg_replay_rules(w->rp);
	key(w, "rules");
	fmt_puts(w, "{\"variant\":");
	str(w, vi ? vi->name : NULL);
	fmt_printf(w, ",\"crawford\":%s,\"holland\":%s,\"jacoby\":%s",
	    rs->crawford > 0 ? "true" : "false",
	    rs->holland > 0 ? "true" : "false",
	    rs->jacoby < 0 ? "null" : rs->jacoby ? "true" : "false");
	if (rs->beavers < 0 || rs->beavers >= 1 << 20)
		fmt_puts(w, ",\"beavers\":null");
	else
		fmt_printf(w, ",\"beavers\":%d", rs->beavers);
	if (rs->autodoubles < 0)
		fmt_puts(w, ",\"autodoubles\":null");
	else
		fmt_printf(w, ",\"autodoubles\":%d", rs->autodoubles);
	fmt_printf(w, ",\"cubelimit\":%d,\"cube\":%s}",
	    rs->cubelimit > 0 ? rs->cubelimit : 0,
	    rs->cube ? "true" : "false");
	key(w, "tags");
	fmt_puts(w, "[");
	for (i = 0; i < fmt_tag_count(w); i++) {
		fmt_puts(w, i ? ",[" : "[");
		str(w, fmt_tag_key(w, i));
		fmt_puts(w, ",");
		str(w, fmt_tag_value(w, i));
		fmt_puts(w, "]");
	}
	fmt_puts(w, "]");
	key(w, "comments");
	fmt_puts(w, "[");
	for (i = 0; i < bg_match_comment_count(m); i++) {
		if (i)
			fmt_puts(w, ",");
		str(w, bg_match_comment(m, i));
	}
	fmt_puts(w, "]}\n");
	return w->err;
}

int
fmt_json_end(bg_writer *w)
{
	return w->err;
}

/*
 * Return the SGF properties kept at position at, joined in memory the
 * caller frees, or NULL when there are none.
 */
static char *
kept(bg_writer *w, size_t at)
{
	size_t i, k, len = 0;
	char *s;

	for (i = 0; i < bg_game_sgf_count(w->g); i++)
		if (bg_game_sgf(w->g, i, &k) != NULL && k == at)
			len += strlen(bg_game_sgf(w->g, i, NULL));
	if (len == 0)
		return NULL;
	if ((s = malloc(len + 1)) == NULL) {
		w->err = -BG_ENOMEM;
		return NULL;
	}
	s[0] = '\0';
	for (i = 0; i < bg_game_sgf_count(w->g); i++)
		if (bg_game_sgf(w->g, i, &k) != NULL && k == at)
			strcat(s, bg_game_sgf(w->g, i, NULL));
	return s;
}

static void
sgf_key(bg_writer *w, size_t at)
{
	char *s = kept(w, at);

	if (s != NULL) {
		key(w, "sgf");
		str(w, s);
		free(s);
	}
}

static const char *const actions[] = {
	[BG_REC_MOVE] = "move", [BG_REC_DOUBLE] = "double",
	[BG_REC_TAKE] = "take", [BG_REC_DROP] = "drop",
	[BG_REC_BEAVER] = "beaver", [BG_REC_RACCOON] = "raccoon",
	[BG_REC_WIN] = "win", [BG_REC_LOSS] = "loss",
	[BG_REC_ILLEGAL] = "illegal", [BG_REC_SETPOS] = "setpos",
	[BG_REC_COMMENT] = "comment", [BG_REC_UNPARSED] = "unparsed"
};

/* Return the position before record i, or NULL when the replay gave none. */
static const bg_board *
before(const bg_writer *w, size_t i)
{
	while (i-- > 0)
		if (w->wr[i].pos)
			return w->wr[i].lost ? NULL : &w->wr[i].after;
	return &w->start;
}

static void
record(bg_writer *w, size_t i)
{
	const bg_record *r = bg_game_record(w->g, i);
	const struct wrec *wr = &w->wr[i];
	char buf[128];
	int side = r->side, resign;

	/* A "Wins" that ends a game early is a resignation, as bgshow
	 * names it; one that confirms an ended game gives no position. */
	resign = r->kind == BG_REC_WIN && wr->pos;
	fmt_printf(w, "{\"type\":\"record\",\"game\":%d", w->ngames);
	key(w, "turn");
	num_or_null(w, wr->turn, wr->pos);
	key(w, "action");
	fmt_printf(w, "\"%s\"", resign ? "resign" : actions[r->kind]);
	/* A resignation is the loser's action, as bgshow has it. */
	if (resign)
		side = !side;
	key(w, "side");
	num_or_null(w, side, side >= 0);
	/*
	 * The larger die comes first, as bgshow writes them; the text has
	 * them as written.
	 */
	key(w, "dice");
	if (r->dice[0] != 0)
		fmt_printf(w, "[%d,%d]", r->dice[0] > r->dice[1] ? r->dice[0] :
		    r->dice[1], r->dice[0] > r->dice[1] ? r->dice[1] :
		    r->dice[0]);
	else
		fmt_puts(w, "null");
	key(w, "move");
	if (wr->played && bg_play_format(buf, sizeof buf, &wr->play,
	    BG_STYLE_GNUBG) < (int)sizeof buf)
		str(w, buf);
	else
		fmt_puts(w, "null");
	if (wr->pos && !wr->lost) {
		key(w, "position_id");
		if (bg_posid_encode(buf, sizeof buf, &wr->after,
		    wr->ms.on_roll) < (int)sizeof buf)
			str(w, buf);
		else
			fmt_puts(w, "null");
		key(w, "match_id");
		if (bg_matchid_encode(buf, sizeof buf, &wr->ms) <
		    (int)sizeof buf)
			str(w, buf);
		else
			fmt_puts(w, "null");
		key(w, "xgid");
		if (bg_xgid_encode(buf, sizeof buf, &wr->after, &wr->ms) <
		    (int)sizeof buf)
			str(w, buf);
		else
			fmt_puts(w, "null");
		key(w, "pips");
		fmt_printf(w, "[%d,%d]", bg_board_pips(&wr->after, 0),
		    bg_board_pips(&wr->after, 1));
	} else
		fmt_puts(w, ",\"position_id\":null,\"match_id\":null,"
		    "\"xgid\":null,\"pips\":null");
	key(w, "text");
	str(w, r->text);
	key(w, "value");
	num_or_null(w, r->value, r->value != 0);
	key(w, "and_the_match");
	fmt_puts(w, r->flags & BG_RF_MATCH ? "true" : "false");
	key(w, "nomarks");
	fmt_puts(w, r->flags & BG_RF_NOMARKS ? "true" : "false");
	key(w, "moveno");
	num_or_null(w, r->moveno, r->moveno > 0);
	key(w, "line");
	fmt_printf(w, "%d", r->line);
	key(w, "column");
	fmt_printf(w, "%d", r->col);
	key(w, "code");
	str(w, r->code ? bg_code_name(r->code) : NULL);
	fmt_json_analysis(w, i, before(w, i), str);
	sgf_key(w, i + 1);
	fmt_puts(w, "}\n");
}

/* The writer's output as a bg_write_fn, for out_int.h. */
static long
wput(void *ctx, const char *buf, size_t n)
{
	fmt_put(ctx, buf, n);
	return (long)n;
}

/* Write the result with bgscore's keys (bgscore(1)), as lib/out.c makes it. */
static void
result(bg_writer *w)
{
	struct out o;

	out_init(&o, wput, w);
	out_printf(&o, "{\"type\":\"result\",\"game\":%d,\"winner\":",
	    w->ngames);
	out_result_json(&o, bg_replay_result(w->rp));
	out_puts(&o, "}\n");
	out_flush(&o);
}

/* Write the diagram's position and the analysis of a position text export. */
static void
analysis(bg_writer *w)
{
	struct out o;
	size_t i;

	out_init(&o, wput, w);
	if (bg_game_diagram(w->g) != NULL) {
		out_printf(&o, "{\"type\":\"diagram\",\"game\":%d,\"xgid\":",
		    w->ngames);
		out_json(&o, bg_game_diagram(w->g));
		out_puts(&o, "}\n");
	}
	for (i = 0; i < bg_game_analysis_count(w->g); i++) {
		out_printf(&o, "{\"type\":\"analysis\",\"game\":%d,",
		    w->ngames);
		out_analysis_json(&o, bg_game_analysis(w->g, i));
		out_puts(&o, "}\n");
	}
	out_flush(&o);
}

int
fmt_json_game(bg_writer *w)
{
	const bg_game *g = w->g;
	size_t i;
	int s;

	fmt_printf(w, "{\"type\":\"game\",\"game\":%d", w->ngames);
	key(w, "number");
	fmt_printf(w, "%d", bg_game_number(g));
	key(w, "players");
	for (s = 0; s < 2; s++) {
		fmt_puts(w, s ? "," : "[");
		str(w, bg_game_player(g, s));
	}
	fmt_puts(w, "]");
	key(w, "ratings");
	for (s = 0; s < 2; s++) {
		fmt_puts(w, s ? "," : "[");
		str(w, bg_game_rating(g, s));
	}
	fmt_puts(w, "]");
	key(w, "score");
	for (s = 0; s < 2; s++) {
		fmt_puts(w, s ? "," : "[");
		num_or_null(w, bg_game_score(g, s), bg_game_score(g, s) >= 0);
	}
	fmt_puts(w, "]");
	key(w, "crawford");
	fmt_puts(w, bg_replay_result(w->rp)->crawford ? "true" : "false");
	sgf_key(w, 0);
	fmt_puts(w, "}\n");
	for (i = 0; i < bg_game_record_count(g); i++)
		record(w, i);
	analysis(w);
	result(w);
	return w->err;
}

const struct fmt_wops fmt_json_wops = {
	0, fmt_json_match, fmt_json_game, fmt_json_end
};
