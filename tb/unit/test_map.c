/*
 * test_map.c - the port map of a user's RTL (tools/lib/ct_map.c) against its
 * format as docs/your-rtl.md states it: the identity map; every directive and
 * option read into the map; the defaults (a port the map does not name is
 * the user's of the same name, every output takes the latency line's
 * latency); the compare width min(user, block) and 0 for an output not
 * implemented; the names a report shows; and the adapter and the harness's
 * tables the generators write from it, checked line by line against what the
 * map says.  The refusals (file, line, field) are tb/compliance/badmap/ in
 * make test's compliance section.
 */
#include <stdlib.h>
#include <string.h>

#include "ccn_rt.h"
#include "ct_map.h"
#include "loscache_ctr.h"
#include "ut.h"

static ct_map_t m;
static char err[512];

static int parse(const ct_block_t *b, const char *text)
{
    err[0] = 0;
    return ct_map_parse(&m, b, "t.map", text, err, sizeof err);
}

static void run_identity(void)
{
    ct_map_identity(&m, &ccn_rt_block, NULL);
    CHECK(strcmp(m.top, "ccn_rt") == 0, "the identity's module is the block's name: %s", m.top);
    CHECK(strcmp(m.clock, "clk_i") == 0 && strcmp(m.reset, "rst_i") == 0 && !m.reset_low && m.reset_hold == 1,
          "clk_i, rst_i active high, held 1 cycle");
    CHECK(m.in[0].user[0] == 0, "rst_i is the reset line's, not an input's");
    for (unsigned i = 1; i < ccn_rt_block.n_in; i++)
        CHECK(strcmp(m.in[i].user, ccn_rt_block.in[i].name) == 0, "input %u its own name", i);
    for (unsigned i = 0; i < ccn_rt_block.n_out; i++)
        CHECK(strcmp(m.out[i].user, ccn_rt_block.out[i].name) == 0 && m.out[i].latency == 0 &&
                  !m.out[i].low && !m.out[i].width,
              "output %u its own name, no latency, width or inversion", i);
    for (unsigned i = 0; i < ccn_rt_block.n_params; i++)
        CHECK(strcmp(m.param[i], ccn_rt_block.params[i].name) == 0, "parameter %u its own name", i);
    ct_map_identity(&m, &ccn_rt_block, "mine");
    CHECK(strcmp(m.top, "mine") == 0, "a top given: %s", m.top);
}

