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

CT_BEGIN_DECLS

#define CT_VEC_FORMAT 1
#define CT_VEC_MAXLINE 65536

typedef struct {
    const ct_block_t *block;
    uint32_t cfg[CT_MAX_PARAMS];
    uint64_t seed, cycles;
    char generator[128];
    unsigned in_w[CT_MAX_PORTS], out_w[CT_MAX_PORTS];
    /* word offset of each port in the in/out word arrays (ct_block.h) */
    unsigned in_off[CT_MAX_PORTS], out_off[CT_MAX_PORTS];
} ct_vec_header_t;

/* Fixed-width lower-case hex of a port value: ceil(width/4) digits, most
 * significant first, from the little-endian words w.  sep != 0 is put
 * between 64-bit words (for reports; 0 in vector files).  Returns the
 * length written (buf must hold digits + digits/16 + 1 characters). */
size_t ct_hex(char *buf, const uint64_t *w, unsigned width, char sep);

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

/* Print "name=value" for each input, as hex (64-bit words of a wide value
 * separated by '_'), for mismatch reports. */
void ct_vec_format_inputs(const ct_vec_header_t *h, const uint64_t *in,
                          char *buf, size_t len);

/* The first output port whose value (masked to its width) differs between
 * exp and act, or -1; *word gets the first 64-bit word of it that differs. */
int ct_vec_diff(const ct_vec_header_t *h, const uint64_t *exp,
                const uint64_t *act, unsigned *word);
/* 1 when output port i differs (*word: its first differing word), else 0. */
int ct_vec_diff_port(const ct_vec_header_t *h, unsigned i,
                     const uint64_t *exp, const uint64_t *act, unsigned *word);
/* Output port i's value in v (the whole output word array) as hex: narrow
 * ports without leading zeros, wide ones at full width with '_' between
 * 64-bit words.  buf needs CT_VEC_HEXLEN characters. */
#define CT_VEC_HEXLEN (CT_MAX_PORT_W / 4 + CT_MAX_PORT_W / 64 + 2)
const char *ct_vec_format_out(const ct_vec_header_t *h, unsigned i,
                              const uint64_t *v, char *buf);

CT_END_DECLS

#endif
