/*
 * fuzz_trace.c - libFuzzer target: the workload readers on arbitrary bytes
 * (docs/fuzzing.md).  The bytes are read as a trace of format 1 (the
 * reader of rtl_model/work/wl_trace.c, summarised by wl_stats.c as
 * `ctwin trace` does), as an Accel-Sim kernel-N.traceg (the importer of
 * wl_accel.c) and as a cuda-memtrace binary trace (wl_cutrace.c), each
 * importer's output written to a scratch file and read back.
 * Besides "no crash, no sanitizer report": every error message starts with
 * the file's path, and every trace the importer writes is one the reader
 * accepts.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "wl_accel.h"
#include "wl_cutrace.h"
#include "wl_stats.h"
#include "wl_trace.h"

static char g_trace[64], g_traceg[64], g_out[64];

static void must(int cond)
{
    if (!cond)
        __builtin_trap();
}

static void put(const char *path, const uint8_t *data, size_t size)
{
    FILE *f = fopen(path, "wb");
    if (!f || (size && fwrite(data, 1, size, f) != size))
        abort();
    fclose(f);
}

/* reads a trace to its end: 0, or -1 (error message checked) */
static int read_trace(const char *path)
{
    char err[CT_ERRLEN * 2] = "";
    wl_reader_t *r = wl_open(path, err, sizeof err);
    if (!r) {
        must(strncmp(err, path, strlen(path)) == 0);
        return -1;
    }
    wl_stats_t st;
    if (wl_stats_init(&st, wl_header(r)->line_b, wl_header(r)->sector_b) < 0)
        abort();
    wl_rec_t rec;
    int got;
    while ((got = wl_next(r, &rec, err, sizeof err)) > 0) {
        if (rec.type == WL_REC_KERNEL)
            wl_stats_kernel(&st);
        else {
            must(rec.a.size >= 1 && rec.a.addr % wl_header(r)->line_b + rec.a.size <= wl_header(r)->line_b);
            wl_stats_access(&st, &rec.a);
        }
    }
    if (got < 0)
        must(strncmp(err, path, strlen(path)) == 0);
    else
        wl_stats_finish(&st);
    wl_stats_free(&st);
    wl_close(r, NULL, 0);
    return got < 0 ? -1 : 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!g_trace[0]) {
        snprintf(g_trace, sizeof g_trace, "/tmp/ct_fuzz_trace_%d.trace", (int)getpid());
        snprintf(g_traceg, sizeof g_traceg, "/tmp/ct_fuzz_trace_%d.traceg", (int)getpid());
        snprintf(g_out, sizeof g_out, "/tmp/ct_fuzz_trace_%d.out", (int)getpid());
    }
    put(g_trace, data, size);
    read_trace(g_trace);
    unlink(g_trace);

    put(g_traceg, data, size);
    FILE *out = fopen(g_out, "w");
    if (!out)
        abort();
    char err[CT_ERRLEN * 2] = "";
    wl_accel_stats_t st;
    int rc = wl_accel_import(g_traceg, 1 + (size ? data[0] % 4 : 0), out, &st, err, sizeof err);
    fclose(out);
    if (rc < 0)
        must(strncmp(err, g_traceg, strlen(g_traceg)) == 0);
    else
        must(read_trace(g_out) == 0); /* the importer writes only valid traces */
    unlink(g_traceg);
    /* the bytes as a cuda-memtrace file (with its magic put in front, so
     * the fuzzer need not find it) */
    FILE *cu = fopen(g_trace, "wb");
    if (!cu)
        abort();
    fwrite(size && data[0] & 1 ? "\x19" "CUDATRACE" : "\x1a" "CUDATRACE", 1, 10, cu);
    if (size > 1 && fwrite(data + 1, 1, size - 1, cu) != size - 1)
        abort();
    fclose(cu);
    out = fopen(g_out, "w");
    if (!out)
        abort();
    wl_cutrace_stats_t cst;
    rc = wl_cutrace_import(g_trace, out, &cst, err, sizeof err);
    fclose(out);
    if (rc < 0)
        must(strncmp(err, g_trace, strlen(g_trace)) == 0);
    else
        must(read_trace(g_out) == 0);
    unlink(g_trace);
    unlink(g_out);
    return 0;
}
