/*
 * test_trace_bin.c - the binary encoding of trace format 1
 * (workloads/wl_trace.c, docs/trace-format.md "Binary encoding"):
 *
 *   bytes         the writer's records byte for byte as the doc lays them
 *                 out, worked by hand;
 *   round trip    text -> binary -> text gives the text back byte for byte
 *                 (plain and through gzip), with the same records; a
 *                 conversion whose writes fail says so;
 *   blocks        4,000 records of every kind and 200-character kernel
 *                 names across the ends of the reader's 64 KB blocks, at
 *                 several header lengths;
 *   malformed     a bad value of every field, a cut record, a missing or
 *                 wrong end record, bytes after it: refused with
 *                 "FILE:record N (byte B): field";
 *   names         wl_name_why on every rule, and wl_convert refusing a
 *                 text kernel name the binary encoding cannot carry;
 *   fill          wl_in_fill: bytes handed out across blocks, the short
 *                 end, a failed decompressor.
 *
 * TEST RATIONALE: the binary encoding is the fast way in for the
 * experiments (docs/workloads.md, Speed); its reader must refuse what the
 * text reader refuses and give the records the text reader gives
 * (tb/mutants/work.txt breaks each check).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>

#include "trace_sample.h"
#include "ut.h"
#include "wl_io.h"
#include "wl_trace.h"

static char g_path[96], g_bin[104], g_back[104];

static void setup(void)
{
    ut_tmp(g_path, sizeof g_path, "ct_trace_bin", "trace");
    snprintf(g_bin, sizeof g_bin, "%s.ctb", g_path);
    snprintf(g_back, sizeof g_back, "%s.back", g_path);
}

static void cleanup(void)
{
    remove(g_path);
    remove(g_bin);
    remove(g_back);
}

static int convert(const char *from, const char *to, int binary, char *err, size_t errlen)
{
    FILE *f = fopen(to, "wb");
    if (!f) {
        snprintf(err, errlen, "cannot write %s", to);
        return -1;
    }
    int rc = wl_convert(from, f, binary, err, errlen);
    fclose(f);
    return rc;
}

static int same_rec(const wl_rec_t *a, const wl_rec_t *b)
{
    if (a->type != b->type)
        return 0;
    if (a->type == WL_REC_KERNEL)
        return a->kernel == b->kernel && !strcmp(a->name, b->name);
    return a->a.sm == b->a.sm && a->a.warp == b->a.warp && a->a.pc == b->a.pc && a->a.addr == b->a.addr &&
           a->a.size == b->a.size && a->a.kind == b->a.kind;
}

/* ---------------------------------------------------------------- bytes */

static void t_bytes(void)
{
    setup();
    FILE *f = fopen(g_bin, "wb");
    wl_writer_t w;
    wl_trace_header_t h = {128, 32, "", 1};
    wl_write_header(&w, f, &h);
    wl_write_kernel(&w, 0x01020304, "k");
    wl_access_t a = {3, 17, 0xabcdef, 0x7f100000101f, 1, WL_ST};
    wl_write_access(&w, &a);
    CHECK(wl_write_end(&w) == 0, "the writer reports no error");
    fclose(f);
    /* the layout of docs/trace-format.md, written out by hand */
    static const char head[] = "# cachetwin GPU memory trace (docs/trace-format.md)\n"
                               "# kernel ID NAME | SM WARP PC KIND ADDR SIZE\n"
                               "%trace 1\n%encoding binary\n%line 128\n%sector 32\n%data\n";
    static const unsigned char recs[] = {
        0x10, 0x04, 0x03, 0x02, 0x01, 1, 'k',                   /* kernel 0x01020304 "k" */
        2, 3, 0, 1, 0, 17, 0, 0, 0,                             /* st, sm 3, size 1, warp 17 */
        0xef, 0xcd, 0xab, 0, 0, 0, 0, 0,                        /* pc */
        0x1f, 0x10, 0, 0, 0x10, 0x7f, 0, 0,                     /* addr */
        0x1f, 1, 0, 0, 0, 0, 0, 0, 0,                           /* end, 1 access */
    };
    size_t n;
    unsigned char *b = (unsigned char *)ut_slurp(g_bin, &n);
    size_t hn = sizeof head - 1;
    CHECK(b && n == hn + sizeof recs, "%zu bytes written, the doc's layout has %zu", b ? n : 0, hn + sizeof recs);
    CHECK(b && n >= hn && !memcmp(b, head, hn), "the text header, with %%encoding binary");
    for (size_t i = 0; b && i < sizeof recs && hn + i < n; i++)
        CHECK_EQ(b[hn + i], recs[i], "record byte %zu", i);
    free(b);
    wl_rec_t got[3];
    char err[CT_ERRLEN];
    long k = trace_read_all(g_bin, got, 3, err, sizeof err);
    CHECK(k == 2 && got[0].kernel == 0x01020304 && !strcmp(got[0].name, "k") && got[1].a.sm == 3 &&
              got[1].a.warp == 17 && got[1].a.pc == 0xabcdef && got[1].a.addr == 0x7f100000101f && got[1].a.size == 1 &&
              got[1].a.kind == WL_ST,
          "the hand-made bytes read back (%s)", k < 0 ? err : "");
    cleanup();
}

