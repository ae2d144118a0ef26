/*
 * test_shadow_tags.c - the CCN shadow tags against CCN [004] Sec. 4.2/4.3 and
 * the decisions of docs/blocks/shadow_tags.md, not against the model's code.
 *
 * TEST RATIONALE: the timing contract (busy for exactly SETS cycles after
 * reset, lk_ready_o low exactly when an update or the sweep holds the port,
 * the answer exactly one cycle after acceptance with the requester's core);
 * the paper's rules (a fill then a lookup hits with its way, an invalidate or
 * a pending allocation does not hit, nothing valid after reset, updates never
 * lost when they collide with lookups); the index function and the aliasing
 * formula on the worked example typed from the page; and a random L1 driven
 * here, whose contents are a plain list of resident line addresses: in the
 * alias-free configuration a lookup hits iff the line is resident (and in the
 * way it was filled into); in the paper configuration it hits iff the line or
 * one of its documented aliases is resident.
 */
#include <stdlib.h>
#include <string.h>

#include "ct_rng.h"
#include "shadow_tags.h"
#include "ut.h"

UT_DEFINE_MK(shadow_tags)

static shadow_tags_out_t cyc(shadow_tags_t *m, unsigned rst, unsigned upd, uint64_t ula,
                             unsigned way, unsigned v, unsigned lk, uint64_t lla, unsigned core)
{
    shadow_tags_in_t in = {.rst_i = rst, .upd_i = upd, .upd_la_i = ula, .upd_way_i = way,
                           .upd_v_i = v, .lk_valid_i = lk, .lk_la_i = lla, .lk_core_i = core};
    shadow_tags_out_t o;
    shadow_tags_cycle(m, &in, &o);
    return o;
}
#define IDLE(m) cyc(m, 0, 0, 0, 0, 0, 0, 0, 0)
#define UPD(m, la, w, v) cyc(m, 0, 1, la, w, v, 0, 0, 0)
#define LOOK(m, la, core) cyc(m, 0, 0, 0, 0, 0, 1, la, core)

/* Reset, then the sweep: busy_o for exactly SETS cycles. */
static void reset_and_sweep(shadow_tags_t *m, unsigned sets)
{
    shadow_tags_out_t o = cyc(m, 1, 1, 5, 0, 1, 1, 5, 1);
    CHECK_EQ(o.busy_o | o.lk_ready_o | o.rsp_valid_o | o.rsp_hit_o | o.rsp_way_o | o.rsp_core_o, 0,
             "every output 0 in a reset cycle");
    for (unsigned i = 0; i < sets; i++) {
        o = LOOK(m, 7, 1);
        CHECK(o.busy_o == 1 && o.lk_ready_o == 0 && o.rsp_valid_o == 0,
              "sweep cycle %u of %u: busy, no lookup accepted", i, sets);
    }
    o = IDLE(m);
    CHECK(o.busy_o == 0 && o.lk_ready_o == 1, "the sweep lasts exactly SETS = %u cycles", sets);
}

