#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_conv.sh: bgconv against the corpus.  For every match of
# tests/corpus/gnubg and gnubg-rules, in .mat and SGF:
# JSON Lines written and read again give the same JSON; .mat through
# JSON is the .mat written directly, byte for byte; the .mat, XG-style
# .mat and SGF written and read again keep every play, cube action,
# result, position, name, tag and comment (what SGF cannot hold is named
# in a warning, one per thing).  For gnubg's own matches: each .sgf
# gives gnubg's .mat and each .mat gives gnubg's .sgf byte for byte
# (but for the program's name and gnubg's statistics), and each .sgf
# read by bgcheck and bgshow gives the truth's positions.  Then -o.
# Records with errors are converted with -F: what could be read is what
# is compared.  With files as operands (each holding a game), only the
# round trips, of those files: tests/corpus_public.sh runs it so on the
# records of other writers.  BGKIT_CORPUS names another copy of
# tests/corpus.  Ends "corpus_conv: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
bin=$top/bin
pass=0 fail=0
export LC_ALL=C

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if [ ! -d "$corpus/gnubg" ]; then
	echo "FAIL: $corpus/gnubg not found (set BGKIT_CORPUS)"
	echo "corpus_conv: 0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-conv.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# What must survive a conversion, one line per match, game and record,
# from bgconv's JSON in $1: records by action, side, dice, the play the
# replay made, value and the position after them; comments and
# unreadable cells by their text; tags as a set.  Records of the kinds
# in $2 (a jq array) are left out, and "and the match" too when $3 is
# false.  project: every view of the files of one record that the
# checks compare, by one jq, each line tagged: A and B, a.json and
# b.json without their places; W, M, X: dump of a.json, c1.json
# (the .mat read again) and c2.json (the XG .mat) with nothing left
# out; S and T: dump of a.json and c3.json (the SGF) without what SGF
# cannot hold ($sgfskip); G, a record of a.json that SGF cannot hold;
# N, the game of each analysis object of a.json.
# Then cut into $tmp/TAG.
sgfskip='["loss","illegal","unparsed"]'
project() {
	jq -r --argjson sgfskip "$sgfskip" '
	def dump($skip; $atm):
	    if .type == "match" then
		[.length, .players, (.tags | sort), .comments]
	    elif .type == "game" then [.number, .players, .ratings, .score]
	    elif .type == "record" then
		if (.action as $a | $skip | index($a)) then empty
		else [.action, .side, .dice, .move, .value,
		    (if $atm then .and_the_match else null end),
		    .position_id, (if (.action == "comment" or
		    .action == "setpos" or .action == "illegal" or
		    .action == "unparsed") then .text else null end)] end
	    else empty end;
	(input_filename | sub(".*/"; "")) as $f |
	if $f == "a.json" then
		("A " + (del(.source, .line, .column) | tojson)),
		(dump([]; true) | "W " + tojson),
		(dump($sgfskip; false) | "S " + tojson),
		(select(.type == "record" and ((.action as $a | $sgfskip |
		index($a)) or .and_the_match)) | "G"),
		(select(.type == "analysis") | "N \(.game)")
	elif $f == "b.json" then "B " + (del(.source, .line, .column) | tojson)
	elif $f == "c1.json" then dump([]; true) | "M " + tojson
	elif $f == "c2.json" then dump([]; true) | "X " + tojson
	else dump($sgfskip; false) | "T " + tojson end' \
	    "$tmp/a.json" "$tmp/b.json" "$tmp/c1.json" "$tmp/c2.json" \
	    "$tmp/c3.json" | awk -v d="$tmp" '{ t = $1; sub(/^[^ ]*( |$)/, "")
	    print >(d "/" t) }'
	for t in A B W M X S T G N; do
		[ -f "$tmp/$t" ] || : >"$tmp/$t"
	done
}

# bgconv's JSON of file $1 into $2.
json() {
	"$bin/bgconv" -F -e -T json "$1" >"$2" 2>/dev/null
}

