/*
 * ccn_desc.h - the one description of the CCN ring (table formats:
 * ct_desc.h): N nodes (ccn_node), each with its request throttler (ccn_rt),
 * on a request ring (node i to node i+1) and a response ring running the
 * other way (or the same way, DIR = 1), HOP cycles a hop.  Per node, ports to
 * its L1 (misses, tag updates, data reads, responses delivered) and to L2.
 *
 * Paper: CCN [004] (Dublish et al., Cooperative Caching for GPUs), Sec. 4.1,
 * 4.2, 4.4, 4.5, 5.1 ("the request and response channels in the CCN are
 * configured to flow in opposite directions"), 5.5.2 (1-5 cycles a hop),
 * 6.1, Table II(b).  Behaviour, timing and every decision the paper leaves
 * open: docs/blocks/ccn.md.
 */
#ifndef CCN_DESC_H
#define CCN_DESC_H

#define CCN_TITLE "CCN ring: N nodes with shadow tags and throttlers, request and response rings"
#define CCN_PAPER "CCN [004], Sec. 4.1-4.5, 5.1, 5.5.2, Table II(b)"

#define CCN_PARAMS(X)                                                          \
    X(N, 2, 16, "nodes (SMs) on the ring (paper: 15)")                        \
    X(HOP, 1, 5, "cycles a hop takes between nodes: HOP - 1 link stages (paper: 1; Sec. 5.5.2 1-5)") \
    X(DIR, 0, 1, "0: responses flow against the requests (paper); 1: the same way") \
    X(SETS, 1, 4096, "shadow-tag sets of each node (paper 48 KB L1: 96)")      \
    X(WAYS, 1, 16, "shadow-tag ways (paper: 4)")                               \
    X(LA_W, 1, 58, "line-address width (paper: 33)")                           \
    X(TAG_W, 1, 58, "shadow-tag stored tag width (paper: 24)")                 \
    X(LINE_W, 1, 1024, "cache-line payload of a response (paper: 1,024)")      \
    X(Q_D, 1, 64, "entries of each node's CB, ReqQ and RespQ (paper: 8)")     \
    X(BUBBLE, 0, 1, "bubble flow control at the nodes (1: no ring deadlock; the paper's rule is 0, the paper preset takes 1)") \
    X(T_S, 2, 1u << 30, "throttler sampling window in instructions (paper: 1,000,000)") \
    X(T_P, 4, 1u << 31, "throttler epoch in instructions (paper: 10,000,000)") \
    X(HMIN_PCT, 0, 100, "H_min in percent (paper: 5)")                         \
    X(INST_W, 1, 10, "instructions retired per cycle input width, per node (paper preset: 10)") \
    X(CNT_W, 1, 32, "throttler count width (paper preset: 14)")

#define CCN_PRESETS(X)                                                         \
    X(paper, "N=15 HOP=1 DIR=0 SETS=96 WAYS=4 LA_W=33 TAG_W=24 LINE_W=1024 Q_D=8 BUBBLE=1 "     \
             "T_S=1000000 T_P=10000000 HMIN_PCT=5 INST_W=10 CNT_W=14",                          \
      "15 SMs, Table II(b) queues and lines, 1-cycle hops, opposite rings, 5 % throttlers")     \
    X(small, "N=4 HOP=2 DIR=0 SETS=6 WAYS=4 LA_W=12 TAG_W=10 LINE_W=24 Q_D=4 BUBBLE=1 "         \
             "T_S=200 T_P=1000 HMIN_PCT=5 INST_W=3 CNT_W=8",                                    \
      "4 nodes, 2-cycle hops, alias-free shadow tags, short throttler epochs")                  \
    X(tiny, "N=3 HOP=1 DIR=1 SETS=2 WAYS=2 LA_W=5 TAG_W=4 LINE_W=8 Q_D=2 BUBBLE=1 "             \
            "T_S=16 T_P=40 HMIN_PCT=30 INST_W=2 CNT_W=4",                                       \
      "3 nodes, both rings the same way, 2-entry queues, aliasing shadow tags") \
    X(hop3, "N=5 HOP=3 DIR=1 SETS=4 WAYS=2 LA_W=10 TAG_W=8 LINE_W=16 Q_D=3 BUBBLE=0 "            \
            "T_S=64 T_P=256 HMIN_PCT=20 INST_W=3 CNT_W=6",                                      \
      "5 nodes, 3-cycle hops (2 link stages), rings the same way, 3-entry queues, no bubble")  \
    X(hop5, "N=6 HOP=5 DIR=0 SETS=8 WAYS=1 LA_W=9 TAG_W=6 LINE_W=40 Q_D=5 BUBBLE=0 "             \
            "T_S=100 T_P=400 HMIN_PCT=10 INST_W=4 CNT_W=7",                                     \
      "6 nodes, 5-cycle hops (4 link stages), one way, 5-entry queues, no bubble")

