/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * format.c: the table of formats.  Each format's file exports its row
 * (struct fmt_row, fmt_int.h): its names, file name endings, what it
 * cannot hold, its bid on the first bytes, its reader and its writer;
 * this table lists the rows, and everything that names or chooses a
 * format reads it: bg_format_list(3), bg_format_parse, bg_format_name,
 * the bidding of reader.c, bg_writer_can, and through bg_format_list the
 * tools' help, the bash completion's lists (checked by tests/tools.sh)
 * and Python's FORMATS.  The order of the rows is the order of every
 * list, and breaks ties between equal bids.  Part of libbgkit; callers
 * use bgkit.h.
 */
#include <stddef.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"

static const struct fmt_row *const rows[] = {
	&fmt_mat_row,
	&fmt_sgf_row,
	&fmt_json_row,
	&fmt_xg_row,
	&fmt_html_row,
	&fmt_gam_row,
	&fmt_snowie_row,
	&fmt_jfpos_row,
	&fmt_gnubgtext_row,
	&fmt_poslist_row,
	&fmt_fibslog_row,
	&fmt_oldmoves_row,
	&fmt_postext_row,
};

const struct fmt_row *
fmt_row_at(size_t i)
{
	return i < sizeof rows / sizeof rows[0] ? rows[i] : NULL;
}

const struct fmt_row *
fmt_row_of(bg_format f)
{
	size_t i;

	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (rows[i]->format == f)
			return rows[i];
	return NULL;
}

int
bg_format_list(bg_format_info *fi, size_t i)
{
	const struct fmt_row *row = fmt_row_at(i);

	if (fi == NULL || row == NULL)
		return -BG_EINVAL;
	fi->format = row->format;
	fi->name = row->name;
	fi->aliases = row->aliases;
	fi->extensions = row->extensions;
	fi->description = row->description;
	fi->lost = row->lost;
	fi->can_read = row->read != NULL;
	fi->can_write = row->write != NULL;
	return 0;
}

/* Is name one of the blank-separated words of list? */
static int
among(const char *name, const char *list)
{
	size_t n = strlen(name), k;

	while (*list != '\0') {
		k = strcspn(list, " ");
		if (k == n && memcmp(list, name, n) == 0)
			return 1;
		list += k;
		list += strspn(list, " ");
	}
	return 0;
}

int
bg_format_parse(bg_format *f, const char *name)
{
	size_t i;

	if (f == NULL || name == NULL)
		return -BG_EINVAL;
	if (strcmp(name, "auto") == 0) {
		*f = BG_FORMAT_AUTO;
		return 0;
	}
	for (i = 0; i < sizeof rows / sizeof rows[0]; i++)
		if (strcmp(name, rows[i]->name) == 0 ||
		    among(name, rows[i]->aliases)) {
			*f = rows[i]->format;
			return 0;
		}
	return -BG_EINVAL;
}

const char *
bg_format_name(bg_format f)
{
	const struct fmt_row *row = fmt_row_of(f);

	if (f == BG_FORMAT_AUTO)
		return "auto";
	return row != NULL ? row->name : NULL;
}
