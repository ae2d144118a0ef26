/*
 * ct_cov.h - printing a block's functional-coverage bins, shared by the
 * blocks that count them in their model (shadow_tags, ata_tags, loscache_pt)
 * and by ct_run for the COVER tables of the descriptions: one line
 * " name count" per bin, a bin the configuration must show but never did
 * marked " (HOLE)", one it cannot show marked with the reason, then the
 * verdict line the harnesses and `ctwin report` look for.
 */
#ifndef CT_COV_H
#define CT_COV_H

#include <stdint.h>
#include <stdio.h>

/* Prints the bins (after whatever the caller printed on the line) and
 * returns the number of holes.  required[b] = 0: bin b is not possible in
 * this configuration, printed as " (why)". */
static inline int ct_cov_bins(FILE *f, const char *const *name, const uint64_t *bin,
                              const int *required, unsigned n, const char *why)
{
    int holes = 0;
    for (unsigned b = 0; b < n; b++) {
        int hole = required[b] && !bin[b];
        fprintf(f, " %s %llu%s%s%s", name[b], (unsigned long long)bin[b],
                hole ? " (HOLE)" : "", required[b] ? "" : " (", required[b] ? "" : why);
        if (!required[b])
            fputc(')', f);
        holes += hole;
    }
    return holes;
}

/* The verdict line (starting on a new line). */
static inline void ct_cov_verdict(FILE *f, int holes)
{
    if (holes)
        fprintf(f, "\ncoverage: INCOMPLETE, %d holes\n", holes);
    else
        fprintf(f, "\ncoverage: complete, every bin the configuration can show was seen\n");
}

#endif
