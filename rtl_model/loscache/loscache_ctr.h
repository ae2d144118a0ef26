/*
 * loscache_ctr.h - the C reference model: LoSCache per-line access counters (LoSCache [000],
 * Sec. IV-A..IV-D); bit- and cycle-accurate against verilog/loscache/loscache_ctr.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/loscache_ctr.md; ports, parameters and widths: docs/blocks/loscache_ctr_interface.md
 * (from loscache_ctr_desc.h).
 * API: ct_desc.h (loscache_ctr_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
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
