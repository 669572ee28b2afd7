#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_public.sh: the tools on real records other people wrote (match
# records, position exports and session logs copied from public
# repositories), kept outside the project because they are not ours: by
# default in ../shared/corpus/public beside the clone, one folder per
# repository; BGKIT_PUBLIC names another place.  When the folder is
# absent the test says so and counts itself skipped.
#
# What is kept here is our answer for each file:
# tests/public/DIR/FILE.expect holds what `bgcheck -v FILE` prints, run
# in the file's folder (standard output, then standard error, then a
# line "exit N"), after a first line that says how it was reviewed by
# hand ("# Reviewed by hand against ...": the record itself read line by
# line, its twin in another format, the writer's own display), and what
# the review found wrong, if anything ("WRONG, reported, not blessed");
# a file without that line fails.  tests/public/defects names the records the readers find
# defects in (one DIR/FILE a line).  The checks:
#  - every file has its .expect and every .expect its file, and bgcheck
#    prints exactly the .expect (but its first line);
#  - tests/corpus_mat.sh with the .mat, .txt and .xg files as operands
#    (but those tests/public/formats names, which another reader reads:
#    gnubg's text logs, lists of positions; and the position text
#    exports tests/public/xgtext names):
#    the files bgcheck calls no match record give the reader's
#    no_match_line error; the defective ones as many games as "Game N"
#    lines and an error; every other one as many games, no diagnostic
#    and "Wins" lines that lead to the next score line (an XG binary
#    file: at least one game, no diagnostic but the warning naming what
#    is not read, the same "Wins" check);
#  - tests/corpus_conv.sh with the records holding a game (but the
#    defective ones and those tests/public/formats names: a game log's
#    game alone out of its match, a position's dice, do not come back
#    from .mat) as operands: JSON, .mat, XG .mat and SGF and back;
#  - XG's own .mat export comes back from bgconv -s xg byte for byte;
#  - for the position text exports tests/public/xgtext names, each XGID
#    line of the file against the XGID bgkit computes from that
#    position's diagram (bgconv -T json's diagram object):
#    tests/public/DIR/FILE.diagram holds, after its line of review, a
#    line a position, "same",
#    "differs: XGID" or "no diagram" (or "no position" when the XGID
#    is not read);
#  - tests/corpus_gnubg.sh with the records that are not SGF as
#    operands: gnubg reads what bgconv writes of the valid ones as we
#    do (when gnubg is installed).
# `sh tests/corpus_public.sh -d` prints the folder it reads.
# Ends "corpus_public: N passed, N failed" (", 1 skipped" when skipped).
# BGKIT_UPDATE=1 writes the .expect files instead of comparing, keeping
# their first lines (a new file's says it is not reviewed, and fails
# until someone has).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
pub=${BGKIT_PUBLIC:-$top/../shared/corpus/public}
want=$top/tests/public
bin=$top/bin
export LC_ALL=C
pass=0 fail=0

if [ "${1:-}" = -d ]; then
	echo "$pub"
	exit 0
fi
if [ ! -d "$pub" ]; then
	echo "SKIP: no records of other writers in $pub" \
	    "(they are not part of the project; BGKIT_PUBLIC names them)"
	echo "corpus_public: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
pub=$(cd "$pub" && pwd)

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-public.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

# expected FILE: FILE but its first line into $tmp/want, false when that
# line does not say how FILE was reviewed by hand.
expected() {
	IFS= read -r first <"$1" || first=""
	case $first in
	"# Reviewed by hand against "*) tail -n +2 "$1" >"$tmp/want" ;;
	*) return 1 ;;
	esac
}

# update FILE: BGKIT_UPDATE's write of $tmp/got to FILE, after FILE's
# first line, or one that says it is not reviewed.
update() {
	first="# NOT REVIEWED: compare it with the record, then say against what"
	[ -f "$1" ] && IFS= read -r first <"$1"
	{ echo "$first"; cat "$tmp/got"; } >"$tmp/new"
	mv "$tmp/new" "$1"
}

