/*
 * cli.c: the plumbing shared by the bgkit tools (see cli.h).  Nothing
 * here knows backgammon; that lives in lib/.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
	size_t pos = 0, len = strlen(text);
	char why[256];

	if (bg_ruleset_parse(rs, text, len, &pos) == 0)
		return 0;
	bg_ruleset_explain(why, sizeof why, text, len, pos);
	fprintf(stderr, "%s: -r ", cli_prog);
	cli_puttext(stderr, text);
	fprintf(stderr, ": column %zu: ", pos + 1);
	cli_puttext(stderr, why);
	fputc('\n', stderr);
	return -1;
}

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
	fflush(stdout);
	fprintf(stderr, "%s: ", cli_prog);
	cli_puttext(stderr, file);
	if (line > 0)
		fprintf(stderr, ":%ld", line);
	if (col > 0)
		fprintf(stderr, ":%ld", col);
	fprintf(stderr, ": %s: ", sev);
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
