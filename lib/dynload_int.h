/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * dynload_int.h: a shared library's functions looked up when an input
 * first needs them (libarchive in source.c, zlib in fmt_xg.c) instead of
 * linked in: linked, each would be loaded by every program of the
 * library and count in its memory, for the few inputs that use it.
 */
#ifndef DYNLOAD_INT_H
#define DYNLOAD_INT_H

#include <dlfcn.h>
#include <stddef.h>

#ifndef RTLD_NODELETE
#define RTLD_NODELETE	0
#endif

/*
 * The flags a library is loaded with: resolved at once, kept loaded
 * when closed, and sharing no symbols with others.
 */
#define DL_FLAGS	(RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE)

/*
 * Set the function pointer at fp, of size n, to dl's symbol name: 0, or
 * -1 when there is no such symbol.
 */
int	dl_sym(void *dl, const char *name, void *fp, size_t n);

/*
 * The function pointer fp set to dl's function f, whose prototype the
 * header gives: the assignment in sizeof checks the pointer's type at
 * compile time and is never run.  The name is f's after macros (PCRE2's
 * pcre2_compile is pcre2_compile_8).
 */
#define DL_NAME(f)	#f
#define DL_SYM(dl, fp, f) \
	dl_sym((dl), DL_NAME(f), &(fp), sizeof (fp) + 0 * sizeof ((fp) = f))

#endif
