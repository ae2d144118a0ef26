// dpi_main.cpp - main() of the DPI-C lockstep testbenches (<block>_dpi_tb.sv,
// Verilator --timing): runs the SV testbench to $finish and exits with the
// scoreboard's verdict (ct_dpi_status: 0 pass, 1 mismatch, 2 error), which
// $finish alone cannot carry.  CT_DPI_TOP names the Verilated top class (its
// header is force-included by the build).  A passing run ends with its
// throughput (cycles/s).
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <verilated.h>

extern "C" int ct_dpi_status(void);

int main(int argc, char **argv)
{
    const std::unique_ptr<VerilatedContext> ctx{new VerilatedContext};
    ctx->commandArgs(argc, argv);
    const std::unique_ptr<CT_DPI_TOP> top{new CT_DPI_TOP{ctx.get(), "TOP"}};
    const auto t0 = std::chrono::steady_clock::now();
    while (!ctx->gotFinish()) {
        top->eval();
        if (!top->eventsPending())
            break;
        ctx->time(top->nextTimeSlot());
    }
    top->final();
    // throughput of a passing run, for make bench
    const char *c = ctx->commandArgsPlusMatch("cycles=");
    const double dt = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    if (ctx->gotFinish() && ct_dpi_status() == 0 && c && *c)
        printf("dpitb: %.0f cycles/s\n", strtod(c + 8, NULL) / (dt > 0 ? dt : 1e-9));
    return ctx->gotFinish() ? ct_dpi_status() : 2;
}
