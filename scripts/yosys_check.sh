#!/usr/bin/env bash
# yosys_check.sh FILE TOP LOG [NAME=VALUE ...] - the structural check every
# RTL module must pass: elaborate with the given parameters, proc, then
# `check -assert` (combinational loops, multiple or missing drivers) and no
# latch cells; finally `stat -width` of the flattened design and a dump of
# its inferred memories ($mem_v2: SIZE x WIDTH), kept in LOG for the storage
# count (memory -nowiden: yosys would otherwise pad a memory whose read
# ports it merges to a power of two of entries - ata_tags' 3 x 1 x 1 tag
# banks to 4 - and the count would exceed what the RTL declares).  Exit 0 only when clean.
set -euo pipefail
. "$(dirname "$0")/rtl.sh"
file=$1 top=$2 log=$3; shift 3
# read_verilog -defer: FILE and every other RTL file (its submodules) are
# parsed only, and hierarchy elaborates what the top uses, once, with the
# parameters.  Read without -defer, yosys also elaborates each module with
# its defaults, the paper configuration: 8 of ata_tags tiny's 9 CPU-s.
# yosys 0.23 fails an internal assert (modules_.count) on deferred modules
# nested two deep (lamar_gdu > bgp > bloom_dual): on that assert alone the
# check runs again the plain way (chparam, submodules from -libdir).
checks="proc; check -assert;
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH* t:\$_SR*;
    flatten; opt; memory -nomap -nowiden; opt_clean; stat -width; dump t:\$mem_v2"
chparam="" setparam=""
for kv in "$@"; do chparam+=" -chparam ${kv%%=*} ${kv#*=}"; setparam+=" -set ${kv%%=*} ${kv#*=}"; done
others=""
for f in "${VDIR:-verilog}"/*/*.v; do [ "$(basename "$f")" = "$(basename "$file")" ] || others+=" $f"; done
yosys -q -l "$log" -p "verilog_defaults -add -sv; read_verilog -defer $file$others;
    hierarchy -check$chparam -top $top; $checks" >/dev/null 2>&1 && exit 0
grep -q "Assert .modules_.count" "$log" || exit 1
[ -n "$setparam" ] && setparam="chparam$setparam $top;"
exec yosys -q -l "$log" -p "verilog_defaults -add -sv; read_verilog $file; $setparam
    hierarchy -check $(rtl_ydirs -libdir) -top $top; $checks" >/dev/null 2>&1
