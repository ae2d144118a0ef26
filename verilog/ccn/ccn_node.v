// ccn_node.v - CCN ring node: CB, ReqQ, RespQ, input priorities, shadow-tag lookup, L1 read
// (CCN [004], Sec. 4.2, 4.2.1, 4.5, Table II(b)): the RTL, synthesizable; its C model is
// rtl_model/ccn/ccn_node.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/ccn_node.md; ports, parameters and every width as a formula:
// docs/blocks/ccn_node_interface.md.
`timescale 1ns/1ns
`default_nettype none

module ccn_node #(
    parameter SETS   = 96,
    parameter WAYS   = 4,
    parameter LA_W   = 33,
    parameter TAG_W  = 24,
    parameter CORE_W = 4,
    parameter LINE_W = 1024,
    parameter CB_D   = 8,
    parameter RQ_D   = 8,
    parameter RS_D   = 8,
    parameter BUBBLE = 1
) (
    input  wire                                      clk_i,
    input  wire                                      rst_i,
    input  wire  [CORE_W-1:0]                        id_i,
    input  wire                                      on_i,
    // the L1: misses, tag updates, data reads
    input  wire                                      miss_v_i,
    input  wire  [LA_W-1:0]                          miss_la_i,
    input  wire                                      upd_i,
    input  wire  [LA_W-1:0]                          upd_la_i,
    input  wire  [(WAYS > 1 ? $clog2(WAYS) : 1)-1:0] upd_way_i,
    input  wire                                      upd_v_i,
    // request ring
    input  wire                                      rq_v_i,
    input  wire  [LA_W-1:0]                          rq_la_i,
    input  wire  [CORE_W-1:0]                        rq_core_i,
    input  wire                                      rq_rdy_i,
    // response ring
    input  wire                                      rs_v_i,
    input  wire  [LINE_W-1:0]                        rs_data_i,
    input  wire  [LA_W-1:0]                          rs_la_i,
    input  wire  [CORE_W-1:0]                        rs_core_i,
    input  wire                                      rs_rdy_i,
    input  wire                                      rd_ack_i,
    input  wire  [LINE_W-1:0]                        rd_data_i,
    output logic                                     cb_acc_o,
    output logic                                     dfl_o,
    output logic                                     rq_rdy_o,
    output logic                                     rq_v_o,
    output logic [LA_W-1:0]                          rq_la_o,
    output logic [CORE_W-1:0]                        rq_core_o,
    output logic                                     rs_rdy_o,
    output logic                                     rs_v_o,
    output logic [LINE_W-1:0]                        rs_data_o,
    output logic [LA_W-1:0]                          rs_la_o,
    output logic [CORE_W-1:0]                        rs_core_o,
    output logic                                     rd_v_o,
    output logic [LA_W-1:0]                          rd_la_o,
    output logic [(WAYS > 1 ? $clog2(WAYS) : 1)-1:0] rd_way_o,
    output logic                                     dl_v_o,
    output logic [LINE_W-1:0]                        dl_data_o,
    output logic [LA_W-1:0]                          dl_la_o,
    output logic                                     l2_v_o,
    output logic [LA_W-1:0]                          l2_la_o,
    output logic [$clog2(CB_D + 1)-1:0]              cb_n_o,
    output logic [$clog2(RQ_D + 1)-1:0]              rq_n_o,
    output logic [$clog2(RS_D + 1)-1:0]              rs_n_o,
    output logic [2:0]                               hs_o
);
    localparam WAY_W = WAYS > 1 ? $clog2(WAYS) : 1;
    localparam CBN_W = $clog2(CB_D + 1);
    localparam RQN_W = $clog2(RQ_D + 1);
    localparam RSN_W = $clog2(RS_D + 1);
    localparam RQE   = LA_W + CORE_W;           // {core, la}
    localparam RSE   = LINE_W + LA_W + CORE_W;  // {core, la, line}
    localparam [2:0] LOOK = 3'd0, WAIT = 3'd1, FWD = 3'd2, HIT = 3'd3, RD = 3'd4;

    logic [CB_D*LA_W-1:0] cb_q;
    logic [RQ_D*RQE-1:0]  rq_q;
    logic [RS_D*RSE-1:0]  rs_q;
    logic [CBN_W-1:0]     cb_n;
    logic [RQN_W-1:0]     rq_n;
    logic [RSN_W-1:0]     rs_n;
    logic [2:0]           hs_q;
    logic [WAY_W-1:0]     hway_q;

    // the ReqQ head
    wire              h_v    = rq_n != '0;
    wire [LA_W-1:0]   h_la   = h_v ? rq_q[LA_W-1:0] : '0;
    wire [CORE_W-1:0] h_core = h_v ? rq_q[RQE-1:LA_W] : '0;
    wire              h_home = h_v && h_core == id_i;

    // the shadow tags: the L1's updates, the head's lookup
    wire              lk_v = h_v && !h_home && hs_q == LOOK;
    wire              sh_ready, sh_hit;
    wire [WAY_W-1:0]  sh_way;
    wire [CORE_W-1:0] sh_core;
    /* verilator lint_off UNUSEDSIGNAL */
    wire              sh_busy, sh_valid;   // the head's state says when an answer comes
    /* verilator lint_on UNUSEDSIGNAL */
    shadow_tags #(.SETS(SETS), .WAYS(WAYS), .LA_W(LA_W), .TAG_W(TAG_W), .CORE_W(CORE_W)) u_st (
        .clk_i(clk_i), .rst_i(rst_i),
        .upd_i(upd_i), .upd_la_i(upd_la_i), .upd_way_i(upd_way_i), .upd_v_i(upd_v_i),
        .lk_valid_i(lk_v), .lk_la_i(lk_v ? h_la : '0), .lk_core_i(lk_v ? h_core : '0),
        .busy_o(sh_busy), .lk_ready_o(sh_ready), .rsp_valid_o(sh_valid), .rsp_hit_o(sh_hit),
        .rsp_way_o(sh_way), .rsp_core_o(sh_core));

    wire answer   = hs_q == WAIT;
    wire miss_now = (answer && !sh_hit) || hs_q == FWD || (hs_q == LOOK && h_home);
    wire hit_now  = (answer && sh_hit) || hs_q == HIT;
    wire room     = 32'(rs_n) + 32'd1 + 32'(BUBBLE) <= 32'(RS_D);
    wire rd_v     = hs_q == RD || (hit_now && room);
    wire fwd      = miss_now && rq_rdy_i;
    wire push_new = rd_v && rd_ack_i;
    wire rq_pop   = fwd || push_new;

    // the ReqQ's input: the ring first, then the CB
    wire rq_home      = rq_core_i == id_i;
    wire push_ring_rq = rq_v_i && !rq_home && 32'(rq_n) < 32'(RQ_D);
    wire cb_to_rq     = cb_n != '0 && !(rq_v_i && !rq_home) && 32'(rq_n) + 32'd1 + 32'(BUBBLE) <= 32'(RQ_D);
    // the CB's input
    wire cb_push      = miss_v_i && on_i && 32'(cb_n) < 32'(CB_D);
    // the RespQ's input: home responses delivered, the new response first
    wire rs_home      = rs_core_i == id_i;
    wire [31:0] reserve = (hit_now || hs_q == RD) ? 32'd1 + 32'(BUBBLE) : 32'd0;  // a hit in progress
    wire rs_rdy       = rs_home || (!push_new && 32'(rs_n) + reserve + 32'd1 <= 32'(RS_D));
    wire push_ring_rs = rs_v_i && !rs_home && rs_rdy;
    wire rs_pop       = rs_n != '0 && rs_rdy_i;

    // the next state of the queues (pop: every entry one place on; push at
    // the first free entry after the pop)
    logic [CB_D*LA_W-1:0] cb_d;
    logic [RQ_D*RQE-1:0]  rq_d;
    logic [RS_D*RSE-1:0]  rs_d;
    wire [CBN_W-1:0] cb_wi = cb_n - CBN_W'(cb_to_rq);  // where a push lands
    wire [RQN_W-1:0] rq_wi = rq_n - RQN_W'(rq_pop);
    wire [RSN_W-1:0] rs_wi = rs_n - RSN_W'(rs_pop);
    wire [LA_W-1:0]  cb_head = cb_q[LA_W-1:0];
    always_comb begin
        cb_d = cb_to_rq ? cb_q >> LA_W : cb_q;
        if (cb_push)
            cb_d[32'(cb_wi) * LA_W +: LA_W] = miss_la_i;
        rq_d = rq_pop ? rq_q >> RQE : rq_q;
        if (push_ring_rq)
            rq_d[32'(rq_wi) * RQE +: RQE] = {rq_core_i, rq_la_i};
        else if (cb_to_rq)
            rq_d[32'(rq_wi) * RQE +: RQE] = {id_i, cb_head};
        rs_d = rs_pop ? rs_q >> RSE : rs_q;
        if (push_new)
            rs_d[32'(rs_wi) * RSE +: RSE] = {h_core, h_la, rd_data_i};
        else if (push_ring_rs)
            rs_d[32'(rs_wi) * RSE +: RSE] = {rs_core_i, rs_la_i, rs_data_i};
    end

    always_ff @(posedge clk_i) begin
        if (rst_i) begin
            cb_n   <= '0;
            rq_n   <= '0;
            rs_n   <= '0;
            hs_q   <= LOOK;
            hway_q <= '0;
        end else begin
            cb_q <= cb_d;
            rq_q <= rq_d;
            rs_q <= rs_d;
            cb_n <= cb_n + CBN_W'(cb_push) - CBN_W'(cb_to_rq);
            rq_n <= rq_n + RQN_W'(push_ring_rq || cb_to_rq) - RQN_W'(rq_pop);
            rs_n <= rs_n + RSN_W'(push_new || push_ring_rs) - RSN_W'(rs_pop);
            if (rq_pop)                          hs_q <= LOOK;
            else if (miss_now)                   hs_q <= FWD;
            else if (rd_v)                       hs_q <= RD;
            else if (hit_now)                    hs_q <= HIT;
            else if (lk_v && sh_ready)           hs_q <= WAIT;
            if (answer && sh_hit) hway_q <= sh_way;
        end
    end

    // outputs (0 in a reset cycle, and any field whose valid is 0)
    wire live = !rst_i;
    assign cb_acc_o  = live && cb_push;
    assign dfl_o     = live && miss_v_i && !cb_push;
    assign rq_rdy_o  = live && (rq_home || 32'(rq_n) < 32'(RQ_D));
    assign rq_v_o    = live && miss_now;
    assign rq_la_o   = rq_v_o ? h_la : '0;
    assign rq_core_o = rq_v_o ? (answer ? sh_core : h_core) : '0;
    assign rs_rdy_o  = live && rs_rdy;
    assign rs_v_o    = live && rs_n != '0;
    assign rs_data_o = rs_v_o ? rs_q[LINE_W-1:0] : '0;
    assign rs_la_o   = rs_v_o ? rs_q[LINE_W +: LA_W] : '0;
    assign rs_core_o = rs_v_o ? rs_q[LINE_W+LA_W +: CORE_W] : '0;
    assign rd_v_o    = live && rd_v;
    assign rd_la_o   = rd_v_o ? h_la : '0;
    assign rd_way_o  = rd_v_o ? (answer ? sh_way : hway_q) : '0;
    assign dl_v_o    = live && rs_v_i && rs_home;
    assign dl_data_o = dl_v_o ? rs_data_i : '0;
    assign dl_la_o   = dl_v_o ? rs_la_i : '0;
    assign l2_v_o    = live && rq_v_i && rq_home;
    assign l2_la_o   = l2_v_o ? rq_la_i : '0;
    assign cb_n_o    = live ? cb_n : '0;
    assign rq_n_o    = live ? rq_n : '0;
    assign rs_n_o    = live ? rs_n : '0;
    assign hs_o      = live ? hs_q : '0;
endmodule

`default_nettype wire
