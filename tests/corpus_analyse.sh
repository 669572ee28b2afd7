#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_analyse.sh: bganalyse against GNU Backgammon itself.
#   truth   bganalyse --plies 0 of tests/corpus/gnubg/matches/m0003.mat
#           (3 games, 3 point match, a Crawford game) gives, node after
#           node, the analysis properties (A, DA, LU) of gnubg's own
#           import mat + analyse match + save match of the same match
#           (tests/corpus/analysed/m0003.sgf.gz, tests/gnubg_analyse.sh):
#           bgkit and gnubg a game at a time equal gnubg alone;
#   json    -T json of it, written as SGF again by bgconv, carries the
#           same analysis;
#   jobs    -j 2 writes the bytes -j 1 writes;
#   resume  a run with --cache killed while gnubg analyses the second
#           game (a wrapper of gnubg kills bganalyse) leaves no output
#           and no temporary file beside it; run again, it takes the
#           first game from the cache, analyses the two others and
#           writes the bytes of the run that was not stopped;
#   cache   run again with --directory, every game from the cache (a gnubg that
#           would refuse one), the same bytes;
#   players --players 0 analyses the first player's plays only;
#   refused m0007.mat (2 games) with a gnubg that refuses the second:
#           the error names the game's line, the exit status is 1, the
#           first game has its analysis (48 nodes, as in gnubg's own
#           analysis of m0007) and the second none.
# Skipped when gnubg is not installed (the Debian package gnubg;
# tests/deps.sh installs it).  BGKIT_CORPUS names another copy of
# tests/corpus.  Ends "corpus_analyse: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
bin=$top/bin
export LC_ALL=C
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
check() { if [ "$1" = "$2" ]; then ok; else bad "$3: '$1', want '$2'"; fi; }

gnubg=$(command -v gnubg || echo /usr/games/gnubg)
if [ ! -x "$gnubg" ]; then
	echo "SKIP: gnubg is not installed (the Debian package gnubg)"
	echo "corpus_analyse: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-analyse.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
export TMPDIR=$tmp BGKIT_GNUBG=$gnubg
m3=$corpus/gnubg/matches/m0003.mat
m7=$corpus/gnubg/matches/m0007.mat

# The analysis properties of an SGF, a line a node, each tree after a
# line "game": what the comparisons compare.
props() {
	python3 -c '
import gzip, re, sys
p = sys.argv[1]
t = (gzip.open if p.endswith(".gz") else open)(p, "rb").read().decode()
for tree in re.split(r"\n?\(;", t)[1:]:
    print("game")
    for node in tree.split("\n;"):
        print(" ".join(m.group(0) for m in re.finditer(
            r"(?<![A-Z])(?:A|DA|LU)(?:\[[^\]]*\])+", node)))
' "$1"
}

# truth
"$bin/bganalyse" --plies 0 -T sgf -o "$tmp/m3.sgf" "$m3"
check $? 0 "truth: status"
props "$corpus/analysed/m0003.sgf.gz" >"$tmp/want"
props "$tmp/m3.sgf" >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got" && [ "$(grep -c 'A\[' "$tmp/got")" -gt 100 ]
then ok; else bad "truth: the analysis differs from gnubg's"; diff "$tmp/want" "$tmp/got" | head -5; fi

# json
"$bin/bganalyse" -T json "$m3" >"$tmp/m3.json" -j 2
check $? 0 "json: status"
"$bin/bgconv" -T sgf -o "$tmp/m3j.sgf" "$tmp/m3.json"
props "$tmp/m3j.sgf" >"$tmp/got"
if cmp -s "$tmp/want" "$tmp/got"; then ok
else bad "json: the analysis differs from gnubg's"; fi

# jobs
"$bin/bganalyse" -j 2 -o "$tmp/m3j2.sgf" "$m3"
if cmp -s "$tmp/m3.sgf" "$tmp/m3j2.sgf"; then ok
else bad "jobs: -j 2 writes other bytes than -j 1"; fi

# A gnubg that refuses the second game (MI's game:1).
cat >"$tmp/refuser" <<EOF
#!/bin/sh
if [ "\$1" = -t ] && grep -q 'game:1\]' g*.sgf; then
	echo "not this one"
	exit 0
fi
exec "$gnubg" "\$@"
EOF
chmod +x "$tmp/refuser"

# resume: the wrapper kills its parent, bganalyse, at the second game
# (MI's game:1), once.
cat >"$tmp/killer" <<EOF
#!/bin/sh
if [ "\$1" = -t ] && grep -q 'game:1\]' g*.sgf && [ ! -f "$tmp/killed" ]
then
	: >"$tmp/killed"
	kill -KILL \$PPID
	exit 1
fi
exec "$gnubg" "\$@"
EOF
chmod +x "$tmp/killer"
mkdir "$tmp/out"
BGKIT_GNUBG=$tmp/killer "$bin/bganalyse" --cache "$tmp/cache" \
    -o "$tmp/out/m3.sgf" "$m3" 2>/dev/null
check $? 137 "resume: the killed run's status"
check "$(ls "$tmp/out" | wc -l)" 0 "resume: files left by the killed run"
BGKIT_GNUBG=$tmp/killer "$bin/bganalyse" -v --cache "$tmp/cache" \
    -o "$tmp/out/m3.sgf" "$m3" 2>"$tmp/err"
check $? 0 "resume: status"
check "$(cat "$tmp/err")" \
    "bganalyse: 3 games: 2 analysed, 1 from the cache, 0 not analysed" \
    "resume: what was analysed"
if cmp -s "$tmp/m3.sgf" "$tmp/out/m3.sgf"; then ok
else bad "resume: the output differs from the run not stopped"; fi
# --directory from the cache alone: no gnubg run.
mkdir "$tmp/dir"
BGKIT_GNUBG=$tmp/refuser "$bin/bganalyse" -v --cache "$tmp/cache" \
    --directory "$tmp/dir" "$m3" 2>"$tmp/err"
check "$? $(cat "$tmp/err")" \
    "0 bganalyse: 3 games: 0 analysed, 3 from the cache, 0 not analysed" \
    "cache: a run over what the cache holds"
if cmp -s "$tmp/m3.sgf" "$tmp/dir/m0003.sgf"; then ok
else bad "cache: --directory writes other bytes than -o"; fi

# refused
BGKIT_GNUBG=$tmp/refuser "$bin/bganalyse" -o "$tmp/m7.sgf" "$m7" \
    2>"$tmp/err"
check $? 1 "refused: status"
check "$(sed "s|$m7|M|" "$tmp/err")" \
    "bganalyse: M:41:1: error: game 2: gnubg did not analyse it: not this one" \
    "refused: the message"
props "$tmp/m7.sgf" | awk '/^game/ { g++ } /A\[/ { n[g]++ }
    END { print n[1] + 0, n[2] + 0 }' >"$tmp/got"
check "$(cat "$tmp/got")" "48 0" "refused: nodes with analysis a game"
# players: --players 0 on m0005 (one game): the nodes of side 0 (W,
# Alice: 16 plays) carry analysis, those of side 1 (B) none, as gnubg's
# own analysis with "set analysis player 1 analyse off" gives them.
"$bin/bganalyse" --players 0 -o "$tmp/m5.sgf" \
    "$corpus/gnubg/matches/m0005.mat"
check "$? $(grep -c '^;W\[[^]]*\]A\[' "$tmp/m5.sgf") $(grep -c '^;B\[[^]]*\]A\[' "$tmp/m5.sgf")" \
    "0 16 0" "players: status, W and B nodes with analysis"
echo "corpus_analyse: $pass passed, $fail failed"
[ $fail = 0 ]
