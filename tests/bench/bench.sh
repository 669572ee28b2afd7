#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# bench.sh: the benchmark behind `make bench`.  Builds the generator,
# makes the inputs under tests/bench/out/data (again only when gen.c
# changes), checks that bgcheck accepts every generated file and finds
# every mutant's error at its line, then times bgcheck, `wc -l` and, when
# installed, gnubg's `import mat` in one hyperfine run (medians), then
# the Python package against `bgshow -a -T json` (every position of
# the money session; PYRUNS runs, 3 by default) in another, and
# prints the table: rolls per second, MB per second, the ratios, the
# cost of a file (2,000 one-game files against their games in one
# file), peak RSS, instructions per roll under callgrind, the worst
# position's listing time, the -j scaling, bgscore --statistics
# against gnubg's statistics (tests/bench/stats.sh), and bganalyse -j 2
# against gnubg analysing the same files itself (tests/bench/analyse.sh).
# A benchmark, not a test: it never
# runs from `make check`.  RUNS sets the minimum number of runs (5).
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
cd "$top"
export LC_ALL=C
out=$top/tests/bench/out
data=$out/data
runs=${RUNS:-5}
cc=${CC:-cc}
mkdir -p "$out"

die() { echo "bench: $*" >&2; exit 1; }

flags="-O2 -std=c99 -Wall -Wextra -D_DEFAULT_SOURCE -Ilib"
libs=-ldl	# PCRE2 and zlib are loaded, not linked
# A copy of the tools, so that a rebuild during the run changes nothing.
cp bin/bgcheck bin/bggrep "$out/"
bin=$out
$cc $flags -o "$out/gen" tests/bench/gen.c lib/libbgkit.a $libs
$cc $flags -o "$out/worst" tests/bench/worst.c lib/libbgkit.a $libs
$cc $flags -o "$out/maxrss" tests/bench/maxrss.c

# ------------------------------------------------------------ inputs
stamp=$(cksum < tests/bench/gen.c)
if [ ! -f "$data/sets.txt" ] || [ "$(cat "$data/stamp" 2>/dev/null)" != "$stamp" ]
then
	rm -rf "$data"
	t0=$(date +%s.%N)
	"$out/gen" "$data" > "$data.sets" || die "gen failed"
	t1=$(date +%s.%N)
	mv "$data.sets" "$data/sets.txt"
	echo "$t0 $t1" | awk '{ printf "%.1f\n", $2 - $1 }' > "$data/gentime"
	echo "$stamp" > "$data/stamp"
fi
cd "$data"
set_field() { awk -v s="$1" -v f="$2" '$1 == s { print $f }' sets.txt; }

# ------------------------------------------------------- exactness
"$bin/bgcheck" -e match/*.mat || die "bgcheck rejects a match file"
"$bin/bgcheck" -e split/*.mat one.mat session.mat ||
    die "bgcheck rejects a money session"
"$bin/bgcheck" -e tiny/*.mat tinyone.mat ||
    die "bgcheck rejects a one-game file"
"$bin/bgcheck" -T json mutant/*.mat > "$out/mutants.json" 2>&1 &&
    die "bgcheck accepts a mutant"
# The first error of each mutant: file, line, code.
sed -n 's/^{"file":"\([^"]*\)","line":\([0-9]*\),.*"severity":"error","code":"\([^"]*\)".*/\1 \2 \3/p' \
    "$out/mutants.json" | awk '!seen[$1]++' > "$out/mutants.got"
nmut=$(wc -l < mutants.txt)
if ! cmp -s mutants.txt "$out/mutants.got"; then
	diff mutants.txt "$out/mutants.got" | head -5 >&2
	die "mutants: errors not where the generator put them"
fi

