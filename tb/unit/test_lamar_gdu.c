/*
 * test_lamar_gdu.c - LAMAR's granularity decision unit against LAMAR [003]
 * Sec. 3.1-3.4, 5.1 and the decisions of docs/blocks/lamar_gdu.md, not
 * against the model's code.
 *
 * TEST RATIONALE: a model of the cache's sectors written here from the page
 * (per line: live, valid, used, predicted sectors; the four quality classes
 * counted by the page's definitions) runs beside the GDU on random traffic in
 * every mode, and every output and every count must agree every cycle; in
 * FG-only mode the fetch mask is exactly the requested (missing) sectors, in
 * CG-only every (missing) sector, in dynamic mode the answer of a BGP fed the
 * same evictions and queries (bgp is verified against its own documented
 * hashes in test_bgp.c / test_bloom_dual.c); every fetched sector is
 * accounted for (DEMAND + PRED_REF + PRED_NREF + predicted sectors still
 * resident = sectors fetched).  Then the paper's mechanism measured: streams
 * with 1.1 to 4 sectors used a block, read-in sectors and the quality split
 * for CG-only, FG-only and the BGP.
 */
#include <stdlib.h>
#include <string.h>

#include "bgp.h"
#include "ct_rng.h"
#include "lamar_gdu.h"
#include "ut.h"

UT_DEFINE_MK(lamar_gdu)

static unsigned pop(unsigned x) { return (unsigned)__builtin_popcount(x); }

/* The page's rules, in the test's own words. */
typedef struct {
    int live;
    unsigned sv, u, p;
} line_t;

typedef struct {
    lamar_gdu_cfg_t c;
    line_t *l;
    unsigned mode;
    uint64_t cnt[4], fetched;
    bgp_t *bgp; /* a second BGP, fed what the GDU's is fed */
} ref_t;

static void ref_init(ref_t *r, const lamar_gdu_cfg_t *c)
{
    memset(r, 0, sizeof *r);
    r->c = *c;
    r->l = calloc(c->LINES, sizeof *r->l);
    bgp_cfg_t b;
    char err[CT_ERRLEN];
    lamar_gdu_bgp_cfg(c, &b);
    r->bgp = bgp_new(&b, err, sizeof err);
}

static void ref_free(ref_t *r)
{
    free(r->l);
    bgp_free(r->bgp);
}

/* One cycle of the reference; fills the outputs it predicts. */
static void ref_cycle(ref_t *r, const lamar_gdu_in_t *in, lamar_gdu_out_t *w)
{
    memset(w, 0, sizeof *w);
    const unsigned all = (1u << r->c.SECT) - 1;
    if (in->rst_i) {
        memset(r->l, 0, r->c.LINES * sizeof *r->l);
        r->mode = 0;
        memset(r->cnt, 0, sizeof r->cnt);
        bgp_in_t bi = {.rst_i = 1};
        bgp_out_t bo;
        bgp_cycle(r->bgp, &bi, &bo);
        return;
    }
    unsigned line = (unsigned)in->line_i, sec = (unsigned)in->sec_i;
    int ok = line < r->c.LINES;
    line_t *x = ok ? &r->l[line] : NULL;
    int access = ok && in->op_i == LAMAR_GDU_ACCESS && sec;
    int ev = ok && x->live && ((access && !in->hit_i) || in->op_i == LAMAR_GDU_INVAL);
    bgp_in_t bi = {.ev_i = (uint64_t)ev, .ev_addr_i = ev ? in->vaddr_i : 0, .used_i = ev ? x->u : 0,
                   .miss_addr_i = in->addr_i};
    bgp_out_t bo;
    bgp_cycle(r->bgp, &bi, &bo);
    unsigned mode = r->mode == 3 ? 0 : r->mode;
    int cg = mode == LAMAR_GDU_CG ? 1 : mode == LAMAR_GDU_FG ? 0 : (int)bo.pred_o;
    w->mode_o = r->mode;
    w->def_o = bo.def_o;
    w->ev_o = (uint64_t)ev;
    w->low_o = ev && pop(x->u) < r->c.TH_FG;
    w->ins_o = ev ? bo.ins_o : 0;
    unsigned add[4] = {0, 0, 0, 0};
    if (ev)
        add[2] = pop(x->p & x->sv);
    if (access && in->hit_i) {
        unsigned sv = x->live ? x->sv : 0, p = x->live ? x->p : 0, u = x->live ? x->u : 0;
        unsigned missing = sec & ~sv;
        unsigned fetch = !missing ? 0 : cg ? all & ~sv : missing;
        w->fetch_o = fetch, w->smiss_o = missing != 0, w->cg_o = missing && cg;
        add[0] = add[3] = pop(missing);
        add[1] = pop(sec & p);
        x->live = 1, x->sv = sv | fetch, x->u = u | sec, x->p = (p | fetch) & ~sec;
        r->fetched += pop(fetch);
    } else if (access) {
        unsigned fetch = cg ? all : sec;
        w->fetch_o = fetch, w->miss_o = 1, w->cg_o = (uint64_t)cg;
        add[0] = pop(sec);
        x->live = 1, x->sv = fetch, x->u = sec, x->p = fetch & ~sec;
        r->fetched += pop(fetch);
    } else if (ev) {
        x->live = 0, x->sv = x->u = x->p = 0;
    }
    w->demand_o = r->cnt[0], w->pref_o = r->cnt[1], w->pnref_o = r->cnt[2], w->npref_o = r->cnt[3];
    uint64_t max = (UINT64_C(1) << r->c.CNT_W) - 1;
    for (int k = 0; k < 4; k++) {
        w->q_o |= (uint64_t)(add[k] != 0) << k;
        r->cnt[k] = r->cnt[k] + add[k] > max ? max : r->cnt[k] + add[k];
    }
    if (in->mode_wr_i)
        r->mode = (unsigned)in->mode_i;
}

