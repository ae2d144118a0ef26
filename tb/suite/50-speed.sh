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
