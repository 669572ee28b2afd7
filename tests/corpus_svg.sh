#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_svg.sh: bgshow's SVG diagrams checked by what they show
# (tests/svgcheck.py reads each picture: checkers on each numbered
# point, stacks, bar, tray, dice, cube, pip counts, scores) against the
# XGID they were drawn from, decoded by the script from the XGID's
# definition: every position of the demo match, and positions made for
# what a match seldom reaches (tall stacks, both bars, a full tray, the
# cube owned by each side or offered, money play, the top side on roll).
# Needs python3; without it the part is skipped.
# Ends "svgcheck: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
if ! command -v python3 >/dev/null 2>&1; then
	echo "SKIP: python3 not installed: the SVG pictures are not checked"
	echo "corpus_svg: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
{
	"$top/bin/bgshow" -a -T xgid "$top/fixtures/demo/gnubg-7pt.mat"
	cat <<'XGIDS'
XGID=-b----E-C---eE---c-e----B-:0:0:1:00:0:0:0:0:10
XGID=a-----H-A---c-C--c-e----BA:1:1:1:52:0:0:0:5:10
XGID=a-----H-A---c-C--c-e----BA:1:-1:-1:52:2:1:0:5:10
XGID=-------------------------A:0:0:1:D:0:0:0:7:10
XGID=--------------------------:0:0:1:00:0:0:0:7:10
XGID=-O--------------------o---:6:1:1:66:3:2:0:15:10
XGID=c-----M-------------------:0:0:-1:11:0:6:1:7:10
XGID=-A------------------------:0:0:1:00:0:0:0:7:10
XGID=bBBBBBB---------bbbbbb---B:2:1:-1:43:0:0:0:0:10
XGID=-ABCDE------------------e-:0:0:-1:21:4:4:0:5:10
XGID=-a--A------------a--------:0:0:1:65:0:0:0:0:10
XGIDS
} | python3 "$top/tests/svgcheck.py" "$top/bin/bgshow"
