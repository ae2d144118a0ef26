// shadow_tags_props.svh - formal properties of shadow_tags (make formal,
// docs/formal.md): CCN's shadow tags (CCN [004] Sec. 4.3) under their own
// ports.  The mirror invariant: one symbolic set S is kept in registers
// written by the same update port (what the L1 writes into its own tags),
// and every lookup of S is answered, exactly one cycle after it is
// accepted, with the hit and lowest way those registers give; an update is
// never lost to a lookup; the sweep after reset lasts SETS cycles.
// Not a module: scripts/formal.py generates module shadow_tags_props with the block's
// parameters (the preset's values) and ports (from its description, as the
// vector columns), the reset of the first cycle (`init` is 1 in it),
// instantiates `shadow_tags dut (.*)` and includes this text; the
// formal flow alone reads it, nothing here is in the RTL.
localparam WAY_W = WAYS > 1 ? $clog2(WAYS) : 1;

// ways in range (WAYS is a power of two in every preset; the port is log2 wide)
always @* assume (32'(upd_way_i) < WAYS);

// the docs' set(la) = la mod SETS, computed MW bits wide: wide enough for la
// and for SETS (no truncation of either), no wider (a 32-bit divider made
// yosys' techmap take 9 of the check's 10 s)
localparam integer MW = LA_W > $clog2(SETS + 1) ? LA_W : $clog2(SETS + 1);
function automatic [31:0] set_of(input [LA_W-1:0] la);
    reg [MW-1:0] r;                              // (an assignment's width: the % is MW bits wide)
    r = MW'(la) % MW'(SETS);
    set_of = 32'(r);
endfunction
function automatic [TAG_W-1:0] tag_of(input [LA_W-1:0] la);
    tag_of = la[LA_W-1 -: TAG_W];                // the top TAG_W bits
endfunction

(* anyconst *) reg [31:0] S;
always @* assume (S < SETS);

// the mirror of set S: what the L1's own tag updates put there
reg [WAYS-1:0]  mv;
reg [TAG_W-1:0] mt [0:WAYS-1];
reg [LA_W-1:0]  mla [0:WAYS-1];
wire applied = !rst_i && !busy_o && upd_i;       // an update is never refused (only the sweep holds it)
always @(posedge clk_i)
    if (rst_i) mv <= '0;                         // the sweep clears every row
    else if (applied && set_of(upd_la_i) == S) begin
        mv[upd_way_i]  <= upd_v_i;
        mt[upd_way_i]  <= tag_of(upd_la_i);
        mla[upd_way_i] <= upd_la_i;
    end

// what the mirror answers for this cycle's lookup
reg             ehit;
reg [WAY_W-1:0] eway;
always @* begin
    ehit = 1'b0;
    eway = '0;
    for (int w = WAYS - 1; w >= 0; w--)
        if (mv[w] && mt[w] == tag_of(lk_la_i)) begin ehit = 1'b1; eway = WAY_W'(w); end
end

// the sweep: busy in exactly the SETS cycles after a reset cycle
reg [15:0] after_rst;                            // saturates at SETS
always @(posedge clk_i) after_rst <= rst_i ? 16'd0 : (after_rst >= SETS ? 16'(SETS) : after_rst + 1'b1);

wire accept = !rst_i && lk_valid_i && lk_ready_o;
reg              p_accept, p_mine, p_ehit, p_alias;
reg [WAY_W-1:0]  p_eway;
reg [CORE_W-1:0] p_core;
always @(posedge clk_i) begin
    p_accept <= accept;
    p_mine   <= accept && set_of(lk_la_i) == S;
    p_ehit   <= ehit;
    p_eway   <= eway;
    p_core   <= lk_core_i;
    p_alias  <= ehit && mla[eway] != lk_la_i;    // hit on another line of the same set and tag
end

always @* if (!init) begin
    if (rst_i) a_reset: assert (!busy_o && !lk_ready_o && !rsp_valid_o && !rsp_hit_o && rsp_way_o == 0 &&
                                rsp_core_o == 0);
    if (!rst_i) begin
        a_busy:  assert (busy_o == (after_rst < SETS));
        a_ready: assert (lk_ready_o == (!busy_o && !upd_i));
        // the answer comes exactly one cycle after the accepting edge, from the requester
        a_rsp_valid: assert (rsp_valid_o == p_accept);
        if (p_accept) a_rsp_core: assert (rsp_core_o == p_core);
        if (!p_accept) a_no_rsp: assert (!rsp_hit_o && rsp_way_o == 0 && rsp_core_o == 0);
        // the mirror invariant: a lookup of S sees exactly the mirror's row
        if (p_mine) a_mirror: assert (rsp_hit_o == p_ehit && rsp_way_o == (p_ehit ? p_eway : 0));
    end
end

always @* if (!init && !rst_i) begin
    c_alias_hit:    cover (p_mine && rsp_hit_o && p_alias);
    c_update_waits: cover (lk_valid_i && upd_i && !busy_o);
    c_sweep_refuse: cover (lk_valid_i && busy_o);
    c_hit_way1:     cover (p_mine && rsp_hit_o && rsp_way_o == 1);
end
