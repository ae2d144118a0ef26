#!/usr/bin/env bash
# golden.sh regen|check [BLOCK...] - the committed golden vectors (of every
# block, or of the BLOCKs named).
# A file vectors/<block>/<config>_s<seed>_n<cycles>.vec is named by how it is
# made: `ctwin gen <block> <config> <seed> <cycles>`.
#   regen  rewrite every committed file from the C model (after a deliberate
#          model change; review the diff before committing)
#   check  regenerate each into build/golden and compare byte for byte:
#          same seed, same bytes, and the model still agrees with its vectors
# Add a file with: make vectors BLOCK=... CONFIG=... SEED=... CYCLES=...
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-check}
CT=build/ctwin
make -s "$CT"
status=0
shift || true
for f in vectors/*/*.vec; do
    b=$(basename "$(dirname "$f")")
    [ $# -eq 0 ] || [[ " $* " = *" $b "* ]] || continue
    n=$(basename "$f" .vec)
    if ! [[ $n =~ ^(.+)_s([0-9]+)_n([0-9]+)$ ]]; then
        echo "FAIL golden $f: name is not <config>_s<seed>_n<cycles>.vec"; status=1; continue
    fi
    cfg=${BASH_REMATCH[1]} seed=${BASH_REMATCH[2]} cycles=${BASH_REMATCH[3]}
    if [ "$mode" = regen ]; then
        $CT gen "$b" "$cfg" "$seed" "$cycles" "$f" && echo "wrote $f"
    else
        mkdir -p build/golden/"$b"
        $CT gen "$b" "$cfg" "$seed" "$cycles" build/golden/"$b/$n.vec"
        if cmp -s "$f" build/golden/"$b/$n.vec"; then
            echo "PASS golden $f regenerates byte for byte"
        else
            echo "FAIL golden $f differs from the C model's output:"
            diff "$f" build/golden/"$b/$n.vec" | head -10
            status=1
        fi
    fi
done
exit $status
