/*
 * test_loscache_pt.c - LoSCache's prediction table against LoSCache [000]
 * Sec. IV-B..IV-D and the decisions of docs/blocks/loscache_pt.md, not
 * against the model's code.
 *
 * TEST RATIONALE: the paper's rules one by one (unique PCs, the first address
 * kept; the table size; the phase ending at the 100th access or at predictor
 * completion, whichever first; the count load from each entry's line; P of
 * a PC by lookup, one cycle later; T raised by one per early gating, bounded
 * by 3), the documented timing (which cycle shows what) and collisions, the
 * paper's 1,323-bit inventory; and a random run against a reference written
 * here from docs/blocks/loscache_pt.md (entries as a plain list searched
 * linearly, the phase as an enum), every output every cycle, all presets.
 */
#include <stdlib.h>
#include <string.h>

#include "ct_rng.h"
#include "loscache_pt.h"
#include "ut.h"

UT_DEFINE_MK(loscache_pt)

typedef struct {
    unsigned rst, acc, pred, done, eg;
    uint64_t pc, addr, cnt, egi;
} row_t;

static loscache_pt_out_t cyc(loscache_pt_t *m, row_t r)
{
    loscache_pt_in_t in = {.rst_i = r.rst, .acc_v_i = r.acc, .acc_pred_i = r.pred, .acc_pc_i = r.pc,
                           .acc_addr_i = r.addr, .done_i = r.done, .cnt_i = r.cnt, .eg_v_i = r.eg,
                           .eg_idx_i = r.egi};
    loscache_pt_out_t o;
    loscache_pt_cycle(m, &in, &o);
    return o;
}
#define RST(m) cyc(m, (row_t){.rst = 1})
#define IDLE(m) cyc(m, (row_t){0})
#define PRED(m, pc_, addr_) cyc(m, (row_t){.acc = 1, .pred = 1, .pc = (pc_), .addr = (addr_)})
#define PLAIN(m, pc_) cyc(m, (row_t){.acc = 1, .pc = (pc_)})
#define LOOK(m, pc_) cyc(m, (row_t){.acc = 1, .pc = (pc_)})

static void test_unique_pc_first_address(void)
{
    loscache_pt_cfg_t c;
    loscache_pt_t *m = mk("paper", &c);
    loscache_pt_out_t o = RST(m);
    CHECK_EQ(o.phase_o | o.used_o | o.ld_v_o | o.hit_o | o.p_o, 0, "outputs 0 in reset");
    o = PRED(m, 0x400100, 0xaaa);
    CHECK_EQ(o.phase_o, LOSCACHE_PT_PREDICT, "prediction phase after reset");
    CHECK_EQ(o.used_o, 0, "used_o shows the table before this cycle's insert");
    o = PRED(m, 0x400100, 0xbbb);
    CHECK_EQ(o.used_o, 1, "PC inserted");
    o = IDLE(m);
    CHECK_EQ(o.used_o, 1, "the repeated PC is not inserted (IV-B: only unique PCs)");
    uint64_t pc, addr;
    unsigned p, t;
    CHECK(loscache_pt_entry(m, 0, &pc, &addr, &p, &t), "entry 0 valid");
    CHECK_EQ(addr, 0xaaa, "the first block address is kept");
    o = PLAIN(m, 0x400200);
    o = IDLE(m);
    CHECK_EQ(o.used_o, 1, "a non-predictor access is not inserted");
    o = cyc(m, (row_t){.done = 1});
    o = cyc(m, (row_t){.cnt = 5});
    CHECK_EQ(o.phase_o, LOSCACHE_PT_LOAD, "count load after the phase");
    CHECK_EQ(o.ld_v_o, 1, "ld_v_o");
    CHECK_EQ(o.ld_addr_o, 0xaaa, "the load reads the line of the first address");
    loscache_pt_free(m);
}

