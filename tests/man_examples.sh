#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# man_examples.sh: the EXAMPLES of every manual page must be true.  Each
# page is rendered with mandoc -Tascii, as a reader sees it, and every
# literal display of its EXAMPLES section is taken as follows:
#
#   - a display whose first line is a comment naming a C file,
#     "/* NAME.c: ... */", is that program: it is written to NAME.c for
#     the commands after it to build;
#   - a display with lines starting "$ " is a shell session: each "$ "
#     line is a command (going on over the next lines while a quote, a
#     here-document, or a line ending in |, \, && or || is open), and
#     the lines after it, up to the next command, are what it prints,
#     stdout and stderr together.  A shown line "..." stands for any
#     number of lines, and a shown line ending in "..." for any line
#     that starts with the text before it;
#   - any other display in EXAMPLES is an error, so that every example
#     is run.
#
# Every page's commands run in order with sh, in a scratch directory of
# their own where fixtures/ is the repository's (so a page names its
# inputs as fixtures/demo/... and reads the same run from the top of the
# source tree), with bin/ first on PATH, cc compiling strictly
# (-std=c99 -pedantic -Wall -Wextra -Werror) and pkg-config's bgkit
# being lib/ of the tree.  A command fails when its output differs from
# the one shown, or, when none is shown, when it exits non-zero or writes
# to stderr.
#
# bgkit-notation(7)'s EXAMPLES tables are checked too: a row "written Ta
# printed" must be what `bgmove 'written'` prints, a row "written Ta
# style Ta printed" what `bgmove -s style 'written'` prints, and a row
# "written Ta up|down|auto Ta printed" (FIBS's absolute numbering) what
# `bgmove --absolute direction 'written'` prints.
#
# Usage: sh tests/man_examples.sh [man/PAGE...] (all pages by default).
# Run by tests/run.sh; a failure names the page, the line and the
# command; the last line is "man-examples: N passed, N failed".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export LC_ALL=C
pass=0 fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-man.XXXXXX") || exit 2
trap '[ -n "${KEEP:-}" ] || rm -rf "$tmp"' EXIT

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

if ! command -v mandoc >/dev/null 2>&1; then
	echo "SKIP: mandoc not installed (sh tests/deps.sh test installs it)"
	echo "man-examples: 0 passed, 0 failed, 1 skipped"
	exit 0
fi

# The environment of the examples: a strict cc, and pkg-config's bgkit
# from the tree (the shared library, found through LD_LIBRARY_PATH).
# Under `make check-asan` (tests/sanitize.sh) the library is built with
# the sanitizers, and so is every example program that links it.
realcc=$(command -v cc) || realcc=/usr/bin/cc
san=
[ "${BGKIT_SANITIZE:-}" = asan ] &&
    san="-fsanitize=address,undefined -fno-sanitize-recover=all"
mkdir -p "$tmp/bin" "$tmp/pc"
cat >"$tmp/bin/cc" <<EOF
#!/bin/sh
exec "$realcc" -std=c99 -pedantic -Wall -Wextra -Werror $san "\$@"
EOF
chmod +x "$tmp/bin/cc"
version=$(sed -n 's/^#define BG_VERSION "\(.*\)"/\1/p' lib/bgkit.h)
cat >"$tmp/pc/bgkit.pc" <<EOF
Name: bgkit
Description: bgkit from the source tree, for the manual's examples
Version: $version
Cflags: -I$top/lib
Libs: -L$top/lib -lbgkit
EOF
export PATH="$tmp/bin:$top/bin:$PATH"
export PKG_CONFIG_PATH="$tmp/pc"
export LD_LIBRARY_PATH="$top/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
to=""
command -v timeout >/dev/null 2>&1 && to="timeout 120"
bs=$(printf '\b')

# mark PAGE: the page with each line of an EXAMPLES display prefixed by
# an 8-character marker, @S (first line of a display) or @L, and its
# line number, so that the rendered text says where each line comes
# from (8 characters keep the tab stops where they were).
mark() {
	awk '
	/^\.Sh / { ex = ($0 ~ /^\.Sh EXAMPLES/) }
	ex && /^\.Bd -literal/ { print; lit = 1; first = 1; next }
	lit && /^\.Ed/ { lit = 0 }
	lit && !/^[.\047]/ {
		printf "@%s%05d@%s\n", first ? "S" : "L", NR, $0
		first = 0
		next
	}
	{ print }' "$1"
}

# split RENDERED: the displays as records for the runner, one line each:
# "S line text" (display start), "L line text".
split_marked() {
	sed -n "s/$bs.//g; s/^ *@\([SL]\)\([0-9]\{5\}\)@/\1 \2 /p" "$1"
}

