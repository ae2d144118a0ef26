/*
 * loscache_ctr.c - C reference model of the LoSCache per-line access
 * counters (LoSCache [000], Sec. IV-A/IV-C).  Behaviour: loscache_ctr.h;
 * decisions: docs/blocks/loscache_ctr.md.
 *
 * Speed matters (make bench): one cycle is one table read, a few compares
 * and at most one table write; all derived constants are computed once.
 */
#include "loscache_ctr.h"

#include <stdlib.h>

#include "loscache_ctr_core.h"

/*
 * Speed (make bench): random stimulus makes op_i and off_i unpredictable,
 * and a mispredicted branch costs more than a whole cycle of this model, so
 * the rules of loscache_ctr.h are evaluated once per configuration into
 * small tables, and a cycle is a handful of table loads and compares with
 * no data-dependent branch.  Fields live in parallel tables (one load per
 * field instead of shift-and-mask).
 *
 * Line state: the count, or DEAD for a line index >= NUM_LINES (the array
 * covers every index of the port, 2^LINE_W), so the range check is part of
 * the table contents: DEAD rows give all-zero outputs and stay DEAD.
 *   line tables, index state << 3 | op_i << 1 | off_i (8 x 256):
 *     l_next   next state unless bypassed
 *     l_inc    HIT on a powered line: count + 1 saturating; else 0 (P + T >= 1
 *              when P != 0, so 0 never gates)
 *     l_refill 1 for FILL or early gating (may bypass)
 *     l_early  1 for early gating
 *     l_live   0xff for a line below NUM_LINES, 0 for DEAD (masks outputs)
 *   prediction tables, index pred_i[7:0] << 4 | thr_i[3:0] (4,096; masking P
 *   to CNT_W and T to THR_W bits is built into the contents):
 *     p_limit  P + T, or 0x1ff (unreachable) for P = 0
 *     p_bypass 1 when P != 0 and P + T == 1
 *     p_thr    [2] T, and T + 1 saturating (chosen by l_early)
 */
#define DEAD 0xffu

static void build_tables(tables_t *t, uint32_t cnt_max, uint32_t thr_max)
{
    for (uint32_t cur = 0; cur < 256; cur++) {
        for (uint32_t i = 0; i < 8; i++) {
            uint32_t op = i >> 1, off = i & 1, k = cur << 3 | i;
            if (cur > cnt_max) { /* DEAD, or unreachable */
                t->l_next[k] = (uint8_t)cur;
                t->l_inc[k] = t->l_refill[k] = t->l_early[k] = t->l_live[k] = 0;
                continue;
            }
            uint32_t hit = op == LOSCACHE_CTR_OP_HIT;
            uint32_t early = hit && off;
            uint32_t refill = op == LOSCACHE_CTR_OP_FILL || early;
            uint32_t inc = cur == cnt_max ? cur : cur + 1;
            t->l_next[k] = (uint8_t)(refill ? 1
                                     : hit  ? inc
                                     : op == LOSCACHE_CTR_OP_EVICT ? 0 : cur);
            t->l_inc[k] = (uint16_t)(hit && !off ? inc : 0);
            t->l_refill[k] = (uint8_t)refill;
            t->l_early[k] = (uint8_t)early;
            t->l_live[k] = 0xff;
        }
    }
    for (uint32_t i = 0; i < 4096; i++) {
        uint32_t p = (i >> 4) & cnt_max, tt = i & thr_max;
        t->p_limit[i] = (uint16_t)(p ? p + tt : 0x1ff); /* P + T <= 127 + 15 */
        t->p_bypass[i] = p != 0 && p + tt == 1;
        t->p_thr[i][0] = (uint8_t)tt;
        t->p_thr[i][1] = (uint8_t)(tt == thr_max ? tt : tt + 1);
    }
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
    size_t span = (size_t)1 << ct_clog2(c->NUM_LINES);
    loscache_ctr_t *m = calloc(1, sizeof *m + span);
    tables_t *t = malloc(sizeof *t);
    if (!m || !t) {
        free(m);
        free(t);
        snprintf(err, errlen, "out of memory for %lu lines",
                 (unsigned long)c->NUM_LINES);
        return NULL;
    }
    m->cfg = *c;
    m->line_mask = span - 1;
    m->num_lines = c->NUM_LINES;
    m->t = t;
    memset(m->state + c->NUM_LINES, DEAD, span - c->NUM_LINES);
    build_tables(t, (uint32_t)ct_mask(c->CNT_W), (uint32_t)ct_mask(c->THR_W));
    return m;
}

void loscache_ctr_free(loscache_ctr_t *m)
{
    if (m)
        free(m->t);
    free(m);
}

unsigned loscache_ctr_count(const loscache_ctr_t *m, unsigned line)
{
    return line < m->num_lines ? m->state[line] : 0;
}

void loscache_ctr_eval(const loscache_ctr_t *m, const loscache_ctr_in_t *in,
                       loscache_ctr_out_t *out)
{
    if (in->rst_i & 1)
        out->count_o = out->gate_o = out->bypass_o = out->early_o =
            out->thr_o = 0;
    else
        loscache_ctr_core_decide(m->t, m->state, in, in->line_i & m->line_mask, out);
}

void loscache_ctr_cycle(loscache_ctr_t *m, const loscache_ctr_in_t *in,
                        loscache_ctr_out_t *out)
{
    loscache_ctr_core_cycle(m, in, out);
}

void loscache_ctr_run(loscache_ctr_t *m, const loscache_ctr_in_t *in,
                      loscache_ctr_out_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        loscache_ctr_core_cycle(m, &in[i], &out[i]);
}

void loscache_ctr_step(loscache_ctr_t *m, const loscache_ctr_in_t *in)
{
    loscache_ctr_out_t o;
    loscache_ctr_cycle(m, in, &o);
}

CT_DEFINE_BLOCK_COV(loscache_ctr, LOSCACHE_CTR)
