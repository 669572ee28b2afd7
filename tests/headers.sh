#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# headers.sh: the opening comment of every file of lib/ and tools/ held
# to the file (tests/headers.py: its name, the files, pages and
# functions it names, and the files a header says include it).  Run by tests/run.sh in the lint suite; ends
# "headers: N passed, N failed" (one skip without python3).
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: no python3 to read the headers (Debian: python3)"
	echo "headers: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
exec python3 "$(dirname "$0")/headers.py"
