// loscache_pt_props.svh - formal properties of loscache_pt (make formal,
// docs/formal.md): LoSCache's prediction table of one LD/ST unit (LoSCache [000]
// Sec. IV-A..IV-D, Fig. 5; the rules and decisions of
// docs/blocks/loscache_pt.md) under its own ports.  A reference table kept
// here from the ports by the page's rules alone - unique-PC appends, the
// phase ending at the LIMIT-th access or done_i, one count load per entry,
// the 1-cycle lookup, T raised saturating - and every output compared with
// it.  Read only by the formal flow (yosys read_verilog -formal).
localparam RIDX_W = ENTRIES > 1 ? $clog2(ENTRIES) : 1;
localparam [1:0] R_PREDICT = 2'd0, R_LOAD = 2'd1, R_NORMAL = 2'd2;
localparam [THR_W-1:0] R_TMAX = {THR_W{1'b1}};

reg [1:0]         r_phase;
reg [7:0]         r_used;             // valid entries: 0 .. r_used-1
reg [15:0]        r_acc;              // accesses counted in PREDICT
reg [7:0]         r_ptr;              // the entry the count load reads
reg               r_hit;              // the lookup register
reg [RIDX_W-1:0]  r_idx;
reg [PC_W-1:0]    r_pc   [0:ENTRIES-1];
reg [ADDR_W-1:0]  r_addr [0:ENTRIES-1];
reg [CNT_W-1:0]   r_p    [0:ENTRIES-1];
reg [THR_W-1:0]   r_t    [0:ENTRIES-1];

// the valid entry holding acc_pc_i (the reference's appends keep PCs unique)
reg              r_match;
reg [RIDX_W-1:0] r_midx;
always @* begin
    r_match = 1'b0;
    r_midx  = '0;
    for (int k = 0; k < ENTRIES; k++)
        if (k < r_used && r_pc[k] == acc_pc_i) begin
            r_match = 1'b1;
            r_midx  = RIDX_W'(k);
        end
end

// Sec. IV-B: a predictor access with a PC in no entry is appended while there is room
wire r_insert = r_phase == R_PREDICT && acc_v_i && acc_pred_i && !r_match && r_used < ENTRIES;
// Sec. IV-C: "finished after 100 L2 cache accesses or all the predictor CTAs are completed"
wire r_end    = r_phase == R_PREDICT && ((acc_v_i && r_acc + 1 >= LIMIT) || done_i);
wire r_eg     = eg_v_i && eg_idx_i < r_used;

always @(posedge clk_i) begin
    if (rst_i) begin
        r_phase <= R_PREDICT;
        r_used  <= 0;
        r_acc   <= 0;
        r_ptr   <= 0;
        r_hit   <= 0;
        r_idx   <= 0;
    end else begin
        r_hit <= r_phase == R_NORMAL && acc_v_i && r_match;
        r_idx <= (r_phase == R_NORMAL && acc_v_i && r_match) ? r_midx : '0;
        if (r_phase == R_PREDICT && acc_v_i) r_acc <= r_acc + 1;
        if (r_insert) begin
            r_used <= r_used + 1;
            r_pc[r_used]   <= acc_pc_i;
            r_addr[r_used] <= acc_addr_i;
            r_p[r_used]    <= 0;
            r_t[r_used]    <= 0;
        end
        if (r_end) begin
            r_phase <= (r_used + r_insert == 0) ? R_NORMAL : R_LOAD;
            r_ptr   <= 0;
        end
        if (r_phase == R_LOAD) begin
            r_p[r_ptr] <= cnt_i;                          // Fig. 5 steps 4-5
            r_ptr      <= r_ptr + 1;
            if (r_ptr + 1 == r_used) r_phase <= R_NORMAL;
        end
        // Sec. IV-C: "Every inaccurate prediction will increase the threshold by one", bounded
        if (r_eg && r_t[eg_idx_i] != R_TMAX) r_t[eg_idx_i] <= r_t[eg_idx_i] + 1'b1;
    end
end

always @* if (!init) begin
    if (rst_i) a_reset: assert (phase_o == 0 && used_o == 0 && !ld_v_o && ld_idx_o == 0 && ld_addr_o == 0 &&
                                !hit_o && idx_o == 0 && p_o == 0 && t_o == 0);
    if (!rst_i) begin
        a_phase: assert (phase_o == r_phase);
        a_used:  assert (used_o == r_used);
        // the count load: one cycle per valid entry, in index order, with its block address
        a_load:  assert (ld_v_o == (r_phase == R_LOAD) &&
                         ld_idx_o == (ld_v_o ? r_ptr[RIDX_W-1:0] : '0) &&
                         ld_addr_o == (ld_v_o ? r_addr[r_ptr[RIDX_W-1:0]] : '0));
        // Sec. IV-D: "accessing the prediction table takes 1 additional cycle": the lookup of
        // the previous cycle, with the entry's P and T read now (0: no prediction)
        a_lookup: assert (hit_o == r_hit && idx_o == r_idx);
        a_pt:     assert (p_o == (r_hit ? r_p[r_idx] : '0) && t_o == (r_hit ? r_t[r_idx] : '0));
    end
end

always @* if (!init && !rst_i) begin
    c_full_drop: cover (r_phase == R_PREDICT && used_o == ENTRIES && acc_v_i && acc_pred_i && !r_match);
    c_end_both:  cover (r_phase == R_PREDICT && done_i && acc_v_i && r_acc + 1 == LIMIT);
    c_t_sat:     cover (hit_o && t_o == R_TMAX && p_o != 0);
    c_load_full: cover (ld_v_o && ld_idx_o == ENTRIES - 1);
    // rare in constrained-random runs (coverage bin end-empty: 4 in 50,000 cycles of tiny)
    c_end_empty: cover (r_end && r_used == 0 && !r_insert);   // the phase ends with an empty table: no load
end
