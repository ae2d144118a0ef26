/*
 * test_cache.c - the functional cache (workloads/wl_cache.c) and the
 * LAMAR experiment built on it (wl_lamar.c, docs/workloads.md), against
 * hand-worked examples:
 *
 *   lru        a 2-set, 2-way cache: fills take the lowest invalid way, a
 *              hit makes a line most recently used, a full set evicts its
 *              least recently used line, write-evict frees a way;
 *   set        wl_cache_set is line mod sets, for power-of-two set counts
 *              (a mask) and others (768, the L2's), and the lookups use it;
 *   lamar      a 10-request trace through an L1 of 8 lines (2 sets x 4 ways)
 *              in CG-only, FG-only and BGP mode, every count worked out by
 *              hand from lamar_gdu's rules (docs/blocks/lamar_gdu.md);
 *   vectors    the trace's GDU cycles written as golden vectors read back
 *              and replay on the C model; so too cluster 0's ata_tags
 *              cycles, the loscache unit's and SM 0's sleep_fsm cycles, each
 *              by hand (rows, an input port), and recording changes no result;
 *   ccn        an 8-request trace on a 3-node ring through L1s mirrored into
 *              shadow_tags: misses, sharers at distance 1 and 2, hops both
 *              ways, lookups, and with short stored tags the alias hit;
 *   ata        an 8-request trace on 2 clusters of 2 SMs through ata_tags:
 *              LOCAL / REMOTE / L2 per request, the write-evict, the other
 *              cluster not sharing, and with a 1-bit tag the alias; its
 *              baselines (decoupled sharing, remote sharing's probes) and
 *              the data banks' waits at each GAP on six short traces;
 *   loscache   an 11-request trace into a 16-line L2 under loscache (LIMIT 3):
 *              the prediction phase, the count load, a gating, an early
 *              gating, two bypasses, an unpredicted PC, the ungated
 *              baseline's misses and the powered line-cycles;
 *   leak       a 6-request trace under aggressive drowsy: stalls, residency
 *              line-cycle by line-cycle (the L1s', and the L2's managed on
 *              its own), Eq. (1) with and without E'; and
 *              under decay a line found OFF (its data lost, refilled).
 *
 * TEST RATIONALE: the experiments' numbers are only as right as the cache
 * that feeds the blocks; a wrong victim, a missed LRU update or a store
 * that does not evict changes these hand-worked counts (tb/mutants/work.txt).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ct_vec.h"
#include "sleep_fsm.h"
#include "ut.h"
#include "wl_ata.h"
#include "wl_cache.h"
#include "wl_ccn.h"
#include "wl_lamar.h"
#include "wl_leak.h"
#include "wl_los.h"
#include "wl_vec.h"

static void run_lru(void)
{
    wl_cache_t c;
    wl_lookup_t r;
    CHECK(wl_cache_init(&c, 2, 2) == 0, "a 2 x 2 cache");
    wl_cache_access(&c, 0, &r);
    CHECK(!r.hit && r.set == 0 && r.way == 0 && !r.evicted, "line 0: a miss filling set 0 way 0");
    wl_cache_access(&c, 2, &r);
    CHECK(!r.hit && r.set == 0 && r.way == 1 && !r.evicted, "line 2: set 0 way 1");
    wl_cache_access(&c, 1, &r);
    CHECK(!r.hit && r.set == 1 && r.way == 0, "line 1: set 1");
    wl_cache_access(&c, 0, &r);
    CHECK(r.hit && r.way == 0, "line 0 again: a hit, now most recently used");
    wl_cache_access(&c, 4, &r);
    CHECK(!r.hit && r.way == 1 && r.evicted && r.victim == 2, "line 4 evicts line 2, the least recently used");
    CHECK(wl_cache_find(&c, 2) == -1 && wl_cache_find(&c, 0) == 0 && wl_cache_find(&c, 4) == 1,
          "2 is gone, 0 and 4 stay");
    wl_cache_access(&c, 6, &r);
    CHECK(r.evicted && r.victim == 0 && r.way == 0, "line 6 evicts line 0 (4 was used after it)");
    wl_cache_inval(&c, 0, 1);
    CHECK(wl_cache_find(&c, 4) == -1, "write-evict removes line 4");
    wl_cache_access(&c, 8, &r);
    CHECK(!r.hit && !r.evicted && r.way == 1, "line 8 takes the freed way without an eviction");
    CHECK(wl_cache_find(&c, 1) == 0, "set 1 untouched by set 0's traffic");
    wl_cache_free(&c);
}

static void run_set(void)
{
    static const unsigned sets[] = {1, 2, 4, 64, 3, 6, 96, 768};
    static const uint64_t lines[] = {0, 1, 2, 3, 5, 63, 64, 65, 767, 768, 769, 0x7f10000000ull, ~0ull, ~0ull - 1};
    for (unsigned i = 0; i < sizeof sets / sizeof sets[0]; i++) {
        wl_cache_t c;
        CHECK(wl_cache_init(&c, sets[i], 2) == 0, "%u sets", sets[i]);
        for (unsigned k = 0; k < sizeof lines / sizeof lines[0]; k++)
            CHECK_EQ(wl_cache_set(&c, lines[k]), lines[k] % sets[i], "line %#llx of %u sets",
                     (unsigned long long)lines[k], sets[i]);
        wl_lookup_t r;
        wl_cache_access(&c, 769, &r);
        CHECK(r.set == 769 % sets[i] && wl_cache_find(&c, 769) == 0, "%u sets: line 769 filled in set %u",
              sets[i], 769 % sets[i]);
        wl_cache_free(&c);
    }
}

static char g_path[96];

/* The hand-worked trace: SM 0, warp 0, one PC per request (no merging). */
static void write_trace(void)
{
    static const struct {
        const char *kind;
        unsigned line, sec;
    } req[] = {
        {"ld", 0, 0x1}, {"ld", 0, 0x2}, {"st", 0, 0x1}, {"ld", 2, 0xf}, {"ld", 4, 0x1},
        {"ld", 6, 0x1}, {"ld", 8, 0x1}, {"ld", 10, 0x1}, {"st", 12, 0x1}, {"ldg", 2, 0x1},
        {"ld", 14, 0x1}, {"ld", 4, 0x1},
    };
    FILE *f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 hand\n");
    unsigned n = 0;
    for (unsigned i = 0; i < sizeof req / sizeof req[0]; i++)
        for (unsigned k = 0; k < 4; k++)
            if (req[i].sec >> k & 1) {
                fprintf(f, "0 0 %x %s %x 32\n", 0x10 * (i + 1), req[i].kind, req[i].line * 128 + k * 32);
                n++;
            }
    fprintf(f, "%%end %u\n", n);
    fclose(f);
}

/* Replays the vector file vpath on a fresh C model of its block (which must
 * be block): its rows, or -1 when it does not read as that block's; the
 * rows whose outputs differ into *bad; input port `port` of the first n
 * rows into col. */
static long replay_rows(const char *vpath, const char *block, const char *port, unsigned *col, unsigned n,
                        unsigned *bad)
{
    char err[CT_ERRLEN];
    ct_vec_reader_t *vr = ct_vec_open(vpath, NULL, NULL, err, sizeof err);
    if (!vr) {
        printf("  %s: %s\n", vpath, err);
        return -1;
    }
    const ct_vec_header_t *h = ct_vec_header(vr);
    if (strcmp(h->block->name, block) != 0) {
        ct_vec_close(vr);
        return -1;
    }
    unsigned p = 0;
    for (unsigned i = 0; i < h->block->n_in; i++)
        if (!strcmp(h->block->in[i].name, port))
            p = i;
    void *m = h->block->create(h->cfg);
    uint64_t in[CT_MAX_WORDS], exp[CT_MAX_WORDS], act[CT_MAX_WORDS];
    unsigned word;
    long rows = 0;
    int k;
    *bad = 0;
    while ((k = ct_vec_next(vr, in, exp, err, sizeof err)) == 1) {
        if ((unsigned long)rows < n)
            col[rows] = (unsigned)in[h->in_off[p]];
        rows++;
        h->block->cycle(m, in, act);
        *bad += ct_vec_diff(h, exp, act, &word) >= 0;
    }
    h->block->destroy(m);
    ct_vec_close(vr);
    return k == 0 ? rows : -1;
}

/* Runs experiment run (wl_ata_run, ...) on g_path with cfg, recording its
 * block's first max cycles into a vector file: that file's path, or NULL
 * when the run failed; *res_plain and *res_rec the results without and
 * with the recording. */
