#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_mat.sh: read every match record of the corpus with the .mat
# reader (tests/unit/bin/matdump) and check what it makes of them.
#
#  - gnubg matches (tests/corpus/gnubg/matches): the records of each
#    game, with their line, side, kind, move number and dice, and the
#    "Wins" record's side and points, equal gnubg's truth (truth/*.json,
#    pulled out with jq); no diagnostic.
#  - gnubg mutants: no crash; a garbage_lines mutant gets an error at the
#    verdict's line, a truncated_file mutant the unexpected_eof warning at
#    the verdict's line.
#  - every file: streaming and in-memory reading print the same.
#  - gnubg's .gam exports (gnubg-export/exports, and gnubg-export/rules
#    for the rule sets): each is read as the same game of its match
#    (bgshow -a, action by action).
#
# The records of other writers are read by tests/corpus_public.sh, with
# the same checks (it runs this script with files as operands: each is
# then read as a Jellyfish record, or an eXtreme Gammon binary file, or,
# when NOTMAT names it, as a file that is no match record).
#
# Run after `make tests/unit/bin/matdump`;
# BGKIT_CORPUS names another copy of tests/corpus.  Ends with
# "corpus_mat: N passed, N failed".

set -u

top=$(cd "$(dirname "$0")/.." && pwd)
CORPUS=${BGKIT_CORPUS:-$top/tests/corpus}
DUMP=$top/tests/unit/bin/matdump

command -v jq >/dev/null 2>&1 || { echo "$0: jq is required" >&2; exit 2; }
[ -x "$DUMP" ] || { echo "$0: build $DUMP first" >&2; exit 2; }
[ -d "$CORPUS/gnubg/matches" ] || { echo "$0: no corpus in $CORPUS" >&2; exit 2; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/corpus_mat.XXXXXX")
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# Run matdump; fail on a crash (status above 2).  $1 = label, rest = args.
run() {
	label=$1
	shift
	"$DUMP" "$@" >"$tmp/got" 2>"$tmp/err"
	rc=$?
	if [ $rc -gt 2 ]; then
		bad "$label: matdump crashed (status $rc)"
		return 1
	fi
	return 0
}

# Streaming and in-memory reading agree.
same_mem() {
	"$DUMP" "$1" >"$tmp/s" 2>&1
	"$DUMP" -m "$1" >"$tmp/m" 2>&1
	if cmp -s "$tmp/s" "$tmp/m"; then ok; else bad "$1: -m differs"; fi
}

# Each game's "Wins" leads to the next game's score line.
wins_add_up() {
	awk '
	/^game / {
		if (have) {
			e0 = s0; e1 = s1
			if (ws == 0) e0 += wv; else if (ws == 1) e1 += wv
			if (e0 != $6 || e1 != $7) {
				print "game " g ": winner " ws " +" wv \
				    " gives " e0 "-" e1 ", next score " $6 "-" $7
				bad = 1
			}
		}
		g = $2; s0 = $6; s1 = $7; have = 1; ws = -1; wv = 0
		next
	}
	/^[0-9]+:[0-9]+ [01] win/ {
		ws = $2; v = $3; sub(/.*\[/, "", v); sub(/\].*/, "", v)
		wv = v + 0
	}
	END { exit bad }' "$1"
}

# ---------------------------------------------------------------- gnubg

if [ $# = 0 ]; then
	for m in "$CORPUS"/gnubg/matches/*.mat; do
		t=$CORPUS/gnubg/truth/$(basename "$m" .mat).json
		[ -f "$t" ] || { bad "$m: no truth"; continue; }
		jq -r '.games[] | .game as $g |
		    (.turns[] | select(.mat_line != null) |
			"\($g) \(.mat_line) \(.side) \(.action) \(.mat_row)" +
			(if .action == "move" then " " + .mat_text[0:2] else "" end)),
		    "\($g) win \(.winner) \(.points_won)"' "$t" >"$tmp/want"
		run "$m" -t "$m" || continue
		if cmp -s "$tmp/want" "$tmp/got"; then
			ok
		else
			bad "$m: records differ from the truth"
			diff "$tmp/want" "$tmp/got" | head -10
		fi
		same_mem "$m"
	done

	# One jq for every verdict: "file kind line".
	jq -r '"\(input_filename) \(.kind) \(.line)"' \
	    "$CORPUS"/gnubg/mutants/*.json >"$tmp/verdicts"
	while read -r j kind line; do
		m=${j%.json}.mat
		[ -f "$m" ] || continue
		run "$m" "$m" || continue
		case $kind in
		garbage_lines)
			first=$(grep '^diag .* error ' "$tmp/got" | head -1 |
			    sed 's/^diag \([0-9]*\):.*/\1/')
			if [ "$first" = "$line" ]; then
				ok
			else
				bad "$m: first error at line ${first:-none}, want $line"
			fi
			;;
		truncated_file)
			if grep -q "^diag $line:0 warning unexpected_eof " "$tmp/got"
			then
				ok
			else
				bad "$m: no unexpected_eof at line $line"
				grep '^diag' "$tmp/got" | head -3
			fi
			;;
		*)
			ok
			;;
		esac
	done <"$tmp/verdicts"
fi

# ------------------------------------------------------ other writers

