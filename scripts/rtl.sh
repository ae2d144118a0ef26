# rtl.sh - sourced by the scripts: where a block's RTL and C model live.
# The RTL is verilog/<system>/<module>.v and the models rtl_model/<system>/
# (docs/conventions.md, "Where a file goes"); a module or block is found by
# name in whichever system folder holds it.
#   rtl_of BLOCK      its RTL file (VDIR: the Makefile's, default verilog)
#   rtl_ydirs FLAG    FLAG DIR for every RTL folder (-y for Verilator and
#                     Icarus, -libdir for yosys)
#   model_of FILE     the rtl_model/<system>/FILE holding FILE (MDIR)
#   host_preset ENTRY "BLOCK CONFIG": ENTRY BLOCK/CONFIG as given, else the
#                     block's test preset: small, else its last (the hosts'
#                     runs in make test and make bench)
#   smallest_preset BLOCK  tiny, else small, else its last (the cocotb runs
#                     of make test; cores.py's sim and lint targets likewise)
#   (both ask ${CT:-build/ctwin})
#   rtl_build_tree DIR BLOCK  DIR as a build folder (make B=DIR) for a copy of
#                     the RTL (VDIR=): the main build's C side - objects,
#                     library, ctwin, BLOCK's generated wrappers - copied with
#                     their times kept, so make rebuilds only the Verilated RTL
#                     (the mutants, make test's broken-RTL checks)
#   vec_preset FILE   the preset a committed vector file was made at, from its
#                     name: vectors/<block>/<preset>_s<seed>_n<cycles>.vec, and
#                     vectors/formal/<block>/<preset>_c_<cover>.vec (cover
#                     traces) or <preset>_cex_<mutant>.vec (miter counterexamples)
rtl_of() {
    local f
    for f in "${VDIR:-verilog}"/*/"$1".v; do [ -f "$f" ] && { echo "$f"; return 0; }; done
    echo "rtl.sh: no RTL file ${VDIR:-verilog}/*/$1.v" >&2
    return 1
}
rtl_ydirs() {
    local d
    for d in "${VDIR:-verilog}"/*/; do printf '%s %s ' "$1" "${d%/}"; done
}
model_of() {
    local f
    for f in "${MDIR:-rtl_model}"/*/"$1"; do [ -f "$f" ] && { echo "$f"; return 0; }; done
    echo "rtl.sh: no file ${MDIR:-rtl_model}/*/$1" >&2
    return 1
}
host_preset() {
    if [[ $1 = */* ]]; then echo "${1%/*} ${1#*/}"
    elif "${CT:-build/ctwin}" presets "$1" | grep -qx small; then echo "$1 small"
    else echo "$1 $("${CT:-build/ctwin}" presets "$1" | tail -n 1)"; fi
}
smallest_preset() {
    local p; p=$("${CT:-build/ctwin}" presets "$1")
    grep -x tiny <<<"$p" || grep -x small <<<"$p" || tail -n 1 <<<"$p"
}
rtl_build_tree() {
    mkdir -p "$1/gen" && cp -rp build/obj build/libct.a build/ctwin "$1/" && cp -rp "build/gen/$2" "$1/gen/"
}
vec_preset() {
    local n
    n=$(basename "$1" .vec); n=${n%%_c_*}; n=${n%%_cex_*}
    echo "${n%_s*}"
}
