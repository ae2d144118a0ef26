// vlharness.cpp - the one Verilator harness of cachetwin: options, stimulus
// sources, mismatch reports, waveforms and main.  It does not see the
// design, and is compiled once per build tree (the Makefile's vlharness rule);
// vlharness_design.cpp, compiled per block and configuration, holds the port glue
// and the cycle loop (vlharness.h between them).
//
//   vlharness replay FILE       replay golden vectors against the RTL
//   vlharness +vec=FILE         the same (the Icarus testbench's plusarg: FuseSoC's
//                          sim target runs either simulator with it)
//   vlharness lockstep SEED N   C model and RTL stepped together for N cycles
//   vlharness ring TRACE GAP N  (ccn builds) the same on a GPU memory trace: the
//                          CCN ring experiment (ctwin exp ring, wl_ring.h)
//                          drives the C model, at most N cycles
//   vlharness exp TRACE N       (lamar_gdu, ata_tags, loscache, sleep_fsm builds)
//                          the same for the experiment that records this
//                          block (ctwin exp lamar/ata/loscache/leak TRACE
//                          CONFIG VEC N, wl_vec.h): SM 0's GDU, cluster 0's
//                          tags, the L2's unit, SM 0's FSM; at most N cycles
//   vlharness bench SEED N      cycles/s of C alone, Verilator alone, lockstep
//   vlharness speed SEED N      cycles/s of Verilator alone (make profile counts it)
//   vlharness spec SEED N       the C model specialised to this build's
//                          configuration against the generic one
//   vlharness gen SEED N OUT    golden vectors written by the specialised C model
//                          (OUT '-' = stdout): byte for byte the file
//                          `ctwin gen BLOCK CONFIG SEED N OUT` writes
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
#include <cerrno>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include <sys/stat.h>
#include <unistd.h>

#include "vlharness.h"
extern "C" {
#include "ct_gen.h"
#include "ct_report.h"
#include "wl_ata.h"
#include "wl_lamar.h"
#include "wl_leak.h"
#include "wl_los.h"
#include "wl_ring.h"
#include "wl_vec.h"
}

uint32_t g_cfg[CT_MAX_PARAMS];
ct_vec_header_t g_h;
char g_cfgname[256];

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
        memcpy(in, i, vlharness_block->in_words * sizeof *in);
        memcpy(exp, o, vlharness_block->out_words * sizeof *exp);
        last_note = note; // labels its own cycle only (reset, sweep)
        return 1;
    }
    const char *note() const override { return last_note; }
    uint64_t seed() const override { return 0; }
};

// The experiments that record a model of a block (wl_vec.h: ctwin exp ...
// VEC N): the block, and the run on TRACE with this build's configuration
// (0, or -1 with err).
struct Recorder {
    const char *block;
    int (*run)(const char *trace, const wl_vec_to_t *to, char *err, size_t n);
};
static const Recorder recorders[] = {
    {"lamar_gdu", [](const char *t, const wl_vec_to_t *to, char *e, size_t n) { // the BGP run, as ctwin exp lamar's
         wl_lamar_res_t r;
         return wl_lamar_run(t, WL_LAMAR_DYN, g_cfgname, &r, to, e, n);
     }},
    {"ata_tags", [](const char *t, const wl_vec_to_t *to, char *e, size_t n) {
         wl_ata_res_t r;
         return wl_ata_run(t, g_cfgname, &r, to, e, n);
     }},
    {"loscache", [](const char *t, const wl_vec_to_t *to, char *e, size_t n) {
         wl_los_res_t r;
         return wl_los_run(t, g_cfgname, &r, to, e, n);
     }},
    {"sleep_fsm", [](const char *t, const wl_vec_to_t *to, char *e, size_t n) {
         wl_leak_res_t r;
         return wl_leak_run(t, g_cfgname, &r, to, e, n);
     }},
};

// the experiment recording this build's block, or nullptr
static const Recorder *recorder()
{
    for (const Recorder &r : recorders)
        if (!strcmp(r.block, vlharness_block->name)) return &r;
    return nullptr;
}

