#!/usr/bin/env python3
"""layers.py [--write FILE...] [ROOT] - the layout rule of the C code, checked.

The C code lives in folders by role (docs/conventions.md, "Where a file
goes"):

  rtl_model/ct/        the framework, ground floor: it knows no block
  rtl_model/<system>/  a folder per paper (loscache, leakage, ata, lamar, ccn):
                       the blocks' models
  rtl_model/host/      the catalogue and the hosts (by-name API, DPI-C glue)
  workloads/           the workload library (traces, kernels, importers, the
                       experiments): on top of the systems, not a model
  tools/lib/           the generators and the model-on-its-stimulus runner
  tools/ctwin/         the ctwin command

From every `#include "..."` of those folders' *.c and *.h files this builds
the include graph between the folders and checks:

  - every included file is a file of those folders, found by its bare name
    (nothing includes the testbench's tb/ or anything else of the tree), and
    no two files share a name;
  - ct/ includes only ct/;
  - a system folder includes ct/ and system folders;
  - host/ and workloads/ include ct/ and the systems (not each other, not
    tools/);
  - tools/ folders include anything above but tb/;
  - the folders' graph has no cycle (a system may use another, as the
    LoSCache power unit uses the leakage FSM, but not both ways);
  - every block of the catalogue (rtl_model/host/ct_registry.c) has its C
    model and its RTL in the same system folder: rtl_model/S/<b>.c and
    verilog/S/<b>.v.

Prints the floors (each folder one above the highest folder it includes) and
the number of arrows; exit 0 when every rule holds, 1 otherwise (each broken
rule named with its file and line).  --write FILE rewrites the text between
FILE's `<!-- layers -->` and `<!-- /layers -->` lines with the floors, as a
table (make docs); --check FILE fails when that text is not current.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"')
BLOCK = re.compile(r"&([a-z0-9_]+)_block\b")
# what each kind of folder may include (kinds: ct, system, host, workloads, tools)
MAY = {
    "ct": {"ct"},
    "system": {"ct", "system"},
    "host": {"ct", "system", "host"},
    "workloads": {"ct", "system", "workloads"},
    "tools": {"ct", "system", "host", "workloads", "tools"},
}
ROLE = {
    "ct": "the framework (knows no block)",
    "system": "a paper's blocks",
    "host": "the catalogue and the hosts",
    "workloads": "the workload library",
    "tools": "the tools",
}


def folders_of(root):
    """[(folder path relative to root, kind)] of every C folder."""
    out = []
    model = os.path.join(root, "rtl_model")
    for d in sorted(os.listdir(model)):
        if os.path.isdir(os.path.join(model, d)):
            kind = d if d in ("ct", "host") else "system"
            out.append((f"rtl_model/{d}", kind))
    if os.path.isdir(os.path.join(root, "workloads")):
        out.append(("workloads", "workloads"))
    tools = os.path.join(root, "tools")
    if os.path.isdir(tools):
        for d in sorted(os.listdir(tools)):
            if os.path.isdir(os.path.join(tools, d)):
                out.append((f"tools/{d}", "tools"))
    return out


def check(root):
    """(problems, floors {folder: n}, arrows, blocks, folders)"""
    folders = folders_of(root)
    kind = dict(folders)
    where = {}  # file name -> folder
    problems = []
    for d, _ in folders:
        for f in sorted(os.listdir(os.path.join(root, d))):
            if f.endswith((".c", ".h")):
                if f in where:
                    problems.append(f"{d}/{f}: the name is taken by {where[f]}/{f} "
                                    "(headers are included and installed by their bare names)")
                where[f] = d
    for need in ("rtl_model/ct", "rtl_model/host"):
        if need not in kind:
            problems.append(f"{need}/ is missing")
    arrows = {}  # (from folder, to folder) -> first "file:line"
    for d, k in folders:
        for f in sorted(os.listdir(os.path.join(root, d))):
            if not f.endswith((".c", ".h")):
                continue
            with open(os.path.join(root, d, f), errors="replace") as fh:
                for n, line in enumerate(fh, 1):
                    m = INCLUDE.match(line)
                    if not m:
                        continue
                    inc, here = m.group(1), f"{d}/{f}:{n}"
                    name = os.path.basename(inc)
                    if "/" in inc or name not in where:
                        problems.append(f"{here}: includes \"{inc}\", which is not a file of rtl_model/, "
                                        "workloads/ or tools/ (nothing may include tb/ or another tree)")
                        continue
                    to = where[name]
                    if to == d:
                        continue
                    arrows.setdefault((d, to), here)
                    if kind[to] not in MAY[k]:
                        problems.append(f"{here}: {d}/ ({ROLE[k]}) includes \"{inc}\" of {to}/ "
                                        f"({ROLE[kind[to]]}): it may include only "
                                        + ", ".join(sorted(MAY[k])))
    floor, state = {}, {}

    def visit(d, stack):
        if state.get(d) == "done":
            return floor[d]
        if state.get(d) == "open":
            cyc = stack[stack.index(d):] + [d]
            problems.append("a cycle between the folders: " + " -> ".join(cyc) +
                            f" ({arrows[(cyc[-2], cyc[-1])]})")
            return 0
        state[d] = "open"
        up = [visit(t, stack + [d]) for (f, t) in arrows if f == d]
        state[d] = "done"
        floor[d] = 1 + max(up) if up else 0
        return floor[d]

    for d, _ in folders:
        visit(d, [])
    reg = os.path.join(root, "rtl_model", "host", "ct_registry.c")
    blocks = BLOCK.findall(open(reg).read()) if os.path.exists(reg) else []
    if not blocks:
        problems.append("rtl_model/host/ct_registry.c lists no block")
    for b in blocks:
        c = where.get(b + ".c")
        if c is None or kind.get(c) != "system":
            problems.append(f"block {b}: no rtl_model/<system>/{b}.c")
            continue
        for ext in ("_desc.h", ".h", "_stim.c"):
            if where.get(b + ext) != c:
                problems.append(f"block {b}: {b}{ext} is not in {c}/ beside {b}.c")
        sysname = c.split("/", 1)[1]
        if not os.path.exists(os.path.join(root, "verilog", sysname, b + ".v")):
            problems.append(f"block {b}: its RTL is not verilog/{sysname}/{b}.v (beside its model's system)")
    for f in sorted(os.listdir(os.path.join(root, "verilog"))):
        if os.path.isfile(os.path.join(root, "verilog", f)) and f.endswith((".v", ".sv")):
            problems.append(f"verilog/{f}: RTL goes into its system's folder, verilog/<system>/")
    return problems, floor, arrows, blocks, folders


def table(floor, folders):
    """The floors as a markdown table (README, docs/conventions.md)."""
    kind = dict(folders)
    rows = ["| floor | folders | what they hold |", "|---|---|---|"]
    for k in range(max(floor.values(), default=0) + 1):
        ds = [d for d, _ in folders if floor.get(d) == k]
        if ds:
            roles = sorted({ROLE[kind[d]] for d in ds})
            rows.append(f"| {k} | " + ", ".join(f"`{d}/`" for d in ds) + " | " + "; ".join(roles) + " |")
    return "\n".join(rows) + "\n"


def splice(path, text):
    """path's text with the part between the markers replaced, or None without markers."""
    s = open(path).read()
    m = re.search(r"(<!-- layers -->\n)(.*?)(<!-- /layers -->)", s, re.S)
    if not m:
        return s, None
    return s, s[:m.start(2)] + text + s[m.end(2):]


