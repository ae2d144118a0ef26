/*
 * wl_lamar.c - the LAMAR experiment of wl_lamar.h: per SM an L1 tag array
 * (wl_cache.c) and a lamar_gdu C model, driven request by request.
 */
#include "wl_lamar.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "lamar_gdu.h"
#include "wl_cache.h"
#include "wl_vec.h"

/* A map of keys to a byte (open addressing, key + 1; 0 empty; at most
 * half full, unbounded): BGP_inf's exact set, SPP's pattern history */
typedef struct {
    uint64_t *key;
    uint8_t *val;
    size_t cap, n;
} map_t;

/* BGP_inf's state: the BGP's default and window counts, an exact set */
typedef struct {
    unsigned def, nev, nins, gdu_mode;
    map_t set;
} inf_t;

typedef struct {
    wl_cache_t l1;
    lamar_gdu_t *gdu;
    uint8_t *used; /* per L1 line: the sectors referenced since its fill */
    inf_t inf;
    map_t spp;      /* SPP: (PC, trigger sector) -> the sectors its key's last block used */
    uint8_t *sv;    /* SPP: per L1 line, its valid sectors */
    uint64_t *trig; /* SPP: per L1 line, the key of the access that filled it */
} sm_t;

static size_t map_slot(const map_t *t, uint64_t k)
{
    size_t i = (size_t)((k * UINT64_C(0x9e3779b97f4a7c15)) >> 20) & (t->cap - 1);
    while (t->key[i] && t->key[i] != k + 1)
        i = (i + 1) & (t->cap - 1);
    return i;
}

/* the byte of key k, or -1 when k is absent */
static int map_get(const map_t *t, uint64_t k)
{
    if (!t->cap)
        return -1;
    size_t i = map_slot(t, k);
    return t->key[i] ? t->val[i] : -1;
}

/* 0, or -1 when out of memory */
static int map_put(map_t *t, uint64_t k, unsigned v)
{
    if (2 * (t->n + 1) > t->cap) { /* grow */
        map_t g = {NULL, NULL, t->cap ? 2 * t->cap : 1024, 0};
        g.key = calloc(g.cap, sizeof *g.key), g.val = calloc(g.cap, 1);
        if (!g.key || !g.val) {
            free(g.key), free(g.val);
            return -1;
        }
        for (size_t i = 0; i < t->cap; i++)
            if (t->key[i]) {
                size_t j = map_slot(&g, t->key[i] - 1);
                g.key[j] = t->key[i], g.val[j] = t->val[i], g.n++;
            }
        free(t->key), free(t->val);
        *t = g;
    }
    size_t i = map_slot(t, k);
    t->n += !t->key[i];
    t->key[i] = k + 1, t->val[i] = (uint8_t)v;
    return 0;
}

static void map_free(map_t *t)
{
    free(t->key), free(t->val);
}

/* BGP_inf's eviction: the BGP's rules (docs/blocks/bgp.md) with an exact
 * set: a line whose locality is the default's opposite is inserted; the
 * WIN-th eviction of a window rotates the default when more than SKEW_PCT %
 * were inserted, and the rotation's flush (emptying the set) wins over the
 * insertion */
static int inf_evict(inf_t *b, const lamar_gdu_cfg_t *c, uint64_t addr, unsigned used)
{
    unsigned low = (unsigned)__builtin_popcount(used) < c->TH_FG;
    unsigned ins = low == b->def, last = b->nev == c->WIN - 1;
    unsigned rot = last && b->nins + ins > (unsigned)((uint64_t)c->SKEW_PCT * c->WIN / 100);
    b->nev = last ? 0 : b->nev + 1;
    b->nins = last ? 0 : b->nins + ins;
    if (rot) {
        if (b->set.cap)
            memset(b->set.key, 0, b->set.cap * sizeof *b->set.key);
        b->set.n = 0;
        b->def ^= 1;
        return 0;
    }
    return ins ? map_put(&b->set, addr, 1) : 0;
}

/* a block's life ends (eviction, write-evict, the end of the trace): its
 * referenced sectors join Avg_sec's sums */
static void block_end(wl_lamar_res_t *res, uint8_t *used)
{
    res->blocks++;
    res->block_sectors += (uint64_t)__builtin_popcount(*used);
    *used = 0;
}

/* L1 line `line` (line address addr) leaves by an eviction or a write-evict:
 * what the mode learns from its referenced sectors (BGP_inf's insertion, SPP's
 * pattern), then Avg_sec's sums.  0, or -1 when out of memory. */
