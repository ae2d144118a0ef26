/*
 * ccn_node_desc.h - the one description of a CCN ring node (table formats:
 * ct_desc.h): one SM's CCN buffer (CB), request queue (ReqQ), response queue
 * (RespQ), the two input multiplexers with the paper's priorities, the
 * head-of-ReqQ lookup in the node's own shadow tags (a shadow_tags
 * instance), the L1 data read of a hit, the home delivery of a response and
 * the L2 requests (a miss deflected from a full CB, a request back home).
 *
 * Paper: CCN [004] (Dublish et al., Cooperative Caching for GPUs), Sec. 4.2
 * "Architecture", 4.2.1 "Prioritization Policy for Queues", 4.5 "Working
 * Example", Table II(b) (CB and ReqQ 8 x 30 bits, RespQ 8 x ~128 B).
 * Behaviour, timing and every decision the paper leaves open:
 * docs/blocks/ccn_node.md.
 */
#ifndef CCN_NODE_DESC_H
#define CCN_NODE_DESC_H

#define CCN_NODE_TITLE "CCN ring node: CB, ReqQ, RespQ, input priorities, shadow-tag lookup, L1 read"
#define CCN_NODE_PAPER "CCN [004], Sec. 4.2, 4.2.1, 4.5, Table II(b)"

/* hs_o: the ReqQ head's state */
#define CCN_NODE_LOOK 0u /* a head to look up (or, at its home, to pass on) */
#define CCN_NODE_WAIT 1u /* its lookup was accepted: the answer this cycle */
#define CCN_NODE_FWD  2u /* a miss: forwarded when the next ReqQ takes it */
#define CCN_NODE_HIT  3u /* a hit: its L1 read waits for room in the RespQ */
#define CCN_NODE_RD   4u /* the L1 read is issued: held until rd_ack_i */

#define CCN_NODE_PARAMS(X)                                                     \
    X(SETS, 1, 4096, "shadow-tag sets (paper 48 KB L1: 96)")                   \
    X(WAYS, 1, 16, "shadow-tag ways, a power of two (paper: 4)")               \
    X(LA_W, 1, 58, "line-address width carried by a request (paper: 40 - 7 = 33)") \
    X(TAG_W, 1, 58, "shadow-tag stored tag width (paper: 24)")                 \
    X(CORE_W, 1, 8, "core ID width (paper: 4, 15 SMs)")                        \
    X(LINE_W, 1, 1024, "cache-line payload of a response in bits (paper: 1,024)") \
    X(CB_D, 1, 64, "CB entries (paper: 8)")                                    \
    X(RQ_D, 1, 64, "ReqQ entries (paper: 8)")                                  \
    X(RS_D, 1, 64, "RespQ entries (paper: 8)")                                 \
    X(BUBBLE, 0, 1, "1: a new request or response enters its queue only with 2 free slots (deadlock freedom; the paper's rule is 0, its ring deadlocks: the paper preset takes 1, tiny keeps 0)")

#define CCN_NODE_PRESETS(X)                                                    \
    X(paper, "SETS=96 WAYS=4 LA_W=33 TAG_W=24 CORE_W=4 LINE_W=1024 CB_D=8 RQ_D=8 RS_D=8 BUBBLE=1", \
      "Table II(b): 8-entry CB, ReqQ, RespQ, 1,024-bit lines, 96 x 100-bit shadow tags") \
    X(small, "SETS=6 WAYS=4 LA_W=12 TAG_W=10 CORE_W=2 LINE_W=24 CB_D=4 RQ_D=4 RS_D=4 BUBBLE=1", \
      "4-entry queues, 24-bit payload, alias-free 6-set shadow tags")          \
    X(tiny, "SETS=2 WAYS=2 LA_W=5 TAG_W=4 CORE_W=2 LINE_W=8 CB_D=2 RQ_D=2 RS_D=2 BUBBLE=0", \
      "2-entry queues, the paper's priorities without the bubble")            \
    X(one, "SETS=3 WAYS=2 LA_W=6 TAG_W=4 CORE_W=1 LINE_W=70 CB_D=1 RQ_D=2 RS_D=2 BUBBLE=1", \
      "1-entry CB, bubble with 2-entry queues, a 70-bit payload (two words)")

#define CCN_NODE_WAY_W(c) ct_clog2((c)->WAYS)
#define CCN_NODE_CNT_W(d) ct_clog2((uint64_t)(d) + 1)

