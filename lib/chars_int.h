/*
 * chars_int.h: locale-free character classes for the text readers
 * (notation.c, fmt_mat.c).  <ctype.h> depends on the locale, which a
 * library must not; these do not.  Private to lib/.
 */
#ifndef CHARS_INT_H
#define CHARS_INT_H

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

static inline int
lower(int c)
{
	return c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

#endif
