/*
 * loscache_desc.h - the one description of the whole LoSCache unit: one
 * SM's prediction table (loscache_pt) in front of the L2's line-power unit
 * (loscache_pwr: the per-line access counters and the sleep-transistor FSM).
 * A request (PC, block address, L2 line, operation, predictor-or-not) flows
 * through the table lookup, the count compare and the gating; an early-gating
 * misprediction flows back to the table entry that gave the prediction; at
 * the end of the prediction phase the table reads the counters.  Table
 * formats: ct_desc.h.
 *
 * Paper: LoSCache [000], Sec. IV-A..IV-D, Fig. 5 (steps 1-7).  Wiring,
 * timing and every decision the paper leaves open: docs/blocks/loscache.md.
 */
#ifndef LOSCACHE_DESC_H
#define LOSCACHE_DESC_H

#include "loscache_pt_desc.h"
#include "loscache_pwr_desc.h"

#define LOSCACHE_TITLE "LoSCache unit (prediction table + access counters + sleep FSM)"
#define LOSCACHE_PAPER "LoSCache [000], Sec. IV-A..IV-D, Fig. 5"

/* The parts' parameters (CNT_W and THR_W are shared: the table holds the
 * counters' P and T); ranges as the parts' (loscache_check asks them). */
#define LOSCACHE_PARAMS(X)                                                     \
    X(NUM_LINES, 1, 1u << 16, "L2 lines, one counter and one gate each (paper: 6144)") \
    X(ENTRIES, 1, 64, "prediction-table entries (paper: 21)")                  \
    X(PC_W, 1, 32, "PC width (paper: 32)")                                     \
    X(ADDR_W, 1, 40, "L2 block-address width (paper: 25)")                     \
    X(CNT_W, 2, 7, "access-count and P width (paper: 6)")                      \
    X(THR_W, 1, 4, "threshold width, T saturates at 2^THR_W - 1 (paper: 2)")   \
    X(LIMIT, 1, 1023, "L2 accesses that end the prediction phase (paper: 100)")

#define LOSCACHE_PRESETS(X)                                                    \
    X(paper, "NUM_LINES=6144 ENTRIES=21 PC_W=32 ADDR_W=25 CNT_W=6 THR_W=2 LIMIT=100", \
      "paper: 768 KB L2 (6,144 lines), 21-entry table, 100-access phase")      \
    X(small, "NUM_LINES=16 ENTRIES=8 PC_W=8 ADDR_W=10 CNT_W=6 THR_W=2 LIMIT=20", \
      "16 lines, 8 entries, 20-access phase")                                  \
    X(tiny, "NUM_LINES=5 ENTRIES=3 PC_W=4 ADDR_W=4 CNT_W=3 THR_W=1 LIMIT=8",   \
      "5 lines (index holes), 3 entries, counts to 7, T to 1")

#define LOSCACHE_LINE_W(c) ct_clog2((c)->NUM_LINES)

#define LOSCACHE_INPUTS(X)                                                     \
    X(rst_i, 1, "synchronous reset (program start): table empty, prediction phase, counts 0, every line OFF") \
    X(kernel_i, 1, "a kernel launch: the table empties, a new prediction phase; counts and power kept") \
    X(req_op_i, 2, "the request's L2 outcome: 0 none, 1 FILL (miss), 2 HIT (tag match, gated or not), 3 EVICT") \
    X(req_line_i, LOSCACHE_LINE_W(c), "its L2 line (set x ways + way)")        \
    X(req_pc_i, c->PC_W, "its instruction PC")                                 \
    X(req_addr_i, c->ADDR_W, "its L2 block address")                           \
    X(req_pred_i, 1, "it comes from the predictor CTA")                        \
    X(done_i, 1, "the predictor CTA has completed (ends the prediction phase)") \
    X(ld_hit_i, 1, "count load: ld_addr_o is in the L2 (the tag lookup's answer, this cycle)") \
    X(ld_line_i, LOSCACHE_LINE_W(c), "count load: the line holding ld_addr_o")

