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
 * Port values travel as arrays of uint64_t words: port i of a direction
 * occupies ports[i].words consecutive words (1 for a port of at most 64
 * bits; a wide port declares its maximum, see CT_WIDE in ct_desc.h), least
 * significant word first, starting at ct_port_off(ports, i).  Bits above a
 * port's width are undefined on input and masked by the models.
 */
#ifndef CT_BLOCK_H
#define CT_BLOCK_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* C++ hosts (SystemC, Verilator harnesses) include the headers as they are. */
#ifdef __cplusplus
#define CT_BEGIN_DECLS extern "C" {
#define CT_END_DECLS }
#else
#define CT_BEGIN_DECLS
#define CT_END_DECLS
#endif

CT_BEGIN_DECLS

#define CT_MAX_PORTS   32
#define CT_MAX_WORDS   1024 /* uint64_t words of all ports of one direction */
#define CT_MAX_PORT_W  16384 /* bits of one port (the CCN ring: 16 lines of 1,024) */
#define CT_MAX_PARAMS  16
#define CT_MAX_STORAGE 16
#define CT_MAX_COVER   64 /* functional coverage bins of a COVER table */
#define CT_ERRLEN      256

/* ceil(log2(n)) with a minimum of 1: the width of an index into n entries.
 * (With GCC's count of leading zeros, which the compiler folds for a
 * constant n, as a specialised model's (ct_desc.h CT_SPEC) widths are.) */
static inline unsigned ct_clog2(uint64_t n)
{
#if defined(__GNUC__)
    return n <= 2 ? 1 : 64 - (unsigned)__builtin_clzll(n - 1);
#else
    unsigned w = 0;
    while (w < 64 && (UINT64_C(1) << w) < n)
        w++;
    return w ? w : 1;
#endif
}

static inline uint64_t ct_mask(unsigned width)
{
    return width >= 64 ? ~UINT64_C(0) : ((UINT64_C(1) << width) - 1);
}

/* Bits [lsb, lsb+width) of a little-endian word array, width 1..64. */
static inline uint64_t ct_bits_get(const uint64_t *w, unsigned lsb, unsigned width)
{
    unsigned k = lsb / 64, s = lsb % 64;
    uint64_t v = w[k] >> s;
    if (s && s + width > 64)
        v |= w[k + 1] << (64 - s);
    return v & ct_mask(width);
}

/* Writes bits [lsb, lsb+width) of a little-endian word array, width 1..64. */
static inline void ct_bits_set(uint64_t *w, unsigned lsb, unsigned width, uint64_t v)
{
    unsigned k = lsb / 64, s = lsb % 64;
    uint64_t m = ct_mask(width);
    v &= m;
    w[k] = (w[k] & ~(m << s)) | (v << s);
    if (s && s + width > 64)
        w[k + 1] = (w[k + 1] & ~(m >> (64 - s))) | (v >> (64 - s));
}

/* A model's per-cycle function that another model's cycle (a composition)
 * must inline to run at its own speed: a hint the compiler may not ignore
 * under GCC and Clang. */
#if defined(__GNUC__)
#define CT_HOT_INLINE inline __attribute__((always_inline))
#else
#define CT_HOT_INLINE inline
#endif

/* The set bits of v's low 4 bits (a sector mask): nibble (v & 15) of the
 * table.  Not __builtin_popcount: without -mpopcnt that is a call into
 * libgcc. */
static inline unsigned ct_pop4(uint64_t v)
{
    return (unsigned)(UINT64_C(0x4332322132212110) >> 4 * (v & 15)) & 15u;
}

/* Words needed for a port of `bits` bits. */
#define CT_WORDS(bits) (((bits) + 63u) / 64u)

/* Clears the words of a port of `size` bytes from word `used` on: the words a
 * configuration narrower than the port's widest leaves 0. */
static inline void ct_clear_tail(uint64_t *w, size_t used, size_t size)
{
    memset(w + used, 0, size - used * sizeof *w);
}

/* A port written field after field, lowest first, one word store per 64
 * bits (a packed per-core port of a wide block): ct_pack_put appends the
 * f-bit value v (1 <= f <= 64, v < 2^f); ct_pack_end stores the last partial
 * word unless the port ended before it (end).  The words past the fields
 * are left as they are: the caller clears them first (ct_clear_tail, with the
 * fields' word count: a length a specialised build knows, where clearing the
 * tail after packing was a memset call of a variable length). */
