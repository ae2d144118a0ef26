/*
 * test_cutrace.c - the cuda-memtrace importer (workloads/wl_cutrace.c,
 * docs/workloads.md "Importing cuda-memtrace traces"):
 *
 *   fixture    tb/fixtures/cutrace/fixture.cutrace (written byte by byte from
 *              the format's description by make_fixture.py beside it)
 *              imports to expected.trace, worked out by hand: a compressed
 *              run split into groups of 32 threads, an access across two
 *              sectors and one across two lines, two atomics merged;
 *   malformed  every field of a record, the magic and the structure refused
 *              with "FILE:byte OFFSET: field".
 *
 * TEST RATIONALE: a binary format fails silently when a field is read from
 * the wrong bytes; the hand-worked file and the offsets catch it
 * (tb/mutants/work.txt).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ut.h"
#include "wl_cutrace.h"

#define FIX "tb/fixtures/cutrace/"

static char g_path[96], g_out[96];

static void run_fixture(void)
{
    char err[CT_ERRLEN];
    ut_tmp(g_out, sizeof g_out, "ct_cutrace_out", "trace");
    FILE *f = fopen(g_out, "w");
    wl_cutrace_stats_t st;
    int rc = wl_cutrace_import(FIX "fixture.cutrace", f, &st, err, sizeof err);
    fclose(f);
    CHECK(rc == 0, "the fixture imports: %s", rc ? err : "");
    CHECK(st.kernels == 2 && st.records == 5 && st.thread_accesses == 44 && st.groups == 5 && st.accesses == 10,
          "2 kernels, 5 records, 44 thread accesses in 5 groups, 10 accesses (got %llu %llu %llu %llu %llu)",
          (unsigned long long)st.kernels, (unsigned long long)st.records, (unsigned long long)st.thread_accesses,
          (unsigned long long)st.groups, (unsigned long long)st.accesses);
    char a[4096], b[4096];
    FILE *fa = fopen(g_out, "r"), *fb = fopen(FIX "expected.trace", "r");
    size_t la = fread(a, 1, sizeof a, fa), lb = fread(b, 1, sizeof b, fb);
    fclose(fa), fclose(fb);
    CHECK(la == lb && !memcmp(a, b, la), "the import equals expected.trace byte for byte");
    remove(g_out);
}

/* little-endian helpers for hand-made files */
static size_t put64(uint8_t *p, uint64_t v)
{
    for (int i = 0; i < 8; i++)
        p[i] = (uint8_t)(v >> 8 * i);
    return 8;
}

static uint64_t g_cta = 7; /* the CTA word record() writes */

static size_t record(uint8_t *p, int marker, uint32_t sm, uint32_t type, uint32_t size, uint64_t addr,
                     uint16_t count)
{
    size_t n = 0;
    p[n++] = (uint8_t)marker;
    n += put64(p + n, (uint64_t)sm << 32 | (uint64_t)type << 28 | size);
    n += put64(p + n, addr);
    n += put64(p + n, g_cta);
    if (marker == 0xfe)
        p[n++] = (uint8_t)count, p[n++] = (uint8_t)(count >> 8);
    return n;
}

