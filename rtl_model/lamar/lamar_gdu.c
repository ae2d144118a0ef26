/*
 * lamar_gdu.c - C model of LAMAR's granularity decision unit (see
 * lamar_gdu.h; LAMAR [003] Sec. 3.1-3.4, 5.1; decisions:
 * docs/blocks/lamar_gdu.md): the per-line sector metadata, the decision, the
 * quality counters, and a bgp model driven through its API.
 */
#include "lamar_gdu.h"

#include <stdlib.h>
#include <string.h>

struct lamar_gdu {
    lamar_gdu_cfg_t cfg;
    bgp_t *bgp;
    unsigned sect_mask, line_span;
    uint64_t cnt_max, addr_mask;
    /* registers */
    uint8_t *v;     /* LINES */
    uint16_t *meta; /* LINES: sv | u << 4 | p << 8 */
    unsigned mode;
    uint64_t cnt[4]; /* DEMAND, PRED_REF, PRED_NREF, NPRED_REF */
};

CT_SPEC_CONFIG(lamar_gdu, LAMAR_GDU)

/* What the cycle reads of the configuration: the model's copies, or, in a
 * build specialised to one preset (CT_SPEC, ct_desc.h), constants. */
#define SPEC_ CT_SPEC_CFG(lamar_gdu)
#define CFG_(m) CT_K(&(m)->cfg, SPEC_)
#define SECT_MASK_(m) CT_K((m)->sect_mask, (1u << SPEC_->SECT) - 1)
#define LINE_SPAN_(m) CT_K((m)->line_span, 1u << ct_clog2(SPEC_->LINES))
#define CNT_MAX_(m) CT_K((m)->cnt_max, ct_mask(SPEC_->CNT_W))
#define ADDR_MASK_(m) CT_K((m)->addr_mask, ct_mask(SPEC_->ADDR_W))

void lamar_gdu_bgp_cfg(const lamar_gdu_cfg_t *c, bgp_cfg_t *b)
{
    ct_config_by_name(&lamar_gdu_block, c->v, &bgp_block, b->v); /* the BGP's every parameter */
}

int lamar_gdu_check(const lamar_gdu_cfg_t *c, char *err, size_t errlen)
{
    if (c->SECT != 2 && c->SECT != 4) {
        snprintf(err, errlen, "parameter SECT=%lu is neither 2 nor 4 (a 128 B line of 32 B or 64 B sectors)",
                 (unsigned long)c->SECT);
        return -1;
    }
    bgp_cfg_t b;
    lamar_gdu_bgp_cfg(c, &b);
    return bgp_validate(&b, err, errlen);
}

static void reset(lamar_gdu_t *m)
{
    memset(m->v, 0, m->cfg.LINES);
    memset(m->cnt, 0, sizeof m->cnt);
    m->mode = LAMAR_GDU_DYN;
}

