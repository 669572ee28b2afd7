#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run.sh: the test runner behind `make check`.  It runs ten suites and
# prints for each its cases (the distinct things tested), passed and
# failed, and apart the checks they generated (a written check run again
# over a table or random inputs, an option of each --help...); then a
# line "all:" of them all, and one closing line "N passed, N failed" of
# the cases (", N skipped" added when a suite skipped something), which
# CI reads:
#
#   unit          the C unit tests, tests/unit/bin/test_* (each ends
#                 "name: N cases, N generated checks" and "name: N
#                 passed, N failed"; tests/unit/t.h), and the header
#                 compiling alone
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
#                 as NAME.out (a case a play or list), and whose lists
#                 rulestest -g must print as gnubg's in NAME.gnubg
#                 (a case a list)
#   corpus        tests/corpus_*.sh, the real-record checks
#   man-lint      mandoc -Tlint, every level, on every page of man/
#   man-examples  tests/man_examples.sh: every command of every EXAMPLES
#                 section run, its shown output compared
#   install       tests/tools.sh, tests/options.sh and tests/install.sh
#   page          tests/page.sh: the page of bgconv -T html in headless
#                 Chromium (its browser checks one skip without it)
#   lint          tests/size.sh: no lib function over 120 lines, no
#                 tools function over 80, no tools file over 400, no
#                 library name in the plumbing but the pipeline's;
#                 tests/headers.sh: every file's opening comment
#                 held to the file
#   python        tests/python.sh: the Python package's tests (pytest),
#                 README's Python example, pip install ./python in a
#                 fresh venv, pip wheel ./python, the sdist; skipped,
#                 with a line saying why, without
#                 python3, pytest or venv
#
# The suites are cut into tasks (a unit test, a folder of golden cases,
# a script...), which BGKIT_JOBS workers (default: the number of
# processors) take one after the other, the long ones first; each task's
# output is kept and printed in the suites' order above, so that the
# output is the same as one worker's, whatever ran when.
#
# A script suite (corpus, install, man-examples, page, lint, python)
# ends with the line "name: N passed, N failed" or "name: N passed, N
# failed, N skipped", of its cases; a line "name: N cases, N generated
# checks" before it says how many checks they generated (without it,
# none: every check is a case; tests/cases.sh).  Its "SKIP: reason"
# lines are shown and its skips added up.
#
# Usage: sh tests/run.sh [SUITE... | NAME]
#   SUITE is one of the names above, or "man" for both manual suites;
#   several run together (tests/sanitize.sh scalar names those it runs).
#   NAME runs only what it names, in every suite: a golden case path
#   (fixtures/bgcheck/mutants/garbage_lines, with or without its
#   extension), a prefix or a shell glob of such paths
#   (fixtures/bgmove, 'fixtures/*/hostile/*'), a unit test
#   (test_mat), a rules script (standard), a corpus script
#   (corpus_mat), a manual page (bgmove.1), tools / install, size,
#   headers or python.  A NAME
#   that matches nothing is an error (exit 2).  `make check T=NAME`
#   passes NAME here.
# A failing golden case prints `diff -u` of the expected and the actual
# stdout, stderr and exit status, and a command to paste that runs it.
#
# BGKIT_UPDATE=1 (`make check-update`) rewrites the golden files and the
# rules scripts' .out instead of comparing (only the selected ones with
# NAME); a rewritten golden is reviewed like code.  BGKIT_FIXTURES=DIR
# limits the golden cases to one folder.  BGKIT_TIMES=FILE writes each
# task's seconds to FILE, the longest first.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export PATH="$top/bin:$PATH"
export LC_ALL=C
only=all sel=""
suites="unit golden rules corpus man-lint man-examples install page lint python"
case ${1:-all} in
all|unit|golden|rules|corpus|man|man-lint|man-examples|install|page|lint|python)
	only=${1:-all}
	# more suites: SUITE SUITE...
	shift $(($# > 0))
	for s in "$@"; do
		case " $suites man " in
		*" $s "*) only="$only $s" ;;
		*) echo "run.sh: $s is not a suite" >&2; exit 2 ;;
		esac
	done ;;
