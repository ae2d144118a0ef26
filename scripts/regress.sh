#!/usr/bin/env bash
# regress.sh - `make regress`: every block x preset x SEEDS seeds, each seed
# one job (scripts/regress/job.sh: lockstep, fresh vectors replayed under
# Verilator, a sample under Icarus), run by a real job engine:
#   ENGINE=local  GNU parallel on this machine's cores (default)
#   ENGINE=ssh    GNU parallel --sshloginfile SSHLOGINFILE: the same job list
#                 across machines that see this tree at the same path
#   ENGINE=slurm  one Slurm array job (sbatch --array), SLURM_ARGS passed on
# then prints the summary, the merged functional coverage and writes JUnit
# (scripts/regress/report.py).  docs/regress.md says it all.
# Settings (environment or make variables):
#   SEEDS=20 FIRST_SEED=1 BLOCKS=<all> PRESETS=<all of each block>
#   CYCLES=50000 (lockstep) VCYCLES=1000 (replayed vectors)
#   ICARUS_EVERY=10 (seeds FIRST_SEED, +10, ... also replay under Icarus)
#   JOBS=<cores> (jobs at a time; slurm: the array's % limit, none by default)
#   OUT=build/regress
#   B=build VDIR=verilog (the Makefile's: regress another build of other RTL)
#   CODE_COVERAGE=1: the harnesses built with RTL line/toggle and C line
#   counters (in B=build/cov unless B is given), every run's counts merged
#   at the end into OUT/coverage/html with the per-block summary and the
#   waiver check of make coverage (docs/coverage.md)
# Exit 0 when every job passed and the merged coverage has no hole, 1 when
# something failed, 2 on a bad setting.
set -uo pipefail
cd "$(dirname "$0")/.."
die() { echo "regress: $*" >&2; exit 2; }
uint() { [[ $2 =~ ^[0-9]+$ ]] && [ "$2" -ge "${3:-1}" ] || die "$1='$2': expected a whole number >= ${3:-1}"; }
SEEDS=${SEEDS:-20} FIRST_SEED=${FIRST_SEED:-1} CYCLES=${CYCLES:-50000} VCYCLES=${VCYCLES:-1000}
ICARUS_EVERY=${ICARUS_EVERY:-10} ENGINE=${ENGINE:-local} OUT=${OUT:-build/regress}
CODE_COVERAGE=${CODE_COVERAGE:-0}
[[ $CODE_COVERAGE = [01] ]] || die "CODE_COVERAGE='$CODE_COVERAGE': expected 0 or 1"
if [ "$CODE_COVERAGE" = 1 ]; then B=${B:-build/cov}; fi
B=${B:-build} VDIR=${VDIR:-verilog}
CT=$B/ctwin
uint SEEDS "$SEEDS"; uint FIRST_SEED "$FIRST_SEED" 0; uint CYCLES "$CYCLES"; uint VCYCLES "$VCYCLES"
uint ICARUS_EVERY "$ICARUS_EVERY"
[ -z "${JOBS:-}" ] || uint JOBS "$JOBS"
case $ENGINE in
    local|ssh|slurm) ;;
    *) die "ENGINE='$ENGINE': expected local, ssh or slurm" ;;
esac
[ "$ENGINE" != ssh ] || [ -r "${SSHLOGINFILE:-}" ] || die "ENGINE=ssh needs SSHLOGINFILE=<file of ssh logins> (got '${SSHLOGINFILE:-}')"
if [ "$ENGINE" = slurm ]; then
    command -v sbatch >/dev/null || die "ENGINE=slurm: sbatch not found (Debian: slurm-client)"
    # a cluster must answer before any job is listed: no controller is a
    # setup error, not 'no result' for every job
    conf=${SLURM_CONF:-/etc/slurm/slurm.conf}
    [ -r "$conf" ] || die "ENGINE=slurm: no Slurm configuration ($conf is missing; SLURM_CONF names another); a one-node cluster on this machine: scripts/slurm_local.sh start DIR, then SLURM_CONF=DIR/slurm.conf (docs/regress.md)"
    ping=$(timeout 30 scontrol ping 2>&1) && grep -q "is UP" <<<"$ping" ||
        die "ENGINE=slurm: no Slurm controller answers (SLURM_CONF=$conf; scontrol ping: $(head -n 1 <<<"$ping")); a one-node cluster on this machine: scripts/slurm_local.sh start DIR, then SLURM_CONF=DIR/slurm.conf (docs/regress.md)"
