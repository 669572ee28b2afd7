/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_pos.c: the readers of position files, each position read as a
 * match of one game whose one record sets the position up (an XGID, as
 * an .xgp gives): Snowie's one-line position text (bgkit-snowie(5)),
 * a line of 40 fields each followed by ';', and Jellyfish's binary
 * .pos (bgkit-pos(5)).  A Snowie file may hold several lines: each is a
 * match.  And lists of positions (bgkit-positions(5)): an XGID, a gnubg
 * Position ID (with its Match ID after ':') or a FIBS board line a
 * line, or a field of a comma- or tab-separated line.  The whole input
 * is held in memory (a position is small; the
 * reader stops at MAXIN).  The position text exports of eXtreme Gammon
 * and BGBlitz (fmt_postext.c) share this reader's frame through
 * pos_int.h.  Part of libbgkit; callers use bgkit.h (bg_reader detects
 * these formats and comes here).
 */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"
#include "snowie_int.h"
#include "pos_int.h"
#include "ogid_int.h"

#define JFHEAD	0x24		/* a .pos file's fixed header */
#define JFBOARD	(26 * 4)	/* its 26 (new, old) pairs */
#define MAXCUBE	(1 << 15)

void
pos_note(struct pos *p, int code, int line, int col, const char *fmt, ...)
{
	char t[160];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	if (diaglist_add(&p->b.dl, code, line, col, 0, 0, -1, NULL, t,
	    strlen(t)) < 0)
		p->err = -BG_ENOMEM;
}

/* Read the whole input: 0, 1 when it is larger than MAXIN, or an error. */
static int
slurp(struct pos *p)
{
	size_t cap = 0;
	long got;
	char *np;

	for (;;) {
		if (p->inlen == cap) {
			if (cap >= (size_t)MAXIN)
				return 1;
			cap = cap ? cap * 2 : 4096;
			if ((np = realloc(p->in, cap)) == NULL)
				return -BG_ENOMEM;
			p->in = np;
		}
		got = fmt_src_read(p->b.src, p->in + p->inlen, cap - p->inlen);
		if (got < 0)
			return -BG_EIO;
		if (got == 0)
			return 0;
		p->inlen += (size_t)got;
	}
}

/*
 * Make the match and its game from a position: names by side (NULL:
 * none), the board and the state; line is where it was read.
 */
int
pos_make(struct pos *p, const char *name[2], const bg_board *b,
    const bg_matchstate *ms, int line)
{
	bg_record r;
	char id[128];
	int i, s;

	rec_match_reset(&p->b.match);
	rec_game_reset(&p->b.game);
	p->b.match.length = ms->length;
	p->b.match.line = line;
	p->b.game.number = 1;
	p->b.game.line = p->b.game.score_line = line;
	for (s = 0; s < 2; s++) {
		p->b.game.score[s] = ms->score[s];
		if (name[s] == NULL || *name[s] == '\0')
			continue;
		if (rec_match_set_player(&p->b.match, s, name[s],
		    strlen(name[s])) < 0 || rec_game_set_player(&p->b.game, s,
		    name[s], strlen(name[s]), NULL, 0) < 0)
			return p->err = -BG_ENOMEM;
	}
	/* The rules the format holds, as the .mat tags say them. */
	if (ms->length == 0 && (rec_match_add_tag(&p->b.match, "Jacoby", 6,
	    ms->jacoby ? "On" : "Off", ms->jacoby ? 2 : 3) < 0 ||
	    (p->kind == K_JF && rec_match_add_tag(&p->b.match, "Beaver", 6,
	    ms->beaver ? "On" : "Off", ms->beaver ? 2 : 3) < 0)))
		return p->err = -BG_ENOMEM;
	if ((i = bg_xgid_encode(id, sizeof id, b, ms)) < 0 ||
	    (size_t)i >= sizeof id)
		id[0] = '\0';
	memset(&r, 0, sizeof r);
	r.kind = BG_REC_SETPOS;
	r.side = -1;
	r.line = line;
	r.col = p->col > 0 ? p->col : 1;
	if ((i = rec_game_add(&p->b.game, &r, id, strlen(id))) < 0)
		return p->err = i;
	rec_game_finish(&p->b.game);
	return 0;
}

