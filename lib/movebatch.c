/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * movebatch.c: bgmove(1)'s work on each position of a list (bgmove -P):
 * the position a pipeline reads from a list of positions
 * (bgkit-positions(5)), set up as -p would set it, the move given
 * checked against it or its legal plays listed, one line of output a
 * position; and the lines bgmove writes of one move and of -a.  Part of
 * libbgkit; callers use bg_movebatch_pos(), bg_moveline_write() and
 * bg_moveline_list_write() from bgkit.h.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "out_int.h"

/*
 * Write where a line is: "FILE:LINE: " in text, or "{"file":...,"line":N"
 * in JSON.
 */
static void
where(struct out *o, const bg_movebatch *mb, const char *file, int line)
{
	if (mb->json) {
		out_puts(o, "{\"file\":");
		out_json(o, file);
		out_printf(o, ",\"line\":%d", line);
	} else {
		out_text(o, file);
		out_printf(o, ":%d:", line);
	}
}

int
bg_moveline_write(bg_write_fn fn, void *ctx, const bg_moveline *ml,
    const char *msg, const char *file, int line, int normalised, int json)
{
	struct out o;
	char buf[1024];

	if (ml == NULL || msg == NULL)
		return -BG_EINVAL;
	out_init(&o, fn, ctx);
	if (ml->code != 0 && !json)
		return 1;
	if (json) {
		out_puts(&o, "{");
		if (file != NULL) {
			out_puts(&o, "\"file\":");
			out_json(&o, file);
			out_puts(&o, ",");
		}
		if (file != NULL || ml->code != 0)
			out_printf(&o, "\"line\":%d,", line);
	} else if (file != NULL) {
		out_text(&o, file);
		out_printf(&o, ":%d: ", line);
	}
	if (ml->code != 0) {
		out_printf(&o, "\"column\":%d,\"severity\":\"error\","
		    "\"message\":", ml->column);
		out_json(&o, msg);
		out_puts(&o, "}");
	} else {
		bg_moveline_format(buf, sizeof buf, ml, normalised, json);
		out_puts(&o, json ? buf + 1 : buf);	/* skip its "{" */
	}
	out_puts(&o, "\n");
	return out_flush(&o) < 0 ? o.err : ml->code != 0;
}

struct list {
	struct out		*o;
	const bg_movebatch	*mb;
	int			 n;
	char			 buf[1024];
};

/* Write one legal play of the list after a separator, as bgmove -a does. */
static void
listed(void *ctx, const bg_moveline *ml)
{
	struct list *l = ctx;

	if (l->n++ > 0)
		out_puts(l->o, l->mb->json ? "," : ";");
	if (!l->mb->json)
		out_puts(l->o, " ");
	bg_moveline_format(l->buf, sizeof l->buf, ml, 0, l->mb->json);
	out_puts(l->o, l->buf);
}

struct each {
	struct out	*o;
	int		 json;
	char		 buf[1024];
};

/* Write the legal plays, one a line, as bgmove -a writes them. */
static void
each(void *ctx, const bg_moveline *ml)
{
	struct each *e = ctx;

	bg_moveline_format(e->buf, sizeof e->buf, ml, 0, e->json);
	out_puts(e->o, e->buf);
	out_puts(e->o, "\n");
}

int
bg_moveline_list_write(bg_write_fn fn, void *ctx,
    const bg_moveline_setup *su, int json)
{
	struct out o;
	struct each *e;
	int rc;

	if ((e = malloc(sizeof *e)) == NULL)
		return -BG_ENOMEM;
	out_init(&o, fn, ctx);
	e->o = &o;
	e->json = json;
	rc = bg_moveline_list(su, each, e);
	free(e);
	if (rc < 0)
		return rc;
	return out_flush(&o) < 0 ? o.err : 0;
}

/*
 * Set su up from mb's setup and the position; 0, or -1 with the error
 * in msg.
 */
static int
setup(bg_moveline_setup *su, const bg_movebatch *mb,
    const bg_replay_pos *pos, bg_variant v, char *msg, size_t size)
{
	int rc;

	*su = mb->su;
	su->havepos = 1;
	su->board = pos->board;
	su->ms = pos->ms;
	su->variant = v;
	if (su->dice[0] == 0) {
		su->dice[0] = pos->ms.dice[0];
		su->dice[1] = pos->ms.dice[1];
	}
	if ((rc = bg_board_check(&su->board, v)) < 0) {
		snprintf(msg, size, "%s for %s", bg_strerror(rc),
		    bg_variant_get(v)->name);
		return -1;
	}
	/*
	 * A move's own "64:" prefix may give the roll, so a missing roll
	 * is checked later.
	 */
	if (su->dice[0] == 0 && mb->move == NULL) {
		snprintf(msg, size, "no dice: the position has no roll and "
		    "-d gives none");
		return -1;
	}
	return 0;
}

int
bg_movebatch_pos(const bg_movebatch *mb, bg_write_fn fn, void *ctx,
    const char *file, const bg_replay_pos *pos, bg_variant v,
    bg_moveline *ml, char *msg, size_t size)
{
	bg_moveline_setup su;
	struct out o;
	struct list *l;
	const bg_record *r;
	int rc;

	if (mb == NULL || pos == NULL || ml == NULL || msg == NULL ||
	    size == 0 || bg_variant_get(v) == NULL)
		return -BG_EINVAL;
	memset(ml, 0, sizeof *ml);
	msg[0] = '\0';
	if ((r = pos->rec) == NULL || r->kind != BG_REC_SETPOS)
		return 0;	/* this is not a position of the list */
	if (file == NULL)
		file = "<stdin>";
	if (setup(&su, mb, pos, v, msg, size) < 0)
		ml->code = BG_EPOSITION;
	else if (mb->move != NULL && bg_moveline_check(ml, &su, mb->move,
	    mb->movelen, msg, size, NULL) < 0) {
		snprintf(msg, size, "no dice: the position has no roll, -d "
		    "gives none and the move no \"64:\" prefix");
		ml->code = BG_EDICESYNTAX;
	}
	bg_moveline_filter(ml, mb->filter);
	ml->column = r->col;
	if (mb->move != NULL || ml->code != 0)
		return bg_moveline_write(fn, ctx, ml, msg, file, r->line, 0,
		    mb->json);
	/* Without a move (bgmove -a), write every legal play on one line. */
	if ((l = malloc(sizeof *l)) == NULL)
		return -BG_ENOMEM;
	out_init(&o, fn, ctx);
	l->o = &o;
	l->mb = mb;
	l->n = 0;
	where(&o, mb, file, r->line);
	out_puts(&o, mb->json ? ",\"plays\":[" : "");
	rc = bg_moveline_list(&su, listed, l);
	free(l);
	if (rc < 0)
		return rc;
	out_puts(&o, mb->json ? "]}\n" : "\n");
	return out_flush(&o) < 0 ? o.err : 0;
}