#define RUN_RECORDED(run, cfg, res_plain, res_rec, max, vpath, ok)                                        \
    do {                                                                                                  \
        char err_[CT_ERRLEN];                                                                             \
        snprintf(vpath, sizeof vpath, "%s.vec", g_path);                                                 \
        FILE *v_ = fopen(vpath, "w");                                                                     \
        wl_vec_to_t to_ = {v_, max, NULL, NULL};                                                          \
        ok = run(g_path, cfg, &res_plain, NULL, err_, sizeof err_) == 0 &&                                \
             run(g_path, cfg, &res_rec, &to_, err_, sizeof err_) == 0;                                    \
        fclose(v_);                                                                                       \
        CHECK(ok, "%s with vectors: %s", #run, err_);                                                     \
        CHECK(!memcmp(&res_plain, &res_rec, sizeof res_plain), "%s: recording changes no result", #run); \
    } while (0)

static void run_lamar(void)
{
    ut_tmp(g_path, sizeof g_path, "ct_cache_test", "trace");
    write_trace();
    char err[CT_ERRLEN];
    wl_lamar_res_t r[WL_LAMAR_MODES];
    for (unsigned m = 0; m < WL_LAMAR_MODES; m++)
        CHECK(wl_lamar_run(g_path, m, "paper,LINES=8", &r[m], NULL, err, sizeof err) == 0, "mode %u: %s", m,
              err);
    /* worked by hand (docs/workloads.md, "Experiment: LAMAR"); set 0 holds the even lines:
     *  1 ld 0 {0}: block miss (cold)       CG fetch 4: DEMAND 1, 3 predicted  | FG fetch 1: DEMAND 1
     *  2 ld 0 {1}: present                 CG sector hit: PRED_REF 1          | FG sector miss: fetch 1, DEMAND, NPRED_REF
     *  3 st 0: write-evict (INVAL)         CG: PRED_NREF 2 (sectors 2, 3)     | FG: nothing predicted
     *  4 ld 2 {0..3}: miss into set 0's freed way 0: fetch 4, DEMAND 4 in both
     *  5-7 ld 4, 6, 8 {0}: misses into ways 1-3: CG 3 x (DEMAND 1 + 3 predicted), FG 3 x DEMAND 1
     *  8 ld 10 {0}: set 0 full, LRU line 2 evicted (all 4 used: nothing unreferenced); DEMAND 1 (+3 CG)
     *  9 st 12: not present, nothing; 10 ldg: bypasses L1
     * 11 ld 14 {0}: evicts line 4 (1 sector used: low locality; CG: PRED_NREF 3); DEMAND 1 (+3 CG)
     * 12 ld 4 {0}: evicts line 6 (the same); DEMAND 1 (+3 CG)
     * BGP: default CG; lines 0 and 2 leave with 2 and 4 sectors used (high: not inserted), line 4 with 1
     * (low: inserted, as the default is CG) at request 11, so request 12's miss of line 4 hits the filter
     * and is fetched FG: 1 sector. */
    const wl_lamar_res_t *cg = &r[WL_LAMAR_CG], *fg = &r[WL_LAMAR_FG], *bgp = &r[WL_LAMAR_DYN];
    CHECK(cg->requests == 11 && cg->loads == 9 && cg->stores == 2 && cg->sms == 1,
          "11 L1 requests: 9 loads, 2 stores");
    CHECK_EQ(cg->l1.readin, 32, "CG read-in: 4 + 4 + 3 x 4 + 4 + 4 + 4");
    CHECK(cg->l1.block_miss == 8 && cg->l1.sector_miss == 0 && cg->l1.hits == 1, "CG: 8 block misses, 1 sector hit");
    CHECK(cg->l1.demand == 11 && cg->l1.pref == 1 && cg->l1.pnref == 8 && cg->l1.npref == 0,
          "CG: DEMAND 11, PRED_REF 1, PRED_NREF 8, NPRED_REF 0 (got %llu %llu %llu %llu)",
          (unsigned long long)cg->l1.demand, (unsigned long long)cg->l1.pref, (unsigned long long)cg->l1.pnref,
          (unsigned long long)cg->l1.npref);
    CHECK_EQ(cg->store_evict, 1, "one store found its line and evicted it");
    /* Avg_sec, the sectors referenced in a block's life (LAMAR Table 3): line 0 leaves at 3 (write-evict) with
     * {0, 1}, line 2 at 8 with 4, lines 4 and 6 at 11 and 12 with 1; at the end lines 8, 10, 14, 4 with 1
     * each: 8 lives, 2 + 4 + 1 + 1 + 4 = 12 sectors, in every mode (the tags, not the fetches, decide) */
    for (unsigned m = 0; m < 3; m++)
        CHECK(r[m].l1.blocks == 8 && r[m].l1.block_sectors == 12, "mode %u: Avg_sec 12 / 8 (got %llu / %llu)", m,
              (unsigned long long)r[m].l1.block_sectors, (unsigned long long)r[m].l1.blocks);
    CHECK_EQ(fg->l1.readin, 12, "FG read-in: 1 + 1 + 4 + 3 + 1 + 1 + 1");
    CHECK(fg->l1.block_miss == 8 && fg->l1.sector_miss == 1 && fg->l1.hits == 0, "FG: 8 block misses, 1 sector miss");
    CHECK(fg->l1.demand == 12 && fg->l1.pref == 0 && fg->l1.pnref == 0 && fg->l1.npref == 1, "FG: DEMAND 12, NPRED_REF 1");
    /* the L2 (6,144 lines, 16-way: lines 0..14 in sets of their own, nothing evicted) reads what passes the L1:
     * each fetch, each store, the ldg.  CG: 1 ld 0 {0..3} block miss, fetch 4; 3 st 0 hit; 4 ld 2, 5-8 lines
     * 4..10, 9 st 12, 11 ld 14: block misses, 4 each; 10 ldg 2 and 12 ld 4 hits: 11 reads, 32 sectors from DRAM,
     * 3 hits.  FG: the L1 asks for its fetches only - 1 line 0 {0} miss (1), 2 {1} a sector miss (1), 3 hit,
     * 4 line 2 {0..3} (4), 5-8 and 9, 11 one each (6), 10 and 12 hits: 12 reads, 12 sectors, 3 hits.  BGP and
     * BGP_inf: no L2 eviction, so the L2's set stays empty and its default CG holds: as CG, request 12's FG
     * fetch {0} of line 4 a hit */
    /* the L2's DEMAND: the sectors it fetched that its read asked for - CG: 4 for each of the L1's CG fetches of
     * lines 0, 2, 4 .. 10 and 14 (28) and 1 for the store to 12 (its 3 others predicted): 29; FG: all 12 */
    CHECK(cg->l2.demand == 29 && fg->l2.demand == 12, "L2 DEMAND: CG 29, FG 12 (got %llu %llu)",
          (unsigned long long)cg->l2.demand, (unsigned long long)fg->l2.demand);
    CHECK(cg->l2_req == 11 && cg->l2.readin == 32 && cg->l2.block_miss == 8 && cg->l2.hits == 3 &&
              cg->l2.cg_miss == 8,
          "L2 CG: 11 reads, 32 sectors read in, 8 block misses fetched CG, 3 hits (got %llu %llu %llu %llu)",
          (unsigned long long)cg->l2_req, (unsigned long long)cg->l2.readin, (unsigned long long)cg->l2.block_miss,
          (unsigned long long)cg->l2.hits);
    CHECK(fg->l2_req == 12 && fg->l2.readin == 12 && fg->l2.block_miss == 8 && fg->l2.sector_miss == 1 &&
              fg->l2.hits == 3 && fg->l2.cg_miss == 0,
          "L2 FG: 12 reads, 12 sectors, 8 block misses, 1 sector miss, 3 hits (got %llu %llu %llu %llu %llu)",
          (unsigned long long)fg->l2_req, (unsigned long long)fg->l2.readin, (unsigned long long)fg->l2.block_miss,
          (unsigned long long)fg->l2.sector_miss, (unsigned long long)fg->l2.hits);
    for (unsigned m = WL_LAMAR_DYN; m <= WL_LAMAR_INF; m += WL_LAMAR_INF)
        CHECK(r[m].l2_req == 11 && r[m].l2.readin == 32 && r[m].l2.hits == 3 && r[m].l2.switches == 0,
              "L2 mode %u: no eviction, the default CG: 11 reads, 32 sectors, 3 hits (got %llu %llu %llu)", m,
              (unsigned long long)r[m].l2_req, (unsigned long long)r[m].l2.readin, (unsigned long long)r[m].l2.hits);
    /* BGP_inf: the same rules over an exact set; this trace's filter makes no false positive, so the same
     * decisions: CG until request 12, whose line 4 is in the set (inserted at request 11): the GDU is switched to FG
     * once, before it */
    const wl_lamar_res_t *inf = &r[WL_LAMAR_INF];
    CHECK(inf->l1.readin == 29 && inf->l1.cg_miss == 7 && inf->l1.pnref == 8 && inf->l1.switches == 1,
          "BGP_inf: BGP's decisions, one switch to FG (got read-in %llu, %llu CG misses, %llu switches)",
          (unsigned long long)inf->l1.readin, (unsigned long long)inf->l1.cg_miss, (unsigned long long)inf->l1.switches);
    CHECK(bgp->l1.readin == 29 && bgp->l1.cg_miss == 7 && bgp->l1.pnref == 8 && bgp->l1.demand == 11,
          "BGP: CG but for request 12, FG on the filter's hit: read-in 29 (got %llu, %llu CG misses)",
          (unsigned long long)bgp->l1.readin, (unsigned long long)bgp->l1.cg_miss);
    /* SPP on its own trace (one SM, LINES=8, set 0 the even lines), keyed by (PC, the missing access's first sector):
     * ld 0 {0} pc 10: no history: the whole line (4); st 0: write-evict, records (10, 0) -> {0};
     * ld 2 {0} pc 10: (10, 0)'s pattern {0} (1); ld 2 {1} pc 20: a sector miss, demand (1);
     * ld 4 {2} pc 10: (10, 2) has no history: the whole line (4). Read-in 10, 3 block misses, 1 sector miss */
    FILE *sf = fopen(g_path, "w");
    fprintf(sf, "%%trace 1\n%%data\nkernel 1 spp\n0 0 10 ld 0 32\n0 0 10 st 0 32\n0 0 10 ld 100 32\n"
                "0 0 20 ld 120 32\n0 0 10 ld 240 32\n%%end 5\n");
    fclose(sf);
    wl_lamar_res_t sp;
    CHECK(wl_lamar_run(g_path, WL_LAMAR_SPP, "paper,LINES=8", &sp, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(sp.l1.readin == 10 && sp.l1.block_miss == 3 && sp.l1.sector_miss == 1 && sp.l1.hits == 0,
          "SPP: read-in 4 + 1 + 1 + 4, 3 block misses, 1 sector miss (got %llu %llu %llu %llu)",
          (unsigned long long)sp.l1.readin, (unsigned long long)sp.l1.block_miss, (unsigned long long)sp.l1.sector_miss,
          (unsigned long long)sp.l1.hits);
    /* its L2: reads of the L1's fetches and the store - ld 0 {0..3} and ld 4 {0..3} block misses with no
     * pattern (the L2 evicted nothing): 4 each; st 0 a hit; ld 2 {0} a block miss, (10, 0) has no L2 pattern: 4;
     * ld 2 {1} a hit. 5 reads, 12 sectors, 3 block misses, 2 hits */
    CHECK(sp.l2_req == 5 && sp.l2.readin == 12 && sp.l2.block_miss == 3 && sp.l2.hits == 2,
          "SPP's L2: 5 reads, 12 sectors, 3 block misses, 2 hits (got %llu %llu %llu %llu)",
          (unsigned long long)sp.l2_req, (unsigned long long)sp.l2.readin, (unsigned long long)sp.l2.block_miss,
          (unsigned long long)sp.l2.hits);
    write_trace();
    /* 64 B sectors (paper64): the trace's 32 B sectors 0-1 are the GDU's sector 0, 2-3 its sector 1 */
    wl_lamar_res_t r64;
    CHECK(wl_lamar_run(g_path, WL_LAMAR_FG, "paper64,LINES=8", &r64, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r64.l1.readin == 9 && r64.l1.sector_miss == 0,
          "paper64 FG: request 2's sector 1 is in request 1's 64 B sector: read-in 1 + 2 + 3 + 1 + 1 + 1 = 9");
    /* a trace of 64 B sectors: one of them is two of the GDU's 32 B sectors */
    FILE *f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%sector 64\n%%data\nkernel 1 wide\n0 0 10 ld 40 40\n%%end 1\n");
    fclose(f);
    CHECK(wl_lamar_run(g_path, WL_LAMAR_FG, "paper,LINES=8", &r64, NULL, err, sizeof err) == 0, "%s", err);
    CHECK_EQ(r64.l1.readin, 2, "an access in the trace's 64 B sector 1 (bytes 0x40..0x7f) is in the GDU's sectors 2 and 3: FG reads 2");
    write_trace();
    /* the GDU cycles of SM 0 as golden vectors: reset, mode write, 8 accesses
     * and invalidations, the closing NOP */
    char vpath[128];
    snprintf(vpath, sizeof vpath, "%s.vec", g_path);
    FILE *v = fopen(vpath, "w");
    wl_vec_to_t to = {v, 100, NULL, NULL};
    CHECK(wl_lamar_run(g_path, WL_LAMAR_DYN, "paper,LINES=8", &r[0], &to, err, sizeof err) == 0, "vectors: %s", err);
    fclose(v);
    static const unsigned want_sec[13] = {0, 0, 1, 2, 0, 0xf, 1, 1, 1, 1, 1, 1, 0};
    static const unsigned want_op[13] = {0, 0, 1, 1, 2, 1, 1, 1, 1, 1, 1, 1, 0};
    unsigned sec[13], op[13], bad = 9, wrong = 0;
    long rows = replay_rows(vpath, "lamar_gdu", "sec_i", sec, 13, &bad);
    CHECK(rows == 13, "13 cycles: reset, mode, 10 accesses or invalidations, the closing NOP (%ld)", rows);
    CHECK_EQ(bad, 0, "every row replays on the C model");
    replay_rows(vpath, "lamar_gdu", "op_i", op, 13, &bad);
    for (unsigned i = 0; i < 13 && rows == 13; i++)
        wrong += sec[i] != want_sec[i] || op[i] != want_op[i];
    CHECK_EQ(wrong, 0, "each row's op_i and sec_i are the request's (sector k of the trace: bit k)");
    char text[8192] = "";
    FILE *t = fopen(vpath, "r");
    size_t got = t ? fread(text, 1, sizeof text - 1, t) : 0;
    if (t)
        fclose(t);
    text[got] = 0;
    CHECK(strstr(text, "  # reset\n") && strstr(text, "  # mode write\n"), "the first two rows are noted reset and mode write");
    remove(vpath);
    remove(g_path);
}

typedef struct {
    unsigned sm;
    const char *kind;
    unsigned line;
} ccn_req_t;

static void write_ccn_trace(const ccn_req_t *req, unsigned n)
{
    FILE *f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 ring\n");
    for (unsigned i = 0; i < n; i++)
        fprintf(f, "%u 0 %x %s %x 32\n", req[i].sm, 0x10 * (i + 1), req[i].kind, req[i].line * 128);
    fprintf(f, "%%end %u\n", n);
    fclose(f);
}

static void run_ccn(void)
{
    static const ccn_req_t req[] = {{0, "ld", 1}, {2, "ld", 1}, {1, "ld", 1}, {0, "ld", 1}, {0, "st", 1}, {1, "ld", 7}, {2, "ld", 7}, {0, "ld", 7}};
    ut_tmp(g_path, sizeof g_path, "ct_ccn_test", "trace");
    write_ccn_trace(req, sizeof req / sizeof req[0]);
    FILE *f;
    char err[CT_ERRLEN];
    wl_ccn_res_t r;
    /* worked by hand: the ring 0 -> 1 -> 2 -> 0; a miss asks the next node, then the one after
     * 1 SM0 ld 1: miss, asks 1 and 2 (empty): no sharer            2 lookups
     * 2 SM2 ld 1: miss, asks 0: holds 1, d = 1                      1
     * 3 SM1 ld 1: miss, asks 2: holds 1, d = 1                      1
     * 4 SM0 ld 1: an L1 hit; 5 SM0 st 1: write-evict at SM0 (its shadow entry invalidated)
     * 6 SM1 ld 7: miss, asks 2 (holds 1), 0 (nothing): no sharer    2
     * 7 SM2 ld 7: miss, asks 0 (nothing), 1: holds 7, d = 2         2
     * 8 SM0 ld 7: miss, asks 1: holds 7, d = 1                      1 */
    CHECK(wl_ccn_run(g_path, "small", &r, err, sizeof err) == 0, "%s", err);
    CHECK(r.nodes == 3 && r.loads == 7 && r.misses == 6, "3 nodes, 7 loads, 6 misses");
    CHECK(r.remote == 4 && r.shadow_hit == 4 && r.alias == 0 && r.missed_sharer == 0,
          "4 misses a remote L1 serves, each found by a shadow hit (got %llu %llu)", (unsigned long long)r.remote,
          (unsigned long long)r.shadow_hit);
    CHECK(r.hops_opp == 10 && r.hops_same == 12, "hops: 2 + 2 + 4 + 2 against, 4 x 3 with (got %llu %llu)",
          (unsigned long long)r.hops_opp, (unsigned long long)r.hops_same);
    CHECK_EQ(r.lookups, 9, "9 shadow tag lookups");
    CHECK(r.remote3 == 4 && r.remote5 == 4, "3 nodes: one cluster of 3 (and of 5) holds every sharer");
    CHECK(r.l2_req == 3 && r.l2_hit == 1, "L2: the misses no sharer served (1, 6: lines 1, 7, both cold) and the "
          "store (5: line 1, there since 1): 3 requests, 1 hit (got %llu %llu)", (unsigned long long)r.l2_req,
          (unsigned long long)r.l2_hit);
    /* TAG_W=8 of LA_W=12: a stored tag is la >> 4, and lines 1 and 7 share set 1 (mod 6) and tag 0 */
    /* clusters: SMs 0, 2, 3 load line 1 in turn; SM 2's sharer SM 0 is in its cluster of 3 ({0, 1, 2}) and of 5
     * ({0..4}); SM 3's sharers SM 0 and 2 are in its cluster of 5, not of 3 ({3, 4, 5}) */
    f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 clusters\n0 0 10 ld 80 32\n2 0 10 ld 80 32\n3 0 10 ld 80 32\n%%end 3\n");
    fclose(f);
    CHECK(wl_ccn_run(g_path, "small,CORE_W=3", &r, err, sizeof err) == 0, "%s", err);
    CHECK(r.misses == 3 && r.remote == 2 && r.remote3 == 1 && r.remote5 == 2,
          "clusters: 3 misses, 2 a remote L1 holds, 1 within 3, 2 within 5 (got %llu %llu %llu %llu)",
          (unsigned long long)r.misses, (unsigned long long)r.remote, (unsigned long long)r.remote3,
          (unsigned long long)r.remote5);
    write_ccn_trace(req, sizeof req / sizeof req[0]);
    CHECK(wl_ccn_run(g_path, "small,TAG_W=8", &r, err, sizeof err) == 0, "%s", err);
    CHECK(r.remote == 4 && r.shadow_hit == 5 && r.alias == 1,
          "request 6 hits SM2's line 1 as if it were 7: one alias hit (got %llu %llu)",
          (unsigned long long)r.shadow_hit, (unsigned long long)r.alias);
    CHECK(r.hops_opp == 12, "the alias is served at d = 1: 2 more hops (%llu)", (unsigned long long)r.hops_opp);
    CHECK(wl_ccn_run(g_path, "small,CORE_W=1", &r, err, sizeof err) < 0 && strstr(err, "CORE_W=1 names 2"),
          "3 SMs need CORE_W >= 2: %s", err);
    remove(g_path);
}

/* writes a trace of (sm, kind: 0 ld / 1 st, sector, sectors) requests from
 * sector `sector` (bytes 32k .. 32k + 31 are sector k, of line k div 4) on,
 * `sectors` of them (0: 1); a second kernel starts before request brk (none
 * when brk >= n) */
static void ata_trace(const char *name, const unsigned (*req)[4], unsigned n, unsigned brk)
{
    ut_tmp(g_path, sizeof g_path, name, "trace");
    FILE *f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 ata\n");
    for (unsigned i = 0; i < n; i++) {
        if (i == brk)
            fprintf(f, "kernel 2 next\n");
        fprintf(f, "%u 0 %x %s %x %u\n", req[i][0], 0x10 * (i + 1), req[i][1] ? "st" : "ld", req[i][2] * 32,
                32 * (req[i][3] ? req[i][3] : 1));
    }
    fprintf(f, "%%end %u\n", n);
    fclose(f);
}

static void run_ata(void)
{
    /* lines 4, 6, 8 (sectors 16, 24, 32: each request the line's first sector) */
    static const unsigned req[][4] = {{0, 0, 16}, {1, 0, 16}, {1, 0, 16}, {2, 0, 16},
                                      {0, 1, 16}, {0, 0, 16}, {3, 0, 24}, {0, 0, 32}};
    ata_trace("ct_ata_test", req, sizeof req / sizeof req[0], 99);
    char err[CT_ERRLEN];
    wl_ata_res_t r;
    /* worked by hand: clusters {0, 1} and {2, 3}; 2 sets (line mod 2), 4 ways
     * 1 SM0 ld 4: nobody has it: L2, filled into SM0     5 SM0 st 4: write-evict at SM0
     * 2 SM1 ld 4: SM0 has it: REMOTE, filled into SM1   6 SM0 ld 4: SM1 has it: REMOTE
     * 3 SM1 ld 4: LOCAL                                  7 SM3 ld 6: L2
     * 4 SM2 ld 4: only cluster 0 has it: L2              8 SM0 ld 8: L2 */
    CHECK(wl_ata_run(g_path, "example", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.clusters == 2 && r.cores == 2, "2 clusters of 2");
    CHECK(r.loads[0] == 5 && r.local[0] == 1 && r.remote[0] == 2 && r.l2[0] == 2,
          "cluster 0: 5 loads, 1 local, 2 remote, 2 L2 (got %llu %llu %llu %llu)", (unsigned long long)r.loads[0],
          (unsigned long long)r.local[0], (unsigned long long)r.remote[0], (unsigned long long)r.l2[0]);
    CHECK(r.loads[1] == 2 && r.local[1] == 0 && r.remote[1] == 0 && r.l2[1] == 2, "cluster 1: 2 loads, both L2");
    CHECK(r.private_hit == 1 && r.mismatch == 0, "1 private hit (request 3), no disagreement");
    CHECK(r.l2_req == 5 && r.l2_hit == 2, "L2: the L2-routed loads 1, 4, 7, 8 (lines 4, 4, 6, 8) and the store 5 "
          "(line 4): 5 requests, hits at 4 and 5 (got %llu %llu)", (unsigned long long)r.l2_req,
          (unsigned long long)r.l2_hit);
    /* cluster 0's ata_tags cycles as golden vectors, by hand: the reset; per load its request cycle
     * (req_v_i: the SM's bit) and the read stage's, then a fill when the local L1 missed; the store's
     * invalidate: 1 + 3 + 3 + 2 + 1 + 3 + 3 = 16 rows, each replaying on a fresh C model */
    char vpath[128];
    int ok;
    wl_ata_res_t rr;
    RUN_RECORDED(wl_ata_run, "example", r, rr, 100, vpath, ok);
    static const unsigned want_v[16] = {0, 1, 0, 0, 2, 0, 0, 2, 0, 0, 1, 0, 0, 1, 0, 0};
    unsigned v[16], bad = 9, wrong = 0;
    long rows = ok ? replay_rows(vpath, "ata_tags", "req_v_i", v, 16, &bad) : -1;
    for (unsigned i = 0; i < 16 && rows == 16; i++)
        wrong += v[i] != want_v[i];
    CHECK(rows == 16 && bad == 0 && wrong == 0, "16 rows of cluster 0 (%ld), replayed (%u differ), req_v_i by hand (%u wrong)",
          rows, bad, wrong);
    RUN_RECORDED(wl_ata_run, "example", r, rr, 5, vpath, ok);
    CHECK(replay_rows(vpath, "ata_tags", "req_v_i", v, 16, &bad) == 5 && bad == 0, "VEC 5: the first 5 rows");
    remove(vpath);
    /* TAG_W=1: a stored tag is (line / 2) mod 2, and lines 4 and 8 (set 0) both store 0 */
    CHECK(wl_ata_run(g_path, "example,TAG_W=1", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.local[0] == 2 && r.l2[0] == 1 && r.mismatch == 1,
          "request 8 hits SM0's line 4 as if it were 8: LOCAL, one disagreement (got %llu %llu)",
          (unsigned long long)r.local[0], (unsigned long long)r.mismatch);
    remove(g_path);
}

/* The sectored L1s (ATA-Cache Table II: 32 B sectors), worked by hand on one
 * cluster of 2 SMs (`example`), line 4 (0x200), a request's sectors from its
 * address and size:
 * 1 SM0 ld s0: nobody has the line: L2; SM0 holds {0}
 * 2 SM0 ld s1: LOCAL, s1 missing: a local sector miss, to L2; SM0 {0,1}
 * 3 SM1 ld s0-1: REMOTE (SM0 has both): served by the peer; SM1 {0,1}
 * 4 SM1 ld s3: LOCAL, s3 missing: a local sector miss; SM1 {0,1,3}
 * 5 SM0 st: write-evict at SM0 (to L2)
 * 6 SM0 ld s2: REMOTE (SM1 has the tag), s2 missing there: a remote sector
 *   miss, to L2; SM0 {2}
 * 7 SM0 ld s0-2: LOCAL, s0 and s1 missing: a local sector miss; SM0 {0,1,2}
 * 8 SM1 ld s0: LOCAL and every sector: a local hit */
static void run_ata_sectors(void)
{
    /* line 4 is sectors 16 .. 19 (0x200 .. 0x27f) */
    static const unsigned req[][4] = {{0, 0, 16}, {0, 0, 17}, {1, 0, 16, 2}, {1, 0, 19},
                                      {0, 1, 16}, {0, 0, 18}, {0, 0, 16, 3}, {1, 0, 16}};
    ata_trace("ct_ata_sec_test", req, sizeof req / sizeof req[0], 99);
    char err[CT_ERRLEN];
    wl_ata_res_t r;
    CHECK(wl_ata_run(g_path, "example", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.loads[0] == 7 && r.local[0] == 1 && r.remote[0] == 1 && r.l2[0] == 5,
          "7 loads: 1 local (8), 1 remote (3), 5 from L2 (1, 2, 4, 6, 7) (got %llu %llu %llu %llu)",
          (unsigned long long)r.loads[0], (unsigned long long)r.local[0], (unsigned long long)r.remote[0],
          (unsigned long long)r.l2[0]);
    CHECK(r.local_smiss == 3 && r.remote_smiss == 1, "sector misses: local 2, 4, 7; remote 6 (got %llu %llu)",
          (unsigned long long)r.local_smiss, (unsigned long long)r.remote_smiss);
    CHECK(r.private_hit == 1 && r.mismatch == 0, "1 private hit (8), no disagreement (got %llu %llu)",
          (unsigned long long)r.private_hit, (unsigned long long)r.mismatch);
    CHECK(r.l2_req == 6 && r.l2_hit == 5, "L2: 5 loads and the store, all line 4: 6 requests, 5 hits (got %llu %llu)",
          (unsigned long long)r.l2_req, (unsigned long long)r.l2_hit);
    remove(g_path);
}

/* the waits of r equal private p, ATA-Cache a, decoupled d at every GAP */
static void same_waits(const wl_ata_res_t *r, unsigned p, unsigned a, unsigned d, const char *what)
{
    for (unsigned g = 0; g < WL_ATA_GAPS; g++)
        CHECK(r->port_wait[g][WL_ATA_PRIV] == p && r->port_wait[g][WL_ATA_ATA] == a && r->port_wait[g][WL_ATA_DEC] == d,
              "GAP %u, %s: waits private %u, ATA-Cache %u, decoupled %u (got %llu %llu %llu)", wl_ata_gap[g], what, p,
              a, d, (unsigned long long)r->port_wait[g][0], (unsigned long long)r->port_wait[g][1],
              (unsigned long long)r->port_wait[g][2]);
}

/* ATA-Cache's baselines and the data ports (docs/workloads.md, "The
 * baselines", "The data ports"), worked by hand.  One cluster of 2 SMs
 * (`example`); decoupled: line 2 in slice 0, line 3 in slice 1:
 *   SM0 ld 2  ATA L2;          slice 0 miss            round 0
 *   SM1 ld 2  ATA REMOTE (0);  slice 0 hit, not own    round 0
 *   SM0 ld 3  ATA L2;          slice 1 miss            round 1
 *   SM1 ld 2  ATA LOCAL;       slice 0 hit, not own    round 1
 *   SM1 ld 3  ATA REMOTE (0);  slice 1 hit, own        round 2
 *   SM0 st 3  evicts at SM0 and at slice 1             round 2
 *   SM0 ld 2  ATA LOCAL;       slice 0 hit, own        round 3
 * (round k: each SM's k-th request, issued at cycle k GAP; in a round SM0's
 * request before SM1's).  Probes: the 4 loads the local tags miss.  Ports at
 * every GAP: private none wait; ATA-Cache: round 2's store takes port 0
 * before SM1's remote read, which waits 1; decoupled: round 0's two loads
 * of slice 0 (SM1's waits 1) and round 2's store and load of slice 1 (the
 * load waits 1).  Then 5 SMs (`tiny`) load line 0 in round 0 and SM0 again
 * in round 1: slice 0 serves 5 loads at cycle 0 (waits 0 .. 4, free at 5),
 * so SM0's second load waits 5 - GAP if positive (GAP 2: 3; 4: 1; 8: 0);
 * ATA-Cache sends SM1 .. SM4 to SM0's port (the lowest peer; waits 0 .. 3,
 * free at 4), then SM0's LOCAL load waits 4 - GAP if positive. */
static void run_ata_baselines(void)
{
    static const unsigned two[][4] = {{0, 0, 8}, {1, 0, 8}, {0, 0, 12}, {1, 0, 8}, {1, 0, 12}, {0, 1, 12}, {0, 0, 8}};
    ata_trace("ct_ata_base_test", two, sizeof two / sizeof two[0], 99);
    char err[CT_ERRLEN];
    wl_ata_res_t r;
    CHECK(wl_ata_run(g_path, "example", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.local[0] == 2 && r.remote[0] == 2 && r.l2[0] == 2, "ATA-Cache: 2 local, 2 remote, 2 L2");
    CHECK(r.dc_hit == 4 && r.dc_own == 2, "decoupled: 4 hits, 2 of them in the SM's own slice (got %llu %llu)",
          (unsigned long long)r.dc_hit, (unsigned long long)r.dc_own);
    CHECK(r.rs_probe == 4, "remote sharing: 4 probes (got %llu)", (unsigned long long)r.rs_probe);
    CHECK(r.port_loads[WL_ATA_PRIV] == 6 && r.port_loads[WL_ATA_ATA] == 4 && r.port_loads[WL_ATA_DEC] == 6,
          "loads reading a port: private 6, ATA-Cache 4, decoupled 6 (got %llu %llu %llu)",
          (unsigned long long)r.port_loads[0], (unsigned long long)r.port_loads[1], (unsigned long long)r.port_loads[2]);
    same_waits(&r, 0, 1, 2, "two SMs");
    /* the table's lines: rates of the 6 loads; waits per load reading a port (ATA-Cache 1/4, decoupled 2/6)
     * and the latency against private's 32 + 0 cycles */
    char *txt = NULL;
    size_t len = 0;
    FILE *m = open_memstream(&txt, &len);
    wl_ata_print(m, g_path, "example", &r);
    fclose(m);
    CHECK(txt && strstr(txt, "decoupled sharing (a line in slice line mod 2 only): L1 hit rate 66.7%, the SM's own "
                             "slice 33.3%\n") &&
              strstr(txt, "remote sharing (ATA-Cache's copies found by probing): 4 probes, 0.67 a load\n") &&
              strstr(txt, "    GAP 2: wait private 0.00, ATA-Cache 0.25, decoupled 0.33; latency ATA-Cache +0.8%, "
                          "decoupled +1.0%\n"),
          "the printed baselines and ports:\n%s", txt ? txt : "");
    free(txt);
    remove(g_path);

    static const unsigned five[][4] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}, {4, 0, 0}, {0, 0, 0}};
    ata_trace("ct_ata_base5_test", five, sizeof five / sizeof five[0], 99);
    CHECK(wl_ata_run(g_path, "tiny", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.dc_hit == 5 && r.dc_own == 1 && r.rs_probe == 20,
          "decoupled 5 hits, 1 own; 5 loads missing locally, 4 probes each (got %llu %llu %llu)",
          (unsigned long long)r.dc_hit, (unsigned long long)r.dc_own, (unsigned long long)r.rs_probe);
    static const unsigned gap[WL_ATA_GAPS] = {2, 4, 8}, ata[WL_ATA_GAPS] = {8, 6, 6}, dec[WL_ATA_GAPS] = {13, 11, 10};
    for (unsigned g = 0; g < WL_ATA_GAPS; g++)
        CHECK(wl_ata_gap[g] == gap[g] && r.port_wait[g][WL_ATA_PRIV] == 0 && r.port_wait[g][WL_ATA_ATA] == ata[g] &&
                  r.port_wait[g][WL_ATA_DEC] == dec[g],
              "GAP %u: waits private 0, ATA-Cache %u, decoupled %u (got %llu %llu %llu)", gap[g], ata[g], dec[g],
              (unsigned long long)r.port_wait[g][0], (unsigned long long)r.port_wait[g][1],
              (unsigned long long)r.port_wait[g][2]);
    remove(g_path);
    /* a kernel line before SM0's second load ends the window: that load issues at cycle 0 of the next, its
     * ports free: no wait at any GAP (ATA-Cache 6, decoupled 10: round 0's alone) */
    ata_trace("ct_ata_base5k_test", five, sizeof five / sizeof five[0], 5);
    CHECK(wl_ata_run(g_path, "tiny", &r, NULL, err, sizeof err) == 0, "%s", err);
    same_waits(&r, 0, 6, 10, "a kernel between");
    remove(g_path);

    /* a window is WL_ATA_WINDOW requests of the cluster: SM0 loads line 0 that many times (alone: no wait;
     * the first from L2, the rest LOCAL), then SM1 loads it (REMOTE from SM0; decoupled slice 0): in the next
     * window, at cycle 0, ports free, no wait; in the same window it would wait 1 at slice 0 behind SM0's
     * first load (round 0) */
    static unsigned win[WL_ATA_WINDOW + 1][4];
    win[WL_ATA_WINDOW][0] = 1;
    ata_trace("ct_ata_base_win_test", (const unsigned (*)[4])win, WL_ATA_WINDOW + 1, WL_ATA_WINDOW + 1);
    CHECK(wl_ata_run(g_path, "example", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.remote[0] == 1 && r.port_loads[WL_ATA_ATA] == WL_ATA_WINDOW, "the last load REMOTE; all but the first read a port");
    same_waits(&r, 0, 0, 0, "a new window");
    remove(g_path);

    /* line 0's sectors on `example`, all in slice 0 (sector k in bank k):
     *   round 0: SM0 ld s0 (slice miss; ATA L2), SM1 ld s1 (the tag, not the sector: slice miss, now {s0, s1};
     *            ATA REMOTE to SM0, a remote sector miss); banks 0 and 1: no wait
     *   round 1: SM0 ld s0 (slice hit, own; ATA LOCAL), SM1 st s0 (evicts at the slice; ATA: SM1's L1); the
     *            store waits 1 at the slice's bank 0, not counted (only loads' waits are)
     *   round 2: SM0 ld s1 (slice miss: the store evicted it; ATA LOCAL, a local sector miss) */
    static const unsigned sec[][4] = {{0, 0, 0}, {1, 0, 1}, {0, 0, 0}, {1, 1, 0}, {0, 0, 1}};
    ata_trace("ct_ata_base_sec_test", sec, sizeof sec / sizeof sec[0], 99);
    CHECK(wl_ata_run(g_path, "example", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.dc_hit == 1 && r.dc_own == 1 && r.rs_probe == 2,
          "decoupled: 1 hit (round 1's, own); 2 probes (got %llu %llu %llu)", (unsigned long long)r.dc_hit,
          (unsigned long long)r.dc_own, (unsigned long long)r.rs_probe);
    CHECK(r.port_loads[WL_ATA_PRIV] == 4 && r.port_loads[WL_ATA_ATA] == 3 && r.port_loads[WL_ATA_DEC] == 4,
          "loads reading a port: private 4, ATA-Cache 3, decoupled 4");
    same_waits(&r, 0, 0, 0, "sectors");
    remove(g_path);

    /* the banks, on `example`, line 0 (slice 0):
     *   round 0: SM0 ld s0 (bank 0; ATA L2), SM1 ld s1 (bank 1: no wait at the slice; ATA REMOTE at SM0's bank 1)
     *   round 1: SM0 ld s0-s3 (every bank; ATA LOCAL), SM1 ld s3 (bank 3, after SM0's: wait 1 at the slice;
     *            ATA LOCAL at SM1's own L1) */
    static const unsigned bank[][4] = {{0, 0, 0}, {1, 0, 1}, {0, 0, 0, 4}, {1, 0, 3}};
    ata_trace("ct_ata_base_bank_test", bank, sizeof bank / sizeof bank[0], 99);
    CHECK(wl_ata_run(g_path, "example", &r, NULL, err, sizeof err) == 0, "%s", err);
    same_waits(&r, 0, 0, 1, "banks");
    remove(g_path);
}

static void run_los(void)
{
    static const struct {
        unsigned pc, line;
    } req[] = {{0x10, 0}, {0x10, 0}, {0x20, 2}, {0x10, 4}, {0x10, 4}, {0x10, 4}, {0x20, 6}, {0x20, 6}, {0x30, 8}};
    ut_tmp(g_path, sizeof g_path, "ct_los_test", "trace");
    FILE *f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 los\n");
    for (unsigned i = 0; i < sizeof req / sizeof req[0]; i++) /* ldg: straight to L2; one warp per request */
        fprintf(f, "0 %u %x ldg %x 32\n", i, req[i].pc, req[i].line * 128);
    fprintf(f, "1 0 40 ld 500 32\n1 1 40 ld 500 32\n"); /* SM 1 loads line 10 twice through its L1 */
    fprintf(f, "%%end 11\n");
    fclose(f);
    char err[CT_ERRLEN];
    wl_los_res_t r;
    /* worked by hand (docs/workloads.md, "Experiment: LoSCache"); every line starts OFF; set 0 holds
     * the even lines; SM 0 is the predictor CTA, so its accesses insert their PCs:
     * 1 pc10 line 0: FILL way 0 (count 1)    2 pc10 line 0: HIT, served (count 2)
     * 3 pc20 line 2: FILL way 1 (count 1): the 3rd access ends the phase
     *   count load (2 cycles): pc10 reads line 0's count, P = 2; pc20 line 2's, P = 1
     * 4 pc10 line 4: FILL way 2, P + T = 2     5 pc10 line 4: HIT, count 2 = P + T: served, then gated
     * 6 pc10 line 4: HIT on the OFF line: early gating (T of pc10 +1), refilled: an extra miss
     * 7, 8 pc20 line 6: P + T = 1: bypassed twice (not allocated, so a miss again)
     * 9 pc30 line 8: no entry, no prediction: FILL way 3
     * 10 SM 1 ld line 10: an L1 miss, so an L2 request: pc40 has no entry: FILL way 4
     * 11 SM 1 ld line 10: an L1 hit: nothing reaches L2 */
    CHECK(wl_los_run(g_path, "small,LIMIT=3", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.l2_req == 10 && r.l2_hit == 3 && r.served == 2 && r.early == 1,
          "10 L2 requests: 3 tag hits, 2 served, 1 on a gated line (got %llu %llu %llu %llu)",
          (unsigned long long)r.l2_req, (unsigned long long)r.l2_hit, (unsigned long long)r.served,
          (unsigned long long)r.early);
    CHECK(r.l2_fill == 7 && r.bypass == 2 && r.gates == 1, "7 fills, 2 bypassed, 1 gating (got %llu %llu %llu)",
          (unsigned long long)r.l2_fill, (unsigned long long)r.bypass, (unsigned long long)r.gates);
    CHECK_EQ(r.base_miss, 6, "the ungated L2 misses lines 0, 2, 4, 6, 8, 10 once each");
    CHECK(r.load_cycles == 2 && r.held == 1, "a 2-entry count load; request 4 held for its second cycle");
    CHECK(r.cycles == 22 && r.active_sum == 48,
          "22 cycles (reset, 2 per request, 1 held) with 48 powered line-cycles (got %llu %llu)",
          (unsigned long long)r.cycles, (unsigned long long)r.active_sum);
    /* Ideal-Gating on the ungated L2, requests presented at cycles 1, 3, 5, 8 (4 held one cycle), 10, 12, 14, 16,
     * 18, 20: line 0 lives 1..3, line 2 5..5, line 4 8..12, line 6 14..16, lines 8 and 10 one cycle each:
     * 3 + 1 + 5 + 3 + 1 + 1 = 14 powered line-cycles of 16 x 22 */
    CHECK_EQ(r.ideal_live, 14, "Ideal-Gating's powered line-cycles");
    /* the unit's cycles as golden vectors: those 22, the first the reset */
    char vpath[128];
    int ok;
    wl_los_res_t rr;
    RUN_RECORDED(wl_los_run, "small,LIMIT=3", r, rr, 100, vpath, ok);
    unsigned rst[22], bad = 9;
    long rows = ok ? replay_rows(vpath, "loscache", "rst_i", rst, 22, &bad) : -1;
    CHECK(rows == 22 && bad == 0 && rst[0] == 1 && rst[1] == 0, "22 rows (%ld), replayed (%u differ), a reset first",
          rows, bad);
    remove(vpath);
    /* Ideal-Gating over an eviction: SM 1 streams lines 0..16 once through the 16-way L2 (one set): line 16
     * evicts line 0; every life is the one cycle of its only access: 17 line-cycles */
    f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 stream\n");
    for (unsigned i = 0; i < 17; i++)
        fprintf(f, "1 %u 50 ldg %x 32\n", i, i * 128);
    fprintf(f, "%%end 17\n");
    fclose(f);
    CHECK(wl_los_run(g_path, "small,LIMIT=3", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.base_miss == 17 && r.ideal_live == 17, "17 misses, 17 one-cycle lives (got %llu, %llu)",
          (unsigned long long)r.base_miss, (unsigned long long)r.ideal_live);
    CHECK(wl_los_run(g_path, "small,NUM_LINES=12", &r, NULL, err, sizeof err) < 0 && strstr(err, "not a multiple"),
          "the L2's lines must fill 16 ways: %s", err);
    /* prediction accuracy (LoSCache Fig. 6), on the ungated L2's line lives whose fill carried a prediction:
     * requests 1-3 as above (pc10 P = 2, pc20 P = 1 loaded); 4-6 pc10 line 4: filled with P + T = 2, 3 accesses
     * (the third an early gating: T of pc10 becomes 1); 7-9 pc10 line 12: filled with P 2 + T 1 = 3, 3 accesses;
     * 10 pc20 line 6: P + T = 1, 1 access.  Lives 0 and 2 were filled in the prediction phase: not scored.
     * Then pc20 fills lines 20, 22 .. 40 once each (P + T = 1: right both ways), the 16-way set full, and line 42,
     * which evicts the least recent line 0 and takes its way: a new life of 1 access (its count starts again).
     * 15 scored; P + T right for all but line 4, P alone for all but lines 4 and 12 */
    static const struct {
        unsigned pc, line;
    } acc[] = {{0x10, 0}, {0x10, 0}, {0x20, 2}, {0x10, 4}, {0x10, 4}, {0x10, 4}, {0x10, 12}, {0x10, 12},
               {0x10, 12}, {0x20, 6}};
    f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 accuracy\n");
    for (unsigned i = 0; i < sizeof acc / sizeof acc[0]; i++)
        fprintf(f, "0 %u %x ldg %x 32\n", i, acc[i].pc, acc[i].line * 128);
    for (unsigned l = 20; l <= 42; l += 2)
        fprintf(f, "0 %u 20 ldg %x 32\n", l, l * 128);
    fprintf(f, "%%end 22\n");
    fclose(f);
    CHECK(wl_los_run(g_path, "small,LIMIT=3", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.pred_lives == 15 && r.pred_right == 14 && r.naive_right == 13,
          "15 predicted lives, 14 right with T, 13 with P alone (got %llu %llu %llu)", (unsigned long long)r.pred_lives,
          (unsigned long long)r.pred_right, (unsigned long long)r.naive_right);
    remove(g_path);
}

/* the chip's counts against the unit's: every count of *a equals *b's (the options and tables apart) */
static int los_same(const wl_los_res_t *a, const wl_los_res_t *b)
{
    wl_los_res_t x = *a, y = *b;
    x.chip = y.chip = x.per_sm = y.per_sm = x.naive = y.naive = 0;
    x.tables = y.tables = 0;
    return memcmp(&x, &y, sizeof x) == 0;
}

/* LoSCache's chip (docs/workloads.md, "A table per SM"): one table (TABLES=ONE) is the unit, count for count,
 * on the hand-worked traces and a benchmark's; a table per SM, worked by hand; the naive predictor */
static void run_los_chip(void)
{
    char err[CT_ERRLEN];
    wl_los_res_t u, c;
    wl_los_opt_t one = {0, 0}, sm = {1, 0}, naive = {1, 1};
    ut_tmp(g_path, sizeof g_path, "ct_loschip_test", "trace");
    FILE *f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 a\n");
    static const unsigned first[][3] = {{0, 0x10, 0}, {0, 0x10, 0}, {0, 0x20, 2}, {1, 0x10, 4}, {0, 0x10, 4},
                                        {2, 0x10, 4}, {0, 0x20, 6}, {1, 0x20, 6}, {0, 0x30, 8}};
    for (unsigned i = 0; i < 9; i++)
        fprintf(f, "%u %u %x ldg %x 32\n", first[i][0], i, first[i][1], first[i][2] * 128);
    fprintf(f, "kernel 2 b\n0 9 10 ldg 0 32\n1 10 40 ld 500 32\n1 11 40 ld 500 32\n%%end 12\n");
    fclose(f);
    CHECK(wl_los_run(g_path, "small,LIMIT=3", &u, NULL, err, sizeof err) == 0 &&
              wl_los_run_opt(g_path, "small,LIMIT=3", &one, &c, err, sizeof err) == 0, "%s", err);
    CHECK(los_same(&u, &c) && c.chip && !c.per_sm && c.tables == 1 && u.l2_req == 11 && u.early == 1,
          "one table: the unit's counts over 3 SMs and a second kernel (%llu L2 requests, %llu early)",
          (unsigned long long)c.l2_req, (unsigned long long)c.early);
    /* SM 0 the predictor, 22 requests: prediction accuracy's trace of run_los */
    static const unsigned acc[][2] = {{0x10, 0}, {0x10, 0}, {0x20, 2}, {0x10, 4}, {0x10, 4}, {0x10, 4},
                                      {0x10, 12}, {0x10, 12}, {0x10, 12}, {0x20, 6}};
    f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 accuracy\n");
    for (unsigned i = 0; i < 10; i++)
        fprintf(f, "0 %u %x ldg %x 32\n", i, acc[i][0], acc[i][1] * 128);
    for (unsigned l = 20; l <= 42; l += 2)
        fprintf(f, "0 %u 20 ldg %x 32\n", l, l * 128);
    fprintf(f, "%%end 22\n");
    fclose(f);
    CHECK(wl_los_run(g_path, "small,LIMIT=3", &u, NULL, err, sizeof err) == 0 &&
              wl_los_run_opt(g_path, "small,LIMIT=3", &one, &c, err, sizeof err) == 0, "%s", err);
    CHECK(los_same(&u, &c) && c.pred_right == 14, "one table: the unit's 14 of 15 right with T");
    /* a table per SM, LIMIT 3, by hand (all ldg, straight to L2; every SM's requests in its own table's
     * prediction phase are its predictor's):
     *  1-3 SM0 pc10 line 0, 0, pc20 line 2: SM0's phase ends; its count load: pc10 P = 2, pc20 P = 1
     *  4-6 SM1 pc10 line 4 three times: SM1's own phase (no prediction); its load: pc10 P = 3
     *  7-9 SM1 pc10 line 6: P + T = 3: served three times, gated at the third
     *  10-12 SM0 pc10 line 8: P + T = 2: gated at the second; the third an early gating: SM0's pc10 T = 1
     *  13-15 SM1 pc10 line 10: SM1's T is its own, still 0: P + T = 3, gated at the third, no early gating
     *  16-18 SM0 pc10 line 12: P 2 + T 1 = 3: gated at the third
     * One table instead (SM 0 the predictor): pc10 P = 2 for every SM, so line 4's third access is the early
     * gating (T = 1) and lines 6 .. 12 are gated at their third: 5 gatings.  The naive predictor: SM0's T
     * stays 0, so line 12's third access is an early gating too. */
    f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 tables\n");
    static const unsigned tb[][3] = {{0, 0x10, 0}, {0, 0x10, 0}, {0, 0x20, 2}, {1, 0x10, 4}, {1, 0x10, 6},
                                     {0, 0x10, 8}, {1, 0x10, 10}, {0, 0x10, 12}};
    unsigned n = 0;
    for (unsigned i = 0; i < 8; i++)
        for (unsigned k = 0; k < (i < 3 ? 1u : 3u); k++, n++)
            fprintf(f, "%u %u %x ldg %x 32\n", tb[i][0], n, tb[i][1], tb[i][2] * 128);
    fprintf(f, "kernel 2 again\n");
    for (unsigned k = 0; k < 3; k++, n++)
        fprintf(f, "1 %u 10 ldg %x 32\n", n, 14 * 128);
    fprintf(f, "%%end %u\n", n);
    fclose(f);
    /* then a kernel launch resets every table: SM1's pc10 line 14 three times is a new prediction phase of its
     * table (no gating; its 1-entry load in the last idle cycle); one table: SM 1 is no predictor, its 3
     * accesses end the phase with an empty table, no gating either */
    CHECK(wl_los_run_opt(g_path, "small,LIMIT=3", &sm, &c, err, sizeof err) == 0, "%s", err);
    CHECK(c.l2_req == 21 && c.tables == 2 && c.early == 1 && c.gates == 4 && c.load_cycles == 4,
          "a table per SM: 21 requests, 2 tables, 1 early gating, 4 gatings, 2 + 1 + 1 load cycles (got %llu %u "
          "%llu %llu %llu)", (unsigned long long)c.l2_req, c.tables, (unsigned long long)c.early,
          (unsigned long long)c.gates, (unsigned long long)c.load_cycles);
    CHECK(wl_los_run_opt(g_path, "small,LIMIT=3", &one, &c, err, sizeof err) == 0 && c.early == 1 && c.gates == 5 &&
              c.tables == 1, "one table: 1 early gating (line 4), 5 gatings (got %llu %llu)",
          (unsigned long long)c.early, (unsigned long long)c.gates);
    CHECK(wl_los_run_opt(g_path, "small,LIMIT=3", &naive, &c, err, sizeof err) == 0 && c.early == 2 &&
              c.gates == 4 && c.naive && c.pred_right == c.naive_right,
          "naive: 2 early gatings (lines 8 and 12), 4 gatings, P + T is P (got %llu %llu)",
          (unsigned long long)c.early, (unsigned long long)c.gates);
    remove(g_path);
    /* wl_los_opt */
    wl_los_opt_t o;
    CHECK(wl_los_opt("TABLES=SM,NAIVE=1", &o, err, sizeof err) == 0 && o.per_sm && o.naive, "both fields");
    CHECK(wl_los_opt("NAIVE=0,TABLES=ONE", &o, err, sizeof err) == 0 && !o.per_sm && !o.naive, "either order");
    CHECK(wl_los_opt("NAIVE=1", &o, err, sizeof err) == 0 && !o.per_sm && o.naive, "one table by default");
    static const struct {
        const char *text, *msg;
    } bad[] = {
        {"", "loscache: options: '' is not TABLES=ONE|SM or NAIVE=0|1"},
        {"TABLES", "loscache: options: 'TABLES' is not TABLES=ONE|SM or NAIVE=0|1"},
        {"TABLES=sm", "loscache: options: TABLES='sm' is not ONE or SM"},
        {"TABLES=SMS", "loscache: options: TABLES='SMS' is not ONE or SM"},
        {"TABLES=SM,", "loscache: options: '' is not TABLES=ONE|SM or NAIVE=0|1"},
        {"NAIVE=2", "loscache: options: NAIVE='2' is not 0 or 1"},
        {"NAIVE=10", "loscache: options: NAIVE='10' is not 0 or 1"},
        {"TABLES=SM,GAP=4", "loscache: options: 'GAP=4' is not TABLES=ONE|SM or NAIVE=0|1"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = wl_los_opt(bad[i].text, &o, err, sizeof err);
        CHECK(rc < 0 && strcmp(err, bad[i].msg) == 0, "'%s' refused: '%s' (want '%s')", bad[i].text,
              rc < 0 ? err : "accepted", bad[i].msg);
    }
}

/* a sink of sleep_fsm cycles: rst_i and op_i (its first two ports) of
 * each, and every word of the first 16 rows */
typedef struct {
    unsigned n, rst[16], op[16];
    uint64_t in[16][CT_MAX_WORDS], out[16][CT_MAX_WORDS];
} sink_t;

static void take(void *ctx, const uint64_t *in, const uint64_t *out, const char *note)
{
    sink_t *k = ctx;
    (void)note;
    if (k->n < 16) {
        k->rst[k->n] = (unsigned)in[0], k->op[k->n] = (unsigned)in[1];
        memcpy(k->in[k->n], in, sleep_fsm_block.in_words * sizeof *in);
        memcpy(k->out[k->n], out, sleep_fsm_block.out_words * sizeof *out);
    }
    k->n++;
}

/* g_path: line 0 loaded, 40 ldg of line 5, then the access `last` (42 in all) */
static void decay_trace(const char *last)
{
    FILE *f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 decay\n0 0 10 ld 0 32\n");
    for (int i = 0; i < 40; i++)
        fprintf(f, "0 %d 20 ldg 280 32\n", i + 1);
    fprintf(f, "%s\n%%end 42\n", last);
    fclose(f);
}

static void run_leak(void)
{
    ut_tmp(g_path, sizeof g_path, "ct_leak_test", "trace");
    FILE *f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 leak\n"
               "0 0 10 ld 0 32\n0 1 20 ld 0 32\n0 2 30 ldg 280 32\n0 3 40 ld 0 32\n0 4 50 st 0 32\n0 5 60 ld 0 32\n"
               "%%end 6\n");
    fclose(f);
    char err[CT_ERRLEN];
    wl_leak_res_t r, rr;
    /* worked by hand: ag = aggressive drowsy, 16 lines (4 sets x 4 ways), WAKE = 1, every line DROWSY at reset;
     * line 0's mode per cycle (the other 15 stay DROWSY):
     *   1 ld 0: miss, FILL (served, stays DROWSY)         DROWSY
     *   2 ld 0: HIT on DROWSY: stall; again: served        DROWSY, ACTIVE (then DROWSY after the access)
     *   3 ldg: past L1, a NOP cycle                        DROWSY
     *   4 ld 0: HIT: stall, served                         DROWSY, ACTIVE
     *   5 st 0: write-evict, EVICT (no mode change)        DROWSY
     *   6 ld 0: miss, FILL                                 DROWSY
     * 8 cycles x 16 lines = 128 line-cycles: 2 ACTIVE, 126 DROWSY; 4 ACTIVE<->DROWSY transitions */
    CHECK(wl_leak_run(g_path, "ag", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.requests == 6 && r.loads == 4 && r.hits == 2 && r.misses == 2 && r.stalls == 2 && r.lost == 0,
          "6 requests, 4 loads: 2 hits with a stall cycle each, 2 misses");
    CHECK(r.cycles == 8 && r.line_cycles == 128 && r.active == 2 && r.drowsy == 126 && r.off == 0 &&
              r.act_drowsy == 4,
          "8 cycles; 2 ACTIVE and 126 DROWSY line-cycles; 4 transitions (got %llu %llu %llu %llu %llu)",
          (unsigned long long)r.cycles, (unsigned long long)r.line_cycles, (unsigned long long)r.active,
          (unsigned long long)r.drowsy, (unsigned long long)r.act_drowsy);
    CHECK(r.l2_req == 4 && r.l2_hit == 2, "L2: the fill at 1 (line 0, cold), the ldg at 3 (line 5, cold), the store "
          "at 5 and the fill at 6 (line 0 both): 4 requests, 2 hits (got %llu %llu)", (unsigned long long)r.l2_req,
          (unsigned long long)r.l2_hit);
    CHECK(r.ld_sectors == 4 && r.fill_sectors == 8, "L1 bypass: the 4 loads ask 1 sector each (4 bypassing the "
          "L1), its 2 misses fill 4 sectors each (8 with it) (got %llu %llu)", (unsigned long long)r.ld_sectors,
          (unsigned long long)r.fill_sectors);
    /* Eq. (1)'s T is the run without management: 6 requests, 6 cycles (no stall), so N x T = 16 x 6 = 96,
     * while the managed run's line-cycles (2 ACTIVE + 126 DROWSY) span its 8 cycles */
    CHECK(r.orig_line_cycles == 96, "N x T = 16 lines x 6 cycles (got %llu)", (unsigned long long)r.orig_line_cycles);
    CHECK(wl_leak_nlr(&r, 0.0) > 0.847916 && wl_leak_nlr(&r, 0.0) < 0.847917,
          "Eq. (1): 1 - (2 + 0.1 x 126) / 96 = 84.79 %% (got %.6f)", wl_leak_nlr(&r, 0.0));
    CHECK(wl_leak_nlr(&r, 1.0) > 0.806249 && wl_leak_nlr(&r, 1.0) < 0.806251, "with E' = 4: 1 - 18.6 / 96 = 80.63 %% (got %.6f)",
          wl_leak_nlr(&r, 1.0));
    /* the L2 managed on its own, here under ag with the L2's 6,144 lines (every line DROWSY at reset, WAKE 1):
     * its requests are the L1s' without management, line = set x 8 + way:
     *   1 ld 0 misses the L1: L2 line 0 (set 0) cold, FILL of index 0     every line DROWSY
     *   3 ldg 0x280: L2 line 5 (set 5) cold, FILL of index 40             DROWSY
     *   5 st 0: L2 line 0 hits: HIT on DROWSY index 0, stall; again, served  DROWSY, ACTIVE
     *   6 ld 0 misses the L1 (the store evicted it): L2 HIT, stall, served  DROWSY, ACTIVE
     * 6 cycles x 6,144 lines: 2 ACTIVE, 36,862 DROWSY, 4 transitions; N x T = 6,144 x 4 requests = 24,576;
     * Eq. (1): 1 - (2 + 3,686.2) / 24,576 = 84.9927 %, with E' = 4: 1 - 3,692.2 / 24,576 = 84.9764 % */
    CHECK(wl_leak_run_l2(g_path, "ag", "ag,NUM_LINES=6144", &rr, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(rr.l2m.requests == 4 && rr.l2m.hits == 2 && rr.l2m.stalls == 2 && rr.l2m.lost == 0 && rr.l2m.cycles == 6,
          "L2: 4 requests, 2 hits with a stall each, 6 cycles (got %llu %llu %llu %llu)",
          (unsigned long long)rr.l2m.requests, (unsigned long long)rr.l2m.hits, (unsigned long long)rr.l2m.stalls,
          (unsigned long long)rr.l2m.cycles);
    CHECK(rr.l2m.active == 2 && rr.l2m.drowsy == 36862 && rr.l2m.off == 0 && rr.l2m.act_drowsy == 4 &&
              rr.l2m.orig_line_cycles == 24576,
          "L2 line-cycles: 2 ACTIVE, 36,862 DROWSY, 4 transitions, N x T 24,576 (got %llu %llu %llu %llu)",
          (unsigned long long)rr.l2m.active, (unsigned long long)rr.l2m.drowsy,
          (unsigned long long)rr.l2m.act_drowsy, (unsigned long long)rr.l2m.orig_line_cycles);
    CHECK(wl_leak_l2_nlr(&rr, 0.0) > 0.849926 && wl_leak_l2_nlr(&rr, 0.0) < 0.849927 &&
              wl_leak_l2_nlr(&rr, 1.0) > 0.849763 && wl_leak_l2_nlr(&rr, 1.0) < 0.849765,
          "L2 Eq. (1): 84.9927 %% and 84.9764 %% (got %.6f %.6f)", wl_leak_l2_nlr(&rr, 0.0), wl_leak_l2_nlr(&rr, 1.0));
    CHECK(rr.active == r.active && rr.drowsy == r.drowsy && rr.l2_req == r.l2_req,
          "the managed L2 changes nothing of the L1s' run");
    CHECK(wl_leak_run_l2(g_path, "ag", NULL, &rr, NULL, err, sizeof err) == 0 && rr.l2m.requests == 0 &&
              rr.l2m.orig_line_cycles == 0 && wl_leak_l2_nlr(&rr, 0.0) == 0.0,
          "no managed L2: its counts 0");
    CHECK(wl_leak_run_l2(g_path, "ag", "paper", &rr, NULL, err, sizeof err) < 0 &&
              strstr(err, "NUM_LINES=384 must be the L2's 6144 lines"),
          "an L2 configuration of another size is refused: %s", err);
    CHECK(wl_leak_run_l2(g_path, "ag", "paper_l2,POLICY=9", &rr, NULL, err, sizeof err) < 0 && strstr(err, "leak: L2"),
          "an invalid L2 configuration is refused, naming the L2: %s", err);
    /* SM 0's sleep_fsm cycles as golden vectors: the reset and the 8 cycles above, op_i by hand
     * (NOP 0, FILL 1, HIT 2, EVICT 3) */
    char vpath[128];
    int ok;
    RUN_RECORDED(wl_leak_run, "ag", r, rr, 100, vpath, ok);
    static const unsigned want_op[9] = {0, 1, 2, 2, 0, 2, 2, 3, 1};
    unsigned op[9], bad = 9, wrong = 0;
    long rows = ok ? replay_rows(vpath, "sleep_fsm", "op_i", op, 9, &bad) : -1;
    for (unsigned i = 0; i < 9 && rows == 9; i++)
        wrong += op[i] != want_op[i];
    CHECK(rows == 9 && bad == 0 && wrong == 0, "9 rows (%ld), replayed (%u differ), op_i by hand (%u wrong)", rows, bad,
          wrong);
    /* the same cycles live, to a sink (as vlharness exp takes them), bounded by max: the file's rows, word for word */
    static const unsigned maxes[2] = {9, 4};
    static sink_t sk;
    for (unsigned m = 0; m < 2; m++) {
        unsigned max = maxes[m];
        memset(&sk, 0, sizeof sk);
        wl_vec_to_t to = {NULL, max, take, &sk};
        CHECK(wl_leak_run(g_path, "ag", &rr, &to, err, sizeof err) == 0, "%s", err);
        wrong = 0;
        ct_vec_reader_t *vr = ct_vec_open(vpath, NULL, NULL, err, sizeof err);
        uint64_t in[CT_MAX_WORDS], exp[CT_MAX_WORDS];
        for (unsigned i = 0; vr && i < max && i < sk.n && ct_vec_next(vr, in, exp, err, sizeof err) == 1; i++)
            wrong += sk.op[i] != want_op[i] || sk.rst[i] != (i == 0) ||
                     memcmp(in, sk.in[i], sleep_fsm_block.in_words * sizeof *in) ||
                     memcmp(exp, sk.out[i], sleep_fsm_block.out_words * sizeof *exp);
        if (vr)
            ct_vec_close(vr);
        CHECK(sk.n == max && wrong == 0, "max %u: %u cycles to the sink, %u not the file's", max, sk.n, wrong);
    }
    remove(vpath);
    /* decay (DECAY 32): line 0 filled, 40 NOP cycles decay it OFF, then a load finds it OFF */
    decay_trace("0 99 30 ld 0 32");
    CHECK(wl_leak_run(g_path, "decay", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.hits == 1 && r.misses == 1 && r.lost == 1 && r.stalls == 0 && r.off > 0 && r.cycles == 43,
          "the hit finds line 0 OFF: lost, refilled; 43 cycles (got %llu lost, %llu cycles)",
          (unsigned long long)r.lost, (unsigned long long)r.cycles);
    CHECK(r.l2_req == 42 && r.l2_hit == 40, "L2: the fill (line 0, cold), 40 ldg of line 5 (the first cold) and the "
          "lost line's refill (line 0): 42 requests, 40 hits (got %llu %llu)", (unsigned long long)r.l2_req,
          (unsigned long long)r.l2_hit);
    CHECK(r.l2m.requests == 41 && r.l2m.hits == 39, "the managed L2 (paper_l2) sees the L1s' requests without "
          "management: not the lost line's refill: 41 requests, 39 hits (got %llu %llu)",
          (unsigned long long)r.l2m.requests, (unsigned long long)r.l2m.hits);
    /* the managed L2 under decay (DECAY 32, the L2's lines): line 0 filled, 40 ldg of line 5 (the first a FILL, no
     * stalls: decay has no DROWSY), then a store of line 0 (the L1 under paper keeps nothing OFF) finds its L2
     * line OFF: lost, refilled; 42 requests, 43 cycles */
    decay_trace("0 99 30 st 0 32");
    CHECK(wl_leak_run_l2(g_path, "paper", "decay,NUM_LINES=6144", &rr, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(rr.l2m.requests == 42 && rr.l2m.hits == 40 && rr.l2m.lost == 1 && rr.l2m.stalls == 0 &&
              rr.l2m.cycles == 43 && rr.l2m.off > 0,
          "the L2's line 0 decays OFF: the store's HIT lost, refilled (got %llu %llu %llu %llu cycles)",
          (unsigned long long)rr.l2m.requests, (unsigned long long)rr.l2m.hits, (unsigned long long)rr.l2m.lost,
          (unsigned long long)rr.l2m.cycles);
    /* L1 bypass's traffic: a load of sectors 0, 2 and 3 (three accesses of one warp instruction) misses, a load of
     * sector 0 hits: bypassing, 3 + 1 sectors; with the L1, the miss's whole line, 4 */
    f = fopen(g_path, "w");
    fprintf(f, "%%trace 1\n%%data\nkernel 1 bypass\n0 0 10 ld 0 32\n0 0 10 ld 40 32\n0 0 10 ld 60 32\n"
               "0 1 20 ld 0 32\n%%end 4\n");
    fclose(f);
    CHECK(wl_leak_run(g_path, "paper", &r, NULL, err, sizeof err) == 0, "%s", err);
    CHECK(r.loads == 2 && r.ld_sectors == 4 && r.fill_sectors == 4,
          "bypassing: 3 + 1 requested sectors; with the L1: one line of 4 (got %llu loads, %llu, %llu)",
          (unsigned long long)r.loads, (unsigned long long)r.ld_sectors, (unsigned long long)r.fill_sectors);
    /* a store's write-evict is an EVICT, which never changes a mode: the same residency as a NOP in its place */
    wl_leak_res_t with_st, with_nop;
    for (int k = 0; k < 2; k++) {
        f = fopen(g_path, "w");
        fprintf(f, "%%trace 1\n%%data\nkernel 1 evict\n0 0 10 ld 0 32\n");
        for (int i = 0; i < 40; i++)
            fprintf(f, "0 %d 20 ldg 280 32\n", i + 1);
        fprintf(f, k ? "0 98 30 ldg 280 32\n" : "0 98 30 st 0 32\n");
        for (int i = 0; i < 8; i++)
            fprintf(f, "0 %d 20 ldg 280 32\n", 100 + i);
        fprintf(f, "%%end 50\n");
        fclose(f);
        CHECK(wl_leak_run(g_path, "decay", k ? &with_nop : &with_st, NULL, err, sizeof err) == 0, "%s", err);
    }
    CHECK(with_st.off == with_nop.off && with_st.active == with_nop.active && with_st.off > 0,
          "the OFF line stays OFF through the store's EVICT (OFF line-cycles %llu and %llu)",
          (unsigned long long)with_st.off, (unsigned long long)with_nop.off);
    CHECK(wl_leak_run(g_path, "los", &r, NULL, err, sizeof err) < 0 && strstr(err, "POLICY=0"),
          "LoSCache gating is refused here (it needs its predictor): %s", err);
    remove(g_path);
}

/* The recorder itself (wl_vec.c), on loscache_ctr small: three cycles
 * offered, two kept (max 2), their rows and notes written and read back;
 * an empty recording is refused, naming the block. */
static void run_vec(void)
{
    const ct_block_t *b = ct_find_block("loscache_ctr");
    uint32_t cfg[CT_MAX_PARAMS];
    ut_config(b, "small", cfg, CT_MAX_PARAMS);
    char err[CT_ERRLEN], vpath[128];
    wl_vec_t v;
    CHECK(wl_vec_init(&v, b, cfg, 2, err, sizeof err) == 0, "%s", err);
    void *m = b->create(cfg);
    uint64_t in[3][CT_MAX_WORDS] = {{0}}, out[3][CT_MAX_WORDS] = {{0}};
    in[0][0] = 1; /* rst_i, the first port */
    in[1][1] = 2; /* op_i */
    for (int c = 0; c < 3; c++) {
        b->cycle(m, in[c], out[c]);
        wl_vec_add(&v, in[c], out[c], c == 0 ? "first" : c == 1 ? "second" : "third");
    }
    b->destroy(m);
    CHECK_EQ(v.n, 2, "max 2: two rows kept of three");
    ut_tmp(vpath, sizeof vpath, "ct_wlvec_test", "vec");
    FILE *f = fopen(vpath, "w");
    CHECK(wl_vec_write(&v, f, "unit test", err, sizeof err) == 0, "%s", err);
    fclose(f);
    unsigned col[3], bad = 9;
    CHECK(replay_rows(vpath, "loscache_ctr", "op_i", col, 3, &bad) == 2 && bad == 0 && col[1] == 2,
          "the two rows read back as loscache_ctr's and replay (%u differ; op_i %u)", bad, col[1]);
    char text[8192] = "";
    f = fopen(vpath, "r");
    size_t got = f ? fread(text, 1, sizeof text - 1, f) : 0;
    if (f)
        fclose(f);
    text[got] = 0;
    CHECK(strstr(text, "%generator unit test\n") && strstr(text, "# first\n") && strstr(text, "# second\n") &&
              !strstr(text, "third"),
          "the generator line and the two rows' notes are written, the third row is not");
    wl_vec_free(&v);
    CHECK(v.in == NULL && v.out == NULL && v.note == NULL, "wl_vec_free leaves no pointer behind");
    wl_vec_to_t to = {NULL, 4, NULL, NULL};
    CHECK(wl_vec_start(&v, &to, b, cfg, err, sizeof err) == 0 && wl_vec_finish(&v, &to, "x", err, sizeof err) < 0 &&
              strstr(err, "no cycle"),
          "a sink that got no cycle: refused (%s)", err);
    CHECK(wl_vec_init(&v, b, cfg, 4, err, sizeof err) == 0, "%s", err);
    f = fopen(vpath, "w");
    CHECK(wl_vec_write(&v, f, "unit test", err, sizeof err) < 0 && strstr(err, "loscache_ctr vectors: ") &&
              strstr(err, "no cycle"),
          "no row recorded: refused, naming the block (%s)", err);
    fclose(f);
    wl_vec_free(&v);
    remove(vpath);
}

/* The experiments' L2 by hand: 768 sets of 8 ways, so lines 5 + 768k
 * share a set; the ninth of them evicts the least recently used. */
static void run_l2(void)
{
    wl_l2_t l2;
    CHECK(wl_l2_init(&l2) == 0 && l2.c.sets == 768 && l2.c.ways == 8, "6,144 lines: 768 sets x 8 ways");
    wl_l2_access(&l2, 5);
    wl_l2_access(&l2, 5); /* a hit */
    for (unsigned k = 1; k <= 8; k++) /* 7 more fill the set, the 8th evicts line 5 */
        wl_l2_access(&l2, 5 + 768 * k);
    wl_l2_access(&l2, 5);       /* a miss again */
    wl_l2_access(&l2, 5 + 768); /* evicted by line 5's return: a miss */
    CHECK(l2.req == 12 && l2.hit == 1, "12 requests, 1 hit (got %llu %llu)", (unsigned long long)l2.req,
          (unsigned long long)l2.hit);
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    wl_l2_print(f, l2.req, l2.hit);
    fclose(f);
    CHECK(text && !strcmp(text, "  L2 (768 KB, 8-way LRU, write-allocate, tags only): 12 requests past the L1s, 1 hits "
                                "(8.3%)\n"),
          "the table line: '%s'", text ? text : "");
    free(text);
    wl_l2_free(&l2);
    wl_l2_free(&l2); /* twice: harmless */
    CHECK(l2.c.tag == NULL, "freed");
}

const ut_test_t cache_tests[] = {
    {"work/cache/lru", "fills, hits, LRU victims and write-evict by hand", run_lru},
    {"work/cache/set", "the set of a line: line mod sets, by mask or division", run_set},
    {"work/cache/l2", "the experiments' L2 by hand: 768 x 8, LRU, its table line", run_l2},
    {"work/cache/lamar", "the LAMAR experiment's counts on a hand-worked trace, and its vectors", run_lamar},
    {"work/cache/ata", "the ATA-Cache experiment on a hand-worked 2-cluster trace, with and without aliases; its vectors", run_ata},
    {"work/cache/ata_sectors", "the ATA-Cache experiment's sectored L1s on a hand-worked trace: local and remote sector misses to L2", run_ata_sectors},
    {"work/cache/ata_baselines", "ATA-Cache's baselines (decoupled sharing, remote sharing's probes) and the L1 data ports' waits, by hand", run_ata_baselines},
    {"work/cache/loscache", "the LoSCache experiment on a hand-worked 11-request trace; its vectors", run_los},
    {"work/cache/loscache_chip", "LoSCache's chip: one table is the unit; a table per SM and the naive predictor by hand; the options", run_los_chip},
    {"work/cache/leak", "the leakage-policy experiment on hand-worked traces (AG, decay); its vectors", run_leak},
    {"work/cache/vec", "the experiments' vector recorder: rows kept up to its bound, notes, an empty recording refused", run_vec},
    {"work/cache/ccn", "the CCN experiment on a hand-worked 3-node trace, with and without aliases", run_ccn},
    {NULL, NULL, NULL},
};
