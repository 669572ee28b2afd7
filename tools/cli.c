/*
 * cli.c: the plumbing shared by the bgkit tools (see cli.h).  Nothing
 * here knows backgammon; that lives in lib/.
 */
/* realpath(), for -o through a link. */
#define _XOPEN_SOURCE 700

#include <sys/stat.h>

#include <errno.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

const char *cli_prog = "bgkit";

void
cli_setprog(const char *argv0)
{
	const char *p;

	/*
	 * Unbuffered, stderr costs a write per character of escaped text:
	 * minutes for a file with a million diagnostics.  A line at a time
	 * keeps each message whole and in order with stdout (flushed first).
	 */
	setvbuf(stderr, NULL, _IOLBF, BUFSIZ);
	if (argv0 == NULL || *argv0 == '\0')
		return;
	p = strrchr(argv0, '/');
	cli_prog = p ? p + 1 : argv0;
}

void
cli_diag(const char *file, long line, long col, const char *sev,
    const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", cli_prog);
	cli_puttext(stderr, file);
	if (line > 0)
		fprintf(stderr, ":%ld", line);
	if (col > 0)
		fprintf(stderr, ":%ld", col);
	fprintf(stderr, ": %s: ", sev);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

void
cli_warnx(const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", cli_prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
}

/*
 * Length of a valid UTF-8 sequence at s, or 0.  The C1 controls
 * (U+0080 to U+009F) count as invalid: U+009B is a terminal's CSI.
 */
static int
utf8len(const unsigned char *s)
{
	int n, i;

	if (s[0] < 0xc2 || s[0] > 0xf4 || (s[0] == 0xc2 && s[1] < 0xa0))
		return 0;
	n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if (n == 3 && s[0] == 0xe0 && s[1] < 0xa0)
		return 0;
	if (n == 3 && s[0] == 0xed && s[1] >= 0xa0)
		return 0;
	if (n == 4 && s[0] == 0xf0 && s[1] < 0x90)
		return 0;
	if (n == 4 && s[0] == 0xf4 && s[1] >= 0x90)
		return 0;
	return n;
}

void
cli_puttext(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n;

	while (*p) {
		if (*p >= 0x20 && *p < 0x7f) {
			fputc(*p++, fp);
		} else if (*p >= 0x80 && (n = utf8len(p)) > 0) {
			fwrite(p, 1, (size_t)n, fp);
			p += n;
		} else
			fprintf(fp, "\\x%02x", *p++);
	}
}

void
cli_putjson(FILE *fp, const char *s)
{
	const unsigned char *p = (const unsigned char *)s;
	int n;

	fputc('"', fp);
	while (*p) {
		if (*p == '"' || *p == '\\') {
			fputc('\\', fp);
			fputc(*p++, fp);
		} else if (*p >= 0x20 && *p < 0x7f) {
			fputc(*p++, fp);
		} else if (*p >= 0x80 && (n = utf8len(p)) > 0) {
			fwrite(p, 1, (size_t)n, fp);
			p += n;
		} else if (*p == 0xc2 && p[1] >= 0x80 && p[1] < 0xa0) {
			fprintf(fp, "\\u%04x", p[1]);	/* a C1 control */
			p += 2;
		} else if (*p >= 0x80) {
			fputs("\\ufffd", fp);	/* invalid UTF-8 */
			p++;
		} else
			fprintf(fp, "\\u%04x", *p++);
	}
	fputc('"', fp);
}

FILE *
cli_fopen(const char *name)
{
	struct stat st;
	FILE *fp;

	if ((fp = fopen(name, "rb")) == NULL)
		return NULL;
	/* A directory opens, then fails its first read with less to say. */
	if (fstat(fileno(fp), &st) == 0 && S_ISDIR(st.st_mode)) {
		fclose(fp);
		errno = EISDIR;
		return NULL;
	}
	return fp;
}

long
cli_read(void *ctx, char *buf, size_t n)
{
	FILE *fp = ctx;
	size_t got = fread(buf, 1, n, fp);

	if (got == 0 && ferror(fp))
		return -1;
	return (long)got;
}

int
cli_close_stdout(void)
{
	if (fflush(stdout) != 0 || ferror(stdout) || fclose(stdout) != 0) {
		cli_warnx("write error on standard output: %s",
		    strerror(errno ? errno : EIO));
		return 2;
	}
	return 0;
}

void
cli_putcsv(FILE *fp, const char *s)
{
	size_t n = strlen(s), i, j = 0;
	char *q;

	if (strpbrk(s, ",\"\r\n") == NULL || (q = malloc(2 * n + 3)) ==
	    NULL) {
		cli_puttext(fp, s);
		return;
	}
	q[j++] = '"';
	for (i = 0; i < n; i++) {
		if (s[i] == '"')
			q[j++] = '"';
		q[j++] = s[i] == '\r' || s[i] == '\n' ? ' ' : s[i];
	}
	q[j++] = '"';
	q[j] = '\0';
	cli_puttext(fp, q);
	free(q);
}

/* See cli.h. */
void
cli_print_diag(const char *file, const char *who, const bg_diag *d)
{
	fflush(stdout);
	cli_fprint_diag(stderr, file, who, d);
}

void
cli_fprint_diag(FILE *fp, const char *file, const char *who,
    const bg_diag *d)
{
	fprintf(fp, "%s: ", cli_prog);
	cli_puttext(fp, file);
	if (d->line > 0)
		fprintf(fp, ":%d", d->line);
	if (d->col > 0)
		fprintf(fp, ":%d", d->col);
	fprintf(fp, ": %s: ",
	    d->severity == BG_SEV_WARNING ? "warning" : "error");
	if (d->game > 0) {
		fprintf(fp, "game %d", d->game);
		if (d->move > 0)
			fprintf(fp, ", move %d", d->move);
		if (who || d->dice[0]) {
			fputs(" (", fp);
			if (who)
				cli_puttext(fp, who);
			if (d->dice[0])
				fprintf(fp, "%s%d%d", who ? " " : "",
				    d->dice[0], d->dice[1]);
			fputc(')', fp);
		}
		fputs(": ", fp);
	}
	fputs(bg_strerror(d->code), fp);
	if (d->detail[0]) {
		fputs(": ", fp);
		cli_puttext(fp, d->detail);
	}
	fputc('\n', fp);
}


/* See cli.h. */
int
cli_rules(bg_ruleset *rs, const char *text)
{
	size_t pos = 0;

	if (bg_ruleset_parse(rs, text, strlen(text), &pos) == 0)
		return 0;
	fprintf(stderr, "%s: -r ", cli_prog);
	cli_puttext(stderr, text);
	fprintf(stderr, ": column %zu: %s\n", pos + 1,
	    bg_strerror(BG_ERULES));
	return -1;
}

int
cli_usage(const char *usage)
{
	fputs(usage, stderr);
	return 2;
}

int
cli_from(bg_format *f, const char *arg, const char *usage)
{
	if (bg_format_parse(f, arg) == 0)
		return 0;
	cli_warnx("unknown input format: %s (mat, sgf, json)", arg);
	fputs(usage, stderr);
	return -1;
}

bg_pipeline *
cli_open(const char *name, bg_format from, const bg_ruleset *rules)
{
	bg_pipeline *p;

	if (name != NULL && strcmp(name, "-") == 0)
		name = NULL;
	if ((p = bg_pipeline_open(name)) == NULL) {
		if (name != NULL && errno != ENOMEM)
			cli_warnx("%s: %s", name, strerror(errno));
		else
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return NULL;
	}
	bg_pipeline_set_format(p, from);
	if (rules != NULL)
		bg_pipeline_set_rules(p, rules);
	return p;
}

void
cli_report(FILE *out, FILE *err, int json, const char *file,
    const char *who, const bg_diag *d)
{
	if (json) {
		bg_diag_write(bg_write_stdio, out, BG_OUT_JSON, file, who, d);
		return;
	}
	if (out == stdout)
		fflush(stdout);
	fputs(cli_prog, err);
	fputs(": ", err);
	bg_diag_write(bg_write_stdio, err, BG_OUT_TEXT, file, who, d);
}

int
cli_close(bg_pipeline *p, int rc)
{
	char *name = p ? strdup(bg_pipeline_name(p)) : NULL;

	if (bg_pipeline_free(p) < 0 && rc >= 0) {
		cli_warnx("%s: %s", name ? name : "<stdin>", strerror(errno));
		rc = -BG_EIO;
	}
	free(name);
	return rc;
}

int
cli_each(int argc, char **argv, int (*fn)(void *, const char *), void *ctx)
{
	int i, r, rc = 0;

	if (argc == 0)
		return fn(ctx, NULL);
	for (i = 0; i < argc; i++) {
		r = fn(ctx, strcmp(argv[i], "-") == 0 ? NULL : argv[i]);
		if (r > rc)
			rc = r;
	}
	return rc;
}

int
cli_out_open(struct cli_out *o, const char *name)
{
	struct stat st;
	size_t n;
	mode_t mask;
	int fd = -1;

	memset(o, 0, sizeof *o);
	o->fp = stdout;
	if ((o->name = name) == NULL)
		return 0;
	/*
	 * A device or a pipe (-o /dev/stdout) is written in place: a rename
	 * would put a file where it was.  A link is followed, so that the
	 * file it names is replaced and the link kept.
	 */
	if (stat(name, &st) == 0 && !S_ISREG(st.st_mode)) {
		if ((o->fp = fopen(name, "wb")) == NULL) {
			cli_warnx("%s: %s", name, strerror(errno));
			return 2;
		}
		o->direct = 1;
		return 0;
	}
	o->dst = (o->real = realpath(name, NULL)) != NULL ? o->real : name;
	n = strlen(o->dst);
	if ((o->tmp = malloc(n + 8)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		free(o->real);
		return 2;
	}
	snprintf(o->tmp, n + 8, "%s.XXXXXX", o->dst);
	mask = umask(0);
	umask(mask);
	if ((fd = mkstemp(o->tmp)) < 0 || fchmod(fd, 0666 & ~mask) != 0 ||
	    (o->fp = fdopen(fd, "wb")) == NULL) {
		cli_warnx("%s: %s", name, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(o->tmp);
		}
		free(o->tmp);
		free(o->real);
		return 2;
	}
	return 0;
}

int
cli_out_close(struct cli_out *o, int commit)
{
	int r, rc = 0;

	if (o->name == NULL)
		return 0;
	if (o->direct) {
		/* Flushed and closed whatever happens; any failure counts. */
		r = fflush(o->fp) != 0;
		r |= ferror(o->fp) != 0;
		r |= fclose(o->fp) != 0;
		if (r) {
			cli_warnx("%s: %s", o->name, strerror(errno ? errno :
			    EIO));
			return 2;
		}
		return 0;
	}
	if (fflush(o->fp) != 0 || ferror(o->fp) || fsync(fileno(o->fp)) !=
	    0) {
		cli_warnx("%s: %s", o->name, strerror(errno ? errno : EIO));
		rc = 2;
	}
	if (fclose(o->fp) != 0 && rc == 0) {
		cli_warnx("%s: %s", o->name, strerror(errno));
		rc = 2;
	}
	if (rc == 0 && commit && rename(o->tmp, o->dst) != 0) {
		cli_warnx("%s: %s", o->name, strerror(errno));
		rc = 2;
	}
	if (rc != 0 || !commit)
		unlink(o->tmp);
	free(o->tmp);
	free(o->real);
	return rc;
}

/*
 * Files on several threads.  Workers take the next operand, run fn on
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
