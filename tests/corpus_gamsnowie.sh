#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_gamsnowie.sh: what bgconv writes as Jellyfish .gam (-T gam,
# one file per game with -d) and as Snowie match text (-T snowie), on
# every match of tests/corpus/gnubg and gnubg-rules (36 matches, 150
# games):
#
#  1. It is what gnubg writes: our Snowie text is gnubg's "export match
#     snowietxt" (gnubg-export/exports/mNNNN.snowie.txt, and for a
#     rule set gnubg-export/rules/KIND/exports), each .gam of ours its
#     "export game gam" (mNNNN.gK.gam), and our Snowie text of each of
#     our .gam files (read with the match's rules) its "export game
#     snowietxt" (mNNNN.gK.snowie.txt), byte for byte; the Snowie text
#     and the .gam files are the same from the match's SGF, but where it
#     holds automatic doubles, which neither can.
#  2. Our reader reads it back as it reads the match: action after
#     action the same side, dice, play, Position ID, Match ID and XGID
#     (bgshow -a -T json) for the Snowie text; for each .gam, the same
#     as its game but for what a game alone cannot hold (the match
#     length, the score, the Crawford flag: the XGID's first five
#     fields are compared, not its last ones nor the Match ID).  Neither
#     holds the rules (a Variation, Jacoby or Beaver tag): they are
#     given with -r, as the match's tags state them.  No diagnostic.
#  3. GNU Backgammon reads it as it reads the match (one gnubg run,
#     tests/gnubg_steps.py): "import mat" of our Snowie text gives,
#     record after record, the Position ID and Match ID its import of
#     the match's .mat gives; "import auto" of each .gam gives its
#     game's Position IDs and the Match ID's fields of a game (cube,
#     owner, turn, state, dice), in standard backgammon (gnubg reads
#     any .gam, its own too, as standard backgammon: a .gam cannot say
#     its variant); and for gnubg/ the Position IDs of the
#     import of the .mat are those of the truth (gnubg/truth).  gnubg
#     takes the Jacoby rule, and the variant of a file that does not
#     name it, from its settings: the run sets them first.  Skipped
#     with one SKIP line when gnubg is not installed (the Debian package
#     gnubg; .ci/run installs it); 1 and 2 run all the same.
#
# Run from the top of the tree after `make`; BGKIT_CORPUS names another
# copy of tests/corpus.  Ends "corpus_gamsnowie: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
E=$corpus/gnubg-export/exports
bin=$top/bin
export PATH="$PATH:/usr/games"
export LC_ALL=C
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

command -v jq >/dev/null 2>&1 || { echo "$0: jq is required" >&2; exit 2; }
[ -x "$bin/bgconv" ] || { echo "$0: build $bin/bgconv first" >&2; exit 2; }
if [ ! -d "$corpus/gnubg" ]; then
	echo "FAIL: $corpus/gnubg not found (set BGKIT_CORPUS)"
	echo "corpus_gamsnowie: 0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-gamsnowie.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

# The rules the match's tags state, as -r takes them.
rules() {
	"$bin/bgconv" -e -T json "$1" | head -n 1 | jq -r '.rules |
	    ["variant=\(.variant)",
	    "crawford=\(if .crawford then "on" else "off" end)",
	    "jacoby=\(if .jacoby then "on" else "off" end)",
	    "beavers=\(if .beavers == null then 1048576 else .beavers end)",
	    (if .autodoubles != null then "autodoubles=\(.autodoubles)"
	    else empty end)] | join(",")'
}

# bgshow -a -T json of $2 with rules $1: one line an action, game $3
# alone (every game when empty); with "game" as $4, what a game alone
# holds.  Diagnostics to $tmp/err.
actions() {
	"$bin/bgshow" -a -T json -r "$1" "$2" 2>"$tmp/err" |
	    jq -r --arg g "${3:-}" --arg alone "${4:-}" '
	    select($g == "" or .game == ($g | tonumber)) |
	    if $alone == "" then
		"\(.game) \(.turn) \(.action) \(.side) \(.dice) \(.move) " +
		"\(.position_id) \(.match_id) \(.xgid)"
	    else
		(if $g == "" then "\(.game) " else "" end) +
		"\(.turn) \(.action) \(.side) \(.dice) \(.move) " +
		"\(.position_id) " + (.xgid | split(":")[0:5] | join(":"))
	    end'
}

