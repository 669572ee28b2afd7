/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_xg.c: the reader of eXtreme Gammon's binary files, .xg (a match
 * or session) and .xgp (a position), bgkit-xg(5).  Such a file is a
 * "RichGameFormat" header (its magic "RGMH", names, a thumbnail) and a
 * zlib archive of a few files, indexed at its end; the one read is
 * "temp.xg", a sequence of 2560-byte records: the match header, and per
 * game a game header, cube and move records and a game footer.  The
 * records' fields are little-endian and aligned as Delphi aligns them.
 * The reader holds the whole input and the inflated game file in
 * memory, turns each game into the records the .mat reader gives (plays
 * in the mover's numbering, cube actions, the result) and compares the
 * position XG stores before each move with the one the plays lead to.
 * The analysis of moves and cube decisions, the rollouts' trials and
 * the comments are read by fmt_xg_analysis.c (fmt_xg_int.h); XG's flags,
 * which the record model cannot hold, are named by one warning.
 * Other binary input comes here too and is named as such.  Part of
 * libbgkit; callers use bgkit.h (bg_reader detects XG and comes here).
 *
 * The fields read, by byte offset in a record (byte 8 is its type; i32
 * a signed 32-bit number; pos 26 signed bytes, XG's player 1's view:
 * 1..24 the points in its numbering, its checkers positive, 25 its bar,
 * 0 the other side's bar; "side" 1 is player 1, -1 player 2):
 *
 *   match header (0)  9, 50 the players' short strings; 92 i32 length
 *     (99999 money); 96 i32 variation; 100..103 Crawford, Jacoby,
 *     beaver, automatic doubles; 128 the date (a Delphi double); 136,
 *     283, 417 event, site, round; 552 i32 version; 556 "DMLI"; 576,
 *     580 comment indexes; 616 i32 the automatic doubles' limit (v8);
 *     622, 880, 1138, 1396, 1654 event, players, site, round in UTF-16
 *     (v24); 1960 transcriber (v30).
 *   game header (1)  12, 16 i32 the score; 21 pos, the first position
 *     (all zeros: the variant's start); 48 i32 the game's number; 52 the
 *     game goes on (a position file); 56, 60 comment indexes; 64 i32
 *     the number of automatic doubles (v26).
 *   cube (2)  12 i32 side; 16 i32 doubled: 1 yes, 0 no, below 0 no
 *     decision (-2 the side may not double, -1 it did not get to);
 *     20 i32 take: 0 drop, 1 take, 2 beaver, -1 no answer; 24 i32 the
 *     beaver's answer: 0 drop, 1 take, 2 raccoon; 28 i32 the raccoon's;
 *     32 i32 the cube: 0 centred, +n 2^n held by player 1, -n by player
 *     2 (automatic doubles not counted); 36 pos; 232, 256 analysis
 *     levels; 292 i32 comment index; 296 edited (v24).
 *   move (3)  9 pos before, 35 pos after; 64 i32 side; 68 8 x i32 from
 *     and to of up to four steps in the mover's numbering from 0 (24 the
 *     bar, below 0 off), -1 after the last; 100, 104 i32 dice; 108 i32
 *     the cube, as in a cube record; 120 analysed moves; 2308 played (0:
 *     a roll not played, the steps all 0 or -1); 2472 analysis level;
 *     2480 i32 2 when XG knows the play is illegal; 2524 i32 comment
 *     index; 2528 edited (v24).
 *   game footer (4)  12, 16 i32 the score after the game; 24 i32 the
 *     winner's side (0: none); 28 i32 points won; 32 i32 how it ended:
 *     0 drop, 1..3 single, gammon, backgammon, plus 100 resigned, plus
 *     1000 settled (other codes are seen: the points decide).
 *   match footer (5).
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"
#include "dynload_int.h"
#include "fmt_xg_int.h"

#define MAXFILE	(64L << 20)	/* largest input and game file read */
#define HDRSIZE	8232		/* the RichGameFormat header */
#define TRAILER	36		/* the archive record at the end */
#define FILEREC	532		/* one entry of the archive's index */
#define MAXFILES 64		/* entries of an index read */
#define RECSIZE	XG_RECSIZE
#define MAGIC_OFF 556		/* "DMLI" in the match header */
#define MAXCUBE	(1 << 20)

enum { T_MATCH, T_GAME, T_CUBE, T_MOVE, T_GAMEEND, T_MATCHEND };

#define LIBZ	"libz.so.1"

/*
 * zlib's functions, looked up when an XG file is read (dynload_int.h):
 * linked in, zlib would be loaded by every program of the library.  A
 * caller's inflate and crc32 (bg_reader_set_inflate(), as the
 * WebAssembly build's, which has no zlib, gives JavaScript's) are used
 * instead when given, and zlib is not loaded.
 */
struct zlib {
	void		*dl;
	int		 (*inflateInit_)(z_streamp, const char *, int);
	int		 (*inflate)(z_streamp, int);
	int		 (*inflateEnd)(z_streamp);
	uLong		 (*crc32)(uLong, const Bytef *, uInt);
};

struct xg {
	struct fmt_base	 b;		/* must come first: reader.c reads it */
	struct zlib	 z;
	int		 started, err;
	unsigned char	*in;		/* the whole input */
	size_t		 inlen;
	unsigned char	*gf;		/* temp.xg (the games), inflated */
	size_t		 nrec;		/* the number of records in gf */
	size_t		 at;		/* the next record to read */
	int		 version;	/* the match header's version */
	int		 bad;		/* set once a fatal problem is told */
	int		 done;		/* set when the match was handed out */
	int		 in_match;
	int		 length;
	bg_variant	 variant;
	/* The NR_* bits: what the file holds that was not read, to warn of. */
	int		 notread;
	int		 gameno;	/* how many games were read */
	unsigned char	*xgr, *xgc;	/* the rollout and comment streams */
	struct xg_streams st;		/* the same, for the analysis */
	bg_candidate	 cand[XG_MAXCAND];

	/* the game being read */
	bg_board	 board;
	int		 synced;	/* set while board agrees with XG's */
	int		 cube, owner;
	int		 autos;		/* automatic doubles made this game */
	int		 score[2];
	/* A cube decision with no double, for the mover's next move. */
	bg_rec_analysis	 pend;
	int		 pend_side;	/* the side of pend, or -1 for none */
	size_t		 lastan;	/* one past the last record analysed */
};

#define NR_FLAGS	1		/* XG's flags of plays and cubes */

/* ------------------------------------------------------------- helpers */

static void
diag(struct xg *x, int code, int rec, int game, int side, const int dice[2],
    const char *fmt, ...) __attribute__((format(printf, 7, 8)));

static void
diag(struct xg *x, int code, int rec, int game, int side, const int dice[2],
    const char *fmt, ...)
{
	char t[128];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(t, sizeof t, fmt, ap);
	va_end(ap);
	if (diaglist_add(&x->b.dl, code, rec, 0, game, 0, side, dice, t,
	    strlen(t)) < 0)
		x->err = -BG_ENOMEM;
}

/* A little-endian IEEE double, decoded by hand (no type punning). */
static double
f64(const unsigned char *p)
{
	unsigned long hi = xg_u32(p + 4), lo = xg_u32(p);
	int e = (int)((hi >> 20) & 0x7ff);
	double m = (double)(hi & 0xfffff) * 4294967296.0 + (double)lo, v;

	if (e == 0x7ff)
		return 0;		/* not a number: treated as unset */
	if (e == 0)
		v = m / 4503599627370496.0 * 2.2250738585072014e-308;
	else {
		v = 1.0 + m / 4503599627370496.0;
		for (; e > 1023; e--)
			v *= 2;
		for (; e < 1023; e++)
			v /= 2;
	}
	return hi & 0x80000000UL ? -v : v;
}

size_t
xg_put_utf8(char *out, unsigned long c)
{
	if (c < 0x80) {
		out[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		out[0] = (char)(0xc0 | c >> 6);
		out[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		out[0] = (char)(0xe0 | c >> 12);
		out[1] = (char)(0x80 | ((c >> 6) & 0x3f));
		out[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	out[0] = (char)(0xf0 | c >> 18);
	out[1] = (char)(0x80 | ((c >> 12) & 0x3f));
	out[2] = (char)(0x80 | ((c >> 6) & 0x3f));
	out[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

/*
 * Convert the UTF-16LE string at p, of at most n units and ended by a
 * NUL, into UTF-8 in out (which has room for 4n + 1 bytes), and return
 * its length.  A unit that is not valid UTF-16 becomes U+FFFD.
 */
static size_t
wide(char *out, const unsigned char *p, size_t n)
{
	size_t i, o = 0;
	unsigned long c, d;

	for (i = 0; i < n; i++) {
		if ((c = xg_u16(p + 2 * i)) == 0)
			break;
		if (c >= 0xd800 && c < 0xdc00 && i + 1 < n &&
		    (d = xg_u16(p + 2 * i + 2)) >= 0xdc00 && d < 0xe000) {
			c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
			i++;
		} else if (c >= 0xd800 && c < 0xe000)
			c = 0xfffd;
		o += xg_put_utf8(out + o, c);
	}
	out[o] = '\0';
	return o;
}

/*
 * Convert the Delphi short string at p (its length byte first, then at
 * most max bytes) into UTF-8 in out, and return its length.  XG's first
 * version wrote it in a Windows code page; it is read as Latin-1.
 */
static size_t
ansi(char *out, const unsigned char *p, size_t max)
{
	size_t i, o = 0, n = p[0] < max ? p[0] : max;

	for (i = 0; i < n; i++)
		o += xg_put_utf8(out + o, p[1 + i]);
	out[o] = '\0';
	return o;
}

/* Trim blanks at both ends of the *n bytes at s: return the new start,
 * with the new length in *n. */
static const char *
trim(const char *s, size_t *n)
{
	while (*n > 0 && (s[*n - 1] == ' ' || s[*n - 1] == '\t'))
		(*n)--;
	while (*n > 0 && (*s == ' ' || *s == '\t')) {
		s++;
		(*n)--;
	}
	return s;
}

/* ------------------------------------------------------------ container */

/* Read the whole input into x->in.  Return 0, or a negative code. */
static int
slurp(struct xg *x)
{
	size_t cap = 0;
	unsigned char *p;
	long got;

	for (;;) {
		if (x->inlen > (size_t)MAXFILE)
			return 1;
		if (x->inlen == cap) {
			/* One byte past the limit tells a file too large. */
			cap = cap ? cap * 2 : 65536;
			if (cap > (size_t)MAXFILE + 1)
				cap = (size_t)MAXFILE + 1;
			if ((p = realloc(x->in, cap)) == NULL)
				return -BG_ENOMEM;
			x->in = p;
		}
		got = fmt_src_read(x->b.src, (char *)x->in + x->inlen,
		    cap - x->inlen);
		if (got < 0)
			return -BG_EIO;
		if (got == 0)
			return 0;
		x->inlen += (size_t)got;
	}
}

/* The caller's inflation (bg_reader_set_inflate), or NULL for zlib's. */
static const struct fmt_inflate *
given(const struct xg *x)
{
	return x->b.inf != NULL && x->b.inf->inflate != NULL ? x->b.inf :
	    NULL;
}

/* The CRC-32 of the n bytes at p. */
static unsigned long
crc(const struct xg *x, const unsigned char *p, size_t n)
{
	const struct fmt_inflate *f = given(x);

	return f != NULL ? f->crc32(f->ctx, p, n) & 0xffffffffUL :
	    x->z.crc32(0L, p, (uInt)n);
}

/*
 * Load zlib and look its functions up into *z, unless the caller gave
 * its own.  Return 0, or -1.
 */
static int
load_zlib(struct xg *x)
{
	struct zlib *z = &x->z;

	if (given(x) != NULL)
		return 0;
	if ((z->dl = dlopen(LIBZ, DL_FLAGS)) == NULL)
		return -1;
	return DL_SYM(z->dl, z->inflateInit_, inflateInit_) ||
	    DL_SYM(z->dl, z->inflate, inflate) ||
	    DL_SYM(z->dl, z->inflateEnd, inflateEnd) ||
	    DL_SYM(z->dl, z->crc32, crc32) ? -1 : 0;
}

/*
 * Inflate the n bytes at in into a new buffer of exactly want bytes.
 * Return the buffer, or NULL with *why set to the problem (*why is NULL
 * when memory ran out).
 */
static unsigned char *
inflate_all(const struct xg *x, const unsigned char *in, size_t n,
    size_t want, const char **why)
{
	const struct zlib *zl = &x->z;
	const struct fmt_inflate *f = given(x);
	z_stream z;
	unsigned char *out;
	int rc;

	if ((out = malloc(want ? want : 1)) == NULL) {
		*why = NULL;
		return NULL;
	}
	if (f != NULL) {
		rc = f->inflate(f->ctx, in, n, out, want);
		if (rc == 0)
			return out;
		*why = rc == BG_INFLATE_FEWER ? "it inflates to less than "
		    "its index says" : rc == BG_INFLATE_MORE ? "it inflates "
		    "to more than its index says" : rc == -BG_ENOMEM ? NULL :
		    "its compressed data is damaged";
		free(out);
		return NULL;
	}
	memset(&z, 0, sizeof z);
	if (zl->inflateInit_(&z, ZLIB_VERSION, (int)sizeof z) != Z_OK) {
		free(out);
		*why = NULL;
		return NULL;
	}
	z.next_in = (Bytef *)(size_t)in;	/* not written to */
	z.avail_in = (uInt)n;
	z.next_out = out;
	z.avail_out = (uInt)want;
	rc = zl->inflate(&z, Z_FINISH);
	if (rc == Z_BUF_ERROR && z.avail_out == 0) {
		unsigned char extra;

		/* Full: the stream must end here. */
		z.next_out = &extra;
		z.avail_out = 1;
		rc = zl->inflate(&z, Z_FINISH);
		if (rc != Z_STREAM_END || z.avail_out == 0) {
			*why = "it inflates to more than its index says";
			rc = Z_DATA_ERROR;
		}
	} else if (rc == Z_STREAM_END && z.total_out != want) {
		*why = "it inflates to less than its index says";
		rc = Z_DATA_ERROR;
	} else if (rc != Z_STREAM_END)
		*why = rc == Z_MEM_ERROR ? NULL : "its compressed data is "
		    "damaged";
	zl->inflateEnd(&z);
	if (rc != Z_STREAM_END) {
		free(out);
		return NULL;
	}
	return out;
}

/*
 * Read the file called name (temp.xg, temp.xgr or temp.xgc), whose
 * archive entry is e, from its csize bytes at at: they are either stored
 * as they are or deflated from osize bytes.  Check its checksum and put
 * a new buffer holding it in *out.  Return 0, or -1 when the problem was
 * reported (or x->err was set, when memory ran out).
 */
static int
entry_file(struct xg *x, const char *name, const unsigned char *e,
    const unsigned char *at, size_t csize, size_t osize,
    unsigned char **out)
{
	unsigned char *data;
	const char *why;

	if (e[528] == 0) {
		if ((data = inflate_all(x, at, csize, osize, &why)) ==
		    NULL) {
			if (why == NULL)
				return x->err = -BG_ENOMEM;
			diag(x, BG_EXG, 0, 0, -1, NULL, "%s: %s", name, why);
			return -1;
		}
	} else {
		if (csize != osize) {
			diag(x, BG_EXG, 0, 0, -1, NULL, "%s: stored with "
			    "two sizes", name);
			return -1;
		}
		if ((data = malloc(osize ? osize : 1)) == NULL)
			return x->err = -BG_ENOMEM;
		memcpy(data, at, osize);
	}
	if (crc(x, data, osize) != xg_u32(e + 524)) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "%s: its checksum does "
		    "not match: the file is damaged", name);
		free(data);
		return -1;
	}
	*out = data;
	return 0;
}

/* Keep the archive entry called name if it is one of the streams read
 * (temp.xg, temp.xgr or temp.xgc) and the first of its name.  Return 0,
 * or -1 when a problem was reported. */
static int
stream_file(struct xg *x, const char *name, const unsigned char *e,
    const unsigned char *at, size_t csize, size_t osize)
{
	unsigned char *data;

	if (strcmp(name, "temp.xg") == 0) {
		if (x->gf != NULL)
			return 0;	/* keep the first one */
		if (entry_file(x, name, e, at, csize, osize, &x->gf) < 0)
			return -1;
		x->nrec = osize / RECSIZE;
		if (osize % RECSIZE != 0) {
			diag(x, BG_EXG, 0, 0, -1, NULL, "temp.xg: %lu bytes, "
			    "not whole records of %d", (unsigned long)osize,
			    RECSIZE);
			return -1;
		}
		return 0;
	}
	if ((strcmp(name, "temp.xgr") != 0 && strcmp(name, "temp.xgc") != 0) ||
	    osize == 0 || (name[7] == 'r' ? x->xgr : x->xgc) != NULL)
		return 0;
	if (entry_file(x, name, e, at, csize, osize, &data) < 0)
		return -1;
	if (name[7] == 'r') {
		x->xgr = data;
		x->st.ro = data;
		x->st.nro = osize / XG_ROSIZE;
	} else {
		x->xgc = data;
		x->st.com = data;
		x->st.comlen = osize;
	}
	return 0;
}

/*
 * Find temp.xg in the archive after the header and inflate it into
 * x->gf.  Return 0, or -1 when the problem was reported (or x->err was
 * set).
 */
static int
open_archive(struct xg *x)
{
	const unsigned char *in = x->in, *t, *e;
	unsigned char *reg = NULL;
	size_t n = x->inlen, hsize, start, regsize, arcsize, count, i;
	size_t osize, csize, off;
	const char *why;

	hsize = xg_u32(in + 8);
	if (n < HDRSIZE || hsize < HDRSIZE || hsize > n) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "%s", n < HDRSIZE ?
		    "shorter than XG's header" : "bad header size");
		return -1;
	}
	/* The thumbnail lies between the header and the archive. */
	start = hsize;
	if (n - start < TRAILER) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "no archive after the header");
		return -1;
	}
	t = in + n - TRAILER;
	count = xg_u32(t + 4);
	regsize = xg_u32(t + 12);
	arcsize = xg_u32(t + 16);
	/* Sizes past the input (of at most MAXFILE bytes) are refused
	 * here, those of 2 GiB and more, negative as XG's signed fields,
	 * among them. */
	if (count < 1 || count > MAXFILES || regsize > n - start - TRAILER ||
	    arcsize > n - start - TRAILER - regsize) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "no archive index at the end "
		    "of the file (not written by XG, or cut short)");
		return -1;
	}
	off = n - TRAILER - regsize - arcsize;	/* the archive's start */
	if (load_zlib(x) < 0) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "%s cannot be loaded", LIBZ);
		return -1;
	}
	if (crc(x, in + off, n - TRAILER - off) != xg_u32(t)) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "the archive's checksum does "
		    "not match: the file is damaged");
		return -1;
	}
	if (xg_s32(t + 20) != 0) {
		reg = inflate_all(x, in + n - TRAILER - regsize, regsize,
		    count * FILEREC, &why);
		if (reg == NULL) {
			if (why == NULL)
				return x->err = -BG_ENOMEM;
			diag(x, BG_EXG, 0, 0, -1, NULL, "archive index: %s",
			    why);
			return -1;
		}
	} else if (regsize < count * FILEREC) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "archive index too short");
		return -1;
	}
	e = reg != NULL ? reg : in + n - TRAILER - regsize;
	for (i = 0; i < count; i++, e += FILEREC) {
		char name[256];
		size_t len = e[0] < 255 ? e[0] : 255;

		memcpy(name, e + 1, len);
		name[len] = '\0';
		osize = xg_u32(e + 512);
		csize = xg_u32(e + 516);
		start = xg_u32(e + 520);
		if (xg_s32(e + 512) < 0 || xg_s32(e + 516) < 0 || xg_s32(e + 520) < 0 ||
		    start > arcsize || csize > arcsize - start ||
		    osize > (size_t)MAXFILE) {
			diag(x, BG_EXG, 0, 0, -1, NULL, "archive entry \"%.40s\" "
			    "out of bounds", name);
			free(reg);
			return -1;
		}
		if (stream_file(x, name, e, in + off + start, csize,
		    osize) < 0) {
			free(reg);
			return -1;
		}
	}
	free(reg);
	if (x->gf == NULL) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "no game file (temp.xg) in "
		    "the archive");
		return -1;
	}
	return 0;
}

