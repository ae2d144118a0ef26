// lamar_gdu_props.svh - formal properties of lamar_gdu (make formal,
// docs/formal.md): LAMAR's granularity decision unit (LAMAR [003] Sec. 2.3.2,
// 3.2, 3.4, 5.1; the rules and decisions of docs/blocks/lamar_gdu.md) under
// its own ports.  A mirror of one symbolic line's metadata (live, sector
// valid, used, predicted bits), written by the page's rules alone, checks
// the fetch masks, the evictions and the two counters that need a line's
// history; DEMAND and NPRED_REF are checked on every line from the ports.
// Read only by the formal flow (yosys read_verilog -formal).
// formal: preset=tiny depth=20
localparam RLINE_W = LINES > 1 ? $clog2(LINES) : 1;
localparam [SECT-1:0] ALL = {SECT{1'b1}};
localparam [CNT_W-1:0] R_CMAX = {CNT_W{1'b1}};

function automatic [3:0] pop(input [SECT-1:0] v);
    pop = 0;
    for (int k = 0; k < SECT; k++) pop = pop + v[k];
endfunction
function automatic [CNT_W-1:0] sat_add(input [CNT_W-1:0] c, input [3:0] n);
    sat_add = (33'(c) + 33'(n) > 33'(R_CMAX)) ? R_CMAX : c + CNT_W'(n);
endfunction

(* anyconst *) reg [RLINE_W-1:0] L;
always @* assume (L < LINES);
reg            r_live;
reg [SECT-1:0] r_sv, r_u, r_p;
reg [1:0]      r_mode;

wire valid   = !rst_i && line_i < LINES;
wire acc     = valid && op_i == 2'd1 && sec_i != 0;
wire inv     = valid && op_i == 2'd2;
wire on_L    = line_i == L;
wire [SECT-1:0] sv = r_live ? r_sv : '0, u = r_live ? r_u : '0, p = r_live ? r_p : '0;
wire [SECT-1:0] missing = sec_i & ~sv;
// Sec. 3.4: CG fetches every missing sector, FG the requested ones
wire [SECT-1:0] want = !hit_i ? (cg_o ? ALL : sec_i) : missing == 0 ? '0 : cg_o ? ~sv : missing;
wire ev_L = on_L && ((acc && !hit_i) || inv) && r_live;

always @(posedge clk_i) begin
    if (rst_i) begin
        r_live <= 0;
        r_mode <= 0;
    end else begin
        if (mode_wr_i) r_mode <= mode_i;
        if (acc && on_L) begin
            r_live <= 1;
            if (hit_i) begin
                r_sv <= sv | want;
                r_u  <= u | sec_i;
                r_p  <= (p | want) & ~sec_i;
            end else begin
                r_sv <= want;
                r_u  <= sec_i;
                r_p  <= want & ~sec_i;
            end
        end
        if (inv && on_L) r_live <= 0;
    end
end

// the last cycle, for the counters (shown before this cycle's additions)
reg            p_valid, p_onL;
reg [3:0]      p_dem, p_npr, p_pr, p_pnr;
reg [CNT_W-1:0] p_demand, p_npref, p_pref, p_pnref;
always @(posedge clk_i) begin
    p_valid  <= !rst_i;
    p_onL    <= valid && on_L;
    p_dem    <= pop(fetch_o & sec_i);
    p_npr    <= smiss_o ? pop(fetch_o & sec_i) : 0;
    p_pr     <= (acc && hit_i) ? pop(p & sec_i) : 0;
    p_pnr    <= ev_L ? pop(p) : 0;
    p_demand <= demand_o;
    p_npref  <= npref_o;
    p_pref   <= pref_o;
    p_pnref  <= pnref_o;
end

always @* if (!init) begin
    if (rst_i) a_reset: assert (fetch_o == 0 && !miss_o && !smiss_o && !cg_o && mode_o == 0 && !ev_o && !low_o &&
                                !ins_o && !def_o && q_o == 0 && demand_o == 0 && pref_o == 0 && pnref_o == 0 &&
                                npref_o == 0);
    if (!rst_i) begin
        a_mode: assert (mode_o == r_mode);            // this cycle's write shows next cycle
        // NOP, an access of no sector, a line past LINES: nothing happens
        if (!acc && !inv) a_idle: assert (fetch_o == 0 && !miss_o && !smiss_o && !cg_o && !ev_o && !low_o &&
                                          !ins_o && q_o[1:0] == 0 && q_o[3] == 0);
        // Sec. 3.2: the static GDU fetches at the designated granularity
        if ((miss_o || smiss_o) && r_mode == 2'd1) a_cg_only: assert (cg_o);
        if ((miss_o || smiss_o) && r_mode == 2'd2) a_fg_only: assert (!cg_o);
        if (!miss_o && !smiss_o) a_cg_quiet: assert (!cg_o);
        // every requested sector is there after the access (fetched or valid before)
        if (acc && on_L) a_fetch: assert (miss_o == !hit_i && smiss_o == (hit_i && missing != 0) &&
                                          fetch_o == want);
        if (inv) a_inval: assert (fetch_o == 0 && !miss_o && !smiss_o);
        // Sec. 3.4: an evicted block's used bits estimate its locality (< TH_FG sectors: low)
        if (on_L) a_evict: assert (ev_o == ev_L && low_o == (ev_L && pop(u) < TH_FG));
        // Sec. 3.4.1: inserted when its locality is opposite to the default (CG tracks low-locality blocks)
        a_ins: assert (ins_o == (ev_o && low_o == def_o));
        // Sec. 5.1's classes
        a_q_dem: assert (q_o[0] == (pop(fetch_o & sec_i) != 0) && q_o[3] == smiss_o);
        if (on_L) a_q_pred: assert (q_o[1] == (acc && hit_i && (p & sec_i) != 0) && q_o[2] == (ev_L && p != 0));
    end
    if (p_valid && !rst_i) begin
        a_demand: assert (demand_o == sat_add(p_demand, p_dem) && npref_o == sat_add(p_npref, p_npr));
        if (p_onL) a_pred: assert (pref_o == sat_add(p_pref, p_pr) && pnref_o == sat_add(p_pnref, p_pnr));
    end
end

always @* if (!init && !rst_i) begin
    c_cg_smiss:  cover (smiss_o && cg_o && on_L && pop(fetch_o) > pop(missing));
    c_pnref:     cover (ev_o && on_L && pop(p) == SECT - 1);
    c_ins_fg:    cover (ins_o && !def_o);
    c_saturated: cover (demand_o == R_CMAX && q_o[0]);
end
