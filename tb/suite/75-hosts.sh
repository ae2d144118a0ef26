# hosts: the library installed like a Debian one and used from outside the
# tree with nothing but pkg-config; the documented example of each host
# (docs/hosts.md), extracted, built and run against the installed copy; the
# SystemC and DPI-C lockstep of every block (its "small" preset, else its
# last; for ata_tags its wide preset: ports of up to 1,536 bits, sc_bv and
# one DPI call per 64-bit word), each shown to catch a model that disagrees;
# the Python module's replays and refusals.
section hosts

export SC_COPYRIGHT_MESSAGE=DISABLE
D=$tmp/destdir P=$tmp/prefix
inst_destdir() {
    make -s install PREFIX=/usr/local DESTDIR="$D" &&
        [ -f "$D/usr/local/lib/libcachetwin.a" ] && [ -f "$D/usr/local/include/cachetwin/cachetwin.h" ] &&
        [ -f "$D/usr/local/include/cachetwin/systemc/ct_loscache_ctr_small.h" ] &&
        readelf -d "$D/usr/local/lib/libcachetwin.so.0" | grep -q 'SONAME.*\[libcachetwin.so.0\]' &&
        [ ! -e "$D/usr/local/lib/libcachetwin-workloads.so" ] || return 1
    local s=$D/usr/local/share/cachetwin f n
    for f in verilog/loscache/loscache_ctr.v verilog/ccn/ccn.v verilog/ata/ata_tags_props.svh \
             vectors/ccn_rt/small_s1_n3000.vec blocks/ccn_rt.md blocks/ccn_rt_interface.md vector-format.md \
             dpi/dpi_main.cpp; do [ -f "$s/$f" ] || { echo "not installed: share/cachetwin/$f"; return 1; }; done
    n=$(find "$s/vectors" -name '*.vec' | wc -l)
    [ "$n" = "$(find vectors -name '*.vec' | wc -l)" ] || { echo "$n vector files installed, $(find vectors -name '*.vec' | wc -l) committed"; return 1; }
    [ "$(PKG_CONFIG_SYSROOT_DIR= PKG_CONFIG_PATH=$D/usr/local/lib/pkgconfig pkg-config --variable=verilogdir cachetwin-rtl)" = \
      /usr/local/share/cachetwin/verilog ] || { echo "cachetwin-rtl.pc: verilogdir"; return 1; }
}
check "make install DESTDIR=: libraries (soname libcachetwin.so.0), headers, shims, .pc files, the RTL, every golden file, block pages, DPI main; no workload library unless asked" inst_destdir
no_destdir_leak() { local l; l=$(grep -rl -- "$D" "$D" 2>/dev/null); [ -z "$l" ] || { echo "$l"; return 1; }; }
check "no installed file names the DESTDIR" no_destdir_leak
check "cachetwin.pc has prefix=/usr/local; cachetwin-systemc.pc requires systemc" \
    bash -c "grep -q '^prefix=/usr/local\$' $D/usr/local/lib/pkgconfig/cachetwin.pc &&
             grep -q '^Requires: cachetwin systemc\$' $D/usr/local/lib/pkgconfig/cachetwin-systemc.pc"