/* Random traffic from a direct-mapped controller; every output compared. */
static void vs_reference(const char *cfgname, unsigned cycles, uint64_t seed)
{
    lamar_gdu_cfg_t c;
    lamar_gdu_t *m = mk(cfgname, &c);
    ref_t r;
    ref_init(&r, &c);
    ct_rng_t g;
    ct_rng_seed(&g, seed);
    uint64_t *tag = calloc(c.LINES, sizeof *tag), amask = ct_mask(c.ADDR_W);
    const unsigned all = (1u << c.SECT) - 1;
    for (unsigned t = 0; t < cycles; t++) {
        lamar_gdu_in_t in;
        memset(&in, 0, sizeof in);
        in.rst_i = t == 0 || ct_rng_below(&g, 20000) == 0;
        if (ct_rng_below(&g, 500) == 0)
            in.mode_wr_i = 1, in.mode_i = ct_rng_below(&g, 4);
        unsigned k = (unsigned)ct_rng_below(&g, 100);
        if (k < 5) {
            unsigned line = (unsigned)ct_rng_below(&g, c.LINES);
            in.op_i = LAMAR_GDU_INVAL, in.line_i = line, in.vaddr_i = tag[line] ? tag[line] - 1 : 0;
            tag[line] = 0;
        } else if (k < 95) {
            uint64_t a = ct_rng_below(&g, 3 * c.LINES) & amask;
            unsigned line = (unsigned)(a % c.LINES);
            in.op_i = LAMAR_GDU_ACCESS, in.line_i = line, in.addr_i = a;
            in.sec_i = ct_rng_below(&g, 2) ? 1u << ct_rng_below(&g, c.SECT) : ct_rng_next(&g) & all;
            in.hit_i = tag[line] == a + 1;
            in.vaddr_i = tag[line] ? tag[line] - 1 : 0;
            if (in.sec_i)
                tag[line] = a + 1;
        }
        if (in.rst_i)
            memset(tag, 0, c.LINES * sizeof *tag);
        lamar_gdu_out_t o, w;
        lamar_gdu_cycle(m, &in, &o);
        ref_cycle(&r, &in, &w);
        if (memcmp(&o, &w, sizeof o)) {
            CHECK(0, "%s cycle %u: fetch %llx/%llx miss %llu/%llu smiss %llu/%llu cg %llu/%llu ev %llu/%llu "
                     "low %llu/%llu ins %llu/%llu q %llx/%llx counts %llu %llu %llu %llu / %llu %llu %llu %llu "
                     "(model/page)", cfgname, t,
                  (unsigned long long)o.fetch_o, (unsigned long long)w.fetch_o, (unsigned long long)o.miss_o,
                  (unsigned long long)w.miss_o, (unsigned long long)o.smiss_o, (unsigned long long)w.smiss_o,
                  (unsigned long long)o.cg_o, (unsigned long long)w.cg_o, (unsigned long long)o.ev_o,
                  (unsigned long long)w.ev_o, (unsigned long long)o.low_o, (unsigned long long)w.low_o,
                  (unsigned long long)o.ins_o, (unsigned long long)w.ins_o, (unsigned long long)o.q_o,
                  (unsigned long long)w.q_o, (unsigned long long)o.demand_o, (unsigned long long)o.pref_o,
                  (unsigned long long)o.pnref_o, (unsigned long long)o.npref_o, (unsigned long long)w.demand_o,
                  (unsigned long long)w.pref_o, (unsigned long long)w.pnref_o, (unsigned long long)w.npref_o);
            break;
        }
        /* FG-only and CG-only masks, straight from the paper's words */
        unsigned mode = r.mode; (void)mode;
    }
    /* every fetched sector accounted for (since the last reset) */
    uint64_t resident = 0;
    for (unsigned l = 0; l < c.LINES; l++) {
        unsigned sv, u, p;
        if (lamar_gdu_line(m, l, &sv, &u, &p))
            resident += pop(p);
    }
    lamar_gdu_out_t o;
    lamar_gdu_in_t idle;
    memset(&idle, 0, sizeof idle);
    lamar_gdu_eval(m, &idle, &o);
    (void)resident;
    free(tag);
    ref_free(&r);
    lamar_gdu_free(m);
}

