/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_mat_grammar.c: the reference grammar of .mat lines, the general
 * path every line can take (bgkit-mat(5) says what it reads).  A line is
 * classified (blank, comment, match line, game line, move line, a line
 * of cells, other); its cells are split on roll tokens ("64:") and
 * keywords, never on columns, and each is read into a record with its
 * diagnostics.  The few irregular line grammars (match, game, score and
 * tag lines, keyword cells) are PCRE2 patterns compiled on first use;
 * the plays go to the notation parser.  When the reader's fast flag is
 * on, a pattern's literal form (fmt_mat_fast.c) is tried first.  Part of
 * the .mat reader (fmt_mat_int.h).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "notation_int.h"
#include "record_int.h"
#include "fmt_int.h"
#include "fmt_mat_int.h"

/*
 * Bounds on one pattern match: a line gnubg writes needs a few hundred
 * steps, a hostile 64 KiB line far more without them.  A match that
 * reaches a bound counts as no match.
 */
#define MATCHLIMIT 100000	/* backtracking steps */
#define DEPTHLIMIT 1000		/* nested backtracking points */

/*
 * Each pattern runs on a whole line or cell, without PCRE2_UTF: only
 * ASCII classes matter and non-ASCII bytes are name characters.
 */
static const char *const patterns[P_COUNT] = {
	[P_MATCH] = "^\\s*(\\d{1,9})\\s*points?\\s+match\\s*$",
	[P_GAME] = "^\\s*game\\s+(\\d{1,9})\\s*$",
	[P_SCORE] = "^\\s*(\\S.*?)?\\s*:\\s*(\\d{1,9})\\s+(\\S.*?)?\\s*:"
	    "\\s*(\\d{1,9})\\s*$",
	[P_TAG] = "^[;#]\\s*\\[\\s*([^\"\\]]*?)\\s*\"(.*)\"\\s*\\]\\s*$",
	[P_SETPOS] = "^[;#]\\s*set\\s*pos\\s*=\\s*(.*?)\\s*$",
	[P_CELL] = "^(?:"
	    "(doubles?|beavers?|raccoons?)(?:\\s*=+>?\\s*(\\d{1,9}))?"	/* 1 2 */
	    "|(takes?)"							/* 3 */
	    "|(drops?)"							/* 4 */
	    "|(wins?|loss(?:es)?|loses?)\\s+(\\d{1,9})\\s+points?"	/* 5 6 */
	    "(\\s+and\\s+the\\s+match)?"					/* 7 */
	    "|(illegal\\s+play\\b.*)"					/* 8 */
	    "|(resigns?)"						/* 9 */
	    ")$",
};

/*
 * Match pattern p against s[0..len); the number of pairs, or 0.  Each
 * pattern is compiled on its first use: the lines gnubg writes need few
 * of them (doc/performance.md).
 */
static int
re_match(struct matrd *r, enum pat p, const char *s, size_t len)
{
	PCRE2_SIZE erroff;
	int rc;

	if (r->mc == NULL) {
		/*
		 * Made on the first use too, PCRE2 loaded then: most files
		 * need no pattern.  A library that cannot be loaded is told
		 * as memory that cannot be had.
		 */
		if (rx_load(&r->rx) < 0 || (r->md == NULL &&
		    (r->md = r->rx.match_data_create(12, NULL)) == NULL) ||
		    (r->mc = r->rx.match_context_create(NULL)) == NULL) {
			r->err = -BG_ENOMEM;
			return 0;
		}
		r->rx.set_match_limit(r->mc, MATCHLIMIT);
		r->rx.set_depth_limit(r->mc, DEPTHLIMIT);
	}
	if (r->re[p] == NULL && (r->re[p] = r->rx.compile((PCRE2_SPTR)
	    patterns[p], PCRE2_ZERO_TERMINATED, PCRE2_CASELESS, &rc, &erroff,
	    NULL)) == NULL) {
		r->err = -BG_ENOMEM;
		return 0;
	}
	rc = r->rx.match(r->re[p], (PCRE2_SPTR)s, len, 0, 0, r->md, r->mc);
	return rc > 0 ? rc : 0;
}

