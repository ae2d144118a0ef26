/*
 * wl_cache.h - a functional (tag-only, untimed) set-associative cache with
 * LRU replacement, the L1 per SM of the workload experiments
 * (docs/workloads.md, "The functional cache").  Lines are line numbers
 * (address / line size); set = line mod sets; the way of a fill is the
 * lowest invalid way, else the least recently used.  What a line holds in
 * its sectors is the blocks' business (lamar_gdu keeps the sector bits).
 */
#ifndef WL_CACHE_H
#define WL_CACHE_H

#include <stdint.h>
#include <stdio.h>

#include "ct_block.h"

CT_BEGIN_DECLS

typedef struct {
    unsigned sets, ways;
    uint64_t *tag, *stamp; /* sets x ways; stamp: last use, for LRU */
    uint8_t *valid;
    uint64_t now;
} wl_cache_t;

typedef struct {
    int hit;            /* the line was there */
    unsigned set, way;  /* where it is now (hit or filled) */
    int evicted;        /* a miss that replaced a valid line */
    uint64_t victim;    /* that line */
} wl_lookup_t;

/* 0, or -1 when out of memory (sets, ways >= 1) */
int wl_cache_init(wl_cache_t *c, unsigned sets, unsigned ways);
/* line's set: line mod sets (a mask when sets is a power of two) */
unsigned wl_cache_set(const wl_cache_t *c, uint64_t line);
void wl_cache_free(wl_cache_t *c);
/* A reference to line: a hit makes it most recently used; a miss fills it
 * (evicting the lowest invalid way's nothing, or the LRU way's line). */
void wl_cache_access(wl_cache_t *c, uint64_t line, wl_lookup_t *r);
/* The way a miss of line would fill (the lowest invalid way of its set,
 * else the least recently used); changes nothing. */
unsigned wl_cache_victim(const wl_cache_t *c, uint64_t line);
/* The way holding line, or -1; changes nothing. */
int wl_cache_find(const wl_cache_t *c, uint64_t line);
/* Removes the line of set/way (write-evict). */
void wl_cache_inval(wl_cache_t *c, unsigned set, unsigned way);

/* The L2 under the L1s of the lamar, ccn, ata and leak experiments: the
 * papers' GTX480-class 768 KB (6,144 lines of 128 B), 8-way, LRU, tags
 * only, untimed, write-allocate (a store's write-through allocates its line;
 * no dirty state, no write-back).  Every request past an L1 is one access:
 * an L1 miss's fill, a store, an ldg or atom. */
#define WL_L2_LINES 6144
#define WL_L2_WAYS 8
typedef struct {
    wl_cache_t c;
    uint64_t req, hit; /* accesses, and those that found their line */
} wl_l2_t;
/* 0, or -1 when out of memory */
int wl_l2_init(wl_l2_t *l2);
/* one request for line: counted, a hit made most recent, a miss filled */
void wl_l2_access(wl_l2_t *l2, uint64_t line);
void wl_l2_free(wl_l2_t *l2);
/* the L2 as the experiments' tables name it: a printf format and its
 * arguments, "L2 (768 KB, 8-way LRU, write-allocate, tags only)" */
#define WL_L2_FMT "L2 (%d KB, %d-way LRU, write-allocate, tags only)"
#define WL_L2_FMT_ARGS (WL_L2_LINES * 128 / 1024), WL_L2_WAYS
/* the experiments' table line of the L2: "  L2 (...): R requests, H hits (x%)" */
void wl_l2_print(FILE *f, uint64_t req, uint64_t hit);

/* The experiments' block configuration: text (a preset, NAME=VALUE pairs)
 * parsed for block b into cfg's n parameters.  0, or -1 with
 * "WHAT: configuration: ..." in err. */
int wl_block_cfg(const ct_block_t *b, const char *text, uint32_t *cfg, size_t n, const char *what, char *err,
                 size_t errlen);

CT_END_DECLS

#endif
