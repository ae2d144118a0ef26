#!/usr/bin/env python3
"""junit.py RESULTS OUT [SECONDS] - the test suite's results as JUnit XML.

RESULTS is the runner's result file (tb/suite/lib.sh): one line per result,
tab-separated: status (PASS, FAIL, SKIP), section, name, seconds, command,
where the check is defined, its output file, why it failed.  OUT gets one
<testsuite> per section, one <testcase> per result (classname
cachetwin.SECTION); a failure carries the reason as its message and the
command, the rerun line and the output's last 200 lines as its text.
"""
import os
import shlex
import sys
import xml.etree.ElementTree as ET


def tail(path, n=200):
    if not path or not os.path.isfile(path):
        return ""
    with open(path, errors="replace") as f:
        lines = f.readlines()
    return "".join(lines[-n:])


def clean(s):
    """text XML 1.0 can hold (control characters but tab and newline dropped)"""
    return "".join(c for c in s if c in "\t\n" or ord(c) >= 32)


def main():
    res, out = sys.argv[1], sys.argv[2]
    total = float(sys.argv[3]) if len(sys.argv) > 3 else 0.0
    suites = {}
    with open(res, errors="replace") as f:
        for line in f:
            p = line.rstrip("\n").split("\t")
            if len(p) < 8:
                p += [""] * (8 - len(p))
            st, sec, name, secs, cmd, where, outf, why = p[:8]
            suites.setdefault(sec, []).append((st, name, secs, cmd, where, outf, why))
    root = ET.Element("testsuites", name="cachetwin make test", time=f"{total:.0f}")
    nt = nf = ns = 0
    for sec, cases in suites.items():
        ts = ET.SubElement(root, "testsuite", name=sec)
        t = f = s = 0
        secs_sum = 0.0
        for st, name, secs, cmd, where, outf, why in cases:
            tc = ET.SubElement(ts, "testcase", classname=f"cachetwin.{sec}", name=clean(name),
                               time=secs or "0")
            secs_sum += float(secs or 0)
            t += 1
            if st == "FAIL":
                f += 1
                body = (f"command: {cmd}\ndefined: {where}\n"
                        f"rerun:   make test ONLY={sec} K={shlex.quote(name)}\n\n{tail(outf)}")
                el = ET.SubElement(tc, "failure", message=clean(why or "failed"))
                el.text = clean(body)
            elif st == "SKIP":
                s += 1
                ET.SubElement(tc, "skipped", message=clean(why))
        ts.set("tests", str(t))
        ts.set("failures", str(f))
        ts.set("errors", "0")
        ts.set("skipped", str(s))
        ts.set("time", f"{secs_sum:.2f}")
        nt, nf, ns = nt + t, nf + f, ns + s
    root.set("tests", str(nt))
    root.set("failures", str(nf))
    root.set("errors", "0")
    root.set("skipped", str(ns))
    os.makedirs(os.path.dirname(out) or ".", exist_ok=True)
    ET.ElementTree(root).write(out + ".tmp", encoding="utf-8", xml_declaration=True)
    os.replace(out + ".tmp", out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
