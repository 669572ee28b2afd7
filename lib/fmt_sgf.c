/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_sgf.c: the reader of GNU Backgammon's SGF (GM[6], bgkit-sgf(5)).
 * A collection holds one game tree per game; consecutive trees of one
 * match length with rising game numbers make a match.  The reader turns
 * each tree's main line into the record model the .mat reader gives:
 * moves in absolute letter coordinates become plays in the mover's
 * numbering, "double", "take" and "drop" cube records (a double that
 * answers a double is a beaver, and the take of a beaver is implied, as
 * in .mat), RE a "Wins" record, setup nodes a set-position record with
 * an XGID, comments comment records, and the game-info properties the
 * match's tags and comments.  Properties the model has no field for
 * (gnubg's analysis) are kept as written, for an SGF writer.  The input
 * is scanned byte by byte with an explicit depth count, never by
 * recursion; one game is in memory at a time.  Part of libbgkit;
 * callers use bgkit.h (bg_reader detects SGF and comes here).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "chars_int.h"
#include "record_int.h"
#include "analysis_int.h"
#include "fmt_int.h"

#define CHUNK	65536
#define MAXID	15		/* longest property identifier kept */
#define MAXVALUE (1 << 20)	/* longest value kept; the rest is dropped */
#define MAXCUBE	(1 << 20)	/* largest cube, as the replay's */

/* A property of the node being read: its values are raw (escapes kept)
 * in the node's value buffer. */
struct prop {
	char		 id[MAXID + 1];
	int		 line, col;
	size_t		 val, nval;	/* first value index, count */
};

struct val {
	size_t		 off, len;
};

struct rootinfo {
	int		 length;	/* -1 if no MI */
	int		 index;		/* MI game, -1 if none */
	int		 score[2];
	bg_variant	 variant;
	int		 crawford, crawford_game, jacoby, nocube;
	int		 cv;
};

struct sgf {
	struct fmt_base	 b;		/* must come first: reader.c reads it */
	char		*buf;
	size_t		 blen, bpos;
	int		 eof, err;
	int		 line, col, cr;	/* where the next byte is */

	/* the node read last */
	struct prop	*prop;
	size_t		 nprop, capprop;
	struct val	*val;
	size_t		 nval, capval;
	char		*vb;		/* the values, as written */
	size_t		 vlen, vcap;
	int		 nline, ncol;	/* where the node starts */

	/* the tree being read */
	int		 depth;		/* how many '(' are still open */
	int		 mainline;	/* set while on the main line of play */
	int		 garbage;	/* syntax errors found in the tree */
	int		 varwarned;

	/* where the reader is */
	int		 nmatch;
	int		 in_match;
	/* Set when a root was read but its game is not made yet. */
	int		 pending;
	struct rootinfo	 ri;		/* what that root says */
	int		 last_index;	/* the last tree's game index (MI) */
	int		 encwarned;
	int		 outwarned;	/* set: text outside a tree was told */
	int		 latin1;	/* set when CA says ISO-8859-1 */

	/* the game being made */
	bg_variant	 variant;
	bg_board	 board;
	int		 cube, owner, cubeless;
	/* What waits for an answer: 0 nothing, 1 a double, 2 a beaver. */
	int		 pend;
	int		 pendval, pendside;
	int		 last_side;	/* who moved last, or -1 */
	/* The side of a roll that PL and DI showed but no move played yet,
	 * or -1 when there is none. */
	int		 roll_side;
	/* The side that offered a resignation with Gibbon's resign:N, or -1
	 * when none is offered. */
	int		 resign_side;
	int		 resign_pts;
	/* Set when the offer was accepted; accept_win is then its result. */
	int		 has_accept;
	bg_record	 accept_win;
	int		 roll_dice[2], roll_line, roll_col;
	/* Set when the last set-position record holds that roll. */
	int		 roll_in_pos;
	int		 board_set;	/* set when AE, AW or AB set it up */
	/* The side that a PL without a roll says acts next, or -1. */
	int		 pl_next;
	int		 crawford_game;
	int		 sgame;		/* the game number, for diagnostics */
	/* Set when the diagnostics held belong to the next match. */
	int		 keepdiag;

	char		*tmp;		/* the value decoded last */
	size_t		 tcap;
};

/* ------------------------------------------------------------- helpers */

static int
isblank_(int c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' ||
	    c == '\f' || c == '\v';
}

static int
isupper_(int c)
{
	return c >= 'A' && c <= 'Z';
}

static void
diag(struct sgf *s, int code, int line, int col, int side,
    const int dice[2], const char *text, size_t len)
{
	if (diaglist_add(&s->b.dl, code, line, col, s->sgame, 0, side, dice,
	    text, len) < 0)
		s->err = -BG_ENOMEM;
}

static void
diags(struct sgf *s, int code, int line, int col, const char *text)
{
	diag(s, code, line, col, -1, NULL, text, text ? strlen(text) : 0);
}

/* ---------------------------------------------------------------- bytes */

static int
refill(struct sgf *s)
{
	long n;

	if (s->eof || s->err)
		return 0;
	n = fmt_src_read(s->b.src, s->buf, CHUNK);
	if (n < 0) {
		s->err = -BG_EIO;
		return 0;
	}
	if (n == 0) {
		s->eof = 1;
		return 0;
	}
	s->blen = (size_t)n;
	s->bpos = 0;
	return 1;
}

/* Return the next byte without taking it, or -1 at the end. */
static int
peekc(struct sgf *s)
{
	if (s->bpos == s->blen && !refill(s))
		return -1;
	return (unsigned char)s->buf[s->bpos];
}

static int
getc_(struct sgf *s)
{
	int c = peekc(s);

	if (c < 0)
		return c;
	s->bpos++;
	if (c == '\n') {
		if (!s->cr)
			s->line++;
		s->cr = 0;
		s->col = 1;
	} else if (c == '\r') {
		s->line++;
		s->col = 1;
		s->cr = 1;
	} else {
		s->cr = 0;
		if ((c & 0xc0) != 0x80)
			s->col++;
	}
	return c;
}

static void
skip_blanks(struct sgf *s)
{
	int c;

	while ((c = peekc(s)) >= 0 && isblank_(c))
		getc_(s);
}

/* Report a syntax error at line:col; only the first of a tree is told. */
static void
syntax_at(struct sgf *s, int line, int col, const char *what)
{
	if (s->garbage++ == 0)
		diags(s, BG_ESGF, line, col, what);
}

/* Report a syntax error at the current place. */
static void
syntax(struct sgf *s, const char *what)
{
	syntax_at(s, s->line, s->col, what);
}

/* --------------------------------------------------------------- values */

/* Read a value after its '['.  When store is set, keep it as written in
 * the node's values; otherwise drop it. */
static int
read_value(struct sgf *s, int store)
{
	size_t st = s->vlen;
	int c, esc = 0, line = s->line, col = s->col - 1, cut = 0;
	struct val *v;

	for (;;) {
		if ((c = getc_(s)) < 0) {
			diags(s, BG_ESGF, line, col, "value not closed by ']'");
			s->garbage++;
			break;
		}
		if (c == ']' && !esc)
			break;
		esc = c == '\\' && !esc;
		if (store && s->vlen - st == MAXVALUE)
			cut = 1;
		else if (store) {
			if (fmt_reserve(&s->vb, &s->vcap, s->vlen + 1) < 0)
				return s->err = -BG_ENOMEM;
			s->vb[s->vlen++] = (char)c;
		}
	}
	if (cut)
		diags(s, BG_ESGF, line, col,
		    "a value over 1 MiB: the rest is not read");
	if (!store)
		return 0;
	if (s->nval == s->capval) {
		size_t cap = s->capval ? s->capval * 2 : 32;

		if ((v = realloc(s->val, cap * sizeof *v)) == NULL)
			return s->err = -BG_ENOMEM;
		s->val = v;
		s->capval = cap;
	}
	s->val[s->nval].off = st;
	s->val[s->nval].len = s->vlen - st;
	s->nval++;
	return 0;
}

/*
 * Read the properties of a node, up to the next ';', '(' or ')'.  The
 * node's ';' is taken already.
 */
static int
read_node(struct sgf *s)
{
	struct prop *p;
	size_t n;
	int c;

	s->nprop = s->nval = s->vlen = 0;
	s->nline = s->line;
	s->ncol = s->col - 1;
	for (;;) {
		skip_blanks(s);
		c = peekc(s);
		if (c < 0 || c == ';' || c == '(' || c == ')')
			return s->err;
		if (!isalph(c)) {
			syntax(s, "a property name was expected");
			getc_(s);
			continue;
		}
		if (s->nprop == s->capprop) {
			size_t cap = s->capprop ? s->capprop * 2 : 16;

			if ((p = realloc(s->prop, cap * sizeof *p)) == NULL)
				return s->err = -BG_ENOMEM;
			s->prop = p;
			s->capprop = cap;
		}
		p = &s->prop[s->nprop];
		memset(p, 0, sizeof *p);
		p->line = s->line;
		p->col = s->col;
		n = 0;
		/* FF[3] names: upper-case letters count, lower-case not. */
		while ((c = peekc(s)) >= 0 && isalph(c)) {
			getc_(s);
			if (isupper_(c) && n < MAXID)
				p->id[n++] = (char)c;
		}
		skip_blanks(s);
		if (peekc(s) != '[') {
			syntax_at(s, p->line, p->col,
			    "a property without a value");
			continue;
		}
		p->val = s->nval;
		while (peekc(s) == '[') {
			getc_(s);
			if (read_value(s, 1) < 0)
				return s->err;
			skip_blanks(s);
		}
		p->nval = s->nval - p->val;
		if (n > 0)
			s->nprop++;
	}
}

/* Skip a variation whose '(' is taken. */
static void
skip_variation(struct sgf *s)
{
	int c, depth = 1;

	if (!s->varwarned++)
		diags(s, BG_WVARIATION, s->line, s->col - 1, NULL);
	while (depth > 0 && (c = getc_(s)) >= 0) {
		if (c == '[')
			read_value(s, 0);
		else if (c == '(')
			depth++;
		else if (c == ')')
			depth--;
	}
}

/*
 * Read the next node of the tree on the main line.  Return 1 with its
 * properties read, or 0 when the tree is closed (or the input ends).
 */
static int
next_node(struct sgf *s)
{
	int c;

	while (s->depth > 0) {
		skip_blanks(s);
		if ((c = peekc(s)) < 0) {
			if (s->err)
				return s->err;
			diags(s, BG_ESGF, s->line, s->col,
			    "the input ends inside a game tree");
			s->depth = 0;
			return 0;
		}
		getc_(s);
		if (c == ';')
			return read_node(s) < 0 ? s->err : 1;
		if (c == '(') {
			if (s->mainline)
				s->depth++;
			else
				skip_variation(s);
		} else if (c == ')') {
			s->mainline = 0;
			s->depth--;
		} else
			syntax(s, "a node (';') was expected");
	}
	return 0;
}

/*
 * After a tree's '(', read up to the ';' of its first node and return 1.
 * Return 0 when the tree closes before it (an empty tree, which is
 * reported when *warn is set), or -1 when the input ends inside it
 * (which is reported).
 */
static int
tree_start(struct sgf *s, int *warn)
{
	int c;

	s->depth = 1;
	s->mainline = 1;
	s->garbage = 0;
	s->varwarned = 0;
	for (;;) {
		skip_blanks(s);
		if ((c = peekc(s)) < 0) {
			diags(s, BG_ESGF, s->line, s->col,
			    "the input ends inside a game tree");
			s->depth = 0;
			return -1;
		}
		getc_(s);
		if (c == ';')
			return 1;
		if (c == '(')
			s->depth++;
		else if (c == ')') {
			if (--s->depth == 0) {
				if (*warn)
					diags(s, BG_ESGF, s->line, s->col - 1,
					    "an empty game tree");
				*warn = 0;
				return 0;
			}
		} else
			syntax(s, "a node (';') was expected");
	}
}

/*
 * Read the root node of the next tree.  Return 1 with its properties
 * read, or 0 at the end of the input.  Empty trees before it are
 * skipped in a loop (not by a call for each tree, so that a file of them
 * goes no deeper than one), and the first of a run of them is reported.
 */
static int
next_root(struct sgf *s)
{
	int c, line, col, rc, warn = 1;

	do {
		for (;;) {
			skip_blanks(s);
			if ((c = peekc(s)) < 0)
				return s->err;
			line = s->line;
			col = s->col;
			getc_(s);
			if (c == '(') {
				/* A tree starts "(;", blanks allowed. */
				skip_blanks(s);
				if ((c = peekc(s)) == ';' || c == '(')
					break;
			}
			if (!s->outwarned++)
				diags(s, BG_ESGF, line, col,
				    "text outside a game tree");
		}
	} while ((rc = tree_start(s, &warn)) == 0);
	if (rc < 0 || read_node(s) < 0)
		return s->err;
	return 1;
}

/* ------------------------------------------------------- value decoding */

static const struct prop *
find(const struct sgf *s, const char *id)
{
	size_t i;

	for (i = 0; i < s->nprop; i++)
		if (strcmp(s->prop[i].id, id) == 0)
			return &s->prop[i];
	return NULL;
}

static const char *
raw(const struct sgf *s, const struct prop *p, size_t k, size_t *len)
{
	const struct val *v = &s->val[p->val + k];

	*len = v->len;
	/* No value buffer yet when every value so far was empty. */
	return s->vb != NULL ? s->vb + v->off : "";
}

/* Return the length of the valid UTF-8 sequence that starts at p, in
 * the n bytes there, or 0 when there is none. */
static size_t
utf8_len(const unsigned char *p, size_t n)
{
	size_t len, i;
	unsigned cp;

	if (p[0] < 0x80)
		return 1;
	if (p[0] < 0xc2 || p[0] > 0xf4)
		return 0;
	len = p[0] >= 0xf0 ? 4 : p[0] >= 0xe0 ? 3 : 2;
	if (len > n)
		return 0;
	cp = p[0] & (0x3f >> (len - 1));
	for (i = 1; i < len; i++) {
		if ((p[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (p[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

/*
 * Append the character at in[*i] to s->tmp at *o, in UTF-8, and move *i
 * past it.  Its byte is read as Latin-1 when the tree says so or when the
 * bytes are not valid UTF-8 (in that last case *bad is set, as for a NUL).
 */
static int
put_text(struct sgf *s, size_t *o, const char *in, size_t *i, size_t n,
    int *bad)
{
	const unsigned char *p = (const unsigned char *)in + *i;
	size_t k;

	if (fmt_reserve(&s->tmp, &s->tcap, *o + 5) < 0)
		return s->err = -BG_ENOMEM;
	if (*p == 0) {
		/* A NUL would cut the text short: write U+FFFD, as in .mat. */
		memcpy(s->tmp + *o, "\xef\xbf\xbd", 3);
		*o += 3;
		(*i)++;
		*bad = 1;
		return 0;
	}
	if (*p < 0x80) {
		s->tmp[(*o)++] = (char)*p;
		(*i)++;
		return 0;
	}
	if (!s->latin1 && (k = utf8_len(p, n - *i)) > 0) {
		memcpy(s->tmp + *o, p, k);
		*o += k;
		*i += k;
		return 0;
	}
	if (!s->latin1)
		*bad = 1;
	s->tmp[(*o)++] = (char)(0xc0 | *p >> 6);
	s->tmp[(*o)++] = (char)(0x80 | (*p & 0x3f));
	(*i)++;
	return 0;
}

static void
bad_encoding(struct sgf *s, const struct prop *p)
{
	if (!s->encwarned++)
		diag(s, BG_WENCODING, p->line, p->col, -1, NULL, p->id,
		    strlen(p->id));
}

enum vtype {
	V_SIMPLE,		/* SimpleText: line breaks become spaces */
	V_TEXT,			/* Text: hard line breaks are kept */
	V_RAW			/* keep escapes and line breaks */
};

/*
 * Decode value k of p into s->tmp, ending it with a NUL, and return it
 * with its length in *len.  Escapes are resolved and soft line breaks
 * removed; other blanks are treated as type t says.
 */
static const char *
text(struct sgf *s, const struct prop *p, size_t k, enum vtype t,
    size_t *len)
{
	size_t n, i = 0, o = 0;
	const char *in = raw(s, p, k, &n);
	int bad = 0, c;

	while (i < n) {
		c = (unsigned char)in[i];
		if (t == V_RAW) {
			if (put_text(s, &o, in, &i, n, &bad) < 0)
				return NULL;
			continue;
		}
		if (c == '\\' && i + 1 < n) {
			i++;
			c = (unsigned char)in[i];
			if (c == '\n' || c == '\r') {
				/* A soft line break: drop it. */
				i++;
				if (i < n && (in[i] == '\n' || in[i] == '\r') &&
				    in[i] != c)
					i++;
				continue;
			}
		} else if (c == '\r' || c == '\n') {
			i++;
			if (c == '\r' && i < n && in[i] == '\n')
				i++;
			if (fmt_reserve(&s->tmp, &s->tcap, o + 2) < 0)
				return NULL;
			s->tmp[o++] = t == V_TEXT ? '\n' : ' ';
			continue;
		} else if (isblank_(c)) {
			if (fmt_reserve(&s->tmp, &s->tcap, o + 2) < 0)
				return NULL;
			s->tmp[o++] = ' ';
			i++;
			continue;
		}
		if (put_text(s, &o, in, &i, n, &bad) < 0)
			return NULL;
	}
	if (fmt_reserve(&s->tmp, &s->tcap, o + 1) < 0) {
		s->err = -BG_ENOMEM;
		return NULL;
	}
	s->tmp[o] = '\0';
	if (bad)
		bad_encoding(s, p);
	*len = o;
	return s->tmp;
}

/* Return the first value of property id as simple text, trimmed, or
 * NULL when there is none. */
static const char *
simple(struct sgf *s, const char *id, size_t *len)
{
	const struct prop *p = find(s, id);
	const char *t;
	size_t n;

	if (p == NULL || p->nval == 0 ||
	    (t = text(s, p, 0, V_SIMPLE, &n)) == NULL)
		return NULL;
	while (n > 0 && t[n - 1] == ' ')
		n--;
	while (n > 0 && *t == ' ') {
		t++;
		n--;
	}
	*len = n;
	return t;
}

/* Read the n bytes at t as a decimal of at most 9 digits; return -1 if
 * they are not one. */
static int
read_count(const char *t, size_t n)
{
	size_t i;
	int v = 0;

	if (n == 0 || n > 9)
		return -1;
	for (i = 0; i < n; i++) {
		if (!isdig((unsigned char)t[i]))
			return -1;
		v = v * 10 + (t[i] - '0');
	}
	return v;
}

/* ------------------------------------------------------------ root node */

/* Read the MI and RU properties of the root node just read. */
static void
root_info(struct sgf *s, struct rootinfo *ri)
{
	const struct prop *p;
	const char *t;
	size_t k, n, rest;
	int v;

	memset(ri, 0, sizeof *ri);
	ri->length = -1;
	ri->index = -1;
	ri->score[0] = ri->score[1] = -1;
	ri->variant = BG_VARIANT_STANDARD;
	ri->cv = 1;
	if ((p = find(s, "MI")) != NULL)
		for (k = 0; k < p->nval; k++) {
			char key[8];

			if ((t = text(s, p, k, V_SIMPLE, &n)) == NULL)
				return;
			for (rest = 0; rest < n && t[rest] != ':'; rest++)
				;
			snprintf(key, sizeof key, "%.*s",
			    (int)(rest < 7 ? rest : 7), t);
			rest++;
			v = rest < n ? read_count(t + rest, n - rest) : -1;
			if (v < 0 && (strcmp(key, "length") == 0 ||
			    strcmp(key, "game") == 0 ||
			    strcmp(key, "ws") == 0 || strcmp(key, "bs") == 0)) {
				diag(s, BG_ESGFVALUE, p->line, p->col, -1,
				    NULL, t, n);
				continue;
			}
			if (strcmp(key, "length") == 0)
				ri->length = v;
			else if (strcmp(key, "game") == 0)
				ri->index = v;
			else if (strcmp(key, "ws") == 0)
				ri->score[0] = v;
			else if (strcmp(key, "bs") == 0)
				ri->score[1] = v;
		}
	if ((p = find(s, "RU")) != NULL && p->nval > 0 &&
	    (t = text(s, p, 0, V_SIMPLE, &n)) != NULL) {
		size_t a = 0, b;

		while (a < n) {
			for (b = a; b < n && t[b] != ':'; b++)
				;
#define IS(w)	(b - a == strlen(w) && strncmp(t + a, w, b - a) == 0)
			if (IS("Crawford"))
				ri->crawford = 1;
			else if (IS("CrawfordGame"))
				ri->crawford_game = 1;
			else if (IS("Jacoby"))
				ri->jacoby = 1;
			else if (IS("NoCube"))
				ri->nocube = 1;
			else if (IS("Nackgammon"))
				ri->variant = BG_VARIANT_NACKGAMMON;
			else if (IS("Hypergammon1"))
				ri->variant = BG_VARIANT_HYPER1;
			else if (IS("Hypergammon2"))
				ri->variant = BG_VARIANT_HYPER2;
			else if (IS("Hypergammon3") || IS("Hypergammon"))
				ri->variant = BG_VARIANT_HYPER3;
			else if (b > a)
				diag(s, BG_ESGFVALUE, p->line, p->col, -1,
				    NULL, t + a, b - a);
#undef IS
			a = b + 1;
		}
	}
	if ((p = find(s, "CV")) != NULL && p->nval > 0 &&
	    (t = text(s, p, 0, V_SIMPLE, &n)) != NULL) {
		v = read_count(t, n);
		if (v >= 1 && v <= MAXCUBE && (v & (v - 1)) == 0)
			ri->cv = v;
		else
			diag(s, BG_ESGFVALUE, p->line, p->col, -1, NULL, t, n);
	}
}

static int
add_tag(struct sgf *s, const char *key, const char *val, size_t len)
{
	int rc = rec_match_add_tag(&s->b.match, key, strlen(key), val, len);

	if (rc < 0)
		s->err = rc;
	return rc;
}

/* Does the match have a tag named key (any case)? */
static int
has_tag(const struct sgf *s, const char *key)
{
	return bg_match_tag(&s->b.match, key) != NULL;
}

/*
 * The game comment GC: lines of the form [Key "value"] are tags (that
 * is how an SGF writer keeps tags SGF has no property for), the others
 * the match's comments.
 */
static int
game_comment(struct sgf *s, const struct prop *p)
{
	const char *t, *l;
	size_t n, a, b, q;
	int rc;

	if ((t = text(s, p, 0, V_TEXT, &n)) == NULL)
		return s->err;
	for (a = 0; a < n; a = b + 1) {
		for (b = a; b < n && t[b] != '\n'; b++)
			;
		l = t + a;
		q = b - a;
		if (q >= 5 && l[0] == '[' && l[q - 1] == ']' &&
		    l[q - 2] == '"') {
			const char *v = memchr(l, '"', q);

			if (v != NULL && v < l + q - 2 && v > l + 1 &&
			    v[-1] == ' ' && memchr(l + 1, '"', (size_t)(v - l
			    - 1)) == NULL) {
				rc = rec_match_add_tag(&s->b.match, l + 1,
				    (size_t)(v - l - 2), v + 1,
				    (size_t)(l + q - 2 - v - 1));
				if (rc < 0)
					return s->err = rc;
				continue;
			}
		}
		if (b == n && q == 0 && a > 0)
			break;		/* a final line break */
		if ((rc = rec_match_add_comment(&s->b.match, l, q)) < 0)
			return s->err = rc;
	}
	return 0;
}

/*
 * Set the match from the root just read: length, players, and its tags:
 * those in GC first, then the ones its properties state (unless GC
 * has them already).
 */
static int
start_match(struct sgf *s, const struct rootinfo *ri)
{
	static const struct {
		const char	*id, *key;
	} info[] = {
		{ "PC", "Site" }, { "EV", "Event" }, { "RO", "Round" },
		{ "DT", "EventDate" }, { "", "Variation" },
		{ "AN", "Transcriber" }
	};
	static const char *const variation[] = {
		[BG_VARIANT_NACKGAMMON] = "NackGammon",
		[BG_VARIANT_HYPER1] = "HyperGammon (1)",
		[BG_VARIANT_HYPER2] = "HyperGammon (2)",
		[BG_VARIANT_HYPER3] = "HyperGammon (3)"
	};
	const struct prop *p;
	const char *t;
	size_t i, n, ngc;
	int side;

	rec_match_reset(&s->b.match);
	s->b.match.length = ri->length < 0 ? 0 : ri->length;
	s->b.match.line = s->nline;
	for (side = 0; side < 2; side++)
		if ((t = simple(s, side ? "PB" : "PW", &n)) != NULL &&
		    rec_match_set_player(&s->b.match, side, t, n) < 0)
			return s->err = -BG_ENOMEM;
	if ((p = find(s, "GC")) != NULL && p->nval > 0 &&
	    game_comment(s, p) < 0)
		return s->err;
	ngc = s->b.match.ntag;
	for (i = 0; i < sizeof info / sizeof info[0]; i++) {
		char date[16];

		if (has_tag(s, info[i].key))
			continue;
		if (info[i].id[0] == '\0') {
			if (ri->variant != BG_VARIANT_STANDARD &&
			    ri->variant <= BG_VARIANT_HYPER3 &&
			    add_tag(s, info[i].key, variation[ri->variant],
			    strlen(variation[ri->variant])) < 0)
				return s->err;
			continue;
		}
		if ((t = simple(s, info[i].id, &n)) == NULL)
			continue;
		/* SGF's 2000-01-31 is the .mat's 2000.01.31. */
		if (strcmp(info[i].id, "DT") == 0 && n == 10 &&
		    t[4] == '-' && t[7] == '-') {
			memcpy(date, t, 10);
			date[4] = date[7] = '.';
			t = date;
		}
		if (add_tag(s, info[i].key, t, n) < 0)
			return s->err;
	}
	/* A 1-point match has no Crawford game: gnubg says nothing. */
	if (ri->length > 1 && !ri->crawford && !has_tag(s, "Crawford") &&
	    add_tag(s, "Crawford", "Off", 3) < 0)
		return s->err;
	if (ri->jacoby && !has_tag(s, "Jacoby") &&
	    add_tag(s, "Jacoby", "On", 2) < 0)
		return s->err;
	if (ri->nocube && !has_tag(s, "CubeLimit") &&
	    add_tag(s, "CubeLimit", "1", 1) < 0)
		return s->err;
	/* The tags of properties first, as gnubg's .mat has them. */
	for (i = 0; i < ngc; i++) {
		struct tag t0 = s->b.match.tag[0];

		memmove(s->b.match.tag, s->b.match.tag + 1,
		    (s->b.match.ntag - 1) * sizeof *s->b.match.tag);
		s->b.match.tag[s->b.match.ntag - 1] = t0;
	}
	return 0;
}

/* ---------------------------------------------------------- the records */

static int
add_record(struct sgf *s, bg_record *rec, const char *t, size_t len)
{
	int rc;

	if ((rc = rec_game_add(&s->b.game, rec, t, len)) < 0)
		s->err = rc;
	return rc;
}

/* Record the roll that PL and DI showed, which no move played, as a move
 * without a play. */
static int
flush_roll(struct sgf *s)
{
	bg_record rec;
	char t[8];

	if (s->roll_side < 0)
		return 0;
	memset(&rec, 0, sizeof rec);
	rec.kind = BG_REC_MOVE;
	rec.side = s->roll_side;
	rec.line = s->roll_line;
	rec.col = s->roll_col;
	rec.dice[0] = rec.note.dice[0] = s->roll_dice[0];
	rec.dice[1] = rec.note.dice[1] = s->roll_dice[1];
	if (rec.dice[0] < rec.dice[1])
		rec.flags |= BG_RF_LOWFIRST;
	rec.flags |= BG_RF_NOMARKS;
	rec.note.kind = BG_NOTE_NONE;
	s->roll_side = -1;
	s->last_side = rec.side;
	snprintf(t, sizeof t, "%d%d:", rec.dice[0], rec.dice[1]);
	return add_record(s, &rec, t, strlen(t));
}

/* Record a cube action: "double", "take" or "drop". */
static int
cube_action(struct sgf *s, const struct prop *p, int side, const char *v)
{
	bg_record rec;
	char t[40];

	memset(&rec, 0, sizeof rec);
	rec.side = side;
	rec.line = p->line;
	rec.col = p->col;
	switch (lower((unsigned char)v[1])) {
	case 'o':		/* double */
		if (s->pend && s->pendside != side) {
			rec.kind = BG_REC_BEAVER;
			rec.value = s->pendval < MAXCUBE ? s->pendval * 2 :
			    s->pendval;
			s->pend = 2;
			snprintf(t, sizeof t, "Beavers => %d", rec.value);
		} else {
			rec.kind = BG_REC_DOUBLE;
			rec.value = s->cube < MAXCUBE ? s->cube * 2 : s->cube;
			s->pend = 1;
			snprintf(t, sizeof t, "Doubles => %d", rec.value);
		}
		s->pendval = rec.value;
		s->pendside = side;
		break;
	case 'a':		/* take */
		if (s->pend == 2) {
			/* The take of a beaver is implied, as in .mat. */
			s->cube = s->pendval;
			s->owner = !side;
			s->pend = 0;
			return 0;
		}
		rec.kind = BG_REC_TAKE;
		snprintf(t, sizeof t, "Takes");
		if (s->pend) {
			s->cube = s->pendval;
			s->owner = side;
		}
		s->pend = 0;
		break;
	default:		/* drop */
		rec.kind = BG_REC_DROP;
		snprintf(t, sizeof t, "Drops");
		s->pend = 0;
		break;
	}
	return add_record(s, &rec, t, strlen(t));
}

/*
 * Gibbon's resignation, written as moves: "resign:N" offers N points
 * (the number is optional), "accept" or "reject" answers it.  An offer
 * accepted is the game's result when no RE gives one.  Return 1 when
 * the n bytes at v are one of them, 0 when not, or a negative code.
 */
static int
resign_action(struct sgf *s, const struct prop *p, int side, const char *v,
    size_t n)
{
	size_t i;
	int pts = 0;

	if (n >= 6 && strncmp(v, "resign", 6) == 0) {
		if (n > 6) {
			for (i = 7; i < n && isdig((unsigned char)v[i]); i++)
				;
			if (v[6] != ':' || i != n || i == 7 || i - 7 > 9)
				return 0;
			pts = read_count(v + 7, i - 7);
		}
		if (s->roll_side >= 0 && flush_roll(s) < 0)
			return s->err;
		s->resign_side = side;
		s->resign_pts = pts > 0 ? pts : s->cube;
		return 1;
	}
	if ((n != 6 || strncmp(v, "accept", 6) != 0) &&
	    (n != 6 || strncmp(v, "reject", 6) != 0))
		return 0;
	if (s->resign_side != !side)
		return 0;	/* it answers no offer: a bad value */
	if (s->roll_side >= 0 && flush_roll(s) < 0)
		return s->err;
	if (v[0] == 'a') {
		memset(&s->accept_win, 0, sizeof s->accept_win);
		s->accept_win.kind = BG_REC_WIN;
		s->accept_win.side = side;
		s->accept_win.value = s->resign_pts;
		s->accept_win.line = p->line;
		s->accept_win.col = p->col;
		s->has_accept = 1;
	}
	s->resign_side = -1;
	return 1;
}

/* Record a W[...] or B[...]: a roll and its play, or a cube action. */
static int
move(struct sgf *s, const struct prop *p, int side)
{
	bg_record rec;
	bg_play pl;
	const char *v;
	char t[64];
	size_t n, i;
	int a, b, k;

	if (p->nval == 0 || (v = text(s, p, 0, V_RAW, &n)) == NULL)
		return s->err;
	while (n > 0 && isblank_((unsigned char)v[n - 1]))
		n--;
	while (n > 0 && isblank_((unsigned char)*v)) {
		v++;
		n--;
	}
	if ((n == 6 && strncmp(v, "double", 6) == 0) ||
	    (n == 4 && strncmp(v, "take", 4) == 0) ||
	    (n == 4 && strncmp(v, "drop", 4) == 0)) {
		if (s->roll_side >= 0 && flush_roll(s) < 0)
			return s->err;
		return cube_action(s, p, side, v);
	}
	if ((k = resign_action(s, p, side, v, n)) != 0)
		return k < 0 ? k : 0;
	/* A roll PL/DI showed is this move's, or is recorded on its own. */
	if (s->roll_side >= 0 && (s->roll_side != side || n < 2 ||
	    s->roll_dice[0] != v[0] - '0' || s->roll_dice[1] != v[1] - '0') &&
	    flush_roll(s) < 0)
		return s->err;
	s->roll_side = -1;
	s->pl_next = -1;
	memset(&rec, 0, sizeof rec);
	rec.kind = BG_REC_MOVE;
	rec.side = side;
	rec.line = p->line;
	rec.col = p->col;
	rec.flags = BG_RF_NOMARKS;
	s->last_side = side;
	if (n < 2 || v[0] < '1' || v[0] > '6' || v[1] < '1' || v[1] > '6' ||
	    (n - 2) % 2 != 0 || n - 2 > 8) {
		rec.kind = BG_REC_UNPARSED;
		rec.code = BG_ESGFVALUE;
		diag(s, BG_ESGFVALUE, p->line, p->col, side, NULL, v, n);
		return add_record(s, &rec, v, n);
	}
	rec.dice[0] = rec.note.dice[0] = v[0] - '0';
	rec.dice[1] = rec.note.dice[1] = v[1] - '0';
	if (rec.dice[0] < rec.dice[1])
		rec.flags |= BG_RF_LOWFIRST;
	rec.note.kind = n == 2 ? BG_NOTE_NONE : BG_NOTE_PLAY;
	memset(&pl, 0, sizeof pl);
	for (i = 2; i < n; i += 2) {
		a = sgf_letter_point((unsigned char)v[i], side);
		b = sgf_letter_point((unsigned char)v[i + 1], side);
		if (a < 0 || b < 0 || a == BG_OFF || b == BG_BAR) {
			rec.kind = BG_REC_MOVE;
			rec.flags |= BG_RF_BADPLAY;
			rec.code = BG_ESGFVALUE;
			rec.note.kind = BG_NOTE_UNKNOWN;
			rec.note.npath = 0;
			diag(s, BG_ESGFVALUE, p->line, p->col + (int)i + 2,
			    side, rec.dice, v, n);
			snprintf(t, sizeof t, "%d%d: %.*s", rec.dice[0],
			    rec.dice[1], (int)(n - 2), v + 2);
			return add_record(s, &rec, t, strlen(t));
		}
		k = rec.note.npath++;
		rec.note.path[k].npt = 2;
		rec.note.path[k].pt[0] = (signed char)a;
		rec.note.path[k].pt[1] = (signed char)b;
		rec.note.path[k].count = 1;
		pl.step[pl.n].from = (signed char)a;
		pl.step[pl.n].to = (signed char)b;
		pl.n++;
	}
	/* Follow the board for later setup nodes; legality is the
	 * replay's business. */
	bg_play_apply(&s->board, side, &pl);
	k = snprintf(t, sizeof t, "%d%d:", rec.dice[0], rec.dice[1]);
	if (rec.note.kind == BG_NOTE_PLAY) {
		t[k++] = ' ';
		bg_notation_format(t + k, sizeof t - (size_t)k, &rec.note,
		    BG_STYLE_MAT);
	}
	return add_record(s, &rec, t, strlen(t));
}

/*
 * A board set up, then a roll node with no play ("B[42]") that ends a
 * game without a result (Gibbon): a position to play with that roll,
 * as a position with DI is, not a game whose play is missing.  The roll
 * is taken back from the records to be the position's.
 */
static void
roll_to_play(struct sgf *s)
{
	const bg_record *r;
	size_t i, n = s->b.game.nrec;

	if (!s->board_set || s->roll_side >= 0 || n < 2)
		return;
	r = &s->b.game.rec[n - 1];
	if (r->kind != BG_REC_MOVE || r->note.kind != BG_NOTE_NONE ||
	    r->code != 0 || (r->flags & BG_RF_BADPLAY))
		return;
	for (i = 0; i + 1 < n; i++)
		if (s->b.game.rec[i].kind != BG_REC_SETPOS &&
		    s->b.game.rec[i].kind != BG_REC_COMMENT)
			return;
	s->roll_side = r->side;
	s->roll_dice[0] = r->dice[0];
	s->roll_dice[1] = r->dice[1];
	s->roll_line = r->line;
	s->roll_col = r->col;
	s->roll_in_pos = 0;
	s->b.game.nrec--;
}

/* Record a C[...]: one comment record for each of its lines. */
static int
comment(struct sgf *s, const struct prop *p)
{
	bg_record rec;
	const char *t;
	size_t n, a, b;

	if (p->nval == 0 || (t = text(s, p, 0, V_TEXT, &n)) == NULL)
		return s->err;
	while (n > 0 && t[n - 1] == '\n')
		n--;
	memset(&rec, 0, sizeof rec);
	rec.kind = BG_REC_COMMENT;
	rec.side = -1;
	rec.line = p->line;
	rec.col = p->col;
	for (a = 0; a <= n; a = b + 1) {
		for (b = a; b < n && t[b] != '\n'; b++)
			;
		if (add_record(s, &rec, t + a, b - a) < 0)
			return s->err;
	}
	return 0;
}

/* Apply the point list of an AE, AW or AB: letters and a:b ranges. */
static int
points(struct sgf *s, const struct prop *p, int side, int clear)
{
	const char *t;
	size_t k, n;
	int a, b, x, pt, opp;

	for (k = 0; k < p->nval; k++) {
		if ((t = text(s, p, k, V_SIMPLE, &n)) == NULL)
			return s->err;
		if (n == 1)
			a = b = (unsigned char)t[0];
		else if (n == 3 && t[1] == ':') {
			a = (unsigned char)t[0];
			b = (unsigned char)t[2];
		} else
			a = b = 0;
		if (a < 'a' || b > 'z' || a > b) {
			diag(s, BG_ESGFVALUE, p->line, p->col, -1, NULL, t, n);
			continue;
		}
		for (x = a; x <= b; x++) {
			if (clear) {
				/* Clear both sides' checkers there. */
				for (opp = 0; opp < 2; opp++) {
					pt = sgf_letter_point(x, opp);
					if (pt == BG_OFF || pt < 0)
						continue;
					s->board.pt[opp][pt] = 0;
				}
				continue;
			}
			pt = sgf_letter_point(x, side);
			if (pt >= 0 && s->board.pt[side][pt] < 255)
				s->board.pt[side][pt]++;
		}
	}
	return 0;
}

static int	setpos_record(struct sgf *, int, int, int, const int [2]);

/*
 * A setup node: AE, AW, AB change the board, CV, CP (or the spec's CO)
 * the cube, PL and DI who rolls what.  A change of board or cube is a
 * set-position record with the XGID of the result; a roll alone is a
 * move without a play unless the next node plays it.
 */
static int
setup(struct sgf *s, int root)
{
	const struct prop *p, *first = NULL;
	const char *t;
	size_t n, i;
	int pl = -1, dice[2] = { 0, 0 }, v, ch = 0, side, taken = 0;

	for (i = 0; i < s->nprop; i++) {
		p = &s->prop[i];
		if (root && strcmp(p->id, "CV") == 0)
			continue;	/* the game's first cube */
		if (strcmp(p->id, "AE") == 0 || strcmp(p->id, "AW") == 0 ||
		    strcmp(p->id, "AB") == 0) {
			if (points(s, p, p->id[1] == 'B', p->id[1] == 'E') < 0)
				return s->err;
			ch = s->board_set = 1;
		} else if (strcmp(p->id, "PL") == 0 || strcmp(p->id, "DI") ==
		    0 || strcmp(p->id, "CV") == 0 || strcmp(p->id, "CP") ==
		    0 || strcmp(p->id, "CO") == 0) {
			if (p->nval == 0 ||
			    (t = text(s, p, 0, V_SIMPLE, &n)) == NULL)
				continue;
			if (p->id[0] == 'P' && n == 1 && (*t == 'W' ||
			    *t == 'B' || *t == 'w' || *t == 'b'))
				pl = lower((unsigned char)*t) == 'b';
			else if (p->id[0] == 'D' && n == 2 && t[0] >= '1' &&
			    t[0] <= '6' && t[1] >= '1' && t[1] <= '6') {
				dice[0] = t[0] - '0';
				dice[1] = t[1] - '0';
			} else if (p->id[1] == 'V' &&
			    (v = read_count(t, n)) >= 1 && v <= MAXCUBE &&
			    (v & (v - 1)) == 0) {
				s->cube = v;
				ch = 1;
			} else if ((p->id[1] == 'P' || p->id[1] == 'O') &&
			    n == 1 && strchr("cwbnCWBN", *t) != NULL) {
				v = lower((unsigned char)*t);
				s->owner = v == 'w' ? 0 : v == 'b' ? 1 :
				    BG_CENTRED;
				s->cubeless = v == 'n';
				ch = 1;
			} else {
				diag(s, BG_ESGFVALUE, p->line, p->col, -1, NULL,
				    t, n);
				continue;
			}
		} else
			continue;
		if (first == NULL)
			first = p;
	}
	if (first == NULL)
		return 0;
	/*
	 * PL and DI may come in a node before the board they are for, as
	 * GNU Backgammon reads them: a roll or a side on turn that no move
	 * has taken since is the new position's.
	 */
	if (ch && dice[0] == 0 && s->roll_side >= 0 &&
	    (pl < 0 || pl == s->roll_side)) {
		pl = s->roll_side;
		dice[0] = s->roll_dice[0];
		dice[1] = s->roll_dice[1];
		s->roll_side = -1;
		taken = 1;
	}
	if (pl < 0)
		pl = s->pl_next;
	if (!ch && dice[0] == 0 && pl >= 0)
		s->pl_next = pl;
	side = pl >= 0 ? pl : s->last_side >= 0 ? !s->last_side : -1;
	if (dice[0] != 0)
		s->roll_in_pos = ch;
	if (ch && setpos_record(s, first->line, first->col, side, dice) < 0)
		return s->err;
	if (dice[0] != 0 && side >= 0) {
		s->roll_side = side;
		s->roll_dice[0] = dice[0];
		s->roll_dice[1] = dice[1];
		if (!taken) {
			s->roll_line = first->line;
			s->roll_col = first->col;
		}
	}
	return 0;
}

/*
 * Add a set-position record at line:col: an XGID of the board, the cube,
 * the score, the side on turn (or -1) and the dice (or zeros).
 */
static int
setpos_record(struct sgf *s, int line, int col, int side, const int dice[2])
{
	{
		bg_record rec;
		bg_matchstate ms;
		char xg[128];

		bg_matchstate_init(&ms, s->b.match.length);
		ms.score[0] = s->b.game.score[0] < 0 ? 0 : s->b.game.score[0];
		ms.score[1] = s->b.game.score[1] < 0 ? 0 : s->b.game.score[1];
		ms.cube = s->cube;
		ms.cube_owner = s->owner;
		ms.on_roll = ms.turn = side < 0 ? 1 : side;
		ms.crawford = s->crawford_game;
		ms.dice[0] = dice[0];
		ms.dice[1] = dice[1];
		ms.cube_max = s->cubeless ? 0 : 10;
		/* No XGID holds a cube of 2^20: on that error, write no text. */
		if ((unsigned)bg_xgid_encode(xg, sizeof xg, &s->board, &ms) >=
		    sizeof xg)
			xg[0] = '\0';
		memset(&rec, 0, sizeof rec);
		rec.kind = BG_REC_SETPOS;
		rec.side = -1;
		rec.line = line;
		rec.col = col;
		if (add_record(s, &rec, xg, strlen(xg)) < 0)
			return s->err;
	}
	return 0;
}

/* Whether id is a property of the root that the match or game takes. */
static int
root_prop(const char *id)
{
	static const char *const ids[] = {
		"FF", "GM", "CA", "AP", "MI", "PW", "PB", "WR", "BR", "DT",
		"EV", "RO", "PC", "AN", "GC", "RU", "RE", "CV"
	};
	size_t i;

	for (i = 0; i < sizeof ids / sizeof ids[0]; i++)
		if (strcmp(id, ids[i]) == 0)
			return 1;
	return 0;
}

static int
setup_prop(const char *id)
{
	return strcmp(id, "AE") == 0 || strcmp(id, "AW") == 0 ||
	    strcmp(id, "AB") == 0 || strcmp(id, "PL") == 0 ||
	    strcmp(id, "DI") == 0 || strcmp(id, "CV") == 0 ||
	    strcmp(id, "CP") == 0 || strcmp(id, "CO") == 0;
}

/* Keep a property the model has no field for, as written. */
static int
keep(struct sgf *s, const struct prop *p)
{
	size_t k, n, len = strlen(p->id), o;
	const char *t;
	char *buf = NULL;
	size_t cap = 0;
	int rc;

	/* The values raw, re-encoded to UTF-8 when need be. */
	for (k = 0, o = 0; k < p->nval; k++) {
		if ((t = text(s, p, k, V_RAW, &n)) == NULL ||
		    fmt_reserve(&buf, &cap, o + len + n + 3) < 0) {
			free(buf);
			return s->err = -BG_ENOMEM;
		}
		if (k == 0) {
			memcpy(buf, p->id, len);
			o = len;
		}
		buf[o++] = '[';
		memcpy(buf + o, t, n);
		o += n;
		buf[o++] = ']';
	}
	rc = rec_game_add_sgf(&s->b.game, buf, o);
	free(buf);
	if (rc < 0)
		s->err = rc;
	return rc;
}

/*
 * gnubg's analysis properties of the node, in the order gnubg writes
 * them, for record rec (the node's move or cube action); a malformed
 * one is a warning and kept as written.
 */
static int
analysis(struct sgf *s, size_t rec)
{
	static const char *const ids[] = {
		"DA", "CR", "A", "MR", "LU", "GB", "GW", "BM", "DO", "BC", "DC"
	};
	struct an_build b;
	const struct prop *p;
	const char **v = NULL;
	size_t *len = NULL, i, k, j;
	int side = s->b.game.rec[rec].side, rc = 0;

	an_build_init(&b);
	for (k = 0; k < sizeof ids / sizeof ids[0] && rc >= 0; k++)
		for (i = 0; i < s->nprop && rc >= 0; i++) {
			p = &s->prop[i];
			if (strcmp(p->id, ids[k]) != 0)
				continue;
			free(v);
			free(len);
			v = malloc((p->nval + 1) * sizeof *v);
			len = malloc((p->nval + 1) * sizeof *len);
			if (v == NULL || len == NULL) {
				rc = -BG_ENOMEM;
				break;
			}
			for (j = 0; j < p->nval; j++)
				v[j] = raw(s, p, j, &len[j]);
			rc = an_sgf_prop(&b, p->id, v, len, p->nval, side,
			    s->b.match.length > 0);
			if (rc == 1)
				diags(s, BG_WANALYSIS, p->line, p->col, p->id);
			if (rc > 0)
				rc = keep(s, p);
		}
	free(v);
	free(len);
	if (rc >= 0 && an_build_any(&b))
		rc = rec_game_add_ranalysis(&s->b.game, rec, &b.a, b.cand);
	an_build_fini(&b);
	if (rc < 0)
		s->err = rc;
	return rc;
}

/* Add the records of the node just read (of a root, only what the match
 * and game have not taken). */
static int
node(struct sgf *s, int root)
{
	const struct prop *p;
	size_t i, n0 = s->b.game.nrec;
	int an;

	/* A pending roll is a move without a play unless this node plays it
	 * or sets up a board, which takes the roll (setup()). */
	if (s->roll_side >= 0 && find(s, "W") == NULL && find(s, "B") == NULL &&
	    find(s, "AE") == NULL && find(s, "AW") == NULL &&
	    find(s, "AB") == NULL && flush_roll(s) < 0)
		return s->err;
	if (setup(s, root) < 0)
		return s->err;
	for (i = 0; i < s->nprop; i++) {
		p = &s->prop[i];
		if ((strcmp(p->id, "W") == 0 || strcmp(p->id, "B") == 0) &&
		    move(s, p, p->id[0] == 'B') < 0)
			return s->err;
	}
	/* The node's analysis goes with the record that the node made. */
	an = s->b.game.nrec > n0 && s->b.game.rec[s->b.game.nrec - 1].kind !=
	    BG_REC_UNPARSED;
	if (an && analysis(s, s->b.game.nrec - 1) < 0)
		return s->err;
	for (i = 0; i < s->nprop; i++) {
		p = &s->prop[i];
		if (an && an_sgf_is_prop(p->id))
			continue;
		if (strcmp(p->id, "C") == 0) {
			if (comment(s, p) < 0)
				return s->err;
		} else if (strcmp(p->id, "W") == 0 || strcmp(p->id, "B") == 0 ||
		    (setup_prop(p->id) && !(root && strcmp(p->id, "CV") ==
		    0)) || (root && root_prop(p->id)))
			continue;
		else if (keep(s, p) < 0)
			return s->err;
	}
	return 0;
}

/* Record the result from RE[W+4] or RE[B+2R] (or "Resign"). */
static int
result(struct sgf *s, const struct prop *p)
{
	bg_record rec;
	const char *t;
	char w[64];
	size_t n, i;
	int v = -1;

	if (p->nval == 0 || (t = text(s, p, 0, V_SIMPLE, &n)) == NULL)
		return s->err;
	memset(&rec, 0, sizeof rec);
	rec.kind = BG_REC_WIN;
	rec.line = p->line;
	rec.col = p->col;
	if (n >= 2 && (t[0] == 'W' || t[0] == 'B') && t[1] == '+') {
		for (i = 2; i < n && isdig((unsigned char)t[i]); i++)
			;
		v = i == 2 ? 0 : read_count(t + 2, i - 2);
		if (v >= 0 && i < n && !((n - i == 1 && t[i] == 'R') ||
		    (n - i == 6 && strncmp(t + i, "Resign", 6) == 0)))
			v = -1;
	}
	if (v < 0) {
		diag(s, BG_ESGFVALUE, p->line, p->col, -1, NULL, t, n);
		return keep(s, p);
	}
	rec.side = t[0] == 'B';
	rec.value = v;
	snprintf(w, sizeof w, "Wins %d point%s", v, v == 1 ? "" : "s");
	return add_record(s, &rec, w, strlen(w));
}

/* Set the players and ratings from the root just read. */
static int
players(struct sgf *s)
{
	const char *t;
	char rating[64];
	size_t n, rn;
	int side, rc;

	for (side = 0; side < 2; side++) {
		rn = 0;
		if ((t = simple(s, side ? "BR" : "WR", &n)) != NULL) {
			rn = n < sizeof rating ? n : sizeof rating - 1;
			memcpy(rating, t, rn);
		}
		if ((t = simple(s, side ? "PB" : "PW", &n)) == NULL)
			continue;
		if ((rc = rec_game_set_player(&s->b.game, side, t, n,
		    rn ? rating : NULL, rn)) < 0)
			return s->err = rc;
	}
	return 0;
}

/* Read the game of the root just read, to the end of its tree. */
static int
read_game_tree(struct sgf *s, const struct rootinfo *ri)
{
	const struct prop *re;
	bg_record win;
	char wtext[64];
	int rc, has_win = 0, side;

	rec_game_reset(&s->b.game);
	s->b.game.number = ri->index >= 0 ? ri->index + 1 : s->sgame + 1;
	s->sgame = s->b.game.number;
	s->b.game.line = s->nline;
	s->b.game.score_line = s->nline;
	s->b.game.score[0] = ri->score[0];
	s->b.game.score[1] = ri->score[1];
	if (players(s) < 0)
		return s->err;
	s->variant = ri->variant;
	bg_board_start(&s->board, s->variant);
	s->cube = 1;
	s->owner = BG_CENTRED;
	s->cubeless = ri->nocube;
	s->pend = 0;
	s->last_side = -1;
	s->roll_side = -1;
	s->resign_side = -1;
	s->has_accept = 0;
	s->roll_in_pos = 0;
	s->board_set = 0;
	s->pl_next = -1;
	s->crawford_game = ri->crawford_game;
	if (ri->cv > 1) {
		/* Automatic doubles: the game starts with the cube up. */
		bg_record rec;
		bg_matchstate ms;
		const struct prop *p = find(s, "CV");
		char xg[128];

		s->cube = ri->cv;
		bg_matchstate_init(&ms, s->b.match.length);
		ms.score[0] = ri->score[0] < 0 ? 0 : ri->score[0];
		ms.score[1] = ri->score[1] < 0 ? 0 : ri->score[1];
		ms.cube = ri->cv;
		ms.cube_max = ri->nocube ? 0 : 10;
		ms.crawford = ri->crawford_game;
		/* No XGID holds a cube of 2^20: on that error, write no text. */
		if ((unsigned)bg_xgid_encode(xg, sizeof xg, &s->board, &ms) >=
		    sizeof xg)
			xg[0] = '\0';
		memset(&rec, 0, sizeof rec);
		rec.kind = BG_REC_SETPOS;
		rec.side = -1;
		rec.line = p->line;
		rec.col = p->col;
		if (add_record(s, &rec, xg, strlen(xg)) < 0)
			return s->err;
	}
	/* RE is in the root, but its record comes last. */
	if ((re = find(s, "RE")) != NULL) {
		size_t n0 = s->b.game.nrec;

		if (result(s, re) < 0)
			return s->err;
		if (s->b.game.nrec > n0) {
			win = s->b.game.rec[n0];
			snprintf(wtext, sizeof wtext, "%s",
			    s->b.game.s.p + s->b.game.toff[n0]);
			s->b.game.nrec = n0;
			has_win = 1;
		}
	}
	if (node(s, 1) < 0)
		return s->err;
	while ((rc = next_node(s)) > 0)
		if (node(s, 0) < 0)
			return s->err;
	if (rc < 0)
		return rc;
	/*
	 * A roll PL and DI show at the end, which no move plays, is a roll
	 * made before a resignation when the game has a result; else the
	 * roll of the position the game stops at, as GNU Backgammon writes
	 * a position with its dice: part of the last set position, or one
	 * of its own.
	 */
	if ((has_win || s->has_accept) && flush_roll(s) < 0)
		return s->err;
	if (!has_win && !s->has_accept)
		roll_to_play(s);
	if ((side = s->roll_side) >= 0) {
		s->roll_side = -1;
		if (!s->roll_in_pos && setpos_record(s, s->roll_line,
		    s->roll_col, side, s->roll_dice) < 0)
			return s->err;
	}
	if (!has_win && s->has_accept) {
		/* Gibbon's accepted resignation, when RE says nothing. */
		win = s->accept_win;
		snprintf(wtext, sizeof wtext, "Wins %d point%s", win.value,
		    win.value == 1 ? "" : "s");
		has_win = 1;
	}
	if (has_win && add_record(s, &win, wtext, strlen(wtext)) < 0)
		return s->err;
	rec_game_finish(&s->b.game);
	return s->err;
}

/* ------------------------------------------------------------------ API */

static int
sgf_init(void *p, unsigned flags)
{
	struct sgf *s = p;

	(void)flags;
	s->line = s->col = 1;
	if ((s->buf = malloc(CHUNK)) == NULL)
		return -BG_ENOMEM;
	/* A UTF-8 byte order mark. */
	if (peekc(s) == 0xef && s->blen - s->bpos >= 3 &&
	    (unsigned char)s->buf[s->bpos + 1] == 0xbb &&
	    (unsigned char)s->buf[s->bpos + 2] == 0xbf)
		s->bpos += 3;
	return 0;
}

static void
sgf_fini(void *p)
{
	struct sgf *s = p;

	free(s->buf);
	free(s->prop);
	free(s->val);
	free(s->vb);
	free(s->tmp);
}

/*
 * Read the next tree's root, skipping trees that are not backgammon.
 * Return 1 with the root read, or 0 at the end.
 */
static int
root(struct sgf *s, struct rootinfo *ri)
{
	const struct prop *p;
	const char *t;
	size_t n;
	int rc;

	for (;;) {
		if ((rc = next_root(s)) <= 0)
			return rc;
		/* The charset first: every other value depends on it. */
		s->latin1 = 0;
		if ((t = simple(s, "CA", &n)) != NULL)
			s->latin1 = (n >= 8 &&
			    strncmp(t, "ISO-8859", 8) == 0) ||
			    (n >= 6 && strncmp(t, "Latin1", 6) == 0) ||
			    (n >= 7 && strncmp(t, "Latin-1", 7) == 0);
		if ((p = find(s, "GM")) != NULL && p->nval > 0 &&
		    (t = text(s, p, 0, V_SIMPLE, &n)) != NULL &&
		    !(n == 1 && *t == '6')) {
			diag(s, BG_ENOTBG, p->line, p->col, -1, NULL, t, n);
			while (next_node(s) > 0)
				;
			continue;
		}
		root_info(s, ri);
		return s->err ? s->err : 1;
	}
}

/* Is the root just read the start of another match? */
static int
new_match(struct sgf *s, const struct rootinfo *ri)
{
	const char *t;
	size_t n;
	int side;

	if (ri->length >= 0 && ri->length != s->b.match.length)
		return 1;
	if (ri->index >= 0 && ri->index <= s->last_index)
		return 1;
	for (side = 0; side < 2; side++) {
		const char *have = bg_match_player(&s->b.match, side);

		if ((t = simple(s, side ? "PB" : "PW", &n)) != NULL &&
		    have != NULL && (strlen(have) != n ||
		    memcmp(have, t, n) != 0))
			return 1;
	}
	return 0;
}

static int
sgf_next_game(void *p, const bg_game **gp)
{
	struct sgf *s = p;
	int rc;

	if (s->err)
		return s->err;
	if (!s->in_match)
		return 0;
	s->b.dl.n = 0;
	if (!s->pending) {
		if ((rc = root(s, &s->ri)) < 0)
			return rc;
		if (rc == 0 || new_match(s, &s->ri)) {
			/* What was said of that root is the next match's. */
			s->pending = rc > 0;
			s->keepdiag = 1;
			s->in_match = 0;
			return 0;
		}
	}
	s->pending = 0;
	s->last_index = s->ri.index >= 0 ? s->ri.index : s->last_index + 1;
	if ((rc = read_game_tree(s, &s->ri)) < 0)
		return rc;
	*gp = &s->b.game;
	return 1;
}

static int
sgf_next_match(void *p, const bg_match **m)
{
	struct sgf *s = p;
	const bg_game *g;
	int rc, skipped = s->in_match;

	while (s->in_match && (rc = sgf_next_game(s, &g)) > 0)
		;
	/*
	 * What was said of this match's root while looking for the next
	 * game is this call's, unless the caller's own last call of
	 * sgf_next_game gave it already.
	 */
	if (!skipped || !s->keepdiag)
		s->b.dl.n = 0;
	s->keepdiag = 0;
	if (s->err)
		return s->err;
	if (!s->pending && (rc = root(s, &s->ri)) <= 0)
		return rc;
	s->sgame = 0;
	if (start_match(s, &s->ri) < 0)
		return s->err;
	s->pending = 1;
	s->in_match = 1;
	s->last_index = -1;
	s->nmatch++;
	*m = &s->b.match;
	return 1;
}

const struct fmt_ops fmt_sgf_ops = {
	sizeof (struct sgf), sgf_init, sgf_fini, sgf_next_match, sgf_next_game
};

/* Bid for input that starts with '(' then ';', as a game tree does. */
static int
sgf_bid(const struct fmt_head *h, int *more)
{
	size_t i = h->i;

	if (i == h->n || h->p[i] != '(')
		return 0;
	if ((i = fmt_head_skip(h, i + 1)) == h->n) {
		*more = 1;
		return 0;
	}
	return h->p[i] == ';' ? 50 : 0;
}

const struct fmt_row fmt_sgf_row = {
	BG_FORMAT_SGF, "sgf", "", ".sgf",
	"GNU Backgammon's SGF game trees",
	"a set position's play, a second result, an unknown play",
	sgf_bid, 50, &fmt_sgf_ops, &fmt_sgf_wops
};
