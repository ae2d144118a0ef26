#!/usr/bin/env bash
# coverage.sh - code coverage of the co-simulation (make coverage;
# docs/coverage.md).  Builds every harness of BLOCKS x PRESETS again with
# `verilator --coverage-line --coverage-toggle` and the C side with
# `gcc --coverage` (unoptimised, in CB=build/cov), runs live lockstep for
# seeds 1..SEEDS (CYCLES each, rand-reset mode seed % 3) and the C unit
# tests (for the C API lockstep never calls), merges the RTL
# counts with verilator_coverage and the C counts with lcov, renders both with
# genhtml into OUT/html/ and prints a summary per block: RTL lines and toggle
# points, C lines of the model and its stimulus.  Then every RTL line no run
# reached must be listed, with its reason, in tb/coverage/<block>.waive; an
# uncovered line not listed there, or a listed one that is now covered, is a
# failure (exit 1).
#   SEEDS=2 CYCLES=50000 BLOCKS=<all> PRESETS=<each block's non-paper presets>
#   JOBS=2 OUT=build/coverage CB=build/cov
set -uo pipefail
cd "$(dirname "$0")/.."
SEEDS=${SEEDS:-2} CYCLES=${CYCLES:-50000} JOBS=${JOBS:-2}
OUT=${OUT:-build/coverage} CB=${CB:-build/cov}
die() { echo "coverage: $*" >&2; exit 2; }
for v in SEEDS CYCLES JOBS; do
    [[ ${!v} =~ ^[1-9][0-9]*$ ]] || die "$v='${!v}': expected a whole number >= 1"
done
for t in verilator_coverage lcov genhtml; do
    command -v $t >/dev/null || die "$t is missing (make deps installs lcov; verilator_coverage comes with verilator)"
done
make -s build/ctwin || exit 1
CT=build/ctwin
BLOCKS=${BLOCKS:-$($CT blocks)}
for b in $BLOCKS; do $CT presets "$b" >/dev/null 2>&1 || die "BLOCKS: unknown block '$b' (build/ctwin blocks)"; done

# the list of (block, preset)
pairs=()
for b in $BLOCKS; do
    if [ -n "${PRESETS:-}" ]; then
        for c in $PRESETS; do
            $CT presets "$b" | grep -qx "$c" && pairs+=("$b/$c")
        done
    else
        for c in $($CT presets "$b" | grep -v '^paper'); do pairs+=("$b/$c"); done
    fi
done
[ ${#pairs[@]} -gt 0 ] || die "PRESETS='${PRESETS:-}' names no preset of BLOCKS"

BUILD=(B="$CB" COVERAGE=1)   # the Makefile's coverage flags
rm -rf "$OUT"; mkdir -p "$OUT/dat" "$OUT/log"
start=$SECONDS
echo "coverage: building ${#pairs[@]} harnesses with coverage in $CB"
# the first alone (it compiles Verilator's run time for the others)
make -s "${BUILD[@]}" "$CB/vl/${pairs[0]}/obj/vlharness" >/dev/null || exit 1
printf '%s\n' "${pairs[@]:1}" | xargs -r -P "$JOBS" -I{} make -s "${BUILD[@]}" "$CB/vl/{}/obj/vlharness" >/dev/null || exit 1
# counts of earlier runs
find "$CB" -name '*.gcda' -delete

echo "coverage: ${#pairs[@]} presets x $SEEDS seeds x $CYCLES cycles of lockstep"
fail=0
runs=()
for p in "${pairs[@]}"; do
    for s in $(seq 1 "$SEEDS"); do runs+=("$p $s"); done
done
one() {
    local p=$1 s=$2 id=${1/\//-}-s$2
    if CT_VL_COVERAGE="$OUT/dat/$id.dat" "$CB/vl/$p/obj/vlharness" lockstep "$s" "$CYCLES" \
            "+verilator+rand+reset+$((s % 3))" > "$OUT/log/$id.txt" 2>&1; then
        rm -f "$OUT/log/$id.txt"
    else
        echo "FAIL coverage run $p seed $s: $(grep -m1 MISMATCH "$OUT/log/$id.txt")"
    fi
}
export -f one; export OUT CB CYCLES
out=$(printf '%s\n' "${runs[@]}" | xargs -P "$JOBS" -L 1 bash -c 'one $0 $1')
[ -n "$out" ] && { echo "$out"; fail=1; }
# the C API the lockstep runs never call (_eval, _run, reports, refusals):
# the unit tests, built and run with the same counters
make -s "${BUILD[@]}" "$CB/unit/test_all" >/dev/null || exit 1
"$CB/unit/test_all" > "$OUT/log/unit.txt" 2>&1 || { echo "FAIL coverage: the unit tests fail in the coverage build"; tail -5 "$OUT/log/unit.txt"; fail=1; }

# merge, render, summarise (the same step closes make regress CODE_COVERAGE=1)
scripts/coverage_merge.sh "$OUT" "$CB" "$SEEDS seeds x $CYCLES cycles" $BLOCKS || fail=1
echo "coverage: HTML in $OUT/html/index.html ($((SECONDS - start)) s)"
exit $fail
