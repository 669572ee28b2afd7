#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# size.sh: the limits that keep each piece of code in the room it
# belongs to, checked on the sources.
#
#   - No function of lib/*.c over 120 lines, and none of tools/*.c over
#     80, main() included: a long function is hard to read wherever it
#     is, and a tool's main() is its options and its loop.
#   - No file of tools/ over 400 lines: a tool that grows past that
#     holds logic that belongs in lib/.  A tool may be split into
#     tool.c and tool_xxx.c (tools/bggrep_opt.c), never into the
#     shared plumbing.
#   - The shared plumbing (tools/cli*.c and cli.h) knows no backgammon:
#     it may name only the library's calls and constants that every
#     tool needs to drive a pipeline: bg_pipeline_*, the diagnostics
#     and their codes (bg_diag*, bg_code_*, bg_strerror, BG_E*,
#     BG_SEV_*), the table of formats (bg_format*, bg_writer_can,
#     BG_FORMAT_AUTO), the rules handed to a pipeline (bg_ruleset*),
#     the outputs (bg_write_stdio, bg_string_write, BG_OUT_*), the
#     events (BG_PIPE_*) and the version.  Any other library name there
#     (a warning code BG_W*, a position, a move, a replay) is the code
#     of one tool, or of lib/, in the wrong room.
#
# An earlier limit of 250 lines a tool pushed code of single tools into
# the plumbing to keep the tools short; the limits above measure
# functions instead, and the last one keeps the plumbing to its job.
#
# A function runs from its return type's line (the line before its
# name, which starts a line as the house style writes a definition) to
# the "}" that starts a line after it.  A library name is a word that
# starts bg_ or BG_ in the code, comments and strings left out.  Prints
# a FAIL line, with the file and line, for each function, file or name
# over its limit.  Its cases are the reading (a hundred functions found
# in lib/) and the four limits, each checked on every function, file or
# name it applies to (generated checks).  Run by tests/run.sh (suite
# lint) and `make lint-size`; ends "size: N cases, N generated checks"
# and "size: N passed, N failed" (of the cases).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export LC_ALL=C
FUNMAX=120 TOOLFUNMAX=80 TOOLMAX=400
pass=0 fail=0
. "$top/tests/cases.sh"

# functions FILE...: "file:line name length" for every definition.
functions() {
	awk '
	FNR == 1 { infn = 0 }
	/^[A-Za-z_][A-Za-z0-9_]*\(/ && !infn {
		name = $0; sub(/\(.*/, "", name)
		start = FNR - 1; infn = 1; next
	}
	infn && /^}/ {
		print FILENAME ":" start " " name " " FNR - start + 1
		infn = 0
	}' "$@"
}

functions lib/*.c tools/*.c >"${TMPDIR:-/tmp}/bgkit-size.$$" || exit 2
list=$(cat "${TMPDIR:-/tmp}/bgkit-size.$$")
rm -f "${TMPDIR:-/tmp}/bgkit-size.$$"

# The reading itself: a source without functions means it broke.
n=$(echo "$list" | grep -c '^lib/')
if [ "$n" -lt 100 ]; then
	echo "FAIL: only $n functions found in lib/*.c: the reading broke"
	fail=$((fail + 1))
else
	pass=$((pass + 1))
fi

# limit PATTERN MAX: every function of the list whose "file:line name"
# matches PATTERN at most MAX lines, one case.
limit() {
	group_begin
	while read -r at name len; do
		# shellcheck disable=SC2254
		case "$at $name" in
		$1) ;;
		*) continue ;;
		esac
		if [ "$len" -gt "$2" ]; then
			echo "FAIL: $at: $name() is $len lines (at most $2)"
			fail=$((fail + 1))
		else
			pass=$((pass + 1))
		fi
	done <<EOF
$list
EOF
	group_end
}
limit 'lib/*' $FUNMAX
limit 'tools/*' $TOOLFUNMAX
group_begin
for f in tools/*.c; do
	len=$(wc -l <"$f")
	if [ "$len" -gt $TOOLMAX ]; then
		echo "FAIL: $f is $len lines (at most $TOOLMAX)"
		fail=$((fail + 1))
	else
		pass=$((pass + 1))
	fi
done
group_end

# names FILE...: "file:line name" for every library name written in the
# code of the files, their comments and string literals left out.
names() {
	awk '
	FNR == 1 { incom = 0 }
	{
		line = $0; out = ""
		while (line != "") {
			if (incom) {
				i = index(line, "*/")
				if (i == 0) { line = ""; break }
				line = substr(line, i + 2); incom = 0
			} else {
				i = index(line, "/*")
				if (i == 0) { out = out line; line = ""; break }
				out = out substr(line, 1, i - 1)
				line = substr(line, i + 2); incom = 1
			}
		}
		gsub(/"([^"\\]|\\.)*"/, "\"\"", out)
		while (match(out, /(bg|BG)_[A-Za-z0-9_]+/)) {
			print FILENAME ":" FNR " " substr(out, RSTART, RLENGTH)
			out = substr(out, RSTART + RLENGTH)
		}
	}' "$@"
}

# The plumbing's library names against the pipeline's own: one case,
# each name written a generated check.
group_begin
while read -r at name; do
	[ -n "$at" ] || continue
	case $name in
	bg_pipeline|bg_pipeline_*|bg_diag|bg_diag_*|bg_diagfilter*|\
	bg_code_*|bg_strerror|BG_E*|BG_SEV_*|bg_format|bg_format_*|\
	bg_writer_can|BG_FORMAT_AUTO|bg_ruleset|bg_ruleset_*|\
	bg_write_stdio|bg_write_fn|bg_string_write|BG_OUT_*|bg_outfmt|\
	BG_PIPE_*|bg_version|BG_VERSION)
		pass=$((pass + 1)) ;;
	*)
		echo "FAIL: $at: the shared plumbing names $name, which is" \
		    "not the pipeline's: move the code to its tool or to lib/"
		fail=$((fail + 1)) ;;
	esac
done <<EOF
$(names tools/cli*.c tools/cli.h)
EOF
group_end
cases_end size
[ "$fail" = 0 ]
