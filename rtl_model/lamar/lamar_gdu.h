/*
 * lamar_gdu.h - the C reference model: LAMAR granularity decision unit: sector metadata, fetch
 * masks, BGP, quality counters (LAMAR [003], Sec. 2.3.2, 3.1-3.4, 5.1, 5.5.3, 5.6, Tables 1-3);
 * bit- and cycle-accurate against verilog/lamar/lamar_gdu.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/lamar_gdu.md; ports, parameters and widths: docs/blocks/lamar_gdu_interface.md (from
 * lamar_gdu_desc.h).
 * API: ct_desc.h (lamar_gdu_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
 */
#ifndef LAMAR_GDU_H
#define LAMAR_GDU_H

#include "bgp.h"
#include "ct_desc.h"
#include "lamar_gdu_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(lamar_gdu, LAMAR_GDU)

/* The GDU's BGP configuration. */
void lamar_gdu_bgp_cfg(const lamar_gdu_cfg_t *c, bgp_cfg_t *b);
/* A line's metadata (0 for an index >= LINES): live, and the sector masks. */
int lamar_gdu_line(const lamar_gdu_t *m, unsigned line, unsigned *sv, unsigned *used, unsigned *pred);

CT_END_DECLS

#endif
