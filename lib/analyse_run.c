/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * analyse_run.c: GNU Backgammon run on games (bg_analyse_new(3)), for
 * analyse.c.  Each game is a child "gnubg -t -q -c gN" in the run's
 * scratch directory: the command file gN sets the analysis up, loads
 * gN.sgf (the game alone), analyses it and saves gN.out.sgf, which is
 * read back (an SGF reader, never the text gnubg prints for people);
 * its output goes to gN.log, whose last line says why when no analysis
 * came.  Up to jobs children run at once; one past its time limit is
 * killed.  The child's environment is only HOME (the scratch
 * directory: no settings of the user's), the C locale and a PATH.
 */
#include <sys/stat.h>
#include <sys/wait.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bgkit.h"
#include "analyse_int.h"

static double
now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + t.tv_nsec / 1e9;
}

int
an_slurp(const char *path, char **buf, size_t *len)
{
	FILE *fp = fopen(path, "rb");
	size_t n = 0, cap = 65536;
	char *p = NULL, *q;

	if (fp == NULL)
		return -1;
	for (;;) {
		if ((q = realloc(p, cap + 1)) == NULL)
			break;
		p = q;
		n += fread(p + n, 1, cap - n, fp);
		if (n < cap) {
			if (ferror(fp))
				break;
			fclose(fp);
			p[n] = '\0';
			*buf = p;
			*len = n;
			return 0;
		}
		cap *= 2;
	}
	free(p);
	fclose(fp);
	errno = errno ? errno : ENOMEM;
	return -1;
}

/* Whether game g of a pipeline holds the engine's analysis, or any of
 * gnubg's properties kept as written (GS and the like). */
static int
has_analysis(const bg_game *g)
{
	size_t i;

	if (g == NULL)
		return 0;
	if (bg_game_sgf_count(g) > 0)
		return 1;
	for (i = 0; i < bg_game_record_count(g); i++)
		if (bg_game_record_analysis(g, i) != NULL)
			return 1;
	return 0;
}

/*
 * Read and replay gnubg's SGF as any input is, and fingerprint its game
 * as the game sent was.  Put the first error found into why, whether the
 * first game holds analysis into *analysed and its fingerprint into hex;
 * return the number of games, or -1 when memory runs out.
 */
static int
read_back(const bg_analyse *a, const char *buf, size_t len, char *why,
    size_t size, int *analysed, char *hex)
{
	bg_pipeline *p = bg_pipeline_new_mem(buf, len, "gnubg");
	bg_fingerprint *fp = bg_fingerprint_new();
	const bg_match *m;
	const bg_diag *d;
	size_t i;
	int ev, n = 0;

	if (p == NULL || fp == NULL) {
		snprintf(why, size, "%s", bg_strerror(BG_ENOMEM));
		n = -1;
	} else {
		bg_pipeline_set_format(p, BG_FORMAT_SGF);
		if (a->has_rules)
			bg_pipeline_set_rules(p, &a->rules);
		bg_pipeline_set_callback(p, bg_fingerprint_pos, fp);
	}
	while (n >= 0 && (ev = bg_pipeline_next(p)) > 0) {
		for (i = 0; i < bg_pipeline_diag_count(p); i++) {
			d = bg_pipeline_diag(p, i);
			if (d->severity >= BG_SEV_ERROR && why[0] == '\0')
				snprintf(why, size, "%d:%d: %s%s%s", d->line,
				    d->col, bg_strerror(d->code),
				    d->detail[0] ? ": " : "", d->detail);
		}
		m = bg_pipeline_match(p);
		if (ev == BG_PIPE_MATCH)
			bg_fingerprint_start(fp, m ? bg_match_length(m) : 0,
			    bg_replay_variant(bg_pipeline_replay(p)));
		else if (ev == BG_PIPE_GAME && n++ == 0) {
			*analysed = has_analysis(bg_pipeline_game(p));
			bg_fingerprint_game(fp, bg_pipeline_result(p), hex);
		}
	}
	bg_pipeline_free(p);
	bg_fingerprint_free(fp);
	return n;
}

