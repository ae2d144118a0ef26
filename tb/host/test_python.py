"""test_python.py - the Python module's own behaviour (docs/hosts.md,
"Python and cocotb"); its replay of every committed vector file is a
separate check of make test.  Standard library only: python3 test_python.py"""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "rtl_model", "host", "python"))
import cachetwin  # noqa: E402


class PythonHost(unittest.TestCase):
    def test_catalogue(self):
        self.assertEqual(cachetwin.blocks()[0], "loscache_ctr")
        self.assertIn("ata_tags", cachetwin.blocks())
        self.assertEqual(cachetwin.presets("loscache_ctr"), ["paper", "small", "tiny"])
        self.assertEqual(cachetwin.presets("nosuch"), [])

    def test_refusals_name_the_field(self):
        with self.assertRaisesRegex(ValueError, "unknown block 'nosuch'"):
            cachetwin.Model("nosuch", "small")
        with self.assertRaisesRegex(ValueError, "CNT_W=99"):
            cachetwin.Model("loscache_ctr", "CNT_W=99")
        m = cachetwin.Model("loscache_ctr", "small")
        with self.assertRaisesRegex(KeyError, "no input 'gate_o'"):
            m.cycle({"gate_o": 1})
        with self.assertRaisesRegex(ValueError, "pred_i=0x40 does not fit 6 bits"):
            m.cycle({"pred_i": 64})

    def test_fill_hit_gate(self):
        # LoSCache [000]: the fill is access 1; the access that reaches P gates
        m = cachetwin.Model("loscache_ctr", "small")
        m.cycle({"rst_i": 1})
        out = m.cycle({"op_i": 1, "line_i": 5, "pred_i": 2})
        self.assertEqual((out["count_o"], out["gate_o"]), (1, 0))
        out = m.cycle({"op_i": 2, "line_i": 5, "pred_i": 2})
        self.assertEqual((out["count_o"], out["gate_o"]), (2, 1))

    def test_eval_does_not_change_state(self):
        m = cachetwin.Model("loscache_ctr", "small")
        m.cycle({"rst_i": 1})
        for _ in range(3):
            out = m.eval({"op_i": 1, "line_i": 0, "pred_i": 3})
        self.assertEqual(out["count_o"], 1)
        m.step({"op_i": 1, "line_i": 0, "pred_i": 3})
        self.assertEqual(m.eval({"op_i": 0, "line_i": 0})["count_o"], 1)

    def test_reset_is_power_on(self):
        # a counter left at 2 reads as a fresh model's after reset(); the
        # configuration and ports stay
        m = cachetwin.Model("loscache_ctr", "small,NUM_LINES=16")
        fresh = cachetwin.Model("loscache_ctr", "small,NUM_LINES=16")
        m.cycle({"rst_i": 1})
        m.cycle({"op_i": 1, "line_i": 3, "pred_i": 2})
        self.assertEqual(m.eval({"op_i": 0, "line_i": 3})["count_o"], 1)
        before = (m.config, m.inputs, m.outputs)
        m.reset()
        probe = {"op_i": 0, "line_i": 3}
        self.assertEqual(m.eval(probe), fresh.eval(probe))
        self.assertEqual((m.config, m.inputs, m.outputs), before)
        self.assertIn("NUM_LINES=16", m.config)

    def test_config_required_and_attributes(self):
        with self.assertRaises(TypeError):
            cachetwin.Model("loscache_ctr")   # no default preset: the presets differ by orders of magnitude
        m = cachetwin.Model("loscache_ctr", "tiny")
        self.assertEqual(m.block, "loscache_ctr")
        self.assertTrue(all("=" in kv for kv in m.config.split()), m.config)
        self.assertEqual(m.inputs[0], ("rst_i", 1))
        # __all__: every public function and class the module defines, and nothing it lacks
        public = {n for n, v in vars(cachetwin).items()
                  if not n.startswith("_") and getattr(v, "__module__", None) == "cachetwin"}
        self.assertLessEqual(public, set(cachetwin.__all__))
        for n in cachetwin.__all__:
            self.assertTrue(hasattr(cachetwin, n), n)

    def test_wide_ports_are_one_int(self):
        m = cachetwin.Model("ata_tags", "wide")
        widths = dict(m.inputs)
        self.assertGreater(max(widths.values()), 64)
        name = max(widths, key=widths.get)
        m.cycle({name: (1 << widths[name]) - 1})   # the widest value fits
        with self.assertRaises(ValueError):
            m.cycle({name: 1 << widths[name]})     # one bit more does not

    def test_96_bit_port_by_name(self):
        # ccn small's rd_data_i is 96 bits: one int sets it, wider is refused
        m = cachetwin.Model("ccn", "small")
        self.assertEqual(dict(m.inputs)["rd_data_i"], 96)
        m.cycle({"rd_data_i": (1 << 96) - 1})
        with self.assertRaisesRegex(ValueError, "does not fit 96 bits"):
            m.cycle({"rd_data_i": 1 << 96})

    def test_cover_bins_and_hits(self):
        # loscache_ctr's COVER table by name; a FILL cycle shows its fill bin,
        # an idle one none; a block without a table has none
        m = cachetwin.Model("loscache_ctr", "small")
        names = [n for n, _, _ in m.cover_bins]
        self.assertEqual(len(names), 10)
        # "possible" follows the configuration: small cannot show dead_line, tiny shows every bin
        self.assertEqual([n for n, _, p in m.cover_bins if not p], ["dead_line"])
        self.assertTrue(all(p for _, _, p in cachetwin.Model("loscache_ctr", "tiny").cover_bins))
        m.cycle({"rst_i": 1})
        fill = {"op_i": 1, "line_i": 0, "pred_i": 3}
        hits = m.cover_hits(fill, m.eval(fill))
        self.assertTrue(hits and set(hits) <= set(names), hits)
        self.assertEqual(m.cover_hits({}, m.eval({})), [])
        self.assertEqual(cachetwin.Model("ccn", "tiny").cover_bins, [])

    def test_stimulus_is_the_kits(self):
        # the first cycles of the block's stimulus are the golden file's inputs,
        # the first one named as the file's comment names it
        m = cachetwin.Model("loscache_ctr", "small")
        st = cachetwin.Stimulus(m, 1)
        first = [next(st) for _ in range(3)]
        self.assertEqual(first[0], ({"rst_i": 1, "op_i": 0, "line_i": 0, "off_i": 0, "pred_i": 0, "thr_i": 0}, "reset"))
        v = cachetwin.Vectors(os.path.join(os.path.dirname(__file__), "..", "..", "vectors", "loscache_ctr",
                                           "small_s1_n3000.vec"))
        rows = [inputs for _, inputs, _ in v]
        st = cachetwin.Stimulus(m, 1)
        self.assertEqual([next(st)[0] for _ in range(200)], rows[:200])

    def test_replay_counts_cycles(self):
        root = os.path.join(os.path.dirname(__file__), "..", "..")
        self.assertEqual(cachetwin.replay(os.path.join(root, "vectors", "ata_tags", "wide_s1_n300.vec")), 300)

    def test_mismatch_report(self):
        # the first differing output heads the report; x for None; every
        # output in the table, only the differing ones marked
        r = cachetwin.mismatch_report("cocotb-icarus", "loscache_ctr", 7, {"count_o": 3, "gate_o": 1, "thr_o": 2},
                                      {"count_o": 3, "gate_o": None, "thr_o": 1}, {"rst_i": 0, "op_i": 2},
                                      where="f.vec line 30", reproduce="make cocotb BLOCK=loscache_ctr")
        lines = r.splitlines()
        self.assertEqual(lines[0], "MISMATCH cocotb-icarus loscache_ctr at cycle 7 (f.vec line 30) port gate_o: "
                                   "expected 1, actual x")
        self.assertEqual(lines[1].split(), ["port", "expected", "actual"])
        self.assertEqual(lines[2].split(), ["count_o", "3", "3"])
        self.assertEqual(lines[3].split(), ["gate_o", "1", "x", "<--", "MISMATCH"])
        self.assertEqual(lines[4].split(), ["thr_o", "2", "1", "<--", "MISMATCH"])
        self.assertEqual(lines[5], "  inputs: rst_i=0 op_i=2")
        self.assertEqual(lines[6], "  reproduce: make cocotb BLOCK=loscache_ctr")
        self.assertEqual(len(lines), 7)
        short = cachetwin.mismatch_report("pyuvm", "bgp", 0, {"a_o": 0x1f}, {"a_o": 0}, {})
        self.assertEqual(short.splitlines()[0], "MISMATCH pyuvm bgp at cycle 0 port a_o: expected 1f, actual 0")
        self.assertNotIn("reproduce", short)
        with self.assertRaisesRegex(ValueError, "no output differs"):
            cachetwin.mismatch_report("pyuvm", "bgp", 0, {"a_o": 1}, {"a_o": 1}, {})


if __name__ == "__main__":
    unittest.main(verbosity=1)
