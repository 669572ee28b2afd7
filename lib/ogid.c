/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ogid.c: the OGID of OpenGammon and HedgeHog, written and read.  An
 * OGID is ':'-separated fields: White's checkers and Black's, one
 * character a checker ('0'-'9', 'a'-'p': absolute points 0 to 25, 0
 * White's bar, 25 Black's), the cube (owner, log2 of the value, action),
 * the dice, the colour of the side that acted last, the game state, the
 * two scores, the match length with its modifier, a move number and the
 * checkers a side.  White is side 1 (the bottom XGID player), whose own
 * point n is absolute point 25 - n; Black is side 0, whose points are
 * the absolute ones.  Part of libbgkit; callers use bg_ogid_encode(),
 * bg_ogid_decode() and bg_posfmt_lost() from bgkit.h.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"
#include "ogid_int.h"

#define PREFIX		"OGID="
#define PREFIXLEN	5
#define MINFIELD	5	/* the fields a reader needs */
#define MAXFIELD	11
#define MAXNUM		0x7fff
#define MAXCUBELOG	15
#define DEFCUBEMAX	10	/* bg_matchstate_init's cube limit */

enum { F_WHITE, F_BLACK, F_CUBE, F_DICE, F_COLOUR, F_STATE, F_SCORE1,
	F_SCORE0, F_LENGTH, F_MOVE, F_CHECKERS };

struct field {
	const char	*s;
	size_t		 len;
};

/*
 * Cut s into its fields, and return how many there are (MINFIELD to
 * MAXFIELD), or -1.
 */
static int
split(struct field *f, const char *s, size_t len)
{
	size_t i, start = 0;
	int n = 0;

	for (i = 0; i <= len; i++)
		if (i == len || s[i] == ':') {
			if (n == MAXFIELD)
				return -1;
			f[n].s = s + start;
			f[n].len = i - start;
			n++;
			start = i + 1;
		}
	return n >= MINFIELD ? n : -1;
}

/* The absolute point of an OGID checker character, or -1. */
static int
point(int c)
{
	if (c >= '0' && c <= '9')
		return c - '0';
	if (c >= 'a' && c <= 'p')
		return c - 'a' + 10;
	return -1;
}

/*
 * Read the decimal digits f[from..to) as a number from 0 to MAXNUM; -1
 * for anything else, and for no digits.
 */
static int
digits(const struct field *f, size_t from, size_t to)
{
	size_t i;
	int v = 0;

	if (from >= to)
		return -1;
	for (i = from; i < to; i++) {
		if (f->s[i] < '0' || f->s[i] > '9')
			return -1;
		v = v * 10 + (f->s[i] - '0');
		if (v > MAXNUM)
			return -1;
	}
	return v;
}

/* Read an optional number field; an empty or absent one is dflt. */
static int
optional_int(const struct field *f, int n, int i, int dflt)
{
	return i >= n || f[i].len == 0 ? dflt : digits(&f[i], 0, f[i].len);
}

int
ogid_looks(const char *s, size_t len)
{
	size_t i = 0;
	int k;

	if (len >= PREFIXLEN && (s[0] == 'O' || s[0] == 'o') &&
	    (s[1] == 'G' || s[1] == 'g') && (s[2] == 'I' || s[2] == 'i') &&
	    (s[3] == 'D' || s[3] == 'd') && s[4] == '=')
		return 1;
	/* Two runs of checker characters, then a cube "N0N". */
	for (k = 0; k < 2; k++) {
		while (i < len && point((unsigned char)s[i]) >= 0)
			i++;
		if (i == len || s[i++] != ':')
			return 0;
	}
	if (i == len || strchr("WBND?", s[i]) == NULL || s[i] == '\0')
		return 0;
	for (k = 0, i++; i < len && s[i] >= '0' && s[i] <= '9'; i++)
		k++;
	return k > 0 && i < len && s[i] != '\0' && strchr("NOTP", s[i]) !=
	    NULL && (i + 1 == len || s[i + 1] == ':');
}

