/*
 * test_ccn_node.c - a CCN ring node against CCN [004] Sec. 4.2, 4.2.1, 4.5
 * and the decisions of docs/blocks/ccn_node.md, not against the model's code.
 *
 * TEST RATIONALE: the working example of Sec. 4.5 as one node sees it (a
 * home request passes its home without a lookup; another core's request
 * looks up the shadow tags, and a hit reads the L1 and is queued as a
 * response, the head popped only when the RespQ takes it; a response for
 * this core is delivered at once); the two priorities (older request
 * first, newer response first) in the cycle where both inputs compete; the
 * CB full and a throttled core deflecting to L2; the bubble rule; and a
 * scoreboard written here from the page's handshake rules that follows
 * every request and response through the three queues of a long random run
 * (nothing lost, nothing duplicated, order kept, counts right, a lookup
 * hits iff the L1 - modelled here from the tag updates - holds the line).
 */
#include <stdlib.h>
#include <string.h>

#include "ccn_node.h"
#include "ct_rng.h"
#include "ut.h"

UT_DEFINE_MK(ccn_node)

static ccn_node_out_t cyc(ccn_node_t *m, const ccn_node_in_t *in)
{
    ccn_node_out_t o;
    ccn_node_cycle(m, in, &o);
    return o;
}

/* an idle input: this node's id, on, neighbours ready */
static ccn_node_in_t idle(uint64_t id)
{
    ccn_node_in_t in;
    memset(&in, 0, sizeof in);
    in.id_i = id;
    in.on_i = in.rq_rdy_i = in.rs_rdy_i = 1;
    return in;
}

/* reset, then the shadow tags' sweep (SETS cycles) */
static void start(ccn_node_t *m, unsigned sets, uint64_t id)
{
    ccn_node_in_t in = idle(id);
    in.rst_i = 1;
    cyc(m, &in);
    in.rst_i = 0;
    for (unsigned k = 0; k < sets; k++)
        cyc(m, &in);
}

static void test_working_example(void)
{
    ccn_node_cfg_t c;
    ccn_node_t *m = mk("small", &c); /* 6 sets, 4-entry queues, bubble */
    const uint64_t id = 1, other = 0, A = 0x123, B = 0x456;
    start(m, 6, id);
    ccn_node_in_t in = idle(id);
    in.upd_i = 1, in.upd_la_i = A, in.upd_way_i = 2, in.upd_v_i = 1;
    cyc(m, &in); /* the L1 holds A in way 2 */
    in = idle(id);
    in.miss_v_i = 1, in.miss_la_i = B;
    ccn_node_out_t o = cyc(m, &in);
    CHECK(o.cb_acc_o == 1 && o.dfl_o == 0, "step 1: this core's miss is pushed onto the CB");
    in = idle(id);
    o = cyc(m, &in);
    CHECK(o.cb_n_o == 1 && o.rq_n_o == 0, "the CB holds it; step 2: it enters the ReqQ at this edge");
    o = cyc(m, &in);
    CHECK(o.rq_n_o == 1 && o.rq_v_o == 1 && o.hs_o == CCN_NODE_LOOK && o.rq_la_o == B && o.rq_core_o == id,
          "step 3: at its home the head passes on without a lookup (hs LOOK, rq_v_o at once)");
    o = cyc(m, &in);
    CHECK(o.rq_n_o == 0, "popped: the next ReqQ took it");
    in.rq_v_i = 1, in.rq_la_i = A, in.rq_core_i = other;
    o = cyc(m, &in);
    CHECK(o.rq_rdy_o == 1, "another core's request enters the ReqQ");
    in = idle(id);
    o = cyc(m, &in);
    CHECK(o.hs_o == CCN_NODE_LOOK && o.rq_n_o == 1 && !o.rq_v_o, "step 4: its lookup is offered (accepted at this edge)");
    o = cyc(m, &in);
    CHECK(o.hs_o == CCN_NODE_WAIT && o.rd_v_o == 1 && o.rd_la_o == A && o.rd_way_o == 2 && !o.rq_v_o,
          "the answer a cycle later: a hit in way 2, the L1 read issued at once");
    o = cyc(m, &in);
    CHECK(o.hs_o == CCN_NODE_RD && o.rd_v_o == 1 && o.rq_n_o == 1, "the L1 is slow: the read is held, the head stays");
    in.rd_ack_i = 1;
    in.rd_data_i[0] = 0xabcdef;
    o = cyc(m, &in);
    CHECK(o.rd_v_o == 1 && o.rs_n_o == 0, "step 5: the L1 answers; the response enters the RespQ at this edge");
    in = idle(id);
    in.rs_rdy_i = 0;
    o = cyc(m, &in);
    CHECK(o.rq_n_o == 0 && o.rs_n_o == 1 && o.rs_v_o == 1 && o.rs_la_o == A && o.rs_core_o == other &&
              o.rs_data_o[0] == 0xabcdef,
          "the head popped; the response {line, address, home core} at the RespQ's head");
    in.rs_rdy_i = 1;
    o = cyc(m, &in);
    CHECK(o.rs_v_o == 1, "step 6: the next RespQ takes it");
    in = idle(id);
    in.rs_v_i = 1, in.rs_la_i = B, in.rs_core_i = id, in.rs_data_i[0] = 0x77;
    o = cyc(m, &in);
    CHECK(o.rs_n_o == 0 && o.dl_v_o == 1 && o.dl_la_o == B && o.dl_data_o[0] == 0x77 && o.rs_rdy_o == 1,
          "step 7: a response for this core is serviced to its L1 at once");
    in = idle(id);
    in.rq_v_i = 1, in.rq_la_i = B, in.rq_core_i = id;
    o = cyc(m, &in);
    CHECK(o.l2_v_o == 1 && o.l2_la_o == B && o.rq_rdy_o == 1, "this core's request back home: to L2");
    o = cyc(m, &in);
    CHECK_EQ(o.rq_n_o, 0, "it never entered the ReqQ");
    ccn_node_free(m);
}

