// loscache_props.svh - formal properties of loscache (make formal,
// docs/formal.md): the whole LoSCache unit, one SM's prediction table in
// front of the L2's line-power unit (LoSCache [000] Sec. IV-A..IV-D, Fig. 5; the
// wiring and timing of docs/blocks/loscache.md), under its own ports.  The
// parts have properties of their own (loscache_pt_props.svh,
// loscache_pwr_props.svh); these are the composition's rules: when a request
// is accepted, which operation the counters carry out in which cycle (the
// paper's "1 additional cycle" of the table access in normal execution, none
// in the prediction phase), the count load's port, P and T only from a
// normal-phase lookup, no gating without a prediction, the phases' order, and
// the early-gating feedback.  A one-cycle history of the ports (the last
// cycle's accepted normal-phase request, the last phase) is all they keep.
// Read only by the formal flow (yosys read_verilog -formal).
// formal: preset=tiny depth=12
localparam PLW = NUM_LINES > 1 ? $clog2(NUM_LINES) : 1;
localparam [1:0] P_NOP = 2'd0, P_FILL = 2'd1, P_HIT = 2'd2;
localparam [1:0] P_PREDICT = 2'd0, P_LOAD = 2'd1, P_NORMAL = 2'd2;

// the last cycle: an accepted normal-phase request (its op and line), and the phase shown
reg           h_acc;
reg [1:0]     h_op;
reg [PLW-1:0] h_line;
reg [1:0]     h_phase;
always @(posedge clk_i) begin
    h_acc   <= ready_o && phase_o == P_NORMAL;
    h_op    <= req_op_i;
    h_line  <= req_line_i;
    h_phase <= phase_o;
end

always @* if (!init) begin
    // program start: table empty, prediction phase, counts 0, every line OFF, nothing shown
    if (rst_i) a_reset: assert (phase_o == 0 && used_o == 0 && !ready_o && !ld_v_o && ld_addr_o == 0 &&
                                res_op_o == 0 && res_line_o == 0 && !pt_hit_o && p_o == 0 && t_o == 0 &&
                                !hit_o && mode_o == 0 && count_o == 0 && !gate_o && !bypass_o && !early_o &&
                                !eg_o && n_active_o == 0 && n_off_o == 0);
    // "Accepted requests": not in reset, a kernel launch or the count load
    a_ready: assert (ready_o == (!rst_i && !kernel_i && phase_o != P_LOAD));
    if (!rst_i) begin
        // normal execution: the counters act one cycle after the request ("accessing the prediction table
        // takes 1 additional cycle"), on exactly that request, also when a kernel launch ends normal
        // execution in between; the port shows the request register (op and line as accepted) whenever it
        // holds a request or the phase is normal (the page's priority 1)
        if (h_acc && (h_op != P_NOP || phase_o == P_NORMAL)) a_delayed: assert (res_op_o == h_op && res_line_o == h_line);
        // ... and nothing else acts in normal execution: an empty register shows NOP on line 0
        if (!h_acc && phase_o == P_NORMAL) a_normal_idle: assert (res_op_o == P_NOP && res_line_o == 0);
        // the prediction phase: this cycle's request acts in its own cycle when accepted (no lookup to wait
        // for), NOP on its line when not (priority 3)
        if (!(h_acc && h_op != P_NOP) && phase_o == P_PREDICT)
            a_predict: assert (res_op_o == (ready_o ? req_op_i : P_NOP) && res_line_o == req_line_i);
        // the count load: the counters read the L2 tag lookup's line, nothing is changed (Fig. 5 steps 4-5)
        if (phase_o == P_LOAD) a_load: assert (res_op_o == P_NOP && res_line_o == ld_line_i && ld_v_o);
        if (phase_o != P_LOAD) a_no_load: assert (!ld_v_o && ld_addr_o == 0);
        // P and T come from a normal-phase lookup only ("during normal execution, all the memory request
        // instructions check the prediction table"); a missed PC carries P = 0
        if (phase_o != P_NORMAL || !pt_hit_o) a_no_lookup: assert (p_o == 0 && t_o == 0);
        if (phase_o != P_NORMAL) a_no_table_hit: assert (!pt_hit_o);
        // no prediction, no gating: a line is powered off only after its predicted last access (Sec. IV-B)
        if (p_o == 0) a_no_gate: assert (!gate_o && !bypass_o);
        // the count load exists when the table holds entries: from the prediction phase straight to normal
        // execution only with an empty table
        if (h_phase == P_PREDICT && phase_o == P_NORMAL) a_skip_load: assert (used_o == 0);
        // an early gating is reported to the table entry that answered that request, if one did (Sec. IV-C)
        a_eg: assert (eg_o == (early_o && pt_hit_o));
    end
end

always @* if (!init && !rst_i) begin
    c_gate_normal: cover (phase_o == P_NORMAL && gate_o);
    c_early_fb:    cover (eg_o);
    c_kernel_rq:   cover (kernel_i && h_acc && res_op_o != P_NOP);
end