# against FILE WHAT: $tmp/got against the expectation FILE (its line of
# review apart) for the record $f, WHAT naming what was got in a
# failure; with BGKIT_UPDATE=1, written to FILE.
against() {
	if [ "${BGKIT_UPDATE:-}" = 1 ]; then
		mkdir -p "${1%/*}"
		update "$1"
		ok
	elif [ ! -f "$1" ]; then
		bad "$f: no ${1#"$top"/} (BGKIT_UPDATE=1 writes it)"
	elif ! expected "$1"; then
		bad "$f: the first line of ${1#"$top"/} does not say how it was" \
		    "reviewed by hand (# Reviewed by hand against ...)"
	elif cmp -s "$tmp/want" "$tmp/got"; then
		ok
	else
		bad "$f: $2 differs from ${1#"$top"/}"
		diff "$tmp/want" "$tmp/got" | head -10
	fi
}

# The files, as DIR/FILE, and the expectations.
(cd "$pub" && find . -mindepth 2 -maxdepth 2 -type f ! -name '*.md' |
    sed 's|^\./||' | sort) >"$tmp/files"
(cd "$want" && find . -mindepth 2 -maxdepth 2 -type f -name '*.expect' |
    sed 's|^\./||; s|\.expect$||' | sort) >"$tmp/expects"
comm -13 "$tmp/files" "$tmp/expects" | while IFS= read -r f; do
	echo "FAIL: $f: expected, but not in $pub"
done >"$tmp/missing"
n=$(grep -c FAIL "$tmp/missing")
fail=$((fail + n))
cat "$tmp/missing"

# bgcheck's verdict on each file.
while IFS= read -r f; do
	d=$(dirname "$f") b=$(basename "$f")
	(cd "$pub/$d" && "$bin/bgcheck" -v "$b" >"$tmp/out" 2>"$tmp/err"
	    echo "exit $?" >"$tmp/rc")
	cat "$tmp/out" "$tmp/err" "$tmp/rc" >"$tmp/got"
	against "$want/$f.expect" "bgcheck -v"
done <"$tmp/files"

# The lists for the other scripts: files that are no match record,
# defective records, records with a game.
cd "$pub" || exit 2
touch "$tmp/formats"
[ -f "$want/formats" ] && cp "$want/formats" "$tmp/formats"
: >"$tmp/notmat"
: >"$tmp/records"
while IFS= read -r f; do
	if grep -q "^bgcheck: .*: error: no 'N point match' line" \
	    "$want/$f.expect" 2>/dev/null; then
		printf '%s\n' "$f" >>"$tmp/notmat"
	elif ! grep -Fqx -- "$f" "$want/defects" &&
	    ! grep -Fqx -- "$f" "$tmp/formats"; then
		printf '%s\n' "$f" >>"$tmp/records"
	fi
done <"$tmp/files"

