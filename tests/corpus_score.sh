#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_score.sh: bgscore against the truth of GNU Backgammon's own
# matches (tests/corpus/gnubg/truth): for every game the winner, the
# points, single/gammon/backgammon (a drop scores single, seed 002), the
# final cube, how it ended and the running score.  One check per game.
# Ends "corpus_score: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
dir=$corpus/gnubg
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

if [ ! -d "$dir" ]; then
	echo "FAIL: $dir not found (set BGKIT_CORPUS)"
	echo "corpus_score: 0 passed, 1 failed"
	exit 1
fi
for f in "$dir"/matches/*.mat; do
	t=$dir/truth/$(basename "$f" .mat).json
	jq -r '.games | to_entries[] | [.key + 1, .value.winner,
	    (.value.result_level // "single"), .value.points_won,
	    .value.cube_final, .value.ended_by,
	    (.value.score_after | map(tostring) | join("-"))] | @tsv' \
	    "$t" >"$tmp/want"
	"$top/bin/bgscore" -T json "$f" | jq -r 'select(.game) | [.game,
	    .winner, .win_type, .total_points, .final_cube_value, .ended_by,
	    (.score | map(tostring) | join("-"))] | @tsv' >"$tmp/got"
	n=$(wc -l <"$tmp/want")
	same=$(paste "$tmp/want" "$tmp/got" | awk -F'\t' \
	    '{ ok = 1; for (i = 1; i <= 7; i++) if ($i != $(i + 7)) ok = 0;
	       if (ok) n++ } END { print n + 0 }')
	pass=$((pass + same))
	if [ "$same" != "$n" ] || [ "$(wc -l <"$tmp/got")" != "$n" ]; then
		fail=$((fail + n - same + 1))
		echo "FAIL: $f"
		diff "$tmp/want" "$tmp/got" | head -6
	fi
done
echo "corpus_score: $pass passed, $fail failed"
[ $fail = 0 ]
