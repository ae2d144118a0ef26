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
    /* L1 bypass (Leakage [001] Sec. IV-C): the loads' read traffic from the L2 in sectors, with the L1 (a
     * whole line, 128-B transactions, for each of its misses without management) and bypassing it (32-B
     * transactions: each load's requested sectors) */
    uint64_t fill_sectors, ld_sectors;
    unsigned sms;
    /* The L2 managed on its own (Leakage [001] Sec. IV-A applies HDG "on L1
     * and L2 independently"): the L2 of wl_cache.h under one sleep_fsm of its
     * 6,144 lines (line = set x 8 + way), one cycle per request of the L1s
     * without management (an L1 miss's fill, a store, an ldg or atom; not the
     * refill of a line an L1 policy lost), plus its stall cycles. */
    struct {
        uint64_t requests, hits, stalls, lost, cycles;
        uint64_t orig_line_cycles; /* N x T: 6,144 x the requests */
        uint64_t active, drowsy, off, act_drowsy;
    } l2m;
} wl_leak_res_t;

/* The L2's sleep_fsm configuration wl_leak_run uses: [001]'s choice for the
 * L2, HDG with a 15k decay interval (NUM_LINES 6,144: 768 KB of 128 B lines). */
#define WL_LEAK_L2_CFG "paper_l2"

/* cfg: a sleep_fsm configuration text (NUM_LINES: each L1's lines,
 * WL_LEAK_WAYS ways).  vec (may be NULL): SM 0's sleep_fsm cycles recorded
 * (wl_vec.h: golden vectors, or live to a sink).  0, or -1 with err. */
int wl_leak_run(const char *path, const char *cfg, wl_leak_res_t *res, const wl_vec_to_t *vec,
                char *err, size_t errlen);
/* The same with the L2's sleep_fsm configuration l2cfg (NUM_LINES must be
 * 6,144), or NULL for no managed L2 (res->l2m all 0); wl_leak_run is this
 * with WL_LEAK_L2_CFG. */
int wl_leak_run_l2(const char *path, const char *cfg, const char *l2cfg, wl_leak_res_t *res,
                   const wl_vec_to_t *vec, char *err, size_t errlen);
/* Leakage [001] Eq. (1) of the run, DROWSY leaking 10 %, E' = e_trans per
 * ACTIVE<->DROWSY transition (line-cycles of ACTIVE leakage): of the L1s,
 * and of the managed L2. */
double wl_leak_nlr(const wl_leak_res_t *r, double e_trans);
double wl_leak_l2_nlr(const wl_leak_res_t *r, double e_trans);
/* l2cfg: the managed L2's configuration the run took (printed with its lines) */
void wl_leak_print(FILE *f, const char *path, const char *cfg, const char *l2cfg, const wl_leak_res_t *r);

CT_END_DECLS

#endif
