// ccn_link.v - one ring link of the CCN [004] (Sec. 4.2; Sec. 5.5.2 varies
// the core-to-core transfer from 1 to 5 cycles): STAGES one-entry register
// stages between two nodes, valid/ready.  A stage takes its upstream's offer
// when it is empty or its downstream takes its entry this cycle (ready
// passes through: ready_up = !valid || ready_down), so a stream moves one
// stage a cycle.  STAGES = 0 is a wire.  rst_i empties the stages.
// Decisions: docs/blocks/ccn.md.
`timescale 1ns/1ns
`default_nettype none

module ccn_link #(
    parameter W      = 8,
    parameter STAGES = 1
) (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire         in_v_i,
    input  wire [W-1:0] in_d_i,
    output logic        in_rdy_o,
    output logic        out_v_o,
    output logic [W-1:0] out_d_o,
    input  wire         out_rdy_i
);
    if (STAGES == 0) begin : g_wire
        assign out_v_o  = in_v_i;
        assign out_d_o  = in_d_i;
        assign in_rdy_o = out_rdy_i;
        /* verilator lint_off UNUSEDSIGNAL */
        wire unused = clk_i ^ rst_i;  // no register
        /* verilator lint_on UNUSEDSIGNAL */
    end else begin : g_stages
        logic [STAGES-1:0]   v_q;
        logic [STAGES*W-1:0] d_q;
        logic [STAGES-1:0]   rdy;   // rdy[k]: stage k takes its upstream's offer
        for (genvar k = 0; k < STAGES; k++) begin : g_rdy
            // !v[k] || rdy[k+1], unrolled: a free stage at or after k, or the downstream takes
            assign rdy[k] = out_rdy_i || !(&v_q[STAGES-1:k]);
        end
        // stage k takes entry k of these: the offer, then stage 0, 1, ...
        wire [STAGES-1:0]   v_in = STAGES'({v_q, in_v_i});
        wire [STAGES*W-1:0] d_in = (STAGES*W)'({d_q, in_d_i});
        for (genvar k = 0; k < STAGES; k++) begin : g_stage
            always_ff @(posedge clk_i) begin
                if (rst_i) begin
                    v_q[k]        <= 1'b0;
                    d_q[k*W +: W] <= '0;
                end else if (rdy[k]) begin
                    v_q[k]        <= v_in[k];
                    d_q[k*W +: W] <= d_in[k*W +: W];
                end
            end
        end
        assign in_rdy_o = rdy[0];
        assign out_v_o  = v_q[STAGES-1];
        assign out_d_o  = d_q[(STAGES-1)*W +: W];
    end
endmodule

`default_nettype wire
