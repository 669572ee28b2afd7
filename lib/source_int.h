/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * source_int.h: the bytes under the pipeline's reader (source.c): plain,
 * gzip-compressed, or the members of a zip or tar archive one at a time.
 */
#ifndef SOURCE_INT_H
#define SOURCE_INT_H

struct src;

/* Make a source that reads through read(ctx); NULL with errno ENOMEM. */
struct src	*src_new(bg_read_fn, void *, const char *);
void		 src_free(struct src *);
/*
 * Move to the next member; a plain input is one member.  Returns 1, 0
 * after the last member, or -1 on failure.
 */
int		 src_next(struct src *);
/*
 * Read the member named "INPUT:MEMBER" alone.  Returns 1 when it is the
 * current member now, 0 when there is no such member, and -1 when
 * memory runs out (errno ENOMEM) or the input is damaged.
 */
int		 src_select(struct src *, const char *);
/*
 * A bg_read_fn over the current member: the number of bytes read, 0 at
 * the member's end, or -1 on failure.
 */
long		 src_read(void *, char *, size_t);
/*
 * A fmt_take_fn (fmt_int.h).  When the input is plain and every byte
 * handed on so far came from the buffer of the first read, hand that
 * buffer over, with the back bytes the caller gives back in it; the
 * room after the bytes is at least SRC_ROOM.  Otherwise return NULL.
 */
#define SRC_ROOM	64
char		*src_take(void *, size_t, size_t *, size_t *);
/* The name of the current member: "INPUT" or "INPUT:MEMBER". */
const char	*src_name(const struct src *);
/* The input's own name. */
const char	*src_input(const struct src *);
/* The one member src_select() chose, or NULL when every member is read. */
const char	*src_selected(const struct src *);
/* Whether the compressed or archived input was found damaged. */
int		 src_failed(const struct src *);
/*
 * What is wrong with a damaged input, in libarchive's words; "" when
 * nothing is.
 */
const char	*src_why(const struct src *);

#endif
