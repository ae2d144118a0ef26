/*
 * test_trace.c - trace format 1 (workloads/wl_trace.c, docs/trace-format.md)
 * and its summary (wl_stats.c):
 *
 *   round trip    the writer's records read back the same, plain, with CRLF
 *                 line ends and gzip;
 *   malformed     a bad value of every field, and every broken structure
 *                 (header order, %end count, truncation, gzip cut short), is
 *                 refused with "FILE:LINE: field";
 *   sectors       sector masks and the request assembler, worked by hand;
 *   distance      the LRU stack distance, by hand and against a brute-force
 *                 list over 60,000 keys (the Fenwick tree compacts many times);
 *   blocks        lines across the ends of the blocks the input reads, from a
 *                 file and through gzip; the longest line, one too long, a NUL;
 *   fast path     the one-pass parser of access lines against the general
 *                 path alone (wl_set_fast) on 4,000 lines of valid and
 *                 broken fields: the same records and errors;
 *   summary       the numbers `ctwin trace` prints for the Accel-Sim fixture,
 *                 counted by hand from tb/fixtures/accelsim/expected.trace;
 *   grow          wl_grow, the library's growable arrays.
 *
 * TEST RATIONALE: the reader is what users' traces meet first; a broken
 * field check, a lost %end check or a wrong merge rule shows here
 * (tb/mutants/work.txt breaks each).
 */
#define _POSIX_C_SOURCE 200809L
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ct_rng.h"
#include "trace_sample.h"
#include "ut.h"
#include "wl_grow.h"
#include "wl_io.h"
#include "wl_stats.h"
#include "wl_trace.h"

static char g_path[96];

static void put(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    if (!f || fputs(text, f) < 0 || fclose(f)) {
        printf("cannot write %s\n", path);
        exit(2);
    }
}

int trace_read_all(const char *path, wl_rec_t *recs, int max, char *err, size_t errlen)
{
    wl_reader_t *r = wl_open(path, err, errlen);
    if (!r)
        return -1;
    wl_rec_t rec;
    int n = 0, got;
    while ((got = wl_next(r, &rec, err, errlen)) > 0) {
        if (recs && n < max)
            recs[n] = rec;
        n++;
    }
    if (wl_close(r, got < 0 ? NULL : err, errlen) < 0)
        got = -1;
    return got < 0 ? -1 : n;
}

const wl_access_t trace_sample[4] = {
    {0, 0, 0x100, 0x7f1000000000, 32, WL_LD},
    {3, 17, 0xabcdef, 0x7f100000101f, 1, WL_ST},
    {1023, 4294967295u, 0xffffffffffffffff, 0xffffffffffffff80, 128, WL_ATOM},
    {2, 5, 0, 0x40, 4, WL_LDG},
};

void trace_write_sample(const char *path)
{
    FILE *f = fopen(path, "w");
    wl_writer_t w;
    wl_trace_header_t h = {128, 32, "unit test", 0};
    wl_write_header(&w, f, &h);
    wl_write_kernel(&w, 7, "_Z6vecAddPfS_S_i");
    for (unsigned i = 0; i < 3; i++)
        wl_write_access(&w, &trace_sample[i]);
    wl_write_kernel(&w, 9, "second kernel, with blanks");
    wl_write_access(&w, &trace_sample[3]);
    CHECK(wl_write_end(&w) == 0, "the writer reports no error");
    fclose(f);
}

static void check_sample(const wl_rec_t *recs, int n, const char *what)
{
    CHECK_EQ(n, 6, "%s: 2 kernels and 4 accesses", what);
    if (n != 6)
        return;
    CHECK(recs[0].type == WL_REC_KERNEL && recs[0].kernel == 7 && !strcmp(recs[0].name, "_Z6vecAddPfS_S_i"),
          "%s: kernel 7 first", what);
    CHECK(recs[4].type == WL_REC_KERNEL && recs[4].kernel == 9 &&
              !strcmp(recs[4].name, "second kernel, with blanks"),
          "%s: a kernel name keeps its blanks ('%s')", what, recs[4].name);
    const int at[4] = {1, 2, 3, 5};
    for (unsigned i = 0; i < 4; i++) {
        const wl_access_t *a = &recs[at[i]].a, *e = &trace_sample[i];
        CHECK(recs[at[i]].type == WL_REC_ACCESS && a->sm == e->sm && a->warp == e->warp && a->pc == e->pc &&
                  a->addr == e->addr && a->size == e->size && a->kind == e->kind,
              "%s: access %u reads back as written", what, i);
    }
}

