/*
 * bloom_dual_fp.h - false-positive rate of the dual-bitarray Bloom filter,
 * measured by driving the C model (the filter as built, hashes included)
 * with random block addresses, against the theory (1 - e^(-kn/m))^k.
 * Used by the unit tests (which hold it to a tolerance), by `ctwin fprate`
 * and by `make bench` (which print the table in docs/blocks/bloom_dual.md).
 */
#ifndef BLOOM_DUAL_FP_H
#define BLOOM_DUAL_FP_H

#include <stdio.h>

#include "bloom_dual.h"

CT_BEGIN_DECLS

typedef struct {
    unsigned n;        /* insertions held by the queried bitarray */
    uint64_t queries;  /* random addresses never inserted */
    uint64_t positives;
    double measured;   /* positives / queries */
    double theory;     /* (1 - e^(-K n / 2^M_W))^K */
} bloom_dual_fp_t;

/* A fresh filter with n random insertions (n < N, so nothing is cleared
 * and bitarray 0 is queried), `queries` random non-inserted queries; repeated
 * `trials` times.  Returns 0, or -1 if the model cannot be built. */
int bloom_dual_fp_at(const bloom_dual_cfg_t *c, unsigned n, unsigned trials,
                     unsigned queries, uint64_t seed, bloom_dual_fp_t *r);
/* The filter in operation: a stream of random insertions, a random query
 * after each one once warmed up (so the active bitarray holds N/2 .. N-1
 * insertions); theory averaged over the same fill levels. */
int bloom_dual_fp_running(const bloom_dual_cfg_t *c, uint64_t insertions,
                          uint64_t seed, bloom_dual_fp_t *r);
double bloom_dual_fp_theory(const bloom_dual_cfg_t *c, unsigned n);
/* The table of docs/blocks/bloom_dual.md: fresh filters at N/4, N/2, 3N/4 and
 * N-1 insertions, then the running filter.  0, or -1 out of memory. */
int bloom_dual_fp_table(FILE *f, const bloom_dual_cfg_t *c, const char *cfgname,
                        uint64_t seed);

CT_END_DECLS

#endif
