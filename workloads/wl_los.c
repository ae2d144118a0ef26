/*
 * wl_los.c - the LoSCache experiment of wl_los.h: L1s per SM (wl_cache.c)
 * feeding one L2 whose tags are a wl_cache and whose counters, table and
 * sleep transistors are one loscache C model, request by request; or, with
 * options, the chip of LoSCache [000] Sec. IV: a loscache_pt table per SM in
 * front of one loscache_pwr (docs/workloads.md, "A table per SM").
 */
#include "wl_los.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "loscache.h"
#include "loscache_core.h"
#include "wl_cache.h"
#include "wl_vec.h"

enum { OP_NONE, OP_FILL, OP_HIT, OP_EVICT };

typedef struct {
    loscache_t *u;         /* the unit; NULL when the chip runs */
    loscache_pt_t **pt;    /* the chip: a table per SM (or the one table 0) */
    loscache_pwr_t *pwr;   /* the chip: the L2's counters and sleep transistors */
    loscache_pt_cfg_t tcfg;
    wl_los_opt_t opt;
    unsigned k;            /* the chip: the table of this cycle's request */
    uint64_t rq_op, rq_line; /* the chip: its request register (op 0: empty) */
    loscache_cfg_t cfg;
    wl_cache_t l2;
    uint64_t amask, pcmask;
    wl_los_res_t *res;
    wl_vec_t *vec;    /* the unit's cycles, when they are recorded */
    uint64_t present; /* the cycle the last request was presented in */
} los_t;

/* One cycle of the chip, the unit's wiring (loscache.c) with table s->k in
 * it (loscache_core.h): outputs in *o and, when edge, the rising edge.  A reset or a kernel
 * launch resets every table; with opt.naive no early gating reaches a table
 * (T stays 0). */
static void chip_both(los_t *s, const loscache_in_t *in, loscache_out_t *o, int edge)
{
    loscache_pt_t *pt = s->pt[s->k];
    const uint64_t rst = in->rst_i & 1, trst = rst | (in->kernel_i & 1);
    loscache_pt_in_t ti;
    memset(&ti, 0, sizeof ti);
    ti.rst_i = trst;
    loscache_pt_out_t to;
    loscache_pt_eval(pt, &ti, &to);
    const uint64_t ready = !trst && to.phase_o != LOSCACHE_PT_LOAD;
    uint64_t op, line;
    if (s->rq_op || to.phase_o == LOSCACHE_PT_NORMAL) /* the counters' port, as loscache.c's */
        op = s->rq_op, line = s->rq_line;
    else if (to.phase_o == LOSCACHE_PT_LOAD)
        op = OP_NONE, line = in->ld_line_i;
    else
        op = ready ? in->req_op_i : OP_NONE, line = in->req_line_i;
    loscache_pwr_in_t pi = {.rst_i = rst, .op_i = op, .line_i = line, .pred_i = to.p_o, .thr_i = to.t_o};
    loscache_pwr_out_t po;
    if (edge)
        loscache_pwr_cycle(s->pwr, &pi, &po);
    else
        loscache_pwr_eval(s->pwr, &pi, &po);
    const uint64_t eg = s->opt.naive ? 0 : po.early_o & to.hit_o;
    if (edge) {
        if (trst) {
            for (unsigned k = 0; k < WL_MAX_SM; k++)
                if (s->pt[k])
                    ct_block_reset(&loscache_pt_block, s->pt[k]);
        } else {
            ti.acc_v_i = ready && (in->req_op_i == OP_FILL || in->req_op_i == OP_HIT);
            ti.acc_pred_i = in->req_pred_i;
            ti.acc_pc_i = in->req_pc_i;
            ti.acc_addr_i = in->req_addr_i;
            ti.done_i = in->done_i;
            ti.cnt_i = in->ld_hit_i ? po.count_o : 0;
            ti.eg_v_i = eg;
            ti.eg_idx_i = to.idx_o;
            loscache_pt_step(pt, &ti);
        }
        int keep = ready && to.phase_o == LOSCACHE_PT_NORMAL;
        s->rq_op = keep ? in->req_op_i : 0;
        s->rq_line = keep ? in->req_line_i : 0;
    }
    loscache_core_outputs(o, &to, &po, rst, ready, op, line, eg); /* (every output) */
}

