/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * analyse_int.h: what the two halves of the analysis by GNU Backgammon
 * share (bg_analyse_new(3)): analyse.c gathers the games of the inputs,
 * keeps the cache and puts each input's record together again;
 * analyse_run.c runs gnubg on the games, several at once, each with its
 * time limit.  Included by those two files only.
 */
#ifndef ANALYSE_INT_H
#define ANALYSE_INT_H

#include <sys/types.h>

/* One game: the one-game SGF gnubg is given, and what it gave back. */
struct an_game {
	int		 input;		/* index of its input */
	bg_analysed	 res;		/* status, line, why */
	char		 fp[65];	/* its fingerprint */
	char		 key[65];	/* SHA-256 of the settings, walk and in */
	char		*in;		/* our SGF of the game alone */
	size_t		 inlen;
	char		*out;		/* gnubg's, NULL until analysed */
	size_t		 outlen;
	pid_t		 pid;		/* the running gnubg, or 0 */
	double		 deadline;	/* when it is killed */
	char		 why[512];
};

struct an_input {
	char		*name;
	char		*sgf;		/* bgkit's SGF of the whole input */
	size_t		 len, cap;
	size_t		 first, n;	/* its games in the game array */
	char		*result;	/* the record with its analysis */
	size_t		 rlen;
	size_t		 left;		/* its games not ended yet */
};

struct bg_analyse {
	bg_analyse_opts	 o;
	char		*gnubg, *tmpdir, *cache;
	char		 settings[4096];	/* gnubg's commands before the game */
	char		*walk;		/* its commands at each move after the
					   analysis (a rollout), or NULL */
	struct an_input	*in;
	size_t		 nin, capin;
	struct an_game	*g;
	size_t		 ng, capg;
	bg_writer	*w;		/* the current input's SGF */
	bg_fingerprint	*fp;
	int		 werr;		/* the writer's memory failed */
	char		*scratch;	/* the run's directory */
	bg_ruleset	 rules;		/* the inputs' (gnubg's SGF too) */
	int		 has_rules;
	bg_analyse_ready_fn ready;	/* bg_analyse_set_hooks() */
	bg_analyse_stop_fn stop;
	void		*hctx;
};

/*
 * Run gnubg on every game of a whose status is BG_AN_PENDING, o.jobs at
 * a time, fn told as each ends; 0 or a negative code (the scratch
 * directory could not be made).
 */
int	an_run(bg_analyse *, bg_analyse_fn, void *);
/*
 * Whether text (len bytes) is gnubg's SGF of game g with its analysis:
 * 1, or 0 with the reason in why[size].
 */
int	an_check(const bg_analyse *, const struct an_game *, const char *,
	    size_t, char *, size_t);
/* Game i has ended: its input's record is put together when it is whole. */
void	an_ended(bg_analyse *, size_t);
/* The text of a whole file into *buf (to free); 0 or -1 (errno set). */
int	an_slurp(const char *, char **, size_t *);
/* Put a's cache entry of game g in place; failures are not fatal. */
void	an_cache_put(const bg_analyse *, const struct an_game *);

#endif
