/*
 * ct_dpi.c - the C models as SystemVerilog DPI-C imports
 * (rtl_model/host/cachetwin_dpi.sv declares them; the generated package
 * <block>_dpi.sv wraps them per block with the block's port names).
 *
 * Only scalar arguments cross the boundary (chandle, string, int, longint
 * unsigned), so the same imports serve every block and every configuration
 * and the C side needs no svdpi.h: ports travel as the models' 64-bit words,
 * set and read one word at a time (word offsets: the generated package).
 * A handle is one model plus its input, output and "actual" word arrays.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cachetwin.h"
#include "ct_report.h"

typedef struct {
    ct_model_t *m;
    ct_vec_header_t h; /* for the mismatch report */
    uint64_t in[CT_MAX_WORDS], out[CT_MAX_WORDS], act[CT_MAX_WORDS];
    ct_stim_t *stim;
    ct_model_t *stim_model; /* the configuration the stimulus is made for */
    const char *note;
} ct_dpi_t;

/* The prototypes Verilator's V<top>__Dpi.h declares for cachetwin_dpi.sv. */
void *ct_dpi_new(const char *block, const char *config);
void ct_dpi_free(void *h);
int ct_dpi_words(void *h, int dir);
void ct_dpi_set(void *h, int word, unsigned long long v);
unsigned long long ct_dpi_get(void *h, int dir, int word);
void ct_dpi_eval(void *h);
void ct_dpi_step(void *h);
void ct_dpi_cycle(void *h);
int ct_dpi_stim(void *h, unsigned long long seed, const char *config);
void ct_dpi_stim_next(void *h);
void ct_dpi_set_act(void *h, int word, unsigned long long v);
int ct_dpi_set_port(void *h, const char *port, int word, unsigned long long v);
unsigned long long ct_dpi_get_port(void *h, int dir, const char *port, int word);
int ct_dpi_check(void *h, unsigned long long cycle, unsigned long long seed);
int ct_dpi_status(void);

/* The worst outcome so far, for a testbench's exit code: 0 none, 1 a
 * mismatch (ct_dpi_check), 2 a model that could not be made. */
static int g_status;
static void status(int s)
{
    if (s > g_status)
        g_status = s;
}

int ct_dpi_status(void) { return g_status; }

void *ct_dpi_new(const char *block, const char *config)
{
    char err[CT_ERRLEN];
    ct_dpi_t *d = calloc(1, sizeof *d);
    if (!d)
        return NULL;
    d->m = ct_model_new(block, config, err, sizeof err);
    uint32_t cfg[CT_MAX_PARAMS];
    const ct_block_t *b = block ? ct_find_block(block) : NULL;
    if (!d->m || ct_config_parse(b, config, cfg, err, sizeof err) != 0) {
        fprintf(stderr, "ct_dpi_new(\"%s\", \"%s\"): %s\n", block ? block : "",
                config ? config : "", err);
        ct_model_free(d->m);
        free(d);
        status(2);
        return NULL;
    }
    ct_vec_header_init(&d->h, b, cfg, 0, 0);
    return d;
}

void ct_dpi_free(void *h)
{
    ct_dpi_t *d = h;
    if (!d)
        return;
    ct_stim_free(d->stim);
    ct_model_free(d->stim_model);
    ct_model_free(d->m);
    free(d);
}

static int word_ok(const ct_dpi_t *d, int dir, int word)
{
    return d && word >= 0 && (unsigned)word < ct_model_words(d->m, dir);
}

int ct_dpi_words(void *h, int dir)
{
    ct_dpi_t *d = h;
    return d ? (int)ct_model_words(d->m, dir) : 0;
}

void ct_dpi_set(void *h, int word, unsigned long long v)
{
    ct_dpi_t *d = h;
    if (word_ok(d, CT_DIR_IN, word))
        d->in[word] = v;
}

/* dir 0: the inputs (after ct_dpi_stim_next), 1: the outputs of the last
 * eval/cycle */
unsigned long long ct_dpi_get(void *h, int dir, int word)
{
    ct_dpi_t *d = h;
    if (!word_ok(d, dir, word))
        return 0;
    return dir == CT_DIR_OUT ? d->out[word] : d->in[word];
}

/* Word `word` of the port named `port` (any width), by name: set one of an
 * input's words (bits above the port's width dropped), get one of an input's
 * (dir 0) or output's (dir 1) words.  set returns 0, -1 for an unknown name
 * or a word past the port; get returns 0 for those. */
int ct_dpi_set_port(void *h, const char *port, int word, unsigned long long v)
{
    ct_dpi_t *d = h;
    uint64_t w[CT_MAX_WORDS];
    int n = d ? ct_model_get_words(d->m, d->in, CT_DIR_IN, port, w, CT_MAX_WORDS) : -1;
    if (n < 0 || word < 0 || word >= n)
        return -1;
    w[word] = v;
    ct_model_set_words(d->m, d->in, port, w, (unsigned)n);
    return 0;
}