/* ----------------------------------------------------------- round trip */

static void t_round_trip(void)
{
    setup();
    trace_write_sample(g_path);
    char err[CT_ERRLEN], cmd[400];
    CHECK(convert(g_path, g_bin, 1, err, sizeof err) == 0, "text -> binary: %s", err);
    wl_reader_t *r = wl_open(g_bin, err, sizeof err);
    CHECK(r && wl_header(r)->binary && !strcmp(wl_header(r)->source, "unit test") && wl_header(r)->sector_b == 32,
          "the binary header: encoding, source and sizes (%s)", r ? "" : err);
    wl_close(r, NULL, 0);
    wl_rec_t t[8], b[8];
    long nt = trace_read_all(g_path, t, 8, err, sizeof err), nb = trace_read_all(g_bin, b, 8, err, sizeof err);
    CHECK(nt == 6 && nb == 6, "6 records each way (%ld, %ld: %s)", nt, nb, err);
    for (long i = 0; i < nt && i < nb; i++)
        CHECK(same_rec(&t[i], &b[i]), "record %ld the same from text and binary", i);
    CHECK(convert(g_bin, g_back, 0, err, sizeof err) == 0, "binary -> text: %s", err);
    snprintf(cmd, sizeof cmd, "cmp -s %s %s", g_path, g_back);
    CHECK(system(cmd) == 0, "text -> binary -> text gives the text back byte for byte");
    FILE *full = fopen("/dev/full", "w"); /* every write fails: the conversion says so */
    CHECK(full && wl_convert(g_path, full, 1, err, sizeof err) < 0 && strstr(err, "writing its conversion failed"),
          "a conversion to a full device fails (%s)", err);
    if (full)
        fclose(full);
    snprintf(cmd, sizeof cmd, "gzip -c %s > %s.gz", g_bin, g_bin);
    CHECK(system(cmd) == 0, "gzip is there");
    char gz[128];
    snprintf(gz, sizeof gz, "%s.gz", g_bin);
    nb = trace_read_all(gz, b, 8, err, sizeof err);
    CHECK(nb == 6 && same_rec(&b[5], &t[5]), "the gzip binary trace reads the same (%s)", nb < 0 ? err : "");
    remove(gz);
    cleanup();
}

/* --------------------------------------------------------------- blocks */