typedef struct {
    uint64_t *w, acc;
    unsigned pos;
} ct_pack_t;
static inline ct_pack_t ct_pack_begin(uint64_t *w)
{
    ct_pack_t p = {w, 0, 0};
    return p;
}
static inline void ct_pack_put(ct_pack_t *p, uint64_t v, unsigned f)
{
    p->acc |= v << p->pos;
    p->pos += f;
    if (p->pos >= 64) {
        *p->w++ = p->acc;
        p->pos -= 64;
        p->acc = p->pos ? v >> (f - p->pos) : 0;
    }
}
static inline void ct_pack_end(ct_pack_t *p, uint64_t *end)
{
    if (p->w < end)
        *p->w = p->acc;
}

/* The value of a hexadecimal digit (either case), or -1 for any other
 * character. */
static inline int ct_hex_digit(char c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}

/* Mask of word k of a port `width` bits wide (0 beyond its last word). */
static inline uint64_t ct_word_mask(unsigned width, unsigned k)
{
    if (width <= 64 * k)
        return 0;
    return ct_mask(width - 64 * k);
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
    unsigned words;    /* uint64_t words the port occupies (1 unless wide) */
} ct_port_t;

/* Word offset of port i in a direction's word array. */
static inline unsigned ct_port_off(const ct_port_t *p, unsigned i)
{
    unsigned o = 0;
    for (unsigned k = 0; k < i; k++)
        o += p[k].words;
    return o;
}

/* Clears the bits above each port's width (and its unused words). */
static inline void ct_mask_ports(uint64_t *v, const unsigned *width,
                                 const ct_port_t *p, unsigned n)
{
    for (unsigned i = 0; i < n; i++) {
        for (unsigned k = 0; k < p[i].words; k++)
            v[k] &= ct_word_mask(width[i], k);
        v += p[i].words;
    }
}

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
    /* Instances of this row on the chip when it differs from the block's
     * (a composition whose parts are not all replicated alike: LoSCache's
     * table is one per SM, its L2 counters one); 0 = the block's copies. */
    unsigned copies;
} ct_storage_t;

/* A functional-coverage bin observed at the ports (the description's COVER
 * table): its name, what it means, and its condition as written there. */
typedef struct {
    const char *name;
    const char *doc;
    const char *when;     /* C condition over c (config), i (inputs), o (outputs) */
    const char *possible; /* C condition over c: the configuration can show it */
} ct_cover_t;

struct ct_part;

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
    unsigned in_words, out_words; /* sum of the ports' words (<= CT_MAX_WORDS) */

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

    /* Optional (NULL when none): logic the area report counts besides
     * storage (comparators ...), as rows of count x width. */
    unsigned (*logic)(const uint32_t *cfg, ct_storage_t *out);

    /* Optional (n_cover = 0 when none): functional coverage bins observed at
     * the ports, declared in the description's COVER table.  cover_sample
     * adds 1 to bins[k] for every bin k whose condition holds for one cycle's
     * inputs and outputs; cover_possible sets possible[k] to 1 when the
     * configuration can show bin k, else 0.  ct_run counts them (ct_run.h). */
    unsigned n_cover;
    const ct_cover_t *cover;
    void (*cover_sample)(const uint32_t *cfg, const uint64_t *in, const uint64_t *out,
                         uint64_t *bins);
    void (*cover_possible)(const uint32_t *cfg, int *possible);

    /* Optional (NULL for a block that is not a composition of models): the
     * parts whose C models the block's model calls, each its own block's
     * .c file, with each one's configuration for the block's cfg; returns
     * how many were written (at most CT_MAX_PARTS).  A build specialised to
     * a preset (ct_desc.h CT_SPEC) specialises these parts too. */
    unsigned (*parts)(const uint32_t *cfg, struct ct_part *out);
} ct_block_t;

/* A part of a composition: its block and its configuration. */
#define CT_MAX_PARTS 4
typedef struct ct_part {
    const ct_block_t *block;
    uint32_t cfg[CT_MAX_PARAMS];
} ct_part_t;

/* The rising edge of a reset cycle of model m of block b: rst_i (the first
 * input of every block) 1, every other input 0.  A composition resets its
 * parts through it. */
static inline void ct_block_reset(const ct_block_t *b, void *m)
{
    uint64_t in[CT_MAX_WORDS] = {1};
    b->step(m, in);
}

/* The registry: every block, in catalogue order (rtl_model/host/ct_registry.c). */
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
/* A part's configuration from its composition's: every parameter of block
 * `to` that block `from` has under the same name is copied from fv, every
 * other entry of tv (to->n_params of them) is 0.  Returns how many of to's
 * parameters from lacks: the composition sets those itself. */
unsigned ct_config_by_name(const ct_block_t *from, const uint32_t *fv, const ct_block_t *to,
                           uint32_t *tv);
/* Preset name whose values equal cfg, or NULL. */
const char *ct_config_preset_name(const ct_block_t *b, const uint32_t *cfg);

CT_END_DECLS

#endif
