/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * board.c: the board, the variants and their starting positions.  A
 * variant is a row of data (checkers, layout, rule flags) that the rules
 * engine consults; there is no per-variant code.  Part of libbgkit.
 */
#include <stdint.h>
#include <string.h>
#include <strings.h>

#include "bgkit.h"

static const bg_variant_info variants[BG_VARIANT_COUNT] = {
	{ BG_VARIANT_STANDARD, "standard", "Backgammon", 15,
	    { [6] = 5, [8] = 3, [13] = 5, [24] = 2 },
	    BG_VF_CUBE | BG_VF_BACKGAMMON | BG_VF_OPENINGROLL },
	{ BG_VARIANT_NACKGAMMON, "nackgammon", "Nackgammon", 15,
	    { [6] = 4, [8] = 3, [13] = 4, [23] = 2, [24] = 2 },
	    BG_VF_CUBE | BG_VF_BACKGAMMON | BG_VF_OPENINGROLL },
	{ BG_VARIANT_HYPER1, "hyper1", "Hypergammon (1)", 1,
	    { [24] = 1 },
	    BG_VF_CUBE | BG_VF_BACKGAMMON | BG_VF_OPENINGROLL },
	{ BG_VARIANT_HYPER2, "hyper2", "Hypergammon (2)", 2,
	    { [23] = 1, [24] = 1 },
	    BG_VF_CUBE | BG_VF_BACKGAMMON | BG_VF_OPENINGROLL },
	{ BG_VARIANT_HYPER3, "hyper3", "Hypergammon (3)", 3,
	    { [22] = 1, [23] = 1, [24] = 1 },
	    BG_VF_CUBE | BG_VF_BACKGAMMON | BG_VF_OPENINGROLL },
	/*
	 * Tavla (seed 003): standard layout, no cube, gammons but no
	 * backgammons, the opening roll only decides who starts, and two
	 * bear-off rules of its own.
	 */
	{ BG_VARIANT_TAVLA, "tavla", "Tavla", 15,
	    { [6] = 5, [8] = 3, [13] = 5, [24] = 2 },
	    BG_VF_MOSTPIPS | BG_VF_NOHITRUN },
};

/* Other spellings met in records and on command lines. */
static const struct alias {
	const char	*name;
	bg_variant	 v;
} aliases[] = {
	{ "backgammon", BG_VARIANT_STANDARD },
	{ "nack", BG_VARIANT_NACKGAMMON },
	{ "hypergammon1", BG_VARIANT_HYPER1 },
	{ "hypergammon2", BG_VARIANT_HYPER2 },
	{ "hypergammon3", BG_VARIANT_HYPER3 },
	{ "hypergammon (1)", BG_VARIANT_HYPER1 },
	{ "hypergammon (2)", BG_VARIANT_HYPER2 },
	{ "hypergammon (3)", BG_VARIANT_HYPER3 },
	{ "hypergammon", BG_VARIANT_HYPER3 },
};

const bg_variant_info *
bg_variant_get(bg_variant v)
{
	if ((int)v < 0 || v >= BG_VARIANT_COUNT)
		return NULL;
	return &variants[v];
}

int
bg_variant_parse(bg_variant *v, const char *name)
{
	size_t i;

	for (i = 0; i < BG_VARIANT_COUNT; i++)
		if (strcasecmp(name, variants[i].name) == 0) {
			*v = variants[i].id;
			return 0;
		}
	for (i = 0; i < sizeof aliases / sizeof aliases[0]; i++)
		if (strcasecmp(name, aliases[i].name) == 0) {
			*v = aliases[i].v;
			return 0;
		}
	return -BG_EVARIANT;
}

void
bg_board_start(bg_board *b, bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);

	if (vi == NULL)
		vi = &variants[BG_VARIANT_STANDARD];
	memcpy(b->pt[0], vi->start, 26);
	memcpy(b->pt[1], vi->start, 26);
}

int
bg_board_pips(const bg_board *b, int s)
{
	int p, n = 0;

	for (p = 1; p <= 25; p++)
		n += p * b->pt[s][p];
	return n;
}

int
bg_board_checkers(const bg_board *b, int s)
{
	const unsigned char *c = b->pt[s];
	uint64_t w[3], sum = 0;
	int i;

	/*
	 * Points 1..24 three words at a time, the bytes added pairwise in
	 * 16-bit lanes (no lane can overflow: 255 * 12 < 65536).
	 */
	memcpy(w, c + 1, 24);
	for (i = 0; i < 3; i++)
		sum += (w[i] & 0x00ff00ff00ff00ffULL) +
		    (w[i] >> 8 & 0x00ff00ff00ff00ffULL);
	sum += sum >> 32;
	sum += sum >> 16;
	return (int)(sum & 0xffff) + c[25];
}

int
bg_board_check(const bg_board *b, bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);
	int s, p;

	if (vi == NULL)
		return -BG_EVARIANT;
	for (s = 0; s < 2; s++)
		if (bg_board_checkers(b, s) + b->pt[s][0] != vi->checkers)
			return -BG_ECHECKERS;
	for (p = 1; p <= 24; p++)
		if (b->pt[0][p] && b->pt[1][25 - p])
			return -BG_EOVERLAP;
	return 0;
}

void
bg_matchstate_init(bg_matchstate *ms, int length)
{
	memset(ms, 0, sizeof *ms);
	ms->length = length;
	ms->cube = 1;
	ms->cube_owner = BG_CENTRED;
	ms->on_roll = 1;
	ms->turn = 1;
	ms->state = BG_GAME_PLAYING;
	ms->cube_max = 10;
}

int
bg_dice_parse(int d[2], const char *s, size_t len)
{
	size_t i = 0;
	int n = 0;

	while (i < len && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (i < len && n < 2) {
		if (s[i] < '1' || s[i] > '6')
			return -BG_EDICESYNTAX;
		d[n++] = s[i++] - '0';
		if (n == 1 && i < len && (s[i] == '-' || s[i] == ' ' ||
		    s[i] == ','))
			i++;
	}
	while (i < len && (s[i] == ' ' || s[i] == '\t' || s[i] == '\n'))
		i++;
	return n == 2 && i == len ? 0 : -BG_EDICESYNTAX;
}
