/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bganalyse.h: what bganalyse.c (options, inputs) shares with
 * bganalyse_run.c (gnubg found, the run, signals) and bganalyse_out.c
 * (progress, report, outputs).  Included by those three files only,
 * after bgkit.h and cli.h.
 */
#ifndef BGANALYSE_H
#define BGANALYSE_H

struct opts {
	bg_analyse_opts	 an;
	bg_ruleset	 rules;
	bg_format	 from, to;
	const char	*out, *dir;
	int		 quiet, verbose, recurse, cube_set, plies_set;
	int		 status;	/* of the inputs' reading */
	int		 wrote;		/* the worst status of -d's files */
	bg_analyse	*a;
	char		**dst;		/* -d: each input's output file */
	char		*dircache;	/* -d without --cache: DIR/.bganalyse */
	double		 t0, wait;	/* the run's start; BGKIT_PROGRESS */
	int		 tty, drawn;	/* the progress line drawn */
};

double	seconds(void);
/* The gnubg program: BGKIT_GNUBG, else gnubg on PATH, else Debian's. */
const char *find_gnubg(void);
/* gnubg is there and is GNU Backgammon: 0, or 2 said. */
int	have_gnubg(const bg_analyse_opts *);
/* The inputs read, gnubg run on their games, the outputs: the status. */
int	run(struct opts *, int, char **, int (*)(void *, const char *));
/* The progress line on a terminal (a bg_analyse_fn, ctx the opts). */
void	progress(void *, size_t, size_t);
/* Each game gnubg did not analyse, and with -v the counts: 0 or 1. */
int	report(const struct opts *);
/* -d: each input's output file, none written twice: 0, or 2 said. */
int	outnames(struct opts *);
/* A bg_analyse_ready_fn: -d's file of input i written as it is ready. */
void	ready(void *, size_t);
/* Every input's record with its analysis written: 0 or 2. */
int	output(struct opts *);
/* The cache of -d without --cache removed, and the names freed. */
void	out_done(struct opts *, int);

#endif
