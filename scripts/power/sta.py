#!/usr/bin/env python3
"""sta.py - static timing and the logic's power of a block's synthesised
netlist, by OpenSTA on the OSU 0.18 um liberty (docs/power.md).

The netlist: yosys 0.23 as the area flow runs it (scripts/area_um2.py), but
mapped for delay with fanout buffering (abc -D with `buffer -N 8`, `upsize`,
`dnsize`, then a BUFX4 tree on every net over 8 pins that abc does not map:
without them a decoder net drives hundreds of pins through one gate and the
path means nothing).  OpenSTA then times it with the block's
clock at the clock its paper runs it at (the `clock` line of the block's
verilog/<system>/<block>.area file), inputs arriving at the clock edge and
outputs due at the next one (no input or output delay, no wire load, ideal
clock), and reports
  * the worst path: start, end (a flop's register, by its Q net, or a port),
    cells on it, delay (arrival + the end flop's setup) at 0.18 um;
  * the worst arrival at each register and output port bus;
  * the delay in FO4 (the fanout-of-4 inverter delay of the same liberty,
    measured with OpenSTA on an inverter chain), and fmax at 45 nm two ways:
    first-order constant-field scaling (gate delay in proportion to the
    drawn length: x 45/180; x 40/180 for 40 nm) and the FO4 count x CACTI
    7's 45 nm FO4; the verdict against the paper's clock (meets: both;
    misses: neither; between);
  * leakage: the sum over the cells of their liberty `cell_leakage_power`,
    beside OpenSTA's own leakage total (they must agree);
  * dynamic power at the paper's clock with every net toggling ACTIVITY
    times a cycle: internal power from the liberty's internal_power tables
    (libpower.py: the liberty's meaning, and OpenSTA 2019's sum beside
    OpenSTA's own figure), switching power from the liberty's pin
    capacitances beside OpenSTA's.

usage: sta.py --ctwin CTWIN --lib LIB [--cache DIR] [--activity A] [--json]
              [--paper] BLOCK[:CONFIG]...
  CONFIG: a preset or NAME=VALUE,... (default: the block's `tiny` preset, or
  its first preset not named paper*, as make area-um2)
  --paper  each block's `paper` preset where the area flow synthesises it as
           it is, else the largest configuration it synthesises (the .area
           file's `check` line), else none (its `skip` line says why)
  --fo4    print the liberty's FO4 delay (ns) and stop
  --vec FILE  (one block) also replay the vector file on the gate netlist
           under Icarus (zero delay) with the kit's testbench: it must pass;
           the switching and internal energy a cycle from every net's toggles
  --cells FILE  the cells' Verilog models (default: the liberty's name, .v)
  --file FILE --top MODULE --mhz MHZ [--clock PORT] [--param NAME=VALUE]...
           any one Verilog module instead of a block (clock port default clk_i)
Every error names its cause (the block, the file, yosys's or OpenSTA's own
message) and exits 1.
"""
import argparse
import glob
import hashlib
import inspect
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import ctkit  # noqa: E402
import vcd  # noqa: E402
import libpower  # noqa: E402
from area_paper import SpecError, block_spec, empty_spec  # noqa: E402

SCALE = {45: 45 / 180.0, 40: 40 / 180.0}
# the second way to 45 nm: the path's length in FO4 of this liberty x the FO4
# delay CACTI 7 computes for the 45 nm devices (its technology parameters,
# printed with CT_CACTI_TECH by the kit's build, scripts/power/cacti.sh; the
# suite checks CACTI still gives these): itrs-hp 9.06 ps, itrs-lop 19.60 ps
CACTI_FO4_45_PS = {"itrs-hp": 9.06329, "itrs-lop": 19.6011}
# dynamic energy at 45 nm, first order: C with the drawn length, x V^2; the
# supply of CACTI 7's 45 nm technology file (tech_params/45nm.dat: Vdd 1.0 V
# itrs-hp, 0.7 V itrs-lop) against the liberty's 1.8 V
DYN45 = {"itrs-hp": 45 / 180.0 * (1.0 / 1.8) ** 2, "itrs-lop": 45 / 180.0 * (0.7 / 1.8) ** 2}
MAX_FANOUT = 8
DELAY_TARGET_PS = 700      # abc's delay target: 1.4 GHz; abc maps for delay below it


class StaError(Exception):
    pass


PACKAGE = {"yosys": "yosys", "sta": "opensta", "iverilog": "iverilog", "vvp": "iverilog"}


