#!/bin/sh
# python.sh: the Python package (python/bgkit), by `make check`:
#  - its tests (python/tests, pytest), from the tree, against the
#    library just built; each pytest test counts once;
#  - the example of README.md's "## Python" section (its ```python
#    block) run from the top of the tree, its output compared byte for
#    byte with the ```text block that follows it;
#  - `pip install ./python` into a fresh virtual environment, and the
#    same example run there from another folder, the library named by
#    BGKIT_LIB; without it, the library found by its soname
#    (LD_LIBRARY_PATH), and, installed again with the library copied
#    into the package, next to the package.
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

# pip install ./python in a fresh virtual environment, nothing fetched.
if ! "$py" -m venv "$tmp/venv" >"$tmp/venv.log" 2>&1; then
	echo "SKIP: $py -m venv failed (Debian: python3-venv): pip install ./python not tested"
	sed 's/^/  /' "$tmp/venv.log" | head -n 3
	skip=$((skip + 1))
	end
fi
if "$tmp/venv/bin/python" -m pip install -q --no-index --no-cache-dir \
    "$top/python" >"$tmp/pip.log" 2>&1; then
	mkdir -p "$tmp/run"
	ln -s "$top/fixtures" "$tmp/run/"
	run="env -u PYTHONPATH BGKIT_LIB=$top/lib/libbgkit.so.1 $tmp/venv/bin/python"
	# shellcheck disable=SC2086
	example "installed in a venv" "$tmp/run" $run
	# shellcheck disable=SC2086
	where=$(cd "$tmp/run" && $run -c 'import bgkit; print(bgkit.__file__)')
	case $where in
	"$tmp/venv/"*) ok ;;
	*) bad "the venv's python imports bgkit from ${where:-nowhere}" ;;
	esac
	# Without BGKIT_LIB: the installed soname, through the dynamic
	# linker (here LD_LIBRARY_PATH)...
	lib() {
		(cd "$tmp/run" && env -u PYTHONPATH -u BGKIT_LIB "$@" \
		    "$tmp/venv/bin/python" -c \
		    'import bgkit, bgkit._lib as l; print(l.lib._name)') 2>&1
	}
	got=$(lib LD_LIBRARY_PATH="$top/lib")
	[ "$got" = libbgkit.so.1 ] && ok ||
	    bad "without BGKIT_LIB, bgkit loads \"$got\", not the soname"
	# ... and the library copied next to the package before installing.
	cp -R "$top/python" "$tmp/pkg"
	cp "$top/lib/libbgkit.so.1" "$tmp/pkg/bgkit/libbgkit.so.1"
	if "$tmp/venv/bin/python" -m pip install -q --no-index \
	    --no-cache-dir --force-reinstall "$tmp/pkg" >"$tmp/pip.log" 2>&1
	then
		got=$(lib)
		case $got in
		"$tmp/venv/"*/bgkit/libbgkit.so.1) ok ;;
		*) bad "with the library in the wheel, bgkit loads \"$got\"" ;;
		esac
	else
		bad "pip install of the package with its library failed:"
		tail -n 10 "$tmp/pip.log"
	fi
else
	bad "pip install ./python into a fresh venv failed:"
	tail -n 10 "$tmp/pip.log"
fi
end