// An experiment on a trace, the model it records fed to the RTL live: the
// experiment runs in a thread of its own and hands each cycle of that model
// (its inputs, the C model's outputs) over a bounded queue, which next()
// takes a row at a time.  No file; memory bounded by the queue.
struct ExpSource : Source {
    std::thread th;
    std::mutex mu;
    std::condition_variable cv;
    std::deque<std::vector<uint64_t>> q; // a row: in_words inputs, then out_words outputs
    std::deque<const char *> notes;
    bool done = false, stop = false;
    int rc = 0;
    char err[CT_ERRLEN] = "";
    const char *last_note = nullptr;
    static constexpr size_t depth = 4096;

    static void sink(void *ctx, const uint64_t *in, const uint64_t *out, const char *note)
    {
        auto *s = static_cast<ExpSource *>(ctx);
        std::unique_lock<std::mutex> l(s->mu);
        s->cv.wait(l, [s] { return s->q.size() < depth || s->stop; });
        if (s->stop) return; // the harness is done: the experiment runs out unheard
        std::vector<uint64_t> row(in, in + vlharness_block->in_words);
        row.insert(row.end(), out, out + vlharness_block->out_words);
        s->q.push_back(std::move(row));
        s->notes.push_back(note);
        s->cv.notify_all();
    }
    void start(const Recorder *rec, const std::string &trace, uint64_t max)
    {
        th = std::thread([this, rec, trace, max] {
            wl_vec_to_t to = {nullptr, max, sink, this};
            char e[CT_ERRLEN] = "";
            int k = rec->run(trace.c_str(), &to, e, sizeof e);
            std::lock_guard<std::mutex> l(mu);
            rc = k;
            snprintf(err, sizeof err, "%s", e);
            done = true;
            cv.notify_all();
        });
    }
    ~ExpSource()
    {
        {
            std::lock_guard<std::mutex> l(mu);
            stop = true;
        }
        cv.notify_all();
        if (th.joinable()) th.join();
    }
    int next(uint64_t *in, uint64_t *exp, char *e, size_t n) override
    {
        std::unique_lock<std::mutex> l(mu);
        cv.wait(l, [this] { return !q.empty() || done; });
        if (q.empty()) {
            if (rc == 0) return 0;
            snprintf(e, n, "%s", err);
            return -1;
        }
        const std::vector<uint64_t> &row = q.front();
        memcpy(in, row.data(), vlharness_block->in_words * sizeof *in);
        memcpy(exp, row.data() + vlharness_block->in_words, vlharness_block->out_words * sizeof *exp);
        last_note = notes.front(); // labels its own cycle only
        q.pop_front();
        notes.pop_front();
        cv.notify_all();
        return 1;
    }
    const char *note() const override { return last_note; }
    uint64_t seed() const override { return 0; }
};

static std::unique_ptr<Source> make_source(const Opts &o, char *err, size_t n)
{
    if (o.mode == "replay") {
        auto v = std::make_unique<VecSource>();
        v->r = ct_vec_open(o.path.c_str(), vlharness_block, g_cfg, err, n);
        if (!v->r) return nullptr;
        return v;
    }
    if (o.mode == "ring") {
        if (strcmp(vlharness_block->name, "ccn") != 0) {
            snprintf(err, n, "ring: the CCN ring experiment drives block ccn, this build is %s", vlharness_block->name);
            return nullptr;
        }
        auto r = std::make_unique<RingSource>();
        r->r = wl_ring_open(o.path.c_str(), g_cfgname, o.gap, err, n);
        r->left = o.cycles;
        if (!r->r) return nullptr;
        return r;
    }
    if (o.mode == "exp") {
        const Recorder *rec = recorder();
        if (!rec) {
            std::string names;
            for (const Recorder &r : recorders) names += (names.empty() ? "" : ", ") + std::string(r.block);
            snprintf(err, n, "exp: no experiment records block %s (%s do)", vlharness_block->name, names.c_str());
            return nullptr;
        }
        auto x = std::make_unique<ExpSource>();
        x->start(rec, o.path, o.cycles);
        return x;
    }
    auto l = std::make_unique<LockSource>(vlharness_model, g_cfg, o.seed, o.cycles);
    if (!l->ok) {
        snprintf(err, n, "cannot create the C model or stimulus");
        return nullptr;
    }
    return l;
}

