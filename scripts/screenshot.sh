#!/usr/bin/env bash
# screenshot.sh [VCD GTKW PNG FROM_NS TO_NS] - render a waveform to PNG with
# GTKWave under Xvfb (no display needed).  Without arguments: a lockstep run
# of loscache_ctr/small dumped to waves/ and rendered to
# docs/img/loscache_ctr_waves.png for the README.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ $# -eq 0 ]; then
    make -s build/vl/loscache_ctr/small/obj/vsim
    mkdir -p waves docs/img
    build/vl/loscache_ctr/small/obj/vsim lockstep 1 60 --trace waves/loscache_ctr_small_s1.vcd --quiet
    set -- waves/loscache_ctr_small_s1.vcd waves/loscache_ctr.gtkw docs/img/loscache_ctr_waves.png 0 300
fi
vcd=$1 gtkw=$2 png=$3 from=$4 to=$5
tcl=$(mktemp --suffix=.tcl); trap 'rm -f "$tcl"' EXIT
cat >"$tcl" <<TCL
gtkwave::setZoomRangeTimes $from $to
gtkwave::nop
gtkwave::/File/Grab_To_File $png
gtkwave::/File/Quit
TCL
xvfb-run -a -s "-screen 0 1600x900x24" gtkwave -S "$tcl" "$vcd" "$gtkw" >/dev/null 2>&1
echo "wrote $png"
