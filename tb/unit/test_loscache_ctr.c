/*
 * test_loscache_ctr.c - the LoSCache access counters against properties
 * taken from the spec (LoSCache [000] Sec. IV-B/IV-C) and the
 * decisions in docs/blocks/loscache_ctr.md, not from the model's code.
 *
 * TEST RATIONALE: the per-line state is one saturating count, so the state
 * space of a line is small.  Directed tests pin each rule the spec names
 * (reset values, fill counts as access 1, increment, saturation at 63,
 * compare at P + T, P = 1 bypass, P + T past the counter range, early
 * gating and T saturation at 3, eviction, out-of-range lines, reset in
 * mid-run, input masking).  An exhaustive sweep then checks every
 * (count, op, off, P, T) of the tiny configuration against spec_oracle(), a
 * literal transcription of the rules written separately from the model.
 * The API contract (eval has no side effect; cycle = eval + step;
 * run = n cycles; instances independent; bad configs refused) closes it.
 */
#include <stdlib.h>
#include <string.h>

#include "loscache_ctr.h"
#include "ut.h"

enum { NOP = 0, FILL = 1, HIT = 2, EVICT = 3 };

static loscache_ctr_t *mk(unsigned lines, unsigned cnt_w, unsigned thr_w)
{
    loscache_ctr_cfg_t c = {{lines, cnt_w, thr_w}};
    char err[CT_ERRLEN];
    loscache_ctr_t *m = loscache_ctr_new(&c, err, sizeof err);
    if (!m) {
        printf("cannot create model: %s\n", err);
        exit(2);
    }
    return m;
}

static loscache_ctr_t *paper(void) { return mk(6144, 6, 2); }

static loscache_ctr_out_t cyc(loscache_ctr_t *m, unsigned rst, unsigned op,
                              unsigned line, unsigned off, unsigned p,
                              unsigned t)
{
    loscache_ctr_in_t in = {{rst, op, line, off, p, t}};
    loscache_ctr_out_t o;
    loscache_ctr_cycle(m, &in, &o);
    return o;
}

#define ACC(m, op, line, off, p, t) cyc(m, 0, op, line, off, p, t)

static void reset(loscache_ctr_t *m) { cyc(m, 1, NOP, 0, 0, 0, 0); }

static void test_reset_values(void)
{
    loscache_ctr_t *m = paper();
    /* dirty some lines, then reset: every count reads 0 */
    for (unsigned l = 0; l < 6144; l += 97)
        ACC(m, FILL, l, 0, 0, 0);
    loscache_ctr_out_t o = cyc(m, 1, HIT, 5, 1, 3, 2);
    CHECK_EQ(o.count_o | o.gate_o | o.bypass_o | o.early_o | o.thr_o, 0,
             "every output 0 while rst_i is high");
    for (unsigned l = 0; l < 6144; l++)
        CHECK_EQ(loscache_ctr_count(m, l), 0, "line %u after reset", l);
    o = ACC(m, NOP, 97, 0, 0, 0);
    CHECK_EQ(o.count_o, 0, "NOP shows the line's count");
    loscache_ctr_free(m);
}

static void test_fill_counts_as_first_access(void)
{
    loscache_ctr_t *m = paper();
    reset(m);
    loscache_ctr_out_t o = ACC(m, FILL, 7, 0, 0, 0);
    CHECK_EQ(o.count_o, 1, "a fill is the data's first L2 access");
    for (unsigned i = 2; i <= 10; i++) {
        o = ACC(m, HIT, 7, 0, 0, 0);
        CHECK_EQ(o.count_o, i, "hit %u increments", i - 1);
    }
    o = ACC(m, FILL, 7, 0, 0, 0);
    CHECK_EQ(o.count_o, 1, "new data in the line: count restarts at 1");
    o = ACC(m, EVICT, 7, 0, 0, 0);
    CHECK_EQ(o.count_o, 0, "eviction without refill resets to 0");
    CHECK_EQ(loscache_ctr_count(m, 7), 0, "stored count after evict");
    loscache_ctr_free(m);
}

