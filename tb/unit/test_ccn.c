/*
 * test_ccn.c - the CCN ring against CCN [004] Sec. 4.1-4.5, 5.1 and the
 * decisions of docs/blocks/ccn.md, not against the model's code.
 *
 * TEST RATIONALE: a scoreboard written here follows every miss of every
 * node from its injection (cb_acc_o) to its answer - a sharer's response
 * delivered to that node, or the request back home sent to L2 - and checks
 * that each is answered exactly once, with the right line (the L1s here
 * hold fixed contents and a line's data is a function of its address), by
 * the first node on the request's path whose L1 holds the line, within a
 * bound; the runs include saturation (every node missing every cycle, every
 * lookup hitting, slow L1s).  The paper's ring numbers are measured on the
 * model: hops to a sharer with the rings opposite and the same way, the
 * full-ring traversal and the minimum round trip.  The paper's policy
 * without the bubble deadlocks on a small ring (shown); the bubble does not.
 */
#include <stdlib.h>
#include <string.h>

#include "ccn.h"
#include "ct_rng.h"
#include "ut.h"

UT_DEFINE_MK(ccn)

#define NN 16
#define LINES 32
#define OUT 4096

/* A line's data, the same in every L1 (no writes in these runs). */
static uint64_t line_data(uint64_t la) { return la * 0x9e3779b97f4a7c15ull ^ 0x5555; }

/* A reset cycle, then the shadow tags' sweep (SETS idle cycles). */
static void start(ccn_t *m, const ccn_cfg_t *c)
{
    ccn_in_t in;
    ccn_out_t o;
    memset(&in, 0, sizeof in);
    in.rst_i = 1;
    ccn_cycle(m, &in, &o);
    in.rst_i = 0;
    for (unsigned k = 0; k < c->SETS; k++)
        ccn_cycle(m, &in, &o);
}

typedef struct {
    unsigned miss_pct, ack_pct, sharers_pct, cycles;
    int saturate; /* every node misses every cycle on a held line */
} traffic_t;

typedef struct {
    uint64_t injected, served, back_home, deflected, max_wait, outstanding;
    unsigned stall; /* the longest stretch of cycles without an answer while requests were out */
    unsigned drain; /* cycles after the misses stop until the last one is answered */
    unsigned errors;
    char state[256]; /* every node's CB, ReqQ, RespQ counts and head state at the end */
} result_t;

/* The drain bound (docs/blocks/ccn.md, "Progress"): once the misses stop and
 * the L1s answer reads at once, every request in the CCN is answered within
 * N * 3 Q_D * (2 N + 4) * HOP cycles: at most 3 Q_D N entries are queued,
 * each ahead of the last by at most one full circuit of N hops of at most
 * (2 + HOP) cycles twice (there and back). */
static unsigned drain_bound(const ccn_cfg_t *c)
{
    return c->N * 3 * c->Q_D * (2 * c->N + 4) * c->HOP;
}

/* One run: the L1s hold fixed lines (node i holds line k iff held[i][k]);
 * every node's misses are tracked until answered. */
