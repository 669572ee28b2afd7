#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# fakegnubg.sh PATH BODY: writes at PATH a program that stands for GNU
# Backgammon in bganalyse's fault and resume tests (fixtures/bganalyse):
# it answers --version as gnubg 1.07 does, and runs the shell text BODY
# for anything else (a game to analyse: "-t -q -c CMDFILE" in the
# scratch directory).  BODY may use:
#   $game     the file of the game it is asked to load (CMDFILE's line
#             "load match FILE"), and $out, the file it is asked to save
#             ("save match FILE");
#   analyse   write $out as the real gnubg would in form: the game as
#             given, each play's node with an analysis property A
#             listing the play made alone, at made-up figures.  The
#             figures are not gnubg's (tests/corpus_analyse.sh holds the
#             real gnubg to its own analysis); they are what any run
#             gives the same game, so that two runs can be compared.
# The child's environment is bganalyse's (HOME, locale, PATH only), so
# a fake that logs its runs names its log file in BODY.
set -eu
{
	cat <<'EOS'
#!/bin/sh
if [ "$1" = --version ]; then
	echo "GNU Backgammon 1.07.001 20230103"
	exit 0
fi
game=$(sed -n "s/^load match //p" "$4" 2>/dev/null)
out=$(sed -n "s/^save match //p" "$4" 2>/dev/null)
analyse() {
	sed 's/^\(;[BW]\[[1-6][1-6]\)\([a-y]*\)\]/&A[0][\2 E ver 3 0.500000 0.100000 0.010000 0.100000 0.010000 0.000000 0C 0 1 0.000000 1]/' "$game" >"$out"
}
EOS
	printf '%s\n' "$2"
} >"$1"
chmod +x "$1"
