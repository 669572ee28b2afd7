/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * reader.c: the bg_reader.  On the first bg_reader_next_match() it reads
 * a few bytes ahead, asks every format of the table of formats
 * (format.c) to bid on them and takes the highest bid (or takes the
 * format the caller set), opens that format's reader (struct fmt_ops)
 * on the reader base (struct fmt_base: the source, the diagnostics, the
 * match and game) and passes every later call to it; the bytes read
 * ahead are served again first.  The diagnostics accessors answer from
 * the base for every format.  Part of libbgkit; callers use bgkit.h.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"

int
fmt_reserve(char **p, size_t *cap, size_t need)
{
	size_t c = *cap ? *cap : 256;
	char *np;

	if (need <= *cap)
		return 0;
	while (c < need) {
		if (c > (size_t)-1 / 2)
			return -BG_ENOMEM;
		c *= 2;
	}
	if ((np = realloc(*p, c)) == NULL)
		return -BG_ENOMEM;
	*p = np;
	*cap = c;
	return 0;
}

/* --------------------------------------------------------------- source */

long
fmt_src_read(void *ctx, char *buf, size_t n)
{
	struct fmt_src *s = ctx;
	size_t k;
	long got;

	if (s->err)
		return -1;
	if (s->hpos < s->hlen) {
		k = s->hlen - s->hpos;
		if (k > n)
			k = n;
		memcpy(buf, s->head + s->hpos, k);
		s->hpos += k;
		if (s->hpos < s->hlen)
			return (long)k;
		free(s->head);
		s->head = NULL;
		s->hlen = s->hpos = 0;
		if (k == n || s->mem != NULL)
			return (long)k;
		/*
		 * Fill the rest of the buffer from the caller's callback in the
		 * same call rather than in a call of its own, since the head
		 * is only a few hundred bytes.  A failure is told on the next
		 * call, after the bytes that came.
		 */
		got = s->read(s->ctx, buf + k, n - k);
		if (got < 0 || (size_t)got > n - k)
			s->err = 1;
		else
			k += (size_t)got;
		return (long)k;
	}
	if (s->mem != NULL) {
		k = s->memlen - s->mempos;
		if (k > n)
			k = n;
		memcpy(buf, s->mem + s->mempos, k);
		s->mempos += k;
		return (long)k;
	}
	got = s->read(s->ctx, buf, n);
	if (got < 0 || (size_t)got > n) {
		s->err = 1;
		return -1;
	}
	return got;
}

char *
fmt_src_take(struct fmt_src *s, size_t *len, size_t *cap)
{
	char *buf;

	/* The bytes read ahead to tell the format go back whole. */
	if (s->take == NULL || s->err || s->hpos != 0 || s->mem != NULL)
		return NULL;
	if ((buf = s->take(s->ctx, s->hlen, len, cap)) == NULL)
		return NULL;
	free(s->head);
	s->head = NULL;
	s->hlen = 0;
	return buf;
}

/* ------------------------------------------------------------ bidding */

int
fmt_head_lines(const struct fmt_head *h)
{
	return h->i < h->n && h->p[h->i] != '{' && h->p[h->i] != '[' &&
	    h->p[h->i] != '(';
}

size_t
fmt_head_skip(const struct fmt_head *h, size_t i)
{
	while (i < h->n && (h->p[i] == ' ' || h->p[i] == '\t' ||
	    h->p[i] == '\r' || h->p[i] == '\n'))
		i++;
	return i;
}

const unsigned char *
fmt_head_text(const struct fmt_head *h, char *dec, size_t *n)
{
	unsigned hisur = 0;

	if (!h->utf16) {
		*n = h->n - h->i;
		return h->p + h->i;
	}
	*n = fmt_utf16_decode(dec, h->p + 2, h->n - 2, h->utf16 == 2,
	    &hisur);
	return (const unsigned char *)dec;
}

/* Find where the text of p[0..n) starts, and fill h (struct fmt_head). */
static void
head_init(struct fmt_head *h, const unsigned char *p, size_t n)
{
	size_t i = 0;

	h->p = p;
	h->n = n;
	h->full = n >= FMT_HEADMAX;
	h->utf16 = n >= 2 && p[0] == 0xff && p[1] == 0xfe ? 1 :
	    n >= 2 && p[0] == 0xfe && p[1] == 0xff ? 2 : 0;
	if (h->utf16 || (n < 3 && n > 0 && p[0] == 0xef)) {
		h->i = n;
		return;
	}
	if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		i = 3;
	while (i < n && (p[i] == ' ' || p[i] == '\t' || p[i] == '\r' ||
	    p[i] == '\n' || p[i] == '\f' || p[i] == '\v'))
		i++;
	h->i = i;
}

