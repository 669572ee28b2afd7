/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * notation.c: move text in and out.  bg_notation_parse reads one written
 * play in any common dialect (gnubg display and .mat export, XG, BGBlitz
 * dashes, bgammon commas, gnubg's bare number pairs) with an optional
 * dice prefix; no position is known, so only the syntax is checked.
 * bg_notation_from_play groups the steps of a play into written parts the
 * way gnubg's display, gnubg's .mat export or XG would, and
 * bg_notation_format writes a bg_notation in one of those styles.  The
 * grammar is defined in bgkit-notation(7).  Everything here is a hand
 * scanner: a cell is short and its irregular part (dice prefix, a few
 * whole-cell words) is cheaper to match by hand than through a compiled
 * PCRE2 pattern, which would need either a compile per call or shared
 * lazily initialised state.  Part of libbgkit; callers use bgkit.h.
 */
#include <string.h>

#include "bgkit.h"
#include "chars_int.h"
#include "notation_int.h"

#define MAXMOVES	4	/* checker moves in one play */

static int
isws(int c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' ||
	    c == '\v' || c == '\f';
}

/* ---------------------------------------------------------------- parse */

/*
 * The dice prefix s[0..colon): a digit, an optional separator (blanks
 * and at most one '-'), a digit, optional blanks.  Dice stay in the
 * order written.
 */
static int
parse_dice(bg_notation *n, const char *s, size_t colon, size_t *err)
{
	size_t p = 0;
	int k;

	while (p < colon && isws((unsigned char)s[p]))
		p++;
	for (k = 0; k < 2; k++) {
		if (k == 1) {
			while (p < colon && isws((unsigned char)s[p]))
				p++;
			if (p < colon && s[p] == '-') {
				p++;
				while (p < colon && isws((unsigned char)s[p]))
					p++;
			}
		}
		if (p >= colon || s[p] < '1' || s[p] > '6') {
			*err = p;
			return -BG_EDICESYNTAX;
		}
		n->dice[k] = s[p++] - '0';
	}
	while (p < colon && isws((unsigned char)s[p]))
		p++;
	if (p < colon) {
		*err = p;
		return -BG_EDICESYNTAX;
	}
	return 0;
}

/*
 * Cells that are a whole word rather than a play.  Words are lower case;
 * a ' ' matches any run of blanks.
 */
static const struct cellword {
	const char	*word;
	bg_note_kind	 kind;
} cellwords[] = {
	{ "cannot move", BG_NOTE_NONE },
	{ "can't move", BG_NOTE_NONE },
	{ "no move", BG_NOTE_NONE },
	{ "(no move)", BG_NOTE_NONE },
	{ "pass", BG_NOTE_NONE },
	{ "fan", BG_NOTE_NONE },
	{ "dance", BG_NOTE_NONE },
	{ "0", BG_NOTE_NONE },
	{ "???", BG_NOTE_UNKNOWN },
	{ "????", BG_NOTE_UNKNOWN },
};

static int
cellword_match(const char *s, size_t len, const char *w)
{
	size_t i = 0;

	for (; *w != '\0'; w++) {
		if (*w == ' ') {
			if (i >= len || !isws((unsigned char)s[i]))
				return 0;
			while (i < len && isws((unsigned char)s[i]))
				i++;
		} else if (i >= len || lower((unsigned char)s[i]) != *w)
			return 0;
		else
			i++;
	}
	return i == len;
}

/* The kind of a whole-cell word, or -1. */
static int
cellword(const char *s, size_t len)
{
	size_t i;

	for (i = 0; i < sizeof cellwords / sizeof cellwords[0]; i++)
		if (cellword_match(s, len, cellwords[i].word))
			return (int)cellwords[i].kind;
	return -1;
}

/* A non-empty prefix of word w (lower case)? */
static int
isprefix(const char *s, size_t len, const char *w)
{
	size_t i;

	if (len == 0 || len > strlen(w))
		return 0;
	for (i = 0; i < len; i++)
		if (lower((unsigned char)s[i]) != w[i])
			return 0;
	return 1;
}

/*
 * Read one point at s[*pos]: a number 0..25 or a word (any non-empty
 * prefix of bar, off or home, any case).  Returns the point or the
 * negated code with *err set.
 */
static int
read_point(const char *s, size_t end, size_t *pos, size_t *err)
{
	size_t p = *pos, start = *pos;
	int v = 0;

	if (isdig((unsigned char)s[p])) {
		while (p < end && isdig((unsigned char)s[p])) {
			if (v <= BG_BAR)
				v = v * 10 + (s[p] - '0');
			p++;
		}
		*pos = p;
		if (v > BG_BAR) {
			*err = start;
			return -BG_EPOINT;
		}
		return v;
	}
	while (p < end && isalph((unsigned char)s[p]))
		p++;
	*pos = p;
	if (isprefix(s + start, p - start, "bar"))
		return BG_BAR;
	if (isprefix(s + start, p - start, "off") ||
	    isprefix(s + start, p - start, "home"))
		return BG_OFF;
	*err = start;
	return -BG_ESYNTAX;
}

enum last {
	L_NONE,		/* between parts */
	L_POINT,	/* a point */
	L_STAR,		/* a '*' */
	L_SEP,		/* a '/' or '-' */
	L_COUNT		/* a "(n)": the part is closed */
};

#define FAIL(code, at) do {						\
	*err = (at);							\
	return -(code);							\
} while (0)

