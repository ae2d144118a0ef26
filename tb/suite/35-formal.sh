# formal: the formal flow (scripts/formal.py, docs/formal.md) can fail, and
# what it finds is checked against the C model: a broken RTL is caught and
# its counterexample disagrees with the C model; a wrong property fails and
# there the C model agrees with the RTL; certificates are refused when they
# do not hold; an unreachable cover fails; the miter; the committed traces
# replay on the C model and both simulators; the block pages' property
# tables.  (Every block's proofs: the background section formal-proofs.)
section formal

FM="python3 scripts/formal.py --ctwin $CT"
# the saturation mutant of loscache_ctr, by hand (the check fails when it no longer applies)
fx_fm_nosat() {
    sed 's/nxt    = (cur == CNT_MAX) ? cur : cur + 1.b1;/nxt    = cur + 1'"'"'b1;/' verilog/loscache/loscache_ctr.v \
        > "$tmp/loscache_ctr.v"
    ! cmp -s verilog/loscache/loscache_ctr.v "$tmp/loscache_ctr.v"
}
fx_fm_wrong() {
    sed 's/assert (count_o == after);/assert (count_o == after \&\& count_o != 3'"'"'d5);/' \
        verilog/loscache/loscache_ctr_props.svh > "$tmp/wrong_props.svh"
    ! cmp -s verilog/loscache/loscache_ctr_props.svh "$tmp/wrong_props.svh"
}
# then_check RUN FILE: the run (once), then the C model replays the vector file it wrote
then_check() { "$1" >/dev/null; "$CT" check "$2"; }
fm_nosat() { once fm1 $FM --work "$tmp/fm1" --rtl "$tmp/loscache_ctr.v" --no-cover loscache_ctr; }
fm_wrongrun() { once fm2 $FM --work "$tmp/fm2" --props "$tmp/wrong_props.svh" --no-cover loscache_ctr; }
needs fm_nosat
expect "formal: loscache_ctr without saturation is caught (a_count fails)" 1 "BMC FAILED: a_count" fm_nosat
needs fm_nosat
expect "formal: the saturation mutant's counterexample, as a vector file, is refused by the C model" 1 "MISMATCH" \
    then_check fm_nosat "$tmp/fm1/loscache_ctr_tiny/tiny_cex.vec"
needs fm_wrong
expect "formal: a wrong property fails (PDR and BMC)" 1 "FAILED (PDR: asserted in frame" fm_wrongrun
needs fm_wrong
expect "formal: a wrong property's counterexample replays on the C model (the RTL was right)" 0 "PASS c-model" \
    then_check fm_wrongrun "$tmp/fm2/loscache_ctr_tiny/tiny_cex.vec"
expect "make formal DEPTH=N hands the depth to formal.py, writing to build/ (make -n)" 0 \
    "formal.py --ctwin build/ctwin --work build/formal/work --vectors build/formal/vectors  --depth 5 loscache_ctr" \
    make -n formal DEPTH=5 BLOCK=loscache_ctr
expect "make formal UPDATE=1 writes the committed traces' folder (make -n)" 0 \
    "--vectors vectors/formal  --depth 5 loscache_ctr" make -n formal DEPTH=5 BLOCK=loscache_ctr UPDATE=1
# an assert labelled b_* is bounded-only: left out of the unbounded proof, BMC
# checks it to the depth (a true one holds there, a wrong one fails with its trace)
fx_fm_bounded() {
    { cat verilog/loscache/loscache_ctr_props.svh
      echo 'always @* if (!init && !rst_i) b_sat: assert (count_o <= 3'"'"'d7);'; } > "$tmp/bounded_ok.svh"
    sed 's/b_sat: assert (count_o <= 3.d7);/b_wrong: assert (count_o != 3'"'"'d5);/' "$tmp/bounded_ok.svh" > "$tmp/bounded_bad.svh"
}
needs fm_bounded
expect "formal: a bounded-only property (b_*) is checked by BMC to the depth, the others proved" 0 \
    "7 asserts: proved (PDR, unbounded); 1 bounded-only (b_sat); BMC holds to depth 10" \
    $FM --work "$tmp/fm9" --props "$tmp/bounded_ok.svh" --no-cover --depth 10 loscache_ctr
needs fm_bounded
expect "formal: a wrong bounded-only property fails, named, with its step" 1 "1 bounded-only (b_wrong); BMC FAILED: b_wrong at step 5" \
    $FM --work "$tmp/fm9b" --props "$tmp/bounded_bad.svh" --no-cover --depth 10 loscache_ctr
# the other engines a props file may name fail it too; an unknown one is refused
fm_engine() { { cat "$tmp/wrong_props.svh"; echo "// formal: engine=$1"; } > "$tmp/wrong_$1.svh"
              $FM --work "$tmp/fm2$1" --props "$tmp/wrong_$1.svh" --no-cover loscache_ctr; }
