/*
 * wl_synth.h - synthetic GPU kernels, each shaped like a benchmark class
 * the seed papers use (docs/workloads.md, "Synthetic kernels"): streaming,
 * per-PC reuse counts (LoSCache), lines shared between SMs (CCN's uRC),
 * sectors touched per line (LAMAR's Avg_sec), cluster-local sharing
 * (ATA-Cache).  Each has named parameters with defaults and bounds; the
 * trace is a function of the parameters and the seed alone.
 */
#ifndef WL_SYNTH_H
#define WL_SYNTH_H

#include <stdio.h>

#include "wl_trace.h"

CT_BEGIN_DECLS

#define WL_SYNTH_MAXP 8

typedef struct {
    const char *name;
    uint32_t def, min, max;
    const char *doc;
} wl_param_t;

typedef struct wl_kernel {
    const char *name, *doc;
    wl_param_t params[WL_SYNTH_MAXP];
    unsigned n_params;
} wl_kernel_t;

extern const wl_kernel_t *const wl_kernels[];
extern const unsigned wl_n_kernels;

const wl_kernel_t *wl_find_kernel(const char *name);
/* NAME=VALUE pairs (blank or comma separated; missing ones take their
 * default) into v[n_params].  0, or -1 with a message naming the field. */
int wl_synth_parse(const wl_kernel_t *k, const char *text, uint32_t *v, char *err, size_t errlen);
/* v's parameters as "NAME=VALUE ..." text */
void wl_synth_format(const wl_kernel_t *k, const uint32_t *v, char *buf, size_t len);
/* Writes the kernel's trace (format 1, 128 B lines, 32 B sectors) to f:
 * 0, or -1 when out of memory or the stream failed (message in err). */
int wl_synth_write(const wl_kernel_t *k, const uint32_t *v, uint64_t seed, FILE *f, char *err,
                   size_t errlen);

CT_END_DECLS

#endif
