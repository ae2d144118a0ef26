/*
 * ct_gen.h - generators driven by a block description: RTL wrapper, Icarus
 * replay testbench, GTKWave save file, area report (see ct_gen.c).
 */
#ifndef CT_GEN_H
#define CT_GEN_H

#include <stdio.h>

#include "ct_block.h"

void ct_gen_wrapper(FILE *f, const ct_block_t *b, const uint32_t *cfg);
void ct_gen_icarus_tb(FILE *f, const ct_block_t *b, const uint32_t *cfg);
void ct_gen_gtkw(FILE *f, const ct_block_t *b, const uint32_t *cfg);
/* Rows of the area report for one block/config; adds the paper bits. */
void ct_area_report(FILE *f, const ct_block_t *b, const uint32_t *cfg,
                    const char *cfgname, uint64_t *total_bits);

#endif
