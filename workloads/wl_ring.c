/*
 * wl_ring.c - the CCN ring experiment of wl_ring.h: the `ccn` C model timed
 * cycle by cycle under a trace.  Per SM: an L1 (tags, LRU, write-evict)
 * whose every tag change is written to its node's shadow tags in the same
 * cycle (upd_i), MSHRs, and a queue of tag changes waiting for the node's one
 * update port.  L2 answers a fixed latency (WL_RING_L2_LAT) after a
 * request's bank takes it, always a hit; a bank takes a request every
 * `busy` cycles, in arrival order (wl_ring_opt_t; busy 0: no queue).  The
 * rules, step by step: docs/workloads.md, "Experiment: the CCN ring".
 */
#include "wl_ring.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ccn.h"
#include "ct_vec.h"
#include "wl_cache.h"

enum { MS_FREE = 0, MS_WAIT, MS_FILL };            /* an MSHR entry: waiting for its answer, its fill queued */
enum { A_SERVED = 0, A_HOME, A_OFF };              /* who answered a miss */
/* an SM's queue of tag changes: a fill for each MSHR at most, and up to EVQ write-evicts */
enum { EVQ = 4, UPD_Q = WL_RING_MSHR + EVQ, DRAIN_LIMIT = 100000 };

typedef struct {
    uint64_t la;
    int fill; /* 1: a fill (an answered miss), 0: a store's write-evict */
} upd_t;

typedef struct {
    wl_cache_t l1;
    struct {
        uint64_t la, at;
        int state;
    } ms[WL_RING_MSHR];
    upd_t q[UPD_Q];
    unsigned q_head, q_n, ev_n; /* ev_n: the write-evicts queued */
    uint64_t next; /* the first cycle it may issue again (one access every `gap` cycles) */
} sm_t;

typedef struct {
    unsigned node, kind;
    uint64_t la, due;
} l2_t;

/* the trace's requests, one lookahead */
typedef struct {
    wl_reqs_t it;
    wl_req_t q;
    int have, ended;
} stream_t;

struct wl_ring {
    ccn_cfg_t cfg;
    ccn_t *m;
    sm_t *sm;
    wl_ring_opt_t opt;
    l2_t *l2;           /* per bank a FIFO of l2_cap: arrival order and a constant latency keep it in due order */
    size_t l2_n, l2_cap; /* all banks' requests waiting; each bank's room */
    size_t *bhead, *bn; /* per bank: its FIFO's head and length */
    uint64_t *bfree;    /* per bank: the first cycle it takes a request */
    uint64_t cyc, lamask, quiet;
    unsigned pre; /* the reset and sweep cycles done */
    int done;
    wl_ring_res_t res; /* its nodes and gap are the run's too */
    stream_t st;
    uint64_t snap_k[sizeof(wl_ring_kernel_t) / sizeof(uint64_t)]; /* the totals when the kernel started */
    ccn_in_t in;
    ccn_out_t o, peek;
    char path[512];
};
typedef struct wl_ring ring_t;

/* the line data the experiment's L1s hold: a function of the line address
 * (64 bits of it at most go on the ring) */
static uint64_t wl_ring_data(uint64_t la)
{
    uint64_t x = la * UINT64_C(0x9e3779b97f4a7c15) + UINT64_C(0x632be59bd9b4e019);
    return x ^ (x >> 29);
}

static int busy(const ring_t *r)
{
    if (r->l2_n)
        return 1;
    for (unsigned i = 0; i < r->res.nodes; i++)
        for (unsigned k = 0; k < WL_RING_MSHR; k++)
            if (r->sm[i].ms[k].state != MS_FREE)
                return 1;
    return 0;
}

static int mshr_find(const sm_t *s, uint64_t la, int state)
{
    for (unsigned k = 0; k < WL_RING_MSHR; k++)
        if (s->ms[k].state != MS_FREE && s->ms[k].la == la && (!state || s->ms[k].state == state))
            return (int)k;
    return -1;
}

static void push_upd(sm_t *s, uint64_t la, int fill)
{
    s->q[(s->q_head + s->q_n++) % UPD_Q] = (upd_t){la, fill};
    s->ev_n += !fill;
}

