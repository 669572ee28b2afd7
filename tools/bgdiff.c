/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgdiff: two records of the same match, in any formats, compared game
 * by game and action by action as the replay reads them; the first
 * difference (each game's with -a) printed with both texts, files and
 * lines.  A front end to bg_trace_new(3).
 */
#include <unistd.h>
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgdiff [-aq] [-f format] file1 file2\n"

static bg_format from;		/* -f */

/* Make the trace of the file name into t: 0, or 2 after saying why not. */
static int
trace(bg_trace *t, const char *name)
{
	bg_pipeline *p;
	int ev;

	if ((p = cli_open(name, from, NULL, 0)) == NULL)
		return 2;
	bg_pipeline_set_callback(p, bg_trace_pos, t);
	while ((ev = cli_next(p)) > 0)
		if ((ev == BG_PIPE_MATCH && bg_trace_match(t, p) < 0) ||
		    (ev == BG_PIPE_GAME && bg_trace_game(t, p) < 0)) {
			ev = -BG_ENOMEM;
			break;
		}
	if (ev < 0)
		cli_pipe_syserr(stdout, stderr, 0, p, bg_pipeline_name(p),
		    -ev);
	return cli_close(p, ev) < 0 ? 2 : 0;
}

/* Print one side of a difference in words: "< file:line: what it holds". */
static void
side(char mark, const char *name, const bg_trace *t, size_t i)
{
	const bg_trace_entry *e = bg_trace_get(t, i);
	char what[512];

	printf("%c ", mark);
	cli_puttext(stdout, e != NULL && e->file != NULL ? e->file : name);
	if (e != NULL && e->line > 0)
		printf(":%d", e->line);
	fputs(": ", stdout);
	bg_trace_describe(what, sizeof what, t, i);
	cli_puttext(stdout, what);
	putchar('\n');
}

/*
 * Where a difference is, on whichever side has it: "game N, turn T:",
 * the game's T-th action, each play and cube action one, whose
 * position bgshow -g N -m T shows; or the game's start or result.
 */
static void
where(const bg_trace *a, size_t ia, const bg_trace *b, size_t ib)
{
	const bg_trace_entry *e = bg_trace_get(a, ia);

	if (e == NULL)
		e = bg_trace_get(b, ib);
	if (e->turn < 0 && strncmp(e->canon, "match ", 6) == 0)
		printf("match:\n");
	else if (e->turn < 0)
		printf("game %d, result:\n", e->game);
	else if (e->turn == 0)
		printf("game %d, start:\n", e->game);
	else
		printf("game %d, turn %d:\n", e->game, e->turn);
}

int
main(int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ 'a', "all", NULL, "every game's first difference" },
		{ 'f', "from", "FORMAT", "read " CLI_READS "\n(default: "
		    "from the content)" },
		{ 'q', "quiet", NULL, "nothing: the exit status only" },
		{ 0, NULL, NULL, NULL }
	};
	bg_trace *a, *b;
	size_t ia = 0, ib = 0;
	int c, all = 0, quiet = 0, rc = 0, n = 0;

	cli_setprog(argv[0]);
	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1) {
		if (c == 0)
			return rc;
		if (c == 'a' || c == 'q')
			*(c == 'a' ? &all : &quiet) = 1;
		else if (c == 'f' && cli_from(&from, optarg, USAGE) < 0)
			return 2;
	}
	if (argc - optind != 2)
		return cli_usage(USAGE);
	a = bg_trace_new();
	b = bg_trace_new();
	if (a == NULL || b == NULL) {
		bg_trace_free(a);
		bg_trace_free(b);
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	cli_progress_init(1);
	if ((rc = trace(a, argv[optind])) == 0)
		rc = trace(b, argv[optind + 1]);
	cli_progress_clear();
	while (rc == 0 && bg_trace_diff(a, b, &ia, &ib)) {
		if (!quiet) {
			where(a, ia, b, ib);
			side('<', argv[optind], a, ia);
			side('>', argv[optind + 1], b, ib);
		}
		n++;
		if (!all)
			break;
		bg_trace_skip(a, b, &ia, &ib);
	}
	bg_trace_free(a);
	bg_trace_free(b);
	if ((c = cli_close_stdout()) > rc)
		rc = c;
	return rc ? rc : n > 0;
}