static result_t run(const char *cfgname, const traffic_t *t, uint64_t seed)
{
    ccn_cfg_t c;
    ccn_t *m = mk(cfgname, &c);
    result_t r;
    memset(&r, 0, sizeof r);
    ct_rng_t g;
    ct_rng_seed(&g, seed);
    const unsigned n = c.N, ww = c.WAYS > 1 ? (unsigned)__builtin_ctz(c.WAYS) : 1;
    uint64_t lines[LINES];
    /* distinct lines (line k is address k: its set is k mod SETS) */
    const unsigned nl = c.LA_W < 5 ? 1u << c.LA_W : LINES;
    for (unsigned k = 0; k < LINES; k++)
        lines[k] = k % nl;
    int held[NN][LINES];
    unsigned fill_way[NN][LINES];
    unsigned used[NN][4096];
    memset(used, 0, sizeof used);
    memset(held, 0, sizeof held);
    for (unsigned i = 0; i < n; i++)
        for (unsigned k = 0; k < nl; k++) {
            unsigned s = (unsigned)(lines[k] % c.SETS);
            held[i][k] = (unsigned)ct_rng_below(&g, 100) < t->sharers_pct && used[i][s] < c.WAYS;
            if (held[i][k])
                fill_way[i][k] = used[i][s]++;
        }
    /* outstanding misses: node, line index, cycle */
    static struct {
        unsigned node, k;
        uint64_t at;
        int live;
    } out[OUT];
    unsigned nout = 0;
    ccn_in_t in;
    ccn_out_t o;
    memset(&in, 0, sizeof in);
    start(m, &c);
    /* the fills: one per node a cycle */
    for (unsigned k = 0; k < nl; k++) {
        memset(&in, 0, sizeof in);
        for (unsigned i = 0; i < n; i++)
            if (held[i][k]) {
                in.upd_i |= UINT64_C(1) << i;
                in.upd_v_i |= UINT64_C(1) << i;
                ct_bits_set(in.upd_la_i, i * c.LA_W, c.LA_W, lines[k]);
                ct_bits_set(in.upd_way_i, i * ww, ww, fill_way[i][k]);
            }
        ccn_cycle(m, &in, &o);
    }
    uint64_t last_answer = 0;
    const unsigned bound = drain_bound(&c);
    for (uint64_t cyc = 0; cyc < t->cycles + bound && r.errors < 5; cyc++) {
        int draining = cyc >= t->cycles;
        if (draining && !nout) {
            r.drain = (unsigned)(cyc - t->cycles);
            break;
        }
        memset(&in, 0, sizeof in);
        unsigned ks[NN];
        for (unsigned i = 0; i < n; i++) {
            int miss = !draining && (t->saturate || ct_rng_below(&g, 100) < t->miss_pct);
            unsigned k = (unsigned)ct_rng_below(&g, nl);
            if (t->saturate) /* a line some other node holds */
                for (unsigned tries = 0; tries < 64; tries++) {
                    int other = 0;
                    for (unsigned j = 0; j < n; j++)
                        other |= j != i && held[j][k];
                    if (other && !held[i][k])
                        break;
                    k = (unsigned)ct_rng_below(&g, nl);
                }
            ks[i] = k;
            in.miss_v_i |= (uint64_t)miss << i;
            ct_bits_set(in.miss_la_i, i * c.LA_W, c.LA_W, lines[k]);
            in.inst_i[0] |= 0; /* the throttlers count nothing: every window is empty (ON) */
            int ack = draining || ct_rng_below(&g, 100) < t->ack_pct;
            in.rd_ack_i |= (uint64_t)ack << i;
        }
        /* the L1s answer reads with the line's data */
        ccn_out_t peek;
        ccn_eval(m, &in, &peek);
        for (unsigned i = 0; i < n; i++)
            if ((peek.rd_v_o >> i) & 1)
                ct_bits_set(in.rd_data_i, i * c.LINE_W, c.LINE_W < 64 ? c.LINE_W : 64,
                            line_data(ct_bits_get(peek.rd_la_o, i * c.LA_W, c.LA_W)));
        /* a read is served by the first holder on its request's path */
        for (unsigned j = 0; j < n; j++) {
            if (!((peek.rd_v_o >> j) & (in.rd_ack_i >> j) & 1))
                continue;
            uint64_t la, home;
            if (!ccn_node_head(ccn_node_at(m, j), &la, &home)) {
                CHECK(0, "%s: node %u reads with an empty ReqQ", cfgname, j);
                r.errors++;
                continue;
            }
            unsigned k = 0;
            while (k < nl && lines[k] != la)
                k++;
            unsigned first = (unsigned)home;
            for (unsigned d = 1; d < n; d++)
                if (held[(home + d) % n][k < nl ? k : 0]) {
                    first = (unsigned)(home + d) % n;
                    break;
                }
            if (k == nl || first != j) {
                CHECK(0, "%s cycle %llu: line %llx of node %llu served by node %u, its first holder is %u", cfgname,
                      (unsigned long long)cyc, (unsigned long long)la, (unsigned long long)home, j, first);
                r.errors++;
            }
        }
        ccn_cycle(m, &in, &o);
        for (unsigned i = 0; i < n; i++) {
            if ((o.cb_acc_o >> i) & 1) {
                if (nout == OUT) {
                    CHECK(0, "%s: more than %u misses out", cfgname, OUT);
                    r.errors++;
                    break;
                }
                out[nout].node = i, out[nout].k = ks[i], out[nout].at = cyc, out[nout].live = 1;
                nout++;
                r.injected++;
            }
            r.deflected += (o.dfl_o >> i) & 1;
            int dl = (o.dl_v_o >> i) & 1, l2 = (o.l2_v_o >> i) & 1;
            if (!dl && !l2)
                continue;
            if (dl && l2) { /* both in one cycle: two answers */
            }
            for (int pass = 0; pass < 2; pass++) {
                if (!(pass ? l2 : dl))
                    continue;
                uint64_t la = ct_bits_get(pass ? o.l2_la_o : o.dl_la_o, i * c.LA_W, c.LA_W);
                unsigned q = 0;
                while (q < nout && !(out[q].live && out[q].node == i && lines[out[q].k] == la))
                    q++; /* the oldest outstanding miss of node i on that line */
                if (q == nout) {
                    CHECK(0, "%s cycle %llu: node %u %s line %llx that it has not asked for (a duplicate?)",
                          cfgname, (unsigned long long)cyc, i, pass ? "sends to L2" : "receives",
                          (unsigned long long)la);
                    r.errors++;
                    continue;
                }
                if (!pass && ct_bits_get(o.dl_data_o, i * c.LINE_W, c.LINE_W < 64 ? c.LINE_W : 64) !=
                                 (line_data(la) & ct_mask(c.LINE_W < 64 ? c.LINE_W : 64))) {
                    CHECK(0, "%s cycle %llu: node %u receives line %llx with the wrong data", cfgname,
                          (unsigned long long)cyc, i, (unsigned long long)la);
                    r.errors++;
                }
                if (pass) { /* back home only if no other node holds it */
                    for (unsigned j = 0; j < n; j++)
                        if (j != i && held[j][out[q].k]) {
                            CHECK(0, "%s cycle %llu: node %u's line %llx went to L2, node %u holds it", cfgname,
                                  (unsigned long long)cyc, i, (unsigned long long)la, j);
                            r.errors++;
                            break;
                        }
                }
                out[q].live = 0;
                uint64_t w = cyc - out[q].at;
                r.max_wait = w > r.max_wait ? w : r.max_wait;
                *(pass ? &r.back_home : &r.served) += 1;
                last_answer = cyc;
            }
        }
        /* compact the outstanding list */
        unsigned keep = 0;
        for (unsigned q = 0; q < nout; q++)
            if (out[q].live)
                out[keep++] = out[q];
        nout = keep;
        if (nout && cyc - last_answer > r.stall)
            r.stall = (unsigned)(cyc - last_answer);
        if (!nout)
            last_answer = cyc;
    }
    r.outstanding = nout;
    if (nout)
        r.drain = bound;
    for (unsigned i = 0; i < n && i < 8; i++) {
        ccn_node_in_t ni;
        ccn_node_out_t no;
        memset(&ni, 0, sizeof ni);
        ni.id_i = i;
        ccn_node_eval(ccn_node_at(m, i), &ni, &no);
        static const char *const hs[5] = {"LOOK", "WAIT", "FWD", "HIT", "RD"};
        size_t l = strlen(r.state);
        snprintf(r.state + l, sizeof r.state - l, "%snode %u CB %llu ReqQ %llu RespQ %llu head %s", i ? "; " : "", i,
                 (unsigned long long)no.cb_n_o, (unsigned long long)no.rq_n_o, (unsigned long long)no.rs_n_o,
                 hs[no.hs_o < 5 ? no.hs_o : 0]);
    }
    ccn_free(m);
    return r;
}

