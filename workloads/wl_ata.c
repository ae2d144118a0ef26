/*
 * wl_ata.c - the ATA-Cache experiment of wl_ata.h: per cluster one ata_tags
 * C model over its SMs' L1 tags (wl_cache.c), which every L1 fill and
 * invalidation also updates, and which decides where each load goes.  The
 * L1s are sectored, as ATA-Cache Table II's ("sector L1 data cache, 32B
 * sector size"): a line keeps the sectors it was given (docs/workloads.md).
 * Beside them, per cluster, the decoupled-sharing baseline's slices (Sec.
 * II-C) and the window of requests the L1s' data banks are timed over
 * (docs/workloads.md, "The baselines" and "The data ports").
 */
#include "wl_ata.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ata_tags.h"
#include "wl_cache.h"
#include "wl_grow.h"
#include "wl_vec.h"

typedef struct {
    uint32_t *r; /* an SM's L1 requests in trace order (port_rec) */
    size_t n, cap;
} port_list_t;

typedef struct {
    ata_tags_t *tags;
    ata_tags_cfg_t cfg;
    unsigned set_w, way_w;
    uint64_t tmask;
    uint64_t *sv;  /* per L1 entry (core, set, way): its valid sectors */
    wl_vec_t *vec; /* cluster 0's cycles, when they are recorded */
    wl_cache_t *dc;   /* decoupled sharing: CORES slices; slice h holds lines with line mod CORES = h */
    uint64_t *dc_sv;  /* per slice entry (slice, set, way): its valid sectors */
    port_list_t *reqs; /* per core: its L1 requests of the window, as the data ports see them */
    size_t window;     /* the window's requests (all cores) */
} cluster_t;

const unsigned wl_ata_gap[WL_ATA_GAPS] = {2, 4, 8};

/* an L1 request as the data ports see it: a load or a store, the banks it
 * reads or writes, the L1 ATA-Cache uses (PORT_NONE: none, the tags sent it
 * to L2), the decoupled slice (its home); the private design uses the SM's
 * own L1 */
#define PORT_NONE 63u
#define PORT_LOAD 0x10000u
static uint32_t port_rec(int load, uint64_t sectors, unsigned ata, unsigned home)
{
    unsigned banks = 0; /* sector k is in bank k mod WL_ATA_BANKS */
    for (unsigned k = 0; sectors; k++, sectors >>= 1)
        banks |= (unsigned)(sectors & 1) << (k % WL_ATA_BANKS);
    return (load ? PORT_LOAD : 0) | banks << 12 | home << 6 | ata;
}

/* The data ports of the cluster's L1s over one window of requests, under
 * the issue model: SM s's k-th L1 request of the window issues at cycle
 * k GAP; each bank of an L1 serves one request a cycle, those issued
 * earlier first, same-cycle ones in SM order; a request starts when every
 * bank it uses is free and holds them that cycle; the window starts with
 * every bank free.  The loads' waits summed into res, per GAP and design;
 * the window emptied.  0, or -1 when out of memory. */
static int port_run(cluster_t *c, wl_ata_res_t *res)
{
    unsigned n = c->cfg.CORES;
    size_t nfr = (size_t)WL_ATA_DESIGNS * n * WL_ATA_BANKS;
    uint64_t *fr = calloc(nfr, sizeof *fr); /* [design][L1][bank]: first free cycle */
    if (!fr)
        return -1;
    size_t most = 0;
    for (unsigned s = 0; s < n; s++) {
        most = c->reqs[s].n > most ? c->reqs[s].n : most;
        for (size_t k = 0; k < c->reqs[s].n; k++) {
            unsigned a = c->reqs[s].r[k] & PORT_NONE;
            int load = !!(c->reqs[s].r[k] & PORT_LOAD);
            res->port_loads[WL_ATA_PRIV] += (uint64_t)load;
            res->port_loads[WL_ATA_ATA] += (uint64_t)(load && a != PORT_NONE);
            res->port_loads[WL_ATA_DEC] += (uint64_t)load;
        }
    }
    for (unsigned g = 0; g < WL_ATA_GAPS; g++) {
        memset(fr, 0, nfr * sizeof *fr);
        for (size_t k = 0; k < most; k++)
            for (unsigned s = 0; s < n; s++) {
                if (k >= c->reqs[s].n)
                    continue;
                uint32_t r = c->reqs[s].r[k];
                unsigned banks = r >> 12 & ((1u << WL_ATA_BANKS) - 1);
                uint64_t at = (uint64_t)k * wl_ata_gap[g];
                const unsigned port[WL_ATA_DESIGNS] = {s, r & PORT_NONE, r >> 6 & PORT_NONE};
                for (unsigned d = 0; d < WL_ATA_DESIGNS; d++) {
                    if (port[d] == PORT_NONE)
                        continue;
                    uint64_t *p = &fr[((size_t)d * n + port[d]) * WL_ATA_BANKS], start = at;
                    for (unsigned b = 0; b < WL_ATA_BANKS; b++)
                        if (banks >> b & 1 && p[b] > start)
                            start = p[b];
                    for (unsigned b = 0; b < WL_ATA_BANKS; b++)
                        if (banks >> b & 1)
                            p[b] = start + 1;
                    res->port_wait[g][d] += r & PORT_LOAD ? start - at : 0;
                }
            }
    }
    free(fr);
    for (unsigned s = 0; s < n; s++)
        c->reqs[s].n = 0;
    c->window = 0;
    return 0;
}

