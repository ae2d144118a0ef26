/*
 * ccn.c - C model of the CCN ring (see ccn.h; CCN [004] Sec. 4.1-4.5;
 * decisions: docs/blocks/ccn.md): a composition of N ccn_node and N ccn_rt
 * models, called through their APIs as verilog/ccn/ccn.v instantiates
 * their modules, and the link stages between them.
 *
 * One cycle, in the order the wires impose: the throttlers' on_o (from
 * their registers); every node's offers (rq_v_o, rs_v_o and their fields:
 * registers only); every node's outputs and readies for what its upstream
 * link offers (ccn_node_settle: registers and those offers; no output reads
 * a ready input); the link stages' readies, downstream first; then every
 * node's edge with its readies (ccn_node_commit), every throttler's cycle,
 * and the link stages' edge.
 */
#include "ccn.h"

#include <stdlib.h>
#include <string.h>

#include "ct_cov.h"

#define NMAX 16
#define LMAX 4  /* link stages: HOP - 1 */
#define LW 16   /* words of a line */

typedef struct {
    int v;
    uint64_t la, core, data[LW];
} stage_t;

struct ccn {
    ccn_cfg_t cfg;
    unsigned n, ls, lw, la_w, way_w, inst_w, line_w;
    ccn_node_t *nd[NMAX];
    ccn_rt_t *rt[NMAX];
    stage_t rq[NMAX][LMAX], rs[NMAX][LMAX]; /* link from node i, stage 0 first */
    ccn_stats_t st;                          /* instruments */
};

CT_SPEC_CONFIG(ccn, CCN)

/* What the cycle reads of the configuration: the model's copies, or, in a
 * build specialised to one preset (CT_SPEC, ct_desc.h), constants. */
#define SPEC_ CT_SPEC_CFG(ccn)
#define CFG_(m) CT_K(&(m)->cfg, SPEC_)
#define N_(m) CT_K((m)->n, SPEC_->N)
#define LS_(m) CT_K((m)->ls, SPEC_->HOP - 1)
#define LW_(m) CT_K((m)->lw, CT_WORDS(SPEC_->LINE_W))
#define LA_W_(m) CT_K((m)->la_w, SPEC_->LA_W)
#define WAY_W_(m) CT_K((m)->way_w, CCN_WAY_W(SPEC_))
#define INST_W_(m) CT_K((m)->inst_w, SPEC_->INST_W)
#define LINE_W_(m) CT_K((m)->line_w, SPEC_->LINE_W)

void ccn_node_cfg(const ccn_cfg_t *c, ccn_node_cfg_t *n)
{
    ct_config_by_name(&ccn_block, c->v, &ccn_node_block, n->v); /* SETS .. BUBBLE by name */
    n->CORE_W = CCN_CORE_W(c);
    n->CB_D = n->RQ_D = n->RS_D = c->Q_D;
}

void ccn_rt_cfg(const ccn_cfg_t *c, ccn_rt_cfg_t *r)
{
    ct_config_by_name(&ccn_block, c->v, &ccn_rt_block, r->v); /* all by name */
}

unsigned ccn_resp_next(const ccn_cfg_t *c, unsigned i)
{
    return c->DIR ? (i + 1) % c->N : (i + c->N - 1) % c->N;
}

unsigned ccn_hops(const ccn_cfg_t *c, unsigned h, unsigned j)
{
    unsigned d = (j + c->N - h) % c->N; /* along the request ring */
    return d + (c->DIR ? c->N - d : d);
}

int ccn_check(const ccn_cfg_t *c, char *err, size_t errlen)
{
    ccn_node_cfg_t nc;
    ccn_rt_cfg_t rc;
    ccn_node_cfg(c, &nc);
    ccn_rt_cfg(c, &rc);
    if (ccn_node_validate(&nc, err, errlen) || ccn_rt_validate(&rc, err, errlen))
        return -1;
    return 0;
}

static void reset(ccn_t *m)
{
    memset(m->rq, 0, sizeof m->rq);
    memset(m->rs, 0, sizeof m->rs);
}

