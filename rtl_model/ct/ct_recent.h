/*
 * ct_recent.h - the last addresses a stimulus generator inserted, so that
 * its queries can ask for recent ones (which must hit) as well as random
 * ones.  A ring of CT_RECENT entries; header only.
 */
#ifndef CT_RECENT_H
#define CT_RECENT_H

#include "ct_rng.h"

#define CT_RECENT 1024

typedef struct {
    uint64_t a[CT_RECENT];
    unsigned n, pos;
} ct_recent_t;

static inline void ct_recent_push(ct_recent_t *r, uint64_t v)
{
    r->a[r->pos] = v;
    r->pos = (r->pos + 1) % CT_RECENT;
    if (r->n < CT_RECENT)
        r->n++;
}

/* Half the time one of the last `window` pushed values, else a random
 * value under mask (always random while nothing was pushed). */
static inline uint64_t ct_recent_or_random(ct_recent_t *r, ct_rng_t *rng,
                                           unsigned window, uint64_t mask)
{
    if (r->n && ct_rng_below(rng, 2)) {
        unsigned w = window < r->n ? window : r->n;
        unsigned back = (unsigned)ct_rng_below(rng, w ? w : 1);
        return r->a[(r->pos + CT_RECENT - 1 - back) % CT_RECENT];
    }
    return ct_rng_next(rng) & mask;
}

#endif
