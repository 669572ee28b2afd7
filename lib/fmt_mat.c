/*
 * fmt_mat.c: the streaming reader of Jellyfish .mat match text, as
 * written by Jellyfish, gnubg, eXtreme Gammon, Backgammon Studio,
 * Backgammon Galaxy, OpenGammon, FIBS clients and others (bgkit-mat(5)
 * is the specification of what is read and how).  Bytes come from a
 * read callback, are decoded (UTF-8 with or without BOM, UTF-16LE/BE
 * with BOM, Latin-1 bytes kept as such) and cut into lines at LF, CRLF
 * or CR; each line is classified and its cells are split on roll tokens
 * ("64:") and keywords, never on columns.  One match header and one game
 * live in memory at a time.  The few irregular line grammars (match,
 * game, score and tag lines, keyword cells) are PCRE2 patterns compiled
 * once per reader; move lines, the bulk of a file, go through a hand
 * scanner.  The reader never prints: problems become bg_diag entries on
 * the reader.  Part of libbgkit; callers use bgkit.h.
 */
#define PCRE2_CODE_UNIT_WIDTH 8

#include <pcre2.h>
#include <stdint.h>
#if defined(__SSE2__) && defined(__GNUC__)
#include <emmintrin.h>
#define BYTES16		/* find_eol and is_plain 16 bytes at a time */
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "chars_int.h"
#include "notation_int.h"
#include "record_int.h"
#include "fmt_int.h"

#define CHUNK	65536		/* bytes asked of read() at a time */
#define MAXLINE	65536		/* longer lines are cut */
#define PAD	16		/* NULs after the decoded text (fill) */
#define LEFTCOL	6		/* default left cell column (1-based) */
#define RIGHTCOL 34		/* default right cell column (gnubg) */
/*
 * Bounds on one pattern match: a line gnubg writes needs a few hundred
 * steps, a hostile 64 KiB line could take tens of milliseconds without
 * them.  A match that reaches a bound counts as no match.
 */
#define MATCHLIMIT 100000	/* backtracking steps */
#define DEPTHLIMIT 1000		/* nested backtracking points */

enum enc {
	ENC_UNKNOWN,
	ENC_UTF8,
	ENC_UTF16LE,
	ENC_UTF16BE
};

enum pat {
	P_MATCH,		/* " 7 point match" */
	P_GAME,			/* " Game 3" */
	P_SCORE,		/* " Alice : 2          Bob : 4" */
	P_TAG,			/* "; [Key "value"]" */
	P_SETPOS,		/* "; Set Pos=..." */
	P_CELL,			/* a keyword cell: "Doubles => 2", "Wins 1 point" */
	P_COUNT
};

/*
 * Each pattern runs on a whole line or cell, without PCRE2_UTF: only
 * ASCII classes matter and non-ASCII bytes are name characters.
 */
static const char *const patterns[P_COUNT] = {
	[P_MATCH] = "^\\s*(\\d{1,9})\\s*points?\\s+match\\s*$",
	[P_GAME] = "^\\s*game\\s+(\\d{1,9})\\s*$",
	[P_SCORE] = "^\\s*(\\S.*?)\\s*:\\s*(\\d{1,9})\\s+(\\S.*?)\\s*:"
	    "\\s*(\\d{1,9})\\s*$",
	[P_TAG] = "^[;#]\\s*\\[\\s*([^\"\\]]*?)\\s*\"(.*)\"\\s*\\]\\s*$",
	[P_SETPOS] = "^[;#]\\s*set\\s*pos\\s*=\\s*(.*?)\\s*$",
	[P_CELL] = "^(?:"
	    "(doubles?|beavers?|raccoons?)(?:\\s*=>?\\s*(\\d{1,9}))?"	/* 1 2 */
	    "|(takes?)"							/* 3 */
	    "|(drops?)"							/* 4 */
	    "|(wins?|loss(?:es)?|loses?)\\s+(\\d{1,9})\\s+points?"	/* 5 6 */
	    "(\\s+and\\s+the\\s+match)?"					/* 7 */
	    "|(illegal\\s+play\\b.*)"					/* 8 */
	    ")$",
};

/* A comment line read inside a game, held until the next line says
 * whether it belongs to the game or to the next match's header. */
struct qline {
	int	 line;
	size_t	 off, len;
};

struct bg_reader {
	struct fmt_front front;	/* first: the format, SGF and JSON (reader.c) */
	bg_read_fn	 read;
	void		*ctx;
	const char	*mem;		/* bg_reader_new_mem */
	size_t		 memlen, mempos;
	int		 err;		/* sticky system error, negated */

	/* decoding */
	enum enc	 enc;
	int		 eof;		/* read() said the end */
	unsigned char	*raw;		/* CHUNK + 4 bytes, for UTF-16 */
	size_t		 rawlen;
	unsigned	 hisur;		/* UTF-16 high surrogate waiting */
	int		 badenc;	/* a bad sequence since the last line */
	int		 encwarned;
	char		*dec;		/* decoded UTF-8 */
	size_t		 dlen, dpos, dcap, dscan;
	int		 skipping;	/* discarding the rest of a long line */

	/*
	 * The current line, NUL-terminated, right-trimmed: in the decoded
	 * text itself when plain (the NUL on its line end), else a copy in
	 * lbuf, repaired.  Valid until the next next_line().
	 */
	char		*line;
	size_t		 llen;
	char		*lbuf;
	size_t		 lcap;
	int		 lineno;
	int		 longline;	/* this line was cut */
	int		 plain;		/* only ASCII, no tab: column = byte */
	int		 fast;		/* lying_line, fast_cells, plain_match,
					   plain_game, plain_score and plain_tag
					   may read lines */
	int		 number;	/* of the match or game line classified */
	char		*pbuf;		/* one line pushed back */
	size_t		 plen, pcap;
	int		 pline, pushed, plong, pplain;
	char		*tmp;		/* Latin-1 repair */
	size_t		 tcap;

	pcre2_code	*re[P_COUNT];
	pcre2_match_data *md;
	pcre2_match_context *mc;	/* MATCHLIMIT, DEPTHLIMIT */

	/* where we are */
	int		 nmatch;	/* matches started */
	int		 in_match;	/* games may follow */
	int		 fresh;		/* r->game started, not delivered */
	int		 cur_game;	/* number of the game being read */
	int		 pg_valid, pg_number, pg_line;	/* next "Game N" */
	int		 expect_score;
	int		 has_result;
	int		 last_line;	/* last line with content in the game */
	int		 leftcol, rightcol;	/* learned display columns */
	struct bg_match	 match;
	struct bg_game	 game;

	struct qline	*q;
	size_t		 nq, capq;
	char		*qbuf;
	size_t		 qlen, qcap;

	bg_diag		*diag;
	size_t		 ndiag, capdiag;
};

/* ------------------------------------------------------------- helpers */

/* The blanks of a line, by table: the tokenizer asks for every byte. */
static const unsigned char blanks[256] = {
	[' '] = 1, ['\t'] = 1, ['\v'] = 1, ['\f'] = 1
};

static int
isws(int c)
{
	return blanks[c & 0xff];
}

/* 1-based column in characters of byte offset off of the line. */
static int
charcol(const bg_reader *r, size_t off)
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
static int
dispcol(const bg_reader *r, size_t off)
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

