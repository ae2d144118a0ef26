/*
 * lamar_gdu_desc.h - the one description of LAMAR's granularity decision
 * unit (GDU) of one sectored cache (table formats: ct_desc.h): per line the
 * sector valid, used and predicted bits; on every miss the fetch mask - all
 * missing sectors (coarse, CG) or only the requested ones (fine, FG) - from
 * the mode register or, in dynamic mode, from the bi-modal granularity
 * predictor (a bgp instance) queried with the missing block's address; on
 * every eviction the block's used-sector count inserted into the BGP; the
 * prediction-quality counters of Sec. 5.1.
 *
 * Paper: LAMAR [003] (Rhu et al., LAMAR, MICRO-46), Sec. 2.3.2 (sector cache),
 * 3.1-3.4 (GDU, static GDU, BGP), 5.1 (DEMAND, PRED_REF, PRED_NREF,
 * NPRED_REF), 5.5.3 (64-byte sectors), 5.6 (overhead), Tables 1-3.
 * Behaviour, timing and every decision the paper leaves open:
 * docs/blocks/lamar_gdu.md.
 */
#ifndef LAMAR_GDU_DESC_H
#define LAMAR_GDU_DESC_H

#define LAMAR_GDU_TITLE "LAMAR granularity decision unit: sector metadata, fetch masks, BGP, quality counters"
#define LAMAR_GDU_PAPER "LAMAR [003], Sec. 2.3.2, 3.1-3.4, 5.1, 5.5.3, 5.6, Tables 1-3"

/* op_i */
#define LAMAR_GDU_NOP    0u /* nothing */
#define LAMAR_GDU_ACCESS 1u /* sectors sec_i of block addr_i in line line_i (hit_i: the block is there) */
#define LAMAR_GDU_INVAL  2u /* line_i's block leaves without a refill (vaddr_i its address) */
/* mode_i / mode_o */
#define LAMAR_GDU_DYN 0u /* the BGP decides (3 behaves the same) */
#define LAMAR_GDU_CG  1u /* CG-only: every miss fetches all missing sectors */
#define LAMAR_GDU_FG  2u /* FG-only: only the requested sectors */

#define LAMAR_GDU_PARAMS(X)                                                    \
    X(LINES, 1, 1u << 16, "cache lines, one metadata entry each (paper L1: 16 KB / 128 B = 128)") \
    X(SECT, 2, 4, "sectors a line, 2 or 4 (paper: 4 of 32 B; Sec. 5.5.3: 2 of 64 B)") \
    X(ADDR_W, 8, 64, "block address width (paper: 25)")                        \
    X(M_W, 4, 16, "BGP filter: log2 bits per bitarray (paper: 11)")            \
    X(K, 1, 8, "BGP filter: hash functions (paper: 6)")                        \
    X(N, 4, 1u << 16, "BGP filter: insertions per bitarray (paper: 512)")      \
    X(TH_FG, 1, 4, "fewer used sectors than this = low locality (paper: 2)")   \
    X(WIN, 2, 1u << 16, "BGP: evictions per SKEW_insert window (paper: 1,000)") \
    X(SKEW_PCT, 1, 99, "BGP: SKEW_thres in percent (paper: 70)")               \
    X(CNT_W, 1, 32, "quality counter width, saturating (paper: not given; 32)")

#define LAMAR_GDU_BGP_PARAMS "M_W=11 K=6 N=512 TH_FG=2 WIN=1000 SKEW_PCT=70"
#define LAMAR_GDU_PRESETS(X)                                                   \
    X(paper, "LINES=128 SECT=4 ADDR_W=25 " LAMAR_GDU_BGP_PARAMS " CNT_W=32",  \
      "the L1's GDU: 16 KB, 4-way, 128 B lines of 4 x 32 B sectors (Table 2), Table 1's BGP") \
    X(paper_l2, "LINES=6144 SECT=4 ADDR_W=25 " LAMAR_GDU_BGP_PARAMS " CNT_W=32", \
      "an L2 GDU: 768 KB, 16-way, 128 B lines")                               \
    X(paper64, "LINES=128 SECT=2 ADDR_W=25 " LAMAR_GDU_BGP_PARAMS " CNT_W=32", \
      "Sec. 5.5.3: the L1 with 2 x 64 B sectors")                              \
    X(small, "LINES=16 SECT=4 ADDR_W=16 M_W=7 K=4 N=32 TH_FG=2 WIN=40 SKEW_PCT=70 CNT_W=16", \
      "16 lines, 2 x 128-bit filter, 40-eviction windows")                     \
    X(tiny, "LINES=5 SECT=2 ADDR_W=8 M_W=4 K=2 N=8 TH_FG=2 WIN=4 SKEW_PCT=50 CNT_W=5", \
      "5 lines (index holes), 2 sectors, counters saturating at 31")

