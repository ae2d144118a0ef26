#!/usr/bin/env python3
"""coverage_summary.py RTL_INFO C_INFO WAIVE_DIR BLOCK... - the per-block
summary of scripts/coverage.sh and its waiver check.

RTL_INFO is verilator_coverage's lcov data of verilog/*/*.v (line and toggle
points merged over the runs; a source line that holds several points is
covered when every point on it was hit at least once); C_INFO is lcov's
capture of the gcov counts of rtl_model/ and tools/lib/.

Per block it prints the RTL lines of verilog/<system>/<block>.v hit / total,
and the C lines of rtl_model/<system>/<block>.c and <block>_stim.c.  Then the waivers: every
uncovered line of the block's RTL file must contain the text of one line of
WAIVE_DIR/<block>.waive ("text<TAB>reason"; # starts a comment), and every
waiver must match an uncovered line (a stale waiver is an error too).
Exit 0 when both hold for every block, 1 otherwise.
"""
import os
import sys


def read_info(path):
    """{source path: {line: min count over the points on that line}}"""
    files, cur = {}, None
    with open(path) as f:
        for raw in f:
            line = raw.strip()
            if line.startswith("SF:"):
                cur = files.setdefault(os.path.normpath(line[3:]), {})
            elif line.startswith("DA:") and cur is not None:
                no, count = line[3:].split(",")[:2]
                no, count = int(no), int(float(count))
                cur[no] = min(cur.get(no, count), count)
            elif line == "end_of_record":
                cur = None
    return files


def find(files, top, name):
    """The data of top/<system>/name (verilog/ or rtl_model/, any system folder)."""
    for path, lines in files.items():
        parts = path.split("/")
        if len(parts) >= 3 and parts[-1] == name and parts[-3] == top:
            return path, lines
    return None, None


def read_waivers(path):
    """[(text, reason, line number in the waiver file)]"""
    out = []
    if not os.path.exists(path):
        return out
    with open(path) as f:
        for n, raw in enumerate(f, 1):
            raw = raw.rstrip("\n")
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            text, _, reason = raw.partition("\t")
            if not reason.strip():
                print(f"FAIL {path}:{n}: waiver '{text}' has no reason (text<TAB>reason)")
                out.append((text, "", n))
                continue
            out.append((text.strip(), reason.strip(), n))
    return out


def pct(hit, total):
    return f"{100.0 * hit / total:5.1f}%" if total else "    -"


def main(argv):
    if len(argv) < 5:
        print(__doc__)
        return 2
    rtl, cinfo, wdir, blocks = read_info(argv[1]), read_info(argv[2]), argv[3], argv[4:]
    ok = True
    print()
    print("code coverage per block (lines hit / lines with coverage points)")
    print(f"{'block':<13} {'RTL verilog/<b>.v':>22} {'C model <b>.c':>22} {'C stimulus <b>_stim.c':>24}  RTL lines uncovered")
    report = []
    for b in blocks:
        vpath, vlines = find(rtl, "verilog", f"{b}.v")
        cells = []
        for suffix in (f"{b}.c", f"{b}_stim.c"):
            _, lines = find(cinfo, "rtl_model", suffix)
            if lines:
                hit = sum(1 for c in lines.values() if c > 0)
                cells.append(f"{hit:>5}/{len(lines):<5} {pct(hit, len(lines))}")
            else:
                cells.append(f"{'-':>18}")
        if not vlines:
            print(f"{b:<13} {'no RTL data':>22} {cells[0]:>22} {cells[1]:>24}")
            report.append(f"FAIL coverage {b}: no coverage data for verilog/<system>/{b}.v")
            ok = False
            continue
        miss = sorted(n for n, c in vlines.items() if c == 0)
        hit = len(vlines) - len(miss)
        print(f"{b:<13} {hit:>5}/{len(vlines):<5} {pct(hit, len(vlines)):>10} {cells[0]:>22} {cells[1]:>24}  {len(miss)}")
        try:
            with open(vpath) as f:
                src = f.read().split("\n")
        except OSError:
            src = []
        wpath = os.path.join(wdir, f"{b}.waive")
        waivers = read_waivers(wpath)
        nfail = len(report)
        used = set()
        for n in miss:
            text = src[n - 1] if 0 < n <= len(src) else ""
            w = next((i for i, (t, r, _) in enumerate(waivers) if t and t in text), None)
            if w is None:
                report.append(f"FAIL coverage {b}: {vpath}:{n} never covered and not waived: {text.strip()}")
                ok = False
            else:
                used.add(w)
                if not waivers[w][1]:
                    ok = False
        for i, (t, r, ln) in enumerate(waivers):
            if i not in used:
                report.append(f"FAIL coverage {b}: {wpath}:{ln}: '{t}' matches no uncovered line (stale)")
                ok = False
        if len(report) > nfail:
            continue
        if used:
            report.append(f"PASS coverage {b}: {len(miss)} uncovered RTL lines, each waived: "
                          + "; ".join(f"'{waivers[i][0]}' ({waivers[i][1]})" for i in sorted(used)))
        elif not miss:
            report.append(f"PASS coverage {b}: every RTL line and toggle point covered")
    print()
    for line in report:
        print(line)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
