// reg4_inv - the area flow's known circuit: a 4-bit register that loads the
// inverse of its input.  By hand: 4 DFFPOSX1 (96 um^2) + 4 INVX1 (16 um^2) =
// 448 um^2 in osu018; 4 x 16 + 4 x 2 = 72 transistors (yosys's costs).
module reg4_inv (
    input  wire       clk,
    input  wire [3:0] d,
    output reg  [3:0] q
);
    always @(posedge clk) q <= ~d;
endmodule
