#!/usr/bin/env bash
# asan.sh - the C side under AddressSanitizer + UndefinedBehaviorSanitizer
# (any report aborts with a non-zero exit): unit tests (including the vector
# reader fuzz), vector generation and C replay of every preset, replay of the
# committed golden vectors, and the committed bad-input files.  Built
# separately in build/asan, with CT_SCALAR: the plain-C paths a model keeps
# beside its vector-type or word-at-a-time ones (ata_tags' compare,
# sleep_fsm's tick over every line).
set -euo pipefail
cd "$(dirname "$0")/.."
make -s -j 2 asan-build   # the Makefile's SANFLAGS
export ASAN_OPTIONS=abort_on_error=0:detect_leaks=1
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
CT=build/asan/ctwin
build/asan/unit/test_all | tail -1
tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT
for b in $($CT blocks); do
    for c in $($CT presets "$b"); do
        $CT gen "$b" "$c" 5 20000 "$tmp/v.vec"
        $CT check "$tmp/v.vec" >/dev/null
        echo "asan: $b $c gen + check clean"
    done
done
# the committed golden vectors replayed by the CT_SCALAR build: its plain-C
# paths give the same outputs, bit for bit
for f in vectors/*/*.vec; do $CT check "$f" >/dev/null; done
echo "asan: every committed vector replays on the plain-C (CT_SCALAR) paths"
while IFS=$'\t' read -r file want; do
    [[ $file = \#* || -z $file ]] && continue
    rc=0; $CT check "tb/bad/$file" >/dev/null 2>"$tmp/err" || rc=$?
    if [ "$rc" != 2 ]; then echo "asan: tb/bad/$file: exit $rc, expected 2"; cat "$tmp/err"; exit 1; fi
done < tb/bad/EXPECT
echo "asan: bad-input files refused cleanly"
$CT area >/dev/null
$CT gen nosuch small 1 1 - 2>/dev/null && exit 1
$CT gen loscache_ctr CNT_W=99 1 1 - 2>/dev/null && exit 1
echo "asan: 0 errors"
