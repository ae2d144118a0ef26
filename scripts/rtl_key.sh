#!/usr/bin/env bash
# rtl_key.sh DIR - a short key of the RTL a build is made from: the SHA-256
# of every HDL file under DIR (*.v *.sv *.svh *.vh), its path relative to DIR
# and its contents, in byte order; 12 hex digits.  Builds of any RTL but the
# kit's own verilog/ go to build/rtl/<key>/ (the Makefile's RB): a harness is
# never reused for other RTL, and the same RTL finds its build again.
set -euo pipefail
[ -d "$1" ] || { echo "rtl_key: VDIR=$1: no such folder" >&2; exit 2; }
cd "$1"
find . -type f \( -name '*.v' -o -name '*.sv' -o -name '*.svh' -o -name '*.vh' \) | LC_ALL=C sort |
    while IFS= read -r f; do printf '%s\n' "$f"; cat "$f"; done | sha256sum | cut -c1-12
