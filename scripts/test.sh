#!/usr/bin/env bash
# test.sh - the full test suite: `make test` (and so CI) runs this.
# Every check below can fail; each prints PASS/FAIL with its name, and the
# last line is "N passed, M failed".  Exit 0 only when nothing failed.
#
#   build      ctwin, Verilator harness and Icarus testbench of every preset
#   unit       C unit tests of spec properties, vector reader tests, README example
#   asan       the C side under AddressSanitizer + UBSan
#   layers     the include graph of rtl_model/ follows the layout rule
#   area       the standard-cell flow on a hand-computed circuit, the paper
#              presets' fit (hand points, a fit through a synthesised size,
#              the check bound), chip factors, claims, bad .area files
#   formal     every block's properties proved (PDR or the engine a props file names, in the background); a
#              broken RTL, a wrong property, an unreachable cover each fail;
#              counterexamples and cover traces replayed as vector files
#   lint       verilator -Wall, iverilog -Wall, yosys (+ canaries that must fail)
#   golden     committed vectors: byte-identical regeneration, C replay,
#              Verilator replay under rand-reset 0/1/2, Icarus replay
#   lockstep   C model vs RTL, several seeds, every preset; the C model
#              specialised to each preset against the generic one (vsim spec),
#              and its golden vectors against ctwin gen's (vsim gen)
#   speed      ctwin speed agrees with the harness's bench; make profile
#   refusal    vectors for another configuration are refused by both simulators
#   badinput   malformed files, unknown blocks, invalid configs: clear errors
#   workloads  traces: the Accel-Sim and cuda-memtrace fixtures' imports and summary against the
#              hand-worked files, gzip, the README commands, refusals; the
#              experiments' tables reproduced; a trace's GDU cycles and CCN
#              ring cycles, ATA-Cache, LoSCache and sleep_fsm cycles as
#              vectors replayed by the C model, Verilator and
#              Icarus; the ring and the other experiments' models on a
#              trace in live lockstep (vsim ring, vsim exp; broken RTL caught)
#   report     a wrong expected value gives the full mismatch report + waveform
#   waves      make waves leaves a VCD and a .gtkw naming every port; the
#              README pictures' windows show what their captions say
#   directed   RTL properties the co-simulation cannot reach (a forced
#              impossible state), under Icarus, and that the check can fail
#   regress    make regress through GNU parallel and a single-node Slurm: the
#              summary, JUnit, merged coverage, failures and refusals
#   hosts      make install/uninstall, the README example of each host built
#              out of tree with pkg-config, SystemC and DPI-C lockstep of
#              every block (a disagreeing model caught), Python replays
#   python     the wheel in a fresh venv; cocotb on every block under Icarus
#              and Verilator; the pyuvm example; README's cocotb example;
#              broken RTL caught by each
#   fuzz       libFuzzer targets (vector reader, configuration parser):
#              corpus replay, planted memory bugs caught, a short run each
#   coverage   make coverage: RTL line/toggle and C coverage merged, waivers
#   mutants    deliberately broken RTL and C models are each caught
set -uo pipefail
cd "$(dirname "$0")/.."
CT=build/ctwin
. scripts/rtl.sh   # vec_preset, host_preset, smallest_preset, rtl_build_tree
pass=0; fail=0; failed=()
# the scratch folder: in memory (/dev/shm) where it has 4 GB free and runs
# programs, unless TMPDIR names one (/tmp is on the disk here: the suite's
# thousands of small files cost system time there)
shm=
[ -z "${TMPDIR:-}" ] && [ -d /dev/shm ] && [ -w /dev/shm ] &&
    [ "$(df -Pk /dev/shm 2>/dev/null | awk 'NR == 2 {print $4}')" -gt 4000000 ] 2>/dev/null && shm=/dev/shm
tmp=$(mktemp -d ${shm:+-p "$shm"}); trap 'rm -rf "$tmp"' EXIT
if [ -n "$shm" ] && ! { printf '#!/bin/sh\n' > "$tmp/x" && chmod +x "$tmp/x" && "$tmp/x"; } 2>/dev/null; then
    rm -rf "$tmp"; tmp=$(mktemp -d)
fi
# the scripts and programs the suite runs make their scratch files in it too
# (mktemp, the unit tests' ut_tmp), and leave none behind
export TMPDIR=$tmp

