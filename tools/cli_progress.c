/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli_progress.c: the progress line of a long run (see cli.h): files
 * and games done and the rate, redrawn in place on stderr at most four
 * times a second once the run has taken a second, and only when stderr
 * is a terminal that no output of the run is written to at the same
 * time.  The tools step their pipelines through cli_next(), which
 * counts; the messages the plumbing prints take the line away first.
 * Nothing here knows backgammon.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

static struct {
	pthread_mutex_t	 mu;
	int		 on;		/* set when stderr is a terminal that
					   no output is written to */
	int		 shown;		/* set while a line is on screen */
	int		 skip;		/* set when cli_next() must not
					   count */
	double		 start, last;
	double		 delay;		/* seconds before the first line */
	long		 files, games;
} pg = { PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, 0, 0, 1.0, 0, 0 };

static double
now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + ts.tv_nsec / 1e9;
}

void
cli_progress_init(int out_free)
{
	const char *e = getenv("BGKIT_PROGRESS");
	char *end;
	double d;

	/*
	 * A number is the seconds before the first line; anything else,
	 * such as "off", turns the line off.
	 */
	if (e != NULL && *e != '\0') {
		d = strtod(e, &end);
		if (*end != '\0' || d < 0)
			return;
		pg.delay = d;
	}
	/*
	 * Output written to the same terminal would break the line, so
	 * there is no line then.
	 */
	pg.on = isatty(STDERR_FILENO) && (out_free || !isatty(STDOUT_FILENO));
	pg.start = pg.last = now();
}

/* Take the line away; the caller holds the lock. */
static void
erase(void)
{
	if (pg.shown) {
		fputs("\r\033[K", stderr);
		fflush(stderr);
		pg.shown = 0;
	}
}

void
cli_progress_clear(void)
{
	if (!pg.on)
		return;
	pthread_mutex_lock(&pg.mu);
	erase();
	pthread_mutex_unlock(&pg.mu);
}

/* Count a file or games done, and draw the line when it is time. */
static void
count(long files, long games)
{
	double t, rate;

	pthread_mutex_lock(&pg.mu);
	pg.files += files;
	pg.games += games;
	t = now();
	if (t - pg.start >= pg.delay && (t - pg.last >= 0.25 || !pg.shown)) {
		pg.last = t;
		rate = t > pg.start ? pg.games / (t - pg.start) : 0;
		fprintf(stderr, "\r%s: %ld file%s, %ld game%s done, %.0f "
		    "games/s\033[K", cli_prog, pg.files,
		    pg.files == 1 ? "" : "s", pg.games,
		    pg.games == 1 ? "" : "s", rate);
		fflush(stderr);
		pg.shown = 1;
	}
	pthread_mutex_unlock(&pg.mu);
}

void
cli_progress_count(int on)
{
	pg.skip = !on;
}

int
cli_next(bg_pipeline *p)
{
	int ev = bg_pipeline_next(p);

	if (pg.on && !pg.skip && (ev == BG_PIPE_GAME || ev <= 0 || ev == BG_PIPE_MEMBER))
		count(ev <= 0 || ev == BG_PIPE_MEMBER, ev == BG_PIPE_GAME);
	return ev;
}
