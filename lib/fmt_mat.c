/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_mat.c: the streaming reader of Jellyfish .mat match text, as
 * written by Jellyfish, gnubg, eXtreme Gammon, Backgammon Studio,
 * Backgammon Galaxy, OpenGammon, FIBS clients and others (bgkit-mat(5)
 * is the specification of what is read and how): the state machine of
 * matches and games, and the .mat entry of the readers' table
 * (fmt_mat_ops, reader.c).  One match header and one game live in
 * memory at a time.  The lines come from fmt_mat_text.c; each line of a
 * game is offered to the fast reader (fmt_mat_fast.c) first, which takes
 * it or leaves it to the reference grammar (fmt_mat_grammar.c).  The
 * reader never prints: problems become bg_diag entries on the reader.
 * Part of libbgkit; callers use bgkit.h.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"
#include "fmt_mat_int.h"

/* ------------------------------------------------------------- comments */

static int
queue_comment(struct matrd *r)
{
	struct qline *q;
	int rc;

	if (r->nq == r->capq) {
		size_t c = r->capq ? r->capq * 2 : 8;

		if ((q = realloc(r->q, c * sizeof *q)) == NULL)
			return r->err = -BG_ENOMEM;
		r->q = q;
		r->capq = c;
	}
	if ((rc = fmt_reserve(&r->qbuf, &r->qcap, r->qlen + r->llen + 1)) < 0)
		return r->err = rc;
	q = &r->q[r->nq++];
	q->line = r->lineno;
	q->off = r->qlen;
	q->len = r->llen;
	memcpy(r->qbuf + r->qlen, r->line, r->llen + 1);
	r->qlen += r->llen + 1;
	return 0;
}

/* The queued comments go to the game (to_game) or the match header. */
static int
flush_queue(struct matrd *r, int to_game)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < r->nq && rc == 0; i++) {
		const char *s = r->qbuf + r->q[i].off;

		rc = to_game ?
		    mat_game_comment(r, r->q[i].line, s, r->q[i].len) :
		    mat_header_comment(r, s, r->q[i].len);
	}
	r->nq = 0;
	r->qlen = 0;
	if (rc < 0)
		r->err = rc;
	return rc;
}

static int
start_game(struct matrd *r, int number, int line)
{
	rec_game_reset(&r->b.game);
	r->b.game.number = number;
	r->b.game.line = line;
	r->cur_game = number;
	r->expect_score = 1;
	r->has_result = 0;
	r->resign_at = -1;
	r->last_line = line;
	return flush_queue(r, 1);
}

/* -------------------------------------------------------------- matches */

static int	mat_next_game(void *, const bg_game **);

/* Read the first non-blank line after "Game N": the score line. */
static int
read_score(struct matrd *r)
{
	size_t body;
	int rc;

	while ((rc = mat_next_line(r)) > 0) {
		enum kind k = mat_classify(r, &body);

		if (k == L_BLANK)
			continue;
		if (k == L_COMMENT) {
			if ((rc = queue_comment(r)) < 0)
				return rc;
			continue;
		}
		if ((rc = mat_score_line(r)) < 0)
			return r->err = rc;
		if (rc > 0) {
			r->expect_score = 0;
			r->last_line = r->lineno;
			return flush_queue(r, 1);
		}
		return mat_push_back(r);
	}
	return rc;
}

/* What the search for a match's first line found. */
struct head {
	int	 found;	/* 1 a match line, 2 a game line, 3 a .gam's names */
	int	 garbage;	/* how many lines are none of these */
	int	 gline;		/* the first such line */
	char	 gtext[80];
	size_t	 glen;
	int	 binline;	/* the first line of binary data */
	int	 content;	/* set once a line is not blank */
	char	*names;		/* a .gam's names line, numbered nline */
	int	 nline;
	size_t	 st[2], len[2];
};

/*
 * Is the current line, at body, the names line of a Jellyfish single
 * game (.gam: no match or game line, two names, then the move lines,
 * or a game set up by XG's "; Set Pos=" line, as bgconv writes one)?
 * 1 with the line kept in h, the first move line pushed back; 0 when
 * it is not, the line after it pushed back; or a negative code.
 */
static int
single_game(struct matrd *r, size_t body, struct head *h)
{
	size_t st[2], len[2], b;
	int rc, line = r->lineno, k;
	char *copy;

	if (!mat_gam_names(r->line + body, r->llen - body, st, len))
		return 0;
	if ((copy = malloc(r->llen + 1)) == NULL)
		return r->err = -BG_ENOMEM;
	memcpy(copy, r->line, r->llen + 1);
	while ((rc = mat_next_line(r)) > 0 &&
	    (k = mat_classify(r, &b)) == L_BLANK)
		;
	if (rc > 0 && mat_push_back(r) < 0)
		rc = r->err;
	if (rc <= 0 || (k != L_MOVE && (k != L_COMMENT ||
	    !mat_is_setpos(r, r->line + b, r->llen - b)))) {
		free(copy);
		return rc < 0 ? rc : 0;
	}
	h->names = copy;
	h->nline = line;
	h->st[0] = body + st[0];
	h->st[1] = body + st[1];
	h->len[0] = len[0];
	h->len[1] = len[1];
	return 1;
}

