"""ct_uvm.py - a UVM environment for any block of the kit, generated at
elaboration from the block's description (its ports, its functional
coverage bins and its stimulus, through the cachetwin package): pyuvm 2.9.1
on cocotb 1.8.1, coverage by cocotb-coverage 1.2.0 (docs/python.md, "The
UVM environment").  Nothing here names a block.

    CtVirtualSeq: ResetSeq, one DirectedSeq per directed sequence of the
                  block's page, RandomSeq (the library: CtSeqLib)
        |
    in_agent (active: sequencer, CtDriver; passive: monitor only)
        CtInMonitor --> CtPredictor (the C model) --> CtScoreboard <-- CtOutMonitor (out_agent)
                    \\-> CtCoverage (covergroup: the COVER table, output transitions,
                                    bins x the phase that hit them)

Every component and item is made by the factory (create), so a test
overrides any of them; the configuration (CtConfig: block, preset, seed,
item count, whether the input agent is active) travels through ConfigDB,
read from plusargs (+ct_config= +ct_seed= +ct_items= +ct_passive) or the
environment (CT_CONFIG, CT_SEED, CT_ITEMS) that make pyuvm sets.
"""
import os

import cocotb
from cocotb.triggers import FallingEdge, Timer
from cocotb_coverage.coverage import CoverCross, CoverPoint, coverage_db
import pyuvm
from pyuvm import (ConfigDB, uvm_active_passive_enum, uvm_agent, uvm_analysis_port, uvm_component, uvm_driver,
                   uvm_env, uvm_object, uvm_sequence, uvm_sequence_item, uvm_sequencer, uvm_subscriber)

import cachetwin

DIRECTED_SPAN = 1000   # the directed sequences start within the stimulus's first cycles


class CtConfig(uvm_object):
    """What a run needs: the block and its configuration, the seed, the
    number of random items, whether the input agent drives."""

    def __init__(self, name="ct_config"):
        super().__init__(name)
        args = cocotb.plusargs
        top = os.environ.get("TOPLEVEL", "")
        self.block = os.environ.get("CT_BLOCK") or (top[:-4] if top.endswith("_top") else top)
        self.config = str(args.get("ct_config", os.environ.get("CT_CONFIG", "small")))
        self.seed = int(args.get("ct_seed", os.environ.get("CT_SEED", "1")))
        self.items = int(args.get("ct_items", os.environ.get("CT_ITEMS", "400")))
        self.active = uvm_active_passive_enum.UVM_PASSIVE if "ct_passive" in args \
            else uvm_active_passive_enum.UVM_ACTIVE
        # a possible COVER bin no cycle hit fails the test (else it is reported)
        self.require_coverage = "ct_require_coverage" in args or os.environ.get("CT_REQUIRE_COVERAGE") == "1"


class CtPhase:
    """The phase of the item being driven (the driver sets it; the coverage
    reads it in the same cycle): reset, directed or random."""

    def __init__(self):
        self.phase = "reset"


class CtItem(uvm_sequence_item):
    """One cycle's inputs, by port name, and the phase that made it."""

    def __init__(self, name="ct_item", inputs=None, phase="random"):
        super().__init__(name)
        self.inputs, self.phase = dict(inputs or {}), phase

    def __str__(self):
        return "%s %s" % (self.phase, " ".join("%s=%x" % kv for kv in self.inputs.items()))


class CtTxn:
    """One cycle as a monitor saw it: its number, port values (None: x/z)."""

    def __init__(self, cycle, values):
        self.cycle, self.values = cycle, values


