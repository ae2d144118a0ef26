/*
 * ccn_rt.c - C model of the CCN request throttler (see ccn_rt.h; CCN [004]
 * Sec. 4.4; decisions: docs/blocks/ccn_rt.md).
 */
#include "ccn_rt.h"

#include <stdlib.h>
#include <string.h>

struct ccn_rt {
    ccn_rt_cfg_t cfg;
    uint64_t cnt_max, inst_mask;
    /* registers */
    uint64_t icnt, ntot, nhit;
    unsigned state;
};

int ccn_rt_decide(const ccn_rt_cfg_t *c, uint64_t total, uint64_t hits)
{
    return 100 * hits >= (uint64_t)c->HMIN_PCT * total;
}

int ccn_rt_check(const ccn_rt_cfg_t *c, char *err, size_t errlen)
{
    uint64_t burst = UINT64_C(1) << c->INST_W; /* one more than a cycle can retire */
    if (c->T_S < burst) {
        snprintf(err, errlen, "parameter T_S=%lu is below 2^INST_W = %lu (a window must outlast "
                              "the largest cycle)", (unsigned long)c->T_S, (unsigned long)burst);
        return -1;
    }
    if (c->T_P < c->T_S || c->T_P - c->T_S < burst) {
        snprintf(err, errlen, "parameter T_P=%lu leaves less than 2^INST_W = %lu instructions after "
                              "the window T_S=%lu", (unsigned long)c->T_P, (unsigned long)burst,
                 (unsigned long)c->T_S);
        return -1;
    }
    return 0;
}

static void reset(ccn_rt_t *m)
{
    m->icnt = m->ntot = m->nhit = 0;
    m->state = CCN_RT_SAMPLE;
}

ccn_rt_t *ccn_rt_new(const ccn_rt_cfg_t *c, char *err, size_t errlen)
{
    if (ccn_rt_validate(c, err, errlen))
        return NULL;
    ccn_rt_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *c;
    m->cnt_max = ct_mask(c->CNT_W);
    m->inst_mask = ct_mask(c->INST_W);
    reset(m);
    return m;
}

void ccn_rt_free(ccn_rt_t *m) { free(m); }

/* The cycle's decision, from the registers and the inputs (not in reset):
 * the outputs, and what the edge writes. */
typedef struct {
    uint64_t cur, tot, hit;
    int epoch, dec, on;
} next_t;

static inline void decide(const ccn_rt_t *m, const ccn_rt_in_t *in, next_t *n)
{
    const ccn_rt_cfg_t *c = &m->cfg;
    n->cur = m->icnt + (in->inst_i & m->inst_mask);
    n->epoch = n->cur >= c->T_P;
    int sampling = !n->epoch && m->state == CCN_RT_SAMPLE;
    n->tot = m->ntot + (sampling && (in->inj_i & 1) && m->ntot < m->cnt_max);
    n->hit = m->nhit + (sampling && (in->hit_i & 1) && m->nhit < m->cnt_max);
    n->dec = sampling && n->cur >= c->T_S;
    n->on = n->dec && ccn_rt_decide(c, n->tot, n->hit);
}

int ccn_rt_on(const ccn_rt_t *m) { return m->state != CCN_RT_OFF; }

static inline void outputs(const ccn_rt_t *m, const next_t *n, ccn_rt_out_t *o)
{
    o->on_o = (uint64_t)ccn_rt_on(m);
    o->state_o = m->state;
    o->icnt_o = m->icnt;
    o->ntot_o = m->ntot;
    o->nhit_o = m->nhit;
    o->dec_o = (uint64_t)n->dec;
    o->dec_on_o = (uint64_t)n->on;
    o->epoch_o = (uint64_t)n->epoch;
}

static inline void edge(ccn_rt_t *m, const next_t *n)
{
    if (n->epoch) {
        m->icnt = n->cur - m->cfg.T_P;
        m->ntot = m->nhit = 0;
        m->state = CCN_RT_SAMPLE;
        return;
    }
    m->icnt = n->cur;
    m->ntot = n->tot;
    m->nhit = n->hit;
    if (n->dec)
        m->state = n->on ? CCN_RT_ON : CCN_RT_OFF;
}

/* One cycle: the outputs and, when edge, the rising edge (CT_COMPOSED_API
 * makes _eval, _cycle, _step and _run of it). */
static inline void both(ccn_rt_t *m, const ccn_rt_in_t *in, ccn_rt_out_t *out, int edge_now)
{
    if (in->rst_i & 1) {
        memset(out, 0, sizeof *out);
        if (edge_now)
            reset(m);
        return;
    }
    next_t n;
    decide(m, in, &n);
    outputs(m, &n, out);
    if (edge_now)
        edge(m, &n);
}

CT_COMPOSED_API(ccn_rt, both)

CT_DEFINE_BLOCK_COV_C(ccn_rt, CCN_RT, 15, "one per SM, CCN [004]'s 15-core GPU")
