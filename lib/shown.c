/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * shown.c: a position as bgshow(1) shows it, in each of its forms: a
 * caption and a text diagram, an SVG picture, an XGID, a gnubg ID, a
 * FIBS board line, an OGID or a JSON object (bg_shown_write(3)), written through
 * the caller's bg_write_fn.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "out_int.h"

static const char *const forms[] = { "text", "svg", "xgid", "gnubgid",
	"fibs", "json", "ogid" };

int
bg_posfmt_parse(bg_posfmt *f, const char *name)
{
	size_t i;

	/* "ascii" is the text diagram's earlier name, kept until 0.3. */
	if (strcmp(name, "ascii") == 0)
		name = forms[BG_POS_ASCII];
	for (i = 0; i < sizeof forms / sizeof forms[0]; i++)
		if (strcmp(name, forms[i]) == 0) {
			*f = (bg_posfmt)i;
			return 0;
		}
	return -BG_EINVAL;
}

const char *
bg_posfmt_name(bg_posfmt f)
{
	return (unsigned)f < sizeof forms / sizeof forms[0] ? forms[f] : NULL;
}

static const char *
who(const bg_shown *p, int s)
{
	return p->names[s] && p->names[s][0] ? p->names[s] : s ? "X" : "O";
}

/*
 * "Game 3, turn 12: alice 64: 24/18 13/9": turn 12 as bgshow -m counts
 * (each play and cube action one), not the record's numbered move.
 */
static void
caption(struct out *o, const bg_shown *p)
{
	out_printf(o, "Game %d, turn %d: ", p->game, p->turn);
	if (p->side < 0) {
		out_puts(o, p->turn > 0 ? "a position set up\n" :
		    "start of the game\n");
		return;
	}
	out_text(o, who(p, p->side));
	if (strcmp(p->action, "move") == 0) {
		out_printf(o, " %d%d: ", p->dice[0], p->dice[1]);
		out_puts(o, p->play == NULL ? "play not recorded" : *p->play ?
		    p->play : "no play");
		out_put(o, "\n", 1);
	} else if (strcmp(p->action, "double") == 0 ||
	    strcmp(p->action, "beaver") == 0 ||
	    strcmp(p->action, "raccoon") == 0)
		out_printf(o, " %ss to %d\n", p->action, p->value);
	else if (strcmp(p->action, "resign") == 0)
		out_printf(o, " resigns (%d point%s)\n", p->value,
		    p->value == 1 ? "" : "s");
	else
		out_printf(o, " %ss\n", p->action);
}

static void
json(struct out *o, const bg_shown *p, const char *pid, const char *mid,
    const char *xg)
{
	size_t i;

	out_puts(o, "{\"game\":");
	if (p->action == NULL)
		out_puts(o, "null");
	else
		out_int(o, p->game);
	out_key_int(o, "turn", p->turn, p->action != NULL);
	out_puts(o, ",\"action\":");
	out_json(o, p->action);
	out_key_int(o, "side", p->side, p->side >= 0);
	if (p->dice[0] > 0)
		out_printf(o, ",\"dice\":[%d,%d]", p->dice[0], p->dice[1]);
	else
		out_puts(o, ",\"dice\":null");
	out_puts(o, ",\"move\":");
	out_json(o, p->play);
	out_puts(o, ",\"position_id\":");
	out_json(o, pid);
	out_puts(o, ",\"match_id\":");
	out_json(o, *mid ? mid : NULL);
	out_puts(o, ",\"xgid\":");
	out_json(o, *xg ? xg : NULL);
	out_printf(o, ",\"pips\":[%d,%d]", bg_board_pips(p->board, 0),
	    bg_board_pips(p->board, 1));
	/* A position text export has its diagram and its analysis. */
	if (p->setup != NULL && bg_game_diagram(p->setup) != NULL) {
		out_puts(o, ",\"diagram\":");
		out_json(o, bg_game_diagram(p->setup));
	}
	if (p->setup != NULL && bg_game_analysis_count(p->setup) > 0) {
		out_puts(o, ",\"analysis\":[");
		for (i = 0; i < bg_game_analysis_count(p->setup); i++) {
			out_puts(o, i ? ",{" : "{");
			out_analysis_json(o, bg_game_analysis(p->setup, i));
			out_puts(o, "}");
		}
		out_puts(o, "]");
	}
	out_puts(o, "}\n");
}

