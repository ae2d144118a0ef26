/*
 * loscache_ctr.h - C reference model of the LoSCache per-line access
 * counters (seed 000, Sec. IV).  Bit- and cycle-accurate against
 * verilog/loscache/loscache_ctr.v.  Plain C11, no globals, any number of instances.
 *
 * Each line holds a CNT_W-bit count of the accesses to its current data,
 * the filling access included (so P = 1 means "no re-reference").  Per cycle,
 * one operation on line_i (op_i):
 *   FILL  count := 1; if P != 0 and P + T == 1 the data is bypassed instead
 *         (bypass_o, count unchanged).
 *   HIT   off_i = 0: count := min(count + 1, 2^CNT_W - 1); gate_o when
 *         P != 0 and the new count >= P + T (P + T formed without wrap, so a
 *         limit above the saturated maximum never gates).
 *         off_i = 1: the tag of a gated line matched: early_o, thr_o = T + 1
 *         (saturating), and the access refills the line exactly like FILL.
 *   EVICT count := 0.
 *   NOP   no change.
 * count_o is line_i's count after the operation.  A line_i >= NUM_LINES is
 * ignored (no change, all outputs 0).  While rst_i is 1 every count is
 * cleared and every output is 0.  Decisions: docs/blocks/loscache_ctr.md.
 *
 * API: see ct_desc.h (loscache_ctr_new/_eval/_step/_cycle/_free ...).
 */
#ifndef LOSCACHE_CTR_H
#define LOSCACHE_CTR_H

#include "ct_desc.h"
#include "loscache_ctr_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(loscache_ctr, LOSCACHE_CTR)

/* Read-only view of one line's count (for tests and the prediction phase). */
unsigned loscache_ctr_count(const loscache_ctr_t *m, unsigned line);

CT_END_DECLS

#endif