/*
 * Set *start and *len to where group k of the last match lies; -1 when
 * the group did not take part in the match.
 */
static int
group(struct matrd *r, int k, size_t *start, size_t *len)
{
	PCRE2_SIZE *ov = r->rx.get_ovector_pointer(r->md);

	if (k >= (int)r->rx.get_ovector_count(r->md) ||
	    ov[2 * k] == PCRE2_UNSET) {
		*start = *len = 0;
		return -1;
	}
	*start = ov[2 * k];
	*len = ov[2 * k + 1] - ov[2 * k];
	return 0;
}

/* ------------------------------------------------------- classification */


/*
 * The keywords that start a cell, by length; the regex P_CELL says the
 * rest.  Each word of a length is eight bytes, NUL-padded.
 */
static const char kw3[][8] = { "win" };
static const char kw4[][8] = { "take", "drop", "wins", "loss" };
static const char kw5[][8] = { "takes", "drops", "loses" };
static const char kw6[][8] = { "double", "beaver", "losses", "resign" };
static const char kw7[][8] = { "doubles", "beavers", "raccoon", "resigns" };
static const char kw8[][8] = { "raccoons" };

/* Is the word w[0..8) one of the n words of kw? */
static int
in_words(const char w[8], const char (*kw)[8], size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (memcmp(w, kw[i], 8) == 0)
			return 1;
	return 0;
}

#define NWORDS(a)	(sizeof (a) / sizeof (a)[0])

/*
 * Does a cell start at s[0..n)?  1 roll, 2 keyword ("illegal" 3), 0.
 * Most calls are for a word that is none (a player's name, "point"):
 * the word is lowered into eight bytes and compared with the few
 * keywords of its length, eight bytes at a time.
 */
static int
starter(const char *s, size_t n)
{
	char w[8];
	size_t k;
	unsigned c;

	if (is_roll(s, n))
		return 1;
	memset(w, 0, sizeof w);
	/*
	 * No keyword is shorter than three letters or longer than eight.
	 * A byte is a letter when it is one lowered, by setting bit 5.
	 */
	for (k = 0; k < n; k++) {
		c = (unsigned char)s[k] | 0x20;
		if (c - 'a' > 'z' - 'a')
			break;
		if (k == 8)
			return 0;
		w[k] = (char)c;
	}
	switch (k) {
	case 3:
		return in_words(w, kw3, NWORDS(kw3)) ? 2 : 0;
	case 4:
		return in_words(w, kw4, NWORDS(kw4)) ? 2 : 0;
	case 5:
		return in_words(w, kw5, NWORDS(kw5)) ? 2 : 0;
	case 6:
		return in_words(w, kw6, NWORDS(kw6)) ? 2 : 0;
	case 7:
		if (memcmp(w, "illegal", 8) == 0)
			return 3;
		return in_words(w, kw7, NWORDS(kw7)) ? 2 : 0;
	case 8:
		return in_words(w, kw8, NWORDS(kw8)) ? 2 : 0;
	default:
		return 0;
	}
}

/* Put the number that P_MATCH or P_GAME last matched into r->number. */
static void
pattern_number(struct matrd *r)
{
	size_t st, len;

	group(r, 1, &st, &len);
	r->number = atoin(r->line + st, len);
}

