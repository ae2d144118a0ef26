// vsim.cpp - the one Verilator harness of cachetwin, compiled per block and
// configuration (see the Makefile's vsim rule): CT_B / CT_BU name the block,
// CT_CONFIG its configuration; the port glue below is expanded from the
// block description's X-macro tables, so no port list is typed here.
//
//   vsim replay FILE       replay golden vectors against the RTL
//   vsim +vec=FILE         the same (the Icarus testbench's plusarg: FuseSoC's
//                          sim target runs either simulator with it)
//   vsim lockstep SEED N   C model and RTL stepped together for N cycles
//   vsim ring TRACE GAP N  (ccn builds) the same on a GPU memory trace: the
//                          CCN ring experiment (ctwin exp ring, wl_ring.h)
//                          drives the C model, at most N cycles
//   vsim bench SEED N      cycles/s of C alone, Verilator alone, lockstep
//   vsim speed SEED N      cycles/s of Verilator alone (make profile counts it)
// options: --waves DIR (failure waveforms, default waves), --window N
// (cycles before a failure in its waveform, default 64), --trace FILE (dump
// the whole run), --quiet, --require-coverage (lockstep: a coverage hole or
// illegal transition in the C model's run report fails the run, exit 1);
// +verilator+... plusargs go to Verilator.
//
// Timing (docs/conventions.md): cycle n: at 10n clk_i falls and the inputs
// are applied; outputs are compared after evaluation; at 10n+5 clk_i rises.
// Every output is compared every cycle; the first mismatch is reported with
// cycle, vector line, port, expected, actual, the cycle's inputs, the seed
// and the command that reproduces it, and the run is repeated from the start
// with tracing on to write the cycles before the failure to a VCD.
// Exit code: 0 pass, 1 mismatch (or, with --require-coverage, incomplete
// coverage), 2 bad input or usage.
#include <verilated.h>
#if VM_TRACE
#include <verilated_vcd_c.h>
#else
// A build without --trace: the same harness, no waveforms.
struct VerilatedVcdC {
    void dump(uint64_t) {}
    void open(const char *) {}
    void close() {}
};
#endif

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "vsim_block.h"
#include CT_VTOP_HEADER
extern "C" {
#include "ct_block.h"
#include "ct_gen.h"
#include "ct_report.h"
#include "ct_run.h"
#include "ct_vec.h"
#include "wl_ring.h"
#include CT_BLOCK_HEADER
}

#define CT_CAT_(a, b) a##b
#define CT_CAT(a, b) CT_CAT_(a, b)
#define VTOP CT_CAT(CT_CAT(V, CT_B), _top)
#define CT_INPUTS CT_CAT(CT_BU, _INPUTS)
#define CT_OUTPUTS CT_CAT(CT_BU, _OUTPUTS)

static const ct_block_t *const BLOCK = &CT_CAT(CT_B, _block);

// Port glue: a port of up to 64 bits is a CData/SData/IData/QData member of
// the Verilated top, a wider one a VlWide<N> of 32-bit words; the C side
// holds every port as 64-bit words (ct_block.h).
template <class T> static inline void put(T &sig, const uint64_t *w) { sig = (T)w[0]; }
template <std::size_t N> static inline void put(VlWide<N> &sig, const uint64_t *w)
{
    for (std::size_t k = 0; k < N; k++) sig.at(k) = (EData)(w[k / 2] >> (32 * (k % 2)));
}
template <class T> static inline void get(const T &sig, uint64_t *w) { w[0] = sig; }
template <std::size_t N> static inline void get(const VlWide<N> &sig, uint64_t *w)
{
    for (std::size_t k = 0; k < N; k++) {
        if (k % 2 == 0) w[k / 2] = sig.at(k);
        else w[k / 2] |= (uint64_t)sig.at(k) << 32;
    }
}

