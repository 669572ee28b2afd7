/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_mat_text.c: the .mat reader's bytes to lines.  Bytes come from the
 * reader's source (reader.c) a chunk at a time and are decoded: UTF-8
 * with or without BOM stays as it is, UTF-16LE/BE with BOM becomes
 * UTF-8, and a line that is not valid UTF-8 is read as Latin-1, its
 * NULs as U+FFFD.  The text is cut into lines at LF, CRLF or CR; a line
 * longer than MAXLINE is cut and reported.  A line of printable ASCII
 * is used where it lies in the decoded text, its line end made its NUL;
 * others are copied and repaired.  Also the reader's diagnostics and
 * the columns of a byte of the line.  Part of the .mat reader
 * (fmt_mat_int.h).
 */
#include <stdint.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#define BYTES16		/* find_eol and is_plain 16 bytes at a time */
#endif
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"
#include "fmt_mat_int.h"

/* ------------------------------------------------------------- columns */

/* 1-based column in characters of byte offset off of the line. */
int
mat_charcol(const struct matrd *r, size_t off)
{
	const char *s = r->line;
	size_t i;
	int col = 1;

	if (r->plain)
		return (int)off + 1;
	for (i = 0; i < off; i++)
		if (((unsigned char)s[i] & 0xc0) != 0x80)
			col++;
	return col;
}

/* 1-based display column of byte offset off, tabs every 8. */
int
mat_dispcol(const struct matrd *r, size_t off)
{
	const char *s = r->line;
	size_t i;
	int col = 0;

	if (r->plain)
		return (int)off + 1;
	for (i = 0; i < off; i++) {
		if (s[i] == '\t')
			col = (col / 8 + 1) * 8;
		else if (((unsigned char)s[i] & 0xc0) != 0x80)
			col++;
	}
	return col + 1;
}

/* ---------------------------------------------------------- diagnostics */

void
mat_diag(struct matrd *r, int code, int line, int col, int side, int move,
    const int dice[2], const char *text, size_t len)
{
	if (diaglist_add(&r->b.dl, code, line, col, r->cur_game, move, side,
	    dice, text, len) < 0)
		r->err = -BG_ENOMEM;
}

/* A diagnostic about the whole current line. */
void
mat_diag_line(struct matrd *r, int code)
{
	size_t i = 0;

	while (isws((unsigned char)r->line[i]))
		i++;
	mat_diag(r, code, r->lineno, 0, -1, 0, NULL, r->line + i,
	    r->llen - i);
}

/* ------------------------------------------------------------- decoding */

/* Write the code point c as UTF-8 at p, and return its length. */
static size_t
utf8_put(char *p, unsigned c)
{
	if (c < 0x80) {
		p[0] = (char)c;
		return 1;
	}
	if (c < 0x800) {
		p[0] = (char)(0xc0 | c >> 6);
		p[1] = (char)(0x80 | (c & 0x3f));
		return 2;
	}
	if (c < 0x10000) {
		p[0] = (char)(0xe0 | c >> 12);
		p[1] = (char)(0x80 | (c >> 6 & 0x3f));
		p[2] = (char)(0x80 | (c & 0x3f));
		return 3;
	}
	p[0] = (char)(0xf0 | c >> 18);
	p[1] = (char)(0x80 | (c >> 12 & 0x3f));
	p[2] = (char)(0x80 | (c >> 6 & 0x3f));
	p[3] = (char)(0x80 | (c & 0x3f));
	return 4;
}

