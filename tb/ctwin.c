/*
 * ctwin.c - the C side of cachetwin on the command line: block catalogue,
 * golden vector generation, C-model replay of a vector file, generated HDL
 * and GTKWave files, and the area report.  `ctwin help` lists the commands.
 * Exit codes: 0 ok, 1 mismatch, 2 bad input or usage.
 */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bloom_dual_fp.h"
#include "ct_block.h"
#include "ct_gen.h"
#include "ct_run.h"
#include "ct_vec.h"
#include "wl_accel.h"
#include "wl_ata.h"
#include "wl_ccn.h"
#include "wl_ring.h"
#include "wl_cutrace.h"
#include "wl_lamar.h"
#include "wl_leak.h"
#include "wl_los.h"
#include "wl_stats.h"
#include "wl_synth.h"
#include "wl_trace.h"

static const char usage[] =
    "usage: ctwin COMMAND ...\n"
    "  list                               block catalogue with presets\n"
    "  blocks                             block names, one per line\n"
    "  presets BLOCK                      preset names of a block\n"
    "  config BLOCK CONFIG                validate a configuration, print it\n"
    "  gen BLOCK CONFIG SEED CYCLES OUT   write golden vectors (OUT '-' = stdout)\n"
    "  check FILE                         validate a vector file and replay it\n"
    "                                     against the C model\n"
    "  hdl BLOCK CONFIG DIR               write DIR/<block>_top.v and _tb.v (and vsim_block.h,\n"
    "                                     ct_spec.h: the harness's block and constants)\n"
    "  gtkw BLOCK CONFIG OUT              write a GTKWave save file\n"
    "  sc BLOCK CONFIG [CLASS]            the C model as a SystemC module (header\n"
    "                                     on stdout; class ct_<block>_<config>)\n"
    "  dpi-pkg BLOCK                      the SystemVerilog DPI-C package of a\n"
    "                                     block (on stdout)\n"
    "  host BLOCK CONFIG DIR              the SystemC shim + lockstep sc_main and\n"
    "                                     the DPI package + testbench in DIR\n"
    "  doc BLOCK                          markdown tables of the description\n"
    "  area [BLOCK [CONFIG]]              storage inventory report (default:\n"
    "                                     every block, its paper configurations)\n"
    "  fprate [CONFIG [SEED]]             bloom_dual false-positive rate, measured\n"
    "                                     on the C model vs (1-e^(-kn/m))^k\n"
    "  report BLOCK CONFIG SEED CYCLES    run the C model on its stimulus and\n"
    "                                     print its instruments (residency,\n"
    "                                     coverage); exit 1 on coverage holes\n"
    "  speed BLOCK CONFIG SEED CYCLES     cycles/s of the C model's _run on a\n"
    "                                     buffer of its stimulus (as make bench;\n"
    "                                     make profile counts its instructions)\n"
    "  trace FILE                         validate a GPU memory trace and\n"
    "                                     summarise it (docs/trace-format.md)\n"
    "  convert TRACE OUT ENC              the trace in encoding ENC: text, or\n"
    "                                     binary (read without parsing)\n"
    "  exp lamar TRACE [CONFIG [VEC N]]   the LAMAR experiment on a trace: an L1\n"
    "                                     per SM with lamar_gdu (CONFIG: paper)\n"
    "                                     in CG-only, FG-only and BGP mode; VEC:\n"
    "                                     SM 0's first N BGP-mode GDU cycles as\n"
    "                                     golden vectors (docs/workloads.md)\n"
    "  exp ccn TRACE [CONFIG]             the CCN experiment: an L1 per SM with\n"
    "                                     its shadow_tags (CONFIG: paper); uRC,\n"
    "                                     sharers found, hops\n"
    "  exp ring TRACE [CONFIG [GAP [VEC N]]]  the CCN ring timed on a trace: the\n"
    "                                     ccn model, a node per SM (CONFIG: paper),\n"
    "                                     an access every GAP cycles (1) an SM;\n"
    "                                     served / L2, latency, hops, throttlers;\n"
    "                                     VEC: its first N cycles as ccn vectors\n"
    "  exp ata TRACE [CONFIG [VEC N]]     the ATA-Cache experiment: clusters of\n"
    "                                     L1s under ata_tags (CONFIG: paper);\n"
    "                                     local / remote / L2 per cluster; VEC:\n"
    "                                     cluster 0's first N cycles as vectors\n"
    "  exp loscache TRACE [CONFIG [VEC N]]  the LoSCache experiment: L1s into one\n"
    "                                     L2 gated by loscache (CONFIG: paper);\n"
    "                                     VEC: the unit's first N cycles\n"
    "  exp leak TRACE [CONFIG [VEC N]]    the leakage policies: an L1 per SM whose\n"
    "                                     power modes are sleep_fsm (CONFIG: paper);\n"
    "                                     VEC: SM 0's first N cycles\n"
    "  kernels                            the synthetic kernels and their\n"
    "                                     parameters (docs/workloads.md)\n"
    "  synth KERNEL SEED OUT [NAME=VALUE ...]  write a synthetic kernel's trace\n"
    "  import accelsim PATH OUT [SMS]     an Accel-Sim kernelslist.g or\n"
    "                                     .traceg as a trace (SMS: 4)\n"
    "  import cutrace PATH OUT            a cuda-memtrace binary trace\n"
    "CONFIG: a preset name, or NAME=VALUE pairs (optionally after a preset).\n";

