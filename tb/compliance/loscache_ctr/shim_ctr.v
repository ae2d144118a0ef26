// shim_ctr.v - a test of the port map's options (docs/your-rtl.md): the kit's
// own loscache_ctr behind an interface a user's might have - another clock
// and reset name, an active-low reset and off input, a wider line input, an
// active-low gate output, a wider count output, a 1-bit threshold output, an
// early-gating output two cycles late, a parameter and an input the block
// has not.  shim_ctr.map maps it back; the compliance flow must pass it, and
// fail it when the map lies (make test, section compliance).
`timescale 1ns/1ns
`default_nettype none

module shim_ctr #(
    parameter LINES = 6144,
    parameter CW    = 6,
    parameter TW    = 2,
    parameter MODE  = 1           // 0: the counters as they are (the only mode here)
) (
    input  wire          ck,
    input  wire          reset_n,
    input  wire          enable,  // must be 1
    input  wire [1:0]    op,
    input  wire [15:0]   line,
    input  wire          off_n,
    input  wire [CW-1:0] pred,
    input  wire [TW-1:0] thr_in,
    output wire [7:0]    count,
    output wire          gate_n,
    output wire          bypass,
    output reg           early,
    output wire          thr_lsb
);
    localparam LW = LINES > 1 ? $clog2(LINES) : 1;
    wire [CW-1:0] c;
    wire          g, e;
    wire [TW-1:0] t;
    reg           early_q;
    /* verilator lint_off UNUSEDSIGNAL */
    wire          unused = &{1'b0, t[TW-1:0], line[15:LW]};
    /* verilator lint_on UNUSEDSIGNAL */
    loscache_ctr #(.NUM_LINES(LINES), .CNT_W(CW), .THR_W(TW)) u_ctr (
        .clk_i(ck), .rst_i(!reset_n), .op_i(enable && MODE == 0 ? op : 2'd0), .line_i(line[LW-1:0]),
        .off_i(!off_n), .pred_i(pred), .thr_i(thr_in),
        .count_o(c), .gate_o(g), .bypass_o(bypass), .early_o(e), .thr_o(t));
    assign count   = 8'(c);
    assign gate_n  = !g;
    assign thr_lsb = t[0];
    always @(posedge ck) begin   // early gating, two cycles late
        early_q <= e;
        early <= early_q;
    end
endmodule

`default_nettype wire
