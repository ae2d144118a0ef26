/*
 * fuzz_vec.c - libFuzzer target: the vector reader and a C-model replay
 * (what `ctwin check FILE` and every harness do with a file a user hands us)
 * on arbitrary bytes.  Built with -fsanitize=fuzzer,address,undefined
 * (make fuzz, docs/fuzzing.md).  Besides "no crash, no sanitizer report",
 * it holds the reader to its contract (rtl_model/ct/ct_vec.h): every error message
 * starts with the file's path, and a file that opens has a known block and
 * widths its configuration gives.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ct_block.h"
#include "ct_vec.h"

static char g_path[64];

static void must(int cond)
{
    if (!cond)
        __builtin_trap();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_path[0])
        snprintf(g_path, sizeof g_path, "/tmp/ct_fuzz_vec_%d.vec", (int)getpid());
    FILE *f = fopen(g_path, "wb");
    if (!f)
        abort();
    if (size && fwrite(data, 1, size, f) != size)
        abort();
    fclose(f);

    char err[CT_ERRLEN * 2];
    err[0] = 0;
    ct_vec_reader_t *r = ct_vec_open(g_path, NULL, NULL, err, sizeof err);
    unlink(g_path); /* an open reader keeps reading it; a run that ends
                       without exit() (libFuzzer's time limit) leaves nothing */
    if (!r) {
        must(strncmp(err, g_path, strlen(g_path)) == 0); /* "FILE:LINE: field: message" */
        return 0;
    }
    const ct_vec_header_t *h = ct_vec_header(r);
    const ct_block_t *b = h->block;
    must(b != NULL);
    unsigned in_w[CT_MAX_PORTS], out_w[CT_MAX_PORTS];
    b->widths(h->cfg, in_w, out_w);
    for (unsigned i = 0; i < b->n_in; i++)
        must(in_w[i] == h->in_w[i]);
    for (unsigned i = 0; i < b->n_out; i++)
        must(out_w[i] == h->out_w[i]);
    void *m = b->create(h->cfg);
    must(m != NULL);
    static uint64_t in[CT_MAX_WORDS], exp[CT_MAX_WORDS], act[CT_MAX_WORDS];
    static char ins[CT_MAX_PORTS * CT_VEC_HEXLEN], hex[CT_VEC_HEXLEN];
    int k;
    while ((k = ct_vec_next(r, in, exp, err, sizeof err)) == 1) {
        b->cycle(m, in, act);
        unsigned word;
        int i = ct_vec_diff(h, exp, act, &word);
        if (i >= 0) { /* what a mismatch report prints */
            ct_vec_format_inputs(h, in, ins, sizeof ins);
            ct_vec_format_out(h, (unsigned)i, exp, hex);
            ct_vec_format_out(h, (unsigned)i, act, hex);
        }
    }
    if (k < 0)
        must(strncmp(err, g_path, strlen(g_path)) == 0);
    b->destroy(m);
    ct_vec_close(r);
    return 0;
}