static void run_directives(void)
{
    const char *t = "# a comment\n"
                    "map 1   # the format\n"
                    "\n"
                    "block ccn_rt\ntop my_rt\nclock ck\nreset rn low hold 4\n"
                    "in inst_i retired width 12\nin inj_i inj low\nin hit_i -\n"
                    "latency 2\n"
                    "out on_o en low latency 1\nout state_o -\nout icnt_o ic width 3\n"
                    "param T_S WIN\nparam CNT_W -\nset MODE 7\ntie en2 0x5 width 3\n";
    CHECK(parse(&ccn_rt_block, t) == 0, "a map of every directive is read: %s", err);
    CHECK(strcmp(m.top, "my_rt") == 0 && strcmp(m.clock, "ck") == 0 && strcmp(m.reset, "rn") == 0, "top, clock, reset");
    CHECK(m.reset_low && m.reset_hold == 4, "reset low, held 4 cycles");
    CHECK(strcmp(m.in[1].user, "retired") == 0 && m.in[1].width == 12 && !m.in[1].low, "in inst_i: retired, 12 bits");
    CHECK(strcmp(m.in[2].user, "inj") == 0 && m.in[2].low, "in inj_i: inj, active low");
    CHECK(m.in[3].user[0] == 0, "in hit_i -: not the user's");
    CHECK(strcmp(m.out[0].user, "en") == 0 && m.out[0].low && m.out[0].latency == 1, "out on_o: en, low, its own latency 1");
    CHECK(m.out[1].user[0] == 0, "out state_o -: not implemented");
    CHECK(strcmp(m.out[2].user, "ic") == 0 && m.out[2].width == 3 && m.out[2].latency == 2,
          "out icnt_o: 3 bits, the latency line's 2");
    CHECK(strcmp(m.out[3].user, "ntot_o") == 0 && m.out[3].latency == 2, "an output the map does not name: its own name, latency 2");
    CHECK(strcmp(m.param[0], "WIN") == 0 && m.param[4][0] == 0 && strcmp(m.param[1], "T_P") == 0,
          "param T_S WIN, CNT_W -, T_P its own name");
    CHECK(m.n_set == 1 && strcmp(m.set[0].name, "MODE") == 0 && strcmp(m.set[0].value, "7") == 0, "set MODE 7");
    CHECK(m.n_tie == 1 && strcmp(m.tie[0].name, "en2") == 0 && strcmp(m.tie[0].value, "5") == 0 && m.tie[0].width == 3,
          "tie en2 0x5 width 3: 5, 3 bits");
    CHECK_EQ(ct_map_max_latency(&m), 2, "the largest latency of an implemented output");
    /* the latency line after an output's line applies to it too (the
     * default is the file's, not the lines' before it) */
    CHECK(parse(&ccn_rt_block, "map 1\nout on_o en\nlatency 3\n") == 0, "%s", err);
    CHECK_EQ(m.out[0].latency, 3, "a latency line applies to every output without its own");
    CHECK(parse(&ccn_rt_block, "map 1\nout on_o en latency 0\nlatency 3\n") == 0, "%s", err);
    CHECK_EQ(m.out[0].latency, 0, "an output's own latency 0 wins over the latency line");
    CHECK(parse(&ccn_rt_block, "map 1\r\nout on_o en\r\n") == 0, "CRLF line ends: %s", err);
    CHECK(strcmp(m.out[0].user, "en") == 0, "CRLF: the name without the CR: %s", m.out[0].user);
}

static void run_widths(void)
{
    uint32_t cfg[CT_MAX_PARAMS];
    unsigned iw[CT_MAX_PORTS], ow[CT_MAX_PORTS];
    ut_config(&ccn_rt_block, "tiny", cfg, ccn_rt_block.n_params);
    ccn_rt_block.widths(cfg, iw, ow);
    CHECK(parse(&ccn_rt_block, "map 1\nout state_o -\nout icnt_o ic width 3\nout ntot_o nt width 40\n") == 0, "%s", err);
    CHECK_EQ(ct_map_cmp_width(&m, 1, ow), 0, "not implemented: nothing compared");
    CHECK_EQ(ct_map_cmp_width(&m, 2, ow), 3, "a narrower user port: its 3 bits (icnt_o is %u)", ow[2]);
    CHECK_EQ(ct_map_cmp_width(&m, 3, ow), ow[3], "a wider user port: the block's %u bits", ow[3]);
    CHECK_EQ(ct_map_cmp_width(&m, 0, ow), 1, "a port as it is: its width");
    CHECK_EQ(ct_map_max_latency(&m), 0, "no latency");
    CHECK(parse(&ccn_rt_block, "map 1\nout state_o - \nout on_o en latency 9\nlatency 1\n") == 0, "%s", err);
    CHECK_EQ(ct_map_max_latency(&m), 9, "the largest latency");
}

static void run_show(void)
{
    char s[256];
    CHECK(parse(&ccn_rt_block, "map 1\nreset rn low\nin inj_i inj\nout state_o -\nout dec_o dec_o\n") == 0, "%s", err);
    ct_map_show(&m, 1, 1, s, sizeof s);
    CHECK(strcmp(s, "- (state_o, not implemented)") == 0, "%s", s);
    ct_map_show(&m, 0, 3, s, sizeof s);
    CHECK(strcmp(s, "hit_i") == 0, "a port of the same name: its name alone: %s", s);
    ct_map_show(&m, 0, 2, s, sizeof s);
    CHECK(strcmp(s, "inj (inj_i)") == 0, "user (block): %s", s);
    ct_map_show(&m, 0, 0, s, sizeof s);
    CHECK(strcmp(s, "rn (rst_i)") == 0, "the reset: the reset line's name: %s", s);
    CHECK(parse(&ccn_rt_block, "map 1\nin inj_i -\n") == 0, "%s", err);
    ct_map_show(&m, 0, 2, s, sizeof s);
    CHECK(strcmp(s, "- (inj_i, not connected)") == 0, "%s", s);
}