#define LAMAR_GDU_LINE_W(c) ct_clog2((c)->LINES)

#define LAMAR_GDU_INPUTS(X)                                                    \
    X(rst_i, 1, "synchronous reset, active high: every line invalid, mode dynamic, counts 0, BGP reset") \
    X(mode_wr_i, 1, "write mode_i into the mode register at this edge (ignored in a reset cycle: reset wins)") \
    X(mode_i, 2, "0 dynamic (BGP), 1 CG-only, 2 FG-only, 3 as 0")              \
    X(op_i, 2, "0 NOP, 1 ACCESS, 2 INVAL (the line's block leaves), 3 as NOP") \
    X(line_i, LAMAR_GDU_LINE_W(c), "the line (set x ways + way); one >= LINES does nothing") \
    X(hit_i, 1, "ACCESS: the cache's tag compare matched (1 on a line whose metadata is not live: a present block with no valid sector, a sector miss); 0: a block miss, the line is given to addr_i") \
    X(sec_i, c->SECT, "ACCESS: the requested sectors (none: nothing happens)") \
    X(addr_i, c->ADDR_W, "ACCESS: the block's address (the BGP's query on a miss)") \
    X(vaddr_i, c->ADDR_W, "the line's current block's address: inserted into the BGP when it is evicted")

#define LAMAR_GDU_OUTPUTS(X)                                                   \
    X(fetch_o, c->SECT, "the sectors fetched for this access (0 when every requested sector is valid)") \
    X(miss_o, 1, "a block miss: the line is filled with fetch_o")              \
    X(smiss_o, 1, "a sector miss in a present block: fetch_o adds sectors to it") \
    X(cg_o, 1, "the miss's granularity: 1 CG (all missing sectors), 0 FG (requested); 0 without a miss") \
    X(mode_o, 2, "the mode register (this cycle's write shows next cycle)")    \
    X(ev_o, 1, "a valid block leaves the line: inserted into the BGP as the paper's policy says") \
    X(low_o, 1, "ev_o: its used sectors < TH_FG (low locality)")               \
    X(ins_o, 1, "ev_o: the BGP inserts it (locality opposite to the default); an eviction whose window rotates flushes the filter at the same edge, so the insertion is lost") \
    X(def_o, 1, "the BGP's default prediction: 1 CG, 0 FG")                    \
    X(q_o, 4, "this cycle counts: bit 0 DEMAND, 1 PRED_REF, 2 PRED_NREF, 3 NPRED_REF sectors (set with a saturated counter too)") \
    X(demand_o, c->CNT_W, "DEMAND: sectors fetched because they were requested (before this cycle)") \
    X(pref_o, c->CNT_W, "PRED_REF: fetched by prediction, referenced")       \
    X(pnref_o, c->CNT_W, "PRED_NREF: fetched by prediction, evicted unreferenced") \
    X(npref_o, c->CNT_W, "NPRED_REF: not fetched with its block, referenced later (a sector miss)")

/* Where each output comes from (ct_desc.h, "a composition's outputs"): the
 * BGP's default as it is; everything else the unit's own (low_o and ins_o
 * are the BGP's only in an eviction's cycle). */
#define LAMAR_GDU_FROM_BGP(X) X(def_o, def_o)
#define LAMAR_GDU_OWN(X)                                                       \
    X(fetch_o) X(miss_o) X(smiss_o) X(cg_o) X(mode_o) X(ev_o) X(low_o) X(ins_o) X(q_o) \
    X(demand_o) X(pref_o) X(pnref_o) X(npref_o)

/* Functional coverage at the ports (docs/blocks/lamar_gdu.md): every mode x
 * hit/miss x decision, every quality class, evictions of both localities. */
