# workloads: GPU memory traces (docs/trace-format.md, docs/workloads.md) on
# the command line: the Accel-Sim and cuda-memtrace fixtures' imports and
# summary against the hand-worked files, gzip, the binary encoding, the
# documented commands, refusals; the experiments' tables reproduced; a
# trace's cycles of each experiment's block as vectors replayed by the C
# model, Verilator and Icarus; the ring and the other experiments' models on
# a trace in live lockstep (vlharness ring, vlharness exp; broken RTL caught).
# (The unit tests hold the reader, kernels and importers to their rules.)
section workloads

W=tb/fixtures/accelsim
check "ctwin import accelsim: the fixture imports to the hand-worked expected.trace" \
    bash -c "$CT import accelsim $W/kernelslist.g $tmp/fix.trace 2 && diff $W/expected.trace $tmp/fix.trace"
expect "ctwin trace: the fixture's summary (requests and sectors counted by hand)" 0 \
    "requests  13 (one warp instruction's accesses to one line), 2.85 sectors each" "$CT" trace "$W/expected.trace"
check "ctwin trace reads the gzip-compressed trace to the same summary" \
    bash -c "gzip -c $W/expected.trace > $tmp/fix.trace.gz && diff <($CT trace $W/expected.trace | tail -n +2) <($CT trace $tmp/fix.trace.gz | tail -n +2)"
fx_fix_ctb() { "$CT" convert "$W/expected.trace" "$tmp/fix.ctb" binary; }
needs fix_ctb
check "ctwin convert: the fixture to the binary encoding and back is the same text, byte for byte" \
    bash -c "$CT convert $tmp/fix.ctb $tmp/fix.back text && cmp $W/expected.trace $tmp/fix.back"
needs fix_ctb
check "ctwin trace reads the binary fixture to the text's summary" \
    bash -c "diff <($CT trace $W/expected.trace | tail -n +2) <($CT trace $tmp/fix.ctb | tail -n +2)"
expect "ctwin convert: an unknown encoding" 2 "unknown encoding 'bin' (known: text, binary)" "$CT" convert "$W/expected.trace" - bin
cut_ctb() { # (the end record, 9 bytes, starts 9 bytes before the file's end)
    local out rc=0 want
    head -c -1 "$tmp/fix.ctb" > "$tmp/cut.ctb"
    want="$tmp/cut.ctb:record 40 (byte $(( $(stat -c %s "$tmp/fix.ctb") - 9 ))): end: record cut short"
    out=$("$CT" trace "$tmp/cut.ctb" 2>&1) || rc=$?
    echo "$out"; echo "want exit 2 and: $want"
    [ "$rc" = 2 ] && grep -qF -- "$want" <<<"$out"
}
needs fix_ctb
check "ctwin trace refuses a binary trace cut short, naming file, record, byte and field (2 kernels, 37 accesses, the end)" cut_ctb
# the documented Workloads commands, as written in docs/workloads.md (in a scratch folder)
doc_wl_commands() {
    awk '/^```sh$/{on=1;next} /^```$/{on=0} on && /build\/ctwin (synth|trace|convert) /' docs/workloads.md | sed 's/  *#.*//' > "$tmp/doc_wl.sh"
    [ "$(wc -l < "$tmp/doc_wl.sh")" -ge 2 ] || { echo "fewer than 2 commands in docs/workloads.md"; return 1; }
    mkdir -p "$tmp/dwl" && cd "$tmp/dwl" && ln -sfn "$OLDPWD/build" build && bash -e "$tmp/doc_wl.sh" > doc_wl.out &&
        grep -q 'requests  100000' doc_wl.out
}
check "docs/workloads.md's commands run as written" doc_wl_commands
expect "ctwin synth: a kernel's trace is valid and as long as asked" 0 "requests  5000 " \
    bash -c "$CT synth sectors 3 - REQS=5000 AVG=250 | $CT trace /dev/stdin"
bad_size() { sed '12s/ 32$/ 33/' "$W/expected.trace" > "$tmp/bad_size.trace"; "$CT" trace "$tmp/bad_size.trace"; }
expect "ctwin trace refuses a malformed access, naming file, line and field" 2 "$tmp/bad_size.trace:12: size" bad_size
cut_trace() { head -n -1 "$W/expected.trace" > "$tmp/cut.trace"; "$CT" trace "$tmp/cut.trace"; }
expect "ctwin trace refuses a trace without its %end line" 2 "%end: end of file without the %end line" cut_trace
expect "ctwin trace: a missing file" 2 "/nonexistent.trace: cannot open" "$CT" trace /nonexistent.trace
expect "ctwin benches: the 25 benchmark kernels, each with its suite and default size" 0 \
    "25" bash -c "$CT benches | grep -cE '^[a-z0-9]+ [(](PolyBench/GPU|Rodinia); default: '"
