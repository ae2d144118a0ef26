/*
 * ct_vec.h - golden vector files (format 1, docs/vector-format.md).
 *
 * Writer: header from the block description, one row per cycle, inputs
 * then outputs, fixed-width lower-case hex.  Reader: strict; every error is
 * "FILE:LINE: field: message" and the reader never crashes on any input.
 */
#ifndef CT_VEC_H
#define CT_VEC_H

#include <stdio.h>

#include "ct_block.h"

#define CT_VEC_FORMAT 1
#define CT_VEC_MAXLINE 4096

typedef struct {
    const ct_block_t *block;
    uint32_t cfg[CT_MAX_PARAMS];
    uint64_t seed, cycles;
    char generator[128];
    unsigned in_w[CT_MAX_PORTS], out_w[CT_MAX_PORTS];
} ct_vec_header_t;

/* Fill widths for a block/config (helper for writers and harnesses). */
void ct_vec_header_init(ct_vec_header_t *h, const ct_block_t *b,
                        const uint32_t *cfg, uint64_t seed, uint64_t cycles);

void ct_vec_write_header(FILE *f, const ct_vec_header_t *h);
void ct_vec_write_row(FILE *f, const ct_vec_header_t *h, const uint64_t *in,
                      const uint64_t *out, const char *note);

typedef struct ct_vec_reader ct_vec_reader_t;

/* Opens and validates the header.  expect_block / expect_cfg (may be NULL)
 * make a file for another block or configuration an error. */
ct_vec_reader_t *ct_vec_open(const char *path, const ct_block_t *expect_block,
                             const uint32_t *expect_cfg, char *err,
                             size_t errlen);
const ct_vec_header_t *ct_vec_header(const ct_vec_reader_t *r);
/* 1: a row was read; 0: end of file (row count checked); -1: error. */
int ct_vec_next(ct_vec_reader_t *r, uint64_t *in, uint64_t *out, char *err,
                size_t errlen);
unsigned long ct_vec_lineno(const ct_vec_reader_t *r);
void ct_vec_close(ct_vec_reader_t *r);

/* Print "name=value" for each input, as hex, for mismatch reports. */
void ct_vec_format_inputs(const ct_vec_header_t *h, const uint64_t *in,
                          char *buf, size_t len);

#endif
