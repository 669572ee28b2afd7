#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# page.sh: the page bgconv -T html writes, as a browser shows it.
# Generates a 25 point match of 30 games (tests/bench/gen.c -l 25 -n 30)
# and checks that its page stays under 1 MB and holds nothing from the
# network; then, with Chromium, loads the pages of that match and of a
# record with a warning at several #gGmM fragments and compares each
# position with bgshow's, steps through with keys, buttons and clicks,
# and loads it to the end of its script, printing the time it took
# (tests/page/check.py).  Without Chromium the browser
# checks are skipped with a SKIP line.  The page of an analysed match
# (tests/corpus/analysed/m0001) is held to bggrep --decisions' marks and
# errors and to gnubg's text export, and loaded in Chromium too.  Ends
# with "page: N passed, N failed[, N skipped]".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export PATH="$top/bin:$PATH"
export LC_ALL=C
pass=0 fail=0 skip=0
out=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-page.XXXXXX") || exit 2
trap 'rm -rf "$out"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# The long match, from the benchmark's generator.
${CC:-cc} -std=c99 -O2 -D_POSIX_C_SOURCE=200809L -Ilib -o "$out/gen" \
    tests/bench/gen.c lib/libbgkit.a -ldl ||
    { bad "cannot build tests/bench/gen.c"; echo "page: $pass passed, $fail failed"; exit 1; }
"$out/gen" -l 25 -n 30 "$out/long.mat" || bad "gen -l 25 -n 30 failed"
n=$(grep -c '^ Game [0-9]*$' "$out/long.mat")
if [ "$n" = 30 ] && grep -q '^ 25 point match' "$out/long.mat" &&
    bgcheck "$out/long.mat"; then ok; else bad "the long match: $n games"; fi
if bgconv -T html -o "$out/long.html" "$out/long.mat"; then ok; else
	bad "bgconv -T html of the long match"; fi
size=$(wc -c <"$out/long.html")
echo "page: a 25 point match of 30 games: $size bytes"
if [ "$size" -lt 1000000 ]; then ok; else
	bad "the page of 30 games is $size bytes, 1 MB or more"; fi
# Self-contained: no address but the SVG namespace and its own #gGtT.
if grep -o 'https\{0,1\}://[^"'"'"' ]*\|src=\|url(\|@import\|href="[^#][^"]*"' \
    "$out/long.html" | grep -v '^http://www.w3.org/2000/svg$' |
    grep . >"$out/ext"; then
	bad "the page refers to other files: $(head -3 "$out/ext")"
else
	ok
fi

warned=fixtures/bgcheck/mutants/hit_marker_missing.mat
bgconv -T html -o "$out/warned.html" "$warned" 2>/dev/null
if grep -q '<td class="w"><a href="#g1t19"' "$out/warned.html" &&
    grep -q '<li class="w" data-at="g1t19">line 17: warning: hit not' \
    "$out/warned.html"; then ok; else
	bad "the warning of $warned is not at its move"; fi

# An analysed match (gnubg's SGF): each decision gnubg marked is marked
# in the list ("?!", "?", "??", classes m1 to m3), as many as bggrep
# --decisions reads of each (the worse of a decision's two marks); each
# game with an error opens with its chart of the equity lost; a play's
# candidates are gnubg's (Rupert's 52 in game 1: the second of five,
# -0.237 and -0.048 from the best, as gnubg's text export prints them);
# and it still refers to nothing outside.
an=tests/corpus/analysed/m0001.sgf.gz
if bgconv -T html -o "$out/an.html" "$an" &&
    bggrep --decisions -T json "$an" >"$out/an.jsonl"; then ok; else
	bad "bgconv -T html or bggrep --decisions of $an"; fi
if command -v python3 >/dev/null 2>&1; then
	if python3 - "$out/an.jsonl" "$out/an.html" <<'EOF_PY'; then ok; else
import json, re, sys
rows = [json.loads(l) for l in open(sys.argv[1])]
page = open(sys.argv[2], encoding='utf-8').read()
lv = {None: 0, 'doubtful': 1, 'bad': 2, 'very_bad': 3}
want = [sum(1 for r in rows if max(lv[r['mark']], lv[r['cube_mark']]) == k)
        for k in (1, 2, 3)]
got = [len(re.findall(r'<a href="#g\d+t\d+" class="m%d">[^<]* %s</a>'
                      % (k, re.escape(m)), page))
       for k, m in ((1, '?!'), (2, '?'), (3, '??'))]
games = sorted({r['game'] for r in rows if r['error'] and r['error'] < 0})
charts = len(re.findall(r'<svg class="lost"', page))
cand = '<tr class="made"><td>2.</td><td>13/11 13/8</td><td>\u2212' \
    '0.237</td><td>\u22120.048</td></tr>'
print('marks', want, got, 'charts', len(games), charts)
sys.exit(0 if want == got and sum(got) > 0 and charts == len(games) and
         cand in page else 1)
EOF_PY
		bad "the marks, charts or candidates of $an's page"
	fi
fi
if grep -o 'https\{0,1\}://[^"'"'"' ]*\|src=\|url(\|@import\|href="[^#][^"]*"' \
    "$out/an.html" | grep -v '^http://www.w3.org/2000/svg$' | grep -q .; then
	bad "the analysed page refers to other files"
else
	ok
fi

exe=$(command -v chromium || command -v chromium-browser || true)
if [ -z "$exe" ] || ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: chromium (or python3) not installed: the page is not" \
	    "loaded (tests/deps.sh test installs it)"
	skip=$((skip + 1))
else
	python3 tests/page/check.py "$exe" "$out" "$out/long.html" \
	    "$out/long.mat" auto '#g3t12' '#g3m12' >"$out/check.log" 2>&1
	python3 tests/page/check.py "$exe" "$out" "$out/warned.html" \
	    "$warned" '#g1t19' '#g1t0' >>"$out/check.log" 2>&1
	python3 tests/page/check.py "$exe" "$out" "$out/an.html" \
	    "$an" '#g1t4' >>"$out/check.log" 2>&1
	grep '^FAIL' -A3 "$out/check.log"
	grep 'shown in' "$out/check.log" | sed 's/^ok: /page: /'
	pass=$((pass + $(grep -c '^ok:' "$out/check.log")))
	fail=$((fail + $(grep -c '^FAIL:' "$out/check.log")))
	if ! grep -q '^ok:' "$out/check.log"; then
		bad "tests/page/check.py: $(tail -3 "$out/check.log")"
	fi
fi

if [ $skip -gt 0 ]; then
	echo "page: $pass passed, $fail failed, $skip skipped"
else
	echo "page: $pass passed, $fail failed"
fi
[ $fail = 0 ]
