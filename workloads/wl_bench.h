/*
 * wl_bench.h - the papers' benchmark kernels as address streams
 * (docs/benchmarks.md): PolyBench/GPU and Rodinia programs whose global
 * memory accesses follow from their grid, block and index arithmetic, each
 * written from its algorithm, issued warp instruction by warp instruction
 * by a documented scheduler (CTAs dealt to SMs in order, each SM issuing
 * one warp instruction a turn from its resident warps in loose round
 * robin), a warp instruction's lanes coalesced into one request per 128 B
 * line.  Unlike the synthetic kernels (wl_synth.h), nothing the experiments
 * measure is a knob here: uRC, Avg_sec, reuse and sharing are outcomes.
 */
#ifndef WL_BENCH_H
#define WL_BENCH_H

#include <stdio.h>

#include "wl_synth.h"

CT_BEGIN_DECLS

struct wl_bstate;
struct wl_launch;

typedef struct wl_bench {
    wl_kernel_t k;       /* name, one-line doc, parameters (SMS, REQS, then the sizes) */
    const char *suite;   /* "PolyBench/GPU", "Rodinia" */
    const char *source;  /* the problem size's source, for the docs' table */
    /* lays out the arrays (and builds bfs's graph): 0, or -1 out of memory */
    int (*setup)(struct wl_bstate *s);
    /* launch number idx of the program into *l: 1, or 0 past the last */
    int (*launch)(const struct wl_bstate *s, uint64_t idx, struct wl_launch *l);
} wl_bench_t;

extern const wl_bench_t *const wl_benches[];
extern const unsigned wl_n_benches;

const wl_bench_t *wl_find_bench(const char *name);
/* NAME=VALUE pairs into v[k.n_params] (as wl_synth_parse) */
int wl_bench_parse(const wl_bench_t *b, const char *text, uint32_t *v, char *err, size_t errlen);

/* What a run issued: launches started, warp instructions, requests. */
typedef struct {
    uint64_t launches, instructions, requests;
} wl_bench_stats_t;

/* Writes the program's trace (format 1, 128 B lines, 32 B sectors; binary:
 * the binary encoding) to f: the window of REQS requests after the first
 * SKIP (whole warp instructions).  The seed drives only data-dependent
 * inputs (bfs's graph).  st->launches counts the launches started, skipped
 * ones too; instructions and requests count what was issued and written.
 * 0, or -1 with a message. */
int wl_bench_write(const wl_bench_t *b, const uint32_t *v, uint64_t seed, FILE *f, int binary,
                   wl_bench_stats_t *st, char *err, size_t errlen);

/* The coalescer: the lanes of mask (bit l: lane l active) with byte
 * addresses addr[l], each size bytes (1..32, within one 128 B line), as
 * requests: lines[] ascending, masks[] their touched 32 B sectors (bit k:
 * sector k).  Returns the number of lines (0..32). */
unsigned wl_coalesce(const uint64_t *addr, uint32_t mask, unsigned size, uint64_t *lines, uint8_t *masks);

CT_END_DECLS

#endif