*)
	sel=${1#./} ;;
esac
# How many tasks run at once: BGKIT_JOBS, else the number of processors.
jobs=${BGKIT_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}
case $jobs in
''|*[!0-9]*|0) jobs=1 ;;
esac
pass=0 fail=0 skip=0 gen=0
matched=0
nl='
'
# A private scratch directory, so that runs side by side do not collide.
out=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-test.XXXXXX") || exit 2
workers=""
trap 'rm -rf "$out"' EXIT
trap '[ -n "$workers" ] && kill $workers 2>/dev/null; exit 130' INT TERM HUP

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

# count_last LOG: add up the last line of a script's log,
# "name: N passed, N failed[, N skipped]", leaving its counts in p, f
# and sk; false when there is none.  A line "name: N cases, N generated
# checks" before it says that the last line counts cases and how many
# further checks they made (added to gen); without it, every check of
# the script is a case.  The lines are taken apart by the shell, not by
# a sed a number.
count_last() {
	log=$1 p="" f="" sk=0 last="" g=0
	while IFS= read -r l || [ -n "$l" ]; do
		last=$l
		case $l in
		*": "[0-9]*" cases, "[0-9]*" generated checks")
			l=${l%" generated checks"}
			g=${l##*" cases, "} ;;
		esac
	done <"$1"
	case $last in
	*": "[0-9]*" passed, "[0-9]*" failed") ;;
	*": "[0-9]*" passed, "[0-9]*" failed, "[0-9]*" skipped") ;;
	*) return 1 ;;
	esac
	# shellcheck disable=SC2086
	set -- ${last##*: }
	case $1$3${5:-0}$g in
	*[!0-9]*) return 1 ;;
	esac
	p=$1 f=$3 sk=${5:-0}
	pass=$((pass + p)) fail=$((fail + f)) skip=$((skip + sk))
	gen=$((gen + g))
	grep '^SKIP: ' "$log"
	return 0
}

# run_script SCRIPT [ARG...]: a script suite; its FAIL lines (with what
# follows them) are shown when it failed.
run_script() {
	s=$1
	shift
	sh "$s" "$@" >"$w/script.log" 2>&1
	rc=$?
	if ! count_last "$w/script.log"; then
		bad "$s: no result line (exit $rc); its last lines:"
		tail -n 20 "$w/script.log"
		return
	fi
	if [ "$f" != 0 ] || [ $rc != 0 ]; then
		echo "FAIL: $s (exit $rc):"
		sed '$d' "$w/script.log" | grep -A 8 '^FAIL' | head -n 60
		[ "$f" = 0 ] && fail=$((fail + 1))
	fi
}