ccn_t *ccn_new(const ccn_cfg_t *c, char *err, size_t errlen)
{
    if (ccn_validate(c, err, errlen))
        return NULL;
    ccn_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    ccn_node_cfg_t nc;
    ccn_rt_cfg_t rc;
    ccn_node_cfg(c, &nc);
    ccn_rt_cfg(c, &rc);
    m->cfg = *c;
    m->n = c->N;
    m->ls = c->HOP - 1;
    m->lw = CT_WORDS(c->LINE_W);
    m->la_w = c->LA_W;
    m->way_w = CCN_WAY_W(c);
    m->inst_w = c->INST_W;
    m->line_w = c->LINE_W;
    for (unsigned i = 0; i < m->n; i++) {
        m->nd[i] = ccn_node_new(&nc, err, errlen);
        m->rt[i] = ccn_rt_new(&rc, err, errlen);
        if (!m->nd[i] || !m->rt[i]) {
            ccn_free(m);
            return NULL;
        }
    }
    reset(m);
    return m;
}

void ccn_free(ccn_t *m)
{
    if (!m)
        return;
    for (unsigned i = 0; i < NMAX; i++) {
        ccn_node_free(m->nd[i]);
        ccn_rt_free(m->rt[i]);
    }
    free(m);
}

const ccn_node_t *ccn_node_at(const ccn_t *m, unsigned i) { return i < N_(m) ? m->nd[i] : NULL; }

/* Bits [lsb, lsb + w) of a word array into (or from) words d, any w. */
static void field_get(const uint64_t *src, unsigned lsb, unsigned w, uint64_t *d)
{
    for (unsigned k = 0; 64 * k < w; k++)
        d[k] = ct_bits_get(src, lsb + 64 * k, w - 64 * k < 64 ? w - 64 * k : 64);
}
/* ORs a field into words the caller cleared: bits [lsb, lsb + w) of dst
 * from words s, any w (inlined: a specialised build's widths are constants) */
static CT_HOT_INLINE void field_or(uint64_t *dst, unsigned lsb, unsigned w, const uint64_t *s)
{
    for (unsigned k = 0; 64 * k < w; k++) {
        unsigned ww = w - 64 * k < 64 ? w - 64 * k : 64, b = (lsb + 64 * k) % 64;
        uint64_t v = s[k] & ct_mask(ww), *d = dst + (lsb + 64 * k) / 64;
        d[0] |= v << b;
        if (b && b + ww > 64)
            d[1] |= v >> (64 - b);
    }
}

/* The cycle's plan: every node's and throttler's inputs, and the link
 * stages' readies (rdy[i][k]: stage k of the link from node i takes). */
typedef struct {
    ccn_node_in_t ni[NMAX];
    ccn_node_out_t no[NMAX];
    ccn_node_plan_t np[NMAX]; /* each node's edge, but for its readies (ccn_node_settle) */
    ccn_rt_in_t ri[NMAX];
    ccn_rt_out_t ro[NMAX]; /* of the throttlers' outputs the ring reads on_o, a register's: only it is set */
    int rq_rdy[NMAX][LMAX], rs_rdy[NMAX][LMAX];
} plan_t;

/* What a node receives on a ring: the last stage of the link from its
 * upstream node u, or u's offer itself when HOP is 1. */