/*
 * The play s[pos..end), already trimmed and not a whole-cell word, into
 * n->path.  One pass, left to right, so the first offending character
 * is the one reported.
 */
static int
parse_play(bg_notation *n, const char *s, size_t pos, size_t end,
    size_t *err)
{
	bg_path *cur = NULL;
	size_t ptpos[BG_NOTE_MAXPT], seppos = 0, start = pos, tok, p;
	enum last last = L_NONE;
	int gap = 0, moves = 0, v, from;

	while (pos < end) {
		int c = (unsigned char)s[pos];

		if (isws(c) || c == ',') {
			gap = 1;
			pos++;
			continue;
		}
		if (c == '/' || c == '-') {
			if (last == L_NONE || last == L_COUNT || last == L_SEP)
				FAIL(BG_ESLASH, pos);
			if (cur->pt[cur->npt - 1] == BG_OFF)
				FAIL(BG_EFROMOFF, ptpos[cur->npt - 1]);
			seppos = pos++;
			last = L_SEP;
			gap = 0;
			continue;
		}
		if (c == '*') {
			/*
			 * Only right after a destination, once.  A star on
			 * off can mark no hit, but it is a wrong mark, not
			 * bad syntax: the resolver warns about it.
			 */
			if (last != L_POINT || gap || cur->npt < 2)
				FAIL(BG_ESYNTAX, pos);
			cur->hit[cur->npt - 1] = 1;
			last = L_STAR;
			pos++;
			continue;
		}
		if (c == '(') {
			if (last == L_SEP)
				FAIL(BG_ESLASH, seppos);
			if (last == L_NONE || last == L_COUNT || cur->npt < 2)
				FAIL(BG_ESYNTAX, pos);
			p = tok = pos + 1;
			v = 0;
			while (p < end && isdig((unsigned char)s[p])) {
				if (v < 10)
					v = v * 10 + (s[p] - '0');
				p++;
			}
			if (p == tok || p >= end || s[p] != ')')
				FAIL(BG_ECOUNT, p);
			if (v < 2 || v > MAXMOVES)
				FAIL(BG_ECOUNT, tok);
			moves += (cur->npt - 1) * (v - 1);
			if (moves > MAXMOVES)
				FAIL(BG_ETOOMANY, tok);
			cur->count = v;
			last = L_COUNT;
			gap = 0;
			pos = p + 1;
			continue;
		}
		if (!isdig(c) && !isalph(c))
			FAIL(BG_ESYNTAX, pos);

		tok = pos;
		if ((v = read_point(s, end, &pos, err)) < 0)
			return v;
		/* Two points need something between them: "bar20". */
		if (last == L_POINT && !gap)
			FAIL(BG_ESYNTAX, tok);
		if (last == L_SEP || (last == L_POINT && cur->npt == 1)) {
			/* The next point of this part. */
			if (cur->npt == BG_NOTE_MAXPT)
				FAIL(BG_ETOOMANY, tok);
			from = cur->pt[cur->npt - 1];
			if (from == BG_OFF)
				FAIL(BG_EFROMOFF, ptpos[cur->npt - 1]);
			if (v == BG_BAR)
				FAIL(BG_ETOBAR, tok);
			if (v >= from)
				FAIL(BG_EBACKWARD, tok);
			if (++moves > MAXMOVES)
				FAIL(BG_ETOOMANY, tok);
			ptpos[cur->npt] = tok;
			cur->pt[cur->npt++] = (signed char)v;
		} else {
			/* A new part. */
			if (n->npath == BG_NOTE_MAXPATH)
				FAIL(BG_ETOOMANY, tok);
			cur = &n->path[n->npath++];
			cur->npt = 1;
			cur->count = 1;
			cur->pt[0] = (signed char)v;
			ptpos[0] = tok;
		}
		last = L_POINT;
		gap = 0;
	}
	if (last == L_SEP)
		FAIL(BG_ESLASH, seppos);
	if (cur != NULL && cur->npt < 2)
		FAIL(BG_ESYNTAX, ptpos[0]);
	if (n->npath == 0) {
		/* Only commas. */
		while (isws((unsigned char)s[start]))
			start++;
		FAIL(BG_ESYNTAX, start);
	}
	return 0;
}

