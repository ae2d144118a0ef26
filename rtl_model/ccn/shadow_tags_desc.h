/*
 * shadow_tags_desc.h - the one description of the CCN shadow tags: a copy of
 * one SM's L1 tag array in a single-ported memory, written with every L1 tag
 * update and read by remote lookups from the cooperative-caching ring
 * (table formats: ct_desc.h).
 *
 * Paper: CCN [004] (Dublish et al., Cooperative Caching for GPUs), Sec. 4.3
 * "Shadow Tags" (96 x 100-bit single-ported memory, 25-bit entries
 * V + Tag[39:16] of a 40-bit physical address, 1,200 B per SM), Sec. 4.2
 * (pending hits are not shared, write-invalidate), Sec. 4.5, Table II (16 KB
 * simulated L1).  Behaviour, timing and every decision the paper leaves open:
 * docs/blocks/shadow_tags.md.
 */
#ifndef SHADOW_TAGS_DESC_H
#define SHADOW_TAGS_DESC_H

#define SHADOW_TAGS_TITLE "CCN shadow tags: single-ported copy of the L1 tags for remote lookups"
#define SHADOW_TAGS_PAPER "CCN [004], Sec. 4.2, 4.3, 4.5, Table II"

#define SHADOW_TAGS_PARAMS(X)                                                  \
    X(SETS, 1, 4096, "sets (rows of the memory); set = line address mod SETS (paper 48 KB L1: 96)") \
    X(WAYS, 1, 16, "ways (entries per row), a power of two (paper: 4)")        \
    X(LA_W, 1, 58, "line-address width: physical address bits above the line offset (paper: 40 - 7 = 33)") \
    X(TAG_W, 1, 58, "stored tag: the line address's top TAG_W bits (paper: PA[39:16] = 24)") \
    X(CORE_W, 1, 8, "requesting-core ID width, echoed with the response (paper: 4, 15 SMs)")

#define SHADOW_TAGS_PRESETS(X)                                                 \
    X(paper, "SETS=96 WAYS=4 LA_W=33 TAG_W=24 CORE_W=4",                       \
      "paper: 48 KB L1, 128 B lines, 4-way, 25-bit entries (96 x 100 bits); aliases") \
    X(paper16, "SETS=32 WAYS=4 LA_W=33 TAG_W=24 CORE_W=4",                     \
      "simulated 16 KB L1 (Table II), same 25-bit entries (32 x 100 bits); aliases") \
    X(exact, "SETS=96 WAYS=4 LA_W=33 TAG_W=27 CORE_W=4",                       \
      "48 KB L1 with the alias-free stored tag PA[39:13] (96 x 112 bits)")     \
    X(small, "SETS=6 WAYS=4 LA_W=12 TAG_W=10 CORE_W=2",                        \
      "6 sets (not a power of two), alias-free (2^(LA_W-TAG_W) <= SETS)")      \
    X(tiny, "SETS=3 WAYS=2 LA_W=8 TAG_W=4 CORE_W=1",                           \
      "3 sets, 2 ways, 5 line addresses per stored tag and set: aliases everywhere")

#define SHADOW_TAGS_WAY_W(c) ct_clog2((c)->WAYS)

#define SHADOW_TAGS_INPUTS(X)                                                  \
    X(rst_i, 1, "synchronous reset, active high: then SETS cycles of busy_o while the rows are cleared") \
    X(upd_i, 1, "an L1 tag update this cycle (always taken, never waits)")     \
    X(upd_la_i, c->LA_W, "line address the update writes (set and stored tag come from it)") \
    X(upd_way_i, SHADOW_TAGS_WAY_W(c), "way the update writes")               \
    X(upd_v_i, 1, "1 fill: entry valid with upd_la_i's tag; 0 invalidate (allocation for a miss, eviction, write)") \
    X(lk_valid_i, 1, "a remote lookup is presented (held until lk_ready_o)")   \
    X(lk_la_i, c->LA_W, "line address looked up")                              \
    X(lk_core_i, c->CORE_W, "requesting core, returned on rsp_core_o")

#define SHADOW_TAGS_OUTPUTS(X)                                                 \
    X(busy_o, 1, "the post-reset sweep is clearing rows: no update is taken, no lookup accepted") \
    X(lk_ready_o, 1, "a lookup presented this cycle is accepted (not busy, no update)") \
    X(rsp_valid_o, 1, "the result of the lookup accepted in the previous cycle") \
    X(rsp_hit_o, 1, "it hit: a valid entry of its set holds its stored tag")  \
    X(rsp_way_o, SHADOW_TAGS_WAY_W(c), "the hit way (lowest matching way; 0 on a miss)") \
    X(rsp_core_o, c->CORE_W, "the requesting core of that lookup")

/* Width of the sweep row counter: 0 .. SETS-1. */
#define SHADOW_TAGS_SET_W(c) ct_clog2((c)->SETS)

#define SHADOW_TAGS_STORAGE(X)                                                 \
    X(tag_mem, c->SETS, (uint64_t)c->WAYS * (1 + c->TAG_W), CT_PAPER,          \
      "single-ported memory: a row per set, WAYS x {valid, tag}")              \
    X(lookup_pipe, 1, 1 + c->TAG_W + c->CORE_W, CT_BUILT,                      \
      "the accepted lookup, for the compare a cycle later: valid, tag, core")  \
    X(reset_sweep, 1, 1 + SHADOW_TAGS_SET_W(c), CT_BUILT,                      \
      "busy flag and the row the post-reset sweep clears")

#endif
