/*
 * ccn.h - the C reference model: CCN ring: N nodes with shadow tags and throttlers, request and
 * response rings (CCN [004], Sec. 4.1-4.5, 5.1, 5.5.2, Table II(b)); bit- and cycle-accurate
 * against verilog/ccn/ccn.v.
 * Behaviour, timing, reset values and every decision the paper leaves open: docs/blocks/ccn.md;
 * ports, parameters and widths: docs/blocks/ccn_interface.md (from ccn_desc.h).
 * API: ct_desc.h (ccn_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this block's
 * own functions.
 */
#ifndef CCN_H
#define CCN_H

#include <stdio.h>

#include "ccn_desc.h"
#include "ccn_node.h"
#include "ccn_rt.h"
#include "ct_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(ccn, CCN)

/* Node i's configuration, its throttler's. */
void ccn_node_cfg(const ccn_cfg_t *c, ccn_node_cfg_t *n);
void ccn_rt_cfg(const ccn_cfg_t *c, ccn_rt_cfg_t *r);
/* The node a response goes to from node i (the response ring's next). */
unsigned ccn_resp_next(const ccn_cfg_t *c, unsigned i);
/* Hops a request of node h served at node j takes, there and back. */
unsigned ccn_hops(const ccn_cfg_t *c, unsigned h, unsigned j);
/* Node i's model (read-only). */
const ccn_node_t *ccn_node_at(const ccn_t *m, unsigned i);

typedef struct {
    uint64_t served[16];   /* sharer hits per ring distance 1..N-1 */
    uint64_t back_home, deflected, delivered, injected, throttled;
} ccn_stats_t;
void ccn_stats(const ccn_t *m, ccn_stats_t *st);
int ccn_report(const ccn_t *m, FILE *f);

CT_END_DECLS

#endif
