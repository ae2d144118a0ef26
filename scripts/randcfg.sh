#!/usr/bin/env bash
# randcfg.sh [BLOCK...] - random legal configurations beyond the presets
# (docs/your-rtl.md, "Beyond the presets"): for each block (default: every
# one) DRAWS configurations drawn by `ctwin draw BLOCK SEED` (seeds SEED,
# SEED+1, ...: each parameter at its extremes, near a power of two, or
# uniform; legal by the block's own checks), and for each:
#   scripts/lint.sh BLOCK CONFIG: verilator --lint-only -Wall, iverilog
#       -g2012 -Wall, yosys (no latch, no loop, flops + memory bits = the
#       inventory);
#   the C model's vectors for it (ctwin gen, CYCLES cycles: its directed
#       prologue, then constrained random) replayed by Icarus on the RTL,
#       every output compared every cycle (an X or Z after reset counts).
# Knobs: DRAWS=4 SEED=1 CYCLES=3000; VDIR= other RTL (scripts/rtl.sh);
# OUT=build/randcfg (each draw's files: OUT/BLOCK/sSEED/).
# Prints "PASS|FAIL randcfg BLOCK seed S CONFIG: ..." per check, the command
# that reproduces a failure, and "randcfg: N passed, M failed"; exit 0 / 1.
set -uo pipefail
cd "$(dirname "$0")/.."
CT=build/ctwin
DRAWS=${DRAWS:-4} SEED=${SEED:-1} CYCLES=${CYCLES:-3000}
. scripts/rtl.sh
pass=0; fail=0
out=${OUT:-build/randcfg}
for b in ${*:-$($CT blocks)}; do
    v=$(rtl_of "$b") || { echo "FAIL randcfg $b: no RTL"; fail=$((fail+1)); continue; }
    for ((s = SEED; s < SEED + DRAWS; s++)); do
        cfg=$($CT draw "$b" "$s" 2>/dev/null) || { echo "FAIL randcfg $b seed $s: no draw"; fail=$((fail+1)); continue; }
        d=$out/$b/s$s; rm -rf "$d"; mkdir -p "$d"
        echo "$cfg" > "$d/config"
        again="(again: ${VDIR:+VDIR=$VDIR }SEED=$s DRAWS=1 scripts/randcfg.sh $b)"
        if lo=$(scripts/lint.sh "$b" "$cfg" 2>&1); then
            echo "PASS randcfg $b seed $s $cfg: lint ($(grep -c '^PASS' <<<"$lo") checks)"; pass=$((pass+1))
        else
            echo "FAIL randcfg $b seed $s $cfg: lint $again"; grep -A12 '^FAIL' <<<"$lo" | head -20 | sed 's/^/  | /'
            fail=$((fail+1))
        fi
        if ! $CT hdl "$b" "$cfg" "$d" >/dev/null || ! $CT gen "$b" "$cfg" "$s" "$CYCLES" "$d/c.vec" ||
                ! iverilog -g2012 $(rtl_ydirs -y) -o "$d/sim" "$d/${b}_tb.v" "$d/${b}_top.v" "$v" >"$d/iverilog.log" 2>&1; then
            echo "FAIL randcfg $b seed $s $cfg: the replay does not build $again"; sed 's/^/  | /' "$d/iverilog.log" | head -5
            fail=$((fail+1)); continue
        fi
        if r=$(vvp -n "$d/sim" +vec="$d/c.vec" 2>&1) && grep -q "^PASS icarus" <<<"$r"; then
            echo "PASS randcfg $b seed $s $cfg: C model and RTL agree ($CYCLES cycles, Icarus)"; pass=$((pass+1))
        else
            echo "FAIL randcfg $b seed $s $cfg: C model and RTL differ $again"; grep -m5 -E 'MISMATCH|ERROR|^ ' <<<"$r" | sed 's/^/  | /'
            fail=$((fail+1))
        fi
    done
done
echo "randcfg: $pass passed, $fail failed"
[ "$fail" = 0 ]