: >"$tmp/list"
n=0
for f in "$corpus"/gnubg/matches/*.mat "$corpus"/gnubg-rules/*/matches/*.mat
do
	n=$((n + 1))
	name=${f#"$corpus"/}
	b=$(basename "$f" .mat)
	r=$(rules "$f")
	d=$tmp/$n
	mkdir "$d"
	"$bin/bgconv" -e -T snowie -o "$d/snowie.txt" "$f" ||
	    bad "$name: bgconv -T snowie failed"
	"$bin/bgconv" -e -T gam --directory "$d" "$f" ||
	    bad "$name: bgconv -T gam --directory failed"
	actions "$r" "$f" >"$d/actions"
	games=$(cut -d ' ' -f 1 "$d/actions" | sort -un)
	set -- $games
	# 1. gnubg's exports, byte for byte; from the SGF too, but where
	# it holds automatic doubles, which the text cannot.
	case $name in
	gnubg/*)
		X=$E ;;
	*)
		k=${name#gnubg-rules/}
		X=$corpus/gnubg-export/rules/${k%%/*}/exports ;;
	esac
	if [ -f "$X/$b.snowie.txt" ]; then
		if cmp -s "$d/snowie.txt" "$X/$b.snowie.txt"; then ok; else
			bad "$name: Snowie text is not gnubg's"
			diff "$X/$b.snowie.txt" "$d/snowie.txt" | head -5
		fi
		sgf=${f%.mat}.sgf
		case $name in */autodoubles/*) sgf= ;; esac
		mkdir "$d/sgf"
		if [ -n "$sgf" ]; then
			"$bin/bgconv" -e -T gam --directory "$d/sgf" "$sgf"
			if "$bin/bgconv" -e -T snowie "$sgf" |
			    cmp -s - "$X/$b.snowie.txt"; then ok; else
				bad "$name: Snowie text of the SGF is not gnubg's"
			fi
		fi
		for g in $games; do
			ours=$d/$b.g$g.gam
			[ $# = 1 ] && ours=$d/$b.gam
			if cmp -s "$ours" "$X/$b.g$g.gam" && { [ -z "$sgf" ] ||
			    cmp -s "$d/sgf/${ours##*/}" "$X/$b.g$g.gam"; }; then
				ok
			else
				bad "$name: game $g: .gam is not gnubg's"
			fi
			if "$bin/bgconv" -e -r "$r" -T snowie "$ours" |
			    cmp -s - "$X/$b.g$g.snowie.txt"; then ok; else
				bad "$name: game $g: Snowie game is not gnubg's"
			fi
		done
	else
		bad "$name: no gnubg exports in $X"
	fi
	# 2. Read back by our reader.
	actions "$r" "$d/snowie.txt" >"$tmp/got"
	if [ -s "$tmp/err" ]; then
		bad "$name: reading our Snowie text: $(head -n 1 "$tmp/err")"
	elif cmp -s "$d/actions" "$tmp/got"; then ok; else
		bad "$name: our Snowie text reads otherwise"
		diff "$d/actions" "$tmp/got" | head -5
	fi
	# gnubg's settings: its Jacoby rule, and the variant of a file
	# that does not name it.
	set=$(printf '%s\n' "$r" | sed -e \
	    's/.*variant=\([a-z0-9]*\).*jacoby=\([a-z]*\).*/variation=\1 jacoby=\2/' \
	    -e 's/hyper\([123]\)/\1-chequer-hypergammon/')
	# gnubg's output goes beside each file it reads: a copy of the
	# match, so that nothing is written into the corpus.
	cp "$f" "$d/match.mat"
	printf 'mat %s %s\n' "$d/match.mat" "$set" >>"$tmp/list"
	printf 'mat %s %s\n' "$d/snowie.txt" "$set" >>"$tmp/list"
	# Each game's actions as read from the match: one bgshow for all
	# the games, cut into $d/want.G.
	actions "$r" "$f" "" game | awk -v d="$d" \
	    '{ g = $1; sub(/^[^ ]* /, ""); print >(d "/want." g) }'
	for g in $games; do
		ours=$d/$b.g$g.gam
		[ $# = 1 ] && ours=$d/$b.gam
		[ -f "$d/want.$g" ] || : >"$d/want.$g"
		actions "$r" "$ours" 1 game >"$tmp/got"
		if [ -s "$tmp/err" ]; then
			bad "$name: reading our .gam of game $g: $(head -n 1 \
			    "$tmp/err")"
		elif cmp -s "$d/want.$g" "$tmp/got"; then ok; else
			bad "$name: our .gam of game $g reads otherwise"
			diff "$d/want.$g" "$tmp/got" | head -5
		fi
		printf 'auto %s %s\n' "$ours" "$set" >>"$tmp/list"
	done
	printf '%s\n' "$name" >"$d/name"
	printf '%s\n' "$set" >"$d/set"
done

# 3. GNU Backgammon.
if ! command -v gnubg >/dev/null 2>&1; then
	echo "SKIP: gnubg is not installed: what it reads of our files"
	echo "corpus_gamsnowie: $pass passed, $fail failed"
	[ $fail = 0 ]
	exit
fi
BGKIT_GNUBG_LIST=$tmp/list BGKIT_GNUBG_OUT=$tmp/gnubg.out \
    gnubg -t -q -p "$top/tests/gnubg_steps.py" >"$tmp/gnubg.log" 2>&1
if [ ! -s "$tmp/gnubg.out" ]; then
	bad "gnubg wrote nothing: $(tail -n 3 "$tmp/gnubg.log")"
	echo "corpus_gamsnowie: $pass passed, $fail failed"
	exit 1
fi
# gnubg's steps of file F into F.got.
awk '/^file / { f = $2 ".got"; next } { print > f }' "$tmp/gnubg.out"

# The steps of game $2 of steps file $1, fields $3.
steps() {
	awk -v g="game $2" '/^game / { on = $0 == g; next } on' "$1" |
	    cut -d ' ' -f "$3"
}

i=0
while [ $i -lt $n ]; do
	i=$((i + 1))
	d=$tmp/$i
	name=$(cat "$d/name")
	f=$corpus/$name
	b=$(basename "$f" .mat)
	ref=$d/match.mat.got
	if [ ! -s "$ref" ] && [ ! -s "$d/snowie.txt.got" ]; then
		bad "$name: gnubg read neither the match nor our Snowie text"
		continue
	fi
	if cmp -s "$ref" "$d/snowie.txt.got"; then ok; else
		bad "$name: gnubg reads our Snowie text otherwise"
		diff "$ref" "$d/snowie.txt.got" | head -5
	fi
	case $name in gnubg/*)
		jq -r '.games[] | "game \(.game)", (.turns[] |
		    .gnubg_position_id)' "$corpus/gnubg/truth/$b.json" \
		    >"$tmp/truth"
		if awk '/^game / { print; next } { print $1 }' "$ref" |
		    cmp -s - "$tmp/truth"; then ok; else
			bad "$name: gnubg's Position IDs are not the truth's"
		fi
	esac
	# gnubg reads a .gam, its own too, as standard backgammon.
	grep -q 'variation=standard' "$d/set" || continue
	games=$(grep '^game ' "$ref" | cut -d ' ' -f 2)
	set -- $games
	for g in $games; do
		ours=$d/$b.g$g.gam
		[ $# = 1 ] && ours=$d/$b.gam
		steps "$ref" "$g" 1,3 >"$tmp/want"
		steps "$ours.got" 1 1,3 >"$tmp/got"
		if [ -s "$tmp/want" ] && cmp -s "$tmp/want" "$tmp/got"; then
			ok
		else
			bad "$name: gnubg reads our .gam of game $g otherwise"
			diff "$tmp/want" "$tmp/got" | head -5
		fi
	done
done

echo "corpus_gamsnowie: $pass passed, $fail failed"
[ $fail = 0 ]
