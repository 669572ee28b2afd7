/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * select.c: which games of an archive satisfy a set of criteria
 * (bg_select_new(3)), as bggrep(1) asks: names and tags by PCRE2
 * pattern, match length, result, highest cube, a position reached, a
 * play made, the verdict of the replay, and the engine's analysis: a
 * decision that lost at least so much equity or has a mark, a game
 * analysed or not.  It follows a pipeline's
 * replay through its position callback, computes the fingerprints of
 * the games and matches as it goes, and keeps the hits of the current
 * match for its caller.
 */

#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "analysis_int.h"
#include "decision_int.h"
#include "regex_int.h"

#define MAXTAGS	16

struct tagre {
	char		*key;
	pcre2_code	*re;
};

struct bg_select {
	struct rx	 rx;			/* PCRE2 */
	pcre2_code	*name, *winner;
	struct tagre	 tag[MAXTAGS];
	int		 ntag;
	/* The bounds asked of the match length ([0]) and of the cube ([1]);
	 * -1 leaves that end of the range open. */
	int		 lo[2], hi[2];
	unsigned	 kinds;			/* bits of the results asked */
	int		 havepos;
	bg_board	 pb;
	bg_matchstate	 pms;
	unsigned	 need;			/* the BG_SELPOS_* bits asked */
	int		 haveplay;
	int		 pdice[2];
	bg_notation	 pnote;
	/* Which games to keep by the replay's verdict, a bg_select_keep. */
	int		 verdict;
	/* The least error asked of a play, a double and a take, indexed by
	 * the DJ_* kind; below 0 when nothing is asked. */
	double		 minerr[3];
	unsigned	 marks;			/* bits of markname[] asked */
	bg_select_analysis analysed;		/* games with or without it */
	int		 decok;			/* set: a decision matched */
	const bg_pipeline *p;			/* the pipeline being read */
	/* the match and game being read */
	bg_fingerprint	*fp;
	pcre2_match_data *md;
	bg_variant	 variant;
	int		 length;
	int		 posok, playok, line, turn;
	bg_board	 prev;			/* the position before */
	bg_matchstate	 prevms;
	int		 prevok;
	bg_select_hit	*hit;
	size_t		 nhit, caphit;
	int		 games;
	int		 nofp;			/* set: take no fingerprints */
	bg_replay_fn	 next;			/* the caller's callback */
	void		*nextctx;
	char		 hex[BG_FINGERPRINT_LEN + 1];
};

/* The bits of s->kinds for the kinds of result, in kindname's order;
 * bits 0 to 2 are the single, the gammon and the backgammon. */
enum { K_BEAROFF = 1 << 3, K_DROP = 1 << 4, K_RESIGN = 1 << 5 };

bg_select *
bg_select_new(void)
{
	bg_select *s = calloc(1, sizeof *s);

	if (s == NULL)
		return NULL;
	s->lo[0] = s->lo[1] = s->hi[0] = s->hi[1] = -1;
	s->minerr[0] = s->minerr[1] = s->minerr[2] = -1;
	if ((s->fp = bg_fingerprint_new()) == NULL ||
	    rx_load(&s->rx) < 0 ||
	    (s->md = s->rx.match_data_create(4, NULL)) == NULL) {
		bg_select_free(s);
		return NULL;
	}
	return s;
}

void
bg_select_free(bg_select *s)
{
	int i;

	if (s == NULL)
		return;
	if (s->rx.dl != NULL) {
		s->rx.code_free(s->name);
		s->rx.code_free(s->winner);
		for (i = 0; i < s->ntag; i++)
			s->rx.code_free(s->tag[i].re);
		s->rx.match_data_free(s->md);
		rx_unload(&s->rx);
	}
	for (i = 0; i < s->ntag; i++)
		free(s->tag[i].key);
	bg_fingerprint_free(s->fp);
	free(s->hit);
	free(s);
}

/* Compile pattern re into *code; on an error, put the message into msg. */
static int
compile(const struct rx *x, pcre2_code **code, const char *re, char *msg,
    size_t size)
{
	PCRE2_UCHAR text[120];
	PCRE2_SIZE off;
	int err;

	x->code_free(*code);
	*code = x->compile((PCRE2_SPTR)re, PCRE2_ZERO_TERMINATED,
	    PCRE2_UTF | PCRE2_MATCH_INVALID_UTF, &err, &off, NULL);
	if (*code != NULL)
		return 0;
	x->get_error_message(err, text, sizeof text);
	if (msg != NULL && size > 0)
		snprintf(msg, size, "%s at offset %lu", (char *)text,
		    (unsigned long)off);
	return err == PCRE2_ERROR_NOMEMORY ? -BG_ENOMEM : -BG_EINVAL;
}

