/*
 * wl_leak.c - the leakage-policy experiment of wl_leak.h: per SM an L1
 * tag array (wl_cache.c) and a sleep_fsm C model, one cycle per request of
 * that SM (its own clock), a stalled HIT presented again until served.
 */
#include "wl_leak.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "sleep_fsm.h"
#include "wl_cache.h"
#include "wl_vec.h"

enum { OP_NOP, OP_FILL, OP_HIT, OP_EVICT };

typedef struct {
    wl_cache_t l1;
    sleep_fsm_t *f;
    wl_vec_t *vec;     /* SM 0's cycles, when they are recorded */
    uint64_t requests; /* the SM's cycles without management: one a request */
} smp_t;

/* one cycle of a sleep_fsm, recorded when vec is given (SM 0's) */
static void pm_in(sleep_fsm_t *f, wl_vec_t *vec, const sleep_fsm_in_t *in, sleep_fsm_out_t *o)
{
    sleep_fsm_cycle(f, in, o);
    if (vec)
        wl_vec_add(vec, in->v, o->v, in->rst_i ? "reset" : NULL);
}

/* one non-reset cycle, op on line, counted in *cycles */
static void pm_cycle(sleep_fsm_t *f, wl_vec_t *vec, unsigned op, unsigned line, sleep_fsm_out_t *o,
                     uint64_t *cycles)
{
    sleep_fsm_in_t in;
    memset(&in, 0, sizeof in);
    in.op_i = op, in.line_i = line;
    pm_in(f, vec, &in, o);
    ++*cycles;
}

/* A hit of a cache whose lines' modes f holds: a HIT on line, presented
 * again each cycle stall_o says the line is waking (counted in *stalls); a
 * HIT answered lost_o (the line was OFF: its data gone, counted in *lost)
 * is refilled the next cycle, a FILL.  1: lost and refilled, 0: served, -1:
 * still stalled after 64 cycles. */
static int pm_hit(sleep_fsm_t *f, wl_vec_t *vec, unsigned line, uint64_t *cycles, uint64_t *stalls,
                  uint64_t *lost)
{
    sleep_fsm_out_t o;
    for (unsigned n = 0;; n++) {
        pm_cycle(f, vec, OP_HIT, line, &o, cycles);
        if (!o.stall_o)
            break;
        ++*stalls;
        if (n == 64)
            return -1;
    }
    if (!o.lost_o)
        return 0;
    ++*lost;
    pm_cycle(f, vec, OP_FILL, line, &o, cycles);
    return 1;
}

/* The managed L2 (wl_leak.h, l2m): its tags and its sleep_fsm. */
typedef struct {
    wl_cache_t c;
    sleep_fsm_t *f;
} l2m_t;

/* One request of the L1s without management past them: the L2's (l2, its
 * hit counts) and the managed L2's (with lm's FSM), where a hit is a HIT
 * (pm_hit: an OFF line's refill an extra miss) and a miss a FILL into the
 * way the L2 fills.  A store is a request like the others (write-allocate). */
static int past_l1(wl_l2_t *l2, l2m_t *l, uint64_t line, wl_leak_res_t *r, const char *path, char *err,
                   size_t errlen)
{
    wl_l2_access(l2, line);
    if (!l->f)
        return 0;
    wl_lookup_t lk;
    sleep_fsm_out_t o;
    wl_cache_access(&l->c, line, &lk);
    unsigned idx = lk.set * WL_L2_WAYS + lk.way;
    r->l2m.requests++;
    if (!lk.hit) {
        pm_cycle(l->f, NULL, OP_FILL, idx, &o, &r->l2m.cycles);
        return 0;
    }
    r->l2m.hits++;
    if (pm_hit(l->f, NULL, idx, &r->l2m.cycles, &r->l2m.stalls, &r->l2m.lost) < 0) {
        snprintf(err, errlen, "%s: leak: an L2 HIT on line %u stalled 64 cycles", path, idx);
        return -1;
    }
    return 0;
}

