/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * checkplay.c: an example of a program built on the installed libbgkit.
 * It checks one play against a position and a roll, the way bgmove(1)
 * does, and prints the play in gnubg's notation with the Position ID of
 * the result, or the rule the play breaks and a legal play.  Build it
 * with pkg-config:
 *
 *	cc $(pkg-config --cflags bgkit) -o checkplay checkplay.c \
 *	    $(pkg-config --libs bgkit)
 *	./checkplay start 31 8/5 6/5
 *
 * It includes bgkit.h only and uses the library through its public
 * names; `make check` builds and runs it against a staged install.
 */
#include <stdio.h>
#include <string.h>

#include <bgkit.h>

int
main(int argc, char *argv[])
{
	bg_board b;
	bg_matchstate ms;
	bg_variant v = BG_VARIANT_STANDARD;
	bg_notation n;
	bg_resolved r;
	char move[256], buf[128], pid[BG_POSID_LEN + 1];
	size_t col, len = 0;
	int d[2], i, rc;

	if (argc == 2 && strcmp(argv[1], "--version") == 0) {
		printf("checkplay (libbgkit %s)\n", bg_version());
		return 0;
	}
	if (argc < 4) {
		fputs("usage: checkplay position dice move ...\n", stderr);
		return 2;
	}
	/* The operands after the dice form one move: "8/5" "6/5". */
	move[0] = '\0';
	for (i = 3; i < argc; i++) {
		len += strlen(argv[i]) + 1;
		if (len >= sizeof move) {
			fputs("checkplay: move too long\n", stderr);
			return 2;
		}
		if (i > 3)
			strcat(move, " ");
		strcat(move, argv[i]);
	}

	if ((rc = bg_position_parse(&b, &ms, &v, argv[1],
	    strlen(argv[1]))) < 0) {
		fprintf(stderr, "checkplay: %s: %s\n", argv[1],
		    bg_strerror(rc));
		return 2;
	}
	if ((rc = bg_dice_parse(d, argv[2], strlen(argv[2]))) < 0) {
		fprintf(stderr, "checkplay: %s: %s\n", argv[2],
		    bg_strerror(rc));
		return 2;
	}
	if ((rc = bg_notation_parse(&n, move, strlen(move), &col)) < 0) {
		fprintf(stderr, "checkplay: %s: column %zu: %s\n", move,
		    col + 1, bg_strerror(rc));
		return 1;
	}
	if ((rc = bg_notation_resolve(&r, &n, &b, ms.on_roll, d, v)) < 0) {
		printf("illegal: %s", bg_strerror(rc));
		if (r.has_example && bg_play_format(buf, sizeof buf,
		    &r.example, BG_STYLE_GNUBG) < (int)sizeof buf)
			printf("; legal, for example: %s", buf);
		putchar('\n');
		return 1;
	}
	if (bg_play_format(buf, sizeof buf, &r.play, BG_STYLE_GNUBG) >=
	    (int)sizeof buf || bg_posid_encode(pid, sizeof pid, &r.after,
	    !ms.on_roll) < 0) {
		fputs("checkplay: output too long\n", stderr);
		return 2;
	}
	printf("%d%d: %s -> %s\n", d[0], d[1], buf, pid);
	for (i = 0; i < r.nwarn; i++)
		printf("warning: %s\n", bg_strerror(r.warn[i]));
	return 0;
}