static void run_round_trip(void)
{
    char err[CT_ERRLEN], cmd[300];
    wl_rec_t recs[8];
    trace_write_sample(g_path);
    int n = trace_read_all(g_path, recs, 8, err, sizeof err);
    CHECK(n >= 0, "the written trace reads back: %s", n < 0 ? err : "");
    check_sample(recs, n, "plain");
    wl_reader_t *r = wl_open(g_path, err, sizeof err);
    CHECK(r && wl_header(r)->line_b == 128 && wl_header(r)->sector_b == 32 &&
              !strcmp(wl_header(r)->source, "unit test"),
          "the header reads back");
    wl_close(r, NULL, 0);
    /* with CRLF line ends (a file edited on Windows) it reads the same */
    char crlf[128];
    snprintf(crlf, sizeof crlf, "%s.crlf", g_path);
    snprintf(cmd, sizeof cmd, "sed 's/$/\r/' %s > %s", g_path, crlf);
    CHECK(system(cmd) == 0, "sed is there");
    n = trace_read_all(crlf, recs, 8, err, sizeof err);
    CHECK(n >= 0, "the CRLF trace reads back: %s", n < 0 ? err : "");
    check_sample(recs, n, "CRLF");
    remove(crlf);
    /* the same file gzip-compressed reads the same */
    snprintf(cmd, sizeof cmd, "gzip -c %s > %s.gz", g_path, g_path);
    CHECK(system(cmd) == 0, "gzip is there");
    char gz[128];
    snprintf(gz, sizeof gz, "%s.gz", g_path);
    n = trace_read_all(gz, recs, 8, err, sizeof err);
    CHECK(n >= 0, "the gzip trace reads back: %s", n < 0 ? err : "");
    check_sample(recs, n, "gzip");
    /* a gzip file cut short is refused, naming gzip */
    snprintf(cmd, sizeof cmd, "head -c 60 %s.gz > %s.cut.gz", g_path, g_path);
    CHECK(system(cmd) == 0, "head is there");
    snprintf(gz, sizeof gz, "%s.cut.gz", g_path);
    n = trace_read_all(gz, NULL, 0, err, sizeof err);
    CHECK(n < 0 && strstr(err, gz) && strstr(err, "gzip"), "a cut gzip file is refused: %s", n < 0 ? err : "");
    remove(gz);
    snprintf(gz, sizeof gz, "%s.gz", g_path);
    remove(gz);
}

/* A good trace; each malformed case replaces one of its lines. */
static const char *const good[] = {
    "# comment",                  /* 1 */
    "%trace 1",                   /* 2 */
    "%source hand-made",          /* 3 */
    "%line 128",                  /* 4 */
    "%sector 32",                 /* 5 */
    "%data",                      /* 6 */
    "kernel 1 k1",                /* 7 */
    "0 0 100 ld 1000 32",         /* 8 */
    "",                           /* 9 */
    "1 2 0x104 st 0x1020 4  # c", /* 10 */
    "%end 2",                     /* 11 */
};
#define NGOOD (sizeof good / sizeof good[0])

static int try_lines(const char *const *lines, unsigned n, const char *tail, char *err, size_t errlen)
{
    char text[4096] = "";
    for (unsigned i = 0; i < n; i++) {
        strcat(text, lines[i]);
        strcat(text, "\n");
    }
    if (tail)
        strcat(text, tail);
    put(g_path, text);
    return trace_read_all(g_path, NULL, 0, err, errlen);
}