static void test_table_full(void)
{
    loscache_pt_cfg_t c;
    loscache_pt_t *m = mk("paper", &c);
    RST(m);
    for (unsigned k = 0; k < 22; k++)
        PRED(m, 0x1000 + 8 * k, k);
    loscache_pt_out_t o = IDLE(m);
    CHECK_EQ(o.used_o, 21, "21 entries (IV-D); the 22nd unique PC is dropped");
    CHECK_EQ(o.phase_o, LOSCACHE_PT_PREDICT, "22 accesses: still the prediction phase");
    cyc(m, (row_t){.done = 1});
    for (unsigned k = 0; k < 21; k++) {
        o = cyc(m, (row_t){.cnt = 1 + k % 60});
        CHECK_EQ(o.ld_idx_o, k, "the load walks the entries in order");
        CHECK_EQ(o.ld_addr_o, k, "entry k's address");
    }
    o = LOOK(m, 0x1000 + 8 * 21);
    CHECK_EQ(o.phase_o, LOSCACHE_PT_NORMAL, "normal after 21 load cycles");
    o = LOOK(m, 0x1000 + 8 * 20);
    CHECK_EQ(o.hit_o, 0, "the dropped PC misses");
    CHECK_EQ(o.p_o, 0, "P = 0 on a miss (no prediction)");
    o = IDLE(m);
    CHECK_EQ(o.hit_o, 1, "the 21st PC hits");
    CHECK_EQ(o.idx_o, 20, "in entry 20");
    CHECK_EQ(o.p_o, 21, "with the count loaded for it");
    loscache_pt_free(m);
}

/* The phase ends at the edge of the cycle holding the LIMIT-th access. */
static void test_phase_end_at_limit(void)
{
    loscache_pt_cfg_t c;
    loscache_pt_t *m = mk("paper", &c);
    RST(m);
    PRED(m, 7, 70);
    for (unsigned k = 1; k < 99; k++)
        PLAIN(m, 9);
    loscache_pt_out_t o = IDLE(m);
    CHECK_EQ(o.phase_o, LOSCACHE_PT_PREDICT, "99 accesses: prediction phase");
    o = PLAIN(m, 9);
    CHECK_EQ(o.phase_o, LOSCACHE_PT_PREDICT, "the 100th access is inside the phase");
    o = cyc(m, (row_t){.cnt = 3});
    CHECK_EQ(o.phase_o, LOSCACHE_PT_LOAD, "after the 100th access: count load (IV-C)");
    o = LOOK(m, 7);
    CHECK_EQ(o.phase_o, LOSCACHE_PT_NORMAL, "one entry: one load cycle");
    o = IDLE(m);
    CHECK_EQ(o.hit_o && o.p_o == 3, 1, "P = the loaded count");
    /* done_i first: the phase ends at 50 accesses */
    RST(m);
    for (unsigned k = 0; k < 49; k++)
        PLAIN(m, 9);
    o = cyc(m, (row_t){.acc = 1, .pred = 1, .pc = 5, .addr = 50, .done = 1});
    CHECK_EQ(o.phase_o, LOSCACHE_PT_PREDICT, "done_i's cycle is in the phase");
    o = cyc(m, (row_t){.cnt = 9});
    CHECK_EQ(o.phase_o, LOSCACHE_PT_LOAD, "done_i ends the phase (whichever comes first)");
    CHECK_EQ(o.used_o, 1, "the access of done_i's cycle was inserted");
    /* an empty table skips the load */
    RST(m);
    cyc(m, (row_t){.done = 1});
    o = IDLE(m);
    CHECK_EQ(o.phase_o, LOSCACHE_PT_NORMAL, "empty table: straight to normal execution");
    /* accesses after the phase neither insert nor count */
    PRED(m, 1, 1);
    o = IDLE(m);
    CHECK_EQ(o.used_o, 0, "no insert in normal execution");
    loscache_pt_free(m);
}

static void test_count_load_and_lookup(void)
{
    loscache_pt_cfg_t c;
    loscache_pt_t *m = mk("paper", &c);
    RST(m);
    PRED(m, 0xa, 1);
    PRED(m, 0xb, 2);
    PRED(m, 0xc, 3);
    cyc(m, (row_t){.done = 1});
    cyc(m, (row_t){.cnt = 4});
    cyc(m, (row_t){.cnt = 0}); /* entry 1's line was evicted: count 0 */
    cyc(m, (row_t){.cnt = 63});
    loscache_pt_out_t o = LOOK(m, 0xa);
    CHECK_EQ(o.hit_o, 0, "no result in the lookup's own cycle (1-cycle access, IV-D)");
    o = LOOK(m, 0xb);
    CHECK_EQ(o.hit_o && o.idx_o == 0 && o.p_o == 4 && o.t_o == 0, 1, "PC a: entry 0, P 4");
    o = LOOK(m, 0xc);
    CHECK_EQ(o.hit_o && o.idx_o == 1 && o.p_o == 0, 1, "PC b: hit with P 0 (evicted line: no prediction)");
    o = LOOK(m, 0xd);
    CHECK_EQ(o.hit_o && o.idx_o == 2 && o.p_o == 63, 1, "PC c: P 63");
    o = IDLE(m);
    CHECK_EQ(o.hit_o | o.idx_o | o.p_o | o.t_o, 0, "unknown PC: all 0");
    o = IDLE(m);
    CHECK_EQ(o.hit_o, 0, "no access: no result");
    loscache_pt_free(m);
}