static void test_priorities(void)
{
    ccn_node_cfg_t c;
    ccn_node_t *m = mk("small", &c);
    const uint64_t id = 2, other = 3;
    start(m, 6, id);
    ccn_node_in_t in = idle(id);
    in.miss_v_i = 1, in.miss_la_i = 0x10;
    cyc(m, &in); /* the CB holds one miss */
    in = idle(id);
    in.rq_rdy_i = 0;
    in.rq_v_i = 1, in.rq_la_i = 0x20, in.rq_core_i = other;
    ccn_node_out_t o = cyc(m, &in);
    CHECK(o.cb_n_o == 1 && o.rq_rdy_o == 1, "older request first: the forwarded request is taken ...");
    in.rq_v_i = 0;
    o = cyc(m, &in);
    CHECK(o.cb_n_o == 1 && o.rq_n_o == 1, "... and the CB's head waited");
    o = cyc(m, &in);
    CHECK(o.cb_n_o == 0 && o.rq_n_o == 2, "with the ring input idle the CB's head enters");
    ccn_node_free(m);

    /* newer response first: a read answered in the cycle a forwarded
     * response arrives; the forwarded one is refused and enters next */
    m = mk("small", &c);
    start(m, 6, id);
    in = idle(id);
    in.upd_i = 1, in.upd_la_i = 0x30, in.upd_way_i = 0, in.upd_v_i = 1;
    cyc(m, &in);
    in = idle(id);
    in.rq_v_i = 1, in.rq_la_i = 0x30, in.rq_core_i = other;
    cyc(m, &in);
    in = idle(id);
    cyc(m, &in); /* lookup accepted */
    in.rd_ack_i = 1, in.rd_data_i[0] = 5, in.rs_rdy_i = 0;
    in.rs_v_i = 1, in.rs_la_i = 0x40, in.rs_core_i = other, in.rs_data_i[0] = 6;
    o = cyc(m, &in);
    CHECK(o.rd_v_o == 1 && o.rs_rdy_o == 0, "newer response first: the forwarded response is refused");
    in.rd_ack_i = 0;
    o = cyc(m, &in);
    CHECK(o.rs_rdy_o == 1 && o.rs_n_o == 1, "it enters the next cycle");
    o = cyc(m, &(ccn_node_in_t){.id_i = id, .on_i = 1});
    CHECK(o.rs_n_o == 2 && o.rs_la_o == 0x30 && o.rs_data_o[0] == 5, "the new response ahead of it");
    ccn_node_free(m);
}

