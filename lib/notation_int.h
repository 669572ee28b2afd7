/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * notation_int.h: the notation reader's shortcut for the format readers
 * (fmt_*.c), which know a cell's play text is trimmed and has no dice
 * prefix.  Private to lib/; never installed.
 */
#ifndef NOTATION_INT_H
#define NOTATION_INT_H

/*
 * Read s[0..len), trimmed, without a ':', in gnubg's .mat notation:
 * 1 with n filled as bg_notation_parse would fill it, or 0 (n cleared)
 * when the text needs bg_notation_parse.
 */
int	notation_plain(bg_notation *, const char *, size_t);

#endif
