/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * fibs.c: the FIBS "board:" line (CLIP rawboard, bg_fibs_parse(3)),
 * read and written.  The line is kept as its 53 fields in a
 * bg_fibs, so that a line read is written back byte for byte; the
 * position and match state are converted to and from those fields
 * separately.  The player the line is written for ("you", field 1) is
 * side 1, the bottom player; the opponent is side 0.  Part of libbgkit;
 * callers use the bg_fibs_* functions of bgkit.h.
 */
#include <stdio.h>
#include <string.h>

#include "bgkit.h"

#define PREFIX		"board"
#define MAXNUM		99999
#define MONEY		9999	/* FIBS's match length for unlimited play */

/* Field numbers. */
enum {
	F_PLAYER = 1, F_OPPONENT, F_LENGTH, F_SCORE, F_OSCORE,
	F_BOARD,			/* 26 fields: positions 0..25 */
	F_TURN = 32, F_DICE = 33, F_ODICE = 35, F_CUBE = 37,
	F_MAYDOUBLE, F_OMAYDOUBLE, F_DOUBLED, F_COLOUR, F_DIRECTION,
	F_HOME, F_BAR, F_OFF, F_OOFF, F_ONBAR, F_OONBAR, F_CANMOVE,
	F_FORCED, F_DIDCRAWFORD, F_REDOUBLES
};

/*
 * Read a decimal number as FIBS writes it: no sign but '-', and no
 * leading 0.
 */
static int
fibs_int(int *out, const char *s, size_t len)
{
	size_t i = 0;
	long v = 0;

	if (len > 0 && s[0] == '-')
		i = 1;
	if (i == len || (s[i] == '0' && len > i + 1) ||
	    (i == 1 && s[1] == '0'))
		return -1;
	for (; i < len; i++) {
		if (s[i] < '0' || s[i] > '9')
			return -1;
		v = v * 10 + (s[i] - '0');
		if (v > MAXNUM)
			return -1;
	}
	*out = (int)(s[0] == '-' ? -v : v);
	return 0;
}

/*
 * Whether a field can hold the name: a short one, with no ':' and no
 * control character.
 */
static int
goodname(const char *s, size_t len)
{
	size_t i;

	if (len > BG_FIBS_NAMEMAX)
		return 0;
	for (i = 0; i < len; i++)
		if ((unsigned char)s[i] < 0x20 || s[i] == 0x7f || s[i] == ':')
			return 0;
	return 1;
}

static int
name(char *out, const char *s, size_t len)
{
	if (!goodname(s, len))
		return -1;
	memcpy(out, s, len);
	out[len] = '\0';
	return 0;
}

int
bg_fibs_parse(bg_fibs *f, const char *s, size_t len)
{
	bg_fibs nf;
	size_t i, start = 0;
	int n = 0;

	if (f == NULL || s == NULL)
		return -BG_EINVAL;
	memset(&nf, 0, sizeof nf);
	for (i = 0; i <= len; i++) {
		if (i < len && s[i] != ':')
			continue;
		if (n == BG_FIBS_FIELDS)
			return -BG_EFIBS;
		if (n == 0) {
			if (i != sizeof PREFIX - 1 ||
			    memcmp(s, PREFIX, i) != 0)
				return -BG_EFIBS;
		} else if (n == F_PLAYER || n == F_OPPONENT) {
			if (name(n == F_PLAYER ? nf.player : nf.opponent,
			    s + start, i - start) < 0)
				return -BG_EFIBS;
		} else if (fibs_int(&nf.field[n], s + start, i - start) < 0)
			return -BG_EFIBS;
		n++;
		start = i + 1;
	}
	if (n != BG_FIBS_FIELDS)
		return -BG_EFIBS;
	*f = nf;
	return 0;
}

int
bg_fibs_format(char *buf, size_t size, const bg_fibs *f)
{
	char out[BG_FIBS_FIELDS * 8 + 2 * BG_FIBS_NAMEMAX + 16];
	size_t n;
	int i;

	if (f == NULL || !goodname(f->player, strnlen(f->player,
	    sizeof f->player)) || !goodname(f->opponent,
	    strnlen(f->opponent, sizeof f->opponent)))
		return -BG_EINVAL;	/* a name the line cannot hold */
	n = (size_t)snprintf(out, sizeof out, "%s:%s:%s", PREFIX, f->player,
	    f->opponent);
	for (i = F_LENGTH; i < BG_FIBS_FIELDS; i++) {
		if (f->field[i] < -MAXNUM || f->field[i] > MAXNUM)
			return -BG_EINVAL;
		n += (size_t)snprintf(out + n, sizeof out - n, ":%d",
		    f->field[i]);
	}
	if (buf != NULL && n < size)
		memcpy(buf, out, n + 1);
	return (int)n;
}

static int
cubelog(int cube)
{
	int n;

	for (n = 0; n <= 15; n++)
		if (cube == 1 << n)
			return n;
	return -1;
}

