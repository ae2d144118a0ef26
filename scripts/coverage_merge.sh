#!/usr/bin/env bash
# coverage_merge.sh OUT CB WHAT BLOCK... - the last step of make coverage and
# of make regress CODE_COVERAGE=1 (docs/coverage.md): merges the Verilator
# coverage files OUT/dat/*.dat into lcov data of verilog/ (OUT/rtl.info), the
# gcov counts of the instrumented build CB into OUT/c.info (rtl_model/,
# tools/lib/), renders both into OUT/html/ (WHAT goes into the page title) and
# prints the per-block summary and waiver check (coverage_summary.py).
# Exit 0 when every uncovered RTL line of BLOCKs is waived, 1 otherwise.
set -uo pipefail
cd "$(dirname "$0")/.."
OUT=$1 CB=$2 WHAT=$3; shift 3
mkdir -p "$OUT/log"
ls "$OUT"/dat/*.dat >/dev/null 2>&1 || { echo "coverage: no coverage data in $OUT/dat (did the runs use a coverage build?)"; exit 1; }
verilator_coverage --write-info "$OUT/rtl_all.info" "$OUT"/dat/*.dat > "$OUT/log/verilator_coverage.txt" 2>&1 ||
    { cat "$OUT/log/verilator_coverage.txt"; exit 1; }
# A block's own file is named as given (verilog/<b>.v), a submodule that
# Verilator found through -y by its absolute path: one name for both, so lcov
# adds the counts of the two.
sed -i "s|^SF:$PWD/|SF:|" "$OUT/rtl_all.info"
lcov -q --extract "$OUT/rtl_all.info" "verilog/*" -o "$OUT/rtl.info" > /dev/null 2>&1 ||
    { echo "coverage: lcov --extract found no verilog/ file in the RTL data"; exit 1; }
# C: every object of the coverage build, the models and the kit's library,
# and each harness's C model specialised to its preset (the one lockstep
# runs: build/.../vl/<block>/<preset>/obj/spec_raw_<block>.gcno, and its parts'), its lines counted
# with the generic model's (the same source lines)
spec=(); [ -d "$CB/vl" ] && spec=(--directory "$CB/vl")
lcov -q --capture --directory "$CB/obj" "${spec[@]}" --output-file "$OUT/c_all.info" > "$OUT/log/lcov.txt" 2>&1 ||
    { cat "$OUT/log/lcov.txt"; exit 1; }
lcov -q --extract "$OUT/c_all.info" "*/rtl_model/*" "*/tools/lib/*" -o "$OUT/c.info" > /dev/null 2>&1 || exit 1
genhtml -q --prefix "$PWD" --title "cachetwin: RTL (verilator --coverage) and C (gcov), $WHAT" \
    --legend -o "$OUT/html" "$OUT/rtl.info" "$OUT/c.info" > "$OUT/log/genhtml.txt" 2>&1 ||
    { cat "$OUT/log/genhtml.txt"; exit 1; }
python3 scripts/coverage_summary.py "$OUT/rtl.info" "$OUT/c.info" tb/coverage "$@"
