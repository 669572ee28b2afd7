#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# python.sh: the Python package (python/bgkit), by `make check`:
#  - its tests (python/tests, pytest), from the tree, against the
#    library just built; each pytest test counts once;
#  - the example of README.md's "## Python" section (its ```python
#    block) run from the top of the tree, its output compared byte for
#    byte with the ```text block that follows it;
#  - `pip install ./python` into a fresh virtual environment, and the
#    same example run there from a folder outside the tree, with no
#    PYTHONPATH, BGKIT_LIB or LD_LIBRARY_PATH: the package loads the
#    library its wheel carries;
#  - `pip wheel ./python`: one wheel tagged for this platform, with the
#    library, whose needed libraries are found (ldd) and named in
#    python/README.md; installed in another fresh venv, the example;
#  - pip wheel in a copy of the tree without the shared library makes
#    it; a copy of python/ alone is refused;
#  - the backend's sdist installed in a third venv: no library in it,
#    the one BGKIT_LIB names, else the soname (LD_LIBRARY_PATH).
# Without python3, pytest or venv the part is skipped with a SKIP line
# saying what is missing.  BGKIT_PYTHON names the interpreter to use
# (default: python3 with pytest, else /usr/bin/python3 with it, else
# python3); BGKIT_CORPUS names another copy of tests/corpus.  Ends "python: N passed, N failed[, N skipped]".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-python.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT HUP INT TERM
pass=0 fail=0 skip=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }
end() {
	if [ $skip -gt 0 ]; then
		echo "python: $pass passed, $fail failed, $skip skipped"
	else
		echo "python: $pass passed, $fail failed"
	fi
	[ $fail = 0 ]
	exit
}
export PYTHONDONTWRITEBYTECODE=1
export PIP_DISABLE_PIP_VERSION_CHECK=1

# A python3 with pytest: the first on PATH, else Debian's (a python3 of
# pyenv or the like may come first without it).
py=""
for p in ${BGKIT_PYTHON:-python3 /usr/bin/python3}; do
	command -v "$p" >/dev/null 2>&1 || continue
	[ -z "$py" ] && py=$p
	if "$p" -c 'import pytest' >/dev/null 2>&1; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "SKIP: ${BGKIT_PYTHON:-python3} not installed: the Python package is not tested"
	skip=$((skip + 3))
	end
fi
[ -f "$top/lib/libbgkit.so" ] || { bad "no lib/libbgkit.so: run make"; end; }
# Under `make check-asan` the library is built with AddressSanitizer
# and UBSan, whose runtimes must come first in a process: preload them
# into python.  Leak checking is off there (python's own memory would
# count); the C tests check the library's leaks.
if [ "${BGKIT_SANITIZE:-}" = asan ]; then
	pre=""
	for r in libasan.so libubsan.so; do
		f=$(gcc -print-file-name=$r 2>/dev/null)
		case $f in /*) pre="$pre $f" ;; esac
	done
	if [ -z "$pre" ]; then
		echo "SKIP: the sanitizers' runtimes not found (gcc -print-file-name): the Python package is not tested"
		skip=$((skip + 3))
		end
	fi
	export LD_PRELOAD="${pre# }"
	export ASAN_OPTIONS="${ASAN_OPTIONS:-}:detect_leaks=0"
fi

# The tests.
if "$py" -c 'import pytest' >/dev/null 2>&1; then
	(cd "$top/python" && PYTHONPATH=$top/python "$py" -m pytest -q \
	    -p no:cacheprovider tests) >"$tmp/pytest.log" 2>&1
	rc=$?
	last=$(tail -n 1 "$tmp/pytest.log")
	n() { echo "$last" | sed -n "s/.*[^0-9]\([0-9][0-9]*\) $1.*/\1/p;s/^\([0-9][0-9]*\) $1.*/\1/p" | head -n 1; }
	p=$(n passed) f=$(n failed) e=$(n error) s=$(n skipped)
	pass=$((pass + ${p:-0}))
	fail=$((fail + ${f:-0} + ${e:-0}))
	skip=$((skip + ${s:-0}))
	if [ $rc != 0 ]; then
		[ -z "$f$e" ] && fail=$((fail + 1))
		echo "FAIL: python/tests (pytest exit $rc):"
		grep -E '^(FAILED|ERROR|E  )' "$tmp/pytest.log" | head -n 40
		tail -n 3 "$tmp/pytest.log"
	fi
else
	echo "SKIP: pytest not installed for $py (Debian: python3-pytest): python/tests not run"
	skip=$((skip + 1))
fi

# README.md's example and what it prints.
awk '/^## / { f = ($0 == "## Python") }
    f && /^```python$/ && !done { b = 1; next }
    b && /^```$/ { b = 0; done = 1 } b' "$top/README.md" >"$tmp/example.py"
