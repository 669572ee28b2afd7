#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# gnubg_stats.sh GNUBG CMDS DIR: runs GNU Backgammon (the program GNUBG)
# on the command file CMDS, whose "show statistics match" commands each
# print one table, and writes the K-th table to DIR/stats.K (K from 1),
# for tests/corpus_analysis.sh and tests/corpus_analyse.sh to compare.
# A table starts at its "Player" line and ends where the next "load
# match" draws its board (or at the end).
set -u
"$1" -t -q -c "$2" </dev/null >"$3/gnubg.out" 2>&1
awk -v d="$3" '
/^Player  / { k++; f = sprintf("%s/stats.%d", d, k); on = 1 }
/^ GNU Backgammon/ && on { on = 0; close(f) }
on { print > f }' "$3/gnubg.out"
