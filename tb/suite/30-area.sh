# area: the standard-cell area flow (scripts/area_um2.py) on a circuit
# computed by hand, the per-bit figure, ctkit's inventory, and the papers'
# presets (scripts/area_paper.py): the fit on hand points, a fit through the
# preset's own size, chip factors, claims, bad .area files (docs/area.md).
section area

# the known circuit: 4 DFFPOSX1 (96 um^2) + 4 INVX1 (16) = 448 um^2;
# x (0.0225/0.10)^2 = 22.68 at 45 nm, x (0.020/0.10)^2 = 17.92 at 40 nm;
# NanGate45: 4 DFF_X1 (4.522) + 4 INV_X1 (0.532) = 20.216, x (40/45)^2 =
# 15.973; 4 x 16 + 4 x 2 = 72 transistors
needs liberty
expect "area: the known circuit's cells, um^2 and transistors" 0 \
    '{"cells": {"DFFPOSX1": 4, "INVX1": 4}, "flops": 4, "ng40_um2": 15.973, "ng45_um2": 20.216, "osu018_um2": 448.0, "params": {}, "top": "reg4_inv", "transistors": 72, "um2_40": 17.92, "um2_45": 22.68}' \
    python3 scripts/area_um2.py --lib build/tech/osu018_stdcells.lib tb/area/reg4_inv.v reg4_inv
expect "area: a missing liberty names its Debian package" 1 "qflow-tech-osu018" \
    python3 scripts/area_um2.py --lib "$tmp/none.lib" tb/area/reg4_inv.v reg4_inv
needs liberty
expect "area: a parameter that is not NAME=VALUE is refused" 1 "parameter 'CNT_W=x'" \
    python3 scripts/area_um2.py --lib build/tech/osu018_stdcells.lib verilog/ccn/ccn_rt.v ccn_rt CNT_W=x

# widening ccn_rt's two hit counters by 2 bits adds 4 flops and 4 inventory
# bits, more area, and a different area per bit
area_per_bit() {
    local a4 a6
    a4=$(scripts/area_um2.sh ccn_rt tiny 2>&1 | tail -1); a6=$(scripts/area_um2.sh ccn_rt "tiny CNT_W=6" 2>&1 | tail -1)
    echo "$a4"; echo "$a6"
    awk -v x="$a4" -v y="$a6" 'BEGIN{split(x,p," "); split(y,q," ");
        exit !(p[3]==16 && p[4]==16 && q[3]==20 && q[4]==20 && q[8]>p[8] && q[11]!=p[11])}'
}
needs liberty
check "area: the per-bit figure follows ccn_rt's counter width (flops = inventory bits, 16 -> 20)" area_per_bit

# scripts/ctkit.py, what the Python scripts share: the inventory's bits
# (loscache_ctr tiny: 5 lines x 3 bits), and a clear error for an unknown block
expect "area: ctkit's inventory bits of loscache_ctr tiny (5 x 3 = 15)" 0 "15" \
    python3 scripts/ctkit.py bits "$CT" loscache_ctr tiny
expect "area: ctkit's inventory bits hold the instrumentation registers (bloom_dual tiny: 46)" 0 "46" \
    python3 scripts/ctkit.py bits "$CT" bloom_dual tiny
expect "area: ctkit names an unknown block" 1 "ctwin area nosuch" python3 scripts/ctkit.py bits "$CT" nosuch tiny

# the papers' presets (scripts/area_paper.py): the least-squares line on hand
# points; a fit through the preset's own size gives back its synthesised area
# (and its check on a fitted size 0 % error); the chip factor and the claims'
# ratio at their node; a real fit (loscache_ctr, 8..32 lines) within the
# stated bound on 64 lines; spec errors name file, line and field
expect "area: the fit line on hand points (y = 2x + 1; least squares 0.5x + 2/3)" 0 "ok" \
    python3 -c 'import sys; sys.path.insert(0, "scripts"); from area_paper import fit_line as f
