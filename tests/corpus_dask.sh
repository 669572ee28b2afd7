#!/bin/sh
# SPDX-License-Identifier: BSD-2-Clause
# corpus_dask.sh: bganalyse on many machines (python/bgkit/dask_analyse.py)
# gives the files of one machine.  A scheduler and two worker processes
# on 127.0.0.1 (dask.distributed's LocalCluster) analyse three matches of
# tests/corpus/gnubg/matches (six games) with the fake gnubg of
# tests/fakegnubg.sh, as SGF and as JSON Lines; the files written are
# those of `bganalyse --directory` on one machine, byte for byte, and the
# fake ran once a game.  Two inputs of one output name are refused as
# bganalyse refuses them.  Skipped, with a SKIP line, when no python3
# has dask.distributed (the Debian package python3-distributed, which CI
# installs), and under make check-asan.  Ends "corpus_dask: N passed,
# N failed[, N skipped]".
set -u
top=$(cd "$(dirname "$0")/.." && pwd)
corpus=${BGKIT_CORPUS:-$top/tests/corpus}
export LC_ALL=C
pass=0 fail=0
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*"; }

# Under make check-asan the package would load the sanitized library
# into python, whose runtime must come first in a process; the recipe
# is Python around the tool, which the other suites run sanitized.
if [ "${BGKIT_SANITIZE:-}" = asan ]; then
	echo "SKIP: the Dask recipe is not run under the sanitizers"
	echo "corpus_dask: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
py=""
for p in python3 /usr/bin/python3; do
	if command -v "$p" >/dev/null 2>&1 &&
	    "$p" -c 'import distributed' >/dev/null 2>&1; then
		py=$p
		break
	fi
done
if [ -z "$py" ]; then
	echo "SKIP: no python3 with dask.distributed (the Debian package python3-distributed): the Dask recipe is not tested"
	echo "corpus_dask: 0 passed, 0 failed, 1 skipped"
	exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bgkit-dask.XXXXXX") || exit 2
trap 'rm -rf "$tmp"' EXIT
sh "$top/tests/fakegnubg.sh" "$tmp/gnubg" "echo run >>$tmp/log; analyse"
export BGKIT_GNUBG=$tmp/gnubg TMPDIR=$tmp PATH="$top/bin:$PATH"
cd "$corpus/gnubg/matches" || exit 2
set -- m0003.mat m0005.mat m0007.mat
for f in sgf json; do
	mkdir "$tmp/one.$f" "$tmp/many.$f"
	bganalyse -T $f --directory "$tmp/one.$f" "$@" ||
	    bad "bganalyse -T $f: status $?"
done
: >"$tmp/log"
# The script in a file, its work under __main__: the worker processes
# start by importing it again.
cat >"$tmp/run.py" <<'EOF_PY'
import io, os, sys
from distributed import Client, LocalCluster
from bgkit.dask_analyse import analyse_many


def main(tmp, files):
    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1",
                      dashboard_address=None, processes=True) as cluster, \
            Client(cluster) as client:
        for ext in ("sgf", "json"):
            rc = analyse_many(client, files,
                              os.path.join(tmp, "many." + ext),
                              ["-T", ext], ext)
            print("status", ext, rc)
        err = io.StringIO()
        os.mkdir(os.path.join(tmp, "same"))
        rc = analyse_many(client, ["m0003.mat", "./m0003.mat"],
                          os.path.join(tmp, "same"), err=err)
        print("same name", rc, err.getvalue().replace(tmp, "T").strip(),
              len(os.listdir(os.path.join(tmp, "same"))))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2:])
EOF_PY
PYTHONPATH=$top/python timeout 300 "$py" "$tmp/run.py" "$tmp" "$@" \
    >"$tmp/out" 2>&1
for want in "status sgf 0" "status json 0" \
    "same name 2 bganalyse: T/same/m0003.sgf: both m0003.mat and ./m0003.mat would be written there 0"
do
	if grep -qxF "$want" "$tmp/out"; then ok
	else bad "dask: no line '$want'"; sed 's/^/  /' "$tmp/out" | head -20; fi
done
for f in sgf json; do
	for m in "$@"; do
		o=${m%.mat}.$f
		if [ -s "$tmp/one.$f/$o" ] &&
		    cmp -s "$tmp/one.$f/$o" "$tmp/many.$f/$o"; then ok
		else bad "dask: $o differs from one machine's"; fi
	done
done
n=$(wc -l <"$tmp/log")
if [ "$n" = 12 ]; then ok; else bad "dask: gnubg ran $n times, not 12"; fi
echo "corpus_dask: $pass passed, $fail failed"
[ $fail = 0 ]