def main(argv):
    write, check_files, args = [], [], []
    i = 0
    while i < len(argv):
        if argv[i] in ("--write", "--check") and i + 1 < len(argv):
            (write if argv[i] == "--write" else check_files).append(argv[i + 1])
            i += 2
        else:
            args.append(argv[i])
            i += 1
    root = args[0] if args else "."
    problems, floor, arrows, blocks, folders = check(root)
    text = table(floor, folders)
    for f in write + check_files:
        old, new = splice(f, text)
        if new is None:
            problems.append(f"{f}: no <!-- layers --> ... <!-- /layers --> lines")
        elif f in write and new != old:
            open(f, "w").write(new)
            print(f"layers: wrote the floors into {f}")
        elif f in check_files and new != old:
            problems.append(f"{f}: the floors table is stale (run make docs)")
    for p in problems:
        print("FAIL layers: " + p)
    for k in range(max(floor.values(), default=0) + 1):
        print(f"floor {k}: " + " ".join(d for d, _ in folders if floor.get(d) == k))
    systems = sum(1 for _, k in folders if k == "system")
    print(f"layers: {len(folders)} folders ({systems} systems), {len(arrows)} arrows between "
          f"folders, {len(blocks)} blocks; {'OK' if not problems else str(len(problems)) + ' problems'}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
