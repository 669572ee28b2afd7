#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""decisions_check.py ROWS ERROR_ROWS MARK_ROWS TXT.gz ...: the
analysis columns of bggrep --decisions -T json (ROWS, one row a
decision, of the SGF files mNNNN.sgf.gz of matches analysed by gnubg)
against gnubg's own text export of the same match (mNNNN.txt.gz, the
games after "=== game N" lines), read here with the standard library
only; and the rows of --error-play 0.1 (ERROR_ROWS) and --mark very_bad
(MARK_ROWS) against the export's errors and alerts.

Each "Move number" block of the export whose starred line says what
was done ("* Alice moves 13/7 8/7", "cannot move", "doubles",
"accepts", "rejects") is one row of bggrep, in order, game by game: the
counts must agree, and the action and the play made must be the row's.
For a play with candidates, the first candidate's play is "best", its
equity "best_equity", the starred candidate's equity "played_equity"
and its difference "error" (0 for the first), each at the export's
three decimals; the luck of "Rolled 52 (-0.056)" is "luck"; "Alert:
doubtful move" (bad, very bad) is "mark", "Alert: lucky roll!" (very
lucky, unlucky, very unlucky) is "luck_mark", and "Alert: missed
double" with the " [bad]" line under it is "cube_mark"; for a cube
action, the "Alert: wrong take" line's bracket is "mark" and, in money
play, its number is "error" (0 without it).  Prints one
line per mismatch, "ok mNNNN: ..." or "FAIL mNNNN: ..." for each match
and, last, "decisions_check: N values, M mismatches"; exit status 1 on
a mismatch.
"""
import gzip
import json
import os
import re
import sys

STAR = re.compile(r'^\* \S.*? (moves (.*)|cannot move|doubles|accepts|'
                  r'rejects)\s*$')
CAND = re.compile(r'^(\*| ) +(\d+\.|\?\?) +Cubeful \d+-ply +(.*?) +Eq\.: '
                  r'([+-]\d+\.\d+)(?: \(([+-]\d+\.\d+)\))?\s*$')
ROLLED = re.compile(r'^Rolled \d\d \(([+-]\d+\.\d+)\):')
MOVE = re.compile(r'^Alert: (doubtful|bad|very bad) move')
LUCK = re.compile(r'^Alert: (very lucky|lucky|unlucky|very unlucky) roll!')
CUBE = re.compile(r'^Alert: (missed double|wrong double|wrong take|'
                  r'wrong pass) \(([+-]\d+\.\d+)\)')
BRACKET = re.compile(r'^ \[(doubtful|bad|very bad)\]\s*$')
ACTION = {'doubles': 'double', 'accepts': 'take', 'rejects': 'drop',
          'cannot move': 'move'}


def blocks(text):
    """Per game, the decisions of the export in order: dicts."""
    games, cur = [], None
    for line in text.splitlines():
        if line.startswith('=== game '):
            games.append([])
            cur = None
            continue
        if line.startswith('Move number '):
            cur = None
            continue
        m = STAR.match(line)
        if m and games:
            what = m.group(1)
            cur = {'action': 'move' if what.startswith('moves') else
                   ACTION[what], 'play': m.group(2) if m.group(2) else
                   '' if what == 'cannot move' else None,
                   'cand': [], 'mark': None, 'cube_mark': None,
                   'luck_mark': None, 'luck': None, 'cube_error': None}
            games[-1].append(cur)
            last = None
            continue
        if cur is None:
            continue
        if MOVE.match(line):
            cur['mark'] = MOVE.match(line).group(1).replace(' ', '_')
        elif LUCK.match(line):
            cur['luck_mark'] = LUCK.match(line).group(1).replace(' ', '_')
        elif CUBE.match(line):
            what, err = CUBE.match(line).groups()
            last = 'cube_mark' if what == 'missed double' else 'mark'
            if last == 'mark':
                cur['cube_error'] = err
            continue
        elif BRACKET.match(line) and last is not None:
            cur[last] = BRACKET.match(line).group(1).replace(' ', '_')
        elif ROLLED.match(line):
            cur['luck'] = ROLLED.match(line).group(1)
        elif CAND.match(line):
            s, _, play, eq, diff = CAND.match(line).groups()
            cur['cand'].append((s == '*', play, eq, diff))
        last = None
    return games


def read_rows(path):
    """The rows of a file of bggrep's output: {match: {game: [row]}},
    the match being the name of the SGF without its endings."""
    rows = {}
    with open(path) as f:
        for line in f:
            o = json.loads(line)
            m = os.path.basename(o['file']).split('.')[0]
            rows.setdefault(m, {}).setdefault(o['game'], []).append(o)
    return rows


def check(games, rows, err, mark):
    """One match: the mismatches printed; their count."""
    n = bad = 0

    def same(where, want, got):
        nonlocal n, bad
        n += 1
        if isinstance(got, tuple):
            ok = want in got
        else:
            ok = want == got
        if not ok:
            bad += 1
            print('%s: %r in the export, %r in the row' % (where, want, got))

    def num(x):
        """x at the export's precision, either way when it is half way
        ("0.07450": "+0.075" and "+0.074"), and "-0.000" as gnubg
        prints a negative nought."""
        if x is None:
            return None
        out = tuple('%+.3f' % (x + e) for e in (-1e-9, 1e-9))
        return out + tuple(t.replace('+', '-') for t in out
                           if t == '+0.000')

    for g, dec in enumerate(games, 1):
        got = rows.get(g, [])
        same('game %d: decisions' % g, len(dec), len(got))
        for d, r in zip(dec, got):
            at = 'game %d, move %d' % (g, r['move'])
            same(at + ': action', d['action'], r['action'])
            if d['play'] is not None:
                same(at + ': play', d['play'], r['play'])
            same(at + ': mark', d['mark'], r['mark'])
            if d['action'] != 'move':
                # In money play the row has the cube action's error (a
                # match's needs a match equity table: null).
                if r['length'] == 0:
                    same(at + ': error', d['cube_error'] or '-0.000',
                         num(r['error']))
                else:
                    same(at + ': error', None, r['error'])
                continue
            same(at + ': cube_mark', d['cube_mark'], r['cube_mark'])
            same(at + ': luck_mark', d['luck_mark'], r['luck_mark'])
            same(at + ': luck', d['luck'], num(r['luck']))
            if not d['cand']:
                same(at + ': error', None, r['error'])
                continue
            first = d['cand'][0]
            made = [c for c in d['cand'] if c[0]]
            same(at + ': best', first[1], r['best'])
            same(at + ': best_equity', first[2], num(r['best_equity']))
            if not made:
                continue
            # A play made below the candidates listed is printed after
            # them, ranked "??".
            same(at + ': played_equity', made[0][2],
                 num(r['played_equity']))
            same(at + ': error', made[0][3] or '-0.000', num(r['error']))
    # The filters: the rows of --error-play 0.1 are the plays whose
    # starred difference is -0.100 or less (the row's own error on the
    # edge, where the export rounds), those of --mark very_bad the
    # decisions with a "[very bad]" or "very bad move" alert.
    want = set()
    for g, dec in enumerate(games, 1):
        for d, r in zip(dec, rows.get(g, [])):
            made = [c for c in d['cand'] if c[0]]
            diff = made[0][3] if made else None
            if diff and float(diff) <= -0.1 and r['error'] <= -0.1 + 1e-9:
                want.add((g, r['move']))
    same('--error-play 0.1', sorted(want),
         sorted((g, r['move']) for g in err for r in err[g]))
    want = set((g, r['move']) for g, dec in enumerate(games, 1)
               for d, r in zip(dec, rows.get(g, []))
               if 'very_bad' in (d['mark'], d['cube_mark']))
    same('--mark very_bad', sorted(want),
         sorted((g, r['move']) for g in mark for r in mark[g]))
    return n, bad


def main():
    """ROWS ERROR_ROWS MARK_ROWS TXT.gz ..."""
    rows, err, mark = (read_rows(p) for p in sys.argv[1:4])
    total = bad = 0
    for path in sys.argv[4:]:
        m = os.path.basename(path).split('.')[0]
        with gzip.open(path, 'rt') as f:
            games = blocks(f.read())
        n, b = check(games, rows.get(m, {}), err.get(m, {}),
                     mark.get(m, {}))
        print('%s %s: %d values, %d mismatches' %
              ('ok' if b == 0 else 'FAIL', m, n, b))
        total += n
        bad += b
    print('decisions_check: %d values, %d mismatches' % (total, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
