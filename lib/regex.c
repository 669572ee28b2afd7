/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * regex.c: PCRE2 loaded on first use (regex_int.h).
 */
#include <stdint.h>
#include <string.h>

#include "dynload_int.h"
#include "regex_int.h"

#define LIBPCRE2 "libpcre2-8.so.0"

/* Look up PCRE2's pcre2_f (its 8-bit name, pcre2_f_8) into x->f. */
#define RX(f)	DL_SYM(x->dl, x->f, pcre2_ ## f)

int
rx_load(struct rx *x)
{
	if (x->dl != NULL)
		return 0;
	if ((x->dl = dlopen(LIBPCRE2, DL_FLAGS)) == NULL)
		return -1;
	if (RX(compile) || RX(match) || RX(code_free) ||
	    RX(match_data_create) || RX(match_data_free) ||
	    RX(match_context_create) || RX(match_context_free) ||
	    RX(set_match_limit) || RX(set_depth_limit) ||
	    RX(get_ovector_pointer) || RX(get_ovector_count) ||
	    RX(get_error_message)) {
		rx_unload(x);
		return -1;
	}
	return 0;
}

void
rx_unload(struct rx *x)
{
	if (x->dl != NULL)
		dlclose(x->dl);
	memset(x, 0, sizeof *x);
}
