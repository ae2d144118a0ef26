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

/* One sectored cache level: the L1 of an SM, or the L2 all SMs share.  Its
 * tags (a wl_cache), its GDU (sector metadata, fetch decision, counts) and
 * what BGP_inf and SPP keep beside it */
typedef struct {
    wl_cache_t c;
    unsigned ways;
    lamar_gdu_t *gdu;
    uint8_t *used; /* per line: the sectors referenced since its fill */
    inf_t inf;
    map_t spp;      /* SPP: (PC, trigger sector) -> the sectors its key's last block used */
    uint8_t *sv;    /* SPP: per line, its valid sectors */
    uint64_t *trig; /* SPP: per line, the key of the access that filled it */
} lvl_t;

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
static void block_end(wl_lamar_lvl_t *r, uint8_t *used)
{
    r->blocks++;
    r->block_sectors += (uint64_t)__builtin_popcount(*used);
    *used = 0;
}

/* Line `line` (line address addr) leaves by an eviction or a write-evict:
 * what the mode learns from its referenced sectors (BGP_inf's insertion, SPP's
 * pattern), then Avg_sec's sums.  0, or -1 when out of memory. */
static int line_leaves(lvl_t *s, unsigned mode, const lamar_gdu_cfg_t *cfg, wl_lamar_lvl_t *r, unsigned line,
                       uint64_t addr)
{
    if (mode == WL_LAMAR_INF && inf_evict(&s->inf, cfg, addr, s->used[line]) < 0)
        return -1;
    if (mode == WL_LAMAR_SPP) {
        if (map_put(&s->spp, s->trig[line], s->used[line]) < 0)
            return -1;
        s->sv[line] = 0;
    }
    block_end(r, &s->used[line]);
    return 0;
}

static void gdu_cycle(lvl_t *s, const lamar_gdu_in_t *in, lamar_gdu_out_t *out, wl_vec_t *vb)
{
    lamar_gdu_cycle(s->gdu, in, out);
    if (vb)
        wl_vec_add(vb, in->v, out->v, vb->n == 0 ? "reset" : vb->n == 1 ? "mode write" : NULL);
}

/* the GDU's static mode for the experiment's mode: BGP_inf starts CG (the
 * BGP's reset default), SPP runs the GDU FG beside its own fetch */
static unsigned gdu_mode(unsigned mode)
{
    return mode == WL_LAMAR_INF ? WL_LAMAR_CG : mode == WL_LAMAR_SPP ? WL_LAMAR_FG : mode;
}

/* the GDU's static mode now: BGP_inf's last decision, else gdu_mode */
static unsigned cur_mode(const lvl_t *s, unsigned mode)
{
    return mode == WL_LAMAR_INF ? s->inf.gdu_mode : gdu_mode(mode);
}

/* A level of `lines` lines, `ways` ways, its GDU configured as cfg (LINES
 * replaced by lines): reset, then the mode written.  0, or -1 with err. */
