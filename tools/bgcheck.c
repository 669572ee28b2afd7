/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgcheck: validate match transcripts.  Reads each file (in any format
 * the library reads: bg_format_list(3); as its content shows or -f
 * says), replays every game through the rules and reports what is
 * wrong, where and why.  With several files and -j N, N threads (the
 * main one among them) check files side by side, each into its own
 * output buffers, printed in the order of the operands; with -j 1 the
 * main thread checks them one by one, straight out.  A thin front end:
 * reading and replay live in lib/.
 */
#include <errno.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgcheck [-evW] [-f format] [-j jobs] " \
	"[-r rules] [-T text|json]\n" \
	"               [-w [no-]name] [file ...]\n"

#define MAXJOBS	256
#define MIN(a, b)	((a) < (b) ? (a) : (b))
#define MAX(a, b)	((a) > (b) ? (a) : (b))

struct opts {
	bg_format from;		/* -f */
	bg_ruleset rules;	/* -r */
	bg_diagfilter filter;	/* -w */
	int	quiet;		/* -e: print no warnings */
	int	verbose;	/* -v: a summary line for each file */
	int	werror;
	int	json;
};

/* Where one file's output goes: stdout and stderr, or two buffers. */
struct sink {
	FILE	*out, *err;
};

static int
check_file(const struct opts *o, const struct sink *k, const char *name)
{
	bg_pipeline *p;
	const bg_pipe_count *c;
	size_t i;
	int rc;

	if ((p = cli_open_to(k->out, k->err, name, o->from, &o->rules,
	    o->json)) == NULL)
		return 2;
	/*
	 * JSON is for programs, which get every warning, each in its
	 * place.
	 */
	bg_pipeline_set_filter(p, &o->filter);
	bg_pipeline_set_collapse(p, !o->verbose && !o->json);
	do {
		rc = cli_next(p);
		for (i = 0; i < bg_pipeline_diag_count(p); i++)
			if (bg_pipeline_diag(p, i)->severity !=
			    BG_SEV_WARNING || !o->quiet)
				cli_report_at(k->out, k->err, o->json, p, i);
		if (rc == BG_PIPE_MATCH_END && o->verbose && !o->json)
			bg_pipeline_match_summary(bg_write_stdio, k->out,
			    BG_OUT_TEXT, p);
	} while (rc > 0);
	if (rc < 0)
		cli_pipe_syserr(k->out, k->err, o->json, p,
		    bg_pipeline_name(p), -rc);
	if (o->json || o->verbose)
		bg_pipeline_summary(bg_write_stdio, k->out, o->json ?
		    BG_OUT_JSON : BG_OUT_TEXT, p);
	c = bg_pipeline_count(p);
	rc = rc < 0 ? 2 : c->errors || (o->werror && c->warnings) ? 1 : 0;
	if (bg_pipeline_free(p) < 0 && rc < 2) {
		cli_syserr(k->out, k->err, o->json, name ? name : "<stdin>",
		    BG_EIO, strerror(errno));
		rc = 2;
	}
	return rc;
}

/* Read the N of -j N: 0, or -1 after saying why it is wrong. */
static int
jobs_arg(int *jobs, const char *arg)
{
	char *end;
	long r;

	errno = 0;
	r = strtol(arg, &end, 10);
	if (errno || *end || end == arg || r < 1 || r > MAXJOBS) {
		cli_warnx("bad number of jobs: %s (1 to %d)", arg, MAXJOBS);
		return -1;
	}
	*jobs = (int)r;
	return 0;
}

/* Read the format of -T text|json: 0, or -1 after saying why it is wrong. */
static int
format_arg(int *json, const char *arg)
{
	if (strcmp(arg, "json") == 0 || strcmp(arg, "text") == 0) {
		*json = arg[0] == 'j';
		return 0;
	}
	cli_warnx("unknown format: %s (text, json)", arg);
	return -1;
}

static int
each(void *ctx, const char *name, FILE *out, FILE *err)
{
	struct sink k;

	k.out = out;
	k.err = err;
	return check_file(ctx, &k, name);
}

int
main(int argc, char *argv[])
{
	static const struct cli_opt opts[] = {
		{ 'f', "from", "FORMAT", "read " CLI_READS "\n(default: "
		    "from the content)" },
		{ 'e', "errors-only", NULL, "do not print warnings" },
		{ 'r', "rules", "RULES", "rules to enforce: crawford=on|off,"
		    "holland=on|off,\njacoby=on|off,beavers=N,autodoubles=N,"
		    "cubelimit=N,\nvariant=NAME,cube=on|off" },
		{ 'v', "verbose", NULL, "a summary line per file, and every "
		    "warning in its\nplace (not once a file)" },
		{ 'W', "warnings-fatal", NULL, "warnings make the exit status 1" },
		{ 'j', "jobs", "N", "check N files at a time (default: the "
		    "cores)" },
		{ 'T', "format", "FORMAT", "text (default) or json" },
		CLI_OPT_WARN,
		{ 0, NULL, NULL, NULL }
	};
	struct opts o;
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int c, r, rc, jobs = ncpu > 0 ? (int)MIN(ncpu, MAXJOBS) : 1;

	cli_setprog(argv[0]);
#ifdef M_TRIM_THRESHOLD
	/*
	 * Each file's reader takes a few hundred KiB and gives them back:
	 * kept, not returned to the system and faulted in again per file.
	 */
	mallopt(M_TRIM_THRESHOLD, 64 << 20);
	mallopt(M_MMAP_THRESHOLD, 16 << 20);
#endif
	memset(&o, 0, sizeof o);
	bg_ruleset_init(&o.rules);
	bg_diagfilter_init(&o.filter);
	while ((c = cli_getopt(argc, argv, opts, USAGE, &rc)) != -1) {
		if (c == 0)
			return rc;
		if ((c == 'f' && cli_from(&o.from, optarg, USAGE) < 0) ||
		    (c == 'r' && cli_rules(&o.rules, optarg) < 0) ||
		    (c == 'w' && cli_warnopt(&o.filter, optarg, USAGE)))
			return 2;
		if ((c == 'j' && jobs_arg(&jobs, optarg) < 0) ||
		    (c == 'T' && format_arg(&o.json, optarg) < 0))
			return cli_usage(USAGE);
		o.quiet |= c == 'e';
		o.verbose |= c == 'v';
		o.werror |= c == 'W';
	}
	argc -= optind;
	argv += optind;
	cli_progress_init(!o.verbose && !o.json);
	rc = cli_each_jobs(argc, argv, jobs, each, &o);
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
