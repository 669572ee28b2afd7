/*
 * bgconv: convert match records between .mat, SGF and JSON Lines (and
 * from XG's binary files and position files), or write one as an HTML
 * page.  Each input is read in the format its content shows (or the one
 * -f names),
 * replayed through the rules as bgcheck replays it, and every match is
 * written again in the format -T names, through the library's one record
 * model; what the input could not give, what breaks the rules and what
 * the output cannot hold is reported on stderr.  An input is read twice:
 * first to check it, then to write it, so that an input with errors is
 * not written at all unless -F asks for it.  With -o the output goes to
 * a temporary file renamed into place only when all went well (exit
 * status 0, or 1 with -F); -d gives each input a file of its own, each
 * put in place the same way.  A thin front end: readers, the replay and
 * writers live in lib/.
 */
/* realpath(), for -o through a link. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgconv [-FqW] [-f format] -T mat|sgf|json|html " \
	"[-r rules] [-s gnubg|xg] [-o file | -d dir] [file ...]\n"

struct opts {
	bg_ruleset	 rules;		/* -r */
	bg_format	 from, to;
	bg_style	 style;
	int		 quiet, werror, force;
};

struct count {
	int		 errors, warnings;
	int		 eof;		/* the reader reported a cut file */
};

/*
 * An input is read twice: once to check it (the replay's verdict, and
 * with -W the writer's warnings), then to write it or to say why not.
 * A regular file is read again from where it started; anything else (a
 * pipe, a terminal) is kept in memory as the first pass reads it.
 */
struct input {
	FILE		*fp;
	const char	*label;
	off_t		 start;
	int		 regular;
	int		 again;		/* the second pass, from mem */
	char		*mem;
	size_t		 len, cap, pos;
};

/* Where an output goes: the standard output, or a file (-o, -d). */
struct output {
	const char	*name;		/* as given; NULL: standard output */
	const char	*dst;		/* the file renamed over */
	char		*tmp, *real;
	FILE		*fp;
	int		 direct;	/* a device or a pipe: in place */
};

static long
write_fp(void *ctx, const char *buf, size_t n)
{
	FILE *fp = ctx;

	if (fwrite(buf, 1, n, fp) != n)
		return -1;
	return (long)n;
}

/* The first pass with -W writes, to learn the writer's warnings. */
static long
write_none(void *ctx, const char *buf, size_t n)
{
	return (long)n;
}

