/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgkit_wasm.c: the entry points of the WebAssembly build (js/), called
 * by the JavaScript package (js/bgkit.mjs) and never by C.  Each call
 * takes bytes and texts, runs the library on them from start to end and
 * returns a struct bgjs_result: an output (a conversion, a diagram, an
 * ID) and a JSON text that says what was read and what was wrong.  The
 * call frees everything it made but the result, which the caller frees
 * with bgjs_result_free(): nothing of the library outlives a call, so
 * the package cannot leak the library's objects, but a struct
 * bgjs_reader, a read the package steps one event at a time (one game's
 * JSON a step) and frees with bgjs_reader_free().
 *
 * The JSON is written here by hand, one object per call (per step of a
 * reader); texts from the input are written as their bytes (the package
 * decodes the whole JSON as UTF-8, an invalid byte becoming U+FFFD),
 * with the characters JSON forbids escaped.  A position travels as its
 * board (52 numbers, in hex) and its match state (16 numbers): exact,
 * unlike an ID, and turned into IDs and pictures by bgjs_show() when
 * asked for.
 */
#include <malloc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <emscripten.h>

#include "bgkit.h"

/* What a call returns; the package reads its five fields by offset. */
struct bgjs_result {
	char	*out;		/* the output bytes (not terminated) */
	size_t	 outlen;
	char	*json;		/* the JSON text (terminated) */
	size_t	 jsonlen;
	int	 rc;		/* 0, or a negative code */
};

/* A growing buffer. */
struct buf {
	char	*p;
	size_t	 n, cap;
	int	 err;
};

/* The positions of a game as the replay passed them. */
struct poslist {
	bg_replay_pos	*v;
	size_t		 n, cap;
	int		 err;
};

/* What bgjs_read() asks for. */
#define RD_COLLAPSE	0x02	/* a repeated warning once (bgcheck's text) */

/* What bgjs_convert() asks for. */
#define CV_FORCE	0x01	/* write what has errors (bgconv -F) */
#define CV_XG		0x02	/* the XG style (bgconv -s xg) */

struct bgjs_result *bgjs_read(const char *, size_t, const char *,
    const char *, const char *, int);
struct bgjs_result *bgjs_convert(const char *, size_t, const char *,
    const char *, const char *, const char *, int, int);
struct bgjs_result *bgjs_position(const char *, const char *);
struct bgjs_result *bgjs_show(const char *, const int *, const char *,
    const char *, int, int, const char *, const char *);
struct bgjs_result *bgjs_legal(const char *, const int *, const char *,
    int, int);
struct bgjs_result *bgjs_formats(void);
struct bgjs_result *bgjs_decisions(const char *, size_t, const char *,
    const char *, const char *, int);
struct bgjs_result *bgjs_statistics(const char *, size_t, const char *,
    const char *, const char *, int);
void bgjs_result_free(struct bgjs_result *);
size_t bgjs_allocated(void);
const char *bgjs_version(void);

