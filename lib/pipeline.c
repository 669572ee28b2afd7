/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * pipeline.c: the driver from a source to replayed games
 * (bg_pipeline_new(3)).  It owns the reader and the replay, steps them
 * match by match and game by game, and gives each event the reader's
 * and the replay's diagnostics merged into one list in line order, so
 * that no caller has to know which call raised what or gather the last
 * ones once more after the end.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"
#include "out_int.h"
#include "source_int.h"

enum { S_BETWEEN, S_INMATCH, S_DONE };

/* What the line of one match says (bg_pipeline_match_summary()). */
struct mline {
	const char	*name, *player[2];
	bg_pipe_count	 c;		/* the match's own counts */
	int		 n, score[2], length;
};

struct bg_pipeline {
	bg_reader	*rd;
	bg_replay	*rp;
	bg_writer	*w;		/* the caller's writer, or NULL */
	FILE		*fp;		/* the file bg_pipeline_open()
					   opened, or NULL */
	struct src	*src;		/* the source under the reader, or
					   NULL for a reader over a buffer */
	bg_format	 from;		/* the format the caller set */
	struct fmt_inflate inf;		/* the inflation the caller set */
	int		 advance;	/* set when the next call moves to
					   the source's next member */
	char		*name;
	int		 replay;	/* set when the games are replayed
					   (the default) */
	int		 state;
	int		 eof;		/* set once the reader said the input
					   ends inside a game */
	const bg_match	*m;
	const bg_game	*g;
	int		 played;	/* set once a game of the match was
					   replayed */
	int		 length;	/* the length of the last match */
	bg_pipe_count	 count;
	bg_diag		*diag;		/* the last event's diagnostics, in
					   one list */
	size_t		 tat;		/* the records turn_of() has passed */
	int		 tturn;		/* and the positions they made */
	size_t		 ndiag, capdiag;
	char		*player[2];	/* the match's names (names()) */
	char		*gplayer[2];	/* the game's names */
	bg_pipe_count	 mstart;	/* the counts as the match started */
	int		 msaid;		/* the last match given a line */
	struct mline	 first;		/* the first match's line, held back
					   until a second match comes */
	char		*fcopy[3];	/* copies of that line's strings */
	bg_diagfilter	 filter;	/* which diagnostics are given */
	int		 collapse;	/* set when a warning is given once
					   an input */
	struct held	*held;		/* with collapse, the first warning
					   of each code */
	int		 order[BG_CODE_COUNT];	/* the codes held, in the
						   order they came */
	size_t		 nheld;
	struct extra	*extra;		/* one for each diagnostic of the
					   event */
};

/* The first warning of a code in the input, and how many came. */
struct held {
	bg_diag		 d;
	int		 turn;
	size_t		 n;
	char		*who;		/* its player's name, copied, since
					   the match may change before it is
					   given */
};

/* What a diagnostic of an event has beside the bg_diag. */
struct extra {
	int		 turn;
	size_t		 more;		/* how many more warnings it stands
					   for */
	char		*who;		/* the player of a warning held,
					   else NULL */
};

static long
stdio_read(void *ctx, char *buf, size_t n)
{
	FILE *fp = ctx;
	size_t got;

	/*
	 * Once the end of the file was seen, fread() would ask the system
	 * for more again (on a terminal, the user would have to type a
	 * second end of file), so stop here.
	 */
	if (feof(fp))
		return 0;
	if ((got = fread(buf, 1, n, fp)) == 0 && ferror(fp))
		return -1;
	return (long)got;
}

/* Make a pipeline around reader rd; NULL when memory runs out. */
static bg_pipeline *
make(bg_reader *rd, const char *name)
{
	bg_pipeline *p;

	if (rd == NULL)
		return NULL;
	if ((p = calloc(1, sizeof *p)) == NULL ||
	    (p->name = strdup(name ? name : "<stdin>")) == NULL ||
	    (p->rp = bg_replay_new()) == NULL) {
		if (p != NULL)
			free(p->name);
		free(p);
		bg_reader_free(rd);
		return NULL;
	}
	p->rd = rd;
	p->replay = 1;
	bg_diagfilter_init(&p->filter);
	return p;
}

