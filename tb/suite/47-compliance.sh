# compliance: a user's own RTL held against the kit (make check-rtl,
# scripts/check_rtl.py, docs/your-rtl.md).  The worked example - a throttler
# written from docs/blocks/ccn_rt.md alone, with its own port names, an
# active-low reset, outputs a cycle late and no observability outputs -
# passes every committed vector file and lockstep of every preset; a broken
# copy fails, reported in its own port names, the failing rule named; a shim
# around the kit's loscache_ctr passes through a map using every option of
# the format, and fails when the map lies; bad maps, missing files and RTL
# that does not build are refused, exit 2.
section compliance

CR="python3 scripts/check_rtl.py"
EX=tb/compliance/ccn_rt
SH=tb/compliance/loscache_ctr
ex_pass() { once ex_pass $CR --block ccn_rt --rtl $EX/my_throttler.v --map $EX/my_throttler.map --out "$tmp/cr_ex"; }
ex_junit() { ex_pass >/dev/null; python3 -c "
import sys, xml.etree.ElementTree as E
r = E.parse(sys.argv[1]).getroot()
print('junit', len(r.findall('testsuite')), len(r.findall('testsuite/testcase')), r.get('failures'))" "$tmp/cr_ex/junit.xml"; }
expect "check-rtl: the worked example (my_throttler.v through its map) passes every preset's vectors and lockstep" 0 \
    "check-rtl: PASS" ex_pass
expect "check-rtl: the worked example's report lists the outputs it does not implement as not checked" 0 \
    "not checked (outputs the map does not implement): state_o icnt_o ntot_o nhit_o" ex_pass
expect "check-rtl: the worked example's JUnit has a suite per preset (4) and no failure" 0 "junit 4 " ex_junit
fx_broken_thr() {
    sed 's/>= 32.(PCT) \* 32.(total_n)/> 32'"'"'(PCT) * 32'"'"'(total_n)/' $EX/my_throttler.v > "$tmp/broken_thr.v" &&
        ! cmp -s $EX/my_throttler.v "$tmp/broken_thr.v"
}
ex_broken() { once ex_broken $CR --block ccn_rt --rtl "$tmp/broken_thr.v" --map $EX/my_throttler.map --config tiny --seeds 1 --out "$tmp/cr_br"; }
needs broken_thr
expect "check-rtl: a broken copy (> for >=) fails, exit 1, the mismatch in its own port names" 1 \
    "window_on (dec_on_o)                          1                  0   <-- MISMATCH" ex_broken
needs broken_thr
expect "check-rtl: the broken copy's report names the rule that failed" 1 \
    "FAIL        hit rate exactly H_min (100 N_hits = H_min N_total): ON" ex_broken
needs broken_thr
expect "check-rtl: the broken copy's icarus replay names its port and the map's latency" 1 \
    "port window_on (dec_on_o): expected 1, actual 0" ex_broken
sh_pass() { $CR --block loscache_ctr --rtl "$SH/shim_ctr.v verilog/loscache/loscache_ctr.v" --map $SH/shim_ctr.map --seeds 2 --out "$tmp/cr_sh"; }
expect "check-rtl: a shim using every map option (low, width, latency 2, hold, set, tie) passes every preset" 0 \
    "check-rtl: PASS" sh_pass
sh_lie() { # MAP-EDIT: the shim through a map with one line changed
    sed "$1" $SH/shim_ctr.map > "$tmp/lie.map" && ! cmp -s $SH/shim_ctr.map "$tmp/lie.map" &&
        $CR --block loscache_ctr --rtl "$SH/shim_ctr.v verilog/loscache/loscache_ctr.v" --map "$tmp/lie.map" --config small --seeds 1 --out "$tmp/cr_lie"
}
expect "check-rtl: the shim through a map with the wrong latency fails" 1 "check-rtl: FAIL" \
    sh_lie 's/early latency 2/early latency 1/'
expect "check-rtl: the shim through a map without an active-low output's 'low' fails" 1 "check-rtl: FAIL" \
    sh_lie 's/gate_n low /gate_n     /'
expect "check-rtl: the shim through a map without an active-low input's 'low' fails" 1 "check-rtl: FAIL" \
    sh_lie 's/off_n low /off_n     /'
while IFS=$'\t' read -r f msg; do
    [[ $f = \#* || -z $f ]] && continue
    expect "ctwin map refuses tb/compliance/badmap/$f, naming file, line and field" 2 "tb/compliance/badmap/$f:$msg" \
        "$CT" map ccn_rt "tb/compliance/badmap/$f"
done < tb/compliance/badmap/EXPECT
expect "check-rtl refuses a bad map before building, exit 2" 2 "badmap/twice.map:3: port: inj_i is mapped twice" \
    $CR --block ccn_rt --rtl $EX/my_throttler.v --map tb/compliance/badmap/twice.map
expect "check-rtl refuses a missing RTL file, exit 2" 2 "RTL: " $CR --block ccn_rt --rtl "$tmp/none.v"
expect "check-rtl refuses an unknown block, exit 2" 2 "BLOCK: unknown block 'nosuch'" $CR --block nosuch --rtl $EX/my_throttler.v
expect "check-rtl refuses an unknown preset, exit 2" 2 "CONFIG: 'huge' is not a preset of ccn_rt" \
    $CR --block ccn_rt --rtl $EX/my_throttler.v --config huge
no_build() { printf 'module my_throttler(input wire clk);\n  this is not verilog\nendmodule\n' > "$tmp/nb.v"
             $CR --block ccn_rt --rtl "$tmp/nb.v" --map $EX/my_throttler.map --config tiny; }
expect "check-rtl: a design that does not build is exit 2, naming the preset and the map" 2 "the design does not build for ccn_rt tiny" no_build
expect "make check-rtl without RTL= says what it needs, exit 2" 2 "BLOCK= and RTL= (your files) are needed" make -s check-rtl BLOCK=ccn_rt
