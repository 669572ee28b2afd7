/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * matdump.c: print what the .mat reader (lib/fmt_mat.c) makes of a file,
 * one line per record, for tests/corpus_mat.sh and for eyeballing.  A
 * test driver, not an installed tool.
 *
 *	matdump [-m] [-t] [FILE ...]
 *
 * Default output, per match, game and record:
 *
 *	match 1 length 7 line 4 players Alice | Bob
 *	tag Site = Backgammon Studio
 *	comment text
 *	game 1 line 6 score 0 0 line 7 players Alice | Bob
 *	9:6 0 move 52 2 13/8 13/11
 *	diag 17:0 error unparseable_line game 1 move 0 side -1: junk
 *
 * a record line being line:col side kind dice moveno text, with
 * "[value]" after the kind for cube and result records, "+match" for
 * "and the match", "!code" for a record with a problem.  -t prints the
 * compact form that corpus_mat.sh compares with gnubg's truth: "G LINE
 * SIDE KIND MOVENO DICE" for moves, cube actions and results.  -m reads
 * the whole file into memory first (bg_reader_new_mem) instead of
 * streaming it.  Exit 0, 1 if any error diagnostic, 2 on a system
 * error.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "bgkit.h"

static const char *const kinds[] = {
	"move", "double", "take", "drop", "beaver", "raccoon", "win",
	"loss", "illegal", "setpos", "comment", "unparsed"
};

static int tmode, memmode, errors;

static long
file_read(void *ctx, char *buf, size_t n)
{
	FILE *fp = ctx;
	size_t k = fread(buf, 1, n, fp);

	if (k == 0 && ferror(fp))
		return -1;
	return (long)k;
}

static void
diags(const bg_reader *r)
{
	size_t i;

	for (i = 0; i < bg_reader_diag_count(r); i++) {
		const bg_diag *d = bg_reader_diag(r, i);
		const char *sev = d->severity == BG_SEV_WARNING ? "warning" :
		    "error";

		if (d->severity != BG_SEV_WARNING)
			errors = 1;
		printf("diag %d:%d %s %s game %d move %d side %d", d->line,
		    d->col, sev, bg_code_name(d->code), d->game, d->move,
		    d->side);
		if (d->dice[0])
			printf(" dice %d%d", d->dice[0], d->dice[1]);
		printf(": %s\n", d->detail);
	}
}

static void
record(const bg_game *g, const bg_record *rec)
{
	int n = bg_game_number(g);

	if (tmode) {
		switch (rec->kind) {
		case BG_REC_MOVE:
			printf("%d %d %d move %d %d%d\n", n, rec->line,
			    rec->side, rec->moveno, rec->dice[0],
			    rec->dice[1]);
			break;
		case BG_REC_DOUBLE:
		case BG_REC_TAKE:
		case BG_REC_DROP:
			printf("%d %d %d %s %d\n", n, rec->line, rec->side,
			    kinds[rec->kind], rec->moveno);
			break;
		case BG_REC_WIN:
			printf("%d win %d %d\n", n, rec->side, rec->value);
			break;
		default:
			printf("%d %d %d %s\n", n, rec->line, rec->side,
			    kinds[rec->kind]);
			break;
		}
		return;
	}
	printf("%d:%d %d %s", rec->line, rec->col, rec->side,
	    kinds[rec->kind]);
	if (rec->kind != BG_REC_MOVE && rec->value)
		printf("[%d]", rec->value);
	if (rec->flags & BG_RF_MATCH)
		printf("+match");
	if (rec->code)
		printf("!%s", bg_code_name(rec->code));
	if (rec->dice[0])
		printf(" %d%d", rec->dice[0], rec->dice[1]);
	else
		printf(" -");
	printf(" %d %s\n", rec->moveno, rec->text);
}

static int
dump(bg_reader *r)
{
	const bg_match *m;
	const bg_game *g;
	size_t i;
	int rc, nm = 0;

	while ((rc = bg_reader_next_match(r, &m)) > 0) {
		if (!tmode) {
			printf("match %d length %d line %d players %s | %s\n",
			    ++nm, bg_match_length(m), bg_match_line(m),
			    bg_match_player(m, 0) ? bg_match_player(m, 0) :
			    "-", bg_match_player(m, 1) ?
			    bg_match_player(m, 1) : "-");
			for (i = 0; i < bg_match_tag_count(m); i++)
				printf("tag %s = %s\n", bg_match_tag_key(m, i),
				    bg_match_tag_value(m, i));
			for (i = 0; i < bg_match_comment_count(m); i++)
				printf("comment %s\n", bg_match_comment(m, i));
		}
		diags(r);
		while ((rc = bg_reader_next_game(r, &g)) > 0) {
			if (!tmode) {
				printf("game %d line %d score %d %d line %d "
				    "players %s | %s", bg_game_number(g),
				    bg_game_line(g), bg_game_score(g, 0),
				    bg_game_score(g, 1), bg_game_score_line(g),
				    bg_game_player(g, 0) ?
				    bg_game_player(g, 0) : "-",
				    bg_game_player(g, 1) ?
				    bg_game_player(g, 1) : "-");
				if (bg_game_rating(g, 0) || bg_game_rating(g, 1))
					printf(" ratings %s | %s",
					    bg_game_rating(g, 0) ?
					    bg_game_rating(g, 0) : "-",
					    bg_game_rating(g, 1) ?
					    bg_game_rating(g, 1) : "-");
				printf("\n");
			}
			for (i = 0; i < bg_game_record_count(g); i++)
				record(g, bg_game_record(g, i));
			diags(r);
		}
		if (rc < 0)
			break;
		diags(r);
	}
	if (rc == 0)
		diags(r);
	return rc;
}

static int
one(const char *path)
{
	FILE *fp = stdin;
	bg_reader *r;
	char *buf = NULL;
	size_t len = 0, cap = 0, k;
	int rc;

	if (path != NULL && (fp = fopen(path, "rb")) == NULL) {
		perror(path);
		return 2;
	}
	if (memmode) {
		for (;;) {
			if (len == cap) {
				char *nb = realloc(buf, cap = cap ? cap * 2 : 65536);

				if (nb == NULL)
					return 2;
				buf = nb;
			}
			if ((k = fread(buf + len, 1, cap - len, fp)) == 0)
				break;
			len += k;
		}
		r = bg_reader_new_mem(buf, len, path ? path : "<stdin>");
	} else
		r = bg_reader_new(file_read, fp, path ? path : "<stdin>");
	if (r == NULL) {
		fprintf(stderr, "matdump: out of memory\n");
		return 2;
	}
	rc = dump(r);
	bg_reader_free(r);
	free(buf);
	if (fp != stdin)
		fclose(fp);
	if (rc < 0) {
		fprintf(stderr, "matdump: %s: %s\n", path ? path : "<stdin>",
		    bg_strerror(rc));
		return 2;
	}
	return 0;
}

int
main(int argc, char **argv)
{
	int c, rc = 0;

	while ((c = getopt(argc, argv, "mt")) != -1) {
		switch (c) {
		case 'm':
			memmode = 1;
			break;
		case 't':
			tmode = 1;
			break;
		default:
			fprintf(stderr, "usage: matdump [-mt] [FILE ...]\n");
			return 2;
		}
	}
	argc -= optind;
	argv += optind;
	if (argc == 0)
		rc = one(NULL);
	for (; argc > 0; argc--, argv++) {
		int k = one(argv[0]);

		if (k > rc)
			rc = k;
	}
	if (fflush(stdout) != 0)
		return 2;
	return rc ? rc : errors;
}
