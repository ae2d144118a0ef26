/*
 * test_ccn_rt.c - the CCN request throttler against CCN [004] Sec. 4.4 and
 * the decisions of docs/blocks/ccn_rt.md, not against the model's code.
 *
 * TEST RATIONALE: the paper's rule on its own numbers (t_S = 1 M, t_P = 10 M
 * instructions, H_min = 5 %): windows of 1,000 injections with 0 %, 4.9 %,
 * 5 % and 30 % hits decide OFF, OFF, ON, ON; the window ends in exactly the
 * cycle whose instructions reach T_S and the epoch in the one that reaches
 * T_P, the excess carried; counts cleared only at the epoch's end; nothing
 * counted while ON or OFF; N_total = 0 decides ON; saturation; reset.  The
 * integer rule against a second formulation (h >= ceil(H t / 100)) for every
 * count up to 400; the configuration rules at their boundaries; and a random
 * run of every preset against a reference written here from the page.
 */
#include <stdlib.h>
#include <string.h>

#include "ccn_rt.h"
#include "ct_rng.h"
#include "ut.h"

UT_DEFINE_MK(ccn_rt)

static ccn_rt_out_t cyc(ccn_rt_t *m, unsigned rst, uint64_t inst, unsigned inj, unsigned hit)
{
    ccn_rt_in_t in = {.rst_i = rst, .inst_i = inst, .inj_i = inj, .hit_i = hit};
    ccn_rt_out_t o;
    ccn_rt_cycle(m, &in, &o);
    return o;
}

/* A window of the paper preset: `tot` injections, `hits` of them hitting,
 * then instructions up to T_S; returns the state after the decision. */
static unsigned paper_window(ccn_rt_t *m, unsigned tot, unsigned hits)
{
    for (unsigned k = 0; k < tot; k++)
        cyc(m, 0, 0, 1, k < hits);
    ccn_rt_out_t o;
    unsigned n = 0;
    do {
        o = cyc(m, 0, 1000, 0, 0);
        n++;
    } while (!o.dec_o && n < 2000);
    CHECK_EQ(n, 1000, "1,000 cycles of 1,000 instructions reach T_S = 1 M (the 1,000th decides)");
    CHECK_EQ(o.ntot_o, tot, "N_total shown before the deciding cycle");
    CHECK_EQ(o.nhit_o, hits, "N_hits shown before the deciding cycle");
    return cyc(m, 0, 0, 0, 0).state_o;
}

static void test_paper_decisions(void)
{
    static const struct {
        unsigned hits;
        unsigned state;
        const char *what;
    } w[] = {{0, CCN_RT_OFF, "0 %"}, {49, CCN_RT_OFF, "4.9 %"}, {50, CCN_RT_ON, "5 %"}, {300, CCN_RT_ON, "30 %"}};
    for (unsigned i = 0; i < 4; i++) {
        ccn_rt_cfg_t c;
        ccn_rt_t *m = mk("paper", &c);
        cyc(m, 1, 0, 0, 0);
        CHECK_EQ(paper_window(m, 1000, w[i].hits), w[i].state, "%s of 1,000 injections", w[i].what);
        ccn_rt_free(m);
    }
}