int
an_check(const bg_analyse *a, const struct an_game *g, const char *buf,
    size_t len, char *why, size_t size)
{
	char hex[65] = "", err[120] = "";
	int analysed = 0, n;

	n = read_back(a, buf, len, err, sizeof err, &analysed, hex);
	if (err[0] != '\0')
		snprintf(why, size, "its SGF cannot be read: %s", err);
	else if (n != 1)
		snprintf(why, size, "its SGF holds %d games, not 1", n);
	else if (strcmp(hex, g->fp) != 0)
		snprintf(why, size, "its SGF is not the game it was given "
		    "(other moves or dice)");
	else if (!analysed)
		snprintf(why, size, "its SGF holds no analysis");
	else
		return 1;
	return 0;
}

/* Write the len bytes of text to the file path.  Return 0, or -1. */
static int
put(const char *path, const char *text, size_t len)
{
	FILE *fp = fopen(path, "wb");
	int ok;

	if (fp == NULL)
		return -1;
	ok = fwrite(text, 1, len, fp) == len;
	return fclose(fp) == 0 && ok ? 0 : -1;
}

/*
 * Start argv[0] with argv in directory dir (here when dir is NULL) and
 * with HOME set to home_dir (unset when it is NULL).  Its stdin is
 * /dev/null; its stdout and stderr go to the file out (or to the pipe
 * out_fd).  Return its pid, or -1.  It stays in our process group, so
 * that an interrupt from the terminal stops it too.
 */
