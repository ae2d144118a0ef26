// bloom_dual.v - Dual-bitarray Bloom filter, byte-sliced XOR hashes (LAMAR [003], Sec. 3.4, Fig. 6,
// Table 1): the RTL, synthesizable; its C model is rtl_model/lamar/bloom_dual.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/bloom_dual.md; ports, parameters and every width as a formula:
// docs/blocks/bloom_dual_interface.md.
`timescale 1ns/1ns
`default_nettype none

module bloom_dual #(
    parameter M_W    = 11,
    parameter K      = 6,
    parameter N      = 512,
    parameter ADDR_W = 25
) (
    input  wire                           clk_i,
    input  wire                           rst_i,
    input  wire                           ins_i,
    input  wire  [ADDR_W-1:0]             ins_addr_i,
    input  wire  [ADDR_W-1:0]             qry_addr_i,
    input  wire                           flush_i,
    output logic                          hit_o,
    output logic                          sel_o,
    output logic                          warm_o,
    output logic [$clog2(N/2)-1:0]        cnt_o,
    output logic                          bnd_o,
    output logic [M_W:0]                  fill0_o,
    output logic [M_W:0]                  fill1_o
);
    localparam M     = 1 << M_W;
    localparam HALF  = N / 2;
    localparam CNT_W = $clog2(HALF);

    // Address bits feeding bit t of hash i: the one definition of the hashes.
    // A constant function, evaluated at elaboration only (the XOR trees'
    // masks): excluded from code coverage, which would count it never run.
    /*verilator coverage_off*/
    function automatic [ADDR_W-1:0] hmask(input integer i, input integer t);
        integer b;
        begin
            hmask = '0;
            for (b = 0; b < ADDR_W; b = b + 1)
                if (((b % 8) + (3 * i + 5 * (b / 8) + i * (b / 8)) % M_W) % M_W == t)
                    hmask[b] = 1'b1;
        end
    endfunction
    /*verilator coverage_on*/

    logic [M-1:0]       ba0_q, ba1_q;
    logic [CNT_W-1:0]   cnt_q;
    logic               sel_q, warm_q;
    logic [M_W:0]       fill0_q, fill1_q;

    logic [K*M_W-1:0]   hins, hqry;     // K indexes of each address
    logic [M-1:0]       imask;          // the K bits an insertion sets
    logic [M_W:0]       new0, new1;     // bits an insertion newly sets
    logic               hit0, hit1, bnd, clr0, clr1;

    for (genvar i = 0; i < K; i++) begin : g_hash
        for (genvar t = 0; t < M_W; t++) begin : g_bit
            localparam [ADDR_W-1:0] MSK = hmask(i, t);
            assign hins[i*M_W + t] = ^(ins_addr_i & MSK);
            assign hqry[i*M_W + t] = ^(qry_addr_i & MSK);
        end
    end

    always_comb begin
        hit0 = 1'b1;
        hit1 = 1'b1;
        imask = '0;
        new0 = '0;
        new1 = '0;
        for (int i = 0; i < K; i++) begin
            hit0 = hit0 & ba0_q[hqry[i*M_W +: M_W]];
            hit1 = hit1 & ba1_q[hqry[i*M_W +: M_W]];
            imask[hins[i*M_W +: M_W]] = 1'b1;
        end
        // distinct new positions: not set yet, not an earlier hash's index
        for (int i = 0; i < K; i++) begin
            logic first;
            first = 1'b1;
            for (int j = 0; j < K; j++)
                if (j < i && hins[j*M_W +: M_W] == hins[i*M_W +: M_W]) first = 1'b0;
            if (first && !ba0_q[hins[i*M_W +: M_W]]) new0 = new0 + 1'b1;
            if (first && !ba1_q[hins[i*M_W +: M_W]]) new1 = new1 + 1'b1;
        end
    end

    assign bnd  = ins_i && !flush_i && cnt_q == CNT_W'(HALF - 1);
    assign clr0 = bnd && warm_q && !sel_q;
    assign clr1 = bnd && warm_q && sel_q;

    assign hit_o   = !rst_i && (sel_q ? hit1 : hit0);
    assign sel_o   = !rst_i && sel_q;
    assign warm_o  = !rst_i && warm_q;
    assign cnt_o   = rst_i ? '0 : cnt_q;
    assign bnd_o   = !rst_i && bnd;
    assign fill0_o = rst_i ? '0 : fill0_q;
    assign fill1_o = rst_i ? '0 : fill1_q;

    always_ff @(posedge clk_i) begin
        if (rst_i || flush_i) begin
            ba0_q   <= '0;
            ba1_q   <= '0;
            cnt_q   <= '0;
            sel_q   <= 1'b0;
            warm_q  <= 1'b0;
            fill0_q <= '0;
            fill1_q <= '0;
        end else if (ins_i) begin
            if (clr0) begin
                ba0_q   <= '0;
                fill0_q <= '0;
            end else begin
                ba0_q   <= ba0_q | imask;
                fill0_q <= fill0_q + new0;
            end
            if (clr1) begin
                ba1_q   <= '0;
                fill1_q <= '0;
            end else if (warm_q) begin
                ba1_q   <= ba1_q | imask;
                fill1_q <= fill1_q + new1;
            end
            cnt_q <= bnd ? '0 : cnt_q + 1'b1;
            if (bnd && warm_q) sel_q <= !sel_q;
            if (bnd) warm_q <= 1'b1;
        end
    end
endmodule

`default_nettype wire
