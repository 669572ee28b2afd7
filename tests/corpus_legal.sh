#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_legal.sh: bgmove against gnubg's own legal-play lists
# (tests/corpus/gnubg/legal/legal_moves.json).  For every case:
#  1. `bgmove -p PID -d DICE -a -T json` gives exactly the set of the
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
# Each case's typed plays and the moves gnubg prints for them, in files
# of their own (one awk for all the cases; the plays of a case are
# together).
mkdir "$tmp/c"
awk -F "$tab" -v d="$tmp/c" '$1 != id { if (id != "") { close(t); close(w) }
    id = $1; t = d "/" id ".typed"; w = d "/" id ".want" }
    { print $2 >t; print $3 >w }' "$tmp/plays"

# 1. Every case's listed plays, one bgmove a case, their Position IDs
# after gathered by one sed and sort: "id pid", then compared by awk.
while IFS="$tab" read -r id pid dice want; do
	"$bgmove" -p "$pid" -d "$dice" -a -T json | sed "s/^/$id /"
done <"$tmp/cases" |
    sed -n 's/^\([^ ]*\) .*"position_id":"\([^"]*\)".*/\1 \2/p' |
    sort -k1,1 -k2,2 >"$tmp/listed"
awk 'NR == FNR { if ($1 in got) got[$1] = got[$1] " " $2
    else got[$1] = $2; next }
    { if (got[$1] == $4) print "ok"; else print "FAIL: " $1 " " $2 " " \
    $3 ": listed set differs\n  want: " $4 "\n  got:  " got[$1] }' \
    FS=' ' "$tmp/listed" FS="$tab" "$tmp/cases" >"$tmp/res"
grep -v '^ok$' "$tmp/res"
n=$(grep -c '^ok$' "$tmp/res")
pass=$((pass + n))
fail=$((fail + $(grep -c '^FAIL' "$tmp/res")))

# 2. Every legal play typed back, one bgmove a case.
while IFS="$tab" read -r id pid dice want; do
	[ -s "$tmp/c/$id.typed" ] || continue
	"$bgmove" -p "$pid" -d "$dice" <"$tmp/c/$id.typed" >"$tmp/got" \
	    2>"$tmp/err"
	if cmp -s "$tmp/c/$id.want" "$tmp/got"; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $id $pid $dice: typed-back plays print differently"
		paste "$tmp/c/$id.typed" "$tmp/c/$id.want" "$tmp/got" |
		    awk -F"$tab" '$2 != $3' | head -5
		head -3 "$tmp/err"
	fi
done <"$tmp/cases"
echo "corpus_legal: $pass passed, $fail failed"
[ $fail = 0 ]