static int die(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "ctwin: ");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    return 2;
}

static const ct_block_t *block_arg(const char *name)
{
    const ct_block_t *b = ct_find_block(name);
    if (!b) {
        fprintf(stderr, "ctwin: unknown block '%s'; known blocks:", name);
        for (unsigned i = 0; i < ct_n_blocks; i++)
            fprintf(stderr, " %s", ct_blocks[i]->name);
        fputc('\n', stderr);
    }
    return b;
}

static int config_arg(const ct_block_t *b, const char *text, uint32_t *cfg)
{
    char err[CT_ERRLEN];
    if (ct_config_parse(b, text, cfg, err, sizeof err)) {
        fprintf(stderr, "ctwin: %s\n", err);
        return -1;
    }
    return 0;
}

static int u64_arg(const char *s, const char *what, uint64_t *v)
{
    char *end;
    errno = 0;
    unsigned long long x = strtoull(s, &end, 0);
    if (!*s || *end || errno || *s == '-') {
        fprintf(stderr, "ctwin: %s '%s' is not a non-negative number\n", what,
                s);
        return -1;
    }
    *v = x;
    return 0;
}

/* Writes through a temporary file renamed into place, so a failure never
 * leaves a partial file that looks complete. */
typedef struct {
    FILE *f;
    char tmp[1100];
    const char *out;
} outfile_t;

static int out_open(outfile_t *o, const char *path)
{
    o->out = path;
    if (strcmp(path, "-") == 0) {
        o->f = stdout;
        return 0;
    }
    snprintf(o->tmp, sizeof o->tmp, "%s.tmp%ld", path, (long)getpid());
    o->f = fopen(o->tmp, "w");
    if (!o->f)
        return die("cannot write %s: %s", o->tmp, strerror(errno));
    return 0;
}

static int out_close(outfile_t *o, int ok)
{
    if (o->f == stdout)
        return fflush(stdout) || !ok ? 2 : 0;
    int bad = ferror(o->f) | fclose(o->f);
    if (bad || !ok) {
        remove(o->tmp);
        return bad ? die("write to %s failed", o->tmp) : 2;
    }
    if (rename(o->tmp, o->out)) {
        remove(o->tmp);
        return die("cannot rename to %s: %s", o->out, strerror(errno));
    }
    return 0;
}

/* VEC N of an experiment that records a model: N (at least 1) into *n and
 * VEC opened into o.  0, or 2 after saying why. */
static int vec_arg(const char *path, const char *ntext, outfile_t *o, uint64_t *n)
{
    if (u64_arg(ntext, "N", n))
        return 2;
    if (*n == 0)
        return die("N=0: VEC needs at least 1 cycle");
    return out_open(o, path);
}

static int cmd_list(void)
{
    printf("%-14s %-40s %-36s %s\n", "block", "what", "paper", "presets");
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const ct_block_t *b = ct_blocks[i];
        printf("%-14s %-40s %-36s", b->name, b->title, b->paper);
        for (unsigned k = 0; k < b->n_presets; k++)
            printf(" %s", b->presets[k].name);
        printf("\n");
        for (unsigned k = 0; k < b->n_presets; k++)
            printf("    %-8s %-36s %s\n", b->presets[k].name,
                   b->presets[k].values, b->presets[k].doc);
    }
    return 0;
}

/* A run of a block's C model on its own stimulus: BLOCK CONFIG SEED CYCLES. */
typedef struct {
    const ct_block_t *b;
    uint32_t cfg[CT_MAX_PARAMS];
    uint64_t seed, cycles;
    ct_run_t run;
} run_t;

/* Parses av[0..3] (BLOCK CONFIG SEED CYCLES); 0, or an exit code. */
static int run_args(run_t *r, char **av)
{
    memset(r, 0, sizeof *r);
    r->b = block_arg(av[0]);
    if (!r->b || config_arg(r->b, av[1], r->cfg) || u64_arg(av[2], "SEED", &r->seed) ||
        u64_arg(av[3], "CYCLES", &r->cycles))
        return 2;
    return 0;
}

/* run_args, then creates the model and stimulus; 0, or an exit code. */
static int run_open(run_t *r, char **av)
{
    int rc = run_args(r, av);
    if (rc)
        return rc;
    if (ct_run_open(&r->run, r->b, r->cfg, r->seed))
        return die("out of memory");
    return 0;
}

static int cmd_gen(char **av)
{
    run_t r;
    outfile_t o;
    int rc = run_args(&r, av);
    if (rc)
        return rc;
    if (out_open(&o, av[4]))
        return 2;
    if (ct_run_write_vectors(o.f, r.b, r.b, r.cfg, r.seed, r.cycles)) {
        out_close(&o, 0);
        return die("out of memory");
    }
    return out_close(&o, 1);
}

