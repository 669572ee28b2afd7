/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_json.c: the reader of bgkit's JSON Lines records (bgkit-json(5)),
 * the format bgconv -T json writes: one object per line, a "match"
 * object, then for each game a "game" object, its "record" objects and
 * a "result" object.  The reader rebuilds the record model from the
 * match, game and record objects, and the diagram and analysis objects
 * of a position text export (results and positions are derived data,
 * and a record's play is read again from its text, as the .mat reader
 * reads it); JSON whose first line is no object of ours is said to be
 * so once.  Each line is parsed into a small tree of values
 * by a loop with an explicit stack, never by recursion.  Part of
 * libbgkit; callers use bgkit.h (bg_reader detects JSON and comes here).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "chars_int.h"
#include "record_int.h"
#include "analysis_int.h"
#include "fmt_int.h"

#define CHUNK		65536
#define MAXDEPTH	8	/* objects and arrays inside each other */
#define MAXLINE		(1 << 20)	/* longer lines are skipped */

/* ---------------------------------------------------------- JSON values */

enum jtype {
	J_NULL, J_FALSE, J_TRUE, J_NUMBER, J_STRING, J_ARRAY, J_OBJECT
};

/* One value of a line: children are linked by index. */
struct jv {
	enum jtype	 type;
	int		 child, next;	/* -1 = none */
	size_t		 key, klen;	/* member name, in the string buffer */
	size_t		 str, slen;	/* string value */
	long		 num;
	double		 dnum;		/* the number, any */
	int		 isint;		/* the number is an integer */
};

struct jdoc {
	struct jv	*v;
	size_t		 n, cap;
	char		*sb;		/* decoded strings */
	size_t		 slen, scap;
	int		 nomem;		/* the parse ran out of memory */
};

static int
newval(struct jdoc *d, enum jtype t)
{
	struct jv *v;

	if (d->n == d->cap) {
		size_t c = d->cap ? d->cap * 2 : 64;

		if ((v = realloc(d->v, c * sizeof *v)) == NULL) {
			d->nomem = 1;
			return -1;
		}
		d->v = v;
		d->cap = c;
	}
	v = &d->v[d->n];
	memset(v, 0, sizeof *v);
	v->type = t;
	v->child = v->next = -1;
	return (int)d->n++;
}

static int
putc_sb(struct jdoc *d, unsigned c)
{
	if (fmt_reserve(&d->sb, &d->scap, d->slen + 5) < 0) {
		d->nomem = 1;
		return -1;
	}
	if (c < 0x80)
		d->sb[d->slen++] = (char)c;
	else if (c < 0x800) {
		d->sb[d->slen++] = (char)(0xc0 | c >> 6);
		d->sb[d->slen++] = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		d->sb[d->slen++] = (char)(0xe0 | c >> 12);
		d->sb[d->slen++] = (char)(0x80 | (c >> 6 & 0x3f));
		d->sb[d->slen++] = (char)(0x80 | (c & 0x3f));
	} else {
		d->sb[d->slen++] = (char)(0xf0 | c >> 18);
		d->sb[d->slen++] = (char)(0x80 | (c >> 12 & 0x3f));
		d->sb[d->slen++] = (char)(0x80 | (c >> 6 & 0x3f));
		d->sb[d->slen++] = (char)(0x80 | (c & 0x3f));
	}
	return 0;
}

static int
hex4(const char *s, size_t i, size_t n, unsigned *u)
{
	size_t k;
	int c;

	*u = 0;
	if (i + 4 > n)
		return -1;
	for (k = 0; k < 4; k++) {
		c = (unsigned char)s[i + k];
		*u <<= 4;
		if (isdig(c))
			*u |= (unsigned)(c - '0');
		else if ((c = lower(c)) >= 'a' && c <= 'f')
			*u |= (unsigned)(c - 'a' + 10);
		else
			return -1;
	}
	return 0;
}

/*
 * Read the string whose opening quote is at s[*i], decoded into d->sb;
 * *off and *len say where it is there.
 */
static int
jstring(struct jdoc *d, const char *s, size_t n, size_t *i, size_t *off,
    size_t *len)
{
	unsigned u, lo;
	int c;

	*off = d->slen;
	for ((*i)++; *i < n; (*i)++) {
		c = (unsigned char)s[*i];
		if (c == '"') {
			(*i)++;
			*len = d->slen - *off;
			return putc_sb(d, 0) < 0 ? -1 : (d->slen--, 0);
		}
		if (c < 0x20)
			return -1;
		if (c != '\\') {
			int k = 1;

			/* Bytes that are not UTF-8 become U+FFFD. */
			if (c >= 0x80 && (k = utf8seqn((const unsigned char *)
			    s + *i, n - *i)) == 0) {
				if (putc_sb(d, 0xfffd) < 0)
					return -1;
				continue;
			}
			if (fmt_reserve(&d->sb, &d->scap, d->slen + k) < 0) {
				d->nomem = 1;
				return -1;
			}
			memcpy(d->sb + d->slen, s + *i, (size_t)k);
			d->slen += (size_t)k;
			*i += (size_t)k - 1;
			continue;
		}
		if (++(*i) >= n)
			return -1;
		switch (s[*i]) {
		case '"': case '\\': case '/':
			u = (unsigned char)s[*i];
			break;
		case 'b': u = '\b'; break;
		case 'f': u = '\f'; break;
		case 'n': u = '\n'; break;
		case 'r': u = '\r'; break;
		case 't': u = '\t'; break;
		case 'u':
			if (hex4(s, *i + 1, n, &u) < 0)
				return -1;
			*i += 4;
			if (u >= 0xd800 && u <= 0xdbff && *i + 2 < n &&
			    s[*i + 1] == '\\' && s[*i + 2] == 'u' &&
			    hex4(s, *i + 3, n, &lo) == 0 && lo >= 0xdc00 &&
			    lo <= 0xdfff) {
				u = 0x10000 + ((u - 0xd800) << 10) +
				    (lo - 0xdc00);
				*i += 6;
			} else if ((u >= 0xd800 && u <= 0xdfff) || u == 0)
				u = 0xfffd;
			break;
		default:
			return -1;
		}
		if (putc_sb(d, u) < 0)
			return -1;
	}
	return -1;
}

