/*
 * ct_gen.h - generators driven by a block description: RTL wrapper, Icarus
 * replay testbench, GTKWave save file, area report (see ct_gen.c).
 */
#ifndef CT_GEN_H
#define CT_GEN_H

#include <stdio.h>

#include "ct_block.h"

CT_BEGIN_DECLS

/* m: NULL for the kit's own RTL (the block's module, the configuration's
 * parameters); a port map (ct_map.h) for a user's RTL: the wrapper then
 * instantiates the map's adapter, and the testbench compares each output
 * as the map says (its latency, its width, not at all when not implemented),
 * naming the user's ports. */
struct ct_map;
void ct_gen_wrapper(FILE *f, const ct_block_t *b, const uint32_t *cfg, const struct ct_map *m);
void ct_gen_icarus_tb(FILE *f, const ct_block_t *b, const uint32_t *cfg, const struct ct_map *m);
void ct_gen_gtkw(FILE *f, const ct_block_t *b, const uint32_t *cfg);
/* Host wrappers (ct_gen_sc.c, ct_gen_dpi.c).  cls: the shim's class name,
 * ct_gen_sc_class() makes "ct_<block>_<config>" from a config name. */
void ct_gen_sc_class(char *buf, size_t len, const ct_block_t *b, const char *config);
void ct_gen_sc_shim(FILE *f, const ct_block_t *b, const uint32_t *cfg, const char *cls);
void ct_gen_sc_tb(FILE *f, const ct_block_t *b, const uint32_t *cfg, const char *cls,
                  const char *cfgname);
void ct_gen_dpi_pkg(FILE *f, const ct_block_t *b);
void ct_gen_dpi_tb(FILE *f, const ct_block_t *b, const uint32_t *cfg, const char *cfgname);
/* Rows of the area report for one block/config; adds the paper bits. */
void ct_area_report(FILE *f, const ct_block_t *b, const uint32_t *cfg,
                    const char *cfgname, uint64_t *total_bits);

CT_END_DECLS

#endif
