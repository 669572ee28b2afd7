/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgshow_lost.c: bgshow's warning that the form asked for (an OGID, or
 * an XGID of a position given as an ID) cannot hold part of the
 * position shown, in the words bg_posfmt_lost() gives, each kind of
 * loss told once a run.  Part of bgshow only.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"
#include "bgshow.h"

/*
 * An OGID loses what it cannot hold of any position, an XGID only of a
 * position given as an ID.  Each loss is told once in a run, not again
 * for the next position that has it.
 */
int
show_lost(bg_posfmt f, const bg_shown *p, const bg_diagfilter *filter)
{
	/* The losses told so far, a line each, so that each is told once. */
	static char told[1024];
	char what[256];

	if (bg_diagfilter_shows(filter, BG_WLOST) &&
	    (f == BG_POS_OGID || (f == BG_POS_XGID && p->action == NULL)) &&
	    bg_posfmt_lost(what, sizeof what, f, p->ms) > 0 &&
	    strstr(told, what) == NULL) {
		cli_warnx("warning: %s cannot hold %s: not written",
		    f == BG_POS_OGID ? "an OGID" : "an XGID", what);
		if (strlen(told) + strlen(what) + 2 < sizeof told)
			strcat(strcat(told, what), "\n");
	}
	return 0;
}
