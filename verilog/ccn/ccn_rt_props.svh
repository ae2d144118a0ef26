// ccn_rt_props.svh - formal properties of ccn_rt (make formal, docs/formal.md):
// CCN's request throttler (CCN [004] Sec. 4.4, Table II(b); the decisions of
// docs/blocks/ccn_rt.md) under its own ports: the epoch of T_P instructions,
// its sampling window of T_S, the H_min decision, the counts frozen outside
// the window.  Read only by the formal flow (yosys read_verilog -formal).
localparam [1:0] SAMPLE = 2'd0, ON = 2'd1, OFF = 2'd2;
localparam [CNT_W-1:0] CNT_MAX = {CNT_W{1'b1}};

// widths that cannot wrap: 32 bits for the instruction sums, CNT_W + 8 for
// 100 x a count (the solver's cost is in the multiplications)
localparam MW = CNT_W + 8;
wire [31:0]   cur  = 32'(icnt_o) + 32'(inst_i);
wire          samp = state_o == SAMPLE && cur < T_P;
wire [MW-1:0] tot  = MW'(ntot_o) + MW'(samp && inj_i && ntot_o != CNT_MAX);
wire [MW-1:0] hits = MW'(nhit_o) + MW'(samp && hit_i && nhit_o != CNT_MAX);

// the last cycle, as the ports showed it
reg        p_valid, p_epoch, p_dec, p_dec_on;
reg [31:0]   p_cur;
reg [MW-1:0] p_tot, p_hits;
reg [1:0]  p_state;
always @(posedge clk_i) begin
    p_valid  <= !rst_i;
    p_epoch  <= epoch_o;
    p_dec    <= dec_o;
    p_dec_on <= dec_on_o;
    p_cur    <= cur;
    p_tot    <= tot;
    p_hits   <= hits;
    p_state  <= state_o;
end

always @* if (!init) begin
    if (rst_i) a_reset: assert (!on_o && state_o == 0 && icnt_o == 0 && ntot_o == 0 && nhit_o == 0 &&
                                !dec_o && !dec_on_o && !epoch_o);
    if (!rst_i) begin
        a_state:  assert (state_o != 2'd3);
        a_icnt:   assert (icnt_o < T_P);                      // the epoch counter never passes T_P
        a_window: assert (state_o != SAMPLE || icnt_o < T_S); // the window ends at T_S instructions
        a_on:     assert (on_o == (state_o != OFF));          // injection enabled in SAMPLE and ON
        a_epoch:  assert (epoch_o == (cur >= T_P));
        a_dec:    assert (dec_o == (samp && cur >= T_S));
        // Sec. 4.4: ON when the sharer-hit rate is at least H_min (this cycle's events counted)
        a_dec_on: assert (dec_on_o == (dec_o && hits * MW'(100) >= tot * MW'(HMIN_PCT)));
    end
    if (p_valid && !rst_i) begin
        if (p_epoch) begin
            // a new epoch: the overshoot carried, SAMPLE, counts 0
            a_new_epoch: assert (icnt_o == p_cur - T_P && state_o == SAMPLE && ntot_o == 0 && nhit_o == 0);
        end else begin
            a_count_icnt: assert (icnt_o == p_cur);
            // counted only in the window, saturating; kept after the decision
            a_counts: assert (ntot_o == p_tot && nhit_o == p_hits);
            if (p_dec) a_decided: assert (state_o == (p_dec_on ? ON : OFF));
            else       a_state_kept: assert (state_o == p_state);
        end
    end
end

always @* if (!init && !rst_i) begin
    c_dec_on:    cover (dec_on_o && ntot_o > 2);
    c_dec_off:   cover (dec_o && !dec_on_o);
    c_epoch_off: cover (epoch_o && state_o == OFF);
    c_saturated: cover (dec_o && ntot_o == CNT_MAX);
    // rare in constrained-random runs (coverage bin decide_exact: 1 in 50,000 cycles of tiny)
    c_dec_exact: cover (dec_o && tot != 0 && hits * MW'(100) == tot * MW'(HMIN_PCT));   // exactly H_min: ON (>=)
end
