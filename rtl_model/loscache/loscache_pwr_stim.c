/*
 * loscache_pwr_stim.c - stimulus for the LoSCache line-power unit: a
 * directed prologue that shows the paper's story on one line (all lines OFF
 * at start, the fill wakes the line, it is gated right after the predicted
 * last access, the next access to that tag is the early-gating detection that
 * raises T and refills, then gating at P + T), a P = 1 bypass that leaves the
 * line OFF, an early-gating access that is also a bypass (stays OFF), evictions and out-of-range lines; then constrained-random traffic
 * with small predictions so that lines gate and wake all the time.
 */
#include "loscache_pwr.h"

#include <stdlib.h>

#include "ct_rng.h"
#include "ct_script.h"

#define NOP 0u
#define FILL 1u
#define HIT 2u
#define EVICT 3u

struct loscache_pwr_stim {
    loscache_pwr_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t span, cnt_max, thr_max, hot[4], last_line;
    unsigned rst_left;
};

static void row(loscache_pwr_stim_t *s, uint64_t rst, uint64_t op, uint64_t line,
                uint64_t p, uint64_t t, const char *note)
{
    loscache_pwr_in_t in = {.rst_i = rst, .op_i = op, .line_i = line, .pred_i = p, .thr_i = t};
    ct_script_push(&s->dir, in.v, note);
}

static void directed(loscache_pwr_stim_t *s)
{
    uint64_t n = s->cfg.NUM_LINES, a = 0, b = n > 1 ? 1 : 0, tmax = s->thr_max;
    row(s, 1, NOP, 0, 0, 0, "reset: every line OFF, counts 0");
    row(s, 0, NOP, a, 0, 0, NULL);
    row(s, 0, FILL, a, 3, 0, "first access fills and wakes the line (P=3: count 1)");
    row(s, 0, HIT, a, 3, 0, "access 2");
    row(s, 0, HIT, a, 3, 0, "access 3 = P: predicted last access, gate_o");
    row(s, 0, NOP, a, 0, 0, "gated right after it: mode OFF");
    row(s, 0, HIT, a, 3, 0, "next access to that tag: early gating, T 0->1, refill");
    row(s, 0, HIT, a, 3, 1, "now gating at P+T = 4");
    row(s, 0, HIT, a, 3, 1, NULL);
    row(s, 0, HIT, a, 3, 1, "access 4: gate_o");
    row(s, 0, HIT, a, 3, tmax, "early gating at T max: thr_o stays max");
    row(s, 0, FILL, b, 1, 0, "P=1, T=0: bypass, the line stays OFF");
    row(s, 0, NOP, b, 0, 0, NULL);
    row(s, 0, HIT, b, 1, 0,
        "tag match on the OFF line with P+T = 1: early_o and bypass_o, T 0->1, not refilled");
    row(s, 0, NOP, b, 0, 0, "the bypassed early-gating access left the line OFF");
    row(s, 0, FILL, b, 0, 0, "P=0: no prediction, never gated");
    row(s, 0, HIT, b, 0, 0, NULL);
    row(s, 0, EVICT, b, 0, 0, "evict: count 0, no power change");
    row(s, 0, NOP, b, 0, 0, NULL);
    for (uint64_t l = n; l < s->span && l < n + 2; l++)
        row(s, 0, HIT, l, 1, 0, "line index >= NUM_LINES: ignored");
    row(s, 0, FILL, a, 2, 0, "reset in mid-run");
    row(s, 1, HIT, a, 2, 0, NULL);
    row(s, 0, NOP, a, 0, 0, "after reset: OFF again");
}

loscache_pwr_stim_t *loscache_pwr_stim_new(const loscache_pwr_cfg_t *c, uint64_t seed)
{
    loscache_pwr_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, LOSCACHE_PWR_IN_WORDS, seed))
        return NULL;
    s->span = UINT64_C(1) << ct_clog2(c->NUM_LINES);
    s->cnt_max = ct_mask(c->CNT_W);
    s->thr_max = ct_mask(c->THR_W);
    for (int i = 0; i < 4; i++)
        s->hot[i] = ct_rng_below(&s->rng, c->NUM_LINES);
    directed(s);
    return s;
}

void loscache_pwr_stim_free(loscache_pwr_stim_t *s) { CT_STIM_FREE(s); }

void loscache_pwr_stim_next(loscache_pwr_stim_t *s, loscache_pwr_in_t *in,
                            const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *r = &s->rng;
    if (s->rst_left == 0 && ct_rng_below(r, 8192) == 0)
        s->rst_left = 1 + (unsigned)ct_rng_below(r, 2);
    in->rst_i = s->rst_left ? (s->rst_left--, 1) : 0;
    unsigned k = (unsigned)ct_rng_below(r, 100);
    in->op_i = k < 55 ? HIT : k < 75 ? FILL : k < 93 ? NOP : EVICT;
    k = (unsigned)ct_rng_below(r, 100);
    if (ct_rng_below(r, 256) == 0)
        s->hot[ct_rng_below(r, 4)] = ct_rng_below(r, s->cfg.NUM_LINES);
    in->line_i = k < 40   ? s->last_line
                 : k < 75 ? s->hot[ct_rng_below(r, 4)]
                 : k < 98 ? ct_rng_below(r, s->cfg.NUM_LINES)
                          : ct_rng_below(r, s->span);
    s->last_line = in->line_i;
    k = (unsigned)ct_rng_below(r, 100);
    in->pred_i = k < 10 ? 0 : k < 20 ? 1 : k < 85 ? 1 + ct_rng_below(r, s->cnt_max < 6 ? s->cnt_max : 6)
                                               : ct_rng_next(r) & s->cnt_max;
    in->thr_i = ct_rng_next(r) & s->thr_max;
}