int
bg_select_name(bg_select *s, const char *re, char *msg, size_t size)
{
	return compile(&s->rx, &s->name, re, msg, size);
}

int
bg_select_winner(bg_select *s, const char *re, char *msg, size_t size)
{
	return compile(&s->rx, &s->winner, re, msg, size);
}

int
bg_select_tag(bg_select *s, const char *spec, char *msg, size_t size)
{
	const char *eq = strchr(spec, '=');
	struct tagre *t = &s->tag[s->ntag];
	int rc;

	if (eq == NULL || eq == spec || s->ntag == MAXTAGS) {
		snprintf(msg, size, eq == NULL || eq == spec ?
		    "not KEY=PATTERN" : "more than %d tags", MAXTAGS);
		return -BG_EINVAL;
	}
	if ((t->key = malloc((size_t)(eq - spec) + 1)) == NULL)
		return -BG_ENOMEM;
	memcpy(t->key, spec, (size_t)(eq - spec));
	t->key[eq - spec] = '\0';
	t->re = NULL;
	if ((rc = compile(&s->rx, &t->re, eq + 1, msg, size)) < 0) {
		free(t->key);
		return rc;
	}
	s->ntag++;
	return 0;
}

/* Read a count: digits only, at most 9 of them. */
static int
read_count(const char *p, const char *e, int *v)
{
	if (p == e || e - p > 9)
		return -1;
	for (*v = 0; p < e; p++) {
		if (*p < '0' || *p > '9')
			return -1;
		*v = *v * 10 + (*p - '0');
	}
	return 0;
}

int
bg_select_range(bg_select *s, bg_select_what w, const char *spec)
{
	const char *dash = strchr(spec, '-'), *end = spec + strlen(spec);
	int lo = -1, hi = -1;

	if ((unsigned)w > BG_SEL_CUBE)
		return -BG_EINVAL;
	if (dash == NULL) {
		if (read_count(spec, end, &lo) < 0)
			return -BG_EINVAL;
		hi = lo;
	} else if ((dash > spec && read_count(spec, dash, &lo) < 0) ||
	    (dash + 1 < end && read_count(dash + 1, end, &hi) < 0) ||
	    (dash == spec && dash + 1 == end) || (hi >= 0 && lo > hi))
		return -BG_EINVAL;
	s->lo[w] = lo;
	s->hi[w] = hi;
	return 0;
}

static const char *const kindname[] = { "single", "gammon", "backgammon",
	"bearoff", "drop", "resign" };

int
bg_select_result(bg_select *s, const char *kind)
{
	size_t i;

	for (i = 0; i < sizeof kindname / sizeof kindname[0]; i++)
		if (strcmp(kind, kindname[i]) == 0) {
			s->kinds |= 1u << i;
			return 0;
		}
	return -BG_EINVAL;
}

int
bg_select_position(bg_select *s, const char *id, unsigned need,
    bg_variant v)
{
	int rc;

	if ((rc = bg_position_parse(&s->pb, &s->pms, &v, id, strlen(id))) < 0) {
		bg_fibs f;

		if (strncmp(id, "board:", 6) != 0)
			return rc;
		if ((rc = bg_fibs_parse(&f, id, strlen(id))) < 0 ||
		    (rc = bg_fibs_to_position(&s->pb, &s->pms, &f, v)) < 0)
			return rc;
	}
	if ((need & BG_SELPOS_DICE) && s->pms.dice[0] == 0)
		return -BG_EDICESYNTAX;
	s->havepos = 1;
	s->need = need;
	return 0;
}

int
bg_select_need(unsigned *need, const char *list)
{
	static const char *const w[] = { "roll", "dice", "cube", "score" };
	size_t n, i;

	for (*need = 0; *list != '\0'; list += n + (list[n] == ',')) {
		n = strcspn(list, ",");
		for (i = 0; i < 4; i++)
			if (strlen(w[i]) == n && strncmp(list, w[i], n) == 0)
				break;
		if (i == 4)
			return -BG_EINVAL;
		*need |= 1u << i;
	}
	return 0;
}

