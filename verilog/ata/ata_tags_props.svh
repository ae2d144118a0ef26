// ata_tags_props.svh - formal properties of ata_tags (make formal,
// docs/formal.md): ATA-Cache's aggregated tag array (ATA-Cache [002] Sec. III-B,
// III-C, Fig. 7) under its own ports.  One symbolic array A and set S are
// mirrored by registers written by the same update ports (every way of the
// set); every request's hit bit for A is then "valid and tag equal" over the
// mirror, and every request goes to exactly the one destination the
// distributor's rules (docs/blocks/ata_tags.md) give it.
// Not a module: scripts/formal.py generates module ata_tags_props with the block's
// parameters (the preset's values) and ports (from its description, as the
// vector columns), the reset of the first cycle (`init` is 1 in it),
// instantiates `ata_tags dut (.*)` and includes this text; the
// formal flow alone reads it, nothing here is in the RTL.
// formal: depth=5 solver=cvc4
localparam SW = SETS > 1 ? $clog2(SETS) : 1;
localparam WW = WAYS > 1 ? $clog2(WAYS) : 1;
localparam CW = CORES > 1 ? $clog2(CORES) : 1;
localparam [1:0] NONE = 2'd0, LOCAL = 2'd1, REMOTE = 2'd2, L2 = 2'd3;

// the symbolic array and set are in range (SETS, WAYS: powers of two, so every index is)
(* anyconst *) reg [CW-1:0] A;
(* anyconst *) reg [SW-1:0] S;
always @* assume (A < CORES);

// the mirror: every way of set S of array A, written by L1 A's update port
reg [WAYS-1:0]  mv;
reg [TAG_W-1:0] mt [0:WAYS-1];
wire [SW-1:0] useta = SW'(upd_set_i[A*SW +: SW] & SW'(SETS - 1));
wire [WW-1:0] uwaya = WW'(upd_way_i[A*WW +: WW] & WW'(WAYS - 1));
always @(posedge clk_i)
    if (rst_i) mv <= '0;
    else if (upd_v_i[A] && useta == S) begin
        mv[uwaya] <= upd_fill_i[A];
        if (upd_fill_i[A]) mt[uwaya] <= upd_tag_i[A*TAG_W +: TAG_W];
    end

reg [CORES-1:0] p_remote;
always @(posedge clk_i)
    for (int r = 0; r < CORES; r++) p_remote[r] <= !rst_i && dst_o[2*r +: 2] == REMOTE;

// (the asserts in this loop carry no labels: yosys 0.23 names them per module, not per generate scope)
for (genvar r = 0; r < CORES; r++) begin : g_req
    wire [SW-1:0]    set  = SW'(req_set_i[r*SW +: SW] & SW'(SETS - 1));
    wire [TAG_W-1:0] tag  = req_tag_i[r*TAG_W +: TAG_W];
    wire [CORES-1:0] hv   = hit_o[r*CORES +: CORES];
    wire [1:0]       dst  = dst_o[2*r +: 2];
    wire [CW-1:0]    src  = src_o[r*CW +: CW];
    wire [WW-1:0]    way  = way_o[r*WW +: WW];
    reg              mhit;
    reg [WW-1:0]     mway;
    always @* begin
        mhit = 1'b0;
        mway = '0;
        for (int w = WAYS - 1; w >= 0; w--)
            if (mv[w] && mt[w] == tag) begin mhit = 1'b1; mway = WW'(w); end
    end
    always @* if (!init) begin
        if (rst_i) assert (hv == 0 && dst == NONE && src == 0 && way == 0 && !rrd_o[r] && !rl2_o[r]);
        if (!rst_i) begin
            // Sec. III-B: the hit vector bit of array A is "some way of the selected set valid with the tag"
            if (req_v_i[r] && set == S) assert (hv[A] == mhit);
            if (!req_v_i[r]) assert (hv == 0 && dst == NONE && src == 0 && way == 0);
            // the distributor, Fig. 7: local first, writes only locally, else remote, else L2
            if (req_v_i[r] && hv[r]) assert (dst == LOCAL && src == r);
            if (req_v_i[r] && !hv[r] && (req_wr_i[r] || hv == 0)) assert (dst == L2 && src == 0 && way == 0);
            if (req_v_i[r] && !hv[r] && !req_wr_i[r] && hv != 0) assert (dst == REMOTE && hv[src]);
            // the way reported is the lowest hitting way of the serving array
            if ((dst == LOCAL || dst == REMOTE) && src == A && set == S) assert (mhit && way == mway);
            // each REMOTE request reads its line, or goes to L2, exactly once, the next cycle
            assert ((rrd_o[r] || rl2_o[r]) == p_remote[r] && !(rrd_o[r] && rl2_o[r]));
        end
    end
end

always @* if (!init && !rst_i) begin
    // request 0 hits remotely in arrays 1 and 2 and the rotation picks 2
    c_remote_rotated:    cover (dst_o[1:0] == REMOTE && hit_o[1] && hit_o[2] && src_o[CW-1:0] == 2);
    c_local_and_remote:  cover (dst_o[1:0] == LOCAL && hit_o[0] && hit_o[CORES-1:1] != 0);
    c_write_remote_l2:   cover (req_v_i[0] && req_wr_i[0] && !hit_o[0] && hit_o[CORES-1:1] != 0);
    c_redirect:          cover (rl2_o != 0);
end