/* Place one colour's checkers: 0, or a negated code. */
static int
place(bg_board *b, const struct field *f, int side, int checkers)
{
	size_t i;
	int p, own;

	for (i = 0; i < f->len; i++) {
		if ((p = point((unsigned char)f->s[i])) < 0)
			return -BG_EOGID;
		/* White's own point is 25 - p; its p 25 is Black's bar. */
		own = side == 1 ? 25 - p : p;
		if (own == BG_OFF)
			return -BG_EOGID;
		if (b->pt[side][own] >= checkers)
			return -BG_ECHECKERS;
		b->pt[side][own]++;
	}
	return 0;
}

/* Read the game state and who is on roll from fields 5 and 6. */
static int
state(bg_matchstate *m, const struct field *f, int n, int owner_action)
{
	static const char *const over[] = { "G", "M", "F" };
	static const char *const resigned[] = { "RG", "RM", "FF" };
	static const char *const play[] = { "", "IW", "IB", "R", "C", "A",
		"D", "P", "PR" };
	const struct field *st = n > F_STATE ? &f[F_STATE] : NULL;
	char s[3] = "IW";	/* the state when the field is absent */
	int colour;
	size_t i;

	if (f[F_COLOUR].len != 1 || (f[F_COLOUR].s[0] != 'W' &&
	    f[F_COLOUR].s[0] != 'B'))
		return -1;
	colour = f[F_COLOUR].s[0] == 'W';	/* White is side 1 */
	if (st != NULL) {
		if (st->len > 2)
			return -1;
		memcpy(s, st->s, st->len);
		s[st->len] = '\0';
	}
	m->state = BG_GAME_PLAYING;
	for (i = 0; i < 3; i++) {
		if (strcmp(s, over[i]) == 0)
			m->state = BG_GAME_OVER;
		if (strcmp(s, resigned[i]) == 0)
			m->state = BG_GAME_RESIGNED;
	}
	if (m->state == BG_GAME_PLAYING) {
		for (i = 0; i < sizeof play / sizeof play[0] &&
		    strcmp(s, play[i]) != 0; i++)
			;
		if (i == sizeof play / sizeof play[0])
			return -1;
	}
	/* The colour is who acted: the other side is to act, unless the
	 * act was a double (the doubler stays on roll) or none yet. */
	if (strcmp(s, "D") == 0 || (owner_action == 'O' &&
	    m->state == BG_GAME_PLAYING)) {
		if (m->dice[0] != 0)
			return -1;
		m->state = BG_GAME_PLAYING;
		m->doubled = 1;
		m->on_roll = colour;
		m->turn = !colour;
		return 0;
	}
	if (strcmp(s, "P") == 0 || (owner_action == 'P' &&
	    m->state == BG_GAME_PLAYING))
		m->state = BG_GAME_DROPPED;
	if (strcmp(s, "IW") == 0 && m->dice[0] == 0)
		m->on_roll = m->turn = 1;	/* White rolls first */
	else
		m->on_roll = m->turn = !colour;
	return 0;
}

/*
 * Read the cube field, the owner, log2 of the value and the action.
 * Returns the action, or -1.
 */
static int
cube(bg_matchstate *m, const struct field *f)
{
	int lg;

	if (f->len < 3 || strchr("WBND?", f->s[0]) == NULL ||
	    f->s[0] == '\0' || strchr("NOTP", f->s[f->len - 1]) == NULL ||
	    f->s[f->len - 1] == '\0' ||
	    (lg = digits(f, 1, f->len - 1)) < 0 || lg > MAXCUBELOG)
		return -1;
	m->cube = 1 << lg;
	/* A dead cube ('D') or one not known ('?') is read as centred. */
	m->cube_owner = f->s[0] == 'W' ? 1 : f->s[0] == 'B' ? 0 : BG_CENTRED;
	return (unsigned char)f->s[f->len - 1];
}

/* Read field 9: a length, then 'C' (Crawford), 'L' or 'G' and a number. */
static int
length(bg_matchstate *m, const struct field *f)
{
	size_t i;

	if (f->len == 0)
		return 0;		/* money */
	for (i = 0; i < f->len && f->s[i] >= '0' && f->s[i] <= '9'; i++)
		;
	if ((m->length = digits(f, 0, i)) < 0)
		return -1;
	if (i == f->len)
		return 0;
	if (strchr("CLG", f->s[i]) == NULL || f->s[i] == '\0' ||
	    (i + 1 < f->len && digits(f, i + 1, f->len) < 0))
		return -1;
	m->crawford = f->s[i] == 'C' && m->length > 0;
	return 0;
}

