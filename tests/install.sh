#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# install.sh: what `make install` lays out and what a program built on
# it gets.  Installs into a scratch DESTDIR with PREFIX=/usr and checks
# every file: the tools, bgkit.h, libbgkit.a, libbgkit.so with its soname
# and links, an export list of bg_ names only and equal to the functions
# bgkit.h declares, bgkit.pc, a manual page (or a link to one) for each
# of those functions and every code in bg_strerror(3), pages in sections
# 1, 3, 5 and 7 clean under `mandoc -Tlint` with nothing reported, the
# bash completion; then that `make uninstall` removes it all.  Then installs under another prefix
# and builds the programs of examples/ with pkg-config against it, shared
# and static, and runs them; and follows README.md's words for a prefix
# of one's own.  Each check is a case but the links of a manual section,
# one case a section.  Run by tests/run.sh; ends "install: N cases, N
# generated checks" and "install: N passed, N failed" (of the cases).
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top" || exit 2
export LC_ALL=C
pass=0 fail=0
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-install.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
make=${MAKE:-make}
cc=${CC:-cc}

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
. "$top/tests/cases.sh"
# check "what" command...: passes when the command succeeds.
check() {
	what=$1
	shift
	if "$@" >"$tmp/check.log" 2>&1; then
		ok
	else
		bad "$what"
		head -20 "$tmp/check.log"
	fi
}

version=$(sed -n 's/^#define BG_VERSION "\(.*\)"/\1/p' lib/bgkit.h)
major=$(sed -n 's/^SOMAJOR[[:space:]]*=[[:space:]]*//p' Makefile)
tools=$(sed -n 's/^TOOLS[[:space:]]*=[[:space:]]*//p' Makefile)
# The functions bgkit.h declares: its text without comments.
perl -0pe 's{/\*.*?\*/}{}gs' lib/bgkit.h |
    grep -o 'bg_[a-z0-9_]*[[:space:]]*(' | tr -d ' \t(' | sort -u \
    >"$tmp/declared"

# ---------------------------------------------------------- the layout
st=$tmp/stage
if ! $make -s install DESTDIR="$st" PREFIX=/usr >"$tmp/make.log" 2>&1; then
	bad "make install DESTDIR=$st PREFIX=/usr"
	cat "$tmp/make.log"
	echo "install: $pass passed, $((fail + 1)) failed"
	exit 1
fi
ok

# Every file expected, and nothing else.
{
	for t in $tools; do
		echo "usr/bin/$t"
		echo "usr/share/bash-completion/completions/$t"
	done
	echo usr/share/bash-completion/completions/bgkit
	echo usr/include/bgkit.h
	echo usr/lib/libbgkit.a
	echo usr/lib/libbgkit.so
	echo "usr/lib/libbgkit.so.$major"
	echo "usr/lib/libbgkit.so.$version"
	echo usr/lib/pkgconfig/bgkit.pc
	for m in man/*.[1-9]; do
		echo "usr/share/man/man${m##*.}/${m##*/}"
	done
	sed 's,.*,usr/share/man/man3/&.3,' "$tmp/declared"
} | sort -u >"$tmp/want"
(cd "$st" && find . ! -type d | sed 's,^\./,,' | sort) >"$tmp/have"
if cmp -s "$tmp/want" "$tmp/have"; then
	ok
else
	bad "installed files (< missing, > unexpected)"
	diff "$tmp/want" "$tmp/have" | grep '^[<>]'
fi

for t in $tools; do
	check "usr/bin/$t is executable and runs" \
	    "$st/usr/bin/$t" --version
done
check "bgkit.h installed as lib/bgkit.h" cmp lib/bgkit.h "$st/usr/include/bgkit.h"

# The libraries.
lib=$st/usr/lib
check "libbgkit.so -> libbgkit.so.$major" \
    test "$(readlink "$lib/libbgkit.so")" = "libbgkit.so.$major"
check "libbgkit.so.$major -> libbgkit.so.$version" \
    test "$(readlink "$lib/libbgkit.so.$major")" = "libbgkit.so.$version"
check "soname libbgkit.so.$major" \
    sh -c "readelf -d '$lib/libbgkit.so.$version' |
    grep -q 'SONAME.*\[libbgkit.so.$major\]'"
# Loaded when an input needs them, not at start (lib/dynload_int.h).
for l in libpcre2-8 libz libarchive; do
	check "libbgkit.so.$version does not need $l" \
	    sh -c "! readelf -d '$lib/libbgkit.so.$version' |
	    grep -q 'NEEDED.*\\[$l\\.'"
