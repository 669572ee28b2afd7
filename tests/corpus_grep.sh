#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_grep.sh: fingerprints and bggrep against the gnubg corpus
# (tests/corpus/gnubg; BGKIT_CORPUS names another copy of tests/corpus).
#  - each game's canonical text (bggrep -X), hashed by sha256sum, is
#    its fingerprint;
#  - every match gives the same match and game fingerprints read from
#    gnubg's .mat, gnubg's .sgf and bgconv's JSON Lines of it;
#  - a copy with one roll changed (one move in each game)
#    gives another fingerprint for that game and the match, and the same
#    for the other games;
#  - bgdiff finds the .mat, .sgf and JSON the same, and each mutant
#    different at the line changed;
#  - bggrep --decisions gives the position before each play, its dice
#    and the play as gnubg's truth has them, and a row per cube action;
#  - bggrep -p with a Position ID finds exactly the games whose
#    positions, as gnubg recorded them in truth/, hold that board (either
#    side on roll), and with --require roll those where it occurs with
#    that side on roll; bggrep --play finds exactly the games where
#    gnubg's truth has that roll played that way (hit marks and the points a checker hit
#    on its way aside: a play is the position it reaches);
#  - bggrep -D over the .mat and .sgf files pairs every match with its
#    copy, and -u keeps one of each.
# Ends "corpus_grep: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}/gnubg
bin=$top/bin
pass=0 fail=0
export LC_ALL=C

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if [ ! -d "$corpus/matches" ]; then
	echo "FAIL: $corpus/matches not found (set BGKIT_CORPUS)"
	echo "corpus_grep: 0 passed, 1 failed"
	exit 1
fi
command -v jq >/dev/null 2>&1 || {
	echo "FAIL: jq is required (sh tests/deps.sh test installs it)"
	echo "corpus_grep: 0 passed, 1 failed"
	exit 1
}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-grep.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
cd "$corpus/matches" || exit 2

# The fingerprint of the match of file $1.
matchprint() {
	"$bin/bggrep" --fingerprints "$1" | cut -d ' ' -f 1
}

# The fingerprints of file $1: the match's and each game's, sorted.
prints() {
	"$bin/bggrep" -n -T json "$1" |
	    jq -r '.match_fingerprint, .fingerprint' | sort -u
}

