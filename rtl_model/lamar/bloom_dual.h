/*
 * bloom_dual.h - the C reference model: Dual-bitarray Bloom filter, byte-sliced XOR hashes
 * (LAMAR [003], Sec. 3.4, Fig. 6, Table 1); bit- and cycle-accurate against
 * verilog/lamar/bloom_dual.v.
 * Behaviour, timing, reset values and every decision the paper leaves open:
 * docs/blocks/bloom_dual.md; ports, parameters and widths: docs/blocks/bloom_dual_interface.md
 * (from bloom_dual_desc.h).
 * API: ct_desc.h (bloom_dual_new, _eval, _step, _cycle, _run, _free, the stimulus); below, this
 * block's own functions.
 */
#ifndef BLOOM_DUAL_H
#define BLOOM_DUAL_H

#include "bloom_dual_desc.h"
#include "ct_desc.h"

CT_BEGIN_DECLS

CT_DECLARE_BLOCK(bloom_dual, BLOOM_DUAL)

/* Hash function i (0 <= i < K) of a block address: an M_W-bit index. */
unsigned bloom_dual_hash(const bloom_dual_t *m, unsigned i, uint64_t addr);
/* Bit `bit` of bitarray b (0/1), for tests. */
int bloom_dual_bit(const bloom_dual_t *m, unsigned b, unsigned bit);

CT_END_DECLS

#endif
