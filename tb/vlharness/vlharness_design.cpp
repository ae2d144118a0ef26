// vlharness_design.cpp - the part of the Verilator harness (vlharness.cpp) that sees the
// design, compiled per block and configuration (the Makefile's vlharness rule):
// vlharness_block.h's CT_B / CT_BU name the block and CT_CONFIG_TEXT its
// configuration; the port glue is expanded from the block description's
// X-macro tables, so no port list is typed here.  It holds the cycle loop
// (vlharness_run), and bench and speed, which call the block's typed C model.
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
#include <cstring>
#include <memory>
#include <vector>

#include "vlharness_block.h"
#include CT_VTOP_HEADER
#include "vlharness.h"
extern "C" {
#include CT_BLOCK_HEADER
}

#define CT_CAT_(a, b) a##b
#define CT_CAT(a, b) CT_CAT_(a, b)
#define VTOP CT_CAT(CT_CAT(V, CT_B), _top)
#define CT_INPUTS CT_CAT(CT_BU, _INPUTS)
#define CT_OUTPUTS CT_CAT(CT_BU, _OUTPUTS)

// The C model this harness runs (vlharness_model: lockstep, bench's lockstep, the
// failure reports' C side) is the block's model specialised to this configuration:
// its source compiled with the preset's parameters as constants (ct_spec.h,
// ct_desc.h CT_SPEC), its symbols renamed spec_<name> by the Makefile so
// that the generic model (libct.a) links beside it; `vlharness spec` checks the
// two byte for byte, bench times both.
#define CT_SPEC_NAME(s) CT_CAT(spec_, CT_CAT(CT_B, s))
extern "C" {
extern const ct_block_t CT_SPEC_NAME(_block);
CT_CAT(CT_B, _t) *CT_SPEC_NAME(_new)(const CT_CAT(CT_B, _cfg_t) *, char *, size_t);
void CT_SPEC_NAME(_run)(CT_CAT(CT_B, _t) *, const CT_CAT(CT_B, _in_t) *, CT_CAT(CT_B, _out_t) *, size_t);
void CT_SPEC_NAME(_free)(CT_CAT(CT_B, _t) *);
}
const ct_block_t *const vlharness_block = &CT_CAT(CT_B, _block);
const ct_block_t *const vlharness_model = &CT_SPEC_NAME(_block);
const char *const vlharness_config_text = CT_CONFIG_TEXT;
const bool vlharness_traced = VM_TRACE;

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

// A user's RTL through a port map (ct_map.h, vlharness_block.h's CT_MAP):
// every output compared on the bits the map compares, against the expected
// value of the cycle its latency ago; an output not implemented not at all;
// the first reset held as the map says; after the last cycle, as many more
// as the largest latency.  The kit's own RTL: the map is the identity.
#ifndef CT_MAP
#define CT_MAP_RESET_HOLD 1u
#define CT_MAP_MAX_LAT 0u
static const unsigned *const ct_map_cmp_w = nullptr;
static const unsigned *const ct_map_latency = nullptr;
static const char *const *const ct_map_in_name = nullptr;
static const char *const *const ct_map_out_name = nullptr;
#endif
const char *const *const vlharness_out_show = ct_map_out_name;
const char *const *const vlharness_in_show = ct_map_in_name;
const unsigned *const vlharness_latency = ct_map_latency;
const unsigned *const vlharness_cmp_w = ct_map_cmp_w;

