/*
 * wl_ring.h - the CCN ring on a trace (CCN [004], Sec. 4.2-4.5, 5.1): the
 * `ccn` block's C model, one node per SM, timed cycle by cycle.  Each SM has
 * an L1 (wl_cache.h) whose tag changes go to its node's shadow tags in the
 * same cycle, and miss status registers (MSHRs); its load misses go to the
 * ring, which serves them from a sharer's L1 or sends them to L2 (around the
 * ring, or straight when the node's throttler is OFF or its CB full); L2
 * answers a fixed latency later.  Counts where misses were served, their
 * latency, hops and the throttlers' OFF cycles, per kernel too
 * (docs/workloads.md, "Experiment: the CCN ring").
 */
#ifndef WL_RING_H
#define WL_RING_H

#include <stdio.h>

#include "wl_trace.h"

CT_BEGIN_DECLS

enum {
    WL_RING_MSHR = 32,    /* outstanding line misses per SM */
    WL_RING_L2_LAT = 100, /* cycles from a request leaving the ring to L2's answer */
    WL_RING_KERNELS = 16, /* kernels counted one by one (the rest only in the totals) */
    WL_RING_GAP_MAX = 1000,
    WL_RING_BANKS_MAX = 64, /* L2 banks */
    WL_RING_BUSY_MAX = 100  /* cycles a request holds its L2 bank */

};

typedef struct {
    uint64_t cycles;            /* from the first request to the last answer */
    uint64_t misses;            /* L1 load misses sent to the ring */
    uint64_t served, home, off; /* answered by a sharer, by L2 after a circuit, by L2 straight (OFF/CB full) */
    uint64_t off_cycles;        /* node-cycles with the node's throttler OFF */
} wl_ring_kernel_t;

typedef struct {
    wl_ring_kernel_t all;
    uint64_t loads, hits, merged, stores; /* merged: a miss on a line its SM already waits for */
    uint64_t throttled;          /* straight to L2: of `off`, the node's throttler was OFF */
    uint64_t lat_served, lat_home, lat_off; /* summed cycles from the miss to its answer */
    uint64_t hops;               /* summed over the served misses: the ring's hops there and back */
    uint64_t wrong_data;         /* served with another line's data (an alias shadow hit) */
    uint64_t stall;              /* SM-cycles an SM waited: its MSHRs full */
    uint64_t updates;            /* tag updates written to the shadow tags (fills, write-evicts) */
    uint64_t errors;             /* answers for lines not asked, misses neither injected nor deflected: 0 */
    unsigned nodes, kernels;     /* the trace's SMs (0..max); kernel lines seen */
    unsigned gap;                /* an SM issues one access every `gap` cycles at most */
    unsigned banks, busy, ccn;   /* the run's L2 banks, their busy cycles a request, CCN on (wl_ring_opt_t) */
    uint64_t l2_req, l2_wait;    /* requests reaching the L2 (misses and, with busy > 0, stores), their queue cycles */
    wl_ring_kernel_t kernel[WL_RING_KERNELS];
} wl_ring_res_t;

/* The run's timing: an SM issues one access every gap (1..WL_RING_GAP_MAX)
 * cycles at most; the L2 answers a miss WL_RING_L2_LAT cycles after its
 * bank (line mod banks, 1..WL_RING_BANKS_MAX) takes it, and a bank takes one
 * request every busy (0..WL_RING_BUSY_MAX) cycles, in arrival order (with
 * busy > 0 stores take their bank too); ccn 0 sends every miss straight to
 * the L2 (the no-CCN baseline: the ring sees no miss).  {gap, 1, 0, 1} is a
 * fixed-latency L2 behind the ring. */
typedef struct {
    unsigned gap, banks, busy, ccn;
} wl_ring_opt_t;
/* opt from text "GAP[,BANKS=B][,BUSY=S][,CCN=0|1]" (the rest {1, 0, 1}).
 * 0, or -1 with "ring: timing: ..." naming the field in err. */
int wl_ring_opt(const char *text, wl_ring_opt_t *opt, char *err, size_t errlen);

/* Runs the trace at path through the ring of configuration ring_cfg (a
 * `ccn` configuration: N >= the trace's SMs; its SETS x WAYS is each L1's),
 * each SM issuing one access every gap (1..WL_RING_GAP_MAX) cycles at most.
 * With vec, the ring's first n cycles (reset included) are written to it as
 * `ccn` golden vectors (idle cycles after the run when it is shorter).
 * 0, or -1 with err. */
int wl_ring_run(const char *path, const char *ring_cfg, uint64_t gap, wl_ring_res_t *res, FILE *vec, uint64_t n,
                char *err, size_t errlen);
/* the same with the timing of opt (wl_ring_run is {gap, 1, 0, 1}) */
int wl_ring_run_opt(const char *path, const char *ring_cfg, const wl_ring_opt_t *opt, wl_ring_res_t *res, FILE *vec,
                    uint64_t n, char *err, size_t errlen);
void wl_ring_print(FILE *f, const char *path, const char *ring_cfg, const wl_ring_res_t *r);

/* The same run a cycle at a time (what wl_ring_run and the Verilator
 * harness's `vlharness ring` lockstep drive): open reads the trace once (its
 * SMs) and checks gap and configuration (NULL with err); each step is one
 * cycle of the ring: *in and *out its `ccn` inputs and outputs (the block's
 * word layout), *note a label for the vector file or NULL.  Step returns 1,
 * 0 once the trace has ended and every miss is answered (the results final),
 * or -1 with err.  idle runs one cycle with every input 0. */
typedef struct wl_ring wl_ring_t;
wl_ring_t *wl_ring_open(const char *path, const char *ring_cfg, uint64_t gap, char *err, size_t errlen);
wl_ring_t *wl_ring_open_opt(const char *path, const char *ring_cfg, const wl_ring_opt_t *opt, char *err,
                            size_t errlen);
int wl_ring_step(wl_ring_t *r, const uint64_t **in, const uint64_t **out, const char **note, char *err,
                 size_t errlen);
void wl_ring_idle(wl_ring_t *r, const uint64_t **in, const uint64_t **out);
const uint32_t *wl_ring_config(const wl_ring_t *r);
const wl_ring_res_t *wl_ring_result(const wl_ring_t *r);
void wl_ring_close(wl_ring_t *r);

CT_END_DECLS

#endif
