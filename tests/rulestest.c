/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * rulestest.c: a script-driven test of the rules engine in the manner of
 * pcre2test.  It reads a script of directives and moves and writes an
 * annotated copy: every input line, and after each move the verdict.
 * The golden file is that annotated copy (tests/rules/NAME.out).
 *
 *	# comment            copied
 *	position POS         an XGID, PID, PID:MID or start word
 *	variant NAME         standard, nackgammon, hyper1..3, tavla
 *	dice 64              the roll for the moves that follow
 *	list                 every legal play, with their count
 *	MOVE                 anything else: a play to check
 *
 * Verdict lines: "  = PLAY" (legal, in gnubg style), "  ~ NAME" for each
 * warning, "  ! NAME: TEXT[ at P][; e.g. PLAY]" for an illegal play.
 *
 * rulestest -g SCRIPT prints instead, for each list in a variant gnubg
 * plays (all but tavla), what gnubg's list can be held to: "list LINE
 * POSID DICE: N plays", the Position ID before with the player on roll,
 * then a line "  POSID" a play, the position after it with the mover
 * still on roll, in byte order (tests/gnubg_rules.sh asks gnubg for the
 * same; tests/run.sh compares the two).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

static bg_board board;
static bg_matchstate ms;
static bg_variant variant;
static int dice[2], haveboard, havedice, gnubg;
static long lineno;

static void
put_play(const bg_play *p)
{
	char buf[128];

	bg_play_format(buf, sizeof buf, p, BG_STYLE_GNUBG);
	fputs(*buf ? buf : "(no play)", stdout);
}

static int
by_bytes(const void *a, const void *b)
{
	return strcmp(a, b);
}

/* The list as positions after each play, for gnubg's (-g). */
static void
list_after(bg_movelist *ml, int n)
{
	char (*id)[32], before[32];
	bg_board after;
	bg_play p;
	int i;

	if (variant == BG_VARIANT_TAVLA)
		return;
	bg_posid_encode(before, sizeof before, &board, ms.on_roll);
	printf("list %ld %s %d%d: %d plays\n", lineno, before, dice[0],
	    dice[1], n);
	if (n <= 0 || (id = calloc((size_t)n, sizeof *id)) == NULL)
		return;
	for (i = 0; i < n; i++) {
		after = board;
		p = bg_movelist_get(ml, (size_t)i)->play;
		bg_play_apply(&after, ms.on_roll, &p);
		bg_posid_encode(id[i], sizeof id[i], &after, ms.on_roll);
	}
	qsort(id, (size_t)n, sizeof *id, by_bytes);
	for (i = 0; i < n; i++)
		printf("  %s\n", id[i]);
	free(id);
}

static void
do_list(void)
{
	bg_movelist *ml = bg_movelist_new();
	size_t i;
	int n;

	n = bg_rules_legal(ml, &board, ms.on_roll, dice, variant);
	if (gnubg) {
		list_after(ml, n);
		bg_movelist_free(ml);
		return;
	}
	if (n < 0)
		printf("  ! %s\n", bg_code_name(n));
	else
		printf("  = %d plays\n", n);
	for (i = 0; n > 0 && i < bg_movelist_count(ml); i++) {
		fputs("    ", stdout);
		put_play(&bg_movelist_get(ml, i)->play);
		putchar('\n');
	}
	bg_movelist_free(ml);
}

static void
do_move(const char *s)
{
	bg_notation n;
	bg_resolved r;
	size_t pos;
	int i, rc;

	if ((rc = bg_notation_parse(&n, s, strlen(s), &pos)) < 0) {
		printf("  ! %s at column %zu: %s\n", bg_code_name(rc),
		    pos + 1, bg_strerror(rc));
		return;
	}
	if (!haveboard || !havedice) {
		printf("  ! script error: no position or dice yet\n");
		return;
	}
	rc = bg_notation_resolve(&r, &n, &board, ms.on_roll, dice, variant);
	for (i = 0; i < r.nwarn; i++)
		printf("  ~ %s\n", bg_code_name(r.warn[i]));
	if (rc == 0) {
		fputs("  = ", stdout);
		put_play(&r.play);
		putchar('\n');
		return;
	}
	printf("  ! %s: %s", bg_code_name(rc), bg_strerror(rc));
	if (r.point >= 0)
		printf(" at %d", r.point);
	for (i = 0; i < r.ncand; i++) {
		fputs(i ? " or " : ": ", stdout);
		put_play(&r.cand[i]);
	}
	if (r.has_example) {
		fputs("; e.g. ", stdout);
		put_play(&r.example);
	}
	putchar('\n');
}

int
main(int argc, char *argv[])
{
	FILE *fp;
	char *line = NULL, *s;
	size_t cap = 0, len;
	int rc;

	gnubg = argc == 3 && strcmp(argv[1], "-g") == 0;
	if (argc != 2 + gnubg || (fp = fopen(argv[1 + gnubg], "r")) == NULL) {
		fprintf(stderr, "usage: rulestest [-g] script\n");
		return 2;
	}
	variant = BG_VARIANT_STANDARD;
	while (getline(&line, &cap, fp) != -1) {
		lineno++;
		len = strcspn(line, "\r\n");
		line[len] = '\0';
		if (!gnubg)
			puts(line);
		if (*line == '#' || *line == '\0')
			continue;
		if (strncmp(line, "position ", 9) == 0) {
			s = line + 9;
			rc = bg_position_parse(&board, &ms, &variant, s,
			    strlen(s));
			haveboard = rc == 0;
			havedice = ms.dice[0] != 0;
			dice[0] = ms.dice[0];
			dice[1] = ms.dice[1];
			if (rc < 0)
				printf("  ! %s\n", bg_code_name(rc));
		} else if (strncmp(line, "variant ", 8) == 0) {
			if (bg_variant_parse(&variant, line + 8) < 0)
				printf("  ! %s\n", bg_code_name(BG_EVARIANT));
		} else if (strncmp(line, "dice ", 5) == 0) {
			s = line + 5;
			havedice = bg_dice_parse(dice, s, strlen(s)) == 0;
			if (!havedice)
				printf("  ! %s\n", bg_code_name(BG_EDICESYNTAX));
		} else if (strcmp(line, "list") == 0) {
			if (haveboard && havedice)
				do_list();
			else
				printf("  ! script error: no position or dice\n");
		} else if (!gnubg)
			do_move(line);
	}
	free(line);
	fclose(fp);
	return ferror(stdout) ? 2 : 0;
}