/* ------------------------------------------------------------ Snowie */

/*
 * One Snowie position line t[0..n), line number line: 0 (a match made),
 * or -1 (a diagnostic given).
 */
static int
snowie_line(struct pos *p, const char *t, size_t n, int line)
{
	struct snowie_pos sp;
	const char *name[2];
	char why[96];
	int col;

	if (snowie_decode(t, n, -1, &sp, why, sizeof why, &col) < 0) {
		pos_note(p, BG_ESNOWIE, line, col, "%s", why);
		return -1;
	}
	name[0] = sp.name[0];
	name[1] = sp.name[1];
	return pos_make(p, name, &sp.board, &sp.ms, line) < 0 ? -1 : 0;
}

/*
 * The next line of the input: its number, *t and *n its text without
 * the line end (and without a UTF-8 BOM on line 1); 0 at the end.
 */
int
pos_next_line(struct pos *p, const char **t, size_t *n)
{
	const char *e;

	if (p->at >= p->inlen)
		return 0;
	*t = p->in + p->at;
	e = memchr(*t, '\n', p->inlen - p->at);
	*n = e ? (size_t)(e - *t) : p->inlen - p->at;
	p->at += *n + (e != NULL);
	if (++p->line == 1 && *n >= 3 && memcmp(*t, "\xef\xbb\xbf", 3) == 0) {
		*t += 3;
		*n -= 3;
	}
	return p->line;
}

static int
snowie_next(struct pos *p)
{
	const char *t;
	size_t n, i;
	int line;

	while ((line = pos_next_line(p, &t, &n)) > 0) {
		for (i = 0; i < n; i++)
			if (t[i] != ' ' && t[i] != '\t' && t[i] != '\r')
				break;
		if (i == n)
			continue;
		if (snowie_line(p, t, n, line) == 0)
			return 1;
		if (p->err)
			return p->err;
	}
	return 0;
}

/* ---------------------------------------------------------- Jellyfish */

static int
s16(const unsigned char *q)
{
	unsigned v = (unsigned)q[0] | (unsigned)q[1] << 8;

	return v & 0x8000u ? (int)v - 0x10000 : (int)v;
}

/*
 * Read a .pos file: 1 when it makes a match, 0 when a diagnostic says
 * why not.
 */
