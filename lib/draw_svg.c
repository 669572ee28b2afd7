/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * draw_svg.c: a position as a standalone SVG picture for print and the
 * web: frame, points, checkers (a count on the fifth checker of a taller
 * stack), bar, bear-off trays beside the bottom side's home board, the
 * cube in its column (centred, or at its owner's side), the dice in the
 * roller's half, point numbers from the bottom side's view, and each
 * side's name, score and pips above and below.  Integer coordinates in
 * a fixed viewBox, a generic font family and nothing external; names
 * are XML-escaped, with control characters and invalid UTF-8 replaced.
 * Part of libbgkit; callers use bg_draw_svg() from bgkit.h.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "chars_int.h"
#include "draw_int.h"

#define MARGIN	10
#define PW	44		/* the width of a point */
#define CR	20		/* the radius of a checker */
#define STACK	5
#define HALF	(STACK * 2 * CR)	/* a half board's height */
#define MID	40		/* the gap between the halves */
#define FRAME	12
#define BARW	52
#define TRAYW	52
#define CUBECOL	60
#define CUBE	44
#define DIE	32
#define BAND	34		/* the height of a side's name line */
#define NUMS	20		/* the height of the point numbers */
#define CAPTION	26
#define NAMEMAX	32		/* how many characters of a name show */

#define INNERH	(2 * HALF + MID)
#define BOARDW	(3 * FRAME + 12 * PW + BARW + TRAYW)
#define WIDTH	(2 * MARGIN + CUBECOL + BOARDW)
#define TOPY	(MARGIN + BAND + NUMS)	/* the frame's top edge */
#define INY0	(TOPY + FRAME)		/* the playing area's top edge */
#define INY1	(INY0 + INNERH)
#define HEIGHT	(INY1 + FRAME + NUMS + BAND + CAPTION + MARGIN)

#define C_FRAME		"#6b4a2b"
#define C_FELT		"#efe4cc"
#define C_DARK		"#9c3d2c"
#define C_LIGHT		"#d9c29a"
#define C_LINE		"#3a2a1a"

static const char *const fill[2] = { "#fbfaf4", "#2b2b2b" };
static const char *const ink[2] = { "#2b2b2b", "#fbfaf4" };

/* Where things go: the x of each part, from left to right. */
struct geom {
	int	x0, x1;		/* the frame's outer edges */
	int	left, bar, right;	/* the halves and the bar */
	int	tray;		/* the bear-off tray */
	int	cube;		/* the cube column's centre */
};

static void
layout(struct geom *g, const bg_drawopts *d)
{
	if (!d->clockwise) {
		g->x0 = MARGIN + CUBECOL;
		g->left = g->x0 + FRAME;
		g->bar = g->left + 6 * PW;
		g->right = g->bar + BARW;
		g->tray = g->right + 6 * PW + FRAME;
		g->x1 = g->tray + TRAYW + FRAME;
		g->cube = MARGIN + CUBECOL / 2;
	} else {
		g->x0 = MARGIN;
		g->tray = g->x0 + FRAME;
		g->left = g->tray + TRAYW + FRAME;
		g->bar = g->left + 6 * PW;
		g->right = g->bar + BARW;
		g->x1 = g->right + 6 * PW + FRAME;
		g->cube = g->x1 + CUBECOL / 2;
	}
}

static int
colx(const struct geom *g, int col)
{
	return (col < 6 ? g->left + col * PW : g->right + (col - 6) * PW) +
	    PW / 2;
}

/*
 * Write text for XML: escaped, with control characters and bad UTF-8
 * written as U+FFFD.
 */
static void
xmltext(struct dout *o, const char *s, int max)
{
	const unsigned char *p = (const unsigned char *)s;
	int n, chars = 0;

	for (; p != NULL && *p != '\0'; chars++) {
		if (chars == max) {
			dout_str(o, "\xe2\x80\xa6");	/* an ellipsis */
			return;
		}
		if (*p == '&')
			dout_str(o, "&amp;");
		else if (*p == '<')
			dout_str(o, "&lt;");
		else if (*p == '>')
			dout_str(o, "&gt;");
		else if (*p == '"')
			dout_str(o, "&quot;");
		else if (*p == '\'')
			dout_str(o, "&#39;");
		else if (*p >= 0x20 && *p < 0x7f)
			dout_put(o, (const char *)p, 1);
		else if (*p >= 0x80 && !isc1(p) && (n = utf8seq(p)) > 0) {
			dout_put(o, (const char *)p, (size_t)n);
			p += n;
			continue;
		} else
			dout_str(o, "\xef\xbf\xbd");
		p++;
	}
}

static void
checker(struct dout *o, int x, int y, int s)
{
	dout_printf(o, "<circle cx=\"%d\" cy=\"%d\" r=\"%d\" fill=\"%s\" "
	    "stroke=\"%s\" stroke-width=\"2\"/>\n", x, y, CR - 1, fill[s],
	    ink[0]);
}

static void
label(struct dout *o, int x, int y, int size, const char *color,
    const char *anchor, const char *weight)
{
	dout_printf(o, "<text x=\"%d\" y=\"%d\" font-size=\"%d\" "
	    "fill=\"%s\" text-anchor=\"%s\"%s%s%s>", x, y, size, color, anchor,
	    *weight ? " font-weight=\"" : "", weight, *weight ? "\"" : "");
}

/*
 * A stack of n checkers of side s from y0 (the edge) going dir (1 down,
 * -1 up): five at most, the fifth carrying the count of a taller one.
 */
static void
stack(struct dout *o, int x, int y0, int dir, int n, int s)
{
	int k, y;

	for (k = 0; k < n && k < STACK; k++) {
		y = y0 + dir * (CR + 2 * CR * k);
		checker(o, x, y, s);
		if (k == STACK - 1 && n > STACK) {
			label(o, x, y + 6, 17, ink[s], "middle", "bold");
			dout_printf(o, "%d</text>\n", n);
		}
	}
}

static void
points(struct dout *o, const struct geom *g, const bg_board *b,
    const bg_drawopts *d)
{
	int col, top, x, p, n, s = 0, tip;

	for (top = 1; top >= 0; top--)
		for (col = 0; col < 12; col++) {
			x = colx(g, col) - PW / 2;
			tip = top ? INY0 + HALF - 8 : INY1 - HALF + 8;
			dout_printf(o, "<polygon points=\"%d,%d %d,%d %d,%d\" "
			    "fill=\"%s\"/>\n", x, top ? INY0 : INY1, x + PW,
			    top ? INY0 : INY1, x + PW / 2, tip,
			    (col + top) % 2 ? C_DARK : C_LIGHT);
		}
	for (top = 1; top >= 0; top--)
		for (col = 0; col < 12; col++) {
			p = draw_point(d, col, top);
			if (b == NULL)
				n = 0;	/* the empty board of a page */
			else if ((n = b->pt[d->bottom][p]) > 0)
				s = d->bottom;
			else {
				s = !d->bottom;
				n = b->pt[s][25 - p];
			}
			if (n > 0)
				stack(o, colx(g, col), top ? INY0 : INY1,
				    top ? 1 : -1, n, s);
			/* The number, as the bottom side counts its points. */
			label(o, colx(g, col), top ? TOPY - 6 : INY1 + FRAME +
			    15, 13, C_LINE, "middle", "");
			dout_printf(o, "%d</text>\n", p);
		}
}

/*
 * Draw the checkers on the bar from the middle outwards, and the
 * borne-off checkers as slabs.
 */
static void
barandtrays(struct dout *o, const struct geom *g, const bg_board *b,
    const bg_drawopts *d)
{
	int s, k, n, y, top;

	for (top = 1; top >= 0; top--) {
		s = top ? !d->bottom : d->bottom;
		stack(o, g->bar + BARW / 2, top ? INY0 + HALF : INY1 - HALF,
		    top ? -1 : 1, b->pt[s][BG_BAR], s);
		n = b->pt[s][BG_OFF];
		for (k = 0; k < n && k < 15; k++) {
			y = top ? INY0 + 4 + 13 * k : INY1 - 4 - 10 - 13 * k;
			dout_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" "
			    "height=\"10\" rx=\"2\" fill=\"%s\" stroke=\"%s\" "
			    "stroke-width=\"1.5\"/>\n", g->tray + 5, y,
			    TRAYW - 10, fill[s], ink[0]);
		}
		if (n > 0) {
			label(o, g->tray + TRAYW / 2, top ? INY0 + HALF + 16 :
			    INY1 - HALF - 6, 13, C_LINE, "middle", "bold");
			dout_printf(o, "%d</text>\n", n);
		}
	}
}