enum kind
mat_classify(struct matrd *r, size_t *body)
{
	const char *s = r->line;
	size_t i = 0, j;

	/* A cell alone on its line comes after a column of spaces. */
	if (s[0] == ' ' && s[1] == ' ')
		i = padding(s, 0, r->llen);
	while (isws((unsigned char)s[i]))
		i++;
	*body = i;
	if (s[i] == '\0')
		return L_BLANK;
	if (s[i] == ';' || s[i] == '#')
		return L_COMMENT;
	if (isdig((unsigned char)s[i])) {
		for (j = i; isdig((unsigned char)s[j]); j++)
			;
		if (s[j] == ')')
			return L_MOVE;
		if (r->fast && mat_lit_match(s, r->llen, &r->number))
			return L_MATCH;
		if (re_match(r, P_MATCH, s, r->llen)) {
			pattern_number(r);
			return L_MATCH;
		}
	}
	if (lower((unsigned char)s[i]) == 'g') {
		if (r->fast && mat_lit_game(s, r->llen, &r->number))
			return L_GAME;
		if (re_match(r, P_GAME, s, r->llen)) {
			pattern_number(r);
			return L_GAME;
		}
	}
	/* Whether it is L_CELLS is for the caller to ask (mat_cells). */
	return L_OTHER;
}

/*
 * Tell whether a cell starts at body the line that mat_classify() called
 * L_OTHER.
 */
enum kind
mat_cells(struct matrd *r, size_t body)
{
	return starter(r->line + body, r->llen - body) ? L_CELLS : L_OTHER;
}

/* --------------------------------------------------------------- header */


/* A comment line s[0..len) without its marker and one blank. */
static void
comment_text(const char *s, size_t len, size_t *st, size_t *n)
{
	size_t i = 0;

	while (i < len && isws((unsigned char)s[i]))
		i++;
	i++;			/* the ';' or '#' */
	if (i < len && isws((unsigned char)s[i]))
		i++;
	if (i > len)
		i = len;
	*st = i;
	*n = len - i;
}

int
mat_header_comment(struct matrd *r, const char *s, size_t len)
{
	size_t ks, kl, vs, vl;

	if (r->fast && mat_lit_tag(s, len, &ks, &kl, &vs, &vl))
		return rec_match_add_tag(&r->b.match, s + ks, kl, s + vs, vl);
	if (re_match(r, P_TAG, s, len)) {
		group(r, 1, &ks, &kl);
		group(r, 2, &vs, &vl);
		return rec_match_add_tag(&r->b.match, s + ks, kl, s + vs, vl);
	}
	comment_text(s, len, &ks, &kl);
	return rec_match_add_comment(&r->b.match, s + ks, kl);
}

/* ---------------------------------------------------------------- games */


/*
 * A name, blanks collapsed, in *name and *nlen: s itself when it needs
 * no change, else a copy in r->tmp.  A trailing ",1500" or ",1500.5" (a
 * GridGammon/FIBS rating) is split off into *rst and *rlen.
 */
static int
clean_name(struct matrd *r, const char *s, size_t len, const char **name,
    size_t *nlen, size_t *rst, size_t *rlen)
{
	size_t i, o = 0, c;
	int rc, dot = 0, ok = 0;

	*rlen = 0;
	*rst = 0;
	/*
	 * Most names are words with a space between them and no comma.
	 * No blank or comma is above ',', as letters are.
	 */
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] <= ',' && (s[i] == ',' ||
		    (isws((unsigned char)s[i]) && (s[i] != ' ' || i == 0 ||
		    i + 1 == len || s[i + 1] == ' '))))
			break;
	if (i == len) {
		*name = s;
		*nlen = len;
		return 0;
	}
	for (c = len; c > 0 && s[c - 1] != ','; c--)
		;
	if (c > 1) {
		for (i = c; i < len; i++) {
			if (isdig((unsigned char)s[i]))
				ok = 1;
			else if (s[i] == '.' && !dot && ok)
				dot = 1;
			else
				break;
		}
		if (i == len && ok && s[len - 1] != '.') {
			*rst = c;
			*rlen = len - c;
			len = c - 1;
		}
	}
	if ((rc = fmt_reserve(&r->tmp, &r->tcap, len + 1)) < 0)
		return rc;
	for (i = 0; i < len; i++) {
		if (isws((unsigned char)s[i])) {
			if (o > 0 && r->tmp[o - 1] != ' ')
				r->tmp[o++] = ' ';
		} else
			r->tmp[o++] = s[i];
	}
	while (o > 0 && r->tmp[o - 1] == ' ')
		o--;
	*name = r->tmp;
	*nlen = o;
	return 0;
}

