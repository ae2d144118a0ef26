/*
 * bloom_dual_fp.c - measured vs theoretical false-positive rate of the
 * dual-bitarray Bloom filter (bloom_dual_fp.h).
 */
#include "bloom_dual_fp.h"

#include <math.h>
#include <stdlib.h>

#include "ct_rng.h"

double bloom_dual_fp_theory(const bloom_dual_cfg_t *c, unsigned n)
{
    double m = (double)(UINT64_C(1) << c->M_W), k = c->K;
    return pow(1 - exp(-k * n / m), k);
}

/* The addresses inserted in this trial, to keep them out of the queries. */
typedef struct {
    uint64_t *a;
    size_t n;
} set_t;

static int in_set(const set_t *s, uint64_t v)
{
    for (size_t i = 0; i < s->n; i++)
        if (s->a[i] == v)
            return 1;
    return 0;
}

static int cycle(bloom_dual_t *m, unsigned rst, unsigned ins, uint64_t ia, uint64_t qa)
{
    bloom_dual_in_t in = {.rst_i = rst, .ins_i = ins, .ins_addr_i = ia, .qry_addr_i = qa};
    bloom_dual_out_t o;
    bloom_dual_cycle(m, &in, &o);
    return (int)o.hit_o;
}

/* A model and a set of room `cap`; NULL (nothing left allocated) if either
 * cannot be had. */
static bloom_dual_t *setup(const bloom_dual_cfg_t *c, size_t cap, set_t *s)
{
    char err[CT_ERRLEN];
    bloom_dual_t *m = bloom_dual_new(c, err, sizeof err);
    s->a = calloc(cap, sizeof(uint64_t));
    s->n = 0;
    if (!m || !s->a) {
        bloom_dual_free(m);
        free(s->a);
        return NULL;
    }
    return m;
}

int bloom_dual_fp_at(const bloom_dual_cfg_t *c, unsigned n, unsigned trials,
                     unsigned queries, uint64_t seed, bloom_dual_fp_t *r)
{
    set_t s;
    bloom_dual_t *m = setup(c, n + 1, &s);
    if (!m)
        return -1;
    ct_rng_t rng;
    ct_rng_seed(&rng, seed);
    uint64_t mask = ct_mask(c->ADDR_W);
    *r = (bloom_dual_fp_t){.n = n, .theory = bloom_dual_fp_theory(c, n)};
    for (unsigned t = 0; t < trials; t++) {
        cycle(m, 1, 0, 0, 0);
        s.n = 0;
        for (unsigned i = 0; i < n; i++) {
            s.a[s.n] = ct_rng_next(&rng) & mask;
            cycle(m, 0, 1, s.a[s.n++], 0);
        }
        for (unsigned q = 0; q < queries; q++) {
            uint64_t a = ct_rng_next(&rng) & mask;
            if (in_set(&s, a))
                continue;
            r->queries++;
            r->positives += (uint64_t)cycle(m, 0, 0, 0, a);
        }
    }
    r->measured = r->queries ? (double)r->positives / (double)r->queries : 0;
    bloom_dual_free(m);
    free(s.a);
    return 0;
}

int bloom_dual_fp_running(const bloom_dual_cfg_t *c, uint64_t insertions,
                          uint64_t seed, bloom_dual_fp_t *r)
{
    set_t s; /* the last N insertions */
    bloom_dual_t *m = setup(c, c->N, &s);
    if (!m)
        return -1;
    ct_rng_t rng;
    ct_rng_seed(&rng, seed);
    uint64_t mask = ct_mask(c->ADDR_W);
    *r = (bloom_dual_fp_t){.n = 0};
    double theory = 0;
    cycle(m, 1, 0, 0, 0);
    for (uint64_t k = 1; k <= insertions; k++) {
        uint64_t a = ct_rng_next(&rng) & mask;
        s.a[(k - 1) % c->N] = a;
        if (s.n < c->N)
            s.n++;
        cycle(m, 0, 1, a, 0);
        if (k < c->N) /* warm-up and the first period */
            continue;
        /* after insertion k the active bitarray holds N/2 + (k mod N/2) */
        unsigned held = c->N / 2 + (unsigned)(k % (c->N / 2));
        uint64_t q = ct_rng_next(&rng) & mask;
        if (in_set(&s, q))
            continue;
        r->queries++;
        r->positives += (uint64_t)cycle(m, 0, 0, 0, q);
        theory += bloom_dual_fp_theory(c, held);
    }
    r->measured = r->queries ? (double)r->positives / (double)r->queries : 0;
    r->theory = r->queries ? theory / (double)r->queries : 0;
    bloom_dual_free(m);
    free(s.a);
    return 0;
}

static void row(FILE *f, const char *what, const bloom_dual_fp_t *r)
{
    char n[16] = "-";
    if (r->n)
        snprintf(n, sizeof n, "%u", r->n);
    fprintf(f, "%-34s %6s %10llu %8.4f%% %8.4f%% %7.3f\n", what, n,
            (unsigned long long)r->queries, 100 * r->measured, 100 * r->theory,
            r->theory > 0 ? r->measured / r->theory : 0);
}

int bloom_dual_fp_table(FILE *f, const bloom_dual_cfg_t *c, const char *cfgname,
                        uint64_t seed)
{
    fprintf(f, "bloom_dual %s: m = %u bits, k = %u, N = %u; random %u-bit block addresses, "
               "seed %llu\n",
            cfgname, 1u << c->M_W, c->K, c->N, c->ADDR_W, (unsigned long long)seed);
    fprintf(f, "%-34s %6s %10s %9s %9s %7s\n", "queried bitarray holds", "n", "queries",
            "measured", "theory", "ratio");
    const unsigned ns[] = {c->N / 4, c->N / 2, 3 * c->N / 4, c->N - 1}; /* N >= 4 */
    bloom_dual_fp_t r;
    for (unsigned i = 0; i < 4; i++) {
        if (bloom_dual_fp_at(c, ns[i], 100, 4000, seed + i, &r))
            return -1;
        row(f, "n insertions (fresh filter)", &r);
    }
    if (bloom_dual_fp_running(c, 400 * (uint64_t)c->N, seed + 9, &r))
        return -1;
    row(f, "running: N/2 .. N-1 (dual, in use)", &r);
    return 0;
}
