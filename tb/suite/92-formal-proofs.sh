# formal-proofs: every block's properties proved (its committed certificate
# checked, else PDR or the engine its props file names: docs/formal.md); and
# every property of loscache_ctr broken by one of its RTL mutants (all
# thirteen blocks take about 30 CPU-minutes: make formal MUTANTS=1).  Needs
# only ctwin: it runs in the background from the start.
section formal-proofs bg start

proof() { # BLOCK: "BLOCK PRESET N asserts: proved (certificate ... checked)"
    local out rc=0
    out=$(python3 scripts/formal.py --ctwin "$CT" --work "$tmp/formal" --no-cover "$1" 2>&1) || rc=$?
    echo "$out"
    [ "$rc" = 0 ] && grep -qE "^$1 +([a-z0-9_]+) +[0-9]+ asserts: proved (\(certificate vectors/formal/$1/\1_proof.blif.gz: an inductive invariant of [0-9]+ clauses, checked\)|\(PDR, unbounded\); no certificate needed)" <<<"$out"
}
for p in verilog/*/*_props.svh; do
    b=$(basename "$p" _props.svh)
    check "formal: $b's properties proved (its committed certificate checked)" proof "$b"
done
fm_mut() { once fm_mut python3 scripts/formal.py --ctwin "$CT" --work "$tmp/formal_mut" --no-cover --mutants loscache_ctr; }
fm_mut_all() { local out; out=$(fm_mut 2>&1); echo "$out"; grep -qE "^loscache_ctr .* ([0-9]+) of \1 properties broken by a mutant" <<<"$out"; }
check "formal --mutants: every property of loscache_ctr broken by one of its RTL mutants" fm_mut_all
fm_mut_names() { fm_mut | grep -q -- "$1\$"; }
# the names right (by hand: threshold_not_raised breaks a_thr alone, line_past_end_served the two idle properties)
for want in "mutant threshold_not_raised       breaks a_thr" \
            "mutant line_past_end_served       breaks a_idle_count, a_idle_flags"; do
    check "formal --mutants names the property: $want" fm_mut_names "$want"
done
