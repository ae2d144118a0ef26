/*
 * wl_los.h - the LoSCache experiment (LoSCache [000], Sec. IV, Figs. 1 and 8): a
 * trace through an L1 per SM (write-evict) into one shared L2 (wl_cache.h,
 * the tags) whose access counters, prediction table and power gating are
 * the loscache block's C model; the same trace through the L2 without
 * gating is the baseline (docs/workloads.md, "Experiment: LoSCache").
 */
#ifndef WL_LOS_H
#define WL_LOS_H

#include <stdio.h>

#include "wl_trace.h"
#include "wl_vec.h"

CT_BEGIN_DECLS

#define WL_LOS_L2_WAYS 16 /* LoSCache [000] Sec. V: "768KB with 128B line and 16-way associativity" */
#define WL_LOS_L1_LINES 128 /* 16 KB of 128 B lines, 4-way */

typedef struct {
    uint64_t l2_req, l2_hit, l2_fill;   /* the unit's view: HIT (tag match) and FILL requests */
    uint64_t served, early, bypass;      /* HITs served by a powered line; HITs on OFF lines; bypassed fills */
    uint64_t gates;                      /* predicted last accesses (gate_o) */
    uint64_t base_miss;                  /* the ungated L2's misses on the same trace */
    uint64_t cycles, active_sum;         /* the unit's cycles; n_active_o summed over them */
    uint64_t load_cycles, held;          /* count-load cycles; requests held while ready_o was 0 */
    uint64_t ideal_live;                 /* Ideal-Gating: line-cycles from each fill to its last access (ungated L2) */
    uint64_t pred_lives;                 /* line lives of the ungated L2 whose fill carried a prediction (P > 0) */
    uint64_t pred_right, naive_right;    /* of them, lives whose accesses were P + T, and P (the naive predictor) */
    unsigned num_lines;
    int chip, per_sm, naive;             /* the options it ran with (chip: options given) */
    unsigned tables;                     /* the chip's tables (the SMs that reached the L2, or 1) */
} wl_los_res_t;

/* The chip of LoSCache [000] Sec. IV (docs/workloads.md, "A table per SM"):
 * per_sm, a loscache_pt table per SM (0: one table, SM 0 the predictor, as
 * the unit); naive, no early gating reaches a table (T stays 0: Fig. 6's
 * naive predictor). */
typedef struct {
    int per_sm, naive;
} wl_los_opt_t;

/* "TABLES=ONE|SM[,NAIVE=0|1]", either order, each optional.  0, or -1 with
 * err naming the field. */
int wl_los_opt(const char *text, wl_los_opt_t *opt, char *err, size_t errlen);

/* cfg: a loscache configuration text (NUM_LINES: the L2's lines, WL_LOS_L2_WAYS ways).
 * vec (may be NULL): the unit's cycles recorded (wl_vec.h: golden vectors
 * of loscache, or live to a sink).  0, or -1 with err. */
int wl_los_run(const char *path, const char *cfg, wl_los_res_t *res, const wl_vec_to_t *vec,
               char *err, size_t errlen);
/* the same experiment on the chip of the parts' C models (no vectors) */
int wl_los_run_opt(const char *path, const char *cfg, const wl_los_opt_t *opt, wl_los_res_t *res,
                   char *err, size_t errlen);
void wl_los_print(FILE *f, const char *path, const char *cfg, const wl_los_res_t *r);

CT_END_DECLS

#endif
