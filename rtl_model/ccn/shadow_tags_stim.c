/*
 * shadow_tags_stim.c - stimulus for the shadow tags: what one L1 and the ring
 * present to them.  A directed prologue (lookups held during the post-reset
 * sweep, a miss after reset, a fill then a hit in every way, an invalidate
 * then a miss, a pending allocation that must not hit until its fill, an
 * update colliding with a lookup, back-pressure over several cycles, the
 * alias of a filled line where the configuration aliases, reset in
 * mid-run), then constrained random traffic from an L1 model kept here: fills
 * of allocated (pending) ways, allocations that replace a way, write
 * invalidations, and lookups of resident, pending, invalidated, aliasing and
 * random lines.  A lookup is held until accepted (the stimulus knows when:
 * not during the sweep, not while an update takes the port), as the
 * valid/ready handshake requires; no update is issued during the sweep.
 */
#include "shadow_tags.h"

#include <stdlib.h>

#include "ct_rng.h"
#include "ct_script.h"

typedef struct {
    uint64_t la;
    int state; /* 0 empty, 1 pending (allocated, not filled), 2 resident */
} st_line_t;

struct shadow_tags_stim {
    shadow_tags_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    uint64_t la_mask, span; /* line addresses; aligned block sharing a tag */
    st_line_t *l1;          /* sets x ways */
    uint64_t gone[8];       /* recently invalidated line addresses */
    unsigned ngone, busy_left, hold;
    shadow_tags_in_t lk;    /* the lookup being held */
};

static void row(shadow_tags_stim_t *s, uint64_t rst, uint64_t upd, uint64_t ula, uint64_t uway,
                uint64_t uv, uint64_t lk, uint64_t lla, uint64_t core, const char *note)
{
    shadow_tags_in_t in = {.rst_i = rst, .upd_i = upd, .upd_la_i = ula & s->la_mask,
                           .upd_way_i = uway, .upd_v_i = uv, .lk_valid_i = lk,
                           .lk_la_i = lla & s->la_mask, .lk_core_i = core};
    ct_script_push(&s->dir, in.v, note);
}

/* A line address of set `set` (k-th of them). */
static uint64_t line_of(const shadow_tags_stim_t *s, uint64_t set, uint64_t k)
{
    return (set + k * s->cfg.SETS) & s->la_mask;
}

/* Another line address of la's set sharing la's stored tag, or la itself. */
static uint64_t alias_of(const shadow_tags_stim_t *s, uint64_t la)
{
    uint64_t base = la - la % s->span;
    for (uint64_t b = la % s->span + s->cfg.SETS; b < s->span; b += s->cfg.SETS)
        if (base + b != la)
            return base + b;
    for (uint64_t b = la % s->span % s->cfg.SETS; b < la % s->span; b += s->cfg.SETS)
        return base + b;
    return la;
}

