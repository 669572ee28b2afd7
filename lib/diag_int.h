/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * diag_int.h: the list of diagnostics that grows as they are added, kept
 * by every reader, the replay and the writers, and its one policy when
 * memory runs out: a diagnostic that cannot be kept fails the call that
 * raised it.  diaglist_add then returns -BG_ENOMEM with the list as it
 * was; the owner keeps that code as its error and the public call
 * returns it, so that no message is lost without its caller being told
 * and no input is judged on a list with a message missing.
 * Implemented in diag.c.  Private to lib/; never installed; include
 * bgkit.h first.
 */
#ifndef DIAG_INT_H
#define DIAG_INT_H

#include <stddef.h>

struct diaglist {
	bg_diag		*d;
	size_t		 n, cap;
};

/*
 * Add a diagnostic with code, line, col, game, move, side and dice (NULL
 * for none) as bg_diag holds them.  text[0..len) becomes the detail,
 * cut at a character boundary.  Returns 0 or -BG_ENOMEM.
 */
int	diaglist_add(struct diaglist *, int, int, int, int, int, int,
	    const int [2], const char *, size_t);
/*
 * Add a diagnostic for a reader that knows only its line, column and
 * game, with the detail formatted as printf() does (at most 159
 * bytes).  Sets *err to -BG_ENOMEM when the list cannot grow.
 */
void	diaglist_addf(struct diaglist *, int *, int, int, int, int,
	    const char *, ...) __attribute__((format(printf, 7, 8)));
void	diaglist_free(struct diaglist *);

/*
 * Write the first bytes of an input, p[0..n), into t as the detail of
 * a diagnostic about binary data: head, then at most DIAG_BYTES bytes,
 * printable ASCII as itself, a backslash, tab, LF and CR as \\, \t, \n
 * and \r, and any other byte as \xNN.  " ..." follows when bytes are
 * left out, or when more is set (the input goes on past p[n)).  At
 * most size - 1 characters go to t, and a NUL.
 */
#define DIAG_BYTES	16
void	diag_bytes(char *, size_t, const char *, const unsigned char *,
	    size_t, int);

#endif
