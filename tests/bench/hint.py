# SPDX-License-Identifier: BSD-2-Clause
# hint.py: gnubg's count of the legal plays in the benchmark's worst
# position (worst.c): 1-1, the player on roll with a checker on each of
# fifteen points, the opponent on the bar.  Run by bench.sh as
# `gnubg -t -q -p hint.py`; prints "PLAYS n".
import gnubg

gnubg.command('new game')
gnubg.command('set turn 1')
gnubg.command('set board AAAA/3+UklJKKQ')
gnubg.command('set dice 1 1')
gnubg.command('set evaluation chequerplay evaluation plies 0')
print("PLAYS %d" % len(gnubg.hint(5000)['hint']))