/* appends rec to core's requests; a full window is run (port_run).  0, or
 * -1 when out of memory */
static int port_add(cluster_t *c, unsigned core, uint32_t rec, wl_ata_res_t *res)
{
    port_list_t *q = &c->reqs[core];
    uint32_t *r = wl_grow(q->r, &q->cap, q->n + 1, sizeof *r, 1024);
    if (!r)
        return -1;
    q->r = r;
    q->r[q->n++] = rec;
    return ++c->window == WL_ATA_WINDOW ? port_run(c, res) : 0;
}

/* ends every cluster's window (a kernel line, the trace's end); 1, or 0
 * when out of memory */
static int ports_end(cluster_t *cl, wl_ata_res_t *res)
{
    for (unsigned i = 0; i < res->clusters; i++)
        if (cl[i].window && port_run(&cl[i], res) < 0)
            return 0;
    return 1;
}

/* decoupled sharing: a load (or a store: write-evict) of line at its home
 * slice line mod CORES, set (line div CORES) mod SETS; the home slice */
static unsigned decoupled(cluster_t *c, const wl_req_t *q, unsigned core, wl_ata_res_t *res)
{
    unsigned home = (unsigned)(q->line % c->cfg.CORES);
    wl_cache_t *sl = &c->dc[home];
    uint64_t key = q->line / c->cfg.CORES;
    if (q->kind == WL_ST) {
        int way = wl_cache_find(sl, key);
        if (way >= 0)
            wl_cache_inval(sl, wl_cache_set(sl, key), (unsigned)way);
        return home;
    }
    wl_lookup_t lk;
    wl_cache_access(sl, key, &lk);
    uint64_t *sv = &c->dc_sv[((size_t)home * c->cfg.SETS + lk.set) * c->cfg.WAYS + lk.way];
    int served = lk.hit && !(q->sectors & ~*sv);
    res->dc_hit += (uint64_t)served;
    res->dc_own += (uint64_t)(served && home == core);
    *sv = lk.hit ? *sv | q->sectors : q->sectors;
    return home;
}

/* the valid sectors of L1 `core`'s entry set/way */
static uint64_t *sv_of(const cluster_t *c, unsigned core, unsigned set, unsigned way)
{
    return &c->sv[((size_t)core * c->cfg.SETS + set) * c->cfg.WAYS + way];
}

/* L1 `core`'s entry set/way holds every one of sectors */
static int holds(const cluster_t *c, unsigned core, unsigned set, unsigned way, uint64_t sectors)
{
    return !(sectors & ~*sv_of(c, core, set, way));
}

static void idle(ata_tags_in_t *in) { memset(in, 0, sizeof *in); }

/* one cycle of the cluster's tag array (recorded when asked) */
static void tags_cycle(cluster_t *c, const ata_tags_in_t *in, ata_tags_out_t *o, const char *note)
{
    ata_tags_cycle(c->tags, in, o);
    if (c->vec)
        wl_vec_add(c->vec, in->v, o->v, note);
}

/* an update cycle: L1 `core` writes (fill 1) or invalidates its entry */
static void update(cluster_t *c, unsigned core, unsigned set, unsigned way, uint64_t tag, int fill)
{
    ata_tags_in_t in;
    ata_tags_out_t o;
    idle(&in);
    in.upd_v_i = UINT64_C(1) << core;
    in.upd_fill_i = (uint64_t)fill << core;
    ct_bits_set(in.upd_set_i, core * c->set_w, c->set_w, set);
    ct_bits_set(in.upd_way_i, core * c->way_w, c->way_w, way);
    ct_bits_set(in.upd_tag_i, core * c->cfg.TAG_W, c->cfg.TAG_W, tag & c->tmask);
    tags_cycle(c, &in, &o, fill ? "fill" : "invalidate");
}

