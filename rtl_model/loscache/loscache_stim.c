/*
 * loscache_stim.c - stimulus for the whole LoSCache unit: what one SM's
 * LD/ST unit, its predictor CTA and the L2's tag lookup present to it.
 *
 * A directed prologue tells the paper's story (LoSCache [000] Fig. 5): a
 * prediction phase in which the predictor's PCs are inserted and the L2
 * counts their blocks' accesses; done_i ends it; the count load reads each
 * entry's block count from the counters (a block replaced since: 0), with a
 * request held meanwhile; normal execution, where each request acts one
 * cycle after it is presented: gating after the predicted last access, the
 * next access to that tag an early gating that raises the entry's T, gating
 * at P + T afterwards, a P = 1 bypass, a PC without prediction, a PC the
 * table does not hold; a kernel launch with a request in flight; a second
 * kernel whose phase ends at the LIMIT-th access.
 *
 * Then constrained random: a small L2 model of its own (direct-mapped:
 * block address mod NUM_LINES, so FILL / HIT follow from the addresses), a
 * pool of PCs each touching a few blocks, predictor accesses in the
 * prediction phase, done_i now and then, evictions, the count load's tag
 * lookups answered from the same L2 model (a shadow of the table, the
 * part's own model, says which block is being loaded), requests now and then
 * during the load (not accepted), a kernel launch every ~1,500 cycles and a
 * reset every ~20,000.
 */
#include "loscache.h"

#include <stdlib.h>

#include "ct_rng.h"
#include "ct_script.h"

#define POOL 40
enum { NOP = 0, FILL = 1, HIT = 2, EVICT = 3 };

struct loscache_stim {
    loscache_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t pc_mask, addr_mask, line_mask;
    uint64_t pool[POOL], base[POOL];
    unsigned npool;
    uint64_t *tag;          /* per line: block address + 1, 0 = empty */
    loscache_pt_t *shadow;  /* the table's phase and load address, from its own model */
};

typedef struct {
    unsigned rst, kernel, op, pred, done, ldhit;
    uint64_t line, pc, addr, ldline;
} row_t;

static void push(loscache_stim_t *s, row_t r, const char *note)
{
    loscache_in_t in = {.rst_i = r.rst, .kernel_i = r.kernel, .req_op_i = r.op,
                        .req_line_i = r.line & s->line_mask, .req_pc_i = r.pc & s->pc_mask,
                        .req_addr_i = r.addr & s->addr_mask, .req_pred_i = r.pred,
                        .done_i = r.done, .ld_hit_i = r.ldhit,
                        .ld_line_i = r.ldline & s->line_mask};
    ct_script_push(&s->dir, in.v, note);
}

/* a request of PC pc to block addr (its line: addr mod NUM_LINES) */
static row_t rq(const loscache_stim_t *s, unsigned op, uint64_t pc, uint64_t addr, unsigned pred)
{
    row_t r = {.op = op, .pc = pc, .addr = addr, .line = addr % s->cfg.NUM_LINES, .pred = pred};
    return r;
}

