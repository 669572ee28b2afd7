/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * record.c: the record model shared by the format readers and writers:
 * a match (header, tags, comments, players) and a game (score line and
 * an array of records, each a cell of the source with its line and
 * column).  Readers build them through record_int.h and reuse the same
 * objects for the next match and game, so memory follows the largest
 * game, not the number of games; callers read them through the bg_match_*
 * and bg_game_* calls of bgkit.h.  Part of libbgkit.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"

/* -------------------------------------------------------------- strings */

int
rec_sb_room(struct strbuf *b, size_t n)
{
	/* A game's text takes a few kilobytes, so grow seldom. */
	size_t cap = b->cap ? b->cap : 4096;
	char *p;

	if (b->cap - b->len >= n)
		return 0;
	while (cap - b->len < n) {
		if (cap > (size_t)-1 / 2)
			return -BG_ENOMEM;
		cap *= 2;
	}
	if ((p = realloc(b->p, cap)) == NULL)
		return -BG_ENOMEM;
	b->p = p;
	b->cap = cap;
	return 0;
}

int
rec_sb_add(struct strbuf *b, const char *s, size_t len, size_t *off)
{
	if (b->cap - b->len < len + 1 && rec_sb_room(b, len + 1) < 0)
		return -BG_ENOMEM;
	if (len > 0)
		memcpy(b->p + b->len, s, len);
	b->p[b->len + len] = '\0';
	*off = b->len;
	b->len += len + 1;
	return 0;
}

static const char *
sb_get(const struct strbuf *b, size_t off)
{
	return off == REC_NONE ? NULL : b->p + off;
}

/*
 * Make room for item n in the array p of capacity *cap.  Returns p
 * itself, a larger copy, or NULL when memory runs out (p is then
 * unchanged).
 */
static void *
grow(void *p, size_t *cap, size_t n, size_t elem)
{
	size_t c;

	if (n < *cap)
		return p;
	c = *cap ? *cap * 2 : 16;
	if (c > (size_t)-1 / elem)
		return NULL;
	if ((p = realloc(p, c * elem)) == NULL)
		return NULL;
	*cap = c;
	return p;
}

static int
ieq(const char *a, const char *b)
{
	for (; *a != '\0' && *b != '\0'; a++, b++) {
		int x = (unsigned char)*a, y = (unsigned char)*b;

		if (x >= 'A' && x <= 'Z')
			x += 'a' - 'A';
		if (y >= 'A' && y <= 'Z')
			y += 'a' - 'A';
		if (x != y)
			return 0;
	}
	return *a == *b;
}

/* ---------------------------------------------------------------- match */

void
rec_match_init(struct bg_match *m)
{
	memset(m, 0, sizeof *m);
	rec_match_reset(m);
}

void
rec_match_reset(struct bg_match *m)
{
	m->length = -1;
	m->line = 0;
	m->player[0] = m->player[1] = REC_NONE;
	m->ntag = 0;
	m->ncomment = 0;
	m->s.len = 0;
}

void
rec_match_fini(struct bg_match *m)
{
	free(m->source);
	free(m->tag);
	free(m->comment);
	free(m->s.p);
	memset(m, 0, sizeof *m);
}

int
rec_match_set_source(struct bg_match *m, const char *name)
{
	size_t len = strlen(name);
	char *p;

	if ((p = malloc(len + 1)) == NULL)
		return -BG_ENOMEM;
	memcpy(p, name, len + 1);
	free(m->source);
	m->source = p;
	return 0;
}

int
rec_match_set_player(struct bg_match *m, int s, const char *name,
    size_t len)
{
	return rec_sb_add(&m->s, name, len, &m->player[s & 1]);
}

int
rec_match_add_tag(struct bg_match *m, const char *key, size_t klen,
    const char *val, size_t vlen)
{
	struct tag *t;
	int rc;

	if ((t = grow(m->tag, &m->captag, m->ntag, sizeof *t)) == NULL)
		return -BG_ENOMEM;
	m->tag = t;
	t = &m->tag[m->ntag];
	if ((rc = rec_sb_add(&m->s, key, klen, &t->key)) < 0 ||
	    (rc = rec_sb_add(&m->s, val, vlen, &t->val)) < 0)
		return rc;
	m->ntag++;
	return 0;
}

