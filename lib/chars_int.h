/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * chars_int.h: locale-free character classes for the text readers
 * (notation.c, fmt_mat*.c, position.c) and UTF-8 checking for the
 * writers.  <ctype.h> depends on the locale, which a library must not;
 * these do not.
 * Private to lib/.
 */
#ifndef CHARS_INT_H
#define CHARS_INT_H

#include <stddef.h>

static inline int
isdig(int c)
{
	return c >= '0' && c <= '9';
}

static inline int
isalph(int c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* The blanks of the C locale's isspace: space, \t, \n, \v, \f, \r. */
static inline int
isspc(int c)
{
	return c == ' ' || (c >= '\t' && c <= '\r');
}

static inline int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/*
 * Length of the valid UTF-8 sequence at s (2 to 4 bytes; no overlong
 * form, surrogate or code point past U+10FFFF), or 0.  s must hold the
 * sequence or a NUL before its end.
 */
static inline int
utf8seq(const unsigned char *s)
{
	int n, i;

	if (s[0] < 0xc2 || s[0] > 0xf4)
		return 0;
	n = s[0] >= 0xf0 ? 4 : s[0] >= 0xe0 ? 3 : 2;
	for (i = 1; i < n; i++)
		if ((s[i] & 0xc0) != 0x80)
			return 0;
	if ((n == 3 && s[0] == 0xe0 && s[1] < 0xa0) ||
	    (n == 3 && s[0] == 0xed && s[1] >= 0xa0) ||
	    (n == 4 && s[0] == 0xf0 && s[1] < 0x90) ||
	    (n == 4 && s[0] == 0xf4 && s[1] >= 0x90))
		return 0;
	return n;
}

/* The same as utf8seq(), for s[0..n), which need not hold a NUL. */
static inline int
utf8seqn(const unsigned char *s, size_t n)
{
	unsigned char b[5] = { 0, 0, 0, 0, 0 };
	size_t i;

	for (i = 0; i < n && i < 4; i++)
		b[i] = s[i];
	return utf8seq(b);
}

/*
 * A C1 control (U+0080 to U+009F) at s: valid UTF-8, but U+009B is a
 * terminal's CSI, so text written for people escapes these too.
 */
static inline int
isc1(const unsigned char *s)
{
	return s[0] == 0xc2 && s[1] >= 0x80 && s[1] < 0xa0;
}

#endif