/*
 * The fraction and exponent of a number at s[*ip], x its integer part:
 * the value (digits past the ninth of the fraction are dropped), *ip
 * past them.  No strtod: it follows the locale.
 */
static double
jfraction(const char *s, size_t n, size_t *ip, double x)
{
	size_t i = *ip;
	double scale = 1;
	int e = 0, eneg = 0, k = 0;

	if (i < n && s[i] == '.')
		for (i++; i < n && isdig((unsigned char)s[i]); i++)
			if (k++ < 9) {
				scale /= 10;
				x += (s[i] - '0') * scale;
			}
	if (i < n && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < n && (s[i] == '+' || s[i] == '-'))
			eneg = s[i++] == '-';
		for (; i < n && isdig((unsigned char)s[i]); i++)
			if (e < 400)
				e = e * 10 + (s[i] - '0');
		for (; e > 0; e--)
			x = eneg ? x / 10 : x * 10;
	}
	/*
	 * Skip what else a malformed number has, as the reader always
	 * did.
	 */
	while (i < n && (isdig((unsigned char)s[i]) || s[i] == '.' ||
	    s[i] == 'e' || s[i] == 'E' || s[i] == '+' || s[i] == '-'))
		i++;
	*ip = i;
	return x;
}

/*
 * The scalar value at s[*ip]: a string, a number, null, true or false,
 * made a new value of d.  Its index, *ip past it; or -1.
 */
static int
jscalar(struct jdoc *d, const char *s, size_t n, size_t *ip)
{
	size_t i = *ip;
	int v;

	if (s[i] == '"') {
		if ((v = newval(d, J_STRING)) < 0 ||
		    jstring(d, s, n, &i, &d->v[v].str,
		    &d->v[v].slen) < 0)
			return -1;
	} else if (s[i] == '-' || isdig((unsigned char)s[i])) {
		long num = 0;
		int neg = s[i] == '-', isint = 1, digits = 0, frac = 0;
		size_t start = i;
		double x, exact;

		if (neg)
			i++;
		for (; i < n && isdig((unsigned char)s[i]); i++) {
			if (num < 100000000L)
				num = num * 10 + (s[i] - '0');
			else
				isint = 0;
			digits++;
		}
		if (digits == 0)
			return -1;
		x = (double)num;
		if (i < n && (s[i] == '.' || s[i] == 'e' ||
		    s[i] == 'E')) {
			isint = 0;
			frac = 1;
			x = jfraction(s, n, &i, x);
			/* The nearest double to the text, where it has few
			 * enough digits (an analysis's numbers come back as
			 * they were written). */
			if (an_decimal(s + start, i - start, &exact) == 0)
				x = neg ? -exact : exact;
		}
		/* An integer of ten digits fits no field: say so,
		 * rather than read it as absent. */
		if (digits > 9 && !frac)
			return -1;
		if ((v = newval(d, J_NUMBER)) < 0)
			return -1;
		d->v[v].num = neg ? -num : num;
		d->v[v].dnum = neg ? -x : x;
		d->v[v].isint = isint;
	} else if (n - i >= 4 && strncmp(s + i, "null", 4) == 0) {
		if ((v = newval(d, J_NULL)) < 0)
			return -1;
		i += 4;
	} else if (n - i >= 4 && strncmp(s + i, "true", 4) == 0) {
		if ((v = newval(d, J_TRUE)) < 0)
			return -1;
		i += 4;
	} else if (n - i >= 5 && strncmp(s + i, "false", 5) == 0) {
		if ((v = newval(d, J_FALSE)) < 0)
			return -1;
		i += 5;
	} else
		return -1;
	*ip = i;
	return v;
}

/*
 * Parse line s[0..n) into d: value 0 is the top.  Returns 0, or -1 with
 * *at the byte offset of the error.
 */
static int
jparse(struct jdoc *d, const char *s, size_t n, size_t *at)
{
	int stack[MAXDEPTH], last[MAXDEPTH], depth = 0, v, want = 1;
	size_t i = 0, key = 0, klen = 0;
	int havekey = 0;

	d->n = 0;
	d->slen = 0;
	d->nomem = 0;
	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r'))
			i++;
		*at = i;
		if (i == n) {
			if (depth == 0 && !want && d->n > 0)
				return 0;
			return -1;
		}
		if (!want) {
			/* After a value: ',' or the end of its container. */
			if (depth == 0)
				return -1;
			if (s[i] == ',') {
				i++;
				want = 1;
				havekey = 0;
				if (d->v[stack[depth - 1]].type == J_OBJECT)
					want = 2;
				continue;
			}
			if ((s[i] == '}' && d->v[stack[depth - 1]].type ==
			    J_OBJECT) || (s[i] == ']' &&
			    d->v[stack[depth - 1]].type == J_ARRAY)) {
				i++;
				depth--;
				continue;
			}
			return -1;
		}
		if (want == 2) {
			/* A member name and its colon. */
			if (s[i] == '}' && d->v[stack[depth - 1]].child < 0) {
				i++;
				depth--;
				want = 0;
				continue;
			}
			if (s[i] != '"' ||
			    jstring(d, s, n, &i, &key, &klen) < 0)
				return -1;
			while (i < n && (s[i] == ' ' || s[i] == '\t'))
				i++;
			if (i >= n || s[i] != ':')
				return -1;
			i++;
			havekey = 1;
			want = 1;
			continue;
		}
		/* A value. */
		if (s[i] == ']' && depth > 0 &&
		    d->v[stack[depth - 1]].type == J_ARRAY &&
		    d->v[stack[depth - 1]].child < 0) {
			i++;
			depth--;
			want = 0;
			continue;
		}
		if (s[i] == '{' || s[i] == '[') {
			if ((v = newval(d, s[i] == '{' ? J_OBJECT : J_ARRAY)) <
			    0)
				return -1;
		} else if ((v = jscalar(d, s, n, &i)) < 0)
			return -1;
		if (havekey) {
			d->v[v].key = key;
			d->v[v].klen = klen;
			havekey = 0;
		}
		if (depth > 0) {
			if (last[depth - 1] < 0)
				d->v[stack[depth - 1]].child = v;
			else
				d->v[last[depth - 1]].next = v;
			last[depth - 1] = v;
		} else if (v != 0)
			return -1;
		if (d->v[v].type == J_OBJECT || d->v[v].type == J_ARRAY) {
			if (depth == MAXDEPTH)
				return -1;
			stack[depth] = v;
			last[depth] = -1;
			depth++;
			i++;
			want = d->v[v].type == J_OBJECT ? 2 : 1;
			continue;
		}
		want = 0;
	}
}

