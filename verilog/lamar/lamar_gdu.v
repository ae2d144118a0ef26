// lamar_gdu.v - LAMAR granularity decision unit: sector metadata, fetch masks, BGP, quality
// counters (LAMAR [003], Sec. 2.3.2, 3.1-3.4, 5.1, 5.5.3, 5.6, Tables 1-3): the RTL, synthesizable;
// its C model is rtl_model/lamar/lamar_gdu.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/lamar_gdu.md; ports, parameters and every width as a formula:
// docs/blocks/lamar_gdu_interface.md.
`timescale 1ns/1ns
`default_nettype none

module lamar_gdu #(
    parameter LINES    = 128,
    parameter SECT     = 4,
    parameter ADDR_W   = 25,
    parameter M_W      = 11,
    parameter K        = 6,
    parameter N        = 512,
    parameter TH_FG    = 2,
    parameter WIN      = 1000,
    parameter SKEW_PCT = 70,
    parameter CNT_W    = 32
) (
    input  wire                                        clk_i,
    input  wire                                        rst_i,
    input  wire                                        mode_wr_i,
    input  wire  [1:0]                                 mode_i,
    input  wire  [1:0]                                 op_i,
    input  wire  [(LINES > 1 ? $clog2(LINES) : 1)-1:0] line_i,
    input  wire                                        hit_i,
    input  wire  [SECT-1:0]                            sec_i,
    input  wire  [ADDR_W-1:0]                          addr_i,
    input  wire  [ADDR_W-1:0]                          vaddr_i,
    output logic [SECT-1:0]                            fetch_o,
    output logic                                       miss_o,
    output logic                                       smiss_o,
    output logic                                       cg_o,
    output logic [1:0]                                 mode_o,
    output logic                                       ev_o,
    output logic                                       low_o,
    output logic                                       ins_o,
    output logic                                       def_o,
    output logic [3:0]                                 q_o,
    output logic [CNT_W-1:0]                           demand_o,
    output logic [CNT_W-1:0]                           pref_o,
    output logic [CNT_W-1:0]                           pnref_o,
    output logic [CNT_W-1:0]                           npref_o
);
    localparam MW     = 3 * SECT;                 // {p, u, sv}
    localparam [1:0] OP_ACCESS = 2'd1, OP_INVAL = 2'd2;
    localparam [1:0] M_CG = 2'd1, M_FG = 2'd2;
    localparam [CNT_W-1:0] CNT_MAX = {CNT_W{1'b1}};
    localparam [SECT-1:0] ALL = {SECT{1'b1}};

    logic [LINES-1:0] v_q;
    logic [MW-1:0]    meta_q [0:LINES-1];
    logic [1:0]       mode_q;
    logic [CNT_W-1:0] cnt_q [0:3];

    // the line's metadata (0 unless live)
    wire            ok     = 32'(line_i) < 32'(LINES);
    wire            live   = ok && v_q[ok ? line_i : '0];
    wire [MW-1:0]   meta   = live ? meta_q[ok ? line_i : '0] : '0;
    wire [SECT-1:0] sv     = meta[SECT-1:0];
    wire [SECT-1:0] u      = meta[2*SECT-1:SECT];
    wire [SECT-1:0] pr     = meta[3*SECT-1:2*SECT];
    wire            access = ok && op_i == OP_ACCESS && sec_i != '0;
    wire            ev     = live && ((access && !hit_i) || op_i == OP_INVAL);

    // the BGP: the eviction, the query
    wire bgp_pred, bgp_def, bgp_low, bgp_ins;
    /* verilator lint_off UNUSEDSIGNAL */
    wire bgp_fhit, bgp_rot, bgp_sel;             // its own observability ports
    wire [$clog2(WIN)-1:0] bgp_nev, bgp_nins;
    wire [M_W:0] bgp_fill0, bgp_fill1;
    /* verilator lint_on UNUSEDSIGNAL */
    bgp #(.M_W(M_W), .K(K), .N(N), .ADDR_W(ADDR_W), .TH_FG(TH_FG), .WIN(WIN), .SKEW_PCT(SKEW_PCT)) u_bgp (
        .clk_i(clk_i), .rst_i(rst_i), .ev_i(ev), .ev_addr_i(ev ? vaddr_i : '0),
        .used_i(ev ? 4'(u) : 4'd0), .miss_addr_i(addr_i),
        .pred_o(bgp_pred), .fhit_o(bgp_fhit), .def_o(bgp_def), .low_o(bgp_low), .ins_o(bgp_ins),
        .rot_o(bgp_rot), .nev_o(bgp_nev), .nins_o(bgp_nins), .sel_o(bgp_sel),
        .fill0_o(bgp_fill0), .fill1_o(bgp_fill1));
    wire cg = mode_q == M_CG ? 1'b1 : mode_q == M_FG ? 1'b0 : bgp_pred;

    // the access
    wire [SECT-1:0] missing = sec_i & ~sv;
    wire [SECT-1:0] fetch_hit  = missing == '0 ? '0 : (cg ? ~sv : missing);
    wire [SECT-1:0] fetch_miss = cg ? ALL : sec_i;
    wire            hitacc = access && hit_i;
    wire            missacc = access && !hit_i;
    wire [SECT-1:0] fetch  = hitacc ? fetch_hit : missacc ? fetch_miss : '0;
    wire [MW-1:0]   meta_d = hitacc ? {(pr | fetch_hit) & ~sec_i, u | sec_i, sv | fetch_hit}
                                    : {fetch_miss & ~sec_i, sec_i, fetch_miss};
    // this cycle's counts: DEMAND, PRED_REF, PRED_NREF, NPRED_REF (at most SECT each)
    wire [2:0] n_missing = 3'($countones(missing));
    wire [2:0] n_sec     = 3'($countones(sec_i));
    wire [2:0] n_predref = 3'($countones(sec_i & pr));
    wire [2:0] n_pred    = 3'($countones(pr));
    wire [2:0] add [0:3];
    assign add[0] = hitacc ? n_missing : missacc ? n_sec : 3'd0;
    assign add[1] = hitacc ? n_predref : 3'd0;
    assign add[2] = ev ? n_pred : 3'd0;
    assign add[3] = hitacc ? n_missing : 3'd0;

    always_ff @(posedge clk_i) begin
        if (!rst_i && (access || ev))
            meta_q[line_i] <= access ? meta_d : '0;
    end
    always_ff @(posedge clk_i) begin
        if (rst_i) begin
            v_q    <= '0;
            mode_q <= 2'd0;
            for (int k = 0; k < 4; k++) cnt_q[k] <= '0;
        end else begin
            if (access || ev) v_q[line_i] <= access;
            if (mode_wr_i) mode_q <= mode_i;
            for (int k = 0; k < 4; k++)
                cnt_q[k] <= 33'(cnt_q[k]) + 33'(add[k]) > 33'(CNT_MAX) ? CNT_MAX : CNT_W'(33'(cnt_q[k]) + 33'(add[k]));
        end
    end

    wire live_o = !rst_i;
    assign fetch_o  = live_o ? fetch : '0;
    assign miss_o   = live_o && missacc;
    assign smiss_o  = live_o && hitacc && missing != '0;
    assign cg_o     = live_o && (missacc || (hitacc && missing != '0)) && cg;
    assign mode_o   = live_o ? mode_q : '0;
    assign ev_o     = live_o && ev;
    assign low_o    = live_o && ev && bgp_low;
    assign ins_o    = live_o && ev && bgp_ins;
    assign def_o    = live_o && bgp_def;
    assign q_o      = live_o ? {add[3] != 3'd0, add[2] != 3'd0, add[1] != 3'd0, add[0] != 3'd0} : 4'd0;
    assign demand_o = live_o ? cnt_q[0] : '0;
    assign pref_o   = live_o ? cnt_q[1] : '0;
    assign pnref_o  = live_o ? cnt_q[2] : '0;
    assign npref_o  = live_o ? cnt_q[3] : '0;
endmodule

`default_nettype wire