/* The C model's batch API alone on its own stimulus, as `vsim bench` times
 * it (the buffer and checksum of ct_run.h): _run over the buffer until
 * CYCLES cycles; prints cycles/s and the outputs' checksum.
 * scripts/profile.sh counts its instructions per cycle under callgrind. */
static int cmd_speed(char **av)
{
    run_t r;
    int rc = run_open(&r, av);
    if (rc)
        return rc;
    const ct_block_t *b = r.b;
    uint64_t len = r.cycles < CT_BENCH_BUF ? r.cycles : CT_BENCH_BUF;
    uint64_t *in = calloc(len ? len * b->in_words : 1, sizeof *in);
    uint64_t *out = calloc(len ? len * b->out_words : 1, sizeof *out);
    uint64_t scratch[CT_MAX_WORDS];
    void *m = in && out ? b->create(r.cfg) : NULL;
    if (!m) {
        free(in);
        free(out);
        ct_run_close(&r.run);
        return die("out of memory");
    }
    for (uint64_t c = 0; c < len; c++) {
        const char *note;
        uint64_t w[CT_MAX_WORDS] = {0};
        ct_run_cycle(&r.run, w, scratch, &note);
        memcpy(in + c * b->in_words, w, b->in_words * sizeof *w);
    }
    ct_run_close(&r.run);
    uint64_t sum = 0;
    struct timespec t0, t1;
    double t = 0;
    for (uint64_t c = 0; c < r.cycles; c += len) {
        uint64_t n = r.cycles - c < len ? r.cycles - c : len;
        timespec_get(&t0, TIME_UTC);
        b->run(m, in, out, n);
        timespec_get(&t1, TIME_UTC);
        t += (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        sum = ct_bench_fold(sum, out, n * b->out_words);
    }
    if (b->destroy)
        b->destroy(m);
    free(in);
    free(out);
    printf("speed %s %s: %" PRIu64 " cycles (stimulus buffer %" PRIu64 " cycles), seed %" PRIu64 "\n",
           b->name, av[1], r.cycles, len, r.seed);
    printf("  C model (%s_run)     %14.0f cycles/s\n", b->name, t > 0 ? (double)r.cycles / t : 0.0);
    printf("  output checksum      %016" PRIx64 "\n", sum);
    return 0;
}

static int cmd_report(char **av)
{
    run_t r;
    int rc = run_open(&r, av);
    if (rc)
        return rc;
    if (!ct_run_has_report(&r.run)) {
        ct_run_close(&r.run);
        return die("block '%s' keeps no run instruments", r.b->name);
    }
    uint64_t in[CT_MAX_WORDS] = {0}, out[CT_MAX_WORDS] = {0};
    for (uint64_t c = 0; c < r.cycles; c++) {
        const char *note;
        ct_run_cycle(&r.run, in, out, &note);
    }
    printf("%s %s seed %" PRIu64 ", %" PRIu64 " cycles (C model)\n", r.b->name, av[1], r.seed,
           r.cycles);
    int problems = ct_run_report(&r.run, stdout);
    ct_run_close(&r.run);
    return problems ? 1 : 0;
}

/* The false-positive table of docs/blocks/bloom_dual.md and make bench. */
static int cmd_fprate(int ac, char **av)
{
    uint32_t cfg[CT_MAX_PARAMS];
    uint64_t seed = 1;
    const char *name = ac >= 1 ? av[0] : "paper";
    if (config_arg(&bloom_dual_block, name, cfg) ||
        (ac >= 2 && u64_arg(av[1], "SEED", &seed)))
        return 2;
    if (bloom_dual_fp_table(stdout, (const bloom_dual_cfg_t *)cfg, name, seed))
        return die("out of memory");
    return 0;
}

static int cmd_check(const char *path)
{
    char err[CT_ERRLEN * 2];
    ct_vec_reader_t *r = ct_vec_open(path, NULL, NULL, err, sizeof err);
    if (!r) {
        fprintf(stderr, "ctwin: %s\n", err);
        return 2;
    }
    const ct_vec_header_t *h = ct_vec_header(r);
    const ct_block_t *b = h->block;
    void *m = b->create(h->cfg);
    if (!m) {
        ct_vec_close(r);
        return die("cannot create model for %s", path);
    }
    uint64_t in[CT_MAX_WORDS], exp[CT_MAX_WORDS], act[CT_MAX_WORDS];
    uint64_t cycle = 0;
    int k, rc = 0;
    while ((k = ct_vec_next(r, in, exp, err, sizeof err)) == 1) {
        b->cycle(m, in, act);
        unsigned word;
        int i = ct_vec_diff(h, exp, act, &word);
        if (i >= 0) {
            static char ins[CT_MAX_PORTS * CT_VEC_HEXLEN];
            char e[CT_VEC_HEXLEN], a[CT_VEC_HEXLEN], where[64] = "";
            ct_vec_format_inputs(h, in, ins, sizeof ins);
            if (h->out_w[i] > 64)
                snprintf(where, sizeof where, " (64-bit word %u, bits %u..%u, differs)",
                         word, 64 * word, 64 * word + 63);
            printf("MISMATCH c-model %s at cycle %" PRIu64
                   " (%s line %lu) port %s: expected %s, actual %s%s\n  inputs: %s\n",
                   b->name, cycle, path, ct_vec_lineno(r), b->out[i].name,
                   ct_vec_format_out(h, (unsigned)i, exp, e),
                   ct_vec_format_out(h, (unsigned)i, act, a), where, ins);
            rc = 1;
            break;
        }
        cycle++;
    }
    if (k < 0) {
        fprintf(stderr, "ctwin: %s\n", err);
        rc = 2;
    } else if (rc == 0) {
        printf("PASS c-model %s: %" PRIu64 " cycles\n", path, cycle);
    }
    b->destroy(m);
    ct_vec_close(r);
    return rc;
}

static int write_gen(const char *path, const ct_block_t *b, const uint32_t *cfg,
                     void (*gen)(FILE *, const ct_block_t *, const uint32_t *))
{
    outfile_t o;
    if (out_open(&o, path))
        return 2;
    gen(o.f, b, cfg);
    return out_close(&o, 1);
}

static int cmd_hdl(char **av)
{
    const ct_block_t *b = block_arg(av[0]);
    uint32_t cfg[CT_MAX_PARAMS];
    if (!b || config_arg(b, av[1], cfg))
        return 2;
    char p[1024];
    snprintf(p, sizeof p, "%s/%s_top.v", av[2], b->name);
    if (write_gen(p, b, cfg, ct_gen_wrapper))
        return 2;
    snprintf(p, sizeof p, "%s/%s_tb.v", av[2], b->name);
    if (write_gen(p, b, cfg, ct_gen_icarus_tb))
        return 2;
    snprintf(p, sizeof p, "%s/vsim_block.h", av[2]);
    outfile_t o;
    if (out_open(&o, p))
        return 2;
    char up[64];
    size_t i;
    for (i = 0; b->name[i] && i < sizeof up - 1; i++)
        up[i] = (char)toupper((unsigned char)b->name[i]);
    up[i] = 0;
    fprintf(o.f, "/* Generated by ctwin hdl: the block and configuration of one "
                 "vsim build. */\n#define CT_B %s\n#define CT_BU %s\n"
                 "#define CT_CONFIG_TEXT \"%s\"\n#define CT_VTOP_HEADER "
                 "\"V%s_top.h\"\n#define CT_BLOCK_HEADER \"%s.h\"\n",
            b->name, up, av[1], b->name, b->name);
    if (out_close(&o, 1))
        return 2;
    /* the configuration as constants: a build of the C model specialised to
     * it (ct_desc.h CT_SPEC) */
    snprintf(p, sizeof p, "%s/ct_spec.h", av[2]);
    if (out_open(&o, p))
        return 2;
    fprintf(o.f, "/* Generated by ctwin hdl: %s's configuration as constants, for a "
                 "build of its C model specialised to it (ct_desc.h CT_SPEC). */\n"
                 "#define CT_SPEC 1\n#define CT_SPEC_TEXT \"",
            b->name);
    for (unsigned k = 0; k < b->n_params; k++)
        fprintf(o.f, "%s%s=%lu", k ? " " : "", b->params[k].name, (unsigned long)cfg[k]);
    fprintf(o.f, "\"\n");
    for (unsigned k = 0; k < b->n_params; k++)
        fprintf(o.f, "#define CT_SPEC_%s %luu\n", b->params[k].name, (unsigned long)cfg[k]);
    return out_close(&o, 1);
}

/* ctwin host: the SystemC and DPI-C files of one block/config in a dir. */
static int cmd_host(char **av)
{
    const ct_block_t *b = block_arg(av[0]);
    uint32_t cfg[CT_MAX_PARAMS];
    if (!b || config_arg(b, av[1], cfg))
        return 2;
    char cls[128], p[1024];
    outfile_t o;
    ct_gen_sc_class(cls, sizeof cls, b, av[1]);
    snprintf(p, sizeof p, "%s/%s.h", av[2], cls);
    if (out_open(&o, p))
        return 2;
    ct_gen_sc_shim(o.f, b, cfg, cls);
    if (out_close(&o, 1))
        return 2;
    snprintf(p, sizeof p, "%s/sctb_main.cpp", av[2]);
    if (out_open(&o, p))
        return 2;
    ct_gen_sc_tb(o.f, b, cfg, cls, av[1]);
    if (out_close(&o, 1))
        return 2;
    snprintf(p, sizeof p, "%s/%s_dpi.sv", av[2], b->name);
    if (out_open(&o, p))
        return 2;
    ct_gen_dpi_pkg(o.f, b);
    if (out_close(&o, 1))
        return 2;
    snprintf(p, sizeof p, "%s/%s_dpi_tb.sv", av[2], b->name);
    if (out_open(&o, p))
        return 2;
    ct_gen_dpi_tb(o.f, b, cfg, av[1]);
    if (out_close(&o, 1))
        return 2;
    /* the RTL's parameters for this configuration, as verilator -G options */
    snprintf(p, sizeof p, "%s/params.f", av[2]);
    if (out_open(&o, p))
        return 2;
    for (unsigned i = 0; i < b->n_params; i++)
        fprintf(o.f, "-G%s=%lu\n", b->params[i].name, (unsigned long)cfg[i]);
    return out_close(&o, 1);
}

/* A width expression of a description as a formula of the parameters:
 * "ct_clog2((uint64_t)(c)->NUM_LINES + 1)" -> "clog2(NUM_LINES + 1)". */
static void width_formula(const char *e, char *buf, size_t len)
{
    static const char *const drop[] = {"(uint64_t)", "(unsigned)", "(c)->", "c->", "ct_"};
    size_t n = 0;
    while (*e && n + 1 < len) {
        size_t k, skip = 0;
        for (k = 0; k < sizeof drop / sizeof drop[0] && !skip; k++)
            if (strncmp(e, drop[k], strlen(drop[k])) == 0)
                skip = strlen(drop[k]);
        if (skip) {
            e += skip;
            continue;
        }
        buf[n++] = *e++;
    }
    buf[n] = 0;
}

/* Markdown tables of a block's description (docs/blocks/<b>_interface.md). */
static int cmd_doc(const char *name)
{
    const ct_block_t *b = block_arg(name);
    if (!b)
        return 2;
    uint32_t paper[CT_MAX_PARAMS];
    if (config_arg(b, "paper", paper))
        return 2;
    printf("<!-- Generated by `ctwin doc %s` from %s_desc.h; "
           "do not edit. -->\n# %s: interface\n\n%s (%s).\n\n",
           b->name, b->name, b->name, b->title, b->paper);
    printf("## Parameters\n\n| name | range | meaning |\n|---|---|---|\n");
    for (unsigned i = 0; i < b->n_params; i++)
        printf("| `%s` | %lu..%lu | %s |\n", b->params[i].name,
               (unsigned long)b->params[i].min, (unsigned long)b->params[i].max,
               b->params[i].doc);
    printf("\n## Presets\n\n| preset | parameters | what |\n|---|---|---|\n");
    for (unsigned i = 0; i < b->n_presets; i++)
        printf("| `%s` | `%s` | %s |\n", b->presets[i].name,
               b->presets[i].values, b->presets[i].doc);
    printf("\n## Ports\n\nWidth of each port as a formula of the parameters (clog2(n) = "
           "ceil(log2(n)), at least 1), and its value\nfor each preset; `clk_i` is "
           "implicit. Vector columns are in this order, inputs first.\n\n"
           "| port | dir | width |");
    uint32_t cfgs[8][CT_MAX_PARAMS];
    unsigned iw[8][CT_MAX_PORTS], ow[8][CT_MAX_PORTS], np = 0;
    for (unsigned i = 0; i < b->n_presets && np < 8; i++, np++) {
        if (config_arg(b, b->presets[i].name, cfgs[np]))
            return 2;
        b->widths(cfgs[np], iw[np], ow[np]);
        printf(" %s |", b->presets[i].name);
    }
    printf(" meaning |\n|---|---|---|");
    for (unsigned i = 0; i < np; i++)
        printf("---|");
    printf("---|\n");
    for (unsigned i = 0; i < b->n_in + b->n_out; i++) {
        int in = i < b->n_in;
        const ct_port_t *p = in ? &b->in[i] : &b->out[i - b->n_in];
        char f[128];
        width_formula(p->width, f, sizeof f);
        printf("| `%s` | %s | %s |", p->name, in ? "in" : "out", f);
        for (unsigned k = 0; k < np; k++)
            printf(" %u |", in ? iw[k][i] : ow[k][i - b->n_in]);
        printf(" %s |\n", p->doc);
    }
    if (b->n_cover) {
        printf("\n## Functional coverage bins\n\nCounted at the ports by every run of the C model "
               "on its stimulus (`ctwin report`, lockstep,\n`make regress`), one count per cycle in "
               "which the condition holds (`c` the configuration, `i` the\ninputs, `o` the outputs "
               "of the cycle; `ct_mask(w)` = 2^w - 1, `ct_clog2(n)` = clog2(n)). A bin the\n"
               "configuration can show that a run never hit is a hole (`--require-coverage` fails "
               "the run).\n\n| bin | condition | possible when | "
               "meaning |\n|---|---|---|---|\n");
        for (unsigned k = 0; k < b->n_cover; k++)
            printf("| `%s` | `%s` | %s | %s |\n", b->cover[k].name, b->cover[k].when,
                   strcmp(b->cover[k].possible, "1") ? b->cover[k].possible : "always",
                   b->cover[k].doc);
    }
    printf("\n## Storage inventory (paper configuration)\n\n```\n");
    ct_area_report(stdout, b, paper, "paper", NULL);
    printf("```\n");
    return 0;
}

static int cmd_area(int ac, char **av)
{
    printf("Area report: storage inventory from rtl_model/<system>/<block>_desc.h "
           "(exact bit counts; bytes = bits/8)\n");
    printf("%-16s %-8s %-22s %9s   %3s   %10s      %10s\n", "block", "config",
           "structure", "entries", "bits", "total", "bytes");
    uint64_t total = 0;
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const ct_block_t *b = ct_blocks[i];
        if (ac >= 1 && strcmp(av[0], b->name) != 0)
            continue;
        uint32_t cfg[CT_MAX_PARAMS];
        if (ac >= 2) { /* one configuration */
            if (config_arg(b, av[1], cfg))
                return 2;
            ct_area_report(stdout, b, cfg, av[1], &total);
            continue;
        }
        /* every paper configuration (paper, paper_l2 ...) */
        for (unsigned k = 0; k < b->n_presets; k++) {
            const char *name = b->presets[k].name;
            if (strncmp(name, "paper", 5) != 0)
                continue;
            if (config_arg(b, name, cfg))
                return 2;
            ct_area_report(stdout, b, cfg, name, &total);
        }
    }
    if (ac >= 1 && !block_arg(av[0]))
        return 2;
    printf("%-48s %27llu bits %10.1f B\n", "sum of the rows above",
           (unsigned long long)total, total / 8.0);
    return 0;
}