static int lvl_init(lvl_t *s, const lamar_gdu_cfg_t *cfg, unsigned lines, unsigned ways, unsigned mode,
                    wl_vec_t *vb, char *err, size_t errlen)
{
    lamar_gdu_cfg_t c = *cfg;
    c.LINES = lines;
    s->ways = ways;
    s->gdu = lamar_gdu_new(&c, err, errlen);
    if (!s->gdu)
        return -1;
    s->used = calloc(lines, 1);
    s->sv = calloc(lines, 1), s->trig = calloc(lines, sizeof *s->trig);
    if (!s->used || !s->sv || !s->trig || wl_cache_init(&s->c, lines / ways, ways) < 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    lamar_gdu_in_t in;
    lamar_gdu_out_t o;
    memset(&in, 0, sizeof in);
    in.rst_i = 1;
    gdu_cycle(s, &in, &o, vb);
    in.rst_i = 0;
    in.mode_wr_i = 1;
    in.mode_i = gdu_mode(mode);
    gdu_cycle(s, &in, &o, vb);
    s->inf.def = 1, s->inf.gdu_mode = WL_LAMAR_CG; /* the BGP's reset: default CG */
    return 0;
}

static void lvl_free(lvl_t *s)
{
    if (!s->gdu)
        return;
    lamar_gdu_free(s->gdu), wl_cache_free(&s->c), free(s->used), map_free(&s->inf.set), map_free(&s->spp),
        free(s->sv), free(s->trig);
}

/* A read of sectors sec (the GDU's) of line (its address bits amask) from
 * instruction pc: the tags looked up and filled, one GDU cycle (BGP_inf: a
 * mode write before it when its decision differs), counted into r.  The
 * sectors fetched into the level in *fetch.  0, or -1 when out of memory. */
static int lvl_read(lvl_t *s, unsigned mode, const lamar_gdu_cfg_t *cfg, uint64_t amask, wl_lamar_lvl_t *r,
                    uint64_t line, unsigned sec, uint64_t pc, wl_vec_t *vb, unsigned *fetch)
{
    lamar_gdu_in_t in;
    lamar_gdu_out_t o;
    wl_lookup_t lk;
    memset(&in, 0, sizeof in);
    in.mode_i = cur_mode(s, mode);
    wl_cache_access(&s->c, line, &lk);
    in.op_i = 1;
    in.line_i = (uint64_t)lk.set * s->ways + lk.way;
    in.hit_i = (uint64_t)lk.hit;
    in.sec_i = sec;
    in.addr_i = line & amask;
    in.vaddr_i = (lk.hit ? line : lk.victim) & amask;
    unsigned idx = (unsigned)in.line_i;
    if (mode == WL_LAMAR_INF) { /* the decision for this access, then the GDU set to it */
        unsigned want = map_get(&s->inf.set, in.addr_i) >= 0 ? !s->inf.def : s->inf.def;
        want = want ? WL_LAMAR_CG : WL_LAMAR_FG;
        if (want != s->inf.gdu_mode) {
            lamar_gdu_in_t w;
            memset(&w, 0, sizeof w);
            w.mode_wr_i = 1, w.mode_i = want;
            gdu_cycle(s, &w, &o, NULL);
            s->inf.gdu_mode = want;
            r->switches++;
        }
        in.mode_i = want;
    }
    if (!lk.hit && lk.evicted && line_leaves(s, mode, cfg, r, idx, lk.victim & amask) < 0)
        return -1;
    s->used[idx] = (uint8_t)(s->used[idx] | sec);
    gdu_cycle(s, &in, &o, vb);
    if (mode == WL_LAMAR_SPP) { /* the experiment's own fetch (docs/workloads.md, "SPP") */
        unsigned f;
        if (!lk.hit) { /* (the victim's pattern is recorded: line_leaves) */
            uint64_t key = pc << 4 | (unsigned)__builtin_ctz(sec);
            int pat = map_get(&s->spp, key);
            f = sec | (pat < 0 ? (1u << cfg->SECT) - 1 : (unsigned)pat);
            s->sv[idx] = (uint8_t)f, s->trig[idx] = key;
            r->block_miss++;
        } else {
            f = sec & ~s->sv[idx];
            s->sv[idx] = (uint8_t)(s->sv[idx] | f);
            r->sector_miss += f != 0;
        }
        r->hits += lk.hit && !f;
        r->readin += (uint64_t)__builtin_popcount(f);
        *fetch = f;
        return 0;
    }
    r->hits += lk.hit && !o.fetch_o;
    r->block_miss += o.miss_o;
    r->sector_miss += o.smiss_o;
    r->cg_miss += o.miss_o && o.cg_o;
    r->readin += (uint64_t)__builtin_popcountll(o.fetch_o);
    *fetch = (unsigned)o.fetch_o;
    return 0;
}

/* the lives still resident at the end join Avg_sec's sums; a NOP cycle
 * shows the GDU's counts */
static void lvl_end(lvl_t *s, unsigned mode, wl_lamar_lvl_t *r, wl_vec_t *vb)
{
    lamar_gdu_in_t in;
    lamar_gdu_out_t o;
    memset(&in, 0, sizeof in);
    in.mode_i = mode;
    gdu_cycle(s, &in, &o, vb);
    r->demand += o.demand_o, r->pref += o.pref_o, r->pnref += o.pnref_o, r->npref += o.npref_o;
    for (unsigned l = 0; l < s->c.sets * s->ways; l++)
        if (s->c.valid[l])
            block_end(r, &s->used[l]);
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
    lvl_t *sm = calloc(WL_MAX_SM, sizeof *sm), l2;
    memset(&l2, 0, sizeof l2);
    wl_vec_t vb = {0};
    int rc = -1;
    if (!sm) {
        snprintf(err, errlen, "%s: out of memory", path);
        goto out;
    }
    if (lvl_init(&l2, &cfg, WL_LAMAR_L2_LINES, WL_LAMAR_L2_WAYS, mode, NULL, e, sizeof e) < 0) {
        snprintf(err, errlen, "%s: the L2: %s", path, e);
        goto out;
    }
    if (vec && wl_vec_start(&vb, vec, &lamar_gdu_block, cfg.v, err, errlen) < 0)
        goto out;
    uint64_t amask = cfg.ADDR_W >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << cfg.ADDR_W) - 1;
    wl_req_t q;
    int got;
    while ((got = wl_reqs_next(&it, &q, err, errlen)) != WL_REQS_END) {
        if (got < 0)
            goto out;
        if (got != WL_REQS_REQ)
            continue;
        unsigned sec = gdu_mask(q.sectors, sector_b, cfg.SECT), f1 = sec, f2;
        if (q.kind == WL_LD || q.kind == WL_ST) {
            lvl_t *s = &sm[q.sm];
            wl_vec_t *vbp = q.sm == 0 && vec ? &vb : NULL;
            if (!s->gdu) { /* first request of this SM: reset, then the mode */
                if (lvl_init(s, &cfg, cfg.LINES, WL_LAMAR_WAYS, mode, vbp, e, sizeof e) < 0) {
                    snprintf(err, errlen, "%s: %s", path, e);
                    goto out;
                }
                res->sms++;
            }
            res->requests++;
            if (q.kind == WL_LD) {
                res->loads++;
                if (lvl_read(s, mode, &cfg, amask, &res->l1, q.line, sec, q.pc, vbp, &f1) < 0)
                    goto oom;
            } else { /* a store: write-through, no allocate, write-evict */
                res->stores++;
                int way = wl_cache_find(&s->c, q.line);
                if (way >= 0) {
                    lamar_gdu_in_t in;
                    lamar_gdu_out_t o;
                    unsigned set = wl_cache_set(&s->c, q.line);
                    memset(&in, 0, sizeof in);
                    in.mode_i = cur_mode(s, mode);
                    in.op_i = 2;
                    in.line_i = (uint64_t)set * WL_LAMAR_WAYS + (unsigned)way;
                    in.vaddr_i = q.line & amask;
                    gdu_cycle(s, &in, &o, vbp);
                    wl_cache_inval(&s->c, set, (unsigned)way);
                    if (line_leaves(s, mode, &cfg, &res->l1, (unsigned)in.line_i, q.line & amask) < 0)
                        goto oom;
                    res->store_evict++;
                }
            }
        }
        /* what passes the L1 reaches the L2 as a read of its sectors: a load's
         * fetch (CG or FG, as the L1 decided), a store (write-allocate,
         * fetch-on-write), an ldg or atom */
        if (f1) {
            res->l2_req++;
            if (lvl_read(&l2, mode, &cfg, amask, &res->l2, q.line, f1, q.pc, NULL, &f2) < 0)
                goto oom;
        }
    }
    for (unsigned i = 0; i < WL_MAX_SM; i++)
        if (sm[i].gdu)
            lvl_end(&sm[i], mode, &res->l1, i == 0 && vec ? &vb : NULL);
    lvl_end(&l2, mode, &res->l2, NULL);
    if (vec) {
        char gen[128];
        snprintf(gen, sizeof gen, "ctwin exp lamar (C model, SM 0 of a trace, mode %u)", mode);
        if (wl_vec_finish(&vb, vec, gen, err, errlen) < 0)
            goto out;
    }
    rc = 0;
    goto out;
oom:
    snprintf(err, errlen, "%s: out of memory", path);
out:
    wl_reqs_close(&it);
    if (sm)
        for (unsigned i = 0; i < WL_MAX_SM; i++)
            lvl_free(&sm[i]);
    free(sm);
    lvl_free(&l2);
    wl_vec_free(&vb);
    return rc;
}

