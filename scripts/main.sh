#!/usr/bin/env bash
# main.sh - the main job (`make`): build, generate golden vectors, co-simulate
# every block in lockstep, replay the vectors under Verilator and Icarus,
# print one summary table and the area report.  Exit 0 only if all pass.
#   SEED (default 1)  CYCLES lockstep cycles (default 200000)
#   VCYCLES  cycles of the generated vectors replayed by both simulators (5000)
set -uo pipefail
cd "$(dirname "$0")/.."
SEED=${SEED:-1} CYCLES=${CYCLES:-200000} VCYCLES=${VCYCLES:-5000}
CT=build/ctwin
echo "== build"
make -s build || exit 1
mkdir -p build/main waves
# one preset: lockstep, fresh vectors, Verilator and Icarus replay; prints
# its summary row last (failure output before it)
one() {
    local b=$1 c=$2 out res=() cov rep verdict
    local vs=build/vl/$b/$c/obj/vlharness iv=build/iv/$b/$c/sim vec=build/main/${b}_${c}_s${SEED}.vec
    out=$($vs lockstep "$SEED" "$CYCLES" --require-coverage 2>&1) && res+=(pass) || { res+=(FAIL); echo "$out"; }
    # functional coverage of the lockstep run, for blocks that measure it (a
    # hole already failed the run above)
    cov=-
    if grep -q '^coverage: complete' <<<"$out"; then cov=complete
    elif grep -q '^coverage:' <<<"$out"; then cov=HOLES; fi
    rep=$(grep -m1 '^leakage reduction' <<<"$out" | sed 's/.*DROWSY at 10%: \([0-9.]*%\).*/\1/')
    if $CT gen "$b" "$c" "$SEED" "$VCYCLES" "$vec"; then
        out=$($vs replay "$vec" 2>&1) && res+=(pass) || { res+=(FAIL); echo "$out"; }
        out=$(vvp -n "$iv" +vec="$vec" 2>&1) && res+=(pass) || { res+=(FAIL); echo "$out"; }
    else
        res+=(FAIL FAIL)
    fi
    verdict=PASS
    [[ " ${res[*]} " = *FAIL* ]] && verdict=FAIL
    printf '%-13s %-9s %4s %7s %-9s %-10s %-7s %-9s %-7s %s\n' "$b" "$c" "$SEED" "$CYCLES" \
        "${res[0]}" "${res[1]}" "${res[2]}" "$cov" "${rep:--}" "$verdict"
}
# two presets at a time (the ata_tags paper and wide replays under Icarus
# take most of a minute each); rows are printed in catalogue order
jobs=()
for b in $($CT blocks); do
    for c in $($CT presets "$b"); do
        f=build/main/$b.$c.row; jobs+=("$f")
        one "$b" "$c" > "$f" 2>&1 &
        while [ "$(jobs -rp | wc -l)" -ge 2 ]; do wait -n; done
    done
done
wait
rows=(); status=0
for f in "${jobs[@]}"; do
    row=$(tail -n 1 "$f")
    head -n -1 "$f"
    [[ $row = *PASS ]] || status=1
    rows+=("$row")
done
echo
echo "== summary (lockstep: C model vs Verilator every cycle; replay: $VCYCLES-cycle golden vectors;"
echo "   coverage: the block's functional coverage bins (FSM transitions, its COVER table or its model's bins) complete in the"
echo "   lockstep run; leak-red:"
echo "   Leakage [001] Eq. (1) leakage reduction of that run, E' = 0)"
printf '%-13s %-9s %4s %7s %-9s %-10s %-7s %-9s %-7s %s\n' block config seed cycles lockstep verilator icarus \
    coverage leak-red result
printf '%s\n' "${rows[@]}"
echo
$CT area
echo
if [ "$status" = 0 ]; then echo "main: all blocks pass"; else echo "main: FAILURES above"; fi
exit $status
