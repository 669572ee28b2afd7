#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_decisions.sh: the analysis columns of bggrep --decisions and
# its filters --error-play and --mark, on the matches of
# tests/corpus/analysed (gnubg 1.07's analysed SGF of 12 matches),
# against gnubg's own text export of each match (mNNNN.txt.gz), read by
# tests/decisions_check.py: the best play, the equities of the best
# play and of the one made, the error, the luck and the marks of every
# decision, and the decisions each filter keeps.  A case a match.
#
# Run from the top of the tree after `make`; BGKIT_CORPUS names another
# copy of tests/corpus.  Ends "corpus_decisions: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
A=$corpus/analysed
bin=$top/bin
export LC_ALL=C

[ -x "$bin/bggrep" ] || { echo "$0: build $bin/bggrep first" >&2; exit 2; }
if [ ! -d "$A" ]; then
	echo "FAIL: $A not found (set BGKIT_CORPUS)"
	echo "corpus_decisions: 0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-decisions.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

# One bggrep for all the matches, each way.
"$bin/bggrep" --decisions -T json "$A"/m*.sgf.gz >"$tmp/all" &&
"$bin/bggrep" --decisions -T json --error-play 0.1 "$A"/m*.sgf.gz \
    >"$tmp/err" &&
"$bin/bggrep" --decisions -T json --mark very_bad "$A"/m*.sgf.gz \
    >"$tmp/mark" || { echo "FAIL: bggrep --decisions failed"; }
python3 "$top/tests/decisions_check.py" "$tmp/all" "$tmp/err" "$tmp/mark" \
    "$A"/m*.txt.gz >"$tmp/out" 2>&1
grep -v '^ok ' "$tmp/out" | grep -v '^decisions_check: ' | head -40
pass=$(grep -c '^ok ' "$tmp/out")
fail=$(grep -c '^FAIL' "$tmp/out")
n=$(ls "$A"/m*.txt.gz | wc -l)
# A match the check did not reach (a crash) fails too.
[ $((pass + fail)) -eq "$n" ] || fail=$((n - pass))
echo "corpus_decisions: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
