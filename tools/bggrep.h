/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * bggrep.h: what bggrep.c and bggrep_opt.c (its options) share.  Not
 * installed.
 */
#ifndef BGGREP_H
#define BGGREP_H

struct opts {
	bg_select	*sel;
	bg_dupset	*dups;
	bg_decisions	*dec;		/* -d */
	bg_format	 from, to;	/* -f; -T for records */
	bg_outfmt	 out;		/* -T for -n, -d and -D */
	int		 mode;		/* 'c', 'd', 'l', 'n', 'F', 'D', 'q', 'X', 0 */
	int		 unique, recurse, found;
	const char	*split;		/* -s: a file per match, named so */
	int		 overwrite;	/* -O: -s replaces a file */
	int		 nsplit;	/* -s: the matches written */
	int		 status;	/* 2 once a -s file was not written */
};

/*
 * Parse the options into o; the index of the first operand, or -1 after
 * --help or --version (status in *rc), or -2 after saying what is wrong.
 */
int	bggrep_options(struct opts *, int, char *[], int *);

#endif
