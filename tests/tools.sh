#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# tools.sh: what every tool of the Makefile's TOOLS owes its users,
# checked the same way for each, new ones included: --help prints the
# synopsis on stdout and exits 0; --version prints "TOOL VERSION
# (libbgkit VERSION)"; an unknown option exits 2 with the synopsis on
# stderr and nothing on stdout; the manual page names every option that
# --help lists; and the bash completion (tools/bgkit-completion.bash)
# offers every one of them, and only values the tool accepts.  Then the
# README's examples, with the output the README shows.
# A case is one of these for one tool (the manual names every option,
# one case; each option it names, a generated check), or one README
# example block, or one completion spelled out.
# Run by tests/run.sh; ends "tools: N cases, N generated checks" and
# "tools: N passed, N failed" (of the cases).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export LC_ALL=C
export PATH="$top/bin:$PATH"
pass=0 fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-tools.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
. "$top/tests/cases.sh"

version=$(sed -n 's/^#define BG_VERSION "\(.*\)"/\1/p' lib/bgkit.h)
tools=$(sed -n 's/^TOOLS[[:space:]]*=[[:space:]]*//p' Makefile)
comp=tools/bgkit-completion.bash
havebash=0
command -v bash >/dev/null 2>&1 && havebash=1

# complete TOOL WORD...: what the completion offers for the last word.
complete_words() {
	bash -c '. "$1"; shift; COMP_WORDS=("$@"); COMP_CWORD=$(($# - 1))
	    _bgkit; [ ${#COMPREPLY[@]} = 0 ] || printf "%s\n" "${COMPREPLY[@]}"' \
	    sh "$comp" "$@"
}

for t in $tools; do
	b=bin/$t
	if [ ! -x "$b" ]; then
		bad "$b not built"
		continue
	fi

	"$b" --help >"$tmp/out" 2>"$tmp/err"
	rc=$?
	usage=$(head -n 1 "$tmp/out")
	case $usage in
	"usage: $t"*) [ $rc = 0 ] && [ ! -s "$tmp/err" ] && ok ||
	    bad "$t --help: exit $rc, stderr: $(head -c 200 "$tmp/err")" ;;
	*) bad "$t --help: first line is not \"usage: $t ...\": $usage" ;;
	esac
	longs=$(grep -o -- '--[a-z][a-z-]*' "$tmp/out" | sort -u)
	shorts=$(grep -o -- '^ *-[A-Za-z0-9],' "$tmp/out" | tr -d ' ,' |
	    sort -u)
	for o in --help --version; do
		echo "$longs" | grep -qx -- "$o" && ok ||
		    bad "$t --help does not list $o"
	done

	"$b" --version >"$tmp/out" 2>"$tmp/err"
	rc=$?
	want="$t $version (libbgkit $version)"
	if [ $rc = 0 ] && [ "$(cat "$tmp/out")" = "$want" ] &&
	    [ ! -s "$tmp/err" ]; then
		ok
	else
		bad "$t --version: exit $rc, \"$(cat "$tmp/out")\", want \"$want\""
	fi

	"$b" --no-such-option >"$tmp/out" 2>"$tmp/err"
	rc=$?
	if [ $rc = 2 ] && [ ! -s "$tmp/out" ] &&
	    grep -qxF -- "$usage" "$tmp/err"; then
		ok
	else
		bad "$t --no-such-option: exit $rc (want 2 and the synopsis on stderr)"
		cat "$tmp/err"
	fi
	# getopt's messages name the tool as every other message does, not
	# the path it was run by ($b is one): unknown short and long
	# options, and an option's missing argument.
	argopt=$("$b" --help | sed -n 's/^ *\(-[A-Za-z0-9]\), --[a-z-]* [A-Z].*/\1/p' |
	    head -n 1)
	group_begin
	for o in '-?' --no-such-option --help=x $argopt; do
		"$b" "$o" >/dev/null 2>"$tmp/err"
		case $(head -n 1 "$tmp/err") in
		"$t: "*) ok ;;
		*) bad "$b $o: the message does not start \"$t: \": $(head -n 1 "$tmp/err")" ;;
		esac
	done
	group_end

	# The manual names each option.
	m=man/$t.1
	if [ ! -f "$m" ]; then
		bad "$t has no manual page $m"
	else
		group_begin
		for o in $longs; do
			grep -q "Fl \\\\-${o#--}\\b" "$m" && ok ||
			    bad "$m does not document $o"
		done
		for o in $shorts; do
			grep -q "Fl ${o#-}\\b" "$m" && ok ||
			    bad "$m does not document $o"
		done
		group_end
	fi

	# The completion offers each option, and each value it offers for
	# an option is one the tool accepts.
	[ $havebash = 1 ] || continue
	offered=$(complete_words "$t" -)
	group_begin
	for o in $longs $shorts; do
		echo "$offered" | grep -qx -- "$o" && ok ||
		    bad "completion of \"$t -\" lacks $o"
	done
	group_end
	group_begin
	for o in $shorts; do
		vals=$(complete_words "$t" "$o" "")
		for v in $vals; do
			# Values are checked as options are parsed, before
			# --help exits.
			"$b" "$o" "$v" --help >/dev/null 2>"$tmp/err" && ok ||
			    bad "$t rejects $o $v, which the completion offers: $(cat "$tmp/err")"
		done
	done
	group_end
done

