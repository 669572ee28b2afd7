/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * source.c: the bytes under the pipeline's reader.  A source reads the
 * first chunk of its input (a small file whole, in one read) and tells
 * from its first bytes whether it is plain (handed on as it is: that
 * chunk, then straight from the caller), gzip-compressed (1f 8b), a zip
 * archive ("PK\3\4") or a tar archive ("ustar" at offset 257); the last
 * three are read through libarchive, as a stream through the same
 * chunk, one member after the other, each named "INPUT:MEMBER" (a gzip
 * file of one record file keeps the input's own name).  No temporary
 * file, no seek.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <archive.h>
#include <archive_entry.h>

#include "bgkit.h"
#include "dynload_int.h"
#include "source_int.h"

#define PEEK	512		/* the tar header's magic is at 257 */
#define CHUNK	65536		/* a read of the input */
#define LIBARCHIVE "libarchive.so.13"

/*
 * libarchive's functions, looked up when an input is an archive: linked
 * in, libarchive and what it needs (libxml2, ICU, libstdc++...) would be
 * loaded by every program of the library, 3.5 MB of its peak RSS, for
 * the few inputs that are archives (dynload_int.h).  The names are
 * libarchive's without "archive_"; LA() checks each against its
 * prototype in <archive.h>.
 */
struct la {
	void		*dl;
	struct archive	*(*read_new)(void);
	int		 (*read_support_filter_gzip)(struct archive *);
	int		 (*read_support_format_tar)(struct archive *);
	int		 (*read_support_format_zip)(struct archive *);
	int		 (*read_support_format_raw)(struct archive *);
	int		 (*read_open)(struct archive *, void *,
			    archive_open_callback *, archive_read_callback *,
			    archive_close_callback *);
	int		 (*read_next_header)(struct archive *,
			    struct archive_entry **);
	la_ssize_t	 (*read_data)(struct archive *, void *, size_t);
	int		 (*read_free)(struct archive *);
	const char	*(*error_string)(struct archive *);
	int		 (*format)(struct archive *);
	int		 (*filter_code)(struct archive *, int);
	void		 (*set_error)(struct archive *, int, const char *,
			    ...);
	const char	*(*entry_pathname)(struct archive_entry *);
	__LA_MODE_T	 (*entry_filetype)(struct archive_entry *);
};

struct src {
	bg_read_fn	 read;
	void		*ctx;
	char		*base;		/* the input's name */
	char		*name;		/* the current member's */
	int		 archived;	/* through libarchive */
	int		 kind;		/* K_*, from the first bytes */
	int		 members;	/* members begun */
	int		 failed;	/* a damaged input */
	char		 why[96];	/* what libarchive said of it */
	int		 done;		/* set past the last member */
	char		*want;		/* the one member to read, or NULL */
	char		*chunk;		/* CHUNK bytes, the first read's */
	size_t		 npeek, ppos;	/* the bytes in it, and how many of
					   them were handed on */
	struct archive	*a;
	struct la	 la;
};

/*
 * libarchive's read callback: first the bytes read ahead, then the rest
 * of the input.
 */
static la_ssize_t
feed(struct archive *a, void *ctx, const void **buf)
{
	struct src *s = ctx;
	long got;

	(void)a;
	if (s->ppos < s->npeek) {
		*buf = s->chunk + s->ppos;
		got = (long)(s->npeek - s->ppos);
		s->ppos = s->npeek;
		return got;
	}
	/*
	 * libarchive is done with the last buffer it was given, so the
	 * same buffer can be filled again.
	 */
	if ((got = s->read(s->ctx, s->chunk, CHUNK)) < 0) {
		s->la.set_error(a, EIO, "read error");
		return -1;
	}
	*buf = s->chunk;
	return got;
}

enum { K_PLAIN, K_GZIP, K_ZIP, K_TAR };

static int
kind(const char *b, size_t n)
{
	if (n >= 2 && (unsigned char)b[0] == 0x1f &&
	    (unsigned char)b[1] == 0x8b)
		return K_GZIP;
	if (n >= 4 && memcmp(b, "PK\3\4", 4) == 0)
		return K_ZIP;
	if (n >= 262 && memcmp(b + 257, "ustar", 5) == 0)
		return K_TAR;
	return K_PLAIN;
}

/*
 * Whether libarchive read the input as its first bytes say: else a
 * damaged header (a gzip header it would not take, read as raw bytes).
 */
static int
as_told(struct src *s)
{
	int f = s->la.format(s->a) & ARCHIVE_FORMAT_BASE_MASK;

	switch (s->kind) {
	case K_GZIP:
		return s->la.filter_code(s->a, 0) == ARCHIVE_FILTER_GZIP;
	case K_ZIP:
		return f == ARCHIVE_FORMAT_ZIP;
	default:
		return f == ARCHIVE_FORMAT_TAR;
	}
}

/*
 * Mark the input damaged, and keep libarchive's words for what is wrong,
 * or what when it has none.
 */
static void
failed(struct src *s, const char *what)
{
	const char *e = s->a != NULL ? s->la.error_string(s->a) : NULL;

	s->failed = 1;
	snprintf(s->why, sizeof s->why, "%s", e != NULL && *e != '\0' ?
	    e : what);
}

/* Look up libarchive's archive_f into s->la.f. */
#define LA(f)	DL_SYM(s->la.dl, s->la.f, archive_ ## f)

/*
 * Load libarchive and look up its functions into s->la.  Returns 0, or
 * -1 with the reason kept in s->why.
 */
static int
load(struct src *s)
{
	if ((s->la.dl = dlopen(LIBARCHIVE, DL_FLAGS)) == NULL ||
	    LA(read_new) || LA(read_support_filter_gzip) ||
	    LA(read_support_format_tar) || LA(read_support_format_zip) ||
	    LA(read_support_format_raw) || LA(read_open) ||
	    LA(read_next_header) || LA(read_data) || LA(read_free) ||
	    LA(error_string) || LA(format) || LA(filter_code) ||
	    LA(set_error) || LA(entry_pathname) || LA(entry_filetype)) {
		/*
		 * dlerror() names paths of this machine, which have no
		 * place in a message.
		 */
		s->failed = 1;
		snprintf(s->why, sizeof s->why, "%s cannot be loaded",
		    LIBARCHIVE);
		return -1;
	}
	return 0;
}

static int
start_archive(struct src *s)
{
	s->archived = 1;
	if (load(s) < 0)
		return 0;	/* a damaged input, as far as it can tell */
	if ((s->a = s->la.read_new()) == NULL)
		return -1;
	if (s->la.read_support_filter_gzip(s->a) != ARCHIVE_OK &&
	    s->la.read_support_filter_gzip(s->a) != ARCHIVE_WARN)
		return -1;
	s->la.read_support_format_tar(s->a);
	s->la.read_support_format_zip(s->a);
	s->la.read_support_format_raw(s->a);
	if (s->la.read_open(s->a, s, NULL, feed, NULL) != ARCHIVE_OK)
		failed(s, "cannot be opened");
	return 0;
}

struct src *
src_new(bg_read_fn read, void *ctx, const char *name)
{
	struct src *s;
	long got;

	if ((s = calloc(1, sizeof *s)) == NULL ||
	    (s->base = strdup(name ? name : "<stdin>")) == NULL ||
	    (s->name = strdup(s->base)) == NULL)
		goto nomem;
	s->read = read;
	s->ctx = ctx;
	/*
	 * The first bytes tell the kind; asked for as a whole chunk, so that
	 * a small file comes in one read, which the reader then takes from
	 * here.
	 */
	if ((s->chunk = malloc(CHUNK + SRC_ROOM)) == NULL)
		goto nomem;
	while (s->npeek < PEEK) {
		got = read(ctx, s->chunk + s->npeek, CHUNK - s->npeek);
		if (got <= 0 || (size_t)got > CHUNK - s->npeek)
			break;		/* an error is said by the next read */
		s->npeek += (size_t)got;
	}
	if ((s->kind = kind(s->chunk, s->npeek)) != K_PLAIN &&
	    start_archive(s) < 0)
		goto nomem;
	return s;
nomem:
	src_free(s);
	errno = ENOMEM;
	return NULL;
}

void
src_free(struct src *s)
{
	if (s == NULL)
		return;
	if (s->a != NULL)
		s->la.read_free(s->a);
	if (s->la.dl != NULL)
		dlclose(s->la.dl);
	free(s->chunk);
	free(s->want);
	free(s->base);
	free(s->name);
	free(s);
}

/* Name the member: the input's own name for a lone compressed file. */
static int
member_name(struct src *s, struct archive_entry *e)
{
	const char *m = s->la.entry_pathname(e);
	size_t n;
	char *t;

	if (s->la.format(s->a) == ARCHIVE_FORMAT_RAW || m == NULL)
		return 0;
	n = strlen(s->base) + strlen(m) + 2;
	if ((t = malloc(n)) == NULL)
		return -1;
	snprintf(t, n, "%s:%s", s->base, m);
	free(s->name);
	s->name = t;
	return 0;
}

int
src_next(struct src *s)
{
	struct archive_entry *e;
	int r;

	if (s->failed)
		return -1;
	if (!s->archived)
		return s->members++ == 0;
	if (s->done)
		return 0;
	for (;;) {
		r = s->la.read_next_header(s->a, &e);
		if (r == ARCHIVE_EOF) {
			s->done = 1;
			return 0;
		}
		if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
			failed(s, "a damaged header");
			return -1;
		}
		if (s->members == 0 && !as_told(s)) {
			failed(s, s->kind == K_GZIP ? "its first bytes say "
			    "gzip, but the gzip header is damaged" :
			    s->kind == K_ZIP ? "its first bytes say zip, but "
			    "the zip header is damaged" : "its bytes 257 to "
			    "261 say tar, but the tar header is damaged");
			return -1;
		}
		/* Directories, links and devices hold no record. */
		if (s->la.entry_filetype(e) != AE_IFREG &&
		    s->la.format(s->a) != ARCHIVE_FORMAT_RAW)
			continue;
		if (member_name(s, e) < 0) {
			errno = ENOMEM;
			return -1;
		}
		if (s->want != NULL && strcmp(s->name, s->want) != 0)
			continue;
		s->members++;
		return 1;
	}
}