int
bg_select_play(bg_select *s, const char *text, size_t *errpos)
{
	size_t len = strlen(text), at = 0, ep = 0;
	int rc;

	/* "65 24/13", "65: 24/13", "6-5 24/13", "65" (no play) */
	while (at < len && text[at] != ' ' && text[at] != ':')
		at++;
	if ((rc = bg_dice_parse(s->pdice, text, at)) < 0) {
		*errpos = 0;
		return rc;
	}
	if (at < len && text[at] == ':')
		at++;
	while (at < len && text[at] == ' ')
		at++;
	if (at == len) {
		s->pnote.kind = BG_NOTE_NONE;
		s->pnote.npath = 0;
	} else if ((rc = bg_notation_parse(&s->pnote, text + at, len - at,
	    &ep)) < 0) {
		*errpos = at + ep;
		return rc;
	}
	s->haveplay = 1;
	return 0;
}

void
bg_select_verdict(bg_select *s, bg_select_keep v)
{
	s->verdict = v;
}

int
bg_select_error(bg_select *s, bg_select_kind kind, const char *spec)
{
	double v;
	int k;

	if (kind < BG_SEL_ANY || kind > BG_SEL_TAKE ||
	    an_decimal(spec, strlen(spec), &v) < 0 || v < 0)
		return -BG_EINVAL;
	for (k = 0; k < 3; k++)
		if (kind == BG_SEL_ANY || (int)kind == k)
			s->minerr[k] = v;
	return 0;
}

/* The names of the marks; the bits of s->marks follow this order. */
static const char *const markname[] = { "doubtful", "bad", "very_bad",
	"lucky", "very_lucky", "unlucky", "very_unlucky" };

int
bg_select_mark(bg_select *s, const char *list)
{
	size_t n, i, nm = sizeof markname / sizeof markname[0];
	unsigned bits = 0;

	for (; *list != '\0'; list += n + (list[n] == ',')) {
		n = strcspn(list, ",");
		for (i = 0; i < nm; i++)
			if (strlen(markname[i]) == n &&
			    strncmp(list, markname[i], n) == 0)
				break;
		if (i == nm)
			return -BG_EINVAL;
		bits |= 1u << i;
	}
	if (bits == 0)
		return -BG_EINVAL;
	s->marks |= bits;
	return 0;
}

void
bg_select_analysed(bg_select *s, bg_select_analysis v)
{
	s->analysed = v;
}

/* Return the bits of s->marks that the judged decision j earns. */
static unsigned
marksof(const struct judged *j)
{
	static const int luck[] = { 1, 2, -1, -2 };
	unsigned m = 0;
	int i;

	if (j->mark != BG_MARK_NONE)
		m |= 1u << (j->mark - 1);
	if (j->cube_mark != BG_MARK_NONE)
		m |= 1u << (j->cube_mark - 1);
	for (i = 0; i < 4; i++)
		if (j->luck_mark == luck[i])
			m |= 1u << (3 + i);
	return m;
}

/* Whether any criterion about a decision is set. */
static int
deccrit(const bg_select *s)
{
	return s->minerr[0] >= 0 || s->minerr[1] >= 0 || s->minerr[2] >= 0 ||
	    s->marks != 0;
}

static int like(bg_select *, pcre2_code *, const char *);

int
bg_select_decision(void *ctx, const bg_replay_pos *pos)
{
	bg_select *s = ctx;
	const bg_record *r = pos->rec;
	struct judged j;
	double t;

	if (!deccrit(s))
		return 1;
	if (r == NULL || s->p == NULL || pos->side < 0 || pos->side > 1)
		return 0;
	dec_judge(&j, r, dec_analysis(bg_pipeline_game(s->p), r));
	if (s->marks != 0 && (marksof(&j) & s->marks) == 0)
		return 0;
	if (s->minerr[0] >= 0 || s->minerr[1] >= 0 || s->minerr[2] >= 0) {
		/* Allow a thousandth of a millipoint for the subtraction. */
		t = j.kind <= DJ_TAKE ? s->minerr[j.kind] : -1;
		if (t < 0 || !(j.has & DJ_ERROR) || j.error > -t + 1e-9)
			return 0;
	}
	return s->name == NULL || like(s, s->name,
	    bg_pipeline_game_player(s->p, pos->side));
}

/* Whether game g holds the analysis of a record. */
static int
analysed(const bg_game *g)
{
	size_t i, n = bg_game_record_count(g);

	for (i = 0; i < n; i++)
		if (bg_game_record_analysis(g, i) != NULL)
			return 1;
	return 0;
}

void
bg_select_set_fingerprint(bg_select *s, int on)
{
	s->nofp = !on;
}

void
bg_select_set_next(bg_select *s, bg_replay_fn fn, void *ctx)
{
	s->next = fn;
	s->nextctx = ctx;
}

