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
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"

static bg_board board;
static bg_matchstate ms;
static bg_variant variant;
static int dice[2], haveboard, havedice;

static void
put_play(const bg_play *p)
{
	char buf[128];

	bg_play_format(buf, sizeof buf, p, BG_STYLE_GNUBG);
	fputs(*buf ? buf : "(no play)", stdout);
}

static void
do_list(void)
{
	bg_movelist *ml = bg_movelist_new();
	size_t i;
	int n;

	n = bg_rules_legal(ml, &board, ms.on_roll, dice, variant);
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

	if (argc != 2 || (fp = fopen(argv[1], "r")) == NULL) {
		fprintf(stderr, "usage: rulestest script\n");
		return 2;
	}
	variant = BG_VARIANT_STANDARD;
	while (getline(&line, &cap, fp) != -1) {
		len = strcspn(line, "\r\n");
		line[len] = '\0';
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
		} else
			do_move(line);
	}
	free(line);
	fclose(fp);
	return ferror(stdout) ? 2 : 0;
}
