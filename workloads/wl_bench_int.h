/*
 * wl_bench_int.h - what the benchmark kernels (wl_bench_poly.c,
 * wl_bench_rodinia.c) and the scheduler (wl_bench.c) share: a launch, the
 * program's state (parameters, array bases, bfs's graph) and a warp's
 * context, and OP, the one way a kernel issues a warp instruction.
 *
 * A kernel is a C function run for one warp of one CTA.  Its control flow is
 * the CUDA kernel's, its memory instructions are OP(PC, KIND, SIZE, COND,
 * ADDR): for each lane that holds a thread (tx, ty its threadIdx) and for
 * which COND holds, ADDR is the byte address; the lanes are coalesced into
 * one request per 128 B line (wl_coalesce).  A warp's instructions are
 * generated in chunks: the function is run again with the instructions
 * already issued skipped (their addresses are not computed), and returns
 * when the chunk is full.
 */
#ifndef WL_BENCH_INT_H
#define WL_BENCH_INT_H

#include <stdint.h>

#include "wl_bench.h"

struct bctx;

typedef struct wl_launch {
    void (*fn)(struct bctx *c);
    const char *name;        /* the kernel line's name */
    unsigned gx, gy;         /* gridDim */
    unsigned bx, by;         /* blockDim (bx * by <= 1024) */
    int64_t a0, a1;          /* the launch's scalar arguments (t, k, offset ...) */
} wl_launch_t;

#define WL_BENCH_ARRAYS 8

typedef struct wl_bstate {
    const uint32_t *v;       /* SMS, REQS, SKIP, then the benchmark's sizes */
    uint64_t seed;
    uint64_t base[WL_BENCH_ARRAYS], next;
    /* bfs: compressed rows, BFS levels from node 0 (UINT32_MAX: unreached) */
    uint32_t *off, *edge, *level, levels;
} wl_bstate_t;

/* one request of a warp's buffer */
typedef struct {
    uint64_t line, pc;
    uint8_t sectors, kind, first; /* first: starts a warp instruction */
} breq_t;

typedef struct bctx {
    const wl_bstate_t *s;
    const wl_launch_t *l;
    int64_t cx, cy;          /* blockIdx */
    uint32_t lanes;          /* lanes holding a thread */
    int64_t tx[32], ty[32];  /* their threadIdx */
    uint64_t skip, seen;     /* instructions to skip; counted so far */
    unsigned room, ninst;    /* instructions this chunk may hold, holds */
    int more, oom;           /* stopped with the chunk full; out of memory */
    breq_t *q;
    size_t nq, capq;
} bctx_t;

/* the instruction's requests into c's buffer (nothing when mask is 0) */
void wl_bench_inst(bctx_t *c, uint64_t pc, unsigned kind, unsigned size, const uint64_t *addr, uint32_t mask);
/* the next array: bytes long, 256 B aligned (cudaMalloc's alignment); 0, or -1 past 2^40 */
int wl_bench_alloc(wl_bstate_t *s, uint64_t bytes);

#define OP(PC, KIND, SIZE, COND, ADDR)                                                    \
    do {                                                                                  \
        if (c->seen >= c->skip) {                                                         \
            if (c->ninst == c->room) {                                                    \
                c->more = 1;                                                              \
                return;                                                                   \
            }                                                                             \
            uint64_t a_[32];                                                              \
            uint32_t m_ = 0;                                                              \
            for (unsigned l = 0; l < 32; l++) {                                           \
                if (!(c->lanes >> l & 1))                                                 \
                    continue;                                                             \
                const int64_t tx = c->tx[l], ty = c->ty[l];                               \
                (void)tx, (void)ty;                                                       \
                if (COND) {                                                               \
                    m_ |= 1u << l;                                                        \
                    a_[l] = (uint64_t)(ADDR);                                             \
                }                                                                         \
            }                                                                             \
            wl_bench_inst(c, PC, KIND, SIZE, a_, m_);                                     \
        }                                                                                 \
        c->seen++;                                                                        \
    } while (0)

/* a kernel's view: sizes, arrays, block and thread coordinates */
#define P(i) ((int64_t)c->s->v[WL_BENCH_NCOMMON + (i)])
#define AR(i) ((int64_t)c->s->base[i])
#define BX c->cx
#define BY c->cy
#define DX ((int64_t)c->l->bx)
#define DY ((int64_t)c->l->by)
#define GX (BX * DX + tx)
#define GY (BY * DY + ty)
#define F4(a, idx) (AR(a) + 4 * (int64_t)(idx))
/* a launch's view of the sizes */
#define SV(i) ((int64_t)s->v[WL_BENCH_NCOMMON + (i)])
#define CEIL(a, b) ((unsigned)(((a) + (b) - 1) / (b)))

/* the two catalogues' entries (wl_bench_poly.c, wl_bench_rodinia.c) */
extern const wl_bench_t wl_b_2dconv, wl_b_3dconv, wl_b_2mm, wl_b_3mm, wl_b_atax, wl_b_bicg, wl_b_gemm,
    wl_b_gesummv, wl_b_mvt, wl_b_syrk, wl_b_syr2k, wl_b_corr, wl_b_covar, wl_b_fdtd2d, wl_b_gramschm;
extern const wl_bench_t wl_b_hotspot, wl_b_pathfinder, wl_b_srad, wl_b_nw, wl_b_lud, wl_b_backprop, wl_b_gaussian,
    wl_b_nn, wl_b_kmeans, wl_b_bfs;

#define WL_BENCH_COMMON                                                                   \
    {"SMS", 15, 1, WL_MAX_SM, "SMs (the papers' GPUs: 15)"},                             \
    {"REQS", 1000000, 1, 1000000000, "requests written: the window's first REQS"},       \
    {"SKIP", 0, 0, 1000000000, "requests before the window (run, not written)"}
#define WL_BENCH_NCOMMON 3

#endif