int
rec_match_add_comment(struct bg_match *m, const char *text, size_t len)
{
	size_t *c;
	int rc;

	if ((c = grow(m->comment, &m->capcomment, m->ncomment,
	    sizeof *c)) == NULL)
		return -BG_ENOMEM;
	m->comment = c;
	if ((rc = rec_sb_add(&m->s, text, len, &m->comment[m->ncomment])) < 0)
		return rc;
	m->ncomment++;
	return 0;
}

int
bg_match_length(const bg_match *m)
{
	return m ? m->length : -1;
}

int
bg_match_line(const bg_match *m)
{
	return m ? m->line : 0;
}

const char *
bg_match_player(const bg_match *m, int s)
{
	const char *p;

	if (m == NULL || (s != 0 && s != 1))
		return NULL;
	if ((p = sb_get(&m->s, m->player[s])) != NULL)
		return p;
	return bg_match_tag(m, s == 0 ? "Player 1" : "Player 2");
}

const char *
bg_match_source(const bg_match *m)
{
	return m ? m->source : NULL;
}

size_t
bg_match_tag_count(const bg_match *m)
{
	return m ? m->ntag : 0;
}

const char *
bg_match_tag_key(const bg_match *m, size_t i)
{
	return m && i < m->ntag ? m->s.p + m->tag[i].key : NULL;
}

const char *
bg_match_tag_value(const bg_match *m, size_t i)
{
	return m && i < m->ntag ? m->s.p + m->tag[i].val : NULL;
}

const char *
bg_match_tag(const bg_match *m, const char *key)
{
	size_t i;

	if (m == NULL || key == NULL)
		return NULL;
	for (i = 0; i < m->ntag; i++)
		if (ieq(m->s.p + m->tag[i].key, key))
			return m->s.p + m->tag[i].val;
	return NULL;
}

size_t
bg_match_comment_count(const bg_match *m)
{
	return m ? m->ncomment : 0;
}

const char *
bg_match_comment(const bg_match *m, size_t i)
{
	return m && i < m->ncomment ? m->s.p + m->comment[i] : NULL;
}

/* ----------------------------------------------------------------- game */

void
rec_game_init(struct bg_game *g)
{
	memset(g, 0, sizeof *g);
	rec_game_reset(g);
}

void
rec_game_reset(struct bg_game *g)
{
	g->number = g->line = g->score_line = 0;
	g->score[0] = g->score[1] = -1;
	g->alone = 0;
	g->player[0] = g->player[1] = REC_NONE;
	g->rating[0] = g->rating[1] = REC_NONE;
	g->nrec = 0;
	g->nsgf = 0;
	g->nan = 0;
	g->nra = g->ncand = 0;
	g->diagram = REC_NONE;
	g->s.len = 0;
}

void
rec_game_fini(struct bg_game *g)
{
	free(g->rec);
	free(g->toff);
	free(g->sgf);
	free(g->an);
	free(g->anoff);
	free(g->ra);
	free(g->cand);
	free(g->candset);
	free(g->s.p);
	memset(g, 0, sizeof *g);
}

int
rec_game_set_player(struct bg_game *g, int s, const char *name,
    size_t len, const char *rating, size_t rlen)
{
	int rc;

	s &= 1;
	if ((rc = rec_sb_add(&g->s, name, len, &g->player[s])) < 0)
		return rc;
	g->rating[s] = REC_NONE;
	if (rating != NULL)
		rc = rec_sb_add(&g->s, rating, rlen, &g->rating[s]);
	return rc;
}

int
rec_game_room(struct bg_game *g, size_t n)
{
	size_t cap = g->caprec;
	bg_record *rec;
	size_t *p;

	while (cap - g->nrec < n) {
		/*
		 * Make room for a long game at once, since each growth
		 * copies all the records.
		 */
		cap = cap ? cap * 2 : 256;
		if (cap > (size_t)-1 / sizeof *rec / 2)
			return -BG_ENOMEM;
	}
	if (cap == g->caprec)
		return 0;
	if ((rec = realloc(g->rec, cap * sizeof *rec)) == NULL)
		return -BG_ENOMEM;
	g->rec = rec;
	if ((p = realloc(g->toff, cap * sizeof *p)) == NULL)
		return -BG_ENOMEM;
	g->toff = p;
	g->caprec = cap;
	return 0;
}

