/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * regex_int.h: PCRE2's functions, loaded when a reader or a selection
 * first needs a pattern (dynload_int.h).  The .mat reader's fast path
 * reads the lines most files hold without one, and linked in, PCRE2
 * would count in the memory of every program for them.  The names are
 * PCRE2's without "pcre2_" (and without the code unit width: 8 bits).
 */
#ifndef REGEX_INT_H
#define REGEX_INT_H

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

struct rx {
	void		 *dl;
	pcre2_code	*(*compile)(PCRE2_SPTR, PCRE2_SIZE, uint32_t, int *,
			    PCRE2_SIZE *, pcre2_compile_context *);
	int		 (*match)(const pcre2_code *, PCRE2_SPTR, PCRE2_SIZE,
			    PCRE2_SIZE, uint32_t, pcre2_match_data *,
			    pcre2_match_context *);
	void		 (*code_free)(pcre2_code *);
	pcre2_match_data *(*match_data_create)(uint32_t,
			    pcre2_general_context *);
	void		 (*match_data_free)(pcre2_match_data *);
	pcre2_match_context *(*match_context_create)(pcre2_general_context *);
	void		 (*match_context_free)(pcre2_match_context *);
	int		 (*set_match_limit)(pcre2_match_context *, uint32_t);
	int		 (*set_depth_limit)(pcre2_match_context *, uint32_t);
	PCRE2_SIZE	*(*get_ovector_pointer)(pcre2_match_data *);
	uint32_t	 (*get_ovector_count)(pcre2_match_data *);
	int		 (*get_error_message)(int, PCRE2_UCHAR *, PCRE2_SIZE);
};

/*
 * Load PCRE2 into *x, unless it is already: 0, or -1 (it cannot be
 * loaded: out of memory, or the library is missing).
 */
int	rx_load(struct rx *);
/* Let go of it (nothing when it was never loaded). */
void	rx_unload(struct rx *);

#endif