static int
jf_read(struct pos *p)
{
	const unsigned char *q = (const unsigned char *)p->in;
	size_t n = p->inlen, at;
	char nm[2][256];
	const char *name[2];
	bg_board b;
	bg_matchstate ms;
	int s, i, v, roll, owner, type, len, crawf, vers;

	if (n < 2 || (vers = s16(q)) < 124 || vers > 126) {
		pos_note(p, BG_EJFPOS, 0, 0,
		    "no Jellyfish .pos version (124 to 126) at the start");
		return 0;
	}
	if (vers != 126) {
		pos_note(p, BG_EJFPOS, 0, 0, "version %d: only version 126 "
		    "(Jellyfish 3.0) is read", vers);
		return 0;
	}
	if (n < JFHEAD + 2) {
		pos_note(p, BG_EJFPOS, 0, 0, "%zu bytes: cut short", n);
		return 0;
	}
	at = JFHEAD;
	for (s = 0; s < 2; s++) {
		len = q[at];
		if (at + 1 + (size_t)len > n) {
			pos_note(p, BG_EJFPOS, 0, 0, "cut short in a name");
			return 0;
		}
		memcpy(nm[s], q + at + 1, (size_t)len);
		nm[s][len] = '\0';
		for (i = 0; i < len; i++)
			if ((unsigned char)nm[s][i] < 0x20) {
				pos_note(p, BG_EJFPOS, 0, 0,
				    "a control character in the name of "
				    "player %d", s + 1);
				return 0;
			}
		name[s] = nm[s];
		at += 1 + (size_t)len;
	}
	if (at + 7 > n || at + 7 + q[at + 6] + 4 + JFBOARD > n) {
		pos_note(p, BG_EJFPOS, 0, 0, "%zu bytes: cut short", n);
		return 0;
	}
	crawf = s16(q + at + 2);
	at += 7 + q[at + 6];		/* past the last move's text */
	roll = s16(q + 0x10);
	owner = s16(q + 0x0e);
	type = s16(q + 0x18);
	bg_matchstate_init(&ms, 0);
	ms.dice[0] = s16(q + at);
	ms.dice[1] = s16(q + at + 2);
	at += 4;
	memset(&b, 0, sizeof b);
	for (i = 0; i < 26; i++) {
		v = s16(q + at + 4 * (size_t)i) - 20;
		if (v < -15 || v > 15 || (i == 0 && v < 0) ||
		    (i == 25 && v > 0)) {
			pos_note(p, BG_EJFPOS, 0, 0, "board slot %d holds %d",
			    i, v);
			return 0;
		}
		if (i == 0)
			b.pt[1][BG_BAR] = (unsigned char)v;
		else if (i == 25)
			b.pt[0][BG_BAR] = (unsigned char)-v;
		else if (v < 0)
			b.pt[0][i] = (unsigned char)-v;
		else
			b.pt[1][25 - i] = (unsigned char)v;
	}
	if (snowie_tray(&b) < 0) {
		pos_note(p, BG_EJFPOS, 0, 0, "more than 15 checkers a side");
		return 0;
	}
	if (roll < 1 || roll > 4 || owner < 0 || owner > 2 ||
	    (type != 1 && type != 3) || s16(q + 0x0c) < 1 ||
	    s16(q + 0x0c) > MAXCUBE || (s16(q + 0x0c) & (s16(q + 0x0c) - 1))) {
		pos_note(p, BG_EJFPOS, 0, 0, "on roll %d, cube %d owned by %d, "
		    "game type %d", roll, s16(q + 0x0c), owner, type);
		return 0;
	}
	if (roll <= 2 ? ms.dice[0] < 1 || ms.dice[0] > 6 || ms.dice[1] < 1 ||
	    ms.dice[1] > 6 : ms.dice[0] != 0 || ms.dice[1] != 0) {
		pos_note(p, BG_EJFPOS, 0, 0, "dice %d %d %s", ms.dice[0],
		    ms.dice[1], roll <= 2 ? "rolled" : "not rolled");
		return 0;
	}
	ms.length = type == 1 ? s16(q + 0x1e) : 0;
	if (ms.length < 0 || ms.length > 999 || s16(q + 0x20) < 0 ||
	    s16(q + 0x22) < 0 || (ms.length > 0 &&
	    (s16(q + 0x20) >= ms.length || s16(q + 0x22) >= ms.length))) {
		pos_note(p, BG_EJFPOS, 0, 0, "match length %d, score %d %d",
		    s16(q + 0x1e), s16(q + 0x20), s16(q + 0x22));
		return 0;
	}
	ms.score[0] = s16(q + 0x20);
	ms.score[1] = s16(q + 0x22);
	ms.cube = s16(q + 0x0c);
	ms.cube_owner = owner == 0 ? BG_CENTRED : owner - 1;
	ms.on_roll = ms.turn = (roll - 1) % 2;
	ms.crawford = ms.length > 0 && crawf == 2;
	ms.jacoby = ms.length == 0 && s16(q + 0x08) != 0;
	ms.beaver = ms.length == 0 && s16(q + 0x0a) != 0;
	if (s16(q + 0x06) == 0)
		ms.cube_max = 0;
	if (bg_board_check(&b, BG_VARIANT_STANDARD) < 0) {
		pos_note(p, BG_EJFPOS, 0, 0, "not a position of standard "
		    "backgammon");
		return 0;
	}
	return pos_make(p, name, &b, &ms, 1) < 0 ? p->err : 1;
}

/* ------------------------------------------------------- position lists */

/*
 * One field t[0..n) of a list as a position: 0, or the negated code of
 * why it is none.
 */
