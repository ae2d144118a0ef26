/*
 * ct_desc.h - expands a block description (rtl_model/<block>_desc.h) into
 * the block's C types, its API prototypes and its generic descriptor.
 *
 * A description defines, for block "foo" (upper case FOO):
 *   FOO_TITLE, FOO_PAPER                     strings
 *   FOO_PARAMS(X)   X(NAME, min, max, doc)   configuration parameters
 *   FOO_PRESETS(X)  X(name, "N=V ...", doc)  named configurations; "paper" first
 *   FOO_INPUTS(X)   X(name, width, doc)      input ports in vector-column order
 *   FOO_OUTPUTS(X)  X(name, width, doc)      output ports in vector-column order
 *   FOO_STORAGE(X)  X(name, entries, bits, instrumentation, doc)
 *   FOO_COVER(X)    X(name, when, possible, doc)  optional: functional
 *                   coverage bins seen at the ports; `when` is a C condition
 *                   over c, i (foo_in_t *) and o (foo_out_t *) of one cycle,
 *                   `possible` one over c (the configuration can show the
 *                   bin); a block with one ends with CT_DEFINE_BLOCK_COV (or
 *                   CT_DEFINE_COMPOSED_BLOCK_COV)
 * Width, entries and bits are C expressions over `c`, a pointer to the
 * configuration (c->NUM_LINES ...).  A port that can be wider than 64 bits
 * writes its width CT_WIDE(maxbits, expr): its C field is then an array of
 * (maxbits+63)/64 uint64_t words, least significant first (ct_bits_get and
 * ct_bits_set read and write fields of it), and the vectors, the harnesses and
 * the reports follow.  A width expression must not begin with '('.  The clock (clk_i) is implicit; the
 * synchronous active-high reset rst_i is the first input of every block.
 *
 * CT_DECLARE_BLOCK(foo, FOO) in foo.h gives:
 *   foo_cfg_t  union { struct { uint32_t NAME; ... }; uint32_t v[]; }
 *   foo_in_t, foo_out_t  union { struct { uint64_t port; ... }; uint64_t v[]; }
 *   foo_t      opaque model state
 *   int      foo_validate(const foo_cfg_t *, char *err, size_t errlen);
 *   foo_t   *foo_new(const foo_cfg_t *, char *err, size_t errlen); NULL if invalid
 *   void     foo_free(foo_t *);
 *   void     foo_eval(const foo_t *, const foo_in_t *, foo_out_t *);  outputs of this cycle
 *   void     foo_step(foo_t *, const foo_in_t *);                    rising clock edge
 *   void     foo_cycle(foo_t *, const foo_in_t *, foo_out_t *);      eval then step
 *   void     foo_run(foo_t *, const foo_in_t *, foo_out_t *, size_t n);  n cycles,
 *            the same as n calls of foo_cycle, faster (trace-driven use, bench)
 * and the stimulus generator used by vector generation and lockstep runs:
 *   foo_stim_t *foo_stim_new(const foo_cfg_t *, uint64_t seed);
 *   void        foo_stim_next(foo_stim_t *, foo_in_t *, const char **note);
 *   void        foo_stim_free(foo_stim_t *);
 * The block's .c file supplies foo_check() (cross-parameter rules) and the
 * functions above except foo_validate, and ends with CT_DEFINE_BLOCK(foo, FOO),
 * which defines foo_validate and the descriptor `foo_block` for the registry;
 * a block with run instruments ends with CT_DEFINE_BLOCK_R(foo, FOO, fn) instead,
 * fn being `int fn(const foo_t *, FILE *)` (see ct_block_t.report), and a
 * composition of blocks with CT_DEFINE_COMPOSED_BLOCK (below).
 */
#ifndef CT_DESC_H
#define CT_DESC_H

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "ct_block.h"

#define CT_X_ONE(...) +1
#define CT_X_CFG_FIELD(name, ...) uint32_t name;

/* Wide ports.  In an expression CT_WIDE(maxbits, w) is the width w; pasted
 * to CT_PROBE_ (which only a width starting with CT_WIDE turns into a
 * macro call) it yields "~, [words], words", so CT_DIM_ and CT_NW_ give a
 * wide port its array dimension and word count, and any other port none
 * and 1. */
