/*
 * test_bench.c - the benchmark kernels (workloads/wl_bench*.c,
 * docs/benchmarks.md), measured on the traces they write:
 *
 *   coalesce   hand-worked lane patterns: one line of four sectors, 32 lines,
 *              a lane straddling two lines, broadcast;
 *   gemm       N = 32 on 2 SMs, counted from the algorithm: 32 warps, each
 *              2 + 3N requests (C loaded and stored, then per k one A sector
 *              - every lane reads A[i][k] - one line of B, one store of C);
 *              CTAs dealt SM 0, SM 1, SM 0, ...; the first turns in loose
 *              round robin;
 *   every      all benchmarks, small: a valid trace whose assembled requests
 *              are the generator's (no two warp instructions merge), kernel
 *              lines = launches, the same bytes twice, seed-independent
 *              except bfs;
 *   shapes     atax's row walk: one sector per request; nw's rows of 16
 *              ints: at most three sectors; bfs's first level: node 0 alone;
 *   REQS       the trace stops after the instruction reaching REQS;
 *   SKIP       the window starts at request SKIP, at an instruction's start;
 *   parse      defaults, bounds, unknown names.
 *
 * TEST RATIONALE: the experiments' per-benchmark numbers are read off these
 * traces; a coalescer, scheduler or index slip changes every outcome
 * silently (tb/mutants/work.txt).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "ut.h"
#include "wl_bench.h"
#include "wl_trace.h"

static char g_path[96];

enum { MAXR = 40000 };
static wl_req_t R[MAXR];

typedef struct {
    size_t n;         /* requests assembled */
    unsigned kernels; /* kernel lines */
    wl_bench_stats_t st;
} run_t;

/* bench's trace with params into g_path; its requests into R */
static run_t run(const char *bench, const char *params, uint64_t seed)
{
    run_t r = {0};
    const wl_bench_t *b = wl_find_bench(bench);
    uint32_t v[WL_SYNTH_MAXP];
    char err[CT_ERRLEN];
    if (!b || wl_bench_parse(b, params, v, err, sizeof err) < 0) {
        printf("cannot make %s %s: %s\n", bench, params, b ? err : "unknown");
        exit(2);
    }
    FILE *f = fopen(g_path, "w");
    CHECK(wl_bench_write(b, v, seed, f, 0, &r.st, err, sizeof err) == 0, "%s writes: %s", bench, err);
    fclose(f);
    wl_reader_t *rd = wl_open(g_path, err, sizeof err);
    CHECK(rd != NULL, "%s's trace is a valid trace: %s", bench, err);
    if (!rd)
        return r;
    wl_assembler_t as;
    wl_asm_init(&as, 128, 32);
    wl_rec_t rec;
    int got;
    while ((got = wl_next(rd, &rec, err, sizeof err)) > 0) {
        if (rec.type == WL_REC_KERNEL) {
            r.kernels++;
            if (wl_asm_flush(&as, &R[r.n < MAXR - 1 ? r.n : MAXR - 1]))
                r.n++;
        } else if (wl_asm_feed(&as, &rec.a, &R[r.n < MAXR - 1 ? r.n : MAXR - 1]))
            r.n++;
    }
    CHECK(got == 0, "%s's trace reads to its end: %s", bench, err);
    if (wl_asm_flush(&as, &R[r.n < MAXR - 1 ? r.n : MAXR - 1]))
        r.n++;
    wl_close(rd, NULL, 0);
    return r;
}

static void run_coalesce(void)
{
    uint64_t a[32], lines[64];
    uint8_t m[64];
    for (unsigned l = 0; l < 32; l++)
        a[l] = 0x1000 + 4 * l; /* 32 floats: one line */
    CHECK_EQ(wl_coalesce(a, 0xffffffffu, 4, lines, m), 1, "consecutive floats");
    CHECK_EQ(lines[0], 0x1000 / 128, "their line");
    CHECK_EQ(m[0], 0xf, "all four sectors");
    CHECK_EQ(wl_coalesce(a, 0x000000ffu, 4, lines, m), 1, "lanes 0-7");
    CHECK_EQ(m[0], 0x1, "one sector");
    for (unsigned l = 0; l < 32; l++)
        a[l] = 0x8000 + 128 * (31 - l) + 64; /* one float in each of 32 lines, descending */
    CHECK_EQ(wl_coalesce(a, 0xffffffffu, 4, lines, m), 32, "a column walk: 32 lines");
    CHECK_EQ(lines[0], 0x8000 / 128, "lines ascending");
    CHECK_EQ(lines[31], 0x8000 / 128 + 31, "lines ascending, the last");
    CHECK_EQ(m[5], 0x4, "byte 64 is sector 2");
    a[0] = 0x101c; /* 8 bytes 0x101c..0x1023: sectors 0 and 1 of one line */
    CHECK_EQ(wl_coalesce(a, 0x1, 8, lines, m), 1, "a lane over two sectors: one line");
    CHECK_EQ(m[0], 0x3, "both sectors");
    a[0] = 0x107c; /* 8 bytes 0x107c..0x1083 straddle two lines */
    CHECK_EQ(wl_coalesce(a, 0x1, 8, lines, m), 2, "a straddling lane: two lines");
    CHECK_EQ(m[0], 0x8, "the first line's last sector");
    CHECK_EQ(m[1], 0x1, "the second line's first sector");
    for (unsigned l = 0; l < 32; l++)
        a[l] = 0x2040;
    CHECK_EQ(wl_coalesce(a, 0xffffffffu, 4, lines, m), 1, "a broadcast: one line");
    CHECK_EQ(m[0], 0x4, "one sector");
    CHECK_EQ(wl_coalesce(a, 0, 4, lines, m), 0, "no lane: no request");
}