static void test_timing_and_rules(void)
{
    shadow_tags_cfg_t c;
    shadow_tags_t *m = mk("exact", &c);
    reset_and_sweep(m, 96);
    uint64_t a = 2 + 5 * 96, b = a + 96; /* two lines of set 2 */
    shadow_tags_out_t o = LOOK(m, a, 3);
    CHECK(o.lk_ready_o == 1 && o.rsp_valid_o == 0, "accepted; no answer in the same cycle");
    o = IDLE(m);
    CHECK(o.rsp_valid_o == 1 && o.rsp_hit_o == 0 && o.rsp_core_o == 3,
          "answer a cycle later: miss (nothing valid after reset), core echoed");
    CHECK_EQ(IDLE(m).rsp_valid_o, 0, "one answer per accepted lookup");
    for (unsigned w = 0; w < 4; w++) {
        UPD(m, a + 96 * 7 * w, w, 1);
        LOOK(m, a + 96 * 7 * w, w);
        o = IDLE(m);
        CHECK(o.rsp_hit_o == 1 && o.rsp_way_o == w && o.rsp_core_o == w,
              "fill into way %u, then a lookup: hit in way %u", w, w);
    }
    UPD(m, a, 0, 0);
    LOOK(m, a, 0);
    CHECK_EQ(IDLE(m).rsp_hit_o, 0, "an invalidate, then a lookup: miss");
    UPD(m, b, 0, 0); /* allocation for a miss on b: pending */
    LOOK(m, b, 0);
    CHECK_EQ(IDLE(m).rsp_hit_o, 0, "a pending allocation does not hit");
    /* update and lookup in one cycle: the update is written, the lookup waits */
    o = cyc(m, 0, 1, b, 0, 1, 1, b, 2);
    CHECK_EQ(o.lk_ready_o, 0, "an update holds the port: lk_ready_o 0");
    o = LOOK(m, b, 2);
    CHECK(o.lk_ready_o == 1 && o.rsp_valid_o == 0, "the held lookup is accepted next cycle");
    o = IDLE(m);
    CHECK(o.rsp_hit_o == 1 && o.rsp_way_o == 0 && o.rsp_core_o == 2,
          "... and sees the update that held it (nothing lost)");
    /* back-pressure for several cycles: every update applied, in order */
    for (unsigned i = 0; i < 5; i++) {
        o = cyc(m, 0, 1, b, 0, i & 1, 1, b, 1);
        CHECK_EQ(o.lk_ready_o, 0, "back-pressure cycle %u", i);
    }
    LOOK(m, b, 1);
    CHECK_EQ(IDLE(m).rsp_hit_o, 0, "the last of five updates (invalidate) is what the lookup sees");
    /* the answer reflects the row as read at acceptance */
    UPD(m, b, 1, 1);
    LOOK(m, b, 1);
    o = UPD(m, b, 1, 0);
    CHECK(o.rsp_hit_o == 1 && o.rsp_way_o == 1,
          "an invalidate in the answer cycle is not seen by that answer");
    shadow_tags_free(m);
}

/* The worked example of docs/blocks/shadow_tags.md (paper configuration):
 * PA 0x12_3456_7880 -> line address 0x2468ACF1, set 0x2468ACF1 mod 96 = 49,
 * stored tag PA[39:16] = 0x123456; its aliases are the line addresses of its
 * aligned block of 512 with the same remainder mod 96. */
static void test_paper_index_and_aliases(void)
{
    shadow_tags_cfg_t c;
    shadow_tags_t *m = mk("paper", &c);
    uint64_t pa = UINT64_C(0x1234567880), la = pa >> 7;
    CHECK_EQ(la, 0x2468ACF1, "line address = PA[39:7]");
    CHECK_EQ(shadow_tags_set(&c, la), 49, "set = line address mod 96");
    CHECK_EQ(shadow_tags_tag(&c, la), 0x123456, "stored tag = PA[39:16]");
    /* the page's table: 0x2468AC31 .. 0x2468ADB1 step 96 (0x60), in the block
     * 0x2468AC00 .. 0x2468ADFF */
    static const uint64_t aliases[] = {0x2468AC31, 0x2468AC91, 0x2468ACF1, 0x2468AD51, 0x2468ADB1};
    reset_and_sweep(m, 96);
    UPD(m, la, 2, 1);
    unsigned n = 0;
    for (uint64_t x = 0x2468AC00; x <= 0x2468ADFF; x++) {
        LOOK(m, x, 0);
        shadow_tags_out_t o = IDLE(m);
        int want = x % 96 == 49; /* la itself and its aliases */
        CHECK_EQ(o.rsp_hit_o, want, "line 0x%llx of the block", (unsigned long long)x);
        n += o.rsp_hit_o;
    }
    CHECK_EQ(n, 5, "0x2468ACF1 and its 4 aliases in its block of 512");
    for (unsigned i = 0; i < 5; i++) {
        if (aliases[i] == la)
            continue;
        LOOK(m, aliases[i], 0);
        CHECK(IDLE(m).rsp_hit_o == 1, "documented alias 0x%llx hits", (unsigned long long)aliases[i]);
    }
    LOOK(m, la + 512, 0);
    CHECK_EQ(IDLE(m).rsp_hit_o, 0, "the same set in the next block: another stored tag");
    shadow_tags_free(m);
}

