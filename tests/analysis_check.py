#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""analysis_check.py SGF JSON: the analysis bgconv -T json read from a
gnubg SGF (JSON, one line a record) against an independent reading of
the SGF's own text (the standard library only).  For every move node,
in order: A's first value is "played", each candidate's letters are its
"steps" (gnubg's letters: a..x points, y bar, z off, counted from the
mover's side), each of its numbers ("E ver 3": five probabilities and
the equity; "X ver 3": Score, Score2, Trials, Output, StdDev) equals
the text's, and so the evaluation's settings; DA's fourteen numbers (or
a rollout's) are the cube outputs; LU is "luck"; BM DO BC DC GB GW are
the marks.  A number equals the text when it prints the same at the
text's own precision.  Prints one line per mismatch and, last,
"analysis_check: N values, M mismatches"; exit status 1 on a mismatch.
"""
import json
import re
import sys

PROP = re.compile(r'([A-Z]+)((?:\[(?:[^\]\\]|\\.)*\])+)', re.S)
VAL = re.compile(r'\[((?:[^\]\\]|\\.)*)\]', re.S)


def nodes(text):
    """The move nodes of every tree: (side, {id: [values]})."""
    out = []
    for chunk in re.split(r'\n?;', text)[1:]:
        props = {}
        for pid, vals in PROP.findall(chunk):
            props.setdefault(pid, []).extend(VAL.findall(vals))
        for side, pid in ((0, 'W'), (1, 'B')):
            if pid in props and 'FF' not in props:
                out.append((side, props))
    return out


def point(c, side):
    if c == 'y':
        return 25
    if c == 'z':
        return 0
    k = ord(c) - ord('a')
    return k + 1 if side == 0 else 24 - k


class Check:
    def __init__(self):
        self.n = 0
        self.bad = 0

    def eq(self, where, text, value):
        """text is a number as the SGF writes it; value as JSON reads."""
        self.n += 1
        if value is None:
            ok = False
        elif 'e' in text or 'E' in text or '.' not in text:
            ok = float(text) == float(value)
        else:
            places = len(text.split('.')[1])
            # The same at the text's precision ("-0.00000" is 0).
            ok = '%.*f' % (places, value + 0.0) == '%.*f' % (
                places, float(text) + 0.0) or (float(text) == 0 and
                                               value == 0)
        if not ok:
            self.bad += 1
            print('%s: %s in the SGF, %r read' % (where, text, value))

    def same(self, where, want, got):
        self.n += 1
        if want != got:
            self.bad += 1
            print('%s: %r in the SGF, %r read' % (where, want, got))


OUT7 = ('win', 'win_gammon', 'win_bg', 'lose_gammon', 'lose_bg',
        'cubeless')


def outputs(ck, where, nums, obj, match):
    for k, t in zip(OUT7, nums[:6]):
        ck.eq(where + ' ' + k, t, obj.get(k))
    ck.eq(where + ' last', nums[6], obj.get('mwc' if match else 'cubeful'))


def ply(ck, where, toks, ev, unused):
    m = re.match(r'(\d+)(C?)$', toks[0])
    ck.same(where + ' plies', int(m.group(1)), ev.get('plies'))
    ck.same(where + ' cubeful', m.group(2) == 'C', ev.get('cubeful'))
    k = 2 if unused else 1
    ck.same(where + ' deterministic', toks[k] != '0',
            ev.get('deterministic'))
    ck.eq(where + ' noise', toks[k + 1], ev.get('noise'))
    ck.same(where + ' prune', toks[k + 2] != '0', ev.get('prune'))


def rollout(ck, where, toks, obj, match):
    """Output ... StdDev ... at toks[0]; returns the tokens after."""
    ck.same(where + ' Output', 'Output', toks[0])
    outputs(ck, where, toks[1:8], obj, match)
    ck.same(where + ' StdDev', 'StdDev', toks[8])
    for i in range(7):
        ck.eq(where + ' se%d' % i, toks[9 + i], (obj.get('se') or
                                                  [None] * 7)[i])
    return toks[16:]


def candidate(ck, where, text, cand, side, match):
    letters, _, rest = text.partition(' ')
    steps = [[point(letters[i], side), point(letters[i + 1], side)]
             for i in range(0, len(letters), 2)]
    ck.same(where + ' steps', steps, cand.get('steps'))
    toks = rest.split()
    if not toks:
        ck.same(where + ' eval', None, cand.get('eval'))
        return
    ev = cand.get('eval') or {}
    if toks[0] == 'E':
        for k, t in zip(OUT7[:5], toks[3:8]):
            ck.eq(where + ' ' + k, t, cand.get(k))
        ck.eq(where + ' equity', toks[8], cand.get('equity'))
        ply(ck, where, toks[9:], ev, True)
        return
    ck.same(where + ' form', ['X', 'ver', '3', 'Score'], toks[:4])
    ck.eq(where + ' equity', toks[4], cand.get('equity'))
    ck.eq(where + ' equity2', toks[5], cand.get('equity2'))
    ck.same(where + ' trials', int(toks[7]), ev.get('trials'))
    after = rollout(ck, where, toks[8:], cand, match)
    ck.same(where + ' settings', ' '.join(after),
            ' '.join((ev.get('settings') or '').split()))


def cube(ck, where, text, an, match):
    toks = text.split()
    nd = an.get('no_double_outputs') or {}
    dt = an.get('double_take_outputs') or {}
    ev = an.get('cube_eval') or {}
    if toks[0] == 'E':
        ply(ck, where, toks[3:7], ev, False)
        outputs(ck, where + ' no double', toks[7:14], nd, match)
        outputs(ck, where + ' double/take', toks[14:21], dt, match)
        return
    ck.same(where + ' trials', int(toks[5]), ev.get('trials'))
    after = rollout(ck, where + ' no double', toks[7:], nd, match)
    after = rollout(ck, where + ' double/take', after[1:], dt, match)
    ck.same(where + ' settings', ' '.join(after),
            ' '.join((ev.get('settings') or '').split()))


def main():
    sgf = open(sys.argv[1], encoding='utf-8').read()
    match = int(re.search(r'MI\[length:(\d+)\]', sgf).group(1)) > 0
    recs = [json.loads(x) for x in open(sys.argv[2], encoding='utf-8')]
    recs = [r for r in recs if r.get('type') == 'record' and
            r.get('action') in ('move', 'double', 'take', 'drop')]
    ck = Check()
    ns = nodes(sgf)
    ck.same('move and cube nodes', len(ns), len(recs))
    marks = {'': 'doubtful', '1': 'bad', '2': 'very_bad'}
    for k, ((side, p), r) in enumerate(zip(ns, recs)):
        an = r.get('analysis') or {}
        where = 'game %d turn %s' % (r['game'], r['turn'])
        ck.same(where + ' side', side, r['side'])
        if 'A' in p:
            ck.same(where + ' played', int(p['A'][0]), an.get('played'))
            cands = an.get('candidates') or []
            ck.same(where + ' candidates', len(p['A']) - 1, len(cands))
            for i, (t, c) in enumerate(zip(p['A'][1:], cands)):
                candidate(ck, '%s candidate %d' % (where, i + 1), t, c,
                          side, match)
            marked = [int(x) for x in p.get('MR', [''])[0].split()]
            ck.same(where + ' MR', marked,
                    [i + 1 for i, c in enumerate(cands) if c.get('marked')])
        else:
            ck.same(where + ' candidates', None, an.get('candidates'))
        if 'DA' in p:
            cube(ck, where + ' DA', p['DA'][0], an, match)
        if 'LU' in p:
            ck.eq(where + ' LU', p['LU'][0], an.get('luck'))
        else:
            ck.same(where + ' LU', None, an.get('luck'))
        ck.same(where + ' mark', marks.get(p['BM'][0]) if 'BM' in p else
                'doubtful' if 'DO' in p else None, an.get('mark'))
        ck.same(where + ' cube mark', marks.get(p['BC'][0]) if 'BC' in p
                else 'doubtful' if 'DC' in p else None, an.get('cube_mark'))
        lm = 0
        if 'GW' in p:
            lm = int(p['GW'][0]) * (1 if side == 0 else -1)
        if 'GB' in p:
            lm = int(p['GB'][0]) * (-1 if side == 0 else 1)
        ck.same(where + ' luck mark', lm, an.get('luck_mark', 0))
    print('analysis_check: %d values, %d mismatches' % (ck.n, ck.bad))
    return 1 if ck.bad else 0


if __name__ == '__main__':
    sys.exit(main())
