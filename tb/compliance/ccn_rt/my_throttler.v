// my_throttler.v - the worked example of docs/your-rtl.md: a CCN request
// throttler written from docs/blocks/ccn_rt.md alone, as a user would write
// one, with an interface of its own: other port and parameter names, an
// active-low reset, every output registered (it shows a cycle's value one
// cycle later) and none of the block's observability outputs (the state and
// the counts).  my_throttler.map maps it onto the kit's ccn_rt.
`timescale 1ns/1ns
`default_nettype none

module my_throttler #(
    parameter WINDOW = 1000000,   // instructions of the sampling window (T_S)
    parameter EPOCH  = 10000000,  // instructions of an epoch (T_P)
    parameter PCT    = 5,         // H_min in percent
    parameter IW     = 10,        // width of the retired-instruction count
    parameter CW     = 14         // width of the two counters, saturating
) (
    input  wire          clk,
    input  wire          rst_n,
    input  wire [IW-1:0] retired,
    input  wire          injected,
    input  wire          sharer_hit,
    output reg           inject_en,
    output reg           window_done,
    output reg           window_on,
    output reg           epoch_done
);
    localparam EW = $clog2(EPOCH);           // the epoch counter
    localparam SW = (EW > IW ? EW : IW) + 1;  // a sum that never wraps
    localparam [1:0] SAMPLING = 2'd0, ENABLED = 2'd1, DISABLED = 2'd2;

    reg  [1:0]    mode;
    reg  [EW-1:0] count;
    reg  [CW-1:0] total, hits;
    wire [SW-1:0] sum = SW'(count) + SW'(retired);
    wire          ends_epoch  = sum >= SW'(EPOCH);
    wire          ends_window = mode == SAMPLING && !ends_epoch && sum >= SW'(WINDOW);
    wire [CW-1:0] total_n = total + CW'(injected && total != {CW{1'b1}});
    wire [CW-1:0] hits_n  = hits + CW'(sharer_hit && hits != {CW{1'b1}});
    // 100 h >= PCT t, in exact integers
    wire          rate_ok = 32'd100 * 32'(hits_n) >= 32'(PCT) * 32'(total_n);

    always @(posedge clk) begin
        if (!rst_n) begin
            mode <= SAMPLING;
            count <= '0;
            total <= '0;
            hits <= '0;
            {inject_en, window_done, window_on, epoch_done} <= 4'b0;
        end else begin
            // the outputs, a cycle late
            inject_en <= mode != DISABLED;
            window_done <= ends_window;
            window_on <= ends_window && rate_ok;
            epoch_done <= ends_epoch;
            if (ends_epoch) begin
                count <= EW'(sum - SW'(EPOCH));
                mode <= SAMPLING;
                total <= '0;
                hits <= '0;
            end else begin
                count <= EW'(sum);
                if (mode == SAMPLING) begin
                    total <= total_n;
                    hits <= hits_n;
                    if (ends_window) mode <= rate_ok ? ENABLED : DISABLED;
                end
            end
        end
    end
endmodule

`default_nettype wire