/* A random L1 and ring driven from here; the L1's contents are a plain list
 * of resident line addresses per (set, way). */
static void random_l1(const char *preset, int alias_free)
{
    shadow_tags_cfg_t c;
    shadow_tags_t *m = mk(preset, &c);
    unsigned sets = c.SETS, ways = c.WAYS, L = c.LA_W - c.TAG_W;
    uint64_t *res = calloc((size_t)sets * ways, sizeof *res); /* 0 = empty, else la + 1 */
    ct_rng_t r;
    ct_rng_seed(&r, 99);
    reset_and_sweep(m, sets);
    uint64_t pending_la = 0, checked = 0, hits = 0, aliased = 0;
    int pending = 0;
    for (unsigned t = 0; t < 60000 && res; t++) {
        unsigned k = (unsigned)ct_rng_below(&r, 100);
        uint64_t set = ct_rng_below(&r, sets), w = ct_rng_below(&r, ways);
        uint64_t *e = &res[set * ways + w];
        if (k < 30) { /* fill or invalidate a way */
            uint64_t la = (set + sets * (ct_rng_next(&r) % (k < 20 ? 40 : 4000))) & ct_mask(c.LA_W);
            if (la % sets != set)
                continue;
            int dup = 0;
            for (unsigned v = 0; v < ways; v++)
                dup |= res[set * ways + v] == la + 1;
            unsigned fill = !dup && k < 22;
            UPD(m, fill ? la : (*e ? *e - 1 : la), (unsigned)w, fill);
            *e = fill ? la + 1 : 0;
            continue;
        }
        uint64_t la;
        if (k < 70 && *e)
            la = *e - 1;
        else if (k < 80 && pending)
            la = pending_la;
        else
            la = (set + sets * (ct_rng_next(&r) % 40)) & ct_mask(c.LA_W);
        LOOK(m, la, 1);
        shadow_tags_out_t o = IDLE(m);
        int resident = 0, alias = 0;
        unsigned rw = 0;
        uint64_t s0 = la % sets;
        for (unsigned v = 0; v < ways; v++) {
            uint64_t x = res[s0 * ways + v];
            if (x == la + 1 && !resident) {
                resident = 1;
                rw = v;
            }
            alias |= x && (x - 1) != la && (x - 1) >> L == la >> L;
        }
        checked++;
        hits += o.rsp_hit_o;
        if (alias_free) {
            CHECK(o.rsp_hit_o == (uint64_t)resident && (!resident || o.rsp_way_o == rw),
                  "%s: lookup 0x%llx: hit %llu way %llu, L1 holds it: %d (way %u)", preset,
                  (unsigned long long)la, (unsigned long long)o.rsp_hit_o,
                  (unsigned long long)o.rsp_way_o, resident, rw);
        } else {
            aliased += !resident && alias;
            CHECK_EQ(o.rsp_hit_o, (uint64_t)(resident || alias),
                     "%s: lookup 0x%llx: hit iff resident or a documented alias is", preset,
                     (unsigned long long)la);
        }
        pending_la = la;
        pending = 1;
    }
    CHECK(checked > 10000 && hits > 2000, "%s: %llu lookups, %llu hits", preset,
          (unsigned long long)checked, (unsigned long long)hits);
    CHECK(alias_free || aliased > 100, "%s: alias hits seen: %llu", preset,
          (unsigned long long)aliased);
    free(res);
    shadow_tags_free(m);
}

