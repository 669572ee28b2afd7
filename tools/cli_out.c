/*
 * cli_out.c: the output file of a tool (-o), replaced atomically: the
 * output goes to a temporary file beside it, renamed into place only
 * when the tool succeeded (see cli.h).  Nothing here knows backgammon.
 */
/* realpath(), for -o through a link. */
#define _XOPEN_SOURCE 700

#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

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
