/*
 * cmd_work.c - ctwin's commands on GPU memory traces (the workload library,
 * workloads/): trace, convert, kernels, synth, import and exp (ctwin.h).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "ctwin.h"
#include "wl_accel.h"
#include "wl_bench.h"
#include "wl_ata.h"
#include "wl_ccn.h"
#include "wl_cutrace.h"
#include "wl_lamar.h"
#include "wl_leak.h"
#include "wl_los.h"
#include "wl_ring.h"
#include "wl_stats.h"
#include "wl_synth.h"
#include "wl_trace.h"

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

static int cmd_trace(int ac, char **av)
{
    (void)ac;
    const char *path = av[0];
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

static int cmd_convert(int ac, char **av)
{
    (void)ac;
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

/* a kernel's parameters, a line each: name, default, range, meaning */
static void print_params(const wl_kernel_t *k)
{
    for (unsigned j = 0; j < k->n_params; j++)
        printf("  %-8s %10u  %u..%u  %s\n", k->params[j].name, k->params[j].def, k->params[j].min, k->params[j].max,
               k->params[j].doc);
}

static int cmd_kernels(int ac, char **av)
{
    (void)ac;
    (void)av;
    for (unsigned i = 0; i < wl_n_kernels; i++) {
        const wl_kernel_t *k = wl_kernels[i];
        printf("%s: %s\n", k->name, k->doc);
        print_params(k);
    }
    return 0;
}

/* NAME=VALUE arguments av[from..ac-1] as one blank-separated text */
static int join_params(int ac, char **av, int from, char *text, size_t len)
{
    text[0] = 0;
    for (int i = from; i < ac; i++) {
        if (strlen(text) + strlen(av[i]) + 2 > len)
            return die("parameters too long");
        strcat(text, " ");
        strcat(text, av[i]);
    }
    return 0;
}

