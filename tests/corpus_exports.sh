#!/bin/sh
# corpus_exports.sh: read gnubg's Snowie text exports, Jellyfish .pos
# files and text logs (tests/corpus/gnubg-export/exports) and compare
# what bgkit makes of them with what gnubg recorded (gnubg/truth,
# exports/positions.json).
#
#  - mNNNN.snowie.txt (a match) and mNNNN.gK.snowie.txt (game K alone):
#    every record's action, side, dice and Position ID after it, as
#    bgshow -a -T json gives them, equal the truth's records of that
#    match or game, in order, without a diagnostic; each game's winner
#    and points (bgscore -T json) equal the truth's; a match's Match IDs
#    equal those bgshow gives for its .mat.
#  - mNNNN.text.txt and mNNNN.text_00K.txt (gnubg's text log of game 1
#    and of game K): the same as a game's Snowie text, and its Match
#    IDs (score, cube, Crawford game) equal those of game K of the .mat.
#  - mNNNN.gK.mM.snowie.txt (one position): the Position ID and Match
#    ID bgshow -T json shows equal gnubg's.  mNNNN.gK.mM.pos: the same,
#    but in money play, where a .pos holds no session score, its XGID
#    is the Snowie twin's with the score 0-0.  The names read are the
#    match's, by side.  No diagnostic.
#
# Run from the top of the tree after `make`; BGKIT_CORPUS names another
# copy of tests/corpus.  Ends with "corpus_exports: N passed, N failed".

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${BGKIT_CORPUS:-$top/tests/corpus}
E=$CORPUS/gnubg-export/exports
T=$CORPUS/gnubg/truth
SHOW=$top/bin/bgshow
SCORE=$top/bin/bgscore

command -v jq >/dev/null 2>&1 || { echo "$0: jq is required" >&2; exit 2; }
[ -x "$SHOW" ] || { echo "$0: build $SHOW first" >&2; exit 2; }
[ -f "$E/positions.json" ] || { echo "$0: no exports in $E" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/corpus_exports.XXXXXX")
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The truth's records and results, one jq a match:
# "mNNNN G action side dice posid" and "mNNNN G result winner points".
for t in "$T"/m*.json; do
	m=${t##*/}
	m=${m%.json}
	jq -r --arg m "$m" '.games[] | .game as $g | (.turns[] |
	    "\($m) \($g) \(.action) \(.side) \(.dice | tojson) " +
	    .gnubg_position_id), "\($m) \($g) result \(.winner) \(.points_won)"' \
	    "$t"
done >"$tmp/truth"

# bgshow -a -T json's records of file $1 as "G action side dice posid".
records() {
	"$SHOW" -a -T json "$1" 2>"$tmp/err" |
	    sed -n 's/^{"game":\([0-9]*\),"turn":[0-9]*,"action":"\([a-z]*\)","side":\([^,]*\),"dice":\(null\|\[[0-9],[0-9]\]\),.*"position_id":"\([^"]*\)".*/\1 \2 \3 \4 \5/p' |
	    grep -v '^[0-9]* start '
}

# $1 = file, $2 = match, $3 = game (0: all; else the file's game 1)
check_records() {
	if [ "$3" = 0 ]; then
		grep "^$2 " "$tmp/truth" | grep -v ' result ' | cut -d' ' -f2-
	else
		grep "^$2 $3 " "$tmp/truth" | grep -v ' result ' |
		    cut -d' ' -f3- | sed 's/^/1 /'
	fi >"$tmp/want"
	records "$1" >"$tmp/got"
	if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got" &&
	    [ ! -s "$tmp/err" ]; then
		ok
	else
		bad "${1##*/}: records differ from the truth"
		diff "$tmp/want" "$tmp/got" | head -5
		head -3 "$tmp/err"
	fi
}

: >"$tmp/wantres"
files=
for f in "$E"/m[0-9]*.snowie.txt; do
	b=${f##*/}
	m=${b%%.*}
	case $b in
	*.g*.m*.snowie.txt)
		continue ;;
	*.g*.snowie.txt)
		k=${b#*.g}
		k=${k%.snowie.txt}
		check_records "$f" "$m" "$k"
		grep "^$m $k result " "$tmp/truth" |
		    sed "s/^$m $k result/$b 1/" >>"$tmp/wantres" ;;
	*)
		check_records "$f" "$m" 0
		grep "^$m [0-9]* result " "$tmp/truth" |
		    sed "s/^$m \([0-9]*\) result/$b \1/" >>"$tmp/wantres"
		"$SHOW" -a -T json "$CORPUS/gnubg/matches/$m.mat" |
		    sed 's/.*"match_id":\([^,]*\),.*/\1/' >"$tmp/want"
		"$SHOW" -a -T json "$f" |
		    sed 's/.*"match_id":\([^,]*\),.*/\1/' >"$tmp/got"
		if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
			ok
		else
			bad "$b: Match IDs differ from the .mat's"
		fi ;;
	esac
	files="$files $f"
