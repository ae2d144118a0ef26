/*
 * ata_tags.c - C model of ATA-Cache's aggregated tag array (see ata_tags.h).
 *
 * State, as in the RTL: per array a and set s a bank of WAYS {valid, tag}
 * entries; per requesting core its rotation pointer and its read stage
 * (rrd, rl2).  The compare of one cycle is a pure function of that state
 * and the cycle's inputs (compare()), shared by _eval and _step.
 */
#include "ata_tags.h"

#include "ct_asan.h"
#include "ct_cov.h"

#include <stdlib.h>
#include <string.h>

/* The arrays as compare keys, one word per entry, laid out [set][array][way]
 * so that one request's compare reads one contiguous run of n x stride words
 * (a way count padded to ATA_LANES with invalid entries).  Key of an entry:
 * lo = tag bits [30:0] << 1 | valid, hi = tag bits [47:31] (only when
 * TAG_W > 31); an invalid entry's key is 0, a request's key has bit 0 set,
 * so an invalid entry never hits.  (The RTL keeps an invalid entry's tag; no
 * output can show it.) */
#define ATA_LANES 4u
/* ways per array row: WAYS padded to a multiple of ATA_LANES */
#define ATA_STRIDE(ways) (((ways) + ATA_LANES - 1) / ATA_LANES * ATA_LANES)

struct ata_tags {
    ata_tags_cfg_t cfg;
    unsigned n, sets, ways, stride, tag_w, set_w, way_w, core_w;
    uint32_t *lo; /* sets x n x stride */
    uint32_t *hi; /* the same for tag bits above 31; NULL when TAG_W <= 31 */
    uint8_t ptr[32];
    uint32_t rrd, rl2;
    ata_tags_cov_t cov; /* run instruments (not hardware) */
};

CT_SPEC_CONFIG(ata_tags, ATA_TAGS)

/* What the cycle reads of the configuration: the model's copies, or, in a
 * build specialised to one preset (CT_SPEC, ct_desc.h), constants. */
#define SPEC_ CT_SPEC_CFG(ata_tags)
#define N_(m) CT_K((m)->n, SPEC_->CORES)
#define SETS_(m) CT_K((m)->sets, SPEC_->SETS)
#define WAYS_(m) CT_K((m)->ways, SPEC_->WAYS)
#define STRIDE_(m) CT_K((m)->stride, ATA_STRIDE(SPEC_->WAYS))
#define TAG_W_(m) CT_K((m)->tag_w, SPEC_->TAG_W)
#define SET_W_(m) CT_K((m)->set_w, ATA_TAGS_SET_W(SPEC_))
#define WAY_W_(m) CT_K((m)->way_w, ATA_TAGS_WAY_W(SPEC_))
#define CORE_W_(m) CT_K((m)->core_w, ATA_TAGS_CORE_W(SPEC_))
#define HAS_HI_(m) CT_K((m)->hi != NULL, SPEC_->TAG_W > 31)

/* The decision of one cycle, for every request. */
typedef struct {
    uint32_t hv[32];   /* hit vector of request r over the arrays */
    uint8_t dst[32], src[32], way[32];
    uint32_t set[32];
} ata_cmp_t;

int ata_tags_check(const ata_tags_cfg_t *c, char *err, size_t errlen)
{
    if (c->SETS & (c->SETS - 1)) {
        snprintf(err, errlen, "parameter SETS=%lu is not a power of two (the set "
                 "index is the address bits above the line offset)", (unsigned long)c->SETS);
        return -1;
    }
    if (c->WAYS & (c->WAYS - 1)) {
        snprintf(err, errlen, "parameter WAYS=%lu is not a power of two", (unsigned long)c->WAYS);
        return -1;
    }
    return 0;
}

