/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bggrep: the games of an archive of match records that satisfy every
 * criterion given (names, tags, length, result, cube, a position, a
 * play, the verdict), written out as records, listed like grep, or
 * grouped by fingerprint to find the copies of a match.  A front end
 * to bg_select_new(3) and bg_dupset_new(3) over the pipeline.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"
#include "bggrep.h"

/* The output of one match, held back until its fingerprint is known. */
struct buf {
	char	*p;
	size_t	 n, cap;
};

static long
bufwrite(void *ctx, const char *s, size_t n)
{
	struct buf *b = ctx;
	char *q;

	if (b->cap - b->n < n) {
		while (b->cap - b->n < n)
			b->cap = b->cap ? 2 * b->cap : 4096;
		if ((q = realloc(b->p, b->cap)) == NULL)
			return -1;
		b->p = q;
	}
	memcpy(b->p + b->n, s, n);
	b->n += n;
	return (long)n;
}

/*
 * For --split, write the match's records to a file of its own, named by
 * the template.  The file is put in place whole or not at all, and not
 * over a file already there unless -O is given.
 */
static void
split(struct opts *o, const bg_pipeline *p, const char *hex,
    const struct buf *b)
{
	struct cli_output out;
	char name[4096];
	int n;

	n = bg_pipeline_filename(name, sizeof name, o->split, p, hex,
	    ++o->nsplit, NULL);
	if (n < 0 || (size_t)n >= sizeof name) {
		cli_warnx("--split: the name of match %d is too long",
		    o->nsplit);
		o->status = 2;
		return;
	}
	if (cli_output_open(&out, name) != 0) {
		o->status = 2;
		return;
	}
	out.noclobber = !o->overwrite;
	if (cli_output_write(&out, b->p, b->n) < 0)
		cli_warnx("%s: %s", name, bg_strerror(BG_EIO));
	if (cli_output_close(&out, !out.failed, out.failed ? 2 : 0) != 0)
		o->status = 2;
}

/* When the match just read has hits, write what the mode asks of it:
 * its hits, its fingerprint line, or its records (to a file of its own
 * with --split). */
static void
emit(struct opts *o, bg_pipeline *p, const char *hex, int line, int games,
    struct buf *b)
{
	const char *names[2];
	size_t i, n = bg_select_hit_count(o->sel);

	if (n == 0)
		return;
	if (o->unique || o->mode == 'D') {
		if (bg_dupset_add(o->dups, hex, bg_pipeline_name(p), line,
		    games) > 0 && o->unique)
			return;
	}
	o->found += (int)n;
	names[0] = bg_pipeline_player(p, 0);
	names[1] = bg_pipeline_player(p, 1);
	if (o->mode == 'n')
		for (i = 0; i < n; i++)
			bg_select_hit_write(bg_write_stdio, stdout, o->out,
			    bg_pipeline_name(p), names, hex,
			    bg_select_hit_get(o->sel, i));
	else if (o->mode == MODE_FINGERPRINTS) {
		printf("%s  ", hex);
		cli_puttext(stdout, bg_pipeline_name(p));
		printf(":%d: %lu of %d game%s\n", line, (unsigned long)n,
		    games, games == 1 ? "" : "s");
	} else if (o->split != NULL)
		split(o, p, hex, b);
	else if (o->mode == 0 || o->mode == MODE_DECISIONS)
		fwrite(b->p, 1, b->n, stdout);
}

/* For -c, write the name of the file (or archive member) with its count
 * of games kept; for -l, write the name when it kept any. */
static void
tally(const struct opts *o, const bg_pipeline *p, int before)
{
	if (o->mode == 'c') {
		cli_puttext(stdout, bg_pipeline_name(p));
		printf(":%d\n", o->found - before);
	} else if (o->mode == 'l' && o->found > before) {
		cli_puttext(stdout, bg_pipeline_name(p));
		putchar('\n');
	}
}

/* Read one file: judge each of its matches, and keep or drop each match
 * as a whole. */
static int
grep_file(void *ctx, const char *name)
{
	struct opts *o = ctx;
	struct buf b = { NULL, 0, 0 };
	bg_pipeline *p;
	bg_writer *w = NULL;
	char hex[BG_FINGERPRINT_LEN + 1];
	int ev, line = 0, games = 0, before = o->found, bad = 0;

	if ((p = cli_open(name, o->from, NULL, 0)) == NULL)
		return 2;
	bg_pipeline_set_callback(p, bg_select_pos, o->sel);
	while (!bad && (ev = cli_next(p)) > 0) {
		if (ev == BG_PIPE_MATCH) {
			bg_select_match(o->sel, p);
			if (o->dec != NULL)
				bad = bg_decisions_match(o->dec, p) < 0;
			line = bg_match_line(bg_pipeline_match(p));
			games = 0;
			b.n = 0;
		} else if (ev == BG_PIPE_GAME) {
			games++;
			ev = bg_select_game(o->sel, p);
			if (o->dec != NULL && bg_decisions_flush(o->dec,
			    bufwrite, &b, ev > 0) < 0)
				ev = -BG_ENOMEM;
			if (ev <= 0 || o->mode)
				bad = ev < 0;
			else if (w == NULL && ((w = bg_writer_new(o->to,
			    bufwrite, &b)) == NULL ||
			    bg_writer_match(w, bg_pipeline_match(p)) < 0))
				bad = 1;
			else
				bad = bg_writer_game(w, bg_pipeline_game(p)) < 0;
		} else if (ev == BG_PIPE_MEMBER) {
			/* -c and -l name each member of an archive. */
			tally(o, p, before);
			before = o->found;
		} else if (ev == BG_PIPE_MATCH_END) {
			bg_select_match_end(o->sel, hex);
			if (w != NULL && bg_writer_end(w) < 0)
				bad = 1;
			bg_writer_free(w);
			w = NULL;
			if (!bad)
				emit(o, p, hex, line, games, &b);
		}
	}
	if (bad)
		ev = -BG_ENOMEM;
	bg_writer_free(w);
	free(b.p);
	tally(o, p, before);
	if (ev < 0)
		cli_pipe_syserr(stdout, stderr, 0, p, bg_pipeline_name(p),
		    -ev);
	bg_pipeline_free(p);
	return ev < 0 ? 2 : 0;
}

static int
walk(void *ctx, const char *name)
{
	struct opts *o = ctx;

	return o->recurse ? cli_walk(name, grep_file, ctx) :
	    grep_file(ctx, name);
}

int
main(int argc, char *argv[])
{
	struct opts o;
	int c, rc = 0;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.to = BG_FORMAT_MAT;
	if ((o.sel = bg_select_new()) == NULL ||
	    (o.dups = bg_dupset_new()) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	if ((c = bggrep_options(&o, argc, argv, &rc)) >= 0) {
		cli_progress_init(o.mode == 'q' || o.mode == 'D' ||
		    o.split != NULL);
		rc = cli_each(argc - c, argv + c, walk, &o);
		if (o.mode == 'D' && bg_dupset_write(bg_write_stdio, stdout,
		    o.out, o.dups) < 0)
			rc = 2;
		if (o.status > rc)
			rc = o.status;
		if ((c = cli_close_stdout()) > rc)
			rc = c;
		rc = rc ? rc : o.found > 0 ? 0 : 1;
	} else if (c == -2)
		rc = 2;
	bg_select_free(o.sel);
	bg_dupset_free(o.dups);
	bg_decisions_free(o.dec);
	return rc;
}
