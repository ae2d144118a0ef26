/*
 * ata_tags_stim.c - stimulus for the aggregated tag array: what the
 * cluster's cores and L1s present to it.  A directed prologue (the paper's
 * working example, the three distribution cases of Fig. 7 and the local
 * refill after a remote hit, writes, both dirty redirects, an update
 * colliding with a compare, the rotating remote choice, all cores on one
 * set, reset in mid-run), then constrained random traffic: every core
 * requests (reads and writes) tags drawn from what the arrays hold and from
 * a small per-set pool, and every L1 fills, replaces and invalidates entries
 * of its own array, refilling locally after a remote hit as Fig. 7(a) says.
 * The stimulus keeps its own copy of the arrays (updates are applied at the
 * edge, so it knows exactly what each request will find).  Fields of idle
 * requests and updates carry random junk: it must not matter.
 */
#include "ata_tags.h"

#include <stdlib.h>
#include <string.h>

#include "ct_rng.h"
#include "ct_script.h"

struct ata_tags_stim {
    ata_tags_cfg_t cfg;
    ct_rng_t rng;
    ct_script_t dir;
    unsigned n, sets, ways, set_w, way_w, pool;
    uint8_t *v;         /* n x sets x ways: the arrays as the block holds them */
    uint64_t *tag;
    int refill[32];     /* core a refills a line after a remote hit ... */
    uint64_t rf_set[32], rf_tag[32];
};

/* ---------------------------------------------------------------- rows */

typedef struct {
    ata_tags_stim_t *s;
    ata_tags_in_t in;
} row_t;

static void row_begin(row_t *w, ata_tags_stim_t *s)
{
    memset(w, 0, sizeof *w);
    w->s = s;
}

static void req(row_t *w, unsigned r, int wr, uint64_t set, uint64_t tag)
{
    const ata_tags_stim_t *s = w->s;
    if (r >= s->n)
        return;
    w->in.req_v_i |= UINT64_C(1) << r;
    w->in.req_wr_i |= (uint64_t)(wr & 1) << r;
    ata_set_field(w->in.req_set_i, r, s->set_w, set & (s->sets - 1));
    ata_set_field(w->in.req_tag_i, r, s->cfg.TAG_W, tag);
}

/* Applies an update to the stimulus' copy as well. */
static void upd(row_t *w, unsigned a, int fill, uint64_t set, uint64_t way, uint64_t tag)
{
    ata_tags_stim_t *s = w->s;
    if (a >= s->n)
        return;
    set &= s->sets - 1;
    way &= s->ways - 1;
    tag &= ct_mask(s->cfg.TAG_W);
    w->in.upd_v_i |= UINT64_C(1) << a;
    w->in.upd_fill_i |= (uint64_t)(fill & 1) << a;
    ata_set_field(w->in.upd_set_i, a, s->set_w, set);
    ata_set_field(w->in.upd_way_i, a, s->way_w, way);
    ata_set_field(w->in.upd_tag_i, a, s->cfg.TAG_W, tag);
    size_t e = ((size_t)a * s->sets + set) * s->ways + way;
    s->v[e] = (uint8_t)(fill & 1);
    if (fill)
        s->tag[e] = tag;
}

static void row_end(row_t *w, const char *note) { ct_script_push(&w->s->dir, w->in.v, note); }

static void clear_copy(ata_tags_stim_t *s)
{
    memset(s->v, 0, (size_t)s->n * s->sets * s->ways);
    memset(s->refill, 0, sizeof s->refill);
}

static void reset_row(ata_tags_stim_t *s, const char *note)
{
    row_t w;
    row_begin(&w, s);
    w.in.rst_i = 1;
    clear_copy(s);
    row_end(&w, note);
}

/* ------------------------------------------------------------- directed */