/* ------------------------------------------------------------ workloads */

static int cmd_trace(const char *path)
{
    char err[CT_ERRLEN];
    wl_reader_t *r = wl_open(path, err, sizeof err);
    if (!r)
        return die("%s", err);
    const wl_trace_header_t *h = wl_header(r);
    wl_stats_t st;
    if (wl_stats_init(&st, h->line_b, h->sector_b) < 0) {
        wl_close(r, NULL, 0);
        return die("%s: out of memory", path);
    }
    wl_rec_t rec;
    int got;
    while ((got = wl_next(r, &rec, err, sizeof err)) > 0) {
        if (rec.type == WL_REC_KERNEL)
            wl_stats_kernel(&st);
        else if (wl_stats_access(&st, &rec.a) < 0) {
            got = -1;
            snprintf(err, sizeof err, "%s: out of memory", path);
            break;
        }
    }
    if (got == 0 && wl_stats_finish(&st) < 0) {
        got = -1;
        snprintf(err, sizeof err, "%s: out of memory", path);
    }
    if (wl_close(r, got < 0 ? NULL : err, sizeof err) < 0)
        got = -1;
    if (got < 0) {
        wl_stats_free(&st);
        return die("%s", err);
    }
    printf("trace     %s: format %d%s, %u B lines, %u B sectors%s%s\n", path, WL_TRACE_FORMAT,
           h->binary ? " (binary)" : "", h->line_b, h->sector_b, h->source[0] ? "; source: " : "", h->source);
    wl_stats_print(stdout, &st);
    wl_stats_free(&st);
    return 0;
}

