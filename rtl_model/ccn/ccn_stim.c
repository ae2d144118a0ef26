/*
 * ccn_stim.c - stimulus for the CCN ring: every node's L1 and instruction
 * count.  A directed prologue after the shadow tags' sweep: node 0 misses
 * on a line that node 1 holds (the working example of Sec. 4.5: served one
 * hop away), then on one that no node holds (round the ring and home, to
 * L2), then a line held at every distance in turn, then misses that no L1
 * can serve until the throttlers' windows end (OFF), a reset in mid-run (the
 * prologue's L1 lines are zeros but for the working example's); then
 * constrained random:
 * the L1s fill and invalidate lines of a small shared pool (so sharers
 * exist at every distance), every node misses on lines of the pool at a
 * rate that changes in phases (a calm ring, a busy one, a saturated one),
 * the L1s answer data reads after a random delay, and the instruction
 * counts are mostly large (the throttlers' epochs pass).
 */
#include "ccn.h"

#include <stdlib.h>
#include <string.h>

#include "ct_rng.h"
#include "ct_script.h"

#define POOL 24

struct ccn_stim {
    ccn_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    unsigned n, la_w, way_w, lw;
    uint64_t la_mask, pool[POOL];
    unsigned phase, left;
};

/* Clears in and fills the per-node fields of node i. */
static void set_node(const ccn_stim_t *s, ccn_in_t *in, unsigned i, int miss, uint64_t la, int upd,
                     uint64_t ula, uint64_t way, int v, int ack, uint64_t inst, uint64_t data)
{
    in->miss_v_i |= (uint64_t)miss << i;
    ct_bits_set(in->miss_la_i, i * s->la_w, s->la_w, la);
    in->upd_i |= (uint64_t)upd << i;
    ct_bits_set(in->upd_la_i, i * s->la_w, s->la_w, ula);
    ct_bits_set(in->upd_way_i, i * s->way_w, s->way_w, way);
    in->upd_v_i |= (uint64_t)v << i;
    in->rd_ack_i |= (uint64_t)ack << i;
    ct_bits_set(in->inst_i, i * s->cfg.INST_W, s->cfg.INST_W, inst);
    for (unsigned k = 0; k < s->lw; k++) { /* data 0: a line of zeros */
        unsigned w = s->cfg.LINE_W - 64 * k < 64 ? s->cfg.LINE_W - 64 * k : 64;
        ct_bits_set(in->rd_data_i, i * s->cfg.LINE_W + 64 * k, w, data ? data * 0x9e3779b97f4a7c15ull + k : 0);
    }
}

/* A directed row: every L1 answers reads at once, nothing else unless set;
 * node i's line is i + 1's pattern with `lines`, else zeros (a long
 * prologue at the paper's 15 x 1,024-bit lines stays a short file). */
static void row_d(ccn_stim_t *s, int rst, int miss_node, uint64_t la, int upd_node, uint64_t ula, int lines,
                  const char *note)
{
    ccn_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_i = (uint64_t)rst;
    for (unsigned i = 0; i < s->n; i++)
        set_node(s, &in, i, (int)i == miss_node, la, (int)i == upd_node, ula, 0, 1, 1, 0, lines ? i + 1 : 0);
    ct_script_push(&s->dir, in.v, note);
}

static void row(ccn_stim_t *s, int rst, int miss_node, uint64_t la, int upd_node, uint64_t ula, const char *note)
{
    row_d(s, rst, miss_node, la, upd_node, ula, 0, note);
}

