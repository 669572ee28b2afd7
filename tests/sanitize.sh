#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# sanitize.sh: the test suite on instrumented builds, in a copy of the
# source tree under build/MODE, so that the normal build others use is
# never touched.  Run from the top of the tree by `make check-asan` and
# `make check-valgrind`.
#
#   asan      the suites of `make check` that run the library, built
#             by gcc with AddressSanitizer (leaks included) and
#             UndefinedBehaviorSanitizer, every finding fatal.  Reports
#             go to build/asan/reports/ as well as failing the test that
#             ran into them.  Not run here: man-lint and lint, which run
#             no library code, and page, whose time is Chromium's (not
#             instrumented) and whose pages the golden suite's html
#             cases write with the same tools.
#   valgrind  the golden fixtures with every tool run under valgrind
#             memcheck (leaks included); a tool with errors exits 99,
#             which fails its test, and its report is kept in
#             build/valgrind/reports/.  tests/tools.sh (each tool's
#             --help, --version and options, one run at a time: some
#             twenty minutes under valgrind) runs under the sanitizers
#             in asan mode, and not again here.
#   scalar    the suites that run the library's readers and replay
#             directly (unit, golden, rules, corpus), built with
#             -U__SSE2__: the portable code paths instead of the SSE2
#             ones.  The SSE2 code (lib/record_int.h's rec_zero, under
#             every reader; lib/fmt_mat_text.c's line scanning;
#             lib/fmt_mat_fast.c) is in the library only; the other
#             suites reach it through the same tools and so test it no
#             further (and CI's time is counted).
#
# The copy holds the files git knows of or would add (so work not yet
# committed is tested too), taken afresh on every run.  The copy's
# tests/corpus_public.sh reads the records of other writers from where
# the tree's own would (BGKIT_PUBLIC).  BGKIT_SANITIZE names the mode
# for the tests that must know (hostile-input cases that set ulimit -v, which
# the sanitizers' address space reservations cannot live with).
# Ends with "MODE: N passed, N failed" and fails on any failure or
# report.
set -u
mode=${1:-asan}
top=$(pwd)
b=$top/build/$mode

case $mode in
asan|valgrind|scalar) ;;
*) echo "sanitize.sh: unknown mode: $mode" >&2; exit 2 ;;
esac
sh tests/deps.sh test || exit 2
[ "$mode" = valgrind ] && { sh tests/deps.sh sanitize || exit 2; }

# The tree, afresh; objects from an earlier run are kept, and rebuilt
# when their sources changed (cp -p keeps the times make compares).
mkdir -p "$b"
find "$b" -type f ! -name '*.o' -delete
git ls-files -z --cached --others --exclude-standard |
    (cd "$top" && xargs -0 sh -c 'for f; do [ -f "$f" ] &&
    cp -p --parents "$f" "$0"; done' "$b") || exit 2
BGKIT_PUBLIC=${BGKIT_PUBLIC:-$(sh tests/corpus_public.sh -d)}
export BGKIT_PUBLIC
mkdir -p "$b/reports"
export BGKIT_SANITIZE=$mode
export LC_ALL=C

if [ "$mode" = scalar ]; then
	{ make -C "$b" -s CFLAGS="-O2 -g -U__SSE2__" check-build &&
	    (cd "$b" && sh tests/run.sh unit golden rules corpus); } \
	    >"$b/check.log" 2>&1
	rc=$?
	tail -n 30 "$b/check.log" | grep -v '^make'
	last=$(tail -n 1 "$b/check.log")
elif [ "$mode" = asan ]; then
	# gcc, not clang: its libasan also goes into libbgkit.so, so that
	# tests/install.sh can build the examples against it with $CC.
	san="-fsanitize=address,undefined -fno-sanitize-recover=all"
	export ASAN_OPTIONS="detect_leaks=1:exitcode=86:log_path=$b/reports/asan:strict_string_checks=1:detect_stack_use_after_return=1"
	export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:exitcode=87:log_path=$b/reports/ubsan"
	# Through make, so that the tests that build (the install's
	# examples, pip's wheel) build with the same compiler and flags.
	make -C "$b" -s CC="gcc $san" CFLAGS="-O1 -g -fno-omit-frame-pointer" \
	    S="unit golden rules corpus man-examples install python" check \
	    >"$b/check.log" 2>&1
	rc=$?
	tail -n 30 "$b/check.log" | grep -v '^make'
	last=$(tail -n 1 "$b/check.log")
else
	# tools.sh needs the table of formats' lister too.
	make -C "$b" -s CFLAGS="-O1 -g" all tests/unit/bin/formatlist \
	    >"$b/build.log" 2>&1 || { cat "$b/build.log"; exit 2; }
	# Each tool behind a script that runs it under memcheck.
	mkdir -p "$b/real"
	for t in $(sed -n 's/^TOOLS[[:space:]]*=[[:space:]]*//p' "$b/Makefile")
	do
		mv "$b/bin/$t" "$b/real/$t"
		# Found through PATH, so that argv[0], which getopt's
		# messages show, is the tool's name as in the goldens.
		cat >"$b/bin/$t" <<EOF
#!/bin/sh
PATH="$b/real:\$PATH" exec valgrind -q --error-exitcode=99 \\
    --leak-check=full --show-leak-kinds=definite,indirect \\
    --errors-for-leak-kinds=definite,indirect \\
    --log-file="$b/reports/$t.%p" $t "\$@"
EOF
		chmod +x "$b/bin/$t"
	done
	(cd "$b" && sh tests/run.sh golden) >"$b/check.log" 2>&1
	rc=$?
	grep -E '^FAIL|passed' "$b/check.log" | head -n 40
	p=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p; s/^\([0-9]*\) passed, \([0-9]*\) failed$/\1/p' "$b/check.log" |
	    awk '{ s += $1 } END { print s + 0 }')
	f=$(sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p; s/^\([0-9]*\) passed, \([0-9]*\) failed$/\2/p' "$b/check.log" |
	    awk '{ s += $1 } END { print s + 0 }')
	last="$p passed, $f failed"
fi

# Reports: memcheck leaves an empty file per clean run.
find "$b/reports" -type f -empty -delete
n=$(find "$b/reports" -type f | wc -l)
if [ "$n" -gt 0 ]; then
	echo "$mode: $n reports in $b/reports:"
	for r in $(find "$b/reports" -type f | head -n 5); do
		echo "--- $r"
		head -n 30 "$r"
	done
	rc=1
fi
if [ "$mode" = scalar ]; then
	echo "$mode: ${last:-no result}"
else
	echo "$mode: ${last:-no result}; $n sanitizer reports"
fi
[ $rc = 0 ]
