#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_oldmoves.sh: GNU Backgammon and bgkit read FIBS oldmoves alike.
# For every fixtures/*/fibs/*.fibs (or the files given as operands), one
# gnubg run (tests/gnubg_match.py) imports each file with "import
# oldmoves", and every game must come out as ours: the same winner, the
# same end (a bear-off, a drop or a resignation) and, move after move,
# the same side, roll and Position ID before the move as bgshow -a
# gives.  Where we differ on purpose (bgkit-fibs(5)): gnubg scores every
# resignation as a single game, so a resignation's points are not
# compared.  gnubg reads one match of a file: the files compared hold
# one.  Skipped, with one SKIP line, when gnubg is not installed
# (the Debian package gnubg; .ci/run installs it).
# Ends "corpus_oldmoves: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/bin
export PATH="$PATH:/usr/games"
export LC_ALL=C
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if ! command -v gnubg >/dev/null 2>&1; then
	echo "SKIP: gnubg is not installed"
	echo "corpus_oldmoves: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-oldmoves.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

if [ $# = 0 ]; then
	set -- "$top"/fixtures/*/fibs/*.fibs
fi
n=0
: >"$tmp/list"
for f in "$@"; do
	n=$((n + 1))
	cp "$f" "$tmp/$n.fibs"
	printf 'oldmoves %s\n' "$tmp/$n.fibs" >>"$tmp/list"
	printf '%s\n' "$f" >"$tmp/$n.name"
	"$bin/bgconv" -e -F -T json "$f" >"$tmp/$n.json" 2>/dev/null
	{
		jq -r 'select(.type == "result") | "\(.game)\t0\t" +
		    (if .winner == null then "game none" else "game \(.winner) " +
		    (if .ended_by == "resign" then "* resign" else
		    "\(.total_points) end" end) end)' "$tmp/$n.json"
		"$bin/bgshow" -a -T json "$f" 2>/dev/null | jq -s -r '
		    group_by(.game)[] | . as $g | range(1; length) |
		    select($g[.].action == "move") | "\($g[.].game)\t1\t" +
		    "move \($g[.].side) \($g[.].dice[0])\($g[.].dice[1]) " +
		    "\($g[. - 1].position_id)"'
	} | sort -s -t '	' -k1,1n -k2,2n | cut -f3 >"$tmp/$n.want"
done

BGKIT_GNUBG_LIST=$tmp/list BGKIT_GNUBG_OUT=$tmp/gnubg.out \
    gnubg -t -q -p "$top/tests/gnubg_match.py" >"$tmp/gnubg.log" 2>&1
if [ ! -s "$tmp/gnubg.out" ]; then
	bad "gnubg wrote nothing: $(tail -n 3 "$tmp/gnubg.log")"
	echo "corpus_oldmoves: $pass passed, $fail failed"
	exit 1
fi
awk -v dir="$tmp" '/^file / { f = $2 ".got"; next } { print > f }' \
    "$tmp/gnubg.out"

# gnubg's lines must be ours ("*" matching any number), in order.
i=0
while [ $i -lt $n ]; do
	i=$((i + 1))
	name=$(cat "$tmp/$i.name")
	name=${name#"$top"/}
	if [ ! -f "$tmp/$i.fibs.got" ]; then
		bad "$name: gnubg did not read it"
	elif awk 'NR == FNR { want[FNR] = $0; n = FNR; next }
	    { got[FNR] = $0; m = FNR }
	    END {
		if (m != n)
			exit 1
		for (i = 1; i <= m; i++) {
			a = want[i]
			if (a == got[i])
				continue
			if (a !~ /^game / || sub(/\*/, "[0-9]+", a) == 0 ||
			    got[i] !~ "^" a "$")
				exit 1
		}
		exit m == 0
	    }' "$tmp/$i.want" "$tmp/$i.fibs.got"; then
		ok
	else
		bad "$name: gnubg reads it otherwise:"
		diff "$tmp/$i.want" "$tmp/$i.fibs.got" | head -5
	fi
done

echo "corpus_oldmoves: $pass passed, $fail failed"
[ $fail = 0 ]
