"""test_cachetwin.py - the cocotb test of every block: the RTL (the block's
generated <block>_top wrapper, its configuration's parameters set) against
the C model, cachetwin.Model, as scoreboard, every output every cycle.

Nothing in it is written per block: the ports, their widths and the
configuration come from the block's description through the Model, the
stimulus from a vector file (CT_VEC: the block's own constrained-random
stimulus as `ctwin gen` writes it, or any file of the vector format).  Only
the file's inputs are used; the expected outputs come from the Model.

Timing (docs/conventions.md): the inputs of cycle n are driven while the
clock is low, the outputs are compared 5 ns later, before the rising edge.
A mismatch fails the test with the kit's report: the cycle, the file's line,
every port expected/actual, the inputs and the command that reproduces it.
Run it with `make cocotb BLOCK= CONFIG= SIM=icarus|verilator`."""
import os

import cocotb
from cocotb.triggers import Timer

import cachetwin


def _value(sig):
    """The signal's value as an int, or None when it holds x or z."""
    v = sig.value
    return v.integer if v.is_resolvable else None


def _reproduce(block, sim, path):
    vdir = os.environ.get("CT_VDIR")
    return "make cocotb BLOCK=%s CONFIG=%s SIM=%s VEC=%s%s" % (
        block, os.environ.get("CT_CONFIG", "?"), sim, path, " VDIR=" + vdir if vdir else "")


@cocotb.test()
async def lockstep(dut):
    """The RTL against the C model on the vector file's inputs."""
    path = os.environ["CT_VEC"]
    sim = os.environ.get("CT_SIM", cocotb.SIM_NAME.split()[0].lower())
    vec = cachetwin.Vectors(path)
    model = vec.model
    # the DUT must be the block's wrapper in the file's configuration
    built = os.environ.get("CT_CONFIG")
    if built:
        rtl_cfg = cachetwin.Model(vec.block, built).config
        assert rtl_cfg == model.config, "%s: configuration mismatch: the file has '%s', the RTL was built for '%s'" % (
            path, model.config, rtl_cfg)
    ins = [(n, getattr(dut, n)) for n, _ in model.inputs]
    outs = [(n, getattr(dut, n)) for n, _ in model.outputs]
    for (n, w), (_, h) in zip(model.inputs + model.outputs, ins + outs):
        assert len(h) == w, "%s: port %s is %d bits in the RTL, %d in the model (%s)" % (
            vec.block, n, len(h), w, model.config)
    clk = dut.clk_i
    clk.value = 0
    cycle = 0
    for line, inputs, _ in vec:
        for n, h in ins:
            h.value = inputs[n]
        await Timer(5, "ns")                       # the compare point, before the edge
        exp = model.cycle(inputs)
        got = {n: _value(h) for n, h in outs}
        if got != exp:
            raise AssertionError(cachetwin.mismatch_report(
                "cocotb-" + sim, vec.block, cycle, exp, got, inputs, where="%s line %d" % (path, line),
                reproduce=_reproduce(vec.block, sim, path)))
        clk.value = 1                              # the rising edge
        await Timer(5, "ns")
        clk.value = 0
        cycle += 1
    dut._log.info("PASS cocotb-%s %s %s: %d cycles against the C model", sim, vec.block, path, cycle)
