/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dupset.c: the matches of an archive grouped by fingerprint, to find
 * the copies of a match across files (bg_dupset_new(3)), and the
 * writer of a bg_select hit.  A hash table on the fingerprint, so that
 * an archive is grouped in one pass; the groups come out in the order
 * their first match was met, their members in the order they were.
 */
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "out_int.h"

struct member {
	size_t		 file;		/* its index in files */
	int		 line, games;
	size_t		 next;		/* the next of its group, or 0 */
};

struct group {
	char		 hex[BG_FINGERPRINT_LEN + 1];
	size_t		 first, last;	/* its first and last members,
					   counted from 1 */
	size_t		 n;
};

struct bg_dupset {
	struct group	*grp;
	size_t		 ngrp, capgrp;
	size_t		*slot;		/* the table: a group's index + 1,
					   or 0 for an empty slot */
	size_t		 nslot;
	struct member	*mem;
	size_t		 nmem, capmem;
	char		**files;
	size_t		 nfiles, capfiles;
};

bg_dupset *
bg_dupset_new(void)
{
	return calloc(1, sizeof(bg_dupset));
}

void
bg_dupset_free(bg_dupset *d)
{
	size_t i;

	if (d == NULL)
		return;
	for (i = 0; i < d->nfiles; i++)
		free(d->files[i]);
	free(d->files);
	free(d->grp);
	free(d->slot);
	free(d->mem);
	free(d);
}

/* Return the slot of hex: its group's, or the empty one it would take. */
static size_t
find(const bg_dupset *d, const char *hex)
{
	size_t h = 0, i;

	/*
	 * The fingerprint is a hash already, so its first digits will do
	 * as the table's hash.
	 */
	for (i = 0; i < 15; i++)
		h = h * 16 + (size_t)(hex[i] <= '9' ? hex[i] - '0' :
		    hex[i] - 'a' + 10);
	for (i = h & (d->nslot - 1); d->slot[i] != 0;
	    i = (i + 1) & (d->nslot - 1))
		if (strcmp(d->grp[d->slot[i] - 1].hex, hex) == 0)
			break;
	return i;
}

/* Double the slots, and place the groups again. */
static int
grow(bg_dupset *d)
{
	size_t n = d->nslot ? 2 * d->nslot : 256, *old = d->slot, on =
	    d->nslot, i;

	if ((d->slot = calloc(n, sizeof *d->slot)) == NULL) {
		d->slot = old;
		return -BG_ENOMEM;
	}
	d->nslot = n;
	for (i = 0; i < on; i++)
		if (old[i] != 0)
			d->slot[find(d, d->grp[old[i] - 1].hex)] = old[i];
	free(old);
	return 0;
}

/*
 * Make room for one more of the n items of size sz in p.  Returns p
 * itself or p moved, or NULL when memory runs out (p is then left as it
 * was).
 */
static void *
room(void *p, size_t *cap, size_t n, size_t sz)
{
	size_t c = *cap ? 2 * *cap : 64;

	if (n < *cap)
		return p;
	if ((p = realloc(p, c * sz)) != NULL)
		*cap = c;
	return p;
}

