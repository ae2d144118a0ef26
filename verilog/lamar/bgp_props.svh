// bgp_props.svh - formal properties of bgp (make formal, docs/formal.md):
// LAMAR's bi-modal granularity predictor (LAMAR [003] Sec. 3.4, Fig. 7) under
// its own ports: the prediction is the default unless the filter holds the
// block; an evicted block is inserted exactly when its locality is opposite
// to the default; the default rotates exactly when the window's insertions
// exceed SKEW_thres as a fraction (100 x insertions > SKEW_PCT x WIN, the
// paper's ratio, not the RTL's integer constant); and through the filter, a
// block inserted since the last rotation within N/2 insertions is predicted
// opposite to the default (no false negative).
// Not a module: scripts/formal.py generates module bgp_props with the block's
// parameters (the preset's values) and ports (from its description, as the
// vector columns), the reset of the first cycle (`init` is 1 in it),
// instantiates `bgp dut (.*)` and includes this text; the
// formal flow alone reads it, nothing here is in the RTL.
// formal: depth=16 engine=pdr-g
// (PDR without its expensive generalisation: 30 CPU-s against 48, docs/formal.md)
localparam J_W = $clog2(N + 1);
localparam WW  = $clog2(WIN + 1);                              // window counts, never wrapping

wire [2:0] used = 3'(used_i[0]) + 3'(used_i[1]) + 3'(used_i[2]) + 3'(used_i[3]);
wire       low  = used < TH_FG;                                  // "fewer than TH_FG sectors used"
wire       ins  = ev_i && (def_o ? low : !low);                  // CG tracks low, FG high locality
wire       last = ev_i && 32'(nev_o) == WIN - 1;
wire       rot  = last && 100 * (32'(nins_o) + 32'(ins)) > SKEW_PCT * WIN;   // constants: no multiplier

// the window, counted from the ports
reg [WW-1:0] nev_ref, nins_ref;
reg        def_ref;
always @(posedge clk_i)
    if (rst_i) begin nev_ref <= 0; nins_ref <= 0; def_ref <= 1'b1; end   // reset: CG
    else if (ev_i) begin
        nev_ref  <= last ? '0 : nev_ref + 1'b1;
        nins_ref <= last ? '0 : nins_ref + WW'(ins);
        if (rot) def_ref <= !def_ref;
    end

// a symbolic block inserted since the last rotation, and the insertions after it
(* anyconst *) reg [ADDR_W-1:0] A;
reg           tracked;
reg [J_W-1:0] j;
always @(posedge clk_i)
    if (rst_i || rot_o) tracked <= 1'b0;                         // a rotation flushes the filter
    else if (ins_o && ev_addr_i == A) begin tracked <= 1'b1; j <= 0; end
    else if (ins_o && j != N) j <= j + 1'b1;

always @* if (!init) begin
    if (rst_i) a_reset: assert (!pred_o && !fhit_o && !def_o && !low_o && !ins_o && !rot_o && nev_o == 0 &&
                                nins_o == 0);
    if (!rst_i) begin
        a_pred:   assert (pred_o == (fhit_o ? !def_o : def_o));
        a_low:    assert (low_o == (ev_i && low));
        a_ins:    assert (ins_o == ins);
        a_rot:    assert (rot_o == rot);
        a_window: assert (WW'(nev_o) == nev_ref && WW'(nins_o) == nins_ref && def_o == def_ref);
        a_opposite: assert (!(tracked && j < N / 2 && miss_addr_i == A) || (fhit_o && pred_o != def_o));
    end
end

always @* if (!init && !rst_i) begin
    c_rotate:   cover (rot_o);
    c_opposite: cover (fhit_o && pred_o != def_o && !def_o);
    // the most insertions a window can hold without rotating
    c_at_thres: cover (last && !rot_o && 32'(nins_o) + 32'(ins) == SKEW_PCT * WIN / 100);
end
