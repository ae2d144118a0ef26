/*
 * wl_bench.c - the benchmark catalogue, the coalescer and the scheduler of
 * wl_bench.h (docs/benchmarks.md, "Scheduler").  Per launch: CTAs in
 * order dealt to SMs 0, 1, ... as slots free (an SM holds min(8, 1536 /
 * threads, 48 / warps) CTAs, Fermi's limits); turns go SM 0, 1, ..., SMS-1,
 * again and again; in its turn an SM issues one warp instruction, the first
 * ready warp from its cursor on over its slots' warps (loose round robin),
 * and moves the cursor past it.  A warp with no instruction left is done; a
 * CTA whose warps are done frees its slot, which takes the next CTA at once.
 * Launches run one after the other.  The trace ends after the instruction
 * that reaches REQS requests, or with the program.
 */
#define _POSIX_C_SOURCE 200809L
#include "wl_bench_int.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "wl_grow.h"

const wl_bench_t *const wl_benches[] = {
    &wl_b_2dconv, &wl_b_3dconv, &wl_b_2mm,     &wl_b_3mm,      &wl_b_atax,       &wl_b_bicg,  &wl_b_corr,
    &wl_b_covar,  &wl_b_fdtd2d, &wl_b_gemm,    &wl_b_gesummv,  &wl_b_gramschm,   &wl_b_mvt,   &wl_b_syr2k,
    &wl_b_syrk,   &wl_b_backprop, &wl_b_bfs,   &wl_b_gaussian, &wl_b_hotspot,    &wl_b_kmeans, &wl_b_lud,
    &wl_b_nn,     &wl_b_nw,     &wl_b_pathfinder, &wl_b_srad};
const unsigned wl_n_benches = sizeof wl_benches / sizeof wl_benches[0];

const wl_bench_t *wl_find_bench(const char *name)
{
    for (unsigned i = 0; i < wl_n_benches; i++)
        if (strcmp(wl_benches[i]->k.name, name) == 0)
            return wl_benches[i];
    return NULL;
}

int wl_bench_parse(const wl_bench_t *b, const char *text, uint32_t *v, char *err, size_t errlen)
{
    return wl_synth_parse(&b->k, text, v, err, errlen);
}

#define LINE_B 128u
#define SECTOR_B 32u
#define BASE UINT64_C(0x10000000) /* the first array's address */

int wl_bench_alloc(wl_bstate_t *s, uint64_t bytes)
{
    unsigned i;
    for (i = 0; i < WL_BENCH_ARRAYS && s->base[i]; i++)
        ;
    if (i == WL_BENCH_ARRAYS || bytes > (UINT64_C(1) << 40))
        return -1;
    if (!s->next)
        s->next = BASE;
    s->base[i] = s->next;
    s->next = (s->next + bytes + 255) & ~UINT64_C(255);
    return 0;
}

unsigned wl_coalesce(const uint64_t *addr, uint32_t mask, unsigned size, uint64_t *lines, uint8_t *masks)
{
    unsigned n = 0;
    for (unsigned l = 0; l < 32; l++) {
        if (!(mask >> l & 1))
            continue;
        uint64_t first = addr[l], last = addr[l] + size - 1;
        for (uint64_t line = first / LINE_B; line <= last / LINE_B; line++) {
            uint64_t lo = line == first / LINE_B ? first % LINE_B : 0;
            uint64_t hi = line == last / LINE_B ? last % LINE_B : LINE_B - 1;
            uint8_t m = 0;
            for (uint64_t k = lo / SECTOR_B; k <= hi / SECTOR_B; k++)
                m = (uint8_t)(m | 1u << k);
            unsigned j;
            for (j = 0; j < n && lines[j] != line; j++)
                ;
            if (j == n) {
                /* insertion, ascending */
                for (j = n++; j > 0 && lines[j - 1] > line; j--)
                    lines[j] = lines[j - 1], masks[j] = masks[j - 1];
                lines[j] = line, masks[j] = 0;
            }
            masks[j] = (uint8_t)(masks[j] | m);
        }
    }
    return n;
}

void wl_bench_inst(bctx_t *c, uint64_t pc, unsigned kind, unsigned size, const uint64_t *addr, uint32_t mask)
{
    uint64_t lines[64];
    uint8_t masks[64];
    if (!mask || c->oom)
        return;
    unsigned n = wl_coalesce(addr, mask, size, lines, masks);
    breq_t *q = wl_grow(c->q, &c->capq, c->nq + n, sizeof *q, 256);
    if (!q) {
        c->oom = 1;
        return;
    }
    c->q = q;
    for (unsigned i = 0; i < n; i++)
        c->q[c->nq++] = (breq_t){lines[i], pc, masks[i], (uint8_t)kind, (uint8_t)(i == 0)};
    c->ninst++;
}