static pid_t
spawn(char *const argv[], const char *dir, const char *home_dir,
    const char *out, int out_fd)
{
	char home[4096];
	char *envp[] = { home, "LC_ALL=C", "LANG=C",
	    "PATH=/usr/games:/usr/local/bin:/usr/bin:/bin", NULL };
	pid_t pid;
	int fd;

	snprintf(home, sizeof home, "HOME=%s", home_dir ? home_dir :
	    "/nonexistent");
	if ((pid = fork()) != 0)
		return pid;
	if (dir != NULL && chdir(dir) != 0)
		_exit(126);
	if ((fd = open("/dev/null", O_RDONLY)) >= 0)
		dup2(fd, 0);
	if (out != NULL)
		out_fd = open(out, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	if (out_fd >= 0) {
		dup2(out_fd, 1);
		dup2(out_fd, 2);
	}
	execve(argv[0], argv, envp);
	_exit(127);
}

/*
 * Put the child's exit status into *status and return 1 when it has
 * ended; return -1 while it runs.  When deadline is not 0 and has
 * passed, kill the child and return 0.
 */
static int
reap(pid_t pid, double deadline, int *status)
{
	pid_t r = waitpid(pid, status, WNOHANG);

	if (r == pid)
		return 1;
	if (r < 0) {
		*status = 0;
		return 1;
	}
	if (deadline <= 0 || now() <= deadline)
		return -1;
	kill(pid, SIGKILL);
	waitpid(pid, status, 0);
	return 0;
}

static void
pause_a_little(void)
{
	struct timespec t = { 0, 20 * 1000 * 1000 };

	nanosleep(&t, NULL);
}

int
bg_analyse_check(const bg_analyse_opts *o, char *ver, size_t size)
{
	char *argv[] = { (char *)o->gnubg, "--version", NULL };
	char line[256];
	double deadline = o->timeout > 0 ? now() + o->timeout : 0;
	size_t n = 0;
	ssize_t r;
	int fds[2], st = 0, major, minor, done;
	pid_t pid;

	if (size > 0)
		ver[0] = '\0';
	if (access(o->gnubg, X_OK) != 0)
		return -BG_EIO;
	if (pipe(fds) != 0)
		return -BG_EIO;
	pid = spawn(argv, NULL, NULL, NULL, fds[1]);
	close(fds[1]);
	if (pid < 0) {
		close(fds[0]);
		return -BG_EIO;
	}
	fcntl(fds[0], F_SETFL, O_NONBLOCK);
	do {
		if ((done = reap(pid, deadline, &st)) < 0)
			pause_a_little();
		while (n + 1 < sizeof line &&
		    (r = read(fds[0], line + n, sizeof line - 1 - n)) > 0)
			n += (size_t)r;
	} while (done < 0);
	close(fds[0]);
	line[n] = '\0';
	line[strcspn(line, "\r\n")] = '\0';
	if (size > 0)
		snprintf(ver, size, "%s", line);
	if (sscanf(line, "GNU Backgammon %d.%d", &major, &minor) != 2 ||
	    major < 1 || (major == 1 && minor < 7))
		return -BG_EINVAL;
	return 0;
}

/* Copy the last line of the file path that is not blank into buf. */
static void
last_words(char *buf, size_t size, const char *path)
{
	char *text, *e, *s;
	size_t len;

	buf[0] = '\0';
	if (an_slurp(path, &text, &len) != 0)
		return;
	e = text + len;
	while (e > text && (e[-1] == '\n' || e[-1] == '\r' || e[-1] == ' '))
		e--;
	*e = '\0';
	s = e;
	while (s > text && s[-1] != '\n')
		s--;
	snprintf(buf, size, "%s", s);
	free(text);
}

/*
 * Return the command file of game i, for the caller to free, its length
 * in *len: the settings, the game loaded, analysed and saved.  With a
 * rollout, the analysis is walked from the first move, the walk's
 * commands given at each (a line of the game's SGF that starts a node is
 * a move; one more or less only adds a "next" past the end, which gnubg
 * answers and leaves).  gnubg's own "set analysis ... type rollout" is
 * of no use: its analysis of a game evaluates the plays all the same,
 * and hangs at the first cube decision it is to roll out.
 */
static char *
commands(const bg_analyse *a, size_t i, size_t *len)
{
	const struct an_game *g = &a->g[i];
	size_t moves = 0, k, size, n;
	char *cmd;

	for (k = 0; a->walk != NULL && k + 1 < g->inlen; k++)
		moves += g->in[k] == '\n' && g->in[k + 1] == ';';
	size = strlen(a->settings) + 160 + (a->walk != NULL ?
	    strlen(a->walk) * (moves + 1) : 0);
	if ((cmd = malloc(size)) == NULL)
		return NULL;
	n = (size_t)snprintf(cmd, size, "%sload match g%zu.sgf\n"
	    "analyse match\n%s", a->settings, i, a->walk != NULL ?
	    "first move\n" : "");
	for (k = 0; a->walk != NULL && k < moves; k++)
		n += (size_t)snprintf(cmd + n, size - n, "%s", a->walk);
	n += (size_t)snprintf(cmd + n, size - n, "save match g%zu.out.sgf\n"
	    "quit\n", i);
	*len = n;
	return cmd;
}

/* Start gnubg on game i; when it cannot start, set the game's status
 * to FAILED. */
static void
start(bg_analyse *a, size_t i)
{
	struct an_game *g = &a->g[i];
	char *argv[] = { a->gnubg, "-t", "-q", "-c", NULL, NULL };
	char path[4200], *cmd, log[4200], home[4200], name[64];
	size_t n;
	int ok;

	snprintf(name, sizeof name, "g%zu", i);
	argv[4] = name;
	snprintf(path, sizeof path, "%s/g%zu.sgf", a->scratch, i);
	snprintf(log, sizeof log, "%s/g%zu.log", a->scratch, i);
	/*
	 * A HOME of its own for each gnubg: two that start at once in one
	 * HOME race to make their settings there, and one gives up.
	 */
	snprintf(home, sizeof home, "%s/g%zu.home", a->scratch, i);
	if ((cmd = commands(a, i, &n)) != NULL && put(path, g->in,
	    g->inlen) == 0 && (mkdir(home, 0700) == 0 || errno == EEXIST)) {
		snprintf(path, sizeof path, "%s/g%zu", a->scratch, i);
		ok = put(path, cmd, n) == 0 &&
		    (g->pid = spawn(argv, a->scratch, home, log, -1)) > 0;
		free(cmd);
		if (ok) {
			g->deadline = a->o.timeout > 0 ? now() +
			    a->o.timeout : 0;
			return;
		}
	} else
		free(cmd);
	g->pid = 0;
	g->res.status = BG_AN_FAILED;
	g->res.why = g->why;
	snprintf(g->why, sizeof g->why, "%s", strerror(errno));
}

/* Where w is in s[from..to), or to when it is not. */
static size_t
span_find(const char *s, size_t from, size_t to, const char *w)
{
	size_t k = strlen(w), i;

	for (i = from; i + k <= to; i++)
		if (memcmp(s + i, w, k) == 0)
			return i;
	return to;
}

/*
 * Remove from gnubg's SGF (len bytes at buf, a NUL after them) each cube
 * decision rolled out in 0 trials: gnubg's "analyse rollout cube" at a
 * move with no cube decision (a Crawford game, a match to 1 point) saves
 * one, its figures whatever its memory held, different at every run.
 * Return the new length, the NUL after it again.
 */
static size_t
drop_empty_rollouts(char *buf, size_t len)
{
	static const char prop[] = "DA[X ver ", none[] = " Trials 0 ";
	size_t i = 0, k, e;

	while ((k = span_find(buf, i, len, prop)) < len) {
		for (e = k; e < len && buf[e] != ']'; e++)
			;
		if (e == len)
			break;
		if (k > 0 && (buf[k - 1] == ']' || buf[k - 1] == ';' ||
		    buf[k - 1] == '\n') && span_find(buf, k, e, none) < e) {
			memmove(buf + k, buf + e + 1, len - (e + 1));
			len -= e + 1 - k;
			buf[len] = '\0';
			i = k;
		} else
			i = e;
	}
	return len;
}

/* Game i's gnubg has ended (or timed out, when exited is 0): set the
 * game's status from what it gave. */
static void
finish(bg_analyse *a, size_t i, int exited, int st)
{
	struct an_game *g = &a->g[i];
	char path[4200], *buf, last[400];
	size_t len;

	g->pid = 0;
	g->res.why = g->why;
	snprintf(path, sizeof path, "%s/g%zu.log", a->scratch, i);
	last_words(last, sizeof last, path);
	snprintf(path, sizeof path, "%s/g%zu.out.sgf", a->scratch, i);
	g->res.status = BG_AN_FAILED;
	if (!exited)
		snprintf(g->why, sizeof g->why, "no analysis within the "
		    "time limit (%d s)", a->o.timeout);
	else if (WIFSIGNALED(st))
		snprintf(g->why, sizeof g->why, "killed by signal %d",
		    WTERMSIG(st));
	else if (WIFEXITED(st) && WEXITSTATUS(st) != 0)
		snprintf(g->why, sizeof g->why, "exit status %d%s%s",
		    WEXITSTATUS(st), last[0] ? ": " : "", last);
	else if (an_slurp(path, &buf, &len) != 0) {
		/* It ran through and saved nothing: it refused the game. */
		g->res.status = BG_AN_REFUSED;
		snprintf(g->why, sizeof g->why, "%s", last[0] ? last :
		    "gnubg saved no analysis");
	} else if ((a->walk == NULL || (len = drop_empty_rollouts(buf,
	    len)) > 0) && an_check(a, g, buf, len, g->why, sizeof g->why)) {
		g->out = buf;
		g->outlen = len;
		g->res.status = BG_AN_DONE;
		g->why[0] = '\0';
		an_cache_put(a, g);
	} else
		free(buf);
	if (!exited)
		g->res.status = BG_AN_TIMEOUT;
}

static void rm_tree(const char *);

/* Remove the scratch files of game i, and its gnubg's HOME. */
static void
clean(const bg_analyse *a, size_t i)
{
	static const char *const ext[] = { ".sgf", "", ".out.sgf", ".log" };
	char path[4200];
	size_t k;

	for (k = 0; k < sizeof ext / sizeof ext[0]; k++) {
		snprintf(path, sizeof path, "%s/g%zu%s", a->scratch, i,
		    ext[k]);
		(void)unlink(path);
	}
	snprintf(path, sizeof path, "%s/g%zu.home", a->scratch, i);
	rm_tree(path);
}

/* Remove path and, when it is a directory (gnubg's HOME), what it holds. */
static void
rm_tree(const char *path)
{
	struct dirent *e;
	struct stat st;
	DIR *d;
	char *sub;

	if (lstat(path, &st) != 0)
		return;
	if (!S_ISDIR(st.st_mode) || (d = opendir(path)) == NULL) {
		(void)unlink(path);
		return;
	}
	while ((e = readdir(d)) != NULL) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		if ((sub = malloc(strlen(path) + strlen(e->d_name) + 2)) ==
		    NULL)
			break;
		sprintf(sub, "%s/%s", path, e->d_name);
		rm_tree(sub);
		free(sub);
	}
	closedir(d);
	(void)rmdir(path);
}

