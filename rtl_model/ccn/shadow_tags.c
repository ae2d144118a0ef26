/*
 * shadow_tags.c - C model of the CCN shadow tags (see shadow_tags.h).
 *
 * State, as in the RTL: the memory (valid + tag per entry), the sweep (busy,
 * row), and the accepted lookup held for the compare one cycle later (valid,
 * tag, core) together with the row the memory read for it.  The C model
 * keeps the read row as a copy, exactly the RTL's synchronous read register.
 */
#include "shadow_tags.h"

#include "ct_cov.h"

#include <stdlib.h>
#include <string.h>

struct shadow_tags {
    shadow_tags_cfg_t cfg;
    unsigned sets, ways, shift;
    uint64_t la_mask, core_mask;
    uint8_t *v;      /* sets x ways */
    uint64_t *tag;   /* sets x ways */
    /* sweep */
    int busy;
    uint32_t sweep;
    /* the accepted lookup: valid, stored-tag part, core, and the row read:
     * the row register holds row prow of the memory as it stood at the
     * read's edge, and the memory cannot change before the compare uses it
     * (an update and an accepted lookup never share a cycle, the sweep
     * accepts none), so the model compares against the memory's row */
    int pv;
    uint64_t ptag, pcore;
    size_t prow;
    /* run instruments (not hardware) */
    uint64_t *la;        /* sets x ways: line address last written */
    uint64_t pla;        /* the lookup's address */
    int pinval;          /* the lookup's line was last written as invalid */
    unsigned wait;       /* cycles the presented lookup has waited */
    shadow_tags_cov_t cov;
};

CT_SPEC_CONFIG(shadow_tags, SHADOW_TAGS)

/* What the cycle reads of the configuration: the model's copies, or, in a
 * build specialised to one preset (CT_SPEC, ct_desc.h), constants. */
#define SPEC_ CT_SPEC_CFG(shadow_tags)
#define SETS_(m) CT_K((m)->sets, SPEC_->SETS)
#define WAYS_(m) CT_K((m)->ways, SPEC_->WAYS)
#define SHIFT_(m) CT_K((m)->shift, SPEC_->LA_W - SPEC_->TAG_W)
#define LA_MASK_(m) CT_K((m)->la_mask, ct_mask(SPEC_->LA_W))
#define CORE_MASK_(m) CT_K((m)->core_mask, ct_mask(SPEC_->CORE_W))

uint32_t shadow_tags_set(const shadow_tags_cfg_t *c, uint64_t la)
{
    return (uint32_t)((la & ct_mask(c->LA_W)) % c->SETS);
}

uint64_t shadow_tags_tag(const shadow_tags_cfg_t *c, uint64_t la)
{
    return (la & ct_mask(c->LA_W)) >> (c->LA_W - c->TAG_W);
}

int shadow_tags_aliasing(const shadow_tags_cfg_t *c)
{
    /* 2^l line addresses share a stored tag (their low l bits differ); two of
     * them fall into one set iff they are more than SETS: they are
     * consecutive.  l <= LA_W - 1 <= 57 by the parameter ranges (and TAG_W <=
     * LA_W by the check below): the shift is defined. */
    unsigned l = c->LA_W - c->TAG_W;
    return (UINT64_C(1) << l) > c->SETS;
}

int shadow_tags_check(const shadow_tags_cfg_t *c, char *err, size_t errlen)
{
    if (c->TAG_W > c->LA_W) {
        snprintf(err, errlen, "parameter TAG_W=%lu is wider than the line address "
                              "LA_W=%lu it is taken from", (unsigned long)c->TAG_W,
                 (unsigned long)c->LA_W);
        return -1;
    }
    if (c->WAYS & (c->WAYS - 1)) {
        snprintf(err, errlen, "parameter WAYS=%lu is not a power of two",
                 (unsigned long)c->WAYS);
        return -1;
    }
    if (c->LA_W < 13 && c->SETS > (UINT32_C(1) << c->LA_W)) {
        snprintf(err, errlen, "parameter SETS=%lu exceeds the %lu line addresses "
                              "LA_W=%lu can name", (unsigned long)c->SETS,
                 (unsigned long)(UINT32_C(1) << c->LA_W), (unsigned long)c->LA_W);
        return -1;
    }
    return 0;
}