static void offer_rq(const ccn_t *m, const plan_t *p, unsigned u, ccn_node_in_t *in)
{
    if (LS_(m)) {
        const stage_t *s = &m->rq[u][LS_(m) - 1];
        in->rq_v_i = (uint64_t)s->v, in->rq_la_i = s->la, in->rq_core_i = s->core;
    } else {
        in->rq_v_i = p->no[u].rq_v_o, in->rq_la_i = p->no[u].rq_la_o, in->rq_core_i = p->no[u].rq_core_o;
    }
}
static void offer_rs(const ccn_t *m, const plan_t *p, unsigned u, ccn_node_in_t *in)
{
    if (LS_(m)) {
        const stage_t *s = &m->rs[u][LS_(m) - 1];
        in->rs_v_i = (uint64_t)s->v, in->rs_la_i = s->la, in->rs_core_i = s->core;
        memcpy(in->rs_data_i, s->data, LW_(m) * sizeof(uint64_t));
    } else {
        in->rs_v_i = p->no[u].rs_v_o, in->rs_la_i = p->no[u].rs_la_o, in->rs_core_i = p->no[u].rs_core_o;
        memcpy(in->rs_data_i, p->no[u].rs_data_o, LW_(m) * sizeof(uint64_t));
    }
}

static void plan(const ccn_t *m, const ccn_in_t *in, plan_t *p)
{
    const unsigned n = N_(m), ls = LS_(m);
    const unsigned cw = CCN_CORE_W(CFG_(m));
    /* the throttlers' on_o, and every node's offers; every input of a node
     * and a throttler is set below (a line's words up to LINE_W's: all the
     * node reads), without clearing the records first */
    for (unsigned i = 0; i < n; i++) {
        ccn_rt_in_t *r = &p->ri[i];
        r->rst_i = 0;
        r->inst_i = ct_bits_get(in->inst_i, i * INST_W_(m), INST_W_(m));
        p->ro[i].on_o = (uint64_t)ccn_rt_on(m->rt[i]); /* (inj_i and hit_i: in both, for the edge) */
        ccn_node_in_t *x = &p->ni[i];
        x->rst_i = 0;
        x->rq_rdy_i = x->rs_rdy_i = 0; /* (the links' readies: below, once every node has settled) */
        x->id_i = i & ct_mask(cw);
        x->on_i = p->ro[i].on_o;
        x->miss_v_i = (in->miss_v_i >> i) & 1;
        x->miss_la_i = ct_bits_get(in->miss_la_i, i * LA_W_(m), LA_W_(m));
        x->upd_i = (in->upd_i >> i) & 1;
        x->upd_la_i = ct_bits_get(in->upd_la_i, i * LA_W_(m), LA_W_(m));
        x->upd_way_i = ct_bits_get(in->upd_way_i, i * WAY_W_(m), WAY_W_(m));
        x->upd_v_i = (in->upd_v_i >> i) & 1;
        x->rd_ack_i = (in->rd_ack_i >> i) & 1;
        field_get(in->rd_data_i, i * LINE_W_(m), LINE_W_(m), x->rd_data_i);
        ccn_node_offers(m->nd[i], x->id_i, &p->no[i]); /* (its other outputs: ccn_node_settle below) */
    }
    /* what each node is offered, and its readies for it */
    for (unsigned i = 0; i < n; i++) {
        offer_rq(m, p, (i + n - 1) % n, &p->ni[i]);
        unsigned from = CFG_(m)->DIR ? (i + n - 1) % n : (i + 1) % n;
        offer_rs(m, p, from, &p->ni[i]);
        ccn_node_settle(m->nd[i], &p->ni[i], &p->no[i], &p->np[i]);
    }
    /* the links' readies, downstream first; each node's rdy inputs */
    for (unsigned u = 0; u < n; u++) {
        unsigned d = (u + 1) % n, e = ccn_resp_next(CFG_(m), u);
        int down = (int)p->no[d].rq_rdy_o;
        for (unsigned k = ls; k-- > 0;)
            down = p->rq_rdy[u][k] = !m->rq[u][k].v || down;
        p->ni[u].rq_rdy_i = (uint64_t)down;
        down = (int)p->no[e].rs_rdy_o;
        for (unsigned k = ls; k-- > 0;)
            down = p->rs_rdy[u][k] = !m->rs[u][k].v || down;
        p->ni[u].rs_rdy_i = (uint64_t)down;
    }
}

/* Packs the nodes' and throttlers' outputs into the ring's ports, by the
 * description's lists (CCN_FROM_NODE, CCN_FROM_RT, CCN_OWN). */
