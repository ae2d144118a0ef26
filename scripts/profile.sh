#!/usr/bin/env bash
# profile.sh BLOCK CONFIG [SEED] [CYCLES] - where a C model's cycles go:
# `ctwin speed` (the model's _run over a buffer of its own stimulus, as
# make bench times it) under valgrind's callgrind, counting only inside the
# block's _run.  Prints the instructions per model cycle in all, then per
# function (self cost, the top ones): the numbers the Speed sections of
# docs/blocks/*.md quote.  Then the same for the kit's Verilator harness of
# the block (`vlharness speed`: the stimulus buffer's inputs in, eval at both
# clock edges, outputs out, as make bench times it), and the ratio of the
# two counts, and the count of the C model specialised to the configuration
# (the harness's, spec_<block>_run) with its ratio (NO_VERILATOR=1: the
# generic C model only).  Instruction counts, unlike
# times, do not depend on what else the machine runs.
set -euo pipefail
cd "$(dirname "$0")/.."
CT=build/ctwin
if [ $# -lt 2 ] || [ $# -gt 4 ]; then
    echo "usage: scripts/profile.sh BLOCK CONFIG [SEED] [CYCLES]  (make profile BLOCK= CONFIG=)" >&2; exit 2
fi
b=$1 c=$2 seed=${3:-1} n=${4:-200000}
$CT config "$b" "$c" >/dev/null || exit 2
for t in valgrind callgrind_annotate; do
    command -v $t >/dev/null || { echo "profile: $t missing (apt-get install valgrind; make profile installs it)" >&2; exit 2; }
done
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
# the registry's run entry (<block>_run_, ct_desc.h) calls <block>_run: count inside it
valgrind --tool=callgrind --callgrind-out-file="$tmp/cg" --toggle-collect="${b}_run_" \
    "$CT" speed "$b" "$c" "$seed" "$n" > "$tmp/out" 2> "$tmp/err" || { cat "$tmp/err" >&2; exit 1; }
callgrind_annotate --auto=no --threshold=100 "$tmp/cg" > "$tmp/ann" 2>/dev/null
total=$(awk '/PROGRAM TOTALS/ {gsub(",", "", $1); print $1; exit}' "$tmp/ann")
if [ -z "$total" ] || [ "$total" = 0 ]; then echo "profile: callgrind counted nothing inside ${b}_run" >&2; exit 1; fi
awk -v n="$n" -v t="$total" -v b="$b" -v c="$c" '
    BEGIN { printf "profile %s %s: %.0f instructions per cycle (callgrind, %d cycles of %s_run)\n", b, c, t / n, n, b }
    /^-+$/ { sect++ }
    sect >= 5 && $1 ~ /^[0-9,]+$/ {
        ir = $1; gsub(",", "", ir); if (ir / n < 0.5) next
        fn = $0; sub(/^ *[0-9,]+ *(\([^)]*\))? */, "", fn); sub(/ \[.*\]$/, "", fn)
        printf "  %8.1f  %s\n", ir / n, fn
    }' "$tmp/ann"
# the Verilator harness (built when missing), counted inside vl_run
vs=build/vl/$b/$c/obj/vlharness
if [ -n "${NO_VERILATOR:-}" ]; then exit 0; fi
make -s "$vs" >/dev/null || exit 1
valgrind --tool=callgrind --callgrind-out-file="$tmp/cgv" --toggle-collect='vl_run(*' \
    "$vs" speed "$seed" "$n" > "$tmp/outv" 2> "$tmp/errv" || { cat "$tmp/errv" >&2; exit 1; }
vtotal=$(callgrind_annotate --auto=no "$tmp/cgv" 2>/dev/null | awk '/PROGRAM TOTALS/ && !t {gsub(",", "", $1); t = $1} END {print t}')
# the C model specialised to the configuration (docs/speed.md), the same
# vlharness speed run counted inside its _run (the stimulus is made by the generic one)
valgrind --tool=callgrind --callgrind-out-file="$tmp/cgs" --toggle-collect="spec_${b}_run" \
    "$vs" speed "$seed" "$n" > "$tmp/outs" 2> "$tmp/errs" || { cat "$tmp/errs" >&2; exit 1; }
stotal=$(callgrind_annotate --auto=no "$tmp/cgs" 2>/dev/null | awk '/PROGRAM TOTALS/ && !t {gsub(",", "", $1); t = $1} END {print t}')
awk -v n="$n" -v t="$total" -v v="$vtotal" -v s="$stotal" -v c="$c" 'BEGIN {
    printf "Verilator harness (vlharness speed): %.0f instructions per cycle; Verilator / C model: %.1fx\n", v / n, v / t
    printf "C model specialised to %s (vlharness speed): %.0f instructions per cycle; Verilator / it: %.1fx\n", c, s / n, v / s }'
