# python: the pip package (a wheel into a fresh venv, outside the tree);
# cocotb with the C model as scoreboard on every block under Icarus and
# Verilator; the pyuvm environment; the documented cocotb example; FuseSoC's
# sim and lint targets of every block; a broken RTL caught by each.
# cocotb, pyuvm and FuseSoC need the venv of pinned tools (make deps):
# without PyPI those checks are skipped, saying so.
section python

check "make wheel (scripts/wheel_backend.py: make lib, the package, its library inside)" make -s wheel
expect "the FuseSoC core files are current (scripts/cores.py, make docs)" 0 "core files current" python3 scripts/cores.py --check
fx_wv() {
    rm -rf "$tmp/wv"; python3 -m venv "$tmp/wv" &&
        "$tmp/wv/bin/pip" install -q --no-index --disable-pip-version-check build/wheel/cachetwin-*.whl
}
needs make:wheel
check "the wheel installs into a fresh venv with pip, nothing downloaded" fx_wv
needs make:wheel wv
expect "import cachetwin in the wheel's venv (no PYTHONPATH, no LD_LIBRARY_PATH) loads the library the wheel carries" 0 \
    "$tmp/wv/lib/" bash -c "cd '$tmp' && env -u PYTHONPATH -u LD_LIBRARY_PATH -u CACHETWIN_LIB '$tmp/wv/bin/python' -c \
        'import cachetwin; assert cachetwin.library.endswith(\"site-packages/cachetwin/libcachetwin.so\"), cachetwin.library; print(cachetwin.library)'"
needs make:wheel wv
expect "the wheel's python -m cachetwin replays a vector file" 0 "PASS python" \
    bash -c "cd '$tmp' && env -u PYTHONPATH '$tmp/wv/bin/python' -m cachetwin '$PWD/vectors/bgp/tiny_s2_n2000.vec'"
wheel_example() { doc_example docs/hosts.md "python host-python" "$tmp/whost.py" && env -u PYTHONPATH "$tmp/wv/bin/python" "$tmp/whost.py"; }
needs make:wheel wv
expect "the wheel's Model runs the documented Python example" 0 "count_o=1" wheel_example
needs make:wheel wv
expect "pip install . from the clone, as docs/python.md says (the kit's build back end: nothing downloaded)" 0 \
    "Successfully installed cachetwin-" "$tmp/wv/bin/pip" install --no-index --disable-pip-version-check --force-reinstall .

# cocotb: every block's smallest preset, 1,000 cycles of its own stimulus;
# the first Verilator build compiles Verilator's run-time objects for the
# others: the Icarus runs go beside it, the other Verilator builds after it
coco() { env CYCLES=1000 scripts/cocotb.sh "${1%/*}" "${1#*/}" "$2"; }
COCOS=(); for b in $(blocks); do COCOS+=("$b/$(quick_preset "$b")"); done
fx_coco_rt() { coco "${COCOS[0]}" verilator; }
par_begin
needs venv
expect "cocotb ${COCOS[0]} under verilator, the C model as scoreboard (every output, every cycle)" 0 \
    "PASS cocotb-verilator ${COCOS[0]%/*}" fx_coco_rt
for h in "${COCOS[@]}"; do
    needs venv
    expect "cocotb $h under icarus, the C model as scoreboard (every output, every cycle)" 0 "PASS cocotb-icarus ${h%/*}" coco "$h" icarus
done
par_end
par_begin
for h in "${COCOS[@]:1}"; do
    needs venv coco_rt
    expect "cocotb $h under verilator, the C model as scoreboard (every output, every cycle)" 0 "PASS cocotb-verilator ${h%/*}" coco "$h" verilator
done
par_end
par_begin
needs venv brk
expect "cocotb catches a loscache_ctr without reset under Icarus: x after reset, with the report" 1 \
    "MISMATCH cocotb-icarus loscache_ctr at cycle 2 (" env VDIR="$tmp/brk" scripts/cocotb.sh loscache_ctr small icarus
needs venv brk
expect "cocotb catches a loscache_ctr without reset under Verilator (2-state: later), with the command that reproduces it" 1 \
    "reproduce: make cocotb BLOCK=loscache_ctr CONFIG=small SIM=verilator VEC=" \
    env VDIR="$tmp/brk" scripts/cocotb.sh loscache_ctr small verilator
needs venv brk
expect "pyuvm: the UVM environment's scoreboard catches shadow tags that ignore the valid bit" 1 \
    "MISMATCH pyuvm shadow_tags at cycle 21 port rsp_hit_o: expected 0, actual 1" \
    env VDIR="$tmp/brk" CT_ITEMS=200 TESTCASE=CtFullTest COCOTB_MODULE=test_ct_uvm COCOTB_PATH=tb/pyuvm \
    scripts/cocotb.sh shadow_tags small icarus
