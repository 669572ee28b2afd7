#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# compare.sh: run two builds of the tools side by side over every input
# and report each difference in standard output, standard error or exit
# status.  For a refactor that must not change what the tools say.
#
#	sh tests/compare.sh OLD NEW [INPUT_DIR ...]
#
# OLD and NEW are each a directory holding bgcheck, bgshow, bgscore and
# bgconv (a bin/ directory), or a git revision of this repository, which
# is exported and built in a temporary directory.  The inputs are every
# .mat, .sgf, .json, .jsonl and .txt file under fixtures/ and under each
# INPUT_DIR (default: the directories of $BGKIT_CORPUS, separated by
# colons).  Each input is run through
#	bgcheck -v, bgcheck -v -T json,
#	bgshow -a, bgshow -a -T json,
#	bgscore, bgscore -T json, bgscore -T csv,
#	bgconv -T json, -T mat, -T sgf (to standard output)
# in its own directory, with the file named as it is found.  Prints one
# line per difference (and the first lines of a diff with -v as the
# first argument), then "N same, N differ"; exits 1 when anything
# differs, 2 on a usage or build error.
set -u
verbose=0
if [ "${1:-}" = -v ]; then
	verbose=1
	shift
fi
if [ $# -lt 2 ]; then
	echo "usage: sh tests/compare.sh [-v] OLD NEW [INPUT_DIR ...]" >&2
	exit 2
fi
top=$(cd "$(dirname "$0")/.." && pwd)
work=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-compare.XXXXXX") || exit 2
trap 'rm -rf "$work"' EXIT
export LC_ALL=C

# A directory of tools for $1: itself, or revision $1 built in $work/$2.
tools() {
	if [ -d "$1" ]; then
		(cd "$1" && pwd)
		return
	fi
	mkdir -p "$work/$2" || return 1
	git -C "$top" archive "$1" | tar -x -C "$work/$2" || return 1
	make -C "$work/$2" -j2 all >"$work/$2.log" 2>&1 || {
		echo "compare.sh: building $1 failed (see below)" >&2
		tail -n 20 "$work/$2.log" >&2
		return 1
	}
	echo "$work/$2/bin"
}
old=$(tools "$1" old) || exit 2
new=$(tools "$2" new) || exit 2
shift 2
[ $# -gt 0 ] || {
	IFS=:
	# shellcheck disable=SC2086
	set -- ${BGKIT_CORPUS:-}
	unset IFS
}

list="$work/inputs"
: >"$list"
for d in "$top/fixtures" "$@"; do
	[ -d "$d" ] || {
		echo "compare.sh: $d: not a directory" >&2
		exit 2
	}
	find "$d" -type f \( -name '*.mat' -o -name '*.sgf' -o \
	    -name '*.json' -o -name '*.jsonl' -o -name '*.txt' \) \
	    -print >>"$list"
done
sort -o "$list" "$list"

# run BIN_DIR OUT_PREFIX DIR FILE TOOL ARGS...: one run, three files.
run() {
	b=$1 o=$2 dir=$3 f=$4 t=$5
	shift 5
	(cd "$dir" && "$b/$t" "$@" "$f" </dev/null >"$o.out" 2>"$o.err";
	    echo $? >"$o.rc")
	# The program name in messages is the same tool in both builds.
	return 0
}

same=0 differ=0
while IFS= read -r path; do
	dir=$(dirname "$path") f=$(basename "$path")
	while IFS='|' read -r t a; do
		# shellcheck disable=SC2086
		run "$old" "$work/a" "$dir" "$f" $t $a
		# shellcheck disable=SC2086
		run "$new" "$work/b" "$dir" "$f" $t $a
		d=""
		cmp -s "$work/a.out" "$work/b.out" || d="$d stdout"
		cmp -s "$work/a.err" "$work/b.err" || d="$d stderr"
		cmp -s "$work/a.rc" "$work/b.rc" || d="$d status"
		if [ -z "$d" ]; then
			same=$((same + 1))
			continue
		fi
		differ=$((differ + 1))
		echo "DIFF:$d: $t $a $path"
		if [ $verbose = 1 ]; then
			for s in out err rc; do
				diff "$work/a.$s" "$work/b.$s" | head -n 6
			done
		fi
	done <<EOF
bgcheck|-v
bgcheck|-v -T json
bgshow|-a
bgshow|-a -T json
bgscore|
bgscore|-T json
bgscore|-T csv
bgconv|-T json
bgconv|-T mat
bgconv|-T sgf
EOF
done <"$list"
echo "$same same, $differ differ"
[ $differ = 0 ]