static int cmd_synth(int ac, char **av)
{
    const wl_kernel_t *k = wl_find_kernel(av[0]);
    char err[CT_ERRLEN], text[512];
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
    if (join_params(ac, av, 3, text, sizeof text))
        return 2;
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

static int cmd_benches(int ac, char **av)
{
    (void)ac;
    (void)av;
    for (unsigned i = 0; i < wl_n_benches; i++) {
        const wl_bench_t *b = wl_benches[i];
        printf("%s (%s; default: %s): %s\n", b->k.name, b->suite, b->source, b->k.doc);
        print_params(&b->k);
    }
    return 0;
}

static int cmd_bench(int ac, char **av)
{
    const wl_bench_t *b = wl_find_bench(av[0]);
    char err[CT_ERRLEN], text[512];
    uint32_t v[WL_SYNTH_MAXP];
    uint64_t seed;
    int binary = 0, from = 3;
    if (!b) {
        fprintf(stderr, "ctwin: unknown benchmark '%s'; known benchmarks:", av[0]);
        for (unsigned i = 0; i < wl_n_benches; i++)
            fprintf(stderr, " %s", wl_benches[i]->k.name);
        fputc('\n', stderr);
        return 2;
    }
    if (u64_arg(av[1], "SEED", &seed))
        return 2;
    if (ac > 3 && strcmp(av[3], "--binary") == 0)
        binary = 1, from = 4;
    if (join_params(ac, av, from, text, sizeof text))
        return 2;
    if (wl_bench_parse(b, text, v, err, sizeof err) < 0)
        return die("%s", err);
    outfile_t o;
    if (out_open(&o, av[2]))
        return 2;
    wl_bench_stats_t st;
    int ok = wl_bench_write(b, v, seed, o.f, binary, &st, err, sizeof err) == 0;
    if (!ok)
        die("%s", err);
    else
        fprintf(stderr, "ctwin: bench %s: %llu launches started, %llu warp instructions, %llu requests\n",
                b->k.name, (unsigned long long)st.launches, (unsigned long long)st.instructions,
                (unsigned long long)st.requests);
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
        wl_ring_opt_t t = {1, 1, 0, 1};
        uint64_t n = 0;
        outfile_t o;
        int vec = ac == 6;
        if (ac >= 4 && wl_ring_opt(av[3], &t, err, sizeof err) < 0)
            return die("%s", err);
        if (vec && vec_arg(av[4], av[5], &o, &n))
            return 2;
        int ok = wl_ring_run_opt(av[1], cfg, &t, &r, vec ? o.f : NULL, n, err, sizeof err) == 0;
        if (vec && out_close(&o, ok) && ok)
            return 2;
        if (!ok) /* (the partial file is gone) */
            return die("%s", err);
        wl_ring_print(stdout, av[1], cfg, &r);
        return fflush(stdout) ? 2 : 0;
    }
    if (strcmp(av[0], "loscache") == 0 && ac == 4) { /* TRACE CONFIG OPTIONS: the chip of the parts */
        wl_los_opt_t t;
        wl_los_res_t r;
        if (wl_los_opt(av[3], &t, err, sizeof err) < 0 || wl_los_run_opt(av[1], cfg, &t, &r, err, sizeof err) < 0)
            return die("%s", err);
        wl_los_print(stdout, av[1], cfg, &r);
        return fflush(stdout) ? 2 : 0;
    }
    /* TRACE [CONFIG [VEC N]]: the experiment, one instance of its block
     * recorded as golden vectors when VEC N are given */
    static const char *const recorded[] = {"ata", "loscache", "leak"};
    int x = -1;
    for (int k = 0; k < 3; k++)
        if (strcmp(av[0], recorded[k]) == 0)
            x = k;
    /* leak TRACE CONFIG L2CONFIG: the managed L2's sleep_fsm configuration */
    const char *l2cfg = x == 2 && ac == 4 ? av[3] : WL_LEAK_L2_CFG;
    if (x >= 0 && (ac <= 3 || ac == 5 || (x == 2 && ac == 4))) {
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
                           : wl_leak_run_l2(av[1], cfg, l2cfg, &r.leak, vec, err, sizeof err)) == 0;
        if (o.f && out_close(&o, ok) && ok)
            return 2;
        if (!ok) /* (the partial file is gone) */
            return die("%s", err);
        if (x == 0)
            wl_ata_print(stdout, av[1], cfg, &r.ata);
        else if (x == 1)
            wl_los_print(stdout, av[1], cfg, &r.los);
        else
            wl_leak_print(stdout, av[1], cfg, l2cfg, &r.leak);
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
    wl_lamar_res_t res[WL_LAMAR_MODES];
    for (unsigned mode = 0; mode < WL_LAMAR_MODES; mode++) {
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

const ctwin_cmd_t ctwin_work_cmds[] = {
    {"trace", "FILE", "validate a GPU memory trace and summarise it (docs/trace-format.md)", 1, 1,
     cmd_trace},
    {"convert", "TRACE OUT ENC", "the trace in encoding ENC: text, or binary (read without parsing)",
     3, 3, cmd_convert},
    {"exp", "lamar TRACE [CONFIG [VEC N]]",
     "the LAMAR experiment on a trace: an L1 per SM with lamar_gdu (CONFIG: paper) in CG-only, "
     "FG-only, BGP, BGP_inf (an exact set for the filter) and SPP mode; VEC: SM 0's first N BGP-mode GDU cycles as golden vectors "
     "(docs/workloads.md)", 2, 6, cmd_exp},
    {"exp", "ccn TRACE [CONFIG]",
     "the CCN experiment: an L1 per SM with its shadow_tags (CONFIG: paper); uRC, sharers found, hops",
     2, 6, cmd_exp},
    {"exp", "ring TRACE [CONFIG [GAP[,BANKS=B,BUSY=S,CCN=0|1] [VEC N]]]",
     "the CCN ring timed on a trace: the ccn model, a node per SM (CONFIG: paper), an access every "
     "GAP cycles (1) an SM, an L2 of B banks (1) each taking a request every S cycles (0), CCN on (1) or every miss "
     "straight to L2 (0); served / L2, latency, hops, throttlers; VEC: its first N cycles as ccn vectors", 2, 6,
     cmd_exp},
    {"exp", "ata TRACE [CONFIG [VEC N]]",
     "the ATA-Cache experiment: clusters of L1s under ata_tags (CONFIG: paper); local / remote / L2 "
     "per cluster, the decoupled- and remote-sharing baselines, the L1 data ports' waits; VEC: cluster 0's "
     "first N cycles as vectors", 2, 6, cmd_exp},
    {"exp", "loscache TRACE [CONFIG [VEC N | TABLES=ONE|SM[,NAIVE=0|1]]]",
     "the LoSCache experiment: L1s into one L2 gated by loscache (CONFIG: paper); VEC: the unit's "
     "first N cycles; TABLES=SM: a table per SM before the L2's counters (the parts' models), NAIVE=1: "
     "the naive predictor (T never raised)", 2, 6, cmd_exp},
    {"exp", "leak TRACE [CONFIG [VEC N | L2CONFIG]]",
     "the leakage policies: an L1 per SM whose power modes are sleep_fsm (CONFIG: paper), and the "
     "L2 managed on its own (sleep_fsm L2CONFIG: paper_l2); VEC: SM 0's first N cycles", 2, 6, cmd_exp},
    {"kernels", "", "the synthetic kernels and their parameters (docs/workloads.md)", 0, 0, cmd_kernels},
    {"synth", "KERNEL SEED OUT [NAME=VALUE ...]", "write a synthetic kernel's trace", 3, 64, cmd_synth},
    {"benches", "", "the benchmark kernels (PolyBench/GPU, Rodinia) and their parameters (docs/benchmarks.md)",
     0, 0, cmd_benches},
    {"bench", "NAME SEED OUT [--binary] [NAME=VALUE ...]",
     "write a benchmark kernel's trace: its first REQS requests, issued by the documented scheduler", 3, 64,
     cmd_bench},
    {"import", "accelsim PATH OUT [SMS]", "an Accel-Sim kernelslist.g or .traceg as a trace (SMS: 4)",
     3, 4, cmd_import},
    {"import", "cutrace PATH OUT", "a cuda-memtrace binary trace", 3, 4, cmd_import},
    {NULL, NULL, NULL, 0, 0, NULL},
};
