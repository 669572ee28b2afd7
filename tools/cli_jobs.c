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
 * Workers take the next operand, run fn on
 * it into two memory streams and mark it done; the calling thread waits
 * for each operand in turn and prints its buffers, stderr's first, so
 * that the output is in operand order.
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
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;
};

static void
run_job(struct pool *p, struct job *j)
{
	FILE *out = open_memstream(&j->out, &j->outlen);
	FILE *err = open_memstream(&j->err, &j->errlen);

	if (out == NULL || err == NULL) {
		j->rc = -1;	/* told by the calling thread */
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

static void *
worker(void *arg)
{
	struct pool *p = arg;
	int i;

	for (;;) {
		pthread_mutex_lock(&p->mu);
		i = p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->njob)
			return NULL;
		run_job(p, &p->job[i]);
		pthread_mutex_lock(&p->mu);
		p->job[i].done = 1;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
}

/* Wait for job j and print what it wrote; its status. */
static int
collect(struct pool *p, struct job *j)
{
	pthread_mutex_lock(&p->mu);
	while (!j->done)
		pthread_cond_wait(&p->cv, &p->mu);
	pthread_mutex_unlock(&p->mu);
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
	return j->rc;
}

int
cli_each_jobs(int argc, char **argv, int jobs, cli_file_fn fn, void *ctx)
{
	struct pool p;
	pthread_t *tid;
	int i, nt = 0, r, rc = 0;

	if (argc == 0)
		return fn(ctx, NULL, stdout, stderr);
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
	pthread_cond_init(&p.cv, NULL);
	for (i = 0; i < jobs && i < argc && argc > 1; i++)
		if (pthread_create(&tid[nt], NULL, worker, &p) == 0)
			nt++;
	for (i = 0; i < argc; i++) {
		if (nt == 0)	/* no thread: here, one by one */
			r = fn(ctx, p.job[i].name, stdout, stderr);
		else
			r = collect(&p, &p.job[i]);
		rc = r > rc ? r : rc;
	}
	for (i = 0; i < nt; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
	free(tid);
	free(p.job);
	return rc;
}
