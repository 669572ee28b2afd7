/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgshow.h: what bgshow.c and bgshow_lost.c share.  Not installed.
 */
#ifndef BGSHOW_H
#define BGSHOW_H

/*
 * Warn on stderr of what form f cannot hold of the position p written,
 * unless the filter turned the warning not_written off.  Returns 0.
 */
int	show_lost(bg_posfmt, const bg_shown *, const bg_diagfilter *);

#endif
