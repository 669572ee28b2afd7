#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# analyse.sh: the bganalyse row of `make bench` (bench.sh runs it when
# gnubg is installed; run it alone as sh tests/bench/analyse.sh).  Seven
# matches of tests/corpus/gnubg/matches (15 games, no money session)
# analysed at 0-ply twice, once each way:
#   bridge  bganalyse --plies 0 -j 2 --directory, its gnubg run through
#           /usr/bin/time, so that each gnubg's CPU time is logged;
#   gnubg   gnubg alone, file after file: one "gnubg -t -q -c" a file
#           (import mat, analyse match, save match, at 0-ply, no noise).
# Prints one line for report.awk:
#   analyse GAMES BRIDGE_WALL GNUBG_WALL BRIDGE_CPU CHILDREN_CPU GNUBG_CPU
# (seconds; BRIDGE_CPU the whole run's user + system time, children
# included, CHILDREN_CPU the sum of its gnubg processes', GNUBG_CPU
# gnubg alone's): bganalyse's own time outside gnubg is BRIDGE_CPU -
# CHILDREN_CPU.
set -eu
top=$(cd "$(dirname "$0")/../.." && pwd)
export LC_ALL=C
gnubg=$(command -v gnubg || ls /usr/games/gnubg)
[ -x /usr/bin/time ] || { echo "analyse.sh: /usr/bin/time is missing" >&2; exit 1; }
out=$top/tests/bench/out/analyse
rm -rf "$out"
mkdir -p "$out/bridge" "$out/gnubg" "$out/tmp"
set --
for m in m0001 m0003 m0004 m0005 m0007 m0009 m0011; do
	set -- "$@" "$top/tests/corpus/gnubg/matches/$m.mat"
done
games=$(cat "$@" | grep -c '^ Game ')
cp "$top/bin/bganalyse" "$out/bganalyse"
printf '#!/bin/sh\nexec /usr/bin/time -a -o %s -f "%%U %%S" %s "$@"\n' \
    "$out/children.log" "$gnubg" >"$out/timed-gnubg"
chmod +x "$out/timed-gnubg"
BGKIT_GNUBG=$out/timed-gnubg TMPDIR=$out/tmp /usr/bin/time \
    -o "$out/bridge.time" -f "%e %U %S" "$out/bganalyse" --plies 0 -j 2 \
    --directory "$out/bridge" "$@"
for f in "$@"; do
	b=$(basename "$f" .mat)
	{
		echo "set analysis chequerplay evaluation plies 0"
		echo "set analysis chequerplay evaluation noise 0"
		echo "set analysis cubedecision evaluation plies 0"
		echo "set analysis cubedecision evaluation noise 0"
		echo "import mat $f"
		echo "analyse match"
		echo "save match $out/gnubg/$b.sgf"
	} >"$out/gnubg/$b.cmd"
done
# gnubg alone: a HOME of its own, as bganalyse gives each.
mkdir "$out/home"
HOME=$out/home /usr/bin/time -o "$out/gnubg.time" -f "%e %U %S" sh -c '
for c in "$1"/*.cmd; do
	"$2" -t -q -c "$c" </dev/null >/dev/null 2>&1 || exit 1
done' sh "$out/gnubg" "$gnubg"
awk -v games="$games" '
FILENAME ~ /bridge.time$/ { bw = $1; bc = $2 + $3 }
FILENAME ~ /gnubg.time$/ { gw = $1; gc = $2 + $3 }
FILENAME ~ /children.log$/ && NF == 2 { kc += $1 + $2 }
END { printf "analyse %d %.2f %.2f %.2f %.2f %.2f\n", games, bw, gw, bc, kc, gc }
' "$out/bridge.time" "$out/gnubg.time" "$out/children.log"
