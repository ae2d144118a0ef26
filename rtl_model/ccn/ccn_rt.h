/*
 * ccn_rt.h - the C reference model: CCN request throttler: sampling window, hit-rate decision,
 * epoch (CCN [004], Sec. 4.4, 4.5, 5.1, Table II(b)); bit- and cycle-accurate against
 * verilog/ccn/ccn_rt.v.
 * Behaviour, timing, reset values and every decision the paper leaves open: docs/blocks/ccn_rt.md;
 * ports, parameters and widths: docs/blocks/ccn_rt_interface.md (from ccn_rt_desc.h).
 * API: ct_desc.h (ccn_rt_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this block's
 * own functions.
 */
#ifndef CCN_RT_H
#define CCN_RT_H

#include "ct_desc.h"
#include "ccn_rt_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(ccn_rt, CCN_RT)

/* The decision rule on a window's counts: 1 (ON) iff
 * 100 hits >= HMIN_PCT total, in exact integers (no division, no rounding). */
int ccn_rt_decide(const ccn_rt_cfg_t *c, uint64_t total, uint64_t hits);

/* on_o in a cycle out of reset, as ccn_rt_eval gives it: a function of the
 * state register only (no input reaches it), for a composition that needs it
 * before the throttler's inputs are known (the ring: docs/blocks/ccn.md). */
int ccn_rt_on(const ccn_rt_t *m);

CT_END_DECLS

#endif