for e in "pdr-g|PDR -g" "int|interpolation"; do
    needs fm_wrong
    expect "formal: a wrong property fails under engine=${e%%|*} too" 1 "FAILED (${e#*|}: asserted in frame" fm_engine "${e%%|*}"
done
# a proof certificate (the invariant PDR found, committed by make formal UPDATE=1)
# stands for the engine's search only when it holds: a certificate that
# leaves out the initial state, is not inductive, names a flop the model
# lacks or is malformed is refused, saying why, and the engine proves instead
CERT=vectors/formal/loscache_ctr/tiny_proof.blif.gz
fx_fm_certs() {
    zcat "$CERT" | sed 's/^\.end$/0000000000000000000000 1\n.end/' | gzip > "$tmp/c_init.blif.gz"
    zcat "$CERT" | awk '!/^[01-]+ 1$/ || ++n <= 2' | gzip > "$tmp/c_part.blif.gz"
    zcat "$CERT" | sed 's/lo22/lo99/g' | gzip > "$tmp/c_flop.blif.gz"
    zcat "$CERT" | sed '8s/^0/00/' | gzip > "$tmp/c_bad.blif.gz"
    zcat "$CERT" > "$tmp/c_plain.blif.gz"
}
fmc() { $FM --work "$tmp/fmc_$1$RANDOM" --cert "$tmp/c_$1.blif.gz" --no-cover "${@:2}" loscache_ctr; }
par_begin
needs fm_certs
expect "formal: a certificate whose cube holds the initial state is refused, and PDR proves" 0 \
    "proved (PDR, unbounded); certificate $tmp/c_init.blif.gz: the initial state (every flop 0) is outside it" fmc init
needs fm_certs
expect "formal: a certificate that is not inductive (2 of its 30 clauses) is refused" 0 "c_part.blif.gz: not inductive (Invariant verification failed for" fmc part
needs fm_certs
expect "formal: a certificate naming a flop the model does not have is refused" 0 "c_flop.blif.gz: it names flops the model (23 flops) does not have: lo99" fmc flop
needs fm_certs
expect "formal: a malformed certificate is refused, naming the line" 0 "c_bad.blif.gz: line 8: not a cube of 22 flops: '0000--1--0------------0 1'" fmc bad
needs fm_certs
expect "formal: a certificate file that is not gzip is refused" 0 "c_plain.blif.gz: Not a gzipped file" fmc plain
par_end
fm_rewrite() {
    fmc part --vectors "$tmp/cw" && cmp "$tmp/cw/loscache_ctr/c_part.blif.gz" "$CERT" &&
        $FM --work "$tmp/fmc_w" --cert "$tmp/cw/loscache_ctr/c_part.blif.gz" --no-cover loscache_ctr
}
needs fm_certs
expect "formal: with --vectors DIR a refused certificate is written again, the committed one byte for byte, and proves" 0 \
    "proved (certificate $tmp/cw/loscache_ctr/c_part.blif.gz: an inductive invariant of 30 clauses, checked)" fm_rewrite
fm_props_plus() { { cat verilog/loscache/loscache_ctr_props.svh; printf '%s\n' "$2"; } > "$tmp/$1.svh"; }
fm_engine_bdd() { fm_props_plus bdd_props "// formal: engine=bdd"
                  $FM --work "$tmp/fm2b" --props "$tmp/bdd_props.svh" --no-cover loscache_ctr; }
expect "formal: an unknown engine is refused, naming the choices" 1 "engine=bdd: pdr or pdr-g or int" fm_engine_bdd
fm_never() {
    sed 's/c_gate:     cover (gate_o);/c_gate: cover (gate_o); c_never: cover (op_i == 2'"'"'d1 \&\& early_o);/' \
        verilog/loscache/loscache_ctr_props.svh > "$tmp/never_props.svh"
    $FM --work "$tmp/fm3" --props "$tmp/never_props.svh" --depth 10 loscache_ctr
}
expect "formal: a cover no input reaches is a failure" 1 "cover c_never        NOT REACHED within 10 steps" fm_never
fm_noprops() { # (a copy of verilog/ without loscache_ctr's props, formal.py run in it)
    mkdir -p "$tmp/noprops" && cp -r verilog "$tmp/noprops/" && rm "$tmp/noprops/verilog/loscache/loscache_ctr_props.svh" &&
        cd "$tmp/noprops" && python3 "$OLDPWD/scripts/formal.py" --ctwin "$OLDPWD/$CT" --work "$tmp/fm4" loscache_ctr
}
expect "formal: a block without a property file is named" 1 "loscache_ctr: no property file" fm_noprops
expect "formal: --rtl naming a file that does not exist is an error" 1 "--rtl $tmp/none/loscache_ctr.v: no such file" \
    $FM --work "$tmp/fm5" --rtl "$tmp/none/loscache_ctr.v" --no-cover loscache_ctr
expect "formal: --rtl of a block not being checked is an error" 1 "bgp is not a block being checked" \
    $FM --work "$tmp/fm5" --rtl verilog/lamar/bgp.v --no-cover loscache_ctr