else command -v parallel >/dev/null || die "GNU parallel not found (Debian: parallel; make deps installs it)"; fi
mkdir -p "$OUT" && OUT=$(cd "$OUT" && pwd) || die "OUT='$OUT' cannot be created"

# a coverage build (make coverage's flags)
covflags=()
if [ "$CODE_COVERAGE" = 1 ]; then
    for t in verilator_coverage lcov genhtml; do command -v $t >/dev/null || die "CODE_COVERAGE=1: $t is missing (make deps installs lcov)"; done
    covflags=(COVERAGE=1)   # the Makefile's coverage flags
fi
make -s B="$B" VDIR="$VDIR" "${covflags[@]}" "$CT" || exit 1
# the folder the harnesses of VDIR's RTL build into (B, or B/rtl/KEY for other RTL)
RB=$(make -s B="$B" VDIR="$VDIR" print-rtl-tree) || exit 2
all=$($CT blocks)
blocks=${BLOCKS:-$all}
for b in $blocks; do grep -qx "$b" <<<"$all" || die "BLOCKS: unknown block '$b' (blocks: $(echo $all))"; done
for p in ${PRESETS:-}; do
    found=; for b in $blocks; do $CT presets "$b" | grep -qx "$p" && found=1; done
    [ -n "$found" ] || die "PRESETS: '$p' is not a preset of $(echo $blocks)"
done

# the job list: block preset seed, one per line, seed by seed across the
# presets (every preset's first seed, then every preset's second, ...): the
# jobs done early are a fair sample of the whole, so the progress line's
# estimate holds from the first round on, and a preset's failure shows early
rm -rf "$OUT/res" "$OUT/jobs" "$OUT/slurm" "$OUT/junit.xml"
mkdir -p "$OUT/res" "$OUT/jobs"
targets=() pairs=()
for b in $blocks; do
    for c in $($CT presets "$b"); do
        [ -z "${PRESETS:-}" ] || grep -qw -- "$c" <<<"$PRESETS" || continue
        targets+=("$RB/vl/$b/$c/obj/vlharness $RB/iv/$b/$c/sim")
        pairs+=("$b $c")
    done
done
for ((s = FIRST_SEED; s < FIRST_SEED + SEEDS; s++)); do
    for bc in "${pairs[@]}"; do echo "$bc $s"; done
done > "$OUT/jobs.txt"
total=$(wc -l < "$OUT/jobs.txt")
[ "$total" -gt 0 ] || die "no jobs: PRESETS='${PRESETS:-}' matches no preset of $(echo $blocks)"

echo "regress: building ${#targets[@]} harnesses"
# the first alone (it compiles Verilator's run-time objects for the others)
mk=(make -s B="$B" VDIR="$VDIR" "${covflags[@]}")
"${mk[@]}" ${targets[0]} && printf '%s\n' "${targets[@]:1}" | xargs -r -P 2 -L 1 "${mk[@]}" || exit 1

# what a reproduce command needs beyond the report's own `make ...` line
{ [ "$B" = build ] || printf 'B=%q ' "$B"; [ "$VDIR" = verilog ] || printf 'VDIR=%q' "$VDIR"; } > "$OUT/make_vars"
export OUT CYCLES VCYCLES ICARUS_EVERY B RB
CT_COV_DIR=
if [ "$CODE_COVERAGE" = 1 ]; then
    rm -rf "$OUT/coverage"; CT_COV_DIR=$OUT/coverage/dat; mkdir -p "$CT_COV_DIR"
    find "$B" -name '*.gcda' -delete   # counts of earlier runs
