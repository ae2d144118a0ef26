/*
 * bgp.c - LAMAR's bi-modal granularity predictor as a composition: its own
 * default/window registers around the bloom_dual C model (bgp.h).
 */
#include "bgp.h"

#include <stdlib.h>

struct bgp {
    bgp_cfg_t cfg;
    bloom_dual_t *f;
    uint32_t thr, th_fg;
    /* registers */
    unsigned def; /* 1 CG, 0 FG */
    uint32_t nev, nins;
};

void bgp_filter_cfg(const bgp_cfg_t *c, bloom_dual_cfg_t *f)
{
    f->M_W = c->M_W;
    f->K = c->K;
    f->N = c->N;
    f->ADDR_W = c->ADDR_W;
}

uint32_t bgp_rot_threshold(const bgp_cfg_t *c)
{
    return (uint32_t)((uint64_t)c->SKEW_PCT * c->WIN / 100);
}

int bgp_check(const bgp_cfg_t *c, char *err, size_t errlen)
{
    bloom_dual_cfg_t f;
    bgp_filter_cfg(c, &f);
    return bloom_dual_validate(&f, err, errlen);
}

static void reset(bgp_t *m)
{
    m->def = 1;
    m->nev = m->nins = 0;
}

bgp_t *bgp_new(const bgp_cfg_t *c, char *err, size_t errlen)
{
    if (bgp_validate(c, err, errlen))
        return NULL;
    bloom_dual_cfg_t f;
    bgp_filter_cfg(c, &f);
    bgp_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->f = bloom_dual_new(&f, err, errlen);
    if (!m->f) {
        free(m);
        return NULL;
    }
    m->cfg = *c;
    m->thr = bgp_rot_threshold(c);
    m->th_fg = c->TH_FG;
    reset(m);
    return m;
}

void bgp_free(bgp_t *m)
{
    if (m)
        bloom_dual_free(m->f);
    free(m);
}

/* One cycle: outputs, and with edge the rising edge of both parts. */
static CT_HOT_INLINE void both(bgp_t *m, const bgp_in_t *in, bgp_out_t *o, int edge)
{
    int rst = (int)(in->rst_i & 1), ev = !rst && (in->ev_i & 1);
    unsigned low = ct_pop4(in->used_i) < m->th_fg;
    unsigned ins = ev && low == m->def; /* opposite locality: CG tracks low */
    unsigned last = ev && m->nev == m->cfg.WIN - 1;
    unsigned rot = last && m->nins + ins > m->thr;
    bloom_dual_in_t fi = {.rst_i = in->rst_i, .ins_i = ins, .ins_addr_i = in->ev_addr_i,
                          .qry_addr_i = in->miss_addr_i, .flush_i = rot};
    bloom_dual_out_t fo;
    if (edge)
        bloom_dual_cycle(m->f, &fi, &fo);
    else
        bloom_dual_eval(m->f, &fi, &fo);
    if (rst) {
        memset(o, 0, sizeof *o);
        if (edge)
            reset(m);
        return;
    }
#define F(out, part_out) o->out = fo.part_out;
    BGP_FROM_FILTER(F)
#undef F
    o->pred_o = fo.hit_o ? !m->def : m->def;
    o->def_o = m->def;
    o->low_o = ev && low;
    o->ins_o = ins;
    o->rot_o = rot;
    o->nev_o = m->nev;
    o->nins_o = m->nins;
    if (!edge || !ev)
        return;
    m->nev = last ? 0 : m->nev + 1;
    m->nins = last ? 0 : m->nins + ins;
    m->def ^= rot;
}

CT_COMPOSED_API(bgp, both)

static unsigned bgp_storage(const uint32_t *cv, ct_storage_t *out)
{
    const bgp_cfg_t *c = (const bgp_cfg_t *)cv;
    bloom_dual_cfg_t f;
    bgp_filter_cfg(c, &f);
    unsigned n = bloom_dual_block.storage(f.v, out);
    BGP_STORAGE(CT_X_STORE)
    return n;
}

#define CT_OUT_T_ bgp_out_t
CT_OUTPUTS_FROM(BGP, CT_COUNT(BGP_FROM_FILTER) + CT_COUNT(BGP_OWN));
#undef CT_OUT_T_

/* The part whose model the BGP calls: its filter. */
static unsigned bgp_parts(const uint32_t *cv, ct_part_t *out)
{
    CT_PART(&out[0], bloom_dual, bgp_filter_cfg, (const bgp_cfg_t *)cv);
    return 1;
}

CT_DEFINE_COMPOSED_BLOCK_COV(bgp, BGP, bgp_storage, bgp_parts)