static void test_cb_full_throttle_bubble(void)
{
    ccn_node_cfg_t c;
    ccn_node_t *m = mk("small", &c); /* CB 4, ReqQ 4, bubble */
    const uint64_t id = 0, other = 1;
    start(m, 6, id);
    /* the ReqQ fills from the ring (the next node refuses), so the CB cannot drain */
    ccn_node_in_t in = idle(id);
    in.rq_rdy_i = 0;
    in.rq_v_i = 1, in.rq_la_i = 0x11, in.rq_core_i = other;
    in.miss_v_i = 1, in.miss_la_i = 0x22;
    unsigned acc = 0, dfl = 0;
    ccn_node_out_t o;
    for (int k = 0; k < 8; k++) {
        o = cyc(m, &in);
        acc += (unsigned)o.cb_acc_o, dfl += (unsigned)o.dfl_o;
    }
    CHECK(acc == 4 && dfl == 4, "the CB takes 4 misses, then every miss goes to L2 (%u, %u)", acc, dfl);
    in.miss_v_i = 0, in.rq_v_i = 0;
    o = cyc(m, &in);
    CHECK(o.rq_n_o == 4 && o.cb_n_o == 4 && o.rq_rdy_o == 0, "ReqQ full: a forwarded request would be refused");
    /* the ReqQ drains by one: one free slot is the bubble, the CB still waits */
    ccn_node_free(m);
    m = mk("small", &c);
    start(m, 6, id);
    in = idle(id);
    in.rq_rdy_i = 0;
    in.rq_v_i = 1, in.rq_la_i = 0x11, in.rq_core_i = other;
    for (int k = 0; k < 3; k++)
        cyc(m, &in); /* 3 of 4 ReqQ slots */
    in.rq_v_i = 0, in.miss_v_i = 1, in.miss_la_i = 0x22;
    cyc(m, &in); /* one miss in the CB */
    in.miss_v_i = 0;
    for (int k = 0; k < 3; k++) {
        o = cyc(m, &in);
        CHECK(o.rq_n_o == 3 && o.cb_n_o == 1, "bubble: one free ReqQ slot, the CB's head waits (cycle %d)", k);
    }
    ccn_node_free(m);
    /* without the bubble (tiny: 2-entry ReqQ) the last slot is taken */
    m = mk("tiny", &c);
    start(m, 2, id);
    in = idle(id);
    in.rq_rdy_i = 0;
    in.rq_v_i = 1, in.rq_la_i = 0x3, in.rq_core_i = other;
    cyc(m, &in);
    in.rq_v_i = 0, in.miss_v_i = 1, in.miss_la_i = 0x4;
    cyc(m, &in);
    in.miss_v_i = 0;
    cyc(m, &in);
    o = cyc(m, &in);
    CHECK(o.rq_n_o == 2 && o.cb_n_o == 0, "BUBBLE 0: the CB's head takes the last free slot");
    /* a throttled core: straight to L2 with room in the CB */
    in = idle(id);
    in.on_i = 0, in.miss_v_i = 1, in.miss_la_i = 0x5;
    o = cyc(m, &in);
    CHECK(o.dfl_o == 1 && o.cb_acc_o == 0, "on_i 0: the miss goes to L2");
    ccn_node_free(m);
}

/* ---------------------------------------------------------------- scoreboard */

#define QMAX 80
typedef struct {
    uint64_t la[QMAX], core[QMAX], data[QMAX];
    unsigned n;
} q_t;
static void q_push(q_t *q, uint64_t la, uint64_t core, uint64_t data)
{
    if (q->n < QMAX)
        q->la[q->n] = la, q->core[q->n] = core, q->data[q->n] = data, q->n++;
}
static void q_pop(q_t *q)
{
    if (!q->n) {
        CHECK(0, "a pop of an empty queue (a handshake the page does not allow)");
        return;
    }
    memmove(q->la, q->la + 1, (q->n - 1) * sizeof q->la[0]);
    memmove(q->core, q->core + 1, (q->n - 1) * sizeof q->core[0]);
    memmove(q->data, q->data + 1, (q->n - 1) * sizeof q->data[0]);
    q->n--;
}