/*
 * The notation of gnubg's .mat export, the bulk of every file: "F/T" or
 * "F/T*", one space apart, points of one or two digits.  Fills n as
 * parse_play would and returns 1; returns 0, n's parts cleared, for
 * anything else or anything parse_play would refuse, so that it reads
 * the text and reports the error.
 */
static int
parse_plain(bg_notation *n, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + len;
	int from, to, k = 0;
	bg_path *q;

	/*
	 * "F/T" needs three bytes, so while four or more remain the reads
	 * below stay inside the text; the end is checked where it may be.
	 */
	while (k < MAXMOVES && end - p >= 3) {
		if (!isdig(p[0]))
			break;
		from = *p++ - '0';
		if (isdig(*p))
			from = from * 10 + (*p++ - '0');
		if (end - p < 2 || *p++ != '/' || !isdig(*p))
			break;
		to = *p++ - '0';
		if (p < end && isdig(*p))
			to = to * 10 + (*p++ - '0');
		if (from > BG_BAR || from == BG_OFF || to >= from)
			break;
		q = &n->path[k++];
		q->npt = 2;
		q->count = 1;
		q->pt[0] = (signed char)from;
		q->pt[1] = (signed char)to;
		if (p < end && *p == '*') {
			q->hit[1] = 1;
			p++;
		}
		if (p == end) {
			n->npath = k;
			return 1;
		}
		if (*p++ != ' ')
			break;
	}
	memset(n->path, 0, (size_t)k * sizeof n->path[0]);
	return 0;
}

int
notation_plain(bg_notation *n, const char *s, size_t len)
{
	memset(n, 0, sizeof *n);
	n->kind = BG_NOTE_NONE;
	if (len == 0 || !parse_plain(n, s, len))
		return 0;
	n->kind = BG_NOTE_PLAY;
	return 1;
}

int
bg_notation_parse(bg_notation *n, const char *s, size_t len,
    size_t *errpos)
{
	size_t dummy, colon, pos = 0, end = len;
	const char *c;
	int rc, k;

	if (errpos == NULL)
		errpos = &dummy;
	*errpos = 0;
	if (n == NULL || (s == NULL && len > 0))
		return -BG_EINVAL;
	memset(n, 0, sizeof *n);
	n->kind = BG_NOTE_NONE;

	/* A ':' can only end a dice prefix. */
	colon = len;
	if (len > 0 && (c = memchr(s, ':', len)) != NULL)
		colon = (size_t)(c - s);
	if (colon < len) {
		if ((rc = parse_dice(n, s, colon, errpos)) < 0)
			return rc;
		pos = colon + 1;
	}
	while (pos < end && isws((unsigned char)s[pos]))
		pos++;
	while (end > pos && isws((unsigned char)s[end - 1]))
		end--;
	if (pos == end)
		return 0;
	if (parse_plain(n, s + pos, end - pos)) {
		n->kind = BG_NOTE_PLAY;
		return 0;
	}
	if ((k = cellword(s + pos, end - pos)) >= 0) {
		n->kind = (bg_note_kind)k;
		return 0;
	}
	if ((rc = parse_play(n, s, pos, end, errpos)) < 0) {
		n->npath = 0;
		return rc;
	}
	n->kind = BG_NOTE_PLAY;
	return 0;
}

/* ------------------------------------------------ FIBS's absolute numbers */

