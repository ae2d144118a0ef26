/*
 * loscache_pwr.h - the C reference model: LoSCache line-power unit (counters + sleep FSM)
 * (LoSCache [000], Sec. IV-B, IV-C); bit- and cycle-accurate against
 * verilog/loscache/loscache_pwr.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/loscache_pwr.md; ports, parameters and widths: docs/blocks/loscache_pwr_interface.md
 * (from loscache_pwr_desc.h).
 * API: ct_desc.h (loscache_pwr_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
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
