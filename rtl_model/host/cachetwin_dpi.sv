// cachetwin_dpi.sv - the DPI-C imports of the cachetwin C models
// (rtl_model/host/ct_dpi.c, in libcachetwin).  The same imports serve every
// block: ports travel as the models' 64-bit words, one word per call; the
// generated package <block>_dpi.sv gives each block functions with its port
// names.  Verilator only: Icarus 11 has no DPI.
`timescale 1ns/1ns
package cachetwin_dpi;
    // a model of `block` in configuration `cfg`; null on an error (printed)
    import "DPI-C" function chandle ct_dpi_new(input string block, input string cfg);
    import "DPI-C" function void ct_dpi_free(input chandle h);
    // 64-bit words of the inputs (dir 0) or outputs (dir 1)
    import "DPI-C" function int ct_dpi_words(input chandle h, input int dir);
    import "DPI-C" function void ct_dpi_set(input chandle h, input int word, input longint unsigned v);
    // dir 0: input word (after ct_dpi_stim_next); 1: output word of the last eval/cycle
    import "DPI-C" function longint unsigned ct_dpi_get(input chandle h, input int dir, input int word);
    // by name, a port of any width one 64-bit word at a time (word 0 the
    // least significant): set an input's word (-1: no such port or word),
    // get an input's (dir 0) or output's (dir 1) word
    import "DPI-C" function int ct_dpi_set_port(input chandle h, input string port, input int word,
                                                input longint unsigned v);
    import "DPI-C" function longint unsigned ct_dpi_get_port(input chandle h, input int dir, input string port,
                                                             input int word);
    // eval: this cycle's outputs; step: the rising edge; cycle: eval then step
    import "DPI-C" function void ct_dpi_eval(input chandle h);
    import "DPI-C" function void ct_dpi_step(input chandle h);
    import "DPI-C" function void ct_dpi_cycle(input chandle h);
    // the block's own stimulus (0 ok), made for configuration `cfg` ("": the
    // model's): ct_dpi_stim_next puts the next cycle's inputs into the handle
    import "DPI-C" function int ct_dpi_stim(input chandle h, input longint unsigned seed, input string cfg);
    import "DPI-C" function void ct_dpi_stim_next(input chandle h);
    // scoreboard: the RTL's output words, then compare with the model's
    // (1 = mismatch, the kit's report printed)
    import "DPI-C" function void ct_dpi_set_act(input chandle h, input int word, input longint unsigned v);
    import "DPI-C" function int ct_dpi_check(input chandle h, input longint unsigned cycle,
                                             input longint unsigned seed);
    // exit status a testbench main returns: 0, 1 after a mismatch, 2 after an error
    import "DPI-C" function int ct_dpi_status();
endpackage
