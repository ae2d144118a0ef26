/*
 * loscache_pt.h - C reference model of LoSCache's prediction table of one
 * LD/ST unit and its phase control (seed 000, Sec. IV-A..IV-D, Fig. 5).
 * Bit- and cycle-accurate against verilog/loscache/loscache_pt.v.  Plain C11, no
 * globals, any number of instances.
 *
 * Entries 0 .. used-1 are valid (a table that only appends: the valid bits
 * are the count `used`).  Each holds a PC, an L2 block address, a predicted
 * count P and a threshold T.  Phases (phase_o), from reset:
 *   PREDICT  an access (acc_v_i) from the predictor CTA (acc_pred_i) whose PC
 *            is in no valid entry is appended with its block address, P = 0,
 *            T = 0, while used < ENTRIES (a PC beyond that is dropped); every
 *            access, predictor or not, counts.  The phase ends at the edge of
 *            the cycle holding the LIMIT-th access, or of a cycle with done_i
 *            (whichever comes first; that cycle's access still inserts).
 *   LOAD     one cycle per valid entry, in index order: ld_v_o, ld_idx_o,
 *            ld_addr_o name it and P := cnt_i at the edge.  Skipped when the
 *            table is empty.
 *   NORMAL   an access looks its PC up; the compare is registered: hit_o and
 *            idx_o show in the next cycle with that entry's P (p_o) and T
 *            (t_o) as they are then (the paper's 1-cycle table access), all 0
 *            on a miss or without an access.
 * In any phase eg_v_i raises T of valid entry eg_idx_i by one, saturating
 * at 2^THR_W - 1 (an invalid index is ignored); a lookup of that entry in the
 * same cycle shows the raised T.  Only rst_i (a kernel launch) starts a new
 * prediction phase.  While rst_i is 1 every output is 0.
 * Decisions: docs/blocks/loscache_pt.md.
 *
 * API: see ct_desc.h (loscache_pt_new/_eval/_step/_cycle/_free ...).
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