uninst() { make -s uninstall PREFIX=/usr/local DESTDIR="$D" >/dev/null; local l; l=$(find "$D" -type f -o -type l); [ -z "$l" ] || { echo "$l"; return 1; }; }
check "make uninstall removes every installed file" uninst
inst_wl() {
    local d=$tmp/wlinst/usr/local
    make -s install PREFIX=/usr/local DESTDIR="$tmp/wlinst" WORKLOADS=1 || return 1
    [ -f "$d/include/cachetwin/wl_trace.h" ] || { echo "no include/cachetwin/wl_trace.h"; return 1; }
    readelf -d "$d/lib/libcachetwin-workloads.so.0" | grep -q 'SONAME.*\[libcachetwin-workloads.so.0\]' ||
        { echo "libcachetwin-workloads.so.0: no such soname"; ls -l "$d/lib"; return 1; }
    grep -q '^Requires: cachetwin$' "$d/lib/pkgconfig/cachetwin-workloads.pc" || { echo "cachetwin-workloads.pc lacks Requires"; return 1; }
    make -s uninstall PREFIX=/usr/local DESTDIR="$tmp/wlinst" >/dev/null
    local left; left=$(find "$tmp/wlinst" -type f -o -type l); [ -z "$left" ] || { echo "left: $left"; return 1; }
}
check "make install WORKLOADS=1 adds the workload library (libcachetwin-workloads, its headers, its .pc); uninstall removes it" inst_wl
fx_prefix() { make -s install PREFIX="$P"; }
# the documented example of a host: extracted from docs/hosts.md, built against the installed copy
host_env() { PKG_CONFIG_PATH=$P/lib/pkgconfig LD_LIBRARY_PATH=$P/lib "$@"; }
ex_c() { doc_example docs/hosts.md "c host-c" "$tmp/host.c" &&
    host_env bash -c "gcc -std=c11 -Wall -Wextra -Werror $tmp/host.c \$(pkg-config --cflags --libs cachetwin) -o $tmp/host_c && $tmp/host_c"; }
ex_cs() { doc_example docs/hosts.md "c host-c" "$tmp/hosts.c" &&
    host_env bash -c "gcc -std=c11 $tmp/hosts.c \$(pkg-config --cflags cachetwin) $P/lib/libcachetwin.a \$(pkg-config --static --libs-only-l cachetwin | sed 's/-lcachetwin//') -o $tmp/host_cs" &&
    env -u LD_LIBRARY_PATH "$tmp/host_cs"; }
ex_sc() { doc_example docs/hosts.md "cpp host-systemc" "$tmp/host_sc.cpp" &&
    host_env bash -c "g++ -Wall -Werror $tmp/host_sc.cpp \$(pkg-config --cflags --libs cachetwin-systemc) -o $tmp/host_sc && $tmp/host_sc"; }
ex_dpi() { doc_example docs/hosts.md "systemverilog host-dpi" "$tmp/ex.sv" &&
    host_env bash -c "cd $tmp && verilator --binary -o exdpi --Mdir $tmp/exdpi $P/share/cachetwin/sv/cachetwin_dpi.sv \
      $P/share/cachetwin/sv/loscache_ctr_dpi.sv ex.sv -LDFLAGS \"\$(pkg-config --libs cachetwin)\" >/dev/null && $tmp/exdpi/exdpi"; }
ex_py() { doc_example docs/hosts.md "python host-python" "$tmp/host.py" && PYTHONPATH="$P/share/cachetwin/python" python3 "$tmp/host.py"; }
# the header comment's include, with the installed .pc's flags
ex_inc() { printf '#include <cachetwin/cachetwin.h>\n#include <cachetwin.h>\nint main(void) { return ct_block_count() == 0; }\n' > "$tmp/inc.c" &&
    host_env bash -c "gcc -std=c11 -Wall -Werror $tmp/inc.c \$(pkg-config --cflags --libs cachetwin) -o $tmp/inc && $tmp/inc && echo ok"; }
