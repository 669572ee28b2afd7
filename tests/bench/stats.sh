#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# stats.sh: the statistics row of the benchmark (run by bench.sh, or
# alone): the 12 analysed matches of tests/corpus/analysed, unpacked,
# read and totalled by `bgscore --statistics -T json` against gnubg
# loading the same SGF files and printing `show statistics match` for
# each, with gnubg's start-up (an empty command file) timed apart to be
# subtracted.  One hyperfine run (medians, RUNS runs, 5 by default)
# into tests/bench/out/stats.csv; without gnubg only bgscore is timed.
# Prints the row as report.awk does.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
out=$top/tests/bench/out
dir=$out/stats
export LC_ALL=C
mkdir -p "$dir"
command -v hyperfine > /dev/null || { echo "stats.sh: hyperfine is missing" >&2; exit 1; }
cp "$top/bin/bgscore" "$out/bgscore"
: > "$dir/gnubg.cmd"
for f in "$top"/tests/corpus/analysed/m*.sgf.gz; do
	m=$(basename "$f" .gz)
	gzip -dc "$f" > "$dir/$m"
	printf 'load match %s\nshow statistics match\n' "$dir/$m" >> "$dir/gnubg.cmd"
done
: > "$dir/empty.cmd"
gnubg=$(command -v gnubg || ls /usr/games/gnubg 2>/dev/null || true)
set -- -n bgscore-stats "$out/bgscore --statistics -T json $(ls "$dir"/m*.sgf | tr '\n' ' ')"
if [ -n "$gnubg" ]; then
	set -- "$@" -n gnubg-stats "$gnubg -t -q -c $dir/gnubg.cmd" \
	    -n gnubg-stats-start "$gnubg -t -q -c $dir/empty.cmd"
fi
hyperfine -N -w 1 -m "${RUNS:-5}" --style none --export-csv "$out/stats.csv" \
    "$@" > "$out/hyperfine-stats.log" 2>&1 || {
	tail "$out/hyperfine-stats.log" >&2
	echo "stats.sh: hyperfine failed" >&2
	exit 1
}
{ echo "times"; cat "$out/stats.csv"; } | awk -f "$top/tests/bench/report.awk"