static inline void set_inputs(VTOP *t, const uint64_t *in)
{
#define X(name, w, doc) put(t->name, in + offsetof(CT_CAT(CT_B, _in_t), name) / 8);
    CT_INPUTS(X)
#undef X
}

static inline void get_outputs(const VTOP *t, uint64_t *out)
{
#define X(name, w, doc) get(t->name, out + offsetof(CT_CAT(CT_B, _out_t), name) / 8);
    CT_OUTPUTS(X)
#undef X
}

struct Opts {
    std::string mode, path, waves = "waves", trace;
    uint64_t seed = 0, cycles = 0, window = 64, gap = 0;
    bool quiet = false;
    bool require_coverage = false;
    std::vector<const char *> vargs; // plusargs for Verilator
    std::string plus;                // the same, for the reproduce line
};

static uint32_t g_cfg[CT_MAX_PARAMS];
static ct_vec_header_t g_h; // widths of this build's configuration
static char g_cfgname[256];

// A source of (inputs, expected outputs), one cycle at a time.
struct Source {
    virtual ~Source() {}
    // 1 row, 0 end, -1 error (message in err)
    virtual int next(uint64_t *in, uint64_t *exp, char *err, size_t n) = 0;
    virtual unsigned long line() const { return 0; }
    virtual const char *note() const { return nullptr; }
    virtual uint64_t seed() const = 0;
    // The C model's run instruments (coverage ...); problems found, 0 if none.
    virtual int report(FILE *) const { return 0; }
};

struct VecSource : Source {
    ct_vec_reader_t *r = nullptr;
    ~VecSource() { ct_vec_close(r); }
    int next(uint64_t *in, uint64_t *exp, char *err, size_t n) override
    {
        return ct_vec_next(r, in, exp, err, n);
    }
    unsigned long line() const override { return ct_vec_lineno(r); }
    uint64_t seed() const override { return ct_vec_header(r)->seed; }
    uint64_t cycles() const { return ct_vec_header(r)->cycles; }
};

struct LockSource : Source {
    ct_run_t run;
    bool ok;
    uint64_t left, seed_;
    const char *last_note = nullptr;
    LockSource(const uint32_t *cfg, uint64_t seed, uint64_t cycles)
        : ok(ct_run_open(&run, BLOCK, cfg, seed) == 0), left(cycles), seed_(seed) {}
    ~LockSource() { ct_run_close(&run); }
    int next(uint64_t *in, uint64_t *exp, char *, size_t) override
    {
        if (!left) return 0;
        left--;
        const char *n;
        ct_run_cycle(&run, in, exp, &n);
        if (n) last_note = n;
        return 1;
    }
    const char *note() const override { return last_note; }
    uint64_t seed() const override { return seed_; }
    int report(FILE *f) const override { return ct_run_report(&run, f); }
};

// The CCN ring experiment on a trace, a cycle at a time (ccn builds).
struct RingSource : Source {
    wl_ring_t *r = nullptr;
    uint64_t left = 0;
    const char *last_note = nullptr;
    ~RingSource() { wl_ring_close(r); }
    int next(uint64_t *in, uint64_t *exp, char *err, size_t n) override
    {
        if (!left) return 0;
        left--;
        const uint64_t *i, *o;
        const char *note;
        int k = wl_ring_step(r, &i, &o, &note, err, n);
        if (k <= 0) return k;
        memcpy(in, i, BLOCK->in_words * sizeof *in);
        memcpy(exp, o, BLOCK->out_words * sizeof *exp);
        last_note = note; // labels its own cycle only (reset, sweep)
        return 1;
    }
    const char *note() const override { return last_note; }
    uint64_t seed() const override { return 0; }
};

struct Mismatch {
    bool found = false;
    uint64_t cycle = 0, seed = 0, file_cycles = 0;
    unsigned long line = 0;
    unsigned port = 0, word = 0; // the first output that differs
    uint64_t in[CT_MAX_WORDS], exp[CT_MAX_WORDS], act[CT_MAX_WORDS];
    const char *note = nullptr;
};