/* the generated text holds each line */
static void must_hold(const char *text, const char *const *lines, const char *what)
{
    for (const char *const *l = lines; *l; l++)
        CHECK(strstr(text, *l) != NULL, "%s: the line '%s' is missing", what, *l);
}

static char *gen(void (*fn)(FILE *, const ct_block_t *, const uint32_t *, const ct_map_t *), const ct_block_t *b,
                 const uint32_t *cfg)
{
    char path[256];
    ut_tmp(path, sizeof path, "ct_map", "v");
    FILE *f = fopen(path, "w");
    if (!f)
        return NULL;
    fn(f, b, cfg, &m);
    fclose(f);
    size_t n;
    char *s = ut_slurp(path, &n);
    remove(path);
    return s;
}

static void run_adapter(void)
{
    uint32_t cfg[CT_MAX_PARAMS];
    ut_config(&loscache_ctr_block, "small", cfg, loscache_ctr_block.n_params);
    CHECK(parse(&loscache_ctr_block, "map 1\ntop shim\nclock ck\nreset rn low\nin line_i ln width 8\n"
                                      "in off_i off_n low\nin thr_i -\nout count_o cnt width 8\nout gate_o g_n low\n"
                                      "out thr_o t1 width 1\nout early_o -\nparam CNT_W CW\nparam THR_W -\n"
                                      "set MODE 0\ntie en 1\n") == 0, "%s", err);
    char *s = gen(ct_gen_adapter, &loscache_ctr_block, cfg);
    CHECK(s != NULL, "the adapter written");
    if (!s)
        return;
    /* small: NUM_LINES 16 (line_i 4 bits), CNT_W 6, THR_W 2 */
    static const char *const lines[] = {
        "module ct_loscache_ctr_adapter (",
        "    input wire [3:0] line_i,",
        "    output wire [5:0] count_o,",
        "    wire [7:0] u_cnt;\n    assign count_o = u_cnt[5:0];",           /* a wider output: its low bits */
        "    wire u_g_n;\n    assign gate_o = ~u_g_n;",                      /* active low out */
        "    wire u_t1;\n    assign thr_o = {1'b0, u_t1};",                  /* a narrower output: zero-extended */
        "    assign early_o = 1'b0;  // not implemented: not checked",
        "    shim #(\n        .NUM_LINES(16),\n        .CW(6),\n        .MODE(0)\n    ) u_dut (",
        "        .ck(clk_i),\n        .rn(!rst_i),",                          /* reset active low */
        "        .ln({4'b0, line_i}),",                                       /* a wider input: zero-extended */
        "        .off_n(~off_i),",                                            /* active low in */
        "        .en(1'd1),",                                                 /* tie */
        "        .cnt(u_cnt),",
        NULL};
    must_hold(s, lines, "adapter");
    CHECK(strstr(s, ".thr_i(") == NULL && strstr(s, ".THR_W(") == NULL, "an input and a parameter not the user's: not connected");
    CHECK(strstr(s, "/* verilator lint_off UNUSEDSIGNAL */") != NULL, "the unconnected input's waiver, scoped");
    free(s);
    /* the harness's tables */
    s = gen(ct_gen_map_tables, &loscache_ctr_block, cfg);
    CHECK(s != NULL, "the tables written");
    if (!s)
        return;
    static const char *const tables[] = {
        "#define CT_MAP 1",
        "static const unsigned ct_map_cmp_w[] = {6u, 1u, 1u, 0u, 1u};",   /* count gate bypass early thr */
        "static const unsigned ct_map_latency[] = {0u, 0u, 0u, 0u, 0u};",
        "\"cnt (count_o)\"", "\"- (early_o, not implemented)\"", "\"rn (rst_i)\"", "\"off_n (off_i)\"",
        "#define CT_MAP_MAX_LAT 0u",
        NULL};
    must_hold(s, tables, "tables");
    free(s);
}

