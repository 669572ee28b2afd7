# SPDX-License-Identifier: BSD-2-Clause
"""Shared by the tests of the bgkit package: where the tree and its
corpus are.  The corpus is tests/corpus of the tree (matches GNU
Backgammon played, with what gnubg says of them); BGKIT_CORPUS names
another copy."""
import os

import pytest

TOP = os.path.normpath(os.path.join(os.path.dirname(__file__), "..", ".."))


@pytest.fixture(scope="session")
def corpus():
    path = os.environ.get("BGKIT_CORPUS") or os.path.join(TOP, "tests",
                                                          "corpus")
    if not os.path.isdir(os.path.join(path, "gnubg", "truth")):
        pytest.fail("no corpus in %s (set BGKIT_CORPUS)" % path)
    return path
