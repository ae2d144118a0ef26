# fixtures.sh - what several sections of the test suite share (sourced by
# scripts/test.sh after lib.sh): the build paths of a preset, registration
# helpers, and the fixtures (fx_NAME, made once per run when a check
# `needs NAME`; they write into the scratch folder $tmp).

CT=build/ctwin
# vlh B/C | B C: the Verilator harness of a preset; isim: its Icarus testbench
vlh()  { local p=${1}${2:+/$2}; echo "build/vl/$p/obj/vlharness"; }
isim() { local p=${1}${2:+/$2}; echo "build/iv/$p/sim"; }
# the catalogue, read once
SUITE_BLOCKS=$($CT blocks)
declare -A SUITE_PRESETS=()
for _b in $SUITE_BLOCKS; do SUITE_PRESETS[$_b]=$($CT presets "$_b" | tr '\n' ' '); done
blocks()  { echo "$SUITE_BLOCKS"; }
presets() { echo "${SUITE_PRESETS[$1]}"; }
# quick_preset BLOCK: the preset make check runs (tiny, else small, else its last)
quick_preset() {
    local p=" ${SUITE_PRESETS[$1]} "
    if [[ $p = *" tiny "* ]]; then echo tiny; elif [[ $p = *" small "* ]]; then echo small
    else echo "${p% }" | awk '{print $NF}'; fi
}
# quick_mark BLOCK PRESET: the next check is in the quick tier when PRESET is BLOCK's quick one
quick_mark() { [ "$2" = "$(quick_preset "$1")" ] && mark quick; return 0; }

# replays FILE BLOCK CONFIG RESET...: registers the C model's, Verilator's
# (once per rand-reset mode) and Icarus's replay of the vector file FILE
replays() {
    local f=$1 b=$2 c=$3 r q=; shift 3
    [ "$c" = "$(quick_preset "$b")" ] && [[ $f = vectors/* && $f != vectors/formal/* ]] && q=1
    [ -n "$q" ] && mark quick
    expect "C model replays $f" 0 PASS "$CT" check "$f"
    for r; do
        [ -n "$q" ] && [ "$r" = "$1" ] && mark quick
        needs "harness:$b/$c"
        expect "verilator replays $f rand-reset $r" 0 PASS \
            "$(vlh "$b" "$c")" replay "$f" "+verilator+rand+reset+$r" +verilator+seed+7 --waves "$tmp"
    done
    [ -n "$q" ] && mark quick
    needs "harness:$b/$c"
    expect "icarus replays $f" 0 "PASS icarus" vvp -n "$(isim "$b" "$c")" +vec="$f"
}

# rtl_mutant BLOCK NAME FILE: applies the RTL mutant NAME of
# tb/mutants/BLOCK.txt (its sed expression) to FILE, a copy of the block's
# RTL; fails when the mutant is not listed or no longer changes the file
rtl_mutant() {
    local expr; expr=$(awk -F'\t' -v n="$2" '$1 == "rtl" && $2 == n {print $3}' "tb/mutants/$1.txt")
    [ -n "$expr" ] && cp "$3" "$3.orig" && sed -i "$expr" "$3" && ! cmp -s "$3" "$3.orig" && rm -f "$3.orig"
}

# doc_example FILE FENCE-INFO OUT: the code block of FILE opened by ```FENCE-INFO
doc_example() { awk -v f="$2" '$0 == "```" f {on=1; next} /^```$/ {on=0} on' "$1" > "$3"; [ -s "$3" ]; }

# ----------------------------------------------------------------- fixtures
# vlrt: Verilator's run-time objects, compiled by the first harness build
# (the others then build two at a time and reuse them)
fx_vlrt() {
    [ -f build/vlrt/verilated.o ] && return 0
    local b; b=$(blocks | head -n 1)
    make -s "$(vlh "$b" "$(presets "$b" | awk '{print $1}')")"
}
# flip: a committed file with one expected value flipped (cycle 39, line 60,
# gate_o): every replayer must report it
fx_flip() {
    awk 'NR==60{ $8 = ($8=="1") ? "0" : "1" } {print}' vectors/loscache_ctr/small_s1_n3000.vec > "$tmp/flip.vec"
}
# liberty: the OSU 0.18 um liberty the area flow reads (Debian's package file)
fx_liberty() { scripts/area_um2.sh ccn_rt >/dev/null 2>&1; [ -s build/tech/osu018_stdcells.lib ]; }
# cacti: CACTI 7 built from PyPI's hwcomponents-cacti source (the power flow;
# without PyPI the checks that need it are skipped, saying so)
fx_cacti() {
    local out
    out=$(scripts/power/cacti.sh 2>&1) && return 0
    grep -q "could not download" <<<"$out" && { echo "no CACTI: $out"; return 3; }
    echo "$out"; return 1
}
# opensta: Debian's opensta (make deps-test installs it) and the liberty
fx_opensta() {
    command -v sta >/dev/null || { echo "opensta missing: make deps-test installs it (scripts/deps.sh --power)"; return 1; }
    fx_liberty
}
# venv: the pinned Python tools (make deps made them; without PyPI the
# checks that need them are skipped, saying so)
fx_venv() {
    local out rc=0
    out=$(scripts/venv.sh 2>&1) || rc=$?
    [ "$rc" = 3 ] && { echo "no venv of the pinned Python tools: $out"; return 3; }
    [ "$rc" = 0 ] || { echo "$out"; return 1; }
}
# brk: a copy of verilog/ with two RTL mutants of tb/mutants/ applied:
# loscache_ctr without its reset, shadow_tags ignoring the valid bit
fx_brk() {
    rm -rf "$tmp/brk"; mkdir -p "$tmp/brk" && cp -r verilog/* "$tmp/brk/" &&
        rtl_mutant loscache_ctr no_reset "$tmp/brk/loscache/loscache_ctr.v" &&
        rtl_mutant shadow_tags valid_ignored "$tmp/brk/ccn/shadow_tags.v"
}
