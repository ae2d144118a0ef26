/*
 * ata_tags_desc.h - the one description of ATA-Cache's aggregated tag array:
 * the L1 tag arrays of a cluster's CORES cores taken out of the L1s, every
 * set in its own bank, a tag selector routing set idx_r of every array to
 * the comparator group of request r, hit vectors, and each core's request
 * distributor (local / one remote / L2), with the dirty redirect one cycle
 * later (table formats: ct_desc.h).
 *
 * Paper: ATA-Cache [002] (Xu et al., ATA-Cache), Sec. III-A (overview, Fig. 4),
 * III-B (aggregated tag array, Figs. 5-6, working example), III-C (request
 * distribution, Fig. 7; dirty bit; writes only local), Table II (64 KB
 * 64-way L1, 128 B lines: 8 sets x 64 ways; 30 cores in 3 clusters).
 * Behaviour, timing and every decision the paper leaves open:
 * docs/blocks/ata_tags.md.
 */
#ifndef ATA_TAGS_DESC_H
#define ATA_TAGS_DESC_H

#define ATA_TAGS_TITLE "ATA-Cache aggregated tag array: tag selector, hit vectors, distributor"
#define ATA_TAGS_PAPER "ATA-Cache [002], Sec. III-A..III-C, Table II"

#define ATA_TAGS_PARAMS(X)                                                     \
    X(CORES, 1, 32, "cores of the cluster = tag arrays = requests per cycle (paper: 30 cores / 3 clusters = 10)") \
    X(SETS, 1, 64, "sets per tag array, one bank each (paper: 64 KB / 128 B / 64 ways = 8)") \
    X(WAYS, 1, 64, "ways per set (paper: 64)")                                 \
    X(TAG_W, 1, 48, "address tag width (paper: not given; 32-bit address - 7 offset - 3 set bits = 22)")

#define ATA_TAGS_PRESETS(X)                                                    \
    X(paper, "CORES=10 SETS=8 WAYS=64 TAG_W=22",                               \
      "Table II cluster: 10 cores, 64 KB 64-way L1s, 128 B lines, 32-bit addresses") \
    X(example, "CORES=2 SETS=2 WAYS=4 TAG_W=8",                                \
      "Sec. III-B working example: two 4-way tag arrays, two requests")       \
    X(small, "CORES=3 SETS=4 WAYS=4 TAG_W=21", "3 cores: the 63-bit tag ports") \
    X(tiny, "CORES=5 SETS=2 WAYS=2 TAG_W=13", "5 cores, 2 x 2 entries: the 65-bit tag ports, heavy sharing") \
    X(wide, "CORES=32 SETS=2 WAYS=2 TAG_W=4",                                  \
      "32 cores: a 1,024-bit hit matrix, 128-bit tag ports, 64-bit destination port")

#define ATA_TAGS_SET_W(c) ct_clog2((c)->SETS)
#define ATA_TAGS_WAY_W(c) ct_clog2((c)->WAYS)
#define ATA_TAGS_CORE_W(c) ct_clog2((c)->CORES)

/* Per-core fields are packed, core (or request, or array) 0 in the lowest
 * bits: field r of a port of F-bit fields is bits [r*F, r*F+F). */
#define ATA_TAGS_INPUTS(X)                                                     \
    X(rst_i, 1, "synchronous reset, active high: every entry invalid, rotation pointers 0") \
    X(req_v_i, c->CORES, "bit r: core r presents a request this cycle")       \
    X(req_wr_i, c->CORES, "bit r: core r's request is a write (else a read)") \
    X(req_set_i, CT_WIDE(32 * 6, c->CORES * ATA_TAGS_SET_W(c)), "field r: set index of core r's request") \
    X(req_tag_i, CT_WIDE(32 * 48, c->CORES * c->TAG_W), "field r: address tag of core r's request") \
    X(upd_v_i, c->CORES, "bit a: L1 a writes an entry of its own tag array this cycle (fill, replacement, invalidation)") \
    X(upd_fill_i, c->CORES, "bit a: 1 fill (the entry becomes valid with upd_tag), 0 invalidate") \
    X(upd_set_i, CT_WIDE(32 * 6, c->CORES * ATA_TAGS_SET_W(c)), "field a: set of the entry L1 a writes") \
    X(upd_way_i, CT_WIDE(32 * 6, c->CORES * ATA_TAGS_WAY_W(c)), "field a: way of the entry L1 a writes") \
    X(upd_tag_i, CT_WIDE(32 * 48, c->CORES * c->TAG_W), "field a: tag a fill writes")

#define ATA_TAGS_OUTPUTS(X)                                                    \
    X(hit_o, CT_WIDE(32 * 32, c->CORES * c->CORES), "bit r*CORES+a: request r's tag is valid in its set of array a (the hit vector of request r; 0 without a request)") \
    X(dst_o, 2 * c->CORES, "field r: where the distributor of core r sends its request: 0 none, 1 LOCAL, 2 REMOTE, 3 L2") \
    X(src_o, CT_WIDE(32 * 5, c->CORES * ATA_TAGS_CORE_W(c)), "field r: the array whose data array serves it (r for LOCAL, the chosen one for REMOTE, 0 otherwise)") \
    X(way_o, CT_WIDE(32 * 6, c->CORES * ATA_TAGS_WAY_W(c)), "field r: the hit way in that array (lowest matching way; 0 for L2 or none)") \
    X(rrd_o, c->CORES, "bit r: the REMOTE request of core r of the previous cycle reads its remote line now") \
    X(rl2_o, c->CORES, "bit r: ... but that line was written or replaced in the compare cycle: the request goes to L2")

#define ATA_TAGS_STORAGE(X)                                                    \
    X(tag_banks, (uint64_t)c->CORES * c->SETS, (uint64_t)c->WAYS * c->TAG_W, CT_PAPER, \
      "the L1 tag arrays, one bank per set: WAYS tags per bank (memory)")     \
    X(valid_bits, (uint64_t)c->CORES * c->SETS, c->WAYS, CT_PAPER,             \
      "a valid bit per entry (registers: cleared by reset)")                  \
    X(rr_pointers, c->CORES, ATA_TAGS_CORE_W(c), CT_BUILT,                      \
      "per requesting core: where the rotating choice among remote hits starts") \
    X(read_stage, c->CORES, 2, CT_BUILT,                                        \
      "per core: the remote read of last cycle's request (rrd_o, rl2_o)")

#endif
