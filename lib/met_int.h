/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * met_int.h: the storage of a match equity table (bg_stats_init(3)): up to
 * MET_MAX points, pre-Crawford and post-Crawford.  Included by met.c,
 * met_data.c (the default table) and stats.c; never installed.
 */
#ifndef MET_INT_H
#define MET_INT_H

#include "bgkit.h"

#define MET_MAX	64	/* the longest table gnubg reads */

/* The default table's numbers, as compiled in (met_data.c). */
struct met_table {
	const char	*name;
	int		 len;
	double		 pre[25][25];
	double		 post[25];
};

extern const struct met_table met_kazaross_xg2;

/*
 * A table.  pre[i][j]: the match-winning chance of a player needing
 * i + 1 points against one needing j + 1, before the Crawford game;
 * post[s][i]: that of player s needing i + 1 points against one needing
 * 1 after the Crawford game.
 */
struct bg_met {
	char	name[128];
	int	len;
	double	pre[MET_MAX][MET_MAX];
	double	post[2][MET_MAX];
};

#endif
