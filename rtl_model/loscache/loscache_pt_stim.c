/*
 * loscache_pt_stim.c - stimulus for the prediction table: what one LD/ST
 * unit, its predictor CTA and the L2 present to it.  A directed prologue
 * (the paper's story and every documented decision: a repeated PC not
 * inserted, the first address kept; a non-predictor access counted but not
 * inserted; the table filled and one PC more dropped; the phase ending at
 * exactly the LIMIT-th access; the count load with an evicted line's 0;
 * lookups hitting and missing; T raised to saturation; an early-gating
 * report and a lookup of the same entry in one cycle; an invalid index;
 * kernels whose phase ends by done_i, by done_i in the LIMIT-th access's
 * cycle, and with an empty table), then constrained random kernels: a pool
 * of PCs a little larger than the table, predictor and other accesses,
 * done_i now and then, L2 counts with evicted (0) lines, early-gating
 * reports, and a new kernel (reset) every ~1,500 cycles.
 */
#include "loscache_pt.h"

#include <stdlib.h>

#include "ct_rng.h"
#include "ct_script.h"

#define POOL 40

struct loscache_pt_stim {
    loscache_pt_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t pc_mask, addr_mask, cnt_mask, idx_mask;
    uint64_t pool[POOL];
    unsigned npool;
};

typedef struct {
    unsigned rst, acc, pred, done, eg;
    uint64_t pc, addr, cnt, egi;
} pt_row_t;

static void push(loscache_pt_stim_t *s, pt_row_t r, const char *note)
{
    loscache_pt_in_t in = {.rst_i = r.rst, .acc_v_i = r.acc, .acc_pred_i = r.pred,
                           .acc_pc_i = r.pc & s->pc_mask, .acc_addr_i = r.addr & s->addr_mask,
                           .done_i = r.done, .cnt_i = r.cnt & s->cnt_mask, .eg_v_i = r.eg,
                           .eg_idx_i = r.egi & s->idx_mask};
    ct_script_push(&s->dir, in.v, note);
}

/* the k-th distinct PC of the directed prologue */
static uint64_t dpc(const loscache_pt_stim_t *s, unsigned k)
{
    return (k * 5 + 3) & s->pc_mask;
}

/* A kernel's prediction phase in the prologue: `np` predictor accesses with
 * PCs 0 .. np-1 (PCs beyond the distinct ones wrap), then plain accesses up to
 * `total`, the last with done_i when `done_last`.  Returns entries inserted. */
static unsigned phase(loscache_pt_stim_t *s, unsigned np, unsigned total, int done_last,
                      const char *note)
{
    unsigned used = 0, npc = s->pc_mask < 64 ? (unsigned)s->pc_mask + 1 : 64;
    for (unsigned k = 0; k < total; k++) {
        pt_row_t r = {.acc = 1, .pred = k < np, .pc = dpc(s, k % npc), .addr = 100 + k};
        if (k == total - 1)
            r.done = (unsigned)done_last;
        push(s, r, k == 0 ? note : NULL);
        used += k < np && k < npc && used < s->cfg.ENTRIES;
    }
    return used;
}

/* The count load of `used` entries: count of entry k is k + 1, entry 1's 0. */
static void load(loscache_pt_stim_t *s, unsigned used)
{
    for (unsigned k = 0; k < used; k++) {
        pt_row_t r = {.cnt = k == 1 ? 0 : k + 1};
        push(s, r, k == 0 ? "count load: entry k reads its line's count (k + 1; entry 1's line was evicted: 0)" : NULL);
    }
}