# parse: turn the marked lines into steps, one per line:
#   P line NAME         a program display starts (its lines follow as T)
#   T line text         a line of a program
#   C line text         a command's first line; K line text continues it
#   O line text         a shown output line
#   E line              the end of a command's output
#   X line first-line   a display that is neither program nor session
parse() {
	awk -v sn="$tmp/syntax.sh" '
	function open(s,    i, c, q, n) {
		# 1 when the text s leaves a quote open or ends in a
		# continuation
		q = 0
		n = length(s)
		for (i = 1; i <= n; i++) {
			c = substr(s, i, 1)
			if (q == 1) { if (c == "\047") q = 0; continue }
			if (c == "\\") { i++; continue }
			if (q == 2) { if (c == "\"") q = 0; continue }
			if (c == "\047") q = 1
			else if (c == "\"") q = 2
		}
		if (q) return 1
		sub(/[ \t]+$/, "", s)
		if (s ~ /(\||\\|&&)$/) return 1
		# a compound command (for, if, while, { }) still open
		printf "%s\n", s >sn
		close(sn)
		return system("sh -n " sn " 2>&1 | grep -qi \"end of file\"") == 0
	}
	function endcmd() { if (incmd || inout) print "E " cmdline; incmd = inout = 0 }
	{
		kind = $1; line = $2 + 0
		text = $0; sub(/^[SL] [0-9]+ /, "", text)
		if (kind == "S") {
			endcmd()
			mode = ""
			if (text ~ /^\/\* [A-Za-z0-9_-]+\.c[: ]/) {
				name = text
				sub(/^\/\* /, "", name); sub(/[: ].*/, "", name)
				print "P " line " " name
				mode = "prog"
			} else if (text !~ /^\$ /) {
				# a session may start with a line of its own
				# only if a command follows; decided below
				mode = "maybe"
			} else
				mode = "sess"
		}
		if (mode == "prog") { print "T " line " " text; next }
		if (mode == "maybe") {
			if (text !~ /^\$ /) next
			mode = "sess"
		}
		if (incmd) {
			if (hd != "") {
				print "K " line " " text
				t = text
				if (hdtab) sub(/^\t+/, "", t)
				if (t == hd) hd = ""
				if (hd == "" && !open(acc)) { incmd = 0; inout = 1 }
				next
			}
			if (open(acc)) {
				print "K " line " " text
				acc = acc "\n" text
				heredoc(text)
				if (hd == "" && !open(acc)) { incmd = 0; inout = 1 }
				next
			}
			incmd = 0; inout = 1
		}
		if (text ~ /^\$ /) {
			endcmd()
			cmdline = line
			acc = substr(text, 3)
			print "C " line " " acc
			incmd = 1
			heredoc(acc)
			if (hd == "" && !open(acc)) { incmd = 0; inout = 1 }
			next
		}
		if (inout) { print "O " line " " text; next }
	}
	function heredoc(s,    m) {
		if (match(s, /<<-?[ \t]*[\047"]?[A-Za-z_][A-Za-z_0-9]*/)) {
			m = substr(s, RSTART + 2, RLENGTH - 2)
			hdtab = (m ~ /^-/)
			sub(/^-/, "", m); gsub(/[ \t\047"]/, "", m)
			hd = m
		}
	}
	END { endcmd() }' "$1"
}

# Displays that are neither a program nor a session: every display of
# EXAMPLES must be run.
check_displays() {
	awk '
	$1 == "S" {
		if (start != "" && !ok) print start
		start = $2 + 0; ok = 0
		t = $0; sub(/^S [0-9]+ /, "", t)
		if (t ~ /^\/\* [A-Za-z0-9_-]+\.c[: ]/) ok = 1
	}
	{ t = $0; sub(/^[SL] [0-9]+ /, "", t); if (t ~ /^\$ /) ok = 1 }
	END { if (start != "" && !ok) print start }' "$1"
}

# match EXPECTED ACTUAL: whether the actual lines are the shown ones,
# "..." lines standing for any lines and "text..." for any line that
# starts with text.
match_out() {
	awk '
	FNR == NR { e[++ne] = $0; next }
	{ a[++na] = $0 }
	function m(i, j,    k, p) {
		if (i > ne) return j > na
		if (e[i] ~ /^[ \t]*\.\.\.$/) {
			for (k = j; k <= na + 1; k++)
				if (m(i + 1, k)) return 1
			return 0
		}
		if (j > na) return 0
		if (e[i] ~ /\.\.\.$/) {
			p = substr(e[i], 1, length(e[i]) - 3)
			if (substr(a[j], 1, length(p)) != p) return 0
		} else if (e[i] "" != a[j] "")
			return 0
		return m(i + 1, j + 1)
	}
	END { exit m(1, 1) ? 0 : 1 }' "$1" "$2"
}

# run_page PAGE: every example of one page.
run_page() {
	page=$1
	base=$(basename "$page")
	mark "$page" >"$tmp/marked.$base"
	mandoc -Tascii "$tmp/marked.$base" >"$tmp/rendered" 2>/dev/null
	split_marked "$tmp/rendered" >"$tmp/lines"
	[ -s "$tmp/lines" ] || return 0
	check_displays "$tmp/lines" | while read -r l; do
		echo "FAIL: $page:$l: an EXAMPLES display that is neither a" \
		    "program (first line /* NAME.c: ... */) nor a session" \
		    "(\$ lines), so it cannot be run"
	done >"$tmp/bad"
	if [ -s "$tmp/bad" ]; then
		cat "$tmp/bad"
		fail=$((fail + $(wc -l <"$tmp/bad")))
	fi
	parse "$tmp/lines" >"$tmp/steps"
	dir=$tmp/run/$base
	mkdir -p "$dir"
	ln -s "$top/fixtures" "$dir/fixtures"
	prog="" cmd="" cline=""
	: >"$tmp/want"
	while IFS= read -r step; do
		k=${step%% *}
		rest=${step#* }
		line=${rest%% *}
		text=${rest#* }
		[ "$text" = "$rest" ] && text=""
		case $k in
		P) prog=$dir/$text; : >"$prog" ;;
		T) printf '%s\n' "$text" >>"$prog" ;;
		C) cmd=$text cline=$line; : >"$tmp/want"; nout=0 ;;
		K) cmd="$cmd
$text" ;;
		O) printf '%s\n' "$text" | sed 's/[ 	]*$//' >>"$tmp/want"
		   nout=$((nout + 1)) ;;
		E) run_cmd ;;
		esac
	done <"$tmp/steps"
}

