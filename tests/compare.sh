#!/bin/sh
# compare.sh: do two builds of the tools say the same of every input?
# Runs `bgcheck -v`, `bgcheck -v -T json`, `bgshow -a -T json` and
# `bgconv -T json` from each of two bin directories on every input
# fixture (fixtures/, the golden siblings left out) and every file of
# the corpus (CORPUS, else tests/corpus, else ../shared/corpus), and
# compares their output, messages and exit status.  Prints each input
# that differs and ends with "compare: N same, N differ".
#
#	sh tests/compare.sh OLD_BIN NEW_BIN
set -u
[ $# = 2 ] || { echo "usage: compare.sh OLD_BIN NEW_BIN" >&2; exit 2; }
top=$(cd "$(dirname "$0")/.." && pwd)
old=$(cd "$1" && pwd) new=$(cd "$2" && pwd) || exit 2
cd "$top" || exit 2
export LC_ALL=C
corpus=${CORPUS:-}
[ -n "$corpus" ] || { [ -d tests/corpus ] && corpus=tests/corpus; } ||
    corpus=../shared/corpus
tmp=$(mktemp -d "${TMPDIR:-/tmp}/compare.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM

# One run: $1 = bin dir, $2 = output prefix, $3 = input, rest = the tool
# and its options.
one() {
	b=$1 o=$2 f=$3
	shift 3
	t=$1
	shift
	"$b/$t" "$@" "$f" >"$o.out" 2>"$o.err" </dev/null
	echo $? >"$o.rc"
	# The tool's own path is not the output.
	sed -i "s|$b/||g" "$o.err"
}

list() {
	find fixtures -type f ! -name '*.out' ! -name '*.err' ! -name '*.rc' \
	    ! -name '*.args' ! -name '*.sh'
	[ -d "$corpus" ] && find "$corpus" -type f
}
# One line per input, "same" or "differ", counted at the end (the loop
# runs in a subshell); names may hold blanks.
list | sort | while IFS= read -r f; do
	r=same
	for c in "bgcheck -v" "bgcheck -v -T json" "bgshow -a -T json" \
	    "bgconv -T json"; do
		# shellcheck disable=SC2086
		one "$old" "$tmp/a" "$f" $c
		# shellcheck disable=SC2086
		one "$new" "$tmp/b" "$f" $c
		for x in out err rc; do
			cmp -s "$tmp/a.$x" "$tmp/b.$x" || {
				r=differ
				echo "differ: $c $f ($x)"
			}
		done
	done
	echo "$r" >>"$tmp/verdicts"
done
same=$(grep -c '^same$' "$tmp/verdicts")
differ=$(grep -c '^differ$' "$tmp/verdicts")
echo "compare: $same same, $differ differ"
[ "$differ" = 0 ]