static void directed(loscache_stim_t *s)
{
    const loscache_cfg_t *c = &s->cfg;
    const uint64_t L = c->NUM_LINES;
    const uint64_t A = 3, B = 5, C = 7, D = 9, E = 11; /* PCs (fit PC_W >= 4) */
    /* blocks: a, b, c on lines 0, 1, 2; d replaces c on line 2; a2, a3 on
     * lines 3 and 4; b2 maps to b's line; c2 to c's; e to a's */
    const uint64_t a = 0, b = 1, cc = 2, d = 2 + L, a2 = 3 % L, a3 = 4 % L, b2 = 1 + L,
                   c2 = 2 + 2 * L, e = 3 * L;
    row_t idle = {0}, rst = {.rst = 1};
    push(s, rst, "reset (program start): table empty, prediction phase, counts 0, every line OFF");
    push(s, rst, NULL);
    push(s, idle, "reset values");
    /* prediction phase: results in the request's own cycle, P = T = 0 */
    push(s, rq(s, FILL, A, a, 1), "prediction phase: predictor PC A fills block a: inserted (A, a); the L2 counts 1 and wakes the line; the result is in this cycle (no table lookup)");
    push(s, rq(s, HIT, A, a, 1), "PC A hits a: not inserted again; the count goes on (2)");
    push(s, rq(s, HIT, A, a, 1), "a third access: count 3");
    push(s, rq(s, FILL, B, b, 1), "predictor PC B fills b once: inserted (B, b), count 1");
    push(s, rq(s, FILL, C, cc, 1), "predictor PC C fills c: inserted (C, c)");
    push(s, rq(s, HIT, C, cc, 1), "c hit: count 2");
    push(s, rq(s, FILL, D, d, 0), "another CTA's PC D fills d into c's line (c is replaced): counted, not inserted");
    row_t done = {.done = 1};
    push(s, done, "done_i: the predictor CTA completes before LIMIT accesses; the phase ends at this edge");
    /* count load: entries A, B, C; the L2 answers their lines */
    row_t ld = {.ldhit = 1, .ldline = a % L};
    ld.op = HIT, ld.pc = A, ld.addr = a, ld.line = a % L;
    push(s, ld, "count load of entry 0 (A, a): the tag lookup answers a's line; P := its count, 3; a request presented now is not accepted (ready_o 0)");
    row_t ldb = {.ldhit = 1, .ldline = b % L};
    push(s, ldb, "entry 1 (B, b): P := 1");
    row_t ldc = {.ldhit = 0, .ldline = cc % L};
    push(s, ldc, "entry 2 (C, c): c is no longer in the L2 (ld_hit_i 0): P := 0, no prediction");
    /* normal execution: a request acts one cycle after it is presented */
    push(s, rq(s, FILL, A, a2, 0), "normal execution: PC A fills a new block a2; the table answers next cycle (P 3) and the request acts then");
    push(s, rq(s, HIT, A, a2, 0), "a2 hit (the fill acts now: count 1, line woken)");
    push(s, rq(s, HIT, A, a2, 0), "a2 hit (count 2)");
    push(s, idle, "(the third access acts: count 3 = P: gate_o, the line is OFF from the next cycle)");
    push(s, rq(s, HIT, A, a2, 0), "PC A hits a2's tag again: the line was gated too early");
    push(s, idle, "(it acts: early_o, refilled; eg_o raises entry 0's T to 1 at this edge)");
    push(s, rq(s, FILL, A, a3, 0), "PC A fills a3: the table answers T 1 now, P + T = 4");
    push(s, rq(s, HIT, A, a3, 0), NULL);
    push(s, rq(s, HIT, A, a3, 0), NULL);
    push(s, rq(s, HIT, A, a3, 0), "the fourth access to a3");
    push(s, idle, "(it acts: count 4 = P + T: gate_o)");
    push(s, rq(s, HIT, A, a3, 0), "a3's tag again: early gating again, T + 1 or T at its maximum stays");
    push(s, idle, NULL);
    push(s, rq(s, FILL, B, b2, 0), "PC B (P 1) fills b2 into b's line");
    push(s, idle, "(it acts: P + T = 1: bypass_o, nothing allocated, b's count unchanged)");
    push(s, rq(s, FILL, C, c2, 0), "PC C (P 0: its block was replaced before the load) fills c2: no prediction");
    push(s, rq(s, HIT, C, c2, 0), NULL);
    push(s, rq(s, HIT, C, c2, 0), "(c2 counts on, never gated)");
    push(s, rq(s, FILL, E, e, 0), "a PC the table does not hold fills e into a's line: table miss, P 0");
    push(s, rq(s, HIT, A, a2, 0), "a request of PC A, then a kernel launch while it waits for the counters");
    row_t kern = {.kernel = 1};
    kern.op = FILL, kern.pc = A, kern.addr = a3, kern.line = a3 % L;
    push(s, kern, "kernel_i: the waiting request acts without a prediction (the table is being cleared); this cycle's request is not accepted");
    /* kernel 2: the phase ends at the LIMIT-th access */
    for (unsigned k = 0; k < c->LIMIT; k++) {
        uint64_t blk = 5 + (k % 4);
        push(s, rq(s, k < 4 ? FILL : HIT, k % 2 ? B : A, blk, k % 3 == 0),
             k == 0 ? "kernel 2, prediction phase: lines and counts kept; accesses act in their own cycle; the LIMIT-th ends the phase"
                    : NULL);
    }
    row_t l2 = {.ldhit = 1, .ldline = 5 % L};
    push(s, l2, "count load of kernel 2's first entry");
    push(s, idle, NULL);
    push(s, rq(s, HIT, A, 5, 0), "normal execution of kernel 2");
    push(s, idle, NULL);
    push(s, rst, "reset: the constrained-random traffic follows");
}

