/*
 * ccn_node_stim.c - stimulus for a CCN ring node, standing in for its
 * neighbours and its L1: a directed prologue that walks the paper's working
 * example (Sec. 4.5) and each decision of docs/blocks/ccn_node.md (a home
 * head passing on, a lookup miss forwarded, a hit read from a slow L1 and
 * queued, a response delivered at home past a busy RespQ, a request back
 * home to L2, the CB full, a throttled core, the ReqQ and RespQ full, the
 * new response before a forwarded one), then constrained random: the
 * shadow tags filled and invalidated from a small pool of lines that the
 * ring's requests look up, requests and responses of every core (this one
 * included), neighbours and L1 that are slow at random, and bursts that
 * fill every queue.
 */
#include "ccn_node.h"

#include <stdlib.h>
#include <string.h>

#include "ct_rng.h"
#include "ct_script.h"

#define POOL 12

struct ccn_node_stim {
    ccn_node_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t id, cores, la_mask;
    uint64_t pool[POOL];
    unsigned lw;
    /* random phase: a burst regime, the throttle */
    unsigned burst, off_left;
};

/* A row: every field named; the line payloads from a counter. */
typedef struct {
    int rst, on, miss, upd, updv, rqv, rqrdy, rsv, rsrdy, ack;
    uint64_t mla, ula, uway, rqla, rqcore, rsla, rscore, data;
} row_t;

static void fill_line(const ccn_node_stim_t *s, uint64_t *w, uint64_t v)
{
    for (unsigned k = 0; k < s->lw; k++)
        w[k] = v * UINT64_C(0x9e3779b97f4a7c15) + k;
}

static void put(ccn_node_stim_t *s, ccn_node_in_t *in, const row_t *r)
{
    memset(in, 0, sizeof *in);
    in->rst_i = (uint64_t)r->rst;
    in->id_i = s->id;
    in->on_i = (uint64_t)r->on;
    in->miss_v_i = (uint64_t)r->miss;
    in->miss_la_i = r->mla;
    in->upd_i = (uint64_t)r->upd;
    in->upd_la_i = r->ula;
    in->upd_way_i = r->uway;
    in->upd_v_i = (uint64_t)r->updv;
    in->rq_v_i = (uint64_t)r->rqv;
    in->rq_la_i = r->rqla;
    in->rq_core_i = r->rqcore;
    in->rq_rdy_i = (uint64_t)r->rqrdy;
    in->rs_v_i = (uint64_t)r->rsv;
    in->rs_la_i = r->rsla;
    in->rs_core_i = r->rscore;
    in->rs_rdy_i = (uint64_t)r->rsrdy;
    in->rd_ack_i = (uint64_t)r->ack;
    if (r->rsv)
        fill_line(s, in->rs_data_i, r->data);
    if (r->ack)
        fill_line(s, in->rd_data_i, r->data + 1000);
}

static void push(ccn_node_stim_t *s, row_t r, const char *note)
{
    ccn_node_in_t in;
    put(s, &in, &r);
    ct_script_push(&s->dir, in.v, note);
}

/* an idle row: on, neighbours ready, nothing presented */
static row_t idle(void)
{
    row_t r;
    memset(&r, 0, sizeof r);
    r.on = r.rqrdy = r.rsrdy = 1;
    return r;
}

