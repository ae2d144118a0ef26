/*
 * ata_tags.c - C model of ATA-Cache's aggregated tag array (see ata_tags.h).
 *
 * State, as in the RTL: per array a and set s a bank of WAYS {valid, tag}
 * entries; per requesting core its rotation pointer and its read stage
 * (rrd, rl2).  The compare of one cycle is a pure function of that state
 * and the cycle's inputs (compare()), shared by _eval and _step.
 */
#include "ata_tags.h"

#include "ct_cov.h"

#include <stdlib.h>
#include <string.h>

struct ata_tags {
    ata_tags_cfg_t cfg;
    unsigned n, sets, ways, tag_w, set_w, way_w, core_w;
    uint8_t *v;    /* n x sets x ways */
    uint64_t *tag; /* n x sets x ways */
    uint8_t ptr[32];
    uint32_t rrd, rl2;
    ata_tags_cov_t cov; /* run instruments (not hardware) */
};

/* The decision of one cycle, for every request. */
typedef struct {
    uint32_t hv[32];   /* hit vector of request r over the arrays */
    uint8_t dst[32], src[32], way[32];
    uint32_t set[32];
    uint64_t tag[32];
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
    size_t n = (size_t)c->CORES * c->SETS * c->WAYS;
    if (m) {
        m->v = calloc(n, 1);
        m->tag = calloc(n, sizeof *m->tag);
    }
    if (!m || !m->v || !m->tag) {
        ata_tags_free(m);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->cfg = *c;
    m->n = c->CORES;
    m->sets = c->SETS;
    m->ways = c->WAYS;
    m->tag_w = c->TAG_W;
    m->set_w = ATA_TAGS_SET_W(c);
    m->way_w = ATA_TAGS_WAY_W(c);
    m->core_w = ATA_TAGS_CORE_W(c);
    return m;
}

void ata_tags_free(ata_tags_t *m)
{
    if (!m)
        return;
    free(m->v);
    free(m->tag);
    free(m);
}

static size_t entry(const ata_tags_t *m, unsigned a, unsigned s, unsigned w)
{
    return ((size_t)a * m->sets + s) * m->ways + w;
}

static void compare(const ata_tags_t *m, const ata_tags_in_t *in, ata_cmp_t *k)
{
    unsigned n = m->n;
    for (unsigned r = 0; r < n; r++) {
        k->hv[r] = 0;
        k->dst[r] = ATA_NONE;
        k->src[r] = 0;
        k->way[r] = 0;
        /* SETS and WAYS are powers of two: the index is the field's low
         * log2 bits (a 1-bit field of a 1-entry dimension is ignored) */
        k->set[r] = (uint32_t)ata_field(in->req_set_i, r, m->set_w) & (m->sets - 1);
        k->tag[r] = ata_field(in->req_tag_i, r, m->tag_w);
        if (!((in->req_v_i >> r) & 1))
            continue;
        uint8_t hw[32];
        for (unsigned a = 0; a < n; a++) {
            size_t e = entry(m, a, k->set[r], 0);
            for (unsigned w = 0; w < m->ways; w++)
                if (m->v[e + w] && m->tag[e + w] == k->tag[r]) {
                    k->hv[r] |= UINT32_C(1) << a;
                    hw[a] = (uint8_t)w;
                    break;
                }
        }
        if ((k->hv[r] >> r) & 1) {
            k->dst[r] = ATA_LOCAL;
            k->src[r] = (uint8_t)r;
            k->way[r] = hw[r];
            continue;
        }
        uint32_t rem = k->hv[r];
        if (((in->req_wr_i >> r) & 1) || !rem) {
            k->dst[r] = ATA_L2;
            continue;
        }
        unsigned a = m->ptr[r];
        while (!((rem >> a) & 1))
            a = a + 1 == n ? 0 : a + 1;
        k->dst[r] = ATA_REMOTE;
        k->src[r] = (uint8_t)a;
        k->way[r] = hw[a];
    }
}

void ata_tags_eval(const ata_tags_t *m, const ata_tags_in_t *in, ata_tags_out_t *o)
{
    memset(o, 0, sizeof *o);
    if (in->rst_i & 1)
        return;
    ata_cmp_t k;
    compare(m, in, &k);
    unsigned n = m->n;
    for (unsigned r = 0; r < n; r++) {
        for (unsigned a = 0; a < n; a++)
            if ((k.hv[r] >> a) & 1)
                ct_bits_set(o->hit_o, r * n + a, 1, 1);
        o->dst_o |= (uint64_t)k.dst[r] << (2 * r);
        ata_set_field(o->src_o, r, m->core_w, k.src[r]);
        ata_set_field(o->way_o, r, m->way_w, k.way[r]);
    }
    o->rrd_o = m->rrd;
    o->rl2_o = m->rl2;
}

/* Coverage of one compare cycle (instruments only). */
static void cover(ata_tags_t *m, const ata_tags_in_t *in, const ata_cmp_t *k,
                  uint32_t redir_wr, uint32_t redir_upd)
{
    ata_tags_cov_t *cv = &m->cov;
    unsigned n = m->n;
    for (unsigned r = 0; r < n; r++) {
        if (!((in->req_v_i >> r) & 1) || k->dst[r] == ATA_NONE)
            continue;
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
            unsigned lowest = 0;
            while (!((rem >> lowest) & 1))
                lowest++;
            cv->bin[ATA_COV_ROTATED] += k->src[r] != lowest;
        }
        for (unsigned q = r + 1; q < n; q++)
            if (((in->req_v_i >> q) & 1) && k->dst[q] != ATA_NONE && k->set[q] == k->set[r]) {
                cv->bin[ATA_COV_SAME_SET]++;
                break;
            }
    }
    for (unsigned a = 0; a < n; a++) {
        if (!((in->upd_v_i >> a) & 1))
            continue;
        uint64_t s = ata_field(in->upd_set_i, a, m->set_w) & (m->sets - 1);
        for (unsigned r = 0; r < n; r++)
            if (((in->req_v_i >> r) & 1) && k->dst[r] != ATA_NONE && k->set[r] == s) {
                cv->bin[ATA_COV_UPD_COLLIDE]++;
                break;
            }
    }
    for (unsigned r = 0; r < n; r++) {
        cv->bin[ATA_COV_REDIR_WRITE] += (redir_wr >> r) & 1;
        cv->bin[ATA_COV_REDIR_UPD] += (redir_upd >> r) & 1;
    }
}