/* Every miss answered exactly once, right, by its first sharer, within the
 * bound: normal traffic, then saturation. */
static void test_scoreboard(void)
{
    static const struct {
        const char *cfg;
        traffic_t t;
    } runs[] = {
        {"small", {20, 70, 30, 30000, 0}},
        {"small", {0, 30, 40, 20000, 1}},               /* saturation, slow L1s */
        {"small,DIR=1,HOP=3", {30, 60, 30, 20000, 0}},
        {"tiny,TAG_W=5", {25, 70, 40, 20000, 0}},        /* alias-free tiny */
        {"paper,TAG_W=27,LINE_W=64", {15, 70, 20, 10000, 0}},
        {"paper,TAG_W=27,LINE_W=64", {0, 50, 30, 10000, 1}},
    };
    for (unsigned i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        result_t r = run(runs[i].cfg, &runs[i].t, 10 + i);
        CHECK(r.errors == 0, "%s run %u: %u errors", runs[i].cfg, i, r.errors);
        ccn_cfg_t c;
        ut_config(&ccn_block, runs[i].cfg, c.v, sizeof c.v / sizeof c.v[0]);
        CHECK(r.outstanding == 0, "%s run %u: %llu misses still unanswered %u cycles after the last (bound)",
              runs[i].cfg, i, (unsigned long long)r.outstanding, drain_bound(&c));
        CHECK(r.served > 50 && (runs[i].t.saturate || r.back_home > 10),
              "%s run %u: the answers seen (%llu served, %llu to L2)",
              runs[i].cfg, i, (unsigned long long)r.served, (unsigned long long)r.back_home);
        printf("  %-26s %s: injected %llu, served by a sharer %llu, back home to L2 %llu, deflected %llu, "
               "longest wait %llu cycles, longest stall %u, drained in %u (bound %u)\n",
               runs[i].cfg, runs[i].t.saturate ? "saturated" : "random   ", (unsigned long long)r.injected,
               (unsigned long long)r.served, (unsigned long long)r.back_home, (unsigned long long)r.deflected,
               (unsigned long long)r.max_wait, r.stall, r.drain, drain_bound(&c));
    }
}