static void directed(ccn_stim_t *s)
{
    const ccn_cfg_t *c = &s->cfg;
    row(s, 1, -1, 0, -1, 0, "reset");
    for (unsigned k = 0; k < c->SETS; k++)
        row(s, 0, -1, 0, -1, 0, k ? NULL : "the shadow tags' sweep: SETS cycles");
    uint64_t a = s->pool[0], b = s->pool[1];
    row(s, 0, -1, 0, 1, a, "node 1's L1 fills line a");
    row_d(s, 0, 0, a, -1, 0, 1, "Sec. 4.5: node 0 misses on a; CB, ReqQ-0, ReqQ-1: a hit at node 1, the line back");
    for (unsigned k = 0; k < 8 * c->HOP + 4; k++)
        row_d(s, 0, -1, 0, -1, 0, 1, NULL);
    row(s, 0, 0, b, -1, 0, "node 0 misses on b, which no L1 holds: round the ring, home, to L2");
    for (unsigned k = 0; k < c->N * (2 + c->HOP) + 4; k++)
        row(s, 0, -1, 0, -1, 0, NULL);
    for (unsigned d = 2; d < c->N; d++) {
        uint64_t x = s->pool[2 + d % (POOL - 2)];
        row(s, 0, -1, 0, (int)d, x, d == 2 ? "a line held at distance d = 2, 3, ...: served there" : NULL);
        row(s, 0, 0, x, -1, 0, NULL);
        for (unsigned k = 0; k < d * (2 + c->HOP) + 2 * c->HOP + 4; k++)
            row(s, 0, -1, 0, -1, 0, NULL);
    }
    /* the throttlers' first windows end with hit rates under H_min */
    uint64_t imax = ct_mask(c->INST_W);
    for (uint64_t k = 0; k <= c->T_S / imax + 1 && !ct_script_full(&s->dir); k++) {
        ccn_in_t in;
        memset(&in, 0, sizeof in);
        for (unsigned i = 0; i < s->n; i++)
            set_node(s, &in, i, 1, ct_rng_next(&s->rng) & s->la_mask, 0, 0, 0, 1, 1, imax, 0);
        ct_script_push(&s->dir, in.v,
                       k ? NULL : "every node misses on lines no L1 holds until the windows end: OFF");
    }
    row(s, 0, -1, 0, -1, 0, "throttled: the misses go straight to L2");
    row(s, 1, 0, b, 0, b, "a reset in mid-run: every node, throttler and link stage");
    row(s, 0, 0, b, -1, 0, "after the reset: the shadow tags sweep again, queues and links empty");
}

ccn_stim_t *ccn_stim_new(const ccn_cfg_t *c, uint64_t seed)
{
    ccn_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, CCN_IN_WORDS, seed))
        return NULL;
    s->n = c->N;
    s->la_w = c->LA_W;
    s->way_w = CCN_WAY_W(c);
    s->lw = CT_WORDS(c->LINE_W);
    s->la_mask = ct_mask(c->LA_W);
    for (unsigned k = 0; k < POOL; k++)
        s->pool[k] = ct_rng_next(&s->rng) & s->la_mask;
    for (unsigned k = 1; k < POOL && k <= s->la_mask; k++) /* distinct lines, while the addresses last */
        for (unsigned j = 0; j < k; j++)
            if (s->pool[k] == s->pool[j])
                s->pool[k] = (s->pool[k] + 1) & s->la_mask, j = (unsigned)-1;
    directed(s);
    return s;
}

void ccn_stim_free(ccn_stim_t *s) { CT_STIM_FREE(s); }

void ccn_stim_next(ccn_stim_t *s, ccn_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *g = &s->rng;
    if (!s->left) {
        s->phase = (unsigned)ct_rng_below(g, 3); /* calm, busy, saturated */
        s->left = 500 + (unsigned)ct_rng_below(g, 2000);
    }
    s->left--;
    static const unsigned miss_pct[3] = {5, 25, 100};
    memset(in, 0, sizeof *in);
    in->rst_i = ct_rng_below(g, 30000) == 0;
    uint64_t imax = ct_mask(s->cfg.INST_W);
    for (unsigned i = 0; i < s->n; i++) {
        int miss = ct_rng_below(g, 100) < miss_pct[s->phase];
        uint64_t la = ct_rng_below(g, 8) ? s->pool[ct_rng_below(g, POOL)] : ct_rng_next(g) & s->la_mask;
        int upd = ct_rng_below(g, 100) < 10;
        uint64_t ula = s->pool[ct_rng_below(g, POOL)];
        uint64_t way = ct_rng_below(g, s->cfg.WAYS);
        int v = ct_rng_below(g, 100) < 80;
        int ack = ct_rng_below(g, 100) < 60;
        uint64_t inst = ct_rng_below(g, 4) ? imax - ct_rng_below(g, imax / 4 + 1) : ct_rng_below(g, imax + 1);
        set_node(s, in, i, miss, la, upd, ula, way, v, ack, inst, ct_rng_next(g));
    }
    *note = NULL;
}