static void test_threshold(void)
{
    loscache_pt_cfg_t c;
    loscache_pt_t *m = mk("paper", &c);
    RST(m);
    PRED(m, 0xa, 1);
    PRED(m, 0xb, 2);
    cyc(m, (row_t){.done = 1});
    cyc(m, (row_t){.cnt = 4});
    cyc(m, (row_t){.cnt = 6});
    unsigned want[] = {1, 2, 3, 3, 3};
    for (unsigned i = 0; i < 5; i++) {
        cyc(m, (row_t){.eg = 1, .egi = 1});
        LOOK(m, 0xb);
        loscache_pt_out_t o = IDLE(m);
        CHECK_EQ(o.t_o, want[i], "T after %u early gatings: +1 each, upper bound 3 (IV-C)", i + 1);
        CHECK_EQ(o.p_o, 6, "P unchanged");
    }
    LOOK(m, 0xa);
    loscache_pt_out_t o = IDLE(m);
    CHECK_EQ(o.t_o, 0, "the other entry's T is untouched");
    /* a report and a lookup of that entry in one cycle: the result shows the raise */
    cyc(m, (row_t){.eg = 1, .egi = 0, .acc = 1, .pc = 0xa});
    o = IDLE(m);
    CHECK_EQ(o.t_o, 1, "the lookup's result shows T raised in its own cycle");
    cyc(m, (row_t){.eg = 1, .egi = 2});
    cyc(m, (row_t){.eg = 1, .egi = 31});
    LOOK(m, 0xa);
    o = IDLE(m);
    CHECK_EQ(o.t_o, 1, "reports naming invalid entries change nothing");
    loscache_pt_free(m);
}

/* ---- a reference written from the page, for the random run ---- */
typedef struct {
    unsigned n, phase, acc, ldp, hit, idx;
    uint64_t pc[64], addr[64];
    unsigned p[64], t[64];
} ref_t;

static void ref_cycle(ref_t *r, const loscache_pt_cfg_t *c, const loscache_pt_in_t *in,
                      loscache_pt_out_t *o)
{
    memset(o, 0, sizeof *o);
    unsigned tmax = (1u << c->THR_W) - 1;
    if (in->rst_i) {
        memset(r, 0, sizeof *r);
        return;
    }
    o->phase_o = r->phase;
    o->used_o = r->n;
    if (r->phase == 1) {
        o->ld_v_o = 1;
        o->ld_idx_o = r->ldp;
        o->ld_addr_o = r->addr[r->ldp];
    }
    if (r->hit) {
        o->hit_o = 1;
        o->idx_o = r->idx;
        o->p_o = r->p[r->idx];
        o->t_o = r->t[r->idx];
    }
    /* edge */
    int found = -1;
    for (unsigned i = 0; i < r->n; i++)
        if (r->pc[i] == in->acc_pc_i)
            found = (int)i;
    r->hit = r->phase == 2 && in->acc_v_i && found >= 0;
    r->idx = r->hit ? (unsigned)found : 0;
    unsigned n0 = r->n;
    if (in->eg_v_i && in->eg_idx_i < n0 && r->t[in->eg_idx_i] < tmax)
        r->t[in->eg_idx_i]++;
    if (r->phase == 0) {
        if (in->acc_v_i && in->acc_pred_i && found < 0 && r->n < c->ENTRIES) {
            r->pc[r->n] = in->acc_pc_i;
            r->addr[r->n] = in->acc_addr_i;
            r->p[r->n] = r->t[r->n] = 0;
            r->n++;
        }
        unsigned seen = r->acc + (in->acc_v_i ? 1 : 0);
        r->acc = seen;
        if (seen >= c->LIMIT || in->done_i) {
            r->phase = r->n ? 1 : 2;
            r->ldp = 0;
        }
    } else if (r->phase == 1) {
        r->p[r->ldp] = (unsigned)in->cnt_i;
        if (++r->ldp == r->n) {
            r->phase = 2;
            r->ldp = 0;
        }
    }
}