static void test_boundaries(void)
{
    ccn_rt_cfg_t c;
    ccn_rt_t *m = mk("small", &c); /* T_S 200, T_P 1000, 5 %, up to 7 a cycle */
    ccn_rt_out_t o = cyc(m, 1, 7, 1, 1);
    CHECK_EQ(o.on_o | o.state_o | o.icnt_o | o.ntot_o | o.nhit_o | o.dec_o | o.dec_on_o | o.epoch_o, 0,
             "every output 0 in a reset cycle");
    o = cyc(m, 0, 0, 0, 0);
    CHECK(o.on_o == 1 && o.state_o == CCN_RT_SAMPLE && o.icnt_o == 0, "after reset: sampling, on, 0 instructions");
    for (unsigned k = 0; k < 28; k++) { /* 196 instructions, 2 injections, 1 hit */
        o = cyc(m, 0, 7, k < 2, k == 0);
        CHECK(!o.dec_o, "no decision below T_S (cycle %u)", k);
    }
    o = cyc(m, 0, 3, 0, 0);
    CHECK(o.icnt_o == 196 && !o.dec_o, "196 + 3 = 199 < 200: still sampling");
    o = cyc(m, 0, 1, 1, 0);
    CHECK(o.icnt_o == 199 && o.dec_o == 1, "199 + 1 = 200 = T_S: this cycle decides");
    CHECK(o.dec_on_o == 1 && o.ntot_o == 2, "its injection counted: 1 hit of 3 = 33 %% >= 5 %%: ON");
    o = cyc(m, 0, 0, 1, 1);
    CHECK(o.state_o == CCN_RT_ON && o.ntot_o == 3 && o.nhit_o == 1 && o.on_o, "ON, the window's counts kept");
    o = cyc(m, 0, 0, 0, 0);
    CHECK(o.ntot_o == 3 && o.nhit_o == 1, "ON: an injection and a hit after the window not counted");
    for (unsigned k = 0; k < 114; k++) /* 200 + 798 = 998 */
        o = cyc(m, 0, 7, 0, 0);
    o = cyc(m, 0, 0, 0, 0);
    CHECK(o.icnt_o == 998 && !o.epoch_o, "998 instructions: the epoch goes on");
    o = cyc(m, 0, 5, 0, 0);
    CHECK(o.epoch_o == 1 && !o.dec_o, "998 + 5 >= T_P = 1000: this cycle ends the epoch");
    o = cyc(m, 0, 0, 0, 0);
    CHECK(o.icnt_o == 3 && o.state_o == CCN_RT_SAMPLE && o.ntot_o == 0 && o.nhit_o == 0,
          "a new window: the excess 3 carried, counts cleared");
    /* an empty window: N_total 0 decides ON */
    for (unsigned k = 0; k < 40; k++)
        o = cyc(m, 0, 7, 0, 0);
    CHECK_EQ(cyc(m, 0, 0, 0, 0).state_o, CCN_RT_ON, "no injection in the window: 0 >= 0, ON");
    /* OFF: on_o 0, nothing counted; reset restarts sampling */
    do
        o = cyc(m, 0, 7, 0, 0); /* to the next epoch */
    while (!o.epoch_o);
    for (unsigned k = 0; k < 40; k++)
        o = cyc(m, 0, 5, 1, 0); /* 40 injections, no hit */
    o = cyc(m, 0, 0, 1, 1);
    CHECK(o.state_o == CCN_RT_OFF && o.on_o == 0, "no hit in the window: OFF, injection disabled");
    o = cyc(m, 0, 0, 0, 0);
    CHECK(o.ntot_o == 40 && o.nhit_o == 0, "OFF: an injection and a hit reported, neither counted");
    cyc(m, 1, 0, 0, 0);
    o = cyc(m, 0, 0, 0, 0);
    CHECK(o.state_o == CCN_RT_SAMPLE && o.on_o && o.icnt_o == 0 && o.ntot_o == 0, "reset: a new epoch");
    ccn_rt_free(m);
}

static void test_saturation(void)
{
    ccn_rt_cfg_t c;
    ccn_rt_t *m = mk("tiny", &c); /* CNT_W 4: counts up to 15 */
    cyc(m, 1, 0, 0, 0);
    for (unsigned k = 0; k < 20; k++)
        cyc(m, 0, 0, 1, k < 5);
    ccn_rt_out_t o = cyc(m, 0, 0, 0, 0);
    CHECK(o.ntot_o == 15 && o.nhit_o == 5, "N_total stops at 15 (%llu), N_hits counts on",
          (unsigned long long)o.ntot_o);
    ccn_rt_free(m);
}