/* A decimal of at most 9 digits at s[0..len). */
static int
atoin(const char *s, size_t len)
{
	int v = 0;
	size_t i;

	for (i = 0; i < len && i < 9 && isdig((unsigned char)s[i]); i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* ---------------------------------------------------------- diagnostics */

static void
diag_add(bg_reader *r, int code, int line, int col, int side, int move,
    const int dice[2], const char *text, size_t len)
{
	bg_diag *d;

	if (r->ndiag == r->capdiag) {
		size_t c = r->capdiag ? r->capdiag * 2 : 16;
		bg_diag *nd = realloc(r->diag, c * sizeof *nd);

		if (nd == NULL) {
			r->err = -BG_ENOMEM;
			return;
		}
		r->diag = nd;
		r->capdiag = c;
	}
	d = &r->diag[r->ndiag++];
	memset(d, 0, sizeof *d);
	d->code = code;
	d->severity = bg_code_severity(code);
	d->line = line;
	d->col = col;
	d->game = r->cur_game;
	d->move = move;
	d->side = side;
	if (dice != NULL) {
		d->dice[0] = dice[0];
		d->dice[1] = dice[1];
	}
	if (text != NULL) {
		if (len >= sizeof d->detail) {
			/* Cut before a UTF-8 continuation byte, never in it. */
			len = sizeof d->detail - 1;
			while (len > 0 &&
			    ((unsigned char)text[len] & 0xc0) == 0x80)
				len--;
		}
		memcpy(d->detail, text, len);
		d->detail[len] = '\0';
	}
}

/* A diagnostic about the whole current line. */
static void
diag_line(bg_reader *r, int code)
{
	size_t i = 0;

	while (isws((unsigned char)r->line[i]))
		i++;
	diag_add(r, code, r->lineno, 0, -1, 0, NULL, r->line + i,
	    r->llen - i);
}

size_t
bg_reader_diag_count(const bg_reader *r)
{
	if (r != NULL && r->front.sub != NULL)
		return fmt_front_diag_count(&r->front);
	return r ? r->ndiag : 0;
}

const bg_diag *
bg_reader_diag(const bg_reader *r, size_t i)
{
	if (r != NULL && r->front.sub != NULL)
		return fmt_front_diag(&r->front, i);
	return r && i < r->ndiag ? &r->diag[i] : NULL;
}

/* ------------------------------------------------------------- decoding */

static long
mem_read(bg_reader *r, char *buf, size_t n)
{
	size_t k = r->memlen - r->mempos;

	if (k > n)
		k = n;
	memcpy(buf, r->mem + r->mempos, k);
	r->mempos += k;
	return (long)k;
}

/* Append code point c as UTF-8 to the decoded buffer (room reserved). */
static void
put_utf8(bg_reader *r, unsigned c)
{
	char *p = r->dec + r->dlen;

	if (c < 0x80) {
		p[0] = (char)c;
		r->dlen += 1;
	} else if (c < 0x800) {
		p[0] = (char)(0xc0 | c >> 6);
		p[1] = (char)(0x80 | (c & 0x3f));
		r->dlen += 2;
	} else if (c < 0x10000) {
		p[0] = (char)(0xe0 | c >> 12);
		p[1] = (char)(0x80 | (c >> 6 & 0x3f));
		p[2] = (char)(0x80 | (c & 0x3f));
		r->dlen += 3;
	} else {
		p[0] = (char)(0xf0 | c >> 18);
		p[1] = (char)(0x80 | (c >> 12 & 0x3f));
		p[2] = (char)(0x80 | (c >> 6 & 0x3f));
		p[3] = (char)(0x80 | (c & 0x3f));
		r->dlen += 4;
	}
}

/* Decode UTF-16 r->raw into r->dec; keeps an odd byte for later. */
static int
decode(bg_reader *r)
{
	size_t i = 0, n = r->rawlen;
	int rc;

	/* Worst case: 3 bytes of UTF-8 per 2 bytes of UTF-16. */
	if ((rc = fmt_reserve(&r->dec, &r->dcap, r->dlen + n * 2 + PAD)) < 0)
		return rc;
	/*
	 * A unit that is no UTF-16 (a lone surrogate, an odd last byte)
	 * becomes a NUL, which repair() turns into U+FFFD and reports with
	 * its line; flagged here, the warning would go with whichever line
	 * came next, depending on how the input was read.
	 */
	for (; i + 1 < n; i += 2) {
		unsigned u = r->enc == ENC_UTF16LE ?
		    (unsigned)(r->raw[i] | r->raw[i + 1] << 8) :
		    (unsigned)(r->raw[i] << 8 | r->raw[i + 1]);

		if (r->hisur) {
			if (u >= 0xdc00 && u <= 0xdfff) {
				put_utf8(r, 0x10000 + ((r->hisur - 0xd800) << 10)
				    + (u - 0xdc00));
				r->hisur = 0;
				continue;
			}
			put_utf8(r, 0);
			r->hisur = 0;
		}
		if (u >= 0xd800 && u <= 0xdbff)
			r->hisur = u;
		else if (u >= 0xdc00 && u <= 0xdfff)
			put_utf8(r, 0);
		else
			put_utf8(r, u);
	}
	if (i < n)
		r->raw[0] = r->raw[i];
	r->rawlen = n - i;
	if (r->eof && (r->rawlen || r->hisur)) {
		put_utf8(r, 0);
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
bom(bg_reader *r)
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
 * Up to want more bytes from the input to buf + *len, *len moved past
 * them, r->eof set at its end.  0, or -BG_EIO.
 */
static int
read_chunk(bg_reader *r, char *buf, size_t *len, size_t want)
{
	long n;

	n = r->mem ? mem_read(r, buf + *len, want) :
	    r->read(r->ctx, buf + *len, want);
	if (n < 0 || (size_t)n > want)
		return r->err = -BG_EIO;
	if (n == 0)
		r->eof = 1;
	*len += (size_t)n;
	return 0;
}

/* Read and decode one more chunk.  0, or a negative code. */
static int
fill_chunk(bg_reader *r)
{
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
		/* Nothing to decode: straight into the decoded text. */
		if ((rc = fmt_reserve(&r->dec, &r->dcap,
		    r->dlen + CHUNK + PAD)) < 0)
			return rc;
		return read_chunk(r, r->dec, &r->dlen, CHUNK);
	}
	if (r->enc == ENC_UNKNOWN) {
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
 * fill_chunk, and PAD NULs after the text (fast_next), or after the
 * first bytes while they wait for their encoding (bom).
 */
static int
fill(bg_reader *r)
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
repair(bg_reader *r)
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
 * Word-at-a-time byte tests: a byte of x equal to c (has), any byte of x
 * with its high bit set.
 */
#define ONES	0x0101010101010101ULL
#define HIGHS	0x8080808080808080ULL

/* Not plain: not ASCII, a tab or a NUL. */
static inline int
bad_byte(unsigned char c)
{
	return c >= 0x80 || c == '\t' || c == 0;
}

/* find_eol a byte at a time from i; *bad is or-ed, not set. */
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
copy_line(bg_reader *r, char *s, size_t n, int plain)
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
set_line(bg_reader *r, char *s, size_t n, int plain)
{
	int rc;

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

/*
 * The line at r->dpos, whole and nothing of it scanned, read where it
 * lies when it is printable ASCII ended by an LF in the text and no
 * longer than MAXLINE, as next_line would read it (such a line has no
 * CR, no byte to repair and no long line to report): 1, or 0 to leave it
 * to next_line.  The text is followed by PAD NULs (fill), so sixteen
 * bytes from one of its bytes may be read.
 */
static int
lying_line(bg_reader *r)
{
	char *s = r->dec + r->dpos;
	size_t e = 0, n;
#ifdef BYTES16
	const __m128i sp = _mm_set1_epi8(' '), del = _mm_set1_epi8(0x7f);
	__m128i x;
	unsigned m;

	for (;; e += 16) {
		x = _mm_loadu_si128((const __m128i *)(const void *)(s + e));
		/* Signed: the bytes from 0x80 are below the space too. */
		m = (unsigned)_mm_movemask_epi8(_mm_or_si128(
		    _mm_cmplt_epi8(x, sp), _mm_cmpeq_epi8(x, del)));
		if (m != 0)
			break;
	}
	e += (unsigned)__builtin_ctz(m);
#else
	while ((unsigned)((unsigned char)s[e] - ' ') < 0x7f - ' ')
		e++;
#endif
	if (s[e] != '\n' || e > MAXLINE || e >= r->dlen - r->dpos)
		return 0;
	for (n = e; n > 0 && s[n - 1] == ' '; n--)
		;
	s[n] = '\0';
	r->line = s;
	r->llen = n;
	r->plain = 1;
	r->longline = 0;
	r->dpos = r->dscan = r->dpos + e + 1;
	r->lineno++;
	return 1;
}

/*
 * The next line: 1, 0 at the end, or a negative code.  Reports a bad
 * encoding once per reader and every cut line.
 */
static int
next_line(bg_reader *r)
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
		return 1;
	}
	if (r->fast && r->dec != NULL && !r->skipping &&
	    r->dscan == r->dpos && lying_line(r))
		return 1;
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
		diag_line(r, BG_WENCODING);
	}
	r->badenc = 0;
	if (r->longline)
		diag_line(r, BG_ELONGLINE);
	return 1;
}

/* Give the current line back; the next next_line() returns it again. */
static int
push_back(bg_reader *r)
{
	int rc;

	if ((rc = fmt_reserve(&r->pbuf, &r->pcap, r->llen + 1)) < 0)
		return r->err = rc;
	memcpy(r->pbuf, r->line, r->llen + 1);
	r->plen = r->llen;
	r->pline = r->lineno;
	r->plong = r->longline;
	r->pplain = r->plain;
	r->pushed = 1;
	return 0;
}

/* ------------------------------------------------------------- patterns */

/*
 * Match pattern p against s[0..len); the number of pairs, or 0.  Each
 * pattern is compiled on its first use: the lines gnubg writes need
 * few of them, and compiling all six cost more than reading a match.
 */
static int
re_match(bg_reader *r, enum pat p, const char *s, size_t len)
{
	PCRE2_SIZE erroff;
	int rc;

	if (r->mc == NULL) {
		/* Made on the first use too: most files need no pattern. */
		if ((r->md == NULL && (r->md = pcre2_match_data_create(12,
		    NULL)) == NULL) ||
		    (r->mc = pcre2_match_context_create(NULL)) == NULL) {
			r->err = -BG_ENOMEM;
			return 0;
		}
		pcre2_set_match_limit(r->mc, MATCHLIMIT);
		pcre2_set_depth_limit(r->mc, DEPTHLIMIT);
	}
	if (r->re[p] == NULL && (r->re[p] = pcre2_compile((PCRE2_SPTR)
	    patterns[p], PCRE2_ZERO_TERMINATED, PCRE2_CASELESS, &rc, &erroff,
	    NULL)) == NULL) {
		r->err = -BG_ENOMEM;
		return 0;
	}
	rc = pcre2_match(r->re[p], (PCRE2_SPTR)s, len, 0, 0, r->md, r->mc);
	return rc > 0 ? rc : 0;
}

/* Start and length of group k of the last match; -1 if unset. */
static int
group(bg_reader *r, int k, size_t *start, size_t *len)
{
	PCRE2_SIZE *ov = pcre2_get_ovector_pointer(r->md);

	if (k >= (int)pcre2_get_ovector_count(r->md) ||
	    ov[2 * k] == PCRE2_UNSET) {
		*start = *len = 0;
		return -1;
	}
	*start = ov[2 * k];
	*len = ov[2 * k + 1] - ov[2 * k];
	return 0;
}

/* ------------------------------------------------------- classification */

enum kind {
	L_BLANK,
	L_COMMENT,	/* ';' or '#' */
	L_MATCH,	/* "N point match" */
	L_GAME,		/* "Game N" */
	L_MOVE,		/* "12) ..." */
	L_CELLS,	/* an unnumbered line that starts with a cell */
	L_OTHER		/* else; classify() leaves L_CELLS to cells() */
};

/*
 * The keywords that start a cell, by length; the regex P_CELL says the
 * rest.  Each word of a length is eight bytes, NUL-padded.
 */
static const char kw3[][8] = { "win" };
static const char kw4[][8] = { "take", "drop", "wins", "loss" };
static const char kw5[][8] = { "takes", "drops", "loses" };
static const char kw6[][8] = { "double", "beaver", "losses" };
static const char kw7[][8] = { "doubles", "beavers", "raccoon" };
static const char kw8[][8] = { "raccoons" };

/* A roll token ("64:") at s[0..n)? */
static inline int
is_roll(const char *s, size_t n)
{
	return n >= 3 && isdig((unsigned char)s[0]) &&
	    (isdig((unsigned char)s[1]) || isalph((unsigned char)s[1])) &&
	    s[2] == ':';
}

/* Is the word w[0..8) one of the n words of kw? */
static int
in_words(const char w[8], const char (*kw)[8], size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (memcmp(w, kw[i], 8) == 0)
			return 1;
	return 0;
}

#define NWORDS(a)	(sizeof (a) / sizeof (a)[0])

/*
 * Does a cell start at s[0..n)?  1 roll, 2 keyword ("illegal" 3), 0.
 * Most calls are for a word that is none (a player's name, "point"):
 * the word is lowered into eight bytes and compared with the few
 * keywords of its length, eight bytes at a time.
 */
static int
starter(const char *s, size_t n)
{
	char w[8];
	size_t k;
	unsigned c;

	if (is_roll(s, n))
		return 1;
	memset(w, 0, sizeof w);
	/*
	 * No keyword is shorter than three letters or longer than eight.
	 * A byte is a letter when it is one lowered, by setting bit 5.
	 */
	for (k = 0; k < n; k++) {
		c = (unsigned char)s[k] | 0x20;
		if (c - 'a' > 'z' - 'a')
			break;
		if (k == 8)
			return 0;
		w[k] = (char)c;
	}
	switch (k) {
	case 3:
		return in_words(w, kw3, NWORDS(kw3)) ? 2 : 0;
	case 4:
		return in_words(w, kw4, NWORDS(kw4)) ? 2 : 0;
	case 5:
		return in_words(w, kw5, NWORDS(kw5)) ? 2 : 0;
	case 6:
		return in_words(w, kw6, NWORDS(kw6)) ? 2 : 0;
	case 7:
		if (memcmp(w, "illegal", 8) == 0)
			return 3;
		return in_words(w, kw7, NWORDS(kw7)) ? 2 : 0;
	case 8:
		return in_words(w, kw8, NWORDS(kw8)) ? 2 : 0;
	default:
		return 0;
	}
}

/* Offset of the first byte of s[i..n) that is no space, or n. */
static size_t
spaces(const char *s, size_t i, size_t n)
{
	while (i < n && s[i] == ' ')
		i++;
	return i;
}

/* Eight spaces at s? */
static int
all_spaces(const char *s)
{
	uint64_t x;

	memcpy(&x, s, 8);
	return x == ONES * ' ';
}

/* spaces(), a word at a time: for the padding between a score line's names. */
static size_t
padding(const char *s, size_t i, size_t n)
{
	while (i + 8 <= n && all_spaces(s + i))
		i += 8;
	return spaces(s, i, n);
}

/*
 * Digits at s[*i..n): 1 to 9 of them, their value in *v and *i after
 * them; else 0.
 */
static int
digits(const char *s, size_t *i, size_t n, int *v)
{
	size_t k = *i, j = k;
	unsigned long u = 0;

	/* The value as atoin's, in the same pass; more than nine wrap. */
	for (; j < n && isdig((unsigned char)s[j]); j++)
		u = u * 10 + (unsigned)(s[j] - '0');
	*i = j;
	if (j == k || j - k > 9)
		return 0;
	*v = (int)u;
	return 1;
}

/*
 * " 7 point match" and " Game 3" as gnubg writes them, in lines of s[0..n)
 * that P_MATCH and P_GAME would match, read without them: 1 with the
 * number of their group 1 in *v, else 0 to let the pattern decide.
 */
static int
plain_match(const char *s, size_t n, int *v)
{
	size_t i = spaces(s, 0, n);

	if (!digits(s, &i, n, v))
		return 0;
	i = spaces(s, i, n);
	if (n - i < 5 || memcmp(s + i, "point", 5) != 0)
		return 0;
	i += 5;
	if (i < n && s[i] == 's')
		i++;
	if (i == n || s[i] != ' ')
		return 0;
	i = spaces(s, i, n);
	if (n - i < 5 || memcmp(s + i, "match", 5) != 0)
		return 0;
	return spaces(s, i + 5, n) == n;
}

static int
plain_game(const char *s, size_t n, int *v)
{
	size_t i = spaces(s, 0, n);

	if (n - i < 6 || memcmp(s + i, "Game ", 5) != 0)
		return 0;
	i = spaces(s, i + 5, n);
	return digits(s, &i, n, v) && spaces(s, i, n) == n;
}

/* The number of P_MATCH's or P_GAME's last match, into r->number. */
static void
pattern_number(bg_reader *r)
{
	size_t st, len;

	group(r, 1, &st, &len);
	r->number = atoin(r->line + st, len);
}

static enum kind
classify(bg_reader *r, size_t *body)
{
	const char *s = r->line;
	size_t i = 0, j;

	/* A cell alone on its line comes after a column of spaces. */
	if (s[0] == ' ' && s[1] == ' ')
		i = padding(s, 0, r->llen);
	while (isws((unsigned char)s[i]))
		i++;
	*body = i;
	if (s[i] == '\0')
		return L_BLANK;
	if (s[i] == ';' || s[i] == '#')
		return L_COMMENT;
	if (isdig((unsigned char)s[i])) {
		for (j = i; isdig((unsigned char)s[j]); j++)
			;
		if (s[j] == ')')
			return L_MOVE;
		if (r->fast && plain_match(s, r->llen, &r->number))
			return L_MATCH;
		if (re_match(r, P_MATCH, s, r->llen)) {
			pattern_number(r);
			return L_MATCH;
		}
	}
	if (lower((unsigned char)s[i]) == 'g') {
		if (r->fast && plain_game(s, r->llen, &r->number))
			return L_GAME;
		if (re_match(r, P_GAME, s, r->llen)) {
			pattern_number(r);
			return L_GAME;
		}
	}
	/* L_CELLS or not is for the caller to ask (cells()), if it needs. */
	return L_OTHER;
}

/* Does a cell start the line classify() called L_OTHER at body? */
static enum kind
cells(bg_reader *r, size_t body)
{
	return starter(r->line + body, r->llen - body) ? L_CELLS : L_OTHER;
}

/* The number of a match or game line just classified. */
static int
line_number_of(bg_reader *r)
{
	return r->number;
}

/* --------------------------------------------------------------- header */

/* A comment line s[0..len) without its marker and one blank. */
static void
comment_text(const char *s, size_t len, size_t *st, size_t *n)
{
	size_t i = 0;

	while (i < len && isws((unsigned char)s[i]))
		i++;
	i++;			/* the ';' or '#' */
	if (i < len && isws((unsigned char)s[i]))
		i++;
	if (i > len)
		i = len;
	*st = i;
	*n = len - i;
}

/*
 * A tag as gnubg writes it, '; [Key "value"]' in printable ASCII ending
 * in '"]': 1 with the key and value that P_TAG's groups 1 and 2 would
 * give, else 0 to let the pattern decide.
 */
static int
plain_tag(const char *s, size_t n, size_t *ks, size_t *kl, size_t *vs,
    size_t *vl)
{
	size_t i, q, e;

	for (i = 0; i < n; i++)
		if ((unsigned char)s[i] < 0x20 || (unsigned char)s[i] > 0x7e)
			return 0;
	if (n < 5 || (s[0] != ';' && s[0] != '#') || s[n - 2] != '"' ||
	    s[n - 1] != ']')
		return 0;
	i = spaces(s, 1, n);
	if (s[i] != '[')
		return 0;
	i = spaces(s, i + 1, n);
	/* The key: up to the first quote, trimmed, no ']' in it. */
	for (q = i; s[q] != '"'; q++)
		if (s[q] == ']')
			return 0;
	if (q >= n - 2)
		return 0;
	for (e = q; e > i && s[e - 1] == ' '; e--)
		;
	*ks = i;
	*kl = e - i;
	*vs = q + 1;
	*vl = n - 2 - (q + 1);
	return 1;
}

static int
header_comment(bg_reader *r, const char *s, size_t len)
{
	size_t ks, kl, vs, vl;

	if (r->fast && plain_tag(s, len, &ks, &kl, &vs, &vl))
		return rec_match_add_tag(&r->match, s + ks, kl, s + vs, vl);
	if (re_match(r, P_TAG, s, len)) {
		group(r, 1, &ks, &kl);
		group(r, 2, &vs, &vl);
		return rec_match_add_tag(&r->match, s + ks, kl, s + vs, vl);
	}
	comment_text(s, len, &ks, &kl);
	return rec_match_add_comment(&r->match, s + ks, kl);
}

/* ---------------------------------------------------------------- games */

/*
 * A name, blanks collapsed, in *name and *nlen: s itself when it needs
 * no change, else a copy in r->tmp.  A trailing ",1500" or ",1500.5" (a
 * GridGammon/FIBS rating) is split off into *rst and *rlen.
 */
static int
clean_name(bg_reader *r, const char *s, size_t len, const char **name,
    size_t *nlen, size_t *rst, size_t *rlen)
{
	size_t i, o = 0, c;
	int rc, dot = 0, ok = 0;

	*rlen = 0;
	*rst = 0;
	/*
	 * Most names are words with a space between them and no comma.
	 * No blank or comma is above ',', as letters are.
	 */
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] <= ',' && (s[i] == ',' ||
		    (isws((unsigned char)s[i]) && (s[i] != ' ' || i == 0 ||
		    i + 1 == len || s[i + 1] == ' '))))
			break;
	if (i == len) {
		*name = s;
		*nlen = len;
		return 0;
	}
	for (c = len; c > 0 && s[c - 1] != ','; c--)
		;
	if (c > 1) {
		for (i = c; i < len; i++) {
			if (isdig((unsigned char)s[i]))
				ok = 1;
			else if (s[i] == '.' && !dot && ok)
				dot = 1;
			else
				break;
		}
		if (i == len && ok && s[len - 1] != '.') {
			*rst = c;
			*rlen = len - c;
			len = c - 1;
		}
	}
	if ((rc = fmt_reserve(&r->tmp, &r->tcap, len + 1)) < 0)
		return rc;
	for (i = 0; i < len; i++) {
		if (isws((unsigned char)s[i])) {
			if (o > 0 && r->tmp[o - 1] != ' ')
				r->tmp[o++] = ' ';
		} else
			r->tmp[o++] = s[i];
	}
	while (o > 0 && r->tmp[o - 1] == ' ')
		o--;
	*name = r->tmp;
	*nlen = o;
	return 0;
}

/*
 * The offset of the first colon from s[i] on, when every byte before it
 * is printable ASCII; else the offset of the first byte that is not.
 */
static size_t
to_colon(const char *s, size_t i)
{
	while ((unsigned)((unsigned char)s[i] - ' ') < 0x7f - ' ' &&
	    s[i] != ':')
		i++;
	return i;
}

/*
 * A score line as gnubg writes it (" Alice : 2      Bob : 4"): printable
 * ASCII with two colons only, scores of one to nine digits.  Sets what
 * P_SCORE's groups 1 and 3 would hold (the names trimmed) and the values
 * of its groups 2 and 4, and returns 1; 0 for any other line, which the
 * pattern then judges.  In one pass: the line is s[0..n), and s[n] is
 * its NUL.
 */
static int
plain_score(const char *s, size_t n, size_t st[2], size_t len[2], int v[2])
{
	size_t i = 0, k, c, e, d;
	unsigned long u;

	for (k = 0; k < 2; k++) {
		i = padding(s, i, n);
		if (s[c = to_colon(s, i)] != ':')
			return 0;
		for (e = c; e > i && s[e - 1] == ' '; e--)
			;
		if (e == i)
			return 0;
		st[k] = i;
		len[k] = e - i;
		/*
		 * Nine digits at most, so the value is atoin's; more wrap
		 * u round, unsigned, and are refused.
		 */
		for (d = i = spaces(s, c + 1, n), u = 0;
		    isdig((unsigned char)s[i]); i++)
			u = u * 10 + (unsigned)(s[i] - '0');
		if (i == d || i - d > 9)
			return 0;
		v[k] = (int)u;
		if (k == 0 && s[i] != ' ')
			return 0;
	}
	return spaces(s, i, n) == n;
}

/* The game's scores v and players named at st, len in the score line. */
static int
set_score(bg_reader *r, const size_t st[2], const size_t len[2],
    const int v[2])
{
	struct bg_game *g = &r->game;
	size_t n, rs, rl;
	const char *name;
	int s, rc;

	g->score[0] = v[0];
	g->score[1] = v[1];
	for (s = 0; s < 2; s++) {
		if ((rc = clean_name(r, r->line + st[s], len[s], &name, &n,
		    &rs, &rl)) < 0)
			return rc;
		if ((rc = rec_game_set_player(g, s, name, n,
		    rl ? r->line + st[s] + rs : NULL, rl)) < 0)
			return rc;
		if (r->nmatch > 0 && r->match.player[s] == REC_NONE &&
		    (rc = rec_match_set_player(&r->match, s, name, n)) < 0)
			return rc;
	}
	g->score_line = r->lineno;
	return 1;
}

/* The score line, if the current line is one.  1 yes, 0 no, <0 error. */
static int
score_line(bg_reader *r)
{
	size_t st[2], len[2], ds, dl;
	int v[2], s;

	if (!r->fast || !plain_score(r->line, r->llen, st, len, v)) {
		if (!re_match(r, P_SCORE, r->line, r->llen))
			return 0;
		for (s = 0; s < 2; s++) {
			group(r, 1 + 2 * s, &st[s], &len[s]);
			group(r, 2 + 2 * s, &ds, &dl);
			v[s] = atoin(r->line + ds, dl);
		}
	}
	return set_score(r, st, len, v);
}

/*
 * The score line as gnubg writes it, before classify: a line plain_score
 * takes is one classify would give to score_line, unless it starts
 * with a comment's mark (the colons rule out a match or game line).
 * 1, 0 for another line, or a negative code.
 */
static int
fast_score(bg_reader *r)
{
	size_t st[2], len[2];
	int v[2];

	if (!plain_score(r->line, r->llen, st, len, v) ||
	    r->line[st[0]] == ';' || r->line[st[0]] == '#')
		return 0;
	return set_score(r, st, len, v);
}

/* Add a comment or set-position line as a record of the game. */
static int
game_comment(bg_reader *r, int line, const char *s, size_t len)
{
	bg_record rec;
	size_t st, n;

	memset(&rec, 0, sizeof rec);
	rec.side = -1;
	rec.line = line;
	rec.col = 1;
	while (rec.col - 1 < (int)len && isws((unsigned char)s[rec.col - 1]))
		rec.col++;
	if (re_match(r, P_SETPOS, s, len)) {
		rec.kind = BG_REC_SETPOS;
		group(r, 1, &st, &n);
	} else {
		rec.kind = BG_REC_COMMENT;
		comment_text(s, len, &st, &n);
	}
	return rec_game_add(&r->game, &rec, s + st, n);
}

static int
queue_comment(bg_reader *r)
{
	struct qline *q;
	int rc;

	if (r->nq == r->capq) {
		size_t c = r->capq ? r->capq * 2 : 8;

		if ((q = realloc(r->q, c * sizeof *q)) == NULL)
			return r->err = -BG_ENOMEM;
		r->q = q;
		r->capq = c;
	}
	if ((rc = fmt_reserve(&r->qbuf, &r->qcap, r->qlen + r->llen + 1)) < 0)
		return r->err = rc;
	q = &r->q[r->nq++];
	q->line = r->lineno;
	q->off = r->qlen;
	q->len = r->llen;
	memcpy(r->qbuf + r->qlen, r->line, r->llen + 1);
	r->qlen += r->llen + 1;
	return 0;
}

/* The queued comments go to the game (to_game) or the match header. */
static int
flush_queue(bg_reader *r, int to_game)
{
	size_t i;
	int rc = 0;

	for (i = 0; i < r->nq && rc == 0; i++) {
		const char *s = r->qbuf + r->q[i].off;

		rc = to_game ? game_comment(r, r->q[i].line, s, r->q[i].len) :
		    header_comment(r, s, r->q[i].len);
	}
	r->nq = 0;
	r->qlen = 0;
	if (rc < 0)
		r->err = rc;
	return rc;
}

static int
start_game(bg_reader *r, int number, int line)
{
	rec_game_reset(&r->game);
	r->game.number = number;
	r->game.line = line;
	r->cur_game = number;
	r->expect_score = 1;
	r->has_result = 0;
	r->last_line = line;
	return flush_queue(r, 1);
}

/* Canonical spellings, compared with blanks collapsed. */
static int
canonical(const char *s, size_t len, const char *want)
{
	size_t i = 0;

	for (; *want != '\0'; want++) {
		if (i >= len)
			return 0;
		if (*want == ' ') {
			if (!isws((unsigned char)s[i]))
				return 0;
			while (i < len && isws((unsigned char)s[i]))
				i++;
			continue;
		}
		if (s[i++] != *want)
			return 0;
	}
	return i == len;
}

/*
 * The keyword cells as gnubg writes them ("Doubles => 2", "Takes",
 * "Drops", "Wins 1 point", "Wins 3 points"), read without P_CELL: the
 * record the pattern would give, and no spelling warning, as they are
 * canonical.  0 for any other cell.
 */
static int
plain_cell(bg_record *rec, const char *s, size_t len)
{
	bg_rec_kind kind;
	size_t i, k;

	if (len == 5 && (memcmp(s, "Takes", 5) == 0 ||
	    memcmp(s, "Drops", 5) == 0)) {
		rec->kind = s[0] == 'T' ? BG_REC_TAKE : BG_REC_DROP;
		return 1;
	}
	if (len > 11 && memcmp(s, "Doubles => ", 11) == 0) {
		kind = BG_REC_DOUBLE;
		i = 11;
	} else if (len > 5 && memcmp(s, "Wins ", 5) == 0) {
		kind = BG_REC_WIN;
		i = 5;
	} else
		return 0;
	for (k = i; k < len && isdig((unsigned char)s[k]); k++)
		;
	if (k == i || k - i > 9)
		return 0;
	if (kind == BG_REC_WIN && !((len - k == 6 &&
	    memcmp(s + k, " point", 6) == 0) || (len - k == 7 &&
	    memcmp(s + k, " points", 7) == 0)))
		return 0;
	if (kind == BG_REC_DOUBLE && k != len)
		return 0;
	rec->kind = kind;
	rec->value = atoin(s + i, k - i);
	return 1;
}

/*
 * Read one cell s[0..len) (trimmed) at byte offset off of the line into
 * rec, adding diagnostics.  rec has side, line, col and moveno set.
 */
static void
read_cell(bg_reader *r, bg_record *rec, const char *s, size_t len,
    size_t off)
{
	size_t st, n, k, errpos;
	const char *colon;
	int rc;
	char canon[64];

	if (is_roll(s, len)) {
		for (k = 0; k < 2; k++)
			if (s[k] < '1' || s[k] > '6') {
				rec->kind = BG_REC_UNPARSED;
				rec->code = BG_EDICESYNTAX;
				diag_add(r, BG_EDICESYNTAX, rec->line,
				    charcol(r, off + k), rec->side,
				    rec->moveno, NULL, s, len);
				return;
			}
		rec->kind = BG_REC_MOVE;
		rec->dice[0] = s[0] - '0';
		rec->dice[1] = s[1] - '0';
		if (rec->dice[0] < rec->dice[1])
			rec->flags |= BG_RF_LOWFIRST;
		for (st = 3; st < len && isws((unsigned char)s[st]); st++)
			;
		if (len - st >= 7 && isalph((unsigned char)s[st]) &&
		    starter(s + st, len - st) == 3) {
			rec->kind = BG_REC_ILLEGAL;
			return;
		}
		/*
		 * A second roll glued to this play ("14/13*41: 25/21"):
		 * point at it rather than let the dice prefix of the
		 * notation take everything before its ':'.
		 */
		k = len;
		if (st < len && (colon = memchr(s + st, ':', len - st)) != NULL)
			k = (size_t)(colon - s);
		if (k < len) {
			if (k >= st + 2 && isdig((unsigned char)s[k - 1]) &&
			    isdig((unsigned char)s[k - 2]))
				k -= 2;
			memset(&rec->note, 0, sizeof rec->note);
			rc = -BG_ESYNTAX;
			errpos = k - st;
		} else if (notation_plain(&rec->note, s + st, len - st))
			rc = 0;
		else
			rc = bg_notation_parse(&rec->note, s + st, len - st,
			    &errpos);
		rec->note.dice[0] = rec->dice[0];
		rec->note.dice[1] = rec->dice[1];
		if (rc < 0) {
			rec->flags |= BG_RF_BADPLAY;
			rec->code = -rc;
			rec->note.kind = BG_NOTE_UNKNOWN;
			rec->note.npath = 0;
			diag_add(r, -rc, rec->line,
			    charcol(r, off + st + errpos), rec->side,
			    rec->moveno, rec->dice, s, len);
		}
		return;
	}

	if (plain_cell(rec, s, len))
		return;
	if (!re_match(r, P_CELL, s, len)) {
		rec->kind = BG_REC_UNPARSED;
		rec->code = BG_ECELL;
		diag_add(r, BG_ECELL, rec->line, rec->col, rec->side,
		    rec->moveno, NULL, s, len);
		return;
	}
	canon[0] = '\0';
	if (group(r, 1, &st, &n) == 0) {
		const char *word;
		size_t vs, vl;

		switch (lower((unsigned char)s[st])) {
		case 'd':
			rec->kind = BG_REC_DOUBLE;
			word = "Doubles";
			break;
		case 'b':
			rec->kind = BG_REC_BEAVER;
			word = "Beavers";
			break;
		default:
			rec->kind = BG_REC_RACCOON;
			word = "Raccoons";
			break;
		}
		/* Without "=> v" the value is 0 and the spelling wrong. */
		if (group(r, 2, &vs, &vl) == 0) {
			rec->value = atoin(s + vs, vl);
			snprintf(canon, sizeof canon, "%s => %.*s", word,
			    (int)vl, s + vs);
		}
	} else if (group(r, 3, &st, &n) == 0) {
		rec->kind = BG_REC_TAKE;
		strcpy(canon, "Takes");
	} else if (group(r, 4, &st, &n) == 0) {
		rec->kind = BG_REC_DROP;
		strcpy(canon, "Drops");
	} else if (group(r, 5, &st, &n) == 0) {
		int win = lower((unsigned char)s[st]) == 'w', plural;
		size_t vs, vl, p;

		rec->kind = win ? BG_REC_WIN : BG_REC_LOSS;
		group(r, 6, &vs, &vl);
		rec->value = atoin(s + vs, vl);
		if (group(r, 7, &st, &n) == 0)
			rec->flags |= BG_RF_MATCH;
		for (p = vs + vl; p < len && isws((unsigned char)s[p]); p++)
			;
		/* "point" and "points" are both in use for any N. */
		plural = p + 5 < len && lower((unsigned char)s[p + 5]) == 's';
		snprintf(canon, sizeof canon, "%s %.*s point%s%s",
		    win ? "Wins" : "Losses", (int)vl, s + vs,
		    plural ? "s" : "",
		    rec->flags & BG_RF_MATCH ? " and the match" : "");
	} else {
		rec->kind = BG_REC_ILLEGAL;
		if (len >= 12 && canonical(s, 12, "Illegal play"))
			return;
	}
	if (canon[0] == '\0' || !canonical(s, len, canon))
		diag_add(r, BG_WSPELLING, rec->line, rec->col, rec->side,
		    rec->moveno, NULL, s, len);
}

/*
 * The side of a cell alone on its line at display column col, left the
 * column of the left cells: the left (0) when it starts left of the
 * middle between the left and right columns, else the right (1).
 */
static int
lone_side(const bg_reader *r, int left, int col)
{
	int right = r->rightcol ? r->rightcol : RIGHTCOL;

	if (right < left + 8)
		right = left + 8;
	return 2 * col < left + right ? 0 : 1;
}

/*
 * Learn the columns from a line of two cells at display columns left
 * and right, as read_cells does: each the leftmost seen on such lines,
 * when the cells are more than eight apart; the left one only from a
 * numbered line.
 */
static inline void
learn_cols(bg_reader *r, int left, int right, int numbered)
{
	if (right <= left + 8)
		return;
	if (numbered && (r->leftcol == 0 || left < r->leftcol))
		r->leftcol = left;
	if (r->rightcol == 0 || right < r->rightcol)
		r->rightcol = right;
}

/*
 * An unnumbered line that is one keyword cell as gnubg writes it
 * ("Wins 2 points" under the winner's column): the record read_cells
 * would add, without splitting the line.  0, 1 when the line is no such
 * cell, or a negative code.  The line is right-trimmed, so the cell
 * runs to its end, and no other cell starts in it: after the keyword
 * come only "=>" and digits, or digits and "point" or "points".
 */
static int
lone_cell(bg_reader *r, size_t body)
{
	const char *s = r->line + body;
	size_t len = r->llen - body;
	bg_record kw, *rec;

	kw.kind = BG_REC_UNPARSED;
	kw.value = 0;
	if (!plain_cell(&kw, s, len))
		return 1;
	if ((rec = rec_game_new(&r->game, s, len)) == NULL)
		return r->err = -BG_ENOMEM;
	rec->kind = kw.kind;
	rec->value = kw.value;
	rec->line = r->lineno;
	rec->col = charcol(r, body);
	rec->side = lone_side(r, r->leftcol ? r->leftcol : LEFTCOL,
	    dispcol(r, body));
	if (rec->kind == BG_REC_WIN || rec->kind == BG_REC_LOSS)
		r->has_result = 1;
	r->last_line = r->lineno;
	return 0;
}

/*
 * The end of a keyword cell as gnubg writes it at s[i] ("Takes", "Drops",
 * "Doubles => 2"), NUL-terminated; i when there is none.  plain_cell
 * then reads the cell.
 */
static size_t
keyword_end(const char *s, size_t i)
{
	const char *w = s[i] == 'T' ? "Takes" : s[i] == 'D' ? s[i + 1] == 'r' ?
	    "Drops" : "Doubles => " : "";
	size_t k = i;

	/* The word, up to the first byte that differs, the NUL at most. */
	while (*w != '\0' && s[k] == *w)
		k++, w++;
	if (*w != '\0')
		return i;
	while (isdig((unsigned char)s[k]))
		k++;
	return k;
}

/*
 * A move line fast_cells leaves, of two keyword cells as gnubg writes
 * them, the second perhaps a result ("26)  Drops      Wins 2 points"):
 * the records and columns read_cells would make of it, with body at the
 * number.  0, 1 when the line is no such line (nothing changed), or a
 * negative code.  The cells hold no roll or other keyword, so the line
 * splits into these two only; the line is plain and right-trimmed, and
 * the second cell runs to its end.
 */
static int
plain_pair(bg_reader *r, size_t body)
{
	const char *s = r->line;
	size_t from = body, st[2], en[2];
	bg_record kw[2], *rec;
	int k, moveno;

	while (isdig((unsigned char)s[from]))
		from++;
	st[0] = spaces(s, from + 1, r->llen);
	en[0] = keyword_end(s, st[0]);
	st[1] = spaces(s, en[0], r->llen);
	en[1] = r->llen;
	/* A blank after the first cell, and a second cell. */
	if (en[0] == st[0] || st[1] == en[0] || st[1] == en[1])
		return 1;
	for (k = 0; k < 2; k++) {
		kw[k].value = 0;
		if (!plain_cell(&kw[k], s + st[k], en[k] - st[k]))
			return 1;
	}
	moveno = atoin(s + body, from - body);
	for (k = 0; k < 2; k++) {
		/* As lone_cell: the record read_cells would add. */
		if ((rec = rec_game_new(&r->game, s + st[k], en[k] - st[k])) ==
		    NULL)
			return r->err = -BG_ENOMEM;
		rec->kind = kw[k].kind;
		rec->value = kw[k].value;
		rec->line = r->lineno;
		rec->col = (int)st[k] + 1;
		rec->moveno = moveno;
		rec->side = k;
		if (rec->kind == BG_REC_WIN || rec->kind == BG_REC_LOSS)
			r->has_result = 1;
	}
	r->last_line = r->lineno;
	learn_cols(r, (int)st[0] + 1, (int)st[1] + 1, 1);
	return 0;
}

/*
 * Offset of the first non-blank of s[i..len), or len; the padding
 * between the columns goes a word at a time.
 */
static size_t
skip_blanks(const char *s, size_t i, size_t len)
{
	while (i + 8 <= len && all_spaces(s + i))
		i += 8;
	while (i < len && isws((unsigned char)s[i]))
		i++;
	return i;
}

/* Byte offset of the end of an "Illegal play (...)" starting at s[i]. */
static size_t
skip_illegal(const char *s, size_t i, size_t len)
{
	int depth = 0;

	for (; i < len; i++) {
		if (s[i] == '(')
			depth++;
		else if (s[i] == ')' && depth > 0 && --depth == 0)
			return i + 1;
	}
	return len;
}

#define MAXCELL	8

/*
 * Split the cells of the current line from byte offset from: a cell
 * starts at a roll token or keyword and runs to the next one.  Text
 * before the first is a cell of its own (unparseable).  Returns the
 * number of cells, their offsets in st[] and ends in en[].
 */
static int
split_cells(const char *s, size_t from, size_t len, size_t *st,
    size_t *en)
{
	size_t i = from, tok;
	int n = 0, kind, prev = 0, fresh = 0;

	while (i < len) {
		i = skip_blanks(s, i, len);
		if (i >= len)
			break;
		tok = i;
		/* Most tokens are points: no cell starts with them. */
		kind = isdig((unsigned char)s[i]) && !is_roll(s + i, len - i) ?
		    0 : starter(s + i, len - i);
		if (kind == 3 && prev == 1 && fresh)
			kind = 0;	/* "52: Illegal play (...)" is one cell */
		if (kind != 0 || n == 0) {
			if (n > 0)
				en[n - 1] = tok;
			if (n == MAXCELL) {
				/* Fold the excess into the last cell. */
				n--;
			} else
				st[n] = tok;
			n++;
			prev = kind;
			fresh = kind == 1;
		} else
			fresh = 0;
		if (kind == 1) {
			/* "64:" may be glued to its play. */
			i += 3;
			fresh = 1;
			continue;
		}
		if (kind == 3 || (prev == 1 && isalph((unsigned char)s[tok]) &&
		    starter(s + tok, len - tok) == 3)) {
			i = skip_illegal(s, tok, len);
			fresh = 0;
			continue;
		}
		while (i < len && !isws((unsigned char)s[i]))
			i++;
	}
	if (n > 0)
		en[n - 1] = len;
	return n;
}

/*
 * The point of digit values d0 and d1, two when d1 is a digit, else d0.
 * A product, not a choice, which gcc makes a branch the predictor cannot
 * guess: more instructions, but on the 100 MB session 12% less time,
 * side by side.
 */
static inline int
point_of(unsigned d0, unsigned d1, unsigned two)
{
	return (int)(d0 + two * (9 * d0 + d1));
}

/*
 * The point of one or two digits at s[*i], *i moved past it; -1 when
 * s[*i] is not a digit.  Without a branch on the number of digits:
 * s[*i] is a digit, so s[*i + 1] is in the line (perhaps its end).
 */
static inline int
fast_point(const char *s, size_t *i)
{
	unsigned d0 = (unsigned char)s[*i] - '0', d1, two;

	if (d0 > 9)
		return -1;
	d1 = (unsigned char)s[*i + 1] - '0';
	two = d1 <= 9;
	*i += 1 + two;
	return point_of(d0, d1, two);
}

/* Copy 64 bytes, the text of most move lines, without a call. */
static inline void
copy64(char *t, const char *s)
{
#ifdef BYTES16
	int k;

	/* Unrolled, or gcc makes the loop a call of memcpy again. */
#pragma GCC unroll 4
	for (k = 0; k < 64; k += 16)
		_mm_storeu_si128((__m128i *)(void *)(t + k), _mm_loadu_si128(
		    (const __m128i *)(const void *)(s + k)));
#else
	memcpy(t, s, 64);
#endif
}

/*
 * The offset of the first byte from s[i] on that is not a space, lim
 * bytes readable at s and a byte that is not a space among them.
 */
static inline size_t
fast_blanks(const char *s, size_t i, size_t lim)
{
#ifdef BYTES16
	unsigned m;

	for (; i + 16 <= lim; i += 16) {
		m = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_loadu_si128(
		    (const __m128i *)(const void *)(s + i)),
		    _mm_set1_epi8(' '))) ^ 0xffff;
		if (m != 0)
			return i + (unsigned)__builtin_ctz(m);
	}