bg_fingerprint *
bg_select_fingerprint(bg_select *s)
{
	return s->fp;
}

/* Whether pattern re matches text t (a NULL t counts as ""). */
static int
like(bg_select *s, pcre2_code *re, const char *t)
{
	if (t == NULL)
		t = "";
	return s->rx.match(re, (PCRE2_SPTR)t, strlen(t), 0, 0, s->md,
	    NULL) >= 0;
}

static int
inrange(const bg_select *s, int w, int v)
{
	return (s->lo[w] < 0 || v >= s->lo[w]) &&
	    (s->hi[w] < 0 || v <= s->hi[w]);
}

int
bg_select_match(bg_select *s, const bg_pipeline *p)
{
	const bg_match *m = bg_pipeline_match(p);

	s->p = p;
	s->length = m != NULL ? bg_match_length(m) : 0;
	s->variant = bg_replay_variant(bg_pipeline_replay(p));
	s->nhit = 0;
	s->games = 0;
	s->posok = s->playok = 0;
	bg_fingerprint_start(s->fp, s->length, s->variant);
	return 0;
}

/* Whether side a of board b has the checkers of side x of board c, and
 * side !a those of side !x. */
static int
sameside(const bg_board *b, int a, const bg_board *c, int x)
{
	return memcmp(b->pt[a], c->pt[x], sizeof b->pt[a]) == 0 &&
	    memcmp(b->pt[!a], c->pt[!x], sizeof b->pt[a]) == 0;
}

/*
 * Whether the wanted position is board b with match state ms, and dice
 * d when they are asked for: the board with either side as the ID's
 * side on roll (only the side on roll with BG_SELPOS_ROLL), then cube and
 * score from that side's view.
 */
static int
posmatch(const bg_select *s, const bg_board *b, const bg_matchstate *ms,
    const int d[2])
{
	const bg_matchstate *w = &s->pms;
	int o, a, x = w->on_roll;

	for (o = 0; o < 2; o++) {
		a = o ? !ms->on_roll : ms->on_roll;
		if (o && (s->need & BG_SELPOS_ROLL))
			break;
		if (!sameside(b, a, &s->pb, x))
			continue;
		if ((s->need & BG_SELPOS_CUBE) && (ms->cube != w->cube ||
		    (ms->cube_owner == BG_CENTRED) !=
		    (w->cube_owner == BG_CENTRED) ||
		    (ms->cube_owner != BG_CENTRED &&
		    (ms->cube_owner == a) != (w->cube_owner == x))))
			continue;
		if ((s->need & BG_SELPOS_SCORE) && (ms->length != w->length ||
		    ms->score[a] != w->score[x] ||
		    ms->score[!a] != w->score[!x] ||
		    ms->crawford != w->crawford))
			continue;
		if ((s->need & BG_SELPOS_DICE) && !((d[0] == w->dice[0] &&
		    d[1] == w->dice[1]) || (d[0] == w->dice[1] &&
		    d[1] == w->dice[0])))
			continue;
		return 1;
	}
	return 0;
}

/* Whether pos makes the play asked for, with the dice asked for, from
 * the position before it. */
static int
playmatch(const bg_select *s, const bg_replay_pos *pos)
{
	const bg_record *r = pos->rec;
	bg_resolved rv;

	if (!((r->dice[0] == s->pdice[0] && r->dice[1] == s->pdice[1]) ||
	    (r->dice[0] == s->pdice[1] && r->dice[1] == s->pdice[0])))
		return 0;
	if (bg_notation_resolve(&rv, &s->pnote, &s->prev, r->side, r->dice,
	    s->variant) < 0)
		return 0;
	return memcmp(&rv.after, &pos->board, sizeof rv.after) == 0;
}

/* Note pos as the place of the game's first hit, unless one is noted. */
static void
hitat(bg_select *s, const bg_replay_pos *pos)
{
	if (s->line == 0) {
		s->line = pos->rec != NULL ? pos->rec->line : 0;
		s->turn = pos->turn;
	}
}

