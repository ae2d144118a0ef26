/*
 * wl_ccn.c - the CCN experiment of wl_ccn.h: per SM an L1 tag array
 * (wl_cache.c) and a shadow_tags C model kept identical to it by the same
 * updates ("always writing tag updates to both sets of tags
 * simultaneously"), looked up by the other SMs' misses.
 */
#include "wl_ccn.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "shadow_tags.h"
#include "wl_cache.h"

typedef struct {
    wl_cache_t l1;
    shadow_tags_t *st;
} node_t;

static void tags_cycle(node_t *n, const shadow_tags_in_t *in, shadow_tags_out_t *out)
{
    shadow_tags_cycle(n->st, in, out);
}

/* one update of a node's shadow tags: a fill (v 1) or an invalidation */
static void update(node_t *n, uint64_t la, unsigned way, int v)
{
    shadow_tags_in_t in;
    shadow_tags_out_t o;
    memset(&in, 0, sizeof in);
    in.upd_i = 1, in.upd_la_i = la, in.upd_way_i = way, in.upd_v_i = (uint64_t)v;
    tags_cycle(n, &in, &o);
}

/* a lookup: accepted in one cycle, answered in the next; 1 on a hit */
static int lookup(node_t *n, uint64_t la, unsigned core)
{
    shadow_tags_in_t in;
    shadow_tags_out_t o;
    memset(&in, 0, sizeof in);
    in.lk_valid_i = 1, in.lk_la_i = la, in.lk_core_i = core;
    tags_cycle(n, &in, &o);
    memset(&in, 0, sizeof in);
    tags_cycle(n, &in, &o);
    return o.rsp_valid_o && o.rsp_hit_o;
}

