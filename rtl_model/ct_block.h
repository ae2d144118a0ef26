/*
 * ct_block.h - the generic view of a cachetwin block.
 *
 * Every block is described once, in rtl_model/<block>_desc.h, as X-macro
 * tables (parameters, presets, input ports, output ports, storage).  The
 * block's C API (rtl_model/<block>.h) and this generic descriptor are both
 * expanded from those tables, so the vector writer/reader, the Verilator
 * harness glue, the Icarus testbench, the GTKWave save file and the area
 * report never carry a hand-copied port list.
 *
 * Ports are at most 64 bits wide; values travel as uint64_t.  Bits above a
 * port's width are undefined on input and masked by the models.
 */
#ifndef CT_BLOCK_H
#define CT_BLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define CT_MAX_PORTS   32
#define CT_MAX_PARAMS  16
#define CT_MAX_STORAGE 16
#define CT_ERRLEN      256

/* ceil(log2(n)) with a minimum of 1: the width of an index into n entries. */
static inline unsigned ct_clog2(uint64_t n)
{
    unsigned w = 0;
    while (w < 64 && (UINT64_C(1) << w) < n)
        w++;
    return w ? w : 1;
}

static inline uint64_t ct_mask(unsigned width)
{
    return width >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << width) - 1);
}

/* Clears the bits above each port's width: v[i] &= mask(width[i]). */
static inline void ct_mask_ports(uint64_t *v, const unsigned *width, unsigned n)
{
    for (unsigned i = 0; i < n; i++)
        v[i] &= ct_mask(width[i]);
}

typedef struct {
    const char *name;
    uint32_t min, max;
    const char *doc;
} ct_param_t;

typedef struct {
    const char *name;   /* "paper", "small", ... */
    const char *values; /* "NUM_LINES=6144 CNT_W=6 THR_W=2" */
    const char *doc;
} ct_preset_t;

typedef struct {
    const char *name;
    const char *doc;
    const char *width; /* the width expression of the description, as text */
} ct_port_t;

/* What a storage row is: the paper's hardware; an evaluation aid kept for the
 * co-simulation (not hardware); hardware the block needs that the paper's
 * count leaves out (control registers, a reset sweep). */
enum { CT_PAPER = 0, CT_INSTR = 1, CT_BUILT = 2 };

/* One state-holding structure: entries x bits, evaluated for a config. */
typedef struct {
    const char *name;
    uint64_t entries;
    uint64_t bits;       /* per entry */
    int instrumentation; /* CT_PAPER, CT_INSTR (evaluation aid), CT_BUILT */
    const char *doc;
} ct_storage_t;

typedef struct ct_block {
    const char *name;
    const char *title;
    const char *paper; /* seed file and section */
    unsigned n_params;
    const ct_param_t *params;
    unsigned n_presets;
    const ct_preset_t *presets;
    unsigned n_in, n_out;
    const ct_port_t *in, *out;

    /* Port widths for a configuration (cfg is the param array). */
    void (*widths)(const uint32_t *cfg, unsigned *in_w, unsigned *out_w);
    /* Cross-parameter checks beyond min/max; 0 = ok, else message in err. */
    int (*check)(const uint32_t *cfg, char *err, size_t errlen);
    /* Storage inventory; returns the number of entries written. */
    unsigned (*storage)(const uint32_t *cfg, ct_storage_t *out);

    /* Model: create (NULL on bad config), one clock cycle (outputs of the
     * cycle from state and inputs, then the rising edge), free. */
    void *(*create)(const uint32_t *cfg);
    void (*cycle)(void *m, const uint64_t *in, uint64_t *out);
    void (*destroy)(void *m); /* NULL is allowed */
    /* The split cycle and the batch (the typed API's _eval, _step, _run):
     * eval changes no state; eval then step equals cycle; run(n) equals n
     * cycles.  tb/unit/test_api.c holds every block to this. */
    void (*eval)(const void *m, const uint64_t *in, uint64_t *out);
    void (*step)(void *m, const uint64_t *in);
    void (*run)(void *m, const uint64_t *in, uint64_t *out, size_t n);

    /* Stimulus: directed corner cases first, then constrained random.
     * next() fills the inputs of one cycle; *note names the directed
     * sequence a cycle belongs to (NULL when unchanged). */
    void *(*stim_create)(const uint32_t *cfg, uint64_t seed);
    void (*stim_next)(void *s, uint64_t *in, const char **note);
    void (*stim_destroy)(void *s);

    /* Optional (NULL when the block keeps no instruments): prints what the
     * model measured over a run (residency, coverage ...); returns the
     * number of problems found (coverage holes ...), 0 when none. */
    int (*report)(const void *m, FILE *f);

    /* How many instances a paper's chip has (0: not stated), e.g. one per SM:
     * the area report adds the chip total. */
    unsigned copies;
    const char *copies_doc;
} ct_block_t;

/* The registry: every block, in catalogue order (rtl_model/ct_registry.c). */
extern const ct_block_t *const ct_blocks[];
extern const unsigned ct_n_blocks;
const ct_block_t *ct_find_block(const char *name);

/*
 * Configuration text: a preset name ("small") or space/comma separated
 * NAME=VALUE pairs, optionally after a preset ("small,NUM_LINES=32").
 * Unset parameters take the "paper" preset's value; cfg must have room for
 * CT_MAX_PARAMS entries (the unused ones are zeroed).  Returns 0 on success,
 * else -1 with a message naming the field in err.
 */
int ct_config_parse(const ct_block_t *b, const char *text, uint32_t *cfg,
                    char *err, size_t errlen);
/* Canonical text "NAME=V NAME=V ..." in parameter order. */
void ct_config_format(const ct_block_t *b, const uint32_t *cfg, char *buf,
                      size_t len);
/* Preset name whose values equal cfg, or NULL. */
const char *ct_config_preset_name(const ct_block_t *b, const uint32_t *cfg);

#endif
