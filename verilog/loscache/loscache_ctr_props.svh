// loscache_ctr_props.svh - formal properties of loscache_ctr (make formal,
// docs/formal.md): the block under its own ports, every output checked
// against the paper's rules restated here in HDL (LoSCache [000],
// Sec. IV-A..IV-C; the decisions of docs/blocks/loscache_ctr.md), and a
// reference count of one symbolic line updated by those rules alone.
// Not a module: scripts/formal.py generates module loscache_ctr_props with the block's
// parameters (the preset's values) and ports (from its description, as the
// vector columns), the reset of the first cycle (`init` is 1 in it),
// instantiates `loscache_ctr dut (.*)` and includes this text; the
// formal flow alone reads it, nothing here is in the RTL.
localparam LINE_W = NUM_LINES > 1 ? $clog2(NUM_LINES) : 1;
localparam [CNT_W-1:0] CNT_MAX = {CNT_W{1'b1}};
localparam [THR_W-1:0] THR_MAX = {THR_W{1'b1}};

// one symbolic line and its count, kept by the docs' table alone
(* anyconst *) reg [LINE_W-1:0] L;
reg [CNT_W-1:0] ref_cnt;

wire        valid  = !rst_i && line_i < NUM_LINES;       // an operation that is not ignored
wire [CNT_W:0] lim = {1'b0, pred_i} + {{(CNT_W + 1 - THR_W){1'b0}}, thr_i}; // P + T, one bit wider (dec. 5)
wire        refill = valid && (op_i == 2'd1 || (op_i == 2'd2 && off_i)); // FILL, or early gating (dec. 6)
wire        bypass = refill && pred_i != 0 && lim == 1;   // P != 0 and P + T = 1 (dec. 3)
wire        hit    = valid && op_i == 2'd2 && !off_i;
// the count after this operation, on the line it names
wire [CNT_W-1:0] after = bypass ? ref_cnt : refill ? 1 : hit ? (ref_cnt == CNT_MAX ? ref_cnt : ref_cnt + 1'b1)
                       : (valid && op_i == 2'd3) ? 0 : ref_cnt;

always @(posedge clk_i)
    if (rst_i) ref_cnt <= 0;                               // reset clears every count
    else if (valid && line_i == L) ref_cnt <= after;

always @* if (!init) begin
    // while rst_i is 1, and for a line_i past NUM_LINES, every output is 0
    if (!valid) begin
        a_idle_count:  assert (count_o == 0);
        a_idle_flags:  assert (!gate_o && !bypass_o && !early_o && thr_o == 0);
    end
    // the count of the symbolic line is the docs' count (fill counts itself, +1 saturating, evict 0)
    if (valid && line_i == L) a_count: assert (count_o == after);
    // gate: P != 0 and the count after this hit >= P + T (Sec. IV-B "power off after the predicted last access")
    if (valid && line_i == L) a_gate: assert (gate_o == (hit && pred_i != 0 && {1'b0, after} >= lim));
    // bypass only on a fill (or an early-gating refill) with P + T = 1 (Sec. IV-B "P = 1 bypass")
    if (valid) a_bypass: assert (bypass_o == bypass);
    // early gating: a HIT on a gated line (Sec. IV-C), the threshold raised by one, saturating
    if (valid) a_early: assert (early_o == (op_i == 2'd2 && off_i));
    if (valid) a_thr: assert (thr_o == ((op_i == 2'd2 && off_i && thr_i != THR_MAX) ? thr_i + 1'b1 : thr_i));
end

// covers: the outcomes constrained-random stimulus reaches least often
always @* if (!init && !rst_i) begin
    c_gate:     cover (gate_o);
    c_bypass:   cover (bypass_o);
    c_early:    cover (early_o && thr_o == THR_MAX);
    c_saturate: cover (op_i == 2'd2 && !off_i && line_i == L && count_o == CNT_MAX && ref_cnt == CNT_MAX);
end
