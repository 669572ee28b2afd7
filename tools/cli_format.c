/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * cli_format.c: the names of the formats in the tools' words, from the
 * library's table (bg_format_list(3)), so that no tool writes a list of
 * formats down: the lists of --help and the usage (CLI_READS,
 * CLI_WRITES, CLI_WRITES_BAR in their text, see cli.h) and of the
 * messages about an unknown format.  Nothing here knows backgammon.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"

#define HELPWIDTH	54	/* of a line of an option's help text */

size_t
cli_formats(char *buf, size_t size, int write, const char *sep,
    const char *last, size_t col, size_t width)
{
	bg_format_info fi;
	const char *name[32];
	size_t i, k, n = 0, o = 0, line = col, len;

	for (i = 0; n < 32 && bg_format_list(&fi, i) == 0; i++)
		if (write ? fi.can_write : fi.can_read)
			name[n++] = fi.name;
	for (k = 0; k < n; k++) {
		const char *s = k == 0 ? "" : k + 1 == n ? last : sep;

		len = strlen(s) + strlen(name[k]);
		/* A line too long breaks at the blank of the separator. */
		if (width > 0 && line + len > width && s[0] != '\0' &&
		    s[strlen(s) - 1] == ' ') {
			o += (size_t)snprintf(buf + o, o < size ? size - o : 0,
			    "%.*s\n", (int)strlen(s) - 1, s);
			line = 0;
			s = "";
			len = strlen(name[k]);
		}
		o += (size_t)snprintf(buf + o, o < size ? size - o : 0, "%s%s",
		    s, name[k]);
		line += len;
	}
	return o;
}

int
cli_to(bg_format *f, const char *arg, const char *usage)
{
	char list[512];

	if (bg_format_parse(f, arg) == 0 && bg_writer_can(*f))
		return 0;
	cli_formats(list, sizeof list, 1, ", ", ", ", 0, 0);
	cli_warnx("unknown output format: %s (%s)", arg, list);
	return cli_usage(usage);
}

void
cli_putlists(FILE *fp, const char *s, size_t col, size_t indent)
{
	char list[512];
	const char *p;

	for (; *s != '\0'; s++) {
		if (*s == CLI_READS[0] || *s == CLI_WRITES[0] ||
		    *s == CLI_WRITES_BAR[0]) {
			cli_formats(list, sizeof list, *s != CLI_READS[0],
			    *s == CLI_WRITES_BAR[0] ? "|" : ", ",
			    *s == CLI_WRITES_BAR[0] ? "|" : " or ",
			    col, *s == CLI_WRITES_BAR[0] ? 0 : HELPWIDTH);
			for (p = list; *p != '\0'; p++, col++)
				if (*p == '\n') {
					fprintf(fp, "\n%*s", (int)indent, "");
					col = 0;
				} else
					putc(*p, fp);
		} else if (*s == '\n' && indent > 0) {
			fprintf(fp, "\n%*s", (int)indent, "");
			col = 0;
		} else {
			putc(*s, fp);
			col = *s == '\n' ? 0 : col + 1;
		}
	}
}