bg_pipeline *
bg_pipeline_new(bg_read_fn read, void *ctx, const char *name)
{
	struct src *src;
	bg_pipeline *p;

	if ((src = src_new(read, ctx, name)) == NULL)
		return NULL;
	/*
	 * Open the first member now, to name the reader after it.  A
	 * failure other than memory is left for the reader to meet.
	 */
	if (src_next(src) < 0 && errno == ENOMEM) {
		src_free(src);
		return NULL;
	}
	if ((p = make(bg_reader_new(src_read, src, src_name(src)),
	    src_name(src))) == NULL) {
		src_free(src);
		return NULL;
	}
	fmt_reader_take_from(p->rd, src_take);
	p->src = src;
	return p;
}

bg_pipeline *
bg_pipeline_new_mem(const char *buf, size_t len, const char *name)
{
	return make(bg_reader_new_mem(buf, len, name), name);
}

bg_pipeline *
bg_pipeline_new_file(FILE *fp, const char *name)
{
	return bg_pipeline_new(stdio_read, fp, name);
}

bg_pipeline *
bg_pipeline_open(const char *path)
{
	struct stat st;
	bg_pipeline *p;
	FILE *fp = stdin;

	if (path == NULL || strcmp(path, "-") == 0)
		path = NULL;
	else if ((fp = fopen(path, "rb")) == NULL)
		return NULL;
	else if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		/* A directory opens, and would then fail its first read. */
		fclose(fp);
		errno = EISDIR;
		return NULL;
	} else {
		/*
		 * The reader asks for 64 KiB at a time, so a stdio buffer
		 * would only copy the bytes once more.
		 */
		setvbuf(fp, NULL, _IONBF, 0);
	}
	if ((p = bg_pipeline_new_file(fp, path)) == NULL) {
		if (fp != stdin)
			fclose(fp);
		errno = ENOMEM;
		return NULL;
	}
	p->fp = fp;
	return p;
}

/* Empty the list of the last event's diagnostics. */
static void
drop(bg_pipeline *p)
{
	size_t i;

	for (i = 0; i < p->ndiag; i++)
		free(p->extra[i].who);
	p->ndiag = 0;
}

int
bg_pipeline_free(bg_pipeline *p)
{
	int rc = 0, s;

	if (p == NULL)
		return 0;
	bg_replay_free(p->rp);
	bg_reader_free(p->rd);
	src_free(p->src);
	if (p->fp != NULL && p->fp != stdin && fclose(p->fp) != 0)
		rc = -BG_EIO;
	for (s = 0; s < 2; s++) {
		free(p->player[s]);
		free(p->gplayer[s]);
	}
	for (s = 0; s < 3; s++)
		free(p->fcopy[s]);
	drop(p);
	for (s = 0; s < BG_CODE_COUNT && p->held != NULL; s++)
		free(p->held[s].who);
	free(p->held);
	free(p->diag);
	free(p->extra);
	free(p->name);
	free(p);
	return rc;
}

int
bg_pipeline_set_format(bg_pipeline *p, bg_format f)
{
	if (f == BG_FORMAT_AUTO)
		return 0;
	p->from = f;
	return bg_reader_set_format(p->rd, f);
}

void
bg_pipeline_set_rules(bg_pipeline *p, const bg_ruleset *rs)
{
	bg_replay_set_rules(p->rp, rs);
}

void
bg_pipeline_set_callback(bg_pipeline *p, bg_replay_fn fn, void *ctx)
{
	bg_replay_set_callback(p->rp, fn, ctx);
}

int
bg_pipeline_set_inflate(bg_pipeline *p, bg_inflate_fn inflate,
    bg_crc32_fn crc32, void *ctx)
{
	int rc;

	if (p == NULL)
		return -BG_EINVAL;
	if ((rc = bg_reader_set_inflate(p->rd, inflate, crc32, ctx)) < 0)
		return rc;
	p->inf.inflate = inflate;
	p->inf.crc32 = crc32;
	p->inf.ctx = ctx;
	return 0;
}

void
bg_pipeline_set_writer(bg_pipeline *p, bg_writer *w)
{
	p->w = w;
}

void
bg_pipeline_set_replay(bg_pipeline *p, int on)
{
	p->replay = on != 0;
}

