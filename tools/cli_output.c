/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli_output.c: the tools' outputs (see cli.h): a file written to a
 * temporary file beside its name and renamed into place only on
 * success, so that a failed run leaves the file as it was and no
 * half-written file behind (-o); the name of an input's output in a
 * directory (--directory); and messages held in memory until the tool
 * knows whether to print them.  Nothing here knows backgammon.
 */
/* realpath(), for an output named through a link. */
#define _XOPEN_SOURCE 700

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

long
cli_output_write(void *ctx, const char *buf, size_t n)
{
	struct cli_output *out = ctx;

	if (fwrite(buf, 1, n, out->fp) != n) {
		out->failed = 1;
		return -1;
	}
	return (long)n;
}

/*
 * A device or a pipe (-o /dev/stdout) is written in place: a rename
 * would put a file where it was.  A link is followed, so that the file
 * it names is replaced and the link kept.
 */
int
cli_output_open(struct cli_output *out, const char *name)
{
	struct stat st;
	size_t n;
	mode_t mask;
	int fd = -1;

	memset(out, 0, sizeof *out);
	out->name = name;
	out->fp = stdout;
	if (name == NULL)
		return 0;
	out->existed = stat(name, &st) == 0;
	if (out->existed && !S_ISREG(st.st_mode)) {
		if ((out->fp = fopen(name, "wb")) == NULL) {
			cli_warnx("%s: %s", name, strerror(errno));
			return 2;
		}
		out->direct = 1;
		return 0;
	}
	out->real = realpath(name, NULL);
	out->dst = out->real ? out->real : name;
	n = strlen(out->dst);
	if ((out->tmp = malloc(n + 8)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		free(out->real);
		return 2;
	}
	snprintf(out->tmp, n + 8, "%s.XXXXXX", out->dst);
	mask = umask(0);
	umask(mask);
	if ((fd = mkstemp(out->tmp)) < 0 || fchmod(fd, 0666 & ~mask) != 0 ||
	    (out->fp = fdopen(fd, "wb")) == NULL) {
		cli_warnx("%s: %s", name, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(out->tmp);
		}
		free(out->tmp);
		free(out->real);
		return 2;
	}
	return 0;
}

/*
 * Say that the output is left as it was, and why: "not replaced" of a
 * file that was there, "not written" of one that was not; -F is the
 * option that writes it all the same.
 */
void
cli_output_refused(const struct cli_output *out, const char *why)
{
	cli_warnx("%s: not %s: %s (-F %s it all the same)", out->name,
	    out->existed ? "replaced" : "written", why,
	    out->existed ? "replaces" : "writes");
}

int
cli_output_close(struct cli_output *out, int keep, int rc)
{
	int r;

	if (out->name == NULL)
		return rc;
	if (out->direct) {
		r = fflush(out->fp) != 0;
		r |= ferror(out->fp) != 0;
		r |= fclose(out->fp) != 0;
		if (r) {
			cli_warnx("%s: %s", out->name,
			    strerror(errno ? errno : EIO));
			rc = 2;
		}
		return rc;
	}
	if (fflush(out->fp) != 0 || ferror(out->fp) ||
	    fsync(fileno(out->fp)) != 0) {
		cli_warnx("%s: %s", out->name, strerror(errno ? errno : EIO));
		rc = 2;
	}
	if (fclose(out->fp) != 0 && rc < 2) {
		cli_warnx("%s: %s", out->name, strerror(errno));
		rc = 2;
	}
	if (rc < 2 && keep && out->noclobber) {
		/* A link, unlike a rename, fails on a file already there. */
		if (link(out->tmp, out->dst) != 0) {
			cli_warnx("%s: %s%s", out->name, strerror(errno),
			    errno == EEXIST ? " (not replaced)" : "");
			rc = 2;
		}
		unlink(out->tmp);
	} else if (rc < 2 && keep && rename(out->tmp, out->dst) != 0) {
		cli_warnx("%s: %s", out->name, strerror(errno));
		rc = 2;
	}
	if (rc == 2 || !keep)
		unlink(out->tmp);
	free(out->tmp);
	free(out->real);
	return rc;
}

FILE *
cli_hold(struct cli_hold *h)
{
	h->buf = NULL;
	h->len = 0;
	if ((h->fp = open_memstream(&h->buf, &h->len)) == NULL)
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
	return h->fp;
}

int
cli_release(struct cli_hold *h, int print)
{
	int rc = 0;

	if (fclose(h->fp) != 0) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		rc = -1;
	} else if (print) {
		cli_progress_clear();
		fflush(stdout);
		fwrite(h->buf, 1, h->len, stderr);
	}
	free(h->buf);
	return rc;
}

char *
cli_outname(const char *dir, const char *f, const char *ext)
{
	const char *base, *dot;
	size_t nd = strlen(dir), nb;
	char *p;

	/* An archive's member is named after the member. */
	f += cli_archive_len(f) > 0 ? cli_archive_len(f) + 1 : 0;
	base = strrchr(f, '/');
	base = base ? base + 1 : f;
	dot = strrchr(base, '.');
	nb = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	while (nd > 1 && dir[nd - 1] == '/')
		nd--;
	if ((p = malloc(nd + nb + strlen(ext) + 3)) == NULL)
		return NULL;
	sprintf(p, "%.*s/%.*s.%s", (int)nd, dir, (int)nb, base, ext);
	return p;
}
