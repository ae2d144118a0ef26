/*
 * loscache.c - the whole LoSCache unit as a composition of the loscache_pt
 * and loscache_pwr C models (see loscache.h for the wiring).  The one state
 * of its own is the request register between the table lookup and the
 * counters (the paper's 1-cycle table access, normal execution only).
 */
#include "loscache.h"

#include <stdlib.h>

#include "loscache_core.h"
#include "loscache_pt_core.h"
#include "loscache_pwr_core.h"

enum { OP_NOP = 0, OP_FILL = 1, OP_HIT = 2 };

struct loscache {
    loscache_pt_t *pt;
    loscache_pwr_t *pwr;
    uint64_t line_mask; /* the parts mask their other inputs themselves */
    uint64_t rq_op, rq_line; /* request register: a normal-phase request (op 0: empty) */
};

void loscache_parts(const loscache_cfg_t *c, loscache_pt_cfg_t *pt, loscache_pwr_cfg_t *pwr)
{
    ct_config_by_name(&loscache_block, c->v, &loscache_pt_block, pt->v);   /* all by name */
    ct_config_by_name(&loscache_block, c->v, &loscache_pwr_block, pwr->v); /* all by name */
}

int loscache_check(const loscache_cfg_t *c, char *err, size_t errlen)
{
    loscache_pt_cfg_t tc;
    loscache_pwr_cfg_t pc;
    loscache_parts(c, &tc, &pc);
    if (loscache_pt_validate(&tc, err, errlen) || loscache_pwr_validate(&pc, err, errlen))
        return -1;
    return 0;
}

loscache_t *loscache_new(const loscache_cfg_t *c, char *err, size_t errlen)
{
    if (loscache_validate(c, err, errlen))
        return NULL;
    loscache_pt_cfg_t tc;
    loscache_pwr_cfg_t pc;
    loscache_parts(c, &tc, &pc);
    loscache_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->line_mask = ct_mask(LOSCACHE_LINE_W(c));
    m->pt = loscache_pt_new(&tc, err, errlen);
    m->pwr = m->pt ? loscache_pwr_new(&pc, err, errlen) : NULL;
    if (!m->pwr) {
        loscache_free(m);
        return NULL;
    }
    return m;
}

void loscache_free(loscache_t *m)
{
    if (!m)
        return;
    loscache_pt_free(m->pt);
    loscache_pwr_free(m->pwr);
    free(m);
}

const loscache_pt_t *loscache_table(const loscache_t *m) { return m->pt; }
const loscache_pwr_t *loscache_power(const loscache_t *m) { return m->pwr; }

/* One cycle of both parts: outputs in *o, and, when edge, the rising edge.
 * The table's outputs and the line-power unit's cycle are the parts' own
 * functions (loscache_pt_core.h, loscache_pwr_core.h), inlined here. */
static CT_HOT_INLINE void both(loscache_t *m, const loscache_in_t *in, loscache_out_t *o, int edge)
{
    const uint64_t rst = in->rst_i & 1, trst = rst | (in->kernel_i & 1);
    const uint64_t req_op = in->req_op_i & 3, req_line = in->req_line_i & m->line_mask;
    /* the table's outputs come from its registers and its reset only */
    loscache_pt_in_t ti = {.rst_i = trst};
    loscache_pt_out_t to;
    loscache_pt_core_eval(m->pt, &ti, &to);
    const uint64_t ready = !trst && to.phase_o != LOSCACHE_PT_LOAD;
    /* the counters' port: the waiting normal-phase request, the count load's
     * read, or this cycle's prediction-phase request */
    uint64_t op, line;
    if (m->rq_op || to.phase_o == LOSCACHE_PT_NORMAL)
        op = m->rq_op, line = m->rq_line;
    else if (to.phase_o == LOSCACHE_PT_LOAD)
        op = OP_NOP, line = in->ld_line_i & m->line_mask;
    else
        op = ready ? req_op : OP_NOP, line = req_line;
    loscache_pwr_in_t pi = {.rst_i = rst, .op_i = op, .line_i = line,
                            .pred_i = to.p_o, .thr_i = to.t_o};
    loscache_pwr_out_t po;
    loscache_pwr_core_both(m->pwr, &pi, &po, edge);
    const uint64_t eg = po.early_o & to.hit_o;
    if (edge) {
        ti.acc_v_i = ready && (req_op == OP_FILL || req_op == OP_HIT);
        ti.acc_pred_i = in->req_pred_i;
        ti.acc_pc_i = in->req_pc_i;
        ti.acc_addr_i = in->req_addr_i;
        ti.done_i = in->done_i;
        ti.cnt_i = (in->ld_hit_i & 1) ? po.count_o : 0;
        ti.eg_v_i = eg;
        ti.eg_idx_i = to.idx_o;
        loscache_pt_step(m->pt, &ti);
        int keep = ready && to.phase_o == LOSCACHE_PT_NORMAL;
        m->rq_op = keep ? req_op : 0;
        m->rq_line = keep ? req_line : 0;
    }
    loscache_core_outputs(o, &to, &po, rst, ready, op, line, eg);
}
#define CT_OUT_T_ loscache_out_t
CT_OUTPUTS_FROM(LOSCACHE, CT_COUNT(LOSCACHE_FROM_PT) + CT_COUNT(LOSCACHE_FROM_PWR) + CT_COUNT(LOSCACHE_OWN));
#undef CT_OUT_T_

CT_COMPOSED_API(loscache, both)

/* The table's rows count once per SM on the chip (its descriptor's copies);
 * the line-power unit's and the request register, once (copies 0: the
 * block's, none). */
static unsigned loscache_storage(const uint32_t *cv, ct_storage_t *out)
{
    const loscache_cfg_t *c = (const loscache_cfg_t *)cv;
    loscache_pt_cfg_t tc;
    loscache_pwr_cfg_t pc;
    loscache_parts(c, &tc, &pc);
    unsigned n = loscache_pt_block.storage(tc.v, out);
    for (unsigned k = 0; k < n; k++)
        out[k].copies = loscache_pt_block.copies;
    n += loscache_pwr_block.storage(pc.v, out + n);
    LOSCACHE_STORAGE(CT_X_STORE)
    return n;
}

CT_DEFINE_COMPOSED_BLOCK_COV(loscache, LOSCACHE, loscache_storage, NULL) /* (its parts: core headers, this file's code) */
