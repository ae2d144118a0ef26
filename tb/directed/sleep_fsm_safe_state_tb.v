// sleep_fsm_safe_state_tb.v - the RTL's answer to an impossible state
// encoding (docs/blocks/sleep_fsm.md "Modes and their registers"): a line's
// power controls forced to 11 (gate and drowsy both set, which the FSM never
// produces) must behave as OFF - mode_o OFF, a HIT is lost_o and never
// hit_o - and the next FILL must write a legal encoding.  The co-simulation
// cannot reach this state, so an Icarus testbench forces it.  Run by
// scripts/test.sh; prints PASS/FAIL lines and "safe-state: N errors".
`timescale 1ns/1ns
`default_nettype none

module sleep_fsm_safe_state_tb;
    localparam NUM_LINES = 8, POLICY = 4, WAKE = 2;   // HDG: both control bits exist
    logic       clk = 1'b0, rst = 1'b1, last = 1'b0;
    logic [1:0] op = 2'd0;
    logic [2:0] line = 3'd0;
    logic       hit, stall, lost, tick;
    logic [1:0] mode;
    logic [3:0] na, nd, no;
    integer     errors = 0;

    sleep_fsm #(.NUM_LINES(NUM_LINES), .POLICY(POLICY), .WAKE(WAKE), .PERIOD(1000), .DECAY(4000)) dut (
        .clk_i(clk), .rst_i(rst), .op_i(op), .line_i(line), .last_i(last),
        .hit_o(hit), .stall_o(stall), .lost_o(lost), .mode_o(mode), .tick_o(tick),
        .n_active_o(na), .n_drowsy_o(nd), .n_off_o(no));

    task automatic cycle(input [1:0] o, input [2:0] l);
        begin
            op = o; line = l;
            #4;             // compare point of the cycle (docs/conventions.md)
            #1 clk = 1'b1;  // rising edge
            #5 clk = 1'b0;
        end
    endtask

    task automatic expect_eq(input [31:0] got, input [31:0] want, input [8*40-1:0] what);
        begin
            if (got !== want) begin
                errors = errors + 1;
                $display("FAIL safe-state: %0s: got %0d, want %0d", what, got, want);
            end else
                $display("PASS safe-state: %0s", what);
        end
    endtask

    initial begin
        cycle(2'd0, 3'd0);                   // reset
        rst = 1'b0;
        cycle(2'd1, 3'd5);                   // FILL line 5: DROWSY after it (HDG)
        dut.ctl_q[5*2 +: 2] = 2'b11;         // the impossible encoding
        op = 2'd2; line = 3'd5; #4;
        expect_eq(mode, 2, "11 shows as OFF on mode_o");
        expect_eq(hit, 0, "a HIT on it is never a hit");
        expect_eq(lost, 1, "a HIT on it is lost_o");
        expect_eq(stall, 0, "and not stalled");
        #1 clk = 1'b1; #5 clk = 1'b0;
        expect_eq(dut.ctl_q[5*2 +: 2], 3, "a lost HIT leaves it alone");
        cycle(2'd1, 3'd5);                   // FILL: a legal encoding again
        expect_eq(dut.ctl_q[5*2 +: 2], 2, "the FILL writes DROWSY (10)");
        op = 2'd0; #4;
        expect_eq(mode, 1, "mode_o DROWSY after the fill");
        $display("safe-state: %0d errors", errors);
        $finish;
    end
endmodule

`default_nettype wire
