# SPDX-License-Identifier: BSD-2-Clause
"""The build backend of the bgkit Python package (PEP 517 and PEP 660),
standard library only, so that ``pip install ./python`` and ``pip wheel
./python`` work in a fresh virtual environment without fetching
anything.

A wheel built in the bgkit tree (pip builds ./python in place) carries
the tree's shared library, lib/libbgkit.so.N under its soname as
bgkit/libbgkit.so.N, where bgkit/_lib.py looks first; the library is
made with ``make lib/libbgkit.so`` when it is missing or older than a
source of lib/.  Such a wheel holds machine code, so it is tagged for
this platform (py3-none-linux_x86_64: any Python 3, since the package
calls the library through ctypes), and it runs where the same libc and
the libraries the shared library links are (python/README.md names
their Debian packages).

The sdist holds the Python files only.  A wheel built from it, away
from the tree, has no library: it is tagged py3-none-any and finds an
installed libbgkit.so.1 (make install) or BGKIT_LIB.  A wheel of a copy
of python/ made elsewhere, neither in the tree nor an sdist, is refused
rather than built without the library.

The name, version and summary come from pyproject.toml's [project]
table, the long description from README.md.
"""
import base64
import glob
import hashlib
import io
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The bgkit tree around python/, when the package is built in it.
TOP = os.path.dirname(HERE)
# A fixed time for every member, so that a wheel of the same files is
# the same bytes.
STAMP = (1980, 1, 1, 0, 0, 0)


def _project():
    """name, version, description and requires-python from
    pyproject.toml (plain "key = value" lines of [project])."""
    with open(os.path.join(HERE, "pyproject.toml")) as f:
        text = f.read()
    m = re.search(r"^\[project\]\n(.*?)(?=^\[|\Z)", text, re.S | re.M)
    out = {}
    for line in m.group(1).splitlines():
        kv = re.match(r'^([a-z-]+)\s*=\s*"([^"]*)"\s*$', line)
        if kv:
            out[kv.group(1)] = kv.group(2)
    return out


def _python_files():
    """The package's Python files, as (path in the wheel, path on
    disk)."""
    pkg = os.path.join(HERE, "bgkit")
    return [("bgkit/" + name, os.path.join(pkg, name))
            for name in sorted(os.listdir(pkg)) if name.endswith(".py")]


def _in_tree():
    return (os.path.isfile(os.path.join(TOP, "Makefile")) and
            os.path.isfile(os.path.join(TOP, "lib", "bgkit.h")))


def _soname():
    """The library's soname as the Makefile makes it:
    libbgkit.so.$(SOMAJOR)."""
    with open(os.path.join(TOP, "Makefile")) as f:
        m = re.search(r"^SOMAJOR\s*=\s*(\S+)\s*$", f.read(), re.M)
    if not m:
        raise RuntimeError("bgkit_build: no SOMAJOR in %s"
                           % os.path.join(TOP, "Makefile"))
    return "libbgkit.so." + m.group(1)


def _stale(path):
    """Whether the library at path is missing or older than a source of
    lib/ (make would build it again)."""
    if not os.path.exists(path):
        return True
    built = os.path.getmtime(path)
    sources = (glob.glob(os.path.join(TOP, "lib", "*.[ch]")) +
               [os.path.join(TOP, "lib", "bgkit.map")])
    return any(os.path.getmtime(s) > built for s in sources
               if os.path.exists(s))


def _library():
    """The tree's shared library, as (path in the wheel, path on disk),
    made with make first when it is missing or out of date; None away
    from the tree (a wheel built from the sdist)."""
    if not _in_tree():
        return None
    soname = _soname()
    path = os.path.join(TOP, "lib", soname)
    if _stale(path):
        make = shutil.which("make")
        if make is None:
            raise RuntimeError("bgkit_build: %s is missing or out of date "
                               "and there is no make to build it" % path)
        # make's output goes to stderr: a build frontend may read
        # stdout.
        rc = subprocess.call([make, "-C", TOP, "lib/libbgkit.so"],
                             stdout=sys.stderr)
        if rc != 0 or not os.path.exists(path):
            raise RuntimeError("bgkit_build: make lib/libbgkit.so in %s "
                               "failed (exit %d)" % (TOP, rc))
    return ("bgkit/" + soname, path)