assert f([(1, 3), (2, 5), (4, 9)]) == (2.0, 1.0); a, b = f([(0, 0), (2, 3), (4, 2)])
assert abs(a - 0.5) < 1e-12 and abs(b - 2 / 3) < 1e-12
print("ok")'
area_fit_own_size() {
    local t4 ng45 out row
    t4=$(scripts/area_um2.sh loscache_ctr tiny 2>&1 | tail -1); ng45=$(awk '{print $8}' <<<"$t4")
    cat > "$tmp/t.area" <<EOT
tiny fit   NUM_LINES=2   # a comment
tiny fit   NUM_LINES=5
tiny check NUM_LINES=2
tiny claim bits 15 the inventory's 5 x 3
tiny claim mm2@45 $(awk -v a="$ng45" 'BEGIN{printf "%.9f", a / 1e6}') its own area at 45 nm
tiny claim mm2@40 $(awk -v a="$ng45" 'BEGIN{printf "%.9f", a * (40/45)^2 / 1e6}') its own area at 40 nm
EOT
    out=$(scripts/area_paper.sh --spec "$tmp/t.area" loscache_ctr:tiny 2>&1) || true
    echo "$t4"; echo "$out"
    row=$(grep -E '^loscache_ctr +tiny +fit ' <<<"$out" | head -1)
    [ "$(awk '{printf "%.0f", $5}' <<<"$row")" = "$(awk '{printf "%.0f", $8}' <<<"$t4")" ] &&
        grep -qE '^loscache_ctr +tiny .* \+0\.0%$' <<<"$out" &&
        [ "$(grep -cE '^loscache_ctr +tiny +(bits|mm2@4[05]) .* 1\.00 ' <<<"$out")" = 3 ]
}
needs liberty
check "area: a fit through the preset's size gives its synthesised area, 0 % on a fitted check, claims 1.00" area_fit_own_size
area_chip() {
    local s4 sng40
    s4=$(scripts/area_um2.sh shadow_tags tiny 2>&1 | tail -1); sng40=$(awk '{print $9}' <<<"$s4")
    printf 'tiny claim mm2@40 %s fifteen tiny shadow tag arrays\n' \
        "$(awk -v a="$sng40" 'BEGIN{printf "%.9f", a * 15 / 1e6}')" > "$tmp/s.area"
    scripts/area_paper.sh --spec "$tmp/s.area" shadow_tags:tiny
}
needs liberty
expect "area: a chip estimate is the preset x its instances (shadow tags: 15 SMs)" 0 " 15.00 " area_chip
area_chip_ratio() { local out; out=$(area_chip 2>&1); echo "$out"; grep -qE '^shadow_tags +tiny +mm2@40 .* 1\.00 ' <<<"$out"; }
needs liberty
check "area: a chip estimate's ratio to a claim of its size is 1.00" area_chip_ratio
# (the committed spec fits 16..64 lines and checks 128: make area-paper; here
# one size smaller, half the synthesis CPU, the same bound)
area_real_fit() {
    local out err
    printf 'paper fit NUM_LINES=%s\n' 8 16 32 > "$tmp/l.area"; echo "paper check NUM_LINES=64" >> "$tmp/l.area"
    out=$(scripts/area_paper.sh --spec "$tmp/l.area" loscache_ctr 2>&1) || true
    echo "$out"
    err=$(awk '/^loscache_ctr +paper .*%/{v=$NF; sub("%","",v); print v}' <<<"$out")
    [ -n "$err" ] && awk -v e="$err" 'BEGIN{exit !(e <= 10 && e >= -10)}' &&
        grep -qE '^loscache_ctr +paper +fit +36864 ' <<<"$out"
}
needs liberty
check "area: loscache_ctr's paper preset extrapolated from 8..32 lines, the fit within 10 % on 64 lines" area_real_fit
area_bad_spec() { printf '%s\n' "$1" > "$tmp/t.area"; scripts/area_paper.sh --spec "$tmp/t.area" loscache_ctr:tiny; }
for e in "tiny fits NUM_LINES=2|t.area:1: field 2 (role): 'fits'" \
         "huge fit NUM_LINES=2|t.area:1: field 1 (preset): 'huge'" \
         "tiny fit NUM_LINES=2 LINES=3|t.area:1: field 4: 'LINES' is not a parameter" \
         "tiny fit NUM_LINES=x|t.area:1: field 3: 'NUM_LINES=x': expected NAME=VALUE" \
         "tiny fit NUM_LINES=2|preset tiny: a fit needs two or more fit lines (has 1)" \
         "tiny claim mm2@7 1 x|t.area:1: field 3 (kind): 'mm2@7'" \
         "tiny claim bits -1 x|t.area:1: field 4 (value): '-1'" \
         "tiny skip|t.area:1: field 3 (reason)"; do
    expect "area: a bad .area line is refused: ${e%%|*}" 1 "${e#*|}" area_bad_spec "${e%%|*}"
done