#define FAILN(code, at) do {						\
	n->npath = 0;							\
	FAIL(code, at);							\
} while (0)

/*
 * The direction a part from f to t shows: FIBS positions 1 to 24, the
 * words bar and off as FW_BAR and FW_OFF, and the numbers 0 and 25,
 * which some servers write for the bar and off: 0 is the bar of the
 * side that moves upward and off for the other, 25 the reverse.
 */
#define FW_BAR	100
#define FW_OFF	101

static int
fibs_dir(int f, int t)
{
	if (f == 0 || t == 25)
		return BG_DIR_UP;
	if (f == 25 || t == 0)
		return BG_DIR_DOWN;
	if (f == FW_BAR)
		return t <= 12 ? BG_DIR_UP : BG_DIR_DOWN;
	if (t == FW_OFF)
		return f >= 13 ? BG_DIR_UP : BG_DIR_DOWN;
	return f < t ? BG_DIR_UP : BG_DIR_DOWN;
}

/*
 * Read one point: a number from 0 to 25, or bar or off (any prefix of
 * the word, in any case), which give FW_BAR and FW_OFF.
 */
static int
fibs_point(const char *s, size_t end, size_t *pos, size_t *err)
{
	size_t start = *pos;
	int v;

	if (!isdig((unsigned char)s[start]) && !isalph((unsigned char)s[start]))
		FAIL(BG_ESYNTAX, start);
	if ((v = read_point(s, end, pos, err)) < 0)
		return v;
	if (isdig((unsigned char)s[start]))
		return v;
	return v == BG_BAR ? FW_BAR : FW_OFF;
}

/* Position p of a part in direction d, in the mover's numbering. */
static int
fibs_own(int p, int d)
{
	if (p == FW_BAR || (p == 0 && d == BG_DIR_UP) ||
	    (p == 25 && d == BG_DIR_DOWN))
		return BG_BAR;
	if (p == FW_OFF || p == 0 || p == 25)
		return BG_OFF;
	return d == BG_DIR_DOWN ? p : 25 - p;
}

int
bg_notation_parse_fibs(bg_notation *n, const char *s, size_t len,
    bg_direction *dir, size_t *errpos)
{
	size_t dummy, pos = 0, end = len, at, *err;
	int f, t = 0, d, k;
	bg_path *q;

	err = errpos != NULL ? errpos : &dummy;
	*err = 0;
	if (n == NULL || dir == NULL || (s == NULL && len > 0) ||
	    (*dir != BG_DIR_NONE && *dir != BG_DIR_AUTO &&
	    *dir != BG_DIR_UP && *dir != BG_DIR_DOWN))
		return -BG_EINVAL;
	memset(n, 0, sizeof *n);
	n->kind = BG_NOTE_NONE;
	while (pos < end && isws((unsigned char)s[pos]))
		pos++;
	while (end > pos && isws((unsigned char)s[end - 1]))
		end--;
	/* The log's " ." after the parts, the command's "move". */
	if (end > pos && s[end - 1] == '.')
		for (end--; end > pos && isws((unsigned char)s[end - 1]);)
			end--;
	if (end - pos > 5 && cellword_match(s + pos, 5, "move "))
		for (pos += 5; pos < end && isws((unsigned char)s[pos]);)
			pos++;
	if (pos == end)
		return 0;
	if ((k = cellword(s + pos, end - pos)) >= 0) {
		n->kind = (bg_note_kind)k;
		return 0;
	}
	while (pos < end) {
		at = pos;
		if ((f = fibs_point(s, end, &pos, err)) < 0)
			goto bad;
		if (f == FW_OFF)
			FAILN(BG_EFROMOFF, at);
		while (pos < end && isws((unsigned char)s[pos]))
			pos++;
		if (pos < end && s[pos] == '-')
			for (pos++; pos < end && isws((unsigned char)s[pos]);)
				pos++;
		if (pos == end)
			FAILN(BG_ESLASH, pos - 1);
		at = pos;
		if ((t = fibs_point(s, end, &pos, err)) < 0)
			goto bad;
		if (t == FW_BAR)
			FAILN(BG_ETOBAR, at);
		d = fibs_dir(f, t);
		if (f == t || fibs_own(f, d) <= fibs_own(t, d))
			FAILN(BG_EBACKWARD, at);
		if (*dir == BG_DIR_NONE || *dir == BG_DIR_AUTO)
			*dir = (bg_direction)d;
		else if (d != (int)*dir)
			FAILN(BG_EBACKWARD, at);
		if (n->npath == MAXMOVES)
			FAILN(BG_ETOOMANY, at);
		q = &n->path[n->npath++];
		q->npt = 2;
		q->count = 1;
		q->pt[0] = (signed char)fibs_own(f, d);
		q->pt[1] = (signed char)fibs_own(t, d);
		if (pos < end && !isws((unsigned char)s[pos]) && s[pos] != ',')
			FAILN(BG_ESYNTAX, pos);
		while (pos < end && (isws((unsigned char)s[pos]) ||
		    s[pos] == ','))
			pos++;
	}
	n->kind = BG_NOTE_PLAY;
	return 0;
bad:
	k = f < 0 ? f : t;
	n->npath = 0;
	return k;
}

