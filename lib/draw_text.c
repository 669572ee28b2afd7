/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * draw_text.c: a position as a text diagram in the layout of gnubg's
 * ASCII board (bg_draw_text(3)): thirteen rows of points, bar and
 * borders, stacks over five shown by their count, the borne-off checkers
 * beside the board, and down the right margin each side's name, score,
 * roll and pip count, with the match length and the cube.  Names are
 * written with control characters and invalid UTF-8 escaped.  Also the
 * helpers both diagram writers share (draw_int.h).  Part of libbgkit;
 * callers use bg_draw_text() from bgkit.h.
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "chars_int.h"
#include "draw_int.h"

#define STACK	5	/* checkers drawn on a point before the count */
#define ROWS	13	/* border, five rows, the bar row, five, border */
#define BARROW	6
#define WIDTH	44	/* marker, frame and twelve points of three */

void
dout_init(struct dout *o, char *buf, size_t size)
{
	o->buf = buf;
	o->size = buf != NULL ? size : 0;
	o->len = 0;
	if (o->size > 0)
		buf[0] = '\0';
}

void
dout_put(struct dout *o, const char *s, size_t n)
{
	size_t room;

	if (o->len + 1 < o->size) {
		room = o->size - 1 - o->len;
		memcpy(o->buf + o->len, s, n < room ? n : room);
		o->buf[o->len + (n < room ? n : room)] = '\0';
	}
	o->len += n;
}

void
dout_str(struct dout *o, const char *s)
{
	dout_put(o, s, strlen(s));
}

void
dout_printf(struct dout *o, const char *fmt, ...)
{
	char tmp[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(tmp, sizeof tmp, fmt, ap);
	va_end(ap);
	if (n > 0)
		dout_put(o, tmp, (size_t)n < sizeof tmp ? (size_t)n :
		    sizeof tmp - 1);
}

int
dout_end(struct dout *o)
{
	return o->len > INT_MAX ? -BG_ENOMEM : (int)o->len;
}

int
draw_point(const bg_drawopts *d, int col, int top)
{
	if (top)
		return d->clockwise ? 24 - col : 13 + col;
	return d->clockwise ? col + 1 : 12 - col;
}

int
draw_winner(const bg_board *b)
{
	int s;

	for (s = 0; s < 2; s++)
		if (bg_board_checkers(b, s) == 0 &&
		    bg_board_checkers(b, !s) > 0)
			return s;
	return -1;
}

int
draw_level(const bg_board *b, int w, bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);
	int p;

	if (b->pt[!w][BG_OFF] > 0)
		return 1;
	if (vi != NULL && (vi->flags & BG_VF_BACKGAMMON))
		for (p = 19; p <= 25; p++)
			if (b->pt[!w][p] > 0)
				return 3;
	return 2;
}

void
bg_drawopts_init(bg_drawopts *d)
{
	memset(d, 0, sizeof *d);
	d->bottom = 1;
	d->variant = BG_VARIANT_STANDARD;
}

/* A name with control characters and invalid UTF-8 as \xNN. */
static void
putname(struct dout *o, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n;

	while (p != NULL && *p != '\0') {
		if (*p >= 0x20 && *p < 0x7f) {
			dout_put(o, (const char *)p, 1);
			p++;
		} else if (*p >= 0x80 && !isc1(p) && (n = utf8seq(p)) > 0) {
			dout_put(o, (const char *)p, (size_t)n);
			p += n;
		} else
			dout_printf(o, "\\x%02x", *p++);
	}
}

/*
 * The three characters of a column at depth k (0 at the board's edge)
 * for n checkers shown as ch: the checker, the count in the fifth row of
 * a taller stack, or blanks.
 */
static void
cell(char *c, int n, int k, char ch)
{
	c[0] = c[1] = c[2] = ' ';
	if (n > STACK && k == STACK - 1) {
		if (n > 9) {
			c[1] = (char)('0' + n / 10);
			c[2] = (char)('0' + n % 10);
		} else
			c[1] = (char)('0' + n);
	} else if (k < n)
		c[1] = ch;
}

