/*
 * test_loscache.c - the whole LoSCache unit against LoSCache [000] Fig. 5 and
 * docs/blocks/loscache.md (with the parts' pages), not against its code.
 *
 * TEST RATIONALE: the unit's promise is the paper's story across its three
 * parts: predictor accesses are inserted and counted, the load copies each
 * entry's block count from the counters (a replaced block: 0), a
 * normal-phase request acts one cycle after it is presented with its PC's P
 * and T, the line is gated after the predicted last access, the next access
 * to that tag raises that PC's T in the table, P = 1 bypasses.  A directed
 * run walks the story and checks each step's timing; then random traffic
 * (the block's own stimulus and plain random inputs) is checked every cycle,
 * output by output, against a reference of the whole unit written here from
 * the pages alone (table, counters, power, request register).
 */
#include <stdlib.h>

#include "ct_rng.h"
#include "loscache.h"
#include "ut.h"

enum { NOP = 0, FILL = 1, HIT = 2, EVICT = 3 };
enum { PREDICT = 0, LOAD = 1, NORMAL = 2 };

UT_DEFINE_MK(loscache)

static loscache_out_t cyc(loscache_t *m, loscache_in_t in)
{
    loscache_out_t o;
    loscache_cycle(m, &in, &o);
    return o;
}

static loscache_in_t rq(unsigned op, uint64_t pc, uint64_t addr, unsigned line, unsigned pred)
{
    loscache_in_t in = {.req_op_i = op, .req_pc_i = pc, .req_addr_i = addr, .req_line_i = line,
                        .req_pred_i = pred};
    return in;
}

static unsigned entry_t(const loscache_t *m, unsigned i, unsigned *p)
{
    uint64_t pc, addr;
    unsigned t = 99;
    if (!loscache_pt_entry(loscache_table(m), i, &pc, &addr, p, &t))
        *p = 99;
    return t;
}

