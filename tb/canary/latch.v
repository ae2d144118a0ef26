// Canary for the yosys check in scripts/lint.sh: infers a latch, which the
// check must refuse (tested by scripts/test.sh).
`default_nettype none
module latch (input wire en_i, input wire d_i, output logic q_o);
    always_latch if (en_i) q_o = d_i;
endmodule