unsigned long long ct_dpi_get_port(void *h, int dir, const char *port, int word)
{
    ct_dpi_t *d = h;
    uint64_t w[CT_MAX_WORDS];
    int n = d ? ct_model_get_words(d->m, dir == CT_DIR_OUT ? d->out : d->in, dir == CT_DIR_OUT, port, w,
                                   CT_MAX_WORDS)
              : -1;
    return n < 0 || word < 0 || word >= n ? 0 : w[word];
}

void ct_dpi_eval(void *h)
{
    ct_dpi_t *d = h;
    if (d)
        ct_model_eval(d->m, d->in, d->out);
}

void ct_dpi_step(void *h)
{
    ct_dpi_t *d = h;
    if (d)
        ct_model_step(d->m, d->in);
}

void ct_dpi_cycle(void *h)
{
    ct_dpi_t *d = h;
    if (d)
        ct_model_cycle(d->m, d->in, d->out);
}

/* The block's own stimulus for this handle, made for `config` ("": the
 * model's own; another configuration must have the same input widths, as
 * when the model is deliberately configured unlike the RTL): 0 ok, -1 failed
 * (message on stderr). */
int ct_dpi_stim(void *h, unsigned long long seed, const char *config)
{
    ct_dpi_t *d = h;
    char err[CT_ERRLEN];
    if (!d)
        return -1;
    ct_stim_free(d->stim);
    ct_model_free(d->stim_model);
    d->stim = NULL;
    d->stim_model = ct_model_new(ct_model_block(d->m),
                                 config && *config ? config : ct_model_config(d->m),
                                 err, sizeof err);
    for (unsigned i = 0; d->stim_model && i < ct_model_port_count(d->m, CT_DIR_IN); i++)
        if (ct_model_port_width(d->m, CT_DIR_IN, i) !=
            ct_model_port_width(d->stim_model, CT_DIR_IN, i)) {
            snprintf(err, sizeof err, "input %s is %u bits for the stimulus, %u for the model",
                     ct_model_port_name(d->m, CT_DIR_IN, i),
                     ct_model_port_width(d->stim_model, CT_DIR_IN, i),
                     ct_model_port_width(d->m, CT_DIR_IN, i));
            ct_model_free(d->stim_model);
            d->stim_model = NULL;
        }
    d->stim = d->stim_model ? ct_stim_new(d->stim_model, seed) : NULL;
    d->h.seed = seed;
    d->note = "";
    if (!d->stim) {
        fprintf(stderr, "ct_dpi_stim(\"%s\"): %s\n", config ? config : "",
                d->stim_model ? "out of memory" : err);
        status(2);
        return -1;
    }
    return 0;
}

/* The next cycle's inputs into the handle's input words. */
void ct_dpi_stim_next(void *h)
{
    ct_dpi_t *d = h;
    const char *n = NULL;
    if (!d || !d->stim)
        return;
    ct_stim_next(d->stim, d->in, &n);
    if (n)
        d->note = n;
}

void ct_dpi_set_act(void *h, int word, unsigned long long v)
{
    ct_dpi_t *d = h;
    if (word_ok(d, CT_DIR_OUT, word))
        d->act[word] = v;
}

/* The RTL's outputs (set_act) against the model's (the last eval/cycle):
 * 0 equal; 1 with the kit's mismatch report on stdout. */
/* The preset whose configuration m has, else m's configuration as
 * NAME=VALUE,... (static buffer: for one report line). */
static const char *preset_of(const ct_model_t *m)
{
    static char buf[CT_ERRLEN];
    const char *block = ct_model_block(m);
    for (unsigned i = 0; i < ct_preset_count(block); i++) {
        char err[CT_ERRLEN];
        ct_model_t *p = ct_model_new(block, ct_preset_name(block, i), err, sizeof err);
        int same = p && strcmp(ct_model_config(p), ct_model_config(m)) == 0;
        ct_model_free(p);
        if (same)
            return ct_preset_name(block, i);
    }
    snprintf(buf, sizeof buf, "%s", ct_model_config(m));
    for (char *c = buf; *c; c++)
        if (*c == ' ')
            *c = ',';
    return buf;
}

int ct_dpi_check(void *h, unsigned long long cycle, unsigned long long seed)
{
    ct_dpi_t *d = h;
    unsigned w;
    if (!d || ct_vec_diff(&d->h, d->out, d->act, &w) < 0)
        return 0;
    printf("MISMATCH dpi %s config=%s lockstep at cycle %llu\n", ct_model_block(d->m), ct_model_config(d->m),
           cycle);
    if (d->stim) /* the kit's stimulus: its seed and directed sequence */
        printf("  seed: %llu   stimulus: %s\n", seed, d->note && *d->note ? d->note : "random");
    else /* the testbench's own inputs (ct_dpi_set): no seed of ours */
        printf("  stimulus: the testbench's own (ct_dpi_set)\n");
    ct_report_ports(stdout, &d->h, d->out, d->act, d->in);
    if (d->stim) /* the RTL's configuration (the stimulus's) by its preset's name */
        printf("  reproduce: make dpi-cosim BLOCK=%s CONFIG=%s SEED=%llu CYCLES=%llu\n", ct_model_block(d->m),
               preset_of(d->stim_model), seed, cycle + 1);
    else
        printf("  reproduce: the testbench again, to cycle %llu\n", cycle);
    fflush(stdout);
    status(1);
    return 1;
}
