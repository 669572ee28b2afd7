/* SPDX-License-Identifier: BSD-2-Clause */
/*
 * ogid_int.h: the shape of an OGID, for the readers that must tell it
 * from other text (position.c, reader.c).  Private to lib/.
 */
#ifndef OGID_INT_H
#define OGID_INT_H

#include <stddef.h>

/*
 * Does s[0..len) start as an OGID: "OGID=" in any case, or two runs of
 * checker characters and a cube field such as "N0N"?
 */
int ogid_looks(const char *s, size_t len);

#endif
