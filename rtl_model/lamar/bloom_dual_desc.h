/*
 * bloom_dual_desc.h - the one description of LAMAR's dual-bitarray Bloom
 * filter with byte-sliced XOR hashing (table formats: ct_desc.h).
 *
 * Paper: LAMAR [003] (Rhu et al.), Sec. 3.4 and Fig. 6 (dual-bitarray
 * Bloom filter: insert into both bitarrays, bitarray 1 idle for its first
 * N/2 insertions, query the active one, each cleared after N insertions,
 * SEL swapping), Table 1 (2K bits per bitarray, refresh every 512
 * insertions, 6 hash functions, byte-sliced XOR [Ramakrishna]).  Behaviour,
 * the hash functions bit by bit and the decisions: docs/blocks/bloom_dual.md.
 */
#ifndef BLOOM_DUAL_DESC_H
#define BLOOM_DUAL_DESC_H

#define BLOOM_DUAL_TITLE "Dual-bitarray Bloom filter, byte-sliced XOR hashes"
#define BLOOM_DUAL_PAPER "LAMAR [003], Sec. 3.4, Fig. 6, Table 1"

#define BLOOM_DUAL_PARAMS(X)                                                   \
    X(M_W, 4, 16, "log2 of the bits per bitarray, = hash index width (paper: 11, 2K bits)") \
    X(K, 1, 8, "hash functions (paper: 6)")                                    \
    X(N, 4, 1u << 16, "insertions before a bitarray is cleared, even (paper: 512)") \
    X(ADDR_W, 8, 64, "block address width hashed (paper: 25, a 32-bit address of 128 B blocks)")

#define BLOOM_DUAL_PRESETS(X)                                                  \
    X(paper, "M_W=11 K=6 N=512 ADDR_W=25",                                     \
      "paper: 2 x 2048 bits, 6 hashes, refresh every 512 insertions")          \
    X(small, "M_W=7 K=4 N=32 ADDR_W=16", "2 x 128 bits, 4 hashes, clear every 16 insertions") \
    X(tiny, "M_W=4 K=3 N=6 ADDR_W=9",                                          \
      "2 x 16 bits, 3 hashes, clear every 3 insertions, 2 byte slices (8 + 1 bits)")

#define BLOOM_DUAL_INPUTS(X)                                                   \
    X(rst_i, 1, "synchronous reset, active high: both bitarrays clear, SEL 0, warm-up") \
    X(ins_i, 1, "insert ins_addr_i (into both bitarrays; bitarray 1 after warm-up)") \
    X(ins_addr_i, c->ADDR_W, "block address to insert")                        \
    X(qry_addr_i, c->ADDR_W, "block address to test against the active bitarray") \
    X(flush_i, 1, "clear both bitarrays and restart the schedule (wins over ins_i)")

/* Width of the insertion counter: 0 .. N/2 - 1. */
#define BLOOM_DUAL_CNT_W(c) ct_clog2((c)->N / 2)

#define BLOOM_DUAL_OUTPUTS(X)                                                  \
    X(hit_o, 1, "qry_addr_i's K bits are all set in the active bitarray")      \
    X(sel_o, 1, "SEL: the active (queried) bitarray")                          \
    X(warm_o, 1, "warm-up over: bitarray 1 records insertions")                \
    X(cnt_o, BLOOM_DUAL_CNT_W(c), "insertions since the last half-period boundary") \
    X(bnd_o, 1, "this insertion is the N/2-th: warm-up ends, or clear + swap")  \
    X(fill0_o, c->M_W + 1, "bits set in bitarray 0")                           \
    X(fill1_o, c->M_W + 1, "bits set in bitarray 1")

/* Functional coverage at the ports (counted by every run of the model on its
 * stimulus; docs/blocks/bloom_dual.md): X(name, when, possible, doc).  The
 * outputs show the state before this cycle's edge. */
#define BLOOM_DUAL_COVER(X)                                                    \
    X(insert_warmup, !i->rst_i && i->ins_i && !i->flush_i && !o->warm_o, 1,    \
      "an insertion during the warm-up (bitarray 0 only)")                     \
    X(warmup_end, o->bnd_o && !o->warm_o, 1, "the N/2-th insertion ends the warm-up") \
    X(clear0_swap, o->bnd_o && o->warm_o && !o->sel_o, 1,                      \
      "a boundary after the warm-up: bitarray 0 cleared, SEL 0 -> 1")           \
    X(clear1_swap, o->bnd_o && o->warm_o && o->sel_o, 1,                       \
      "a boundary after the warm-up: bitarray 1 cleared, SEL 1 -> 0")           \
    X(flush_warmup, !i->rst_i && i->flush_i && !o->warm_o, 1, "a flush during the warm-up") \
    X(flush_sel0, !i->rst_i && i->flush_i && o->warm_o && !o->sel_o, 1,        \
      "a flush after the warm-up with SEL 0")                                  \
    X(flush_sel1, !i->rst_i && i->flush_i && o->warm_o && o->sel_o, 1,         \
      "a flush after the warm-up with SEL 1")                                  \
    X(flush_on_bnd, !i->rst_i && i->flush_i && i->ins_i && o->cnt_o == c->N / 2 - 1, 1, \
      "a flush with the insertion that would be the N/2-th: no boundary")      \
    X(hit_sel0, o->hit_o && !o->sel_o, 1, "a query hits in bitarray 0")        \
    X(hit_sel1, o->hit_o && o->sel_o, 1, "a query hits in bitarray 1")         \
    X(miss, !i->rst_i && !o->hit_o, 1, "a query misses")

#define BLOOM_DUAL_STORAGE(X)                                                  \
    X(bitarray, 2, UINT64_C(1) << c->M_W, 0, "the two bitarrays")              \
    X(ins_count, 1, BLOOM_DUAL_CNT_W(c), 0, "insertions in the half period")   \
    X(sel_warm, 1, 2, 0, "SEL and the warm-up flag")                           \
    X(fill_counts, 2, c->M_W + 1, 1, "set bits per bitarray, for the co-simulation outputs")

#endif