static void
cube(struct dout *o, int x, int y, int value)
{
	dout_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "rx=\"6\" fill=\"#ffffff\" stroke=\"%s\" stroke-width=\"2\"/>\n",
	    x - CUBE / 2, y - CUBE / 2, CUBE, CUBE, C_LINE);
	label(o, x, y + 8, value >= 1000 ? 15 : value >= 100 ? 19 : 22,
	    C_LINE, "middle", "bold");
	dout_printf(o, "%d</text>\n", value);
}

/* Pip positions on a die, in sixths of its size. */
static void
die(struct dout *o, int x, int y, int v, int s)
{
	static const char *const pips[7] = { "", "33", "1551", "153351",
	    "11155155", "1115335155", "111513535155" };
	const char *p;

	dout_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "rx=\"5\" fill=\"%s\" stroke=\"%s\" stroke-width=\"2\"/>\n", x, y,
	    DIE, DIE, fill[s], ink[0]);
	for (p = pips[v]; p[0] != '\0'; p += 2)
		dout_printf(o, "<circle cx=\"%d\" cy=\"%d\" r=\"3\" "
		    "fill=\"%s\"/>\n", x + (p[0] - '0') * DIE / 6,
		    y + (p[1] - '0') * DIE / 6, ink[s]);
}

static void
cubeanddice(struct dout *o, const struct geom *g, const bg_matchstate *ms,
    const bg_drawopts *d)
{
	const bg_variant_info *vi = bg_variant_get(d->variant);
	int y, x, half;

	/* The roller's dice (or an offered cube) in the middle of its half:
	   the right one for the bottom side, the left one for the top. */
	half = ms->on_roll == d->bottom ? g->right : g->left;
	x = half + 3 * PW;
	y = INY0 + HALF + MID / 2;
	if (ms->state == BG_GAME_PLAYING && ms->doubled)
		cube(o, x, y, 2 * ms->cube);
	else if (ms->state == BG_GAME_PLAYING && ms->dice[0] > 0) {
		die(o, x - DIE - 4, y - DIE / 2, ms->dice[0], ms->on_roll);
		die(o, x + 4, y - DIE / 2, ms->dice[1], ms->on_roll);
	}
	if (ms->cube_max <= 0 || vi == NULL || !(vi->flags & BG_VF_CUBE) ||
	    ms->crawford || (ms->doubled && ms->state == BG_GAME_PLAYING))
		return;
	if (ms->cube_owner == BG_CENTRED)
		y = INY0 + INNERH / 2;
	else if (ms->cube_owner == d->bottom)
		y = INY1 - CUBE / 2;
	else
		y = INY0 + CUBE / 2;
	cube(o, g->cube, y, ms->cube == 1 && ms->cube_owner == BG_CENTRED ?
	    64 : ms->cube);
}