class CtSeqLib:
    """The block's sequences, from the C model's stimulus: each directed
    sequence of the block's page (named by its note) with its cycles, then
    the stimulus's open-ended part from the last of them on."""

    def __init__(self, model, seed):
        self.stim = cachetwin.Stimulus(model, seed)
        self.directed, cur = [], None
        for k, (inputs, note) in zip(range(DIRECTED_SPAN), self.stim):
            if note:
                cur = (note, [])
                self.directed.append(cur)
            if cur is None:
                cur = ("prologue", [])
                self.directed.append(cur)
            cur[1].append(inputs)
        # the last one runs on: it is the random part's start
        self.random_name, tail = self.directed.pop() if len(self.directed) > 1 else ("random", [])
        self.random_head = tail


class CtSeq(uvm_sequence):
    """A sequence of the library: send() makes one item (by the factory) and
    hands it to the driver."""

    async def send(self, inputs, phase):
        item = CtItem.create(phase)
        item.inputs, item.phase = inputs, phase
        await self.start_item(item)
        await self.finish_item(item)


class ResetSeq(CtSeq):
    """Two cycles of reset, every other input 0."""

    async def body(self):
        for _ in range(2):
            await self.send({"rst_i": 1}, "reset")


class DirectedSeq(CtSeq):
    """One directed sequence of the block's page (its cycles set by the
    virtual sequence before start)."""
    cycles = ()

    async def body(self):
        for inputs in self.cycles:
            await self.send(inputs, "directed")


class RandomSeq(CtSeq):
    """The stimulus's constrained-random part: CtConfig.items cycles."""
    lib = None

    async def body(self):
        cfg = ConfigDB().get(None, "", "ct_config")
        head = list(self.lib.random_head)
        for k in range(cfg.items):
            await self.send(head[k] if k < len(head) else next(self.lib.stim)[0], "random")


class CtVirtualSeq(uvm_sequence):
    """Reset, every directed sequence of the library in order, the random part."""
    directed = True
    random = True

    async def body(self):
        seqr = ConfigDB().get(None, "", "ct_seqr")
        lib = ConfigDB().get(None, "", "ct_seqlib")
        await ResetSeq.create("reset").start(seqr)
        if self.directed:
            for name, cycles in lib.directed:
                seq = DirectedSeq.create(name)
                seq.cycles = cycles
                await seq.start(seqr)
        if self.random:
            seq = RandomSeq.create(lib.random_name)
            seq.lib = lib
            await seq.start(seqr)


class CtDriver(uvm_driver):
    """Drives an item's inputs while the clock is low (missing inputs 0)."""

    def start_of_simulation_phase(self):
        self.dut = cocotb.top
        self.names = [n for n, _ in ConfigDB().get(None, "", "ct_model").inputs]

    async def run_phase(self):
        while True:
            item = await self.seq_item_port.get_next_item()
            await FallingEdge(self.dut.clk_i)
            self.drive(item)
            self.seq_item_port.item_done()

    def drive(self, item):
        ConfigDB().get(None, "", "ct_phase").phase = item.phase
        for n in self.names:
            getattr(self.dut, n).value = item.inputs.get(n, 0)


class CtMonitor(uvm_component):
    """Samples a set of ports 1 ns before each rising edge (the compare point
    of docs/conventions.md); one CtTxn a cycle on `ap`."""
    direction = "inputs"

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)

    def start_of_simulation_phase(self):
        self.dut = cocotb.top
        model = ConfigDB().get(None, "", "ct_model")
        self.names = [n for n, _ in getattr(model, self.direction)]

    async def run_phase(self):
        cycle = 0
        while True:
            await FallingEdge(self.dut.clk_i)
            await Timer(4, "ns")
            vals = {}
            for n in self.names:
                v = getattr(self.dut, n).value
                vals[n] = v.integer if v.is_resolvable else None
            self.ap.write(CtTxn(cycle, vals))
            cycle += 1


class CtInMonitor(CtMonitor):
    direction = "inputs"


class CtOutMonitor(CtMonitor):
    direction = "outputs"