# run_cmd: the command $cmd of $page:$cline, its shown output in want.
run_cmd() {
	printf '%s\n' "$cmd" >"$tmp/cmd.sh"
	if [ "$nout" -gt 0 ]; then
		(cd "$dir" && $to sh "$tmp/cmd.sh" </dev/null >"$tmp/got.raw" 2>&1)
		rc=$?
		expand "$tmp/got.raw" | sed 's/[ 	]*$//' >"$tmp/got"
		if match_out "$tmp/want" "$tmp/got"; then
			ok
			return
		fi
		bad "$page:$cline: the output differs from the page's (exit $rc):"
		printf '  $ %s\n' "$cmd" | sed '2,$s/^/  /'
		diff -u --label "shown in $page" --label "printed" \
		    "$tmp/want" "$tmp/got" | head -n 40
		grep -q '\.\.\.$' "$tmp/want" &&
		    echo "  (a shown line \"...\" stands for any lines)"
		return
	fi
	(cd "$dir" && $to sh "$tmp/cmd.sh" </dev/null >"$tmp/got.raw" \
	    2>"$tmp/got.err")
	rc=$?
	if [ $rc = 0 ] && [ ! -s "$tmp/got.err" ]; then
		ok
		return
	fi
	bad "$page:$cline: the command exits $rc or writes to stderr, and the page shows no output:"
	printf '  $ %s\n' "$cmd" | sed '2,$s/^/  /'
	head -n 20 "$tmp/got.err" | sed 's/^/  stderr: /'
}

# bgkit-notation(7): the rows of its EXAMPLES tables against bgmove.
check_notation() {
	page=$1
	awk '
	/^\.Sh / { ex = ($0 ~ /^\.Sh EXAMPLES/) }
	ex && /^\.Bl -column/ { col = 1; next }
	col && /^\.El/ { col = 0 }
	col && /^\.It / && !/^\.It Em / {
		s = substr($0, 5)
		n = split(s, f, / Ta /)
		out = NR
		for (i = 1; i <= n; i++) {
			sub(/^(Li|Cm|Ql) /, "", f[i])
			gsub(/\\&/, "", f[i])
			gsub(/\\e/, "\\", f[i])
			gsub(/"/, "", f[i])
			out = out "\t" f[i]
		}
		print out
	}' "$page" >"$tmp/rows"
	while IFS='	' read -r line a b c; do
		abs=
		if [ -n "$c" ]; then
			style=$b want=$c
		else
			style=gnubg want=$b
		fi
		case $style in
		up|down|auto) abs=$style style=gnubg ;;
		esac
		got=$(bgmove ${abs:+--absolute "$abs"} -s "$style" -- "$a" 2>&1)
		rc=$?
		if [ $rc = 0 ] && [ "$got" = "$want" ]; then
			ok
		else
			bad "$page:$line: the table says '$a' is written '$want'" \
			    "in the $style style, but bgmove -s $style '$a'" \
			    "prints '$got' (exit $rc)"
		fi
	done <"$tmp/rows"
}

[ $# -gt 0 ] || set -- man/*.[1-9]
for page in "$@"; do
	[ -f "$page" ] || { bad "$page: no such page"; continue; }
	run_page "$page"
	case $page in
	*/bgkit-notation.7) check_notation "$page" ;;
	esac
done

echo "man-examples: $pass passed, $fail failed"
[ $fail = 0 ]