int
src_select(struct src *s, const char *member)
{
	if ((s->want = strdup(member)) == NULL) {
		errno = ENOMEM;
		return -1;
	}
	if (!s->archived || s->done) {
		s->done = 1;
		return 0;
	}
	return s->members > 0 && strcmp(s->name, member) == 0 ? 1 :
	    src_next(s);
}

long
src_read(void *ctx, char *buf, size_t n)
{
	struct src *s = ctx;
	la_ssize_t got;
	size_t k;

	if (s->failed)
		return -1;
	if (s->done || (!s->archived && s->want != NULL))
		return 0;
	if (s->archived) {
		if ((got = s->la.read_data(s->a, buf, n)) < 0) {
			failed(s, "damaged data");
			return -1;
		}
		return (long)got;
	}
	if (s->ppos < s->npeek) {
		k = s->npeek - s->ppos < n ? s->npeek - s->ppos : n;
		memcpy(buf, s->chunk + s->ppos, k);
		if ((s->ppos += k) == s->npeek) {
			/*
			 * Every byte of it was handed on, so the reader's
			 * own buffers take its place.
			 */
			free(s->chunk);
			s->chunk = NULL;
		}
		return (long)k;
	}
	return s->read(s->ctx, buf, n);
}

char *
src_take(void *ctx, size_t back, size_t *len, size_t *cap)
{
	struct src *s = ctx;
	char *buf;

	if (s->archived || s->want != NULL || s->chunk == NULL ||
	    s->ppos != back || s->npeek == 0)
		return NULL;
	buf = s->chunk;
	*len = s->npeek;
	*cap = CHUNK + SRC_ROOM;
	s->chunk = NULL;
	s->ppos = s->npeek;
	return buf;
}

const char *
src_name(const struct src *s)
{
	return s->name;
}

const char *
src_input(const struct src *s)
{
	return s->base;
}

const char *
src_selected(const struct src *s)
{
	return s->want;
}

int
src_failed(const struct src *s)
{
	return s->failed;
}

const char *
src_why(const struct src *s)
{
	return s->failed ? s->why : "";
}