class CtInAgent(uvm_agent):
    """The inputs: sequencer and driver when active, the monitor always."""

    def build_phase(self):
        super().build_phase()
        self.monitor = CtInMonitor.create("monitor", self)
        if self.get_is_active() == uvm_active_passive_enum.UVM_ACTIVE:
            self.seqr = uvm_sequencer("seqr", self)
            self.driver = CtDriver.create("driver", self)
            ConfigDB().set(None, "*", "ct_seqr", self.seqr)

    def connect_phase(self):
        if self.get_is_active() == uvm_active_passive_enum.UVM_ACTIVE:
            self.driver.seq_item_port.connect(self.seqr.seq_item_export)


class CtOutAgent(uvm_agent):
    """The outputs: a monitor (always passive)."""

    def build_phase(self):
        super().build_phase()
        self.monitor = CtOutMonitor.create("monitor", self)


class CtPredictor(uvm_subscriber):
    """The C model: each cycle's monitored inputs in, the expected outputs out
    (ap: (txn of the inputs, expected outputs))."""

    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)

    def start_of_simulation_phase(self):
        cfg = ConfigDB().get(None, "", "ct_config")
        self.model = cachetwin.Model(cfg.block, cfg.config)

    def write(self, t):
        exp = None if None in t.values.values() else self.model.cycle(t.values)
        self.ap.write((t, exp))


class CtScoreboard(uvm_component):
    """Expected (the predictor) against actual (the output monitor), cycle by
    cycle, every output; the first difference is the kit's report."""

    def build_phase(self):
        self.exp_fifo = pyuvm.uvm_tlm_analysis_fifo("exp_fifo", self)
        self.act_fifo = pyuvm.uvm_tlm_analysis_fifo("act_fifo", self)
        self.exp_export, self.act_export = self.exp_fifo.analysis_export, self.act_fifo.analysis_export
        self.cycles, self.first_error = 0, None

    def start_of_simulation_phase(self):
        self.cfg = ConfigDB().get(None, "", "ct_config")

    def check_phase(self):
        while self.exp_fifo.can_get() and self.act_fifo.can_get():
            _, (tin, exp) = self.exp_fifo.try_get()
            _, tout = self.act_fifo.try_get()
            if self.first_error:
                continue
            if exp is None:
                self.first_error = "cycle %d: an input is x or z: %s" % (tin.cycle, tin.values)
            elif tout.values != exp:
                vdir = os.environ.get("CT_VDIR")
                self.first_error = cachetwin.mismatch_report(
                    "pyuvm", self.cfg.block, tin.cycle, exp, tout.values, tin.values,
                    reproduce="make pyuvm BLOCK=%s CONFIG=%s SEED=%d ITEMS=%d SIM=%s TESTCASE=%s%s" % (
                        self.cfg.block, self.cfg.config, self.cfg.seed, self.cfg.items,
                        os.environ.get("CT_SIM", "icarus"), ConfigDB().get(None, "", "ct_test"),
                        " VDIR=" + vdir if vdir else ""))
            self.cycles += 1
        assert self.first_error is None, self.first_error
        assert self.cycles > 0, "the scoreboard saw no cycle"

    def report_phase(self):
        self.logger.info("scoreboard: %d cycles, every output matched the C model" % self.cycles)