ok()  { pass=$((pass+1)); echo "PASS $1"; }
bad() { fail=$((fail+1)); failed+=("$1"); echo "FAIL $1"; [ -n "${2:-}" ] && tail -n 30 <<<"$2"; }
# cpu_cs: CPU (user + system, centiseconds) of this shell and its reaped children
cpu_cs() { local f; f=($(cut -d' ' -f14-17 /proc/$$/stat)); echo $(( (f[0]+f[1]+f[2]+f[3]) * 100 / $(getconf CLK_TCK) )); }
# section NAME: starts a section; the CPU each section took (less the
# background jobs that ended during it, which report their own) is printed
# in the breakdown at the end
sec_names=(); sec_cpu=(); sec_at=(); sec_last=$(cpu_cs); bg_cpu_seen=0
section() {
    sec_close
    sec_names+=("$1"); sec_at+=("$SECONDS")
    echo; echo "== $1   (${SECONDS} s into the suite)"
}
# sec_close: the CPU of the section running now, without finished background jobs
sec_close() {
    local now bgc=0 f; now=$(cpu_cs)
    for f in "$tmp"/*.cpu; do [ -e "$f" ] && bgc=$((bgc + $(cat "$f"))); done
    [ ${#sec_names[@]} -gt 0 ] && sec_cpu+=($(( now - sec_last - (bgc - bg_cpu_seen) )))
    sec_last=$now; bg_cpu_seen=$bgc
}
# check NAME CMD...: passes when CMD exits 0
check() { local n=$1; shift; local out; if out=$("$@" 2>&1); then ok "$n"; else bad "$n" "$out"; fi; }
# expect NAME RC FRAGMENT CMD...: passes when CMD exits RC and prints FRAGMENT
expect() {
    local n=$1 want=$2 frag=$3; shift 3
    local out rc=0; out=$("$@" 2>&1) || rc=$?
    if [ "$rc" = "$want" ] && grep -qF -- "$frag" <<<"$out"; then ok "$n"
    else bad "$n (exit $rc, want $want and '$frag')" "$out"; fi
}
# par NAME CMD... / pare NAME RC FRAGMENT CMD...: a check like `check` /
# `expect`, run in the background, at most two at a time (builds that
# compile two files and then link; examples that compile one); par_done
# waits for them and reports them in the order they were queued.
par_pids=(); par_names=(); par_want=(); par_frag=()
pare() {
    local n=$1 want=$2 frag=$3 f=$tmp/par.${#par_pids[@]} p live=(); shift 3
    { "$@" > "$f" 2>&1; echo $? > "$f.rc"; } &
    par_pids+=($!); par_names+=("$n"); par_want+=("$want"); par_frag+=("$frag")
    for p in "${par_pids[@]}"; do kill -0 "$p" 2>/dev/null && live+=("$p"); done
    if [ ${#live[@]} -ge 2 ]; then wait -n "${live[@]}"; fi
}
par() { local n=$1; shift; pare "$n" 0 "" "$@"; }
par_done() {
    local i rc
    for i in "${!par_pids[@]}"; do
        wait "${par_pids[$i]}"
        rc=$(cat "$tmp/par.$i.rc" 2>/dev/null)
        # (an empty fragment matches even empty output: grep finds nothing in an empty file)
        if [ "$rc" = "${par_want[$i]}" ] && { [ -z "${par_frag[$i]}" ] || grep -qF -- "${par_frag[$i]}" "$tmp/par.$i"; }; then ok "${par_names[$i]}"
        else bad "${par_names[$i]} (exit $rc, want ${par_want[$i]} and '${par_frag[$i]}')" "$(cat "$tmp/par.$i")"; fi
        rm -f "$tmp/par.$i" "$tmp/par.$i.rc"
    done
    par_pids=(); par_names=(); par_want=(); par_frag=()
}
# rtl_mutant BLOCK NAME FILE: applies the RTL mutant NAME of
# tb/mutants/BLOCK.txt (its sed expression) to FILE, a copy of the block's
# RTL; fails when the mutant is not listed or no longer changes the file
rtl_mutant() {
    local expr; expr=$(awk -F'\t' -v n="$2" '$1 == "rtl" && $2 == n {print $3}' "tb/mutants/$1.txt")
    [ -n "$expr" ] && cp "$3" "$3.orig" && sed -i "$expr" "$3" && ! cmp -s "$3" "$3.orig" && rm -f "$3.orig"
}
vsim() { echo "build/vl/$1/$2/obj/vsim"; }
isim() { echo "build/iv/$1/$2/sim"; }
# replays FILE BLOCK CONFIG RESET...: the C model, Verilator (once per
# rand-reset mode given) and Icarus each replay the vector file FILE
replays() {
    local f=$1 b=$2 c=$3 r; shift 3
    expect "C model replays $f" 0 PASS "$CT" check "$f"
    for r; do
        expect "verilator replays $f rand-reset $r" 0 PASS \
            "$(vsim "$b" "$c")" replay "$f" "+verilator+rand+reset+$r" +verilator+seed+7 --waves "$tmp"
    done
    expect "icarus replays $f" 0 "PASS icarus" vvp -n "$(isim "$b" "$c")" +vec="$f"
}

section build
# (both cores: nothing else runs yet)
if out=$(make -s -j2 build/ctwin 2>&1); then ok "build ctwin"; else bad "build ctwin" "$out"; echo "$pass passed, $fail failed"; exit 1; fi
# bg NAME CMD...: a background job at low priority (nice 10): the sections
# in front, often one process at a time, go first and the background jobs
# take the rest of the CPU (then both cores once the sections are done).
# NAME's output goes to $tmp/NAME.out, the second it ended to $tmp/NAME.done.
# Its CPU (centiseconds, user + system, with its children) goes to $tmp/NAME.cpu.
bg() {
    local n=$1; shift
    ( /usr/bin/time -f '%U %S' -o "$tmp/$n.time" nice -n 10 "$@" > "$tmp/$n.out" 2>&1; rc=$?
      echo "$SECONDS" > "$tmp/$n.done"
      # (a job that fails: time writes "Command exited with non-zero status N" first)
      awk '$1 ~ /^[0-9.]+$/ { c = ($1 + $2) * 100 } END { printf "%d\n", c }' "$tmp/$n.time" > "$tmp/$n.cpu"
      echo "$rc" > "$tmp/$n.rc"; exit $rc ) &
}
# bg_wait NAME PID: waits for background job NAME and returns its exit code,
# read from the file the job wrote (bash's `wait -n` in pare may have reaped
# a job that ended earlier: `wait PID` alone then says 127, "not a child")
bg_wait() { wait "$2" 2>/dev/null; [ -s "$tmp/$1.rc" ] && return "$(cat "$tmp/$1.rc")"; return 127; }
# done_at NAME: "(done at N s)" for a finished background job
done_at() { echo "(done at $(cat "$tmp/$1.done") s)"; }
# lint (yosys elaboration: minutes on one core) needs only ctwin: it runs in
# the background from here; its verdict is collected before the mutants.
bg lint scripts/lint.sh
lint_pid=$!
echo "(lint runs in the background; its verdict comes before the mutants)"
# the pinned Python tools (scripts/venv.sh: from PyPI into build/venv, about
# 15 s, mostly waiting on the network) for the python section, from here
bg venv scripts/venv.sh
venv_pid=$!
# the formal proofs of every block with properties (each committed proof
# certificate checked, else PDR or the engine its props file names:
# docs/formal.md "Certificates", "Engines"; about 80 CPU-s)
bg formal python3 scripts/formal.py --ctwin "$CT" --work "$tmp/formal" --no-cover
formal_pid=$!
# every property broken by one of the block's RTL mutants (BMC/PDR on each
# mutant's model), on loscache_ctr (14 CPU-s): all eleven blocks with properties
# take about 30 CPU-minutes, more than the suite's 8 minutes can hold (make
# formal MUTANTS=1 runs them)
FORMAL_MUT_BLOCKS="loscache_ctr"
bg formal_mut python3 scripts/formal.py --ctwin "$CT" --work "$tmp/formal_mut" --no-cover --mutants $FORMAL_MUT_BLOCKS
formal_mut_pid=$!
# The first build compiles Verilator's run-time objects into build/vlrt for
# all the others: it runs alone, the rest two at a time.
first=
for b in $($CT blocks); do
    for c in $($CT presets "$b"); do
        if [ -z "$first" ]; then
            first=$b/$c; check "build vsim + icarus $b $c" make -s "$(vsim "$b" "$c")" "$(isim "$b" "$c")"
        else
            par "build vsim + icarus $b $c" make -s "$(vsim "$b" "$c")" "$(isim "$b" "$c")"
        fi
    done
done
par_done
# The fuzz targets and the coverage builds need nothing built above: they
# start here, in the background, so that the other core has work while the
# unit tests build and the sanitizer checks run (one process at a time).
# the fuzz targets (clang builds, corpus replay, planted bugs, then 5 s of
# fuzzing each: a smoke run from the corpus; make fuzz runs 60 s each)
bg fuzz scripts/fuzz.sh --test 5
fuzz_pid=$!
# code coverage (make coverage) of two blocks, every test preset: the
# sleep_fsm waiver and bloom_dual's coverage_off region are exercised
bg coverage env BLOCKS="sleep_fsm bloom_dual" SEEDS=1 CYCLES=20000 OUT="$tmp/cov" CB=build/cov-test scripts/coverage.sh
cov_pid=$!

check "build unit tests" make -s build/unit/test_all
section asan
# build/asan first: the mutants of kind asan start from its objects, and
# the mutants start once it is built, beside the sanitizer runs
check "build the C side under ASan + UBSan (make asan-build)" make -s -j2 asan-build
# The mutants (each rebuilds a broken model: minutes) need the builds above
# (their C builds start from these objects); they run in the background
# too, their verdict comes last.
bg mutants scripts/mutants.sh
mut_pid=$!
echo "(the mutants run in the background; their verdict comes last)"
check "C side under ASan + UBSan (make asan)" scripts/asan.sh

section unit
check "unit tests (make unit)" make -s unit
# the C example in README.md compiles and does what its comment says
{ echo '#include <assert.h>'; echo '#include "loscache_ctr.h"'; echo 'int main(void) {'
  awk '/^```c$/{on=1;next} /^```$/{on=0} on && !/#include/' README.md
  echo 'assert(out.count_o == 1); return 0; }'; } > "$tmp/readme_example.c"
check "README C example compiles and runs" bash -c "gcc -std=c11 -Wall -Wextra -Werror -Irtl_model/ct -Irtl_model/loscache \
    $tmp/readme_example.c build/libct.a -o $tmp/readme_example && $tmp/readme_example"

section layers
# the layout rule (docs/conventions.md): the include graph of rtl_model/
expect "layers: framework at the bottom, hosts on top, no arrow back up, nothing from tb/" 0 \
    "floor 0: ct" python3 scripts/layers.py
lay() { # NAME FILE LINE FRAGMENT: LINE added to a copy's FILE must fail with FRAGMENT
    rm -rf "$tmp/lay"; mkdir -p "$tmp/lay"; cp -r rtl_model verilog "$tmp/lay/"
    printf '%s\n' "$3" >> "$tmp/lay/$2"
    expect "layers: refuses $1" 1 "$4" python3 scripts/layers.py "$tmp/lay"
}
lay "the framework including a block" rtl_model/ct/ct_rng.h '#include "shadow_tags.h"' \
    'the framework ct/ includes "shadow_tags.h" of ccn/'
lay "a model including the testbench's files" rtl_model/ccn/shadow_tags.c '#include "ct_gen.h"' \
    'includes "ct_gen.h", which is not a file of rtl_model/'
lay "a cycle between two systems" rtl_model/leakage/sleep_fsm.c '#include "loscache_ctr.h"' \
    'a cycle between the system folders'
lay "a system including a host" rtl_model/lamar/bgp.c '#include "cachetwin.h"' 'lamar/ includes "cachetwin.h" of host/'
rm -rf "$tmp/lay"; mkdir -p "$tmp/lay"; cp -r rtl_model verilog "$tmp/lay/"; 
mv "$tmp/lay/verilog/ccn/shadow_tags.v" "$tmp/lay/verilog/lamar/"
expect "layers: refuses a block whose RTL is in another system's folder" 1 \
    "its RTL is not verilog/ccn/shadow_tags.v" python3 scripts/layers.py "$tmp/lay"
rm -rf "$tmp/lay"

section lint
for m in latch loop; do
    expect "yosys check refuses the $m canary" 1 "" scripts/yosys_check.sh tb/canary/$m.v $m "$tmp/$m.log"
done

section area
# the standard-cell flow (scripts/area_um2.py) on a circuit computed by hand:
# 4 DFFPOSX1 (96 um^2) + 4 INVX1 (16) = 448 um^2; x (0.0225/0.10)^2 = 22.68 at
# 45 nm, x (0.020/0.10)^2 = 17.92 at 40 nm; NanGate45: 4 DFF_X1 (4.522) +
# 4 INV_X1 (0.532) = 20.216, x (40/45)^2 = 15.973; 4 x 16 + 4 x 2 = 72 transistors
scripts/area_um2.sh ccn_rt >/dev/null 2>&1 || true      # fetches the liberty
expect "area: the known circuit's cells, um^2 and transistors" 0 \
    '{"cells": {"DFFPOSX1": 4, "INVX1": 4}, "flops": 4, "ng40_um2": 15.973, "ng45_um2": 20.216, "osu018_um2": 448.0, "params": {}, "top": "reg4_inv", "transistors": 72, "um2_40": 17.92, "um2_45": 22.68}' \
    python3 scripts/area_um2.py --lib build/tech/osu018_stdcells.lib tb/area/reg4_inv.v reg4_inv
expect "area: a missing liberty names its Debian package" 1 "qflow-tech-osu018" \
    python3 scripts/area_um2.py --lib "$tmp/none.lib" tb/area/reg4_inv.v reg4_inv
expect "area: a parameter that is not NAME=VALUE is refused" 1 "parameter 'CNT_W=x'" \
    python3 scripts/area_um2.py --lib build/tech/osu018_stdcells.lib verilog/ccn/ccn_rt.v ccn_rt CNT_W=x
# widening ccn_rt's two hit counters by 2 bits adds 4 flops and 4 inventory
# bits, more area, and a different area per bit
a4=$(scripts/area_um2.sh ccn_rt tiny 2>&1 | tail -1); a6=$(scripts/area_um2.sh ccn_rt "tiny CNT_W=6" 2>&1 | tail -1)
if awk -v x="$a4" -v y="$a6" 'BEGIN{split(x,p," "); split(y,q," ");
        exit !(p[3]==16 && p[4]==16 && q[3]==20 && q[4]==20 && q[8]>p[8] && q[11]!=p[11])}'; then
    ok "area: the per-bit figure follows ccn_rt's counter width (flops = inventory bits, 16 -> 20)"
else bad "area: the per-bit figure follows ccn_rt's counter width" "$a4"$'\n'"$a6"; fi

# scripts/ctkit.py, what the Python scripts share: the inventory's bits
# (loscache_ctr tiny: 5 lines x 3 bits), and a clear error for an unknown block
expect "area: ctkit's inventory bits of loscache_ctr tiny (5 x 3 = 15)" 0 "15" \
    python3 scripts/ctkit.py bits "$CT" loscache_ctr tiny
expect "area: ... plus the instrumentation registers (bloom_dual tiny: 46)" 0 "46" \
    python3 scripts/ctkit.py bits "$CT" bloom_dual tiny
expect "area: ctkit names an unknown block" 1 "ctwin area nosuch" python3 scripts/ctkit.py bits "$CT" nosuch tiny
# the papers' presets (scripts/area_paper.py): the least-squares line on hand
# points; a fit through the preset's own size gives back its synthesised area
# (and its check on a fitted size 0 % error); the chip factor and the claims'
# ratio at their node; a real fit (loscache_ctr, 16..64 lines) within the
# stated bound on 128 lines; spec errors name file, line and field
expect "area: the fit line on hand points (y = 2x + 1; least squares 0.5x + 2/3)" 0 "ok" \
    python3 -c 'import sys; sys.path.insert(0, "scripts"); from area_paper import fit_line as f
assert f([(1, 3), (2, 5), (4, 9)]) == (2.0, 1.0); a, b = f([(0, 0), (2, 3), (4, 2)])
assert abs(a - 0.5) < 1e-12 and abs(b - 2 / 3) < 1e-12
print("ok")'
t4=$(scripts/area_um2.sh loscache_ctr tiny 2>&1 | tail -1)
s4=$(scripts/area_um2.sh shadow_tags tiny 2>&1 | tail -1)
ng45=$(awk '{print $8}' <<<"$t4"); sng40=$(awk '{print $9}' <<<"$s4")
cat > "$tmp/t.area" <<EOT
tiny fit   NUM_LINES=2   # a comment
tiny fit   NUM_LINES=5
tiny check NUM_LINES=2
tiny claim bits 15 the inventory's 5 x 3
tiny claim mm2@45 $(awk -v a="$ng45" 'BEGIN{printf "%.9f", a / 1e6}') its own area at 45 nm
tiny claim mm2@40 $(awk -v a="$ng45" 'BEGIN{printf "%.9f", a * (40/45)^2 / 1e6}') its own area at 40 nm
EOT
out=$(scripts/area_paper.sh --spec "$tmp/t.area" loscache_ctr:tiny 2>&1) || true
row=$(grep -E '^loscache_ctr +tiny +fit ' <<<"$out" | head -1)
if [ "$(awk '{printf "%.0f", $5}' <<<"$row")" = "$(awk '{printf "%.0f", $8}' <<<"$t4")" ] &&
   grep -qE '^loscache_ctr +tiny .* \+0\.0%$' <<<"$out" &&
   [ "$(grep -cE '^loscache_ctr +tiny +(bits|mm2@4[05]) .* 1\.00 ' <<<"$out")" = 3 ]; then
    ok "area: a fit through the preset's size gives its synthesised area, 0 % on a fitted check, claims 1.00"
else bad "area: a fit through the preset's size gives its synthesised area" "$t4"$'\n'"$out"; fi
printf 'tiny claim mm2@40 %s fifteen tiny shadow tag arrays\n' \
    "$(awk -v a="$sng40" 'BEGIN{printf "%.9f", a * 15 / 1e6}')" > "$tmp/s.area"
src=0; out=$(scripts/area_paper.sh --spec "$tmp/s.area" shadow_tags:tiny 2>&1) || src=$?
if [ "$src" = 0 ] && grep -qF " 15.00 " <<<"$out"; then ok "area: a chip estimate is the preset x its instances (shadow tags: 15 SMs)"
else bad "area: a chip estimate is the preset x its instances (shadow tags: 15 SMs)" "$out"; fi
if grep -qE '^shadow_tags +tiny +mm2@40 .* 1\.00 ' <<<"$out"
then ok "area: ... and its ratio to a claim of that size is 1.00"; else bad "area: the chip claim ratio" "$out"; fi
# (the committed spec fits 16..64 lines and checks 128: make area-paper; here
# one size smaller, half the synthesis CPU, the same bound)
printf 'paper fit NUM_LINES=%s\n' 8 16 32 > "$tmp/l.area"; echo "paper check NUM_LINES=64" >> "$tmp/l.area"
out=$(scripts/area_paper.sh --spec "$tmp/l.area" loscache_ctr 2>&1) || true
err=$(awk '/^loscache_ctr +paper .*%/{v=$NF; sub("%","",v); print v}' <<<"$out")
if [ -n "$err" ] && awk -v e="$err" 'BEGIN{exit !(e <= 10 && e >= -10)}' &&
   grep -qE '^loscache_ctr +paper +fit +36864 ' <<<"$out"; then
    ok "area: loscache_ctr's paper preset extrapolated from 8..32 lines, the fit within 10 % on 64 lines ($err %)"
else bad "area: loscache_ctr's paper fit" "$out"; fi
for e in "tiny fits NUM_LINES=2|t.area:1: field 2 (role): 'fits'" \
         "huge fit NUM_LINES=2|t.area:1: field 1 (preset): 'huge'" \
         "tiny fit NUM_LINES=2 LINES=3|t.area:1: field 4: 'LINES' is not a parameter" \
         "tiny fit NUM_LINES=x|t.area:1: field 3: 'NUM_LINES=x': expected NAME=VALUE" \
         "tiny fit NUM_LINES=2|preset tiny: a fit needs two or more fit lines (has 1)" \
         "tiny claim mm2@7 1 x|t.area:1: field 3 (kind): 'mm2@7'" \
         "tiny claim bits -1 x|t.area:1: field 4 (value): '-1'" \
         "tiny skip|t.area:1: field 3 (reason)"; do
    printf '%s\n' "${e%%|*}" > "$tmp/t.area"
    expect "area: a bad .area line is refused: ${e%%|*}" 1 "${e#*|}" \
        scripts/area_paper.sh --spec "$tmp/t.area" loscache_ctr:tiny
done

section formal
# the formal flow can fail, and what it finds is checked against the C model:
# a broken RTL (the counter's saturation removed) is caught, and its
# counterexample, replayed as a vector file, disagrees with the C model; a
# wrong property fails too, and there the C model agrees with the RTL; a cover
# no input reaches is a failure; a block without properties is named
sed 's/nxt    = (cur == CNT_MAX) ? cur : cur + 1.b1;/nxt    = cur + 1'"'"'b1;/' verilog/loscache/loscache_ctr.v \
    > "$tmp/loscache_ctr.v"
if cmp -s verilog/loscache/loscache_ctr.v "$tmp/loscache_ctr.v"; then bad "formal: the saturation mutant applies"
else
    expect "formal: loscache_ctr without saturation is caught (a_count fails)" 1 "BMC FAILED: a_count" \
        python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm1" --rtl "$tmp/loscache_ctr.v" --no-cover loscache_ctr
    expect "... and its counterexample, as a vector file, is refused by the C model" 1 "MISMATCH" \
        "$CT" check "$tmp/fm1/loscache_ctr_tiny/tiny_cex.vec"
fi
sed 's/assert (count_o == after);/assert (count_o == after \&\& count_o != 3'"'"'d5);/' \
    verilog/loscache/loscache_ctr_props.svh > "$tmp/wrong_props.svh"
expect "formal: a wrong property fails (PDR and BMC)" 1 "FAILED (PDR: asserted in frame" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm2" --props "$tmp/wrong_props.svh" --no-cover loscache_ctr
expect "... and its counterexample replays on the C model (the RTL was right)" 0 "PASS c-model" \
    "$CT" check "$tmp/fm2/loscache_ctr_tiny/tiny_cex.vec"
expect "make formal DEPTH=N hands the depth to formal.py (make -n)" 0 "formal.py --ctwin build/ctwin --work build/formal --vectors vectors/formal  --depth 5 loscache_ctr" \
    make -n formal DEPTH=5 BLOCK=loscache_ctr
# an assert labelled b_* is bounded-only: left out of the unbounded proof, BMC
# checks it to the depth (a true one holds there, a wrong one fails with its trace)
{ cat verilog/loscache/loscache_ctr_props.svh
  echo 'always @* if (!init && !rst_i) b_sat: assert (count_o <= 3'"'"'d7);'; } > "$tmp/bounded_ok.svh"
expect "formal: a bounded-only property (b_*) is checked by BMC to the depth, the others proved" 0 \
    "7 asserts: proved (PDR, unbounded); 1 bounded-only (b_sat); BMC holds to depth 10" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm9" --props "$tmp/bounded_ok.svh" --no-cover --depth 10 loscache_ctr
sed 's/b_sat: assert (count_o <= 3.d7);/b_wrong: assert (count_o != 3'"'"'d5);/' "$tmp/bounded_ok.svh" > "$tmp/bounded_bad.svh"
expect "... and a wrong one fails, named, with its step" 1 "1 bounded-only (b_wrong); BMC FAILED: b_wrong at step 5" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm9b" --props "$tmp/bounded_bad.svh" --no-cover --depth 10 loscache_ctr
# the other engines a props file may name fail it too; an unknown one is refused
for e in "pdr-g|PDR -g" "int|interpolation"; do
    { cat "$tmp/wrong_props.svh"; echo "// formal: engine=${e%%|*}"; } > "$tmp/wrong_${e%%|*}.svh"
    expect "formal: ... and fails under engine=${e%%|*} too" 1 "FAILED (${e#*|}: asserted in frame" \
        python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm2${e%%|*}" --props "$tmp/wrong_${e%%|*}.svh" --no-cover loscache_ctr
done
# a proof certificate (the invariant PDR found, committed by make formal)
# stands for the engine's search only when it holds: a certificate that
# leaves out the initial state, is not inductive, names a flop the model
# lacks or is malformed is refused, saying why, and the engine proves instead
cert=vectors/formal/loscache_ctr/tiny_proof.blif.gz
zcat "$cert" | sed 's/^\.end$/0000000000000000000000 1\n.end/' | gzip > "$tmp/c_init.blif.gz"
zcat "$cert" | awk '!/^[01-]+ 1$/ || ++n <= 2' | gzip > "$tmp/c_part.blif.gz"
zcat "$cert" | sed 's/lo22/lo99/g' | gzip > "$tmp/c_flop.blif.gz"
zcat "$cert" | sed '8s/^0/00/' | gzip > "$tmp/c_bad.blif.gz"
zcat "$cert" > "$tmp/c_plain.blif.gz"
fmc() { python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fmc_$1" --cert "$tmp/c_$1.blif.gz" --no-cover "${@:2}" loscache_ctr; }
pare "formal: a certificate whose cube holds the initial state is refused, and PDR proves" 0 \
    "proved (PDR, unbounded); certificate $tmp/c_init.blif.gz: the initial state (every flop 0) is outside it" fmc init
pare "... one that is not inductive (2 of its 30 clauses)" 0 "c_part.blif.gz: not inductive (Invariant verification failed for" fmc part
pare "... one naming a flop the model does not have" 0 "c_flop.blif.gz: it names flops the model (23 flops) does not have: lo99" fmc flop
pare "... a malformed one, naming the line" 0 "c_bad.blif.gz: line 8: not a cube of 22 flops: '0000--1--0------------0 1'" fmc bad
pare "... and a file that is not gzip" 0 "c_plain.blif.gz: Not a gzipped file" fmc plain
par_done
expect "formal: with --vectors DIR a refused certificate is written again from the proof" 0 \
    "certificate written to $tmp/cw/loscache_ctr/c_part.blif.gz" fmc part --vectors "$tmp/cw"
if cmp -s "$tmp/cw/loscache_ctr/c_part.blif.gz" "$cert"; then ok "... byte for byte the committed one (make formal's)"
else bad "... the certificate written differs from $cert"; fi
expect "... and the certificate written proves" 0 "proved (certificate $tmp/cw/loscache_ctr/c_part.blif.gz: an inductive invariant of 30 clauses, checked)" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fmc_w" --cert "$tmp/cw/loscache_ctr/c_part.blif.gz" --no-cover loscache_ctr
{ cat verilog/loscache/loscache_ctr_props.svh; echo "// formal: engine=bdd"; } > "$tmp/bdd_props.svh"
expect "formal: an unknown engine is refused, naming the choices" 1 "engine=bdd: pdr or pdr-g or int" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm2b" --props "$tmp/bdd_props.svh" --no-cover loscache_ctr
sed 's/c_gate:     cover (gate_o);/c_gate: cover (gate_o); c_never: cover (op_i == 2'"'"'d1 \&\& early_o);/' \
    verilog/loscache/loscache_ctr_props.svh > "$tmp/never_props.svh"
expect "formal: a cover no input reaches is a failure" 1 "cover c_never        NOT REACHED within 10 steps" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm3" --props "$tmp/never_props.svh" --depth 10 loscache_ctr
# (every block has one: a copy of verilog/ without loscache_ctr's, formal.py run in it)
mkdir -p "$tmp/noprops" && cp -r verilog "$tmp/noprops/" && rm "$tmp/noprops/verilog/loscache/loscache_ctr_props.svh"
expect "formal: a block without a property file is named" 1 "loscache_ctr: no property file" \
    bash -c "cd $tmp/noprops && python3 $PWD/scripts/formal.py --ctwin $PWD/$CT --work $tmp/fm4 loscache_ctr"
expect "formal: --rtl naming a file that does not exist is an error" 1 "--rtl $tmp/none/loscache_ctr.v: no such file" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm5" --rtl "$tmp/none/loscache_ctr.v" --no-cover loscache_ctr
expect "formal: --rtl of a block not being checked is an error" 1 "bgp is not a block being checked" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm5" --rtl verilog/lamar/bgp.v --no-cover loscache_ctr
# a property that no mutant breaks is a failure naming it (it would check nothing)
{ cat verilog/loscache/loscache_ctr_props.svh; cat <<'EOF2'
reg [3:0] u_c;
always @(posedge clk_i) u_c <= (rst_i || u_c == 4'd9) ? 4'd0 : u_c + 4'd1;
always @* if (!init) a_unbroken: assert (u_c < 4'd10);
EOF2
} > "$tmp/unbroken_props.svh"
expect "formal: a property no mutant breaks is named (--mutants)" 1 "property a_unbroken: broken by no mutant" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm6" --props "$tmp/unbroken_props.svh" --no-cover --mutants loscache_ctr
# the miter: a rewrite that changes nothing is proved equivalent; the saturation
# mutant is not, and its counterexample holds the RTL's outputs (the C model agrees)
# (the rewrite, operands swapped, is also the equivalent mutant of section mutants)
EQV_SED="s/nxt    = (cur == CNT_MAX) ? cur : cur + 1'b1;/nxt    = (cur == CNT_MAX) ? cur : 1'b1 + cur;/"
mkdir -p "$tmp/eqv"
sed "$EQV_SED" verilog/loscache/loscache_ctr.v > "$tmp/eqv/loscache_ctr.v"
expect "formal: an equivalent rewrite of the RTL is proved equivalent (--equiv)" 0 "miter: EQUIVALENT (PDR, unbounded)" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm7" --equiv "$tmp/eqv/loscache_ctr.v" loscache_ctr
# the miter keeps PDR whatever engine the block's props file names (make mutants reads the EQUIVALENT line)
{ cat verilog/loscache/loscache_ctr_props.svh; echo "// formal: engine=int"; } > "$tmp/int_props.svh"
expect "formal: ... with PDR when the props file names another engine (--equiv)" 0 "miter: EQUIVALENT (PDR, unbounded)" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm7i" --props "$tmp/int_props.svh" --equiv "$tmp/eqv/loscache_ctr.v" loscache_ctr
expect "formal: a mutant is not, with its counterexample (--equiv)" 1 "BMC FAILED: a_equiv" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm8" --equiv "$tmp/loscache_ctr.v" loscache_ctr
expect "... which replays on the C model (the RTL's outputs, not the mutant's)" 0 "PASS c-model" \
    "$CT" check "$tmp/fm8/loscache_ctr_tiny_equiv/tiny_cex.vec"
expect "formal: --equiv of a file that mutates no RTL file is an error" 1 "not a mutant of a file verilog/*/nothing.v" \
    python3 scripts/formal.py --ctwin "$CT" --work "$tmp/fm8" --equiv "$tmp/nothing.v" loscache_ctr
# the traces make formal committed (covers <preset>_c_*, miter counterexamples
# <preset>_cex_*): the C model and both simulators replay them
for f in vectors/formal/*/*.vec; do
    replays "$f" "$(basename "$(dirname "$f")")" "$(vec_preset "$f")" 2
done
# each block page's property table is its row of docs/formal.md's, copied by
# scripts/formal_pages.py (make docs); on a copy of the tree: a changed row
# makes its page stale, make docs' run writes it, a missing row is named
expect "each block page's property table is its row of docs/formal.md (scripts/formal_pages.py, make docs)" 0 \
    "block pages' property tables current" python3 scripts/formal_pages.py --check
mkdir -p "$tmp/fp/scripts" && cp scripts/formal_pages.py scripts/ctkit.py "$tmp/fp/scripts/" && cp -r docs verilog "$tmp/fp/"
sed -i 's/^| ccn (`tiny`, depth 8; the ring of 3 nodes) |/| ccn (`tiny`, depth 9; the ring of 3 nodes) |/' "$tmp/fp/docs/formal.md"
expect "... a changed row makes its page stale, named" 1 "formal_pages: stale: docs/blocks/ccn.md (run make docs)" \
    python3 "$tmp/fp/scripts/formal_pages.py" --check
expect "... which the script (make docs) rewrites" 0 "wrote docs/blocks/ccn.md" python3 "$tmp/fp/scripts/formal_pages.py"
expect "... with the new row" 0 "| \`tiny\`, depth 9; the ring of 3 nodes |" cat "$tmp/fp/docs/blocks/ccn.md"
sed -i '/^| loscache (`tiny`, depth 12)/d' "$tmp/fp/docs/formal.md"
expect "... a block with a property file and no row is named" 1 "no row for loscache (it has verilog/*/loscache_props.svh)" \
    python3 "$tmp/fp/scripts/formal_pages.py" --check

