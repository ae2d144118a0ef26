#!/usr/bin/env bash
# area_paper.sh [BLOCK[:PRESET]...] - the papers' presets in um^2 and
# transistors beside an SRAM figure and each paper's claim: scripts/area_paper.py
# with the kit's tool and liberty (fetched as for area_um2.sh).  A preset too
# large to synthesise is extrapolated from the sizes its verilog/<system>/
# <block>.area file names (docs/area.md).  Cached under build/area_um2.
#   LIB=FILE   another liberty;  JOBS=N   syntheses at a time (default 2)
set -euo pipefail
CT=${CT:-${B:-build}/ctwin}
. "$(dirname "$0")/liberty.sh"   # B, LIB; fetches the liberty
exec python3 scripts/area_paper.py --ctwin "$CT" --lib "$LIB" --cache "$B/area_um2" --jobs "${JOBS:-2}" "$@"