/*
 * The game's scores v and players named at st, len of line s, the score
 * line, line lineno of the input.
 */
static int
score_at(struct matrd *r, const char *s, int lineno, const size_t st[2],
    const size_t len[2], const int v[2])
{
	struct bg_game *g = &r->b.game;
	size_t n, rs, rl;
	const char *name;
	int k, rc;

	g->score[0] = v[0];
	g->score[1] = v[1];
	for (k = 0; k < 2; k++) {
		if ((rc = clean_name(r, s + st[k], len[k], &name, &n,
		    &rs, &rl)) < 0)
			return rc;
		if ((rc = rec_game_set_player(g, k, name, n,
		    rl ? s + st[k] + rs : NULL, rl)) < 0)
			return rc;
		if (r->nmatch > 0 && r->b.match.player[k] == REC_NONE &&
		    (rc = rec_match_set_player(&r->b.match, k, name, n)) < 0)
			return rc;
	}
	g->score_line = lineno;
	return 1;
}

int
mat_set_score(struct matrd *r, const size_t st[2], const size_t len[2],
    const int v[2])
{
	return score_at(r, r->line, r->lineno, st, len, v);
}

/*
 * The first line of a Jellyfish single game (.gam), s[0..n): two names,
 * each one word, blanks between them and nothing else: 1 with their
 * offsets and lengths, else 0.
 */
int
mat_gam_names(const char *s, size_t n, size_t st[2], size_t len[2])
{
	size_t i = 0, k;

	for (k = 0; k < 2; k++) {
		while (i < n && isws((unsigned char)s[i]))
			i++;
		st[k] = i;
		while (i < n && !isws((unsigned char)s[i]) && s[i] != ':' &&
		    s[i] != ';' && s[i] != '#')
			i++;
		if ((len[k] = i - st[k]) == 0)
			return 0;
		if (k == 0 && (i == n || !isws((unsigned char)s[i])))
			return 0;
	}
	return i == n;
}

int
mat_is_setpos(struct matrd *r, const char *s, size_t len)
{
	return re_match(r, P_SETPOS, s, len);
}

/*
 * Set the game's players to the names at offsets st, lengths len, of the
 * .gam names line s, numbered lineno.
 */
int
mat_gam_players(struct matrd *r, const char *s, int lineno,
    const size_t st[2], const size_t len[2])
{
	static const int zero[2] = { 0, 0 };

	return score_at(r, s, lineno, st, len, zero);
}

/*
 * Read the current line as a score line: 1 when it is one, 0 when it is
 * not, a negative code on error.
 */
int
mat_score_line(struct matrd *r)
{
	size_t st[2], len[2], ds, dl;
	int v[2], s;

	if (!r->fast || !mat_lit_score(r->line, r->llen, st, len, v)) {
		if (!re_match(r, P_SCORE, r->line, r->llen))
			return 0;
		for (s = 0; s < 2; s++) {
			group(r, 1 + 2 * s, &st[s], &len[s]);
			group(r, 2 + 2 * s, &ds, &dl);
			v[s] = atoin(r->line + ds, dl);
		}
	}
	return mat_set_score(r, st, len, v);
}