/* Member key of object o, or -1. */
static int
jget(const struct jdoc *d, int o, const char *key)
{
	size_t kl = strlen(key);
	int c;

	if (o < 0 || d->v[o].type != J_OBJECT)
		return -1;
	for (c = d->v[o].child; c >= 0; c = d->v[c].next)
		if (d->v[c].klen == kl && memcmp(d->sb + d->v[c].key, key,
		    kl) == 0)
			return c;
	return -1;
}

static const char *
jstr(const struct jdoc *d, int v, size_t *len)
{
	if (v < 0 || d->v[v].type != J_STRING)
		return NULL;
	*len = d->v[v].slen;
	return d->sb + d->v[v].str;
}

/* Integer value v, or def when it is absent, null or not an integer. */
static long
jint(const struct jdoc *d, int v, long def)
{
	if (v < 0 || d->v[v].type != J_NUMBER || !d->v[v].isint)
		return def;
	return d->v[v].num;
}

/* Number v, or def when it is absent or no number. */
static double
jdbl(const struct jdoc *d, int v, double def)
{
	if (v < 0 || d->v[v].type != J_NUMBER)
		return def;
	return d->v[v].dnum;
}

/* Element i of array a, or -1. */
static int
jat(const struct jdoc *d, int a, int i)
{
	int c;

	if (a < 0 || d->v[a].type != J_ARRAY)
		return -1;
	for (c = d->v[a].child; c >= 0 && i > 0; c = d->v[c].next)
		i--;
	return c;
}

/* ---------------------------------------------------------------- reader */

enum ltype {
	L_NONE, L_MATCH, L_GAME, L_RECORD, L_RESULT, L_OTHER, L_DIAGRAM,
	L_ANALYSIS
};

struct jrd {
	struct fmt_base	 b;		/* first, so that reader.c finds it */
	char		*buf;
	size_t		 blen, bpos;
	int		 eof, err;
	char		*line;		/* the current line */
	size_t		 llen, lcap;
	int		 lineno;
	int		 skipping;
	int		 seen;		/* set once an object of ours was
					   read */
	int		 foreign;	/* set when the first line was not
					   one of ours: reading stops */
	struct jdoc	 doc;
	enum ltype	 held;		/* the kind of a line read but not
					   used yet */
	int		 in_match, nmatch, ngame;
};

static void
diag(struct jrd *r, int code, int col, const char *text, size_t len)
{
	if (diaglist_add(&r->b.dl, code, r->lineno, col, r->ngame, 0, -1, NULL,
	    text, len) < 0)
		r->err = -BG_ENOMEM;
}

static void
diags(struct jrd *r, int col, const char *text)
{
	diag(r, BG_EJSON, col, text, strlen(text));
}

/*
 * The next line into r->line: 1, 0 at the end, or a negative code.  A
 * line over MAXLINE is cut there and r->skipping set.
 */
static int
next_line(struct jrd *r)
{
	long n;
	size_t i, k;

	r->llen = 0;
	r->skipping = 0;
	for (;;) {
		if (r->bpos == r->blen) {
			if (r->eof)
				break;
			if ((n = fmt_src_read(r->b.src, r->buf, CHUNK)) < 0)
				return r->err = -BG_EIO;
			if (n == 0) {
				r->eof = 1;
				break;
			}
			r->blen = (size_t)n;
			r->bpos = 0;
		}
		for (i = r->bpos; i < r->blen && r->buf[i] != '\n'; i++)
			;
		/* Keep no more than MAXLINE bytes of a line. */
		k = i - r->bpos;
		if (k > MAXLINE - r->llen) {
			k = MAXLINE - r->llen;
			r->skipping = 1;
		}
		if (fmt_reserve(&r->line, &r->lcap, r->llen + k + 1) < 0)
			return r->err = -BG_ENOMEM;
		memcpy(r->line + r->llen, r->buf + r->bpos, k);
		r->llen += k;
		if (i < r->blen) {
			r->bpos = i + 1;
			r->lineno++;
			r->line[r->llen] = '\0';
			return 1;
		}
		r->bpos = i;
	}
	if (r->llen == 0)
		return 0;
	r->lineno++;
	r->line[r->llen] = '\0';
	return 1;
}

/*
 * A line that is not an object of ours: an error, and the line skipped;
 * but when no object of ours came before it, the input is some other
 * JSON (another program's, an array, an object over several lines):
 * that is said once, at that line, and nothing more is read.
 */
