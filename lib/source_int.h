/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * source_int.h: the bytes under the pipeline's reader (source.c): plain,
 * gzip-compressed, or the members of a zip or tar archive one at a time.
 */
#ifndef SOURCE_INT_H
#define SOURCE_INT_H

struct src;

/* A source over read(ctx); NULL with errno ENOMEM. */
struct src	*src_new(bg_read_fn, void *, const char *);
void		 src_free(struct src *);
/* The next member (a plain input is one): 1, 0 after the last, -1. */
int		 src_next(struct src *);
/*
 * Read the member named "INPUT:MEMBER" alone: 1 when it is the current
 * member now, 0 when there is none, -1 (errno ENOMEM, or damaged).
 */
int		 src_select(struct src *, const char *);
/* A bg_read_fn over the current member: bytes read, 0 at its end, -1. */
long		 src_read(void *, char *, size_t);
/*
 * A fmt_take_fn (fmt_int.h): the buffer of the first read, handed over
 * with back bytes given back, when the input is plain, every byte
 * handed on so far came from that buffer and back of them are given
 * back; the room after the bytes is at least SRC_ROOM.  Else NULL.
 */
#define SRC_ROOM	64
char		*src_take(void *, size_t, size_t *, size_t *);
/* "INPUT" or "INPUT:MEMBER". */
const char	*src_name(const struct src *);
/* The input's own name. */
const char	*src_input(const struct src *);
/* The one member src_select() chose, or NULL: all of them. */
const char	*src_selected(const struct src *);
/* Whether the compressed or archived input was found damaged. */
int		 src_failed(const struct src *);
/* What is wrong with a damaged input, in libarchive's words; else "". */
const char	*src_why(const struct src *);

#endif