void ata_tags_step(ata_tags_t *m, const ata_tags_in_t *in)
{
    unsigned n = m->n;
    if (in->rst_i & 1) {
        memset(m->v, 0, (size_t)n * m->sets * m->ways);
        memset(m->ptr, 0, sizeof m->ptr);
        m->rrd = m->rl2 = 0;
        return;
    }
    ata_cmp_t k;
    compare(m, in, &k);
    /* the read stage: a REMOTE request's line, written in this cycle by its
     * core's local write hit, or by its core's update, goes to L2 */
    uint32_t rrd = 0, rl2 = 0, redir_wr = 0, redir_upd = 0;
    for (unsigned r = 0; r < n; r++) {
        if (k.dst[r] != ATA_REMOTE)
            continue;
        unsigned a = k.src[r];
        int wr = ((in->req_v_i >> a) & 1) && ((in->req_wr_i >> a) & 1) &&
                 k.dst[a] == ATA_LOCAL && k.set[a] == k.set[r] && k.way[a] == k.way[r];
        int up = ((in->upd_v_i >> a) & 1) &&
                 (ata_field(in->upd_set_i, a, m->set_w) & (m->sets - 1)) == k.set[r] &&
                 (ata_field(in->upd_way_i, a, m->way_w) & (m->ways - 1)) == k.way[r];
        redir_wr |= (uint32_t)wr << r;
        redir_upd |= (uint32_t)up << r;
        if (wr || up)
            rl2 |= UINT32_C(1) << r;
        else
            rrd |= UINT32_C(1) << r;
        m->ptr[r] = (uint8_t)(a + 1 == n ? 0 : a + 1);
    }
    cover(m, in, &k, redir_wr, redir_upd);
    m->rrd = rrd;
    m->rl2 = rl2;
    /* the updates, each L1 into its own array */
    for (unsigned a = 0; a < n; a++) {
        if (!((in->upd_v_i >> a) & 1))
            continue;
        uint64_t s = ata_field(in->upd_set_i, a, m->set_w) & (m->sets - 1);
        uint64_t w = ata_field(in->upd_way_i, a, m->way_w) & (m->ways - 1);
        size_t e = entry(m, a, (unsigned)s, (unsigned)w);
        m->v[e] = (uint8_t)((in->upd_fill_i >> a) & 1);
        if (m->v[e])
            m->tag[e] = ata_field(in->upd_tag_i, a, m->tag_w);
    }
}

void ata_tags_cycle(ata_tags_t *m, const ata_tags_in_t *in, ata_tags_out_t *out)
{
    ata_tags_eval(m, in, out);
    ata_tags_step(m, in);
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
                    "one per cluster, seed 002's 30 cores in 3 clusters", ata_tags_logic)