void
bg_pipeline_set_filter(bg_pipeline *p, const bg_diagfilter *f)
{
	p->filter = *f;
}

void
bg_pipeline_set_collapse(bg_pipeline *p, int on)
{
	p->collapse = on != 0;
}

/*
 * Return the number of the position before the action written at line
 * and column of the current game: the count of the actions of a side
 * written before it, each of which makes one position.  -1 when the
 * diagnostic is not about an action of the game.
 */
static int
turn_of(bg_pipeline *p, const bg_diag *d)
{
	const bg_record *r;
	size_t n;

	if (p->g == NULL || d->game <= 0 || d->line <= 0)
		return -1;
	/*
	 * The diagnostics come mostly in line order, so the count goes on
	 * from the last answer, and starts anew when d comes before it.
	 */
	if (p->tat > 0 && (r = bg_game_record(p->g, p->tat - 1)) != NULL &&
	    (r->line > d->line || (r->line == d->line && r->col >= d->col)))
		p->tat = p->tturn = 0;
	n = bg_game_record_count(p->g);
	for (; p->tat < n; p->tat++) {
		r = bg_game_record(p->g, p->tat);
		if (r->line > d->line || (r->line == d->line && r->col >= d->col))
			return p->tturn;
		if (r->kind <= BG_REC_RACCOON)
			p->tturn++;
	}
	return -1;
}

/* Add d at the end of the event's list; -BG_ENOMEM when there is no room. */
static int
push(bg_pipeline *p, const bg_diag *d, int turn, size_t more, char *who)
{
	if (p->ndiag == p->capdiag) {
		size_t cap = p->capdiag ? 2 * p->capdiag : 16;
		bg_diag *n = realloc(p->diag, cap * sizeof *n);
		struct extra *x;

		if (n == NULL)
			return -BG_ENOMEM;
		p->diag = n;
		if ((x = realloc(p->extra, cap * sizeof *x)) == NULL)
			return -BG_ENOMEM;
		p->extra = x;
		p->capdiag = cap;
	}
	p->extra[p->ndiag].turn = turn;
	p->extra[p->ndiag].more = more;
	p->extra[p->ndiag].who = who;
	p->diag[p->ndiag++] = *d;
	return 0;
}

/*
 * Keep a warning back until the input ends (collapse): the first of its
 * code is kept, the others only counted.  Returns 0, or -BG_ENOMEM.
 */
static int
hold(bg_pipeline *p, const bg_diag *d)
{
	const char *who = bg_pipeline_diag_player(p, d);
	struct held *h;

	if (p->held == NULL &&
	    (p->held = calloc(BG_CODE_COUNT, sizeof *p->held)) == NULL)
		return -BG_ENOMEM;
	h = &p->held[d->code];
	if (h->n++ > 0)
		return 0;
	h->d = *d;
	h->turn = turn_of(p, d);
	if (who != NULL && (h->who = strdup(who)) == NULL)
		return -BG_ENOMEM;
	p->order[p->nheld++] = d->code;
	return 0;
}

/*
 * Add the warnings held back to the event's list, after its own
 * diagnostics.  Returns 0, or -BG_ENOMEM.
 */
static int
release(bg_pipeline *p)
{
	struct held *h;
	size_t i;

	for (i = 0; i < p->nheld; i++) {
		h = &p->held[p->order[i]];
		if (push(p, &h->d, h->turn, h->n - 1, h->who) < 0)
			return -BG_ENOMEM;
		h->who = NULL;		/* the list owns it now */
		h->n = 0;
	}
	p->nheld = 0;
	return 0;
}

/*
 * The end-of-file rule: once the reader has said that the input ends
 * inside a game (BG_WEOF, which sets *eof), the replay's warning that
 * the game has no result says nothing new and is dropped.  Returns 1
 * when d is dropped.
 */
static int
eof_drops(int *eof, const bg_diag *d)
{
	if (d->code == BG_WEOF)
		*eof = 1;
	return d->code == BG_WUNFINISHED && *eof;
}

/*
 * The next diagnostic in line order of the reader's (from index *i)
 * and the replay's (from *j; none when rp is NULL), the reader's first
 * on a line both name; the index it came from is advanced.  NULL when
 * both lists are done.
 */