// The command that reproduces a run: a make line with what the make run
// that started this harness added (CT_MAKE_VARS, set by the Makefile: B= for
// another build folder, VDIR= for other RTL), or for the trace modes the
// make line that builds this harness and this harness's own path.
static const char *g_self = "vlharness";
static std::string repro(const Opts &o)
{
    char buf[2048];
    const char *mv = getenv("CT_MAKE_VARS");
    std::string vars = mv && *mv ? std::string(" ") + mv : "";
    if (o.mode == "replay")
        snprintf(buf, sizeof buf, "make replay BLOCK=%s CONFIG=%s VEC=%s%s",
                 vlharness_block->name, g_cfgname, o.path.c_str(), vars.c_str());
    else if (o.mode == "ring")
        snprintf(buf, sizeof buf, "make vlharness BLOCK=%s CONFIG=%s%s && %s ring %s %" PRIu64 " %" PRIu64,
                 vlharness_block->name, g_cfgname, vars.c_str(), g_self, o.path.c_str(), o.gap, o.cycles);
    else if (o.mode == "exp")
        snprintf(buf, sizeof buf, "make vlharness BLOCK=%s CONFIG=%s%s && %s exp %s %" PRIu64,
                 vlharness_block->name, g_cfgname, vars.c_str(), g_self, o.path.c_str(), o.cycles);
    else
        snprintf(buf, sizeof buf,
                 "make cosim BLOCK=%s CONFIG=%s SEED=%" PRIu64 " CYCLES=%" PRIu64 "%s",
                 vlharness_block->name, g_cfgname, o.seed, o.cycles, vars.c_str());
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
    printf("MISMATCH verilator %s config=%s %s at cycle %" PRIu64, vlharness_block->name,
           g_cfgname, o.mode.c_str(), mm.cycle);
    if (o.mode == "replay")
        printf(" (%s line %lu)", o.path.c_str(), mm.line);
    if (o.mode == "ring")
        printf(" (the ring on %s, GAP %" PRIu64 ")", o.path.c_str(), o.gap);
    if (o.mode == "exp")
        printf(" (the experiment on %s)", o.path.c_str());
    printf("\n  seed: %" PRIu64 "%s%s\n", mm.seed, mm.note ? "   stimulus: " : "",
           mm.note ? mm.note : "");
    ct_report_ports_named(stdout, &g_h, mm.exp, mm.act, mm.in, vlharness_out_show, vlharness_in_show);
    if (vlharness_latency && (vlharness_latency[mm.port] || vlharness_cmp_w[mm.port] < g_h.out_w[mm.port]))
        printf("  the port map: %s is compared %u cycle%s late (the RTL's cycle %" PRIu64 "), bits %u..0\n",
               vlharness_out_show[mm.port], vlharness_latency[mm.port], vlharness_latency[mm.port] == 1 ? "" : "s",
               mm.rtl_cycle, vlharness_cmp_w[mm.port] - 1);
    printf("  reproduce: %s\n", repro(o).c_str());
    if (o.mode == "replay")
        printf("  the file was generated by: make vectors BLOCK=%s CONFIG=%s SEED=%" PRIu64
               " CYCLES=%" PRIu64 "\n", vlharness_block->name, g_cfgname, mm.seed, mm.file_cycles);
    if (wave.empty() && vlharness_traced)
        printf("  waveform:  not written (cannot write in %s)\n", o.waves.c_str());
    if (!wave.empty())
        printf("  waveform:  gtkwave %s %s/%s.gtkw   (cycles %" PRIu64 "..%" PRIu64
               ", %" PRIu64 " ns per cycle: cycle n at t=10n)\n",
               wave.c_str(), o.waves.c_str(), vlharness_block->name,
               mm.rtl_cycle > o.window ? mm.rtl_cycle - o.window : 0, mm.rtl_cycle, (uint64_t)10);
}

