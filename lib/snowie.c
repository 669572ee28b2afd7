/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * snowie.c: the decoder of Snowie's one-line position text
 * (bgkit-snowie(5)): match length; Jacoby flag; a field always 0; the
 * money flag; the side on roll; the names of the side on roll and of
 * the other; the Crawford flag; their scores; cube value; cube owner
 * (1 the side on roll, -1 the other, 0 centred); the other side's bar
 * (as a negative count); the 24 points from the side on roll's point
 * of view (its checkers positive); its own bar; the two dice (0 0 when
 * not rolled).  Part of libbgkit; see snowie_int.h.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "snowie_int.h"

#define NFIELD	40
#define MAXCUBE	(1 << 15)

/* What each numeric field may hold; a name field has lo above hi. */
static const struct { long lo, hi; const char *what; } sfield[NFIELD] = {
	{ 0, 999, "match length" }, { 0, 1, "Jacoby flag" },
	{ 0, 1, "field 2" }, { 0, 1, "money flag" },
	{ 0, 1, "side on roll" }, { 1, 0, "name" }, { 1, 0, "name" },
	{ 0, 1, "Crawford flag" }, { 0, 99999, "score" },
	{ 0, 99999, "score" }, { 1, MAXCUBE, "cube value" },
	{ -1, 1, "cube owner" }, { -15, 0, "opponent's bar" },
	[13] = { -15, 15, "point" }, [14] = { -15, 15, "point" },
	[15] = { -15, 15, "point" }, [16] = { -15, 15, "point" },
	[17] = { -15, 15, "point" }, [18] = { -15, 15, "point" },
	[19] = { -15, 15, "point" }, [20] = { -15, 15, "point" },
	[21] = { -15, 15, "point" }, [22] = { -15, 15, "point" },
	[23] = { -15, 15, "point" }, [24] = { -15, 15, "point" },
	[25] = { -15, 15, "point" }, [26] = { -15, 15, "point" },
	[27] = { -15, 15, "point" }, [28] = { -15, 15, "point" },
	[29] = { -15, 15, "point" }, [30] = { -15, 15, "point" },
	[31] = { -15, 15, "point" }, [32] = { -15, 15, "point" },
	[33] = { -15, 15, "point" }, [34] = { -15, 15, "point" },
	[35] = { -15, 15, "point" }, [36] = { -15, 15, "point" },
	[37] = { 0, 15, "bar" }, [38] = { 0, 6, "die" },
	[39] = { 0, 6, "die" }
};

/*
 * Read the number field t[0..n): 0, or -1 when it is no number or is
 * not from lo to hi.
 */
static int
field_in_range(const char *t, size_t n, long lo, long hi, long *v)
{
	size_t i = 0;
	long x = 0;
	int neg = 0;

	while (n > 0 && (t[n - 1] == ' ' || t[n - 1] == '\t'))
		n--;
	while (i < n && (t[i] == ' ' || t[i] == '\t'))
		i++;
	if (i < n && (t[i] == '-' || t[i] == '+'))
		neg = t[i++] == '-';
	if (i == n)
		return -1;
	for (; i < n; i++) {
		if (t[i] < '0' || t[i] > '9' || x > 100000000L)
			return -1;
		x = x * 10 + (t[i] - '0');
	}
	*v = neg ? -x : x;
	return *v < lo || *v > hi ? -1 : 0;
}

int
snowie_tray(bg_board *b)
{
	int s, i, n;

	for (s = 0; s < 2; s++) {
		for (n = 0, i = 1; i <= 25; i++)
			n += b->pt[s][i];
		if (n > 15)
			return -1;
		b->pt[s][BG_OFF] = (unsigned char)(15 - n);
	}
	return 0;
}

/*
 * Split t[0..n) into its fields, the numbers into v[] and the names:
 * 0, or -1.
 */
