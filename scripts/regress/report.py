#!/usr/bin/env python3
"""regress/report.py OUT - the verdict of a regression (scripts/regress.sh).

Reads OUT/jobs.txt (one job per line: block preset seed) and the results the
jobs wrote (OUT/res/<block>.<preset>.s<seed>.res: "status seconds steps",
and .log: the runs' output), then
  - prints one summary row per block and preset: seeds run, passed, failed,
    the first failing seed and the command that reproduces it;
  - merges the functional coverage every lockstep printed ("coverage: bin
    count ..." lines) over the seeds and prints it; a bin that no seed hit
    and that a run called a HOLE is a hole of the regression;
  - writes OUT/junit.xml (JUnit: one testsuite per block.preset, one
    testcase per seed, the failure text = the job's mismatch report).
Exit 0 when every job passed and the merged coverage has no hole, 1
otherwise (a job without a result - it never ran or died - is a failure),
2 on bad usage.
"""
import os
import re
import sys
from xml.sax.saxutils import escape, quoteattr

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import ctcov  # noqa: E402  (scripts/ctcov.py: the coverage lines, read and merged)

NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")  # control characters XML 1.0 cannot hold


def xml_text(text):
    return escape(NOT_XML.sub("?", text))


MAKE_VARS = ""  # B=... VDIR=... when the regression ran another build (OUT/make_vars)


def repro_line(log):
    for line in log.splitlines():
        if line.strip().startswith("reproduce:"):
            cmd = line.split("reproduce:", 1)[1].strip()
            return cmd + " " + MAKE_VARS if MAKE_VARS and cmd.startswith("make ") else cmd
    return None


def main(argv):
    if len(argv) != 2:
        print("usage: report.py OUT", file=sys.stderr)
        return 2
    out = argv[1]
    try:
        with open(os.path.join(out, "jobs.txt")) as f:
            jobs = [tuple(l.split()) for l in f if l.strip()]
    except OSError as e:
        print(f"report.py: {e}", file=sys.stderr)
        return 2
    global MAKE_VARS
    try:
        with open(os.path.join(out, "make_vars")) as f:
            MAKE_VARS = f.read().strip()
    except OSError:
        pass
    groups = {}  # (block, preset) -> list of job results, in seed order
    for n, job in enumerate(jobs, 1):
        if len(job) != 3 or not job[2].isdigit():
            print(f"report.py: {out}/jobs.txt:{n}: expected 'block preset seed', got {' '.join(job)!r}",
                  file=sys.stderr)
            return 2
        b, c, s = job
        jid = f"{b}.{c}.s{s}"
        res = {"seed": int(s), "id": jid, "status": "NORESULT", "time": 0.0, "steps": "", "log": ""}
        try:
            with open(os.path.join(out, "res", jid + ".res")) as f:
                fields = f.read().split(None, 2)
            res["status"], res["time"] = fields[0], float(fields[1])
            res["steps"] = fields[2].strip() if len(fields) > 2 else ""
        except (OSError, IndexError, ValueError):
            pass
        try:
            with open(os.path.join(out, "res", jid + ".log"), errors="replace") as f:
                res["log"] = f.read()
        except OSError:
            pass
        groups.setdefault((b, c), []).append(res)

    failed_any, holes_any = False, False
    print(f"{'block':<13} {'preset':<9} {'seeds':>5} {'passed':>6} {'failed':>6}  first failing seed (reproduce)")
    for (b, c), rs in groups.items():
        bad = [r for r in rs if r["status"] != "pass"]
        first = "-"
        if bad:
            failed_any = True
            r0 = min(bad, key=lambda r: r["seed"])
            why = "no result (the job did not finish)" if r0["status"] == "NORESULT" else \
                (repro_line(r0["log"]) or f"scripts/regress/job.sh {b} {c} {r0['seed']}")
            first = f"seed {r0['seed']}: {why}"
        print(f"{b:<13} {c:<9} {len(rs):>5} {len(rs) - len(bad):>6} {len(bad):>6}  {first}")

    cov_lines = []
    for (b, c), rs in groups.items():
        texts = [r["log"] for r in rs]
        merged, order = ctcov.merge(texts)
        ran = sum(1 for t in texts if any(line.startswith("coverage:") and ctcov.parse(line)
                                          for line in t.splitlines()))
        if not merged:
            continue
        holes = ctcov.holes(merged, order)
        holes_any |= bool(holes)
        text = " ".join(f"{n} {merged[n][0]}" + (" (not possible)" if merged[n][0] == 0 and
                                                  "not possible" in merged[n][1] else "")
                        for n in order)
        verdict = "holes: " + ", ".join(holes) if holes else "no holes"
        cov_lines.append(f"{b:<13} {c:<9} {ran:>5} seeds: {text}; {verdict}")
    if cov_lines:
        print()
        print("functional coverage merged over the seeds (bin count; a hole: no seed hit a bin the configuration can show)")
        for line in cov_lines:
            print(line)

    total = sum(len(rs) for rs in groups.values())
    nfail = sum(1 for rs in groups.values() for r in rs if r["status"] != "pass")
    with open(os.path.join(out, "junit.xml.tmp"), "w") as f:
        ttime = sum(r["time"] for rs in groups.values() for r in rs)
        f.write('<?xml version="1.0" encoding="UTF-8"?>\n')
        f.write(f'<testsuites name="cachetwin regress" tests="{total}" failures="{nfail}" time="{ttime:.3f}">\n')
        for (b, c), rs in groups.items():
            fails = sum(1 for r in rs if r["status"] != "pass")
            f.write(f'  <testsuite name="{b}.{c}" tests="{len(rs)}" failures="{fails}" '
                    f'time="{sum(r["time"] for r in rs):.3f}">\n')
            for r in rs:
                f.write(f'    <testcase classname="cachetwin.{b}.{c}" name="seed {r["seed"]}" time="{r["time"]:.3f}"')
                if r["status"] == "pass":
                    f.write("/>\n")
                    continue
                if r["status"] == "NORESULT":
                    msg, body = "no result: the job did not finish", r["log"]
                else:
                    failed_steps = [s for s in r["steps"].split() if s.endswith(":FAIL")]
                    msg = "failed: " + " ".join(s[:-5] for s in failed_steps)
                    repro = repro_line(r["log"])
                    if repro:
                        msg += "; reproduce: " + repro
                    body = r["log"]
                f.write(f'>\n      <failure message={quoteattr(NOT_XML.sub("?", msg))} type="mismatch">{xml_text(body)}</failure>\n'
                        "    </testcase>\n")
            f.write("  </testsuite>\n")
        f.write("</testsuites>\n")
    os.replace(os.path.join(out, "junit.xml.tmp"), os.path.join(out, "junit.xml"))
    print()
    print(f"regress: {total} jobs, {total - nfail} passed, {nfail} failed"
          + ("; merged coverage has holes" if holes_any else "")
          + f"; JUnit: {out}/junit.xml")
    return 1 if failed_any or holes_any else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
