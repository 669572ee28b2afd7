/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * moveline.c: one move as a person types it, normalised without a
 * position or checked against a position and roll, with the error in
 * words: the domain half of bgmove(1), which only reads lines and
 * prints what this returns.  Part of libbgkit; callers use bgkit.h.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

/*
 * Append the error text to the caller's buffer, counting all of it even
 * when the buffer is too small.
 */
struct msg {
	char	*buf;
	size_t	 size, len;
};

static void
add_message(struct msg *m, const char *s, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++, m->len++)
		if (m->len + 1 < m->size)
			m->buf[m->len] = s[k];
	if (m->size > 0)
		m->buf[m->len < m->size ? m->len : m->size - 1] = '\0';
}

static void
addf(struct msg *m, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
addf(struct msg *m, const char *fmt, ...)
{
	char buf[256];
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, sizeof buf, fmt, ap);
	va_end(ap);
	if (n > 0)
		add_message(m, buf, (size_t)n < sizeof buf ? (size_t)n :
		    sizeof buf - 1);
}

/* Write a play in style st, cut to size - 1 bytes as bgmove always did. */
static void
format_play(char *buf, size_t size, const bg_play *p, bg_style st)
{
	if ((size_t)bg_play_format(buf, size, p, st) >= size)
		buf[size - 1] = '\0';
}

static int
same_dice(const int a[2], const int b[2])
{
	return (a[0] == b[0] && a[1] == b[1]) ||
	    (a[0] == b[1] && a[1] == b[0]);
}

void
bg_moveline_filter(bg_moveline *ml, const bg_diagfilter *f)
{
	int i, n = 0;

	for (i = 0; i < ml->nwarn && i < 4; i++)
		if (bg_diagfilter_shows(f, ml->warn[i]))
			ml->warn[n++] = ml->warn[i];
	ml->nwarn = n;
}

int
bg_moveline_play(bg_moveline *ml, const bg_moveline_setup *su,
    const bg_play *p, const bg_board *after)
{
	bg_matchstate ms = su->ms;
	int mover = su->ms.on_roll;

	if (ml == NULL || su == NULL || p == NULL || after == NULL)
		return -BG_EINVAL;
	format_play(ml->move, 128, p, su->style);
	ms.on_roll = ms.turn = !mover;
	ms.dice[0] = ms.dice[1] = 0;
	ms.doubled = 0;
	bg_posid_encode(ml->position_id, sizeof ml->position_id, after,
	    !mover);
	bg_xgid_encode(ml->xgid, sizeof ml->xgid, after, &ms);
	ml->position = 1;
	return 0;
}

/* Without a position, rewrite the move in the style asked for. */
static void
normalise(bg_moveline *ml, const bg_moveline_setup *su,
    const bg_notation *n)
{
	bg_play p;

	if (n->kind == BG_NOTE_PLAY && bg_play_from_notation(&p, n) == 0)
		format_play(ml->move, sizeof ml->move, &p, su->style);
	else if ((size_t)bg_notation_format(ml->move, sizeof ml->move, n,
	    su->style) >= sizeof ml->move)
		ml->move[sizeof ml->move - 1] = '\0';
	ml->dice[0] = n->dice[0];
	ml->dice[1] = n->dice[1];
}

/*
 * Tell which rule play n (the text s[0..len)) breaks and where, with a
 * legal play or the candidates; or why it does not fit the dice.
 */
static void
broken(struct msg *m, const bg_resolved *r, const bg_notation *n,
    const int d[2], const char *s, size_t len, bg_style st)
{
	char ex[128];
	int i;

	addf(m, "%d%d: ", d[0], d[1]);
	add_message(m, s, len);
	addf(m, ": %s", bg_strerror(r->code));
	if (r->code == BG_EDICE &&
	    bg_notation_explain(ex, sizeof ex, n, d) > 0)
		addf(m, ": %s", ex);
	if (r->point >= 0 && (r->code == BG_EBLOCKED ||
	    r->code == BG_ENOCHECKER || r->code == BG_EBEAROFF ||
	    r->code == BG_EHITRUN)) {
		if (r->point == 25)
			addf(m, " (bar)");
		else if (r->point == 0)
			addf(m, " (off)");
		else
			addf(m, " (point %d)", r->point);
	}
	if (r->code == BG_EAMBIGUOUS) {
		addf(m, ": could be");
		for (i = 0; i < r->ncand; i++) {
			format_play(ex, sizeof ex, &r->cand[i], BG_STYLE_GNUBG);
			addf(m, "%s %s", i ? " or" : "", ex);
		}
	} else if (r->has_example) {
		format_play(ex, sizeof ex, &r->example, st);
		addf(m, "; a legal play: %s", ex);
	}
}