# A C unit test: it prints "name: N passed, N failed" last.
task_unit() {
	t=$1 n=${1##*/}
	picked "$n" "$t" "tests/unit/$n.c" || return
	"$t" >"$w/unit.log" 2>&1
	rc=$?
	if ! count_last "$w/unit.log"; then
		bad "$t: no result line (exit $rc)"
		cat "$w/unit.log"
		return
	fi
	if [ "$f" != 0 ] || [ $rc != 0 ]; then
		echo "FAIL: $t (exit $rc)"
		cat "$w/unit.log"
		[ "$f" = 0 ] && fail=$((fail + 1))
	fi
}

task_header() {
	picked header-alone || return
	if [ -e tests/unit/bin/header-alone ]; then
		ok
	else
		bad "lib/bgkit.h does not compile alone (make tests/unit/bin/header-alone)"
	fi
}

# A shell word: 'text' with its quotes escaped.
quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# One golden case: $1 = case path without extension, $2 = input or "".
# Run by the shell alone but for the tool, its subshell and a cmp a
# file compared: a case is forked a few times, not a dozen.
golden_case() {
	c=$1 in=$2
	dir=${c%/*}
	tool=${c#fixtures/}
	tool=${tool%%/*}
	# The arguments, as $(cat) would give them (trailing newlines cut).
	args=""
	if [ -f "$c.args" ]; then
		while IFS= read -r l || [ -n "$l" ]; do
			args=$args$l$nl
		done <"$c.args"
		while :; do
			case $args in
			*"$nl") args=${args%"$nl"} ;;
			*) break ;;
			esac
		done
	fi
	IN=/dev/null
	[ -n "$in" ] && IN=${in##*/}
	# How the case runs: a script, the tool on its input on stdin (when
	# the arguments do not name $IN), or the tool on no input.
	case $in in
	*.sh)	run="sh \"./\$IN\" $args </dev/null" ;;
	"")	run="$tool $args </dev/null" ;;
	*)	# shellcheck disable=SC2016 # the text $IN, not its value
		case $args in
		*'$IN'*) run="$tool $args </dev/null" ;;
		*) run="$tool $args <\"\$IN\"" ;;
		esac ;;
	esac
	(
		cd "$dir" || exit 2
		export IN
		eval "$run"
	) >"$w/golden.out" 2>"$w/golden.err"
	rc=$?
	if [ "${BGKIT_UPDATE:-}" = 1 ]; then
		cp "$w/golden.out" "$c.out"
		[ -s "$w/golden.out" ] || rm -f "$c.out"
		cp "$w/golden.err" "$c.err"
		[ -s "$w/golden.err" ] || rm -f "$c.err"
		if [ "$rc" = 0 ]; then rm -f "$c.rc"; else echo "$rc" >"$c.rc"; fi
		ok
		return
	fi
	want_rc=0
	[ -f "$c.rc" ] && read -r want_rc <"$c.rc"
	r=0
	[ "$rc" = "$want_rc" ] || r=1
	for k in out err; do
		[ $r = 0 ] || break
		if [ -f "$c.$k" ]; then
			cmp -s "$c.$k" "$w/golden.$k" || r=1
		elif [ -s "$w/golden.$k" ]; then
			r=1
		fi
	done
	if [ $r = 0 ]; then
		ok
		return
	fi
	bad "golden $c (exit $rc, want $want_rc)"
	echo "$want_rc" >"$w/want.rc"
	echo "$rc" >"$w/golden.rc"
	for k in out err rc; do
		want=$c.$k
		[ -f "$want" ] || want=/dev/null
		[ $k = rc ] && want=$w/want.rc
		diff -u --label "$c.$k (expected)" --label "$c.$k (actual)" \
		    "$want" "$w/golden.$k" >"$w/golden.diff" && continue
		head -n 60 "$w/golden.diff"
		n=$(wc -l <"$w/golden.diff")
		[ "$n" -gt 60 ] && echo "... ($((n - 60)) more lines of diff)"
	done
	echo "To run it:"
	echo "  (cd $(quote "$top/$dir") && export LC_ALL=C IN=$(quote "$IN")" \
	    "PATH=$(quote "$top/bin"):\"\$PATH\" && $run)"
}

# The golden cases of one folder fixtures/<tool>/<area>.
task_golden() {
	for f in $(find "$1" -type f | sort); do
		case $f in
		*.out|*.err|*.rc) continue ;;
		*.args)
			c=${f%.args}
			# a case with an input file is run from that file
			input=0
			for g in "$c".*; do
				case $g in
				*.args|*.out|*.err|*.rc) ;;
				*) [ -e "$g" ] && input=1 ;;
				esac
			done
			[ $input = 1 ] && continue
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