static const char letter[2] = { 'O', 'X' };

/* Draw the board part of row r, without margins: WIDTH - 1 characters. */
static void
boardrow(char *line, int r, const bg_board *b, const bg_matchstate *ms,
    const bg_drawopts *d)
{
	int bot = d->bottom, top = !d->bottom, half, col, p, k, n, s;
	char *c = line;

	if (r == 0 || r == ROWS - 1) {
		*c++ = '+';
		for (col = 0; col < 12; col++) {
			p = draw_point(d, col, r == 0);
			if (ms->on_roll != bot)
				p = 25 - p;
			snprintf(c, 4, "%2d-", p);
			if (c[0] == ' ')
				c[0] = '-';
			c += 3;
			if (col == 5) {
				memcpy(c, "-----", 5);
				c += 5;
			}
		}
		c[-1] = '-';
		*c++ = '+';
		*c = '\0';
		return;
	}
	if (r == BARROW) {
		snprintf(line, WIDTH, "|%18s|BAR|%18s|", "", "");
		return;
	}
	half = r < BARROW;		/* the top half */
	k = half ? r - 1 : ROWS - 2 - r;
	*c++ = '|';
	for (col = 0; col < 12; col++) {
		p = draw_point(d, col, half);
		if (b->pt[bot][p] > 0) {
			n = b->pt[bot][p];
			s = bot;
		} else {
			n = b->pt[top][25 - p];
			s = top;
		}
		cell(c, n, k, letter[s]);
		c += 3;
		if (col == 5) {
			s = half ? top : bot;
			*c++ = '|';
			cell(c, b->pt[s][BG_BAR], k, letter[s]);
			c += 3;
			*c++ = '|';
		}
	}
	*c++ = '|';
	*c = '\0';
}

/* The borne-off checkers of row r: three columns of five. */
static void
tray(char *t, int r, const bg_board *b, const bg_drawopts *d)
{
	int s, k, j, off;

	memset(t, ' ', 3);
	t[3] = '\0';
	if (r == 0 || r == BARROW || r == ROWS - 1)
		return;
	s = r < BARROW ? !d->bottom : d->bottom;
	k = r < BARROW ? r - 1 : ROWS - 2 - r;
	off = b->pt[s][BG_OFF];
	for (j = 0; j < 3; j++)
		if (off > STACK * j + k)
			t[j] = letter[s];
}

void
draw_match(struct dout *o, const bg_matchstate *ms, bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);

	if (v != BG_VARIANT_STANDARD && vi != NULL)
		dout_printf(o, "%s, ", vi->title);
	if (ms->length > 0)
		dout_printf(o, "%d point%s match", ms->length,
		    ms->length == 1 ? "" : "s");
	else
		dout_str(o, "Money game");
	if (ms->crawford)
		dout_str(o, " (Crawford game)");
}

static const char *const levelname[] = { "", "a single game", "a gammon",
	"a backgammon" };

void
draw_action(char *a, size_t size, int s, const bg_board *b,
    const bg_matchstate *ms, bg_variant v)
{
	int w;

	*a = '\0';
	switch (ms->state) {
	case BG_GAME_PLAYING:
		if (ms->doubled) {
			if (s == ms->on_roll)
				snprintf(a, size, "Doubles to %d",
				    2 * ms->cube);
		} else if (ms->resign >= 1 && ms->resign <= 3) {
			if (s != ms->turn)
				snprintf(a, size, "Resigns %s",
				    levelname[ms->resign]);
		} else if (s == ms->on_roll) {
			if (ms->dice[0] > 0)
				snprintf(a, size, "Rolled %d%d", ms->dice[0],
				    ms->dice[1]);
			else
				snprintf(a, size, "On roll");
		}
		break;
	case BG_GAME_OVER:
		if ((w = draw_winner(b)) == s)
			snprintf(a, size, "Wins %s",
			    levelname[draw_level(b, w, v)]);
		break;
	case BG_GAME_RESIGNED:
		if (s == ms->turn && ms->resign >= 1 && ms->resign <= 3)
			snprintf(a, size, "Resigns %s", levelname[ms->resign]);
		break;
	case BG_GAME_DROPPED:
		if (s == ms->turn)
			snprintf(a, size, "Drops");
		break;
	default:
		break;
	}
}

