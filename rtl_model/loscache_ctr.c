/*
 * loscache_ctr.c - C reference model of the LoSCache per-line access
 * counters (seed 000, Sec. IV-A/IV-C).  Behaviour: loscache_ctr.h;
 * decisions: docs/blocks/loscache_ctr.md.
 *
 * Speed matters (make bench): one cycle is one table read, a few compares
 * and at most one table write; all derived constants are computed once.
 */
#include "loscache_ctr.h"

#include <stdlib.h>

/*
 * Speed (make bench): random stimulus makes op_i and off_i unpredictable,
 * and a mispredicted branch costs more than a whole cycle of this model, so
 * everything that depends only on (op_i, off_i, count) is precomputed into a
 * transition table of 8 x 2^CNT_W words, built once from the rules in
 * loscache_ctr.h; only the compares that involve P and T are done per cycle.
 * One table word:
 */
#define T_NEXT(w) ((uint32_t)(w)&0xffffu)          /* next count unless bypassed */
#define T_INC(w) ((uint32_t)((w) >> 16) & 0xffffu) /* HIT on a powered line:
                                                   * count + 1 saturating;
                                                   * else 0 (P + T >= 1 when
                                                   * P != 0: never gates) */
#define T_REFILL 33 /* FILL or early gating: may bypass */
#define T_EARLY 34  /* early-gating misprediction */

typedef struct {
    uint64_t line_mask, cnt_mask, thr_mask;
    uint64_t num_lines;
    uint32_t thr_max;
} consts_t;

struct loscache_ctr {
    loscache_ctr_cfg_t cfg;
    consts_t k;
    uint64_t *table; /* index count << 3 | op_i << 1 | off_i */
    uint16_t count[]; /* NUM_LINES entries, CNT_W <= 16 bits each */
};

static uint64_t table_word(uint32_t op, uint32_t off, uint32_t cur,
                           uint32_t cnt_max)
{
    uint32_t hit = op == LOSCACHE_CTR_OP_HIT;
    uint32_t early = hit && off;
    uint32_t refill = op == LOSCACHE_CTR_OP_FILL || early;
    uint32_t inc = cur == cnt_max ? cur : cur + 1;
    uint32_t next = refill ? 1
                    : hit  ? inc
                    : op == LOSCACHE_CTR_OP_EVICT ? 0 : cur;
    return (uint64_t)next | (uint64_t)(hit && !off ? inc : 0) << 16 |
           (uint64_t)refill << T_REFILL |
           (uint64_t)early << T_EARLY;
}

int loscache_ctr_check(const loscache_ctr_cfg_t *c, char *err, size_t errlen)
{
    (void)c, (void)err, (void)errlen; /* min/max in the description suffice */
    return 0;
}

loscache_ctr_t *loscache_ctr_new(const loscache_ctr_cfg_t *c, char *err,
                                 size_t errlen)
{
    if (loscache_ctr_validate(c, err, errlen))
        return NULL;
    loscache_ctr_t *m =
        calloc(1, sizeof *m + (size_t)c->NUM_LINES * sizeof m->count[0]);
    uint64_t *table = malloc(((size_t)8 << c->CNT_W) * sizeof *table);
    if (!m || !table) {
        free(m);
        free(table);
        snprintf(err, errlen, "out of memory for %lu lines",
                 (unsigned long)c->NUM_LINES);
        return NULL;
    }
    m->cfg = *c;
    consts_t *k = &m->k;
    k->cnt_mask = ct_mask(c->CNT_W);
    k->thr_mask = ct_mask(c->THR_W);
    k->line_mask = ct_mask(ct_clog2(c->NUM_LINES));
    k->num_lines = c->NUM_LINES;
    k->thr_max = (uint32_t)k->thr_mask;
    m->table = table;
    for (uint32_t i = 0; i < 8; i++)
        for (uint32_t cur = 0; cur <= k->cnt_mask; cur++)
            table[(size_t)cur << 3 | i] =
                table_word(i >> 1, i & 1, cur, (uint32_t)k->cnt_mask);
    return m;
}

