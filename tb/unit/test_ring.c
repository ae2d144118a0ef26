/*
 * test_ring.c - the CCN ring experiment (workloads/wl_ring.c,
 * docs/workloads.md "Experiment: the CCN ring") against hand-worked traces
 * whose numbers come from the paper and the ring's page, not from the code:
 *
 *   served     one miss at a time (a kernel line between them waits for the
 *              one before): a miss no L1 holds makes the full circuit and
 *              goes to L2 (30 cycles on the paper's 15-node ring, docs/blocks/
 *              ccn.md's latency table, + L2's 100: 130); a miss whose line the
 *              next node holds comes back in the minimum round trip, 5
 *              cycles, 2 hops; one served 12 nodes on, 24 hops (the rings
 *              opposite: d there, d back, Sec. 5.1); a write-evict, a hit;
 *   throttle   the throttler (Sec. 4.4) with a 2-instruction window at 50 %:
 *              two misses without a hit turn the node OFF, the next two go
 *              straight to L2 (100 cycles each);
 *   alias      the paper's 24-bit stored tags (PA[39:16]) on two lines of one
 *              set 96 lines apart (one stored tag): the sharer reads the other line, the
 *              delivery carries the wrong data, counted;
 *   vectors    the ring's first cycles written as ccn golden vectors, read
 *              back and replayed on the C model; with the reset and sweep first;
 *   issue      an SM's accesses one a cycle (a second load of a line merges
 *              into its miss) or one every GAP cycles (it hits the fill);
 *              33 misses: the 32 MSHRs full, the 33rd waits;
 *   evict_queue  answers arriving while an SM write-evicts a line a cycle:
 *              more tag changes than its one update port takes, the
 *              write-evicts queue up to 4 and the stores wait;
 *   step       the same run a cycle at a time (the harness's live lockstep):
 *              reset, the sweep, the run's cycles, the same results;
 *   refusals   a trace with more SMs than the ring's nodes, GAP 0, a bad
 *              configuration;
 *   l2_banks   a banked L2 (12 banks, 4 cycles a request): a store and three
 *              misses on one bank queue 4 cycles apart, with and without CCN;
 *   opt        the timing text (GAP, BANKS=, BUSY=, CCN=) and its refusals.
 *
 * TEST RATIONALE: the experiment's latencies and shares are only as right as
 * the way it drives the ring: a miss presented twice, a fill not mirrored
 * into the shadow tags, an answer to the wrong node or an L2 latency counted
 * wrong changes these hand-worked numbers (tb/mutants/work.txt).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ccn.h"
#include "ct_vec.h"
#include "ut.h"
#include "wl_ring.h"

static char g_path[128];

/* A trace written a line at a time: trace_begin, then kernel lines and
 * requests (one access each, a new PC each), then trace_end. */
static FILE *g_f;
static unsigned g_n;

static void trace_begin(void)
{
    ut_tmp(g_path, sizeof g_path, "ct_ring_test", "trace");
    g_f = fopen(g_path, "w");
    g_n = 0;
    fprintf(g_f, "%%trace 1\n%%data\n");
}

static void kernel(unsigned id) { fprintf(g_f, "kernel %u k%u\n", id, id); }

static void request(unsigned sm, int store, unsigned line)
{
    g_n++;
    fprintf(g_f, "%u 0 %x %s %x 32\n", sm, 0x10 * g_n, store ? "st" : "ld", line * 128);
}

static void trace_end(void)
{
    fprintf(g_f, "%%end %u\n", g_n);
    fclose(g_f);
}

/* a trace of one-request kernels: "SM kind line" each */
static void write_trace(const unsigned (*req)[3], unsigned n)
{
    trace_begin();
    for (unsigned i = 0; i < n; i++) {
        kernel(i + 1);
        request(req[i][0], (int)req[i][1], req[i][2]);
    }
    trace_end();
}

/* the paper's ring, alias-free tags, one instruction an access, no throttling */
#define PAPER_RING "paper,TAG_W=33,INST_W=1,HMIN_PCT=0"

