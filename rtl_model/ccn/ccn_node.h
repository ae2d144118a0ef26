/*
 * ccn_node.h - C reference model of one CCN ring node (seed 004, Sec. 4.2,
 * 4.2.1, 4.5): CB, ReqQ, RespQ, their input multiplexers, the head-of-ReqQ
 * lookup in the node's shadow tags (a shadow_tags model, driven as the RTL
 * drives its shadow_tags instance), the L1 data read of a hit, delivery and
 * L2 requests.  Bit- and cycle-accurate against verilog/ccn/ccn_node.v.
 * Plain C11, no globals.
 *
 * The queues are shift-register FIFOs (entry 0 the head); the counts below
 * are the registers before this cycle's edge.  One cycle outside reset:
 *   CB in      miss_v_i enters the CB (cb_acc_o) iff on_i and cb_n < CB_D;
 *              else it goes to L2 (dfl_o).
 *   ReqQ in    rq_v_i of another core enters iff rq_n < RQ_D (rq_rdy_o); a
 *              request of this core (back home) is always taken and leaves
 *              to L2 (l2_v_o).  The CB head enters only when no request of
 *              another core is on rq_v_i (older first) and
 *              RQ_D - rq_n >= 1 + BUBBLE.
 *   ReqQ head  LOOK: another core's head is offered to the shadow tags
 *              (WAIT once accepted); this core's head is a miss at once.
 *              WAIT: the answer; a miss (or a home head, or FWD) is offered
 *              on rq_v_o (pops when rq_rdy_i, else FWD); a hit (or HIT)
 *              issues the L1 read when RS_D - rs_n >= 1 + BUBBLE (else HIT)
 *              and holds it (RD) until rd_ack_i, which enqueues the
 *              response {rd_data_i, line, home core} and pops the head.
 *   RespQ in   rs_v_i of this core is delivered at once (dl_v_o,
 *              rs_rdy_o 1); another core's enters iff no new response
 *              enters this cycle and RS_D - rs_n >= 1 + (a hit in progress ?
 *              1 + BUBBLE : 0): from a hit's answer to its read's answer, its
 *              slot and the bubble are reserved (newer first, no starvation).
 *   RespQ out  the head on rs_v_o, popped when rs_rdy_i.
 * While rst_i is 1 every output is 0; its edge empties the queues and
 * starts the shadow tags' SETS-cycle sweep (no lookup meanwhile).
 *
 * API: see ct_desc.h (ccn_node_new/_eval/_step/_cycle/_run/_free ...).
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

CT_END_DECLS

#endif