static void
not_ours(struct jrd *r, int col, const char *why)
{
	char t[120];

	if (r->seen) {
		diags(r, col, why);
		return;
	}
	snprintf(t, sizeof t, "not a bgkit JSON Lines record: %s", why);
	diags(r, col, t);
	r->foreign = 1;
}

/*
 * The next object line parsed into r->doc, its type in the return
 * value (L_NONE at the end); a line that is not an object is reported
 * and skipped (not_ours()).
 */
/* The kind of object a "type" names. */
static int
ltype(const char *t, size_t n)
{
	static const struct {
		const char	*name;
		enum ltype	 type;
	} types[] = {
		{ "match", L_MATCH }, { "game", L_GAME },
		{ "record", L_RECORD }, { "result", L_RESULT },
		{ "diagram", L_DIAGRAM }, { "analysis", L_ANALYSIS }
	};
	size_t i;

	for (i = 0; i < sizeof types / sizeof types[0]; i++)
		if (strlen(types[i].name) == n &&
		    memcmp(types[i].name, t, n) == 0)
			return types[i].type;
	return L_OTHER;
}

static int
next_object(struct jrd *r)
{
	const char *t;
	size_t at, n, i;
	int rc = 0, ty;

	if (r->held != L_NONE) {
		rc = r->held;
		r->held = L_NONE;
		return rc;
	}
	while (!r->foreign && (rc = next_line(r)) > 0) {
		i = 0;
		/* A byte order mark, blanks. */
		if (r->lineno == 1 && r->llen >= 3 &&
		    memcmp(r->line, "\xef\xbb\xbf", 3) == 0)
			i = 3;
		while (i < r->llen && (r->line[i] == ' ' ||
		    r->line[i] == '\t' || r->line[i] == '\r'))
			i++;
		if (i == r->llen)
			continue;
		if (r->skipping) {
			diags(r, 0, "a line over 1 MiB, not read");
			continue;
		}
		if (r->line[i] == '[' && !r->seen) {
			not_ours(r, (int)i + 1, "a JSON array");
			continue;
		}
		if (jparse(&r->doc, r->line + i, r->llen - i, &at) < 0) {
			if (r->doc.nomem)
				return r->err = -BG_ENOMEM;
			/* Cut off by the end of the line: a value written
			 * over several lines. */
			if (!r->seen && (i + at >= r->llen ||
			    (i + at + 1 == r->llen &&
			    r->line[r->llen - 1] == '\r')))
				not_ours(r, (int)(i + at + 1), "a JSON value "
				    "over several lines");
			else
				diags(r, (int)(i + at + 1),
				    "not a JSON object");
			continue;
		}
		if (r->doc.v[0].type != J_OBJECT) {
			not_ours(r, (int)i + 1, "not a JSON object");
			continue;
		}
		ty = jget(&r->doc, 0, "type");
		if ((t = jstr(&r->doc, ty, &n)) == NULL) {
			not_ours(r, (int)i + 1, "an object without \"type\"");
			continue;
		}
		if ((rc = ltype(t, n)) == L_OTHER && !r->seen) {
			not_ours(r, (int)i + 1, "no \"type\" of ours");
			continue;
		}
		r->seen = 1;
		return rc;
	}
	return rc < 0 ? rc : L_NONE;
}

/* The names of a "players" array into the match or the game. */
static int
players(struct jrd *r, int game)
{
	int a = jget(&r->doc, 0, "players"), rt = jget(&r->doc, 0, "ratings");
	const char *t, *rs;
	size_t n, rn = 0;
	int s, rc;

	for (s = 0; s < 2; s++) {
		if ((t = jstr(&r->doc, jat(&r->doc, a, s), &n)) == NULL)
			continue;
		if (!game)
			rc = rec_match_set_player(&r->b.match, s, t, n);
		else {
			rs = jstr(&r->doc, jat(&r->doc, rt, s), &rn);
			rc = rec_game_set_player(&r->b.game, s, t, n, rs, rn);
		}
		if (rc < 0)
			return r->err = rc;
	}
	return 0;
}

static int
start_match(struct jrd *r)
{
	const char *k, *v;
	size_t kl, vl;
	int a, e, i, rc;

	rec_match_reset(&r->b.match);
	r->b.match.length = (int)jint(&r->doc, jget(&r->doc, 0, "length"), 0);
	r->b.match.line = r->lineno;
	if (players(r, 0) < 0)
		return r->err;
	a = jget(&r->doc, 0, "tags");
	for (i = 0; (e = jat(&r->doc, a, i)) >= 0; i++) {
		if ((k = jstr(&r->doc, jat(&r->doc, e, 0), &kl)) == NULL ||
		    (v = jstr(&r->doc, jat(&r->doc, e, 1), &vl)) == NULL) {
			diags(r, 0, "a tag is not [\"key\", \"value\"]");
			continue;
		}
		if ((rc = rec_match_add_tag(&r->b.match, k, kl, v, vl)) < 0)
			return r->err = rc;
	}
	a = jget(&r->doc, 0, "comments");
	for (i = 0; (e = jat(&r->doc, a, i)) >= 0; i++)
		if ((v = jstr(&r->doc, e, &vl)) != NULL &&
		    (rc = rec_match_add_comment(&r->b.match, v, vl)) < 0)
			return r->err = rc;
	return 0;
}

static int
start_game(struct jrd *r)
{
	int sc = jget(&r->doc, 0, "score"), s;

	rec_game_reset(&r->b.game);
	r->ngame++;
	r->b.game.number = (int)jint(&r->doc, jget(&r->doc, 0, "number"),
	    r->ngame);
	r->b.game.line = r->b.game.score_line = r->lineno;
	for (s = 0; s < 2; s++)
		r->b.game.score[s] = (int)jint(&r->doc, jat(&r->doc, sc, s),
		    -1);
	return players(r, 1);
}