/* a miss answered: its latency counted, its fill queued */
static void answer(ring_t *r, unsigned node, uint64_t la, unsigned kind)
{
    sm_t *s = &r->sm[node];
    int k = mshr_find(s, la, MS_WAIT);
    if (k < 0) {
        r->res.errors++;
        return;
    }
    uint64_t lat = r->cyc - s->ms[k].at;
    wl_ring_kernel_t *a = &r->res.all;
    if (kind == A_SERVED)
        a->served++, r->res.lat_served += lat;
    else if (kind == A_HOME)
        a->home++, r->res.lat_home += lat;
    else
        a->off++, r->res.lat_off += lat;
    s->ms[k].state = MS_FILL;
    push_upd(s, la, 1);
}

/* the L2 bank of line la */
static unsigned bank_of(const ring_t *r, uint64_t la) { return (unsigned)(la % r->opt.banks); }

/* a request reaches bank b of the L2 this cycle: the bank takes it at the
 * first cycle it is free, and stays busy `busy` cycles; the cycle its
 * answer is due */
static uint64_t l2_take(ring_t *r, unsigned b)
{
    uint64_t start = r->bfree[b] > r->cyc ? r->bfree[b] : r->cyc;
    r->bfree[b] = start + r->opt.busy;
    r->res.l2_req++, r->res.l2_wait += start - r->cyc;
    return start + WL_RING_L2_LAT;
}

static void to_l2(ring_t *r, unsigned node, uint64_t la, unsigned kind)
{
    unsigned b = bank_of(r, la);
    uint64_t due = l2_take(r, b);
    r->l2[(size_t)b * r->l2_cap + (r->bhead[b] + r->bn[b]++) % r->l2_cap] = (l2_t){node, kind, la, due};
    r->l2_n++;
}

/* node i's next tag change, written to its L1 and (upd_i) its shadow tags */
static void update(ring_t *r, unsigned i, ccn_in_t *in)
{
    sm_t *s = &r->sm[i];
    unsigned ww = ct_clog2(r->cfg.WAYS);
    while (s->q_n) {
        upd_t u = s->q[s->q_head];
        s->q_head = (s->q_head + 1) % UPD_Q, s->q_n--, s->ev_n -= !u.fill;
        int way = wl_cache_find(&s->l1, u.la);
        int k = u.fill ? mshr_find(s, u.la, MS_FILL) : -1;
        if (k >= 0)
            s->ms[k].state = MS_FREE;
        if (u.fill ? way >= 0 : way < 0)
            continue; /* there already / gone already: nothing changes */
        if (u.fill) {
            wl_lookup_t lk;
            wl_cache_access(&s->l1, u.la, &lk);
            way = (int)lk.way;
        } else
            wl_cache_inval(&s->l1, wl_cache_set(&s->l1, u.la), (unsigned)way);
        in->upd_i |= UINT64_C(1) << i;
        in->upd_v_i |= (uint64_t)u.fill << i;
        ct_bits_set(in->upd_la_i, i * r->cfg.LA_W, r->cfg.LA_W, u.la);
        ct_bits_set(in->upd_way_i, i * ww, ww, (uint64_t)way);
        r->res.updates++;
        return;
    }
}

/* The trace's next requests that issue this cycle (in trace order, stopping
 * at an SM within its gap or that must wait, or at a kernel line with
 * misses outstanding).  Returns the requests' misses as a node mask. */

static void close_kernel(ring_t *r)
{
    wl_ring_res_t *res = &r->res;
    if (res->kernels && res->kernels <= WL_RING_KERNELS) {
        uint64_t *k = (uint64_t *)&res->kernel[res->kernels - 1];
        for (unsigned f = 0; f < sizeof r->snap_k / sizeof r->snap_k[0]; f++)
            k[f] = ((uint64_t *)&res->all)[f] - r->snap_k[f];
    }
    memcpy(r->snap_k, &res->all, sizeof r->snap_k);
}

