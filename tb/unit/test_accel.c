/*
 * test_accel.c - the Accel-Sim importer (workloads/wl_accel.c,
 * docs/workloads.md "Importing Accel-Sim traces"):
 *
 *   fixture    tb/fixtures/accelsim/ (written from the format's description:
 *              all three address modes, base_delta's trailing immediate,
 *              lineinfo, a shared load, a partial wave) imports to
 *              tb/fixtures/accelsim/expected.trace, which was worked out by hand
 *              (docs/workloads.md walks through it);
 *   opcodes    bytes per lane and the kind, from the opcode as Accel-Sim's
 *              parser reads them;
 *   malformed  a bad value of every field of the header, the block
 *              structure and an instruction line is refused with
 *              "FILE:LINE: field", as is a kernels list entry.
 *
 * TEST RATIONALE: coalescing decides every sector count LAMAR's and CCN's
 * experiments report; an off-by-one lane, a wrong delta count or a lost
 * lane shows as a different byte in the expected file (tb/mutants/work.txt).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "ut.h"
#include "wl_accel.h"

#define FIX "tb/fixtures/accelsim/"

static void run_fixture(void)
{
    char out[96], err[CT_ERRLEN];
    ut_tmp(out, sizeof out, "ct_accel_test", "trace");
    FILE *f = fopen(out, "w");
    wl_accel_stats_t st;
    int rc = wl_accel_import(FIX "kernelslist.g", 2, f, &st, err, sizeof err);
    fclose(f);
    CHECK(rc == 0, "the fixture imports: %s", rc ? err : "");
    size_t la, lb;
    char *a = ut_slurp(out, &la), *b = ut_slurp(FIX "expected.trace", &lb);
    CHECK(a && b && la == lb && !memcmp(a, b, la), "the import equals expected.trace byte for byte");
    if (a && b && (la != lb || memcmp(a, b, la))) {
        size_t i = 0;
        while (i < la && i < lb && a[i] == b[i])
            i++;
        printf("  first difference at byte %zu: ...%.60s\n", i, a + (i > 20 ? i - 20 : 0));
    }
    free(a), free(b);
    CHECK(st.kernels == 2 && st.tbs == 4 && st.insts == 14 && st.mem_global == 10 && st.accesses == 37 &&
              st.skipped_mem == 1,
          "2 kernels, 4 blocks, 14 instructions, 10 global ones as 37 accesses, the LDS skipped");
    /* one .traceg on its own: kernel 2 alone, SMs 1 */
    f = fopen(out, "w");
    rc = wl_accel_import(FIX "kernel-2.traceg", 1, f, &st, err, sizeof err);
    fclose(f);
    CHECK(rc == 0 && st.kernels == 1 && st.accesses == 12, "a single .traceg imports: %s", rc ? err : "");
    remove(out);
}

static void run_opcodes(void)
{
    static const struct {
        const char *op;
        unsigned width;
        int kind;
    } t[] = {
        {"LDG.E", 4, WL_LD},
        {"LDG.E.64", 8, WL_LD},
        {"LDG.E.128.CONSTANT.SYS", 16, WL_LD},
        {"LDG.E.U8", 1, WL_LD},
        {"LDG.E.U16", 2, WL_LD},
        {"LDG.E.STRONG.GPU", 4, WL_LDG},
        {"LDG.E.CG", 4, WL_LDG},
        {"LDGSTS.E.BYPASS.128", 16, WL_LDG},
        {"LDGSTS.E", 4, WL_LD},
        {"STG.E.64", 8, WL_ST},
        {"ATOMG.E.ADD.STRONG.GPU", 4, WL_ATOM},
        {"RED.E.ADD.F32", 4, WL_ATOM},
        {"LDS.U.128", 16, -1},
        {"LDL", 4, -1},
        {"LD.E", 4, -1},
        {"ST.E.64", 8, -1},
        {"LDGX", 4, -1},
    };
    for (unsigned i = 0; i < sizeof t / sizeof t[0]; i++) {
        CHECK_EQ(wl_accel_width(t[i].op), t[i].width, "%s: bytes per lane", t[i].op);
        CHECK_EQ(wl_accel_kind(t[i].op) + 1, t[i].kind + 1, "%s: kind", t[i].op);
    }
}

/* kernel-1.traceg with line `line` replaced by text (NULL: deleted) in a
 * temporary file; the import's error, or "" when it succeeds */