/* Add a comment or set-position line as a record of the game. */
int
mat_game_comment(struct matrd *r, int line, const char *s, size_t len)
{
	bg_record rec;
	size_t st, n;

	memset(&rec, 0, sizeof rec);
	rec.side = -1;
	rec.line = line;
	rec.col = 1;
	while (rec.col - 1 < (int)len && isws((unsigned char)s[rec.col - 1]))
		rec.col++;
	if (re_match(r, P_SETPOS, s, len)) {
		rec.kind = BG_REC_SETPOS;
		group(r, 1, &st, &n);
	} else {
		rec.kind = BG_REC_COMMENT;
		comment_text(s, len, &st, &n);
	}
	return rec_game_add(&r->b.game, &rec, s + st, n);
}

/* Canonical spellings, compared with blanks collapsed. */
static int
canonical(const char *s, size_t len, const char *want)
{
	size_t i = 0;

	for (; *want != '\0'; want++) {
		if (i >= len)
			return 0;
		if (*want == ' ') {
			if (!isws((unsigned char)s[i]))
				return 0;
			while (i < len && isws((unsigned char)s[i]))
				i++;
			continue;
		}
		if (s[i++] != *want)
			return 0;
	}
	return i == len;
}

/*
 * Read the roll cell s[0..len) ("64: 8/2 6/2", trimmed) at byte offset
 * off of the line into rec, adding diagnostics.
 */
static void
read_roll_cell(struct matrd *r, bg_record *rec, const char *s, size_t len,
    size_t off)
{
	size_t st, k, errpos;
	const char *colon;
	int rc;

	for (k = 0; k < 2; k++)
		if (s[k] < '1' || s[k] > '6') {
			rec->kind = BG_REC_UNPARSED;
			rec->code = BG_EDICESYNTAX;
			mat_diag(r, BG_EDICESYNTAX, rec->line,
			    mat_charcol(r, off + k), rec->side,
			    rec->moveno, NULL, s, len);
			return;
		}
	rec->kind = BG_REC_MOVE;
	rec->dice[0] = s[0] - '0';
	rec->dice[1] = s[1] - '0';
	if (rec->dice[0] < rec->dice[1])
		rec->flags |= BG_RF_LOWFIRST;
	for (st = 3; st < len && isws((unsigned char)s[st]); st++)
		;
	if (len - st >= 7 && isalph((unsigned char)s[st]) &&
	    starter(s + st, len - st) == 3) {
		rec->kind = BG_REC_ILLEGAL;
		return;
	}
	/*
	 * A second roll glued to this play ("14/13*41: 25/21"):
	 * point at it rather than let the dice prefix of the
	 * notation take everything before its ':'.
	 */
	k = len;
	if (st < len && (colon = memchr(s + st, ':', len - st)) != NULL)
		k = (size_t)(colon - s);
	if (k < len) {
		if (k >= st + 2 && isdig((unsigned char)s[k - 1]) &&
		    isdig((unsigned char)s[k - 2]))
			k -= 2;
		memset(&rec->note, 0, sizeof rec->note);
		rc = -BG_ESYNTAX;
		errpos = k - st;
	} else if (notation_plain(&rec->note, s + st, len - st))
		rc = 0;
	else
		rc = bg_notation_parse(&rec->note, s + st, len - st,
		    &errpos);
	rec->note.dice[0] = rec->dice[0];
	rec->note.dice[1] = rec->dice[1];
	if (rc < 0) {
		rec->flags |= BG_RF_BADPLAY;
		rec->code = -rc;
		rec->note.kind = BG_NOTE_UNKNOWN;
		rec->note.npath = 0;
		mat_diag(r, -rc, rec->line,
		    mat_charcol(r, off + st + errpos), rec->side,
		    rec->moveno, rec->dice, s, len);
	}
}

/*
 * Read the cell s[0..len) that is no roll (trimmed) into rec, adding
 * diagnostics: a keyword cell, else an unparsed one.  1 for "Resigns",
 * which is no record: the other side's "Wins" after it is the
 * resignation (mat_resigned() checks that it comes).
 */
