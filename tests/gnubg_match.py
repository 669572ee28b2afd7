# SPDX-License-Identifier: BSD-2-Clause
# gnubg_match.py: run inside GNU Backgammon (gnubg -t -q -p) by
# tests/corpus_gnubg.sh.  Reads the list of files named by
# BGKIT_GNUBG_LIST ("sgf PATH" to load a match, "mat PATH jacoby=on" to
# import a .mat under that Jacoby setting, which gnubg takes from its
# settings and not the file, "oldmoves PATH" to import FIBS oldmoves;
# tests/corpus_oldmoves.sh) and writes what gnubg made of each to
# BGKIT_GNUBG_OUT: per game
# its result, per move the side, the dice (larger first) and gnubg's
# Position ID before the move.  Side 0 is gnubg's "X", side 1 "O".
import gnubg
import os

side = {'X': 0, 'O': 1}
out = open(os.environ['BGKIT_GNUBG_OUT'], 'w')
for line in open(os.environ['BGKIT_GNUBG_LIST']):
    words = line.split()
    kind, path = words[0], words[1]
    if kind == 'sgf':
        gnubg.command('load match ' + path)
    elif kind == 'oldmoves':
        gnubg.command('import oldmoves ' + path)
    else:
        for w in words[2:]:
            if w.startswith('jacoby='):
                gnubg.command('set jacoby ' + w[7:])
        gnubg.command('import mat ' + path)
    out.write('file %s\n' % path)
    for g in gnubg.match()['games']:
        info = g['info']
        w = info.get('winner')
        if w is None:
            out.write('game none\n')
        else:
            out.write('game %d %d %s\n' % (side[w], info['points-won'],
                'resign' if info.get('resigned') else 'end'))
        for r in g['game']:
            if r.get('action') != 'move':
                continue
            d = sorted(r['dice'], reverse=True)
            out.write('move %d %d%d %s\n' % (side[r['player']], d[0], d[1],
                r['board']))
out.close()