int
bg_direction_parse(bg_direction *d, const char *name)
{
	if (d == NULL || name == NULL)
		return -BG_EINVAL;
	if (strcmp(name, "up") == 0)
		*d = BG_DIR_UP;
	else if (strcmp(name, "down") == 0)
		*d = BG_DIR_DOWN;
	else if (strcmp(name, "auto") == 0)
		*d = BG_DIR_AUTO;
	else
		return -BG_EINVAL;
	return 0;
}

int
bg_style_parse(bg_style *st, const char *name)
{
	static const struct {
		const char	*name;
		bg_style	 st;
	} styles[] = {
		{ "gnubg", BG_STYLE_GNUBG },
		{ "mat", BG_STYLE_MAT },
		{ "xg", BG_STYLE_XG },
	};
	size_t i, len;

	if (st == NULL || name == NULL)
		return -BG_EINVAL;
	len = strlen(name);
	for (i = 0; i < sizeof styles / sizeof styles[0]; i++)
		if (len == strlen(styles[i].name) &&
		    isprefix(name, len, styles[i].name)) {
			*st = styles[i].st;
			return 0;
		}
	return -BG_EINVAL;
}

/* ------------------------------------------------------------ from play */

/*
 * Append the part pt[0..npt) to n, or count it again if an identical
 * part is already there.  Stars are set later.
 */
static void
add_part(bg_notation *n, const signed char *pt, int npt)
{
	bg_path *q;
	int i;

	for (i = 0; i < n->npath; i++) {
		q = &n->path[i];
		if (q->npt == npt && memcmp(q->pt, pt, (size_t)npt) == 0) {
			q->count++;
			return;
		}
	}
	if (n->npath == BG_NOTE_MAXPATH)
		return;		/* cannot happen with four steps */
	q = &n->path[n->npath++];
	q->npt = npt;
	memcpy(q->pt, pt, (size_t)npt);
	q->count = 1;
}

static int
valid_point(int v)
{
	return v >= BG_OFF && v <= BG_BAR;
}

/*
 * Order of gnubg's display: source descending, and for equal sources
 * the larger destination (the shorter move) first.  Before that second
 * key comes one of ours: a step that another step continues from comes
 * first.  For the single-die steps of a legal play this changes nothing
 * (two steps from one point with different destinations only occur in
 * a non-double, which has no third step to chain), but it keeps
 * consolidated text in gnubg's order: 13/7* /4* 13/10 stays as written
 * rather than putting the shorter 13/10 first.  Insertion sort, so equal
 * steps keep their order.
 */
static void
sort_steps(int *ord, const bg_play *p, int ns)
{
	int key[4][3], i, j, k, t;

	for (i = 0; i < ns; i++) {
		ord[i] = i;
		key[i][0] = p->step[i].from;
		key[i][1] = 0;
		for (j = 0; j < ns; j++)
			if (j != i && p->step[j].from == p->step[i].to)
				key[i][1] = 1;
		key[i][2] = p->step[i].to;
	}
	for (i = 1; i < ns; i++)
		for (j = i; j > 0; j--) {
			const int *a = key[ord[j - 1]], *b = key[ord[j]];

			for (k = 0; k < 3 && a[k] == b[k]; k++)
				continue;
			if (k == 3 || a[k] > b[k])
				break;
			t = ord[j];
			ord[j] = ord[j - 1];
			ord[j - 1] = t;
		}
}