expect "ctwin bench: gemm N=32 on 2 SMs is 32 warps x (2 + 3 x 32) requests, counted from the algorithm" 0 \
    "requests  3136 " bash -c "$CT bench gemm 1 - N=32 SMS=2 2>/dev/null | $CT trace /dev/stdin"
expect "ctwin bench --binary: the same requests in the binary encoding" 0 \
    "requests  3136 " bash -c "$CT bench gemm 1 - --binary N=32 SMS=2 2>/dev/null | $CT trace /dev/stdin"
expect "ctwin bench: an unknown benchmark names the known ones" 2 \
    "unknown benchmark 'hotspt'; known benchmarks: 2dconv 3dconv 2mm" "$CT" bench hotspt 1 -
expect "ctwin bench: a parameter out of range" 2 "hotspot: PYR='8' is not a decimal number in 1..7" \
    "$CT" bench hotspot 1 - PYR=8
doc_bench_commands() {
    awk '/^```sh$/{on=1;next} /^```$/{on=0} on && /build\/ctwin (bench|benches|exp|trace) /' docs/benchmarks.md | sed 's/  *#.*//' > "$tmp/doc_b.sh"
    [ "$(wc -l < "$tmp/doc_b.sh")" -ge 3 ] || { echo "fewer than 3 commands in docs/benchmarks.md"; return 1; }
    mkdir -p "$tmp/db" && cd "$tmp/db" && ln -sfn "$OLDPWD/build" build && bash -e "$tmp/doc_b.sh" > doc_b.out 2>&1 &&
        grep -q 'Avg_sec (LAMAR Table 3)' doc_b.out
}
check "docs/benchmarks.md's commands run as written" doc_bench_commands
expect "ctwin synth: an unknown kernel" 2 "unknown kernel 'strem'; known kernels: stream reuse share sectors cluster" "$CT" synth strem 1 -
expect "ctwin synth: a parameter out of range" 2 "FRAC='120' is not a decimal number in 0..100" "$CT" synth share 1 - FRAC=120
synth_fail_no_file() { "$CT" synth share 1 "$tmp/no.trace" DIST=4; local rc=$?; [ ! -e "$tmp/no.trace" ] || echo "LEFT $tmp/no.trace"; return $rc; }
expect "ctwin synth: a failed kernel says why and leaves no file" 2 "DIST=4 must be less than SMS=4" synth_fail_no_file
check "ctwin import cutrace: the byte-for-byte fixture imports to the hand-worked expected.trace" \
    bash -c "$CT import cutrace tb/fixtures/cutrace/fixture.cutrace $tmp/cu.trace && diff tb/fixtures/cutrace/expected.trace $tmp/cu.trace"
check "make_fixture.py still writes the cuda-memtrace fixture from the format's description" \
    bash -c "python3 tb/fixtures/cutrace/make_fixture.py $tmp/fix.cutrace && cmp tb/fixtures/cutrace/fixture.cutrace $tmp/fix.cutrace"
expect "ctwin import cutrace refuses a record cut short, naming file, byte offset and field" 2 \
    "$tmp/cut.cutrace:byte 19: record: cut short" \
    bash -c "head -c 30 tb/fixtures/cutrace/fixture.cutrace > $tmp/cut.cutrace; $CT import cutrace $tmp/cut.cutrace -"
expect "ctwin import: an unknown format" 2 "unknown trace format 'nvbit' (known: accelsim, cutrace)" "$CT" import nvbit "$W/kernelslist.g" -
expect "ctwin import: SMS out of range" 2 "SMS '0' is not a number in 1..1024" "$CT" import accelsim "$W/kernelslist.g" - 0
bad_accel() {
    sed 's/^0010 0000ffff 1 R2 LDG.E.128 1 R4 16 1 0x00007f1000000400 16 $/0010 0000ffff 1 R2 LDG.E.128 1 R4 16 7 0x00007f1000000400 16/' \
        "$W/kernel-1.traceg" > "$tmp/kernel-1.traceg"
    "$CT" import accelsim "$tmp/kernel-1.traceg" -
}
expect "ctwin import refuses a malformed instruction, naming file, line and field" 2 \
    "$tmp/kernel-1.traceg:29: addr_mode: '7' is not 0, 1 or 2" bad_accel
