/*
 * ct_draw.h - random legal configurations of a block beyond its presets
 * (docs/your-rtl.md, "Beyond the presets"): each parameter drawn from the
 * values where width formulas break - its minimum, minimum + 1, 2^k - 1,
 * 2^k, 2^k + 1, its maximum - or uniformly from its range; a draw is kept
 * when the block's own checks accept it and its storage, port and logic bits
 * stay within limits (so one simulates in seconds).  The same seed gives the same
 * configuration on every machine (ct_rng).
 */
#ifndef CT_DRAW_H
#define CT_DRAW_H

#include "ct_block.h"
#include "ct_rng.h"

CT_BEGIN_DECLS

typedef struct {
    uint64_t max_storage_bits; /* the inventory's total, every row (ct_config_storage_bits) */
    uint64_t max_port_bits;    /* inputs and outputs together (ct_config_port_bits) */
    uint64_t max_logic_bits;   /* the area report's logic rows (ct_config_logic_bits) */
    unsigned tries;            /* draws before giving up */
} ct_draw_limits_t;

/* The limits `ctwin draw` and make test use: 8,192 storage bits, 4,096
 * port bits, 4,096 logic bits (ata_tags' comparators and selectors grow as
 * CORES^2: its wide preset's 18,432 take yosys 81 s), 100,000 tries - so
 * yosys elaborates a draw in seconds. */
extern const ct_draw_limits_t ct_draw_default_limits;

/* One value of [lo, hi] as the header says: lo, lo + 1, hi, 2^k - 1 / 2^k /
 * 2^k + 1 (k below clog2(hi) + 1, small k likelier), or uniform. */
uint32_t ct_draw_value(ct_rng_t *r, uint32_t lo, uint32_t hi);
/* Every storage row's entries x bits, summed (saturating at UINT64_MAX). */
uint64_t ct_config_storage_bits(const ct_block_t *b, const uint32_t *cfg);
/* Every input and output port's width, summed. */
uint64_t ct_config_port_bits(const ct_block_t *b, const uint32_t *cfg);
/* The block's logic rows (b->logic: comparators, muxes) count x width,
 * summed; 0 for a block without them. */
uint64_t ct_config_logic_bits(const ct_block_t *b, const uint32_t *cfg);
/* A legal configuration of b within lim for seed: 0 and cfg set, with
 * *tries the draws it took (NULL: not wanted); -1 when none of lim->tries
 * draws was legal and within the limits (cfg unspecified). */
int ct_config_draw(const ct_block_t *b, uint64_t seed, const ct_draw_limits_t *lim, uint32_t *cfg,
                   unsigned *tries);

CT_END_DECLS

#endif
