#!/usr/bin/env bash
# rtl_key.sh DIR | --files FILE... -- TEXT... - a short key of the RTL a build
# is made from, 12 hex digits of a SHA-256:
#   DIR          every HDL file under DIR (*.v *.sv *.svh *.vh), its path
#                relative to DIR and its contents, in byte order (VDIR=)
#   --files      each FILE's name (not its folder) and contents, in the order given (a user's
#                RTL and port map: RTL= MAP=), then each TEXT (the top, the
#                include folders and defines), then every file of the include
#                folders named in TEXT that exist
# Builds of any RTL but the kit's own verilog/ go to build/rtl/<key>/ (the
# Makefile's RB): a harness is never reused for other RTL, and the same RTL
# finds its build again.
set -euo pipefail
if [ "${1:-}" = --files ]; then
    shift
    files=()
    while [ $# -gt 0 ] && [ "$1" != -- ]; do files+=("$1"); shift; done
    [ "${1:-}" = -- ] && shift
    {
        for f in "${files[@]}"; do
            [ -f "$f" ] || { echo "rtl_key: $f: no such file" >&2; exit 2; }
            printf 'file %s\n' "${f##*/}"; cat "$f"
        done
        for t in "$@"; do printf 'text %s\n' "$t"; done
        for t in "$@"; do
            for d in $t; do
                [ -d "$d" ] || continue
                find "$d" -maxdepth 1 -type f | LC_ALL=C sort | while IFS= read -r f; do printf 'inc %s\n' "${f##*/}"; cat "$f"; done
            done
        done
    } | sha256sum | cut -c1-12
    exit 0
fi
[ -d "$1" ] || { echo "rtl_key: VDIR=$1: no such folder" >&2; exit 2; }
cd "$1"
find . -type f \( -name '*.v' -o -name '*.sv' -o -name '*.svh' -o -name '*.vh' \) | LC_ALL=C sort |
    while IFS= read -r f; do printf '%s\n' "$f"; cat "$f"; done | sha256sum | cut -c1-12
