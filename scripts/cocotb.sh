#!/usr/bin/env bash
# cocotb.sh - a block's RTL under cocotb, the C model as scoreboard
# (tb/cocotb/test_cachetwin.py), under Icarus or Verilator.
#   cocotb.sh BLOCK CONFIG SIM [VEC]
# SIM is icarus or verilator.  Without VEC the stimulus is the block's own
# (`ctwin gen BLOCK CONFIG $SEED $CYCLES`, default seed 1, 2,000 cycles).
# Builds in build/cocotb/SIM/BLOCK/CONFIG/ as cocotb's own makefiles do, from
# the venv of scripts/venv.sh (cocotb 1.8.1).  VDIR=DIR reads the RTL from
# DIR/<system>/ instead of verilog/ (a deliberately broken copy, as the
# Makefile's VDIR).  Exit 0 pass, 1 mismatch, 2 error, 3 skipped (no venv:
# the reason is printed).  COCOTB_MODULE=M COCOTB_PATH=DIR run another test
# module (DIR/M.py: the UVM environment, README's example) on the same build;
# TESTCASE=NAME[,NAME] runs only those tests of it (cocotb's own variable).
# A run that gives no results names its cause first (a module Python cannot
# import, a TESTCASE the module lacks).  WAVES=1 writes a waveform (FST), as
# cocotb's makefiles do: sim_build/<block>_top.fst under Icarus, dump.fst
# (in the run folder) under Verilator; its builds are kept apart.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 3 ] && [ $# -le 4 ] || { echo "usage: cocotb.sh BLOCK CONFIG icarus|verilator [VEC]" >&2; exit 2; }
blk=$1 cfg=$2 sim=$3 vec=${4:-}
case $sim in icarus|verilator) ;; *) echo "cocotb: SIM: '$sim' is not icarus or verilator" >&2; exit 2 ;; esac
SEED=${SEED:-1} CYCLES=${CYCLES:-2000}
scripts/venv.sh || exit 3
venv=$(cd "$(scripts/venv.sh --path)" && pwd)
make -s build/ctwin lib >/dev/null || exit 2
CT=build/ctwin
$CT config "$blk" "$cfg" >/dev/null || exit 2      # names an unknown block or a bad field
VDIR=${VDIR:-verilog}
dir=build/cocotb/$sim/$blk/$(printf '%s' "$cfg" | tr -c 'A-Za-z0-9_.-' '_')
# another RTL never reuses a build: its folder is keyed on its HDL files (scripts/rtl_key.sh)
[ "$VDIR" != verilog ] && { k=$(scripts/rtl_key.sh "$VDIR") || exit 2; dir=$dir-rtl-$k; }
WAVES=${WAVES:-0}
case $WAVES in 0) ;; 1) dir=$dir-waves ;; *) echo "cocotb: WAVES: '$WAVES' is not 0 or 1" >&2; exit 2 ;; esac
# the build (bdir: the wrapper and sim_build) is shared by every test module
# of a block, configuration, RTL and WAVES setting; a run's log, results and
# stimulus are its module's (dir).  One run at a time on a build: the lock.
bdir=$dir
[ -n "${COCOTB_MODULE:-}" ] && dir=$dir-$COCOTB_MODULE
mkdir -p "$dir" "$bdir"
exec 8>"$bdir/.lock"
flock 8
$CT hdl "$blk" "$cfg" "$bdir" >/dev/null || exit 2   # <block>_top.v: the configuration's wrapper
if [ -z "$vec" ]; then
    vec=$dir/stim.vec
    $CT gen "$blk" "$cfg" "$SEED" "$CYCLES" "$vec" >/dev/null || exit 2