check "make experiments: every table reproduced byte for byte from its seeds" scripts/experiments.sh --check
# sweeps_ci.txt's statistics recomputed outside experiments.sh, from its header's recipe: ccn's uRC at FRAC 10 on
# seeds 4..8 (the ccn sweep's commands), its mean, 95 % half-width (t = 2.776, 4 degrees of freedom), min and max
sweep_ci_by_hand() {
    local s
    rm -f "$tmp/swc.dat"
    for s in 4 5 6 7 8; do
        "$CT" synth share $s "$tmp/swc.trace" SMS=15 REQS=60000 DIST=1 REUSE=30 FRAC=10 &&
            "$CT" exp ccn "$tmp/swc.trace" exact | awk '/load misses/ {m = $6} /^  uRC/ {u = $(NF-1)}
                END {printf "%.1f\n", 100 * u / m}' >> "$tmp/swc.dat" || return 1
    done
    python3 -c '
import statistics, sys
v = [float(x) for x in sys.stdin.read().split()]
m = statistics.mean(v); hw = 2.776 * statistics.stdev(v) / len(v) ** 0.5
print("ccn    10        uRC           4-8  %9.2f %9.2f %7.2f %9.2f %9.2f" % (v[0], m, hw, min(v), max(v)))' \
        < "$tmp/swc.dat" > "$tmp/swc.row" || return 1
    cat "$tmp/swc.row"; grep -qxF -f "$tmp/swc.row" docs/experiments/sweeps_ci.txt
}
check "sweeps_ci.txt: ccn's uRC at FRAC 10 over seeds 4..8, its mean and 95 % interval recomputed by hand" sweep_ci_by_hand

# a trace as verification stimulus: each experiment's block recorded on a
# trace becomes golden vectors, replayed by the C model and both simulators
fx_traces() {
    "$CT" synth sectors 3 "$tmp/lam.trace" SMS=2 REQS=4000 PART=25 AVG=150 &&
    "$CT" synth share 4 "$tmp/ring.trace" SMS=4 REQS=2000 FRAC=30 &&
    "$CT" synth cluster 2 "$tmp/clu.trace" SMS=20 REQS=3000 &&
    "$CT" synth reuse 2 "$tmp/reu.trace" SMS=4 REQS=3000
}
fx_lamar_vec() { fx_traces && "$CT" exp lamar "$tmp/lam.trace" paper "$tmp/lamar_trace.vec" 3000; }
fx_ring_vec()  { fx_traces && "$CT" exp ring "$tmp/ring.trace" small 2 "$tmp/ring_trace.vec" 3000; }
needs traces
check "ctwin exp lamar writes SM 0's GDU cycles on a trace as lamar_gdu vectors" fx_lamar_vec
needs lamar_vec; replays "$tmp/lamar_trace.vec" lamar_gdu paper 0
needs traces
check "ctwin exp ring writes the ring's cycles on a trace as ccn vectors" fx_ring_vec
needs ring_vec; replays "$tmp/ring_trace.vec" ccn small 0
# ... and the other experiments' blocks: cluster 0's ata_tags, the L2's loscache unit, SM 0's sleep_fsm, each on
# its paper preset; recording changes nothing of the experiment's table
exp_rec() { # EXP TRACE: the table with and without recording VEC N
    "$CT" exp "$1" "$tmp/$2.trace" paper > "$tmp/$1.plain" 2>&1 &&
        "$CT" exp "$1" "$tmp/$2.trace" paper "$tmp/${1}_trace.vec" 4000 > "$tmp/$1.rec" 2>&1 &&
        cmp "$tmp/$1.plain" "$tmp/$1.rec"
}
fx_ata_vec()      { fx_traces && exp_rec ata clu; }
fx_loscache_vec() { fx_traces && exp_rec loscache reu; }
fx_leak_vec()     { fx_traces && exp_rec leak reu; }
for e in "ata_tags ata clu" "loscache loscache reu" "sleep_fsm leak reu"; do
    read -r b x t <<<"$e"
    needs traces
    check "ctwin exp $x writes its $b cycles on a trace as $b vectors; the table is the same as without" exp_rec "$x" "$t"
    needs "${x}_vec"; replays "$tmp/${x}_trace.vec" "$b" paper 0 2