static int line_leaves(sm_t *s, unsigned mode, const lamar_gdu_cfg_t *cfg, wl_lamar_res_t *res, unsigned line,
                       uint64_t addr)
{
    if (mode == WL_LAMAR_INF && inf_evict(&s->inf, cfg, addr, s->used[line]) < 0)
        return -1;
    if (mode == WL_LAMAR_SPP) {
        if (map_put(&s->spp, s->trig[line], s->used[line]) < 0)
            return -1;
        s->sv[line] = 0;
    }
    block_end(res, &s->used[line]);
    return 0;
}

static void gdu_cycle(sm_t *s, const lamar_gdu_in_t *in, lamar_gdu_out_t *out, wl_vec_t *vb)
{
    lamar_gdu_cycle(s->gdu, in, out);
    if (vb)
        wl_vec_add(vb, in->v, out->v, vb->n == 0 ? "reset" : vb->n == 1 ? "mode write" : NULL);
}

/* the trace's sector mask (sector_b bytes each) as the GDU's SECT sectors:
 * every GDU sector a touched trace sector overlaps */
static unsigned gdu_mask(uint64_t m, unsigned sector_b, unsigned sect)
{
    unsigned g = 0, gsize = 128 / sect;
    for (unsigned k = 0; k < 64; k++)
        if (m >> k & 1)
            for (unsigned j = k * sector_b / gsize; j <= ((k + 1) * sector_b - 1) / gsize && j < sect; j++)
                g |= 1u << j;
    return g;
}