int wl_ata_run(const char *path, const char *cfgtext, wl_ata_res_t *res, const wl_vec_to_t *vec,
               char *err, size_t errlen)
{
    ata_tags_cfg_t cfg;
    char e[CT_ERRLEN];
    memset(res, 0, sizeof *res);
    if (wl_block_cfg(&ata_tags_block, cfgtext, cfg.v, sizeof cfg.v / sizeof cfg.v[0], "ata", err, errlen) < 0)
        return -1;
    wl_reqs_t it;
    if (wl_reqs_open(&it, path, "ata", err, errlen) < 0)
        return -1;
    cluster_t *cl = calloc(WL_ATA_MAXCL, sizeof *cl);
    wl_cache_t *l1 = calloc((size_t)WL_ATA_MAXCL * cfg.CORES, sizeof *l1);
    wl_vec_t vb = {0};
    wl_l2_t l2 = {0};
    int rc = -1, got;
    if (!cl || !l1 || wl_l2_init(&l2) < 0) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto out;
    }
    if (vec) {
        if (wl_vec_start(&vb, vec, &ata_tags_block, cfg.v, err, errlen) < 0)
            goto out;
        cl[0].vec = &vb;
    }
    res->cores = cfg.CORES;
    wl_req_t q;
    while ((got = wl_reqs_next(&it, &q, err, errlen)) != WL_REQS_END) {
        if (got < 0)
            goto out;
        if (got == WL_REQS_REQ && (q.kind == WL_LD || q.kind == WL_ST)) {
            unsigned ci = q.sm / cfg.CORES, core = q.sm % cfg.CORES;
            if (ci >= WL_ATA_MAXCL) {
                snprintf(err, errlen, "%s: ata: SM %u is in cluster %u; at most %d clusters", path, q.sm, ci,
                         WL_ATA_MAXCL);
                goto out;
            }
            cluster_t *c = &cl[ci];
            if (!c->tags) { /* the cluster's first request: its tag array and L1s, reset */
                c->cfg = cfg;
                c->set_w = ct_clog2(cfg.SETS), c->way_w = ct_clog2(cfg.WAYS);
                c->tmask = cfg.TAG_W >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << cfg.TAG_W) - 1;
                c->tags = ata_tags_new(&cfg, e, sizeof e);
                c->sv = calloc((size_t)cfg.CORES * cfg.SETS * cfg.WAYS, sizeof *c->sv);
                c->dc_sv = calloc((size_t)cfg.CORES * cfg.SETS * cfg.WAYS, sizeof *c->dc_sv);
                c->dc = calloc(cfg.CORES, sizeof *c->dc);
                c->reqs = calloc(cfg.CORES, sizeof *c->reqs);
                if (!c->sv || !c->dc_sv || !c->dc || !c->reqs) {
                    snprintf(err, errlen, "%s: out of memory", path);
                    goto out;
                }
                if (!c->tags) {
                    snprintf(err, errlen, "%s: %s", path, e);
                    goto out;
                }
                for (unsigned k = 0; k < cfg.CORES; k++)
                    if (wl_cache_init(&l1[(size_t)ci * cfg.CORES + k], cfg.SETS, cfg.WAYS) < 0 ||
                        wl_cache_init(&c->dc[k], cfg.SETS, cfg.WAYS) < 0) {
                        snprintf(err, errlen, "%s: out of memory", path);
                        goto out;
                    }
                ata_tags_in_t in;
                ata_tags_out_t o;
                idle(&in);
                in.rst_i = 1;
                tags_cycle(c, &in, &o, "reset");
                if (ci + 1 > res->clusters)
                    res->clusters = ci + 1;
            }
            wl_cache_t *mine = &l1[(size_t)ci * cfg.CORES + core];
            unsigned set = (unsigned)(q.line % cfg.SETS);
            uint64_t tag = q.line / cfg.SETS;
            unsigned home = decoupled(c, &q, core, res);
            if (q.kind == WL_ST) { /* write-evict, as the other experiments' L1; written through to L2 */
                wl_l2_access(&l2, q.line);
                int way = wl_cache_find(mine, q.line);
                if (way >= 0) {
                    wl_cache_inval(mine, set, (unsigned)way);
                    update(c, core, set, (unsigned)way, tag, 0);
                }
                /* a store writes the local L1's banks (private, ATA-Cache) or its home slice's */
                if (port_add(c, core, port_rec(0, q.sectors, core, home), res) < 0) {
                    snprintf(err, errlen, "%s: out of memory", path);
                    goto out;
                }
            } else {
                ata_tags_in_t in;
                ata_tags_out_t o;
                idle(&in);
                in.req_v_i = UINT64_C(1) << core;
                ct_bits_set(in.req_set_i, core * c->set_w, c->set_w, set);
                ct_bits_set(in.req_tag_i, core * cfg.TAG_W, cfg.TAG_W, tag & c->tmask);
                tags_cycle(c, &in, &o, "load");
                unsigned dst = (unsigned)(o.dst_o >> (2 * core) & 3);
                unsigned src = (unsigned)ct_bits_get(o.src_o, core * ct_clog2(cfg.CORES), ct_clog2(cfg.CORES));
                unsigned hway = (unsigned)ct_bits_get(o.way_o, core * c->way_w, c->way_w); /* the hit way */
                idle(&in); /* the read stage's cycle */
                tags_cycle(c, &in, &o, NULL);
                res->loads[ci]++;
                int way = wl_cache_find(mine, q.line), here = way >= 0, there = 0;
                for (unsigned k = 0; k < cfg.CORES; k++)
                    there |= k != core && wl_cache_find(&l1[(size_t)ci * cfg.CORES + k], q.line) >= 0;
                /* a private L1's hit: the line and every sector asked for */
                res->private_hit += (uint64_t)(here && holds(c, core, set, (unsigned)way, q.sectors));
                int served = 0; /* by an L1 of the cluster; else from L2 */
                if (dst == 1) {
                    res->mismatch += !here;
                    /* the sectors of the entry the tags matched (the line's, but for a tag alias);
                     * a sector miss (the tag here, a sector not) goes to L2 */
                    served = holds(c, core, set, hway, q.sectors);
                    res->local[ci] += (uint64_t)served;
                    res->local_smiss += (uint64_t)!served;
                } else if (dst == 2) {
                    int rway = src < cfg.CORES ? wl_cache_find(&l1[(size_t)ci * cfg.CORES + src], q.line) : -1;
                    res->mismatch += here || src == core || rway < 0;
                    /* the peer has the tag but maybe not every sector asked for: then from L2 */
                    served = src < cfg.CORES && holds(c, src, set, hway, q.sectors);
                    res->remote[ci] += (uint64_t)served;
                    res->remote_smiss += (uint64_t)!served;
                    /* a peer's line that serves is read: it becomes its most recently used */
                    wl_lookup_t lk;
                    if (served && rway >= 0)
                        wl_cache_access(&l1[(size_t)ci * cfg.CORES + src], q.line, &lk);
                } else {
                    res->mismatch += here || there;
                }
                if (!served) {
                    res->l2[ci]++;
                    wl_l2_access(&l2, q.line);
                }
                res->rs_probe += dst == 1 ? 0 : cfg.CORES - 1;
                /* a load reads its own L1's banks (private), those of the L1 the tags chose (ATA-Cache;
                 * none when they send it to L2) or its home slice's (decoupled) */
                unsigned ata_l1 = dst == 1 ? core : dst == 2 && src < cfg.CORES ? src : PORT_NONE;
                if (port_add(c, core, port_rec(1, q.sectors, ata_l1, home), res) < 0) {
                    snprintf(err, errlen, "%s: out of memory", path);
                    goto out;
                }
                /* LOCAL touches the line (a sector miss adds the sectors); REMOTE and L2
                 * fill it into the local L1 with the sectors asked for (Sec. III-B (a)) */
                wl_lookup_t lk;
                wl_cache_access(mine, q.line, &lk);
                uint64_t *sv = sv_of(c, core, lk.set, lk.way);
                if (!lk.hit) {
                    update(c, core, lk.set, lk.way, tag, 1);
                    *sv = q.sectors;
                } else {
                    *sv |= q.sectors;
                }
            }
        } else if (got == WL_REQS_REQ) { /* ldg, atom: past the L1s */
            wl_l2_access(&l2, q.line);
        } else if (!ports_end(cl, res)) { /* a kernel line ends every cluster's window */
            snprintf(err, errlen, "%s: out of memory", path);
            goto out;
        }
    }
    res->l2_req = l2.req, res->l2_hit = l2.hit;
    if (!ports_end(cl, res)) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto out;
    }
    if (vec && wl_vec_finish(&vb, vec, "ctwin exp ata (C model, cluster 0 of a trace)", err, errlen) < 0)
        goto out;
    rc = 0;
