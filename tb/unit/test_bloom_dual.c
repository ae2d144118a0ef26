/*
 * test_bloom_dual.c - the dual-bitarray Bloom filter against LAMAR [003] Sec. 3.4
 * and LAMAR [003] Sec. 3.4 / Fig. 6, and against docs/blocks/bloom_dual.md.
 *
 * TEST RATIONALE: the hashes are reimplemented here from the documentation's
 * rotation table (numbers typed from the doc, not computed by the model's
 * formula) and must agree with the model on random addresses and on the
 * bits an insertion actually sets.  The schedule is tracked here by an
 * independent shadow (insertion count -> which bitarray records, which is
 * cleared, which is active): bnd_o, sel_o, warm_o and the cleared fills must
 * follow it, the active bitarray must never hold less than N/2 insertions
 * after warm-up, and every address it recorded must query as present (no
 * false negatives), under random traffic with flushes.  The false-positive
 * rate of the paper configuration must stay within 10 % of the theory plus
 * three standard errors at the fill levels the filter runs at.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bloom_dual_fp.h"
#include "ct_rng.h"
#include "ut.h"

static bloom_dual_t *mk(unsigned mw, unsigned k, unsigned n, unsigned aw)
{
    bloom_dual_cfg_t c = {{mw, k, n, aw}};
    char err[CT_ERRLEN];
    bloom_dual_t *m = bloom_dual_new(&c, err, sizeof err);
    if (!m) {
        printf("cannot create model: %s\n", err);
        exit(2);
    }
    return m;
}

static bloom_dual_out_t cyc(bloom_dual_t *m, unsigned rst, unsigned ins, uint64_t ia,
                            uint64_t qa, unsigned flush)
{
    bloom_dual_in_t in = {{rst, ins, ia, qa, flush}};
    bloom_dual_out_t o;
    bloom_dual_cycle(m, &in, &o);
    return o;
}

/* docs/blocks/bloom_dual.md, "Rotation of byte slice j in hash i" (paper). */
static const unsigned doc_rot[6][4] = {
    {0, 5, 10, 4}, {3, 9, 4, 10}, {6, 2, 9, 5}, {9, 6, 3, 0}, {1, 10, 8, 6}, {4, 3, 2, 1},
};

static unsigned doc_hash(unsigned i, uint64_t a)
{
    unsigned h = 0;
    for (unsigned b = 0; b < 25; b++)
        if (a >> b & 1)
            h ^= 1u << ((b % 8 + doc_rot[i][b / 8]) % 11);
    return h;
}

static void test_hashes_from_doc_table(void)
{
    bloom_dual_t *m = mk(11, 6, 512, 25);
    /* worked examples from the doc: address 1 -> 1 << R(i, 0) */
    static const unsigned one[6] = {0x001, 0x008, 0x040, 0x200, 0x002, 0x010};
    for (unsigned i = 0; i < 6; i++)
        CHECK_EQ(bloom_dual_hash(m, i, 1), one[i], "hash %u of address 1", i);
    ct_rng_t r;
    ct_rng_seed(&r, 3);
    for (unsigned t = 0; t < 20000; t++) {
        uint64_t a = ct_rng_next(&r) & 0x1ffffff;
        for (unsigned i = 0; i < 6; i++)
            CHECK_EQ(bloom_dual_hash(m, i, a), doc_hash(i, a), "hash %u of %#llx", i,
                     (unsigned long long)a);
        if (ut_failed_checks > 10)
            break;
    }
    /* and an insertion sets exactly those bits */
    cyc(m, 1, 0, 0, 0, 0);
    uint64_t a = 0x1234567;
    cyc(m, 0, 1, a, 0, 0);
    unsigned set = 0;
    for (unsigned bit = 0; bit < 2048; bit++) {
        int want = 0;
        for (unsigned i = 0; i < 6; i++)
            want |= doc_hash(i, a) == bit;
        CHECK_EQ(bloom_dual_bit(m, 0, bit), want, "bitarray 0 bit %u", bit);
        set += (unsigned)want;
    }
    bloom_dual_out_t o = cyc(m, 0, 0, 0, a, 0);
    CHECK_EQ(o.fill0_o, set, "fill0 counts the distinct bits set");
    CHECK_EQ(o.hit_o, 1, "the inserted address hits");
    bloom_dual_free(m);
}

/* Shadow of the documented schedule, kept independently of the model. */
typedef struct {
    unsigned n2, cnt, sel, warm;
    uint64_t *rec[2];
    unsigned n_rec[2];
} shadow_t;