static void run_malformed(void)
{
    static const struct {
        unsigned line; /* 1-based line replaced; 0: none */
        const char *text, *want;
    } cases[] = {
        {2, "%trace 2", ":2: %trace"},
        {2, "%trace", ":2: %trace"},
        {2, "%line 128", ":2: %trace"},
        {3, "%sourcex", ":3: header: unknown directive"},
        {4, "%line 100", ":6: %line"},
        {4, "%line 8192", ":6: %line"},
        {5, "%sector 256", ":6: %sector"},
        {5, "%sector 1", ":6: %sector"},
        {5, "%line 128", ":5: %line: given twice"},
        {6, "0 0 100 ld 1000 32", ":6: header: a data line before %data"},
        {6, "%data 1", ":6: %data"},
        {7, "kernel x k1", ":7: kernel id"},
        {7, "kernel 1", ":7: kernel name"},
        {7, "kernel 0 k0", ":0"}, /* accepted: ids need not start at 1 */
        {8, "1024 0 100 ld 1000 32", ":8: sm"},
        {8, "-1 0 100 ld 1000 32", ":8: sm"},
        {8, "0 4294967296 100 ld 1000 32", ":8: warp"},
        {8, "0 w 100 ld 1000 32", ":8: warp"},
        {8, "0 0 10g ld 1000 32", ":8: pc"},
        {8, "0 0 11112222333344445 ld 1000 32", ":8: pc"},
        {8, "0 0 100 load 1000 32", ":8: kind"},
        {8, "0 0 100 LD 1000 32", ":8: kind"},
        {8, "0 0 100 ld 0x 32", ":8: addr"},
        {8, "0 0 100 ld 1000 0", ":8: size"},
        {8, "0 0 100 ld 1000 129", ":8: size"},
        {8, "0 0 100 ld 1060 33", ":8: size: bytes 0x1060..0x1080 cross"},
        {8, "0 0 100 ld 1000", ":8: size: missing"},
        {8, "0 0 100", ":8: kind: missing"},
        {8, "0 0 100 ld 1000 32 7", ":8: line: more than 6 fields"},
        {8, "%cycles 3", ":8: line: directive"},
        {10, "kernel 1 again", ":10: kernel id: 1 after 1"},
        {11, "%end 3", ":11: %end: says 3 accesses, the file has 2"},
        {11, "%end", ":11: %end"},
        {11, "# no end", ":11: %end: end of file without the %end line"},
    };
    char err[CT_ERRLEN];
    const char *lines[NGOOD];
    CHECK(try_lines(good, NGOOD, NULL, err, sizeof err) == 3, "the good trace is read (%s)", err);
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        memcpy(lines, good, sizeof lines);
        lines[cases[c].line - 1] = cases[c].text;
        int n = try_lines(lines, NGOOD, NULL, err, sizeof err);
        if (!strcmp(cases[c].want, ":0")) {
            CHECK(n == 3, "'%s' is accepted (%s)", cases[c].text, n < 0 ? err : "");
            continue;
        }
        char want[200];
        snprintf(want, sizeof want, "%s%s", g_path, cases[c].want);
        CHECK(n < 0 && !strncmp(err, want, strlen(want)), "'%s': error '%s', expected it to start '%s'",
              cases[c].text, n < 0 ? err : "(accepted)", want);
    }
    /* an access before the first kernel, text after %end, no newline at the end */
    memcpy(lines, good, sizeof lines);
    lines[6] = "# no kernel";
    char want[200];
    int n = try_lines(lines, NGOOD, NULL, err, sizeof err);
    snprintf(want, sizeof want, "%s:8: kernel: an access before", g_path);
    CHECK(n < 0 && !strncmp(err, want, strlen(want)), "access before a kernel: %s", err);
    n = try_lines(good, NGOOD, "0 0 100 ld 1000 32\n", err, sizeof err);
    snprintf(want, sizeof want, "%s:12: %%end: text after", g_path);
    CHECK(n < 0 && !strncmp(err, want, strlen(want)), "text after %%end: %s", err);
    n = try_lines(good, NGOOD - 1, "%end 2", err, sizeof err);
    snprintf(want, sizeof want, "%s:11: line: last line has no newline", g_path);
    CHECK(n < 0 && !strncmp(err, want, strlen(want)), "no newline at the end: %s", err);
    n = try_lines(good, 0, "", err, sizeof err);
    snprintf(want, sizeof want, "%s:0: header: end of file before %%data", g_path);
    CHECK(n < 0 && !strncmp(err, want, strlen(want)), "an empty file: %s", err);
    FILE *f = fopen(g_path, "wb");
    static const char nul[] = "%trace 1\n%data\nkernel 1 k\n0 0 1 ld\0 0 1\n%end 1\n";
    fwrite(nul, 1, sizeof nul - 1, f);
    fclose(f);
    n = trace_read_all(g_path, NULL, 0, err, sizeof err);
    snprintf(want, sizeof want, "%s:4: line: NUL byte", g_path);
    CHECK(n < 0 && !strncmp(err, want, strlen(want)), "a NUL byte: %s", err);
    char missing[128];
    snprintf(missing, sizeof missing, "%s.none", g_path);
    CHECK(!wl_open(missing, err, sizeof err) && !strncmp(err, missing, strlen(missing)),
          "a missing file is named: %s", err);
}

