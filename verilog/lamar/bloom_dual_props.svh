// bloom_dual_props.svh - formal properties of bloom_dual (make formal,
// docs/formal.md): LAMAR's dual-bitarray Bloom filter (LAMAR [003] Sec. 3.4,
// Fig. 6) under its own ports.  The central one is the paper's reason for two
// arrays: an address among the last N/2 insertions since a flush is never a
// false negative (docs/blocks/bloom_dual.md "never less than N/2 of history,
// and every address among them queries as present"), for a symbolic address.
// Not a module: scripts/formal.py generates module bloom_dual_props with the block's
// parameters (the preset's values) and ports (from its description, as the
// vector columns), the reset of the first cycle (`init` is 1 in it),
// instantiates `bloom_dual dut (.*)` and includes this text; the
// formal flow alone reads it, nothing here is in the RTL.
// formal: engine=pdr-g
// (PDR without its expensive generalisation: 25 CPU-s against 40, docs/formal.md)
localparam HALF = N / 2;
localparam J_W  = $clog2(N + 1);

wire clear  = rst_i || flush_i;
wire insert = ins_i && !clear;

// the docs' counter of a half period's insertions, kept here from the ports alone
reg [J_W-1:0] cnt_ref;
reg           warm_ref, sel_ref;
always @(posedge clk_i)
    if (clear) begin
        cnt_ref <= 0; warm_ref <= 0; sel_ref <= 0;
    end else if (insert) begin
        cnt_ref <= (cnt_ref == HALF - 1) ? 0 : cnt_ref + 1'b1;
        if (cnt_ref == HALF - 1) begin
            warm_ref <= 1'b1;                          // the first boundary ends the warm-up
            if (warm_ref) sel_ref <= !sel_ref;         // every later one swaps SEL
        end
    end

// a symbolic address A and j, the insertions after its latest insertion
(* anyconst *) reg [ADDR_W-1:0] A;
reg           tracked;
reg [J_W-1:0] j;
always @(posedge clk_i)
    if (clear) tracked <= 1'b0;
    else if (insert && ins_addr_i == A) begin tracked <= 1'b1; j <= 0; end
    else if (insert && j != N) j <= j + 1'b1;

// whether the last cycle was a boundary with a clear (to look at the cleared array)
reg was_clr, was_clr_sel, was_flush;
always @(posedge clk_i) begin
    was_clr     <= !clear && bnd_o && warm_o;
    was_clr_sel <= sel_o;
    was_flush   <= clear;
end

always @* if (!init) begin
    if (rst_i) a_reset: assert (!hit_o && !sel_o && !warm_o && cnt_o == 0 && !bnd_o && fill0_o == 0 &&
                                fill1_o == 0);
    if (!rst_i) begin
        // no false negative: A inserted within the last N/2 insertions, no flush since
        a_no_false_negative: assert (!(tracked && j < HALF && qry_addr_i == A) || hit_o);
        // the boundary is the N/2-th insertion of a half period, never on a flush
        a_bnd: assert (bnd_o == (ins_i && !flush_i && cnt_o == HALF - 1));
        a_cnt: assert (cnt_o == cnt_ref);
        a_warm: assert (warm_o == warm_ref);
        // SEL swaps at every clear (N, 3N/2, 2N ...), not at the first boundary
        a_sel: assert (sel_o == sel_ref);
        // a flushed filter, and the array cleared at a boundary, are all zeros
        if (was_flush) a_flushed: assert (fill0_o == 0 && fill1_o == 0);
        if (was_clr) a_cleared: assert (was_clr_sel ? fill1_o == 0 : fill0_o == 0);
    end
end

always @* if (!init && !rst_i) begin
    c_swap:        cover (bnd_o && warm_o && sel_o && !flush_i);
    c_oldest_hit:  cover (tracked && j == HALF - 1 && qry_addr_i == A && hit_o && sel_o);
    c_false_pos:   cover (!tracked && qry_addr_i == A && hit_o && warm_o);
    c_flush_bnd:   cover (ins_i && flush_i && cnt_o == HALF - 1);
    // rare in constrained-random runs (coverage bins flush_warmup, flush_sel0: 1 and 2 in 50,000 cycles of tiny)
    c_flush_warm:  cover (flush_i && !warm_o && cnt_o != 0);   // a flush during the warm-up
    c_flush_sel0:  cover (flush_i && warm_o && !sel_o);        // a flush while SEL = 0
end