size_t
fmt_utf16_decode(char *out, const unsigned char *in, size_t n, int be,
    unsigned *hisur)
{
	size_t i, o = 0;

	/*
	 * A unit that is no UTF-16 (a lone surrogate) becomes a NUL, which
	 * the line readers turn into U+FFFD and report with its line;
	 * flagged here, the warning would go with whichever line came
	 * next, depending on how the input was read.
	 */
	for (i = 0; i + 1 < n; i += 2) {
		unsigned u = be ? (unsigned)(in[i] << 8 | in[i + 1]) :
		    (unsigned)(in[i] | in[i + 1] << 8);

		if (*hisur) {
			if (u >= 0xdc00 && u <= 0xdfff) {
				o += utf8_put(out + o, 0x10000 +
				    ((*hisur - 0xd800) << 10) + (u - 0xdc00));
				*hisur = 0;
				continue;
			}
			out[o++] = '\0';
			*hisur = 0;
		}
		if (u >= 0xd800 && u <= 0xdbff)
			*hisur = u;
		else if (u >= 0xdc00 && u <= 0xdfff)
			out[o++] = '\0';
		else
			o += utf8_put(out + o, u);
	}
	return o;
}

/* Decode the UTF-16 of r->raw into r->dec, keeping an odd byte for later. */
static int
decode(struct matrd *r)
{
	size_t n = r->rawlen, used = n & ~(size_t)1;
	int rc;

	/* Worst case: 3 bytes of UTF-8 per 2 bytes of UTF-16. */
	if ((rc = fmt_reserve(&r->dec, &r->dcap, r->dlen + n * 2 + PAD)) < 0)
		return rc;
	r->dlen += fmt_utf16_decode(r->dec + r->dlen, r->raw, n,
	    r->enc == ENC_UTF16BE, &r->hisur);
	if (used < n)
		r->raw[0] = r->raw[used];
	r->rawlen = n - used;
	/* An odd last byte, or a lone high surrogate, becomes a NUL too. */
	if (r->eof && (r->rawlen || r->hisur)) {
		r->dec[r->dlen++] = '\0';
		r->rawlen = 0;
		r->hisur = 0;
	}
	return 0;
}

/*
 * The encoding from the first r->rawlen bytes, at the start of r->dec:
 * UTF-16 goes to r->raw to be decoded, UTF-8 stays, without its BOM.
 */
static int
bom(struct matrd *r)
{
	const unsigned char *p = (const unsigned char *)r->dec;
	size_t n = r->rawlen, k = 0;

	if (n < 3 && !r->eof)
		return 0;	/* the BOM needs more */
	if (n >= 2 && ((p[0] == 0xff && p[1] == 0xfe) ||
	    (p[0] == 0xfe && p[1] == 0xff))) {
		r->enc = p[0] == 0xff ? ENC_UTF16LE : ENC_UTF16BE;
		if ((r->raw = malloc(CHUNK + 4)) == NULL)
			return r->err = -BG_ENOMEM;
		memcpy(r->raw, p + 2, r->rawlen = n - 2);
		return decode(r);
	}
	r->enc = ENC_UTF8;
	if (n >= 3 && p[0] == 0xef && p[1] == 0xbb && p[2] == 0xbf)
		k = 3;
	memmove(r->dec, r->dec + k, n - k);
	r->dlen = n - k;
	r->rawlen = 0;
	return 0;
}

/*
 * Count n bytes read at p, and keep the input's first: fmt_mat.c names
 * them if the input proves to be binary data.
 */
static void
got(struct matrd *r, const char *p, size_t n)
{
	if (r->headlen < DIAG_BYTES) {
		size_t k = DIAG_BYTES - r->headlen;

		k = n < k ? n : k;
		memcpy(r->head + r->headlen, p, k);
		r->headlen += k;
	}
	r->nread += n;
}

/*
 * Up to want more bytes from the input to buf + *len, *len moved past
 * them, r->eof set at its end.  0, or -BG_EIO.
 */
static int
read_chunk(struct matrd *r, char *buf, size_t *len, size_t want)
{
	long n;

	n = fmt_src_read(r->b.src, buf + *len, want);
	if (n < 0 || (size_t)n > want)
		return r->err = -BG_EIO;
	if (n == 0)
		r->eof = 1;
	got(r, buf + *len, (size_t)n);
	*len += (size_t)n;
	return 0;
}