#else
	while (i + 8 <= lim && all_spaces(s + i))
		i += 8;
#endif
	while (s[i] == ' ')
		i++;
	return i;
}

/*
 * Hide from the compiler what it knows of x's value, so that it reads x
 * and does not recompute it: an offset found equal to one computed
 * another way is then taken as the one that waits on nothing.
 */
#if defined(__GNUC__)
#define OPAQUE(x)	__asm__("" : "+r"(x))
#else
#define OPAQUE(x)	((void)0)
#endif

/*
 * The end of a line for fast_cells: its NUL, or its LF in the text; in
 * one test, which also takes the control bytes 2 and 8, where no cell
 * can be and fast_cells fails all the same (an end must be eol).
 */
#define FAST_END(c)	(((c) | 0x0a) == 0x0a)

/* A part "F/T", starred or not, into *pa, zeroed, as parse_plain makes it. */
static inline void
fast_path(bg_path *pa, int from, int to, int star)
{
	pa->npt = 2;
	pa->count = 1;
	pa->pt[0] = (signed char)from;
	pa->pt[1] = (signed char)to;
	pa->hit[1] = (unsigned char)star;
}

/* A cell's roll d0 d1 into rec, which it zeroes: a move not yet played. */
static inline void
fast_roll(bg_record *rec, int d0, int d1)
{
	rec_zero(rec);
	rec->kind = BG_REC_MOVE;
	rec->dice[0] = rec->note.dice[0] = d0;
	rec->dice[1] = rec->note.dice[1] = d1;
	if (d0 < d1)
		rec->flags = BG_RF_LOWFIRST;
}

