/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * position.c: read a position however it is written: a start word
 * ("start", a variant name), an XGID, an OGID, a gnubg
 * "PositionID:MatchID" or a bare Position ID.  It only recognises the
 * form and hands the text to the decoders of posid.c, xgid.c and ogid.c.  Part of libbgkit; callers use
 * bg_position_parse() from bgkit.h.
 */
#include <string.h>
#include <strings.h>

#include "bgkit.h"
#include "chars_int.h"
#include "ogid_int.h"

#define WORDMAX		32
#define XGIDCOLONS	9
#define XGIDBOARD	26

/*
 * A start word: "start" is the start of the variant already in *v (so a
 * caller's variant choice holds), any variant name that of its variant.
 * 1 if s is one, else 0.
 */
static int
startword(bg_board *b, bg_matchstate *ms, bg_variant *v, const char *s,
    size_t len)
{
	char word[WORDMAX];
	const bg_variant_info *vi;
	bg_variant var;

	if (len >= sizeof word || memchr(s, '\0', len) != NULL)
		return 0;
	memcpy(word, s, len);
	word[len] = '\0';
	if (strcasecmp(word, "start") == 0)
		var = bg_variant_get(*v) != NULL ? *v : BG_VARIANT_STANDARD;
	else if (bg_variant_parse(&var, word) < 0)
		return 0;
	vi = bg_variant_get(var);
	bg_board_start(b, var);
	bg_matchstate_init(ms, 0);
	if (!(vi->flags & BG_VF_CUBE))
		ms->cube_max = 0;
	*v = var;
	return 1;
}

/*
 * When an OGID gives each side a number of checkers (its field 11)
 * other than variant *v has, set *v to the first variant that has that
 * many checkers (for three, Hypergammon).
 */
static void
ogid_variant(bg_variant *v, const char *s, size_t len)
{
	const bg_variant_info *vi = bg_variant_get(*v);
	size_t i;
	int colons = 0, n = 0, k;

	for (i = 0; i < len && colons < 10; i++)
		colons += s[i] == ':';
	if (colons < 10 || i == len || vi == NULL)
		return;
	for (; i < len && n <= 15; i++) {
		if (!isdig((unsigned char)s[i]))
			return;
		n = n * 10 + (s[i] - '0');
	}
	for (k = 0; n != vi->checkers && k < BG_VARIANT_COUNT; k++)
		if (bg_variant_get((bg_variant)k)->checkers == n) {
			*v = (bg_variant)k;
			return;
		}
}

static int
isxgid(const char *s, size_t len)
{
	size_t i, colons = 0, first = len;

	if (len >= 5 && strncasecmp(s, "XGID=", 5) == 0)
		return 1;
	for (i = 0; i < len; i++)
		if (s[i] == ':') {
			if (colons++ == 0)
				first = i;
		}
	return colons == XGIDCOLONS || (colons > 0 && first == XGIDBOARD);
}

int
bg_position_parse(bg_board *b, bg_matchstate *ms, bg_variant *v,
    const char *s, size_t len)
{
	bg_variant var = BG_VARIANT_STANDARD, ogv;
	bg_board nb;
	bg_matchstate m;
	const char *colon, *pid, *mid;
	int rc;

	if (b == NULL || ms == NULL || s == NULL)
		return -BG_EINVAL;
	if (v == NULL)
		v = &var;
	while (len > 0 && isspc((unsigned char)s[0])) {
		s++;
		len--;
	}
	while (len > 0 && isspc((unsigned char)s[len - 1]))
		len--;
	if (len == 0)
		return -BG_EPOSITION;

	if (startword(&nb, &m, v, s, len)) {
		*b = nb;
		*ms = m;
		return 0;
	}
	if (ogid_looks(s, len)) {
		/* bg_ogid_decode() takes only "OGID="; allow "ogid=". */
		if (s[4] == '=') {
			s += 5;
			len -= 5;
		}
		ogv = *v;
		ogid_variant(&ogv, s, len);
		if ((rc = bg_ogid_decode(&nb, &m, s, len, ogv)) < 0)
			return rc;
		*v = ogv;
	} else if (isxgid(s, len)) {
		/* bg_xgid_decode() takes only "XGID="; allow "xgid=". */
		if (len >= 5 && strncasecmp(s, "XGID=", 5) == 0) {
			s += 5;
			len -= 5;
		}
		if ((rc = bg_xgid_decode(&nb, &m, s, len, *v)) < 0)
			return rc;
	} else if ((colon = memchr(s, ':', len)) != NULL) {
		/* "PID:MID", or the other way round as gnubg also reads. */
		pid = s;
		mid = colon + 1;
		if ((size_t)(colon - s) == BG_MATCHID_LEN &&
		    len - BG_MATCHID_LEN - 1 == BG_POSID_LEN) {
			pid = colon + 1;
			mid = s;
		} else if ((size_t)(colon - s) != BG_POSID_LEN ||
		    len - BG_POSID_LEN - 1 != BG_MATCHID_LEN)
			return -BG_EPOSITION;
		if ((rc = bg_matchid_decode(&m, mid, BG_MATCHID_LEN)) < 0 ||
		    (rc = bg_posid_decode(&nb, pid, BG_POSID_LEN, m.on_roll,
		    *v)) < 0)
			return rc;
	} else if (len == BG_POSID_LEN) {
		if ((rc = bg_posid_decode(&nb, s, len, 1, *v)) < 0)
			return rc;
		bg_matchstate_init(&m, 0);
	} else
		return -BG_EPOSITION;
	*b = nb;
	*ms = m;
	return 0;
}
