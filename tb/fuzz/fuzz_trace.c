/*
 * fuzz_trace.c - libFuzzer target: the workload readers on arbitrary bytes
 * (docs/fuzzing.md).  The bytes are read as a trace of format 1 (the
 * reader of workloads/wl_trace.c, summarised by wl_stats.c as
 * `ctwin trace` does), as an Accel-Sim kernel-N.traceg (the importer of
 * wl_accel.c), as a cuda-memtrace binary trace (wl_cutrace.c), each
 * importer's output written to a scratch file and read back, and as the
 * records of a trace in the binary encoding (behind a binary header), which,
 * accepted, must convert to a text trace the reader accepts.
 * Besides "no crash, no sanitizer report": every error message starts with
 * the file's path, every trace the importer writes is one the reader
 * accepts, and the reader's one-pass parser of access lines gives the
 * records and the error of its general path alone (wl_set_fast).
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

/* a record and the reader's result folded into a running hash */
static uint64_t fold(uint64_t h, uint64_t v) { return (h ^ v) * 0x100000001b3u; }

/* reads a trace to its end (fast: the one-pass parser of access lines, else
 * the general path alone): 0, or -1 (error message checked); *hash folds
 * every record, the line of the end and the error text */
static int read_mode(const char *path, int fast, uint64_t *hash)
{
    char err[CT_ERRLEN * 2] = "";
    uint64_t h = 0xcbf29ce484222325u;
    wl_reader_t *r = wl_open(path, err, sizeof err);
    if (!r) { /* the header: read before any access line */
        must(strncmp(err, path, strlen(path)) == 0);
        *hash = h;
        return -1;
    }
    wl_set_fast(r, fast);
    wl_stats_t st;
    if (wl_stats_init(&st, wl_header(r)->line_b, wl_header(r)->sector_b) < 0)
        abort();
    wl_rec_t rec;
    int got;
    while ((got = wl_next(r, &rec, err, sizeof err)) > 0) {
        h = fold(h, (uint64_t)rec.type);
        if (rec.type == WL_REC_KERNEL) {
            h = fold(h, rec.kernel);
            for (const char *c = rec.name; *c; c++)
                h = fold(h, (unsigned char)*c);
            wl_stats_kernel(&st);
        } else {
            must(rec.a.size >= 1 && rec.a.addr % wl_header(r)->line_b + rec.a.size <= wl_header(r)->line_b);
            h = fold(fold(fold(h, rec.a.sm), rec.a.warp), rec.a.pc);
            h = fold(fold(fold(h, rec.a.addr), rec.a.size), (uint64_t)rec.a.kind);
            wl_stats_access(&st, &rec.a);
        }
    }
    h = fold(fold(h, (uint64_t)(got + 1)), wl_lineno(r));
    if (got < 0) {
        must(strncmp(err, path, strlen(path)) == 0);
        for (const char *c = err; *c; c++)
            h = fold(h, (unsigned char)*c);
    } else
        wl_stats_finish(&st);
    must(fast || wl_lines_fast(r) == 0);
    wl_stats_free(&st);
    wl_close(r, NULL, 0);
    *hash = h;
    return got < 0 ? -1 : 0;
}

/* reads a trace to its end, by the fast path and by the general path alone,
 * which must agree record for record and error for error: 0, or -1 */
static int read_trace(const char *path)
{
    uint64_t h_fast, h_slow;
    int rc = read_mode(path, 1, &h_fast);
    must(read_mode(path, 0, &h_slow) == rc && h_fast == h_slow);
    return rc;
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
    /* the bytes as the records of a binary trace (docs/trace-format.md) */
    static const char head[] = "%trace 1\n%encoding binary\n%data\n";
    FILE *bin = fopen(g_trace, "wb");
    if (!bin || fwrite(head, 1, sizeof head - 1, bin) != sizeof head - 1 || (size && fwrite(data, 1, size, bin) != size))
        abort();
    fclose(bin);
    if (read_trace(g_trace) == 0) { /* every binary trace has a text form */
        out = fopen(g_out, "w");
        if (!out)
            abort();
        must(wl_convert(g_trace, out, 0, err, sizeof err) == 0);
        fclose(out);
        must(read_trace(g_out) == 0);
    }
    unlink(g_trace);
    unlink(g_out);
    return 0;
}
