#!/usr/bin/env python3
"""check_rtl.py - hold a user's own RTL of a block against the kit
(make check-rtl; docs/your-rtl.md).

  check_rtl.py --block B --rtl "a.v b.sv" [--top MODULE] [--map FILE]
               [--inc "dirs"] [--defines "A=1 B"] [--config "paper small"]
               [--seeds N] [--cycles N] [--out DIR] [--b BUILD]

Builds the user's design through its port map (ct_map.h: the adapter the kit
generates; no map: the user's module has the block's own ports) under
Verilator and Icarus, for each chosen preset (default: every preset of the
block), in a build folder keyed on the files, map, top, folders and defines.
Then, per preset:
  - every committed golden vector file of the preset (vectors/<block>/ and
    the formal traces vectors/formal/<block>/) replayed under Verilator
    (rand-reset 2: an unreset register shows) and under Icarus (an x or z on
    a compared output is a mismatch);
  - live lockstep against the C model, seeds 1..N, rand-reset seed mod 3.
It writes OUT/report.txt - per run its verdict; per documented rule (each
directed sequence of the files, named by its note) and per coverage bin, the
files and runs that exercised it and whether the design passed them; the
outputs the map does not implement, "not checked" - and OUT/junit.xml, and
prints the report.  A mismatch is reported in the user's port names.
Exit 0 when every run passed, 1 when one failed, 2 for a bad setting, a bad
map or a design that does not build.
"""
import argparse
import glob
import os
import re
import shlex
import subprocess
import sys
import time
import xml.etree.ElementTree as ET

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ctcov  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = re.compile(r"^(?P<preset>.+?)_(s\d+_n\d+|c_.+|cex_.+)\.vec$")
MISMATCH = re.compile(r"^MISMATCH \S+ \S+ .*?at cycle (\d+)")


def die(msg, code=2):
    print("check-rtl: " + msg, file=sys.stderr)
    sys.exit(code)


def run(cmd, **kw):
    return subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, **kw)


def files_of(block, preset):
    out = []
    for f in sorted(glob.glob(os.path.join(ROOT, "vectors", block, "*.vec")) +
                    glob.glob(os.path.join(ROOT, "vectors", "formal", block, "*.vec"))):
        m = NAME.match(os.path.basename(f))
        if m and m.group("preset") == preset:
            out.append(os.path.relpath(f, ROOT))
    return out


def rules_of(path):
    """[(first row, note)] of a vector file's directed sequences, in order"""
    out, row, data = [], 0, False
    with open(os.path.join(ROOT, path), errors="replace") as f:
        for line in f:
            if not data:
                data = line.startswith("%data")
                continue
            body, _, note = line.partition("#")
            if not body.strip():
                continue
            if note.strip():
                out.append((row, note.strip()))
            row += 1
    return out


def rule_at(rules, cycle):
    """the index of the rule whose rows hold cycle, None before the first"""
    k = None
    for i, (row, _) in enumerate(rules):
        if row <= cycle:
            k = i
    return k


