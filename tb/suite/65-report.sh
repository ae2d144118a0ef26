# report: a wrong expected value gives the full mismatch report and a
# waveform of the failing window under Verilator and Icarus; make waves
# leaves a VCD and a .gtkw naming every port; the documentation's pictures
# show what their captions say; RTL properties the co-simulation cannot
# reach (a forced impossible state), under Icarus, and that check can fail.
section report

report_full() {
    local out rc=0 miss="" w
    out=$("$(vlh loscache_ctr small)" replay "$tmp/flip.vec" --waves "$tmp/rep" 2>&1) || rc=$?
    echo "$out"
    for w in "MISMATCH verilator" "at cycle 39" "line 60" "gate_o" "<-- MISMATCH" "inputs this cycle: rst_i=0" \
             "seed: 1" "reproduce: make replay" "make vectors BLOCK=loscache_ctr CONFIG=small SEED=1 CYCLES=3000" \
             "waveform:  gtkwave $tmp/rep/loscache_ctr_small_flip_fail.vcd"; do
        grep -qF -- "$w" <<<"$out" || miss+=" '$w'"
    done
    [ -z "$miss" ] || echo "missing:$miss"
    [ "$rc" = 1 ] && [ -z "$miss" ]
}
report_wave() {
    report_full >/dev/null
    local vcd=$tmp/rep/loscache_ctr_small_flip_fail.vcd
    [ -s "$vcd" ] && grep -q '^#390$' "$vcd" && grep -q "gate_o" "$vcd" && [ -s "$tmp/rep/loscache_ctr.gtkw" ]
}
mark quick; needs harness:loscache_ctr/small flip
check "mismatch report names cycle, line, port, values, inputs, seed, commands" report_full
needs harness:loscache_ctr/small flip
check "the failure waveform covers the failing cycle (t=390) and has a save file" report_wave
needs harness:loscache_ctr/small flip
expect "icarus reports the same mismatch" 1 "MISMATCH icarus loscache_ctr at cycle 39" \
    vvp -n "$(isim loscache_ctr small)" +vec="$tmp/flip.vec"

waves_ports() {
    local miss="" p
    rm -f waves/loscache_ctr_tiny_s9.vcd waves/loscache_ctr.gtkw
    make -s waves BLOCK=loscache_ctr CONFIG=tiny SEED=9 CYCLES=300 || return 1
    for p in clk_i $(sed -n 's/^%column \([a-z_]*\) .*/\1/p' vectors/loscache_ctr/tiny_s1_n3000.vec); do
        grep -q "TOP\.$p\b" waves/loscache_ctr.gtkw || miss+=" gtkw:$p"
        grep -q " $p " waves/loscache_ctr_tiny_s9.vcd || miss+=" vcd:$p"
    done
    [ -z "$miss" ] || { echo "missing:$miss"; return 1; }
}
needs harness:loscache_ctr/tiny
check "make waves: every port in the VCD and in the .gtkw" waves_ports
screens() { once screens scripts/screenshot.sh --check; }
fx_screens() { screens; }
check "the documentation's waveform pictures: each window shows the events its caption names" screens
needs screens
expect "the picture window check fails when an event is outside the window" 1 "not in 0..300 ns: tick_o=1" \
    scripts/wave_events.sh waves/sleep_fsm_pd_s1.vcd 0 300 tick_o=1
# the failure waveform's folder is made when missing; one that cannot be made
# is said, not a waveform claimed
wave_new_dir() { "$(vlh loscache_ctr small)" replay "$tmp/flip.vec" --waves "$tmp/wnew"; local rc=$?
                 [ -s "$tmp/wnew/loscache_ctr_small_flip_fail.vcd" ] || { echo "no waveform in $tmp/wnew"; return 9; }; return $rc; }
needs harness:loscache_ctr/small flip
expect "a mismatch's waveform goes into a --waves folder made for it, which holds it" 1 \
    "waveform:  gtkwave $tmp/wnew/loscache_ctr_small_flip_fail.vcd" wave_new_dir
needs harness:loscache_ctr/small flip
expect "a --waves folder that cannot be made is named, no waveform claimed" 1 "waveform:  not written (cannot write in $tmp/no/such)" \
    "$(vlh loscache_ctr small)" replay "$tmp/flip.vec" --waves "$tmp/no/such"

# sleep_fsm: a line's controls forced to the impossible 11 behave as OFF
SST=tb/directed/sleep_fsm_safe_state_tb.v
safe_state() { iverilog -g2012 -Wall -o "$tmp/ss" "$SST" verilog/leakage/sleep_fsm.v && vvp -n "$tmp/ss"; }
expect "sleep_fsm RTL: the impossible encoding 11 is the safe state (OFF)" 0 "safe-state: 0 errors" safe_state
safe_state_bad() {
    sed 's/assign cur_drw = cur == DRW;/assign cur_drw = cur[1];/' verilog/leakage/sleep_fsm.v > "$tmp/sleep_fsm_bad.v"
    ! cmp -s verilog/leakage/sleep_fsm.v "$tmp/sleep_fsm_bad.v" && iverilog -g2012 -o "$tmp/ss_bad" "$SST" "$tmp/sleep_fsm_bad.v" &&
        vvp -n "$tmp/ss_bad"
}
expect "the safe-state check fails on RTL that decodes 11 as DROWSY" 0 "FAIL safe-state: 11 shows as OFF" safe_state_bad