namespace {
// the expected values of the last CT_MAP_MAX_LAT + 1 cycles (slot 0 this one)
struct History {
    static constexpr unsigned N = CT_MAP_MAX_LAT + 1;
    uint64_t exp[N][CT_MAX_WORDS], in[N][CT_MAX_WORDS], cycle[N];
    unsigned long line[N];
    const char *note[N];
    bool valid[N] = {};
    void shift(bool v, const uint64_t *e, const uint64_t *i, uint64_t cyc, unsigned long ln, const char *nt)
    {
        for (unsigned k = N - 1; k > 0; k--) {
            memcpy(exp[k], exp[k - 1], sizeof exp[k]);
            memcpy(in[k], in[k - 1], sizeof in[k]);
            cycle[k] = cycle[k - 1], line[k] = line[k - 1], note[k] = note[k - 1], valid[k] = valid[k - 1];
        }
        valid[0] = v;
        if (v) memcpy(exp[0], e, sizeof exp[0]), memcpy(in[0], i, sizeof in[0]);
        cycle[0] = cyc, line[0] = ln, note[0] = nt;
    }
};
// exp_a, act_a: the expected and actual outputs as the map compares them;
// the slot of the first output that differs in *slot (its latency)
void aligned(const History &h, const uint64_t *act, uint64_t *exp_a, uint64_t *act_a)
{
    memset(exp_a, 0, CT_MAX_WORDS * sizeof *exp_a);
    memset(act_a, 0, CT_MAX_WORDS * sizeof *act_a);
    for (unsigned i = 0; i < vlharness_block->n_out; i++) {
        unsigned lat = ct_map_latency[i], w = ct_map_cmp_w[i];
        if (!w || !h.valid[lat]) continue;
        for (unsigned k = 0; k < vlharness_block->out[i].words && 64 * k < w; k++) {
            uint64_t m = 64 * (k + 1) <= w ? ~UINT64_C(0) : ct_mask(w - 64 * k);
            exp_a[g_h.out_off[i] + k] = h.exp[lat][g_h.out_off[i] + k] & m;
            act_a[g_h.out_off[i] + k] = act[g_h.out_off[i] + k] & m;
        }
    }
}
} // namespace