static int cmd_convert(char **av)
{
    char err[CT_ERRLEN];
    if (strcmp(av[2], "text") != 0 && strcmp(av[2], "binary") != 0)
        return die("unknown encoding '%s' (known: text, binary)", av[2]);
    outfile_t o;
    if (out_open(&o, av[1]))
        return 2;
    int ok = wl_convert(av[0], o.f, av[2][0] == 'b', err, sizeof err) == 0;
    if (!ok)
        die("%s", err);
    return out_close(&o, ok);
}

static int cmd_kernels(void)
{
    for (unsigned i = 0; i < wl_n_kernels; i++) {
        const wl_kernel_t *k = wl_kernels[i];
        printf("%s: %s\n", k->name, k->doc);
        for (unsigned j = 0; j < k->n_params; j++)
            printf("  %-8s %10u  %u..%u  %s\n", k->params[j].name, k->params[j].def, k->params[j].min,
                   k->params[j].max, k->params[j].doc);
    }
    return 0;
}

static int cmd_synth(int ac, char **av)
{
    const wl_kernel_t *k = wl_find_kernel(av[0]);
    char err[CT_ERRLEN], text[512] = "";
    uint32_t v[WL_SYNTH_MAXP];
    uint64_t seed;
    if (!k) {
        fprintf(stderr, "ctwin: unknown kernel '%s'; known kernels:", av[0]);
        for (unsigned i = 0; i < wl_n_kernels; i++)
            fprintf(stderr, " %s", wl_kernels[i]->name);
        fputc('\n', stderr);
        return 2;
    }
    if (u64_arg(av[1], "SEED", &seed))
        return 2;
    for (int i = 3; i < ac; i++) {
        if (strlen(text) + strlen(av[i]) + 2 > sizeof text)
            return die("parameters too long");
        strcat(text, " ");
        strcat(text, av[i]);
    }
    if (wl_synth_parse(k, text, v, err, sizeof err) < 0)
        return die("%s", err);
    outfile_t o;
    if (out_open(&o, av[2]))
        return 2;
    int ok = wl_synth_write(k, v, seed, o.f, err, sizeof err) == 0;
    if (!ok)
        die("%s", err);
    return out_close(&o, ok);
}