/* The np parts read after the roll of rec. */
static inline void
fast_played(bg_record *rec, int np)
{
	rec->note.npath = np;
	rec->note.kind = np ? BG_NOTE_PLAY : BG_NOTE_NONE;
}

/*
 * One part of a play at s[i], "F/T" or "F/T*" with points of one or two
 * digits, as parse_plain (notation.c) takes it, into *pa: the offset
 * after it, or 0 when it is not one.  s[i] is a digit (fast_cells has
 * looked), so s[i + 1] may be read.
 */
static size_t
fast_part(const char *s, size_t i, bg_path *pa)
{
	unsigned f = (unsigned char)s[i] - '0', d = (unsigned char)s[i + 1] -
	    '0', two = d <= 9;
	int from, to, star;

	from = point_of(f, d, two);
	i += 1 + two;
	if (s[i++] != '/' || (to = fast_point(s, &i)) < 0)
		return 0;
	star = s[i] == '*';
	if (((unsigned)from - 1 > BG_BAR - 1) | (to >= from))
		return 0;
	fast_path(pa, from, to, star);
	return i + star;
}

/* Where the cell s[st..en) of a move line lies, into its record rec. */
static inline void
fast_place(bg_record *rec, size_t st, size_t en, int side, int lineno,
    int moveno)
{
	rec->len = en - st;
	rec->line = lineno;
	rec->col = (int)st + 1;
	rec->moveno = moveno;
	rec->side = side;
}