static std::unique_ptr<Source> make_source(const Opts &o, char *err, size_t n)
{
    if (o.mode == "replay") {
        auto v = std::make_unique<VecSource>();
        v->r = ct_vec_open(o.path.c_str(), BLOCK, g_cfg, err, n);
        if (!v->r) return nullptr;
        return v;
    }
    if (o.mode == "ring") {
        if (strcmp(BLOCK->name, "ccn") != 0) {
            snprintf(err, n, "ring: the CCN ring experiment drives block ccn, this build is %s", BLOCK->name);
            return nullptr;
        }
        auto r = std::make_unique<RingSource>();
        r->r = wl_ring_open(o.path.c_str(), g_cfgname, o.gap, err, n);
        r->left = o.cycles;
        if (!r->r) return nullptr;
        return r;
    }
    auto l = std::make_unique<LockSource>(g_cfg, o.seed, o.cycles);
    if (!l->ok) {
        snprintf(err, n, "cannot create the C model or stimulus");
        return nullptr;
    }
    return l;
}

// Runs the source through the RTL.  With trace_path, dumps cycles
// [trace_from, trace_to] and stops after trace_to.  Returns cycles run, or
// -1 on a source error.
static int64_t run(const Opts &o, Source &src, Mismatch &mm,
                   const char *trace_path, uint64_t trace_from,
                   uint64_t trace_to, char *err, size_t errlen)
{
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->debug(0);
    ctx->randReset(2); // default; +verilator+rand+reset+N overrides
    std::vector<const char *> args = {"vsim"};
    args.insert(args.end(), o.vargs.begin(), o.vargs.end());
    ctx->commandArgs((int)args.size(), args.data());
    if (trace_path) ctx->traceEverOn(true);
    auto top = std::make_unique<VTOP>(ctx.get(), "TOP");
    VerilatedVcdC *tfp = nullptr;
    uint64_t in[CT_MAX_WORDS] = {0}, exp[CT_MAX_WORDS] = {0}, act[CT_MAX_WORDS] = {0};
    uint64_t cyc = 0;
    int64_t ret = 0;
    for (;; cyc++) {
        int k = src.next(in, exp, err, errlen);
        if (k < 0) { ret = -1; break; }
        if (k == 0) break;
        if (trace_path && !tfp && cyc >= trace_from) {
            tfp = new VerilatedVcdC;
#if VM_TRACE
            top->trace(tfp, 99);
#endif
            tfp->open(trace_path);
        }
        set_inputs(top.get(), in);
        top->clk_i = 0;
        top->eval();
        if (tfp) tfp->dump(10 * cyc);
        get_outputs(top.get(), act);
        ct_mask_ports(act, g_h.out_w, BLOCK->out, BLOCK->n_out);
        if (!mm.found) {
            int i = ct_vec_diff(&g_h, exp, act, &mm.word);
            if (i >= 0) {
                mm.found = true;
                mm.port = (unsigned)i;
                mm.cycle = cyc;
                mm.line = src.line();
                mm.seed = src.seed();
                mm.note = src.note();
                memcpy(mm.in, in, sizeof in);
                memcpy(mm.exp, exp, sizeof exp);
                memcpy(mm.act, act, sizeof act);
            }
        }
        top->clk_i = 1;
        top->eval();
        if (tfp) tfp->dump(10 * cyc + 5);
        if (mm.found && (!trace_path || cyc >= trace_to)) { cyc++; break; }
    }
    top->final();
#if VM_COVERAGE
    // A coverage build (make coverage): this run's line and toggle counts, to
    // $CT_VL_COVERAGE (the failure-window re-run adds nothing).
    if (!trace_path) {
        const char *f = getenv("CT_VL_COVERAGE");
        ctx->coveragep()->write(f && *f ? f : "coverage.dat");
    }
#endif
    if (tfp) {
        tfp->dump(10 * cyc);
        tfp->close();
        delete tfp;
    }
    return ret < 0 ? -1 : (int64_t)cyc;
}

