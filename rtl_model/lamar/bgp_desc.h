/*
 * bgp_desc.h - the one description of LAMAR's bi-modal granularity
 * predictor (BGP) around the dual-bitarray Bloom filter (table formats:
 * ct_desc.h).
 *
 * Paper: LAMAR [003], Sec. 3.4, Fig. 7 (prediction algorithm: default
 * CG/FG, sector used bits counted at eviction against TH_FG, evictions of
 * the opposite locality inserted, a query hit predicts the opposite of the
 * default, SKEW_insert checked every 1,000 evictions against SKEW_thres and
 * the default rotated above it), Table 1.  Decisions (what rotation does to
 * the filter, the integer compare): docs/blocks/bgp.md.
 */
#ifndef BGP_DESC_H
#define BGP_DESC_H

#include "bloom_dual_desc.h"

#define BGP_TITLE "Bi-modal granularity predictor (Bloom filter + default rotation)"
#define BGP_PAPER "LAMAR [003], Sec. 3.4, Fig. 7, Table 1"

/* The filter's parameters (the part's own table), then the predictor's. */
#define BGP_PARAMS(X)                                                          \
    BLOOM_DUAL_PARAMS(X)                                                       \
    X(TH_FG, 1, 4, "fewer used sectors than this = low locality (paper: 2)")   \
    X(WIN, 2, 1u << 16, "evictions per SKEW_insert evaluation (paper: 1000)")  \
    X(SKEW_PCT, 1, 99, "SKEW_thres in percent: rotate above it (paper: 70)")

#define BGP_PRESETS(X)                                                         \
    X(paper, "M_W=11 K=6 N=512 ADDR_W=25 TH_FG=2 WIN=1000 SKEW_PCT=70",        \
      "paper: 2 x 2K-bit filter, TH_FG 2 sectors, 0.7 over 1,000 evictions")   \
    X(small, "M_W=7 K=4 N=32 ADDR_W=16 TH_FG=2 WIN=40 SKEW_PCT=70",            \
      "2 x 128-bit filter, 0.7 over 40 evictions")                             \
    X(tiny, "M_W=4 K=3 N=6 ADDR_W=9 TH_FG=3 WIN=7 SKEW_PCT=50",                \
      "2 x 16-bit filter, TH_FG 3, 0.5 over 7 evictions")

#define BGP_INPUTS(X)                                                          \
    X(rst_i, 1, "synchronous reset, active high: default CG, filter empty, counters 0") \
    X(ev_i, 1, "a block is evicted this cycle")                                \
    X(ev_addr_i, c->ADDR_W, "the evicted block's address")                     \
    X(used_i, 4, "the evicted block's 4 sector used bits")                     \
    X(miss_addr_i, c->ADDR_W, "the missed block's address to predict for")

/* Widths of the window counters: evictions 0..WIN-1, insertions 0..WIN-1. */
#define BGP_WIN_W(c) ct_clog2((c)->WIN)

#define BGP_OUTPUTS(X)                                                         \
    X(pred_o, 1, "prediction for miss_addr_i: 1 CG (fetch all sectors), 0 FG")  \
    X(fhit_o, 1, "miss_addr_i hits in the filter (prediction = not default)")  \
    X(def_o, 1, "the default prediction: 1 CG, 0 FG")                          \
    X(low_o, 1, "ev_i: the evicted block has low locality (used < TH_FG)")    \
    X(ins_o, 1, "ev_i: the eviction is inserted (locality opposite to default)") \
    X(rot_o, 1, "ev_i closes a window with SKEW_insert > SKEW_thres: rotate")  \
    X(nev_o, BGP_WIN_W(c), "evictions so far in this window")                  \
    X(nins_o, BGP_WIN_W(c), "insertions so far in this window")                \
    X(sel_o, 1, "the filter's SEL")                                            \
    X(fill0_o, c->M_W + 1, "bits set in filter bitarray 0")                    \
    X(fill1_o, c->M_W + 1, "bits set in filter bitarray 1")

/* Where each output comes from (ct_desc.h, "a composition's outputs"): the
 * filter's as they are (0 in a reset cycle, as every output), and the
 * predictor's own. */
#define BGP_FROM_FILTER(X) X(fhit_o, hit_o) X(sel_o, sel_o) X(fill0_o, fill0_o) X(fill1_o, fill1_o)
#define BGP_OWN(X) X(pred_o) X(def_o) X(low_o) X(ins_o) X(rot_o) X(nev_o) X(nins_o)

/* Functional coverage at the ports (counted by every run of the model on its
 * stimulus; docs/blocks/bgp.md): X(name, when, possible, doc).  def_o, nev_o
 * show the registers before this cycle's edge; low_o, ins_o, rot_o are this
 * cycle's decisions. */
#define BGP_COVER(X)                                                           \
    X(insert_low, o->ins_o && o->low_o, 1,                                     \
      "default CG: a low-locality eviction is inserted")                       \
    X(insert_high, o->ins_o && !o->low_o, 1,                                   \
      "default FG: a high-locality eviction is inserted")                      \
    X(not_inserted, !i->rst_i && i->ev_i && !o->ins_o, 1,                      \
      "an eviction whose locality matches the default is not inserted")        \
    X(rotate_to_fg, o->rot_o && o->def_o, 1, "a window closes skewed: default CG -> FG") \
    X(rotate_to_cg, o->rot_o && !o->def_o, 1, "a window closes skewed: default FG -> CG") \
    X(window_kept, !i->rst_i && i->ev_i && o->nev_o == c->WIN - 1 && !o->rot_o, 1, \
      "a window closes without rotation")                                      \
    X(filter_fg, o->fhit_o && o->def_o, 1, "a filter hit predicts FG against the CG default") \
    X(filter_cg, o->fhit_o && !o->def_o, 1, "a filter hit predicts CG against the FG default") \
    X(default_pred, !i->rst_i && !o->fhit_o, 1, "a filter miss: the default prediction")

/* Storage: the filter's (from its descriptor) plus BGP_STORAGE, listed by
 * bgp_storage() in bgp.c. */
#define BGP_STORAGE(X)                                                         \
    X(default_pred, 1, 1, 0, "the default prediction (CG/FG)")                 \
    X(evict_count, 1, BGP_WIN_W(c), 0, "evictions in the SKEW window")         \
    X(insert_count, 1, BGP_WIN_W(c), 0, "insertions in the SKEW window")

#endif