/*
 * The end of a move line read by fast_cells: its n cells
 * s[st[m]..en[m]), whose records are built but for their place, on line
 * lineno with move number moveno, its left column at left; lim bytes
 * may be read at s.  0, or -BG_ENOMEM.
 */
static inline int
fast_store(bg_reader *r, const char *s, size_t lim, const size_t st[2],
    const size_t en[2], int n, int moveno, int left, int lineno)
{
	struct bg_game *g = &r->game;
	bg_record *base = g->rec + g->nrec;
	size_t off, len, *to;
	char *t;

	r->last_line = lineno;
	/*
	 * The cells' text: the line from the first cell to the end of
	 * the last, copied once, each cell ended by a NUL on the blank
	 * after it.  The records as rec_game_new_at makes them.
	 */
	len = en[n - 1] - st[0];
	if (g->s.cap - g->s.len < len + 65 && rec_sb_room(&g->s, len + 65) < 0)
		return r->err = -BG_ENOMEM;
	off = g->s.len;
	t = g->s.p + off;
	if (len < 64 && st[0] + 64 <= lim)
		copy64(t, s + st[0]);	/* what follows is written over */
	else
		memcpy(t, s + st[0], len);
	t[len] = '\0';
	g->s.len += len + 1;
	if (n == 2)
		t[en[0] - st[0]] = '\0';
	to = g->toff + g->nrec;
	to[0] = off;
	if (n == 2) {
		fast_place(base, st[0], en[0], 0, lineno, moveno);
		to[1] = off + st[1] - st[0];
		fast_place(base + 1, st[1], en[1], 1, lineno, moveno);
	} else
		fast_place(base, st[0], en[0], lone_side(r, left,
		    (int)st[0] + 1), lineno, moveno);
	g->nrec += (size_t)n;
	/* Learn the columns from a clean two-cell line, as read_cells. */
	if (n == 2)
		learn_cols(r, (int)st[0] + 1, (int)st[1] + 1, 1);
	return 0;
}