static void run_gemm(void)
{
    run_t r = run("gemm", "N=32 SMS=2", 1);
    CHECK_EQ(r.st.requests, 32 * (2 + 3 * 32), "32 warps x (2 + 3N) requests");
    CHECK_EQ(r.n, r.st.requests, "the trace's requests are the generator's");
    CHECK_EQ(r.kernels, 1, "one launch");
    unsigned one_sector = 0, four = 0;
    for (size_t i = 0; i < r.n; i++) {
        unsigned s = (unsigned)__builtin_popcountll(R[i].sectors);
        one_sector += s == 1, four += s == 4;
        /* 4 CTAs of 8 warps, dealt SM 0, 1, 0, 1: warp ids 0-7 and 16-23 on SM 0 */
        CHECK_EQ(R[i].sm, R[i].warp / 8 % 2, "warp %u on SM %u", R[i].warp, R[i].sm);
    }
    CHECK_EQ(one_sector, 32 * 32, "one A sector per k per warp (a broadcast)");
    CHECK_EQ(four, r.n - 32 * 32, "B and C: whole lines");
    /* SM 0 holds CTAs 0 and 2 at once (6 slots of 256 threads): its ninth
     * turn, the trace's 17th request, is CTA 2's first warp */
    CHECK_EQ(R[16].warp, 16, "SM 0's ninth turn: warp 16 (CTA 2 resident beside CTA 0)");
    static const uint32_t first[6][2] = {{0, 0}, {1, 8}, {0, 1}, {1, 9}, {0, 2}, {1, 10}};
    for (unsigned i = 0; i < 6; i++) {
        CHECK_EQ(R[i].sm, first[i][0], "turn %u's SM", i);
        CHECK_EQ(R[i].warp, first[i][1], "turn %u's warp (loose round robin)", i);
    }
}

static void run_every(void)
{
    for (unsigned i = 0; i < wl_n_benches; i++) {
        const char *name = wl_benches[i]->k.name;
        char params[64];
        snprintf(params, sizeof params, "SMS=4 REQS=%u%s", 3000,
                 strcmp(name, "bfs") == 0 ? " NODES=5000" : "");
        run_t a = run(name, params, 1);
        CHECK(a.st.requests >= 3000 || a.st.requests == a.n, "%s: REQS reached or the whole program", name);
        CHECK_EQ(a.n, a.st.requests, "%s: the assembled requests are the generator's", name);
        CHECK_EQ(a.kernels, a.st.launches, "%s: a kernel line per launch", name);
        size_t len1, len2;
        char *t1 = ut_slurp(g_path, &len1);
        run(name, params, 1);
        char *t2 = ut_slurp(g_path, &len2);
        CHECK(t1 && t2 && len1 == len2 && memcmp(t1, t2, len1) == 0, "%s: the same bytes twice", name);
        free(t2);
        run(name, params, 2);
        t2 = ut_slurp(g_path, &len2);
        size_t skip1 = t1 ? (size_t)(strstr(t1, "%line") - t1) : 0, skip2 = t2 ? (size_t)(strstr(t2, "%line") - t2) : 0;
        int same = t1 && t2 && len1 - skip1 == len2 - skip2 && memcmp(t1 + skip1, t2 + skip2, len1 - skip1) == 0;
        CHECK_EQ(same, strcmp(name, "bfs") != 0, "%s: the seed changes bfs's graph only", name);
        free(t1), free(t2);
    }
}

