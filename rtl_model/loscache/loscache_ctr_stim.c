/*
 * loscache_ctr_stim.c - stimulus for the LoSCache access counters: a
 * directed prologue that walks every corner the spec names (fill counts as
 * the first access, gating at P + T, P = 1 bypass, early gating and T
 * saturation, count saturation, P + T beyond the counter range, eviction,
 * out-of-range lines, reset in mid-run), then constrained-random traffic with
 * a hot set of lines so that counts climb to saturation.  The same generator
 * feeds golden vectors (ctwin gen) and live lockstep (vlharness lockstep).
 */
#include "loscache_ctr.h"

#include <stdlib.h>

#include "ct_rng.h"
#include "ct_script.h"

#define NOP LOSCACHE_CTR_OP_NOP
#define FILL LOSCACHE_CTR_OP_FILL
#define HIT LOSCACHE_CTR_OP_HIT
#define EVICT LOSCACHE_CTR_OP_EVICT

struct loscache_ctr_stim {
    loscache_ctr_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t line_span, cnt_max, thr_max, last_line;
    unsigned rst_left;
    uint64_t hot[4];
};

static void push(loscache_ctr_stim_t *s, uint64_t rst, uint64_t op,
                 uint64_t line, uint64_t off, uint64_t p, uint64_t t,
                 const char *note)
{
    loscache_ctr_in_t in = {.rst_i = rst, .op_i = op, .line_i = line, .off_i = off,
                            .pred_i = p, .thr_i = t};
    ct_script_push(&s->dir, in.v, note);
}

#define OP(op, line, off, p, t, note) push(s, 0, op, line, off, p, t, note)

static void directed(loscache_ctr_stim_t *s)
{
    uint64_t n = s->cfg.NUM_LINES, cmax = s->cnt_max, tmax = s->thr_max;
    uint64_t a = 0, b = n > 1 ? 1 : 0, c = n > 2 ? n - 1 : b;

    push(s, 1, NOP, 0, 0, 0, 0, "reset");
    push(s, 1, HIT, a, 0, 1, 0, "reset: operations ignored");
    OP(NOP, a, 0, 0, 0, "reset values: every count 0");
    for (uint64_t l = 0; l < n && l < 8; l++)
        OP(NOP, l, 0, 0, 0, NULL);

    /* Gate on the P-th access, the fill counted: P = 3 -> fill, hit, HIT(gate). */
    OP(FILL, a, 0, 3, 0, "fill counts as access 1; gate at access P=3");
    OP(HIT, a, 0, 3, 0, NULL);
    OP(HIT, a, 0, 3, 0, NULL);
    OP(HIT, a, 1, 3, 0, "early gating: HIT on the gated line, T 0->1, refill");
    OP(HIT, a, 0, 3, 1, "gate at P+T = 4");
    OP(HIT, a, 0, 3, 1, NULL);
    OP(HIT, a, 0, 3, 1, NULL);

    /* P = 1: bypass, only without threshold; P = 0: no prediction. */
    OP(FILL, b, 0, 1, 0, "P=1, T=0: bypass, count unchanged");
    OP(FILL, b, 0, 1, 1, "P=1, T=1: allocated, count 1");
    OP(HIT, b, 0, 1, 1, "gate at P+T = 2");
    OP(FILL, b, 0, 0, 0, "P=0: no prediction, never bypass or gate");
    OP(HIT, b, 0, 0, 0, NULL);
    OP(HIT, b, 1, 1, 0, "early gating with P+T=1 refills as a bypass");

    /* Threshold saturation. */
    OP(HIT, b, 1, 2, tmax, "early gating at T max: thr_o stays max");
    if (tmax > 0)
        OP(HIT, b, 1, 2, tmax - 1, "early gating at T max-1: thr_o = max");

    /* Count saturation, and P+T at and beyond the counter's maximum. */
    OP(FILL, c, 0, 0, 0, "saturation: climb to the maximum count");
    for (uint64_t i = 0; i < cmax + 2 && !ct_script_full(&s->dir); i++)
        OP(HIT, c, 0, 0, 0, NULL);
    OP(HIT, c, 0, cmax, 0, "P = max, T = 0: gate at the saturated count");
    OP(HIT, c, 0, cmax, 1, "P + T = max + 1: never reached, no gate");
    OP(HIT, c, 0, cmax, tmax, "P + T = max + Tmax: no gate");
    OP(HIT, c, 0, cmax - 1, 1, "P + T = max: gate");

    OP(EVICT, c, 0, 5, 2, "evict: count 0");
    OP(NOP, c, 0, 0, 0, NULL);
    OP(HIT, c, 0, 1, 0, "hit after evict (tag array said hit): count 1, gate at 1");

    /* Line indexes past NUM_LINES (only when NUM_LINES is no power of 2). */
    for (uint64_t l = n; l < s->line_span && l < n + 3; l++)
        OP(HIT, l, 0, 1, 0, "line index >= NUM_LINES: ignored, outputs 0");

    /* Reset in mid-run clears every count. */
    OP(FILL, a, 0, 0, 0, "reset in mid-run");
    OP(HIT, a, 0, 0, 0, NULL);
    push(s, 1, FILL, a, 0, 0, 0, NULL);
    OP(NOP, a, 0, 0, 0, "after reset: count 0");
}

