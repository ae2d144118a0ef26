/*
 * wl_ccn.h - the CCN experiment (CCN [004], Table I, Sec. 4.2 and 5.1): a
 * trace through an L1 per SM (wl_cache.h) whose tags are mirrored into the
 * shadow_tags block's C model, one per SM; every L1 load miss looks its
 * line up in the other SMs' shadow tags in the ring's request order
 * (i -> i+1), and the first hit is its sharer (docs/workloads.md,
 * "Experiment: CCN").
 */
#ifndef WL_CCN_H
#define WL_CCN_H

#include <stdio.h>

#include "wl_trace.h"

CT_BEGIN_DECLS

typedef struct {
    uint64_t loads, misses;      /* L1 loads and load misses */
    uint64_t remote;             /* misses whose line a remote L1 holds (the truth: uRC) */
    uint64_t remote3, remote5;   /* ... an L1 of the requester's cluster of 3 or 5 SMs holds (SM / 3, SM / 5) */
    uint64_t shadow_hit;         /* misses a shadow tag lookup answered with a hit */
    uint64_t alias;              /* of those, hits on a line the sharer's L1 does not hold */
    uint64_t missed_sharer;      /* remote L1 holds it, no shadow hit on the way (never, if mirrored) */
    uint64_t hops_opp, hops_same;/* summed over the shadow hits: 2d and N per request */
    uint64_t lookups;            /* shadow tag lookups made */
    uint64_t l2_req, l2_hit;     /* the L2 (wl_cache.h): misses no sharer served, stores, ldg and atom */
    unsigned nodes;              /* ring nodes: the trace's SMs 0..max */
} wl_ccn_res_t;

/* Runs the trace at path; tags_cfg: a shadow_tags configuration text, whose
 * SETS x WAYS is each L1's.  0, or -1 with err. */
int wl_ccn_run(const char *path, const char *tags_cfg, wl_ccn_res_t *res, char *err, size_t errlen);
void wl_ccn_print(FILE *f, const char *path, const char *tags_cfg, const wl_ccn_res_t *r);

CT_END_DECLS

#endif