/*
 * A move line as gnubg writes it, "  7) 64: 13/7 8/4*       Doubles => 2",
 * read in one pass from the number at s[body] (a digit, as the callers
 * have found), its records built in place, on line lineno: a number,
 * then one or two cells apart, each a roll with its play in gnubg's
 * notation (parts "F/T" one blank apart) or none, "Doubles => N",
 * "Takes" or "Drops".  The line ends at eol: a
 * NUL for a line next_line has cut and trimmed, an LF for one still in
 * the decoded text (fast_next), where blanks may come before it; lim
 * bytes may be read at s.  The records, the columns learned and
 * the line of the last content are those read_cells makes of such a
 * line (test_fast compares them on many lines); for anything else (a
 * third cell, a tab, another keyword, a play in another notation, text
 * glued to a roll) it returns 0 having changed nothing, and read_cells
 * reads the line.  Else the offset of the line's end (its NUL or LF),
 * or a negative code.
 */
static long
fast_cells(bg_reader *r, const char *restrict s, size_t body, size_t lim,
    int eol, int lineno)
{
	struct bg_game *g = &r->game;
	bg_record *rec = NULL, *base;
	size_t i = body, j, st[2], en[2], right;
	int moveno, n = 0, left, np;

	/* s[body] is a digit: fast_next and classify have looked. */
	moveno = s[i++] - '0';
	while (isdig((unsigned char)s[i]) && i - body < 4)
		moveno = moveno * 10 + (s[i++] - '0');
	if (s[i] != ')')
		return 0;
	if (g->caprec - g->nrec < 2 && rec_game_room(g, 2) < 0)
		return r->err = -BG_ENOMEM;
	base = g->rec + g->nrec;
	left = (int)i + 3;	/* dispcol(r, i) + 2 */
	right = (size_t)r->rightcol - 1;	/* SIZE_MAX when not learned */
	for (i++;;) {
		/*
		 * The blanks between the cells, sixteen at a time.  The
		 * right cell most often starts in the column learned: read
		 * from there, not from where the blanks were found to end,
		 * it is read while the left one still is.
		 */
		if (s[i] == ' ') {
			if (s[i + 1] == ' ') {
				j = fast_blanks(s, i + 2, lim);
				if (n == 1 && j == right) {
					i = right;
					OPAQUE(i);
				} else
					i = j;
			} else
				i = i + 1;
		}
		if (FAST_END(s[i]))
			break;
		if (n == 2)
			return 0;
		rec = base + n;
		st[n] = i;
		if (s[i] >= '1' && s[i] <= '6' && s[i + 1] >= '1' &&
		    s[i + 1] <= '6' && s[i + 2] == ':') {
			fast_roll(rec, s[i] - '0', s[i + 1] - '0');
			i += 3;
			en[n] = i;
			if (s[i] != ' ' && !FAST_END(s[i]))
				return 0;
			if (s[i] == ' ')
				i = s[i + 1] == ' ' ? fast_blanks(s, i + 2,
				    lim) : i + 1;
			/* Parts, one blank apart, up to the next roll. */
			np = 0;
			if (isdig((unsigned char)s[i]) &&
			    (FAST_END(s[i + 1]) || s[i + 2] != ':')) {
				for (;;) {
					if (np == 4 || (i = fast_part(s, i,
					    &rec->note.path[np++])) == 0)
						return 0;
					if (s[i] != ' ') {
						if (!FAST_END(s[i]))
							return 0;
						break;
					}
					/* A part, not a roll, after one blank? */
					if (!isdig((unsigned char)s[i + 1]) ||
					    (!FAST_END(s[i + 2]) &&
					    s[i + 3] == ':'))
						break;
					i++;
				}
				en[n] = i;
			}
			fast_played(rec, np);
		} else if (s[i] == 'T' || s[i] == 'D') {
			rec_zero(rec);
			if (lim - i >= 5 && (memcmp(s + i, "Takes", 5) == 0 ||
			    memcmp(s + i, "Drops", 5) == 0)) {
				rec->kind = s[i] == 'T' ? BG_REC_TAKE :
				    BG_REC_DROP;
				i += 5;
			} else if (lim - i >= 11 &&
			    memcmp(s + i, "Doubles => ", 11) == 0) {
				rec->kind = BG_REC_DOUBLE;
				for (j = i += 11; isdig((unsigned char)s[i]) &&
				    i - j < 9; i++)
					rec->value = rec->value * 10 +
					    (s[i] - '0');
				if (i == j)
					return 0;
			} else
				return 0;
			if (s[i] != ' ' && !FAST_END(s[i]))
				return 0;
			en[n] = i;
		} else
			return 0;
		n++;
	}
	if (n == 0 || s[i] != eol || i > MAXLINE)
		return 0;
	if (fast_store(r, s, lim, st, en, n, moveno, left, lineno) < 0)
		return r->err;
	return (long)i;
}