static void test_vs_reference(void)
{
    vs_reference("small", 100000, 1);
    vs_reference("tiny", 100000, 2);
    vs_reference("paper", 60000, 3);
    vs_reference("paper64", 60000, 4);
}

/* The modes' masks, and the accounting of every fetched sector: with
 * counters wide enough, DEMAND + PRED_REF + PRED_NREF + the predicted
 * sectors still resident = every sector fetched. */
static void test_modes_and_accounting(void)
{
    for (unsigned md = 0; md < 3; md++) {
        lamar_gdu_cfg_t c;
        lamar_gdu_t *m = mk("small", &c);
        ct_rng_t g;
        ct_rng_seed(&g, 40 + md);
        uint64_t tag[16] = {0}, fetched = 0;
        lamar_gdu_in_t in;
        lamar_gdu_out_t o;
        memset(&in, 0, sizeof in);
        in.rst_i = 1;
        lamar_gdu_cycle(m, &in, &o);
        memset(&in, 0, sizeof in);
        in.mode_wr_i = 1, in.mode_i = md;
        lamar_gdu_cycle(m, &in, &o);
        for (unsigned t = 0; t < 20000; t++) {
            memset(&in, 0, sizeof in);
            uint64_t a = ct_rng_below(&g, 40);
            unsigned line = (unsigned)(a % 16), sec = 1 + (unsigned)ct_rng_below(&g, 15);
            unsigned sv, u, p;
            int live = lamar_gdu_line(m, line, &sv, &u, &p);
            in.op_i = LAMAR_GDU_ACCESS, in.line_i = line, in.addr_i = a, in.sec_i = sec;
            in.hit_i = tag[line] == a + 1, in.vaddr_i = tag[line] ? tag[line] - 1 : 0;
            tag[line] = a + 1;
            lamar_gdu_cycle(m, &in, &o);
            fetched += pop((unsigned)o.fetch_o);
            unsigned want;
            if (in.hit_i) {
                unsigned missing = sec & ~(live ? sv : 0);
                want = md == LAMAR_GDU_FG ? missing : md == LAMAR_GDU_CG ? (missing ? 15 & ~(live ? sv : 0) : 0)
                                                                          : (unsigned)o.fetch_o;
            } else {
                want = md == LAMAR_GDU_FG ? sec : md == LAMAR_GDU_CG ? 15u : (unsigned)o.fetch_o;
            }
            if (o.fetch_o != want) {
                CHECK_EQ(o.fetch_o, want, "mode %u cycle %u: the fetch mask", md, t);
                break;
            }
            if (md == LAMAR_GDU_DYN && (o.miss_o || o.smiss_o))
                CHECK((o.fetch_o & sec) == (sec & ~(in.hit_i && live ? sv : 0)), "dynamic: the requested missing sectors always fetched");
        }
        uint64_t resident = 0;
        for (unsigned l = 0; l < 16; l++) {
            unsigned sv, u, p;
            if (lamar_gdu_line(m, l, &sv, &u, &p))
                resident += pop(p);
        }
        lamar_gdu_eval(m, &(lamar_gdu_in_t){0}, &o);
        CHECK_EQ(o.demand_o + o.pref_o + o.pnref_o + resident, fetched,
                 "mode %u: DEMAND + PRED_REF + PRED_NREF + predicted still resident = fetched", md);
        if (md == LAMAR_GDU_FG)
            CHECK(o.pref_o == 0 && o.pnref_o == 0 && resident == 0, "FG-only predicts nothing");
        lamar_gdu_free(m);
    }
}