/* ---------------------------------------------------------- positions */

/*
 * Turn XG's position at p into board b, seen from side s.  The position
 * is 26 signed bytes: bytes 1 to 24 are the points, numbered as the side
 * it is seen from numbers them, positive for that side's checkers and
 * negative for the other side's; byte 25 is that side's bar and byte 0
 * the other side's.  Return -1 when it holds more checkers than the
 * variant has.
 */
static int
xg_board(bg_board *b, const unsigned char *p, int s, bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);
	int i, c, n[2] = { 0, 0 };

	memset(b, 0, sizeof *b);
	for (i = 1; i <= 24; i++) {
		c = (signed char)p[i];
		if (c > 0)
			b->pt[s][i] = (unsigned char)c;
		else if (c < 0)
			b->pt[!s][25 - i] = (unsigned char)-c;
	}
	c = (signed char)p[25];
	b->pt[s][BG_BAR] = (unsigned char)(c < 0 ? -c : c);
	c = (signed char)p[0];
	b->pt[!s][BG_BAR] = (unsigned char)(c < 0 ? -c : c);
	for (i = 1; i <= 25; i++) {
		n[0] += b->pt[0][i];
		n[1] += b->pt[1][i];
	}
	if (n[0] > vi->checkers || n[1] > vi->checkers)
		return -1;
	b->pt[0][BG_OFF] = (unsigned char)(vi->checkers - n[0]);
	b->pt[1][BG_OFF] = (unsigned char)(vi->checkers - n[1]);
	return 0;
}

