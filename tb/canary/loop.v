// Canary for the yosys check in scripts/lint.sh: a combinational loop,
// which the check must refuse (tested by scripts/test.sh).
`default_nettype none
module loop (input wire a_i, output wire y_o);
    wire x;
    assign x = a_i ^ y_o;
    assign y_o = ~x;
endmodule