done
# every experiment reads a trace's binary encoding to the table of its text
exp_binary() { # EXP TRACE [CONFIG GAP]
    "$CT" convert "$tmp/$2.trace" "$tmp/$2.$1.ctb" binary &&
        diff <("$CT" exp "$1" "$tmp/$2.trace" "${@:3}" | tail -n +2) <("$CT" exp "$1" "$tmp/$2.$1.ctb" "${@:3}" | tail -n +2)
}
for e in "lamar lam" "ccn lam" "ata clu" "loscache reu" "leak reu" "ring ring small 2"; do
    read -r x t c <<<"$e"
    needs traces
    check "ctwin exp $x: the binary encoding of a trace gives the text's table" exp_binary $e
done
needs traces
expect "ctwin exp ata: VEC without N is refused" 2 "exp ata: wrong arguments" "$CT" exp ata "$tmp/clu.trace" paper "$tmp/x.vec"
needs traces
expect "ctwin exp loscache: VEC N=0 is refused" 2 "N=0: VEC needs at least 1 cycle" "$CT" exp loscache "$tmp/reu.trace" paper "$tmp/x.vec" 0
needs traces
expect "ctwin exp leak: an L2 configuration of another size is refused, naming the L2" 2 \
    "leak: L2: NUM_LINES=384 must be the L2's 6144 lines" "$CT" exp leak "$tmp/reu.trace" paper paper
needs traces
expect "ctwin exp leak: L2CONFIG runs the managed L2 under it and says so" 0 \
    "the L2 managed on its own (sleep_fsm paper_l2,DECAY=1000;" "$CT" exp leak "$tmp/reu.trace" paper paper_l2,DECAY=1000
leak_no_sm0() {
    "$CT" synth reuse 2 "$tmp/sm1.trace" SMS=1 REQS=10 >/dev/null && sed -i 's/^0 /1 /' "$tmp/sm1.trace" &&
        "$CT" exp leak "$tmp/sm1.trace" paper "$tmp/none.vec" 100; local rc=$?
    [ ! -e "$tmp/none.vec" ] || echo LEFT; return $rc
}
expect "ctwin exp leak: a trace without SM 0 records no cycle: refused, no file left" 2 \
    "sleep_fsm vectors: the trace gave the recorded instance no cycle" leak_no_sm0
# ... and live: the harness's ring mode runs the experiment's C model and the RTL in lockstep, cycle by cycle
# (1 reset + 6 sweep cycles + the 1,673 of ctwin exp ring's run)
needs harness:ccn/small traces
expect "vlharness ring: the CCN ring experiment on a trace in live lockstep with the RTL (Verilator)" 0 \
    "PASS verilator ccn small ring $tmp/ring.trace gap=2: 1680 cycles" "$(vlh ccn small)" ring "$tmp/ring.trace" 2 100000
