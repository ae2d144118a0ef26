/*
 * shadow_tags.h - the C reference model: CCN shadow tags: single-ported copy of the L1 tags for
 * remote lookups (CCN [004], Sec. 4.2, 4.3, 4.5, Table II); bit- and cycle-accurate against
 * verilog/ccn/shadow_tags.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/shadow_tags.md; ports, parameters and widths: docs/blocks/shadow_tags_interface.md
 * (from shadow_tags_desc.h).
 * API: ct_desc.h (shadow_tags_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
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
