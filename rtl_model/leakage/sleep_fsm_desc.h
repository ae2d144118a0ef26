/*
 * sleep_fsm_desc.h - the one description of the per-line sleep-transistor
 * power controller: parameters, presets, ports and storage (table formats:
 * ct_desc.h).
 *
 * Papers: Leakage [001] (Wen & Zhang, GPU data cache leakage management),
 * Sec. II-A periodic drowsy, II-B cache decay, II-C aggressive drowsy, II-D
 * hybrid drowsy/gated-VDD, Sec. III Eq. (1); LoSCache [000] Sec. IV-B
 * gating after the predicted last access.  Behaviour, state diagram and every
 * decision the papers leave open: docs/blocks/sleep_fsm.md.
 */
#ifndef SLEEP_FSM_DESC_H
#define SLEEP_FSM_DESC_H

#define SLEEP_FSM_TITLE "Sleep-transistor FSM: per-line drowsy / gated-VDD control"
#define SLEEP_FSM_PAPER "Leakage [001] Sec. II-III (PD, decay, AG, HDG, Eq. 1); LoSCache [000] Sec. IV-B"

/* Operation codes on op_i: the same as loscache_ctr's, so one request bus
 * drives both blocks. */
#define SLEEP_FSM_OP_NOP   0u /* no access; mode_o shows line_i's mode */
#define SLEEP_FSM_OP_FILL  1u /* new data written into line_i (miss handled) */
#define SLEEP_FSM_OP_HIT   2u /* access whose tag matched line_i */
#define SLEEP_FSM_OP_EVICT 3u /* line_i's data invalidated: no power change */

/* POLICY values. */
#define SLEEP_FSM_LOSCACHE 0u /* start OFF, wake on fill, OFF on last_i */
#define SLEEP_FSM_PD       1u /* all lines DROWSY every PERIOD cycles */
#define SLEEP_FSM_DECAY    2u /* OFF after DECAY cycles without access */
#define SLEEP_FSM_AG       3u /* DROWSY right after each access */
#define SLEEP_FSM_HDG      4u /* AG, plus decay from DROWSY/ACTIVE to OFF */

/* mode_o values. */
#define SLEEP_FSM_ACTIVE 0u
#define SLEEP_FSM_DROWSY 1u
#define SLEEP_FSM_OFF    2u
#define SLEEP_FSM_WAKING 3u

#define SLEEP_FSM_PARAMS(X)                                                    \
    X(NUM_LINES, 1, 1u << 16, "cache lines, one power controller each")        \
    X(POLICY, 0, 4, "0 LoSCache gating, 1 periodic drowsy, 2 decay, 3 aggressive drowsy, 4 hybrid") \
    X(WAKE, 1, 2, "cycles a HIT on a DROWSY line stalls while it wakes")      \
    X(PERIOD, 2, 1u << 24, "periodic-drowsy period in cycles (paper GPU: 1000)") \
    X(DECAY, 8, 1u << 26, "decay interval in cycles, a multiple of 4 (paper: L1 10000, L2 15000)")

#define SLEEP_FSM_PRESETS(X)                                                   \
    X(paper, "NUM_LINES=384 POLICY=4 WAKE=2 PERIOD=1000 DECAY=10000",          \
      "paper L1: 48 KB, 128 B lines, 4-way, HDG with the 10k L1 decay interval") \
    X(paper_l2, "NUM_LINES=6144 POLICY=4 WAKE=2 PERIOD=1000 DECAY=15000",      \
      "paper L2: 768 KB, 128 B lines, HDG with the 15k L2 decay interval")     \
    X(los, "NUM_LINES=16 POLICY=0 WAKE=1 PERIOD=1000 DECAY=10000",             \
      "LoSCache gating, 16 lines")                                             \
    X(pd, "NUM_LINES=16 POLICY=1 WAKE=2 PERIOD=40 DECAY=10000",                \
      "periodic drowsy every 40 cycles, 2-cycle wake-up, 16 lines")            \
    X(decay, "NUM_LINES=16 POLICY=2 WAKE=1 PERIOD=1000 DECAY=32",              \
      "decay after 32 cycles (tick every 8), 16 lines")                        \
    X(ag, "NUM_LINES=16 POLICY=3 WAKE=1 PERIOD=1000 DECAY=10000",              \
      "aggressive drowsy, 1-cycle wake-up, 16 lines")                          \
    X(hdg, "NUM_LINES=13 POLICY=4 WAKE=2 PERIOD=1000 DECAY=24",                \
      "hybrid: aggressive drowsy + decay after 24 cycles, 13 lines (index holes)")