# Runs a script with the files listed in $2 as operands and adds its
# count to ours.
part() {
	s=$1 list=$2
	set --
	while IFS= read -r f; do
		set -- "$@" "$f"
	done <"$list"
	sh "$top/tests/$s" "$@" >"$tmp/part" 2>&1
	cat "$tmp/part"
	last=$(tail -n 1 "$tmp/part")
	p=$(echo "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
	f=$(echo "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
	if [ -z "$p" ]; then
		bad "$s: $last"
		return
	fi
	pass=$((pass + p))
	fail=$((fail + f))
}

touch "$tmp/xgtext"
[ -f "$want/xgtext" ] && cp "$want/xgtext" "$tmp/xgtext"
grep -E '\.(mat|txt|xg)$' "$tmp/files" | grep -vFx -f "$tmp/formats" |
    grep -vFx -f "$tmp/xgtext" >"$tmp/matlike"
NOTMAT=$tmp/notmat INVALID=$want/defects part corpus_mat.sh "$tmp/matlike"
part corpus_conv.sh "$tmp/records"
grep -v '\.sgf$' "$tmp/records" >"$tmp/nosgf"
part corpus_gnubg.sh "$tmp/nosgf"

# XG's own .mat export comes back from -s xg byte for byte.
f=kevung__gbf/test.mat
if [ -f "$f" ]; then
	"$bin/bgconv" -e -T mat -s xg "$f" | cmp -s - "$f" && ok ||
	    bad "$f: bgconv -s xg differs from XG's file"
fi

# Position text exports: the XGID line against the diagram's.
diagrams() {
	grep -ao 'XGID=[^ ]*' "$1" | tr -d '\r' >"$tmp/ids"
	"$bin/bgconv" -F -e -T json "$1" 2>/dev/null >"$tmp/json"
	sed -n 's/^{"type":"diagram","game":\([0-9]*\),"xgid":"\([^"]*\)"}$/\1 \2/p' \
	    "$tmp/json" >"$tmp/drawn"
	grep '^{"type":"record",.*"action":"setpos"' "$tmp/json" |
	    sed 's/.*"text":"\([^"]*\)".*/\1/' >"$tmp/setpos"
	n=0 g=0
	while IFS= read -r id; do
		n=$((n + 1))
		if ! grep -Fqx -- "$id" "$tmp/setpos"; then
			echo "$n: $id: no position"
			continue
		fi
		g=$((g + 1))
		d=$(sed -n "s/^$g //p" "$tmp/drawn")
		if [ -z "$d" ]; then
			echo "$n: $id: no diagram"
		elif [ "$d" = "$id" ]; then
			echo "$n: $id: same"
		else
			echo "$n: $id: differs: $d"
		fi
	done <"$tmp/ids"
}
if [ -f "$want/xgtext" ]; then
	while IFS= read -r f; do
		[ -f "$f" ] || { bad "$f: in tests/public/xgtext, not in $pub"; continue; }
		diagrams "$f" >"$tmp/got"
		against "$want/$f.diagram" "its diagrams"
	done <"$want/xgtext"
fi

# The analysis read from each XG file that has a reviewed
# tests/public/DIR/FILE.analysis (tests/xganalysis.py: a line a
# decision); and the XG match whose twin gnubg analysed, decision by
# decision against gnubg's analysis (tests/xgtwin.py), held to the
# reviewed tests/public/kevung__gbf/charlot1-...xg.twin; and, with
# gnubg, gnubg's text export of bgconv -T sgf of that XG file against
# XG's analysis (tests/xggnubg.py, ...xg.gnubg).
for e in $(cd "$want" && find . -name '*.xg*.analysis' | sed 's|^\./||' |
    sort | tr ' ' '?'); do
	for w in "$want"/$e; do
		f=${w#"$want"/}
		f=${f%.analysis}
		[ -f "$pub/$f" ] || { bad "$f: has an .analysis, not in $pub"; continue; }
		"$bin/bgconv" -T json "$pub/$f" 2>/dev/null |
		    python3 "$top/tests/xganalysis.py" >"$tmp/got"
		against "$w" "the analysis read"
	done
done

twin=kevung__gbf/charlot1-charlot2_7p_2025-11-08-2305.xg
gnubg=kevung__gnubgparser/charlot1-charlot2_7p_2025-11-08-2305.sgf
if [ -f "$pub/$twin" ] && [ -f "$pub/$gnubg" ]; then
	f=$twin
	"$bin/bgconv" -T json "$pub/$twin" >"$tmp/xg.json" 2>/dev/null
	"$bin/bgconv" -T json "$pub/$gnubg" >"$tmp/gnubg.json" 2>/dev/null
	python3 "$top/tests/xgtwin.py" "$tmp/xg.json" "$tmp/gnubg.json" \
	    >"$tmp/got"
	against "$want/$twin.twin" "XG's analysis beside gnubg's"
	# gnubg opens bgconv -T sgf of the XG file and shows XG's
	# candidates, equities and luck (when gnubg is installed).
	gnubg=$(command -v gnubg || echo /usr/games/gnubg)
	if [ -x "$gnubg" ] && "$bin/bgconv" -T sgf -o "$tmp/xg.sgf" \
	    "$pub/$twin" 2>/dev/null; then
		printf 'load match %s\nexport match text %s\n' "$tmp/xg.sgf" \
		    "$tmp/xg.txt" >"$tmp/xg.cmds"
		"$gnubg" -t -q -c "$tmp/xg.cmds" </dev/null >/dev/null 2>&1
		python3 "$top/tests/xggnubg.py" "$tmp/xg.json" \
		    "$tmp/xg.txt" >"$tmp/got" 2>&1
		against "$want/$twin.gnubg" "gnubg's display of its SGF"
	fi
fi

echo "corpus_public: $pass passed, $fail failed"
[ $fail = 0 ]
