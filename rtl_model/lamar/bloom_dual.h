/*
 * bloom_dual.h - C reference model of LAMAR's dual-bitarray Bloom filter
 * (seed 003 Sec. 3.4, Fig. 6, Table 1).  Bit- and cycle-accurate against
 * verilog/lamar/bloom_dual.v.  Plain C11, no globals.
 *
 * Two bitarrays of 2^M_W bits.  K hash functions map a block address to an
 * M_W-bit index each: hash i XORs the address's byte slices, byte j rotated
 * left by R(i, j) = (3i + 5j + ij) mod M_W within the M_W-bit index
 * (docs/blocks/bloom_dual.md has the table bit by bit).
 *   query   hit_o = all K bits of qry_addr_i set in bitarray SEL (the state
 *           before this cycle's edge: read before write).
 *   insert  sets the K bits of ins_addr_i in bitarray 0 and, once warm, in
 *           bitarray 1.  The N/2-th insertion of a half period is a boundary
 *           (bnd_o): the first ends the warm-up (bitarray 1 records from the
 *           next insertion on; SEL stays 0); every later one clears bitarray
 *           SEL - which then holds N insertions - instead of inserting into
 *           it, and SEL swaps to the other, which holds N/2.
 *   flush   both bitarrays cleared, schedule restarted (as reset).
 * So each bitarray is cleared after N insertions, the two offset by N/2, and
 * after warm-up the queried bitarray holds the last N/2 .. N-1 insertions.
 *
 * API: see ct_desc.h (bloom_dual_new/_eval/_step/_cycle/_free ...).
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