class CtCoverage(uvm_subscriber):
    """A covergroup made at elaboration from the block's description: a
    coverpoint per bin of its COVER table (hit or not, cycle by cycle), a
    transition coverpoint per 1-bit output (0 -> 1, 1 -> 0), and the cross of
    the COVER bins with the phase that hit them (directed or random: a bin
    only the directed sequences reach is one the random part never shows).
    A possible COVER bin no cycle hit is reported as a hole; with
    CtConfig.require_coverage it fails the test (when the directed sequences
    ran: they are the ones written to reach the bins)."""

    def start_of_simulation_phase(self):
        cfg = ConfigDB().get(None, "", "ct_config")
        self.model = cachetwin.Model(cfg.block, cfg.config)
        self.bins = [(n, p) for n, _, p in self.model.cover_bins]
        self.flags = [n for n, w in self.model.outputs if w == 1]
        self.words = [n for n, w in self.model.outputs if w > 1]
        self.prev, self.seen_directed = {}, False
        # one covergroup per test (coverage_db outlives a test)
        g = "ct.%s.%s" % (cfg.block, ConfigDB().get(None, "", "ct_test"))
        points = []
        for n, _ in self.bins:
            points.append(CoverPoint("%s.cover.%s" % (g, n), xf=lambda hits, ph, tr, out, n=n: n in hits, bins=[True]))
        for n in self.flags:
            points.append(CoverPoint("%s.toggle.%s" % (g, n), xf=lambda hits, ph, tr, out, n=n: tr.get(n),
                                     bins=[(0, 1), (1, 0)]))
        for n in self.words:
            points.append(CoverPoint("%s.value.%s" % (g, n), xf=lambda hits, ph, tr, out, n=n: "nonzero" if out[n] else "zero",
                                     bins=["zero", "nonzero"]))
        points.append(CoverPoint("%s.phase" % g, xf=lambda hits, ph, tr, out: ph, bins=["directed", "random"]))
        self.cross = None
        if self.bins:
            points.append(CoverPoint("%s.bin" % g, xf=lambda hits, ph, tr, out: hits, bins=[n for n, _ in self.bins],
                                     rel=lambda val, b: b in val, inj=False))
            self.cross = "%s.bin_x_phase" % g
            points.append(CoverCross(self.cross, items=["%s.bin" % g, "%s.phase" % g]))
        self.group = g

        def sample(hits, ph, tr, out):
            pass
        for p in reversed(points):
            sample = p(sample)
        self.sample = sample

    def write(self, item):
        t, exp = item
        if exp is None:
            return
        phase = ConfigDB().get(None, "", "ct_phase").phase
        self.seen_directed |= phase == "directed"
        hits = set(self.model.cover_hits(t.values, exp))
        tr = {n: (self.prev[n], exp[n]) for n in self.flags if n in self.prev}
        self.prev = {n: exp[n] for n in self.flags}
        self.sample(hits, phase, tr, exp)

    def check_phase(self):
        self.holes = [n for n, p in self.bins if p and coverage_db["%s.cover.%s" % (self.group, n)].coverage == 0]
        if self.holes and self.seen_directed and ConfigDB().get(None, "", "ct_config").require_coverage:
            assert False, "coverage holes (COVER bins no cycle hit): %s" % " ".join(self.holes)

    def report_phase(self):
        db = coverage_db[self.group]
        self.logger.info("coverage %s: %d of %d bins (%.1f %%)%s; holes: %s" % (
            self.group, db.coverage, db.size, db.cover_percentage,
            "; COVER x phase %d of %d" % (coverage_db[self.cross].coverage, coverage_db[self.cross].size)
            if self.cross else "", " ".join(self.holes) or "none"))


class CtEnv(uvm_env):
    """The agents, the predictor, the scoreboard and the coverage."""

    def build_phase(self):
        cfg = ConfigDB().get(None, "", "ct_config")
        ConfigDB().set(self, "in_agent", "is_active", cfg.active)
        ConfigDB().set(self, "out_agent", "is_active", uvm_active_passive_enum.UVM_PASSIVE)
        self.in_agent = CtInAgent.create("in_agent", self)
        self.out_agent = CtOutAgent.create("out_agent", self)
        self.predictor = CtPredictor.create("predictor", self)
        self.scoreboard = CtScoreboard.create("scoreboard", self)
        self.coverage = CtCoverage.create("coverage", self)

    def connect_phase(self):
        self.in_agent.monitor.ap.connect(self.predictor.analysis_export)
        self.predictor.ap.connect(self.scoreboard.exp_export)
        self.predictor.ap.connect(self.coverage.analysis_export)
        self.out_agent.monitor.ap.connect(self.scoreboard.act_export)