int wl_lamar_run(const char *path, unsigned mode, const char *gdu_cfg, wl_lamar_res_t *res, const wl_vec_to_t *vec,
                 char *err, size_t errlen)
{
    lamar_gdu_cfg_t cfg;
    char e[CT_ERRLEN];
    memset(res, 0, sizeof *res);
    if (wl_block_cfg(&lamar_gdu_block, gdu_cfg, cfg.v, sizeof cfg.v / sizeof cfg.v[0], "lamar", err, errlen) < 0)
        return -1;
    if (cfg.LINES % WL_LAMAR_WAYS) {
        snprintf(err, errlen, "lamar: GDU LINES=%u is not a multiple of the L1's %d ways", cfg.LINES,
                 WL_LAMAR_WAYS);
        return -1;
    }
    wl_reqs_t it;
    if (wl_reqs_open(&it, path, "lamar", err, errlen) < 0)
        return -1;
    unsigned sector_b = wl_reqs_sector(&it);
    sm_t *sm = calloc(WL_MAX_SM, sizeof *sm);
    wl_vec_t vb = {0};
    wl_l2_t l2 = {0};
    int rc = -1;
    if (!sm || wl_l2_init(&l2) < 0) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto out;
    }
    if (vec && wl_vec_start(&vb, vec, &lamar_gdu_block, cfg.v, err, errlen) < 0)
        goto out;
    uint64_t amask = cfg.ADDR_W >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << cfg.ADDR_W) - 1;
    wl_req_t q;
    int got;
    lamar_gdu_in_t in;
    lamar_gdu_out_t o;
    while ((got = wl_reqs_next(&it, &q, err, errlen)) != WL_REQS_END) {
        if (got < 0)
            goto out;
        if (got == WL_REQS_REQ && (q.kind == WL_LD || q.kind == WL_ST)) {
            sm_t *s = &sm[q.sm];
            wl_vec_t *vbp = q.sm == 0 && vec ? &vb : NULL;
            if (!s->gdu) { /* first request of this SM: reset, then the mode */
                s->gdu = lamar_gdu_new(&cfg, e, sizeof e);
                s->used = calloc(cfg.LINES, 1);
                s->sv = calloc(cfg.LINES, 1), s->trig = calloc(cfg.LINES, sizeof *s->trig);
                if (!s->gdu || !s->used || !s->sv || !s->trig || wl_cache_init(&s->l1, cfg.LINES / WL_LAMAR_WAYS, WL_LAMAR_WAYS) < 0) {
                    snprintf(err, errlen, "%s: %s", path, s->gdu ? "out of memory" : e);
                    goto out;
                }
                res->sms++;
                memset(&in, 0, sizeof in);
                in.rst_i = 1;
                gdu_cycle(s, &in, &o, vbp);
                in.rst_i = 0;
                in.mode_wr_i = 1;
                in.mode_i = mode == WL_LAMAR_INF ? WL_LAMAR_CG : mode == WL_LAMAR_SPP ? WL_LAMAR_FG : mode;
                gdu_cycle(s, &in, &o, vbp);
                s->inf.def = 1, s->inf.gdu_mode = WL_LAMAR_CG; /* the BGP's reset: default CG */
            }
            memset(&in, 0, sizeof in);
            in.mode_i = mode == WL_LAMAR_INF ? s->inf.gdu_mode : mode == WL_LAMAR_SPP ? WL_LAMAR_FG : mode;
            res->requests++;
            if (q.kind == WL_LD) {
                wl_lookup_t lk;
                res->loads++;
                wl_cache_access(&s->l1, q.line, &lk);
                in.op_i = 1;
                in.line_i = (uint64_t)lk.set * WL_LAMAR_WAYS + lk.way;
                in.hit_i = (uint64_t)lk.hit;
                in.sec_i = gdu_mask(q.sectors, sector_b, cfg.SECT);
                in.addr_i = q.line & amask;
                in.vaddr_i = (lk.hit ? q.line : lk.victim) & amask;
                uint8_t *used = &s->used[in.line_i];
                if (mode == WL_LAMAR_INF) { /* the decision for this access, then the GDU set to it */
                    unsigned want = map_get(&s->inf.set, in.addr_i) >= 0 ? !s->inf.def : s->inf.def;
                    want = want ? WL_LAMAR_CG : WL_LAMAR_FG;
                    if (want != s->inf.gdu_mode) {
                        lamar_gdu_in_t w;
                        memset(&w, 0, sizeof w);
                        w.mode_wr_i = 1, w.mode_i = want;
                        gdu_cycle(s, &w, &o, NULL);
                        s->inf.gdu_mode = want;
                        res->switches++;
                    }
                    in.mode_i = want;
                }
                if (!lk.hit && lk.evicted &&
                    line_leaves(s, mode, &cfg, res, (unsigned)in.line_i, lk.victim & amask) < 0) {
                    snprintf(err, errlen, "%s: out of memory", path);
                    goto out;
                }
                *used = (uint8_t)(*used | in.sec_i);
                gdu_cycle(s, &in, &o, vbp);
                if (mode == WL_LAMAR_SPP) { /* the experiment's own fetch (docs/workloads.md, "SPP") */
                    unsigned sec = (unsigned)in.sec_i, fetch, line = (unsigned)in.line_i;
                    if (!lk.hit) { /* (the victim's pattern is recorded: line_leaves) */
                        uint64_t key = q.pc << 4 | (unsigned)__builtin_ctz(sec);
                        int pat = map_get(&s->spp, key);
                        fetch = sec | (pat < 0 ? (1u << cfg.SECT) - 1 : (unsigned)pat);
                        s->sv[line] = (uint8_t)fetch, s->trig[line] = key;
                        res->block_miss++;
                    } else {
                        fetch = sec & ~s->sv[line];
                        s->sv[line] = (uint8_t)(s->sv[line] | fetch);
                        res->sector_miss += fetch != 0;
                    }
                    res->hits += lk.hit && !fetch;
                    res->readin += (uint64_t)__builtin_popcount(fetch);
                    if (fetch)
                        wl_l2_access(&l2, q.line);
                    continue;
                }
                res->hits += lk.hit && !o.fetch_o;
                res->block_miss += o.miss_o;
                res->sector_miss += o.smiss_o;
                res->cg_miss += o.miss_o && o.cg_o;
                res->readin += (uint64_t)__builtin_popcountll(o.fetch_o);
                if (o.fetch_o) /* the sectors fetched: one L2 request */
                    wl_l2_access(&l2, q.line);
            } else { /* a store: write-through, no allocate, write-evict */
                res->stores++;
                wl_l2_access(&l2, q.line);
                int way = wl_cache_find(&s->l1, q.line);
                if (way >= 0) {
                    unsigned set = wl_cache_set(&s->l1, q.line);
                    in.op_i = 2;
                    in.line_i = (uint64_t)set * WL_LAMAR_WAYS + (unsigned)way;
                    in.vaddr_i = q.line & amask;
                    gdu_cycle(s, &in, &o, vbp);
                    wl_cache_inval(&s->l1, set, (unsigned)way);
                    if (line_leaves(s, mode, &cfg, res, (unsigned)in.line_i, q.line & amask) < 0) {
                        snprintf(err, errlen, "%s: out of memory", path);
                        goto out;
                    }
                    res->store_evict++;
                }
            }
        } else if (got == WL_REQS_REQ) /* ldg, atom: past the L1 */
            wl_l2_access(&l2, q.line);
    }
    res->l2_req = l2.req, res->l2_hit = l2.hit;
    /* a NOP cycle shows each GDU's counts */
    for (unsigned i = 0; i < WL_MAX_SM; i++)
        if (sm[i].gdu) {
            memset(&in, 0, sizeof in);
            in.mode_i = mode;
            gdu_cycle(&sm[i], &in, &o, i == 0 && vec ? &vb : NULL);
            res->demand += o.demand_o, res->pref += o.pref_o, res->pnref += o.pnref_o, res->npref += o.npref_o;
            for (unsigned l = 0; l < cfg.LINES; l++)
                if (sm[i].l1.valid[l])
                    block_end(res, &sm[i].used[l]);
        }
    if (vec) {
        char gen[128];
        snprintf(gen, sizeof gen, "ctwin exp lamar (C model, SM 0 of a trace, mode %u)", mode);
        if (wl_vec_finish(&vb, vec, gen, err, errlen) < 0)
            goto out;
    }
    rc = 0;