/*
 * Parse the move s[0..len) as the setup says: in the common notation,
 * or in FIBS's absolute numbering after an optional dice prefix.
 */
static int
parse(bg_notation *n, const bg_moveline_setup *su, const char *s, size_t len,
    size_t *pos)
{
	const char *c = len > 0 ? memchr(s, ':', len) : NULL;
	size_t k = c != NULL ? (size_t)(c - s) + 1 : 0;
	int d[2] = { 0, 0 }, rc;
	bg_direction dir = su->absolute;

	if (su->absolute == BG_DIR_NONE)
		return bg_notation_parse(n, s, len, pos);
	if (k > 0 && bg_dice_parse(d, s, k - 1) < 0) {
		*pos = 0;
		return -BG_EDICESYNTAX;
	}
	if ((rc = bg_notation_parse_fibs(n, s + k, len - k, &dir, pos)) < 0)
		*pos += k;
	n->dice[0] = d[0];
	n->dice[1] = d[1];
	return rc;
}

int
bg_moveline_check(bg_moveline *ml, const bg_moveline_setup *su,
    const char *s, size_t len, char *msg, size_t size, size_t *msglen)
{
	struct msg m = { msg, size, 0 };
	bg_notation n;
	bg_resolved r;
	const int *d;
	size_t pos = 0;
	int rc, i;

	if (ml == NULL || su == NULL || (s == NULL && len > 0))
		return -BG_EINVAL;
	memset(ml, 0, sizeof *ml);
	if (size > 0)
		msg[0] = '\0';
	if (msglen)
		*msglen = 0;
	ml->column = 1;
	d = su->dice;
	if ((rc = parse(&n, su, s, len, &pos)) < 0) {
		ml->code = -rc;
		ml->column = (int)pos + 1;
		addf(&m, "%s", bg_strerror(rc));
	} else if (!su->havepos) {
		normalise(ml, su, &n);
	} else if (n.dice[0] && su->dice[0] && !same_dice(n.dice, su->dice)) {
		ml->code = BG_EDICE;
		addf(&m, "%s: the move's roll %d%d is not the roll %d%d",
		    bg_strerror(BG_EDICE), n.dice[0], n.dice[1], su->dice[0],
		    su->dice[1]);
	} else if (!n.dice[0] && !su->dice[0]) {
		return -BG_EINVAL;
	} else if (n.kind == BG_NOTE_UNKNOWN) {
		ml->code = BG_ENOPLAY;
		addf(&m, "the play is not recorded (\"???\"): nothing to "
		    "check");
	} else {
		if (n.dice[0])
			d = n.dice;
		ml->dice[0] = d[0];
		ml->dice[1] = d[1];
		if (bg_notation_resolve(&r, &n, &su->board, su->ms.on_roll, d,
		    su->variant) < 0) {
			ml->code = r.code;
			broken(&m, &r, &n, d, s, len, su->style);
		} else {
			ml->nwarn = r.nwarn;
			for (i = 0; i < r.nwarn && i < 4; i++)
				ml->warn[i] = -r.warn[i] > 0 ? -r.warn[i] :
				    r.warn[i];
			bg_moveline_play(ml, su, &r.play, &r.after);
		}
	}
	if (msglen)
		*msglen = m.len;
	return 0;
}