/* Write the margin text of row r. */
static void
status(struct dout *o, int r, const bg_board *b, const bg_matchstate *ms,
    const bg_drawopts *d)
{
	const bg_variant_info *vi = bg_variant_get(d->variant);
	int s = r < BARROW ? !d->bottom : d->bottom;
	int k = r < BARROW ? r : ROWS - 1 - r;	/* 0 is the name row */
	int cube = ms->cube_max > 0 && vi != NULL && (vi->flags & BG_VF_CUBE);
	char a[64];

	if (r == BARROW) {
		draw_match(o, ms, d->variant);
		if (!ms->crawford && cube && ms->cube_owner == BG_CENTRED)
			dout_printf(o, " (Cube: %d)", ms->cube);
		return;
	}
	switch (k) {
	case 0:
		dout_printf(o, "%c:", letter[s]);
		if (d->name[s] != NULL && *d->name[s] != '\0') {
			dout_str(o, " ");
			putname(o, d->name[s]);
		}
		if (cube && ms->cube_owner == s)
			dout_printf(o, " (Cube: %d)", ms->cube);
		break;
	case 1:
		dout_printf(o, "%d point%s", ms->score[s],
		    ms->score[s] == 1 ? "" : "s");
		break;
	case 2:
		draw_action(a, sizeof a, s, b, ms, d->variant);
		dout_str(o, a);
		break;
	case 3:
		dout_printf(o, "%d pips", bg_board_pips(b, s));
		break;
	default:
		break;
	}
}

int
bg_draw_text(char *buf, size_t size, const bg_board *b,
    const bg_matchstate *ms, const bg_drawopts *d)
{
	struct dout o, m;
	char pid[BG_POSID_LEN + 1], mid[BG_MATCHID_LEN + 1], xg[128];
	char row[WIDTH + 8], t[4], head[WIDTH + 16];
	int r, rc;
	size_t n;

	if (b == NULL || ms == NULL || d == NULL ||
	    (d->bottom != 0 && d->bottom != 1) ||
	    (ms->on_roll != 0 && ms->on_roll != 1))
		return -BG_EINVAL;
	if ((rc = bg_board_check(b, d->variant)) < 0)
		return rc;
	dout_init(&o, buf, size);
	if (bg_posid_encode(pid, sizeof pid, b, ms->on_roll) >= 0) {
		dout_printf(&o, " Position ID: %s", pid);
		if (bg_matchid_encode(mid, sizeof mid, ms) >= 0)
			dout_printf(&o, "  Match ID: %s", mid);
		dout_str(&o, "\n");
	}
	if ((rc = bg_xgid_encode(xg, sizeof xg, b, ms)) >= 0 &&
	    (size_t)rc < sizeof xg)
		dout_printf(&o, " %s\n", xg);
	for (r = 0; r < ROWS; r++) {
		boardrow(row, r, b, ms, d);
		tray(t, r, b, d);
		n = (size_t)snprintf(head, sizeof head, "%s%s%c%s %s ",
		    d->clockwise ? t : "", d->clockwise ? " " : "",
		    r != BARROW ? ' ' : ms->on_roll == d->bottom ? 'v' : '^',
		    row, d->clockwise ? "   " : t);
		/* No margin text: no trailing blanks either. */
		dout_init(&m, NULL, 0);
		status(&m, r, b, ms, d);
		if (m.len == 0)
			while (n > 0 && head[n - 1] == ' ')
				n--;
		dout_put(&o, head, n);
		status(&o, r, b, ms, d);
		dout_str(&o, "\n");
	}
	return dout_end(&o);
}
