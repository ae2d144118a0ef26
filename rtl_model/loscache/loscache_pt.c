/*
 * loscache_pt.c - C model of LoSCache's prediction table (loscache_pt.h).
 *
 * State, as in the RTL: the entries (PC, block address, P, T) of which
 * 0 .. used-1 are valid, the phase, the prediction phase's access count, the
 * count load's entry pointer, and the lookup register (hit, index).
 */
#include "loscache_pt.h"

#include "ct_cov.h"
#include "loscache_pt_core.h"

#include <stdlib.h>
#include <string.h>

int loscache_pt_check(const loscache_pt_cfg_t *c, char *err, size_t errlen)
{
    (void)c;
    (void)err;
    (void)errlen;
    return 0;
}

loscache_pt_t *loscache_pt_new(const loscache_pt_cfg_t *c, char *err, size_t errlen)
{
    if (loscache_pt_validate(c, err, errlen))
        return NULL;
    loscache_pt_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *c;
    m->pc = calloc(c->ENTRIES, sizeof *m->pc);
    m->addr = calloc(c->ENTRIES, sizeof *m->addr);
    m->p = calloc(c->ENTRIES, 1);
    m->t = calloc(c->ENTRIES, 1);
    if (!m->pc || !m->addr || !m->p || !m->t) {
        loscache_pt_free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->pc_mask = ct_mask(c->PC_W);
    m->addr_mask = ct_mask(c->ADDR_W);
    m->cnt_mask = ct_mask(c->CNT_W);
    m->idx_mask = ct_mask(LOSCACHE_PT_IDX_W(c));
    m->thr_max = (unsigned)ct_mask(c->THR_W);
    return m;
}

void loscache_pt_free(loscache_pt_t *m)
{
    if (!m)
        return;
    free(m->pc);
    free(m->addr);
    free(m->p);
    free(m->t);
    free(m);
}

/* The valid entry holding pc, or -1. */
static int find(const loscache_pt_t *m, uint64_t pc)
{
    for (unsigned i = 0; i < m->used; i++)
        if (m->pc[i] == pc)
            return (int)i;
    return -1;
}

void loscache_pt_eval(const loscache_pt_t *m, const loscache_pt_in_t *in, loscache_pt_out_t *out)
{
    loscache_pt_core_eval(m, in, out);
}

void loscache_pt_step(loscache_pt_t *m, const loscache_pt_in_t *in)
{
    if (in->rst_i & 1) {
        m->used = 0;
        m->phase = LOSCACHE_PT_PREDICT;
        m->acc = m->ldp = 0;
        m->r_hit = m->r_idx = 0;
        return;
    }
    const loscache_pt_cfg_t *c = &m->cfg;
    int acc = in->acc_v_i & 1;
    uint64_t pc = in->acc_pc_i & m->pc_mask;
    unsigned eg_idx = (unsigned)(in->eg_idx_i & m->idx_mask);
    int eg = (in->eg_v_i & 1) && eg_idx < m->used;
    if ((in->eg_v_i & 1) && !eg)
        m->cov.bin[PT_COV_EG_INVALID]++;

    /* the lookup register: this cycle's compare (P and T are read from the
     * entry in the next cycle, after the T raise below) */
    int hit = -1;
    if (m->phase == LOSCACHE_PT_NORMAL && acc) {
        hit = find(m, pc);
        m->cov.bin[hit >= 0 ? PT_COV_HIT : PT_COV_MISS]++;
        if (hit >= 0 && eg && (unsigned)hit == eg_idx)
            m->cov.bin[PT_COV_EG_LOOKUP]++;
    }
    m->r_hit = hit >= 0;
    m->r_idx = hit >= 0 ? (unsigned)hit : 0;

    if (eg) {
        if (m->t[eg_idx] == m->thr_max)
            m->cov.bin[PT_COV_T_SAT]++;
        else
            m->t[eg_idx]++;
    }

    switch (m->phase) {
    case LOSCACHE_PT_PREDICT: {
        int end_limit = 0;
        if (acc) {
            if (in->acc_pred_i & 1) {
                if (find(m, pc) >= 0) {
                    m->cov.bin[PT_COV_REPEAT_PC]++;
                } else if (m->used < c->ENTRIES) {
                    m->pc[m->used] = pc;
                    m->addr[m->used] = in->acc_addr_i & m->addr_mask;
                    m->p[m->used] = 0;
                    m->t[m->used] = 0;
                    m->used++;
                    m->cov.bin[PT_COV_INSERT]++;
                } else {
                    m->cov.bin[PT_COV_FULL_DROP]++;
                }
            }
            end_limit = m->acc + 1 >= c->LIMIT;
            if (!end_limit)
                m->acc++;
        }
        int done = in->done_i & 1;
        if (end_limit || done) {
            m->cov.bin[end_limit && done ? PT_COV_END_BOTH
                       : end_limit       ? PT_COV_END_LIMIT
                                         : PT_COV_END_DONE]++;
            if (!m->used)
                m->cov.bin[PT_COV_END_EMPTY]++;
            m->phase = m->used ? LOSCACHE_PT_LOAD : LOSCACHE_PT_NORMAL;
            m->ldp = 0;
        }
        break;
    }
    case LOSCACHE_PT_LOAD:
        m->p[m->ldp] = (uint8_t)(in->cnt_i & m->cnt_mask);
        if (!m->p[m->ldp])
            m->cov.bin[PT_COV_LOAD_ZERO]++;
        if (m->ldp + 1 == m->used) {
            m->phase = LOSCACHE_PT_NORMAL;
            m->ldp = 0;
        } else {
            m->ldp++;
        }
        break;
    default:
        break;
    }
}

void loscache_pt_cycle(loscache_pt_t *m, const loscache_pt_in_t *in, loscache_pt_out_t *out)
{
    loscache_pt_eval(m, in, out);
    loscache_pt_step(m, in);
}

void loscache_pt_run(loscache_pt_t *m, const loscache_pt_in_t *in, loscache_pt_out_t *out,
                     size_t n)
{
    for (size_t i = 0; i < n; i++)
        loscache_pt_cycle(m, &in[i], &out[i]);
}

int loscache_pt_entry(const loscache_pt_t *m, unsigned i, uint64_t *pc, uint64_t *addr,
                      unsigned *p, unsigned *t)
{
    if (i >= m->used)
        return 0;
    *pc = m->pc[i];
    *addr = m->addr[i];
    *p = m->p[i];
    *t = m->t[i];
    return 1;
}

/* ---------------------------------------------------------- instruments */

void loscache_pt_coverage(const loscache_pt_t *m, loscache_pt_cov_t *cov) { *cov = m->cov; }

static const char *const bin_name[PT_COV_N] = {
    "insert",     "repeat-pc",  "full-drop", "end-limit",  "end-done",
    "end-both",   "end-empty",  "load-zero", "hit",        "miss",
    "t-saturated", "eg-invalid", "eg-lookup-same-entry"};

int loscache_pt_cov_check(const loscache_pt_cfg_t *c, const loscache_pt_cov_t *cov, FILE *f)
{
    int required[PT_COV_N];
    for (unsigned b = 0; b < PT_COV_N; b++)
        /* with LIMIT 1 every phase ends at its first access, never by done_i
         * alone; a drop needs more PCs than entries, all in one phase */
        required[b] = !(b == PT_COV_END_DONE && c->LIMIT == 1) &&
                      !(b == PT_COV_FULL_DROP &&
                        (c->LIMIT <= c->ENTRIES || (c->PC_W < 7 && (1u << c->PC_W) <= c->ENTRIES)));
    fprintf(f, "coverage:");
    int holes = ct_cov_bins(f, bin_name, cov->bin, required, PT_COV_N, "not possible");
    ct_cov_verdict(f, holes);
    return holes;
}

int loscache_pt_report(const loscache_pt_t *m, FILE *f)
{
    return loscache_pt_cov_check(&m->cfg, &m->cov, f);
}

CT_DEFINE_BLOCK_RC(loscache_pt, LOSCACHE_PT, loscache_pt_report, 15,
                   "one per LD/ST unit, one LD/ST unit per SM, LoSCache [000]'s 15 SMs")
