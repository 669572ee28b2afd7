/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli_io.c: the tools' line and file input helpers (bgmove's lines and
 * operands, the opening and reading of an input file) and the escaped
 * messages they print; see cli.h.  Nothing here knows backgammon.
 */
#include <sys/stat.h>

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

/* See cli.h. */
long
cli_getline(FILE *fp, char *buf, size_t max)
{
	size_t n = 0;
	int c, over = 0;

	while ((c = getc(fp)) != EOF && c != '\n' && c != '\r') {
		if (n < max)
			buf[n++] = (char)c;
		else
			over = 1;
	}
	if (c == EOF && n == 0 && !over)
		return -1;
	if (c == '\r' && (c = getc(fp)) != '\n' && c != EOF)
		ungetc(c, fp);
	return over ? -2 : (long)n;
}

char *
cli_join(int argc, char *argv[])
{
	size_t len = 1;
	char *s;
	int i;

	for (i = 0; i < argc; i++)
		len += strlen(argv[i]) + 1;
	if ((s = malloc(len)) == NULL)
		return NULL;
	for (*s = '\0', i = 0; i < argc; i++)
		strcat(strcat(s, i ? " " : ""), argv[i]);
	return s;
}

/* See cli.h. */
void
cli_diagtext(const char *file, long line, long col, const char *sev,
    const char *text)
{
	cli_diaghead(file, line, col, sev);
	cli_puttext(stderr, text);
	fputc('\n', stderr);
}

void
cli_warntext(const char *text)
{
	fflush(stdout);
	fprintf(stderr, "%s: ", cli_prog);
	cli_puttext(stderr, text);
	fputc('\n', stderr);
}

/*
 * The three below serve bgconv, which reads its inputs twice (a check,
 * then the conversion) through its own rewinding source.
 */
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

/*
 * What to do with a directory, by tool; %s is the directory, quoted for
 * the shell.  bggrep reads one with -R; the others take files.
 */
static const char *const dirhint[][2] = {
	{ "bggrep", "-R reads the files under it" },
	{ "bgcheck", "find %s -type f -exec bgcheck {} + checks the files "
	    "under it" },
	{ "bgscore", "find %s -type f -exec bgscore {} + scores the files "
	    "under it" },
	{ "bgconv", "find %s -type f -exec bgconv -T FORMAT --directory "
	    "OUTDIR {} + converts the files under it" },
};

const char *
cli_strerror(char *buf, size_t size, const char *name, int err)
{
	char q[256];
	size_t i, k = 0;
	const char *hint = "name a file under it";

	if (err != EISDIR || name == NULL)
		return strerror(err);
	for (i = 0; i < sizeof dirhint / sizeof dirhint[0]; i++)
		if (strcmp(cli_prog, dirhint[i][0]) == 0)
			hint = dirhint[i][1];
	/* The name as the shell reads it back: plain, or in '...'. */
	if (strspn(name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
	    "0123456789./_-+,:@%=") == strlen(name))
		snprintf(q, sizeof q, "%s", name);
	else {
		q[k++] = '\'';
		for (i = 0; name[i] != '\0' && k + 5 < sizeof q; i++)
			if (name[i] == '\'') {
				memcpy(q + k, "'\\''", 4);
				k += 4;
			} else
				q[k++] = name[i];
		q[k++] = '\'';
		q[k] = '\0';
	}
	k = (size_t)snprintf(buf, size, "%s (", strerror(err));
	if (k < size)
		k += (size_t)snprintf(buf + k, size - k, hint, q);
	if (k + 1 < size)
		memcpy(buf + k, ")", 2);
	return buf;
}

long
cli_read(void *ctx, char *buf, size_t n)
{
	FILE *fp = ctx;
	size_t got;

	/*
	 * Once the end of the file was seen, fread() would ask the system
	 * for more again (on a terminal, the user would have to type a
	 * second end of file), so stop here.
	 */
	if (feof(fp))
		return 0;
	if ((got = fread(buf, 1, n, fp)) == 0 && ferror(fp))
		return -1;
	return (long)got;
}

/* See cli.h. */
int
cli_walk(const char *path, int (*fn)(void *, const char *), void *ctx)
{
	struct dirent **ent;
	struct stat st;
	char *sub;
	int n, i, rc = 0, r;

	if (path == NULL || strcmp(path, "-") == 0 || stat(path, &st) != 0 ||
	    !S_ISDIR(st.st_mode))
		return fn(ctx, path);
	if ((n = scandir(path, &ent, NULL, alphasort)) < 0) {
		cli_warnx("%s: %s", path, strerror(errno));
		return 2;
	}
	for (i = 0; i < n; i++) {
		if (ent[i]->d_name[0] != '.' && (sub = malloc(strlen(path) +
		    strlen(ent[i]->d_name) + 2)) != NULL) {
			sprintf(sub, "%s%s%s", path, path[strlen(path) - 1] ==
			    '/' ? "" : "/", ent[i]->d_name);
			if ((r = cli_walk(sub, fn, ctx)) > rc)
				rc = r;
			free(sub);
		} else if (ent[i]->d_name[0] != '.') {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			rc = 2;
		}
		free(ent[i]);
	}
	free(ent);
	return rc;
}