static void t_blocks(void)
{
    setup();
    enum { N = 4000 };
    wl_rec_t *want = malloc(N * sizeof *want), *got = malloc(N * sizeof *got);
    char name[WL_MAX_NAME + 1];
    /* four header lengths move the records against the 64 KB block ends */
    for (int shift = 0; shift < 4; shift++) {
        FILE *f = fopen(g_bin, "wb");
        wl_writer_t w;
        wl_trace_header_t h = {4096, 64, "", 1}; /* sizes up to 4,096: both bytes of SIZE */
        snprintf(h.source, sizeof h.source, "blocks%.*s", shift * 7, "xxxxxxxxxxxxxxxxxxxxxxxxxxxx");
        wl_write_header(&w, f, &h);
        uint32_t id = 0;
        for (int i = 0; i < N; i++) {
            if (i % 3 == 0) { /* a kernel of a 200-character name: records of 206 bytes */
                for (int c = 0; c < WL_MAX_NAME; c++)
                    name[c] = (char)('a' + (i + c) % 26);
                name[WL_MAX_NAME] = 0;
                want[i].type = WL_REC_KERNEL;
                want[i].kernel = id += 1 + (uint32_t)i;
                memcpy(want[i].name, name, sizeof name);
                wl_write_kernel(&w, want[i].kernel, name);
            } else {
                wl_access_t a = {(uint32_t)i % WL_MAX_SM, (uint32_t)i * 2654435761u, (uint64_t)i << 33 | 5,
                                 (uint64_t)i << 40, 1 + (uint32_t)i * 37 % 4096, (wl_kind_t)(i % WL_NKIND)};
                want[i].type = WL_REC_ACCESS;
                want[i].a = a;
                wl_write_access(&w, &a);
            }
        }
        wl_write_end(&w);
        fclose(f);
        char err[CT_ERRLEN];
        long n = trace_read_all(g_bin, got, N, err, sizeof err);
        CHECK_EQ(n, N, "header shift %d: every record read (%s)", shift, n < 0 ? err : "");
        int bad = -1;
        for (long i = 0; i < n && bad < 0; i++)
            if (!same_rec(&want[i], &got[i]))
                bad = (int)i;
        CHECK(bad < 0, "header shift %d: record %d differs", shift, bad);
    }
    free(want);
    free(got);
    cleanup();
}

/* ------------------------------------------------------------ malformed */

static const char HEAD[] = "%trace 1\n%encoding binary\n%data\n"; /* the data start at byte 32, counting from 0 */

static size_t rec_access(unsigned char *p, unsigned kind, unsigned sm, unsigned size, uint64_t addr)
{
    memset(p, 0, WL_BIN_ACCESS_B);
    p[0] = (unsigned char)kind;
    p[1] = (unsigned char)sm, p[2] = (unsigned char)(sm >> 8);
    p[3] = (unsigned char)size, p[4] = (unsigned char)(size >> 8);
    p[5] = 9;
    for (int i = 0; i < 8; i++)
        p[17 + i] = (unsigned char)(addr >> 8 * i);
    return WL_BIN_ACCESS_B;
}

static size_t rec_kernel(unsigned char *p, unsigned id, const char *name)
{
    size_t n = strlen(name);
    p[0] = WL_BIN_KERNEL;
    p[1] = (unsigned char)id, p[2] = (unsigned char)(id >> 8), p[3] = 0, p[4] = 0;
    p[5] = (unsigned char)n;
    memcpy(p + 6, name, n);
    return 6 + n;
}

static size_t rec_end(unsigned char *p, unsigned count)
{
    memset(p, 0, WL_BIN_END_B);
    p[0] = WL_BIN_END;
    p[1] = (unsigned char)count;
    return WL_BIN_END_B;
}

/* writes HEAD and the n bytes of data, reads the file: the records, or -1 */
static long try_bytes(const unsigned char *data, size_t n, char *err, size_t errlen)
{
    FILE *f = fopen(g_bin, "wb");
    fwrite(HEAD, 1, sizeof HEAD - 1, f);
    fwrite(data, 1, n, f);
    fclose(f);
    return trace_read_all(g_bin, NULL, 0, err, errlen);
}

static void expect(long n, const char *err, const char *want, const char *what)
{
    char full[200];
    snprintf(full, sizeof full, "%s:%s", g_bin, want);
    CHECK(n < 0 && !strncmp(err, full, strlen(full)), "%s: error '%s', expected it to start '%s'", what,
          n < 0 ? err : "(accepted)", full);
}

