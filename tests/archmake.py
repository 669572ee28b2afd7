#!/usr/bin/env python3
# SPDX-License-Identifier: BSD-2-Clause
"""archmake.py: compressed and archived inputs for the golden cases,
made at test time so that no binary file is kept in the tree.

    archmake.py gz OUT FILE          FILE gzip-compressed
    archmake.py cut OUT FILE         the same cut after a third of its bytes
    archmake.py badhead OUT FILE     the same with a damaged gzip header
    archmake.py zip OUT FILE...      a zip archive of the files (deflated)
    archmake.py tar OUT FILE...      a tar archive (ustar) with a folder
    archmake.py tgz OUT FILE...      the same tar, gzip-compressed

Each member is named by the file's base name (under "records/" in a tar,
after the folder's own entry).  Times are fixed, so the bytes are the
same on every run.  OUT "-" is the standard output.
"""
import gzip
import io
import os
import sys
import tarfile
import zipfile


def compress(data):
    return gzip.compress(data, mtime=0)


def tar(files):
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w", format=tarfile.USTAR_FORMAT) as t:
        d = tarfile.TarInfo("records")
        d.type = tarfile.DIRTYPE
        d.mode = 0o755
        t.addfile(d)
        for f in files:
            data = open(f, "rb").read()
            i = tarfile.TarInfo("records/" + os.path.basename(f))
            i.size = len(data)
            i.mode = 0o644
            t.addfile(i, io.BytesIO(data))
    return buf.getvalue()


def make(kind, files):
    if kind in ("gz", "cut", "badhead"):
        out = compress(open(files[0], "rb").read())
        if kind == "cut":
            out = out[:len(out) // 3]
        elif kind == "badhead":
            out = out[:3] + b"\xe0" + out[4:]  # reserved flag bits set
        return out
    if kind == "zip":
        buf = io.BytesIO()
        with zipfile.ZipFile(buf, "w", zipfile.ZIP_DEFLATED) as z:
            for f in files:
                i = zipfile.ZipInfo(os.path.basename(f), (1980, 1, 1, 0, 0, 0))
                i.compress_type = zipfile.ZIP_DEFLATED
                z.writestr(i, open(f, "rb").read())
        return buf.getvalue()
    if kind == "tar":
        return tar(files)
    if kind == "tgz":
        return compress(tar(files))
    sys.exit("archmake.py: unknown kind " + kind)


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    data = make(sys.argv[1], sys.argv[3:])
    if sys.argv[2] == "-":
        sys.stdout.buffer.write(data)
    else:
        with open(sys.argv[2], "wb") as f:
            f.write(data)


main()
