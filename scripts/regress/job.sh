#!/usr/bin/env bash
# regress/job.sh BLOCK PRESET SEED - one regression job (scripts/regress.sh
# runs thousands of them through GNU parallel, ssh or a Slurm array):
#   1. live lockstep, C model vs Verilator, SEED, CYCLES cycles, rand-reset
#      mode SEED mod 3 (its functional coverage is merged over the seeds by
#      regress/report.py: a bin one short run misses is no failure; an
#      illegal FSM transition is);
#   2. VCYCLES fresh golden vectors of the same seed from the C model,
#      replayed under Verilator;
#   3. for a sample of the seeds (every ICARUS_EVERY-th, from the first), the
#      same vectors replayed under Icarus.
# Writes OUT/res/<id>.res (one line: status seconds steps) and <id>.log (the
# runs' output: the mismatch report on a failure), id = <block>.<preset>.s<seed>.
# A failing job keeps OUT/jobs/<id>/ (failure waveform window, its vectors,
# the .gtkw); a passing one leaves nothing there.
# Environment: OUT CYCLES VCYCLES ICARUS_EVERY B RB CT_COV_DIR (regress.sh sets
# them; CT_COV_DIR only with CODE_COVERAGE=1).
set -uo pipefail
cd "$(dirname "$0")/../.."
b=$1 c=$2 s=$3
unset CT_MAKE_VARS   # (the report adds B= and VDIR= to its reproduce lines: OUT/make_vars)
OUT=${OUT:?} CYCLES=${CYCLES:?} VCYCLES=${VCYCLES:?} ICARUS_EVERY=${ICARUS_EVERY:?} B=${B:-build} RB=${RB:-${B:-build}}
id=$b.$c.s$s
dir=$OUT/jobs/$id log=$OUT/res/$id.log
rm -rf "$dir"; mkdir -p "$dir" "$OUT/res"
start=${EPOCHREALTIME//[.,]/} status=pass steps=()
vs=$RB/vl/$b/$c/obj/vlharness iv=$RB/iv/$b/$c/sim
run() { # run STEP CMD...: its output to the log; a failure fails the job
    local step=$1; shift
    echo "== $step: $*" >> "$log"
    if "$@" >> "$log" 2>&1; then steps+=("$step"); else steps+=("$step:FAIL"); status=FAIL; fi
}
: > "$log"
# CODE_COVERAGE=1 (regress.sh): each run of a coverage build writes its counts
covl=() covr=()
[ -z "${CT_COV_DIR:-}" ] || covl=(env "CT_VL_COVERAGE=$CT_COV_DIR/$id.lockstep.dat") covr=(env "CT_VL_COVERAGE=$CT_COV_DIR/$id.replay.dat")
run lockstep "${covl[@]}" "$vs" lockstep "$s" "$CYCLES" "+verilator+rand+reset+$((s % 3))" --waves "$dir"
if grep -Eq ', [1-9][0-9]* illegal transition' "$log"; then steps+=("illegal-transition:FAIL"); status=FAIL; fi
if [ "$status" = pass ]; then
    run gen "$B/ctwin" gen "$b" "$c" "$s" "$VCYCLES" "$dir/${c}_s${s}_n${VCYCLES}.vec"
fi
if [ "$status" = pass ]; then
    run verilator-replay "${covr[@]}" "$vs" replay "$dir/${c}_s${s}_n${VCYCLES}.vec" --waves "$dir"
    if [ $(((s - 1) % ICARUS_EVERY)) = 0 ]; then
        run icarus-replay vvp -n "$iv" +vec="$dir/${c}_s${s}_n${VCYCLES}.vec"
    fi
fi
[ "$status" = pass ] && rm -rf "$dir"
# the result line is written last, whole, under a temporary name: a reader
# never sees half of it
us=$((${EPOCHREALTIME//[.,]/} - start))
printf '%s %d.%03d %s\n' "$status" $((us / 1000000)) $((us / 1000 % 1000)) "${steps[*]}" > "$OUT/res/$id.res.tmp" && mv "$OUT/res/$id.res.tmp" "$OUT/res/$id.res"
[ "$status" = pass ]
