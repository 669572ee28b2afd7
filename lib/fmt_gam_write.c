/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fmt_gam_write.c: two writers made of the .mat writer's games
 * (fmt_mat_write.c) under other heads.  Jellyfish's .gam holds one
 * game: a line of the two players' names, a word each, then the move
 * lines, as gnubg's "export game gam" writes them.  Snowie's match text
 * is a .mat without its header, as gnubg's "export match snowietxt"
 * writes it: the match line, then every game.  What the heads have no
 * room for (tags, comments, the match around a .gam's game, a second
 * game) is said in warnings.  Part of libbgkit; callers use bg_writer
 * from bgkit.h.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "record_int.h"
#include "fmt_int.h"

/* The match's tags and header comments, which neither head holds. */
static void
header_lost(bg_writer *w)
{
	char keys[64];
	size_t i, o = 0, n = fmt_tag_count(w);

	keys[0] = '\0';
	for (i = 0; i < n && o + 1 < sizeof keys; i++)
		o += (size_t)snprintf(keys + o, sizeof keys - o, "%s%s",
		    i ? ", " : "", fmt_tag_key(w, i));
	if (o >= sizeof keys)
		memcpy(keys + sizeof keys - 4, "...", 4);
	if (n > 0)
		fmt_lost(w, NULL, "the tags %s", keys);
	if ((n = bg_match_comment_count(w->m)) > 0)
		fmt_lost(w, NULL, "%zu header comment line%s", n,
		    n == 1 ? "" : "s");
}

int
fmt_snowie_match(bg_writer *w)
{
	int len = bg_match_length(w->m);

	header_lost(w);
	fmt_printf(w, " %d point match\n\n", len < 0 ? 0 : len);
	return w->err;
}

int
fmt_gam_match(bg_writer *w)
{
	header_lost(w);
	return w->err;
}

int
fmt_gam_end(bg_writer *w)
{
	return w->err;
}

/*
 * The name of side s as one word: a reader takes the first two words of
 * the line for the names.  Blanks, the characters that end a name
 * (':', ';', '#') and control characters become '_'.
 */
static void
word(bg_writer *w, char *buf, size_t size, int s)
{
	const char *p = bg_game_player(w->g, s);
	unsigned char *q;
	int changed = 0;

	if (p == NULL)
		p = bg_match_player(w->m, s);
	if (p == NULL || *p == '\0')
		p = s ? "Player_2" : "Player_1";
	snprintf(buf, size, "%s", p);
	for (q = (unsigned char *)buf; *q; q++)
		if (*q <= ' ' || *q == 0x7f || *q == ':' || *q == ';' ||
		    *q == '#') {
			*q = '_';
			changed = 1;
		}
	if (changed)
		fmt_lost(w, NULL, "the name \"%.40s\" as one word, %.40s", p,
		    buf);
	if (bg_game_rating(w->g, s) != NULL)
		fmt_lost(w, NULL, "the rating %.20s of %.40s",
		    bg_game_rating(w->g, s), buf);
}

int
fmt_gam_game(bg_writer *w)
{
	const bg_matchstate *ms = &w->startms;
	const bg_record *r;
	char names[2][128];
	size_t i;
	int s;

	/*
	 * A dry run says what the .gam of each game would lose, as a
	 * caller that writes each to a file of its own (bgconv
	 * --directory) needs.
	 */
	if (w->written > 0 && w->write != NULL) {
		fmt_lost(w, NULL, "game %d: a .gam holds one game",
		    w->ngames);
		return w->err;
	}
	if (ms->length > 0)
		fmt_lost(w, NULL, "the match: game %d of a %d-point match at "
		    "%d-%d", bg_game_number(w->g) > 0 ? bg_game_number(w->g) :
		    w->games + 1, ms->length, ms->score[0], ms->score[1]);
	else if (ms->score[0] != 0 || ms->score[1] != 0)
		fmt_lost(w, NULL, "the session score %d-%d", ms->score[0],
		    ms->score[1]);
	/*
	 * A reader takes a .gam for one when a move line, or a set
	 * position, follows the names: comments before the first move
	 * go before the names, where they read back as the match's.
	 */
	for (i = 0; i < bg_game_record_count(w->g) &&
	    (r = bg_game_record(w->g, i))->kind == BG_REC_COMMENT; i++) {
		fmt_puts(w, *r->text ? "; " : ";");
		fmt_mat_text(w, r->text);
		fmt_puts(w, "\n");
		fmt_lost(w, r, "a comment before the first move, written "
		    "before the names");
	}
	for (s = 0; s < 2; s++)
		word(w, names[s], sizeof names[s], s);
	fmt_mat_names(w, names[0], names[1]);
	return fmt_mat_moves(w, i);
}

static const struct fmt_wops gam_wops = {
	sizeof (struct fmt_matw), fmt_gam_match, fmt_gam_game, fmt_gam_end
};

const struct fmt_wops fmt_snowie_wops = {
	sizeof (struct fmt_matw), fmt_snowie_match, fmt_mat_game, fmt_mat_end
};

/*
 * The .mat reader reads .gam too, so this row's reader is the .mat
 * reader's.  It has no bid: a .gam is never told apart from .mat.
 */
const struct fmt_row fmt_gam_row = {
	BG_FORMAT_GAM, "gam", "", ".gam",
	"Jellyfish's single-game files",
	"more than one game, tags, header comments, ratings, a session score",
	NULL, 0, &fmt_mat_ops, &gam_wops
};
