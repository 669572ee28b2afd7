/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli_input.c: the tools' inputs seen as files (see cli.h): an input
 * read twice, from where it started or from memory, and the loop over
 * the operands that opens each and, with an output directory, names its
 * output and refuses two inputs of one output or an input that is its
 * own output.  Nothing here knows backgammon.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

long
cli_input_read(void *ctx, char *buf, size_t n)
{
	struct cli_input *in = ctx;
	long r;

	if (in->again) {
		if (n > in->len - in->pos)
			n = in->len - in->pos;
		memcpy(buf, in->mem + in->pos, n);
		in->pos += n;
		return (long)n;
	}
	r = cli_read(in->fp, buf, n);
	if (r > 0 && !in->regular) {
		if (in->cap - in->len < (size_t)r) {
			size_t cap = in->cap ? in->cap : 65536;
			char *p;

			while (cap - in->len < (size_t)r)
				cap *= 2;
			if ((p = realloc(in->mem, cap)) == NULL) {
				errno = ENOMEM;
				return -1;
			}
			in->mem = p;
			in->cap = cap;
		}
		memcpy(in->mem + in->len, buf, (size_t)r);
		in->len += (size_t)r;
	}
	return r;
}

/*
 * For a name "ARCHIVE:MEMBER" that no file has, open ARCHIVE, which is
 * then read for MEMBER alone.  Returns NULL with errno set when no part
 * of the name is a file.
 */
static FILE *
open_archive(struct cli_input *in, const char *name)
{
	size_t n = cli_archive_len(name);
	FILE *fp;

	if (n == 0) {
		errno = ENOENT;
		return NULL;
	}
	if ((in->archive = strdup(name)) == NULL)
		return NULL;
	in->archive[n] = '\0';
	if ((fp = cli_fopen(in->archive)) == NULL) {
		free(in->archive);
		in->archive = NULL;
		return NULL;
	}
	in->member = name;
	return fp;
}

int
cli_input_open(struct cli_input *in, const char *name)
{
	struct stat st;

	memset(in, 0, sizeof *in);
	in->label = name ? name : "<stdin>";
	in->fp = stdin;
	if (name && (in->fp = cli_fopen(name)) == NULL && (errno != ENOENT ||
	    (in->fp = open_archive(in, name)) == NULL))
		return -1;
	if (fstat(fileno(in->fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    (in->start = ftello(in->fp)) >= 0)
		in->regular = 1;
	return 0;
}

int
cli_input_rewind(struct cli_input *in)
{
	if (!in->regular) {
		in->again = 1;
		in->pos = 0;
		return 0;
	}
	clearerr(in->fp);
	if (fseeko(in->fp, in->start, SEEK_SET) == 0)
		return 0;
	cli_warnx("%s: %s", in->label, strerror(errno));
	return -1;
}

int
cli_input_is(const struct cli_input *in, const char *path)
{
	struct stat a, b;

	return fstat(fileno(in->fp), &a) == 0 && stat(path, &b) == 0 &&
	    a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int
cli_input_close(struct cli_input *in)
{
	free(in->mem);
	free(in->archive);
	if (in->fp != stdin)
		return fclose(in->fp);
	return 0;
}

int
cli_outdir(const char *dir, const char *out, int argc, char **argv,
    const char *usage)
{
	struct stat st;
	int i, r;

	/* The standard input has no name to give its output. */
	for (i = 0; i < argc && strcmp(argv[i], "-") != 0; i++)
		continue;
	if (out != NULL)
		cli_warnx("-o and --directory cannot go together");
	else if (argc == 0 || i < argc)
		cli_warnx("--directory converts named files, not the "
		    "standard input (use -o or the standard output)");
	else {
		r = stat(dir, &st) != 0 ? errno :
		    S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
		if (r != 0)
			cli_warnx("%s: %s", dir, strerror(r));
		return r ? 2 : 0;
	}
	return cli_usage(usage);
}

/* Close in and return r, or 2 after saying why the close failed. */
static int
done(struct cli_input *in, int r)
{
	if (cli_input_close(in) != 0 && r < 2) {
		cli_warnx("%s: %s", in->label, strerror(errno));
		r = 2;
	}
	return r;
}

/*
 * Run fn on operand i, whose output is name[i], and return its status;
 * return 2 after saying why when the operand cannot be run.
 */
static int
each_one(char **argv, char **name, int i, cli_input_fn fn, void *ctx)
{
	const char *f = argv && strcmp(argv[i], "-") != 0 ? argv[i] : NULL;
	struct cli_input in;
	char t[512];
	int j;

	/* When two inputs have one output, the first operand keeps it. */
	for (j = 0; name && j < i && strcmp(name[j], name[i]) != 0; j++)
		continue;
	if (name && j < i)
		cli_warnx("%s: not converted: %s is the output of %s",
		    argv[i], name[i], argv[j]);
	else if (cli_input_open(&in, f) != 0)
		cli_warnx("%s: %s", f, cli_strerror(t, sizeof t, f, errno));
	else if (name && cli_input_is(&in, name[i])) {
		cli_warnx("%s: not converted: %s is the input itself",
		    argv[i], name[i]);
		return done(&in, 2);
	} else
		return done(&in, fn(ctx, &in, name ? name[i] : NULL));
	return 2;
}

int
cli_each_input(int argc, char **argv, const char *dir, const char *ext,
    cli_input_fn fn, void *ctx)
{
	char **name = NULL;
	int i, r, rc = 0, made = 0;

	if (dir != NULL && (name = calloc((size_t)argc + 1, sizeof *name)))
		for (; made < argc && (name[made] = cli_outname(dir,
		    argv[made], ext)) != NULL; made++)
			continue;
	if (dir != NULL && made < argc) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		rc = 2;
	}
	/*
	 * Without dir every input goes to one output, so the first system
	 * error ends the loop.
	 */
	for (i = 0; i < (argc || dir ? argc : 1) && rc < (dir ? 3 : 2) &&
	    made == (dir ? argc : 0); i++)
		if ((r = each_one(argc ? argv : NULL, name, i, fn, ctx)) > rc)
			rc = r;
	while (made > 0)
		free(name[--made]);
	free(name);
	return rc;
}