static int cmd_import(int ac, char **av)
{
    unsigned long long sms = 4;
    char err[CT_ERRLEN];
    if (strcmp(av[0], "cutrace") == 0 && ac == 3) {
        outfile_t o;
        wl_cutrace_stats_t st;
        if (out_open(&o, av[2]))
            return 2;
        int ok = wl_cutrace_import(av[1], o.f, &st, err, sizeof err) == 0;
        if (!ok)
            die("%s", err);
        else
            fprintf(stderr,
                    "ctwin: %s: %llu kernels, %llu records, %llu thread accesses in %llu groups as %llu accesses\n",
                    av[1], (unsigned long long)st.kernels, (unsigned long long)st.records,
                    (unsigned long long)st.thread_accesses, (unsigned long long)st.groups,
                    (unsigned long long)st.accesses);
        return out_close(&o, ok);
    }
    if (strcmp(av[0], "accelsim") != 0)
        return die("unknown trace format '%s' (known: accelsim, cutrace)", av[0]);
    if (ac == 4) {
        char *end;
        sms = strtoull(av[3], &end, 10);
        if (!isdigit((unsigned char)av[3][0]) || *end || sms < 1 || sms > WL_MAX_SM)
            return die("SMS '%s' is not a number in 1..%d", av[3], WL_MAX_SM);
    }
    outfile_t o;
    if (out_open(&o, av[2]))
        return 2;
    wl_accel_stats_t st;
    int ok = wl_accel_import(av[1], (unsigned)sms, o.f, &st, err, sizeof err) == 0;
    if (!ok)
        die("%s", err);
    else
        fprintf(stderr,
                "ctwin: %s: %llu kernels, %llu thread blocks, %llu warp instructions; %llu global-memory "
                "instructions as %llu accesses, %llu other memory instructions skipped\n",
                av[1], (unsigned long long)st.kernels, (unsigned long long)st.tbs, (unsigned long long)st.insts,
                (unsigned long long)st.mem_global, (unsigned long long)st.accesses,
                (unsigned long long)st.skipped_mem);
    return out_close(&o, ok);
}

