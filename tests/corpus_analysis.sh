#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_analysis.sh: the engine's analysis read from gnubg's SGF and
# written again, on the matches of tests/corpus/analysed (12 matches
# analysed by gnubg 1.07, made by tests/gnubg_analyse.sh):
#
#  1. What the library reads is the SGF's text: bgconv -T json's
#     "analysis" of every move and cube node against an independent
#     reading of the SGF (tests/analysis_check.py): the play made, each
#     candidate's steps, numbers and settings, the cube decision's
#     outputs, the luck and the marks.
#  2. bgconv -T sgf writes it back as gnubg wrote it: the same bytes but
#     for the AP property (the program that wrote the file) and RU.
#  3. JSON Lines keeps it: sgf -> json -> sgf gives the bytes of sgf ->
#     sgf.
#  4. gnubg reads our SGF as its own: "show statistics match" of our
#     SGF loaded is that of gnubg's SGF loaded, line for line.  (It is
#     also the .stats file's match part but where gnubg's own reload
#     differs from it in a last digit: gnubg computed .stats before
#     saving, from numbers its SGF rounds.)  Skipped with one SKIP line
#     when gnubg is not installed (the Debian package gnubg).
#
# Run from the top of the tree after `make`; BGKIT_CORPUS names another
# copy of tests/corpus.  Ends "corpus_analysis: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
A=$corpus/analysed
bin=$top/bin
export LC_ALL=C
pass=0 fail=0 skip=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

[ -x "$bin/bgconv" ] || { echo "$0: build $bin/bgconv first" >&2; exit 2; }
if [ ! -d "$A" ]; then
	echo "FAIL: $A not found (set BGKIT_CORPUS)"
	echo "corpus_analysis: 0 passed, 1 failed"
	exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-analysis.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

# The SGF without its AP property (the program that wrote it) and RU
# (which we leave out where it means nothing: Crawford in a 1-point
# match).
noap() {
	sed 's/AP\[[^]]*\]//; s/RU\[[^]]*\]//' "$1"
}

: >"$tmp/cmds"
for f in "$A"/m*.sgf.gz; do
	m=$(basename "$f" .sgf.gz)
	gzip -dc "$f" >"$tmp/$m.sgf"
	# 1.
	if "$bin/bgconv" -T json "$tmp/$m.sgf" >"$tmp/$m.json" \
	    2>"$tmp/$m.err" && [ ! -s "$tmp/$m.err" ] &&
	    python3 "$top/tests/analysis_check.py" "$tmp/$m.sgf" \
	    "$tmp/$m.json" >"$tmp/$m.check"; then
		ok
	else
		bad "$m: the analysis read is not the SGF's"
		head -5 "$tmp/$m.err" "$tmp/$m.check"
	fi
	# 2.
	if "$bin/bgconv" -T sgf -o "$tmp/$m.out.sgf" "$tmp/$m.sgf" &&
	    noap "$tmp/$m.sgf" >"$tmp/a" && noap "$tmp/$m.out.sgf" >"$tmp/b" &&
	    cmp -s "$tmp/a" "$tmp/b"; then
		ok
	else
		bad "$m: bgconv -T sgf does not write the analysis as gnubg"
		diff "$tmp/a" "$tmp/b" | head -4
	fi
	# 3.
	if "$bin/bgconv" -f json -T sgf "$tmp/$m.json" 2>"$tmp/$m.err" |
	    cmp -s - "$tmp/$m.out.sgf" && [ ! -s "$tmp/$m.err" ]; then
		ok
	else
		bad "$m: sgf -> json -> sgf is not sgf -> sgf"
	fi
	printf 'load match %s\nshow statistics match\n' "$tmp/$m.sgf" \
	    "$tmp/$m.out.sgf" >>"$tmp/cmds"
done

# 4. One gnubg run: each "show statistics match" one table.
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
if [ -x "$gnubg" ]; then
	sh "$top/tests/gnubg_stats.sh" "$gnubg" "$tmp/cmds" "$tmp"
	k=0
	for f in "$A"/m*.sgf.gz; do
		m=$(basename "$f" .sgf.gz)
		k=$((k + 2))
		if [ -s "$tmp/stats.$k" ] &&
		    cmp -s "$tmp/stats.$((k - 1))" "$tmp/stats.$k"; then
			ok
		else
			bad "$m: gnubg's statistics of our SGF are not those of its own"
			diff "$tmp/stats.$((k - 1))" "$tmp/stats.$k" | head -4
		fi
	done
else
	echo "SKIP: gnubg not installed: our analysed SGF not loaded into gnubg"
	skip=1
fi
if [ "$skip" -gt 0 ]; then
	echo "corpus_analysis: $pass passed, $fail failed, $skip skipped"
else
	echo "corpus_analysis: $pass passed, $fail failed"
fi
[ "$fail" -eq 0 ]
