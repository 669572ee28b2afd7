/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bgconv.h: what bgconv.c shares with bgconv_gam.c, which writes each
 * game of an input to a .gam of its own.  Included by those two files
 * only, after bgkit.h and cli.h.
 */
#ifndef BGCONV_H
#define BGCONV_H

struct opts {
	bg_ruleset	 rules;		/* -r */
	bg_diagfilter	 filter;	/* -w */
	bg_format	 from, to;
	bg_style	 style;
	const char	*out, *dir;	/* -o, --directory */
	const char	*stylearg;	/* -s */
	int		 quiet, werror, force, verbose;
	int		 games;		/* how many games the last pass read */
	struct cli_output *output;	/* all inputs' output, but with
					   --directory */
	bg_writer	*w;		/* and its writer */
};

/*
 * Make a writer of -T's format, -s's style and -r's rules; NULL after
 * saying why it failed.
 */
bg_writer *writer(const struct opts *, bg_write_fn, void *);
/*
 * One reading of the input, written by w when it is not NULL, its
 * diagnostics on err; o->games the games it read.  0, 1 when it failed
 * (errors, or warnings with -W), 2 when the input or the output failed.
 */
int	pass(struct opts *, struct cli_input *, bg_writer *,
	    const struct cli_output *, FILE *);
/*
 * -T gam and an input of o->games games, checked (fail its status):
 * with --directory (dst DIR/NAME.gam) each game K to DIR/NAME.gK.gam;
 * without, nothing written and an error that names --directory (2).  0,
 * 1 or 2.
 */
int	gam_games(struct opts *, struct cli_input *, const char *, int);

#endif
