#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# deps.sh: install the Debian packages bgkit needs, or say exactly which
# to install.  "build": the compiler, PCRE2, zlib, libarchive and
# Nettle.  "test": also the tools
# the test suite uses (mandoc for the manual lint, jq for the corpus,
# rsvg-convert to render bgshow's pictures, python3 for tests/xgmake.py,
# which builds the .xg files the XG reader's tests read, and chromium and
# python3 to load the page of bgconv -T html, tests/page.sh).
# "bench": hyperfine and valgrind for `make bench`.  "fuzz" and
# "sanitize": see below.
# Run by the Makefile when pkg-config cannot find libpcre2-8, by
# `make check`, and by .ci/run.
set -u
mode=${1:-build}

need=""
have_cmd() { command -v "$1" >/dev/null 2>&1; }

have_cmd cc || need="$need gcc"
have_cmd make || need="$need make"
have_cmd pkg-config || need="$need pkg-config"
pkg-config --exists libpcre2-8 2>/dev/null || need="$need libpcre2-dev"
pkg-config --exists zlib 2>/dev/null || need="$need zlib1g-dev"
pkg-config --exists libarchive 2>/dev/null || need="$need libarchive-dev"
pkg-config --exists nettle 2>/dev/null || need="$need nettle-dev"
if [ "$mode" = test ] || [ "$mode" = ci ]; then
	have_cmd mandoc || need="$need mandoc"
	have_cmd jq || need="$need jq"
	have_cmd rsvg-convert || need="$need librsvg2-bin"
	have_cmd chromium || have_cmd chromium-browser || need="$need chromium"
	have_cmd python3 || need="$need python3"
fi
# "ci": the test tools and what only CI installs: GNU Backgammon, for
# the interoperability test (tests/corpus_gnubg.sh skips without it),
# Python 3 with pytest and venv, for the Python package's tests and its
# install in a fresh venv (tests/python.sh skips without them), and the
# tools of the later parts of .ci/run.
if [ "$mode" = ci ]; then
	have_cmd gnubg || [ -x /usr/games/gnubg ] || need="$need gnubg"
	{ python3 -c 'import pytest' ||
	    /usr/bin/python3 -c 'import pytest'; } >/dev/null 2>&1 ||
	    need="$need python3-pytest"
	{ python3 -c 'import venv, ensurepip' ||
	    /usr/bin/python3 -c 'import venv, ensurepip'; } >/dev/null 2>&1 ||
	    need="$need python3-venv"
	# The hardening targets' and the WebAssembly package's tools, in
	# the same one install: valgrind (check-valgrind), clang
	# (make fuzz, which checks its fuzzer runtime itself), Debian's
	# emscripten and npm (make check-js, check-web).
	have_cmd valgrind || need="$need valgrind"
	have_cmd clang || need="$need clang"
	have_cmd emcc || need="$need emscripten"
	have_cmd npm || need="$need npm"
	# Debian's dask.distributed, for bganalyse's Dask recipe
	# (tests/corpus_dask.sh skips without it).
	/usr/bin/python3 -c 'import distributed' >/dev/null 2>&1 ||
	    need="$need python3-distributed"
fi
if [ "$mode" = bench ]; then
	have_cmd hyperfine || need="$need hyperfine"
	have_cmd valgrind || need="$need valgrind"
fi
# "fuzz": clang and its libFuzzer runtime (the libclang-rt of clang's
# version) for `make fuzz`; "sanitize": valgrind, for check-valgrind
# (check-asan needs only gcc, which brings AddressSanitizer).
if [ "$mode" = fuzz ]; then
	if ! have_cmd clang; then
		need="$need clang libclang-rt-dev"
	elif ! echo 'int LLVMFuzzerTestOneInput(const char *d, long n)
	    { return 0; }' | clang -fsanitize=fuzzer -x c -o /dev/null - \
	    >/dev/null 2>&1; then
		v=$(clang --version | sed -n 's/.*clang version \([0-9]*\).*/\1/p')
		need="$need libclang-rt-${v:-14}-dev"
	fi
fi
if [ "$mode" = sanitize ]; then
	have_cmd valgrind || need="$need valgrind"
fi
[ -z "$need" ] && exit 0

if [ "$(id -u)" = 0 ] && have_cmd apt-get; then
	echo "deps.sh: installing:$need" >&2
	export DEBIAN_FRONTEND=noninteractive
	# A stale package list makes installs fail; refresh it once.
	apt-get update -qq >&2 &&
	    apt-get install -y -qq --no-install-recommends $need >&2 &&
	    exit 0
	echo "deps.sh: apt-get failed; install by hand:$need" >&2
	exit 1
fi
echo "deps.sh: missing:$need" >&2
echo "deps.sh: as root, run: apt-get install$need" >&2
exit 1