static void write_gtkw(const Opts &o)
{
    std::string p = o.waves + "/" + vlharness_block->name + ".gtkw";
    FILE *f = fopen(p.c_str(), "w");
    if (!f) return;
    ct_gen_gtkw(f, vlharness_block, g_cfg);
    fclose(f);
}

static int cosim(Opts &o)
{
    char err[1024];
    Mismatch mm;
    std::unique_ptr<Source> src = make_source(o, err, sizeof err);
    if (!src) {
        fprintf(stderr, "vlharness: %s\n", err);
        return 2;
    }
    std::string full = o.trace;
    int64_t n = vlharness_run(o, *src, mm, full.empty() ? nullptr : full.c_str(), 0,
                    UINT64_MAX, err, sizeof err);
    if (o.mode == "replay") mm.file_cycles = static_cast<VecSource &>(*src).cycles();
    if (!full.empty()) write_gtkw(o);
    if (n < 0) {
        fprintf(stderr, "vlharness: %s\n", err);
        return 2;
    }
    if (!mm.found) {
        if (!o.quiet)
            printf("PASS verilator %s %s %s%s: %" PRId64 " cycles, every output "
                   "compared every cycle%s%s\n",
                   vlharness_block->name, g_cfgname, o.mode.c_str(),
                   o.mode == "replay" ? (" " + o.path).c_str()
                   : o.mode == "ring" ? (" " + o.path + " gap=" + std::to_string(o.gap)).c_str()
                   : o.mode == "exp"  ? (" " + o.path).c_str()
                                      : (" seed=" + std::to_string(o.seed)).c_str(),
                   n, o.plus.empty() ? "" : ", ", o.plus.c_str());
        // the C model's coverage of this run (lockstep: it ran the stimulus)
        // (printed even with --quiet when it decides the verdict)
        int problems = (!o.quiet || o.require_coverage) ? src->report(stdout) : 0;
        if (o.require_coverage && problems) {
            printf("FAIL verilator %s %s %s: the C model's run report found %d coverage "
                   "problem(s)\n", vlharness_block->name, g_cfgname, o.mode.c_str(), problems);
            return 1;
        }
        return 0;
    }
    // Run again from the start, tracing the window before the failure.
    std::string wave = o.waves + "/" + vlharness_block->name + "_" + g_cfgname + "_" +
                       tag(o) + "_fail.vcd";
    Mismatch mm2;
    std::unique_ptr<Source> src2 = make_source(o, err, sizeof err);
    uint64_t from = mm.rtl_cycle > o.window ? mm.rtl_cycle - o.window : 0;
    mkdir(o.waves.c_str(), 0777); // (one level: an existing folder is kept)
    if (!vlharness_traced || !src2 ||
        vlharness_run(o, *src2, mm2, wave.c_str(), from, mm.rtl_cycle, err, sizeof err) < 0 ||
        access(wave.c_str(), R_OK) != 0)
        wave.clear(); // (a build without --trace writes no waveform)
    else
        write_gtkw(o);
    report(o, mm, wave);
    return 1;
}

// vlharness gen SEED N OUT: the golden vectors of `ctwin gen` (the same writer,
// ct_run_write_vectors), the outputs from the C model specialised to this
// build's configuration (vlharness_model).  Written to OUT.tmp<pid> and renamed,
// so a failed run leaves no partial file.
static int vlharness_gen(const Opts &o)
{
    std::string tmp = o.path == "-" ? "" : o.path + ".tmp" + std::to_string((long)getpid());
    FILE *f = tmp.empty() ? stdout : fopen(tmp.c_str(), "w");
    if (!f) {
        fprintf(stderr, "vlharness: cannot write %s: %s\n", tmp.c_str(), strerror(errno));
        return 2;
    }
    if (ct_run_write_vectors(f, vlharness_block, vlharness_model, g_cfg, o.seed, o.cycles)) {
        fprintf(stderr, "vlharness: cannot start the C model (out of memory)\n");
        if (f != stdout) { fclose(f); remove(tmp.c_str()); }
        return 2;
    }
    if (f == stdout) {
        if (fflush(stdout) || ferror(stdout)) {
            fprintf(stderr, "vlharness: write to stdout failed\n");
            return 2;
        }
        return 0;
    }
    const bool bad = ferror(f) | fclose(f);
    if (bad) fprintf(stderr, "vlharness: write to %s failed\n", tmp.c_str());
    else if (rename(tmp.c_str(), o.path.c_str()))
        fprintf(stderr, "vlharness: cannot rename %s to %s: %s\n", tmp.c_str(), o.path.c_str(), strerror(errno));
    else return 0;
    remove(tmp.c_str());
    return 2;
}

