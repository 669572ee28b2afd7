#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_stats.sh: bgscore --statistics against gnubg's own statistics
# of the 12 matches of tests/corpus/analysed, made by
# tests/gnubg_analyse.sh from gnubg 1.07's "show statistics match", then
# "show statistics game" of each game.  For each match, bgscore
# --statistics -T json reads gnubg's analysed SGF and
# tests/stats_check.py compares every figure of every table (the match's
# and each game's, each player) with the number gnubg printed, to its
# digits:
#   - with mNNNN.reload.stats, gnubg's statistics of the same SGF loaded
#     (the numbers bgscore reads), every figure equal;
#   - with mNNNN.stats, those gnubg printed as it analysed the match
#     (from its unrounded numbers), a figure one unit off in its last
#     digit where the SGF's rounding cannot say, the luck based FIBS
#     rating difference as far as that moves it (stats_check.py says
#     why; the match length is the SGF's MI[length:N]).
# One check per match, both comparisons; the figures are its generated
# checks.  Ends "corpus_stats: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
A=$corpus/analysed
export LC_ALL=C
pass=0 fail=0

if [ ! -d "$A" ]; then
	echo "FAIL: $A not found (set BGKIT_CORPUS)"
	echo "corpus_stats: 0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-stats.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
for f in "$A"/m*.sgf.gz; do
	m=$(basename "$f" .sgf.gz)
	if "$top/bin/bgscore" --statistics -T json "$f" >"$tmp/$m.json" \
	    2>"$tmp/$m.err" && [ ! -s "$tmp/$m.err" ] &&
	    python3 "$top/tests/stats_check.py" --exact "$m" \
	    "$A/$m.reload.stats" "$tmp/$m.json" >"$tmp/$m.out" &&
	    python3 "$top/tests/stats_check.py" "$m" "$A/$m.stats" \
	    "$tmp/$m.json" "$(gzip -dc "$f" |
	    sed -n 's/.*MI\[length:\([0-9]*\)\].*/\1/p' | sed 1q)" \
	    >>"$tmp/$m.out"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $m: bgscore --statistics differs from gnubg's"
		grep -v '^NEAR' "$tmp/$m.out" "$tmp/$m.err" 2>/dev/null |
		    head -20
	fi
done
echo "corpus_stats: $pass passed, $fail failed"
[ "$fail" = 0 ]
