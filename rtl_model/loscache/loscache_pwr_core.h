/*
 * loscache_pwr_core.h - private: the line-power unit's composition and its
 * cycle (the counters wired into the FSM, see loscache_pwr.h), for
 * loscache_pwr.c, whose _eval, _step, _cycle and _run are this function, and
 * for the composition that takes a cycle of it without a call (loscache.c).
 * Not installed (Makefile PRIV_HDRS).
 */
#ifndef LOSCACHE_PWR_CORE_H
#define LOSCACHE_PWR_CORE_H

#include "loscache_ctr_core.h"
#include "loscache_pwr.h"
#include "sleep_fsm_core.h"

struct loscache_pwr {
    loscache_ctr_t *ctr;
    sleep_fsm_t *fsm;
};

/* One cycle of both parts: outputs in *o, and, when edge, the rising edge.
 * The parts' cycles are their own per-cycle functions (loscache_ctr_core.h,
 * sleep_fsm_core.h: what their _cycle and _run run), inlined here. */
static CT_HOT_INLINE void loscache_pwr_core_both(loscache_pwr_t *m, const loscache_pwr_in_t *in,
                                                 loscache_pwr_out_t *o, int edge)
{
    /* line_i's mode needs no request input (outside reset, where the counters
     * ignore off_i anyway) */
    loscache_ctr_in_t ci = {.rst_i = in->rst_i, .op_i = in->op_i, .line_i = in->line_i,
                            .off_i = sleep_fsm_core_mode(m->fsm, in->line_i) == SLEEP_FSM_OFF,
                            .pred_i = in->pred_i, .thr_i = in->thr_i};
    loscache_ctr_out_t co;
    if (edge)
        loscache_ctr_core_cycle(m->ctr, &ci, &co);
    else
        loscache_ctr_eval(m->ctr, &ci, &co);
    sleep_fsm_in_t fi = {.rst_i = in->rst_i, .line_i = in->line_i, .last_i = co.gate_o,
                         .op_i = co.bypass_o ? SLEEP_FSM_OP_NOP
                                 : co.early_o ? SLEEP_FSM_OP_FILL
                                              : in->op_i};
    sleep_fsm_out_t fo;
    if (edge)
        sleep_fsm_core_cycle(m->fsm, &fi, &fo);
    else
        sleep_fsm_eval(m->fsm, &fi, &fo);
#define F(out, part_out) o->out = co.part_out;
    LOSCACHE_PWR_FROM_CTR(F)
#undef F
#define F(out, part_out) o->out = fo.part_out;
    LOSCACHE_PWR_FROM_FSM(F)
#undef F
}
#define CT_OUT_T_ loscache_pwr_out_t
CT_OUTPUTS_FROM(LOSCACHE_PWR, CT_COUNT(LOSCACHE_PWR_FROM_CTR) + CT_COUNT(LOSCACHE_PWR_FROM_FSM) + CT_COUNT(LOSCACHE_PWR_OWN));
#undef CT_OUT_T_

#endif
