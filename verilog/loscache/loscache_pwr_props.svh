// loscache_pwr_props.svh - formal properties of loscache_pwr (make formal,
// docs/formal.md): LoSCache's line-power unit, the access counters wired to
// the sleep-transistor FSM (LoSCache [000] Sec. IV-B, IV-C; the wiring and
// decisions of docs/blocks/loscache_pwr.md), under its own ports: one
// symbolic line's power state kept by the paper's rules - OFF from reset,
// woken by its first access, OFF after its predicted last access, refilled
// by an early-gating hit, left alone by a bypass and an eviction - and the
// outputs the FSM and the counters must agree on.
// Read only by the formal flow (yosys read_verilog -formal).
// formal: preset=tiny depth=20
localparam PLW = NUM_LINES > 1 ? $clog2(NUM_LINES) : 1;
localparam [1:0] P_FILL = 2'd1, P_HIT = 2'd2, P_ACTIVE = 2'd0, P_OFF = 2'd2;

(* anyconst *) reg [PLW-1:0] L;
always @* assume (L < NUM_LINES);
reg ref_on;                                     // line L is powered

wire valid = !rst_i && line_i < NUM_LINES;
wire on_L  = valid && line_i == L;
// Sec. IV-B: "powered off after this access"; "woke up when first accessed" (a FILL, or the
// refill of an early-gating HIT, Sec. IV-C); a bypassed fill allocates nothing
wire next_on = bypass_o ? ref_on : gate_o ? 1'b0 : (op_i == P_FILL || op_i == P_HIT) ? 1'b1 : ref_on;

always @(posedge clk_i)
    if (rst_i) ref_on <= 1'b0;                  // "all the L2 cache lines are powered off at the beginning"
    else if (on_L) ref_on <= next_on;

always @* if (!init) begin
    if (rst_i) a_reset: assert (!hit_o && mode_o == 0 && count_o == 0 && !gate_o && !bypass_o && !early_o &&
                                thr_o == 0 && n_active_o == 0 && n_off_o == 0);
    if (on_L) a_mode: assert (mode_o == (ref_on ? P_ACTIVE : P_OFF));
    if (valid) begin
        // a HIT is served by a powered line only; on an OFF line it is early gating (Sec. IV-C)
        a_hit:   assert (hit_o == (op_i == P_HIT && mode_o == P_ACTIVE));
        a_early: assert (early_o == (op_i == P_HIT && mode_o == P_OFF));
    end
    if (!rst_i && !valid) a_idle: assert (!hit_o && !gate_o && !bypass_o && !early_o);
    // every line is powered or OFF: the LoSCache policy has no drowsy mode
    if (!rst_i) a_lines: assert (32'(n_active_o) + 32'(n_off_o) == NUM_LINES);
end

always @* if (!init && !rst_i) begin
    c_early_refill: cover (on_L && early_o && !bypass_o && count_o == 1);
    c_bypass_off:   cover (on_L && early_o && bypass_o);
    c_all_active:   cover (n_active_o == NUM_LINES);
end
