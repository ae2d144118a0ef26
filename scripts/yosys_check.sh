#!/usr/bin/env bash
# yosys_check.sh FILE TOP LOG [NAME=VALUE ...] - the structural check every
# RTL module must pass: elaborate with the given parameters, proc, then
# `check -assert` (combinational loops, multiple or missing drivers) and no
# latch cells; finally `stat -width` of the flattened design and a dump of
# its inferred memories ($mem_v2: SIZE x WIDTH), kept in LOG for the storage
# count.  Exit 0 only when clean.
set -euo pipefail
. "$(dirname "$0")/rtl.sh"
file=$1 top=$2 log=$3; shift 3
chparam=""
for kv in "$@"; do chparam+=" -set ${kv%%=*} ${kv#*=}"; done
[ -n "$chparam" ] && chparam="chparam$chparam $top;"
exec yosys -q -l "$log" -p "verilog_defaults -add -sv; read_verilog $file; $chparam
    hierarchy -check $(rtl_ydirs -libdir) -top $top; proc; check -assert;
    select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH* t:\$_SR*;
    flatten; opt; memory -nomap; opt_clean; stat -width; dump t:\$mem_v2" >/dev/null 2>&1
