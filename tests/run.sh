#!/bin/sh
# run.sh: the test runner behind `make check`.  Runs the C unit tests,
# the golden fixtures (fixtures/<tool>/<area>/<name>.* with .args, .out,
# .err, .rc siblings), the rules scripts, the corpus tests and the
# manual lint, the HTML page in a browser (tests/page.sh), and ends with
# the line "N passed, N failed".  A golden
# case NAME.sh is a script run in its folder instead of the tool, for
# inputs made at test time and checks the arguments cannot express
# (fixtures/*/hostile/); its output is compared the same way.
# With BGKIT_UPDATE=1 it rewrites the golden files instead of comparing;
# BGKIT_FIXTURES=fixtures/bgcheck limits the golden part to one folder.
# An argument limits it to one part: unit, golden, rules, corpus, man,
# install, page.
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export PATH="$top/bin:$PATH"
export LC_ALL=C
only=${1:-all}
pass=0 fail=0 skip=0
# A private scratch directory, so that runs side by side do not collide.
out=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-test.XXXXXX") || exit 2
trap 'rm -rf "$out"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# C unit tests: each prints "name: N passed, N failed" last.
run_unit() {
	for t in tests/unit/bin/test_*; do
		[ -x "$t" ] || continue
		"$t" >"$out/unit.log" 2>&1
		rc=$?
		last=$(tail -n 1 "$out/unit.log")
		p=$(echo "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
		f=$(echo "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
		if [ -z "$p" ]; then
			bad "$t: no result line (exit $rc)"
			cat "$out/unit.log"
			continue
		fi
		pass=$((pass + p))
		fail=$((fail + f))
		if [ "$f" != 0 ] || [ $rc != 0 ]; then
			echo "FAIL: $t"
			cat "$out/unit.log"
			[ "$f" = 0 ] && fail=$((fail + 1))
		fi
	done
	[ -e tests/unit/bin/header-alone ] && ok
}

# One golden case: $1 = case path without extension, $2 = input or "".
golden_case() {
	c=$1 in=$2
	dir=$(dirname "$c") name=$(basename "$c")
	tool=$(echo "$c" | cut -d/ -f2)
	args=""
	[ -f "$c.args" ] && args=$(cat "$c.args")
	(
		cd "$dir" || exit 2
		IN=$(basename "${in:-/dev/null}")
		[ -n "$in" ] || IN=/dev/null
		export IN
		eval "set -- $args"
		if [ "${in##*.}" = sh ]; then
			sh "./$IN" "$@" </dev/null
		elif [ -n "$in" ] && ! grep -q '\$IN' "$name.args" 2>/dev/null; then
			"$tool" "$@" <"$IN"
		else
			"$tool" "$@" </dev/null
		fi
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
	if [ -f "$c.out" ]; then
		cmp -s "$c.out" "$out/golden.out" || r=1
	else
		[ -s "$out/golden.out" ] && r=1
	fi
	if [ -f "$c.err" ]; then
		cmp -s "$c.err" "$out/golden.err" || r=1
	else
		[ -s "$out/golden.err" ] && r=1
	fi
	[ "$rc" = "$want_rc" ] || r=1
	if [ $r = 0 ]; then
		ok
	else
		bad "golden $c (exit $rc, want $want_rc)"
		[ -f "$c.out" ] && diff "$c.out" "$out/golden.out" | head -20
		[ -f "$c.err" ] && diff "$c.err" "$out/golden.err" | head -20
		[ -f "$c.err" ] || head -5 "$out/golden.err"
	fi
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
			golden_case "$c" ""
			;;
		*)
			golden_case "${f%.*}" "$f"
			;;
		esac
	done
}

# Rules scripts: tests/rules/NAME.txt, annotated copy in NAME.out.
run_rules() {
	for f in tests/rules/*.txt; do
		[ -f "$f" ] || continue
		g=${f%.txt}.out
		tests/unit/bin/rulestest "$f" >"$out/rules.out" 2>&1
		if [ "${BGKIT_UPDATE:-}" = 1 ]; then
			cp "$out/rules.out" "$g"
			ok
		elif cmp -s "$g" "$out/rules.out"; then
			ok
		else
			bad "rules script $f"
			diff "$g" "$out/rules.out" | head -20
		fi
	done
}

run_corpus() {
	for s in tests/corpus_*.sh; do
		[ -f "$s" ] || continue
		sh "$s" >"$out/corpus.log" 2>&1
		last=$(tail -n 1 "$out/corpus.log")
		p=$(echo "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
		f=$(echo "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
		if [ -z "$p" ]; then
			bad "$s: $last"
			continue
		fi
		pass=$((pass + p))
		fail=$((fail + f))
		[ "$f" = 0 ] || { echo "FAIL: $s"; grep -m 20 FAIL "$out/corpus.log"; }
	done
}

# The toolkit as users meet it: tests/tools.sh (--help, --version, usage,
# manual and completion of every tool) and tests/install.sh (make
# install and uninstall, the library, pkg-config, the examples).
run_install() {
	for s in tests/tools.sh tests/install.sh; do
		sh "$s" >"$out/install.log" 2>&1
		last=$(tail -n 1 "$out/install.log")
		p=$(echo "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\1/p')
		f=$(echo "$last" | sed -n 's/.*: \([0-9]*\) passed, \([0-9]*\) failed$/\2/p')
		if [ -z "$p" ]; then
			bad "$s: $last"
			continue
		fi
		pass=$((pass + p))
		fail=$((fail + f))
		[ "$f" = 0 ] || { echo "FAIL: $s"; grep -A 8 FAIL "$out/install.log" | head -40; }
	done
}

run_man() {
	if ! command -v mandoc >/dev/null 2>&1; then
		echo "SKIP: mandoc not installed (tests/deps.sh test)"
		skip=$((skip + 1))
		return
	fi
	for m in man/*.[1-9]; do
		[ -f "$m" ] || continue
		if mandoc -Tlint -Wwarning "$m" >"$out/man.log" 2>&1; then
			ok
		else
			bad "mandoc -Tlint $m"
			cat "$out/man.log"
		fi
	done
}

# The page of bgconv -T html in headless Chromium: tests/page.sh, which
# counts its browser checks as one skipped when Chromium is missing.
run_page() {
	sh tests/page.sh >"$out/page.log" 2>&1
	last=$(tail -n 1 "$out/page.log")
	p=$(echo "$last" | sed -n 's/^page: \([0-9]*\) passed, \([0-9]*\) failed.*/\1/p')
	f=$(echo "$last" | sed -n 's/^page: \([0-9]*\) passed, \([0-9]*\) failed.*/\2/p')
	s=$(echo "$last" | sed -n 's/.*, \([0-9]*\) skipped$/\1/p')
	if [ -z "$p" ]; then
		bad "tests/page.sh: $last"
		return
	fi
	pass=$((pass + p))
	fail=$((fail + f))
	skip=$((skip + ${s:-0}))
	grep '^SKIP:' "$out/page.log"
	[ "$f" = 0 ] || { echo "FAIL: tests/page.sh"; grep -A 3 FAIL "$out/page.log" | head -40; }
}

case $only in
all) run_unit; run_golden; run_rules; run_corpus; run_man; run_install
	run_page ;;
unit) run_unit ;;
golden) run_golden ;;
rules) run_rules ;;
corpus) run_corpus ;;
man) run_man ;;
install) run_install ;;
page) run_page ;;
*) echo "run.sh: unknown part: $only" >&2; exit 2 ;;
esac

if [ $skip -gt 0 ]; then
	echo "$pass passed, $fail failed, $skip skipped"
else
	echo "$pass passed, $fail failed"
fi
[ $fail = 0 ]
