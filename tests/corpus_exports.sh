#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_exports.sh: read gnubg's Snowie text exports, Jellyfish .pos
# files and text logs and compare what bgkit makes of them with what
# gnubg recorded.  The sets: tests/corpus/gnubg-export/exports (the
# matches of gnubg/, standard rules) and gnubg-export/rules/KIND/exports
# (those of gnubg-rules/KIND: Nackgammon, Hypergammon 1-3, Jacoby,
# beavers, automatic doubles, no Crawford), each with its matches and
# truth and its exports/positions.json.
#
#  - mNNNN.snowie.txt (a match) and mNNNN.gK.snowie.txt (game K alone):
#    every record's action, side, dice and Position ID after it, as
#    bgshow -a -T json gives them, equal the truth's records of that
#    match or game, in order, without a diagnostic; each game's winner
#    and points (bgscore -T json) equal the truth's; a match's Match IDs
#    equal those bgshow gives for its .mat.
#  - mNNNN.text.txt and mNNNN.text_00K.txt (gnubg's text log of game 1
#    and of game K): the same as a game's Snowie text, and its Match
#    IDs (score, cube, Crawford game) equal those of game K of the .sgf.
#  - mNNNN.gK.mM.snowie.txt (one position): the Position ID and Match
#    ID bgshow -T json shows equal gnubg's.  mNNNN.gK.mM.pos: the same,
#    but in money play, where a .pos holds no session score, its XGID
#    is the Snowie twin's with the score 0-0.  The names read are the
#    match's, by side.  No diagnostic.
#
# Every file is read with the rules of its match (the truth's "rules")
# that its format cannot hold, given with -r as a user converting such a
# file would give them, and only those:
#  - Snowie match and game text (a .mat without its header): all of
#    them, the variant, the Crawford rule (a match), Jacoby, beavers and
#    automatic doubles (money).  No record of this form shows the cube
#    an automatic double turned, nor the points it added to a game
#    (gnubg writes both divided by it, see bgkit-mat(5)): the points a
#    game of them is worth are what the truth says its "Wins" line
#    holds (mat_wins_points).
#  - a text log: the Crawford rule, the beavers allowed and the
#    automatic doubles; the log shows the variant (its first Position
#    ID), the Crawford game, the Jacoby rule and the cube (its Match
#    IDs), bgkit-gnubgtext(5).
#  - a Snowie position: the variant and the beavers allowed; a .pos: the
#    variant.
# The truth's take of a beaver is implied in bgkit's records (as in
# .mat and SGF): it is not looked for.
#
# Run from the top of the tree after `make`; BGKIT_CORPUS names another
# copy of tests/corpus.  Ends with "corpus_exports: N passed, N failed".

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${BGKIT_CORPUS:-$top/tests/corpus}
SHOW=$top/bin/bgshow
SCORE=$top/bin/bgscore

