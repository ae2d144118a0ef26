/*
 * lamar_gdu_stim.c - stimulus for LAMAR's granularity decision unit: the
 * cache controller in front of it, with a direct-mapped tag array of its own
 * (line = block address mod LINES, so hit_i and vaddr_i are what a cache
 * would give).  A directed prologue walks each rule of the page: a block miss
 * in each mode (CG fetching every sector, FG the requested ones), sector hits
 * and misses in a present block, a predicted sector referenced (PRED_REF) and
 * one evicted unreferenced (PRED_NREF), a sector fetched later (NPRED_REF),
 * an invalidation, a line index past LINES, op 3, an access without sectors
 * and an invalidation with sectors on a live line, a mode write beside a
 * miss and during a reset in mid-run, the BGP's windows closing at the
 * unit's size (rotation to FG and back); then constrained random: blocks
 * from a working set that shifts, each touching a chosen number of sectors
 * (the phases alternate FG-leaning, 1-2 sectors, and CG-leaning, 3-4), the
 * mode rewritten now and then.
 */
#include "lamar_gdu.h"

#include <stdlib.h>
#include <string.h>

#include "ct_rng.h"
#include "ct_script.h"

struct lamar_gdu_stim {
    lamar_gdu_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    unsigned lines, span, smask;
    uint64_t amask, *tag;   /* the controller's tag array: address + 1, 0 invalid */
    uint64_t base;          /* the working set's first block */
    unsigned phase, left, rst_left;
};

/* The controller: an access of block a (sectors sec) to its line; fills in
 * in; keeps the tag array. */
static void access(lamar_gdu_stim_t *s, lamar_gdu_in_t *in, uint64_t a, unsigned sec)
{
    unsigned line = (unsigned)(a % s->lines);
    in->op_i = LAMAR_GDU_ACCESS;
    in->line_i = line;
    in->addr_i = a & s->amask;
    in->sec_i = sec & s->smask;
    in->hit_i = s->tag[line] == (a & s->amask) + 1;
    in->vaddr_i = s->tag[line] ? s->tag[line] - 1 : 0;
    if (sec & s->smask)
        s->tag[line] = (a & s->amask) + 1;
}

static void inval(lamar_gdu_stim_t *s, lamar_gdu_in_t *in, unsigned line)
{
    in->op_i = LAMAR_GDU_INVAL;
    in->line_i = line;
    in->vaddr_i = s->tag[line] ? s->tag[line] - 1 : 0;
    s->tag[line] = 0;
}

static void push(lamar_gdu_stim_t *s, const lamar_gdu_in_t *in, const char *note)
{
    ct_script_push(&s->dir, in->v, note);
}

static void acc(lamar_gdu_stim_t *s, uint64_t a, unsigned sec, const char *note)
{
    lamar_gdu_in_t in;
    memset(&in, 0, sizeof in);
    access(s, &in, a, sec);
    push(s, &in, note);
}

static void mode(lamar_gdu_stim_t *s, unsigned md, const char *note)
{
    lamar_gdu_in_t in;
    memset(&in, 0, sizeof in);
    in.mode_wr_i = 1;
    in.mode_i = md;
    push(s, &in, note);
}