static void run_sectors(void)
{
    CHECK_EQ(wl_sector_mask(0x1010, 4, 128, 32), 0x1, "bytes 0x10..0x13: sector 0");
    CHECK_EQ(wl_sector_mask(0x101f, 2, 128, 32), 0x3, "bytes 0x1f..0x20 straddle sectors 0 and 1");
    CHECK_EQ(wl_sector_mask(0x1060, 32, 128, 32), 0x8, "the last sector");
    CHECK_EQ(wl_sector_mask(0x1000, 128, 128, 32), 0xf, "a whole line");
    CHECK_EQ(wl_sector_mask(0x1080, 1, 128, 32), 0x1, "the next line's first byte: its sector 0");
    CHECK_EQ(wl_sector_mask(0xfc0, 64, 4096, 64), UINT64_C(0x8000000000000000), "sector 63 of 64");
    CHECK_EQ(wl_sector_mask(0, 4096, 4096, 64), ~UINT64_C(0), "all 64 sectors");
    char err[CT_ERRLEN];
    CHECK(wl_geometry_check(128, 32, err, sizeof err) == 0, "128/32 is the papers' geometry");
    CHECK(wl_geometry_check(96, 32, err, sizeof err) < 0, "96 B lines are not a power of two");
    CHECK(wl_geometry_check(4096, 32, err, sizeof err) < 0, "128 sectors per line do not fit a mask");
    CHECK(wl_geometry_check(128, 256, err, sizeof err) < 0, "a sector larger than the line");

    wl_assembler_t as;
    wl_req_t q;
    wl_asm_init(&as, 128, 32);
    wl_access_t a = {1, 2, 0x10, 0x1000, 32, WL_LD};
    CHECK(!wl_asm_feed(&as, &a, &q), "the first access completes nothing");
    a.addr = 0x1040;
    CHECK(!wl_asm_feed(&as, &a, &q), "sector 2 after sector 0 of the same instruction: the same request");
    a.addr = 0x1020;
    CHECK(wl_asm_feed(&as, &a, &q) && q.line == 0x20 && q.sectors == 0x5 && q.sm == 1 && q.warp == 2 &&
              q.pc == 0x10 && q.kind == WL_LD,
          "sector 1 after sector 2: a new request; the first had line 0x20, sectors 0 and 2");
    a.addr = 0x1080;
    CHECK(wl_asm_feed(&as, &a, &q) && q.sectors == 0x2, "another line: a new request");
    a.warp = 3;
    a.addr = 0x10a0;
    CHECK(wl_asm_feed(&as, &a, &q) && q.warp == 2, "another warp: a new request");
    a.pc = 0x20;
    a.addr = 0x10c0;
    CHECK(wl_asm_feed(&as, &a, &q) && q.pc == 0x10 && q.sectors == 0x2, "another PC: a new request");
    a.kind = WL_ST;
    a.addr = 0x10e0;
    CHECK(wl_asm_feed(&as, &a, &q) && q.kind == WL_LD, "another kind: a new request");
    a.sm = 0;
    a.addr = 0x10e0;
    CHECK(wl_asm_feed(&as, &a, &q) && q.sm == 1 && q.sectors == 0x8, "another SM: a new request");
    CHECK(wl_asm_flush(&as, &q) && q.sm == 0 && q.sectors == 0x8, "the flush hands over the last one");
    CHECK(!wl_asm_flush(&as, &q), "and then nothing");
}

static void run_distance(void)
{
    wl_lines_t *l = wl_lines_new();
    static const uint64_t keys[] = {10, 20, 30, 10, 20, 20, 40, 10};
    static const int64_t want[] = {-1, -1, -1, 2, 2, 0, -1, 2};
    for (unsigned i = 0; i < 8; i++) {
        int64_t d;
        CHECK(wl_lines_touch(l, keys[i], &d) == 0, "no error");
        CHECK(d == want[i], "key %llu at %u: distance %lld, expected %lld", (unsigned long long)keys[i], i,
              (long long)d, (long long)want[i]);
    }
    CHECK_EQ(wl_lines_count(l), 4, "four distinct keys");
    wl_lines_free(l);
    /* against a brute-force LRU stack over a skewed stream */
    l = wl_lines_new();
    enum { KEYS = 3000, N = 60000 };
    uint64_t *stack = malloc(KEYS * sizeof *stack), x = 12345;
    unsigned depth = 0, bad = 0;
    for (unsigned i = 0; i < N; i++) {
        x = x * 6364136223846793005ull + 1442695040888963407ull;
        uint64_t k = (x >> 33) % (i < N / 2 ? KEYS : 40); /* later: a hot set */
        int64_t d, e = -1;
        for (unsigned j = 0; j < depth; j++)
            if (stack[j] == k) {
                e = j;
                break;
            }
        if (e < 0)
            e = -1, depth++;
        unsigned from = e < 0 ? depth - 1 : (unsigned)e;
        memmove(stack + 1, stack, from * sizeof *stack);
        stack[0] = k;
        wl_lines_touch(l, k * 0x9e3779b97f4a7c15ull, &d);
        bad += d != e;
    }
    CHECK_EQ(bad, 0, "every stack distance equals the brute-force one");
    free(stack);
    wl_lines_free(l);
    CHECK_EQ(wl_reuse_bin(0), 0, "0");
    CHECK_EQ(wl_reuse_bin(1), 1, "1");
    CHECK_EQ(wl_reuse_bin(2), 2, "2..3");
    CHECK_EQ(wl_reuse_bin(3), 2, "2..3");
    CHECK_EQ(wl_reuse_bin(4), 3, "4..7");
    CHECK_EQ(wl_reuse_bin(UINT64_MAX), WL_REUSE_BINS - 1, "the last bin takes the rest");
}