def tool(args, **kw):
    """subprocess.run of one of the flow's tools; a missing one is named with
    its Debian package"""
    try:
        return subprocess.run(args, **kw)
    except FileNotFoundError:
        raise StaError("%s: not installed (Debian's package %s; scripts/deps.sh --power installs what make sta needs)"
                       % (args[0], PACKAGE.get(args[0], args[0])))


def liberty(path):
    """({cell: leakage nW}, {cell: {input pin: capacitance pF}}, {"voltage": V},
    libpower.Library) of a liberty"""
    if not os.path.isfile(path):
        raise StaError("%s: No such file or directory (make area-um2 fetches Debian's qflow-tech-osu018 liberty)"
                       % path)
    try:
        lib = libpower.Library(path)
    except libpower.LibertyError as e:
        raise StaError(str(e))
    if not lib.voltage or lib.leakage_unit != "1nW":
        raise StaError("%s: not a liberty this flow reads (cells, nom_voltage, leakage in nW)" % path)
    return dict(lib.leakage), libpower.input_caps(lib), {"voltage": lib.voltage}, lib


def netlist_inputs(text):
    """the nets of a gate netlist's input ports, bit by bit (name[i]) and whole"""
    ins = set()
    for m in re.finditer(r"^\s*input\s+(?:\[(\d+):(\d+)\]\s*)?(\\?\S+)\s*;", text, re.M):
        name = m.group(3)
        ins.add(name)
        if m.group(1) is not None:
            hi, lo = int(m.group(1)), int(m.group(2))
            ins |= {"%s[%d]" % (name, i) for i in range(min(hi, lo), max(hi, lo) + 1)}
    return ins


def netlist_cells(path):
    """[(cell type, instance, {pin: net})] of a yosys-written gate netlist"""
    return netlist_cells_text(open(path).read())


def netlist_instances(text):
    """[((start, end), cell type, instance, [(pin, net)...])] of the cell
    instances of a yosys-written gate netlist, in file order (end: past the
    instance's line end)"""
    out = []
    for m in re.finditer(r"^\s*([A-Z][A-Z0-9_]*)\s+(\\?\S+)\s*\((.*?)\);\n?", text, re.S | re.M):
        pins = [(p.group(1), p.group(2).strip()) for p in re.finditer(r"\.(\w+)\(([^()]*)\)", m.group(3))]
        out.append(((m.start(), m.end()), m.group(1), m.group(2), pins))
    return out


def netlist_cells_text(text):
    """[(cell type, instance, {pin: net})] of a gate netlist's text"""
    return [(typ, inst, dict(pins)) for _, typ, inst, pins in netlist_instances(text)]


def buffer_fanout(text, caps, clock, max_fanout=MAX_FANOUT, buf="BUFX4"):
    """the netlist with every net that drives more than max_fanout input pins
    (a flop's output, an input port: abc buffers only the logic it maps)
    split by a tree of `buf` cells, max_fanout pins each; the clock stays
    ideal.  Returns (text, buffers added)."""
    found = netlist_instances(text)
    cells = [[typ, inst, list(pins)] for _, typ, inst, pins in found]
    spans = [span for span, _, _, _ in found]
    if not cells:
        return text, 0
    sinks = {}
    for ci, (typ, _, pins) in enumerate(cells):
        for pi, (pin, net) in enumerate(pins):
            if pin in caps.get(typ, {}):
                sinks.setdefault(net, []).append((ci, pi))
    wires, added = [], 0
    for net, loads in sorted(sinks.items()):
        if net == clock or re.fullmatch(r"1'b[01]", net) or len(loads) <= max_fanout:
            continue
        level = loads
        while len(level) > max_fanout:
            nxt = []
            for k in range(0, len(level), max_fanout):
                out = "ctbuf_%d" % added
                added += 1
                wires.append(out)
                for ci, pi in level[k:k + max_fanout]:
                    cells[ci][2][pi] = (cells[ci][2][pi][0], out)
                cells.append([buf, "ctbuf_i%d" % (added - 1), [("A", net), ("Y", out)]])
                nxt.append((len(cells) - 1, 0))
            level = nxt
    if not added:
        return text, 0

    def net_text(n):
        return n + " " if n.startswith("\\") else n
    body = "".join("  %s %s (\n%s\n  );\n" % (typ, inst, ",\n".join("    .%s(%s)" % (p, net_text(n)) for p, n in pins))
                   for typ, inst, pins in cells)
    head = text[:spans[0][0]]
    decl = "".join("  wire %s;\n" % w for w in wires)
    return head + decl + body + text[spans[-1][1]:], added


