/*
 * bgconv: convert match records between .mat, SGF and JSON Lines, or
 * write one as an HTML page to step through.  Each
 * input is read in the format its content shows (or the one -f names)
 * and every match is written again in the format -T names, through the
 * library's one record model; what the input could not give and what
 * the output cannot hold is reported on stderr.  With -o the output goes
 * to a temporary file renamed into place only when all went well (exit
 * status 0, or 1 with -F).  A thin front end: readers and writers live
 * in lib/.
 */
/* realpath(), for -o through a link. */
#define _XOPEN_SOURCE 700

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "bgkit.h"
#include "cli.h"

#define USAGE "usage: bgconv [-FqW] [-f mat|sgf|json] -T mat|sgf|json|html " \
	"[-r rules] [-s gnubg|xg] [-o file] [file ...]\n"

struct opts {
	bg_ruleset	 rules;		/* -r */
	bg_format	 from, to;
	bg_style	 style;
	int		 quiet, werror, force;
};

struct count {
	int		 errors, warnings;
};

static long
write_fp(void *ctx, const char *buf, size_t n)
{
	FILE *fp = ctx;

	if (fwrite(buf, 1, n, fp) != n)
		return -1;
	return (long)n;
}

static void
report(const struct opts *o, struct count *c, const char *file,
    const bg_match *m, const bg_diag *d)
{
	if (d->severity == BG_SEV_WARNING) {
		c->warnings++;
		if (o->quiet)
			return;
	} else
		c->errors++;
	cli_print_diag(file, m && d->side >= 0 ? bg_match_player(m, d->side) :
	    NULL, d);
}

static void
report_reader(const struct opts *o, struct count *c, const char *file,
    const bg_match *m, const bg_reader *rd)
{
	size_t i;

	for (i = 0; i < bg_reader_diag_count(rd); i++)
		report(o, c, file, m, bg_reader_diag(rd, i));
}

static void
report_writer(const struct opts *o, struct count *c, const char *file,
    const bg_match *m, const bg_writer *w)
{
	size_t i;

	for (i = 0; i < bg_writer_diag_count(w); i++)
		report(o, c, file, m, bg_writer_diag(w, i));
}