static long
bput(void *ctx, const char *s, size_t n)
{
	struct buf *b = ctx;
	char *p;
	size_t cap;

	if (b->err)
		return -1;
	if (b->n + n + 1 > b->cap) {
		cap = b->cap ? b->cap : 4096;
		while (cap < b->n + n + 1)
			cap *= 2;
		if ((p = realloc(b->p, cap)) == NULL) {
			b->err = 1;
			return -1;
		}
		b->p = p;
		b->cap = cap;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	b->p[b->n] = '\0';
	return (long)n;
}

static void
bstr(struct buf *b, const char *s)
{
	bput(b, s, strlen(s));
}

static void
bfmt(struct buf *b, const char *fmt, int a, int c)
{
	char t[64];
	int n = snprintf(t, sizeof t, fmt, a, c);

	bput(b, t, (size_t)n);
}

/* s[0..n) as a JSON string; NULL as null. */
static void
bjstr(struct buf *b, const char *s, size_t n)
{
	static const char hex[] = "0123456789abcdef";
	char e[8];
	size_t i, from = 0;
	unsigned char c;

	if (s == NULL) {
		bstr(b, "null");
		return;
	}
	bput(b, "\"", 1);
	for (i = 0; i < n; i++) {
		c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\' && c != 0x7f)
			continue;
		bput(b, s + from, i - from);
		from = i + 1;
		if (c == '"' || c == '\\') {
			e[0] = '\\';
			e[1] = (char)c;
			bput(b, e, 2);
		} else if (c == '\n') {
			bput(b, "\\n", 2);
		} else {
			memcpy(e, "\\u00", 4);
			e[4] = hex[c >> 4];
			e[5] = hex[c & 15];
			bput(b, e, 6);
		}
	}
	bput(b, s + from, n - from);
	bput(b, "\"", 1);
}

static void
bcstr(struct buf *b, const char *s)
{
	bjstr(b, s, s ? strlen(s) : 0);
}

/* [a,c]: two strings, or nulls. */
static void
bpair(struct buf *b, const char *a, const char *c)
{
	bstr(b, "[");
	bcstr(b, a);
	bstr(b, ",");
	bcstr(b, c);
	bstr(b, "]");
}

static struct bgjs_result *
finish(struct buf *out, struct buf *json, int rc)
{
	struct bgjs_result *r = calloc(1, sizeof *r);

	if (r == NULL || (out && out->err) || json->err) {
		free(r);
		free(out ? out->p : NULL);
		free(json->p);
		return NULL;
	}
	if (out != NULL) {
		r->out = out->p;
		r->outlen = out->n;
	}
	r->json = json->p;
	r->jsonlen = json->n;
	r->rc = rc;
	return r;
}

void
bgjs_result_free(struct bgjs_result *r)
{
	if (r == NULL)
		return;
	free(r->out);
	free(r->json);
	free(r);
}

/* The bytes in use on the heap: the test of leaks reads it. */
size_t
bgjs_allocated(void)
{
	return mallinfo().uordblks;
}

const char *
bgjs_version(void)
{
	return bg_version();
}

/* ------------------------------------------------------------ positions */

static void
board_hex(struct buf *b, const bg_board *bd)
{
	static const char hex[] = "0123456789abcdef";
	char t[2 + 2 * 52];
	int s, i, k = 0;

	t[k++] = '"';
	for (s = 0; s < 2; s++)
		for (i = 0; i < 26; i++) {
			t[k++] = hex[bd->pt[s][i] >> 4];
			t[k++] = hex[bd->pt[s][i] & 15];
		}
	t[k++] = '"';
	bput(b, t, (size_t)k);
}

static int
unhex(int c)
{
	return c >= 'a' ? c - 'a' + 10 : c - '0';
}

static int
board_from_hex(bg_board *bd, const char *h)
{
	int s, i;

	if (h == NULL || strlen(h) != 104)
		return -BG_EINVAL;
	for (s = 0; s < 2; s++)
		for (i = 0; i < 26; i++, h += 2)
			bd->pt[s][i] = (unsigned char)(unhex(h[0]) << 4 |
			    unhex(h[1]));
	return 0;
}

/* The match state as 16 numbers, in this order. */
static void
ms_json(struct buf *b, const bg_matchstate *ms)
{
	char t[256];
	int n = snprintf(t, sizeof t,
	    "[%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d]",
	    ms->length, ms->score[0], ms->score[1], ms->cube, ms->cube_owner,
	    ms->on_roll, ms->turn, ms->crawford, (int)ms->state, ms->doubled,
	    ms->resign, ms->dice[0], ms->dice[1], ms->jacoby, ms->beaver,
	    ms->cube_max);

	bput(b, t, (size_t)n);
}

static void
ms_from(bg_matchstate *ms, const int *v)
{
	memset(ms, 0, sizeof *ms);
	ms->length = v[0];
	ms->score[0] = v[1];
	ms->score[1] = v[2];
	ms->cube = v[3];
	ms->cube_owner = v[4];
	ms->on_roll = v[5];
	ms->turn = v[6];
	ms->crawford = v[7];
	ms->state = (bg_gamestate)v[8];
	ms->doubled = v[9];
	ms->resign = v[10];
	ms->dice[0] = v[11];
	ms->dice[1] = v[12];
	ms->jacoby = v[13];
	ms->beaver = v[14];
	ms->cube_max = v[15];
}

static void
play_json(struct buf *b, const bg_play *p)
{
	char t[128];
	int n = bg_play_format(t, sizeof t, p, BG_STYLE_GNUBG);

	if (n < 0 || (size_t)n >= sizeof t)
		bstr(b, "null");
	else
		bjstr(b, t, (size_t)n);
}

static int
variant_of(bg_variant *v, const char *name)
{
	*v = BG_VARIANT_STANDARD;
	return name && *name ? bg_variant_parse(v, name) : 0;
}

/* ---------------------------------------------------------------- read */

struct rd;
static int rd_open(struct rd *, const char *, size_t, const char *,
    const char *, const char *);
static struct bgjs_result *rd_refused(int);

/* The context of a read: the pipeline, its JSON, the game's positions. */
struct rd {
	bg_pipeline	*p;
	struct buf	 m;	/* the step's match or game */
	struct buf	 d;	/* the diagnostics */
	struct poslist	 pos;
	int		 match, game;	/* indices of the current ones */
	int		 ndiag;
};

static void
onpos(void *ctx, const bg_replay_pos *pos)
{
	struct poslist *l = ctx;
	bg_replay_pos *v;
	size_t cap;

	if (l->err)
		return;
	if (l->n == l->cap) {
		cap = l->cap ? 2 * l->cap : 256;
		if ((v = realloc(l->v, cap * sizeof *v)) == NULL) {
			l->err = 1;
			return;
		}
		l->v = v;
		l->cap = cap;
	}
	l->v[l->n++] = *pos;
}

/* The diagnostics of the last event, as bgcheck gives them. */
static void
diags(struct rd *r)
{
	const bg_diag *dg;
	const char *name = bg_pipeline_name(r->p), *who;
	size_t i, more;
	int turn;

	for (i = 0; i < bg_pipeline_diag_count(r->p); i++) {
		dg = bg_pipeline_diag(r->p, i);
		who = bg_pipeline_diag_player(r->p, dg);
		turn = bg_pipeline_diag_turn(r->p, i);
		more = bg_pipeline_diag_repeats(r->p, i);
		bstr(&r->d, r->ndiag++ ? ",\n{\"json\":" : "{\"json\":");
		bg_diag_write_more(bput, &r->d, BG_OUT_JSON, name, who, dg,
		    turn, more);
		while (r->d.n > 0 && r->d.p[r->d.n - 1] == '\n')
			r->d.n--;
		bstr(&r->d, ",\"text\":");
		{
			struct buf t = { 0 };

			bg_diag_write_more(bput, &t, BG_OUT_TEXT, name, who,
			    dg, turn, more);
			while (t.n > 0 && t.p[t.n - 1] == '\n')
				t.n--;
			bjstr(&r->d, t.p ? t.p : "", t.n);
			r->d.err |= t.err;
			free(t.p);
		}
		bfmt(&r->d, ",\"at\":[%d,%d]}", r->match, r->game);
	}
}

static void
match_json(struct rd *r)
{
	const bg_match *m = bg_pipeline_match(r->p);
	struct buf *b = &r->m;
	size_t i;

	bstr(b, "{");
	bfmt(b, "\"length\":%d,\"line\":%d,\"players\":", bg_match_length(m),
	    bg_match_line(m));
	bpair(b, bg_match_player(m, 0), bg_match_player(m, 1));
	bstr(b, ",\"source\":");
	bcstr(b, bg_match_source(m));
	bstr(b, ",\"tags\":[");
	for (i = 0; i < bg_match_tag_count(m); i++) {
		bstr(b, i ? "," : "");
		bpair(b, bg_match_tag_key(m, i), bg_match_tag_value(m, i));
	}
	bstr(b, "],\"comments\":[");
	for (i = 0; i < bg_match_comment_count(m); i++) {
		bstr(b, i ? "," : "");
		bcstr(b, bg_match_comment(m, i));
	}
	bstr(b, "]}");
}

static void
result_json(struct buf *b, const bg_result *res)
{
	char t[256];
	int n = snprintf(t, sizeof t, "{\"endedBy\":%d,\"winner\":%d,"
	    "\"level\":%d,\"cube\":%d,\"points\":%d,\"score\":[%d,%d],"
	    "\"crawford\":%d,\"records\":%d}", (int)res->ended_by, res->winner,
	    res->level, res->cube, res->points, res->score[0], res->score[1],
	    res->crawford, res->records);

	bput(b, t, (size_t)n);
}

static void
records_json(struct buf *b, const bg_game *g)
{
	const bg_record *rec;
	size_t i, n = bg_game_record_count(g);

	bstr(b, "\"records\":[");
	for (i = 0; i < n; i++) {
		rec = bg_game_record(g, i);
		bfmt(b, i ? ",\n[%d,%d," : "[%d,%d,", (int)rec->kind,
		    rec->side);
		bfmt(b, "%d,%d,", rec->line, rec->col);
		bfmt(b, "%d,[%d,", rec->moveno, rec->dice[0]);
		bfmt(b, "%d],%d,", rec->dice[1], rec->value);
		bfmt(b, "%d,%u,", rec->code, rec->flags);
		bjstr(b, rec->text, rec->text ? rec->len : 0);
		bstr(b, "]");
	}
	bstr(b, "]");
}

/* The index of record rec in game g, or -1. */
static int
rec_index(const bg_game *g, const bg_record *rec, size_t *hint)
{
	size_t i, n = bg_game_record_count(g);

	if (rec == NULL)
		return -1;
	for (i = *hint; i < n; i++)
		if (bg_game_record(g, i) == rec)
			return (int)(*hint = i);
	for (i = 0; i < *hint && i < n; i++)
		if (bg_game_record(g, i) == rec)
			return (int)(*hint = i);
	return -1;
}

/*
 * When game g has the engine's analysis (of a record, or of a position
 * text export's position) or a diagram, ,"json":[...]: the game as the
 * JSON Lines writer writes it (bgkit-json(5)), its lines an array, from
 * which the package takes each record's "analysis" member and the
 * game's analysis and diagram objects.
 */
static void
analysis_json(struct buf *b, const bg_match *m, const bg_game *g)
{
	struct buf t = { 0 };
	bg_writer *w;
	size_t i, n = bg_game_record_count(g);

	for (i = 0; i < n; i++)
		if (bg_game_record_analysis(g, i) != NULL)
			break;
	if (i == n && bg_game_analysis_count(g) == 0 &&
	    bg_game_diagram(g) == NULL)
		return;
	if ((w = bg_writer_new(BG_FORMAT_JSON, bput, &t)) == NULL) {
		b->err = 1;
		return;
	}
	if (bg_writer_match(w, m) < 0 || bg_writer_game(w, g) < 0 ||
	    bg_writer_end(w) < 0)
		t.err = 1;
	bg_writer_free(w);
	/* One object a line (a JSON string holds no newline): the lines
	 * joined by commas. */
	while (t.n > 0 && t.p[t.n - 1] == '\n')
		t.n--;
	for (i = 0; i < t.n; i++)
		if (t.p[i] == '\n')
			t.p[i] = ',';
	bstr(b, ",\"json\":[");
	bput(b, t.p ? t.p : "", t.n);
	bstr(b, "]");
	b->err |= t.err;
	free(t.p);
}

static void
game_json(struct rd *r)
{
	const bg_game *g = bg_pipeline_game(r->p);
	const bg_replay *rp = bg_pipeline_replay(r->p);
	struct buf *b = &r->m;
	const bg_replay_pos *pos;
	size_t i, hint = 0;

	bstr(b, "{");
	bfmt(b, "\"number\":%d,\"line\":%d,\"players\":", bg_game_number(g),
	    bg_game_line(g));
	bpair(b, bg_game_player(g, 0), bg_game_player(g, 1));
	bstr(b, ",\"ratings\":");
	bpair(b, bg_game_rating(g, 0), bg_game_rating(g, 1));
	bfmt(b, ",\"scores\":[%d,%d],", bg_game_score(g, 0),
	    bg_game_score(g, 1));
	bfmt(b, "\"variant\":%d,\"names\":", (int)bg_replay_variant(rp), 0);
	bpair(b, bg_pipeline_game_player(r->p, 0),
	    bg_pipeline_game_player(r->p, 1));
	bstr(b, ",\"result\":");
	result_json(b, bg_pipeline_result(r->p));
	bstr(b, ",");
	records_json(b, g);
	bstr(b, ",\"positions\":[");
	for (i = 0; i < r->pos.n; i++) {
		pos = &r->pos.v[i];
		bfmt(b, i ? ",\n[%d,%d," : "[%d,%d,", pos->turn,
		    rec_index(g, pos->rec, &hint));
		bfmt(b, "%d,%d,", pos->side, pos->lost);
		board_hex(b, &pos->board);
		bstr(b, ",");
		ms_json(b, &pos->ms);
		bstr(b, ",");
		if (pos->played)
			play_json(b, &pos->play);
		else
			bstr(b, "null");
		bstr(b, "]");
	}
	bstr(b, "]");
	analysis_json(b, bg_pipeline_match(r->p), g);
	bstr(b, "}");
	r->pos.n = 0;
}

/*
 * XG's zlib streams, inflated and checked by the package's functions
 * (Bgkit._inflate, ._crc32: node:zlib's, or the caller's), as
 * bg_reader_set_inflate(3) has them: the module has no zlib.
 */
EM_JS(int, js_inflate, (const unsigned char *src, size_t n,
    unsigned char *out, size_t outsize), {
	return Module["bgkitInflate"](src, n, out, outsize);
});

EM_JS(unsigned, js_crc32, (const unsigned char *p, size_t n), {
	return Module["bgkitCrc32"](p, n);
});

static int
inflate_js(void *ctx, const unsigned char *in, size_t n, unsigned char *out,
    size_t outsize)
{
	(void)ctx;
	return js_inflate(in, n, out, outsize);
}

static unsigned long
crc32_js(void *ctx, const unsigned char *p, size_t n)
{
	(void)ctx;
	return js_crc32(p, n);
}

static int
setup(bg_pipeline *p, const char *format, const char *rules)
{
	bg_format f = BG_FORMAT_AUTO;
	bg_ruleset rs;
	size_t at;

	bg_pipeline_set_inflate(p, inflate_js, crc32_js, NULL);
	if (format && *format && bg_format_parse(&f, format) < 0)
		return -BG_EINVAL;
	if (f != BG_FORMAT_AUTO && bg_pipeline_set_format(p, f) < 0)
		return -BG_EINVAL;
	if (rules && *rules) {
		bg_ruleset_init(&rs);
		if (bg_ruleset_parse(&rs, rules, strlen(rules), &at) < 0)
			return -BG_EINVAL;
		bg_pipeline_set_rules(p, &rs);
	}
	return 0;
}

/* A system error of the input, as bgcheck -T json writes it. */
static void
syserr(struct rd *r, const char *name, int code)
{
	const char *why = code == BG_EARCHIVE ? bg_pipeline_why(r->p) : "";
	bg_diag d;

	memset(&d, 0, sizeof d);
	d.code = code;
	d.severity = BG_SEV_SYSTEM;
	d.side = -1;
	snprintf(d.detail, sizeof d.detail, "%s", why);
	bstr(&r->d, r->ndiag++ ? ",\n{\"json\":" : "{\"json\":");
	bg_diag_write(bput, &r->d, BG_OUT_JSON, name, NULL, &d);
	while (r->d.n > 0 && r->d.p[r->d.n - 1] == '\n')
		r->d.n--;
	bstr(&r->d, ",\"text\":");
	{
		struct buf t = { 0 };

		bstr(&t, name);
		bstr(&t, ": ");
		bstr(&t, bg_strerror(code));
		if (*why) {
			bstr(&t, ": ");
			bstr(&t, why);
		}
		bjstr(&r->d, t.p, t.n);
		free(t.p);
	}
	bfmt(&r->d, ",\"at\":[%d,%d]}", r->match, r->game);
}

/* "diagnostics":[...]: those of r so far. */
static void
diag_list(struct buf *j, struct rd *r)
{
	bstr(j, "\"diagnostics\":[");
	if (r->d.n)
		bput(j, r->d.p, r->d.n);
	bstr(j, "]");
	j->err |= r->d.err;
}

/* "diagnostics":[...] at the end of r, read with rc: the last ones. */
static void
end_diags(struct buf *j, struct rd *r, int rc)
{
	diags(r);
	if (rc < 0)
		syserr(r, bg_pipeline_name(r->p), -rc);
	diag_list(j, r);
}

/* "diagnostics":[...],"count":{...},"rc":rc}: the end of a read. */
static void
read_end(struct buf *j, struct rd *r, int rc)
{
	const bg_pipe_count *c = bg_pipeline_count(r->p);

	end_diags(j, r, rc);
	bfmt(j, ",\"count\":{\"matches\":%d,\"games\":%d,", c->matches,
	    c->games);
	bfmt(j, "\"records\":%d,\"errors\":%d,", c->records, c->errors);
	bfmt(j, "\"warnings\":%d},\"rc\":%d}", c->warnings, rc);
}

/*
 * Read and replay buf[0..len) named name, as bgcheck does, for its
 * diagnostics only.  JSON: {"diagnostics": [...], "count", "rc"}.
 */
struct bgjs_result *
bgjs_read(const char *buf, size_t len, const char *name, const char *format,
    const char *rules, int flags)
{
	struct rd r;
	struct buf j = { 0 };
	int ev, rc;

	if ((rc = rd_open(&r, buf, len, name, format, rules)) < 0)
		return rd_refused(rc);
	bg_pipeline_set_collapse(r.p, (flags & RD_COLLAPSE) != 0);
	while ((ev = bg_pipeline_next(r.p)) > 0) {
		r.match += ev == BG_PIPE_MATCH;
		if (ev == BG_PIPE_MATCH)
			r.game = -1;
		r.game += ev == BG_PIPE_GAME;
		diags(&r);
		if (ev == BG_PIPE_MATCH_END)
			r.game = -1;
	}
	bstr(&j, "{");
	read_end(&j, &r, ev);
	free(r.d.p);
	bg_pipeline_free(r.p);
	return finish(NULL, &j, ev < 0 ? ev : 0);
}

/*
 * A read stepped by the package, one event at a time, so that no JSON
 * text is bigger than one game's: bgjs_reader_new() starts it on bytes
 * it then owns, each bgjs_reader_next() runs the pipeline to its next
 * event, and bgjs_reader_free() frees it all, at the end or when the
 * package's iteration is abandoned.  The state is the reader's, which
 * the package holds: the module keeps none of its own.
 */
struct bgjs_reader {
	struct rd	 r;
	char		*buf;	/* the input, which the pipeline reads */
	char		*name;
	int		 done;
};

void bgjs_reader_free(struct bgjs_reader *);
struct bgjs_reader *bgjs_reader_new(char *, size_t, const char *,
    const char *, const char *, int *);
struct bgjs_result *bgjs_reader_next(struct bgjs_reader *);

void
bgjs_reader_free(struct bgjs_reader *x)
{
	if (x == NULL)
		return;
	if (x->r.p)
		bg_pipeline_free(x->r.p);
	free(x->r.d.p);
	free(x->r.pos.v);
	free(x->buf);
	free(x->name);
	free(x);
}

/*
 * A reader of buf[0..len) (from malloc(), freed with the reader, or at
 * once when none is made) named name, as bgcheck reads it; NULL with
 * *rc a negative code when format or rules are bad or memory is short.
 */
struct bgjs_reader *
bgjs_reader_new(char *buf, size_t len, const char *name, const char *format,
    const char *rules, int *rc)
{
	struct bgjs_reader *x;

	if ((x = calloc(1, sizeof *x)) == NULL ||
	    (x->name = strdup(name)) == NULL) {
		free(x);
		free(buf);
		*rc = -BG_ENOMEM;
		return NULL;
	}
	x->buf = buf;
	if ((*rc = rd_open(&x->r, buf, len, x->name, format, rules)) < 0) {
		bgjs_reader_free(x);
		return NULL;
	}
	bg_pipeline_set_callback(x->r.p, onpos, &x->r.pos);
	return x;
}

/*
 * The next event of x.  JSON: {"ev":1,"match":{...}}, a match's
 * header; {"ev":2,"game":{...}}, a game with its records and positions;
 * {"ev":3} at a match's end, another number for the pipeline's other
 * events; each with "diagnostics":[...], those the event brought (their
 * "at" the [match, game] they belong to, from 0; -1 for none).  At the
 * end {"ev":0,"diagnostics":[...],"count":{...},"rc":rc}, and then
 * {"ev":0,"diagnostics":[],"rc":rc}.
 */
struct bgjs_result *
bgjs_reader_next(struct bgjs_reader *x)
{
	struct rd *r = &x->r;
	struct buf j = { 0 };
	int ev;

	free(r->d.p);
	memset(&r->d, 0, sizeof r->d);
	r->ndiag = 0;
	if (x->done) {
		bfmt(&j, "{\"ev\":0,\"diagnostics\":[],\"rc\":%d}",
		    x->done < 0 ? x->done : 0, 0);
		return finish(NULL, &j, x->done < 0 ? x->done : 0);
	}
	if ((ev = bg_pipeline_next(r->p)) <= 0)
		x->done = ev < 0 ? ev : 1;
	bfmt(&j, "{\"ev\":%d,", ev > 0 ? ev : 0, 0);
	if (ev <= 0) {
		read_end(&j, r, ev);
		return finish(NULL, &j, ev < 0 ? ev : 0);
	}
	if (ev == BG_PIPE_MATCH) {
		r->match++;
		r->game = -1;
		bstr(&r->m, "\"match\":");
		match_json(r);
		bstr(&r->m, ",");
	} else if (ev == BG_PIPE_GAME) {
		r->game++;
		bstr(&r->m, "\"game\":");
		game_json(r);
		bstr(&r->m, ",");
	}
	r->pos.n = 0;
	diags(r);
	if (ev == BG_PIPE_MATCH_END)
		r->game = -1;
	if (r->m.n)
		bput(&j, r->m.p, r->m.n);
	j.err |= r->m.err | r->pos.err;
	free(r->m.p);
	memset(&r->m, 0, sizeof r->m);
	diag_list(&j, r);
	bstr(&j, "}");
	return finish(NULL, &j, 0);
}

/* ------------------------------------------------------------- convert */

/*
 * Start r: a pipeline on buf[0..len) named name, with format and rules.
 * Return 0, or a negative code with r->p NULL.
 */
static int
rd_open(struct rd *r, const char *buf, size_t len, const char *name,
    const char *format, const char *rules)
{
	int rc;

	memset(r, 0, sizeof *r);
	r->match = r->game = -1;
	if ((r->p = bg_pipeline_new_mem(buf, len, name)) == NULL)
		return -BG_ENOMEM;
	if ((rc = setup(r->p, format, rules)) < 0) {
		bg_pipeline_free(r->p);
		r->p = NULL;
	}
	return rc;
}

/* The result of a call rd_open() refused: NULL when out of memory. */
static struct bgjs_result *
rd_refused(int rc)
{
	struct buf j = { 0 };

	if (rc == -BG_ENOMEM)
		return NULL;
	bfmt(&j, "{\"rc\":%d}", rc, 0);
	return finish(NULL, &j, rc);
}

/*
 * End r, read to its end with rc: its last diagnostics (and rc's) and
 * the pipeline freed; j starts with {"diagnostics":[...] and the
 * caller adds its members and the closing brace.
 */
static void
rd_close(struct rd *r, struct buf *j, int rc)
{
	bstr(j, "{");
	end_diags(j, r, rc);
	free(r->d.p);
	bg_pipeline_free(r->p);
}

/* One pass of bgconv: read, replay and write to w (NULL: a check). */
static int
conv_pass(struct rd *r, const char *buf, size_t len, const char *name,
    const char *format, const char *rules, bg_writer *w)
{
	int ev, rc;

	if ((rc = rd_open(r, buf, len, name, format, rules)) < 0)
		return rc;
	bg_pipeline_set_writer(r->p, w);
	bg_pipeline_set_collapse(r->p, 1);
	while ((ev = bg_pipeline_next(r->p)) > 0) {
		r->match += ev == BG_PIPE_MATCH;
		r->game += ev == BG_PIPE_GAME;
		diags(r);
	}
	diags(r);
	if (ev < 0)
		syserr(r, bg_pipeline_name(r->p), -ev);
	return ev;
}

static bg_writer *
conv_writer(bg_format to, bg_write_fn fn, void *ctx, const char *rules,
    int flags, int game)
{
	bg_writer *w;
	bg_ruleset rs;
	size_t at;

	if ((w = bg_writer_new(to, fn, ctx)) == NULL)
		return NULL;
	bg_writer_set_style(w, flags & CV_XG ? BG_STYLE_XG : BG_STYLE_GNUBG);
	bg_ruleset_init(&rs);
	if (rules && *rules)
		bg_ruleset_parse(&rs, rules, strlen(rules), &at);
	bg_writer_set_rules(w, &rs);
	if (game > 0 && to == BG_FORMAT_GAM)
		bg_writer_set_game(w, game);
	return w;
}

/*
 * Convert buf[0..len) to format to, as bgconv -T to does: read and
 * checked first; written when it has no error, the diagnostics then
 * those of the writing pass.  With CV_FORCE it is written at once, as
 * bgconv -F writes it, in one pass.  JSON: {"written",
 * "errors", "diagnostics", "rc"}; the output is the converted record.
 */
struct bgjs_result *
bgjs_convert(const char *buf, size_t len, const char *name,
    const char *format, const char *rules, const char *to, int flags,
    int game)
{
	struct rd r;
	struct buf out = { 0 }, j = { 0 };
	bg_writer *w;
	bg_format f;
	int rc, errors, written = 0;

	if (bg_format_parse(&f, to) < 0 || !bg_writer_can(f)) {
		bfmt(&j, "{\"rc\":%d}", -BG_EINVAL, 0);
		return finish(NULL, &j, -BG_EINVAL);
	}
	/* Forced, the output does not depend on the first pass: none. */
	memset(&r, 0, sizeof r);
	rc = errors = 0;
	if (!(flags & CV_FORCE)) {
		rc = conv_pass(&r, buf, len, name, format, rules, NULL);
		errors = r.p ? bg_pipeline_count(r.p)->errors : 0;
	}
	if (rc >= 0 && (errors == 0 || (flags & CV_FORCE))) {
		if (r.p)
			bg_pipeline_free(r.p);
		free(r.d.p);
		if ((w = conv_writer(f, bput, &out, rules, flags, game)) ==
		    NULL) {
			free(j.p);
			return NULL;
		}
		rc = conv_pass(&r, buf, len, name, format, rules, w);
		bg_writer_free(w);
		written = rc >= 0;
		if (r.p && (flags & CV_FORCE))
			errors = bg_pipeline_count(r.p)->errors;
	}
	bfmt(&j, "{\"written\":%d,\"errors\":%d,\"diagnostics\":[", written,
	    errors);
	if (r.d.n)
		bput(&j, r.d.p, r.d.n);
	bfmt(&j, "],\"rc\":%d}", rc, 0);
	j.err |= r.d.err;
	free(r.d.p);
	free(r.m.p);
	if (r.p)
		bg_pipeline_free(r.p);
	return finish(&out, &j, rc < 0 ? rc : 0);
}

/* ------------------------------------------------------------ positions */

static void
pos_json(struct buf *j, const bg_board *b, const bg_matchstate *ms,
    bg_variant v)
{
	bstr(j, "{\"board\":");
	board_hex(j, b);
	bstr(j, ",\"ms\":");
	ms_json(j, ms);
	bfmt(j, ",\"variant\":%d}", (int)v, 0);
}

/* A position from an ID, a FIBS board line or a start word. */
struct bgjs_result *
bgjs_position(const char *text, const char *variant)
{
	struct buf j = { 0 };
	bg_board b;
	bg_matchstate ms;
	bg_variant v;
	bg_fibs fb;
	size_t n = strlen(text);
	int rc;

	if ((rc = variant_of(&v, variant)) < 0) {
		bfmt(&j, "{\"rc\":%d}", rc, 0);
		return finish(NULL, &j, rc);
	}
	while (n > 0 && (text[n - 1] == '\n' || text[n - 1] == '\r'))
		n--;
	if (n > 6 && memcmp(text, "board:", 6) == 0) {
		if ((rc = bg_fibs_parse(&fb, text, n)) == 0)
			rc = bg_fibs_to_position(&b, &ms, &fb, v);
	} else {
		rc = bg_position_parse(&b, &ms, &v, text, n);
	}
	if (rc < 0) {
		bfmt(&j, "{\"rc\":%d}", rc, 0);
		return finish(NULL, &j, rc);
	}
	pos_json(&j, &b, &ms, v);
	return finish(NULL, &j, 0);
}

/*
 * A position (board in hex, 16 numbers of state) shown as what says:
 * "xgid", "posid", "matchid", "ogid", "fibs", "text" or "svg".
 */
struct bgjs_result *
bgjs_show(const char *hex, const int *msv, const char *variant,
    const char *what, int bottom, int clockwise, const char *name0,
    const char *name1)
{
	struct buf out = { 0 }, j = { 0 };
	bg_board b;
	bg_matchstate ms;
	bg_drawopts d;
	bg_fibs fb;
	bg_variant v;
	char small[256], *big = NULL;
	int n, rc;

	if ((rc = variant_of(&v, variant)) < 0 ||
	    (rc = board_from_hex(&b, hex)) < 0)
		goto done;
	ms_from(&ms, msv);
	bg_drawopts_init(&d);
	d.bottom = bottom;
	d.clockwise = clockwise;
	d.variant = v;
	d.name[0] = name0 && *name0 ? name0 : NULL;
	d.name[1] = name1 && *name1 ? name1 : NULL;
	if (strcmp(what, "xgid") == 0)
		n = bg_xgid_encode(small, sizeof small, &b, &ms);
	else if (strcmp(what, "posid") == 0)
		n = bg_posid_encode(small, sizeof small, &b, ms.on_roll);
	else if (strcmp(what, "matchid") == 0)
		n = bg_matchid_encode(small, sizeof small, &ms);
	else if (strcmp(what, "ogid") == 0)
		n = bg_ogid_encode(small, sizeof small, &b, &ms);
	else if (strcmp(what, "fibs") == 0) {
		if ((n = bg_fibs_from_position(&fb, &b, &ms, v, d.name[0],
		    d.name[1])) >= 0)
			n = bg_fibs_format(small, sizeof small, &fb);
	} else if (strcmp(what, "text") == 0 || strcmp(what, "svg") == 0) {
		int (*draw)(char *, size_t, const bg_board *,
		    const bg_matchstate *, const bg_drawopts *) =
		    what[0] == 't' ? bg_draw_text : bg_draw_svg;

		if ((n = draw(NULL, 0, &b, &ms, &d)) >= 0) {
			if ((big = malloc((size_t)n + 1)) == NULL)
				n = -BG_ENOMEM;
			else
				n = draw(big, (size_t)n + 1, &b, &ms, &d);
		}
	} else
		n = -BG_EINVAL;
	if (n >= 0 && big == NULL && (size_t)n >= sizeof small)
		n = -BG_EINVAL;
	if ((rc = n < 0 ? n : 0) == 0)
		bput(&out, big ? big : small, (size_t)n);
	free(big);
done:
	bfmt(&j, "{\"rc\":%d}", rc, 0);
	return finish(&out, &j, rc);
}

/* Every legal play of the side on roll with dice d0 d1. */
struct bgjs_result *
bgjs_legal(const char *hex, const int *msv, const char *variant, int d0,
    int d1)
{
	struct buf j = { 0 };
	bg_movelist *ml;
	const bg_legal *l;
	bg_board b;
	bg_matchstate ms;
	bg_variant v;
	int d[2], rc;
	size_t i;

	if ((rc = variant_of(&v, variant)) < 0 ||
	    (rc = board_from_hex(&b, hex)) < 0) {
		bfmt(&j, "{\"rc\":%d}", rc, 0);
		return finish(NULL, &j, rc);
	}
	ms_from(&ms, msv);
	d[0] = d0;
	d[1] = d1;
	if ((ml = bg_movelist_new()) == NULL)
		return NULL;
	if ((rc = bg_rules_legal(ml, &b, ms.on_roll, d, v)) < 0) {
		bg_movelist_free(ml);
		bfmt(&j, "{\"rc\":%d}", rc, 0);
		return finish(NULL, &j, rc);
	}
	bstr(&j, "{\"plays\":[");
	for (i = 0; i < bg_movelist_count(ml); i++) {
		l = bg_movelist_get(ml, i);
		bstr(&j, i ? ",[" : "[");
		play_json(&j, &l->play);
		bstr(&j, ",");
		board_hex(&j, &l->after);
		bstr(&j, "]");
	}
	bstr(&j, "],\"rc\":0}");
	bg_movelist_free(ml);
	return finish(NULL, &j, 0);
}

/* The formats, the codes and the version, for the package to start. */
struct bgjs_result *
bgjs_formats(void)
{
	struct buf j = { 0 };
	bg_format_info fi;
	size_t i;
	int k;

	bstr(&j, "{\"version\":");
	bcstr(&j, bg_version());
	bstr(&j, ",\"formats\":[");
	for (i = 0; bg_format_list(&fi, i) == 0; i++) {
		bstr(&j, i ? ",{\"name\":" : "{\"name\":");
		bcstr(&j, fi.name);
		bstr(&j, ",\"extensions\":");
		bcstr(&j, fi.extensions);
		bstr(&j, ",\"description\":");
		bcstr(&j, fi.description);
		bfmt(&j, ",\"read\":%d,\"write\":%d}", fi.can_read,
		    fi.can_write);
	}
	bstr(&j, "],\"codes\":[null");
	for (k = 1; k < BG_CODE_COUNT; k++) {
		bstr(&j, ",[");
		bcstr(&j, bg_code_name(k));
		bstr(&j, ",");
		bcstr(&j, bg_strerror(k));
		bstr(&j, "]");
	}
	bstr(&j, "]}");
	return finish(NULL, &j, 0);
}

/*
 * The decisions of every game (bg_decisions_new(3)), as bggrep
 * --decisions -T json writes them, or only those of match number want
 * (from 0; all when negative): the output is their JSON Lines, the
 * JSON the diagnostics of the read.
 */
struct bgjs_result *
bgjs_decisions(const char *buf, size_t len, const char *name,
    const char *format, const char *rules, int want)
{
	struct rd r;
	struct buf out = { 0 }, j = { 0 };
	bg_decisions *d;
	int ev, rc = 0;

	if ((d = bg_decisions_new(BG_OUT_JSON)) == NULL)
		return NULL;
	if ((rc = rd_open(&r, buf, len, name, format, rules)) < 0) {
		bg_decisions_free(d);
		return rd_refused(rc);
	}
	bg_pipeline_set_callback(r.p, bg_decisions_pos, d);
	while ((ev = bg_pipeline_next(r.p)) > 0) {
		r.match += ev == BG_PIPE_MATCH;
		r.game += ev == BG_PIPE_GAME;
		if (ev == BG_PIPE_MATCH && (rc = bg_decisions_match(d, r.p)) < 0)
			break;
		if (ev == BG_PIPE_GAME && (rc = bg_decisions_flush(d, bput,
		    &out, want < 0 || want == r.match)) < 0)
			break;
		diags(&r);
	}
	if (rc >= 0)
		rc = ev;
	rd_close(&r, &j, rc);
	bfmt(&j, ",\"matches\":%d,\"rc\":%d}", r.match + 1, rc);
	bg_decisions_free(d);
	return finish(&out, &j, rc < 0 ? rc : 0);
}

/*
 * gnubg's statistics of the analysis (bg_stats_init(3)) with its
 * default match equity table, as bgscore --statistics -T json writes
 * them: for each match one object per game, then the match's; only
 * those of match number want (from 0) unless it is negative.  The
 * output is their JSON Lines; the JSON the diagnostics of the read and
 * in "beyond" the [match, game] (from 0 and 1) whose score is beyond
 * the table, which bgscore leaves out with a warning (and then the
 * match's object).
 */
struct bgjs_result *
bgjs_statistics(const char *buf, size_t len, const char *name,
    const char *format, const char *rules, int want)
{
	struct rd r;
	struct buf out = { 0 }, j = { 0 }, bad = { 0 };
	bg_stats match, game;
	bg_met *met;
	const char *names[2];
	int ev, rc = 0, games = 0, keep;

	if ((met = bg_met_new()) == NULL)
		return NULL;
	if ((rc = rd_open(&r, buf, len, name, format, rules)) < 0) {
		bg_met_free(met);
		return rd_refused(rc);
	}
	bg_stats_init(&match, 0);
	while ((ev = bg_pipeline_next(r.p)) > 0) {
		r.match += ev == BG_PIPE_MATCH;
		r.game += ev == BG_PIPE_GAME;
		keep = want < 0 || want == r.match;
		names[0] = bg_pipeline_player(r.p, 0);
		names[1] = bg_pipeline_player(r.p, 1);
		if (ev == BG_PIPE_MATCH) {
			games = 0;
			bg_stats_init(&match, bg_match_length(
			    bg_pipeline_match(r.p)));
		} else if (ev == BG_PIPE_GAME) {
			games++;
			bg_stats_init(&game, match.length);
			if (bg_stats_game(&game, bg_pipeline_game(r.p),
			    bg_pipeline_result(r.p), met) < 0) {
				bfmt(&bad, bad.n ? ",[%d,%d]" : "[%d,%d]",
				    r.match, games);
			} else {
				if (keep && (rc = bg_stats_write(bput, &out,
				    BG_OUT_JSON, &game, games, names)) < 0)
					break;
				bg_stats_add(&match, &game);
			}
		} else if (ev == BG_PIPE_MATCH_END && games > 0 &&
		    match.games == games && keep &&
		    (rc = bg_stats_write(bput, &out, BG_OUT_JSON, &match, 0,
		    names)) < 0)
			break;
		diags(&r);
		if (ev == BG_PIPE_MATCH_END)
			r.game = -1;
	}
	if (rc >= 0)
		rc = ev;
	rd_close(&r, &j, rc);
	bstr(&j, ",\"beyond\":[");
	if (bad.n)
		bput(&j, bad.p, bad.n);
	bfmt(&j, "],\"table\":%d,", bg_met_length(met), 0);
	bfmt(&j, "\"matches\":%d,\"rc\":%d}", r.match + 1, rc);
	j.err |= bad.err;
	free(bad.p);
	bg_met_free(met);
	return finish(&out, &j, rc < 0 ? rc : 0);
}
