/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_mat_write.c: the .mat writer (bgkit-mat(5)), in gnubg's layout
 * (what "export match mat" writes: numeric points, one step per die, a
 * star on a hit, cells padded to 27 columns) or in eXtreme Gammon's
 * (BOM and CRLF, no stars, "???" for an unknown play, "Wins N point").
 * Plays come from the replay, so consolidated text from another writer
 * is written die by die with its hits; a play the replay could not make
 * is written as it was read.  Part of libbgkit; callers use bg_writer
 * from bgkit.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"

#define CELL	27		/* width a left cell is padded to */

/* The writer's own state. */
#define MW(w)	((struct fmt_matw *)(w)->fs)

static int
xg(const bg_writer *w)
{
	return MW(w)->style == BG_STYLE_XG;
}

void
fmt_mat_set_style(bg_writer *w, bg_style st)
{
	MW(w)->style = st;
}

static void
eol(bg_writer *w)
{
	fmt_puts(w, xg(w) ? "\r\n" : "\n");
}

/*
 * Text from a record on a .mat line.  A line break in it would start a
 * line of its own (a forged move or match line, from a JSON or SGF
 * name), and other control characters, C1 included, are terminal
 * escapes: each of their bytes is written as a blank, and a warning
 * names the text.
 */
void
fmt_mat_text(bg_writer *w, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *run = p;
	int bad = 0;

	for (; *p; p++) {
		if ((*p < 0x20 && *p != '\t') || *p == 0x7f) {
			fmt_put(w, (const char *)run, (size_t)(p - run));
			fmt_put(w, " ", 1);
			run = p + 1;
			bad = 1;
		} else if (*p == 0xc2 && p[1] >= 0x80 && p[1] < 0xa0) {
			fmt_put(w, (const char *)run, (size_t)(p - run));
			fmt_put(w, "  ", 2);
			run = ++p + 1;
			bad = 1;
		}
	}
	fmt_put(w, (const char *)run, (size_t)(p - run));
	if (bad)
		fmt_lost(w, NULL, "control characters in \"%.40s\"", s);
}

/* s, then blanks up to width bytes (gnubg) or characters (XG). */
static void
pad(bg_writer *w, const char *s, int width)
{
	const char *p;
	int n = 0;

	fmt_mat_text(w, s);
	for (p = s; *p; p++)
		if (!xg(w) || ((unsigned char)*p & 0xc0) != 0x80)
			n++;
	for (; n < width; n++)
		fmt_put(w, " ", 1);
}

int
fmt_mat_match(bg_writer *w)
{
	const bg_match *m = w->m;
	size_t i, n;
	int len;

	if (xg(w) && w->matches == 1)
		fmt_puts(w, "\xef\xbb\xbf");
	n = fmt_tag_count(w);
	for (i = 0; i < n; i++) {
		fmt_puts(w, "; [");
		fmt_mat_text(w, fmt_tag_key(w, i));
		fmt_puts(w, " \"");
		fmt_mat_text(w, fmt_tag_value(w, i));
		fmt_puts(w, "\"]");
		eol(w);
	}
	if (n > 0)
		eol(w);
	n = bg_match_comment_count(m);
	for (i = 0; i < n; i++) {
		const char *c = bg_match_comment(m, i);

		fmt_puts(w, *c ? "; " : ";");
		fmt_mat_text(w, c);
		eol(w);
	}
	if (n > 0)
		eol(w);
	len = bg_match_length(m);
	fmt_printf(w, "%s%d point match", xg(w) ? "" : " ", len < 0 ? 0 : len);
	eol(w);
	eol(w);
	return w->err;
}

int
fmt_mat_end(bg_writer *w)
{
	if (xg(w))
		eol(w);
	return w->err;
}

/* The player of side s for the score line. */
static void
name(bg_writer *w, char *buf, size_t size, int s)
{
	const bg_game *g = w->g;
	const char *p = bg_game_player(g, s), *r = bg_game_rating(g, s);
	int sc = bg_game_score(g, s);

	if (p == NULL)
		p = bg_match_player(w->m, s);
	if (p == NULL)
		p = s ? "Player 2" : "Player 1";
	if (sc < 0)
		sc = w->startms.score[s];
	snprintf(buf, size, "%s%s%s : %d", p, r ? "," : "", r ? r : "", sc);
}

/* Finish the line of a left cell that has no right cell. */
static void
end_line(bg_writer *w)
{
	if (MW(w)->col == 1) {
		eol(w);
		MW(w)->col = 0;
	}
}

/* A cell in the column of side s (a new numbered line for the left). */
static void
cell(bg_writer *w, int s, const char *text)
{
	if (s != 1) {
		end_line(w);
		fmt_printf(w, "%3d) ", ++MW(w)->moveno);
		pad(w, text, CELL);
		fmt_put(w, " ", 1);
		MW(w)->col = 1;
		return;
	}
	if (MW(w)->col == 0) {
		fmt_printf(w, "%3d) ", ++MW(w)->moveno);
		pad(w, "", CELL);
		fmt_put(w, " ", 1);
	}
	if (xg(w))
		pad(w, text, CELL);
	else
		fmt_mat_text(w, text);
	if (xg(w))
		fmt_put(w, " ", 1);
	eol(w);
	MW(w)->col = 0;
}