done

# The text logs: one game each, numbered in the name.
for f in "$E"/m[0-9]*.text*.txt; do
	b=${f##*/}
	m=${b%%.*}
	case $b in
	*.text.txt)	k=1 ;;
	*)		k=${b#*.text_}; k=${k%.txt}; k=${k#0}; k=${k#0} ;;
	esac
	check_records "$f" "$m" "$k"
	grep "^$m $k result " "$tmp/truth" |
	    sed "s/^$m $k result/$b 1/" >>"$tmp/wantres"
	"$SHOW" -a -T json "$CORPUS/gnubg/matches/$m.mat" |
	    grep "^{\"game\":$k," |
	    sed 's/.*"match_id":\([^,]*\),.*/\1/' >"$tmp/want"
	"$SHOW" -a -T json "$f" | sed 's/.*"match_id":\([^,]*\),.*/\1/' \
	    >"$tmp/got"
	if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		bad "$b: Match IDs differ from game $k of the .mat"
		diff "$tmp/want" "$tmp/got" | head -3
	fi
	files="$files $f"
done

# Every game's winner and points: one bgscore for every file.
# shellcheck disable=SC2086
"$SCORE" -T json $files 2>/dev/null | jq -r 'select(.game != null) |
    "\(.file | sub(".*/"; "")) \(.game) \(.winner) \(.total_points)"' \
    >"$tmp/gotres"
if [ -s "$tmp/wantres" ] && cmp -s "$tmp/wantres" "$tmp/gotres"; then
	ok
else
	bad "game results differ from the truth"
	diff "$tmp/wantres" "$tmp/gotres" | head -5
fi

# Positions, in positions.json's order: "snowiefile posfile posid
# matchid length"; one bgshow for all the Snowie files, one for all
# the .pos files.
jq -r '.positions[] | "\(.files.snowietxt) \(.files.pos) \(.position_id) " +
    "\(.match_id) \(.match_length)"' "$E/positions.json" >"$tmp/pos"
[ -s "$tmp/pos" ] || bad "positions.json lists no position"
ids='s/.*"position_id":"\([^"]*\)","match_id":"\([^"]*\)","xgid":"\([^"]*\)".*/\1 \2 \3/p'
# shellcheck disable=SC2046
"$SHOW" -T json $(awk -v e="$E" '{ print e "/" $1 }' "$tmp/pos") \
    2>"$tmp/err" | sed -n "$ids" >"$tmp/snowie"
# shellcheck disable=SC2046
"$SHOW" -T json $(awk -v e="$E" '{ print e "/" $2 }' "$tmp/pos") \
    2>>"$tmp/err" | sed -n "$ids" >"$tmp/jf"
if [ -s "$tmp/err" ]; then
	bad "diagnostics from the position files"
	head -3 "$tmp/err"
fi
paste -d' ' "$tmp/pos" "$tmp/snowie" "$tmp/jf" | awk '
{
	n++
	if ($6 != $3 || $7 != $4) {
		print "FAIL: " $1 ": " $6 " " $7 ", want " $3 " " $4
		bad++
	}
	want = $8
	if ($5 == 0) {
		k = split($8, f, ":")
		want = f[1]
		for (i = 2; i <= k; i++)
			want = want ":" (i == 6 || i == 7 ? 0 : f[i])
	}
	if ($5 == 0 ? $11 != want || $9 != $3 : $9 != $3 || $10 != $4 ||
	    $11 != $8) {
		print "FAIL: " $2 ": " $9 " " $10 " " $11 ", want " $3 " " \
		    $4 " " want
		bad++
	}
}
END { print "counts " 2 * n - bad " " bad + 0 }' >"$tmp/res"
grep '^FAIL' "$tmp/res"
set -- $(sed -n 's/^counts //p' "$tmp/res")
pass=$((pass + ${1:-0}))
fail=$((fail + ${2:-1}))

# The names: the match's, by side, in one position of each match.
for f in $(awk '!seen[substr($1, 1, 5)]++ { print $1; print $2 }' "$tmp/pos")
do
	m=${f%%.*}
	want=$(sed -n '/^ *Game 1/{n;p;q;}' "$E/$m.snowie.txt" |
	    sed 's/^ *\([^ ]*\) *: *[0-9]* *\([^ ]*\) *: .*/\1 \2/')
	got=$("$top/bin/bgconv" -T json "$E/$f" 2>/dev/null | head -1 |
	    sed 's/.*"players":\["\([^"]*\)","\([^"]*\)"\].*/\1 \2/')
	if [ -n "$want" ] && [ "$got" = "$want" ]; then
		ok
	else
		bad "$f: players \"$got\", want \"$want\""
	fi
done

echo "corpus_exports: $pass passed, $fail failed"
[ $fail = 0 ]
