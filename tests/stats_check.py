#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""stats_check.py: bgscore --statistics -T json against gnubg's own
"show statistics" text (a .stats file of tests/corpus/analysed: the
match's table, then each game's after a line "=== game N").

    stats_check.py --exact NAME RELOAD JSON
    stats_check.py NAME STATS JSON LENGTH

Every figure gnubg prints is read from its table (by its label and
column) and compared with the member of our JSON that says the same,
as the number gnubg prints (the same digits).

With --exact (against mNNNN.reload.stats, gnubg's statistics of the
analysed SGF it loaded: the numbers bgscore reads too) every figure must
be equal.

Without it (against mNNNN.stats, the statistics gnubg printed in the
session that analysed the match, of a match of LENGTH points, 0 for
money), counts and ratings must be equal, and a decimal may be one unit
off in its last digit (a NEAR line): gnubg printed that table from its
unrounded numbers, and its SGF keeps each move's numbers rounded (LU to
five decimals, the others to six), which cannot always tell which way
the last digit goes.  The luck based FIBS rating difference,
2000 / sqrt(LENGTH) * log10(a / (1 - a)) of the luck adjusted result a
(a chance), may be as far off as two units of the luck totals (0.001%
each, one a player) move it, and one unit more: it takes both players'
luck, and the logarithm magnifies it.

Prints a line for each figure that is not equal (DIFF or NEAR, naming
the match, the game (0: the match), the player and the key), and last
"stats_check: N figures, N one unit off in the last digit, N further
off (the FIBS rating difference), N differ".  Exits 1 when one differs.
Standard library only.
"""
import json
import math
import re
import sys

NUM = r'[+-]?(?:\d+\.\d+|\d+)'

# Each label of gnubg's table: (section, keys), where keys are the
# members its numbers go to, in order.  A key of None is a number gnubg
# prints that we do not compare (Snowie's MWC, always +0.000).
ROWS = {
    'Total moves': ('checker', ['moves']),
    'Unforced moves': ('checker', ['unforced']),
    'Unmarked moves': ('checker', ['unmarked']),
    'Moves marked doubtful': ('checker', ['doubtful']),
    'Moves marked bad': ('checker', ['bad']),
    'Moves marked very bad': ('checker', ['very_bad']),
    'Chequerplay rating': ('checker', ['rating']),
    'Rolls marked very lucky': ('luck', ['very_lucky']),
    'Rolls marked lucky': ('luck', ['lucky']),
    'Rolls unmarked': ('luck', ['unmarked']),
    'Rolls marked unlucky': ('luck', ['unlucky']),
    'Rolls marked very unlucky': ('luck', ['very_unlucky']),
    'Luck total EMG': ('luck', ['total_emg', 'total_U']),
    'Luck rate mEMG': ('luck', ['rate_memg', 'rate_U']),
    'Luck rating': ('luck', ['rating']),
    'Total cube decisions': ('cube', ['decisions']),
    'Close or actual cube decisions': ('cube', ['close']),
    'Doubles': ('cube', ['doubles']),
    'Takes': ('cube', ['takes']),
    'Passes': ('cube', ['passes']),
    'Missed doubles below CP': ('cube', ['missed_below_cp']),
    'Missed doubles above CP': ('cube', ['missed_above_cp']),
    'Wrong doubles below DP': ('cube', ['wrong_below_dp']),
    'Wrong doubles above TG': ('cube', ['wrong_above_tg']),
    'Wrong takes': ('cube', ['wrong_takes']),
    'Wrong passes': ('cube', ['wrong_passes']),
    'Cube decision rating': ('cube', ['rating']),
    'Snowie error rate': ('overall', ['snowie_rate', None]),
    'Overall rating': ('overall', ['rating']),
    'Actual result': ('overall', ['actual_result']),
    'Luck adjusted result': ('overall', ['luck_adjusted_result']),
    'Luck based FIBS rating diff.': ('overall', ['fibs_rating_diff']),
    'Error based abs. FIBS rating': ('overall', ['fibs_rating']),
    'Chequerplay errors rating loss': ('overall', ['checker_rating_loss']),
    'Cube errors rating loss': ('overall', ['cube_rating_loss']),
    'Advantage (actual) in ppg': ('overall', ['advantage_ppg']),
    'Advantage (luck adjusted) in ppg':
        ('overall', ['luck_adjusted_advantage_ppg']),
}
# "Error total" and "Error rate" appear in three sections.
ERR = {'Error total EMG': ['error_emg', 'error_U'],
       'Error rate mEMG': ['rate_memg', 'rate_U']}
WORDS = ('Awful!', 'Beginner', 'Casual player', 'Intermediate',
         'Advanced', 'Expert', 'World class', 'Supernatural', 'None',
         'Go to bed', 'Bad dice, man!', 'Good dice, man!',
         'Go to Las Vegas', 'n/a')


def tables(text):
    """The tables of a .stats file: [(game, [lines])], game 0 first."""
    out, game = [(0, [])], 0
    for line in text.split('\n'):
        m = re.match(r'=== game (\d+)$', line)
        if m:
            out.append((int(m.group(1)), []))
        else:
            out[-1][1].append(line)
    return out


def cells(line):
    """The two players' cells of a line: from column 41 and 65."""
    return [line[41:65].strip(), line[65:].strip()]