par_end
# the UVM environment of tb/pyuvm/ct_uvm.py on every block under Icarus, one block a system under Verilator
# (the builds of the cocotb checks above), its five tests: the whole virtual
# sequence, random alone, directed alone, a factory override, a passive agent
uvm() { env CT_ITEMS=200 COCOTB_MODULE=test_ct_uvm COCOTB_PATH=tb/pyuvm scripts/cocotb.sh "${1%/*}" "${1#*/}" "$2"; }
par_begin
for h in "${COCOS[@]}"; do
    sims=icarus
    # (under Verilator one block a system: the environment is the same code for every block, and the suite's time)
    case ${h%/*} in loscache_ctr | sleep_fsm | lamar_gdu | ccn_node | ata_tags) sims="icarus verilator" ;; esac
    for sim in $sims; do
        needs venv
        expect "pyuvm $h under $sim: the UVM environment (agents, factory, ConfigDB, sequence library, covergroups), 5 tests" 0 \
            "PASS cocotb-$sim ${h%/*} ${h#*/}: test_ct_uvm, 5 test(s) passed" uvm "$h" "$sim"
    done
done
fx_doc_coco() { mkdir -p "$tmp/rdm" && doc_example docs/python.md "python cocotb-example" "$tmp/rdm/test_readme.py"; }
needs venv doc_coco
expect "docs/python.md's cocotb example runs as written, with its make cocotb command (Icarus)" 0 "test_readme, 2 test(s) passed" \
    make -s cocotb BLOCK=loscache_ctr CONFIG=small COCOTB_MODULE=test_readme COCOTB_PATH="$tmp/rdm"
needs venv doc_coco brk
expect "docs/python.md's cocotb example fails on the RTL without reset" 1 "FAIL cocotb-icarus loscache_ctr small" \
    env VDIR="$tmp/brk" COCOTB_MODULE=test_readme COCOTB_PATH="$tmp/rdm" scripts/cocotb.sh loscache_ctr small icarus
par_end
# (after the runs above: the same build folders)
# coverage closure required: loscache_ctr's directed sequences reach every bin of its COVER table
needs venv
expect "pyuvm: with coverage required, loscache_ctr's COVER bins are all hit (the covergroup's report)" 0 "holes: none" \
    bash -c "env CT_REQUIRE_COVERAGE=1 CT_ITEMS=200 TESTCASE=CtFullTest COCOTB_MODULE=test_ct_uvm COCOTB_PATH=tb/pyuvm \
      scripts/cocotb.sh loscache_ctr tiny icarus >/dev/null && grep -h 'coverage ct.loscache_ctr' build/cocotb/icarus/loscache_ctr/tiny-test_ct_uvm/log"
needs venv
expect "pyuvm: with coverage required, a hole fails the test (bloom_dual tiny, 200 cycles: flush_sel0)" 1 "coverage holes (COVER bins no cycle hit): flush_sel0" \
    env CT_REQUIRE_COVERAGE=1 CT_ITEMS=200 TESTCASE=CtFullTest COCOTB_MODULE=test_ct_uvm COCOTB_PATH=tb/pyuvm \
    scripts/cocotb.sh bloom_dual tiny icarus

# FuseSoC: every block's sim target (the preset's golden vectors under
# Icarus, through edalize) and lint target (Verilator -Wall with the
# preset's parameters), run as fusesoc would take them in one fusesoc process
# (scripts/fusesoc/run_many.py: the cores parsed once)
fs_lines() { local b v
    for b in $(blocks); do
        v=cachetwin:$(rtl_of "$b" | cut -d/ -f2):$b
        printf -- '--cores-root . run --build-root %s --target %s %s\n' "$tmp/fs/$b-sim" sim "$v" "$tmp/fs/$b-lint" lint "$v"
    done
    # and a user's own core: the worked example of docs/your-rtl.md, its RTL through its port map
    printf -- '--cores-root . run --build-root %s --target sim cachetwin:example:my_throttler\n' "$tmp/fs/example-sim"; }
