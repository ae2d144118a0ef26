// shadow_tags.v - CCN shadow tags: single-ported copy of the L1 tags for remote lookups (CCN [004],
// Sec. 4.2, 4.3, 4.5, Table II): the RTL, synthesizable; its C model is
// rtl_model/ccn/shadow_tags.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/shadow_tags.md; ports, parameters and every width as a formula:
// docs/blocks/shadow_tags_interface.md.
`timescale 1ns/1ns
`default_nettype none

module shadow_tags #(
    parameter SETS   = 96,
    parameter WAYS   = 4,
    parameter LA_W   = 33,
    parameter TAG_W  = 24,
    parameter CORE_W = 4
) (
    input  wire                                  clk_i,
    input  wire                                  rst_i,
    input  wire                                  upd_i,
    input  wire  [LA_W-1:0]                      upd_la_i,
    input  wire  [(WAYS > 1 ? $clog2(WAYS) : 1)-1:0] upd_way_i,
    input  wire                                  upd_v_i,
    input  wire                                  lk_valid_i,
    input  wire  [LA_W-1:0]                      lk_la_i,
    input  wire  [CORE_W-1:0]                    lk_core_i,
    output logic                                 busy_o,
    output logic                                 lk_ready_o,
    output logic                                 rsp_valid_o,
    output logic                                 rsp_hit_o,
    output logic [(WAYS > 1 ? $clog2(WAYS) : 1)-1:0] rsp_way_o,
    output logic [CORE_W-1:0]                    rsp_core_o
);
    localparam WAY_W = WAYS > 1 ? $clog2(WAYS) : 1;
    localparam SET_W = SETS > 1 ? $clog2(SETS) : 1;
    localparam E     = TAG_W + 1;          // entry: {valid, tag}
    localparam ROW   = WAYS * E;           // way 0 in the top bits (the paper's V0 Tag0 | V1 Tag1 ...)
    localparam [SET_W-1:0] LAST = SET_W'(SETS - 1);

    // the single-ported memory and its synchronous read register
    logic [ROW-1:0] mem [0:SETS-1];
    logic [ROW-1:0] rd_q;
    // post-reset sweep: busy + the row it clears this cycle
    logic             busy_q;
    logic [SET_W-1:0] sweep_q;
    // the accepted lookup, a cycle later: valid, stored-tag part, requester
    logic              pv_q;
    logic [TAG_W-1:0]  ptag_q;
    logic [CORE_W-1:0] pcore_q;

    // la mod SETS, computed wide enough for both (SETS need not fit LA_W bits)
    localparam MOD_W = LA_W + SET_W + 1;
    wire [SET_W-1:0] upd_set = SET_W'(MOD_W'(upd_la_i) % MOD_W'(SETS));
    wire [SET_W-1:0] lk_set  = SET_W'(MOD_W'(lk_la_i) % MOD_W'(SETS));
    wire [TAG_W-1:0] upd_tag = upd_la_i[LA_W-1 -: TAG_W];
    wire [TAG_W-1:0] lk_tag  = lk_la_i[LA_W-1 -: TAG_W];
    wire             accept  = !rst_i && !busy_q && !upd_i && lk_valid_i;
    wire [WAY_W-1:0] upd_slot = WAY_W'(WAYS - 1) - upd_way_i;  // way 0 is the top entry

    // the port: sweep, else update (write one entry), else lookup (read a row)
    always_ff @(posedge clk_i) begin
        if (!rst_i && busy_q)
            mem[sweep_q] <= '0;
        else if (!rst_i && upd_i)
            mem[upd_set][upd_slot*E +: E] <= {upd_v_i, upd_tag};
    end
    always_ff @(posedge clk_i)
        if (accept) rd_q <= mem[lk_set];

    always_ff @(posedge clk_i) begin
        if (rst_i) begin
            busy_q  <= 1'b1;
            sweep_q <= '0;
        end else if (busy_q) begin
            busy_q  <= sweep_q != LAST;
            sweep_q <= sweep_q + 1'b1;
        end
    end

    always_ff @(posedge clk_i) begin
        pv_q <= accept;
        if (accept) begin
            ptag_q  <= lk_tag;
            pcore_q <= lk_core_i;
        end
    end

    // the comparators: lowest matching way
    logic             hit;
    logic [WAY_W-1:0] way;
    always_comb begin
        hit = 1'b0;
        way = '0;
        for (int w = WAYS - 1; w >= 0; w--) begin
            if (rd_q[(WAYS - 1 - w) * E + TAG_W] && rd_q[(WAYS - 1 - w) * E +: TAG_W] == ptag_q) begin
                hit = 1'b1;
                way = WAY_W'(w);
            end
        end
    end

    assign busy_o      = !rst_i && busy_q;
    assign lk_ready_o  = !rst_i && !busy_q && !upd_i;
    assign rsp_valid_o = !rst_i && pv_q;
    assign rsp_hit_o   = rsp_valid_o && hit;
    assign rsp_way_o   = rsp_hit_o ? way : '0;
    assign rsp_core_o  = rsp_valid_o ? pcore_q : '0;
endmodule

`default_nettype wire
