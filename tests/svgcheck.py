#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""svgcheck.py: bgshow's SVG diagrams checked against their XGID by
what the picture shows, not by a recorded copy of it.

For each XGID read from the standard input (one a line), the script
runs `bgshow -p XGID -T svg`, reads the SVG as a picture (which circle
stands on which numbered point, what colour it is, the number written
on a tall stack, the slabs in the bear-off tray, the pips on each die,
the cube's value and where it stands, the pip counts and scores printed
beside the names) and compares all of it with the position the XGID
gives, decoded here from the XGID's own definition:

  XGID=P:C:O:T:D:S1:S2:K:L:M
  P   26 characters: the top player's bar, points 1 to 24 as the bottom
      player counts them, the bottom player's bar; '-' empty, 'A'..'O'
      1 to 15 checkers of the bottom player (X), 'a'..'o' of the top
      player (O)
  C   the cube's value as a power of two; O its owner: 1 X, -1 O, 0 the
      middle; T the side on roll: 1 X, -1 O
  D   the dice ('00' not rolled, else two digits, or D, B or R for a
      double, beaver or raccoon offered)
  S1, S2 the scores of X and O; K the Crawford flag; L the length
      (0 money); M the maximum cube

The picture's conventions checked here are those bgshow(1) describes:
the bottom player (X) at the bottom moving to its home board on the
right, points numbered from X's side, a stack of more than five drawn
as five with the count written on the top checker, checkers on the bar
in the middle, borne-off checkers as slabs in the tray with their count,
the dice in the half of the side on roll, the cube beside the board at
the side of its owner (the middle when centred, 64 on it when it has
not been turned, none in the Crawford game; a double offered in the
middle with the value offered).

