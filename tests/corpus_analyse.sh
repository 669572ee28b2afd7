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
# With the argument "all" (make check-gnubg, which CI runs; minutes),
# the truth of every match tests/corpus/analysed covers (12 matches):
#   all     bganalyse --plies 0 -j 2 --directory over the 12 matches
#           (-r jacoby=on for the money sessions, as gnubg's import of a
#           .mat has it) writes the bytes -j 1 writes; each output has, node after
#           node, the analysis properties (A, DA, LU, the marks BM, DO,
#           BC, DC, GB, GW, MR and CR) of gnubg's own analysis of the
#           match (mNNNN.sgf.gz); and gnubg's "show statistics match" of
#           it loaded is, line for line, that of gnubg's own SGF loaded
#           and that of mNNNN.stats (the match's table), where those two
#           agree: bgkit and gnubg a game at a time equal gnubg alone;
#   rollout --rollout 36 --truncation 2 --seed 7 --rollout-moves 2 of
#           m0009.mat (one game of a 3 point match, the cube in play)
#           and m0005.mat (a match to 1 point: no cube) gives the
#           same bytes at -j 2 and -j 1; m0009's every DA is a
#           rollout of 36 trials ("X ver 3 Eq Trials 36"), and in both
#           the first 2 candidates (or the only one) of 3 plays in 4
#           at least are rollouts ("X ver 3 ... Trials 36": gnubg
#           leaves some of the bear-off out), as bgkit reads them
#           too (-T json: "type":"rollout","trials":36); m0005 has no
#           DA (gnubg's rollout of a cube it has no decision on, 0
#           trials, is dropped); with --players 0, side 0's plays
#           only are analysed and rolled out.
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
m5=$corpus/gnubg/matches/m0005.mat
m7=$corpus/gnubg/matches/m0007.mat

# The analysis properties of an SGF (by default A, DA and LU), a line a
# node, each tree after a line "game": what the comparisons compare.
props() {
	python3 -c '
import gzip, re, sys
p = sys.argv[1]
names = sys.argv[2] if len(sys.argv) > 2 else "A|DA|LU"
t = (gzip.open if p.endswith(".gz") else open)(p, "rb").read().decode()
for tree in re.split(r"\n?\(;", t)[1:]:
    print("game")
    for node in tree.split("\n;"):
        print(" ".join(m.group(0) for m in re.finditer(
            r"(?<![A-Z])(?:" + names + r")(?:\[[^\]]*\])+", node)))
' "$@"
}