static void test_story(void)
{
    loscache_cfg_t c;
    loscache_t *m = mk("small", &c); /* 16 lines, 8 entries, LIMIT 20 */
    const loscache_in_t idle = {0}, rst = {.rst_i = 1};
    loscache_out_t o = cyc(m, rst);
    CHECK_EQ(o.n_off_o + o.ready_o + o.phase_o, 0, "every output 0 in reset");
    o = cyc(m, idle);
    CHECK_EQ(o.n_off_o, 16, "every line OFF after reset");
    CHECK_EQ(o.ready_o, 1, "the prediction phase accepts requests");
    /* prediction phase: results in the request's own cycle */
    o = cyc(m, rq(FILL, 0xA, 100, 4, 1));
    CHECK_EQ(o.res_op_o, FILL, "a prediction-phase request acts in its own cycle");
    CHECK_EQ(o.res_line_o, 4, "on its line");
    CHECK_EQ(o.count_o, 1, "count 1");
    CHECK_EQ(o.p_o, 0, "no prediction in the prediction phase");
    CHECK_EQ(cyc(m, rq(HIT, 0xA, 100, 4, 1)).count_o, 2, "count 2");
    CHECK_EQ(cyc(m, rq(HIT, 0xA, 100, 4, 1)).count_o, 3, "count 3");
    o = cyc(m, rq(FILL, 0xB, 101, 5, 1));
    CHECK_EQ(o.used_o, 1, "A inserted once");
    cyc(m, rq(FILL, 0xC, 102, 6, 1));
    cyc(m, rq(FILL, 0xD, 118, 6, 0)); /* replaces C's block, not inserted */
    loscache_in_t done = {.done_i = 1};
    o = cyc(m, done);
    CHECK_EQ(o.used_o, 3, "A, B, C inserted, D (not the predictor's) not");
    CHECK_EQ(o.phase_o, PREDICT, "done_i ends the phase at this edge");
    /* count load: a request presented meanwhile is not accepted */
    loscache_in_t ld = rq(FILL, 0xE, 200, 9, 1);
    ld.ld_hit_i = 1, ld.ld_line_i = 4;
    o = cyc(m, ld);
    CHECK_EQ(o.phase_o, LOAD, "count load");
    CHECK_EQ(o.ld_v_o, 1, "load read");
    CHECK_EQ(o.ld_addr_o, 100, "entry 0's block address goes to the tag lookup");
    CHECK_EQ(o.ready_o, 0, "no request accepted in the load");
    CHECK_EQ(o.res_line_o, 4, "the counters read the answered line");
    CHECK_EQ(o.count_o, 3, "its count");
    loscache_in_t ldb = {.ld_hit_i = 1, .ld_line_i = 5}, ldc = {.ld_hit_i = 0, .ld_line_i = 6};
    CHECK_EQ(cyc(m, ldb).ld_addr_o, 101, "entry 1");
    CHECK_EQ(cyc(m, ldc).ld_addr_o, 102, "entry 2");
    unsigned p;
    entry_t(m, 0, &p);
    CHECK_EQ(p, 3, "entry A: P = its block's count");
    entry_t(m, 1, &p);
    CHECK_EQ(p, 1, "entry B: P = 1");
    entry_t(m, 2, &p);
    CHECK_EQ(p, 0, "entry C: its block was replaced (ld_hit_i 0): P = 0");
    CHECK_EQ(cyc(m, idle).count_o, 0, "the held request (line 9) changed nothing");
    /* normal execution: one cycle later */
    o = cyc(m, rq(FILL, 0xA, 300, 7, 0));
    CHECK_EQ(o.phase_o, NORMAL, "normal execution");
    CHECK_EQ(o.res_op_o, NOP, "the request waits for the table's answer");
    o = cyc(m, rq(HIT, 0xA, 300, 7, 0));
    CHECK_EQ(o.res_op_o, FILL, "the fill acts one cycle later");
    CHECK_EQ(o.pt_hit_o, 1, "PC A hit in the table");
    CHECK_EQ(o.p_o, 3, "P 3");
    CHECK_EQ(o.mode_o, 2, "line 7 OFF before the fill acts");
    o = cyc(m, rq(HIT, 0xA, 300, 7, 0));
    CHECK_EQ(o.count_o, 2, "count 2");
    o = cyc(m, idle);
    CHECK_EQ(o.count_o, 3, "count 3");
    CHECK_EQ(o.gate_o, 1, "the predicted last access gates");
    CHECK_EQ(o.hit_o, 1, "and is served");
    o = cyc(m, rq(HIT, 0xA, 300, 7, 0));
    CHECK_EQ(o.res_op_o, NOP, "nothing acts");
    o = cyc(m, idle);
    CHECK_EQ(o.mode_o, 2, "line 7 OFF");
    CHECK_EQ(o.early_o, 1, "the tag of a gated line: early gating");
    CHECK_EQ(o.eg_o, 1, "fed back to the table");
    CHECK_EQ(entry_t(m, 0, &p), 1, "entry A's T raised to 1");
    CHECK_EQ(entry_t(m, 1, &p), 0, "entry B's T untouched");
    cyc(m, rq(FILL, 0xA, 301, 8, 0));
    o = cyc(m, rq(HIT, 0xA, 301, 8, 0));
    CHECK_EQ(o.t_o, 1, "the next answer carries T 1");
    cyc(m, rq(HIT, 0xA, 301, 8, 0));
    o = cyc(m, rq(HIT, 0xA, 301, 8, 0));
    CHECK_EQ(o.gate_o, 0, "no gating at P = 3 any more");
    o = cyc(m, idle);
    CHECK_EQ(o.gate_o, 1, "gating at P + T = 4");
    o = cyc(m, rq(FILL, 0xB, 400, 5, 0));
    o = cyc(m, idle);
    CHECK_EQ(o.bypass_o, 1, "B (P 1): bypass");
    CHECK_EQ(o.count_o, 1, "B's line keeps its count");
    cyc(m, rq(FILL, 0xC, 401, 10, 0));
    o = cyc(m, rq(HIT, 0xC, 401, 10, 0));
    CHECK_EQ(o.p_o, 0, "C: P 0, no prediction");
    CHECK_EQ(o.pt_hit_o, 1, "though it hit");
    o = cyc(m, rq(FILL, 0xF, 402, 11, 0));
    CHECK_EQ(o.gate_o, 0, "a count of 2 with P 0 never gates");
    o = cyc(m, idle);
    CHECK_EQ(o.pt_hit_o, 0, "an unknown PC misses");
    /* kernel launch with a request in flight */
    cyc(m, rq(HIT, 0xA, 301, 8, 0)); /* line 8 is OFF: would be early gating */
    loscache_in_t k = rq(FILL, 0xA, 500, 12, 1);
    k.kernel_i = 1;
    o = cyc(m, k);
    CHECK_EQ(o.res_op_o, HIT, "the waiting request acts at the kernel launch");
    CHECK_EQ(o.p_o + o.pt_hit_o + o.eg_o, 0, "without a prediction, nothing fed back");
    CHECK_EQ(o.early_o, 1, "its early gating still refills the line");
    CHECK_EQ(o.ready_o, 0, "the launch cycle's request is not accepted");
    o = cyc(m, idle);
    CHECK_EQ(o.phase_o, PREDICT, "a new prediction phase");
    CHECK_EQ(o.used_o, 0, "an empty table");
    CHECK_EQ(o.res_line_o, 0, "the launch cycle's request did not act");
    CHECK_EQ(o.n_off_o, 16 - 7, "power kept across the kernel: lines 4, 5, 6, 7, 8, 10, 11 ON (9 was held)");
    loscache_free(m);
}

