#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# size.sh: the limits that keep the modules readable and the tools thin,
# checked on the sources: no function of lib/*.c over 120 lines, no
# tools/*.c over 250 lines, no main() over 80 lines.  A function runs
# from its return type's line (the line before its name, which starts a
# line as the house style writes a definition) to the "}" that starts a
# line after it.  Prints a FAIL line, with the file and line, for each
# function or file over its limit.  Its cases are the reading (a
# hundred functions found in lib/) and the three limits, each checked
# on every function or file it applies to (generated checks).  Run by
# tests/run.sh (suite lint) and `make lint-size`; ends "size: N cases, N
# generated checks" and "size: N passed, N failed" (of the cases).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export LC_ALL=C
FUNMAX=120 TOOLMAX=250 MAINMAX=80
pass=0 fail=0
. "$top/tests/cases.sh"

# functions FILE...: "file:line name length" for every definition.
functions() {
	awk '
	FNR == 1 { infn = 0 }
	/^[A-Za-z_][A-Za-z0-9_]*\(/ && !infn {
		name = $0; sub(/\(.*/, "", name)
		start = FNR - 1; infn = 1; next
	}
	infn && /^}/ {
		print FILENAME ":" start " " name " " FNR - start + 1
		infn = 0
	}' "$@"
}

functions lib/*.c tools/*.c >"${TMPDIR:-/tmp}/bgkit-size.$$" || exit 2
list=$(cat "${TMPDIR:-/tmp}/bgkit-size.$$")
rm -f "${TMPDIR:-/tmp}/bgkit-size.$$"

# The reading itself: a source without functions means it broke.
n=$(echo "$list" | grep -c '^lib/')
if [ "$n" -lt 100 ]; then
	echo "FAIL: only $n functions found in lib/*.c: the reading broke"
	fail=$((fail + 1))
else
	pass=$((pass + 1))
fi

# limit PATTERN MAX: every function of the list whose "file:line name"
# matches PATTERN at most MAX lines, one case.
limit() {
	group_begin
	while read -r at name len; do
		# shellcheck disable=SC2254
		case "$at $name" in
		$1) ;;
		*) continue ;;
		esac
		if [ "$len" -gt "$2" ]; then
			echo "FAIL: $at: $name() is $len lines (at most $2)"
			fail=$((fail + 1))
		else
			pass=$((pass + 1))
		fi
	done <<EOF
$list
EOF
	group_end
}
limit 'lib/*' $FUNMAX
limit 'tools/* main' $MAINMAX
group_begin
for f in tools/*.c; do
	len=$(wc -l <"$f")
	if [ "$len" -gt $TOOLMAX ]; then
		echo "FAIL: $f is $len lines (at most $TOOLMAX)"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done
group_end
cases_end size
[ "$fail" = 0 ]
