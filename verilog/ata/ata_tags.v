// ata_tags.v - ATA-Cache aggregated tag array: tag selector, hit vectors, distributor
// (ATA-Cache [002], Sec. III-A..III-C, Table II): the RTL, synthesizable; its C model is
// rtl_model/ata/ata_tags.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/ata_tags.md; ports, parameters and every width as a formula:
// docs/blocks/ata_tags_interface.md.
`timescale 1ns/1ns
`default_nettype none

module ata_tags #(
    parameter CORES = 10,
    parameter SETS  = 8,
    parameter WAYS  = 64,
    parameter TAG_W = 22
) (
    input  wire                                             clk_i,
    input  wire                                             rst_i,
    input  wire  [CORES-1:0]                                req_v_i,
    input  wire  [CORES-1:0]                                req_wr_i,
    input  wire  [CORES*(SETS > 1 ? $clog2(SETS) : 1)-1:0]  req_set_i,
    input  wire  [CORES*TAG_W-1:0]                          req_tag_i,
    input  wire  [CORES-1:0]                                upd_v_i,
    input  wire  [CORES-1:0]                                upd_fill_i,
    input  wire  [CORES*(SETS > 1 ? $clog2(SETS) : 1)-1:0]  upd_set_i,
    input  wire  [CORES*(WAYS > 1 ? $clog2(WAYS) : 1)-1:0]  upd_way_i,
    input  wire  [CORES*TAG_W-1:0]                          upd_tag_i,
    output logic [CORES*CORES-1:0]                          hit_o,
    output logic [2*CORES-1:0]                              dst_o,
    output logic [CORES*(CORES > 1 ? $clog2(CORES) : 1)-1:0] src_o,
    output logic [CORES*(WAYS > 1 ? $clog2(WAYS) : 1)-1:0]  way_o,
    output logic [CORES-1:0]                                rrd_o,
    output logic [CORES-1:0]                                rl2_o
);
    localparam SW = SETS > 1 ? $clog2(SETS) : 1;
    localparam WW = WAYS > 1 ? $clog2(WAYS) : 1;
    localparam CW = CORES > 1 ? $clog2(CORES) : 1;
    localparam [1:0] NONE = 2'd0, LOCAL = 2'd1, REMOTE = 2'd2, L2 = 2'd3;
    // SETS and WAYS are powers of two: an index is its field's low bits
    localparam [SW-1:0] SMASK = SW'(SETS - 1);
    localparam [WW-1:0] WMASK = WW'(WAYS - 1);
    wire [CORES*SW-1:0] rset = req_set_i & {CORES{SMASK}};
    wire [CORES*SW-1:0] uset = upd_set_i & {CORES{SMASK}};
    wire [CORES*WW-1:0] uway = upd_way_i & {CORES{WMASK}};

    // Storage: the tag banks, one memory of TAG_W-bit entries; entry
    // (a*SETS+s)*WAYS+w is way w of set s of array a (every set its own
    // bank, all read each cycle).  The valid bits are registers (reset).
    // Each L1 writes only its own array.
    logic [TAG_W-1:0]           tags [0:CORES*SETS*WAYS-1];
    logic [CORES*SETS*WAYS-1:0] vld_q;

    always_ff @(posedge clk_i)
        for (int a = 0; a < CORES; a = a + 1)
            if (!rst_i && upd_v_i[a] && upd_fill_i[a])
                tags[(a*SETS + 32'(uset[a*SW +: SW]))*WAYS + 32'(uway[a*WW +: WW])]
                    <= upd_tag_i[a*TAG_W +: TAG_W];
    always_ff @(posedge clk_i)
        if (rst_i) vld_q <= '0;
        else
            for (int a = 0; a < CORES; a = a + 1)
                if (upd_v_i[a])
                    vld_q[(a*SETS + 32'(uset[a*SW +: SW]))*WAYS + 32'(uway[a*WW +: WW])]
                        <= upd_fill_i[a];

    // Tag selector and comparator groups: request r reads set idx_r of
    // every array a and compares its tag with every way.  Hit vector bit
    // r*CORES+a of hv: request r hit in array a; hw: the lowest such way.
    logic [CORES*CORES-1:0]    hv;
    logic [CORES*CORES*WW-1:0] hw;
    always_comb begin
        int                        r, a, w, bank;  // bank: first entry of set idx_r of array a
        logic [TAG_W-1:0]          tag;
        logic [SW-1:0]             rs;
        logic [WAYS-1:0]           rv;
        logic [CORES*CORES-1:0]    h;
        logic [CORES*CORES*WW-1:0] hwy;
        h    = '0;
        hwy  = '0;
        tag  = '0;
        rs   = '0;
        rv   = '0;
        bank = 0;
        a    = 0;
        w    = 0;
        for (r = 0; r < CORES; r = r + 1)
            if (req_v_i[r]) begin
                tag = req_tag_i[r*TAG_W +: TAG_W];
                rs  = req_set_i[r*SW +: SW] & SMASK;
                for (a = 0; a < CORES; a = a + 1) begin
                    bank = (a*SETS + 32'(rs))*WAYS;
                    rv   = vld_q[bank +: WAYS];
                    for (w = WAYS - 1; w >= 0; w = w - 1)
                        if (rv[w] && tags[bank + w] == tag) begin
                            h[r*CORES + a]              = 1'b1;
                            hwy[(r*CORES + a)*WW +: WW] = WW'(w);
                        end
                end
            end
        hv = h;
        hw = hwy;
    end

    // The request distributor of each core: destination, the serving array
    // (LOCAL: its own; REMOTE: the first hitting array at or after ptr_q[r],
    // rotating) and the way there.
    logic [CORES*CW-1:0] ptr_q;
    logic [2*CORES-1:0]  dst;
    logic [CORES*CW-1:0] src;
    logic [CORES*WW-1:0] way;
    always_comb begin
        int                  r, k, i;
        logic [2*CORES-1:0]  d;
        logic [CORES*CW-1:0] s;
        logic [CORES*WW-1:0] wy;
        logic [CW-1:0]       pick, sr;
        logic [1:0]          dr;
        d  = '0;
        s  = '0;
        wy = '0;
        for (r = 0; r < CORES; r = r + 1) begin
            pick = '0;
            for (k = CORES - 1; k >= 0; k = k - 1) begin
                i = 32'(ptr_q[r*CW +: CW]) + k;
                if (i >= CORES) i = i - CORES;
                if (hv[r*CORES + i]) pick = CW'(i);
            end
            if (rst_i || !req_v_i[r])                             dr = NONE;
            else if (hv[r*CORES + r])                             dr = LOCAL;
            else if (req_wr_i[r] || hv[r*CORES +: CORES] == '0)   dr = L2;
            else                                                  dr = REMOTE;
            sr = dr == LOCAL ? CW'(r) : dr == REMOTE ? pick : '0;
            d[2*r +: 2]   = dr;
            s[r*CW +: CW] = sr;
            if (dr == LOCAL || dr == REMOTE)
                wy[r*WW +: WW] = hw[(r*CORES + 32'(sr))*WW +: WW];
        end
        dst = d;
        src = s;
        way = wy;
    end

    // Dirty after the compare: a REMOTE request's line in array p = src is
    // written by core p's own LOCAL write hit, or rewritten by L1 p, in this
    // cycle; its read (next cycle) then goes to L2.
    logic [CORES-1:0] dirty;
    always_comb begin
        int               r, p;
        logic [SW-1:0]    myset;
        logic [CORES-1:0] dt;
        dt = '0;
        for (r = 0; r < CORES; r = r + 1) begin
            p     = 32'(src[r*CW +: CW]);
            myset = rset[r*SW +: SW];
            if (req_v_i[p] && req_wr_i[p] && dst[2*p +: 2] == LOCAL &&
                rset[p*SW +: SW] == myset && way[p*WW +: WW] == way[r*WW +: WW])
                dt[r] = 1'b1;
            if (upd_v_i[p] && uset[p*SW +: SW] == myset &&
                uway[p*WW +: WW] == way[r*WW +: WW])
                dt[r] = 1'b1;
        end
        dirty = dt;
    end

    // the remote read stage and the rotation pointers
    logic [CORES-1:0] rrd_q, rl2_q;
    always_ff @(posedge clk_i) begin
        if (rst_i) begin
            ptr_q <= '0;
            rrd_q <= '0;
            rl2_q <= '0;
        end else
            for (int r = 0; r < CORES; r = r + 1) begin
                rrd_q[r] <= dst[2*r +: 2] == REMOTE && !dirty[r];
                rl2_q[r] <= dst[2*r +: 2] == REMOTE && dirty[r];
                if (dst[2*r +: 2] == REMOTE)
                    ptr_q[r*CW +: CW] <= 32'(src[r*CW +: CW]) + 1 == CORES ? '0 : src[r*CW +: CW] + 1'b1;
            end
    end

    assign hit_o = rst_i ? '0 : hv;
    assign dst_o = dst;
    assign src_o = src;
    assign way_o = way;
    assign rrd_o = rst_i ? '0 : rrd_q;
    assign rl2_o = rst_i ? '0 : rl2_q;
endmodule
`default_nettype wire