#define CCN_NODE_INPUTS(X)                                                     \
    X(rst_i, 1, "synchronous reset, active high: queues empty; the shadow tags sweep for SETS cycles") \
    X(id_i, c->CORE_W, "this node's core ID (constant while running)")        \
    X(on_i, 1, "the throttler lets this core inject (ccn_rt on_o); 0: its misses go to L2") \
    X(miss_v_i, 1, "a load miss (ld.ca) of this core this cycle")             \
    X(miss_la_i, c->LA_W, "its line address")                                  \
    X(upd_i, 1, "an L1 tag update this cycle, mirrored into the shadow tags")  \
    X(upd_la_i, c->LA_W, "the line address it writes")                         \
    X(upd_way_i, CCN_NODE_WAY_W(c), "the way it writes")                       \
    X(upd_v_i, 1, "1 fill, 0 invalidate (allocation for a miss, eviction, write)") \
    X(rq_v_i, 1, "request ring in: a request from the previous node")         \
    X(rq_la_i, c->LA_W, "its line address")                                    \
    X(rq_core_i, c->CORE_W, "its home core")                                   \
    X(rq_rdy_i, 1, "request ring out: the next node takes rq_v_o this cycle")  \
    X(rs_v_i, 1, "response ring in: a response from the previous node")       \
    X(rs_data_i, CT_WIDE(1024, c->LINE_W), "its cache line")                   \
    X(rs_la_i, c->LA_W, "its line address")                                    \
    X(rs_core_i, c->CORE_W, "its home core")                                   \
    X(rs_rdy_i, 1, "response ring out: the next node takes rs_v_o this cycle") \
    X(rd_ack_i, 1, "the L1 answers the data read rd_v_o this cycle")           \
    X(rd_data_i, CT_WIDE(1024, c->LINE_W), "the line it read (with rd_ack_i)")

#define CCN_NODE_OUTPUTS(X)                                                    \
    X(cb_acc_o, 1, "miss_v_i enters the CB (an injection, ccn_rt inj_i)")      \
    X(dfl_o, 1, "miss_v_i goes straight to L2: the CB is full or on_i is 0")  \
    X(rq_rdy_o, 1, "rq_v_i is taken this cycle (into the ReqQ, or to L2 when it is home)") \
    X(rq_v_o, 1, "the ReqQ head, a miss here or a home request passing on, to the next node") \
    X(rq_la_o, c->LA_W, "its line address (0 when rq_v_o is 0)")               \
    X(rq_core_o, c->CORE_W, "its home core")                                   \
    X(rs_rdy_o, 1, "rs_v_i is taken this cycle (delivered when it is home, else into the RespQ)") \
    X(rs_v_o, 1, "the RespQ head to the next node")                           \
    X(rs_data_o, CT_WIDE(1024, c->LINE_W), "its cache line")                   \
    X(rs_la_o, c->LA_W, "its line address")                                    \
    X(rs_core_o, c->CORE_W, "its home core")                                   \
    X(rd_v_o, 1, "L1 data read of a shadow hit, held until rd_ack_i")          \
    X(rd_la_o, c->LA_W, "the line it reads")                                   \
    X(rd_way_o, CCN_NODE_WAY_W(c), "the way the shadow tags hit")              \
    X(dl_v_o, 1, "a response for this core, delivered to its L1 (a sharer hit, ccn_rt hit_i)") \
    X(dl_data_o, CT_WIDE(1024, c->LINE_W), "its cache line")                   \
    X(dl_la_o, c->LA_W, "its line address")                                    \
    X(l2_v_o, 1, "a request of this core back home without a sharer: to L2")  \
    X(l2_la_o, c->LA_W, "its line address")                                    \
    X(cb_n_o, CCN_NODE_CNT_W(c->CB_D), "CB entries (before this cycle's edge)") \
    X(rq_n_o, CCN_NODE_CNT_W(c->RQ_D), "ReqQ entries")                         \
    X(rs_n_o, CCN_NODE_CNT_W(c->RS_D), "RespQ entries")                        \
    X(hs_o, 3, "the ReqQ head's state: 0 LOOK, 1 WAIT, 2 FWD, 3 HIT, 4 RD")

/* Functional coverage at the ports (docs/blocks/ccn_node.md): the two
 * multiplexers' outcomes, full queues, the head's stalls, the home paths. */