#define SLEEP_FSM_INPUTS(X)                                                    \
    X(rst_i, 1, "synchronous reset, active high: every line to its policy's reset mode") \
    X(op_i, 2, "0 NOP, 1 FILL, 2 HIT, 3 EVICT (loscache_ctr's codes)")         \
    X(line_i, ct_clog2(c->NUM_LINES), "line index (set x ways + way)")         \
    X(last_i, 1, "LoSCache: this access is the predicted last one (gate_o)")

/* Count width: 0..NUM_LINES. */
#define SLEEP_FSM_CW(c) ct_clog2((uint64_t)(c)->NUM_LINES + 1)

#define SLEEP_FSM_OUTPUTS(X)                                                   \
    X(hit_o, 1, "HIT served: line_i is ACTIVE and awake")                      \
    X(stall_o, 1, "HIT must wait: line_i is DROWSY or WAKING; hold the request") \
    X(lost_o, 1, "HIT on an OFF line: data lost, serve as a miss")            \
    X(mode_o, 2, "line_i's mode this cycle: 0 ACTIVE 1 DROWSY 2 OFF 3 WAKING") \
    X(tick_o, 1, "this cycle is a PD period boundary or a decay tick")        \
    X(n_active_o, SLEEP_FSM_CW(c), "lines ACTIVE or WAKING this cycle")        \
    X(n_drowsy_o, SLEEP_FSM_CW(c), "lines DROWSY this cycle")                  \
    X(n_off_o, SLEEP_FSM_CW(c), "lines OFF this cycle")

/* Which hardware a policy needs (storage and RTL follow from these). */
#define SLEEP_FSM_HAS_DROWSY(c) ((c)->POLICY == SLEEP_FSM_PD || (c)->POLICY >= SLEEP_FSM_AG)
#define SLEEP_FSM_HAS_DECAY(c) ((c)->POLICY == SLEEP_FSM_DECAY || (c)->POLICY == SLEEP_FSM_HDG)
#define SLEEP_FSM_HAS_WAKEU(c) (SLEEP_FSM_HAS_DROWSY(c) && (c)->WAKE == 2)
/* Width of the global cycle counter: PD period or decay tick (DECAY/4). */
#define SLEEP_FSM_GCW(c)                                                       \
    ((c)->POLICY == SLEEP_FSM_PD ? ct_clog2((c)->PERIOD)                       \
     : SLEEP_FSM_HAS_DECAY(c)    ? ct_clog2((c)->DECAY / 4)                    \
                                 : 0)

#define SLEEP_FSM_STORAGE(X)                                                   \
    X(power_ctl, c->NUM_LINES, SLEEP_FSM_HAS_DROWSY(c) ? 2 : 1, 0,             \
      "per-line registered controls: sleep transistor (gate), drowsy VDD")     \
    X(decay_gray, SLEEP_FSM_HAS_DECAY(c) ? c->NUM_LINES : 0, 2, 0,             \
      "per-line 2-bit Gray-code decay counter")                                \
    X(global_count, SLEEP_FSM_GCW(c) ? 1 : 0, SLEEP_FSM_GCW(c), 0,             \
      "PD period counter, or decay tick counter (DECAY/4)")                    \
    X(wake_unit, SLEEP_FSM_HAS_WAKEU(c) ? 1 : 0, 1 + ct_clog2(c->NUM_LINES), 0, \
      "the line waking this cycle (WAKE = 2): valid + index")                  \
    X(mode_counts, 2, SLEEP_FSM_CW(c), 1,                                      \
      "lines ACTIVE and DROWSY, for the co-simulation outputs")

#endif
