/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bganalyse.h: what bganalyse.c (options, inputs) shares with
 * bganalyse_out.c (progress, report, outputs).  Included by those two
 * files only, after bgkit.h and cli.h.
 */
#ifndef BGANALYSE_H
#define BGANALYSE_H

struct opts {
	bg_analyse_opts	 an;
	bg_ruleset	 rules;
	bg_format	 from, to;
	const char	*out, *dir;
	int		 quiet, verbose, recurse, cube_set;
	int		 status;	/* of the inputs' reading */
	bg_analyse	*a;
	double		 t0, wait;	/* the run's start; BGKIT_PROGRESS */
	int		 tty, drawn;	/* the progress line drawn */
};

double	seconds(void);
/* The progress line on a terminal (a bg_analyse_fn, ctx the opts). */
void	progress(void *, size_t, size_t);
/* Each game gnubg did not analyse, and with -v the counts: 0 or 1. */
int	report(const struct opts *);
/* Every input's record with its analysis written: 0 or 2. */
int	output(struct opts *);

#endif
