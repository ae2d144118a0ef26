#!/usr/bin/env bash
# area_um2.sh [BLOCK [CONFIG]] - standard-cell area of the kit's own RTL:
# every block (default: its `tiny` preset, or its first preset not named
# paper*), synthesised by scripts/area_um2.py onto the OSU 0.18 um cells of
# Debian's qflow-tech-osu018, set beside the exact storage inventory of
# `ctwin area`.  Columns: flops after synthesis, the inventory's bits (paper
# storage + instrumentation), osu018 um^2, lambda-scaled 45 / 40 nm um^2,
# NanGate45-re-priced 45 nm um^2 and its (40/45)^2 40 nm figure, exact
# transistors, NanGate45 um^2 per stored bit.
# Results are cached under build/area_um2 by RTL hash.
#   LIB=FILE   a liberty to use instead (default: build/tech/osu018_stdcells.lib,
#              fetched with `apt-get download` + `dpkg -x`, no install)
set -euo pipefail
. "$(dirname "$0")/rtl.sh"
CT=${CT:-${B:-build}/ctwin}
. "$(dirname "$0")/liberty.sh"   # B, LIB; fetches the liberty

default_preset() {
    local c first=""
    for c in $($CT presets "$1"); do
        [ "$c" = tiny ] && { echo tiny; return; }
        [[ $c = paper* ]] || { [ -n "$first" ] || first=$c; }
    done
    echo "$first"
}

blocks=${1:-$($CT blocks)}
printf '%-13s %-8s %6s %6s %11s %9s %9s %9s %9s %11s %8s\n' block config flops bits "osu018 um2" \
    "L45 um2" "L40 um2" "NG45 um2" "NG40 um2" transistors "NG45/bit"
status=0
for b in $blocks; do
    c=${2:-$(default_preset "$b")}
    params=$($CT config "$b" "$c")
    bits=$(python3 scripts/ctkit.py bits "$CT" "$b" "$c") || { status=1; continue; }
    v=$(rtl_of "$b")
    if ! j=$(python3 scripts/area_um2.py --lib "$LIB" --cache "$B/area_um2" "$v" "$b" $params $(rtl_ydirs -I)); then
        status=1; continue
    fi
    python3 -c '
import json, sys
d = json.loads(sys.argv[1]); bits = int(sys.argv[4])
print("%-13s %-8s %6d %6d %11.0f %9.1f %9.1f %9.1f %9.1f %11d %8.2f" % (sys.argv[2], sys.argv[3].replace(" ", ","),
      d["flops"], bits, d["osu018_um2"], d["um2_45"], d["um2_40"], d["ng45_um2"], d["ng40_um2"], d["transistors"],
      d["ng45_um2"] / bits if bits else 0))
' "$j" "$b" "$c" "$bits"
done
exit $status
