#!/usr/bin/env python3
"""formal.py - prove a block's properties on its RTL (make formal, docs/formal.md).

For a block with a property file verilog/<system>/<block>_props.svh (its
asserts, assumes and covers, over the block's port and parameter names), at
one of its presets (default: tiny), the driver generates module
<block>_props: the preset's parameters, the block's ports from its
description (as `ctwin gen` lists the vector columns) plus clk_i, the block
instantiated as dut, the assumption every block shares (the first cycle is
a reset; `init` is 1 in it), the property text included.  Then:
  prove   every assert for every input sequence: the block's committed proof
          certificate (vectors/formal/<block>/<preset>_proof.blif.gz: PDR's
          inductive invariant, checked by a SAT call per clause), else the
          PDR engine of yosys-abc on the AIGER model (unbounded; scorr + dc2
          first), whose invariant --vectors DIR saves as the new certificate;
  bmc     only when PDR did not prove: yosys-smtbmc + SOLVER to DEPTH steps, a
          counterexample written as a VCD and as a vector file (the RTL's
          outputs as the solver computed them: `ctwin check FILE` tells
          whether the C model agrees with the RTL or with the property);
  cover   yosys-smtbmc -c + SOLVER: every cover must be reached within DEPTH
          steps; with --vectors each reaching trace becomes a vector file
          that the C model and both simulators replay.
(smtbmc runs with --unroll: z3 4.8.12 in incremental mode stalls at step 0 on
some models.)

usage: formal.py --ctwin CTWIN [--work DIR] [--vectors DIR] [--depth N]
                 [--pdr-timeout S] [--props FILE] [--rtl FILE] [--cert FILE] [--no-cover]
                 [BLOCK[:PRESET]...]
  (no block: every block with a property file)
  --vectors DIR   write the cover traces as DIR/<block>/<preset>_<cover>.vec,
                  and a proof certificate that is missing or stale as
                  DIR/<block>/<preset>_proof.blif.gz
  --cert FILE     the certificate to check instead of the block's (tests)
  --props FILE    the property file to use instead of the block's (tests)
  --rtl FILE      FILE (named <block>.v) instead of the block's RTL (tests)
An assert labelled b_* is bounded-only: left out of the unbounded proof (its
induction is beyond the engine), checked by BMC to DEPTH with the others.
A props file may set its defaults in a comment line `// formal: preset=NAME
depth=N solver=z3|cvc4 engine=pdr|pdr-g|int` (default tiny, 20, z3, pdr).  Exit 0 when every assert
is proved (or holds to DEPTH when PDR does not conclude) and every cover is
reached; 1 otherwise, naming the block, the property and the step.
"""
import argparse
import glob
import gzip
import os
import re
import shutil
import subprocess
import sys
import time

import ctkit
import vcd


class FormalError(Exception):
    pass


def run(cmd, timeout=None, check=True):
    """cmd's output (stdout and stderr); None when it outlives timeout, then
    its whole process group is killed (smtbmc leaves its solver running
    otherwise)."""
    try:
        p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                             start_new_session=True)
    except FileNotFoundError:
        raise FormalError("%s: not found (Debian's yosys, z3 and cvc4 packages; make formal installs them)"
                          % cmd[0])
    try:
        out, _ = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, 9)
        p.communicate()
        return None
    r = subprocess.CompletedProcess(cmd, p.returncode, out)
    if check and r.returncode != 0:
        raise FormalError("%s failed:\n%s" % (" ".join(cmd[:2]), r.stdout[-2000:]))
    return r


SMT_TIMEOUT = 1200   # seconds for one smtbmc run (z3 can stall: docs/formal.md)


def rtl_file(a, block):
    """the block's RTL, or the file --rtl gave for it"""
    f = a.rtl.get(block)
    if f is None:
        return ctkit.rtl_of(block)
    if not os.path.isfile(f):
        raise FormalError("--rtl %s: no such file" % f)
    return f


def props_options(path):
    opts = {}
    for line in open(path):
        m = re.match(r"\s*//\s*formal:\s*(.*)", line)
        if m:
            for kv in m.group(1).split():
                k, _, v = kv.partition("=")
                if k not in ("preset", "depth", "solver", "engine") or not v:
                    raise FormalError("%s: '// formal:' takes preset=NAME depth=N solver=z3|cvc4 "
                                      "engine=pdr|pdr-g|int, not '%s'" % (path, kv))
                if k == "solver" and v not in ("z3", "cvc4"):
                    raise FormalError("%s: solver=%s: z3 or cvc4" % (path, v))
                if k == "engine" and v not in ENGINES:
                    raise FormalError("%s: engine=%s: %s" % (path, v, " or ".join(ENGINES)))
                opts[k] = v
    return opts


