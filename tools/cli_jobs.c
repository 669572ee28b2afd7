/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli_jobs.c: the file loop of a tool on several threads (bgcheck -j;
 * see cli.h).  Nothing here knows backgammon.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

/*
 * Every thread, the calling one included, takes the next operand (an
 * index under the mutex), runs fn on it into two memory streams and
 * marks it done.  The thread that completes the first operand not yet
 * printed prints it and every one done after it, stderr's buffer
 * first, so that the output is in operand order; a thread that finds
 * another printing leaves it to that one.  Nobody waits for a file:
 * the threads meet only on the mutex, and at the end.
 */
struct job {
	const char	*name;
	char		*out, *err;
	size_t		 outlen, errlen;
	int		 rc, done;
};

struct pool {
	cli_file_fn	 fn;
	void		*ctx;
	struct job	*job;
	int		 njob, next;
	int		 printed;	/* how many operands are printed */
	int		 printing;	/* set while a thread prints them */
	pthread_mutex_t	 mu;
};

static void
run_job(struct pool *p, struct job *j)
{
	FILE *out = open_memstream(&j->out, &j->outlen);
	FILE *err = open_memstream(&j->err, &j->errlen);

	if (out == NULL || err == NULL) {
		j->rc = -1;	/* the failure is told when printed */
		if (out)
			fclose(out);
		if (err)
			fclose(err);
	} else {
		j->rc = p->fn(p->ctx, j->name, out, err);
		if (fclose(out) != 0 || fclose(err) != 0)
			j->rc = -1;
	}
}

/* Print what job j wrote; its status is kept in j->rc. */
static void
print_job(struct job *j)
{
	if (j->rc < 0) {
		cli_warnx("%s: %s", j->name ? j->name : "<stdin>",
		    bg_strerror(BG_ENOMEM));
		j->rc = 2;
	}
	if (j->errlen)
		cli_progress_clear();
	fflush(stdout);
	if (j->errlen)
		fwrite(j->err, 1, j->errlen, stderr);
	if (j->outlen)
		fwrite(j->out, 1, j->outlen, stdout);
	free(j->out);
	free(j->err);
	j->out = j->err = NULL;
}

/*
 * Mark job i done, and print the jobs that are done, from the first one
 * not yet printed up to the first one not yet done.
 */
static void
finish(struct pool *p, int i)
{
	struct job *j;

	pthread_mutex_lock(&p->mu);
	p->job[i].done = 1;
	if (p->printing || i != p->printed) {
		pthread_mutex_unlock(&p->mu);
		return;
	}
	p->printing = 1;
	while (p->printed < p->njob && p->job[p->printed].done) {
		j = &p->job[p->printed];
		pthread_mutex_unlock(&p->mu);
		print_job(j);
		pthread_mutex_lock(&p->mu);
		p->printed++;
	}
	p->printing = 0;
	pthread_mutex_unlock(&p->mu);
}

static void *
worker(void *arg)
{
	struct pool *p = arg;
	int i;

	for (;;) {
		pthread_mutex_lock(&p->mu);
		i = p->next < p->njob ? p->next++ : -1;
		pthread_mutex_unlock(&p->mu);
		if (i < 0)
			return NULL;
		run_job(p, &p->job[i]);
		finish(p, i);
	}
}

/*
 * Run the operands one after the other in the calling thread, writing
 * straight to stdout and stderr.
 */
static int
each_here(int argc, char **argv, cli_file_fn fn, void *ctx)
{
	int i, r, rc = 0;

	for (i = 0; i < argc; i++) {
		r = fn(ctx, strcmp(argv[i], "-") == 0 ? NULL : argv[i],
		    stdout, stderr);
		rc = r > rc ? r : rc;
	}
	return rc;
}

int
cli_each_jobs(int argc, char **argv, int jobs, cli_file_fn fn, void *ctx)
{
	struct pool p;
	pthread_t *tid;
	int i, nt = 0, rc = 0;

	if (argc == 0)
		return fn(ctx, NULL, stdout, stderr);
	if (jobs <= 1 || argc == 1)
		return each_here(argc, argv, fn, ctx);
	memset(&p, 0, sizeof p);
	p.fn = fn;
	p.ctx = ctx;
	p.njob = argc;
	if ((p.job = calloc((size_t)argc, sizeof *p.job)) == NULL ||
	    (tid = calloc((size_t)jobs, sizeof *tid)) == NULL) {
		free(p.job);
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	for (i = 0; i < argc; i++)
		p.job[i].name = strcmp(argv[i], "-") == 0 ? NULL : argv[i];
	pthread_mutex_init(&p.mu, NULL);
	/* Start jobs - 1 more threads; the calling thread is the last one. */
	for (i = 1; i < jobs && i < argc; i++)
		if (pthread_create(&tid[nt], NULL, worker, &p) == 0)
			nt++;
	worker(&p);
	for (i = 0; i < nt; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&p.mu);
	for (i = 0; i < argc; i++)
		rc = p.job[i].rc > rc ? p.job[i].rc : rc;
	free(tid);
	free(p.job);
	return rc;
}
