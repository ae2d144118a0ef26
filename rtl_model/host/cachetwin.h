/*
 * cachetwin.h - the C models by name: the one header a host (a C program,
 * the SystemC shim, the DPI-C scoreboard, Python's ctypes) needs.
 *
 *   #include <cachetwin/cachetwin.h>     cc app.c $(pkg-config --cflags --libs cachetwin)
 *
 *   char err[256];
 *   ct_model_t *m = ct_model_new("loscache_ctr", "small,NUM_LINES=32", err, sizeof err);
 *   uint64_t in[64] = {0}, out[64];          (ct_model_words(m, CT_DIR_IN) words)
 *   ct_model_set(m, in, "rst_i", 1);
 *   ct_model_cycle(m, in, out);              (outputs of the cycle, then the edge)
 *   uint64_t gate = ct_model_get(m, out, CT_DIR_OUT, "gate_o");
 *   ct_model_free(m);
 *
 * Port values travel as little-endian arrays of uint64_t words, each port at
 * its word offset (ct_model_port_offset), as in ct_block.h; bits above a
 * port's width are ignored on input and zero on output.  The typed per-block
 * API (<cachetwin/loscache_ctr.h> ...) is installed too and is faster.
 */
#ifndef CACHETWIN_H
#define CACHETWIN_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "ct_block.h"

#define CACHETWIN_VERSION "0.1.0" /* the Makefile reads the soname from here */

CT_BEGIN_DECLS

enum { CT_DIR_IN = 0, CT_DIR_OUT = 1 };

/* The library's version string (CACHETWIN_VERSION of the build). */
const char *ct_version(void);

/* The catalogue: block i's name (NULL past the end), its presets. */
unsigned ct_block_count(void);
const char *ct_block_name(unsigned i);
unsigned ct_preset_count(const char *block);            /* 0: unknown block */
const char *ct_preset_name(const char *block, unsigned i); /* NULL past the end */

typedef struct ct_model ct_model_t;

/* A model of `block` in configuration `config` (a preset, NAME=VALUE pairs,
 * or a preset then overrides: "small,NUM_LINES=32").  NULL with a message in
 * err naming the unknown block or the offending field. */
ct_model_t *ct_model_new(const char *block, const char *config, char *err,
                         size_t errlen);
void ct_model_free(ct_model_t *m); /* NULL is allowed */

const char *ct_model_block(const ct_model_t *m);
/* Canonical configuration text "NAME=V NAME=V ..." */
const char *ct_model_config(const ct_model_t *m);

/* Ports of a direction (CT_DIR_IN, CT_DIR_OUT), in vector-column order;
 * clk_i is implicit, rst_i is input 0.  Width in bits for this
 * configuration, word offset in the direction's word array. */
unsigned ct_model_port_count(const ct_model_t *m, int dir);
const char *ct_model_port_name(const ct_model_t *m, int dir, unsigned i);
unsigned ct_model_port_width(const ct_model_t *m, int dir, unsigned i);
unsigned ct_model_port_offset(const ct_model_t *m, int dir, unsigned i);
/* -1 when there is no such port */
int ct_model_port_index(const ct_model_t *m, int dir, const char *name);
/* uint64_t words of all ports of a direction: the size of in / out arrays */
unsigned ct_model_words(const ct_model_t *m, int dir);

/* One clock cycle: the outputs of this cycle from the state and the inputs,
 * then the rising edge.  eval changes no state; eval then step is cycle;
 * run is n cycles over buffers of n input and n output word arrays
 * (cycle k reads in + k * words(IN), writes out + k * words(OUT)). */
void ct_model_cycle(ct_model_t *m, const uint64_t *in, uint64_t *out);
void ct_model_eval(const ct_model_t *m, const uint64_t *in, uint64_t *out);
void ct_model_step(ct_model_t *m, const uint64_t *in);
void ct_model_run(ct_model_t *m, const uint64_t *in, uint64_t *out, size_t n);

/* What the model measured over its run (residency, coverage ...) printed to
 * f; returns the number of problems (coverage holes), -1 when the block keeps
 * no run instruments. */
int ct_model_report(const ct_model_t *m, FILE *f);

/* Ports of up to 64 bits by name: set one input in an input word array, get
 * one value from a word array of `dir`.  Unknown name: set returns -1, get
 * returns 0. */
int ct_model_set(const ct_model_t *m, uint64_t *in, const char *port, uint64_t v);
uint64_t ct_model_get(const ct_model_t *m, const uint64_t *words, int dir,
                      const char *port);

/* Ports of any width by name, as n words least significant first (bit i of
 * the port is bit i % 64 of v[i / 64]).  set: the port's words from v (bits
 * above the port's width dropped; words past n are 0); get: the port's
 * words into v[0..n-1] (words past the port's width 0).  Both return the
 * number of words the port has in this configuration ((width + 63) / 64),
 * -1 for an unknown name. */
int ct_model_set_words(const ct_model_t *m, uint64_t *in, const char *port, const uint64_t *v,
                       unsigned n);
int ct_model_get_words(const ct_model_t *m, const uint64_t *words, int dir, const char *port,
                       uint64_t *v, unsigned n);

/* The block's functional coverage bins (its description's COVER table; 0
 * when it has none): bin k's name and meaning (NULL past the end), whether
 * this configuration can show it; ct_model_cover_sample adds 1 to hits[k]
 * (ct_model_cover_count words) for every bin a cycle shows, the cycle being
 * its inputs and the outputs ct_model_cycle/eval gave for them. */
unsigned ct_model_cover_count(const ct_model_t *m);
const char *ct_model_cover_name(const ct_model_t *m, unsigned k);
const char *ct_model_cover_doc(const ct_model_t *m, unsigned k);
int ct_model_cover_possible(const ct_model_t *m, unsigned k);
void ct_model_cover_sample(const ct_model_t *m, const uint64_t *in, const uint64_t *out, uint64_t *hits);

/* The block's own stimulus (directed corner cases, then constrained random):
 * the inputs of the next cycle, masked to the port widths; *note names the
 * directed sequence (NULL when unchanged; note may be NULL). */
typedef struct ct_stim ct_stim_t;
ct_stim_t *ct_stim_new(const ct_model_t *m, uint64_t seed);
void ct_stim_next(ct_stim_t *s, uint64_t *in, const char **note);
void ct_stim_free(ct_stim_t *s);

CT_END_DECLS

#endif