static int
list_field(struct pos *p, const char *t, size_t n, int line)
{
	const char *name[2] = { NULL, NULL };
	bg_variant v = BG_VARIANT_STANDARD;
	bg_board b;
	bg_matchstate ms;
	bg_fibs f;
	int rc;

	if (n >= 6 && memcmp(t, "board:", 6) == 0) {
		if ((rc = bg_fibs_parse(&f, t, n)) < 0 ||
		    (rc = bg_fibs_to_position(&b, &ms, &f, v)) < 0)
			return rc;
		name[1] = f.player;
		name[0] = f.opponent;
	} else if ((rc = bg_position_parse(&b, &ms, &v, t, n)) < 0)
		return rc;
	if (v != BG_VARIANT_STANDARD && rec_match_add_tag(&p->b.match,
	    "Variation", 9, bg_variant_get(v)->name,
	    strlen(bg_variant_get(v)->name)) < 0)
		return p->err = -BG_ENOMEM;
	return pos_make(p, name, &b, &ms, line) < 0 ? p->err : 0;
}

/*
 * Read the next position of a list: 1 when it makes a match, 0 at the
 * end, or a negative code.
 */
static int
list_next(struct pos *p)
{
	const char *t, *f, *fe;
	size_t n, i, fn;
	int line, rc, first = 0, col = 1;

	while ((line = pos_next_line(p, &t, &n)) > 0) {
		while (n > 0 && (t[n - 1] == '\r' || t[n - 1] == ' ' ||
		    t[n - 1] == '\t'))
			n--;
		for (i = 0; i < n && (t[i] == ' ' || t[i] == '\t'); i++)
			;
		if (i == n || t[i] == '#')
			continue;	/* blank, or a comment */
		/* Each field in turn; the first position is the line's. */
		for (f = t + i, first = 0; ; f = fe + 1) {
			for (fe = f; fe < t + n && *fe != ',' && *fe != '\t';
			    fe++)
				;
			while (f < fe && (*f == ' ' || *f == '"'))
				f++;
			fn = (size_t)(fe - f);
			while (fn > 0 && (f[fn - 1] == ' ' || f[fn - 1] == '"'))
				fn--;
			p->col = (int)(f - t) + 1;
			if (fn > 0 && (rc = list_field(p, f, fn, line)) == 0)
				return 1;
			if (p->err)
				return p->err;
			if (fn > 0 && first == 0) {
				first = -rc;
				col = (int)(f - t) + 1;
			}
			if (fe == t + n)
				break;
		}
		/* A CSV file's first line may name its columns. */
		if (p->matches == 0 && p->b.dl.n == 0 && !p->headed &&
		    memchr(t, ',', n) != NULL) {
			p->headed = 1;
			continue;
		}
		pos_note(p, first ? first : BG_ESYNTAX, line, col,
		    "no position (an XGID, an OGID, a gnubg ID or a FIBS "
		    "board line): \"%.*s\"",
		    (int)(n - i < 40 ? n - i : 40), t + i);
		if (p->err)
			return p->err;
	}
	return 0;
}

/* ------------------------------------------------------------------ API */

/* Every kind of position file has this reader, told which kind it reads. */
#define KIND_INIT(fn, k)						\
static int								\
fn(void *v, unsigned flags)						\
{									\
	(void)flags;							\
	((struct pos *)v)->kind = (k);					\
	return 0;							\
}
KIND_INIT(snowie_init, K_SNOWIE)
KIND_INIT(list_init, K_LIST)
KIND_INIT(text_init, K_TEXT)
KIND_INIT(jf_init, K_JF)

static void
pos_fini(void *v)
{
	struct pos *p = v;

	free(p->in);
}

static int
pos_next_match(void *v, const bg_match **m)
{
	struct pos *p = v;
	int rc;

	if (p->err)
		return p->err;
	p->in_match = 0;
	if (p->started)
		p->b.dl.n = 0;
	else {
		p->started = 1;
		if ((rc = slurp(p)) < 0)
			return p->err = rc;
		if (rc > 0) {
			pos_note(p, p->kind == K_JF ? BG_EJFPOS :
			    p->kind == K_TEXT ? BG_EPOSTEXT : BG_ESNOWIE, 0, 0,
			    "larger than %ld MiB", MAXIN >> 20);
			return 0;
		}
		if (p->inlen == 0) {
			pos_note(p, BG_ENOINPUT, 0, 0, "no position");
			return 0;
		}
	}
	if (p->kind == K_JF)
		rc = p->matches ? 0 : jf_read(p);
	else if (p->kind == K_LIST)
		rc = list_next(p);
	else if (p->kind == K_TEXT)
		rc = postext_next(p);
	else
		rc = snowie_next(p);
	if (rc <= 0)
		return rc;
	p->matches++;
	p->in_match = 1;
	p->b.given = 0;
	*m = &p->b.match;
	return 1;
}