static std::string repro(const Opts &o)
{
    char buf[2048];
    if (o.mode == "replay")
        snprintf(buf, sizeof buf, "make replay BLOCK=%s CONFIG=%s VEC=%s",
                 BLOCK->name, g_cfgname, o.path.c_str());
    else if (o.mode == "ring")
        snprintf(buf, sizeof buf, "make vsim BLOCK=%s CONFIG=%s && build/vl/%s/%s/obj/vsim ring %s %" PRIu64
                 " %" PRIu64, BLOCK->name, g_cfgname, BLOCK->name, g_cfgname, o.path.c_str(), o.gap, o.cycles);
    else
        snprintf(buf, sizeof buf,
                 "make cosim BLOCK=%s CONFIG=%s SEED=%" PRIu64 " CYCLES=%" PRIu64,
                 BLOCK->name, g_cfgname, o.seed, o.cycles);
    return o.plus.empty() ? buf : std::string(buf) + " PLUSARGS='" + o.plus + "'";
}

static std::string tag(const Opts &o)
{
    if (o.mode == "lockstep") return "s" + std::to_string(o.seed);
    std::string b = o.path.substr(o.path.find_last_of('/') + 1);
    size_t dot = b.rfind('.');
    return dot == std::string::npos ? b : b.substr(0, dot);
}

static void report(const Opts &o, const Mismatch &mm, const std::string &wave)
{
    printf("MISMATCH verilator %s config=%s %s at cycle %" PRIu64, BLOCK->name,
           g_cfgname, o.mode.c_str(), mm.cycle);
    if (o.mode == "replay")
        printf(" (%s line %lu)", o.path.c_str(), mm.line);
    if (o.mode == "ring")
        printf(" (the ring on %s, GAP %" PRIu64 ")", o.path.c_str(), o.gap);
    printf("\n  seed: %" PRIu64 "%s%s\n", mm.seed, mm.note ? "   stimulus: " : "",
           mm.note ? mm.note : "");
    ct_report_ports(stdout, &g_h, mm.exp, mm.act, mm.in);
    printf("  reproduce: %s\n", repro(o).c_str());
    if (o.mode == "replay")
        printf("  the file was generated by: make vectors BLOCK=%s CONFIG=%s SEED=%" PRIu64
               " CYCLES=%" PRIu64 "\n", BLOCK->name, g_cfgname, mm.seed, mm.file_cycles);
    if (!wave.empty())
        printf("  waveform:  gtkwave %s %s/%s.gtkw   (cycles %" PRIu64 "..%" PRIu64
               ", %" PRIu64 " ns per cycle: cycle n at t=10n)\n",
               wave.c_str(), o.waves.c_str(), BLOCK->name,
               mm.cycle > o.window ? mm.cycle - o.window : 0, mm.cycle, (uint64_t)10);
}

static void write_gtkw(const Opts &o)
{
    std::string p = o.waves + "/" + BLOCK->name + ".gtkw";
    FILE *f = fopen(p.c_str(), "w");
    if (!f) return;
    ct_gen_gtkw(f, BLOCK, g_cfg);
    fclose(f);
}

