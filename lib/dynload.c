/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dynload.c: a function of a library loaded with dlopen (dynload_int.h).
 */
#include <string.h>

#include "dynload_int.h"

int
dl_sym(void *dl, const char *name, void *fp, size_t n)
{
	void *v = dlsym(dl, name);

	if (v == NULL || n != sizeof v)
		return -1;
	memcpy(fp, &v, n);
	return 0;
}