# bggrep: the start position is in every game of the match files, the
# position after an opening 3-1 (8/5 6/5) in some.
ngames=$(set_field match 4)
got=$("$bin/bggrep" -c -p 4HPwATDgc/ABMA match/*.mat |
    awk -F: '{ n += $NF } END { print n }')
[ "$got" = "$ngames" ] ||
    die "bggrep -p finds the start in $got games of $ngames"
"$bin/bggrep" -D match/*.mat > /dev/null ||
    [ $? = 1 ] || die "bggrep -D failed"

# ------------------------------------------------------------ timing
command -v hyperfine > /dev/null || die "hyperfine is missing"
gnubg=$(command -v gnubg || ls /usr/games/gnubg 2>/dev/null || true)
ncpu=$(nproc 2>/dev/null || echo 1)
match=$(ls match/*.mat | tr '\n' ' ')
split=$(ls split/*.mat | tr '\n' ' ')
tiny=$(ls tiny/*.mat | tr '\n' ' ')
set -- \
    -n bgcheck-match "$bin/bgcheck -e -j 1 $match" \
    -n wc-match "wc -l $match" \
    -n bgcheck-session "$bin/bgcheck -e -j 1 session.mat" \
    -n wc-session "wc -l session.mat" \
    -n bgcheck-one "$bin/bgcheck -e -j 1 one.mat" \
    -n bgcheck-split "$bin/bgcheck -e -j 1 $split" \
    -n bgcheck-tiny "$bin/bgcheck -e -j 1 $tiny" \
    -n bgcheck-tinyone "$bin/bgcheck -e -j 1 tinyone.mat" \
    -n bggrep-position "$bin/bggrep -c -p 4HPwATDgc/ABMA $match" \
    -n bggrep-dups "$bin/bggrep -D $match"
if [ "$ncpu" -gt 1 ]; then
	set -- "$@" -n bgcheck-match-j "$bin/bgcheck -e -j $ncpu $match"
fi
if [ -n "$gnubg" ]; then
	ls match/*.mat | sed 's/^/import mat /' > "$out/gnubg-match.cmd"
	: > "$out/gnubg-empty.cmd"
	set -- "$@" -n gnubg-match "$gnubg -t -q -c $out/gnubg-match.cmd" \
	    -n gnubg-start "$gnubg -t -q -c $out/gnubg-empty.cmd"
fi
hyperfine -N -w 1 -m "$runs" --style none --export-csv "$out/times.csv" \
    "$@" > "$out/hyperfine.log" 2>&1 || {
	tail "$out/hyperfine.log" >&2
	die "hyperfine failed"
}
# The Python package against bgshow, side by side: every position of
# the money session made a Position object (tests/bench/positions.py)
# and printed as JSON by `bgshow -a -T json`, PYRUNS runs each (3).
: > "$out/python.csv"
py=$(command -v python3 || true)
if [ -n "$py" ]; then
	cp "$top/bin/bgshow" "$out/bgshow"
	cp "$top/lib/$(readlink "$top/lib/libbgkit.so.1")" "$out/libbgkit.so.1"
	hyperfine -N -w 0 -m "${PYRUNS:-3}" --style none \
	    --export-csv "$out/python.csv" \
	    -n bgshow-positions "$bin/bgshow -a -T json session.mat" \
	    -n python-positions "env PYTHONPATH=$top/python BGKIT_LIB=$out/libbgkit.so.1 $py $top/tests/bench/positions.py session.mat" \
	    > "$out/hyperfine-python.log" 2>&1 || {
		tail "$out/hyperfine-python.log" >&2
		die "hyperfine failed on the Python row"
	}
fi
# The statistics of the analysed corpus against gnubg's
# (tests/bench/stats.sh, which also runs alone).
sh "$top/tests/bench/stats.sh" > /dev/null
med() { awk -F, -v n="$1" '$1 == n { print $4 }' "$out/times.csv"; }

# ------------------------------------------------ memory, callgrind
# The median of seven runs: where the shared libraries land moves the
# pages the kernel maps around each one touched, by up to 0.3 MB.
rss() {
	for i in 1 2 3 4 5 6 7; do
		"$out/maxrss" "$bin/bgcheck" -e -j 1 "$@" 2>&1 >/dev/null |
		    tail -n 1
	done | sort -n | sed -n 4p
}
rss_match=$(rss match/*.mat)
rss_session=$(rss session.mat)
rss_one=$(rss one.mat)
ir="" irw=""
cg() {
	valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 |
	    sed -n 's/.*Collected : *//p' | tail -n 1
}
irm="" irg=""
if command -v valgrind > /dev/null; then
	ir=$(cg "$bin/bgcheck" -e -j 1 split/*.mat)
	# Per listing: 11 calls less 1, over 10.
	irw=$(( ($(cg "$out/worst" -n 11) - $(cg "$out/worst" -n 1)) / 10 ))
	# gnubg against bgcheck in instructions, steady on a busy machine.
	if [ -n "$gnubg" ]; then
		irm=$(cg "$bin/bgcheck" -e -j 1 match/*.mat)
		irg=$(( $(cg "$gnubg" -t -q -c "$out/gnubg-match.cmd") -
		    $(cg "$gnubg" -t -q -c "$out/gnubg-empty.cmd") ))
	fi
fi
worst=$("$out/worst")
# The same position's count from gnubg's hint list.
gplays=""
if [ -n "$gnubg" ]; then
	gplays=$("$gnubg" -t -q -p "$top/tests/bench/hint.py" 2>/dev/null |
	    sed -n 's/^PLAYS //p')
	[ "$gplays" = "${worst%% *}" ] ||
	    die "worst position: gnubg lists ${gplays:-no} plays, we ${worst%% *}"
fi

# bganalyse against gnubg alone, at 0-ply (tests/bench/analyse.sh).
an=""
[ -n "$gnubg" ] && an=$(sh "$top/tests/bench/analyse.sh")

# ------------------------------------------------------------ report
cpu=$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null |
    head -n 1)
ccv=$($cc --version 2>/dev/null | head -n 1)
{
	echo "machine: ${cpu:-unknown CPU}, $ncpu cores; $(uname -sr); $ccv"
	echo "inputs (generated in $(cat gentime) s):"
	while read -r name files bytes games rolls; do
		echo "$name $files $bytes $games $rolls"
	done < sets.txt
	echo "times"
	cat "$out/times.csv"
	sed 1d "$out/python.csv"
	sed 1d "$out/stats.csv"
	echo "rss $rss_match $rss_session $rss_one"
	echo "ir $ir $irm $irg"
	echo "worst $worst $irw"
	echo "gnubgplays $gplays"
	echo "mutants $nmut"
	echo "ncpu $ncpu"
	[ -z "$an" ] || echo "$an"
} > "$out/raw.txt"
awk -f "$top/tests/bench/report.awk" "$out/raw.txt"