section golden
check "golden vectors regenerate byte for byte" scripts/golden.sh check
for f in vectors/*/*.vec; do
    replays "$f" "$(basename "$(dirname "$f")")" "$(vec_preset "$f")" 0 1 2
done
for b in $($CT blocks); do
    if $CT doc "$b" | cmp -s - "docs/blocks/${b}_interface.md"; then ok "docs/blocks/${b}_interface.md is current"
    else bad "docs/blocks/${b}_interface.md is stale: run make docs"; fi
done
a=$($CT gen loscache_ctr small 1 500 - | sha256sum); z=$($CT gen loscache_ctr small 1 500 - | sha256sum)
y=$($CT gen loscache_ctr small 2 500 - | sha256sum)
if [ "$a" = "$z" ] && [ "$a" != "$y" ]; then ok "same seed same bytes, other seed other bytes"; else bad "seed determinism"; fi

section lockstep
# Seed 1 runs as long as the main job's lockstep (200,000 cycles); seeds 2
# and 3 (the other two rand-reset modes) 50,000, enough to close the
# coverage of every block that measures it: --require-coverage fails a run
# with a hole.
for b in $($CT blocks); do
    for c in $($CT presets "$b"); do
        for s in 1 2 3; do
            n=200000; [ "$s" = 1 ] || n=50000
            expect "lockstep $b $c seed $s rand-reset $((s % 3)) ($n cycles)" 0 PASS \
                "$(vsim "$b" "$c")" lockstep "$s" "$n" "+verilator+rand+reset+$((s % 3))" --waves "$tmp" \
                --require-coverage
        done
    done
done
# The C model lockstep runs is the block's model specialised to the preset
# (ct_desc.h CT_SPEC: its parameters compile-time constants): byte for byte
# the generic model's outputs, every output word of 50,000 cycles, and no
# other preset's configuration accepted
for b in $($CT blocks); do
    for c in $($CT presets "$b"); do
        expect "vsim spec $b $c: the specialised C model is the generic one's outputs and refuses other presets" \
            0 "SPEC PASS $b $c" "$(vsim "$b" "$c")" spec 1 50000
        # golden vectors from the specialised model: ctwin gen's file, byte for byte
        check "vsim gen $b $c: the specialised model's golden vectors are ctwin gen's, byte for byte" \
            bash -c "'$(vsim "$b" "$c")' gen 4 5000 '$tmp/sg.vec' && '$CT' gen $b $c 4 5000 '$tmp/cg.vec' &&
                     cmp '$tmp/sg.vec' '$tmp/cg.vec'"
    done
done
expect "vsim gen refuses an unwritable OUT, naming it (exit 2)" 2 "vsim: cannot write $tmp/none/x.vec.tmp" \
    "$(vsim bgp tiny)" gen 1 10 "$tmp/none/x.vec"
expect "a lockstep run too short to cover the FSM fails with --require-coverage" 1 "coverage problem" \
    "$(vsim sleep_fsm hdg)" lockstep 1 30 --require-coverage
expect "... and passes without it (coverage is reported, not required)" 0 "coverage: INCOMPLETE" \
    "$(vsim sleep_fsm hdg)" lockstep 1 30

section speed
# ctwin speed (the C model's _run alone, as make bench times it) folds the
# same outputs into the same checksum as the harness's bench; make profile
# counts its instructions per cycle under callgrind
for bc in loscache_ctr/small ata_tags/wide; do
    b=${bc%/*} c=${bc#*/}
    want=$("$(vsim "$b" "$c")" bench 3 10000 | sed -n 's/.*output checksums: C \([0-9a-f]*\),.*/\1/p')
    expect "ctwin speed $b $c: cycles/s, and the checksum of vsim bench's C model ($want)" 0 \
        "output checksum      ${want:-none}" "$CT" speed "$b" "$c" 3 10000
