/*
 * loscache.h - C model of the whole LoSCache unit (seed 000, Sec. IV-A..
 * IV-D, Fig. 5): one SM's prediction table (loscache_pt) in front of the
 * L2's line-power unit (loscache_pwr = loscache_ctr + sleep_fsm).  It
 * composes the parts' C models - it re-implements none of them - exactly
 * as verilog/loscache/loscache.v instantiates the two RTL modules:
 *
 *   request --> table: lookup of req_pc_i (acc_v_i = accepted FILL or HIT),
 *               insertion and counting in the prediction phase
 *   request --> line-power unit: in the prediction phase in its own cycle
 *               (no prediction: P = T = 0); in normal execution one cycle
 *               later, through the request register, with the table's
 *               answer (p_o, t_o): the paper's "1 additional cycle"
 *   count load: the table's ld_addr_o goes out; ld_line_i comes back; the
 *               line-power unit is given NOP on ld_line_i and its count_o
 *               (0 when ld_hit_i is 0) is the table's cnt_i
 *   early gating: early_o of a request whose PC hit -> the table's eg_v_i,
 *               eg_idx_i = the table's idx_o (the entry that answered it)
 *
 * No part's output that feeds another part depends on that part's inputs
 * (the table's outputs come from its registers and rst_i), so there is no
 * combinational loop.  Behaviour and decisions: docs/blocks/loscache.md.
 */
#ifndef LOSCACHE_H
#define LOSCACHE_H

#include "ct_desc.h"
#include "loscache_desc.h"
#include "loscache_pt.h"
#include "loscache_pwr.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(loscache, LOSCACHE)

/* The parts' configurations for a unit configuration. */
void loscache_parts(const loscache_cfg_t *c, loscache_pt_cfg_t *pt, loscache_pwr_cfg_t *pwr);
/* The parts, read-only (entries, counts, residency). */
const loscache_pt_t *loscache_table(const loscache_t *m);
const loscache_pwr_t *loscache_power(const loscache_t *m);

CT_END_DECLS

#endif
