#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# seeds.sh: build the seed corpus of one fuzz harness from fixtures/, at
# run time, into a directory (nothing is committed twice).  Usage:
# seeds.sh HARNESS DIR, run from the top of the tree.  Record harnesses
# take the input files of their format; the others take the texts the
# fixtures use (move lines, IDs, -r arguments), behind the selector
# bytes their harness reads first.
set -eu
name=$1 dir=$2
rm -rf "$dir"
mkdir -p "$dir"

# put PREFIX TEXT: one seed; the prefix may hold octal escapes.
put() {
	printf "$1%s" "$2" >"$dir/put-$(printf "$1%s" "$2" | cksum | cut -d ' ' -f 1)"
}

# lines TAG PREFIX: each line of stdin as a seed, behind the prefix.
lines() {
	sort -u | awk -v dir="$dir" -v tag="$1" -v pre="$2" \
	    '{ f = dir "/" tag "-" NR; printf "%s%s", pre, $0 >f; close(f) }'
}

# Input files of the golden fixtures with extension $1.
files() {
	find fixtures -type f -name "*.$1" | sort |
	    awk -v e="$1" '{ print $0; print e "-" NR }' | xargs -r -n 2 \
	    sh -c 'cp "$1" "$0/$2"' "$dir"
}

# Words of the fixtures' arguments and outputs matching ERE $1.
words() {
	find fixtures -type f \( -name '*.args' -o -name '*.out' -o \
	    -name '*.err' -o -name '*.txt' \) -exec cat {} + |
	    grep -aoE -- "$1" || true
}

case $name in
mat)	files mat ;;
sgf)	files sgf ;;
json)	files json ;;
write)	files mat; files sgf; files json ;;
notation)
	find fixtures -type f -name '*.txt' -exec cat {} + | lines txt '\001\023'
	find fixtures -type f -name '*.mat' -exec cat {} + |
	    grep -aoE '[1-6][1-6]: [0-9a-zA-Z/*() ]+' | lines mat '\002\031'
	put '\000\000' 'bar/20 6/off(2) 24/18*/13'
	;;
posid)
	words '[A-Za-z0-9+/]{14}(:[A-Za-z0-9+/]{12})?' | lines pid '\000'
	words 'XGID=[-a-zA-Z0-9:]+' | lines xgid '\001'
	for w in start nackgammon hyper1 tavla; do put '\000' "$w"; done
	;;
matchid)
	words ':[A-Za-z0-9+/]{12}' | cut -c 2- | lines mid ''
	;;
xgid)	words 'XGID=[-a-zA-Z0-9:]+' | lines xgid '\000' ;;
ogid)	words '(OGID=)?[0-9a-p]*:[0-9a-p]*:[WBND?][0-9]+[NOTP]:[0-9A-Za-z:]*' |
	    lines ogid '\000'
	;;
fibs)	words 'board:[^ ]*' | lines fibs '\000' ;;
rules)	words '(crawford|holland|jacoby|beavers|autodoubles|cubelimit|variant|cube)=[a-z0-9,=]*' |
	    lines rules ''
	;;
xg)	# Whole files behind a 0, their game files alone behind a 1.
	n=0
	for d in tests/xg/*.txt; do
		n=$((n + 1))
		{ printf '\000'; python3 tests/xgmake.py "$d"; } >"$dir/xg-$n"
		{ printf '\001'; python3 tests/xgmake.py -g "$d"; } \
		    >"$dir/xgg-$n"
	done
	;;
xganalysis)
	# Each move and cube record of the files built from tests/xg,
	# behind the version byte, with the file's comment stream.
	for d in tests/xg/*.txt; do
		python3 tests/xgmake.py -g "$d" | python3 -c '
import sys
d, out = sys.stdin.buffer.read(), sys.argv[1]
com = sys.argv[2].encode("latin-1")
for i in range(0, len(d) - 2559, 2560):
    if d[i + 8] in (2, 3):
        with open("%s-%d" % (out, i // 2560), "wb") as f:
            f.write(b"\001" + d[i:i + 2560] + com)
' "$dir/${d##*/}" "$(sed -n 's/^comment //p' "$d" | tr '|' '\001')"
	done
	;;
pos)	# Snowie position lines behind a 0, .pos files behind a 1,
	# lists of positions behind a 2.
	n=0
	for f in $(find fixtures -type f \( -name '*.snowie' -o \
	    -name '*.pos' \) | sort) fixtures/bgshow/positions/*.txt \
	    fixtures/bgshow/positions/*.csv; do
		n=$((n + 1))
		case $f in
		*.pos)	{ printf '\001'; cat "$f"; } >"$dir/pos-$n" ;;
		*.snowie) { printf '\000'; cat "$f"; } >"$dir/snowie-$n" ;;
		*)	{ printf '\002'; cat "$f"; } >"$dir/list-$n" ;;
		esac
	done
	;;
postext)
	for f in fixtures/bgcheck/xgtext/*.txt; do
		cp "$f" "$dir/${f##*/}"
	done
	;;
sganalysis)
	# Each node of the SGF fixtures from its analysis on, behind the
	# side and match-play byte.
	find fixtures -type f -name '*.sgf' -exec cat {} + |
	    grep -aoE '(DA|A|LU)\[.*' | lines an '\003'
	;;
stats)
	# The match equity tables of the fixtures behind a 0, the GS
	# properties of the SGF fixtures behind a 1.
	n=0
	for f in fixtures/*/*/*.xml; do
		n=$((n + 1))
		{ printf '\000'; cat "$f"; } >"$dir/met-$n"
	done
	find fixtures -type f -name '*.sgf' -exec cat {} + |
	    grep -aoE 'GS(\[[^]]*\])+' | lines gs '\001'
	;;
gnubgtext)
	for f in fixtures/bgshow/gnubgtext/*.txt; do
		cp "$f" "$dir/${f##*/}"
	done
	;;
fibslog)
	for f in fixtures/*/fibs/*.log fixtures/*/fibs/watch.txt; do
		cp "$f" "$dir/$(echo "$f" | tr / -)"
	done
	;;
oldmoves)
	for f in fixtures/*/fibs/*.fibs fixtures/bgscore/fibs/two.txt; do
		cp "$f" "$dir/$(echo "$f" | tr / -)"
	done
	;;
*)	echo "seeds.sh: no seeds for $name" >&2 ;;
esac
[ -n "$(ls "$dir")" ] || put '' ''