static void directed(lamar_gdu_stim_t *s)
{
    lamar_gdu_in_t in;
    memset(&in, 0, sizeof in);
    in.rst_i = 1;
    push(s, &in, "reset: every line invalid, mode dynamic, counts 0");
    uint64_t L = s->lines;
    mode(s, LAMAR_GDU_CG, "CG-only");
    acc(s, 1, 1, "a block miss: CG fetches every sector (1 DEMAND, the rest predicted)");
    acc(s, 1, 2, "a predicted sector referenced: PRED_REF");
    acc(s, 1 + L, 1, "the line's block replaced: its unreferenced predicted sectors are PRED_NREF");
    mode(s, LAMAR_GDU_FG, "FG-only");
    acc(s, 2, 1, "a block miss: FG fetches the requested sector only");
    acc(s, 2, 1, "a sector hit");
    acc(s, 2, s->smask & 6, "a sector miss in a present block: FG fetches it (DEMAND and NPRED_REF)");
    mode(s, LAMAR_GDU_CG, "CG-only again");
    acc(s, 2, s->smask & 8 ? 8 : 2, "a sector miss, CG: every missing sector");
    mode(s, LAMAR_GDU_DYN, "dynamic: the BGP decides (default CG)");
    acc(s, 3, 1, "a block miss: the BGP predicts the default, CG");
    memset(&in, 0, sizeof in);
    inval(s, &in, 3 % s->lines);
    push(s, &in, "an invalidation: the block leaves, into the BGP (low locality: inserted)");
    acc(s, 4, 0, "an access with no sector: nothing");
    for (uint64_t l = s->lines; l < s->span && l < s->lines + 2; l++) {
        memset(&in, 0, sizeof in);
        in.op_i = LAMAR_GDU_ACCESS;
        in.line_i = l;
        in.sec_i = 1;
        push(s, &in, "a line index past LINES: nothing");
    }
    unsigned l5 = (unsigned)(5 % L);
    acc(s, 5, 1, "a block miss (dynamic): the line of block 5 live");
    memset(&in, 0, sizeof in);
    in.op_i = 3;
    in.line_i = l5;
    in.sec_i = s->smask;
    in.hit_i = 1;
    in.addr_i = 5;
    in.vaddr_i = 5;
    push(s, &in, "op 3 on the live line, every sector, a tag match: as NOP, nothing happens");
    memset(&in, 0, sizeof in);
    in.op_i = LAMAR_GDU_ACCESS;
    in.line_i = l5;
    in.addr_i = (5 + L) & s->amask;
    in.vaddr_i = 5;
    push(s, &in, "an access with no sector to another block of the live line: nothing, no eviction");
    acc(s, 5, s->smask, "block 5 is still there: its sectors hit (or the missing ones fetched)");
    memset(&in, 0, sizeof in);
    inval(s, &in, l5);
    in.sec_i = s->smask;
    push(s, &in, "an invalidation with sector bits set: the bits are ignored, the block leaves");
    mode(s, LAMAR_GDU_CG, "CG-only");
    memset(&in, 0, sizeof in);
    access(s, &in, 32 * L + 1, 1); /* a block not yet seen */
    in.mode_wr_i = 1;
    in.mode_i = LAMAR_GDU_FG;
    push(s, &in, "a mode write (FG) beside a block miss: the miss uses CG, the mode before the edge");
    acc(s, 32 * L + 2, 1, "FG-only now: a block miss fetches the requested sector");
    memset(&in, 0, sizeof in);
    in.rst_i = 1;
    in.mode_wr_i = 1;
    in.mode_i = LAMAR_GDU_CG;
    push(s, &in, "a reset in mid-run with a mode write (CG): reset wins, the mode is dynamic");
    /* the BGP's windows at the unit's size: block misses on a few lines,
     * each evicting the line's last block; WIN evictions of low locality
     * (one sector used, inserted under the default CG) rotate the default
     * to FG, WIN more of high locality (every sector) back to CG */
    uint64_t win = s->cfg.WIN, m = win / 8 < 8 ? win / 8 : 8;
    if (m > L)
        m = L;
    if (m == 0)
        m = 1;
    uint64_t base = 64 * L;
    for (uint64_t k = 0; k < m + 2 * win && !ct_script_full(&s->dir); k++) {
        int second = k >= m + win;
        acc(s, base + k * L + k % m, second ? s->smask : 1,
            k == 0       ? "after the reset every line is invalid: block misses fill, then evict blocks of one "
                           "used sector (dynamic, default CG: low locality, inserted)"
            : k == m + win - 1 ? "the window's last eviction: every one inserted, the default rotates to FG"
            : k == m + win     ? "dynamic, default FG: blocks of every sector (high locality, inserted once the "
                                 "first window's blocks are gone)"
            : k == m + 2 * win - 1 ? "the second window's last eviction: the default rotates back to CG"
                                   : NULL);
    }
    mode(s, 3, "mode 3: as 0, dynamic");
    acc(s, base + (m + 2 * win) * L, 1, "a block miss under mode 3: the BGP decides (default CG)");
}

