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

/* one cycle of the SM's FSM (recorded when asked) */
static void fsm_cycle(smp_t *s, const sleep_fsm_in_t *in, sleep_fsm_out_t *o)
{
    sleep_fsm_cycle(s->f, in, o);
    if (s->vec)
        wl_vec_add(s->vec, in->v, o->v, in->rst_i ? "reset" : NULL);
}

static void fsm(smp_t *s, unsigned op, unsigned line, sleep_fsm_out_t *o, wl_leak_res_t *r)
{
    sleep_fsm_in_t in;
    memset(&in, 0, sizeof in);
    in.op_i = op, in.line_i = line;
    fsm_cycle(s, &in, o);
    r->cycles++;
}

int wl_leak_run(const char *path, const char *cfgtext, wl_leak_res_t *res, const wl_vec_to_t *vec,
                char *err, size_t errlen)
{
    sleep_fsm_cfg_t cfg;
    char e[CT_ERRLEN];
    memset(res, 0, sizeof *res);
    if (wl_block_cfg(&sleep_fsm_block, cfgtext, cfg.v, sizeof cfg.v / sizeof cfg.v[0], "leak", err, errlen) < 0)
        return -1;
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
    int rc = -1, got;
    if (!sm || wl_l2_init(&l2) < 0) {
        free(sm);
        wl_l2_free(&l2);
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    if (vec) {
        if (wl_vec_start(&vb, vec, &sleep_fsm_block, cfg.v, err, errlen) < 0)
            goto out;
        sm[0].vec = &vb;
    }
    if (wl_reqs_open(&it, path, "leak", err, errlen) < 0)
        goto out;
    wl_req_t q;
    sleep_fsm_out_t o;
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
                fsm_cycle(s, &in, &o);
                res->sms++;
            }
            res->requests++;
            s->requests++;
            if (q.kind == WL_LD) {
                wl_lookup_t lk;
                res->loads++;
                wl_cache_access(&s->l1, q.line, &lk);
                unsigned idx = lk.set * WL_LEAK_WAYS + lk.way;
                if (lk.hit) {
                    res->hits++;
                    for (unsigned n = 0;; n++) { /* a stalled HIT is presented again, one cycle later */
                        fsm(s, OP_HIT, idx, &o, res);
                        if (!o.stall_o)
                            break;
                        res->stalls++;
                        if (n == 64) {
                            snprintf(err, errlen, "%s: leak: a HIT on SM %u line %u stalled 64 cycles", path, q.sm,
                                     idx);
                            goto out;
                        }
                    }
                    if (o.lost_o) { /* the line was OFF: its data is gone, refilled */
                        res->lost++;
                        wl_l2_access(&l2, q.line);
                        fsm(s, OP_FILL, idx, &o, res);
                    }
                } else {
                    res->misses++;
                    wl_l2_access(&l2, q.line);
                    fsm(s, OP_FILL, idx, &o, res);
                }
            } else if (q.kind == WL_ST) { /* write-evict; written through to L2 */
                wl_l2_access(&l2, q.line);
                int way = wl_cache_find(&s->l1, q.line);
                unsigned set = wl_cache_set(&s->l1, q.line);
                if (way >= 0)
                    wl_cache_inval(&s->l1, set, (unsigned)way);
                fsm(s, way >= 0 ? OP_EVICT : OP_NOP, way >= 0 ? set * WL_LEAK_WAYS + (unsigned)way : 0, &o, res);
            } else { /* ldg, atom: past L1 (to L2), but the SM's clock ticks */
                wl_l2_access(&l2, q.line);
                fsm(s, OP_NOP, 0, &o, res);
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
    if (vec && wl_vec_finish(&vb, vec, "ctwin exp leak (C model, SM 0 of a trace)", err, errlen) < 0)
        goto out;
    rc = 0;
out:
    wl_reqs_close(&it);
    wl_vec_free(&vb);
    wl_l2_free(&l2);
    for (unsigned i = 0; i < WL_MAX_SM; i++)
        if (sm[i].f) {
            sleep_fsm_free(sm[i].f);
            wl_cache_free(&sm[i].l1);
        }
    free(sm);
    return rc;
}

double wl_leak_nlr(const wl_leak_res_t *r, double e_trans)
{
    if (!r->orig_line_cycles)
        return 0.0;
    /* Eq. (1): the line-cycles of the managed run over N x T, T "the original
     * execution cycles without using any leakage management method" */
    return 1.0 - ((double)r->active + 0.1 * (double)r->drowsy + e_trans * (double)r->act_drowsy) /
                     (double)r->orig_line_cycles;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void wl_leak_print(FILE *f, const char *path, const char *cfg, const wl_leak_res_t *r)
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
}