/*
 * The lines up to the first of a match: its match line, else a game
 * line, else the names of a single game (.gam), into h->found; comments
 * go to the header.  The last line read is current.  Returns
 * mat_next_line's last answer.
 */
static int
find_match(struct matrd *r, struct head *h)
{
	size_t body;
	int rc;

	while ((rc = mat_next_line(r)) > 0) {
		enum kind k = mat_classify(r, &body);

		if (k == L_BLANK)
			continue;
		h->content = 1;
		if (k == L_COMMENT) {
			if ((rc = mat_header_comment(r, r->line, r->llen)) < 0)
				return r->err = rc;
			continue;
		}
		if (k == L_MATCH) {
			r->b.match.length = r->number;
			r->b.match.line = r->lineno;
			h->found = 1;
			break;
		}
		if (k == L_GAME) {
			/* Games without a match line: say so once. */
			mat_diag(r, BG_ENOMATCH, r->lineno, 0, -1, 0, NULL,
			    r->line + body, r->llen - body);
			h->found = 2;
			break;
		}
		if (h->garbage++ == 0) {
			h->gline = r->lineno;
			h->glen = r->llen - body < sizeof h->gtext ?
			    r->llen - body : sizeof h->gtext - 1;
			memcpy(h->gtext, r->line + body, h->glen);
		}
		if (mat_line_binary(r)) {
			if (h->binline == 0)
				h->binline = r->lineno;
		} else if (h->garbage == 1 && r->nmatch == 0 &&
		    (rc = single_game(r, body, h)) != 0) {
			if (rc < 0)
				return rc;
			h->found = 3;
			break;
		}
	}
	return rc;
}

/*
 * No match in the input: say why, once, naming binary data and empty
 * input as such rather than echoing them.  The bad-encoding warning of
 * binary data goes: its bytes are no text.  What the input starts with
 * is named, escaped, since it often says what the file is.
 */
static void
no_match(struct matrd *r, const struct head *h)
{
	char t[sizeof ((bg_diag *)0)->detail];
	size_t i, n = 0;

	if (h->binline) {
		for (i = 0; i < r->b.dl.n; i++)
			if (r->b.dl.d[i].code != BG_WENCODING)
				r->b.dl.d[n++] = r->b.dl.d[i];
		r->b.dl.n = n;
		/* No match: the input was read to its end. */
		diag_bytes(t, sizeof t, "it starts ", r->head, r->headlen,
		    r->nread > r->headlen);
		mat_diag(r, BG_EBINARY, h->binline, 0, -1, 0, NULL, t,
		    strlen(t));
	} else if (!h->content)
		mat_diag(r, BG_ENOINPUT, 0, 0, -1, 0, NULL, NULL, 0);
	else
		mat_diag(r, BG_ENOMATCH, h->gline, 0, -1, 0, NULL, h->gtext,
		    h->glen);
}

static int
mat_next_match(void *p, const bg_match **m)
{
	struct matrd *r = p;
	const bg_game *g;
	struct head h;
	size_t body;
	int rc;

	/* Skip what the caller left of the current match. */
	while (r->in_match && (rc = mat_next_game(r, &g)) > 0)
		;
	r->b.dl.n = 0;
	if (r->err)
		return r->err;
	rec_match_reset(&r->b.match);
	r->leftcol = r->rightcol = 0;
	r->fresh = 0;
	r->pg_valid = 0;
	r->cur_game = 0;
	if (flush_queue(r, 0) < 0)
		return r->err;

	memset(&h, 0, sizeof h);
	if ((rc = find_match(r, &h)) < 0)
		return rc;
	if (!h.found) {
		if (r->nmatch == 0)
			no_match(r, &h);
		r->in_match = 0;
		return 0;
	}
	if (h.garbage > 0 && h.found != 3)
		mat_diag(r, BG_EMATLINE, h.gline, 0, -1, 0, NULL, h.gtext,
		    h.glen);
	r->nmatch++;
	r->in_match = 1;
	if (h.found == 3) {
		/*
		 * A single game is game 1, and its names line serves as its
		 * score line.
		 */
		rc = start_game(r, 1, h.nline);
		if (rc >= 0 && (rc = mat_gam_players(r, h.names, h.nline, h.st,
		    h.len)) < 0)
			r->err = rc;
		free(h.names);
		if (rc < 0)
			return r->err;
		r->expect_score = 0;
		r->fresh = 1;
		if (m != NULL)
			*m = &r->b.match;
		return 1;
	}

	/* Up to "Game 1", and its score line for the players' names. */
	if (h.found == 1) {
		while ((rc = mat_next_line(r)) > 0) {
			enum kind k = mat_classify(r, &body);

			if (k == L_BLANK)
				continue;
			if (k == L_COMMENT) {
				if ((rc = mat_header_comment(r, r->line,
				    r->llen)) < 0)
					return r->err = rc;
				continue;
			}
			if (k == L_MATCH) {
				/* A match without games. */
				if (mat_push_back(r) < 0)
					return r->err;
				break;
			}
			if (k == L_GAME)
				break;
			mat_diag_line(r, BG_EMATLINE);
		}
		if (rc < 0)
			return rc;
	}
	if (rc > 0 && mat_classify(r, &body) == L_GAME) {
		if (start_game(r, r->number, r->lineno) < 0 ||
		    read_score(r) < 0)
			return r->err;
		r->fresh = 1;
	}
	if (m != NULL)
		*m = &r->b.match;
	return 1;
}