/* the unit's or the chip's outputs, and a whole cycle */
static void ueval(los_t *s, const loscache_in_t *in, loscache_out_t *o)
{
    if (s->u)
        loscache_eval(s->u, in, o);
    else
        chip_both(s, in, o, 0);
}

static void ucycle(los_t *s, const loscache_in_t *in, loscache_out_t *o)
{
    if (s->u)
        loscache_cycle(s->u, in, o);
    else
        chip_both(s, in, o, 1);
}

/* one cycle of the unit: the count load answered from the L2's tags */
static void step(los_t *s, loscache_in_t *in, loscache_out_t *o)
{
    ueval(s, in, o);
    if (o->ld_v_o) { /* the L2's tag lookup of ld_addr_o, answered in the same cycle */
        in->ld_hit_i = 0, in->ld_line_i = 0;
        for (unsigned i = 0; i < s->cfg.NUM_LINES; i++)
            if (s->l2.valid[i] && (s->l2.tag[i] & s->amask) == o->ld_addr_o) {
                in->ld_hit_i = 1, in->ld_line_i = i;
                break;
            }
        s->res->load_cycles++;
    }
    ucycle(s, in, o);
    if (s->vec)
        wl_vec_add(s->vec, in->v, o->v, in->rst_i ? "reset" : in->kernel_i ? "kernel launch" : NULL);
    s->res->cycles++;
    s->res->active_sum += o->n_active_o;
}

/* the chip's table k, made (and reset, as at the program's start) the first
 * time its SM has a request; 0, or -1 out of memory */
static int chip_table(los_t *s, unsigned k)
{
    char e[CT_ERRLEN];
    if (s->pt[k])
        return 0;
    if (!(s->pt[k] = loscache_pt_new(&s->tcfg, e, sizeof e)))
        return -1;
    ct_block_reset(&loscache_pt_block, s->pt[k]);
    return 0;
}

/* one L2 request of SM sm: held while the unit (the chip: the previous
 * request's table, finishing its count load) is not ready, then presented;
 * its result (this cycle in the prediction phase, the next in the normal
 * phase) applied to the L2's tags and copied to *res.  0, or -1 out of
 * memory (the chip's table) */
static int request(los_t *s, unsigned sm, uint64_t line, uint64_t pc, int pred, loscache_out_t *res)
{
    loscache_in_t in;
    loscache_out_t o, o2;
    for (;;) {
        memset(&in, 0, sizeof in);
        ueval(s, &in, &o);
        if (o.ready_o)
            break;
        step(s, &in, &o);
        s->res->held++;
    }
    if (!s->u) {
        s->k = s->opt.per_sm ? sm : 0;
        if (chip_table(s, s->k) < 0)
            return -1;
    }
    int way = wl_cache_find(&s->l2, line);
    unsigned set = wl_cache_set(&s->l2, line);
    unsigned idx;
    if (way >= 0) {
        idx = set * WL_LOS_L2_WAYS + (unsigned)way;
    } else { /* the way the L2 would fill */
        idx = set * WL_LOS_L2_WAYS + wl_cache_victim(&s->l2, line);
    }
    memset(&in, 0, sizeof in);
    in.req_op_i = way >= 0 ? OP_HIT : OP_FILL;
    in.req_line_i = idx;
    in.req_pc_i = pc & s->pcmask;
    in.req_addr_i = line & s->amask;
    in.req_pred_i = (uint64_t)pred;
    s->present = s->res->cycles;
    step(s, &in, &o);
    memset(&in, 0, sizeof in);
    step(s, &in, &o2);
    /* the prediction phase acts in the request's cycle; the normal phase a
     * cycle later (the table's lookup), when the first cycle shows nothing */
    const loscache_out_t *r = o.res_op_o ? &o : &o2;
    *res = *r;
    s->res->l2_req++;
    s->res->gates += r->gate_o;
    s->res->bypass += r->bypass_o;
    if (way >= 0) {
        s->res->l2_hit++;
        s->res->served += r->hit_o;
        s->res->early += r->early_o;
        wl_lookup_t lk;
        wl_cache_access(&s->l2, line, &lk); /* LRU */
    } else {
        s->res->l2_fill++;
        if (!r->bypass_o) {
            wl_lookup_t lk;
            wl_cache_access(&s->l2, line, &lk);
        }
    }
    return 0;
}

