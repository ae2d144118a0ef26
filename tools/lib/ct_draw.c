/* ct_draw.c - random legal configurations of a block (ct_draw.h). */
#include "ct_draw.h"

const ct_draw_limits_t ct_draw_default_limits = {8192, 4096, 4096, 100000};

/* Uniform in [0, n] for any n < 2^32. */
static uint32_t upto(ct_rng_t *r, uint32_t n)
{
    return n == UINT32_MAX ? (uint32_t)(ct_rng_next(r) >> 32) : (uint32_t)ct_rng_below(r, (uint64_t)n + 1);
}

uint32_t ct_draw_value(ct_rng_t *r, uint32_t lo, uint32_t hi)
{
    if (lo >= hi)
        return lo;
    uint64_t v;
    switch (ct_rng_below(r, 10)) {
    case 0:
    case 1:
        return lo;
    case 2:
        return lo + 1;
    case 3:
        return hi;
    case 4:
    case 5:
    case 6: { /* around a power of two: k from 1 to clog2(hi), the small ones likelier */
        unsigned kmax = ct_clog2((uint64_t)hi + 1);
        unsigned k = 1 + (unsigned)ct_rng_below(r, 1 + ct_rng_below(r, kmax));
        v = (UINT64_C(1) << k) - 1 + ct_rng_below(r, 3);
        if (v < lo || v > hi)
            return lo + upto(r, hi - lo);
        return (uint32_t)v;
    }
    case 7:
    case 8: /* uniform near the bottom */
        return lo + upto(r, hi - lo < 64 ? hi - lo : 64);
    default:
        return lo + upto(r, hi - lo);
    }
}

/* Rows' entries x bits, summed (saturating). */
static uint64_t rows_bits(const ct_storage_t *rows, unsigned n)
{
    uint64_t sum = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t e = rows[i].entries, w = rows[i].bits;
        if (w && e > UINT64_MAX / w)
            return UINT64_MAX;
        if (sum > UINT64_MAX - e * w)
            return UINT64_MAX;
        sum += e * w;
    }
    return sum;
}

uint64_t ct_config_storage_bits(const ct_block_t *b, const uint32_t *cfg)
{
    ct_storage_t rows[CT_MAX_STORAGE];
    return rows_bits(rows, b->storage(cfg, rows));
}

uint64_t ct_config_logic_bits(const ct_block_t *b, const uint32_t *cfg)
{
    ct_storage_t rows[CT_MAX_STORAGE];
    return b->logic ? rows_bits(rows, b->logic(cfg, rows)) : 0;
}

uint64_t ct_config_port_bits(const ct_block_t *b, const uint32_t *cfg)
{
    unsigned iw[CT_MAX_PORTS], ow[CT_MAX_PORTS];
    b->widths(cfg, iw, ow);
    uint64_t sum = 0;
    for (unsigned i = 0; i < b->n_in; i++)
        sum += iw[i];
    for (unsigned i = 0; i < b->n_out; i++)
        sum += ow[i];
    return sum;
}

int ct_config_draw(const ct_block_t *b, uint64_t seed, const ct_draw_limits_t *lim, uint32_t *cfg,
                   unsigned *tries)
{
    ct_rng_t r;
    ct_rng_seed(&r, seed);
    char err[CT_ERRLEN];
    for (unsigned t = 1; t <= lim->tries; t++) {
        for (unsigned i = 0; i < b->n_params; i++)
            cfg[i] = ct_draw_value(&r, b->params[i].min, b->params[i].max);
        if (b->check(cfg, err, sizeof err) == 0 && ct_config_storage_bits(b, cfg) <= lim->max_storage_bits &&
            ct_config_port_bits(b, cfg) <= lim->max_port_bits &&
            ct_config_logic_bits(b, cfg) <= lim->max_logic_bits) {
            if (tries)
                *tries = t;
            return 0;
        }
    }
    return -1;
}