/* ccn_rt_decide against h >= ceil(H t / 100), for every count up to 400 and
 * every H of 0..100. */
static void test_decide_rule(void)
{
    for (unsigned h = 0; h <= 100; h++) {
        ccn_rt_cfg_t c = {{.T_S = 16, .T_P = 64, .HMIN_PCT = h, .INST_W = 3, .CNT_W = 9}};
        for (unsigned t = 0; t <= 400; t += 1 + (t > 40) * 6)
            for (unsigned x = 0; x <= t; x++) {
                int want = x >= (h * t + 99) / 100;
                if (ccn_rt_decide(&c, t, x) != want) {
                    CHECK_EQ(ccn_rt_decide(&c, t, x), want, "H=%u %%: %u hits of %u", h, x, t);
                    return;
                }
            }
    }
}

static void test_config_rules(void)
{
    static const struct {
        unsigned ts, tp, instw;
        int rc;
        const char *frag;
    } e[] = {
        {8, 16, 3, 0, ""},                                          /* T_S = 2^INST_W, T_P - T_S = 2^INST_W */
        {7, 16, 3, -1, "T_S=7 is below 2^INST_W = 8"},
        {8, 15, 3, -1, "T_P=15 leaves less than 2^INST_W = 8 instructions after the window T_S=8"},
        {8, 7, 3, -1, "T_P=7 leaves less than"},
        {1000000, 10000000, 10, 0, ""},
        {1023, 5000, 10, -1, "T_S=1023 is below 2^INST_W = 1024"},
    };
    for (unsigned i = 0; i < sizeof e / sizeof e[0]; i++) {
        ccn_rt_cfg_t c = {{.T_S = e[i].ts, .T_P = e[i].tp, .HMIN_PCT = 5, .INST_W = e[i].instw, .CNT_W = 8}};
        char err[CT_ERRLEN] = "";
        int rc = ccn_rt_check(&c, err, sizeof err);
        CHECK(rc == e[i].rc && strstr(err, e[i].frag), "T_S=%u T_P=%u INST_W=%u: %d '%s'", e[i].ts, e[i].tp,
              e[i].instw, rc, err);
    }
}

/* A reference from the page, a few lines; every output every cycle. */
typedef struct {
    uint64_t icnt, tot, hit;
    unsigned st;
} ref_t;

