/*
 * fuzz_map.c - libFuzzer target: the port map parser (tools/lib/ct_map.c:
 * what make check-rtl, ctwin map and ctwin hdl read from a user's map file,
 * docs/your-rtl.md) on arbitrary text.  The first byte picks the block, the
 * rest is the map.  Properties besides "no crash, no sanitizer report": a
 * refused map gets a message that names the file; an accepted one has
 * identifiers for every name it holds, latencies and widths in their ranges,
 * and the adapter and the harness's tables are written from it for the
 * block's paper configuration.
 */
#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ct_block.h"
#include "ct_map.h"

static void must(int cond)
{
    if (!cond)
        __builtin_trap();
}

static int ident(const char *s)
{
    if (!*s)
        return 1; /* (none: "-") */
    if (!(isalpha((unsigned char)*s) || *s == '_'))
        return 0;
    for (; *s; s++)
        if (!(isalnum((unsigned char)*s) || *s == '_' || *s == '$'))
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 8192)
        return 0;
    const ct_block_t *b = ct_blocks[data[0] % ct_n_blocks];
    char *text = malloc(size);
    if (!text)
        return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    static ct_map_t m;
    char err[512];
    err[0] = 0;
    if (ct_map_parse(&m, b, "fuzz.map", text, err, sizeof err)) {
        must(strncmp(err, "fuzz.map", 8) == 0);
        free(text);
        return 0;
    }
    free(text);
    must(ident(m.top) && m.top[0] && ident(m.clock) && m.clock[0] && ident(m.reset) && m.reset[0]);
    must(m.reset_hold >= 1 && m.reset_hold <= 1000);
    for (unsigned i = 0; i < b->n_in; i++)
        must(ident(m.in[i].user) && m.in[i].width <= CT_MAX_PORT_W);
    for (unsigned i = 0; i < b->n_out; i++)
        must(ident(m.out[i].user) && m.out[i].width <= CT_MAX_PORT_W && m.out[i].latency <= CT_MAP_MAX_LATENCY);
    must(ct_map_max_latency(&m) <= CT_MAP_MAX_LATENCY);
    uint32_t cfg[CT_MAX_PARAMS];
    char e2[CT_ERRLEN];
    must(ct_config_parse(b, "paper", cfg, e2, sizeof e2) == 0);
    FILE *f = fopen("/dev/null", "w");
    if (f) {
        ct_gen_adapter(f, b, cfg, &m);
        ct_gen_map_tables(f, b, cfg, &m);
        fclose(f);
    }
    return 0;
}
