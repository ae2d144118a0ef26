/*
 * ccn_node.c - C model of a CCN ring node (see ccn_node.h; CCN [004] Sec.
 * 4.2; decisions: docs/blocks/ccn_node.md).  Its shadow tags are a
 * shadow_tags model, driven through that block's API exactly as
 * verilog/ccn/ccn_node.v drives its shadow_tags instance.
 */
#include "ccn_node.h"

#include <stdlib.h>
#include <string.h>

#define LW 16 /* words of the widest line (1,024 bits) */

typedef struct {
    uint64_t la, core;
    uint64_t data[LW];
} resp_t;

struct ccn_node {
    ccn_node_cfg_t cfg;
    uint64_t la_mask, core_mask;
    unsigned lw, way_mask; /* words of a line; WAYS - 1 */
    shadow_tags_t *st;
    /* registers: the three queues (entry 0 the head), the head's state */
    uint64_t *cb;              /* CB_D line addresses */
    uint64_t *rq_la, *rq_core; /* RQ_D requests */
    resp_t *rs;                /* RS_D responses */
    unsigned cb_n, rq_n, rs_n;
    unsigned hs, hway;
};

CT_SPEC_CONFIG(ccn_node, CCN_NODE)

/* What the cycle reads of the configuration: the model's copies, or, in a
 * build specialised to one preset (CT_SPEC, ct_desc.h), constants. */
#define SPEC_ CT_SPEC_CFG(ccn_node)
#define CFG_(m) CT_K(&(m)->cfg, SPEC_)
#define LA_MASK_(m) CT_K((m)->la_mask, ct_mask(SPEC_->LA_W))
#define CORE_MASK_(m) CT_K((m)->core_mask, ct_mask(SPEC_->CORE_W))
#define LW_(m) CT_K((m)->lw, CT_WORDS(SPEC_->LINE_W))
#define WAY_MASK_(m) CT_K((m)->way_mask, SPEC_->WAYS - 1)

void ccn_node_shadow_cfg(const ccn_node_cfg_t *c, shadow_tags_cfg_t *st)
{
    ct_config_by_name(&ccn_node_block, c->v, &shadow_tags_block, st->v); /* all by name */
}

int ccn_node_check(const ccn_node_cfg_t *c, char *err, size_t errlen)
{
    shadow_tags_cfg_t st;
    ccn_node_shadow_cfg(c, &st);
    if (shadow_tags_validate(&st, err, errlen))
        return -1;
    if (c->BUBBLE && (c->RQ_D < 2 || c->RS_D < 2)) {
        snprintf(err, errlen, "parameter BUBBLE=1 needs RQ_D and RS_D of at least 2 (RQ_D=%lu RS_D=%lu): "
                              "a new entry needs two free slots", (unsigned long)c->RQ_D,
                 (unsigned long)c->RS_D);
        return -1;
    }
    return 0;
}

static void reset(ccn_node_t *m)
{
    m->cb_n = m->rq_n = m->rs_n = 0;
    m->hs = CCN_NODE_LOOK;
    m->hway = 0;
}