lamar_gdu_t *lamar_gdu_new(const lamar_gdu_cfg_t *c, char *err, size_t errlen)
{
    if (lamar_gdu_validate(c, err, errlen))
        return NULL;
    lamar_gdu_t *m = calloc(1, sizeof *m);
    bgp_cfg_t b;
    lamar_gdu_bgp_cfg(c, &b);
    if (m) {
        m->bgp = bgp_new(&b, err, errlen);
        m->v = calloc(c->LINES, 1);
        m->meta = calloc(c->LINES, sizeof *m->meta);
    }
    if (!m || !m->bgp || !m->v || !m->meta) {
        lamar_gdu_free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *c;
    m->sect_mask = (1u << c->SECT) - 1;
    m->line_span = 1u << ct_clog2(c->LINES);
    m->cnt_max = ct_mask(c->CNT_W);
    m->addr_mask = ct_mask(c->ADDR_W);
    reset(m);
    return m;
}

void lamar_gdu_free(lamar_gdu_t *m)
{
    if (!m)
        return;
    bgp_free(m->bgp);
    free(m->v);
    free(m->meta);
    free(m);
}

int lamar_gdu_line(const lamar_gdu_t *m, unsigned line, unsigned *sv, unsigned *used, unsigned *pred)
{
    if (line >= CFG_(m)->LINES || !m->v[line])
        return *sv = *used = *pred = 0, 0;
    *sv = m->meta[line] & 15, *used = (m->meta[line] >> 4) & 15, *pred = (m->meta[line] >> 8) & 15;
    return 1;
}

/* One cycle's plan (outside reset): the outputs, the BGP's inputs, the
 * line's next metadata and the counts' increments. */
typedef struct {
    bgp_in_t bi;
    int write, live;
    unsigned line, meta, add[4];
    unsigned q; /* bit k: add[k] != 0 (q_o) */
} plan_t;

static void decide(const lamar_gdu_t *m, const lamar_gdu_in_t *in, lamar_gdu_out_t *o, plan_t *p, int edge)
{
    /* every output and plan field the paths below may leave 0, field by field
     * (the stores they overwrite fold away; a memset of the records was a call) */
#define Z(name, ...) o->name = 0;
    LAMAR_GDU_OUTPUTS(Z)
#undef Z
#define Z(name, ...) p->bi.name = 0;
    BGP_INPUTS(Z)
#undef Z
    p->write = 0, p->q = 0; /* add[k] is read only where bit k of q is set */
    unsigned mode = m->mode == 3 ? LAMAR_GDU_DYN : m->mode;
    unsigned op = (unsigned)(in->op_i & 3), sec = (unsigned)in->sec_i & SECT_MASK_(m);
    unsigned line = (unsigned)in->line_i & (LINE_SPAN_(m) - 1);
    int ok = line < CFG_(m)->LINES;
    int live = ok && m->v[line];
    unsigned meta = live ? m->meta[line] : 0;
    unsigned sv = meta & 15, u = (meta >> 4) & 15, pr = (meta >> 8) & 15;
    int access = ok && op == LAMAR_GDU_ACCESS && sec;
    int hit = (int)(in->hit_i & 1);
    int ev = live && ((access && !hit) || op == LAMAR_GDU_INVAL);

    /* the BGP: this cycle's eviction, and the query for addr_i */
    p->bi.ev_i = (uint64_t)ev;
    p->bi.ev_addr_i = ev ? in->vaddr_i & ADDR_MASK_(m) : 0;
    p->bi.used_i = ev ? u : 0;
    p->bi.miss_addr_i = in->addr_i & ADDR_MASK_(m);
    bgp_out_t bo;
    /* its inputs come from the registers and this cycle's inputs only (not
     * from its outputs): with edge, its whole cycle here, outputs and edge */
    if (edge)
        bgp_cycle(m->bgp, &p->bi, &bo);
    else
        bgp_eval(m->bgp, &p->bi, &bo);
    int cg = mode == LAMAR_GDU_CG ? 1 : mode == LAMAR_GDU_FG ? 0 : (int)bo.pred_o;

    o->mode_o = m->mode;
    o->ev_o = (uint64_t)ev;
    o->low_o = ev ? bo.low_o : 0;
    o->ins_o = ev ? bo.ins_o : 0;
#define F(out, part_out) o->out = bo.part_out;
    LAMAR_GDU_FROM_BGP(F)
#undef F
    p->line = line;
    if (ev) {
        p->add[2] = ct_pop4(pr); /* predicted, never referenced */
        p->q = (pr != 0) << 2;
    }
    if (access && hit) {
        unsigned missing = sec & ~sv;
        unsigned fetch = missing ? (cg ? ~sv & SECT_MASK_(m) : missing) : 0;
        o->fetch_o = fetch;
        o->smiss_o = missing != 0;
        o->cg_o = (uint64_t)(missing && cg);
        p->add[0] = ct_pop4(missing);
        p->add[3] = ct_pop4(missing);
        p->add[1] = ct_pop4(sec & pr);
        p->q |= (missing != 0) * 9u | ((sec & pr) != 0) << 1; /* 9: bits 0 and 3, add[0] and add[3] */
        unsigned nsv = sv | fetch, nu = u | sec, np = (pr | fetch) & ~sec;
        p->write = 1, p->live = 1;
        p->meta = nsv | nu << 4 | np << 8;
    } else if (access) {
        unsigned fetch = cg ? SECT_MASK_(m) : sec;
        o->fetch_o = fetch;
        o->miss_o = 1;
        o->cg_o = (uint64_t)cg;
        p->add[0] = ct_pop4(sec);
        p->q |= 1; /* (sec is not 0: an access) */
        p->write = 1, p->live = 1;
        p->meta = fetch | sec << 4 | (fetch & ~sec) << 8;
    } else if (ev) { /* INVAL */
        p->write = 1, p->live = 0;
        p->meta = 0;
    }
    o->q_o = p->q;
    o->demand_o = m->cnt[0];
    o->pref_o = m->cnt[1];
    o->pnref_o = m->cnt[2];
    o->npref_o = m->cnt[3];
}

/* One cycle: the outputs and, when edge, the rising edge (CT_COMPOSED_API
 * makes _eval, _cycle, _step and _run of it). */
static void both(lamar_gdu_t *m, const lamar_gdu_in_t *in, lamar_gdu_out_t *out, int edge)
{
    if (in->rst_i & 1) {
        memset(out, 0, sizeof *out);
        if (!edge)
            return;
        ct_block_reset(&bgp_block, m->bgp);
        reset(m);
        return;
    }
    plan_t p;
    decide(m, in, out, &p, edge); /* (with edge, the BGP's edge too) */
    if (!edge)
        return;
    if (p.write) {
        m->v[p.line] = (uint8_t)p.live;
        m->meta[p.line] = (uint16_t)p.meta;
    }
    for (unsigned q = p.q; q; q &= q - 1) { /* the counts with something to add */
        unsigned k = (unsigned)__builtin_ctz(q);
        m->cnt[k] = m->cnt[k] + p.add[k] > CNT_MAX_(m) ? CNT_MAX_(m) : m->cnt[k] + p.add[k];
    }
    if (in->mode_wr_i & 1)
        m->mode = (unsigned)(in->mode_i & 3);
}

CT_COMPOSED_API(lamar_gdu, both)

/* The inventory: the GDU's rows, then its BGP's hardware rows (the
 * filter's fill counters are instruments for the filter's own outputs,
 * which the GDU leaves unconnected: synthesis removes them). */
static unsigned storage(const uint32_t *cv, ct_storage_t *out)
{
    const lamar_gdu_cfg_t *c = (const lamar_gdu_cfg_t *)cv;
    unsigned n = 0;
    LAMAR_GDU_STORAGE(CT_X_STORE)
    bgp_cfg_t b;
    lamar_gdu_bgp_cfg(c, &b);
    ct_storage_t part[CT_MAX_STORAGE];
    unsigned k = bgp_block.storage(b.v, part);
    for (unsigned i = 0; i < k; i++)
        if (part[i].instrumentation != CT_INSTR)
            out[n++] = part[i];
    return n;
}

#define CT_OUT_T_ lamar_gdu_out_t
CT_OUTPUTS_FROM(LAMAR_GDU, CT_COUNT(LAMAR_GDU_FROM_BGP) + CT_COUNT(LAMAR_GDU_OWN));
#undef CT_OUT_T_

/* The part whose model the unit calls: its BGP. */
static unsigned parts(const uint32_t *cv, ct_part_t *out)
{
    CT_PART(&out[0], bgp, lamar_gdu_bgp_cfg, (const lamar_gdu_cfg_t *)cv);
    return 1;
}

CT_DEFINE_COMPOSED_BLOCK_COV(lamar_gdu, LAMAR_GDU, storage, parts)