static int issue(ring_t *r, ccn_in_t *in, uint32_t *issued, char *err, size_t errlen)
{
    stream_t *st = &r->st;
    uint32_t missed = 0;
    *issued = 0;
    while (!st->ended) {
        if (!st->have) {
            int got = wl_reqs_next(&st->it, &st->q, err, errlen);
            if (got < 0)
                return -1;
            if (got == WL_REQS_END) {
                st->ended = 1;
                break;
            }
            st->have = got; /* WL_REQS_REQ or WL_REQS_KERNEL */
        }
        if (st->have == WL_REQS_KERNEL) {
            if (*issued || busy(r))
                break; /* a kernel starts once the one before is done */
            close_kernel(r);
            r->res.kernels++;
            st->have = 0;
            continue;
        }
        unsigned s = st->q.sm;
        sm_t *m = &r->sm[s];
        uint64_t la = st->q.line & r->lamask;
        if (r->cyc < m->next)
            break; /* it issued already this cycle (gap >= 1), or within its gap */
        if (st->q.kind == WL_LD) {
            int way = wl_cache_find(&m->l1, la);
            if (way >= 0) {
                wl_lookup_t lk;
                wl_cache_access(&m->l1, la, &lk); /* most recently used */
                r->res.hits++;
            } else if (mshr_find(m, la, 0) >= 0)
                r->res.merged++;
            else {
                int k;
                for (k = 0; k < WL_RING_MSHR && m->ms[k].state != MS_FREE; k++)
                    ;
                if (k == WL_RING_MSHR) {
                    r->res.stall++;
                    break;
                }
                m->ms[k].la = la, m->ms[k].at = r->cyc, m->ms[k].state = MS_WAIT;
                r->res.all.misses++;
                missed |= 1u << s;
                if (r->opt.ccn) {
                    in->miss_v_i |= UINT64_C(1) << s;
                    ct_bits_set(in->miss_la_i, s * r->cfg.LA_W, r->cfg.LA_W, la);
                } else /* no CCN: straight to L2 */
                    to_l2(r, s, la, A_OFF);
            }
            r->res.loads++;
        } else {
            if (m->ev_n == EVQ) { /* (the fills have their room: one per MSHR) */
                r->res.stall++;
                break;
            }
            push_upd(m, la, 0); /* write-through, no allocate, write-evict */
            r->res.stores++;
            l2_take(r, bank_of(r, la)); /* the write-through takes its bank (no answer) */
        }
        *issued |= 1u << s;
        m->next = r->cyc + r->res.gap;
        ct_bits_set(in->inst_i, s * r->cfg.INST_W, r->cfg.INST_W, 1); /* one instruction an access */
        st->have = 0;
    }
    return (int)missed;
}

void wl_ring_close(wl_ring_t *r)
{
    if (!r)
        return;
    wl_reqs_close(&r->st.it); /* (nothing when it was not opened) */
    if (r->sm)
        for (unsigned i = 0; i < r->cfg.N; i++)
            if (r->sm[i].l1.tag)
                wl_cache_free(&r->sm[i].l1);
    ccn_free(r->m);
    free(r->sm), free(r->l2), free(r->bhead), free(r->bn), free(r->bfree), free(r);
}

/* the range check of one timing field: 0, or -1 with err naming it */
static int opt_field(const char *what, uint64_t v, uint64_t lo, uint64_t hi, const char *means, const char *unit,
                     char *err, size_t errlen)
{
    if (v >= lo && v <= hi)
        return 0;
    snprintf(err, errlen, "ring: %s=%" PRIu64 ": %s %" PRIu64 "..%" PRIu64 "%s", what, v, means, lo, hi, unit);
    return -1;
}

/* the ranges of gap (the caller's, before it is narrowed), banks, busy, ccn */
static int opt_check(uint64_t gap, uint64_t banks, uint64_t busy, uint64_t ccn, char *err, size_t errlen)
{
    return opt_field("GAP", gap, 1, WL_RING_GAP_MAX, "an SM issues one access every", " cycles", err, errlen) < 0 ||
                   opt_field("BANKS", banks, 1, WL_RING_BANKS_MAX, "the L2 has", " banks", err, errlen) < 0 ||
                   opt_field("BUSY", busy, 0, WL_RING_BUSY_MAX, "a request holds its bank", " cycles", err,
                             errlen) < 0 ||
                   opt_field("CCN", ccn, 0, 1, "CCN is off or on:", "", err, errlen) < 0
               ? -1
               : 0;
}

