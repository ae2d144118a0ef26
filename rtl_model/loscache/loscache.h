/*
 * loscache.h - the C reference model: LoSCache unit (prediction table + access counters + sleep
 * FSM) (LoSCache [000], Sec. IV-A..IV-D, Fig. 5); bit- and cycle-accurate against
 * verilog/loscache/loscache.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/loscache.md; ports, parameters and widths: docs/blocks/loscache_interface.md (from
 * loscache_desc.h).
 * API: ct_desc.h (loscache_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
 */
#ifndef LOSCACHE_H
#define LOSCACHE_H

#include "ct_desc.h"
#include "loscache_desc.h"
#include "loscache_pt.h"
#include "loscache_pwr.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(loscache, LOSCACHE)

/* The parts' configurations for a unit configuration. */
void loscache_parts(const loscache_cfg_t *c, loscache_pt_cfg_t *pt, loscache_pwr_cfg_t *pwr);
/* The parts, read-only (entries, counts, residency). */
const loscache_pt_t *loscache_table(const loscache_t *m);
const loscache_pwr_t *loscache_power(const loscache_t *m);

CT_END_DECLS

#endif