ata_tags_t *ata_tags_new(const ata_tags_cfg_t *c, char *err, size_t errlen)
{
    if (ata_tags_validate(c, err, errlen))
        return NULL;
    ata_tags_t *m = calloc(1, sizeof *m);
    unsigned stride = ATA_STRIDE(c->WAYS);
    size_t n = (size_t)c->CORES * c->SETS * stride;
    if (m) {
        m->lo = calloc(n, sizeof *m->lo);
        if (c->TAG_W > 31)
            m->hi = calloc(n, sizeof *m->hi);
    }
    if (!m || !m->lo || (c->TAG_W > 31 && !m->hi)) {
        ata_tags_free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *c;
    m->n = c->CORES;
    m->sets = c->SETS;
    m->ways = c->WAYS;
    m->stride = stride;
    m->tag_w = c->TAG_W;
    m->set_w = ATA_TAGS_SET_W(c);
    m->way_w = ATA_TAGS_WAY_W(c);
    m->core_w = ATA_TAGS_CORE_W(c);
    /* one rotation pointer per core: the rest is padding to 32 cores,
     * unreadable under ASan */
    CT_POISON_TAIL(m->ptr, m->n);
    return m;
}

void ata_tags_free(ata_tags_t *m)
{
    if (!m)
        return;
    free(m->lo);
    free(m->hi);
    free(m);
}

/* The two halves of a valid entry's (or a request's) key for a tag. */
static inline uint32_t key_lo(uint64_t tag) { return (uint32_t)(tag << 1) | 1; }
static inline uint32_t key_hi(uint64_t tag) { return (uint32_t)(tag >> 31); }

static size_t entry(const ata_tags_t *m, unsigned a, unsigned s, unsigned w)
{
    return ((size_t)s * N_(m) + a) * STRIDE_(m) + w;
}

/* Whether one of the len (a multiple of ATA_LANES) keys at k equals x (and,
 * with h, the high key at h equals xh).  Where the compiler has vector
 * types, four lanes at a time, four vectors per step: the paper's 6,400
 * comparators a cycle.  CT_SCALAR selects the plain loop (scripts/asan.sh
 * builds and tests that one). */
#if defined(__GNUC__) && !defined(CT_SCALAR)
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
typedef uint32_t ata_v4_t __attribute__((vector_size(16)));
static unsigned any_eq(const uint32_t *k, const uint32_t *h, unsigned len, uint32_t x, uint32_t xh)
{
    ata_v4_t a0 = {0, 0, 0, 0}, a1 = a0, a2 = a0, a3 = a0, xv = {x, x, x, x}, hv = {xh, xh, xh, xh},
             v0, v1, v2, v3;
    unsigned w = 0;
    if (!h) {
        for (; w + 4 * ATA_LANES <= len; w += 4 * ATA_LANES) {
            memcpy(&v0, k + w, sizeof v0);
            memcpy(&v1, k + w + ATA_LANES, sizeof v1);
            memcpy(&v2, k + w + 2 * ATA_LANES, sizeof v2);
            memcpy(&v3, k + w + 3 * ATA_LANES, sizeof v3);
            a0 |= (ata_v4_t)(v0 == xv);
            a1 |= (ata_v4_t)(v1 == xv);
            a2 |= (ata_v4_t)(v2 == xv);
            a3 |= (ata_v4_t)(v3 == xv);
        }
        for (; w < len; w += ATA_LANES) {
            memcpy(&v0, k + w, sizeof v0);
            a0 |= (ata_v4_t)(v0 == xv);
        }
    } else {
        for (; w < len; w += ATA_LANES) {
            memcpy(&v0, k + w, sizeof v0);
            memcpy(&v1, h + w, sizeof v1);
            a0 |= (ata_v4_t)(v0 == xv) & (ata_v4_t)(v1 == hv);
        }
    }
    a0 |= a1 | a2 | a3;
#if defined(__SSE2__)
    return _mm_movemask_epi8((__m128i)a0) != 0; /* one instruction for the lanes' OR */
#else
    uint64_t q[2];
    memcpy(q, &a0, sizeof q);
    return (q[0] | q[1]) != 0;
#endif
}
#else
static unsigned any_eq(const uint32_t *k, const uint32_t *h, unsigned len, uint32_t x, uint32_t xh)
{
    unsigned acc = 0;
    for (unsigned w = 0; w < len; w++)
        acc |= (k[w] == x) & (!h || h[w] == xh);
    return acc;
}
#endif

/* The lowest way of row k that holds the key (one does). */
static uint8_t first_eq(const uint32_t *k, const uint32_t *h, uint32_t x, uint32_t xh)
{
    unsigned w = 0;
    while (k[w] != x || (h && h[w] != xh))
        w++;
    return (uint8_t)w;
}

static void compare(const ata_tags_t *m, const ata_tags_in_t *in, ata_cmp_t *k)
{
    unsigned n = N_(m), st = STRIDE_(m);
    for (unsigned r = 0; r < n; r++) {
        k->hv[r] = 0;
        k->dst[r] = ATA_NONE;
        k->src[r] = 0;
        k->way[r] = 0;
        /* SETS and WAYS are powers of two: the index is the field's low
         * log2 bits (a 1-bit field of a 1-entry dimension is ignored) */
        k->set[r] = (uint32_t)ata_field(in->req_set_i, r, SET_W_(m)) & (SETS_(m) - 1);
        if (!((in->req_v_i >> r) & 1))
            continue;
        uint64_t tag = ata_field(in->req_tag_i, r, TAG_W_(m));
        uint32_t x = key_lo(tag), xh = key_hi(tag);
        size_t row = entry(m, 0, k->set[r], 0);
        const uint32_t *lo = m->lo + row, *hi = HAS_HI_(m) ? m->hi + row : NULL;
        for (unsigned a = 0; a < n; a++)
            k->hv[r] |= any_eq(lo + a * st, hi ? hi + a * st : NULL, st, x, xh) << a;
        unsigned a;
        if ((k->hv[r] >> r) & 1) {
            k->dst[r] = ATA_LOCAL;
            a = r;
        } else {
            uint32_t rem = k->hv[r];
            if (((in->req_wr_i >> r) & 1) || !rem) {
                k->dst[r] = ATA_L2;
                continue;
            }
            a = m->ptr[r];
            while (!((rem >> a) & 1))
                a = a + 1 == n ? 0 : a + 1;
            k->dst[r] = ATA_REMOTE;
        }
        k->src[r] = (uint8_t)a;
        k->way[r] = first_eq(lo + a * st, hi ? hi + a * st : NULL, x, xh);
    }
}

/* The outputs of a compare cycle (not in reset). */
static void outputs(const ata_tags_t *m, const ata_cmp_t *k, ata_tags_out_t *o)
{
    unsigned n = N_(m);
    /* a port's words past the configuration's width are 0 (ct_pack_end):
     * cleared first, a length the specialised build knows */
    ct_clear_tail(o->hit_o, CT_WORDS(n * n), sizeof o->hit_o);
    ct_clear_tail(o->src_o, CT_WORDS(n * CORE_W_(m)), sizeof o->src_o);
    ct_clear_tail(o->way_o, CT_WORDS(n * WAY_W_(m)), sizeof o->way_o);
    ct_pack_t hit = ct_pack_begin(o->hit_o), src = ct_pack_begin(o->src_o),
              way = ct_pack_begin(o->way_o);
    uint64_t dst = 0;
    for (unsigned r = 0; r < n; r++) {
        ct_pack_put(&hit, k->hv[r], n);
        dst |= (uint64_t)k->dst[r] << (2 * r);
        ct_pack_put(&src, k->src[r], CORE_W_(m));
        ct_pack_put(&way, k->way[r], WAY_W_(m));
    }
    ct_pack_end(&hit, o->hit_o + sizeof o->hit_o / sizeof *o->hit_o);
    ct_pack_end(&src, o->src_o + sizeof o->src_o / sizeof *o->src_o);
    ct_pack_end(&way, o->way_o + sizeof o->way_o / sizeof *o->way_o);
    o->dst_o = dst;
    o->rrd_o = m->rrd;
    o->rl2_o = m->rl2;
}

void ata_tags_eval(const ata_tags_t *m, const ata_tags_in_t *in, ata_tags_out_t *o)
{
    if (in->rst_i & 1) {
        memset(o, 0, sizeof *o);
        return;
    }
    ata_cmp_t k;
    compare(m, in, &k);
    outputs(m, &k, o);
}

/* Coverage of one compare cycle (instruments only).  The walks go over the
 * valid requests' bits: a valid request always has a destination (compare). */
static void cover(ata_tags_t *m, const ata_tags_in_t *in, const ata_cmp_t *k,
                  uint32_t redir_wr, uint32_t redir_upd)
{
    ata_tags_cov_t *cv = &m->cov;
    unsigned n = N_(m);
    uint32_t act = (uint32_t)in->req_v_i & (uint32_t)ct_mask(n);
    for (uint32_t b = act; b; b &= b - 1) {
        unsigned r = (unsigned)__builtin_ctz(b);
        uint32_t loc = (k->hv[r] >> r) & 1, rem = k->hv[r] & ~(UINT32_C(1) << r);
        int wr = (int)((in->req_wr_i >> r) & 1);
        if (wr) {
            cv->bin[ATA_COV_WR_LOCAL] += loc;
            cv->bin[ATA_COV_WR_REMOTE] += !loc && rem;
        } else if (loc) {
            cv->bin[rem ? ATA_COV_LOCAL_REMOTE : ATA_COV_LOCAL]++;
        } else if (!rem) {
            cv->bin[ATA_COV_NONE]++;
        } else {
            cv->bin[(rem & (rem - 1)) ? ATA_COV_REMOTEN : ATA_COV_REMOTE1]++;
        }
        if (k->dst[r] == ATA_REMOTE) {
            cv->serves[k->src[r]]++;
            cv->bin[ATA_COV_ROTATED] += k->src[r] != (unsigned)__builtin_ctz(rem);
        }
        for (uint32_t c = b & (b - 1); c; c &= c - 1) /* the valid requests above r */
            if (k->set[__builtin_ctz(c)] == k->set[r]) {
                cv->bin[ATA_COV_SAME_SET]++;
                break;
            }
    }
    for (uint32_t u = (uint32_t)in->upd_v_i & (uint32_t)ct_mask(n); u; u &= u - 1) {
        unsigned a = (unsigned)__builtin_ctz(u);
        uint64_t s = ata_field(in->upd_set_i, a, SET_W_(m)) & (SETS_(m) - 1);
        for (uint32_t b = act; b; b &= b - 1)
            if (k->set[__builtin_ctz(b)] == s) {
                cv->bin[ATA_COV_UPD_COLLIDE]++;
                break;
            }
    }
    if (redir_wr | redir_upd) /* most cycles redirect nothing */
        for (unsigned r = 0; r < n; r++) {
            cv->bin[ATA_COV_REDIR_WRITE] += (redir_wr >> r) & 1;
            cv->bin[ATA_COV_REDIR_UPD] += (redir_upd >> r) & 1;
        }
}

static void reset(ata_tags_t *m)
{
    size_t n = (size_t)N_(m) * SETS_(m) * STRIDE_(m);
    memset(m->lo, 0, n * sizeof *m->lo);
    if (HAS_HI_(m))
        memset(m->hi, 0, n * sizeof *m->hi);
    memset(m->ptr, 0, N_(m));
    m->rrd = m->rl2 = 0;
}

/* The rising edge after compare cycle k (not in reset). */
static void advance(ata_tags_t *m, const ata_tags_in_t *in, const ata_cmp_t *k)
{
    unsigned n = N_(m);
    /* the read stage: a REMOTE request's line, written in this cycle by its
     * core's local write hit, or by its core's update, goes to L2 */
    uint32_t rrd = 0, rl2 = 0, redir_wr = 0, redir_upd = 0;
    for (unsigned r = 0; r < n; r++) {
        if (k->dst[r] != ATA_REMOTE)
            continue;
        unsigned a = k->src[r];
        int wr = ((in->req_v_i >> a) & 1) && ((in->req_wr_i >> a) & 1) &&
                 k->dst[a] == ATA_LOCAL && k->set[a] == k->set[r] && k->way[a] == k->way[r];
        int up = ((in->upd_v_i >> a) & 1) &&
                 (ata_field(in->upd_set_i, a, SET_W_(m)) & (SETS_(m) - 1)) == k->set[r] &&
                 (ata_field(in->upd_way_i, a, WAY_W_(m)) & (WAYS_(m) - 1)) == k->way[r];
        redir_wr |= (uint32_t)wr << r;
        redir_upd |= (uint32_t)up << r;
        if (wr || up)
            rl2 |= UINT32_C(1) << r;
        else
            rrd |= UINT32_C(1) << r;
        m->ptr[r] = (uint8_t)(a + 1 == n ? 0 : a + 1);
    }
    cover(m, in, k, redir_wr, redir_upd);
    m->rrd = rrd;
    m->rl2 = rl2;
    /* the updates, each L1 into its own array */
    for (unsigned a = 0; a < n; a++) {
        if (!((in->upd_v_i >> a) & 1))
            continue;
        uint64_t s = ata_field(in->upd_set_i, a, SET_W_(m)) & (SETS_(m) - 1);
        uint64_t w = ata_field(in->upd_way_i, a, WAY_W_(m)) & (WAYS_(m) - 1);
        size_t e = entry(m, a, (unsigned)s, (unsigned)w);
        uint64_t tag = ata_field(in->upd_tag_i, a, TAG_W_(m));
        int fill = (int)((in->upd_fill_i >> a) & 1);
        m->lo[e] = fill ? key_lo(tag) : 0;
        if (HAS_HI_(m))
            m->hi[e] = fill ? key_hi(tag) : 0;
    }
}

void ata_tags_step(ata_tags_t *m, const ata_tags_in_t *in)
{
    if (in->rst_i & 1) {
        reset(m);
        return;
    }
    ata_cmp_t k;
    compare(m, in, &k);
    advance(m, in, &k);
}

/* One compare serves the outputs and the edge. */
void ata_tags_cycle(ata_tags_t *m, const ata_tags_in_t *in, ata_tags_out_t *out)
{
    if (in->rst_i & 1) {
        memset(out, 0, sizeof *out);
        reset(m);
        return;
    }
    ata_cmp_t k;
    compare(m, in, &k);
    outputs(m, &k, out);
    advance(m, in, &k);
}

void ata_tags_run(ata_tags_t *m, const ata_tags_in_t *in, ata_tags_out_t *out, size_t n)
{
    for (size_t i = 0; i < n; i++)
        ata_tags_cycle(m, &in[i], &out[i]);
}

/* ---------------------------------------------------------- instruments */

void ata_tags_coverage(const ata_tags_t *m, ata_tags_cov_t *cov) { *cov = m->cov; }

static const char *const bin_name[ATA_COV_N] = {
    "none", "local-only", "local+remote", "remote-only-1", "remote-only-several",
    "same-set", "update-compare-collision", "redirect-by-write", "redirect-by-update",
    "write-local-hit", "write-remote-only", "rotated-choice"};

/* Bins a configuration cannot show: no remote array with one core; never
 * several remote arrays, nor a choice among them, with fewer than three. */
static int possible(const ata_tags_cfg_t *c, unsigned b)
{
    switch (b) {
    case ATA_COV_LOCAL_REMOTE: case ATA_COV_REMOTE1: case ATA_COV_REDIR_WRITE:
    case ATA_COV_REDIR_UPD: case ATA_COV_WR_REMOTE: case ATA_COV_SAME_SET:
        return c->CORES >= 2;
    case ATA_COV_REMOTEN: case ATA_COV_ROTATED:
        return c->CORES >= 3;
    default:
        return 1;
    }
}

int ata_tags_cov_check(const ata_tags_cfg_t *c, const ata_tags_cov_t *cov, FILE *f)
{
    int required[ATA_COV_N];
    for (unsigned b = 0; b < ATA_COV_N; b++)
        required[b] = possible(c, b);
    fprintf(f, "coverage:");
    int holes = ct_cov_bins(f, bin_name, cov->bin, required, ATA_COV_N, "not possible");
    fprintf(f, "\nremote serves per array:");
    for (unsigned a = 0; a < c->CORES && a < 32; a++)
        fprintf(f, " %u:%llu", a, (unsigned long long)cov->serves[a]);
    ct_cov_verdict(f, holes);
    return holes;
}

int ata_tags_report(const ata_tags_t *m, FILE *f)
{
    return ata_tags_cov_check(&m->cfg, &m->cov, f);
}

/* Logic the area report counts besides storage: per cluster, a comparator
 * per (request, array, way), and a SETS:1 selector per (request, array). */
static unsigned ata_tags_logic(const uint32_t *cv, ct_storage_t *out)
{
    const ata_tags_cfg_t *c = (const ata_tags_cfg_t *)cv;
    ct_storage_t cmp = {"tag comparators", (uint64_t)c->CORES * c->CORES * c->WAYS,
                        c->TAG_W, CT_PAPER, "request x array x way, TAG_W-bit equality", 0};
    ct_storage_t sel = {"tag selector muxes", (uint64_t)c->CORES * c->CORES,
                        (uint64_t)c->WAYS * (c->TAG_W + 1), CT_PAPER,
                        "request x array, SETS:1 of a bank's valid bits and tags", 0};
    out[0] = cmp;
    out[1] = sel;
    return 2;
}

CT_DEFINE_BLOCK_RCL(ata_tags, ATA_TAGS, ata_tags_report, 3,
                    "one per cluster, ATA-Cache [002]'s 30 cores in 3 clusters", ata_tags_logic)
