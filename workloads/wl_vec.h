/*
 * wl_vec.h - a block's cycles inside an experiment, recorded as golden
 * vectors: the inputs an experiment gives one instance of a block's C model
 * (an SM's, a cluster's) and the outputs it got, cycle by cycle, written as
 * a vector file (docs/vector-format.md) that the RTL replays.  An
 * experiment on a trace is so also a verification stimulus
 * (docs/workloads.md, "A trace as golden vectors").
 */
#ifndef WL_VEC_H
#define WL_VEC_H

#include <stdio.h>

#include "ct_block.h"

CT_BEGIN_DECLS

/* Where an experiment's recorded cycles go: a vector file (f), or, one
 * cycle at a time as the experiment runs, a sink (live lockstep: the
 * Verilator harness's `vlharness exp`).  At most max cycles either way. */
typedef void (*wl_vec_sink_t)(void *ctx, const uint64_t *in, const uint64_t *out, const char *note);
typedef struct {
    FILE *f;            /* the vector file, or NULL */
    uint64_t max;       /* cycles kept at most (>= 1) */
    wl_vec_sink_t sink; /* when f is NULL: called for each cycle */
    void *ctx;
} wl_vec_to_t;

typedef struct {
    const ct_block_t *b;
    uint32_t cfg[CT_MAX_PARAMS];
    uint64_t max, n;      /* rows kept at most, rows kept (or handed to the sink) */
    uint64_t *in, *out;   /* n rows of b->in_words / b->out_words words (no sink) */
    const char **note;    /* each row's note, or NULL */
    wl_vec_sink_t sink;   /* set: rows go there, none kept */
    void *ctx;
} wl_vec_t;

/* Keeps the first max cycles (max >= 1) of a model of block b in
 * configuration cfg.  0, or -1 with err (out of memory). */
int wl_vec_init(wl_vec_t *v, const ct_block_t *b, const uint32_t *cfg, uint64_t max, char *err, size_t errlen);
/* One cycle's inputs and outputs (packed words, as b->cycle takes them) and
 * its note (a static string, or NULL); past max cycles, nothing. */
void wl_vec_add(wl_vec_t *v, const uint64_t *in, const uint64_t *out, const char *note);
/* The vector file of the rows kept, its %generator line naming generator:
 * 0, or -1 with err when no cycle was kept or the write failed. */
int wl_vec_write(const wl_vec_t *v, FILE *f, const char *generator, char *err, size_t errlen);
void wl_vec_free(wl_vec_t *v);

/* An experiment's side: wl_vec_start makes v record to `to` (keeping the
 * rows for its file, or handing each to its sink); wl_vec_finish writes the
 * file, or for a sink checks that a cycle went there.  0, or -1 with err. */
int wl_vec_start(wl_vec_t *v, const wl_vec_to_t *to, const ct_block_t *b, const uint32_t *cfg, char *err,
                 size_t errlen);
int wl_vec_finish(const wl_vec_t *v, const wl_vec_to_t *to, const char *generator, char *err, size_t errlen);

CT_END_DECLS

#endif