out:
    wl_reqs_close(&it);
    if (sm)
        for (unsigned i = 0; i < WL_MAX_SM; i++)
            if (sm[i].gdu)
                lamar_gdu_free(sm[i].gdu), wl_cache_free(&sm[i].l1), free(sm[i].used), map_free(&sm[i].inf.set),
                    map_free(&sm[i].spp), free(sm[i].sv), free(sm[i].trig);
    free(sm);
    wl_vec_free(&vb);
    wl_l2_free(&l2);
    return rc;
}

void wl_lamar_print(FILE *f, const char *path, const char *gdu_cfg, const wl_lamar_res_t r[WL_LAMAR_MODES])
{
    static const char *const name[WL_LAMAR_MODES] = {"CG-only", "FG-only", "BGP", "BGP_inf", "SPP"};
    static const int order[WL_LAMAR_MODES] = {WL_LAMAR_CG, WL_LAMAR_FG, WL_LAMAR_DYN, WL_LAMAR_INF, WL_LAMAR_SPP};
    const wl_lamar_res_t *fg = &r[WL_LAMAR_FG];
    fprintf(f, "lamar: %s\n", path);
    fprintf(f, "  %" PRIu64 " L1 requests (%" PRIu64 " loads, %" PRIu64 " stores) on %u SMs; L1 per SM: lamar_gdu %s, "
               "%d-way LRU, write-evict\n",
            r[0].requests, r[0].loads, r[0].stores, r[0].sms, gdu_cfg, WL_LAMAR_WAYS);
    fprintf(f, "%-8s %10s %8s %10s %10s %9s %10s %10s %10s %10s\n", "mode", "read-in", "vs FG", "blk-miss",
            "sec-miss", "CG-miss", "DEMAND", "PRED_REF", "PRED_NREF", "NPRED_REF");
    for (int i = 0; i < WL_LAMAR_MODES; i++) {
        const wl_lamar_res_t *x = &r[order[i]];
        double vs = fg->readin ? 100.0 * ((double)x->readin - (double)fg->readin) / (double)fg->readin : 0.0;
        if (order[i] == WL_LAMAR_SPP) { /* (the GDU's counts are not SPP's) */
            fprintf(f, "%-8s %10" PRIu64 " %+7.1f%% %10" PRIu64 " %10" PRIu64 " %9s %10s %10s %10s %10s\n", name[i],
                    x->readin, vs, x->block_miss, x->sector_miss, "-", "-", "-", "-", "-");
            continue;
        }
        fprintf(f, "%-8s %10" PRIu64 " %+7.1f%% %10" PRIu64 " %10" PRIu64 " %9" PRIu64 " %10" PRIu64 " %10" PRIu64
                   " %10" PRIu64 " %10" PRIu64 "\n",
                name[i], x->readin, vs, x->block_miss, x->sector_miss, x->cg_miss, x->demand, x->pref, x->pnref,
                x->npref);
    }
    fprintf(f, "  Avg_sec (LAMAR Table 3), sectors referenced in an L1 block from its fill to its end: %.2f over %" PRIu64
               " blocks\n",
            fg->blocks ? (double)fg->block_sectors / (double)fg->blocks : 0.0, fg->blocks);
    fprintf(f, "  " WL_L2_FMT ", hits / requests past the L1s:", WL_L2_FMT_ARGS);
    for (int i = 0; i < WL_LAMAR_MODES; i++)
        fprintf(f, " %s %" PRIu64 " / %" PRIu64 "%s", name[i], r[order[i]].l2_hit, r[order[i]].l2_req,
                i < WL_LAMAR_MODES - 1 ? "," : "\n");
    fprintf(f, "paper (Fig. 8, FG-leaning benchmarks' average, L1 read-in sectors vs FG-only): CG-only +171%%, "
               "BGP +37%%\n");
}