static void run_summary(void)
{
    char err[CT_ERRLEN];
    const char *path = "tb/fixtures/accelsim/expected.trace";
    wl_reader_t *r = wl_open(path, err, sizeof err);
    CHECK(r != NULL, "%s opens: %s", path, err);
    if (!r)
        return;
    wl_stats_t s;
    wl_stats_init(&s, 128, 32);
    wl_rec_t rec;
    int got;
    while ((got = wl_next(r, &rec, err, sizeof err)) > 0)
        rec.type == WL_REC_KERNEL ? wl_stats_kernel(&s) : (void)wl_stats_access(&s, &rec.a);
    CHECK(got == 0, "read to its end: %s", err);
    wl_close(r, NULL, 0);
    wl_stats_finish(&s);
    /* counted by hand from the file (docs/workloads.md walks through it) */
    CHECK_EQ(s.kernels, 2, "kernels");
    CHECK_EQ(s.accesses, 37, "accesses");
    CHECK(s.by_kind[WL_LD] == 26 && s.by_kind[WL_LDG] == 2 && s.by_kind[WL_ST] == 8 && s.by_kind[WL_ATOM] == 1,
          "per kind 26 / 2 / 8 / 1");
    CHECK_EQ(s.requests, 13, "requests: 8 in kernel 1, 5 in kernel 2");
    CHECK_EQ(s.sectors, 37, "sectors over the requests");
    CHECK_EQ(s.sms, 2, "SMs");
    CHECK_EQ(s.warps, 5, "warps: SM 0 has 0, 1, 2; SM 1 has 0, 1");
    CHECK_EQ(s.lines, 11, "unique lines");
    CHECK_EQ(s.cold, 11, "first requests");
    CHECK_EQ(s.reuse[0], 1, "the store to line 0x7f1000000080 right after the load of it: distance 0");
    CHECK_EQ(s.reuse[3], 1, "line 0x7f1000000000 again after 7 other lines: bin 4-7");
    wl_stats_free(&s);
}

static void setup(void)
{
    ut_tmp(g_path, sizeof g_path, "ct_trace_test", "trace");
}

static void run_reqs(void)
{
    char err[CT_ERRLEN], seq[64] = "";
    wl_reqs_t it;
    wl_req_t q;
    int got;
    CHECK(wl_reqs_open(&it, "tb/fixtures/accelsim/expected.trace", "test", err, sizeof err) == 0, "%s", err);
    while ((got = wl_reqs_next(&it, &q, err, sizeof err)) > 0 && strlen(seq) < sizeof seq - 1)
        strcat(seq, got == WL_REQS_KERNEL ? "K" : "r");
    wl_reqs_close(&it);
    /* counted by hand: kernel 1 (8 requests), kernel 2 (5 requests) */
    CHECK(got == WL_REQS_END && !strcmp(seq, "KrrrrrrrrKrrrrr"), "the fixture's requests and kernels in order: %s",
          seq);
    CHECK(wl_reqs_next(&it, &q, err, sizeof err) == WL_REQS_END, "the end stays the end");
    unsigned sms = 99;
    CHECK(wl_reqs_sms("tb/fixtures/accelsim/expected.trace", "test", &sms, err, sizeof err) == 0 && sms == 2,
          "the fixture's SMs: 0 and 1, so 2 (%u)", sms);
    setup();
    put(g_path, "%trace 1\n%data\nkernel 1 k\n7 0 1 ld 0 4\n3 0 1 ld 80 4\n%end 2\n");
    CHECK(wl_reqs_sms(g_path, "test", &sms, err, sizeof err) == 0 && sms == 8, "SMs 7 and 3: 8 (%u)", sms);
    put(g_path, "%trace 1\n%data\n%end 0\n");
    CHECK(wl_reqs_sms(g_path, "test", &sms, err, sizeof err) == 0 && sms == 0, "no request: 0 (%u)", sms);
    put(g_path, "%trace 1\n%data\nkernel 1 k\n0 0 1 ld 0 4\n%end 9\n");
    CHECK(wl_reqs_sms(g_path, "test", &sms, err, sizeof err) < 0 && strstr(err, "%end"),
          "a trace error is the pass's error: %s", err);
    put(g_path, "%trace 1\n%line 64\n%sector 32\n%data\n%end 0\n");
    CHECK(wl_reqs_open(&it, g_path, "test", err, sizeof err) < 0 && strstr(err, "test: the caches have 128 B lines"),
          "a 64 B-line trace is refused: %s", err);
    put(g_path, "%trace 1\n%data\nkernel 1 k\n0 0 1 ld 0 4\n%end 2\n");
    CHECK(wl_reqs_open(&it, g_path, "test", err, sizeof err) == 0, "%s", err);
    CHECK(wl_reqs_next(&it, &q, err, sizeof err) == WL_REQS_KERNEL, "the kernel first");
    got = wl_reqs_next(&it, &q, err, sizeof err);
    CHECK(got < 0 && strstr(err, "%end: says 2 accesses"), "a wrong %%end count is an error, not the end: %s", err);
    wl_reqs_close(&it);
    /* a gzip stream with bytes after it: the trace reads to its %end, and
     * then gzip's complaint is the iterator's error, not a clean end */
    char cmd[400];
    put(g_path, "%trace 1\n%data\nkernel 1 k\n0 0 1 ld 0 4\n%end 1\n");
    snprintf(cmd, sizeof cmd, "gzip -c %s > %s.gz && printf junk >> %s.gz", g_path, g_path, g_path);
    CHECK(system(cmd) == 0, "gzip is there");
    char gz[128];
    snprintf(gz, sizeof gz, "%s.gz", g_path);
    CHECK(wl_reqs_open(&it, gz, "test", err, sizeof err) == 0, "%s", err);
    int last;
    while ((last = wl_reqs_next(&it, &q, err, sizeof err)) > 0)
        ;
    CHECK(last < 0 && strstr(err, "gzip"), "trailing garbage after the gzip stream is an error: %s",
          last < 0 ? err : "(a clean end)");
    wl_reqs_close(&it);
    remove(gz);
    remove(g_path);
}
/* Reads path with the one-pass parser on (fast) or off: the records
 * folded into *hash with the result and the error; the lines the one-pass
 * parser read into *nfast. */