/* imports the bytes; the error, or "" */
static int try_bytes(const uint8_t *buf, size_t n, char *err, size_t errlen)
{
    FILE *f = fopen(g_path, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    FILE *sink = fopen("/dev/null", "w");
    wl_cutrace_stats_t st;
    err[0] = 0;
    int rc = wl_cutrace_import(g_path, sink, &st, err, errlen);
    fclose(sink);
    return rc;
}

static void run_malformed(void)
{
    ut_tmp(g_path, sizeof g_path, "ct_cutrace_bad", "cutrace");
    static const uint8_t k1[] = {0x00, 2, 0, 'k', '1'}; /* kernel "k1": bytes 10..14 */
    struct {
        int version, marker;
        uint32_t sm, type, size;
        uint64_t addr;
        uint16_t count;
        const char *want;
    } c[] = {
        {3, 0xff, 0, 0, 4, 0x100, 1, NULL},
        {3, 0xfe, 0, 0, 4, 0x100, 3, NULL},
        {2, 0xfe, 0, 0, 4, 0x100, 3, ":byte 15: record: marker 0xfe is not 0x00, 0xff (0xfe is version 3 only)"},
        {3, 0x7f, 0, 0, 4, 0x100, 1, ":byte 15: record: marker 0x7f"},
        {3, 0xff, 1024, 0, 4, 0x100, 1, ":byte 15: sm: 1024"},
        {3, 0xff, 0, 3, 4, 0x100, 1, ":byte 15: type: 3"},
        {3, 0xff, 0, 0, 0, 0x100, 1, ":byte 15: size: 0 bytes"},
        {3, 0xff, 0, 0, 129, 0x100, 1, ":byte 15: size: 129 bytes"},
        {3, 0xff, 0, 0, (1u << 27) + 4, 0x100, 1, ":byte 15: size: 134217732 bytes"},
        {3, 0xfe, 0, 0, 4, 0x100, 0, ":byte 15: count: 0 accesses"},
        {3, 0xfe, 0, 0, 8, UINT64_MAX - 15, 3, ":byte 15: address"},
    };
    char err[CT_ERRLEN], want[200];
    uint8_t buf[256];
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        size_t n = 0;
        buf[n++] = c[i].version == 2 ? 0x19 : 0x1a;
        memcpy(buf + n, "CUDATRACE", 9), n += 9;
        memcpy(buf + n, k1, sizeof k1), n += sizeof k1;
        n += record(buf + n, c[i].marker, c[i].sm, c[i].type, c[i].size, c[i].addr, c[i].count);
        int rc = try_bytes(buf, n, err, sizeof err);
        if (!c[i].want) {
            CHECK(rc == 0, "case %u is accepted: %s", i, err);
            continue;
        }
        snprintf(want, sizeof want, "%s%s", g_path, c[i].want);
        CHECK(rc < 0 && !strncmp(err, want, strlen(want)), "case %u: error '%s', expected it to start '%s'", i,
              rc < 0 ? err : "(accepted)", want);
    }
    /* structure */
    size_t n = 0;
    buf[n++] = 0x1a;
    memcpy(buf + n, "CUDATRACE", 9), n += 9;
    size_t head = n;
    CHECK(try_bytes(buf, 3, err, sizeof err) < 0 && strstr(err, ":byte 0: magic"), "a file cut in the magic: %s", err);
    buf[1] = 'X';
    CHECK(try_bytes(buf, head, err, sizeof err) < 0 && strstr(err, ":byte 0: magic"), "a wrong magic: %s", err);
    buf[1] = 'C';
    CHECK(try_bytes(buf, head, err, sizeof err) == 0, "a file with no record is a trace with no kernel: %s", err);
    n = head + record(buf + head, 0xff, 0, 0, 4, 0x100, 1);
    snprintf(want, sizeof want, "%s:byte 10: record: an access before the first kernel", g_path);
    CHECK(try_bytes(buf, n, err, sizeof err) < 0 && !strncmp(err, want, strlen(want)), "%s", err);
    memcpy(buf + head, k1, sizeof k1);
    n = head + sizeof k1 + record(buf + head + sizeof k1, 0xff, 0, 0, 4, 0x100, 1);
    snprintf(want, sizeof want, "%s:byte 15: record: cut short", g_path);
    CHECK(try_bytes(buf, n - 1, err, sizeof err) < 0 && !strncmp(err, want, strlen(want)), "a cut record: %s", err);
    snprintf(want, sizeof want, "%s:byte 10: kernel: cut short in the name", g_path);
    CHECK(try_bytes(buf, head + 4, err, sizeof err) < 0 && !strncmp(err, want, strlen(want)), "a cut name: %s", err);
    snprintf(want, sizeof want, "%s:byte 10: kernel: cut short in the name's length", g_path);
    CHECK(try_bytes(buf, head + 2, err, sizeof err) < 0 && !strncmp(err, want, strlen(want)), "a cut length: %s",
          err);
    buf[head + 1] = 0;
    snprintf(want, sizeof want, "%s:byte 10: kernel: an empty name", g_path);
    CHECK(try_bytes(buf, head + 3, err, sizeof err) < 0 && !strncmp(err, want, strlen(want)), "an empty name: %s",
          err);
    buf[head + 1] = 2, buf[head + 4] = '#';
    CHECK(try_bytes(buf, head + 5, err, sizeof err) < 0 && strstr(err, "'#'"), "a '#' in the name: %s", err);
    /* two CTAs of one SM, one after the other: two groups, two warps */
    n = head + sizeof k1;
    memcpy(buf + head, k1, sizeof k1);
    g_cta = (UINT64_C(3) << 32) | 1;
    n += record(buf + n, 0xff, 0, 0, 4, 0x100, 1);
    g_cta = (UINT64_C(3) << 32) | 2;
    n += record(buf + n, 0xff, 0, 0, 4, 0x104, 1);
    g_cta = 7;
    FILE *f = fopen(g_path, "wb");
    fwrite(buf, 1, n, f);
    fclose(f);
    char out[128], text[1024] = "";
    snprintf(out, sizeof out, "%s.trace", g_path);
    FILE *o = fopen(out, "w");
    wl_cutrace_stats_t st;
    CHECK(wl_cutrace_import(g_path, o, &st, err, sizeof err) == 0, "%s", err);
    fclose(o);
    o = fopen(out, "r");
    size_t got = fread(text, 1, sizeof text - 1, o);
    text[got] = 0;
    fclose(o);
    CHECK(strstr(text, "\n0 0 0 ld 100 4\n0 1 0 ld 104 4\n") && st.groups == 2,
          "CTA (1, 0, 3) is warp 0 and CTA (2, 0, 3) warp 1, in groups of their own:\n%s", text);
    remove(out);
    CHECK(wl_cutrace_import("/nonexistent.cutrace", stdout, &(wl_cutrace_stats_t){0}, err, sizeof err) < 0 &&
              strstr(err, "/nonexistent.cutrace: cannot open"),
          "a missing file: %s", err);
    remove(g_path);
}

const ut_test_t cutrace_tests[] = {
    {"work/cutrace/fixture", "the byte-for-byte fixture imports to the hand-worked trace", run_fixture},
    {"work/cutrace/malformed", "every field, the magic and the structure refused with file:byte: field", run_malformed},
    {NULL, NULL, NULL},
};
