# golden: the committed vectors regenerate byte for byte; the C model,
# Verilator (rand-reset 0, 1, 2) and Icarus replay every one; the generated
# interface pages are current; the same seed gives the same bytes; every
# preset's committed files close every coverage bin by themselves
# (scripts/vector_bins.py), which fails on a file set with a hole.
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
for b in $(blocks); do
    multi "the committed vectors of every $b preset close every coverage bin by themselves" \
        python3 scripts/vector_bins.py "$b"
done
bins_hole() { # a paper file of 100 cycles (the prologue's first rows) leaves bins open
    mkdir -p "$tmp/vb/bgp" && "$CT" gen bgp paper 1 100 "$tmp/vb/bgp/paper_s1_n100.vec" &&
        python3 scripts/vector_bins.py --dir "$tmp/vb" bgp:paper
}
expect "vector_bins names the bins a preset's files leave open (exit 1)" 1 "rotate_to_fg, rotate_to_cg, window_kept" \
    bins_hole
expect "vector_bins names a preset without a file" 1 "tiny      no committed vector file" \
    python3 scripts/vector_bins.py --dir "$tmp/vb" bgp:tiny