static void run_shapes(void)
{
    run_t r = run("atax", "N=256 SMS=2 REQS=5000", 1);
    unsigned a_reqs = 0;
    for (size_t i = 0; i < r.n; i++)
        if (R[i].pc == 0x608) {
            a_reqs++;
            CHECK_EQ(__builtin_popcountll(R[i].sectors), 1, "atax: a row walk's request is one sector");
        }
    CHECK(a_reqs > 1000, "atax: A's requests seen (%u)", a_reqs);
    r = run("nw", "N=256 SMS=3 REQS=20000", 1);
    unsigned ref = 0;
    for (size_t i = 0; i < r.n; i++)
        if (R[i].pc == 0x1108) {
            ref++;
            CHECK(__builtin_popcountll(R[i].sectors) <= 3, "nw: a row of 16 ints is at most three sectors");
        }
    CHECK(ref > 1000, "nw: reference rows seen (%u)", ref);
    r = run("bfs", "NODES=1000 SMS=2", 7);
    unsigned st_mask = 0;
    for (size_t i = 0; i < r.n && R[i].pc != 0x1740; i++) /* the first Kernel launch */
        if (R[i].pc == 0x1708) {
            st_mask++;
            CHECK_EQ(R[i].sectors, 1, "bfs: node 0's mask byte");
        }
    CHECK_EQ(st_mask, 1, "bfs: level 0 is node 0 alone");
    CHECK_EQ(r.kernels % 2, 0, "bfs: two launches a level");
}

static void run_reqs(void)
{
    run_t r = run("gemm", "N=512 REQS=1000", 1);
    CHECK(r.st.requests >= 1000 && r.st.requests < 1000 + 32, "stops after the instruction reaching REQS: %u",
          (unsigned)r.st.requests);
    CHECK_EQ(r.n, r.st.requests, "as the trace has it");
    r = run("nn", "RECORDS=100 REQS=1000000", 1);
    /* 100 threads: warps 0-2 read 256 B of pairs (2 lines) and write a line
     * of distances; warp 3's 4 threads read one line and write one */
    CHECK_EQ(r.st.requests, 3 * 3 + 2, "a whole short program: nn with 100 records");
}

/* SKIP: the window starts at the first warp instruction whose first request is request SKIP or later (gemm's
 * instructions are one request each): the same requests as the unskipped trace's from number SKIP on, the kernel
 * line first */
static void run_skip(void)
{
    run_t all = run("gemm", "N=32 SMS=2", 1);
    static wl_req_t full[3136];
    memcpy(full, R, sizeof full);
    run_t w = run("gemm", "N=32 SMS=2 SKIP=100 REQS=50", 1);
    CHECK(all.n == 3136 && w.n == 50 && w.kernels == 1, "a window of 50 after 100, under its kernel line (%zu %u)",
          w.n, w.kernels);
    unsigned same = 0;
    for (unsigned i = 0; i < 50 && i < w.n; i++)
        same += R[i].sm == full[100 + i].sm && R[i].warp == full[100 + i].warp && R[i].line == full[100 + i].line &&
                R[i].pc == full[100 + i].pc;
    CHECK_EQ(same, 50, "requests 100..149 of the whole trace");
    w = run("gemm", "N=32 SMS=2 SKIP=3136", 1);
    CHECK(w.n == 0 && w.kernels == 0, "a window past the program's end is empty, without a kernel line");
}

static void run_parse(void)
{
    const wl_bench_t *b = wl_find_bench("hotspot");
    uint32_t v[WL_SYNTH_MAXP];
    char err[CT_ERRLEN];
    CHECK(b != NULL, "hotspot is in the catalogue");
    CHECK(wl_find_bench("hotspots") == NULL, "hotspots is not");
    CHECK_EQ(wl_n_benches, 25, "25 benchmarks");
    if (!b)
        return;
    CHECK_EQ(wl_bench_parse(b, "", v, err, sizeof err), 0, "defaults");
    CHECK_EQ(v[0], 15, "SMS 15");
    CHECK_EQ(v[1], 1000000, "REQS 1,000,000");
    CHECK_EQ(v[2], 0, "SKIP 0");
    CHECK_EQ(v[3], 512, "N 512");
    CHECK_EQ(wl_bench_parse(b, "PYR=8", v, err, sizeof err), -1, "PYR 8 leaves no tile");
    CHECK(strstr(err, "PYR='8' is not a decimal number in 1..7") != NULL, "%s", err);
    CHECK_EQ(wl_bench_parse(b, "ROWS=8", v, err, sizeof err), -1, "unknown");
    CHECK(strstr(err, "unknown parameter 'ROWS'; known: SMS REQS SKIP N PYR ITER") != NULL, "%s", err);
}

#define T(name) UT_SCRATCH_TEST(name, g_path, "bench", "trace")
T(coalesce)
T(gemm)
T(every)
T(shapes)
T(reqs)
T(skip)

const ut_test_t bench_tests[] = {
    {"work/bench/coalesce", "lanes into lines and sectors, by hand", t_coalesce},
    {"work/bench/gemm", "requests counted from the algorithm; CTAs dealt; loose round robin", t_gemm},
    {"work/bench/every", "every benchmark: valid, unmerged, kernel lines, deterministic", t_every},
    {"work/bench/shapes", "atax's row walk, nw's 16-int rows, bfs's first level", t_shapes},
    {"work/bench/reqs", "the REQS cut and a whole short program", t_reqs},
    {"work/bench/skip", "SKIP: the window starts at request SKIP, whole instructions", t_skip},
    {"work/bench/parse", "defaults, bounds, unknown names", run_parse},
    {NULL, NULL, NULL},
};
