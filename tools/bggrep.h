/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bggrep.h: what bggrep.c and bggrep_opt.c (its options) share.  Not
 * installed.
 */
#ifndef BGGREP_H
#define BGGREP_H

/* The outputs with a long option only (cli.h's CLI_LONG). */
#define MODE_DECISIONS		(CLI_LONG + 'd')
#define MODE_FINGERPRINTS	(CLI_LONG + 'F')

struct opts {
	bg_select	*sel;
	bg_dupset	*dups;
	bg_decisions	*dec;		/* --decisions */
	bg_format	 from, to;	/* -f; -T for records */
	bg_outfmt	 out;		/* -T for -n, --decisions and -D */
	int		 mode;		/* the option of the output: 'c', 'l',
					   'n', 'D', 'q', 'X', MODE_*, 0 */
	int		 unique, recurse, found;
	const char	*split;		/* --split: a file per match */
	int		 overwrite;	/* -O: --split replaces a file */
	int		 nsplit;	/* --split: the matches written */
	int		 status;	/* 2 once a --split file was not
					   written */
};

/*
 * Parse the options into o; the index of the first operand, or -1 after
 * --help or --version (status in *rc), or -2 after saying what is wrong.
 */
int	bggrep_options(struct opts *, int, char *[], int *);

#endif
