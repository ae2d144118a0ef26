// bgp.v - Bi-modal granularity predictor (Bloom filter + default rotation) (LAMAR [003], Sec. 3.4,
// Fig. 7, Table 1): the RTL, synthesizable; its C model is rtl_model/lamar/bgp.c.
// Behaviour, timing, reset values and every decision the paper leaves open: docs/blocks/bgp.md;
// ports, parameters and every width as a formula: docs/blocks/bgp_interface.md.
`timescale 1ns/1ns
`default_nettype none

module bgp #(
    parameter M_W      = 11,
    parameter K        = 6,
    parameter N        = 512,
    parameter ADDR_W   = 25,
    parameter TH_FG    = 2,
    parameter WIN      = 1000,
    parameter SKEW_PCT = 70
) (
    input  wire                      clk_i,
    input  wire                      rst_i,
    input  wire                      ev_i,
    input  wire  [ADDR_W-1:0]        ev_addr_i,
    input  wire  [3:0]               used_i,
    input  wire  [ADDR_W-1:0]        miss_addr_i,
    output logic                     pred_o,
    output logic                     fhit_o,
    output logic                     def_o,
    output logic                     low_o,
    output logic                     ins_o,
    output logic                     rot_o,
    output logic [$clog2(WIN)-1:0]   nev_o,
    output logic [$clog2(WIN)-1:0]   nins_o,
    output logic                     sel_o,
    output logic [M_W:0]             fill0_o,
    output logic [M_W:0]             fill1_o
);
    localparam WW  = $clog2(WIN);
    localparam THR = SKEW_PCT * WIN / 100;          // elaboration time only
    localparam [WW:0] THR_C = THR[WW:0];
    localparam [WW-1:0] LAST = WW'(WIN - 1);

    logic          def_q;                           // 1 CG, 0 FG
    logic [WW-1:0] nev_q, nins_q;
    logic          ev, low, ins, last, rot, fhit;
    logic [2:0]    used_n;
    logic [WW:0]   total;
    // bloom_dual outputs this unit does not use
    /* verilator lint_off UNUSEDSIGNAL */
    logic                    f_warm, f_bnd;
    logic [$clog2(N/2)-1:0]  f_cnt;
    /* verilator lint_on UNUSEDSIGNAL */

    assign ev     = !rst_i && ev_i;
    assign used_n = {2'b0, used_i[0]} + {2'b0, used_i[1]} + {2'b0, used_i[2]} + {2'b0, used_i[3]};
    assign low    = used_n < 3'(TH_FG);
    assign ins    = ev && (low == def_q);
    assign last   = ev && nev_q == LAST;
    assign total  = {1'b0, nins_q} + {{WW{1'b0}}, ins};
    assign rot    = last && total > THR_C;

    bloom_dual #(.M_W(M_W), .K(K), .N(N), .ADDR_W(ADDR_W)) u_filter (
        .clk_i(clk_i), .rst_i(rst_i), .ins_i(ins), .ins_addr_i(ev_addr_i),
        .qry_addr_i(miss_addr_i), .flush_i(rot),
        .hit_o(fhit), .sel_o(sel_o), .warm_o(f_warm), .cnt_o(f_cnt), .bnd_o(f_bnd),
        .fill0_o(fill0_o), .fill1_o(fill1_o)
    );

    assign fhit_o = fhit;
    assign pred_o = !rst_i && (fhit ? !def_q : def_q);
    assign def_o  = !rst_i && def_q;
    assign low_o  = ev && low;
    assign ins_o  = ins;
    assign rot_o  = rot;
    assign nev_o  = rst_i ? '0 : nev_q;
    assign nins_o = rst_i ? '0 : nins_q;

    always_ff @(posedge clk_i) begin
        if (rst_i) begin
            def_q  <= 1'b1;
            nev_q  <= '0;
            nins_q <= '0;
        end else if (ev) begin
            nev_q  <= last ? '0 : nev_q + 1'b1;
            nins_q <= last ? '0 : nins_q + WW'(ins);
            if (rot) def_q <= !def_q;
        end
    end
endmodule

`default_nettype wire