def first_lines(text, n=40):
    return "\n".join(text.strip().splitlines()[:n])


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--block", required=True)
    ap.add_argument("--rtl", required=True, help="the user's RTL files, blank-separated")
    ap.add_argument("--top", default="")
    ap.add_argument("--map", default="")
    ap.add_argument("--inc", default="")
    ap.add_argument("--defines", default="")
    ap.add_argument("--config", default="", help="presets, blank-separated (default: every preset)")
    ap.add_argument("--seeds", type=int, default=3)
    ap.add_argument("--cycles", type=int, default=50000)
    ap.add_argument("--out", default="")
    ap.add_argument("--b", default="build")
    a = ap.parse_args()
    ct = os.path.join(ROOT, a.b, "ctwin")
    if run(["make", "-s", "B=" + a.b, os.path.join(a.b, "ctwin")]).returncode:
        die("ctwin does not build (make ctwin)")
    blocks = run([ct, "blocks"]).stdout.split()
    if a.block not in blocks:
        die("BLOCK: unknown block '%s' (blocks: %s)" % (a.block, " ".join(blocks)))
    presets = run([ct, "presets", a.block]).stdout.split()
    chosen = a.config.split() or presets
    for p in chosen:
        if p not in presets:
            die("CONFIG: '%s' is not a preset of %s (presets: %s)" % (p, a.block, " ".join(presets)))
    if a.seeds < 0 or a.cycles < 1:
        die("SEEDS must be 0 or more, CYCLES 1 or more")
    here = os.getcwd()

    def kitpath(p):
        """p as make sees it: relative to the kit when inside it, else absolute"""
        p = os.path.abspath(os.path.join(here, p))
        r = os.path.relpath(p, ROOT)
        return p if r.startswith("..") else r
    rtl = [kitpath(f) for f in a.rtl.split()]
    for f in rtl:
        if not os.path.isfile(os.path.join(ROOT, f)):
            die("RTL: %s: no such file" % f)
    mp = kitpath(a.map) if a.map else ""
    inc = " ".join(kitpath(d) for d in a.inc.split())
    if mp:
        r = run([ct, "map", a.block, mp])
        if r.returncode:
            die((r.stderr or r.stdout).strip().replace("ctwin: ", ""))
        mapped = r.stdout
    else:
        mapped = ""
    out = os.path.abspath(os.path.join(here, a.out or os.path.join(ROOT, a.b, "check-rtl", a.block)))
    os.makedirs(os.path.join(out, "waves"), exist_ok=True)
    mvars = ["B=" + a.b, "RTL=" + " ".join(rtl)] + (["MAP=" + mp] if mp else []) + \
            (["TOP=" + a.top] if a.top else []) + (["INC=" + inc] if inc else []) + \
            (["DEFINES=" + a.defines] if a.defines else [])
    rb = run(["make", "-s"] + mvars + ["print-rtl-tree"]).stdout.strip()
    top = a.top or (re.search(r"module (\S+),", mapped).group(1) if mapped else a.block)
    # the map's outputs: not implemented, late, fewer bits
    not_checked, notes = [], []
    for line in mapped.splitlines():
        m = re.match(r"\s+out\s+(\S+)\s+(.*)$", line)
        if m and m.group(2).startswith("- ("):
            not_checked.append(m.group(1))
        elif m and ("late" in m.group(2) or "bits" in m.group(2)):
            notes.append("%s: %s" % (m.group(1), m.group(2)))

    results = []   # dicts: preset, kind, name, ok, text, rule, cycle
    bins_files, bins_runs = {}, {}   # preset -> [(name, text)]
    report = []
    t0 = time.time()
    for p in chosen:
        vlh = os.path.join(rb, "vl", a.block, p, "obj", "vlharness")
        sim = os.path.join(rb, "iv", a.block, p, "sim")
        r = run(["make", "-s"] + mvars + [vlh, sim])
        if r.returncode:
            print(first_lines(r.stdout + r.stderr, 60))
            die("the design does not build for %s %s (the log above; Verilator and Icarus, through %s)"
                % (a.block, p, "the map " + mp if mp else "no map"))
        vlh, sim = os.path.join(ROOT, vlh), os.path.join(ROOT, sim)
        bins_files[p], bins_runs[p] = [], []
        for f in files_of(a.block, p):
            rules = rules_of(f)
            c = run([ct, "check", f])
            bins_files[p].append((f, c.stdout))
            for sim_name, cmd in (("verilator", [vlh, "replay", f, "+verilator+rand+reset+2", "+verilator+seed+7",
                                                 "--waves", os.path.join(out, "waves")]),
                                  ("icarus", ["vvp", "-n", sim, "+vec=" + f])):
                r = run(cmd)
                text = r.stdout + r.stderr
                m = next((MISMATCH.match(x) for x in text.splitlines() if MISMATCH.match(x)), None)
                cyc = int(m.group(1)) if m else None
                results.append(dict(preset=p, kind="file", name="%s (%s)" % (f, sim_name), file=f, sim=sim_name,
                                    ok=r.returncode == 0, code=r.returncode, text=text, cycle=cyc,
                                    rules=rules))
        for s in range(1, a.seeds + 1):
            r = run([vlh, "lockstep", str(s), str(a.cycles), "+verilator+rand+reset+%d" % (s % 3),
                     "--waves", os.path.join(out, "waves")])
            text = r.stdout + r.stderr
            bins_runs[p].append(("lockstep seed %d" % s, text))
            results.append(dict(preset=p, kind="run", name="lockstep seed %d (%d cycles, rand-reset %d)"
                                % (s, a.cycles, s % 3), ok=r.returncode == 0, code=r.returncode, text=text))
    secs = time.time() - t0

    def say(line=""):
        report.append(line)

    say("check-rtl: %s (module %s%s) against the kit's %s, presets %s"
        % (", ".join(rtl), top, ", map " + mp if mp else "",
           a.block, " ".join(chosen)))
    say("build: %s" % rb)
    if not_checked:
        say("not checked (outputs the map does not implement): " + " ".join(not_checked))
    for n in notes:
        say("compared as the map says: " + n)
    for p in chosen:
        say()
        say("== preset %s" % p)
        for r in (x for x in results if x["preset"] == p):
            first = ""
            if not r["ok"]:
                lines = [x for x in r["text"].splitlines() if x.startswith(("MISMATCH", "ERROR", "vlharness:"))]
                first = ": " + (lines[0] if lines else "exit %d" % r["code"])
            say("  %-4s %s%s" % ("PASS" if r["ok"] else "FAIL", r["name"], first))
        # the rules: each directed sequence of the files, and what the replays made of it
        rules = {}
        for r in (x for x in results if x["preset"] == p and x["kind"] == "file"):
            for i, (row, note) in enumerate(r["rules"]):
                st = rules.setdefault(note, [])
                if r["ok"]:
                    st.append(("pass", r["file"], r["sim"]))
                else:
                    k = rule_at(r["rules"], r["cycle"]) if r["cycle"] is not None else None
                    st.append(("pass" if k is not None and i < k else "FAIL" if k == i else "not reached",
                               r["file"], r["sim"]))
        if rules:
            say("  rules (the directed sequences of the files, by their notes):")
            for note, st in rules.items():
                verdict = "FAIL" if any(s[0] == "FAIL" for s in st) else \
                    "pass" if all(s[0] == "pass" for s in st) else "not reached"
                where = sorted({os.path.basename(s[1]) for s in st})
                say("    %-11s %s  [%s]" % (verdict, note, ", ".join(where)))
        # the bins: who hit them, and whether they passed
        merged_f, order = ctcov.merge([t for _, t in bins_files[p]])
        merged_r, order_r = ctcov.merge([t for _, t in bins_runs[p]])
        order += [n for n in order_r if n not in order]
        if order:
            say("  coverage bins (hits in the files, in the runs; the verdict of what hit it):")
            for n in order:
                hf = [f for f, t in bins_files[p] if ctcov.merge([t])[0].get(n, [0])[0] > 0]
                hr = [name for name, t in bins_runs[p] if ctcov.merge([t])[0].get(n, [0])[0] > 0]
                passed = [x for x in results if x["preset"] == p and
                          ((x["kind"] == "file" and x["file"] in hf) or (x["kind"] == "run" and
                                                                         x["name"].split(" (")[0] in hr))]
                v = "not hit" if not passed else "pass" if all(x["ok"] for x in passed) else "FAIL"
                fn = merged_f.get(n, [0])[0]
                rn = merged_r.get(n, [0])[0]
                say("    %-9s %-28s files %d, runs %d" % (v, n, fn, rn))
    nf = sum(1 for x in results if not x["ok"])
    say()
    if nf:
        first = next(x for x in results if not x["ok"])
        say("check-rtl: FAIL, %d of %d runs failed (%.0f s); the first:" % (nf, len(results), secs))
        say(first_lines(first["text"], 40))
    else:
        say("check-rtl: PASS, %d runs: every committed vector file of %s and %d lockstep seed%s, every compared "
            "output every cycle (%.0f s)" % (len(results), " ".join(chosen), a.seeds, "" if a.seeds == 1 else "s",
                                            secs))
    text = "\n".join(report) + "\n"
    with open(os.path.join(out, "report.txt"), "w") as f:
        f.write(text)
    sys.stdout.write(text)
    # JUnit: a testsuite per preset, a testcase per run
    root = ET.Element("testsuites", name="cachetwin check-rtl %s" % a.block, tests=str(len(results)),
                      failures=str(nf))
    for p in chosen:
        rs = [x for x in results if x["preset"] == p]
        ts = ET.SubElement(root, "testsuite", name="%s.%s" % (a.block, p), tests=str(len(rs)),
                           failures=str(sum(1 for x in rs if not x["ok"])))
        for x in rs:
            tc = ET.SubElement(ts, "testcase", classname="cachetwin.check-rtl.%s.%s" % (a.block, p), name=x["name"])
            if not x["ok"]:
                el = ET.SubElement(tc, "failure", message=(x["text"].strip().splitlines() or ["exit %d" % x["code"]])[0])
                el.text = re.sub("[\x00-\x08\x0b\x0c\x0e-\x1f]", "?", x["text"])
    ET.ElementTree(root).write(os.path.join(out, "junit.xml"), encoding="utf-8", xml_declaration=True)
    print("report: %s\nJUnit:  %s" % (os.path.join(out, "report.txt"), os.path.join(out, "junit.xml")))
    return 1 if nf else 0


if __name__ == "__main__":
    sys.exit(main())
