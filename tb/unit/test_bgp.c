/*
 * test_bgp.c - the bi-modal granularity predictor against LAMAR [003] Sec. 3.4
 * and LAMAR [003] Sec. 3.4 / Fig. 7, and the decisions in docs/blocks/bgp.md.
 *
 * TEST RATIONALE: each rule of Fig. 7 is driven directly: which evictions
 * are inserted for each default and each used-sector count; a miss on an
 * inserted block predicts the opposite of the default, on another block the
 * default; the default rotates exactly when a window of WIN evictions has
 * more than SKEW_thres * WIN insertions - just below and just above 0.7 over
 * 1,000 evictions in the paper configuration - and rotation flushes the
 * filter.  The integer threshold is checked against the fraction compare it
 * replaces for every window size up to 300 and every percentage.
 */
#include <stdlib.h>
#include <string.h>

#include "bgp.h"
#include "ut.h"

static bgp_t *mk(const char *preset_values)
{
    uint32_t v[CT_MAX_PARAMS]; /* ct_config_parse fills CT_MAX_PARAMS */
    char err[CT_ERRLEN];
    if (ct_config_parse(&bgp_block, preset_values, v, err, sizeof err)) {
        printf("bad config: %s\n", err);
        exit(2);
    }
    bgp_cfg_t c;
    memcpy(c.v, v, sizeof c.v);
    bgp_t *m = bgp_new(&c, err, sizeof err);
    if (!m) {
        printf("cannot create model: %s\n", err);
        exit(2);
    }
    return m;
}

static bgp_out_t cyc(bgp_t *m, unsigned rst, unsigned ev, uint64_t ea, unsigned used, uint64_t ma)
{
    bgp_in_t in = {{rst, ev, ea, used, ma}};
    bgp_out_t o;
    bgp_cycle(m, &in, &o);
    return o;
}

static const unsigned used_n[5] = {0x0, 0x8, 0x9, 0xe, 0xf}; /* 0..4 sectors */

static void test_insertion_policy(void)
{
    bgp_t *m = mk("paper");
    cyc(m, 1, 0, 0, 0, 0);
    for (unsigned n = 0; n <= 4; n++) {
        bgp_out_t o = cyc(m, 0, 1, 100 + n, used_n[n], 0);
        CHECK_EQ(o.def_o, 1, "default CG after reset");
        CHECK_EQ(o.low_o, n < 2, "%u used sectors: low locality below TH_FG = 2", n);
        CHECK_EQ(o.ins_o, n < 2, "default CG inserts low-locality evictions (%u sectors)", n);
    }
    bgp_out_t o = cyc(m, 0, 0, 0, 0, 0);
    CHECK_EQ(o.nev_o, 5, "5 evictions counted");
    CHECK_EQ(o.nins_o, 2, "2 insertions counted");
    /* TH_FG is a parameter */
    bgp_t *t = mk("paper,TH_FG=3");
    cyc(t, 1, 0, 0, 0, 0);
    CHECK_EQ(cyc(t, 0, 1, 1, used_n[2], 0).ins_o, 1, "TH_FG 3: 2 sectors is low");
    CHECK_EQ(cyc(t, 0, 1, 1, used_n[3], 0).ins_o, 0, "TH_FG 3: 3 sectors is high");
    bgp_free(t);
    bgp_free(m);
}

static void test_prediction_inversion(void)
{
    bgp_t *m = mk("paper");
    cyc(m, 1, 0, 0, 0, 0);
    cyc(m, 0, 1, 0xabcde, used_n[0], 0); /* low: inserted under CG */
    cyc(m, 0, 1, 0x12345, used_n[4], 0); /* high: not inserted */
    bgp_out_t o = cyc(m, 0, 0, 0, 0, 0xabcde);
    CHECK_EQ(o.fhit_o, 1, "the inserted block is in the filter");
    CHECK_EQ(o.pred_o, 0, "hit: the opposite of the default CG, FG");
    o = cyc(m, 0, 0, 0, 0, 0x12345);
    CHECK_EQ(o.fhit_o, 0, "the high-locality block is not");
    CHECK_EQ(o.pred_o, 1, "miss: the default, CG");
    bgp_free(m);
}

/* One window of the paper configuration with `ins` low-locality evictions
 * (inserted under CG) out of 1,000; returns rot_o of its last eviction. */
static unsigned window(bgp_t *m, unsigned ins, unsigned *rot_before)
{
    unsigned rot = 0;
    *rot_before = 0;
    for (unsigned e = 0; e < 1000; e++) {
        bgp_out_t o = cyc(m, 0, 1, 7919u * e + 13, e < ins ? used_n[1] : used_n[3], 0);
        if (e < 999)
            *rot_before |= (unsigned)o.rot_o;
        else
            rot = (unsigned)o.rot_o;
    }
    return rot;
}

