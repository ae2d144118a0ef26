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
 * the rules of loscache_ctr.h are evaluated once per configuration into two
 * small tables, and a cycle is two table look-ups and a few bit operations:
 *   line table, index count << 3 | op_i << 1 | off_i (8 x 2^CNT_W words):
 */
#define L_NEXT(w) ((w)&0xffu)           /* next count unless bypassed */
#define L_INC(w) (((w) >> 8) & 0x1ffu)  /* HIT on a powered line: count + 1,
                                         * saturating; else 0 (never gates) */
#define L_REFILL(w) (((w) >> 17) & 1u)  /* FILL or early gating */
#define L_EARLY(w) (((w) >> 18) & 1u)   /* early-gating misprediction */
/*   prediction table, index pred_i[7:0] << 4 | thr_i[3:0] (4,096 words; the
 *   masking of P to CNT_W and T to THR_W bits is built into the contents,
 *   so the per-cycle index uses constant masks):                            */
#define P_LIMIT(w) ((w)&0x1ffu)         /* P + T, or 511 (unreachable) for P = 0 */
#define P_BYPASS(w) (((w) >> 9) & 1u)   /* P != 0 and P + T == 1 */
#define P_THR(w, early) (((w) >> (10 + 4 * (early))) & 0xfu) /* T, or T + 1
                                         * saturating when early */

typedef struct {
    uint64_t line_mask, num_lines;
} consts_t;

struct loscache_ctr {
    loscache_ctr_cfg_t cfg;
    consts_t k;
    uint32_t *ltab, *ptab;
    uint8_t count[]; /* NUM_LINES entries, CNT_W <= 8 bits each */
};

static uint32_t line_word(uint32_t op, uint32_t off, uint32_t cur,
                          uint32_t cnt_max)
{
    uint32_t hit = op == LOSCACHE_CTR_OP_HIT;
    uint32_t early = hit && off;
    uint32_t refill = op == LOSCACHE_CTR_OP_FILL || early;
    uint32_t inc = cur == cnt_max ? cur : cur + 1;
    uint32_t next = refill ? 1
                    : hit  ? inc
                    : op == LOSCACHE_CTR_OP_EVICT ? 0 : cur;
    return next | (hit && !off ? inc : 0) << 8 | refill << 17 | early << 18;
}

static uint32_t pred_word(uint32_t p, uint32_t t, uint32_t thr_max)
{
    uint32_t limit = p ? p + t : 511; /* P + T <= 255 + 15 < 511 */
    uint32_t bypass = p != 0 && p + t == 1;
    uint32_t tinc = t == thr_max ? t : t + 1;
    return limit | bypass << 9 | t << 10 | tinc << 14;
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
    loscache_ctr_t *m = calloc(1, sizeof *m + (size_t)c->NUM_LINES);
    size_t nl = (size_t)8 << c->CNT_W, np = 4096;
    uint32_t *ltab = malloc(nl * sizeof *ltab), *ptab = malloc(np * sizeof *ptab);
    if (!m || !ltab || !ptab) {
        free(m);
        free(ltab);
        free(ptab);
        snprintf(err, errlen, "out of memory for %lu lines",
                 (unsigned long)c->NUM_LINES);
        return NULL;
    }
    m->cfg = *c;
    m->k.line_mask = ct_mask(ct_clog2(c->NUM_LINES));
    m->k.num_lines = c->NUM_LINES;
    m->ltab = ltab;
    m->ptab = ptab;
    uint32_t cmax = (uint32_t)ct_mask(c->CNT_W), tmax = (uint32_t)ct_mask(c->THR_W);
    for (uint32_t cur = 0; cur <= cmax; cur++)
        for (uint32_t i = 0; i < 8; i++)
            ltab[cur << 3 | i] = line_word(i >> 1, i & 1, cur, cmax);
    for (uint32_t i = 0; i < np; i++)
        ptab[i] = pred_word((i >> 4) & cmax, i & tmax, tmax);
    return m;
}

void loscache_ctr_free(loscache_ctr_t *m)
{
    if (m) {
        free(m->ltab);
        free(m->ptab);
    }
    free(m);
}

unsigned loscache_ctr_count(const loscache_ctr_t *m, unsigned line)
{
    return line < m->k.num_lines ? m->count[line] : 0;
}

/* Outputs of one ordinary cycle; returns line_i's next count. */
static inline uint32_t decide(const uint32_t *ltab, const uint32_t *ptab,
                              const uint8_t *count, const loscache_ctr_in_t *in,
                              uint64_t line, loscache_ctr_out_t *o)
{
    uint64_t cur = count[line];
    uint64_t lw = ltab[cur << 3 | (in->op_i & 3) << 1 | (in->off_i & 1)];
    uint64_t pw = ptab[(in->pred_i & 0xff) << 4 | (in->thr_i & 0xf)];
    uint64_t byp = L_REFILL(lw) & P_BYPASS(pw);
    uint64_t early = L_EARLY(lw);
    uint64_t nxt = byp ? cur : L_NEXT(lw);
    o->count_o = nxt;
    o->gate_o = L_INC(lw) >= P_LIMIT(pw);
    o->bypass_o = byp;
    o->early_o = early;
    o->thr_o = P_THR(pw, early);
    return (uint32_t)nxt;
}

/* One cycle: outputs, then the rising edge. */
static inline void cycle(const consts_t *k, const uint32_t *ltab,
                         const uint32_t *ptab, uint8_t *restrict count,
                         const loscache_ctr_in_t *in, loscache_ctr_out_t *o)
{
    uint64_t line = in->line_i & k->line_mask;
    /* line_mask < 2^21, so a set reset bit at 2^32 fails the compare */
    if ((line | (in->rst_i & 1) << 32) < k->num_lines) {
        count[line] = (uint8_t)decide(ltab, ptab, count, in, line, o);
        return;
    }
    /* reset, or a line index past NUM_LINES: every output 0, no write */
    o->count_o = o->gate_o = o->bypass_o = o->early_o = o->thr_o = 0;
    if (in->rst_i & 1)
        memset(count, 0, (size_t)k->num_lines);
}

void loscache_ctr_eval(const loscache_ctr_t *m, const loscache_ctr_in_t *in,
                       loscache_ctr_out_t *out)
{
    uint64_t line = in->line_i & m->k.line_mask;
    if ((line | (in->rst_i & 1) << 32) < m->k.num_lines)
        decide(m->ltab, m->ptab, m->count, in, line, out);
    else
        out->count_o = out->gate_o = out->bypass_o = out->early_o =
            out->thr_o = 0;
}

void loscache_ctr_cycle(loscache_ctr_t *m, const loscache_ctr_in_t *in,
                        loscache_ctr_out_t *out)
{
    cycle(&m->k, m->ltab, m->ptab, m->count, in, out);
}

void loscache_ctr_run(loscache_ctr_t *m, const loscache_ctr_in_t *in,
                      loscache_ctr_out_t *out, size_t n)
{
    const consts_t k = m->k;
    const uint32_t *ltab = m->ltab, *ptab = m->ptab;
    uint8_t *restrict count = m->count;
    for (size_t i = 0; i < n; i++)
        cycle(&k, ltab, ptab, count, &in[i], &out[i]);
}

void loscache_ctr_step(loscache_ctr_t *m, const loscache_ctr_in_t *in)
{
    loscache_ctr_out_t o;
    cycle(&m->k, m->ltab, m->ptab, m->count, in, &o);
}

CT_DEFINE_BLOCK(loscache_ctr, LOSCACHE_CTR)