static void test_saturation(void)
{
    static const unsigned widths[] = {6, 3, 2};
    for (unsigned wi = 0; wi < 3; wi++) {
        unsigned w = widths[wi], max = (1u << w) - 1;
        loscache_ctr_t *m = mk(4, w, 2);
        reset(m);
        ACC(m, FILL, 2, 0, 0, 0);
        loscache_ctr_out_t o;
        for (unsigned i = 2; i <= max + 5; i++) {
            o = ACC(m, HIT, 2, 0, 0, 0);
            CHECK_EQ(o.count_o, i < max ? i : max, "CNT_W=%u access %u", w, i);
        }
        CHECK_EQ(loscache_ctr_count(m, 2), max, "CNT_W=%u saturates at %u", w,
                 max);
        loscache_ctr_free(m);
    }
}

/* Gate exactly on access number P + T (the fill is access 1), never before. */
static void test_compare_at_p_plus_t(void)
{
    loscache_ctr_t *m = paper();
    for (unsigned p = 1; p <= 20; p++) {
        for (unsigned t = 0; t <= 3; t++) {
            reset(m);
            unsigned lim = p + t;
            loscache_ctr_out_t o = ACC(m, FILL, 100, 0, p, t);
            if (lim == 1) {
                CHECK_EQ(o.bypass_o, 1, "P=%u T=%u bypasses", p, t);
                continue;
            }
            CHECK_EQ(o.bypass_o | o.gate_o, 0, "P=%u T=%u fill", p, t);
            for (unsigned acc = 2; acc <= lim + 2; acc++) {
                o = ACC(m, HIT, 100, 0, p, t);
                CHECK_EQ(o.gate_o, acc >= lim, "P=%u T=%u access %u", p, t, acc);
            }
        }
    }
    loscache_ctr_free(m);
}

static void test_bypass_p1(void)
{
    loscache_ctr_t *m = paper();
    reset(m);
    ACC(m, FILL, 3, 0, 0, 0);
    ACC(m, HIT, 3, 0, 0, 0); /* count 2 */
    loscache_ctr_out_t o = ACC(m, FILL, 3, 0, 1, 0);
    CHECK_EQ(o.bypass_o, 1, "P=1: not allocated");
    CHECK_EQ(o.count_o, 2, "bypass leaves the line's count alone");
    CHECK_EQ(loscache_ctr_count(m, 3), 2, "stored count after bypass");
    CHECK_EQ(o.gate_o | o.early_o, 0, "bypass is neither gate nor early");
    o = ACC(m, FILL, 3, 0, 1, 1);
    CHECK_EQ(o.bypass_o, 0, "P=1 with T=1 predicts 2 accesses: allocate");
    CHECK_EQ(o.count_o, 1, "allocated");
    o = ACC(m, FILL, 3, 0, 0, 0);
    CHECK_EQ(o.bypass_o, 0, "P=0 (no prediction) never bypasses");
    o = ACC(m, HIT, 3, 0, 1, 0);
    CHECK_EQ(o.bypass_o, 0, "bypass only on a fill");
    CHECK_EQ(o.gate_o, 1, "a hit with P=1 is past the limit: gate");
    loscache_ctr_free(m);
}

static void test_no_prediction_never_gates(void)
{
    loscache_ctr_t *m = paper();
    reset(m);
    ACC(m, FILL, 9, 0, 0, 3);
    for (unsigned i = 0; i < 100; i++) {
        loscache_ctr_out_t o = ACC(m, HIT, 9, 0, 0, i & 3);
        CHECK_EQ(o.gate_o, 0, "P=0 hit %u", i);
    }
    loscache_ctr_free(m);
}