static void run_read(void)
{
    char path[256];
    ut_tmp(path, sizeof path, "ct_map_read", "map");
    FILE *f = fopen(path, "w");
    if (!f)
        return;
    fputs("map 1\nout on_o en\n", f);
    fclose(f);
    CHECK(ct_map_read(&m, &ccn_rt_block, path, err, sizeof err) == 0, "a file is read: %s", err);
    CHECK(strcmp(m.path, path) == 0 && strcmp(m.out[0].user, "en") == 0, "its path kept, its lines read");
    f = fopen(path, "w");
    if (f) { /* a NUL on line 3 */
        static const char bytes[] = "map 1\nout on_o en\n\0junk\n";
        fwrite(bytes, 1, sizeof bytes - 1, f);
        fclose(f);
    }
    CHECK(ct_map_read(&m, &ccn_rt_block, path, err, sizeof err) == -1 && strstr(err, ":3: line: a NUL byte"),
          "a NUL is refused, its line named: %s", err);
    remove(path);
    CHECK(ct_map_read(&m, &ccn_rt_block, path, err, sizeof err) == -1 && strstr(err, ": cannot open"),
          "a missing file: %s", err);
}

/* a few refusals, each with its file, line and field (the whole table is
 * tb/compliance/badmap/, in make test) */
static void run_refusals(void)
{
    static const struct {
        const char *text, *want;
    } t[] = {
        {"block ccn_rt\n", "t.map:1: map: the first directive must be 'map 1'"},
        {"map 1\nin inj_i 9x\n", "t.map:2: user: '9x' is not a Verilog identifier"},
        {"map 1\nreset rn low hold 0\n", "t.map:2: hold: '0' is not a number of cycles in 1..1000"},
        {"map 1\nreset rn low hold 1001\n", "t.map:2: hold: '1001' is not a number"},
        {"map 1\nout on_o en latency 65\n", "t.map:2: latency: '65' is not a number of cycles in 0..64"},
        {"map 1\nout on_o en width 16385\n", "t.map:2: width: '16385' is not a width in 1..16384"},
        {"map 1\nin inj_i a\n\nin inj_i b\n", "t.map:4: port: inj_i is mapped twice (first on line 2)"},
        {"map 1\ntie en 2 width 1\n", "t.map:2: value: 2 does not fit in 1 bits"},
        {"map 1\n", NULL}, /* (a map of one line is a map) */
    };
    for (size_t k = 0; k < sizeof t / sizeof t[0]; k++) {
        int rc = parse(&ccn_rt_block, t[k].text);
        if (!t[k].want)
            CHECK(rc == 0, "'%s' is read: %s", t[k].text, err);
        else
            CHECK(rc == -1 && strstr(err, t[k].want), "'%s': want '%s', got '%s'", t[k].text, t[k].want, err);
    }
    CHECK(parse(&ccn_rt_block, "map 1\nreset rn low hold 1000\nout on_o en latency 64\nout dec_o d width 16384\n") == 0,
          "the largest hold, latency and width are read: %s", err);
    /* an output not implemented takes the latency line's latency, but the
     * largest latency is an implemented output's */
    CHECK(parse(&ccn_rt_block, "map 1\nlatency 5\nout on_o en latency 1\nout state_o -\nout icnt_o - \n"
                               "out ntot_o - \nout nhit_o -\nout dec_o - \nout dec_on_o -\nout epoch_o -\n") == 0, "%s", err);
    CHECK_EQ(ct_map_max_latency(&m), 1, "the largest latency of an implemented output");
}

const ut_test_t map_tests[] = {
    {"map/refusals", "a bad line refused with its file, line and field; the ranges' ends read", run_refusals},
    {"map/identity", "no map: the user's module has the block's ports, parameters, clock and reset", run_identity},
    {"map/directives", "every directive and option, the defaults", run_directives},
    {"map/widths", "compare widths: min(user, block), 0 not implemented; the largest latency", run_widths},
    {"map/show", "the names a report shows", run_show},
    {"map/adapter", "the adapter and the harness's tables say what the map says", run_adapter},
    {"map/read", "a file read, a NUL and a missing file refused", run_read},
    {NULL, NULL, NULL},
};
