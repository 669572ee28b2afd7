/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bganalyse_out.c: what bganalyse says and writes once gnubg has run:
 * the progress line, the games gnubg did not analyse, and each input's
 * record with its analysis (bg_analyse_result(3), read again and written
 * by the writer of -T's format) to the standard output, -o's file or
 * -d's files (cli_output.c).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bgkit.h"
#include "cli.h"
#include "bganalyse.h"

/* Seconds on a clock that only goes forward. */
double
seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * The progress line on a terminal: games done, the time a game takes,
 * the time left; once the run has taken o->wait seconds, taken away at
 * the end.
 */
void
progress(void *ctx, size_t done, size_t total)
{
	struct opts *o = ctx;
	double t = seconds() - o->t0;

	if (!o->tty || (!o->drawn && (t < o->wait || done == total)))
		return;
	o->drawn = done < total;
	fprintf(stderr, "\r%s: %zu/%zu games", cli_prog, done, total);
	if (done > 0)
		fprintf(stderr, ", %.1f s a game, %.0f s left", t / done,
		    t / done * (double)(total - done));
	fputs(done == total ? "\r\033[K" : "\033[K", stderr);
}

/* What became of the games: each one gnubg did not analyse; 0 or 1. */
int
report(const struct opts *o)
{
	size_t i, n = bg_analyse_count(o->a), done = 0, cached = 0;
	const bg_analysed *g;
	char text[512];
	int rc = 0;

	for (i = 0; i < n; i++) {
		g = bg_analyse_get(o->a, i);
		done += g->status == BG_AN_DONE;
		cached += g->status == BG_AN_CACHED;
		if (g->status == BG_AN_DONE || g->status == BG_AN_CACHED)
			continue;
		snprintf(text, sizeof text, "game %d: %s: %s", g->game,
		    g->status == BG_AN_TIMEOUT ? "gnubg was stopped" :
		    g->status == BG_AN_FAILED ? "gnubg failed" :
		    "gnubg did not analyse it", g->why);
		cli_diagtext(g->file, g->line, 1, "error", text);
		rc = 1;
	}
	if (o->verbose)
		cli_warnx("%zu games: %zu analysed, %zu from the cache, %zu "
		    "not analysed", n, done, cached, n - done - cached);
	return rc;
}

/* Input i's record with its analysis, written by w; 0 or 2. */
static int
write_one(struct opts *o, size_t i, bg_writer *w)
{
	const char *text, *name = bg_analyse_name(o->a, i);
	bg_pipeline *p;
	size_t len;
	int rc;

	text = bg_analyse_result(o->a, i, &len);
	if ((p = bg_pipeline_new_mem(text, len, name)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	bg_pipeline_set_format(p, BG_FORMAT_SGF);
	bg_pipeline_set_rules(p, &o->rules);
	bg_pipeline_set_writer(p, w);
	cli_progress_count(0);
	if ((rc = cli_run(p, stdout, stderr, 0, 1)) < 0)
		cli_pipe_syserr(stdout, stderr, 0, p, name, -rc);
	bg_pipeline_free(p);
	return rc < 0 ? 2 : 0;
}

/* Inputs from to to (or the last) to the output name (NULL: stdout). */
static int
output_to(struct opts *o, const char *name, size_t from, size_t to)
{
	struct cli_output out;
	bg_writer *w;
	size_t i;
	int r;

	if ((r = cli_output_open(&out, name)) != 0)
		return r;
	if ((w = bg_writer_new(o->to, cli_output_write, &out)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		r = 2;
	} else
		bg_writer_set_rules(w, &o->rules);
	for (i = from; r == 0 && i < to && bg_analyse_name(o->a, i); i++)
		r = write_one(o, i, w);
	bg_writer_free(w);
	return cli_output_close(&out, r == 0, r);
}

/* Every input to -o's file or the standard output, or -d's files. */
int
output(struct opts *o)
{
	size_t i;
	char *dst;
	int rc = 0, r;

	if (o->dir == NULL && o->out != NULL && o->status > 0) {
		cli_warnx("%s: not written: a record has errors", o->out);
		return 0;
	}
	if (o->dir == NULL)
		return output_to(o, o->out, 0, (size_t)-1);
	for (i = 0; bg_analyse_name(o->a, i) != NULL; i++) {
		if ((dst = cli_outname(o->dir, bg_analyse_name(o->a, i),
		    bg_format_name(o->to))) == NULL) {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			return 2;
		}
		if ((r = output_to(o, dst, i, i + 1)) > rc)
			rc = r;
		free(dst);
	}
	return rc;
}