awk '/^## / { f = ($0 == "## Python") }
    f && /^```python$/ { seen = 1 }
    f && seen && /^```text$/ && !done { b = 1; next }
    b && /^```$/ { b = 0; done = 1 } b' "$top/README.md" >"$tmp/example.want"
if [ ! -s "$tmp/example.py" ] || [ ! -s "$tmp/example.want" ]; then
	bad "README.md: no \`\`\`python block and \`\`\`text block under ## Python"
	end
fi
# example WHAT DIR COMMAND...: run it in DIR, compare.
example() {
	what=$1 dir=$2
	shift 2
	(cd "$dir" && "$@" "$tmp/example.py") >"$tmp/example.got" 2>&1
	if cmp -s "$tmp/example.want" "$tmp/example.got"; then
		ok
	else
		bad "README.md's Python example ($what): the output differs"
		diff "$tmp/example.want" "$tmp/example.got" | head -n 20
	fi
}
example "from the tree" "$top" env PYTHONPATH="$top/python" "$py"

# The package installed, run from a folder outside the tree with
# nothing pointing at the library: no PYTHONPATH, BGKIT_LIB or
# LD_LIBRARY_PATH.
clean="env -u PYTHONPATH -u BGKIT_LIB -u LD_LIBRARY_PATH"
mkdir -p "$tmp/run"
ln -s "$top/fixtures" "$tmp/run/"
venv() {
	if ! "$py" -m venv "$1" >"$tmp/venv.log" 2>&1; then
		echo "SKIP: $py -m venv failed (Debian: python3-venv): pip install ./python not tested"
		sed 's/^/  /' "$tmp/venv.log" | head -n 3
		skip=$((skip + 1))
		end
	fi
}
# pipin VENV WHAT ARG...: pip install ARG... into VENV, nothing fetched.
pipin() {
	v=$1 what=$2
	shift 2
	$clean "$v/bin/python" -m pip install -q --no-index --no-cache-dir \
	    "$@" >"$tmp/pip.log" 2>&1 && return
	bad "$what failed:"
	tail -n 10 "$tmp/pip.log"
	return 1
}
# loaded VENV [ENV...]: the files the venv's bgkit and library come
# from, run in $tmp/run.
loaded() {
	v=$1
	shift
	(cd "$tmp/run" && $clean "$@" "$v/bin/python" -c \
	    'import bgkit, bgkit._lib as l; print(bgkit.__file__, l.lib._name)') 2>&1
}
# own VENV WHAT: the venv's bgkit loads the library its wheel carries.
own() {
	got=$(loaded "$1")
	case $got in
	"$1/"*"/bgkit/__init__.py $1/"*/bgkit/libbgkit.so.1) ok ;;
	*) bad "$2: bgkit does not load the library next to it: $got" ;;
	esac
}

# pip install ./python in a fresh virtual environment: the wheel pip
# builds carries the tree's library.
venv "$tmp/venv"
if pipin "$tmp/venv" "pip install ./python into a fresh venv" "$top/python"
then
	own "$tmp/venv" "pip install ./python"
	# shellcheck disable=SC2086
	example "pip install ./python, in a venv" "$tmp/run" $clean \
	    "$tmp/venv/bin/python"
fi

# pip wheel ./python: one wheel, tagged for this platform, holding the
# library, whose libraries are all found and named in python/README.md;
# installed in another fresh venv, it works there alone.
if $clean "$tmp/venv/bin/python" -m pip wheel -q --no-index --no-deps \
    --no-cache-dir -w "$tmp/dist" "$top/python" >"$tmp/pip.log" 2>&1; then
	got=$("$tmp/venv/bin/python" - "$tmp/dist" "$tmp/wheel.so" <<'PY'
import os, re, sys, sysconfig, zipfile
names = os.listdir(sys.argv[1])
plat = re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())
want = "-py3-none-%s.whl" % plat
if len(names) != 1 or not names[0].endswith(want):
    sys.exit("not one wheel *%s: %s" % (want, names))
z = zipfile.ZipFile(os.path.join(sys.argv[1], names[0]))
info = [n for n in z.namelist() if n.endswith(".dist-info/WHEEL")]
wheel = z.read(info[0]).decode()
if "Root-Is-Purelib: false\n" not in wheel or \
        "Tag: py3-none-%s\n" % plat not in wheel:
    sys.exit("WHEEL is not a platform wheel's: %r" % wheel)
with open(sys.argv[2], "wb") as f:
    f.write(z.read("bgkit/libbgkit.so.1"))   # KeyError when missing
print("ok")
PY
) 2>&1
	if [ "$got" = ok ]; then ok; else bad "pip wheel ./python: $got"; fi
	if [ -s "$tmp/wheel.so" ] && command -v readelf >/dev/null 2>&1; then
		need=$(readelf -d "$tmp/wheel.so" |
		    sed -n 's/.*(NEEDED).*\[\(.*\)\]$/\1/p')
		miss=""
		for so in $need; do
			# Under make check-asan the library links the
			# sanitizers' runtimes, which no user's does.
			case ${BGKIT_SANITIZE:-}:$so in
			asan:libasan.so.*|asan:libubsan.so.*) continue ;;
			esac
			grep -q "\`$so\`" "$top/python/README.md" ||
			    miss="$miss $so"
		done
		nf=$(chmod +x "$tmp/wheel.so" && ldd "$tmp/wheel.so" |
		    grep 'not found')
		if [ -n "$need" ] && [ -z "$miss$nf" ]; then
			ok
		else
			bad "the wheel's library: needs${miss:- nothing?} not named in python/README.md; ldd: ${nf:-ok}"
		fi
	elif [ -s "$tmp/wheel.so" ]; then
		echo "SKIP: readelf not installed (Debian: binutils): the wheel's libraries not checked"
		skip=$((skip + 1))
	fi
	venv "$tmp/venv2"
	if pipin "$tmp/venv2" "pip install of the wheel into a fresh venv" \
	    "$tmp/dist/"*.whl; then
		own "$tmp/venv2" "the wheel of pip wheel ./python"
		# shellcheck disable=SC2086
		example "the wheel, in another venv" "$tmp/run" $clean \
		    "$tmp/venv2/bin/python"
	fi
else
	bad "pip wheel ./python failed:"
	tail -n 10 "$tmp/pip.log"
fi

# A tree whose shared library is missing: pip wheel makes it first
# (objects copied with their times, so make links and compiles
# nothing).  A copy of python/ away from any tree: no wheel, rather
# than one without the library.
mkdir -p "$tmp/tree"
cp -p "$top/Makefile" "$tmp/tree/" && cp -pR "$top/lib" "$top/python" \
    "$tmp/tree/" && rm -f "$tmp/tree/lib/"libbgkit.so*
# What the Makefile includes, and deps.sh, which it may run.
for f in tests/deps.sh $(sed -n 's/^-\{0,1\}include  *//p' "$top/Makefile"); do
	mkdir -p "$tmp/tree/$(dirname "$f")"
	cp -p "$top/$f" "$tmp/tree/$f"
done
# (make runs here: not under the sanitizers' runtimes preloaded for the
# library, which are not make's.)
if $clean -u LD_PRELOAD "$tmp/venv/bin/python" -m pip wheel -q \
    --no-index --no-deps --no-cache-dir -w "$tmp/dist-tree" "$tmp/tree/python" \
    >"$tmp/pip.log" 2>&1 && [ -f "$tmp/tree/lib/libbgkit.so.1" ] &&
    "$tmp/venv/bin/python" -c 'import sys, zipfile, glob
z = zipfile.ZipFile(glob.glob(sys.argv[1] + "/*.whl")[0])
sys.exit("bgkit/libbgkit.so.1" not in z.namelist())' "$tmp/dist-tree"; then
	ok
else
	bad "pip wheel in a tree without lib/libbgkit.so.1 did not make it:"
	tail -n 10 "$tmp/pip.log"
fi
mv "$tmp/tree/python" "$tmp/copy"
if $clean "$tmp/venv/bin/python" -m pip wheel -q --no-index --no-deps \
    --no-cache-dir -w "$tmp/dist-copy" "$tmp/copy" >"$tmp/pip.log" 2>&1
then
	bad "pip wheel of a copy of python/ away from the tree made a wheel"
elif grep -q 'is not the python/ folder of a bgkit tree' "$tmp/pip.log"; then
	ok
else
	bad "pip wheel of a copy of python/ away from the tree failed otherwise:"
	tail -n 10 "$tmp/pip.log"
fi

# The sdist, built by the backend as a frontend calls it, installs: its
# wheel, made away from the tree, has no library and finds the one
# BGKIT_LIB names, else the installed soname (here through
# LD_LIBRARY_PATH).
mkdir -p "$tmp/sdist"
if sd=$(cd "$top/python" && $clean "$py" -c 'import sys
sys.path.insert(0, "_build")
import bgkit_build
print(bgkit_build.build_sdist(sys.argv[1]))' "$tmp/sdist" 2>"$tmp/pip.log")
then
	venv "$tmp/venv3"
	if pipin "$tmp/venv3" "pip install of the sdist" "$tmp/sdist/$sd"; then
		got=$(loaded "$tmp/venv3" BGKIT_LIB="$top/lib/libbgkit.so.1")
		case $got in
		"$tmp/venv3/"*" $top/lib/libbgkit.so.1") ok ;;
		*) bad "the sdist installed, with BGKIT_LIB: $got" ;;
		esac
		got=$(loaded "$tmp/venv3" LD_LIBRARY_PATH="$top/lib")
		case $got in
		"$tmp/venv3/"*" libbgkit.so.1") ok ;;
		*) bad "the sdist installed, by the soname: $got" ;;
		esac
		# shellcheck disable=SC2086
		example "the sdist, in a venv" "$tmp/run" $clean \
		    BGKIT_LIB="$top/lib/libbgkit.so.1" "$tmp/venv3/bin/python"
	fi
else
	bad "the backend's build_sdist failed:"
	tail -n 10 "$tmp/pip.log"
fi
end