command -v jq >/dev/null 2>&1 || { echo "$0: jq is required" >&2; exit 2; }
[ -x "$SHOW" ] || { echo "$0: build $SHOW first" >&2; exit 2; }
[ -f "$CORPUS/gnubg-export/exports/positions.json" ] ||
	{ echo "$0: no exports in $CORPUS/gnubg-export" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/corpus_exports.XXXXXX")
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $set: $*"; }

# bgshow -a -T json of file $1 (rules $2) into $tmp/json, and its
# records as "G action side dice posid".
records() {
	"$SHOW" -r "$2" -a -T json "$1" 2>"$tmp/err" >"$tmp/json"
	sed -n 's/^{"game":\([0-9]*\),"turn":[0-9]*,"action":"\([a-z]*\)","side":\([^,]*\),"dice":\(null\|\[[0-9],[0-9]\]\),.*"position_id":"\([^"]*\)".*/\1 \2 \3 \4 \5/p' \
	    "$tmp/json" | grep -v '^[0-9]* start '
}

# $1 = file, $2 = match, $3 = game (0: all; else the file's game 1),
# $4 = rules
check_records() {
	if [ "$3" = 0 ]; then
		grep "^$2 " "$tmp/truth" | grep -v ' result \| matpoints ' | cut -d' ' -f2-
	else
		grep "^$2 $3 " "$tmp/truth" | grep -v ' result \| matpoints ' |
		    cut -d' ' -f3- | sed 's/^/1 /'
	fi >"$tmp/want"
	records "$1" "$4" >"$tmp/got"
	if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got" &&
	    [ ! -s "$tmp/err" ]; then
		ok
	else
		bad "${1##*/}: records differ from the truth"
		diff "$tmp/want" "$tmp/got" | head -5
		head -3 "$tmp/err"
	fi
}

# The Match IDs of bgshow -a -T json $@ (of $tmp/json, what records
# read last, with none).
match_ids() {
	if [ $# = 0 ]; then
		cat "$tmp/json"
	else
		"$SHOW" -a -T json "$@" 2>/dev/null
	fi | sed 's/.*"match_id":\([^,]*\),.*/\1/'
}

# Check the set of exports $E, whose matches are $M and truth $T.
check_set() {
E=$1 M=$2 T=$3
rm -f "$tmp"/*.sgf.json
[ -f "$E/positions.json" ] || { bad "no positions.json in $E"; return; }

# The truth's records and results, one jq a match:
# "mNNNN G action side dice posid", "mNNNN G result winner points"
# (the points of its "Wins" line, "matpoints"), and the rules of each
# form ("mNNNN snowietext textlog snowiepos pos").
# One jq for all the matches of each: the name mNNNN from the file's.
jqm='(input_filename | sub(".*/"; "") | sub("[.]json$"; "")) as $m'
jq -r "$jqm"' | .games[] | .game as $g | .turns as $t |
    (range($t | length) | select($t[.].action != "take" or
    . == 0 or $t[. - 1].action != "beaver") | $t[.] |
    "\($m) \($g) \(.action) \(.side) \(.dice | tojson) " +
    .gnubg_position_id),
    "\($m) \($g) result \(.winner) \(.points_won)",
    "\($m) \($g) matpoints \(.winner) " +
    "\(.mat_wins_points // .points_won)"' "$T"/m*.json >"$tmp/truth"
jq -r "$jqm"' | .rules as $r | ({"standard": "standard",
    "nackgammon": "nackgammon", "hypergammon1": "hyper1",
    "hypergammon2": "hyper2", "hypergammon3": "hyper3"}[$r.variation
    // "standard"]) as $v |
    (if $r.beavers then $r.beaver_limit else 0 end) as $b |
    "beavers=\($b),autodoubles=\($r.automatic_doubles)" as $cube |
    "crawford=\(if ($r.crawford_rule // $r.crawford) then "on"
    else "off" end)" as $c |
    if .match_length == 0 then
	"\($m) variant=\($v),jacoby=\(if $r.jacoby then "on" else
	"off" end),\($cube) \($cube) variant=\($v),beavers=\($b) " +
	"variant=\($v)"
    else
	"\($m) variant=\($v),\($c) \($c) variant=\($v),beavers=0 " +
	"variant=\($v)"
    end' "$T"/m*.json >"$tmp/rules"

# The rules of match $1 for form $2 (2 Snowie text, 3 text log, 4
# Snowie position, 5 .pos).
rules() {
	awk -v m="$1" -v k="$2" '$1 == m { print $k }' "$tmp/rules"
}

: >"$tmp/wantres"
: >"$tmp/scorelist"
for f in "$E"/m[0-9]*.snowie.txt; do
	b=${f##*/}
	m=${b%%.*}
	r=$(rules "$m" 2)
	case $b in
	*.g*.m*.snowie.txt)
		continue ;;
	*.g*.snowie.txt)
		k=${b#*.g}
		k=${k%.snowie.txt}
		check_records "$f" "$m" "$k" "$r"
		grep "^$m $k matpoints " "$tmp/truth" |
		    sed "s/^$m $k matpoints/$b 1/" >>"$tmp/wantres" ;;
	*)
		check_records "$f" "$m" 0 "$r"
		grep "^$m [0-9]* matpoints " "$tmp/truth" |
		    sed "s/^$m \([0-9]*\) matpoints/$b \1/" >>"$tmp/wantres"
		match_ids -r "$r" "$M/$m.mat" >"$tmp/want"
		match_ids >"$tmp/got"
		if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
			ok
		else
			bad "$b: Match IDs differ from the .mat's"
			diff "$tmp/want" "$tmp/got" | head -3
		fi ;;
	esac
	echo "$r $f" >>"$tmp/scorelist"
done

