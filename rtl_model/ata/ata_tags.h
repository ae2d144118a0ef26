/*
 * ata_tags.h - C reference model of ATA-Cache's aggregated tag array (seed
 * 002, Sec. III): the tag arrays of a cluster's CORES L1s, every set in its
 * own bank, compared in one cycle against the request of every core.
 * Bit- and cycle-accurate against verilog/ata/ata_tags.v.  Plain C11, no globals.
 *
 *   Compare cycle t (outputs from the state before the edge and this cycle's
 *   inputs): request r (req_v_i bit r) selects set S = req_set_i[r] of every
 *   array a; hit_o bit r*CORES+a = some valid entry of set S of array a holds
 *   req_tag_i[r].  The distributor of core r: a local hit (array r) -> LOCAL;
 *   else a write -> L2 (writes are handled only locally); else a remote hit
 *   -> REMOTE to one array chosen by rotation (the first hitting array at or
 *   after core r's pointer, cyclically, skipping r); else L2.  src_o/way_o
 *   name the serving array and its lowest hitting way.
 *   Rising edge: the updates (upd_v_i: each L1 writes one entry of its own
 *   array) are applied, so a compare sees them from the next cycle on; core
 *   r's pointer moves past the array a REMOTE choice took; the read stage
 *   records each REMOTE request, and whether its remote line (array, set,
 *   way) was written by its own core's local write hit or by an update in
 *   the compare cycle: rrd_o / rl2_o in cycle t+1.
 *   Reset (rst_i): outputs 0; every entry invalid, pointers 0, read stage
 *   empty.  Tags are not cleared (an invalid entry never hits).
 *
 * Run instruments (C only, not hardware): functional coverage of the run
 * (hit-vector classes, contention, collisions, redirects, writes, rotation)
 * and remote serves per array, printed by ata_tags_report().
 *
 * API: see ct_desc.h (ata_tags_new/_eval/_step/_cycle/_run/_free ...).
 */
#ifndef ATA_TAGS_H
#define ATA_TAGS_H

#include <stdio.h>

#include "ct_desc.h"
#include "ata_tags_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(ata_tags, ATA_TAGS)

/* Destinations (dst_o fields). */
enum { ATA_NONE = 0, ATA_LOCAL = 1, ATA_REMOTE = 2, ATA_L2 = 3 };

/* Field r of a packed per-core port (F-bit fields), and its setter. */
static inline uint64_t ata_field(const uint64_t *w, unsigned r, unsigned f)
{
    return ct_bits_get(w, r * f, f);
}
static inline void ata_set_field(uint64_t *w, unsigned r, unsigned f, uint64_t v)
{
    ct_bits_set(w, r * f, f, v);
}

/* Functional coverage bins of a run. */
enum {
    ATA_COV_NONE,         /* a read whose hit vector is all 0 (to L2) */
    ATA_COV_LOCAL,        /* hit vector: local array only */
    ATA_COV_LOCAL_REMOTE, /* local and at least one remote array */
    ATA_COV_REMOTE1,      /* remote only, exactly one array */
    ATA_COV_REMOTEN,      /* remote only, several arrays */
    ATA_COV_SAME_SET,     /* two or more requests select the same set in one cycle */
    ATA_COV_UPD_COLLIDE,  /* an update writes a set a request compares in that cycle */
    ATA_COV_REDIR_WRITE,  /* a REMOTE read redirected by its line's local write */
    ATA_COV_REDIR_UPD,    /* ... by an update of its line */
    ATA_COV_WR_LOCAL,     /* a write hit locally */
    ATA_COV_WR_REMOTE,    /* a write that hit only remotely: to L2 */
    ATA_COV_ROTATED,      /* a REMOTE choice other than the lowest hitting array */
    ATA_COV_N
};
typedef struct {
    uint64_t bin[ATA_COV_N];
    uint64_t serves[32]; /* REMOTE choices per serving array */
} ata_tags_cov_t;
void ata_tags_coverage(const ata_tags_t *m, ata_tags_cov_t *cov);
/* Prints the bins (HOLE for a bin the configuration can show but the run
 * did not) and the remote serves per array; returns the number of holes. */
int ata_tags_cov_check(const ata_tags_cfg_t *c, const ata_tags_cov_t *cov, FILE *f);
int ata_tags_report(const ata_tags_t *m, FILE *f);

CT_END_DECLS

#endif
