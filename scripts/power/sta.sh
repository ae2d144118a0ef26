#!/usr/bin/env bash
# sta.sh [sta.py options] [BLOCK[:CONFIG]...] - make sta: OpenSTA (Debian's
# opensta, installed by `scripts/deps.sh --power`) on each block's netlist
# over the area flow's liberty (fetched as for area_um2.sh); netlists cached
# under $B/power/sta.  Default: every block.
set -euo pipefail
cd "$(dirname "$0")/../.."
CT=${CT:-${B:-build}/ctwin}
. scripts/liberty.sh   # B, LIB; fetches the liberty
scripts/deps.sh --power >/dev/null
args=("$@")
blocks=0
for x in "$@"; do [[ $x = -* ]] || blocks=1; done
# no block named (only options, or none): every block, unless a --file run
if [ "$blocks" = 0 ] && [[ " $* " != *" --file "* ]] && [[ " $* " != *" --fo4 "* ]]; then
    mapfile -t all < <("$CT" blocks)
    args+=("${all[@]}")
fi
exec python3 scripts/power/sta.py --ctwin "$CT" --lib "$LIB" --cache "$B/power/sta" "${args[@]}"