void loscache_ctr_free(loscache_ctr_t *m)
{
    if (m)
        free(m->table);
    free(m);
}

unsigned loscache_ctr_count(const loscache_ctr_t *m, unsigned line)
{
    return line < m->k.num_lines ? m->count[line] : 0;
}

/* Outputs of one ordinary cycle; returns line_i's next count. */
static inline uint32_t decide(const consts_t *k, const uint64_t *table,
                              const uint16_t *count,
                              const loscache_ctr_in_t *in, uint64_t line,
                              loscache_ctr_out_t *o)
{
    uint64_t p = in->pred_i & k->cnt_mask;
    uint64_t t = in->thr_i & k->thr_mask;
    uint32_t cur = count[line];
    uint64_t w = table[(uint64_t)cur << 3 | (in->op_i & 3) << 1 | (in->off_i & 1)];
    /* P != 0 and P + T == 1  <=>  P == 1 and T == 0 */
    uint64_t byp = (w >> T_REFILL) & (((p ^ 1) | t) == 0);
    uint64_t early = (w >> T_EARLY) & 1;
    uint32_t nxt = byp ? cur : T_NEXT(w);

    o->count_o = nxt;
    /* P + T cannot wrap: at most 2^CNT_W - 1 + 2^THR_W - 1 */
    o->gate_o = (p != 0) & (T_INC(w) >= p + t);
    o->bypass_o = byp;
    o->early_o = early;
    o->thr_o = t + (early & (t != k->thr_max));
    return nxt;
}

/* One cycle: outputs, then the rising edge. */
static inline void cycle(const consts_t *k, const uint64_t *table,
                         uint16_t *restrict count,
                         const loscache_ctr_in_t *in, loscache_ctr_out_t *o)
{
    uint64_t line = in->line_i & k->line_mask;
    /* line_mask < 2^21, so a set reset bit at 2^32 fails the compare */
    if ((line | (in->rst_i & 1) << 32) < k->num_lines) {
        count[line] = (uint16_t)decide(k, table, count, in, line, o);
        return;
    }
    /* reset, or a line index past NUM_LINES: every output 0, no write */
    o->count_o = o->gate_o = o->bypass_o = o->early_o = o->thr_o = 0;
    if (in->rst_i & 1)
        memset(count, 0, (size_t)k->num_lines * sizeof count[0]);
}

void loscache_ctr_eval(const loscache_ctr_t *m, const loscache_ctr_in_t *in,
                       loscache_ctr_out_t *out)
{
    uint64_t line = in->line_i & m->k.line_mask;
    if (!(in->rst_i & 1) & (line < m->k.num_lines))
        decide(&m->k, m->table, m->count, in, line, out);
    else
        out->count_o = out->gate_o = out->bypass_o = out->early_o =
            out->thr_o = 0;
}

void loscache_ctr_cycle(loscache_ctr_t *m, const loscache_ctr_in_t *in,
                        loscache_ctr_out_t *out)
{
    cycle(&m->k, m->table, m->count, in, out);
}

void loscache_ctr_run(loscache_ctr_t *m, const loscache_ctr_in_t *in,
                      loscache_ctr_out_t *out, size_t n)
{
    const consts_t k = m->k;
    const uint64_t *table = m->table;
    uint16_t *restrict count = m->count;
    for (size_t i = 0; i < n; i++)
        cycle(&k, table, count, &in[i], &out[i]);
}

void loscache_ctr_step(loscache_ctr_t *m, const loscache_ctr_in_t *in)
{
    loscache_ctr_out_t o;
    cycle(&m->k, m->table, m->count, in, &o);
}

CT_DEFINE_BLOCK(loscache_ctr, LOSCACHE_CTR)
