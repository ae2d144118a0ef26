/*
 * ata_tags.h - the C reference model: ATA-Cache aggregated tag array: tag selector, hit vectors,
 * distributor (ATA-Cache [002], Sec. III-A..III-C, Table II); bit- and cycle-accurate against
 * verilog/ata/ata_tags.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/ata_tags.md; ports, parameters and widths: docs/blocks/ata_tags_interface.md (from
 * ata_tags_desc.h).
 * API: ct_desc.h (ata_tags_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
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
