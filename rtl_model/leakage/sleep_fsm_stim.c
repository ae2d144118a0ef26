/*
 * sleep_fsm_stim.c - stimulus for the sleep-transistor FSM: a directed
 * prologue through the transitions the spec names (reset modes, fill
 * wake-up, a HIT held through its wake-up stall, AG's drowsy-after-access,
 * LoSCache gating on last_i and the lost HIT after it, idling past a PD
 * boundary or a decay interval, out-of-range lines, reset in mid-run), then
 * constrained-random requests.  The stimulus sees no outputs, so a HIT is
 * repeated for a random 1..WAKE+1 cycles: mostly held until served, sometimes
 * abandoned mid-wake-up (the FSM must stay consistent either way).
 */
#include "sleep_fsm.h"

#include <stdlib.h>

#include "ct_rng.h"
#include "ct_script.h"

#define NOP SLEEP_FSM_OP_NOP
#define FILL SLEEP_FSM_OP_FILL
#define HIT SLEEP_FSM_OP_HIT
#define EVICT SLEEP_FSM_OP_EVICT

struct sleep_fsm_stim {
    sleep_fsm_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t span, hot[4];
    sleep_fsm_in_t cur; /* the request being repeated */
    unsigned repeat, rst_left, idle_left;
};

static void row(sleep_fsm_stim_t *s, uint64_t rst, uint64_t op, uint64_t line,
                uint64_t last, const char *note)
{
    sleep_fsm_in_t in = {.rst_i = rst, .op_i = op, .line_i = line, .last_i = last};
    ct_script_push(&s->dir, in.v, note);
}

static void directed(sleep_fsm_stim_t *s)
{
    const sleep_fsm_cfg_t *c = &s->cfg;
    uint64_t n = c->NUM_LINES, a = 0, b = n > 1 ? 1 : 0;
    unsigned hold = c->WAKE + 1;

    row(s, 1, NOP, 0, 0, "reset");
    row(s, 1, FILL, a, 0, "reset: requests ignored");
    row(s, 0, NOP, a, 0, "reset modes (LoSCache OFF, PD/decay ACTIVE, AG/HDG DROWSY)");
    for (uint64_t l = 1; l < n && l < 4; l++)
        row(s, 0, NOP, l, 0, NULL);
    row(s, 0, FILL, a, 0, "fill: the line wakes without a stall");
    for (unsigned i = 0; i < hold; i++)
        row(s, 0, HIT, a, 0, i ? NULL : "hit, held while the line wakes (stall_o)");
    for (unsigned i = 0; i < hold; i++)
        row(s, 0, HIT, a, 0, i ? NULL : "hit again");
    row(s, 0, HIT, a, 1, "last access (last_i): LoSCache gates the line after it");
    row(s, 0, HIT, a, 0, "hit on a gated line: lost_o, never a hit");
    row(s, 0, HIT, a, 0, NULL);
    row(s, 0, FILL, a, 0, "refill wakes it");
    row(s, 0, HIT, b, 0, "hit on a line never filled");
    row(s, 0, FILL, b, 1, "fill that is also the last access (LoSCache: served, the line is OFF after it)");
    row(s, 0, HIT, b, 0, NULL);
    row(s, 0, EVICT, a, 0, "evict: no power change");
    for (uint64_t l = n; l < s->span && l < n + 2; l++)
        row(s, 0, HIT, l, 0, "line index >= NUM_LINES: ignored");
    /* idle long enough for a PD boundary or a decay (the paper's decay
     * intervals too: its files are longer than DECAY) */
    uint64_t wait = c->POLICY == SLEEP_FSM_PD ? c->PERIOD + 2
                    : SLEEP_FSM_HAS_DECAY(c) ? c->DECAY + 2
                                             : 8;
    for (uint64_t i = 0; i < wait && !ct_script_full(&s->dir); i++)
        row(s, 0, NOP, a, 0, i ? NULL : "idle: the period boundary / decay interval passes");
    for (unsigned i = 0; i < hold; i++)
        row(s, 0, HIT, a, 0, i ? NULL : "hit after the idle time");
    row(s, 0, FILL, b, 0, "fill after the idle time (a decayed line wakes)");
    row(s, 0, FILL, b, 0, "reset in mid-run");
    row(s, 1, HIT, b, 0, NULL);
    row(s, 0, NOP, b, 0, "after reset: reset modes again");
}

sleep_fsm_stim_t *sleep_fsm_stim_new(const sleep_fsm_cfg_t *c, uint64_t seed)
{
    sleep_fsm_stim_t *s;
    if (!CT_STIM_ALLOC(s, c, SLEEP_FSM_IN_WORDS, seed))
        return NULL;
    s->span = UINT64_C(1) << ct_clog2(c->NUM_LINES);
    for (int i = 0; i < 4; i++)
        s->hot[i] = ct_rng_below(&s->rng, c->NUM_LINES);
    directed(s);
    return s;
}

void sleep_fsm_stim_free(sleep_fsm_stim_t *s) { CT_STIM_FREE(s); }

static uint64_t pick_line(sleep_fsm_stim_t *s)
{
    ct_rng_t *r = &s->rng;
    unsigned k = (unsigned)ct_rng_below(r, 100);
    if (ct_rng_below(r, 512) == 0)
        s->hot[ct_rng_below(r, 4)] = ct_rng_below(r, s->cfg.NUM_LINES);
    if (k < 65)
        return s->hot[ct_rng_below(r, 4)];
    if (k < 97)
        return ct_rng_below(r, s->cfg.NUM_LINES);
    return ct_rng_below(r, s->span); /* past NUM_LINES included */
}

void sleep_fsm_stim_next(sleep_fsm_stim_t *s, sleep_fsm_in_t *in,
                         const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *r = &s->rng;
    if (s->rst_left == 0 && ct_rng_below(r, 16384) == 0)
        s->rst_left = 1 + (unsigned)ct_rng_below(r, 2);
    if (s->repeat) {
        s->repeat--;
    } else if (s->idle_left) {
        s->idle_left--;
        s->cur.op_i = NOP;
    } else {
        unsigned k = (unsigned)ct_rng_below(r, 100);
        s->cur.op_i = k < 45 ? HIT : k < 65 ? FILL : k < 95 ? NOP : EVICT;
        s->cur.line_i = pick_line(s);
        s->cur.last_i = ct_rng_below(r, 100) < 20;
        if (s->cur.op_i == HIT) /* hold through the wake-up, or give up */
            s->repeat = ct_rng_below(r, 8) ? s->cfg.WAKE : (unsigned)ct_rng_below(r, s->cfg.WAKE);
        if (ct_rng_below(r, 256) == 0) /* a quiet spell: decay and PD act */
            s->idle_left = (unsigned)ct_rng_below(r, 2 * s->cfg.DECAY < 4096 ? 2 * s->cfg.DECAY : 4096);
    }
    *in = s->cur;
    in->rst_i = s->rst_left ? (s->rst_left--, 1) : 0;
}
