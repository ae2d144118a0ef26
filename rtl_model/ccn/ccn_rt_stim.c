/*
 * ccn_rt_stim.c - stimulus for the CCN request throttler (CCN [004] Sec. 4.4).
 * A directed prologue: a window whose N_total saturates with one hit (OFF),
 * an injection reported and a late hit while OFF, the epoch's end; a window
 * whose N_hits saturates too (ON), the same while ON, the epoch's end; then
 * windows each ended by a reset: a hit rate exactly H_min (ON: the compare is
 * >=), an empty window (0 >= 0: ON), one hit short of H_min (OFF), a rate just
 * under H_min (100 N_hits < H_min N_total <= 101 N_hits: OFF); a reset in the
 * middle of a window.  Then constrained random: instructions a
 * cycle mostly large (the epochs pass), and each window drawn from four
 * regimes (no injection, hit rate near 0, near H_min, high).  The generator
 * mirrors the instruction count to know where the boundaries fall.
 */
#include "ccn_rt.h"

#include <stdlib.h>

#include "ct_rng.h"
#include "ct_script.h"

struct ccn_rt_stim {
    ccn_rt_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t inst_max, cnt_max;
    /* the generator's mirror of the epoch: instructions, in the window */
    uint64_t icnt;
    int sampling;
    /* the random phase: this window's regime (percent chances a cycle) */
    unsigned p_inj, p_hit;
    unsigned rst_left;
};

/* The mirror after a cycle of `inst` instructions (or a reset). */
static void mirror(ccn_rt_stim_t *s, int rst, uint64_t inst)
{
    if (rst) {
        s->icnt = 0;
        s->sampling = 1;
        return;
    }
    uint64_t cur = s->icnt + inst;
    if (cur >= s->cfg.T_P) {
        s->icnt = cur - s->cfg.T_P;
        s->sampling = 1;
        return;
    }
    if (s->sampling && cur >= s->cfg.T_S)
        s->sampling = 0;
    s->icnt = cur;
}

static void row(ccn_rt_stim_t *s, int rst, uint64_t inst, int inj, int hit, const char *note)
{
    ccn_rt_in_t in = {.rst_i = (uint64_t)rst, .inst_i = inst, .inj_i = (uint64_t)inj, .hit_i = (uint64_t)hit};
    ct_script_push(&s->dir, in.v, note);
    mirror(s, rst, inst);
}

/* Rows of the most instructions a cycle until the window ends (the row
 * that crosses T_S is the decision's). */
static void to_decision(ccn_rt_stim_t *s, const char *note)
{
    while (s->sampling && !ct_script_full(&s->dir)) {
        row(s, 0, s->inst_max, 0, 0, note);
        note = NULL;
    }
}

/* ... and until the epoch ends. */
static void to_epoch(ccn_rt_stim_t *s, const char *note)
{
    int was = 0;
    while (!was && !ct_script_full(&s->dir)) {
        was = s->icnt + s->inst_max >= s->cfg.T_P;
        row(s, 0, s->inst_max, 0, 0, note);
        note = NULL;
    }
}

/* A window (from its start) of `tot` injections, `hits` of them with a hit
 * in the same cycle, no instruction retired meanwhile, then its end. */
static void window(ccn_rt_stim_t *s, uint64_t tot, uint64_t hits, const char *note)
{
    for (uint64_t k = 0; k < tot && !ct_script_full(&s->dir); k++) {
        row(s, 0, 0, 1, k < hits, note);
        note = NULL;
    }
    to_decision(s, note);
}

/* A reset: a new epoch at once (the shorter way to the next window). */
static void restart(ccn_rt_stim_t *s, const char *note)
{
    row(s, 1, 0, 0, 0, note ? note : "reset: a new epoch, sampling again");
}

