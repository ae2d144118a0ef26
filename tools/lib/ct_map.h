/*
 * ct_map.h - a port map: how a user's own RTL of a block maps onto the
 * block's description, so the kit's harnesses, vectors and C model check it
 * (docs/your-rtl.md, the format and every error).  One parser, in C, for
 * ctwin, the harness generator and the compliance flow (scripts/check_rtl.sh).
 *
 * A map is text, one directive a line, `#` starts a comment:
 *   map 1                          the format (first directive)
 *   block NAME                     the block it maps (must be the one checked)
 *   top MODULE                     the user's module (default: the block's name)
 *   clock NAME                     its clock, rising edge (default clk_i)
 *   reset NAME high|low [hold N]   its synchronous reset, the kit's rst_i; hold:
 *                                  the first reset lasts N cycles (default 1)
 *   in PORT USER|- [low] [width N] a block input and the user's; `-`: the
 *                                  user's module has no such input
 *   out PORT USER|- [low] [width N] [latency K]
 *                                  a block output and the user's; `-`: not
 *                                  implemented (not checked); low: active low
 *                                  (inverted); width: the user's width (the low
 *                                  min(N, W) bits are compared); latency: the
 *                                  user's output shows a cycle's value K cycles
 *                                  later
 *   latency K                      every output's latency unless its line says
 *   param PARAM USER|-             a block parameter and the user's name for it
 *                                  (its value the configuration's); `-`: the
 *                                  user's module has none (its value fixed)
 *   set USER VALUE                 a parameter only the user's module has
 *   tie USER VALUE [width N]       an input only the user's module has (N bits, 1)
 * A block port or parameter the map does not name is the user's of the same
 * name.  Errors name the file, line and field: "FILE:LINE: field: message".
 */
#ifndef CT_MAP_H
#define CT_MAP_H

#include <stdio.h>

#include "ct_block.h"

CT_BEGIN_DECLS

#define CT_MAP_NAME 64   /* a name's length, NUL included */
#define CT_MAP_EXTRA 16  /* set and tie lines */
#define CT_MAP_MAX_LATENCY 64

typedef struct {
    char user[CT_MAP_NAME]; /* the user's name; "" (`-`): none */
    int low;                /* active low: inverted on the way */
    unsigned width;         /* the user's width; 0: the block's */
    unsigned latency;       /* outputs: cycles late */
    int latency_set;        /* the line gave it (else the default) */
} ct_map_port_t;

typedef struct {
    char name[CT_MAP_NAME];
    char value[CT_MAP_NAME];
    unsigned width; /* tie: the input's width (default 1) */
} ct_map_extra_t;

typedef struct ct_map {
    const ct_block_t *b;
    char path[512];                  /* the file ("" for the identity map) */
    char top[CT_MAP_NAME], clock[CT_MAP_NAME], reset[CT_MAP_NAME];
    int reset_low;
    unsigned reset_hold;             /* >= 1 */
    unsigned latency;                /* the default output latency */
    ct_map_port_t in[CT_MAX_PORTS], out[CT_MAX_PORTS];
    char param[CT_MAX_PARAMS][CT_MAP_NAME]; /* "" (`-`): not the user's */
    ct_map_extra_t set[CT_MAP_EXTRA], tie[CT_MAP_EXTRA];
    unsigned n_set, n_tie;
} ct_map_t;

/* The identity map of block b: the user's module is TOP (b's name when NULL)
 * with the block's own ports and parameters. */
void ct_map_identity(ct_map_t *m, const ct_block_t *b, const char *top);
/* Reads the map file at path for block b: 0, or -1 with
 * "PATH:LINE: field: message" in err. */
int ct_map_read(ct_map_t *m, const ct_block_t *b, const char *path, char *err, size_t errlen);
/* The same from a text already in memory (name: what errors call it). */
int ct_map_parse(ct_map_t *m, const ct_block_t *b, const char *name, const char *text, char *err,
                 size_t errlen);
/* The largest output latency of the map. */
unsigned ct_map_max_latency(const ct_map_t *m);
/* The bits of output i the kit compares for configuration widths ow: 0 when
 * not implemented, else min(the user's width, the block's). */
unsigned ct_map_cmp_width(const ct_map_t *m, unsigned i, const unsigned *ow);
/* The user's name of a port for a report: "user (block)" when they differ,
 * the block's name otherwise, "- (block, not implemented)" for none. */
void ct_map_show(const ct_map_t *m, int out, unsigned i, char *buf, size_t len);

/* The adapter: a module named as the block, with its parameters and ports,
 * that instantiates the user's module through the map (names, inversion,
 * widths, clock and reset, parameters, ties); an output not implemented is 0.
 * For one configuration (the ports' widths are its): module
 * ct_<block>_adapter, which the kit's wrapper instantiates instead of the
 * block's own module; the harnesses then drive it as the kit's own RTL. */
void ct_gen_adapter(FILE *f, const ct_block_t *b, const uint32_t *cfg, const ct_map_t *m);
/* The map as C tables for the Verilator harness (vlharness_block.h): every
 * output's compare width and latency, the ports' names, the reset hold. */
void ct_gen_map_tables(FILE *f, const ct_block_t *b, const uint32_t *cfg, const ct_map_t *m);

CT_END_DECLS

#endif