static int usage()
{
    fprintf(stderr,
            "usage: vlharness replay FILE | +vec=FILE | lockstep SEED CYCLES | ring TRACE GAP CYCLES (ccn)\n"
            "       | exp TRACE CYCLES (lamar_gdu, ata_tags, loscache, sleep_fsm)\n"
            "       | bench SEED CYCLES | speed SEED CYCLES | spec SEED CYCLES | gen SEED CYCLES OUT\n"
            "       [--waves DIR] [--window N] [--trace FILE] [--quiet] [--require-coverage]\n"
            "       [+verilator+...]\n"
            "built for block %s, config %s\n",
            vlharness_block->name, g_cfgname);
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
    g_self = argv[0];
    char err[CT_ERRLEN];
    if (ct_config_parse(vlharness_block, vlharness_config_text, g_cfg, err, sizeof err)) {
        fprintf(stderr, "vlharness: %s\n", err);
        return 2;
    }
    snprintf(g_cfgname, sizeof g_cfgname, "%s", vlharness_config_text);
    ct_vec_header_init(&g_h, vlharness_block, g_cfg, 0, 0);

    Opts o;
    std::vector<std::string> pos;
    std::string vec;   // +vec=FILE
    for (int i = 1; i < argc; i++) {
        std::string a = argv[i];
        auto val = [&](const char *what) -> const char * {
            if (i + 1 >= argc) {
                fprintf(stderr, "vlharness: %s needs a value\n", what);
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
    } else if (o.mode == "exp" && pos.size() == 3) {
        o.path = pos[1];
        if (!num(pos[2].c_str(), o.cycles) || o.cycles == 0) {
            fprintf(stderr, "vlharness: CYCLES must be a number of at least 1\n");
            return 2;
        }
    } else if (o.mode == "ring" && pos.size() == 4) {
        o.path = pos[1];
        if (!num(pos[2].c_str(), o.gap) || !num(pos[3].c_str(), o.cycles)) {
            fprintf(stderr, "vlharness: GAP and CYCLES must be non-negative numbers\n");
            return 2;
        }
    } else if (((o.mode == "lockstep" || o.mode == "bench" || o.mode == "speed" || o.mode == "spec") &&
                pos.size() == 3) || (o.mode == "gen" && pos.size() == 4)) {
        if (!num(pos[1].c_str(), o.seed) || !num(pos[2].c_str(), o.cycles)) {
            fprintf(stderr, "vlharness: SEED and CYCLES must be non-negative numbers\n");
            return 2;
        }
        if (o.mode == "gen") o.path = pos[3];
    } else {
        return usage();
    }
    if (vlharness_latency && o.mode != "replay" && o.mode != "lockstep" && o.mode != "gen" && o.mode != "spec") {
        fprintf(stderr, "vlharness: %s: this harness checks a user's RTL through a port map, which replay and "
                        "lockstep compare as the map says; %s needs the kit's own RTL\n", o.mode.c_str(), o.mode.c_str());
        return 2;
    }
    if (o.mode == "gen") return vlharness_gen(o);
    if (o.mode == "bench") return vlharness_bench(o);
    if (o.mode == "speed") return vlharness_speed(o);
    if (o.mode == "spec") return vlharness_spec(o);
    return cosim(o);
}