static void test_random_vs_reference(void)
{
    static const char *const cfgs[] = {"paper", "small", "tiny", "tiny,ENTRIES=1,LIMIT=1",
                                       "small,ENTRIES=64,PC_W=6,LIMIT=200"};
    for (unsigned k = 0; k < sizeof cfgs / sizeof cfgs[0]; k++) {
        loscache_pt_cfg_t c;
        loscache_pt_t *m = mk(cfgs[k], &c);
        ref_t *r = calloc(1, sizeof *r);
        ct_rng_t g;
        ct_rng_seed(&g, 77 + k);
        unsigned bad = 0, npc = c.PC_W < 6 ? 1u << c.PC_W : 64;
        for (unsigned t = 0; t < 60000 && !bad; t++) {
            loscache_pt_in_t in = {{0}};
            in.rst_i = t == 0 || ct_rng_below(&g, 800) == 0;
            in.acc_v_i = ct_rng_below(&g, 3) != 0;
            in.acc_pred_i = ct_rng_below(&g, 2);
            in.acc_pc_i = ct_rng_below(&g, npc < c.ENTRIES + 4 ? npc : c.ENTRIES + 4);
            in.acc_addr_i = ct_rng_next(&g) & ct_mask(c.ADDR_W);
            in.done_i = ct_rng_below(&g, 3 * c.LIMIT) == 0;
            in.cnt_i = ct_rng_next(&g) & ct_mask(c.CNT_W);
            in.eg_v_i = ct_rng_below(&g, 6) == 0;
            in.eg_idx_i = ct_rng_next(&g) & ct_mask(LOSCACHE_PT_IDX_W(&c));
            loscache_pt_out_t o, e;
            loscache_pt_cycle(m, &in, &o);
            ref_cycle(r, &c, &in, &e);
            if (memcmp(&o, &e, sizeof o)) {
                CHECK(0, "%s cycle %u: model differs from the reference (phase %lu/%lu used %lu/%lu "
                         "hit %lu/%lu p %lu/%lu t %lu/%lu ld %lu/%lu)", cfgs[k], t,
                      (unsigned long)o.phase_o, (unsigned long)e.phase_o, (unsigned long)o.used_o,
                      (unsigned long)e.used_o, (unsigned long)o.hit_o, (unsigned long)e.hit_o,
                      (unsigned long)o.p_o, (unsigned long)e.p_o, (unsigned long)o.t_o,
                      (unsigned long)e.t_o, (unsigned long)o.ld_addr_o, (unsigned long)e.ld_addr_o);
                bad = 1;
            }
        }
        free(r);
        loscache_pt_free(m);
    }
}