#define CCN_CORE_W(c) ct_clog2((c)->N)
#define CCN_WAY_W(c) ct_clog2((c)->WAYS)

#define CCN_INPUTS(X)                                                          \
    X(rst_i, 1, "synchronous reset, active high: every node and throttler")   \
    X(inst_i, CT_WIDE(160, c->N * c->INST_W), "node i's instructions this cycle: bits [i*INST_W +: INST_W]") \
    X(miss_v_i, c->N, "bit i: a load miss of node i's L1")                     \
    X(miss_la_i, CT_WIDE(928, c->N * c->LA_W), "its line address: bits [i*LA_W +: LA_W]") \
    X(upd_i, c->N, "bit i: a tag update of node i's L1")                       \
    X(upd_la_i, CT_WIDE(928, c->N * c->LA_W), "its line address")              \
    X(upd_way_i, CT_WIDE(64, c->N * CCN_WAY_W(c)), "its way: bits [i*clog2(WAYS) +: clog2(WAYS)]") \
    X(upd_v_i, c->N, "bit i: 1 fill, 0 invalidate")                            \
    X(rd_ack_i, c->N, "bit i: node i's L1 answers its data read")             \
    X(rd_data_i, CT_WIDE(16384, c->N * c->LINE_W), "the line: bits [i*LINE_W +: LINE_W]")

#define CCN_OUTPUTS(X)                                                         \
    X(on_o, c->N, "bit i: node i's throttler lets it inject")                 \
    X(cb_acc_o, c->N, "bit i: node i's miss enters its CB (injected)")        \
    X(dfl_o, c->N, "bit i: node i's miss goes straight to L2")                \
    X(rd_v_o, c->N, "bit i: node i reads a shadow hit's line from its L1")   \
    X(rd_la_o, CT_WIDE(928, c->N * c->LA_W), "the line it reads")              \
    X(rd_way_o, CT_WIDE(64, c->N * CCN_WAY_W(c)), "the way")                   \
    X(dl_v_o, c->N, "bit i: a sharer's response delivered to node i's L1")    \
    X(dl_la_o, CT_WIDE(928, c->N * c->LA_W), "its line address")               \
    X(dl_data_o, CT_WIDE(16384, c->N * c->LINE_W), "its line")                 \
    X(l2_v_o, c->N, "bit i: node i's request back home without a sharer: to L2") \
    X(l2_la_o, CT_WIDE(928, c->N * c->LA_W), "its line address")               \
    X(rq_link_o, c->N, "bit i: a request is offered to node i on the request ring (by its upstream link's last stage; HOP 1: by its upstream node)") \
    X(rs_link_o, c->N, "bit i: a response is offered to node i on the response ring (the same)")

/* Where each output comes from (ct_desc.h, "a composition's outputs"): node
 * i's output, or its throttler's, in bits [i*W +: W] of the ring's port (W its
 * width per node, an expression of the ring's configuration c), or the
 * ring's own (what it offers each node on its two rings). */
#define CCN_FROM_NODE(X)                                                       \
    X(cb_acc_o, cb_acc_o, 1) X(dfl_o, dfl_o, 1) X(rd_v_o, rd_v_o, 1)          \
    X(rd_la_o, rd_la_o, c->LA_W) X(rd_way_o, rd_way_o, CCN_WAY_W(c))           \
    X(dl_v_o, dl_v_o, 1) X(dl_la_o, dl_la_o, c->LA_W) X(dl_data_o, dl_data_o, c->LINE_W) \
    X(l2_v_o, l2_v_o, 1) X(l2_la_o, l2_la_o, c->LA_W)
#define CCN_FROM_RT(X) X(on_o, on_o, 1)
#define CCN_OWN(X) X(rq_link_o) X(rs_link_o)

#endif
