#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_ids.sh: check the Position ID, Match ID and XGID code against the
# gnubg corpus (tests/corpus/gnubg).  jq pulls out what gnubg itself
# wrote: every legal-move case's XGID and Position ID, every game's final
# XGID and the final Position ID with the XGID's side on roll (turn field 1
# = side 1, -1 = side 0), every Position ID and Match ID gnubg recorded,
# and each final Match ID with its decoded fields.  tests/unit/bin/test_ids
# checks the lines.  Run from the top of the tree after
# `make tests/unit/bin/test_ids`; BGKIT_CORPUS names another copy of
# tests/corpus, and KEEP=FILE keeps a copy of the extracted lines.

set -eu

CORPUS=${BGKIT_CORPUS:-tests/corpus}/gnubg
TEST=tests/unit/bin/test_ids

command -v jq >/dev/null 2>&1 || { echo "$0: jq is required" >&2; exit 2; }
[ -x "$TEST" ] || { echo "$0: build $TEST first" >&2; exit 2; }
[ -f "$CORPUS/legal/legal_moves.json" ] ||
	{ echo "$0: no corpus in $CORPUS" >&2; exit 2; }

tmp=$(mktemp "${TMPDIR:-/tmp}/corpus_ids.XXXXXX")
trap 'rm -f "$tmp"' EXIT HUP INT TERM

{
	jq -r '.cases[] | "\(.xgid) \(.position_id)"' \
	    "$CORPUS/legal/legal_moves.json"
	for f in "$CORPUS"/truth/*.json; do
		jq -r '
		    .games[] |
		    (.final_xgid | split(":")[3]) as $turn |
		    "\(.final_xgid) \(if $turn == "1"
			then .final_position_id_side1_on_roll
			else .final_position_id_side0_on_roll end)",
		    "PID \(.start_position_id)",
		    "PID \(.final_position_id)",
		    "MID \(.start_match_id)",
		    (.final_match_id_decoded as $d |
		     "MID \(.final_match_id) \($d.cube) " +
		     "\(if $d.cube_owner == "centered" then -1
			else $d.cube_owner end) " +
		     "\($d.dice_owner) \($d.crawford) " +
		     "\({"none": 0, "playing": 1, "over": 2, "resigned": 3,
			"dropped": 4}[$d.game_state]) " +
		     "\($d.turn) \($d.doubled) \($d.resigned) " +
		     "\($d.dice[0]) \($d.dice[1]) \($d.match_length) " +
		     "\($d.score[0]) \($d.score[1])"),
		    (.turns[] | select(.gnubg_position_id != null) |
		     "PID \(.gnubg_position_id)",
		     "MID \(.gnubg_match_id)")
		' "$f"
	done
} >"$tmp"

if [ -n "${KEEP:-}" ]; then cp "$tmp" "$KEEP"; fi
"$TEST" "$tmp"