/* a line life of the ungated L2 ends: scored when its fill carried a
 * prediction (docs/workloads.md, "prediction accuracy") */
static void life_ends(wl_los_res_t *res, const uint8_t *pp, const uint8_t *pt, const uint64_t *cnt, unsigned i)
{
    if (!pp[i])
        return;
    res->pred_lives++;
    res->pred_right += pp[i] + pt[i] == cnt[i];
    res->naive_right += pp[i] == cnt[i];
}

/* the experiment: the unit (opt NULL) or the chip */
static int run(const char *path, const char *cfgtext, const wl_los_opt_t *opt, wl_los_res_t *res,
               const wl_vec_to_t *vec, char *err, size_t errlen)
{
    los_t s;
    char e[CT_ERRLEN] = "out of memory";
    memset(&s, 0, sizeof s);
    memset(res, 0, sizeof *res);
    if (wl_block_cfg(&loscache_block, cfgtext, s.cfg.v, sizeof s.cfg.v / sizeof s.cfg.v[0], "loscache", err, errlen) < 0)
        return -1;
    if (opt)
        s.opt = *opt;
    res->per_sm = s.opt.per_sm, res->naive = s.opt.naive, res->chip = opt != NULL;
    if (s.cfg.NUM_LINES % WL_LOS_L2_WAYS) {
        snprintf(err, errlen, "loscache: NUM_LINES=%u is not a multiple of the L2's %d ways", s.cfg.NUM_LINES,
                 WL_LOS_L2_WAYS);
        return -1;
    }
    s.res = res;
    res->num_lines = s.cfg.NUM_LINES;
    s.amask = s.cfg.ADDR_W >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s.cfg.ADDR_W) - 1;
    s.pcmask = s.cfg.PC_W >= 64 ? ~UINT64_C(0) : (UINT64_C(1) << s.cfg.PC_W) - 1;
    int rc = -1, got;
    wl_cache_t *l1 = calloc(WL_MAX_SM, sizeof *l1);
    uint64_t *bfill = calloc(s.cfg.NUM_LINES, sizeof *bfill), *blast = calloc(s.cfg.NUM_LINES, sizeof *blast);
    uint64_t *cnt = calloc(s.cfg.NUM_LINES, sizeof *cnt); /* accesses of each ungated line's life */
    uint8_t *pp = calloc(s.cfg.NUM_LINES, 1), *pt = calloc(s.cfg.NUM_LINES, 1); /* its fill's P and T */
    wl_cache_t base;
    memset(&base, 0, sizeof base);
    wl_reqs_t it;
    memset(&it, 0, sizeof it);
    wl_vec_t vb = {0};
    int made;
    if (opt) { /* the chip: its tables (table 0 for the reset) and one line-power unit */
        loscache_pwr_cfg_t pcfg;
        loscache_parts(&s.cfg, &s.tcfg, &pcfg);
        s.pt = calloc(WL_MAX_SM, sizeof *s.pt);
        s.pwr = loscache_pwr_new(&pcfg, e, sizeof e);
        made = s.pt && s.pwr && chip_table(&s, 0) == 0;
    } else {
        made = (s.u = loscache_new(&s.cfg, e, sizeof e)) != NULL;
    }
    if (!made || !l1 || !bfill || !blast || !cnt || !pp || !pt || wl_cache_init(&s.l2, s.cfg.NUM_LINES / WL_LOS_L2_WAYS, WL_LOS_L2_WAYS) < 0 ||
        wl_cache_init(&base, s.cfg.NUM_LINES / WL_LOS_L2_WAYS, WL_LOS_L2_WAYS) < 0) {
        snprintf(err, errlen, "%s: %s", path, made ? "out of memory" : e);
        goto out;
    }
    if (wl_reqs_open(&it, path, "loscache", err, errlen) < 0)
        goto out;
    if (vec) {
        if (wl_vec_start(&vb, vec, &loscache_block, s.cfg.v, err, errlen) < 0)
            goto out;
        s.vec = &vb;
    }
    loscache_in_t in;
    loscache_out_t o;
    memset(&in, 0, sizeof in);
    in.rst_i = 1; /* program start: every line OFF */
    step(&s, &in, &o);
    wl_req_t q;
    int kernels = 0;
    while ((got = wl_reqs_next(&it, &q, err, errlen)) != WL_REQS_END) {
        if (got < 0)
            goto out;
        if (got == WL_REQS_REQ) {
            wl_cache_t *c1 = &l1[q.sm];
            if (!c1->tag && wl_cache_init(c1, WL_LOS_L1_LINES / 4, 4) < 0) {
                snprintf(err, errlen, "%s: out of memory", path);
                goto out;
            }
            int to_l2 = 1;
            if (q.kind == WL_LD) { /* cached in L1: only its misses reach L2 */
                wl_lookup_t lk;
                wl_cache_access(c1, q.line, &lk);
                to_l2 = !lk.hit;
            } else if (q.kind == WL_ST) { /* write-through, write-evict */
                int way = wl_cache_find(c1, q.line);
                if (way >= 0)
                    wl_cache_inval(c1, wl_cache_set(c1, q.line), (unsigned)way);
            }
            if (to_l2) {
                loscache_out_t r;
                /* the predictor: SM 0 (the unit, or one table), or every SM's own first requests */
                if (request(&s, q.sm, q.line, q.pc, s.opt.per_sm || q.sm == 0, &r) < 0) {
                    snprintf(err, errlen, "%s: out of memory", path);
                    goto out;
                }
                /* the ungated L2, and the oracle's line lives on it: powered from the fill's cycle to the
                 * last access's; each life's accesses and its fill's prediction */
                wl_lookup_t lk;
                wl_cache_access(&base, q.line, &lk);
                unsigned i = lk.set * WL_LOS_L2_WAYS + lk.way;
                res->base_miss += !lk.hit;
                if (!lk.hit) {
                    if (lk.evicted) {
                        res->ideal_live += blast[i] - bfill[i] + 1;
                        life_ends(res, pp, pt, cnt, i);
                    }
                    bfill[i] = s.present;
                    cnt[i] = 0;
                    pp[i] = r.pt_hit_o ? (uint8_t)r.p_o : 0, pt[i] = (uint8_t)r.t_o;
                }
                blast[i] = s.present;
                cnt[i]++;
            }
        }
        if (got == WL_REQS_KERNEL && kernels++) { /* a later kernel's launch */
            memset(&in, 0, sizeof in);
            in.kernel_i = 1;
            step(&s, &in, &o);
        }
    }
    for (unsigned i = 0; i < s.cfg.NUM_LINES; i++)
        if (base.valid[i]) {
            res->ideal_live += blast[i] - bfill[i] + 1;
            life_ends(res, pp, pt, cnt, i);
        }
    if (vec && wl_vec_finish(&vb, vec, "ctwin exp loscache (C model, the L2's unit on a trace)", err, errlen) < 0)
        goto out;
    rc = 0;
