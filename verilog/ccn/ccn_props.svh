// ccn_props.svh - formal properties of ccn (make formal, docs/formal.md):
// the CCN ring, N nodes with their throttlers on a request ring and a
// response ring (CCN [004] Sec. 4.1-4.5; the rules of docs/blocks/ccn.md),
// under the ring's own ports.  The nodes and throttlers have properties of
// their own (ccn_node_props.svh, ccn_rt_props.svh); these are the ring's:
// every output 0 in reset, each miss injected or deflected (never both, a
// throttled core never injects), the throttlers sampling after a reset,
// fields 0 without their valid, and the accounting of every node's misses:
// a node is answered (a sharer's line delivered, or its request sent to L2)
// only for a miss it injected and that has not been answered yet - no
// request is duplicated, none answered out of nothing.
// Read only by the formal flow (yosys read_verilog -formal).
// formal: preset=tiny depth=8
localparam P_WAY_W = WAYS > 1 ? $clog2(WAYS) : 1;

reg p_rst;                                  // the last cycle was a reset
always @(posedge clk_i) p_rst <= rst_i;

always @* if (!init && rst_i)
    // "All outputs are 0 in a reset cycle"
    a_reset: assert (on_o == 0 && cb_acc_o == 0 && dfl_o == 0 && rd_v_o == 0 && rd_la_o == 0 && rd_way_o == 0 &&
                     dl_v_o == 0 && dl_la_o == 0 && dl_data_o == 0 && l2_v_o == 0 && l2_la_o == 0 &&
                     rq_link_o == 0 && rs_link_o == 0);
// after a reset every throttler is in its sampling window (Sec. 4.4, docs/blocks/ccn_rt.md): every core may inject
always @* if (!init && !rst_i && p_rst) a_on_after_reset: assert (&on_o);

// per node, each rule broken (the loop's asserts would have no labels: yosys 0.23 names labelled asserts
// per module, so the labelled ones below take the whole ring)
wire [N-1:0] over, inj_bad, zero_bad;
for (genvar i = 0; i < N; i++) begin : g_p
    // outstanding misses of node i: injected (cb_acc_o) and not answered yet (dl_v_o or l2_v_o)
    reg [7:0] out_n;
    wire [1:0] answers = {1'b0, dl_v_o[i]} + {1'b0, l2_v_o[i]};
    always @(posedge clk_i)
        if (rst_i) out_n <= 0;
        else out_n <= out_n + {7'b0, cb_acc_o[i]} - {6'b0, answers};
    assign over[i] = {6'b0, answers} > out_n;
    // Sec. 4.2: a miss enters the CB, or goes to L2 (the CB full, or the core throttled: Sec. 4.4)
    assign inj_bad[i] = (cb_acc_o[i] && !(miss_v_i[i] && on_o[i])) || dfl_o[i] != (miss_v_i[i] && !cb_acc_o[i]);
    assign zero_bad[i] = (!rd_v_o[i] && (rd_la_o[i*LA_W +: LA_W] != 0 || rd_way_o[i*P_WAY_W +: P_WAY_W] != 0)) ||
                         (!dl_v_o[i] && (dl_la_o[i*LA_W +: LA_W] != 0 || dl_data_o[i*LINE_W +: LINE_W] != 0)) ||
                         (!l2_v_o[i] && l2_la_o[i*LA_W +: LA_W] != 0);
end

always @* if (!init && !rst_i) begin
    // every miss is injected or deflected, never both; a throttled core never injects
    a_inject: assert (inj_bad == 0);
    // fields are 0 without their valid
    a_zero:   assert (zero_bad == 0);
end

// every answer is for an outstanding miss of its node: never duplicated, never made up.  Bounded only
// (b_: BMC to the depth): its induction needs the count of each core's requests in every queue and link
// of the ring, which PDR did not find in 120 s
always @* if (!init && !rst_i) b_answers: assert (over == 0);

always @* if (!init && !rst_i) begin
    c_sharer:    cover (dl_v_o[0]);
    c_to_l2:     cover (l2_v_o[0]);
    c_deflect:   cover (dfl_o[0] && on_o[0]);      // the CB full
    c_throttled: cover (dfl_o[0] && !on_o[0]);     // the throttler decided OFF
end
