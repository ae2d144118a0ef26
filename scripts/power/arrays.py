#!/usr/bin/env python3
"""arrays.py - every storage array of a block priced as the SRAM a chip would
use, by CACTI 7 (docs/power.md): read and write energy per access, standby
leakage, access time and area, at each technology node and transistor flavour
asked for, at one temperature.

The arrays come from the block's storage inventory (`ctwin area BLOCK CONFIG`):
every row with two or more entries that is in the paper's count (rows marked
"as built" or "instrumentation" are the kit's registers and counters, not
arrays).  A row is one SRAM of ENTRIES words of WIDTH bits, one read/write
port.  CACTI models no array under 32 rows or 64 bytes and no word narrower
than a byte; such an array is queried padded (words rounded up to whole bytes,
rows up to 32, bytes up to 64): its leakage and area are scaled down by the
ratio of real to padded bits, its energies and access time are the padded
array's (an upper bound), and the row says `padded`.  A preset whose .area
file has a `manages` line (the caches the block's mechanism manages, as its
paper sizes them) also gets those caches priced as caches (tags included)
and the block's own arrays' leakage set beside theirs.

usage: arrays.py --ctwin CTWIN --cacti CACTI [--cache DIR] [--node NM[,NM]]
                 [--flavour F[,F]] [--temp K] [--json] BLOCK[:CONFIG]...
  CONFIG: a preset or NAME=VALUE,... (default: every preset named paper*)
  --node     technology nodes in nm, 22 to 90 (default 45,40)
  --flavour  itrs-hp, itrs-lop, itrs-lstp (default itrs-hp,itrs-lop)
  --temp     kelvin, 300 to 400 in steps of 10 (default 360)
  --json     {"arrays": [...], "managed": [...]} instead of the tables
Every error names what it is about (the block, the array, CACTI's own message
and its input file) and exits 1.
"""
import argparse
import glob
import hashlib
import json
import math
import os
import re
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import ctkit  # noqa: E402
from area_paper import SpecError, block_spec  # noqa: E402
TEMPLATE = os.path.join(HERE, "cacti_ram.cfg")
FLAVOURS = ("itrs-hp", "itrs-lop", "itrs-lstp")
MIN_ROWS, MIN_BYTES = 32, 64
# CACTI's CSV output columns this flow reads, and the unit each is turned into
COLUMNS = {"access_ns": (" Access time (ns)", 1.0), "read_pj": (" Dynamic read energy (nJ)", 1e3),
           "write_pj": (" Dynamic write energy (nJ)", 1e3), "leak_uw": (" Standby leakage per bank(mW)", 1e3),
           "area_um2": (" Area (mm2)", 1e6)}
ROW = re.compile(r"^(?:\S+\s+\S+\s+)?(\S+)\s+(\d+) x\s+(\d+) =\s+(\d+) bits\s+[0-9.]+ B\s*(.*)$")


class PowerError(Exception):
    pass


def inventory_arrays(text):
    """[(name, entries, width, on_chip)] of the arrays in `ctwin area` text:
    rows of two or more entries in the paper's count; on_chip is the row's
    "(x N on the chip)" multiplicity, 1 when absent"""
    out = []
    for line in text.splitlines():
        m = ROW.match(line.strip())
        if not m:
            continue
        name, entries, width, note = m.group(1), int(m.group(2)), int(m.group(3)), m.group(5)
        if entries < 2 or "as built" in note or "instrumentation" in note:
            continue
        chip = re.search(r"\(x (\d+) on the chip\)", note)
        out.append((name, entries, width, int(chip.group(1)) if chip else 1))
    return out


