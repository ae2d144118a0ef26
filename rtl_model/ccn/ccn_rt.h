/*
 * ccn_rt.h - C reference model of the CCN request throttler of one core
 * (seed 004, Sec. 4.4).  Bit- and cycle-accurate against
 * verilog/ccn/ccn_rt.v.  Plain C11, no globals.
 *
 * Registers: icnt (instructions of the epoch so far), N_total, N_hits,
 * state (SAMPLE, ON, OFF).  In a cycle outside reset, with
 * cur = icnt + inst_i (the epoch's instructions at the cycle's end):
 *   cur >= T_P              epoch_o: at the edge icnt := cur - T_P (the
 *                           excess carries), state := SAMPLE, counts := 0;
 *   SAMPLE and cur >= T_S   dec_o: the window ends; with this cycle's
 *                           injection and hit counted, state := ON iff
 *                           100 N_hits >= HMIN_PCT N_total (dec_on_o), else
 *                           OFF; counts kept until the epoch ends;
 *   otherwise               icnt := cur; in SAMPLE inj_i and hit_i add 1 to
 *                           N_total and N_hits, each saturating at
 *                           2^CNT_W - 1.
 * In ON and OFF nothing is counted.  on_o = state != OFF.  The configuration
 * rules T_S >= 2^INST_W and T_P - T_S >= 2^INST_W make the two boundaries
 * fall in different cycles, each at most once a cycle, and give every window
 * at least one cycle.  While rst_i is 1 every output is 0; at its edge a new
 * epoch starts (icnt 0, SAMPLE, counts 0).
 *
 * API: see ct_desc.h (ccn_rt_new/_eval/_step/_cycle/_run/_free ...).
 */
#ifndef CCN_RT_H
#define CCN_RT_H

#include "ct_desc.h"
#include "ccn_rt_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(ccn_rt, CCN_RT)

/* The decision rule on a window's counts: 1 (ON) iff
 * 100 hits >= HMIN_PCT total, in exact integers (no division, no rounding). */
int ccn_rt_decide(const ccn_rt_cfg_t *c, uint64_t total, uint64_t hits);

CT_END_DECLS

#endif