# broken_build BLOCK MUTANT PRESET: the harness of a copy of verilog/ with one
# RTL mutant (unoptimised: it runs briefly), in its own tree (make's RB);
# rb_run MUTANT ARGS...: runs it
broken_build() {
    local rb=$tmp/rb_$2 t
    rm -rf "$rb"; mkdir -p "$rb/v"; cp -r verilog/* "$rb/v/"; rtl_build_tree "$rb/build" "$1"
    rtl_mutant "$1" "$2" "$rb/v/$(rtl_of "$1" | cut -d/ -f2-)" || { echo "the mutant $2 of tb/mutants/$1.txt does not apply"; return 1; }
    t=$(make -s B="$rb/build" VDIR="$rb/v" print-rtl-tree)/vl/$1/$3/obj/vlharness
    make -s B="$rb/build" VDIR="$rb/v" VLRT=build/vlrt VLH_O="build/vl/$1/$3/obj/vlharness_design.o" \
        VL_MAKEFLAGS='OPT_FAST=-O0 OPT_GLOBAL=-O0 VM_PARALLEL_BUILDS=0' "$t" >/dev/null && echo "$t" > "$rb/harness"
}
rb_run() { local h; h=$(cat "$tmp/rb_$1/harness") && "$h" "${@:2}"; }
fx_rb_ring()  { broken_build ccn responses_same_way small; }
fx_rb_sleep() { broken_build sleep_fsm wake_without_stall paper; }
needs harness:ccn/small traces rb_ring
expect "vlharness ring catches a ring whose responses run the wrong way, with the command that reproduces it" 1 \
    "vlharness ring $tmp/ring.trace 2 100000" rb_run responses_same_way ring "$tmp/ring.trace" 2 100000 --waves "$tmp"
needs harness:ccn/small rb_ring
expect "vlharness bench: its lockstep (the C model run ahead, then compared) finds that ring broken too" 1 \
    "lockstep DIFFER" rb_run responses_same_way bench 1 3000
needs harness:bgp/tiny traces
expect "vlharness ring: a build of another block refuses it" 2 "ring: the CCN ring experiment drives block ccn, this build is bgp" \
    "$(vlh bgp tiny)" ring "$tmp/ring.trace" 2 10
needs traces
expect "ctwin exp ring: GAP 0 is refused, naming it" 2 "GAP=0: an SM issues one access every 1..1000 cycles" \
    "$CT" exp ring "$tmp/ring.trace" small 0
needs traces
expect "ctwin exp ring: a timing field out of range is refused, naming it" 2 "ring: BANKS=0: the L2 has 1..64 banks" \
    "$CT" exp ring "$tmp/ring.trace" small 2,BANKS=0
expect "ctwin exp loscache: an option it does not know is refused, naming it" 2 \
    "loscache: options: TABLES='15' is not ONE or SM" "$CT" exp loscache "$tmp/ring.trace" small TABLES=15
expect "ctwin exp ring: VEC N=0 is refused, as for every experiment" 2 "N=0: VEC needs at least 1 cycle" \
    "$CT" exp ring "$tmp/ring.trace" small 1 "$tmp/x.vec" 0
expect "ctwin exp ring: a trace with more SMs than the ring's nodes" 2 "ring: 15 SMs, the ring has N=4 nodes" \
    bash -c "$CT synth share 1 $tmp/ccn15.trace SMS=15 REQS=100 && $CT exp ring $tmp/ccn15.trace small"
# ... and the other experiments live too (vlharness exp): the model each records stepped beside its RTL, cycle by
# cycle, no file between; as many cycles as the files above hold
exp_live() { # BLOCK TRACE EXP
    local n; n=$(awk '/^%cycles/ {print $2}' "$tmp/${3}_trace.vec")
    echo "want: PASS verilator $1 paper exp $tmp/$2.trace: $n cycles"
    "$(vlh "$1" paper)" exp "$tmp/$2.trace" "$n" | tee "$tmp/exp_live.$1"
    grep -qF "PASS verilator $1 paper exp $tmp/$2.trace: $n cycles" "$tmp/exp_live.$1"
}
for e in "lamar_gdu lam lamar" "ata_tags clu ata" "loscache reu loscache" "sleep_fsm reu leak"; do
    read -r b t x <<<"$e"
    needs "harness:$b/paper" "${x}_vec"
    check "vlharness exp: $b on a trace (ctwin exp $x's model) in live lockstep with the RTL (Verilator), the recorded file's cycles" \
        exp_live "$b" "$t" "$x"
done
needs harness:sleep_fsm/paper traces rb_sleep
expect "vlharness exp catches a sleep_fsm that wakes without a stall, with the command that reproduces it" 1 \
    "vlharness exp $tmp/reu.trace 4000" rb_run wake_without_stall exp "$tmp/reu.trace" 4000 --waves "$tmp"
needs harness:sleep_fsm/paper traces
expect "vlharness exp: CYCLES 0 is refused" 2 "CYCLES must be a number of at least 1" "$(vlh sleep_fsm paper)" exp "$tmp/reu.trace" 0
needs harness:bgp/tiny traces
expect "vlharness exp: a build of a block no experiment records refuses it" 2 "exp: no experiment records block bgp" \
    "$(vlh bgp tiny)" exp "$tmp/reu.trace" 10
needs traces
expect "ctwin exp ccn: the ring's GAP argument is not the ccn experiment's" 2 "exp ccn: wrong arguments" \
    "$CT" exp ccn "$tmp/ring.trace" paper 4
needs traces
expect "ctwin exp: an unknown experiment" 2 "unknown experiment 'lamr' (known: lamar, ccn, ring, ata, loscache, leak)" "$CT" exp lamr "$tmp/lam.trace"
needs traces
expect "ctwin exp lamar: an invalid GDU configuration" 2 "lamar: configuration" "$CT" exp lamar "$tmp/lam.trace" paper,SECT=5
expect "ctwin exp ccn: a ring larger than CORE_W names" 2 "ccn: 15 SMs, the shadow tags' CORE_W=2 names 4" \
    bash -c "$CT synth share 1 $tmp/ccn15c.trace SMS=15 REQS=100 && $CT exp ccn $tmp/ccn15c.trace paper,CORE_W=2"