static void test_limit_past_counter_range(void)
{
    loscache_ctr_t *m = paper();
    reset(m);
    ACC(m, FILL, 11, 0, 63, 0);
    loscache_ctr_out_t o;
    for (unsigned acc = 2; acc <= 100; acc++) {
        o = ACC(m, HIT, 11, 0, 63, 1);
        CHECK_EQ(o.gate_o, 0, "P+T=64 > 63 never reached (access %u)", acc);
        o = ACC(m, HIT, 11, 0, 62, 3);
        CHECK_EQ(o.gate_o, 0, "P+T=65 never reached (access %u)", acc);
    }
    o = ACC(m, HIT, 11, 0, 63, 0);
    CHECK_EQ(o.gate_o, 1, "P+T=63 reached by the saturated count");
    o = ACC(m, HIT, 11, 0, 60, 3);
    CHECK_EQ(o.gate_o, 1, "P+T=63 again");
    loscache_ctr_free(m);
}

static void test_early_gating(void)
{
    loscache_ctr_t *m = paper();
    reset(m);
    ACC(m, FILL, 20, 0, 3, 0);
    ACC(m, HIT, 20, 0, 3, 0);
    loscache_ctr_out_t o = ACC(m, HIT, 20, 0, 3, 0);
    CHECK_EQ(o.gate_o, 1, "third access with P=3 is the last");
    o = ACC(m, HIT, 20, 1, 3, 0); /* the line is now gated: tag still matches */
    CHECK_EQ(o.early_o, 1, "hit on a gated line is early gating");
    CHECK_EQ(o.thr_o, 1, "threshold raised by one");
    CHECK_EQ(o.gate_o, 0, "no gate on the refill");
    CHECK_EQ(o.count_o, 1, "early gating refills: count 1");
    for (unsigned t = 0; t <= 3; t++) {
        o = ACC(m, HIT, 20, 1, 5, t);
        CHECK_EQ(o.thr_o, t < 3 ? t + 1 : 3, "T=%u saturates at 3", t);
    }
    o = ACC(m, FILL, 20, 1, 5, 2);
    CHECK_EQ(o.early_o, 0, "a fill on a gated line is no misprediction");
    CHECK_EQ(o.thr_o, 2, "T passes through");
    o = ACC(m, HIT, 20, 1, 1, 0);
    CHECK_EQ(o.early_o, 1, "early gating with P+T=1 ...");
    CHECK_EQ(o.bypass_o, 1, "... refills as a bypass");
    loscache_ctr_t *t1 = mk(4, 3, 1);
    reset(t1);
    o = ACC(t1, HIT, 0, 1, 2, 1);
    CHECK_EQ(o.thr_o, 1, "THR_W=1 saturates at 1");
    loscache_ctr_free(t1);
    loscache_ctr_free(m);
}

static void test_out_of_range_lines(void)
{
    loscache_ctr_t *m = mk(5, 3, 1);
    reset(m);
    for (unsigned l = 0; l < 5; l++)
        ACC(m, FILL, l, 0, 0, 0);
    for (unsigned l = 5; l < 8; l++) {
        for (unsigned op = 0; op < 4; op++) {
            loscache_ctr_out_t o = ACC(m, op, l, 1, 1, 1);
            CHECK_EQ(o.count_o | o.gate_o | o.bypass_o | o.early_o | o.thr_o, 0,
                     "line %u >= NUM_LINES op %u: outputs 0", l, op);
        }
    }
    for (unsigned l = 0; l < 5; l++)
        CHECK_EQ(loscache_ctr_count(m, l), 1, "line %u untouched", l);
    loscache_ctr_free(m);
}

static void test_input_masking(void)
{
    loscache_ctr_t *m = mk(16, 6, 2);
    reset(m);
    /* bits above each port's width are undefined and must not matter */
    loscache_ctr_in_t in = {{~UINT64_C(1), 0x5, 0x30 | 3, 0x2, 0x40 | 4, 0x4}};
    loscache_ctr_out_t o;
    loscache_ctr_cycle(m, &in, &o); /* rst 0, FILL line 3, off 0, P 4, T 0 */
    CHECK_EQ(o.count_o, 1, "masked FILL");
    CHECK_EQ(loscache_ctr_count(m, 3), 1, "line 3 written");
    in.op_i = 0x6; /* HIT */
    in.off_i = 0x3; /* off = 1 */
    loscache_ctr_cycle(m, &in, &o);
    CHECK_EQ(o.early_o, 1, "masked early gating");
    loscache_ctr_free(m);
}