out:
    wl_reqs_close(&it);
    wl_vec_free(&vb);
    if (l1)
        for (unsigned i = 0; i < WL_MAX_SM; i++)
            if (l1[i].tag)
                wl_cache_free(&l1[i]);
    free(l1), free(bfill), free(blast), free(cnt), free(pp), free(pt);
    if (s.l2.tag)
        wl_cache_free(&s.l2);
    if (base.tag)
        wl_cache_free(&base);
    loscache_free(s.u);
    if (s.pt)
        for (unsigned k = 0; k < WL_MAX_SM; k++)
            if (s.pt[k]) {
                res->tables++;
                loscache_pt_free(s.pt[k]);
            }
    free(s.pt);
    loscache_pwr_free(s.pwr);
    return rc;
}

int wl_los_run(const char *path, const char *cfgtext, wl_los_res_t *res, const wl_vec_to_t *vec,
               char *err, size_t errlen)
{
    return run(path, cfgtext, NULL, res, vec, err, errlen);
}

int wl_los_run_opt(const char *path, const char *cfgtext, const wl_los_opt_t *opt, wl_los_res_t *res,
                   char *err, size_t errlen)
{
    return run(path, cfgtext, opt, res, NULL, err, errlen);
}

int wl_los_opt(const char *text, wl_los_opt_t *opt, char *err, size_t errlen)
{
    wl_los_opt_t o = {0, 0};
    const char *p = text;
    for (;;) {
        const char *end = strchr(p, ',');
        int n = (int)(end ? (size_t)(end - p) : strlen(p));
        const char *eq = memchr(p, '=', (size_t)n);
        int kn = eq ? (int)(eq - p) : n, vn = eq ? n - kn - 1 : 0;
        const char *v = eq ? eq + 1 : "";
        if (kn == 6 && !strncmp(p, "TABLES", 6) && eq) {
            if (vn == 3 && !strncmp(v, "ONE", 3))
                o.per_sm = 0;
            else if (vn == 2 && !strncmp(v, "SM", 2))
                o.per_sm = 1;
            else {
                snprintf(err, errlen, "loscache: options: TABLES='%.*s' is not ONE or SM", vn, v);
                return -1;
            }
        } else if (kn == 5 && !strncmp(p, "NAIVE", 5) && eq) {
            if (vn != 1 || (*v != '0' && *v != '1')) {
                snprintf(err, errlen, "loscache: options: NAIVE='%.*s' is not 0 or 1", vn, v);
                return -1;
            }
            o.naive = *v == '1';
        } else {
            snprintf(err, errlen, "loscache: options: '%.*s' is not TABLES=ONE|SM or NAIVE=0|1", n, p);
            return -1;
        }
        if (!end)
            break;
        p = end + 1;
    }
    *opt = o;
    return 0;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }

