/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli_open.c: an input operand opened as a pipeline (see cli.h): a
 * file, the standard input, or one member of an archive named
 * "ARCHIVE:MEMBER" when no file has that name; and the operands that
 * name a place in a file ("FILE:LINE:COL").  Nothing here knows
 * backgammon.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

size_t
cli_archive_len(const char *name)
{
	const char *c;
	struct stat st;
	char *a;
	int is;

	if (stat(name, &st) == 0)
		return 0;
	for (c = strchr(name, ':'); c != NULL; c = strchr(c + 1, ':')) {
		if ((a = strdup(name)) == NULL)
			return 0;
		a[c - name] = '\0';
		is = stat(a, &st) == 0 && S_ISREG(st.st_mode);
		free(a);
		if (is)
			return (size_t)(c - name);
	}
	return 0;
}

int
cli_location(const char **name, int *line, int *col, char **copy)
{
	const char *s = *name, *c1, *c2 = NULL;
	struct stat st;
	char *end;
	long l, c = 0;

	*line = *col = 0;
	*copy = NULL;
	if (s == NULL || strcmp(s, "-") == 0 || stat(s, &st) == 0 ||
	    (c1 = strrchr(s, ':')) == NULL)
		return 0;
	l = strtol(c1 + 1, &end, 10);
	if (*end != '\0' || end == c1 + 1 || l < 1 || l > 0x7fffffff)
		return 0;
	/* FILE:LINE:COL: the last number is the column. */
	for (c2 = c1; c2 > s && c2[-1] >= '0' && c2[-1] <= '9'; c2--)
		;
	if (c2 > s + 1 && c2[-1] == ':' && c2 < c1) {
		c = l;
		l = strtol(c2, NULL, 10);
		c1 = c2 - 1;
	}
	if (l < 1 || l > 0x7fffffff || (*copy = strdup(s)) == NULL)
		return *copy == NULL && l >= 1 ? -1 : 0;
	(*copy)[c1 - s] = '\0';
	*name = *copy;
	*line = (int)l;
	*col = (int)c;
	return 0;
}

/*
 * For a name "ARCHIVE:MEMBER" that no file has, make a pipeline that
 * reads MEMBER alone of ARCHIVE, the first file named by a part before
 * a ':'.  Returns NULL with errno ENOENT when no part is a file, or
 * after saying why it failed.
 */
static bg_pipeline *
open_member(FILE *out, FILE *err, const char *name, int json)
{
	size_t n = cli_archive_len(name);
	bg_pipeline *p;
	char *a;
	int r;

	if (n == 0) {
		errno = ENOENT;
		return NULL;
	}
	if ((a = strdup(name)) == NULL)
		return NULL;
	a[n] = '\0';
	p = bg_pipeline_open(a);
	free(a);
	if (p == NULL)
		return NULL;
	if ((r = bg_pipeline_set_member(p, name)) == 0)
		return p;
	cli_syserr(out, err, json, name, -r, r == -BG_EINVAL ?
	    "no such member in the archive" : NULL);
	bg_pipeline_free(p);
	errno = 0;
	return NULL;
}

bg_pipeline *
cli_open(const char *name, bg_format from, const bg_ruleset *rules,
    int json)
{
	return cli_open_to(stdout, stderr, name, from, rules, json);
}

bg_pipeline *
cli_open_to(FILE *out, FILE *err, const char *name, bg_format from,
    const bg_ruleset *rules, int json)
{
	bg_pipeline *p;
	char t[512];

	if (name != NULL && strcmp(name, "-") == 0)
		name = NULL;
	if ((p = bg_pipeline_open(name)) == NULL && errno == ENOENT &&
	    (p = open_member(out, err, name, json)) == NULL &&
	    errno != ENOENT)
		return NULL;
	if (p == NULL) {
		if (errno == ENOMEM)
			cli_syserr(out, err, json, json ? name : NULL,
			    BG_ENOMEM, NULL);
		else
			cli_syserr(out, err, json, name, BG_EIO, json ?
			    strerror(errno) : cli_strerror(t, sizeof t, name,
			    errno));
		return NULL;
	}
	bg_pipeline_set_format(p, from);
	if (rules != NULL)
		bg_pipeline_set_rules(p, rules);
	return p;
}

bg_pipeline *
cli_input_pipeline(struct cli_input *in, FILE *err)
{
	bg_pipeline *p;
	int r;

	if ((p = bg_pipeline_new(cli_input_read, in, in->archive ?
	    in->archive : in->label)) == NULL) {
		fprintf(err, "%s: %s\n", cli_prog, bg_strerror(BG_ENOMEM));
		return NULL;
	}
	if (in->member != NULL &&
	    (r = bg_pipeline_set_member(p, in->member)) < 0) {
		cli_syserr(stdout, err, 0, in->label, -r, r == -BG_EINVAL ?
		    "no such member in the archive" : NULL);
		bg_pipeline_free(p);
		return NULL;
	}
	return p;
}

void
cli_report_at(FILE *out, FILE *err, int json, const bg_pipeline *p,
    size_t i)
{
	const bg_diag *d = bg_pipeline_diag(p, i);
	size_t more = bg_pipeline_diag_repeats(p, i);

	if (more == 0) {
		cli_report(out, err, json, bg_pipeline_name(p),
		    bg_pipeline_diag_player(p, d), d,
		    bg_pipeline_diag_turn(p, i));
		return;
	}
	if (err == stderr)
		cli_progress_clear();
	if (out == stdout)
		fflush(stdout);
	if (!json)
		fprintf(err, "%s: ", cli_prog);
	bg_diag_write_more(bg_write_stdio, json ? out : err, json ?
	    BG_OUT_JSON : BG_OUT_TEXT, bg_pipeline_name(p),
	    bg_pipeline_diag_player(p, d), d, bg_pipeline_diag_turn(p, i),
	    more);
}
