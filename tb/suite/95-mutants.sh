# mutants: every deliberately broken RTL and C model of tb/mutants/ is caught
# (scripts/mutants.sh; the kinds: docs/adding-a-block.md), a block at a time,
# each mutant a result; and make mutants' own two checks: a mutant that
# escapes simulation and is proved equivalent is reported apart; a C-side
# mutant that changes only a comment escapes (so a catch is the mutation's,
# never the loading's).  Background, after section asan (the mutants of kind
# asan start from its build).
section mutants bg asan

fx_mutbase() { make -s build build/unit/test_all mutbase asan-build; }
# mut BLOCK: its mutants, CAUGHT / EQUIVALENT as PASS lines, ESCAPED as FAIL
mut() { MUT_BUILT=1 scripts/mutants.sh "$1" | sed 's/^CAUGHT /PASS /; s/^EQUIVALENT /PASS /; s/^ESCAPED /FAIL /'
        return "${PIPESTATUS[0]}"; }
for b in $(blocks) host work lib power; do
    needs mutbase; [ "$b" = power ] && { needs cacti; needs opensta; }; limit 900
    multi "mutants of $b (tb/mutants/$b.txt) each caught" mut "$b"
done
EQV_SED="s/nxt    = (cur == CNT_MAX) ? cur : cur + 1'b1;/nxt    = (cur == CNT_MAX) ? cur : 1'b1 + cur;/"
mut_eq() {
    printf '%s\t%s\t%s\n' rtl sat_operands_swapped "$EQV_SED" > "$tmp/eq_list.txt"
    MUT_BUILT=1 MUTANT_LIST="$tmp/eq_list.txt" scripts/mutants.sh loscache_ctr
}
needs mutbase
expect "make mutants: a mutant that escapes simulation and is proved equivalent is reported apart" 0 \
    "mutants: 0 caught, 1 proved equivalent (formal), 0 escaped" mut_eq
mut_noop() {
    printf '%s\t%s\t%s\n' c noop_comment 's/bi-modal granularity predictor/bimodal granularity predictor/' \
        work wl_trace.c:noop_comment 's/strict$/strict,/' > "$tmp/noop_list.txt"
    local out rc=0
    out=$(MUT_BUILT=1 MUTANT_LIST="$tmp/noop_list.txt" scripts/mutants.sh bgp 2>&1) || rc=$?
    echo "$out"
    [ "$rc" = 1 ] && grep -qx "ESCAPED mutant bgp/c/noop_comment: unit tests passed, replay passed" <<<"$out" &&
        grep -qx "ESCAPED mutant bgp/work/noop_comment: the unit tests pass" <<<"$out" &&
        grep -qx "mutants: 0 caught, 0 proved equivalent (formal), 2 escaped" <<<"$out"
}
needs mutbase
check "make mutants: a C-side mutant that changes only a comment escapes (unit tests and replay pass with it loaded)" mut_noop