static void outputs(const ccn_t *m, const plan_t *p, const ccn_rt_out_t *ro, ccn_out_t *o)
{
    const ccn_cfg_t *c = CFG_(m);
    memset(o, 0, sizeof *o);
    for (unsigned i = 0; i < N_(m); i++) {
        const ccn_node_out_t *x = &p->no[i];
#define F(out, part_out, w) field_or((uint64_t *)&o->out, i * (w), (w), (const uint64_t *)&x->part_out);
        CCN_FROM_NODE(F)
#undef F
#define F(out, part_out, w) field_or((uint64_t *)&o->out, i * (w), (w), (const uint64_t *)&ro[i].part_out);
        CCN_FROM_RT(F)
#undef F
        o->rq_link_o |= p->ni[i].rq_v_i << i;
        o->rs_link_o |= p->ni[i].rs_v_i << i;
    }
}
#define CT_OUT_T_ ccn_out_t
CT_OUTPUTS_FROM(CCN, CT_COUNT(CCN_FROM_NODE) + CT_COUNT(CCN_FROM_RT) + CT_COUNT(CCN_OWN));
#undef CT_OUT_T_

/* One cycle outside reset: outputs and, when edge, the rising edge. */
static void both(ccn_t *m, const ccn_in_t *in, ccn_out_t *out, int edge)
{
    plan_t p;
    plan(m, in, &p);
    const ccn_rt_out_t *ro = p.ro; /* (on_o reads no input: read once, in plan) */
    for (unsigned i = 0; i < N_(m); i++) {
        p.ri[i].inj_i = p.no[i].cb_acc_o; /* for the throttler's edge */
        p.ri[i].hit_i = p.no[i].dl_v_o;
    }
    outputs(m, &p, ro, out);
    if (!edge)
        return;
    /* instruments: which node serves whom */
    for (unsigned j = 0; j < N_(m); j++) {
        uint64_t la, core;
        if (p.no[j].rd_v_o && p.ni[j].rd_ack_i && ccn_node_head(m->nd[j], &la, &core))
            m->st.served[(j + N_(m) - (unsigned)core) % N_(m)]++;
        m->st.back_home += p.no[j].l2_v_o;
        m->st.deflected += p.no[j].dfl_o;
        m->st.delivered += p.no[j].dl_v_o;
        m->st.injected += p.no[j].cb_acc_o;
        m->st.throttled += !ro[j].on_o;
    }
    /* the link stages (downstream first: each takes its upstream's old value) */
    for (unsigned u = 0; u < N_(m); u++)
        for (unsigned k = LS_(m); k-- > 0;) {
            if (p.rq_rdy[u][k]) {
                if (k) {
                    m->rq[u][k] = m->rq[u][k - 1];
                } else {
                    stage_t *s = &m->rq[u][0];
                    s->v = (int)p.no[u].rq_v_o, s->la = p.no[u].rq_la_o, s->core = p.no[u].rq_core_o;
                }
            }
            if (p.rs_rdy[u][k]) {
                if (k) {
                    m->rs[u][k] = m->rs[u][k - 1];
                } else {
                    stage_t *s = &m->rs[u][0];
                    s->v = (int)p.no[u].rs_v_o, s->la = p.no[u].rs_la_o, s->core = p.no[u].rs_core_o;
                    memcpy(s->data, p.no[u].rs_data_o, LW_(m) * sizeof(uint64_t));
                }
            }
        }
    for (unsigned i = 0; i < N_(m); i++) {
        ccn_node_commit(m->nd[i], &p.ni[i], &p.np[i]); /* its readies are in p.ni[i] now */
        ccn_rt_step(m->rt[i], &p.ri[i]);
    }
}

static void cycle(ccn_t *m, const ccn_in_t *in, ccn_out_t *out, int edge)
{
    if (in->rst_i & 1) {
        memset(out, 0, sizeof *out);
        if (!edge)
            return;
        for (unsigned i = 0; i < N_(m); i++) {
            ct_block_reset(&ccn_node_block, m->nd[i]);
            ct_block_reset(&ccn_rt_block, m->rt[i]);
        }
        reset(m);
        return;
    }
    both(m, in, out, edge);
}

