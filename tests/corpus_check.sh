#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_check.sh: bgcheck against GNU Backgammon's own matches
# (tests/corpus/gnubg).  Every match must be valid (exit 0, nothing
# on stderr, even with -W); every mutant must fail under -W with its
# first diagnostic on the line its verdict names, hit-mark defects as
# warnings and the others as errors (a file cut mid-game: a warning);
# and the final position of every match is the one gnubg reached.
# Ends "corpus_check: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
. "$top/tests/firstline.sh"
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
dir=$corpus/gnubg
bgcheck=$top/bin/bgcheck
pass=0 fail=0

if [ ! -d "$dir" ]; then
	echo "FAIL: $dir not found (set BGKIT_CORPUS)"
	echo "corpus_check: 0 passed, 1 failed"
	exit 1
fi
for f in "$dir"/matches/*.mat; do
	err=$("$bgcheck" -W "$f" 2>&1 >/dev/null)
	if [ $? = 0 ] && [ -z "$err" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $f is valid but:"
		echo "$err" | head -3
	fi
done
# The final position of each match, as an XGID, equals gnubg's.
for f in "$dir"/matches/*.mat; do
	t=$dir/truth/$(basename "$f" .mat).json
	want=$(jq -r '.games[-1].final_xgid' "$t")
	got=$("$bgcheck" -v "$f" | sed -n 's/^final position: [^ ]* //p')
	if [ "$got" = "$want" ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $f: final position $got, gnubg says $want"
	fi
done
# One jq for every mutant's verdict ("file kind line"), one bgcheck a
# mutant: its first message, taken apart by the shell, and its status.
tmp=$(mktemp "${TMPDIR:-/tmp}/corpus_check.XXXXXX") || exit 2
trap 'rm -f "$tmp" "$tmp.err"' EXIT HUP INT TERM
jq -r '"\(input_filename) \(.kind) \(.line)"' "$dir"/mutants/*.json >"$tmp"
while read -r j kind line; do
	f=${j%.json}.mat
	case $kind in
	hit_marker_*|truncated_file) sev=warning ;;
	*) sev=error ;;
	esac
	"$bgcheck" -W "$f" >/dev/null 2>"$tmp.err"
	rc=$?
	got=$(msgline "$tmp.err")
	IFS= read -r first <"$tmp.err" || first=""
	case $first in
	*": $sev: "*) okay=1 ;;
	*) okay=0 ;;
	esac
	if [ $rc = 1 ] && [ "$got" = "$line" ] && [ $okay = 1 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $f ($kind): want a $sev at line $line, exit 1;" \
		    "got exit $rc: $first"
	fi
done <"$tmp"
echo "corpus_check: $pass passed, $fail failed"
[ $fail = 0 ]