/*
 * The next line read where it lies in the decoded text, when it is a
 * move line fast_cells reads, ended by an LF and no longer than MAXLINE:
 * 1, having read it as next_line and read_cells would; 0 when it is not
 * such a line, having changed nothing; or a negative code.  The text is
 * followed by PAD NULs (fill), where a line cut by the buffer's end
 * stops, to be read by next_line.
 */
static int
fast_next(bg_reader *r)
{
	const char *s = r->dec + r->dpos;
	size_t body = 0;
	long end;

	while (s[body] == ' ')
		body++;
	if (!isdig((unsigned char)s[body]))
		return 0;
	if ((end = fast_cells(r, s, body, r->dlen - r->dpos + PAD, '\n',
	    r->lineno + 1)) <= 0)
		return (int)end;
	r->lineno++;
	r->dpos = r->dscan = r->dpos + (size_t)end + 1;
	return 1;
}

/*
 * A line of cells: numbered (body at the number) or not.  The first of
 * two cells is the left player's, the second the right player's; a lone
 * cell is on the left when it starts before the middle of the left and
 * right columns.
 */
static int
read_cells(bg_reader *r, size_t body, int numbered)
{
	const char *s = r->line;
	size_t st[MAXCELL], en[MAXCELL], from = body;
	int n, i, moveno = 0, left, rc, dc[MAXCELL];
	bg_record rec;

	if (numbered && r->fast && r->plain &&
	    (rc = (int)fast_cells(r, s, body, r->llen + 1, '\0',
	    r->lineno)) != 0)
		return rc < 0 ? rc : 0;
	if (numbered && r->fast && r->plain && (rc = plain_pair(r, body)) <= 0)
		return rc;
	if (!numbered && r->fast && (rc = lone_cell(r, body)) <= 0)
		return rc;
	if (numbered) {
		while (isdig((unsigned char)s[from]))
			from++;
		moveno = atoin(s + body, from - body);
		left = dispcol(r, from) + 2;	/* after ") " */
		from++;
	} else
		left = r->leftcol ? r->leftcol : LEFTCOL;
	n = split_cells(s, from, r->llen, st, en);
	if (n > 0)
		r->last_line = r->lineno;
	for (i = 0; i < n; i++) {
		while (en[i] >= st[i] + 8 && all_spaces(s + en[i] - 8))
			en[i] -= 8;
		while (en[i] > st[i] && isws((unsigned char)s[en[i] - 1]))
			en[i]--;
		dc[i] = dispcol(r, st[i]);
		memset(&rec, 0, sizeof rec);
		rec.line = r->lineno;
		rec.col = charcol(r, st[i]);
		rec.moveno = moveno;
		if (n == 1)
			rec.side = lone_side(r, left, dc[i]);
		else
			rec.side = i & 1;
		read_cell(r, &rec, s + st[i], en[i] - st[i], st[i]);
		if (i >= 2) {
			if (rec.code == 0)
				rec.code = BG_ECELLS;
			diag_add(r, BG_ECELLS, rec.line, rec.col, rec.side,
			    moveno, NULL, s + st[i], en[i] - st[i]);
		}
		if (rec.kind == BG_REC_WIN || rec.kind == BG_REC_LOSS)
			r->has_result = 1;
		if ((rc = rec_game_add(&r->game, &rec, s + st[i],
		    en[i] - st[i])) < 0)
			return r->err = rc;
	}
	/* Learn the columns from a clean two-cell line. */
	if (n == 2 && r->game.rec[r->game.nrec - 2].kind != BG_REC_UNPARSED &&
	    r->game.rec[r->game.nrec - 1].kind != BG_REC_UNPARSED)
		learn_cols(r, dc[0], dc[1], numbered);
	return 0;
}

/* -------------------------------------------------------------- the API */

void
fmt_mat_set_fast(bg_reader *r, int on)
{
	r->fast = on;
}

static bg_reader *
reader_new(const char *name)
{
	bg_reader *r;

	if ((r = calloc(1, sizeof *r)) == NULL)
		return NULL;
	rec_match_init(&r->match);
	rec_game_init(&r->game);
	if (rec_match_set_source(&r->match, name ? name : "<stdin>") < 0)
		goto fail;
	r->fast = 1;
	if (fmt_reserve(&r->lbuf, &r->lcap, 256) < 0)
		goto fail;
	r->line = r->lbuf;
	r->line[0] = '\0';
	return r;
fail:
	bg_reader_free(r);
	return NULL;
}

bg_reader *
bg_reader_new(bg_read_fn read, void *ctx, const char *name)
{
	bg_reader *r;

	if (read == NULL || (r = reader_new(name)) == NULL)
		return NULL;
	r->read = read;
	r->ctx = ctx;
	return r;
}

bg_reader *
bg_reader_new_mem(const char *buf, size_t len, const char *name)
{
	bg_reader *r;

	if ((buf == NULL && len > 0) || (r = reader_new(name)) == NULL)
		return NULL;
	r->mem = buf ? buf : "";
	r->memlen = len;
	return r;
}