/*
 * Write the diagram or picture of p with match state ms, and the
 * caption.  Returns 0 or a negative code.
 */
static int
draw(struct out *o, bg_posfmt f, const bg_shown *p, const bg_matchstate *ms,
    const bg_drawopts *d)
{
	int (*fn)(char *, size_t, const bg_board *, const bg_matchstate *,
	    const bg_drawopts *) = f == BG_POS_SVG ? bg_draw_svg :
	    bg_draw_text;
	char *buf;
	int n;

	if ((n = fn(NULL, 0, p->board, ms, d)) < 0)
		return n;
	if ((buf = malloc((size_t)n + 1)) == NULL)
		return -BG_ENOMEM;
	fn(buf, (size_t)n + 1, p->board, ms, d);
	if (f == BG_POS_ASCII && p->sep)
		out_put(o, "\n", 1);
	if (f == BG_POS_ASCII && p->action != NULL)
		caption(o, p);
	out_put(o, buf, (size_t)n);
	free(buf);
	/* The analysis of the decision made from here, below the board. */
	if (f == BG_POS_ASCII && p->analysis != NULL && *p->analysis) {
		out_put(o, "\n", 1);
		out_puts(o, p->analysis);
	}
	return 0;
}

static int
fibs(struct out *o, const bg_shown *p, const bg_drawopts *d)
{
	char line[BG_FIBS_FIELDS * 8 + 2 * BG_FIBS_NAMEMAX + 16];
	bg_fibs f;
	int rc;

	if (p->fibs != NULL)
		f = *p->fibs;
	else if ((rc = bg_fibs_from_position(&f, p->board, p->ms,
	    p->variant, d->name[0], d->name[1])) < 0)
		return rc;
	if ((rc = bg_fibs_format(line, sizeof line, &f)) < 0)
		return rc;
	out_puts(o, line);
	out_put(o, "\n", 1);
	return 0;
}

int
bg_shown_write(bg_write_fn fn, void *ctx, bg_posfmt f, const bg_shown *p,
    const bg_drawopts *dopts)
{
	char pid[BG_POSID_LEN + 1], mid[BG_MATCHID_LEN + 1] = "", xg[128] = "";
	char og[256];
	bg_matchstate idms;
	bg_drawopts d;
	struct out o;
	int rc = 0, midrc, xgrc;

	if (p == NULL || p->board == NULL || p->ms == NULL)
		return -BG_EINVAL;
	if (dopts != NULL)
		d = *dopts;
	else
		bg_drawopts_init(&d);
	d.variant = p->variant;
	d.name[0] = p->names[0] && p->names[0][0] ? p->names[0] : NULL;
	d.name[1] = p->names[1] && p->names[1][0] ? p->names[1] : NULL;
	if ((rc = bg_posid_encode(pid, sizeof pid, p->board,
	    p->ms->on_roll)) < 0)
		return rc;
	/* A position from an ID has its roll as v.dice gives it. */
	idms = *p->ms;
	if (p->action == NULL && p->dice[0] > 0) {
		idms.dice[0] = p->dice[0];
		idms.dice[1] = p->dice[1];
	}
	if ((midrc = bg_matchid_encode(mid, sizeof mid, &idms)) < 0)
		mid[0] = '\0';
	if ((xgrc = bg_xgid_encode(xg, sizeof xg, p->board, p->ms)) < 0 ||
	    (size_t)xgrc >= sizeof xg)
		xg[0] = '\0';
	out_init(&o, fn, ctx);
	switch (f) {
	case BG_POS_ASCII:
	case BG_POS_SVG:
		rc = draw(&o, f, p, &idms, &d);
		break;
	case BG_POS_XGID:
		if (*xg == '\0')
			rc = xgrc < 0 ? xgrc : -BG_EINVAL;
		else
			out_printf(&o, "%s\n", xg);
		break;
	case BG_POS_GNUBGID:
		if (*mid == '\0')
			rc = midrc;
		else
			out_printf(&o, "%s:%s\n", pid, mid);
		break;
	case BG_POS_FIBS:
		rc = fibs(&o, p, &d);
		break;
	case BG_POS_JSON:
		json(&o, p, pid, mid, xg);
		break;
	case BG_POS_OGID:
		if ((rc = bg_ogid_encode(og, sizeof og, p->board, p->ms)) >= 0)
			out_printf(&o, "%s\n", og);
		break;
	default:
		rc = -BG_EINVAL;
	}
	if (rc < 0)
		return rc;
	return out_flush(&o);
}