/*
 * Whether XG's position p shows board b.  XG keeps positions as its
 * player 1 (side 0) sees them; the mover's view is accepted too.
 */
static int
same_board(const bg_board *b, const unsigned char *p, int mover,
    bg_variant v)
{
	bg_board t;

	if (xg_board(&t, p, 0, v) == 0 && memcmp(&t, b, sizeof t) == 0)
		return 1;
	return xg_board(&t, p, mover, v) == 0 && memcmp(&t, b, sizeof t) == 0;
}

/* Are the 26 bytes of XG's position at p all zero (no position)? */
static int
zero_pos(const unsigned char *p)
{
	int i;

	for (i = 0; i < 26; i++)
		if (p[i] != 0)
			return 0;
	return 1;
}

/*
 * Set x->cube and x->owner from a record's signed cube field f: 0 is a
 * centred cube, +n a cube of 2^n held by player 1, and -n one held by
 * player 2.  The value is multiplied by the game's automatic doubles.
 */
static void
cube_field(struct xg *x, long f)
{
	long n = (f < -20 || f > 20 ? 20 : f < 0 ? -f : f) + x->autos;

	x->cube = n < 20 ? 1 << n : 1 << 20;
	x->owner = f > 0 ? 0 : f < 0 ? 1 : BG_CENTRED;
}

