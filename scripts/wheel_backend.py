"""wheel_backend.py - the PEP 517 build back end of `pip install .`
(pyproject.toml names it): builds libcachetwin.so with `make lib` and packs
it with the Python package rtl_model/host/python/cachetwin/ into a wheel, so
`import cachetwin` finds its library inside the package (no PYTHONPATH, no
LD_LIBRARY_PATH).  Standard library only and nothing to download: pip's
isolated build environment needs no setuptools.

The wheel is tagged py3-none-<platform>: the library is C, loaded through
ctypes, and does not depend on the Python version.  No sdist: install from
a clone (or `make wheel`, build/wheel/)."""

import base64
import hashlib
import os
import re
import subprocess
import sys
import sysconfig
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PKG = os.path.join(ROOT, "rtl_model", "host", "python", "cachetwin")
NAME = "cachetwin"


def _version():
    # the one version of the kit, as the Makefile reads it too
    h = os.path.join(ROOT, "rtl_model", "host", "cachetwin.h")
    with open(h) as f:
        m = re.search(r'^#define CACHETWIN_VERSION "([0-9.]+)"', f.read(), re.M)
    if not m:
        raise RuntimeError("%s: CACHETWIN_VERSION: not found" % h)
    return m.group(1)


def _tag():
    return "py3-none-" + re.sub(r"[-.]", "_", sysconfig.get_platform())


def _metadata(version):
    return ("Metadata-Version: 2.1\n"
            "Name: %s\n"
            "Version: %s\n"
            "Summary: C reference models of GPU-cache energy and sharing blocks, from Python "
            "(scoreboards for cocotb and pyuvm)\n"
            "License: Apache-2.0\n"
            "Classifier: License :: OSI Approved :: Apache Software License\n"
            "Requires-Python: >=3.8\n" % (NAME, version))


def get_requires_for_build_wheel(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    version = _version()
    d = os.path.join(metadata_directory, "%s-%s.dist-info" % (NAME, version))
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "METADATA"), "w") as f:
        f.write(_metadata(version))
    return os.path.basename(d)


def _record_line(arcname, data):
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return "%s,sha256=%s,%d" % (arcname, digest, len(data))


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    version = _version()
    # the library: make's own rules (its output to stderr, pip shows it on failure)
    r = subprocess.run(["make", "-s", "-C", ROOT, "lib"], stdout=sys.stderr)
    if r.returncode:
        raise RuntimeError("make lib failed (exit %d)" % r.returncode)
    lib = os.path.join(ROOT, "build", "lib", "libcachetwin.so.%s" % version)
    files = []
    for name in sorted(os.listdir(PKG)):
        if name.endswith(".py") or name == "py.typed":
            with open(os.path.join(PKG, name), "rb") as f:
                files.append(("cachetwin/" + name, f.read()))
    with open(lib, "rb") as f:
        files.append(("cachetwin/libcachetwin.so", f.read()))
    info = "%s-%s.dist-info" % (NAME, version)
    files.append((info + "/METADATA", _metadata(version).encode()))
    with open(os.path.join(ROOT, "LICENSE"), "rb") as f:
        files.append((info + "/LICENSE", f.read()))
    files.append((info + "/WHEEL", ("Wheel-Version: 1.0\nGenerator: cachetwin wheel_backend\n"
                                    "Root-Is-Purelib: false\nTag: %s\n" % _tag()).encode()))
    record = [_record_line(a, d) for a, d in files] + [info + "/RECORD,,"]
    files.append((info + "/RECORD", ("\n".join(record) + "\n").encode()))
    wheel = "%s-%s-%s.whl" % (NAME, version, _tag())
    with zipfile.ZipFile(os.path.join(wheel_directory, wheel), "w", zipfile.ZIP_DEFLATED) as z:
        for arcname, data in files:
            zi = zipfile.ZipInfo(arcname, date_time=(1980, 1, 1, 0, 0, 0))
            zi.external_attr = (0o755 if arcname.endswith(".so") else 0o644) << 16
            zi.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(zi, data)
    return wheel
