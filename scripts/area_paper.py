#!/usr/bin/env python3
"""area_paper.py - standard-cell area of every block's paper presets, beside an
SRAM figure and the papers' own area claims (docs/area.md, issue 32).

A paper preset small enough is synthesised as it is (scripts/area_um2.py).  A
larger one is extrapolated: its block's `verilog/<system>/<block>.area` file
names two or more smaller configurations to synthesise (`fit`), the fit is
area = a * bits + b over the inventory bits of each configuration (least
squares), and one more configuration (`check`) is synthesised to measure the
fit's error, which must stay within CHECK_BOUND.  The same file may `skip` a
preset (with the reason) and state the paper's `claim`.

usage: area_paper.py --ctwin CTWIN --lib LIB [--cache DIR] [--jobs N]
                     [--spec FILE] [BLOCK[:PRESET]]...
  --spec FILE   read the sizing lines of every named block from FILE instead
                of verilog/*/<block>.area (tests)

The .area format, one statement per line, `#` starts a comment:
  PRESET fit   NAME=VALUE...   a smaller configuration: the preset with these
                               parameters overridden (two or more per preset)
  PRESET check NAME=VALUE...   the configuration the fit is checked on (one)
  PRESET skip  REASON...       not synthesised, the reason printed
  PRESET claim KIND VALUE SCOPE...
                               the paper's claim: KIND mm2@40, mm2@45 or bits;
                               compared with the chip estimate (or the bits)
  PRESET clock MHZ SOURCE...   the clock the paper runs the block at (one per
                               preset; `make sta` sets its timing beside it)
  PRESET manages BYTES LINE WAYS COUNT SOURCE...
                               the cache the mechanism manages: COUNT caches of
                               BYTES in LINE-byte lines, WAYS-way (make power)
Every error names the file, the line and the field, and exits 1.
"""
import argparse
import concurrent.futures
import glob
import json
import re
import subprocess
import sys

import ctkit
from area_um2 import SCALE_45_TO_40

CHECK_BOUND = 0.10          # |predicted - synthesised| / synthesised on the check point
# SRAM figure: CACTI 7.0 at 45 nm puts small SRAM arrays (1-16 KB) at 0.35 to
# 0.87 um^2 per bit (docs/area.md); 45 -> 40 nm by (40/45)^2, as CACTI.
SRAM45_PER_BIT = (0.35, 0.87)
# what area_um2.py reports, each fitted alike: osu018, lambda-scaled 45/40 nm,
# NanGate45-re-priced 45/40 nm (um^2), transistors
METRICS = ("osu018_um2", "um2_45", "um2_40", "ng45_um2", "ng40_um2", "transistors")
ROLES = ("fit", "check", "skip", "claim", "clock", "manages")
CLAIM_KINDS = ("mm2@40", "mm2@45", "bits")


class SpecError(Exception):
    pass


def die(msg):
    print("area_paper: " + msg, file=sys.stderr)
    sys.exit(1)


def empty_spec():
    return {"fit": [], "check": [], "skip": None, "claims": [], "clock": None, "manages": None}