/* The paper's policy can deadlock: tiny (3 nodes, 2-entry queues) saturated
 * without the bubble stops answering for good; with it, every miss is
 * answered.  Both ring directions. */
static void test_deadlock(void)
{
    traffic_t t = {0, 30, 60, 20000, 1};
    static const char *const cfgs[2][2] = {{"tiny,TAG_W=5,BUBBLE=0", "tiny,TAG_W=5,BUBBLE=1"},
                                           {"tiny,TAG_W=5,BUBBLE=0,DIR=0", "tiny,TAG_W=5,BUBBLE=1,DIR=0"}};
    for (unsigned d = 0; d < 2; d++) {
        result_t dead = run(cfgs[d][0], &t, 100), live = run(cfgs[d][1], &t, 100);
        printf("  %-28s: injected %llu, answered %llu, stalled %u cycles, %llu never answered\n    at the end: %s\n",
               cfgs[d][0], (unsigned long long)dead.injected, (unsigned long long)(dead.served + dead.back_home),
               dead.stall, (unsigned long long)dead.outstanding, dead.state);
        printf("  %-28s: injected %llu, answered %llu, longest stall %u cycles, drained in %u\n", cfgs[d][1],
               (unsigned long long)live.injected, (unsigned long long)(live.served + live.back_home), live.stall,
               live.drain);
        CHECK(dead.outstanding > 0 && dead.stall > 5000, "%s deadlocks: %llu unanswered, stall %u", cfgs[d][0],
              (unsigned long long)dead.outstanding, dead.stall);
        CHECK(live.outstanding == 0 && live.errors == 0 && live.stall < 100, "%s: every miss answered", cfgs[d][1]);
    }
}

/* Cycles from node 0's miss on line 5 (held only by node `holder`, or by
 * none: -1) to its answer at node 0, on an idle ring with instant L1s. */
static unsigned latency(const char *cfgname, int holder)
{
    ccn_cfg_t c;
    ccn_t *m = mk(cfgname, &c);
    ccn_in_t in;
    ccn_out_t o;
    memset(&in, 0, sizeof in);
    start(m, &c);
    if (holder >= 0) {
        in.upd_i = in.upd_v_i = UINT64_C(1) << holder;
        ct_bits_set(in.upd_la_i, (unsigned)holder * c.LA_W, c.LA_W, 5);
        ccn_cycle(m, &in, &o);
        memset(&in, 0, sizeof in);
    }
    in.rd_ack_i = ct_mask(c.N);
    in.miss_v_i = 1;
    ct_bits_set(in.miss_la_i, 0, c.LA_W, 5);
    unsigned t = 0;
    do {
        ccn_cycle(m, &in, &o);
        in.miss_v_i = 0;
        t++;
    } while (!(o.dl_v_o & 1) && !(o.l2_v_o & 1) && t < 1000);
    ccn_free(m);
    return t - 1; /* the miss's cycle is cycle 0 */
}

/* The ring's own numbers (CCN [004] Sec. 4.2, 5.5.2: numbers a model can check):
 * hops to the first sharer with the rings opposite and the same way, the
 * round trip to a neighbour, the full circuit to L2; and the latencies'
 * growth with the hop time.  Printed for docs/blocks/ccn.md. */
