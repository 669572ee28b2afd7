#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""xgtwin.py: an XG match and gnubg's analysis of the same match, side
by side, decision by decision, for tests/corpus_public.sh:

    python3 tests/xgtwin.py XG.json GNUBG.json

Each argument is bgconv -T json of one file.  The plays of each game are
paired in order; for each pair the positions (XGID) and dice must be the
same, and the play made must be among the candidates of both engines.
Prints the counts, then how closely the engines agree: how often their
best plays are the same, and the mean and largest difference of the
equities they give the best play and the play made (equities to 3
decimals).  The standard library only."""
import json
import sys


def plays(path):
    """The move records with their analysis, by game, in order."""
    games = {}
    with open(path, encoding='utf-8') as f:
        for line in f:
            r = json.loads(line)
            if r.get('type') == 'record' and r.get('action') == 'move':
                games.setdefault(r['game'], []).append(r)
    return games


def cands(r):
    a = r.get('analysis') or {}
    return {c['play']: c.get('equity') for c in a.get('candidates', [])}


def best(r):
    c = (r.get('analysis') or {}).get('candidates') or []
    return c[0]['play'] if c else None


def main():
    xg, gn = plays(sys.argv[1]), plays(sys.argv[2])
    n = same = inx = ingn = both = sbest = 0
    diffs = []
    worst = (0.0, '')
    for g in sorted(set(xg) | set(gn)):
        a, b = xg.get(g, []), gn.get(g, [])
        if len(a) != len(b):
            print('game %d: %d plays in XG, %d in gnubg' % (g, len(a),
                                                            len(b)))
        for x, y in zip(a, b):
            n += 1
            if x['xgid'] != y['xgid'] or x['dice'] != y['dice']:
                print('game %d turn %d: position or dice differ' %
                      (g, x['turn']))
                continue
            same += 1
            cx, cy = cands(x), cands(y)
            if not cx or not cy:
                continue
            both += 1
            inx += x['move'] in cx
            ingn += x['move'] in cy
            if x['move'] not in cx or x['move'] not in cy:
                print('game %d turn %d: %s not among the candidates of %s'
                      % (g, x['turn'], x['move'], 'XG' if x['move'] not in
                         cx else 'gnubg'))
            sbest += best(x) == best(y)
            for p in (best(x), x['move']):
                if p in cx and p in cy and cx[p] is not None and \
                        cy[p] is not None:
                    d = abs(cx[p] - cy[p])
                    diffs.append(d)
                    if d > worst[0]:
                        worst = (d, 'game %d turn %d %s' % (g, x['turn'],
                                                           p))
    print('plays %d, same position and dice %d, analysed by both %d' %
          (n, same, both))
    print('the play made among XG\'s candidates %d, among gnubg\'s %d' %
          (inx, ingn))
    print('the same best play %d of %d' % (sbest, both))
    if diffs:
        print('equity of the best play and the play made: mean difference '
              '%.3f, largest %.3f (%s)' % (sum(diffs) / len(diffs),
                                         worst[0], worst[1]))


if __name__ == '__main__':
    main()
