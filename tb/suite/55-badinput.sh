# badinput: vectors for another configuration are refused by both simulators;
# malformed files (tb/bad/), unknown blocks and presets, invalid
# configurations and arguments get a clear error naming the file, line and
# field, exit 2, and no partial output.
section badinput

f=vectors/loscache_ctr/small_s1_n3000.vec
needs harness:loscache_ctr/tiny
expect "verilator (tiny) refuses small vectors" 2 "configuration mismatch" "$(vlh loscache_ctr tiny)" replay "$f"
needs harness:loscache_ctr/tiny
expect "icarus (tiny) refuses small vectors" 2 "configuration mismatch" vvp -n "$(isim loscache_ctr tiny)" +vec="$f"
expect "ctwin check names the configuration error" 2 "config" "$CT" check tb/bad/config_widths.vec
while IFS=$'\t' read -r file want; do
    [[ $file = \#* || -z $file ]] && continue
    mark quick
    expect "ctwin refuses tb/bad/$file" 2 "tb/bad/$file$want" "$CT" check "tb/bad/$file"
    # same reader; the harness also checks the file against its build, so
    # config_widths.vec is refused one line earlier, as a config mismatch
    needs harness:loscache_ctr/small
    expect "verilator refuses tb/bad/$file" 2 "vlharness: tb/bad/$file:" "$(vlh loscache_ctr small)" replay "tb/bad/$file"
done < tb/bad/EXPECT
needs harness:loscache_ctr/small
expect "good_small.vec is accepted (the control of tb/bad/)" 0 PASS "$(vlh loscache_ctr small)" replay tb/bad/good_small.vec
expect "ctwin gen: an unknown block" 2 "unknown block 'nosuch'" "$CT" gen nosuch small 1 10 -
expect "ctwin gen: an unknown preset" 2 "not a preset" "$CT" gen loscache_ctr huge 1 10 -
expect "ctwin gen: a parameter out of range" 2 "CNT_W=17 out of range" "$CT" gen loscache_ctr CNT_W=17 1 10 -
expect "ctwin gen: an unknown parameter" 2 "no such parameter" "$CT" gen loscache_ctr WAYS=4 1 10 -
expect "ctwin gen: a bad seed" 2 "SEED 'x1'" "$CT" gen loscache_ctr small x1 10 -
expect "ctwin gen: a cross-parameter rule (DECAY a multiple of 4)" 2 "DECAY=30 is not a multiple of 4" "$CT" gen sleep_fsm decay,DECAY=30 1 10 -
expect "ctwin gen: a cross-parameter rule (N even)" 2 "N=33 is odd" "$CT" gen bloom_dual small,N=33 1 10 -
expect "ctwin gen: a composition checks its parts' rules" 2 "N=33 is odd" "$CT" gen bgp small,N=33 1 10 -
expect "ctwin fprate with an invalid configuration" 2 "M_W=99 out of range" "$CT" fprate M_W=99
expect "ctwin report of a run too short to close the coverage: exit 1, the holes named" 1 "rotate_to_fg 0 (HOLE)" "$CT" report bgp small 1 10
expect "ctwin: an unknown command prints the usage from the command table" 2 "  gen BLOCK CONFIG SEED CYCLES OUT" "$CT" nosuch
expect "ctwin help lists every command of the table" 0 "  import cutrace PATH OUT" "$CT" help
needs harness:loscache_ctr/small
expect "vlharness: a missing vector file" 2 "cannot open" "$(vlh loscache_ctr small)" replay /nonexistent.vec
needs harness:loscache_ctr/small
expect "vlharness: a missing relative vector file names the folder it was read from" 2 \
    "nonexistent.vec: cannot open: No such file or directory (a relative path, read from $PWD)" "$(vlh loscache_ctr small)" replay nonexistent.vec
needs harness:loscache_ctr/small
expect "icarus: a missing vector file says a relative path is read from the simulator's folder" 2 \
    "nonexistent.vec: cannot open (a relative path is read from the folder the simulator runs in" vvp -n "$(isim loscache_ctr small)" +vec=nonexistent.vec
needs harness:loscache_ctr/small
expect "vlharness: a usage error" 2 "usage" "$(vlh loscache_ctr small)" lockstep 1
needs harness:loscache_ctr/small
expect "vlharness +vec=FILE replays FILE, as the Icarus testbench's does" 0 "PASS verilator loscache_ctr small replay tb/bad/good_small.vec" \
    "$(vlh loscache_ctr small)" +vec=tb/bad/good_small.vec
needs harness:loscache_ctr/small
expect "vlharness +vec= beside another mode is a usage error" 2 "usage" "$(vlh loscache_ctr small)" lockstep 1 9 +vec=tb/bad/good_small.vec
gen_leaves_nothing() {
    make -s vectors BLOCK=nosuch OUT="$tmp/x.vec"; local rc=$?
    [ ! -e "$tmp/x.vec" ] && ! ls "$tmp"/x.vec.tmp* >/dev/null 2>&1 || { echo "a file was left"; return 1; }
    return "$rc"
}
expect "make vectors with an unknown block fails and leaves no file" 2 "unknown block" gen_leaves_nothing

# docs/exit-codes.md, checked: each case runs a command and must exit with the
# code of its column (1 mismatch, 2 bad input), and the page's row for the
# entry point must name that column (not "-"); through make, 2 with make's
# "Error N" naming the recipe's code
exit_codes() {
    local ok=0 bad=0 row key kind rc out want
    printf '%%format 1\n' > "$tmp/ec_bad.vec"
    while IFS='|' read -r key kind want cmd; do
        row=$(grep -F -- "$key" docs/exit-codes.md | head -n 1)
        if [ -z "$row" ] || [ "$(sed 's/\\|/\//g' <<<"$row" | awk -F'|' -v k="$kind" '{gsub(/^ +| +$/, "", $(k + 3)); print $(k + 3)}')" = "—" ]; then
            echo "docs/exit-codes.md: no row '$key' with a code-$kind column"; bad=$((bad + 1)); continue
        fi
        rc=0; out=$(eval "$cmd" 2>&1) || rc=$?
        if [ "$rc" = "$want" ] && { [ "$kind" = "$want" ] || grep -q "\] Error $kind\$" <<<"$out"; }; then
            ok=$((ok + 1))
        else
            echo "'$key' ($cmd): exit $rc, want $want$([ "$kind" = "$want" ] || echo " with make's Error $kind")"
            tail -n 3 <<<"$out"; bad=$((bad + 1))
        fi
    done <<EOC
the C++ harness|1|1|$(vlh loscache_ctr small) replay $tmp/flip.vec
the C++ harness|2|2|$(vlh loscache_ctr small) replay $tmp/ec_bad.vec
the Icarus testbench|1|1|vvp -n $(isim loscache_ctr small) +vec=$tmp/flip.vec
the Icarus testbench|2|2|vvp -n $(isim loscache_ctr small) +vec=$tmp/ec_bad.vec
python3 -m cachetwin|1|1|PYTHONPATH=rtl_model/host/python python3 -m cachetwin $tmp/flip.vec
python3 -m cachetwin|2|2|PYTHONPATH=rtl_model/host/python python3 -m cachetwin $tmp/ec_bad.vec
scripts/regress.sh|2|2|SEEDS=x scripts/regress.sh
scripts/cocotb.sh|2|2|scripts/cocotb.sh loscache_ctr small vcs
scripts/regress.sh|1|2|make -s replay BLOCK=loscache_ctr CONFIG=small VEC=$tmp/flip.vec
scripts/regress.sh|2|2|make -s regress SEEDS=x
EOC
    echo "ok $ok bad $bad"
    [ "$bad" = 0 ]
}
needs harness:loscache_ctr/small flip
expect "docs/exit-codes.md: the documented codes are what the harness, Icarus, python -m cachetwin, regress and cocotb give, and make's" 0 \
    "ok 10 bad 0" exit_codes
