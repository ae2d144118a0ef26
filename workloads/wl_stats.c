/*
 * wl_stats.c - the trace summary of `ctwin trace` (docs/trace-format.md,
 * "Summary"): counts, and the exact LRU stack distance of every request
 * (an open-addressing map key -> last time, and a Fenwick tree over the
 * times that are some key's last, renumbered when it fills).
 */
#include "wl_stats.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

struct wl_lines {
    int track;            /* 0: a set only (no distance) */
    uint64_t *key, *when; /* map; when[i] = UINT64_MAX: empty slot */
    uint64_t cap, n;      /* slots (a power of two), keys */
    uint32_t *bit;        /* Fenwick tree over times 1..tcap */
    uint64_t tcap, now;   /* times in use: 1..now */
};

static uint64_t mix(uint64_t x)
{
    x ^= x >> 33;
    x *= UINT64_C(0xff51afd7ed558ccd);
    x ^= x >> 33;
    return x;
}

static wl_lines_t *lines_new(int track)
{
    wl_lines_t *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->track = track;
    l->cap = 1024;
    l->key = malloc(l->cap * sizeof *l->key);
    l->when = malloc(l->cap * sizeof *l->when);
    l->tcap = track ? 4096 : 0;
    l->bit = track ? calloc(l->tcap + 1, sizeof *l->bit) : NULL;
    if (!l->key || !l->when || (track && !l->bit)) {
        wl_lines_free(l);
        return NULL;
    }
    memset(l->when, 0xff, l->cap * sizeof *l->when);
    return l;
}

wl_lines_t *wl_lines_new(void) { return lines_new(1); }
uint64_t wl_lines_count(const wl_lines_t *l) { return l->n; }

void wl_lines_free(wl_lines_t *l)
{
    if (!l)
        return;
    free(l->key), free(l->when), free(l->bit), free(l);
}

static void bit_add(wl_lines_t *l, uint64_t t, int v)
{
    for (; t <= l->tcap; t += t & -t)
        l->bit[t] += (uint32_t)v;
}

static uint64_t bit_sum(const wl_lines_t *l, uint64_t t)
{
    uint64_t s = 0;
    for (; t; t -= t & -t)
        s += l->bit[t];
    return s;
}

static uint64_t slot(const wl_lines_t *l, uint64_t key)
{
    uint64_t i = mix(key) & (l->cap - 1);
    while (l->when[i] != UINT64_MAX && l->key[i] != key)
        i = (i + 1) & (l->cap - 1);
    return i;
}

static int grow(wl_lines_t *l)
{
    uint64_t oc = l->cap, *ok = l->key, *ow = l->when;
    l->cap *= 2;
    l->key = malloc(l->cap * sizeof *l->key);
    l->when = malloc(l->cap * sizeof *l->when);
    if (!l->key || !l->when) {
        free(l->key), free(l->when);
        l->key = ok, l->when = ow, l->cap = oc;
        return -1;
    }
    memset(l->when, 0xff, l->cap * sizeof *l->when);
    for (uint64_t i = 0; i < oc; i++)
        if (ow[i] != UINT64_MAX) {
            uint64_t j = slot(l, ok[i]);
            l->key[j] = ok[i], l->when[j] = ow[i];
        }
    free(ok), free(ow);
    return 0;
}

static int by_when(const void *a, const void *b)
{
    uint64_t x = **(uint64_t *const *)a, y = **(uint64_t *const *)b;
    return x < y ? -1 : x > y;
}

/* Renumbers the keys' last times 1..n in their order and rebuilds the
 * tree with room for as many again. */
static int compact(wl_lines_t *l)
{
    uint64_t **order = malloc((l->n ? l->n : 1) * sizeof *order), k = 0;
    uint64_t tcap = 2 * l->n + 4096;
    uint32_t *bit = calloc(tcap + 1, sizeof *bit);
    if (!order || !bit) {
        free(order), free(bit);
        return -1;
    }
    for (uint64_t i = 0; i < l->cap; i++)
        if (l->when[i] != UINT64_MAX)
            order[k++] = &l->when[i];
    qsort(order, k, sizeof *order, by_when);
    for (uint64_t i = 0; i < k; i++)
        *order[i] = i + 1;
    free(order);
    free(l->bit);
    l->bit = bit, l->tcap = tcap, l->now = k;
    for (uint64_t t = 1; t <= k; t++)
        bit_add(l, t, 1);
    return 0;
}

