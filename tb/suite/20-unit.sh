# unit: the C unit tests (tb/unit/: spec properties of every block, the
# vector reader, the workload library, the host API) and the documented C
# example, compiled and run.
section unit

unit_c_example() {
    { echo '#include <assert.h>'; echo '#include "loscache_ctr.h"'; echo 'int main(void) {'
      awk '/^```c$/{on=1;next} /^```$/{on=0} on && !/#include/' docs/hosts.md
      echo 'assert(out.count_o == 1); return 0; }'; } > "$tmp/doc_example.c"
    gcc -std=c11 -Wall -Wextra -Werror -Irtl_model/ct -Irtl_model/loscache \
        "$tmp/doc_example.c" build/libct.a -o "$tmp/doc_example" && "$tmp/doc_example"
}

mark quick; needs make:build/unit/test_all
check "unit tests (make unit)" make -s unit
mark quick
check "the C example of docs/hosts.md compiles and does what its comment says" unit_c_example
# a composition's outputs come from its description (ct_desc.h CT_OUTPUTS_FROM):
# an output left out of every list is a compile error, as an unconnected port is a lint error
forgotten_output() {
    local d=$tmp/fwd; rm -rf "$d"; mkdir -p "$d" && cp -r rtl_model "$d/" &&
        sed -i 's/    X(n_off_o, n_off_o)$/    /' "$d/rtl_model/loscache/loscache_desc.h" &&
        ! cmp -s rtl_model/loscache/loscache_desc.h "$d/rtl_model/loscache/loscache_desc.h" || { echo "the edit did not apply"; return 9; }
    gcc -std=c11 -Wall -Wextra -Werror $(for x in "$d"/rtl_model/*/; do printf -- '-I%s ' "$x"; done) -c "$d/rtl_model/loscache/loscache.c" -o "$d/x.o"
}
expect "a composition's output forwarded by no list of its description is a compile error (loscache n_off_o)" 1 \
    "LOSCACHE: every output must be forwarded from a part" forgotten_output