/* Literal transcription of the spec rules (docs/blocks/loscache_ctr.md). */
typedef struct {
    unsigned count, gate, bypass, early, thr, next;
} oracle_t;

static oracle_t spec_oracle(unsigned cur, unsigned op, unsigned off,
                            unsigned p, unsigned t, unsigned cnt_w,
                            unsigned thr_w)
{
    unsigned max = (1u << cnt_w) - 1, tmax = (1u << thr_w) - 1;
    oracle_t r = {0, 0, 0, 0, t, cur};
    int refill = 0;
    if (op == HIT && off) {
        r.early = 1;
        r.thr = t == tmax ? t : t + 1;
        refill = 1;
    }
    if (op == FILL)
        refill = 1;
    if (refill) {
        if (p != 0 && p + t == 1)
            r.bypass = 1;
        else
            r.next = 1;
    } else if (op == HIT) {
        r.next = cur == max ? max : cur + 1;
        if (p != 0 && r.next >= p + t)
            r.gate = 1;
    } else if (op == EVICT) {
        r.next = 0;
    }
    r.count = r.next;
    return r;
}

static void test_exhaustive_tiny(void)
{
    const unsigned cw = 3, tw = 2;
    loscache_ctr_t *m = mk(5, cw, tw);
    unsigned n = 0;
    for (unsigned cur = 0; cur < 8; cur++)
        for (unsigned op = 0; op < 4; op++)
            for (unsigned off = 0; off < 2; off++)
                for (unsigned p = 0; p < 8; p++)
                    for (unsigned t = 0; t < 4; t++) {
                        reset(m);
                        if (cur) {
                            ACC(m, FILL, 4, 0, 0, 0);
                            for (unsigned i = 1; i < cur; i++)
                                ACC(m, HIT, 4, 0, 0, 0);
                        }
                        CHECK_EQ(loscache_ctr_count(m, 4), cur, "setup");
                        loscache_ctr_out_t o = ACC(m, op, 4, off, p, t);
                        oracle_t e = spec_oracle(cur, op, off, p, t, cw, tw);
                        const char *f = "cur=%u op=%u off=%u P=%u T=%u";
                        CHECK_EQ(o.count_o, e.count, f, cur, op, off, p, t);
                        CHECK_EQ(o.gate_o, e.gate, f, cur, op, off, p, t);
                        CHECK_EQ(o.bypass_o, e.bypass, f, cur, op, off, p, t);
                        CHECK_EQ(o.early_o, e.early, f, cur, op, off, p, t);
                        CHECK_EQ(o.thr_o, e.thr, f, cur, op, off, p, t);
                        CHECK_EQ(loscache_ctr_count(m, 4), e.next, f, cur, op,
                                 off, p, t);
                        n++;
                    }
    CHECK_EQ(n, 8 * 4 * 2 * 8 * 4, "sweep size");
    loscache_ctr_free(m);
}