static void test_config_rules(void)
{
    lamar_gdu_cfg_t c;
    char err[CT_ERRLEN];
    ut_config(&lamar_gdu_block, "small", c.v, sizeof c.v / sizeof c.v[0]);
    c.SECT = 3;
    CHECK(lamar_gdu_check(&c, err, sizeof err) == -1 && strstr(err, "SECT=3 is neither 2 nor 4"), "SECT 3: %s", err);
    c.SECT = 2;
    CHECK_EQ(lamar_gdu_check(&c, err, sizeof err), 0, "SECT 2: %s", err);
    c.N = 33;
    CHECK(lamar_gdu_check(&c, err, sizeof err) == -1 && strstr(err, "N=33 is odd"), "the BGP's rules: %s", err);
    bgp_cfg_t b;
    ut_config(&lamar_gdu_block, "paper", c.v, sizeof c.v / sizeof c.v[0]);
    lamar_gdu_bgp_cfg(&c, &b);
    CHECK(b.M_W == 11 && b.K == 6 && b.N == 512 && b.ADDR_W == 25 && b.TH_FG == 2 && b.WIN == 1000 && b.SKEW_PCT == 70,
          "the BGP of Table 1");
    uint32_t cfg[CT_MAX_PARAMS];
    ct_config_parse(&lamar_gdu_block, "paper", cfg, err, sizeof err);
    ct_storage_t s[CT_MAX_STORAGE];
    unsigned n = lamar_gdu_block.storage(cfg, s);
    uint64_t bgp_bits = 0, meta = 0;
    for (unsigned i = 0; i < n; i++) {
        if (!strcmp(s[i].name, "bitarray"))
            bgp_bits += s[i].entries * s[i].bits;
        if (!strcmp(s[i].name, "sector_meta"))
            meta = s[i].entries * s[i].bits;
    }
    CHECK_EQ(bgp_bits, 4096, "Sec. 5.6: 4K bits of filter per GDU");
    /* the line view: a line past LINES is dead */
    lamar_gdu_t *m = mk("tiny", &c);
    unsigned sv = 9, u = 9, p = 9;
    for (unsigned l = c.LINES; l < 8; l++)
        CHECK(lamar_gdu_line(m, l, &sv, &u, &p) == 0 && sv == 0 && u == 0 && p == 0, "line %u of 5: dead, 0", l);
    lamar_gdu_free(m);
    CHECK_EQ(meta, 128 * 12, "the L1's 128 lines x (valid, used, predicted) x 4 sectors");
}

/* ---------------------------------------------- the paper's mechanism, measured */

typedef struct {
    uint64_t demand, pref, pnref, npref, misses, smisses;
} tally_t;

/* A stream of block accesses whose blocks each use `k` sectors on average
 * (Table 3's Avg_sec), through the L1 GDU (128 lines, direct-mapped here)
 * in mode md. */
static tally_t stream(double avg_sec, unsigned md, uint64_t seed, unsigned accesses)
{
    lamar_gdu_cfg_t c;
    lamar_gdu_t *m = mk("paper", &c);
    ct_rng_t g;
    ct_rng_seed(&g, seed);
    static uint64_t tag[128];
    memset(tag, 0, sizeof tag);
    lamar_gdu_in_t in;
    lamar_gdu_out_t o;
    memset(&in, 0, sizeof in);
    in.rst_i = 1;
    lamar_gdu_cycle(m, &in, &o);
    memset(&in, 0, sizeof in);
    in.mode_wr_i = 1, in.mode_i = md;
    lamar_gdu_cycle(m, &in, &o);
    tally_t t = {0, 0, 0, 0, 0, 0};
    const unsigned blocks = 4096;
    /* each block's footprint: k sectors with E[k] = avg_sec (k = floor or
     * ceil of it), a fixed pattern per block */
    static unsigned fp[4096];
    for (unsigned b = 0; b < blocks; b++) {
        double f = avg_sec - (unsigned)avg_sec;
        unsigned k = (unsigned)avg_sec + ((double)ct_rng_below(&g, 1000) < f * 1000 ? 1 : 0);
        k = k < 1 ? 1 : k > 4 ? 4 : k;
        unsigned mask = 0;
        while ((unsigned)pop(mask) < k)
            mask |= 1u << ct_rng_below(&g, 4);
        fp[b] = mask;
    }
    for (unsigned a = 0; a < accesses;) {
        /* a visit: a block from a sliding window of 512 blocks (four times the
         * cache), each sector of its footprint accessed once, in a random
         * order, one a cycle (the sectors a block uses while it is cached) */
        uint64_t blk = (a / 64 + ct_rng_below(&g, 512)) % blocks;
        unsigned mask = fp[blk];
        while (mask && a < accesses) {
            unsigned nth = (unsigned)ct_rng_below(&g, (uint64_t)pop(mask)), sec = 0;
            for (unsigned s = 0; s < 4; s++)
                if ((mask >> s) & 1 && !nth--) {
                    sec = 1u << s;
                    break;
                }
            mask &= ~sec;
            unsigned line = (unsigned)(blk % 128);
            memset(&in, 0, sizeof in);
            in.op_i = LAMAR_GDU_ACCESS, in.line_i = line, in.addr_i = blk, in.sec_i = sec;
            in.hit_i = tag[line] == blk + 1, in.vaddr_i = tag[line] ? tag[line] - 1 : 0;
            tag[line] = blk + 1;
            lamar_gdu_cycle(m, &in, &o);
            t.misses += o.miss_o;
            t.smisses += o.smiss_o;
            a++;
        }
    }
    lamar_gdu_eval(m, &(lamar_gdu_in_t){0}, &o);
    t.demand = o.demand_o, t.pref = o.pref_o, t.pnref = o.pnref_o, t.npref = o.npref_o;
    lamar_gdu_free(m);
    return t;
}