static void run_served(void)
{
    static const unsigned req[][3] = {
        {1, 0, 5},  /* no L1 holds 5: the circuit, L2: 130 cycles */
        {0, 0, 5},  /* SM 1, the next node, holds it: 5 cycles, 2 hops */
        {14, 0, 5}, /* SM 0 is node 14's next: 5 cycles, 2 hops */
        {2, 0, 5},  /* from node 2 the first holder is 14, d = 12: 24 hops */
        {1, 1, 5},  /* SM 1's store: write-evict */
        {0, 0, 5},  /* SM 0 still holds 5: a hit */
        {13, 0, 9}, /* no L1 holds 9: 130 */
        {14, 1, 5}, /* write-evicts at SM 14 and SM 0: SM 2 (request 4) is 5's only holder */
        {0, 1, 5},
        {0, 0, 5},  /* SM 1 (its shadow entry invalidated by request 5) passes, SM 2 serves: d = 2 */
    };
    write_trace(req, 10);
    char err[CT_ERRLEN];
    wl_ring_res_t r;
    CHECK(wl_ring_run(g_path, PAPER_RING, 1, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.nodes == 15 && r.kernels == 10, "15 nodes (SMs 0..14), 10 kernels (%u %u)", r.nodes, r.kernels);
    CHECK(r.loads == 7 && r.hits == 1 && r.stores == 3 && r.all.misses == 6, "7 loads, 1 hit, 3 stores, 6 misses");
    CHECK(r.all.served == 4 && r.all.home == 2 && r.all.off == 0, "4 served by a sharer, 2 by L2 after the circuit");
    CHECK_EQ(r.lat_home, 2 * (30 + WL_RING_L2_LAT), "each circuit 30 cycles, then L2");
    CHECK_EQ(r.hops, 2 + 2 + 24 + 4, "hops: 2, 2, 24 and 4 (the rings opposite)");
    CHECK(r.kernel[1].served == 1 && r.kernel[1].cycles >= 5, "kernel 2: one miss served");
    CHECK(r.lat_served > 5 + 5 + 5, "the two neighbours 5 cycles each, the one 12 nodes on longer (%llu)",
          (unsigned long long)r.lat_served);
    CHECK(r.updates == 9 && r.errors == 0 && r.wrong_data == 0, "6 fills and 3 write-evicts mirrored, no error");
    /* the neighbours alone: without request 4 the served latency is 5 + 5 */
    static const unsigned two[][3] = {{1, 0, 5}, {0, 0, 5}, {14, 0, 5}};
    write_trace(two, 3);
    CHECK(wl_ring_run(g_path, PAPER_RING, 1, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK_EQ(r.lat_served, 5 + 5, "the minimum round trip, twice (ccn.md: 5 cycles at HOP 1)");
    /* HOP=3: the round trip grows by 2 a cycle of hop time, the circuit by 15 */
    CHECK(wl_ring_run(g_path, PAPER_RING ",HOP=3", 1, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.lat_served == 2 * 9 && r.lat_home == 60 + WL_RING_L2_LAT, "HOP 3: 9-cycle round trips, a 60-cycle circuit");
    remove(g_path);
}

static void run_throttle(void)
{
    static const unsigned req[][3] = {{3, 0, 1}, {3, 0, 2}, {3, 0, 3}, {3, 0, 4}};
    write_trace(req, 4);
    char err[CT_ERRLEN];
    wl_ring_res_t r;
    /* window T_S = 2 instructions, epoch T_P = 8, H_min 50 %: SAMPLE counts the first two
     * misses (both injected: the node is ON while it samples), 0 hits of 2: OFF */
    CHECK(wl_ring_run(g_path, "paper,TAG_W=33,INST_W=1,T_S=2,T_P=8,HMIN_PCT=50", 1, &r, NULL, 0, err, sizeof err) == 0,
          "%s", err);
    CHECK(r.all.home == 2 && r.all.off == 2 && r.throttled == 2, "2 misses around the ring, then 2 throttled");
    CHECK(r.lat_home == 2 * (30 + WL_RING_L2_LAT) && r.lat_off == 2 * WL_RING_L2_LAT,
          "throttled misses skip the circuit: L2's 100 cycles each");
    CHECK(r.all.off_cycles > 0 && r.kernel[0].off_cycles == 0 && r.kernel[3].off_cycles == r.kernel[3].cycles,
          "OFF from the second miss on, in every cycle of the last kernel");
    /* H_min 0: never OFF */
    CHECK(wl_ring_run(g_path, "paper,TAG_W=33,INST_W=1,T_S=2,T_P=8,HMIN_PCT=0", 1, &r, NULL, 0, err, sizeof err) == 0,
          "%s", err);
    CHECK(r.all.home == 4 && r.all.off_cycles == 0, "H_min 0: all four around the ring");
    remove(g_path);
}

static void run_alias(void)
{
    /* lines 5 and 101 share set 5 (mod 96) and PA[39:16], the stored tag (24 of 33 bits: la >> 9, 0 for both) */
    static const unsigned req[][3] = {{1, 0, 5}, {0, 0, 101}};
    write_trace(req, 2);
    char err[CT_ERRLEN];
    wl_ring_res_t r;
    CHECK(wl_ring_run(g_path, "paper,INST_W=1,HMIN_PCT=0", 1, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.all.served == 1 && r.wrong_data == 1, "the 24-bit tags: SM 1 'serves' the other line, its data wrong");
    CHECK(wl_ring_run(g_path, PAPER_RING, 1, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.all.served == 0 && r.all.home == 2 && r.wrong_data == 0, "alias-free tags: both go to L2");
    remove(g_path);
}

static void run_vectors(void)
{
    static const unsigned req[][3] = {{1, 0, 5}, {0, 0, 5}, {2, 0, 7}, {3, 1, 7}};
    write_trace(req, 4);
    char err[CT_ERRLEN], vpath[160];
    snprintf(vpath, sizeof vpath, "%s.vec", g_path);
    FILE *v = fopen(vpath, "w");
    wl_ring_res_t r;
    CHECK(wl_ring_run(g_path, "small", 1, &r, v, 400, err, sizeof err) == 0, "vectors: %s", err);
    fclose(v);
    ct_vec_reader_t *vr = ct_vec_open(vpath, NULL, NULL, err, sizeof err);
    CHECK(vr != NULL, "the vectors read back: %s", err);
    if (vr) {
        const ct_vec_header_t *h = ct_vec_header(vr);
        CHECK(!strcmp(h->block->name, "ccn") && h->cycles == 400, "400 cycles of ccn");
        void *m = h->block->create(h->cfg);
        uint64_t in[CT_MAX_WORDS], exp[CT_MAX_WORDS], act[CT_MAX_WORDS];
        unsigned word, bad = 0, row = 0, misses = 0, rst = 0;
        int k;
        while ((k = ct_vec_next(vr, in, exp, err, sizeof err)) == 1) {
            rst += row == 0 ? in[h->in_off[0]] == 1 : in[h->in_off[0]] != 0; /* rst_i: row 0 only */
            misses += (unsigned)__builtin_popcountll(in[h->in_off[2]]);   /* miss_v_i */
            row++;
            h->block->cycle(m, in, act);
            bad += ct_vec_diff(h, exp, act, &word) >= 0;
        }
        CHECK(k == 0 && bad == 0 && row == 400, "every row replays on the C model (%u mismatches) %s", bad,
              k < 0 ? err : "");
        CHECK(rst == 1 && misses == 3, "a reset in row 0 only, the trace's 3 misses on miss_v_i (%u %u)", rst, misses);
        h->block->destroy(m);
        ct_vec_close(vr);
    }
    remove(vpath);
    remove(g_path);
}

/* requests of one kernel, SM 0: n loads of lines l0, l0 + step, ... */
static void write_kernel(unsigned n, unsigned l0, unsigned step)
{
    trace_begin();
    kernel(1);
    for (unsigned i = 0; i < n; i++)
        request(0, 0, l0 + i * step);
    trace_end();
}

static void run_issue(void)
{
    char err[CT_ERRLEN];
    wl_ring_res_t r;
    /* SM 0 loads line 1 twice: one access a cycle, the second waits for the same miss (merged);
     * one every 200 cycles, the first's fill (130 cycles) is there: a hit */
    write_kernel(2, 1, 0);
    CHECK(wl_ring_run(g_path, PAPER_RING, 1, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.merged == 1 && r.hits == 0 && r.all.misses == 1, "GAP 1: the second load merges into the miss");
    CHECK(wl_ring_run(g_path, PAPER_RING, 200, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.merged == 0 && r.hits == 1 && r.all.cycles >= 200, "GAP 200: the second load hits");
    /* 33 lines, one a cycle: the 32 MSHRs fill, the 33rd waits for the first answer */
    write_kernel(WL_RING_MSHR + 1, 1, 1);
    CHECK(wl_ring_run(g_path, PAPER_RING, 1, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.all.misses == WL_RING_MSHR + 1 && r.stall > 0 && r.all.home == WL_RING_MSHR + 1 && r.errors == 0,
          "33 misses, the last after a stall, all answered (stalls %llu)", (unsigned long long)r.stall);
    CHECK(r.all.cycles > 30 + WL_RING_L2_LAT + WL_RING_MSHR, "it issues after the first answer (%llu cycles)",
          (unsigned long long)r.all.cycles);
    remove(g_path);
}

/* SM 0: kernel 1 loads lines 1000..1249 (its L1 holds them); with `second`, kernel 2 misses
 * on 32 new lines and then write-evicts the 250 */
static void write_evicts(int second)
{
    trace_begin();
    kernel(1);
    for (unsigned i = 0; i < 250; i++)
        request(0, 0, 1000 + i);
    if (second) {
        kernel(2);
        for (unsigned i = 0; i < 32; i++)
            request(0, 0, 5000 + i);
        for (unsigned i = 0; i < 250; i++)
            request(0, 1, 1000 + i);
    }
    trace_end();
}

static void run_evict_queue(void)
{
    char err[CT_ERRLEN];
    wl_ring_res_t one, two;
    write_evicts(0);
    CHECK(wl_ring_run(g_path, PAPER_RING, 1, &one, NULL, 0, err, sizeof err) == 0, "%s", err);
    /* kernel 2: the 32 misses take the 32 MSHRs without waiting; their answers (130 cycles on)
     * and one write-evict a cycle come faster than the update port's one change a cycle: the
     * write-evicts queue up to 4, then the stores wait */
    write_evicts(1);
    CHECK(wl_ring_run(g_path, PAPER_RING, 1, &two, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(two.stores == 250 && two.all.misses == one.all.misses + 32 && two.errors == 0,
          "kernel 2: 250 stores, 32 more misses, no error");
    CHECK(two.stall > one.stall, "the stores wait for the queue (stalls %llu against kernel 1's %llu)",
          (unsigned long long)two.stall, (unsigned long long)one.stall);
    remove(g_path);
}

static void run_step(void)
{
    static const unsigned req[][3] = {{1, 0, 5}, {0, 0, 5}};
    write_trace(req, 2);
    char err[CT_ERRLEN];
    wl_ring_res_t whole;
    CHECK(wl_ring_run(g_path, "small", 1, &whole, NULL, 0, err, sizeof err) == 0, "%s", err);
    wl_ring_t *r = wl_ring_open(g_path, "small", 1, err, sizeof err);
    CHECK(r != NULL, "open: %s", err);
    if (!r)
        return;
    CHECK(wl_ring_config(r)[0] == 4, "the configuration's N: small's 4");
    const uint64_t *in, *out;
    const char *note;
    uint64_t n = 0, rst = 0, notes = 0;
    int k;
    while ((k = wl_ring_step(r, &in, &out, &note, err, sizeof err)) == 1) {
        rst += ((const ccn_in_t *)in)->rst_i;
        notes += note != NULL;
        n++;
    }
    const wl_ring_res_t *res = wl_ring_result(r);
    CHECK(k == 0 && n == 1 + 6 + res->all.cycles, "1 reset + 6 sweep cycles (SETS) + the run's cycles (%llu)",
          (unsigned long long)n);
    CHECK(rst == 1 && notes == 2, "one reset cycle; two notes (reset, sweep)");
    CHECK(!memcmp(res, &whole, sizeof whole), "the results are wl_ring_run's");
    CHECK(wl_ring_step(r, &in, &out, &note, err, sizeof err) == 0, "after the end: 0 again");
    wl_ring_idle(r, &in, &out);
    CHECK(((const ccn_in_t *)in)->rst_i == 0 && ((const ccn_in_t *)in)->miss_v_i == 0,
          "an idle cycle: no reset, no miss");
    wl_ring_close(r);
    remove(g_path);
}

static void run_refusals(void)
{
    static const unsigned req[][3] = {{4, 0, 5}};
    write_trace(req, 1);
    char err[CT_ERRLEN];
    wl_ring_res_t r;
    CHECK(wl_ring_run(g_path, "small", 1, &r, NULL, 0, err, sizeof err) < 0 && strstr(err, "5 SMs, the ring has N=4"),
          "SM 4 on a 4-node ring: %s", err);
    CHECK(wl_ring_run(g_path, "paper", 0, &r, NULL, 0, err, sizeof err) < 0 && strstr(err, "GAP=0"), "GAP 0: %s",
          err);
    CHECK(wl_ring_run(g_path, "paper,N=99", 1, &r, NULL, 0, err, sizeof err) < 0 && strstr(err, "N=99"),
          "N=99: %s", err);
    remove(g_path);
}

/* The banked L2 (wl_ring_opt_t): in one cycle SM 4 stores line 36 and SMs 0, 1, 2 miss lines 0, 12, 24 - all
 * bank 0 of 12 (line mod 12) - and SM 3 misses line 1 (bank 1).  Bank 0 takes the store at cycle c, then a
 * request every 4 cycles: the misses at c + 4, + 8, + 12, each answered 100 cycles after; line 1 at c.
 * Without CCN: latencies 104 + 108 + 112 + 100, queue cycles 4 + 8 + 12, 5 requests (the store's included).
 * With CCN every miss first makes the 30-cycle circuit (no L1 holds a line), reaching L2 at c + 30, when bank 0
 * is free again: 130 + 134 + 138 (in node order) + 130, queue 0 + 4 + 8.  BANKS=1, BUSY=0 is the fixed L2. */
static void run_l2_banks(void)
{
    trace_begin();
    kernel(1);
    request(4, 1, 36);
    request(0, 0, 0);
    request(1, 0, 12);
    request(2, 0, 24);
    request(3, 0, 1);
    trace_end();
    char err[CT_ERRLEN] = "";
    wl_ring_res_t r;
    wl_ring_opt_t o = {1, 12, 4, 0};
    CHECK(wl_ring_run_opt(g_path, PAPER_RING, &o, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.all.off == 4 && r.lat_off == 104 + 108 + 112 + 100 && r.l2_wait == 4 + 8 + 12 && r.l2_req == 5,
          "no CCN: 4 straight misses, 424 latency cycles, 24 queue cycles, 5 L2 requests (got %llu %llu %llu %llu)",
          (unsigned long long)r.all.off, (unsigned long long)r.lat_off, (unsigned long long)r.l2_wait,
          (unsigned long long)r.l2_req);
    CHECK(r.all.served == 0 && r.all.home == 0 && r.all.off_cycles == 0, "no CCN: the ring serves nothing");
    o.ccn = 1;
    CHECK(wl_ring_run_opt(g_path, PAPER_RING, &o, &r, NULL, 0, err, sizeof err) == 0, "%s", err);
    CHECK(r.all.home == 4 && r.lat_home == 130 + 134 + 138 + 130 && r.l2_wait == 0 + 4 + 8,
          "CCN: 4 circuits, then bank 0 in node order (got %llu %llu %llu)", (unsigned long long)r.all.home,
          (unsigned long long)r.lat_home, (unsigned long long)r.l2_wait);
    o.banks = 1, o.busy = 0;
    wl_ring_res_t fixed;
    CHECK(wl_ring_run_opt(g_path, PAPER_RING, &o, &r, NULL, 0, err, sizeof err) == 0 &&
              wl_ring_run(g_path, PAPER_RING, 1, &fixed, NULL, 0, err, sizeof err) == 0,
          "%s", err);
    CHECK(r.lat_home == 4 * 130 && r.l2_wait == 0 && !memcmp(&r, &fixed, sizeof r),
          "BANKS=1, BUSY=0: every miss 130 cycles, wl_ring_run's result");
    o.ccn = 0;
    FILE *v = tmpfile();
    CHECK(wl_ring_run_opt(g_path, PAPER_RING, &o, &r, v, 10, err, sizeof err) < 0 && strstr(err, "VEC with CCN=0"),
          "no vectors of a ring that is not run: %s", err);
    fclose(v);
    remove(g_path);
}

/* wl_ring_opt: GAP first, then BANKS=, BUSY=, CCN=; each refusal names its field */
static void run_opt(void)
{
    char err[CT_ERRLEN];
    wl_ring_opt_t o;
    CHECK(wl_ring_opt("32", &o, err, sizeof err) == 0 && o.gap == 32 && o.banks == 1 && o.busy == 0 && o.ccn == 1,
          "GAP alone: one bank, no queue, CCN on");
    CHECK(wl_ring_opt("4,BANKS=12,BUSY=4,CCN=0", &o, err, sizeof err) == 0 && o.gap == 4 && o.banks == 12 &&
              o.busy == 4 && o.ccn == 0,
          "every field");
    CHECK(wl_ring_opt("2,CCN=1,BANKS=64,BUSY=100", &o, err, sizeof err) == 0 && o.banks == 64 && o.busy == 100,
          "any order after GAP, the largest values");
    static const struct {
        const char *text, *msg;
    } bad[] = {
        {"", "ring: timing: GAP='' is not a decimal number"},
        {"0", "ring: GAP=0: an SM issues one access every 1..1000 cycles"},
        {"1001", "ring: GAP=1001: an SM issues one access every 1..1000 cycles"},
        {"4x", "ring: timing: GAP='4x' is not a decimal number"},
        {"4,BANKS", "ring: timing: 'BANKS' is not GAP first, then BANKS=, BUSY= or CCN="},
        {"4,FOO=1", "ring: timing: 'FOO=1' is not GAP first, then BANKS=, BUSY= or CCN="},
        {"4,GAP=4", "ring: timing: 'GAP=4' is not GAP first, then BANKS=, BUSY= or CCN="},
        {"BANKS=2", "ring: timing: GAP='BANKS=2' is not a decimal number"},
        {"4,BANKS=0", "ring: BANKS=0: the L2 has 1..64 banks"},
        {"4,BANKS=65", "ring: BANKS=65: the L2 has 1..64 banks"},
        {"4,BUSY=101", "ring: BUSY=101: a request holds its bank 0..100 cycles"},
        {"4,CCN=2", "ring: CCN=2: CCN is off or on: 0..1"},
        {"4,BUSY=-1", "ring: timing: BUSY='-1' is not a decimal number"},
        {"4,BUSY=99999999999", "ring: BUSY=99999999999: a request holds its bank 0..100 cycles"},
        {"4,BANKS=99999999999999999999999", "ring: BANKS=18446744073709551615: the L2 has 1..64 banks"},
        {"4,BANKS=123456789012345678901234567890123456789012345678901234567890123456789",
         "ring: timing: 'BANKS=12345678901234..."},
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int rc = wl_ring_opt(bad[i].text, &o, err, sizeof err);
        CHECK(rc < 0 && strncmp(err, bad[i].msg, strlen(bad[i].msg)) == 0, "'%s' refused: '%s' (want '%s')",
              bad[i].text, rc < 0 ? err : "accepted", bad[i].msg);
    }
}

/* The watchdog times outstanding misses only: one miss, then 4,000 L1 hits at a GAP of 32 (128,000 cycles with
 * nothing answered and nothing outstanding) is a run, not an error; 4,000 hits is also past the 100,000 cycles the
 * watchdog allows, so the check is not vacuous. */
static void run_watchdog(void)
{
    trace_begin();
    kernel(1);
    for (unsigned i = 0; i < 4001; i++)
        request(3, 0, 7);
    trace_end();
    char err[CT_ERRLEN] = "";
    wl_ring_res_t r;
    CHECK(wl_ring_run(g_path, PAPER_RING, 32, &r, NULL, 0, err, sizeof err) == 0, "hits alone trip nothing: %s", err);
    CHECK(r.all.misses == 1 && r.hits + r.merged == 4000 && r.all.cycles > 100000 + 20000,
          "1 miss, 4,000 hits (the first merged into it) over more than the watchdog's 100,000 cycles "
          "(got %llu %llu %llu)", (unsigned long long)r.all.misses, (unsigned long long)(r.hits + r.merged),
          (unsigned long long)r.all.cycles);
    remove(g_path);
}

const ut_test_t ring_tests[] = {
    {"work/ring/l2_banks", "a banked L2: requests queue per bank, with and without CCN; one bank is the fixed L2",
     run_l2_banks},
    {"work/ring/opt", "the run's timing text: GAP, BANKS, BUSY, CCN, each refusal naming its field", run_opt},
    {"work/ring/watchdog", "a long run of hits with nothing outstanding is not a stuck ring", run_watchdog},
    {"work/ring/served", "the ring on a trace: circuits, neighbours, hops, write-evict (ccn.md's latencies)",
     run_served},
    {"work/ring/throttle", "the throttler turns a node OFF, its misses go straight to L2", run_throttle},
    {"work/ring/alias", "the paper's 24-bit tags: an alias delivery with the wrong data", run_alias},
    {"work/ring/vectors", "the ring's cycles on a trace as ccn golden vectors, replayed", run_vectors},
    {"work/ring/issue", "one access an SM a cycle or a GAP, misses merged, MSHRs full", run_issue},
    {"work/ring/evict_queue", "answers and write-evicts faster than the update port: the stores wait", run_evict_queue},
    {"work/ring/step", "the run a cycle at a time: reset, sweep, the run, its results", run_step},
    {"work/ring/refusals", "too many SMs, GAP 0, a bad configuration", run_refusals},
    {NULL, NULL, NULL},
};