static const bg_diag *
merged_next(const bg_reader *rd, const bg_replay *rp, size_t *i, size_t *j)
{
	const bg_diag *a = NULL, *b = NULL;

	if (*i < bg_reader_diag_count(rd))
		a = bg_reader_diag(rd, *i);
	if (rp != NULL && *j < bg_replay_diag_count(rp))
		b = bg_replay_diag(rp, *j);
	if (a != NULL && (b == NULL || a->line <= b->line)) {
		++*i;
		return a;
	}
	if (b != NULL)
		++*j;
	return b;
}

size_t
bg_diag_merge(const bg_diag **list, size_t size, const bg_reader *rd,
    const bg_replay *rp, int *eof)
{
	const bg_diag *d;
	size_t i = 0, j = 0, n = 0;

	if (rd == NULL || eof == NULL)
		return 0;
	while ((d = merged_next(rd, rp, &i, &j)) != NULL) {
		if (eof_drops(eof, d))
			continue;
		if (n < size)
			list[n] = d;
		n++;
	}
	return n;
}

/*
 * Add d to the event's list, unless the filter stops it, the
 * end-of-file rule drops it or it is held; -BG_ENOMEM when there is no
 * room.
 */
static int
add_diag(bg_pipeline *p, const bg_diag *d)
{
	if (!bg_diagfilter_shows(&p->filter, d->code) ||
	    eof_drops(&p->eof, d))
		return 0;
	if (d->severity == BG_SEV_WARNING)
		p->count.warnings++;
	else
		p->count.errors++;
	/*
	 * A warning of what an output cannot hold is never collapsed:
	 * each one names another thing lost.
	 */
	if (p->collapse && d->severity == BG_SEV_WARNING &&
	    d->code != BG_WLOST)
		return hold(p, d);
	return push(p, d, turn_of(p, d), 0, NULL);
}

/*
 * Add the reader's diagnostics and, when rp is not 0, the replay's to
 * the event's list, in line order; -BG_ENOMEM.
 */
static int
gather(bg_pipeline *p, int rp)
{
	const bg_diag *d;
	size_t i = 0, j = 0;
	int rc = 0;

	while (rc == 0 && (d = merged_next(p->rd, rp ? p->rp : NULL, &i,
	    &j)) != NULL)
		rc = add_diag(p, d);
	return rc;
}

/*
 * Add what the writer said in the call that returned rc to the event's
 * list, after the reader's and the replay's diagnostics.  Returns rc,
 * or -BG_ENOMEM.
 */
static int
wrote(bg_pipeline *p, int rc)
{
	size_t i;
	int r;

	for (i = 0; i < bg_writer_diag_count(p->w); i++)
		if ((r = add_diag(p, bg_writer_diag(p->w, i))) < 0)
			return r;
	return rc;
}

/* Set *dst to a copy of s ("" for NULL): 0, or -BG_ENOMEM. */
static int
setname(char **dst, const char *s)
{
	char *n;

	if (s == NULL)
		s = "";
	if (*dst != NULL && strcmp(*dst, s) == 0)
		return 0;	/* the players are the same game after game */
	if ((n = strdup(s)) == NULL)
		return -BG_ENOMEM;
	free(*dst);
	*dst = n;
	return 0;
}

/*
 * Take the names of a new game: the match's names are kept once known,
 * and the game's are as the game writes them.
 */
static int
names(bg_pipeline *p)
{
	const char *n;
	int s;

	for (s = 0; s < 2; s++) {
		n = bg_game_player(p->g, s);
		if ((!p->player[s][0] && n && setname(&p->player[s], n) < 0) ||
		    setname(&p->gplayer[s], n ? n : bg_match_player(p->m, s))
		    < 0)
			return -BG_ENOMEM;
	}
	return 0;
}