static void sh_restart(shadow_t *s)
{
    s->cnt = s->sel = s->warm = 0;
    s->n_rec[0] = s->n_rec[1] = 0;
}

static void test_schedule_and_no_false_negatives(void)
{
    static const unsigned cfgs[][4] = {{11, 6, 512, 25}, {7, 4, 32, 16}, {4, 3, 6, 9}};
    for (unsigned ci = 0; ci < 3; ci++) {
        const unsigned *cf = cfgs[ci];
        bloom_dual_t *m = mk(cf[0], cf[1], cf[2], cf[3]);
        shadow_t s = {.n2 = cf[2] / 2};
        s.rec[0] = calloc(cf[2], sizeof(uint64_t));
        s.rec[1] = calloc(cf[2], sizeof(uint64_t));
        ct_rng_t r;
        ct_rng_seed(&r, 40 + ci);
        uint64_t mask = ct_mask(cf[3]);
        cyc(m, 1, 0, 0, 0, 0);
        sh_restart(&s);
        unsigned checked = 0, swaps = 0;
        for (unsigned t = 0; t < 60000; t++) {
            unsigned flush = ct_rng_below(&r, 3000) == 0, ins = ct_rng_below(&r, 3) != 0;
            uint64_t a = ct_rng_next(&r) & mask, q;
            /* query a recorded address of the active bitarray when there is one */
            unsigned act = s.sel;
            int known = s.n_rec[act] && ct_rng_below(&r, 4) != 0;
            q = known ? s.rec[act][ct_rng_below(&r, s.n_rec[act])] : ct_rng_next(&r) & mask;
            bloom_dual_out_t o = cyc(m, 0, ins, a, q, flush);
            CHECK_EQ(o.sel_o, s.sel, "ci %u t %u: SEL", ci, t);
            CHECK_EQ(o.warm_o, s.warm, "ci %u t %u: warm-up flag", ci, t);
            CHECK_EQ(o.cnt_o, s.cnt, "ci %u t %u: insertion count", ci, t);
            if (known) {
                CHECK_EQ(o.hit_o, 1, "ci %u t %u: false negative", ci, t);
                checked++;
            }
            if (s.warm) /* active history: N/2 .. N-1 insertions */
                CHECK(s.n_rec[s.sel] >= s.n2, "ci %u t %u: active holds %u < N/2", ci, t,
                      s.n_rec[s.sel]);
            int bnd = ins && !flush && s.cnt == s.n2 - 1;
            CHECK_EQ(o.bnd_o, bnd, "ci %u t %u: boundary", ci, t);
            if (flush) {
                sh_restart(&s);
                continue;
            }
            if (!ins)
                continue;
            /* bitarray 0 always records; bitarray 1 once warm; at a warm
             * boundary the active one is cleared instead and SEL swaps */
            for (unsigned b = 0; b < 2; b++) {
                if (bnd && s.warm && b == s.sel)
                    s.n_rec[b] = 0;
                else if (b == 0 || s.warm)
                    s.rec[b][s.n_rec[b]++] = a;
            }
            if (bnd && s.warm)
                s.sel ^= 1, swaps++;
            if (bnd)
                s.warm = 1;
            s.cnt = bnd ? 0 : s.cnt + 1;
            if (ut_failed_checks > 10)
                break;
        }
        CHECK(checked > 10000 && swaps > 20, "ci %u: %u true positives checked, %u swaps", ci,
              checked, swaps);
        free(s.rec[0]);
        free(s.rec[1]);
        bloom_dual_free(m);
    }
}

