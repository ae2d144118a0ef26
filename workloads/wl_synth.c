/*
 * wl_synth.c - the synthetic kernels of wl_synth.h.  The issue order is the
 * documented clock of docs/workloads.md: request r comes from SM r mod SMS,
 * warp (r / SMS) mod WARPS; each request is one warp instruction to one
 * 128 B line, written as one access per touched 32 B sector, ascending.
 */
#define _POSIX_C_SOURCE 200809L
#include "wl_synth.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "ct_rng.h"

#define COMMON                                                                            \
    {"SMS", 4, 1, WL_MAX_SM, "SMs issuing requests"},                                     \
    {"WARPS", 8, 2, 64, "warps per SM (requests rotate over them)"},                      \
    {"REQS", 20000, 1, 1000000000, "requests (warp instruction x line) in the trace"}
enum { P_SMS, P_WARPS, P_REQS, P_0 };

static const wl_kernel_t k_stream = {
    "stream", "streaming, no reuse (vecAdd: c[i] = a[i] + b[i]): each warp loads a line of a, "
              "a line of b and stores a line of c, every line once",
    {COMMON, {"SECT", 4, 1, 4, "sectors each request touches (the first SECT of the line)"}}, 4};
static const wl_kernel_t k_reuse = {
    "reuse", "per-PC reuse counts (LoSCache): a line loaded by PC p is requested "
             "1 + p*(MAXUSE-1)/(PCS-1) times, its requests spread over LIVE lines in flight per SM",
    {COMMON,
     {"PCS", 4, 1, 16, "load PCs; PC p's lines have the p-th reuse count"},
     {"MAXUSE", 8, 1, 64, "requests of a line of the last PC"},
     {"LIVE", 32, 1, 1024, "lines in flight per SM (picked at random per request)"},
     {"JITTER", 0, 0, 100, "percent of lines whose count is one more or one less (at least 1)"},
     {"LDG", 0, 0, 1, "1: the loads bypass L1 (ldg), so L2 sees every request"}},
    8};
static const wl_kernel_t k_share = {
    "share", "lines shared between SMs (CCN's uRC): a request of SM s reads, with FRAC %, a line "
             "SM (s+DIST) mod SMS read recently; with REUSE % one of its own recent lines; else a new line",
    {COMMON,
     {"FRAC", 20, 0, 100, "percent of requests to a line of SM (s+DIST) mod SMS"},
     {"DIST", 1, 1, WL_MAX_SM - 1, "SM distance of the sharer (less than SMS)"},
     {"REUSE", 30, 0, 100, "percent of requests to one of the SM's own recent lines"},
     {"RECENT", 64, 1, 4096, "lines each SM remembers as recent"}},
    7};
static const wl_kernel_t k_sectors = {
    "sectors", "sectors touched per line (LAMAR's Avg_sec): each line of an SM's footprint has a "
               "fixed set of sectors, AVG/100 of them on average; a request touches that set (or, PART % of "
               "them, one sector of it)",
    {COMMON,
     {"AVG", 200, 100, 400, "average sectors per line, in hundredths (LAMAR Table 3: 109..400)"},
     {"FOOT", 256, 1, 1u << 20, "lines per SM, each requested again and again"},
     {"PART", 0, 0, 100, "percent of requests that touch one sector of the set, not all"}},
    6};
static const wl_kernel_t k_cluster = {
    "cluster", "cluster-local sharing (ATA-Cache): with LOCAL % a request reads a line of its "
               "cluster's shared footprint, else a line of the SM's own footprint",
    {COMMON,
     {"CLUSTER", 2, 1, WL_MAX_SM, "SMs per cluster (divides SMS)"},
     {"LOCAL", 40, 0, 100, "percent of requests to the cluster's shared lines"},
     {"FOOT", 512, 1, 1u << 20, "private lines per SM"},
     {"CFOOT", 512, 1, 1u << 20, "shared lines per cluster"}},
    7};