def wrapper(props, block, params, cols, out):
    """write OUT: module <block>_props with the block's parameters (the
    preset's values) and ports (the description's, as `ctwin gen` lists the
    vector columns, plus clk_i), the block instantiated as dut, the one
    assumption every block's properties share (the first cycle is a reset;
    `init` is 1 in it), and the property text included."""
    ports = ["    input  wire clk_i"]
    for name, d, width in cols:
        ports.append("    %s %s [%d:0] %s" % ("input " if d == "in" else "output", "wire " if d == "in" else "logic",
                                               width - 1, name))
    text = ["// generated by scripts/formal.py: %s's ports and the preset's parameters, then %s"
            % (block, os.path.basename(props)),
            "`default_nettype none",
            "module %s_props #(" % block,
            ",\n".join("    parameter %s = %s" % kv for kv in params),
            ") (",
            ",\n".join(ports),
            ");",
            "    %s #(%s) dut (.*);" % (block, ", ".join(".%s(%s)" % (k, k) for k, _ in params)),
            "    // the first cycle is a reset, as in every committed vector file",
            "    reg init = 1'b1;",
            "    always @(posedge clk_i) init <= 1'b0;",
            "    always @* if (init) assume (rst_i);",
            "`include \"%s\"" % os.path.abspath(props),
            "endmodule",
            "`default_nettype wire", ""]
    with open(out, "w") as f:
        f.write("\n".join(text))


def front(wrap, rtls, block):
    """the yosys script that elaborates the wrapper with RTLS (files read
    before the libdirs are searched: the block's, a mutant's copies)"""
    libdirs = " ".join("-libdir " + d for d in ctkit.rtl_dirs())
    # the RTL read with -defer: elaborated once, with the wrapper's
    # parameters (not also with its defaults, the paper configuration)
    return ("verilog_defaults -add -sv -formal; read_verilog %s; %s"
            "hierarchy -check %s -top %s_props; prep -top %s_props; flatten; memory_map; opt -fast; async2sync; "
            % (wrap, "".join("read_verilog -defer %s; " % f for f in rtls), libdirs, block, block))


# the AIGER model of the asserts (covers removed, undriven wires free); the
# order of its bad-state properties is the order yosys dumps the $assert
# cells in at that point, written to a file beside it.  (No opt after
# techmap: it took 7 of ata_tags' 18 s, and ata_tags' model keeps its
# latches, inputs and properties without it; abc simplifies the logic
# anyway, and every committed certificate still checks.)
AIGER = ("chformal -remove -cover; setundef -undriven -anyseq; delete -output; techmap; dffunmap; "
         "abc -g AND -fast; opt_clean; tee -q -o %s dump t:$assert; write_aiger -I -B -zinit %s")


def aiger(fr, aig, smt2=None, bounded=True):
    """write the AIGER model (and, given SMT2, the SMT-LIB model of the same
    elaboration: one yosys run elaborates once for both); the asserts' names
    in its property order (a label, or PROPS:LINE for an unlabelled assert).
    bounded=False leaves the bounded-only asserts (labelled b_*) out of it"""
    order = aig + ".asserts"
    both = "design -save front; dffunmap; write_smt2 -wires %s; design -load front; " % smt2 if smt2 else ""
    drop = "" if bounded else "chformal -remove -assert c:b_*; "
    run(["yosys", "-q", "-p", fr + both + drop + AIGER % (order, aig)])
    names = []
    for line in open(order):
        m = re.match(r"\s*cell \$assert (\S+)", line)
        if m:
            n = m.group(1)
            u = re.match(r"\$assert\$(?:.*/)?([^/:]+):(\d+)\$", n)
            names.append("%s:%s" % u.groups() if u else n.lstrip("\\"))
    return names