def synth_script(lib, file, top, params, incdirs, out):
    """the yosys script: the area flow's front end, mapped for delay with
    fanout buffering, constants tied, nets split (OpenSTA 2019 reads no
    concatenation on an assign's left side), the top named as the module"""
    chparam = ""
    if params:
        chparam = "chparam %s %s;" % (" ".join("-set %s %s" % kv for kv in params), top)
    libdirs = " ".join("-libdir " + d for d in incdirs)
    d = DELAY_TARGET_PS
    abc = ("+strash;ifraig;scorr;dc2;dretime;strash;&get,-n;&dch,-f;&nf,-D,%d;&put;buffer,-N,%d,-p;"
           "upsize,-D,%d;dnsize,-D,%d;stime,-p" % (d, MAX_FANOUT, d, d))
    return ("verilog_defaults -add -sv; read_verilog %s; %s hierarchy -check %s -top %s; synth -flatten; "
            "dfflibmap -liberty %s; abc -liberty %s -D %d -script %s; opt_clean; setundef -zero; splitnets; "
            "opt_clean -purge; rename -top %s; write_verilog -noattr -noexpr %s"
            % (file, chparam, libdirs, top, lib, lib, d, abc, top, out))


def synthesise(script, file, out):
    log = out + ".log"
    r = tool(["yosys", "-q", "-l", log, "-p", script], stdout=subprocess.DEVNULL,
                       stderr=subprocess.PIPE, text=True)
    if r.returncode != 0 or not os.path.isfile(out):
        err = [l for l in open(log, errors="replace") if "ERROR" in l] if os.path.exists(log) else []
        raise StaError("yosys failed on %s: %s" % (file, (err[-1] if err else r.stderr).strip()))


def run_sta(lib, netlist, top, clock, period_ns, activity, work):
    tcl = os.path.join(work, "sta.tcl")
    open(tcl, "w").write("""read_liberty {%s}
read_verilog {%s}
link_design %s
create_clock -name clk -period %.6f [get_ports {%s}]
set ins [delete_from_list [all_inputs] [get_ports {%s}]]
if {[llength $ins]} { set_input_delay 0 -clock clk $ins }
set_output_delay 0 -clock clk [all_outputs]
puts "== worst"
report_checks -path_delay max -digits 4
puts "== ends"
report_checks -path_delay max -format end -group_count 1000000 -endpoint_count 1 -digits 4
set_power_activity -global -activity %g
puts "== power"
report_power -digits 6
""" % (lib, netlist, top, period_ns, clock, clock, activity))
    r = tool(["sta", "-no_splash", "-exit", tcl], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, errors="replace")
    out = r.stdout
    if r.returncode != 0 or "== power" not in out or re.search(r"^Error", out, re.M):
        bad = [l for l in out.splitlines() if l.startswith(("Error", "Warning"))]
        raise StaError("OpenSTA failed on %s: %s" % (netlist, bad[0] if bad else out.strip()[-300:]))
    return out


def parse_worst(text):
    """{start, end, cells, arrival, setup, delay} of OpenSTA's worst path"""
    part = text.split("== worst", 1)[1].split("== ends", 1)[0]
    start = re.search(r"Startpoint: (\S+)", part)
    end = re.search(r"Endpoint: (\S+)", part)
    arr = re.search(r"([0-9.]+)\s+data arrival time", part)
    if not (start and end and arr):
        raise StaError("OpenSTA reported no path (a block without a register or output?)")
    setup = re.search(r"(-?[0-9.]+)\s+[0-9.]+\s+library setup time", part)
    cells = len(re.findall(r"^\s+-?[0-9.]+\s+[0-9.]+ [\^v] \S+/(?:Y|Q|YC|YS) \(", part, re.M))
    s = abs(float(setup.group(1))) if setup else 0.0
    return {"start": start.group(1), "end": end.group(1), "cells": cells, "arrival": float(arr.group(1)),
            "setup": s, "delay": float(arr.group(1)) + s}


def parse_ends(text, names, period):
    """{bus: worst arrival + setup} over every endpoint (a flop by its Q net's
    register, an output port by its name); names: {instance: Q net}"""
    part = text.split("== ends", 1)[1].split("== power", 1)[0]
    worst = {}
    for m in re.finditer(r"^(\S+)(?: \(\w+\))?\s+(-?[0-9.]+)\s+(-?[0-9.]+)\s+(-?[0-9.]+)", part, re.M):
        end, req, arr = m.group(1), float(m.group(2)), float(m.group(3))
        name = names.get(end.split("/")[0], end) if "/" in end else end
        bus = re.sub(r"(\[\d+\])+$", "", name.lstrip("\\").strip())
        worst[bus] = max(worst.get(bus, 0.0), arr + (period - req))
    return worst


