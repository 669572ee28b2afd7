#!/bin/sh
# run.sh: the test runner behind `make check`.  It runs ten suites and
# prints a count for each, then one closing line "N passed, N failed"
# (", N skipped" added when a suite skipped something), which CI reads:
#
#   unit          the C unit tests, tests/unit/bin/test_* (each ends
#                 "name: N passed, N failed"), and the header compiling
#                 alone
#   golden        the golden cases: fixtures/<tool>/<area>/<name>.<ext>
#                 run through <tool> in its folder, with <name>.args
#                 (arguments, shell words; $IN names the input),
#                 <name>.out, <name>.err and <name>.rc (exit status,
#                 when not 0) beside it.  A case <name>.sh is a script
#                 run in its folder instead of the tool, for inputs
#                 made at test time (fixtures/*/hostile/); its output is
#                 compared the same way.  A case with .args and no input
#                 runs the tool on no input.
#   rules         the rules scripts tests/rules/NAME.txt, whose
#                 annotated copy tests/unit/bin/rulestest must print
#                 as NAME.out
#   corpus        tests/corpus_*.sh, the real-record checks
#   man-lint      mandoc -Tlint, every level, on every page of man/
#   man-examples  tests/man_examples.sh: every command of every EXAMPLES
#                 section run, its shown output compared
#   install       tests/tools.sh and tests/install.sh
#   page          tests/page.sh: the page of bgconv -T html in headless
#                 Chromium (its browser checks one skip without it)
#   lint          tests/size.sh: no lib function over 120 lines, no
#                 tool over 250, no main() over 80
#   python        tests/python.sh: the Python package's tests (pytest),
#                 README's Python example, pip install ./python in a
#                 fresh venv, pip wheel ./python, the sdist; skipped,
#                 with a line saying why, without
#                 python3, pytest or venv
#
# A script suite (corpus, install, man-examples, page, lint, python)
# ends with the line "name: N passed, N failed" or "name: N passed, N
# failed, N skipped"; its "SKIP: reason" lines are shown and its skips
# added up.
#
# Usage: sh tests/run.sh [SUITE | NAME]
#   SUITE is one of the names above, or "man" for both manual suites.
#   NAME runs only what it names, in every suite: a golden case path
#   (fixtures/bgcheck/mutants/garbage_lines, with or without its
#   extension), a prefix or a shell glob of such paths
#   (fixtures/bgmove, 'fixtures/*/hostile/*'), a unit test
#   (test_mat), a rules script (standard), a corpus script
#   (corpus_mat), a manual page (bgmove.1), tools / install, size or
#   python.  A NAME
#   that matches nothing is an error (exit 2).  `make check T=NAME`
#   passes NAME here.
# A failing golden case prints `diff -u` of the expected and the actual
# stdout, stderr and exit status, and a command to paste that runs it.
#
# BGKIT_UPDATE=1 (`make check-update`) rewrites the golden files and the
# rules scripts' .out instead of comparing (only the selected ones with
# NAME); a rewritten golden is reviewed like code.  BGKIT_FIXTURES=DIR
# limits the golden cases to one folder.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export PATH="$top/bin:$PATH"
export LC_ALL=C
only=all sel=""
case ${1:-all} in
all|unit|golden|rules|corpus|man|man-lint|man-examples|install|page|lint|python)
	only=${1:-all} ;;
*)
	sel=${1#./} ;;
esac
pass=0 fail=0 skip=0
matched=0
# A private scratch directory, so that runs side by side do not collide.
out=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-test.XXXXXX") || exit 2
trap 'rm -rf "$out"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# picked NAME...: whether the selection (if any) names this test; a
# name matches when it equals the selection, starts with it, or matches
# it as a shell glob.
picked() {
	[ -z "$sel" ] && return 0
	for n in "$@"; do
		# shellcheck disable=SC2254
		case $n in
		$sel|$sel*) matched=$((matched + 1)); return 0 ;;
		esac
	done
	return 1
}

# Each suite prints its own count: suite_start before, suite_end NAME
# after (nothing when the selection left it nothing to run).
suite_start() { p0=$pass f0=$fail s0=$skip m0=$matched; }
suite_end() {
	dp=$((pass - p0)) df=$((fail - f0)) ds=$((skip - s0))
	[ -n "$sel" ] && [ $matched = $m0 ] && return
	if [ $ds -gt 0 ]; then
		echo "$1: $dp passed, $df failed, $ds skipped"
	else
		echo "$1: $dp passed, $df failed"
	fi
}