ccn_node_t *ccn_node_new(const ccn_node_cfg_t *c, char *err, size_t errlen)
{
    if (ccn_node_validate(c, err, errlen))
        return NULL;
    ccn_node_t *m = calloc(1, sizeof *m);
    shadow_tags_cfg_t st;
    ccn_node_shadow_cfg(c, &st);
    if (m) {
        m->st = shadow_tags_new(&st, err, errlen);
        m->cb = calloc(c->CB_D, sizeof *m->cb);
        m->rq_la = calloc(c->RQ_D, sizeof *m->rq_la);
        m->rq_core = calloc(c->RQ_D, sizeof *m->rq_core);
        m->rs = calloc(c->RS_D, sizeof *m->rs);
    }
    if (!m || !m->st || !m->cb || !m->rq_la || !m->rq_core || !m->rs) {
        ccn_node_free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *c;
    m->la_mask = ct_mask(c->LA_W);
    m->core_mask = ct_mask(c->CORE_W);
    m->lw = CT_WORDS(c->LINE_W);
    m->way_mask = c->WAYS - 1;
    reset(m);
    return m;
}

void ccn_node_free(ccn_node_t *m)
{
    if (!m)
        return;
    shadow_tags_free(m->st);
    free(m->cb);
    free(m->rq_la);
    free(m->rq_core);
    free(m->rs);
    free(m);
}

const shadow_tags_t *ccn_node_shadow(const ccn_node_t *m) { return m->st; }

int ccn_node_head(const ccn_node_t *m, uint64_t *la, uint64_t *core)
{
    if (!m->rq_n)
        return 0;
    *la = m->rq_la[0];
    *core = m->rq_core[0];
    return 1;
}

/* A line's words from a port, masked to LINE_W. */
static void line_in(const ccn_node_t *m, const uint64_t *w, uint64_t *d)
{
    for (unsigned k = 0; k < LW_(m); k++)
        d[k] = w[k] & ct_word_mask(CFG_(m)->LINE_W, k);
}

/* What one cycle decides (not in reset), from the registers, the inputs
 * and the shadow tags' outputs: the node's outputs and its edge
 * (ccn_node_plan_t, ccn_node.h). */
typedef ccn_node_plan_t plan_t;

/* The part of the edge the readies decide: the ReqQ head forwarded (or
 * read) and popped, its next state; the RespQ head popped. */
static CT_HOT_INLINE void readies(const ccn_node_t *m, const ccn_node_in_t *in, plan_t *p)
{
    int fwd = p->miss_now && (in->rq_rdy_i & 1);
    p->rq_pop = fwd || p->rs_push_new;
    if (p->rq_pop)
        p->hs_next = CCN_NODE_LOOK;
    else if (p->miss_now)
        p->hs_next = CCN_NODE_FWD;
    else if (p->rd_v)
        p->hs_next = CCN_NODE_RD;
    else if (p->hit_now)
        p->hs_next = CCN_NODE_HIT;
    else if (p->to_wait)
        p->hs_next = CCN_NODE_WAIT;
    else
        p->hs_next = m->hs;
    p->rs_pop = m->rs_n && (in->rs_rdy_i & 1);
}

/* What the node offers downstream this cycle: the ReqQ head's miss on
 * rq_v_o (rq_la_o, rq_core_o) and the RespQ head on rs_v_o (rs_data_o,
 * rs_la_o, rs_core_o), each field 0 while its valid is 0 (cleared: *o is
 * all 0 already; else a line's words up to LINE_W's are written 0).
 * Registers only, and in WAIT the shadow tags' answer *so.  The head's miss
 * returned. */
static CT_HOT_INLINE int offers(const ccn_node_t *m, uint64_t id, const shadow_tags_out_t *so, ccn_node_out_t *o,
                                int cleared)
{
    uint64_t h_la = m->rq_n ? m->rq_la[0] : 0, h_core = m->rq_n ? m->rq_core[0] : 0;
    int answer = m->hs == CCN_NODE_WAIT; /* rsp_valid_o is 1 then */
    int miss_now = (answer && !so->rsp_hit_o) || m->hs == CCN_NODE_FWD ||
                   (m->hs == CCN_NODE_LOOK && m->rq_n && h_core == id);
    if (miss_now) {
        o->rq_v_o = 1;
        o->rq_la_o = h_la;
        o->rq_core_o = answer ? so->rsp_core_o : h_core; /* the echo = the head's core */
    } else if (!cleared) {
        o->rq_v_o = o->rq_la_o = o->rq_core_o = 0;
    }
    if (m->rs_n) {
        o->rs_v_o = 1;
        memcpy(o->rs_data_o, m->rs[0].data, LW_(m) * sizeof(uint64_t));
        o->rs_la_o = m->rs[0].la;
        o->rs_core_o = m->rs[0].core;
    } else if (!cleared) {
        memset(o->rs_data_o, 0, LW_(m) * sizeof(uint64_t));
        o->rs_v_o = o->rs_la_o = o->rs_core_o = 0;
    }
    return miss_now;
}

/* everything but the readies' part.  cleared: *o is all 0 already (the
 * node's own cycle clears it); else every output is written here, but for
 * the words of rs_data_o and dl_data_o beyond LINE_W's (the ring's use: it
 * never reads them) */
static CT_HOT_INLINE void settle(const ccn_node_t *m, const ccn_node_in_t *in, ccn_node_out_t *o, plan_t *p,
                                 int cleared)
{
    const ccn_node_cfg_t *c = CFG_(m);
    unsigned bub = c->BUBBLE;
    uint64_t id = in->id_i & CORE_MASK_(m);
    uint64_t h_la = m->rq_n ? m->rq_la[0] : 0, h_core = m->rq_n ? m->rq_core[0] : 0;
    int h_home = m->rq_n && h_core == id;
    memset(&p->si, 0, sizeof p->si); /* (every other field of the plan is set below, or by readies) */

    /* the shadow tags: L1 updates, the head's lookup */
    p->si.upd_i = in->upd_i & 1;
    p->si.upd_la_i = in->upd_la_i & LA_MASK_(m);
    p->si.upd_way_i = in->upd_way_i & WAY_MASK_(m);
    p->si.upd_v_i = in->upd_v_i & 1;
    p->si.lk_valid_i = m->rq_n && !h_home && m->hs == CCN_NODE_LOOK;
    p->si.lk_la_i = p->si.lk_valid_i ? h_la : 0;
    p->si.lk_core_i = p->si.lk_valid_i ? h_core : 0;
    shadow_tags_eval(m->st, &p->si, &p->so);

    /* the ReqQ head, and what the node offers downstream */
    int answer = m->hs == CCN_NODE_WAIT; /* rsp_valid_o is 1 then */
    int miss_now = offers(m, id, &p->so, o, cleared);
    int hit_now = (answer && p->so.rsp_hit_o) || m->hs == CCN_NODE_HIT;
    int room = c->RS_D - m->rs_n >= 1 + bub;
    o->rd_v_o = m->hs == CCN_NODE_RD || (hit_now && room);
    if (o->rd_v_o) {
        o->rd_la_o = h_la;
        o->rd_way_o = answer ? p->so.rsp_way_o : m->hway;
    } else if (!cleared) {
        o->rd_la_o = o->rd_way_o = 0;
    }
    p->rs_push_new = o->rd_v_o && (in->rd_ack_i & 1);
    p->miss_now = miss_now, p->hit_now = hit_now, p->rd_v = (int)o->rd_v_o;
    p->to_wait = p->si.lk_valid_i && p->so.lk_ready_o;
    p->hway_next = answer && p->so.rsp_hit_o ? (unsigned)p->so.rsp_way_o : m->hway;

    /* the ReqQ's input: the ring (older) first, then the CB */
    uint64_t rq_core = in->rq_core_i & CORE_MASK_(m);
    int rq_v = (int)(in->rq_v_i & 1), rq_home = rq_core == id;
    o->rq_rdy_o = rq_home || m->rq_n < c->RQ_D;
    if (rq_v && rq_home) {
        o->l2_v_o = 1;
        o->l2_la_o = in->rq_la_i & LA_MASK_(m);
    } else if (!cleared) {
        o->l2_v_o = o->l2_la_o = 0;
    }
    p->rq_push_ring = rq_v && !rq_home && m->rq_n < c->RQ_D;
    p->cb_to_rq = m->cb_n && !(rq_v && !rq_home) && c->RQ_D - m->rq_n >= 1 + bub;

    /* the CB's input */
    int miss = (int)(in->miss_v_i & 1);
    p->cb_push = miss && (in->on_i & 1) && m->cb_n < c->CB_D;
    o->cb_acc_o = (uint64_t)p->cb_push;
    o->dfl_o = (uint64_t)(miss && !p->cb_push);

    /* the RespQ's input: a home response delivered, the new response first */
    uint64_t rs_core = in->rs_core_i & CORE_MASK_(m);
    int rs_v = (int)(in->rs_v_i & 1), rs_home = rs_core == id;
    unsigned reserve = hit_now || m->hs == CCN_NODE_RD ? 1 + bub : 0; /* a hit in progress */
    o->rs_rdy_o = rs_home || (!p->rs_push_new && c->RS_D - m->rs_n >= reserve + 1);
    if (rs_v && rs_home) {
        o->dl_v_o = 1;
        line_in(m, in->rs_data_i, o->dl_data_o);
        o->dl_la_o = in->rs_la_i & LA_MASK_(m);
    } else if (!cleared) {
        memset(o->dl_data_o, 0, LW_(m) * sizeof(uint64_t));
        o->dl_v_o = o->dl_la_o = 0;
    }
    p->rs_push_ring = rs_v && !rs_home && o->rs_rdy_o;

    /* (the RespQ's head is offered by offers) */
    o->cb_n_o = m->cb_n;
    o->rq_n_o = m->rq_n;
    o->rs_n_o = m->rs_n;
    o->hs_o = m->hs;
}

/* The rising edge: the shadow tags', then the queues' (pops before pushes;
 * a shift-register queue pops by moving every entry one place on). */
static void edge_(ccn_node_t *m, const ccn_node_in_t *in, const plan_t *p)
{
    shadow_tags_step(m->st, &p->si);
    uint64_t id = in->id_i & CORE_MASK_(m);
    /* CB */
    uint64_t cb_head = m->cb[0];
    if (p->cb_to_rq) {
        memmove(m->cb, m->cb + 1, (m->cb_n - 1) * sizeof *m->cb);
        m->cb_n--;
    }
    if (p->cb_push)
        m->cb[m->cb_n++] = in->miss_la_i & LA_MASK_(m);
    /* ReqQ */
    uint64_t h_la = m->rq_la[0], h_core = m->rq_core[0];
    if (p->rq_pop) {
        memmove(m->rq_la, m->rq_la + 1, (m->rq_n - 1) * sizeof *m->rq_la);
        memmove(m->rq_core, m->rq_core + 1, (m->rq_n - 1) * sizeof *m->rq_core);
        m->rq_n--;
    }
    if (p->rq_push_ring) {
        m->rq_la[m->rq_n] = in->rq_la_i & LA_MASK_(m);
        m->rq_core[m->rq_n++] = in->rq_core_i & CORE_MASK_(m);
    } else if (p->cb_to_rq) {
        m->rq_la[m->rq_n] = cb_head;
        m->rq_core[m->rq_n++] = id;
    }
    m->hs = p->hs_next;
    m->hway = p->hway_next;
    /* RespQ */
    if (p->rs_pop) {
        memmove(m->rs, m->rs + 1, (m->rs_n - 1) * sizeof *m->rs);
        m->rs_n--;
    }
    if (p->rs_push_new) {
        resp_t *r = &m->rs[m->rs_n++];
        line_in(m, in->rd_data_i, r->data);
        r->la = h_la;
        r->core = h_core;
    } else if (p->rs_push_ring) {
        resp_t *r = &m->rs[m->rs_n++];
        line_in(m, in->rs_data_i, r->data);
        r->la = in->rs_la_i & LA_MASK_(m);
        r->core = in->rs_core_i & CORE_MASK_(m);
    }
}

/* One cycle: the outputs and, when edge, the rising edge (CT_COMPOSED_API
 * makes _eval, _cycle, _step and _run of it). */
static void both(ccn_node_t *m, const ccn_node_in_t *in, ccn_node_out_t *out, int edge)
{
    if (in->rst_i & 1) {
        memset(out, 0, sizeof *out);
        if (!edge)
            return;
        ct_block_reset(&shadow_tags_block, m->st);
        reset(m);
        return;
    }
    plan_t p;
    memset(out, 0, sizeof *out);
    settle(m, in, out, &p, 1);
    if (edge) {
        readies(m, in, &p);
        edge_(m, in, &p);
    }
}

void ccn_node_offers(const ccn_node_t *m, uint64_t id_i, ccn_node_out_t *out)
{
    shadow_tags_out_t so;
    memset(&so, 0, sizeof so);
    if (m->hs == CCN_NODE_WAIT) { /* the answer to the lookup of the cycle before (no input reaches it) */
        shadow_tags_in_t si;
        memset(&si, 0, sizeof si);
        shadow_tags_eval(m->st, &si, &so);
    }
    offers(m, id_i & CORE_MASK_(m), &so, out, 0);
}

void ccn_node_settle(const ccn_node_t *m, const ccn_node_in_t *in, ccn_node_out_t *out, ccn_node_plan_t *p)
{
    /* short lines: each output written 0 where it is not set (the struct's
     * line words beyond LINE_W's left); long ones: the struct cleared at once,
     * as the node's own cycle does (fewer instructions from 8 words a line up:
     * `paper`'s 16 took 0.7 % more the other way, docs/blocks/ccn.md) */
    if (LW_(m) >= 8) {
        memset(out, 0, sizeof *out);
        settle(m, in, out, p, 1);
    } else {
        settle(m, in, out, p, 0);
    }
}

void ccn_node_commit(ccn_node_t *m, const ccn_node_in_t *in, ccn_node_plan_t *p)
{
    readies(m, in, p);
    edge_(m, in, p);
}

CT_COMPOSED_API(ccn_node, both)

/* The inventory: the node's queues and head, then its shadow tags'. */
static unsigned storage(const uint32_t *cv, ct_storage_t *out)
{
    const ccn_node_cfg_t *c = (const ccn_node_cfg_t *)cv;
    unsigned n = 0;
    CCN_NODE_STORAGE(CT_X_STORE)
    shadow_tags_cfg_t st;
    ccn_node_shadow_cfg(c, &st);
    n += shadow_tags_block.storage(st.v, out + n);
    return n;
}

/* The part whose model the node calls: its shadow tags. */
static unsigned parts(const uint32_t *cv, ct_part_t *out)
{
    CT_PART(&out[0], shadow_tags, ccn_node_shadow_cfg, (const ccn_node_cfg_t *)cv);
    return 1;
}

CT_DEFINE_COMPOSED_BLOCK_COV(ccn_node, CCN_NODE, storage, parts)