int wl_lines_touch(wl_lines_t *l, uint64_t key, int64_t *dist)
{
    if ((l->n + 1) * 4 > l->cap * 3 && grow(l) < 0)
        return -2;
    if (l->track && l->now == l->tcap && compact(l) < 0)
        return -2;
    uint64_t i = slot(l, key);
    if (l->when[i] == UINT64_MAX) {
        l->key[i] = key;
        l->n++;
        *dist = -1;
    } else if (l->track) {
        uint64_t p = l->when[i];
        *dist = (int64_t)(bit_sum(l, l->now) - bit_sum(l, p));
        bit_add(l, p, -1);
    } else {
        *dist = 0;
    }
    if (l->track) {
        l->now++;
        bit_add(l, l->now, 1);
        l->when[i] = l->now;
    } else {
        l->when[i] = 0;
    }
    return 0;
}

unsigned wl_reuse_bin(uint64_t d)
{
    unsigned k = 0;
    while (d) {
        d >>= 1;
        k++;
    }
    return k < WL_REUSE_BINS ? k : WL_REUSE_BINS - 1;
}

/* ------------------------------------------------------------ summary */

int wl_stats_init(wl_stats_t *s, unsigned line_b, unsigned sector_b)
{
    memset(s, 0, sizeof *s);
    s->line_b = line_b, s->sector_b = sector_b;
    wl_asm_init(&s->as, line_b, sector_b);
    s->by_line = lines_new(1);
    s->by_warp = lines_new(0);
    if (!s->by_line || !s->by_warp) {
        wl_stats_free(s);
        return -1;
    }
    return 0;
}

void wl_stats_free(wl_stats_t *s)
{
    wl_lines_free(s->by_line), wl_lines_free(s->by_warp);
    s->by_line = s->by_warp = NULL;
}

static int request(wl_stats_t *s, const wl_req_t *q)
{
    int64_t d;
    s->requests++;
    s->sectors += (uint64_t)__builtin_popcountll(q->sectors);
    if (wl_lines_touch(s->by_line, q->line, &d) < 0)
        return -1;
    if (d < 0)
        s->cold++;
    else
        s->reuse[wl_reuse_bin((uint64_t)d)]++;
    return 0;
}

int wl_stats_access(wl_stats_t *s, const wl_access_t *a)
{
    int64_t d;
    wl_req_t q;
    s->accesses++;
    s->by_kind[a->kind]++;
    s->sm_seen[a->sm] = 1;
    if (wl_lines_touch(s->by_warp, (uint64_t)a->sm << 32 | a->warp, &d) < 0)
        return -1;
    return wl_asm_feed(&s->as, a, &q) ? request(s, &q) : 0;
}

void wl_stats_kernel(wl_stats_t *s)
{
    wl_req_t q;
    if (wl_asm_flush(&s->as, &q))
        request(s, &q);
    s->kernels++;
}

int wl_stats_finish(wl_stats_t *s)
{
    wl_req_t q;
    if (wl_asm_flush(&s->as, &q) && request(s, &q) < 0)
        return -1;
    s->sms = 0;
    for (unsigned i = 0; i < WL_MAX_SM; i++)
        if (s->sm_seen[i])
            s->sms++, s->sm_max = i;
    s->lines = wl_lines_count(s->by_line);
    s->warps = wl_lines_count(s->by_warp);
    return 0;
}

void wl_stats_print(FILE *f, const wl_stats_t *s)
{
    fprintf(f, "kernels   %" PRIu64 "\n", s->kernels);
    fprintf(f, "accesses  %" PRIu64 " (", s->accesses);
    for (int k = 0; k < WL_NKIND; k++)
        fprintf(f, "%s%s %" PRIu64, k ? ", " : "", wl_kind_names[k], s->by_kind[k]);
    fprintf(f, ")\n");
    fprintf(f, "requests  %" PRIu64 " (one warp instruction's accesses to one line), %.2f sectors each\n",
            s->requests, s->requests ? (double)s->sectors / (double)s->requests : 0.0);
    fprintf(f, "SMs       %" PRIu32 " (largest id %" PRIu32 "), warps %" PRIu64 "\n", s->sms, s->sm_max, s->warps);
    fprintf(f, "lines     %" PRIu64 " unique (%u B)\n", s->lines, s->line_b);
    fprintf(f, "reuse distance of the requests (distinct other lines since the line's last request):\n");
    fprintf(f, "  %-13s %12" PRIu64 "\n", "first", s->cold);
    for (unsigned k = 0; k < WL_REUSE_BINS; k++) {
        if (!s->reuse[k])
            continue;
        char lab[32];
        if (k == 0)
            snprintf(lab, sizeof lab, "0");
        else if (k == WL_REUSE_BINS - 1)
            snprintf(lab, sizeof lab, ">= %llu", 1ull << (k - 1));
        else if (k == 1)
            snprintf(lab, sizeof lab, "1");
        else
            snprintf(lab, sizeof lab, "%llu-%llu", 1ull << (k - 1), (1ull << k) - 1);
        fprintf(f, "  %-13s %12" PRIu64 "\n", lab, s->reuse[k]);
    }
}