# count_last LOG: add up the last line of a script's log,
# "name: N passed, N failed[, N skipped]", leaving its counts in p, f
# and sk; false when there is none.
count_last() {
	last=$(tail -n 1 "$1")
	p=$(echo "$last" | sed -n 's/^.*: \([0-9]*\) passed, \([0-9]*\) failed\(, \([0-9]*\) skipped\)\{0,1\}$/\1/p')
	f=$(echo "$last" | sed -n 's/^.*: \([0-9]*\) passed, \([0-9]*\) failed\(, \([0-9]*\) skipped\)\{0,1\}$/\2/p')
	sk=$(echo "$last" | sed -n 's/^.*: \([0-9]*\) passed, \([0-9]*\) failed, \([0-9]*\) skipped$/\3/p')
	[ -n "$p" ] || return 1
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + ${sk:-0}))
	grep '^SKIP: ' "$1"
	return 0
}

# run_script SCRIPT [ARG...]: a script suite; its FAIL lines (with what
# follows them) are shown when it failed.
run_script() {
	s=$1
	shift
	sh "$s" "$@" >"$out/script.log" 2>&1
	rc=$?
	if ! count_last "$out/script.log"; then
		bad "$s: no result line (exit $rc); its last lines:"
		tail -n 20 "$out/script.log"
		return
	fi
	if [ "$f" != 0 ] || [ $rc != 0 ]; then
		echo "FAIL: $s (exit $rc):"
		sed '$d' "$out/script.log" | grep -A 8 '^FAIL' | head -n 60
		[ "$f" = 0 ] && fail=$((fail + 1))
	fi
}

# C unit tests: each prints "name: N passed, N failed" last.
run_unit() {
	for t in tests/unit/bin/test_*; do
		[ -x "$t" ] || continue
		n=$(basename "$t")
		picked "$n" "$t" "tests/unit/$n.c" || continue
		"$t" >"$out/unit.log" 2>&1
		rc=$?
		if ! count_last "$out/unit.log"; then
			bad "$t: no result line (exit $rc)"
			cat "$out/unit.log"
			continue
		fi
		if [ "$f" != 0 ] || [ $rc != 0 ]; then
			echo "FAIL: $t (exit $rc)"
			cat "$out/unit.log"
			[ "$f" = 0 ] && fail=$((fail + 1))
		fi
	done
	if picked header-alone; then
		if [ -e tests/unit/bin/header-alone ]; then
			ok
		else
			bad "lib/bgkit.h does not compile alone (make tests/unit/bin/header-alone)"
		fi
	fi
}

# A shell word: 'text' with its quotes escaped.
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# One golden case: $1 = case path without extension, $2 = input or "".
golden_case() {
	c=$1 in=$2
	dir=$(dirname "$c") name=$(basename "$c")
	tool=$(echo "$c" | cut -d/ -f2)
	args=""
	[ -f "$c.args" ] && args=$(cat "$c.args")
	IN=/dev/null
	[ -n "$in" ] && IN=$(basename "$in")
	# How the case runs: a script, the tool on its input on stdin (when
	# the arguments do not name $IN), or the tool on no input.
	if [ "${in##*.}" = sh ]; then
		run="sh \"./\$IN\" $args </dev/null"
	elif [ -n "$in" ] && ! printf '%s\n' "$args" | grep -q '\$IN'; then
		run="$tool $args <\"\$IN\""
	else
		run="$tool $args </dev/null"
	fi
	(
		cd "$dir" || exit 2
		export IN
		eval "$run"
		echo $? >"$out/golden.rc"
	) >"$out/golden.out" 2>"$out/golden.err"
	rc=$(cat "$out/golden.rc")
	if [ "${BGKIT_UPDATE:-}" = 1 ]; then
		cp "$out/golden.out" "$c.out"
		[ -s "$out/golden.out" ] || rm -f "$c.out"
		cp "$out/golden.err" "$c.err"
		[ -s "$out/golden.err" ] || rm -f "$c.err"
		if [ "$rc" = 0 ]; then rm -f "$c.rc"; else echo "$rc" >"$c.rc"; fi
		ok
		return
	fi
	want_rc=0
	[ -f "$c.rc" ] && want_rc=$(cat "$c.rc")
	r=0
	for k in out err; do
		if [ -f "$c.$k" ]; then
			cmp -s "$c.$k" "$out/golden.$k" || r=1
		else
			[ -s "$out/golden.$k" ] && r=1
		fi
	done
	[ "$rc" = "$want_rc" ] || r=1
	if [ $r = 0 ]; then
		ok
		return
	fi
	bad "golden $c (exit $rc, want $want_rc)"
	echo "$want_rc" >"$out/want.rc"
	for k in out err rc; do
		want=$c.$k
		[ -f "$want" ] || want=/dev/null
		[ $k = rc ] && want=$out/want.rc
		diff -u --label "$c.$k (expected)" --label "$c.$k (actual)" \
		    "$want" "$out/golden.$k" >"$out/golden.diff" && continue
		head -n 60 "$out/golden.diff"
		n=$(wc -l <"$out/golden.diff")
		[ "$n" -gt 60 ] && echo "... ($((n - 60)) more lines of diff)"
	done
	echo "To run it:"
	echo "  (cd $(quote "$top/$dir") && export LC_ALL=C IN=$(quote "$IN")" \
	    "PATH=$(quote "$top/bin"):\"\$PATH\" && $run)"
}

