// sleep_fsm.v - Sleep-transistor FSM: per-line drowsy / gated-VDD control (Leakage [001]
// Sec. II-III (PD, decay, AG, HDG, Eq. 1); LoSCache [000] Sec. IV-B): the RTL, synthesizable; its C
// model is rtl_model/leakage/sleep_fsm.c.
// Behaviour, timing, reset values and every decision the paper leaves open:
// docs/blocks/sleep_fsm.md; ports, parameters and every width as a formula:
// docs/blocks/sleep_fsm_interface.md.
`timescale 1ns/1ns
`default_nettype none

module sleep_fsm #(
    parameter NUM_LINES = 384,
    parameter POLICY    = 4,
    parameter WAKE      = 2,
    parameter PERIOD    = 1000,
    parameter DECAY     = 10000
) (
    input  wire                                          clk_i,
    input  wire                                          rst_i,
    input  wire  [1:0]                                   op_i,
    input  wire  [(NUM_LINES > 1 ? $clog2(NUM_LINES) : 1)-1:0] line_i,
    input  wire                                          last_i,
    output logic                                         hit_o,
    output logic                                         stall_o,
    output logic                                         lost_o,
    output logic [1:0]                                   mode_o,
    output logic                                         tick_o,
    output logic [$clog2(NUM_LINES+1)-1:0]               n_active_o,
    output logic [$clog2(NUM_LINES+1)-1:0]               n_drowsy_o,
    output logic [$clog2(NUM_LINES+1)-1:0]               n_off_o
);
    localparam LINE_W = NUM_LINES > 1 ? $clog2(NUM_LINES) : 1;
    localparam CW     = $clog2(NUM_LINES + 1);
    localparam LOS    = POLICY == 0;
    localparam PD     = POLICY == 1;
    localparam DRAFT  = POLICY == 3 || POLICY == 4;    // DROWSY after access
    localparam HAS_DRW = PD || DRAFT;
    localparam HAS_DEC = POLICY == 2 || POLICY == 4;
    localparam WAKE2  = HAS_DRW && WAKE == 2;
    localparam HAS_CNT = PD || HAS_DEC;
    localparam SW     = HAS_DRW ? 2 : 1;               // control bits per line
    localparam CNT_MAX = PD ? PERIOD - 1 : DECAY / 4 - 1;
    localparam GCW    = CNT_MAX > 1 ? $clog2(CNT_MAX + 1) : 1;
    localparam [1:0] ACT = 2'b00, OFF = 2'b01, DRW = 2'b10;
    localparam [1:0] M_ACTIVE = 2'd0, M_DROWSY = 2'd1, M_OFF = 2'd2, M_WAKING = 2'd3;
    localparam [1:0] OP_FILL = 2'd1, OP_HIT = 2'd2;
    localparam [1:0] RST_CTL = LOS ? OFF : DRAFT ? DRW : ACT;
    localparam [CW-1:0] N = NUM_LINES[CW-1:0];
    localparam [CW-1:0] RST_ACT = RST_CTL == ACT ? N : '0;
    localparam [CW-1:0] RST_DRW = RST_CTL == DRW ? N : '0;
    localparam [1:0] GRAY_SAT = 2'b10;

    logic [NUM_LINES*SW-1:0] ctl_q;      // per-line power controls
    logic [NUM_LINES*2-1:0]  gray_q;     // per-line decay counters (decay policies)
    logic [GCW-1:0]          cnt_q;      // PD period / decay tick counter
    logic                    wv_q;       // wake-up unit: line wl_q is WAKING
    logic [LINE_W-1:0]       wl_q;
    logic [CW-1:0]           nact_q, ndrw_q;

    logic              line_ok, event_c, served, wake_start;
    logic [LINE_W-1:0] idx;
    logic [31:0]       idx32;
    logic [SW-1:0]     cur_raw;
    logic [1:0]        cur, nxt, md;
    logic              cur_act, cur_drw, nxt_act, nxt_drw;
    logic [CW-1:0]     nact_d, ndrw_d;

    assign line_ok = {{(32-LINE_W){1'b0}}, line_i} < NUM_LINES;
    assign idx     = line_ok ? line_i : '0;
    assign idx32   = {{(32-LINE_W){1'b0}}, idx};
    assign event_c = HAS_CNT && cnt_q == CNT_MAX[GCW-1:0];

    // line_i's controls and mode (mode depends on no request input: the
    // LoSCache composition feeds it back into the access counters)
    // (single-bit wires, not selects inside always_comb: Icarus 11 warns)
    assign cur_raw = ctl_q[idx*SW +: SW];
    assign cur     = {SW == 2 ? cur_raw[SW-1] : 1'b0, cur_raw[0]};
    assign cur_act = cur == ACT;
    assign cur_drw = cur == DRW;
    always_comb begin
        if (cur_act)     md = (WAKE2 && wv_q && wl_q == idx) ? M_WAKING : M_ACTIVE;
        else if (cur_drw) md = M_DROWSY;
        else              md = M_OFF;                 // 01, and 11: gate wins
    end
    assign mode_o = (!rst_i && line_ok) ? md : M_ACTIVE;

    // the request
    always_comb begin
        hit_o = 1'b0; stall_o = 1'b0; lost_o = 1'b0;
        served = 1'b0; wake_start = 1'b0; nxt = cur;
        if (!rst_i && line_ok) begin
            if (op_i == OP_HIT) begin
                hit_o   = md == M_ACTIVE;
                stall_o = md == M_DROWSY || md == M_WAKING;
                lost_o  = md == M_OFF;
            end
            served = op_i == OP_FILL || (op_i == OP_HIT && md != M_OFF);
            if (served) begin
                if (op_i == OP_HIT && md == M_DROWSY) begin
                    nxt = ACT; wake_start = WAKE2;
                end else if (op_i == OP_HIT && md == M_WAKING) begin
                    nxt = ACT;
                end else begin
                    nxt = DRAFT ? DRW : (LOS && last_i) ? OFF : ACT;
                end
            end
        end
    end
    assign tick_o  = !rst_i && event_c;
    assign nxt_act = nxt == ACT;
    assign nxt_drw = nxt == DRW;

    // mode counts after the request (only line_i changes class outside events)
    always_comb begin
        nact_d = nact_q;
        ndrw_d = ndrw_q;
        if (served) begin
            if (cur_act)      nact_d = nact_d - 1'b1;
            else if (cur_drw) ndrw_d = ndrw_d - 1'b1;
            if (nxt_act)      nact_d = nact_d + 1'b1;
            else if (nxt_drw) ndrw_d = ndrw_d + 1'b1;
        end
    end
    assign n_active_o = rst_i ? '0 : nact_q;
    assign n_drowsy_o = rst_i ? '0 : ndrw_q;
    assign n_off_o    = rst_i ? '0 : N - nact_q - ndrw_q;

    always_ff @(posedge clk_i) begin
        if (rst_i) begin
            // per-line controls all set at once: a wide fill is intended
            /* verilator lint_off WIDTHCONCAT */
            ctl_q  <= {NUM_LINES{RST_CTL[SW-1:0]}};
            gray_q <= '0;
            /* verilator lint_on WIDTHCONCAT */
            cnt_q  <= '0;
            wv_q   <= 1'b0;
            wl_q   <= '0;
            nact_q <= RST_ACT;
            ndrw_q <= RST_DRW;
        end else begin
            if (HAS_CNT) cnt_q <= event_c ? '0 : cnt_q + 1'b1;
            wv_q <= wake_start && !(PD && event_c);
            if (wake_start) wl_q <= idx;
            if (served) begin
                ctl_q[idx*SW +: SW] <= nxt[SW-1:0];
                if (HAS_DEC) gray_q[idx*2 +: 2] <= 2'b00;
            end
            nact_q <= nact_d;
            ndrw_q <= ndrw_d;
            if (PD && event_c) begin : pd_boundary
                // every line not OFF goes DROWSY, line_i after its request
                for (int i = 0; i < NUM_LINES; i++)
                    if (!((served && i == idx32) ? nxt[0] : ctl_q[i*SW]))
                        ctl_q[i*SW +: SW] <= DRW[SW-1:0];
                nact_q <= '0;
                ndrw_q <= nact_d + ndrw_d;
            end
            if (HAS_DEC && event_c) begin : decay_tick
                logic [1:0] c, g;
                logic [CW-1:0] na, nd;
                na = '0;
                nd = '0;
                for (int i = 0; i < NUM_LINES; i++) begin
                    c = '0;
                    c[SW-1:0] = (served && i == idx32) ? nxt[SW-1:0] : ctl_q[i*SW +: SW];
                    g = gray_q[i*2 +: 2];
                    if (!c[0] && !(served && i == idx32)) begin
                        if (g == GRAY_SAT) begin
                            c = OFF;
                            ctl_q[i*SW +: SW] <= OFF[SW-1:0];
                        end else begin
                            gray_q[i*2 +: 2] <= {g[0], ~g[1]};   // 00 01 11 10
                        end
                    end
                    if (!c[0] && !c[1]) na = na + 1'b1;
                    else if (!c[0])     nd = nd + 1'b1;
                end
                nact_q <= na;
                ndrw_q <= nd;
            end
        end
    end
endmodule

`default_nettype wire
