/*
 * ccn_node.h - the C reference model: CCN ring node: CB, ReqQ, RespQ, input priorities, shadow-tag
 * lookup, L1 read (CCN [004], Sec. 4.2, 4.2.1, 4.5, Table II(b)); bit- and cycle-accurate against
 * verilog/ccn/ccn_node.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/ccn_node.md; ports, parameters and widths: docs/blocks/ccn_node_interface.md (from
 * ccn_node_desc.h).
 * API: ct_desc.h (ccn_node_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
 */
#ifndef CCN_NODE_H
#define CCN_NODE_H

#include <stdio.h>

#include "ct_desc.h"
#include "ccn_node_desc.h"
#include "shadow_tags.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(ccn_node, CCN_NODE)

/* The node's shadow-tag configuration (SETS, WAYS, LA_W, TAG_W, CORE_W). */
void ccn_node_shadow_cfg(const ccn_node_cfg_t *c, shadow_tags_cfg_t *st);
/* The node's shadow tags (read-only: its coverage, for instance). */
const shadow_tags_t *ccn_node_shadow(const ccn_node_t *m);
/* The ReqQ's head (for instruments: which core a hit serves): 0 when the
 * ReqQ is empty, else 1 with its line address and home core. */
int ccn_node_head(const ccn_node_t *m, uint64_t *la, uint64_t *core);

/* What the node offers downstream this cycle, out of reset: rq_v_o,
 * rq_la_o, rq_core_o, rs_v_o, rs_data_o, rs_la_o, rs_core_o of *out, as
 * ccn_node_eval gives them for node id id_i (they read only registers);
 * the rest of *out is left as it was. */
void ccn_node_offers(const ccn_node_t *m, uint64_t id_i, ccn_node_out_t *out);

/* The cycle in two phases, for a composition whose wires make the node's
 * ready inputs depend on other parts' outputs (the ring: docs/blocks/ccn.md).
 * No output depends on rq_rdy_i or rs_rdy_i, so ccn_node_settle gives this
 * cycle's outputs (as ccn_node_eval, but for the words of rs_data_o and
 * dl_data_o beyond LINE_W's, which it leaves as they are) with the readies
 * not yet known, and what
 * the edge needs in *p; ccn_node_commit then takes the edge with in's
 * rq_rdy_i and rs_rdy_i (in otherwise the same), as ccn_node_cycle would.
 * Not in reset (rst_i 0). */
typedef struct {
    shadow_tags_in_t si;
    shadow_tags_out_t so;
    int cb_push, cb_to_rq, rq_push_ring, rs_push_ring, rs_push_new; /* what the readies do not change */
    int miss_now, hit_now, rd_v, to_wait;                          /* the head's state, for the readies' part */
    int rq_pop, rs_pop;                                            /* the readies' part */
    unsigned hs_next, hway_next;
} ccn_node_plan_t;
void ccn_node_settle(const ccn_node_t *m, const ccn_node_in_t *in, ccn_node_out_t *out, ccn_node_plan_t *p);
void ccn_node_commit(ccn_node_t *m, const ccn_node_in_t *in, ccn_node_plan_t *p);

CT_END_DECLS

#endif
