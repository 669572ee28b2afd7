/*
 * bgcheck: validate match transcripts.  Reads each file (.mat, SGF or
 * JSON Lines, as its content shows or -f says), replays every game
 * through the rules and reports what is
 * wrong, where and why.  With several files and -j N, N threads check
 * files side by side, each into its own output buffers, and the main
 * thread prints the buffers in the order of the operands.  A thin front
 * end: reading and replay live in lib/.
 */
#include <errno.h>
#include <getopt.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgcheck [-qvW] [-f mat|sgf|json] [-j jobs] " \
	"[-r rules] [-T text|json] [file ...]\n"

#define MAXJOBS	256
#define MIN(a, b)	((a) < (b) ? (a) : (b))
#define MAX(a, b)	((a) > (b) ? (a) : (b))

struct opts {
	bg_format from;		/* -f */
	bg_ruleset rules;	/* -r */
	int	quiet;		/* no warnings */
	int	verbose;	/* a summary line per file */
	int	werror;
	int	json;
};

/* Where one file's output goes: stdout and stderr, or two buffers. */
struct sink {
	FILE	*out, *err;
};

struct count {
	int	errors, warnings, games, records, matches;
	int	eof;		/* the reader reported a cut file */
};

/* "bgcheck: message" on the sink's stderr. */
static void
warn(const struct sink *k, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
warn(const struct sink *k, const char *fmt, ...)
{
	va_list ap;

	if (k->out == stdout)
		fflush(stdout);
	fprintf(k->err, "%s: ", cli_prog);
	va_start(ap, fmt);
	vfprintf(k->err, fmt, ap);
	va_end(ap);
	fputc('\n', k->err);
}

/* snprintf(buf, size, "%s", s), without the cost of printf. */
static void
copyname(char *buf, size_t size, const char *s)
{
	size_t len = strlen(s);

	if (len >= size)
		len = size - 1;
	memcpy(buf, s, len);
	buf[len] = '\0';
}

static const char *
sevname(bg_severity s)
{
	return s == BG_SEV_WARNING ? "warning" : "error";
}

/* Print one diagnostic in the house format, or as JSON. */
static void
report(const struct opts *o, const struct sink *k, struct count *c,
    const char *file, const bg_match *m, const bg_diag *d)
{
	FILE *out = k->out;
	const char *who = NULL;

	if (d->code == BG_WEOF)
		c->eof = 1;
	else if (d->code == BG_WUNFINISHED && c->eof)
		return;		/* the reader said it already */
	if (d->severity == BG_SEV_WARNING) {
		c->warnings++;
		if (o->quiet)
			return;
	} else
		c->errors++;
	if (m && d->side >= 0)
		who = bg_match_player(m, d->side);
	if (o->json) {
		fputs("{\"file\":", out);
		cli_putjson(out, file);
		fprintf(out, ",\"line\":%d,\"column\":%d,\"game\":%d,\"move\":%d,",
		    d->line, d->col, d->game, d->move);
		fprintf(out, "\"side\":%d,\"player\":", d->side);
		if (who)
			cli_putjson(out, who);
		else
			fputs("null", out);
		if (d->dice[0])
			fprintf(out, ",\"dice\":\"%d%d\"", d->dice[0], d->dice[1]);
		else
			fputs(",\"dice\":null", out);
		fprintf(out, ",\"severity\":\"%s\",\"code\":\"%s\",\"message\":",
		    sevname(d->severity), bg_code_name(d->code));
		cli_putjson(out, bg_strerror(d->code));
		fputs(",\"detail\":", out);
		cli_putjson(out, d->detail);
		fputs("}\n", out);
		return;
	}
	if (k->err == stderr)
		cli_print_diag(file, who, d);
	else
		cli_fprint_diag(k->err, file, who, d);
}

/* Report the reader's and the replay's diagnostics in line order. */
static void
report_all(const struct opts *o, const struct sink *k, struct count *c,
    const char *file, const bg_match *m, const bg_reader *rd,
    const bg_replay *rp)
{
	size_t i = 0, j = 0, ni = rd ? bg_reader_diag_count(rd) : 0;
	size_t nj = rp ? bg_replay_diag_count(rp) : 0;

	while (i < ni || j < nj) {
		const bg_diag *a = i < ni ? bg_reader_diag(rd, i) : NULL;
		const bg_diag *b = j < nj ? bg_replay_diag(rp, j) : NULL;

		if (a && (b == NULL || a->line <= b->line)) {
			report(o, k, c, file, m, a);
			i++;
		} else {
			report(o, k, c, file, m, b);
			j++;
		}
	}
}

static void
summary(const struct opts *o, const struct sink *k, const struct count *c,
    const char *file, char names[2][64], int length, const bg_replay *rp)
{
	FILE *out = k->out;
	const bg_result *res = rp ? bg_replay_result(rp) : NULL;
	int s;

	if (o->json) {
		fputs("{\"file\":", out);
		cli_putjson(out, file);
		fprintf(out, ",\"summary\":true,\"valid\":%s,\"errors\":%d,"
		    "\"warnings\":%d,\"matches\":%d,\"games\":%d,"
		    "\"records\":%d}\n", c->errors ? "false" : "true",
		    c->errors, c->warnings, c->matches, c->games, c->records);
		return;
	}
	if (!o->verbose)
		return;
	cli_puttext(out, file);
	fprintf(out, ": %s, %d match%s, %d game%s, %d records",
	    c->errors ? "invalid" : "valid", c->matches,
	    c->matches == 1 ? "" : "es", c->games, c->games == 1 ? "" : "s",
	    c->records);
	if (res && c->games > 0) {
		fputs("; score", out);
		for (s = 0; s < 2; s++) {
			fputs(s ? ", " : " ", out);
			cli_puttext(out, names[s][0] ? names[s] :
			    s ? "right" : "left");
			fprintf(out, " %d", res->score[s]);
		}
		if (length > 0)
			fprintf(out, " (%d-point match)", length);
	}
	fputc('\n', out);
	if (res && c->games > 0) {
		char xg[128], pid[BG_POSID_LEN + 1];
		bg_matchstate ms = *bg_replay_state(rp);
		int nx, np;

		/* The final position, the last game's score at its start. */
		ms.score[0] = res->score[0] - (res->winner == 0) * res->points;
		ms.score[1] = res->score[1] - (res->winner == 1) * res->points;
		ms.dice[0] = ms.dice[1] = 0;
		ms.state = BG_GAME_PLAYING;
		/* No line when a field cannot be written (a cube no XGID holds). */
		nx = bg_xgid_encode(xg, sizeof xg, bg_replay_board(rp), &ms);
		np = bg_posid_encode(pid, sizeof pid, bg_replay_board(rp),
		    ms.on_roll);
		if (nx >= 0 && nx < (int)sizeof xg && np >= 0 &&
		    np < (int)sizeof pid)
			fprintf(out, "final position: %s %s\n", pid, xg);
	}
}

static int
check_file(const struct opts *o, const struct sink *k, const char *name)
{
	const char *label = name ? name : "<stdin>";
	FILE *fp = stdin;
	bg_reader *rd;
	bg_replay *rp;
	const bg_match *m = NULL, *last = NULL;
	const bg_game *g;
	struct count c;
	char names[2][64] = { "", "" };
	int rc, grc, s, length = 0;

	memset(&c, 0, sizeof c);
	if (name && (fp = cli_fopen(name)) == NULL) {
		warn(k, "%s: %s", name, strerror(errno));
		return 2;
	}
	/*
	 * The reader asks for 64 KiB at a time: no stdio buffer between,
	 * to be allocated and copied through for each file.
	 */
	if (fp != stdin)
		setvbuf(fp, NULL, _IONBF, 0);
	rd = bg_reader_new(cli_read, fp, label);
	if (rd != NULL && o->from != BG_FORMAT_AUTO)
		bg_reader_set_format(rd, o->from);
	rp = bg_replay_new();
	if (rp != NULL)
		bg_replay_set_rules(rp, &o->rules);
	if (rd == NULL || rp == NULL) {
		warn(k, "%s", bg_strerror(BG_ENOMEM));
		bg_reader_free(rd);
		bg_replay_free(rp);
		if (fp != stdin)
			fclose(fp);
		return 2;
	}
	while ((rc = bg_reader_next_match(rd, &m)) > 0) {
		last = m;
		c.matches++;
		length = bg_match_length(m);
		for (s = 0; s < 2; s++) {
			const char *p = bg_match_player(m, s);

			copyname(names[s], sizeof names[s], p ? p : "");
		}
		report_all(o, k, &c, label, m, rd, NULL);
		bg_replay_match(rp, m);
		while ((grc = bg_reader_next_game(rd, &g)) > 0) {
			c.games++;
			for (s = 0; s < 2; s++)
				if (!names[s][0] && bg_game_player(g, s))
					copyname(names[s], sizeof names[s],
					    bg_game_player(g, s));
			bg_replay_game(rp, g);
			c.records += bg_replay_result(rp)->records;
			report_all(o, k, &c, label, m, rd, rp);
		}
		bg_replay_end(rp);
		/* The last call's too: JSON records after a bad game line. */
		report_all(o, k, &c, label, m, rd, rp);
		if (grc < 0) {
			rc = grc;
			break;
		}
	}
	if (rc == 0)
		report_all(o, k, &c, label, last, rd, NULL);
	if (rc < 0) {
		warn(k, "%s: %s", label, bg_strerror(rc));
		c.errors++;	/* a file not read through is not valid */
	}
	summary(o, k, &c, label, names, length, rp);
	bg_replay_free(rp);
	bg_reader_free(rd);
	if (fp != stdin && fclose(fp) != 0 && rc >= 0) {
		warn(k, "%s: %s", label, strerror(errno));
		rc = -BG_EIO;
	}
	if (rc < 0)
		return 2;
	return c.errors || (o->werror && c.warnings) ? 1 : 0;
}

/*
 * Checking files on several threads.  Workers take the next file, check
 * it into two memory streams and mark it done; the main thread waits for
 * each file in turn and prints its buffers, stderr's first (diagnostics
 * come before the -v summary), so the output is in operand order.
 */
struct job {
	const char	*name;
	char		*out, *err;
	size_t		 outlen, errlen;
	int		 rc, done;
};

struct pool {
	const struct opts *o;
	struct job	*job;
	int		 njob, next;
	pthread_mutex_t	 mu;
	pthread_cond_t	 cv;
};

static void *
worker(void *arg)
{
	struct pool *p = arg;
	struct job *j;
	struct sink k;
	int i;

	for (;;) {
		pthread_mutex_lock(&p->mu);
		i = p->next++;
		pthread_mutex_unlock(&p->mu);
		if (i >= p->njob)
			return NULL;
		j = &p->job[i];
		k.out = open_memstream(&j->out, &j->outlen);
		k.err = open_memstream(&j->err, &j->errlen);
		if (k.out == NULL || k.err == NULL) {
			j->rc = -1;	/* told by the main thread */
			if (k.out)
				fclose(k.out);
			if (k.err)
				fclose(k.err);
		} else {
			j->rc = check_file(p->o, &k, j->name);
			if (fclose(k.out) != 0 || fclose(k.err) != 0)
				j->rc = -1;
		}
		pthread_mutex_lock(&p->mu);
		j->done = 1;
		pthread_cond_broadcast(&p->cv);
		pthread_mutex_unlock(&p->mu);
	}
}

/* Check files names[0..n) on up to jobs threads; the worst status. */
static int
check_parallel(const struct opts *o, char **names, int n, int jobs)
{
	struct pool p;
	pthread_t *tid;
	int i, nt = 0, rc = 0;

	memset(&p, 0, sizeof p);
	p.o = o;
	p.njob = n;
	if ((p.job = calloc((size_t)n, sizeof *p.job)) == NULL ||
	    (tid = calloc((size_t)jobs, sizeof *tid)) == NULL) {
		free(p.job);
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	for (i = 0; i < n; i++)
		p.job[i].name = strcmp(names[i], "-") == 0 ? NULL : names[i];
	pthread_mutex_init(&p.mu, NULL);
	pthread_cond_init(&p.cv, NULL);
	for (i = 0; i < jobs && i < n; i++)
		if (pthread_create(&tid[nt], NULL, worker, &p) == 0)
			nt++;
	if (nt == 0) {
		/* No thread: check them here, one by one. */
		struct sink k = { stdout, stderr };

		for (i = 0; i < n; i++)
			rc = MAX(rc, check_file(o, &k, p.job[i].name));
		p.next = n;
	}
	for (i = 0; i < n && nt > 0; i++) {
		struct job *j = &p.job[i];

		pthread_mutex_lock(&p.mu);
		while (!j->done)
			pthread_cond_wait(&p.cv, &p.mu);
		pthread_mutex_unlock(&p.mu);
		if (j->rc < 0) {
			cli_warnx("%s: %s", j->name ? j->name : "<stdin>",
			    bg_strerror(BG_ENOMEM));
			j->rc = 2;
		}
		fflush(stdout);
		if (j->errlen)
			fwrite(j->err, 1, j->errlen, stderr);
		if (j->outlen)
			fwrite(j->out, 1, j->outlen, stdout);
		free(j->out);
		free(j->err);
		rc = MAX(rc, j->rc);
	}
	for (i = 0; i < nt; i++)
		pthread_join(tid[i], NULL);
	pthread_mutex_destroy(&p.mu);
	pthread_cond_destroy(&p.cv);
	free(tid);
	free(p.job);
	return rc;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "rules", required_argument, NULL, 'r' },
		{ "verbose", no_argument, NULL, 'v' },
		{ "warnings-fatal", no_argument, NULL, 'W' },
		{ "format", required_argument, NULL, 'T' },
		{ "jobs", required_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o;
	struct sink k = { stdout, stderr };
	long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
	int c, i, r, rc = 0, jobs = ncpu > 0 ? (int)MIN(ncpu, MAXJOBS) : 1;
	char *end;

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
	while ((c = getopt_long(argc, argv, "f:qr:vWj:T:", longopts, NULL)) !=
	    -1) {
		switch (c) {
		case 'f':
			if (bg_format_parse(&o.from, optarg) < 0) {
				cli_warnx("unknown input format: %s (mat, sgf, "
				    "json)", optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 'r':
			if (cli_rules(&o.rules, optarg) < 0)
				return 2;
			break;
		case 'v':
			o.verbose = 1;
			break;
		case 'W':
			o.werror = 1;
			break;
		case 'j':
			errno = 0;
			r = (int)strtol(optarg, &end, 10);
			if (errno || *end || end == optarg || r < 1 ||
			    r > MAXJOBS) {
				cli_warnx("bad number of jobs: %s (1 to %d)",
				    optarg, MAXJOBS);
				fputs(USAGE, stderr);
				return 2;
			}
			jobs = r;
			break;
		case 'T':
			if (strcmp(optarg, "json") == 0)
				o.json = 1;
			else if (strcmp(optarg, "text") != 0) {
				cli_warnx("unknown format: %s (text, json)",
				    optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 'h':
			fputs(USAGE "\n"
			    "  -f, --from FORMAT      read mat, sgf or json "
			    "(default: from the content)\n"
			    "  -q, --quiet            do not print warnings\n"
			    "  -r, --rules RULES      rules to enforce: "
			    "crawford=on|off,holland=on|off,\n"
			    "                         jacoby=on|off,beavers=N,"
			    "autodoubles=N,cubelimit=N,\n"
			    "                         variant=NAME,cube=on|off\n"
			    "  -v, --verbose          a summary line per file\n"
			    "  -W, --warnings-fatal   warnings make the exit "
			    "status 1\n"
			    "  -j, --jobs N           check N files at a time "
			    "(default: the cores)\n"
			    "  -T, --format FORMAT    text (default) or json\n"
			    "      --help, --version\n", stdout);
			return cli_close_stdout();
		case 'V':
			printf("bgcheck %s (libbgkit %s)\n", BG_VERSION,
			    bg_version());
			return cli_close_stdout();
		default:
			fputs(USAGE, stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		rc = check_file(&o, &k, NULL);
	else if (jobs > 1 && argc > 1)
		rc = check_parallel(&o, argv, argc, jobs);
	for (i = 0; i < argc && (jobs == 1 || argc == 1); i++) {
		r = check_file(&o, &k, strcmp(argv[i], "-") == 0 ? NULL :
		    argv[i]);
		if (r > rc)
			rc = r;
	}
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