Usage: tests/svgcheck.py BGSHOW < xgids
Ends "svgcheck: N passed, N failed".
"""

import re
import subprocess
import sys
import xml.etree.ElementTree as ET

NS = "{http://www.w3.org/2000/svg}"


def decode(xgid):
    """The position of an XGID: {'X': [bar, p1..p24 counts], 'O': [...],
    'cube', 'owner', 'turn', 'dice', 'score', 'length'}."""
    f = xgid[len("XGID="):].split(":")
    p = f[0]
    assert len(p) == 26, xgid
    x = [0] * 25   # index 0: the bar, 1..24: X's points
    o = [0] * 25   # index 0: the bar, 1..24: the points as X numbers them
    for i, c in enumerate(p):
        if c == "-":
            continue
        if c.isupper():
            n = ord(c) - ord("A") + 1
            if i == 25:
                x[0] += n
            else:
                x[i] += n
        else:
            n = ord(c) - ord("a") + 1
            if i == 0:
                o[0] += n
            else:
                o[i] += n
    dice = f[4]
    return {
        "X": x, "O": o, "cube": 2 ** int(f[1]), "owner": int(f[2]),
        "turn": int(f[3]), "dice": (tuple(sorted((int(dice[0]),
                                                  int(dice[1]))))
                                    if dice.isdigit() and dice != "00"
                                    else None),
        "crawford": int(f[7]) == 1 and int(f[8]) > 0,
        "offered": dice if dice in ("D", "B", "R") else None,
        "score": (int(f[5]), int(f[6])), "length": int(f[8]),
    }


def pips(pos):
    x = 25 * pos["X"][0] + sum(i * pos["X"][i] for i in range(1, 25))
    o = 25 * pos["O"][0] + sum((25 - i) * pos["O"][i] for i in range(1, 25))
    return x, o


def num(v):
    return float(v)


def picture(svg):
    """What the SVG shows, read from its elements."""
    root = ET.fromstring(svg)
    els = list(root.iter())
    texts = [(num(e.get("x")), num(e.get("y")), num(e.get("font-size")),
              (e.text or "").strip(), e.get("fill")) for e in els
             if e.tag == NS + "text"]
    circles = [(num(e.get("cx")), num(e.get("cy")), num(e.get("r")),
                e.get("fill")) for e in els if e.tag == NS + "circle"]
    rects = [(num(e.get("x")), num(e.get("y")), num(e.get("width")),
              num(e.get("height")), e.get("fill")) for e in els
             if e.tag == NS + "rect" and e.get("x") is not None]
    board = [r for r in rects if r[4] == "#6b4a2b"][0]
    top_y, bottom_y = board[1], board[1] + board[3]
    mid = (top_y + bottom_y) / 2
    # The players: the marker circle and the name beside each.
    markers = sorted((c for c in circles if c[2] == 9), key=lambda c: c[1])
    colour = {"top": markers[0][3], "bottom": markers[1][3]}
    side_of = {colour["top"]: "top", colour["bottom"]: "bottom"}
    # The point numbers: small labels above and below the board.
    labels = {}
    for x, y, size, t, _ in texts:
        if t.isdigit() and (y < top_y or y > bottom_y) and size == 13:
            labels[(x, "top" if y < top_y else "bottom")] = int(t)
    cols = sorted({x for x, _ in labels})
    felts = sorted(r for r in rects if r[4] == "#efe4cc")
    tray = felts[-1] if felts[-1][2] < felts[0][2] else felts[0]
    bar_x = (felts[0][0] + felts[0][2] + felts[1][0]) / 2
    stacks = {}   # (x, half) -> [colour, drawn count, written count]
    for cx, cy, r, fill in circles:
        if r != 19:
            continue
        half = "top" if cy < mid else "bottom"
        key = (cx, half)
        s = stacks.setdefault(key, [fill, 0, None])
        if s[0] != fill:
            raise ValueError("two colours in one stack at %s" % (key,))
        s[1] += 1
    for x, y, size, t, fill in texts:
        if size == 17 and top_y < y < bottom_y and t.isdigit():
            half = "top" if y < mid else "bottom"
            stacks[(x, half)][2] = int(t)
    shown = {"top": [0] * 25, "bottom": [0] * 25}
    for (x, half), (fill, drawn, written) in stacks.items():
        n = written if written is not None else drawn
        who = side_of[fill]
        if abs(x - bar_x) < 1:
            shown[who][0] += n
            continue
        point = labels[(x, half)]
        shown[who][point] += n
    # The tray: a slab a checker, and the count written beside them.
    off = {"top": 0, "bottom": 0}
    for x, y, w, h, fill in rects:
        if h == 10 and tray[0] <= x < tray[0] + tray[2]:
            off[side_of[fill]] += 1
    # The dice: squares of 32 with their pips (circles of radius 3).
    dice = []
    for x, y, w, h, fill in rects:
        if w == 32 and h == 32:
            n = sum(1 for c in circles if c[2] == 3 and x < c[0] < x + w
                    and y < c[1] < y + h)
            dice.append((n, x, fill))
    # The cube: the square of 44 and the number in it.
    cube = None
    for x, y, w, h, fill in rects:
        if w == 44 and h == 44:
            v = [t for tx, ty, size, t, _ in texts
                 if x < tx < x + w and y < ty < y + h]
            place = ("top" if y + h / 2 < mid - 50 else
                     "bottom" if y + h / 2 > mid + 50 else "middle")
            cube = (int(v[0]), place)
    # The lines beside the names: "N points · M pips".
    side_text = {}
    for x, y, size, t, _ in texts:
        m = re.match(r"^(\d+) points? · (\d+) pips$", t)
        if m:
            side_text["top" if y < mid else "bottom"] = (int(m.group(1)),
                                                          int(m.group(2)))
    return {"shown": shown, "off": off, "dice": dice, "cube": cube,
            "side_text": side_text, "colour": colour, "cols": cols}


def check(xgid, svg):
    """The differences between the XGID and the picture, as strings."""
    pos = decode(xgid)
    pic = picture(svg)
    bad = []
    x, o = pos["X"], pos["O"]
    for i in range(25):
        where = "the bar" if i == 0 else "point %d" % i
        if pic["shown"]["bottom"][i] != x[i]:
            bad.append("X on %s: %d drawn, %d in the XGID" %
                       (where, pic["shown"]["bottom"][i], x[i]))
        if pic["shown"]["top"][i] != o[i]:
            bad.append("O on %s: %d drawn, %d in the XGID" %
                       (where, pic["shown"]["top"][i], o[i]))
    for side, counts in (("bottom", x), ("top", o)):
        want = 15 - sum(counts)
        if pic["off"][side] != want:
            bad.append("%s borne off: %d slabs, %d in the XGID" %
                       (side, pic["off"][side], want))
    if pos["dice"] is None:
        if pic["dice"]:
            bad.append("dice drawn where the XGID has none")
    else:
        got = tuple(sorted(d[0] for d in pic["dice"]))
        if got != pos["dice"]:
            bad.append("dice %s drawn, %s in the XGID" % (got, pos["dice"]))
        roller = "bottom" if pos["turn"] == 1 else "top"
        if any(d[2] != pic["colour"][roller] for d in pic["dice"]):
            bad.append("dice not in the colour of the side on roll")
    place = {1: "bottom", -1: "top", 0: "middle"}[pos["owner"]]
    want_cube = (pos["cube"] if pos["cube"] > 1 or pos["owner"] else 64,
                 place)
    if pos["offered"] == "D":
        # A double offered: the cube in the middle, turned to the value
        # offered.  (After a beaver or a raccoon the cube is not
        # checked: which value the XGID's cube field holds then is not
        # settled by its definition.)
        want_cube = (pos["cube"] * 2, "middle")
    elif pos["offered"]:
        want_cube = pic["cube"]
    if pos["crawford"]:
        # No cube in the Crawford game.
        if pic["cube"] is not None:
            bad.append("a cube drawn in the Crawford game")
    elif pos["length"] != 0 or pos["cube"] > 1 or pos["owner"]:
        if pic["cube"] != want_cube and not (
                pic["cube"] is None and pos["owner"] == 0 and
                pos["cube"] == 1):
            bad.append("cube %s drawn, %s in the XGID" % (pic["cube"],
                                                          want_cube))
    px, po = pips(pos)
    st = pic["side_text"]
    if st.get("bottom", (None, px))[1] != px:
        bad.append("X's pips: %s printed, %d counted" % (st["bottom"][1], px))
    if st.get("top", (None, po))[1] != po:
        bad.append("O's pips: %s printed, %d counted" % (st["top"][1], po))
    if pos["length"] > 0:
        if "bottom" in st and st["bottom"][0] != pos["score"][0]:
            bad.append("X's score: %d printed, %d in the XGID" %
                       (st["bottom"][0], pos["score"][0]))
        if "top" in st and st["top"][0] != pos["score"][1]:
            bad.append("O's score: %d printed, %d in the XGID" %
                       (st["top"][0], pos["score"][1]))
    return bad


def main():
    bgshow = sys.argv[1]
    npass = nfail = 0
    for line in sys.stdin:
        xgid = line.strip()
        if not xgid.startswith("XGID="):
            continue
        r = subprocess.run([bgshow, "-p", xgid, "-T", "svg"],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        if r.returncode != 0:
            nfail += 1
            print("FAIL: %s: bgshow: %s" % (xgid, r.stderr.decode().strip()))
            continue
        try:
            bad = check(xgid, r.stdout.decode())
        except (ValueError, KeyError, IndexError) as e:
            bad = ["the picture could not be read: %s" % e]
        if bad:
            nfail += 1
            print("FAIL: %s: %s" % (xgid, "; ".join(bad)))
        else:
            npass += 1
    print("svgcheck: %d passed, %d failed" % (npass, nfail))
    return 1 if nfail else 0


if __name__ == "__main__":
    sys.exit(main())
