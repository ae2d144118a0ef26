# layers: the include graph of the C code follows the layout rule
# (scripts/layers.py, docs/conventions.md "Where a file goes"), and each
# broken rule is refused, named.
section layers

# lay FILE LINE: a copy of the tree with LINE added to its FILE, checked
lay() {
    local d=$tmp/lay.$RANDOM$RANDOM
    mkdir -p "$d" && cp -r rtl_model verilog workloads tools "$d/" && printf '%s\n' "$2" >> "$d/$1" &&
        python3 scripts/layers.py "$d"
}
lay_mv() { # FROM TO: a copy of the tree with FROM moved to TO, checked
    local d=$tmp/lay.$RANDOM$RANDOM
    mkdir -p "$d" && cp -r rtl_model verilog workloads tools "$d/" && mv "$d/$1" "$d/$2" && python3 scripts/layers.py "$d"
}

mark quick
expect "layers: framework at the bottom, the tools on top, no arrow back down, nothing from tb/" 0 \
    "floor 0: rtl_model/ct" python3 scripts/layers.py
expect "layers: refuses the framework including a block" 1 \
    'rtl_model/ct/ (the framework (knows no block)) includes "shadow_tags.h" of rtl_model/ccn/' \
    lay rtl_model/ct/ct_rng.h '#include "shadow_tags.h"'
expect "layers: refuses a model including the testbench's files" 1 \
    'includes "ut.h", which is not a file of rtl_model/, workloads/ or tools/' \
    lay rtl_model/ccn/shadow_tags.c '#include "ut.h"'
expect "layers: refuses a model including the tools' generators" 1 \
    'rtl_model/ccn/ (a paper'"'"'s blocks) includes "ct_gen.h" of tools/lib/' \
    lay rtl_model/ccn/shadow_tags.c '#include "ct_gen.h"'
expect "layers: refuses a cycle between two systems" 1 'a cycle between the folders' \
    lay rtl_model/leakage/sleep_fsm.c '#include "loscache_ctr.h"'
expect "layers: refuses a system including a host" 1 'includes "cachetwin.h" of rtl_model/host/' \
    lay rtl_model/lamar/bgp.c '#include "cachetwin.h"'
expect "layers: refuses a model including the workload library" 1 'includes "wl_trace.h" of workloads/' \
    lay rtl_model/lamar/bgp.c '#include "wl_trace.h"'
expect "layers: refuses the workload library including a tool" 1 'workloads/ (the workload library) includes "ct_run.h" of tools/lib/' \
    lay workloads/wl_ccn.c '#include "ct_run.h"'
expect "layers: refuses a block whose RTL is in another system's folder" 1 \
    "its RTL is not verilog/ccn/shadow_tags.v" lay_mv verilog/ccn/shadow_tags.v verilog/lamar/
expect "layers: the floors table of docs/conventions.md is current (make docs)" 0 "OK" \
    python3 scripts/layers.py --check docs/conventions.md