/*
 * Return the row of the format the first bytes p[0..n) are in: every
 * row of the table bids, the highest bid wins, and of equal bids the
 * row that comes first in the table.  Set *more when more bytes could
 * change the answer: when the winner's bid could change, or when
 * another row could win with more bytes (its top score is above the
 * winning bid, or equal to it and the row comes before the winner).
 * The bids in use:
 *
 *	90	xg		"RGMH"
 *	80	pos		124, 125 or 126, then three zero bytes
 *	60	json		'{', or '[' before a JSON value
 *	55	gnubgtext	"The score (after "
 *	50	sgf		'(' then ';'
 *	45	snowie		digits ';' digits ';'
 *	40	xgtext		an "XGID=" line and a board's top border
 *	35	positions	a position ID in every line
 *	31	oldmoves	a first line "Score is N"
 *	30	fibslog		a "board:", "login:" or new game line
 *	1	mat		anything
 *
 * A row whose top is below the best bid so far is not asked.
 */
static const struct fmt_row *
bid(const unsigned char *p, size_t n, int *more)
{
	struct fmt_head h;
	const struct fmt_row *row, *win = NULL;
	int score[32], undecided[32], best = 0;
	size_t k, nrows, w = 0;

	head_init(&h, p, n);
	for (k = 0; (row = fmt_row_at(k)) != NULL && k < 32; k++) {
		score[k] = undecided[k] = 0;
		if (row->bid == NULL || row->top < best)
			continue;
		if ((score[k] = row->bid(&h, &undecided[k])) > best) {
			best = score[k];
			win = row;
			w = k;
		}
	}
	nrows = k;
	*more = win != NULL && undecided[w];
	for (k = 0; k < nrows && !*more; k++)
		if (undecided[k] && (fmt_row_at(k)->top > best ||
		    (fmt_row_at(k)->top == best && k < w)))
			*more = 1;
	return win;
}

/*
 * Read ahead from the caller's callback until the format is clear.  All
 * FMT_HEADMAX bytes are asked for at once, so that the format is told
 * once from all of them when they come in one piece (a file read whole
 * by the source), not again from each larger part.
 */
static const struct fmt_row *
read_head(struct fmt_src *s)
{
	const struct fmt_row *f = NULL;
	long got;
	int more = 1;

	if ((s->head = malloc(FMT_HEADMAX)) == NULL) {
		s->err = 1;
		return f;
	}
	while (more && s->hlen < FMT_HEADMAX) {
		got = s->read(s->ctx, s->head + s->hlen,
		    FMT_HEADMAX - s->hlen);
		if (got < 0 || (size_t)got > FMT_HEADMAX - s->hlen) {
			s->err = 1;
			break;
		}
		if (got == 0)
			break;
		s->hlen += (size_t)got;
		f = bid((const unsigned char *)s->head, s->hlen, &more);
	}
	return f;
}

/* --------------------------------------------------------------- reader */

struct bg_reader {
	bg_format		 format;	/* the format asked for,
						   then the one found */
	int			 started;	/* set once the format is
						   decided */
	struct fmt_src		 src;
	char			*name;		/* the input's name, or NULL */
	unsigned		 flags;		/* the FMT_* flags for open */
	const struct fmt_ops	*ops;		/* the format's reader */
	struct fmt_base		*sub;		/* and its state */
	int			 err;		/* set when opening it failed */
	struct fmt_inflate	 inf;		/* bg_reader_set_inflate() */
};

static bg_reader *
reader_new(const char *name)
{
	bg_reader *r;
	size_t n;

	if ((r = calloc(1, sizeof *r)) == NULL)
		return NULL;
	if (name != NULL) {
		/*
		 * Not strdup(): the out-of-memory test fails only calls of
		 * malloc() it can see.
		 */
		n = strlen(name) + 1;
		if ((r->name = malloc(n)) == NULL) {
			free(r);
			return NULL;
		}
		memcpy(r->name, name, n);
	}
	return r;
}

bg_reader *
bg_reader_new(bg_read_fn read, void *ctx, const char *name)
{
	bg_reader *r;

	if (read == NULL || (r = reader_new(name)) == NULL)
		return NULL;
	r->src.read = read;
	r->src.ctx = ctx;
	return r;
}

void
fmt_reader_take_from(bg_reader *r, fmt_take_fn take)
{
	if (r != NULL)
		r->src.take = take;
}

bg_reader *
bg_reader_new_mem(const char *buf, size_t len, const char *name)
{
	bg_reader *r;

	if ((buf == NULL && len > 0) || (r = reader_new(name)) == NULL)
		return NULL;
	r->src.mem = buf ? buf : "";
	r->src.memlen = len;
	return r;
}

