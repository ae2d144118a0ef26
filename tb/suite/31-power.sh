# power: the storage arrays priced as SRAM by CACTI 7 (scripts/power/arrays.py,
# docs/power.md): which inventory rows are arrays, the padding rule and its
# scaling, a few CACTI queries pinned to 1 %, figures against published
# anchors, monotonicity, and every refusal.
section power

PW="python3 scripts/power/arrays.py --ctwin $CT --cacti build/tools/cacti/src/cacti"
pw_py() { python3 -c "import sys; sys.path.insert(0, 'scripts/power'); import arrays as A
C = 'build/tools/cacti/src/cacti'
$1" "$tmp"; }

# rows as `ctwin area` prints them, written by hand: arrays are rows of two or
# more entries in the paper's count; "(x N on the chip)" is kept
expect "power: the inventory's arrays (as-built, instrumentation and one-entry rows are not)" 0 "ok" pw_py '
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
expect "power: the padding rule (whole bytes, 32 rows, 64 bytes)" 0 "ok" pw_py '
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
expect "power: three CACTI queries within 1 % of their pinned values" 0 "ok" pw_golden

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
expect "power: an 8 KB SRAM near the published 45 nm figures (10 pJ a read, ~100 nW a bit)" 0 "ok" pw_anchors

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
expect "power: leakage grows with size and temperature, hp > lop > lstp; energy grows with size" 0 "ok" pw_monotone

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
expect "power: a padded array's leakage and area scale by its real bits (1,323 of 2,048)" 0 "ok" pw_scale

# the whole flow: loscache's paper preset, the 15 tables of the chip
needs cacti
expect "power: make power prices loscache's prediction table (x15 on the chip, padded 32x8B)" 0 \
    "x15  padded (32x8B)" make -s power BLOCK=loscache NODE=45 FLAVOUR=itrs-hp

# refusals: each names what is wrong and exits 1
needs cacti
expect "power: an unknown block is named" 1 "unknown block 'nosuch'" $PW nosuch
needs cacti
expect "power: a node outside CACTI's data is refused" 1 "--node '180'" $PW --node 180 ccn_rt
needs cacti
expect "power: an unknown transistor flavour is refused" 1 "--flavour 'itrs-xx'" $PW --flavour itrs-hp,itrs-xx ccn_rt
needs cacti
expect "power: a temperature off CACTI's 10 K steps is refused" 1 "--temp '365'" $PW --temp 365 ccn_rt
expect "power: a missing CACTI binary says how to build it" 1 "make power builds it" \
    python3 scripts/power/arrays.py --ctwin "$CT" --cacti "$tmp/none" ccn_rt
pw_cacti_fails() { pw_py '
try:
    A.run_cacti(C, A.cfg_text(1, 8, 45, "itrs-hp", 360).replace("-size (bytes) 8", "-size (bytes) 16"), sys.argv[1])
except A.PowerError as e:
    import glob
    print(e, "kept" if glob.glob(sys.argv[1] + "/failed-*.cfg") else "not kept")'; }
needs cacti
expect "power: a configuration CACTI rejects is named with CACTI's message and its input file" 0 \
    "Cache size must >=64 kept" pw_cacti_fails