static int cosim(Opts &o)
{
    char err[1024];
    Mismatch mm;
    std::unique_ptr<Source> src = make_source(o, err, sizeof err);
    if (!src) {
        fprintf(stderr, "vsim: %s\n", err);
        return 2;
    }
    std::string full = o.trace;
    int64_t n = run(o, *src, mm, full.empty() ? nullptr : full.c_str(), 0,
                    UINT64_MAX, err, sizeof err);
    if (o.mode == "replay") mm.file_cycles = static_cast<VecSource &>(*src).cycles();
    if (!full.empty()) write_gtkw(o);
    if (n < 0) {
        fprintf(stderr, "vsim: %s\n", err);
        return 2;
    }
    if (!mm.found) {
        if (!o.quiet)
            printf("PASS verilator %s %s %s%s: %" PRId64 " cycles, every output "
                   "compared every cycle%s%s\n",
                   BLOCK->name, g_cfgname, o.mode.c_str(),
                   o.mode == "replay" ? (" " + o.path).c_str()
                   : o.mode == "ring" ? (" " + o.path + " gap=" + std::to_string(o.gap)).c_str()
                                      : (" seed=" + std::to_string(o.seed)).c_str(),
                   n, o.plus.empty() ? "" : ", ", o.plus.c_str());
        // the C model's coverage of this run (lockstep: it ran the stimulus)
        // (printed even with --quiet when it decides the verdict)
        int problems = (!o.quiet || o.require_coverage) ? src->report(stdout) : 0;
        if (o.require_coverage && problems) {
            printf("FAIL verilator %s %s %s: the C model's run report found %d coverage "
                   "problem(s)\n", BLOCK->name, g_cfgname, o.mode.c_str(), problems);
            return 1;
        }
        return 0;
    }
    // Run again from the start, tracing the window before the failure.
    std::string wave = o.waves + "/" + BLOCK->name + "_" + g_cfgname + "_" +
                       tag(o) + "_fail.vcd";
    Mismatch mm2;
    std::unique_ptr<Source> src2 = make_source(o, err, sizeof err);
    uint64_t from = mm.cycle > o.window ? mm.cycle - o.window : 0;
    if (!VM_TRACE || !src2 ||
        run(o, *src2, mm2, wave.c_str(), from, mm.cycle, err, sizeof err) < 0)
        wave.clear(); // (a build without --trace writes no waveform)
    else
        write_gtkw(o);
    report(o, mm, wave);
    return 1;
}

static double now_s()
{
    using namespace std::chrono;
    return duration<double>(steady_clock::now().time_since_epoch()).count();
}

// Same stimulus through C alone, Verilator alone and lockstep.  The
// stimulus is generated once into a buffer that stays in cache (CT_BENCH_BUF
// cycles, replayed until CYCLES have run).  Each engine does the same work
// per chunk - consume the chunk's inputs, write every cycle's outputs to an
// output buffer - and only that is timed; the outputs of each chunk are
// then folded into a checksum with the clock stopped, and the C and
// Verilator checksums must agree.  The C model is called through its typed
// batch API (<block>_run), as a trace-driven user would; it writes through
// a call into another translation unit, so nothing can be optimised away.
#define CT_TYPED(s) CT_CAT(CT_B, s)
// the outputs of n cycles folded into the bench checksum (ct_run.h)
static uint64_t fold(uint64_t sum, const CT_TYPED(_out_t) *out, uint64_t n)
{
    for (uint64_t k = 0; k < n; k++)
        sum = ct_bench_fold(sum, out[k].v, CT_CAT(CT_BU, _OUT_WORDS));
    return sum;
}

typedef std::vector<CT_TYPED(_in_t)> Stim;
typedef std::vector<CT_TYPED(_out_t)> Outs;

// The stimulus buffer: the first min(CYCLES, CT_BENCH_BUF) cycles of the block's
// stimulus for the seed.
static Stim bench_stim(const Opts &o)
{
    const uint64_t len = o.cycles < CT_BENCH_BUF ? o.cycles : CT_BENCH_BUF;
    Stim stim(len);
    LockSource src(g_cfg, o.seed, len);
    uint64_t exp[CT_MAX_WORDS];
    char err[64];
    for (uint64_t c = 0; c < len; c++) src.next(stim[c].v, exp, err, sizeof err);
    return stim;
}

