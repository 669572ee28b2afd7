#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_rules.sh: the rules corpus (tests/corpus/gnubg-rules):
# Nackgammon, Hypergammon 1-3, Jacoby, beavers, automatic doubles and
# no-Crawford matches that gnubg played.  Every match passes bgcheck -W;
# bgscore agrees with the truth on every game (the automatic-doubles
# sessions through their .sgf: .mat cannot show their cube, see
# bgcheck(1));
# every mutant is reported at its verdict's line; bgmove -V lists gnubg's
# legal plays for the variant.  Ends "corpus_rules: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/firstline.sh"
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
dir=$corpus/gnubg-rules
bin=$top/bin
tab=$(printf '\t')
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if [ ! -d "$dir" ]; then
	echo "FAIL: $dir not found (set BGKIT_CORPUS)"
	echo "corpus_rules: 0 passed, 1 failed"
	exit 1
fi
for f in "$dir"/*/matches/*.mat; do
	kind=$(basename "$(dirname "$(dirname "$f")")")
	err=$("$bin/bgcheck" -W "$f" 2>&1 >/dev/null)
	if [ $? = 0 ] && [ -z "$err" ]; then ok; else
		bad "$f is valid but: $(echo "$err" | head -1)"; fi
	[ "$kind" = autodoubles ] && continue
	t=$(dirname "$(dirname "$f")")/truth/$(basename "$f" .mat).json
	jq -r '.games[] | [.winner, .points_won, .ended_by] | @tsv' "$t" \
	    >"$tmp/want"
	"$bin/bgscore" -T json "$f" | jq -r 'select(.game) |
	    [.winner, .total_points, .ended_by] | @tsv' >"$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else
		bad "$f: bgscore differs from the truth"
		diff "$tmp/want" "$tmp/got" | head -4
	fi
done
# Automatic doubles only show in SGF (CV): check and score those.
for f in "$dir"/autodoubles/matches/*.sgf; do
	err=$("$bin/bgcheck" -W "$f" 2>&1 >/dev/null)
	if [ $? = 0 ] && [ -z "$err" ]; then ok; else
		bad "$f is valid but: $(echo "$err" | head -1)"; fi
	t=$dir/autodoubles/truth/$(basename "$f" .sgf).json
	jq -r '.games[] | [.winner, .points_won, .ended_by] | @tsv' "$t" \
	    >"$tmp/want"
	"$bin/bgscore" -T json "$f" | jq -r 'select(.game) |
	    [.winner, .total_points, .ended_by] | @tsv' >"$tmp/got"
	if cmp -s "$tmp/want" "$tmp/got"; then ok; else
		bad "$f: bgscore differs from the truth"
		diff "$tmp/want" "$tmp/got" | head -4
	fi
done
# One jq for every mutant's line, one bgcheck a mutant, its first
# message taken apart by the shell.
jq -r '"\(input_filename) \(.line)"' "$dir"/*/mutants/*.json >"$tmp/lines"
while read -r j line; do
	"$bin/bgcheck" -W "${j%.json}.mat" >/dev/null 2>"$tmp/err"
	got=$(msgline "$tmp/err")
	IFS= read -r first <"$tmp/err" || first=""
	if [ "$got" = "$line" ]; then ok; else
		bad "$j: want line $line, got: $first"; fi
done <"$tmp/lines"
# The legal plays: one bgmove a case; their Position IDs gathered by
# one sed and sort, each case's set compared by one awk.
jq -r '.cases[] | [.id, .variation, .position_id,
    (.dice | map(tostring) | join("")),
    ([.legal_moves[].position_id_after] | sort | join(" "))] | @tsv' \
    "$dir"/*/legal/legal_moves.json | awk -F "$tab" -v OFS="$tab" \
    '{ $1 = NR " " $1; print }' >"$tmp/cases"
while IFS="$tab" read -r id v pid dice want; do
	"$bin/bgmove" -V "$v" -p "$pid" -d "$dice" -a -T json |
	    sed "s/^/${id%% *} /"
done <"$tmp/cases" |
    sed -n 's/^\([^ ]*\) .*"position_id":"\([^"]*\)".*/\1 \2/p' |
    sort -k1,1 -k2,2 >"$tmp/listed"
awk 'NR == FNR { if ($1 in got) got[$1] = got[$1] " " $2
    else got[$1] = $2; next }
    { split($1, k, " "); if (got[k[1]] == $5) print "ok"
    else print "FAIL: " k[2] " (" $2 ") " $3 " " $4 ": legal plays differ" }' \
    FS=' ' "$tmp/listed" FS="$tab" "$tmp/cases" >"$tmp/res"
grep -v '^ok$' "$tmp/res"
pass=$((pass + $(grep -c '^ok$' "$tmp/res")))
fail=$((fail + $(grep -c '^FAIL' "$tmp/res")))
echo "corpus_rules: $pass passed, $fail failed"
[ $fail = 0 ]