/* Draw a side's line: a checker, the name, and score and pips at the right. */
static void
band(struct dout *o, int y, int s, const bg_board *b,
    const bg_matchstate *ms, const bg_drawopts *d)
{
	const char *name = d->name[s];

	dout_printf(o, "<circle cx=\"%d\" cy=\"%d\" r=\"9\" fill=\"%s\" "
	    "stroke=\"%s\" stroke-width=\"2\"/>\n", MARGIN + 10, y - 6,
	    fill[s], ink[0]);
	label(o, MARGIN + 26, y, 17, C_LINE, "start", "bold");
	if (name != NULL && *name != '\0')
		xmltext(o, name, NAMEMAX);
	else
		dout_str(o, s ? "X" : "O");
	dout_str(o, "</text>\n");
	label(o, WIDTH - MARGIN, y, 15, C_LINE, "end", "");
	dout_printf(o, "%d point%s \xc2\xb7 %d pips</text>\n", ms->score[s],
	    ms->score[s] == 1 ? "" : "s", bg_board_pips(b, s));
}

static void
caption(struct dout *o, const bg_board *b, const bg_matchstate *ms,
    const bg_drawopts *d)
{
	char a[64];
	int s;

	label(o, WIDTH / 2, HEIGHT - MARGIN - 6, 15, C_LINE, "middle", "");
	draw_match(o, ms, d->variant);
	for (s = 0; s < 2; s++) {
		draw_action(a, sizeof a, s, b, ms, d->variant);
		if (*a == '\0')
			continue;
		dout_str(o, " \xc2\xb7 ");
		if (d->name[s] != NULL && *d->name[s] != '\0')
			xmltext(o, d->name[s], NAMEMAX);
		else
			dout_str(o, s ? "X" : "O");
		dout_printf(o, ": %s", a);
	}
	dout_str(o, "</text>\n");
}

