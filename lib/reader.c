/*
 * reader.c: the front of every bg_reader.  On the first
 * bg_reader_next_match() it reads a few bytes ahead, decides the
 * format from them (or takes the one the caller set) and, for SGF and
 * JSON Lines, opens the reader of that format and passes every later
 * call to it; a .mat input stays with the .mat reader (fmt_mat.c),
 * which is given the bytes read ahead first.  Also the diagnostic list
 * the readers and writers share, and the format names.  Part of
 * libbgkit; callers use bgkit.h.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"

#define HEADMAX	4096	/* blanks read ahead before giving up on them */

static const char *const names[] = {
	[BG_FORMAT_AUTO] = "auto",
	[BG_FORMAT_MAT] = "mat",
	[BG_FORMAT_SGF] = "sgf",
	[BG_FORMAT_JSON] = "json",
	[BG_FORMAT_HTML] = "html"
};

int
bg_format_parse(bg_format *f, const char *name)
{
	size_t i;

	if (f == NULL || name == NULL)
		return -BG_EINVAL;
	for (i = 0; i < sizeof names / sizeof names[0]; i++)
		if (strcmp(name, names[i]) == 0) {
			*f = (bg_format)i;
			return 0;
		}
	return -BG_EINVAL;
}

const char *
bg_format_name(bg_format f)
{
	return (unsigned)f < sizeof names / sizeof names[0] ? names[f] : NULL;
}

/* ---------------------------------------------------------- diagnostics */

int
fmt_diag(struct diaglist *l, int code, int line, int col, int game,
    int move, int side, const int dice[2], const char *text, size_t len)
{
	bg_diag *d;

	if (l->n == l->cap) {
		size_t c = l->cap ? l->cap * 2 : 16;
		bg_diag *nd;

		if (c > (size_t)-1 / sizeof *nd ||
		    (nd = realloc(l->d, c * sizeof *nd)) == NULL)
			return -BG_ENOMEM;
		l->d = nd;
		l->cap = c;
	}
	d = &l->d[l->n++];
	memset(d, 0, sizeof *d);
	d->code = code;
	d->severity = bg_code_severity(code);
	d->line = line;
	d->col = col;
	d->game = game;
	d->move = move;
	d->side = side;
	if (dice != NULL) {
		d->dice[0] = dice[0];
		d->dice[1] = dice[1];
	}
	if (text != NULL) {
		if (len >= sizeof d->detail) {
			len = sizeof d->detail - 1;
			while (len > 0 &&
			    ((unsigned char)text[len] & 0xc0) == 0x80)
				len--;
		}
		memcpy(d->detail, text, len);
		d->detail[len] = '\0';
	}
	return 0;
}

void
fmt_diag_free(struct diaglist *l)
{
	free(l->d);
	memset(l, 0, sizeof *l);
}

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
		 * The rest of the buffer from the caller's callback, not in a
		 * call of its own: the head is a few hundred bytes.  A failure
		 * is told on the next call, after the bytes that came.
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

/*
 * The format the first bytes p[0..n) say; *more when they are all
 * blanks (or a BOM) and more bytes could decide.
 */
static bg_format
sniff(const unsigned char *p, size_t n, int *more)
{
	size_t i = 0;

	*more = 0;
	if (n >= 2 && ((p[0] == 0xff && p[1] == 0xfe) ||
	    (p[0] == 0xfe && p[1] == 0xff)))
		return BG_FORMAT_MAT;	/* UTF-16: only .mat comes so */
	if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		i = 3;
	else if (n < 3 && n > 0 && p[0] == 0xef) {
		*more = 1;
		return BG_FORMAT_MAT;
	}
	for (; i < n; i++)
		if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' &&
		    p[i] != '\n' && p[i] != '\f' && p[i] != '\v')
			break;
	if (i == n) {
		*more = 1;
		return BG_FORMAT_MAT;
	}
	if (p[i] == '{')
		return BG_FORMAT_JSON;
	if (p[i] != '(')
		return BG_FORMAT_MAT;
	for (i++; i < n; i++)
		if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' &&
		    p[i] != '\n')
			return p[i] == ';' ? BG_FORMAT_SGF : BG_FORMAT_MAT;
	*more = 1;
	return BG_FORMAT_MAT;
}