static wl_ring_t *open_opt(const char *path, const char *ring_cfg, uint64_t gap, const wl_ring_opt_t *opt, char *err,
                           size_t errlen);

int wl_ring_opt(const char *text, wl_ring_opt_t *opt, char *err, size_t errlen)
{
    uint64_t gap = 0, banks = 1, busy = 0, ccn = 1;
    const char *p = text;
    for (int first = 1;; first = 0) {
        const char *end = strchr(p, ',');
        size_t n = end ? (size_t)(end - p) : strlen(p);
        char f[64], *eq, *q;
        if (n >= sizeof f) {
            snprintf(err, errlen, "ring: timing: '%.20s...' is not a field", p);
            return -1;
        }
        memcpy(f, p, n), f[n] = 0;
        eq = strchr(f, '=');
        const char *name = first ? "GAP" : f, *val = first ? f : eq ? eq + 1 : "";
        if (!first && eq)
            *eq = 0;
        uint64_t *dst = !strcmp(name, "GAP") && first ? &gap
                        : !strcmp(name, "BANKS") && !first ? &banks
                        : !strcmp(name, "BUSY") && !first ? &busy
                        : !strcmp(name, "CCN") && !first ? &ccn
                                                          : NULL;
        if (!dst || (!first && !eq)) {
            snprintf(err, errlen, "ring: timing: '%.*s' is not GAP first, then BANKS=, BUSY= or CCN=", (int)n, p);
            return -1;
        }
        unsigned long long v = *val >= '0' && *val <= '9' ? strtoull(val, &q, 10) : (q = (char *)val, 0);
        if (q == val || *q) {
            snprintf(err, errlen, "ring: timing: %s='%s' is not a decimal number", name, val);
            return -1;
        }
        *dst = v; /* (past 64 bits strtoull gives ULLONG_MAX: out of every range) */
        if (!end)
            break;
        p = end + 1;
    }
    if (opt_check(gap, banks, busy, ccn, err, errlen) < 0)
        return -1;
    *opt = (wl_ring_opt_t){(unsigned)gap, (unsigned)banks, (unsigned)busy, (unsigned)ccn};
    return 0;
}

wl_ring_t *wl_ring_open(const char *path, const char *ring_cfg, uint64_t gap, char *err, size_t errlen)
{
    wl_ring_opt_t o = {gap > WL_RING_GAP_MAX ? 0 : (unsigned)gap, 1, 0, 1};
    return open_opt(path, ring_cfg, gap, &o, err, errlen);
}

wl_ring_t *wl_ring_open_opt(const char *path, const char *ring_cfg, const wl_ring_opt_t *opt, char *err,
                            size_t errlen)
{
    return open_opt(path, ring_cfg, opt->gap, opt, err, errlen);
}

