/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_sgf_write.c: the SGF writer, in the layout GNU Backgammon's "save
 * match" writes (bgkit-sgf(5)): one tree per game, the game-info
 * properties on the root, one node per roll or cube action with a
 * newline before each ';', moves as absolute letter pairs die by die.
 * What SGF has a property for goes there (names, ratings, the event
 * tags, the rules, the result); the tags it has none for and the
 * match's comments go in GC as lines, "[Key "value"]" for a tag, which
 * is how the reader gets them back.  A beaver's implied take is written
 * out, as gnubg does.  Part of libbgkit; callers use bg_writer from
 * bgkit.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bgkit.h"
#include "record_int.h"
#include "analysis_int.h"
#include "fmt_int.h"
#include "snowie_int.h"

/* An SGF value: ']' and '\' escaped. */
static void
value(bg_writer *w, const char *s)
{
	const char *p;

	fmt_put(w, "[", 1);
	for (p = s; *p; p++) {
		if (*p == ']' || *p == '\\')
			fmt_put(w, "\\", 1);
		fmt_put(w, p, 1);
	}
	fmt_put(w, "]", 1);
}

static void
prop(bg_writer *w, const char *id, const char *s)
{
	fmt_puts(w, id);
	value(w, s);
}

/* Letter of point p (the mover's numbering) of side s. */
int
fmt_sgf_match(bg_writer *w)
{
	return w->err;
}

int
fmt_sgf_end(bg_writer *w)
{
	return w->err;
}

static const char *
tag(const bg_writer *w, const char *key)
{
	return fmt_tag(w, key);
}

/* How many tags key has (any case). */
static int
tag_count(const bg_writer *w, const char *key)
{
	size_t i;
	int n = 0;

	for (i = 0; i < fmt_tag_count(w); i++)
		if (strcasecmp(fmt_tag_key(w, i), key) == 0)
			n++;
	return n;
}

static int
is_date(const char *v)
{
	int i;

	for (i = 0; i < 10; i++)
		if (i == 4 || i == 7 ? v[i] != '.' : v[i] < '0' || v[i] > '9')
			return 0;
	return v[10] == '\0';
}

/*
 * Does a property carry tag i, so that the reader makes the same tag of
 * it again?  Otherwise it goes in GC.
 */
static int
carried(const bg_writer *w, size_t i)
{
	static const char *const plain[] = {
		"Site", "Event", "Round", "Transcriber"
	};
	const bg_match *m = w->m;
	const char *k = fmt_tag_key(w, i), *v = fmt_tag_value(w, i);
	size_t j;

	if (tag_count(w, k) != 1)
		return 0;
	for (j = 0; j < sizeof plain / sizeof plain[0]; j++)
		if (strcmp(k, plain[j]) == 0)
			return strchr(v, '\n') == NULL;
	if (strcmp(k, "EventDate") == 0)
		return is_date(v) || (strlen(v) != 10 && strchr(v, '\n') ==
		    NULL);
	if (strcmp(k, "Variation") == 0)
		return strcmp(v, "NackGammon") == 0 ||
		    strcmp(v, "HyperGammon (1)") == 0 ||
		    strcmp(v, "HyperGammon (2)") == 0 ||
		    strcmp(v, "HyperGammon (3)") == 0;
	if (strcmp(k, "Crawford") == 0)
		return strcmp(v, "Off") == 0 && bg_match_length(m) > 1;
	if (strcmp(k, "Jacoby") == 0)
		return strcmp(v, "On") == 0;
	if (strcmp(k, "CubeLimit") == 0)
		return strcmp(v, "1") == 0;
	return 0;
}

