#!/usr/bin/env bash
# bench.sh - simulation throughput (`make bench`), reported, never asserted.
# For every block at every preset, one run measures on the same stimulus: the
# C model alone, Verilator alone, C + Verilator in lockstep (vsim bench), and
# Icarus replaying golden vectors of that stimulus.  Then the Bloom filter's
# false-positive rate, measured vs theory (docs/blocks/bloom_dual.md).
#   CYCLES (default 20000000) for C/Verilator/lockstep; ICYCLES (200000) for Icarus;
#   BLOCKS (default: every block).  A configuration whose simulators are slow
#   (ata_tags paper: ~25 k cycles/s in Verilator, ~100 in Icarus) runs fewer
#   cycles: a short probe sets the count so that each measurement takes about
#   BUDGET seconds (default 20), never more than CYCLES / ICYCLES.
set -euo pipefail
cd "$(dirname "$0")/.."
CYCLES=${CYCLES:-20000000} ICYCLES=${ICYCLES:-200000} SEED=${SEED:-1} BUDGET=${BUDGET:-20}
CT=build/ctwin
make -s build
mkdir -p build/bench
now() { date +%s.%N; }
printf '%-13s %-9s %13s %13s %13s %11s %8s %9s %9s\n' block config "C cyc/s" "Verilator" lockstep Icarus \
    "C/Vl" "lock/Vl" "Vl/Icarus"
# cycles for a run of about BUDGET seconds at RATE cycles/s, within [lo, max]
fit() { awk -v r="$1" -v b="$BUDGET" -v lo="$2" -v hi="$3" 'BEGIN{n=int(r*b); if(n<lo)n=lo; if(n>hi)n=hi; print n}'; }
for b in ${BLOCKS:-$($CT blocks)}; do
    for c in $($CT presets "$b"); do
        vs=build/vl/$b/$c/obj/vsim
        t0=$(now); $vs bench "$SEED" 20000 >/dev/null; t1=$(now)
        n=$(fit "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print 20000/(b-a)}')" 20000 "$CYCLES")
        data=$($vs bench "$SEED" "$n" | awk '/^BENCHDATA/{print $4, $5, $6}')
        read -r cc vc lc <<<"$data"
        vec=build/bench/${b}_${c}.vec
        $CT gen "$b" "$c" "$SEED" 500 "$vec"
        t0=$(now); vvp -n build/iv/$b/$c/sim +vec="$vec" >/dev/null; t1=$(now)
        ni=$(fit "$(awk -v a="$t0" -v b="$t1" 'BEGIN{print 500/(b-a)}')" 500 "$ICYCLES")
        $CT gen "$b" "$c" "$SEED" "$ni" "$vec"
        t0=$(now); vvp -n build/iv/$b/$c/sim +vec="$vec" >/dev/null; t1=$(now)
        ic=$(awk -v n="$ni" -v a="$t0" -v b="$t1" 'BEGIN{printf "%.0f", n/(b-a)}')
        awk -v b="$b" -v c="$c" -v cc="$cc" -v vc="$vc" -v lc="$lc" -v ic="$ic" 'BEGIN{
            printf "%-13s %-9s %13.0f %13.0f %13.0f %11.0f %7.1fx %8.0f%% %8.0fx\n",
                   b, c, cc, vc, lc, ic, cc/vc, 100*lc/vc, vc/ic}'
    done
done
echo "(C, Verilator, lockstep: up to $CYCLES cycles from a 4096-cycle stimulus buffer; Icarus: up to $ICYCLES cycles"
echo " including reading the vector file; $(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'))"
echo
$CT fprate paper "$SEED"