static int scoreboard(const char *cfgname, unsigned cycles, uint64_t seed)
{
    ccn_node_cfg_t c;
    ccn_node_t *m = mk(cfgname, &c);
    ct_rng_t g;
    ct_rng_seed(&g, seed);
    const uint64_t cores = UINT64_C(1) << c.CORE_W, id = ct_rng_below(&g, cores);
    const uint64_t lamask = (UINT64_C(1) << c.LA_W) - 1, dmask = c.LINE_W >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << c.LINE_W) - 1;
    uint64_t pool[8];
    for (int k = 0; k < 8; k++)
        pool[k] = ct_rng_next(&g) & lamask;
    /* the L1's tags, from the updates: resident[set][way] = la + 1 (0: none) */
    static uint64_t res[4096][16];
    memset(res, 0, sizeof res);
    q_t cb = {0}, rq = {0}, rs = {0};
    int errs = 0;
    uint64_t served = 0, forwarded = 0, delivered = 0, to_l2 = 0;
    start(m, c.SETS, id);
    for (unsigned t = 0; t < cycles && errs < 5; t++) {
        ccn_node_in_t in = idle(id);
        unsigned busy = 30 + (unsigned)((t / 5000) % 3) * 30;
        in.on_i = ct_rng_below(&g, 50) != 0;
        in.miss_v_i = ct_rng_below(&g, 100) < busy / 2;
        in.miss_la_i = pool[ct_rng_below(&g, 8)];
        in.upd_i = ct_rng_below(&g, 100) < 12;
        in.upd_la_i = pool[ct_rng_below(&g, 8)];
        in.upd_way_i = ct_rng_below(&g, c.WAYS);
        in.upd_v_i = ct_rng_below(&g, 4) != 0;
        in.rq_v_i = ct_rng_below(&g, 100) < busy;
        in.rq_la_i = pool[ct_rng_below(&g, 8)];
        in.rq_core_i = ct_rng_below(&g, cores);
        in.rq_rdy_i = ct_rng_below(&g, 100) < 70;
        in.rs_v_i = ct_rng_below(&g, 100) < busy;
        in.rs_la_i = pool[ct_rng_below(&g, 8)];
        in.rs_core_i = ct_rng_below(&g, cores);
        in.rs_data_i[0] = ct_rng_next(&g);
        in.rs_rdy_i = ct_rng_below(&g, 100) < 70;
        in.rd_ack_i = ct_rng_below(&g, 100) < 50;
        in.rd_data_i[0] = ct_rng_next(&g);
        ccn_node_out_t o = cyc(m, &in);
#define ERR(...) do { CHECK(0, __VA_ARGS__); errs++; } while (0)
        /* counts before the edge */
        if (o.cb_n_o != cb.n || o.rq_n_o != rq.n || o.rs_n_o != rs.n)
            ERR("%s cycle %u: counts %llu %llu %llu, scoreboard %u %u %u", cfgname, t,
                (unsigned long long)o.cb_n_o, (unsigned long long)o.rq_n_o, (unsigned long long)o.rs_n_o, cb.n,
                rq.n, rs.n);
        /* the miss: exactly one way */
        if (in.miss_v_i != (o.cb_acc_o + o.dfl_o))
            ERR("%s cycle %u: a miss goes to the CB or to L2, exactly once", cfgname, t);
        if (o.cb_acc_o && !(in.on_i && cb.n < c.CB_D))
            ERR("%s cycle %u: the CB took a miss while full or throttled", cfgname, t);
        if (o.dfl_o && in.on_i && cb.n < c.CB_D)
            ERR("%s cycle %u: a miss deflected with room in the CB", cfgname, t);
        /* the ReqQ head: offered on rq_v_o or read (a hit), in order */
        int home_in = in.rq_core_i == id;
        if (o.rq_v_o && (!rq.n || o.rq_la_o != rq.la[0] || o.rq_core_o != rq.core[0]))
            ERR("%s cycle %u: rq_v_o is not the ReqQ's head", cfgname, t);
        if (o.rd_v_o && (!rq.n || o.rd_la_o != rq.la[0] || rq.core[0] == id))
            ERR("%s cycle %u: the L1 read is not of the head of another core", cfgname, t);
        if (o.rq_v_o && o.rd_v_o)
            ERR("%s cycle %u: a head both forwarded and read", cfgname, t);
        /* the lookup's answer against the L1: alias-free, a hit iff resident */
        if (o.hs_o == CCN_NODE_WAIT) {
            uint64_t la = rq.la[0];
            int resident = 0;
            for (unsigned w = 0; w < c.WAYS; w++)
                resident |= res[la % c.SETS][w] == la + 1;
            if (resident != !o.rq_v_o)
                ERR("%s cycle %u: lookup of %llx answered %s, the L1 %s it", cfgname, t,
                    (unsigned long long)la, o.rq_v_o ? "miss" : "hit", resident ? "holds" : "does not hold");
            if (!o.rq_v_o && res[la % c.SETS][o.rd_way_o] != la + 1 && o.rd_v_o)
                ERR("%s cycle %u: the hit's way %llu does not hold the line", cfgname, t, (unsigned long long)o.rd_way_o);
        }
        /* the ring's inputs */
        if (in.rq_v_i && (uint64_t)home_in != o.l2_v_o)
            ERR("%s cycle %u: a request is back home iff its core is this one (l2_v_o)", cfgname, t);
        if (home_in && !o.rq_rdy_o)
            ERR("%s cycle %u: a request back home is always taken", cfgname, t);
        if (!home_in && o.rq_rdy_o != (rq.n < c.RQ_D))
            ERR("%s cycle %u: rq_rdy_o is 'the ReqQ has room'", cfgname, t);
        int rs_home = in.rs_core_i == id, new_resp = o.rd_v_o && in.rd_ack_i;
        if (in.rs_v_i && (uint64_t)rs_home != o.dl_v_o)
            ERR("%s cycle %u: a response is delivered iff it is for this core", cfgname, t);
        if (o.dl_v_o && (o.dl_la_o != in.rs_la_i || o.dl_data_o[0] != (in.rs_data_i[0] & dmask)))
            ERR("%s cycle %u: the delivery is the response as it arrived", cfgname, t);
        if (!rs_home && new_resp && o.rs_rdy_o)
            ERR("%s cycle %u: newer response first: the forwarded one must wait", cfgname, t);
        if (o.rs_v_o && (!rs.n || o.rs_la_o != rs.la[0] || o.rs_core_o != rs.core[0] ||
                         o.rs_data_o[0] != rs.data[0]))
            ERR("%s cycle %u: rs_v_o is not the RespQ's head", cfgname, t);
        /* the edge, as the handshakes say */
        uint64_t cb_head = cb.n ? cb.la[0] : 0;
        int rq_pop = (o.rq_v_o && in.rq_rdy_i) || new_resp;
        uint64_t h_la = rq.n ? rq.la[0] : 0, h_core = rq.n ? rq.core[0] : 0;
        if (rq_pop)
            q_pop(&rq);
        if (o.rq_v_o && in.rq_rdy_i)
            forwarded++;
        if (new_resp)
            served++;
        if (o.rs_v_o && in.rs_rdy_i)
            q_pop(&rs);
        int ring_rq = in.rq_v_i && !home_in && o.rq_rdy_o;
        if (ring_rq)
            q_push(&rq, in.rq_la_i, in.rq_core_i, 0);
        /* the CB's head entered the ReqQ: its count says so */
        ccn_node_out_t peek;
        ccn_node_eval(m, &(ccn_node_in_t){.id_i = id}, &peek);
        unsigned cb_after = cb.n + (unsigned)o.cb_acc_o;
        if (peek.cb_n_o + 1 == cb_after) {
            if (ring_rq || (in.rq_v_i && !home_in))
                ERR("%s cycle %u: the CB's head entered while a forwarded request was offered", cfgname, t);
            q_pop(&cb);
            q_push(&rq, cb_head, id, 0);
        } else if (peek.cb_n_o != cb_after) {
            ERR("%s cycle %u: the CB's count moved by more than one entry", cfgname, t);
        }
        if (o.cb_acc_o)
            q_push(&cb, in.miss_la_i, id, 0);
        if (new_resp)
            q_push(&rs, h_la, h_core, in.rd_data_i[0] & dmask);
        else if (in.rs_v_i && !rs_home && o.rs_rdy_o)
            q_push(&rs, in.rs_la_i, in.rs_core_i, in.rs_data_i[0] & dmask);
        delivered += o.dl_v_o;
        to_l2 += o.l2_v_o;
        if (in.upd_i)
            res[in.upd_la_i % c.SETS][in.upd_way_i] = in.upd_v_i ? in.upd_la_i + 1 : 0;
#undef ERR
    }
    CHECK(served > 100 && forwarded > 100 && delivered > 100 && to_l2 > 100,
          "%s: every path taken (%llu served, %llu forwarded, %llu delivered, %llu to L2)", cfgname,
          (unsigned long long)served, (unsigned long long)forwarded, (unsigned long long)delivered,
          (unsigned long long)to_l2);
    ccn_node_free(m);
    return errs;
}