static void directed(ata_tags_stim_t *s)
{
    const unsigned n = s->n, W = s->ways;
    const uint64_t A = 0x0a, B = 0x0b, C = 0x0c, D = 0x0d, E = 0x0e;
    row_t w;
    reset_row(s, "reset");
    row_begin(&w, s);
    upd(&w, 0, 1, 0, 0, A);
    upd(&w, 1, 1, 1, 2 % W, B);
    row_end(&w, "working example (Sec. III-B): fill tag A into array 0 set 0, tag B into array 1 set 1");
    row_begin(&w, s);
    upd(&w, 0, 1, 1, 1 % W, B);
    row_end(&w, "... and tag B into array 0 set 1");
    row_begin(&w, s);
    req(&w, 0, 0, 0, A);
    req(&w, 1, 0, 1, B);
    row_end(&w, "Req-1 (core 0, set 0, tag A): hit vector [1,0] -> LOCAL; Req-2 (core 1, set 1, tag B): [1,1] -> LOCAL");
    row_begin(&w, s);
    upd(&w, 1, 1, 1, 0, C);
    row_end(&w, "Fig. 7(a): fill tag C into array 1 only");
    row_begin(&w, s);
    req(&w, 0, 0, 1, C);
    row_end(&w, "Fig. 7(a): core 0 reads C: hit vector [0,1] -> REMOTE, array 1");
    row_begin(&w, s);
    upd(&w, 0, 1, 1, 3 % W, C);
    row_end(&w, "its remote read (rrd_o); the L1 of core 0 fills C locally");
    row_begin(&w, s);
    req(&w, 0, 0, 1, C);
    row_end(&w, "Fig. 7(b): core 0 reads C again: [1,1] -> LOCAL (local has priority)");
    row_begin(&w, s);
    req(&w, 0, 0, 0, D);
    row_end(&w, "Fig. 7(c): core 0 reads D, held nowhere: [0,0] -> L2");
    row_begin(&w, s);
    req(&w, 1, 1, 0, A);
    row_end(&w, "core 1 writes A, held only by array 0: -> L2, never a remote cache");
    row_begin(&w, s);
    req(&w, 0, 1, 0, A);
    row_end(&w, "core 0 writes A: a local write hit -> LOCAL");
    row_begin(&w, s);
    req(&w, 1, 0, 0, A);
    req(&w, 0, 1, 0, A);
    row_end(&w, "dirty: core 1 reads A remotely (array 0) while core 0 writes A locally ...");
    row_begin(&w, s);
    row_end(&w, "... so the remote read finds it modified: rl2_o, the request goes to L2");
    row_begin(&w, s);
    req(&w, 1, 0, 0, A);
    upd(&w, 0, 0, 0, 0, 0);
    row_end(&w, "core 1 reads A remotely while L1 0 invalidates it ...");
    row_begin(&w, s);
    req(&w, 1, 0, 0, A);
    row_end(&w, "... rl2_o; and A now misses everywhere: L2");
    row_begin(&w, s);
    upd(&w, 0, 1, 0, 0, A);
    req(&w, 0, 0, 0, A);
    row_end(&w, "L1 0 fills A while core 0 compares A: the compare sees the array before the edge (L2)");
    row_begin(&w, s);
    req(&w, 0, 0, 0, A);
    row_end(&w, "the next cycle it hits: LOCAL");
    if (n >= 3) {
        row_begin(&w, s);
        for (unsigned a = 1; a < n; a++)
            upd(&w, a, 1, 0, 1 % W, E);
        row_end(&w, "fill tag E into set 0 of every array but 0");
        for (unsigned k = 0; k + 1 < n && k < 8; k++) {
            row_begin(&w, s);
            req(&w, 0, 0, 0, E);
            row_end(&w, k ? NULL : "core 0 reads E again and again: the remote holders serve in turn (rotation)");
        }
    }
    row_begin(&w, s);
    for (unsigned r = 0; r < n; r++)
        req(&w, r, 0, 0, r & 1 ? A : E);
    row_end(&w, "every core selects set 0 in one cycle: no conflict, every bank feeds every selector");
    if (W >= 2) {
        row_begin(&w, s);
        upd(&w, 0, 1, 0, W - 1, D);
        row_end(&w, "a tag held twice in one set (an L1 never does this; the rule makes it defined): D into way WAYS-1 ...");
        row_begin(&w, s);
        upd(&w, 0, 1, 0, W - 2, D);
        row_end(&w, "... and into way WAYS-2 of array 0 set 0");
        row_begin(&w, s);
        req(&w, 0, 0, 0, D);
        if (n >= 2)
            req(&w, 1, 0, 0, D);
        row_end(&w, "reads of D report the lowest matching way, WAYS-2 (core 0 LOCAL, core 1 REMOTE)");
    }
    row_begin(&w, s);
    upd(&w, 0, 1, 1, 0, D);
    row_end(&w, "reset in mid-run");
    reset_row(s, NULL);
    row_begin(&w, s);
    req(&w, 0, 0, 0, A);
    row_end(&w, "after reset nothing is valid: L2");
}

ata_tags_stim_t *ata_tags_stim_new(const ata_tags_cfg_t *c, uint64_t seed)
{
    ata_tags_stim_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    size_t e = (size_t)c->CORES * c->SETS * c->WAYS;
    s->v = calloc(e, 1);
    s->tag = calloc(e, sizeof *s->tag);
    if (!s->v || !s->tag) {
        ata_tags_stim_free(s);
        return NULL;
    }
    s->cfg = *c;
    s->dir.n_in = ATA_TAGS_IN_WORDS;
    s->n = c->CORES;
    s->sets = c->SETS;
    s->ways = c->WAYS;
    s->set_w = ATA_TAGS_SET_W(c);
    s->way_w = ATA_TAGS_WAY_W(c);
    s->pool = c->WAYS + 2;
    ct_rng_seed(&s->rng, seed);
    directed(s);
    return s;
}

