# randcfg: random legal configurations beyond the presets (scripts/randcfg.sh,
# ctwin draw: each parameter at its extremes, near powers of two, or
# uniform), three a block (two for ccn and ccn_node): verilator -Wall, iverilog -Wall and yosys clean
# (flops + memory bits = the inventory), and the C model's vectors for each
# replayed by Icarus on the RTL, every output every cycle.  Needs only
# ctwin: in the background from the start.
section randcfg bg start

for b in $(blocks); do
    limit 300
    # (three draws a block, two of the ring's composites, which synthesise slowest: the suite's time)
    n=3; case $b in ccn | ccn_node) n=2 ;; esac
    multi "random legal configurations of $b ($n draws): lint clean, the C model and the RTL agree" \
        env DRAWS=$n scripts/randcfg.sh "$b"
done
# a width bug no preset shows: shadow_tags' set index computed in LA_W bits,
# so SETS = 2 truncates to 0 when LA_W is 1 (draw 2: SETS=2, LA_W=1)
randcfg_narrow() {
    rm -rf "$tmp/rc_v" && cp -r verilog "$tmp/rc_v" &&
        sed -i "s/SET_W'(MOD_W'(lk_la_i) % MOD_W'(SETS))/SET_W'(lk_la_i % LA_W'(SETS))/" "$tmp/rc_v/ccn/shadow_tags.v" &&
        ! cmp -s verilog/ccn/shadow_tags.v "$tmp/rc_v/ccn/shadow_tags.v" &&
        VDIR="$tmp/rc_v" OUT="$tmp/rc_out" SEED=2 DRAWS=1 scripts/randcfg.sh shadow_tags
}
expect "randcfg catches a width bug no preset shows (a set index truncated to LA_W bits, SETS=2 LA_W=1)" 1 \
    "C model and RTL differ" randcfg_narrow