static const struct {
	const char	*name;
	bg_rec_kind	 kind;
} actions[] = {
	{ "move", BG_REC_MOVE }, { "double", BG_REC_DOUBLE },
	{ "take", BG_REC_TAKE }, { "drop", BG_REC_DROP },
	{ "beaver", BG_REC_BEAVER }, { "raccoon", BG_REC_RACCOON },
	{ "resign", BG_REC_WIN }, { "win", BG_REC_WIN },
	{ "loss", BG_REC_LOSS }, { "illegal", BG_REC_ILLEGAL },
	{ "setpos", BG_REC_SETPOS }, { "comment", BG_REC_COMMENT },
	{ "unparsed", BG_REC_UNPARSED }
};

/* Make a record: its kind from "action", its play from its text. */

/* ------------------------------------------------- a record's analysis */

/*
 * Read the number member k of object o into *x: 1, or 0 when the member
 * is absent or no number.
 */
static int
jnumber(const struct jdoc *d, int o, const char *k, double *x)
{
	int v = jget(d, o, k);

	if (v < 0 || d->v[v].type != J_NUMBER)
		return 0;
	*x = d->v[v].dnum;
	return 1;
}

static int
jtrue(const struct jdoc *d, int o, const char *k)
{
	int v = jget(d, o, k);

	return v >= 0 && d->v[v].type == J_TRUE;
}

/* String member k of o equal to w. */
static int
jis(const struct jdoc *d, int o, const char *k, const char *w)
{
	size_t n;
	const char *t = jstr(d, jget(d, o, k), &n);

	return t != NULL && n == strlen(w) && memcmp(t, w, n) == 0;
}

/* The outputs members of object o. */
static void
joutputs(const struct jdoc *d, int o, bg_outputs *out)
{
	static const char *const probs[] = {
		"win", "win_gammon", "win_bg", "lose_gammon", "lose_bg"
	};
	double x[5];
	int i, v, n = 0;

	for (i = 0; i < 5; i++)
		n += jnumber(d, o, probs[i], &x[i]);
	if (n == 5) {
		out->has |= BG_OUT_PROBS;
		out->win = x[0];
		out->win_gammon = x[1];
		out->win_bg = x[2];
		out->lose_gammon = x[3];
		out->lose_bg = x[4];
	}
	if (jnumber(d, o, "cubeless", &out->cubeless))
		out->has |= BG_OUT_CUBELESS;
	if (jnumber(d, o, "cubeful", &out->cubeful))
		out->has |= BG_OUT_CUBEFUL;
	if (jnumber(d, o, "mwc", &out->mwc))
		out->has |= BG_OUT_MWC;
	v = jget(d, o, "se");
	for (i = 0, n = 0; i < 7; i++)
		n += jat(d, v, i) >= 0 && d->v[jat(d, v, i)].type == J_NUMBER;
	if (n == 7) {
		out->has |= BG_OUT_STDERR;
		for (i = 0; i < 7; i++)
			out->se[i] = d->v[jat(d, v, i)].dnum;
	}
}

/*
 * Read the evaluation member k of o into ev: 0, 1 when it is
 * malformed, or -BG_ENOMEM.
 */
static int
jeval(const struct jdoc *d, int o, const char *k, bg_eval *ev)
{
	int e = jget(d, o, k);
	const char *t;
	size_t n;
	char *set;

	memset(ev, 0, sizeof *ev);
	if (e < 0 || d->v[e].type == J_NULL)
		return 0;
	if (jis(d, e, "type", "ply")) {
		ev->kind = BG_EVAL_PLY;
		ev->plies = (int)jint(d, jget(d, e, "plies"), 0);
		ev->cubeful = jtrue(d, e, "cubeful");
		ev->deterministic = jtrue(d, e, "deterministic");
		ev->prune = jtrue(d, e, "prune");
		if (!jnumber(d, e, "noise", &ev->noise))
			ev->noise = 0;
		return 0;
	}
	if (jis(d, e, "type", "rollout")) {
		ev->kind = BG_EVAL_ROLLOUT;
		ev->trials = (unsigned long)jint(d, jget(d, e, "trials"), 0);
	} else if (!jis(d, e, "type", "named"))
		return 1;
	if ((t = jstr(d, jget(d, e, "settings"), &n)) == NULL)
		t = "", n = 0;
	if ((set = malloc(n + 1)) == NULL)
		return -BG_ENOMEM;
	memcpy(set, t, n);
	set[n] = '\0';
	ev->settings = set;
	return 0;
}

/*
 * Read the candidate object c into k: 0, 1 when it is malformed, or
 * -BG_ENOMEM.
 */
static int
jcandidate(const struct jdoc *d, int c, bg_candidate *k)
{
	bg_notation note;
	const char *t;
	size_t n, at;
	int st, i, a, b;

	memset(k, 0, sizeof *k);
	if ((st = jget(d, c, "steps")) >= 0 && d->v[st].type == J_ARRAY) {
		for (i = 0; jat(d, st, i) >= 0; i++) {
			a = (int)jint(d, jat(d, jat(d, st, i), 0), -1);
			b = (int)jint(d, jat(d, jat(d, st, i), 1), -1);
			if (i == 4 || a < BG_OFF + 1 || a > BG_BAR ||
			    b < BG_OFF || b > 24)
				return 1;
			k->play.step[i].from = (signed char)a;
			k->play.step[i].to = (signed char)b;
			k->play.n = i + 1;
		}
	} else if ((t = jstr(d, jget(d, c, "play"), &n)) != NULL) {
		if (bg_notation_parse(&note, t, n, &at) < 0 ||
		    bg_play_from_notation(&k->play, &note) < 0)
			return 1;
	}
	k->has_equity = jnumber(d, c, "equity", &k->equity);
	k->has_equity2 = jnumber(d, c, "equity2", &k->equity2);
	k->marked = jtrue(d, c, "marked");
	joutputs(d, c, &k->out);
	return jeval(d, c, "eval", &k->eval);
}