/* ---- reference of the whole unit, from docs/blocks/loscache.md and the
 * parts' pages ---- */
typedef struct {
    unsigned N, E, LIM, cmax, tmax;
    uint64_t lmask, pcm, am;
    unsigned used, phase, acc, ldp, rhit, ridx;
    uint64_t pc[64], addr[64];
    unsigned p[64], t[64];
    unsigned *cnt, *off;
    unsigned rq_op, rq_line;
} ref_t;

static void ref_init(ref_t *r, const loscache_cfg_t *c)
{
    memset(r, 0, sizeof *r);
    r->N = c->NUM_LINES, r->E = c->ENTRIES, r->LIM = c->LIMIT;
    r->cmax = (1u << c->CNT_W) - 1, r->tmax = (1u << c->THR_W) - 1;
    r->lmask = ct_mask(ct_clog2(c->NUM_LINES)), r->pcm = ct_mask(c->PC_W), r->am = ct_mask(c->ADDR_W);
    r->cnt = calloc(r->N, sizeof *r->cnt);
    r->off = calloc(r->N, sizeof *r->off);
}

static void ref_cycle(ref_t *r, const loscache_in_t *in, loscache_out_t *o)
{
    memset(o, 0, sizeof *o);
    unsigned rst = in->rst_i & 1, trst = rst | (in->kernel_i & 1);
    unsigned op_in = in->req_op_i & 3, line_in = (unsigned)(in->req_line_i & r->lmask);
    /* the table's outputs (its registers) */
    unsigned phase = trst ? 0 : r->phase, hitp = trst ? 0 : r->rhit, idx = trst ? 0 : r->ridx;
    unsigned P = hitp ? r->p[idx] : 0, T = hitp ? r->t[idx] : 0;
    if (!trst) {
        o->phase_o = phase, o->used_o = r->used, o->pt_hit_o = hitp, o->p_o = P, o->t_o = T;
        if (phase == LOAD)
            o->ld_v_o = 1, o->ld_addr_o = r->addr[r->ldp];
    }
    unsigned ready = !trst && phase != LOAD;
    o->ready_o = ready;
    unsigned op, line;
    if (r->rq_op || phase == NORMAL)
        op = r->rq_op, line = r->rq_line;
    else if (phase == LOAD)
        op = NOP, line = (unsigned)(in->ld_line_i & r->lmask);
    else
        op = ready ? op_in : NOP, line = line_in;
    /* counters + power */
    unsigned early = 0, byp = 0, gate = 0, nxt = 0, live = !rst && line < r->N;
    unsigned noff = 0;
    for (unsigned l = 0; l < r->N; l++)
        noff += r->off[l];
    if (!rst) {
        o->res_op_o = op, o->res_line_o = line;
        o->n_off_o = noff, o->n_active_o = r->N - noff;
    }
    if (live) {
        unsigned cur = r->cnt[line], off = r->off[line], refill = op == FILL;
        nxt = cur;
        if (op == HIT && off)
            early = 1, refill = 1;
        if (refill) {
            if (P && P + T == 1)
                byp = 1;
            else
                nxt = 1;
        } else if (op == HIT) {
            nxt = cur == r->cmax ? cur : cur + 1;
            gate = P && nxt >= P + T;
        } else if (op == EVICT) {
            nxt = 0;
        }
        o->count_o = nxt, o->gate_o = gate, o->bypass_o = byp, o->early_o = early;
        o->mode_o = off ? 2 : 0;
        o->hit_o = op == HIT && !off;
    }
    unsigned eg = early && hitp;
    o->eg_o = eg;
    /* the edge */
    if (rst) {
        for (unsigned l = 0; l < r->N; l++)
            r->cnt[l] = 0, r->off[l] = 1;
    } else if (live) {
        r->cnt[line] = nxt;
        unsigned fop = byp ? NOP : early ? FILL : op;
        if (fop == FILL)
            r->off[line] = 0;
        if (gate)
            r->off[line] = 1;
    }
    unsigned cnt_in = (in->ld_hit_i & 1) ? o->count_o : 0;
    if (trst) {
        r->used = 0, r->phase = PREDICT, r->acc = 0, r->ldp = 0, r->rhit = 0, r->ridx = 0;
    } else {
        unsigned acc = ready && (op_in == FILL || op_in == HIT);
        uint64_t pc = in->req_pc_i & r->pcm;
        int match = -1;
        for (unsigned i = 0; i < r->used; i++)
            if (r->pc[i] == pc)
                match = (int)i;
        if (eg && idx < r->used && r->t[idx] < r->tmax)
            r->t[idx]++;
        unsigned nhit = phase == NORMAL && acc && match >= 0;
        if (phase == PREDICT) {
            if (acc && (in->req_pred_i & 1) && match < 0 && r->used < r->E) {
                r->pc[r->used] = pc, r->addr[r->used] = in->req_addr_i & r->am;
                r->p[r->used] = 0, r->t[r->used] = 0;
                r->used++;
            }
            unsigned end_lim = acc && r->acc + 1 >= r->LIM;
            if (acc && !end_lim)
                r->acc++;
            if (end_lim || (in->done_i & 1))
                r->phase = r->used ? LOAD : NORMAL, r->ldp = 0;
        } else if (phase == LOAD) {
            r->p[r->ldp] = cnt_in;
            if (r->ldp + 1 == r->used)
                r->phase = NORMAL, r->ldp = 0;
            else
                r->ldp++;
        }
        r->rhit = nhit, r->ridx = nhit ? (unsigned)match : 0;
    }
    int keep = !rst && ready && phase == NORMAL;
    r->rq_op = keep ? op_in : 0, r->rq_line = keep ? line_in : 0;
}

