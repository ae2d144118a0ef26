/*
 * bgp.h - the C reference model: Bi-modal granularity predictor (Bloom filter + default rotation)
 * (LAMAR [003], Sec. 3.4, Fig. 7, Table 1); bit- and cycle-accurate against verilog/lamar/bgp.v.
 * Behaviour, timing, reset values and every decision the paper leaves open: docs/blocks/bgp.md;
 * ports, parameters and widths: docs/blocks/bgp_interface.md (from bgp_desc.h).
 * API: ct_desc.h (bgp_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this block's
 * own functions.
 */
#ifndef BGP_H
#define BGP_H

#include "bgp_desc.h"
#include "bloom_dual.h"
#include "ct_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(bgp, BGP)

/* The filter's configuration for a predictor configuration. */
void bgp_filter_cfg(const bgp_cfg_t *c, bloom_dual_cfg_t *f);
/* The rotation threshold on a window's insertions: floor(SKEW_PCT*WIN/100). */
uint32_t bgp_rot_threshold(const bgp_cfg_t *c);

CT_END_DECLS

#endif