done
nm -D --defined-only "$lib/libbgkit.so.$version" |
    awk '$2 != "A" { sub(/@.*/, "", $3); print $3 }' | sort -u \
    >"$tmp/exported"
check "only bg_ names exported" sh -c "! grep -v '^bg_' '$tmp/exported'"
if cmp -s "$tmp/declared" "$tmp/exported"; then
	ok
else
	bad "exported names differ from bgkit.h's functions (< declared only, > exported only)"
	diff "$tmp/declared" "$tmp/exported" | grep '^[<>]'
fi
ar t lib/libbgkit.a >"$tmp/ar.built"
ar t "$lib/libbgkit.a" >"$tmp/ar.installed"
check "libbgkit.a holds the library's objects" \
    cmp "$tmp/ar.built" "$tmp/ar.installed"

# bgkit.pc
pc() { PKG_CONFIG_PATH=$lib/pkgconfig \
    pkg-config "$@" bgkit; }
check "bgkit.pc: version $version" test "$(pc --modversion)" = "$version"
check "bgkit.pc: prefix /usr" test "$(pc --variable=prefix)" = /usr
check "bgkit.pc: libdir /usr/lib" test "$(pc --variable=libdir)" = /usr/lib
check "bgkit.pc: includedir /usr/include" \
    test "$(pc --variable=includedir)" = /usr/include
check "bgkit.pc: -lbgkit" sh -c "echo ' $(pc --libs) ' | grep -q ' -lbgkit '"
check "bgkit.pc: --static adds -ldl (PCRE2, zlib and libarchive are loaded)" \
    sh -c "echo ' $(pc --static --libs) ' | grep -q ' -ldl '"
for l in pcre2-8 z archive; do
	check "bgkit.pc: --static does not add -l$l" \
	    sh -c "! echo ' $(pc --static --libs) ' | grep -q ' -l$l '"
done
check "bgkit.pc: --static adds Nettle" \
    sh -c "echo ' $(pc --static --libs) ' | grep -q ' -lnettle '"

# Manual pages: every page of every section, links that resolve, and
# mandoc -Tlint (all levels, style included) reporting nothing.  The
# pages are linted side by side so that their cross-references resolve,
# and with an empty MANPATH so that what the machine has installed
# changes nothing.
mkdir -p "$tmp/lint" "$tmp/empty"
for s in 1 3 5 7; do
	check "man$s holds pages" sh -c "ls '$st/usr/share/man/man$s' | grep -q '\.$s\$'"
	# Every link of the section resolves: a case.
	group_begin
	for m in "$st/usr/share/man/man$s"/*; do
		[ -e "$m" ] || continue
		if [ -L "$m" ]; then
			check "man link ${m##*/} resolves" test -f "$m"
		else
			cp "$m" "$tmp/lint/"
		fi
	done
	group_end
done
for t in $tools; do
	check "man page for $t" test -f "$st/usr/share/man/man1/$t.1"
done
# Every code of the catalogue is listed in bg_strerror(3).
sed -n '/^typedef enum bg_code {/,/^} bg_code;/s/^[[:space:]]*\(BG_[A-Z0-9_]*\).*/\1/p' \
    lib/bgkit.h | grep -v '^BG_OK$\|^BG_CODE_COUNT$' >"$tmp/codes"
missing=$(while read -r c; do
	grep -q "^\.It Dv $c " man/bg_strerror.3 || echo "$c"
done <"$tmp/codes")
if [ -s "$tmp/codes" ] && [ -z "$missing" ]; then
	ok
else
	bad "codes of bgkit.h missing from man/bg_strerror.3: $missing"