def parse_spec(path, lines, presets, params):
    """{preset: {"fit": [[(N,V)...]...], "check": [...], "skip": str, "claims": [...],
    "clock": (MHz, source) or None}}
    from the lines of a .area file; presets: the block's preset names, params:
    its parameter names."""
    spec = {}
    for n, raw in enumerate(lines, 1):
        line = raw.split("#", 1)[0].split()
        if not line:
            continue
        where = "%s:%d" % (path, n)
        if len(line) < 2:
            raise SpecError("%s: field 2 (role): missing; expected one of %s" % (where, ", ".join(ROLES)))
        preset, role, rest = line[0], line[1], line[2:]
        if preset not in presets:
            raise SpecError("%s: field 1 (preset): '%s' is not a preset of this block (%s)"
                            % (where, preset, ", ".join(presets)))
        if role not in ROLES:
            raise SpecError("%s: field 2 (role): '%s'; expected one of %s" % (where, role, ", ".join(ROLES)))
        s = spec.setdefault(preset, empty_spec())
        if role in ("fit", "check"):
            if not rest:
                raise SpecError("%s: field 3: a %s line needs NAME=VALUE overrides" % (where, role))
            kvs = []
            for i, kv in enumerate(rest, 3):
                m = re.fullmatch(r"([A-Z_][A-Z_0-9]*)=([0-9]+)", kv)
                if not m:
                    raise SpecError("%s: field %d: '%s': expected NAME=VALUE" % (where, i, kv))
                if m.group(1) not in params:
                    raise SpecError("%s: field %d: '%s' is not a parameter of this block (%s)"
                                    % (where, i, m.group(1), ", ".join(params)))
                kvs.append((m.group(1), m.group(2)))
            s[role].append((n, kvs))
        elif role == "skip":
            if not rest:
                raise SpecError("%s: field 3 (reason): a skip line needs its reason" % where)
            s["skip"] = " ".join(rest)
        elif role == "clock":
            if len(rest) < 2:
                raise SpecError("%s: field %d: a clock line is MHZ SOURCE..." % (where, 3 + len(rest)))
            if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", rest[0]) or not float(rest[0]) > 0:
                raise SpecError("%s: field 3 (MHz): '%s' is not a positive number" % (where, rest[0]))
            if s["clock"]:
                raise SpecError("%s: preset %s: a second clock line" % (where, preset))
            s["clock"] = (float(rest[0]), " ".join(rest[1:]))
        elif role == "manages":
            if len(rest) < 5:
                raise SpecError("%s: field %d: a manages line is BYTES LINE WAYS COUNT SOURCE..." % (where, 3 + len(rest)))
            for i, what in enumerate(("BYTES", "LINE", "WAYS", "COUNT")):
                if not re.fullmatch(r"[1-9][0-9]*", rest[i]):
                    raise SpecError("%s: field %d (%s): '%s' is not a positive integer" % (where, 3 + i, what, rest[i]))
            size, line, ways, count = (int(x) for x in rest[:4])
            if size % (line * ways):
                raise SpecError("%s: field 3 (BYTES): %d is not a whole number of %d-way sets of %d-byte lines"
                                % (where, size, ways, line))
            if s["manages"]:
                raise SpecError("%s: preset %s: a second manages line" % (where, preset))
            s["manages"] = {"size": size, "line": line, "ways": ways, "count": count, "source": " ".join(rest[4:])}
        else:
            if len(rest) < 3:
                raise SpecError("%s: field %d: a claim line is KIND VALUE SCOPE..." % (where, 3 + len(rest)))
            if rest[0] not in CLAIM_KINDS:
                raise SpecError("%s: field 3 (kind): '%s'; expected one of %s"
                                % (where, rest[0], ", ".join(CLAIM_KINDS)))
            try:
                value = float(rest[1])
            except ValueError:
                value = -1.0
            if not value > 0:
                raise SpecError("%s: field 4 (value): '%s' is not a positive number" % (where, rest[1]))
            s["claims"].append({"kind": rest[0], "value": value, "scope": " ".join(rest[2:])})
    for preset, s in spec.items():
        if s["skip"] and (s["fit"] or s["check"]):
            raise SpecError("%s: preset %s: skip and fit/check lines together" % (path, preset))
        if s["fit"] or s["check"]:
            if len(s["fit"]) < 2:
                raise SpecError("%s: preset %s: a fit needs two or more fit lines (has %d)"
                                % (path, preset, len(s["fit"])))
            if len(s["check"]) != 1:
                raise SpecError("%s: preset %s: a fit needs exactly one check line (has %d)"
                                % (path, preset, len(s["check"])))
    return spec


def block_spec(exe, block):
    """(path, {preset: spec}) of the block's verilog/<system>/<block>.area file,
    parsed against its presets and parameters; (None, {}) when it has none"""
    path = next(iter(glob.glob("verilog/*/%s.area" % block)), None)
    if not path:
        return None, {}
    presets = ctkit.ctwin(exe, "presets", block).split()
    names = [k for k, _ in ctkit.config(exe, block, presets[0])]
    try:
        lines = open(path).read().splitlines()
    except OSError as e:
        raise SpecError("%s: %s" % (path, e.strerror))
    return path, parse_spec(path, lines, presets, names)


def fit_line(points):
    """least squares y = a*x + b over [(x, y)]; points have two or more distinct x."""
    n = len(points)
    sx = sum(p[0] for p in points)
    sy = sum(p[1] for p in points)
    sxx = sum(p[0] * p[0] for p in points)
    sxy = sum(p[0] * p[1] for p in points)
    d = n * sxx - sx * sx
    if d == 0:
        raise ValueError("the fit's configurations all have the same bit count")
    a = (n * sxy - sx * sy) / d
    return a, (sy - a * sx) / n