static void test_random_alias_free(void)
{
    random_l1("exact", 1);
    random_l1("small", 1);
}

static void test_random_paper(void)
{
    random_l1("paper", 0);
    random_l1("paper16", 0);
    random_l1("tiny", 0);
}

static void test_bad_configs(void)
{
    static const struct {
        const char *cfg, *frag;
    } bad[] = {
        {"paper,SETS=0", "SETS=0 out of range"},
        {"paper,TAG_W=34", "TAG_W=34 is wider than the line address"},
        {"paper,WAYS=3", "WAYS=3 is not a power of two"},
        {"tiny,SETS=300", "SETS=300 exceeds the 256 line addresses"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        uint32_t v[CT_MAX_PARAMS];
        char err[CT_ERRLEN] = "";
        int rc = ct_config_parse(&shadow_tags_block, bad[i].cfg, v, err, sizeof err);
        if (!rc)
            rc = shadow_tags_validate((const shadow_tags_cfg_t *)v, err, sizeof err);
        CHECK(rc == -1 && strstr(err, bad[i].frag), "%s refused with -1: %d '%s'", bad[i].cfg, rc,
              err);
    }
    /* the cross-parameter rules at their boundaries (docs/blocks/shadow_tags.md):
     * TAG_W <= LA_W, SETS <= 2^LA_W; _check returns 0 or -1 */
    static const struct {
        unsigned sets, ways, law, tw;
        int rc;
        const char *frag;
    } edge[] = {
        {3, 2, 8, 8, 0, ""},                 /* TAG_W = LA_W: the whole line address */
        {3, 2, 8, 9, -1, "TAG_W=9 is wider than the line address LA_W=8"},
        {256, 2, 8, 4, 0, ""},               /* every line address its own set */
        {257, 2, 8, 4, -1, "SETS=257 exceeds the 256 line addresses LA_W=8 can name"},
        {4096, 2, 12, 4, 0, ""},
        {2049, 2, 11, 4, -1, "SETS=2049 exceeds the 2048 line addresses"},
        {2, 2, 1, 1, 0, ""},
        {3, 2, 1, 1, -1, "SETS=3 exceeds the 2 line addresses"},
        {4096, 16, 13, 1, 0, ""},            /* LA_W >= 13 names more than SETS' 4096 */
        {3, 12, 8, 4, -1, "WAYS=12 is not a power of two"},
    };
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++) {
        shadow_tags_cfg_t c = {{.SETS = edge[i].sets, .WAYS = edge[i].ways, .LA_W = edge[i].law,
                                .TAG_W = edge[i].tw, .CORE_W = 1}};
        char err[CT_ERRLEN] = "";
        int rc = shadow_tags_check(&c, err, sizeof err);
        CHECK(rc == edge[i].rc && strstr(err, edge[i].frag),
              "shadow_tags_check(SETS=%u WAYS=%u LA_W=%u TAG_W=%u) = %d, want %d '%s': '%s'", edge[i].sets,
              edge[i].ways, edge[i].law, edge[i].tw, rc, edge[i].rc, edge[i].frag, err);
        CHECK_EQ(shadow_tags_validate(&c, err, sizeof err), edge[i].rc, "validate, case %zu", i);
    }
}

/* shadow_tags_aliasing against its definition (docs/blocks/shadow_tags.md:
 * two line addresses of one set that share a stored tag), found here by
 * trying every pair of line addresses of small configurations; and the index
 * and tag functions against their formulas, bits above LA_W ignored. */
