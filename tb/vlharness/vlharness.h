// vlharness.h - what the two parts of the Verilator harness share.  vlharness.cpp
// (options, stimulus sources, reports, waveforms, main) does not see the
// design and is compiled once per build tree; vlharness_design.cpp (the port glue,
// the cycle loop, bench and speed) includes the preset's Verilated header and
// the block's typed C model, and is compiled per block and configuration.
#ifndef VLHARNESS_H
#define VLHARNESS_H
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

extern "C" {
#include "ct_block.h"
#include "ct_run.h"
#include "ct_vec.h"
}

struct Opts {
    std::string mode, path, waves = "waves", trace;
    uint64_t seed = 0, cycles = 0, window = 64, gap = 0;
    bool quiet = false;
    bool require_coverage = false;
    std::vector<const char *> vargs; // plusargs for Verilator
    std::string plus;                // the same, for the reproduce line
};

// this build's block and configuration (vlharness_design.cpp), and what main
// derives from them
extern const ct_block_t *const vlharness_block;  // the block (the generic C model's descriptor)
extern const ct_block_t *const vlharness_model;  // the C model lockstep runs: specialised to the configuration
extern const char *const vlharness_config_text;
extern const bool vlharness_traced;       // built with --trace: failure waveforms
extern uint32_t g_cfg[CT_MAX_PARAMS];
extern ct_vec_header_t g_h;          // widths of this build's configuration
extern char g_cfgname[256];
// a user's RTL through a port map (vlharness_block.h CT_MAP): its port names
// for the reports, every output's latency and compared bits; nullptr for
// the kit's own RTL
extern const char *const *const vlharness_out_show, *const *const vlharness_in_show;
extern const unsigned *const vlharness_latency, *const vlharness_cmp_w;

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

// The C model and its stimulus (ct_run.h): lockstep (vlharness_model, the
// specialised one), and bench's buffer (vlharness_block, the generic one).
struct LockSource : Source {
    ct_run_t run;
    bool ok;
    uint64_t left, seed_;
    const char *last_note = nullptr;
    LockSource(const ct_block_t *b, const uint32_t *cfg, uint64_t seed, uint64_t cycles)
        : ok(ct_run_open(&run, b, cfg, seed) == 0), left(cycles), seed_(seed) {}
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

struct Mismatch {
    bool found = false;
    uint64_t cycle = 0, seed = 0, file_cycles = 0;
    uint64_t rtl_cycle = 0; // the RTL's cycle of the compare (a map's latency later)
    unsigned long line = 0;
    unsigned port = 0, word = 0; // the first output that differs
    uint64_t in[CT_MAX_WORDS], exp[CT_MAX_WORDS], act[CT_MAX_WORDS];
    const char *note = nullptr;
};

// vlharness_design.cpp: runs the source through the RTL (with trace_path, dumps
// cycles [trace_from, trace_to] and stops after trace_to); cycles run, or -1
// on a source error
int64_t vlharness_run(const Opts &o, Source &src, Mismatch &mm, const char *trace_path, uint64_t trace_from,
                 uint64_t trace_to, char *err, size_t errlen);
int vlharness_bench(Opts &o);   // vlharness bench SEED N
int vlharness_speed(Opts &o);   // vlharness speed SEED N
int vlharness_spec(Opts &o);    // vlharness spec SEED N
#endif