/* Convert one input; 2 on a system error, else 0. */
static int
convert(const struct opts *o, struct count *c, bg_writer *w,
    const char *name)
{
	const char *label = name ? name : "<stdin>";
	FILE *fp = stdin;
	bg_reader *rd;
	const bg_match *m = NULL, *last = NULL;
	const bg_game *g;
	int rc, grc = 0, wrc = 0;

	if (name && (fp = cli_fopen(name)) == NULL) {
		cli_warnx("%s: %s", name, strerror(errno));
		return 2;
	}
	if ((rd = bg_reader_new(cli_read, fp, label)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		if (fp != stdin)
			fclose(fp);
		return 2;
	}
	if (o->from != BG_FORMAT_AUTO)
		bg_reader_set_format(rd, o->from);
	while ((rc = bg_reader_next_match(rd, &m)) > 0) {
		last = m;
		report_reader(o, c, label, m, rd);
		wrc = bg_writer_match(w, m);
		report_writer(o, c, label, m, w);
		while (wrc >= 0 && (grc = bg_reader_next_game(rd, &g)) > 0) {
			report_reader(o, c, label, m, rd);
			wrc = bg_writer_game(w, g);
			report_writer(o, c, label, m, w);
		}
		/* The last call's too: JSON records after a bad game line. */
		if (wrc >= 0)
			report_reader(o, c, label, m, rd);
		if (grc < 0) {
			rc = grc;
			break;
		}
		if (wrc >= 0) {
			wrc = bg_writer_end(w);
			report_writer(o, c, label, m, w);
		}
		if (wrc < 0) {
			/* A write error is told when the output is closed. */
			if (wrc != -BG_EIO)
				cli_warnx("%s", bg_strerror(wrc));
			rc = wrc;
			break;
		}
	}
	if (rc == 0)
		report_reader(o, c, label, last, rd);
	else if (rc < 0 && wrc >= 0)
		cli_warnx("%s: %s", label, bg_strerror(rc));
	bg_reader_free(rd);
	if (fp != stdin && fclose(fp) != 0 && rc >= 0) {
		cli_warnx("%s: %s", label, strerror(errno));
		rc = -BG_EIO;
	}
	return rc < 0 ? 2 : 0;
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
		{ "force", no_argument, NULL, 'F' },
		{ "quiet", no_argument, NULL, 'q' },
		{ "warnings-fatal", no_argument, NULL, 'W' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ NULL, 0, NULL, 0 }
	};
	struct opts o;
	struct count c;
	const char *out = NULL, *style = NULL, *dst = NULL;
	char *tmp = NULL, *real = NULL;
	FILE *fp = stdout;
	bg_writer *w;
	struct stat st;
	int ch, i, r, rc = 0, fd = -1, direct = 0;
	mode_t mask;

	cli_setprog(argv[0]);
	memset(&o, 0, sizeof o);
	memset(&c, 0, sizeof c);
	o.to = BG_FORMAT_AUTO;
	bg_ruleset_init(&o.rules);
	while ((ch = getopt_long(argc, argv, "f:T:r:s:o:FqW", longopts,
	    NULL)) != -1) {
		switch (ch) {
		case 'r':
			if (cli_rules(&o.rules, optarg) < 0) {
				free(real);
				return 2;
			}
			break;
		case 'f':
			if (bg_format_parse(&o.from, optarg) < 0 ||
			    o.from == BG_FORMAT_HTML) {
				cli_warnx("unknown input format: %s (mat, sgf, "
				    "json)", optarg);
				fputs(USAGE, stderr);
				return 2;
			}
			break;
		case 'T':
			if (bg_format_parse(&o.to, optarg) < 0 ||
			    o.to == BG_FORMAT_AUTO) {
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
			    "  -f, --from FORMAT      read mat, sgf or json "
			    "(default: from the content)\n"
			    "  -T, --format FORMAT    write mat, sgf, json or html\n"
			    "  -r, --rules RULES      rules to judge by and "
			    "write (see bgcheck --help)\n"
			    "  -s, --style STYLE      .mat layout: gnubg "
			    "(default) or xg\n"
			    "  -o, --output FILE      write FILE (replaced "
			    "only on success)\n"
			    "  -F, --force            with -o, replace FILE "
			    "even when an input has errors\n"
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
	/*
	 * A device or a pipe (-o /dev/stdout) is written in place: a rename
	 * would put a file where it was.  A link is followed, so that the
	 * file it names is replaced and the link kept.
	 */
	if (out != NULL && stat(out, &st) == 0 && !S_ISREG(st.st_mode)) {
		if ((fp = fopen(out, "wb")) == NULL) {
			cli_warnx("%s: %s", out, strerror(errno));
			return 2;
		}
		direct = 1;
	} else if (out != NULL) {
		size_t n;

		dst = (real = realpath(out, NULL)) != NULL ? real : out;
		n = strlen(dst);
		if ((tmp = malloc(n + 8)) == NULL) {
			cli_warnx("%s", bg_strerror(BG_ENOMEM));
			free(real);
			return 2;
		}
		snprintf(tmp, n + 8, "%s.XXXXXX", dst);
		mask = umask(0);
		umask(mask);
		if ((fd = mkstemp(tmp)) < 0 || fchmod(fd, 0666 & ~mask) != 0 ||
		    (fp = fdopen(fd, "wb")) == NULL) {
			cli_warnx("%s: %s", out, strerror(errno));
			if (fd >= 0) {
				close(fd);
				unlink(tmp);
			}
			free(tmp);
			free(real);
			return 2;
		}
	}
	if ((w = bg_writer_new(o.to, write_fp, fp)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		rc = 2;
	} else {
		bg_writer_set_style(w, o.style);
		bg_writer_set_rules(w, &o.rules);
		if (argc == 0)
			rc = convert(&o, &c, w, NULL);
		for (i = 0; i < argc && rc < 2; i++) {
			r = convert(&o, &c, w, strcmp(argv[i], "-") == 0 ?
			    NULL : argv[i]);
			if (r > rc)
				rc = r;
		}
		bg_writer_free(w);
	}
	if (direct) {
		/* Flushed and closed whatever happens; any failure counts. */
		r = fflush(fp) != 0;
		r |= ferror(fp) != 0;
		r |= fclose(fp) != 0;
		if (r) {
			cli_warnx("%s: %s", out, strerror(errno ? errno : EIO));
			rc = 2;
		}
	} else if (out != NULL) {
		if (fflush(fp) != 0 || ferror(fp) || fsync(fileno(fp)) != 0) {
			cli_warnx("%s: %s", out, strerror(errno ? errno : EIO));
			rc = 2;
		}
		if (fclose(fp) != 0 && rc < 2) {
			cli_warnx("%s: %s", out, strerror(errno));
			rc = 2;
		}
		/*
		 * A failed conversion leaves the file as it was, unless -F
		 * asks for what could be read all the same.
		 */
		if (rc < 2 && (c.errors || (o.werror && c.warnings))) {
			rc = 1;
			if (!o.force)
				cli_warnx("%s: not replaced: the conversion "
				    "failed (-F replaces it all the same)",
				    out);
		}
		if ((rc == 0 || (rc == 1 && o.force)) &&
		    rename(tmp, dst) != 0) {
			cli_warnx("%s: %s", out, strerror(errno));
			rc = 2;
		}
		if (rc == 2 || (rc == 1 && !o.force))
			unlink(tmp);
		free(tmp);
		free(real);
	}
	if (rc < 2 && (c.errors || (o.werror && c.warnings)))
		rc = 1;
	if ((r = cli_close_stdout()) > rc)
		rc = r;
	return rc;
}