/*
 * The picture: with b and ms NULL, the empty board of a page
 * (draw_svg_page), whose pieces a script draws.
 */
static void
picture(struct dout *o, const bg_board *b, const bg_matchstate *ms,
    const bg_drawopts *d)
{
	struct geom g;
	char xg[128];
	int rc;

	layout(&g, d);
	if (b != NULL) {
		dout_printf(o, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
		    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
		    "height=\"%d\" viewBox=\"0 0 %d %d\" "
		    "font-family=\"DejaVu Sans, Helvetica, Arial, "
		    "sans-serif\">\n", WIDTH, HEIGHT, WIDTH, HEIGHT);
		if ((rc = bg_xgid_encode(xg, sizeof xg, b, ms)) >= 0 &&
		    (size_t)rc < sizeof xg)
			dout_printf(o, "<title>%s</title>\n", xg);
	} else
		dout_printf(o, "<svg xmlns=\"http://www.w3.org/2000/svg\" "
		    "id=\"board\" viewBox=\"0 0 %d %d\" "
		    "font-family=\"DejaVu Sans, Helvetica, Arial, "
		    "sans-serif\">\n", WIDTH, HEIGHT);
	dout_printf(o, "<rect width=\"%d\" height=\"%d\" fill=\"#ffffff\"/>\n",
	    WIDTH, HEIGHT);
	dout_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "rx=\"4\" fill=\"%s\"/>\n", g.x0, TOPY, g.x1 - g.x0,
	    INNERH + 2 * FRAME, C_FRAME);
	dout_printf(o, "<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"%s\"/>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"%s\"/>\n<rect x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" "
	    "fill=\"%s\"/>\n", g.left, INY0, 6 * PW, INNERH, C_FELT, g.right,
	    INY0, 6 * PW, INNERH, C_FELT, g.tray, INY0, TRAYW, INNERH, C_FELT);
	points(o, &g, b, d);
	if (b == NULL) {
		dout_str(o, "<g id=\"pieces\"></g>\n</svg>\n");
		return;
	}
	barandtrays(o, &g, b, d);
	cubeanddice(o, &g, ms, d);
	band(o, MARGIN + BAND - 12, !d->bottom, b, ms, d);
	band(o, INY1 + FRAME + NUMS + BAND - 8, d->bottom, b, ms, d);
	caption(o, b, ms, d);
	dout_str(o, "</svg>\n");
}