static int read_hashed(const char *path, int fast, uint64_t *hash, uint64_t *nfast, char *err, size_t errlen)
{
    uint64_t h = 14695981039346656037u;
    *nfast = 0;
    wl_reader_t *r = wl_open(path, err, errlen);
    if (!r) {
        *hash = h;
        return -1;
    }
    wl_set_fast(r, fast);
    wl_rec_t rec;
    int got;
    while ((got = wl_next(r, &rec, err, errlen)) > 0) {
        uint64_t v[6] = {rec.type, rec.kernel, 0, 0, 0, 0};
        if (rec.type == WL_REC_ACCESS) {
            v[1] = rec.a.sm, v[2] = rec.a.warp, v[3] = rec.a.pc, v[4] = rec.a.addr;
            v[5] = (uint64_t)rec.a.size << 8 | (uint64_t)rec.a.kind;
        }
        for (int i = 0; i < 6; i++)
            h = (h ^ v[i]) * 1099511628211u;
    }
    *nfast = wl_lines_fast(r);
    wl_close(r, NULL, 0);
    *hash = (h ^ (uint64_t)(got + 1)) * 1099511628211u;
    return got;
}

/* The one-pass parser of access lines against the general path alone:
 * 4,000 lines built from valid and broken fields (digit counts, 0x, case,
 * blanks, tabs, comments, a seventh field, values past their range, a
 * line-boundary crossing), each in a trace of its own, read both ways:
 * the same records, the same result and error text. */
static void run_fast_path(void)
{
    /* each list: the valid values first (VALID of them), then broken ones */
    static const char *const sm[] = {"0", "7", "1023", "01", "0000000003", "1024", "-1", "12345678901", "0x1", "a"};
    static const char *const warp[] = {"0", "4294967295", "00000000001", "5", "4294967296", "9999999999", "w"};
    static const char *const pc[] = {"400", "0x400", "0X40", "ffffffffffffffff", "FfA0",
                                     "0x", "11112222333344445", "10g", "G", "0x0x1"};
    static const char *const kind[] = {"ld", "ldg", "st", "atom", "LD", "load", "l", "ldgx", "at", "st2"};
    static const char *const addr[] = {"1000", "0x1000", "0XABC0", "7F1000000000", "ffffffffffffff80",
                                       "1060", "107f", "0x", "fffffffffffffff80", "1xyz"};
    static const char *const size[] = {"32", "1", "4", "2", "00000000032", "128",
                                       "129", "0", "33", "000000000032"};
    static const char *const gap[] = {" ", "\t", "  ", " \t", "", " # c "};
    static const char *const tail[] = {"", " ", "\r", "\t# c", "#x", " 7", " x"};
    static const char *const lead[] = {"", " ", "\t"};
    static const unsigned valid_sm = 5, valid_warp = 4, valid_pc = 5, valid_kind = 4, valid_addr = 7,
                          valid_size = 6, valid_gap = 4, valid_tail = 4, valid_lead = 3;
/* a valid value 7 times in 8, else any */
#define PICK(a) a[ct_rng_below(&g, ct_rng_below(&g, 8) ? valid_##a : sizeof a / sizeof a[0])]
    ct_rng_t g;
    ct_rng_seed(&g, 31);
    char err_f[CT_ERRLEN], err_s[CT_ERRLEN];
    unsigned same = 0, accepted = 0, fast_read = 0, wrong_pass = 0, general_counted = 0;
    const unsigned n = 4000;
    for (unsigned i = 0; i < n; i++) {
        char line[512], text[1024];
        snprintf(line, sizeof line, "%s%s%s%s%s%s%s%s%s%s%s%s%s", PICK(lead), PICK(sm), PICK(gap), PICK(warp), PICK(gap),
                 PICK(pc), PICK(gap), PICK(kind), PICK(gap), PICK(addr), PICK(gap), PICK(size), PICK(tail));
        snprintf(text, sizeof text, "%%trace 1\n%%data\nkernel 1 k\n%s\n%%end 1\n", line);
        put(g_path, text);
        uint64_t hf, hs, nf, ns;
        err_f[0] = err_s[0] = 0;
        int rf = read_hashed(g_path, 1, &hf, &nf, err_f, sizeof err_f);
        int rs = read_hashed(g_path, 0, &hs, &ns, err_s, sizeof err_s);
        if (rf == rs && hf == hs && (rf >= 0 || !strcmp(err_f, err_s)))
            same++;
        else if (i - same < 5)
            printf("  line '%s': one-pass %d '%s', general %d '%s'\n", line, rf, err_f, rs, err_s);
        accepted += rf == 0;
        fast_read += (unsigned)nf;
        /* a valid line without a leading blank or a comment: one pass */
        int plain = line[0] != ' ' && line[0] != '\t' && !strchr(line, '#');
        if (nf != (uint64_t)(rf == 0 && plain) && ++wrong_pass <= 3)
            printf("  line '%s' (%s): %" PRIu64 " lines read in one pass\n", line, rf == 0 ? "valid" : err_s, nf);
        if (ns && ++general_counted <= 3)
            printf("  line '%s': the general path alone counted %" PRIu64 " one-pass lines\n", line, ns);
    }
#undef PICK
    CHECK_EQ(same, n, "every line read the same both ways");
    CHECK_EQ(wrong_pass, 0, "the valid lines without a leading blank or a comment, and only those, read in one pass");
    CHECK_EQ(general_counted, 0, "wl_set_fast(r, 0): no line read in one pass");
    CHECK(accepted > n / 5 && fast_read > accepted / 8,
          "valid lines among them (%u), the one-pass parser read %u of those", accepted, fast_read);
    /* by hand: the plain line is read in one pass, the one with a comment,
     * the kernel line and the blank line by the general path */
    put(g_path, "%trace 1\n%data\nkernel 1 k\n0 0 400 ld 1000 32\n\n1 2 0x104 st 0x1020 4  # c\n%end 2\n");
    uint64_t h, nf;
    CHECK(read_hashed(g_path, 1, &h, &nf, err_f, sizeof err_f) == 0 && nf == 1,
          "one of the two access lines is read in one pass (%" PRIu64 ")", nf);
}

