/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * checkfile.c: an example of a program built on the installed libbgkit.
 * It checks match records the way bgcheck(1) does, through the
 * library's pipeline: each file is read in whatever format its content
 * shows, every game is replayed through the rules, and every problem is
 * printed on stderr in line order, then one line per file.  Build it
 * with pkg-config:
 *
 *	cc $(pkg-config --cflags bgkit) -o checkfile checkfile.c \
 *	    $(pkg-config --libs bgkit)
 *	./checkfile match.mat
 *
 * Exit status: 0 valid, 1 a problem found, 2 a file not read.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>

#include <bgkit.h>

static int
check(const char *path)
{
	bg_pipeline *p = bg_pipeline_open(path);
	size_t i;
	int ev;

	if (p == NULL) {
		fprintf(stderr, "checkfile: %s: %s\n", path, strerror(errno));
		return 2;
	}
	while ((ev = bg_pipeline_next(p)) > 0)
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			bg_diag_write(bg_write_stdio, stderr, BG_OUT_TEXT,
			    path, NULL, bg_pipeline_diag(p, i));
	if (ev < 0)
		fprintf(stderr, "checkfile: %s: %s\n", path, bg_strerror(ev));
	bg_pipeline_summary(bg_write_stdio, stdout, BG_OUT_TEXT, p);
	ev = ev < 0 ? 2 : bg_pipeline_count(p)->errors > 0;
	bg_pipeline_free(p);
	return ev;
}

int
main(int argc, char *argv[])
{
	int i, rc = 0, r;

	if (argc < 2) {
		fputs("usage: checkfile file ...\n", stderr);
		return 2;
	}
	for (i = 1; i < argc; i++)
		if ((r = check(argv[i])) > rc)
			rc = r;
	return rc;
}