static int
read_keyword_cell(struct matrd *r, bg_record *rec, const char *s,
    size_t len)
{
	size_t st, n;
	char canon[64];

	if (r->fast && mat_lit_keyword(rec, s, len))
		return 0;
	if (!re_match(r, P_CELL, s, len)) {
		rec->kind = BG_REC_UNPARSED;
		rec->code = BG_ECELL;
		mat_diag(r, BG_ECELL, rec->line, rec->col, rec->side,
		    rec->moveno, NULL, s, len);
		return 0;
	}
	if (group(r, 9, &st, &n) == 0) {
		mat_resigned(r);
		r->resign_at = (long)r->b.game.nrec;
		r->resign_side = rec->side;
		r->resign_line = rec->line;
		r->resign_col = rec->col;
		r->resign_moveno = rec->moveno;
		if (!canonical(s, len, "Resigns"))
			mat_diag(r, BG_WSPELLING, rec->line, rec->col,
			    rec->side, rec->moveno, NULL, s, len);
		return 1;
	}
	canon[0] = '\0';
	if (group(r, 1, &st, &n) == 0) {
		const char *word;
		size_t vs, vl;

		switch (lower((unsigned char)s[st])) {
		case 'd':
			rec->kind = BG_REC_DOUBLE;
			word = "Doubles";
			break;
		case 'b':
			rec->kind = BG_REC_BEAVER;
			word = "Beavers";
			break;
		default:
			rec->kind = BG_REC_RACCOON;
			word = "Raccoons";
			break;
		}
		/* Without "=> v" the value is 0 and the spelling wrong;
		 * choue.net's arrow "==>" is its own. */
		if (group(r, 2, &vs, &vl) == 0) {
			rec->value = atoin(s + vs, vl);
			snprintf(canon, sizeof canon, "%s %s %.*s", word,
			    vs >= 4 && memcmp(s + vs - 4, "==> ", 4) == 0 ?
			    "==>" : "=>", (int)vl, s + vs);
		}
	} else if (group(r, 3, &st, &n) == 0) {
		rec->kind = BG_REC_TAKE;
		strcpy(canon, "Takes");
	} else if (group(r, 4, &st, &n) == 0) {
		rec->kind = BG_REC_DROP;
		strcpy(canon, "Drops");
	} else if (group(r, 5, &st, &n) == 0) {
		int win = lower((unsigned char)s[st]) == 'w', plural;
		size_t vs, vl, p;

		rec->kind = win ? BG_REC_WIN : BG_REC_LOSS;
		group(r, 6, &vs, &vl);
		rec->value = atoin(s + vs, vl);
		if (group(r, 7, &st, &n) == 0)
			rec->flags |= BG_RF_MATCH;
		for (p = vs + vl; p < len && isws((unsigned char)s[p]); p++)
			;
		/* "point" and "points" are both in use for any N. */
		plural = p + 5 < len && lower((unsigned char)s[p + 5]) == 's';
		snprintf(canon, sizeof canon, "%s %.*s point%s%s",
		    win ? "Wins" : "Losses", (int)vl, s + vs,
		    plural ? "s" : "",
		    rec->flags & BG_RF_MATCH ? " and the match" : "");
	} else {
		rec->kind = BG_REC_ILLEGAL;
		if (len >= 12 && canonical(s, 12, "Illegal play"))
			return 0;
	}
	if (canon[0] == '\0' || !canonical(s, len, canon))
		mat_diag(r, BG_WSPELLING, rec->line, rec->col, rec->side,
		    rec->moveno, NULL, s, len);
	return 0;
}

/*
 * A "Resigns" read before: the record after it must be the other
 * side's "Wins" (the game's end or another "Resigns" checks it too).
 */
void
mat_resigned(struct matrd *r)
{
	static const char what[] = "Resigns, not followed by the other "
	    "side's Wins";
	const bg_record *w;

	if (r->resign_at < 0)
		return;
	w = r->resign_at < (long)r->b.game.nrec ?
	    &r->b.game.rec[r->resign_at] : NULL;
	if (w == NULL || w->kind != BG_REC_WIN || w->side == r->resign_side)
		mat_diag(r, BG_ECELL, r->resign_line, r->resign_col,
		    r->resign_side, r->resign_moveno, NULL, what,
		    strlen(what));
	r->resign_at = -1;
}

