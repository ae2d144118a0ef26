/*
 * ct_registry.c - the block catalogue.  Adding a block: its model
 * (rtl_model/<b>.c, <b>.h, <b>_desc.h, <b>_stim.c), its RTL
 * (verilog/<b>.v) and one line below.
 */
#include <string.h>

#include "loscache.h"
#include "loscache_ctr.h"
#include "loscache_pt.h"
#include "ata_tags.h"
#include "bgp.h"
#include "bloom_dual.h"
#include "lamar_gdu.h"
#include "ccn.h"
#include "ccn_node.h"
#include "ccn_rt.h"
#include "loscache_pwr.h"
#include "shadow_tags.h"
#include "sleep_fsm.h"

const ct_block_t *const ct_blocks[] = {
    &loscache_ctr_block,
    &loscache_pt_block,
    &sleep_fsm_block,
    &loscache_pwr_block,
    &bloom_dual_block,
    &bgp_block,
    &shadow_tags_block,
    &ata_tags_block,
    &loscache_block,
    &ccn_rt_block, /* new blocks at the end: the fuzz corpus names blocks by index */
    &ccn_node_block,
    &ccn_block,
    &lamar_gdu_block,
};
const unsigned ct_n_blocks = sizeof ct_blocks / sizeof ct_blocks[0];

const ct_block_t *ct_find_block(const char *name)
{
    for (unsigned i = 0; i < ct_n_blocks; i++)
        if (strcmp(ct_blocks[i]->name, name) == 0)
            return ct_blocks[i];
    return NULL;
}