shadow_tags_t *shadow_tags_new(const shadow_tags_cfg_t *c, char *err, size_t errlen)
{
    if (shadow_tags_validate(c, err, errlen))
        return NULL;
    shadow_tags_t *m = calloc(1, sizeof *m);
    size_t n = (size_t)c->SETS * c->WAYS;
    if (m) {
        m->v = calloc(n, 1);
        m->tag = calloc(n, sizeof *m->tag);
        m->la = calloc(n, sizeof *m->la);
    }
    if (!m || !m->v || !m->tag || !m->la) {
        shadow_tags_free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *c;
    m->sets = c->SETS;
    m->ways = c->WAYS;
    m->shift = c->LA_W - c->TAG_W;
    m->la_mask = ct_mask(c->LA_W);
    m->core_mask = ct_mask(c->CORE_W);
    /* power-up: the memory holds anything; nothing reads it before the
     * sweep that follows the first reset has cleared it */
    m->busy = 1;
    return m;
}

void shadow_tags_free(shadow_tags_t *m)
{
    if (!m)
        return;
    free(m->v);
    free(m->tag);
    free(m->la);
    free(m);
}

/* The response to the accepted lookup (none held: no hit): its compare
 * against the row read for it, the lowest hit way. */
static int compare(const shadow_tags_t *m, unsigned *way)
{
    *way = 0;
    if (!m->pv)
        return 0;
    const uint8_t *v = m->v + m->prow;
    const uint64_t *tag = m->tag + m->prow;
    for (unsigned w = 0; w < WAYS_(m); w++)
        if (v[w] && tag[w] == m->ptag) {
            *way = w;
            return 1;
        }
    return 0;
}

/* The outputs of a cycle outside reset, the response's compare given. */
static void outputs(const shadow_tags_t *m, const shadow_tags_in_t *in, int hit, unsigned way,
                    shadow_tags_out_t *o)
{
    memset(o, 0, sizeof *o);
    o->busy_o = (uint64_t)m->busy;
    o->lk_ready_o = !m->busy && !(in->upd_i & 1);
    if (m->pv) {
        o->rsp_valid_o = 1;
        o->rsp_hit_o = (uint64_t)hit;
        o->rsp_way_o = way;
        o->rsp_core_o = m->pcore;
    }
}

void shadow_tags_eval(const shadow_tags_t *m, const shadow_tags_in_t *in,
                      shadow_tags_out_t *o)
{
    if (in->rst_i & 1) {
        memset(o, 0, sizeof *o);
        return;
    }
    unsigned way;
    int hit = compare(m, &way);
    outputs(m, in, hit, way, o);
}

/* Coverage of the response shown this cycle (its compare given) and of this
 * cycle's requests. */
static void cover(shadow_tags_t *m, const shadow_tags_in_t *in, int upd, int lk, int hit,
                  unsigned way)
{
    shadow_tags_cov_t *cv = &m->cov;
    if (m->pv) {
        if (hit) {
            cv->hit_way[way]++;
            cv->bin[ST_COV_ALIAS_HIT] += m->la[m->prow + way] != m->pla;
        } else {
            cv->bin[ST_COV_MISS]++;
            cv->bin[ST_COV_INVAL_MISS] += m->pinval;
        }
    }
    if (lk && m->busy)
        cv->bin[ST_COV_BUSY_WAIT]++;
    if (lk && upd && !m->busy)
        cv->bin[ST_COV_COLLISION]++;
    if (upd && !m->busy)
        cv->bin[(in->upd_v_i & 1) ? ST_COV_UPD_FILL : ST_COV_UPD_INVAL]++;
}

static void reset(shadow_tags_t *m)
{
    m->busy = 1;
    m->sweep = 0;
    m->pv = 0;
    m->wait = 0;
}

/* The rising edge of a cycle outside reset, the response's compare given. */
static void advance(shadow_tags_t *m, const shadow_tags_in_t *in, int hit, unsigned way)
{
    int upd = (int)(in->upd_i & 1), lk = (int)(in->lk_valid_i & 1);
    cover(m, in, upd, lk, hit, way);
    if (m->busy) { /* the sweep clears row `sweep`; nothing else */
        size_t r = (size_t)m->sweep * WAYS_(m);
        memset(m->v + r, 0, WAYS_(m));
        memset(m->tag + r, 0, WAYS_(m) * sizeof *m->tag);
        for (unsigned w = 0; w < WAYS_(m); w++)
            m->la[r + w] = UINT64_MAX; /* written by no update */
        m->busy = m->sweep != SETS_(m) - 1;
        m->sweep++;
        m->pv = 0;
        m->wait = lk ? m->wait + 1 : 0;
        return;
    }
    if (upd) { /* an update takes the port */
        uint64_t la = in->upd_la_i & LA_MASK_(m);
        size_t e = (size_t)(la % SETS_(m)) * WAYS_(m) + (in->upd_way_i & (WAYS_(m) - 1));
        m->v[e] = (uint8_t)(in->upd_v_i & 1);
        m->tag[e] = la >> SHIFT_(m);
        m->la[e] = la;
        m->pv = 0;
        m->wait = lk ? m->wait + 1 : 0;
        return;
    }
    m->pv = lk;
    if (!lk) {
        m->wait = 0;
        return;
    }
    /* a lookup is accepted: read its row */
    if (m->wait == 1)
        m->cov.bin[ST_COV_WAIT1]++;
    else if (m->wait >= 2)
        m->cov.bin[ST_COV_WAIT2]++;
    m->wait = 0;
    uint64_t la = in->lk_la_i & LA_MASK_(m);
    size_t r = (size_t)(la % SETS_(m)) * WAYS_(m);
    m->ptag = la >> SHIFT_(m);
    m->pcore = in->lk_core_i & CORE_MASK_(m);
    m->pla = la;
    m->prow = r;
    m->pinval = 0;
    for (unsigned w = 0; w < WAYS_(m); w++)
        m->pinval |= !m->v[r + w] && m->la[r + w] == la;
}

void shadow_tags_step(shadow_tags_t *m, const shadow_tags_in_t *in)
{
    if (in->rst_i & 1) {
        reset(m);
        return;
    }
    unsigned way;
    int hit = compare(m, &way);
    advance(m, in, hit, way);
}

/* One cycle, one compare for the outputs and the edge: the body of _run's
 * loop and _cycle. */
static inline void cycle(shadow_tags_t *m, const shadow_tags_in_t *in, shadow_tags_out_t *out)
{
    if (in->rst_i & 1) {
        memset(out, 0, sizeof *out);
        reset(m);
        return;
    }
    unsigned way;
    int hit = compare(m, &way);
    outputs(m, in, hit, way, out);
    advance(m, in, hit, way);
}

void shadow_tags_cycle(shadow_tags_t *m, const shadow_tags_in_t *in, shadow_tags_out_t *out)
{
    cycle(m, in, out);
}

void shadow_tags_run(shadow_tags_t *m, const shadow_tags_in_t *in, shadow_tags_out_t *out,
                     size_t n)
{
    for (size_t i = 0; i < n; i++)
        cycle(m, &in[i], &out[i]);
}

/* ---------------------------------------------------------- instruments */

void shadow_tags_coverage(const shadow_tags_t *m, shadow_tags_cov_t *cov) { *cov = m->cov; }

static const char *const bin_name[ST_COV_N] = {
    "miss", "collision", "wait=1", "wait>=2", "lookup-during-sweep",
    "invalidate-then-lookup", "alias-hit", "fill", "invalidate"};

int shadow_tags_cov_check(const shadow_tags_cfg_t *c, const shadow_tags_cov_t *cov, FILE *f)
{
    int holes = 0;
    fprintf(f, "coverage: hits per way");
    for (unsigned w = 0; w < c->WAYS && w < 16; w++) {
        fprintf(f, " %u:%llu%s", w, (unsigned long long)cov->hit_way[w],
                cov->hit_way[w] ? "" : " (HOLE)");
        holes += !cov->hit_way[w];
    }
    int required[ST_COV_N];
    for (unsigned b = 0; b < ST_COV_N; b++)
        required[b] = b != ST_COV_ALIAS_HIT || shadow_tags_aliasing(c);
    fprintf(f, "\ncoverage:");
    holes += ct_cov_bins(f, bin_name, cov->bin, required, ST_COV_N, "not possible: alias-free");
    ct_cov_verdict(f, holes);
    return holes;
}

int shadow_tags_report(const shadow_tags_t *m, FILE *f)
{
    return shadow_tags_cov_check(&m->cfg, &m->cov, f);
}

CT_DEFINE_BLOCK_RC(shadow_tags, SHADOW_TAGS, shadow_tags_report, 15,
                   "one per SM, CCN [004]'s 15-core GPU")