/* Add a set-position record for record rec: the XGID of board b with the
 * score, the cube and its owner, the side on roll and the dice. */
static int
add_setpos(struct xg *x, const bg_board *b, int on_roll, const int dice[2],
    int rec)
{
	bg_matchstate ms;
	bg_record r;
	char id[128];
	int i;

	bg_matchstate_init(&ms, x->length);
	ms.score[0] = x->score[0];
	ms.score[1] = x->score[1];
	ms.cube = x->cube;
	ms.cube_owner = x->owner;
	ms.on_roll = ms.turn = on_roll;
	if (dice != NULL) {
		ms.dice[0] = dice[0];
		ms.dice[1] = dice[1];
	}
	if ((i = bg_xgid_encode(id, sizeof id, b, &ms)) < 0 ||
	    (size_t)i >= sizeof id)
		id[0] = '\0';
	memset(&r, 0, sizeof r);
	r.kind = BG_REC_SETPOS;
	r.side = -1;
	r.line = rec;
	if ((i = rec_game_add(&x->b.game, &r, id, strlen(id))) < 0)
		x->err = i;
	return i;
}

/* ------------------------------------------------------------ records */

static int
add_record(struct xg *x, bg_record *r, const char *t)
{
	int rc;

	if ((rc = rec_game_add(&x->b.game, r, t, strlen(t))) < 0)
		x->err = rc;
	return rc;
}

/* Return the side of XG's "active player": 1 is its player 1 (side 0),
 * -1 (or 2) the other (side 1); anything else gives -1. */
static int
side_of(long a)
{
	return a == 1 ? 0 : a == -1 || a == 2 ? 1 : -1;
}

/*
 * Follow XG's position before a move (or a cube decision) at p by side
 * s: a difference from the board the plays lead to is an error, unless
 * XG says the position was edited there, when it is a set position.
 */
static int
follow(struct xg *x, const unsigned char *p, int s, const int d[2],
    int edited, long cube, int k)
{
	bg_board b;

	if (edited && xg_board(&b, p, 0, x->variant) == 0) {
		cube_field(x, cube);
		x->board = b;
		x->synced = 1;
		return add_setpos(x, &b, s, NULL, k);
	}
	if (x->synced && !same_board(&x->board, p, s, x->variant)) {
		diag(x, BG_EXG, k, x->b.game.number, s, d, "the position "
		    "before this %s is not the one the record's plays lead to",
		    d != NULL ? "move" : "cube decision");
		x->synced = 0;
	}
	if (!x->synced && xg_board(&x->board, p, 0, x->variant) == 0)
		x->synced = 1;
	return 0;
}

/* Read a cube record: the 2560 bytes at p, the k-th record of the file. */
static int
cube_rec(struct xg *x, const unsigned char *p, int k)
{
	bg_record r;
	char t[40];
	long dbl = xg_s32(p + 16), take = xg_s32(p + 20), br = xg_s32(p + 24),
	    rr = xg_s32(p + 28);
	int s = side_of(xg_s32(p + 12));

	/* The position was edited before the decision: set it up there. */
	if (s >= 0 && x->version >= 24 && p[296] &&
	    follow(x, p + 36, s, NULL, 1, xg_s32(p + 32), k) < 0)
		return -1;
	if (dbl != 1)
		return 0;		/* no double: nothing to record */
	if (s < 0) {
		diag(x, BG_EXG, k, x->b.game.number, -1, NULL, "cube record: "
		    "active player %ld", xg_s32(p + 12));
		return 0;
	}
	memset(&r, 0, sizeof r);
	r.line = k;
	r.side = s;
	r.kind = BG_REC_DOUBLE;
	r.value = x->cube < MAXCUBE ? x->cube * 2 : x->cube;
	snprintf(t, sizeof t, "Doubles => %d", r.value);
	if (add_record(x, &r, t) < 0)
		return -1;
	r.side = !s;
	if (take == 0) {
		r.kind = BG_REC_DROP;
		r.value = 0;
		return add_record(x, &r, "Drops");
	}
	if (take == 1) {
		x->cube = r.value;
		x->owner = !s;
		r.kind = BG_REC_TAKE;
		r.value = 0;
		return add_record(x, &r, "Takes");
	}
	if (take != 2) {
		/* The answer is not known yet: the game stopped there. */
		return 0;
	}
	r.kind = BG_REC_BEAVER;
	r.value = x->cube < MAXCUBE / 2 ? x->cube * 4 : x->cube;
	snprintf(t, sizeof t, "Beavers => %d", r.value);
	if (add_record(x, &r, t) < 0)
		return -1;
	x->cube = r.value;
	x->owner = !s;
	if (br == 2) {
		r.side = s;
		r.kind = BG_REC_RACCOON;
		r.value = x->cube < MAXCUBE ? x->cube * 2 : x->cube;
		snprintf(t, sizeof t, "Raccoons => %d", r.value);
		if (add_record(x, &r, t) < 0)
			return -1;
		x->cube = r.value;
		if (rr == 0)
			diag(x, BG_EXG, k, x->b.game.number, !s, NULL,
			    "a raccoon refused: the record model has no such "
			    "answer");
	} else if (br == 0)
		diag(x, BG_EXG, k, x->b.game.number, s, NULL, "a beaver "
		    "refused: the record model has no such answer");
	return 0;
}

