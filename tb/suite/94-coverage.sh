# coverage: make coverage (docs/coverage.md) of two blocks, every test
# preset: RTL line and toggle coverage and C line coverage merged, HTML, the
# sleep_fsm waiver and bloom_dual's coverage_off region exercised; a removed
# waiver and a stale one are named.  It builds its own tree (build/cov-test,
# which the regress section's CODE_COVERAGE run reuses): background, after
# section build.
section coverage bg build

cov_run() { once cov env BLOCKS="sleep_fsm bloom_dual" SEEDS=1 CYCLES=20000 OUT="$tmp/cov" CB=build/cov-test scripts/coverage.sh; }
cov_ok() {
    local out rc=0
    out=$(cov_run 2>&1) || rc=$?
    echo "$out"
    [ "$rc" = 0 ] && grep -q '^PASS coverage sleep_fsm: 1 uncovered RTL lines, each waived' <<<"$out" &&
        grep -q '^PASS coverage bloom_dual: every RTL line and toggle point covered' <<<"$out" &&
        grep -q '^sleep_fsm  *94/95 ' <<<"$out" && [ -s "$tmp/cov/html/index.html" ] &&
        grep -q 'verilog/leakage/sleep_fsm.v' "$tmp/cov/rtl.info" && grep -q 'rtl_model/leakage/sleep_fsm.c' "$tmp/cov/c.info"
}
check "make coverage: RTL line/toggle + C line coverage merged, HTML written, sleep_fsm's one uncovered line waived" cov_ok
cov_waive() { cov_run >/dev/null; mkdir -p "$tmp/waive"; python3 scripts/coverage_summary.py "$tmp/cov/rtl.info" "$tmp/cov/c.info" "$tmp/waive" "$@"; }
expect "make coverage: a waiver removed: the uncovered line is named, exit 1" 1 "verilog/leakage/sleep_fsm.v:152 never covered and not waived" \
    cov_waive sleep_fsm
cov_stale() { mkdir -p "$tmp/waive"; printf 'hmask = 0;\tno such line\n' > "$tmp/waive/bloom_dual.waive"; cov_waive bloom_dual; }
expect "make coverage: a waiver that matches no uncovered line is stale, exit 1" 1 "waive/bloom_dual.waive:1: 'hmask = 0;' matches no uncovered line (stale)" \
    cov_stale
expect "make coverage refuses bad settings (exit 2)" 2 "SEEDS='0'" env SEEDS=0 scripts/coverage.sh