#define LAMAR_GDU_MODE(o) ((o)->mode_o == 3 ? 0 : (o)->mode_o)
#define LAMAR_GDU_COVER(X)                                                     \
    X(miss_dyn_cg, o->miss_o && LAMAR_GDU_MODE(o) == LAMAR_GDU_DYN && o->cg_o, 1, "dynamic: a miss the BGP fetches CG") \
    X(miss_dyn_fg, o->miss_o && LAMAR_GDU_MODE(o) == LAMAR_GDU_DYN && !o->cg_o, 1, "dynamic: a miss the BGP fetches FG") \
    X(miss_cg_only, o->miss_o && LAMAR_GDU_MODE(o) == LAMAR_GDU_CG, 1, "CG-only: a miss") \
    X(miss_fg_only, o->miss_o && LAMAR_GDU_MODE(o) == LAMAR_GDU_FG, 1, "FG-only: a miss") \
    X(smiss_cg, o->smiss_o && o->cg_o, 1, "a sector miss filling every missing sector") \
    X(smiss_fg, o->smiss_o && !o->cg_o, 1, "a sector miss fetching the requested sectors") \
    X(shit, !i->rst_i && i->op_i == LAMAR_GDU_ACCESS && i->hit_i && i->sec_i && i->line_i < c->LINES && \
                !o->smiss_o, 1, "a hit: every requested sector valid")     \
    X(all_sectors, !i->rst_i && i->op_i == LAMAR_GDU_ACCESS && i->line_i < c->LINES && \
                       i->sec_i == ct_mask(c->SECT), 1, "an access to every sector of a block") \
    X(evict_low, o->ev_o && o->low_o, 1, "an evicted block of low locality")  \
    X(evict_high, o->ev_o && !o->low_o, 1, "an evicted block of high locality") \
    X(evict_ins, o->ins_o, 1, "an eviction inserted into the filter")          \
    X(inval, o->ev_o && i->op_i == LAMAR_GDU_INVAL, 1, "a block leaving without a refill") \
    X(q_demand, (o->q_o >> 0) & 1, 1, "DEMAND sectors counted")                \
    X(q_pred_ref, (o->q_o >> 1) & 1, 1, "PRED_REF sectors counted")           \
    X(q_pred_nref, (o->q_o >> 2) & 1, 1, "PRED_NREF sectors counted")         \
    X(q_npred_ref, (o->q_o >> 3) & 1, 1, "NPRED_REF sectors counted")         \
    X(mode_write, !i->rst_i && i->mode_wr_i, 1, "the mode register written")   \
    X(dead_line, !i->rst_i && i->op_i == LAMAR_GDU_ACCESS && i->line_i >= c->LINES, \
      (1u << ct_clog2(c->LINES)) != c->LINES, "a line index >= LINES: nothing happens") \
    X(count_max, !i->rst_i && o->demand_o == ct_mask(c->CNT_W), c->CNT_W < 12, \
      "the DEMAND count saturated")                                           \
    X(op3, !i->rst_i && i->op_i == 3 && i->line_i < c->LINES, 1, "op 3 on a line: as NOP, nothing happens") \
    X(nosec_miss, !i->rst_i && i->op_i == LAMAR_GDU_ACCESS && i->line_i < c->LINES && !i->sec_i && \
                      !i->hit_i, 1, "an access without sectors and without a tag match: nothing, no eviction") \
    X(inval_sectors, o->ev_o && i->op_i == LAMAR_GDU_INVAL && i->sec_i, 1,     \
      "an invalidation with sector bits set (ignored): the block leaves")     \
    X(mode_wr_miss, !i->rst_i && i->mode_wr_i && (o->miss_o || o->smiss_o), 1, \
      "a mode write beside a miss: the miss uses the mode before the write")  \
    X(mode_wr_rst, i->rst_i && i->mode_wr_i, 1, "a mode write during reset: ignored, reset wins") \
    X(default_fg, !i->rst_i && !o->def_o, 1, "the BGP's default is FG (a window closed skewed)")

/* The GDU's own storage (the BGP's rows follow from its descriptor). */
#define LAMAR_GDU_STORAGE(X)                                                   \
    X(sector_meta, c->LINES, 3 * (uint64_t)c->SECT, CT_PAPER,                 \
      "per line: sector valid, used and predicted bits (a memory beside the tags)") \
    X(line_valid, c->LINES, 1, CT_BUILT, "per line: the metadata is live (cleared by reset in one cycle)") \
    X(mode, 1, 2, CT_BUILT, "the mode register")                               \
    X(quality_counters, 4, c->CNT_W, CT_INSTR, "DEMAND, PRED_REF, PRED_NREF, NPRED_REF (Sec. 5.1's measurement)")

#endif