void
bg_reader_free(bg_reader *r)
{
	int i;

	if (r == NULL)
		return;
	fmt_front_fini(&r->front);
	for (i = 0; i < P_COUNT; i++)
		pcre2_code_free(r->re[i]);
	pcre2_match_data_free(r->md);
	pcre2_match_context_free(r->mc);
	rec_match_fini(&r->match);
	rec_game_fini(&r->game);
	free(r->raw);
	free(r->dec);
	free(r->lbuf);
	free(r->pbuf);
	free(r->tmp);
	free(r->q);
	free(r->qbuf);
	free(r->diag);
	free(r);
}

/* Read the first non-blank line after "Game N": the score line. */
static int
read_score(bg_reader *r)
{
	size_t body;
	int rc;

	while ((rc = next_line(r)) > 0) {
		enum kind k = classify(r, &body);

		if (k == L_BLANK)
			continue;
		if (k == L_COMMENT) {
			if ((rc = queue_comment(r)) < 0)
				return rc;
			continue;
		}
		if ((rc = score_line(r)) < 0)
			return r->err = rc;
		if (rc > 0) {
			r->expect_score = 0;
			r->last_line = r->lineno;
			return flush_queue(r, 1);
		}
		return push_back(r);
	}
	return rc;
}

int
bg_reader_next_match(bg_reader *r, const bg_match **m)
{
	const bg_game *g;
	size_t body;
	int rc, garbage = 0, gline = 0, found = 0;
	char gtext[80];
	size_t glen = 0;

	if (m != NULL)
		*m = NULL;
	if (r == NULL)
		return -BG_EINVAL;
	if (fmt_front_start(&r->front, &r->read, &r->ctx, r->mem, r->memlen,
	    r->match.source))
		return fmt_front_next_match(&r->front, m);
	/* Skip what the caller left of the current match. */
	while (r->in_match && (rc = bg_reader_next_game(r, &g)) > 0)
		;
	r->ndiag = 0;
	if (r->err)
		return r->err;
	rec_match_reset(&r->match);
	r->leftcol = r->rightcol = 0;
	r->fresh = 0;
	r->pg_valid = 0;
	r->cur_game = 0;
	if (flush_queue(r, 0) < 0)
		return r->err;

	while ((rc = next_line(r)) > 0) {
		enum kind k = classify(r, &body);

		if (k == L_BLANK)
			continue;
		if (k == L_COMMENT) {
			if ((rc = header_comment(r, r->line, r->llen)) < 0)
				return r->err = rc;
			continue;
		}
		if (k == L_MATCH) {
			r->match.length = line_number_of(r);
			r->match.line = r->lineno;
			found = 1;
			break;
		}
		if (k == L_GAME) {
			/* Games without a match line: say so once. */
			diag_add(r, BG_ENOMATCH, r->lineno, 0, -1, 0, NULL,
			    r->line + body, r->llen - body);
			found = 2;
			break;
		}
		if (garbage++ == 0) {
			gline = r->lineno;
			glen = r->llen - body < sizeof gtext ?
			    r->llen - body : sizeof gtext - 1;
			memcpy(gtext, r->line + body, glen);
		}
	}
	if (rc < 0)
		return rc;
	if (!found) {
		if (r->nmatch == 0)
			diag_add(r, BG_ENOMATCH, gline, 0, -1, 0, NULL,
			    gtext, glen);
		r->in_match = 0;
		return 0;
	}
	if (garbage > 0)
		diag_add(r, BG_EMATLINE, gline, 0, -1, 0, NULL, gtext, glen);
	r->nmatch++;
	r->in_match = 1;

	/* Up to "Game 1", and its score line for the players' names. */
	if (found == 1) {
		while ((rc = next_line(r)) > 0) {
			enum kind k = classify(r, &body);

			if (k == L_BLANK)
				continue;
			if (k == L_COMMENT) {
				if ((rc = header_comment(r, r->line,
				    r->llen)) < 0)
					return r->err = rc;
				continue;
			}
			if (k == L_MATCH) {
				/* A match without games. */
				if (push_back(r) < 0)
					return r->err;
				break;
			}
			if (k == L_GAME)
				break;
			diag_line(r, BG_EMATLINE);
		}
		if (rc < 0)
			return rc;
	}
	if (rc > 0 && classify(r, &body) == L_GAME) {
		if (start_game(r, line_number_of(r), r->lineno) < 0 ||
		    read_score(r) < 0)
			return r->err;
		r->fresh = 1;
	}
	if (m != NULL)
		*m = &r->match;
	return 1;
}

/*
 * The line at r->dpos read where it lies (lying_line) when it starts
 * with a game line's 'G' or a result's 'W' after blanks, as the loop of
 * bg_reader_next_game finds it after the move lines, and classified into
 * *k and *body: 1, or 0 having read nothing.  A game line plain_game
 * reads is L_GAME (its number in r->number), a 'W' line L_OTHER, without
 * classify.
 */
static int
fast_lead(bg_reader *r, enum kind *k, size_t *body)
{
	const char *s = r->dec + r->dpos;
	size_t i = 0;

	while (s[i] == ' ')
		i++;
	if ((s[i] != 'G' && s[i] != 'W') || !lying_line(r))
		return 0;
	/* Only spaces and printable bytes: classify's body is i. */
	*body = i;
	if (s[i] == 'W')
		*k = L_OTHER;
	else if (plain_game(r->line, r->llen, &r->number))
		*k = L_GAME;
	else
		*k = classify(r, body);
	return 1;
}

/* The game is over: check it ended, fix the text pointers. */
static void
end_game(bg_reader *r, int at_eof)
{
	if (r->expect_score) {
		diag_add(r, BG_ESCORE, r->game.line, 0, -1, 0, NULL, "", 0);
		r->expect_score = 0;
	}
	if (at_eof && !r->has_result)
		diag_add(r, BG_WEOF, r->last_line, 0, -1, 0, NULL, "", 0);
	rec_game_finish(&r->game);
}

int
bg_reader_next_game(bg_reader *r, const bg_game **gp)
{
	size_t body;
	int rc;

	if (gp != NULL)
		*gp = NULL;
	if (r == NULL)
		return -BG_EINVAL;
	if (r->front.ops != NULL)
		return fmt_front_next_game(&r->front, gp);
	r->ndiag = 0;
	if (r->err)
		return r->err;
	if (!r->in_match)
		return 0;
	if (r->fresh)
		r->fresh = 0;		/* started by next_match */
	else if (r->pg_valid) {
		r->pg_valid = 0;
		if (start_game(r, r->pg_number, r->pg_line) < 0)
			return r->err;
	} else {
		r->in_match = 0;
		r->cur_game = 0;
		return 0;
	}

	for (;;) {
		enum kind k;
		int lead = 0, sc;

		/*
		 * Move lines where they lie, while nothing waits, and the
		 * empty lines between them, which next_line would give for
		 * classify to call blank: the text is followed by NULs, so a
		 * line end at dpos is in it.  Then the line after them, when
		 * it is a game line or a result, without all of classify.
		 */
		if (r->fast && r->dec != NULL && !r->pushed && !r->skipping &&
		    r->nq == 0 && !r->expect_score && r->dscan == r->dpos) {
			for (;;) {
				while ((rc = fast_next(r)) > 0)
					;
				if (rc < 0)
					return r->err;
				if (r->dec[r->dpos] != '\n')
					break;
				r->dpos = r->dscan = r->dpos + 1;
				r->lineno++;
			}
			lead = fast_lead(r, &k, &body);
		}
		if (!lead) {
			if ((rc = next_line(r)) <= 0)
				break;
			/* rc stays next_line's, which the end tells. */
			if (r->expect_score && r->fast && r->nq == 0 &&
			    (sc = fast_score(r)) != 0) {
				if (sc < 0)
					return r->err = sc;
				r->expect_score = 0;
				r->last_line = r->lineno;
				continue;
			}
			k = classify(r, &body);
		} else
			rc = 1;

		if (k == L_BLANK)
			continue;
		if (k == L_COMMENT) {
			if (queue_comment(r) < 0)
				return r->err;
			continue;
		}
		if (k == L_MATCH) {
			/* The next match; queued comments are its header. */
			if (push_back(r) < 0)
				return r->err;
			break;
		}
		if (k == L_GAME) {
			r->pg_valid = 1;
			r->pg_number = line_number_of(r);
			r->pg_line = r->lineno;
			break;
		}
		if (r->nq > 0 && flush_queue(r, 1) < 0)
			return r->err;
		if (r->expect_score) {
			r->expect_score = 0;
			if ((rc = score_line(r)) < 0)
				return r->err = rc;
			if (rc > 0) {
				r->last_line = r->lineno;
				continue;
			}
			diag_line(r, BG_ESCORE);
		}
		/*
		 * A keyword cell alone on its line ("Wins 2 points"), which
		 * read_cells would read with lone_cell, without first asking
		 * whether a cell starts it: all the keywords of plain_cell
		 * do.
		 */
		if (k == L_OTHER && r->fast && (rc = lone_cell(r, body)) <= 0) {
			if (rc < 0)
				return r->err;
			continue;
		}
		if (k == L_OTHER)
			k = cells(r, body);
		if (k == L_MOVE || k == L_CELLS) {
			if (read_cells(r, body, k == L_MOVE) < 0)
				return r->err;
		} else {
			diag_line(r, BG_EMATLINE);
			r->last_line = r->lineno;
		}
	}
	if (rc < 0)
		return rc;
	if (rc == 0 && flush_queue(r, 1) < 0)
		return r->err;
	end_game(r, rc == 0);
	if (gp != NULL)
		*gp = &r->game;
	return 1;
}
