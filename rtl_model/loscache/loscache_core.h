/*
 * loscache_core.h - private: the LoSCache unit's outputs from its table's
 * and its line-power unit's (LoSCache [000] Sec. IV-A..IV-D, Fig. 5;
 * docs/blocks/loscache.md), for loscache.c and for the experiment's chip of
 * a table per SM (workloads/wl_los.c), whose outputs are the unit's with
 * the requesting SM's table in it.  Not installed (Makefile PRIV_HDRS).
 */
#ifndef LOSCACHE_CORE_H
#define LOSCACHE_CORE_H

#include "loscache.h"
#include "loscache_pt.h"
#include "loscache_pwr.h"

/* The unit's outputs: the table's and the line-power unit's as they are
 * (the description's lists), and its own. */
static CT_HOT_INLINE void loscache_core_outputs(loscache_out_t *o, const loscache_pt_out_t *to,
                                                const loscache_pwr_out_t *po, uint64_t rst, uint64_t ready,
                                                uint64_t op, uint64_t line, uint64_t eg)
{
#define F(out, part_out) o->out = to->part_out;
    LOSCACHE_FROM_PT(F)
#undef F
#define F(out, part_out) o->out = po->part_out;
    LOSCACHE_FROM_PWR(F)
#undef F
    o->ready_o = ready;
    o->res_op_o = rst ? 0 : op;
    o->res_line_o = rst ? 0 : line;
    o->eg_o = eg;
}

#endif
