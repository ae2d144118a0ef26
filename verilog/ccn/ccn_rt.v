// ccn_rt.v - CCN request throttler: sampling window, hit-rate decision, epoch (CCN [004], Sec. 4.4,
// 4.5, 5.1, Table II(b)): the RTL, synthesizable; its C model is rtl_model/ccn/ccn_rt.c.
// Behaviour, timing, reset values and every decision the paper leaves open: docs/blocks/ccn_rt.md;
// ports, parameters and every width as a formula: docs/blocks/ccn_rt_interface.md.
`timescale 1ns/1ns
`default_nettype none

module ccn_rt #(
    parameter T_S      = 1000000,
    parameter T_P      = 10000000,
    parameter HMIN_PCT = 5,
    parameter INST_W   = 10,
    parameter CNT_W    = 14
) (
    input  wire                                     clk_i,
    input  wire                                     rst_i,
    input  wire  [INST_W-1:0]                       inst_i,
    input  wire                                     inj_i,
    input  wire                                     hit_i,
    output logic                                    on_o,
    output logic [1:0]                              state_o,
    output logic [(T_P > 1 ? $clog2(T_P) : 1)-1:0]  icnt_o,
    output logic [CNT_W-1:0]                        ntot_o,
    output logic [CNT_W-1:0]                        nhit_o,
    output logic                                    dec_o,
    output logic                                    dec_on_o,
    output logic                                    epoch_o
);
    localparam ICNT_W = T_P > 1 ? $clog2(T_P) : 1;
    localparam SUM_W  = (ICNT_W > INST_W ? ICNT_W : INST_W) + 1;
    localparam MUL_W  = CNT_W + 7;              // 100 x a count, HMIN_PCT x a count
    localparam [1:0] SAMPLE = 2'd0, ON = 2'd1, OFF = 2'd2;
    localparam [CNT_W-1:0] CNT_MAX = {CNT_W{1'b1}};

    logic [ICNT_W-1:0] icnt_q;
    logic [CNT_W-1:0]  ntot_q, nhit_q;
    logic [1:0]        state_q;

    // the cycle's decision
    wire [SUM_W-1:0] cur      = SUM_W'(icnt_q) + SUM_W'(inst_i);
    wire             epoch    = cur >= SUM_W'(T_P);
    wire             sampling = !epoch && state_q == SAMPLE;
    wire [CNT_W-1:0] tot      = ntot_q + CNT_W'(sampling && inj_i && ntot_q != CNT_MAX);
    wire [CNT_W-1:0] hits     = nhit_q + CNT_W'(sampling && hit_i && nhit_q != CNT_MAX);
    wire             dec      = sampling && cur >= SUM_W'(T_S);
    wire             on;      // 100 N_hits >= HMIN_PCT N_total (H_min 0: always)
    if (HMIN_PCT == 0) begin : g_hmin0
        assign on = 1'b1;
    end else begin : g_hmin
        assign on = MUL_W'(hits) * MUL_W'(100) >= MUL_W'(tot) * MUL_W'(HMIN_PCT);
    end

    always_ff @(posedge clk_i) begin
        if (rst_i) begin
            icnt_q  <= '0;
            ntot_q  <= '0;
            nhit_q  <= '0;
            state_q <= SAMPLE;
        end else if (epoch) begin
            icnt_q  <= ICNT_W'(cur - SUM_W'(T_P));
            ntot_q  <= '0;
            nhit_q  <= '0;
            state_q <= SAMPLE;
        end else begin
            icnt_q <= ICNT_W'(cur);
            ntot_q <= tot;
            nhit_q <= hits;
            if (dec) state_q <= on ? ON : OFF;
        end
    end

    assign on_o     = !rst_i && state_q != OFF;
    assign state_o  = rst_i ? 2'd0 : state_q;
    assign icnt_o   = rst_i ? '0 : icnt_q;
    assign ntot_o   = rst_i ? '0 : ntot_q;
    assign nhit_o   = rst_i ? '0 : nhit_q;
    assign dec_o    = !rst_i && dec;
    assign dec_on_o = !rst_i && dec && on;
    assign epoch_o  = !rst_i && epoch;
endmodule

`default_nettype wire
