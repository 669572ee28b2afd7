/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * out.c: the library's outputs for people and programs: diagnostics,
 * game and match results and positions as text, JSON or CSV, written
 * through the caller's bg_write_fn (bg_diag_write(3)), and the buffered
 * output with escapes they share with the writers (out_int.h).  The
 * library never prints on its own: it writes where the caller says.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "chars_int.h"
#include "out_int.h"

void
out_init(struct out *o, bg_write_fn fn, void *ctx)
{
	o->fn = fn;
	o->ctx = ctx;
	o->err = 0;
	o->n = 0;
}

int
out_flush(struct out *o)
{
	size_t at = 0;
	long n;

	while (!o->err && at < o->n) {
		n = o->fn(o->ctx, o->buf + at, o->n - at);
		if (n <= 0 || (size_t)n > o->n - at)
			o->err = -BG_EIO;
		else
			at += (size_t)n;
	}
	o->n = 0;
	return o->err;
}

void
out_put(struct out *o, const char *s, size_t n)
{
	size_t k;

	while (n > 0 && !o->err) {
		if (o->n == sizeof o->buf)
			out_flush(o);
		k = sizeof o->buf - o->n;
		if (k > n)
			k = n;
		memcpy(o->buf + o->n, s, k);
		o->n += k;
		s += k;
		n -= k;
	}
}

void
out_puts(struct out *o, const char *s)
{
	out_put(o, s, strlen(s));
}

void
out_int(struct out *o, int v)
{
	char b[16], *p = b + sizeof b;
	unsigned u = v < 0 ? 0u - (unsigned)v : (unsigned)v;

	do
		*--p = (char)('0' + u % 10);
	while ((u /= 10) != 0);
	if (v < 0)
		*--p = '-';
	out_put(o, p, (size_t)(b + sizeof b - p));
}

