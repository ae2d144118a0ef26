/*
 * test_loscache_pwr.c - the LoSCache line-power unit against LoSCache [000]
 * Sec. IV-B/IV-C as the paper states them, not against its code.
 *
 * TEST RATIONALE: the unit's promise is the paper's story: every line OFF at
 * start, woken by its fill, OFF right after the access the prediction calls
 * the last, the next access to that tag is an early-gating detection that
 * raises T and refills, a P = 1 fill allocates nothing.  A directed run walks
 * the story; then random traffic is checked against a shadow power state
 * kept here from those rules alone (OFF after gate_o; ON after a fill or an
 * early gating that is not bypassed): the unit's mode_o and n_off_o must
 * follow it, and a powered-off line must never hit.
 */
#include <stdlib.h>

#include "ct_rng.h"
#include "loscache_pwr.h"
#include "ut.h"

enum { NOP = 0, FILL = 1, HIT = 2, EVICT = 3 };
enum { ACT = SLEEP_FSM_ACTIVE, OFF = SLEEP_FSM_OFF };

static loscache_pwr_t *mk(unsigned lines, unsigned cnt_w, unsigned thr_w)
{
    loscache_pwr_cfg_t c = {{lines, cnt_w, thr_w}};
    char err[CT_ERRLEN];
    loscache_pwr_t *m = loscache_pwr_new(&c, err, sizeof err);
    if (!m) {
        printf("cannot create model: %s\n", err);
        exit(2);
    }
    return m;
}

static loscache_pwr_out_t cyc(loscache_pwr_t *m, unsigned rst, unsigned op,
                              unsigned line, unsigned p, unsigned t)
{
    loscache_pwr_in_t in = {{rst, op, line, p, t}};
    loscache_pwr_out_t o;
    loscache_pwr_cycle(m, &in, &o);
    return o;
}

static void test_story(void)
{
    loscache_pwr_t *m = mk(16, 6, 2);
    loscache_pwr_out_t o = cyc(m, 1, NOP, 0, 0, 0);
    o = cyc(m, 0, NOP, 4, 0, 0);
    CHECK_EQ(o.n_off_o, 16, "all lines OFF at start");
    CHECK_EQ(o.mode_o, OFF, "line 4 OFF");
    o = cyc(m, 0, FILL, 4, 3, 0);
    CHECK_EQ(o.count_o, 1, "fill: access 1");
    o = cyc(m, 0, HIT, 4, 3, 0);
    CHECK_EQ(o.mode_o, ACT, "woken by the fill");
    CHECK_EQ(o.hit_o, 1, "hit");
    o = cyc(m, 0, HIT, 4, 3, 0);
    CHECK_EQ(o.gate_o, 1, "access 3 = P: the predicted last");
    CHECK_EQ(o.hit_o, 1, "the last access is served");
    o = cyc(m, 0, NOP, 4, 0, 0);
    CHECK_EQ(o.mode_o, OFF, "OFF right after it");
    CHECK_EQ(o.n_off_o, 16, "back to 16 OFF lines");
    o = cyc(m, 0, HIT, 4, 3, 0);
    CHECK_EQ(o.early_o, 1, "next access to the tag: early gating");
    CHECK_EQ(o.hit_o, 0, "not a hit: the data was lost");
    CHECK_EQ(o.thr_o, 1, "T raised to 1");
    CHECK_EQ(o.count_o, 1, "refilled: count 1");
    o = cyc(m, 0, NOP, 4, 0, 0);
    CHECK_EQ(o.mode_o, ACT, "the refill woke the line");
    cyc(m, 0, HIT, 4, 3, 1);
    cyc(m, 0, HIT, 4, 3, 1);
    o = cyc(m, 0, HIT, 4, 3, 1);
    CHECK_EQ(o.gate_o, 1, "gating at P+T = 4 now");
    CHECK_EQ(cyc(m, 0, NOP, 4, 0, 0).mode_o, OFF, "OFF again");
    o = cyc(m, 0, FILL, 5, 1, 0);
    CHECK_EQ(o.bypass_o, 1, "P=1: bypass");
    CHECK_EQ(cyc(m, 0, NOP, 5, 0, 0).mode_o, OFF, "a bypassed fill leaves the line OFF");
    loscache_pwr_free(m);
}

