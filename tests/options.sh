#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# options.sh: one meaning per option letter and long name in every tool
# (tests/options.py, against the table of bgkit(7)).  Run by
# tests/run.sh in the install suite; ends "options: N passed, N failed"
# (one skip without python3).
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: no python3 to read the tools' --help (Debian: python3)"
	echo "options: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
exec python3 "$(dirname "$0")/options.py"