bg_record *
rec_game_new_at(struct bg_game *g, size_t off, size_t len)
{
	bg_record *rec;

	if (g->nrec == g->caprec && rec_game_room(g, 1) < 0)
		return NULL;
	g->toff[g->nrec] = off;
	rec = &g->rec[g->nrec++];
	rec_zero(rec);
	rec->len = len;
	return rec;
}

bg_record *
rec_game_new(struct bg_game *g, const char *t, size_t len)
{
	size_t off;

	if (rec_sb_add(&g->s, t, len, &off) < 0)
		return NULL;
	return rec_game_new_at(g, off, len);
}

int
rec_game_add(struct bg_game *g, const bg_record *r, const char *t,
    size_t len)
{
	bg_record *rec = rec_game_new(g, t, len);

	if (rec == NULL)
		return -BG_ENOMEM;
	*rec = *r;
	rec->text = NULL;
	rec->len = len;
	return 0;
}

bg_record *
rec_game_last(struct bg_game *g)
{
	return g->nrec ? &g->rec[g->nrec - 1] : NULL;
}

int
rec_game_add_sgf(struct bg_game *g, const char *t, size_t len)
{
	struct sgfprop *p;

	if ((p = grow(g->sgf, &g->capsgf, g->nsgf, sizeof *p)) == NULL)
		return -BG_ENOMEM;
	g->sgf = p;
	p = &g->sgf[g->nsgf];
	p->at = g->nrec;
	if (rec_sb_add(&g->s, t, len, &p->off) < 0)
		return -BG_ENOMEM;
	g->nsgf++;
	return 0;
}

int
rec_game_add_analysis(struct bg_game *g, const bg_analysis *a,
    const char *play, size_t plen, const char *eval, size_t elen)
{
	bg_analysis *an;
	size_t *off;

	if ((an = grow(g->an, &g->capan, g->nan, sizeof *an)) == NULL)
		return -BG_ENOMEM;
	g->an = an;
	/* Two offsets for each, in an array of the same capacity. */
	if ((off = realloc(g->anoff, g->capan * 2 * sizeof *off)) == NULL)
		return -BG_ENOMEM;
	g->anoff = off;
	if (rec_sb_add(&g->s, play, plen, &off[2 * g->nan]) < 0 ||
	    rec_sb_add(&g->s, eval, elen, &off[2 * g->nan + 1]) < 0)
		return -BG_ENOMEM;
	an[g->nan] = *a;
	an[g->nan].play = an[g->nan].eval = NULL;
	g->nan++;
	return 0;
}

/* Add a settings string to the game's strings; NULL is added as "". */
static int
add_settings(struct bg_game *g, const char *t, size_t *off)
{
	if (t == NULL)
		t = "";
	return rec_sb_add(&g->s, t, strlen(t), off);
}

int
rec_game_add_ranalysis(struct bg_game *g, size_t rec,
    const bg_rec_analysis *a, const bg_candidate *c)
{
	struct ranal *ra;
	bg_candidate *nc;
	size_t *off, i;

	if ((ra = grow(g->ra, &g->capra, g->nra, sizeof *ra)) == NULL)
		return -BG_ENOMEM;
	g->ra = ra;
	for (i = 0; i < a->ncand; i++) {
		if ((nc = grow(g->cand, &g->capcand, g->ncand,
		    sizeof *nc)) == NULL)
			return -BG_ENOMEM;
		g->cand = nc;
		/* One offset for each, in an array of the same capacity. */
		if ((off = realloc(g->candset, g->capcand * sizeof *off)) ==
		    NULL)
			return -BG_ENOMEM;
		g->candset = off;
		if (add_settings(g, c[i].eval.settings, &off[g->ncand]) < 0)
			return -BG_ENOMEM;
		nc[g->ncand] = c[i];
		nc[g->ncand].eval.settings = NULL;
		g->ncand++;
	}
	ra = &g->ra[g->nra];
	if (add_settings(g, a->cube_eval.settings, &ra->set) < 0)
		return -BG_ENOMEM;
	ra->rec = rec;
	ra->cand0 = g->ncand - a->ncand;
	ra->a = *a;
	ra->a.cand = NULL;
	ra->a.cube_eval.settings = NULL;
	g->nra++;
	return 0;
}