# The text logs: one game each, numbered in the name.
for f in "$E"/m[0-9]*.text*.txt; do
	b=${f##*/}
	m=${b%%.*}
	r=$(rules "$m" 3)
	case $b in
	*.text.txt)	k=1 ;;
	*)		k=${b#*.text_}; k=${k%.txt}; k=${k#0}; k=${k#0} ;;
	esac
	check_records "$f" "$m" "$k" "$r"
	grep "^$m $k result " "$tmp/truth" |
	    sed "s/^$m $k result/$b 1/" >>"$tmp/wantres"
	# The .sgf holds every rule, and the cube of an automatic double;
	# bgshow reads it once.
	[ -f "$tmp/$m.sgf.json" ] ||
	    "$SHOW" -a -T json "$M/$m.sgf" >"$tmp/$m.sgf.json" 2>/dev/null
	grep "^{\"game\":$k," "$tmp/$m.sgf.json" |
	    sed 's/.*"match_id":\([^,]*\),.*/\1/' >"$tmp/want"
	match_ids >"$tmp/got"
	if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		bad "$b: Match IDs differ from game $k of the .sgf"
		diff "$tmp/want" "$tmp/got" | head -3
	fi
	echo "$r $f" >>"$tmp/scorelist"
done

# Every game's winner and points: one bgscore for the files of each
# rules.
: >"$tmp/gotres"
# shellcheck disable=SC2013 # a rules string has no blank
for r in $(cut -d' ' -f1 "$tmp/scorelist" | sort -u); do
	# shellcheck disable=SC2046
	"$SCORE" -r "$r" -T json $(awk -v r="$r" '$1 == r { print $2 }' \
	    "$tmp/scorelist") 2>/dev/null | jq -r 'select(.game != null) |
	    "\(.file | sub(".*/"; "")) \(.game) \(.winner) \(.total_points)"' \
	    >>"$tmp/gotres"
done
sort "$tmp/wantres" >"$tmp/want"
sort "$tmp/gotres" >"$tmp/got"
if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
	ok
else
	bad "game results differ from the truth"
	diff "$tmp/want" "$tmp/got" | head -5
fi

# Positions, in positions.json's order: "snowiefile posfile posid
# matchid length"; one bgshow for all the Snowie files, one for all
# the .pos files, each with the set's rules for its form (the variant
# and the beavers are the same in every match of a set).
jq -r '.positions[] | "\(.files.snowietxt) \(.files.pos) \(.position_id) " +
    "\(.match_id) \(.match_length)"' "$E/positions.json" >"$tmp/pos"
[ -s "$tmp/pos" ] || bad "positions.json lists no position"
m=$(sed -n '1s/[.].*//p' "$tmp/pos")
ids='s/.*"position_id":"\([^"]*\)","match_id":"\([^"]*\)","xgid":"\([^"]*\)".*/\1 \2 \3/p'
# shellcheck disable=SC2046
"$SHOW" -r "$(rules "$m" 4)" -T json $(awk -v e="$E" \
    '{ print e "/" $1 }' "$tmp/pos") 2>"$tmp/err" | sed -n "$ids" \
    >"$tmp/snowie"
# shellcheck disable=SC2046
"$SHOW" -r "$(rules "$m" 5)" -T json $(awk -v e="$E" \
    '{ print e "/" $2 }' "$tmp/pos") 2>>"$tmp/err" | sed -n "$ids" \
    >"$tmp/jf"
if [ -s "$tmp/err" ]; then
	bad "diagnostics from the position files"
	head -3 "$tmp/err"
fi
paste -d' ' "$tmp/pos" "$tmp/snowie" "$tmp/jf" | awk -v set="$set" '
{
	n++
	if ($6 != $3 || $7 != $4) {
		print "FAIL: " set ": " $1 ": " $6 " " $7 ", want " $3 " " $4
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
		print "FAIL: " set ": " $2 ": " $9 " " $10 " " $11 ", want " \
		    $3 " " $4 " " want
		bad++
	}
}
END { print "counts " 2 * n - bad " " bad + 0 }' >"$tmp/res"
grep '^FAIL' "$tmp/res"
# shellcheck disable=SC2046
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
}

set=gnubg
check_set "$CORPUS/gnubg-export/exports" "$CORPUS/gnubg/matches" \
    "$CORPUS/gnubg/truth"
for d in "$CORPUS"/gnubg-export/rules/*/exports; do
	[ -d "$d" ] || continue
	set=${d%/exports}
	set=${set##*/}
	check_set "$d" "$CORPUS/gnubg-rules/$set/matches" \
	    "$CORPUS/gnubg-rules/$set/truth"
done

echo "corpus_exports: $pass passed, $fail failed"
[ $fail = 0 ]
