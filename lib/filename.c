/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * filename.c: a file name for a match from a template of its fields
 * (bg_pipeline_filename, on bg_pipeline_new(3)'s page), for bggrep
 * --split.
 * The fields' text is made safe as one component of a path: what the
 * template writes around them (folders included) is the caller's.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"

struct put {
	char	*buf;
	size_t	 size, len;
};

static void
put(struct put *o, const char *s, size_t n, int field)
{
	size_t i;
	char c;

	for (i = 0; i < n; i++) {
		c = s[i];
		/* No folder, no hidden file, no control or blank. */
		if (field && (c == '/' || c == '\\' || (unsigned char)c <= ' ' ||
		    c == 0x7f || (c == '.' && i == 0)))
			c = '_';
		if (o->len + 1 < o->size)
			o->buf[o->len] = c;
		o->len++;
	}
}

static void
field(struct put *o, const char *s)
{
	put(o, s, strlen(s), 1);
}

/* The match's date: its EventDate tag, else Date, else "". */
static const char *
date(const bg_match *m)
{
	const char *d = m ? bg_match_tag(m, "EventDate") : NULL;

	if (d == NULL && m != NULL)
		d = bg_match_tag(m, "Date");
	return d ? d : "";
}

int
bg_pipeline_filename(char *buf, size_t size, const char *tmpl,
    const bg_pipeline *p, const char *hex, int n, size_t *bad)
{
	const bg_match *m = p ? bg_pipeline_match(p) : NULL;
	struct put o = { buf, size, 0 };
	const char *t;
	char num[32];

	for (t = tmpl; *t != '\0'; t++) {
		if (*t != '%') {
			put(&o, t, 1, 0);
			continue;
		}
		switch (t[1]) {
		case '%': put(&o, "%", 1, 0); break;
		case 'n':
			snprintf(num, sizeof num, "%d", n);
			field(&o, num);
			break;
		case 'l':
			snprintf(num, sizeof num, "%d", m ? bg_match_length(m) : 0);
			field(&o, num);
			break;
		case 'p':
			field(&o, p ? bg_pipeline_player(p, 0) : "");
			put(&o, "-", 1, 0);
			field(&o, p ? bg_pipeline_player(p, 1) : "");
			break;
		case 'd': field(&o, date(m)); break;
		case 'f': field(&o, hex ? hex : ""); break;
		default:
			if (bad != NULL)
				*bad = (size_t)(t - tmpl);
			return -BG_EINVAL;
		}
		t++;
	}
	if (size > 0)
		buf[o.len < size ? o.len : size - 1] = '\0';
	return o.len > (size_t)0x7fffffff ? 0x7fffffff : (int)o.len;
}
