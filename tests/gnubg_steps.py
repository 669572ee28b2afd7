# SPDX-License-Identifier: BSD-2-Clause
# gnubg_steps.py: run inside GNU Backgammon (gnubg -t -q -p) by
# tests/corpus_gamsnowie.sh.  Reads the list of files named by
# BGKIT_GNUBG_LIST, one a line: "HOW PATH [SETTING=VALUE ...]", HOW the
# word after gnubg's "import" (mat, auto), each SETTING given to gnubg's
# "set" first (jacoby=on).  Imports each and steps through it record by
# record ("next"), writing to BGKIT_GNUBG_OUT "file PATH", then per game
# "game N" and per record the Position ID and Match ID gnubg shows after
# it, and the Match ID's fields of the game alone (cube, its owner, the
# side on roll, the game's state, the side to act, a double or a
# resignation pending, the dice) as a hexadecimal number: what a single
# game's file can hold, without the match length, score and Crawford
# flag.  A file gnubg cannot import gives its "file" line alone.
import base64
import os

import gnubg

GAME_BITS = ((1 << 21) - 1) & ~0x80     # bits 0-20 but the Crawford bit


def game_fields(mid):
    key = base64.b64decode(mid + '=' * (-len(mid) % 4))
    return '%06x' % (int.from_bytes(key, 'little') & GAME_BITS)


out = open(os.environ['BGKIT_GNUBG_OUT'], 'w')
gnubg.command('set player 0 human')
gnubg.command('set player 1 human')
for line in open(os.environ['BGKIT_GNUBG_LIST']):
    words = line.split()
    # No match left from the file before when this one fails.
    gnubg.command('new match 1')
    for w in words[2:]:
        k, v = w.split('=', 1)
        gnubg.command('set %s %s' % (k, v))
    gnubg.command('import %s %s' % (words[0], words[1]))
    out.write('file %s\n' % words[1])
    try:
        games = [len(g['game']) for g in gnubg.match()['games']]
    except Exception:
        continue
    gnubg.command('first game')
    for i, n in enumerate(games):
        if i > 0:
            gnubg.command('next game')
        out.write('game %d\n' % (i + 1))
        for k in range(n):
            gnubg.command('next')
            mid = gnubg.matchid()
            out.write('%s %s %s\n' % (gnubg.positionid(), mid,
                                      game_fields(mid)))
out.close()