// o.cycles cycles of the Verilated RTL over the buffer, alone or (lock) in
// lockstep with the C model; returns the seconds spent, folds the outputs
// into sum, ORs any difference into bad.  Not inlined: scripts/profile.sh
// counts the instructions inside it (vsim speed).
static __attribute__((noinline)) double vl_run(const Opts &o, const Stim &stim, bool lock,
                                               uint64_t &sum, uint64_t &bad)
{
    const uint64_t len = stim.size();
    Outs outs(len), ref(len);
    char err[CT_ERRLEN];
    const CT_TYPED(_cfg_t) *cfg = (const CT_TYPED(_cfg_t) *)g_cfg;
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<VTOP>(ctx.get(), "TOP");
    CT_TYPED(_t) *cm = lock ? CT_TYPED(_new)(cfg, err, sizeof err) : nullptr;
    double t = 0;
    for (uint64_t c = 0; c < o.cycles; c += len) {
        uint64_t n = std::min(len, o.cycles - c);
        double t0 = now_s();
        for (uint64_t k = 0; k < n; k++) {
            set_inputs(top.get(), stim[k].v);
            top->clk_i = 0;
            top->eval();
            get_outputs(top.get(), outs[k].v);
            if (lock) {
                CT_TYPED(_cycle)(cm, &stim[k], &ref[k]);
                for (unsigned i = 0; i < CT_CAT(CT_BU, _OUT_WORDS); i++)
                    bad |= outs[k].v[i] ^ ref[k].v[i];
            }
            top->clk_i = 1;
            top->eval();
        }
        t += now_s() - t0;
        sum = fold(sum, outs.data(), n);
    }
    top->final();
    if (cm) CT_TYPED(_free)(cm);
    return t;
}

// vsim speed SEED N: the Verilated RTL alone, as bench times it (the
// checksum is bench's and ctwin speed's).
static int speed(Opts &o)
{
    Stim stim = bench_stim(o);
    uint64_t sum = 0, bad = 0;
    double t = vl_run(o, stim, false, sum, bad);
    printf("speed %s %s: %" PRIu64 " cycles (stimulus buffer %zu cycles), seed %" PRIu64 "\n",
           BLOCK->name, g_cfgname, o.cycles, stim.size(), o.seed);
    printf("  Verilator alone      %14.0f cycles/s\n", t > 0 ? o.cycles / t : 0.0);
    printf("  output checksum      %016" PRIx64 "\n", sum);
    return 0;
}

static int bench(Opts &o)
{
    Stim stim = bench_stim(o);
    const uint64_t len = stim.size();
    Outs outs(len);
    const CT_TYPED(_cfg_t) *cfg = (const CT_TYPED(_cfg_t) *)g_cfg;
    char err[CT_ERRLEN];
    uint64_t sum_c = 0, sum_v = 0, sum_l = 0, bad = 0;

    double t_c = 0;
    CT_TYPED(_t) *m = CT_TYPED(_new)(cfg, err, sizeof err);
    for (uint64_t c = 0; c < o.cycles; c += len) {
        uint64_t n = std::min(len, o.cycles - c);
        double t0 = now_s();
        CT_TYPED(_run)(m, stim.data(), outs.data(), n);
        t_c += now_s() - t0;
        sum_c = fold(sum_c, outs.data(), n);
    }
    CT_TYPED(_free)(m);

    double t_v = vl_run(o, stim, false, sum_v, bad);
    double t_l = vl_run(o, stim, true, sum_l, bad);
    double c_cps = o.cycles / t_c, v_cps = o.cycles / t_v, l_cps = o.cycles / t_l;
    bool ok = sum_c == sum_v && sum_v == sum_l && !bad;
    printf("bench %s %s: %" PRIu64 " cycles (stimulus buffer %" PRIu64 " cycles), seed %" PRIu64 "\n",
           BLOCK->name, g_cfgname, o.cycles, len, o.seed);
    printf("  %-20s %14.0f cycles/s\n", "C model alone", c_cps);
    printf("  %-20s %14.0f cycles/s\n", "Verilator alone", v_cps);
    printf("  %-20s %14.0f cycles/s\n", "lockstep", l_cps);
    printf("  C / Verilator        %8.1fx\n", c_cps / v_cps);
    printf("  lockstep / Verilator %8.0f%%\n", 100 * l_cps / v_cps);
    printf("  output checksums: C %016" PRIx64 ", Verilator %016" PRIx64 ", lockstep %s\n",
           sum_c, sum_v, ok ? "agree" : "DIFFER");
    printf("BENCHDATA %s %s %.0f %.0f %.0f\n", BLOCK->name, g_cfgname, c_cps, v_cps, l_cps);
    return ok ? 0 : 1;
}