/* ------------------------------------------------------------ scheduler */

#define CHUNK 64     /* warp instructions generated at a time */
#define MAX_CTAS 8   /* Fermi: CTAs, threads and warps an SM holds */
#define MAX_THREADS 1536
#define MAX_WARPS 48

typedef struct {
    bctx_t c;
    size_t pos;   /* next request of c.q to issue */
    int done;
    uint32_t id;  /* the trace's warp id: CTA * warps a CTA + warp */
} bwarp_t;

typedef struct {
    int used;
    unsigned live; /* warps not done */
    bwarp_t *w;
} bslot_t;

typedef struct {
    bslot_t slot[MAX_CTAS];
    unsigned cur_slot, cur_warp; /* the cursor */
} bsm_t;

typedef struct {
    const wl_bstate_t *s;
    const wl_launch_t *l;
    unsigned wpc, slots, sms; /* warps a CTA, slots an SM */
    uint64_t ctas, next_cta, live_ctas;
    bsm_t *sm;
} brun_t;

static void warp_refill(bwarp_t *w)
{
    bctx_t *c = &w->c;
    c->skip = c->seen, c->seen = 0, c->ninst = 0, c->nq = 0, c->more = 0;
    w->pos = 0;
    c->l->fn(c);
}

static int cta_start(brun_t *r, bslot_t *sl)
{
    const wl_launch_t *l = r->l;
    uint64_t cta = r->next_cta++;
    unsigned threads = l->bx * l->by;
    for (unsigned w = 0; w < r->wpc; w++)
        free(sl->w[w].c.q);
    memset(sl->w, 0, r->wpc * sizeof *sl->w);
    sl->used = 1, sl->live = r->wpc;
    r->live_ctas++;
    for (unsigned w = 0; w < r->wpc; w++) {
        bwarp_t *bw = &sl->w[w];
        bctx_t *c = &bw->c;
        c->s = r->s, c->l = l;
        c->cx = (int64_t)(cta % l->gx), c->cy = (int64_t)(cta / l->gx);
        for (unsigned ln = 0; ln < 32; ln++) {
            unsigned t = w * 32 + ln;
            if (t < threads) {
                c->lanes |= 1u << ln;
                c->tx[ln] = t % l->bx, c->ty[ln] = t / l->bx;
            }
        }
        c->room = CHUNK;
        bw->id = (uint32_t)(cta * r->wpc + w);
        warp_refill(bw);
        if (c->oom)
            return -1;
    }
    return 0;
}

/* SM sm's turn: issues one warp instruction into *out (its request
 * range); 1, 0 when the SM has nothing to issue, -1 out of memory */
static int sm_turn(brun_t *r, bsm_t *m, bwarp_t **out)
{
    unsigned total = r->slots * r->wpc;
    for (unsigned tries = 0; tries <= total; tries++) {
        unsigned si = m->cur_slot, wi = m->cur_warp;
        if (++m->cur_warp == r->wpc)
            m->cur_warp = 0, m->cur_slot = (m->cur_slot + 1) % r->slots;
        bslot_t *sl = &m->slot[si];
        if (!sl->used) {
            if (r->next_cta == r->ctas)
                continue;
            if (cta_start(r, sl) < 0)
                return -1;
        }
        bwarp_t *w = &sl->w[wi];
        if (w->done)
            continue;
        if (w->pos == w->c.nq && w->c.more) {
            warp_refill(w);
            if (w->c.oom)
                return -1;
        }
        if (w->pos < w->c.nq) { /* the cursor is already past it */
            *out = w;
            return 1;
        }
        w->done = 1;
        if (--sl->live == 0) {
            sl->used = 0;
            r->live_ctas--;
            if (r->next_cta < r->ctas && cta_start(r, sl) < 0)
                return -1;
        }
    }
    return 0;
}

/* the window: requests numbered from 0 in program order; an instruction
 * is written whole when its first request's number is SKIP or more, the
 * launch's kernel line before its first written request */
typedef struct {
    wl_writer_t *wr;
    uint64_t skip, seen;       /* SKIP; requests issued so far */
    uint32_t kid;              /* the kernel line owed: its id (0: none) */
    const char *kname;
} window_t;