/* The game is over: check it ended, fix the text pointers. */
static void
end_game(struct matrd *r, int at_eof)
{
	if (r->expect_score) {
		mat_diag(r, BG_ESCORE, r->b.game.line, 0, -1, 0, NULL, "", 0);
		r->expect_score = 0;
	}
	mat_resigned(r);
	if (at_eof && !r->has_result)
		mat_diag(r, BG_WEOF, r->last_line, 0, -1, 0, NULL, "", 0);
	rec_game_finish(&r->b.game);
}

static int
mat_next_game(void *p, const bg_game **gp)
{
	struct matrd *r = p;
	size_t body;
	int rc;

	r->b.dl.n = 0;
	if (r->err)
		return r->err;
	if (!r->in_match)
		return 0;
	if (r->fresh)
		r->fresh = 0;		/* started by next_match */
	else if (r->pg_valid) {
		r->pg_valid = 0;
		if (start_game(r, r->pg_number, r->pg_line) < 0)
			return r->err;
	} else {
		r->in_match = 0;
		r->cur_game = 0;
		return 0;
	}

	for (;;) {
		enum kind k = L_OTHER;

		/*
		 * The fast reader first (fmt_mat_fast.c): it takes the line,
		 * or reads and classifies it, or leaves it to be read here.
		 * rc stays above 0 until the end of the input.
		 */
		if ((rc = mat_fast_take(r, &k, &body)) <= 0)
			break;
		if (rc == FAST_TAKEN)
			continue;
		if (rc == FAST_UNREAD && (rc = mat_next_line(r)) <= 0)
			break;
		if (rc != FAST_KIND)
			k = mat_classify(r, &body);

		if (k == L_BLANK)
			continue;
		if (k == L_COMMENT) {
			if (queue_comment(r) < 0)
				return r->err;
			continue;
		}
		if (k == L_MATCH) {
			/* The next match; queued comments are its header. */
			if (mat_push_back(r) < 0)
				return r->err;
			break;
		}
		if (k == L_GAME) {
			r->pg_valid = 1;
			r->pg_number = r->number;
			r->pg_line = r->lineno;
			break;
		}
		if (r->nq > 0 && flush_queue(r, 1) < 0)
			return r->err;
		if (r->expect_score) {
			r->expect_score = 0;
			if ((rc = mat_score_line(r)) < 0)
				return r->err = rc;
			if (rc > 0) {
				r->last_line = r->lineno;
				continue;
			}
			mat_diag_line(r, BG_ESCORE);
		}
		if (k == L_OTHER)
			k = mat_cells(r, body);
		if (k == L_MOVE || k == L_CELLS) {
			if (mat_read_cells(r, body, k == L_MOVE) < 0)
				return r->err;
		} else {
			mat_diag_line(r, BG_EMATLINE);
			r->last_line = r->lineno;
		}
	}
	if (rc < 0)
		return rc;
	if (rc == 0 && flush_queue(r, 1) < 0)
		return r->err;
	end_game(r, rc == 0);
	if (gp != NULL)
		*gp = &r->b.game;
	return 1;
}

/* ------------------------------------------------------ the readers' table */

static void
mat_fini(void *p)
{
	struct matrd *r = p;

	mat_grammar_free(r);
	mat_text_free(r);
	free(r->q);
	free(r->qbuf);
}

static int
mat_init(void *p, unsigned flags)
{
	struct matrd *r = p;

	r->fast = !(flags & FMT_REFERENCE);
	r->resign_at = -1;
	if (fmt_reserve(&r->lbuf, &r->lcap, 256) < 0)
		return -BG_ENOMEM;
	r->line = r->lbuf;
	r->line[0] = '\0';
	return 0;
}

const struct fmt_ops fmt_mat_ops = {
	sizeof (struct matrd), mat_init, mat_fini, mat_next_match,
	mat_next_game
};

/* Anything: what no other format takes is read as .mat. */
static int
mat_bid(const struct fmt_head *h, int *more)
{
	*more = !h->full;
	return 1;
}

const struct fmt_row fmt_mat_row = {
	BG_FORMAT_MAT, "mat", "", ".mat .txt",
	"Jellyfish match text, as gnubg, XG and the sites write it",
	FMT_MAT_LOST,
	mat_bid, 1, &fmt_mat_ops, &fmt_mat_wops
};
