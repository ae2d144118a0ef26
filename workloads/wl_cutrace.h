/*
 * wl_cutrace.h - the cuda-memtrace importer (UniHD-CEG/cuda-memtrace, its
 * binary trace of versions 2 and 3 as tools/cutrace_io.h reads it) into
 * trace format 1 (docs/workloads.md, "Importing cuda-memtrace traces").
 * Per-thread accesses, grouped per SM, CTA and kind into groups of up to 32
 * threads' accesses (the format has no warp and no PC) and coalesced into
 * line/sector accesses as the Accel-Sim importer does.  Strict: every
 * malformed record is "FILE:byte OFFSET: field: message".
 */
#ifndef WL_CUTRACE_H
#define WL_CUTRACE_H

#include <stdio.h>

#include "wl_trace.h"

CT_BEGIN_DECLS

typedef struct {
    uint64_t kernels, records, thread_accesses, groups, accesses;
} wl_cutrace_stats_t;

/* 0, or -1 with the message in err. */
int wl_cutrace_import(const char *path, FILE *out, wl_cutrace_stats_t *st, char *err, size_t errlen);

CT_END_DECLS

#endif