static void t_malformed(void)
{
    setup();
    unsigned char d[400];
    char err[CT_ERRLEN];
    size_t n = 0;
    /* the good file: kernel 1 "k1" (8 bytes at 32), an ld (25 at 40), the end (9 at 65) */
    n += rec_kernel(d + n, 1, "k1");
    n += rec_access(d + n, WL_LD, 0, 32, 0x1000);
    n += rec_end(d + n, 1);
    CHECK_EQ(try_bytes(d, n, err, sizeof err), 2, "the good binary file reads (%s)", err);
    static const struct {
        const char *what, *want;
        unsigned kind, sm, size;
        uint64_t addr;
    } acc[] = {
        {"tag 4", "record 2 (byte 40): tag: 0x04 is not a record tag", 4, 0, 32, 0x1000},
        {"tag 0x11", "record 2 (byte 40): tag", 0x11, 0, 32, 0x1000},
        {"sm 1024", "record 2 (byte 40): sm: 1024 is not an SM id", WL_LD, 1024, 32, 0x1000},
        {"size 0", "record 2 (byte 40): size: 0 is not a byte count", WL_ST, 0, 0, 0x1000},
        {"size 129", "record 2 (byte 40): size: 129", WL_ST, 0, 129, 0x1000},
        {"a line crossed", "record 2 (byte 40): size: bytes 0x1060..0x1080 cross", WL_ATOM, 0, 33, 0x1060},
    };
    for (unsigned c = 0; c < sizeof acc / sizeof acc[0]; c++) {
        n = rec_kernel(d, 1, "k1");
        n += rec_access(d + n, acc[c].kind, acc[c].sm, acc[c].size, acc[c].addr);
        n += rec_end(d + n, 1);
        expect(try_bytes(d, n, err, sizeof err), err, acc[c].want, acc[c].what);
    }
    n = rec_kernel(d, 1, "k1");
    n += rec_access(d + n, WL_LDG, 1023, 128, 0xffffffffffffff80);
    n += rec_end(d + n, 1);
    CHECK_EQ(try_bytes(d, n, err, sizeof err), 2, "SM 1023, 128 bytes at the top line: accepted (%s)", err);
    /* an access before the first kernel */
    n = rec_access(d, WL_LD, 0, 32, 0x1000);
    n += rec_end(d + n, 1);
    expect(try_bytes(d, n, err, sizeof err), err, "record 1 (byte 32): kernel: an access before", "no kernel");
    /* kernel ids and names */
    static const struct {
        unsigned id;
        const char *name, *want;
    } ker[] = {
        {1, "k2", "record 3 (byte 65): kernel id: 1 after 1"},
        {0, "k2", "record 3 (byte 65): kernel id: 0 after 1"},
        {2, "", "record 3 (byte 65): kernel name: empty"},
        {2, "a#b", "record 3 (byte 65): kernel name: contains '#'"},
        {2, " k", "record 3 (byte 65): kernel name: starts or ends"},
        {2, "k\t", "record 3 (byte 65): kernel name: starts or ends"},
        {2, "k\rx", "record 3 (byte 65): kernel name: contains a NUL, CR or LF"},
    };
    for (unsigned c = 0; c < sizeof ker / sizeof ker[0]; c++) {
        n = rec_kernel(d, 1, "k1");
        n += rec_access(d + n, WL_LD, 0, 32, 0x1000);
        n += rec_kernel(d + n, ker[c].id, ker[c].name);
        n += rec_end(d + n, 1);
        expect(try_bytes(d, n, err, sizeof err), err, ker[c].want, ker[c].name);
    }
    char longname[WL_MAX_NAME + 2];
    memset(longname, 'n', sizeof longname);
    longname[WL_MAX_NAME + 1] = 0;
    n = rec_kernel(d, 1, longname);
    n += rec_end(d + n, 0);
    expect(try_bytes(d, n, err, sizeof err), err, "record 1 (byte 32): kernel name: longer than 200", "201 characters");
    longname[WL_MAX_NAME] = 0;
    n = rec_kernel(d, 1, longname);
    n += rec_end(d + n, 0);
    CHECK_EQ(try_bytes(d, n, err, sizeof err), 1, "a name of 200 characters is accepted (%s)", err);
    /* the end: its count, bytes after it, none at all */
    n = rec_kernel(d, 1, "k1");
    n += rec_access(d + n, WL_LD, 0, 32, 0x1000);
    size_t body = n;
    n += rec_end(d + n, 2);
    expect(try_bytes(d, n, err, sizeof err), err, "record 3 (byte 65): end: says 2 accesses, the file has 1",
           "a wrong count");
    n = body + rec_end(d + body, 1);
    d[n++] = 0;
    expect(try_bytes(d, n, err, sizeof err), err, "record 4 (byte 74): end: bytes after the end record",
           "a byte after the end");
    expect(try_bytes(d, body, err, sizeof err), err, "record 3 (byte 65): end: end of file without the end record",
           "no end record");
    /* cut records: an access, a kernel's name, the end's count */
    expect(try_bytes(d, body - 1, err, sizeof err), err, "record 2 (byte 40): ld: record cut short", "a cut access");
    expect(try_bytes(d, 7, err, sizeof err), err, "record 1 (byte 32): kernel: record cut short", "a cut name");
    n = body + rec_end(d + body, 1);
    expect(try_bytes(d, n - 1, err, sizeof err), err, "record 3 (byte 65): end: record cut short", "a cut end");
    /* the header's %encoding */
    static const struct {
        const char *text, *want;
    } hdr[] = {
        {"%trace 1\n%encoding octal\n%data\n", ":2: %encoding: expected text or binary"},
        {"%trace 1\n%encoding\n%data\n", ":2: %encoding: expected text or binary"},
        {"%trace 1\n%encoding text\n%encoding text\n%data\n", ":3: %encoding: given twice"},
        {"%encoding binary\n%trace 1\n%data\n", ":1: %trace: the first line"},
    };
    for (unsigned c = 0; c < sizeof hdr / sizeof hdr[0]; c++) {
        FILE *f = fopen(g_bin, "wb");
        fputs(hdr[c].text, f);
        fclose(f);
        char want[200];
        snprintf(want, sizeof want, "%s%s", g_bin, hdr[c].want);
        CHECK(!wl_open(g_bin, err, sizeof err) && !strncmp(err, want, strlen(want)), "'%s': '%s', expected '%s'",
              hdr[c].text, err, want);
    }
    FILE *f = fopen(g_bin, "wb");
    fputs("%trace 1\n%encoding text\n%data\nkernel 1 k\n0 0 1 ld 0 4\n%end 1\n", f);
    fclose(f);
    CHECK_EQ(trace_read_all(g_bin, NULL, 0, err, sizeof err), 2, "%%encoding text: a text trace (%s)", err);
    cleanup();
}

