# lint: every block's RTL in every preset: verilator --lint-only -Wall,
# iverilog -g2012 -Wall, and yosys (no latch, no combinational loop, flop and
# memory bits equal to the storage inventory) (scripts/lint.sh); the yosys
# check refuses its canaries.  Needs only ctwin: it runs in the background
# from the start.
section lint bg start

for b in $(blocks); do
    for c in $(presets "$b"); do
        quick_mark "$b" "$c"
        multi "lint $b $c (verilator -Wall, iverilog -Wall, yosys)" scripts/lint.sh "$b" "$c"
    done
done
for m in latch loop; do
    expect "yosys check refuses the $m canary" 1 "" scripts/yosys_check.sh tb/canary/$m.v $m "$tmp/$m.log"
done