loscache_ctr_stim_t *loscache_ctr_stim_new(const loscache_ctr_cfg_t *c,
                                           uint64_t seed)
{
    loscache_ctr_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, LOSCACHE_CTR_IN_WORDS, seed))
        return NULL;
    s->line_span = UINT64_C(1) << ct_clog2(c->NUM_LINES);
    s->cnt_max = ct_mask(c->CNT_W);
    s->thr_max = ct_mask(c->THR_W);
    for (int i = 0; i < 4; i++)
        s->hot[i] = ct_rng_below(&s->rng, c->NUM_LINES);
    directed(s);
    return s;
}

void loscache_ctr_stim_free(loscache_ctr_stim_t *s) { CT_STIM_FREE(s); }

static uint64_t random_pred(loscache_ctr_stim_t *s)
{
    ct_rng_t *r = &s->rng;
    unsigned k = (unsigned)ct_rng_below(r, 100);
    if (k < 10)
        return 0;
    if (k < 20)
        return 1;
    if (k < 80) /* small predictions make gating frequent */
        return 1 + ct_rng_below(r, s->cnt_max < 8 ? s->cnt_max : 8);
    return ct_rng_next(r) & s->cnt_max;
}

void loscache_ctr_stim_next(loscache_ctr_stim_t *s, loscache_ctr_in_t *in,
                            const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *r = &s->rng;
    if (s->rst_left == 0 && ct_rng_below(r, 4096) == 0)
        s->rst_left = 1 + (unsigned)ct_rng_below(r, 3);
    in->rst_i = s->rst_left ? (s->rst_left--, 1) : 0;

    unsigned k = (unsigned)ct_rng_below(r, 100);
    in->op_i = k < 50 ? HIT : k < 70 ? FILL : k < 85 ? NOP : EVICT;

    k = (unsigned)ct_rng_below(r, 100);
    if (k < 40)
        in->line_i = s->last_line;
    else if (k < 75)
        in->line_i = s->hot[ct_rng_below(r, 4)];
    else if (k < 98)
        in->line_i = ct_rng_below(r, s->cfg.NUM_LINES);
    else /* any index, past NUM_LINES included */
        in->line_i = ct_rng_below(r, s->line_span);
    s->last_line = in->line_i;
    if (ct_rng_below(r, 256) == 0)
        s->hot[ct_rng_below(r, 4)] = ct_rng_below(r, s->cfg.NUM_LINES);

    in->off_i = ct_rng_below(r, 100) < 12;
    in->pred_i = random_pred(s);
    in->thr_i = ct_rng_next(r) & s->thr_max;
}