int
bg_fibs_to_position(bg_board *b, bg_matchstate *ms, const bg_fibs *f,
    bg_variant v)
{
	const bg_variant_info *vi = bg_variant_get(v);
	const int *fd;
	bg_board nb;
	bg_matchstate m;
	int c, dir, pos, p, n, s, at, doubler, may1, may0;

	if (vi == NULL)
		return -BG_EVARIANT;
	if (b == NULL || ms == NULL || f == NULL)
		return -BG_EINVAL;
	fd = f->field;
	c = fd[F_COLOUR];
	dir = fd[F_DIRECTION];
	if ((c != 1 && c != -1) || (dir != 1 && dir != -1))
		return -BG_EFIBS;

	/*
	 * Moving from 24 to 1 (direction -1), the player's point p is
	 * position p and its bar position 25; the other way round it is
	 * position 25 - p and its bar 0.  The opponent is the mirror.
	 */
	memset(&nb, 0, sizeof nb);
	for (pos = 0; pos <= 25; pos++) {
		n = fd[F_BOARD + pos] * c;	/* above 0 for the player's */
		if (n == 0)
			continue;
		s = n > 0 ? 1 : 0;
		p = (dir == -1) == (s == 1) ? pos : 25 - pos;
		if (n < 0)
			n = -n;
		if (n > vi->checkers || (p == 0 && n > 0) ||
		    (pos == 0 || pos == 25) != (p == 25))
			return -BG_EFIBS;
		nb.pt[s][p] = (unsigned char)n;
	}
	for (s = 0; s < 2; s++) {
		n = bg_board_checkers(&nb, s);
		if (n > vi->checkers)
			return -BG_ECHECKERS;
		nb.pt[s][BG_OFF] = (unsigned char)(vi->checkers - n);
	}

	bg_matchstate_init(&m, fd[F_LENGTH] == MONEY ? 0 : fd[F_LENGTH]);
	if (m.length < 0 || fd[F_SCORE] < 0 || fd[F_OSCORE] < 0 ||
	    (m.length > 0 && (fd[F_SCORE] > m.length ||
	    fd[F_OSCORE] > m.length)))
		return -BG_EFIBS;
	m.score[1] = fd[F_SCORE];
	m.score[0] = fd[F_OSCORE];
	if (fd[F_TURN] == 0) {
		m.state = BG_GAME_OVER;
		m.on_roll = m.turn = 1;
	} else if (fd[F_TURN] == c || fd[F_TURN] == -c)
		m.on_roll = m.turn = fd[F_TURN] == c;
	else
		return -BG_EFIBS;
	/*
	 * The dice are in the pair of the side on roll (gnubg writes them
	 * in both).
	 */
	at = m.on_roll == 1 ? F_DICE : F_ODICE;
	if (fd[at] == 0 && fd[at + 1] == 0)
		at = at == F_DICE ? F_ODICE : F_DICE;
	m.dice[0] = fd[at];
	m.dice[1] = fd[at + 1];
	if (m.dice[0] < 0 || m.dice[0] > 6 || m.dice[1] < 0 ||
	    m.dice[1] > 6 || (m.dice[0] == 0) != (m.dice[1] == 0))
		return -BG_EFIBS;
	if (cubelog(fd[F_CUBE]) < 0)
		return -BG_EFIBS;
	m.cube = fd[F_CUBE];

	/*
	 * Who may double gives the cube's owner.  Neither may double while
	 * a double is pending (the sign of "was doubled" says who doubled:
	 * 1 the opponent, as FIBS writes it, -1 the player) or in the
	 * Crawford game.
	 */
	may1 = fd[F_MAYDOUBLE];
	may0 = fd[F_OMAYDOUBLE];
	if ((may1 != 0 && may1 != 1) || (may0 != 0 && may0 != 1) ||
	    fd[F_DOUBLED] < -1 || fd[F_DOUBLED] > 1)
		return -BG_EFIBS;
	if (fd[F_DOUBLED] != 0) {
		doubler = fd[F_DOUBLED] == 1 ? 0 : 1;
		m.doubled = 1;
		m.on_roll = doubler;
		m.turn = !doubler;
		m.cube_owner = m.cube == 1 ? BG_CENTRED : doubler;
	} else if (may1 && may0)
		m.cube_owner = BG_CENTRED;
	else if (may1 || may0)
		m.cube_owner = may1 ? 1 : 0;
	else if (m.cube == 1 && m.length > 0 && m.state == BG_GAME_PLAYING)
		m.crawford = 1;
	else if (m.cube != 1)
		return -BG_EFIBS;	/* no owner can be told */
	else
		m.cube_owner = BG_CENTRED;
	if (m.crawford && m.score[0] != m.length - 1 &&
	    m.score[1] != m.length - 1)
		return -BG_EFIBS;
	*b = nb;
	*ms = m;
	return 0;
}