CT_COMPOSED_API(ccn, cycle)

/* ---------------------------------------------------------- instruments */

void ccn_stats(const ccn_t *m, ccn_stats_t *st) { *st = m->st; }

int ccn_report(const ccn_t *m, FILE *f)
{
    const ccn_stats_t *s = &m->st;
    fprintf(f, "ring: %llu injected, %llu served by a sharer, %llu back home to L2, %llu deflected to L2, "
               "%llu delivered, %llu node-cycles throttled\n",
            (unsigned long long)s->injected, (unsigned long long)(s->delivered),
            (unsigned long long)s->back_home, (unsigned long long)s->deflected, (unsigned long long)s->delivered,
            (unsigned long long)s->throttled);
    static const char *const dname[15] = {"d1", "d2", "d3", "d4", "d5", "d6", "d7", "d8",
                                          "d9", "d10", "d11", "d12", "d13", "d14", "d15"};
    int req[15];
    for (unsigned d = 0; d < 15; d++)
        req[d] = d + 1 < N_(m);
    fprintf(f, "coverage: sharer hits at ring distance");
    int holes = ct_cov_bins(f, dname, s->served + 1, req, N_(m) - 1, "not on this ring");
    static const char *const oname[3] = {"back-home", "deflected", "throttled"};
    uint64_t ob[3] = {s->back_home, s->deflected, s->throttled};
    int oreq[3] = {1, 1, CFG_(m)->HMIN_PCT > 0};
    fprintf(f, "\ncoverage:");
    holes += ct_cov_bins(f, oname, ob, oreq, 3, "not possible: H_min 0");
    ct_cov_verdict(f, holes);
    return holes;
}

/* The inventory: every node's and every throttler's, N times, and the link
 * stages.  With HMIN_PCT 0 the throttlers are not built: every window
 * decides ON, on_o is 1 in every cycle, and nothing else on the ring reads
 * a throttler's registers (synthesis removes them). */
static unsigned storage(const uint32_t *cv, ct_storage_t *out)
{
    const ccn_cfg_t *c = (const ccn_cfg_t *)cv;
    ccn_node_cfg_t nc;
    ccn_rt_cfg_t rc;
    ccn_node_cfg(c, &nc);
    ccn_rt_cfg(c, &rc);
    unsigned n = ccn_node_block.storage(nc.v, out);
    if (c->HMIN_PCT > 0) /* H_min 0: every node always injects; its throttler decides nothing */
        n += ccn_rt_block.storage(rc.v, out + n);
    for (unsigned k = 0; k < n; k++)
        out[k].entries *= c->N;
    if (c->HOP > 1) {
        ct_storage_t rq = {"link_rq", (uint64_t)c->N * (c->HOP - 1),
                           1 + (uint64_t)c->LA_W + CCN_CORE_W(c), CT_BUILT,
                           "request link stages: valid, line address, home core", 0};
        ct_storage_t rs = {"link_rs", (uint64_t)c->N * (c->HOP - 1),
                           1 + (uint64_t)c->LINE_W + c->LA_W + CCN_CORE_W(c), CT_BUILT,
                           "response link stages: valid, line, line address, home core", 0};
        out[n++] = rq;
        out[n++] = rs;
    }
    return n;
}

/* The parts whose models the ring calls: a node and a throttler (every node
 * and every throttler has the same configuration). */
static unsigned parts(const uint32_t *cv, ct_part_t *out)
{
    const ccn_cfg_t *c = (const ccn_cfg_t *)cv;
    CT_PART(&out[0], ccn_node, ccn_node_cfg, c);
    CT_PART(&out[1], ccn_rt, ccn_rt_cfg, c);
    return 2;
}

CT_DEFINE_COMPOSED_BLOCK_R(ccn, CCN, ccn_report, storage, parts)