def parse_power(text):
    part = text.split("== power", 1)[1]
    m = re.search(r"^Total\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)\s+([0-9.eE+-]+)", part, re.M)
    if not m:
        raise StaError("OpenSTA's report_power has no Total line")
    return {"internal_w": float(m.group(1)), "switching_w": float(m.group(2)), "leakage_w": float(m.group(3))}


FO4_NETLIST = """module fo4 (input a, output y);
  wire n0, n1, n2;
  INVX1 d0 (.A(a), .Y(n0));
  INVX1 u0 (.A(n0), .Y(n1));
  INVX1 l0a (.A(n0)); INVX1 l0b (.A(n0)); INVX1 l0c (.A(n0));
  INVX1 u1 (.A(n1), .Y(n2));
  INVX1 l1a (.A(n1)); INVX1 l1b (.A(n1)); INVX1 l1c (.A(n1));
  INVX1 u2 (.A(n2), .Y(y));
  INVX1 l2a (.A(n2)); INVX1 l2b (.A(n2)); INVX1 l2c (.A(n2));
endmodule
"""


def fo4(lib, work):
    """the fanout-of-4 delay (ns) of the liberty's INVX1: the mean rise and fall
    delay of u1, an inverter driven by one with fanout 4 and driving 4"""
    net = os.path.join(work, "fo4.v")
    open(net, "w").write(FO4_NETLIST)
    tcl = os.path.join(work, "fo4.tcl")
    open(tcl, "w").write("read_liberty {%s}\nread_verilog {%s}\nlink_design fo4\n"
                         "create_clock -name v -period 10\nset_input_delay 0 -clock v [get_ports a]\n"
                         "set_output_delay 0 -clock v [get_ports y]\n"
                         "report_checks -rise_from [get_ports a] -digits 5\n"
                         "report_checks -fall_from [get_ports a] -digits 5\n" % (lib, net))
    r = tool(["sta", "-no_splash", "-exit", tcl], stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       text=True, errors="replace")
    d = [float(m.group(1)) for m in re.finditer(r"^\s+([0-9.]+)\s+[0-9.]+ [\^v] u1/Y \(INVX1\)", r.stdout, re.M)]
    if len(d) != 2:
        raise StaError("OpenSTA gave no FO4 delay on %s:\n%s" % (net, r.stdout[-400:]))
    return sum(d) / 2


def switching_w(cells, inputs, caps, voltage, activity, period_ns):
    """sum over the nets a cell drives of activity / period x 1/2 C V^2, C the
    input pins the net drives (the liberty's pin capacitances; no wire load).
    As OpenSTA, switching power belongs to the driving cell: the nets the
    block's input ports drive (the clock among them) are the upstream logic's"""
    total = 0.0
    for net, c in libpower.loads(caps, cells).items():
        if net in inputs or re.fullmatch(r"1'b[01]", net):
            continue
        total += activity / (period_ns * 1e-9) * 0.5 * c * 1e-12 * voltage ** 2
    return total


def vcd_toggles(path, scope):
    """{net name: value changes} of every 1-bit net (vectors bit by bit,
    name[i]) declared in the VCD scope `scope` (a dotted path), over the
    whole dump; the initial values are not changes"""
    want = scope.split(".")
    codes, last, count = {}, {}, {}
    for ev in vcd.read(path):
        if ev[0] == "var" and ev[1] == want:
            _, _, code, width, name, rng = ev
            name = name.lstrip("\\")
            if width == 1:
                bits = [name + (rng or "")]
            else:
                hi, lo = (int(x) for x in rng.strip("[]").split(":"))
                step = -1 if hi >= lo else 1
                bits = ["%s[%d]" % (name, k) for k in range(hi, lo + step, step)]
            codes.setdefault(code, []).append(bits)
        elif ev[0] in ("scalar", "vector") and ev[1] in codes:
            _change(ev[1], ev[2], codes, last, count)
    return count


def _change(code, value, codes, last, count):
    """a new value of one VCD code: every name it stands for (aliases share
    it) gets a toggle per bit that went 0 -> 1 or 1 -> 0"""
    width = len(codes[code][0])
    v = value.rjust(width, "0" if value[0] in "01" else value[0])[-width:]
    old = last.get(code)
    last[code] = v
    if old is None:
        return
    for bits in codes[code]:
        for name, a, b in zip(bits, old, v):
            if a != b and a in "01" and b in "01":
                count[name] = count.get(name, 0) + 1


