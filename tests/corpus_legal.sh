#!/bin/sh
# corpus_legal.sh: bgmove against gnubg's own legal-play lists
# (tests/corpus/gnubg/legal/legal_moves.json).  For every case:
#  1. `bgmove -p PID -d DICE -l -T json` gives exactly the set of the
#     case's position_id_after;
#  2. every legal play typed back as plain steps ("25/20 24/21") prints
#     exactly the case's gnubg move string.
# Each case counts once per check.  Ends "corpus_legal: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
json=$corpus/gnubg/legal/legal_moves.json
bgmove=$top/bin/bgmove
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0

if [ ! -f "$json" ]; then
	echo "FAIL: $json not found (set BGKIT_CORPUS)"
	echo "corpus_legal: 0 passed, 1 failed"
	exit 1
fi

# One line per case: id pid dice, then the sorted ids after.
jq -r '.cases[] | [.id, .position_id, (.dice | map(tostring) | join("")),
    ([.legal_moves[].position_id_after] | sort | join(" "))] | @tsv' \
    "$json" >"$tmp/cases"
# One line per legal play: id, the play as plain steps, gnubg's string.
jq -r '.cases[] | .id as $id | .legal_moves[] | [$id,
    (.tuples | map("\(.[0])/\(.[1])") | join(" ")), .move] | @tsv' \
    "$json" >"$tmp/plays"

tab=$(printf '\t')
while IFS="$tab" read -r id pid dice want; do
	got=$("$bgmove" -p "$pid" -d "$dice" -l -T json |
	    jq -r .position_id | sort | tr '\n' ' ' | sed 's/ $//')
	if [ "$got" = "$want" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $id $pid $dice: listed set differs"
		echo "  want: $want"
		echo "  got:  $got"
	fi
	grep "^$id$tab" "$tmp/plays" >"$tmp/case" || true
	[ -s "$tmp/case" ] || continue
	cut -f2 "$tmp/case" >"$tmp/typed"
	cut -f3 "$tmp/case" >"$tmp/want"
	"$bgmove" -p "$pid" -d "$dice" <"$tmp/typed" >"$tmp/got" 2>"$tmp/err"
	if cmp -s "$tmp/want" "$tmp/got"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $id $pid $dice: typed-back plays print differently"
		paste "$tmp/typed" "$tmp/want" "$tmp/got" | awk -F"$tab" \
		    '$2 != $3' | head -5
		head -3 "$tmp/err"
	fi
done <"$tmp/cases"
echo "corpus_legal: $pass passed, $fail failed"
[ $fail = 0 ]
