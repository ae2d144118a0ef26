/*
 * cmd_model.c - ctwin's commands on the catalogue and a block's C model:
 * list, blocks, presets, config, draw (a random legal configuration), gen
 * (golden vectors), check (a vector file replayed on the C model), report,
 * speed, fprate and area (ctwin.h).
 */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bloom_dual_fp.h"
#include "ct_draw.h"
#include "ct_gen.h"
#include "ct_run.h"
#include "ct_vec.h"
#include "ctwin.h"

static int cmd_list(int ac, char **av)
{
    (void)ac;
    (void)av;
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

static int cmd_blocks(int ac, char **av)
{
    (void)ac;
    (void)av;
    for (unsigned i = 0; i < ct_n_blocks; i++)
        printf("%s\n", ct_blocks[i]->name);
    return 0;
}

static int cmd_presets(int ac, char **av)
{
    (void)ac;
    const ct_block_t *b = block_arg(av[0]);
    if (!b)
        return 2;
    for (unsigned k = 0; k < b->n_presets; k++)
        printf("%s\n", b->presets[k].name);
    return 0;
}

static int cmd_config(int ac, char **av)
{
    (void)ac;
    const ct_block_t *b;
    uint32_t cfg[CT_MAX_PARAMS];
    char txt[512];
    if (block_config_args(av, &b, cfg))
        return 2;
    ct_config_format(b, cfg, txt, sizeof txt);
    printf("%s\n", txt);
    return 0;
}

/* BLOCK SEED [STORAGE_BITS [PORT_BITS]]: a random legal configuration as
 * NAME=VALUE pairs joined by commas (one word: a folder name, a make
 * variable), with its storage and port bits on stderr. */
static int cmd_draw(int ac, char **av)
{
    const ct_block_t *b = block_arg(av[0]);
    uint64_t seed;
    ct_draw_limits_t lim = ct_draw_default_limits;
    if (!b || u64_arg(av[1], "SEED", &seed) || (ac > 2 && u64_arg(av[2], "STORAGE_BITS", &lim.max_storage_bits)) ||
        (ac > 3 && u64_arg(av[3], "PORT_BITS", &lim.max_port_bits)))
        return 2;
    uint32_t cfg[CT_MAX_PARAMS];
    unsigned tries;
    if (ct_config_draw(b, seed, &lim, cfg, &tries))
        return die("draw %s seed %" PRIu64 ": no legal configuration within %" PRIu64 " storage bits and %" PRIu64
                   " port bits in %u draws",
                   b->name, seed, lim.max_storage_bits, lim.max_port_bits, lim.tries);
    for (unsigned i = 0; i < b->n_params; i++)
        printf("%s%s=%lu", i ? "," : "", b->params[i].name, (unsigned long)cfg[i]);
    printf("\n");
    fprintf(stderr,
            "ctwin draw %s seed %" PRIu64 ": %" PRIu64 " storage bits, %" PRIu64 " port bits, %" PRIu64
            " logic bits, draw %u\n",
            b->name, seed, ct_config_storage_bits(b, cfg), ct_config_port_bits(b, cfg), ct_config_logic_bits(b, cfg),
            tries);
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

static int cmd_gen(int ac, char **av)
{
    (void)ac;
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

/* The C model's batch API alone on its own stimulus, as `vlharness bench` times
 * it (the buffer and checksum of ct_run.h): _run over the buffer until
 * CYCLES cycles; prints cycles/s and the outputs' checksum.
 * scripts/profile.sh counts its instructions per cycle under callgrind. */
static int cmd_speed(int ac, char **av)
{
    (void)ac;
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

static int cmd_report(int ac, char **av)
{
    (void)ac;
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

/* ctwin check FILE: the file replayed on the C model; on a pass, the
 * functional coverage the file's rows hit (the bins, as a lockstep run
 * prints them: what a committed file contributes to its preset's bins). */
static int cmd_check(int ac, char **av)
{
    (void)ac;
    const char *path = av[0];
    char err[CT_ERRLEN * 2];
    ct_vec_reader_t *r = ct_vec_open(path, NULL, NULL, err, sizeof err);
    if (!r) {
        fprintf(stderr, "ctwin: %s\n", err);
        return 2;
    }
    const ct_vec_header_t *h = ct_vec_header(r);
    const ct_block_t *b = h->block;
    ct_run_t run;
    if (ct_run_open_model(&run, b, h->cfg)) {
        ct_vec_close(r);
        return die("cannot create model for %s", path);
    }
    uint64_t in[CT_MAX_WORDS], exp[CT_MAX_WORDS], act[CT_MAX_WORDS];
    uint64_t cycle = 0;
    int k, rc = 0;
    while ((k = ct_vec_next(r, in, exp, err, sizeof err)) == 1) {
        ct_run_step(&run, in, act);
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
        if (ct_run_has_report(&run))
            ct_run_report(&run, stdout);
    }
    ct_run_close(&run);
    ct_vec_close(r);
    return rc;
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

const ctwin_cmd_t ctwin_model_cmds[] = {
    {"list", "", "block catalogue with presets", 0, 0, cmd_list},
    {"blocks", "", "block names, one per line", 0, 0, cmd_blocks},
    {"presets", "BLOCK", "preset names of a block", 1, 1, cmd_presets},
    {"config", "BLOCK CONFIG", "validate a configuration, print it", 2, 2, cmd_config},
    {"draw", "BLOCK SEED [STORAGE_BITS [PORT_BITS]]",
     "a random legal configuration beyond the presets (each parameter at its extremes, near powers of two, or "
     "uniform; within 8,192 storage, 4,096 port and 4,096 logic bits): NAME=VALUE,...", 2, 4, cmd_draw},
    {"gen", "BLOCK CONFIG SEED CYCLES OUT", "write golden vectors (OUT '-' = stdout)", 5, 5, cmd_gen},
    {"check", "FILE",
     "validate a vector file and replay it against the C model; then the functional coverage bins its "
     "rows hit", 1, 1, cmd_check},
    {"report", "BLOCK CONFIG SEED CYCLES",
     "run the C model on its stimulus and print its instruments (residency, coverage); exit 1 on "
     "coverage holes", 4, 4, cmd_report},
    {"speed", "BLOCK CONFIG SEED CYCLES",
     "cycles/s of the C model's _run on a buffer of its stimulus (as make bench; make profile "
     "counts its instructions)", 4, 4, cmd_speed},
    {"fprate", "[CONFIG [SEED]]",
     "bloom_dual false-positive rate, measured on the C model vs (1-e^(-kn/m))^k", 0, 2, cmd_fprate},
    {"area", "[BLOCK [CONFIG]]",
     "storage inventory report (default: every block, its paper configurations)", 0, 2, cmd_area},
    {NULL, NULL, NULL, 0, 0, NULL},
};