# The records: the operands, or the corpus's matches.
records=$tmp/records
if [ $# -gt 0 ]; then
	printf '%s\n' "$@" >"$records"
else
	printf '%s\n' "$corpus"/gnubg/matches/* \
	    "$corpus"/gnubg-rules/*/matches/* >"$records"
fi

while IFS= read -r f; do
	name=${f#"$corpus"/}
	json "$f" "$tmp/a.json"
	"$bin/bgconv" -F -T mat "$f" >"$tmp/a.mat" 2>"$tmp/err"

	# JSON holds everything: read and written again, it is the same.
	"$bin/bgconv" -F -e -T json "$tmp/a.json" >"$tmp/b.json" 2>/dev/null
	# .mat through JSON is .mat.
	"$bin/bgconv" -F -e -T mat "$tmp/a.json" >"$tmp/b.mat" 2>/dev/null
	# .mat, in both layouts, keeps everything but what it names (the
	# cube of automatic doubles).
	named=$(grep 'cannot hold this' "$tmp/err" | grep -vc 'SGF properties')
	json "$tmp/a.mat" "$tmp/c1.json"
	"$bin/bgconv" -F -e -T mat -s xg "$f" >"$tmp/x.mat" 2>/dev/null
	json "$tmp/x.mat" "$tmp/c2.json"
	# SGF keeps everything but what it names: Losses, unreadable
	# cells, "and the match" (a warning a record), and the analysis of
	# a position text export (a warning a game that has one); an
	# illegal play it writes as gnubg saves one, its roll and the board
	# after it, which come back as a set position and a roll with no
	# play (left out here, as the entry).
	"$bin/bgconv" -F -T sgf "$f" >"$tmp/a.sgf" 2>"$tmp/err"
	lost=$(grep 'cannot hold this' "$tmp/err" |
	    grep -vc 'cannot hold this: the analysis of the position')
	an=$(grep -c 'cannot hold this: the analysis of the position' \
	    "$tmp/err")
	json "$tmp/a.sgf" "$tmp/c3.json"
	ills=$(grep -c '"type":"record".*"action":"illegal"' "$tmp/a.json")
	if [ "$ills" -gt 0 ]; then
		jq -s -c '. as $a | range(length) as $i | $a[$i] |
		    select((.type == "record" and ((.action == "setpos" and
		    $a[$i + 1].action == "move" and $a[$i + 1].move == null) or
		    (.action == "move" and .move == null and $i > 0 and
		    $a[$i - 1].action == "setpos"))) | not)' \
		    "$tmp/c3.json" >"$tmp/c4.json"
		mv "$tmp/c4.json" "$tmp/c3.json"
	fi
	rm -f "$tmp/A" "$tmp/B" "$tmp/W" "$tmp/M" "$tmp/X" "$tmp/S" \
	    "$tmp/T" "$tmp/G" "$tmp/N"
	project
	gone=$(($(wc -l <"$tmp/G") - ills))
	hasan=$(sort -u "$tmp/N" | wc -l)

	cmp -s "$tmp/A" "$tmp/B" && ok || bad "$name: JSON read again differs"
	cmp -s "$tmp/a.mat" "$tmp/b.mat" && ok ||
	    bad "$name: .mat through JSON differs from .mat"
	cmp -s "$tmp/M" "$tmp/W" || [ "$named" -gt 0 ] && ok ||
	    bad "$name: .mat read again differs"
	cmp -s "$tmp/X" "$tmp/W" || [ "$named" -gt 0 ] && ok ||
	    bad "$name: XG .mat read again differs"
	if cmp -s "$tmp/T" "$tmp/S" && [ "$lost" -eq "$gone" ] &&
	    [ "$an" -eq "$hasan" ]; then
		ok
	else
		bad "$name: SGF read again differs ($gone records SGF" \
		    "cannot hold, $lost named; $hasan games with an" \
		    "analysis, $an named)"
	fi
done <"$records"

if [ $# -gt 0 ]; then
	echo "corpus_conv: $pass passed, $fail failed"
	[ $fail = 0 ]
	exit
fi

# gnubg's own matches: its two files are each other's conversion, and
# the SGF gives the truth's positions.
for f in "$corpus"/gnubg/matches/*.sgf; do
	m=${f%.sgf}.mat
	t=$corpus/gnubg/truth/$(basename "$f" .sgf).json
	name=gnubg/matches/$(basename "$f")
	"$bin/bgconv" -e -T mat "$f" | cmp -s - "$m" && ok ||
	    bad "$name: .mat differs from gnubg's"
	"$bin/bgconv" -e -T sgf "$m" | sed 's/AP\[[^]]*\]//; s/GS\[.*//' \
	    >"$tmp/ours.sgf"
	sed 's/AP\[[^]]*\]//; s/GS\[.*//' "$f" | cmp -s - "$tmp/ours.sgf" &&
	    ok || bad "$(basename "$m"): SGF differs from gnubg's"
	want=$(jq -r '.games[-1].final_xgid' "$t")
	got=$("$bin/bgcheck" -v "$f" | sed -n 's/^final position: [^ ]* //p')
	[ "$got" = "$want" ] && ok ||
	    bad "$name: bgcheck's final position $got, gnubg says $want"
	want=$(jq -r '.games[].turns[].gnubg_position_id' "$t")
	got=$("$bin/bgshow" -a -T json "$f" | jq -r 'select(.turn > 0) |
	    .position_id')
	[ "$got" = "$want" ] && ok ||
	    bad "$name: bgshow -a positions differ from the truth's"
	got=$("$bin/bgconv" -e -T json "$f" | jq -r 'select(.type ==
	    "record" and .turn != null) | .position_id')
	[ "$got" = "$want" ] && ok ||
	    bad "$name: bgconv positions differ from the truth's"
done

# -o: the file appears only when all went well.
m=$corpus/gnubg/matches/m0001.mat
"$bin/bgconv" -T sgf -o "$tmp/out.sgf" "$m" 2>/dev/null &&
    "$bin/bgconv" -e -T sgf "$m" | cmp -s - "$tmp/out.sgf" && ok ||
    bad "bgconv -o: the output differs from stdout's"
echo old >"$tmp/keep.mat"
"$bin/bgconv" -T mat -o "$tmp/keep.mat" "$tmp/no-such-file" 2>/dev/null
rc=$?
if [ $rc = 2 ] && [ "$(cat "$tmp/keep.mat")" = old ] &&
    [ -z "$(ls "$tmp" | grep 'keep\.mat\.')" ]; then
	ok
else
	bad "bgconv -o after an error: exit $rc, the file changed or a" \
	    "temporary file is left"
fi

echo "corpus_conv: $pass passed, $fail failed"
[ $fail = 0 ]