#define CT_WIDE(maxbits, w) (w)
#define CT_PROBE_CT_WIDE(maxbits, w) ~, [((maxbits) + 63) / 64], (((maxbits) + 63) / 64)
#define CT_2ND_(a, b, ...) b
#define CT_3RD_(a, b, c, ...) c
#define CT_DIM_(p) CT_2ND_(p, , ~)
#define CT_NW_(p) CT_3RD_(p, ~, 1, ~)
#define CT_X_PORT_FIELD(name, w, doc) uint64_t name CT_DIM_(CT_PROBE_##w);
#define CT_X_WORDS(name, w, doc) +CT_NW_(CT_PROBE_##w)

#define CT_DECLARE_BLOCK(b, B)                                                 \
    enum {                                                                     \
        B##_N_PARAMS = 0 B##_PARAMS(CT_X_ONE),                                 \
        B##_N_IN = 0 B##_INPUTS(CT_X_ONE),                                     \
        B##_N_OUT = 0 B##_OUTPUTS(CT_X_ONE),                                   \
        B##_IN_WORDS = 0 B##_INPUTS(CT_X_WORDS),                               \
        B##_OUT_WORDS = 0 B##_OUTPUTS(CT_X_WORDS)                              \
    };                                                                         \
    typedef union {                                                            \
        struct { B##_PARAMS(CT_X_CFG_FIELD) };                                 \
        uint32_t v[B##_N_PARAMS];                                              \
    } b##_cfg_t;                                                               \
    typedef union {                                                            \
        struct { B##_INPUTS(CT_X_PORT_FIELD) };                                \
        uint64_t v[B##_IN_WORDS];                                              \
    } b##_in_t;                                                                \
    typedef union {                                                            \
        struct { B##_OUTPUTS(CT_X_PORT_FIELD) };                               \
        uint64_t v[B##_OUT_WORDS];                                             \
    } b##_out_t;                                                               \
    typedef struct b b##_t;                                                    \
    typedef struct b##_stim b##_stim_t;                                        \
    int b##_check(const b##_cfg_t *c, char *err, size_t errlen);               \
    int b##_validate(const b##_cfg_t *c, char *err, size_t errlen);            \
    b##_t *b##_new(const b##_cfg_t *c, char *err, size_t errlen);              \
    void b##_free(b##_t *m);                                                   \
    void b##_eval(const b##_t *m, const b##_in_t *in, b##_out_t *out);         \
    void b##_step(b##_t *m, const b##_in_t *in);                               \
    void b##_cycle(b##_t *m, const b##_in_t *in, b##_out_t *out);              \
    void b##_run(b##_t *m, const b##_in_t *in, b##_out_t *out, size_t n);      \
    b##_stim_t *b##_stim_new(const b##_cfg_t *c, uint64_t seed);               \
    void b##_stim_next(b##_stim_t *s, b##_in_t *in, const char **note);        \
    void b##_stim_free(b##_stim_t *s);                                         \
    extern const ct_block_t b##_block;

/* ---- a composition's outputs, forwarded from its parts ----
 * A composition's description says where each of its outputs comes from:
 *   <B>_FROM_<PART>(X)  X(out, part_out): the composition's output `out` is
 *                       the part's output `part_out` of this cycle, as it is
 *   <B>_OWN(X)          X(out): the outputs the composition makes itself
 * Its cycle copies a part's with the list (o the composition's outputs, po
 * the part's):
 *   #define F(out, part_out) o->out = po.part_out;
 *   <B>_FROM_<PART>(F)
 *   #undef F
 * and CT_OUTPUTS_FROM(B, n) (n: the lists' counts added up, CT_COUNT) checks
 * at compile time that every output is in a list: an output added to the
 * description and forgotten in the composition is a compile error, as the
 * RTL's unconnected port is a lint error.  A composition of many instances
 * of a part (the CCN ring) packs each instance's output into its slice of
 * the composition's port from the same kind of list. */
#define CT_COUNT(LIST) (0 LIST(CT_X_ONE))
/* (each name of the OWN list must be a field of CT_OUT_T_, which the
 * composition defines as its output type before CT_OUTPUTS_FROM) */
#define CT_X_OWN_(out) +0 * (int)offsetof(CT_OUT_T_, out)
#define CT_OUTPUTS_FROM(B, n)                                                  \
    _Static_assert(B##_N_OUT == (n) B##_OWN(CT_X_OWN_), #B ": every output "   \
                   "must be forwarded from a part (" #B "_FROM_*) or made by " \
                   "the composition (" #B "_OWN), once")

/* ---- a model specialised to one configuration (issue 35) ----
 * The same source compiled twice: generic (the configuration read at run
 * time from the model) and, for one block and preset, with
 * -include <gen>/ct_spec.h (written by `ctwin hdl`), which defines CT_SPEC,
 * CT_SPEC_TEXT (the configuration as text) and CT_SPEC_<PARAM> for every
 * parameter: the compiler then sees the configuration as constants and
 * folds, unrolls and drops what they decide, as Verilator does for the RTL.
 * A specialised build's foo_validate (CT_DEFINE_BLOCK) refuses every other
 * configuration, naming its own.  In the block's .c file, for the values
 * its cycle reads:
 *   CT_SPEC_CONFIG(foo, FOO)   once, after the model's struct: in a
 *                              specialised build the constant configuration
 *                              CT_SPEC_CFG(foo)
 *   CT_K(cached, constant)     a value the hot path reads: `cached` (a field
 *                              of the model or its configuration) in the
 *                              generic build, `constant` (an expression over
 *                              CT_SPEC_CFG(foo)) in the specialised one
 * The harness renames the specialised object's symbols (spec_foo_run ...)
 * so that both builds link into one program (tb/vlharness, docs/speed.md). */
#ifdef CT_SPEC
#define CT_X_SPEC_INIT_(name, ...) .name = CT_SPEC_##name,
#define CT_X_SPEC_VAL_(name, ...) CT_SPEC_##name,
#define CT_SPEC_CONFIG(b, B) static const b##_cfg_t b##_spec_cfg_ = {{B##_PARAMS(CT_X_SPEC_INIT_)}};
#define CT_SPEC_CFG(b) (&b##_spec_cfg_)
#define CT_K(cached, constant) ((void)(cached), (constant))
/* (in foo_validate) */
#define CT_SPEC_VALIDATE_(b, B, c, err, errlen)                                \
    do {                                                                       \
        static const uint32_t spec_[] = {B##_PARAMS(CT_X_SPEC_VAL_)};          \
        if (memcmp((c)->v, spec_, sizeof spec_)) {                             \
            snprintf(err, errlen, "this build of %s's C model is specialised " \
                     "to %s: it cannot run another configuration", #b,         \
                     CT_SPEC_TEXT);                                            \
            return -1;                                                         \
        }                                                                      \
    } while (0)
#else
#define CT_SPEC_CONFIG(b, B)
#define CT_K(cached, constant) (cached)
#define CT_SPEC_VALIDATE_(b, B, c, err, errlen) ((void)0)
#endif

/* ---- descriptor expansion (used once, in the block's .c file) ---- */
#define CT_X_PARAM(name, mn, mx, doc) {#name, (mn), (mx), doc},
#define CT_X_PRESET(name, values, doc) {#name, values, doc},
/* The width text expands the description's macros first (SLEEP_FSM_CW(c) ->
 * ct_clog2(...)), so the interface page can print it as a formula. */
#define CT_STR_(x) #x
#define CT_STR(x) CT_STR_(x)
#define CT_X_PORT(name, w, doc) {#name, doc, CT_STR(w), CT_NW_(CT_PROBE_##w)},
#define CT_X_WIDTH(name, w, doc) *p++ = (unsigned)(w);
#define CT_X_STORE(name, e, bits, instr, doc)                                  \
    {                                                                          \
        ct_storage_t s_ = {#name, (uint64_t)(e), (uint64_t)(bits), (instr),    \
                           doc, 0};                                            \
        out[n++] = s_;                                                         \
    }

#define CT_STORAGE_FN_(b, B)                                                   \
    static unsigned b##_storage_(const uint32_t *cv, ct_storage_t *out)        \
    {                                                                          \
        const b##_cfg_t *c = (const b##_cfg_t *)cv;                            \
        unsigned n = 0;                                                        \
        B##_STORAGE(CT_X_STORE)                                                \
        (void)c;                                                               \
        return n;                                                              \
    }
#define CT_REPORT_FN_(b, fn)                                                   \
    static int b##_report_(const void *m, FILE *f)                             \
    {                                                                          \
        return fn((const b##_t *)m, f);                                        \
    }
#define CT_DEFINE_BLOCK(b, B)                                                  \
    CT_STORAGE_FN_(b, B)                                                       \
    CT_DEFINE_BLOCK_CORE_(b, B, NULL, b##_storage_, 0, NULL, NULL, CT_NO_COV_)
#define CT_DEFINE_BLOCK_R(b, B, fn)                                            \
    CT_STORAGE_FN_(b, B)                                                       \
    CT_REPORT_FN_(b, fn)                                                       \
    CT_DEFINE_BLOCK_CORE_(b, B, b##_report_, b##_storage_, 0, NULL, NULL, CT_NO_COV_)
/* _RC: with a report, and the number of instances on the paper's chip. */
#define CT_DEFINE_BLOCK_RC(b, B, fn, copies, copies_doc)                       \
    CT_STORAGE_FN_(b, B)                                                       \
    CT_REPORT_FN_(b, fn)                                                       \
    CT_DEFINE_BLOCK_CORE_(b, B, b##_report_, b##_storage_, copies, copies_doc, NULL, CT_NO_COV_)
/* _RCL: and logic the area report counts besides storage (ct_block_t.logic). */
#define CT_DEFINE_BLOCK_RCL(b, B, fn, copies, copies_doc, logic)               \
    CT_STORAGE_FN_(b, B)                                                       \
    CT_REPORT_FN_(b, fn)                                                       \
    CT_DEFINE_BLOCK_CORE_(b, B, b##_report_, b##_storage_, copies, copies_doc, logic, CT_NO_COV_)
/* Functional coverage at the ports (the description's COVER table). */
#define CT_X_COVER(name, when, possible, doc) {#name, doc, CT_STR(when), CT_STR(possible)},
#define CT_X_COV_SAMPLE(name, when, possible, doc) bins[k_++] += (when) ? 1u : 0u;
#define CT_X_COV_POSSIBLE(name, when, possible, doc) *p_++ = (possible) ? 1 : 0;
#define CT_COV_FNS_(b, B)                                                      \
    static const ct_cover_t b##_cover_[] = {B##_COVER(CT_X_COVER)};            \
    _Static_assert(sizeof b##_cover_ / sizeof b##_cover_[0] <= CT_MAX_COVER,   \
                   #b ": more COVER bins than CT_MAX_COVER");                  \
    static void b##_cover_sample_(const uint32_t *cv, const uint64_t *iv,      \
                                  const uint64_t *ov, uint64_t *bins)          \
    {                                                                          \
        const b##_cfg_t *c = (const b##_cfg_t *)cv;                            \
        const b##_in_t *i = (const b##_in_t *)iv;                              \
        const b##_out_t *o = (const b##_out_t *)ov;                            \
        unsigned k_ = 0;                                                       \
        B##_COVER(CT_X_COV_SAMPLE)                                             \
        (void)c, (void)i, (void)o;                                             \
    }                                                                          \
    static void b##_cover_possible_(const uint32_t *cv, int *p_)               \
    {                                                                          \
        const b##_cfg_t *c = (const b##_cfg_t *)cv;                            \
        B##_COVER(CT_X_COV_POSSIBLE)                                           \
        (void)c;                                                               \
    }
#define CT_NO_COV_(b, B) , 0, NULL, NULL, NULL
#define CT_COV_(b, B)                                                          \
    , (unsigned)(sizeof b##_cover_ / sizeof b##_cover_[0]), b##_cover_,        \
        b##_cover_sample_, b##_cover_possible_
#define CT_DEFINE_BLOCK_COV(b, B)                                              \
    CT_STORAGE_FN_(b, B)                                                       \
    CT_COV_FNS_(b, B)                                                          \
    CT_DEFINE_BLOCK_CORE_(b, B, NULL, b##_storage_, 0, NULL, NULL, CT_COV_)
/* _COV_C: and the number of instances on the paper's chip. */
#define CT_DEFINE_BLOCK_COV_C(b, B, copies, copies_doc)                        \
    CT_STORAGE_FN_(b, B)                                                       \
    CT_COV_FNS_(b, B)                                                          \
    CT_DEFINE_BLOCK_CORE_(b, B, NULL, b##_storage_, copies, copies_doc, NULL, CT_COV_)
/* The typed per-cycle API of a composition, from its one cycle function
 * `static void fn(b_t *m, const b_in_t *in, b_out_t *out, int edge)` (the
 * outputs of the cycle from its parts' models and, when edge, the rising
 * edge of every part): _eval (edge 0: changes no state), _cycle, _step and
 * _run (n cycles). */
#define CT_COMPOSED_API(b, fn)                                                 \
    void b##_eval(const b##_t *m, const b##_in_t *in, b##_out_t *out)          \
    {                                                                          \
        fn((b##_t *)m, in, out, 0);                                            \
    }                                                                          \
    void b##_cycle(b##_t *m, const b##_in_t *in, b##_out_t *out)               \
    {                                                                          \
        fn(m, in, out, 1);                                                     \
    }                                                                          \
    void b##_step(b##_t *m, const b##_in_t *in)                                \
    {                                                                          \
        b##_out_t o_;                                                          \
        fn(m, in, &o_, 1);                                                     \
    }                                                                          \
    void b##_run(b##_t *m, const b##_in_t *in, b##_out_t *out, size_t n)       \
    {                                                                          \
        for (size_t i_ = 0; i_ < n; i_++)                                      \
            fn(m, &in[i_], &out[i_], 1);                                       \
    }
#define CT_DEFINE_COMPOSED_BLOCK_COV(b, B, stor, prt)                          \
    CT_COV_FNS_(b, B)                                                          \
    CT_DEFINE_BLOCK_CORE_P_(b, B, NULL, stor, 0, NULL, NULL, CT_COV_, prt)
/* Writes one part of a composition (ct_block_t.parts, the function its
 * CT_DEFINE_COMPOSED_BLOCK names): block p's descriptor and p's configuration,
 * fn(c, &cfg) (the composition's function deriving it), every other entry 0. */
#define CT_PART(out, p, fn, c)                                                 \
    do {                                                                       \
        memset((out), 0, sizeof *(out));                                       \
        (out)->block = &p##_block;                                             \
        fn((c), (p##_cfg_t *)(void *)(out)->cfg);                              \
    } while (0)
/* A composition of blocks has no storage table of its own: it supplies
 * `static unsigned stor(const uint32_t *cfg, ct_storage_t *out)`, which lists
 * its parts' inventories from their descriptors (_R: with a report). */
#define CT_DEFINE_COMPOSED_BLOCK(b, B, stor, prt)                              \
    CT_DEFINE_BLOCK_CORE_P_(b, B, NULL, stor, 0, NULL, NULL, CT_NO_COV_, prt)
#define CT_DEFINE_COMPOSED_BLOCK_R(b, B, fn, stor, prt)                        \
    CT_REPORT_FN_(b, fn)                                                       \
    CT_DEFINE_BLOCK_CORE_P_(b, B, b##_report_, stor, 0, NULL, NULL, CT_NO_COV_, prt)
#define CT_DEFINE_BLOCK_CORE_(b, B, rep, stor, ncopies, copies_doc, lgc, cov)  \
    CT_DEFINE_BLOCK_CORE_P_(b, B, rep, stor, ncopies, copies_doc, lgc, cov, NULL)
/* prt: the composition's parts (ct_block_t.parts), NULL when it has none */
#define CT_DEFINE_BLOCK_CORE_P_(b, B, rep, stor, ncopies, copies_doc, lgc, cov, prt) \
    static const ct_param_t b##_params_[] = {B##_PARAMS(CT_X_PARAM)};          \
    static const ct_preset_t b##_presets_[] = {B##_PRESETS(CT_X_PRESET)};      \
    static const ct_port_t b##_in_[] = {B##_INPUTS(CT_X_PORT)};                \
    static const ct_port_t b##_out_[] = {B##_OUTPUTS(CT_X_PORT)};              \
    static void b##_widths_(const uint32_t *cv, unsigned *iw, unsigned *ow)    \
    {                                                                          \
        const b##_cfg_t *c = (const b##_cfg_t *)cv;                            \
        unsigned *p = iw;                                                      \
        B##_INPUTS(CT_X_WIDTH)                                                 \
        p = ow;                                                                \
        B##_OUTPUTS(CT_X_WIDTH)                                                \
        (void)c;                                                               \
    }                                                                          \
    int b##_validate(const b##_cfg_t *c, char *err, size_t errlen)             \
    {                                                                          \
        CT_SPEC_VALIDATE_(b, B, c, err, errlen);                               \
        for (unsigned i = 0; i < B##_N_PARAMS; i++) {                          \
            const ct_param_t *p = &b##_params_[i];                             \
            if (c->v[i] < p->min || c->v[i] > p->max) {                        \
                snprintf(err, errlen,                                          \
                         "parameter %s=%lu out of range [%lu, %lu] (%s)",      \
                         p->name, (unsigned long)c->v[i],                      \
                         (unsigned long)p->min, (unsigned long)p->max,         \
                         p->doc);                                              \
                return -1;                                                     \
            }                                                                  \
        }                                                                      \
        unsigned iw_[B##_N_IN], ow_[B##_N_OUT];                                \
        b##_widths_(c->v, iw_, ow_);                                           \
        for (unsigned i = 0; i < B##_N_IN + B##_N_OUT; i++) {                  \
            unsigned w_ = i < B##_N_IN ? iw_[i] : ow_[i - B##_N_IN];           \
            const char *n_ = i < B##_N_IN ? b##_in_[i].name                    \
                                          : b##_out_[i - B##_N_IN].name;       \
            unsigned max_ = 64 * (i < B##_N_IN ? b##_in_[i].words              \
                                               : b##_out_[i - B##_N_IN].words); \
            if (w_ < 1 || w_ > max_) {                                         \
                snprintf(err, errlen, "port %s would be %u bits wide (1..%u)", \
                         n_, w_, max_);                                        \
                return -1;                                                     \
            }                                                                  \
        }                                                                      \
        return b##_check(c, err, errlen);                                      \
    }                                                                          \
    static int b##_check_(const uint32_t *cv, char *err, size_t errlen)        \
    {                                                                          \
        return b##_validate((const b##_cfg_t *)cv, err, errlen);               \
    }                                                                          \
    static void *b##_create_(const uint32_t *cv)                               \
    {                                                                          \
        char e_[CT_ERRLEN];                                                    \
        return b##_new((const b##_cfg_t *)cv, e_, sizeof e_);                  \
    }                                                                          \
    static void b##_cycle_(void *m, const uint64_t *in, uint64_t *out)         \
    {                                                                          \
        b##_cycle((b##_t *)m, (const b##_in_t *)in, (b##_out_t *)out);         \
    }                                                                          \
    static void b##_destroy_(void *m) { b##_free((b##_t *)m); }                \
    static void b##_eval_(const void *m, const uint64_t *in, uint64_t *out)    \
    {                                                                          \
        b##_eval((const b##_t *)m, (const b##_in_t *)in, (b##_out_t *)out);    \
    }                                                                          \
    static void b##_step_(void *m, const uint64_t *in)                         \
    {                                                                          \
        b##_step((b##_t *)m, (const b##_in_t *)in);                            \
    }                                                                          \
    static void b##_run_(void *m, const uint64_t *in, uint64_t *out, size_t n) \
    {                                                                          \
        b##_run((b##_t *)m, (const b##_in_t *)in, (b##_out_t *)out, n);        \
    }                                                                          \
    static void *b##_stim_create_(const uint32_t *cv, uint64_t seed)           \
    {                                                                          \
        return b##_stim_new((const b##_cfg_t *)cv, seed);                      \
    }                                                                          \
    static void b##_stim_next_(void *s, uint64_t *in, const char **note)       \
    {                                                                          \
        b##_stim_next((b##_stim_t *)s, (b##_in_t *)in, note);                  \
    }                                                                          \
    static void b##_stim_destroy_(void *s) { b##_stim_free((b##_stim_t *)s); } \
    const ct_block_t b##_block = {                                             \
        #b, B##_TITLE, B##_PAPER,                                              \
        B##_N_PARAMS, b##_params_,                                             \
        (unsigned)(sizeof b##_presets_ / sizeof b##_presets_[0]),              \
        b##_presets_, B##_N_IN, B##_N_OUT, b##_in_, b##_out_,                  \
        B##_IN_WORDS, B##_OUT_WORDS,                                           \
        b##_widths_, b##_check_, stor,                                 \
        b##_create_, b##_cycle_, b##_destroy_,                                 \
        b##_eval_, b##_step_, b##_run_,                                        \
        b##_stim_create_, b##_stim_next_, b##_stim_destroy_, rep,              \
        ncopies, copies_doc, lgc cov(b, B), prt};

#endif
