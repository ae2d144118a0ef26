# speed: ctwin speed (the C model's _run alone, as make bench times it) folds
# the same outputs into the same checksum as the harness's bench; make
# profile counts instructions per cycle under callgrind.
section speed

speed_checksum() { # BLOCK CONFIG
    local want
    want=$("$(vlh "$1" "$2")" bench 3 10000 | sed -n 's/.*output checksums: C \([0-9a-f]*\),.*/\1/p')
    echo "vlharness bench: C checksum ${want:-none}"
    "$CT" speed "$1" "$2" 3 10000 | tee /dev/stderr | grep -qF "output checksum      ${want:-none}"
}
for bc in loscache_ctr/small ata_tags/wide; do
    needs "harness:$bc"
    check "ctwin speed ${bc/\// }: cycles/s, and the checksum of vlharness bench's C model" speed_checksum "${bc%/*}" "${bc#*/}"
done
profile_bgp() {
    make -s profile BLOCK=bgp CONFIG=small CYCLES=5000 > "$tmp/prof.txt" &&
        grep '^C model specialised to small (vlharness speed): [1-9][0-9]* instructions per cycle' "$tmp/prof.txt" &&
        grep -A3 '^profile bgp small: [1-9][0-9]* instructions per cycle' "$tmp/prof.txt"
}
needs harness:bgp/small
expect "make profile: instructions per cycle, then per function, and the specialised model's count" 0 \
    "rtl_model/lamar/bgp.c:" profile_bgp
expect "make profile refuses an unknown block" 2 "unknown block 'nosuch'" scripts/profile.sh nosuch small
# a composition's specialised build specialises its parts (docs/speed.md):
# ctwin hdl lists them with their configurations, the harness links them
spec_parts() {
    mkdir -p "$tmp/hdl" "$tmp/hdl1" && "$CT" hdl ccn tiny "$tmp/hdl" && cat "$tmp/hdl/ct_spec_parts" &&
        [ "$(tr '\n' ' ' < "$tmp/hdl/ct_spec_parts")" = "ccn_node shadow_tags ccn_rt " ] &&
        grep -qx '#define CT_SPEC_TEXT "SETS=2 WAYS=2 LA_W=5 TAG_W=4 CORE_W=2"' "$tmp/hdl/ct_spec_shadow_tags.h" &&
        grep -qx '#define CT_SPEC_TEXT "T_S=16 T_P=40 HMIN_PCT=30 INST_W=2 CNT_W=4"' "$tmp/hdl/ct_spec_ccn_rt.h" &&
        "$CT" hdl ccn_rt tiny "$tmp/hdl1" && [ ! -s "$tmp/hdl1/ct_spec_parts" ] &&
        nm "$(dirname "$(vlh bgp small)")/spec.o" | grep -E ' T spec_(bgp|bloom_dual)_cycle$'
}
needs harness:bgp/small
expect "ctwin hdl: a composition's parts and their configurations, specialised into the harness" 0 \
    "T spec_bloom_dual_cycle" spec_parts
