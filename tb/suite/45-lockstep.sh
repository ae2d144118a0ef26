# lockstep: the C model against the RTL every cycle (Verilator), every preset,
# three seeds (one per rand-reset mode), coverage required; the C model
# specialised to each preset against the generic one (vlharness spec) and
# its golden vectors against ctwin gen's (vlharness gen).
section lockstep

# Seed 1 runs as long as the main job's lockstep (200,000 cycles); seeds 2
# and 3 (the other two rand-reset modes) 60,000, enough to close the
# coverage of every block that measures it: --require-coverage fails a run
# with a hole.
for b in $(blocks); do
    for c in $(presets "$b"); do
        for s in 1 2 3; do
            n=200000; [ "$s" = 1 ] || n=60000
            [ "$s" = 1 ] && quick_mark "$b" "$c"
            needs "harness:$b/$c"
            expect "lockstep $b $c seed $s rand-reset $((s % 3)) ($n cycles)" 0 PASS \
                "$(vlh "$b" "$c")" lockstep "$s" "$n" "+verilator+rand+reset+$((s % 3))" --waves "$tmp" \
                --require-coverage
        done
    done
done
# The C model lockstep runs is the block's model specialised to the preset
# (ct_desc.h CT_SPEC: its parameters compile-time constants): byte for byte
# the generic model's outputs, every output word of 50,000 cycles, and no
# other preset's configuration accepted
spec_gen() { # BLOCK CONFIG: the specialised model's golden vectors are ctwin gen's
    "$(vlh "$1" "$2")" gen 4 5000 "$tmp/sg.$1.$2.vec" && "$CT" gen "$1" "$2" 4 5000 "$tmp/cg.$1.$2.vec" &&
        cmp "$tmp/sg.$1.$2.vec" "$tmp/cg.$1.$2.vec"
}
for b in $(blocks); do
    for c in $(presets "$b"); do
        needs "harness:$b/$c"
        expect "vlharness spec $b $c: the specialised C model is the generic one's outputs and refuses other presets" \
            0 "SPEC PASS $b $c" "$(vlh "$b" "$c")" spec 1 50000
        needs "harness:$b/$c"
        check "vlharness gen $b $c: the specialised model's golden vectors are ctwin gen's, byte for byte" spec_gen "$b" "$c"
    done
done
needs harness:bgp/tiny
expect "vlharness gen refuses an unwritable OUT, naming it (exit 2)" 2 "vlharness: cannot write $tmp/none/x.vec.tmp" \
    "$(vlh bgp tiny)" gen 1 10 "$tmp/none/x.vec"
needs harness:sleep_fsm/hdg
expect "a lockstep run too short to cover the FSM fails with --require-coverage" 1 "coverage problem" \
    "$(vlh sleep_fsm hdg)" lockstep 1 30 --require-coverage
needs harness:sleep_fsm/hdg
expect "a lockstep run too short to cover the FSM passes without --require-coverage (coverage reported)" 0 "coverage: INCOMPLETE" \
    "$(vlh sleep_fsm hdg)" lockstep 1 30
# VDIR= another RTL: its harness is built from it, in its own folder (keyed
# on its HDL files), never the kit's verilog/ harness, and the kit's is
# never replaced by it: a broken copy fails, the clean tree passes after it,
# the broken copy fails again (its own build found again)
vdir_keyed() {
    local v=$tmp/vk fast=(VL_MAKEFLAGS='OPT_FAST=-O0 OPT_GLOBAL=-O0 VM_PARALLEL_BUILDS=0')
    rm -rf "$v"; mkdir -p "$v" && cp -r verilog/* "$v/" && rtl_mutant loscache_ctr no_reset_on_fill "$v/loscache/loscache_ctr.v" || return 9
    cosim() { make -s cosim BLOCK=loscache_ctr CONFIG=tiny SEED=1 CYCLES=3000 "$@" 2>&1 || true; }
    local out
    out=$(cosim VDIR="$v" "${fast[@]}"); echo "$out" | tail -3
    grep -q '^MISMATCH verilator' <<<"$out" || { echo "VDIR=broken copy: no mismatch"; return 1; }
    grep -qF "reproduce: make cosim BLOCK=loscache_ctr CONFIG=tiny SEED=1 CYCLES=3000 VDIR=$v" <<<"$out" ||
        { echo "the reproduce line does not name VDIR=$v"; return 1; }
    cosim | grep -q '^PASS verilator' || { echo "the clean tree after it: no PASS"; return 1; }
    cosim VDIR="$v" "${fast[@]}" | grep -q '^MISMATCH verilator' || { echo "VDIR=broken copy again: no mismatch"; return 1; }
    [ -x "$(make -s print-rtl-tree VDIR="$v")/vl/loscache_ctr/tiny/obj/vlharness" ] &&
        [ "$(make -s print-rtl-tree VDIR="$v")" != build ] && echo "VDIR builds into $(make -s print-rtl-tree VDIR="$v")"
}
needs harness:loscache_ctr/tiny
check "make cosim VDIR=a broken copy fails (its reproduce line names VDIR), the clean tree passes after it, the copy fails again (builds keyed on the RTL)" vdir_keyed