// (vlharness.h)
int64_t vlharness_run(const Opts &o, Source &src, Mismatch &mm, const char *trace_path, uint64_t trace_from,
                 uint64_t trace_to, char *err, size_t errlen)
{
    auto ctx = std::make_unique<VerilatedContext>();
    ctx->debug(0);
    ctx->randReset(2); // default; +verilator+rand+reset+N overrides
    std::vector<const char *> args = {"vlharness"};
    args.insert(args.end(), o.vargs.begin(), o.vargs.end());
    ctx->commandArgs((int)args.size(), args.data());
    if (trace_path) ctx->traceEverOn(true);
    auto top = std::make_unique<VTOP>(ctx.get(), "TOP");
    VerilatedVcdC *tfp = nullptr;
    uint64_t in[CT_MAX_WORDS] = {0}, exp[CT_MAX_WORDS] = {0}, act[CT_MAX_WORDS] = {0};
    uint64_t cyc = 0;
    int64_t ret = 0;
    const bool mapped = ct_map_cmp_w != nullptr;
    auto hist = mapped ? std::make_unique<History>() : nullptr;
    uint64_t exp_a[CT_MAX_WORDS], act_a[CT_MAX_WORDS];
    unsigned drain = 0;
    // the first reset held (a map's `reset ... hold N`): N - 1 cycles before the first
    for (unsigned k = 1; k < CT_MAP_RESET_HOLD; k++) {
        uint64_t r[CT_MAX_WORDS] = {0};
        r[0] = 1; // rst_i, the first input
        set_inputs(top.get(), r);
        top->clk_i = 0;
        top->eval();
        top->clk_i = 1;
        top->eval();
    }
    for (;; cyc++) {
        int k = drain ? 0 : src.next(in, exp, err, errlen);
        if (k < 0) { ret = -1; break; }
        if (k == 0) {
            if (!mapped || drain == CT_MAP_MAX_LAT) break;
            drain++; // (the last rows' delayed outputs: the inputs held)
        }
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
        ct_mask_ports(act, g_h.out_w, vlharness_block->out, vlharness_block->n_out);
        if (!mm.found) {
            const uint64_t *e = exp, *a = act;
            uint64_t at = cyc;
            unsigned long line = src.line();
            const char *note = src.note();
            const uint64_t *ins = in;
            if (mapped) {
                hist->shift(k == 1, exp, in, cyc, line, note);
                aligned(*hist, act, exp_a, act_a);
                e = exp_a, a = act_a;
            }
            int i = ct_vec_diff(&g_h, e, a, &mm.word);
            if (i >= 0) {
                if (mapped) { // the row the output's latency ago
                    unsigned lat = ct_map_latency[i];
                    at = hist->cycle[lat], line = hist->line[lat], note = hist->note[lat], ins = hist->in[lat];
                }
                mm.found = true;
                mm.port = (unsigned)i;
                mm.cycle = at;
                mm.rtl_cycle = cyc;
                mm.line = line;
                mm.seed = src.seed();
                mm.note = note;
                memcpy(mm.in, ins, sizeof in);
                memcpy(mm.exp, e, sizeof exp);
                memcpy(mm.act, a, sizeof act);
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
    return ret < 0 ? -1 : (int64_t)(cyc - drain);
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

// The typed entry points of one build of the C model: the generic one
// (libct.a) or the specialised one (spec_*).
struct Model {
    CT_TYPED(_t) *(*make)(const CT_TYPED(_cfg_t) *, char *, size_t);
    void (*run)(CT_TYPED(_t) *, const CT_TYPED(_in_t) *, CT_TYPED(_out_t) *, size_t);
    void (*free)(CT_TYPED(_t) *);
};
static const Model generic_model = {CT_TYPED(_new), CT_TYPED(_run), CT_TYPED(_free)};
static const Model spec_model = {CT_SPEC_NAME(_new), CT_SPEC_NAME(_run), CT_SPEC_NAME(_free)};

typedef std::vector<CT_TYPED(_in_t)> Stim;
typedef std::vector<CT_TYPED(_out_t)> Outs;

// The stimulus buffer: the first min(CYCLES, CT_BENCH_BUF) cycles of the block's
// stimulus for the seed (made with the generic model, so that counting the
// instructions of spec_<block>_run counts the timed runs only: profile.sh).
static Stim bench_stim(const Opts &o)
{
    const uint64_t len = o.cycles < CT_BENCH_BUF ? o.cycles : CT_BENCH_BUF;
    Stim stim(len);
    LockSource src(vlharness_block, g_cfg, o.seed, len); // (the generic model)
    uint64_t exp[CT_MAX_WORDS];
    char err[64];
    for (uint64_t c = 0; c < len; c++) src.next(stim[c].v, exp, err, sizeof err);
    return stim;
}

// o.cycles cycles of the Verilated RTL over the buffer, alone or (lock) in
// lockstep with the C model; returns the seconds spent, folds the outputs
// into sum, ORs any difference into bad.  In lockstep the C model runs
// ahead over each chunk (its typed batch call, <block>_run: it does not
// depend on the RTL's outputs), and the RTL's outputs are compared with
// its, cycle by cycle, as the RTL produces them, the words the
// configuration uses only: lockstep costs the C model's batch time plus
// Verilator's, the bound 1 / (1 + Vl/C) (docs/speed.md).  Not
// inlined: scripts/profile.sh counts the instructions inside it (vlharness speed).
static __attribute__((noinline)) double vl_run(const Opts &o, const Stim &stim, bool lock,
                                               uint64_t &sum, uint64_t &bad)
{
    // the output words this configuration uses (the header's offsets and
    // widths: a port's struct field has the words of its widest
    // configuration, ccn_node's payloads 16 each)
    std::vector<unsigned> used;
    for (unsigned i = 0; i < vlharness_block->n_out; i++)
        for (unsigned k = 0; k < (g_h.out_w[i] + 63) / 64; k++) used.push_back(g_h.out_off[i] + k);
    const bool all = used.size() == CT_CAT(CT_BU, _OUT_WORDS); // (then a loop of known length)
    const uint64_t len = stim.size();
    Outs outs(len), ref(len);
    char err[CT_ERRLEN];
    const CT_TYPED(_cfg_t) *cfg = (const CT_TYPED(_cfg_t) *)g_cfg;
    auto ctx = std::make_unique<VerilatedContext>();
    auto top = std::make_unique<VTOP>(ctx.get(), "TOP");
    CT_TYPED(_t) *cm = lock ? spec_model.make(cfg, err, sizeof err) : nullptr;
    double t = 0;
    for (uint64_t c = 0; c < o.cycles; c += len) {
        uint64_t n = std::min(len, o.cycles - c);
        double t0 = now_s();
        if (lock) spec_model.run(cm, stim.data(), ref.data(), n);
        for (uint64_t k = 0; k < n; k++) {
            set_inputs(top.get(), stim[k].v);
            top->clk_i = 0;
            top->eval();
            get_outputs(top.get(), outs[k].v);
            if (lock && all)
                for (unsigned i = 0; i < CT_CAT(CT_BU, _OUT_WORDS); i++) bad |= outs[k].v[i] ^ ref[k].v[i];
            else if (lock)
                for (unsigned i : used) bad |= outs[k].v[i] ^ ref[k].v[i];
            top->clk_i = 1;
            top->eval();
        }
        t += now_s() - t0;
        sum = fold(sum, outs.data(), n);
    }
    top->final();
    if (cm) spec_model.free(cm);
    return t;
}

// o.cycles cycles of one build of the C model alone over the buffer (its
// batch call per chunk); returns the seconds spent, folds the outputs into
// sum.
static double c_run(const Opts &o, const Stim &stim, const Model &md, uint64_t &sum)
{
    const uint64_t len = stim.size();
    Outs outs(len);
    char err[CT_ERRLEN];
    CT_TYPED(_t) *m = md.make((const CT_TYPED(_cfg_t) *)g_cfg, err, sizeof err);
    if (!m) {
        fprintf(stderr, "vlharness: %s\n", err);
        exit(2);
    }
    double t = 0;
    for (uint64_t c = 0; c < o.cycles; c += len) {
        uint64_t n = std::min(len, o.cycles - c);
        double t0 = now_s();
        md.run(m, stim.data(), outs.data(), n);
        t += now_s() - t0;
        sum = fold(sum, outs.data(), n);
    }
    md.free(m);
    return t;
}

// vlharness speed SEED N: the Verilated RTL alone, as bench times it (the
// checksum is bench's and ctwin speed's), and the C model specialised to
// this configuration alone (scripts/profile.sh counts its instructions).
int vlharness_speed(Opts &o)
{
    Stim stim = bench_stim(o);
    uint64_t sum = 0, sum_s = 0, bad = 0;
    double t = vl_run(o, stim, false, sum, bad);
    double t_s = c_run(o, stim, spec_model, sum_s);
    printf("speed %s %s: %" PRIu64 " cycles (stimulus buffer %zu cycles), seed %" PRIu64 "\n",
           vlharness_block->name, g_cfgname, o.cycles, stim.size(), o.seed);
    printf("  Verilator alone      %14.0f cycles/s\n", t > 0 ? o.cycles / t : 0.0);
    printf("  C specialised alone  %14.0f cycles/s\n", t_s > 0 ? o.cycles / t_s : 0.0);
    printf("  output checksum      %016" PRIx64 "%s\n", sum,
           sum_s == sum ? "" : " (the specialised C model's DIFFERS)");
    return sum_s == sum ? 0 : 1;
}

int vlharness_bench(Opts &o)
{
    Stim stim = bench_stim(o);
    const uint64_t len = stim.size();
    uint64_t sum_c = 0, sum_s = 0, sum_v = 0, sum_l = 0, bad = 0;
    double t_c = c_run(o, stim, generic_model, sum_c);
    double t_s = c_run(o, stim, spec_model, sum_s);
    double t_v = vl_run(o, stim, false, sum_v, bad);
    double t_l = vl_run(o, stim, true, sum_l, bad);
    double c_cps = o.cycles / t_c, s_cps = o.cycles / t_s, v_cps = o.cycles / t_v, l_cps = o.cycles / t_l;
    bool ok = sum_c == sum_v && sum_s == sum_v && sum_v == sum_l && !bad;
    printf("bench %s %s: %" PRIu64 " cycles (stimulus buffer %" PRIu64 " cycles), seed %" PRIu64 "\n",
           vlharness_block->name, g_cfgname, o.cycles, len, o.seed);
    printf("  %-20s %14.0f cycles/s\n", "C model alone", c_cps);
    printf("  %-20s %14.0f cycles/s\n", "C specialised", s_cps);
    printf("  %-20s %14.0f cycles/s\n", "Verilator alone", v_cps);
    printf("  %-20s %14.0f cycles/s\n", "lockstep", l_cps);
    printf("  C / Verilator        %8.1fx\n", c_cps / v_cps);
    printf("  C spec. / Verilator  %8.1fx\n", s_cps / v_cps);
    printf("  lockstep / Verilator %8.0f%%  (bound 1/(1 + Vl/C spec.) %.0f%%)\n", 100 * l_cps / v_cps,
           100 / (1 + v_cps / s_cps));
    printf("  output checksums: C %016" PRIx64 ", C specialised %016" PRIx64 ", Verilator %016" PRIx64
           ", lockstep %s\n", sum_c, sum_s, sum_v, bad ? "DIFFER" : "agree");
    printf("BENCHDATA %s %s %.0f %.0f %.0f %.0f\n", vlharness_block->name, g_cfgname, c_cps, v_cps, l_cps, s_cps);
    return ok ? 0 : 1;
}

// vlharness spec SEED N: the specialised C model against the generic one on N
// cycles of the block's stimulus for SEED, every output word of every cycle
// (the _run of each, chunk by chunk, and the specialised model's _cycle
// through its descriptor, as lockstep calls it).  0 when identical; 1 with
// the first cycle and output word that differ.
int vlharness_spec(Opts &o)
{
    const uint64_t len = CT_BENCH_BUF;
    Stim stim(len);
    Outs exp(len), gen(len), spc(len);
    char err[CT_ERRLEN];
    const CT_TYPED(_cfg_t) *cfg = (const CT_TYPED(_cfg_t) *)g_cfg;
    LockSource src(vlharness_model, g_cfg, o.seed, o.cycles); // the specialised model, cycle by cycle
    CT_TYPED(_t) *g = generic_model.make(cfg, err, sizeof err);
    CT_TYPED(_t) *sp = g ? spec_model.make(cfg, err, sizeof err) : nullptr;
    if (!src.ok || !sp) {
        fprintf(stderr, "vlharness: %s\n", src.ok ? err : "cannot start the C model");
        if (g) generic_model.free(g);
        return 2;
    }
    const unsigned W = CT_CAT(CT_BU, _OUT_WORDS);
    int rc = 0;
    for (uint64_t c = 0; c < o.cycles && !rc; c += len) {
        uint64_t n = std::min(len, o.cycles - c);
        for (uint64_t k = 0; k < n; k++) src.next(stim[k].v, exp[k].v, err, sizeof err);
        generic_model.run(g, stim.data(), gen.data(), n);
        spec_model.run(sp, stim.data(), spc.data(), n);
        for (uint64_t k = 0; k < n && !rc; k++)
            for (unsigned w = 0; w < W && !rc; w++) {
                const bool by_run = spc[k].v[w] != gen[k].v[w];
                if (!by_run && exp[k].v[w] == gen[k].v[w]) continue;
                printf("SPEC MISMATCH %s %s seed %" PRIu64 " cycle %" PRIu64 " output word %u: generic %016" PRIx64
                       ", specialised (%s) %016" PRIx64 "\n", vlharness_block->name, g_cfgname, o.seed, c + k, w,
                       gen[k].v[w], by_run ? "_run" : "_cycle", by_run ? spc[k].v[w] : exp[k].v[w]);
                rc = 1;
            }
    }
    generic_model.free(g);
    spec_model.free(sp);
    // it refuses every other preset's configuration (its generated
    // <block>_validate, ct_desc.h CT_SPEC_VALIDATE_): a
    // specialised build must never run a configuration it was not built for
    unsigned refused = 0;
    for (unsigned p = 0; p < vlharness_block->n_presets && !rc; p++) {
        uint32_t other[CT_MAX_PARAMS] = {0};
        if (ct_config_parse(vlharness_block, vlharness_block->presets[p].name, other, err, sizeof err) ||
            !memcmp(other, g_cfg, vlharness_block->n_params * sizeof *other))
            continue;
        CT_TYPED(_t) *x = spec_model.make((const CT_TYPED(_cfg_t) *)other, err, sizeof err);
        if (x || !strstr(err, "specialised")) {
            printf("SPEC MISMATCH %s %s: the specialised C model accepts preset %s's configuration\n",
                   vlharness_block->name, g_cfgname, vlharness_block->presets[p].name);
            if (x) spec_model.free(x);
            rc = 1;
        }
        refused++;
    }
    if (!rc)
        printf("SPEC PASS %s %s: the specialised C model matches the generic one on %" PRIu64
               " cycles of seed %" PRIu64 ", every output word (_run and _cycle), and refuses the"
               " %u other presets' configurations\n",
               vlharness_block->name, g_cfgname, o.cycles, o.seed, refused);
    return rc;
}
