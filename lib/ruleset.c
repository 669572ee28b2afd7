/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ruleset.c: the rules a record is judged by (bg_ruleset), and their
 * text form for the tools' -r option: "crawford=off,beavers=3", with the
 * words that say what is wrong with a bad one.  Part of libbgkit; the
 * replay consults the values.
 */
#include <stddef.h>
#include <string.h>
#include <strings.h>

#include "bgkit.h"

void
bg_ruleset_init(bg_ruleset *rs)
{
	rs->crawford = rs->holland = rs->jacoby = -1;
	rs->beavers = rs->autodoubles = rs->cubelimit = -1;
	rs->variant = BG_VARIANT_UNSTATED;
	rs->cube = -1;
}

/*
 * Read "on" (1) or "off" (0) when onoff is set, else a number up to
 * 1 << 20; -1 for anything else.
 */
static int
value(const char *s, size_t n, int onoff)
{
	int v = 0;
	size_t i;

	if (onoff && n == 2 && strncasecmp(s, "on", 2) == 0)
		return 1;
	if (onoff && n == 3 && strncasecmp(s, "off", 3) == 0)
		return 0;
	if (onoff || n == 0 || n > 7)
		return -1;
	for (i = 0; i < n; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v <= 1 << 20 ? v : -1;
}

int
bg_ruleset_parse(bg_ruleset *rs, const char *s, size_t len, size_t *errpos)
{
	static const struct {
		const char	*key;
		size_t		 off;
		int		 onoff;
	} keys[] = {
		{ "crawford", offsetof(bg_ruleset, crawford), 1 },
		{ "holland", offsetof(bg_ruleset, holland), 1 },
		{ "jacoby", offsetof(bg_ruleset, jacoby), 1 },
		{ "beavers", offsetof(bg_ruleset, beavers), 0 },
		{ "autodoubles", offsetof(bg_ruleset, autodoubles), 0 },
		{ "cubelimit", offsetof(bg_ruleset, cubelimit), 0 },
		{ "cube", offsetof(bg_ruleset, cube), 1 },
	};
	size_t i = 0, k, eq, end;
	int v;

	while (i < len) {
		for (end = i; end < len && s[end] != ','; end++)
			;
		for (eq = i; eq < end && s[eq] != '='; eq++)
			;
		if (eq == end || eq == i) {
			*errpos = i;
			return -BG_ERULES;
		}
		if (eq - i == 7 && strncasecmp(s + i, "variant", 7) == 0) {
			char name[32];
			bg_variant vr;

			if (end - eq - 1 >= sizeof name) {
				*errpos = eq + 1;
				return -BG_ERULES;
			}
			memcpy(name, s + eq + 1, end - eq - 1);
			name[end - eq - 1] = '\0';
			if (bg_variant_parse(&vr, name) < 0) {
				*errpos = eq + 1;
				return -BG_ERULES;
			}
			rs->variant = vr;
		} else {
			for (k = 0; k < sizeof keys / sizeof keys[0]; k++)
				if (strlen(keys[k].key) == eq - i &&
				    strncasecmp(s + i, keys[k].key, eq - i) == 0)
					break;
			if (k == sizeof keys / sizeof keys[0]) {
				*errpos = i;
				return -BG_ERULES;
			}
			if ((v = value(s + eq + 1, end - eq - 1,
			    keys[k].onoff)) < 0) {
				*errpos = eq + 1;
				return -BG_ERULES;
			}
			*(int *)((char *)rs + keys[k].off) = v;
		}
		i = end < len ? end + 1 : end;
	}
	return 0;
}

/* Append the n bytes at t to buf[*o..size), keeping it terminated. */
static void
put(char *buf, size_t size, size_t *o, const char *t, size_t n)
{
	size_t k;

	for (k = 0; k < n; k++, (*o)++)
		if (*o + 1 < size)
			buf[*o] = t[k];
	if (size > 0)
		buf[*o < size ? *o : size - 1] = '\0';
}

static void
puts_(char *buf, size_t size, size_t *o, const char *t)
{
	put(buf, size, o, t, strlen(t));
}

int
bg_ruleset_explain(char *buf, size_t size, const char *s, size_t len,
    size_t errpos)
{
	static const char *const onoff[] = {
		"crawford", "holland", "jacoby", "cube"
	};
	size_t o = 0, i, start, end, eq, k;
	int v;

	if (size > 0)
		buf[0] = '\0';
	if (errpos > len)
		errpos = len;
	for (start = errpos; start > 0 && s[start - 1] != ','; start--)
		;
	for (end = errpos; end < len && s[end] != ','; end++)
		;
	for (eq = start; eq < end && s[eq] != '='; eq++)
		;
	if (eq == end || eq == start) {
		puts_(buf, size, &o, "expected key=value");
		if (end > start) {
			puts_(buf, size, &o, ": ");
			put(buf, size, &o, s + start, end - start);
		} else
			puts_(buf, size, &o, ", found nothing");
		return (int)o;
	}
	if (errpos < eq) {
		puts_(buf, size, &o, "unknown rule: ");
		put(buf, size, &o, s + start, eq - start);
		puts_(buf, size, &o, " (the rules: crawford, holland, "
		    "jacoby, beavers, autodoubles, cubelimit, variant, cube)");
		return (int)o;
	}
	if (end == eq + 1) {
		puts_(buf, size, &o, "no value for ");
		put(buf, size, &o, s + start, eq - start);
	} else {
		puts_(buf, size, &o, "bad value for ");
		put(buf, size, &o, s + start, eq - start);
		puts_(buf, size, &o, ": ");
		put(buf, size, &o, s + eq + 1, end - eq - 1);
	}
	if (eq - start == 7 && strncasecmp(s + start, "variant", 7) == 0) {
		puts_(buf, size, &o, " (the variants:");
		for (v = 0; v < BG_VARIANT_COUNT; v++) {
			puts_(buf, size, &o, v ? ", " : " ");
			puts_(buf, size, &o, bg_variant_get(v)->name);
		}
		puts_(buf, size, &o, ")");
		return (int)o;
	}
	for (k = 0, i = 0; i < sizeof onoff / sizeof onoff[0]; i++)
		if (strlen(onoff[i]) == eq - start &&
		    strncasecmp(s + start, onoff[i], eq - start) == 0)
			k = 1;
	puts_(buf, size, &o, k ? " (on or off)" :
	    " (a number from 0 to 1048576)");
	return (int)o;
}
