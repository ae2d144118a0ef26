#!/usr/bin/env python3
"""layers.py [ROOT] - the layout rule of the model library, checked.

rtl_model/ has a folder per seed system (loscache/, leakage/, lamar/, ccn/,
ata/) and the workload library work/ (held to the systems' rules), the
framework ct/ on the ground floor and host/ (the catalogue and the hosts) on
top (docs/conventions.md, "Where a file goes").  From every
`#include "..."` of rtl_model/*/*.[ch] this builds the include graph between
the folders and checks:

  - every included file is a file of rtl_model/ (nothing under rtl_model/
    includes the testbench's tb/ or anything else of the tree);
  - ct/ includes only ct/ (the framework knows no block);
  - a system folder includes ct/ and system folders, never host/;
  - the system folders' graph has no cycle (a system may use another, as
    the LoSCache power unit uses the leakage FSM, but not both ways);
  - every block of the catalogue (host/ct_registry.c) has its C model and its
    RTL in the same system folder: rtl_model/S/<b>.c and verilog/S/<b>.v.

Prints the floors (each folder above every folder it includes) and the
number of arrows; exit 0 when every rule holds, 1 otherwise (each broken rule
named with its file and line).
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
BLOCK = re.compile(r"&([a-z0-9_]+)_block\b")


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else "."
    model = os.path.join(root, "rtl_model")
    folders = sorted(d for d in os.listdir(model) if os.path.isdir(os.path.join(model, d)))
    where = {}  # file name -> folder
    problems = []
    for d in folders:
        for f in os.listdir(os.path.join(model, d)):
            if f.endswith((".c", ".h")):
                if f in where:
                    problems.append(f"rtl_model/{d}/{f}: the name is taken by rtl_model/{where[f]}/{f} "
                                    "(headers are included and installed by their bare names)")
                where[f] = d
    for need in ("ct", "host"):
        if need not in folders:
            problems.append(f"rtl_model/{need}/ is missing")
    systems = [d for d in folders if d not in ("ct", "host")]
    arrows = {}  # (from folder, to folder) -> first "file:line"
    for d in folders:
        for f in sorted(os.listdir(os.path.join(model, d))):
            if not f.endswith((".c", ".h")):
                continue
            path = os.path.join(model, d, f)
            with open(path, errors="replace") as fh:
                for n, line in enumerate(fh, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    inc, here = m.group(1), f"rtl_model/{d}/{f}:{n}"
                    name = os.path.basename(inc)
                    if "/" in inc or name not in where:
                        problems.append(f"{here}: includes \"{inc}\", which is not a file of rtl_model/ "
                                        "(nothing under rtl_model/ may include tb/ or another tree)")
                        continue
                    to = where[name]
                    if to == d:
                        continue
                    arrows.setdefault((d, to), here)
                    if d == "ct":
                        problems.append(f"{here}: the framework ct/ includes \"{inc}\" of {to}/ "
                                        "(ct/ knows no block)")
                    elif d != "host" and to == "host":
                        problems.append(f"{here}: {d}/ includes \"{inc}\" of host/ "
                                        "(only the hosts sit above the systems)")
    # floors: a folder's floor is 1 + the highest floor it includes
    floor, state = {}, {}

    def visit(d, stack):
        if state.get(d) == "done":
            return floor[d]
        if state.get(d) == "open":
            cyc = stack[stack.index(d):] + [d]
            problems.append("a cycle between the system folders: " + " -> ".join(cyc) +
                            f" ({arrows[(cyc[-2], cyc[-1])]})")
            return 0
        state[d] = "open"
        up = [visit(t, stack + [d]) for (f, t) in arrows if f == d]
        state[d] = "done"
        floor[d] = 1 + max(up) if up else 0
        return floor[d]

    for d in folders:
        visit(d, [])
    # the catalogue's blocks: C model and RTL in the same system folder
    reg = os.path.join(model, "host", "ct_registry.c")
    blocks = BLOCK.findall(open(reg).read()) if os.path.exists(reg) else []
    if not blocks:
        problems.append("rtl_model/host/ct_registry.c lists no block")
    for b in blocks:
        c = where.get(b + ".c")
        if c is None or c in ("ct", "host"):
            problems.append(f"block {b}: no rtl_model/<system>/{b}.c")
            continue
        for ext in ("_desc.h", ".h", "_stim.c"):
            if where.get(b + ext) != c:
                problems.append(f"block {b}: {b}{ext} is not in rtl_model/{c}/ beside {b}.c")
        if not os.path.exists(os.path.join(root, "verilog", c, b + ".v")):
            problems.append(f"block {b}: its RTL is not verilog/{c}/{b}.v (beside its model's system)")
    for f in sorted(os.listdir(os.path.join(root, "verilog"))):
        if os.path.isfile(os.path.join(root, "verilog", f)) and f.endswith((".v", ".sv")):
            problems.append(f"verilog/{f}: RTL goes into its system's folder, verilog/<system>/")
    for p in problems:
        print("FAIL layers: " + p)
    top = max(floor.values(), default=0)
    for k in range(top + 1):
        print(f"floor {k}: " + " ".join(d for d in folders if floor.get(d) == k))
    print(f"layers: {len(folders)} folders ({len(systems)} systems), {len(arrows)} arrows between "
          f"folders, {len(blocks)} blocks; {'OK' if not problems else str(len(problems)) + ' problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