void
bg_shownpos_bind(bg_shownpos *sp)
{
	sp->v.names[0] = sp->names[0];
	sp->v.names[1] = sp->names[1];
	sp->v.board = &sp->board;
	sp->v.ms = &sp->ms;
	if (sp->v.play != NULL)
		sp->v.play = sp->play;
	if (sp->v.fibs != NULL)
		sp->v.fibs = &sp->fibs;
	sp->v.analysis = sp->analysis[0] != '\0' ? sp->analysis : NULL;
}

static void
setname(char *dst, size_t size, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n >= size)
		n = size - 1;
	if (n > 0)
		memcpy(dst, s, n);
	dst[n] = '\0';
}

void
bg_shownpos_replay(bg_shownpos *sp, int game, const bg_replay_pos *pos,
    bg_variant v, const char *const names[2])
{
	const bg_record *r = pos->rec;
	int s;

	memset(sp, 0, sizeof *sp);
	sp->v.game = game;
	sp->v.turn = pos->turn;
	sp->v.action = bg_action_name(pos);
	sp->v.side = pos->side;
	sp->v.variant = v;
	sp->board = pos->board;
	sp->ms = pos->ms;
	sp->lost = pos->lost;
	for (s = 0; s < 2; s++)
		setname(sp->names[s], sizeof sp->names[s], names ? names[s] :
		    NULL);
	if (r != NULL) {
		sp->v.value = r->value;
		if (r->kind == BG_REC_MOVE) {
			s = r->dice[0] > r->dice[1];
			sp->v.dice[0] = r->dice[!s];	/* larger first */
			sp->v.dice[1] = r->dice[s];
		}
		/* A dance is a play of no steps, written "". */
		if (pos->played && bg_play_format(sp->play, sizeof sp->play,
		    &pos->play, BG_STYLE_GNUBG) < (int)sizeof sp->play)
			sp->v.play = sp->play;
	}
	bg_shownpos_bind(sp);
}

int
bg_shownpos_parse(bg_shownpos *sp, const char *s, size_t len, bg_variant v)
{
	int rc;

	memset(sp, 0, sizeof *sp);
	sp->v.side = -1;
	sp->v.variant = v;
	while (len > 0 && (s[len - 1] == '\n' || s[len - 1] == '\r'))
		len--;
	if (len >= 6 && strncmp(s, "board:", 6) == 0) {
		if ((rc = bg_fibs_parse(&sp->fibs, s, len)) < 0 ||
		    (rc = bg_fibs_to_position(&sp->board, &sp->ms, &sp->fibs,
		    v)) < 0)
			return rc;
		setname(sp->names[1], sizeof sp->names[1], sp->fibs.player);
		setname(sp->names[0], sizeof sp->names[0], sp->fibs.opponent);
		sp->v.fibs = &sp->fibs;
	} else if ((rc = bg_position_parse(&sp->board, &sp->ms, &sp->v.variant,
	    s, len)) < 0)
		return rc;
	if (sp->ms.dice[0] > 0) {
		sp->v.dice[0] = sp->ms.dice[0];
		sp->v.dice[1] = sp->ms.dice[1];
	}
	/*
	 * An XGID or a FIBS board may give the roll smaller die first; gnubg
	 * takes it higher die first (v.dice, for its Match ID and board),
	 * while the XGID and the board line keep the order written.  A
	 * Match ID's own order is kept.
	 */
	if ((sp->v.fibs != NULL || (len >= 5 && (s[0] == 'X' || s[0] == 'x') &&
	    (s[1] == 'G' || s[1] == 'g') && (s[2] == 'I' || s[2] == 'i') &&
	    (s[3] == 'D' || s[3] == 'd') && s[4] == '=')) &&
	    sp->v.dice[0] < sp->v.dice[1]) {
		sp->v.dice[0] = sp->ms.dice[1];
		sp->v.dice[1] = sp->ms.dice[0];
	}
	bg_shownpos_bind(sp);
	return 0;
}