class Kit:
    def __init__(self, ctwin, lib, cache, jobs):
        self.ctwin, self.lib, self.cache, self.jobs = ctwin, lib, cache, jobs
        self.incs = [x for d in ctkit.rtl_dirs() for x in ("-I", d)]

    def synth(self, block, params):
        r = subprocess.run(["python3", "scripts/area_um2.py", "--lib", self.lib] +
                           (["--cache", self.cache] if self.cache else []) +
                           [ctkit.rtl_of(block), block] + ["%s=%s" % kv for kv in params] + self.incs,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode != 0:
            raise ctkit.KitError(r.stderr.strip())
        return json.loads(r.stdout)


def merged(base, over):
    d = dict(base)
    d.update(dict(over))
    return list(d.items())


def plan(kit, targets, spec_file):
    """rows to report: one per paper preset (and per preset a spec names)."""
    rows = []
    for block, only in targets:
        presets = ctkit.ctwin(kit.ctwin, "presets", block).split()
        base = {p: ctkit.config(kit.ctwin, block, p) for p in presets}
        names = [k for k, _ in base[presets[0]]]
        path = spec_file or next(iter(glob.glob("verilog/*/%s.area" % block)), None)
        spec = {}
        if path:
            try:
                lines = open(path).read().splitlines()
            except OSError as e:
                raise SpecError("%s: %s" % (path, e.strerror))
            spec = parse_spec(path, lines, presets, names)
        for p in presets:
            if only and p != only:
                continue
            if not only and not p.startswith("paper") and p not in spec:
                continue
            rows.append({"block": block, "preset": p, "params": base[p],
                         "spec": spec.get(p, empty_spec())})
    return rows


def evaluate(kit, rows):
    jobs = {}
    for r in rows:
        s = r["spec"]
        if s["skip"]:
            continue
        cfgs = [r["params"]] if not s["fit"] else [merged(r["params"], kv) for _, kv in s["fit"] + s["check"]]
        r["cfgs"] = cfgs
        for c in cfgs:
            jobs[(r["block"], tuple(c))] = None
    with concurrent.futures.ThreadPoolExecutor(max_workers=kit.jobs) as ex:
        futs = {k: ex.submit(kit.synth, k[0], list(k[1])) for k in jobs}
        for k, f in futs.items():
            jobs[k] = f.result()
    for r in rows:
        r["bits"], r["paper_bits"], r["chip_bits"] = ctkit.inventory_bits(kit.ctwin, r["block"], r["params"])
        if r["spec"]["skip"]:
            continue
        res = [(ctkit.inventory_bits(kit.ctwin, r["block"], c)[0], jobs[(r["block"], tuple(c))])
               for c in r["cfgs"]]
        if not r["spec"]["fit"]:
            r["how"], r["area"] = "synth", {m: res[0][1][m] for m in METRICS}
            continue
        fit, (cbits, check) = res[:-1], res[-1]
        try:
            lines = {m: fit_line([(x, d[m]) for x, d in fit]) for m in METRICS}
        except ValueError as e:
            raise SpecError("%s %s: %s" % (r["block"], r["preset"], e))
        r["how"], r["area"] = "fit", {m: a * r["bits"] + b for m, (a, b) in lines.items()}
        r["area"]["transistors"] = round(r["area"]["transistors"])
        r["a"], r["b"] = lines["ng45_um2"]
        r["points"] = [(x, d["ng45_um2"]) for x, d in fit]
        r["check_bits"], r["check_ng45"] = cbits, check["ng45_um2"]
        r["check_err"] = (r["a"] * cbits + r["b"] - check["ng45_um2"]) / check["ng45_um2"]
    return rows


def report(rows):
    print("Paper presets: NanGate45-re-priced um^2 (NG45, NG40 = x(40/45)^2), lambda-scaled 40 nm (L40),")
    print("osu018 um^2, transistors; `fit` rows are extrapolated (area = a * bits + b), `synth` synthesised.")
    print("%-13s %-9s %-6s %7s %11s %11s %11s %12s %12s %8s"
          % ("block", "preset", "how", "bits", "NG45 um2", "NG40 um2", "L40 um2", "osu018 um2", "transistors",
             "NG45/bit"))
    for r in rows:
        if r["spec"]["skip"]:
            print("%-13s %-9s %-6s %7d  not synthesised: %s" % (r["block"], r["preset"], "skip", r["bits"],
                                                              r["spec"]["skip"]))
            continue
        a = r["area"]
        print("%-13s %-9s %-6s %7d %11.0f %11.0f %11.0f %12.0f %12d %8.2f"
              % (r["block"], r["preset"], r["how"], r["bits"], a["ng45_um2"], a["ng40_um2"], a["um2_40"],
                 a["osu018_um2"], a["transistors"], a["ng45_um2"] / r["bits"]))
    fits = [r for r in rows if r.get("how") == "fit"]
    bad = []
    if fits:
        print()
        print("Fits (NG45 um^2 = a * bits + b; checked on one more synthesised size, bound +-%d %%):"
              % round(CHECK_BOUND * 100))
        print("%-13s %-9s %-34s %9s %9s %18s %7s" % ("block", "preset", "fit points (bits:NG45)", "a um2/bit",
                                                   "b um2", "check bits: synth", "error"))
        for r in fits:
            pts = " ".join("%d:%.0f" % p for p in r["points"])
            flag = "" if abs(r["check_err"]) <= CHECK_BOUND else "  OUT OF BOUND"
            print("%-13s %-9s %-34s %9.3f %9.0f %9d:%8.0f %+6.1f%%%s"
                  % (r["block"], r["preset"], pts, r["a"], r["b"], r["check_bits"], r["check_ng45"],
                     100 * r["check_err"], flag))
            if flag:
                bad.append("%s %s" % (r["block"], r["preset"]))
    claims = [(r, c) for r in rows for c in r["spec"]["claims"]]
    if claims:
        print()
        print("Beside the papers' claims: chip = the preset x its instances on the chip (the inventory's chip total")
        print("over the paper's bits); SRAM = the paper's bits at %.2f-%.2f um^2/bit (CACTI, 45 nm) x(40/45)^2 at 40 nm."
              % SRAM45_PER_BIT)
        print("%-13s %-9s %-9s %8s %6s %10s %10s %15s %9s  %s" % ("block", "preset", "claim", "value", "chip x",
                                                              "NG mm2", "L40 mm2", "SRAM mm2", "NG/claim",
                                                              "scope"))
        for r, c in claims:
            if c["kind"] == "bits":
                print("%-13s %-9s %-9s %8d %6s %10s %10s %15s %9.2f  %s (kit: %d paper bits)"
                      % (r["block"], r["preset"], "bits", c["value"], "", "", "", "", r["paper_bits"] / c["value"],
                         c["scope"], r["paper_bits"]))
                continue
            if r["spec"]["skip"]:
                print("%-13s %-9s %-9s %8.3f  (not synthesised)  %s" % (r["block"], r["preset"], c["kind"],
                                                                      c["value"], c["scope"]))
                continue
            k = r["chip_bits"] / r["paper_bits"] if r["chip_bits"] and r["paper_bits"] else 1.0
            at40 = c["kind"] == "mm2@40"
            ng = r["area"]["ng40_um2" if at40 else "ng45_um2"] * k / 1e6
            lam = r["area"]["um2_40" if at40 else "um2_45"] * k / 1e6
            sram = [f * r["paper_bits"] * k * (SCALE_45_TO_40 if at40 else 1) / 1e6 for f in SRAM45_PER_BIT]
            print("%-13s %-9s %-9s %8.3f %6.2f %10.3f %10.3f %7.3f-%7.3f %9.2f  %s"
                  % (r["block"], r["preset"], c["kind"], c["value"], k, ng, lam, sram[0], sram[1],
                     ng / c["value"], c["scope"]))
    return bad


def main(argv):
    ap = argparse.ArgumentParser(prog="area_paper.py", description="the papers' presets in um^2 (docs/area.md)")
    ap.add_argument("--ctwin", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--cache")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--spec", help="the sizing lines of every named block from this file (tests)")
    ap.add_argument("targets", nargs="*", metavar="BLOCK[:PRESET]")
    a = ap.parse_args(argv)
    kit = Kit(a.ctwin, a.lib, a.cache, max(1, a.jobs))
    try:
        targets = [(t.partition(":")[0], t.partition(":")[2] or None) for t in a.targets] or \
                  [(b, None) for b in ctkit.ctwin(a.ctwin, "blocks").split()]
        rows = evaluate(kit, plan(kit, targets, a.spec))
    except (SpecError, ctkit.KitError) as e:
        die(str(e))
    bad = report(rows)
    if bad:
        die("fit error out of bound (%d %%) for %s" % (round(CHECK_BOUND * 100), ", ".join(bad)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