static void test_api_contract(void)
{
    loscache_ctr_cfg_t c = {{16, 6, 2}};
    char err[CT_ERRLEN];
    loscache_ctr_t *a = loscache_ctr_new(&c, err, sizeof err);
    loscache_ctr_t *b = loscache_ctr_new(&c, err, sizeof err);
    loscache_ctr_t *r = loscache_ctr_new(&c, err, sizeof err);
    loscache_ctr_stim_t *s = loscache_ctr_stim_new(&c, 42);
    enum { N = 3000 };
    static loscache_ctr_in_t in[N];
    static loscache_ctr_out_t out_run[N];
    for (unsigned i = 0; i < N; i++) {
        const char *note;
        loscache_ctr_stim_next(s, &in[i], &note);
    }
    loscache_ctr_run(r, in, out_run, N);
    for (unsigned i = 0; i < N; i++) {
        loscache_ctr_out_t e1, e2, oc;
        loscache_ctr_eval(a, &in[i], &e1);
        loscache_ctr_eval(a, &in[i], &e2);
        CHECK(memcmp(&e1, &e2, sizeof e1) == 0, "eval has no side effect (%u)", i);
        loscache_ctr_step(a, &in[i]);
        loscache_ctr_cycle(b, &in[i], &oc);
        CHECK(memcmp(&e1, &oc, sizeof e1) == 0, "cycle = eval + step (%u)", i);
        CHECK(memcmp(&oc, &out_run[i], sizeof oc) == 0, "run = cycles (%u)", i);
    }
    for (unsigned l = 0; l < 16; l++) {
        CHECK_EQ(loscache_ctr_count(a, l), loscache_ctr_count(b, l), "line %u", l);
        CHECK_EQ(loscache_ctr_count(r, l), loscache_ctr_count(b, l), "line %u", l);
    }
    /* instances are independent */
    reset(a);
    reset(b);
    ACC(a, FILL, 1, 0, 0, 0);
    CHECK_EQ(loscache_ctr_count(b, 1), 0, "b untouched by a");
    loscache_ctr_stim_free(s);
    loscache_ctr_free(a);
    loscache_ctr_free(b);
    loscache_ctr_free(r);
}

static void test_bad_config(void)
{
    static const struct {
        uint32_t lines, cw, tw;
        const char *field;
    } bad[] = {{0, 6, 2, "NUM_LINES"}, {(1u << 20) + 1, 6, 2, "NUM_LINES"},
               {16, 1, 2, "CNT_W"},     {16, 17, 2, "CNT_W"},
               {16, 6, 0, "THR_W"},     {16, 6, 9, "THR_W"}};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        loscache_ctr_cfg_t c = {{bad[i].lines, bad[i].cw, bad[i].tw}};
        char err[CT_ERRLEN] = "";
        loscache_ctr_t *m = loscache_ctr_new(&c, err, sizeof err);
        CHECK(m == NULL, "config %u refused", i);
        CHECK(strstr(err, bad[i].field) != NULL, "message '%s' names %s", err,
              bad[i].field);
        loscache_ctr_free(m);
    }
    uint32_t cfg[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    CHECK(ct_config_parse(&loscache_ctr_block, "small,NUM_LINES=32", cfg, err,
                          sizeof err) == 0, "%s", err);
    CHECK_EQ(cfg[0], 32, "override after preset");
    CHECK_EQ(cfg[1], 6, "preset value kept");
    CHECK(ct_config_parse(&loscache_ctr_block, "huge", cfg, err, sizeof err),
          "unknown preset refused");
    CHECK(strstr(err, "huge") != NULL, "%s", err);
    CHECK(ct_config_parse(&loscache_ctr_block, "WAYS=4", cfg, err, sizeof err),
          "unknown parameter refused");
    CHECK(strstr(err, "WAYS") != NULL, "%s", err);
    CHECK(ct_config_parse(&loscache_ctr_block, "CNT_W=0x6", cfg, err, sizeof err),
          "non-decimal refused");
    CHECK(strstr(err, "CNT_W") != NULL, "%s", err);
    CHECK(ct_config_parse(&loscache_ctr_block, "CNT_W=40", cfg, err, sizeof err),
          "range checked");
    CHECK(strstr(err, "CNT_W") != NULL, "%s", err);
}