int
bg_draw_svg(char *buf, size_t size, const bg_board *b,
    const bg_matchstate *ms, const bg_drawopts *d)
{
	struct dout o;
	int rc;

	if (b == NULL || ms == NULL || d == NULL ||
	    (d->bottom != 0 && d->bottom != 1) ||
	    (ms->on_roll != 0 && ms->on_roll != 1) ||
	    ms->dice[0] < 0 || ms->dice[0] > 6 || ms->dice[1] < 0 ||
	    ms->dice[1] > 6 || ms->cube < 1)
		return -BG_EINVAL;
	if ((rc = bg_board_check(b, d->variant)) < 0)
		return rc;
	dout_init(&o, buf, size);
	picture(&o, b, ms, d);
	return dout_end(&o);
}

void
draw_svg_page(struct dout *o, const bg_drawopts *d)
{
	picture(o, NULL, NULL, d);
}

/*
 * Where the pieces go, for the page's script, which draws them as the
 * functions above do: one place of the code says where everything is.
 */
void
draw_svg_geometry(struct dout *o, const bg_drawopts *d)
{
	struct geom g;
	int col, top, p;

	layout(&g, d);
	dout_printf(o, "{\"w\":%d,\"h\":%d,\"m\":%d,\"r\":%d,\"k\":%d,"
	    "\"bottom\":%d,\"fill\":[\"%s\",\"%s\"],\"ink\":[\"%s\",\"%s\"],"
	    "\"line\":\"%s\",\"names\":%d,\"pt\":[null", WIDTH, HEIGHT, MARGIN,
	    CR, STACK, d->bottom, fill[0], fill[1], ink[0], ink[1], C_LINE,
	    NAMEMAX);
	/*
	 * pt[p] holds the x, the edge and the direction of the bottom
	 * side's point p.
	 */
	for (p = 1; p <= 24; p++)
		for (top = 0; top < 2; top++)
			for (col = 0; col < 12; col++)
				if (draw_point(d, col, top) == p)
					dout_printf(o, ",[%d,%d,%d]",
					    colx(&g, col), top ? INY0 : INY1,
					    top ? 1 : -1);
	/*
	 * bar and tray hold the [top, bottom] rows; dice the left and
	 * right halves.
	 */
	dout_printf(o, "],\"bar\":[[%d,%d,-1],[%d,%d,1]],"
	    "\"tray\":{\"x\":%d,\"w\":%d,\"y\":[%d,%d],\"dy\":[13,-13],"
	    "\"cx\":%d,\"cy\":[%d,%d]},"
	    "\"cube\":{\"size\":%d,\"x\":%d,\"y\":[%d,%d,%d]},"
	    "\"dice\":{\"size\":%d,\"x\":[%d,%d],\"y\":%d},"
	    "\"band\":[%d,%d],\"caption\":[%d,%d]}",
	    g.bar + BARW / 2, INY0 + HALF, g.bar + BARW / 2, INY1 - HALF,
	    g.tray + 5, TRAYW - 10, INY0 + 4, INY1 - 4 - 10,
	    g.tray + TRAYW / 2, INY0 + HALF + 16, INY1 - HALF - 6,
	    CUBE, g.cube, INY0 + CUBE / 2, INY0 + INNERH / 2, INY1 - CUBE / 2,
	    DIE, g.left + 3 * PW, g.right + 3 * PW, INY0 + HALF + MID / 2,
	    MARGIN + BAND - 12, INY1 + FRAME + NUMS + BAND - 8,
	    WIDTH / 2, HEIGHT - MARGIN - 6);
}