static void write_inst(window_t *wd, unsigned sm, bwarp_t *w, uint64_t *reqs)
{
    int keep = wd->seen >= wd->skip;
    if (keep && wd->kid) {
        wl_write_kernel(wd->wr, wd->kid, wd->kname);
        wd->kid = 0;
    }
    do {
        const breq_t *q = &w->c.q[w->pos++];
        wd->seen++;
        if (!keep)
            continue;
        wl_access_t a = {sm, w->id, q->pc, 0, SECTOR_B, (wl_kind_t)q->kind};
        for (unsigned k = 0; k < LINE_B / SECTOR_B; k++)
            if (q->sectors >> k & 1) {
                a.addr = q->line * LINE_B + k * SECTOR_B;
                wl_write_access(wd->wr, &a);
            }
        ++*reqs;
    } while (w->pos < w->c.nq && !w->c.q[w->pos].first);
}

static void bfs_free(wl_bstate_t *s)
{
    free(s->off), free(s->edge), free(s->level);
}

int wl_bench_write(const wl_bench_t *b, const uint32_t *v, uint64_t seed, FILE *f, int binary,
                   wl_bench_stats_t *st, char *err, size_t errlen)
{
    wl_bstate_t s;
    memset(&s, 0, sizeof s);
    s.v = v, s.seed = seed;
    wl_bench_stats_t dummy;
    if (!st)
        st = &dummy;
    memset(st, 0, sizeof *st);
    if (b->setup(&s) < 0) {
        bfs_free(&s);
        snprintf(err, errlen, "bench %s: out of memory (or arrays past 2^40 bytes)", b->k.name);
        return -1;
    }
    char params[192];
    wl_trace_header_t h = {LINE_B, SECTOR_B, "", binary};
    wl_synth_format(&b->k, v, params, sizeof params);
    snprintf(h.source, sizeof h.source, "ctwin bench %s %s seed=%" PRIu64, b->k.name, params, seed);
    wl_writer_t wr;
    wl_write_header(&wr, f, &h);
    unsigned sms = v[0];
    uint64_t reqs_max = v[1];
    window_t wd = {&wr, v[2], 0, 0, NULL};
    bsm_t *sm = calloc(sms, sizeof *sm);
    int oom = !sm;
    wl_launch_t l;
    for (uint64_t li = 0; !oom && st->requests < reqs_max && b->launch(&s, li, &l); li++) {
        brun_t r = {&s, &l, 0, 0, sms, (uint64_t)l.gx * l.gy, 0, 0, sm};
        unsigned threads = l.bx * l.by;
        r.wpc = (threads + 31) / 32;
        r.slots = MAX_CTAS;
        if (MAX_THREADS / threads < r.slots)
            r.slots = MAX_THREADS / threads;
        if (MAX_WARPS / r.wpc < r.slots)
            r.slots = MAX_WARPS / r.wpc;
        memset(sm, 0, sms * sizeof *sm);
        for (unsigned i = 0; i < sms && !oom; i++)
            for (unsigned j = 0; j < r.slots && !oom; j++)
                oom = !(sm[i].slot[j].w = calloc(r.wpc, sizeof(bwarp_t)));
        /* CTAs dealt in order: SM 0 slot 0, SM 1 slot 0, ..., SM 0 slot 1, ... */
        for (unsigned j = 0; j < r.slots && !oom; j++)
            for (unsigned i = 0; i < sms && !oom && r.next_cta < r.ctas; i++)
                oom = cta_start(&r, &sm[i].slot[j]) < 0;
        wd.kid = (uint32_t)(li + 1), wd.kname = l.name; /* written before the launch's first request kept */
        st->launches++;
        while (!oom && r.live_ctas && st->requests < reqs_max) {
            for (unsigned i = 0; i < sms && st->requests < reqs_max; i++) {
                bwarp_t *w;
                int got = sm_turn(&r, &sm[i], &w);
                if (got < 0) {
                    oom = 1;
                    break;
                }
                if (got) {
                    write_inst(&wd, i, w, &st->requests);
                    st->instructions++;
                }
            }
        }
        for (unsigned i = 0; i < sms; i++)
            for (unsigned j = 0; j < MAX_CTAS; j++) {
                bslot_t *sl = &sm[i].slot[j];
                if (sl->w) {
                    for (unsigned k = 0; k < r.wpc; k++)
                        free(sl->w[k].c.q);
                    free(sl->w);
                }
            }
    }
    free(sm);
    bfs_free(&s);
    if (oom) {
        snprintf(err, errlen, "bench %s: out of memory", b->k.name);
        return -1;
    }
    if (wl_write_end(&wr) < 0) {
        snprintf(err, errlen, "bench %s: write error", b->k.name);
        return -1;
    }
    return 0;
}
