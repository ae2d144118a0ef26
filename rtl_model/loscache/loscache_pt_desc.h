/*
 * loscache_pt_desc.h - the one description of LoSCache's PC-indexed
 * prediction table of one LD/ST unit (one SM) and its phase control:
 * prediction phase (unique-PC insertion), count load, normal-execution
 * lookup, adaptive threshold (table formats: ct_desc.h).
 *
 * Paper: LoSCache [000], Sec. IV-A "Prediction Table", IV-B
 * "Prediction Phase" / "Normal Execution" (Fig. 5 steps 1-7), IV-C "Setting
 * Prediction Period" (100 L2 accesses) and "Increasing Prediction Accuracy"
 * (threshold, upper bound 3), IV-D (21 x (25 + 32 + 6) = 165 B per LD/ST
 * unit, 1 cycle).  Behaviour, timing and every decision the paper leaves
 * open: docs/blocks/loscache_pt.md.
 */
#ifndef LOSCACHE_PT_DESC_H
#define LOSCACHE_PT_DESC_H

#define LOSCACHE_PT_TITLE "LoSCache prediction table and prediction-phase control (one LD/ST unit)"
#define LOSCACHE_PT_PAPER "LoSCache [000], Sec. IV-A..IV-D, Fig. 5"

/* Phases on phase_o. */
#define LOSCACHE_PT_PREDICT 0u /* prediction phase: predictor accesses insert, accesses counted */
#define LOSCACHE_PT_LOAD    1u /* count load: one valid entry per cycle reads its L2 line's count */
#define LOSCACHE_PT_NORMAL  2u /* normal execution: lookups give P and T */

#define LOSCACHE_PT_PARAMS(X)                                                  \
    X(ENTRIES, 1, 64, "table entries (paper: 21, the most unique PCs of any benchmark)") \
    X(PC_W, 1, 32, "PC field width (paper: 32)")                               \
    X(ADDR_W, 1, 40, "L2 block-address field width (paper: 25 = 32-bit address - 7 offset bits)") \
    X(CNT_W, 2, 7, "predicted-count width, as the L2 line counters' (paper: 6)") \
    X(THR_W, 1, 4, "threshold width, T saturates at 2^THR_W - 1 (paper: 2, upper bound 3)") \
    X(LIMIT, 1, 1023, "L2 accesses that end the prediction phase (paper: 100)")

#define LOSCACHE_PT_PRESETS(X)                                                 \
    X(paper, "ENTRIES=21 PC_W=32 ADDR_W=25 CNT_W=6 THR_W=2 LIMIT=100",         \
      "paper: 21 x (25 + 32 + 6) = 1,323 bits = 165 B per LD/ST unit, 100-access phase") \
    X(small, "ENTRIES=8 PC_W=8 ADDR_W=10 CNT_W=6 THR_W=2 LIMIT=20",           \
      "8 entries, 20-access phase: the table fills and overflows in most phases") \
    X(tiny, "ENTRIES=3 PC_W=4 ADDR_W=4 CNT_W=3 THR_W=1 LIMIT=8",               \
      "3 entries, 16 PCs, 8-access phase, T saturates at 1")

#define LOSCACHE_PT_IDX_W(c) ct_clog2((c)->ENTRIES)
#define LOSCACHE_PT_USED_W(c) ct_clog2((uint64_t)(c)->ENTRIES + 1)
#define LOSCACHE_PT_ACC_W(c) ct_clog2((uint64_t)(c)->LIMIT + 1)

#define LOSCACHE_PT_INPUTS(X)                                                  \
    X(rst_i, 1, "synchronous reset (a kernel launch): table empty, T = 0, prediction phase") \
    X(acc_v_i, 1, "an L2 access from this LD/ST unit this cycle (a request that goes to L2)") \
    X(acc_pred_i, 1, "the access comes from the predictor CTA")                \
    X(acc_pc_i, c->PC_W, "the access's instruction PC")                        \
    X(acc_addr_i, c->ADDR_W, "the access's L2 block address")                  \
    X(done_i, 1, "the predictor CTA has completed (ends the prediction phase)") \
    X(cnt_i, c->CNT_W, "count of the L2 line at ld_addr_o (the L2's answer, this cycle)") \
    X(eg_v_i, 1, "early-gating misprediction reported back for an entry")     \
    X(eg_idx_i, LOSCACHE_PT_IDX_W(c), "the entry it names (idx_o of the access that was gated)")

#define LOSCACHE_PT_OUTPUTS(X)                                                 \
    X(phase_o, 2, "phase this cycle: 0 prediction, 1 count load, 2 normal")   \
    X(used_o, LOSCACHE_PT_USED_W(c), "valid entries (they are entries 0 .. used_o-1)") \
    X(ld_v_o, 1, "count load: entry ld_idx_o reads the L2 count of ld_addr_o this cycle") \
    X(ld_idx_o, LOSCACHE_PT_IDX_W(c), "the entry being loaded (0 when ld_v_o is 0)") \
    X(ld_addr_o, c->ADDR_W, "its block address (0 when ld_v_o is 0)")         \
    X(hit_o, 1, "lookup of the previous cycle's access hit a valid entry (normal phase)") \
    X(idx_o, LOSCACHE_PT_IDX_W(c), "the entry it hit (0 on a miss)")          \
    X(p_o, c->CNT_W, "that entry's predicted count P now (0 on a miss: no prediction)") \
    X(t_o, c->THR_W, "that entry's threshold T now (0 on a miss)")

#define LOSCACHE_PT_STORAGE(X)                                                 \
    X(entries, c->ENTRIES, (uint64_t)c->ADDR_W + c->PC_W + c->CNT_W, CT_PAPER, \
      "block address + PC (a CAM) + predicted count, as the paper counts them")        \
    X(thresholds, c->ENTRIES, c->THR_W, CT_BUILT,                              \
      "per-entry threshold T (the paper's per-PC threshold has no field)")     \
    X(used_count, 1, LOSCACHE_PT_USED_W(c), CT_BUILT,                          \
      "entries in use: the valid bits (entries fill in order)")                \
    X(phase, 1, 2, CT_BUILT, "prediction / count load / normal")               \
    X(access_count, 1, LOSCACHE_PT_ACC_W(c), CT_BUILT,                         \
      "L2 accesses seen in the prediction phase, 0 .. LIMIT")                  \
    X(load_ptr, 1, LOSCACHE_PT_IDX_W(c), CT_BUILT, "the entry the count load reads next") \
    X(lookup_reg, 1, 1 + (c->ENTRIES > 1 ? LOSCACHE_PT_IDX_W(c) : 0), CT_BUILT, \
      "the lookup's registered compare (the paper's 1-cycle table access): hit, index (none with one entry)")

#endif
