// sleep_fsm_props.svh - formal properties of sleep_fsm (make formal,
// docs/formal.md): the per-line power FSM (Leakage [001] Sec. II; LoSCache [000]
// Sec. IV-B) under its own ports: a hit only from ACTIVE, an OFF line never
// hits, a DROWSY line stalls exactly WAKE cycles, the decay bounds of
// docs/blocks/sleep_fsm.md "Decay quantisation" (3Q < idle <= 4Q) for a
// symbolic line.  (The mode counts' sum is not here: a popcount relation PDR
// does not prove in minutes; lockstep co-simulation checks the counts.)
// Not a module: scripts/formal.py generates module sleep_fsm_props with the block's
// parameters (the preset's values) and ports (from its description, as the
// vector columns), the reset of the first cycle (`init` is 1 in it),
// instantiates `sleep_fsm dut (.*)` and includes this text; the
// formal flow alone reads it, nothing here is in the RTL.
// formal: preset=hdg depth=27 engine=int
// (interpolation: 19 CPU-s against PDR's 31, docs/formal.md)
localparam LINE_W = NUM_LINES > 1 ? $clog2(NUM_LINES) : 1;
localparam Q      = DECAY / 4;
localparam [1:0] FILL = 2'd1, HIT = 2'd2;
localparam [1:0] ACTIVE = 2'd0, DROWSY = 2'd1, OFF = 2'd2, WAKING = 2'd3;
localparam DECAYS = POLICY == 2 || POLICY == 4;

wire valid = !rst_i && line_i < NUM_LINES;

// a symbolic line and the cycles since it was last served (a reset counts as served)
(* anyconst *) reg [LINE_W-1:0] L;
wire served = valid && line_i == L && (op_i == FILL || (op_i == HIT && !lost_o));
reg [15:0] since;
always @(posedge clk_i)
    if (rst_i || served) since <= 1;
    else if (since != 16'hffff) since <= since + 1'b1;

// the last cycle as the ports showed it
reg       p_valid, p_stall_drowsy, p_tick;
reg [1:0] p_mode, p_op;
reg [LINE_W-1:0] p_line;
always @(posedge clk_i) begin
    p_valid        <= valid;
    p_stall_drowsy <= valid && stall_o && mode_o == DROWSY;
    p_tick         <= tick_o;
    p_mode         <= mode_o;
    p_op           <= op_i;
    p_line         <= line_i;
end

always @* if (!init) begin
    if (!valid) a_idle: assert (!hit_o && !stall_o && !lost_o && mode_o == 0);
    if (valid) begin
        // served only from ACTIVE; a DROWSY or WAKING line stalls; an OFF line is lost, never a hit
        a_hit:   assert (hit_o == (op_i == HIT && mode_o == ACTIVE));
        a_stall: assert (stall_o == (op_i == HIT && (mode_o == DROWSY || mode_o == WAKING)));
        a_lost:  assert (lost_o == (op_i == HIT && mode_o == OFF));
        if (WAKE == 1) a_no_waking: assert (mode_o != WAKING);
    end
    // a DROWSY line stalls exactly WAKE cycles: WAKING (WAKE = 2) or ACTIVE (WAKE = 1) next
    // (a PD boundary in the same cycle wins: the line ends DROWSY, decision 2)
    if (p_valid && valid && p_stall_drowsy && line_i == p_line && !(POLICY == 1 && p_tick))
        a_wake: assert (mode_o == (WAKE == 2 ? WAKING : ACTIVE));
    // ... and a WAKING line is ACTIVE the cycle after (unless filled, which ends it DROWSY under AG/HDG)
    if (p_valid && valid && p_mode == WAKING && p_op != FILL && line_i == p_line && !(POLICY == 1 && p_tick))
        a_woken: assert (mode_o == ACTIVE);
    // decay: OFF only after 3Q < idle (seen from the cycle after the gating tick), and by idle = 4Q
    if (DECAYS && valid && line_i == L && mode_o == OFF) a_decay_min: assert (since >= 3 * Q + 2);
    if (DECAYS && POLICY != 0 && valid && line_i == L && since >= 4 * Q + 1) a_decay_max: assert (mode_o == OFF);
end

always @* if (!init && valid) begin
    c_wake_hit:   cover (op_i == HIT && hit_o && p_mode == WAKING && p_line == line_i);
    c_decay_soon: cover (line_i == L && mode_o == OFF && since == 3 * Q + 2);
    c_decay_late: cover (line_i == L && mode_o != OFF && since == 4 * Q);
    c_lost:       cover (lost_o);
end