static void directed(shadow_tags_stim_t *s)
{
    const shadow_tags_cfg_t *c = &s->cfg;
    uint64_t sets = c->SETS, ways = c->WAYS;
    uint64_t a = line_of(s, sets > 2 ? 2 : 0, 5), cl = line_of(s, sets > 1 ? 1 : 0, 9);
    row(s, 1, 0, 0, 0, 0, 0, 0, 0, "reset");
    for (uint64_t i = 0; i < sets; i++)
        row(s, 0, 0, 0, 0, 0, 1, a, 1, i ? NULL : "post-reset sweep, SETS cycles: busy_o, the lookup waits");
    row(s, 0, 0, 0, 0, 0, 1, a, 1, "the sweep is over: the held lookup is accepted");
    row(s, 0, 1, a, 0, 1, 0, 0, 0, "its answer: a miss (nothing valid after reset); fill line A into way 0");
    row(s, 0, 0, 0, 0, 0, 1, a, 0, "lookup A: accepted ...");
    row(s, 0, 0, 0, 0, 0, 0, 0, 0, "... hit, way 0, a cycle later");
    for (uint64_t w = 1; w < ways; w++) {
        uint64_t b = line_of(s, a % sets, 5 + w);
        row(s, 0, 1, b, w, 1, 0, 0, 0, w == 1 ? "fill other lines of the set into every way" : NULL);
        row(s, 0, 0, 0, 0, 0, 1, b, w & 1, NULL);
    }
    row(s, 0, 1, a, 0, 0, 0, 0, 0, "invalidate A (a write hit: write-through, no-write-allocate)");
    row(s, 0, 0, 0, 0, 0, 1, a, 1, "lookup A after its invalidate: miss");
    row(s, 0, 1, cl, 0, 0, 0, 0, 0, "allocate way 0 of another set for a miss on C: entry written invalid");
    row(s, 0, 0, 0, 0, 0, 1, cl, 0, "lookup C while its fill is pending: miss");
    row(s, 0, 1, cl, 0, 1, 1, cl, 1, "fill C, and a lookup of C in the same cycle: the update wins, lk_ready_o 0");
    row(s, 0, 0, 0, 0, 0, 1, cl, 1, "the held lookup is accepted the next cycle: hit (sees the fill)");
    row(s, 0, 1, a, 1 % ways, 1, 1, cl, 0, "three updates in a row: the lookup is held three cycles");
    row(s, 0, 1, a, 1 % ways, 0, 1, cl, 0, NULL);
    row(s, 0, 1, cl, 0, 1, 1, cl, 0, NULL);
    row(s, 0, 0, 0, 0, 0, 1, cl, 0, "accepted after the back-pressure");
    row(s, 0, 0, 0, 0, 0, 0, 0, 0, NULL);
    if (shadow_tags_aliasing(c)) {
        uint64_t x = alias_of(s, cl);
        row(s, 0, 0, 0, 0, 0, 1, x, 1,
            "lookup of another line of C's set with C's stored tag: an alias hit (documented)");
        row(s, 0, 0, 0, 0, 0, 0, 0, 0, NULL);
    }
    row(s, 0, 1, a, 0, 1, 0, 0, 0, "reset in mid-run");
    row(s, 1, 0, 0, 0, 0, 1, a, 0, NULL);
}

shadow_tags_stim_t *shadow_tags_stim_new(const shadow_tags_cfg_t *c, uint64_t seed)
{
    shadow_tags_stim_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->l1 = calloc((size_t)c->SETS * c->WAYS, sizeof *s->l1);
    if (!s->l1) {
        free(s);
        return NULL;
    }
    s->cfg = *c;
    s->dir.n_in = SHADOW_TAGS_IN_WORDS;
    s->la_mask = ct_mask(c->LA_W);
    unsigned l = c->LA_W - c->TAG_W;
    s->span = l >= 40 ? UINT64_C(1) << 40 : UINT64_C(1) << l;
    ct_rng_seed(&s->rng, seed);
    directed(s);
    s->busy_left = c->SETS; /* the prologue ends with a reset */
    return s;
}

void shadow_tags_stim_free(shadow_tags_stim_t *s)
{
    if (s) {
        ct_script_free(&s->dir);
        free(s->l1);
    }
    free(s);
}

/* A line address of set `set` not held by any way of it. */
static uint64_t fresh_line(shadow_tags_stim_t *s, uint64_t set, const st_line_t *ways)
{
    for (int tries = 0; tries < 8; tries++) {
        uint64_t la;
        if (ct_rng_below(&s->rng, 3) == 0 && ways[0].state)
            la = alias_of(s, ways[ct_rng_below(&s->rng, s->cfg.WAYS)].la);
        else
            la = line_of(s, set, ct_rng_next(&s->rng) >> 8);
        if (la % s->cfg.SETS != set)
            continue;
        int used = 0;
        for (unsigned w = 0; w < s->cfg.WAYS; w++)
            used |= ways[w].state && ways[w].la == la;
        if (!used)
            return la;
    }
    return UINT64_MAX;
}

