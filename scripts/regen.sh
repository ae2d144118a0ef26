#!/usr/bin/env bash
# regen.sh BLOCK - everything generated from a block, after a deliberate
# change of its description, model or RTL (make regen BLOCK=): the generated
# docs and cores (make docs), then for the block and every composition that
# contains it (a block whose C model includes its header, transitively:
# shadow_tags -> ccn_node -> ccn) its golden vectors (make golden's) and its formal traces and
# certificates (make formal UPDATE=1; FORMAL=0 leaves them).  Review the diff
# before committing.  Exit 0, or the first step's failure.
set -euo pipefail
cd "$(dirname "$0")/.."
CT=build/ctwin
[ $# -eq 1 ] || { echo "usage: regen.sh BLOCK (make regen BLOCK=...)" >&2; exit 2; }
make -s "$CT"
$CT presets "$1" >/dev/null || exit 2
# dependents BLOCK: the blocks whose C model (.h or .c) includes BLOCK.h or BLOCK_core.h
dependents() {
    local b
    for b in $($CT blocks); do
        [ "$b" != "$1" ] && cat rtl_model/*/"$b".[ch] | grep -qE "#include \"$1(_core)?\\.h\"" && echo "$b"
    done
    return 0
}
todo=("$1") seen=" $1 "
for ((i = 0; i < ${#todo[@]}; i++)); do
    for d in $(dependents "${todo[$i]}"); do
        [[ $seen = *" $d "* ]] || { todo+=("$d"); seen+="$d "; }
    done
done
echo "regen: ${todo[*]}"
make -s docs
scripts/golden.sh regen "${todo[@]}"
if [ "${FORMAL:-1}" != 0 ]; then
    for b in "${todo[@]}"; do
        ls verilog/*/"${b}_props.svh" >/dev/null 2>&1 && make -s formal BLOCK="$b" UPDATE=1
    done
fi
echo "regen: done; git status shows what changed"