static void test_scoreboard(void)
{
    scoreboard("small", 60000, 1);
    scoreboard("one", 60000, 2);
    scoreboard("tiny,SETS=32,LA_W=5,TAG_W=5", 60000, 3); /* alias-free variant of tiny */
    scoreboard("paper,SETS=96,TAG_W=27", 20000, 4);      /* the paper's sizes, alias-free */
}

static void test_config_rules(void)
{
    ccn_node_cfg_t c;
    char err[CT_ERRLEN];
    ut_config(&ccn_node_block, "small", c.v, sizeof c.v / sizeof c.v[0]);
    c.RQ_D = 1;
    CHECK(ccn_node_check(&c, err, sizeof err) == -1 && strstr(err, "BUBBLE=1 needs RQ_D and RS_D of at least 2"),
          "bubble with a 1-entry ReqQ: %s", err);
    c.RQ_D = 2, c.RS_D = 1;
    CHECK_EQ(ccn_node_check(&c, err, sizeof err), -1, "bubble with a 1-entry RespQ");
    c.RS_D = 2;
    CHECK_EQ(ccn_node_check(&c, err, sizeof err), 0, "bubble with 2-entry queues: %s", err);
    c.BUBBLE = 0, c.RQ_D = 1, c.RS_D = 1;
    CHECK_EQ(ccn_node_check(&c, err, sizeof err), 0, "no bubble: 1-entry queues are fine: %s", err);
    c.TAG_W = 13;
    CHECK(ccn_node_check(&c, err, sizeof err) == -1 && strstr(err, "TAG_W=13 is wider than the line address"),
          "the shadow tags' rules are checked: %s", err);
    shadow_tags_cfg_t st;
    ut_config(&ccn_node_block, "paper", c.v, sizeof c.v / sizeof c.v[0]);
    ccn_node_shadow_cfg(&c, &st);
    CHECK(st.SETS == 96 && st.WAYS == 4 && st.LA_W == 33 && st.TAG_W == 24 && st.CORE_W == 4,
          "the shadow tags get the node's geometry");
}