# the unbounded engines of yosys-abc a props file may name (engine=): PDR;
# PDR without its expensive generalisation step (-g: fewer, weaker lemmas,
# each found faster); Craig interpolation.  Each answers "Property proved"
# only for an unbounded proof.  Which is fastest depends on the design
# (docs/formal.md gives the measured CPU of each slow block).
# engine= value: (the yosys-abc command, the name the result line gives it)
ENGINES = {"pdr": ("pdr", "PDR"), "pdr-g": ("pdr -g", "PDR -g"), "int": ("int", "interpolation")}


# what every unbounded run does to the AIGER model before its engine (the
# proof certificates are over the flops of this network)
PREP = "read_aiger %s; fold; strash; scorr; dc2; dretime; strash; "


def abc_check(aig, timeout, all_outputs=False, bmc_frames=0, engine="pdr", inv=None):
    """yosys-abc's ENGINE (ENGINES: PDR by default) on AIG, or with
    BMC_FRAMES its BMC to that depth: (its output, the indexes of the
    properties it found violated); the output is "" when it outlives the
    timeout.  ALL_OUTPUTS: every property on its own (-a), not the first
    violated one only.  INV (a PDR engine): the invariant of a proof is
    written there as BLIF (a proof certificate, cert_check)."""
    if bmc_frames:
        cmd = "read_aiger %s; fold; strash; bmc3 -F %d" % (aig, bmc_frames)
    else:
        # (with INV, the &-space holds the network: inv_get -f names the
        # flops as it does, and inv_put reads them back so)
        cmd = PREP % aig + ("&get -n; " if inv else "") + ENGINES[engine][0]
    cmd += "%s -T %d" % (" -a" if all_outputs else "", timeout)
    if inv:
        cmd += "; inv_get -f; write_blif %s" % inv
    r = run(["yosys-abc", "-c", cmd], timeout=timeout + 30, check=False)
    out = r.stdout if r else ""
    return out, [int(i) for i in re.findall(r"Output\s+(\d+)\s+was asserted", out)]


def cert_cubes(text):
    """the cubes of a proof certificate (BLIF of one .names inv over flops
    named as ABC names them, lo<index>, one row per state cube PDR blocked:
    the invariant is the conjunction of their negations) and the flops'
    names; FormalError naming the line when it is not of that form"""
    lines, cur, first = [], "", 0
    for i, raw in enumerate(text.split("\n"), 1):
        first = first or i
        if raw.endswith("\\"):
            cur += raw[:-1] + " "
            continue
        lines.append((first, (cur + raw).strip()))
        cur, first = "", 0
    ins, cubes, names = None, [], False
    for n, l in lines:
        if l.startswith(".inputs ") and ins is None:
            ins = l.split()[1:]
            if not all(re.fullmatch(r"lo\d+", x) for x in ins) or len(set(ins)) != len(ins):
                raise FormalError("line %d: the inputs are not distinct flops lo<index>" % n)
        elif l.startswith(".names ") and ins is not None and not names:
            if l.split()[1:] != ins + ["inv"]:
                raise FormalError("line %d: .names is not the inputs, then inv" % n)
            names = True
        elif names and re.fullmatch(r"[-01]{%d} 1" % len(ins), l):
            cubes.append(l.split()[0])
        elif l not in ("", ".model inv", ".outputs inv", ".end"):
            raise FormalError("line %d: not a cube of %d flops: '%s'" % (n, len(ins or []), l[:40]))
    if not names:
        raise FormalError("no .names inv over the flops")
    return cubes, ins


def cert_check(aig, cert, work):
    """is CERT (gzip of BLIF: cert_cubes) an inductive invariant of AIG that
    implies every property?  (None, the clause count) when it is, else
    (why, 0).  Initiation here (the initial state, all flops 0 in ABC's
    network, lies in no blocked cube: each cube has a 1); consecution and the
    properties by yosys-abc's inv_check (a SAT call per clause: no next state
    of a state in the invariant leaves it, and no state in it fails an
    assert) on the network PREP makes, which PDR proved."""
    try:
        with gzip.open(cert, "rt") as f:
            text = f.read()
        cubes, flops = cert_cubes(text)
    except (OSError, EOFError, UnicodeDecodeError, FormalError) as e:
        return str(e), 0
    if any("1" not in c for c in cubes):
        return "the initial state (every flop 0) is outside it", 0
    blif = os.path.join(work, "cert.blif")
    with open(blif, "w") as f:
        f.write(text)
    r = run(["yosys-abc", "-c", PREP % aig + "print_stats; &get -n; read_blif %s; inv_put; inv_check" % blif],
            timeout=SMT_TIMEOUT, check=False)
    out = r.stdout if r else ""
    lat = re.search(r"lat =\s*(\d+)", out)
    # every input one of the model's flops (ABC's names: lo, then the index
    # in as many digits as the last one has): none is dropped by inv_put
    n = int(lat.group(1)) if lat else 0
    real = {"lo%0*d" % (len(str(n - 1)), i) for i in range(n)}
    if not set(flops) <= real:
        return "it names flops the model (%d flops) does not have: %s" % (
            n, " ".join(sorted(set(flops) - real)[:3])), 0
    if "Invariant verification succeeded" not in out:
        m = re.search(r"Invariant verification failed[^.]*|Coverage check failed[^\n]*", out)
        return "not inductive (%s)" % (m.group(0).strip() if m else out.strip().split("\n")[-1][:80]), 0
    return None, len(cubes)


