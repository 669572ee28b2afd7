#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_show.sh: bgshow against GNU Backgammon's own matches and IDs
# (tests/corpus/gnubg, and tests/corpus/gnubg-rules).
#  - every position of every match (bgshow -a -T json): the start is the
#    truth's start_position_id; after a move, action, side, dice, gnubg's
#    move text and position_id_after; after a cube action or a
#    resignation, the Position ID gnubg showed; one check per position;
#    the same (action, side, Position ID) for the matches played under
#    other rules;
#  - every game's final position: its XGID is the truth's final_xgid, and
#    the text diagram's board (points, bar, trays, labels, the roll
#    marker) is gnubg's own "show board" diagram, character for character;
#  - every legal-play case: its XGID comes back byte for byte through
#    -p XGID -T xgid; -T gnubgid gives the case's Position ID and comes
#    back itself through -p; XGID -> -T fibs -> -p FIBS -T xgid gives the
#    XGID again, and the FIBS line comes back itself through -p; so does
#    XGID -> -T ogid -> -p OGID -T xgid, and the OGID itself.
# Ends "corpus_show: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
dir=$corpus/gnubg
bgshow=$top/bin/bgshow
tmp=$(mktemp -d "${TMPDIR:-/tmp}/corpus_show.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
pass=0 fail=0

if [ ! -d "$dir" ]; then
	echo "FAIL: $dir not found (set BGKIT_CORPUS)"
	echo "corpus_show: 0 passed, 1 failed"
	exit 1
fi

# One check per line of want: the same line in got.  Says the first
# that differs.
compare() {
	r=$(awk -F '\n' 'NR == FNR { w[FNR] = $0; n = FNR; next }
	    { g[FNR] = $0; m = FNR }
	    END {
		if (m > n) n = m
		for (i = 1; i <= n; i++)
			if (w[i] == g[i]) same++
			else if (!bad) bad = i ": want " w[i] "\n     got  " g[i]
		print same + 0, n
		if (bad) print bad
	    }' "$2" "$3")
	set -- "$1" $(echo "$r" | head -n 1)
	pass=$((pass + $2))
	fail=$((fail + $3 - $2))
	if [ "$2" != "$3" ]; then
		echo "FAIL: $1: $(($3 - $2)) of $3 differ"
		echo "$r" | sed -n '2,3p'
	fi
}

check() {
	if [ -n "$2" ] && [ "$2" = "$3" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $1: got $2, want $3"
	fi
}

for f in "$dir"/matches/*.mat; do
	t=$dir/truth/$(basename "$f" .mat).json
	jq -r '.games[] | .game as $g |
	    ([$g, 0, "start", "", "", "", .start_position_id] | @tsv),
	    (.turns[] | [$g, .n, .action, .side,
		(if .action == "move" then (.dice | map(tostring) | join(""))
		 else "" end),
		(if .action == "move" then .move else "" end),
		(if .action == "move" then .position_id_after
		 else .gnubg_position_id end)] | @tsv)' "$t" >"$tmp/want"
	"$bgshow" -a -T json "$f" 2>"$tmp/err" | jq -r '[.game, .turn,
	    .action, (.side // ""), ((.dice // []) | map(tostring) | join("")),
	    (if .action == "move" then .move else "" end), .position_id] |
	    @tsv' >"$tmp/got"
	if [ -s "$tmp/err" ]; then
		echo "FAIL: $f: bgshow says:"
		head -3 "$tmp/err"
		fail=$((fail + 1))
	fi
	compare "$f positions" "$tmp/want" "$tmp/got"

	# Each game's end: the XGID, and the board as gnubg draws it.  The
	# truth's of every game from one jq: $tmp/G.xgid and $tmp/G.board.
	jq -r 'range(.games | length) as $i | .games[$i] |
	    "game \($i + 1) \(.final_xgid)", (.final_diagram_gnubg[2:15][])' \
	    "$t" | awk -v d="$tmp" '
	    /^game [0-9]+ / { if (b != "") close(b)
		x = d "/" $2 ".xgid"; b = d "/" $2 ".board"
		print $3 >x; close(x); printf "" >b; next }
	    { s = substr($0, 1, 47); sub(/ *$/, "", s); print s >b }'
	games=$(jq '.games | length' "$t")
	g=1
	while [ $g -le "$games" ]; do
		read -r want <"$tmp/$g.xgid" || want=""
		check "$f game $g final XGID" \
		    "$("$bgshow" -g $g -T xgid "$f")" "$want"
		"$bgshow" -g $g "$f" | awk 'NR >= 4 && NR <= 16 {
		    s = substr($0, 1, 47); sub(/ *$/, "", s); print s }' \
		    >"$tmp/got"
		if cmp -s "$tmp/$g.board" "$tmp/got"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: $f game $g: the board differs from gnubg's"
			diff "$tmp/$g.board" "$tmp/got" | head -4
		fi
		rm -f "$tmp/$g.xgid" "$tmp/$g.board"
		g=$((g + 1))
	done
done

rules=$corpus/gnubg-rules
for f in "$rules"/*/matches/*.mat; do
	[ -f "$f" ] || continue
	t=${f%/matches/*}/truth/$(basename "$f" .mat).json
	jq -r '.games[] | .game as $g | .turns[] |
	    select(.mat_line != null or .action == "resign") |
	    [$g, .action, .side, .gnubg_position_id] | @tsv' "$t" >"$tmp/want"
	"$bgshow" -a -T json "$f" 2>"$tmp/err" | jq -r 'select(.turn > 0) |
	    [.game, .action, .side, .position_id] | @tsv' >"$tmp/got"
	if [ -s "$tmp/err" ]; then
		echo "FAIL: $f: bgshow says:"
		head -3 "$tmp/err"
		fail=$((fail + 1))
	fi
	compare "$f positions" "$tmp/want" "$tmp/got"
done

# The legal-play cases: an XGID and gnubg's Position ID each; the XGID
# through a FIBS line and an OGID comes back the same.
jq -r '.cases[] | [.id, .xgid, .position_id] | @tsv' \
    "$dir/legal/legal_moves.json" >"$tmp/cases"
# Each conversion of every case by one bgshow on the list of all the
# cases' positions (bgkit-positions(5): one a line, shown in order).
cut -f 2 "$tmp/cases" >"$tmp/xgid"
conv() { "$bgshow" -T "$2" "$tmp/$1" >"$tmp/$3"; }
conv xgid xgid x
conv xgid gnubgid gid
conv gid gnubgid gid2
conv xgid fibs fibs
conv fibs xgid x2
conv fibs fibs fibs2
conv xgid ogid og
conv og xgid x3
conv og ogid og2
tab=$(printf '\t')
paste "$tmp/cases" "$tmp/x" "$tmp/gid" "$tmp/gid2" "$tmp/fibs" "$tmp/x2" \
    "$tmp/fibs2" "$tmp/og" "$tmp/x3" "$tmp/og2" >"$tmp/all"
while IFS="$tab" read -r id xgid pid x gid gid2 fibs x2 fibs2 og x3 og2; do
	check "$id xgid" "$x" "$xgid"
	check "$id posid" "${gid%%:*}" "$pid"
	check "$id gnubgid" "$gid2" "$gid"
	check "$id fibs to xgid" "$x2" "$xgid"
	check "$id fibs" "$fibs2" "$fibs"
	check "$id ogid to xgid" "$x3" "$xgid"
	check "$id ogid" "$og2" "$og"
done <"$tmp/all"
echo "corpus_show: $pass passed, $fail failed"
[ $fail = 0 ]
