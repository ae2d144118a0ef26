// loscache_ctr.v - LoSCache per-line access counters (LoSCache [000], Sec. IV-A..IV-D): the RTL,
// synthesizable; its C model is rtl_model/loscache/loscache_ctr.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/loscache_ctr.md; ports, parameters and every width as a formula:
// docs/blocks/loscache_ctr_interface.md.
`timescale 1ns/1ns
`default_nettype none

module loscache_ctr #(
    parameter NUM_LINES = 6144,
    parameter CNT_W     = 6,
    parameter THR_W     = 2
) (
    input  wire                                          clk_i,
    input  wire                                          rst_i,
    // access
    input  wire  [1:0]                                   op_i,
    input  wire  [(NUM_LINES > 1 ? $clog2(NUM_LINES) : 1)-1:0] line_i,
    input  wire                                          off_i,
    input  wire  [CNT_W-1:0]                             pred_i,
    input  wire  [THR_W-1:0]                             thr_i,
    // result
    output logic [CNT_W-1:0]                             count_o,
    output logic                                         gate_o,
    output logic                                         bypass_o,
    output logic                                         early_o,
    output logic [THR_W-1:0]                             thr_o
);
    localparam LINE_W = NUM_LINES > 1 ? $clog2(NUM_LINES) : 1;
    localparam LIM_W  = (CNT_W > THR_W ? CNT_W : THR_W) + 1;
    localparam [1:0] OP_FILL  = 2'd1;
    localparam [1:0] OP_HIT   = 2'd2;
    localparam [1:0] OP_EVICT = 2'd3;
    localparam [CNT_W-1:0] CNT_MAX = {CNT_W{1'b1}};
    localparam [CNT_W-1:0] CNT_ONE = {{(CNT_W-1){1'b0}}, 1'b1};
    localparam [THR_W-1:0] THR_MAX = {THR_W{1'b1}};
    localparam [LIM_W-1:0] LIM_ONE = {{(LIM_W-1){1'b0}}, 1'b1};

    // All counts in one packed vector: a reset loop over an unpacked array
    // is rejected by Verilator 5.006 (BLKLOOPINIT).
    logic [NUM_LINES*CNT_W-1:0] count_q;

    logic              line_ok;
    logic [LINE_W-1:0] idx;
    logic [CNT_W-1:0]  cur, nxt;
    logic [LIM_W-1:0]  limit;
    logic              refill, write;

    assign line_ok = {{(32-LINE_W){1'b0}}, line_i} < NUM_LINES;
    assign idx     = line_ok ? line_i : '0;
    assign cur     = count_q[idx*CNT_W +: CNT_W];
    assign limit   = {{(LIM_W-CNT_W){1'b0}}, pred_i} + {{(LIM_W-THR_W){1'b0}}, thr_i};

    always_comb begin
        count_o  = '0;
        gate_o   = 1'b0;
        bypass_o = 1'b0;
        early_o  = 1'b0;
        thr_o    = '0;
        nxt      = cur;
        refill   = 1'b0;
        if (!rst_i && line_ok) begin
            thr_o  = thr_i;
            refill = op_i == OP_FILL;
            if (op_i == OP_HIT && off_i) begin      // tag of a gated line
                early_o = 1'b1;
                thr_o   = (thr_i == THR_MAX) ? thr_i : thr_i + 1'b1;
                refill  = 1'b1;
            end
            if (refill) begin
                if (pred_i != '0 && limit == LIM_ONE) bypass_o = 1'b1;
                else                                  nxt      = CNT_ONE;
            end else if (op_i == OP_HIT) begin
                nxt    = (cur == CNT_MAX) ? cur : cur + 1'b1;
                gate_o = pred_i != '0 && {{(LIM_W-CNT_W){1'b0}}, nxt} >= limit;
            end else if (op_i == OP_EVICT) begin
                nxt = '0;
            end
            count_o = nxt;
        end
    end

    assign write = !rst_i && line_ok && nxt != cur;

    always_ff @(posedge clk_i) begin
        // The reset clears all NUM_LINES*CNT_W bits at once (36,864 in the
        // paper configuration): a wide fill is intended here.
        /* verilator lint_off WIDTHCONCAT */
        if (rst_i)      count_q <= '0;
        /* verilator lint_on WIDTHCONCAT */
        else if (write) count_q[idx*CNT_W +: CNT_W] <= nxt;
    end
endmodule

`default_nettype wire