def vcd_steps(path):
    """[{name: int}] per solver step of an smtbmc VCD: the top module's signals
    (the VCD also records each clock's falling phase; a step is the first
    record with a new smt_step value)."""
    ids, snaps, cur = {}, [], {}
    for ev in vcd.read(path):
        if ev[0] == "var" and len(ev[1]) <= 1:
            ids.setdefault(ev[2], ev[4])
        elif ev[0] == "time":
            if cur:
                snaps.append(dict(cur))
        elif ev[0] == "vector" and ev[1] in ids:
            cur[ids[ev[1]]] = int(ev[2], 2) if re.fullmatch(r"[01]+", ev[2]) else 0
        elif ev[0] == "scalar" and ev[1] in ids and ev[2] in "01xz":
            cur[ids[ev[1]]] = 1 if ev[2] == "1" else 0
    if cur:
        snaps.append(cur)
    steps, seen = [], set()
    for s in snaps:
        if s.get("smt_step") not in seen:
            seen.add(s.get("smt_step"))
            steps.append(s)
    return steps


def write_vector(block, head, cols, vcd, out, what, last, solver, source=None):
    """the trace's steps 0..last as a vector file: the header `ctwin gen`
    writes (head, cols: ctkit.vector_header), the rows the solver's (smtbmc's
    VCD carries one step more, whose outputs the solver did not constrain)."""
    steps = vcd_steps(vcd)[:last + 1]
    rows = []
    for s in steps:
        f = []
        for name, _, width in cols:
            if name not in s:
                raise FormalError("%s: no signal %s in the trace" % (vcd, name))
            # the writer's rule (docs/vector-format.md): up to 64 bits
            # ceil(width/4) digits, wider without leading zeros
            f.append("%0*x" % ((width + 3) // 4 if width <= 64 else 1, s[name]))
        rows.append(" ".join(f))
    text = []
    for l in head:
        if l.startswith("%seed"):
            l = "%seed 0"
        elif l.startswith("%generator"):
            l = ("%%generator yosys-smtbmc + %s (formal, %s; the RTL's outputs as the solver computed them)"
                 % (solver, what))
        elif l.startswith("%cycles"):
            l = "%%cycles %d" % len(rows)
        elif l.startswith("# one line per clock cycle"):
            text.append(l)
            l = "# %s: a trace found by make formal on %s" % (what, source or "verilog/*/%s_props.svh" % block)
        text.append(l)
    os.makedirs(os.path.dirname(out), exist_ok=True)
    with open(out, "w") as f:
        f.write("\n".join(text + rows) + "\n")


class Setup:
    """what every run on one block at one preset shares"""

    def __init__(self, a, block, preset, gen=None, tag=""):
        """gen(setup, path): writes the property text instead of the
        block's props file (a miter), whose options still apply"""
        self.block = block
        own = a.props or next(iter(glob.glob("verilog/*/%s_props.svh" % block)), None)
        if not gen and (not own or not os.path.isfile(own)):
            raise FormalError("%s: no property file verilog/*/%s_props.svh" % (block, block))
        opts = props_options(own) if own and os.path.isfile(own) else {}
        self.preset = preset or opts.get("preset", "tiny")
        self.depth = a.depth or int(opts.get("depth", "20"))
        self.solver = opts.get("solver", "z3")
        self.engine = opts.get("engine", "pdr")
        self.params = ctkit.config(a.ctwin, block, self.preset)
        self.head, self.cols = ctkit.vector_header(a.ctwin, block, self.params)
        self.work = os.path.join(a.work, "%s_%s%s" % (block, self.preset, tag))
        os.makedirs(self.work, exist_ok=True)
        self.props = own
        if gen:
            self.props = os.path.join(self.work, "miter.svh")
            gen(self, self.props)
        self.wrap = os.path.join(self.work, "%s_props.sv" % block)
        wrapper(self.props, block, self.params, self.cols, self.wrap)
        self.rtl = rtl_file(a, block)
        # the proof certificate of the block's own properties (not of a miter
        # or another props file, unless --cert names one)
        self.cert = a.cert or (None if gen or a.props else
                               os.path.join("vectors", "formal", block, "%s_proof.blif.gz" % self.preset))
        self.names = None                     # the model's asserts in AIGER order, once prove() ran

    def front(self, rtls=None):
        return front(self.wrap, rtls or [self.rtl], self.block)

    def name(self):
        return "%-13s %-8s" % (self.block, self.preset)


def prove(a, st, fr, what="asserts", source=None):
    """the block's unbounded engine (PDR unless its props file names another)
    on every assert, BMC when it does not prove; (ok, the line to print)"""
    smt2 = os.path.join(st.work, "model.smt2")
    aig = os.path.join(st.work, "model.aig")
    names = st.names = aiger(fr, aig, smt2)
    t0 = time.time()
    # the bounded-only asserts (labelled b_*: docs/formal.md) are left to BMC;
    # the unbounded engine proves the others, on a model without them
    bounded = [n for n in names if n.startswith("b_")]
    if bounded:
        aig = os.path.join(st.work, "model_unbounded.aig")
        aiger(fr, aig, bounded=False)
    # a committed proof certificate, when it still holds, stands for the
    # engine's search (seconds to minutes: docs/formal.md "Certificates")
    stale, clauses, out = None, 0, ""
    if len(bounded) < len(names) and st.cert:
        stale, clauses = cert_check(aig, st.cert, st.work) if os.path.isfile(st.cert) else ("none", 0)
    inv = os.path.join(st.work, "inv.blif")
    if os.path.exists(inv):
        os.remove(inv)
    if len(bounded) < len(names) and (stale or not st.cert):
        # the engine; a PDR one writes its invariant, the certificate make formal commits
        out = abc_check(aig, a.pdr_timeout, engine=st.engine, inv=inv if st.engine != "int" else None)[0]
    engine = ENGINES[st.engine][1]
    frame = re.search(r"was asserted in frame (\d+)", out)
    ok = True
    if len(bounded) == len(names):
        proof = "none unbounded"
    elif st.cert and not stale:
        proof = "proved (certificate %s: an inductive invariant of %d clauses, checked)" % (st.cert, clauses)
    elif "Property proved" in out:
        proof = "proved (%s, unbounded)" % engine
        if re.search(r"invariant with 0 clauses was successful", out):
            # (the preprocessing proved it: no clause to certify, nothing to save)
            proof += "; no certificate needed (PDR's invariant has no clause)"
        elif st.cert and a.vectors:
            proof += "; certificate %s" % write_cert(a, st, aig, inv)
        elif st.cert:
            proof += "; certificate %s: %s (make formal writes a new one)" % (st.cert, stale)
    elif frame:
        proof = "FAILED (%s: asserted in frame %s)" % (engine, frame.group(1))
        ok = False
    else:
        proof = "not proved by %s within %d s: bounded result only" % (engine, a.pdr_timeout)
    if bounded:
        proof += "; %d bounded-only (%s)" % (len(bounded), ", ".join(bounded))
    # bounded: smtbmc, when PDR did not prove or bounded-only asserts are left
    # (the counterexample, when there is one, as a trace)
    bmc = "not needed"
    if not proof.startswith("proved") or bounded:
        vcd = os.path.join(st.work, "cex.vcd")
        r = run(["yosys-smtbmc", "-s", st.solver, "--unroll", "--presat", "-t", str(st.depth), "--dump-vcd", vcd,
                 smt2], timeout=SMT_TIMEOUT, check=False)
        if r is None:
            raise FormalError("%s %s: BMC did not finish within %d s (PDR: %s)"
                              % (st.block, st.preset, SMT_TIMEOUT, proof))
        m = re.search(r"Assert failed in \S+: (\S+)", r.stdout)
        if "Status: PASSED" in r.stdout:
            bmc = "holds to depth %d" % st.depth
        else:
            steps = re.findall(r"Checking assertions in step (\d+)", r.stdout)
            step = int(steps[-1]) if steps and "BMC failed" in r.stdout else None
            bmc = "FAILED: %s%s (trace %s)" % (m.group(1) if m else "an assertion",
                                                " at step %d" % step if step is not None else "", vcd)
            ok = False
            if os.path.isfile(vcd) and step is not None:
                cex = os.path.join(st.work, "%s_cex.vec" % st.preset)
                write_vector(st.block, st.head, st.cols, vcd, cex, "counterexample", step, st.solver, source)
                bmc += "; as a vector file: %s" % cex
    return ok, "%s %2d %s: %s; BMC %s (%.0f s)" % (st.name(), len(names) - len(bounded), what, proof, bmc,
                                                   time.time() - t0)


def write_cert(a, st, aig, inv):
    """the proof's invariant (INV, from the engine's run; interpolation
    leaves none, PDR -g is run for it) gzipped into --vectors DIR as the
    block's certificate, once it passes cert_check; what was done, for the
    result line"""
    if st.engine == "int":
        abc_check(aig, a.pdr_timeout, engine="pdr-g", inv=inv)
    if not os.path.isfile(inv):
        return "not written: the engine left no invariant"
    out = os.path.join(a.vectors, st.block, os.path.basename(st.cert))
    new = os.path.join(st.work, "cert_new.blif.gz")
    # (no date line, no name or time in the gzip header: the same proof
    # writes the same bytes)
    with open(inv) as f, open(new, "wb") as raw, gzip.GzipFile("", "wb", fileobj=raw, mtime=0) as g:
        g.write("".join(l for l in f if not l.startswith("# Benchmark")).encode())
    why, _ = cert_check(aig, new, st.work)
    if why is not None:
        return "not written: the engine's invariant fails the check (%s)" % why
    os.makedirs(os.path.dirname(out), exist_ok=True)
    shutil.move(new, out)   # (the work folder may be on another file system)
    return "written to %s" % out


def cover(a, st, fr):
    """every cover of the props file reached within the depth; with
    --vectors each reaching trace written as a vector file"""
    covers = re.findall(r"(\w+)\s*:\s*cover\s*\(", open(st.props).read())
    if not covers:
        return True
    smt2 = os.path.join(st.work, "model.smt2")
    pattern = os.path.join(st.work, "cover%.vcd")
    for f in glob.glob(os.path.join(st.work, "cover*.vcd")):
        os.remove(f)
    t0 = time.time()
    r = run(["yosys-smtbmc", "-s", st.solver, "--unroll", "-c", "-t", str(st.depth), "--dump-vcd", pattern, smt2],
            timeout=SMT_TIMEOUT, check=False)
    if r is None:
        raise FormalError("%s %s: the cover search did not finish within %d s" % (st.block, st.preset, SMT_TIMEOUT))
    # each trace smtbmc writes serves every cover reached since the one before
    names, pending = {}, []
    for line in r.stdout.splitlines():
        m = re.search(r"Reached cover statement at (\S+) in step (\d+)", line)
        if m:
            pending.append((m.group(1).split(".")[-1].lstrip("\\"), int(m.group(2))))
        m = re.search(r"Writing trace to VCD file: (\S+)", line)
        if m and pending:
            for label, step in pending:
                names[label] = step
                if a.vectors:
                    write_vector(st.block, st.head, st.cols, m.group(1),
                                 os.path.join(a.vectors, st.block, "%s_%s.vec" % (st.preset, label)),
                                 "cover " + label, step, st.solver)
            pending = []
    ok = True
    for c in covers:
        if c in names:
            print("%s   cover %-14s reached in step %d" % (st.name(), c, names[c]))
        else:
            print("%s   cover %-14s NOT REACHED within %d steps" % (st.name(), c, st.depth))
            ok = False
    print("%s   covers searched to depth %d (%.0f s)" % (st.name(), st.depth, time.time() - t0))
    return ok


def mutants_of(block):
    """the block's RTL mutants, tb/mutants/<block>.txt: [(name, file, sed expression)]"""
    path = "tb/mutants/%s.txt" % block
    out = []
    for n, line in enumerate(open(path) if os.path.isfile(path) else [], 1):
        w = line.rstrip("\n").split("\t")
        if w[0] != "rtl":
            continue
        if len(w) != 3:
            raise FormalError("%s:%d: an rtl mutant is 'rtl<TAB>NAME<TAB>SED'" % (path, n))
        mfile, _, name = w[1].rpartition(":")
        out.append((name, ctkit.rtl_of(mfile[:-2]) if mfile else ctkit.rtl_of(block), w[2]))
    return out


def mutate(src, expr, out, rename=()):
    """OUT: SRC with the sed expression applied (it must change the file),
    then each module name of RENAME renamed NAME_mut (a miter's second copy)"""
    r = subprocess.run(["sed", "-e", expr, src], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise FormalError("sed on %s: %s" % (src, r.stderr.strip()))
    text = r.stdout
    if expr and text == open(src).read():
        raise FormalError("the mutant's sed expression no longer matches %s" % src)
    for m in rename:
        text = re.sub(r"\b%s\b" % m, m + "_mut", text)
    with open(out, "w") as f:
        f.write(text)


def check_mutants(a, st):
    """every assert is violated by at least one of the block's RTL mutants
    (a property no mutant breaks checks nothing): on each mutant's model,
    every property on its own (-a) by BMC (yosys-abc bmc3, the depth but at
    least 40 steps), by PDR when BMC finds no violation; each violated
    property named"""
    names = st.names                          # the original model's, as prove() wrote it
    broken = {n: [] for n in names}
    mdir = os.path.join(st.work, "mutants")
    os.makedirs(mdir, exist_ok=True)
    t0 = time.time()
    for name, src, expr in mutants_of(st.block):
        copy = os.path.join(mdir, os.path.basename(src))
        mutate(src, expr, copy)
        rtls = [copy] + ([st.rtl] if src != st.rtl else [])
        aig = os.path.join(mdir, name + ".aig")
        if aiger(st.front(rtls), aig) != names:
            raise FormalError("%s: mutant %s: its model's properties are not the original's" % (st.block, name))
        # BMC finds the usual violation in a second; PDR looks deeper only when it finds none
        _, bad = abc_check(aig, a.mutant_timeout, all_outputs=True, bmc_frames=max(40, st.depth))
        if not bad:
            _, bad = abc_check(aig, a.mutant_timeout, all_outputs=True)
        hit = list(dict.fromkeys(names[i] for i in sorted(set(bad))))
        for h in hit:
            broken[h].append(name)
        print("%s   mutant %-26s %s" % (st.name(), name, "breaks " + ", ".join(hit) if hit else
                                        "breaks no property (simulation catches it)"))
    # an unlabelled assert inside a generate loop is one property (its file:line) over every iteration
    props = list(broken)
    missing = [n for n in props if not broken[n]]
    for n in missing:
        print("%s   property %s: broken by no mutant of tb/mutants/%s.txt" % (st.name(), n, st.block))
    print("%s   %d of %d properties broken by a mutant (%.0f s)" % (st.name(), len(props) - len(missing), len(props),
                                                               time.time() - t0))
    return not missing


def equiv_text(st, path):
    """a property file for the miter: the block (dut) and the mutant (mut,
    the same parameters and inputs) show equal outputs in every cycle after
    the first (a reset)"""
    outs = [(n, w) for n, d, w in st.cols if d == "out"]
    ins = [n for n, d, w in st.cols if d == "in"]
    text = ["// the miter of %s and a mutant (formal.py --equiv): equal outputs in every cycle" % st.block]
    text += ["wire [%d:0] m_%s;" % (w - 1, n) for n, w in outs]
    text.append("%s_mut #(%s) mut (.clk_i(clk_i), %s);" % (
        st.block, ", ".join(".%s(%s)" % (k, k) for k, _ in st.params),
        ", ".join([".%s(%s)" % (n, n) for n in ins] + [".%s(m_%s)" % (n, n) for n, _ in outs])))
    # from the cycle after the first reset on: the first cycle's outputs may show the
    # power-up state, which a vector file cannot set (Icarus: x, Verilator: random)
    text.append("always @* if (!init) a_equiv: assert (%s);" % " && ".join("%s == m_%s" % (n, n) for n, _ in outs))
    with open(path, "w") as f:
        f.write("\n".join(text) + "\n")


def check_equiv(a, block, preset, file):
    """is FILE (a mutant of the block's RTL or of one of its submodules,
    named as the file it mutates) equivalent to the RTL at the preset?  A
    miter with PDR: proved equivalent, or a counterexample whose vector file
    (the original RTL's outputs) the mutant fails"""
    try:
        orig = ctkit.rtl_of(os.path.basename(file)[:-2])
    except ctkit.KitError:
        orig = None
    if not file.endswith(".v") or not os.path.isfile(file) or orig is None:
        raise FormalError("--equiv %s: not a mutant of a file verilog/*/%s" % (file, os.path.basename(file)))
    st = Setup(a, block, preset, gen=equiv_text, tag="_equiv")
    st.engine = "pdr"   # the miter is another design: the props file's engine= is not for it
    # the second copy: the block's file (FILE itself when it mutates the block) and FILE
    names = {block, os.path.basename(file)[:-2]}
    gate = [os.path.join(st.work, "mut_" + block + ".v")]
    mutate(file if orig == st.rtl else st.rtl, "", gate[0], rename=names)
    if orig != st.rtl:
        gate.append(os.path.join(st.work, "mut_" + os.path.basename(file)))
        mutate(file, "", gate[1], rename=names)
    ok, line = prove(a, st, st.front([st.rtl] + gate), what="miter",
                     source="the miter of the RTL and the mutant %s (formal.py --equiv; the RTL's outputs)" % file)
    print(line.replace("proved (PDR, unbounded)", "EQUIVALENT (PDR, unbounded)"))
    return ok


def main(argv):
    ap = argparse.ArgumentParser(prog="formal.py", description="prove a block's properties (docs/formal.md)")
    ap.add_argument("--ctwin", required=True)
    ap.add_argument("--work", default="build/formal")
    ap.add_argument("--vectors", help="write the cover traces as DIR/<block>/<preset>_<cover>.vec")
    ap.add_argument("--depth", type=int, help="of the bounded runs (default: the props file's, else 20)")
    ap.add_argument("--pdr-timeout", type=int, default=300)
    ap.add_argument("--mutant-timeout", type=int, default=30, help="PDR's seconds on one mutant")
    ap.add_argument("--props", help="the property file to use instead of the block's (tests)")
    ap.add_argument("--cert", help="the proof certificate to check instead of the block's (tests)")
    ap.add_argument("--rtl", action="append", default=[], help="FILE named <block>.v instead of the block's RTL")
    ap.add_argument("--no-cover", action="store_true")
    ap.add_argument("--mutants", action="store_true",
                    help="also require every property to be broken by one of the block's RTL mutants")
    ap.add_argument("--equiv", metavar="FILE",
                    help="only: is FILE, a mutant of the block's RTL (or of a submodule), equivalent to it?")
    ap.add_argument("targets", nargs="*", metavar="BLOCK[:PRESET]")
    a = ap.parse_args(argv)
    try:
        targets = [(t.partition(":")[0], t.partition(":")[2] or None) for t in a.targets] or \
                  [(b, None) for b in ctkit.ctwin(a.ctwin, "blocks").split() if glob.glob("verilog/*/%s_props.svh" % b)]
    except ctkit.KitError as e:
        print("formal: %s" % e, file=sys.stderr)
        return 1
    a.rtl = {os.path.basename(f)[:-2] if f.endswith(".v") else f: f for f in a.rtl}
    for name, f in a.rtl.items():
        if name not in [b for b, _ in targets]:
            print("formal: --rtl %s: %s is not a block being checked" % (f, name), file=sys.stderr)
            return 1
    if a.equiv and len(targets) != 1:
        print("formal: --equiv FILE takes one BLOCK[:PRESET]", file=sys.stderr)
        return 1
    ok = True
    for b, p in targets:
        try:
            if a.equiv:
                ok = check_equiv(a, b, p, a.equiv) and ok
                continue
            st = Setup(a, b, p)
            fr = st.front()
            good, line = prove(a, st, fr)
            print(line)
            ok = good and ok
            if not a.no_cover:
                ok = cover(a, st, fr) and ok
            if a.mutants:
                ok = check_mutants(a, st) and ok
        except (FormalError, ctkit.KitError) as e:
            print("formal: %s" % e, file=sys.stderr)
            ok = False
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