/*
 * The steps to write for move record i: the replay's play, in the
 * order the text wrote them when the text wrote single steps.
 */
static int
steps(const bg_writer *w, size_t i, bg_play *out)
{
	const bg_record *r = bg_game_record(w->g, i);
	const struct wrec *wr = &w->wr[i];
	bg_play written;
	unsigned char used[4];
	int a, b;

	if (!wr->played)
		return 0;
	*out = wr->play;
	if (bg_play_from_notation(&written, &r->note) < 0 ||
	    written.n != wr->play.n)
		return 1;
	memset(used, 0, sizeof used);
	for (a = 0; a < written.n; a++) {
		for (b = 0; b < wr->play.n; b++)
			if (!used[b] && wr->play.step[b].from ==
			    written.step[a].from && wr->play.step[b].to ==
			    written.step[a].to)
				break;
		if (b == wr->play.n)
			return 1;	/* the text joined steps, so they
					   keep the replay's order */
		used[b] = 1;
		out->step[a] = wr->play.step[b];
		out->die[a] = wr->play.die[b];
		out->hit[a] = wr->play.hit[b];
	}
	return 1;
}

/* The cell of a move record. */
static void
move_cell(bg_writer *w, size_t i, char *buf, size_t size)
{
	const bg_record *r = bg_game_record(w->g, i), *nx;
	bg_notation n;
	bg_play p;
	size_t k;
	int j;

	k = (size_t)snprintf(buf, size, "%d%d: ", r->dice[0], r->dice[1]);
	if (r->flags & BG_RF_BADPLAY) {
		snprintf(buf, size, "%s", r->text);
		return;
	}
	if (r->note.kind == BG_NOTE_UNKNOWN) {
		/*
		 * For a roll and then a resignation, gnubg writes the roll
		 * alone.
		 */
		nx = fmt_next_action(w->g, i);
		if (xg(w) || nx == NULL || nx->kind != BG_REC_WIN)
			snprintf(buf + k, size - k, "???");
		return;
	}
	if (r->note.kind != BG_NOTE_PLAY || r->note.npath == 0) {
		/* XG: "64:" for a dance, "33: ???" before a resignation. */
		nx = fmt_next_action(w->g, i);
		if (xg(w) && !w->wr[i].played && nx != NULL &&
		    nx->kind == BG_REC_WIN)
			snprintf(buf + k, size - k, "???");
		else if (xg(w))
			buf[k - 1] = '\0';
		return;
	}
	if (steps(w, i, &p)) {
		if (xg(w))
			memset(p.hit, 0, sizeof p.hit);
		bg_notation_from_play(&n, &p, BG_STYLE_MAT);
	} else
		n = r->note;
	j = bg_notation_format(buf + k, size - k, &n, BG_STYLE_MAT);
	if (j < 0 || (size_t)j >= size - k) {
		snprintf(buf, size, "%s", r->text);
		return;
	}
	if (xg(w)) {
		/* XG writes no stars. */
		char *s, *d;

		for (s = d = buf; *s; s++)
			if (*s != '*')
				*d++ = *s;
		*d = '\0';
		return;
	}
	/* gnubg writes a blank after each step but a fourth one. */
	if (!steps(w, i, &p) && bg_play_from_notation(&p, &r->note) < 0)
		p.n = 4;
	if (p.n < 4) {
		k = strlen(buf);
		if (k + 1 < size) {
			buf[k] = ' ';
			buf[k + 1] = '\0';
		}
	}
}

/* "; Set Pos=": XG's position and cube from our XGID, or as read. */
static void
setpos(bg_writer *w, const bg_record *r)
{
	bg_board b;
	bg_matchstate ms;
	char pos[32];
	int d;

	end_line(w);
	if (strncmp(r->text, "XGID=", 5) != 0 ||
	    bg_xgid_decode(&b, &ms, r->text, r->len, BG_VARIANT_STANDARD) <
	    0 || r->len < 31) {
		fmt_puts(w, "; Set Pos=");
		fmt_mat_text(w, r->text);
		eol(w);
		return;
	}
	memcpy(pos, r->text + 5, 26);
	pos[26] = '\0';
	for (d = 0; (1 << d) < ms.cube; d++)
		;
	if (ms.cube_owner == BG_CENTRED && ms.cube > 1)
		fmt_lost(w, r, "a centred cube at %d", ms.cube);
	if (ms.dice[0] != 0)
		fmt_lost(w, r, "the dice %d%d of a set position", ms.dice[0],
		    ms.dice[1]);
	/* Read back, the bottom side is on roll unless an action follows. */
	else if (ms.on_roll == 0 && fmt_next_action(w->g,
	    (size_t)(r - bg_game_record(w->g, 0))) == NULL)
		fmt_lost(w, r, "the side on roll of a set position");
	if (ms.cube_owner == BG_CENTRED)
		fmt_printf(w, "; Set Pos=%s/0", pos);
	else
		fmt_printf(w, "; Set Pos=%s/%s%d", pos,
		    ms.cube_owner == 0 ? "-" : "", d);
	eol(w);
}

