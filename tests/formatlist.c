/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * formatlist.c: the names of the formats of bg_format_list(3) that a
 * reader takes (formatlist read) or a writer takes (formatlist write),
 * on one line, blank-separated, in the table's order: what
 * tests/tools.sh holds the bash completion's lists, the manual pages'
 * lists and Python's FORMATS to.  Built by make check-build; never
 * installed.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"

int
main(int argc, char *argv[])
{
	bg_format_info fi;
	size_t i;
	int write, n = 0;

	if (argc != 2 || (strcmp(argv[1], "read") != 0 &&
	    strcmp(argv[1], "write") != 0)) {
		fputs("usage: formatlist read|write\n", stderr);
		return 2;
	}
	write = strcmp(argv[1], "write") == 0;
	for (i = 0; bg_format_list(&fi, i) == 0; i++)
		if (write ? fi.can_write : fi.can_read)
			printf("%s%s", n++ ? " " : "", fi.name);
	putchar('\n');
	return 0;
}
