#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_gnubg.sh: GNU Backgammon reads what bgconv writes.  For every
# match of tests/corpus/gnubg and gnubg-rules, every valid XG file of
# tests/xg and FIBS session log of fixtures/bgcheck/fibs (or, given
# files as operands, every one of them that bgcheck
# finds valid and that holds a game: tests/corpus_public.sh runs it so on
# the records of other writers), bgconv writes an SGF and a .mat; one
# gnubg run
# (tests/gnubg_match.py) loads each SGF and imports each .mat, and every
# game must come out as ours: the same result (winner, points, ended by
# resignation or not) and, move after move, the same side, roll and
# Position ID before the move as bgshow -a gives.  A roll made before a
# resignation is no move to gnubg, except that its .mat import makes
# the only legal play of it when there is one; a resignation whose
# points are capped at what the winner needed is worth what gnubg makes
# of them.
# gnubg's .mat import takes the Jacoby rule from its settings: the run
# sets it from the record's rules first.  Skipped when gnubg is not
# installed (the Debian package gnubg; .ci/run installs it).
# BGKIT_CORPUS names another copy of tests/corpus.
# Ends "corpus_gnubg: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
bin=$top/bin
export PATH="$PATH:/usr/games"
export LC_ALL=C
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if ! command -v gnubg >/dev/null 2>&1; then
	echo "SKIP: gnubg is not installed"
	echo "corpus_gnubg: 0 passed, 0 failed (gnubg not installed)"
	exit 0
fi
if [ ! -d "$corpus/gnubg" ]; then
	echo "FAIL: $corpus/gnubg not found (set BGKIT_CORPUS)"
	echo "corpus_gnubg: 0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-gnubg.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