out:
    wl_reqs_close(&it);
    wl_vec_free(&vb);
    wl_l2_free(&l2);
    if (cl)
        for (unsigned i = 0; i < WL_ATA_MAXCL; i++)
            if (cl[i].tags || cl[i].sv || cl[i].dc_sv || cl[i].dc || cl[i].reqs) {
                ata_tags_free(cl[i].tags);
                free(cl[i].sv), free(cl[i].dc_sv);
                for (unsigned k = 0; k < cfg.CORES; k++) {
                    wl_cache_free(&l1[(size_t)i * cfg.CORES + k]);
                    if (cl[i].dc)
                        wl_cache_free(&cl[i].dc[k]);
                    if (cl[i].reqs)
                        free(cl[i].reqs[k].r);
                }
                free(cl[i].reqs);
                free(cl[i].dc);
            }
    free(cl), free(l1);
    return rc;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void wl_ata_print(FILE *f, const char *path, const char *cfg, const wl_ata_res_t *r)
{
    uint64_t n = 0, lo = 0, re = 0, l2 = 0;
    fprintf(f, "ata: %s\n", path);
    fprintf(f, "  %u clusters of %u SMs; per cluster ata_tags %s; L1 LRU, write-evict, sectored; a REMOTE or L2 "
               "load fills the local L1 with its sectors\n",
            r->clusters, r->cores, cfg);
    fprintf(f, "%-8s %10s %8s %8s %8s\n", "cluster", "loads", "local", "remote", "L2");
    for (unsigned c = 0; c < r->clusters; c++) {
        fprintf(f, "%-8u %10" PRIu64 " %7.1f%% %7.1f%% %7.1f%%\n", c, r->loads[c], pct(r->local[c], r->loads[c]),
                pct(r->remote[c], r->loads[c]), pct(r->l2[c], r->loads[c]));
        n += r->loads[c], lo += r->local[c], re += r->remote[c], l2 += r->l2[c];
    }
    fprintf(f, "%-8s %10" PRIu64 " %7.1f%% %7.1f%% %7.1f%%\n", "all", n, pct(lo, n), pct(re, n), pct(l2, n));
    fprintf(f, "  L1 hit rate: private (local only) %.1f%%, ATA-Cache (local + remote) %.1f%%\n",
            pct(r->private_hit, n), pct(lo + re, n));
    fprintf(f, "  sector misses (in L2 above): the local L1 has the line, not every sector asked for %" PRIu64
               "; the peer the tags chose has it, not every sector %" PRIu64 "\n",
            r->local_smiss, r->remote_smiss);
    fprintf(f, "  decisions the functional caches disagree with (tag aliases): %" PRIu64 "\n", r->mismatch);
    fprintf(f, "  decoupled sharing (a line in slice line mod %u only): L1 hit rate %.1f%%, the SM's own slice %.1f%%\n",
            r->cores, pct(r->dc_hit, n), pct(r->dc_own, n));
    fprintf(f, "  remote sharing (ATA-Cache's copies found by probing): %" PRIu64 " probes, %.2f a load\n", r->rs_probe,
            n ? (double)r->rs_probe / (double)n : 0.0);
    fprintf(f, "  L1 data ports (%d sector-interleaved banks an L1, a request a cycle each; loads reading one: private %" PRIu64
               ", ATA-Cache %" PRIu64 ", decoupled %" PRIu64 "): average wait, and latency vs private with a %d-cycle L1\n",
            WL_ATA_BANKS, r->port_loads[WL_ATA_PRIV], r->port_loads[WL_ATA_ATA], r->port_loads[WL_ATA_DEC], WL_ATA_L1_LAT);
    for (unsigned g = 0; g < WL_ATA_GAPS; g++) {
        double w[WL_ATA_DESIGNS];
        for (unsigned d = 0; d < WL_ATA_DESIGNS; d++)
            w[d] = r->port_loads[d] ? (double)r->port_wait[g][d] / (double)r->port_loads[d] : 0.0;
        fprintf(f, "    GAP %u: wait private %.2f, ATA-Cache %.2f, decoupled %.2f; latency ATA-Cache %+.1f%%, decoupled %+.1f%%\n",
                wl_ata_gap[g], w[0], w[1], w[2], 100.0 * (w[1] - w[0]) / (WL_ATA_L1_LAT + w[0]),
                100.0 * (w[2] - w[0]) / (WL_ATA_L1_LAT + w[0]));
    }
    wl_l2_print(f, r->l2_req, r->l2_hit);
}
