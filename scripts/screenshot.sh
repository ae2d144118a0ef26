#!/usr/bin/env bash
# screenshot.sh [VCD GTKW PNG FROM_NS TO_NS] - render a waveform to PNG with
# GTKWave under Xvfb (no display needed).  Without arguments: the README's
# pictures, each the directed prologue of a lockstep run dumped to waves/
# and rendered to docs/img/<block>_waves.png.
set -euo pipefail
cd "$(dirname "$0")/.."
render() {
    local vcd=$1 gtkw=$2 png=$3 from=$4 to=$5
    local tcl; tcl=$(mktemp --suffix=.tcl)
    cat >"$tcl" <<TCL
gtkwave::setZoomRangeTimes $from $to
gtkwave::nop
gtkwave::/File/Grab_To_File $png
gtkwave::/File/Quit
TCL
    xvfb-run -a -s "-screen 0 1600x900x24" gtkwave -S "$tcl" "$vcd" "$gtkw" >/dev/null 2>&1
    rm -f "$tcl"
    echo "wrote $png"
}
if [ $# -eq 0 ]; then
    mkdir -p waves docs/img
    # block config cycles to_ns
    for pic in "loscache_ctr small 60 300" "loscache_pwr small 40 220" "sleep_fsm pd 40 300"; do
        set -- $pic
        make -s build/vl/$1/$2/obj/vsim
        build/vl/$1/$2/obj/vsim lockstep 1 "$3" --trace waves/$1_$2_s1.vcd --quiet
        render waves/$1_$2_s1.vcd waves/$1.gtkw docs/img/$1_waves.png 0 "$4"
    done
    exit 0
fi
render "$@"
