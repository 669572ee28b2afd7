#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""xgmake.py: build an eXtreme Gammon binary file (.xg or .xgp) from a
short text description, for the tests of bgkit's XG reader.

    python3 tests/xgmake.py DESCRIPTION >out.xg
    python3 tests/xgmake.py -g DESCRIPTION >temp.xg   (the game file only)

The layout written is the one bgkit-xg(5) describes: the RichGameFormat
header, a zlib archive of temp.xgi, temp.xg, temp.xgr and temp.xgc with
its index and trailer, and temp.xg as 2560-byte records, little-endian,
fields aligned.  Each line of the description is one record or setting
(words KEY=VALUE, '#' starts a comment; in a VALUE '_' is a space and
'\\t' a tab):

    match length=3 player1=Ann player2=Bob [event= site= round=
          transcriber= date=YYYY-MM-DDTHH:MM variation=0..3 crawford=1
          jacoby=0 beaver=0 autodouble=0 automax=N version=30 ansi=1
          unicode=1]
    game [score=A,B number=N autodoubles=N start=26 comma-separated
          counts in player 1's view, positive player 1's | start=zero
          (the header holds no position: all zeros)]
    move p=1|2 dice=D,D [steps=24/18,13/11 (mover's points, 25 bar,
          0 off) raw=8 numbers (the steps as XG stores them)
          analysed=1 comment=N played=0 invalid=1 (XG marks the play
          illegal) edited=1 pos=26 counts (the position before, set
          there) cube=N error=E luck=L (the play's error and the
          roll's luck, -1000 by default: not analysed) level=N
          lucklevel=N (the levels of both, -1 by default) flag=1
          marks=N (bit i: candidate i marked for a rollout)]
    cand steps=24/18,13/11 level=N eval=7 numbers [rollout=N
          rawsteps=8 numbers]
                              (a candidate of the move before it: the
                              steps as for a move, XG's level, its
                              evaluation in XG's order: lose bg, lose
                              gammon, lose, win, win gammon, win bg,
                              equity; its rollout in temp.xgr)
    cube p=1|2 [double=0|1|-1|-2 take=0|1|2 beaver=0|1|2 raccoon=0|1
          analysed=1 edited=1 pos=26 counts cube=N level=N eval=7
          numbers evald=7 numbers (no double, double/take) equities=ND,
          DT,DP errors=CUBE,TAKE (-1000 each by default) rollout=N
          marked=1 flag=1]
    comment RTF               (a comment of temp.xgc, in order from 0:
                              the rest of the line, '|' for XG's line
                              break, the bytes 1 and 2)
    end winner=1|2 points=N [termination=N score=A,B]
    missing                   (a record of type 6)
    matchend
    option crc=bad | archive=bare | rollouts=N | comments=TEXT |
           trials=N,N... (rollouts of these trials in temp.xgr) |
           thumbnail=N | truncate=N | garbage=HEX (appended to temp.xg) |
           size=N (added to temp.xg's size in the index: it inflates
           to fewer bytes than the index says, or to more)

Positions are computed from the moves; player 1 moves from its 24 to
its 1.  XG's position before a move is in player 1's view, the one
after it in the mover's.  The cube field of cube and move records
(0 centred, +n 2^n held by player 1, -n by player 2, automatic doubles
not counted) follows the doubles taken, unless cube=N gives it; a
game footer's score is the game's plus the points won, unless score=
gives it.  The standard library only.
"""
import struct
import sys
import zlib

REC = 2560


def wide(s, n=129):
    b = s.encode('utf-16-le')[:2 * (n - 1)]
    return b + b'\0' * (2 * n - len(b))


def short(s, n):
    b = s.encode('latin-1')[:n]
    return bytes([len(b)]) + b + b'\0' * (n - len(b))


def put(buf, off, fmt, *v):
    struct.pack_into('<' + fmt, buf, off, *v)


def start_board(var):
    pos = [0] * 26
    if var == 2:            # Hypergammon: three checkers
        for p in (24, 23, 22):
            pos[p] += 1
            pos[25 - p] -= 1
        return pos
    layout = {24: 2, 13: 5, 8: 3, 6: 5}
    if var == 1:
        layout = {24: 2, 23: 2, 13: 4, 8: 3, 6: 4}
    for p, n in layout.items():
        pos[p] += n
        pos[25 - p] -= n
    return pos


def apply(pos, side, steps):
    """Apply steps (mover's numbering) to pos (player 1's view)."""
    pos = list(pos)
    for a, b in steps:
        if side == 1:
            fa = 25 if a == 25 else a
            pos[fa] -= 1
            if b == 0:
                continue
            if pos[b] == -1:
                pos[b] = 0
                pos[0] -= 1          # player 2 to its bar
            pos[b] += 1
        else:
            fa = 0 if a == 25 else 25 - a
            pos[fa] += 1
            if b == 0:
                continue
            t = 25 - b
            if pos[t] == 1:
                pos[t] = 0
                pos[25] += 1         # player 1 to its bar
            pos[t] -= 1
    return pos


def sb(pos):
    return bytes((v & 0xff) for v in pos)


def flip(pos):
    """pos in the other player's view."""
    return [-pos[25 - i] for i in range(26)]


def counts(text):
    if text == 'zero':
        return [0] * 26
    return [int(v) for v in text.split(',')]


def words(line):
    kv, flags = {}, []
    for w in line.split()[1:]:
        if '=' in w:
            k, v = w.split('=', 1)
            kv[k] = v.replace('_', ' ').replace('\\t', '\t')
        else:
            flags.append(w)
    return kv, flags


def days(iso):
    import datetime
    d = datetime.datetime.strptime(iso, '%Y-%m-%dT%H:%M')
    base = datetime.datetime(1899, 12, 30)
    delta = d - base
    return delta.days + delta.seconds / 86400.0


def build(lines):
    recs = []
    opts = {}
    version = 30
    var = 0
    pos = start_board(0)
    cube = 0                 # signed log2, as XG's cube fields
    score = [0, 0]
    comments = []
    before = None            # the last move: its record, side, position
    for raw in lines:
        if raw.startswith('comment '):
            comments.append(raw[8:].rstrip('\n').replace('|', '\x01\x02'))
            continue
        line = raw.split('#', 1)[0].strip()
        if not line:
            continue
        kind = line.split()[0]
        kv, flags = words(line)
        r = bytearray(REC)
        if kind == 'option':
            opts.update(kv)
            continue
        if kind == 'match':
            version = int(kv.get('version', 30))
            var = int(kv.get('variation', 0))
            r[8] = 0
            ansi = kv.get('ansi', '1') == '1'
            if ansi:
                r[9:50] = short(kv.get('player1', ''), 40)
                r[50:91] = short(kv.get('player2', ''), 40)
            put(r, 92, 'ii', int(kv.get('length', 0)), var)
            r[100] = int(kv.get('crawford', 1))
            r[101] = int(kv.get('jacoby', 0))
            r[102] = int(kv.get('beaver', 0))
            r[103] = int(kv.get('autodouble', 0))
            put(r, 104, 'dd', 1500.0, 1500.0)
            if 'date' in kv:
                put(r, 128, 'd', days(kv['date']))
            if ansi:
                r[136:265] = short(kv.get('event', ''), 128)
                r[283:412] = short(kv.get('site', ''), 128)
                r[417:546] = short(kv.get('round', ''), 128)
            put(r, 552, 'i', version)
            r[556:560] = b'DMLI'
            put(r, 576, 'ii', int(kv.get('comment', -1)), -1)
            if version >= 8:
                put(r, 612, 'ii', 1024, int(kv.get('automax', 0)))
            if version >= 24 and kv.get('unicode', '1') == '1':
                r[622:880] = wide(kv.get('event', ''))
                r[880:1138] = wide(kv.get('player1', ''))
                r[1138:1396] = wide(kv.get('player2', ''))
                r[1396:1654] = wide(kv.get('site', ''))
                r[1654:1912] = wide(kv.get('round', ''))
            if version >= 30:
                r[1960:2218] = wide(kv.get('transcriber', ''))
        elif kind == 'game':
            r[8] = 1
            score = [int(v) for v in kv.get('score', '0,0').split(',')]
            put(r, 12, 'ii', score[0], score[1])
            pos = start_board(var)
            if 'start' in kv:
                r[21:47] = sb(counts(kv['start']))
                if kv['start'] != 'zero':
                    pos = counts(kv['start'])
            else:
                r[21:47] = sb(pos)
            put(r, 48, 'i', int(kv.get('number', 1)))
            put(r, 56, 'ii', -1, -1)
            put(r, 64, 'i', int(kv.get('autodoubles', 0)))
            cube = 0
        elif kind == 'cand':
            candidate(before, kv)
            continue
        elif kind == 'move':
            r[8] = 3
            side = int(kv['p'])
            steps = parse_steps(kv.get('steps'))
            if 'pos' in kv:
                pos = counts(kv['pos'])
            r[9:35] = sb(pos)
            after = apply(pos, side, steps)
            r[35:61] = sb(after if side == 1 else flip(after))
            pos = after
            put(r, 64, 'i', 1 if side == 1 else -1)
            put(r, 68, '8i', *xg_steps(steps, kv.get('raw')))
            d = [int(v) for v in kv['dice'].split(',')]
            put(r, 100, 'iii', d[0], d[1], int(kv.get('cube', cube)))
            put(r, 120, 'i', 3 if kv.get('analysed') else 0)
            r[2308] = int(kv.get('played', 1))
            put(r, 2472, 'i', 2 if kv.get('analysed') else 0)
            put(r, 2480, 'i', 2 if kv.get('invalid') else 0)
            put(r, 2524, 'i', int(kv.get('comment', -1)))
            r[2528] = int(kv.get('edited', 0))
            put(r, 2312, 'dd', float(kv.get('error', -1000)),
                float(kv.get('luck', -1000)))
            put(r, 2344, '32i', *([-1] * 32))
            if 'level' in kv or 'lucklevel' in kv:
                put(r, 2472, 'ii', int(kv.get('level', -1)),
                    int(kv.get('lucklevel', -1)))
            r[2520] = int(kv.get('flag', 0))
            put(r, 2532, 'I', int(kv.get('marks', 0)))
            before = (r, side, list(r[9:35]))
        elif kind == 'cube':
            r[8] = 2
            side = int(kv['p'])
            sign = 1 if side == 1 else -1
            dbl, take = int(kv.get('double', 1)), int(kv.get('take', 1))
            br, rr = int(kv.get('beaver', 0)), int(kv.get('raccoon', 0))
            if 'pos' in kv:
                pos = counts(kv['pos'])
            put(r, 12, 'iiiiii', sign, dbl, take, br, rr,
                int(kv.get('cube', cube)))
            r[36:62] = sb(pos)
            put(r, 232, 'i', 2 if kv.get('analysed') else 0)
            put(r, 292, 'i', int(kv.get('comment', -1)))
            put(r, 200, 'd', -1000.0)
            put(r, 216, 'd', -1000.0)
            put(r, 224, 'i', int(kv.get('rollout', -1)))
            if 'level' in kv:
                put(r, 92, 'i', int(kv['level']))
                put(r, 124, '7f', *nums(kv['eval'], 7))
                put(r, 152, '3f', *nums(kv['equities'], 3))
                put(r, 168, '7f', *nums(kv['evald'], 7))
                e = nums(kv.get('errors', '-1000,-1000'), 2)
                put(r, 200, 'd', e[0])
                put(r, 216, 'd', e[1])
            r[288] = int(kv.get('flag', 0))
            r[297] = int(kv.get('marked', 0))
            r[296] = int(kv.get('edited', 0))
            n = abs(cube)
            if dbl == 1 and take == 1:
                cube = -sign * (n + 1)
            elif dbl == 1 and take == 2 and br == 2:
                cube = -sign * (n + 3)   # the taker keeps it (bgkit-xg(5))
            elif dbl == 1 and take == 2:
                cube = -sign * (n + 2)
        elif kind == 'end':
            r[8] = 4
            w = int(kv.get('winner', 1))
            pts = int(kv.get('points', 1))
            after = list(score)
            if w in (1, 2):
                after[w - 1] += pts
            if 'score' in kv:
                after = [int(v) for v in kv['score'].split(',')]
            put(r, 12, 'ii', after[0], after[1])
            put(r, 24, 'iii', 1 if w == 1 else -1 if w == 2 else 0,
                pts, int(kv.get('termination', 1)))
        elif kind == 'missing':
            r[8] = 6
        elif kind == 'matchend':
            r[8] = 5
        else:
            raise SystemExit('xgmake: unknown record: ' + kind)
        recs.append(r)
    if comments:
        opts['comments'] = ''.join(c + '\r\n' for c in comments)
    return [bytes(r) for r in recs], opts


def parse_steps(text):
    """'24/18,13/11' as pairs of points (mover's, 25 bar, 0 off)."""
    steps = []
    for s in text.split(',') if text else []:
        a, b = s.split('/')
        steps.append((int(a), int(b)))
    return steps


def xg_steps(steps, raw):
    """The 8 numbers XG stores for steps (or raw, as given)."""
    mv = []
    for a, b in steps:
        mv += [24 if a == 25 else a - 1, -1 if b == 0 else b - 1]
    if raw:
        mv = [int(v) for v in raw.split(',')]
    return mv + [-1] * (8 - len(mv))


def nums(text, n):
    v = [float(x) for x in text.split(',')]
    if len(v) != n:
        raise SystemExit('xgmake: %d numbers wanted: %s' % (n, text))
    return v


def candidate(move, kv):
    """A candidate play of the move record move (record, side, the
    position before it in player 1's view) from a cand line."""
    if move is None:
        raise SystemExit('xgmake: cand before any move')
    r, side, _ = move
    i = struct.unpack_from('<i', r, 188)[0]
    pos = [b - 256 if b > 127 else b for b in move[2]]
    steps = parse_steps(kv.get('steps'))
    after = apply(pos, side, steps)
    r[192 + 26 * i:218 + 26 * i] = sb(after if side == 1 else flip(after))
    put(r, 1024 + 8 * i, '8b', *xg_steps(steps, kv.get('rawsteps')))
    put(r, 1280 + 4 * i, 'h', int(kv.get('level', 2)))
    put(r, 1408 + 28 * i, '7f', *nums(kv['eval'], 7))
    put(r, 2344 + 4 * i, 'i', int(kv.get('rollout', -1)))
    put(r, 188, 'i', i + 1)


def rollouts(opts):
    """temp.xgr: rollouts=N empty ones, or one of each trials=N,N..."""
    if 'trials' not in opts:
        return b'\0' * (2184 * int(opts.get('rollouts', 0)))
    out = b''
    for t in opts['trials'].split(','):
        r = bytearray(2184)
        put(r, 84, 'i', int(t))
        out += bytes(r)
    return out


def container(recs, opts):
    game = b''.join(recs)
    if 'garbage' in opts:
        game += bytes.fromhex(opts['garbage'])
    files = [
        ('temp.xgi', b''.join(recs[:1] + recs[-1:])),
        ('temp.xg', game),
        ('temp.xgr', rollouts(opts)),
        ('temp.xgc', opts.get('comments', '').encode('latin-1')),
    ]
    data, index = b'', b''
    for name, content in files:
        c = zlib.compress(content)
        e = bytearray(532)
        e[0] = len(name)
        e[1:1 + len(name)] = name.encode()
        size = len(content)
        if name == 'temp.xg':
            size += int(opts.get('size', 0))
        put(e, 512, 'iiiI', size, len(c), len(data), zlib.crc32(content))
        e[528] = 0           # compressed
        e[529] = 6
        index += bytes(e)
        data += c
    reg = zlib.compress(index)
    crc = zlib.crc32(data + reg)
    if opts.get('crc') == 'bad':
        crc ^= 1
    trailer = struct.pack('<IiiiiI', crc, len(files), 1, len(reg),
                          len(data), 1) + b'\0' * 12
    head = bytearray(8232)
    head[0:4] = b'RGMH'
    thumb = int(opts.get('thumbnail', 0))
    put(head, 4, 'IIqI', 1, 8232, 0, thumb)
    head[40:40 + 2 * 6] = 'Match!'.encode('utf-16-le')
    body = bytes(head) + b'\xff\xd8' * (thumb // 2) + b'\0' * (thumb % 2)
    if opts.get('archive') == 'bare':
        out = body + zlib.compress(game)
    else:
        out = body + data + reg + trailer
    if 'truncate' in opts:
        out = out[:int(opts['truncate'])]
    return out


def main():
    args = sys.argv[1:]
    game = args[:1] == ['-g']
    if game:
        args = args[1:]
    if len(args) != 1:
        raise SystemExit('usage: xgmake.py [-g] DESCRIPTION >FILE')
    with open(args[0], encoding='utf-8') as f:
        recs, opts = build(f.readlines())
    if game:
        sys.stdout.buffer.write(b''.join(recs))
    else:
        sys.stdout.buffer.write(container(recs, opts))


if __name__ == '__main__':
    main()
