# build: ctwin, the Verilator harness and Icarus testbench of every preset,
# the unit tests.  A later check that needs a preset's harness says so
# (needs harness:B/C); when this section ran, the builds are done.
section build

mark quick
check "build ctwin" make -s -j2 build/ctwin
# (the first build compiles Verilator's run-time objects into build/vlrt: the
# vlrt fixture; then two at a time)
par_begin
for b in $(blocks); do
    for c in $(presets "$b"); do
        quick_mark "$b" "$c"; needs vlrt; provides "harness:$b/$c"
        check "build vlharness + icarus $b $c" make -s "$(vlh "$b" "$c")" "$(isim "$b" "$c")"
    done
done
par_end
mark quick; provides make:build/unit/test_all
check "build unit tests" make -s build/unit/test_all