# A few completions spelled out, and the forms bash splits.
if [ $havebash = 1 ]; then
	# expect "what" "want" WORD...
	expect() {
		what=$1 want=$2
		shift 2
		got=$(complete_words "$@" | tr '\n' ' ')
		[ "$got" = "$want" ] && ok || bad "completion $what: \"$got\", want \"$want\""
	}
	expect "bgmove -s" "gnubg mat xg " bgmove -s ""
	expect "bgmove --style=m" "mat " bgmove --style = m
	expect "bgmove --style=" "gnubg mat xg " bgmove --style = ""
	expect "bgmove -V h" "hyper1 hyper2 hyper3 " bgmove -V h
	expect "bgmove -d (a roll: nothing to offer)" "" bgmove -d ""
	expect "bgcheck -T" "text json " bgcheck -T ""
	expect "bgscore --format" "text csv json " bgscore --format ""
	expect "bgcheck --w" "--warning --warnings-fatal " bgcheck --w
	expect "bgcheck operand: files" "tools/bgkit-completion.bash " \
	    bgcheck tools/bgkit-comp
	expect "bgmove operand: a move, not a file" "" bgmove tools/
fi

# The README's examples, the ```console blocks under "## Examples": each
# "$ " line is a command, run from the top of the tree in that order,
# and the other lines are what the commands print, stdout and stderr
# together, compared byte for byte.
awk '/^## / { f = ($0 == "## Examples") } f && /^```console$/ { b = 1; next }
    b && /^```$/ { b = 0 } b' README.md >"$tmp/readme.txt"
sed -n 's/^\$ //p' "$tmp/readme.txt" >"$tmp/readme.sh"
grep -v '^\$ ' "$tmp/readme.txt" >"$tmp/readme.want"
if [ ! -s "$tmp/readme.sh" ]; then
	bad "README.md has no console block under ## Examples"
else
	# In a scratch directory that sees the tree's bin/ and fixtures/,
	# its own TMPDIR: the examples write nothing in the tree, nor in the
	# current directory, where a reader types them.
	mkdir -p "$tmp/readme/tmp"
	ln -s "$top/bin" "$top/fixtures" "$tmp/readme/"
	ls -A "$top" >"$tmp/top.before"
	(cd "$tmp/readme" && TMPDIR=$tmp/readme/tmp sh "$tmp/readme.sh") \
	    >"$tmp/readme.got" 2>&1
	if cmp -s "$tmp/readme.want" "$tmp/readme.got"; then
		ok
	else
		bad "README examples: the output differs from the README's"
		diff "$tmp/readme.want" "$tmp/readme.got" | head -20
	fi
	ls -A "$top" >"$tmp/top.after"
	left=$(cd "$tmp/readme" && ls -A | grep -v '^bin$\|^fixtures$\|^tmp$')
	if cmp -s "$tmp/top.before" "$tmp/top.after" && [ -z "$left" ]; then
		ok
	else
		bad "README examples leave files behind: $left" \
		    "$(diff "$tmp/top.before" "$tmp/top.after" | grep '^>')"
	fi
	[ -s "$tmp/readme/tmp/position.svg" ] && ok ||
	    bad "README examples: no SVG written to \$TMPDIR/position.svg"
fi

# The lists of formats: the completion's, the manual pages' and Python's
# FORMATS are those of bg_format_list(3), in its order, as
# tests/unit/bin/formatlist prints them (the tools' --help and messages
# take theirs from it as they run); a format's row in lib/format.c is
# what offers it everywhere, and a list left behind fails here.
reads=$(tests/unit/bin/formatlist read)
writes=$(tests/unit/bin/formatlist write)
case $reads in *mat*json*) ok ;; *) bad "formatlist read: $reads" ;; esac
case $writes in *mat*html*) ok ;; *) bad "formatlist write: $writes" ;; esac
for t in bgcheck bgconv bgdiff bggrep bgscore bgshow; do
	if [ $havebash = 1 ]; then
		got=$(complete_words "$t" -f '' | tr '\n' ' ')
		[ "$got" = "$reads " ] && ok ||
		    bad "completion of $t -f: \"$got\", want \"$reads \""
	fi
	got=$(sed -n '/^\.It Fl f Ar format/,/^\.It /s/^\.Pq Cm //p' \
	    "man/$t.1" | sed 's/ [,;]//g')
	[ "$got" = "$reads" ] && ok ||
	    bad "man/$t.1: -f lists \"$got\", want \"$reads\""
done
if [ $havebash = 1 ]; then
	got=$(complete_words bgconv -T '' | tr '\n' ' ')
	[ "$got" = "$writes " ] && ok ||
	    bad "completion of bgconv -T: \"$got\", want \"$writes \""
fi
got=$(sed -n '/^\.It Fl T Ar format/,/^\.El/s/^\.It Cm //p' man/bgconv.1 |
    sort | tr '\n' ' ')
want=$(echo "$writes" | tr ' ' '\n' | sort | tr '\n' ' ')
[ "$got" = "$want" ] && ok ||
    bad "man/bgconv.1: -T describes \"$got\", want \"$want\""
# Not under the sanitizers (make check-asan): python3 would need their
# runtimes preloaded (tests/python.sh does that); the list is the same.
if command -v python3 >/dev/null 2>&1 && [ -z "${BGKIT_SANITIZE:-}" ]; then
	got=$(PYTHONPATH=$top/python BGKIT_LIB=$top/lib/libbgkit.so python3 \
	    -c 'import bgkit; print(" ".join(bgkit.FORMATS))' 2>&1)
	[ "$got" = "auto $reads" ] && ok ||
	    bad "Python's FORMATS: \"$got\", want \"auto $reads\""
fi

cases_end tools
[ $fail = 0 ]
