# power: the storage arrays priced as SRAM by CACTI 7 (scripts/power/arrays.py,
# docs/power.md): which inventory rows are arrays, the padding rule and its
# scaling, a few CACTI queries pinned to 1 %, figures against published
# anchors, monotonicity, and every refusal.
section power

# the scripts under test (make mutants runs this section on a mutated copy)
PD=${CT_POWER_DIR:-scripts/power}

PW="python3 $PD/arrays.py --ctwin $CT --cacti build/tools/cacti/src/cacti"
pw_py() { python3 -c "import sys; sys.path.insert(0, '$PD'); import arrays as A
C = 'build/tools/cacti/src/cacti'
$1" "$tmp"; }

# rows as `ctwin area` prints them, written by hand: arrays are rows of two or
# more entries in the paper's count; "(x N on the chip)" is kept
expect "arrays: the inventory's arrays (as-built, instrumentation and one-entry rows are not)" 0 "ok" pw_py '
t = """block            config   structure                entries   bits        total           bytes
loscache         paper    entries                       21 x  63 =       1323 bits      165.4 B  (x 15 on the chip)
                          thresholds                    21 x   2 =         42 bits        5.2 B  (as built: not in the paper'"'"'s count)
                          phase                          1 x   2 =          2 bits        0.2 B
                          access_count                6144 x   6 =      36864 bits     4608.0 B
                          mode_counts                    2 x  13 =         26 bits        3.2 B  (instrumentation)
                          = block total                                44413 bits     5551.6 B"""
got = A.inventory_arrays(t)
assert got == [("entries", 21, 63, 15), ("access_count", 6144, 6, 1)], got
print("ok")'

# CACTI models no array under 32 rows or 64 bytes and no word under a byte
expect "arrays: the padding rule (whole bytes, 32 rows, 64 bytes)" 0 "ok" pw_py '
cases = {(21, 63): (32, 8), (6144, 1): (6144, 1), (2, 2048): (32, 256), (8, 1061): (32, 133),
         (3, 4): (64, 1), (96, 100): (96, 13), (40, 9): (40, 2), (1024, 64): (1024, 8)}
for k, v in cases.items():
    assert A.padded(*k) == v, (k, A.padded(*k), v)
print("ok")'

# CACTI's own figures for three queries at the kit's settings, pinned to 1 %
# (a change of CACTI's build, the wheel or cacti_ram.cfg shows here)
pw_golden() { pw_py '
gold = [((1024, 64, 45, "itrs-hp", 360), dict(read_pj=5.2883, write_pj=6.5023, leak_uw=10169.2, access_ns=0.2875, area_um2=26291.2)),
        ((1024, 64, 45, "itrs-lop", 360), dict(read_pj=3.1622, write_pj=3.2442, leak_uw=693.336, access_ns=0.6518, area_um2=26281.7)),
        ((128, 64, 45, "itrs-hp", 360), dict(read_pj=1.4337, write_pj=2.9062, leak_uw=1258.25, access_ns=0.2082, area_um2=3600.96))]
for q, want in gold:
    r = A.price(C, None, *q)
    for k, v in want.items():
        assert abs(r[k] / v - 1) < 0.01, (q, k, r[k], v)
print("ok")'; }
needs cacti
expect "arrays: three CACTI queries within 1 % of their pinned values" 0 "ok" pw_golden

# independent anchors: an 8 KB SRAM's 64-bit read at 45 nm is about 10 pJ
# (M. Horowitz, "Computing's energy problem", ISSCC 2014); small itrs-hp arrays
# leak of the order of 100 nW a bit at 360 K, itrs-lop about ten times less
pw_anchors() { pw_py '
hp, lop = A.price(C, None, 1024, 64, 45, "itrs-hp", 360), A.price(C, None, 1024, 64, 45, "itrs-lop", 360)
assert 3 <= hp["read_pj"] <= 30, hp
bit = hp["leak_uw"] * 1e3 / 65536
assert 30 <= bit <= 300, bit
assert 5 <= hp["leak_uw"] / lop["leak_uw"] <= 50, (hp, lop)
print("ok %.1f pJ, %.0f nW/bit" % (hp["read_pj"], bit))'; }
needs cacti
expect "arrays: an 8 KB SRAM near the published 45 nm figures (10 pJ a read, ~100 nW a bit)" 0 "ok" pw_anchors

pw_monotone() { pw_py '
p = lambda *q: A.price(C, None, *q)
s = [p(n, 64, 45, "itrs-hp", 360) for n in (128, 1024, 8192)]
assert s[0]["leak_uw"] < s[1]["leak_uw"] < s[2]["leak_uw"] and s[0]["read_pj"] < s[1]["read_pj"] < s[2]["read_pj"], s
t = [p(1024, 64, 45, "itrs-hp", k)["leak_uw"] for k in (300, 360, 400)]
assert t[0] < t[1] < t[2], t
f = [p(1024, 64, 45, fl, 360)["leak_uw"] for fl in ("itrs-hp", "itrs-lop", "itrs-lstp")]
assert f[0] > f[1] > f[2], f
print("ok")'; }
needs cacti
expect "arrays: leakage grows with size and temperature, hp > lop > lstp; energy grows with size" 0 "ok" pw_monotone

# a padded array's leakage and area are the padded query's x real/padded bits
# (21 x 63 bits asked as 32 x 64); its energies are the padded array's
pw_scale() { pw_py '
a, b = A.price(C, None, 21, 63, 45, "itrs-hp", 360), A.price(C, None, 32, 64, 45, "itrs-hp", 360)
assert a["padded"] and not b["padded"] and a["query"] == b["query"] == "32x8B", (a, b)
for k in ("leak_uw", "area_um2"):
    assert abs(a[k] - b[k] * 1323 / 2048) < 1e-9 * b[k], (k, a[k], b[k])
for k in ("read_pj", "write_pj", "access_ns"):
    assert a[k] == b[k], k
print("ok")'; }
needs cacti
expect "arrays: a padded array's leakage and area scale by its real bits (1,323 of 2,048)" 0 "ok" pw_scale

# the whole flow: loscache's paper preset, the 15 tables of the chip
needs cacti
expect "arrays: make power prices loscache's prediction table (x15 on the chip, padded 32x8B)" 0 \
    "x15  padded (32x8B)" make -s power BLOCK=loscache NODE=45 FLAVOUR=itrs-hp

# refusals: each names what is wrong and exits 1
needs cacti
expect "arrays: an unknown block is named" 1 "unknown block 'nosuch'" $PW nosuch
needs cacti
expect "arrays: a node outside CACTI's data is refused" 1 "--node '180'" $PW --node 180 ccn_rt
needs cacti
expect "arrays: an unknown transistor flavour is refused" 1 "--flavour 'itrs-xx'" $PW --flavour itrs-hp,itrs-xx ccn_rt
needs cacti
expect "arrays: a temperature off CACTI's 10 K steps is refused" 1 "--temp '365'" $PW --temp 365 ccn_rt
expect "arrays: a missing CACTI binary says how to build it" 1 "make power builds it" \
    python3 "$PD/arrays.py" --ctwin "$CT" --cacti "$tmp/none" ccn_rt
pw_cacti_fails() { pw_py '
try:
    A.run_cacti(C, A.cfg_text(1, 8, 45, "itrs-hp", 360).replace("-size (bytes) 8", "-size (bytes) 16"), sys.argv[1])
except A.PowerError as e:
    import glob
    print(e, "kept" if glob.glob(sys.argv[1] + "/failed-*.cfg") else "not kept")'; }
needs cacti
expect "arrays: a configuration CACTI rejects is named with CACTI's message and its input file" 0 \
    "Cache size must >=64 kept" pw_cacti_fails

# ---- timing and the logic's power (scripts/power/sta.py) ----
STA="python3 $PD/sta.py --ctwin $CT --lib build/tech/osu018_stdcells.lib --cache build/power/sta"
sta_json() { $STA --json "$@"; }
sta_py() { python3 -c "import sys, json; sys.path[:0] = ['$PD', '$PD/..']; import sta as S
$1" "$tmp"; }

# the known circuit (tb/area/reg4_inv.v: q <= ~d, 4 bits) by hand, from the
# liberty's own numbers: leakage 4 x DFFPOSX1 0.160725 nW + 4 x INVX1
# 0.0221741 nW = 0.7315964 nW; switching at 1 GHz, 0.1 toggles a cycle, 1.8 V:
# the four inverters drive a DFFPOSX1 D pin each (0.00882947 pF) and the
# flops drive only output ports: 4 x 0.1/1 ns x 1/2 x 0.00882947 pF x 1.8^2 =
# 5.72149656 uW; the worst path is an input through one inverter into a flop
sta_known() { sta_json --file tb/area/reg4_inv.v --top reg4_inv --clock clk --mhz 1000 | python3 -c '
import json, sys
r = json.load(sys.stdin)[0]; w = r["worst"]
near = lambda x, y, tol: abs(x / y - 1) < tol
assert near(r["leak_liberty_w"], 0.7315964e-9, 1e-6) and near(r["leak_sta_w"], 0.7315964e-9, 1e-4), r
assert near(r["switching_w"], 5.72149656e-6, 1e-6) and near(r["switching_sta_w"], 5.72149656e-6, 1e-3), r
assert r["cells"] == 8 and r["flops"] == 4, r
assert w["start"].startswith("d[") and w["end"] == w["start"].replace("d", "q") and w["cells"] == 1, w
assert near(w["delay"], w["arrival"] + w["setup"], 1e-9) and w["setup"] > 0, w
assert near(r["delay_45"], w["delay"] * 45 / 180, 1e-9) and near(r["fmax_45"], 1000 / r["delay_45"], 1e-9), r
fo4 = r["fo4s"] * r["fo4_ns"] * 1e3   # the path in ps
assert near(r["fo4s"] * r["fo4_ns"], w["delay"], 1e-9), r
assert near(r["fmax_45_fo4_itrs-hp"], 1e6 / (r["fo4s"] * 9.06329), 1e-9), r
assert near(r["fmax_45_fo4_itrs-lop"], 1e6 / (r["fo4s"] * 19.6011), 1e-9), r
print("ok")'; }
needs opensta
expect "sta: the known circuit's leakage, switching power and worst path by hand" 0 "ok" sta_known

# the verdict at 45 nm: both estimates reach the clock, one, none
expect "sta: the 45 nm verdict (meets, between, misses)" 0 "meets between between misses" sta_py '
print(S.verdict(1500, 1600, 1400), S.verdict(1300, 1600, 1400), S.verdict(1500, 1300, 1400), S.verdict(1, 2, 1400))'

# the 45 nm FO4 figures the flow carries are those CACTI 7 computes (its
# technology parameters, printed by the kit's build with CT_CACTI_TECH)
sta_cacti_fo4() { sta_py '
import subprocess
sys.path.insert(0, "'"$PD"'"); import arrays as A
for fl, ps in S.CACTI_FO4_45_PS.items():
    cfg = sys.argv[1] + "/fo4.cfg"; open(cfg, "w").write(A.cfg_text(128, 8, 45, fl, 360))
    out = subprocess.run(["./cacti", "-infile", cfg], cwd="build/tools/cacti/src", env={"CT_CACTI_TECH": "1"},
                         capture_output=True, text=True).stdout
    got = float(out.split("FO4 ")[1].split("=")[1].split()[0]) * 1e12
    assert abs(got / ps - 1) < 0.01, (fl, got, ps)
print("ok")'; }
needs cacti
expect "sta: the 45 nm FO4 delays carried are CACTI 7's (itrs-hp, itrs-lop, 1 %)" 0 "ok" sta_cacti_fo4

# the liberty's fanout-of-4 inverter delay: a 0.18 um library's FO4 is of the
# order of 60-100 ps (about 360 ps a micron of drawn length)
sta_fo4() { local f; f=$($STA --fo4); echo "$f"; awk -v f="$f" 'BEGIN{exit !(f > 0.05 && f < 0.15)}'; }
needs opensta
check "sta: the liberty's FO4 delay is that of a 0.18 um process (50-150 ps)" sta_fo4

# on a block: the liberty's leakage sum is OpenSTA's, the switching power
# computed from the pin capacitances is OpenSTA's (within 1 %), every
# register of ccn_rt is an endpoint, and the paper's clock is the .area file's
sta_block() { sta_json ccn_rt:tiny | python3 -c '
import json, sys
r = json.load(sys.stdin)[0]
assert abs(r["leak_liberty_w"] / r["leak_sta_w"] - 1) < 1e-4, r
assert abs(r["switching_w"] / r["switching_sta_w"] - 1) < 0.01, r
assert {"state_q", "nhit_q", "ntot_q", "icnt_q"} <= set(r["ends"]), r["ends"]
import re
assert not any(re.match(r"_[0-9]+_", r["worst"][k]) for k in ("start", "end")), r["worst"]  # registers by name
assert r["clock_mhz"] == 1400 and "Table II" in r["clock_source"], r
print("ok")'; }
needs opensta
expect "sta: ccn_rt's leakage and switching power equal OpenSTA's; every register an endpoint; its paper clock" 0 "ok" sta_block

# the fanout repair: a net driving 20 pins becomes 3 buffers of at most 8;
# one driving 8 stays as it is, 9 take two buffers; the clock is never buffered
expect "sta: a net over 8 pins is split by a buffer tree (20 -> 8 + 8 + 4; 8 stays; 64 -> 8 x 8; the clock stays)" 0 "ok 3 0 2 0" sta_py '
import collections
def fan(n, net="a"):
    t = "module m (clk, a, y);\n  input clk;\n  input a;\n  output [%d:0] y;\n" % (n - 1) + "".join(
        "  INVX1 _%d_ (\n    .A(%s),\n    .Y(y[%d])\n  );\n" % (i, net, i) for i in range(n)) + "endmodule\n"
    out, k = S.buffer_fanout(t, {"INVX1": {"A": 0.01}, "BUFX4": {"A": 0.02}}, "clk")
    loads = collections.Counter(net for _, _, pins in S.netlist_cells_text(out) for p, net in pins.items() if p == "A")
    return k, loads
k, loads = fan(20)
assert max(loads.values()) <= 8 and loads["a"] == 3 and sum(loads.values()) == 23, loads
k8, _ = fan(8); k9, l9 = fan(9); kc, _ = fan(20, "clk"); k64, l64 = fan(64)
assert l9["a"] == 2 and k64 == 8 and l64["a"] == 8, (l9, k64, l64)
print("ok", k, k8, k9, kc)'

# the papers' clocks, one `clock` line per block's .area file
expect "sta: the papers' clocks (sleep_fsm 700 MHz, ata_tags 1365, ccn_rt 1400)" 0 "700.0 1365.0 1400.0" sta_py '
print(*[S.paper_clock("'"$CT"'", b)[0] for b in ("sleep_fsm", "ata_tags", "ccn_rt")])'
sta_bad_clock() { sta_py '
from area_paper import parse_spec, SpecError
for lines, want in ((["paper clock fast CCN"], "field 3 (MHz)"), (["paper clock 1400"], "MHZ SOURCE"),
                    (["paper clock 1400 a", "paper clock 700 b"], "a second clock line")):
    try:
        parse_spec("t.area", lines, ["paper"], [])
        print("accepted", lines)
    except SpecError as e:
        assert want in str(e) and "t.area:" in str(e), (str(e), want)
print("ok")'; }
expect "sta: a bad clock line is named by file, line and field" 0 "ok" sta_bad_clock

needs opensta
expect "sta: an activity outside (0, 2] is refused" 1 "--activity '3'" $STA --activity 3 ccn_rt
needs opensta
expect "sta: --file needs --top and --mhz" 1 "--file FILE needs --top MODULE and --mhz MHZ" $STA --file tb/area/reg4_inv.v
needs opensta
expect "sta: a clock port the module lacks is named" 1 "no input port 'clk_i'" \
    $STA --file tb/area/reg4_inv.v --top reg4_inv --mhz 100
needs opensta
expect "sta: an unknown block is named" 1 "unknown block 'nosuch'" $STA nosuch
expect "sta: a missing liberty is named" 1 "none.lib" \
    python3 $PD/sta.py --ctwin "$CT" --lib "$tmp/none.lib" ccn_rt

# the toggle counter on a VCD written by hand: a scalar, a vector bit by bit,
# x and z never a toggle, an alias (two names, one code), another scope left out
expect "sta: the VCD toggle counter on a hand-written dump" 0 "ok" sta_py '
vcd = sys.argv[1] + "/t.vcd"
open(vcd, "w").write("""$timescale 1ns $end
$scope module tb $end
$scope module dut $end
$var wire 1 ! a $end
$var wire 3 " v [2:0] $end
$var wire 1 # b $end
$var wire 1 # \\\\c[1] $end
$var wire 1 % d $end
$upscope $end
$var wire 1 $ other $end
$upscope $end
$enddefinitions $end
#0
0!
b000 "
x#
0$
0%
#5
1!
b101 "
0#
1$
x%
#10
0!
b110 "
1#
0$
1%
#15
z!
b11 "
1#
""")
t = S.vcd_toggles(vcd, "tb.dut")
# v: 000 -> 101 -> 110 -> 011: bit 2 1,0,1; bit 1 0,1,0; bit 0 1,1,1; d: 0 -> x -> 1, no toggle
want = {"a": 2, "v[2]": 2, "v[1]": 1, "v[0]": 3, "b": 1, "c[1]": 1}
assert t == want, t
print("ok")'

# the energy of a run by hand: nets driven by cells only (an input port is
# the upstream logic's), each toggle 1/2 C V^2 with C the pins on the net
expect "sta: a run's switching energy and activity by hand" 0 "ok" sta_py '
cells = [("INVX1", "u0", {"A": "a", "Y": "n1"}), ("INVX1", "u1", {"A": "n1", "Y": "n2"}),
         ("DFFPOSX1", "f", {"CLK": "clk", "D": "n2", "Q": "q"}), ("INVX1", "u2", {"A": "q", "Y": "y"})]
caps = {"INVX1": {"A": 0.01}, "DFFPOSX1": {"CLK": 0.03, "D": 0.02}}
r = S.run_energy(cells, caps, 2.0, 10, {"a": 100, "clk": 20, "n1": 4, "n2": 6, "q": 2, "y": 8})
# n1: 4 x 1/2 x 0.01 pF x 4 V^2; n2: 6 x 1/2 x 0.02 x 4; q: 2 x 1/2 x 0.01 x 4; y drives nothing
e = (4 * 0.5 * 0.01 + 6 * 0.5 * 0.02 + 2 * 0.5 * 0.01) * 4 / 10
assert abs(r["switching_pj"] - e) < 1e-12 and r["nets"] == 4 and r["toggles"] == 20, r
assert abs(r["activity"] - 20 / 40) < 1e-12, r
print("ok")'

# the gate netlist replays a committed golden file (it is the design priced);
# a cell library whose inverter buffers makes the same replay fail, named
sta_run() { $STA --json --vec vectors/ccn_rt/tiny_s2_n2000.vec ccn_rt:tiny | python3 -c '
import json, sys
run = json.load(sys.stdin)[0]["run"]
assert run["cycles"] == 2000 and 0 < run["activity"] < 2 and run["switching_pj"] > 0 and run["internal_pj"] > 0, run
print("ok")'; }
needs opensta
expect "sta: ccn_rt's gate netlist replays its committed tiny file, the run's energy priced" 0 "ok" sta_run
sta_bad_cells() {
    sed '/^module INVX1/,/^endmodule/s/not (Y, A)/buf (Y, A)/' build/tech/osu018_stdcells.v > "$tmp/cells.v"
    cmp -s build/tech/osu018_stdcells.v "$tmp/cells.v" && { echo "the sed no longer changes INVX1"; return 1; }
    $STA --cells "$tmp/cells.v" --vec vectors/ccn_rt/tiny_s2_n2000.vec ccn_rt:tiny
}
needs opensta
expect "sta: a netlist that does not replay the vectors is named (an inverter cell made a buffer)" 1 \
    "the netlist of ccn_rt does not replay vectors/ccn_rt/tiny_s2_n2000.vec" sta_bad_cells
needs opensta
expect "sta: --vec runs one block" 1 "--vec FILE runs one block" \
    $STA --vec vectors/ccn_rt/tiny_s2_n2000.vec ccn_rt bgp

# the whole flow through make: the default preset, the paper's clock
needs opensta
expect "sta: make sta times ccn_rt's tiny preset against the paper's 1,400 MHz" 0 "icnt_q[1] -> state_q[0]" \
    make -s sta BLOCK=ccn_rt

# the caches a block manages (the `manages` line of its .area file): the L2 of
# LoSCache [000] priced as a cache, pinned to 1 %; the block's own leakage is
# its arrays' (15 prediction tables, the counters, the power controls)
pw_managed() { $PW --json --node 45 --flavour itrs-hp loscache:paper | python3 -c '
import json, sys
d = json.load(sys.stdin); m = d["managed"][0]; a = {r["array"]: r for r in d["arrays"]}
assert (m["size"], m["line"], m["ways"], m["count"]) == (786432, 128, 16, 1), m
for k, v in (("leak_uw", 826840.0), ("read_pj", 2132.5), ("access_ns", 4.074)):
    assert abs(m[k] / v - 1) < 0.01, (k, m[k], v)
own = 15 * a["entries"]["leak_uw"] + a["access_count"]["leak_uw"] + a["power_ctl"]["leak_uw"]
assert a["entries"]["chip"] == 15 and abs(m["own_uw"] - own) < 1e-6 * own, (m["own_uw"], own)
print("ok")'; }
needs cacti
expect "arrays: LoSCache's L2 as a cache (pinned to 1 %), the unit's own leakage its 15 tables + counters + controls" 0 "ok" pw_managed
pw_bad_manages() { python3 -c '
import sys; sys.path.insert(0, "scripts")
from area_paper import parse_spec, SpecError
for lines, want in ((["paper manages 1000 128 4 1 x"], "not a whole number of 4-way sets"),
                    (["paper manages 786432 128 16"], "BYTES LINE WAYS COUNT SOURCE"),
                    (["paper manages 786432 0 16 1 x"], "field 4 (LINE)"),
                    (["paper manages 16384 128 4 1 a", "paper manages 16384 128 4 1 b"], "a second manages line")):
    try:
        parse_spec("t.area", lines, ["paper"], []); print("accepted", lines)
    except SpecError as e:
        assert want in str(e) and "t.area:" in str(e), (str(e), want)
print("ok")'; }
expect "arrays: a bad manages line is named by file, line and field" 0 "ok" pw_bad_manages
# a tool the flow needs and the machine lacks is named with its package
sta_no_tool() { PATH=/nonexistent "$(python3 -c "import sys; print(sys.executable)")" "$PD/sta.py" --ctwin "$CT" --lib build/tech/osu018_stdcells.lib --fo4; }
expect "sta: a missing OpenSTA is named with its Debian package" 1 "sta: not installed (Debian's package opensta" sta_no_tool
expect "arrays: a missing ctwin is named" 1 "none/ctwin: No such file or directory (make builds ctwin)" \
    python3 "$PD/arrays.py" --ctwin "$tmp/none/ctwin" --cacti build/tools/cacti/src/cacti ccn_rt
expect "sta: a missing ctwin is named" 1 "none/ctwin: No such file or directory (make builds ctwin)" \
    python3 "$PD/sta.py" --ctwin "$tmp/none/ctwin" --lib build/tech/osu018_stdcells.lib ccn_rt

# ---- internal energy from the liberty's tables (scripts/power/libpower.py) ----
lp_py() { python3 -c "import sys; sys.path[:0] = ['$PD']; import libpower as L
$1" "$tmp"; }

# tables: bilinear inside the axes, linear from the end intervals outside
# (tb/power/hand.lib: INV's rise transition is load + input transition, its
# DFF's D rise energy 2 + transition); on the OSU liberty, INVX1's rise
# energy at 0.00882947 pF and 0 ns is the 2.06e-14 J OpenSTA prints for it
# (sta::set_debug power 3), extrapolated below the 0.06 ns axis
expect "libpower: tables interpolated and extrapolated (hand.lib; INVX1 as OpenSTA reads it)" 0 "ok" lp_py '
h = L.Library("tb/power/hand.lib"); o = L.Library("build/tech/osu018_stdcells.lib")
rt = h.cells["INV"]["Y"]["arcs"][0]["rise"]
assert [rt.lookup(cap=c, slew=s) for c, s in ((1, 1), (0.5, 2), (3, 0), (-1, 4))] == [2, 2.5, 3, 3], rt.values
d = h.cells["DFF"]["D"]["power"][0]["rise"]
assert [d.lookup(slew=s) for s in (0, 1, 3)] == [2, 3, 5], d.values
e = o.cells["INVX1"]["Y"]["power"][0]["rise"].lookup(cap=0.00882947, slew=0)
assert abs(e / 0.0206198 - 1) < 1e-4, e
assert h.leakage == {"INV": 1, "NAND": 2, "DFF": 4} and h.voltage == 1.0, (h.leakage, h.voltage)
print("ok")'

# Boolean functions as the liberty writes them: the chance of a condition,
# the sensitivity of an output to an input (the Boolean difference), and the
# condition OpenSTA 2019 infers for a group (AOI21 from C: !(A B), 0.75;
# from A: none; XOR from A: !B; a NAND from A: B; an inverter: always)
expect "libpower: Boolean functions: probability, sensitivity, OpenSTA's inferred when" 0 "ok" lp_py '
aoi = "(!((A B)+C))"
assert L.probability(L.function("S&R")) == 0.25 and L.probability(L.function("!D&R")) == 0.25
assert L.probability(L.function("A'"'"' B")) == 0.25 and L.probability(L.function("(A^B)^C")) == 0.5
assert L.sensitivity(L.function(aoi), "A") == 0.25 and L.sensitivity(L.function(aoi), "C") == 0.75
assert L.sensitivity(L.function("(!((S A) + (!S B)))"), "S") == 0.5 and L.sensitivity(L.function("A"), "B") == 0
got = [L.inferred_when(f, p) for f, p in ((aoi, "C"), (aoi, "A"), ("(A^B)", "A"), ("(!(A B))", "A"), ("(!A)", "A"),
                                           ("(!((A+B) C))", "C"), ("(!((A+B) C))", "A"))]
assert [None if w is None else L.probability(w) for w in got] == [0.75, None, 0.5, 0.5, 1.0, 0.75, None], got
assert L.inferred_when("(A^B)", "A")[1]({"B": 0}) == 1, "XOR from A: when !B"
print("ok")'

# hand.lib on a netlist worked out on paper: a -> INV u0 -> n1 -> INV u2 -> n3,
# n1 and b -> NAND u1 -> n2 -> DFF f (clock clk) -> q; toggles a cycle: a, n1,
# n3 0.4; b, n2 0.2; q 0.1; the clock 2.
#   transitions: n1 rise = load 2 (u1.A + u2.A) + a's 0 = 2, fall 0.5; n2 0.25/0.75;
#   n3 rise 0 + n1's fall 0.5 (negative unate), fall 0.5; q 0.1/0.1
#   the liberty's meaning, pJ a cycle: u0 0.4 x mean(1 + 2, 0) = 0.6; u2 0.4 x
#   mean(1 + 0, n1's rise 2) = 0.6; u1 0.2 x (2/3 x mean(4, 2) + 1/3 x mean(8, 6))
#   (weights n1 0.4 x 0.5 : b 0.2 x 0.5) = 0.8667; CLK 2 x mean(5, 1) = 6; D 0.2 x
#   mean(2 + 0.25, 0) = 0.225; Q 0.1 x mean(3, 1) = 0.2: 8.4917
#   OpenSTA 2019: u0 0.4 x (3 + 0) x 1 = 1.2; u2 0.4 x (1 + n1's fall 0.5) = 0.6;
#   u1 0.2 x (6 x 0.4/0.2 x 0.5 + 14 x 0.2/0.2 x 0.5) = 2.6; CLK 2 x 6 x 1 = 12;
#   D 0.2 x 2.25 x 0.5 = 0.225; Q 0.1 x 4 x 1 = 0.4: 17.025
#   with b still (0 toggles) no n2 transition comes through B: u1 = 0.2 x mean(4, 2) = 0.6
expect "libpower: hand.lib's transitions and internal energy by hand (the liberty's meaning; OpenSTA 2019's)" 0 "ok" lp_py '
h = L.Library("tb/power/hand.lib")
cells = [("INV", "u0", {"A": "a", "Y": "n1"}), ("INV", "u2", {"A": "n1", "Y": "n3"}),
         ("NAND", "u1", {"A": "n1", "B": "b", "Y": "n2"}), ("DFF", "f", {"CLK": "clk", "D": "n2", "Q": "q"})]
act = {"a": 0.4, "b": 0.2, "n1": 0.4, "n2": 0.2, "n3": 0.4, "q": 0.1}.get
load = L.loads(L.input_caps(h), cells)
assert load == {"a": 1, "n1": 2, "b": 1, "n2": 0.5, "clk": 1}, load
assert L.slews(h, cells, load) == {"n1": (2, 0.5), "n3": (0.5, 0.5), "n2": (0.25, 0.75), "q": (0.1, 0.1)}
e, by = L.internal(h, cells, "clk", act)
assert abs(e - 8.491666667) < 1e-6 and abs(by["NAND"] - 0.866666667) < 1e-6, (e, by)
e19, _ = L.internal(h, cells, "clk", act, "opensta-2019")
assert abs(e19 - 17.025) < 1e-9, e19
# b never toggles: no transition of n2 comes through B, u1 = 0.2 x mean(4, 2) = 0.6
_, by0 = L.internal(h, cells, "clk", {"a": 0.4, "b": 0.0, "n1": 0.4, "n2": 0.2, "n3": 0.4, "q": 0.1}.get)
assert abs(by0["NAND"] - 0.6) < 1e-9, by0
print("ok")'

# the clock through a buffer or inverter is still the clock (twice a cycle);
# a flop's output is not
expect "libpower: the clock nets: the clock and what buffers it, not a flop's output" 0 "ok" lp_py '
h = L.Library("tb/power/hand.lib")
cells = [("INV", "c0", {"A": "clk", "Y": "ck"}), ("DFF", "f", {"CLK": "ck", "D": "d", "Q": "q"}),
         ("INV", "u", {"A": "q", "Y": "y"})]
assert L.clock_nets(h, cells, "clk") == {"clk", "ck"}, L.clock_nets(h, cells, "clk")
print("ok")'

# OpenSTA 2019 reproduced: this flow's copy of its sum against its own
# report_power, every net at 0.1 toggles a cycle (0.1 %); the liberty's
# meaning about half of it (rise and fall energy charged once, not both)
lp_sta() { for t in ccn_rt:tiny "--file tb/area/reg4_inv.v --top reg4_inv --clock clk --mhz 1000"; do
    sta_json $t; done | python3 -c '
import json, sys
rows = json.loads("[" + sys.stdin.read().replace("]\n[", ",").strip().strip("[]") + "]")
for r in rows:
    assert abs(r["internal_2019_w"] / r["internal_sta_w"] - 1) < 0.001, r
    assert 0.3 < r["internal_w"] / r["internal_sta_w"] < 0.6, r
print("ok", len(rows))'; }
needs opensta
expect "libpower: OpenSTA 2019's internal power reproduced to 0.1 % (ccn_rt, reg4_inv)" 0 "ok 2" lp_sta

# a liberty this module cannot read is named with its file and line
lp_bad() { printf 'library(x) {\n  cell (A) {\n    pin(Y) { direction output; }\n  }\n}\n' > "$tmp/bad.lib"
    printf 'library(x) {\n  cell (A) {\n' > "$tmp/cut.lib"
    printf 'not a liberty\n' > "$tmp/none.lib"
    lp_py '
for f in ("bad.lib", "cut.lib", "none.lib"):
    try:
        L.Library(sys.argv[1] + "/" + f); print("read", f)
    except L.LibertyError as e:
        print(str(e).replace(sys.argv[1] + "/", ""))' | tr '\n' '|'; }
expect "libpower: an unreadable liberty is named with its file and line" 0 \
    "bad.lib:3: cannot read the liberty near 'direction output'|cut.lib:2: the group cell (A) is not closed|none.lib: not a liberty" lp_bad

# ---- make power-calibrate (scripts/power/calibrate.py): OpenRAM's liberty read by hand ----
cal_py() { python3 -c "import sys; sys.path[:0] = ['$PD']; import calibrate as C
$1" "$tmp"; }
expect "calibrate: an OpenRAM liberty's leakage, read and write cycle energy (tb/power/openram_mini.lib by hand)" 0 \
    "{'leak_uw': 2.0, 'read_pj': 0.75, 'temp_c': 25.0, 'voltage': 1.0, 'write_pj': 3.0}" cal_py '
r = C.openram_figures(open("tb/power/openram_mini.lib").read())
print(dict(sorted(r.items())))'
expect "calibrate: a liberty without the read cycle's group or with another leakage unit is named" 0 \
    "no internal_power of the clock when !csb0 & web0|leakage_power_unit '1W' is not 1mW, 1uW or 1nW|" cal_py '
t = open("tb/power/openram_mini.lib").read()
for bad in (t.replace("\"!csb0 & web0\"", "\"csb0 & web0\""), t.replace("\"1mW\"", "\"1W\"")):
    try:
        C.openram_figures(bad, "x.lib"); print("read", end="|")
    except C.CalError as e:
        print(str(e).split(": ", 1)[1], end="|")'