def padded(entries, width):
    """(rows, word bytes) CACTI is asked for: words in whole bytes, at least
    MIN_ROWS rows and MIN_BYTES bytes"""
    word = (width + 7) // 8
    rows = max(entries, MIN_ROWS, -(-MIN_BYTES // word))
    return rows, word


def cfg_text(rows, word, node_nm, flavour, temp_k, ways=0):
    """CACTI's input for a RAM of ROWS words of WORD bytes; with WAYS, a cache
    of ROWS lines of WORD bytes, WAYS-way, its tags as CACTI sizes them"""
    try:
        template = open(TEMPLATE).read()
    except OSError as e:
        raise PowerError("%s: %s" % (TEMPLATE, e.strerror))
    fields = {"BYTES": rows * word, "WORD_BYTES": word, "WORD_BITS": word * 8,
              "NODE_UM": "%g" % (node_nm / 1000.0), "FLAVOUR": flavour, "TEMP_K": temp_k,
              "ASSOC": ways or 1, "CACHE_TYPE": "cache" if ways else "ram", "TAG": '"default"' if ways else 0}
    text = "".join(l for l in template.splitlines(True) if not l.startswith("#"))
    return re.sub(r"@([A-Z_]+)@", lambda m: str(fields[m.group(1)]), text)


def run_cacti(cacti, cfg, cache):
    """{column: value} of one CACTI run (cached under a hash of the input and
    the binary)"""
    h = hashlib.sha256(cfg.encode())
    h.update(open(cacti, "rb").read())
    key = h.hexdigest()[:20]
    hit = os.path.join(cache, key + ".json") if cache else None
    if hit and os.path.isfile(hit):
        return json.load(open(hit))
    with tempfile.TemporaryDirectory() as t:
        infile = os.path.join(t, "array.cfg")
        open(infile, "w").write(cfg)
        r = subprocess.run([os.path.abspath(cacti), "-infile", infile], cwd=os.path.dirname(os.path.abspath(cacti)),
                           stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, errors="replace")
        out = infile + ".out"
        if r.returncode != 0 or not os.path.isfile(out):
            keep = os.path.join(cache or tempfile.gettempdir(), "failed-" + key + ".cfg")
            os.makedirs(os.path.dirname(keep), exist_ok=True)
            open(keep, "w").write(cfg)
            msg = [l.strip() for l in r.stdout.splitlines() if l.strip()]
            raise PowerError("CACTI failed (exit %d) on %s: %s" % (r.returncode, keep, msg[-1] if msg else "no output"))
        lines = open(out).read().splitlines()
    head, last = lines[0].split(","), lines[-1].split(",")
    res = {}
    for k, (col, unit) in COLUMNS.items():
        if col not in head:
            raise PowerError("CACTI's output has no column '%s'" % col.strip())
        res[k] = float(last[head.index(col)]) * unit
    if cache:
        os.makedirs(cache, exist_ok=True)
        tmp = hit + ".tmp%d" % os.getpid()
        json.dump(res, open(tmp, "w"), sort_keys=True)
        os.replace(tmp, hit)
    return res


def price(cacti, cache, entries, width, node_nm, flavour, temp_k):
    """one array at one setting: CACTI's figures, leakage and area scaled to
    the real bits when the query was padded"""
    rows, word = padded(entries, width)
    r = dict(run_cacti(cacti, cfg_text(rows, word, node_nm, flavour, temp_k), cache))
    share = entries * width / float(rows * word * 8)
    r["leak_uw"] *= share
    r["area_um2"] *= share
    r["padded"] = share < 1.0
    r["query"] = "%dx%dB" % (rows, word)
    return r


def price_cache(cacti, cache, size, line, ways, node_nm, flavour, temp_k):
    """a whole cache (data and tag arrays) of SIZE bytes in LINE-byte lines"""
    return run_cacti(cacti, cfg_text(size // line, line, node_nm, flavour, temp_k, ways), cache)


def managed(exe, block):
    """the caches the block manages, from the `manages` lines of its .area
    file: {preset: {size, line, ways, count, source}}"""
    try:
        _, spec = block_spec(exe, block)
    except (SpecError, ctkit.KitError) as e:
        raise PowerError(str(e))
    return {p: v["manages"] for p, v in spec.items() if v.get("manages")}


def ctwin(exe, *args):
    """ctwin's output (ctkit.ctwin), its failure a PowerError"""
    try:
        return ctkit.ctwin(exe, *args)
    except ctkit.KitError as e:
        raise PowerError(str(e))


def targets(exe, specs):
    out = []
    for s in specs:
        block, _, cfg = s.partition(":")
        presets = ctwin(exe, "presets", block).split()
        if cfg:
            out.append((block, cfg.replace(",", " ")))
        else:
            papers = [p for p in presets if p.startswith("paper")]
            if not papers:
                raise PowerError("%s: no preset named paper*; name one (BLOCK:PRESET)" % block)
            out += [(block, p) for p in papers]
    return out


def parse_args(argv):
    ap = argparse.ArgumentParser(prog="arrays.py", add_help=True)
    ap.add_argument("--ctwin", required=True)
    ap.add_argument("--cacti", required=True)
    ap.add_argument("--cache")
    ap.add_argument("--node", default="45,40")
    ap.add_argument("--flavour", default="itrs-hp,itrs-lop")
    ap.add_argument("--temp", default="360")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("blocks", nargs="+")
    a = ap.parse_args(argv)
    try:
        a.node = [int(n) for n in a.node.split(",")]
    except ValueError:
        raise PowerError("--node '%s': expected nanometres such as 45,40" % a.node)
    if any(not 22 <= n <= 90 for n in a.node):
        raise PowerError("--node '%s': CACTI 7's technology data covers 22 to 90 nm" % ",".join(map(str, a.node)))
    a.flavour = a.flavour.split(",")
    bad = [f for f in a.flavour if f not in FLAVOURS]
    if bad:
        raise PowerError("--flavour '%s': expected one of %s" % (bad[0], ", ".join(FLAVOURS)))
    if not re.fullmatch(r"\d+", a.temp) or not 300 <= int(a.temp) <= 400 or int(a.temp) % 10:
        raise PowerError("--temp '%s': CACTI takes 300 to 400 K in steps of 10" % a.temp)
    a.temp = int(a.temp)
    if not os.access(a.cacti, os.X_OK):
        raise PowerError("%s: no CACTI binary (make power builds it: scripts/power/cacti.sh)" % a.cacti)
    return a


def main(argv):
    try:
        a = parse_args(argv)
        rows, mrows = [], []
        for block, cfg in targets(a.ctwin, a.blocks):
            arrays = inventory_arrays(ctwin(a.ctwin, "area", block, cfg))
            for name, entries, width, chip in arrays:
                for node in a.node:
                    for fl in a.flavour:
                        try:
                            r = price(a.cacti, a.cache, entries, width, node, fl, a.temp)
                        except PowerError as e:
                            raise PowerError("%s %s array %s (%d x %d): %s" % (block, cfg, name, entries, width, e))
                        r.update(block=block, config=cfg, array=name, entries=entries, width=width, chip=chip,
                                 node=node, flavour=fl, temp_k=a.temp)
                        rows.append(r)
            if not arrays:
                rows.append({"block": block, "config": cfg, "array": None})
            m = managed(a.ctwin, block).get(cfg)
            if m:
                for node in a.node:
                    for fl in a.flavour:
                        try:
                            c = price_cache(a.cacti, a.cache, m["size"], m["line"], m["ways"], node, fl, a.temp)
                        except PowerError as e:
                            raise PowerError("%s %s: the cache it manages: %s" % (block, cfg, e))
                        own = sum(r["leak_uw"] * r["chip"] for r in rows
                                  if r["array"] and r["block"] == block and r["config"] == cfg
                                  and r["node"] == node and r["flavour"] == fl)
                        mrows.append(dict(c, block=block, config=cfg, node=node, flavour=fl, own_uw=own, **m))
    except PowerError as e:
        print("power: " + str(e), file=sys.stderr)
        return 1
    if a.json:
        print(json.dumps({"arrays": rows, "managed": mrows}, sort_keys=True, indent=1))
        return 0
    print("Storage arrays as SRAM, CACTI 7 (1 read/write port, %d K); per array, per access:" % a.temp)
    print("%-12s %-9s %-12s %13s %4s %-9s %9s %9s %10s %9s %10s %s" % (
        "block", "config", "array", "entries x bits", "nm", "flavour", "read pJ", "write pJ", "leak uW",
        "access ns", "area um2", "x chip"))
    for r in rows:
        if r["array"] is None:
            print("%-12s %-9s (no array: registers only)" % (r["block"], r["config"]))
            continue
        print("%-12s %-9s %-12s %13s %4d %-9s %9.3f %9.3f %10.3f %9.3f %10.1f %s%s" % (
            r["block"], r["config"], r["array"], "%d x %d" % (r["entries"], r["width"]), r["node"], r["flavour"],
            r["read_pj"], r["write_pj"], r["leak_uw"], r["access_ns"], r["area_um2"],
            "x%d" % r["chip"] if r["chip"] > 1 else "", "  padded (%s)" % r["query"] if r["padded"] else ""))
    if mrows:
        print()
        print("The caches each block manages (the papers' configurations), CACTI 7 as caches (tags included): the")
        print("block's own arrays' leakage (the rows above, x their chip count) against the caches it manages:")
        print("%-12s %-9s %-28s %4s %-9s %9s %10s %12s %12s %8s" % (
            "block", "config", "caches managed", "nm", "flavour", "read pJ", "access ns", "leak mW", "own leak mW",
            "own/all"))
        for r in mrows:
            allw = r["leak_uw"] * r["count"] / 1e3
            print("%-12s %-9s %-28s %4d %-9s %9.1f %10.3f %12.2f %12.3f %7.2f%%" % (
                r["block"], r["config"], "%d x %d KB %d-way %d B" % (r["count"], r["size"] // 1024, r["ways"],
                                                                    r["line"]),
                r["node"], r["flavour"], r["read_pj"], r["access_ns"], allw, r["own_uw"] / 1e3,
                100.0 * r["own_uw"] / 1e3 / allw))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