fx_fs_many() {
    touch build/FUSESOC_IGNORE   # (the Makefile marks build/: its copies of verilog/ are no cores)
    fs_lines > "$tmp/fs_many.txt"
    XDG_CACHE_HOME="$tmp/fs/cache" build/venv/bin/python scripts/fusesoc/run_many.py "$tmp/fs_many.txt" "$tmp/fs_many" > "$tmp/fs_many.log" 2>&1
    return 0
}
fs_sim() { local o=$tmp/fs_many/$1; cat "$o.out" 2>/dev/null; [ "$(cat "$o.rc" 2>/dev/null)" = 0 ] && grep -qF "PASS icarus $2 stim.vec" "$o.out"; }
fs_lint() { local o=$tmp/fs_many/$1; cat "$o.out" 2>/dev/null
            [ "$(cat "$o.rc" 2>/dev/null)" = 0 ] && grep -qx 'VERILATOR_OPTIONS := -Wall' "$tmp/fs/$2-lint"/*/lint-verilator/config.mk; }
n=0
for b in $(blocks); do
    v=cachetwin:$(rtl_of "$b" | cut -d/ -f2):$b
    n=$((n + 1)); needs venv fs_many
    check "FuseSoC: fusesoc --cores-root . run --target sim $v (Icarus replays its golden vectors)" fs_sim "$n" "$b"
    n=$((n + 1)); needs venv fs_many
    check "FuseSoC: fusesoc --cores-root . run --target lint $v (Verilator -Wall, the preset's parameters)" fs_lint "$n" "$b"
done
n=$((n + 1)); needs venv fs_many
check "FuseSoC: a user's own core (tb/compliance/ccn_rt/my_throttler.core: its RTL, the kit's generator with its map) replays ccn_rt's vectors" \
    fs_sim "$n" ccn_rt
# run_many.py itself: a line that fails has its status and output, the lines after it still run; lines
# naming different cores roots are refused before any runs
rm_fail() {
    printf -- '--cores-root . run --build-root %s --target %s cachetwin:lamar:bgp\n' "$tmp/rm/a" lint "$tmp/rm/b" nosuch \
        "$tmp/rm/c" lint > "$tmp/rm.txt"
    XDG_CACHE_HOME="$tmp/fs/cache" build/venv/bin/python scripts/fusesoc/run_many.py "$tmp/rm.txt" "$tmp/rm"
    # shellcheck disable=SC2046 # (words: "0 1 0 | ERROR: ...")
    echo $(cat "$tmp/rm/1.rc" "$tmp/rm/2.rc" "$tmp/rm/3.rc") '|' $(grep ERROR "$tmp/rm/2.out")
}
needs venv
expect "FuseSoC (run_many.py): a failing line (an unknown target) exits 1 with fusesoc's error, the next still runs" 0 \
    "0 1 0 | ERROR: 'cachetwin:lamar:bgp:0.1.0' has no target 'nosuch'" rm_fail
rm_roots() {
    printf -- '--cores-root . run --build-root %s --target lint cachetwin:lamar:bgp\n' "$tmp/rm2a" > "$tmp/rm2.txt"
    echo "--cores-root verilog run --target lint cachetwin:lamar:bgp" >> "$tmp/rm2.txt"
    build/venv/bin/python scripts/fusesoc/run_many.py "$tmp/rm2.txt" "$tmp/rm2"; local rc=$?
    [ ! -e "$tmp/rm2/1.rc" ] || echo RAN; return $rc
}
needs venv
expect "FuseSoC (run_many.py) refuses lines that name different cores roots, running none (exit 2)" 2 "name different --cores-root" rm_roots
# the sim targets under Verilator (the kit's C++ harness): two blocks,
# unoptimised (edalize's make_options), the replay is short; the flipped
# file reuses loscache_ctr's build (the vector file is a run-time plusarg)
fs() { XDG_CACHE_HOME="$tmp/fs/cache" build/venv/bin/fusesoc --cores-root . run --build-root "$tmp/fs/$1-$2" --target "$2" "${@:3}"; }
fsvl() { fs "$1" "$2" --tool verilator "$3" --make_options="OPT_FAST=-O0 OPT_GLOBAL=-O0" "${@:4}"; }
fx_fs_ctr_vl() { fsvl ctr-vl sim_small cachetwin:loscache:loscache_ctr; }
par_begin
needs venv
expect "FuseSoC: run --target sim --tool verilator cachetwin:ccn:shadow_tags (the C++ harness replays its golden vectors)" 0 \
    "PASS verilator shadow_tags tiny replay stim.vec" fsvl shadow_tags-vl sim cachetwin:ccn:shadow_tags
needs venv
expect "FuseSoC: run --target sim_small --tool verilator cachetwin:loscache:loscache_ctr" 0 \
    "PASS verilator loscache_ctr small replay stim.vec" fx_fs_ctr_vl
par_end
needs venv flip
expect "FuseSoC: the sim target fails on a vector file with a flipped expected value" 1 \
    "MISMATCH icarus loscache_ctr at cycle 39 ($tmp/flip.vec line 60) port gate_o" \
    fs flip sim_small cachetwin:loscache:loscache_ctr --vec="$tmp/flip.vec"
needs venv flip fs_ctr_vl
expect "FuseSoC: the sim target under Verilator fails on the flipped file too" 1 \
    "MISMATCH verilator loscache_ctr config=small replay at cycle 39 ($tmp/flip.vec line 60)" \
    fsvl ctr-vl sim_small cachetwin:loscache:loscache_ctr --vec="$tmp/flip.vec"
gapi() { printf 'vlnv: x:y:z:0\nparameters:\n  block: bgp\n  config: tiny\n  sim: vcs\n' > "$tmp/gapi.yml"; python3 scripts/fusesoc/tb_gen.py "$tmp/gapi.yml"; }
expect "FuseSoC's generator refuses an unknown simulator, naming the field" 1 "gapi.yml: sim: 'vcs' is not icarus or verilator" gapi
needs venv
expect "make cocotb: a vector file of another configuration is refused, naming both" 1 \
    "configuration mismatch: the file has 'NUM_LINES=16 CNT_W=6 THR_W=2', the RTL was built for 'NUM_LINES=5 CNT_W=3 THR_W=1'" \
    scripts/cocotb.sh loscache_ctr tiny icarus vectors/loscache_ctr/small_s1_n3000.vec
expect "make cocotb refuses an unknown simulator" 2 "SIM: 'vcs' is not icarus or verilator" scripts/cocotb.sh bgp tiny vcs
expect "make cocotb refuses an invalid configuration, naming the field" 2 "CNT_W=99" scripts/cocotb.sh loscache_ctr CNT_W=99 icarus
# the package's type hints hold under mypy --strict (the pinned mypy; no cache written)
needs venv
expect "the Python package's type hints pass mypy --strict" 0 "Success: no issues found in 2 source files" \
    build/venv/bin/mypy --strict --cache-dir=/dev/null rtl_model/host/python/cachetwin
# a user's own folder outside the kit, run with cocotb's own Makefile (docs/python.md):
# the installed RTL through pkg-config, the installed ctwin, cachetwin from the
# kit's venv; TESTCASE picks one of the two tests, WAVES=1 writes the waveform
coco_user() {
    local d=$tmp/mycoco; rm -rf "$d"; mkdir -p "$d"
    doc_example docs/python.md "make cocotb-makefile" "$d/Makefile" && doc_example docs/python.md "python cocotb-example" "$d/test_readme.py" || return 1
    local kit=$PWD
    ( cd "$d" && env -u PYTHONPATH PATH="$kit/build/venv/bin:$P/bin:$PATH" PKG_CONFIG_PATH="$P/lib/pkgconfig" \
        make TESTCASE=counters_match_the_c_model WAVES=1 ) > "$d/log" 2>&1 || { tail -n 20 "$d/log"; return 1; }
    grep -o 'TESTS=[0-9]* PASS=[0-9]* FAIL=[0-9]*' "$d/log"
    echo "testcases $(grep -c '<testcase' "$d/results.xml"), waveform $(ls "$d/sim_build/"*.fst 2>/dev/null | wc -l)"
}
needs venv prefix
expect "a user's own cocotb folder with cocotb's Makefile: installed RTL, TESTCASE selects one of two tests, WAVES=1 writes the waveform" 0 \
    "testcases 1, waveform 1" coco_user
# make cocotb WAVES=1: the waveform cocotb's makefiles would write, under both simulators
coco_waves() { make -s cocotb BLOCK=loscache_ctr CONFIG=tiny SIM="$1" CYCLES=200 WAVES=1 >/dev/null || return 1
    local f; for f in sim_build/loscache_ctr_top.fst dump.fst; do
        [ -s build/cocotb/"$1"/loscache_ctr/tiny-waves/$f ] && echo "$f"; done; return 0; }
needs venv
expect "make cocotb WAVES=1 under Icarus writes sim_build/loscache_ctr_top.fst" 0 "sim_build/loscache_ctr_top.fst" coco_waves icarus
needs venv
expect "make cocotb WAVES=1 under Verilator writes dump.fst" 0 "dump.fst" coco_waves verilator
# make cocotb: a failed start names its cause first; TESTCASE reaches cocotb
needs venv
expect "make cocotb: a test module Python cannot import is named as the cause" 2 \
    "No module named 'nosuch_mod'" env COCOTB_MODULE=nosuch_mod scripts/cocotb.sh loscache_ctr tiny icarus
needs venv
expect "make cocotb TESTCASE=: cocotb runs only that test (a name the module lacks is the named cause)" 2 \
    "Requested test(s) ['nosuch'] wasn't found" make -s cocotb BLOCK=loscache_ctr CONFIG=tiny TESTCASE=nosuch
