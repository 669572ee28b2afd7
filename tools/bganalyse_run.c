/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bganalyse_run.c: the run of bganalyse once its options are read: the
 * gnubg program found and asked its version, the inputs read, gnubg run
 * on their games (bg_analyse_run(3)), the report and the outputs.  A
 * SIGINT, SIGTERM or SIGHUP is caught here, not in the library: the
 * handler only notes the signal; the library, asking between its steps,
 * kills the gnubg processes it runs and removes its scratch directory,
 * and the tool then dies of the same signal, leaving the outputs it
 * finished (and the cache) for a run with the same arguments to go on.
 */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"
#include "bganalyse.h"

static volatile sig_atomic_t caught;

const char *
find_gnubg(void)
{
	static char buf[4096];
	const char *e = getenv("BGKIT_GNUBG"), *path = getenv("PATH"), *s;
	size_t n;

	if (e != NULL && *e != '\0')
		return e;
	for (s = path; s != NULL && *s != '\0'; s += n + (s[n] == ':')) {
		n = strcspn(s, ":");
		snprintf(buf, sizeof buf, "%.*s/gnubg", (int)n, s);
		if (n > 0 && access(buf, X_OK) == 0)
			return buf;
	}
	return "/usr/games/gnubg";
}

int
have_gnubg(const bg_analyse_opts *an)
{
	char ver[128];
	int r = bg_analyse_check(an, ver, sizeof ver), e = errno;

	if (r == -BG_EIO && e == ENOENT)
		cli_warnx("GNU Backgammon not found: %s: install the Debian "
		    "package gnubg (or name the program in BGKIT_GNUBG)",
		    an->gnubg);
	else if (r == -BG_EIO)
		cli_warnx("GNU Backgammon cannot be run: %s: %s", an->gnubg,
		    strerror(e));
	else if (r < 0)
		cli_warnx("%s is not GNU Backgammon 1.07 or later (it says "
		    "\"%s\"): install the Debian package gnubg", an->gnubg,
		    ver);
	return r < 0 ? 2 : 0;
}

static void
note(int sig)
{
	caught = sig;
}

/* A bg_analyse_stop_fn: it says whether a signal came. */
static int
stop(void *ctx)
{
	(void)ctx;
	return caught != 0;
}

/*
 * Have the signals that would end the run noted instead, without
 * SA_RESTART, so that a wait in the library wakes up to them.
 */
static void
trap(void)
{
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	struct sigaction sa;
	size_t i;

	memset(&sa, 0, sizeof sa);
	sa.sa_handler = note;
	sigemptyset(&sa.sa_mask);
	for (i = 0; i < sizeof sigs / sizeof sigs[0]; i++)
		sigaction(sigs[i], &sa, NULL);
}

/* Read BGKIT_PROGRESS, the seconds before the progress line is drawn,
 * into *wait (1 when it is not set).  Return 0, which turns the line
 * off, when it is not a number. */
static int
progress_wait(double *wait)
{
	const char *e = getenv("BGKIT_PROGRESS");
	char *end;

	*wait = 1;
	if (e == NULL)
		return 1;
	*wait = strtod(e, &end);
	return end != e && *end == '\0';
}

/* The run was stopped by a signal: say so, then die of the signal as if
 * it had not been caught. */
static int
die(struct opts *o)
{
	int sig = caught;

	cli_progress_clear();
	cli_warnx("stopped by signal %d", sig);
	out_done(o, 0);
	bg_analyse_free(o->a);
	fflush(NULL);
	signal(sig, SIG_DFL);
	raise(sig);
	return 128 + sig;
}

/* With --directory but no --cache, keep the run's games in
 * DIR/.bganalyse, so that a run stopped halfway can resume. */
static int
dircache(struct opts *o)
{
	size_t n;

	if (o->dir == NULL || o->an.cache != NULL)
		return 0;
	n = strlen(o->dir) + sizeof "/.bganalyse";
	if ((o->dircache = malloc(n)) == NULL)
		return -1;
	snprintf(o->dircache, n, "%s/.bganalyse", o->dir);
	o->an.cache = o->dircache;
	return 0;
}

int
run(struct opts *o, int argc, char **argv, int (*walk)(void *,
    const char *))
{
	int rc, r;

	if (dircache(o) < 0 || (o->a = bg_analyse_new(&o->an)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		free(o->dircache);
		return 2;
	}
	trap();
	bg_analyse_set_hooks(o->a, o->dir != NULL ? ready : NULL, stop, o);
	if (!o->quiet)
		cli_progress_init(1);
	rc = o->status = cli_each(argc, argv, walk, o);
	cli_progress_clear();
	if (caught)
		return die(o);
	if (o->dir != NULL && (r = outnames(o)) != 0) {
		out_done(o, 0);
		bg_analyse_free(o->a);
		return r;
	}
	o->tty = !o->quiet && isatty(2) && progress_wait(&o->wait);
	o->t0 = seconds();
	if ((r = bg_analyse_run(o->a, progress, o)) > 0 || caught)
		return die(o);
	if (r < 0) {
		cli_warnx("%s: %s", o->an.tmpdir, strerror(errno));
		rc = 2;
	} else {
		if ((r = report(o)) > rc)
			rc = r;
		if ((r = output(o)) > rc)
			rc = r;
	}
	out_done(o, 1);
	bg_analyse_free(o->a);
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
