/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_xg_int.h: what the reader of eXtreme Gammon's files (fmt_xg.c)
 * shares with the reader of their analysis (fmt_xg_analysis.c): the
 * little-endian fields of XG's records, the streams an archive holds
 * beside its games (rollouts and comments), and the readers of a move
 * record's and a cube record's analysis and of one comment.  Included
 * by those two files only; never installed.
 */
#ifndef FMT_XG_INT_H
#define FMT_XG_INT_H

#include <stddef.h>

#include "bgkit.h"

#define XG_RECSIZE	2560	/* one record of temp.xg */
#define XG_ROSIZE	2184	/* one rollout of temp.xgr */
#define XG_MAXCAND	32	/* candidates of a move record */

static inline unsigned
xg_u16(const unsigned char *p)
{
	return (unsigned)p[0] | (unsigned)p[1] << 8;
}

static inline unsigned long
xg_u32(const unsigned char *p)
{
	return (unsigned long)p[0] | (unsigned long)p[1] << 8 |
	    (unsigned long)p[2] << 16 | (unsigned long)p[3] << 24;
}

/* A signed 32-bit field, without relying on how a cast wraps. */
static inline long
xg_s32(const unsigned char *p)
{
	unsigned long v = xg_u32(p);

	return v & 0x80000000UL ? -(long)(0xffffffffUL - v) - 1 : (long)v;
}

/* Append code point c to out as UTF-8; returns the bytes written. */
size_t	xg_put_utf8(char *out, unsigned long c);

/* The streams of the archive beside the games, as read (or empty). */
struct xg_streams {
	const unsigned char *ro;	/* temp.xgr: rollouts */
	size_t		 nro;		/* its whole records */
	const unsigned char *com;	/* temp.xgc: comments, in RTF */
	size_t		 comlen;
};

/*
 * The analysis of the move record p (file version version) into *a,
 * its candidates into c: 0 when it has none, 1 when read, -1 when a
 * field is out of its range (*why names it; *a is then unset).
 */
int	xg_move_analysis(bg_rec_analysis *a, bg_candidate c[XG_MAXCAND],
	    const unsigned char *p, int version, const struct xg_streams *s,
	    const char **why);
/* The same for the cube decision of the cube record p. */
int	xg_cube_analysis(bg_rec_analysis *a, const unsigned char *p,
	    int version, const struct xg_streams *s, const char **why);
/*
 * Comment number idx of s as plain UTF-8 text (its RTF undone), in *out
 * (malloc'd, *len bytes, NUL-terminated): 1, 0 when s has no such
 * comment, or -BG_ENOMEM.
 */
int	xg_comment(const struct xg_streams *s, long idx, char **out,
	    size_t *len);

#endif