static void directed(ccn_rt_stim_t *s)
{
    const ccn_rt_cfg_t *c = &s->cfg;
    uint64_t t = ccn_rt_exact_n(c->HMIN_PCT), h = t * c->HMIN_PCT / 100;
    int exact = c->HMIN_PCT > 0 && t <= s->cnt_max;
    uint64_t nn = ccn_rt_near_n(c->HMIN_PCT, s->cnt_max), nh = (c->HMIN_PCT * nn + 100) / 101;
    int off1 = 100 < c->HMIN_PCT * s->cnt_max; /* one hit of a saturated N_total: OFF */
    row(s, 1, 0, 0, 0, "reset");
    row(s, 1, s->inst_max, 1, 1, "reset: inputs ignored, every output 0");
    /* the windows whose bins take longest first (the paper preset's epochs
     * are about 9,800 cycles): every bin within the file's cycles */
    window(s, s->cnt_max + 2, 1,
           off1 ? "N_total saturates at 2^CNT_W - 1 (the last injections not counted); one hit: OFF "
                  "(a wrapping N_total would count 1 injection: ON)"
                : "N_total saturates at 2^CNT_W - 1 (the last injections not counted); one hit: ON");
    row(s, 0, 0, 1, 1, off1 ? "OFF: an injection reported and a late hit, neither counted"
                            : "ON: an injection and a late hit, neither counted");
    to_epoch(s, "to the epoch's end: counts cleared, sampling again");
    window(s, s->cnt_max + 2, s->cnt_max + 2,
           "N_hits saturates with N_total (the last hits not counted): ON "
           "(a wrapping N_hits would count 1 hit: OFF)");
    row(s, 0, 0, 1, 1, "ON: an injection and a late hit, neither counted");
    to_epoch(s, "to the epoch's end after ON");
    if (exact) {
        window(s, t, h, "hit rate exactly H_min (100 N_hits = H_min N_total): ON");
        restart(s, NULL);
    }
    window(s, 0, 0, "an empty window: N_total 0, 100*0 >= H_min*0: ON");
    restart(s, NULL);
    if (exact) {
        window(s, t, h - 1, "one hit short of H_min: OFF");
        restart(s, NULL);
    }
    if (nn) {
        window(s, nn, nh, "a hit rate just under H_min (100 N_hits < H_min N_total <= 101 N_hits): OFF");
        restart(s, NULL);
    }
    row(s, 0, 1, 1, 1, "a reset in the middle of a window: a new epoch");
    row(s, 1, 1, 1, 1, NULL);
    row(s, 0, 0, 0, 0, "after the reset: counts 0, instructions 0");
}

ccn_rt_stim_t *ccn_rt_stim_new(const ccn_rt_cfg_t *c, uint64_t seed)
{
    ccn_rt_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, CCN_RT_IN_WORDS, seed))
        return NULL;
    s->inst_max = ct_mask(c->INST_W);
    s->cnt_max = ct_mask(c->CNT_W);
    s->sampling = 1;
    directed(s);
    return s;
}

void ccn_rt_stim_free(ccn_rt_stim_t *s) { CT_STIM_FREE(s); }

/* A window's regime: chances (percent) of an injection and of a hit a cycle. */
static void regime(ccn_rt_stim_t *s)
{
    ct_rng_t *r = &s->rng;
    unsigned h = s->cfg.HMIN_PCT;
    switch (ct_rng_below(r, 4)) {
    case 0: s->p_inj = 0, s->p_hit = 0; break;                           /* empty: ON */
    case 1: s->p_inj = 40, s->p_hit = 0; break;                          /* no reuse: OFF */
    case 2: s->p_inj = 40, s->p_hit = 40 * h / 100 + (unsigned)ct_rng_below(r, 3); break; /* near H_min */
    default: s->p_inj = 40, s->p_hit = 30; break;                        /* sharing: ON */
    }
}

void ccn_rt_stim_next(ccn_rt_stim_t *s, ccn_rt_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *r = &s->rng;
    if (s->rst_left == 0 && ct_rng_below(r, 20000) == 0)
        s->rst_left = 1 + (unsigned)ct_rng_below(r, 2);
    int rst = s->rst_left ? (s->rst_left--, 1) : 0;
    int was = s->sampling;
    unsigned k = (unsigned)ct_rng_below(r, 100);
    /* mostly large: an epoch passes in about 2 T_P / 2^INST_W cycles */
    uint64_t inst = k < 55 ? s->inst_max - ct_rng_below(r, s->inst_max / 4 + 1)
                  : k < 85 ? ct_rng_below(r, s->inst_max + 1) : 0;
    in->rst_i = (uint64_t)rst;
    in->inst_i = inst;
    in->inj_i = ct_rng_below(r, 100) < s->p_inj;
    in->hit_i = ct_rng_below(r, 100) < s->p_hit;
    mirror(s, rst, inst);
    if (s->sampling && !was)
        regime(s); /* a new window begins at this edge */
    else if (!s->sampling && was && ct_rng_below(r, 2))
        s->p_inj = 20, s->p_hit = 20; /* after the window: late hits, injections */
}
