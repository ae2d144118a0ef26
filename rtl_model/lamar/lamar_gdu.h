/*
 * lamar_gdu.h - C reference model of LAMAR's granularity decision unit of
 * one sectored cache (seed 003, Sec. 3.1-3.4, 5.1), composed around the bgp
 * C model as verilog/lamar/lamar_gdu.v instantiates verilog/lamar/bgp.v.
 * Bit- and cycle-accurate against that RTL.  Plain C11, no globals.
 *
 * Per line: live (V), and SECT bits each of sector valid (sv), used (u) and
 * predicted (p: fetched by prediction, not referenced since).  A cycle with
 * op_i = ACCESS, sec_i != 0 and line_i < LINES:
 *   hit_i = 1 (the block is there): missing = sec_i & ~sv.  A sector miss
 *     (missing != 0) fetches ~sv (CG) or missing (FG); DEMAND and NPRED_REF
 *     count the missing sectors, PRED_REF the requested predicted ones;
 *     sv |= fetch, u |= sec_i, p = (p | fetch) & ~sec_i.
 *   hit_i = 0 (a block miss): a live line's block is evicted first (into the
 *     BGP with vaddr_i and its used bits; PRED_NREF counts p); the fill
 *     fetches every sector (CG) or sec_i (FG); DEMAND counts sec_i;
 *     sv = fetch, u = sec_i, p = fetch & ~sec_i, V = 1.
 *   The granularity (cg_o): the mode register's, or in dynamic mode the BGP's
 *   prediction for addr_i (its state before this cycle's eviction).
 * op_i = INVAL on a live line evicts it as above and clears it.  Counters
 * saturate at 2^CNT_W - 1 and show the counts before this cycle; q_o which
 * classes this cycle adds.  mode_wr_i writes the mode at the edge.  While
 * rst_i is 1 every output is 0; its edge clears V, the counts, the mode
 * (dynamic) and the BGP.
 * Decisions: docs/blocks/lamar_gdu.md.
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
