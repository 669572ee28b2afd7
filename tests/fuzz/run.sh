#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# run.sh: run libFuzzer harnesses, a few side by side, each for a time,
# and fail on any finding.  Usage: run.sh SECONDS BUILDDIR HARNESS...,
# run from the top of the tree (`make fuzz FUZZ_SECONDS=N` does it).
# Each harness starts from seeds built from fixtures/ (seeds.sh) and
# from the corpus it grew in earlier runs (BUILDDIR/corpus/HARNESS,
# never committed), with a dictionary tests/fuzz/HARNESS.dict when there
# is one.  A crash, a sanitizer report, a leak, an input slower than 10
# seconds or an RSS over 2 GB is a finding: the input is kept in
# BUILDDIR/findings/, the report printed, and the run fails.  Ends with
# "fuzz: N passed, N failed".
set -u
secs=$1 build=$2
shift 2
# FUZZ_SEED=N: libFuzzer's -seed, so that a short run (CI's) takes the
# same mutations every time; unset, each run draws its own.
seedopt=
[ -n "${FUZZ_SEED:-}" ] && seedopt=-seed=$FUZZ_SEED
pass=0 fail=0
mkdir -p "$build/findings" "$build/logs"
# FUZZ_JOBS harnesses run side by side (default: the number of
# processors), in rounds of that many; each prints its lines when its
# round is over, in the order given.
jobs=${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 1)}

# one HARNESS: run it, write its lines to its .out and its verdict
# (0 clean) to its .rc under BUILDDIR/logs.
one() {
	h=$1
	bin=$build/$h
	seeds=$build/seeds/$h corpus=$build/corpus/$h
	log=$build/logs/$h.log out=$build/logs/$h.out
	sh tests/fuzz/seeds.sh "$h" "$seeds" || { echo 2 >"$build/logs/$h.rc"
		echo "FAIL: fuzz $h: no seeds" >"$out"; return; }
	mkdir -p "$corpus"
	dict=
	[ -f "tests/fuzz/$h.dict" ] && dict=-dict=tests/fuzz/$h.dict
	"$bin" -max_total_time="$secs" -timeout=10 -rss_limit_mb=2048 \
	    -max_len=16384 -print_final_stats=1 \
	    -artifact_prefix="$build/findings/$h-" $dict $seedopt \
	    "$corpus" "$seeds" >"$log" 2>&1
	rc=$?
	runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
	if [ $rc = 0 ]; then
		echo "fuzz $h: ${runs:-0} runs in $secs s, clean" >"$out"
	else
		{ echo "FAIL: fuzz $h (exit $rc), log $log:"
		grep -E 'ERROR|SUMMARY|runtime error|Test unit written' "$log" |
		    head -n 10; } >"$out"
	fi
	echo "$rc" >"$build/logs/$h.rc"
}

# report HARNESS...: print each one's lines and count its verdict.
report() {
	for h in "$@"; do
		cat "$build/logs/$h.out"
		if [ "$(cat "$build/logs/$h.rc")" = 0 ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
		fi
	done
}

round=
n=0
for h in "$@"; do
	one "$h" &
	round="$round $h"
	n=$((n + 1))
	if [ "$n" -ge "$jobs" ]; then
		wait
		# shellcheck disable=SC2086
		report $round
		round= n=0
	fi
done
wait
# shellcheck disable=SC2086
[ -n "$round" ] && report $round
echo "fuzz: $pass passed, $fail failed"
[ $fail = 0 ]