/* ---------------------------------------------------------------- names */

static void t_names(void)
{
    static const struct {
        const char *name, *why;
    } cases[] = {
        {"k", NULL},
        {"a kernel with blanks", NULL},
        {"", "empty"},
        {"x#y", "contains '#'"},
        {"x\ny", "contains a NUL, CR or LF"},
        {"x\r", "contains a NUL, CR or LF"},
        {" x", "starts or ends with a blank"},
        {"x ", "starts or ends with a blank"},
        {"\tx", "starts or ends with a blank"},
        {"x\t", "starts or ends with a blank"},
    };
    for (unsigned c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        const char *why = wl_name_why(cases[c].name, strlen(cases[c].name));
        CHECK(cases[c].why ? why && !strcmp(why, cases[c].why) : !why, "'%s': '%s', expected '%s'", cases[c].name,
              why ? why : "(none)", cases[c].why ? cases[c].why : "(none)");
    }
    CHECK(wl_name_why("a\0b", 3) && !strcmp(wl_name_why("a\0b", 3), "contains a NUL, CR or LF"), "a NUL inside");
    char n200[WL_MAX_NAME + 1];
    memset(n200, 'n', sizeof n200);
    CHECK(!wl_name_why(n200, WL_MAX_NAME), "200 characters are a name");
    CHECK(wl_name_why(n200, WL_MAX_NAME + 1) && !strcmp(wl_name_why(n200, WL_MAX_NAME + 1), "longer than 200 characters"),
          "201 are not");
    /* a text name with a CR inside (the text format allows it) cannot go binary: wl_convert says where */
    setup();
    FILE *f = fopen(g_path, "wb");
    fputs("%trace 1\n%data\nkernel 1 k1\n0 0 1 ld 0 4\nkernel 2 a\rb\n%end 1\n", f);
    fclose(f);
    char err[CT_ERRLEN], want[200];
    snprintf(want, sizeof want, "%s:5: kernel name: not possible in the binary encoding: contains a NUL, CR or LF",
             g_path);
    CHECK(convert(g_path, g_bin, 1, err, sizeof err) < 0 && !strncmp(err, want, strlen(want)), "'%s', expected '%s'",
          err, want);
    CHECK(convert(g_path, g_back, 0, err, sizeof err) == 0, "the same trace converts to text (%s)", err);
    snprintf(want, sizeof want, "%s.none", g_path);
    CHECK(convert(want, g_back, 1, err, sizeof err) < 0 && !strncmp(err, want, strlen(want)),
          "a missing file is named: %s", err);
    cleanup();
}