/* The RU value: the rules the tags state. */
static void
rules(bg_writer *w, int crawford_game)
{
	const bg_match *m = w->m;
	const char *t;
	char ru[96] = "";

	t = tag(w, "Crawford");
	if (bg_match_length(m) > 1 && (t == NULL || strcasecmp(t, "off") != 0))
		strcat(ru, ":Crawford");
	if (crawford_game)
		strcat(ru, ":CrawfordGame");
	if ((t = tag(w, "Jacoby")) != NULL && strcasecmp(t, "on") == 0)
		strcat(ru, ":Jacoby");
	if ((t = tag(w, "CubeLimit")) != NULL && strcmp(t, "1") == 0)
		strcat(ru, ":NoCube");
	switch (bg_replay_variant(w->rp)) {
	case BG_VARIANT_NACKGAMMON:
		strcat(ru, ":Nackgammon");
		break;
	case BG_VARIANT_HYPER1:
		strcat(ru, ":Hypergammon1");
		break;
	case BG_VARIANT_HYPER2:
		strcat(ru, ":Hypergammon2");
		break;
	case BG_VARIANT_HYPER3:
		strcat(ru, ":Hypergammon3");
		break;
	default:
		break;
	}
	if (ru[0] != '\0')
		prop(w, "RU", ru + 1);
}

/* Write GC: the tags no other property carries, then the match's comments. */
static void
game_comment(bg_writer *w)
{
	const bg_match *m = w->m;
	size_t i, n = 0, len = 0;
	char *gc, *p;

	for (i = 0; i < fmt_tag_count(w); i++)
		if (!carried(w, i))
			len += strlen(fmt_tag_key(w, i)) +
			    strlen(fmt_tag_value(w, i)) + 6;
	for (i = 0; i < bg_match_comment_count(m); i++)
		len += strlen(bg_match_comment(m, i)) + 1;
	if (len == 0)
		return;
	if ((gc = malloc(len + 1)) == NULL) {
		w->err = -BG_ENOMEM;
		return;
	}
	p = gc;
	for (i = 0; i < fmt_tag_count(w); i++)
		if (!carried(w, i))
			p += sprintf(p, "%s[%s \"%s\"]", n++ ? "\n" : "",
			    fmt_tag_key(w, i), fmt_tag_value(w, i));
	for (i = 0; i < bg_match_comment_count(m); i++)
		p += sprintf(p, "%s%s", n++ ? "\n" : "",
		    bg_match_comment(m, i));
	prop(w, "GC", gc);
	free(gc);
}

/* The game-info properties of the root. */
static void
root(bg_writer *w)
{
	static const struct {
		const char	*id, *key;
	} info[] = {
		{ "DT", "EventDate" }, { "EV", "Event" }, { "RO", "Round" },
		{ "PC", "Site" }, { "AN", "Transcriber" }
	};
	const bg_match *m = w->m;
	const bg_game *g = w->g;
	const bg_record *r, *res = NULL;
	const bg_result *rr = bg_replay_result(w->rp);
	const char *t;
	char buf[64];
	size_t i;
	int s, v;

	fmt_printf(w, "(;FF[4]GM[6]CA[UTF-8]AP[bgkit:%s]", bg_version());
	fmt_printf(w, "MI[length:%d][game:%d]", bg_match_length(m) < 0 ? 0 :
	    bg_match_length(m), bg_game_number(g) > 0 ? bg_game_number(g) - 1 :
	    w->games);
	for (s = 0; s < 2; s++)
		fmt_printf(w, "[%cs:%d]", s ? 'b' : 'w',
		    bg_game_score(g, s) >= 0 ? bg_game_score(g, s) :
		    w->startms.score[s]);
	for (s = 0; s < 2; s++) {
		if ((t = bg_game_player(g, s)) == NULL &&
		    (t = bg_match_player(m, s)) == NULL)
			continue;
		prop(w, s ? "PB" : "PW", t);
	}
	for (s = 0; s < 2; s++)
		if ((t = bg_game_rating(g, s)) != NULL)
			prop(w, s ? "BR" : "WR", t);
	if (w->games == 0) {
		for (i = 0; i < sizeof info / sizeof info[0]; i++) {
			if ((t = tag(w, info[i].key)) == NULL ||
			    tag_count(w, info[i].key) != 1)
				continue;
			if (i == 0 && is_date(t)) {
				snprintf(buf, sizeof buf, "%.4s-%.2s-%.2s", t,
				    t + 5, t + 8);
				t = buf;
			}
			prop(w, info[i].id, t);
		}
		game_comment(w);
	}
	rules(w, rr->crawford);
	/* The result: the last "Wins" of the game. */
	for (i = 0; i < bg_game_record_count(g); i++) {
		r = bg_game_record(g, i);
		if (r->kind == BG_REC_WIN) {
			if (res != NULL)
				fmt_lost(w, res, "a second result");
			res = r;
		}
	}
	if (res != NULL && res->side >= 0) {
		v = res->value;
		if (v == 0 && rr->winner == res->side)
			v = rr->points;
		snprintf(buf, sizeof buf, "%c+%d%s", res->side ? 'B' : 'W', v,
		    rr->ended_by == BG_END_RESIGN ? "R" : "");
		prop(w, "RE", buf);
	}
}