#define CCN_NODE_RING_RQ(i) ((i)->rq_v_i && (i)->rq_core_i != (i)->id_i)
#define CCN_NODE_RING_RS(i) ((i)->rs_v_i && (i)->rs_core_i != (i)->id_i)
#define CCN_NODE_COVER(X)                                                      \
    X(cb_accept, o->cb_acc_o, 1, "a miss enters the CB (injected)")           \
    X(deflect_full, o->dfl_o && i->on_i, 1, "a miss with the CB full: straight to L2") \
    X(deflect_off, o->dfl_o && !i->on_i, 1, "a miss of a throttled core: straight to L2") \
    X(cb_full, !i->rst_i && o->cb_n_o == c->CB_D, 1, "the CB full")            \
    X(ring_over_cb, CCN_NODE_RING_RQ(i) && o->rq_rdy_o && o->cb_n_o, 1,        \
      "the ReqQ takes a forwarded request while the CB waits (older first)")    \
    X(cb_enters, !i->rst_i && o->cb_n_o && !CCN_NODE_RING_RQ(i) &&             \
                     c->RQ_D - o->rq_n_o >= 1 + c->BUBBLE, 1, "the CB's head enters the ReqQ") \
    X(bubble_hold, !i->rst_i && o->cb_n_o && !CCN_NODE_RING_RQ(i) && c->RQ_D - o->rq_n_o == 1, \
      c->BUBBLE, "the CB's head waits: one free ReqQ slot is the bubble")    \
    X(rq_full, CCN_NODE_RING_RQ(i) && !o->rq_rdy_o, 1, "a forwarded request refused: the ReqQ is full") \
    X(back_home, o->l2_v_o, 1, "a request back home without a sharer: to L2") \
    X(home_pass, o->hs_o == CCN_NODE_LOOK && o->rq_v_o, 1, "a home head passes on without a lookup") \
    X(lookup_miss, o->hs_o == CCN_NODE_WAIT && o->rq_v_o, 1, "a lookup missed: the request forwarded") \
    X(lookup_hit, o->hs_o == CCN_NODE_WAIT && !o->rq_v_o, 1, "a lookup hit a sharer") \
    X(fwd_stall, o->rq_v_o && !i->rq_rdy_i, 1, "the next ReqQ refuses the head") \
    X(head_waits_room, o->hs_o == CCN_NODE_HIT && !o->rd_v_o, 1,               \
      "a hit waits: its RespQ has no room (the head is not popped)")           \
    X(l1_slow, o->rd_v_o && !i->rd_ack_i, 1, "the L1 data read takes another cycle") \
    X(new_over_ring, o->rd_v_o && i->rd_ack_i && CCN_NODE_RING_RS(i), 1,       \
      "a new response enters the RespQ while a forwarded one waits (newer first)") \
    X(ring_resp, CCN_NODE_RING_RS(i) && o->rs_rdy_o, 1, "a forwarded response enters the RespQ") \
    X(rs_full, CCN_NODE_RING_RS(i) && !o->rs_rdy_o && !(o->rd_v_o && i->rd_ack_i), 1, \
      "a forwarded response refused for room (the read's reserved slot counted)") \
    X(deliver, o->dl_v_o, 1, "a response for this core delivered to its L1")  \
    X(deliver_past_queue, o->dl_v_o && o->rs_n_o, 1,                            \
      "a home response bypasses a non-empty RespQ")                            \
    X(rs_out_stall, o->rs_v_o && !i->rs_rdy_i, 1, "the next RespQ refuses the head") \
    X(rs_full_q, !i->rst_i && o->rs_n_o == c->RS_D, 1, "the RespQ full")      \
    X(rq_full_q, !i->rst_i && o->rq_n_o == c->RQ_D, 1, "the ReqQ full")

/* The node's own storage; its shadow tags' rows follow from shadow_tags'
 * descriptor (ccn_node.c). */
#define CCN_NODE_STORAGE(X)                                                    \
    X(cb, c->CB_D, c->LA_W, CT_PAPER,                                          \
      "CCN buffer: a miss's line address (paper: 8 x 30, 26-bit tag + Core-ID)") \
    X(reqq, c->RQ_D, (uint64_t)c->LA_W + c->CORE_W, CT_PAPER,                  \
      "request queue: line address + home core (paper: 8 x 30)")               \
    X(respq, c->RS_D, (uint64_t)c->LINE_W + c->LA_W + c->CORE_W, CT_PAPER,     \
      "response queue: line + line address + home core (paper: 8 x ~128 B, line + Core-ID)") \
    X(queue_counts, 1, CCN_NODE_CNT_W(c->CB_D) + CCN_NODE_CNT_W(c->RQ_D) + CCN_NODE_CNT_W(c->RS_D), \
      CT_BUILT, "the three queues' entry counts (shift-register queues: the head is entry 0)") \
    X(head, 1, 3 + (c->WAYS > 1 ? CCN_NODE_WAY_W(c) : 0), CT_BUILT,           \
      "the ReqQ head's state and hit way (no way bits with one way: it is always 0)")

#endif