fi
if command -v mandoc >/dev/null 2>&1; then
	(cd "$tmp/lint" && MANPATH=$tmp/empty mandoc -Tlint ./*) \
	    >"$tmp/lint.log" 2>&1
	if [ $? = 0 ] && [ ! -s "$tmp/lint.log" ]; then
		ok
	else
		bad "mandoc -Tlint on the installed pages"
		cat "$tmp/lint.log"
	fi
fi

# Bash completion.
comp=$st/usr/share/bash-completion/completions
if command -v bash >/dev/null 2>&1; then
	check "completion parses" bash -n "$comp/bgkit"
fi
for t in $tools; do
	check "completion link for $t" test "$(readlink "$comp/$t")" = bgkit
done

# make uninstall leaves nothing but directories.
check "make uninstall" $make -s uninstall DESTDIR="$st" PREFIX=/usr
left=$(cd "$st" && find . ! -type d | sed 's,^\./,,')
if [ -z "$left" ]; then
	ok
else
	bad "make uninstall left:"
	echo "$left"
fi

# ----------------------------------------------- a program built on it
# Another prefix, outside pkg-config's system directories, in a DESTDIR:
# PKG_CONFIG_SYSROOT_DIR puts the DESTDIR before the paths bgkit.pc has.
sys=$tmp/sys
pre=/opt/bgkit
if ! $make -s install DESTDIR="$sys" PREFIX=$pre >"$tmp/make.log" 2>&1; then
	bad "make install DESTDIR=$sys PREFIX=$pre"
	cat "$tmp/make.log"
	echo "install: $pass passed, $((fail + 1)) failed"
	exit 1
fi
ok
export PKG_CONFIG_PATH="$sys$pre/lib/pkgconfig"
export PKG_CONFIG_SYSROOT_DIR="$sys"
flags=$(pkg-config --cflags --libs bgkit)
check "pkg-config --cflags --libs bgkit points into the staged tree" \
    sh -c "echo '$flags' | grep -q -- '-I$sys$pre/include' &&
    echo '$flags' | grep -q -- '-L$sys$pre/lib'"
bin=$tmp/bin
mkdir -p "$bin"
for c in examples/*.c; do
	p=$(basename "$c" .c)
	# shellcheck disable=SC2086
	check "$c builds with pkg-config (shared)" \
	    $cc -std=c99 -pedantic -Wall -Wextra -Werror -o "$bin/$p" "$c" \
	    $flags
	check "$p needs libbgkit.so.$major" \
	    sh -c "readelf -d '$bin/$p' | grep -q 'NEEDED.*\[libbgkit.so.$major\]'"
	# shellcheck disable=SC2046
	check "$c builds with pkg-config (static libbgkit)" \
	    $cc -std=c99 -pedantic -Wall -Wextra -Werror -o "$bin/$p-static" \
	    "$c" $(pkg-config --cflags bgkit) "$sys$pre/lib/libbgkit.a" \
	    $(pkg-config --libs nettle) -ldl
	check "$p-static does not need libbgkit.so" \
	    sh -c "! readelf -d '$bin/$p-static' | grep -q 'NEEDED.*libbgkit'"
done

# run "what" want-status want-output command...: output and status.
# The positions were checked with gnubg 1.07.
run() {
	what=$1 want_rc=$2 want=$3
	shift 3
	got=$(LD_LIBRARY_PATH="$sys$pre/lib" "$@" 2>&1)
	rc=$?
	if [ "$rc" = "$want_rc" ] && [ "$got" = "$want" ]; then
		ok
	else
		bad "$what: exit $rc, want $want_rc"
		printf '%s\n--- want\n%s\n' "$got" "$want"
	fi
}
for v in "" -static; do
	cp="$bin/checkplay$v"
	[ -x "$cp" ] || continue
	run "checkplay$v --version" 0 "checkplay (libbgkit $version)" \
	    "$cp" --version
	run "checkplay$v: a legal 3-1" 0 "31: 8/5 6/5 -> sGfwATDgc/ABMA" \
	    "$cp" start 31 8/5 6/5
	run "checkplay$v: a consolidated move in an XGID" 0 \
	    "11: 24/22 6/4 -> yHPwASTgc/ABMA" \
	    "$cp" 'XGID=-b----E-C---eE---c-e----B-:0:0:1:11:0:0:0:0:10' 11 \
	    24/22 6/4
	run "checkplay$v: one die of 6-4 when both play" 1 \
	    "illegal: play uses fewer dice than it can; legal, for example: 24/20 24/18" \
	    "$cp" start 64 24/18
	run "checkplay$v: no position" 2 \
	    "checkplay: nowhere: not a Position ID, PID:MID, XGID, OGID or start position" \
	    "$cp" nowhere 64 24/18
done
mr=$bin/matresult
if [ -x "$mr" ]; then
	run "matresult: the demo match" 0 "7-point match: Zoe - Ivan
game 1: Zoe wins 4 points (gammon), score 4-0
game 2: Ivan wins 1 point (drop), score 4-1
game 3: Ivan wins 4 points (single), score 4-5
game 4: Ivan wins 2 points (gammon), score 4-7
0 problems" sh -c "'$mr' <fixtures/demo/gnubg-7pt.mat"
	run "matresult: a mutant with wrong dice" 1 "money session: Alice - Yuri
game 1: Alice wins 1 point (drop), score 1-0
game 2: Alice wins 1 point (single), score 2-0
game 3: Alice wins 1 point (single), score 3-0
game 4: Alice wins 2 points (gammon), score 5-0
1 problem" sh -c "'$mr' <fixtures/bgcheck/mutants/wrong_dice.mat"
fi
cf=$bin/checkfile
if [ -x "$cf" ]; then
	run "checkfile: the demo match" 0 "fixtures/demo/gnubg-7pt.mat: valid, 1 match, 4 games, 274 records; score Zoe 4, Ivan 7 (7-point match)
final position: PwAAgGxNBaIBAA XGID=-F---ba--a-----aaa-babb-a-:0:0:-1:00:5:4:0:7:10" \
	    "$cf" fixtures/demo/gnubg-7pt.mat
	run "checkfile: a mutant with wrong dice" 1 "fixtures/bgcheck/mutants/wrong_dice.mat:118:6: error: game 4, move 9 (32): play does not match the dice: 14/10 moves 4 pips; the dice are 3 and 2
fixtures/bgcheck/mutants/wrong_dice.mat: invalid, 1 match, 4 games, 234 records; score Alice 5, Yuri 0
final position: 2raCBRDQc3AAbA XGID=--a--AD-C--abC---aabbbbaBB:0:0:1:00:0:3:0:0:10" \
	    "$cf" fixtures/bgcheck/mutants/wrong_dice.mat
	run "checkfile: no such file" 2 \
	    "checkfile: nosuch.mat: No such file or directory" "$cf" nosuch.mat
fi
check "make uninstall (second prefix)" \
    $make -s uninstall DESTDIR="$sys" PREFIX=$pre

# ------------------------------------------ README's words, word for word
# The block of README.md's "Installing" that installs under a prefix of
# one's own, run as it is written, from a directory that sees the tree
# (so that checkplay lands there), with a HOME of its own and nothing of
# the environment that would find the library without its words: it
# must print what README says, and make install the same advice.
unset PKG_CONFIG_PATH PKG_CONFIG_SYSROOT_DIR LD_LIBRARY_PATH
awk '/^## / { f = ($0 == "## Installing") } f && /^```sh$/ { b = 1; n = ""; next }
    b && /^```$/ { b = 0; if (n ~ /PKG_CONFIG_PATH/) printf "%s", n; next }
    b { n = n $0 "\n" }' README.md >"$tmp/readme.sh"
want=$(sed -n '/^## Installing/,/^## /s/^`checkplay` prints `\([^`]*\)`.*/\1/p' README.md)
rd=$tmp/readme
mkdir -p "$rd" "$tmp/home"
for f in "$top"/*; do
	ln -s "$f" "$rd/"
done
if [ ! -s "$tmp/readme.sh" ] || [ -z "$want" ]; then
	bad "README.md, Installing: no sh block with PKG_CONFIG_PATH, or no output shown"
else
	# Under make check-asan the library carries AddressSanitizer, whose
	# runtime comes after libc in a program built, as README says, with
	# plain cc: let it start there.
	case ${BGKIT_SANITIZE:-} in
	asan) rasan="${ASAN_OPTIONS:-}:verify_asan_link_order=0" ;;
	*) rasan=${ASAN_OPTIONS:-} ;;
	esac
	(cd "$rd" && HOME=$tmp/home ASAN_OPTIONS=$rasan sh -e "$tmp/readme.sh") \
	    >"$tmp/readme.out" 2>&1
	rc=$?
	if [ $rc = 0 ] && [ "$(tail -n 1 "$tmp/readme.out")" = "$want" ]; then
		ok
	else
		bad "README.md, Installing: exit $rc, want 0 and \"$want\" last"
		tail -n 20 "$tmp/readme.out"
	fi
	h=$tmp/home/bgkit/lib
	check "make install under a prefix of one's own gives README's advice" \
	    sh -c "grep -qxF '  export PKG_CONFIG_PATH=$h/pkgconfig' '$tmp/readme.out' &&
	    grep -qF -- '-Wl,-rpath,$h' '$tmp/readme.out'"
	check "checkplay built by README's words finds libbgkit.so.$major by its rpath" \
	    sh -c "readelf -d '$rd/checkplay' | grep -q 'R.*PATH.*\\[$h\\]'"
	check "a system prefix gets no advice" \
	    sh -c "! $make -n install PREFIX=/usr | grep -q 'PKG_CONFIG_PATH'"
fi

cases_end install
[ $fail = 0 ]