/* Append text t to out at *o, cut short where it does not fit in size
 * bytes, and move *o to its end. */
static void
put(char *out, size_t size, size_t *o, const char *t)
{
	int n = snprintf(out + *o, size - *o, "%s", t);

	if (n > 0)
		*o = *o + (size_t)n < size ? *o + (size_t)n : size - 1;
}

/*
 * Record a play that XG itself marks illegal as Snowie's "dd: Illegal
 * play (...)" entry.  The entry gives the board after the play (XG's, at
 * p, in the mover's view like every position after a move) as a Snowie
 * position line seen from the side to roll next; its field 4 names the
 * mover as Snowie and gnubg write it (bgkit-snowie(5)).  The replay goes
 * on from that board with a warning.
 */
static int
illegal_rec(struct xg *x, bg_record *r, const unsigned char *p)
{
	char t[512], f[48];
	const char *nm;
	bg_board b;
	size_t o = 0, i;
	int s = r->side, n = !s, pt, side, c;

	if (xg_board(&b, p, s, x->variant) < 0) {
		diag(x, BG_EXG, r->line, x->b.game.number, s, r->dice,
		    "position after an illegal play with too many checkers");
		x->synced = 0;
		return 0;
	}
	snprintf(t, sizeof t, "%d%d: Illegal play (%d;%d;0;%d;%d;", r->dice[0],
	    r->dice[1], x->length < 1000 ? x->length : 999,
	    x->length == 0 && bg_match_tag(&x->b.match, "Jacoby") != NULL &&
	    strcmp(bg_match_tag(&x->b.match, "Jacoby"), "On") == 0,
	    x->length == 0, s);
	o = strlen(t);
	for (side = n; side >= 0; side = side == n ? s : -1) {
		/* The name, without what would end the field or the entry;
		 * cut after 40 bytes, not inside a character. */
		nm = bg_match_player(&x->b.match, side);
		for (i = 0; nm != NULL && nm[i] != '\0' && (i < 40 ||
		    (nm[i] & 0xc0) == 0x80); i++)
			t[o++] = strchr(";()", nm[i]) != NULL ? ' ' : nm[i];
		t[o++] = ';';
		t[o] = '\0';
	}
	snprintf(f, sizeof f, "0;%d;%d;", x->score[n], x->score[s]);
	put(t, sizeof t, &o, f);
	snprintf(f, sizeof f, "%d;%d;", x->cube < 32768 ? x->cube : 32768,
	    x->owner == n ? 1 : x->owner == s ? -1 : 0);
	put(t, sizeof t, &o, f);
	snprintf(f, sizeof f, "%d;", -(int)b.pt[s][BG_BAR]);
	put(t, sizeof t, &o, f);
	for (pt = 1; pt <= 24; pt++) {
		c = b.pt[n][pt] ? b.pt[n][pt] : -(int)b.pt[s][25 - pt];
		snprintf(f, sizeof f, "%d;", c);
		put(t, sizeof t, &o, f);
	}
	snprintf(f, sizeof f, "%d;0;0;)", (int)b.pt[n][BG_BAR]);
	put(t, sizeof t, &o, f);
	r->kind = BG_REC_ILLEGAL;
	x->board = b;
	x->synced = 1;
	return add_record(x, r, t);
}

/*
 * Record a move record whose roll was not played (p[2308] is 0) and
 * which ends the file's last game, with no record after it.  It is a
 * position to decide (.xgp), not a dance.
 */
static int
position_rec(struct xg *x, const unsigned char *p, int s, const int d[2],
    int k)
{
	bg_board b;

	if (xg_board(&b, p + 9, 0, x->variant) < 0) {
		diag(x, BG_EXG, k, x->b.game.number, s, d, "position with "
		    "too many checkers");
		return 0;
	}
	cube_field(x, xg_s32(p + 108));
	return add_setpos(x, &b, s, d, k);
}

/* Read a move record: the k-th record of the file, at p. */
static int
move_rec(struct xg *x, const unsigned char *p, int k)
{
	bg_record r;
	bg_play pl;
	char t[64];
	int s = side_of(xg_s32(p + 64)), d[2], i, n, from, to, next;
	const unsigned char *mv = p + 68;

	d[0] = (int)xg_s32(p + 100);
	d[1] = (int)xg_s32(p + 104);
	memset(&r, 0, sizeof r);
	r.line = k;
	r.side = s;
	r.flags = BG_RF_NOMARKS;
	if (s < 0 || d[0] < 1 || d[0] > 6 || d[1] < 1 || d[1] > 6) {
		diag(x, BG_EXG, k, x->b.game.number, s, NULL, "move record: "
		    "player %ld, dice %ld %ld", xg_s32(p + 64), xg_s32(p + 100),
		    xg_s32(p + 104));
		r.kind = BG_REC_UNPARSED;
		r.code = BG_EXG;
		r.side = s < 0 ? -1 : s;
		return add_record(x, &r, "?");
	}
	r.dice[0] = r.note.dice[0] = d[0];
	r.dice[1] = r.note.dice[1] = d[1];
	if (d[0] < d[1])
		r.flags |= BG_RF_LOWFIRST;
	next = x->at < x->nrec ? x->gf[x->at * RECSIZE + 8] : -1;
	if (!p[2308] && next != T_CUBE && next != T_MOVE &&
	    next != T_GAMEEND)
		return position_rec(x, p, s, d, k);
	if (follow(x, p + 9, s, d, x->version >= 24 && p[2528],
	    xg_s32(p + 108), k) < 0)
		return -1;
	if (xg_s32(p + 2480) == 2 && p[2308])
		return illegal_rec(x, &r, p + 35);
	if (!p[2308]) {
		/*
		 * A roll not played before the game's footer: the game
		 * ended there, a resignation after the roll, whatever the
		 * steps say (XG writes them 0); its .mat export writes it
		 * "???".
		 */
		r.kind = BG_REC_MOVE;
		r.note.kind = BG_NOTE_UNKNOWN;
		snprintf(t, sizeof t, "%d%d: ???", d[0], d[1]);
		return add_record(x, &r, t);
	}
	memset(&pl, 0, sizeof pl);
	for (n = 0; n < 4; n++) {
		from = (int)xg_s32(mv + 8 * n);
		to = (int)xg_s32(mv + 8 * n + 4);
		if (from == -1)
			break;
		/* 0-based points, 24 the bar, below 0 off. */
		from = from == 24 ? BG_BAR : from + 1;
		to = to < 0 ? BG_OFF : to + 1;
		if (from < 1 || from > 25 || to > 24 || to >= from) {
			diag(x, BG_EXG, k, x->b.game.number, s, d, "move "
			    "record: step %ld to %ld", xg_s32(mv + 8 * n),
			    xg_s32(mv + 8 * n + 4));
			r.kind = BG_REC_MOVE;
			r.flags |= BG_RF_BADPLAY;
			r.code = BG_EXG;
			r.note.kind = BG_NOTE_UNKNOWN;
			snprintf(t, sizeof t, "%d%d: ?", d[0], d[1]);
			x->synced = 0;
			return add_record(x, &r, t);
		}
		pl.step[n].from = (signed char)from;
		pl.step[n].to = (signed char)to;
		r.note.path[n].npt = 2;
		r.note.path[n].pt[0] = (signed char)from;
		r.note.path[n].pt[1] = (signed char)to;
		r.note.path[n].count = 1;
	}
	pl.n = n;
	r.note.npath = n;
	r.kind = BG_REC_MOVE;
	r.note.kind = n ? BG_NOTE_PLAY : BG_NOTE_NONE;
	if (x->synced && bg_play_apply(&x->board, s, &pl) < 0)
		x->synced = 0;
	i = snprintf(t, sizeof t, "%d%d:", d[0], d[1]);
	if (n) {
		t[i++] = ' ';
		bg_notation_format(t + i, sizeof t - (size_t)i, &r.note,
		    BG_STYLE_MAT);
	}
	return add_record(x, &r, t);
}