static int
fields(const char *t, size_t n, long *v, char nm[2][64], char *why,
    size_t size, int *col)
{
	const char *f = t, *e;
	size_t k, len;
	int i;

	for (i = 0; i < NFIELD; i++) {
		*col = (int)(f - t) + 1;
		if ((e = memchr(f, ';', (size_t)(t + n - f))) == NULL) {
			snprintf(why, size, "%d fields, not %d, each followed "
			    "by ';'", i, NFIELD);
			return -1;
		}
		len = (size_t)(e - f);
		if (sfield[i].lo > sfield[i].hi) {
			while (len > 0 && f[len - 1] == ' ')
				len--;
			k = len < 63 ? len : 63;
			memcpy(nm[i - 5], f, k);
			nm[i - 5][k] = '\0';
		} else if (field_in_range(f, len, sfield[i].lo, sfield[i].hi,
		    &v[i]) < 0) {
			snprintf(why, size, "field %d (%s): \"%.*s\"", i,
			    sfield[i].what, (int)(len < 20 ? len : 20), f);
			return -1;
		}
		f = e + 1;
	}
	for (; f < t + n; f++)
		if (*f != ' ' && *f != '\t' && *f != '\r') {
			*col = (int)(f - t) + 1;
			snprintf(why, size, "more than %d fields", NFIELD);
			return -1;
		}
	*col = 1;
	return 0;
}

int
snowie_decode(const char *t, size_t n, int side, struct snowie_pos *sp,
    char *why, size_t size, int *col)
{
	long v[NFIELD];
	char nm[2][64];
	bg_board *b = &sp->board;
	bg_matchstate *ms = &sp->ms;
	int s, pt;

	memset(v, 0, sizeof v);
	memset(sp, 0, sizeof *sp);
	if (fields(t, n, v, nm, why, size, col) < 0)
		return -1;
	s = side == 0 || side == 1 ? side : (int)v[4];
	for (pt = 1; pt <= 24; pt++) {
		if (v[12 + pt] > 0)
			b->pt[s][pt] = (unsigned char)v[12 + pt];
		else
			b->pt[!s][25 - pt] = (unsigned char)-v[12 + pt];
	}
	b->pt[!s][BG_BAR] = (unsigned char)-v[12];
	b->pt[s][BG_BAR] = (unsigned char)v[37];
	if (snowie_tray(b) < 0 || bg_board_check(b, BG_VARIANT_STANDARD) < 0) {
		snprintf(why, size, "more than 15 checkers a side");
		return -1;
	}
	if ((v[38] == 0) != (v[39] == 0)) {
		snprintf(why, size, "one die rolled: %ld %ld", v[38], v[39]);
		return -1;
	}
	if (v[10] & (v[10] - 1)) {
		snprintf(why, size, "cube value %ld", v[10]);
		return -1;
	}
	bg_matchstate_init(ms, v[3] ? 0 : (int)v[0]);
	ms->score[s] = (int)v[8];
	ms->score[!s] = (int)v[9];
	ms->cube = (int)v[10];
	ms->cube_owner = v[11] == 0 ? BG_CENTRED : v[11] > 0 ? s : !s;
	ms->on_roll = ms->turn = s;
	ms->crawford = ms->length > 0 && v[7];
	ms->jacoby = ms->length == 0 && v[1];
	ms->dice[0] = (int)v[38];
	ms->dice[1] = (int)v[39];
	sp->side = s;
	memcpy(sp->name[s], nm[0], sizeof nm[0]);
	memcpy(sp->name[!s], nm[1], sizeof nm[1]);
	return 0;
}

int
snowie_illegal(const char *t, size_t n, int side, int variant,
    struct snowie_pos *sp, char *why, size_t size)
{
	const char *o, *c;
	int col;

	if ((o = memchr(t, '(', n)) == NULL)
		o = t + n;
	for (c = t + n; c > o && c[-1] != ')'; c--)
		;
	if (c == o) {
		snprintf(why, size, "no board in parentheses");
		return -1;
	}
	if (snowie_decode(o + 1, (size_t)(c - 1 - (o + 1)), !side, sp, why,
	    size, &col) < 0)
		return -1;
	if (bg_board_check(&sp->board, (bg_variant)variant) < 0) {
		snprintf(why, size, "not a board of this variant");
		return -1;
	}
	return 0;
}
