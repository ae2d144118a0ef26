// loscache.v - LoSCache unit (prediction table + access counters + sleep FSM) (LoSCache [000],
// Sec. IV-A..IV-D, Fig. 5): the RTL, synthesizable; its C model is rtl_model/loscache/loscache.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/loscache.md; ports, parameters and every width as a formula:
// docs/blocks/loscache_interface.md.
`timescale 1ns/1ns
`default_nettype none

module loscache #(
    parameter NUM_LINES = 6144,
    parameter ENTRIES   = 21,
    parameter PC_W      = 32,
    parameter ADDR_W    = 25,
    parameter CNT_W     = 6,
    parameter THR_W     = 2,
    parameter LIMIT     = 100
) (
    input  wire                                              clk_i,
    input  wire                                              rst_i,
    input  wire                                              kernel_i,
    // request
    input  wire  [1:0]                                       req_op_i,
    input  wire  [(NUM_LINES > 1 ? $clog2(NUM_LINES) : 1)-1:0] req_line_i,
    input  wire  [PC_W-1:0]                                  req_pc_i,
    input  wire  [ADDR_W-1:0]                                req_addr_i,
    input  wire                                              req_pred_i,
    input  wire                                              done_i,
    // the L2 tag lookup's answer for the count load
    input  wire                                              ld_hit_i,
    input  wire  [(NUM_LINES > 1 ? $clog2(NUM_LINES) : 1)-1:0] ld_line_i,
    // table
    output logic [1:0]                                       phase_o,
    output logic [$clog2(ENTRIES + 1)-1:0]                   used_o,
    output logic                                             ready_o,
    output logic                                             ld_v_o,
    output logic [ADDR_W-1:0]                                ld_addr_o,
    // the operation the counters and the FSM carry out this cycle
    output logic [1:0]                                       res_op_o,
    output logic [(NUM_LINES > 1 ? $clog2(NUM_LINES) : 1)-1:0] res_line_o,
    output logic                                             pt_hit_o,
    output logic [CNT_W-1:0]                                 p_o,
    output logic [THR_W-1:0]                                 t_o,
    output logic                                             hit_o,
    output logic [1:0]                                       mode_o,
    output logic [CNT_W-1:0]                                 count_o,
    output logic                                             gate_o,
    output logic                                             bypass_o,
    output logic                                             early_o,
    output logic                                             eg_o,
    output logic [$clog2(NUM_LINES+1)-1:0]                   n_active_o,
    output logic [$clog2(NUM_LINES+1)-1:0]                   n_off_o
);
    localparam LINE_W = NUM_LINES > 1 ? $clog2(NUM_LINES) : 1;
    localparam IDX_W  = ENTRIES > 1 ? $clog2(ENTRIES) : 1;
    localparam [1:0] OP_NOP = 2'd0, OP_FILL = 2'd1, OP_HIT = 2'd2;
    localparam [1:0] PH_LOAD = 2'd1, PH_NORMAL = 2'd2;

    logic              pt_rst, acc_v, use_rq, eg_v;
    logic [1:0]        op, rq_op_q;
    logic [LINE_W-1:0] line, rq_line_q;
    logic [CNT_W-1:0]  ld_cnt;
    logic [IDX_W-1:0]  pt_idx;
    // the table's load index and the unit's T write-back are not brought
    // out (the table raises T itself on eg_o)
    /* verilator lint_off UNUSEDSIGNAL */
    logic [IDX_W-1:0]  pt_ld_idx;
    logic [THR_W-1:0]  pwr_thr;
    /* verilator lint_on UNUSEDSIGNAL */

    assign pt_rst  = rst_i | kernel_i;
    assign ready_o = !pt_rst && phase_o != PH_LOAD;
    assign acc_v   = ready_o && (req_op_i == OP_FILL || req_op_i == OP_HIT);
    // the counters' port: the waiting normal-phase request, the count
    // load's read, or this cycle's prediction-phase request
    assign use_rq  = rq_op_q != OP_NOP || phase_o == PH_NORMAL;
    assign op      = use_rq ? rq_op_q : phase_o == PH_LOAD ? OP_NOP : ready_o ? req_op_i : OP_NOP;
    assign line    = use_rq ? rq_line_q : phase_o == PH_LOAD ? ld_line_i : req_line_i;
    assign res_op_o   = rst_i ? OP_NOP : op;
    assign res_line_o = rst_i ? '0 : line;
    assign ld_cnt  = ld_hit_i ? count_o : '0;
    assign eg_v    = early_o && pt_hit_o;
    assign eg_o    = eg_v;

    loscache_pt #(
        .ENTRIES(ENTRIES), .PC_W(PC_W), .ADDR_W(ADDR_W), .CNT_W(CNT_W), .THR_W(THR_W),
        .LIMIT(LIMIT)
    ) u_pt (
        .clk_i(clk_i), .rst_i(pt_rst), .acc_v_i(acc_v), .acc_pred_i(req_pred_i),
        .acc_pc_i(req_pc_i), .acc_addr_i(req_addr_i), .done_i(done_i), .cnt_i(ld_cnt),
        .eg_v_i(eg_v), .eg_idx_i(pt_idx),
        .phase_o(phase_o), .used_o(used_o), .ld_v_o(ld_v_o), .ld_idx_o(pt_ld_idx),
        .ld_addr_o(ld_addr_o), .hit_o(pt_hit_o), .idx_o(pt_idx), .p_o(p_o), .t_o(t_o)
    );

    loscache_pwr #(
        .NUM_LINES(NUM_LINES), .CNT_W(CNT_W), .THR_W(THR_W)
    ) u_pwr (
        .clk_i(clk_i), .rst_i(rst_i), .op_i(op), .line_i(line), .pred_i(p_o), .thr_i(t_o),
        .hit_o(hit_o), .mode_o(mode_o), .count_o(count_o), .gate_o(gate_o),
        .bypass_o(bypass_o), .early_o(early_o), .thr_o(pwr_thr),
        .n_active_o(n_active_o), .n_off_o(n_off_o)
    );

    // request register: a request accepted in normal execution waits one
    // cycle for the table's answer
    always_ff @(posedge clk_i) begin
        if (ready_o && phase_o == PH_NORMAL) begin   // ready_o is 0 in reset
            rq_op_q   <= req_op_i;
            rq_line_q <= req_line_i;
        end else begin
            rq_op_q   <= OP_NOP;
            rq_line_q <= '0;
        end
    end
endmodule

`default_nettype wire