static void test_rotation_threshold(void)
{
    bgp_t *m = mk("paper");
    cyc(m, 1, 0, 0, 0, 0);
    unsigned before;
    CHECK_EQ(window(m, 700, &before), 0, "700/1000 = 0.7: not above SKEW_thres, no rotation");
    CHECK_EQ(before, 0, "no rotation inside a window");
    bgp_out_t o = cyc(m, 0, 0, 0, 0, 0);
    CHECK_EQ(o.def_o, 1, "default still CG");
    CHECK_EQ(o.nev_o, 0, "window restarted");
    CHECK(o.fill0_o > 0, "filter kept");
    CHECK_EQ(window(m, 701, &before), 1, "701/1000 > 0.7: rotation at the 1000th eviction");
    CHECK_EQ(before, 0, "and not before it");
    o = cyc(m, 0, 0, 0, 0, 0);
    CHECK_EQ(o.def_o, 0, "default rotated to FG");
    CHECK_EQ(o.fill0_o + o.fill1_o, 0, "filter flushed by the rotation");
    CHECK_EQ(o.nev_o + o.nins_o, 0, "counters restarted");
    /* under FG the high-locality evictions are the inserted ones */
    o = cyc(m, 0, 1, 42, used_n[3], 0);
    CHECK_EQ(o.ins_o, 1, "FG inserts high-locality evictions");
    o = cyc(m, 0, 1, 43, used_n[0], 42);
    CHECK_EQ(o.ins_o, 0, "FG does not insert low ones");
    CHECK_EQ(o.pred_o, 1, "hit under FG predicts CG");
    /* 701 high-locality evictions (42 and 2..701) rotate back */
    unsigned rot = 0;
    for (unsigned e = 2; e < 1000; e++)
        rot |= (unsigned)cyc(m, 0, 1, 9000u + e, e < 702 ? used_n[4] : used_n[0], 0).rot_o;
    CHECK_EQ(rot, 1, "rotation back to CG");
    CHECK_EQ(cyc(m, 0, 0, 0, 0, 0).def_o, 1, "default CG again");
    bgp_free(m);
}

static void test_integer_threshold(void)
{
    for (uint32_t win = 2; win <= 300; win++)
        for (uint32_t pct = 1; pct <= 99; pct++) {
            bgp_cfg_t c = {{11, 6, 512, 25, 2, win, pct}};
            uint32_t thr = bgp_rot_threshold(&c);
            for (uint32_t ins = 0; ins <= win; ins++) /* ins/win > pct/100, exactly */
                CHECK_EQ(ins > thr, 100 * ins > pct * win, "WIN %u PCT %u: %u insertions", win,
                         pct, ins);
            if (ut_failed_checks > 10)
                return;
        }
}

/* The predictor's filter part: bgp_filter_cfg hands the filter its fields,
 * bgp_check refuses an invalid filter (-1, the field named). */
static void test_filter_part(void)
{
    bgp_cfg_t c = {{.M_W = 7, .K = 4, .N = 32, .ADDR_W = 16, .TH_FG = 2, .WIN = 40, .SKEW_PCT = 70}};
    bloom_dual_cfg_t f;
    bgp_filter_cfg(&c, &f);
    CHECK(f.M_W == 7 && f.K == 4 && f.N == 32 && f.ADDR_W == 16, "filter part: every field its own");
    char err[CT_ERRLEN] = "";
    CHECK_EQ(bgp_check(&c, err, sizeof err), 0, "valid: %s", err);
    c.N = 33;
    err[0] = 0;
    CHECK(bgp_check(&c, err, sizeof err) == -1 && strstr(err, "N=33 is odd"), "odd N: '%s'", err);
    c.N = 32;
    c.M_W = 3;
    err[0] = 0;
    CHECK(bgp_check(&c, err, sizeof err) == -1 && strstr(err, "M_W=3 out of range"), "M_W=3: '%s'", err);
}

const ut_test_t bgp_tests[] = {
    {"bgp/insertion_policy", "insert evictions whose locality opposes the default", test_insertion_policy},
    {"bgp/prediction_inversion", "a filter hit predicts the opposite of the default", test_prediction_inversion},
    {"bgp/rotation_threshold", "rotate above 0.7 over 1,000 evictions, not at it; flush", test_rotation_threshold},
    {"bgp/integer_threshold", "insertions > floor(PCT*WIN/100) == fraction > PCT %", test_integer_threshold},
    {"bgp/filter_part", "the filter's configuration checked as the filter's", test_filter_part},
    {NULL, NULL, NULL},
};
