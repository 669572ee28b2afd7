/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bganalyse_out.c: what bganalyse says and writes of gnubg's run: the
 * progress line, the games gnubg did not analyse, and each input's
 * record with its analysis (bg_analyse_result(3), read again and written
 * by the writer of -T's format) to the standard output or -o's file at
 * the end, or to -d's files each as soon as its games are all analysed
 * (cli_output.c: each put in place only when written through).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"
#include "bganalyse.h"

/* Return the time in seconds on a clock that only goes forward. */
double
seconds(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/*
 * Draw the progress line on a terminal: the games done, the time a game
 * takes and the time left.  It is drawn only once the run has taken
 * o->wait seconds, and erased at the end.
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

/* Report what became of the games: tell each one that gnubg did not
 * analyse.  Return 1 when there was one, else 0. */
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

/* Write input i's record with its analysis through w.  Return 0, or 2
 * on failure. */
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

/* Write the inputs from from up to to (or up to the last input) to the
 * output name, or to the standard output when name is NULL. */
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

/* by_dst() sorts input indices by their output names for qsort, which
 * cannot pass it the options: sorting holds them. */
static const struct opts *sorting;

static int
by_dst(const void *x, const void *y)
{
	return strcmp(sorting->dst[*(const size_t *)x],
	    sorting->dst[*(const size_t *)y]);
}

int
outnames(struct opts *o)
{
	size_t n = 0, i, *ix;
	int rc = 0;

	while (bg_analyse_name(o->a, n) != NULL)
		n++;
	if ((o->dst = calloc(n + 1, sizeof *o->dst)) == NULL ||
	    (ix = malloc((n + 1) * sizeof *ix)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	for (i = 0; i < n; i++) {
		ix[i] = i;
		if ((o->dst[i] = cli_outname(o->dir, bg_analyse_name(o->a, i),
		    bg_format_name(o->to))) == NULL) {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			free(ix);
			return 2;
		}
	}
	/* Refuse two inputs that would have one output name (a/x.mat and
	 * b/x.gam), naming both. */
	sorting = o;
	qsort(ix, n, sizeof *ix, by_dst);
	for (i = 1; i < n; i++)
		if (strcmp(o->dst[ix[i - 1]], o->dst[ix[i]]) == 0) {
			cli_warnx("%s: both %s and %s would be written there",
			    o->dst[ix[i]], bg_analyse_name(o->a, ix[i - 1]),
			    bg_analyse_name(o->a, ix[i]));
			rc = 2;
		}
	free(ix);
	return rc;
}

void
ready(void *ctx, size_t i)
{
	struct opts *o = ctx;
	int r = output_to(o, o->dst[i], i, i + 1);

	if (r > o->wrote)
		o->wrote = r;
}

/* Write every input to -o's file or the standard output.  With
 * --directory, the files were written as each input was ready. */
int
output(struct opts *o)
{
	if (o->dir != NULL)
		return o->wrote;
	if (o->out != NULL && o->status > 0) {
		cli_warnx("%s: not written: a record has errors", o->out);
		return 0;
	}
	return output_to(o, o->out, 0, (size_t)-1);
}

void
out_done(struct opts *o, int whole)
{
	struct dirent *e;
	char path[4096];
	size_t i;
	DIR *d;

	for (i = 0; o->dst != NULL && o->dst[i] != NULL; i++)
		free(o->dst[i]);
	free(o->dst);
	o->dst = NULL;
	/* The run went through, so what it kept to resume is not needed. */
	if (whole && o->dircache != NULL &&
	    (d = opendir(o->dircache)) != NULL) {
		while ((e = readdir(d)) != NULL)
			if (e->d_name[0] != '.') {
				snprintf(path, sizeof path, "%s/%s",
				    o->dircache, e->d_name);
				(void)unlink(path);
			}
		closedir(d);
		(void)rmdir(o->dircache);
	}
	free(o->dircache);
	o->dircache = NULL;
}