void
bg_select_pos(void *ctx, const bg_replay_pos *pos)
{
	bg_select *s = ctx;
	const bg_record *r = pos->rec;
	int move, none[2] = { 0, 0 };

	if (!s->nofp)
		bg_fingerprint_pos(s->fp, pos);
	if (s->next != NULL)
		s->next(s->nextctx, pos);
	if (pos->turn == 0) {
		s->posok = s->playok = s->decok = 0;
		s->line = s->turn = 0;
		s->prevok = 0;
	}
	if (deccrit(s) && r != NULL && !pos->lost &&
	    r->kind <= BG_REC_RACCOON && bg_select_decision(s, pos)) {
		s->decok = 1;
		hitat(s, pos);
	}
	move = r != NULL && r->kind == BG_REC_MOVE && pos->played &&
	    !pos->lost;
	if (s->havepos && !pos->lost) {
		if (!(s->need & BG_SELPOS_DICE)) {
			if (posmatch(s, &pos->board, &pos->ms, none)) {
				s->posok = 1;
				hitat(s, pos);
			}
		} else if (move && s->prevok &&
		    posmatch(s, &s->prev, &s->prevms, r->dice)) {
			s->posok = 1;
			hitat(s, pos);
		}
	}
	if (s->haveplay && move && s->prevok && playmatch(s, pos)) {
		s->playok = 1;
		hitat(s, pos);
	}
	s->prev = pos->board;
	s->prevms = pos->ms;
	s->prevok = !pos->lost;
}

/* Whether the game's result is of every kind asked. */
static int
kinds(const bg_select *s, const bg_result *r)
{
	unsigned have = 0;

	if (s->kinds == 0)
		return 1;
	if (r == NULL || r->winner < 0)
		return 0;
	if (r->level >= 1 && r->level <= 3)
		have |= 1u << (r->level - 1);
	if (r->ended_by == BG_END_BEAROFF)
		have |= K_BEAROFF;
	else if (r->ended_by == BG_END_DROP)
		have |= K_DROP;
	else if (r->ended_by == BG_END_RESIGN)
		have |= K_RESIGN;
	return (have & s->kinds) == s->kinds;
}

int
bg_select_game(bg_select *s, const bg_pipeline *p)
{
	const bg_result *r = bg_pipeline_result(p);
	const bg_match *m = bg_pipeline_match(p);
	const bg_game *g = bg_pipeline_game(p);
	bg_select_hit *h;
	size_t i;
	int ok = 1, err = 0, k;

	s->games++;
	if (s->nofp)
		s->hex[0] = '\0';
	else
		bg_fingerprint_game(s->fp, r, s->hex);
	for (i = 0; i < bg_pipeline_diag_count(p); i++)
		if (bg_pipeline_diag(p, i)->severity >= BG_SEV_ERROR)
			err = 1;
	if (s->name != NULL)
		ok = like(s, s->name, bg_pipeline_game_player(p, 0)) ||
		    like(s, s->name, bg_pipeline_game_player(p, 1));
	if (ok && s->winner != NULL)
		ok = r != NULL && r->winner >= 0 && like(s, s->winner,
		    bg_pipeline_game_player(p, r->winner));
	for (k = 0; ok && k < s->ntag; k++)
		ok = m != NULL && bg_match_tag(m, s->tag[k].key) != NULL &&
		    like(s, s->tag[k].re, bg_match_tag(m, s->tag[k].key));
	ok = ok && inrange(s, BG_SEL_LENGTH, s->length) &&
	    inrange(s, BG_SEL_CUBE, r != NULL ? r->cube : 1) && kinds(s, r) &&
	    (!s->havepos || s->posok) && (!s->haveplay || s->playok) &&
	    (s->verdict == 0 || (s->verdict == 1) == !err) &&
	    (!deccrit(s) || s->decok) &&
	    (s->analysed == BG_ANALYSED_ANY ||
	    (s->analysed == BG_ANALYSED_WITH) == analysed(g));
	s->posok = s->playok = s->decok = 0;
	if (!ok) {
		s->line = s->turn = 0;
		return 0;
	}
	if (s->nhit == s->caphit) {
		size_t cap = s->caphit ? 2 * s->caphit : 8;

		if ((h = realloc(s->hit, cap * sizeof *h)) == NULL)
			return -BG_ENOMEM;
		s->hit = h;
		s->caphit = cap;
	}
	h = &s->hit[s->nhit++];
	h->game = s->games;
	h->line = s->line ? s->line : g != NULL ? bg_game_line(g) : 0;
	h->turn = s->turn;
	memcpy(h->fingerprint, s->hex, sizeof h->fingerprint);
	s->line = s->turn = 0;
	return 1;
}

void
bg_select_match_end(bg_select *s, char *hex)
{
	if (s->nofp)
		hex[0] = '\0';
	else
		bg_fingerprint_end(s->fp, hex);
}

size_t
bg_select_hit_count(const bg_select *s)
{
	return s->nhit;
}

const bg_select_hit *
bg_select_hit_get(const bg_select *s, size_t i)
{
	return i < s->nhit ? &s->hit[i] : NULL;
}
