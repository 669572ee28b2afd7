# SPDX-License-Identifier: BSD-2-Clause
# hostile.sh: helpers for the hostile-input cases, the scripts
# fixtures/*/hostile/NAME.sh that tests/run.sh runs as golden cases.
# Sourced by them (". ../../../tests/hostile.sh"); it moves the script
# into a scratch directory, removed on exit, where inputs too big to
# commit are made at test time.  Not a test by itself.
#
#   bounded CMD...  run CMD with at most 256 MB of address space (not
#                   under a sanitizer, whose reservations need more:
#                   BGKIT_SANITIZE) and 60 seconds (times 10 under
#                   AddressSanitizer, 50 under valgrind), stdout and
#                   stderr kept in files; then print the first lines of
#                   each, with a count when there are more, and return
#                   CMD's status (124 when it ran out of time).
#   Generators writing to stdout: mat_game N (a .mat game numbered N
#   that ends in a result), mat_head LENGTH (a match line), repeat N
#   TEXT (TEXT N times, no newline), and big numbers in BIG.
set -u
BIG=340282366920938463463374607431768211457

hostile_dir=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-hostile.XXXXXX") || exit 2
trap 'rm -rf "$hostile_dir"' EXIT
cd "$hostile_dir" || exit 2

bounded() {
	secs=60
	case ${BGKIT_SANITIZE:-} in
	asan) secs=600 ;;
	valgrind) secs=3000 ;;
	esac
	(
		[ -n "${BGKIT_SANITIZE:-}" ] || ulimit -v 262144
		exec timeout "$secs" "$@"
	) >hostile.out 2>hostile.err
	rc=$?
	for f in hostile.err hostile.out; do
		head -n 5 "$f" | cut -c 1-300
		n=$(wc -l <"$f")
		[ "$n" -gt 5 ] && echo "($n lines)"
	done
	return $rc
}

repeat() {
	awk -v n="$1" -v t="$2" 'BEGIN { for (i = 0; i < n; i++) printf "%s", t }'
}

mat_head() {
	printf ' %s point match\n\n' "$1"
}

# A game whose result is a drop after one roll each.
mat_game() {
	printf ' Game %s\n Ann : 0                        Bo : 0\n' "$1"
	printf '  1) 31: 8/5 6/5                 61: 13/7 8/7\n'
	printf '  2)  Doubles => 2                Drops\n'
	printf '      Wins 1 point\n\n'
}

# The cases, each given the command to run on the input it makes.

# A name of 8 MB on the first score line.
long_line() {
	{ mat_head 3; printf ' Game 1\n '; repeat 8388608 x
	  printf ' : 0   Bo : 0\n'; printf '  1) 31: 8/5 6/5\n'; } >long.mat
	bounded "$@" long.mat
}

# A play of a million steps.
million_steps() {
	{ mat_head 3; printf ' Game 1\n Ann : 0   Bo : 0\n  1) 31: '
	  repeat 1000000 '8/5 '; printf '\n'; } >steps.mat
	bounded "$@" steps.mat
}

# A money session of a hundred thousand games, each won by Ann.
games_100k() {
	{ mat_head 0; awk 'BEGIN { for (g = 1; g <= 100000; g++) {
		printf " Game %d\n Ann : %d                        Bo : 0\n", g, g - 1
		printf "  1) 31: 8/5 6/5                 61: 13/7 8/7\n"
		printf "  2)  Doubles => 2                Drops\n"
		printf "      Wins 1 point\n\n" } }'; } >games.mat
	bounded "$@" games.mat
}

# Three million empty SGF game trees, "(())", 12 MB, between two games:
# no call per tree to overflow the stack, one message for the run.
sgf_empty_trees() {
	{ printf '(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0])\n'
	  repeat 3145728 '(())'
	  printf '\n(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0])\n'; } >empty.sgf
	bounded "$@" empty.sgf
}

# Game trees nested two hundred thousand deep, closed.
sgf_deep() {
	{ printf '(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]'
	  repeat 200000 '(;'; repeat 200001 ')'; printf '\n'; } >deep.sgf
	bounded "$@" deep.sgf
}

# Trees nested two hundred thousand deep and never closed, the last
# with a comment of 8 MB that never ends.
sgf_open() {
	{ printf '(;FF[4]GM[6]MI[length:1][game:0][ws:0][bs:0]'
	  repeat 200000 '(;'; printf 'C['; repeat 8388608 x; } >open.sgf
	bounded "$@" open.sgf
}

# A JSON Lines record whose first line is 8 MB long.
json_long() {
	{ printf '{"type":"match","length":3,"players":["'
	  repeat 8388608 x; printf '","Bo"],"tags":[],"comments":[]}\n'
	  printf '{"type":"game","number":1,"players":["Ann","Bo"],"score":[0,0]}\n'; } >long.json
	bounded "$@" long.json
}

# A valid match, its output to a full disk.
stdout_full() {
	{ mat_head 3; mat_game 1; } >game.mat
	(exec "$@" game.mat >/dev/full)
}

# A directory on the standard input.
stdin_directory() {
	(exec "$@" <.)
}
