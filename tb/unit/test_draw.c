/*
 * test_draw.c - random legal configurations (tools/lib/ct_draw.h) and the
 * directed prologue's script (rtl_model/ct/ct_script.h), its row limit.
 */
#include <stdlib.h>
#include <string.h>

#include "ata_tags.h"
#include "ccn_rt.h"
#include "ct_draw.h"
#include "ct_script.h"
#include "ut.h"

/* every value within its range; each kind of value the header names seen */
static void draw_values(void)
{
    ct_rng_t r;
    ct_rng_seed(&r, 7);
    CHECK_EQ(ct_draw_value(&r, 5, 5), 5, "a one-value range");
    int seen_lo = 0, seen_lo1 = 0, seen_hi = 0, seen_pow[13] = {0}, seen_other = 0, bad = 0;
    for (int k = 0; k < 20000; k++) {
        uint32_t v = ct_draw_value(&r, 1, 4096);
        bad += v < 1 || v > 4096;
        seen_lo += v == 1, seen_lo1 += v == 2, seen_hi += v == 4096;
        for (unsigned p = 2; p <= 12; p++)
            seen_pow[p] += v == (1u << p) - 1 || v == (1u << p) || v == (1u << p) + 1;
        seen_other += v > 66 && (v & (v - 1)) && ((v - 1) & (v - 2)) && ((v + 1) & v);
    }
    CHECK_EQ(bad, 0, "[1, 4096]: every value in range");
    CHECK(seen_lo > 2000 && seen_lo1 > 1000 && seen_hi > 1000,
          "the minimum, minimum + 1 and maximum each drawn often (%d %d %d of 20,000)", seen_lo, seen_lo1, seen_hi);
    for (unsigned p = 2; p <= 12; p++)
        CHECK(seen_pow[p] > 0, "2^%u - 1, 2^%u or 2^%u + 1 drawn", p, p, p);
    CHECK(seen_other > 100, "uniform values beyond the bottom drawn (%d)", seen_other);
    uint64_t top = 0;
    for (int k = 0; k < 20000; k++) {
        uint32_t v = ct_draw_value(&r, 0, UINT32_MAX);
        top = v > top ? v : top;
    }
    CHECK(top > (UINT32_C(1) << 31), "the whole 32-bit range reached (largest %" PRIu64 ")", top);
    for (int k = 0; k < 2000; k++) {
        uint32_t v = ct_draw_value(&r, 100, 130);
        if (v < 100 || v > 130) {
            CHECK(0, "[100, 130]: %u out of range", v);
            break;
        }
    }
}

/* the sums, against the interface pages' formulas worked by hand */
static void draw_sums(void)
{
    uint32_t cfg[CT_MAX_PARAMS];
    ut_config(&ccn_rt_block, "small", cfg, CT_MAX_PARAMS);
    /* T_P 1000: icnt clog2(1000) = 10; CNT_W 8: N_total, N_hits; state 2 */
    CHECK_EQ(ct_config_storage_bits(&ccn_rt_block, cfg), 10 + 8 + 8 + 2, "ccn_rt small: storage bits");
    /* in: rst 1, inst 3, inj 1, hit 1; out: on 1, state 2, icnt 10, ntot 8, nhit 8, dec, dec_on, epoch */
    CHECK_EQ(ct_config_port_bits(&ccn_rt_block, cfg), 6 + 32, "ccn_rt small: port bits");
    CHECK_EQ(ct_config_logic_bits(&ccn_rt_block, cfg), 0, "ccn_rt: no logic rows");
    ut_config(&ata_tags_block, "tiny", cfg, CT_MAX_PARAMS);
    /* 50 comparators of 13 bits, 25 selectors of 28 (docs/blocks/ata_tags.md) */
    CHECK_EQ(ct_config_logic_bits(&ata_tags_block, cfg), 50 * 13 + 25 * 28, "ata_tags tiny: logic bits");
}

/* every block: legal, within the limits, the same for the same seed, every
 * parameter's minimum drawn by some seed */