int wl_leak_run(const char *path, const char *cfgtext, wl_leak_res_t *res, const wl_vec_to_t *vec,
                char *err, size_t errlen)
{
    return wl_leak_run_l2(path, cfgtext, WL_LEAK_L2_CFG, res, vec, err, errlen);
}

int wl_leak_run_l2(const char *path, const char *cfgtext, const char *l2text, wl_leak_res_t *res,
                   const wl_vec_to_t *vec, char *err, size_t errlen)
{
    sleep_fsm_cfg_t cfg, l2cfg;
    char e[CT_ERRLEN];
    memset(res, 0, sizeof *res);
    if (wl_block_cfg(&sleep_fsm_block, cfgtext, cfg.v, sizeof cfg.v / sizeof cfg.v[0], "leak", err, errlen) < 0)
        return -1;
    if (l2text && wl_block_cfg(&sleep_fsm_block, l2text, l2cfg.v, sizeof l2cfg.v / sizeof l2cfg.v[0], "leak: L2",
                               err, errlen) < 0)
        return -1;
    if (l2text && (l2cfg.NUM_LINES != WL_L2_LINES || l2cfg.POLICY == 0)) {
        snprintf(err, errlen, "leak: L2: NUM_LINES=%u must be the L2's %d lines, POLICY=%u one of 1..4",
                 l2cfg.NUM_LINES, WL_L2_LINES, l2cfg.POLICY);
        return -1;
    }
    if (cfg.NUM_LINES % WL_LEAK_WAYS || cfg.POLICY == 0) {
        snprintf(err, errlen, "leak: NUM_LINES=%u must be a multiple of the L1's %d ways, POLICY=%u one of 1..4 "
                              "(LoSCache's gating needs its predictor: ctwin exp loscache)",
                 cfg.NUM_LINES, WL_LEAK_WAYS, cfg.POLICY);
        return -1;
    }
    smp_t *sm = calloc(WL_MAX_SM, sizeof *sm);
    wl_reqs_t it;
    memset(&it, 0, sizeof it);
    wl_vec_t vb = {0};
    wl_l2_t l2 = {0};
    l2m_t lm = {0};
    sleep_fsm_out_t o;
    int rc = -1, got;
    if (!sm || wl_l2_init(&l2) < 0) {
        free(sm);
        wl_l2_free(&l2);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if (l2text) { /* the managed L2, reset (the reset cycle not counted) */
        lm.f = sleep_fsm_new(&l2cfg, e, sizeof e);
        if (!lm.f || wl_cache_init(&lm.c, WL_L2_LINES / WL_L2_WAYS, WL_L2_WAYS) < 0) {
            snprintf(err, errlen, "%s: %s", path, lm.f ? "out of memory" : e);
            goto out;
        }
        sleep_fsm_in_t in;
        memset(&in, 0, sizeof in);
        in.rst_i = 1;
        pm_in(lm.f, NULL, &in, &o);
    }
    if (vec) {
        if (wl_vec_start(&vb, vec, &sleep_fsm_block, cfg.v, err, errlen) < 0)
            goto out;
        sm[0].vec = &vb;
    }
    if (wl_reqs_open(&it, path, "leak", err, errlen) < 0)
        goto out;
    wl_req_t q;
    while ((got = wl_reqs_next(&it, &q, err, errlen)) != WL_REQS_END) {
        if (got < 0)
            goto out;
        if (got == WL_REQS_REQ) {
            smp_t *s = &sm[q.sm];
            if (!s->f) { /* the SM's first request: its L1 and FSM, reset (not counted) */
                s->f = sleep_fsm_new(&cfg, e, sizeof e);
                if (!s->f || wl_cache_init(&s->l1, cfg.NUM_LINES / WL_LEAK_WAYS, WL_LEAK_WAYS) < 0) {
                    snprintf(err, errlen, "%s: %s", path, s->f ? "out of memory" : e);
                    goto out;
                }
                sleep_fsm_in_t in;
                memset(&in, 0, sizeof in);
                in.rst_i = 1;
                pm_in(s->f, s->vec, &in, &o);
                res->sms++;
            }
            res->requests++;
            s->requests++;
            if (q.kind == WL_LD) {
                wl_lookup_t lk;
                res->loads++;
                res->ld_sectors += (uint64_t)__builtin_popcountll(q.sectors);
                wl_cache_access(&s->l1, q.line, &lk);
                unsigned idx = lk.set * WL_LEAK_WAYS + lk.way;
                if (lk.hit) {
                    res->hits++;
                    int h = pm_hit(s->f, s->vec, idx, &res->cycles, &res->stalls, &res->lost);
                    if (h < 0) {
                        snprintf(err, errlen, "%s: leak: a HIT on SM %u line %u stalled 64 cycles", path, q.sm,
                                 idx);
                        goto out;
                    }
                    if (h > 0) /* the lost line's refill: past the L1 (not a request the managed L2 sees) */
                        wl_l2_access(&l2, q.line);
                } else {
                    res->misses++;
                    res->fill_sectors += it.as.line_b / it.as.sector_b;
                    if (past_l1(&l2, &lm, q.line, res, path, err, errlen) < 0)
                        goto out;
                    pm_cycle(s->f, s->vec, OP_FILL, idx, &o, &res->cycles);
                }
            } else if (q.kind == WL_ST) { /* write-evict; written through to L2 */
                if (past_l1(&l2, &lm, q.line, res, path, err, errlen) < 0)
                    goto out;
                int way = wl_cache_find(&s->l1, q.line);
                unsigned set = wl_cache_set(&s->l1, q.line);
                if (way >= 0)
                    wl_cache_inval(&s->l1, set, (unsigned)way);
                pm_cycle(s->f, s->vec, way >= 0 ? OP_EVICT : OP_NOP, way >= 0 ? set * WL_LEAK_WAYS + (unsigned)way : 0,
                         &o, &res->cycles);
            } else { /* ldg, atom: past L1 (to L2), but the SM's clock ticks */
                if (past_l1(&l2, &lm, q.line, res, path, err, errlen) < 0)
                    goto out;
                pm_cycle(s->f, s->vec, OP_NOP, 0, &o, &res->cycles);
            }
        }
    }
    for (unsigned i = 0; i < WL_MAX_SM; i++)
        if (sm[i].f) {
            sleep_fsm_stats_t st;
            sleep_fsm_stats(sm[i].f, &st);
            res->line_cycles += st.lines * st.cycles;
            res->orig_line_cycles += st.lines * sm[i].requests;
            res->active += st.active, res->drowsy += st.drowsy, res->off += st.off;
            res->act_drowsy += st.act_drowsy;
        }
    res->l2_req = l2.req, res->l2_hit = l2.hit;
    if (lm.f) {
        sleep_fsm_stats_t st;
        sleep_fsm_stats(lm.f, &st);
        res->l2m.orig_line_cycles = st.lines * res->l2m.requests;
        res->l2m.active = st.active, res->l2m.drowsy = st.drowsy, res->l2m.off = st.off;
        res->l2m.act_drowsy = st.act_drowsy;
    }
    if (vec && wl_vec_finish(&vb, vec, "ctwin exp leak (C model, SM 0 of a trace)", err, errlen) < 0)
        goto out;
    rc = 0;
out:
    wl_reqs_close(&it);
    wl_vec_free(&vb);
    wl_l2_free(&l2);
    sleep_fsm_free(lm.f);
    if (lm.f)
        wl_cache_free(&lm.c);
    for (unsigned i = 0; i < WL_MAX_SM; i++)
        if (sm[i].f) {
            sleep_fsm_free(sm[i].f);
            wl_cache_free(&sm[i].l1);
        }
    free(sm);
    return rc;
}

/* Eq. (1): the line-cycles of the managed run over N x T, T "the original
 * execution cycles without using any leakage management method" */
static double eq1(uint64_t active, uint64_t drowsy, uint64_t act_drowsy, uint64_t orig, double e_trans)
{
    if (!orig)
        return 0.0;
    return 1.0 - ((double)active + 0.1 * (double)drowsy + e_trans * (double)act_drowsy) / (double)orig;
}

double wl_leak_nlr(const wl_leak_res_t *r, double e_trans)
{
    return eq1(r->active, r->drowsy, r->act_drowsy, r->orig_line_cycles, e_trans);
}

double wl_leak_l2_nlr(const wl_leak_res_t *r, double e_trans)
{
    return eq1(r->l2m.active, r->l2m.drowsy, r->l2m.act_drowsy, r->l2m.orig_line_cycles, e_trans);
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void wl_leak_print(FILE *f, const char *path, const char *cfg, const char *l2cfg, const wl_leak_res_t *r)
{
    fprintf(f, "leak: %s\n", path);
    fprintf(f, "  %u SMs, each an L1 of sleep_fsm %s, %d-way LRU, write-evict; one cycle per request of the SM\n",
            r->sms, cfg, WL_LEAK_WAYS);
    fprintf(f, "  requests %" PRIu64 ", L1 loads %" PRIu64 ": hits %" PRIu64 ", misses %" PRIu64 "\n", r->requests,
            r->loads, r->hits, r->misses);
    fprintf(f, "  residency: ACTIVE %.1f%%, DROWSY %.1f%%, OFF %.1f%% of %" PRIu64 " line-cycles\n",
            pct(r->active, r->line_cycles), pct(r->drowsy, r->line_cycles), pct(r->off, r->line_cycles),
            r->line_cycles);
    fprintf(f, "  NLR, Leakage [001] Eq. (1), DROWSY at 10%%: %.2f%% (E' = 0), %.2f%% (E' = 1 per ACTIVE<->DROWSY)\n",
            100.0 * wl_leak_nlr(r, 0.0), 100.0 * wl_leak_nlr(r, 1.0));
    fprintf(f, "  wake-up stall cycles %" PRIu64 " (%.3f per load); hits on OFF lines (extra misses) %" PRIu64
               " (%+.1f%% misses)\n",
            r->stalls, r->loads ? (double)r->stalls / (double)r->loads : 0.0, r->lost, pct(r->lost, r->misses));
    wl_l2_print(f, r->l2_req, r->l2_hit);
    fprintf(f, "paper (Fig. 5, L1, HDG): NLR 94.81%% at a 10k decay interval, 96.12%% at 1k\n");
    fprintf(f, "L1 bypass (Sec. IV-C): the loads' read traffic from L2, %" PRIu64 " sectors with the L1 (a line a miss), "
               "%" PRIu64 " bypassing it (the requested sectors): %+.1f%%\n",
            r->fill_sectors, r->ld_sectors,
            r->fill_sectors ? 100.0 * ((double)r->ld_sectors - (double)r->fill_sectors) / (double)r->fill_sectors
                            : 0.0);
    if (!r->l2m.orig_line_cycles)
        return;
    fprintf(f, "the L2 managed on its own (sleep_fsm %s; one cycle a request of the L1s without management):\n",
            l2cfg);
    fprintf(f, "  L2 requests %" PRIu64 ", hits %" PRIu64 "; wake-up stall cycles %" PRIu64 " (%.3f per hit); "
               "hits on OFF lines (extra L2 misses) %" PRIu64 "\n",
            r->l2m.requests, r->l2m.hits, r->l2m.stalls,
            r->l2m.hits ? (double)r->l2m.stalls / (double)r->l2m.hits : 0.0, r->l2m.lost);
    fprintf(f, "  L2 residency: ACTIVE %.1f%%, DROWSY %.1f%%, OFF %.1f%%; L2 NLR, Eq. (1): %.2f%% (E' = 0)\n",
            pct(r->l2m.active, r->l2m.active + r->l2m.drowsy + r->l2m.off),
            pct(r->l2m.drowsy, r->l2m.active + r->l2m.drowsy + r->l2m.off),
            pct(r->l2m.off, r->l2m.active + r->l2m.drowsy + r->l2m.off), 100.0 * wl_leak_l2_nlr(r, 0.0));
    fprintf(f, "paper (Fig. 6, L2, HDG): NLR 94.56%% at a 15k decay interval, 98.83%% at 1k\n");
}