static void test_ring_numbers(void)
{
    const unsigned qs[] = {10, 13, 20, 30, 50};
    printf("  sharers per line   avg hops opposite   avg hops same   (15 nodes, first sharer on the path)\n");
    for (unsigned qi = 0; qi < 5; qi++) {
        double hops[2] = {0, 0};
        /* the distances of a run (the model's instruments: which node served
         * whom; the scoreboard holds those to the first sharer) */
        for (unsigned dir = 0; dir < 2; dir++) {
            char cfg[96];
            snprintf(cfg, sizeof cfg, "paper,TAG_W=27,LINE_W=64,DIR=%u", dir);
            ccn_cfg_t c;
            ccn_t *m = mk(cfg, &c);
            ct_rng_t g;
            ct_rng_seed(&g, 11 + qi);
            /* each node holds each of 16 lines with chance q (the sharers
             * uniformly placed); then every node misses on every line once,
             * each miss after the last one's answer, so nothing queues */
            ccn_in_t in;
            ccn_out_t o;
            start(m, &c);
            for (unsigned k = 0; k < 16; k++) {
                memset(&in, 0, sizeof in);
                for (unsigned i = 0; i < c.N; i++)
                    if (ct_rng_below(&g, 100) < qs[qi]) {
                        in.upd_i |= UINT64_C(1) << i, in.upd_v_i |= UINT64_C(1) << i;
                        ct_bits_set(in.upd_la_i, i * c.LA_W, c.LA_W, k);
                    }
                ccn_cycle(m, &in, &o);
            }
            for (unsigned i = 0; i < c.N; i++)
                for (unsigned k = 0; k < 16; k++) {
                    memset(&in, 0, sizeof in);
                    in.rd_ack_i = ct_mask(c.N);
                    in.miss_v_i = UINT64_C(1) << i;
                    ct_bits_set(in.miss_la_i, i * c.LA_W, c.LA_W, k);
                    /* until the miss is answered (a sharer's delivery or the
                     * L2's request: at most a circuit, 30 cycles), then two
                     * idle cycles; 80 at most */
                    unsigned w = 0, after = 0;
                    for (; w < 80 && after < 2; w++) {
                        ccn_cycle(m, &in, &o);
                        in.miss_v_i = 0;
                        if (after || ((o.dl_v_o | o.l2_v_o) >> i & 1))
                            after++;
                    }
                    CHECK(after == 2, "node %u's miss of line %u answered within 78 cycles", i, k);
                }
            ccn_stats_t st;
            ccn_stats(m, &st);
            uint64_t n = 0, h = 0;
            for (unsigned d = 1; d < c.N; d++) {
                n += st.served[d];
                h += st.served[d] * (d + (dir ? c.N - d : d)); /* there d, back d (opposite) or N - d */
            }
            hops[dir] = n ? (double)h / (double)n : 0;
            ccn_free(m);
        }
        printf("  %15u %%   %17.2f   %13.2f\n", qs[qi], hops[0], hops[1]);
        CHECK(hops[1] == 15.0, "same way: always N = 15 hops (%.2f)", hops[1]);
        CHECK(hops[0] < hops[1], "opposite: fewer (%.2f)", hops[0]);
    }
    printf("  hop time   neighbour round trip   full circuit to L2   (paper preset, cycles from the miss)\n");
    unsigned prev_rt = 0, prev_full = 0;
    for (unsigned hop = 1; hop <= 5; hop++) {
        char cfg[96];
        snprintf(cfg, sizeof cfg, "paper,TAG_W=27,LINE_W=64,HOP=%u", hop);
        unsigned rt = latency(cfg, 1), full = latency(cfg, -1);
        printf("  %8u   %20u   %18u\n", hop, rt, full);
        CHECK(rt < full && rt > 0, "HOP %u: a neighbour answers before a circuit ends", hop);
        if (hop > 1)
            CHECK(rt - prev_rt == 2 * 1 && full - prev_full == 15, "HOP %u: +1 cycle a hop: +2 there and back, +15 "
                  "round the ring (%u, %u)", hop, rt - prev_rt, full - prev_full);
        prev_rt = rt, prev_full = full;
    }
}

/* The ring's helpers against their definitions; the parts' configurations
 * and rules; the run report's required bins. */
