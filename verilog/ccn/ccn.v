// ccn.v - CCN ring: N nodes with shadow tags and throttlers, request and response rings (CCN [004],
// Sec. 4.1-4.5, 5.1, 5.5.2, Table II(b)): the RTL, synthesizable; its C model is
// rtl_model/ccn/ccn.c.
// Behaviour, timing, reset values and every decision the paper leaves open: docs/blocks/ccn.md;
// ports, parameters and every width as a formula: docs/blocks/ccn_interface.md.
`timescale 1ns/1ns
`default_nettype none

module ccn #(
    parameter N        = 15,
    parameter HOP      = 1,
    parameter DIR      = 0,
    parameter SETS     = 96,
    parameter WAYS     = 4,
    parameter LA_W     = 33,
    parameter TAG_W    = 24,
    parameter LINE_W   = 1024,
    parameter Q_D      = 8,
    parameter BUBBLE   = 1,
    parameter T_S      = 1000000,
    parameter T_P      = 10000000,
    parameter HMIN_PCT = 5,
    parameter INST_W   = 10,
    parameter CNT_W    = 14
) (
    input  wire                                          clk_i,
    input  wire                                          rst_i,
    input  wire  [N*INST_W-1:0]                          inst_i,
    input  wire  [N-1:0]                                 miss_v_i,
    input  wire  [N*LA_W-1:0]                            miss_la_i,
    input  wire  [N-1:0]                                 upd_i,
    input  wire  [N*LA_W-1:0]                            upd_la_i,
    input  wire  [N*(WAYS > 1 ? $clog2(WAYS) : 1)-1:0]   upd_way_i,
    input  wire  [N-1:0]                                 upd_v_i,
    input  wire  [N-1:0]                                 rd_ack_i,
    input  wire  [N*LINE_W-1:0]                          rd_data_i,
    output logic [N-1:0]                                 on_o,
    output logic [N-1:0]                                 cb_acc_o,
    output logic [N-1:0]                                 dfl_o,
    output logic [N-1:0]                                 rd_v_o,
    output logic [N*LA_W-1:0]                            rd_la_o,
    output logic [N*(WAYS > 1 ? $clog2(WAYS) : 1)-1:0]   rd_way_o,
    output logic [N-1:0]                                 dl_v_o,
    output logic [N*LA_W-1:0]                            dl_la_o,
    output logic [N*LINE_W-1:0]                          dl_data_o,
    output logic [N-1:0]                                 l2_v_o,
    output logic [N*LA_W-1:0]                            l2_la_o,
    output logic [N-1:0]                                 rq_link_o,
    output logic [N-1:0]                                 rs_link_o
);
    localparam WAY_W  = WAYS > 1 ? $clog2(WAYS) : 1;
    localparam CORE_W = N > 1 ? $clog2(N) : 1;
    localparam RQW    = LA_W + CORE_W;           // {core, la}
    localparam RSW    = LINE_W + LA_W + CORE_W;  // {core, la, line}

    // node u's offers and its readies for what it is offered
    logic [N-1:0]        rq_v, rq_rdy_in, rq_rdy_out, rs_v, rs_rdy_in, rs_rdy_out;
    logic [N*RQW-1:0]    rq_d;
    logic [N*RSW-1:0]    rs_d;
    // what the link from node u delivers to its downstream node
    logic [N-1:0]        lrq_v, lrs_v;
    logic [N*RQW-1:0]    lrq_d;
    logic [N*RSW-1:0]    lrs_d;

    for (genvar i = 0; i < N; i++) begin : g_node
        localparam integer UP_RQ = (i + N - 1) % N;                       // request from
        localparam integer UP_RS = DIR != 0 ? (i + N - 1) % N : (i + 1) % N;  // response from
        localparam integer DN_RQ = (i + 1) % N;                           // request to
        localparam integer DN_RS = DIR != 0 ? (i + 1) % N : (i + N - 1) % N;  // response to
        logic              on, inj, hit;
        logic [LA_W-1:0]   rq_la;
        logic [CORE_W-1:0] rq_core;
        logic [LINE_W-1:0] rs_data;
        logic [LA_W-1:0]   rs_la;
        logic [CORE_W-1:0] rs_core;

        /* verilator lint_off UNUSEDSIGNAL */
        logic [1:0] rt_state;  // the throttler's observability ports, not the ring's
        logic [(T_P > 1 ? $clog2(T_P) : 1)-1:0] rt_icnt;
        logic [CNT_W-1:0] rt_ntot, rt_nhit;
        logic rt_dec, rt_dec_on, rt_epoch;
        logic [$clog2(Q_D + 1)-1:0] cb_n, rq_n, rs_n;
        logic [2:0] hs;
        /* verilator lint_on UNUSEDSIGNAL */

        ccn_rt #(.T_S(T_S), .T_P(T_P), .HMIN_PCT(HMIN_PCT), .INST_W(INST_W), .CNT_W(CNT_W)) u_rt (
            .clk_i(clk_i), .rst_i(rst_i), .inst_i(inst_i[i*INST_W +: INST_W]), .inj_i(inj), .hit_i(hit),
            .on_o(on), .state_o(rt_state), .icnt_o(rt_icnt), .ntot_o(rt_ntot), .nhit_o(rt_nhit),
            .dec_o(rt_dec), .dec_on_o(rt_dec_on), .epoch_o(rt_epoch));

        ccn_node #(.SETS(SETS), .WAYS(WAYS), .LA_W(LA_W), .TAG_W(TAG_W), .CORE_W(CORE_W), .LINE_W(LINE_W),
                   .CB_D(Q_D), .RQ_D(Q_D), .RS_D(Q_D), .BUBBLE(BUBBLE)) u_node (
            .clk_i(clk_i), .rst_i(rst_i), .id_i(CORE_W'(i)), .on_i(on),
            .miss_v_i(miss_v_i[i]), .miss_la_i(miss_la_i[i*LA_W +: LA_W]),
            .upd_i(upd_i[i]), .upd_la_i(upd_la_i[i*LA_W +: LA_W]), .upd_way_i(upd_way_i[i*WAY_W +: WAY_W]),
            .upd_v_i(upd_v_i[i]),
            .rq_v_i(lrq_v[UP_RQ]), .rq_la_i(lrq_d[UP_RQ*RQW +: LA_W]),
            .rq_core_i(lrq_d[UP_RQ*RQW + LA_W +: CORE_W]), .rq_rdy_i(rq_rdy_in[i]),
            .rs_v_i(lrs_v[UP_RS]), .rs_data_i(lrs_d[UP_RS*RSW +: LINE_W]),
            .rs_la_i(lrs_d[UP_RS*RSW + LINE_W +: LA_W]), .rs_core_i(lrs_d[UP_RS*RSW + LINE_W + LA_W +: CORE_W]),
            .rs_rdy_i(rs_rdy_in[i]),
            .rd_ack_i(rd_ack_i[i]), .rd_data_i(rd_data_i[i*LINE_W +: LINE_W]),
            .cb_acc_o(inj), .dfl_o(dfl_o[i]), .rq_rdy_o(rq_rdy_out[i]),
            .rq_v_o(rq_v[i]), .rq_la_o(rq_la), .rq_core_o(rq_core),
            .rs_rdy_o(rs_rdy_out[i]), .rs_v_o(rs_v[i]), .rs_data_o(rs_data), .rs_la_o(rs_la), .rs_core_o(rs_core),
            .rd_v_o(rd_v_o[i]), .rd_la_o(rd_la_o[i*LA_W +: LA_W]), .rd_way_o(rd_way_o[i*WAY_W +: WAY_W]),
            .dl_v_o(hit), .dl_data_o(dl_data_o[i*LINE_W +: LINE_W]), .dl_la_o(dl_la_o[i*LA_W +: LA_W]),
            .l2_v_o(l2_v_o[i]), .l2_la_o(l2_la_o[i*LA_W +: LA_W]),
            .cb_n_o(cb_n), .rq_n_o(rq_n), .rs_n_o(rs_n), .hs_o(hs));

        assign rq_d[i*RQW +: RQW] = {rq_core, rq_la};
        assign rs_d[i*RSW +: RSW] = {rs_core, rs_la, rs_data};
        assign on_o[i]     = on;
        assign cb_acc_o[i] = inj;
        assign dl_v_o[i]   = hit;
        assign rq_link_o[i] = !rst_i && lrq_v[UP_RQ];  // a link stage holds anything in reset
        assign rs_link_o[i] = !rst_i && lrs_v[UP_RS];

        // the links from node i to its downstream nodes
        ccn_link #(.W(RQW), .STAGES(HOP - 1)) u_lrq (
            .clk_i(clk_i), .rst_i(rst_i), .in_v_i(rq_v[i]), .in_d_i(rq_d[i*RQW +: RQW]),
            .in_rdy_o(rq_rdy_in[i]), .out_v_o(lrq_v[i]), .out_d_o(lrq_d[i*RQW +: RQW]),
            .out_rdy_i(rq_rdy_out[DN_RQ]));
        ccn_link #(.W(RSW), .STAGES(HOP - 1)) u_lrs (
            .clk_i(clk_i), .rst_i(rst_i), .in_v_i(rs_v[i]), .in_d_i(rs_d[i*RSW +: RSW]),
            .in_rdy_o(rs_rdy_in[i]), .out_v_o(lrs_v[i]), .out_d_o(lrs_d[i*RSW +: RSW]),
            .out_rdy_i(rs_rdy_out[DN_RS]));
    end
endmodule

`default_nettype wire