def _metadata(p):
    with open(os.path.join(HERE, "README.md")) as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "License: %s\n"
            "Classifier: License :: OSI Approved :: BSD License\n"
            "Requires-Python: %s\nDescription-Content-Type: text/markdown"
            "\n\n%s" % (p["name"], p["version"], p["description"],
                        p["license"], p.get("requires-python", ">=3"),
                        readme))


def _platform_tag():
    """This platform's wheel tag: linux_x86_64 and the like.  Not a
    manylinux tag: the library links Debian's libraries, which no
    manylinux policy lists."""
    return re.sub(r"[^A-Za-z0-9]", "_", sysconfig.get_platform())


def _tag(native):
    return "py3-none-" + (_platform_tag() if native else "any")


def _info(p, native):
    """The files of the wheel's .dist-info folder but RECORD, as (name,
    bytes)."""
    return [("METADATA", _metadata(p).encode()),
            ("WHEEL", ("Wheel-Version: 1.0\nGenerator: bgkit_build\n"
                       "Root-Is-Purelib: %s\nTag: %s\n" % (
                           "false" if native else "true",
                           _tag(native))).encode())]


def _member(arc, data, mode):
    zi = zipfile.ZipInfo(arc, STAMP)
    zi.compress_type = zipfile.ZIP_DEFLATED
    zi.external_attr = (0o100000 | mode) << 16
    return zi, data


def _wheel(directory, files, native):
    """Write a wheel of files [(arcname, bytes, mode)] and return its
    name; native: it holds machine code."""
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    info = dist + ".dist-info/"
    tag = _tag(native)
    files = list(files) + [
        (info + name, data, 0o644) for name, data in _info(p, native)]
    record = []
    name = "%s-%s.whl" % (dist, tag)
    with zipfile.ZipFile(os.path.join(directory, name), "w") as z:
        for arc, data, mode in files:
            z.writestr(*_member(arc, data, mode))
            digest = base64.urlsafe_b64encode(
                hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append("%s,sha256=%s,%d" % (arc, digest, len(data)))
        record.append(info + "RECORD,,")
        z.writestr(*_member(info + "RECORD",
                            ("\n".join(record) + "\n").encode(), 0o644))
    return name


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory,
                                     config_settings=None):
    """The wheel's metadata without building it (nor the library)."""
    p = _project()
    info = "%s-%s.dist-info" % (p["name"], p["version"])
    os.makedirs(os.path.join(metadata_directory, info), exist_ok=True)
    for name, data in _info(p, _in_tree()):
        with open(os.path.join(metadata_directory, info, name), "wb") as f:
            f.write(data)
    return info


def build_wheel(wheel_directory, config_settings=None,
                metadata_directory=None):
    files = [(a, _read(d), 0o644) for a, d in _python_files()]
    lib = _library()
    if lib is None and not os.path.exists(os.path.join(HERE, "PKG-INFO")):
        # Neither the tree nor an unpacked sdist: a copy of python/
        # made elsewhere (a pip older than 21.3 builds one), whose wheel
        # would lack the library the tree has.
        raise RuntimeError(
            "bgkit_build: %s is not the python/ folder of a bgkit tree "
            "(no Makefile and lib/bgkit.h beside it): build the wheel "
            "in the tree, with pip 21.3 or later, which builds ./python "
            "in place" % HERE)
    if lib is not None:
        files.append((lib[0], _read(lib[1]), 0o755))
    return _wheel(wheel_directory, files, lib is not None)


def build_editable(wheel_directory, config_settings=None,
                   metadata_directory=None):
    """A wheel whose .pth file puts this folder on the path; the
    package then loads lib/libbgkit.so of the tree around it."""
    return _wheel(wheel_directory, [("bgkit_editable.pth",
                                     (HERE + "\n").encode(), 0o644)],
                  False)


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    name = dist + ".tar.gz"
    paths = ["pyproject.toml", "README.md", "_build/bgkit_build.py"] + [
        a for a, _ in _python_files()]
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in paths:
            t.add(os.path.join(HERE, rel), dist + "/" + rel)
        data = _metadata(p).encode()
        ti = tarfile.TarInfo(dist + "/PKG-INFO")
        ti.size = len(data)
        t.addfile(ti, io.BytesIO(data))
    return name