fi
export CT_COV_DIR
echo "regress: $total jobs ($(wc -w <<<"$blocks") blocks, seeds $FIRST_SEED..$((FIRST_SEED + SEEDS - 1)), $CYCLES lockstep cycles, $VCYCLES-cycle vectors, Icarus every $ICARUS_EVERY seeds), engine $ENGINE"

# progress: jobs done / total, failures, elapsed, estimated remaining; one
# line rewritten in place on a terminal, a line every 15 s otherwise
progress() {
    local t0=$SECONDS done fail el eta last=-15 line
    while :; do
        done=$(find "$OUT/res" -name '*.res' | wc -l)
        fail=$(find "$OUT/res" -name '*.res' -exec grep -l '^FAIL' {} + 2>/dev/null | wc -l)
        el=$((SECONDS - t0)); eta=?
        [ "$done" -gt 0 ] && eta=$(((total - done) * el / done))
        line="regress: $done/$total jobs done, $fail failed, ${el} s elapsed, ~${eta} s remaining"
        if [ -t 2 ]; then printf '\r%s ' "$line" >&2
        elif [ $((el - last)) -ge 15 ] || [ "$done" = "$total" ]; then echo "$line" >&2; last=$el; fi
        [ "$done" = "$total" ] && break
        sleep 2
    done
    [ -t 2 ] && echo >&2
}
progress & prog=$!

rc=0
case $ENGINE in
    local|ssh)
        args=(--will-cite --colsep ' ' --joblog "$OUT/joblog" --jobs "${JOBS:-100%}")
        [ "$ENGINE" = ssh ] && args+=(--sshloginfile "$SSHLOGINFILE" --workdir "$PWD" --env OUT --env CYCLES
                                      --env VCYCLES --env ICARUS_EVERY --env B --env CT_COV_DIR)
        parallel "${args[@]}" scripts/regress/job.sh {1} {2} {3} :::: "$OUT/jobs.txt" > "$OUT/engine.log" 2>&1 || rc=$?
        ;;
    slurm)
        # one array task per job up to the cluster's MaxArraySize; beyond
        # it each task takes every STRIDE-th line of the list
        max=$(scontrol show config 2>/dev/null | awk '$1 == "MaxArraySize" {print $3}')
        STRIDE=$((total < ${max:-1001} ? total : ${max:-1001} - 1)); export STRIDE
        mkdir -p "$OUT/slurm"
        # shellcheck disable=SC2086 # SLURM_ARGS is a list of options
        sbatch --wait --parsable --job-name=cachetwin-regress --array="1-$STRIDE${JOBS:+%$JOBS}" \
            --chdir="$PWD" --output="$OUT/slurm/%a.out" --export=ALL ${SLURM_ARGS:-} \
            scripts/regress/slurm_task.sh > "$OUT/engine.log" 2>&1 || rc=$?
        ;;
esac
# the engine is done: whatever did not write a result never will
n=$(find "$OUT/res" -name '*.res' | wc -l)
if [ "$n" -lt "$total" ]; then
    kill "$prog" 2>/dev/null; wait "$prog" 2>/dev/null
    echo "regress: the engine ended with $((total - n)) of $total jobs without a result (engine exit $rc; $OUT/engine.log):" >&2
    tail -n 5 "$OUT/engine.log" >&2
else
    wait "$prog"
fi
echo
python3 scripts/regress/report.py "$OUT"; rrc=$?
if [ "$CODE_COVERAGE" = 1 ]; then
    echo
    scripts/coverage_merge.sh "$OUT/coverage" "$B" "regression of $SEEDS seeds x $CYCLES cycles" $blocks || rrc=1
    echo "regress: code coverage HTML in $OUT/coverage/html/index.html"
fi
exit $rrc