# blocks MODE EXPECTED ACTUAL: the two files compared a block at a
# time, a block being a line that is not indented and the indented lines
# after it.  Mode v (a rules script's copy): a block whose line is a
# move or "list" is a case; one of a comment, a position, a variant or
# dice is not, but fails if it differs.  Mode g (gnubg's lists, NAME.gnubg,
# against rulestest -g): every "list" block is a case; comments are left
# out, and of a play's line only its first word (the Position ID after
# it) counts, gnubg's move text being there for the reader.  Prints a
# line for each block that differs, then "PASSED FAILED".
blocks() {
	awk -v mode="$1" '
	FNR == 1 { f++ }
	mode == "g" && /^#/ { next }
	/^  / {
		if (mode == "g")
			$0 = "  " $1
		b[f, n[f]] = b[f, n[f]] "\n" $0
		next
	}
	{ n[f]++; h[f, n[f]] = $0; b[f, n[f]] = $0 }
	END {
		m = n[1] > n[2] ? n[1] : n[2]
		for (i = 1; i <= m; i++) {
			if (b[1, i] == b[2, i]) {
				if (mode == "g" ||
				    h[1, i] !~ /^(#|$|position |variant |dice )/)
					p++
				continue
			}
			fl++
			printf "differs: block %d: want \"%s\", got \"%s\"\n",
			    i, h[1, i], h[2, i]
		}
		print p + 0, fl + 0
	}' "$2" "$3"
}

# blocks_count MODE EXPECTED ACTUAL: blocks, its counts added to ours;
# false when a block differs.
blocks_count() {
	blocks "$@" >"$w/blocks"
	bp=0 bf=1
	while read -r x y; do bp=$x bf=$y; done <"$w/blocks"
	pass=$((pass + bp)) fail=$((fail + bf))
	[ "$bf" = 0 ] && return 0
	sed '$d' "$w/blocks" | head -n 20
	return 1
}

# Rules scripts: tests/rules/NAME.txt, annotated copy in NAME.out, a
# case each move or list; and each list in a variant gnubg plays against
# gnubg's in NAME.gnubg (tests/gnubg_rules.sh writes it), a case each.
task_rules() {
	for f in tests/rules/*.txt; do
		[ -f "$f" ] || continue
		n=${f##*/}
		n=${n%.txt}
		picked "$n" "$f" "${f%.txt}" || continue
		g=${f%.txt}.out
		tests/unit/bin/rulestest "$f" >"$w/rules.out" 2>&1
		if [ "${BGKIT_UPDATE:-}" = 1 ]; then
			cp "$w/rules.out" "$g"
			ok
		elif ! blocks_count v "$g" "$w/rules.out"; then
			echo "FAIL: rules script $f"
			diff -u --label "$g (expected)" --label "$g (actual)" \
			    "$g" "$w/rules.out" | head -n 60
			echo "To run it:"
			echo "  cd $(quote "$top") && tests/unit/bin/rulestest $f" \
			    "| diff -u $g -"
		fi
		g=${f%.txt}.gnubg
		[ -f "$g" ] || continue
		tests/unit/bin/rulestest -g "$f" >"$w/rules.lists" 2>&1
		if ! blocks_count g "$g" "$w/rules.lists"; then
			echo "FAIL: rules script $f: its lists differ from gnubg's" \
			    "in $g"
			echo "To see them:"
			echo "  cd $(quote "$top") && tests/unit/bin/rulestest -g" \
			    "$f | diff - $g"
		fi
	done
}

# A script suite's script, run when the selection names it by its
# basename without .sh, or by its path: a corpus script
# (tests/corpus_*.sh), tests/tools.sh, tests/options.sh and
# tests/install.sh (the toolkit as users meet it: --help, --version,
# usage, manual and completion of every tool; one meaning per option
# letter and long name, bgkit(7)'s table; make install and uninstall,
# the library, pkg-config, the examples), tests/page.sh, and the lint
# suite's tests/size.sh and tests/headers.sh.
task_script() {
	n=${1##*/}
	picked "${n%.sh}" "$1" || return
	run_script "$1"
}

task_python() {
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
task_man_lint() {
	have_mandoc || return
	mkdir -p "$w/empty"
	for m in man/*.[1-9]; do
		[ -f "$m" ] || continue
		picked "${m##*/}" "$m" || continue
		(cd man && MANPATH=$w/empty mandoc -Tlint "./${m#man/}") \
		    >"$w/man.log" 2>&1
		if [ $? = 0 ] && [ ! -s "$w/man.log" ]; then
			ok
		else
			bad "mandoc -Tlint $m"
			cat "$w/man.log"
		fi
	done
}

task_man_examples() {
	have_mandoc || return
	set --
	for m in man/*.[1-9]; do
		picked "${m##*/}" "$m" && set -- "$@" "$m"
	done
	[ $# -gt 0 ] && run_script tests/man_examples.sh "$@"
}

# The plan: every task as "SUITE FUNCTION [ARG]", in the order the
# results are printed; a suite is one task or many (a unit test, a
# folder of golden cases, a script each).
plan() {
	case $1 in
	unit)
		for t in tests/unit/bin/test_*; do
			[ -x "$t" ] && echo "unit task_unit $t"
		done
		echo "unit task_header" ;;
	golden)
		# One task a folder fixtures/<tool>/<area>; BGKIT_FIXTURES
		# keeps those in it, or the one it is in.
		F=${BGKIT_FIXTURES:-fixtures}
		F=${F%/}
		for d in fixtures/*/*/; do
			d=${d%/}
			[ -d "$d" ] || continue
			case $d/ in
			"$F"/*) echo "golden task_golden $d" ;;
			*) case $F/ in
			   "$d"/*) echo "golden task_golden $F" ;;
			   esac ;;
			esac
		done ;;
	rules) echo "rules task_rules" ;;
	corpus)
		for s in tests/corpus_*.sh; do
			[ -f "$s" ] && echo "corpus task_script $s"
		done ;;
	man-lint) echo "man-lint task_man_lint" ;;
	man-examples) echo "man-examples task_man_examples" ;;
	install)
		echo "install task_script tests/tools.sh"
		echo "install task_script tests/options.sh"
		echo "install task_script tests/install.sh" ;;
	page) echo "page task_script tests/page.sh" ;;
	lint)
		echo "lint task_script tests/size.sh"
		echo "lint task_script tests/headers.sh" ;;
	python) echo "python task_python" ;;
	man) plan man-lint; plan man-examples ;;
	all)
		for s in $suites; do
			plan "$s"
		done ;;
	esac
}
for s in $only; do
	plan "$s"
done | awk '{ print NR, $0 }' >"$out/tasks"

# The order the workers take the tasks in: the unit tests first (short,
# and printed first), then the long ones (the corpus scripts, the Python
# package, the browser, the install, the manual's examples), so that no
# long one starts last and the workers end together.
for s in unit corpus python page install man-examples golden man-lint \
    rules lint; do
	grep " $s " "$out/tasks"
done >"$out/order"

# A worker takes the next task nobody has taken (mkdir is the lock),
# runs it in its own scratch directory with its output to N.log, and
# writes its counts "pass fail skip matched gen" to N.cnt.
worker() {
	w=$out/w$1
	mkdir -p "$w"
	while read -r i su fn arg; do
		mkdir "$out/take.$i" 2>/dev/null || continue
		pass=0 fail=0 skip=0 matched=0 gen=0
		t0=$(date +%s)
		# shellcheck disable=SC2086
		$fn $arg >"$out/$i.log" 2>&1 </dev/null
		echo "$(($(date +%s) - t0)) $su $fn $arg" >"$out/$i.sec"
		echo "$pass $fail $skip $matched $gen" >"$out/$i.cnt"
	done <"$out/order"
	: >"$out/done.$1"
}
k=0
while [ $k -lt "$jobs" ]; do
	k=$((k + 1))
	worker $k &
	workers="$workers $!"
done

# The results in the plan's order, each task's as soon as it and those
# before it have ended; a suite's count line after its last task.  A
# task whose counts never come (its worker was killed) is a failure.
wait_task() {
	while [ ! -s "$out/$1.cnt" ]; do
		d=0
		for f in "$out"/done.*; do
			[ -e "$f" ] && d=$((d + 1))
		done
		if [ $d = "$jobs" ] && [ ! -s "$out/$1.cnt" ]; then
			echo "FAIL: task $1 ended without its counts"
			echo "0 1 0 0 0" >"$out/$1.cnt"
			return
		fi
		sleep 1
	done
}
# A suite's line: its cases, passed and failed, and apart the checks
# its cases generated.
cur="" sp=0 sf=0 ss=0 sm=0 sg=0
suite_end() {
	[ -n "$sel" ] && [ $sm = 0 ] && return
	l="$1: $((sp + sf)) cases, $sp passed, $sf failed"
	[ $ss -gt 0 ] && l="$l, $ss skipped"
	echo "$l; $sg generated checks"
}
while read -r i su fn arg; do
	if [ "$su" != "$cur" ]; then
		[ -n "$cur" ] && suite_end "$cur"
		cur=$su sp=0 sf=0 ss=0 sm=0 sg=0
	fi
	wait_task "$i"
	cat "$out/$i.log" 2>/dev/null
	read -r tp tf ts tm tg <"$out/$i.cnt"
	sp=$((sp + tp)) sf=$((sf + tf)) ss=$((ss + ts)) sm=$((sm + tm))
	sg=$((sg + tg))
	pass=$((pass + tp)) fail=$((fail + tf)) skip=$((skip + ts))
	gen=$((gen + tg))
	matched=$((matched + tm))
done <"$out/tasks"
[ -n "$cur" ] && suite_end "$cur"
wait

if [ -n "$sel" ] && [ $matched = 0 ]; then
	echo "run.sh: no test matches $sel" >&2
	exit 2
fi
# BGKIT_TIMES=FILE: each task's seconds, suite and name into FILE, the
# longest first (to see where make check's time goes).
if [ -n "${BGKIT_TIMES:-}" ]; then
	cat "$out"/*.sec 2>/dev/null | sort -rn >"$BGKIT_TIMES"
fi
# The cases of every suite, and apart their generated checks; then the
# closing line, of the cases.
echo "all: $((pass + fail)) cases; $gen generated checks"
if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail = 0 ]
