/*
 * ccn.h - C reference model of the CCN ring (seed 004, Sec. 4.1-4.5, 5.1):
 * N ccn_node models, each with a ccn_rt model that sets its on_i from its
 * injections (cb_acc_o) and deliveries (dl_v_o); node i's id is i.  The
 * request ring runs node i -> node i+1 (mod N), the response ring node i ->
 * node i-1 (DIR = 0, the paper's) or i -> i+1 (DIR = 1).  A hop between two
 * nodes takes HOP cycles: HOP - 1 link stages, each a one-entry register
 * with valid/ready that passes its ready on (ready = empty or emptying).
 * Bit- and cycle-accurate against verilog/ccn/ccn.v.  Plain C11, no globals.
 *
 * Run instruments (C only, not hardware): the sharer hits per ring distance
 * (the serving node's distance from the home along the request ring), the
 * requests back home, deflections, deliveries, throttled cycles; printed by
 * ccn_report() as the run's coverage: every distance 1..N-1 must be seen.
 *
 * API: see ct_desc.h (ccn_new/_eval/_step/_cycle/_run/_free ...).
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
