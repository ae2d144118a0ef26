#!/usr/bin/env python3
"""calibrate.py - make power-calibrate: CACTI 7's figures for a small SRAM
set beside a SPICE characterisation of the same array (docs/power.md,
"A calibration point").

The SPICE side is OpenRAM's: PyPI's `openram` 1.2.48 wheel (pinned by
SHA-256, downloaded, never installed) ships, as the golden data of its own
tests, the liberty OpenRAM wrote for its 16-word x 2-bit FreePDK45 SRAM
characterised with SPICE (sram_2_16_1_freepdk45_TT_1p0V_25C.lib: typical
corner, 1.0 V, 25 C): its leakage and the energy of a read and of a write
cycle (the clock pin's internal power under !csb0 & web0 and !csb0 & !web0,
rise + fall).  Running OpenRAM and ngspice here (minutes to hours an array,
conda workarounds) is not offered; this reads its result.

The CACTI side: the same 16 x 2 array by the kit's padding rule (32 rows of
one byte, then 64 bytes: leakage scaled to the real bits, energies upper
bounds), 45 nm, 300 K (CACTI's nearest to 25 C), itrs-hp and itrs-lop.

usage: calibrate.py --cacti CACTI [--cache DIR] [--lib FILE]
  --lib FILE  a liberty of OpenRAM's instead of the wheel's (the same groups)
Exit 1 with a message naming what failed."""
import argparse
import hashlib
import os
import re
import subprocess
import sys
import tempfile
import zipfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import arrays  # noqa: E402
import libpower  # noqa: E402

VERSION = "1.2.48"
SHA256 = "aa3b40f0a1707a6f3aeec48cdc84c741b4119dada03d563996f3a81e62e5fe00"
MEMBER = "openram/compiler/tests/golden/sram_2_16_1_freepdk45_TT_1p0V_25C.lib"
WORDS, BITS = 16, 2


class CalError(Exception):
    pass


def fetch(work):
    """the golden liberty's text, from the pinned wheel"""
    pip = [sys.executable, "-m", "pip"]
    r = subprocess.run(pip + ["download", "-q", "--no-deps", "--disable-pip-version-check",
                              "openram==" + VERSION, "-d", work], capture_output=True, text=True)
    whl = [f for f in os.listdir(work) if f.endswith(".whl")]
    if r.returncode != 0 or not whl:
        raise CalError("could not download openram==%s from PyPI: %s" % (VERSION, (r.stderr.strip() or "?")[-200:]))
    path = os.path.join(work, whl[0])
    got = hashlib.sha256(open(path, "rb").read()).hexdigest()
    if got != SHA256:
        raise CalError("%s: SHA-256 %s, expected %s" % (whl[0], got, SHA256))
    with zipfile.ZipFile(path) as z:
        return z.read(MEMBER).decode("latin-1")


def openram_figures(text, path="openram.lib"):
    """{leak_uw, read_pj, write_pj, voltage, temp_c} of an OpenRAM liberty:
    the cell's leakage, and the clock pin's internal energy (rise + fall) of a
    read cycle (!csb0 & web0) and of a write cycle (!csb0 & !web0)"""
    lib = libpower.parse(text, path)
    unit = lib[2].get("leakage_power_unit", "")
    scale = {"1mW": 1e3, "1uW": 1.0, "1nW": 1e-3}.get(unit)
    if scale is None:
        raise CalError("%s: leakage_power_unit '%s' is not 1mW, 1uW or 1nW" % (path, unit))
    cells = [c for c in lib[3] if c[0] == "cell"]
    if len(cells) != 1:
        raise CalError("%s: %d cells, expected the one SRAM" % (path, len(cells)))
    _, name, attrs, kids = cells[0]
    if "cell_leakage_power" not in attrs:
        raise CalError("%s: cell %s has no cell_leakage_power" % (path, name))
    res = {"leak_uw": float(attrs["cell_leakage_power"]) * scale,
           "voltage": float(lib[2].get("nom_voltage", "nan")), "temp_c": float(lib[2].get("nom_temperature", "nan"))}
    clk = [k for k in kids if k[0] == "pin" and k[1].startswith("clk")]
    if not clk:
        raise CalError("%s: cell %s has no clock pin" % (path, name))
    for kind, when in (("read_pj", "!csb0 & web0"), ("write_pj", "!csb0 & !web0")):
        groups = [g for g in clk[0][3] if g[0] == "internal_power" and
                  re.sub(r"\s", "", g[2].get("when", "")) == re.sub(r"\s", "", when)]
        if not groups:
            raise CalError("%s: no internal_power of the clock when %s" % (path, when))
        e = 0.0
        for k, _, a, _ in groups[0][3]:
            if k in ("rise_power", "fall_power"):
                e += libpower.floats(a["values"])[0]
        res[kind] = e
    return res


def main(argv):
    ap = argparse.ArgumentParser(prog="calibrate.py")
    ap.add_argument("--cacti", required=True)
    ap.add_argument("--cache")
    ap.add_argument("--lib")
    a = ap.parse_args(argv)
    try:
        if a.lib:
            try:
                text = open(a.lib, encoding="latin-1").read()
            except OSError as e:
                raise CalError("%s: %s" % (a.lib, e.strerror))
            src = a.lib
        else:
            with tempfile.TemporaryDirectory() as t:
                text = fetch(t)
            src = "openram %s wheel: %s" % (VERSION, MEMBER)
        o = openram_figures(text, a.lib or MEMBER)
        rows = {}
        for fl in ("itrs-hp", "itrs-lop"):
            rows[fl] = arrays.price(a.cacti, a.cache, WORDS, BITS, 45, fl, 300)
    except (CalError, arrays.PowerError, libpower.LibertyError) as e:
        print("calibrate: " + str(e), file=sys.stderr)
        return 1
    print("A calibration point: a %d-word x %d-bit SRAM at 45 nm" % (WORDS, BITS))
    print("  SPICE: OpenRAM's characterisation, FreePDK45 typical, %.1f V, %.0f C (%s)" % (o["voltage"], o["temp_c"], src))
    print("  CACTI 7: the kit's padding rule (%s asked; leakage scaled to the %d bits, energies upper bounds), 300 K"
          % (rows["itrs-hp"]["query"], WORDS * BITS))
    print("%-28s %12s %12s %12s" % ("", "leakage uW", "read pJ", "write pJ"))
    print("%-28s %12.4f %12.4f %12.4f" % ("OpenRAM + SPICE", o["leak_uw"], o["read_pj"], o["write_pj"]))
    for fl, r in rows.items():
        print("%-28s %12.4f %12.4f %12.4f" % ("CACTI 7 " + fl, r["leak_uw"], r["read_pj"], r["write_pj"]))
    for fl, r in rows.items():
        print("CACTI %s / SPICE: leakage x%.2f, read x%.2f, write x%.2f"
              % (fl, r["leak_uw"] / o["leak_uw"], r["read_pj"] / o["read_pj"], r["write_pj"] / o["write_pj"]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
