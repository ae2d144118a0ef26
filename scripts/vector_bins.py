#!/usr/bin/env python3
"""vector_bins.py [--ctwin CT] [--dir DIR] [--files] [BLOCK[:PRESET]...] - do the committed
golden vectors close every functional coverage bin by themselves?

For every block (or those named) and each of its presets, replays each
committed vector file of that preset - vectors/<block>/<preset>_s*_n*.vec and
the formal traces vectors/formal/<block>/<preset>_*.vec (DIR instead of
vectors/: another set of files) - on the C model
(`ctwin check`, which prints the bins the file's rows hit), merges the bins
over the files (scripts/ctcov.py) and prints a line per preset: the files,
and "every bin closed" or the bins no file hits that the configuration can
show.  --files also prints each file's bins.  A preset without a committed
file is named too.  Exit 0 when every preset's bins are closed, 1 when one
has a hole or a file fails its replay, 2 on bad usage.
"""
import glob
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctcov  # noqa: E402

NAME = re.compile(r"^(?P<preset>.+?)_(s\d+_n\d+|c_.+|cex_.+)\.vec$")


def files_of(block, preset, top="vectors"):
    out = []
    for f in sorted(glob.glob("%s/%s/*.vec" % (top, block)) + glob.glob("%s/formal/%s/*.vec" % (top, block))):
        m = NAME.match(os.path.basename(f))
        if m and m.group("preset") == preset:
            out.append(f)
    return out


def main(argv):
    ct, show, which, top = "build/ctwin", False, [], "vectors"
    i = 0
    while i < len(argv):
        if argv[i] == "--ctwin" and i + 1 < len(argv):
            ct, i = argv[i + 1], i + 2
        elif argv[i] == "--dir" and i + 1 < len(argv):
            top, i = argv[i + 1], i + 2
        elif argv[i] == "--files":
            show, i = True, i + 1
        elif argv[i].startswith("-"):
            print(__doc__, file=sys.stderr)
            return 2
        else:
            which.append(argv[i])
            i += 1
    blocks = subprocess.run([ct, "blocks"], capture_output=True, text=True, check=True).stdout.split()
    todo = []
    for w in which or blocks:
        b, _, p = w.partition(":")
        if b not in blocks:
            print("vector_bins: unknown block '%s' (%s blocks)" % (b, ct), file=sys.stderr)
            return 2
        presets = subprocess.run([ct, "presets", b], capture_output=True, text=True, check=True).stdout.split()
        if p and p not in presets:
            print("vector_bins: '%s' is not a preset of %s" % (p, b), file=sys.stderr)
            return 2
        todo += [(b, q) for q in ([p] if p else presets)]
    bad = 0
    for b, p in todo:
        fs = files_of(b, p, top)
        if not fs:
            print("%-13s %-9s no committed vector file" % (b, p))
            bad += 1
            continue
        texts = []
        for f in fs:
            r = subprocess.run([ct, "check", f], capture_output=True, text=True)
            if r.returncode != 0:
                print("%-13s %-9s %s: the C model does not replay it (exit %d): %s"
                      % (b, p, f, r.returncode, (r.stdout + r.stderr).strip().splitlines()[0]))
                bad += 1
                continue
            texts.append(r.stdout)
            if show:
                m, o = ctcov.merge([r.stdout])
                print("  %s: %s" % (f, " ".join("%s %d" % (n, m[n][0]) for n in o)))
        merged, order = ctcov.merge(texts)
        h = ctcov.holes(merged, order)
        if h:
            bad += 1
            print("%-13s %-9s %d files: holes (a bin no file hits): %s" % (b, p, len(fs), ", ".join(h)))
        else:
            print("%-13s %-9s %d files: every bin closed%s" % (b, p, len(fs), "" if order else " (no bins)"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