static void compare_run(const char *text, uint64_t seed, unsigned cycles, int own_stim)
{
    loscache_cfg_t c;
    loscache_t *m = mk(text, &c);
    ref_t r;
    ref_init(&r, &c);
    loscache_stim_t *st = loscache_stim_new(&c, seed);
    ct_rng_t g;
    ct_rng_seed(&g, seed);
    unsigned gates = 0, early = 0, egs = 0, loads = 0;
    for (unsigned t = 0; t < cycles && ut_failed_checks < 20; t++) {
        loscache_in_t in = {{0}};
        const char *note;
        if (own_stim) {
            loscache_stim_next(st, &in, &note);
        } else { /* plain random: any input any time */
            for (unsigned k = 0; k < LOSCACHE_N_IN; k++)
                in.v[k] = ct_rng_next(&g); /* the unit uses its widths' bits */
            in.rst_i = t == 0 || ct_rng_below(&g, 3000) == 0;
            in.kernel_i = ct_rng_below(&g, 500) == 0;
            in.done_i = ct_rng_below(&g, 40) == 0;
            in.req_pc_i &= 7; /* few PCs: hits */
            in.req_line_i %= c.NUM_LINES + 1;
            in.ld_line_i %= c.NUM_LINES + 1;
        }
        loscache_out_t o, e;
        loscache_cycle(m, &in, &o);
        ref_cycle(&r, &in, &e);
        for (unsigned k = 0; k < LOSCACHE_N_OUT; k++)
            CHECK_EQ(o.v[k], e.v[k], "%s seed %llu cycle %u: output %s", text,
                     (unsigned long long)seed, t, loscache_block.out[k].name);
        gates += (unsigned)e.gate_o, early += (unsigned)e.early_o, egs += (unsigned)e.eg_o;
        loads += (unsigned)e.ld_v_o;
    }
    CHECK(gates && early && egs && loads,
          "%s: the run shows the story (gates %u, early %u, fed back %u, loads %u)", text, gates,
          early, egs, loads);
    loscache_stim_free(st);
    loscache_free(m);
    free(r.cnt);
    free(r.off);
}