/* The marks' names, as fmt_json_analysis.c writes them. */
static bg_mark
jmark(const struct jdoc *d, int o, const char *k)
{
	return jis(d, o, k, "doubtful") ? BG_MARK_DOUBTFUL : jis(d, o, k,
	    "bad") ? BG_MARK_BAD : jis(d, o, k, "very_bad") ?
	    BG_MARK_VERYBAD : BG_MARK_NONE;
}

/*
 * Read the candidates of analysis an into b: 0, 1 when one is
 * malformed, or -BG_ENOMEM.
 */
static int
jcandidates(const struct jdoc *d, int an, struct an_build *b)
{
	int cs = jget(d, an, "candidates"), rc;
	size_t n = 0, i;
	bg_candidate *nc;

	while (jat(d, cs, (int)n) >= 0)
		n++;
	if (n > b->cap) {
		if ((nc = realloc(b->cand, n * sizeof *nc)) == NULL)
			return -BG_ENOMEM;
		b->cand = nc;
		b->cap = n;
	}
	for (i = 0; i < n; i++) {
		if ((rc = jcandidate(d, jat(d, cs, (int)i),
		    &b->cand[i])) != 0) {
			free((char *)b->cand[i].eval.settings);
			return rc;
		}
		b->a.ncand = i + 1;
	}
	b->a.cand = b->cand;
	return 0;
}

/* The cube decision's members of analysis an into *a (its outputs
 * only when a->has says BG_AN_CUBE). */
static int
jcube(const struct jdoc *d, int an, bg_rec_analysis *a)
{
	static const char *const proper[] = {
		"no_double", "double_take", "double_pass", "too_good"
	};
	size_t i;
	int rc;

	if ((a->has & BG_AN_CUBE) && (rc = jeval(d, an, "cube_eval",
	    &a->cube_eval)) != 0)
		return rc;
	if (a->has & BG_AN_CUBE) {
		joutputs(d, jget(d, an, "no_double_outputs"),
		    &a->cube_out[0]);
		joutputs(d, jget(d, an, "double_take_outputs"),
		    &a->cube_out[1]);
		a->cube_marked = jtrue(d, an, "cube_marked");
	}
	if (jnumber(d, an, "no_double", &a->no_double) &&
	    jnumber(d, an, "double_take", &a->double_take) &&
	    jnumber(d, an, "double_pass", &a->double_pass)) {
		a->has |= BG_AN_CUBEEQ;
		for (i = 0; i < 4; i++)
			if (jis(d, an, "proper", proper[i]))
				a->proper = (int)i;
	}
	if (jnumber(d, an, "doubler_error", &a->doubler_error) &&
	    jnumber(d, an, "taker_error", &a->taker_error))
		a->has |= BG_AN_CUBEERR;
	return 0;
}

/*
 * The "analysis" of record rec (bgkit-json(5)); a malformed one is a
 * warning and the record reads without it.
 */
static int
add_ranalysis(struct jrd *r, size_t rec)
{
	const struct jdoc *d = &r->doc;
	int an = jget(d, 0, "analysis"), h, i, rc = 0;
	long played;
	struct an_build b;

	if (d->v[an].type == J_NULL)
		return 0;
	an_build_init(&b);
	if (d->v[an].type != J_OBJECT)
		rc = 1;
	h = jget(d, an, "has");
	for (i = 0; rc == 0 && jat(d, h, i) >= 0; i++) {
		size_t n;
		const char *t = jstr(d, jat(d, h, i), &n);

		if (t != NULL && n == 4 && memcmp(t, "move", 4) == 0)
			b.a.has |= BG_AN_MOVE;
		else if (t != NULL && n == 4 && memcmp(t, "cube", 4) == 0)
			b.a.has |= BG_AN_CUBE;
	}
	if (rc == 0 && (b.a.has & BG_AN_MOVE))
		rc = jcandidates(d, an, &b);
	if (rc == 0 && (played = jint(d, jget(d, an, "played"), -1)) >= 0) {
		if ((size_t)played >= b.a.ncand)
			rc = 1;
		b.a.played = (size_t)played;
		b.a.has |= BG_AN_PLAYED;
	}
	if (rc == 0)
		rc = jcube(d, an, &b.a);
	if (rc == 0) {
		if (jnumber(d, an, "error", &b.a.error))
			b.a.has |= BG_AN_ERROR;
		if (jnumber(d, an, "luck", &b.a.luck))
			b.a.has |= BG_AN_LUCK;
		b.a.luck_mark = (int)jint(d, jget(d, an, "luck_mark"), 0);
		if (b.a.luck_mark < -2 || b.a.luck_mark > 2)
			rc = 1;
		b.a.skill = jmark(d, an, "mark");
		b.a.cube_skill = jmark(d, an, "cube_mark");
	}
	if (rc == 0 && an_build_any(&b))
		rc = rec_game_add_ranalysis(&r->b.game, rec, &b.a, b.cand);
	else if (rc > 0) {
		diag(r, BG_WANALYSIS, 0, "analysis", 8);
		rc = 0;
	}
	an_build_fini(&b);
	return rc < 0 ? (r->err = rc) : 0;
}