int wl_ccn_run(const char *path, const char *tags_cfg, wl_ccn_res_t *res, char *err, size_t errlen)
{
    shadow_tags_cfg_t cfg;
    char e[CT_ERRLEN];
    memset(res, 0, sizeof *res);
    if (wl_block_cfg(&shadow_tags_block, tags_cfg, cfg.v, sizeof cfg.v / sizeof cfg.v[0], "ccn", err, errlen) < 0)
        return -1;
    /* the ring's nodes are the trace's SMs 0 .. largest */
    wl_reqs_t it;
    wl_req_t q;
    int got;
    unsigned nodes;
    if (wl_reqs_sms(path, "ccn", &nodes, err, errlen) < 0)
        return -1;
    if (nodes > (1u << cfg.CORE_W)) {
        snprintf(err, errlen, "%s: ccn: %u SMs, the shadow tags' CORE_W=%u names %u", path, nodes, cfg.CORE_W,
                 1u << cfg.CORE_W);
        return -1;
    }
    res->nodes = nodes;
    node_t *nd = calloc(nodes ? nodes : 1, sizeof *nd);
    wl_l2_t l2 = {0};
    int rc = -1;
    if (!nd || wl_l2_init(&l2) < 0) {
        free(nd);
        wl_l2_free(&l2);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    uint64_t lamask = cfg.LA_W >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << cfg.LA_W) - 1;
    for (unsigned i = 0; i < nodes; i++) {
        nd[i].st = shadow_tags_new(&cfg, e, sizeof e);
        if (!nd[i].st || wl_cache_init(&nd[i].l1, cfg.SETS, cfg.WAYS) < 0) {
            snprintf(err, errlen, "%s: %s", path, nd[i].st ? "out of memory" : e);
            goto out;
        }
        shadow_tags_in_t in;
        shadow_tags_out_t o;
        memset(&in, 0, sizeof in);
        in.rst_i = 1;
        tags_cycle(&nd[i], &in, &o);
        memset(&in, 0, sizeof in);
        do /* the post-reset sweep */
            tags_cycle(&nd[i], &in, &o);
        while (o.busy_o);
    }
    if (wl_reqs_open(&it, path, "ccn", err, errlen) < 0)
        goto out;
    while ((got = wl_reqs_next(&it, &q, err, errlen)) != WL_REQS_END) {
        if (got < 0)
            goto out;
        if (got == WL_REQS_REQ && q.kind == WL_LD) {
            node_t *n = &nd[q.sm];
            wl_lookup_t lk;
            res->loads++;
            if (wl_cache_find(&n->l1, q.line) < 0) {
                res->misses++;
                int truth = 0, found = 0, in3 = 0, in5 = 0;
                for (unsigned d = 1; d < nodes; d++) {
                    unsigned o = (q.sm + d) % nodes;
                    int held = wl_cache_find(&nd[o].l1, q.line) >= 0;
                    truth |= held;
                    in3 |= held && o / 3 == q.sm / 3;
                    in5 |= held && o / 5 == q.sm / 5;
                }
                res->remote += (uint64_t)truth;
                res->remote3 += (uint64_t)in3, res->remote5 += (uint64_t)in5;
                for (unsigned d = 1; d < nodes && !found; d++) { /* requests flow i -> i+1 */
                    node_t *s = &nd[(q.sm + d) % nodes];
                    res->lookups++;
                    if (lookup(s, q.line & lamask, q.sm)) {
                        found = 1;
                        res->shadow_hit++;
                        res->alias += wl_cache_find(&s->l1, q.line) < 0;
                        res->hops_opp += 2 * d;
                        res->hops_same += nodes;
                    }
                }
                res->missed_sharer += truth && !found;
                if (!found)
                    wl_l2_access(&l2, q.line);
            }
            wl_cache_access(&n->l1, q.line, &lk);
            if (!lk.hit) /* the fill, written to both tag copies */
                update(n, q.line & lamask, lk.way, 1);
        } else if (got == WL_REQS_REQ && q.kind == WL_ST) { /* write-evict; written through to L2 */
            node_t *n = &nd[q.sm];
            wl_l2_access(&l2, q.line);
            int way = wl_cache_find(&n->l1, q.line);
            if (way >= 0) {
                wl_cache_inval(&n->l1, wl_cache_set(&n->l1, q.line), (unsigned)way);
                update(n, q.line & lamask, (unsigned)way, 0);
            }
        } else if (got == WL_REQS_REQ) /* ldg, atom: past the L1s */
            wl_l2_access(&l2, q.line);
    }
    res->l2_req = l2.req, res->l2_hit = l2.hit;
    rc = 0;
out:
    wl_reqs_close(&it);
    for (unsigned i = 0; i < nodes; i++) {
        shadow_tags_free(nd[i].st);
        if (nd[i].l1.tag)
            wl_cache_free(&nd[i].l1);
    }
    free(nd);
    wl_l2_free(&l2);
    return rc;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void wl_ccn_print(FILE *f, const char *path, const char *tags_cfg, const wl_ccn_res_t *r)
{
    fprintf(f, "ccn: %s\n", path);
    fprintf(f, "  %u ring nodes (one per SM); L1 per SM: shadow_tags %s, LRU, write-evict\n", r->nodes, tags_cfg);
    fprintf(f, "  L1 loads %" PRIu64 ", load misses %" PRIu64 " (%.1f%%)\n", r->loads, r->misses,
            pct(r->misses, r->loads));
    fprintf(f, "  uRC (misses whose line a remote L1 holds)      %10" PRIu64 "  %5.1f%%\n", r->remote,
            pct(r->remote, r->misses));
    fprintf(f, "  cluster-restricted uRC, clusters of 3 / 5 SMs (SM / 3, SM / 5; CCN's cluster baselines): %.1f%% / %.1f%%\n",
            pct(r->remote3, r->misses), pct(r->remote5, r->misses));
    fprintf(f, "  served by a sharer (a shadow tag hit)          %10" PRIu64 "  %5.1f%%\n", r->shadow_hit,
            pct(r->shadow_hit, r->misses));
    fprintf(f, "    of which alias hits (the line is not there)  %10" PRIu64 "\n", r->alias);
    fprintf(f, "  a sharer held it, no shadow hit found it       %10" PRIu64 "\n", r->missed_sharer);
    fprintf(f, "  average hops of a served miss: rings opposite %.2f, the same way %.2f\n",
            r->shadow_hit ? (double)r->hops_opp / (double)r->shadow_hit : 0.0,
            r->shadow_hit ? (double)r->hops_same / (double)r->shadow_hit : 0.0);
    fprintf(f, "  shadow tag lookups %" PRIu64 " (%.2f per miss)\n", r->lookups,
            r->misses ? (double)r->lookups / (double)r->misses : 0.0);
    wl_l2_print(f, r->l2_req, r->l2_hit);
    fprintf(f, "paper (Table I): uRC max 78%%, average 14%%; Sec. 4.2: 10 hops opposite vs 15 the same way "
               "(15 SMs)\n");
}