/* The "Wins" line: in the winner's column, as gnubg and XG place it. */
static void
win(bg_writer *w, const bg_record *r, const bg_record *prev)
{
	char text[64];
	int v = r->value;

	if (v == 0 && bg_replay_result(w->rp)->winner == r->side)
		v = bg_replay_result(w->rp)->points;
	snprintf(text, sizeof text, " Wins %d point%s%s", v,
	    v == 1 || xg(w) ? "" : "s",
	    r->flags & BG_RF_MATCH ? " and the match" : "");
	if (r->side == 1 && MW(w)->col == 1) {
		fmt_puts(w, text);
		if (!xg(w) && prev != NULL && prev->kind == BG_REC_DROP)
			fmt_put(w, " ", 1);
	} else {
		end_line(w);
		fmt_puts(w, "     ");
		if (r->side == 1) {
			pad(w, "", CELL);
			fmt_put(w, " ", 1);
		}
		fmt_puts(w, text);
	}
	eol(w);
	MW(w)->col = 0;
}

int
fmt_mat_game(bg_writer *w)
{
	const bg_game *g = w->g;
	char names[2][256];
	int s;

	fmt_printf(w, " Game %d", bg_game_number(g) > 0 ? bg_game_number(g) :
	    w->games + 1);
	eol(w);
	for (s = 0; s < 2; s++)
		name(w, names[s], sizeof names[s], s);
	fmt_mat_names(w, names[0], names[1]);
	return fmt_mat_moves(w, 0);
}

void
fmt_mat_names(bg_writer *w, const char *left, const char *right)
{
	fmt_put(w, " ", 1);
	pad(w, left, xg(w) ? 32 : 31);
	/* gnubg runs a long name into the next; a reader needs a blank. */
	if (strlen(left) >= (xg(w) ? 32u : 31u))
		fmt_put(w, " ", 1);
	fmt_mat_text(w, right);
	eol(w);
}

int
fmt_mat_moves(bg_writer *w, size_t from)
{
	const bg_game *g = w->g;
	const bg_record *r, *prev = NULL;
	char buf[256];
	size_t i, n = bg_game_record_count(g);

	MW(w)->col = 0;
	MW(w)->moveno = 0;
	if (fmt_sgf_names(g, buf, sizeof buf) > 0)
		fmt_lost(w, NULL, "SGF properties %s", buf);
	for (i = from; i < n; i++) {
		r = bg_game_record(g, i);
		switch (r->kind) {
		case BG_REC_MOVE:
			move_cell(w, i, buf, sizeof buf);
			cell(w, r->side, buf);
			break;
		case BG_REC_DOUBLE:
		case BG_REC_BEAVER:
		case BG_REC_RACCOON:
			snprintf(buf, sizeof buf, " %s => %d",
			    r->kind == BG_REC_DOUBLE ? "Doubles" :
			    r->kind == BG_REC_BEAVER ? "Beavers" : "Raccoons",
			    r->value ? r->value : w->wr[i].pos ?
			    w->wr[i].ms.cube * 2 : 0);
			cell(w, r->side, buf);
			break;
		case BG_REC_TAKE:
			cell(w, r->side, " Takes");
			break;
		case BG_REC_DROP:
			cell(w, r->side, " Drops");
			break;
		case BG_REC_WIN:
			win(w, r, prev);
			break;
		case BG_REC_LOSS:
			snprintf(buf, sizeof buf, " Losses %d point%s",
			    r->value, r->value == 1 || xg(w) ? "" : "s");
			cell(w, r->side, buf);
			break;
		case BG_REC_SETPOS:
			setpos(w, r);
			break;
		case BG_REC_COMMENT:
			end_line(w);
			fmt_puts(w, *r->text ? "; " : ";");
			fmt_mat_text(w, r->text);
			eol(w);
			break;
		default:
			/* Illegal plays and unreadable cells, as read. */
			cell(w, r->side, r->text);
			break;
		}
		if (r->kind != BG_REC_COMMENT)
			prev = r;
	}
	end_line(w);
	/* A blank line after a game; XG writes three. */
	eol(w);
	if (xg(w)) {
		eol(w);
		eol(w);
	}
	return w->err;
}

const struct fmt_wops fmt_mat_wops = {
	sizeof (struct fmt_matw), fmt_mat_match, fmt_mat_game, fmt_mat_end
};
