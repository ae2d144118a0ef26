"""test_shadow_tags_uvm.py - a complete UVM-style environment (pyuvm 2.9.1
on cocotb 1.8.1) for the CCN shadow tags (CCN [004], Sec. 4.3;
docs/blocks/shadow_tags.md), with the C model as the scoreboard's predictor.
It is the example to copy for another block: only the sequence item, the
driver and the coverage bins know shadow_tags.

    sequence (RandomOps) -> sequencer -> Driver -> DUT (shadow_tags_top)
                                                    |
    Coverage  <- analysis port -- Monitor <---------+  every cycle: inputs, outputs
    Scoreboard <-/                     (predictor: cachetwin.Model, the C model)

- StItem: one operation: an L1 tag update (fill or invalidate of a way), a
  remote lookup (valid/ready: held until accepted), both in one cycle (the
  update wins the single port, the lookup waits), an idle cycle, a reset.
- Driver: drives an item while the clock is low; holds a lookup until a
  cycle with lk_ready_o = 1 accepts it.
- Monitor: samples every port 1 ns before each rising edge (the compare
  point of docs/conventions.md) and writes one CycleTxn per cycle.
- Scoreboard: feeds each cycle's inputs to the C model and compares every
  output; the first mismatch is reported as the kit does (cycle, ports,
  expected/actual, the command that reproduces it) and fails the test.
- Coverage: bins from the monitor's transactions (hit in each way, miss, fill,
  invalidate, a lookup stalled by an update, a lookup waiting out the
  post-reset sweep, lookups accepted back to back); check_phase requires each.

Run: make pyuvm (Icarus; SIM=verilator too), or scripts/cocotb.sh with
COCOTB_MODULE=test_shadow_tags_uvm COCOTB_PATH=tb/pyuvm.  CT_CONFIG picks the
preset (default small), CT_SEED the sequence's seed, CT_ITEMS its length."""
import os
import random

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge, Timer
import pyuvm
from pyuvm import (ConfigDB, uvm_analysis_port, uvm_driver, uvm_env, uvm_component, uvm_sequence,
                   uvm_sequence_item, uvm_sequencer, uvm_subscriber, uvm_test)

import cachetwin

BLOCK = "shadow_tags"
CONFIG = os.environ.get("CT_CONFIG", "small")
INPUTS = ("rst_i", "upd_i", "upd_la_i", "upd_way_i", "upd_v_i", "lk_valid_i", "lk_la_i", "lk_core_i")


class StItem(uvm_sequence_item):
    """One operation on the shadow tags."""
    KINDS = ("update", "lookup", "both", "idle", "reset")

    def __init__(self, name="st_item", kind="idle", la=0, way=0, v=1, lk_la=0, core=0):
        super().__init__(name)
        self.kind, self.la, self.way, self.v, self.lk_la, self.core = kind, la, way, v, lk_la, core

    def randomize_with(self, rng, p):
        """A random operation over a few line addresses (so lookups hit)."""
        self.kind = rng.choices(("update", "lookup", "both", "idle"), (30, 45, 15, 10))[0]
        pool = p["pool"]
        self.la, self.lk_la = rng.choice(pool), rng.choice(pool)
        self.way = rng.randrange(p["WAYS"])
        self.v = int(rng.random() < 0.8)
        self.core = rng.randrange(1 << p["CORE_W"])

    def __str__(self):
        return "%s la=%x way=%d v=%d lk_la=%x core=%d" % (self.kind, self.la, self.way, self.v, self.lk_la,
                                                        self.core)


class RandomOps(uvm_sequence):
    """A reset, then ITEMS random operations."""

    async def body(self):
        p = ConfigDB().get(None, "", "params")
        rng = random.Random(int(os.environ.get("CT_SEED", "1")))
        await self.start_item(item := StItem("reset", kind="reset"))
        await self.finish_item(item)
        for i in range(int(os.environ.get("CT_ITEMS", "600"))):
            item = StItem("op%d" % i)
            await self.start_item(item)
            item.randomize_with(rng, p)
            await self.finish_item(item)


class Driver(uvm_driver):
    def start_of_simulation_phase(self):
        self.dut = cocotb.top

    def _drive(self, **ports):
        for n in INPUTS:
            getattr(self.dut, n).value = ports.get(n, 0)

    async def run_phase(self):
        while True:
            item = await self.seq_item_port.get_next_item()
            await FallingEdge(self.dut.clk_i)
            upd = dict(upd_i=1, upd_la_i=item.la, upd_way_i=item.way, upd_v_i=item.v)
            lk = dict(lk_valid_i=1, lk_la_i=item.lk_la, lk_core_i=item.core)
            if item.kind == "reset":
                self._drive(rst_i=1)
            elif item.kind == "update":
                self._drive(**upd)
            elif item.kind in ("lookup", "both"):
                self._drive(**lk, **(upd if item.kind == "both" else {}))
                while True:                               # held until accepted
                    await Timer(4, "ns")
                    if self.dut.lk_ready_o.value == 1:
                        break
                    await FallingEdge(self.dut.clk_i)
                    self._drive(**lk)
            else:
                self._drive()
            self.seq_item_port.item_done()


class CycleTxn:
    """Every port's value in one cycle (None for x/z)."""

    def __init__(self, cycle, inputs, outputs):
        self.cycle, self.inputs, self.outputs = cycle, inputs, outputs