/*
 * Stop the run: kill every running gnubg, wait for it and remove its
 * files.  Its game stays BG_AN_PENDING.
 */
static void
stop_all(bg_analyse *a, size_t next)
{
	size_t i;
	int st;

	for (i = 0; i < next; i++)
		if (a->g[i].pid > 0) {
			kill(a->g[i].pid, SIGKILL);
			waitpid(a->g[i].pid, &st, 0);
			a->g[i].pid = 0;
			clean(a, i);
		}
}

int
an_run(bg_analyse *a, bg_analyse_fn fn, void *ctx)
{
	size_t i, next = 0, done = 0;
	int running = 0, st, r, stopped = 0;

	if ((a->scratch = malloc(strlen(a->tmpdir) + 24)) == NULL)
		return -BG_ENOMEM;
	sprintf(a->scratch, "%s/bganalyse.XXXXXX", a->tmpdir);
	if (mkdtemp(a->scratch) == NULL) {
		free(a->scratch);
		a->scratch = NULL;
		return -BG_EIO;
	}
	for (i = 0; i < a->ng; i++)
		done += a->g[i].res.status != BG_AN_PENDING;
	if (fn != NULL && done > 0)
		fn(ctx, done, a->ng);
	while (next < a->ng || running > 0) {
		if (a->stop != NULL && a->stop(a->hctx)) {
			stop_all(a, next);
			stopped = 1;
			break;
		}
		for (; next < a->ng && running < a->o.jobs; next++)
			if (a->g[next].res.status == BG_AN_PENDING) {
				start(a, next);
				if (a->g[next].pid > 0) {
					running++;
					continue;
				}
				an_ended(a, next);
				done++;
			}
		for (i = 0, r = 0; i < next; i++) {
			/* First ask the stop hook: a gnubg killed by an
			 * interrupt is not its game's failure. */
			if (a->stop != NULL && a->stop(a->hctx))
				break;
			if (a->g[i].pid <= 0 ||
			    (r = reap(a->g[i].pid, a->g[i].deadline, &st)) < 0)
				continue;
			finish(a, i, r, st);
			clean(a, i);
			running--;
			an_ended(a, i);
			if (fn != NULL)
				fn(ctx, ++done, a->ng);
		}
		if (running >= a->o.jobs || (next == a->ng && running > 0))
			pause_a_little();
	}
	rm_tree(a->scratch);
	free(a->scratch);
	a->scratch = NULL;
	return stopped;
}
