#!/bin/sh
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

	# Each game's end: the XGID, and the board as gnubg draws it.
	games=$(jq '.games | length' "$t")
	g=1
	while [ $g -le "$games" ]; do
		check "$f game $g final XGID" \
		    "$("$bgshow" -g $g -T xgid "$f")" \
		    "$(jq -r ".games[$((g - 1))].final_xgid" "$t")"
		jq -r ".games[$((g - 1))].final_diagram_gnubg[2:15][]" "$t" |
		    cut -c1-47 | sed 's/ *$//' >"$tmp/want"
		"$bgshow" -g $g "$f" | sed -n '4,16p' | cut -c1-47 |
		    sed 's/ *$//' >"$tmp/got"
		if cmp -s "$tmp/want" "$tmp/got"; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: $f game $g: the board differs from gnubg's"
			diff "$tmp/want" "$tmp/got" | head -4
		fi
		g=$((g + 1))
	done
done

# gnubg's matches under other rules (Nackgammon, Hypergammon, Jacoby,
# beavers, automatic doubles, no Crawford): after every action written in
# the record, its kind, side and the Position ID gnubg showed.
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
while IFS='	' read -r id xgid pid; do
	x=$("$bgshow" -p "$xgid" -T xgid)
	gid=$("$bgshow" -p "$xgid" -T gnubgid)
	gid2=$("$bgshow" -p "$gid" -T gnubgid)
	fibs=$("$bgshow" -p "$xgid" -T fibs)
	x2=$("$bgshow" -p "$fibs" -T xgid)
	fibs2=$("$bgshow" -p "$fibs" -T fibs)
	og=$("$bgshow" -p "$xgid" -T ogid)
	x3=$("$bgshow" -p "$og" -T xgid)
	og2=$("$bgshow" -p "$og" -T ogid)
	check "$id xgid" "$x" "$xgid"
	check "$id posid" "${gid%%:*}" "$pid"
	check "$id gnubgid" "$gid2" "$gid"
	check "$id fibs to xgid" "$x2" "$xgid"
	check "$id fibs" "$fibs2" "$fibs"
	check "$id ogid to xgid" "$x3" "$xgid"
	check "$id ogid" "$og2" "$og"
done <"$tmp/cases"

echo "corpus_show: $pass passed, $fail failed"
[ $fail = 0 ]