/*
 * Read a game's footer, which holds its result.  The points are XG's
 * points won, except in the game that ends a match, where XG may count
 * only what the winner needed: there the score after the game gives the
 * points.  A result before the end of the game is a resignation of that
 * many points.
 */
static int
footer_rec(struct xg *x, const unsigned char *p, int k)
{
	bg_record r;
	char t[48];
	long w = xg_s32(p + 24), pts = xg_s32(p + 28);
	int ws = w == 1 ? 0 : 1;

	if (w == 0)
		return 0;		/* no winner: the game goes on */
	memset(&r, 0, sizeof r);
	r.line = k;
	r.kind = BG_REC_WIN;
	r.side = ws;
	if ((w != 1 && w != -1) || pts < 1 || pts > MAXCUBE * 3) {
		diag(x, BG_EXG, k, x->b.game.number, -1, NULL, "game footer: "
		    "winner %ld, %ld points", w, pts);
		return 0;
	}
	r.value = (int)pts;
	snprintf(t, sizeof t, "Wins %d point%s", r.value, r.value == 1 ? "" :
	    "s");
	return add_record(x, &r, t);
}

/* ------------------------------------------------------ the analysis */

/*
 * Find comment idx of the comment stream (there is none when idx is
 * below 0).  Return 1 with its plain text in *t (allocated, *n bytes
 * long); 0 when there is none, or when the index points past the
 * stream (reported as an error of the file, and the reading goes on);
 * or a negative code when memory ran out (x->err is set).
 */
static int
comment_text(struct xg *x, long idx, int k, char **t, size_t *n)
{
	int rc;

	if (idx < 0)
		return 0;
	if ((rc = xg_comment(&x->st, idx, t, n)) < 0)
		return x->err = rc;
	if (rc == 0) {
		diag(x, BG_EXG, k, x->b.game.number, -1, NULL, "comment %ld "
		    "is not in the comment stream (temp.xgc)", idx);
		return 0;
	}
	if (*n == 0) {
		free(*t);
		return 0;
	}
	return 1;
}

/* Add comment idx as comment records, one for each line, after record
 * k. */
static int
add_comment(struct xg *x, long idx, int k)
{
	bg_record r;
	char *t;
	size_t n, a, b;
	int rc;

	if ((rc = comment_text(x, idx, k, &t, &n)) <= 0)
		return rc;
	memset(&r, 0, sizeof r);
	r.kind = BG_REC_COMMENT;
	r.side = -1;
	r.line = k;
	for (a = 0; a <= n && rc >= 0; a = b + 1) {
		for (b = a; b < n && t[b] != '\n'; b++)
			;
		if ((rc = rec_game_add(&x->b.game, &r, t + a, b - a)) < 0)
			x->err = rc;
	}
	free(t);
	return rc < 0 ? rc : 0;
}

/* Add comment idx to the match as its comment lines. */
static int
match_comment(struct xg *x, long idx)
{
	char *t;
	size_t n, a, b;
	int rc;

	if ((rc = comment_text(x, idx, 1, &t, &n)) <= 0)
		return rc;
	for (a = 0; a <= n && rc >= 0; a = b + 1) {
		for (b = a; b < n && t[b] != '\n'; b++)
			;
		if ((rc = rec_match_add_comment(&x->b.match, t + a, b - a)) <
		    0)
			x->err = rc;
	}
	free(t);
	return rc < 0 ? rc : 0;
}

/* Give record rec the analysis a with its candidates c. */
static int
attach(struct xg *x, size_t rec, const bg_rec_analysis *a,
    const bg_candidate *c)
{
	int rc;

	if (rec < x->lastan || x->b.game.rec[rec].kind == BG_REC_UNPARSED)
		return 0;
	if ((rc = rec_game_add_ranalysis(&x->b.game, rec, a, c)) < 0)
		return x->err = rc;
	x->lastan = rec + 1;
	return 0;
}

/*
 * Read the analysis of the cube record p, the k-th, whose records start
 * at index before.  A double keeps its own analysis; the analysis of a
 * decision not to double is kept for the side's move after it.
 */
static int
cube_analysis(struct xg *x, const unsigned char *p, int k, size_t before)
{
	bg_rec_analysis a;
	const char *why;
	int rc, s = side_of(xg_s32(p + 12));

	x->pend_side = -1;
	if ((rc = xg_cube_analysis(&a, p, x->version, &x->st, &why)) < 0)
		diag(x, BG_EXG, k, x->b.game.number, s, NULL, "cube "
		    "analysis: %s out of range", why);
	if (rc <= 0)
		return 0;
	if (xg_s32(p + 16) != 1) {
		x->pend = a;
		x->pend_side = s;
		return 0;
	}
	if (x->b.game.nrec > before && x->b.game.rec[before].line == k)
		return attach(x, before, &a, NULL);
	return 0;
}

/* Read the analysis of the move record p, the k-th, and of the cube
 * decision before it. */
static int
move_analysis(struct xg *x, const unsigned char *p, int k, size_t before)
{
	bg_rec_analysis a;
	const bg_rec_analysis *c = &x->pend;
	const char *why;
	size_t n = x->b.game.nrec;
	int s = side_of(xg_s32(p + 64));

	if (xg_move_analysis(&a, x->cand, p, x->version, &x->st, &why) < 0) {
		diag(x, BG_EXG, k, x->b.game.number, s, NULL, "move "
		    "analysis: %s out of range", why);
		memset(&a, 0, sizeof a);
	}
	if (x->pend_side >= 0 && x->pend_side == s) {
		a.has |= c->has & (BG_AN_CUBE | BG_AN_CUBEEQ | BG_AN_CUBEERR);
		a.cube_eval = c->cube_eval;
		a.cube_out[0] = c->cube_out[0];
		a.cube_out[1] = c->cube_out[1];
		a.cube_marked = c->cube_marked;
		a.no_double = c->no_double;
		a.double_take = c->double_take;
		a.double_pass = c->double_pass;
		a.proper = c->proper;
		a.doubler_error = c->doubler_error;
		a.taker_error = c->taker_error;
	}
	x->pend_side = -1;
	if (a.has == 0 || n == before || x->b.game.rec[n - 1].line != k)
		return 0;
	return attach(x, n - 1, &a, x->cand);
}

/* ---------------------------------------------------------- the match */

static int
add_tag(struct xg *x, const char *key, const char *val, size_t n)
{
	int rc;

	val = trim(val, &n);
	if (n == 0)
		return 0;
	if ((rc = rec_match_add_tag(&x->b.match, key, strlen(key), val, n)) < 0)
		x->err = rc;
	return rc;
}