static void random_run(const char *cfgname, unsigned cycles, uint64_t seed)
{
    ccn_rt_cfg_t c;
    ccn_rt_t *m = mk(cfgname, &c);
    ref_t r = {0, 0, 0, 0};
    ct_rng_t g;
    ct_rng_seed(&g, seed);
    uint64_t max = (UINT64_C(1) << c.CNT_W) - 1, imax = (UINT64_C(1) << c.INST_W) - 1;
    unsigned p_inj = 30, p_hit = 5;
    for (unsigned t = 0; t < cycles; t++) {
        unsigned rst = t == 0 || ct_rng_below(&g, 5000) == 0;
        uint64_t inst = ct_rng_below(&g, 3) ? imax - ct_rng_below(&g, imax / 2 + 1) : ct_rng_below(&g, 2);
        unsigned inj = ct_rng_below(&g, 100) < p_inj, hit = ct_rng_below(&g, 100) < p_hit;
        if (!rst && ccn_rt_on(m) != (r.st != 2)) { /* on_o before the inputs: the ring reads it so */
            CHECK(0, "%s cycle %u: ccn_rt_on %d, the reference's state %u", cfgname, t, ccn_rt_on(m), r.st);
            break;
        }
        ccn_rt_out_t o = cyc(m, rst, inst, inj, hit);
        ccn_rt_out_t w;
        memset(&w, 0, sizeof w);
        if (rst) {
            r = (ref_t){0, 0, 0, 0};
        } else {
            uint64_t cur = r.icnt + inst;
            w.on_o = r.st != 2;
            w.state_o = r.st;
            w.icnt_o = r.icnt;
            w.ntot_o = r.tot;
            w.nhit_o = r.hit;
            if (cur >= c.T_P) {
                w.epoch_o = 1;
                r = (ref_t){cur - c.T_P, 0, 0, 0};
            } else {
                if (r.st == 0) {
                    r.tot += inj && r.tot < max;
                    r.hit += hit && r.hit < max;
                    if (cur >= c.T_S) {
                        w.dec_o = 1;
                        w.dec_on_o = r.hit * 100 >= (uint64_t)c.HMIN_PCT * r.tot;
                        r.st = w.dec_on_o ? 1 : 2;
                        p_hit = (unsigned)ct_rng_below(&g, 12); /* the next window's hit chance */
                    }
                }
                r.icnt = cur;
            }
        }
        if (memcmp(&o, &w, sizeof o)) {
            CHECK(0, "%s cycle %u: state %llu/%llu icnt %llu/%llu tot %llu/%llu hit %llu/%llu dec %llu/%llu "
                     "on %llu/%llu epoch %llu/%llu (model/reference)", cfgname, t,
                  (unsigned long long)o.state_o, (unsigned long long)w.state_o, (unsigned long long)o.icnt_o,
                  (unsigned long long)w.icnt_o, (unsigned long long)o.ntot_o, (unsigned long long)w.ntot_o,
                  (unsigned long long)o.nhit_o, (unsigned long long)w.nhit_o, (unsigned long long)o.dec_o,
                  (unsigned long long)w.dec_o, (unsigned long long)o.dec_on_o, (unsigned long long)w.dec_on_o,
                  (unsigned long long)o.epoch_o, (unsigned long long)w.epoch_o);
            break;
        }
    }
    ccn_rt_free(m);
}

static void test_random_vs_reference(void)
{
    random_run("small", 100000, 1);
    random_run("tiny", 100000, 2);
    random_run("edge", 100000, 3);
    random_run("paper", 100000, 4);
    random_run("small,HMIN_PCT=0", 30000, 5);
    random_run("small,HMIN_PCT=100,CNT_W=3", 30000, 6);
}

static void test_inventory(void)
{
    uint32_t cfg[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    ct_config_parse(&ccn_rt_block, "paper", cfg, err, sizeof err);
    ct_storage_t s[CT_MAX_STORAGE];
    unsigned n = ccn_rt_block.storage(cfg, s);
    uint64_t bits = 0;
    for (unsigned i = 0; i < n; i++)
        bits += s[i].entries * s[i].bits;
    CHECK_EQ(bits, 24 + 14 + 14 + 2, "paper: icnt 24 bits (10 M < 2^24), two 14-bit counts, 2 state bits");
    CHECK_EQ(ccn_rt_block.copies, 15, "one per SM");
}

const ut_test_t ccn_rt_tests[] = {
    {"ccn_rt/paper_decisions", "Sec. 4.4 on Table II(b): 0 / 4.9 % OFF, 5 / 30 % ON", test_paper_decisions},
    {"ccn_rt/boundaries", "window and epoch end exactly at T_S and T_P; nothing counted after", test_boundaries},
    {"ccn_rt/saturation", "N_total stops at 2^CNT_W - 1", test_saturation},
    {"ccn_rt/decide_rule", "100 h >= H t, exact, vs h >= ceil(H t / 100)", test_decide_rule},
    {"ccn_rt/config_rules", "T_S >= 2^INST_W, T_P - T_S >= 2^INST_W", test_config_rules},
    {"ccn_rt/random_vs_reference", "every output every cycle vs the page's rules, and ccn_rt_on before the inputs", test_random_vs_reference},
    {"ccn_rt/inventory", "storage as built, 15 per chip", test_inventory},
    {NULL, NULL, NULL},
};