void ata_tags_stim_free(ata_tags_stim_t *s)
{
    if (s) {
        ct_script_free(&s->dir);
        free(s->v);
        free(s->tag);
    }
    free(s);
}

/* --------------------------------------------------------------- random */

/* The k-th tag of a set's pool: a mix of set and k, so sets differ. */
static uint64_t pool_tag(const ata_tags_stim_t *s, uint64_t set, uint64_t k)
{
    uint64_t x = (set + 1) * UINT64_C(0x9E3779B97F4A7C15) ^ (k + 1) * UINT64_C(0xC2B2AE3D27D4EB4F);
    x ^= x >> 29;
    return x & ct_mask(s->cfg.TAG_W);
}

/* Way of array a, set `set` holding tag, or -1. */
static int find(const ata_tags_stim_t *s, unsigned a, uint64_t set, uint64_t tag)
{
    size_t e = ((size_t)a * s->sets + set) * s->ways;
    for (unsigned w = 0; w < s->ways; w++)
        if (s->v[e + w] && s->tag[e + w] == tag)
            return (int)w;
    return -1;
}

static uint64_t pick_tag(ata_tags_stim_t *s, unsigned r, uint64_t set)
{
    ct_rng_t *g = &s->rng;
    unsigned k = (unsigned)ct_rng_below(g, 100);
    if (k < 65) { /* something an array holds: own array 1 in 4 */
        unsigned a = k < 16 ? r : (unsigned)ct_rng_below(g, s->n);
        size_t e = ((size_t)a * s->sets + set) * s->ways + ct_rng_below(g, s->ways);
        if (s->v[e])
            return s->tag[e];
    }
    return pool_tag(s, set, ct_rng_below(g, s->pool));
}

void ata_tags_stim_next(ata_tags_stim_t *s, ata_tags_in_t *in, const char **note)
{
    if (ct_script_next(&s->dir, in->v, note))
        return;
    ct_rng_t *g = &s->rng;
    row_t w;
    row_begin(&w, s);
    if (ct_rng_below(g, 20000) == 0) {
        w.in.rst_i = 1;
        clear_copy(s);
        *in = w.in;
        return;
    }
    /* junk in every field first; requests and updates overwrite theirs */
    for (unsigned k = 0; k < ATA_TAGS_IN_WORDS; k++)
        w.in.v[k] = ct_rng_next(g);
    w.in.rst_i = 0;
    w.in.req_v_i = w.in.req_wr_i = w.in.upd_v_i = w.in.upd_fill_i = 0;
    /* requests: compare against the arrays before this cycle's updates */
    int refill[32] = {0};
    uint64_t rf_set[32] = {0}, rf_tag[32] = {0};
    for (unsigned r = 0; r < s->n; r++) {
        if (ct_rng_below(g, 100) >= 70)
            continue;
        int wr = ct_rng_below(g, 100) < 20;
        uint64_t set = ct_rng_below(g, s->sets), tag = pick_tag(s, r, set);
        req(&w, r, wr, set, tag);
        if (!wr && find(s, r, set, tag) < 0) {
            for (unsigned a = 0; a < s->n; a++)
                if (a != r && find(s, a, set, tag) >= 0 && ct_rng_below(g, 100) < 70) {
                    refill[r] = 1; /* a remote hit: core r's L1 refills the line */
                    rf_set[r] = set;
                    rf_tag[r] = tag;
                    break;
                }
        }
    }
    /* updates: last cycle's refills first, else fills, replacements and
     * invalidations of random entries */
    for (unsigned a = 0; a < s->n; a++) {
        uint64_t way = ct_rng_below(g, s->ways);
        if (s->refill[a]) {
            if (find(s, a, s->rf_set[a], s->rf_tag[a]) < 0)
                upd(&w, a, 1, s->rf_set[a], way, s->rf_tag[a]);
            continue;
        }
        if (ct_rng_below(g, 100) >= 20)
            continue;
        uint64_t set = ct_rng_below(g, s->sets);
        size_t e = ((size_t)a * s->sets + set) * s->ways + way;
        uint64_t tag = pool_tag(s, set, ct_rng_below(g, s->pool));
        if ((s->v[e] && ct_rng_below(g, 100) < 30) || find(s, a, set, tag) >= 0)
            upd(&w, a, 0, set, way, 0); /* an L1 never holds a tag twice in a set */
        else
            upd(&w, a, 1, set, way, tag);
    }
    memcpy(s->refill, refill, sizeof refill);
    memcpy(s->rf_set, rf_set, sizeof rf_set);
    memcpy(s->rf_tag, rf_tag, sizeof rf_tag);
    *in = w.in;
}
