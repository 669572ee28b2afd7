#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""xganalysis.py: the analysis bgconv -T json reads from an XG file,
one line a decision, for tests/corpus_public.sh to hold to the
reviewed tests/public/DIR/FILE.analysis:

    LINE ACTION SIDE DICE played=I error=E luck=L n=N best=PLAY
        eq=Q level=LEVEL [chosen=PLAY eq=Q] | cube ND DT DP PROPER
        level=LEVEL errors=D,T

(figures to 5 decimals).  Reads JSON Lines on standard input; the
standard library only."""
import json
import sys


def f(x):
    return 'none' if x is None else '%.5f' % x


def level(e):
    if not e:
        return 'none'
    if e['type'] == 'ply':
        return '%d-ply' % (e['plies'] + 1)
    if e['type'] == 'rollout':
        return 'rollout/%d' % e['trials']
    return e['settings'].replace(' ', '')


def main():
    for line in sys.stdin:
        r = json.loads(line)
        a = r.get('analysis')
        if r.get('type') != 'record' or a is None:
            continue
        out = [str(r['line']), r['action'], str(r['side']),
               ''.join(str(d) for d in r['dice'] or [])]
        c = a.get('candidates')
        if c:
            out += ['played=%s' % a.get('played'), 'error=' +
                    f(a.get('error')), 'luck=' + f(a.get('luck')),
                    'n=%d' % len(c), 'best=' + c[0]['play'].replace(' ', '_'),
                    'eq=' + f(c[0].get('equity')), 'level=' +
                    level(c[0].get('eval'))]
            p = a.get('played')
            if p is not None and p != 0:
                out += ['chosen=' + c[p]['play'].replace(' ', '_'),
                        'eq=' + f(c[p].get('equity'))]
        if 'no_double' in a:
            out += ['| cube', f(a['no_double']), f(a['double_take']),
                    f(a['double_pass']), a.get('proper', '?'),
                    'level=' + level(a.get('cube_eval')), 'errors=' +
                    f(a.get('doubler_error')) + ',' +
                    f(a.get('taker_error'))]
        print(' '.join(out))


if __name__ == '__main__':
    main()
