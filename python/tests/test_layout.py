# SPDX-License-Identifier: BSD-2-Clause
"""The ctypes structures of bgkit/_lib.py against lib/bgkit.h: a C
program built with the header prints each structure's size and each
field's offset, which must equal the mirror's.  A change to a structure
of the header that the package does not follow fails here."""
import ctypes
import os
import shutil
import subprocess

import pytest

from bgkit import _lib

TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))
# The mirror, the C type, and the C name of each field where it differs.
MIRRORS = [
    (_lib.Board, "bg_board", {}), (_lib.Step, "bg_step", {"from_": "from"}),
    (_lib.Play, "bg_play", {}), (_lib.Path, "bg_path", {}),
    (_lib.Notation, "bg_notation", {}), (_lib.Legal, "bg_legal", {}),
    (_lib.Resolved, "bg_resolved", {}),
    (_lib.MatchState, "bg_matchstate", {}), (_lib.Diag, "bg_diag", {}),
    (_lib.Record, "bg_record", {}), (_lib.Result, "bg_result", {}),
    (_lib.ReplayPos, "bg_replay_pos", {}), (_lib.Ruleset, "bg_ruleset", {}),
    (_lib.Fibs, "bg_fibs", {}), (_lib.DrawOpts, "bg_drawopts", {}),
    (_lib.VariantInfo, "bg_variant_info", {}),
    (_lib.MovelineSetup, "bg_moveline_setup", {}),
    (_lib.Moveline, "bg_moveline", {}),
]


def test_layout(tmp_path):
    cc = os.environ.get("CC", "cc").split()[0]
    if not shutil.which(cc):
        pytest.skip("no C compiler (%s) to read bgkit.h's layout" % cc)
    lines = ['#include <stdio.h>', '#include <stddef.h>',
             '#include "bgkit.h"', "int main(void) {"]
    want = []
    for cls, ctype, rename in MIRRORS:
        lines.append('printf("%%zu\\n", sizeof(%s));' % ctype)
        want.append(("sizeof", cls.__name__, ctypes.sizeof(cls)))
        for f in cls._fields_:
            lines.append('printf("%%zu\\n", offsetof(%s, %s));'
                         % (ctype, rename.get(f[0], f[0])))
            want.append((cls.__name__, f[0], getattr(cls, f[0]).offset))
    lines += ["return 0;", "}"]
    src = tmp_path / "layout.c"
    src.write_text("\n".join(lines) + "\n")
    exe = str(tmp_path / "layout")
    subprocess.run([cc, "-std=c99", "-I", os.path.join(TOP, "lib"), "-o",
                    exe, str(src)], check=True)
    got = subprocess.run([exe], stdout=subprocess.PIPE,
                         check=True).stdout.split()
    assert len(got) == len(want)
    for (a, b, n), g in zip(want, got):
        assert (a, b, n) == (a, b, int(g))