/* gap: the caller's, checked before it is narrowed into opt */
static wl_ring_t *open_opt(const char *path, const char *ring_cfg, uint64_t gap, const wl_ring_opt_t *opt, char *err,
                           size_t errlen)
{
    char e[CT_ERRLEN];
    if (opt_check(gap, opt->banks, opt->busy, opt->ccn, e, sizeof e) < 0) {
        snprintf(err, errlen, "%s: %s", path, e);
        return NULL;
    }
    ring_t *r = calloc(1, sizeof *r);
    if (!r) {
        snprintf(err, errlen, "%s: out of memory", path);
        return NULL;
    }
    snprintf(r->path, sizeof r->path, "%s", path);
    r->opt = *opt;
    r->res.gap = opt->gap, r->res.banks = opt->banks, r->res.busy = opt->busy, r->res.ccn = opt->ccn;
    if (wl_block_cfg(&ccn_block, ring_cfg, r->cfg.v, sizeof r->cfg.v / sizeof r->cfg.v[0], "ring", err, errlen) < 0)
        goto fail;
    /* the ring's SMs are the trace's 0 .. largest */
    if (wl_reqs_sms(path, "ring", &r->res.nodes, err, errlen) < 0)
        goto fail;
    if (r->res.nodes > r->cfg.N) {
        snprintf(err, errlen, "%s: ring: %u SMs, the ring has N=%u nodes", path, r->res.nodes, r->cfg.N);
        goto fail;
    }
    r->lamask = ct_mask(r->cfg.LA_W);
    r->l2_cap = (size_t)r->cfg.N * WL_RING_MSHR;
    r->m = ccn_new(&r->cfg, e, sizeof e);
    r->sm = calloc(r->cfg.N, sizeof *r->sm);
    r->l2 = calloc(r->l2_cap * opt->banks, sizeof *r->l2);
    r->bhead = calloc(opt->banks, sizeof *r->bhead), r->bn = calloc(opt->banks, sizeof *r->bn);
    r->bfree = calloc(opt->banks, sizeof *r->bfree);
    if (!r->m || !r->sm || !r->l2 || !r->bhead || !r->bn || !r->bfree) {
        snprintf(err, errlen, "%s: %s", path, r->m ? "out of memory" : e);
        goto fail;
    }
    for (unsigned i = 0; i < r->cfg.N; i++)
        if (wl_cache_init(&r->sm[i].l1, r->cfg.SETS, r->cfg.WAYS) < 0) {
            snprintf(err, errlen, "%s: out of memory", path);
            goto fail;
        }
    if (wl_reqs_open(&r->st.it, path, "ring", err, errlen) < 0)
        goto fail;
    return r;
fail:
    wl_ring_close(r);
    return NULL;
}

const uint32_t *wl_ring_config(const wl_ring_t *r) { return r->cfg.v; }
const wl_ring_res_t *wl_ring_result(const wl_ring_t *r) { return &r->res; }

/* one cycle of the run (the trace's issue, the ring, the answers) */
static int run_cycle(ring_t *r, char *err, size_t errlen)
{
    ccn_in_t *in = &r->in;
    ccn_out_t *o = &r->o, *peek = &r->peek;
    wl_ring_res_t *res = &r->res;
    const unsigned dw = r->cfg.LINE_W < 64 ? r->cfg.LINE_W : 64, ww = ct_clog2(r->cfg.WAYS);
    uint32_t issued;
    memset(in, 0, sizeof *in);
    for (unsigned i = 0; i < r->res.nodes; i++)
        update(r, i, in);
    int missed = issue(r, in, &issued, err, errlen);
    if (missed > 0)
        r->quiet = 0; /* the watchdog times the outstanding misses: from the last issue or answer */
    if (missed < 0)
        return -1;
    in->rd_ack_i = ct_mask(r->cfg.N); /* every L1 answers a read at once */
    if (!r->opt.ccn) /* no CCN: the ring sees nothing, and is not clocked */
        goto l2;
    ccn_eval(r->m, in, peek);
    for (unsigned j = 0; j < r->res.nodes; j++) {
        if (!((peek->rd_v_o >> j) & 1))
            continue;
        uint64_t la = ct_bits_get(peek->rd_la_o, j * r->cfg.LA_W, r->cfg.LA_W), hla, home;
        unsigned way = (unsigned)ct_bits_get(peek->rd_way_o, j * ww, ww);
        size_t at = (size_t)(la % r->cfg.SETS) * r->cfg.WAYS + way;
        const wl_cache_t *l1 = &r->sm[j].l1;
        /* the L1 reads the way the shadow hit names: an alias hit reads another line */
        ct_bits_set(in->rd_data_i, j * r->cfg.LINE_W, dw, l1->valid[at] ? wl_ring_data(l1->tag[at]) : 0);
        if (ccn_node_head(ccn_node_at(r->m, j), &hla, &home))
            res->hops += ccn_hops(&r->cfg, (unsigned)home, j);
    }
    ccn_cycle(r->m, in, o);
    for (unsigned i = 0; i < r->res.nodes; i++) {
        uint64_t b = UINT64_C(1) << i;
        if (!(o->on_o & b))
            res->all.off_cycles++;
        if ((unsigned)missed & b && r->opt.ccn) {
            uint64_t la = ct_bits_get(in->miss_la_i, i * r->cfg.LA_W, r->cfg.LA_W);
            if (o->dfl_o & b) {
                res->throttled += !(o->on_o & b);
                to_l2(r, i, la, A_OFF);
            } else if (!(o->cb_acc_o & b))
                res->errors++; /* neither injected nor deflected */
        }
        if (o->l2_v_o & b)
            to_l2(r, i, ct_bits_get(o->l2_la_o, i * r->cfg.LA_W, r->cfg.LA_W), A_HOME);
        if (o->dl_v_o & b) {
            uint64_t la = ct_bits_get(o->dl_la_o, i * r->cfg.LA_W, r->cfg.LA_W);
            res->wrong_data += ct_bits_get(o->dl_data_o, i * r->cfg.LINE_W, dw) != (wl_ring_data(la) & ct_mask(dw));
            answer(r, i, la, A_SERVED);
            r->quiet = 0;
        }
    }
l2:
    for (unsigned b = 0; b < r->opt.banks && r->l2_n; b++) /* the answers due, bank by bank */
        while (r->bn[b] && r->l2[(size_t)b * r->l2_cap + r->bhead[b]].due <= r->cyc) {
            l2_t a = r->l2[(size_t)b * r->l2_cap + r->bhead[b]];
            r->bhead[b] = (r->bhead[b] + 1) % r->l2_cap, r->bn[b]--, r->l2_n--;
            answer(r, a.node, a.la, a.kind);
            r->quiet = 0;
        }
    r->cyc++, res->all.cycles++;
    if (++r->quiet > DRAIN_LIMIT && !busy(r))
        r->quiet = 0; /* nothing outstanding: the SMs only hit or store (no miss to answer) */
    if (r->quiet > DRAIN_LIMIT) {
        snprintf(err, errlen, "%s: ring: no miss answered for %d cycles (cycle %" PRIu64 ")", r->path, DRAIN_LIMIT,
                 r->cyc);
        return -1;
    }
    return 1;
}