/* Copy one of the header's texts into out and return its length.  Take
 * the Unicode text (written from version 24 on) or, when that is empty,
 * the short string that XG's first version wrote. */
static size_t
text(const struct xg *x, char *out, const unsigned char *p, int ansi_off,
    int ansi_max, int wide_off)
{
	size_t n = 0;

	if (x->version >= 24 && wide_off > 0)
		n = wide(out, p + wide_off, 129);
	if (n == 0)
		n = ansi(out, p + ansi_off, (size_t)ansi_max);
	return n;
}

/* Turn a count of days since 1899-12-30 into a calendar date. */
static void
civil(long days, int *y, int *m, int *d)
{
	/* Days since 0000-03-01 of the proleptic Gregorian calendar:
	 * 1970-01-01 is Delphi's day 25569 and that count's 719468. */
	long z = days + 693899L, era, doe, yoe, doy, mp;

	era = z / 146097;
	doe = z - era * 146097;
	yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
	doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
	mp = (5 * doy + 2) / 153;
	*d = (int)(doy - (153 * mp + 2) / 5 + 1);
	*m = (int)(mp < 10 ? mp + 3 : mp - 9);
	*y = (int)(yoe + era * 400 + (*m <= 2));
}

static int
match_header(struct xg *x, const unsigned char *p)
{
	static const char *const variation[] = {
		"Backgammon", "NackGammon", "HyperGammon"
	};
	char buf[4 * 129 + 8];
	size_t n;
	long len = xg_s32(p + 92), var = xg_s32(p + 96);
	double date;
	int side;

	x->version = (int)xg_s32(p + 552);
	if (len < 0 || (len > 1000 && len != 99999)) {
		diag(x, BG_EXG, 1, 0, -1, NULL, "match length %ld", len);
		return -1;
	}
	x->length = len == 99999 ? 0 : (int)len;
	if (var < 0 || var > 2) {
		diag(x, BG_EXG, 1, 0, -1, NULL, "variation %ld%s", var,
		    var == 3 ? " (Longgammon): not a variant bgkit plays" : "");
		return -1;
	}
	x->variant = var == 0 ? BG_VARIANT_STANDARD : var == 1 ?
	    BG_VARIANT_NACKGAMMON : BG_VARIANT_HYPER3;
	rec_match_reset(&x->b.match);
	x->b.match.length = x->length;
	x->b.match.line = 1;
	for (side = 0; side < 2; side++) {
		n = text(x, buf, p, side ? 50 : 9, 40, side ? 1138 : 880);
		if (n > 0 &&
		    rec_match_set_player(&x->b.match, side, buf, n) < 0)
			return x->err = -BG_ENOMEM;
	}
	n = text(x, buf, p, 136, 128, 622);
	if (add_tag(x, "Event", buf, n) < 0)
		return -1;
	n = text(x, buf, p, 283, 128, 1396);
	if (add_tag(x, "Site", buf, n) < 0)
		return -1;
	n = text(x, buf, p, 417, 128, 1654);
	if (add_tag(x, "Round", buf, n) < 0)
		return -1;
	if (x->version >= 30) {
		n = wide(buf, p + 1960, 129);
		if (add_tag(x, "Transcriber", buf, n) < 0)
			return -1;
	}
	date = f64(p + 128);
	if (date >= 1.0 && date < 2958466.0) {	/* 1899-12-31 to 9999 */
		long days = (long)date;
		int y, m, d, mins = (int)((date - (double)days) * 1440.0 + 0.5);

		if (mins >= 1440)
			mins = 1439;
		civil(days, &y, &m, &d);
		snprintf(buf, sizeof buf, "%04d.%02d.%02d", y, m, d);
		if (add_tag(x, "EventDate", buf, strlen(buf)) < 0)
			return -1;
		snprintf(buf, sizeof buf, "%02d.%02d", mins / 60, mins % 60);
		if (add_tag(x, "EventTime", buf, strlen(buf)) < 0)
			return -1;
	}
	if (add_tag(x, "Variation", variation[var], strlen(variation[var])) <
	    0)
		return -1;
	if (x->length > 0) {
		if (add_tag(x, "Crawford", p[100] ? "On" : "Off", p[100] ? 2 :
		    3) < 0)
			return -1;
	} else {
		if (add_tag(x, "Jacoby", p[101] ? "On" : "Off", p[101] ? 2 :
		    3) < 0 ||
		    add_tag(x, "Beaver", p[102] ? "On" : "Off", p[102] ? 2 :
		    3) < 0)
			return -1;
		if (p[103] && x->version >= 8) {
			snprintf(buf, sizeof buf, "%ld", xg_s32(p + 616));
			if (xg_s32(p + 616) >= 0 && add_tag(x, "AutomaticDoubles",
			    buf, strlen(buf)) < 0)
				return -1;
		}
	}
	return match_comment(x, xg_s32(p + 576)) < 0 ||
	    match_comment(x, xg_s32(p + 580)) < 0 ? -1 : 0;
}

/* ------------------------------------------------------------ the game */

/* The records of a game after its header, up to its footer. */
static int
game_body(struct xg *x)
{
	const unsigned char *p;
	size_t before;
	int k, type;

	while (x->at < x->nrec) {
		p = x->gf + x->at * RECSIZE;
		type = p[8];
		if (type == T_GAME || type == T_MATCHEND || type == T_MATCH)
			break;
		k = (int)++x->at;
		before = x->b.game.nrec;
		if (type == T_CUBE) {
			cube_rec(x, p, k);
			if (!x->err && cube_analysis(x, p, k, before) == 0)
				add_comment(x, xg_s32(p + 292), k);
		} else if (type == T_MOVE) {
			move_rec(x, p, k);
			if (!x->err && move_analysis(x, p, k, before) == 0)
				add_comment(x, xg_s32(p + 2524), k);
		} else if (type == T_GAMEEND) {
			footer_rec(x, p, k);
			break;
		} else
			diag(x, BG_EXG, k, x->b.game.number, -1, NULL, "record "
			    "of type %d not read", type);
		if (x->err)
			return x->err;
	}
	return x->err;
}