/* The SGF properties kept for position at of the game, as written. */
static void
kept(bg_writer *w, size_t at)
{
	size_t i, k;

	for (i = 0; i < bg_game_sgf_count(w->g); i++)
		if (bg_game_sgf(w->g, i, &k) != NULL && k == at)
			fmt_puts(w, bg_game_sgf(w->g, i, NULL));
}

/* The engine's analysis of record i, as gnubg writes it. */
static void
analysis(bg_writer *w, size_t i)
{
	const bg_rec_analysis *a = bg_game_record_analysis(w->g, i);
	char *buf = NULL;
	size_t len = 0, cap = 0;

	if (a == NULL || w->err < 0)
		return;
	if (an_sgf_write(&buf, &len, &cap, a, bg_game_record(w->g, i)->side,
	    bg_match_length(w->m) > 0) < 0)
		w->err = -BG_ENOMEM;
	else if (len > 0)
		fmt_puts(w, buf);
	free(buf);
}

/* Is r the autodouble of the game's start (root CV) rather than a
 * setup node? */
static int
start_cube(bg_writer *w, const bg_record *r, int *cube)
{
	bg_board b, start;
	bg_matchstate ms;

	if (strncmp(r->text, "XGID=", 5) != 0 ||
	    bg_xgid_decode(&b, &ms, r->text, r->len,
	    bg_replay_variant(w->rp)) < 0)
		return 0;
	bg_board_start(&start, bg_replay_variant(w->rp));
	if (memcmp(&b, &start, sizeof b) != 0 || ms.cube_owner !=
	    BG_CENTRED || ms.cube < 2 || ms.dice[0] != 0)
		return 0;
	*cube = ms.cube;
	return 1;
}

/* A setup node's board: every point emptied, then each checker added. */
static void
board(bg_writer *w, const bg_board *b)
{
	int s, p, k, any;

	fmt_puts(w, "\n;AE[a:y]");
	for (s = 0; s < 2; s++)
		for (any = 0, p = 1; p <= BG_BAR; p++)
			for (k = 0; k < b->pt[s][p]; k++) {
				if (!any++)
					fmt_puts(w, s ? "AB" : "AW");
				fmt_printf(w, "[%c]", sgf_point_letter(s, p));
			}
}

/*
 * A setup node from set-position record i (an XGID or XG's Set Pos).
 * Its roll goes with it (PL, DI) unless the next action is that roll's
 * move, which says it: GNU Backgammon follows a setup node whose PL
 * names the side that moves next from the wrong side of the board.
 */
static void
setup(bg_writer *w, size_t i)
{
	const bg_record *r = bg_game_record(w->g, i), *nx;
	bg_board b;
	bg_matchstate ms;
	char xg[128];
	int k, cube = 1, owner = BG_CENTRED;
	const char *slash;

	if (strncmp(r->text, "XGID=", 5) == 0) {
		if (bg_xgid_decode(&b, &ms, r->text, r->len,
		    bg_replay_variant(w->rp)) < 0) {
			fmt_lost(w, r, "set position %.40s", r->text);
			return;
		}
		cube = ms.cube;
		owner = ms.cube_owner;
	} else {
		/* XG: 26 position characters, '/', the cube. */
		slash = strchr(r->text, '/');
		memset(&ms, 0, sizeof ms);
		snprintf(xg, sizeof xg, "XGID=%.26s:0:0:1:00:0:0:0:0:10",
		    r->text);
		if (slash == NULL || slash - r->text != 26 ||
		    bg_xgid_decode(&b, &ms, xg, strlen(xg),
		    bg_replay_variant(w->rp)) < 0) {
			fmt_lost(w, r, "set position %.40s", r->text);
			return;
		}
		k = atoi(slash + 1);
		if (k != 0) {
			owner = k < 0 ? 0 : 1;
			cube = 1 << (k < 0 ? -k : k);
		}
	}
	board(w, &b);
	nx = fmt_next_action(w->g, i);
	if (ms.dice[0] != 0 && (nx == NULL || nx->kind != BG_REC_MOVE ||
	    nx->side != ms.on_roll || nx->dice[0] + nx->dice[1] !=
	    ms.dice[0] + ms.dice[1] || (nx->dice[0] != ms.dice[0] &&
	    nx->dice[0] != ms.dice[1])))
		fmt_printf(w, "PL[%c]DI[%d%d]", ms.on_roll ? 'B' : 'W',
		    ms.dice[0], ms.dice[1]);
	else if (ms.dice[0] == 0 && nx == NULL && r->text[0] == 'X')
		/*
		 * A position to decide (an .xgp's cube decision): say whose
		 * decision it is.
		 */
		fmt_printf(w, "PL[%c]", ms.on_roll ? 'B' : 'W');
	fmt_printf(w, "CV[%d]CP[%c]", cube, owner == BG_CENTRED ? 'c' :
	    owner ? 'b' : 'w');
}

