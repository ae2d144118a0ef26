// ccn_node_props.svh - formal properties of ccn_node (make formal,
// docs/formal.md): one node of CCN's ring (CCN [004] Sec. 4.2, 4.2.1, 4.5;
// the rules and decisions of docs/blocks/ccn_node.md) under its own ports:
// the CB's input, the two multiplexers' priorities, the handshakes held
// until taken, and every queue's count conserved - what enters is counted,
// what leaves was counted, nothing is duplicated or lost.
// Read only by the formal flow (yosys read_verilog -formal).
// formal: preset=tiny depth=16
localparam [2:0] H_LOOK = 3'd0, H_RD = 3'd4;

wire other_rq = rq_v_i && rq_core_i != id_i;
wire home_rq  = rq_v_i && rq_core_i == id_i;
wire home_rs  = rs_v_i && rs_core_i == id_i;
// the readies are computed from the fields, whether the valid is 1 or not (the block page)
wire rq_home_f = rq_core_i == id_i, rs_home_f = rs_core_i == id_i;
// the CB's head enters when no older request has the port and the ReqQ has room (Sec. 4.2.1)
wire cb_enter = cb_n_o > 0 && !other_rq && 32'(RQ_D) - 32'(rq_n_o) >= 32'(1 + BUBBLE);
wire rq_in    = other_rq && rq_rdy_o;
wire rq_pop   = (rq_v_o && rq_rdy_i) || (rd_v_o && rd_ack_i);
wire rs_new   = rd_v_o && rd_ack_i;               // a sharer's response, from this L1
wire rs_fwd   = rs_v_i && !home_rs && rs_rdy_o;   // another node's, passing on
wire rs_pop   = rs_v_o && rs_rdy_i;

reg p_valid, p_cb_acc, p_cb_enter, p_rq_in, p_rq_pop, p_rs_new, p_rs_fwd, p_rs_pop;
reg p_rq_held, p_rs_held, p_rd_held;
reg [$bits(cb_n_o)-1:0] p_cb_n;
reg [$bits(rq_n_o)-1:0] p_rq_n;
reg [$bits(rs_n_o)-1:0] p_rs_n;
reg [LA_W-1:0]   p_rq_la, p_rs_la, p_rd_la;
reg [CORE_W-1:0] p_rq_core, p_rs_core;
reg [LINE_W-1:0] p_rs_data;
reg [$bits(rd_way_o)-1:0] p_rd_way;
always @(posedge clk_i) begin
    p_valid    <= !rst_i;
    p_cb_acc   <= cb_acc_o;
    p_cb_enter <= cb_enter;
    p_rq_in    <= rq_in;
    p_rq_pop   <= rq_pop;
    p_rs_new   <= rs_new;
    p_rs_fwd   <= rs_fwd;
    p_rs_pop   <= rs_pop;
    p_cb_n     <= cb_n_o;
    p_rq_n     <= rq_n_o;
    p_rs_n     <= rs_n_o;
    p_rq_held  <= rq_v_o && !rq_rdy_i;
    p_rs_held  <= rs_v_o && !rs_rdy_i;
    p_rd_held  <= rd_v_o && !rd_ack_i;
    p_rq_la    <= rq_la_o;
    p_rq_core  <= rq_core_o;
    p_rs_la    <= rs_la_o;
    p_rs_core  <= rs_core_o;
    p_rs_data  <= rs_data_o;
    p_rd_la    <= rd_la_o;
    p_rd_way   <= rd_way_o;
end

always @* if (!init) begin
    if (rst_i) a_reset: assert (!cb_acc_o && !dfl_o && !rq_rdy_o && !rq_v_o && !rs_rdy_o && !rs_v_o && !rd_v_o &&
                                !dl_v_o && !l2_v_o && cb_n_o == 0 && rq_n_o == 0 && rs_n_o == 0 && hs_o == 0);
    if (!rst_i) begin
        // Sec. 4.2: a miss enters the CB, or goes to L2 when the CB is full or the core is throttled
        a_cb_in: assert (cb_acc_o == (miss_v_i && on_i && cb_n_o < CB_D) && dfl_o == (miss_v_i && !cb_acc_o));
        // a request back home without a sharer leaves to L2; another core's enters while the ReqQ has room
        a_rq_rdy: assert (rq_rdy_o == (rq_home_f || rq_n_o < RQ_D));
        a_l2:     assert (l2_v_o == home_rq && l2_la_o == (home_rq ? rq_la_i : '0));
        // Sec. 4.2.1: a response for this core is delivered at once; a forwarded one waits
        // for a new one (newer first) and for room
        a_deliver: assert (dl_v_o == home_rs && dl_la_o == (home_rs ? rs_la_i : '0) &&
                           dl_data_o == (home_rs ? rs_data_i : '0));
        a_rs_rdy:  assert (rs_home_f ? rs_rdy_o : (!rs_rdy_o || (!rs_new && rs_n_o < RS_D)));
        a_bounds:  assert (cb_n_o <= CB_D && rq_n_o <= RQ_D && rs_n_o <= RS_D && hs_o <= H_RD);
        a_zero:    assert ((rq_v_o || (rq_la_o == 0 && rq_core_o == 0)) &&
                           (rs_v_o || (rs_la_o == 0 && rs_core_o == 0 && rs_data_o == 0)) &&
                           (rd_v_o || (rd_la_o == 0 && rd_way_o == 0)));
        // a head is offered only when its queue holds it
        a_heads:   assert ((!rq_v_o && !rd_v_o || rq_n_o != 0) && (!rs_v_o || rs_n_o != 0) && !(rq_v_o && rd_v_o));
    end
    if (p_valid && !rst_i) begin
        // conservation: each count moves by what entered and what left, nothing else
        a_cb_count: assert (cb_n_o == p_cb_n + p_cb_acc - p_cb_enter);
        a_rq_count: assert (rq_n_o == p_rq_n + p_rq_in + p_cb_enter - p_rq_pop);
        a_rs_count: assert (rs_n_o == p_rs_n + p_rs_new + p_rs_fwd - p_rs_pop);
        // an offer not taken is held, unchanged, until it is
        if (p_rq_held) a_rq_hold: assert (rq_v_o && rq_la_o == p_rq_la && rq_core_o == p_rq_core);
        if (p_rs_held) a_rs_hold: assert (rs_v_o && rs_la_o == p_rs_la && rs_core_o == p_rs_core &&
                                          rs_data_o == p_rs_data);
        if (p_rd_held) a_rd_hold: assert (rd_v_o && rd_la_o == p_rd_la && rd_way_o == p_rd_way);
    end
end

always @* if (!init && !rst_i) begin
    c_cb_full:  cover (dfl_o && on_i);
    c_hit_read: cover (rd_v_o && rd_ack_i && rs_n_o == 1);
    c_rs_wait:  cover (rs_v_i && !home_rs && !rs_rdy_o && rs_n_o < RS_D);
    c_l2:       cover (l2_v_o && rq_n_o == RQ_D);
    // rare in constrained-random runs (coverage bin rs_full_q: 3 in 50,000 cycles of tiny)
    c_rs_full:  cover (rs_n_o == RS_D);   // the RespQ full
end
