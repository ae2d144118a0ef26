/*
 * loscache_pwr_desc.h - the one description of the LoSCache line-power unit:
 * the access counters (loscache_ctr) wired to the sleep-transistor FSM
 * (sleep_fsm, LoSCache policy).  Table formats: ct_desc.h.
 *
 * Paper: LoSCache [000], Sec. IV-B: a line is powered off right after
 * the access the prediction says is its last, all lines start off and wake
 * on their first access; Sec. IV-C: a tag match on a gated line is an
 * early-gating misprediction that raises the PC's threshold.  Wiring and
 * decisions: docs/blocks/loscache_pwr.md.
 */
#ifndef LOSCACHE_PWR_DESC_H
#define LOSCACHE_PWR_DESC_H

#include "loscache_ctr_desc.h"
#include "sleep_fsm_desc.h"

#define LOSCACHE_PWR_TITLE "LoSCache line-power unit (counters + sleep FSM)"
#define LOSCACHE_PWR_PAPER "LoSCache [000], Sec. IV-B, IV-C"

/* The counters' parameters (their own table); the FSM's line limit (2^16)
 * is checked through the part (loscache_pwr_check). */
#define LOSCACHE_PWR_PARAMS(X) LOSCACHE_CTR_PARAMS(X)

#define LOSCACHE_PWR_PRESETS(X)                                                \
    X(paper, "NUM_LINES=6144 CNT_W=6 THR_W=2",                                 \
      "paper L2: 768 KB, 128 B lines, 16-way, 6 banks")                        \
    X(small, "NUM_LINES=16 CNT_W=6 THR_W=2", "paper widths, 16 lines")         \
    X(tiny, "NUM_LINES=5 CNT_W=3 THR_W=1", "5 lines (index holes), counts to 7, T to 1")

#define LOSCACHE_PWR_INPUTS(X)                                                 \
    X(rst_i, 1, "synchronous reset, active high: counts 0, every line OFF")    \
    X(op_i, 2, "0 NOP, 1 FILL, 2 HIT (tag matched, gated or not), 3 EVICT")    \
    X(line_i, ct_clog2(c->NUM_LINES), "line index (set x ways + way)")         \
    X(pred_i, c->CNT_W, "predicted access count P of the PC; 0 = no prediction") \
    X(thr_i, c->THR_W, "adaptive threshold T of the PC")

#define LOSCACHE_PWR_OUTPUTS(X)                                                \
    X(hit_o, 1, "HIT served by a powered line")                                \
    X(mode_o, 2, "line_i's power mode this cycle: 0 ACTIVE, 2 OFF")            \
    X(count_o, c->CNT_W, "line_i's count after this cycle's access")           \
    X(gate_o, 1, "predicted last access: the line is OFF from the next cycle") \
    X(bypass_o, 1, "fill predicted dead (P+T = 1): not allocated, line stays as it was") \
    X(early_o, 1, "early gating: HIT on an OFF line; refilled, T raised")      \
    X(thr_o, c->THR_W, "T to write back for the PC")                           \
    X(n_active_o, SLEEP_FSM_CW(c), "lines powered this cycle") \
    X(n_off_o, SLEEP_FSM_CW(c), "lines OFF this cycle")

/* Where each output comes from (ct_desc.h, "a composition's outputs"): the
 * counters' and the FSM's as they are; the unit makes none itself. */
#define LOSCACHE_PWR_FROM_CTR(X)                                               \
    X(count_o, count_o) X(gate_o, gate_o) X(bypass_o, bypass_o) X(early_o, early_o) X(thr_o, thr_o)
#define LOSCACHE_PWR_FROM_FSM(X) X(hit_o, hit_o) X(mode_o, mode_o) X(n_active_o, n_active_o) X(n_off_o, n_off_o)
#define LOSCACHE_PWR_OWN(X)

/* No storage table: the unit's storage is its parts' (loscache_ctr and
 * sleep_fsm with the LoSCache policy), listed from their descriptors by
 * loscache_pwr_storage() in loscache_pwr.c. */

#endif
