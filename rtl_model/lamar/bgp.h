/*
 * bgp.h - C model of LAMAR's bi-modal granularity predictor (seed 003
 * Sec. 3.4, Fig. 7), composed around the bloom_dual C model exactly as
 * verilog/lamar/bgp.v instantiates verilog/lamar/bloom_dual.v.
 *
 * Per cycle, optionally one eviction (ev_i) and always a prediction for
 * miss_addr_i (meaningful when the cache has a miss):
 *   prediction   fhit_o = miss_addr_i in the filter (state before the edge);
 *                pred_o = fhit_o ? !default : default   (1 CG, 0 FG)
 *   eviction     low_o = popcount(used_i) < TH_FG; the eviction is inserted
 *                when its locality is the opposite of the default (default
 *                CG: low-locality blocks; default FG: high-locality blocks).
 *                The WIN-th eviction of a window compares the window's
 *                insertions (this one included) with SKEW_PCT % of WIN as an
 *                integer: insertions > floor(SKEW_PCT * WIN / 100) - the same
 *                as insertions / WIN > SKEW_PCT / 100 without a division in
 *                hardware.  Above it (rot_o) the default rotates and the
 *                filter is flushed (its contents tracked the old polarity);
 *                the flush wins over this eviction's insertion.  Counters
 *                restart every window.
 * Reset: default CG, filter empty, counters 0; outputs 0 during reset.
 * Decisions: docs/blocks/bgp.md.
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
