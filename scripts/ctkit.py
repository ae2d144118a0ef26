#!/usr/bin/env python3
"""ctkit.py - what the kit's Python scripts share (area_paper.py, formal.py,
cores.py, formal_pages.py; area_um2.sh through the command line): where a
block's RTL is (as scripts/rtl.sh says it for the shell scripts), what ctwin
says of a block - a configuration's parameters, its vector columns, its
storage inventory - and how a generated file is written or checked (make
docs, make test).

usage: ctkit.py bits CTWIN BLOCK CONFIG
  print the inventory's bits of BLOCK at CONFIG (a preset, NAME=VALUE pairs,
  or both): its block total plus its instrumentation registers
"""
import glob
import re
import subprocess
import sys


class KitError(Exception):
    pass


def rtl_dirs():
    """the RTL's system folders, verilog/<system>, in name order"""
    return [d.rstrip("/") for d in sorted(glob.glob("verilog/*/"))]


def rtl_of(block):
    """verilog/<system>/<block>.v"""
    hits = glob.glob("verilog/*/%s.v" % block)
    if not hits:
        raise KitError("no RTL file verilog/*/%s.v" % block)
    return hits[0]


def ctwin(exe, *args):
    """ctwin's standard output; its error message on a failure"""
    try:
        r = subprocess.run([exe] + list(args), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    except OSError as e:
        raise KitError("%s: %s (make builds ctwin)" % (exe, e.strerror))
    if r.returncode != 0:
        raise KitError("ctwin %s: %s" % (" ".join(args[:2]), r.stderr.strip()))
    return r.stdout


def cfg_text(params):
    """[(NAME, VALUE)...] -> "NAME=VALUE ..." """
    return " ".join("%s=%s" % kv for kv in params)


def config(exe, block, text):
    """the parameters of a configuration (a preset, or NAME=VALUE pairs), in order"""
    return [tuple(kv.split("=", 1)) for kv in ctwin(exe, "config", block, text).split()]


def vector_header(exe, block, params):
    """(the header lines `ctwin gen` writes, its columns [(name, in|out, width)])"""
    head = ctwin(exe, "gen", block, cfg_text(params), "0", "0", "-").splitlines()
    cols = [(w[1], w[2], int(w[3])) for w in (l.split() for l in head if l.startswith("%column"))]
    return head, cols


def inventory_bits(exe, block, params):
    """(block total + instrumentation, the paper's count, the chip total or None)
    from `ctwin area`"""
    text = ctwin(exe, "area", block, params if isinstance(params, str) else cfg_text(params))
    rows = {}
    for line in text.splitlines():
        m = re.search(r"(= block total|of which paper's count|\+ instrumentation|= chip total)\s+(\d+) bits", line)
        if m:
            rows[m.group(1)] = int(m.group(2))
    if "= block total" not in rows:
        raise KitError("ctwin area %s: no block total" % block)
    total = rows["= block total"]
    return (total + rows.get("+ instrumentation", 0), rows.get("of which paper's count", total),
            rows.get("= chip total"))


def sync_generated(files, check, tool, what, stale=()):
    """generated files: {path (from the root): text}.  Writes each that
    differs, printing "wrote PATH"; with check, writes nothing and names the
    ones that differ.  STALE: paths found stale otherwise (e.g. a generated
    file nothing generates any more).  Returns the exit code: 1 (with
    "TOOL: stale: ... (run make docs)") when something is stale, else 0
    ("TOOL: N WHAT current" with check)."""
    stale = list(stale)
    for path, text in sorted(files.items()):
        try:
            with open(path) as f:
                old = f.read()
        except FileNotFoundError:
            old = None
        if old == text:
            continue
        if check:
            stale.append(path)
        else:
            with open(path, "w") as f:
                f.write(text)
            print("wrote %s" % path)
    if stale:
        print("%s: stale: %s (run make docs)" % (tool, " ".join(sorted(stale))))
        return 1
    if check:
        print("%s: %d %s current" % (tool, len(files), what))
    return 0


def main(argv):
    if len(argv) != 4 or argv[0] != "bits":
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 1
    try:
        print(inventory_bits(argv[1], argv[2], argv[3])[0])
    except KitError as e:
        print("ctkit: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
