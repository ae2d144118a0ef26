// loscache_pt.v - LoSCache prediction table and prediction-phase control (one LD/ST unit)
// (LoSCache [000], Sec. IV-A..IV-D, Fig. 5): the RTL, synthesizable; its C model is
// rtl_model/loscache/loscache_pt.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/loscache_pt.md; ports, parameters and every width as a formula:
// docs/blocks/loscache_pt_interface.md.
`timescale 1ns/1ns
`default_nettype none

module loscache_pt #(
    parameter ENTRIES = 21,
    parameter PC_W    = 32,
    parameter ADDR_W  = 25,
    parameter CNT_W   = 6,
    parameter THR_W   = 2,
    parameter LIMIT   = 100
) (
    input  wire                                             clk_i,
    input  wire                                             rst_i,
    // accesses from the LD/ST unit
    input  wire                                             acc_v_i,
    input  wire                                             acc_pred_i,
    input  wire  [PC_W-1:0]                                 acc_pc_i,
    input  wire  [ADDR_W-1:0]                               acc_addr_i,
    input  wire                                             done_i,
    // the L2's count for the entry being loaded
    input  wire  [CNT_W-1:0]                                cnt_i,
    // early-gating misprediction for an entry
    input  wire                                             eg_v_i,
    input  wire  [(ENTRIES > 1 ? $clog2(ENTRIES) : 1)-1:0]  eg_idx_i,
    // state
    output logic [1:0]                                      phase_o,
    output logic [$clog2(ENTRIES + 1)-1:0]                  used_o,
    // count load
    output logic                                            ld_v_o,
    output logic [(ENTRIES > 1 ? $clog2(ENTRIES) : 1)-1:0]  ld_idx_o,
    output logic [ADDR_W-1:0]                               ld_addr_o,
    // lookup result (the previous cycle's access)
    output logic                                            hit_o,
    output logic [(ENTRIES > 1 ? $clog2(ENTRIES) : 1)-1:0]  idx_o,
    output logic [CNT_W-1:0]                                p_o,
    output logic [THR_W-1:0]                                t_o
);
    localparam IDX_W  = ENTRIES > 1 ? $clog2(ENTRIES) : 1;
    localparam USED_W = $clog2(ENTRIES + 1);
    localparam ACC_W  = $clog2(LIMIT + 1);
    localparam PAD    = USED_W + 1 - IDX_W; // an index widened to compare with {1'b0, used_q}
    localparam [1:0] PREDICT = 2'd0;
    localparam [1:0] LOAD    = 2'd1;
    localparam [1:0] NORMAL  = 2'd2;
    localparam [THR_W-1:0] THR_MAX = {THR_W{1'b1}};

    // the entries: the PCs are a CAM (flops, every one compared every
    // cycle), the other fields memories read by index
    logic [ENTRIES*PC_W-1:0] pc_q;
    logic [ADDR_W-1:0] addr_q [0:ENTRIES-1];
    logic [CNT_W-1:0]  p_q    [0:ENTRIES-1];
    logic [THR_W-1:0]  t_q    [0:ENTRIES-1];
    logic [USED_W-1:0] used_q;
    logic [1:0]        phase_q;
    logic [ACC_W-1:0]  acc_q;
    logic [IDX_W-1:0]  ldp_q;
    logic              hit_q; // the lookup register: hit and index
    logic [IDX_W-1:0]  idx_q;

    // CAM: the valid entry holding acc_pc_i (PCs in the table are unique)
    logic             match;
    logic [IDX_W-1:0] match_idx;
    always_comb begin
        match     = 1'b0;
        match_idx = '0;
        for (int i = 0; i < ENTRIES; i++)
            if (USED_W'(i) < used_q && pc_q[i*PC_W +: PC_W] == acc_pc_i) begin
                match     = 1'b1;
                match_idx = IDX_W'(i);
            end
    end

    logic eg_ok, insert, end_limit, phase_end, room;
    assign eg_ok     = eg_v_i && {{PAD{1'b0}}, eg_idx_i} < {1'b0, used_q};
    assign room      = used_q < USED_W'(ENTRIES);
    assign insert    = phase_q == PREDICT && acc_v_i && acc_pred_i && !match && room;
    assign end_limit = phase_q == PREDICT && acc_v_i && {1'b0, acc_q} + 1'b1 >= (ACC_W + 1)'(LIMIT);
    assign phase_end = phase_q == PREDICT && (end_limit || done_i);

    // outputs, from the registers and rst_i only.  Continuous assigns, not
    // an always_comb with defaults: under Icarus such a block's outputs
    // glitch each time it runs, and in loscache.v (whose counters read p_o
    // and feed cnt_i back) vvp then never left the time step.
    assign phase_o   = rst_i ? '0 : phase_q;
    assign used_o    = rst_i ? '0 : used_q;
    assign ld_v_o    = !rst_i && phase_q == LOAD;
    assign ld_idx_o  = ld_v_o ? ldp_q : '0;
    assign ld_addr_o = ld_v_o ? addr_q[ldp_q] : '0;
    assign hit_o     = !rst_i && hit_q;
    assign idx_o     = rst_i ? '0 : idx_q;
    // the hit entry's fields, read in this cycle
    assign p_o       = hit_o ? p_q[idx_q] : '0;
    assign t_o       = hit_o ? t_q[idx_q] : '0;

    // control and the lookup register
    always_ff @(posedge clk_i) begin
        if (rst_i) begin
            used_q  <= '0;
            phase_q <= PREDICT;
            acc_q   <= '0;
            ldp_q   <= '0;
            hit_q   <= 1'b0;
            idx_q   <= '0;
        end else begin
            hit_q <= phase_q == NORMAL && acc_v_i && match;
            idx_q <= (phase_q == NORMAL && acc_v_i && match) ? match_idx : '0;
            if (insert)
                used_q <= used_q + 1'b1;
            if (phase_q == PREDICT && acc_v_i && !end_limit)
                acc_q <= acc_q + 1'b1;
            if (phase_end) begin
                phase_q <= (used_q != '0 || insert) ? LOAD : NORMAL;
                ldp_q   <= '0;
            end
            if (phase_q == LOAD) begin
                if ({{PAD{1'b0}}, ldp_q} + 1'b1 == {1'b0, used_q}) begin
                    phase_q <= NORMAL;
                    ldp_q   <= '0;
                end else begin
                    ldp_q <= ldp_q + 1'b1;
                end
            end
        end
    end

    // the entries: appended whole in the prediction phase, P written by the
    // count load, T raised by early-gating reports
    always_ff @(posedge clk_i) begin
        if (!rst_i) begin
            if (insert) begin
                pc_q[used_q[IDX_W-1:0]*PC_W +: PC_W] <= acc_pc_i;
                addr_q[used_q[IDX_W-1:0]] <= acc_addr_i;
                p_q[used_q[IDX_W-1:0]]    <= '0;
            end
            if (phase_q == LOAD)
                p_q[ldp_q] <= cnt_i;
            // two writes, never to the same entry: a report names a valid
            // entry, an append the first invalid one
            if (eg_ok && t_q[eg_idx_i] != THR_MAX)
                t_q[eg_idx_i] <= t_q[eg_idx_i] + 1'b1;
            if (insert)
                t_q[used_q[IDX_W-1:0]] <= '0;
        end
    end
endmodule

`default_nettype wire