/* ---------------------------------------------------- the reader base */

/* Free a format's reader: its own part, then the base. */
static void
base_close(const struct fmt_ops *ops, struct fmt_base *b)
{
	if (b == NULL)
		return;
	if (ops->fini != NULL)
		ops->fini(b);
	rec_pair_fini(&b->match, &b->game);
	diaglist_free(&b->dl);
	free(b);
}

/*
 * Open the reader of ops on src and return its state; NULL when memory
 * runs out.
 */
static struct fmt_base *
base_open(const struct fmt_ops *ops, struct fmt_src *src, const char *name,
    unsigned flags)
{
	struct fmt_base *b;

	if ((b = calloc(1, ops->size)) == NULL)
		return NULL;
	b->src = src;
	if (rec_pair_init(&b->match, &b->game, name) < 0) {
		free(b);
		return NULL;
	}
	if (ops->init != NULL && ops->init(b, flags) < 0) {
		base_close(ops, b);
		return NULL;
	}
	return b;
}

int
fmt_base_first_game(struct fmt_base *b, int open, const bg_game **g)
{
	b->dl.n = 0;
	if (!open || b->given)
		return 0;
	b->given = 1;
	*g = &b->game;
	return 1;
}

void
bg_reader_free(bg_reader *r)
{
	if (r == NULL)
		return;
	if (r->sub != NULL)
		base_close(r->ops, r->sub);
	free(r->src.head);
	free(r->name);
	free(r);
}

void
fmt_mat_set_fast(bg_reader *r, int on)
{
	if (on)
		r->flags &= ~FMT_REFERENCE;
	else
		r->flags |= FMT_REFERENCE;
}

/*
 * Decide the format, reading ahead from the caller's callback when it
 * is to be detected, and open its reader: 0, or -BG_ENOMEM.
 */
static int
start(bg_reader *r)
{
	const struct fmt_row *row;
	size_t k;
	int more;

	r->started = 1;
	if (r->format == BG_FORMAT_AUTO) {
		if (r->src.mem != NULL)
			row = bid((const unsigned char *)r->src.mem,
			    r->src.memlen < FMT_HEADMAX ? r->src.memlen :
			    FMT_HEADMAX, &more);
		else
			row = read_head(&r->src);
		/*
		 * When no format bid (no reader takes just any text), take
		 * the first row that has a reader.
		 */
		for (k = 0; row == NULL || row->read == NULL; k++)
			row = fmt_row_at(k);
		r->format = row->format;
	} else
		row = fmt_row_of(r->format);
	r->ops = row->read;
	if ((r->sub = base_open(r->ops, &r->src, r->name, r->flags)) == NULL)
		r->err = -BG_ENOMEM;
	else
		r->sub->inf = &r->inf;
	return r->err;
}

int
bg_reader_next_match(bg_reader *r, const bg_match **m)
{
	if (m != NULL)
		*m = NULL;
	if (r == NULL)
		return -BG_EINVAL;
	if (!r->started)
		start(r);
	if (r->err)
		return r->err;
	return r->ops->next_match(r->sub, m);
}

int
bg_reader_next_game(bg_reader *r, const bg_game **g)
{
	if (g != NULL)
		*g = NULL;
	if (r == NULL)
		return -BG_EINVAL;
	if (r->err)
		return r->err;
	return r->sub != NULL ? r->ops->next_game(r->sub, g) : 0;
}

size_t
bg_reader_diag_count(const bg_reader *r)
{
	return r != NULL && r->sub != NULL ? r->sub->dl.n : 0;
}

const bg_diag *
bg_reader_diag(const bg_reader *r, size_t i)
{
	return r != NULL && r->sub != NULL && i < r->sub->dl.n ?
	    &r->sub->dl.d[i] : NULL;
}

int
bg_reader_set_format(bg_reader *r, bg_format f)
{
	/*
	 * BG_FORMAT_AUTO has the format told from the content again, as
	 * at the start.
	 */
	if (r == NULL || r->started || (f != BG_FORMAT_AUTO &&
	    (fmt_row_of(f) == NULL || fmt_row_of(f)->read == NULL)))
		return -BG_EINVAL;
	r->format = f;
	return 0;
}

int
bg_reader_set_inflate(bg_reader *r, bg_inflate_fn inflate,
    bg_crc32_fn crc32, void *ctx)
{
	if (r == NULL || r->started || (inflate == NULL) != (crc32 == NULL))
		return -BG_EINVAL;
	r->inf.inflate = inflate;
	r->inf.crc32 = crc32;
	r->inf.ctx = ctx;
	return 0;
}

bg_format
bg_reader_format(const bg_reader *r)
{
	return r != NULL && r->started ? r->format : BG_FORMAT_AUTO;
}
