/*
 * wl_leak.h - the leakage-policy experiment (Leakage [001], Sec. II-III, Eq. (1),
 * Figs. 5-6): a trace through an L1 per SM (wl_cache.h, the tags) whose
 * lines' power modes are one sleep_fsm C model per SM under periodic
 * drowsy, decay, aggressive drowsy or the hybrid (docs/workloads.md,
 * "Experiment: leakage policies").
 */
#ifndef WL_LEAK_H
#define WL_LEAK_H

#include <stdio.h>

#include "wl_trace.h"
#include "wl_vec.h"

CT_BEGIN_DECLS

#define WL_LEAK_WAYS 4

typedef struct {
    uint64_t requests, loads, hits, misses; /* misses: the L1's own (no policy) */
    uint64_t stalls;                         /* cycles a HIT waited for a DROWSY line */
    uint64_t lost;                           /* HITs on OFF lines: extra misses */
    uint64_t cycles, line_cycles;            /* non-reset cycles, summed over SMs; x lines */
    uint64_t orig_line_cycles;               /* N x T of Eq. (1): lines x the cycles of the run without
                                                management (one a request), summed over SMs */
    uint64_t active, drowsy, off, act_drowsy;
    uint64_t l2_req, l2_hit;                 /* the L2 (wl_cache.h): fills, stores, ldg and atom */
    unsigned sms;
} wl_leak_res_t;

/* cfg: a sleep_fsm configuration text (NUM_LINES: each L1's lines,
 * WL_LEAK_WAYS ways).  vec (may be NULL): SM 0's sleep_fsm cycles recorded
 * (wl_vec.h: golden vectors, or live to a sink).  0, or -1 with err. */
int wl_leak_run(const char *path, const char *cfg, wl_leak_res_t *res, const wl_vec_to_t *vec,
                char *err, size_t errlen);
/* Leakage [001] Eq. (1) of the run, DROWSY leaking 10 %, E' = e_trans per
 * ACTIVE<->DROWSY transition (line-cycles of ACTIVE leakage). */
double wl_leak_nlr(const wl_leak_res_t *r, double e_trans);
void wl_leak_print(FILE *f, const char *path, const char *cfg, const wl_leak_res_t *r);

CT_END_DECLS

#endif
