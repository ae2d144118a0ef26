"""test_ct_uvm.py - the tests of the UVM environment of ct_uvm.py, for any
block (docs/python.md, "The UVM environment"): make pyuvm BLOCK= CONFIG=
[SIM=] [TESTCASE=] runs them on the block's RTL with the C model as the
predictor.

  CtBaseTest       reset, every directed sequence of the block's page, then
                   CtConfig.items cycles of constrained random
  CtRandomTest     the random part alone
  CtDirectedTest   the directed sequences alone
  CtMidResetTest   the factory overrides RandomSeq with RandomWithResetsSeq
                   (a reset every 97 cycles): no line of the environment changes
  CtPassiveTest    the input agent passive (no sequencer, no driver): a
                   testbench of its own drives the DUT, as at system level,
                   and the environment only watches and checks
"""
import functools

import cocotb
from cocotb.clock import Clock
from cocotb.triggers import FallingEdge
from pyuvm import ConfigDB, uvm_active_passive_enum, uvm_factory, uvm_root, uvm_test

import cachetwin
from ct_uvm import CtConfig, CtEnv, CtPhase, CtSeqLib, CtVirtualSeq, RandomSeq


def ct_test(cls):
    """A cocotb test of the module named as the UVM test class, so that
    TESTCASE=CtFullTest picks it (pyuvm 2.9.1's own decorator files its test
    under a generated name, which TESTCASE cannot name)."""
    @cocotb.test()
    @functools.wraps(cls, updated=())
    async def run(_):
        await uvm_root().run_test(cls)
    return run


class CtBaseTest(uvm_test):
    """The whole virtual sequence, every cycle checked against the C model."""
    directed, random = True, True

    def build_phase(self):
        uvm_factory().clear_overrides()                   # (one process runs every test)
        self.set_overrides()
        cfg = CtConfig.create("ct_config")
        self.configure(cfg)
        model = cachetwin.Model(cfg.block, cfg.config)
        ConfigDB().set(None, "*", "ct_config", cfg)
        ConfigDB().set(None, "*", "ct_model", model)
        ConfigDB().set(None, "*", "ct_seqlib", CtSeqLib(model, cfg.seed))
        ConfigDB().set(None, "*", "ct_phase", CtPhase())
        ConfigDB().set(None, "*", "ct_test", type(self).__name__)
        self.env = CtEnv.create("env", self)

    def configure(self, cfg):
        """A variant changes the configuration here."""

    def set_overrides(self):
        """A variant overrides factory types here."""

    async def run_phase(self):
        self.raise_objection()
        dut = cocotb.top
        for n, _ in ConfigDB().get(None, "", "ct_model").inputs:
            getattr(dut, n).value = 0
        cocotb.start_soon(Clock(dut.clk_i, 10, units="ns").start(start_high=False))
        await self.stimulus(dut)
        await FallingEdge(dut.clk_i)
        await FallingEdge(dut.clk_i)                      # the last cycle is sampled
        self.drop_objection()

    async def stimulus(self, dut):
        seq = CtVirtualSeq.create("vseq")
        seq.directed, seq.random = self.directed, self.random
        await seq.start()


@ct_test
class CtFullTest(CtBaseTest):
    """Reset, the directed sequences, the random part."""


@ct_test
class CtRandomTest(CtBaseTest):
    """The random part alone."""
    directed = False


@ct_test
class CtDirectedTest(CtBaseTest):
    """The directed sequences alone."""
    random = False


class RandomWithResetsSeq(RandomSeq):
    """The random part with a reset cycle every 97 cycles."""
    resets = 0

    async def body(self):
        cfg = ConfigDB().get(None, "", "ct_config")
        for k in range(cfg.items):
            inputs = next(self.lib.stim)[0]
            RandomWithResetsSeq.resets += k % 97 == 96
            await self.send(*(({"rst_i": 1}, "reset") if k % 97 == 96 else (inputs, "random")))


@ct_test
class CtMidResetTest(CtBaseTest):
    """A factory override: RandomWithResetsSeq wherever RandomSeq is made."""

    def set_overrides(self):
        uvm_factory().set_type_override_by_type(RandomSeq, RandomWithResetsSeq)
        RandomWithResetsSeq.resets = 0

    def check_phase(self):
        cfg = ConfigDB().get(None, "", "ct_config")
        assert RandomWithResetsSeq.resets == cfg.items // 97, "the override ran: %d resets" % RandomWithResetsSeq.resets


@ct_test
class CtPassiveTest(CtBaseTest):
    """The input agent passive: this test drives the DUT itself."""

    def configure(self, cfg):
        cfg.active = uvm_active_passive_enum.UVM_PASSIVE

    async def stimulus(self, dut):
        cfg = ConfigDB().get(None, "", "ct_config")
        lib = ConfigDB().get(None, "", "ct_seqlib")
        ConfigDB().get(None, "", "ct_phase").phase = "random"   # (no hole check: a part of the directed cycles)
        cycles = [{"rst_i": 1}] * 2 + [c for _, cs in lib.directed for c in cs] + list(lib.random_head)
        for inputs in cycles[:cfg.items + 2]:
            await FallingEdge(dut.clk_i)
            for n, _ in ConfigDB().get(None, "", "ct_model").inputs:
                getattr(dut, n).value = inputs.get(n, 0)
