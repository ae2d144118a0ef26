/*
 * test_vec.c - golden vector format (docs/vector-format.md): round trip,
 * and the strict reader on malformed input.
 *
 * TEST RATIONALE: the reader is the gate every vector file passes, from us
 * or from a user's flow.  Each malformed-input class named by the issue
 * (truncated line, wrong column count, bad hex, value wider than its column,
 * missing or wrong header, configuration mismatch, empty file) plus the
 * header rules get a directed case that checks the message names file, line
 * and field; then thousands of random byte mutations of a good file must
 * give either rows or a clean error, never a crash (run under ASan/UBSan by
 * `make asan`).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ct_rng.h"
#include "ct_vec.h"
#include "ata_tags.h"
#include "loscache_ctr.h"
#include "ut.h"

static char g_path[64];

static void write_file(const char *data, size_t n)
{
    FILE *f = fopen(g_path, "wb");
    fwrite(data, 1, n, f);
    fclose(f);
}

/* A good small file as a string. */
static char *good_file(size_t *len)
{
    const ct_block_t *b = &loscache_ctr_block;
    uint32_t cfg[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    ct_config_parse(b, "small", cfg, err, sizeof err);
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    ct_vec_header_t h;
    ct_vec_header_init(&h, b, cfg, 7, 40);
    ct_vec_write_header(f, &h);
    void *m = b->create(cfg), *s = b->stim_create(cfg, 7);
    uint64_t in[CT_MAX_WORDS], out[CT_MAX_WORDS];
    for (int c = 0; c < 40; c++) {
        const char *note;
        b->stim_next(s, in, &note);
        ct_mask_ports(in, h.in_w, b->in, b->n_in);
        b->cycle(m, in, out);
        ct_vec_write_row(f, &h, in, out, note);
    }
    fclose(f);
    b->destroy(m);
    b->stim_destroy(s);
    *len = n;
    return buf;
}

/* Reads the whole file; returns 0 and rows if clean, -1 and err if not. */
static int read_all_block(const ct_block_t *b, const uint32_t *expect_cfg, char *err, size_t n,
                          int *rows)
{
    ct_vec_reader_t *r = ct_vec_open(g_path, b, expect_cfg, err, n);
    *rows = 0;
    if (!r)
        return -1;
    uint64_t in[CT_MAX_WORDS], out[CT_MAX_WORDS];
    int k;
    while ((k = ct_vec_next(r, in, out, err, n)) == 1)
        (*rows)++;
    ct_vec_close(r);
    return k;
}

static int read_all(const uint32_t *expect_cfg, char *err, size_t n, int *rows)
{
    return read_all_block(&loscache_ctr_block, expect_cfg, err, n, rows);
}

/* Replace the first occurrence of `from` in the good file with `to`. */
static void write_edited(const char *good, const char *from, const char *to)
{
    const char *p = strstr(good, from);
    if (!p) {
        printf("  test setup: '%s' not in the good file\n", from);
        ut_failed_checks++;
        write_file("", 0);
        return;
    }
    size_t pre = (size_t)(p - good);
    size_t n = pre + strlen(to) + strlen(p + strlen(from));
    char *buf = malloc(n + 1);
    memcpy(buf, good, pre);
    strcpy(buf + pre, to);
    strcat(buf, p + strlen(from));
    write_file(buf, n);
    free(buf);
}

static void expect_error_block(const ct_block_t *b, const char *what, const char *want1,
                               const char *want2)
{
    char err[512];
    int rows;
    int k = read_all_block(b, NULL, err, sizeof err, &rows);
    CHECK(k < 0, "%s: must be refused", what);
    if (k < 0) {
        CHECK(strncmp(err, g_path, strlen(g_path)) == 0 && err[strlen(g_path)] == ':',
              "%s: message starts with the file name: %s", what, err);
        CHECK(strstr(err, want1) != NULL, "%s: '%s' in: %s", what, want1, err);
        CHECK(!want2 || strstr(err, want2) != NULL, "%s: '%s' in: %s", what,
              want2 ? want2 : "", err);
    }
}

static void expect_error(const char *what, const char *want1, const char *want2)
{
    expect_error_block(&loscache_ctr_block, what, want1, want2);
}

/* The first data row's fields (after %data), without its comment. */
static char *first_row(const char *good)
{
    const char *d = strstr(good, "%data\n") + 6;
    size_t n = strcspn(d, "#\n");
    while (n && d[n - 1] == ' ')
        n--;
    char *row = malloc(n + 1);
    memcpy(row, d, n);
    row[n] = 0;
    return row;
}

static void test_round_trip(void)
{
    size_t n;
    char *good = good_file(&n);
    write_file(good, n);
    char err[512];
    int rows;
    CHECK(read_all(NULL, err, sizeof err, &rows) == 0, "clean: %s", err);
    CHECK_EQ(rows, 40, "rows");
    ct_vec_reader_t *r = ct_vec_open(g_path, NULL, NULL, err, sizeof err);
    CHECK(r != NULL, "%s", err);
    if (r) {
        const ct_vec_header_t *h = ct_vec_header(r);
        CHECK_EQ(h->seed, 7, "seed");
        CHECK_EQ(h->cycles, 40, "cycles");
        CHECK_EQ(h->cfg[0], 16, "NUM_LINES");
        CHECK(h->block == &loscache_ctr_block, "block");
        ct_vec_close(r);
    }
    free(good);
}

static void test_malformed(void)
{
    size_t n;
    char *good = good_file(&n);
    char *row = first_row(good);
    char buf[600];

    write_file("", 0);
    expect_error("empty file", "empty file", NULL);

    write_edited(good, "%format 1\n", "");
    expect_error("missing header", "missing header", NULL);
    write_edited(good, "%format 1", "%format 2");
    expect_error("wrong format", "format", "not a supported format");
    write_edited(good, "%block loscache_ctr", "%block nosuch_block");
    expect_error("unknown block", "block", "unknown block 'nosuch_block'");
    write_edited(good, "%config NUM_LINES=16", "%config NUM_LINES=0");
    expect_error("invalid config", "config", "NUM_LINES");
    write_edited(good, "%cycles 40\n", "");
    expect_error("missing cycles", "cycles", "missing");
    write_edited(good, "%column op_i in 2", "%column op_i in 3");
    expect_error("column width", "op_i", "width 3");
    write_edited(good, "%column op_i in 2", "%column opcode in 2");
    expect_error("column name", "column", "'opcode'");
    write_edited(good, "%column gate_o out 1\n", "");
    expect_error("column missing", "column", "expects 'gate_o'");
    write_edited(good, "%column count_o out", "%column count_o in");
    expect_error("column direction", "count_o", "direction");
    write_edited(good, "%data\n", "");
    expect_error("no data line", "header", NULL);
    write_edited(good, "%seed", "%frobnicate");
    expect_error("unknown header", "header", "frobnicate");

    /* data rows: the first row is file line 21 (2 comments, 6 header
     * fields, 11 columns, %data); it is the reset row "1 0 0 0 00 ..." */
    CHECK(strncmp(row, "1 0 ", 4) == 0, "first row is the reset row: %s", row);
    char *sp = strrchr(row, ' ');
    snprintf(buf, sizeof buf, "%.*s", (int)(sp - row), row);
    write_edited(good, row, buf);
    expect_error("truncated line", ":21: row", "10 fields");
    snprintf(buf, sizeof buf, "%s 0", row);
    write_edited(good, row, buf);
    expect_error("extra column", ":21: row", "12 fields");
    snprintf(buf, sizeof buf, "1 zz %s", row + 4);
    write_edited(good, row, buf);
    expect_error("bad hex", ":21: op_i", "not hex");
    snprintf(buf, sizeof buf, "2 %s", row + 2);
    write_edited(good, row, buf);
    expect_error("value too wide", ":21: rst_i", "wider");
    snprintf(buf, sizeof buf, "1 0 0 0 00000000000000000%s", row + 10);
    write_edited(good, row, buf);
    expect_error("17 hex digits", ":21: pred_i", "not hex");

    write_file(good, n - 10); /* cut inside the last line */
    expect_error("cut mid-line", "no newline", NULL);
    const char *last = good + n - 1;
    while (last > good && last[-1] != '\n')
        last--;
    write_file(good, (size_t)(last - good)); /* one whole row missing */
    expect_error("row missing", "cycles", "promises 40 rows");
    {
        char *more = malloc(n + strlen(row) + 2);
        memcpy(more, good, n);
        strcpy(more + n, row);
        strcat(more, "\n");
        write_file(more, strlen(more));
        free(more);
        expect_error("extra row", "cycles", "more rows");
    }
    {
        char *nul = malloc(n);
        memcpy(nul, good, n);
        nul[n / 2] = 0;
        write_file(nul, n);
        free(nul);
        expect_error("NUL byte", "NUL", NULL);
    }
    {
        char *lng = malloc(n + 70000);
        memcpy(lng, good, n);
        memset(lng + n, '0', 69999);
        lng[n + 69999] = '\n';
        write_file(lng, n + 70000);
        free(lng);
        expect_error("long line", "longer than", NULL);
    }
    write_edited(good, "%data\n", "%data\n%seed 3\n");
    expect_error("header after data", "header line after", NULL);

    /* configuration mismatch against the simulator's build */
    write_file(good, n);
    uint32_t other[CT_MAX_PARAMS];
    char err[512];
    int rows;
    ct_config_parse(&loscache_ctr_block, "tiny", other, err, sizeof err);
    CHECK(read_all(other, err, sizeof err, &rows) < 0, "config mismatch refused");
    CHECK(strstr(err, "configuration mismatch") && strstr(err, ":5: config"),
          "mismatch message: %s", err);

    free(row);
    free(good);
}

static void test_mutation_fuzz(void)
{
    size_t n;
    char *good = good_file(&n);
    char *buf = malloc(n + 64);
    ct_rng_t r;
    ct_rng_seed(&r, 99);
    static const char alphabet[] = "0123456789abcdefxz%#\n\r\t =-,\0";
    int refused = 0;
    for (int iter = 0; iter < 3000; iter++) {
        memcpy(buf, good, n);
        size_t len = n;
        int edits = 1 + (int)ct_rng_below(&r, 4);
        for (int e = 0; e < edits; e++) {
            size_t pos = ct_rng_below(&r, len);
            switch (ct_rng_below(&r, 3)) {
            case 0: /* overwrite */
                buf[pos] = alphabet[ct_rng_below(&r, sizeof alphabet - 1)];
                break;
            case 1: /* delete */
                memmove(buf + pos, buf + pos + 1, len - pos - 1);
                len--;
                break;
            default: /* truncate */
                len = pos;
            }
            if (len == 0)
                break;
        }
        write_file(buf, len);
        char err[512];
        int rows;
        if (read_all(NULL, err, sizeof err, &rows) < 0) {
            refused++;
            CHECK(strncmp(err, g_path, strlen(g_path)) == 0,
                  "error names the file: %s", err);
        }
    }
    CHECK(refused > 1000, "most mutations are refused (%d)", refused);
    free(buf);
    free(good);
}

static void setup(void)
{
    ut_tmp(g_path, sizeof g_path, "ct_vec_test", "vec");
}

static void run_round_trip(void) { setup(); test_round_trip(); remove(g_path); }
static void run_malformed(void) { setup(); test_malformed(); remove(g_path); }
static void run_fuzz(void) { setup(); test_mutation_fuzz(); remove(g_path); }

/* ------------------------------------------------------------ wide ports */

/* ct_bits_get/set across a word boundary, and ct_hex of wide values. */
static void run_wide_bits(void)
{
    uint64_t w[3] = {0, 0, 0};
    ct_bits_set(w, 60, 8, 0xa5);
    CHECK(w[0] == 0x5ull << 60 && w[1] == 0xa, "8 bits at 60 straddle words 0 and 1");
    CHECK_EQ(ct_bits_get(w, 60, 8), 0xa5, "read back across the boundary");
    ct_bits_set(w, 64, 64, ~0ull);
    CHECK(w[1] == ~0ull && w[2] == 0 && (w[0] >> 60) == 5, "a whole word, neighbours untouched");
    ct_bits_set(w, 100, 40, 0);
    CHECK_EQ(ct_bits_get(w, 96, 8), 0xf, "a clear of bits 100..139 keeps bits 96..99");
    char buf[64];
    uint64_t v[2] = {0x0123456789abcdefull, 0x1};
    ct_hex(buf, v, 65, 0);
    CHECK(!strcmp(buf, "10123456789abcdef"), "65 bits: 17 digits, most significant first: %s", buf);
    ct_hex(buf, v, 65, '_');
    CHECK(!strcmp(buf, "1_0123456789abcdef"), "with a separator between 64-bit words: %s", buf);
    ct_hex(buf, v, 1, 0);
    CHECK(!strcmp(buf, "1"), "1 bit: one digit: %s", buf);
    ct_hex(buf, v, 128, 0);
    CHECK(strlen(buf) == 32 && !strncmp(buf, "0000000000000001", 16), "128 bits: 32 digits: %s", buf);
}

/* ct_clog2 (an index's width: ceil(log2 n), at least 1) and ct_mask against
 * their definitions by brute force: the smallest w >= 1 with 2^w >= n (64
 * past 2^63); the low `width` bits set. */
static unsigned clog2_def(uint64_t n)
{
    unsigned w = 1;
    while (w < 64 && (UINT64_C(1) << w) < n)
        w++;
    return w;
}
static void run_clog2_mask(void)
{
    uint64_t ns[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 1000, 1024, 1025, UINT64_C(1) << 32,
                     (UINT64_C(1) << 32) + 1, UINT64_C(1) << 63, (UINT64_C(1) << 63) + 1, UINT64_MAX};
    for (size_t i = 0; i < sizeof ns / sizeof ns[0]; i++)
        CHECK_EQ(ct_clog2(ns[i]), clog2_def(ns[i]), "ct_clog2(%" PRIu64 ")", ns[i]);
    for (unsigned k = 1; k < 64; k++) {
        uint64_t p = UINT64_C(1) << k;
        CHECK_EQ(ct_clog2(p - 1), clog2_def(p - 1), "ct_clog2(2^%u - 1)", k);
        CHECK_EQ(ct_clog2(p), k, "ct_clog2(2^%u)", k);
        CHECK_EQ(ct_clog2(p + 1), k + 1 > 64 ? 64 : k + 1, "ct_clog2(2^%u + 1)", k);
    }
    for (int ch = 0; ch < 256; ch++) { /* against the C library's reading of one digit */
        char c = (char)ch, two[2] = {c, 0}, *end;
        long v = strtol(two, &end, 16);
        int want = ch && *end == 0 && c != '+' && c != '-' && c != ' ' ? (int)v : -1;
        CHECK_EQ((uint64_t)(ct_hex_digit(c) + 1), (uint64_t)(want + 1), "ct_hex_digit(%d)", ch);
    }
    for (unsigned w = 0; w <= 64; w++) {
        uint64_t m = 0;
        for (unsigned b = 0; b < w; b++)
            m |= UINT64_C(1) << b;
        CHECK_EQ(ct_mask(w), m, "ct_mask(%u)", w);
    }
}

/* ct_pop4 against a bit count of the low 4 bits (bits above them ignored);
 * CT_WORDS against its definition; ct_clear_tail and the packer (ct_pack_put,
 * ct_pack_end) on a port of 4 words: the words past the used ones 0, the used
 * ones the fields, nothing written past the port. */
static void run_small_helpers(void)
{
    for (uint64_t v = 0; v < 64; v++) {
        unsigned n = 0;
        for (unsigned b = 0; b < 4; b++)
            n += (v >> b) & 1;
        CHECK_EQ(ct_pop4(v | UINT64_C(0xf0) << 56), n, "ct_pop4(%" PRIu64 " | high bits)", v);
    }
    for (unsigned bits = 0; bits <= 256; bits++) {
        unsigned w = 0;
        while (64 * w < bits)
            w++;
        CHECK_EQ(CT_WORDS(bits), w, "CT_WORDS(%u)", bits);
    }
    for (unsigned used = 0; used <= 4; used++) {
        uint64_t port[5];
        memset(port, 0xa5, sizeof port);
        ct_clear_tail(port, used, 4 * sizeof *port);
        for (unsigned k = 0; k < 5; k++)
            CHECK_EQ(port[k], k < used || k == 4 ? UINT64_C(0xa5a5a5a5a5a5a5a5) : 0,
                     "ct_clear_tail(used %u): word %u", used, k);
    }
    /* three 40-bit fields: 120 bits, two words; the third field across words 0 and 1 */
    uint64_t port[5];
    memset(port, 0xa5, sizeof port);
    ct_clear_tail(port, CT_WORDS(120), 4 * sizeof *port);
    ct_pack_t p = ct_pack_begin(port);
    ct_pack_put(&p, UINT64_C(0x1111111111), 40);
    ct_pack_put(&p, UINT64_C(0x2222222222), 40);
    ct_pack_put(&p, UINT64_C(0x3333333333), 40);
    ct_pack_end(&p, port + 4);
    CHECK_EQ(port[0], UINT64_C(0x2222221111111111), "packed word 0");
    CHECK_EQ(port[1], UINT64_C(0x0033333333332222), "packed word 1");
    CHECK(port[2] == 0 && port[3] == 0, "the unused words 0");
    CHECK_EQ(port[4], UINT64_C(0xa5a5a5a5a5a5a5a5), "nothing written past the port");
    /* a port filled exactly: ct_pack_end writes nothing past it */
    memset(port, 0xa5, sizeof port);
    p = ct_pack_begin(port);
    for (unsigned k = 0; k < 4; k++)
        ct_pack_put(&p, k + 1, 64);
    ct_pack_end(&p, port + 4);
    CHECK(port[0] == 1 && port[3] == 4 && port[4] == UINT64_C(0xa5a5a5a5a5a5a5a5), "a full port, nothing past it");
}

/* A file of the ata_tags block whose req_tag_i column (field 4 of a row) is
 * `bits` wide: written from the model, read back word for word; then the
 * column's top digit made too wide, and a digit too many, are refused with
 * file:line: req_tag_i. */
static void wide_round_trip(const char *cfgtext, unsigned bits)
{
    const ct_block_t *b = &ata_tags_block;
    uint32_t cfg[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    if (ct_config_parse(b, cfgtext, cfg, err, sizeof err) || b->check(cfg, err, sizeof err)) {
        CHECK(0, "%s: %s", cfgtext, err);
        return;
    }
    enum { ROWS = 60 };
    ct_vec_header_t h;
    ct_vec_header_init(&h, b, cfg, 5, ROWS);
    CHECK_EQ(h.in_w[4], bits, "%s: req_tag_i is %u bits", cfgtext, bits);
    uint64_t(*ins)[CT_MAX_WORDS] = calloc(ROWS, sizeof *ins);
    uint64_t(*outs)[CT_MAX_WORDS] = calloc(ROWS, sizeof *outs);
    char *buf = NULL;
    size_t n = 0;
    FILE *f = open_memstream(&buf, &n);
    ct_vec_write_header(f, &h);
    void *m = b->create(cfg), *s = b->stim_create(cfg, 5);
    for (int c = 0; c < ROWS; c++) {
        const char *note;
        b->stim_next(s, ins[c], &note);
        ct_mask_ports(ins[c], h.in_w, b->in, b->n_in);
        b->cycle(m, ins[c], outs[c]);
        ct_vec_write_row(f, &h, ins[c], outs[c], note);
    }
    fclose(f);
    b->destroy(m);
    b->stim_destroy(s);
    write_file(buf, n);

    ct_vec_reader_t *r = ct_vec_open(g_path, b, cfg, err, sizeof err);
    CHECK(r != NULL, "%s: opens: %s", cfgtext, r ? "" : err);
    int rows = 0, same = 1, k = -1;
    if (r) {
        uint64_t in[CT_MAX_WORDS], out[CT_MAX_WORDS];
        while ((k = ct_vec_next(r, in, out, err, sizeof err)) == 1) {
            same &= !memcmp(in, ins[rows], b->in_words * 8) &&
                    !memcmp(out, outs[rows], b->out_words * 8);
            rows++;
        }
        ct_vec_close(r);
    }
    CHECK(k == 0 && rows == ROWS && same, "%s: %d rows read back word for word (%s)", cfgtext,
          rows, k ? err : "");

    /* the first data row's req_tag_i field: up to 64 bits exactly
     * ceil(bits/4) digits, wider ones without leading zeros */
    char *row = strstr(buf, "%data\n") + 6;
    while (*row == '#')
        row = strchr(row, '\n') + 1;
    char *fld = row;
    for (int i = 0; i < 4; i++)
        fld = strchr(fld, ' ') + 1;
    size_t len = (size_t)(strchr(fld, ' ') - fld);
    unsigned sig = 1; /* significant digits of the row's value */
    for (unsigned d = (bits + 3) / 4; d-- > 1;)
        if ((ins[0][h.in_off[4] + d / 16] >> (4 * (d % 16))) & 15) {
            sig = d + 1;
            break;
        }
    CHECK_EQ(len, bits <= 64 ? (bits + 3) / 4 : sig, "%s: the column's digits (%u bits)", cfgtext, bits);
    unsigned line = 1;
    for (char *p = buf; p < row; p++)
        line += *p == '\n';
    char want[64];
    snprintf(want, sizeof want, ":%u: req_tag_i", line);
    size_t pre = (size_t)(fld - buf), full = (bits + 3) / 4;
    char *alt = malloc(n + full + 2);
    /* the field written out to ceil(bits/4) digits, top digit f: too wide */
    if (bits % 4) {
        memcpy(alt, buf, pre);
        memset(alt + pre, '0', full - len);
        memcpy(alt + pre + full - len, fld, n - pre);
        alt[pre] = 'f';
        write_file(alt, n + full - len);
        expect_error_block(b, "wide value too wide", want, "wider");
    }
    /* one digit more than the column holds (beyond 16): refused */
    if (full >= 16) {
        memcpy(alt, buf, pre);
        memset(alt + pre, '0', full + 1 - len);
        memcpy(alt + pre + full + 1 - len, fld, n - pre);
        write_file(alt, n + full + 1 - len);
        expect_error_block(b, "wide column too long", want, NULL);
    }
    free(alt);
    free(buf);
    free(ins);
    free(outs);
}

static void run_wide_ports(void)
{
    setup();
    wide_round_trip("example,CORES=1,TAG_W=1", 1);
    wide_round_trip("small", 63);
    wide_round_trip("example,CORES=2,TAG_W=32", 64);
    wide_round_trip("tiny", 65);
    wide_round_trip("wide", 128);
    wide_round_trip("example,CORES=25,TAG_W=40", 1000);
    remove(g_path);
}

const ut_test_t vec_tests[] = {
    {"vec/round_trip", "writer output reads back with its header", run_round_trip},
    {"vec/malformed", "every malformed class refused with file:line: field", run_malformed},
    {"vec/mutation_fuzz", "random mutations never crash the reader", run_fuzz},
    {"vec/wide_bits", "bit fields across 64-bit words, wide hex", run_wide_bits},
    {"vec/clog2_mask", "ct_clog2, ct_mask and ct_hex_digit equal their definitions", run_clog2_mask},
    {"vec/small_helpers", "ct_pop4, CT_WORDS, ct_clear_tail and the port packer", run_small_helpers},
    {"vec/wide_ports", "1/63/64/65/128/1000-bit columns round trip; too wide refused", run_wide_ports},
    {NULL, NULL, NULL},
};