static int usage()
{
    fprintf(stderr,
            "usage: vsim replay FILE | +vec=FILE | lockstep SEED CYCLES | ring TRACE GAP CYCLES (ccn)\n"
            "       | bench SEED CYCLES | speed SEED CYCLES\n"
            "       [--waves DIR] [--window N] [--trace FILE] [--quiet] [--require-coverage]\n"
            "       [+verilator+...]\n"
            "built for block %s, config %s\n",
            BLOCK->name, g_cfgname);
    return 2;
}

static bool num(const char *s, uint64_t &v)
{
    char *e;
    if (!*s || *s == '-') return false;
    v = strtoull(s, &e, 0);
    return !*e;
}

int main(int argc, char **argv)
{
    char err[CT_ERRLEN];
    if (ct_config_parse(BLOCK, CT_CONFIG_TEXT, g_cfg, err, sizeof err)) {
        fprintf(stderr, "vsim: %s\n", err);
        return 2;
    }
    snprintf(g_cfgname, sizeof g_cfgname, "%s", CT_CONFIG_TEXT);
    ct_vec_header_init(&g_h, BLOCK, g_cfg, 0, 0);

    Opts o;
    std::vector<std::string> pos;
    std::string vec;   // +vec=FILE
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&](const char *what) -> const char * {
            if (i + 1 >= argc) {
                fprintf(stderr, "vsim: %s needs a value\n", what);
                exit(2);
            }
            return argv[++i];
        };
        if (a == "--waves") o.waves = val("--waves");
        else if (a == "--trace") o.trace = val("--trace");
        else if (a == "--quiet") o.quiet = true;
        else if (a == "--require-coverage") o.require_coverage = true;
        else if (a == "--window") {
            if (!num(val("--window"), o.window)) return usage();
        } else if (a.rfind("+vec=", 0) == 0) {
            vec = a.substr(5);
        } else if (a.rfind("+", 0) == 0) {
            o.vargs.push_back(argv[i]);
            o.plus += (o.plus.empty() ? "" : " ") + a;
        } else pos.push_back(a);
    }
    if (!vec.empty() && pos.empty()) pos = {"replay", vec};
    else if (!vec.empty()) return usage();   // +vec= with another mode
    if (pos.empty()) return usage();
    o.mode = pos[0];
    if (o.mode == "replay" && pos.size() == 2) {
        o.path = pos[1];
    } else if (o.mode == "ring" && pos.size() == 4) {
        o.path = pos[1];
        if (!num(pos[2].c_str(), o.gap) || !num(pos[3].c_str(), o.cycles)) {
            fprintf(stderr, "vsim: GAP and CYCLES must be non-negative numbers\n");
            return 2;
        }
    } else if ((o.mode == "lockstep" || o.mode == "bench" || o.mode == "speed") && pos.size() == 3) {
        if (!num(pos[1].c_str(), o.seed) || !num(pos[2].c_str(), o.cycles)) {
            fprintf(stderr, "vsim: SEED and CYCLES must be non-negative numbers\n");
            return 2;
        }
    } else {
        return usage();
    }
    if (o.mode == "bench") return bench(o);
    if (o.mode == "speed") return speed(o);
    return cosim(o);
}
