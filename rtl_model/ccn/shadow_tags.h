/*
 * shadow_tags.h - C reference model of the CCN shadow tags (seed 004,
 * Sec. 4.3): one SM's copy of its L1 tag array, SETS rows of WAYS entries
 * {valid, stored tag} in a single-ported memory.  Bit- and cycle-accurate
 * against verilog/ccn/shadow_tags.v.  Plain C11, no globals.
 *
 *   set(la) = la mod SETS;  tag(la) = la >> (LA_W - TAG_W)  (the top bits)
 *   One access per cycle, in this priority: the post-reset sweep (SETS
 *   cycles after a reset cycle, busy_o), an update (upd_i: writes way
 *   upd_way_i of set(upd_la_i) with {upd_v_i, tag(upd_la_i)}; never waits),
 *   a lookup (lk_valid_i and lk_ready_o: reads the row of set(lk_la_i)).
 *   A lookup accepted in cycle t answers in cycle t+1 (rsp_valid_o) from
 *   the row as the edge ending cycle t read it: hit when a valid entry holds
 *   tag(lk_la_i), rsp_way_o the lowest such way.  Updates during busy_o are
 *   not applied (the L1 is being cleared as well).
 * Two line addresses a, b with a mod SETS == b mod SETS and
 * a >> (LA_W-TAG_W) == b >> (LA_W-TAG_W) share a stored tag: a lookup of one
 * hits on the other's entry (an alias; none when 2^(LA_W-TAG_W) <= SETS).
 *
 * Run instruments (C only, not hardware): the full line address last written
 * to each entry, and functional coverage of the run (hits per way, misses,
 * update/lookup collisions, back-pressure lengths, lookups of invalidated or
 * pending lines, alias hits), printed by shadow_tags_report().
 *
 * API: see ct_desc.h (shadow_tags_new/_eval/_step/_cycle/_run/_free ...).
 */
#ifndef SHADOW_TAGS_H
#define SHADOW_TAGS_H

#include <stdio.h>

#include "ct_desc.h"
#include "shadow_tags_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(shadow_tags, SHADOW_TAGS)

/* The index function and the stored tag of a line address. */
uint32_t shadow_tags_set(const shadow_tags_cfg_t *c, uint64_t la);
uint64_t shadow_tags_tag(const shadow_tags_cfg_t *c, uint64_t la);
/* 1 when two line addresses of one set can share a stored tag. */
int shadow_tags_aliasing(const shadow_tags_cfg_t *c);

/* Functional coverage bins of a run. */
enum {
    ST_COV_MISS,        /* a lookup missed */
    ST_COV_COLLISION,   /* update and lookup in one cycle: the lookup waited */
    ST_COV_WAIT1,       /* a lookup accepted after exactly 1 cycle of waiting */
    ST_COV_WAIT2,       /* ... after 2 or more */
    ST_COV_BUSY_WAIT,   /* a lookup presented while the sweep ran */
    ST_COV_INVAL_MISS,  /* a miss of a line whose entry was invalidated (pending or gone) */
    ST_COV_ALIAS_HIT,   /* a hit on an entry written for another line address */
    ST_COV_UPD_FILL,    /* updates: fills */
    ST_COV_UPD_INVAL,   /* updates: invalidations */
    ST_COV_N
};
typedef struct {
    uint64_t bin[ST_COV_N];
    uint64_t hit_way[16]; /* hits per way */
} shadow_tags_cov_t;
void shadow_tags_coverage(const shadow_tags_t *m, shadow_tags_cov_t *cov);
/* The verdict on a run's bins: prints them (HOLE for a required bin not
 * seen: every way's hits, misses, collisions, both wait lengths, a lookup
 * during the sweep, invalidate-then-lookup, and alias hits where the
 * configuration aliases) and returns the number of holes. */
int shadow_tags_cov_check(const shadow_tags_cfg_t *c, const shadow_tags_cov_t *cov, FILE *f);
int shadow_tags_report(const shadow_tags_t *m, FILE *f);

CT_END_DECLS

#endif
