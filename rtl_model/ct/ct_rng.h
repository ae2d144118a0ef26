/*
 * ct_rng.h - the one random number generator of cachetwin stimulus:
 * xoshiro256** seeded through splitmix64.  Pure 64-bit integer arithmetic,
 * so a seed gives the same sequence on every machine and compiler.
 */
#ifndef CT_RNG_H
#define CT_RNG_H

#include <stdint.h>

typedef struct {
    uint64_t s[4];
} ct_rng_t;

static inline uint64_t ct_splitmix64(uint64_t *x)
{
    uint64_t z = (*x += UINT64_C(0x9e3779b97f4a7c15));
    z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
    return z ^ (z >> 31);
}

static inline void ct_rng_seed(ct_rng_t *r, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        r->s[i] = ct_splitmix64(&seed);
}

static inline uint64_t ct_rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

static inline uint64_t ct_rng_next(ct_rng_t *r)
{
    uint64_t *s = r->s;
    uint64_t result = ct_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = ct_rotl(s[3], 45);
    return result;
}

/* Uniform in [0, n) for n >= 1 (multiply-shift; bias < 2^-32 for n < 2^32). */
static inline uint64_t ct_rng_below(ct_rng_t *r, uint64_t n)
{
    return (uint64_t)(((ct_rng_next(r) >> 32) * (n & 0xffffffffu)) >> 32);
}

/* 1 with probability num/256. */
static inline int ct_rng_chance(ct_rng_t *r, unsigned num)
{
    return (ct_rng_next(r) & 0xff) < num;
}

#endif