static void directed(loscache_pt_stim_t *s)
{
    const loscache_pt_cfg_t *c = &s->cfg;
    unsigned lim = c->LIMIT, thr_max = (unsigned)ct_mask(c->THR_W);
    pt_row_t idle = {0}, rst = {.rst = 1};
    push(s, rst, "reset (kernel launch): table empty, prediction phase");
    push(s, rst, NULL);
    push(s, idle, "reset values");
    /* kernel 1: the paper's story */
    unsigned a = 0; /* accesses of this phase */
    unsigned used = 0;
    if (lim >= 4) {
        pt_row_t r = {.acc = 1, .pred = 1, .pc = dpc(s, 0), .addr = 11};
        push(s, r, "predictor access: PC A inserted with its block address");
        r.addr = 12;
        push(s, r, "PC A again, another address: not inserted, the first address kept");
        pt_row_t n = {.acc = 1, .pred = 0, .pc = dpc(s, 1), .addr = 13};
        push(s, n, "a non-predictor access: counted, not inserted");
        pt_row_t b = {.acc = 1, .pred = 1, .pc = dpc(s, 1), .addr = 14};
        push(s, b, "the same PC from the predictor: inserted");
        a = 4;
        used = c->ENTRIES < 2 ? c->ENTRIES : 2;
    }
    /* fill the table and present one new PC more, while the phase lasts */
    unsigned k = 2, npc = s->pc_mask < 64 ? (unsigned)s->pc_mask + 1 : 64;
    int dropped = used == c->ENTRIES && lim >= 4;
    const char *note = "the table fills; one new PC more is dropped (table full)";
    while (a + 1 < lim && !dropped && k < npc) {
        pt_row_t r = {.acc = 1, .pred = 1, .pc = dpc(s, k++), .addr = 20 + a};
        push(s, r, note);
        note = NULL;
        a++;
        if (used < c->ENTRIES)
            used++;
        else
            dropped = 1;
    }
    note = "plain accesses up to LIMIT - 1: still the prediction phase";
    while (a + 1 < lim) {
        pt_row_t r = {.acc = 1, .pred = 0, .pc = dpc(s, 0), .addr = 30 + a};
        push(s, r, note);
        note = NULL;
        a++;
    }
    push(s, idle, "an idle cycle: no access, the phase goes on");
    pt_row_t last = {.acc = 1, .pred = 0, .pc = dpc(s, 0), .addr = 99};
    push(s, last, "the LIMIT-th access: the phase ends after this cycle");
    load(s, used);
    /* normal execution */
    pt_row_t hitA = {.acc = 1, .pc = dpc(s, 0)};
    push(s, hitA, "normal: lookup of PC A (result next cycle: hit, entry 0, its P and T)");
    pt_row_t miss = {.acc = 1, .pc = dpc(s, k % npc)};
    push(s, miss, "lookup of a PC not in the table: miss, P = 0 (no prediction)");
    push(s, idle, "no access: the lookup register shows no hit");
    for (unsigned i = 0; i <= thr_max; i++) {
        pt_row_t e = {.eg = 1, .egi = 0};
        push(s, e, i == 0 ? "early gating on entry 0, T + 1 each time, saturating" : NULL);
    }
    push(s, hitA, "lookup of PC A: the result shows T at its maximum");
    pt_row_t e2 = {.eg = 1, .egi = used > 1 ? 1 : 0, .acc = 1, .pc = dpc(s, used > 1 ? 1 : 0)};
    push(s, e2, "early gating and a lookup of the same entry: the result (next cycle) shows the raised T");
    push(s, (pt_row_t){.acc = 1, .pc = dpc(s, used > 1 ? 1 : 0)}, "the same lookup again");
    if (used <= s->idx_mask) { /* an index no valid entry has */
        pt_row_t e3 = {.eg = 1, .egi = used};
        push(s, e3, "early gating naming an entry that is not valid: ignored");
    }
    push(s, (pt_row_t){.acc = 1, .pred = 1, .pc = dpc(s, 60 % npc), .done = 1}, "accesses and done_i in normal execution change nothing");
    /* kernel 2: done_i ends the phase before LIMIT */
    push(s, rst, "reset: a new kernel");
    unsigned u = phase(s, lim > 2 ? 2 : 1, lim > 2 ? 2 : 1, 1, "done_i ends the phase before LIMIT accesses");
    load(s, u);
    push(s, (pt_row_t){.eg = 1, .egi = c->ENTRIES > 2 ? 2 : 0, .acc = 1, .pc = dpc(s, 0)}, "lookup; early gating on an invalid entry of a table not full");
    /* kernel 3: done_i in the cycle of the LIMIT-th access */
    push(s, rst, "reset: a new kernel");
    u = phase(s, 1, lim, 1, "done_i in the cycle of the LIMIT-th access");
    load(s, u);
    /* kernel 4: empty table */
    push(s, rst, "reset: a new kernel");
    push(s, (pt_row_t){.done = 1}, "done_i before any access: empty table, no count load");
    push(s, (pt_row_t){.acc = 1, .pc = dpc(s, 0), .eg = 1}, "normal with an empty table: every lookup misses, every report is invalid");
    push(s, idle, NULL);
    push(s, rst, "reset: the constrained-random kernels follow");
}

static void new_pool(loscache_pt_stim_t *s)
{
    unsigned want = s->cfg.ENTRIES + 3;
    if (want > POOL)
        want = POOL;
    s->npool = want;
    for (unsigned i = 0; i < want; i++)
        s->pool[i] = ct_rng_next(&s->rng) & s->pc_mask;
}

loscache_pt_stim_t *loscache_pt_stim_new(const loscache_pt_cfg_t *c, uint64_t seed)
{
    loscache_pt_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, LOSCACHE_PT_IN_WORDS, seed))
        return NULL;
    s->pc_mask = ct_mask(c->PC_W);
    s->addr_mask = ct_mask(c->ADDR_W);
    s->cnt_mask = ct_mask(c->CNT_W);
    s->idx_mask = ct_mask(LOSCACHE_PT_IDX_W(c));
    directed(s);
    new_pool(s);
    return s;
}

void loscache_pt_stim_free(loscache_pt_stim_t *s) { CT_STIM_FREE(s); }

void loscache_pt_stim_next(loscache_pt_stim_t *s, loscache_pt_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *r = &s->rng;
    loscache_pt_in_t x = {{0}};
    if (ct_rng_below(r, 1500) == 0) { /* a new kernel */
        x.rst_i = 1;
        new_pool(s);
        *in = x;
        return;
    }
    x.acc_v_i = ct_rng_below(r, 100) < 60;
    x.acc_pred_i = ct_rng_below(r, 100) < 50;
    x.acc_pc_i = ct_rng_below(r, 10) ? s->pool[ct_rng_below(r, s->npool)]
                                      : ct_rng_next(r) & s->pc_mask;
    x.acc_addr_i = ct_rng_next(r) & s->addr_mask;
    x.done_i = ct_rng_below(r, 4 * s->cfg.LIMIT) == 0;
    x.cnt_i = ct_rng_below(r, 5) ? ct_rng_next(r) & s->cnt_mask : 0;
    x.eg_v_i = ct_rng_below(r, 100) < 10;
    x.eg_idx_i = ct_rng_below(r, 8) ? ct_rng_below(r, s->cfg.ENTRIES)
                                     : ct_rng_next(r) & s->idx_mask;
    *in = x;
}