class Monitor(uvm_component):
    def build_phase(self):
        self.ap = uvm_analysis_port("ap", self)

    def start_of_simulation_phase(self):
        self.dut = cocotb.top
        self.model = ConfigDB().get(None, "", "model")

    async def run_phase(self):
        cycle = 0
        while True:
            await FallingEdge(self.dut.clk_i)
            await Timer(4, "ns")                          # 1 ns before the rising edge

            def val(n):
                v = getattr(self.dut, n).value
                return v.integer if v.is_resolvable else None
            self.ap.write(CycleTxn(cycle, {n: val(n) for n, _ in self.model.inputs},
                                   {n: val(n) for n, _ in self.model.outputs}))
            cycle += 1


class Scoreboard(uvm_subscriber):
    """The C model predicts every output of every cycle."""

    def start_of_simulation_phase(self):
        self.model = cachetwin.Model(BLOCK, CONFIG)
        self.cycles, self.first_error = 0, None

    def write(self, t):
        if self.first_error:
            return
        if None in t.inputs.values():
            self.first_error = "cycle %d: an input is x: %s" % (t.cycle, t.inputs)
            return
        exp = self.model.cycle(t.inputs)
        if t.outputs != exp:
            vdir = os.environ.get("CT_VDIR")
            self.first_error = cachetwin.mismatch_report(
                "pyuvm", BLOCK, t.cycle, exp, t.outputs, t.inputs,
                reproduce="make pyuvm CONFIG=%s SEED=%s SIM=%s%s" % (
                    CONFIG, os.environ.get("CT_SEED", "1"), os.environ.get("CT_SIM", "icarus"),
                    " VDIR=" + vdir if vdir else ""))
        self.cycles += 1

    def check_phase(self):
        assert self.first_error is None, self.first_error
        assert self.cycles > 0, "the scoreboard saw no cycle"

    def report_phase(self):
        self.logger.info("scoreboard: %d cycles, every output matched the C model" % self.cycles)


class Coverage(uvm_subscriber):
    """Functional coverage collected from the monitor."""

    def start_of_simulation_phase(self):
        p = ConfigDB().get(None, "", "params")
        self.bins = {"hit_way%d" % w: 0 for w in range(p["WAYS"])}
        self.bins.update({b: 0 for b in ("miss", "fill", "invalidate", "lookup_stalled_by_update",
                                         "lookup_waits_for_sweep", "lookups_back_to_back")})
        self.prev_accept = False

    def write(self, t):
        i, o = t.inputs, t.outputs
        if i["rst_i"]:
            self.prev_accept = False
            return
        if o["rsp_valid_o"]:
            self.bins["hit_way%d" % o["rsp_way_o"] if o["rsp_hit_o"] else "miss"] += 1
        if i["upd_i"] and not o["busy_o"]:
            self.bins["fill" if i["upd_v_i"] else "invalidate"] += 1
        if i["lk_valid_i"] and i["upd_i"] and not o["busy_o"]:
            self.bins["lookup_stalled_by_update"] += 1
        if i["lk_valid_i"] and o["busy_o"]:
            self.bins["lookup_waits_for_sweep"] += 1
        accept = bool(i["lk_valid_i"] and o["lk_ready_o"])
        if accept and self.prev_accept:
            self.bins["lookups_back_to_back"] += 1
        self.prev_accept = accept

    def check_phase(self):
        holes = [b for b, n in self.bins.items() if n == 0]
        assert not holes, "coverage holes: %s" % " ".join(holes)

    def report_phase(self):
        self.logger.info("coverage: " + " ".join("%s=%d" % kv for kv in self.bins.items()))


class Env(uvm_env):
    def build_phase(self):
        self.seqr = uvm_sequencer("seqr", self)
        ConfigDB().set(None, "*", "SEQR", self.seqr)
        self.driver = Driver("driver", self)
        self.monitor = Monitor("monitor", self)
        self.scoreboard = Scoreboard("scoreboard", self)
        self.coverage = Coverage("coverage", self)

    def connect_phase(self):
        self.driver.seq_item_port.connect(self.seqr.seq_item_export)
        self.monitor.ap.connect(self.scoreboard.analysis_export)
        self.monitor.ap.connect(self.coverage.analysis_export)


@pyuvm.test()
class ShadowTagsTest(uvm_test):
    """Random updates and lookups, every cycle checked against the C model."""

    def build_phase(self):
        model = cachetwin.Model(BLOCK, CONFIG)
        params = dict(kv.split("=") for kv in model.config.split())
        params = {k: int(v) for k, v in params.items()}
        # a few line addresses per set, so that lookups hit and ways fill up
        rng = random.Random(7)
        params["pool"] = [rng.randrange(1 << params["LA_W"]) for _ in range(3 * params["SETS"] * params["WAYS"] // 2)]
        ConfigDB().set(None, "*", "params", params)
        ConfigDB().set(None, "*", "model", model)
        self.env = Env("env", self)

    async def run_phase(self):
        self.raise_objection()
        dut = cocotb.top
        for n in INPUTS:
            getattr(dut, n).value = 0
        cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start(start_high=False))
        await RandomOps("ops").start(self.env.seqr)
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)                      # the last response is seen
        self.drop_objection()