void
out_printf(struct out *o, const char *fmt, ...)
{
	char b[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(b, sizeof b, fmt, ap);
	va_end(ap);
	if (n < 0 || (size_t)n >= sizeof b)
		o->err = o->err ? o->err : -BG_EINVAL;
	else
		out_put(o, b, (size_t)n);
}

static const char hex[] = "0123456789abcdef";

/*
 * Write s[0..n) for a terminal, with control characters and invalid
 * UTF-8 written as \xNN.
 */
static void
out_textn(struct out *o, const char *s, size_t len)
{
	const unsigned char *p = (const unsigned char *)s, *run;
	const unsigned char *e = p + len;
	char x[4] = { '\\', 'x', 0, 0 };
	int n;

	while (p < e) {
		for (run = p; p < e && *p >= 0x20 && *p < 0x7f; p++)
			;
		out_put(o, (const char *)run, (size_t)(p - run));
		if (p == e)
			break;
		if (*p >= 0x80 && !(e - p >= 2 && isc1(p)) &&
		    (n = utf8seqn(p, (size_t)(e - p))) > 0 && n <= e - p) {
			out_put(o, (const char *)p, (size_t)n);
			p += n;
		} else {
			x[2] = hex[*p >> 4];
			x[3] = hex[*p++ & 15];
			out_put(o, x, 4);
		}
	}
}

void
out_text(struct out *o, const char *s)
{
	out_textn(o, s, strlen(s));
}

void
out_name(struct out *o, const char *s)
{
	if (s == NULL || *s == '\0')
		out_put(o, "\"\"", 2);
	else
		out_text(o, s);
}

void
out_json(struct out *o, const char *s)
{
	const unsigned char *p = (const unsigned char *)s, *run;
	char e[6] = { '\\', 'u', '0', '0', 0, 0 };
	int n;

	if (s == NULL) {
		out_put(o, "null", 4);
		return;
	}
	out_put(o, "\"", 1);
	while (*p) {
		for (run = p; *p >= 0x20 && *p < 0x7f && *p != '"' &&
		    *p != '\\'; p++)
			;
		out_put(o, (const char *)run, (size_t)(p - run));
		if (*p == '\0')
			break;
		if (*p == '"' || *p == '\\') {
			out_put(o, "\\", 1);
			out_put(o, (const char *)p++, 1);
		} else if (isc1(p)) {
			e[4] = hex[p[1] >> 4];	/* a terminal escape */
			e[5] = hex[p[1] & 15];
			out_put(o, e, 6);
			p += 2;
		} else if (*p >= 0x80 && (n = utf8seq(p)) > 0) {
			out_put(o, (const char *)p, (size_t)n);
			p += n;
		} else if (*p >= 0x80) {
			out_puts(o, "\\ufffd");	/* invalid UTF-8 */
			p++;
		} else {
			e[4] = hex[*p >> 4];
			e[5] = hex[*p++ & 15];
			out_put(o, e, 6);
		}
	}
	out_put(o, "\"", 1);
}

void
out_csv(struct out *o, const char *s)
{
	size_t n;

	if (strpbrk(s, ",\"\r\n") == NULL) {
		out_text(o, s);
		return;
	}
	out_put(o, "\"", 1);
	while (*s) {
		n = strcspn(s, "\"\r\n");
		out_textn(o, s, n);
		s += n;
		if (*s == '"')
			out_put(o, "\"\"", 2);
		else if (*s)
			out_put(o, " ", 1);
		if (*s)
			s++;
	}
	out_put(o, "\"", 1);
}

void
out_key_int(struct out *o, const char *key, int v, int ok)
{
	out_put(o, ",\"", 2);
	out_puts(o, key);
	out_put(o, "\":", 2);
	if (ok)
		out_int(o, v);
	else
		out_put(o, "null", 4);
}

long
bg_write_stdio(void *ctx, const char *buf, size_t n)
{
	FILE *fp = ctx;

	if (fwrite(buf, 1, n, fp) != n)
		return -1;
	return (long)n;
}

static const char *
sevname(bg_severity s)
{
	return s == BG_SEV_WARNING ? "warning" : "error";
}

static void
diag_text(struct out *o, const char *file, const char *who,
    const bg_diag *d, size_t more)
{
	out_text(o, file);
	if (d->line > 0) {
		out_put(o, ":", 1);
		out_int(o, d->line);
	}
	if (d->col > 0) {
		out_put(o, ":", 1);
		out_int(o, d->col);
	}
	out_put(o, ": ", 2);
	out_puts(o, sevname(d->severity));
	out_put(o, ": ", 2);
	if (d->game > 0) {
		out_puts(o, "game ");
		out_int(o, d->game);
		if (d->move > 0) {
			out_puts(o, ", move ");
			out_int(o, d->move);
		}
		if (who || d->dice[0]) {
			out_put(o, " (", 2);
			if (who)
				out_name(o, who);
			if (d->dice[0])
				out_printf(o, "%s%d%d", who ? " " : "",
				    d->dice[0], d->dice[1]);
			out_put(o, ")", 1);
		}
		out_put(o, ": ", 2);
	}
	out_puts(o, bg_strerror(d->code));
	if (d->detail[0]) {
		out_put(o, ": ", 2);
		out_text(o, d->detail);
	}
	if (more > 0)
		out_printf(o, " (and %lu more like it in this file)",
		    (unsigned long)more);
	out_put(o, "\n", 1);
}

static void
diag_json(struct out *o, const char *file, const char *who,
    const bg_diag *d, int turn, size_t more)
{
	out_puts(o, "{\"file\":");
	out_json(o, file);
	out_key_int(o, "line", d->line, 1);
	out_key_int(o, "column", d->col, 1);
	out_key_int(o, "game", d->game, 1);
	out_key_int(o, "move", d->move, 1);
	out_key_int(o, "turn", turn, turn >= 0);
	out_key_int(o, "side", d->side, 1);
	out_puts(o, ",\"player\":");
	out_json(o, who);
	/*
	 * As in every JSON the library writes, the dice are an array with
	 * the larger die first.
	 */
	if (d->dice[0])
		out_printf(o, ",\"dice\":[%d,%d]", d->dice[0] > d->dice[1] ?
		    d->dice[0] : d->dice[1], d->dice[0] > d->dice[1] ?
		    d->dice[1] : d->dice[0]);
	else
		out_puts(o, ",\"dice\":null");
	out_puts(o, ",\"severity\":\"");
	out_puts(o, sevname(d->severity));
	out_puts(o, "\",\"code\":\"");
	out_puts(o, bg_code_name(d->code));
	out_puts(o, "\",\"message\":");
	out_json(o, bg_strerror(d->code));
	out_puts(o, ",\"detail\":");
	out_json(o, d->detail);
	if (more > 0)
		out_printf(o, ",\"more\":%lu", (unsigned long)more);
	out_puts(o, "}\n");
}

int
bg_diag_write(bg_write_fn fn, void *ctx, bg_outfmt f, const char *file,
    const char *who, const bg_diag *d)
{
	return bg_diag_write_turn(fn, ctx, f, file, who, d, -1);
}

int
bg_diag_write_turn(bg_write_fn fn, void *ctx, bg_outfmt f, const char *file,
    const char *who, const bg_diag *d, int turn)
{
	return bg_diag_write_more(fn, ctx, f, file, who, d, turn, 0);
}

int
bg_diag_write_more(bg_write_fn fn, void *ctx, bg_outfmt f, const char *file,
    const char *who, const bg_diag *d, int turn, size_t more)
{
	struct out o;

	if (d == NULL || (f != BG_OUT_TEXT && f != BG_OUT_JSON))
		return -BG_EINVAL;
	out_init(&o, fn, ctx);
	if (file == NULL)
		file = "<stdin>";
	if (f == BG_OUT_JSON)
		diag_json(&o, file, who, d, turn, more);
	else
		diag_text(&o, file, who, d, more);
	return out_flush(&o);
}

const char *
bg_action_name(const bg_replay_pos *pos)
{
	if (pos == NULL || pos->rec == NULL)
		return "start";
	switch (pos->rec->kind) {
	case BG_REC_MOVE:
		return "move";
	case BG_REC_DOUBLE:
		return "double";
	case BG_REC_TAKE:
		return "take";
	case BG_REC_DROP:
		return "drop";
	case BG_REC_BEAVER:
		return "beaver";
	case BG_REC_RACCOON:
		return "raccoon";
	case BG_REC_SETPOS:
		return "setpos";	/* as the JSON writer names it */
	default:
		return "resign";	/* a "Wins" before the game ended */
	}
}

static const char *const types[] = { "single", "gammon", "backgammon" };
static const char *const ends[] = { "none", "bearoff", "drop", "resign" };

/* A drop scores the cube as a single game. */
static int
win_value(const bg_result *r)
{
	return r->ended_by == BG_END_DROP ? 1 : r->level;
}

/*
 * A number of an analysis, up to four decimals and no trailing zeros,
 * with a point whatever the locale.
 */
static void
out_decimal(struct out *o, double v)
{
	char buf[40];
	long long x;
	int n;

	if (!(v > -1e12 && v < 1e12)) {
		out_puts(o, "null");
		return;
	}
	x = (long long)(v * 10000 + (v < 0 ? -0.5 : 0.5));
	n = snprintf(buf, sizeof buf, "%s%lld.%04lld", x < 0 ? "-" : "",
	    (x < 0 ? -x : x) / 10000, (x < 0 ? -x : x) % 10000);
	while (buf[n - 1] == '0')
		n--;
	if (buf[n - 1] == '.')
		n--;
	if (n == 2 && memcmp(buf, "-0", 2) == 0) {
		n = 1;
		buf[0] = '0';
	}
	out_put(o, buf, (size_t)n);
}

/* Write ",\"key\":" and then a number for each side, or null when !ok. */
static void
out_sides(struct out *o, const char *key, const double v[2], int ok)
{
	out_printf(o, ",\"%s\":", key);
	if (!ok) {
		out_puts(o, "null");
		return;
	}
	out_puts(o, "[");
	out_decimal(o, v[0]);
	out_puts(o, ",");
	out_decimal(o, v[1]);
	out_puts(o, "]");
}

void
out_analysis_json(struct out *o, const bg_analysis *a)
{
	static const char *const proper[] = {
		[BG_CUBE_NO_DOUBLE] = "no_double",
		[BG_CUBE_DOUBLE_TAKE] = "double_take",
		[BG_CUBE_DOUBLE_PASS] = "double_pass",
		[BG_CUBE_TOO_GOOD] = "too_good"
	};
	int cube = a->kind == BG_ANALYSIS_CUBE;

	out_printf(o, "\"kind\":\"%s\",\"line\":%d,\"side\":%d",
	    cube ? "cube" : "play", a->line, a->side);
	out_key_int(o, "rank", a->rank, !cube);
	out_puts(o, cube ? ",\"proper_text\":" : ",\"play\":");
	out_json(o, a->play);
	out_puts(o, ",\"eval\":");
	out_json(o, a->eval);
	out_puts(o, ",\"equity\":");
	out_decimal(o, a->equity);
	if (!cube) {
		out_puts(o, ",\"diff\":");
		out_decimal(o, a->diff);
	} else {
		out_puts(o, ",\"no_double\":");
		out_decimal(o, a->nodouble);
		out_puts(o, ",\"double_take\":");
		out_decimal(o, a->take);
		out_puts(o, ",\"double_pass\":");
		out_decimal(o, a->pass);
		out_printf(o, ",\"proper\":\"%s\"", proper[a->proper]);
	}
	out_sides(o, "win", a->win, a->probs);
	out_sides(o, "gammon", a->gammon, a->probs);
	out_sides(o, "backgammon", a->backgammon, a->probs);
}

void
out_result_json(struct out *o, const bg_result *r)
{
	int v = win_value(r), done = r->winner >= 0 && v >= 1 && v <= 3;

	if (!done)
		out_printf(o, "null,\"win_type\":null,\"win_value\":null,"
		    "\"final_cube_value\":%d,\"total_points\":0,"
		    "\"ended_by\":\"none\",", r->cube);
	else
		out_printf(o, "%d,\"win_type\":\"%s\",\"win_value\":%d,"
		    "\"final_cube_value\":%d,\"total_points\":%d,"
		    "\"ended_by\":\"%s\",", r->winner, types[v - 1], v,
		    r->cube, r->points, ends[r->ended_by]);
	out_printf(o, "\"score\":[%d,%d]", r->score[0], r->score[1]);
}

static void
result_text(struct out *o, int n, const bg_result *r,
    const char *const names[2])
{
	int v = win_value(r), done = r->winner >= 0 && v >= 1 && v <= 3;

	out_printf(o, "game %d: ", n);
	if (!done)
		out_puts(o, "no result");
	else {
		out_name(o, names[r->winner]);
		out_printf(o, " wins %d point%s, %s", r->points,
		    r->points == 1 ? "" : "s", r->ended_by == BG_END_DROP ?
		    "double dropped" : types[v - 1]);
		if (r->ended_by == BG_END_RESIGN)
			out_puts(o, " by resignation");
		out_printf(o, ", cube %d", r->cube);
	}
	out_printf(o, "; score %d-%d%s\n", r->score[0], r->score[1],
	    r->crawford ? " (Crawford game)" : "");
}

static void
result_csv(struct out *o, const char *file, int n, const bg_result *r,
    const char *const names[2])
{
	int v = r ? win_value(r) : 0;
	int done = r && r->winner >= 0 && v >= 1 && v <= 3;

	if (r == NULL) {
		out_puts(o, "file,game,player0,player1,winner,winner_name,"
		    "win_type,win_value,final_cube_value,total_points,"
		    "ended_by,score0,score1\n");
		return;
	}
	out_csv(o, file);
	out_printf(o, ",%d,", n);
	out_csv(o, names[0]);
	out_put(o, ",", 1);
	out_csv(o, names[1]);
	if (!done)
		out_printf(o, ",,,,,%d,0,none,%d,%d\n", r->cube,
		    r->score[0], r->score[1]);
	else {
		out_printf(o, ",%d,", r->winner);
		out_csv(o, names[r->winner]);
		out_printf(o, ",%s,%d,%d,%d,%s,%d,%d\n", types[v - 1], v,
		    r->cube, r->points, ends[r->ended_by], r->score[0],
		    r->score[1]);
	}
}

/* Write "file":..,"players":[..], which every row of bgscore -T json has. */
static void
rowhead(struct out *o, const char *file, const char *const names[2])
{
	out_puts(o, "{\"file\":");
	out_json(o, file);
	out_puts(o, ",\"players\":[");
	out_json(o, names[0]);
	out_put(o, ",", 1);
	out_json(o, names[1]);
	out_put(o, "]", 1);
}

int
bg_result_write(bg_write_fn fn, void *ctx, bg_outfmt f, const char *file,
    int n, const bg_result *r, const char *const names[2])
{
	struct out o;

	out_init(&o, fn, ctx);
	if (file == NULL)
		file = "<stdin>";
	if (f == BG_OUT_CSV)
		result_csv(&o, file, n, r, names);
	else if (r == NULL)
		return -BG_EINVAL;
	else if (f == BG_OUT_JSON) {
		rowhead(&o, file, names);
		out_printf(&o, ",\"game\":%d", n);
		out_puts(&o, ",\"player\":");
		out_json(&o, r->winner == 0 || r->winner == 1 ?
		    names[r->winner] : NULL);
		out_puts(&o, ",\"winner\":");
		out_result_json(&o, r);
		out_puts(&o, "}\n");
	} else
		result_text(&o, n, r, names);
	return out_flush(&o);
}

int
bg_match_result_write(bg_write_fn fn, void *ctx, bg_outfmt f,
    const char *file, int length, int games, const int score[2],
    const char *const names[2])
{
	struct out o;
	int w = -1, s;

	out_init(&o, fn, ctx);
	if (file == NULL)
		file = "<stdin>";
	if (length > 0 && (score[0] >= length || score[1] >= length))
		w = score[0] >= length ? 0 : 1;
	if (f == BG_OUT_JSON) {
		rowhead(&o, file, names);
		out_printf(&o, ",\"match\":true,\"length\":%d,\"games\":%d,"
		    "\"score\":[%d,%d]", length, games, score[0], score[1]);
		out_puts(&o, ",\"player\":");
		out_json(&o, w >= 0 ? names[w] : NULL);
		out_key_int(&o, "winner", w, w >= 0);
		out_puts(&o, "}\n");
	} else if (f == BG_OUT_CSV) {
		/*
		 * The match's row has the game "match", the match's winner
		 * and the score.
		 */
		out_csv(&o, file);
		out_puts(&o, ",match,");
		out_csv(&o, names[0]);
		out_put(&o, ",", 1);
		out_csv(&o, names[1]);
		out_put(&o, ",", 1);
		if (w >= 0) {
			out_int(&o, w);
			out_put(&o, ",", 1);
			out_csv(&o, names[w]);
		} else
			out_put(&o, ",", 1);
		out_printf(&o, ",,,,,,%d,%d\n", score[0], score[1]);
	} else if (f == BG_OUT_TEXT) {
		out_puts(&o, length > 0 ? "match: " : "session: ");
		for (s = 0; s < 2; s++) {
			out_puts(&o, s ? ", " : "");
			out_name(&o, names[s]);
			out_printf(&o, " %d", score[s]);
		}
		if (length > 0) {
			out_printf(&o, " in a %d-point match; ", length);
			if (w < 0)
				out_puts(&o, "unfinished");
			else {
				out_name(&o, names[w]);
				out_puts(&o, " wins");
			}
		}
		out_put(&o, "\n", 1);
	}
	return out_flush(&o);
}

int
bg_string_write(bg_write_fn fn, void *ctx, bg_outfmt f, const char *s)
{
	struct out o;

	out_init(&o, fn, ctx);
	if (f == BG_OUT_JSON)
		out_json(&o, s);
	else if (s == NULL)
		return -BG_EINVAL;
	else if (f == BG_OUT_CSV)
		out_csv(&o, s);
	else
		out_text(&o, s);
	return out_flush(&o);
}