static int
pos_next_game(void *v, const bg_game **g)
{
	struct pos *p = v;

	if (p->err)
		return p->err;
	return fmt_base_first_game(&p->b, p->in_match, g);
}

const struct fmt_ops fmt_snowie_ops = {
	sizeof (struct pos), snowie_init, pos_fini, pos_next_match,
	pos_next_game
};

const struct fmt_ops fmt_poslist_ops = {
	sizeof (struct pos), list_init, pos_fini, pos_next_match,
	pos_next_game
};

const struct fmt_ops fmt_jfpos_ops = {
	sizeof (struct pos), jf_init, pos_fini, pos_next_match, pos_next_game
};

const struct fmt_ops fmt_postext_ops = {
	sizeof (struct pos), text_init, pos_fini, pos_next_match,
	pos_next_game
};

/* ------------------------------------------------------------ the bids */

/* Jellyfish .pos: version 124 to 126, then a zero "caution". */
static int
jf_bid(const struct fmt_head *h, int *more)
{
	size_t k;

	if (h->n == 0 || h->p[0] < 124 || h->p[0] > 126)
		return 0;
	for (k = 1; k < 4 && k < h->n; k++)
		if (h->p[k] != 0)
			return 0;
	*more = h->n < 4;
	return 80;
}

/* Snowie's position line: digits, ';', digits (after a '-'), ';'. */
static int
snowie_bid(const struct fmt_head *h, int *more)
{
	const unsigned char *p = h->p;
	size_t i = h->i, j;
	int k;

	if (i == h->n || p[i] < '0' || p[i] > '9')
		return 0;
	for (k = 0; k < 2; k++) {
		if (k == 1 && i < h->n && p[i] == '-')
			i++;
		for (j = i; i < h->n && p[i] >= '0' && p[i] <= '9'; i++)
			;
		if (i == h->n) {
			*more = 1;
			return 0;
		}
		if (i == j || p[i] != ';')
			return 0;
		i++;
	}
	return 45;
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
 * A list of positions: every line of the text that is not blank nor a
 * '#' comment holds a position ID in a field (fields split at commas and
 * tabs), but a first line with a comma, the names of a table's columns.
 */
static int
list_bid(const struct fmt_head *h, int *more)
{
	const unsigned char *e, *p = h->p + h->i;
	size_t i = 0, len, k, n = h->n - h->i;
	int lines = 0, ids = 0, cut = 0;

	/*
	 * Nor does it take a Snowie line cut short: digits belong to .mat
	 * until a ';' comes.
	 */
	if (!fmt_head_lines(h) || (snowie_bid(h, &cut) == 0 && cut))
		return 0;
	while (i < n) {
		e = memchr(p + i, '\n', n - i);
		len = e ? (size_t)(e - (p + i)) : n - i;
		if (e == NULL && !h->full)
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
	if ((ids > 0 || lines == 0) && !h->full)
		*more = 1;
	return ids > 0 ? 35 : 0;
}

const struct fmt_row fmt_snowie_row = {
	BG_FORMAT_SNOWIE, "snowie", "", ".txt",
	"Snowie's text: its positions read, its matches written",
	FMT_MAT_LOST,
	snowie_bid, 45, &fmt_snowie_ops, &fmt_snowie_wops
};

const struct fmt_row fmt_jfpos_row = {
	BG_FORMAT_POS, "pos", "", ".pos",
	"Jellyfish's binary position files",
	"a game: one position",
	jf_bid, 80, &fmt_jfpos_ops, NULL
};

const struct fmt_row fmt_poslist_row = {
	BG_FORMAT_POSLIST, "positions", "poslist", ".txt .csv",
	"lists of positions: XGIDs, OGIDs, gnubg IDs, FIBS boards",
	"a game: one position a line",
	list_bid, 35, &fmt_poslist_ops, NULL
};