const wl_kernel_t *const wl_kernels[] = {&k_stream, &k_reuse, &k_share, &k_sectors, &k_cluster};
const unsigned wl_n_kernels = sizeof wl_kernels / sizeof wl_kernels[0];

const wl_kernel_t *wl_find_kernel(const char *name)
{
    for (unsigned i = 0; i < wl_n_kernels; i++)
        if (strcmp(wl_kernels[i]->name, name) == 0)
            return wl_kernels[i];
    return NULL;
}

int wl_synth_parse(const wl_kernel_t *k, const char *text, uint32_t *v, char *err, size_t errlen)
{
    char buf[512];
    for (unsigned i = 0; i < k->n_params; i++)
        v[i] = k->params[i].def;
    if (strlen(text) >= sizeof buf) {
        snprintf(err, errlen, "%s: parameter text longer than %zu characters", k->name, sizeof buf - 1);
        return -1;
    }
    strcpy(buf, text);
    for (char *save = NULL, *t = strtok_r(buf, " ,\t", &save); t; t = strtok_r(NULL, " ,\t", &save)) {
        char *eq = strchr(t, '=');
        if (!eq) {
            snprintf(err, errlen, "%s: '%.40s' is not NAME=VALUE", k->name, t);
            return -1;
        }
        *eq = 0;
        unsigned i;
        for (i = 0; i < k->n_params && strcmp(k->params[i].name, t) != 0; i++)
            ;
        if (i == k->n_params) {
            int n = snprintf(err, errlen, "%s: unknown parameter '%.40s'; known:", k->name, t);
            for (unsigned j = 0; j < k->n_params && n > 0 && (size_t)n < errlen; j++)
                n += snprintf(err + n, errlen - (size_t)n, " %s", k->params[j].name);
            return -1;
        }
        const wl_param_t *p = &k->params[i];
        char *end;
        size_t len = strlen(eq + 1);
        unsigned long long x = len && len <= 10 && eq[1] >= '0' && eq[1] <= '9' ? strtoull(eq + 1, &end, 10) : 0;
        if (!len || len > 10 || eq[1] < '0' || eq[1] > '9' || *end || x < p->min || x > p->max) {
            snprintf(err, errlen, "%s: %s='%.40s' is not a decimal number in %" PRIu32 "..%" PRIu32, k->name,
                     p->name, eq + 1, p->min, p->max);
            return -1;
        }
        v[i] = (uint32_t)x;
    }
    if (k == &k_share && v[P_0 + 1] >= v[P_SMS]) {
        snprintf(err, errlen, "share: DIST=%" PRIu32 " must be less than SMS=%" PRIu32, v[P_0 + 1], v[P_SMS]);
        return -1;
    }
    if (k == &k_cluster && v[P_SMS] % v[P_0] != 0) {
        snprintf(err, errlen, "cluster: CLUSTER=%" PRIu32 " does not divide SMS=%" PRIu32, v[P_0], v[P_SMS]);
        return -1;
    }
    if (k == &k_share && (uint64_t)v[P_0] + v[P_0 + 2] > 100) {
        snprintf(err, errlen, "share: FRAC + REUSE = %" PRIu32 " is more than 100",
                 v[P_0] + v[P_0 + 2]);
        return -1;
    }
    return 0;
}

void wl_synth_format(const wl_kernel_t *k, const uint32_t *v, char *buf, size_t len)
{
    size_t n = 0;
    buf[0] = 0;
    for (unsigned i = 0; i < k->n_params && n < len; i++)
        n += (size_t)snprintf(buf + n, len - n, "%s%s=%" PRIu32, i ? " " : "", k->params[i].name, v[i]);
}

/* ---------------------------------------------------------- generation */

#define LINE_B 128u
#define SECTOR_B 32u
#define BASE UINT64_C(0x10000000) /* byte address of line 0 */

typedef struct {
    wl_writer_t w;
    ct_rng_t rng;
    uint32_t sms, warps;
} gen_t;

