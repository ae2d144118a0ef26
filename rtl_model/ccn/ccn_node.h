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

CT_END_DECLS

#endif
