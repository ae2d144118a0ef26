#!/usr/bin/env bash
# screenshot.sh [--check | VCD GTKW PNG FROM_NS TO_NS] - render a waveform to
# PNG with GTKWave under Xvfb (no display needed).
#   (no arguments)  the pictures of docs/waves.md: each the directed prologue of a
#                   lockstep run dumped to waves/, rendered over the window of
#                   its table row below to docs/img/<block>_waves.png
#   --check         dump each picture's run and check that its window shows
#                   every event its caption names (make test runs this)
# A picture must show what its caption says: the events column lists them
# (signal=decimal value, seen somewhere in the window; scripts/wave_events.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
# block config cycles from_ns to_ns events (the captions of docs/waves.md, in values)
PICTURES=(
    "loscache_ctr small 40 0 340 gate_o=1 early_o=1 thr_o=1 bypass_o=1 count_o=3"
    "loscache_pwr small 30 0 240 n_off_o=16 gate_o=1 mode_o=2 early_o=1 thr_o=1 bypass_o=1 count_o=4"
    "sleep_fsm pd 80 360 700 tick_o=1 n_drowsy_o=16 stall_o=1 mode_o=1 mode_o=3 hit_o=1"
    "loscache tiny 40 0 330 phase_o=1 ld_v_o=1 ready_o=0 p_o=3 gate_o=1 early_o=1 eg_o=1 t_o=1 bypass_o=1"
)
render() {
    local vcd=$1 gtkw=$2 png=$3 from=$4 to=$5
    local tcl; tcl=$(mktemp --suffix=.tcl)
    # the start time is set again after the zoom: GTKWave otherwise keeps
    # the window at 0 and cuts the range short
    cat >"$tcl" <<TCL
gtkwave::nop
gtkwave::setZoomRangeTimes $from $to
gtkwave::setWindowStartTime $from
gtkwave::nop
gtkwave::/File/Grab_To_File $png
gtkwave::/File/Quit
TCL
    xvfb-run -a -s "-screen 0 1600x1200x24" gtkwave -S "$tcl" "$vcd" "$gtkw" >/dev/null 2>&1
    rm -f "$tcl"
    echo "wrote $png"
}
[ "${1:-}" = --check ] && { CHECK=1; shift; }
if [ $# -eq 0 ]; then
    mkdir -p waves docs/img
    status=0
    for pic in "${PICTURES[@]}"; do
        set -- $pic
        b=$1 c=$2 n=$3 from=$4 to=$5; shift 5
        make -s build/vl/$b/$c/obj/vlharness
        vcd=waves/${b}_${c}_s1.vcd
        build/vl/$b/$c/obj/vlharness lockstep 1 "$n" --trace "$vcd" --quiet
        if ! miss=$(scripts/wave_events.sh "$vcd" "$from" "$to" "$@"); then
            echo "FAIL picture $b $c ($from..$to ns): $miss"; status=1; continue
        fi
        if [ "${CHECK:-}" = 1 ]; then echo "PASS picture $b $c: $from..$to ns shows $*"
        else render "$vcd" waves/$b.gtkw docs/img/${b}_waves.png "$from" "$to"; fi
    done
    exit $status
fi
render "$@"
