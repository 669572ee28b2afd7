/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * reader.c: the bg_reader.  On the first bg_reader_next_match() it reads
 * a few bytes ahead, decides the format from them (or takes the one the
 * caller set), opens the reader of that format from the table of
 * readers (.mat, SGF, JSON Lines, XG's binary files: struct fmt_ops)
 * and passes every later
 * call to it; the bytes read ahead are served again first.  Also the
 * diagnostic list the readers and writers share, and the format names.
 * Part of libbgkit; callers use bgkit.h.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"
#include "ogid_int.h"

#define HEADMAX	4096	/* blanks read ahead before giving up on them */

static const char *const names[] = {
	[BG_FORMAT_AUTO] = "auto",
	[BG_FORMAT_MAT] = "mat",
	[BG_FORMAT_SGF] = "sgf",
	[BG_FORMAT_JSON] = "json",
	[BG_FORMAT_XG] = "xg",
	[BG_FORMAT_HTML] = "html",
	[BG_FORMAT_SNOWIE] = "snowie",
	[BG_FORMAT_POS] = "pos",
	[BG_FORMAT_GNUBGTEXT] = "gnubgtext",
	[BG_FORMAT_POSLIST] = "positions",
	[BG_FORMAT_FIBSLOG] = "fibslog",
	[BG_FORMAT_OLDMOVES] = "oldmoves",
	[BG_FORMAT_POSTEXT] = "xgtext",
	[BG_FORMAT_GAM] = "gam"
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

/* A gnubg Position ID's character. */
static int
b64(unsigned char c)
{
	return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
	    (c >= '0' && c <= '9') || c == '+' || c == '/';
}

/* Is p[0..n), a line, a field of which holds a position ID? */
static int
has_id(const unsigned char *p, size_t n)
{
	size_t i = 0, k;

	while (i < n) {
		while (i < n && (p[i] == ' ' || p[i] == '"'))
			i++;
		if ((n - i >= 5 && memcmp(p + i, "XGID=", 5) == 0) ||
		    (n - i >= 6 && memcmp(p + i, "board:", 6) == 0) ||
		    ogid_looks((const char *)p + i, n - i))
			return 1;
		for (k = 0; i + k < n && b64(p[i + k]); k++)
			;
		if (k == BG_POSID_LEN && (i + k == n || p[i + k] == ':' ||
		    p[i + k] == '\r' || p[i + k] == ',' || p[i + k] == ' ' ||
		    p[i + k] == '\t' || p[i + k] == '"'))
			return 1;
		while (i < n && p[i] != ',' && p[i] != '\t')
			i++;
		if (i < n)
			i++;
	}
	return 0;
}

/*
 * Is p[0..n) a list of positions: every line of it that is not blank
 * nor a '#' comment holds a position ID in a field (fields split at
 * commas and tabs), but a first line with a comma, the names of a
 * table's columns?  *more when the bytes end in a line.
 */
static int
poslist_start(const unsigned char *p, size_t n, int *more)
{
	const unsigned char *e;
	size_t i = 0, len, k;
	int lines = 0, ids = 0;

	while (i < n) {
		e = memchr(p + i, '\n', n - i);
		len = e ? (size_t)(e - (p + i)) : n - i;
		if (e == NULL && n < HEADMAX)
			*more = 1;
		/* A last line cut by the read-ahead is not judged. */
		if (e == NULL && lines > 0)
			break;
		for (k = 0; k < len && (p[i + k] == ' ' || p[i + k] == '\t' ||
		    p[i + k] == '\r'); k++)
			;
		if (k < len && p[i + k] != '#') {
			if (has_id(p + i + k, len - k))
				ids++;
			else if (lines > 0 || memchr(p + i, ',', len) == NULL)
				return 0;
			lines++;
		}
		if (e == NULL)
			break;
		i += len + 1;
	}
	/*
	 * A list so far, or only comments so far (read ahead to the end
	 * of a '#' line and no further): more lines may say.
	 */
	if ((ids > 0 || lines == 0) && n < HEADMAX)
		*more = 1;
	return ids > 0;
}

/*
 * Is p[0..n) a position text export of XG or BGBlitz: a line that
 * starts "XGID=" (after blanks) and a board diagram's top border line?
 * *more while one of them is still missing and more bytes could tell:
 * one is there, or fewer than eight lines are.
 */
static int
postext_start(const unsigned char *p, size_t n, int *more)
{
	static const char border[] = "+13-14-15-16-17-18";
	const unsigned char *e;
	size_t i = 0, len, k;
	int id = 0, board = 0, lines = 0;

	while (i < n && !(id && board)) {
		e = memchr(p + i, '\n', n - i);
		len = e ? (size_t)(e - (p + i)) : n - i;
		lines += e != NULL;
		for (k = 0; k < len && (p[i + k] == ' ' || p[i + k] == '\t');
		    k++)
			;
		if (len - k >= 5 && memcmp(p + i + k, "XGID=", 5) == 0)
			id = 1;
		if (len - k >= sizeof border - 1 && memcmp(p + i + k, border,
		    sizeof border - 1) == 0)
			board = 1;
		i += len + 1;
	}
	/*
	 * Both come within the first lines of an export: until they are
	 * read, however the bytes came, more may tell.
	 */
	if (!(id && board) && (id || board || lines < 8) && n < HEADMAX)
		*more = 1;
	return id && board;
}

/*
 * Digits, ';', digits, ';' at p[0..n): Snowie's position line, else
 * .mat; *more when the bytes end first.
 */
static bg_format
snowie_start(const unsigned char *p, size_t n, int *more)
{
	size_t i = 0, j;
	int k;

	for (k = 0; k < 2; k++) {
		if (k == 1 && i < n && p[i] == '-')
			i++;
		for (j = i; i < n && p[i] >= '0' && p[i] <= '9'; i++)
			;
		if (i == n) {
			*more = 1;
			return BG_FORMAT_MAT;
		}
		if (i == j || p[i] != ';')
			return BG_FORMAT_MAT;
		i++;
	}
	return BG_FORMAT_SNOWIE;
}

/* Does p[0..n) start with the string w? */
static int
begins(const unsigned char *p, size_t n, const char *w)
{
	size_t k = strlen(w);

	return n >= k && memcmp(p, w, k) == 0;
}

/*
 * The FIBS formats in the lines of p[0..n): oldmoves when the first line
 * that is not blank says "Score is N-"; a session log when a line is a
 * "board:" line (alone or after a "WORD: " a client adds), the server's
 * "login:" prompt or "Starting a new game with "; else .mat.
 */
static bg_format
fibs_start(const unsigned char *p, size_t n)
{
	const unsigned char *e;
	size_t i = 0, len, k;
	int first = 1;

	while (i < n) {
		e = memchr(p + i, '\n', n - i);
		len = e ? (size_t)(e - (p + i)) : n - i;
		for (k = 0; k < len && (p[i + k] == ' ' || p[i + k] == '\t' ||
		    p[i + k] == '\r'); k++)
			;
		if (first && k < len) {
			first = 0;
			if (begins(p + i + k, len - k, "Score is ") &&
			    len - k > 9 && p[i + k + 9] >= '0' &&
			    p[i + k + 9] <= '9')
				return BG_FORMAT_OLDMOVES;
		}
		if (begins(p + i, len, "board:") ||
		    begins(p + i, len, "login:") ||
		    begins(p + i, len, "Starting a new game with "))
			return BG_FORMAT_FIBSLOG;
		for (k = 0; k < len && k < 32 && p[i + k] != ' ' &&
		    p[i + k] != ':'; k++)
			;
		if (k > 0 && k < len && p[i + k] == ':' &&
		    begins(p + i + k + 1, len - k - 1, " board:"))
			return BG_FORMAT_FIBSLOG;
		if (e == NULL)
			break;
		i += len + 1;
	}
	return BG_FORMAT_MAT;
}

/*
 * UTF-16 with a BOM: a FIBS log or oldmoves that a Windows client saved
 * so, else .mat; *more while more bytes could tell.
 */
static bg_format
utf16_start(const unsigned char *p, size_t n, int *more)
{
	char dec[2 * HEADMAX];
	unsigned hisur = 0;
	size_t k;
	bg_format f;

	if (n > HEADMAX)
		n = HEADMAX;
	k = fmt_utf16_decode(dec, p + 2, n - 2, p[0] == 0xfe, &hisur);
	f = fibs_start((const unsigned char *)dec, k);
	*more = f == BG_FORMAT_MAT && n < HEADMAX;
	return f;
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
	/*
	 * eXtreme Gammon's magic.  Other binary data stays with the .mat
	 * reader, which names it at the line where it starts.
	 */
	if (n < 4 && n > 0 && memcmp(p, "RGMH", n) == 0) {
		*more = 1;
		return BG_FORMAT_XG;
	}
	if (n >= 4 && memcmp(p, "RGMH", 4) == 0)
		return BG_FORMAT_XG;
	/* Jellyfish .pos: version 124 to 126, then a zero "caution". */
	if (n > 0 && p[0] >= 124 && p[0] <= 126 && (n < 2 || p[1] == 0) &&
	    (n < 3 || p[2] == 0) && (n < 4 || p[3] == 0)) {
		*more = n < 4;
		return BG_FORMAT_POS;
	}
	if (n >= 2 && ((p[0] == 0xff && p[1] == 0xfe) ||
	    (p[0] == 0xfe && p[1] == 0xff)))
		return utf16_start(p, n, more);
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
	/* A JSON array: JSON, though not ours (the reader says so). */
	if (p[i] == '[') {
		for (i++; i < n; i++)
			if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' &&
			    p[i] != '\n')
				return strchr("{[]\"-0123456789", p[i]) &&
				    p[i] != '\0' ? BG_FORMAT_JSON :
				    BG_FORMAT_MAT;
		*more = 1;
		return BG_FORMAT_MAT;
	}
	/* gnubg's text log. */
	if (n - i >= 17 ? memcmp(p + i, "The score (after ", 17) == 0 :
	    memcmp(p + i, "The score (after ", n - i) == 0) {
		*more = n - i < 17;
		return BG_FORMAT_GNUBGTEXT;
	}
	if (p[i] == '(') {
		for (i++; i < n; i++)
			if (p[i] != ' ' && p[i] != '\t' && p[i] != '\r' &&
			    p[i] != '\n')
				return p[i] == ';' ? BG_FORMAT_SGF :
				    BG_FORMAT_MAT;
		*more = 1;
		return BG_FORMAT_MAT;
	}
	/* Snowie's position line: "N;N;" (its match text is .mat). */
	if (p[i] >= '0' && p[i] <= '9' &&
	    (snowie_start(p + i, n - i, more) == BG_FORMAT_SNOWIE || *more))
		return *more ? BG_FORMAT_MAT : BG_FORMAT_SNOWIE;
	/* A position text export: an XGID line and a board diagram. */
	if (postext_start(p + i, n - i, more))
		return BG_FORMAT_POSTEXT;
	/* A list of positions: an ID in every line read ahead. */
	if (poslist_start(p + i, n - i, more))
		return BG_FORMAT_POSLIST;
	/* A FIBS log's first board line may come after its login. */
	if (fibs_start(p + i, n - i) != BG_FORMAT_MAT)
		return fibs_start(p + i, n - i);
	*more = n < HEADMAX;
	return BG_FORMAT_MAT;
}

/*
 * Read ahead from the caller's callback until the format is clear.  All
 * HEADMAX bytes are asked for at once, so that the format is told once
 * from all of them when they come in one piece (a file read whole by
 * the source), not again from each larger part.
 */
static bg_format
read_head(struct fmt_src *s)
{
	bg_format f = BG_FORMAT_MAT;
	long got;
	int more = 1;

	if ((s->head = malloc(HEADMAX)) == NULL) {
		s->err = 1;
		return f;
	}
	while (more && s->hlen < HEADMAX) {
		got = s->read(s->ctx, s->head + s->hlen, HEADMAX - s->hlen);
		if (got < 0 || (size_t)got > HEADMAX - s->hlen) {
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

/* --------------------------------------------------------------- reader */

struct bg_reader {
	bg_format		 format;	/* asked for, then found */
	int			 started;	/* the format is decided */
	struct fmt_src		 src;
	char			*name;		/* of the input, or NULL */
	unsigned		 flags;		/* FMT_* for open */
	const struct fmt_ops	*ops;		/* the format's reader */
	void			*sub;		/* and its state */
	int			 err;		/* opening it failed */
};

static const struct fmt_ops *const readers[] = {
	[BG_FORMAT_AUTO] = NULL,
	[BG_FORMAT_MAT] = &fmt_mat_ops,
	[BG_FORMAT_SGF] = &fmt_sgf_ops,
	[BG_FORMAT_JSON] = &fmt_json_ops,
	[BG_FORMAT_XG] = &fmt_xg_ops,
	[BG_FORMAT_HTML] = NULL,
	[BG_FORMAT_SNOWIE] = &fmt_snowie_ops,
	[BG_FORMAT_POS] = &fmt_jfpos_ops,
	[BG_FORMAT_GNUBGTEXT] = &fmt_gnubgtext_ops,
	[BG_FORMAT_POSLIST] = &fmt_poslist_ops,
	[BG_FORMAT_FIBSLOG] = &fmt_fibslog_ops,
	[BG_FORMAT_OLDMOVES] = &fmt_oldmoves_ops,
	[BG_FORMAT_POSTEXT] = &fmt_postext_ops,
	[BG_FORMAT_GAM] = &fmt_mat_ops	/* the .mat reader reads .gam */
};

static bg_reader *
reader_new(const char *name)
{
	bg_reader *r;
	size_t n;

	if ((r = calloc(1, sizeof *r)) == NULL)
		return NULL;
	if (name != NULL) {
		/* Not strdup: the out-of-memory test sees malloc only. */
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

void
bg_reader_free(bg_reader *r)
{
	if (r == NULL)
		return;
	if (r->sub != NULL)
		r->ops->close(r->sub);
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
	int more;

	r->started = 1;
	if (r->format == BG_FORMAT_AUTO) {
		if (r->src.mem != NULL)
			r->format = sniff((const unsigned char *)r->src.mem,
			    r->src.memlen < HEADMAX ? r->src.memlen : HEADMAX,
			    &more);
		else
			r->format = read_head(&r->src);
	}
	r->ops = readers[r->format];
	if ((r->sub = r->ops->open(&r->src, r->name, r->flags)) == NULL)
		r->err = -BG_ENOMEM;
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
	return r != NULL && r->sub != NULL ? r->ops->diag_count(r->sub) : 0;
}

const bg_diag *
bg_reader_diag(const bg_reader *r, size_t i)
{
	return r != NULL && r->sub != NULL ? r->ops->diag(r->sub, i) : NULL;
}

int
bg_reader_set_format(bg_reader *r, bg_format f)
{
	if (r == NULL || r->started || bg_format_name(f) == NULL ||
	    f == BG_FORMAT_HTML)
		return -BG_EINVAL;
	r->format = f;
	return 0;
}

bg_format
bg_reader_format(const bg_reader *r)
{
	return r != NULL && r->started ? r->format : BG_FORMAT_AUTO;
}
