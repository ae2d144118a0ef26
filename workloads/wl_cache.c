/*
 * wl_cache.c - the functional set-associative LRU cache of wl_cache.h.
 */
#include "wl_cache.h"

#include <inttypes.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int wl_cache_init(wl_cache_t *c, unsigned sets, unsigned ways)
{
    memset(c, 0, sizeof *c);
    size_t n = (size_t)sets * ways;
    c->sets = sets, c->ways = ways;
    c->tag = calloc(n, sizeof *c->tag);
    c->stamp = calloc(n, sizeof *c->stamp);
    c->valid = calloc(n, 1);
    if (!c->tag || !c->stamp || !c->valid) {
        wl_cache_free(c);
        return -1;
    }
    return 0;
}

void wl_cache_free(wl_cache_t *c)
{
    free(c->tag), free(c->stamp), free(c->valid);
    c->tag = c->stamp = NULL;
    c->valid = NULL;
}

unsigned wl_cache_set(const wl_cache_t *c, uint64_t line)
{
    /* a power of two: a mask, not a 64-bit division */
    return (unsigned)((c->sets & (c->sets - 1)) == 0 ? line & (c->sets - 1) : line % c->sets);
}

/* the way of set base's ways holding line, or -1 */
static int find_in(const wl_cache_t *c, size_t base, uint64_t line)
{
    for (unsigned w = 0; w < c->ways; w++)
        if (c->valid[base + w] && c->tag[base + w] == line)
            return (int)w;
    return -1;
}

/* the way of set base's ways a miss fills */
static unsigned victim_in(const wl_cache_t *c, size_t base)
{
    for (unsigned w = 0; w < c->ways; w++)
        if (!c->valid[base + w])
            return w;
    unsigned way = 0;
    for (unsigned w = 1; w < c->ways; w++)
        if (c->stamp[base + w] < c->stamp[base + way])
            way = w;
    return way;
}

int wl_cache_find(const wl_cache_t *c, uint64_t line)
{
    return find_in(c, (size_t)wl_cache_set(c, line) * c->ways, line);
}

unsigned wl_cache_victim(const wl_cache_t *c, uint64_t line)
{
    return victim_in(c, (size_t)wl_cache_set(c, line) * c->ways);
}

void wl_cache_access(wl_cache_t *c, uint64_t line, wl_lookup_t *r)
{
    unsigned set = wl_cache_set(c, line);
    size_t base = (size_t)set * c->ways;
    int way = find_in(c, base, line);
    r->set = set;
    r->evicted = 0;
    r->victim = 0;
    r->hit = way >= 0;
    if (way < 0) {
        way = (int)victim_in(c, base);
        if (c->valid[base + (unsigned)way]) {
            r->evicted = 1;
            r->victim = c->tag[base + (unsigned)way];
        }
        c->tag[base + (unsigned)way] = line;
        c->valid[base + (unsigned)way] = 1;
    }
    r->way = (unsigned)way;
    c->stamp[base + (unsigned)way] = ++c->now;
}

void wl_cache_inval(wl_cache_t *c, unsigned set, unsigned way)
{
    c->valid[(size_t)set * c->ways + way] = 0;
}

int wl_l2_init(wl_l2_t *l2)
{
    l2->req = l2->hit = 0;
    return wl_cache_init(&l2->c, WL_L2_LINES / WL_L2_WAYS, WL_L2_WAYS);
}

void wl_l2_access(wl_l2_t *l2, uint64_t line)
{
    wl_lookup_t lk;
    wl_cache_access(&l2->c, line, &lk);
    l2->req++;
    l2->hit += (uint64_t)lk.hit;
}

void wl_l2_print(FILE *f, uint64_t req, uint64_t hit)
{
    fprintf(f, "  " WL_L2_FMT ": %" PRIu64 " requests past the L1s, %" PRIu64 " hits (%.1f%%)\n", WL_L2_FMT_ARGS, req,
            hit, req ? 100.0 * (double)hit / (double)req : 0.0);
}

void wl_l2_free(wl_l2_t *l2)
{
    if (l2->c.tag)
        wl_cache_free(&l2->c);
}

int wl_block_cfg(const ct_block_t *b, const char *text, uint32_t *cfg, size_t n, const char *what, char *err,
                 size_t errlen)
{
    uint32_t v[CT_MAX_PARAMS]; /* the parser writes CT_MAX_PARAMS entries */
    char e[CT_ERRLEN];
    if (ct_config_parse(b, text, v, e, sizeof e)) {
        snprintf(err, errlen, "%s: configuration: %s", what, e);
        return -1;
    }
    memcpy(cfg, v, n * sizeof *cfg);
    return 0;
}