static double vs(uint64_t x, uint64_t base)
{
    return base ? 100.0 * ((double)x - (double)base) / (double)base : 0.0;
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
    fprintf(f, "%-10s %10s %8s %10s %10s %9s %10s %10s %10s %10s\n", "mode", "read-in", "vs FG", "blk-miss",
            "sec-miss", "CG-miss", "DEMAND", "PRED_REF", "PRED_NREF", "NPRED_REF");
    for (int lv = 0; lv < 2; lv++) {
        if (lv)
            fprintf(f, "  L2 (%d KB, %d-way LRU, sectored, write-allocate; its GDU lamar_gdu %s with LINES=%d, the "
                       "same mode): %" PRIu64 " reads; its read-in is DRAM read traffic\n",
                    WL_LAMAR_L2_LINES * 128 / 1024, WL_LAMAR_L2_WAYS, gdu_cfg, WL_LAMAR_L2_LINES, r[0].l2_req);
        for (int i = 0; i < WL_LAMAR_MODES; i++) {
            const wl_lamar_lvl_t *x = lv ? &r[order[i]].l2 : &r[order[i]].l1, *b = lv ? &fg->l2 : &fg->l1;
            char nm[16];
            snprintf(nm, sizeof nm, "%s%s", lv ? "L2/" : "", name[i]);
            if (order[i] == WL_LAMAR_SPP) { /* (the GDU's counts are not SPP's) */
                fprintf(f, "%-10s %10" PRIu64 " %+7.1f%% %10" PRIu64 " %10" PRIu64 " %9s %10s %10s %10s %10s\n", nm,
                        x->readin, vs(x->readin, b->readin), x->block_miss, x->sector_miss, "-", "-", "-", "-", "-");
                continue;
            }
            fprintf(f, "%-10s %10" PRIu64 " %+7.1f%% %10" PRIu64 " %10" PRIu64 " %9" PRIu64 " %10" PRIu64
                       " %10" PRIu64 " %10" PRIu64 " %10" PRIu64 "\n",
                    nm, x->readin, vs(x->readin, b->readin), x->block_miss, x->sector_miss, x->cg_miss, x->demand,
                    x->pref, x->pnref, x->npref);
        }
    }
    fprintf(f, "  Avg_sec (LAMAR Table 3), sectors referenced in an L1 block from its fill to its end: %.2f over %" PRIu64
               " blocks\n",
            fg->l1.blocks ? (double)fg->l1.block_sectors / (double)fg->l1.blocks : 0.0, fg->l1.blocks);
    fprintf(f, "  DRAM read traffic (the L2's read-in) vs CG-only:");
    for (int i = 1; i < WL_LAMAR_MODES; i++)
        fprintf(f, " %s %+.1f%%%s", name[i], vs(r[order[i]].l2.readin, r[WL_LAMAR_CG].l2.readin),
                i < WL_LAMAR_MODES - 1 ? "," : "\n");
    fprintf(f, "paper (Fig. 8, FG-leaning benchmarks' average, read-in sectors vs FG-only, L1/L2): CG-only +171/+93%%, "
               "BGP +37/+47%%, BGP_inf +20/+22%%, SPP +60/+72%%; BGP's off-chip traffic vs CG-only -33%% (Sec. 5.5.1)\n");
}
