/*
 * fuzz_config.c - libFuzzer target: the configuration parser (what
 * `ctwin gen BLOCK CONFIG`, `make CONFIG=...`, the host APIs and every vector
 * header hand it) on arbitrary text.  The first byte picks the block, the
 * rest is the configuration text.  Properties besides "no crash, no
 * sanitizer report": a refused text gets a message; an accepted one formats
 * to canonical text that parses back to the same configuration, and the
 * block's model and stimulus run 32 cycles of that configuration (every
 * configuration the parser accepts is one the model must handle).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "ct_block.h"

static void must(int cond)
{
    if (!cond)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 512)
        return 0;
    const ct_block_t *b = ct_blocks[data[0] % ct_n_blocks];
    char text[512];
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;

    uint32_t cfg[CT_MAX_PARAMS], again[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    err[0] = 0;
    if (ct_config_parse(b, text, cfg, err, sizeof err)) {
        must(err[0] != 0);
        return 0;
    }
    char canon[1024];
    ct_config_format(b, cfg, canon, sizeof canon);
    must(ct_config_parse(b, canon, again, err, sizeof err) == 0);
    must(memcmp(cfg, again, sizeof cfg) == 0);

    unsigned in_w[CT_MAX_PORTS], out_w[CT_MAX_PORTS];
    b->widths(cfg, in_w, out_w);
    for (unsigned i = 0; i < b->n_in; i++)
        must(in_w[i] >= 1 && in_w[i] <= CT_MAX_PORT_W);
    for (unsigned i = 0; i < b->n_out; i++)
        must(out_w[i] >= 1 && out_w[i] <= CT_MAX_PORT_W);
    ct_storage_t rows[CT_MAX_STORAGE];
    must(b->storage(cfg, rows) <= CT_MAX_STORAGE);

    void *m = b->create(cfg);
    void *s = b->stim_create(cfg, 1);
    must(m != NULL && s != NULL);
    static uint64_t in[CT_MAX_WORDS], out[CT_MAX_WORDS];
    for (int c = 0; c < 32; c++) {
        const char *note = NULL;
        b->stim_next(s, in, &note);
        b->cycle(m, in, out);
    }
    b->stim_destroy(s);
    b->destroy(m);
    return 0;
}