int
rec_game_set_diagram(struct bg_game *g, const char *t, size_t len)
{
	return rec_sb_add(&g->s, t, len, &g->diagram) < 0 ? -BG_ENOMEM : 0;
}

void
rec_game_finish(struct bg_game *g)
{
	bg_record *rec = g->rec;
	const size_t *toff = g->toff;
	const char *p = g->s.p;
	size_t i, n = g->nrec;

	/*
	 * Keep these in locals: a store to a text could alias g's fields,
	 * and the compiler would read them again.
	 */
#pragma GCC unroll 8
	for (i = 0; i < n; i++)
		rec[i].text = p + toff[i];
	for (i = 0; i < g->nan; i++) {
		g->an[i].play = p + g->anoff[2 * i];
		g->an[i].eval = p + g->anoff[2 * i + 1];
	}
	for (i = 0; i < g->ncand; i++)
		g->cand[i].eval.settings = p + g->candset[i];
	for (i = 0; i < g->nra; i++) {
		g->ra[i].a.cand = g->ra[i].a.ncand ? g->cand + g->ra[i].cand0 :
		    NULL;
		g->ra[i].a.cube_eval.settings = p + g->ra[i].set;
	}
}

int
bg_game_number(const bg_game *g)
{
	return g ? g->number : 0;
}

int
bg_game_line(const bg_game *g)
{
	return g ? g->line : 0;
}

int
bg_game_score_line(const bg_game *g)
{
	return g ? g->score_line : 0;
}

const char *
bg_game_player(const bg_game *g, int s)
{
	return g && (s == 0 || s == 1) ? sb_get(&g->s, g->player[s]) : NULL;
}

const char *
bg_game_rating(const bg_game *g, int s)
{
	return g && (s == 0 || s == 1) ? sb_get(&g->s, g->rating[s]) : NULL;
}

int
bg_game_score(const bg_game *g, int s)
{
	return g && (s == 0 || s == 1) ? g->score[s] : -1;
}

size_t
bg_game_record_count(const bg_game *g)
{
	return g ? g->nrec : 0;
}

const bg_record *
bg_game_record(const bg_game *g, size_t i)
{
	return g && i < g->nrec ? &g->rec[i] : NULL;
}

size_t
bg_game_sgf_count(const bg_game *g)
{
	return g ? g->nsgf : 0;
}

const char *
bg_game_sgf(const bg_game *g, size_t i, size_t *at)
{
	if (g == NULL || i >= g->nsgf)
		return NULL;
	if (at != NULL)
		*at = g->sgf[i].at;
	return g->s.p + g->sgf[i].off;
}

size_t
bg_game_analysis_count(const bg_game *g)
{
	return g ? g->nan : 0;
}

const bg_analysis *
bg_game_analysis(const bg_game *g, size_t i)
{
	return g && i < g->nan ? &g->an[i] : NULL;
}

const char *
bg_game_diagram(const bg_game *g)
{
	return g ? sb_get(&g->s, g->diagram) : NULL;
}

int
rec_pair_init(struct bg_match *m, struct bg_game *g, const char *name)
{
	rec_match_init(m);
	rec_game_init(g);
	if (rec_match_set_source(m, name ? name : "<stdin>") < 0) {
		rec_pair_fini(m, g);
		return -BG_ENOMEM;
	}
	return 0;
}

void
rec_pair_fini(struct bg_match *m, struct bg_game *g)
{
	rec_match_fini(m);
	rec_game_fini(g);
}

const bg_rec_analysis *
bg_game_record_analysis(const bg_game *g, size_t i)
{
	size_t lo = 0, hi, mid;

	if (g == NULL)
		return NULL;
	/* The analyses are in record order, so a binary search finds it. */
	hi = g->nra;
	while (lo < hi) {
		mid = lo + (hi - lo) / 2;
		if (g->ra[mid].rec < i)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < g->nra && g->ra[lo].rec == i ? &g->ra[lo].a : NULL;
}