# Files named as operands: a Jellyfish record gives as many games as it
# has "Game N" lines, no diagnostic, and each game's "Wins" leads to the
# next game's score line.  A file NOTMAT lists (one path a line) is no
# match record: a no_match_line error and no other error.  A file
# INVALID lists is a record with defects: as many games, and an error.
listed() {
	[ -n "$2" ] && grep -Fqx -- "$1" "$2"
}

for f in "$@"; do
	run "$f" "$f" || continue
	ndiag=$(grep -c '^diag' "$tmp/got")
	if listed "$f" "${NOTMAT:-}"; then
		if grep -q '^diag [0-9]*:0 error no_match_line ' "$tmp/got" &&
		    [ "$(grep '^diag [0-9:]* error ' "$tmp/got" |
		    grep -vc ' error no_match_line ')" = 0 ]
		then
			ok
		else
			bad "$f: want a no_match_line error and no other"
		fi
		continue
	fi
	if listed "$f" "${INVALID:-}"; then
		games=$(grep -c '^game ' "$tmp/got")
		want=$(grep -ciE '^[[:space:]]*game[[:space:]]+[0-9]+[[:space:]]*$' "$f")
		if [ "$games" = "$want" ] &&
		    grep -q '^diag [0-9:]* error ' "$tmp/got"; then
			ok
		else
			bad "$f: $games games (want $want) and no error"
		fi
		same_mem "$f"
		continue
	fi
	games=$(grep -c '^game ' "$tmp/got")
	want=$(grep -ciE '^[[:space:]]*game[[:space:]]+[0-9]+[[:space:]]*$' "$f")
	if [ "$(head -c 4 "$f")" = RGMH ]; then
		# eXtreme Gammon's binary file has no "Game N" line to count
		# (its expectation, bgcheck -v's, gives the games): at least
		# one, and no diagnostic but the warning naming what is not
		# read (XG's analysis, comments).
		want=$games
		ndiag=$(grep '^diag' "$tmp/got" | grep -vc ' warning not_read ')
	fi
	if [ "$ndiag" = 0 ] && [ "$games" = "$want" ] && [ "$games" -gt 0 ]
	then
		ok
	else
		bad "$f: $games games (want $want), $ndiag diagnostics"
		grep '^diag' "$tmp/got" | head -5
	fi
	if wins_add_up "$tmp/got" >"$tmp/wins"; then
		ok
	else
		bad "$f: Wins side or points disagree with the scores"
		head -3 "$tmp/wins"
	fi
	same_mem "$f"
done

# ------------------------------------------------------------ .gam

# gnubg's single-game exports (gnubg-export/exports/mNNNN.gK.gam, and
# gnubg-export/rules/KIND/exports for the matches of gnubg-rules/KIND):
# each reads as the same game of its match, action by action (side,
# dice, play, Position ID), without a diagnostic.  A .gam names no rule:
# it is read with its match's variant, and in money play its Jacoby,
# beaver and automatic-double rules, from the truth, as a user who knows
# them gives them (-r).  Not when files are given.
gams=
pick='[.action, .side, .dice, .move, .position_id]'
if [ $# = 0 ]; then
	gams=$(ls "$CORPUS"/gnubg-export/exports/m*.g*.gam \
	    "$CORPUS"/gnubg-export/rules/*/exports/m*.g*.gam 2>/dev/null)
fi
for g in $gams; do
	b=${g##*/}
	m=${b%%.*}
	k=${b#*.g}
	k=${k%.gam}
	case $g in
	*/gnubg-export/rules/*)
		d=${g%/exports/*}
		d=$CORPUS/gnubg-rules/${d##*/} ;;
	*)	d=$CORPUS/gnubg ;;
	esac
	# The rules and the records of each match, read once for all its
	# games: $tmp/gam.D.M.rules, and game K's records in
	# $tmp/gam.D.M.K.
	w=$tmp/gam.${d##*/}.$m
	if [ ! -f "$w.rules" ]; then
		jq -r '.rules as $r | ({"nackgammon": "nackgammon",
		    "hypergammon1": "hyper1", "hypergammon2": "hyper2",
		    "hypergammon3": "hyper3"}[$r.variation // ""] //
		    "standard") as $v |
		    if .match_length > 0 then "variant=\($v)" else
		    "variant=\($v),jacoby=\(if $r.jacoby then "on" else
		    "off" end)," + "beavers=\(if $r.beavers then
		    $r.beaver_limit else 0 end)," +
		    "autodoubles=\($r.automatic_doubles)" end' \
		    "$d/truth/$m.json" >"$w.rules"
		"$top"/bin/bgshow -a -T json "$d/matches/$m.mat" 2>/dev/null |
		    jq -r "\"\\(.game) \\($pick | tojson)\"" |
		    awk -v w="$w" '{ k = $1; sub(/^[^ ]* /, "")
		    print >(w "." k) }'
	fi
	read -r r <"$w.rules"
	[ -f "$w.$k" ] || : >"$w.$k"
	"$top"/bin/bgshow -r "$r" -a -T json "$g" 2>"$tmp/err" |
	    jq -c "$pick" >"$tmp/got"
	if [ -s "$w.$k" ] && cmp -s "$w.$k" "$tmp/got" &&
	    [ ! -s "$tmp/err" ]; then
		ok
	else
		bad "$b: not game $k of $d/matches/$m.mat"
		diff "$w.$k" "$tmp/got" | head -3
		head -2 "$tmp/err"
	fi
done

echo "corpus_mat: $pass passed, $fail failed"
[ $fail = 0 ]
