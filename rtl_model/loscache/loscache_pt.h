/*
 * loscache_pt.h - the C reference model: LoSCache prediction table and prediction-phase control
 * (one LD/ST unit) (LoSCache [000], Sec. IV-A..IV-D, Fig. 5); bit- and cycle-accurate against
 * verilog/loscache/loscache_pt.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/loscache_pt.md; ports, parameters and widths: docs/blocks/loscache_pt_interface.md
 * (from loscache_pt_desc.h).
 * API: ct_desc.h (loscache_pt_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
 */
#ifndef LOSCACHE_PT_H
#define LOSCACHE_PT_H

#include <stdio.h>

#include "ct_desc.h"
#include "loscache_pt_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(loscache_pt, LOSCACHE_PT)

/* Read-only view of entry i (for tests): 0 if i >= used, else 1 with its
 * fields. */
int loscache_pt_entry(const loscache_pt_t *m, unsigned i, uint64_t *pc, uint64_t *addr,
                      unsigned *p, unsigned *t);

/* Functional coverage of a run (instruments, not hardware). */
enum {
    PT_COV_INSERT,        /* a predictor access appended an entry */
    PT_COV_REPEAT_PC,     /* a predictor access whose PC was in the table: not inserted */
    PT_COV_FULL_DROP,     /* a new predictor PC with the table full: dropped */
    PT_COV_END_LIMIT,     /* the phase ended at the LIMIT-th access */
    PT_COV_END_DONE,      /* the phase ended by done_i before LIMIT accesses */
    PT_COV_END_BOTH,      /* done_i in the cycle of the LIMIT-th access */
    PT_COV_END_EMPTY,     /* the phase ended with an empty table: no load */
    PT_COV_LOAD_ZERO,     /* an entry loaded count 0 (its line was evicted) */
    PT_COV_HIT,           /* a normal-phase lookup hit */
    PT_COV_MISS,          /* a normal-phase lookup missed */
    PT_COV_T_SAT,         /* an early-gating report on an entry at the T maximum */
    PT_COV_EG_INVALID,    /* an early-gating report naming an invalid entry */
    PT_COV_EG_LOOKUP,     /* an early-gating report and a lookup hitting the same entry */
    PT_COV_N
};
typedef struct {
    uint64_t bin[PT_COV_N];
} loscache_pt_cov_t;
void loscache_pt_coverage(const loscache_pt_t *m, loscache_pt_cov_t *cov);
int loscache_pt_cov_check(const loscache_pt_cfg_t *c, const loscache_pt_cov_t *cov, FILE *f);
int loscache_pt_report(const loscache_pt_t *m, FILE *f);

CT_END_DECLS

#endif