static int cmd_exp(int ac, char **av)
{
    char err[CT_ERRLEN];
    const char *cfg = ac >= 3 ? av[2] : "paper";
    if (strcmp(av[0], "ccn") == 0 && ac <= 3) {
        wl_ccn_res_t r;
        if (wl_ccn_run(av[1], cfg, &r, err, sizeof err) < 0)
            return die("%s", err);
        wl_ccn_print(stdout, av[1], cfg, &r);
        return fflush(stdout) ? 2 : 0;
    }
    if (strcmp(av[0], "ring") == 0 && ac != 5) {
        wl_ring_res_t r;
        uint64_t n = 0, gap = 1;
        outfile_t o;
        int vec = ac == 6;
        if ((ac >= 4 && u64_arg(av[3], "GAP", &gap)) || (vec && vec_arg(av[4], av[5], &o, &n)))
            return 2;
        int ok = wl_ring_run(av[1], cfg, gap, &r, vec ? o.f : NULL, n, err, sizeof err) == 0;
        if (vec && out_close(&o, ok) && ok)
            return 2;
        if (!ok) /* (the partial file is gone) */
            return die("%s", err);
        wl_ring_print(stdout, av[1], cfg, &r);
        return fflush(stdout) ? 2 : 0;
    }
    /* TRACE [CONFIG [VEC N]]: the experiment, one instance of its block
     * recorded as golden vectors when VEC N are given */
    static const char *const recorded[] = {"ata", "loscache", "leak"};
    int x = -1;
    for (int k = 0; k < 3; k++)
        if (strcmp(av[0], recorded[k]) == 0)
            x = k;
    if (x >= 0 && (ac <= 3 || ac == 5)) {
        outfile_t o = {NULL, "", NULL};
        uint64_t n = 0;
        if (ac == 5 && vec_arg(av[3], av[4], &o, &n))
            return 2;
        union {
            wl_ata_res_t ata;
            wl_los_res_t los;
            wl_leak_res_t leak;
        } r;
        wl_vec_to_t to = {o.f, n, NULL, NULL}, *vec = o.f ? &to : NULL;
        int ok = (x == 0   ? wl_ata_run(av[1], cfg, &r.ata, vec, err, sizeof err)
                  : x == 1 ? wl_los_run(av[1], cfg, &r.los, vec, err, sizeof err)
                           : wl_leak_run(av[1], cfg, &r.leak, vec, err, sizeof err)) == 0;
        if (o.f && out_close(&o, ok) && ok)
            return 2;
        if (!ok) /* (the partial file is gone) */
            return die("%s", err);
        if (x == 0)
            wl_ata_print(stdout, av[1], cfg, &r.ata);
        else if (x == 1)
            wl_los_print(stdout, av[1], cfg, &r.los);
        else
            wl_leak_print(stdout, av[1], cfg, &r.leak);
        return fflush(stdout) ? 2 : 0;
    }
    /* here: lamar, another experiment with arguments it does not take, or no experiment */
    static const char *const known[] = {"lamar", "ccn", "ring", "ata", "loscache", "leak"};
    char names[128] = "";
    int found = 0;
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        found |= strcmp(av[0], known[k]) == 0;
        snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", k ? ", " : "", known[k]);
    }
    if (!found)
        return die("unknown experiment '%s' (known: %s)", av[0], names);
    if (strcmp(av[0], "lamar") != 0 || ac == 4 || ac == 6)
        return die("exp %s: wrong arguments (ctwin help)", av[0]);
    uint64_t n = 0;
    wl_lamar_res_t res[3];
    for (unsigned mode = 0; mode < 3; mode++) {
        outfile_t o;
        int vec = ac == 5 && mode == WL_LAMAR_DYN;
        if (vec && vec_arg(av[3], av[4], &o, &n))
            return 2;
        wl_vec_to_t to = {vec ? o.f : NULL, n, NULL, NULL};
        int ok = wl_lamar_run(av[1], mode, cfg, &res[mode], vec ? &to : NULL, err, sizeof err) == 0;
        if (vec && out_close(&o, ok) && ok)
            return 2;
        if (!ok) /* (the partial file is gone) */
            return die("%s", err);
    }
    wl_lamar_print(stdout, av[1], cfg, res);
    return fflush(stdout) ? 2 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "help") == 0 ||
        strcmp(argv[1], "--help") == 0) {
        fputs(usage, argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    const char *cmd = argv[1];
    int ac = argc - 2;
    char **av = argv + 2;
    if (strcmp(cmd, "list") == 0 && ac == 0)
        return cmd_list();
    if (strcmp(cmd, "blocks") == 0 && ac == 0) {
        for (unsigned i = 0; i < ct_n_blocks; i++)
            printf("%s\n", ct_blocks[i]->name);
        return 0;
    }
    if (strcmp(cmd, "presets") == 0 && ac == 1) {
        const ct_block_t *b = block_arg(av[0]);
        if (!b)
            return 2;
        for (unsigned k = 0; k < b->n_presets; k++)
            printf("%s\n", b->presets[k].name);
        return 0;
    }
    if (strcmp(cmd, "config") == 0 && ac == 2) {
        const ct_block_t *b = block_arg(av[0]);
        uint32_t cfg[CT_MAX_PARAMS];
        char txt[512];
        if (!b || config_arg(b, av[1], cfg))
            return 2;
        ct_config_format(b, cfg, txt, sizeof txt);
        printf("%s\n", txt);
        return 0;
    }
    if (strcmp(cmd, "gen") == 0 && ac == 5)
        return cmd_gen(av);
    if (strcmp(cmd, "check") == 0 && ac == 1)
        return cmd_check(av[0]);
    if (strcmp(cmd, "hdl") == 0 && ac == 3)
        return cmd_hdl(av);
    if (strcmp(cmd, "gtkw") == 0 && ac == 3) {
        const ct_block_t *b = block_arg(av[0]);
        uint32_t cfg[CT_MAX_PARAMS];
        if (!b || config_arg(b, av[1], cfg))
            return 2;
        return write_gen(av[2], b, cfg, ct_gen_gtkw);
    }
    if (strcmp(cmd, "sc") == 0 && (ac == 2 || ac == 3)) {
        const ct_block_t *b = block_arg(av[0]);
        uint32_t cfg[CT_MAX_PARAMS];
        char cls[128];
        if (!b || config_arg(b, av[1], cfg))
            return 2;
        ct_gen_sc_class(cls, sizeof cls, b, ac == 3 ? "" : av[1]);
        if (ac == 3)
            snprintf(cls, sizeof cls, "%s", av[2]);
        ct_gen_sc_shim(stdout, b, cfg, cls);
        return fflush(stdout) ? 2 : 0;
    }
    if (strcmp(cmd, "dpi-pkg") == 0 && ac == 1) {
        const ct_block_t *b = block_arg(av[0]);
        if (!b)
            return 2;
        ct_gen_dpi_pkg(stdout, b);
        return fflush(stdout) ? 2 : 0;
    }
    if (strcmp(cmd, "host") == 0 && ac == 3)
        return cmd_host(av);
    if (strcmp(cmd, "doc") == 0 && ac == 1)
        return cmd_doc(av[0]);
    if (strcmp(cmd, "fprate") == 0 && ac <= 2)
        return cmd_fprate(ac, av);
    if (strcmp(cmd, "report") == 0 && ac == 4)
        return cmd_report(av);
    if (strcmp(cmd, "speed") == 0 && ac == 4)
        return cmd_speed(av);
    if (strcmp(cmd, "area") == 0 && ac <= 2)
        return cmd_area(ac, av);
    if (strcmp(cmd, "trace") == 0 && ac == 1)
        return cmd_trace(av[0]);
    if (strcmp(cmd, "convert") == 0 && ac == 3)
        return cmd_convert(av);
    if (strcmp(cmd, "exp") == 0 && ac >= 2 && ac <= 6)
        return cmd_exp(ac, av);
    if (strcmp(cmd, "kernels") == 0 && ac == 0)
        return cmd_kernels();
    if (strcmp(cmd, "synth") == 0 && ac >= 3)
        return cmd_synth(ac, av);
    if (strcmp(cmd, "import") == 0 && (ac == 3 || ac == 4))
        return cmd_import(ac, av);
    fprintf(stderr, "ctwin: unknown command or wrong arguments: '%s'\n%s", cmd,
            usage);
    return 2;
}
