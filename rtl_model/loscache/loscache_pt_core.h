/*
 * loscache_pt_core.h - private: the prediction table model's state and its
 * outputs (loscache_pt_eval), for loscache_pt.c and for the composition that
 * reads them every cycle without a call (loscache.c).  Not installed
 * (Makefile PRIV_HDRS).
 */
#ifndef LOSCACHE_PT_CORE_H
#define LOSCACHE_PT_CORE_H

#include <string.h>

#include "ct_cov.h"
#include "loscache_pt.h"

struct loscache_pt {
    loscache_pt_cfg_t cfg;
    uint64_t pc_mask, addr_mask, cnt_mask, idx_mask;
    unsigned thr_max;
    uint64_t *pc, *addr;
    uint8_t *p, *t;
    unsigned used, phase, acc, ldp;
    unsigned r_hit, r_idx;           /* lookup register: the registered compare */
    loscache_pt_cov_t cov;           /* instruments, not hardware */
};

/* The outputs of a cycle: from the registers and the reset only. */
static CT_HOT_INLINE void loscache_pt_core_eval(const loscache_pt_t *m, const loscache_pt_in_t *in,
                                                loscache_pt_out_t *out)
{
    memset(out, 0, sizeof *out);
    if (in->rst_i & 1)
        return;
    out->phase_o = m->phase;
    out->used_o = m->used;
    if (m->phase == LOSCACHE_PT_LOAD) {
        out->ld_v_o = 1;
        out->ld_idx_o = m->ldp;
        out->ld_addr_o = m->addr[m->ldp];
    }
    out->hit_o = m->r_hit;
    out->idx_o = m->r_idx;
    if (m->r_hit) { /* the hit entry's fields, read in this cycle */
        out->p_o = m->p[m->r_idx];
        out->t_o = m->t[m->r_idx];
    }
}

#endif