static int import_variant(unsigned line, const char *text, const char *path, char *err, size_t errlen)
{
    FILE *in = fopen(FIX "kernel-1.traceg", "r"), *out = fopen(path, "w");
    char buf[1024];
    for (unsigned n = 1; fgets(buf, sizeof buf, in); n++) {
        if (n != line)
            fputs(buf, out);
        else if (text)
            fprintf(out, "%s\n", text);
    }
    fclose(in);
    fclose(out);
    FILE *sink = fopen("/dev/null", "w");
    wl_accel_stats_t st;
    err[0] = 0;
    int rc = wl_accel_import(path, 2, sink, &st, err, errlen);
    fclose(sink);
    return rc;
}

static void run_malformed(void)
{
    static const struct {
        unsigned line;
        const char *text, *want;
    } c[] = {
        {2, "-kernel id = x", ":2: kernel id: 'x' is not a decimal id"},
        {2, NULL, ":14: kernel id: the header has no '-kernel id = ' line"},
        {3, "-grid dim = (0,1,1)", ":3: grid dim: '(0,1,1)' is not (x,y,z) of positive numbers"},
        {3, "-grid dim = 3,1,1", ":3: grid dim: '3,1,1' is not (x,y,z) of positive numbers"},
        {4, "-block dim = (4096,1,1)", ":4: block dim: '(4096,1,1)' is not (x,y,z) of at most 2048 threads"},
        {12, "-accelsim tracer version = 2", ":12: accelsim tracer version: 2: only traces of tracer version 3 or later are read"},
        {12, "-accelsim tracer version = +5", ":12: accelsim tracer version: '+5' is not a number"},
        {12, "-accelsim tracer version = 0x5", ":12: accelsim tracer version: '0x5' is not a number"},
        {12, NULL, ":14: accelsim tracer version: the header has no '-accelsim tracer version = ' line"},
        {13, "-enable lineinfo = 2", ":13: enable lineinfo: '2' is not 0 or 1"},
        {14, "garbage", ":14: header: 'garbage' is not a '-key = value' line"},
        {17, "#BEGIN_TBX", ":17: #BEGIN_TB: '#BEGIN_TBX' outside a thread block"},
        {19, "thread block = 3,0,0", ":19: thread block: '3,0,0' is not x,y,z inside the grid"},
        {21, "warp = 2", ":21: warp: '2' is not a warp 0..1 of the block"},
        {22, "insts = x", ":22: insts: 'x' is not a decimal count"},
        {21, NULL, ":21: insts: expected 'insts = N' once, after 'warp = W'"},
        {22, "insts = 4", ":27: insts: warp 0 ends 1 instructions short of its count"},
        {22, "insts = 2", ":25: insts: an instruction line beyond the warp's 'insts' count"},
        {24, "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4 9 8", ":24: line: '8' after the instruction's last field"},
        {24, "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4 zz", ":24: imm: 'zz' is not a number"},
        {24, "001g ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4", ":24: pc: '001g' is not hex"},
        {24, "0010 1ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4", ":24: mask: '1ffffffff' is not a 32-bit hex mask"},
        {24, "0010 ffffffff 99 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4", ":24: dest_num: '99' is not a count 0..32"},
        {24, "0010 ffffffff 1 R2 ldg.e 1 R4 4 1 0x00007f1000000000 4", ":24: opcode: 'ldg.e' is not an opcode"},
        {24, "0010 ffffffff 1 R2 LDG.E x R4 4 1 0x00007f1000000000 4", ":24: src_num: 'x' is not a count 0..32"},
        {24, "0010 ffffffff 1 R2 LDG.E 1 R4 w 1 0x00007f1000000000 4", ":24: mem_width: 'w' is not a decimal number"},
        {24, "0010 ffffffff 1 R2 LDG.E 1 R4 4 3 0x00007f1000000000 4", ":24: addr_mode: '3' is not 0, 1 or 2"},
        {24, "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0xq 4", ":24: base: '0xq' is not hex"},
        {24, "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 s", ":24: stride: 's' is not a decimal number"},
        {24, "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000", ":24: stride: missing"},
        {24, "0010 f0f0f0f0 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4", ":24: mask: base_stride needs contiguous active lanes, mask is f0f0f0f0"},
        {24, "0010 00000003 1 R2 LDG.E 1 R4 4 0 0x00007f1000000000", ":24: address: missing"},
        {24, "0010 00000003 1 R2 LDG.E 1 R4 4 0 0x00007f1000000000 zz", ":24: address: 'zz' is not hex"},
        {24, "0010 00000007 1 R2 LDG.E 1 R4 4 2 0x00007f1000000000 4", ":24: delta: missing"},
        {24, "0010 00000007 1 R2 LDG.E 1 R4 4 2 0x00007f1000000000 4 d", ":24: delta: 'd' is not a decimal number"},
        {24, "0010 ffffffff 1 R2 LDG.E.512 1 R4 4 1 0x00007f1000000000 4", ":24: opcode: 'LDG.E.512': 64 bytes per lane (1..32 are read)"},
        {24, "0010", ":24: mask: missing"},
        {31, NULL, ":32: #END_TB: a #BEGIN_TB before the block's #END_TB"},
    };
    char path[96], err[CT_ERRLEN], want[200];
    ut_tmp(path, sizeof path, "kernel-ct_accel", "traceg");
    CHECK(import_variant(0, NULL, path, err, sizeof err) == 0, "the unchanged copy imports: %s", err);
    for (unsigned i = 0; i < sizeof c / sizeof c[0]; i++) {
        int rc = import_variant(c[i].line, c[i].text, path, err, sizeof err);
        snprintf(want, sizeof want, "%s%s", path, c[i].want);
        CHECK(rc < 0 && !strcmp(err, want), "line %u '%s': error '%s', expected exactly '%s'", c[i].line,
              c[i].text ? c[i].text : "(deleted)", rc < 0 ? err : "(accepted)", want);
    }
    /* what the format allows is accepted: an immediate in decimal, negative or hex (docs/workloads.md:
     * "decimal or hex"), a signed stride; each imports the fixture's addresses unchanged */
    static const char *const fine[] = {
        "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4 31",
        "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4 -31",
        "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 4 0x1f",
        "0010 ffffffff 1 R2 LDG.E 1 R4 4 1 0x00007f1000000000 +4 1f",
    };
    for (unsigned i = 0; i < sizeof fine / sizeof fine[0]; i++)
        CHECK(import_variant(24, fine[i], path, err, sizeof err) == 0, "'%s' imports: %s", fine[i], err);
    /* cut inside a block; a fourth block beyond the grid */
    FILE *f = fopen(path, "w");
    size_t len;
    char *all = ut_slurp(FIX "kernel-1.traceg", &len);
    fwrite(all, 1, len - 9, f); /* drops the last "#END_TB\n" and one more */
    fclose(f);
    FILE *sink = fopen("/dev/null", "w");
    wl_accel_stats_t st;
    int rc = wl_accel_import(path, 2, sink, &st, err, sizeof err);
    CHECK(rc < 0 && strstr(err, path) && (strstr(err, "truncated") || strstr(err, "no newline")),
          "a file cut inside a block: %s", err);
    f = fopen(path, "w");
    fwrite(all, 1, len, f);
    fputs("#BEGIN_TB\n", f);
    fclose(f);
    rc = wl_accel_import(path, 2, sink, &st, err, sizeof err);
    snprintf(want, sizeof want, "%s:59: #BEGIN_TB: more thread blocks than the grid's 3", path);
    CHECK(rc < 0 && !strncmp(err, want, strlen(want)), "a block beyond the grid: %s", err);
    free(all);
    err[0] = 0;
    /* the kernels list */
    char list[96];
    ut_tmp(list, sizeof list, "ct_accel_list", "g");
    f = fopen(list, "w");
    fputs("MemcpyHtoD,0x10,x\n", f);
    fclose(f);
    rc = wl_accel_import(list, 2, sink, &st, err, sizeof err);
    snprintf(want, sizeof want, "%s:1: MemcpyHtoD", list);
    CHECK(rc < 0 && !strncmp(err, want, strlen(want)), "a bad memcpy line: %s", err);
    f = fopen(list, "w");
    fputs("kernel-9.traceg\n", f);
    fclose(f);
    rc = wl_accel_import(list, 2, sink, &st, err, sizeof err);
    CHECK(rc < 0 && strstr(err, "kernel-9.traceg: cannot open"), "a missing kernel file is named: %s", err);
    f = fopen(list, "w");
    fprintf(f, "%s\n%s\n", strrchr(path, '/') + 1, strrchr(path, '/') + 1);
    fclose(f);
    all = ut_slurp(FIX "kernel-2.traceg", &len);
    f = fopen(path, "w");
    fwrite(all, 1, len, f);
    fclose(f);
    free(all);
    rc = wl_accel_import(list, 2, sink, &st, err, sizeof err);
    CHECK(rc < 0 && strstr(err, "kernel id: 2 after 2"), "kernel ids must increase: %s", err);
    rc = wl_accel_import(list, 0, sink, &st, err, sizeof err);
    CHECK(rc < 0 && strstr(err, "SMS=0"), "0 SMs refused: %s", err);
    fclose(sink);
    remove(path);
    remove(list);
}

const ut_test_t accel_tests[] = {
    {"work/accel/fixture", "the hand-written fixture imports to the hand-worked trace", run_fixture},
    {"work/accel/opcodes", "bytes per lane and kind from the opcode", run_opcodes},
    {"work/accel/malformed", "every field of header, blocks and instructions refused with file:line: field",
     run_malformed},
    {NULL, NULL, NULL},
};
