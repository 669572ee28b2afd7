/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgconv_gam.c: bgconv -T gam on an input of several games.  A .gam
 * holds one game, so with --directory each game goes to a file of its
 * own, DIR/NAME.gK.gam for game K (counted over the input), each put in
 * place whole (cli_output.c) and each read anew from the input with a
 * writer that writes that game alone (bg_writer_set_game); the
 * messages are the first reading's (the input's, and what the first
 * game's .gam cannot hold), not said again for each game.  Without
 * --directory nothing is written, and the error (a usage error: status
 * 2, so that -F writes no empty file) names --directory.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bgkit.h"
#include "cli.h"
#include "bgconv.h"

/*
 * Make "DIR/NAME.gK.gam" from dst, "DIR/NAME.gam", in memory the caller
 * frees; NULL after saying why it failed.
 */
static char *
game_name(const char *dst, int k)
{
	size_t n = strlen(dst) - strlen(".gam");
	char *s;

	if ((s = malloc(n + 32)) == NULL) {
		cli_warnx("%s", bg_strerror(BG_ENOMEM));
		return NULL;
	}
	snprintf(s, n + 32, "%.*s.g%d.gam", (int)n, dst, k);
	return s;
}

int
gam_games(struct opts *o, struct cli_input *in, const char *dst, int fail)
{
	struct cli_output out;
	struct cli_hold h;
	bg_writer *w;
	char *name;
	int k, r, rc = 0, games = o->games;

	if (dst == NULL) {
		cli_warnx("%s: not written: %d games, and a .gam holds one "
		    "(give --directory DIR to write each to "
		    "DIR/NAME.gK.gam)",
		    in->label, games);
		return 2;
	}
	for (k = 1; k <= games; k++) {
		if (cli_input_rewind(in) != 0 ||
		    (name = game_name(dst, k)) == NULL)
			return 2;
		if (cli_output_open(&out, name) != 0) {
			free(name);
			return 2;
		}
		if ((w = writer(o, cli_output_write, &out)) == NULL)
			r = 2;
		else if (k > 1 && cli_hold(&h) == NULL)
			r = 2;
		else {
			bg_writer_set_game(w, k);
			r = pass(o, in, w, &out, k == 1 ? stderr : h.fp);
			if (k > 1 && cli_release(&h, r == 2) < 0)
				r = 2;
		}
		bg_writer_free(w);
		/* out refers to its file by name until it is closed. */
		r = cli_output_close(&out, r < 2, r);
		free(name);
		if (r > rc)
			rc = r;
		if (rc == 2)
			break;
	}
	return rc < 2 && fail ? 1 : rc;
}
