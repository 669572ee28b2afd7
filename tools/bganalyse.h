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
	int		 rollout_set;	/* an option that goes with --rollout */
	int		 status;	/* the status of reading the inputs */
	int		 wrote;		/* the worst status of the files */
	bg_analyse	*a;
	char		**dst;		/* --directory: each input's file */
	/* The cache made for --directory without --cache, or NULL. */
	char		*dircache;
	/* When the run started, and the seconds before the progress line
	 * (BGKIT_PROGRESS). */
	double		 t0, wait;
	/* tty is set when a progress line may be drawn (stderr is a terminal
	 * and -e is not given); drawn is set while one shows. */
	int		 tty, drawn;
};

double	seconds(void);
/* Return the gnubg program: BGKIT_GNUBG, else gnubg on PATH, else
 * Debian's. */
const char *find_gnubg(void);
/* Check that gnubg is there and is GNU Backgammon.  Return 0, or 2
 * after saying what is wrong. */
int	have_gnubg(const bg_analyse_opts *);
/* Read the inputs, run gnubg on their games and write the outputs.
 * Return the exit status. */
int	run(struct opts *, int, char **, int (*)(void *, const char *));
/* Draw the progress line on a terminal (a bg_analyse_fn; ctx is the
 * opts). */
void	progress(void *, size_t, size_t);
/* Tell each game gnubg did not analyse, and with -v the counts.  Return
 * 1 when there was such a game, else 0. */
int	report(const struct opts *);
/* For --directory, name each input's output file and check that no
 * file is written twice.  Return 0, or 2 after saying what is wrong. */
int	outnames(struct opts *);
/* A bg_analyse_ready_fn: it writes input i's file for --directory as
 * soon as the input is ready. */
void	ready(void *, size_t);
/* Write every input's record with its analysis.  Return 0 or 2. */
int	output(struct opts *);
/* Remove the cache that --directory without --cache made (only when
 * whole is set: the run went through), and free the names. */
void	out_done(struct opts *, int);

#endif