void
bg_notation_from_play(bg_notation *n, const bg_play *p, bg_style st)
{
	unsigned char hitpt[BG_BAR + 1], starred[BG_BAR + 1], used[4];
	signed char chain[5], pt[5];
	int ord[4], ns, i, j, k, len, npt, cur;
	bg_path *q;

	if (n == NULL)
		return;
	memset(n, 0, sizeof *n);
	n->kind = BG_NOTE_NONE;
	if (p == NULL || p->n <= 0)
		return;
	ns = p->n > 4 ? 4 : p->n;
	n->kind = BG_NOTE_PLAY;

	/*
	 * A point counts as hit when any step hit there, whichever checker
	 * it was: what gnubg reads from the board before the move.
	 */
	memset(hitpt, 0, sizeof hitpt);
	for (i = 0; i < ns; i++)
		if (p->hit[i] && valid_point(p->step[i].to))
			hitpt[p->step[i].to] = 1;

	memset(starred, 0, sizeof starred);
	if (st == BG_STYLE_MAT) {
		/* One part per step, as played; a point starred once. */
		for (i = 0; i < ns && i < BG_NOTE_MAXPATH; i++) {
			q = &n->path[n->npath++];
			q->npt = 2;
			q->count = 1;
			q->pt[0] = p->step[i].from;
			q->pt[1] = p->step[i].to;
			if (valid_point(q->pt[1]) && !starred[q->pt[1]]) {
				q->hit[1] = hitpt[q->pt[1]];
				starred[q->pt[1]] = 1;
			}
		}
		return;
	}

	/*
	 * Chain each step, in sorted order, to the next unused step that
	 * leaves from its destination (which checker moved does not
	 * matter: the resulting position is the same).  Keep only the hit
	 * points of the route.
	 */
	sort_steps(ord, p, ns);
	memset(used, 0, sizeof used);
	for (i = 0; i < ns; i++) {
		if (used[ord[i]])
			continue;
		used[ord[i]] = 1;
		len = 0;
		chain[len++] = p->step[ord[i]].from;
		chain[len++] = cur = p->step[ord[i]].to;
		for (j = i + 1; j < ns; j++)
			if (!used[ord[j]] && p->step[ord[j]].from == cur) {
				used[ord[j]] = 1;
				chain[len++] = cur = p->step[ord[j]].to;
			}
		if (st == BG_STYLE_XG) {
			/* Split at the hit points: 24/18* 18/13. */
			pt[0] = chain[0];
			for (k = 1; k < len; k++)
				if (k == len - 1 || (valid_point(chain[k]) &&
				    hitpt[chain[k]])) {
					pt[1] = chain[k];
					add_part(n, pt, 2);
					pt[0] = chain[k];
				}
		} else {
			npt = 0;
			pt[npt++] = chain[0];
			for (k = 1; k < len - 1; k++)
				if (valid_point(chain[k]) && hitpt[chain[k]])
					pt[npt++] = chain[k];
			pt[npt++] = chain[len - 1];
			add_part(n, pt, npt);
		}
	}

	/*
	 * Stars last, after the counts: a kept intermediate point is always
	 * starred, a destination only the first time its point is starred,
	 * so 13/7*(2) and 8/4*(2).
	 */
	for (i = 0; i < n->npath; i++) {
		q = &n->path[i];
		for (k = 1; k < q->npt; k++) {
			if (!valid_point(q->pt[k]) || !hitpt[q->pt[k]])
				continue;
			if (k < q->npt - 1 || !starred[q->pt[k]]) {
				q->hit[k] = 1;
				starred[q->pt[k]] = 1;
			}
		}
	}
}

/* --------------------------------------------------------------- format */

struct out {
	char	*buf;
	size_t	 size;
	size_t	 len;	/* needed so far */
};

static void
put(struct out *o, const char *s, size_t k)
{
	size_t i;

	for (i = 0; i < k; i++, o->len++)
		if (o->len + 1 < o->size)
			o->buf[o->len] = s[i];
}

static void
put_str(struct out *o, const char *s)
{
	put(o, s, strlen(s));
}

static void
put_int(struct out *o, int v)
{
	char tmp[4];
	size_t k = sizeof tmp;

	do {
		tmp[--k] = (char)('0' + v % 10);
		v /= 10;
	} while (v > 0 && k > 0);
	put(o, tmp + k, sizeof tmp - k);
}

