#!/usr/bin/env bash
# lint.sh [BLOCK [PRESET]] - the RTL of every block (or BLOCK), in every
# preset configuration (or PRESET):
#   verilator --lint-only -Wall (no waivers beyond the scoped ones in the RTL)
#   iverilog -g2012 -Wall through the generated wrapper (no warnings)
#   yosys: proc + check -assert (no combinational loops, no undriven
#   signals), no latch cells, and the flip-flop bits plus the inferred memory
#   bits of the elaborated design equal the block's storage inventory (rtl_model/<block>_desc.h), paper
#   storage plus instrumentation registers.  Small
#   presets only: full elaboration of the paper configuration takes minutes
#   (YOSYS_SKIP below lists the other large ones).
# Prints one line per check and "lint: N passed, M failed".
set -uo pipefail
cd "$(dirname "$0")/.."
CT=build/ctwin
pass=0; fail=0
ok()  { pass=$((pass+1)); echo "PASS lint $*"; }
bad() { fail=$((fail+1)); echo "FAIL lint $*"; }
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
. scripts/rtl.sh
VY=$(rtl_ydirs -y)
# Not elaborated by yosys besides the paper presets: ata_tags wide (32 cores,
# 81 s of elaboration on 2 cores, measured; the same RTL is checked at its
# example, small and tiny presets).  Submodules are read from verilog/ by
# name (hierarchy -libdir), not all files up front.
YOSYS_SKIP=${YOSYS_SKIP-ata_tags/wide}

for b in ${1:-$($CT blocks)}; do
    for c in ${2:-$($CT presets "$b")}; do
        params=$($CT config "$b" "$c")
        v=$(rtl_of "$b") || { bad "RTL of $b"; continue; }
        gflags=$(sed 's/\([A-Z_0-9]*\)=\([0-9]*\)/-G\1=\2/g' <<<"$params")
        if out=$(verilator --lint-only -Wall $VY $gflags --top-module "$b" "$v" 2>&1); then
            ok "verilator -Wall $b $c"
        else
            bad "verilator -Wall $b $c"; echo "$out" | head -20
        fi
        mkdir -p "$tmp/$b/$c"
        $CT hdl "$b" "$c" "$tmp/$b/$c" >/dev/null
        if out=$(iverilog -g2012 -Wall $VY -o "$tmp/$b/$c/sim" "$tmp/$b/$c/${b}_tb.v" \
                 "$tmp/$b/$c/${b}_top.v" "$v" 2>&1) && [ -z "$out" ]; then
            ok "iverilog -g2012 -Wall $b $c"
        else
            bad "iverilog -g2012 -Wall $b $c"; echo "$out" | head -20
        fi
        [[ $c = paper* || " $YOSYS_SKIP " = *" $b/$c "* ]] && continue
        log="$tmp/$b/$c/yosys.log"
        if scripts/yosys_check.sh "$v" "$b" "$log" $params; then
            ok "yosys no latch, no loop $b $c"
        else
            bad "yosys no latch, no loop $b $c"; grep -iE "error|warning|latch|loop" "$log" | head -10
        fi
        flops=$(awk '/Number of cells/{on=1} on && /\$[a-z_]*dff[a-z_]*_[0-9]+/ {
                      n=split($1,a,"_"); s+=a[n]*$2} END{print s+0}' "$log")
        # inferred memories (a RAM's synchronous read register is part of it)
        mems=$(awk '/^ *cell \$mem_v2/{m=1} m && /parameter .SIZE /{s=$3} m && /parameter .WIDTH /{b+=s*$3; m=0}
                    END{print b+0}' "$log")
        # the RTL holds the paper storage and the instrumentation registers
        inv=$($CT area "$b" "$c" | awk '/= block total|\+ instrumentation/{s+=$(NF-3)} END{print s+0}')
        if [ "$((flops + ${mems:-0}))" = "$inv" ]; then
            ok "yosys storage $b $c: $flops flop + ${mems:-0} memory bits = inventory $inv"
        else
            bad "yosys storage $b $c: $flops flop + ${mems:-0} memory bits, inventory says $inv"
        fi
    done
done
echo "lint: $pass passed, $fail failed"
[ "$fail" = 0 ]