static int
next_match(bg_pipeline *p)
{
	const bg_match *m = NULL;
	int rc, s;

	p->g = NULL;
	p->played = 0;
	if ((rc = bg_reader_next_match(p->rd, &m)) < 0)
		return rc;
	if (rc == 0 && p->src != NULL && (rc = src_next(p->src)) != 0) {
		/*
		 * The member ended: give its last diagnostics under its
		 * name, and open the next member at the next call.
		 */
		if (rc < 0)
			return src_failed(p->src) ? -BG_EARCHIVE : -BG_ENOMEM;
		if ((rc = gather(p, 0)) < 0)
			return rc;
		p->advance = 1;
		return BG_PIPE_MEMBER;
	}
	if (rc == 0) {
		/*
		 * The last match stays, so that the diagnostics of the end
		 * can name its players.
		 */
		p->state = S_DONE;
		return (rc = gather(p, 0)) < 0 ? rc : BG_PIPE_END;
	}
	p->m = m;
	p->length = bg_match_length(m);
	p->count.matches++;
	p->mstart = p->count;
	for (s = 0; s < 2; s++)
		if (setname(&p->player[s], bg_match_player(p->m, s)) < 0)
			return -BG_ENOMEM;
	if ((rc = gather(p, 0)) < 0)
		return rc;
	if (p->replay)
		bg_replay_match(p->rp, p->m);
	if (p->w != NULL && (rc = wrote(p, bg_writer_match(p->w, m))) < 0)
		return rc;
	p->state = S_INMATCH;
	return BG_PIPE_MATCH;
}

/*
 * The next game, replayed; or the match's end.  A replay that could not
 * keep a diagnostic (out of memory) ends the pipeline with its code once
 * what it kept is handed out.
 */
static int
next_game(bg_pipeline *p)
{
	int rc, grc, prc = 0;

	p->tat = 0;
	p->tturn = 0;
	if ((grc = bg_reader_next_game(p->rd, &p->g)) > 0) {
		p->count.games++;
		if ((rc = names(p)) < 0)
			return rc;
		if (p->replay) {
			prc = bg_replay_game(p->rp, p->g);
			p->played = 1;
			p->count.records += bg_replay_result(p->rp)->records;
		}
		if ((rc = gather(p, p->replay)) < 0 || (rc = prc) < 0)
			return rc;
		if (p->w != NULL &&
		    (rc = wrote(p, bg_writer_game(p->w, p->g))) < 0)
			return rc;
		return BG_PIPE_GAME;
	}
	p->g = NULL;
	if (p->replay)
		prc = bg_replay_end(p->rp);
	if ((rc = gather(p, p->replay)) < 0 || (rc = grc) < 0 ||
	    (rc = prc) < 0)
		return rc;
	if (p->w != NULL && (rc = wrote(p, bg_writer_end(p->w))) < 0)
		return rc;
	p->state = S_BETWEEN;
	return BG_PIPE_MATCH_END;
}

int
bg_pipeline_set_member(bg_pipeline *p, const char *name)
{
	int r;

	if (p->src == NULL || p->state != S_BETWEEN || p->count.matches)
		return -BG_EINVAL;
	if ((r = src_select(p->src, name)) < 0)
		return src_failed(p->src) ? -BG_EARCHIVE : -BG_ENOMEM;
	p->advance = 1;		/* the next call opens a reader on it */
	return r > 0 ? 0 : -BG_EINVAL;
}

/* Open a new reader on the source's next member, named after it. */
static int
advance(bg_pipeline *p)
{
	bg_reader *rd;

	p->advance = 0;
	if (src_failed(p->src))
		return -BG_EARCHIVE;
	if ((rd = bg_reader_new(src_read, p->src, src_name(p->src))) == NULL)
		return -BG_ENOMEM;
	fmt_reader_take_from(rd, src_take);
	bg_reader_free(p->rd);
	p->rd = rd;
	if (p->from != BG_FORMAT_AUTO)
		bg_reader_set_format(rd, p->from);
	bg_reader_set_inflate(rd, p->inf.inflate, p->inf.crc32, p->inf.ctx);
	return setname(&p->name, src_name(p->src));
}

