#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_fingerprint.sh: every fingerprint bggrep prints checked by
# sha256sum against the canonical text bggrep -X prints, as
# bgkit-fingerprint(7) defines them: a game's fingerprint is the SHA-256
# of its lines from "game" to "result", and is printed after them as
# "game FINGERPRINT"; a match's is the SHA-256 of its first line and
# those "game FINGERPRINT" lines, and equals what bggrep --fingerprints
# prints.  The hashes are computed by coreutils, not by the library,
# over the demo match and the gnubg corpus's matches (.mat and SGF).
# Ends "corpus_fingerprint: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
bin=$top/bin
pass=0 fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-fp.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
for f in "$top"/fixtures/demo/gnubg-7pt.mat "$top"/tests/corpus/gnubg/matches/*; do
	"$bin/bggrep" -X "$f" >"$tmp/text" 2>/dev/null || continue
	"$bin/bggrep" --fingerprints "$f" 2>/dev/null | cut -d' ' -f1 >"$tmp/match.want"
	# Each game's lines to a file of their own, with the fingerprint the
	# text names after them; each match's text to another.
	rm -f "$tmp"/g.* "$tmp"/m.*
	awk -v d="$tmp" '
	/^match / { m++; mf = d "/m." m; print > mf; next }
	/^game$/ { g++; gf = d "/g." g; print > gf; next }
	/^game [0-9a-f]+$/ { print $2 > (gf ".want"); close(gf);
	    print > mf; next }
	{ print > gf }' "$tmp/text"
	for g in "$tmp"/g.*; do
		case $g in *.want) continue ;; esac
		[ -f "$g" ] || continue
		got=$(sha256sum <"$g" | cut -d' ' -f1)
		if [ "$got" = "$(cat "$g.want")" ]; then
			pass=$((pass + 1))
		else
			fail=$((fail + 1))
			echo "FAIL: $f: game $(basename "$g" | cut -d. -f2): sha256sum $got, bggrep $(cat "$g.want")"
		fi
	done
	n=0
	for m in "$tmp"/m.*; do
		[ -f "$m" ] || continue
		n=$((n + 1))
		sha256sum <"$m" | cut -d' ' -f1
	done >"$tmp/match.got"
	if cmp -s "$tmp/match.got" "$tmp/match.want" && [ $n -gt 0 ]; then
		pass=$((pass + 1))
	else
		fail=$((fail + 1))
		echo "FAIL: $f: the matches' sha256sum differ from bggrep --fingerprints's"
		diff "$tmp/match.want" "$tmp/match.got"
	fi
done
echo "corpus_fingerprint: $pass passed, $fail failed"
[ $fail = 0 ]