int
bg_dupset_add(bg_dupset *d, const char *hex, const char *file, int line,
    int games)
{
	struct group *g;
	struct member *m;
	size_t i;
	void *q;

	if (strlen(hex) != BG_FINGERPRINT_LEN)
		return -BG_EINVAL;
	if (file == NULL)
		file = "<stdin>";
	if (d->nfiles == 0 || strcmp(d->files[d->nfiles - 1], file) != 0) {
		if ((q = room(d->files, &d->capfiles, d->nfiles,
		    sizeof *d->files)) == NULL)
			return -BG_ENOMEM;
		d->files = q;
		if ((d->files[d->nfiles] = strdup(file)) == NULL)
			return -BG_ENOMEM;
		d->nfiles++;
	}
	if (2 * (d->ngrp + 1) > d->nslot && grow(d) < 0)
		return -BG_ENOMEM;
	if ((q = room(d->mem, &d->capmem, d->nmem, sizeof *d->mem)) == NULL)
		return -BG_ENOMEM;
	d->mem = q;
	if (d->slot[i = find(d, hex)] == 0) {
		if ((q = room(d->grp, &d->capgrp, d->ngrp,
		    sizeof *d->grp)) == NULL)
			return -BG_ENOMEM;
		d->grp = q;
		g = &d->grp[d->ngrp++];
		memcpy(g->hex, hex, sizeof g->hex);
		g->first = g->last = 0;
		g->n = 0;
		d->slot[i] = d->ngrp;
	}
	g = &d->grp[d->slot[i] - 1];
	m = &d->mem[d->nmem++];
	m->file = d->nfiles - 1;
	m->line = line;
	m->games = games;
	m->next = 0;
	if (g->last != 0)
		d->mem[g->last - 1].next = d->nmem;
	else
		g->first = d->nmem;
	g->last = d->nmem;
	return (int)g->n++;
}

int
bg_dupset_write(bg_write_fn fn, void *ctx, bg_outfmt f, const bg_dupset *d)
{
	const struct member *m;
	struct out o;
	size_t i, k;
	int c;

	if (f == BG_OUT_CSV)
		return -BG_EINVAL;
	out_init(&o, fn, ctx);
	for (i = 0; i < d->ngrp && o.err == 0; i++) {
		if (d->grp[i].n < 2)
			continue;
		if (f == BG_OUT_JSON)
			out_printf(&o, "{\"type\":\"duplicates\",\"fingerprint\":"
			    "\"%s\",\"count\":%lu,\"matches\":[", d->grp[i].hex,
			    (unsigned long)d->grp[i].n);
		for (c = 0, k = d->grp[i].first; k != 0; k = m->next, c++) {
			m = &d->mem[k - 1];
			if (f == BG_OUT_JSON) {
				out_puts(&o, c ? ",{\"file\":" : "{\"file\":");
				out_json(&o, d->files[m->file]);
				out_printf(&o, ",\"line\":%d,\"games\":%d}",
				    m->line, m->games);
				continue;
			}
			out_printf(&o, "%s  ", d->grp[i].hex);
			out_text(&o, d->files[m->file]);
			out_printf(&o, ":%d: %d game%s\n", m->line, m->games,
			    m->games == 1 ? "" : "s");
		}
		if (f == BG_OUT_JSON)
			out_puts(&o, "]}\n");
		else
			out_put(&o, "\n", 1);
		if (o.n > 0)
			out_flush(&o);
	}
	return out_flush(&o);
}

int
bg_select_hit_write(bg_write_fn fn, void *ctx, bg_outfmt f,
    const char *file, const char *const names[2], const char *match,
    const bg_select_hit *h)
{
	struct out o;

	out_init(&o, fn, ctx);
	if (file == NULL)
		file = "<stdin>";
	if (f == BG_OUT_JSON) {
		out_puts(&o, "{\"type\":\"hit\",\"file\":");
		out_json(&o, file);
		out_printf(&o, ",\"line\":%d,\"game\":%d,\"move\":%d,"
		    "\"players\":[", h->line, h->game, h->turn);
		out_json(&o, names[0]);
		out_put(&o, ",", 1);
		out_json(&o, names[1]);
		out_printf(&o, "],\"fingerprint\":\"%s\","
		    "\"match_fingerprint\":", h->fingerprint);
		out_json(&o, match);
		out_puts(&o, "}\n");
	} else if (f == BG_OUT_TEXT) {
		out_text(&o, file);
		out_printf(&o, ":%d: game %d, turn %d: %s\n", h->line, h->game,
		    h->turn, h->fingerprint);
	} else
		return -BG_EINVAL;
	return out_flush(&o);
}