static void directed(ccn_node_stim_t *s)
{
    const ccn_node_cfg_t *c = &s->cfg;
    uint64_t other = (s->id + 1) & (s->cores - 1), a = s->pool[0], b = s->pool[1];
    row_t r = idle();
    r.rst = 1;
    push(s, r, "reset");
    r = idle();
    push(s, r, "the shadow tags' sweep: SETS cycles, no lookup");
    for (unsigned k = 1; k < c->SETS; k++)
        push(s, idle(), NULL);
    r = idle(), r.upd = 1, r.updv = 1, r.ula = a, r.uway = 0;
    push(s, r, "the L1 fills line a (way 0): mirrored in the shadow tags");
    r = idle(), r.miss = 1, r.mla = b;
    push(s, r, "a miss of this core enters the CB (injected), then the ReqQ");
    for (int k = 0; k < 3; k++)
        push(s, idle(), k ? NULL : "at its home the head passes on without a lookup (rq_v_o)");
    r = idle(), r.rqv = 1, r.rqla = b, r.rqcore = other;
    push(s, r, "another core's request for line b: looked up, a miss, forwarded");
    for (int k = 0; k < 4; k++)
        push(s, idle(), NULL);
    r = idle(), r.rqv = 1, r.rqla = a, r.rqcore = other;
    push(s, r, "another core's request for line a: a hit, the L1 read (slow: 3 cycles)");
    r = idle();
    for (int k = 0; k < 4; k++)
        push(s, r, NULL);
    r.ack = 1, r.data = 7;
    push(s, r, "the L1 answers: the response enters the RespQ, the head pops");
    r = idle(), r.rsrdy = 0;
    push(s, r, "the next RespQ refuses: the response waits at the head");
    push(s, idle(), "it leaves");
    r = idle(), r.rqv = 1, r.rqla = b, r.rqcore = s->id;
    push(s, r, "this core's request back home, no sharer found: to L2");
    r = idle(), r.rsv = 1, r.rsla = b, r.rscore = s->id, r.data = 3;
    push(s, r, "a response for this core: delivered to its L1 at once");
    /* fill the RespQ with other cores' responses (the next node refuses),
     * then a hit must wait for room; a home response still passes */
    for (unsigned k = 0; k < c->RS_D + 1; k++) {
        r = idle(), r.rsrdy = 0, r.rsv = 1, r.rsla = b, r.rscore = other, r.data = 20 + k;
        push(s, r, k ? NULL : "forwarded responses fill the RespQ (the next node refuses)");
    }
    r = idle(), r.rsrdy = 0, r.rqv = 1, r.rqla = a, r.rqcore = other;
    push(s, r, "a hit while the RespQ is full: the head waits (HIT), not popped");
    r = idle(), r.rsrdy = 0;
    for (int k = 0; k < 3; k++)
        push(s, r, NULL);
    r = idle(), r.rsrdy = 0, r.rsv = 1, r.rsla = a, r.rscore = s->id, r.data = 9;
    push(s, r, "a home response passes the full RespQ (delivered)");
    r = idle(), r.ack = 1, r.data = 8, r.rsv = 1, r.rsla = a, r.rscore = other;
    for (unsigned k = 0; k < c->RS_D + 2; k++)
        push(s, r, k ? NULL : "room again: the read is answered at once; the new response before the forwarded one");
    /* the CB full: the ReqQ refuses (a stream of forwarded requests) */
    r = idle(), r.rqrdy = 0, r.rqv = 1, r.rqla = b, r.rqcore = other, r.miss = 1, r.mla = a;
    for (unsigned k = 0; k < c->CB_D + c->RQ_D + 3; k++)
        push(s, r, k ? NULL : "forwarded requests first: the CB fills, then the ReqQ, then misses go to L2");
    r = idle(), r.on = 0, r.miss = 1, r.mla = b;
    push(s, r, "a throttled core (on_i 0): its miss goes straight to L2");
    for (unsigned k = 0; k < c->CB_D + c->RQ_D + 12; k++)
        push(s, idle(), k ? NULL : "everything drains");
}

ccn_node_stim_t *ccn_node_stim_new(const ccn_node_cfg_t *c, uint64_t seed)
{
    ccn_node_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, CCN_NODE_IN_WORDS, seed))
        return NULL;
    s->cores = UINT64_C(1) << c->CORE_W;
    s->id = ct_rng_below(&s->rng, s->cores);
    s->la_mask = ct_mask(c->LA_W);
    s->lw = CT_WORDS(c->LINE_W);
    for (unsigned k = 0; k < POOL; k++)
        s->pool[k] = ct_rng_next(&s->rng) & s->la_mask;
    s->pool[1] ^= s->pool[0] == s->pool[1]; /* two different lines */
    directed(s);
    return s;
}

void ccn_node_stim_free(ccn_node_stim_t *s) { CT_STIM_FREE(s); }

void ccn_node_stim_next(ccn_node_stim_t *s, ccn_node_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *g = &s->rng;
    if (ct_rng_below(g, 400) == 0)
        s->burst = (unsigned)ct_rng_below(g, 3); /* 0 calm, 1 busy neighbours, 2 slow neighbours */
    if (!s->off_left && ct_rng_below(g, 3000) == 0)
        s->off_left = 20 + (unsigned)ct_rng_below(g, 60);
    row_t r;
    memset(&r, 0, sizeof r);
    r.rst = ct_rng_below(g, 20000) == 0;
    r.on = s->off_left ? (s->off_left--, 0) : 1;
    unsigned busy = s->burst == 1 ? 80 : 35, ready = s->burst == 2 ? 30 : 85;
    r.miss = ct_rng_below(g, 100) < busy / 2;
    r.mla = ct_rng_below(g, 4) ? s->pool[ct_rng_below(g, POOL)] : ct_rng_next(g) & s->la_mask;
    r.upd = ct_rng_below(g, 100) < 15;
    r.updv = ct_rng_below(g, 100) < 75;
    r.ula = s->pool[ct_rng_below(g, POOL)];
    r.uway = ct_rng_below(g, s->cfg.WAYS);
    r.rqv = ct_rng_below(g, 100) < busy;
    r.rqla = ct_rng_below(g, 5) ? s->pool[ct_rng_below(g, POOL)] : ct_rng_next(g) & s->la_mask;
    r.rqcore = ct_rng_below(g, 5) ? ct_rng_below(g, s->cores) : s->id;
    r.rqrdy = ct_rng_below(g, 100) < ready;
    r.rsv = ct_rng_below(g, 100) < busy;
    r.rsla = s->pool[ct_rng_below(g, POOL)];
    r.rscore = ct_rng_below(g, 4) ? ct_rng_below(g, s->cores) : s->id;
    r.rsrdy = ct_rng_below(g, 100) < ready;
    r.ack = ct_rng_below(g, 100) < (s->burst == 2 ? 25 : 60);
    r.data = ct_rng_next(g);
    put(s, in, &r);
    *note = NULL;
}