/* A roll without a play: PL and DI, as gnubg writes a resignation. */
static void
roll_only(bg_writer *w, const bg_record *r)
{
	fmt_printf(w, "\n;PL[%c]DI[%d%d]", r->side ? 'B' : 'W', r->dice[0],
	    r->dice[1]);
}

/*
 * Snowie's "52: Illegal play (...)", whose parentheses give the board
 * after the play (bgkit-mat(5)): the roll, then that board, as gnubg
 * saves an illegal play it imported.  0, or -1 when there is no board
 * that can be read (the entry is then lost, with a warning).
 */
static int
illegal(bg_writer *w, const bg_record *r)
{
	struct snowie_pos sp;
	char why[64];

	if (r->text == NULL || (r->side != 0 && r->side != 1) ||
	    r->dice[0] == 0 || snowie_illegal(r->text, r->len, r->side,
	    bg_replay_variant(w->rp), &sp, why, sizeof why) < 0)
		return -1;
	roll_only(w, r);
	board(w, &sp.board);
	return 0;
}

/* The node of a move record. */
static void
move(bg_writer *w, size_t i)
{
	const bg_record *r = bg_game_record(w->g, i), *nx;
	const struct wrec *wr = &w->wr[i];
	bg_play p, written;
	unsigned char used[4];
	int k, j;

	if (r->flags & BG_RF_BADPLAY) {
		fmt_lost(w, r, "the play of %.40s", r->text);
		roll_only(w, r);
		return;
	}
	if (r->note.kind == BG_NOTE_UNKNOWN) {
		nx = fmt_next_action(w->g, i);
		if (nx == NULL || nx->kind != BG_REC_WIN)
			fmt_lost(w, r, "an unknown play (%.40s)", r->text);
		roll_only(w, r);
		return;
	}
	if (r->note.kind != BG_NOTE_PLAY || r->note.npath == 0) {
		/* A roll the replay made no play of, then a resignation. */
		nx = fmt_next_action(w->g, i);
		if (!wr->played && nx != NULL && nx->kind == BG_REC_WIN)
			roll_only(w, r);
		else
			fmt_printf(w, "\n;%c[%d%d]", r->side ? 'B' : 'W',
			    r->dice[0], r->dice[1]);
		return;
	}
	if (bg_play_from_notation(&written, &r->note) < 0)
		written.n = -1;
	if (wr->played) {
		/* The replay's steps, in the order the text has them. */
		p = wr->play;
		if (written.n == p.n) {
			memset(used, 0, sizeof used);
			for (k = 0; k < written.n; k++) {
				for (j = 0; j < p.n; j++)
					if (!used[j] && wr->play.step[j].from ==
					    written.step[k].from &&
					    wr->play.step[j].to ==
					    written.step[k].to)
						break;
				if (j == p.n)
					break;
				used[j] = 1;
				p.step[k] = wr->play.step[j];
			}
			if (k < written.n)
				p = wr->play;
		}
	} else if (written.n >= 0)
		p = written;
	else {
		fmt_lost(w, r, "the play of %.40s", r->text);
		roll_only(w, r);
		return;
	}
	fmt_printf(w, "\n;%c[%d%d", r->side ? 'B' : 'W', r->dice[0],
	    r->dice[1]);
	for (k = 0; k < p.n; k++)
		fmt_printf(w, "%c%c", sgf_point_letter(r->side, p.step[k].from),
		    sgf_point_letter(r->side, p.step[k].to));
	fmt_put(w, "]", 1);
}