int
bg_ogid_decode(bg_board *b, bg_matchstate *ms, const char *s, size_t len,
    bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);
	struct field f[MAXFIELD];
	bg_board nb;
	bg_matchstate m;
	int n, i, side, act, rc, count;

	if (vi == NULL)
		return -BG_EVARIANT;
	if (b == NULL || ms == NULL || s == NULL)
		return -BG_EINVAL;
	if (len >= PREFIXLEN && strncmp(s, PREFIX, PREFIXLEN) == 0) {
		s += PREFIXLEN;
		len -= PREFIXLEN;
	}
	if (memchr(s, '\0', len) != NULL || (n = split(f, s, len)) < 0)
		return -BG_EOGID;
	if (optional_int(f, n, F_CHECKERS, vi->checkers) != vi->checkers)
		return -BG_EOGID;	/* another variant's, or no number */

	memset(&nb, 0, sizeof nb);
	if ((rc = place(&nb, &f[F_WHITE], 1, vi->checkers)) < 0 ||
	    (rc = place(&nb, &f[F_BLACK], 0, vi->checkers)) < 0)
		return rc;
	for (i = 1; i <= 24; i++)
		if (nb.pt[1][i] && nb.pt[0][25 - i])
			return -BG_EOVERLAP;
	for (side = 0; side < 2; side++) {
		if ((count = bg_board_checkers(&nb, side)) > vi->checkers)
			return -BG_ECHECKERS;
		nb.pt[side][BG_OFF] = (unsigned char)(vi->checkers - count);
	}
	bg_matchstate_init(&m, 0);
	if ((act = cube(&m, &f[F_CUBE])) < 0)
		return -BG_EOGID;
	if (f[F_DICE].len != 0) {
		if (f[F_DICE].len != 2 || f[F_DICE].s[0] < '1' ||
		    f[F_DICE].s[0] > '6' || f[F_DICE].s[1] < '1' ||
		    f[F_DICE].s[1] > '6')
			return -BG_EOGID;
		m.dice[0] = f[F_DICE].s[0] - '0';
		m.dice[1] = f[F_DICE].s[1] - '0';
	}
	if (state(&m, f, n, act) < 0 ||
	    (m.score[1] = optional_int(f, n, F_SCORE1, 0)) < 0 ||
	    (m.score[0] = optional_int(f, n, F_SCORE0, 0)) < 0 ||
	    (n > F_LENGTH && length(&m, &f[F_LENGTH]) < 0) ||
	    optional_int(f, n, F_MOVE, 0) < 0)
		return -BG_EOGID;
	if (m.length > 0 && (m.score[0] > m.length || m.score[1] > m.length))
		return -BG_EOGID;
	if (!(vi->flags & BG_VF_CUBE))
		m.cube_max = 0;
	*b = nb;
	*ms = m;
	return 0;
}

/* Write the checkers of one colour, in absolute points from 0 up. */
static int
run(char *out, size_t size, const bg_board *b, int side)
{
	static const char ch[] = "0123456789abcdefghijklmnop";
	size_t k = 0;
	int p, i, own;

	for (p = 0; p <= 25; p++) {
		own = side == 1 ? 25 - p : p;
		if (own == BG_OFF)
			continue;
		for (i = 0; i < b->pt[side][own]; i++) {
			if (k + 1 >= size)
				return -BG_ECHECKERS;
			out[k++] = ch[p];
		}
	}
	out[k] = '\0';
	return 0;
}