void wl_los_print(FILE *f, const char *path, const char *cfg, const wl_los_res_t *r)
{
    uint64_t misses = r->l2_fill + r->early;
    fprintf(f, "loscache: %s\n", path);
    fprintf(f, "  one L2 of loscache %s (%u lines, %d-way LRU) behind an L1 per SM (16 KB, 4-way, write-evict); ",
            cfg, r->num_lines, WL_LOS_L2_WAYS);
    if (!r->chip)
        fprintf(f, "SM 0 is the predictor CTA\n");
    else if (r->per_sm)
        fprintf(f, "%u tables, one per SM, each SM's first requests its predictor's%s\n", r->tables,
                r->naive ? "; naive: T never raised" : "");
    else
        fprintf(f, "the parts' chip with one table, SM 0 the predictor CTA%s\n", r->naive ? "; naive: T never raised" : "");
    fprintf(f, "  L2 requests %" PRIu64 ": tag hits %" PRIu64 " (served %" PRIu64 ", on a gated line %" PRIu64
               "), fills %" PRIu64 " (bypassed %" PRIu64 ")\n",
            r->l2_req, r->l2_hit, r->served, r->early, r->l2_fill, r->bypass);
    fprintf(f, "  L2 misses: ungated %" PRIu64 ", LoSCache %" PRIu64 " (fills + hits on gated lines): %+.1f%%\n",
            r->base_miss, misses, r->base_miss ? 100.0 * ((double)misses - (double)r->base_miss) / (double)r->base_miss : 0.0);
    fprintf(f, "  leakage reduction vs ungated (1 - powered line-cycles / all): %.1f%% over %" PRIu64 " cycles\n",
            100.0 - pct(r->active_sum, (uint64_t)r->num_lines * r->cycles), r->cycles);
    fprintf(f, "  Ideal-Gating (the oracle of LoSCache Fig. 8: each line powered from its fill to its last access): "
               "leakage reduction %.1f%%, the L2's dead time (Fig. 1)\n",
            100.0 - pct(r->ideal_live, (uint64_t)r->num_lines * r->cycles));
    fprintf(f, "  prediction accuracy (Fig. 6: the predicted count equals the actual): %.1f%% of %" PRIu64
               " predicted line lives of the ungated L2; naive (P alone, the same run) %.1f%%\n",
            pct(r->pred_right, r->pred_lives), r->pred_lives, pct(r->naive_right, r->pred_lives));
    fprintf(f, "  predicted last accesses (gated) %" PRIu64 "; count-load cycles %" PRIu64 ", requests held %" PRIu64
               "\n",
            r->gates, r->load_cycles, r->held);
    fprintf(f, "paper: L2 lines dead 95.6%% of the time (Fig. 1); prediction accuracy 93%%, naive 54%% (Fig. 6); "
               "L2 energy 36%% of baseline (Fig. 8); "
               "execution time +0.5%% (Fig. 7)\n");
}