int
fmt_sgf_game(bg_writer *w)
{
	const bg_game *g = w->g;
	const bg_record *r;
	size_t i, n = bg_game_record_count(g), clen = 0;
	char *c = NULL, *p;
	int beaver = -1, cube, rooted = 1;

	root(w);
	for (i = 0; i <= n; i++) {
		r = i < n ? bg_game_record(g, i) : NULL;
		/* A comment joins the others of its node. */
		if (r != NULL && r->kind == BG_REC_COMMENT) {
			if ((p = realloc(c, clen + r->len + 2)) == NULL) {
				w->err = -BG_ENOMEM;
				break;
			}
			c = p;
			if (clen > 0)
				c[clen++] = '\n';
			memcpy(c + clen, r->text, r->len);
			clen += r->len;
			c[clen] = '\0';
			kept(w, i + 1);
			continue;
		}
		/* The implied take of a beaver. */
		if (beaver >= 0 && (r == NULL || (r->kind != BG_REC_BEAVER &&
		    r->kind != BG_REC_RACCOON && r->kind != BG_REC_DROP &&
		    r->kind != BG_REC_TAKE && r->kind != BG_REC_WIN))) {
			if (clen > 0) {
				prop(w, "C", c);
				clen = 0;
			}
			fmt_printf(w, "\n;%c[take]", beaver ? 'W' : 'B');
			beaver = -1;
			rooted = 0;
		}
		if (r == NULL)
			break;
		if (r->kind == BG_REC_ILLEGAL && illegal(w, r) == 0) {
			rooted = 0;
			kept(w, i + 1);
			continue;
		}
		if (r->kind == BG_REC_WIN || r->kind == BG_REC_LOSS ||
		    r->kind == BG_REC_ILLEGAL || r->kind == BG_REC_UNPARSED) {
			if (bg_game_record_analysis(g, i) != NULL)
				fmt_lost(w, r, "the engine's analysis of it");
			if (r->kind != BG_REC_WIN)
				fmt_lost(w, r, "%.60s", r->text);
			else if (r->flags & BG_RF_MATCH)
				fmt_lost(w, r, "\"and the match\"");
			kept(w, i + 1);
			continue;
		}
		if (r->kind == BG_REC_SETPOS && rooted &&
		    start_cube(w, r, &cube)) {
			fmt_printf(w, "CV[%d]", cube);
			kept(w, i + 1);
			continue;
		}
		/* Before a new node, write the comments of the last one. */
		if (clen > 0) {
			prop(w, "C", c);
			clen = 0;
		}
		if (rooted)
			kept(w, 0);
		rooted = 0;
		switch (r->kind) {
		case BG_REC_MOVE:
			move(w, i);
			break;
		case BG_REC_DOUBLE:
		case BG_REC_BEAVER:
		case BG_REC_RACCOON:
			fmt_printf(w, "\n;%c[double]", r->side ? 'B' : 'W');
			if (r->kind != BG_REC_DOUBLE)
				beaver = r->side;
			break;
		case BG_REC_TAKE:
			fmt_printf(w, "\n;%c[take]", r->side ? 'B' : 'W');
			beaver = -1;
			break;
		case BG_REC_DROP:
			fmt_printf(w, "\n;%c[drop]", r->side ? 'B' : 'W');
			beaver = -1;
			break;
		case BG_REC_SETPOS:
			setup(w, i);
			break;
		default:
			break;
		}
		analysis(w, i);
		kept(w, i + 1);
	}
	if (rooted)
		kept(w, 0);
	if (clen > 0)
		prop(w, "C", c);
	free(c);
	fmt_puts(w, ")\n");
	return w->err;
}

const struct fmt_wops fmt_sgf_wops = {
	0, fmt_sgf_match, fmt_sgf_game, fmt_sgf_end
};