static void new_pool(loscache_stim_t *s)
{
    unsigned want = s->cfg.ENTRIES + 3;
    if (want > POOL)
        want = POOL;
    s->npool = want;
    for (unsigned i = 0; i < want; i++) {
        s->pool[i] = ct_rng_next(&s->rng) & s->pc_mask;
        s->base[i] = ct_rng_next(&s->rng) & s->addr_mask;
    }
}

loscache_stim_t *loscache_stim_new(const loscache_cfg_t *c, uint64_t seed)
{
    loscache_stim_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->cfg = *c;
    s->dir.n_in = LOSCACHE_IN_WORDS;
    s->pc_mask = ct_mask(c->PC_W);
    s->addr_mask = ct_mask(c->ADDR_W);
    s->line_mask = ct_mask(LOSCACHE_LINE_W(c));
    s->tag = calloc(c->NUM_LINES, sizeof *s->tag);
    loscache_pt_cfg_t tc;
    loscache_pwr_cfg_t pc;
    loscache_parts(c, &tc, &pc);
    char err[CT_ERRLEN];
    s->shadow = loscache_pt_new(&tc, err, sizeof err);
    if (!s->tag || !s->shadow) {
        loscache_stim_free(s);
        return NULL;
    }
    ct_rng_seed(&s->rng, seed);
    directed(s);
    new_pool(s);
    return s;
}

void loscache_stim_free(loscache_stim_t *s)
{
    if (!s)
        return;
    ct_script_free(&s->dir);
    free(s->tag);
    loscache_pt_free(s->shadow);
    free(s);
}

void loscache_stim_next(loscache_stim_t *s, loscache_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return; /* the prologue ends with a reset: the shadow's initial state */
    const loscache_cfg_t *c = &s->cfg;
    ct_rng_t *r = &s->rng;
    loscache_in_t x = {{0}};
    loscache_pt_in_t ti = {{0}};
    loscache_pt_out_t to;
    loscache_pt_eval(s->shadow, &ti, &to);
    int accept = 1;
    if (ct_rng_below(r, 20000) == 0) { /* program restart: the L2 is empty */
        x.rst_i = 1;
        memset(s->tag, 0, c->NUM_LINES * sizeof *s->tag);
        new_pool(s);
    } else if (ct_rng_below(r, 1500) == 0) { /* a new kernel */
        x.kernel_i = 1;
        new_pool(s);
        accept = 0;
    } else if (to.phase_o == LOSCACHE_PT_LOAD) {
        uint64_t line = to.ld_addr_o % c->NUM_LINES;
        x.ld_line_i = line;
        x.ld_hit_i = s->tag[line] == to.ld_addr_o + 1;
        accept = 0;
    }
    if (!x.rst_i && ct_rng_below(r, 100) < (accept ? 60 : 15)) {
        unsigned k = (unsigned)ct_rng_below(r, s->npool);
        uint64_t addr = (s->base[k] + ct_rng_below(r, 3)) & s->addr_mask;
        uint64_t line = addr % c->NUM_LINES;
        x.req_pc_i = s->pool[k];
        x.req_addr_i = addr;
        x.req_pred_i = to.phase_o == LOSCACHE_PT_PREDICT && ct_rng_below(r, 2);
        if (ct_rng_below(r, 20) == 0) { /* the L2 evicts a line without refill */
            line = ct_rng_below(r, c->NUM_LINES);
            x.req_op_i = EVICT;
            if (accept)
                s->tag[line] = 0;
        } else {
            x.req_op_i = s->tag[line] == addr + 1 ? HIT : FILL;
            if (accept)
                s->tag[line] = addr + 1;
        }
        x.req_line_i = ct_rng_below(r, 50) ? line : ct_rng_next(r) & s->line_mask;
    }
    x.done_i = to.phase_o == LOSCACHE_PT_PREDICT && ct_rng_below(r, 2 * c->LIMIT) == 0;
    ti.rst_i = x.rst_i | x.kernel_i;
    ti.acc_v_i = accept && (x.req_op_i == FILL || x.req_op_i == HIT);
    ti.acc_pred_i = x.req_pred_i;
    ti.acc_pc_i = x.req_pc_i;
    ti.acc_addr_i = x.req_addr_i;
    ti.done_i = x.done_i;
    loscache_pt_step(s->shadow, &ti);
    *in = x;
}