static void test_random_against_shadow(void)
{
    for (unsigned cfg = 0; cfg < 2; cfg++) {
        const unsigned N = cfg ? 5 : 16, CW = cfg ? 3 : 6, TW = cfg ? 1 : 2;
        loscache_pwr_t *m = mk(N, CW, TW);
        ct_rng_t r;
        ct_rng_seed(&r, 11 + cfg);
        int off[16];
        unsigned gated = 0, early = 0;
        cyc(m, 1, NOP, 0, 0, 0);
        for (unsigned l = 0; l < N; l++)
            off[l] = 1;
        for (unsigned t = 0; t < 100000; t++) {
            unsigned op = (unsigned)ct_rng_below(&r, 4), l = (unsigned)ct_rng_below(&r, N);
            unsigned p = (unsigned)ct_rng_below(&r, 5), th = (unsigned)ct_rng_below(&r, 1u << TW);
            loscache_pwr_out_t o = cyc(m, 0, op, l, p, th);
            unsigned noff = 0;
            for (unsigned i = 0; i < N; i++)
                noff += off[i];
            CHECK_EQ(o.n_off_o, noff, "cycle %u: lines OFF", t);
            CHECK_EQ(o.mode_o, off[l] ? OFF : ACT, "cycle %u: line %u mode", t, l);
            CHECK_EQ(o.early_o, op == HIT && off[l], "cycle %u: early gating = HIT on an OFF line", t);
            CHECK(!(o.hit_o && off[l]), "cycle %u: an OFF line hit", t);
            if (o.gate_o)
                off[l] = 1, gated++;
            else if ((op == FILL || o.early_o) && !o.bypass_o)
                off[l] = 0;
            early += (unsigned)o.early_o;
            if (ut_failed_checks > 20)
                break;
        }
        CHECK(gated > 1000 && early > 1000, "traffic gated %u, early %u", gated, early);
        loscache_pwr_free(m);
    }
}

static void test_storage_is_the_parts(void)
{
    loscache_pwr_cfg_t c = {{6144, 6, 2}};
    ct_storage_t st[CT_MAX_STORAGE];
    unsigned n = loscache_pwr_block.storage(c.v, st);
    uint64_t paper = 0;
    for (unsigned i = 0; i < n; i++)
        if (!st[i].instrumentation)
            paper += st[i].entries * st[i].bits;
    CHECK_EQ(paper, 6144 * 6 + 6144 * 1, "6-bit count + 1 sleep-transistor bit per L2 line");
}

/* The power unit's configuration is its parts': the counters take up to
 * 2^20 lines, the FSM up to 2^16, so 65,537 lines are refused by the FSM
 * part (-1, its range named) and 65,536 accepted; a counters-only fault
 * (CNT_W = 1) is refused by _check itself; loscache_pwr_parts hands each
 * field on (LoSCache gating for the FSM). */
static void test_parts_validated(void)
{
    loscache_pwr_cfg_t c = {{.NUM_LINES = 65536, .CNT_W = 5, .THR_W = 3}};
    loscache_ctr_cfg_t cc;
    sleep_fsm_cfg_t fc;
    loscache_pwr_parts(&c, &cc, &fc);
    CHECK(cc.NUM_LINES == 65536 && cc.CNT_W == 5 && cc.THR_W == 3, "counters part: every field its own");
    CHECK(fc.NUM_LINES == 65536 && fc.POLICY == SLEEP_FSM_LOSCACHE, "FSM part: the lines, LoSCache gating");
    char err[CT_ERRLEN] = "";
    CHECK_EQ(loscache_pwr_validate(&c, err, sizeof err), 0, "65,536 lines: %s", err);
    c.NUM_LINES = 65537; /* valid for the counters, not for the FSM */
    err[0] = 0;
    CHECK(loscache_pwr_validate(&c, err, sizeof err) == -1 && strstr(err, "NUM_LINES=65537 out of range [1, 65536]"),
          "65,537 lines refused by the FSM part: '%s'", err);
    loscache_pwr_t *m = loscache_pwr_new(&c, err, sizeof err);
    CHECK(m == NULL, "loscache_pwr_new refuses it too");
    loscache_pwr_free(m);
    c.NUM_LINES = 16;
    c.CNT_W = 1; /* invalid for the counters alone */
    err[0] = 0;
    CHECK(loscache_pwr_check(&c, err, sizeof err) == -1 && strstr(err, "CNT_W=1"), "counters part invalid: '%s'",
          err);
}

const ut_test_t loscache_pwr_tests[] = {
    {"loscache_pwr/story", "start OFF, wake on fill, OFF after the last access, early gating", test_story},
    {"loscache_pwr/random_vs_shadow", "power state follows gate/fill/early/bypass; OFF never hits", test_random_against_shadow},
    {"loscache_pwr/storage", "area = the parts' inventories", test_storage_is_the_parts},
    {"loscache_pwr/parts_validated", "each part's configuration checked on its own", test_parts_validated},
    {NULL, NULL, NULL},
};
