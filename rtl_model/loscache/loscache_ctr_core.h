/*
 * loscache_ctr_core.h - private: the LoSCache counters model's state and its
 * per-cycle rule, for loscache_ctr.c and for the compositions that take a
 * cycle of the counters without the public API's call and port structs
 * (loscache_pwr.c).  One definition: loscache_ctr_cycle and loscache_ctr_run
 * are this function too.  Self-contained (the dependency runs one way: the
 * .c files include it, it calls nothing of theirs); the tables it reads are
 * filled by loscache_ctr_new.  Not installed (Makefile PRIV_HDRS).
 */
#ifndef LOSCACHE_CTR_CORE_H
#define LOSCACHE_CTR_CORE_H

#include <string.h>

#include "loscache_ctr.h"

typedef struct {
    uint8_t l_next[2048], l_refill[2048], l_early[2048], l_live[2048];
    uint16_t l_inc[2048];
    uint16_t p_limit[4096];
    uint8_t p_bypass[4096], p_thr[4096][2];
} tables_t;

struct loscache_ctr {
    loscache_ctr_cfg_t cfg;
    uint64_t line_mask, num_lines;
    tables_t *t;
    uint8_t state[]; /* 2^LINE_W entries: count (CNT_W <= 7 bits) or DEAD (0xff) */
};

/* Outputs of one cycle outside reset; returns line_i's next state. */
static inline uint64_t loscache_ctr_core_decide(const tables_t *t, const uint8_t *state,
                                                const loscache_ctr_in_t *in, uint64_t line,
                                                loscache_ctr_out_t *o)
{
    uint64_t cur = state[line];
    uint64_t li = cur << 3 | (in->op_i & 3) << 1 | (in->off_i & 1);
    uint64_t pi = (in->pred_i & 0xff) << 4 | (in->thr_i & 0xf);
    uint64_t byp = t->l_refill[li] & t->p_bypass[pi];
    uint64_t early = t->l_early[li];
    uint64_t nxt = byp ? cur : t->l_next[li];
    o->count_o = nxt & t->l_live[li];
    o->gate_o = t->l_inc[li] >= t->p_limit[pi];
    o->bypass_o = byp;
    o->early_o = early;
    o->thr_o = t->p_thr[pi][early] & t->l_live[li];
    return nxt;
}

/* A reset cycle: outputs 0, every count 0 (the cold path, kept out of the
 * inlined cycle). */
#if defined(__GNUC__)
__attribute__((noinline, cold))
#endif
static void loscache_ctr_core_reset(loscache_ctr_t *m, loscache_ctr_out_t *o)
{
    o->count_o = o->gate_o = o->bypass_o = o->early_o = o->thr_o = 0;
    memset(m->state, 0, (size_t)m->num_lines);
}

/* One cycle: outputs in *out and the rising edge (loscache_ctr_cycle). */
static CT_HOT_INLINE void loscache_ctr_core_cycle(loscache_ctr_t *m, const loscache_ctr_in_t *in,
                                           loscache_ctr_out_t *out)
{
    uint64_t line = in->line_i & m->line_mask;
    if (in->rst_i & 1)
        loscache_ctr_core_reset(m, out);
    else
        m->state[line] = (uint8_t)loscache_ctr_core_decide(m->t, m->state, in, line, out);
}

#endif