/* Picks an L1 tag update; 0 when none fits this cycle. */
static int pick_update(shadow_tags_stim_t *s, shadow_tags_in_t *in)
{
    ct_rng_t *r = &s->rng;
    uint64_t set = ct_rng_below(r, s->cfg.SETS), w = ct_rng_below(r, s->cfg.WAYS);
    st_line_t *ways = s->l1 + set * s->cfg.WAYS, *e = &ways[w];
    unsigned k = (unsigned)ct_rng_below(r, 100);
    if (e->state == 1 && k < 70) { /* the pending fill arrives */
        e->state = 2;
        in->upd_la_i = e->la;
        in->upd_v_i = 1;
    } else if (e->state == 2 && k < 25) { /* write hit: invalidate */
        e->state = 0;
        s->gone[s->ngone++ % 8] = e->la;
        in->upd_la_i = e->la;
        in->upd_v_i = 0;
    } else { /* a miss allocates the way (replacing what it held) */
        uint64_t la = fresh_line(s, set, ways);
        if (la == UINT64_MAX)
            return 0;
        if (e->state == 2)
            s->gone[s->ngone++ % 8] = e->la;
        e->la = la;
        e->state = 1;
        in->upd_la_i = la;
        in->upd_v_i = 0;
    }
    in->upd_i = 1;
    in->upd_way_i = w;
    return 1;
}

static uint64_t pick_lookup(shadow_tags_stim_t *s)
{
    ct_rng_t *r = &s->rng;
    const st_line_t *e = &s->l1[ct_rng_below(r, (uint64_t)s->cfg.SETS * s->cfg.WAYS)];
    unsigned k = (unsigned)ct_rng_below(r, 100);
    if (k < 45 && e->state)
        return e->la; /* resident or pending */
    if (k < 60 && s->ngone)
        return s->gone[ct_rng_below(r, s->ngone < 8 ? s->ngone : 8)];
    if (k < 80 && e->state)
        return alias_of(s, e->la);
    return ct_rng_next(r) & s->la_mask;
}

void shadow_tags_stim_next(shadow_tags_stim_t *s, shadow_tags_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *r = &s->rng;
    shadow_tags_in_t x = {{0}};
    if (ct_rng_below(r, 30000) == 0) { /* reset: the L1 is cleared too */
        x.rst_i = 1;
        for (size_t i = 0; i < (size_t)s->cfg.SETS * s->cfg.WAYS; i++)
            s->l1[i].state = 0;
        s->busy_left = s->cfg.SETS;
        s->ngone = 0;
        *in = x;
        in->lk_valid_i = s->hold;
        return;
    }
    int busy = s->busy_left > 0;
    if (busy)
        s->busy_left--;
    else if (ct_rng_below(r, 100) < 35)
        pick_update(s, &x);
    if (!s->hold && ct_rng_below(r, 100) < 50) {
        s->hold = 1;
        s->lk.lk_la_i = pick_lookup(s);
        s->lk.lk_core_i = ct_rng_next(r) & ct_mask(s->cfg.CORE_W);
    }
    if (s->hold) {
        x.lk_valid_i = 1;
        x.lk_la_i = s->lk.lk_la_i;
        x.lk_core_i = s->lk.lk_core_i;
        if (!busy && !x.upd_i)
            s->hold = 0; /* accepted this cycle */
    } else { /* idle request lines carry junk: it must not matter */
        x.lk_la_i = ct_rng_next(r) & s->la_mask;
        x.lk_core_i = ct_rng_next(r) & ct_mask(s->cfg.CORE_W);
    }
    if (!x.upd_i) {
        x.upd_la_i = ct_rng_next(r) & s->la_mask;
        x.upd_way_i = ct_rng_below(r, s->cfg.WAYS);
        x.upd_v_i = ct_rng_below(r, 2);
    }
    *in = x;
}