static void test_aliasing_set_tag(void)
{
    static unsigned char seen[1u << 11];
    unsigned checked = 0, aliasing = 0;
    for (unsigned law = 1; law <= 10; law++)
        for (unsigned tw = 1; tw <= law; tw++)
            for (unsigned sets = 1; sets <= 70 && sets <= (1u << law); sets++) {
                shadow_tags_cfg_t c = {{.SETS = sets, .WAYS = 1, .LA_W = law, .TAG_W = tw, .CORE_W = 1}};
                /* (set, tag) pairs: seen[] marks those some address already took */
                unsigned shift = law - tw, alias = 0;
                memset(seen, 0, sizeof seen);
                for (unsigned la = 0; la < (1u << law) && !alias; la++) {
                    unsigned key = (la >> shift) * sets + la % sets; /* < 2^tw * sets <= 2^10 * 70 */
                    if (key / 8 < sizeof seen && (seen[key / 8] >> (key % 8) & 1))
                        alias = 1;
                    if (key / 8 < sizeof seen)
                        seen[key / 8] |= (unsigned char)(1u << (key % 8));
                }
                CHECK_EQ(shadow_tags_aliasing(&c), alias, "LA_W=%u TAG_W=%u SETS=%u", law, tw, sets);
                checked++;
                aliasing += alias;
            }
    CHECK(checked > 2000 && aliasing > 100 && aliasing < checked, "both answers exercised (%u of %u)",
          aliasing, checked);
    /* the paper preset aliases (2^9 = 512 > 96); exact does not (2^6 = 64 <= 96) */
    shadow_tags_cfg_t p, e;
    ut_config(&shadow_tags_block, "paper", p.v, sizeof p.v / sizeof p.v[0]);
    ut_config(&shadow_tags_block, "exact", e.v, sizeof e.v / sizeof e.v[0]);
    CHECK(shadow_tags_aliasing(&p) && !shadow_tags_aliasing(&e), "paper aliases, exact does not");
    /* the widest line address: LA_W = 58, TAG_W = 1: 2^57 addresses per tag */
    shadow_tags_cfg_t w = {{.SETS = 4096, .WAYS = 1, .LA_W = 58, .TAG_W = 1, .CORE_W = 1}};
    CHECK_EQ(shadow_tags_aliasing(&w), 1, "LA_W=58 TAG_W=1");
    ct_rng_t r;
    ct_rng_seed(&r, 3);
    for (int i = 0; i < 2000; i++) {
        uint64_t la = ct_rng_next(&r); /* bits above LA_W set too: ignored */
        uint64_t low = la & ((UINT64_C(1) << 33) - 1);
        CHECK_EQ(shadow_tags_set(&p, la), low % 96, "paper set of %llx", (unsigned long long)la);
        CHECK_EQ(shadow_tags_tag(&p, la), low >> 9, "paper tag (PA[39:16]) of %llx", (unsigned long long)la);
        CHECK_EQ(shadow_tags_tag(&e, la), low >> 6, "exact tag (PA[39:13]) of %llx", (unsigned long long)la);
    }
}

/* The coverage bins of a hand-worked trace (small: SETS=6 WAYS=4 LA_W=12
 * TAG_W=10), counted here from the page's definitions, not by the model. */