/* an access of 1..128 bytes, aligned to its size, fields of every width */
static wl_access_t random_access(ct_rng_t *g)
{
    uint32_t sz = 1u << ct_rng_below(g, 8);
    wl_access_t a;
    a.sm = (uint32_t)ct_rng_below(g, 1024);
    a.warp = (uint32_t)ct_rng_next(g);
    a.pc = ct_rng_next(g) >> ct_rng_below(g, 64);
    a.addr = (ct_rng_next(g) >> ct_rng_below(g, 64)) & ~(uint64_t)(sz - 1);
    a.size = sz;
    a.kind = (wl_kind_t)ct_rng_below(g, WL_NKIND);
    return a;
}

/* The line input reads the stream in blocks of WL_IN_BUF bytes: lines that
 * straddle a block's end, read from a file and through gzip's pipe (which
 * hands over smaller pieces); the longest line allowed, the first one too
 * long and a NUL, each placed across a block's end. */
static void run_blocks(void)
{
    char err[CT_ERRLEN];
    const unsigned n = 20000; /* about 600 KB: nine blocks and more */
    FILE *f = fopen(g_path, "w");
    wl_writer_t w;
    wl_trace_header_t hd = {128, 32, "blocks", 0};
    wl_write_header(&w, f, &hd);
    wl_write_kernel(&w, 1, "k");
    ct_rng_t g;
    ct_rng_seed(&g, 5);
    for (unsigned i = 0; i < n; i++) { /* lines of 14..60 characters */
        wl_access_t a = random_access(&g);
        wl_write_access(&w, &a);
    }
    CHECK(wl_write_end(&w) == 0, "written");
    fclose(f);
    char cmd[300], gz[128];
    snprintf(gz, sizeof gz, "%s.gz", g_path);
    snprintf(cmd, sizeof cmd, "gzip -c %s > %s", g_path, gz);
    CHECK(system(cmd) == 0, "gzip is there");
    for (int z = 0; z < 2; z++) {
        const char *path = z ? gz : g_path;
        wl_reader_t *r = wl_open(path, err, sizeof err);
        CHECK(r != NULL, "%s opens: %s", path, r ? "" : err);
        if (!r)
            continue;
        ct_rng_seed(&g, 5);
        wl_rec_t rec;
        unsigned got = 0, wrong = 0;
        int rc;
        CHECK(wl_next(r, &rec, err, sizeof err) == 1 && rec.type == WL_REC_KERNEL, "the kernel line");
        while ((rc = wl_next(r, &rec, err, sizeof err)) > 0) {
            wl_access_t a = random_access(&g);
            const wl_access_t *b = &rec.a;
            wrong += rec.type != WL_REC_ACCESS || b->sm != a.sm || b->warp != a.warp || b->pc != a.pc ||
                     b->addr != a.addr || b->size != a.size || b->kind != a.kind;
            got++;
        }
        CHECK(rc == 0 && got == n && wrong == 0, "%s: %u of %u accesses read back, %u of them wrong (%s)",
              z ? "gzip" : "plain", got, n, wrong, rc < 0 ? err : "clean end");
        wl_close(r, NULL, 0);
    }
    remove(gz);
    /* comment lines of WL_IN_MAXLINE characters and one more, and NULs
     * (the first character that breaks a rule is the error), each starting
     * a few bytes before the first block's end */
    static char text[3 * WL_IN_BUF];
    for (int c = 0; c < 5; c++) {
        const unsigned before = WL_IN_BUF - 100; /* bytes of short lines first */
        unsigned len = 0, lines = 0;
        len += (unsigned)snprintf(text, sizeof text, "%%trace 1\n%%data\nkernel 1 k\n");
        lines += 3;
        while (len < before - 40) {
            len += (unsigned)snprintf(text + len, sizeof text - len, "1 2 0x104 st 0x1020 4\n");
            lines++;
        }
        unsigned long_len = c == 1 ? WL_IN_MAXLINE + 1 : WL_IN_MAXLINE;
        text[len] = '#';
        memset(text + len + 1, 'x', long_len - 1);
        if (c == 2)
            text[len + 17] = 0;
        if (c == 3) /* a NUL at the character past the limit: still a NUL */
            long_len = WL_IN_MAXLINE + 2, text[len + WL_IN_MAXLINE] = 0, text[len + WL_IN_MAXLINE + 1] = 'x';
        if (c == 4) /* a NUL after it: the line is too long first */
            long_len = WL_IN_MAXLINE + 2, text[len + WL_IN_MAXLINE] = 'x', text[len + WL_IN_MAXLINE + 1] = 0;
        len += long_len;
        len += (unsigned)snprintf(text + len, sizeof text - len, "\n%%end %u\n", lines - 3);
        f = fopen(g_path, "wb");
        fwrite(text, 1, len, f);
        fclose(f);
        static const char *const want[5] = {NULL, "line: longer than 4096 characters", "line: NUL byte",
                                            "line: NUL byte", "line: longer than 4096 characters"};
        char where[200];
        snprintf(where, sizeof where, "%s:%u: %s", g_path, lines + 1, want[c] ? want[c] : "");
        int got = trace_read_all(g_path, NULL, 0, err, sizeof err);
        if (!want[c])
            CHECK(got == (int)lines - 2, "a line of %d characters across the block's end is read (%s)",
                  WL_IN_MAXLINE, got < 0 ? err : "");
        else
            CHECK(got < 0 && !strncmp(err, where, strlen(where)), "case %d: '%s', expected '%s'", c, got < 0 ? err : "(read)", where);
    }
}