def figures(lines):
    """{(section, key, side): text} of one table."""
    got, section = {}, None
    for line in lines:
        if line.endswith(' statistics'):
            section = {'Chequerplay': 'checker', 'Luck': 'luck',
                       'Cube': 'cube', 'Overall': 'overall'}[line.split()[0]]
            continue
        label = line[:41].rstrip()
        base = re.sub(r' \(.*$', '', label)
        if base in ERR and section:
            keys, sec = ERR[base], section
        elif label in ROWS or base in ROWS:
            sec, keys = ROWS[label if label in ROWS else base]
        elif label.startswith('95% confidence') or not label or \
                label in ('Player', 'No game in progress.'):
            continue
        else:
            raise ValueError('unknown line: ' + line)
        for side, cell in enumerate(cells(line)):
            if cell == '' and base.startswith('Luck based'):
                continue
            if keys == ['rating']:
                if cell not in WORDS:
                    raise ValueError('unknown rating: ' + line)
                got[(sec, 'rating', side)] = None if cell == 'n/a' else cell
                continue
            if cell == 'n/a':
                got[(sec, keys[0], side)] = None
                continue
            nums = re.findall(NUM, cell)
            if sec == 'cube' and keys[0].startswith(('missed', 'wrong')):
                nums += ['0', '0'] if len(nums) == 1 else []
                got[(sec, keys[0], side)] = nums
                continue
            for k, v in zip(keys, nums):
                if k is not None:
                    got[(sec, k, side)] = v
    return got


def off(gnubg, ours):
    """How many units of gnubg's last digit our value is from what gnubg
    printed (0: it says the same, to its digits); None when it cannot be
    (a different count, rating or shape)."""
    if gnubg is None or ours is None:
        return 0 if gnubg is None and ours is None else None
    if isinstance(gnubg, list):
        if not isinstance(ours, list) or len(ours) != 3:
            return None
        units = [off(a, b) for a, b in zip(gnubg, ours)]
        return None if None in units else max(units)
    if isinstance(ours, str):
        return 0 if gnubg == ours else None
    if '.' not in gnubg:
        return 0 if int(gnubg) == ours else None
    d = len(gnubg.split('.')[1])
    return int(round(abs(round(float(ours), d) - float(gnubg)) * 10 ** d))


def fibs_units(length, adjusted):
    """The units (0.01) a luck based FIBS rating difference may be off
    in a match of length points whose luck adjusted result is adjusted
    (in percent): how far two units of luck (2e-5 of a chance) move
    2000 / sqrt(length) * log10(a / (1 - a)), and one unit more."""
    a = 0.5 + adjusted / 100
    if length <= 0 or not 0 < a < 1:
        return 1
    slope = 2000 / math.sqrt(length) / math.log(10) / (a * (1 - a))
    return 1 + math.ceil(slope * 2e-5 / 0.01)


def main():
    args = sys.argv[1:]
    exact = args[:1] == ['--exact']
    if len(args) != 4 or (not exact and not args[3].isdigit()):
        sys.exit('usage: stats_check.py --exact NAME RELOAD JSON\n'
                 '       stats_check.py NAME STATS JSON LENGTH')
    name, stats, js = args[1:] if exact else args[:3]
    length = 0 if exact else int(args[3])
    with open(stats) as f:
        truth = tables(f.read())
    ours = {}
    with open(js) as f:
        for line in f:
            o = json.loads(line)
            if o.get('type') == 'statistics':
                ours[o['game'] or 0] = o
    n = bad = near = wide = 0
    for game, lines in truth:
        want = figures(lines)
        o = ours.get(game)
        if o is None:
            print('%s game %d: no statistics' % (name, game))
            bad += 1
            continue
        unit = '_mwc' if 'error_mwc' in o['checker'][0] else '_points'
        for (sec, key, side), v in sorted(want.items()):
            k = key.replace('_U', unit)
            mine = o[sec][side].get(k, 'absent')
            n += 1
            r = off(v, mine)
            if r == 0:
                continue
            most = 0 if exact else 1
            if not exact and k == 'fibs_rating_diff':
                most = fibs_units(length,
                                  o['overall'][side]['luck_adjusted_result'])
            if r is None or r > most:
                what, bad = 'DIFF', bad + 1
            elif r == 1:
                what, near = 'NEAR', near + 1
            else:
                what, wide = 'NEAR (%d units of %d)' % (r, most), wide + 1
            print('%s: %s game %d player %s %s.%s: ours %s, gnubg %s' % (
                what, name, game, o['players'][side], sec, k,
                json.dumps(mine), json.dumps(v)))
    print('stats_check: %d figures, %d one unit off in the last digit, '
          '%d further off (the FIBS rating difference), %d differ'
          % (n, near, wide, bad))
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