int
bg_moveline_setup_init(bg_moveline_setup *su, const char *pos,
    const char *variant, const char *dice, bg_style st, char *msg,
    size_t size)
{
	struct msg m = { msg, size, 0 };
	int r;

	if (su == NULL)
		return -BG_EINVAL;
	memset(su, 0, sizeof *su);
	su->style = st;
	su->variant = BG_VARIANT_STANDARD;
	if (size > 0)
		msg[0] = '\0';
	if (variant && bg_variant_parse(&su->variant, variant) < 0) {
		addf(&m, "unknown variant: ");
		add_message(&m, variant, strlen(variant));
		addf(&m, " (standard, nackgammon, hyper1, hyper2, hyper3, "
		    "tavla)");
		return -BG_EVARIANT;
	}
	if (pos) {
		if (strncmp(pos, "board:", 6) == 0) {
			/* A FIBS board line, as bgshow -p reads it. */
			bg_fibs f;

			if ((r = bg_fibs_parse(&f, pos, strlen(pos))) == 0)
				r = bg_fibs_to_position(&su->board, &su->ms,
				    &f, su->variant);
		} else
			r = bg_position_parse(&su->board, &su->ms,
			    &su->variant, pos, strlen(pos));
		if (r < 0) {
			addf(&m, "-p ");
			add_message(&m, pos, strlen(pos));
			addf(&m, ": %s", bg_strerror(r));
			return r == -BG_EVARIANT ? -BG_EPOSITION : r;
		}
		/* The variant named wins over a start word's. */
		if (variant)
			bg_variant_parse(&su->variant, variant);
		if ((r = bg_board_check(&su->board, su->variant)) < 0) {
			addf(&m, "-p: %s for %s", bg_strerror(r),
			    bg_variant_get(su->variant)->name);
			return r;
		}
		su->havepos = 1;
		su->dice[0] = su->ms.dice[0];
		su->dice[1] = su->ms.dice[1];
	}
	if (dice && bg_dice_parse(su->dice, dice, strlen(dice)) < 0) {
		addf(&m, "-d: %s: ", bg_strerror(BG_EDICESYNTAX));
		add_message(&m, dice, strlen(dice));
		return -BG_EDICESYNTAX;
	}
	return 0;
}

int
bg_moveline_list(const bg_moveline_setup *su,
    void (*fn)(void *ctx, const bg_moveline *ml), void *ctx)
{
	bg_movelist *ml;
	const bg_legal *l;
	bg_moveline m;
	size_t i;
	int n;

	if (su == NULL || fn == NULL)
		return -BG_EINVAL;
	if ((ml = bg_movelist_new()) == NULL)
		return -BG_ENOMEM;
	n = bg_rules_legal(ml, &su->board, su->ms.on_roll, su->dice,
	    su->variant);
	for (i = 0; n >= 0 && i < bg_movelist_count(ml); i++) {
		l = bg_movelist_get(ml, i);
		memset(&m, 0, sizeof m);
		bg_moveline_play(&m, su, &l->play, &l->after);
		fn(ctx, &m);
	}
	bg_movelist_free(ml);
	return n < 0 ? n : 0;
}

/*
 * Write s as a JSON string.  The texts here are ASCII, so only the
 * control characters need escaping.
 */
static void
jstr(struct msg *m, const char *s)
{
	add_message(m, "\"", 1);
	for (; *s; s++) {
		if (*s == '"' || *s == '\\') {
			add_message(m, "\\", 1);
			add_message(m, s, 1);
		} else if ((unsigned char)*s < 0x20)
			addf(m, "\\u%04x", (unsigned char)*s);
		else
			add_message(m, s, 1);
	}
	add_message(m, "\"", 1);
}

int
bg_moveline_format(char *buf, size_t size, const bg_moveline *ml,
    int normalised, int json)
{
	struct msg m = { buf, size, 0 };
	int hi;

	if (size > 0)
		buf[0] = '\0';
	if (ml == NULL)
		return -BG_EINVAL;
	if (json) {
		add_message(&m, "{\"move\":", 8);
		jstr(&m, ml->move);
		if (ml->position) {
			add_message(&m, ",\"position_id\":", 15);
			jstr(&m, ml->position_id);
			add_message(&m, ",\"xgid\":", 8);
			jstr(&m, ml->xgid);
		}
		add_message(&m, "}", 1);
	} else if (normalised && ml->dice[0]) {
		hi = ml->dice[0] > ml->dice[1] ? ml->dice[0] : ml->dice[1];
		addf(&m, "%d%d:%s", hi, ml->dice[0] + ml->dice[1] - hi,
		    *ml->move ? " " : "");
		add_message(&m, ml->move, strlen(ml->move));
	} else
		add_message(&m, ml->move, strlen(ml->move));
	return (int)m.len;
}