# a property that no mutant breaks is a failure naming it (it would check nothing)
fm_unbroken() {
    fm_props_plus unbroken_props 'reg [3:0] u_c;
always @(posedge clk_i) u_c <= (rst_i || u_c == 4'"'"'d9) ? 4'"'"'d0 : u_c + 4'"'"'d1;
always @* if (!init) a_unbroken: assert (u_c < 4'"'"'d10);'
    $FM --work "$tmp/fm6" --props "$tmp/unbroken_props.svh" --no-cover --mutants loscache_ctr
}
expect "formal: a property no mutant breaks is named (--mutants)" 1 "property a_unbroken: broken by no mutant" fm_unbroken
# the miter: a rewrite that changes nothing is proved equivalent; the saturation
# mutant is not, and its counterexample holds the RTL's outputs (the C model agrees)
# (the rewrite, operands swapped, is also the equivalent mutant of section mutants)
EQV_SED="s/nxt    = (cur == CNT_MAX) ? cur : cur + 1'b1;/nxt    = (cur == CNT_MAX) ? cur : 1'b1 + cur;/"
fx_fm_eqv() { mkdir -p "$tmp/eqv" && sed "$EQV_SED" verilog/loscache/loscache_ctr.v > "$tmp/eqv/loscache_ctr.v"; }
needs fm_eqv
expect "formal: an equivalent rewrite of the RTL is proved equivalent (--equiv)" 0 "miter: EQUIVALENT (PDR, unbounded)" \
    $FM --work "$tmp/fm7" --equiv "$tmp/eqv/loscache_ctr.v" loscache_ctr
# the miter keeps PDR whatever engine the block's props file names (make mutants reads the EQUIVALENT line)
fm_equiv_int() { fm_props_plus int_props "// formal: engine=int"
                 $FM --work "$tmp/fm7i" --props "$tmp/int_props.svh" --equiv "$tmp/eqv/loscache_ctr.v" loscache_ctr; }
needs fm_eqv
expect "formal: the miter keeps PDR when the props file names another engine (--equiv)" 0 "miter: EQUIVALENT (PDR, unbounded)" fm_equiv_int
fm_miter() { once fm8 $FM --work "$tmp/fm8" --equiv "$tmp/loscache_ctr.v" loscache_ctr; }
needs fm_nosat
expect "formal: a mutant is not equivalent, with its counterexample (--equiv)" 1 "BMC FAILED: a_equiv" fm_miter
needs fm_nosat
expect "formal: the miter's counterexample replays on the C model (the RTL's outputs, not the mutant's)" 0 "PASS c-model" \
    then_check fm_miter "$tmp/fm8/loscache_ctr_tiny_equiv/tiny_cex.vec"
expect "formal: --equiv of a file that mutates no RTL file is an error" 1 "not a mutant of a file verilog/*/nothing.v" \
    $FM --work "$tmp/fm8c" --equiv "$tmp/nothing.v" loscache_ctr
# the traces make formal committed (covers <preset>_c_*, miter counterexamples
# <preset>_cex_*): the C model and both simulators replay them
for f in vectors/formal/*/*.vec; do
    replays "$f" "$(basename "$(dirname "$f")")" "$(vec_preset "$f")" 2
done
# each block page's property table is its row of docs/formal.md's, copied by
# scripts/formal_pages.py (make docs); on a copy of the tree: a changed row
# makes its page stale, make docs' run writes it, a missing row is named
expect "each block page's property table is its row of docs/formal.md (scripts/formal_pages.py, make docs)" 0 \
    "block pages' property tables current" python3 scripts/formal_pages.py --check
fx_fp() {
    rm -rf "$tmp/fp"; mkdir -p "$tmp/fp/scripts" && cp scripts/formal_pages.py scripts/ctkit.py "$tmp/fp/scripts/" &&
        cp -r docs verilog "$tmp/fp/" &&
        sed -i 's/^| ccn (`tiny`, depth 8; the ring of 3 nodes) |/| ccn (`tiny`, depth 9; the ring of 3 nodes) |/' "$tmp/fp/docs/formal.md"
}
needs fp
expect "formal_pages: a changed row of docs/formal.md makes its page stale, named" 1 "formal_pages: stale: docs/blocks/ccn.md (run make docs)" \
    python3 "$tmp/fp/scripts/formal_pages.py" --check
fp_write() { python3 "$tmp/fp/scripts/formal_pages.py" && cat "$tmp/fp/docs/blocks/ccn.md"; }
needs fp
expect "formal_pages: make docs rewrites a stale page with the new row" 0 "| \`tiny\`, depth 9; the ring of 3 nodes |" fp_write
fp_norow() { sed -i '/^| loscache (`tiny`, depth 12)/d' "$tmp/fp/docs/formal.md"; python3 "$tmp/fp/scripts/formal_pages.py" --check; }
needs fp
expect "formal_pages: a block with a property file and no row is named" 1 "no row for loscache (it has verilog/*/loscache_props.svh)" fp_norow
