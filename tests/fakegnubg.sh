#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# fakegnubg.sh PATH BODY: writes at PATH a program that stands for GNU
# Backgammon in bganalyse's fault tests (fixtures/bganalyse/faults): it
# answers --version as gnubg 1.07 does, and runs the shell text BODY
# for anything else (a game to analyse).
set -eu
{
	echo '#!/bin/sh'
	echo 'if [ "$1" = --version ]; then'
	echo '	echo "GNU Backgammon 1.07.001 20230103"'
	echo '	exit 0'
	echo 'fi'
	printf '%s\n' "$2"
} >"$1"
chmod +x "$1"