def run_energy(cells, caps, voltage, cycles, tog):
    """switching energy per cycle of a run (pJ): the sum over the nets a cell
    drives (never an input port's) of their toggles x 1/2 C V^2, C the input
    pins on the net, over the run's cycles; and the run's mean activity
    (toggles a cycle a net).  cells' net names as the VCD's (no escape)"""
    load = libpower.loads(caps, cells)
    driven = {net for typ, _, pins in cells for p, net in pins.items()
              if p not in caps.get(typ, {}) and p in ("Y", "Q", "YC", "YS")}
    e = sum(tog.get(n, 0) * 0.5 * load.get(n, 0.0) * 1e-12 * voltage ** 2 for n in driven)
    total = sum(tog.get(n, 0) for n in driven)
    return {"cycles": cycles, "switching_pj": e / cycles * 1e12, "toggles": total,
            "activity": total / float(cycles * max(len(driven), 1)), "nets": len(driven),
            "by_net": {n: c for n, c in tog.items() if n in driven}}


def gate_run(a, t, net, work, vec):
    """replay the vector file VEC on the gate netlist under Icarus (zero delay:
    the cells' specify blocks off) with the kit's own testbench; returns
    (cycles, {net: toggles}).  A netlist that fails the vectors is an error."""
    block = t["block"]
    gen = os.path.join(work, "gl")
    os.makedirs(gen, exist_ok=True)
    ctkit.ctwin(a.ctwin, "hdl", block, " ".join("%s=%s" % kv for kv in t["params"]), gen)
    top = os.path.join(gen, block + "_top.v")
    text = open(top).read()
    fixed, n = re.subn(r"\b%s\s*#\(.*?\)\s*dut\b" % re.escape(block), "%s dut" % block, text, flags=re.S)
    if n != 1:
        raise StaError("%s: no parameterised instance of %s to replace by the netlist" % (top, block))
    open(top, "w").write(fixed)
    vcd = os.path.join(work, "run.vcd")
    dump = os.path.join(gen, "ct_vcd.v")
    open(dump, "w").write("module ct_vcd;\n  initial begin\n    $dumpfile(\"%s\");\n"
                          "    $dumpvars(0, %s_tb.dut.dut);\n  end\nendmodule\n" % (vcd, block))
    cells_v = a.cells or re.sub(r"\.lib$", ".v", a.lib)
    if not os.path.isfile(cells_v):
        raise StaError("%s: the cells' Verilog models are missing (make sta fetches them beside the liberty)" % cells_v)
    sim = os.path.join(gen, "sim")
    r = tool(["iverilog", "-g2012", "-gno-specify", "-o", sim, os.path.join(gen, block + "_tb.v"), top,
                        net, cells_v, dump], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if r.returncode != 0:
        raise StaError("iverilog failed on the netlist of %s: %s" % (block, r.stdout.strip()[-300:]))
    r = tool(["vvp", "-n", sim, "+vec=" + os.path.abspath(vec)], stdout=subprocess.PIPE,
                       stderr=subprocess.STDOUT, text=True, errors="replace")
    m = re.search(r"^PASS .*: (\d+) cycles", r.stdout, re.M)
    if r.returncode != 0 or not m:
        lines = [l for l in r.stdout.splitlines() if l.strip()]
        raise StaError("the netlist of %s does not replay %s: %s" % (block, vec, " / ".join(lines[-3:])))
    return int(m.group(1)), vcd_toggles(vcd, "%s_tb.dut.dut" % block)


def verdict(fmax_a, fmax_b, mhz):
    """`meets` when both 45 nm estimates reach the clock, `misses` when
    neither does, `between` otherwise"""
    n = (fmax_a >= mhz) + (fmax_b >= mhz)
    return ("misses", "between", "meets")[n]


def default_preset(exe, block):
    presets = ctkit.ctwin(exe, "presets", block).split()
    if "tiny" in presets:
        return "tiny"
    return next((p for p in presets if not p.startswith("paper")), presets[0])


def paper_clock(exe, block):
    """(MHz, source) from the block's .area file's `clock` line"""
    try:
        path, spec = block_spec(exe, block)
    except SpecError as e:
        raise StaError(str(e))
    if not path:
        raise StaError("%s: no verilog/<system>/%s.area file with the paper's clock" % (block, block))
    for p in ctkit.ctwin(exe, "presets", block).split():
        c = spec.get(p, empty_spec())["clock"]
        if c:
            return c
    raise StaError("%s: no `clock` line (PRESET clock MHZ SOURCE...)" % path)


def paper_target(exe, block):
    """(config, note): the paper preset, or the .area file's check
    configuration in its place, or (None, why) when it is skipped"""
    try:
        _, spec = block_spec(exe, block)
    except SpecError as e:
        raise StaError(str(e))
    s = spec.get("paper", empty_spec())
    if s["skip"]:
        return None, s["skip"]
    if s["check"]:
        base = dict(ctkit.config(exe, block, "paper"))
        base.update(dict(s["check"][0][1]))
        over = " ".join("%s=%s" % kv for kv in s["check"][0][1])
        return " ".join("%s=%s" % kv for kv in base.items()), "paper with " + over
    return "paper", "paper"


def block_target(a, block, cfg):
    """what analyse() needs of one of the kit's blocks"""
    mhz, source = paper_clock(a.ctwin, block)
    return {"block": block, "config": cfg, "file": ctkit.rtl_of(block), "top": block, "clock": "clk_i",
            "params": ctkit.config(a.ctwin, block, cfg), "incdirs": ctkit.rtl_dirs(), "mhz": mhz,
            "source": source}


def analyse(a, t, lib_data, fo4_ns):
    """synthesise, time and price one target: {block, config, file, top,
    clock, params, incdirs, mhz, source}"""
    block, cfg, file, params, incdirs, mhz = t["block"], t["config"], t["file"], t["params"], t["incdirs"], t["mhz"]
    period = 1000.0 / mhz
    script = synth_script(a.lib, file, t["top"], params, incdirs, "NETLIST")
    h = hashlib.sha256(script.encode() + inspect.getsource(buffer_fanout).encode())
    for f in [file] + sorted(f for d in incdirs for f in glob.glob(os.path.join(d, "*.v"))):
        h.update(f.encode())
        h.update(open(f, "rb").read())
    h.update(open(a.lib, "rb").read())
    key = h.hexdigest()[:20]
    leak, caps, lv, cells_lib = lib_data
    with tempfile.TemporaryDirectory() as work:
        # the netlist is cached (synthesis takes seconds to minutes); timing
        # and power are computed again on every run (a second at most)
        net = os.path.join(a.cache or work, key + ".v")
        if not os.path.isfile(net):
            if a.cache:
                os.makedirs(a.cache, exist_ok=True)
            tmp = os.path.join(work, "netlist.v")
            synthesise(synth_script(a.lib, file, t["top"], params, incdirs, tmp), file, tmp)
            fixed, _ = buffer_fanout(open(tmp).read(), caps, t["clock"])
            open(tmp, "w").write(fixed)
            if a.cache:
                # (the scratch may be another file system: copy, then rename)
                shutil.copyfile(tmp, net + ".tmp%d" % os.getpid())
                os.replace(net + ".tmp%d" % os.getpid(), net)
            else:
                net = tmp
        cells = netlist_cells(net)
        unknown = sorted({c for c, _, _ in cells if c not in leak})
        if unknown:
            raise StaError("%s: cells %s are not in the liberty %s" % (net, ", ".join(unknown), a.lib))
        names = {inst: pins["Q"] for c, inst, pins in cells if "Q" in pins}
        inputs = netlist_inputs(open(net).read())
        if t["clock"] not in inputs:
            raise StaError("%s: no input port '%s' (the clock; --clock names another)" % (file, t["clock"]))
        text = run_sta(a.lib, net, t["top"], t["clock"], period, a.activity, work)
        plain = [(typ, inst, {p: n.lstrip("\\").strip() for p, n in pins.items()}) for typ, inst, pins in cells]
        act = a.activity
        internal_pj, _ = libpower.internal(cells_lib, plain, t["clock"], lambda n: act)
        internal19_pj, _ = libpower.internal(cells_lib, plain, t["clock"], lambda n: act, "opensta-2019")
        run = None
        if a.vec:
            cycles, tog = gate_run(a, t, net, work, a.vec)
            run = run_energy(plain, caps, lv["voltage"], cycles, tog)
            run["internal_pj"], _ = libpower.internal(cells_lib, plain, t["clock"],
                                                      lambda n: tog.get(n, 0) / float(cycles))
            run["vec"] = a.vec
    worst = parse_worst(text)
    for k in ("start", "end"):
        worst[k] = names.get(worst[k], worst[k]).lstrip("\\").strip()
    pw = parse_power(text)
    r = {"block": block, "config": cfg, "params": dict(params), "cells": len(cells),
         "flops": sum(1 for c, _, _ in cells if c.startswith("DFF")), "clock_mhz": mhz, "clock_source": t["source"],
         "worst": worst, "ends": parse_ends(text, names, period), "fo4_ns": fo4_ns, "fo4s": worst["delay"] / fo4_ns,
         "leak_liberty_w": sum(leak[c] for c, _, _ in cells) * 1e-9, "leak_sta_w": pw["leakage_w"],
         "internal_w": internal_pj * 1e-12 / (period * 1e-9), "internal_sta_w": pw["internal_w"],
         "internal_2019_w": internal19_pj * 1e-12 / (period * 1e-9), "switching_sta_w": pw["switching_w"],
         "switching_w": switching_w(cells, inputs, caps, lv["voltage"], a.activity, period), "activity": a.activity}
    if run:
        r["run"] = run
    for n, f in SCALE.items():
        r["delay_%d" % n] = worst["delay"] * f
        r["fmax_%d" % n] = 1000.0 / (worst["delay"] * f)
    for fl, ps in CACTI_FO4_45_PS.items():
        r["fmax_45_fo4_" + fl] = 1e6 / (r["fo4s"] * ps)
    r["verdict_45"] = verdict(r["fmax_45"], r["fmax_45_fo4_itrs-hp"], mhz)
    return r


def main(argv):
    ap = argparse.ArgumentParser(prog="sta.py")
    ap.add_argument("--ctwin", required=True)
    ap.add_argument("--lib", required=True)
    ap.add_argument("--cache")
    ap.add_argument("--activity", default="0.1")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--fo4", action="store_true")
    ap.add_argument("--paper", action="store_true")
    ap.add_argument("--file")
    ap.add_argument("--top")
    ap.add_argument("--clock", default="clk_i")
    ap.add_argument("--mhz")
    ap.add_argument("--param", action="append", default=[])
    ap.add_argument("--vec")
    ap.add_argument("--cells")
    ap.add_argument("blocks", nargs="*")
    a = ap.parse_args(argv)
    rows, skipped = [], []
    try:
        try:
            a.activity = float(a.activity)
        except ValueError:
            a.activity = -1.0
        if not 0 < a.activity <= 2:
            raise StaError("--activity '%s': toggles a cycle, above 0 and at most 2" % argv[argv.index("--activity") + 1])
        lib_data = liberty(a.lib)
        with tempfile.TemporaryDirectory() as work:
            f = fo4(a.lib, work)
        if a.fo4:
            print("%.5f" % f)
            return 0
        if a.file:
            if a.blocks or not a.top or not a.mhz:
                raise StaError("--file FILE needs --top MODULE and --mhz MHZ, and no block")
            if not re.fullmatch(r"[0-9]+(\.[0-9]+)?", a.mhz) or not float(a.mhz) > 0:
                raise StaError("--mhz '%s': a positive number" % a.mhz)
            if not os.path.isfile(a.file):
                raise StaError("%s: no such file" % a.file)
            params = []
            for kv in a.param:
                if not re.fullmatch(r"[A-Za-z_][A-Za-z_0-9]*=[0-9]+", kv):
                    raise StaError("--param '%s': expected NAME=VALUE" % kv)
                params.append(tuple(kv.split("=", 1)))
            t = {"block": a.top, "config": "file", "file": a.file, "top": a.top, "clock": a.clock,
                 "params": params, "incdirs": [], "mhz": float(a.mhz), "source": "--mhz"}
            r = analyse(a, t, lib_data, f)
            r["label"] = os.path.basename(a.file)
            rows.append(r)
        elif not a.blocks:
            raise StaError("no block named (BLOCK[:CONFIG]...)")
        if a.vec and (a.file or len(a.blocks) != 1):
            raise StaError("--vec FILE runs one block: name it alone (BLOCK:CONFIG, the file's)")
        if a.vec and not os.path.isfile(a.vec):
            raise StaError("%s: no such vector file" % a.vec)
        for spec in a.blocks:
            block, _, cfg = spec.partition(":")
            try:
                note = None
                if a.paper and not cfg:
                    cfg, note = paper_target(a.ctwin, block)
                    if cfg is None:
                        skipped.append((block, note))
                        continue
                cfg = cfg.replace(",", " ") if cfg else default_preset(a.ctwin, block)
                r = analyse(a, block_target(a, block, cfg), lib_data, f)
                r["label"] = note or (cfg if "=" not in cfg else "custom")
                rows.append(r)
            except ctkit.KitError as e:
                raise StaError(str(e))
    except StaError as e:
        print("sta: " + str(e), file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps(rows, sort_keys=True, indent=1))
        return 0
    report(rows)
    for block, why in skipped:
        print("%s paper: not synthesised: %s" % (block, why))
    return 0


def report(rows):
    """the tables of make sta"""
    print("Timing: OpenSTA on the OSU 0.18 um cells (FO4 = %.1f ps). At 45 nm two ways: x 45/180 (first-order "
          "scaling) and" % (rows[0]["fo4_ns"] * 1e3 if rows else 0))
    print("the path's FO4 x CACTI 7's 45 nm FO4 (itrs-hp %.2f ps, itrs-lop %.2f ps); the verdict: both ways (hp)"
          % (CACTI_FO4_45_PS["itrs-hp"], CACTI_FO4_45_PS["itrs-lop"]))
    print("%-12s %-22s %6s %5s %-36s %5s %7s %5s %7s %7s %7s %7s %5s %s" % (
        "block", "configuration", "cells", "flops", "worst path: start -> end", "cells", "ns@180", "FO4",
        "MHz@45", "MHz@40", "FO4 hp", "FO4 lop", "paper", "at 45 nm"))
    for r in rows:
        w = r["worst"]
        path = "%s -> %s" % (w["start"], w["end"])
        print("%-12s %-22s %6d %5d %-36s %5d %7.3f %5.1f %7.0f %7.0f %7.0f %7.0f %5.0f %s" % (
            r["block"], r["label"][:22], r["cells"], r["flops"], path[:36], w["cells"], w["delay"], r["fo4s"],
            r["fmax_45"], r["fmax_40"], r["fmax_45_fo4_itrs-hp"], r["fmax_45_fo4_itrs-lop"], r["clock_mhz"],
            r["verdict_45"]))
    print()
    print("Logic power at the paper's clock, every net a cell drives toggling ACTIVITY times a cycle; leakage from")
    print("the liberty's cells (= OpenSTA's); internal from the liberty's tables as the liberty means them (beside:")
    print("OpenSTA 2019's sum, which charges rise and fall energy on every transition, and this flow's copy of it);")
    print("dynamic at 45 nm x (45/180) x (Vdd/1.8 V)^2, Vdd 1.0 V hp, 0.7 V lop:")
    print("%-12s %-22s %6s %9s %9s %5s %9s %9s %9s %9s %9s %9s %9s" % (
        "block", "configuration", "MHz", "leak nW", "STA nW", "act.", "int. mW", "STA int.", "copy", "sw. mW",
        "STA sw.", "hp45 mW", "lop45 mW"))
    for r in rows:
        dyn = r["internal_w"] + r["switching_w"]
        print("%-12s %-22s %6.0f %9.2f %9.2f %5.2f %9.4f %9.4f %9.4f %9.4f %9.4f %9.4f %9.4f" % (
            r["block"], r["label"][:22], r["clock_mhz"], r["leak_liberty_w"] * 1e9, r["leak_sta_w"] * 1e9,
            r["activity"], r["internal_w"] * 1e3, r["internal_sta_w"] * 1e3, r["internal_2019_w"] * 1e3,
            r["switching_w"] * 1e3, r["switching_sta_w"] * 1e3, dyn * 1e3 * DYN45["itrs-hp"],
            dyn * 1e3 * DYN45["itrs-lop"]))
    for r in rows:
        run = r.get("run")
        if not run:
            continue
        e = run["switching_pj"] + run["internal_pj"]
        print()
        print("Energy of a run: %s replayed on the gate netlist of %s %s under Icarus (zero delay): it passes, %d cycles"
              % (run["vec"], r["block"], r["label"], run["cycles"]))
        print("  mean activity %.4f toggles a cycle on %d nets; switching %.4f pJ a cycle (from each net's toggles);"
              % (run["activity"], run["nets"], run["switching_pj"]))
        print("  internal %.4f pJ a cycle (the liberty's tables at each net's toggles); %.4f pJ a cycle in all at 0.18 um,"
              % (run["internal_pj"], e))
        print("  %.4f pJ itrs-hp and %.4f pJ itrs-lop at 45 nm" % (e * DYN45["itrs-hp"], e * DYN45["itrs-lop"]))
    print()
    print("Worst arrival + setup per register or output (ns at 0.18 um), the slowest five of each:")
    for r in rows:
        ends = sorted(r["ends"].items(), key=lambda kv: -kv[1])[:5]
        print("%-12s %-22s %s" % (r["block"], r["label"][:22], "  ".join("%s %.2f" % kv for kv in ends)))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