inputs=$tmp/inputs
: >"$inputs"
if [ $# = 0 ]; then
	printf '%s\n' "$corpus"/gnubg/matches/*.mat \
	    "$corpus"/gnubg-rules/*/matches/*.mat >"$inputs"
	# FIBS session logs (the valid ones, as for operands below).
	set -- "$top"/fixtures/bgcheck/fibs/*.log \
	    "$top"/fixtures/bgcheck/fibs/*.txt
fi
for f in "$@"; do
	"$bin/bgcheck" -e "$f" >/dev/null 2>&1 &&
	    "$bin/bgconv" -e -T json "$f" 2>/dev/null |
	    grep -q '"type":"game"' && printf '%s\n' "$f" >>"$inputs"
done

# eXtreme Gammon's binary files, built from tests/xg (those bgcheck
# finds valid, position files aside): gnubg reads what bgconv makes of
# them as it reads the rest.
mkdir -p "$tmp/xg"
if command -v python3 >/dev/null 2>&1; then
	for d in "$top"/tests/xg/*.txt; do
		f=$tmp/xg/$(basename "$d" .txt).xg
		python3 "$top/tests/xgmake.py" "$d" >"$f" 2>/dev/null &&
		    "$bin/bgcheck" -e "$f" >/dev/null 2>&1 &&
		    "$bin/bgconv" -e -T json "$f" 2>/dev/null |
		    grep -q '"action":"move"' && printf '%s\n' "$f" >>"$inputs"
	done
fi

# Ours: per game its result, then its moves with the position before.
n=0
: >"$tmp/list"
while IFS= read -r f; do
	n=$((n + 1))
	"$bin/bgconv" -e -T sgf "$f" >"$tmp/$n.sgf" 2>/dev/null
	"$bin/bgconv" -e -T mat "$f" >"$tmp/$n.mat" 2>/dev/null
	"$bin/bgconv" -e -T json "$f" >"$tmp/$n.json"
	printf 'sgf %s\n' "$tmp/$n.sgf" >>"$tmp/list"
	# A .mat cannot hold automatic doubles: gnubg gets them from SGF.
	if "$bin/bgconv" -T mat "$f" 2>&1 >/dev/null |
	    grep 'cannot hold this' | grep -qv 'SGF properties'; then
		:
	else
		jacoby=$(jq -r 'select(.type == "match") |
		    if .rules.jacoby then "on" else "off" end' "$tmp/$n.json" |
		    head -n 1)
		printf 'mat %s jacoby=%s\n' "$tmp/$n.mat" "$jacoby" >>"$tmp/list"
	fi
	{
		jq -r 'select(.type == "result") | "\(.game)\t0\t" +
		    (if .winner == null then "game none" else "game \(.winner) " +
		    (if .ended_by == "resign" and .total_points %
		    .final_cube_value != 0 then "*" else "\(.total_points)"
		    end) + " " + (if .ended_by == "resign" then "resign" else
		    "end" end) end)' "$tmp/$n.json"
		# The moves after a set position in the middle of a game (a
		# FIBS log resumed from a board): gnubg gives their boards as
		# seen by the side it takes to be on roll at the setup node,
		# which the node does not say (with a PL, gnubg reads the
		# moves after it from the wrong side), so those Position IDs
		# are not compared; sides, rolls and results are.  Nor is
		# the board before the move that follows an illegal play (a
		# Snowie entry, a play XG marks illegal): the replay hands
		# no position for that entry, so bgshow -a has none to give.
		after=$(jq -s -c '[group_by(.game)[] | map(select(.type ==
		    "record")) | . as $r | range(1; length) | select(
		    $r[.].action == "move" and ($r[. - 1].action ==
		    "illegal" or ([$r[:.][] | .action] as $a |
		    ($a | index("move")) as $m | $m != null and
		    ($a[$m:] | index("setpos")) != null))) |
		    "\($r[.].game) \($r[.].turn)"]' "$tmp/$n.json")
		"$bin/bgshow" -a -T json "$f" | jq -s -r --argjson after \
		    "$after" 'group_by(.game)[] |
		    . as $g | range(1; length) | select($g[.].action ==
		    "move") | "\($g[.].game)\t1\t" + (if $g[.].move == null
		    then "?" else "" end) + "move \($g[.].side) " +
		    "\($g[.].dice[0])\($g[.].dice[1]) " + (if ($g[.] |
		    "\(.game) \(.turn)") as $k | $after | index($k) != null
		    then "*" else $g[. - 1].position_id end)'
	} | sort -s -t '	' -k1,1n -k2,2n | cut -f3 >"$tmp/$n.want"
	printf '%s\n' "$f" >"$tmp/$n.name"
done <"$inputs"

BGKIT_GNUBG_LIST=$tmp/list BGKIT_GNUBG_OUT=$tmp/gnubg.out \
    gnubg -t -q -p "$top/tests/gnubg_match.py" >"$tmp/gnubg.log" 2>&1
if [ ! -s "$tmp/gnubg.out" ]; then
	bad "gnubg wrote nothing: $(tail -n 3 "$tmp/gnubg.log")"
	echo "corpus_gnubg: $pass passed, $fail failed"
	exit 1
fi
# One file of gnubg's output per input it read.
awk -v dir="$tmp" '/^file / { f = $2 ".got"; next } { print > f }' \
    "$tmp/gnubg.out"

# Ours and gnubg's: a "*" of ours matches any word, a line of ours
# marked "?" may be missing.
same() {
	awk 'NR == FNR { want[FNR] = $0; n = FNR; next }
	    { got[FNR] = $0; m = FNR }
	    END {
		j = 1
		for (i = 1; i <= n; i++) {
			a = want[i]
			if (a ~ /^\?/) {
				if (j <= m && got[j] == substr(a, 2))
					j++
				continue
			}
			if (j > m)
				exit 1
			if (a != got[j]) {
				sub(/\*/, "[^ ]+", a)
				if (got[j] !~ "^" a "$")
					exit 1
			}
			j++
		}
		exit j <= m
	    }' "$1" "$2"
}

while IFS= read -r line; do
	kind=${line%% *}
	path=${line#* }
	path=${path%% *}
	i=$(basename "$path" ".$kind")
	name=$(cat "$tmp/$i.name")
	name=${name#"$corpus"/}
	if [ ! -f "$path.got" ]; then
		bad "$name: gnubg did not read our $kind"
	elif same "$tmp/$i.want" "$path.got"; then
		ok
	else
		bad "$name: gnubg reads our $kind otherwise:"
		diff "$tmp/$i.want" "$path.got" | head -5
	fi
done <"$tmp/list"

echo "corpus_gnubg: $pass passed, $fail failed"
[ $fail = 0 ]