/* ----------------------------------------------------------------- fill */

static void t_fill(void)
{
    setup();
    enum { SIZE = 3 * WL_IN_BUF / 2 + 7 };
    unsigned char *data = malloc(SIZE);
    for (size_t i = 0; i < SIZE; i++)
        data[i] = (unsigned char)(i * 7 + i / 251);
    FILE *f = fopen(g_bin, "wb");
    fwrite(data, 1, SIZE, f);
    fclose(f);
    char err[CT_ERRLEN], cmd[300];
    for (int gz = 0; gz < 2; gz++) {
        const char *path = g_bin;
        char gzp[128];
        if (gz) {
            snprintf(cmd, sizeof cmd, "gzip -c %s > %s.gz", g_bin, g_bin);
            CHECK(system(cmd) == 0, "gzip is there");
            snprintf(gzp, sizeof gzp, "%s.gz", g_bin);
            path = gzp;
        }
        wl_in_t in;
        CHECK(wl_in_open(&in, path, err, sizeof err) == 0, "%s opens (%s)", path, err);
        size_t at = 0;
        int bad = 0;
        const size_t step = 1000; /* 1,000 bytes at a time across the block ends */
        while (at < SIZE) {
            long got = wl_in_fill(&in, step, err, sizeof err);
            size_t want = SIZE - at < step ? SIZE - at : step;
            if (got < (long)want || memcmp(in.buf + in.pos, data + at, want)) {
                bad = 1;
                break;
            }
            CHECK_EQ(in.base + in.pos, at, "the stream offset of the bytes handed out");
            in.pos += want;
            at += want;
        }
        CHECK(!bad, "%s: the bytes in order (wrong at %zu)", gz ? "gzip" : "plain", at);
        CHECK_EQ(wl_in_fill(&in, 1, err, sizeof err), 0, "nothing at the end");
        CHECK_EQ(wl_in_fill(&in, WL_IN_BUF, err, sizeof err), 0, "a full block asked at the end: nothing");
        wl_in_close(&in);
        if (gz) { /* a cut gzip: the decompressor's failure is the error */
            snprintf(cmd, sizeof cmd, "head -c 100 %s.gz > %s.cut.gz", g_bin, g_bin);
            CHECK(system(cmd) == 0, "head is there");
            snprintf(gzp, sizeof gzp, "%s.cut.gz", g_bin);
            CHECK(wl_in_open(&in, gzp, err, sizeof err) == 0, "the cut file opens");
            long got;
            while ((got = wl_in_fill(&in, WL_IN_BUF, err, sizeof err)) > 0)
                in.pos = in.end; /* what gzip gave before it failed */
            CHECK(got < 0 && strstr(err, "gzip -dc' failed"), "a cut gzip: %s", got < 0 ? err : "(read)");
            wl_in_close(&in);
            remove(gzp);
            snprintf(gzp, sizeof gzp, "%s.gz", g_bin);
            remove(gzp);
        }
    }
    free(data);
    cleanup();
}

const ut_test_t trace_bin_tests[] = {
    {"work/trace/binary_bytes", "the binary writer's records byte for byte as the doc lays them out", t_bytes},
    {"work/trace/binary_round_trip", "text -> binary -> text byte for byte, the same records, through gzip too",
     t_round_trip},
    {"work/trace/binary_blocks", "4,000 binary records and long names across the reader's block ends", t_blocks},
    {"work/trace/binary_malformed", "a bad binary field, a cut record, a wrong or missing end: file:record: field",
     t_malformed},
    {"work/trace/binary_names", "wl_name_why's rules; a name binary cannot carry is refused by wl_convert", t_names},
    {"work/trace/binary_fill", "wl_in_fill: bytes across blocks, the short end, a cut gzip", t_fill},
    {NULL, NULL, NULL},
};
