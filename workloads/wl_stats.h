/*
 * wl_stats.h - what `ctwin trace FILE` reports of a trace: kernels,
 * accesses per kind, requests (workloads/wl_trace.h's assembler),
 * SMs, warps, unique lines and the reuse-distance histogram of the requests
 * (docs/trace-format.md, "Summary").
 */
#ifndef WL_STATS_H
#define WL_STATS_H

#include <stdio.h>

#include "wl_trace.h"

CT_BEGIN_DECLS

/* bin 0: distance 0; bin k >= 1: distances 2^(k-1) .. 2^k - 1; the last
 * bin takes everything above */
#define WL_REUSE_BINS 26

typedef struct wl_lines wl_lines_t; /* unique lines + LRU stack distance */

typedef struct {
    uint64_t kernels, accesses, by_kind[WL_NKIND];
    uint64_t requests, sectors; /* sectors: sum over the requests */
    uint64_t warps;             /* distinct (SM, warp) pairs */
    uint32_t sms, sm_max;       /* distinct SM ids, the largest */
    uint64_t lines;             /* unique lines */
    uint64_t cold, reuse[WL_REUSE_BINS];
    /* private */
    uint8_t sm_seen[WL_MAX_SM];
    wl_lines_t *by_line, *by_warp;
    wl_assembler_t as;
    unsigned line_b, sector_b;
} wl_stats_t;

/* 0, or -1 (out of memory) */
int wl_stats_init(wl_stats_t *s, unsigned line_b, unsigned sector_b);
int wl_stats_access(wl_stats_t *s, const wl_access_t *a);
void wl_stats_kernel(wl_stats_t *s);
int wl_stats_finish(wl_stats_t *s); /* the last request; -1: out of memory */
void wl_stats_free(wl_stats_t *s);
void wl_stats_print(FILE *f, const wl_stats_t *s);

/* The reuse-distance bin of a distance (see WL_REUSE_BINS). */
unsigned wl_reuse_bin(uint64_t d);

/* LRU stack distance over a stream of keys: the number of distinct other
 * keys seen since the key's last occurrence, or -1 for a first occurrence.
 * Exact (a Fenwick tree over the keys' last times, compacted as it fills);
 * memory grows with the distinct keys, not the stream. */
wl_lines_t *wl_lines_new(void);
/* 0 and *dist (-1 for a new key), or -2 when out of memory */
int wl_lines_touch(wl_lines_t *l, uint64_t key, int64_t *dist);
uint64_t wl_lines_count(const wl_lines_t *l);
void wl_lines_free(wl_lines_t *l);

CT_END_DECLS

#endif
