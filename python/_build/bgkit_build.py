"""The build backend of the bgkit Python package (PEP 517 and PEP 660),
standard library only, so that ``pip install ./python`` works in a
fresh virtual environment without fetching anything.

It packs what the package is: bgkit/*.py and, when one has been copied
there, the shared library bgkit/libbgkit.so* (the wheel is then tagged
for this platform).  The name, version and summary come from
pyproject.toml's [project] table, the long description from README.md.
"""
import base64
import hashlib
import io
import os
import re
import sysconfig
import tarfile
import zipfile

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


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


def _files():
    """The package's files, as (path in the wheel, path on disk)."""
    out = []
    pkg = os.path.join(HERE, "bgkit")
    for name in sorted(os.listdir(pkg)):
        if name.endswith(".py") or name.startswith("libbgkit.so"):
            out.append(("bgkit/" + name, os.path.join(pkg, name)))
    return out


def _metadata(p):
    with open(os.path.join(HERE, "README.md")) as f:
        readme = f.read()
    return ("Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Requires-Python: %s\nDescription-Content-Type: text/markdown"
            "\n\n%s" % (p["name"], p["version"], p["description"],
                        p.get("requires-python", ">=3"), readme))


def _native(files):
    return any(a.startswith("bgkit/libbgkit") for a, _ in files)


def _tag(files):
    if _native(files):
        plat = sysconfig.get_platform().replace("-", "_").replace(".", "_")
        return "py3-none-" + plat
    return "py3-none-any"


def _wheel(directory, files):
    """Write a wheel of files [(arcname, bytes)] and return its name."""
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    info = dist + ".dist-info/"
    tag = _tag([(a, None) for a, _ in files])
    files = list(files) + [
        (info + "METADATA", _metadata(p).encode()),
        (info + "WHEEL", ("Wheel-Version: 1.0\nGenerator: bgkit_build\n"
                          "Root-Is-Purelib: %s\nTag: %s\n" % (
                              "false" if "any" not in tag else "true",
                              tag)).encode()),
    ]
    record = []
    name = "%s-%s.whl" % (dist, tag)
    with zipfile.ZipFile(os.path.join(directory, name), "w",
                         zipfile.ZIP_DEFLATED) as z:
        for arc, data in files:
            z.writestr(arc, data)
            digest = base64.urlsafe_b64encode(
                hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append("%s,sha256=%s,%d" % (arc, digest, len(data)))
        record.append(info + "RECORD,,")
        z.writestr(info + "RECORD", "\n".join(record) + "\n")
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


def build_wheel(wheel_directory, config_settings=None,
                metadata_directory=None):
    return _wheel(wheel_directory, [(a, _read(d)) for a, d in _files()])


def build_editable(wheel_directory, config_settings=None,
                   metadata_directory=None):
    """A wheel whose .pth file puts this folder on the path."""
    return _wheel(wheel_directory, [("bgkit_editable.pth",
                                     (HERE + "\n").encode())])


def build_sdist(sdist_directory, config_settings=None):
    p = _project()
    dist = "%s-%s" % (p["name"], p["version"])
    name = dist + ".tar.gz"
    paths = ["pyproject.toml", "README.md", "_build/bgkit_build.py"] + [
        a for a, _ in _files() if a.endswith(".py")]
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as t:
        for rel in paths:
            t.add(os.path.join(HERE, rel), dist + "/" + rel)
        data = _metadata(p).encode()
        ti = tarfile.TarInfo(dist + "/PKG-INFO")
        ti.size = len(data)
        t.addfile(ti, io.BytesIO(data))
    return name
