# golden: the committed vectors regenerate byte for byte; the C model,
# Verilator (rand-reset 0, 1, 2) and Icarus replay every one; the generated
# interface pages are current; the same seed gives the same bytes.
section golden

check "golden vectors regenerate byte for byte (make golden would change nothing)" scripts/golden.sh check
for f in vectors/*/*.vec; do
    replays "$f" "$(basename "$(dirname "$f")")" "$(vec_preset "$f")" 0 1 2
done
for b in $(blocks); do
    expect "docs/blocks/${b}_interface.md is current (make docs)" 0 "" \
        bash -c "$CT doc $b | cmp - docs/blocks/${b}_interface.md"
done
seed_bytes() {
    local a z y
    a=$($CT gen loscache_ctr small 1 500 - | sha256sum); z=$($CT gen loscache_ctr small 1 500 - | sha256sum)
    y=$($CT gen loscache_ctr small 2 500 - | sha256sum)
    [ "$a" = "$z" ] && [ "$a" != "$y" ]
}
check "the same seed gives the same bytes, another seed other bytes" seed_bytes