int wl_ring_step(wl_ring_t *r, const uint64_t **in, const uint64_t **out, const char **note, char *err,
                 size_t errlen)
{
    *in = r->in.v, *out = r->o.v, *note = NULL;
    if (r->pre <= r->cfg.SETS) { /* reset, then the shadow tags' sweep (SETS cycles) */
        memset(&r->in, 0, sizeof r->in);
        r->in.rst_i = r->pre == 0;
        *note = r->pre == 0 ? "reset" : r->pre == 1 ? "the shadow tags' sweep" : NULL;
        ccn_cycle(r->m, &r->in, &r->o);
        r->pre++;
        return 1;
    }
    if (r->done)
        return 0;
    if (r->st.ended && !busy(r)) {
        close_kernel(r);
        r->done = 1;
        return 0;
    }
    return run_cycle(r, err, errlen);
}

void wl_ring_idle(wl_ring_t *r, const uint64_t **in, const uint64_t **out)
{
    memset(&r->in, 0, sizeof r->in);
    ccn_cycle(r->m, &r->in, &r->o);
    *in = r->in.v, *out = r->o.v;
}

static int run(wl_ring_t *r, wl_ring_res_t *res, FILE *vec, uint64_t n, char *err, size_t errlen);

int wl_ring_run(const char *path, const char *ring_cfg, uint64_t gap, wl_ring_res_t *res, FILE *vec, uint64_t n,
                char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    return run(wl_ring_open(path, ring_cfg, gap, err, errlen), res, vec, n, err, errlen);
}

int wl_ring_run_opt(const char *path, const char *ring_cfg, const wl_ring_opt_t *opt, wl_ring_res_t *res, FILE *vec,
                    uint64_t n, char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    return run(wl_ring_open_opt(path, ring_cfg, opt, err, errlen), res, vec, n, err, errlen);
}

