/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * draw_int.h: what the two diagram writers (draw_text.c, draw_svg.c)
 * share: an output buffer that counts what it could not hold, the
 * board's geometry from the viewer's side, and the words for a
 * position's match and actions.  Private to lib/; never installed.
 */
#ifndef DRAW_INT_H
#define DRAW_INT_H

#include <stddef.h>

/*
 * Output into a caller's buffer.  len counts every byte written, whether
 * the buffer held it or not.
 */
struct dout {
	char	*buf;
	size_t	 size;
	size_t	 len;
};

void	dout_init(struct dout *, char *, size_t);
void	dout_put(struct dout *, const char *, size_t);
void	dout_str(struct dout *, const char *);
void	dout_printf(struct dout *, const char *, ...)
	    __attribute__((format(printf, 2, 3)));
int	dout_end(struct dout *);

/*
 * The point of the bottom side shown in column col (0..11, left to
 * right) of the top (top = 1) or the bottom row.
 */
int	draw_point(const bg_drawopts *, int col, int top);
/* The winner of an ended game on the board (no checkers left), or -1. */
int	draw_winner(const bg_board *);
/* 1 single game, 2 gammon, 3 backgammon for winner w. */
int	draw_level(const bg_board *, int w, bg_variant);
/* "Nackgammon, 7 points match (Crawford game)" */
void	draw_match(struct dout *, const bg_matchstate *, bg_variant);
/* What side s is doing or did ("Rolled 21", "Drops"), or "". */
void	draw_action(char *, size_t, int s, const bg_board *,
	    const bg_matchstate *, bg_variant);
/*
 * For the HTML writer: the SVG board without pieces (id "board", with an
 * empty group "pieces" for them), and a JSON object saying where a
 * script puts the pieces (draw_svg.c).
 */
void	draw_svg_page(struct dout *, const bg_drawopts *);
void	draw_svg_geometry(struct dout *, const bg_drawopts *);

#endif