static void test_coverage_counts(void)
{
    shadow_tags_cfg_t c;
    shadow_tags_t *m = mk("small", &c);
    const uint64_t A = 0x010, B = 0x021, C = 0x030; /* sets 4, 3, 0 */
    cyc(m, 1, 0, 0, 0, 0, 0, 0, 0);                  /* reset */
    LOOK(m, A, 1);                                    /* sweep 1: busy wait */
    LOOK(m, A, 1);                                    /* sweep 2: busy wait */
    for (int i = 0; i < 4; i++)
        IDLE(m);                                      /* sweep 3..6 */
    UPD(m, A, 1, 1);                                  /* fill A in way 1 */
    LOOK(m, A, 2);                                    /* accepted at once: no wait bin */
    IDLE(m);                                          /* its answer: hit in way 1 */
    cyc(m, 0, 1, B, 2, 1, 1, B, 0);                   /* fill B (way 2) + lookup B: collision */
    LOOK(m, B, 0);                                    /* accepted after 1 cycle: wait=1 */
    IDLE(m);                                          /* hit in way 2 */
    cyc(m, 0, 1, A, 1, 0, 1, A, 3);                   /* invalidate A + lookup A: collision */
    cyc(m, 0, 1, C, 0, 1, 1, A, 3);                   /* fill C (way 0) + lookup A: collision */
    LOOK(m, A, 3);                                    /* accepted after 2 cycles: wait>=2 */
    IDLE(m);                                          /* miss, of an invalidated line */
    shadow_tags_cov_t cov;
    shadow_tags_coverage(m, &cov);
    static const uint64_t want[ST_COV_N] = {[ST_COV_MISS] = 1,      [ST_COV_COLLISION] = 3,
                                            [ST_COV_WAIT1] = 1,     [ST_COV_WAIT2] = 1,
                                            [ST_COV_BUSY_WAIT] = 2, [ST_COV_INVAL_MISS] = 1,
                                            [ST_COV_ALIAS_HIT] = 0, [ST_COV_UPD_FILL] = 3,
                                            [ST_COV_UPD_INVAL] = 1};
    for (unsigned b = 0; b < ST_COV_N; b++)
        CHECK_EQ(cov.bin[b], want[b], "bin %u", b);
    static const uint64_t ways[4] = {0, 1, 1, 0};
    for (unsigned w = 0; w < 4; w++)
        CHECK_EQ(cov.hit_way[w], ways[w], "hits in way %u", w);
    shadow_tags_free(m);
}

static void test_coverage_checker(void)
{
    shadow_tags_cfg_t c;
    shadow_tags_t *m = mk("paper", &c);
    shadow_tags_cov_t cov;
    memset(&cov, 0, sizeof cov);
    for (unsigned b = 0; b < ST_COV_N; b++)
        cov.bin[b] = 1;
    for (unsigned w = 0; w < 4; w++)
        cov.hit_way[w] = 1;
    FILE *f = tmpfile();
    CHECK_EQ(shadow_tags_cov_check(&c, &cov, f), 0, "every bin seen: complete");
    cov.hit_way[3] = 0;
    CHECK_EQ(shadow_tags_cov_check(&c, &cov, f), 1, "no hit in way 3: one hole");
    cov.hit_way[3] = 1;
    for (unsigned b = 0; b < ST_COV_N; b++) {
        cov.bin[b] = 0;
        CHECK_EQ(shadow_tags_cov_check(&c, &cov, f), 1, "bin %u missing: one hole", b);
        cov.bin[b] = 1;
    }
    shadow_tags_cfg_t x;
    shadow_tags_free(m);
    m = mk("exact", &x);
    cov.bin[ST_COV_ALIAS_HIT] = 0;
    CHECK_EQ(shadow_tags_cov_check(&x, &cov, f), 0, "alias-free: no alias hit required");
    fclose(f);
    shadow_tags_free(m);
}

const ut_test_t shadow_tags_tests[] = {
    {"shadow_tags/timing_and_rules", "sweep, handshake, latency, fill/invalidate/pending, collisions",
     test_timing_and_rules},
    {"shadow_tags/paper_index_and_aliases", "the worked example of the page",
     test_paper_index_and_aliases},
    {"shadow_tags/random_alias_free", "hit iff the L1 holds the line, in its way",
     test_random_alias_free},
    {"shadow_tags/random_paper", "hit iff resident or a documented alias", test_random_paper},
    {"shadow_tags/bad_configs", "invalid configurations name the parameter", test_bad_configs},
    {"shadow_tags/coverage_checker", "one missing bin is one hole", test_coverage_checker},
    {"shadow_tags/aliasing_set_tag", "aliasing by trying every pair; set and tag by formula",
     test_aliasing_set_tag},
    {"shadow_tags/coverage_counts", "the bins of a hand-worked trace", test_coverage_counts},
    {NULL, NULL, NULL},
};