# all: the 12 matches of tests/corpus/analysed, then the end.
if [ "${1:-}" = all ]; then
	mkdir "$tmp/j1" "$tmp/j2"
	set -- "$corpus"/analysed/m*.sgf.gz
	# A money session's .mat says nothing of the Jacoby rule, and
	# gnubg's import applies its own default, on (its SGF says
	# RU[Jacoby]): those are analysed with -r jacoby=on, the matches
	# as they are.
	mats="" money=""
	for f in "$@"; do
		mat=$corpus/gnubg/matches/$(basename "$f" .sgf.gz).mat
		if grep -q '^ *0 point match' "$mat"; then money="$money $mat"
		else mats="$mats $mat"; fi
	done
	for j in 2 1; do
		# shellcheck disable=SC2086 # the names hold no blank
		"$bin/bganalyse" --plies 0 -j $j --directory "$tmp/j$j" $mats
		check $? 0 "all: -j $j status"
		# shellcheck disable=SC2086
		"$bin/bganalyse" --plies 0 -r jacoby=on -j $j \
		    --directory "$tmp/j$j" $money
		check $? 0 "all: -j $j status (money sessions)"
	done
	: >"$tmp/cmds"
	for f in "$@"; do
		m=$(basename "$f" .sgf.gz)
		if cmp -s "$tmp/j1/$m.sgf" "$tmp/j2/$m.sgf"; then ok
		else bad "all: $m: -j 2 writes other bytes than -j 1"; fi
		marks="A|DA|LU|BM|DO|BC|DC|GB|GW|MR|CR"
		props "$f" "$marks" >"$tmp/want"
		props "$tmp/j2/$m.sgf" "$marks" >"$tmp/got"
		if cmp -s "$tmp/want" "$tmp/got" &&
		    [ "$(grep -c 'A\[' "$tmp/got")" -gt 10 ]; then ok
		else
			bad "all: $m: the analysis differs from gnubg's"
			diff "$tmp/want" "$tmp/got" | head -5
		fi
		gzip -dc "$f" >"$tmp/$m.gnubg.sgf"
		printf 'load match %s\nshow statistics match\n' \
		    "$tmp/$m.gnubg.sgf" "$tmp/j2/$m.sgf" >>"$tmp/cmds"
	done
	# One gnubg run: each "show statistics match" one table.
	sh "$top/tests/gnubg_stats.sh" "$gnubg" "$tmp/cmds" "$tmp"
	k=0
	for f in "$@"; do
		m=$(basename "$f" .sgf.gz)
		k=$((k + 2))
		# The match's table of mNNNN.stats, as the reload prints it.
		awk '/^=== game/ { exit } { print }' "${f%.sgf.gz}.stats" |
		    sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$tmp/stats.file"
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$tmp/stats.$k" \
		    >"$tmp/stats.ours"
		sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' "$tmp/stats.$((k - 1))" \
		    >"$tmp/stats.gnubg"
		if [ -s "$tmp/stats.ours" ] &&
		    cmp -s "$tmp/stats.gnubg" "$tmp/stats.ours"; then ok
		else
			bad "all: $m: gnubg's statistics of bganalyse's SGF are not those of its own SGF"
			diff "$tmp/stats.gnubg" "$tmp/stats.ours" | head -4
		fi
		if cmp -s "$tmp/stats.file" "$tmp/stats.ours"; then ok
		elif ! cmp -s "$tmp/stats.file" "$tmp/stats.gnubg"; then
			# gnubg's reload of its own SGF differs from .stats too.
			echo "NOTE: $m: $m.stats differs from gnubg's reload of its own SGF too:"
			diff "$tmp/stats.file" "$tmp/stats.gnubg" | head -4
			ok
		else
			bad "all: $m: gnubg's statistics of bganalyse's SGF are not $m.stats"
			diff "$tmp/stats.file" "$tmp/stats.ours" | head -4
		fi
	done
	# rollout
	mkdir "$tmp/r1" "$tmp/r2"
	for j in 2 1; do
		"$bin/bganalyse" --rollout 36 --truncation 2 --seed 7 \
		    --rollout-moves 2 -j $j --directory "$tmp/r$j" \
		    "$corpus/gnubg/matches/m0009.mat" "$m5"
		check $? 0 "rollout: -j $j status"
	done
	for m in m0009 m0005; do
		if cmp -s "$tmp/r1/$m.sgf" "$tmp/r2/$m.sgf"; then ok
		else bad "rollout: $m: -j 2 writes other bytes than -j 1"; fi
		# Plays with analysis, and those whose first 2 candidates
		# (or only one) are rollouts of 36 trials.
		props "$tmp/r1/$m.sgf" A | awk '/A\[/ { n++ }
		    /^A\[[0-9]+\]\[[a-y]* X ver 3 [^]]* Trials 36 [^]]*\](\[[a-y]* X ver 3 [^]]* Trials 36 |$)/ { x++ }
		    END { print (n > 10 && 4 * x >= 3 * n) ? "ok" : n + 0 " " x + 0 }' \
		    >"$tmp/got"
		check "$(cat "$tmp/got")" ok "rollout: $m: plays rolled out (plays, rollouts)"
		"$bin/bgconv" -T json "$tmp/r1/$m.sgf" |
		    grep -o '"type":"rollout","trials":36' | wc -l >"$tmp/got"
		if [ "$(cat "$tmp/got")" -gt 20 ]; then ok
		else bad "rollout: $m: bgkit reads $(cat "$tmp/got") rollouts"; fi
	done
	n=$(grep -o 'DA\[' "$tmp/r1/m0009.sgf" | wc -l)
	x=$(grep -o 'DA\[X ver 3 Eq Trials 36 ' "$tmp/r1/m0009.sgf" | wc -l)
	check "$((n > 10 && n == x)) $(grep -c 'DA\[' "$tmp/r1/m0005.sgf")" \
	    "1 0" "rollout: m0009's cube decisions rolled out, m0005's none"
	# With --players 0, the plays of side 0 only (W, 16 of them in
	# m0005), the first candidate rolled out (all but a play of the
	# bear-off: 15).
	"$bin/bganalyse" --players 0 --rollout 36 --truncation 2 \
	    --rollout-moves 1 -o "$tmp/r1/p0.sgf" "$m5"
	check "$? $(grep -c '^;W\[[^]]*\]A\[' "$tmp/r1/p0.sgf") $(grep -c '^;B\[[^]]*\]A\[' "$tmp/r1/p0.sgf") $(grep -c '^;W\[[^]]*\]A\[[0-9]*\]\[[a-y]* X ver 3 ' "$tmp/r1/p0.sgf")" \
	    "0 16 0 15" "rollout: --players 0: status, W and B plays analysed, W rolled out"
	echo "corpus_analyse: $pass passed, $fail failed"
	[ $fail = 0 ]
	exit
fi

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