/* Read the game whose header is the next record. */
static int
read_game_records(struct xg *x)
{
	const unsigned char *p = x->gf + x->at * RECSIZE;
	bg_board start;
	long auto_n = 0;
	int k, type;

	rec_game_reset(&x->b.game);
	k = (int)++x->at;
	x->gameno++;
	x->b.game.number = (int)xg_s32(p + 48) > 0 && xg_s32(p + 48) < 100000 ?
	    (int)xg_s32(p + 48) : x->gameno;
	x->b.game.line = x->b.game.score_line = k;
	x->score[0] = (int)xg_s32(p + 12);
	x->score[1] = (int)xg_s32(p + 16);
	if (x->score[0] < 0 || x->score[1] < 0 || x->score[0] > 100000 ||
	    x->score[1] > 100000) {
		diag(x, BG_EXG, k, x->b.game.number, -1, NULL, "score %ld %ld",
		    xg_s32(p + 12), xg_s32(p + 16));
		x->score[0] = x->score[1] = 0;
	}
	x->b.game.score[0] = x->score[0];
	x->b.game.score[1] = x->score[1];
	for (type = 0; type < 2; type++) {
		const char *name = bg_match_player(&x->b.match, type);

		if (name != NULL && rec_game_set_player(&x->b.game, type, name,
		    strlen(name), NULL, 0) < 0)
			return x->err = -BG_ENOMEM;
	}
	x->cube = 1;
	x->owner = BG_CENTRED;
	x->autos = 0;
	x->pend_side = -1;
	x->lastan = 0;
	if (x->version >= 26)
		auto_n = xg_s32(p + 64);
	if (auto_n > 0 && auto_n < 20)
		x->autos = (int)auto_n;
	x->cube = 1 << x->autos;
	bg_board_start(&start, x->variant);
	x->board = start;
	x->synced = 1;
	/* A transcribed game's header may hold no position: use the start. */
	if (!zero_pos(p + 21) && xg_board(&x->board, p + 21, 0,
	    x->variant) < 0) {
		diag(x, BG_EXG, k, x->b.game.number, -1, NULL, "the game's "
		    "first position has too many checkers");
		x->board = start;
		x->synced = 0;
	}
	if (x->synced && (memcmp(&x->board, &start, sizeof start) != 0 ||
	    x->cube > 1)) {
		/*
		 * Who is on roll is not known yet, nor, in a position file,
		 * the cube: the first record says.
		 */
		const unsigned char *q = p + RECSIZE;
		int s = 1;

		if (x->at < x->nrec && q[8] == T_MOVE) {
			s = side_of(xg_s32(q + 64)) == 0 ? 0 : 1;
			cube_field(x, xg_s32(q + 108));
		} else if (x->at < x->nrec && q[8] == T_CUBE) {
			s = side_of(xg_s32(q + 12)) == 0 ? 0 : 1;
			cube_field(x, xg_s32(q + 32));
		}
		if (add_setpos(x, &x->board, s, NULL, k) < 0)
			return x->err;
	}
	if (add_comment(x, xg_s32(p + 56), k) < 0 || game_body(x) < 0)
		return x->err;
	/* A position's cube decision (.xgp) is attached to its position. */
	if (x->pend_side >= 0 && x->b.game.nrec > 0 &&
	    x->b.game.rec[x->b.game.nrec - 1].kind == BG_REC_SETPOS &&
	    attach(x, x->b.game.nrec - 1, &x->pend, NULL) < 0)
		return x->err;
	if (add_comment(x, xg_s32(p + 60), k) < 0)
		return x->err;
	rec_game_finish(&x->b.game);
	return x->err;
}

/* ------------------------------------------------------------------ API */

static void
xg_fini(void *p)
{
	struct xg *x = p;

	if (x->z.dl != NULL)
		dlclose(x->z.dl);
	free(x->in);
	free(x->gf);
	free(x->xgr);
	free(x->xgc);
}

/* Read and check everything up to the first game.  Return 1 when there
 * is a match, 0 when there is none, or a negative code. */
static int
start(struct xg *x)
{
	const unsigned char *p;
	size_t i;
	int rc;

	x->started = 1;
	if ((rc = slurp(x)) < 0)
		return x->err = rc;
	if (rc > 0) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "larger than %ld MiB",
		    MAXFILE >> 20);
		return 0;
	}
	if (x->inlen < 4 || memcmp(x->in, "RGMH", 4) != 0) {
		char t[sizeof ((bg_diag *)0)->detail];
		size_t k;

		/* Text read as XG (-f xg) is not XG's binary data. */
		for (k = 0; k < x->inlen && k < 512; k++)
			if (x->in[k] < 0x09 || (x->in[k] > 0x0d &&
			    x->in[k] < 0x20 && x->in[k] != 0x1b))
				break;
		diag_bytes(t, sizeof t, k < x->inlen && k < 512 ? "it starts " :
		    "no \"RGMH\" at the start: it starts ", x->in, x->inlen, 0);
		diag(x, k < x->inlen && k < 512 ? BG_EBINARY : BG_EXG, 0, 0,
		    -1, NULL, "%s", x->inlen ? t : "empty");
		return 0;
	}
	if (xg_u32(x->in + 4) != 1) {
		diag(x, BG_EXG, 0, 0, -1, NULL, "header version %lu, not 1",
		    xg_u32(x->in + 4));
		return 0;
	}
	if (open_archive(x) < 0)
		return x->err;
	p = x->gf;
	if (x->nrec == 0 || p[8] != T_MATCH ||
	    memcmp(p + MAGIC_OFF, "DMLI", 4) != 0) {
		diag(x, BG_EXG, 1, 0, -1, NULL, "the game file does not start "
		    "with XG's match header");
		return 0;
	}
	if (match_header(x, p) < 0)
		return x->err;
	/* What the record model cannot hold, said once for the file. */
	for (i = 1; i < x->nrec; i++) {
		p = x->gf + i * RECSIZE;
		if ((p[8] == T_MOVE && p[2520]) || (p[8] == T_CUBE && p[288]))
			x->notread |= NR_FLAGS;
	}
	if (x->notread)
		diag(x, BG_WNOTREAD, 0, 0, -1, NULL, "XG's flags of plays "
		    "and cube decisions");
	x->at = 1;
	return 1;
}

static int
xg_next_match(void *p, const bg_match **m)
{
	struct xg *x = p;
	int rc;

	if (x->err)
		return x->err;
	if (x->started) {
		x->b.dl.n = 0;
		x->in_match = 0;
		return x->err;
	}
	if ((rc = start(x)) <= 0)
		return rc;
	x->done = 1;
	x->in_match = 1;
	*m = &x->b.match;
	return 1;
}

static int
xg_next_game(void *p, const bg_game **g)
{
	struct xg *x = p;
	const unsigned char *r;

	if (x->err)
		return x->err;
	if (!x->in_match)
		return 0;
	x->b.dl.n = 0;
	/* Skip to the next game header; the match's footer ends it. */
	while (x->at < x->nrec) {
		r = x->gf + x->at * RECSIZE;
		if (r[8] == T_GAME)
			break;
		x->at++;
		if (r[8] == T_MATCHEND) {
			x->at = x->nrec;
			break;
		}
		diag(x, BG_EXG, (int)x->at, 0, -1, NULL, "record of type %d "
		    "outside a game", r[8]);
	}
	if (x->at >= x->nrec) {
		x->in_match = 0;
		return x->err;
	}
	if (read_game_records(x) < 0)
		return x->err;
	*g = &x->b.game;
	return 1;
}

const struct fmt_ops fmt_xg_ops = {
	sizeof (struct xg), NULL, xg_fini, xg_next_match, xg_next_game
};

/* Bid for input that starts with "RGMH", or with as much of it as has
 * come. */
static int
xg_bid(const struct fmt_head *h, int *more)
{
	if (h->n == 0 || memcmp(h->p, "RGMH", h->n < 4 ? h->n : 4) != 0)
		return 0;
	*more = h->n < 4;
	return 90;
}

const struct fmt_row fmt_xg_row = {
	BG_FORMAT_XG, "xg", "", ".xg .xgp",
	"eXtreme Gammon's binary matches and positions",
	"",
	xg_bid, 90, &fmt_xg_ops, NULL
};