/*
 * Read one cell s[0..len) (trimmed) at byte offset off of the line into
 * rec, adding diagnostics.  rec has side, line, col and moveno set.
 */
static int
read_cell(struct matrd *r, bg_record *rec, const char *s, size_t len,
    size_t off)
{
	if (is_roll(s, len)) {
		read_roll_cell(r, rec, s, len, off);
		return 0;
	}
	return read_keyword_cell(r, rec, s, len);
}

/*
 * Offset of the first non-blank of s[i..len), or len; the padding
 * between the columns goes a word at a time.
 */
static size_t
skip_blanks(const char *s, size_t i, size_t len)
{
	while (i + 8 <= len && all_spaces(s + i))
		i += 8;
	while (i < len && isws((unsigned char)s[i]))
		i++;
	return i;
}

/* Byte offset of the end of an "Illegal play (...)" starting at s[i]. */
static size_t
skip_illegal(const char *s, size_t i, size_t len)
{
	int depth = 0;

	for (; i < len; i++) {
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && depth > 0 && --depth == 0)
			return i + 1;
	}
	return len;
}

#define MAXCELL	8

/*
 * Split the cells of the current line from byte offset from: a cell
 * starts at a roll token or keyword and runs to the next one.  Text
 * before the first is a cell of its own (unparseable).  Returns the
 * number of cells, their offsets in st[] and ends in en[].
 */
static int
split_cells(const char *s, size_t from, size_t len, size_t *st,
    size_t *en)
{
	size_t i = from, tok;
	int n = 0, kind, prev = 0, fresh = 0;

	while (i < len) {
		i = skip_blanks(s, i, len);
		if (i >= len)
			break;
		tok = i;
		/* Most tokens are points: no cell starts with them. */
		kind = isdig((unsigned char)s[i]) && !is_roll(s + i, len - i) ?
		    0 : starter(s + i, len - i);
		if (kind == 3 && prev == 1 && fresh)
			kind = 0;	/* "52: Illegal play (...)" is one cell */
		if (kind != 0 || n == 0) {
			if (n > 0)
				en[n - 1] = tok;
			if (n == MAXCELL) {
				/* Fold the excess into the last cell. */
				n--;
			} else
				st[n] = tok;
			n++;
			prev = kind;
			fresh = kind == 1;
		} else
			fresh = 0;
		if (kind == 1) {
			/* "64:" may be glued to its play. */
			i += 3;
			fresh = 1;
			continue;
		}
		if (kind == 3 || (prev == 1 && isalph((unsigned char)s[tok]) &&
		    starter(s + tok, len - tok) == 3)) {
			i = skip_illegal(s, tok, len);
			fresh = 0;
			continue;
		}
		while (i < len && !isws((unsigned char)s[i]))
			i++;
	}
	if (n > 0)
		en[n - 1] = len;
	return n;
}

/*
 * The cells of s[from..len) on the current line, numbered moveno (0
 * for none), left the display column of the left cell: their records,
 * and the columns learned from a clean two-cell row.
 */