for mat in m*.mat; do
	m=${mat%.mat}
	"$bin/bgconv" -e -T json "$mat" >"$tmp/$m.json"
	# the .mat's games, read once for the checks that follow
	"$bin/bggrep" -n -T json "$mat" >"$tmp/mat.json"
	jq -r '.match_fingerprint, .fingerprint' "$tmp/mat.json" | sort -u \
	    >"$tmp/a"
	prints "$m.sgf" >"$tmp/b"
	prints "$tmp/$m.json" >"$tmp/c"
	if [ -s "$tmp/a" ] && cmp -s "$tmp/a" "$tmp/b" &&
	    cmp -s "$tmp/a" "$tmp/c"; then
		ok
	else
		bad "$m: the fingerprints of .mat, .sgf and JSON differ"
	fi
	# The canonical text of each game, hashed by sha256sum, is its
	# fingerprint.
	"$bin/bggrep" -X "$mat" | awk -v d="$tmp/g" '/^game$/ { n++ }
	    /^game$/, /^result/ { print > (d n) }'
	i=1
	while [ -f "$tmp/g$i" ]; do
		sha256sum <"$tmp/g$i" | cut -d ' ' -f 1
		i=$((i + 1))
	done >"$tmp/sums"
	rm -f "$tmp"/g[0-9]*
	jq -r '.fingerprint' "$tmp/mat.json" >"$tmp/games"
	if [ -s "$tmp/sums" ] && cmp -s "$tmp/games" "$tmp/sums"; then
		ok
	else
		bad "$m: sha256sum of the canonical texts is not the fingerprints"
	fi
	# One roll changed: in each game, the first move of side 0 in odd
	# games, of side 1 in even ones.
	mp=$(matchprint "$mat")
	jq -r '.games[] | .game as $g | [.turns[] | select(.action ==
	    "move" and (.dice | length) == 2)] | group_by(.side) |
	    .[$g % 2] // empty | .[0] |
	    "\($g) \(.mat_line) \(.mat_text[0:2])"' "../truth/$m.json" \
	    >"$tmp/rolls"
	while read -r g line dice; do
		new=$(echo "$dice" | tr 123456 234561)
		awk -v l="$line" -v d="$dice:" -v n="$new:" '
		    NR == l { i = index($0, d); $0 = substr($0, 1, i - 1) n \
		    substr($0, i + length(d)) } { print }' "$mat" >"$tmp/mut.mat"
		if cmp -s "$mat" "$tmp/mut.mat"; then
			bad "$m: line $line: no roll $dice to change"
			continue
		fi
		# "fingerprint match_fingerprint" of each game, one jq
		"$bin/bggrep" -n -T json "$tmp/mut.mat" |
		    jq -r '"\(.fingerprint) \(.match_fingerprint)"' \
		    >"$tmp/mut.prints"
		cut -d ' ' -f 1 "$tmp/mut.prints" >"$tmp/mgames"
		# game g differs, every other game is the same
		r=$(paste -d ' ' "$tmp/games" "$tmp/mgames" | awk -v g="$g" '
		    { same = $1 == $2 }
		    (NR == g && same) || (NR != g && !same) { print NR }')
		if [ -n "$r" ] || [ "$(wc -l <"$tmp/mgames")" != \
		    "$(wc -l <"$tmp/games")" ] ||
		    [ "$(cut -d ' ' -f 2 "$tmp/mut.prints" | uniq)" = \
		    "$mp" ]; then
			bad "$m: line $line: roll $dice to $new: games $r"
		else
			ok
		fi
		# bgdiff names the mutant's line and its roll (the larger
		# die first), against the .sgf too.
		big=$(echo "$new" | fold -w 1 | sort -r | tr -d '\n')
		if "$bin/bgdiff" "$m.sgf" "$tmp/mut.mat" >"$tmp/diff"; then
			bad "$m: bgdiff finds the mutant (line $line) the same"
		elif grep -q "^> $tmp/mut.mat:$line: .* rolls $big[ ,]" \
		    "$tmp/diff"; then
			ok
		else
			bad "$m: bgdiff does not name line $line: $(cat "$tmp/diff")"
		fi
	done <"$tmp/rolls"
	if "$bin/bgdiff" "$mat" "$m.sgf" >"$tmp/diff" &&
	    "$bin/bgdiff" "$tmp/$m.json" "$m.sgf" >>"$tmp/diff" &&
	    [ ! -s "$tmp/diff" ]; then
		ok
	else
		bad "$m: bgdiff finds .mat, .sgf and JSON different: $(head -n 3 "$tmp/diff")"
	fi
done

# The truth: for every game of every match, "FILE GAME ID" for each
# board it holds (both sides on roll), and "FILE GAME ID roll" with the
# side on roll; "FILE GAME DICE MOVE" for each play.
for t in ../truth/m*.json; do
	m=$(basename "$t" .json)
	jq -r --arg m "$m" '.games[] | .game as $g |
	    "\($m) \($g) \(.start_position_id) roll",
	    (.turns[] | select(.action == "move") |
	    "\($m) \($g) \(.position_id_before) roll",
	    "\($m) \($g) \(.position_id_after) roll",
	    "\($m) \($g) \(.position_id_after_mover) other")' "$t"
done | sort -u >"$tmp/boards"
for t in ../truth/m*.json; do
	m=$(basename "$t" .json)
	jq -r --arg m "$m" '.games[] | .game as $g | .turns[] |
	    select(.action == "move" and .move != null and .move != "") |
	    "\($m) \($g)\t\(.dice | max)\(.dice | min)\t\(.move |
	    gsub("[*]"; "") | gsub("/[0-9]+(?=/)"; ""))\t\(.move)"' "$t"
done | sort -u >"$tmp/plays"

# The games bggrep finds with arguments $@, as "FILE GAME".
found() {
	"$bin/bggrep" -n -T json "$@" m*.mat |
	    jq -r '"\(.file | rtrimstr(".mat")) \(.game)"' | sort -u
}

