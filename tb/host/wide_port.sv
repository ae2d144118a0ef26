// wide_port.sv - a 96-bit port set and read by name from SystemVerilog through the
// installed cachetwin_dpi package (ccn small's rd_data_i; make test, the hosts section):
// the bits above 96 dropped, a word past the port refused (-1)
module wide;
    import cachetwin_dpi::*;
    chandle h;
    initial begin
        h = ct_dpi_new("ccn", "small");
        void'(ct_dpi_set_port(h, "rd_data_i", 0, 64'h0123456789abcdef));
        void'(ct_dpi_set_port(h, "rd_data_i", 1, 64'hfedcba9876543210));
        $display("rd_data_i=%h%h set=%0d", ct_dpi_get_port(h, 0, "rd_data_i", 1), ct_dpi_get_port(h, 0, "rd_data_i", 0),
                 ct_dpi_set_port(h, "rd_data_i", 2, 1));
        ct_dpi_free(h);
        $finish;
    end
endmodule
