#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""xggnubg.py: does gnubg show XG's analysis?  For tests/corpus_public.sh:

    python3 tests/xggnubg.py XG.json GNUBG.txt

XG.json is bgconv -T json of an XG file, GNUBG.txt what gnubg's
`export match text` wrote of bgconv -T sgf of the same file.  Each move
gnubg shows with its analysis ("Rolled 41 (-0.003):" and its ranked
candidates) is looked for, in order, among XG's analysed moves: the same
dice, XG's luck, XG's best play and its equity, to gnubg's three
decimals.  Prints how many were shown and found, and each that was
not.  The standard library only."""
import json
import re
import sys


def xg_moves(path):
    out = []
    with open(path, encoding='utf-8') as f:
        for line in f:
            r = json.loads(line)
            a = r.get('analysis') or {}
            c = a.get('candidates')
            if r.get('action') == 'move' and c:
                d = sorted(r['dice'], reverse=True)
                out.append(('%d%d' % tuple(d), a.get('luck'),
                            c[0]['play'], c[0].get('equity')))
    return out


def gnubg_moves(path):
    out = []
    roll = re.compile(r'^Rolled (\d\d)(?: \(([-+]\d+\.\d+)\))?:$')
    first = re.compile(r'^\*?\s+1\. .{16}\s*(.*?)\s+Eq\.: ([-+]\d+\.\d+)')
    lines = open(path, encoding='utf-8', errors='replace').read().split('\n')
    for i, line in enumerate(lines):
        m = roll.match(line)
        if m and i + 1 < len(lines):
            c = first.match(lines[i + 1])
            if c:
                out.append((m.group(1), m.group(2), c.group(1),
                            c.group(2)))
    return out


def same(x, shown):
    return shown is None if x is None else shown is not None and \
        '%+.3f' % x == shown


def main():
    xg, gn = xg_moves(sys.argv[1]), gnubg_moves(sys.argv[2])
    at = found = 0
    for d, luck, play, eq in gn:
        for k in range(at, len(xg)):
            x = xg[k]
            if x[0] == d and x[2] == play and same(x[3], eq) and \
                    same(x[1], luck):
                found += 1
                at = k + 1
                break
        else:
            print('not XG\'s: Rolled %s (%s): %s %s' % (d, luck, play, eq))
    print('gnubg shows %d moves with candidates; XG\'s dice, luck, best '
          'play and equity: %d' % (len(gn), found))


if __name__ == '__main__':
    main()