static void emit(gen_t *g, uint32_t sm, uint32_t warp, uint64_t pc, wl_kind_t kind, uint64_t line,
                 unsigned sectors)
{
    wl_access_t a = {sm, warp, pc, 0, SECTOR_B, kind};
    for (unsigned k = 0; k < LINE_B / SECTOR_B; k++)
        if (sectors >> k & 1) {
            a.addr = BASE + line * LINE_B + k * SECTOR_B;
            wl_write_access(&g->w, &a);
        }
}

static uint64_t hash64(uint64_t x)
{
    return ct_splitmix64(&x);
}

/* k distinct sectors of the 4 (k in 1..4), chosen by h */
static unsigned pick_sectors(uint64_t h, unsigned k)
{
    unsigned idx[4] = {0, 1, 2, 3}, m = 0;
    for (unsigned i = 0; i < k; i++) {
        unsigned j = i + (unsigned)(h % (4 - i)), t = idx[i];
        h /= 4 - i;
        idx[i] = idx[j], idx[j] = t;
        m |= 1u << idx[i];
    }
    return m;
}

typedef struct {
    uint64_t line;
    uint32_t pc, left;
} live_t;

int wl_synth_write(const wl_kernel_t *k, const uint32_t *v, uint64_t seed, FILE *f, char *err, size_t errlen)
{
    gen_t g;
    char params[192];
    wl_trace_header_t h = {LINE_B, SECTOR_B, "", 0};
    wl_synth_format(k, v, params, sizeof params);
    snprintf(h.source, sizeof h.source, "ctwin synth %s %s seed=%" PRIu64, k->name, params, seed);
    ct_rng_seed(&g.rng, seed);
    g.sms = v[P_SMS], g.warps = v[P_WARPS];
    wl_write_header(&g.w, f, &h);
    char kname[64];
    snprintf(kname, sizeof kname, "synth_%s", k->name);
    wl_write_kernel(&g.w, 1, kname);

    /* per-kernel state */
    uint64_t next_line = 0;                      /* fresh lines */
    uint8_t *phase = NULL;                       /* stream: per warp */
    uint64_t *group = NULL;
    live_t *live = NULL;                         /* reuse */
    uint64_t *recent = NULL;                     /* share: SMS x RECENT */
    uint32_t *nrecent = NULL, *rpos = NULL;
    size_t nw = (size_t)g.sms * g.warps;
    int oom = 0;
    if (k == &k_stream) {
        phase = calloc(nw, 1), group = calloc(nw, sizeof *group);
        oom = !phase || !group;
    } else if (k == &k_reuse) {
        live = calloc((size_t)g.sms * v[P_0 + 2], sizeof *live);
        oom = !live;
    } else if (k == &k_share) {
        recent = calloc((size_t)g.sms * v[P_0 + 3], sizeof *recent);
        nrecent = calloc(g.sms, sizeof *nrecent), rpos = calloc(g.sms, sizeof *rpos);
        oom = !recent || !nrecent || !rpos;
    }
    if (oom) {
        free(phase), free(group), free(live), free(recent), free(nrecent), free(rpos);
        snprintf(err, errlen, "synth %s: out of memory", k->name);
        return -1;
    }
    for (uint64_t r = 0; r < v[P_REQS]; r++) {
        uint32_t sm = (uint32_t)(r % g.sms), warp = (uint32_t)(r / g.sms % g.warps);
        if (k == &k_stream) {
            size_t i = (size_t)sm * g.warps + warp;
            if (phase[i] == 0)
                group[i] = next_line++;
            static const uint64_t pc[3] = {0x100, 0x110, 0x120};
            /* arrays a, b, c: lines 3g, 3g+1, 3g+2 */
            emit(&g, sm, warp, pc[phase[i]], phase[i] == 2 ? WL_ST : WL_LD, 3 * group[i] + phase[i],
                 (1u << v[P_0]) - 1);
            phase[i] = (uint8_t)((phase[i] + 1) % 3);
        } else if (k == &k_reuse) {
            uint32_t pcs = v[P_0], maxuse = v[P_0 + 1], nlive = v[P_0 + 2], jitter = v[P_0 + 3];
            live_t *l = &live[(size_t)sm * nlive + ct_rng_below(&g.rng, nlive)];
            if (l->left == 0) {
                uint32_t p = (uint32_t)ct_rng_below(&g.rng, pcs);
                uint32_t n = 1 + (pcs > 1 ? p * (maxuse - 1) / (pcs - 1) : maxuse - 1);
                if (ct_rng_below(&g.rng, 100) < jitter)
                    n = ct_rng_below(&g.rng, 2) ? n + 1 : (n > 1 ? n - 1 : 1);
                l->line = next_line++, l->pc = p, l->left = n;
            }
            emit(&g, sm, warp, 0x200 + 0x10 * (uint64_t)l->pc, v[P_0 + 4] ? WL_LDG : WL_LD, l->line, 0xf);
            l->left--;
        } else if (k == &k_share) {
            uint32_t frac = v[P_0], dist = v[P_0 + 1], reuse = v[P_0 + 2], nrec = v[P_0 + 3];
            uint32_t other = (sm + dist) % g.sms, dice = (uint32_t)ct_rng_below(&g.rng, 100);
            uint64_t line;
            uint64_t pc;
            if (dice < frac && nrecent[other]) {
                line = recent[(size_t)other * nrec + ct_rng_below(&g.rng, nrecent[other])];
                pc = 0x310;
            } else if (dice >= frac && dice < frac + reuse && nrecent[sm]) {
                line = recent[(size_t)sm * nrec + ct_rng_below(&g.rng, nrecent[sm])];
                pc = 0x320;
            } else {
                line = next_line++;
                pc = 0x300;
                recent[(size_t)sm * nrec + rpos[sm]] = line;
                rpos[sm] = (rpos[sm] + 1) % nrec;
                if (nrecent[sm] < nrec)
                    nrecent[sm]++;
            }
            emit(&g, sm, warp, pc, WL_LD, line, 0xf);
        } else if (k == &k_sectors) {
            uint32_t avg = v[P_0], foot = v[P_0 + 1];
            uint64_t line = (uint64_t)sm * foot + ct_rng_below(&g.rng, foot);
            /* the line's sector count: floor(AVG/100), one more with
             * probability (AVG mod 100)/100, both from the line's hash */
            uint64_t hh = hash64(line ^ seed * UINT64_C(0x9e3779b97f4a7c15));
            unsigned n = avg / 100 + ((hh >> 40) % 100 < avg % 100);
            unsigned set = pick_sectors(hh, n);
            if (v[P_0 + 2] && ct_rng_below(&g.rng, 100) < v[P_0 + 2]) { /* one sector of the set */
                unsigned pick = (unsigned)ct_rng_below(&g.rng, n);
                while (pick--)
                    set &= set - 1;
                set &= -set;
            }
            emit(&g, sm, warp, 0x400, WL_LD, line, set);
        } else { /* cluster */
            uint32_t csize = v[P_0], local = v[P_0 + 1], foot = v[P_0 + 2], cfoot = v[P_0 + 3];
            uint64_t line;
            if (ct_rng_below(&g.rng, 100) < local)
                line = (uint64_t)g.sms * foot + (sm / csize) * (uint64_t)cfoot + ct_rng_below(&g.rng, cfoot);
            else
                line = (uint64_t)sm * foot + ct_rng_below(&g.rng, foot);
            emit(&g, sm, warp, 0x500, WL_LD, line, 0xf);
        }
    }
    free(phase), free(group), free(live), free(recent), free(nrecent), free(rpos);
    if (wl_write_end(&g.w) < 0) {
        snprintf(err, errlen, "synth %s: write error", k->name);
        return -1;
    }
    return 0;
}
