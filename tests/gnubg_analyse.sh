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
#                     "show statistics game" after a line "=== game N"
# The files are gzipped without names or times (gzip -9n).  Run it by
# hand when the corpus changes (sh tests/gnubg_analyse.sh); the outputs
# are committed, and reviewed like any truth: they are gnubg's, not ours.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
[ -x "$gnubg" ] || { echo "gnubg_analyse: install gnubg" >&2; exit 2; }
src=$top/tests/corpus/gnubg/matches
dst=$top/tests/corpus/analysed
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-analyse.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$dst"
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
		echo "show statistics match"
		echo "first game"
		g=1
		while [ $g -le "$n" ]; do
			echo "show statistics game"
			[ $g -lt "$n" ] && echo "next game"
			g=$((g + 1))
		done
	} >"$tmp/cmds"
	"$gnubg" -t -q -c "$tmp/cmds" >"$tmp/out" 2>"$tmp/err" </dev/null
	# The statistics: each table starts at its "Player" line and ends
	# before the next blank-line pair; the first is the match's.
	awk -v n="$n" '
	/^Player  / { k++; if (k > 1) printf "=== game %d\n", k - 1; on = 1 }
	on { print }
	/^Cube errors rating loss/ { on = 0 }' "$tmp/out" >"$dst/$m.stats"
	gzip -9n <"$tmp/$m.sgf" >"$dst/$m.sgf.gz"
	g=1
	for t in "$tmp/$m.txt" $(ls "$tmp/$m"_*.txt 2>/dev/null | sort); do
		echo "=== game $g"
		cat "$t"
		g=$((g + 1))
	done | gzip -9n >"$dst/$m.txt.gz"
	echo "$m: $n games"
done
