/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * matresult.c: an example of a program built on the installed libbgkit.
 * It reads a Jellyfish .mat transcript from the standard input with a
 * streaming reader, replays each game through the rules and prints one
 * line per game: who won, how many points, the running score, and how
 * many problems the reader and the replay found.  It shows the life of
 * the opaque objects: a reader and a replay made with _new, the match
 * and each game lent by the reader until the next call, both freed with
 * _free.  Build it with pkg-config:
 *
 *	cc $(pkg-config --cflags bgkit) -o matresult matresult.c \
 *	    $(pkg-config --libs bgkit)
 *	./matresult <match.mat
 */
#include <stdio.h>

#include <bgkit.h>

/* The reader's source of bytes: fread() on the FILE in ctx. */
static long
read_file(void *ctx, char *buf, size_t n)
{
	size_t got = fread(buf, 1, n, ctx);

	return got == 0 && ferror((FILE *)ctx) ? -1 : (long)got;
}

static const char *
name(const bg_match *m, int s)
{
	const char *p = bg_match_player(m, s);

	return p ? p : s ? "right" : "left";
}

int
main(void)
{
	static const char *const level[] = { "drop", "single", "gammon",
	    "backgammon" };
	bg_reader *r = bg_reader_new(read_file, stdin, "<stdin>");
	bg_replay *rp = bg_replay_new();
	const bg_match *m;
	const bg_game *g;
	const bg_result *res;
	size_t problems = 0;
	int rc = 0;

	if (r == NULL || rp == NULL) {
		fprintf(stderr, "matresult: %s\n", bg_strerror(BG_ENOMEM));
		return 2;
	}
	while ((rc = bg_reader_next_match(r, &m)) > 0) {
		problems += bg_reader_diag_count(r);
		if (bg_match_length(m) > 0)
			printf("%d-point match", bg_match_length(m));
		else
			printf("money session");
		printf(": %s - %s\n", name(m, 0), name(m, 1));
		bg_replay_match(rp, m);
		while ((rc = bg_reader_next_game(r, &g)) > 0) {
			bg_replay_game(rp, g);
			problems += bg_reader_diag_count(r) +
			    bg_replay_diag_count(rp);
			res = bg_replay_result(rp);
			printf("game %d: ", bg_game_number(g));
			if (res->winner < 0)
				printf("no result");
			else
				printf("%s wins %d point%s (%s)",
				    name(m, res->winner), res->points,
				    res->points == 1 ? "" : "s",
				    level[res->level]);
			printf(", score %d-%d\n", res->score[0],
			    res->score[1]);
		}
		bg_replay_end(rp);
		problems += bg_replay_diag_count(rp);
		if (rc < 0)
			break;
	}
	if (rc == 0)
		problems += bg_reader_diag_count(r);
	bg_replay_free(rp);
	bg_reader_free(r);
	if (rc < 0) {
		fprintf(stderr, "matresult: %s\n", bg_strerror(rc));
		return 2;
	}
	printf("%zu problem%s\n", problems, problems == 1 ? "" : "s");
	return problems > 0;
}