static void test_paper_area(void)
{
    ct_storage_t st[CT_MAX_STORAGE];
    uint32_t cfg[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    CHECK(ct_config_parse(&loscache_ctr_block, "paper", cfg, err, sizeof err) == 0,
          "%s", err);
    unsigned n = loscache_ctr_block.storage(cfg, st);
    uint64_t bits = 0;
    for (unsigned i = 0; i < n; i++)
        if (!st[i].instrumentation)
            bits += st[i].entries * st[i].bits;
    /* SPEC: 6 bits x 6,144 L2 lines = 36,864 bits = 4,608 B */
    CHECK_EQ(bits, 36864, "paper counter bits");
    CHECK_EQ(bits / 8, 4608, "paper counter bytes");
}

/* loscache_ctr_count: a line's count, 0 for an index past NUM_LINES (the
 * index range is a power of two); and the parameters' documented edges. */
static void test_count_view_and_edges(void)
{
    loscache_ctr_cfg_t c = {{.NUM_LINES = 5, .CNT_W = 3, .THR_W = 1}};
    char err[CT_ERRLEN];
    loscache_ctr_t *m = loscache_ctr_new(&c, err, sizeof err);
    loscache_ctr_in_t in;
    loscache_ctr_out_t o;
    memset(&in, 0, sizeof in);
    in.rst_i = 1;
    loscache_ctr_cycle(m, &in, &o);
    in.rst_i = 0;
    in.op_i = LOSCACHE_CTR_OP_FILL;
    in.line_i = 4;
    loscache_ctr_cycle(m, &in, &o);
    CHECK_EQ(loscache_ctr_count(m, 4), 1, "line 4 (the last): filled, count 1");
    for (unsigned l = 5; l < 9; l++)
        CHECK_EQ(loscache_ctr_count(m, l), 0, "line %u past NUM_LINES = 5: 0", l);
    loscache_ctr_free(m);
    static const struct {
        unsigned lines, cnt, thr;
        int rc;
    } edge[] = {{1, 2, 1, 0}, {1u << 20, 7, 4, 0}, {(1u << 20) + 1, 6, 2, -1}, {16, 8, 2, -1},
                {16, 1, 2, -1}, {16, 6, 5, -1}, {0, 6, 2, -1}, {16, 6, 0, -1}};
    for (unsigned i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        loscache_ctr_cfg_t e = {{.NUM_LINES = edge[i].lines, .CNT_W = edge[i].cnt, .THR_W = edge[i].thr}};
        CHECK_EQ(loscache_ctr_validate(&e, err, sizeof err), edge[i].rc, "NUM_LINES=%u CNT_W=%u THR_W=%u",
                 edge[i].lines, edge[i].cnt, edge[i].thr);
    }
}

const ut_test_t loscache_ctr_tests[] = {
    {"loscache_ctr/reset_values", "reset clears every count, outputs 0 in reset", test_reset_values},
    {"loscache_ctr/fill_counts_as_first_access", "reset on fill, increment on access", test_fill_counts_as_first_access},
    {"loscache_ctr/saturation", "count saturates at 2^CNT_W-1 (63)", test_saturation},
    {"loscache_ctr/compare_at_p_plus_t", "gate on access P+T, never before", test_compare_at_p_plus_t},
    {"loscache_ctr/bypass_p1", "P=1 (P+T=1) bypasses the fill", test_bypass_p1},
    {"loscache_ctr/no_prediction_never_gates", "P=0 means no prediction", test_no_prediction_never_gates},
    {"loscache_ctr/limit_past_counter_range", "P+T > 63 never gates", test_limit_past_counter_range},
    {"loscache_ctr/early_gating", "hit on a gated line raises T, saturating", test_early_gating},
    {"loscache_ctr/out_of_range_lines", "line >= NUM_LINES ignored", test_out_of_range_lines},
    {"loscache_ctr/input_masking", "bits above a port's width ignored", test_input_masking},
    {"loscache_ctr/exhaustive_tiny", "every (count,op,off,P,T) vs the spec oracle", test_exhaustive_tiny},
    {"loscache_ctr/api_contract", "eval/step/cycle/run agree; instances independent", test_api_contract},
    {"loscache_ctr/bad_config", "invalid configurations refused, field named", test_bad_config},
    {"loscache_ctr/paper_area", "36,864 bits = 4,608 B", test_paper_area},
    {"loscache_ctr/count_view_and_edges", "count of lines past NUM_LINES; parameter edges",
     test_count_view_and_edges},
    {NULL, NULL, NULL},
};