static int
add_record(struct jrd *r)
{
	bg_record rec;
	const char *t, *a, *sg;
	size_t n, an, sn, st, errpos, i, k;
	int rc, v;

	memset(&rec, 0, sizeof rec);
	rec.line = r->lineno;
	rec.col = 1;
	rec.side = -1;
	if ((a = jstr(&r->doc, jget(&r->doc, 0, "action"), &an)) == NULL) {
		diags(r, 0, "a record without \"action\"");
		return 0;
	}
	for (i = 0; i < sizeof actions / sizeof actions[0]; i++)
		if (strlen(actions[i].name) == an &&
		    memcmp(actions[i].name, a, an) == 0)
			break;
	if (i == sizeof actions / sizeof actions[0]) {
		diag(r, BG_EJSON, 0, a, an);
		return 0;
	}
	rec.kind = actions[i].kind;
	if ((t = jstr(&r->doc, jget(&r->doc, 0, "text"), &n)) == NULL) {
		t = "";
		n = 0;
	}
	v = (int)jint(&r->doc, jget(&r->doc, 0, "side"), -1);
	rec.side = v == 0 || v == 1 ? v : -1;
	/* A resignation is written as the loser's; its "Wins" is the
	 * winner's. */
	if (an == 6 && memcmp(a, "resign", 6) == 0 && rec.side >= 0)
		rec.side = !rec.side;
	rec.moveno = (int)jint(&r->doc, jget(&r->doc, 0, "moveno"), 0);
	rec.value = (int)jint(&r->doc, jget(&r->doc, 0, "value"), 0);
	if (jget(&r->doc, 0, "and_the_match") >= 0 &&
	    r->doc.v[jget(&r->doc, 0, "and_the_match")].type == J_TRUE)
		rec.flags |= BG_RF_MATCH;
	if (jget(&r->doc, 0, "nomarks") >= 0 &&
	    r->doc.v[jget(&r->doc, 0, "nomarks")].type == J_TRUE)
		rec.flags |= BG_RF_NOMARKS;
	if ((v = jget(&r->doc, 0, "dice")) >= 0 &&
	    r->doc.v[v].type != J_NULL) {
		long d0 = jint(&r->doc, jat(&r->doc, v, 0), 0);
		long d1 = jint(&r->doc, jat(&r->doc, v, 1), 0);

		if (d0 < 1 || d0 > 6 || d1 < 1 || d1 > 6) {
			diags(r, 0, "\"dice\" is not two dice");
			rec.kind = BG_REC_UNPARSED;
			rec.code = BG_EJSON;
		} else if (n >= 3 && t[0] == '0' + d1 && t[1] == '0' + d0 &&
		    t[2] == ':') {
			/* The text has them the other way round. */
			rec.dice[0] = (int)d1;
			rec.dice[1] = (int)d0;
		} else {
			rec.dice[0] = (int)d0;
			rec.dice[1] = (int)d1;
		}
		if (rec.dice[0] < rec.dice[1])
			rec.flags |= BG_RF_LOWFIRST;
	}
	if (rec.kind == BG_REC_MOVE) {
		if (rec.dice[0] == 0) {
			diags(r, 0, "a move without \"dice\"");
			rec.kind = BG_REC_UNPARSED;
			rec.code = BG_EJSON;
		} else {
			/* The play: the text after "dd:". */
			for (st = 0; st < n && t[st] != ':'; st++)
				;
			st = st < n ? st + 1 : n;
			while (st < n && (t[st] == ' ' || t[st] == '\t'))
				st++;
			k = n;
			while (k > st && (t[k - 1] == ' ' || t[k - 1] == '\t'))
				k--;
			if (k == st) {
				rec.note.kind = BG_NOTE_NONE;
			} else if ((k - st >= 7 && (t[st] == 'I' ||
			    t[st] == 'i') && strncmp(t + st + 1, "llegal", 6) ==
			    0)) {
				rec.kind = BG_REC_ILLEGAL;
			} else if ((rc = bg_notation_parse(&rec.note, t + st,
			    k - st, &errpos)) < 0) {
				rec.flags |= BG_RF_BADPLAY;
				rec.code = -rc;
				rec.note.kind = BG_NOTE_UNKNOWN;
				rec.note.npath = 0;
				diag(r, -rc, 0, t, n);
			}
			rec.note.dice[0] = rec.dice[0];
			rec.note.dice[1] = rec.dice[1];
		}
	}
	if ((rc = rec_game_add(&r->b.game, &rec, t, n)) < 0)
		return r->err = rc;
	if (jget(&r->doc, 0, "analysis") >= 0 && add_ranalysis(r,
	    r->b.game.nrec - 1) < 0)
		return r->err;
	if ((sg = jstr(&r->doc, jget(&r->doc, 0, "sgf"), &sn)) != NULL &&
	    sn > 0 && (rc = rec_game_add_sgf(&r->b.game, sg, sn)) < 0)
		return r->err = rc;
	return 0;
}

/* The XGID a position text export's diagram draws (a "diagram"). */
static int
add_diagram(struct jrd *r)
{
	const char *t;
	size_t n;
	int rc;

	if ((t = jstr(&r->doc, jget(&r->doc, 0, "xgid"), &n)) == NULL) {
		diags(r, 0, "a diagram without \"xgid\"");
		return 0;
	}
	if ((rc = rec_game_set_diagram(&r->b.game, t, n)) < 0)
		return r->err = rc;
	return 0;
}

/*
 * Read the array member key, a number for each side, into v: 1, or 0
 * when the member is not such an array.
 */
static int
sides(struct jrd *r, const char *key, double v[2])
{
	int a = jget(&r->doc, 0, key), s, e;

	for (s = 0; s < 2; s++) {
		if ((e = jat(&r->doc, a, s)) < 0 ||
		    r->doc.v[e].type != J_NUMBER)
			return 0;
		v[s] = r->doc.v[e].dnum;
	}
	return 1;
}