int
bg_pipeline_next(bg_pipeline *p)
{
	int rc;

	if (p == NULL)
		return -BG_EINVAL;
	drop(p);
	if (p->state == S_DONE)
		return 0;
	rc = p->advance ? advance(p) : 0;
	if (rc == 0)
		rc = p->state == S_BETWEEN ? next_match(p) : next_game(p);
	if (rc == -BG_EIO && p->src != NULL && src_failed(p->src))
		rc = -BG_EARCHIVE;
	if (rc < 0) {
		p->state = S_DONE;
		p->count.errors++;	/* the input was not read through */
	}
	/*
	 * The input (or the member) is over: the warnings held back come
	 * out now.
	 */
	if ((rc < 0 || rc == BG_PIPE_END || rc == BG_PIPE_MEMBER) &&
	    release(p) < 0 && rc >= 0) {
		p->state = S_DONE;
		rc = -BG_ENOMEM;
	}
	return rc;
}

size_t
bg_pipeline_diag_count(const bg_pipeline *p)
{
	return p->ndiag;
}

const bg_diag *
bg_pipeline_diag(const bg_pipeline *p, size_t i)
{
	return i < p->ndiag ? &p->diag[i] : NULL;
}

int
bg_pipeline_diag_turn(const bg_pipeline *p, size_t i)
{
	return i < p->ndiag ? p->extra[i].turn : -1;
}

size_t
bg_pipeline_diag_repeats(const bg_pipeline *p, size_t i)
{
	return i < p->ndiag ? p->extra[i].more : 0;
}

const char *
bg_pipeline_diag_player(const bg_pipeline *p, const bg_diag *d)
{
	uintptr_t a = (uintptr_t)d, lo = (uintptr_t)p->diag;

	if (d == NULL || d->side < 0)
		return NULL;
	/*
	 * A warning held back from an earlier match names its own player,
	 * copied when it was held.
	 */
	if (p->ndiag > 0 && a >= lo && a < (uintptr_t)(p->diag + p->ndiag) &&
	    p->extra[(a - lo) / sizeof *d].who != NULL)
		return p->extra[(a - lo) / sizeof *d].who;
	return p->m != NULL ? bg_match_player(p->m, d->side) : NULL;
}

const char *
bg_pipeline_why(const bg_pipeline *p)
{
	return p->src != NULL ? src_why(p->src) : "";
}

const char *
bg_pipeline_name(const bg_pipeline *p)
{
	return p->name;
}

const bg_match *
bg_pipeline_match(const bg_pipeline *p)
{
	return p->m;
}

const bg_game *
bg_pipeline_game(const bg_pipeline *p)
{
	return p->g;
}

const bg_replay *
bg_pipeline_replay(const bg_pipeline *p)
{
	return p->rp;
}

const bg_result *
bg_pipeline_result(const bg_pipeline *p)
{
	return bg_replay_result(p->rp);
}

const bg_pipe_count *
bg_pipeline_count(const bg_pipeline *p)
{
	return &p->count;
}

const char *
bg_pipeline_player(const bg_pipeline *p, int s)
{
	return (s == 0 || s == 1) && p->player[s] ? p->player[s] : "";
}

const char *
bg_pipeline_game_player(const bg_pipeline *p, int s)
{
	return (s == 0 || s == 1) && p->gplayer[s] ? p->gplayer[s] : "";
}

int
bg_pipeline_final(const bg_pipeline *p, bg_board *b, bg_matchstate *ms)
{
	const bg_result *res = bg_replay_result(p->rp);

	if (!p->replay || p->count.games == 0)
		return -BG_EINVAL;
	*b = *bg_replay_board(p->rp);
	*ms = *bg_replay_state(p->rp);
	ms->score[0] = res->score[0] - (res->winner == 0) * res->points;
	ms->score[1] = res->score[1] - (res->winner == 1) * res->points;
	ms->state = BG_GAME_PLAYING;
	return 0;
}

/*
 * "valid, N matches, G games, R records" (the matches left out when
 * matches < 0), then "; score A x, B y (L-point match)" unless player is
 * NULL or no game was read.
 */
static void
counts(struct out *o, const bg_pipe_count *c, int matches,
    const char *const player[2], const int score[2], int length)
{
	int s;

	out_puts(o, c->errors ? "invalid" : "valid");
	if (matches >= 0)
		out_printf(o, ", %d match%s", matches,
		    matches == 1 ? "" : "es");
	out_printf(o, ", %d game%s, %d record%s", c->games,
	    c->games == 1 ? "" : "s", c->records, c->records == 1 ? "" : "s");
	for (s = 0; s < 2 && player != NULL && c->games > 0; s++) {
		out_puts(o, s ? ", " : "; score ");
		out_name(o, player[s]);
		out_printf(o, " %d", score[s]);
	}
	if (player != NULL && c->games > 0 && length > 0)
		out_printf(o, " (%d-point match)", length);
	out_put(o, "\n", 1);
}