/*
 * The first bytes straight from the source's buffer, when it hands it
 * over (a plain file; all of one under 64 KiB): they are read where
 * they lie, not copied.  1 when taken.
 */
static int
take_first(struct matrd *r)
{
	size_t len, cap;
	char *buf;

	if (r->dec != NULL || (buf = fmt_src_take(r->b.src, &len, &cap)) == NULL)
		return 0;
	r->dec = buf;
	r->dcap = cap;
	r->rawlen = len;
	got(r, buf, len);
	return 1;
}

/* Read and decode one more chunk.  0, or a negative code. */
static int
fill_chunk(struct matrd *r)
{
	size_t want;
	int rc;

	if (r->eof)
		return 0;
	/* Drop what the lines have consumed. */
	if (r->dpos > 0) {
		memmove(r->dec, r->dec + r->dpos, r->dlen - r->dpos);
		r->dlen -= r->dpos;
		r->dscan -= r->dpos;
		r->dpos = 0;
	}
	if (r->enc == ENC_UTF8) {
		/*
		 * Nothing to decode: straight into the decoded text, as much
		 * as its buffer holds up to a chunk (the source's buffer, when
		 * taken, stays the one buffer), or a chunk after it grows.
		 */
		want = r->dcap > r->dlen + PAD ? r->dcap - r->dlen - PAD : 0;
		if (want > CHUNK)
			want = CHUNK;
		else if (want < CHUNK / 2) {
			if ((rc = fmt_reserve(&r->dec, &r->dcap,
			    r->dlen + CHUNK + PAD)) < 0)
				return rc;
			want = CHUNK;
		}
		return read_chunk(r, r->dec, &r->dlen, want);
	}
	if (r->enc == ENC_UNKNOWN) {
		if (take_first(r))
			return bom(r);
		/*
		 * The first bytes go where UTF-8 is read, not counted in the
		 * text (rawlen) until their BOM says how to read them.
		 */
		if ((rc = fmt_reserve(&r->dec, &r->dcap,
		    r->dlen + CHUNK + PAD)) < 0 ||
		    (rc = read_chunk(r, r->dec, &r->rawlen,
		    CHUNK - r->rawlen)) < 0)
			return rc;
		return bom(r);
	}
	if ((rc = read_chunk(r, (char *)r->raw, &r->rawlen,
	    CHUNK - r->rawlen)) < 0)
		return rc;
	return decode(r);
}

/*
 * fill_chunk, and PAD NULs after the text (fmt_mat_fast.c reads up to 16
 * bytes past a byte of a line where it lies), or after the
 * first bytes while they wait for their encoding (bom).
 */
static int
fill(struct matrd *r)
{
	size_t end;
	int rc;

	if ((rc = fill_chunk(r)) < 0)
		return rc;
	end = r->dlen + (r->enc == ENC_UNKNOWN ? r->rawlen : 0);
	if ((rc = fmt_reserve(&r->dec, &r->dcap, end + PAD)) < 0)
		return rc;
	memset(r->dec + end, 0, PAD);
	return 0;
}

/* Length of a valid UTF-8 sequence at s[0..n), or 0. */
static size_t
utf8_len(const unsigned char *s, size_t n)
{
	unsigned c = s[0], cp;
	size_t len, i;

	if (c < 0x80)
		return c != 0;
	if (c >= 0xc2 && c <= 0xdf)
		len = 2, cp = c & 0x1f;
	else if (c >= 0xe0 && c <= 0xef)
		len = 3, cp = c & 0x0f;
	else if (c >= 0xf0 && c <= 0xf4)
		len = 4, cp = c & 0x07;
	else
		return 0;
	if (n < len)
		return 0;
	for (i = 1; i < len; i++) {
		if ((s[i] & 0xc0) != 0x80)
			return 0;
		cp = cp << 6 | (s[i] & 0x3f);
	}
	if ((len == 3 && (cp < 0x800 || (cp >= 0xd800 && cp <= 0xdfff))) ||
	    (len == 4 && (cp < 0x10000 || cp > 0x10ffff)))
		return 0;
	return len;
}