static void
put_point(struct out *o, int v, bg_style st)
{
	if (st != BG_STYLE_MAT && v == BG_BAR)
		put_str(o, "bar");
	else if (st != BG_STYLE_MAT && v == BG_OFF)
		put_str(o, "off");
	else
		put_int(o, v);
}

/* Points a..b of q, slash-separated, with their stars (never on a). */
static void
put_chain(struct out *o, const bg_path *q, int a, int b, bg_style st)
{
	int k;

	for (k = a; k <= b; k++) {
		if (k > a)
			put_str(o, "/");
		put_point(o, q->pt[k], st);
		if (k > a && q->hit[k] && q->pt[k] != BG_OFF)
			put_str(o, "*");
	}
}

static void
put_count(struct out *o, int count)
{
	if (count > 1) {
		put_str(o, "(");
		put_int(o, count);
		put_str(o, ")");
	}
}

static int
valid_notation(const bg_notation *n)
{
	const bg_path *q;
	int i, k;

	if (n->kind == BG_NOTE_NONE || n->kind == BG_NOTE_UNKNOWN)
		return 1;
	if (n->kind != BG_NOTE_PLAY || n->npath < 0 ||
	    n->npath > BG_NOTE_MAXPATH)
		return 0;
	for (i = 0; i < n->npath; i++) {
		q = &n->path[i];
		if (q->npt < 2 || q->npt > BG_NOTE_MAXPT || q->count < 1 ||
		    q->count > MAXMOVES)
			return 0;
		for (k = 0; k < q->npt; k++)
			if (!valid_point(q->pt[k]))
				return 0;
	}
	return 1;
}

int
bg_notation_format(char *buf, size_t size, const bg_notation *n,
    bg_style st)
{
	struct out o;
	unsigned char starred[BG_BAR + 1];
	const bg_path *q;
	int i, k, c, a, sep = 0;

	if (buf != NULL && size > 0)
		buf[0] = '\0';
	if (n == NULL || (buf == NULL && size > 0) || !valid_notation(n) ||
	    (st != BG_STYLE_GNUBG && st != BG_STYLE_MAT && st != BG_STYLE_XG))
		return -BG_EINVAL;
	o.buf = buf;
	o.size = size;
	o.len = 0;

	if (n->kind == BG_NOTE_UNKNOWN)
		put_str(&o, st == BG_STYLE_XG ? "????" : "???");
	else if (n->kind == BG_NOTE_NONE || n->npath == 0)
		put_str(&o, st == BG_STYLE_XG ? "Cannot Move" : "");
	else if (st == BG_STYLE_GNUBG) {
		for (i = 0; i < n->npath; i++) {
			q = &n->path[i];
			if (i > 0)
				put_str(&o, " ");
			put_chain(&o, q, 0, q->npt - 1, st);
			put_count(&o, q->count);
		}
	} else if (st == BG_STYLE_XG) {
		/* Never "* /": a chain splits after each hit point. */
		for (i = 0; i < n->npath; i++) {
			q = &n->path[i];
			for (a = 0, k = 1; k < q->npt; k++) {
				if (k < q->npt - 1 && !q->hit[k])
					continue;
				if (sep++)
					put_str(&o, " ");
				put_chain(&o, q, a, k, st);
				put_count(&o, q->count);
				a = k;
			}
		}
	} else {
		/*
		 * One part per segment and per repeat, numeric, each point
		 * starred once.
		 */
		memset(starred, 0, sizeof starred);
		for (i = 0; i < n->npath; i++) {
			q = &n->path[i];
			for (c = 0; c < q->count; c++)
				for (k = 1; k < q->npt; k++) {
					if (sep++)
						put_str(&o, " ");
					put_int(&o, q->pt[k - 1]);
					put_str(&o, "/");
					put_int(&o, q->pt[k]);
					if (q->hit[k] && q->pt[k] != BG_OFF &&
					    !starred[q->pt[k]]) {
						put_str(&o, "*");
						starred[q->pt[k]] = 1;
					}
				}
		}
	}
	if (size > 0)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return (int)o.len;
}

int
bg_play_format(char *buf, size_t size, const bg_play *p, bg_style st)
{
	bg_notation n;

	if (buf != NULL && size > 0)
		buf[0] = '\0';
	if (p == NULL || p->n < 0 || p->n > 4)
		return -BG_EINVAL;
	bg_notation_from_play(&n, p, st);
	return bg_notation_format(buf, size, &n, st);
}