/* An analysis of a position text export's position (an "analysis"). */
static int
add_analysis(struct jrd *r)
{
	static const char *const proper[] = {
		"no_double", "double_take", "double_pass", "too_good"
	};
	bg_analysis a;
	const char *k, *play, *eval, *pr;
	size_t kn, pn, en, prn, i;
	int rc, cube, s;

	memset(&a, 0, sizeof a);
	k = jstr(&r->doc, jget(&r->doc, 0, "kind"), &kn);
	cube = k != NULL && kn == 4 && memcmp(k, "cube", 4) == 0;
	if (k == NULL || (!cube && (kn != 4 || memcmp(k, "play", 4) != 0))) {
		diags(r, 0, "an analysis whose \"kind\" is not "
		    "\"play\" or \"cube\"");
		return 0;
	}
	a.kind = cube ? BG_ANALYSIS_CUBE : BG_ANALYSIS_PLAY;
	a.line = r->lineno;
	s = (int)jint(&r->doc, jget(&r->doc, 0, "side"), 0);
	a.side = s == 1;
	a.rank = (int)jint(&r->doc, jget(&r->doc, 0, "rank"), 0);
	if ((play = jstr(&r->doc, jget(&r->doc, 0, cube ? "proper_text" :
	    "play"), &pn)) == NULL)
		play = "", pn = 0;
	if ((eval = jstr(&r->doc, jget(&r->doc, 0, "eval"), &en)) == NULL)
		eval = "", en = 0;
	a.equity = jdbl(&r->doc, jget(&r->doc, 0, "equity"), 0);
	a.diff = jdbl(&r->doc, jget(&r->doc, 0, "diff"), 0);
	a.nodouble = jdbl(&r->doc, jget(&r->doc, 0, "no_double"), 0);
	a.take = jdbl(&r->doc, jget(&r->doc, 0, "double_take"), 0);
	a.pass = jdbl(&r->doc, jget(&r->doc, 0, "double_pass"), 0);
	if ((pr = jstr(&r->doc, jget(&r->doc, 0, "proper"), &prn)) != NULL)
		for (i = 0; i < sizeof proper / sizeof proper[0]; i++)
			if (strlen(proper[i]) == prn &&
			    memcmp(proper[i], pr, prn) == 0)
				a.proper = (bg_cube_action)i;
	a.probs = sides(r, "win", a.win) && sides(r, "gammon", a.gammon) &&
	    sides(r, "backgammon", a.backgammon);
	if (!a.probs)
		for (s = 0; s < 2; s++)
			a.win[s] = a.gammon[s] = a.backgammon[s] = -1;
	if ((rc = rec_game_add_analysis(&r->b.game, &a, play, pn, eval,
	    en)) < 0)
		return r->err = rc;
	return 0;
}

static int
json_init(void *p, unsigned flags)
{
	struct jrd *r = p;

	(void)flags;
	return (r->buf = malloc(CHUNK)) == NULL ? -BG_ENOMEM : 0;
}

static void
json_fini(void *p)
{
	struct jrd *r = p;

	free(r->buf);
	free(r->line);
	free(r->doc.v);
	free(r->doc.sb);
}

static int
json_next_game(void *p, const bg_game **gp)
{
	struct jrd *r = p;
	const char *sg;
	size_t sn;
	int t;

	if (r->err)
		return r->err;
	if (!r->in_match)
		return 0;
	r->b.dl.n = 0;
	while ((t = next_object(r)) >= L_RECORD) {
		if (t == L_RECORD)
			diags(r, 0, "a record outside a game");
	}
	if (t < 0)
		return t;
	if (t != L_GAME) {
		r->held = t;
		r->in_match = 0;
		return 0;
	}
	if (start_game(r) < 0)
		return r->err;
	if ((sg = jstr(&r->doc, jget(&r->doc, 0, "sgf"), &sn)) != NULL &&
	    sn > 0 && rec_game_add_sgf(&r->b.game, sg, sn) < 0)
		return r->err = -BG_ENOMEM;
	while ((t = next_object(r)) >= L_RECORD)
		if ((t == L_RECORD && add_record(r) < 0) ||
		    (t == L_DIAGRAM && add_diagram(r) < 0) ||
		    (t == L_ANALYSIS && add_analysis(r) < 0))
			return r->err;
	if (t < 0)
		return t;
	r->held = t;
	rec_game_finish(&r->b.game);
	*gp = &r->b.game;
	return 1;
}

static int
json_next_match(void *p, const bg_match **m)
{
	struct jrd *r = p;
	const bg_game *g;
	int t, rc;

	while (r->in_match && (rc = json_next_game(r, &g)) > 0)
		;
	if (r->err)
		return r->err;
	r->b.dl.n = 0;
	while ((t = next_object(r)) != L_MATCH && t > L_NONE)
		if (t == L_GAME || t == L_RECORD)
			diags(r, 0, "a game or record before its match");
	if (t <= L_NONE)
		return t;
	if (start_match(r) < 0)
		return r->err;
	r->in_match = 1;
	r->nmatch++;
	r->ngame = 0;
	*m = &r->b.match;
	return 1;
}

const struct fmt_ops fmt_json_ops = {
	sizeof (struct jrd), json_init, json_fini, json_next_match,
	json_next_game
};

/*
 * Bid on text that opens with '{', or with '[' before a JSON value: it
 * is JSON, though an array is not one of our lines.
 */
static int
json_bid(const struct fmt_head *h, int *more)
{
	size_t i = h->i;

	if (i == h->n || (h->p[i] != '{' && h->p[i] != '['))
		return 0;
	if (h->p[i] == '{')
		return 60;
	if ((i = fmt_head_skip(h, i + 1)) == h->n) {
		*more = 1;
		return 0;
	}
	return h->p[i] != '\0' && strchr("{[]\"-0123456789", h->p[i]) ?
	    60 : 0;
}

const struct fmt_row fmt_json_row = {
	BG_FORMAT_JSON, "json", "jsonl", ".jsonl .json",
	"bgkit's JSON Lines: the record model, an object a line",
	"",
	json_bid, 60, &fmt_json_ops, &fmt_json_wops
};