static void test_random_against_reference(void)
{
    static const char *const cfgs[] = {
        "tiny", "small", "paper",
        "NUM_LINES=7 ENTRIES=1 PC_W=2 ADDR_W=5 CNT_W=2 THR_W=1 LIMIT=1",
        "NUM_LINES=32 ENTRIES=21 PC_W=6 ADDR_W=8 CNT_W=4 THR_W=2 LIMIT=100",
        "NUM_LINES=2 ENTRIES=64 PC_W=8 ADDR_W=3 CNT_W=7 THR_W=4 LIMIT=3"};
    for (unsigned k = 0; k < sizeof cfgs / sizeof cfgs[0]; k++) {
        compare_run(cfgs[k], 3 + k, 40000, 1);
        compare_run(cfgs[k], 7 + k, 20000, 0);
    }
}

static void test_area(void)
{
    loscache_cfg_t c;
    loscache_t *m = mk("paper", &c);
    loscache_free(m);
    ct_storage_t st[CT_MAX_STORAGE];
    unsigned n = loscache_block.storage(c.v, st);
    uint64_t table = 0, l2 = 0, chip = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t bits = st[i].entries * st[i].bits;
        if (st[i].instrumentation != CT_PAPER)
            continue;
        if (st[i].copies == 15)
            table += bits;
        else
            l2 += bits;
        chip += bits * (st[i].copies ? st[i].copies : 1);
    }
    CHECK_EQ(table, 21 * (25 + 32 + 6), "the paper's table: 1,323 bits per SM");
    CHECK_EQ(l2, 6144 * 6 + 6144, "6,144 6-bit counts + 6,144 gate bits, once");
    CHECK_EQ(chip, 15 * 1323 + 6144 * 7, "the chip: 15 tables and one L2's counters and gates");
}

/* The composition's configuration is its parts': loscache_parts hands each
 * field to its part, and loscache_check refuses a configuration whose
 * table part or power part is invalid, each on its own, naming the field
 * (-1), and passes one whose parts are both valid (0). */
static void test_parts_validated(void)
{
    loscache_cfg_t c = {{.NUM_LINES = 16, .ENTRIES = 8, .PC_W = 9, .ADDR_W = 10, .CNT_W = 5, .THR_W = 3,
                         .LIMIT = 20}};
    loscache_pt_cfg_t pt;
    loscache_pwr_cfg_t pwr;
    loscache_parts(&c, &pt, &pwr);
    CHECK(pt.ENTRIES == 8 && pt.PC_W == 9 && pt.ADDR_W == 10 && pt.CNT_W == 5 && pt.THR_W == 3 &&
              pt.LIMIT == 20,
          "table part: every field its own");
    CHECK(pwr.NUM_LINES == 16 && pwr.CNT_W == 5 && pwr.THR_W == 3, "power part: every field its own");
    char err[CT_ERRLEN] = "";
    CHECK_EQ(loscache_check(&c, err, sizeof err), 0, "both parts valid: %s", err);
    loscache_cfg_t t = c;
    t.ENTRIES = 0; /* the table part alone is invalid */
    err[0] = 0;
    CHECK(loscache_check(&t, err, sizeof err) == -1 && strstr(err, "ENTRIES=0"), "table part invalid: '%s'", err);
    t = c;
    t.LIMIT = 1024;
    err[0] = 0;
    CHECK(loscache_check(&t, err, sizeof err) == -1 && strstr(err, "LIMIT=1024"), "table part invalid: '%s'", err);
    t = c;
    t.NUM_LINES = 0; /* the power part alone is invalid */
    err[0] = 0;
    CHECK(loscache_check(&t, err, sizeof err) == -1 && strstr(err, "NUM_LINES=0"), "power part invalid: '%s'",
          err);
}

const ut_test_t loscache_tests[] = {
    {"loscache/story", "LoSCache [000] Fig. 5 step by step, with the unit's timing", test_story},
    {"loscache/random_vs_reference", "every output every cycle vs a reference written from the pages", test_random_against_reference},
    {"loscache/area", "table x 15 SMs + counters + gates as the paper counts", test_area},
    {"loscache/parts_validated", "each part's configuration checked on its own", test_parts_validated},
    {NULL, NULL, NULL},
};
