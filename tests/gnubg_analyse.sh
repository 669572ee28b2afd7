#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# gnubg_analyse.sh: makes tests/corpus/analysed, the truth for reading
# the engine's analysis: each match of tests/corpus/gnubg/matches
# imported into GNU Backgammon 1.07 (the Debian package gnubg), analysed
# at 0-ply for checker play and cube decisions (deterministic: no noise,
# no rollouts), then, from gnubg itself:
#   mNNNN.sgf.gz      the analysed match as gnubg saves it ("save match")
#   mNNNN.txt.gz      its plain-text export with the analysis ("export
#                     match text"; gnubg writes one file a game, joined
#                     here in game order, each after a line
#                     "=== game N")
#   mNNNN.stats       "show statistics match", then for each game
#                     "show statistics game" after a line "=== game N",
#                     in the session that analysed the match (gnubg's
#                     live figures, from its unrounded numbers)
#   mNNNN.reload.stats  the same statistics from a second gnubg that
#                     loaded mNNNN.sgf.gz ("load match"): gnubg's figures
#                     of the numbers the SGF keeps, rounded as written
# The files are gzipped without names or times (gzip -9n).  Run it by
# hand when the corpus changes (sh tests/gnubg_analyse.sh); with
# --reload it only makes the .reload.stats files again from the
# .sgf.gz files as they are.  The outputs are committed, and reviewed
# like any truth: they are gnubg's, not ours.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
[ -x "$gnubg" ] || { echo "gnubg_analyse: install gnubg" >&2; exit 2; }
reload=0
case ${1-} in
--reload) reload=1 ;;
'') ;;
*) echo "usage: gnubg_analyse.sh [--reload]" >&2; exit 2 ;;
esac
src=$top/tests/corpus/gnubg/matches
dst=$top/tests/corpus/analysed
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-analyse.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$dst"

# The commands that show the statistics of a match of $1 games: the
# match's, then each game's.
statcmds() {
	echo "show statistics match"
	echo "first game"
	g=1
	while [ $g -le "$1" ]; do
		echo "show statistics game"
		[ $g -lt "$1" ] && echo "next game"
		g=$((g + 1))
	done
}

# The statistics in gnubg's output $1, written to $2: each table starts
# at its "Player" line and ends with its last line; the first is the
# match's.
stats() {
	awk '
	/^Player  / { k++; if (k > 1) printf "=== game %d\n", k - 1; on = 1 }
	on { print }
	/^Cube errors rating loss/ { on = 0 }' "$1" >"$2"
}

# Make $dst/$1.reload.stats from $dst/$1.sgf.gz.
reload() {
	gzip -dc "$dst/$1.sgf.gz" >"$tmp/$1.sgf"
	n=$(grep -o '(;FF\[4\]' "$tmp/$1.sgf" | wc -l)
	{
		echo "load match $tmp/$1.sgf"
		statcmds "$n"
	} >"$tmp/cmds"
	"$gnubg" -t -q -c "$tmp/cmds" >"$tmp/out" 2>"$tmp/err" </dev/null
	stats "$tmp/out" "$dst/$1.reload.stats"
	echo "$1: $n games reloaded"
}

if [ "$reload" = 1 ]; then
	for sgf in "$dst"/m*.sgf.gz; do
		reload "$(basename "$sgf" .sgf.gz)"
	done
	exit 0
fi
for mat in "$src"/m*.mat; do
	m=$(basename "$mat" .mat)
	n=$(grep -c '^ Game ' "$mat")
	{
		echo "set analysis chequerplay evaluation plies 0"
		echo "set analysis cubedecision evaluation plies 0"
		echo "import mat $mat"
		echo "analyse match"
		echo "save match $tmp/$m.sgf"
		echo "export match text $tmp/$m.txt"
		statcmds "$n"
	} >"$tmp/cmds"
	"$gnubg" -t -q -c "$tmp/cmds" >"$tmp/out" 2>"$tmp/err" </dev/null
	stats "$tmp/out" "$dst/$m.stats"
	gzip -9n <"$tmp/$m.sgf" >"$dst/$m.sgf.gz"
	g=1
	for t in "$tmp/$m.txt" $(ls "$tmp/$m"_*.txt 2>/dev/null | sort); do
		echo "=== game $g"
		cat "$t"
		g=$((g + 1))
	done | gzip -9n >"$dst/$m.txt.gz"
	echo "$m: $n games"
	reload "$m"
done