/* The clear points of the paper configuration by insertion number. */
static void test_clear_points(void)
{
    bloom_dual_t *m = mk(11, 6, 512, 25);
    cyc(m, 1, 0, 0, 0, 0);
    unsigned sel = 0;
    for (unsigned k = 1; k <= 2048; k++) {
        bloom_dual_out_t o = cyc(m, 0, 1, k * 2654435761u, 0, 0);
        CHECK_EQ(o.bnd_o, k % 256 == 0, "boundary at insertion %u", k);
        o = cyc(m, 0, 0, 0, 0, 0);
        if (k == 256) {
            CHECK_EQ(o.sel_o, 0, "insertion N/2: no swap (bitarray 1 just starts)");
            CHECK_EQ(o.warm_o, 1, "warm after N/2");
            CHECK_EQ(o.fill1_o, 0, "bitarray 1 idle during warm-up");
        } else if (k % 256 == 0 && k > 256) {
            CHECK_EQ(o.sel_o, sel ^ 1, "insertion %u: SEL swaps", k);
            CHECK_EQ(sel ? o.fill1_o : o.fill0_o, 0, "insertion %u: the old active one cleared", k);
            sel ^= 1;
        } else {
            CHECK_EQ(o.sel_o, sel, "insertion %u: no swap", k);
        }
    }
    bloom_dual_out_t o = cyc(m, 0, 1, 5, 0, 1);
    CHECK_EQ(o.bnd_o, 0, "flush: no boundary");
    o = cyc(m, 0, 0, 0, 5, 0);
    CHECK_EQ(o.fill0_o | o.fill1_o | o.sel_o | o.warm_o | o.cnt_o | o.hit_o, 0,
             "flush wins over the insertion: empty, restarted");
    bloom_dual_free(m);
}

/* Tolerance: within 10 % of the theory plus three standard errors. */
static void check_fp(const bloom_dual_fp_t *r, const char *what)
{
    double se = sqrt(r->theory * (1 - r->theory) / (double)r->queries);
    double tol = 0.10 * r->theory + 3 * se;
    CHECK(fabs(r->measured - r->theory) <= tol, "%s n=%u: measured %.5f, theory %.5f, tolerance %.5f",
          what, r->n, r->measured, r->theory, tol);
}

static void test_false_positive_rate(void)
{
    bloom_dual_cfg_t c = {{11, 6, 512, 25}};
    /* the theory, by the formula written out here */
    double th = pow(1 - exp(-6.0 * 384 / 2048), 6);
    CHECK(fabs(bloom_dual_fp_theory(&c, 384) - th) < 1e-12, "theory formula");
    bloom_dual_fp_t r;
    for (unsigned n = 256; n < 512; n += 64) {
        CHECK_EQ(bloom_dual_fp_at(&c, n, 60, 4000, 100 + n, &r), 0, "measure");
        check_fp(&r, "fresh filter");
    }
    CHECK_EQ(bloom_dual_fp_running(&c, 200 * 512, 9, &r), 0, "measure");
    check_fp(&r, "running filter");
    CHECK(r.queries > 50000, "queries %llu", (unsigned long long)r.queries);
}

static void test_bad_configs(void)
{
    static const uint32_t bad[][4] = {
        {11, 6, 511, 25}, /* N odd */
        {3, 6, 512, 25},  /* M_W below 4 */
        {11, 9, 512, 25}, /* K above 8 */
        {11, 6, 2, 25},   /* N below 4 */
        {11, 6, 512, 65}, /* ADDR_W above 64 */
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        bloom_dual_cfg_t c;
        memcpy(c.v, bad[i], sizeof c.v);
        char err[CT_ERRLEN] = "";
        CHECK(bloom_dual_new(&c, err, sizeof err) == NULL, "config %zu accepted", i);
        CHECK(err[0] != 0, "config %zu: no message", i);
    }
}

/* N must be even (two bitarrays cleared N/2 insertions apart): every N of
 * 4..40 is accepted (0) iff even, else refused (-1) naming it. */
static void test_n_parity(void)
{
    for (unsigned n = 4; n <= 40; n++) {
        bloom_dual_cfg_t c = {{.M_W = 7, .K = 4, .N = n, .ADDR_W = 16}};
        char err[CT_ERRLEN] = "";
        int rc = bloom_dual_check(&c, err, sizeof err);
        CHECK(rc == (n % 2 ? -1 : 0) && (!(n % 2) || strstr(err, "is odd")), "N=%u: %d '%s'", n, rc, err);
    }
}

const ut_test_t bloom_dual_tests[] = {
    {"bloom_dual/hashes_from_doc_table", "hashes = the documented table, bit by bit", test_hashes_from_doc_table},
    {"bloom_dual/schedule_no_false_negatives", "schedule as documented; no false negatives", test_schedule_and_no_false_negatives},
    {"bloom_dual/clear_points", "clear + swap at N, 3N/2 ...; warm-up end at N/2; flush", test_clear_points},
    {"bloom_dual/false_positive_rate", "FP within 10 % + 3 SE of (1-e^(-kn/m))^k", test_false_positive_rate},
    {"bloom_dual/bad_configs", "invalid configurations refused with a message", test_bad_configs},
    {"bloom_dual/n_parity", "N accepted iff even", test_n_parity},
    {NULL, NULL, NULL},
};