static void test_inventory_and_configs(void)
{
    uint32_t cfg[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    ct_config_parse(&loscache_pt_block, "paper", cfg, err, sizeof err);
    ct_storage_t s[CT_MAX_STORAGE];
    unsigned n = loscache_pt_block.storage(cfg, s);
    uint64_t paper = 0, built = 0;
    for (unsigned i = 0; i < n; i++)
        *(s[i].instrumentation == CT_PAPER ? &paper : &built) += s[i].entries * s[i].bits;
    CHECK_EQ(paper, 1323, "21 x (25 + 32 + 6) = 1,323 bits, the paper's 165 B (IV-D)");
    CHECK_EQ(built, 21 * 2 + 5 + 2 + 7 + 5 + 6, "as built: T, used, phase, access count, load pointer, lookup");
    CHECK_EQ(loscache_pt_block.copies, 15, "one per LD/ST unit, 15 SMs");
    static const char *const bad[] = {"ENTRIES=0", "ENTRIES=65", "LIMIT=0", "CNT_W=1", "THR_W=5", "PC_W=33"};
    for (unsigned i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        loscache_pt_cfg_t c;
        uint32_t v[CT_MAX_PARAMS]; /* the parser writes CT_MAX_PARAMS entries */
        int refused = ct_config_parse(&loscache_pt_block, bad[i], v, err, sizeof err) != 0;
        if (!refused) {
            memcpy(c.v, v, sizeof c.v);
            loscache_pt_t *m = loscache_pt_new(&c, err, sizeof err);
            refused = m == NULL;
            loscache_pt_free(m);
        }
        CHECK(refused, "%s refused", bad[i]);
        char name[16];
        snprintf(name, sizeof name, "%.*s", (int)(strchr(bad[i], '=') - bad[i]), bad[i]);
        CHECK(strstr(err, name) != NULL, "the message names %s: %s", name, err);
    }
}

/* The parameters' documented edges are accepted (docs/blocks/loscache_pt_interface.md). */
static void test_config_edges(void)
{
    static const char *const good[] = {"small,ENTRIES=1",  "small,ENTRIES=64", "small,LIMIT=1",
                                       "small,LIMIT=1023", "small,CNT_W=2",    "small,CNT_W=7",
                                       "small,THR_W=1",    "small,THR_W=4",    "small,PC_W=1",
                                       "small,PC_W=32",    "small,ADDR_W=1",   "small,ADDR_W=40"};
    for (unsigned i = 0; i < sizeof good / sizeof good[0]; i++) {
        uint32_t v[CT_MAX_PARAMS];
        char err[CT_ERRLEN] = "";
        int rc = ct_config_parse(&loscache_pt_block, good[i], v, err, sizeof err);
        CHECK_EQ(rc, 0, "%s accepted: %s", good[i], err);
    }
}

/* The bins of a hand-worked run (small with LIMIT 6 and 3 entries), counted
 * here from the page's definitions. */
static void test_coverage_counts(void)
{
    loscache_pt_cfg_t c;
    loscache_pt_t *m = mk("small,LIMIT=6,ENTRIES=3", &c);
    RST(m);
    PRED(m, 1, 0x10);                         /* insert (entry 0) */
    PRED(m, 1, 0x11);                         /* repeat-pc */
    PRED(m, 2, 0x12);                         /* insert (entry 1) */
    PRED(m, 4, 0x14);                         /* insert (entry 2): full */
    PRED(m, 3, 0x13);                         /* full-drop */
    PLAIN(m, 9);                              /* the 6th access: end-limit */
    cyc(m, (row_t){.cnt = 3});                /* load entry 0: 3 */
    cyc(m, (row_t){.cnt = 0});                /* load entry 1: 0 (load-zero) */
    cyc(m, (row_t){.cnt = 2});                /* load entry 2: 2 */
    LOOK(m, 1);                               /* hit, entry 0 */
    LOOK(m, 7);                               /* miss */
    cyc(m, (row_t){.acc = 1, .pc = 1, .eg = 1, .egi = 0}); /* hit entry 0 + report on it */
    cyc(m, (row_t){.eg = 1, .egi = 3});       /* report naming no valid entry (3 = used) */
    for (int i = 0; i < 4; i++)
        cyc(m, (row_t){.eg = 1, .egi = 1});   /* T of entry 1: 1, 2, 3, then at 3 */
    IDLE(m);
    loscache_pt_cov_t cov;
    loscache_pt_coverage(m, &cov);
    static const uint64_t want[PT_COV_N] = {
        [PT_COV_INSERT] = 3,   [PT_COV_REPEAT_PC] = 1, [PT_COV_FULL_DROP] = 1, [PT_COV_END_LIMIT] = 1,
        [PT_COV_END_DONE] = 0, [PT_COV_END_BOTH] = 0,  [PT_COV_END_EMPTY] = 0, [PT_COV_LOAD_ZERO] = 1,
        [PT_COV_HIT] = 2,      [PT_COV_MISS] = 1,      [PT_COV_T_SAT] = 1,     [PT_COV_EG_INVALID] = 1,
        [PT_COV_EG_LOOKUP] = 1};
    for (unsigned b = 0; b < PT_COV_N; b++)
        CHECK_EQ(cov.bin[b], want[b], "bin %u", b);
    loscache_pt_free(m);
}

/* Which bins a configuration must show, as the page states it: every bin,
 * except end-done with LIMIT = 1, and full-drop when a phase cannot present
 * more new PCs than entries (LIMIT accesses, 2^PC_W PCs). */
static void test_coverage_required(void)
{
    static const unsigned entries[] = {1, 2, 3, 20, 21, 63, 64};
    FILE *f = tmpfile();
    for (unsigned e = 0; e < sizeof entries / sizeof entries[0]; e++) {
        unsigned E = entries[e];
        const unsigned limits[] = {1, 2, 3, E - 1 ? E - 1 : 1, E, E + 1, 1023};
        for (unsigned l = 0; l < sizeof limits / sizeof limits[0]; l++)
            for (unsigned pcw = 1; pcw <= 8; pcw++) {
                loscache_pt_cfg_t c = {{.ENTRIES = E, .PC_W = pcw, .ADDR_W = 8, .CNT_W = 6, .THR_W = 2,
                                        .LIMIT = limits[l]}};
                unsigned new_pcs = limits[l] < (1u << pcw) ? limits[l] : (1u << pcw);
                const struct {
                    unsigned bin;
                    int required;
                } rule[] = {{PT_COV_END_DONE, limits[l] != 1},
                            {PT_COV_FULL_DROP, new_pcs > E},
                            {PT_COV_HIT, 1},
                            {PT_COV_INSERT, 1}};
                for (unsigned r = 0; r < sizeof rule / sizeof rule[0]; r++) {
                    loscache_pt_cov_t cov;
                    for (unsigned b = 0; b < PT_COV_N; b++)
                        cov.bin[b] = 1;
                    cov.bin[rule[r].bin] = 0;
                    CHECK_EQ(loscache_pt_cov_check(&c, &cov, f), rule[r].required,
                             "bin %u required? ENTRIES=%u LIMIT=%u PC_W=%u", rule[r].bin, E, limits[l], pcw);
                }
            }
    }
    fclose(f);
}

/* loscache_pt_entry: entries 0 .. used-1 only, with their fields. */
static void test_entry_view(void)
{
    loscache_pt_cfg_t c;
    loscache_pt_t *m = mk("small", &c);
    RST(m);
    PRED(m, 0x21, 0x101);
    PRED(m, 0x22, 0x102);
    uint64_t pc = 7, addr = 7;
    unsigned p = 7, t = 7;
    CHECK(loscache_pt_entry(m, 0, &pc, &addr, &p, &t) == 1 && pc == 0x21 && addr == 0x101 && p == 0 && t == 0,
          "entry 0: pc %llx addr %llx", (unsigned long long)pc, (unsigned long long)addr);
    CHECK(loscache_pt_entry(m, 1, &pc, &addr, &p, &t) == 1 && pc == 0x22 && addr == 0x102,
          "entry 1: pc %llx addr %llx", (unsigned long long)pc, (unsigned long long)addr);
    pc = 9;
    CHECK(loscache_pt_entry(m, 2, &pc, &addr, &p, &t) == 0 && pc == 9, "entry 2 (= used): none, untouched");
    CHECK_EQ(loscache_pt_entry(m, 7, &pc, &addr, &p, &t), 0, "entry 7 (last index of 8): none");
    loscache_pt_free(m);
}

const ut_test_t loscache_pt_tests[] = {
    {"loscache_pt_config_edges", "every parameter's documented edge accepted", test_config_edges},
    {"loscache_pt_coverage_counts", "the bins of a hand-worked run", test_coverage_counts},
    {"loscache_pt_coverage_required", "the page's rule of required bins", test_coverage_required},
    {"loscache_pt_entry_view", "entries 0 .. used-1 with their fields", test_entry_view},
    {"loscache_pt_unique_pc_first_address", "IV-B: unique PCs only, first address kept",
     test_unique_pc_first_address},
    {"loscache_pt_table_full", "21 entries; the 22nd PC dropped, misses", test_table_full},
    {"loscache_pt_phase_end", "100th access or done_i, whichever first; empty table", test_phase_end_at_limit},
    {"loscache_pt_count_load_lookup", "counts loaded per entry; lookup one cycle later; P 0 on miss",
     test_count_load_and_lookup},
    {"loscache_pt_threshold", "T +1 per early gating, saturating at 3, per entry", test_threshold},
    {"loscache_pt_random_vs_reference", "random run vs a reference from the page", test_random_vs_reference},
    {"loscache_pt_inventory_configs", "1,323 paper bits x 15; invalid configs refused",
     test_inventory_and_configs},
    {NULL, NULL, NULL},
};
