// loscache_pwr.v - LoSCache line-power unit (counters + sleep FSM) (LoSCache [000], Sec. IV-B,
// IV-C): the RTL, synthesizable; its C model is rtl_model/loscache/loscache_pwr.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/loscache_pwr.md; ports, parameters and every width as a formula:
// docs/blocks/loscache_pwr_interface.md.
`timescale 1ns/1ns
`default_nettype none

module loscache_pwr #(
    parameter NUM_LINES = 6144,
    parameter CNT_W     = 6,
    parameter THR_W     = 2
) (
    input  wire                                          clk_i,
    input  wire                                          rst_i,
    input  wire  [1:0]                                   op_i,
    input  wire  [(NUM_LINES > 1 ? $clog2(NUM_LINES) : 1)-1:0] line_i,
    input  wire  [CNT_W-1:0]                             pred_i,
    input  wire  [THR_W-1:0]                             thr_i,
    output logic                                         hit_o,
    output logic [1:0]                                   mode_o,
    output logic [CNT_W-1:0]                             count_o,
    output logic                                         gate_o,
    output logic                                         bypass_o,
    output logic                                         early_o,
    output logic [THR_W-1:0]                             thr_o,
    output logic [$clog2(NUM_LINES+1)-1:0]               n_active_o,
    output logic [$clog2(NUM_LINES+1)-1:0]               n_off_o
);
    localparam CW = $clog2(NUM_LINES + 1);
    localparam [1:0] OP_NOP = 2'd0, OP_FILL = 2'd1, M_OFF = 2'd2;

    logic [1:0] fsm_op;
    // sleep_fsm outputs the LoSCache policy never drives (no drowsy mode,
    // no stall, no tick) or this unit does not show (lost_o is early_o here)
    /* verilator lint_off UNUSEDSIGNAL */
    logic          fsm_stall, fsm_lost, fsm_tick;
    logic [CW-1:0] fsm_ndrowsy;
    /* verilator lint_on UNUSEDSIGNAL */

    assign fsm_op = bypass_o ? OP_NOP : early_o ? OP_FILL : op_i;

    sleep_fsm #(
        .NUM_LINES(NUM_LINES), .POLICY(0), .WAKE(1), .PERIOD(1000), .DECAY(10000)
    ) u_fsm (
        .clk_i(clk_i), .rst_i(rst_i), .op_i(fsm_op), .line_i(line_i), .last_i(gate_o),
        .hit_o(hit_o), .stall_o(fsm_stall), .lost_o(fsm_lost), .mode_o(mode_o),
        .tick_o(fsm_tick), .n_active_o(n_active_o), .n_drowsy_o(fsm_ndrowsy),
        .n_off_o(n_off_o)
    );

    loscache_ctr #(
        .NUM_LINES(NUM_LINES), .CNT_W(CNT_W), .THR_W(THR_W)
    ) u_ctr (
        .clk_i(clk_i), .rst_i(rst_i), .op_i(op_i), .line_i(line_i),
        .off_i(mode_o == M_OFF), .pred_i(pred_i), .thr_i(thr_i),
        .count_o(count_o), .gate_o(gate_o), .bypass_o(bypass_o),
        .early_o(early_o), .thr_o(thr_o)
    );
endmodule

`default_nettype wire
