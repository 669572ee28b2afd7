#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# gnubg_rules.sh: makes tests/rules/NAME.gnubg, the truth for the lists
# of the rules scripts: for every "list" of tests/rules/NAME.txt in a
# variant GNU Backgammon plays (standard, nackgammon, hypergammon 1 to
# 3: gnubg moves the checkers the same way in all of them; not tavla),
# GNU Backgammon 1.07 (the Debian package gnubg) is given the position
# and the dice, and lists every legal play (its hint list at 0-ply,
# every play kept).  Each play is written as the Position ID after it,
# with the mover still on roll, from the board gnubg gives and the
# steps gnubg's own parser makes of its move text (a checker off the
# board, a blot on the point reached sent to the bar), then gnubg's
# text; the plays in byte order of their IDs.  The position asked for is
# the Position ID tests/unit/bin/rulestest -g gives the script's
# position (an XGID or ID decoded by bgkit, whose decoding
# tests/corpus_ids.sh holds to gnubg's).  Run it by hand when a script's
# lists change (sh tests/gnubg_rules.sh, after make check-build); the
# files are committed and reviewed like any truth: they are gnubg's, not
# ours.  tests/run.sh (the rules suite) compares each list of
# `rulestest -g` with them, a case each, without gnubg.
set -eu
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
gnubg=$(command -v gnubg || echo /usr/games/gnubg)
[ -x "$gnubg" ] || { echo "gnubg_rules: install gnubg" >&2; exit 2; }
[ -x tests/unit/bin/rulestest ] ||
	{ echo "gnubg_rules: make check-build first" >&2; exit 2; }
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-gnubg-rules.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
cat >"$tmp/lists.py" <<'EOF'
# For each "list LINE POSID DICE: N plays" line of the file named by
# the environment's LISTS, gnubg's legal plays.
import os
import gnubg

def after(board, steps):
    opp, me = [list(board[0]), list(board[1])]
    for a, b in steps:
        me[a - 1] -= 1
        if b > 0:
            me[b - 1] += 1
            if opp[24 - b] == 1:
                opp[24 - b] = 0
                opp[24] += 1
    return gnubg.positionid((tuple(opp), tuple(me)))

gnubg.command('set evaluation chequerplay evaluation plies 0')
out = []
for line in open(os.environ['LISTS']):
    w = line.split()
    if not w or w[0] != 'list':
        continue
    no, pid, dice = w[1], w[2], w[3].rstrip(':')
    gnubg.command('new game')
    gnubg.command('set turn 1')
    gnubg.command('set board %s' % pid)
    gnubg.command('set dice %s %s' % (dice[0], dice[1]))
    board = gnubg.board()
    plays = sorted((after(board, gnubg.parsemove(h['move'])), h['move'])
                   for h in gnubg.hint(5000)['hint'])
    out.append('list %s %s %s: %d plays' % (no, pid, dice, len(plays)))
    out.extend('  %s %s' % p for p in plays)
with open(os.environ['OUT'], 'w') as f:
    f.write('\n'.join(out) + '\n')
EOF
for f in tests/rules/*.txt; do
	n=$(basename "$f" .txt)
	tests/unit/bin/rulestest -g "$f" >"$tmp/$n.lists"
	[ -s "$tmp/$n.lists" ] || continue
	LISTS=$tmp/$n.lists OUT=$tmp/$n.out "$gnubg" -t -q -p "$tmp/lists.py" \
	    >"$tmp/$n.log" 2>&1 </dev/null ||
	    { cat "$tmp/$n.log"; exit 1; }
	{
		echo "# SPDX-License-Identifier: BSD-2-Clause"
		echo "# $n.gnubg: GNU Backgammon 1.07's legal plays for each list of"
		echo "# $n.txt in a variant gnubg plays, made by tests/gnubg_rules.sh"
		echo "# (which says how); not edited by hand.  Each \"list LINE\" is"
		echo "# the script's line, the Position ID before and the dice; each"
		echo "# play the Position ID after it, the mover on roll, and gnubg's"
		echo "# text.  The rules suite holds rulestest -g to it."
		cat "$tmp/$n.out"
	} >"tests/rules/$n.gnubg"
	echo "tests/rules/$n.gnubg: $(grep -c '^list' "$tmp/$n.out") lists"
done
