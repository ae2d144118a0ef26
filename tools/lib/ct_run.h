/*
 * ct_run.h - a block's C model driven by its own stimulus generator, one
 * cycle at a time: the stimulus' inputs (masked to their port widths), then
 * the model's outputs.  What `ctwin gen`, `ctwin report` and the Verilator
 * harness's lockstep all do.
 */
#ifndef CT_RUN_H
#define CT_RUN_H

#include "ct_block.h"

CT_BEGIN_DECLS

typedef struct {
    const ct_block_t *b;
    unsigned iw[CT_MAX_PORTS], ow[CT_MAX_PORTS];
    uint32_t cfg[CT_MAX_PARAMS];
    void *model, *stim;
    uint64_t *cov; /* b->n_cover bins (NULL when none) */
} ct_run_t;

/* 0, or -1 (nothing left allocated) when the model or stimulus cannot be
 * made; cfg must be valid for b. */
int ct_run_open(ct_run_t *r, const ct_block_t *b, const uint32_t *cfg, uint64_t seed);
/* The model alone, no stimulus (a vector file's inputs drive it: ctwin
 * check); 0, or -1 (nothing left allocated). */
int ct_run_open_model(ct_run_t *r, const ct_block_t *b, const uint32_t *cfg);
/* One cycle of given inputs (already masked), its coverage counted. */
void ct_run_step(ct_run_t *r, const uint64_t *in, uint64_t *out);
/* One cycle; *note names the directed sequence (NULL when unchanged). */
void ct_run_cycle(ct_run_t *r, uint64_t *in, uint64_t *out, const char **note);
void ct_run_close(ct_run_t *r);
/* Golden vectors (`ctwin gen`, `vlharness gen`): the vector file's header for
 * block b, then CYCLES rows of b's stimulus for SEED with the outputs of
 * `model` (b itself, or a build of b's C model specialised to cfg), to f.
 * 0, or -1 when the model or stimulus cannot be made (nothing written). */
int ct_run_write_vectors(FILE *f, const ct_block_t *b, const ct_block_t *model, const uint32_t *cfg,
                         uint64_t seed, uint64_t cycles);
/* 1 when the run has something to report (coverage bins or the block's
 * report function). */
int ct_run_has_report(const ct_run_t *r);
/* What the run measured: the COVER bins on one "coverage:" line (a bin the
 * configuration can show but never did marked (HOLE)) and the verdict line
 * "coverage: complete ..." or "coverage: INCOMPLETE, N holes"; for a block
 * with its own report, that report (and its verdict) instead of the COVER
 * verdict (no block has both today).  Returns the number of holes and
 * problems of both. */
int ct_run_report(const ct_run_t *r, FILE *f);

/* Throughput runs (vlharness bench and speed, ctwin speed): the first
 * min(CYCLES, CT_BENCH_BUF) cycles of the stimulus in a buffer that stays in
 * cache, replayed until CYCLES have run; the output words of each chunk are
 * folded into one checksum, so runs of different engines can be compared. */
#define CT_BENCH_BUF 4096u
static inline uint64_t ct_bench_fold(uint64_t sum, const uint64_t *w, size_t nwords)
{
    for (size_t k = 0; k < nwords; k++)
        sum = ((sum << 5) | (sum >> 59)) ^ w[k];
    return sum;
}

CT_END_DECLS

#endif
