/*
 * loscache_pwr.h - C model of the LoSCache line-power unit (seed 000,
 * Sec. IV-B/IV-C): the access counters (loscache_ctr) and the sleep-
 * transistor FSM (sleep_fsm, LoSCache policy) wired together.  It composes
 * the two C models - it does not re-implement them - exactly as
 * verilog/loscache/loscache_pwr.v instantiates the two RTL modules:
 *
 *   FSM mode of line_i (OFF?) ----> counters off_i
 *   counters gate_o  -------------> FSM last_i   (OFF after this access)
 *   counters early_o -------------> FSM op FILL  (the early-gated line refills)
 *   counters bypass_o ------------> FSM op NOP   (nothing allocated)
 *
 * The FSM's mode depends on no request input, so there is no combinational
 * loop.  Wiring and decisions: docs/blocks/loscache_pwr.md.
 */
#ifndef LOSCACHE_PWR_H
#define LOSCACHE_PWR_H

#include "ct_desc.h"
#include "loscache_ctr.h"
#include "loscache_pwr_desc.h"
#include "sleep_fsm.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(loscache_pwr, LOSCACHE_PWR)

/* The parts' configurations for a unit configuration. */
void loscache_pwr_parts(const loscache_pwr_cfg_t *c, loscache_ctr_cfg_t *ctr,
                        sleep_fsm_cfg_t *fsm);
/* The parts, read-only (residency, counts). */
const loscache_ctr_t *loscache_pwr_ctr(const loscache_pwr_t *m);
const sleep_fsm_t *loscache_pwr_fsm(const loscache_pwr_t *m);
/* The FSM's report: residency, Eq. (1), coverage of the LoSCache policy. */
int loscache_pwr_report(const loscache_pwr_t *m, FILE *f);

CT_END_DECLS

#endif