int
bg_pipeline_summary(bg_write_fn fn, void *ctx, bg_outfmt f,
    const bg_pipeline *p)
{
	const bg_pipe_count *c = &p->count;
	const bg_result *res = bg_replay_result(p->rp);
	const char *player[2];
	char xg[128], pid[BG_POSID_LEN + 1];
	const char *n;
	struct out o;
	bg_board b;
	bg_matchstate ms;
	int x;

	/* An archive's summary is the whole archive's, or its member's. */
	n = p->src != NULL && src_selected(p->src) == NULL ?
	    src_input(p->src) : p->name;
	out_init(&o, fn, ctx);
	if (f == BG_OUT_JSON) {
		out_puts(&o, "{\"file\":");
		out_json(&o, n);
		out_printf(&o, ",\"summary\":true,\"valid\":%s,\"errors\":%d,"
		    "\"warnings\":%d,\"matches\":%d,\"games\":%d,"
		    "\"records\":%d}\n", c->errors ? "false" : "true",
		    c->errors, c->warnings, c->matches, c->games, c->records);
		return out_flush(&o);
	}
	if (f != BG_OUT_TEXT)
		return -BG_EINVAL;
	out_text(&o, n);
	out_puts(&o, ": ");
	/* Several matches: each has its score on its line, not here. */
	player[0] = bg_pipeline_player(p, 0);
	player[1] = bg_pipeline_player(p, 1);
	counts(&o, c, c->matches, c->matches > 1 ? NULL : player, res->score,
	    p->length);
	/* A position whose state does not fit an XGID is not named. */
	if (bg_pipeline_final(p, &b, &ms) == 0 &&
	    (x = bg_xgid_encode(xg, sizeof xg, &b, &ms)) >= 0 &&
	    x < (int)sizeof xg && bg_posid_encode(pid, sizeof pid, &b,
	    ms.on_roll) >= 0)
		out_printf(&o, "final position: %s %s\n", pid, xg);
	return out_flush(&o);
}

static void
mline_write(struct out *o, const struct mline *l)
{
	out_text(o, l->name);
	out_printf(o, ": match %d: ", l->n);
	counts(o, &l->c, -1, l->player, l->score, l->length);
}

int
bg_pipeline_match_summary(bg_write_fn fn, void *ctx, bg_outfmt f,
    bg_pipeline *p)
{
	const bg_result *res = bg_replay_result(p->rp);
	struct mline l;
	struct out o;
	int s;

	if (f != BG_OUT_TEXT || p->state != S_BETWEEN ||
	    p->count.matches == 0)
		return -BG_EINVAL;
	if (p->msaid == p->count.matches)
		return 0;
	p->msaid = p->count.matches;
	l.name = p->name;
	l.n = p->count.matches;
	l.length = p->length;
	l.c.matches = 1;
	l.c.games = p->count.games - p->mstart.games;
	l.c.records = p->count.records - p->mstart.records;
	l.c.errors = p->count.errors - p->mstart.errors;
	l.c.warnings = p->count.warnings - p->mstart.warnings;
	for (s = 0; s < 2; s++) {
		l.player[s] = bg_pipeline_player(p, s);
		l.score[s] = res->score[s];
	}
	if (l.n == 1) {
		/*
		 * Hold the first match's line back: an input of one match
		 * says it in its summary instead.
		 */
		for (s = 0; s < 3; s++)
			if ((p->fcopy[s] = strdup(s ? l.player[s - 1] :
			    l.name)) == NULL)
				return -BG_ENOMEM;
		p->first = l;
		p->first.name = p->fcopy[0];
		p->first.player[0] = p->fcopy[1];
		p->first.player[1] = p->fcopy[2];
		return 0;
	}
	out_init(&o, fn, ctx);
	if (l.n == 2 && p->fcopy[0] != NULL)
		mline_write(&o, &p->first);
	mline_write(&o, &l);
	return out_flush(&o);
}