/*
 * Make the current line valid UTF-8: bytes that are not are read as
 * Latin-1, a NUL as U+FFFD.  Most lines are ASCII and leave at once.
 */
static int
repair(struct matrd *r)
{
	const unsigned char *s = (const unsigned char *)r->line;
	size_t i, k, o = 0;
	int bad = 0, rc;

	for (i = 0; i < r->llen; i++)
		if (s[i] >= 0x80 || s[i] == 0)
			break;
	if (i == r->llen)
		return 0;
	for (; i < r->llen; i += k)
		if ((k = utf8_len(s + i, r->llen - i)) == 0) {
			bad = 1;
			break;
		}
	if (!bad)
		return 0;
	if ((rc = fmt_reserve(&r->tmp, &r->tcap, r->llen * 3 + 1)) < 0)
		return rc;
	for (i = 0; i < r->llen; i += k) {
		if ((k = utf8_len(s + i, r->llen - i)) > 0) {
			memcpy(r->tmp + o, s + i, k);
			o += k;
			continue;
		}
		k = 1;
		if (s[i] == 0) {
			r->nul = 1;
			memcpy(r->tmp + o, "\xef\xbf\xbd", 3);
			o += 3;
		} else {
			r->tmp[o++] = (char)(0xc0 | s[i] >> 6);
			r->tmp[o++] = (char)(0x80 | (s[i] & 0x3f));
		}
	}
	if ((rc = fmt_reserve(&r->lbuf, &r->lcap, o + 1)) < 0)
		return rc;
	r->line = r->lbuf;
	memcpy(r->line, r->tmp, o);
	r->line[o] = '\0';
	r->llen = o;
	r->badenc = 1;
	return 0;
}

/*
 * A line is plain when it is ASCII without tab or NUL: then a column is
 * a byte.  find_eol and is_plain test 16 bytes at a time where SSE2 is,
 * else 8 (a word); their twins below do the same.
 */

/* Whether c keeps a line from being plain: not ASCII, a tab or a NUL. */
static inline int
bad_byte(unsigned char c)
{
	return c >= 0x80 || c == '\t' || c == 0;
}

/*
 * find_eol() a byte at a time from i.  *bad is or-ed with what is
 * found, not set.
 */
static size_t
eol_bytes(const char *s, size_t i, size_t n, int *bad)
{
	for (; i < n && s[i] != '\n' && s[i] != '\r'; i++)
		*bad |= bad_byte((unsigned char)s[i]);
	return i;
}

/* is_plain a byte at a time from i. */
static int
plain_bytes(const char *s, size_t i, size_t n)
{
	for (; i < n; i++)
		if (bad_byte((unsigned char)s[i]))
			return 0;
	return 1;
}

#ifdef BYTES16
/*
 * Sixteen bytes at a time where SSE2 is (every x86-64): a bit per byte
 * of s[i..i + 16) that is a CR or LF (eol16), or not plain (bad16).
 */
static unsigned
eol16(const char *s)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)s);

	return (unsigned)_mm_movemask_epi8(_mm_or_si128(
	    _mm_cmpeq_epi8(x, _mm_set1_epi8('\n')),
	    _mm_cmpeq_epi8(x, _mm_set1_epi8('\r'))));
}

static unsigned
bad16(const char *s)
{
	__m128i x = _mm_loadu_si128((const __m128i *)(const void *)s);

	return (unsigned)_mm_movemask_epi8(_mm_or_si128(x, _mm_or_si128(
	    _mm_cmpeq_epi8(x, _mm_set1_epi8('\t')),
	    _mm_cmpeq_epi8(x, _mm_setzero_si128()))));
}

/*
 * Offset of the first CR or LF in s[i..n), or n; *bad says whether a
 * byte before it is not plain (is_plain), so that a line is read once.
 */
