# SPDX-License-Identifier: BSD-2-Clause
"""positions.py: the Python side of make bench's Python row: read and
replay FILE with the bgkit package and make every position of every
game a Position object with its board and match state (the side on
roll read from each), as `bgshow -a -T json FILE` prints every
position; print how many, and how many had side 1 on roll.  Run with
PYTHONPATH=python from the top of the tree."""
import sys

import bgkit


def main():
    n = ones = 0
    with bgkit.read(sys.argv[1]) as rd:
        for match in rd:
            for game in match.games():
                for pos in game.positions:
                    n += 1
                    ones += pos.on_roll
    print(n, ones)


main()