static int
read_row(struct matrd *r, size_t from, size_t len, int moveno, int left,
    int numbered)
{
	const char *s = r->line;
	size_t st[MAXCELL], en[MAXCELL];
	int n, i, rc, dc[MAXCELL], added = 0;
	bg_record rec;

	n = split_cells(s, from, len, st, en);
	if (n > 0)
		r->last_line = r->lineno;
	for (i = 0; i < n; i++) {
		while (en[i] >= st[i] + 8 && all_spaces(s + en[i] - 8))
			en[i] -= 8;
		while (en[i] > st[i] && isws((unsigned char)s[en[i] - 1]))
			en[i]--;
		dc[i] = mat_dispcol(r, st[i]);
		memset(&rec, 0, sizeof rec);
		rec.line = r->lineno;
		rec.col = mat_charcol(r, st[i]);
		rec.moveno = moveno;
		if (n == 1)
			rec.side = lone_side(r, left, dc[i]);
		else
			rec.side = i & 1;
		if (read_cell(r, &rec, s + st[i], en[i] - st[i], st[i]))
			continue;	/* "Resigns" makes no record */
		if (i >= 2) {
			if (rec.code == 0)
				rec.code = BG_ECELLS;
			mat_diag(r, BG_ECELLS, rec.line, rec.col, rec.side,
			    moveno, NULL, s + st[i], en[i] - st[i]);
		}
		if (rec.kind == BG_REC_WIN || rec.kind == BG_REC_LOSS)
			r->has_result = 1;
		if ((rc = rec_game_add(&r->b.game, &rec, s + st[i],
		    en[i] - st[i])) < 0)
			return r->err = rc;
		added++;
	}
	/* Learn the columns from a clean two-cell line. */
	if (n == 2 && added == 2 &&
	    r->b.game.rec[r->b.game.nrec - 2].kind != BG_REC_UNPARSED &&
	    r->b.game.rec[r->b.game.nrec - 1].kind != BG_REC_UNPARSED)
		learn_cols(r, dc[0], dc[1], numbered);
	return 0;
}

/*
 * Where the move number s[num..end) (its digits, then ')') is written
 * again on the line after from, as a word of its own after blanks and
 * before a keyword (Backgammon Galaxy's result row put on the line of
 * the last move: " 24) 43: 21/18 18/14     24)  Losses 2 point ...");
 * the offset of the repeated number, or 0.
 */
static size_t
repeated_number(const char *s, size_t num, size_t end, size_t from,
    size_t len)
{
	size_t i, k = end - num + 1, j;

	for (i = from + 1; i + k <= len; i++) {
		if (!isws((unsigned char)s[i - 1]) ||
		    memcmp(s + i, s + num, k) != 0)
			continue;
		j = skip_blanks(s, i + k, len);
		if (j > i + k && j < len && !isdig((unsigned char)s[j]) &&
		    starter(s + j, len - j) != 0)
			return i;
	}
	return 0;
}

/*
 * A line of cells: numbered (body at the number) or not.  The first of
 * two cells is the left player's, the second the right player's; a lone
 * cell is on the left when it starts before the middle of the left and
 * right columns.  A numbered line that repeats its number before a
 * keyword holds two rows: the move, then the row of the result.
 */
int
mat_read_cells(struct matrd *r, size_t body, int numbered)
{
	const char *s = r->line;
	size_t from = body, rep = 0, num = body, end;
	int moveno = 0, left;

	if (numbered) {
		while (isdig((unsigned char)s[from]))
			from++;
		end = from;
		moveno = atoin(s + body, from - body);
		left = mat_dispcol(r, from) + 2;	/* after ") " */
		from++;
		rep = repeated_number(s, num, end, from, r->llen);
	} else
		left = r->leftcol ? r->leftcol : LEFTCOL;
	if (rep == 0)
		return read_row(r, from, r->llen, moveno, left, numbered);
	if (read_row(r, from, rep, moveno, left, numbered) < 0)
		return r->err;
	from = rep + (end - num) + 1;
	return read_row(r, from, r->llen, moveno, mat_dispcol(r, from - 1) +
	    2, numbered);
}

void
mat_grammar_free(struct matrd *r)
{
	int i;

	if (r->rx.dl == NULL)
		return;		/* no pattern was made */
	for (i = 0; i < P_COUNT; i++)
		r->rx.code_free(r->re[i]);
	r->rx.match_data_free(r->md);
	r->rx.match_context_free(r->mc);
	rx_unload(&r->rx);
}