static void draw_configs(void)
{
    const ct_draw_limits_t *lim = &ct_draw_default_limits;
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const ct_block_t *b = ct_blocks[i];
        int at_min[CT_MAX_PARAMS] = {0}, differ = 0, ok = 1;
        uint32_t first[CT_MAX_PARAMS];
        for (uint64_t seed = 1; seed <= 300 && ok; seed++) {
            uint32_t cfg[CT_MAX_PARAMS], again[CT_MAX_PARAMS];
            unsigned tries = 0;
            char err[CT_ERRLEN];
            if (ct_config_draw(b, seed, lim, cfg, &tries)) {
                CHECK(0, "%s seed %" PRIu64 ": no draw", b->name, seed);
                ok = 0;
                break;
            }
            ok &= tries >= 1 && tries <= lim->tries;
            for (unsigned p = 0; p < b->n_params; p++) {
                ok &= cfg[p] >= b->params[p].min && cfg[p] <= b->params[p].max;
                at_min[p] |= cfg[p] == b->params[p].min;
            }
            ok &= b->check(cfg, err, sizeof err) == 0;
            ok &= ct_config_storage_bits(b, cfg) <= lim->max_storage_bits &&
                  ct_config_port_bits(b, cfg) <= lim->max_port_bits &&
                  ct_config_logic_bits(b, cfg) <= lim->max_logic_bits;
            ok &= ct_config_draw(b, seed, lim, again, NULL) == 0 &&
                  !memcmp(cfg, again, b->n_params * sizeof *cfg);
            if (seed == 1)
                memcpy(first, cfg, sizeof first);
            else
                differ |= memcmp(cfg, first, b->n_params * sizeof *cfg) != 0;
            CHECK(ok, "%s seed %" PRIu64 ": in range, legal, within the limits, reproducible", b->name, seed);
        }
        CHECK(differ, "%s: seeds give different configurations", b->name);
        for (unsigned p = 0; p < b->n_params; p++)
            CHECK(at_min[p], "%s: %s at its minimum %u in some draw of 300", b->name, b->params[p].name,
                  b->params[p].min);
    }
    ct_draw_limits_t none = {0, 0, 0, 50};
    uint32_t cfg[CT_MAX_PARAMS];
    CHECK(ct_config_draw(&ccn_rt_block, 1, &none, cfg, NULL) == -1, "no configuration within 0 bits: -1");
}

/* rows and notes played back in order, then the random phase's note once */
static void script_rows(void)
{
    ct_script_t s = {.n_in = 2};
    uint64_t in[2] = {1, 2}, got[2];
    const char *note;
    ct_script_push(&s, in, "first");
    in[0] = 3;
    ct_script_push(&s, in, NULL);
    CHECK(ct_script_next(&s, got, &note) && got[0] == 1 && got[1] == 2 && note && !strcmp(note, "first"),
          "row 1 and its note");
    CHECK(ct_script_next(&s, got, &note) && got[0] == 3 && !note, "row 2, no note");
    CHECK(!ct_script_next(&s, got, &note) && note && !strcmp(note, "constrained random"),
          "played out: the random phase named");
    CHECK(!ct_script_next(&s, got, &note) && !note, "... once");
    ct_script_free(&s);
    /* the row limit: a longer prologue keeps its first CT_SCRIPT_MAX_ROWS rows */
    ct_script_t t = {.n_in = 1};
    for (uint64_t k = 0; k < CT_SCRIPT_MAX_ROWS + 10; k++) {
        CHECK_EQ(ct_script_full(&t), k >= CT_SCRIPT_MAX_ROWS, "full after the limit only (row %" PRIu64 ")", k);
        if (ct_script_full(&t) != (k >= CT_SCRIPT_MAX_ROWS))
            break;
        ct_script_push(&t, &k, NULL);
    }
    CHECK_EQ(t.n, CT_SCRIPT_MAX_ROWS, "rows kept");
    uint64_t k = 0, v = 0, same = 1;
    while (ct_script_next(&t, &v, &note))
        same &= v == k++;
    CHECK(same && k == CT_SCRIPT_MAX_ROWS, "the first %u rows played in order", (unsigned)CT_SCRIPT_MAX_ROWS);
    ct_script_free(&t);
}

/* a configuration whose prologue would be billions of rows (ccn_rt: 32-bit
 * counters saturated, an epoch of 2^31 instructions one a cycle) starts */
static void long_prologue(void)
{
    uint32_t cfg[CT_MAX_PARAMS];
    ut_config(&ccn_rt_block, "T_S=1073741824,T_P=2147483648,HMIN_PCT=5,INST_W=1,CNT_W=32", cfg, CT_MAX_PARAMS);
    void *st = ccn_rt_block.stim_create(cfg, 1);
    CHECK(st != NULL, "the stimulus is made");
    uint64_t in[CT_MAX_WORDS];
    const char *note;
    ccn_rt_block.stim_next(st, in, &note);
    CHECK(in[0] & 1, "its first row is the reset");
    ccn_rt_block.stim_destroy(st);
}

const ut_test_t draw_tests[] = {
    {"draw/values", "a parameter's value: extremes, near powers of two, uniform; always in range", draw_values},
    {"draw/sums", "storage, port and logic bits of a configuration, worked by hand", draw_sums},
    {"draw/configs", "every block: legal, within limits, reproducible, every minimum reached", draw_configs},
    {"draw/script", "a prologue's rows and notes in order; at most CT_SCRIPT_MAX_ROWS", script_rows},
    {"draw/long_prologue", "a configuration with billions of directed rows still starts", long_prologue},
    {NULL, NULL, NULL},
};