# a hardware flow from the installed copy alone (docs/hosts.md): the installed
# ctwin writes the testbench, the installed RTL and golden file replay under Icarus
ex_rtl() { local d=$tmp/ui; rm -rf "$d"; mkdir -p "$d"; host_env bash -c "cd $d && V=\$(pkg-config --variable=verilogdir cachetwin-rtl) &&
    VEC=\$(pkg-config --variable=vectordir cachetwin-rtl) && $P/bin/ctwin hdl ccn_rt small . &&
    iverilog -g2012 -o sim ccn_rt_tb.v ccn_rt_top.v \$V/ccn/ccn_rt.v && vvp -n sim +vec=\$VEC/ccn_rt/small_s1_n3000.vec"; }
# docs/hosts.md's SystemC testbench with the shim swapped for the Verilated RTL, from the installed copy
ex_sc_rtl() { local d=$tmp/scrtl; rm -rf "$d"; mkdir -p "$d"; doc_example docs/hosts.md "cpp host-systemc" "$d/host_sc.cpp" &&
    sed 's/#include "ct_loscache_ctr_small.h".*/#include "Vloscache_ctr.h"/; s/ct_loscache_ctr_small dut("dut");.*/Vloscache_ctr dut("dut");/' \
      "$d/host_sc.cpp" > "$d/tb.cpp" && grep -q 'Vloscache_ctr dut' "$d/tb.cpp" &&
    host_env bash -c "cd $d && V=\$(pkg-config --variable=verilogdir cachetwin-rtl) &&
      G=\$($P/bin/ctwin config loscache_ctr small | sed 's/\\([A-Z_][A-Z_0-9]*\\)=/-G\\1=/g') &&
      verilator --sc --exe --build -o rtl_sc \$G \$V/loscache/loscache_ctr.v tb.cpp -CFLAGS -std=c++17 > build.log 2>&1 &&
      obj_dir/rtl_sc" || { tail -n 5 "$d/build.log" 2>/dev/null; return 1; }; }
par_begin
needs prefix
expect "docs/hosts.md's C-by-name example, built out of tree with pkg-config, prints count_o=1" 0 "count_o=1" ex_c
needs prefix
expect "docs/hosts.md's C-by-name example linked statically (pkg-config --static)" 0 "count_o=1" ex_cs
needs prefix
expect "docs/hosts.md's SystemC example (the C model as an SC_MODULE), built with pkg-config cachetwin-systemc" 0 "count_o=1" ex_sc
needs prefix
expect "docs/hosts.md's SystemVerilog DPI-C example under verilator --binary with the installed packages" 0 "count_o=1" ex_dpi
needs prefix
expect "docs/hosts.md's Python example with the installed package and library" 0 "count_o=1" ex_py
needs prefix
expect "the header's #include <cachetwin/cachetwin.h> (and <cachetwin.h>) builds with the installed cachetwin.pc" 0 "ok" ex_inc
needs prefix
expect "from the installed copy alone: ctwin hdl, the installed RTL and an installed golden file replay under Icarus" 0 \
    "PASS icarus ccn_rt" ex_rtl
ex_wide_sv() { host_env bash -c "verilator --binary -o widesv --Mdir $tmp/widesv $P/share/cachetwin/sv/cachetwin_dpi.sv \
      tb/host/wide_port.sv -LDFLAGS \"\$(pkg-config --libs cachetwin)\" > $tmp/widesv.log 2>&1 && $tmp/widesv/widesv" ||
    { tail -n 5 "$tmp/widesv.log"; return 1; }; }
needs prefix
expect "a 96-bit port set and read by name from SystemVerilog (ct_dpi_set_port/get_port, installed package)" 0 \
    "rd_data_i=00000000765432100123456789abcdef set=-1" ex_wide_sv
# the installed cores as a FuseSoC library: added with fusesoc library add, a lint target run from it
ex_fs_lib() { local d=$tmp/fslib fs=$PWD/build/venv/bin/fusesoc; rm -rf "$d"; mkdir -p "$d"
    ( cd "$d" && "$fs" --config "$d/fusesoc.conf" library add cachetwin "$P/share/cachetwin/verilog" &&
      "$fs" --config "$d/fusesoc.conf" run --target lint cachetwin:ccn:ccn ) > "$d/log" 2>&1 ||
        { tail -n 8 "$d/log"; return 1; }
    local gen; gen=$(grep -l "generators\|sim_" "$P"/share/cachetwin/verilog/*/*.core)
    [ -z "$gen" ] || { echo "installed cores with the kit's generator: $gen"; return 1; }
    echo "cores $(ls "$P"/share/cachetwin/verilog/*/*.core | wc -l), lint ran"; }
needs venv prefix
expect "make install's FuseSoC cores: a library added with fusesoc library add, ccn's lint (and its dependencies) from it" 0 \
    "cores 14, lint ran" ex_fs_lib
# the kit's SystemC lockstep (the Verilated RTL against the shim) from the installed copy alone
ex_sc_lock() { local d=$tmp/sclock; rm -rf "$d"; mkdir -p "$d/gen"
    host_env bash -c "cd $d && $P/bin/ctwin host loscache_ctr small gen && V=\$(pkg-config --variable=verilogdir cachetwin-rtl) &&
      verilator --sc --exe --build -o sctb --top-module loscache_ctr -f gen/params.f \$V/loscache/loscache_ctr.v gen/sctb_main.cpp \
        -CFLAGS \"-std=c++17 \$(pkg-config --cflags cachetwin-systemc) -I$d/gen\" -LDFLAGS \"\$(pkg-config --libs cachetwin)\" > build.log 2>&1 &&
      obj_dir/sctb 1 2000" || { tail -n 5 "$d/build.log" 2>/dev/null; return 1; }; }
needs prefix
expect "the SystemC lockstep (Verilated RTL against the shim) built from the installed copy alone (ctwin host, pkg-config)" 0 \
    "PASS systemc lockstep loscache_ctr small seed 1: 2000 cycles" ex_sc_lock
needs prefix
expect "docs/hosts.md's SystemC testbench with the shim swapped for the installed RTL under verilator --sc" 0 "count_o=1" ex_sc_rtl
par_end
check "the library builds (make lib)" make -s lib
expect "Python module: catalogue, refusals, eval/step, reset, required configuration, __all__, wide ports as ints, the mismatch report (tb/host/test_python.py)" 0 "OK" \
    python3 tb/host/test_python.py
pym() { PYTHONPATH=rtl_model/host/python python3 -m cachetwin "$@"; }
expect "Python replays every committed vector file bit for bit (python -m cachetwin)" 0 "PASS python" \
    pym vectors/*/*.vec vectors/formal/*/*.vec
needs flip
expect "Python finds a flipped expected value (cycle, line, port)" 1 "MISMATCH python loscache_ctr at cycle 39 ($tmp/flip.vec line 60) port gate_o" \
    pym "$tmp/flip.vec"
# the Python reader is strict like the C one: every malformed file of
# tb/bad/ is refused with the C reader's file:line: field
while IFS=$'\t' read -r f frag; do
    case $f in '#'*|'') continue ;; esac
    expect "Python refuses tb/bad/$f: $frag" 2 "tb/bad/$f$frag" pym "tb/bad/$f"
done < tb/bad/EXPECT
py_nonl() { head -c -1 tb/bad/good_small.vec > "$tmp/nonl.vec"; pym "$tmp/nonl.vec"; }
expect "Python refuses a file whose last line lost its newline" 2 "nonl.vec:24: line: last line has no newline" py_nonl
py_dup() { sed '6{p}' tb/bad/good_small.vec > "$tmp/dup.vec"; pym "$tmp/dup.vec"; }
expect "Python refuses a duplicate header line" 2 "dup.vec:7: seed: duplicate %seed (first on line 6)" py_dup
py_bytes() { printf '%%format 1\n%%block \377\376\000\n' > "$tmp/bytes.vec"; pym "$tmp/bytes.vec"; }
expect "Python refuses bytes that are no text (a NUL, no UTF-8), naming the line, not crashing" 2 "bytes.vec:2: line: NUL byte" py_bytes
expect "python -m cachetwin --blocks lists the catalogue with its presets" 0 "shadow_tags    paper paper16 exact small tiny" pym --blocks
expect "python -m cachetwin without a file is a usage error" 2 "usage: python -m cachetwin FILE" pym
# the SystemC and DPI-C lockstep of one block a system (host_preset: small, else the last; ata_tags wide):
# the host code is generated from each description alike, and two Verilator builds a block are the suite's
# time; loscache_ctr first (its two builds compile the run-time objects), ccn the composite ring
HOSTS=()
for e in loscache_ctr sleep_fsm lamar_gdu ccn ata_tags/wide; do
    read -r b c < <(host_preset "$e"); HOSTS+=("$b/$c")
done
fx_hgen() { local h; for h in "${HOSTS[@]}"; do make -s "build/hgen/$h/stamp" >/dev/null || return 1; done; }
# the first block's two harnesses compile the SystemC and DPI-C run-time objects for the others
fx_host_rt() { make -s -j2 "build/sc/${HOSTS[0]}/obj/sctb" "build/dpi/${HOSTS[0]}/obj/dpitb"; }
par_begin
for h in "${HOSTS[@]}"; do
    needs hgen host_rt; provides "make:build/sc/$h/obj/sctb"
    check "build SystemC lockstep $h (verilator --sc)" make -s "build/sc/$h/obj/sctb"
    needs hgen host_rt; provides "make:build/dpi/$h/obj/dpitb"
    check "build DPI-C lockstep $h (verilator --timing)" make -s "build/dpi/$h/obj/dpitb"
done
par_end
for h in "${HOSTS[@]}"; do
    b=${h%/*} c=${h#*/}
    needs "make:build/sc/$h/obj/sctb"
    expect "SystemC lockstep $b $c (verilator --sc RTL vs the C model's shim)" 0 "PASS systemc lockstep" "build/sc/$b/$c/obj/sctb" 1 20000
    needs "make:build/dpi/$h/obj/dpitb"
    expect "DPI-C lockstep $b $c (SV testbench, the C model as scoreboard)" 0 "PASS dpi lockstep" "build/dpi/$b/$c/obj/dpitb" +seed=2 +cycles=20000
done
expect "ctwin sc for another configuration: the class is named, the widths follow the configuration" 0 \
    "expect_width(0, 2, 5); /* line_i */" bash -c "$CT sc loscache_ctr small,NUM_LINES=32 my_ctr | grep -A40 '^class my_ctr '"
expect "ctwin sc refuses an invalid configuration naming the field" 2 "CNT_W=99" "$CT" sc loscache_ctr CNT_W=99
# a model that disagrees with the RTL (line 15 of 16 out of range for it)
needs make:build/sc/loscache_ctr/small/obj/sctb
expect "SystemC lockstep catches a model that disagrees, with the report" 1 "count_o                       0                  1   <-- MISMATCH" \
    build/sc/loscache_ctr/small/obj/sctb 1 20000 --model-config small,NUM_LINES=15
needs make:build/dpi/loscache_ctr/small/obj/dpitb
dpi_disagree() { build/dpi/loscache_ctr/small/obj/dpitb +model_config=small,NUM_LINES=15 | tr '\n' '|'; return "${PIPESTATUS[0]}"; }
expect "DPI-C lockstep catches a model that disagrees, with the report and one reproduce line" 1 \
    "MISMATCH dpi loscache_ctr config=NUM_LINES=15 CNT_W=6 THR_W=2 lockstep at cycle 26|  seed: 1   stimulus: saturation" dpi_disagree
needs make:build/dpi/loscache_ctr/small/obj/dpitb
expect "DPI-C: the reproduce line names the preset and the cycles to the mismatch, once" 0 \
    "1   reproduce: make dpi-cosim BLOCK=loscache_ctr CONFIG=small SEED=1 CYCLES=27" \
    bash -c "build/dpi/loscache_ctr/small/obj/dpitb +model_config=small,NUM_LINES=15 | grep reproduce | uniq -c | sed 's/^ *//'"
needs make:build/dpi/loscache_ctr/small/obj/dpitb
expect "DPI-C: a model configuration of other port widths is an error (exit 2)" 2 "input line_i is 4 bits for the stimulus, 6 for the model" \
    build/dpi/loscache_ctr/small/obj/dpitb +model_config=small,NUM_LINES=64
needs make:build/sc/loscache_ctr/small/obj/sctb
expect "SystemC lockstep: a model configuration of other port widths is refused (exit 2)" 2 "port line_i is 6 bits, the RTL's 4" \
    build/sc/loscache_ctr/small/obj/sctb 1 10 --model-config small,NUM_LINES=64
