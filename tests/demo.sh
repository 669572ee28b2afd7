#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# demo.sh: the main job on a real match (`make demo`): a 7-point match
# GNU Backgammon played against itself and exported (one of the matches
# of tests/corpus/gnubg), validated move by move, with its final
# position and score; then the legal plays of one roll.
set -e
cd "$(dirname "$0")/.."
match=fixtures/demo/gnubg-7pt.mat
echo "\$ bin/bgcheck -v $match"
bin/bgcheck -v "$match"
echo
echo "\$ bin/bgmove -p start -d 31 -a"
bin/bgmove -p start -d 31 -a
