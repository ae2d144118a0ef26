#!/usr/bin/env bash
# coverage_screenshot.sh - the README's pictures of the code-coverage report
# (make coverage-screenshot): renders pages of build/coverage/html with
# wkhtmltoimage (Debian wkhtmltopdf) under Xvfb into docs/img/:
#   coverage_index.png      the report's front page: every folder of RTL
#                           (verilog/<system>) and C (rtl_model/<system>, tools/lib)
#   coverage_sleep_fsm.png  verilog/leakage/sleep_fsm.v around its one uncovered
#                           line (181, waived in tb/coverage/sleep_fsm.waive)
# Run make coverage first (the default settings: the pictures show them).
set -euo pipefail
cd "$(dirname "$0")/.."
html=build/coverage/html
[ -f "$html/index.html" ] || { echo "coverage_screenshot: run make coverage first ($html/index.html missing)" >&2; exit 1; }
command -v wkhtmltoimage >/dev/null || { echo "coverage_screenshot: wkhtmltoimage missing (apt-get install wkhtmltopdf)" >&2; exit 1; }
shot() { xvfb-run -a wkhtmltoimage --quiet --enable-local-file-access --width 1000 --quality 10 "$@" 2>&1 |
         grep -v XDG_RUNTIME_DIR || true; }
shot "$html/index.html" docs/img/coverage_index.png
# the source page: 17.8 px per line under the page head; lines 176-193
line=$(grep -n 'if (!((served && i == idx32) ? nxt\[0\] : ctl_q\[i\*SW\]))' verilog/leakage/sleep_fsm.v | cut -d: -f1)
shot --crop-y $(( (line - 5) * 178 / 10 + 80 )) --crop-h 300 "$html/verilog/leakage/sleep_fsm.v.gcov.html" docs/img/coverage_sleep_fsm.png
echo "wrote docs/img/coverage_index.png docs/img/coverage_sleep_fsm.png"