/* Read ahead from the caller's callback until the format is clear. */
static bg_format
read_head(struct fmt_src *s)
{
	bg_format f = BG_FORMAT_MAT;
	size_t cap = 0;
	long got;
	int more = 1;
	char *p;

	while (more && s->hlen < HEADMAX) {
		if (s->hlen == cap) {
			cap = cap ? cap * 2 : 256;
			if ((p = realloc(s->head, cap)) == NULL) {
				s->err = 1;
				break;
			}
			s->head = p;
		}
		got = s->read(s->ctx, s->head + s->hlen, cap - s->hlen);
		if (got < 0 || (size_t)got > cap - s->hlen) {
			s->err = 1;
			break;
		}
		if (got == 0)
			break;
		s->hlen += (size_t)got;
		f = sniff((const unsigned char *)s->head, s->hlen, &more);
	}
	return f;
}

/* ---------------------------------------------------------------- front */

int
fmt_front_start(struct fmt_front *fr, bg_read_fn *read, void **ctx,
    const char *mem, size_t memlen, const char *name)
{
	int more;

	if (fr->started)
		return fr->ops != NULL || fr->err;
	fr->started = 1;
	if (mem != NULL) {
		fr->src.mem = mem;
		fr->src.memlen = memlen;
		if (fr->format == BG_FORMAT_AUTO)
			fr->format = sniff((const unsigned char *)mem,
			    memlen < HEADMAX ? memlen : HEADMAX, &more);
	} else {
		fr->src.read = *read;
		fr->src.ctx = *ctx;
		if (fr->format == BG_FORMAT_AUTO)
			fr->format = read_head(&fr->src);
		/* The .mat reader too reads through the front. */
		*read = fmt_src_read;
		*ctx = &fr->src;
	}
	if (fr->format == BG_FORMAT_SGF)
		fr->ops = &fmt_sgf_ops;
	else if (fr->format == BG_FORMAT_JSON)
		fr->ops = &fmt_json_ops;
	else
		return 0;
	if ((fr->sub = fr->ops->open(&fr->src, name)) == NULL)
		fr->err = -BG_ENOMEM;
	return 1;
}

int
fmt_front_next_match(struct fmt_front *fr, const bg_match **m)
{
	if (m != NULL)
		*m = NULL;
	if (fr->err)
		return fr->err;
	return fr->ops->next_match(fr->sub, m);
}

int
fmt_front_next_game(struct fmt_front *fr, const bg_game **g)
{
	if (g != NULL)
		*g = NULL;
	if (fr->err)
		return fr->err;
	return fr->ops->next_game(fr->sub, g);
}

size_t
fmt_front_diag_count(const struct fmt_front *fr)
{
	return fr->sub ? fr->ops->diag_count(fr->sub) : 0;
}

const bg_diag *
fmt_front_diag(const struct fmt_front *fr, size_t i)
{
	return fr->sub ? fr->ops->diag(fr->sub, i) : NULL;
}

void
fmt_front_fini(struct fmt_front *fr)
{
	if (fr->sub != NULL)
		fr->ops->close(fr->sub);
	free(fr->src.head);
	memset(fr, 0, sizeof *fr);
}

/*
 * The front is the first member of struct bg_reader, so a pointer to
 * the reader, converted, points at it (C99 6.7.2.1).
 */
int
bg_reader_set_format(bg_reader *r, bg_format f)
{
	struct fmt_front *fr = (struct fmt_front *)(void *)r;

	if (r == NULL || fr->started || bg_format_name(f) == NULL ||
	    f == BG_FORMAT_HTML)
		return -BG_EINVAL;
	fr->format = f;
	return 0;
}

bg_format
bg_reader_format(const bg_reader *r)
{
	const struct fmt_front *fr = (const struct fmt_front *)(const void *)r;

	return r != NULL && fr->started ? fr->format : BG_FORMAT_AUTO;
}