#define LOSCACHE_OUTPUTS(X)                                                    \
    X(phase_o, 2, "the table's phase: 0 prediction, 1 count load, 2 normal")  \
    X(used_o, LOSCACHE_PT_USED_W(c), "valid table entries")                   \
    X(ready_o, 1, "a request is accepted this cycle (not in reset, kernel_i or the count load)") \
    X(ld_v_o, 1, "count load: an entry reads the count of its block this cycle") \
    X(ld_addr_o, c->ADDR_W, "the block address to look up (0 when ld_v_o is 0)") \
    X(res_op_o, 2, "the operation the counters and the FSM carry out this cycle (0 none)") \
    X(res_line_o, LOSCACHE_LINE_W(c), "its line (in the count load: ld_line_i)") \
    X(pt_hit_o, 1, "that request's PC hit in the table (normal phase)")       \
    X(p_o, c->CNT_W, "the P it carries (0: no prediction)")                   \
    X(t_o, c->THR_W, "the T it carries")                                      \
    X(hit_o, 1, "a HIT served by a powered line")                              \
    X(mode_o, 2, "res_line_o's power mode this cycle: 0 ACTIVE, 2 OFF")        \
    X(count_o, c->CNT_W, "res_line_o's count after this cycle's operation")   \
    X(gate_o, 1, "predicted last access: the line is OFF from the next cycle") \
    X(bypass_o, 1, "fill predicted dead (P + T = 1): not allocated")          \
    X(early_o, 1, "early gating: HIT on an OFF line, refilled")                \
    X(eg_o, 1, "the early gating is reported to the table entry (T + 1 at the edge)") \
    X(n_active_o, SLEEP_FSM_CW(c), "lines powered this cycle")                 \
    X(n_off_o, SLEEP_FSM_CW(c), "lines OFF this cycle")

/* Where each output comes from (ct_desc.h, "a composition's outputs"): the
 * table's, the counters' and FSM's (loscache_pwr) as they are, and the
 * unit's own: its request register's ready, result and the early gating it
 * feeds back to the table. */
#define LOSCACHE_FROM_PT(X)                                                    \
    X(phase_o, phase_o) X(used_o, used_o) X(ld_v_o, ld_v_o) X(ld_addr_o, ld_addr_o) \
    X(pt_hit_o, hit_o) X(p_o, p_o) X(t_o, t_o)
#define LOSCACHE_FROM_PWR(X)                                                   \
    X(hit_o, hit_o) X(mode_o, mode_o) X(count_o, count_o) X(gate_o, gate_o)   \
    X(bypass_o, bypass_o) X(early_o, early_o) X(n_active_o, n_active_o)       \
    X(n_off_o, n_off_o)
#define LOSCACHE_OWN(X) X(ready_o) X(res_op_o) X(res_line_o) X(eg_o)

/* Functional coverage at the ports (docs/blocks/loscache.md): the story's
 * events as the unit shows them; the parts' own bins are counted by their
 * own runs.  X(name, when, possible, doc). */
#define LOSCACHE_COVER(X)                                                      \
    X(predict_access, o->phase_o == LOSCACHE_PT_PREDICT && o->res_op_o == 1 && o->ready_o, 1, \
      "a prediction-phase fill: counted by the L2, no prediction, same-cycle result") \
    X(load_count, o->ld_v_o && i->ld_hit_i && o->count_o, 1,                  \
      "the count load reads a non-zero count from the counters")               \
    X(load_evicted, o->ld_v_o && !i->ld_hit_i, 1,                              \
      "the count load of a block no longer in the L2: P = 0")                  \
    X(held, o->phase_o == LOSCACHE_PT_LOAD && i->req_op_i, 1,                  \
      "a request presented during the count load is not accepted")             \
    X(pt_miss, o->phase_o == LOSCACHE_PT_NORMAL && (o->res_op_o == 1 || o->res_op_o == 2) && \
                   !o->pt_hit_o, 1, "a normal-phase access whose PC is not in the table") \
    X(gate, o->gate_o, 1, "gating after the predicted last access")            \
    X(bypass, o->bypass_o, 1, "a fill with P + T = 1 is not allocated")        \
    X(early_fb, o->eg_o && o->t_o < ct_mask(c->THR_W), 1,                \
      "early gating fed back: the entry's T + 1")                              \
    X(early_sat, o->eg_o && o->t_o == ct_mask(c->THR_W), 1,              \
      "early gating fed back with T at its maximum: T stays")                  \
    X(early_no_entry, o->early_o && !o->pt_hit_o, 1,                           \
      "early gating of a PC the table does not hold: nothing fed back")        \
    X(kernel_in_flight, i->kernel_i && !i->rst_i && o->res_op_o, 1,            \
      "a kernel launch while a normal-phase request is in the counters: served without prediction")

/* Storage: the parts' (from their descriptors) and the request register
 * between the lookup and the counters, listed by loscache_storage(). */
#define LOSCACHE_STORAGE(X)                                                    \
    X(request_reg, 1, 2 + LOSCACHE_LINE_W(c), CT_BUILT,                        \
      "the normal-phase request waiting one cycle for the table's answer (op, line)")

#endif