static void test_helpers(void)
{
    for (unsigned n = 2; n <= 16; n++)
        for (unsigned dir = 0; dir < 2; dir++) {
            ccn_cfg_t c;
            ut_config(&ccn_block, "small", c.v, sizeof c.v / sizeof c.v[0]);
            c.N = n, c.DIR = dir;
            for (unsigned i = 0; i < n; i++) {
                CHECK_EQ(ccn_resp_next(&c, i), dir ? (i + 1) % n : (i + n - 1) % n, "N=%u DIR=%u node %u", n, dir, i);
                for (unsigned j = 0; j < n; j++) {
                    /* walk it: requests i -> i+1 until j, responses back by the response ring */
                    unsigned hops = 0, at = i;
                    while (at != j)
                        at = (at + 1) % n, hops++;
                    while (at != i)
                        at = ccn_resp_next(&c, at), hops++;
                    if (j != i)
                        CHECK_EQ(ccn_hops(&c, i, j), hops, "N=%u DIR=%u: %u served at %u", n, dir, i, j);
                }
            }
        }
    ccn_cfg_t c;
    ccn_node_cfg_t nc;
    ccn_rt_cfg_t rc;
    char err[CT_ERRLEN];
    ut_config(&ccn_block, "paper", c.v, sizeof c.v / sizeof c.v[0]);
    ccn_node_cfg(&c, &nc);
    ccn_rt_cfg(&c, &rc);
    CHECK(nc.CORE_W == 4 && nc.CB_D == 8 && nc.RQ_D == 8 && nc.RS_D == 8 && nc.LINE_W == 1024 && nc.BUBBLE == 1,
          "a node of the paper ring: 4-bit core IDs for 15 nodes, 8-entry queues");
    CHECK(rc.T_S == 1000000 && rc.T_P == 10000000 && rc.HMIN_PCT == 5, "its throttler: Table II(b)");
    c.T_S = 1000; /* below 2^INST_W = 1024: the throttler part is invalid */
    CHECK(ccn_check(&c, err, sizeof err) == -1 && strstr(err, "T_S=1000 is below 2^INST_W"), "throttler part: %s", err);
    ut_config(&ccn_block, "paper", c.v, sizeof c.v / sizeof c.v[0]);
    c.TAG_W = 34;
    CHECK(ccn_check(&c, err, sizeof err) == -1 && strstr(err, "TAG_W=34"), "node part: %s", err);
    /* the report: every distance 1..N-1 required */
    ccn_t *m = mk("small", &c);
    FILE *f = tmpfile();
    CHECK_EQ(ccn_report(m, f), 3 + 3, "an idle run: 3 distances and 3 events, all holes");
    fclose(f);
    ccn_free(m);
}

/* Each node's throttler counts its node's injections and deliveries: a
 * window of misses no L1 can serve turns every node OFF; one whose misses
 * a neighbour serves keeps that node ON (small: T_S 200, 7 instructions a
 * cycle). */
static void test_throttlers(void)
{
    ccn_cfg_t c;
    ccn_t *m = mk("small", &c);
    ccn_in_t in;
    ccn_out_t o;
    memset(&in, 0, sizeof in);
    start(m, &c);
    ccn_eval(m, &in, &o);
    CHECK_EQ(o.on_o, 0xf, "every node injects while sampling");
    /* node 1 holds lines 0..3 (sets 0..3, way 0) */
    for (unsigned k = 0; k < 4; k++) {
        memset(&in, 0, sizeof in);
        in.upd_i = in.upd_v_i = 2;
        ct_bits_set(in.upd_la_i, 1 * c.LA_W, c.LA_W, k);
        ccn_cycle(m, &in, &o);
    }
    for (unsigned t = 0; t < 40; t++) {
        memset(&in, 0, sizeof in);
        in.rd_ack_i = 0xf;
        in.miss_v_i = t % 4 == 0 ? 0xf : 0; /* every node misses every 4th cycle */
        for (unsigned i = 0; i < 4; i++) {
            ct_bits_set(in.inst_i, i * c.INST_W, c.INST_W, 7);
            /* node 0 on the lines node 1 holds, the others on lines nobody holds */
            ct_bits_set(in.miss_la_i, i * c.LA_W, c.LA_W, i == 0 ? t % 4 : 0x100 + t);
        }
        ccn_cycle(m, &in, &o);
    }
    CHECK_EQ(o.on_o, 0x1, "after the window (29 cycles of 7 instructions): node 0 ON (its misses hit), 1-3 OFF");
    ccn_free(m);
}

const ut_test_t ccn_tests[] = {
    {"ccn/throttlers", "each node's throttler counts its injections and deliveries", test_throttlers},
    {"ccn/helpers", "response ring, hops walked, parts' configurations, required bins", test_helpers},
    {"ccn/ring_numbers", "hops opposite vs same way; round trip and circuit vs hop time", test_ring_numbers},
    {"ccn/deadlock", "without the bubble a saturated ring deadlocks; with it, it does not", test_deadlock},
    {"ccn/scoreboard", "every miss answered once, right, by its first sharer; saturation too", test_scoreboard},
    {NULL, NULL, NULL},
};
