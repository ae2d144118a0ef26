/*
 * loscache_ctr_desc.h - the one description of the LoSCache access-counter
 * block: parameters, presets, ports and storage (see ct_desc.h for the
 * table formats).  Everything else about the block's interface - the C
 * structs, vector columns, harness glue, testbench, GTKWave save file and
 * area report - is expanded from these tables.
 *
 * Paper: LoSCache [000] (Tan et al.), Sec. IV-A (L2 cache extension),
 * IV-B (normal execution), IV-C (increasing prediction accuracy), IV-D
 * (area).  Behaviour and every decision the paper leaves open:
 * docs/blocks/loscache_ctr.md.
 */
#ifndef LOSCACHE_CTR_DESC_H
#define LOSCACHE_CTR_DESC_H

#define LOSCACHE_CTR_TITLE "LoSCache per-line access counters"
#define LOSCACHE_CTR_PAPER "LoSCache [000], Sec. IV-A..IV-D"

/* Operation codes on op_i. */
#define LOSCACHE_CTR_OP_NOP   0u /* no access; count_o shows line_i's count */
#define LOSCACHE_CTR_OP_FILL  1u /* miss: new data placed in line_i (or bypassed) */
#define LOSCACHE_CTR_OP_HIT   2u /* access whose tag matched line_i */
#define LOSCACHE_CTR_OP_EVICT 3u /* line_i's data evicted without a refill */

#define LOSCACHE_CTR_PARAMS(X)                                                 \
    X(NUM_LINES, 1, 1u << 20, "cache lines, one counter each (paper L2: 6144)") \
    X(CNT_W, 2, 7, "access-count and prediction width (paper: 6)")             \
    X(THR_W, 1, 4, "adaptive-threshold width, T saturates at 2^THR_W-1 (paper: 2)")

#define LOSCACHE_CTR_PRESETS(X)                                                \
    X(paper, "NUM_LINES=6144 CNT_W=6 THR_W=2",                                 \
      "paper L2: 768 KB, 128 B lines, 16-way, 6 banks")                        \
    X(small, "NUM_LINES=16 CNT_W=6 THR_W=2", "paper widths, 16 lines")         \
    X(tiny, "NUM_LINES=5 CNT_W=3 THR_W=1",                                     \
      "5 lines (index range has holes), counts saturate at 7, T at 1")

#define LOSCACHE_CTR_INPUTS(X)                                                 \
    X(rst_i, 1, "synchronous reset, active high: all counts to 0")             \
    X(op_i, 2, "0 NOP, 1 FILL, 2 HIT, 3 EVICT")                                \
    X(line_i, ct_clog2(c->NUM_LINES), "line index (set x ways + way)")         \
    X(off_i, 1, "line_i is powered off (gated) now; from the power FSM")       \
    X(pred_i, c->CNT_W, "predicted access count P of the PC; 0 = no prediction") \
    X(thr_i, c->THR_W, "adaptive threshold T of the PC")

#define LOSCACHE_CTR_OUTPUTS(X)                                                \
    X(count_o, c->CNT_W, "line_i's count after this cycle's operation")        \
    X(gate_o, 1, "predicted last access: power line_i off after this cycle")   \
    X(bypass_o, 1, "fill predicted dead (P+T = 1): data not allocated")        \
    X(early_o, 1, "early-gating misprediction: HIT on a gated line")           \
    X(thr_o, c->THR_W, "T to write back for the PC: T+1 (saturating) on early_o")

/* Functional coverage at the ports (counted by every run of the model on its
 * stimulus; docs/blocks/loscache_ctr.md): X(name, when, possible, doc). */
#define LOSCACHE_CTR_LIVE(c, i) (!(i)->rst_i && (i)->line_i < (c)->NUM_LINES)
#define LOSCACHE_CTR_COVER(X)                                                  \
    X(fill, LOSCACHE_CTR_LIVE(c, i) && i->op_i == LOSCACHE_CTR_OP_FILL && !o->bypass_o, 1, \
      "a fill allocated (count 1)")                                            \
    X(bypass, o->bypass_o, 1, "a fill predicted dead (P + T = 1) is bypassed")  \
    X(hit, LOSCACHE_CTR_LIVE(c, i) && i->op_i == LOSCACHE_CTR_OP_HIT && !i->off_i, 1, \
      "a hit on a powered line counts")                                        \
    X(count_max, LOSCACHE_CTR_LIVE(c, i) && i->op_i == LOSCACHE_CTR_OP_HIT && !i->off_i && \
                     o->count_o == ct_mask(c->CNT_W), 1,                       \
      "a hit leaves the count at its maximum 2^CNT_W - 1 (saturation)")        \
    X(gate, o->gate_o, 1, "the predicted last access: the line is gated")      \
    X(early, o->early_o && i->thr_i < ct_mask(c->THR_W), 1,                    \
      "early-gating misprediction: T + 1 written back")                        \
    X(thr_max, o->early_o && i->thr_i == ct_mask(c->THR_W), 1,                 \
      "early gating with T at its maximum: T stays (saturation)")              \
    X(no_pred, LOSCACHE_CTR_LIVE(c, i) && i->op_i == LOSCACHE_CTR_OP_HIT && !i->off_i && \
                   !i->pred_i, 1, "a hit of a PC without prediction (P = 0) never gates") \
    X(evict, LOSCACHE_CTR_LIVE(c, i) && i->op_i == LOSCACHE_CTR_OP_EVICT, 1,   \
      "an eviction without refill (count to 0)")                               \
    X(dead_line, !i->rst_i && i->line_i >= c->NUM_LINES,                       \
      (1u << ct_clog2(c->NUM_LINES)) != c->NUM_LINES,                          \
      "an index above NUM_LINES - 1: all outputs 0, nothing changes")

#define LOSCACHE_CTR_STORAGE(X)                                                \
    X(access_count, c->NUM_LINES, c->CNT_W, 0,                                 \
      "per-line access count in the L2 tag store")

#endif
