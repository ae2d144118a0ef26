/*
 * bloom_dual_stim.c - stimulus for the dual-bitarray Bloom filter: a
 * directed prologue through the schedule (warm-up: N/2 insertions into
 * bitarray 0 only; then the clear + swap points at N, 3N/2 with queries of
 * recent and old addresses between them; a flush, and a flush on the
 * N/2-th insertion), then constrained-random
 * insertions and queries - half the queries ask for recently inserted
 * addresses (true positives must hit), half for random ones (negatives and
 * false positives).
 */
#include "bloom_dual.h"

#include <stdlib.h>

#include "ct_recent.h"
#include "ct_rng.h"
#include "ct_script.h"

struct bloom_dual_stim {
    bloom_dual_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t mask;
    ct_recent_t recent;
};

static void row(bloom_dual_stim_t *s, uint64_t rst, uint64_t ins, uint64_t ia,
                uint64_t qa, uint64_t flush, const char *note)
{
    bloom_dual_in_t in = {.rst_i = rst, .ins_i = ins, .ins_addr_i = ia & s->mask,
                          .qry_addr_i = qa & s->mask, .flush_i = flush};
    ct_script_push(&s->dir, in.v, note);
}

/* the directed addresses: a fixed odd multiplier spreads 1, 2, 3 ... */
static uint64_t addr(const bloom_dual_stim_t *s, uint64_t k)
{
    return (k * UINT64_C(0x9e3779b97f4a7c15) >> 7) & s->mask;
}

static void directed(bloom_dual_stim_t *s)
{
    uint64_t half = s->cfg.N / 2;
    row(s, 1, 0, 0, 0, 0, "reset");
    row(s, 1, 1, addr(s, 1), 0, 0, "reset: insertions ignored");
    row(s, 0, 0, 0, addr(s, 1), 0, "empty filter: nothing hits");
    for (uint64_t k = 1; k <= 2 * s->cfg.N + 1 && !ct_script_full(&s->dir); k++) {
        const char *note = k == 1              ? "warm-up: insert into bitarray 0 only"
                           : k == half         ? "insertion N/2: warm-up ends, bitarray 1 records from now"
                           : k == s->cfg.N     ? "insertion N: bitarray 0 cleared, SEL -> 1"
                           : k == 3 * half     ? "insertion 3N/2: bitarray 1 cleared, SEL -> 0"
                           : k == 2 * s->cfg.N ? "insertion 2N: bitarray 0 cleared, SEL -> 1"
                                               : NULL;
        /* odd k: query the previous insertion (must hit); even k: one N
         * insertions old (cleared by now) or one never inserted */
        uint64_t q = k % 2 ? k - 1 : k > s->cfg.N ? k - s->cfg.N : k + 100000;
        row(s, 0, 1, addr(s, k), addr(s, q), 0, note);
    }
    row(s, 0, 0, 0, addr(s, 2 * s->cfg.N), 0, "query the last insertion");
    row(s, 0, 1, addr(s, 7), addr(s, 2 * s->cfg.N), 1, "flush wins over the insertion");
    row(s, 0, 0, 0, addr(s, 2 * s->cfg.N), 0, "after the flush: empty, warm-up again");
    for (uint64_t k = 1; k < half; k++)
        row(s, 0, 1, addr(s, 300 + k), addr(s, 300 + k - 1), 0,
            k == 1 ? "N/2 - 1 insertions, then a flush on the N/2-th" : NULL);
    row(s, 0, 1, addr(s, 300 + half), addr(s, 301), 1,
        "flush on the N/2-th insertion: no insertion, so no boundary (bnd_o 0), warm-up again");
    row(s, 0, 1, addr(s, 400), addr(s, 301), 0, "first insertion after it: cnt_o 0");
}

bloom_dual_stim_t *bloom_dual_stim_new(const bloom_dual_cfg_t *c, uint64_t seed)
{
    bloom_dual_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, BLOOM_DUAL_IN_WORDS, seed))
        return NULL;
    s->mask = ct_mask(c->ADDR_W);
    directed(s);
    return s;
}

void bloom_dual_stim_free(bloom_dual_stim_t *s) { CT_STIM_FREE(s); }

void bloom_dual_stim_next(bloom_dual_stim_t *s, bloom_dual_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *r = &s->rng;
    in->rst_i = ct_rng_below(r, 40000) == 0;
    in->flush_i = ct_rng_below(r, 5000) == 0;
    in->ins_i = ct_rng_below(r, 100) < 60;
    in->ins_addr_i = ct_rng_next(r) & s->mask;
    if (in->ins_i)
        ct_recent_push(&s->recent, in->ins_addr_i);
    /* half the queries ask for one of the last N insertions */
    in->qry_addr_i = ct_recent_or_random(&s->recent, r, s->cfg.N, s->mask);
}