static void test_inventory(void)
{
    uint32_t cfg[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    ct_config_parse(&ccn_node_block, "paper", cfg, err, sizeof err);
    ct_storage_t s[CT_MAX_STORAGE];
    unsigned n = ccn_node_block.storage(cfg, s);
    uint64_t paper = 0;
    for (unsigned i = 0; i < n; i++)
        if (s[i].instrumentation == CT_PAPER)
            paper += s[i].entries * s[i].bits;
    /* CB 8 x 33 + ReqQ 8 x 37 + RespQ 8 x (1,024 + 33 + 4) + shadow tags 96 x 100 */
    CHECK_EQ(paper, 8 * 33 + 8 * 37 + 8 * 1061 + 9600, "the paper's structures as built");
}

/* The two-phase cycle (ccn_node_settle, then ccn_node_commit) against the
 * one-call cycle, on two nodes fed the same random inputs: settle is given the
 * readies inverted (no output may read them: docs/blocks/ccn_node.md, the
 * outputs' sources), commit the true ones; every output of every cycle, and
 * so every register behind them, must agree.  ccn_node_offers, called first,
 * must give the cycle's offers (in WAIT too: the shadow tags' answer) and
 * touch no other output. */
static void test_two_phase(void)
{
    static const char *const cfgs[] = {"small", "tiny", "one"};
    for (unsigned k = 0; k < 3; k++) {
        ccn_node_cfg_t c;
        ccn_node_t *a = mk(cfgs[k], &c), *b = mk(cfgs[k], &c);
        ct_rng_t g;
        ct_rng_seed(&g, 7 + k);
        const uint64_t cores = UINT64_C(1) << c.CORE_W, id = 0;
        const uint64_t lamask = (UINT64_C(1) << c.LA_W) - 1;
        start(a, c.SETS, id), start(b, c.SETS, id);
        unsigned bad = 0, pops = 0, offered = 0, waits = 0;
        for (unsigned t = 0; t < 20000 && bad < 3; t++) {
            ccn_node_in_t in = idle(id);
            in.on_i = ct_rng_below(&g, 8) != 0;
            in.miss_v_i = ct_rng_below(&g, 3) == 0;
            in.miss_la_i = ct_rng_below(&g, 6) & lamask;
            in.upd_i = ct_rng_below(&g, 5) == 0;
            in.upd_la_i = ct_rng_below(&g, 6) & lamask;
            in.upd_way_i = ct_rng_below(&g, c.WAYS);
            in.upd_v_i = ct_rng_below(&g, 4) != 0;
            in.rq_v_i = ct_rng_below(&g, 2);
            in.rq_la_i = ct_rng_below(&g, 6) & lamask;
            in.rq_core_i = ct_rng_below(&g, cores);
            in.rs_v_i = ct_rng_below(&g, 2);
            in.rs_la_i = ct_rng_below(&g, 6) & lamask;
            in.rs_core_i = ct_rng_below(&g, cores);
            in.rs_data_i[0] = ct_rng_next(&g);
            in.rd_ack_i = ct_rng_below(&g, 2);
            in.rd_data_i[0] = ct_rng_next(&g);
            in.rq_rdy_i = ct_rng_below(&g, 2), in.rs_rdy_i = ct_rng_below(&g, 2);
            ccn_node_out_t oa, ob, of;
            memset(&of, 0xa5, sizeof of);
            ccn_node_offers(b, id, &of); /* before b's cycle: its registers are a's */
            ccn_node_cycle(a, &in, &oa);
            unsigned lw = (c.LINE_W + 63) / 64;
            if (of.rq_v_o != oa.rq_v_o || of.rq_la_o != oa.rq_la_o || of.rq_core_o != oa.rq_core_o ||
                of.rs_v_o != oa.rs_v_o || of.rs_la_o != oa.rs_la_o || of.rs_core_o != oa.rs_core_o ||
                memcmp(of.rs_data_o, oa.rs_data_o, lw * sizeof(uint64_t)) || of.cb_n_o != UINT64_C(0xa5a5a5a5a5a5a5a5)) {
                CHECK(0, "%s cycle %u: ccn_node_offers is not the cycle's offers (or wrote another field)", cfgs[k], t);
                bad++;
            }
            offered += oa.rq_v_o && oa.rq_core_o != id, waits += oa.hs_o == CCN_NODE_WAIT;
            ccn_node_in_t wrong = in;
            wrong.rq_rdy_i ^= 1, wrong.rs_rdy_i ^= 1;
            ccn_node_plan_t p;
            /* settle writes every output but the lines' words beyond LINE_W's, which it
             * leaves as they are (0 here, as ccn_node_cycle makes them) */
            memset(&ob, 0xa5, sizeof ob);
            ct_clear_tail(ob.rs_data_o, lw, sizeof ob.rs_data_o);
            ct_clear_tail(ob.dl_data_o, lw, sizeof ob.dl_data_o);
            ccn_node_settle(b, &wrong, &ob, &p);
            ccn_node_commit(b, &in, &p);
            pops += (oa.rq_v_o && in.rq_rdy_i) + (oa.rs_v_o && in.rs_rdy_i);
            if (memcmp(&oa, &ob, sizeof oa)) {
                CHECK(0, "%s cycle %u: settle's outputs differ from the cycle's", cfgs[k], t);
                bad++;
            }
        }
        CHECK(bad == 0 && pops > 1000 && offered > 20 && waits > 100,
              "%s: 20,000 cycles alike, %u heads handed on by a ready, %u misses of other cores offered, %u answers",
              cfgs[k], pops, offered, waits);
        ccn_node_free(a), ccn_node_free(b);
    }
}

const ut_test_t ccn_node_tests[] = {
    {"ccn_node/working_example", "Sec. 4.5 steps 1-7 at one node", test_working_example},
    {"ccn_node/priorities", "older request first, newer response first", test_priorities},
    {"ccn_node/cb_full_throttle_bubble", "CB full and throttled misses to L2; the bubble", test_cb_full_throttle_bubble},
    {"ccn_node/scoreboard", "every request and response followed: none lost, none doubled, in order",
     test_scoreboard},
    {"ccn_node/two_phase", "settle (readies unknown) then commit is the cycle, every output alike", test_two_phase},
    {"ccn_node/config_rules", "bubble needs 2-entry queues; the shadow tags' rules", test_config_rules},
    {"ccn_node/inventory", "CB, ReqQ, RespQ, shadow tags per node", test_inventory},
    {NULL, NULL, NULL},
};