int
bg_ogid_encode(char *buf, size_t size, const bg_board *b,
    const bg_matchstate *ms)
{
	char white[40], black[40], more[16] = "", out[256];
	const char *st;
	int i, lg, owner, colour, checkers, n;

	if (b == NULL || ms == NULL)
		return -BG_EINVAL;
	for (i = 1; i <= 24; i++)
		if (b->pt[1][i] && b->pt[0][25 - i])
			return -BG_EOVERLAP;
	if (run(white, sizeof white, b, 1) < 0 ||
	    run(black, sizeof black, b, 0) < 0)
		return -BG_ECHECKERS;
	checkers = bg_board_checkers(b, 1) + b->pt[1][BG_OFF];
	if (checkers != bg_board_checkers(b, 0) + b->pt[0][BG_OFF])
		return -BG_ECHECKERS;
	if (checkers != 15)
		snprintf(more, sizeof more, ":%d", checkers);

	for (lg = 0; lg <= MAXCUBELOG && ms->cube != 1 << lg; lg++)
		;
	if (lg > MAXCUBELOG)
		return -BG_EINVAL;
	if (ms->cube_owner == BG_CENTRED)
		owner = 'N';
	else if (ms->cube_owner == 0 || ms->cube_owner == 1)
		owner = ms->cube_owner == 1 ? 'W' : 'B';
	else
		return -BG_EINVAL;
	if ((ms->on_roll != 0 && ms->on_roll != 1) || ms->length < 0 ||
	    ms->score[0] < 0 || ms->score[1] < 0 ||
	    (ms->dice[0] != 0 && (ms->dice[0] < 1 || ms->dice[0] > 6 ||
	    ms->dice[1] < 1 || ms->dice[1] > 6)))
		return -BG_EINVAL;

	/* The colour names the side that acted: the doubler, else the
	 * side not on roll. */
	colour = ms->doubled ? ms->on_roll : !ms->on_roll;
	if (ms->doubled)
		st = "D";
	else if (ms->state == BG_GAME_OVER)
		st = "G";
	else if (ms->state == BG_GAME_RESIGNED)
		st = "RG";
	else if (ms->state == BG_GAME_DROPPED)
		st = "P";
	else
		st = ms->dice[0] != 0 ? "R" : "C";
	n = snprintf(out, sizeof out, "%s:%s:%c%d%c:", white, black, owner, lg,
	    ms->doubled ? 'O' : ms->state == BG_GAME_DROPPED ? 'P' : 'N');
	if (ms->dice[0] != 0 && !ms->doubled)
		n += snprintf(out + n, sizeof out - (size_t)n, "%d%d",
		    ms->dice[0], ms->dice[1]);
	n += snprintf(out + n, sizeof out - (size_t)n, ":%c:%s:%d:%d:%d%s:0%s",
	    colour ? 'W' : 'B', st, ms->score[1], ms->score[0], ms->length,
	    ms->length > 0 && ms->crawford ? "C" : "", more);
	if (n < 0 || (size_t)n >= sizeof out)
		return -BG_EINVAL;
	if (buf != NULL && (size_t)n < size)
		memcpy(buf, out, (size_t)n + 1);
	return n;
}

/* Append item to the list in buf, which reads "a, b and c" as it grows. */
static void
item(char *buf, size_t size, size_t *k, int *nitem, const char *s)
{
	const char *sep = *nitem == 0 ? "" : ", ";
	int n;

	n = snprintf(buf != NULL && *k < size ? buf + *k : NULL,
	    buf != NULL && *k < size ? size - *k : 0, "%s%s", sep, s);
	*k += (size_t)n;
	(*nitem)++;
}

int
bg_posfmt_lost(char *buf, size_t size, bg_posfmt f, const bg_matchstate *ms)
{
	size_t k = 0;
	int nitem = 0;

	if (ms == NULL)
		return -BG_EINVAL;
	if (buf != NULL && size > 0)
		buf[0] = '\0';
	if (f == BG_POS_OGID) {
		if (ms->length == 0 && ms->jacoby)
			item(buf, size, &k, &nitem, "the Jacoby rule");
		if (ms->length == 0 && ms->beaver)
			item(buf, size, &k, &nitem, "the beaver rule");
		if (ms->cube_max != DEFCUBEMAX)
			item(buf, size, &k, &nitem, ms->cube_max == 0 ?
			    "cubeless play" : "the cube limit");
	} else if (f == BG_POS_XGID) {
		if (ms->state == BG_GAME_OVER || ms->state == BG_GAME_DROPPED ||
		    ms->state == BG_GAME_RESIGNED)
			item(buf, size, &k, &nitem, "the end of the game");
	} else
		return 0;
	if (ms->resign)
		item(buf, size, &k, &nitem, "the resignation offered");
	return (int)k;
}
