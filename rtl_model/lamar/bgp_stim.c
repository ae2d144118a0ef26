/*
 * bgp_stim.c - stimulus for the bi-modal granularity predictor: a directed
 * prologue (default CG: low-locality evictions inserted, high ones not; a
 * miss on an inserted block predicts FG, on another CG; a window with
 * exactly floor(SKEW_PCT*WIN/100) insertions does not rotate, the next with
 * one more does; under default FG the roles swap, and the same two windows
 * rotate back to CG), then constrained-random
 * evictions whose share of low-locality blocks changes from phase to phase so
 * that windows fall on both sides of the threshold.
 */
#include "bgp.h"

#include <stdlib.h>

#include "ct_recent.h"
#include "ct_rng.h"
#include "ct_script.h"

struct bgp_stim {
    bgp_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t mask;
    ct_recent_t recent;
    unsigned low_pct, phase_left;
};

/* used-bit patterns with 0..4 sectors used */
static const uint64_t used_n[5] = {0x0, 0x4, 0x5, 0xb, 0xf};

static void row(bgp_stim_t *s, uint64_t rst, uint64_t ev, uint64_t ea, uint64_t used,
                uint64_t ma, const char *note)
{
    bgp_in_t in = {.rst_i = rst, .ev_i = ev, .ev_addr_i = ea & s->mask, .used_i = used,
                   .miss_addr_i = ma & s->mask};
    ct_script_push(&s->dir, in.v, note);
}

static uint64_t addr(const bgp_stim_t *s, uint64_t k)
{
    return (k * UINT64_C(0x9e3779b97f4a7c15) >> 11) & s->mask;
}

static void directed(bgp_stim_t *s)
{
    const bgp_cfg_t *c = &s->cfg;
    uint64_t low = used_n[c->TH_FG - 1], high = used_n[c->TH_FG];
    uint32_t thr = bgp_rot_threshold(c);
    row(s, 1, 0, 0, 0, 0, "reset: default CG");
    row(s, 0, 1, addr(s, 1), low, addr(s, 1), "default CG: a low-locality eviction is inserted");
    row(s, 0, 1, addr(s, 2), high, addr(s, 1), "a high-locality eviction is not; a miss on block 1 hits: FG");
    row(s, 0, 0, 0, 0, addr(s, 2), "a miss on block 2 (not inserted): the default, CG");
    for (uint64_t e = 3; e <= c->WIN && !ct_script_full(&s->dir); e++) /* window 1: 1 + (thr - 1) = thr insertions */
        row(s, 0, 1, addr(s, e), e <= thr + 1 ? low : high, addr(s, e - 1),
            e == 3 ? "window 1: SKEW_insert = thr/WIN exactly: no rotation" : NULL);
    for (uint64_t e = 1; e <= c->WIN && !ct_script_full(&s->dir); e++) /* window 2: thr + 1 insertions */
        row(s, 0, 1, addr(s, 1000 + e), e <= thr + 1 ? low : high, addr(s, 1000 + e - 1),
            e == 1 ? "window 2: one insertion more: rotation to FG at its last eviction" : NULL);
    row(s, 0, 0, 0, 0, addr(s, 1000 + thr), "after rotation: filter flushed, default FG");
    row(s, 0, 1, addr(s, 5000), high, 0, "default FG: a high-locality eviction is inserted");
    row(s, 0, 1, addr(s, 5001), low, addr(s, 5000), "a low one is not; a miss on 5000 hits: CG");
    row(s, 0, 0, 0, 0, addr(s, 5001), "a miss on 5001: the default, FG");
    for (uint64_t e = 3; e <= c->WIN && !ct_script_full(&s->dir); e++) /* window 3: thr insertions under FG */
        row(s, 0, 1, addr(s, 8000 + e), e <= thr + 1 ? high : low, addr(s, 8000 + e - 1),
            e == 3 ? "window 3 (default FG): thr/WIN exactly: no rotation" : NULL);
    for (uint64_t e = 1; e <= c->WIN && !ct_script_full(&s->dir); e++) /* window 4: thr + 1 */
        row(s, 0, 1, addr(s, 12000 + e), e <= thr + 1 ? high : low, addr(s, 12000 + e - 1),
            e == 1 ? "window 4: one insertion more: rotation back to CG at its last eviction" : NULL);
    row(s, 0, 0, 0, 0, addr(s, 12000 + thr), "after rotation: filter flushed, default CG");
    row(s, 1, 1, addr(s, 1), low, 0, "reset in mid-run: default CG again");
    row(s, 0, 0, 0, 0, addr(s, 5000), NULL);
}

bgp_stim_t *bgp_stim_new(const bgp_cfg_t *c, uint64_t seed)
{
    bgp_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, BGP_IN_WORDS, seed))
        return NULL;
    s->mask = ct_mask(c->ADDR_W);
    directed(s);
    return s;
}

void bgp_stim_free(bgp_stim_t *s) { CT_STIM_FREE(s); }

void bgp_stim_next(bgp_stim_t *s, bgp_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *r = &s->rng;
    if (s->phase_left == 0) { /* a new phase: another share of low locality */
        static const unsigned pct[] = {10, 40, 70, 90, 100, 0};
        s->low_pct = pct[ct_rng_below(r, 6)];
        s->phase_left = s->cfg.WIN + (unsigned)ct_rng_below(r, 4 * s->cfg.WIN);
    }
    s->phase_left--;
    in->rst_i = ct_rng_below(r, 50000) == 0;
    in->ev_i = ct_rng_below(r, 100) < 70;
    in->ev_addr_i = ct_rng_next(r) & s->mask;
    int low = ct_rng_below(r, 100) < s->low_pct;
    unsigned used = low ? (unsigned)ct_rng_below(r, s->cfg.TH_FG)
                        : s->cfg.TH_FG + (unsigned)ct_rng_below(r, 5 - s->cfg.TH_FG);
    in->used_i = used_n[used];
    if (used == 2 && ct_rng_below(r, 2))
        in->used_i = 0xa; /* another pattern with 2 sectors: the count is what matters */
    if (in->ev_i)
        ct_recent_push(&s->recent, in->ev_addr_i);
    /* half the queries ask for one of the last N insertions */
    in->miss_addr_i = ct_recent_or_random(&s->recent, r, s->cfg.N, s->mask);
}
