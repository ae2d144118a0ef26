#!/usr/bin/env bash
# fuzz.sh [SECONDS|--replay] - the libFuzzer targets of tb/fuzz/ (make fuzz):
#   SECONDS   run each target that long (default 60), starting from its
#             corpus in the tree (tb/fuzz/corpus/<target>/); inputs that reach
#             new code go to build/fuzz/new/<target>/ (copy the useful ones
#             into the tree by hand), crashes to build/fuzz/crash-<target>-*
#   --replay  run every corpus file once through its target
#   --test N  what make test runs: --replay, then each planted bug of
#             tb/fuzz/mutants.txt must make its target's corpus replay
#             fail under the sanitizers, then each target N seconds
# Exit 0 when nothing crashed.  A crash is reproduced with
#   build/fuzz/fuzz_<target> build/fuzz/crash-<target>-<hash>
# and, once fixed, kept as a file in tb/bad/ with its expected error.
set -uo pipefail
cd "$(dirname "$0")/.."
arg=${1:-60}
if [ "$arg" = --test ]; then
    n=${2:-}
    [[ $n =~ ^[0-9]+$ ]] || { echo "fuzz: --test N: N='$n' is not a whole number of seconds" >&2; exit 2; }
    make -s $(ls tb/fuzz/fuzz_*.c | sed "s|tb/fuzz/|build/fuzz/|; s|\.c$||") || exit 1
    status=0
    "$0" --replay || status=1
    FLAGS=$(make -s -f Makefile print-fuzz-flags)
    while IFS=$'\t' read -r t file name expr; do
        [[ $t = \#* || -z $t ]] && continue
        d=build/fuzz/mut/$name; rm -rf "$d"; mkdir -p "$d"
        sed "$expr" "$file" > "$d/$(basename "$file")"
        if cmp -s "$file" "$d/$(basename "$file")"; then
            echo "FAIL fuzz mutant $t/$name: the sed expression does not change $file"; status=1; continue
        fi
        # shellcheck disable=SC2086 # FLAGS is a list of flags
        if ! clang $FLAGS -fsanitize=fuzzer "tb/fuzz/fuzz_$t.c" "$d/$(basename "$file")" \
                $(find build/fuzz/obj -name '*.o' ! -name "$(basename "$file" .c).o") -lm -o "$d/fuzz_$t" >"$d/build.log" 2>&1; then
            echo "FAIL fuzz mutant $t/$name: does not build: $(grep -m1 error "$d/build.log")"; status=1
        elif "$d/fuzz_$t" -runs=0 -artifact_prefix="$d/" "tb/fuzz/corpus/$t" >"$d/out.txt" 2>&1; then
            echo "FAIL fuzz mutant $t/$name: the corpus replay passes with the bug planted"; status=1
        elif grep -q "SUMMARY: .*Sanitizer" "$d/out.txt"; then
            echo "PASS fuzz mutant $t/$name caught: $(grep -m1 'SUMMARY:' "$d/out.txt")"
        else
            echo "FAIL fuzz mutant $t/$name: failed without a sanitizer report"; tail -5 "$d/out.txt"; status=1
        fi
    done < tb/fuzz/mutants.txt
    "$0" "$n" || status=1
    exit $status
fi
[[ $arg = --replay || $arg =~ ^[0-9]+$ ]] || { echo "fuzz: SECONDS='$arg': expected a whole number" >&2; exit 2; }
status=0
for src in tb/fuzz/fuzz_*.c; do
    t=$(basename "$src" .c); t=${t#fuzz_}
    bin=build/fuzz/fuzz_$t corpus=tb/fuzz/corpus/$t
    [ -x "$bin" ] || make -s "$bin" || exit 1
    n=$(find "$corpus" -type f | wc -l)
    if [ "$arg" = --replay ]; then
        if out=$("$bin" -runs=0 -artifact_prefix="build/fuzz/crash-$t-" "$corpus" 2>&1); then
            echo "PASS fuzz $t: $n corpus files replayed"
        else
            echo "FAIL fuzz $t: a corpus file crashes it"; grep -a -A20 'ERROR\|runtime error' <<<"$out" | head -30; status=1
        fi
        continue
    fi
    mkdir -p "build/fuzz/new/$t"
    rm -f build/fuzz/crash-"$t"-*
    "$bin" -max_total_time="$arg" -timeout=10 -rss_limit_mb=2048 -max_len=16384 -print_final_stats=1 \
        -artifact_prefix="build/fuzz/crash-$t-" "build/fuzz/new/$t" "$corpus" > "build/fuzz/$t.log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "build/fuzz/$t.log")
    cov=$(grep -ao 'cov: [0-9]*' "build/fuzz/$t.log" | tail -n 1)
    if [ "$rc" = 0 ] && ! ls build/fuzz/crash-"$t"-* >/dev/null 2>&1; then
        echo "PASS fuzz $t: ${runs:-?} inputs in $arg s, ${cov:-cov: ?} edges, $n corpus files + $(find "build/fuzz/new/$t" -type f | wc -l) new, no crash"
    else
        echo "FAIL fuzz $t (exit $rc): $(ls build/fuzz/crash-"$t"-* 2>/dev/null | tr '\n' ' ')"
        grep -a -B2 -A25 'ERROR\|runtime error\|deadly signal' "build/fuzz/$t.log" | head -40
        status=1
    fi
done
exit $status