done
expect "make profile: instructions per cycle, then per function, and the specialised model's count" 0 \
    "rtl_model/lamar/bgp.c:" bash -c "make -s profile BLOCK=bgp CONFIG=small CYCLES=5000 > $tmp/prof.txt &&
        grep '^C model specialised to small (vsim speed): [1-9][0-9]* instructions per cycle' $tmp/prof.txt &&
        grep -A3 '^profile bgp small: [1-9][0-9]* instructions per cycle' $tmp/prof.txt"
expect "... refuses an unknown block" 2 "unknown block 'nosuch'" scripts/profile.sh nosuch small

section refusal
f=vectors/loscache_ctr/small_s1_n3000.vec
expect "verilator (tiny) refuses small vectors" 2 "configuration mismatch" \
    "$(vsim loscache_ctr tiny)" replay "$f"
expect "icarus (tiny) refuses small vectors" 2 "configuration mismatch" \
    vvp -n "$(isim loscache_ctr tiny)" +vec="$f"
expect "ctwin check names the configuration error" 2 "config" "$CT" check tb/bad/config_widths.vec

section badinput
while IFS=$'\t' read -r file want; do
    [[ $file = \#* || -z $file ]] && continue
    expect "ctwin refuses tb/bad/$file" 2 "tb/bad/$file$want" "$CT" check "tb/bad/$file"
    # same reader; the harness also checks the file against its build, so
    # config_widths.vec is refused one line earlier, as a config mismatch
    expect "verilator refuses tb/bad/$file" 2 "vsim: tb/bad/$file:" "$(vsim loscache_ctr small)" replay "tb/bad/$file"
done < tb/bad/EXPECT
expect "good_small.vec is accepted (control)" 0 PASS "$(vsim loscache_ctr small)" replay tb/bad/good_small.vec
expect "unknown block" 2 "unknown block 'nosuch'" "$CT" gen nosuch small 1 10 -
expect "unknown preset" 2 "not a preset" "$CT" gen loscache_ctr huge 1 10 -
expect "parameter out of range" 2 "CNT_W=17 out of range" "$CT" gen loscache_ctr CNT_W=17 1 10 -
expect "unknown parameter" 2 "no such parameter" "$CT" gen loscache_ctr WAYS=4 1 10 -
expect "bad seed" 2 "SEED 'x1'" "$CT" gen loscache_ctr small x1 10 -
expect "cross-parameter rule (DECAY multiple of 4)" 2 "DECAY=30 is not a multiple of 4" "$CT" gen sleep_fsm decay,DECAY=30 1 10 -
expect "cross-parameter rule (N even)" 2 "N=33 is odd" "$CT" gen bloom_dual small,N=33 1 10 -
expect "a composition checks its parts' rules" 2 "N=33 is odd" "$CT" gen bgp small,N=33 1 10 -
expect "fprate with an invalid configuration" 2 "M_W=99 out of range" "$CT" fprate M_W=99
expect "ctwin report of a run too short to close the coverage: exit 1, the holes named" 1 "rotate_to_fg 0 (HOLE)" "$CT" report bgp small 1 10
expect "missing vector file" 2 "cannot open" "$(vsim loscache_ctr small)" replay /nonexistent.vec
expect "harness usage error" 2 "usage" "$(vsim loscache_ctr small)" lockstep 1
expect "the harness's +vec=FILE replays FILE, as the Icarus testbench's does" 0 "PASS verilator loscache_ctr small replay tb/bad/good_small.vec" \
    "$(vsim loscache_ctr small)" +vec=tb/bad/good_small.vec
expect "... and +vec= beside another mode is a usage error" 2 "usage" "$(vsim loscache_ctr small)" lockstep 1 9 +vec=tb/bad/good_small.vec
expect "make with unknown block" 2 "unknown block" make -s vectors BLOCK=nosuch OUT="$tmp/x.vec"
if [ ! -e "$tmp/x.vec" ] && ! ls "$tmp"/x.vec.tmp* >/dev/null 2>&1; then ok "failed gen leaves no file"; else bad "failed gen leaves no file"; fi

section workloads
# GPU memory traces (docs/trace-format.md, docs/workloads.md): the unit
# tests (section unit) hold the reader, the kernels and the importer to
# their rules; here the command line, as the README shows it
W=tb/work/accelsim
check "ctwin import accelsim: the fixture imports to the hand-worked expected.trace" \
    bash -c "$CT import accelsim $W/kernelslist.g $tmp/fix.trace 2 && diff $W/expected.trace $tmp/fix.trace"
expect "ctwin trace: the fixture's summary (requests and sectors counted by hand)" 0 \
    "requests  13 (one warp instruction's accesses to one line), 2.85 sectors each" "$CT" trace "$W/expected.trace"
gzip -c "$W/expected.trace" > "$tmp/fix.trace.gz"
check "ctwin trace reads the gzip-compressed trace to the same summary" \
    bash -c "diff <($CT trace $W/expected.trace | tail -n +2) <($CT trace $tmp/fix.trace.gz | tail -n +2)"
# the binary encoding (docs/trace-format.md): text -> binary -> text byte for byte, the same summary
check "ctwin convert: the fixture to the binary encoding and back is the same text, byte for byte" \
    bash -c "$CT convert $W/expected.trace $tmp/fix.ctb binary && $CT convert $tmp/fix.ctb $tmp/fix.back text && cmp $W/expected.trace $tmp/fix.back"
check "ctwin trace reads the binary fixture to the text's summary" \
    bash -c "diff <($CT trace $W/expected.trace | tail -n +2) <($CT trace $tmp/fix.ctb | tail -n +2)"
expect "ctwin convert: an unknown encoding" 2 "unknown encoding 'bin' (known: text, binary)" "$CT" convert "$W/expected.trace" - bin
head -c -1 "$tmp/fix.ctb" > "$tmp/cut.ctb"
expect "ctwin trace refuses a binary trace cut short, naming file, record, byte and field (2 kernels, 37 accesses, the end)" 2 \
    "$tmp/cut.ctb:record 40 (byte $(( $(stat -c %s "$tmp/fix.ctb") - 9 ))): end: record cut short" "$CT" trace "$tmp/cut.ctb"
# the README's Workloads commands, as written there (in a scratch folder)
awk '/^```sh$/{on=1;next} /^```$/{on=0} on && /build\/ctwin (synth|trace|convert) /' README.md | sed 's/  *#.*//' > "$tmp/readme_wl.sh"
check "README Workloads commands run as written" bash -c "[ \$(wc -l < $tmp/readme_wl.sh) -ge 2 ] && \
    cd $tmp && ln -sfn $PWD/build build && bash -e $tmp/readme_wl.sh > readme_wl.out && grep -q 'requests  100000' readme_wl.out"
expect "ctwin synth: a kernel's trace is valid and as long as asked" 0 "requests  5000 " \
    bash -c "$CT synth sectors 3 - REQS=5000 AVG=250 | $CT trace /dev/stdin"
sed '12s/ 32$/ 33/' "$W/expected.trace" > "$tmp/bad_size.trace"
expect "ctwin trace refuses a malformed access, naming file, line and field" 2 "$tmp/bad_size.trace:12: size" "$CT" trace "$tmp/bad_size.trace"
head -n -1 "$W/expected.trace" > "$tmp/cut.trace"
expect "ctwin trace refuses a trace without its %end line" 2 "%end: end of file without the %end line" "$CT" trace "$tmp/cut.trace"
expect "ctwin trace: a missing file" 2 "/nonexistent.trace: cannot open" "$CT" trace /nonexistent.trace
expect "ctwin synth: an unknown kernel" 2 "unknown kernel 'strem'; known kernels: stream reuse share sectors cluster" "$CT" synth strem 1 -
expect "ctwin synth: a parameter out of range" 2 "FRAC='120' is not a decimal number in 0..100" "$CT" synth share 1 - FRAC=120
expect "ctwin synth: a failed kernel leaves no file" 2 "DIST=4 must be less than SMS=4" "$CT" synth share 1 "$tmp/no.trace" DIST=4
if [ ! -e "$tmp/no.trace" ]; then ok "... and no file is left"; else bad "... and no file is left"; fi
check "ctwin import cutrace: the byte-for-byte fixture imports to the hand-worked expected.trace" \
    bash -c "$CT import cutrace tb/work/cutrace/fixture.cutrace $tmp/cu.trace && diff tb/work/cutrace/expected.trace $tmp/cu.trace"
check "... and make_fixture.py still writes that fixture from the format's description" \
    bash -c "python3 tb/work/cutrace/make_fixture.py $tmp/fix.cutrace && cmp tb/work/cutrace/fixture.cutrace $tmp/fix.cutrace"
head -c 30 tb/work/cutrace/fixture.cutrace > "$tmp/cut.cutrace"
expect "ctwin import cutrace refuses a record cut short, naming file, byte offset and field" 2 \
    "$tmp/cut.cutrace:byte 19: record: cut short" "$CT" import cutrace "$tmp/cut.cutrace" -
expect "ctwin import: an unknown format" 2 "unknown trace format 'nvbit' (known: accelsim, cutrace)" "$CT" import nvbit "$W/kernelslist.g" -
expect "ctwin import: SMS out of range" 2 "SMS '0' is not a number in 1..1024" "$CT" import accelsim "$W/kernelslist.g" - 0
sed 's/^0010 0000ffff 1 R2 LDG.E.128 1 R4 16 1 0x00007f1000000400 16 $/0010 0000ffff 1 R2 LDG.E.128 1 R4 16 7 0x00007f1000000400 16/' \
    "$W/kernel-1.traceg" > "$tmp/kernel-1.traceg"
expect "ctwin import refuses a malformed instruction, naming file, line and field" 2 \
    "$tmp/kernel-1.traceg:29: addr_mode: '7' is not 0, 1 or 2" "$CT" import accelsim "$tmp/kernel-1.traceg" -
check "make experiments: every table reproduced byte for byte from its seeds" scripts/experiments.sh --check
# a trace as verification stimulus: SM 0's GDU cycles in the LAMAR experiment
# become golden vectors of lamar_gdu (paper), replayed by the C model and both simulators
"$CT" synth sectors 3 "$tmp/lam.trace" SMS=2 REQS=4000 PART=25 AVG=150
check "ctwin exp lamar writes SM 0's GDU cycles on a trace as lamar_gdu vectors" \
    "$CT" exp lamar "$tmp/lam.trace" paper "$tmp/lamar_trace.vec" 3000
replays "$tmp/lamar_trace.vec" lamar_gdu paper 0
# ... and the CCN ring's cycles on a trace (4 SMs, the ring's small preset) become ccn vectors
"$CT" synth share 4 "$tmp/ring.trace" SMS=4 REQS=2000 FRAC=30
check "ctwin exp ring writes the ring's cycles on a trace as ccn vectors" \
    "$CT" exp ring "$tmp/ring.trace" small 2 "$tmp/ring_trace.vec" 3000
replays "$tmp/ring_trace.vec" ccn small 0
# ... and the other experiments' blocks: cluster 0's ata_tags, the L2's loscache unit, SM 0's sleep_fsm, each on
# its paper preset; recording changes nothing of the experiment's table
"$CT" synth cluster 2 "$tmp/clu.trace" SMS=20 REQS=3000
"$CT" synth reuse 2 "$tmp/reu.trace" SMS=4 REQS=3000
for e in "ata_tags ata clu" "loscache loscache reu" "sleep_fsm leak reu"; do
    read -r b x t <<<"$e"
    if "$CT" exp "$x" "$tmp/$t.trace" paper > "$tmp/$x.plain" 2>&1 &&
       "$CT" exp "$x" "$tmp/$t.trace" paper "$tmp/${x}_trace.vec" 4000 > "$tmp/$x.rec" 2>&1 &&
       cmp -s "$tmp/$x.plain" "$tmp/$x.rec"; then
        ok "ctwin exp $x writes its $b cycles on a trace as $b vectors; the table is the same as without"
    else bad "ctwin exp $x ... VEC N" "$(cat "$tmp/$x.rec")"; fi
    replays "$tmp/${x}_trace.vec" "$b" paper 0 2
done
# every experiment reads a trace's binary encoding to the table of its text
for e in "lamar lam" "ccn lam" "ata clu" "loscache reu" "leak reu" "ring ring small 2"; do
    read -r x t c <<<"$e"
    "$CT" convert "$tmp/$t.trace" "$tmp/$t.ctb" binary
    check "ctwin exp $x: the binary encoding of a trace gives the text's table" \
        bash -c "diff <($CT exp $x $tmp/$t.trace $c | tail -n +2) <($CT exp $x $tmp/$t.ctb $c | tail -n +2)"
done
expect "ctwin exp ata: VEC without N is refused" 2 "exp ata: wrong arguments" "$CT" exp ata "$tmp/clu.trace" paper "$tmp/x.vec"
expect "ctwin exp loscache: VEC N=0 is refused" 2 "N=0: VEC needs at least 1 cycle" "$CT" exp loscache "$tmp/reu.trace" paper "$tmp/x.vec" 0
expect "ctwin exp leak: a trace without SM 0 records no cycle: refused, no file left" 2 \
    "sleep_fsm vectors: the trace gave the recorded instance no cycle" \
    bash -c "'$CT' synth reuse 2 '$tmp/sm1.trace' SMS=1 REQS=10 >/dev/null && sed -i 's/^0 /1 /' '$tmp/sm1.trace' && '$CT' exp leak '$tmp/sm1.trace' paper '$tmp/none.vec' 100; rc=\$?; [ ! -e '$tmp/none.vec' ] || echo LEFT; exit \$rc"
# ... and live: the harness's ring mode runs the experiment's C model and the RTL in lockstep, cycle by cycle
# (1 reset + 6 sweep cycles + the 1,673 of ctwin exp ring's run)
expect "vsim ring: the CCN ring experiment on a trace in live lockstep with the RTL (Verilator)" 0 \
    "PASS verilator ccn small ring $tmp/ring.trace gap=2: 1680 cycles" "$(vsim ccn small)" ring "$tmp/ring.trace" 2 100000
rb=$tmp/rb; mkdir -p "$rb/v"; cp -r verilog/* "$rb/v/"; rtl_build_tree "$rb/build" ccn
rtl_mutant ccn responses_same_way "$rb/v/ccn/ccn.v" || bad "the mutant responses_same_way of tb/mutants/ccn.txt applies"
expect "vsim ring: ... catches a ring whose responses run the wrong way, with the command that reproduces it" 1 \
    "vsim ring $tmp/ring.trace 2 100000" bash -c "make -s B=$rb/build VDIR=$rb/v VLRT=build/vlrt \
        VSIM_O=build/vl/ccn/small/obj/vsim_design.o VL_MAKEFLAGS='OPT_FAST=-O0 OPT_GLOBAL=-O0 VM_PARALLEL_BUILDS=0' \
        $rb/build/vl/ccn/small/obj/vsim >/dev/null && $rb/build/vl/ccn/small/obj/vsim ring $tmp/ring.trace 2 100000 --waves $tmp"
expect "vsim bench: its lockstep (the C model run ahead, then compared) finds that ring broken too" 1 \
    "lockstep DIFFER" "$rb/build/vl/ccn/small/obj/vsim" bench 1 3000
expect "vsim ring: a build of another block refuses it" 2 "ring: the CCN ring experiment drives block ccn, this build is bgp" \
    "$(vsim bgp tiny)" ring "$tmp/ring.trace" 2 10
expect "ctwin exp ring: GAP 0 is refused, naming it" 2 "GAP=0: an SM issues one access every 1..1000 cycles" \
    "$CT" exp ring "$tmp/ring.trace" small 0
expect "ctwin exp ring: VEC N=0 is refused, as for every experiment" 2 "N=0: VEC needs at least 1 cycle" \
    "$CT" exp ring "$tmp/ring.trace" small 1 "$tmp/x.vec" 0
expect "ctwin exp ring: a trace with more SMs than the ring's nodes" 2 "ring: 15 SMs, the ring has N=4 nodes" \
    bash -c "$CT synth share 1 $tmp/ccn15.trace SMS=15 REQS=100 && $CT exp ring $tmp/ccn15.trace small"
# ... and the other experiments live too (vsim exp): the model each records stepped beside its RTL, cycle by
# cycle, no file between; as many cycles as the files above hold
for e in "lamar_gdu lam lamar" "ata_tags clu ata" "loscache reu loscache" "sleep_fsm reu leak"; do
    read -r b t x <<<"$e"
    n=$(awk '/^%cycles/ {print $2}' "$tmp/${x}_trace.vec")
    expect "vsim exp: $b on a trace (ctwin exp $x's model) in live lockstep with the RTL (Verilator): $n cycles" 0 \
        "PASS verilator $b paper exp $tmp/$t.trace: $n cycles" "$(vsim "$b" paper)" exp "$tmp/$t.trace" "$n"
done
rb=$tmp/rbs; mkdir -p "$rb/v"; cp -r verilog/* "$rb/v/"; rtl_build_tree "$rb/build" sleep_fsm
rtl_mutant sleep_fsm wake_without_stall "$rb/v/leakage/sleep_fsm.v" || bad "the mutant wake_without_stall of tb/mutants/sleep_fsm.txt applies"
expect "vsim exp: ... catches a sleep_fsm that wakes without a stall, with the command that reproduces it" 1 \
    "vsim exp $tmp/reu.trace 4000" bash -c "make -s B=$rb/build VDIR=$rb/v VLRT=build/vlrt \
        VSIM_O=build/vl/sleep_fsm/paper/obj/vsim_design.o VL_MAKEFLAGS='OPT_FAST=-O0 OPT_GLOBAL=-O0 VM_PARALLEL_BUILDS=0' \
        $rb/build/vl/sleep_fsm/paper/obj/vsim >/dev/null && $rb/build/vl/sleep_fsm/paper/obj/vsim exp $tmp/reu.trace 4000 --waves $tmp"
expect "vsim exp: CYCLES 0 is refused" 2 "CYCLES must be a number of at least 1" "$(vsim sleep_fsm paper)" exp "$tmp/reu.trace" 0
expect "vsim exp: a build of a block no experiment records refuses it" 2 "exp: no experiment records block bgp" \
    "$(vsim bgp tiny)" exp "$tmp/reu.trace" 10
expect "ctwin exp ccn: the ring's GAP argument is not the ccn experiment's" 2 "exp ccn: wrong arguments" \
    "$CT" exp ccn "$tmp/ring.trace" paper 4
expect "ctwin exp: an unknown experiment" 2 "unknown experiment 'lamr' (known: lamar, ccn, ring, ata, loscache, leak)" "$CT" exp lamr "$tmp/lam.trace"
expect "ctwin exp lamar: an invalid GDU configuration" 2 "lamar: configuration" "$CT" exp lamar "$tmp/lam.trace" paper,SECT=5
expect "ctwin exp ccn: a ring larger than CORE_W names" 2 "ccn: 15 SMs, the shadow tags' CORE_W=2 names 4" \
    bash -c "$CT synth share 1 $tmp/ccn15.trace SMS=15 REQS=100 && $CT exp ccn $tmp/ccn15.trace paper,CORE_W=2"

section report
# $tmp/flip.vec: a committed file with one expected value flipped (cycle 39,
# line 60, gate_o); the hosts' and python sections' readers must catch it too
awk 'NR==60{ $8 = ($8=="1") ? "0" : "1" } {print}' vectors/loscache_ctr/small_s1_n3000.vec > "$tmp/flip.vec"
out=$("$(vsim loscache_ctr small)" replay "$tmp/flip.vec" --waves "$tmp" 2>&1); rc=$?
miss=""
for w in "MISMATCH verilator" "at cycle 39" "line 60" "gate_o" "<-- MISMATCH" "inputs this cycle: rst_i=0" \
         "seed: 1" "reproduce: make replay" "make vectors BLOCK=loscache_ctr CONFIG=small SEED=1 CYCLES=3000" \
         "waveform:  gtkwave $tmp/loscache_ctr_small_flip_fail.vcd"; do
    grep -qF -- "$w" <<<"$out" || miss+=" '$w'"
done
if [ "$rc" = 1 ] && [ -z "$miss" ]; then ok "mismatch report names cycle, line, port, values, inputs, seed, commands"
else bad "mismatch report (exit $rc, missing:$miss)" "$out"; fi
vcd=$tmp/loscache_ctr_small_flip_fail.vcd
if [ -s "$vcd" ] && grep -q '^#390$' "$vcd" && grep -q "gate_o" "$vcd" && [ -s "$tmp/loscache_ctr.gtkw" ]; then
    ok "failure waveform covers the failing cycle (t=390) and has a save file"
else bad "failure waveform"; fi
expect "icarus reports the same mismatch" 1 "MISMATCH icarus loscache_ctr at cycle 39" \
    vvp -n "$(isim loscache_ctr small)" +vec="$tmp/flip.vec"

section waves
rm -f waves/loscache_ctr_tiny_s9.vcd waves/loscache_ctr.gtkw
check "make waves" make -s waves BLOCK=loscache_ctr CONFIG=tiny SEED=9 CYCLES=300
miss=""
for p in clk_i $(sed -n 's/^%column \([a-z_]*\) .*/\1/p' vectors/loscache_ctr/tiny_s1_n3000.vec); do
    grep -q "TOP\.$p\b" waves/loscache_ctr.gtkw || miss+=" gtkw:$p"
    grep -q " $p " waves/loscache_ctr_tiny_s9.vcd || miss+=" vcd:$p"
done
if [ -z "$miss" ]; then ok "waves: every port in the VCD and in the .gtkw"; else bad "waves: missing$miss"; fi
check "README pictures: each window shows the events its caption names" scripts/screenshot.sh --check
expect "... and the window check fails when an event is outside the window" 1 "not in 0..300 ns: tick_o=1" \
    scripts/wave_events.sh waves/sleep_fsm_pd_s1.vcd 0 300 tick_o=1
# the failure waveform's folder is made when missing; one that cannot be made
# is said, not a waveform claimed
expect "a mismatch's waveform goes into a --waves folder made for it" 1 "waveform:  gtkwave $tmp/wnew/loscache_ctr_small_flip_fail.vcd" \
    "$(vsim loscache_ctr small)" replay "$tmp/flip.vec" --waves "$tmp/wnew"
if [ -s "$tmp/wnew/loscache_ctr_small_flip_fail.vcd" ]; then ok "... which holds it"; else bad "... no waveform in $tmp/wnew"; fi
expect "... and a folder that cannot be made is named, no waveform claimed" 1 "waveform:  not written (cannot write in $tmp/no/such)" \
    "$(vsim loscache_ctr small)" replay "$tmp/flip.vec" --waves "$tmp/no/such"

section directed
# sleep_fsm: a line's controls forced to the impossible 11 behave as OFF
sst=tb/directed/sleep_fsm_safe_state_tb.v
if out=$(iverilog -g2012 -Wall -o "$tmp/ss" "$sst" verilog/leakage/sleep_fsm.v 2>&1 && vvp -n "$tmp/ss" 2>&1) &&
   grep -q "safe-state: 0 errors" <<<"$out"; then ok "sleep_fsm RTL: impossible encoding 11 is the safe state (OFF)"
else bad "sleep_fsm RTL safe state" "$out"; fi
sed 's/assign cur_drw = cur == DRW;/assign cur_drw = cur[1];/' verilog/leakage/sleep_fsm.v > "$tmp/sleep_fsm_bad.v"
if ! cmp -s verilog/leakage/sleep_fsm.v "$tmp/sleep_fsm_bad.v" && iverilog -g2012 -o "$tmp/ss_bad" "$sst" "$tmp/sleep_fsm_bad.v" &&
   vvp -n "$tmp/ss_bad" | grep -q "FAIL safe-state: 11 shows as OFF"; then
    ok "the safe-state check fails on RTL that decodes 11 as DROWSY"
else bad "the safe-state check did not catch RTL that decodes 11 as DROWSY"; fi

section regress
# make regress (docs/regress.md): GNU parallel on this machine, then the
# same job list as a Slurm array on a single-node cluster the test starts
rg() { env SEEDS=3 CYCLES=5000 VCYCLES=300 ICARUS_EVERY=2 "$@" scripts/regress.sh; }
out=$(rg OUT="$tmp/rg" BLOCKS="loscache_ctr ata_tags" PRESETS=small 2>&1); rc=$?
if [ "$rc" = 0 ] && grep -q '^loscache_ctr  small         3      3      0  -$' <<<"$out" &&
   grep -q '^regress: 6 jobs, 6 passed, 0 failed' <<<"$out" && [ -z "$(ls -A "$tmp/rg/jobs")" ] &&
   grep -q '^regress: 6/6 jobs done, 0 failed, [0-9]* s elapsed, ~0 s remaining' <<<"$out" &&
   grep -q icarus-replay "$tmp/rg/res/ata_tags.small.s3.res" && ! grep -q icarus-replay "$tmp/rg/res/ata_tags.small.s2.res"; then
    ok "make regress: 6 jobs pass through GNU parallel, progress line, Icarus on seeds 1 and 3 (ICARUS_EVERY=2), no files left"
else bad "make regress (exit $rc)" "$out"; fi
expect "... its JUnit file: 2 suites, 6 testcases, 0 failures" 0 "junit 2 6 0" python3 -c "
import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
print('junit', len(r.findall('testsuite')), len(r.findall('testsuite/testcase')), r.get('failures'))" "$tmp/rg/junit.xml"
# the merged coverage is the sum of the C model's own reports per seed
want=$(for sd in 1 2 3; do "$CT" report ata_tags small "$sd" 5000; done |
       awk '/^coverage: none/ {for (i = 2; i < NF; i++) if ($i == "local-only") n += $(i + 1)} END {print n}')
if grep -q "^ata_tags      small         3 seeds: .* local-only $want .*; no holes$" <<<"$out"; then
    ok "... merged coverage = the sum of ctwin report over the seeds (local-only $want), no holes"
else bad "merged coverage (want local-only $want)" "$(grep -A3 '^functional' <<<"$out")"; fi
# (in the coverage job's build, build/cov-test, once that job is done: its
# coverage-instrumented library, Verilator run-time objects and precompiled
# header are this one's; regress clears the counts it leaves)
bg_wait coverage "$cov_pid"
cc_out=$(CODE_COVERAGE=1 B=build/cov-test rg OUT="$tmp/rgc" BLOCKS=bgp PRESETS=small SEEDS=2 2>&1); rc=$?
if [ "$rc" = 0 ] && grep -q '^PASS coverage bgp: every RTL line and toggle point covered' <<<"$cc_out" &&
   [ -s "$tmp/rgc/coverage/html/index.html" ] && [ "$(ls "$tmp/rgc/coverage/dat" | wc -l)" = 4 ]; then
    ok "make regress CODE_COVERAGE=1: 2 jobs on a coverage build, 4 runs' counts (lockstep + replay) merged, HTML, bgp.v fully covered"
else bad "make regress CODE_COVERAGE=1 (exit $rc)" "$cc_out"; fi
cp -r "$tmp/rg" "$tmp/rg_lost"; rm "$tmp/rg_lost/res/loscache_ctr.small.s2.res"
expect "... a job that wrote no result fails the regression" 1 "seed 2: no result" \
    python3 scripts/regress/report.py "$tmp/rg_lost"
expect "... a coverage hole over all seeds fails it (sleep_fsm hdg, 30 cycles)" 1 "; holes: " \
    rg OUT="$tmp/rgh" BLOCKS=sleep_fsm PRESETS=hdg CYCLES=30
# a broken RTL (a loscache_ctr mutant) regressed through B= and VDIR= (VLRT=: the
# main build's Verilator run-time objects and precompiled headers, same flags)
cp -r verilog "$tmp/rgv" && rtl_build_tree "$tmp/rgb" loscache_ctr &&
    rtl_mutant loscache_ctr no_reset_on_fill "$tmp/rgv/loscache/loscache_ctr.v"
out=$(rg OUT="$tmp/rgf" B="$tmp/rgb" VLRT="$PWD/build/vlrt" VDIR="$tmp/rgv" BLOCKS=loscache_ctr PRESETS=small 2>&1); rc=$?
if [ "$rc" = 1 ] && grep -qF "loscache_ctr  small         3      0      3  seed 1: make cosim BLOCK=loscache_ctr CONFIG=small SEED=1 CYCLES=5000 PLUSARGS='+verilator+rand+reset+1' B=$tmp/rgb VDIR=$tmp/rgv" <<<"$out" &&
   ls "$tmp/rgf/jobs/loscache_ctr.small.s1/"*_fail.vcd >/dev/null 2>&1 &&
   grep -q '<failure message="failed: lockstep; reproduce: make cosim' "$tmp/rgf/junit.xml" &&
   grep -q 'MISMATCH verilator loscache_ctr' "$tmp/rgf/junit.xml"; then
    ok "... a broken RTL fails it: first failing seed with its reproduce command, waveform kept, JUnit <failure> with the report"
else bad "make regress of a broken RTL (exit $rc)" "$out"; fi
echo : > "$tmp/sshlogins"   # GNU parallel's name for this machine
expect "... ENGINE=ssh: the job list through parallel --sshloginfile (this machine as the farm)" 0 \
    "regress: 3 jobs, 3 passed, 0 failed" rg OUT="$tmp/rgssh" ENGINE=ssh SSHLOGINFILE="$tmp/sshlogins" BLOCKS=bgp PRESETS=small
expect "... refuses ENGINE=ssh without a login file" 2 "ENGINE=ssh needs SSHLOGINFILE" rg ENGINE=ssh SSHLOGINFILE=
expect "... refuses SEEDS=x" 2 "SEEDS='x'" rg SEEDS=x
expect "... refuses an unknown block" 2 "unknown block 'nosuch'" rg BLOCKS=nosuch
expect "... refuses an unknown preset" 2 "PRESETS: 'huge' is not a preset" rg BLOCKS=loscache_ctr PRESETS=huge
expect "... refuses an unknown engine" 2 "ENGINE='pbs'" rg ENGINE=pbs
# Slurm: MaxArraySize=4, so 6 jobs run as 3 array tasks of 2 jobs each.  Its
# daemons' start and the scheduling are mostly waiting: it runs beside the
# hosts section, which collects its verdict (its output in $tmp/slurm.out,
# its exit code in $tmp/slurm.rc)
slurm_regress() {
    local out rc=0
    scripts/slurm_local.sh start "$tmp/slurm" 4 2>&1 || { echo "single-node Slurm did not start (scripts/slurm_local.sh)"; return 1; }
    out=$(SLURM_CONF=$tmp/slurm/slurm.conf rg OUT="$tmp/rgs" ENGINE=slurm BLOCKS=loscache_ctr PRESETS="small tiny" 2>&1) || rc=$?
    scripts/slurm_local.sh stop "$tmp/slurm"
    echo "$out"; cat "$tmp/rgs/engine.log" 2>/dev/null
    [ "$rc" = 0 ] && grep -q '^regress: 6 jobs, 6 passed, 0 failed' <<<"$out" && [ "$(ls "$tmp/rgs/slurm" | wc -l)" = 3 ]
}
{ slurm_regress > "$tmp/slurm.out" 2>&1; echo $? > "$tmp/slurm.rc"; } &
slurm_pid=$!

section hosts
# the library installed like a Debian one, used from outside the tree with
# nothing but pkg-config; the README's example of each host, extracted,
# built and run against the installed copy; the SystemC and DPI-C lockstep
# of every block (its "small" preset, else its last; for ata_tags its wide
# preset: ports of up to 1,536 bits, sc_bv and one DPI call per 64-bit
# word; the other blocks' ports are the narrow types), each shown to catch
# a model that disagrees; Python replays.
export SC_COPYRIGHT_MESSAGE=DISABLE
D=$tmp/destdir P=$tmp/prefix
if make -s install PREFIX=/usr/local DESTDIR="$D" >"$tmp/inst.log" 2>&1 &&
   [ -f "$D/usr/local/lib/libcachetwin.a" ] && [ -f "$D/usr/local/include/cachetwin/cachetwin.h" ] &&
   [ -f "$D/usr/local/include/cachetwin/systemc/ct_loscache_ctr_small.h" ] &&
   readelf -d "$D/usr/local/lib/libcachetwin.so.0" | grep -q 'SONAME.*\[libcachetwin.so.0\]'; then
    ok "make install DESTDIR=: libraries (soname libcachetwin.so.0), headers, shims, .pc files"
else bad "make install DESTDIR=" "$(cat "$tmp/inst.log")"; fi
if leak=$(grep -rl -- "$D" "$D" 2>/dev/null) && [ -n "$leak" ]; then bad "DESTDIR leaks into installed files" "$leak"
else ok "no installed file names the DESTDIR"; fi
grep -q '^prefix=/usr/local$' "$D/usr/local/lib/pkgconfig/cachetwin.pc" &&
    grep -q '^Requires: cachetwin systemc$' "$D/usr/local/lib/pkgconfig/cachetwin-systemc.pc" &&
    ok "cachetwin.pc has prefix=/usr/local; cachetwin-systemc.pc requires systemc" || bad "pkg-config files"
make -s uninstall PREFIX=/usr/local DESTDIR="$D" >/dev/null 2>&1
left=$(find "$D" -type f -o -type l)
if [ -z "$left" ]; then ok "make uninstall removes every installed file"; else bad "make uninstall left files" "$left"; fi
check "make install PREFIX=$P" make -s install PREFIX="$P"
export PKG_CONFIG_PATH=$P/lib/pkgconfig LD_LIBRARY_PATH=$P/lib
# readme_example FENCE-INFO OUT: the README code block opened by ```FENCE-INFO
readme_example() { awk -v f="$1" '$0 == "```" f {on=1; next} /^```$/ {on=0} on' README.md > "$2"; [ -s "$2" ]; }
readme_example "c host-c" "$tmp/host.c" || bad "README has no host-c example"
pare "README C-by-name example, built out of tree with pkg-config, prints count_o=1" 0 "count_o=1" \
    bash -c "gcc -std=c11 -Wall -Wextra -Werror $tmp/host.c \$(pkg-config --cflags --libs cachetwin) -o $tmp/host_c && $tmp/host_c"
pare "... and linked statically (pkg-config --static)" 0 "count_o=1" \
    bash -c "gcc -std=c11 $tmp/host.c \$(pkg-config --cflags cachetwin) $P/lib/libcachetwin.a \$(pkg-config --static --libs-only-l cachetwin | sed 's/-lcachetwin//') -o $tmp/host_cs && env -u LD_LIBRARY_PATH $tmp/host_cs"
readme_example "cpp host-systemc" "$tmp/host_sc.cpp" || bad "README has no host-systemc example"
pare "README SystemC example (the C model as an SC_MODULE), built with pkg-config cachetwin-systemc" 0 "count_o=1" \
    bash -c "g++ -Wall -Werror $tmp/host_sc.cpp \$(pkg-config --cflags --libs cachetwin-systemc) -o $tmp/host_sc && $tmp/host_sc"
readme_example "systemverilog host-dpi" "$tmp/ex.sv" || bad "README has no host-dpi example"
pare "README SystemVerilog DPI-C example under verilator --binary with the installed packages" 0 "count_o=1" \
    bash -c "cd $tmp && verilator --binary -o exdpi --Mdir $tmp/exdpi $P/share/cachetwin/sv/cachetwin_dpi.sv \
      $P/share/cachetwin/sv/loscache_ctr_dpi.sv ex.sv -LDFLAGS \"\$(pkg-config --libs cachetwin)\" >/dev/null && $tmp/exdpi/exdpi"
readme_example "python host-python" "$tmp/host.py" || bad "README has no host-python example"
pare "README Python example with the installed package and library" 0 "count_o=1" \
    env PYTHONPATH="$P/share/cachetwin/python" python3 "$tmp/host.py"
par_done
unset PKG_CONFIG_PATH LD_LIBRARY_PATH
check "the library builds (make lib)" make -s lib
expect "Python module: catalogue, refusals, eval/step, wide ports as ints, the mismatch report (tb/host/test_python.py)" 0 "OK" \
    python3 tb/host/test_python.py
pym() { PYTHONPATH=rtl_model/host/python python3 -m cachetwin "$@"; }
expect "Python replays every committed vector file bit for bit (python -m cachetwin)" 0 "PASS python" \
    pym vectors/*/*.vec vectors/formal/*/*.vec
expect "... and finds a flipped expected value (cycle, line, port)" 1 "MISMATCH python loscache_ctr at cycle 39 ($tmp/flip.vec line 60) port gate_o" \
    pym "$tmp/flip.vec"
# the Python reader is strict like the C one: every malformed file of
# tb/bad/ is refused with the C reader's file:line: field
while IFS=$'\t' read -r f frag; do
    case $f in '#'*|'') continue ;; esac
    expect "Python refuses tb/bad/$f: $frag" 2 "tb/bad/$f$frag" pym "tb/bad/$f"
done < tb/bad/EXPECT
head -c -1 tb/bad/good_small.vec > "$tmp/nonl.vec"
expect "... and a file whose last line lost its newline" 2 "nonl.vec:24: line: last line has no newline" pym "$tmp/nonl.vec"
sed '6{p}' tb/bad/good_small.vec > "$tmp/dup.vec"
expect "... and a duplicate header line" 2 "dup.vec:7: seed: duplicate %seed (first on line 6)" pym "$tmp/dup.vec"
printf '%%format 1\n%%block \377\376\000\n' > "$tmp/bytes.vec"
expect "... and bytes that are no text (a NUL, no UTF-8), naming the line, not crashing" 2 "bytes.vec:2: line: NUL byte" pym "$tmp/bytes.vec"
expect "python -m cachetwin --blocks lists the catalogue with its presets" 0 "shadow_tags    paper paper16 exact small tiny" \
    pym --blocks
expect "python -m cachetwin without a file is a usage error" 2 "usage: python -m cachetwin FILE" pym
hosts=()
for e in $($CT blocks | sed 's|^ata_tags$|ata_tags/wide|'); do
    read -r b c < <(host_preset "$e")
    hosts+=("$b/$c")
done
# the generated sources first (a block's two harnesses share them); the
# first block's two harnesses compile the SystemC and the DPI-C run-time
# objects for the others (build/vlrt-sc, -dpi); then two builds at a time
for h in "${hosts[@]}"; do make -s "build/hgen/$h/stamp" >/dev/null || bad "ctwin host $h"; done
for h in "${hosts[@]}"; do
    par "build SystemC lockstep $h (verilator --sc)" make -s "build/sc/$h/obj/sctb"
    par "build DPI-C lockstep $h (verilator --timing)" make -s "build/dpi/$h/obj/dpitb"
    [ "$h" = "${hosts[0]}" ] && par_done
done
par_done
for h in "${hosts[@]}"; do
    b=${h%/*} c=${h#*/}
    expect "SystemC lockstep $b $c (verilator --sc RTL vs the C model's shim)" 0 "PASS systemc lockstep" \
        "build/sc/$b/$c/obj/sctb" 1 20000
    expect "DPI-C lockstep $b $c (SV testbench, the C model as scoreboard)" 0 "PASS dpi lockstep" \
        "build/dpi/$b/$c/obj/dpitb" +seed=2 +cycles=20000
done
expect "ctwin sc for another configuration: the class is named, the widths follow the configuration" 0 \
    "expect_width(0, 2, 5); /* line_i */" bash -c "$CT sc loscache_ctr small,NUM_LINES=32 my_ctr | grep -A40 '^class my_ctr '"
expect "ctwin sc refuses an invalid configuration naming the field" 2 "CNT_W=99" "$CT" sc loscache_ctr CNT_W=99
# a model that disagrees with the RTL (line 15 of 16 out of range for it)
expect "SystemC lockstep catches a model that disagrees, with the report" 1 "count_o                       0                  1   <-- MISMATCH" \
    build/sc/loscache_ctr/small/obj/sctb 1 20000 --model-config small,NUM_LINES=15
expect "DPI-C lockstep catches it too" 1 "MISMATCH dpi loscache_ctr config=NUM_LINES=15 CNT_W=6 THR_W=2 lockstep at cycle 26" \
    build/dpi/loscache_ctr/small/obj/dpitb +model_config=small,NUM_LINES=15
expect "DPI-C: a model configuration of other port widths is an error (exit 2)" 2 "input line_i is 4 bits for the stimulus, 6 for the model" \
    build/dpi/loscache_ctr/small/obj/dpitb +model_config=small,NUM_LINES=64
expect "SystemC lockstep: a model configuration of other port widths is refused (exit 2)" 2 "port line_i is 6 bits, the RTL's 4" \
    build/sc/loscache_ctr/small/obj/sctb 1 10 --model-config small,NUM_LINES=64
wait "$slurm_pid" 2>/dev/null
if [ "$(cat "$tmp/slurm.rc" 2>/dev/null)" = 0 ]; then
    ok "make regress ENGINE=slurm: one array job on a single-node Slurm (munge, slurmctld, slurmd), 3 tasks x 2 jobs"
else bad "make regress ENGINE=slurm (exit $(cat "$tmp/slurm.rc" 2>/dev/null))" "$(cat "$tmp/slurm.out")"; fi

section python
# make mutants' own two checks (their verdicts in section mutants), in the
# background once the mutants job has ended (they use its mutant folders):
# a mutant no simulation catches that the miter proves equivalent is reported
# apart, not as an escape (MUTANT_LIST: one block's list from a file); a
# C-side mutant is its one file loaded over the shared library: a change of
# a comment (a file that behaves as the library's) must escape, the unit
# tests and, for kind c, the replay of its vectors passing, so a catch is
# the mutation's, never the loading's
printf '%s\t%s\t%s\n' rtl sat_operands_swapped "$EQV_SED" > "$tmp/eq_list.txt"
printf '%s\t%s\t%s\n' c noop_comment 's/bi-modal granularity predictor/bimodal granularity predictor/' \
    work wl_trace.c:noop_comment 's/strict$/strict,/' > "$tmp/noop_list.txt"
bg mut_self env T="$tmp" bash -c 'while [ ! -s "$T/mutants.rc" ]; do sleep 1; done
    MUTANT_LIST="$T/eq_list.txt" scripts/mutants.sh loscache_ctr > "$T/mut_eq.out" 2>&1; echo $? > "$T/mut_eq.rc"
    MUTANT_LIST="$T/noop_list.txt" scripts/mutants.sh bgp > "$T/mut_noop.out" 2>&1; echo $? > "$T/mut_noop.rc"'
mut_self_pid=$!
# the pip package (a wheel into a fresh venv, outside the tree), cocotb with
# the C model as scoreboard on every block under Icarus and Verilator, the
# pyuvm environment, README's cocotb example; a broken RTL caught by each.
# The wheel needs nothing from PyPI; the rest needs the venv (scripts/venv.sh)
check "make wheel (scripts/wheel_backend.py: make lib, the package, its library inside)" make -s wheel
expect "the FuseSoC core files are current (scripts/cores.py, make docs)" 0 "core files current" python3 scripts/cores.py --check
rm -rf "$tmp/wv"
if python3 -m venv "$tmp/wv" >/dev/null 2>&1 &&
   "$tmp/wv/bin/pip" install -q --no-index --disable-pip-version-check build/wheel/cachetwin-*.whl >"$tmp/wv.log" 2>&1; then
    ok "the wheel installs into a fresh venv with pip, nothing downloaded"
    expect "... import cachetwin there (no PYTHONPATH, no LD_LIBRARY_PATH) loads the library the wheel carries" 0 \
        "$tmp/wv/lib/" bash -c "cd '$tmp' && env -u PYTHONPATH -u LD_LIBRARY_PATH -u CACHETWIN_LIB '$tmp/wv/bin/python' -c \
            'import cachetwin; assert cachetwin.library.endswith(\"site-packages/cachetwin/libcachetwin.so\"), cachetwin.library; print(cachetwin.library)'"
    expect "... its python -m cachetwin replays a vector file" 0 "PASS python" \
        bash -c "cd '$tmp' && env -u PYTHONPATH '$tmp/wv/bin/python' -m cachetwin '$PWD/vectors/bgp/tiny_s2_n2000.vec'"
    expect "... and its Model runs README's example" 0 "count_o=1" env -u PYTHONPATH "$tmp/wv/bin/python" "$tmp/host.py"
    expect "pip install . from the clone, as README says (the kit's build back end: nothing downloaded)" 0 \
        "Successfully installed cachetwin-" "$tmp/wv/bin/pip" install --no-index --disable-pip-version-check --force-reinstall .
else bad "the wheel into a fresh venv" "$(cat "$tmp/wv.log" 2>/dev/null)"; fi
vrc=0; bg_wait venv "$venv_pid" || vrc=$?; vout=$(cat "$tmp/venv.out")
if [ "$vrc" = 3 ]; then
    echo "SKIP cocotb, pyuvm, FuseSoC: no venv of the pinned Python tools:"; echo "$vout"
elif [ "$vrc" != 0 ]; then bad "scripts/venv.sh (exit $vrc)" "$vout"
else
    ok "the venv of scripts/requirements.txt (cocotb 1.8.1, pyuvm 2.9.1, fusesoc 2.4.7)"
    # FuseSoC: every block's sim and lint targets (checked below), started
    # here: the command lines `fusesoc` would take, run in one fusesoc
    # process (scripts/fusesoc/run_many.py: the cores parsed once, not 26
    # times: 29 -> 9 CPU-s), beside the cocotb runs
    touch build/FUSESOC_IGNORE   # (the Makefile marks build/: its copies of verilog/ are no cores)
    fsl=$tmp/fs_many.txt; : > "$fsl"
    for b in $($CT blocks); do
        v=cachetwin:$(rtl_of "$b" | cut -d/ -f2):$b
        printf -- '--cores-root . run --build-root %s --target %s %s\n' "$tmp/fs/$b-sim" sim "$v" "$tmp/fs/$b-lint" lint "$v" >> "$fsl"
    done
    XDG_CACHE_HOME="$tmp/fs/cache" build/venv/bin/python scripts/fusesoc/run_many.py "$fsl" "$tmp/fs_many" > "$tmp/fs_many.log" 2>&1 &
    fs_many_pid=$!
    # every block's smallest preset (tiny, else small, else its last), 1,000
    # cycles of its own stimulus; the first Verilator build compiles
    # Verilator's run-time objects for the others: the Icarus runs go beside
    # it, the other Verilator builds after it
    cocos=()
    for b in $($CT blocks); do
        cocos+=("$b/$(smallest_preset "$b")")
    done
    coco() {
        pare "cocotb $1 under $2, the C model as scoreboard (every output, every cycle)" 0 "PASS cocotb-$2 ${1%/*}" \
            env CYCLES=1000 scripts/cocotb.sh "${1%/*}" "${1#*/}" "$2"
    }
    coco "${cocos[0]}" verilator
    for h in "${cocos[@]}"; do coco "$h" icarus; done
    par_done
    for h in "${cocos[@]:1}"; do coco "$h" verilator; done
    par_done
    # a broken RTL (two mutants of tb/mutants/): loscache_ctr without its
    # reset, shadow_tags ignoring the valid bit
    mkdir -p "$tmp/brk" && cp -r verilog/* "$tmp/brk/"
    rtl_mutant loscache_ctr no_reset "$tmp/brk/loscache/loscache_ctr.v" &&
        rtl_mutant shadow_tags valid_ignored "$tmp/brk/ccn/shadow_tags.v" ||
        bad "the mutants no_reset and valid_ignored of tb/mutants/ apply (listed, and each changes its file)"
    pare "cocotb catches a loscache_ctr without reset under Icarus: x after reset, with the report" 1 \
        "MISMATCH cocotb-icarus loscache_ctr at cycle 2 (" env VDIR="$tmp/brk" scripts/cocotb.sh loscache_ctr small icarus
    pare "... and under Verilator (2-state: its value differs later), with the command that reproduces it" 1 \
        "reproduce: make cocotb BLOCK=loscache_ctr CONFIG=small SIM=verilator VEC=" \
        env VDIR="$tmp/brk" scripts/cocotb.sh loscache_ctr small verilator
    pare "pyuvm: the shadow_tags UVM environment (sequence, driver, monitor, C-model scoreboard, coverage) passes" 0 \
        "PASS cocotb-icarus shadow_tags small: test_shadow_tags_uvm, 1 test" \
        env COCOTB_MODULE=test_shadow_tags_uvm COCOTB_PATH=tb/pyuvm scripts/cocotb.sh shadow_tags small icarus
    pare "... and its scoreboard catches shadow tags that ignore the valid bit" 1 "port rsp_way_o: expected" \
        env VDIR="$tmp/brk" COCOTB_MODULE=test_shadow_tags_uvm COCOTB_PATH=tb/pyuvm scripts/cocotb.sh shadow_tags small icarus
    mkdir -p "$tmp/rdm"
    if readme_example "python cocotb-example" "$tmp/rdm/test_readme.py"; then
        pare "README's cocotb example runs as written, with README's make cocotb command (Icarus)" 0 "test_readme, 1 test(s) passed" \
            make -s cocotb BLOCK=loscache_ctr CONFIG=small COCOTB_MODULE=test_readme COCOTB_PATH="$tmp/rdm"
        pare "... and fails on the RTL without reset" 1 "FAIL cocotb-icarus loscache_ctr small" \
            env VDIR="$tmp/brk" COCOTB_MODULE=test_readme COCOTB_PATH="$tmp/rdm" scripts/cocotb.sh loscache_ctr small icarus
    else bad "README has no cocotb-example"; fi
    par_done
    # FuseSoC: every block's core (generated: current?), its sim target (the
    # preset's golden vectors under Icarus, through edalize) and its lint
    # target (Verilator -Wall with the preset's parameters)
    fs() { XDG_CACHE_HOME="$tmp/fs/cache" build/venv/bin/fusesoc --cores-root . run --build-root "$tmp/fs/$1-$2" --target "$2" "${@:3}"; }
    wait "$fs_many_pid"; n=0
    for b in $($CT blocks); do
        v=cachetwin:$(rtl_of "$b" | cut -d/ -f2):$b
        n=$((n + 1)); o=$tmp/fs_many/$n
        if [ "$(cat "$o.rc" 2>/dev/null)" = 0 ] && grep -qF "PASS icarus $b stim.vec" "$o.out"; then
            ok "FuseSoC: fusesoc --cores-root . run --target sim $v (Icarus replays its golden vectors)"
        else bad "FuseSoC: ... --target sim $v (exit $(cat "$o.rc" 2>/dev/null))" "$(cat "$o.out" "$tmp/fs_many.log" 2>/dev/null)"; fi
        n=$((n + 1)); o=$tmp/fs_many/$n
        if [ "$(cat "$o.rc" 2>/dev/null)" = 0 ] && grep -qx 'VERILATOR_OPTIONS := -Wall' "$tmp/fs/$b-lint"/*/lint-verilator/config.mk; then
            ok "FuseSoC: ... --target lint $v (Verilator -Wall, the preset's parameters)"
        else bad "FuseSoC: ... --target lint $v (exit $(cat "$o.rc" 2>/dev/null))" "$(cat "$o.out" "$tmp/fs_many.log" 2>/dev/null)"; fi
    done
    # run_many.py itself: a line that fails has its status and output, the lines after it still run; lines
    # naming different cores roots are refused before any runs
    printf -- '--cores-root . run --build-root %s --target %s cachetwin:lamar:bgp\n' "$tmp/rm/a" lint "$tmp/rm/b" nosuch \
        "$tmp/rm/c" lint > "$tmp/rm.txt"
    expect "FuseSoC (run_many.py): a failing line (an unknown target) exits 1 with fusesoc's error, the next still runs" 0 \
        "0 1 0 | ERROR: 'cachetwin:lamar:bgp:0.1.0' has no target 'nosuch'" bash -c "XDG_CACHE_HOME='$tmp/fs/cache' \
        build/venv/bin/python scripts/fusesoc/run_many.py '$tmp/rm.txt' '$tmp/rm' && echo \$(cat '$tmp/rm/1.rc' '$tmp/rm/2.rc' \
        '$tmp/rm/3.rc') '|' \$(grep ERROR '$tmp/rm/2.out')"
    echo "--cores-root verilog run --target lint cachetwin:lamar:bgp" >> "$tmp/rm.txt"
    expect "... and refuses lines that name different cores roots, running none (exit 2)" 2 "name different --cores-root" \
        bash -c "build/venv/bin/python scripts/fusesoc/run_many.py '$tmp/rm.txt' '$tmp/rm2'; rc=\$?; [ ! -e '$tmp/rm2/1.rc' ] || echo RAN; exit \$rc"
    # the sim targets under Verilator (the kit's C++ harness, 6-12 CPU-s a
    # build): two blocks, unoptimised (edalize's make_options), the replay is
    # short; the flipped file below reuses loscache_ctr's build (the same
    # build root: the vector file is a run-time plusarg)
    fsvl() { fs "$1" "$2" --tool verilator "$3" --make_options="OPT_FAST=-O0 OPT_GLOBAL=-O0" "${@:4}"; }
    pare "FuseSoC: ... run --target sim --tool verilator cachetwin:ccn:shadow_tags (the C++ harness replays its golden vectors)" 0 \
        "PASS verilator shadow_tags tiny replay stim.vec" fsvl shadow_tags-vl sim cachetwin:ccn:shadow_tags
    pare "FuseSoC: ... run --target sim_small --tool verilator cachetwin:loscache:loscache_ctr" 0 \
        "PASS verilator loscache_ctr small replay stim.vec" fsvl ctr-vl sim_small cachetwin:loscache:loscache_ctr
    par_done
    expect "FuseSoC: the sim target fails on a vector file with a flipped expected value" 1 \
        "MISMATCH icarus loscache_ctr at cycle 39 ($tmp/flip.vec line 60) port gate_o" \
        fs flip sim_small cachetwin:loscache:loscache_ctr --vec="$tmp/flip.vec"
    expect "... and under Verilator" 1 "MISMATCH verilator loscache_ctr config=small replay at cycle 39 ($tmp/flip.vec line 60)" \
        fsvl ctr-vl sim_small cachetwin:loscache:loscache_ctr --vec="$tmp/flip.vec"
    printf 'vlnv: x:y:z:0\nparameters:\n  block: bgp\n  config: tiny\n  sim: vcs\n' > "$tmp/gapi.yml"
    expect "FuseSoC's generator refuses an unknown simulator, naming the field" 1 "gapi.yml: sim: 'vcs' is not icarus or verilator" \
        python3 scripts/fusesoc/tb_gen.py "$tmp/gapi.yml"
    expect "make cocotb: a vector file of another configuration is refused, naming both" 1 \
        "configuration mismatch: the file has 'NUM_LINES=16 CNT_W=6 THR_W=2', the RTL was built for 'NUM_LINES=5 CNT_W=3 THR_W=1'" \
        scripts/cocotb.sh loscache_ctr tiny icarus vectors/loscache_ctr/small_s1_n3000.vec
    expect "make cocotb refuses an unknown simulator" 2 "SIM: 'vcs' is not icarus or verilator" scripts/cocotb.sh bgp tiny vcs
    expect "... and an invalid configuration, naming the field" 2 "CNT_W=99" scripts/cocotb.sh loscache_ctr CNT_W=99 icarus
fi

section lint-verdict
# every block with a property file: each line "BLOCK PRESET N asserts: proved
# (certificate vectors/formal/BLOCK/PRESET_proof.blif.gz: ..., checked)": its
# committed certificate holds (a stale one is proved again by the engine, and
# named: make formal writes the new one)
frc=0; bg_wait formal "$formal_pid" || frc=$?
nprops=$(ls verilog/*/*_props.svh | wc -l)
if [ "$frc" = 0 ] && [ "$(grep -cE '^([a-z_]+) +([a-z0-9_]+) +[0-9]+ asserts: proved (\(certificate vectors/formal/\1/\2_proof.blif.gz: an inductive invariant of [0-9]+ clauses, checked\)|\(PDR, unbounded\); no certificate needed)' "$tmp/formal.out")" = "$nprops" ]; then
    while read -r l; do ok "formal: $l $(done_at formal)"; done < <(grep 'asserts: proved' "$tmp/formal.out")
else bad "formal: every block's properties proved ($nprops property files)" "$(cat "$tmp/formal.out")"; fi
# each property of the listed blocks broken by a mutant; the names right (by hand:
# threshold_not_raised breaks a_thr alone, line_past_end_served the two idle properties)
frc=0; bg_wait formal_mut "$formal_mut_pid" || frc=$?
for b in $FORMAL_MUT_BLOCKS; do
    l=$(grep -E "^$b .* ([0-9]+) of \1 properties broken by a mutant" "$tmp/formal_mut.out")
    if [ "$frc" = 0 ] && [ -n "$l" ]; then ok "formal --mutants: ${l#"$b"} ($b) $(done_at formal_mut)"
    else bad "formal --mutants: every property of $b broken by a mutant" "$(grep "^$b" "$tmp/formal_mut.out")"; fi
done
for want in "mutant threshold_not_raised       breaks a_thr" \
            "mutant line_past_end_served       breaks a_idle_count, a_idle_flags"; do
    if grep -q "$want\$" "$tmp/formal_mut.out"; then ok "formal --mutants names the property: $want"
    else bad "formal --mutants names the property: $want" "$(grep loscache_ctr "$tmp/formal_mut.out")"; fi
done
if bg_wait lint "$lint_pid"; then ok "lint (make lint): $(tail -n 1 "$tmp/lint.out") $(done_at lint)"
else bad "lint (make lint)" "$(grep -A20 '^FAIL' "$tmp/lint.out" | head -40; tail -n 1 "$tmp/lint.out")"; fi

section fuzz
bg_wait fuzz "$fuzz_pid"; rc=$?
while read -r v rest; do
    case $v in PASS) ok "$rest" ;; FAIL) bad "$rest" ;; esac
done < <(grep -a -E '^(PASS|FAIL) ' "$tmp/fuzz.out")
if [ "$rc" = 0 ]; then ok "make fuzz: no crash, every planted bug caught $(done_at fuzz)"
else bad "make fuzz (exit $rc)" "$(grep -av '^PASS' "$tmp/fuzz.out" | head -40)"; fi

section coverage
bg_wait coverage "$cov_pid"; rc=$?
if [ "$rc" = 0 ] && grep -q '^PASS coverage sleep_fsm: 1 uncovered RTL lines, each waived' "$tmp/coverage.out" &&
   grep -q '^PASS coverage bloom_dual: every RTL line and toggle point covered' "$tmp/coverage.out" &&
   grep -q '^sleep_fsm  *94/95 ' "$tmp/coverage.out" && [ -s "$tmp/cov/html/index.html" ] &&
   grep -q 'verilog/leakage/sleep_fsm.v' "$tmp/cov/rtl.info" && grep -q 'rtl_model/leakage/sleep_fsm.c' "$tmp/cov/c.info"; then
    ok "make coverage: RTL line/toggle + C line coverage merged, HTML written, sleep_fsm's one uncovered line waived $(done_at coverage)"
else bad "make coverage (exit $rc)" "$(cat "$tmp/coverage.out")"; fi
mkdir -p "$tmp/waive"
expect "... a waiver removed: the uncovered line is named, exit 1" 1 "verilog/leakage/sleep_fsm.v:181 never covered and not waived" \
    python3 scripts/coverage_summary.py "$tmp/cov/rtl.info" "$tmp/cov/c.info" "$tmp/waive" sleep_fsm
printf 'hmask = 0;\tno such line\n' > "$tmp/waive/bloom_dual.waive"
expect "... a waiver that matches no uncovered line is stale, exit 1" 1 "waive/bloom_dual.waive:1: 'hmask = 0;' matches no uncovered line (stale)" \
    python3 scripts/coverage_summary.py "$tmp/cov/rtl.info" "$tmp/cov/c.info" "$tmp/waive" bloom_dual
expect "... bad settings refused (exit 2)" 2 "SEEDS='0'" env SEEDS=0 scripts/coverage.sh

section mutants
if bg_wait mutants "$mut_pid"; then ok "every deliberately broken RTL and C model is caught (make mutants): $(tail -n 1 "$tmp/mutants.out") $(done_at mutants)"
else bad "mutants (make mutants)" "$(grep -v '^CAUGHT' "$tmp/mutants.out" | head -40)"; fi
# make mutants' own two checks (started in section python)
bg_wait mut_self "$mut_self_pid"
if [ "$(cat "$tmp/mut_eq.rc")" = 0 ] && grep -qx "mutants: 0 caught, 1 proved equivalent (formal), 0 escaped" "$tmp/mut_eq.out"; then
    ok "make mutants: a mutant that escapes simulation and is proved equivalent is reported apart"
else bad "make mutants: a mutant proved equivalent (exit $(cat "$tmp/mut_eq.rc"))" "$(cat "$tmp/mut_eq.out")"; fi
n="make mutants: a C-side mutant that changes only a comment escapes (unit tests and replay pass with it loaded)"
out=$(cat "$tmp/mut_noop.out"); rc=$(cat "$tmp/mut_noop.rc")
if [ "$rc" = 1 ] && grep -qx "ESCAPED mutant bgp/c/noop_comment: unit tests passed, replay passed" <<<"$out" &&
    grep -qx "ESCAPED mutant bgp/work/noop_comment: the unit tests pass" <<<"$out" &&
    grep -qx "mutants: 0 caught, 0 proved equivalent (formal), 2 escaped" <<<"$out"; then ok "$n"
else bad "$n (exit $rc)" "$out"; fi

sec_close
echo
echo "== where the CPU went (s; a section's CPU excludes the background jobs)"
secs() { awk -v c="$1" 'BEGIN{printf "%7.1f", c / 100}'; }   # centiseconds as seconds
for i in "${!sec_names[@]}"; do
    printf '  %-14s started at %4d s  CPU %s s\n' "${sec_names[$i]}" "${sec_at[$i]}" "$(secs "${sec_cpu[$i]}")"
done
for f in "$tmp"/*.cpu; do
    n=$(basename "$f" .cpu)
    printf '  %-14s background, done at %4d s  CPU %s s\n' "$n" "$(cat "$tmp/$n.done")" "$(secs "$(cat "$f")")"
done
printf '  %-14s %29s %s s\n' total "" "$(secs "$(cpu_cs)")"
echo
for f in "${failed[@]}"; do echo "failed: $f"; done
echo "suite time: ${SECONDS} s"
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