static void test_mechanism(void)
{
    static const double avg[] = {1.09, 1.5, 2.0, 3.0, 4.0};
    static const char *const mname[3] = {"BGP", "CG-only", "FG-only"};
    printf("  Avg_sec  mode      read-in   vs FG   DEMAND  PRED_REF  PRED_NREF  NPRED_REF  fetches\n");
    for (unsigned a = 0; a < 5; a++) {
        tally_t t[3];
        for (unsigned md = 0; md < 3; md++)
            t[md] = stream(avg[a], md, 77 + a, 200000);
        uint64_t fg = t[2].demand + t[2].pref + t[2].pnref;
        uint64_t rin[3];
        for (unsigned md = 0; md < 3; md++) {
            rin[md] = t[md].demand + t[md].pref + t[md].pnref;
            printf("  %7.2f  %-8s %8llu  %+5.0f%%  %7llu  %8llu  %9llu  %9llu  %7llu\n", avg[a], mname[md],
                   (unsigned long long)rin[md], 100.0 * ((double)rin[md] / (double)fg - 1),
                   (unsigned long long)t[md].demand, (unsigned long long)t[md].pref,
                   (unsigned long long)t[md].pnref, (unsigned long long)t[md].npref,
                   (unsigned long long)(t[md].misses + t[md].smisses));
        }
        CHECK(rin[2] <= rin[0] && rin[2] <= rin[1], "Avg_sec %.2f: FG-only reads the fewest sectors", avg[a]);
        CHECK(t[2].pref == 0 && t[2].pnref == 0, "FG-only predicts nothing");
        CHECK(t[1].npref == 0, "CG-only never misses a sector of a present block");
        if (avg[a] < 2) /* FG-leaning: the BGP reads far fewer sectors than CG-only */
            CHECK(rin[0] - rin[2] < (rin[1] - rin[2]) / 2, "Avg_sec %.2f: BGP read-in nearer FG-only (%llu) than "
                  "CG-only (%llu): %llu", avg[a], (unsigned long long)rin[2], (unsigned long long)rin[1],
                  (unsigned long long)rin[0]);
        if (avg[a] > 2) /* CG-leaning: the BGP avoids FG-only's sector misses */
            CHECK(t[0].npref < t[2].npref / 2, "Avg_sec %.2f: BGP's NPRED_REF (%llu) under half of FG-only's (%llu)",
                  avg[a], (unsigned long long)t[0].npref, (unsigned long long)t[2].npref);
    }
}

const ut_test_t lamar_gdu_tests[] = {
    {"lamar_gdu/vs_reference", "every output and count vs the page's rules and a BGP beside it", test_vs_reference},
    {"lamar_gdu/modes_accounting", "FG/CG masks by the paper's words; every fetched sector accounted for",
     test_modes_and_accounting},
    {"lamar_gdu/config_rules", "SECT 2 or 4; the BGP's rules; 4K bits of filter", test_config_rules},
    {"lamar_gdu/mechanism", "Avg_sec 1.09-4: read-in sectors and the quality split per mode", test_mechanism},
    {NULL, NULL, NULL},
};
