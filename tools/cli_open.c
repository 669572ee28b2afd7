/*
 * cli_open.c: an input operand opened as a pipeline (see cli.h): a
 * file, the standard input, or one member of an archive named
 * "ARCHIVE:MEMBER" when no file has that name; and run through to its
 * end with a callback on every position (cli_replay).  Nothing here
 * knows backgammon.
 */
#include <sys/stat.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

/*
 * "ARCHIVE:MEMBER", no file of that name: the pipeline of the archive,
 * the first file named by a part before a ':', reading MEMBER alone.
 * NULL with errno ENOENT when no part is a file, or after saying why.
 */
static bg_pipeline *
open_member(const char *name, int json)
{
	const char *c;
	struct stat st;
	bg_pipeline *p;
	char *a;
	int r;

	for (c = strchr(name, ':'); c != NULL; c = strchr(c + 1, ':')) {
		if ((a = strdup(name)) == NULL)
			return NULL;
		a[c - name] = '\0';
		p = stat(a, &st) == 0 && S_ISREG(st.st_mode) ?
		    bg_pipeline_open(a) : NULL;
		free(a);
		if (p == NULL)
			continue;
		if ((r = bg_pipeline_set_member(p, name)) == 0)
			return p;
		cli_syserr(stdout, stderr, json, name, -r, r == -BG_EINVAL ?
		    "no such member in the archive" : NULL);
		bg_pipeline_free(p);
		errno = 0;
		return NULL;
	}
	errno = ENOENT;
	return NULL;
}

bg_pipeline *
cli_open(const char *name, bg_format from, const bg_ruleset *rules,
    int json)
{
	bg_pipeline *p;

	if (name != NULL && strcmp(name, "-") == 0)
		name = NULL;
	if ((p = bg_pipeline_open(name)) == NULL && errno == ENOENT &&
	    (p = open_member(name, json)) == NULL && errno != ENOENT)
		return NULL;
	if (p == NULL) {
		if (errno == ENOMEM)
			cli_syserr(stdout, stderr, json, json ? name : NULL,
			    BG_ENOMEM, NULL);
		else
			cli_syserr(stdout, stderr, json, name, BG_EIO,
			    strerror(errno));
		return NULL;
	}
	bg_pipeline_set_format(p, from);
	if (rules != NULL)
		bg_pipeline_set_rules(p, rules);
	return p;
}

int
cli_replay(const char *name, bg_format from, bg_variant v, int json,
    bg_replay_fn fn, void *ctx, bg_pipeline **pp)
{
	const bg_diag *d;
	bg_ruleset rs;
	size_t i;
	int r, bad = 0;

	bg_ruleset_init(&rs);
	rs.variant = v;
	if ((*pp = cli_open(name, from, &rs, json)) == NULL)
		return 2;
	bg_pipeline_set_callback(*pp, fn, ctx);
	do
		for (r = cli_next(*pp), i = 0;
		    i < bg_pipeline_diag_count(*pp); i++) {
			/* A list's positions are games without results. */
			if ((d = bg_pipeline_diag(*pp, i))->code ==
			    BG_WUNFINISHED)
				continue;
			bad |= d->severity == BG_SEV_ERROR ||
			    d->code == BG_WNOTREPLAYED;
			cli_report(stdout, stderr, json, bg_pipeline_name(*pp),
			    bg_pipeline_diag_player(*pp, d), d,
			    bg_pipeline_diag_turn(*pp, i));
		}
	while (r > 0);
	if (r < 0)
		cli_syserr(stdout, stderr, json, bg_pipeline_name(*pp), -r,
		    NULL);
	r = cli_close(*pp, r);
	*pp = NULL;
	return r < 0 ? 2 : bad;
}