/* the run of an opened ring r (NULL: the open failed, err set) */
static int run(wl_ring_t *r, wl_ring_res_t *res, FILE *vec, uint64_t n, char *err, size_t errlen)
{
    if (!r)
        return -1;
    if (vec && !r->opt.ccn) {
        snprintf(err, errlen, "%s: ring: VEC with CCN=0: the ring is not run", r->path);
        wl_ring_close(r);
        return -1;
    }
    ct_vec_header_t vh;
    if (vec) {
        ct_vec_header_init(&vh, &ccn_block, r->cfg.v, 0, n);
        snprintf(vh.generator, sizeof vh.generator, "ctwin exp ring (C model, a trace's first cycles)");
        ct_vec_write_header(vec, &vh);
    }
    const uint64_t *in, *out;
    const char *note;
    uint64_t rows = 0;
    int k;
    while ((k = wl_ring_step(r, &in, &out, &note, err, errlen)) == 1)
        if (vec && rows < n)
            ct_vec_write_row(vec, &vh, in, out, note), rows++;
    for (; k == 0 && vec && rows < n; rows++) { /* idle cycles up to the vectors' count */
        wl_ring_idle(r, &in, &out);
        ct_vec_write_row(vec, &vh, in, out, NULL);
    }
    if (k == 0)
        *res = r->res;
    wl_ring_close(r);
    return k;
}

static double pct(uint64_t a, uint64_t b) { return b ? 100.0 * (double)a / (double)b : 0.0; }
static double avg(uint64_t a, uint64_t b) { return b ? (double)a / (double)b : 0.0; }

void wl_ring_print(FILE *f, const char *path, const char *ring_cfg, const wl_ring_res_t *r)
{
    const wl_ring_kernel_t *a = &r->all;
    fprintf(f, "ring: %s\n", path);
    fprintf(f, "  ccn %s, %u SMs on its nodes, an access every %u cycles at most; per SM an L1 of its SETS x WAYS, "
               "%d MSHRs; L2 %d cycles\n",
            ring_cfg, r->nodes, r->gap, WL_RING_MSHR, WL_RING_L2_LAT);
    if (r->banks > 1 || r->busy || !r->ccn)
        fprintf(f, "  L2 banks %u, each busy %u cycles a request (misses and stores), %s; L2 requests %" PRIu64
                   ", average bank queue %.2f cycles\n",
                r->banks, r->busy, r->ccn ? "CCN on" : "no CCN (every miss straight to L2)", r->l2_req,
                avg(r->l2_wait, r->l2_req));
    fprintf(f, "  cycles %" PRIu64 ", loads %" PRIu64 " (hits %" PRIu64 ", merged into a miss %" PRIu64
               "), stores %" PRIu64 ", SM stalls %" PRIu64 "\n",
            a->cycles, r->loads, r->hits, r->merged, r->stores, r->stall);
    fprintf(f, "  misses %" PRIu64 ": served by a sharer %" PRIu64 " (%.1f%%), L2 after the circuit %" PRIu64
               " (%.1f%%), L2 straight %" PRIu64 " (%.1f%%; throttled %" PRIu64 ")\n",
            a->misses, a->served, pct(a->served, a->misses), a->home, pct(a->home, a->misses), a->off,
            pct(a->off, a->misses), r->throttled);
    fprintf(f, "  average latency (cycles): served %.2f, L2 after the circuit %.2f, L2 straight %.2f, all %.2f\n",
            avg(r->lat_served, a->served), avg(r->lat_home, a->home), avg(r->lat_off, a->off),
            avg(r->lat_served + r->lat_home + r->lat_off, a->served + a->home + a->off));
    fprintf(f, "  average hops of a served miss %.2f; served with another line's data (alias) %" PRIu64 "\n",
            avg(r->hops, a->served), r->wrong_data);
    fprintf(f, "  throttlers OFF %.1f%% of node-cycles; tag updates %" PRIu64 "; errors %" PRIu64 "\n",
            pct(a->off_cycles, a->cycles * r->nodes), r->updates, r->errors);
    for (unsigned k = 0; k < r->kernels && k < WL_RING_KERNELS; k++) {
        const wl_ring_kernel_t *q = &r->kernel[k];
        fprintf(f, "  kernel %u: cycles %" PRIu64 ", misses %" PRIu64 ", served %.1f%%, L2 straight %.1f%%, OFF %.1f%%\n",
                k + 1, q->cycles, q->misses, pct(q->served, q->misses), pct(q->off, q->misses),
                pct(q->off_cycles, q->cycles * r->nodes));
    }
    fprintf(f, "paper: Sec. 5.1 10 hops opposite vs 15 the same way; Sec. 4.4 the throttler turns a node OFF "
               "when under H_min of its requests hit\n");
}