static long
input_read(void *ctx, char *buf, size_t n)
{
	struct input *in = ctx;
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

/* Open an input (NULL: the standard input); -1 with errno set. */
static int
input_open(struct input *in, const char *name)
{
	struct stat st;

	memset(in, 0, sizeof *in);
	in->label = name ? name : "<stdin>";
	in->fp = stdin;
	if (name && (in->fp = cli_fopen(name)) == NULL)
		return -1;
	if (fstat(fileno(in->fp), &st) == 0 && S_ISREG(st.st_mode) &&
	    (in->start = ftello(in->fp)) >= 0)
		in->regular = 1;
	return 0;
}

/* Go back to the start of the input for the second pass. */
static int
input_rewind(struct input *in)
{
	if (!in->regular) {
		in->again = 1;
		in->pos = 0;
		return 0;
	}
	clearerr(in->fp);
	return fseeko(in->fp, in->start, SEEK_SET);
}

static int
input_close(struct input *in)
{
	free(in->mem);
	if (in->fp != stdin)
		return fclose(in->fp);
	return 0;
}

/* "bgconv: message" on err, stdout flushed first. */
static void
warn(FILE *err, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

static void
warn(FILE *err, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(err, "%s: ", cli_prog);
	va_start(ap, fmt);
	vfprintf(err, fmt, ap);
	va_end(ap);
	fputc('\n', err);
}

/* Count one diagnostic and print it on err, as bgcheck(1) does. */
static void
report(const struct opts *o, struct count *c, FILE *err, const char *file,
    const bg_match *m, const bg_diag *d)
{
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
	if (err == stderr)
		fflush(stdout);
	cli_fprint_diag(err, file, m && d->side >= 0 ?
	    bg_match_player(m, d->side) : NULL, d);
}

/* The reader's and the replay's diagnostics in line order. */
static void
report_all(const struct opts *o, struct count *c, FILE *err,
    const char *file, const bg_match *m, const bg_reader *rd,
    const bg_replay *rp)
{
	size_t i = 0, j = 0, ni = bg_reader_diag_count(rd);
	size_t nj = rp ? bg_replay_diag_count(rp) : 0;

	while (i < ni || j < nj) {
		const bg_diag *a = i < ni ? bg_reader_diag(rd, i) : NULL;
		const bg_diag *b = j < nj ? bg_replay_diag(rp, j) : NULL;

		if (a && (b == NULL || a->line <= b->line)) {
			report(o, c, err, file, m, a);
			i++;
		} else {
			report(o, c, err, file, m, b);
			j++;
		}
	}
}

static void
report_writer(const struct opts *o, struct count *c, FILE *err,
    const char *file, const bg_match *m, const bg_writer *w)
{
	size_t i;

	for (i = 0; w && i < bg_writer_diag_count(w); i++)
		report(o, c, err, file, m, bg_writer_diag(w, i));
}

/*
 * One pass over an input: read it, replay every game as bgcheck(1)
 * does and, when w is not NULL, write it.  Diagnostics go to err and are
 * counted in c.  0, or a negative code when the input or the output
 * failed (said on err).
 */
static int
pass(const struct opts *o, struct count *c, FILE *err, bg_writer *w,
    struct input *in)
{
	bg_reader *rd;
	bg_replay *rp;
	const bg_match *m = NULL, *last = NULL;
	const bg_game *g;
	int rc, grc = 0, wrc = 0, prc;

	memset(c, 0, sizeof *c);
	rd = bg_reader_new(input_read, in, in->label);
	if ((rp = bg_replay_new()) == NULL || rd == NULL) {
		warn(err, "%s", bg_strerror(BG_ENOMEM));
		bg_reader_free(rd);
		bg_replay_free(rp);
		return -BG_ENOMEM;
	}
	if (o->from != BG_FORMAT_AUTO)
		bg_reader_set_format(rd, o->from);
	bg_replay_set_rules(rp, &o->rules);
	while ((rc = bg_reader_next_match(rd, &m)) > 0) {
		last = m;
		report_all(o, c, err, in->label, m, rd, NULL);
		bg_replay_match(rp, m);
		if (w) {
			wrc = bg_writer_match(w, m);
			report_writer(o, c, err, in->label, m, w);
		}
		while (wrc >= 0 && (grc = bg_reader_next_game(rd, &g)) > 0) {
			prc = bg_replay_game(rp, g);
			report_all(o, c, err, in->label, m, rd, rp);
			if (prc < 0) {
				grc = prc;	/* a diagnostic lost */
				break;
			}
			if (w) {
				wrc = bg_writer_game(w, g);
				report_writer(o, c, err, in->label, m, w);
			}
		}
		/* The last call's too: JSON records after a bad game line. */
		if (wrc >= 0) {
			prc = bg_replay_end(rp);
			report_all(o, c, err, in->label, m, rd, rp);
			if (prc < 0 && grc >= 0)
				grc = prc;
		}
		if (grc < 0) {
			rc = grc;
			break;
		}
		if (w && wrc >= 0) {
			wrc = bg_writer_end(w);
			report_writer(o, c, err, in->label, m, w);
		}
		if (wrc < 0) {
			/* A write error is told when the output is closed. */
			if (wrc != -BG_EIO)
				warn(err, "%s", bg_strerror(wrc));
			rc = wrc;
			break;
		}
	}
	if (rc == 0)
		report_all(o, c, err, in->label, last, rd, NULL);
	else if (rc < 0 && wrc >= 0)
		warn(err, "%s: %s", in->label, bg_strerror(rc));
	bg_replay_free(rp);
	bg_reader_free(rd);
	return rc < 0 ? rc : 0;
}

/*
 * The first pass: *fail says whether the input failed (errors, or
 * warnings with -W).  What it found is kept in memory and printed only
 * when the input is not to be written (failed without -F, or a system
 * error); else the second pass says it all again, in order with what
 * the writer says.  0, 1 when it failed, 2 on a system error.
 */
static int
check(const struct opts *o, struct input *in, int *fail)
{
	struct count c;
	bg_writer *w = NULL;
	char *buf = NULL;
	size_t len = 0;
	FILE *err;
	int rc;

	if ((err = open_memstream(&buf, &len)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	if (o->werror) {
		if ((w = bg_writer_new(o->to, write_none, NULL)) == NULL) {
			fclose(err);
			free(buf);
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			return 2;
		}
		bg_writer_set_style(w, o->style);
		bg_writer_set_rules(w, &o->rules);
	}
	rc = pass(o, &c, err, w, in);
	bg_writer_free(w);
	*fail = rc < 0 || c.errors || (o->werror && c.warnings);
	if (fclose(err) != 0) {
		free(buf);
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	/* Not to be written: what the first pass found is all to say. */
	if (rc < 0 || (*fail && !o->force)) {
		fflush(stdout);
		fwrite(buf, 1, len, stderr);
	}
	free(buf);
	if (rc >= 0 && input_rewind(in) != 0) {
		cli_warnx("%s: %s", in->label, strerror(errno));
		rc = -BG_EIO;
	}
	return rc < 0 ? 2 : *fail;
}

/* The second pass: write the input to w; 0, 1 or 2 as check(). */
static int
convert(const struct opts *o, struct input *in, bg_writer *w)
{
	struct count c;
	int rc;

	rc = pass(o, &c, stderr, w, in);
	if (rc < 0)
		return 2;
	return c.errors || (o->werror && c.warnings);
}

/*
 * Open an output: the standard output, or a temporary file beside the
 * file named, renamed into place by output_close().  A device or a pipe
 * (-o /dev/stdout) is written in place: a rename would put a file where
 * it was.  A link is followed, so that the file it names is replaced and
 * the link kept.  0, or 2 said.
 */
static int
output_open(struct output *out, const char *name)
{
	struct stat st;
	size_t n;
	mode_t mask;
	int fd = -1;

	memset(out, 0, sizeof *out);
	out->name = name;
	out->fp = stdout;
	if (name == NULL)
		return 0;
	if (stat(name, &st) == 0 && !S_ISREG(st.st_mode)) {
		if ((out->fp = fopen(name, "wb")) == NULL) {
			cli_warnx("%s: %s", name, strerror(errno));
			return 2;
		}
		out->direct = 1;
		return 0;
	}
	out->real = realpath(name, NULL);
	out->dst = out->real ? out->real : name;
	n = strlen(out->dst);
	if ((out->tmp = malloc(n + 8)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		free(out->real);
		return 2;
	}
	snprintf(out->tmp, n + 8, "%s.XXXXXX", out->dst);
	mask = umask(0);
	umask(mask);
	if ((fd = mkstemp(out->tmp)) < 0 || fchmod(fd, 0666 & ~mask) != 0 ||
	    (out->fp = fdopen(fd, "wb")) == NULL) {
		cli_warnx("%s: %s", name, strerror(errno));
		if (fd >= 0) {
			close(fd);
			unlink(out->tmp);
		}
		free(out->tmp);
		free(out->real);
		return 2;
	}
	return 0;
}

/*
 * Close an output: flushed and closed whatever happens, any failure
 * counting; a file is renamed into place when keep says so and all went
 * well, and its temporary file removed otherwise.  rc, or 2.
 */
static int
output_close(struct output *out, int keep, int rc)
{
	int r;

	if (out->name == NULL)
		return rc;
	if (out->direct) {
		r = fflush(out->fp) != 0;
		r |= ferror(out->fp) != 0;
		r |= fclose(out->fp) != 0;
		if (r) {
			cli_warnx("%s: %s", out->name,
			    strerror(errno ? errno : EIO));
			rc = 2;
		}
		return rc;
	}
	if (fflush(out->fp) != 0 || ferror(out->fp) ||
	    fsync(fileno(out->fp)) != 0) {
		cli_warnx("%s: %s", out->name, strerror(errno ? errno : EIO));
		rc = 2;
	}
	if (fclose(out->fp) != 0 && rc < 2) {
		cli_warnx("%s: %s", out->name, strerror(errno));
		rc = 2;
	}
	if (rc < 2 && keep && rename(out->tmp, out->dst) != 0) {
		cli_warnx("%s: %s", out->name, strerror(errno));
		rc = 2;
	}
	if (rc == 2 || !keep)
		unlink(out->tmp);
	free(out->tmp);
	free(out->real);
	return rc;
}

static bg_writer *
writer(const struct opts *o, FILE *fp)
{
	bg_writer *w;

	if ((w = bg_writer_new(o->to, write_fp, fp)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return NULL;
	}
	bg_writer_set_style(w, o->style);
	bg_writer_set_rules(w, &o->rules);
	return w;
}

/*
 * Every input to one output, the standard output or -o's file: an input
 * that fails is not written without -F; the file is replaced only when
 * none failed, or with -F.
 */
static int
to_one(const struct opts *o, const char *name, char **files, int n)
{
	struct output out;
	struct input in;
	bg_writer *w;
	int i, r, rc = 0, fail;

	if (output_open(&out, name) != 0)
		return 2;
	if ((w = writer(o, out.fp)) == NULL)
		return output_close(&out, 0, 2);
	for (i = 0; i < (n ? n : 1) && rc < 2; i++) {
		const char *f = n && strcmp(files[i], "-") != 0 ?
		    files[i] : NULL;

		if (input_open(&in, f) != 0) {
			cli_warnx("%s: %s", f, strerror(errno));
			rc = 2;
			break;
		}
		if ((r = check(o, &in, &fail)) < 2 && (!fail || o->force)) {
			r = convert(o, &in, w);
			if (r < 2 && fail)
				r = 1;
		} else if (r == 1 && name == NULL)
			cli_warnx("%s: not written: the conversion failed "
			    "(-F writes it all the same)", in.label);
		if (input_close(&in) != 0 && r < 2) {
			cli_warnx("%s: %s", in.label, strerror(errno));
			r = 2;
		}
		if (r > rc)
			rc = r;
	}
	bg_writer_free(w);
	/* A failed conversion leaves the file as it was, unless -F. */
	if (name && rc == 1 && !o->force)
		cli_warnx("%s: not replaced: the conversion failed (-F "
		    "replaces it all the same)", name);
	return output_close(&out, rc == 0 || (rc == 1 && o->force), rc);
}

/* The name -d gives the output of input f: DIR/BASE.EXT; NULL on ENOMEM. */
static char *
outname(const char *dir, const char *f, const char *ext)
{
	const char *base = strrchr(f, '/'), *dot;
	size_t nd = strlen(dir), nb;
	char *p;

	base = base ? base + 1 : f;
	dot = strrchr(base, '.');
	nb = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	while (nd > 1 && dir[nd - 1] == '/')
		nd--;
	if ((p = malloc(nd + nb + strlen(ext) + 3)) == NULL)
		return NULL;
	sprintf(p, "%.*s/%.*s.%s", (int)nd, dir, (int)nb, base, ext);
	return p;
}

/* -d: each input to its own file in dir; the worst status. */
static int
to_dir(const struct opts *o, const char *dir, char **files, int n)
{
	static const char *const ext[] = { "", "mat", "sgf", "json", "",
	    "html" };
	struct output out;
	struct input in;
	struct stat sin, sout;
	bg_writer *w;
	char **name;
	int i, j, r, rc = 0, fail;

	if ((name = calloc((size_t)n, sizeof *name)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return 2;
	}
	for (i = 0; i < n; i++)
		if ((name[i] = outname(dir, files[i], ext[o->to])) == NULL) {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			rc = 2;
			goto done;
		}
	for (i = 0; i < n; i++) {
		/* Two inputs of one name: the first operand has it. */
		for (j = 0; j < i && strcmp(name[j], name[i]) != 0; j++)
			continue;
		if (j < i) {
			cli_warnx("%s: not converted: %s is the output of %s",
			    files[i], name[i], files[j]);
			rc = 2;
			continue;
		}
		if (input_open(&in, files[i]) != 0) {
			cli_warnx("%s: %s", files[i], strerror(errno));
			rc = 2;
			continue;
		}
		if (fstat(fileno(in.fp), &sin) == 0 &&
		    stat(name[i], &sout) == 0 && sin.st_dev == sout.st_dev &&
		    sin.st_ino == sout.st_ino) {
			cli_warnx("%s: not converted: %s is the input itself",
			    files[i], name[i]);
			input_close(&in);
			rc = 2;
			continue;
		}
		if ((r = check(o, &in, &fail)) < 2 && (!fail || o->force)) {
			if ((r = output_open(&out, name[i])) == 0) {
				if ((w = writer(o, out.fp)) == NULL)
					r = 2;
				else {
					r = convert(o, &in, w);
					bg_writer_free(w);
				}
				if (r < 2 && fail)
					r = 1;
				r = output_close(&out, r < 2, r);
			}
		} else if (r == 1)
			cli_warnx("%s: not written: the conversion failed "
			    "(-F writes it all the same)", name[i]);
		if (input_close(&in) != 0 && r < 2) {
			cli_warnx("%s: %s", in.label, strerror(errno));
			r = 2;
		}
		if (r > rc)
			rc = r;
	}
done:
	for (i = 0; i < n; i++)
		free(name[i]);
	free(name);
	return rc;
}

int
main(int argc, char *argv[])
{
	static const struct option longopts[] = {
		{ "from", required_argument, NULL, 'f' },
		{ "format", required_argument, NULL, 'T' },
		{ "rules", required_argument, NULL, 'r' },
		{ "style", required_argument, NULL, 's' },
		{ "output", required_argument, NULL, 'o' },
		{ "directory", required_argument, NULL, 'd' },
		{ "force", no_argument, NULL, 'F' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "warnings-fatal", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o;
	const char *out = NULL, *dir = NULL, *style = NULL;
	struct stat st;
	int ch, i, r, rc;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	o.to = BG_FORMAT_AUTO;
	bg_ruleset_init(&o.rules);
	while ((ch = getopt_long(argc, argv, "f:T:r:s:o:d:FqW", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'r':
			if (cli_rules(&o.rules, optarg) < 0)
				return 2;
			break;
		case 'f':
			if (bg_format_parse(&o.from, optarg) < 0 ||
			    o.from == BG_FORMAT_HTML) {
				cli_warnx("unknown input format: %s (mat, sgf, "
				    "json, xg, snowie, pos, gnubgtext, positions)", optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 'T':
			if (bg_format_parse(&o.to, optarg) < 0 ||
			    o.to == BG_FORMAT_AUTO || o.to == BG_FORMAT_XG) {
				cli_warnx("unknown output format: %s (mat, "
				    "sgf, json, html)", optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 's':
			style = optarg;
			break;
		case 'o':
			out = optarg;
			break;
		case 'd':
			dir = optarg;
			break;
		case 'F':
			o.force = 1;
			break;
		case 'q':
			o.quiet = 1;
			break;
		case 'W':
			o.werror = 1;
			break;
		case 'h':
			fputs(USAGE "\n"
			    "  -f, --from FORMAT      read mat, sgf, json, xg, snowie, "
			    "pos,\n"
			    "                         gnubgtext or positions (default: from "
			    "the content)\n"
			    "  -T, --format FORMAT    write mat, sgf, json or html\n"
			    "  -r, --rules RULES      rules to judge by and "
			    "write (see bgcheck --help)\n"
			    "  -s, --style STYLE      .mat layout: gnubg "
			    "(default) or xg\n"
			    "  -o, --output FILE      write FILE (replaced "
			    "only on success)\n"
			    "  -d, --directory DIR    write each input to "
			    "DIR/NAME.FORMAT\n"
			    "  -F, --force            write even what has "
			    "errors\n"
			    "  -q, --quiet            do not print warnings\n"
			    "  -W, --warnings-fatal   warnings make the exit "
			    "status 1\n"
			    "      --help, --version\n", stdout);
			return cli_close_stdout();
		case 'V':
			printf("bgconv %s (libbgkit %s)\n", BG_VERSION,
			    bg_version());
			return cli_close_stdout();
		default:
			fputs(USAGE, stderr);
			return 2;
		}
	}
	argc -= optind;
	argv += optind;
	if (o.to == BG_FORMAT_AUTO) {
		cli_warnx("no output format: give -T mat, sgf, json or "
		    "html");
		fputs(USAGE, stderr);
		return 2;
	}
	o.style = BG_STYLE_GNUBG;
	if (style != NULL && (bg_style_parse(&o.style, style) < 0 ||
	    o.style == BG_STYLE_MAT || o.to != BG_FORMAT_MAT)) {
		if (o.to != BG_FORMAT_MAT)
			cli_warnx("-s applies to -T mat only");
		else
			cli_warnx("unknown style: %s (gnubg, xg)", style);
		fputs(USAGE, stderr);
		return 2;
	}
	if (dir != NULL) {
		if (out != NULL) {
			cli_warnx("-o and -d cannot go together");
			fputs(USAGE, stderr);
			return 2;
		}
		/* The standard input has no name to give its output. */
		for (i = 0; i < argc && strcmp(argv[i], "-") != 0; i++)
			continue;
		if (argc == 0 || i < argc) {
			cli_warnx("-d converts named files, not the standard "
			    "input (use -o or the standard output)");
			fputs(USAGE, stderr);
			return 2;
		}
		r = stat(dir, &st) != 0 ? errno :
		    S_ISDIR(st.st_mode) ? 0 : ENOTDIR;
		if (r != 0) {
			cli_warnx("%s: %s", dir, strerror(r));
			return 2;
		}
		rc = to_dir(&o, dir, argv, argc);
	} else
		rc = to_one(&o, out, argv, argc);
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