static size_t
find_eol(const char *s, size_t i, size_t n, int *bad)
{
	unsigned m, b = 0;

	for (; i + 16 <= n; i += 16) {
		if ((m = eol16(s + i)) != 0) {
			m = (unsigned)__builtin_ctz(m);
			*bad = b != 0 || (bad16(s + i) & ((1u << m) - 1)) != 0;
			return i + m;
		}
		b |= bad16(s + i);
	}
	if (n >= 16 && i < n) {
		/* The last 16 bytes, those before i masked off. */
		unsigned t = bad16(s + n - 16) >> (16 - (n - i)), k = 16;

		if ((m = eol16(s + n - 16) >> (16 - (n - i))) != 0) {
			k = (unsigned)__builtin_ctz(m);
			t &= (1u << k) - 1;
		}
		*bad = b != 0 || t != 0;
		return m ? i + k : n;
	}
	*bad = b != 0;
	return eol_bytes(s, i, n, bad);
}

/* Only ASCII without tab or NUL in s[0..n)? */
static int
is_plain(const char *s, size_t n)
{
	size_t i = 0;

	for (; i + 16 <= n; i += 16)
		if (bad16(s + i))
			return 0;
	if (n >= 16)
		return i == n || bad16(s + n - 16) == 0;
	return plain_bytes(s, i, n);
}
#else
/*
 * Compare each byte of x with c: a byte equal to c has its high bit
 * set in the result.
 */
static uint64_t
has(uint64_t x, unsigned char c)
{
	x ^= ONES * c;
	return (x - ONES) & ~x & HIGHS;
}

/*
 * Offset of the first CR or LF in s[i..n), or n; *bad says whether a
 * byte before it is not plain (is_plain), so that a line is read once.
 */
static size_t
find_eol(const char *s, size_t i, size_t n, int *bad)
{
	uint64_t x, b = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&x, s + i, 8);
		if (has(x, '\n') | has(x, '\r'))
			break;
		b |= (x & HIGHS) | has(x, '\t') | has(x, 0);
	}
	*bad = b != 0;
	return eol_bytes(s, i, n, bad);
}

/* Only ASCII without tab or NUL in s[0..n)? */
static int
is_plain(const char *s, size_t n)
{
	uint64_t x;
	size_t i = 0;

	for (; i + 8 <= n; i += 8) {
		memcpy(&x, s + i, 8);
		if ((x & HIGHS) | has(x, '\t') | has(x, 0))
			return 0;
	}
	return plain_bytes(s, i, n);
}
#endif

/* set_line() but for the right trim, for a line that may be no plain one. */
static int
copy_line(struct matrd *r, char *s, size_t n, int plain)
{
	int rc;

	if (n > MAXLINE) {
		n = MAXLINE;
		r->longline = 1;
		plain = -1;
	}
	r->plain = plain >= 0 ? plain : is_plain(s, n);
	r->llen = n;
	if (r->plain && !r->longline) {
		r->line = s;
		s[n] = '\0';
	} else {
		if ((rc = fmt_reserve(&r->lbuf, &r->lcap, n + 1)) < 0)
			return rc;
		r->line = r->lbuf;
		memcpy(r->line, s, n);
		r->line[n] = '\0';
	}
	if (!r->plain && (rc = repair(r)) < 0)
		return rc;
	return 0;
}

/*
 * s[0..n) of the decoded text is the current line, cut at MAXLINE,
 * right-trimmed; plain is is_plain(s, n) if known, else -1.  A plain
 * line is used where it is, its line end made its NUL (the decoded text
 * has room after its last byte); others are copied, to be repaired.
 */
static int
set_line(struct matrd *r, char *s, size_t n, int plain)
{
	int rc;

	r->nul = 0;
	if (plain == 1 && n <= MAXLINE && !r->longline) {
		/* The common case, in a few instructions. */
		r->plain = 1;
		r->llen = n;
		r->line = s;
		s[n] = '\0';
	} else if ((rc = copy_line(r, s, n, plain)) < 0)
		return rc;
	while (r->llen > 0 && isws((unsigned char)r->line[r->llen - 1]))
		r->line[--r->llen] = '\0';
	return 0;
}


