#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# pair.sh: compare the speed of git revisions of the library side by
# side (tests/bench/pair.c): builds libbgkit.so of each revision in a
# scratch worktree under tests/bench/out/pair, then reads, and replays
# with -r, the file with each build in turn, -n rounds (200 by
# default).  The file defaults to the first 2 MB of the benchmark's
# money session (make bench makes it), cut at a game.
#
#	sh tests/bench/pair.sh [-r] [-n rounds] [-f file] rev ...
set -e
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/bench/out/pair
file= opts=
die() { echo "pair: $*" >&2; exit 2; }
while getopts rn:f: c; do
	case $c in
	r) opts="$opts -r" ;;
	n) opts="$opts -n $OPTARG" ;;
	f) file=$OPTARG ;;
	*) die "usage: pair.sh [-r] [-n rounds] [-f file] rev ..." ;;
	esac
done
shift $((OPTIND - 1))
[ $# -ge 1 ] || die "usage: pair.sh [-r] [-n rounds] [-f file] rev ..."
mkdir -p "$out"
if [ -z "$file" ]; then
	session=$top/tests/bench/out/data/session.mat
	[ -f "$session" ] || die "no $session: run make bench first, or give -f"
	file=$out/slice.mat
	head -c 2000000 "$session" |
	    awk '/^ Game / { printf "%s", buf; buf = "" } { buf = buf $0 "\n" }' > "$file"
fi
${CC:-cc} -O2 -o "$out/pair" "$top/tests/bench/pair.c" -ldl
libs=
for rev in "$@"; do
	id=$(git -C "$top" rev-parse --short "$rev") || die "no revision $rev"
	if [ ! -f "$out/$id.so" ]; then
		rm -rf "$out/tree"
		git -C "$top" worktree add -q --detach "$out/tree" "$id"
		make -C "$out/tree" -s lib/libbgkit.so > /dev/null
		cp "$(ls "$out"/tree/lib/libbgkit.so.*.*.* | head -n 1)" \
		    "$out/$id.so"
		git -C "$top" worktree remove --force "$out/tree"
	fi
	libs="$libs $out/$id.so"
done
# shellcheck disable=SC2086
"$out/pair" $opts "$file" $libs