UT_SCRATCH_TEST(round_trip, g_path, "ct_trace_test", "trace")
UT_SCRATCH_TEST(malformed, g_path, "ct_trace_test", "trace")
UT_SCRATCH_TEST(fast_path, g_path, "ct_trace_test", "trace")
UT_SCRATCH_TEST(blocks, g_path, "ct_trace_test", "trace")

/* wl_grow: the first size, no change while the array has room (need equal
 * to its size included), doubling, doubling again until it fits, the
 * elements kept */
static void t_grow(void)
{
    size_t cap = 0;
    int *a = wl_grow(NULL, &cap, 1, sizeof *a, 4);
    CHECK(a && cap == 4, "from nothing: the first size, 4 (got %zu)", cap);
    if (!a)
        return;
    for (int i = 0; i < 4; i++)
        a[i] = 10 + i;
    CHECK(wl_grow(a, &cap, 4, sizeof *a, 4) == a && cap == 4, "room for 4 in 4: the same array (cap %zu)", cap);
    int *b = wl_grow(a, &cap, 5, sizeof *a, 4);
    CHECK(b && cap == 8, "5 in 4: doubled to 8 (got %zu)", cap);
    if (!b) {
        free(a);
        return;
    }
    int *c = wl_grow(b, &cap, 50, sizeof *b, 4);
    CHECK(c && cap == 64, "50 in 8: 16, 32, then 64 (got %zu)", cap);
    if (c)
        b = c;
    CHECK(b[0] == 10 && b[3] == 13, "the elements kept (%d %d)", b[0], b[3]);
    free(b);
}

const ut_test_t trace_tests[] = {
    {"work/trace/round_trip", "the writer's records read back, plain, CRLF and gzip; a cut gzip is refused", t_round_trip},
    {"work/trace/malformed", "a bad value of every field is refused with file:line: field", t_malformed},
    {"work/trace/blocks", "lines across the reader's block ends, from a file and through gzip; the longest line, a NUL", t_blocks},
    {"work/trace/fast_path", "the one-pass parser of access lines reads 4,000 odd lines as the general path does", t_fast_path},
    {"work/trace/sectors", "sector masks and the request merge rule, by hand", run_sectors},
    {"work/trace/grow", "wl_grow: the first size, room kept, doubled until it fits, the elements kept", t_grow},
    {"work/trace/distance", "LRU stack distance by hand and against brute force", run_distance},
    {"work/trace/reqs", "the experiments' request iterator: order, kernels, the end, refusals", run_reqs},
    {"work/trace/summary", "ctwin trace's numbers for the fixture, counted by hand", run_summary},
    {NULL, NULL, NULL},
};