run_golden() {
	for f in $(find "${BGKIT_FIXTURES:-fixtures}" -type f -path "fixtures/*/*/*" | sort); do
		case $f in
		*.out|*.err|*.rc) continue ;;
		*.args)
			c=${f%.args}
			# a case with an input file is run from that file
			ls "$c".* 2>/dev/null | grep -qv '\.\(args\|out\|err\|rc\)$' &&
			    continue
			picked "$c" "$f" || continue
			golden_case "$c" ""
			;;
		*)
			picked "${f%.*}" "$f" || continue
			golden_case "${f%.*}" "$f"
			;;
		esac
	done
}

# Rules scripts: tests/rules/NAME.txt, annotated copy in NAME.out.
run_rules() {
	for f in tests/rules/*.txt; do
		[ -f "$f" ] || continue
		n=$(basename "$f" .txt)
		picked "$n" "$f" "${f%.txt}" || continue
		g=${f%.txt}.out
		tests/unit/bin/rulestest "$f" >"$out/rules.out" 2>&1
		if [ "${BGKIT_UPDATE:-}" = 1 ]; then
			cp "$out/rules.out" "$g"
			ok
		elif cmp -s "$g" "$out/rules.out"; then
			ok
		else
			bad "rules script $f"
			diff -u --label "$g (expected)" --label "$g (actual)" \
			    "$g" "$out/rules.out" | head -n 60
			echo "To run it:"
			echo "  cd $(quote "$top") && tests/unit/bin/rulestest $f" \
			    "| diff -u $g -"
		fi
	done
}

run_corpus() {
	for s in tests/corpus_*.sh; do
		[ -f "$s" ] || continue
		picked "$(basename "$s" .sh)" "$s" || continue
		run_script "$s"
	done
}

# The toolkit as users meet it: tests/tools.sh (--help, --version, usage,
# manual and completion of every tool) and tests/install.sh (make
# install and uninstall, the library, pkg-config, the examples).
run_install() {
	for s in tests/tools.sh tests/install.sh; do
		picked "$(basename "$s" .sh)" "$s" || continue
		run_script "$s"
	done
}

# The sources' own limits (tests/size.sh).
run_lint() {
	picked size tests/size.sh || return
	run_script tests/size.sh
}

run_python() {
	picked python tests/python.sh || return
	run_script tests/python.sh
}

have_mandoc() {
	command -v mandoc >/dev/null 2>&1 && return 0
	echo "SKIP: mandoc not installed (sh tests/deps.sh test installs it)"
	skip=$((skip + 1))
	return 1
}

# Every level, style included, from man/ so that cross-references to the
# other pages resolve, and with an empty MANPATH so that what the machine
# has installed changes nothing (as tests/install.sh lints them).
run_man_lint() {
	have_mandoc || return
	mkdir -p "$out/empty"
	for m in man/*.[1-9]; do
		[ -f "$m" ] || continue
		picked "$(basename "$m")" "$m" || continue
		(cd man && MANPATH=$out/empty mandoc -Tlint "./${m#man/}") \
		    >"$out/man.log" 2>&1
		if [ $? = 0 ] && [ ! -s "$out/man.log" ]; then
			ok
		else
			bad "mandoc -Tlint $m"
			cat "$out/man.log"
		fi
	done
}

run_man_examples() {
	have_mandoc || return
	set --
	for m in man/*.[1-9]; do
		picked "$(basename "$m")" "$m" && set -- "$@" "$m"
	done
	[ $# -gt 0 ] && run_script tests/man_examples.sh "$@"
}

run_page() {
	picked page tests/page.sh || return
	run_script tests/page.sh
}

suite() {
	suite_start
	"run_$(echo "$1" | tr - _)"
	suite_end "$1"
}

case $only in
all)
	for s in unit golden rules corpus man-lint man-examples install page \
	    lint python; do
		suite $s
	done ;;
man) suite man-lint; suite man-examples ;;
*) suite "$only" ;;
esac

if [ -n "$sel" ] && [ $matched = 0 ]; then
	echo "run.sh: no test matches $sel" >&2
	exit 2
fi
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail = 0 ]