lamar_gdu_stim_t *lamar_gdu_stim_new(const lamar_gdu_cfg_t *c, uint64_t seed)
{
    lamar_gdu_stim_t *s = calloc(1, sizeof *s);
    if (s)
        s->tag = calloc(c->LINES, sizeof *s->tag);
    if (!s || !s->tag) {
        if (s)
            free(s->tag);
        free(s);
        return NULL;
    }
    s->cfg = *c;
    s->dir.n_in = LAMAR_GDU_IN_WORDS;
    ct_rng_seed(&s->rng, seed);
    s->lines = c->LINES;
    s->span = 1u << ct_clog2(c->LINES);
    s->smask = (1u << c->SECT) - 1;
    s->amask = ct_mask(c->ADDR_W);
    directed(s);
    return s;
}

void lamar_gdu_stim_free(lamar_gdu_stim_t *s)
{
    if (s) {
        ct_script_free(&s->dir);
        free(s->tag);
    }
    free(s);
}

void lamar_gdu_stim_next(lamar_gdu_stim_t *s, lamar_gdu_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note)) {
        if (in->rst_i)
            memset(s->tag, 0, s->lines * sizeof *s->tag);
        return;
    }
    ct_rng_t *g = &s->rng;
    memset(in, 0, sizeof *in);
    if (!s->left) {
        s->phase = (unsigned)ct_rng_below(g, 2); /* 0 FG-leaning, 1 CG-leaning */
        s->left = 2000 + (unsigned)ct_rng_below(g, 6000);
        s->base = ct_rng_next(g) & s->amask;
    }
    s->left--;
    if (!s->rst_left && ct_rng_below(g, 40000) == 0)
        s->rst_left = 1;
    if (s->rst_left) {
        s->rst_left--;
        in->rst_i = 1;
        memset(s->tag, 0, s->lines * sizeof *s->tag);
        return;
    }
    if (ct_rng_below(g, 3000) == 0) {
        unsigned k = (unsigned)ct_rng_below(g, 10);
        in->mode_wr_i = 1;
        in->mode_i = k < 6 ? LAMAR_GDU_DYN : k < 8 ? LAMAR_GDU_CG : k < 9 ? LAMAR_GDU_FG : 3;
    }
    unsigned k = (unsigned)ct_rng_below(g, 100);
    if (k < 8)
        return; /* idle */
    if (k < 10) {
        inval(s, in, (unsigned)ct_rng_below(g, s->lines));
        return;
    }
    if (k < 11) { /* any index, past LINES included */
        in->op_i = LAMAR_GDU_ACCESS;
        in->line_i = ct_rng_below(g, s->span);
        in->sec_i = 1;
        in->hit_i = ct_rng_below(g, 2);
        return;
    }
    /* a block of the working set (twice the cache: misses and reuse) */
    uint64_t a = s->base + ct_rng_below(g, 2 * s->lines + 1);
    unsigned sec;
    if (s->phase == 0) /* FG-leaning: one sector, now and then two */
        sec = 1u << ct_rng_below(g, s->cfg.SECT), sec |= ct_rng_below(g, 5) ? 0 : 1u << ct_rng_below(g, s->cfg.SECT);
    else               /* CG-leaning: most sectors */
        sec = s->smask & ~(ct_rng_below(g, 3) ? 0u : 1u << ct_rng_below(g, s->cfg.SECT));
    access(s, in, a, sec);
    *note = NULL;
}