/*
 * A name as a field: ':' and control characters become '_', the length
 * is cut to BG_FIBS_NAMEMAX bytes at a character boundary.
 */
static void
putname(char *out, const char *s, const char *dflt)
{
	size_t i, n;

	if (s == NULL || *s == '\0')
		s = dflt;
	n = strlen(s);
	if (n > BG_FIBS_NAMEMAX) {
		n = BG_FIBS_NAMEMAX;
		while (n > 0 && ((unsigned char)s[n] & 0xc0) == 0x80)
			n--;
	}
	for (i = 0; i < n; i++)
		out[i] = s[i] == ':' || (unsigned char)s[i] < 0x20 ||
		    s[i] == 0x7f ? '_' : s[i];
	out[n] = '\0';
}

/* The number of dice side s can play with its roll, or a negative code. */
static int
canmove(const bg_board *b, int s, const int d[2], bg_variant v)
{
	bg_movelist *ml = bg_movelist_new();
	int n, most = 0;
	size_t i;

	if (ml == NULL)
		return -BG_ENOMEM;
	n = bg_rules_legal(ml, b, s, d, v);
	for (i = 0; n > 0 && i < bg_movelist_count(ml); i++)
		if (bg_movelist_get(ml, i)->play.n > most)
			most = bg_movelist_get(ml, i)->play.n;
	bg_movelist_free(ml);
	return n < 0 ? n : most;
}

int
bg_fibs_from_position(bg_fibs *f, const bg_board *b,
    const bg_matchstate *ms, bg_variant v, const char *name0,
    const char *name1)
{
	bg_fibs nf;
	int *fd = nf.field, pos, s, playing, rc, may[2];

	if (f == NULL || b == NULL || ms == NULL)
		return -BG_EINVAL;
	if ((rc = bg_board_check(b, v)) < 0)
		return rc;
	if (cubelog(ms->cube) < 0 || (ms->on_roll != 0 && ms->on_roll != 1) ||
	    ms->length < 0 || ms->length > MAXNUM || ms->score[0] < 0 ||
	    ms->score[1] < 0 || ms->score[0] > MAXNUM ||
	    ms->score[1] > MAXNUM || ms->dice[0] < 0 || ms->dice[0] > 6 ||
	    ms->dice[1] < 0 || ms->dice[1] > 6)
		return -BG_EINVAL;
	memset(&nf, 0, sizeof nf);
	putname(nf.player, name1, "You");
	putname(nf.opponent, name0, "Opponent");
	fd[F_LENGTH] = ms->length > 0 ? ms->length : MONEY;
	fd[F_SCORE] = ms->score[1];
	fd[F_OSCORE] = ms->score[0];

	/*
	 * Write it as gnubg does: the player is O (positive counts), moving
	 * from 24 to 1.
	 */
	for (pos = 1; pos <= 24; pos++)
		fd[F_BOARD + pos] = b->pt[1][pos] - b->pt[0][25 - pos];
	fd[F_BOARD + 25] = b->pt[1][BG_BAR];
	fd[F_BOARD + 0] = -b->pt[0][BG_BAR];
	playing = ms->state == BG_GAME_PLAYING;
	fd[F_TURN] = !playing ? 0 : ms->on_roll == 1 ? 1 : -1;
	s = ms->on_roll == 1 ? F_DICE : F_ODICE;
	fd[s] = ms->dice[0];
	fd[s + 1] = ms->dice[1];
	fd[F_CUBE] = ms->cube;
	for (s = 0; s < 2; s++)
		may[s] = !ms->doubled && !ms->crawford &&
		    ms->cube_max > 0 &&
		    (ms->cube_owner == BG_CENTRED || ms->cube_owner == s);
	fd[F_MAYDOUBLE] = may[1];
	fd[F_OMAYDOUBLE] = may[0];
	fd[F_DOUBLED] = !ms->doubled ? 0 : ms->on_roll == 0 ? 1 : -1;
	fd[F_COLOUR] = 1;
	fd[F_DIRECTION] = -1;
	fd[F_HOME] = 0;
	fd[F_BAR] = 25;
	fd[F_OFF] = b->pt[1][BG_OFF];
	fd[F_OOFF] = b->pt[0][BG_OFF];
	fd[F_ONBAR] = b->pt[1][BG_BAR];
	fd[F_OONBAR] = b->pt[0][BG_BAR];
	if (playing && ms->on_roll == 1 && ms->dice[0] > 0 && !ms->doubled) {
		if ((rc = canmove(b, 1, ms->dice, v)) < 0)
			return rc;
		fd[F_CANMOVE] = rc;
	}
	fd[F_DIDCRAWFORD] = ms->length > 0 && !ms->crawford &&
	    (ms->score[0] == ms->length - 1 || ms->score[1] == ms->length - 1);
	*f = nf;
	return 0;
}
