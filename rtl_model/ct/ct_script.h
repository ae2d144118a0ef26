/*
 * ct_script.h - the directed prologue of a block's stimulus: a list of input
 * rows, each with an optional note naming the corner case it walks.  The
 * stimulus generators push rows at creation and play them back before their
 * constrained-random phase.
 */
#ifndef CT_SCRIPT_H
#define CT_SCRIPT_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    unsigned n_in;       /* input words per row (the block's _IN_WORDS) */
    uint64_t *rows;      /* n x n_in */
    const char **notes;  /* n */
    size_t n, cap, pos;
    int over;            /* the random phase has begun */
} ct_script_t;

/* A prologue holds at most this many rows: a configuration whose directed
 * sequences are longer (a window of 2^30 instructions one a cycle, counters
 * of 2^32) plays the rows that fit, then the random phase.  The paper
 * presets' longest prologue is ccn_rt's, about 56,500 rows. */
#define CT_SCRIPT_MAX_ROWS (UINT32_C(1) << 20)

/* Appends one row of n_in inputs.  A full script (CT_SCRIPT_MAX_ROWS) or
 * out of memory cuts the prologue short (the random phase follows); never
 * fails otherwise. */
void ct_script_push(ct_script_t *s, const uint64_t *in, const char *note);
/* 1 once the script holds CT_SCRIPT_MAX_ROWS rows (a generator's long loop
 * stops there). */
static inline int ct_script_full(const ct_script_t *s) { return s->n >= CT_SCRIPT_MAX_ROWS; }
/* Copies the next row into in and its note into *note and returns 1; once
 * the script is played out returns 0 (and frees the rows), with *note =
 * "constrained random" the first time, NULL after. */
int ct_script_next(ct_script_t *s, uint64_t *in, const char **note);
void ct_script_free(ct_script_t *s);

/* What every block's stimulus generator (a struct with cfg, rng and dir
 * members) does first and last.  CT_STIM_ALLOC: s calloc'd, the
 * configuration *c kept, the prologue's row width set, the generator
 * seeded; 1, or 0 when there is no memory (s NULL).  CT_STIM_FREE: the
 * prologue and s freed (s may be NULL).  The caller includes <stdlib.h>
 * and ct_rng.h. */
#define CT_STIM_ALLOC(s, c, in_words, seed)                                    \
    (((s) = calloc(1, sizeof *(s))) != NULL &&                                 \
     ((s)->cfg = *(c), (s)->dir.n_in = (in_words), ct_rng_seed(&(s)->rng, (seed)), 1))
#define CT_STIM_FREE(s)                                                        \
    do {                                                                       \
        if (s)                                                                 \
            ct_script_free(&(s)->dir);                                         \
        free(s);                                                               \
    } while (0)

#endif