fi
[ -r "$vec" ] || { echo "cocotb: $vec: cannot read" >&2; exit 2; }
vec=$(realpath "$vec")
rtl=$(ls "$VDIR"/*/"$blk".v) || exit 2
ydirs=$(for d in "$VDIR"/*/; do printf -- '-y %s ' "$(realpath "$d")"; done)
module=${COCOTB_MODULE:-test_cachetwin} mpath=$(realpath "${COCOTB_PATH:-tb/cocotb}")
top=$(realpath "$bdir/${blk}_top.v") rtl=$(realpath "$rtl")
sb=$(realpath "$bdir")/sim_build
mkdir -p "$sb"
# cocotb's own makefiles run cocotb-config (a Python start) about twenty
# times a run (an Icarus run of 2,000 cycles took 5 s through them, 1 s
# without): the build and the run are written out here instead, as those
# makefiles do them (cocotb 1.8.1's Makefile.icarus and Makefile.verilator),
# with the three values asked once
{ read -r libdir; read -r share; read -r libpython; } < <("$venv/bin/python" -c '
import os, cocotb, find_libpython
d = os.path.dirname(cocotb.__file__)
print(os.path.join(d, "libs")); print(os.path.join(d, "share")); print(find_libpython.find_libpython())')
[ -n "$libpython" ] || { echo "cocotb: no libpython found for $venv/bin/python" >&2; exit 2; }
: >"$dir/log"
if [ "$sim" = icarus ]; then
    echo "+timescale+1ns/1ps" >"$sb/cmds.f"
    dump=() fst=()
    if [ "$WAVES" = 1 ]; then   # as cocotb's Makefile.icarus: a module that dumps the top, FST
        printf 'module cocotb_iverilog_dump();\ninitial begin\n    $dumpfile("%s/%s_top.fst");\n    $dumpvars(0, %s_top);\nend\nendmodule\n' \
            "$sb" "$blk" "$blk" > "$sb/cocotb_iverilog_dump.v"
        dump=(-s cocotb_iverilog_dump "$sb/cocotb_iverilog_dump.v") fst=(-fst)
    fi
    iverilog -o "$sb/sim.vvp" -D COCOTB_SIM=1 -s "${blk}_top" "${dump[@]}" -f "$sb/cmds.f" -g2012 $ydirs "$top" "$rtl" >>"$dir/log" 2>&1 || {
        cat "$dir/log"; echo "cocotb: $blk $cfg icarus: iverilog failed (log: $dir/log)"; exit 2; }
    run=(vvp -M "$libdir" -m libcocotbvpi_icarus "$sb/sim.vvp" "${fst[@]}")
else
    # Verilator's run-time objects (verilated*.o: nothing of the design in
    # them, half of a build's time) are compiled by the first build and
    # reused by the others: copied in after Verilator has written the
    # makefile (not cp -p: they must be newer than Vtop.mk, which they
    # depend on), make keeps them.  cocotb's main, verilator.o, includes the
    # design's header and is compiled every time.  gcc -O0: the test is
    # bound by the Python side, and the build takes half the time.
    rt=build/cocotb/vlrt
    trace=()
    [ "$WAVES" = 1 ] && trace=(--trace-fst --trace-structs)   # as cocotb's Makefile.verilator: dump.fst
    verilator -cc --exe -Mdir "$sb" -DCOCOTB_SIM=1 --top-module "${blk}_top" --vpi --public-flat-rw --prefix Vtop -o Vtop "${trace[@]}" \
        -LDFLAGS "-Wl,-rpath,$libdir -L$libdir -lcocotbvpi_verilator" --timescale 1ns/1ps $ydirs "$top" "$rtl" \
        "$share/lib/verilator/verilator.cpp" >>"$dir/log" 2>&1 || {
        cat "$dir/log"; echo "cocotb: $blk $cfg verilator: verilator failed (log: $dir/log)"; exit 2; }
    [ -d "$rt" ] && cp "$rt"/* "$sb/"
    # the Verilator and VPI headers precompiled (tb/vlharness/ct_pch.h) by the
    # first build, with these flags, for the others: each of a build's two
    # translation units (the model, cocotb's verilator.cpp) then skips
    # parsing them, about 1.4 of its 2 CPU-s (a failure costs only speed)
    pch=$(realpath build/cocotb)/pch
    mkopts=(OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0 VM_PARALLEL_BUILDS=0)
    if [ ! -f "$pch/ct_pch.h.gch" ]; then
        { mkdir -p "$pch" && cp tb/vlharness/ct_pch.h "$pch/" &&
          make -C "$sb" -f Vtop.mk -f "$PWD/tb/vlharness/pch.mk" "${mkopts[@]}" USER_CPPFLAGS=-DCT_PCH_VPI \
              PCH="$pch/ct_pch.h" "$pch/ct_pch.h.gch"; } >>"$dir/log" 2>&1 ||
            echo "(no precompiled header: the build parses the headers)" >>"$dir/log"
    fi
    make -C "$sb" -f Vtop.mk "${mkopts[@]}" USER_CPPFLAGS="-DCT_PCH_VPI -include $pch/ct_pch.h" >>"$dir/log" 2>&1 || {
        tail -n 30 "$dir/log"; echo "cocotb: $blk $cfg verilator: the build failed (log: $dir/log)"; exit 2; }
    if [ ! -d "$rt" ]; then
        t=$(mktemp -d build/cocotb/vlrt.XXXX)
        cp -p "$sb"/verilated*.o "$sb"/verilated*.d "$t/" 2>/dev/null
        mv -T "$t" "$rt" 2>/dev/null || rm -rf "$t"     # a build beside this one won the race
    fi
    run=("$sb/Vtop")
fi
rm -f "$dir/results.xml"
[ "$VDIR" != verilog ] && export CT_VDIR=$VDIR
( cd "$dir" && env MODULE="$module" TESTCASE="${TESTCASE:-}" TOPLEVEL="${blk}_top" TOPLEVEL_LANG=verilog VIRTUAL_ENV="$venv" \
    LIBPYTHON_LOC="$libpython" COCOTB_RESULTS_FILE="$(pwd)/results.xml" PATH="$venv/bin:$PATH" \
    PYTHONPATH="$mpath:$OLDPWD/rtl_model/host/python" CT_VEC="$vec" CT_CONFIG="$cfg" CT_SIM="$sim" CT_SEED="$SEED" \
    COCOTB_REDUCED_LOG_FMT=1 "${run[@]}" ) >>"$dir/log" 2>&1
rc=$?
if [ ! -f "$dir/results.xml" ]; then
    tail -n 30 "$dir/log"
    # the cause first: a test module Python cannot import, a TESTCASE with no such test
    cause=$(grep -m1 -E "Failed to import module|No module named|ImportError|SyntaxError|wasn.t found in module" "$dir/log")
    echo "cocotb: $blk $cfg $sim: no results (build or start failed${cause:+: $(sed 's/^ *//' <<<"$cause")}; log: $dir/log)"; exit 2
fi
if grep -q '<failure' "$dir/results.xml"; then
    if grep -q 'AssertionError: MISMATCH' "$dir/log"; then   # the report, without the logger's indent
        sed -n '/AssertionError: MISMATCH/,/reproduce:/p' "$dir/log" | sed 's/^ *//; s/^AssertionError: //; s/^port /  port /; s/^\([a-z]\)/  \1/; s/^  MISMATCH/MISMATCH/'
    else
        grep -E 'Error|failed|assert' "$dir/log" | grep -v 'pytest not found' | sed 's/^ *//' | head -n 12
    fi
    echo "FAIL cocotb-$sim $blk $cfg (log: $dir/log)"; exit 1
fi
[ $rc = 0 ] || { tail -n 30 "$dir/log"; echo "cocotb: $blk $cfg $sim: the simulator's exit $rc (log: $dir/log)"; exit 2; }
tests=$(grep -c '<testcase' "$dir/results.xml")
grep -o "PASS cocotb-.*" "$dir/log" | head -n 1 | grep . ||
    echo "PASS cocotb-$sim $blk $cfg: $module, ${tests:-?} test(s) passed"