int
mat_next_line(struct matrd *r)
{
	size_t i;
	int rc, whole, bad;

	if (r->err)
		return r->err;
	if (r->pushed) {
		r->pushed = 0;
		if ((rc = fmt_reserve(&r->lbuf, &r->lcap, r->plen + 1)) < 0)
			return r->err = rc;
		r->line = r->lbuf;
		memcpy(r->line, r->pbuf, r->plen + 1);
		r->llen = r->plen;
		r->lineno = r->pline;
		r->longline = r->plong;
		r->plain = r->pplain;
		r->nul = r->pnul;
		return 1;
	}
	r->longline = 0;
	for (;;) {
		whole = r->dscan == r->dpos;	/* bad is the line's */
		i = find_eol(r->dec, r->dscan, r->dlen, &bad);
		r->dscan = i;
		if (i < r->dlen && r->dec[i] == '\r' && i + 1 == r->dlen &&
		    !r->eof) {
			/* CR at the end of the buffer: is an LF next? */
			if ((rc = fill(r)) < 0)
				return rc;
			continue;
		}
		if (i < r->dlen || (r->eof && r->dpos < r->dlen)) {
			size_t end = i, next = i;

			if (i < r->dlen)
				next = i + (r->dec[i] == '\r' &&
				    i + 1 < r->dlen && r->dec[i + 1] == '\n' ?
				    2 : 1);
			if (r->skipping) {
				/* The rest of a cut line. */
				r->skipping = 0;
				r->dpos = r->dscan = next;
				continue;
			}
			if ((rc = set_line(r, r->dec + r->dpos,
			    end - r->dpos, whole ? !bad : -1)) < 0)
				return r->err = rc;
			r->dpos = r->dscan = next;
			r->lineno++;
			break;
		}
		if (r->eof)
			return 0;
		if (r->dlen - r->dpos > MAXLINE && !r->skipping) {
			/* Deliver the start now, drop the rest. */
			if ((rc = set_line(r, r->dec + r->dpos,
			    r->dlen - r->dpos, -1)) < 0)
				return r->err = rc;
			r->longline = 1;
			r->skipping = 1;
			r->dpos = r->dscan = r->dlen;
			r->lineno++;
			break;
		}
		if (r->skipping)
			r->dpos = r->dscan = r->dlen;
		if ((rc = fill(r)) < 0)
			return rc;
	}
	if (r->badenc && !r->encwarned) {
		r->encwarned = 1;
		mat_diag_line(r, BG_WENCODING);
	}
	r->badenc = 0;
	if (r->longline)
		mat_diag_line(r, BG_ELONGLINE);
	return 1;
}

/*
 * Is the current line binary data: a NUL, or a control character other
 * than a tab, vertical tab or form feed?
 */
int
mat_line_binary(const struct matrd *r)
{
	size_t i;

	if (r->nul)
		return 1;
	for (i = 0; i < r->llen; i++)
		if (((unsigned char)r->line[i] < 0x20 &&
		    !isws((unsigned char)r->line[i])) || r->line[i] == 0x7f)
			return 1;
	return 0;
}

/* Give the current line back; the next mat_next_line() returns it again. */
int
mat_push_back(struct matrd *r)
{
	int rc;

	if ((rc = fmt_reserve(&r->pbuf, &r->pcap, r->llen + 1)) < 0)
		return r->err = rc;
	memcpy(r->pbuf, r->line, r->llen + 1);
	r->plen = r->llen;
	r->pline = r->lineno;
	r->plong = r->longline;
	r->pplain = r->plain;
	r->pnul = r->nul;
	r->pushed = 1;
	return 0;
}


void
mat_text_free(struct matrd *r)
{
	free(r->raw);
	free(r->dec);
	free(r->lbuf);
	free(r->pbuf);
	free(r->tmp);
}