# Positions: every 97th board of the truth, the start among them.
awk 'NR % 97 == 1 { print $3 }' "$tmp/boards" | sort -u >"$tmp/ids"
echo 4HPwATDgc/ABMA >>"$tmp/ids"
n=0
while read -r id; do
	awk -v id="$id" '$3 == id { print $1, $2 }' "$tmp/boards" | sort -u \
	    >"$tmp/want"
	found -p "$id" >"$tmp/got"
	if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		bad "bggrep -p $id: $(diff "$tmp/want" "$tmp/got" | grep '^[<>]' | head -n 4 | tr '\n' ' ')"
	fi
	awk -v id="$id" '$3 == id && $4 == "roll" { print $1, $2 }' \
	    "$tmp/boards" | sort -u >"$tmp/want"
	found -p "$id" --require roll >"$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		bad "bggrep -p $id --require roll: $(diff "$tmp/want" "$tmp/got" | grep '^[<>]' | head -n 4 | tr '\n' ' ')"
	fi
	n=$((n + 1))
done <"$tmp/ids"
[ "$n" -ge 10 ] || bad "only $n positions tried"

# Plays: every 53rd of the truth, as gnubg wrote it.  bggrep must find
# every game where gnubg wrote the same roll and play, and no game where
# the same roll was not played from and to the same points (gnubg's text
# but for its hit marks and the points a checker hit on its way): a play
# is the position it reaches, so the same text may hit in one game and
# not in another, and a route may be another.
awk -F '\t' 'NR % 53 == 1 { print $2 "\t" $3 "\t" $4 }' "$tmp/plays" |
    sort -u >"$tmp/want-plays"
tab=$(printf '\t')
while IFS=$tab read -r dice norm move; do
	awk -F '\t' -v d="$dice" -v mv="$move" '$2 == d && $4 == mv {
	    print $1 }' "$tmp/plays" | sort -u >"$tmp/want"
	awk -F '\t' -v d="$dice" -v mv="$norm" '$2 == d && $3 == mv {
	    print $1 }' "$tmp/plays" | sort -u >"$tmp/maybe"
	found --play "$dice $move" >"$tmp/got"
	if [ -s "$tmp/want" ] && [ -z "$(comm -23 "$tmp/want" "$tmp/got")" ] &&
	    [ -z "$(comm -13 "$tmp/maybe" "$tmp/got")" ]; then
		ok
	else
		bad "bggrep --play '$dice $move': missed $(comm -23 "$tmp/want" "$tmp/got" | tr '\n' ' '), wrong $(comm -13 "$tmp/maybe" "$tmp/got" | tr '\n' ' ')"
	fi
done <"$tmp/want-plays"

# Copies across formats: each match twice, once with -u.
"$bin/bggrep" -D ./*.mat ./*.sgf >"$tmp/dups"
groups=$(grep -c '^$' "$tmp/dups")
pairs=$(awk 'NF { sub(/:.*/, "", $2); print $1, $2 }' "$tmp/dups" |
    sed 's/\.\(mat\|sgf\)$//' | sort -u | awk '{ print $1 }' | uniq -d |
    wc -l)
mats=$(ls m*.mat | wc -l)
if [ "$groups" = "$mats" ] && [ "$pairs" = 0 ] &&
    [ "$(grep -c . "$tmp/dups")" = $((2 * mats)) ]; then
	ok
else
	bad "bggrep -D: $groups groups for $mats matches"
fi
if [ "$("$bin/bggrep" -u --fingerprints ./*.mat ./*.sgf | wc -l)" = "$mats" ]; then
	ok
else
	bad "bggrep -u kept more or fewer than one copy of each match"
fi

# Decisions: every play's row names the position before it as gnubg's
# truth does (its Position ID with the mover on roll), its dice, the
# play as gnubg writes it and the pips of that position; the row count is
# the truth's plays and cube actions.
for t in ../truth/m*.json; do
	m=$(basename "$t" .json)
	jq -r '.games[] | .game as $g | .turns[] |
	    select(.action == "move" or .action == "double" or
	    .action == "take" or .action == "drop") |
	    if .action == "move" then "\($g) move \(.side) \(.dice | max)\(.dice | min) \(.position_id_before) \(.move)"
	    else "\($g) \(.action) \(.side)" end' "$t" >"$tmp/want"
	"$bin/bggrep" --decisions -T json "$m.mat" | jq -r 'if .action == "move" then
	    "\(.game) move \(.side) \(.dice | join("")) \(.gnubg_id | split(":")[0]) \(.play // "")"
	    else "\(.game) \(.action) \(.side)" end' >"$tmp/got"
	if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		bad "$m: bggrep --decisions: $(diff "$tmp/want" "$tmp/got" | grep '^[<>]' | head -n 4 | tr '\n' ' ')"
	fi
done

echo "corpus_grep: $pass passed, $fail failed"
[ "$fail" = 0 ]
