/*
 * test_api.c - the public C API of every registered block, written once and
 * run for each block and each of its presets (docs/adding-a-block.md):
 *
 *   _run     over random batch splits (empty batches included) gives the
 *            outputs of _cycle, cycle by cycle;
 *   _eval    changes no state: evaluating a decoy input first, then the real
 *            one, then _step, matches _cycle on a twin model for a whole run
 *            (a trace of the decoy would show in a later cycle), and the
 *            real _eval's outputs are _cycle's;
 *   _new     refuses every parameter just outside its range, with a message
 *            naming the parameter, and _free(NULL) is safe.
 *
 * TEST RATIONALE: the golden vectors and the lockstep runs reach the models
 * only through _cycle, so these are the only checks of _eval, _step and _run
 * (tb/mutants/ has a broken _run and a state-changing _eval that they catch).
 */
#include <stdlib.h>
#include <string.h>

#include "ct_block.h"
#include "ct_rng.h"
#include "ut.h"

#define CYCLES 3000u

/* One block at one preset: the stimulus' inputs for CYCLES cycles (masked
 * to the port widths). */
typedef struct {
    const ct_block_t *b;
    const char *preset;
    uint32_t cfg[CT_MAX_PARAMS];
    unsigned iw[CT_MAX_PORTS], ow[CT_MAX_PORTS];
    uint64_t *in; /* CYCLES x in_words */
} api_case_t;

static int case_open(api_case_t *k, const ct_block_t *b, unsigned preset)
{
    char err[CT_ERRLEN];
    memset(k, 0, sizeof *k);
    k->b = b;
    k->preset = b->presets[preset].name;
    if (ct_config_parse(b, k->preset, k->cfg, err, sizeof err)) {
        CHECK(0, "%s %s: %s", b->name, k->preset, err);
        return -1;
    }
    b->widths(k->cfg, k->iw, k->ow);
    k->in = calloc((size_t)CYCLES * b->in_words, sizeof *k->in);
    void *s = b->stim_create(k->cfg, 11);
    if (!k->in || !s) {
        CHECK(0, "%s %s: out of memory", b->name, k->preset);
        free(k->in);
        if (s)
            b->stim_destroy(s);
        return -1;
    }
    for (unsigned t = 0; t < CYCLES; t++) {
        const char *note;
        uint64_t *v = k->in + (size_t)t * b->in_words;
        b->stim_next(s, v, &note);
        ct_mask_ports(v, k->iw, b->in, b->n_in);
    }
    b->stim_destroy(s);
    return 0;
}

/* Index of the first differing output (any of its words), or -1. */
static int out_diff(const ct_block_t *b, const uint64_t *x, const uint64_t *y)
{
    for (unsigned i = 0, o = 0; i < b->n_out; o += b->out[i++].words)
        for (unsigned k = 0; k < b->out[i].words; k++)
            if (x[o + k] != y[o + k])
                return (int)i;
    return -1;
}

/* Calls fn for every registered block at every preset, on CYCLES cycles of
 * its stimulus; p is the preset's index (a seed for the test's own choices). */
static void each_case(void (*fn)(const api_case_t *k, unsigned p))
{
    for (unsigned bi = 0; bi < ct_n_blocks; bi++)
        for (unsigned p = 0; p < ct_blocks[bi]->n_presets; p++) {
            api_case_t k;
            if (case_open(&k, ct_blocks[bi], p))
                continue;
            fn(&k, p);
            free(k.in);
        }
}

static void run_case(const api_case_t *kp, unsigned p)
{
    const api_case_t k = *kp;
    const ct_block_t *b = k.b;
    void *ref = b->create(k.cfg), *bat = b->create(k.cfg);
    uint64_t *want = calloc((size_t)CYCLES * b->out_words, sizeof *want);
    uint64_t *got = calloc((size_t)CYCLES * b->out_words, sizeof *got);
    CHECK(ref && bat && want && got, "%s %s: models made", b->name, k.preset);
    if (ref && bat && want && got) {
        for (unsigned t = 0; t < CYCLES; t++)
            b->cycle(ref, k.in + (size_t)t * b->in_words, want + (size_t)t * b->out_words);
        ct_rng_t r;
        ct_rng_seed(&r, 5 + p);
        unsigned t = 0, batches = 0;
        while (t < CYCLES) {
            /* mostly short batches, some long, some empty */
            unsigned n = (unsigned)ct_rng_below(&r, 8) == 0 ? 0
                         : (unsigned)ct_rng_below(&r, 4) == 0 ? 1 + (unsigned)ct_rng_below(&r, 400)
                                                               : 1 + (unsigned)ct_rng_below(&r, 7);
            if (n > CYCLES - t)
                n = CYCLES - t;
            b->run(bat, k.in + (size_t)t * b->in_words, got + (size_t)t * b->out_words, n);
            t += n;
            batches++;
        }
        for (unsigned c = 0; c < CYCLES; c++) {
            int d = out_diff(b, want + (size_t)c * b->out_words, got + (size_t)c * b->out_words);
            if (d >= 0) {
                CHECK(0, "%s %s: _run differs from _cycle at cycle %u, port %s "
                         "(%u batches)", b->name, k.preset, c, b->out[d].name, batches);
                break;
            }
        }
    }
    b->destroy(ref);
    b->destroy(bat);
    free(want);
    free(got);
}

static void run_matches_cycle(void) { each_case(run_case); }

/* ct_block_reset: after half the stimulus, a model reset through it runs
 * the rest exactly as a twin given a reset cycle through _cycle. */
static void reset_case(const api_case_t *kp, unsigned p)
{
    const api_case_t k = *kp;
    const ct_block_t *b = k.b;
    (void)p;
    void *a = b->create(k.cfg), *z = b->create(k.cfg);
    uint64_t *oa = calloc(b->out_words, sizeof *oa), *oz = calloc(b->out_words, sizeof *oz);
    uint64_t *rst = calloc(b->in_words, sizeof *rst);
    CHECK(a && z && oa && oz && rst, "%s %s: models made", b->name, k.preset);
    if (a && z && oa && oz && rst) {
        const unsigned half = CYCLES / 2;
        for (unsigned t = 0; t < half; t++) {
            b->cycle(a, k.in + (size_t)t * b->in_words, oa);
            b->cycle(z, k.in + (size_t)t * b->in_words, oz);
        }
        ct_block_reset(b, a);
        rst[0] = 1;
        b->cycle(z, rst, oz);
        for (unsigned t = half; t < CYCLES; t++) {
            b->cycle(a, k.in + (size_t)t * b->in_words, oa);
            b->cycle(z, k.in + (size_t)t * b->in_words, oz);
            int d = out_diff(b, oz, oa);
            if (d >= 0) {
                CHECK(0, "%s %s: after ct_block_reset, cycle %u, port %s differs from a reset cycle's run",
                      b->name, k.preset, t, b->out[d].name);
                break;
            }
        }
    }
    b->destroy(a);
    b->destroy(z);
    free(oa);
    free(oz);
    free(rst);
}

static void block_reset(void) { each_case(reset_case); }

static void eval_case(const api_case_t *kp, unsigned p)
{
    const api_case_t k = *kp;
    const ct_block_t *b = k.b;
    void *ref = b->create(k.cfg), *split = b->create(k.cfg);
    CHECK(ref && split, "%s %s: models made", b->name, k.preset);
    ct_rng_t r;
    ct_rng_seed(&r, 17 + p);
    for (unsigned t = 0; ref && split && t < CYCLES; t++) {
        const uint64_t *in = k.in + (size_t)t * b->in_words;
        uint64_t decoy[CT_MAX_WORDS], want[CT_MAX_WORDS], got[CT_MAX_WORDS],
            again[CT_MAX_WORDS];
        /* a decoy: random inputs, reset included, or the next cycle's */
        if (t + 1 < CYCLES && ct_rng_below(&r, 2))
            memcpy(decoy, in + b->in_words, b->in_words * sizeof *decoy);
        else
            for (unsigned i = 0; i < b->in_words; i++)
                decoy[i] = ct_rng_next(&r);
        ct_mask_ports(decoy, k.iw, b->in, b->n_in);
        b->cycle(ref, in, want);
        b->eval(split, decoy, got);
        b->eval(split, in, got);
        b->eval(split, in, again);
        int d = out_diff(b, want, got);
        int e = out_diff(b, got, again);
        b->step(split, in);
        if (d >= 0 || e >= 0) {
            CHECK(0, "%s %s cycle %u: port %s: _eval after a decoy _eval %s",
                  b->name, k.preset, t, b->out[d >= 0 ? d : e].name,
                  d >= 0 ? "differs from _cycle" : "differs from itself repeated");
            break;
        }
    }
    b->destroy(ref);
    b->destroy(split);
}

static void eval_is_pure(void) { each_case(eval_case); }

static void new_refuses_each_parameter(void)
{
    for (unsigned bi = 0; bi < ct_n_blocks; bi++) {
        const ct_block_t *b = ct_blocks[bi];
        uint32_t good[CT_MAX_PARAMS];
        char err[CT_ERRLEN];
        if (ct_config_parse(b, "paper", good, err, sizeof err)) {
            CHECK(0, "%s paper: %s", b->name, err);
            continue;
        }
        CHECK_EQ(b->check(good, err, sizeof err), 0, "%s paper is valid", b->name);
        b->destroy(NULL); /* _free(NULL) is a no-op */
        for (unsigned i = 0; i < b->n_params; i++) {
            const ct_param_t *pp = &b->params[i];
            uint64_t bad[2];
            unsigned nb = 0;
            if (pp->min > 0)
                bad[nb++] = pp->min - 1;
            if (pp->max < UINT32_MAX)
                bad[nb++] = (uint64_t)pp->max + 1;
            for (unsigned j = 0; j < nb; j++) {
                uint32_t cfg[CT_MAX_PARAMS];
                memcpy(cfg, good, sizeof cfg);
                cfg[i] = (uint32_t)bad[j];
                err[0] = 0;
                int rc = b->check(cfg, err, sizeof err);
                void *m = b->create(cfg);
                CHECK(rc != 0 && m == NULL && strstr(err, pp->name),
                      "%s %s=%llu refused, naming the parameter (got rc %d, '%s')", b->name,
                      pp->name, (unsigned long long)bad[j], rc, err);
                b->destroy(m);
            }
        }
    }
}

/* ct_config_by_name, values by hand from the ring's paper preset (CCN [004]
 * Table II(b), Sec. 4.4): the throttler's five parameters all come by name;
 * a node lacks CORE_W, CB_D, RQ_D, RS_D (the ring derives them), zeroed. */
static void config_by_name(void)
{
    const ct_block_t *ring = ct_find_block("ccn"), *rt = ct_find_block("ccn_rt"),
                     *node = ct_find_block("ccn_node");
    uint32_t fv[CT_MAX_PARAMS], tv[CT_MAX_PARAMS];
    char err[CT_ERRLEN];
    CHECK(ring && rt && node && ct_config_parse(ring, "paper", fv, err, sizeof err) == 0,
          "the ring's paper preset parses");
    if (!ring || !rt || !node)
        return;
    memset(tv, 0xa5, sizeof tv);
    CHECK(ct_config_by_name(ring, fv, rt, tv) == 0, "the throttler lacks nothing of the ring's");
    const uint32_t want_rt[] = {1000000, 10000000, 5, 10, 14}; /* T_S T_P HMIN_PCT INST_W CNT_W */
    CHECK(rt->n_params == 5 && memcmp(tv, want_rt, sizeof want_rt) == 0,
          "throttler T_S %u T_P %u HMIN_PCT %u INST_W %u CNT_W %u", tv[0], tv[1], tv[2], tv[3], tv[4]);
    memset(tv, 0xa5, sizeof tv);
    CHECK(ct_config_by_name(ring, fv, node, tv) == 4, "a node lacks 4 of its parameters in the ring's");
    /* SETS WAYS LA_W TAG_W CORE_W LINE_W CB_D RQ_D RS_D BUBBLE */
    const uint32_t want_node[] = {96, 4, 33, 24, 0, 1024, 0, 0, 0, 1};
    CHECK(node->n_params == 10 && memcmp(tv, want_node, sizeof want_node) == 0,
          "node SETS %u WAYS %u LA_W %u TAG_W %u CORE_W %u LINE_W %u CB_D %u RQ_D %u RS_D %u BUBBLE %u",
          tv[0], tv[1], tv[2], tv[3], tv[4], tv[5], tv[6], tv[7], tv[8], tv[9]);
    CHECK(tv[10] == 0xa5a5a5a5u, "nothing written past the node's %u parameters", node->n_params);
}

/* ct_block_t.parts: the compositions whose models call their parts' models
 * (their own .c files) list them, each part's configuration valid for it;
 * the other blocks list none.  Values by hand from the ring's tiny preset
 * (docs/blocks/ccn.md: a node's CORE_W is clog2(N), its three queues Q_D
 * deep, the rest by name). */
static void parts_of_compositions(void)
{
    static const char *const with_parts[] = {"ccn", "ccn_node", "lamar_gdu", "bgp"};
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const ct_block_t *b = ct_blocks[i];
        int want = 0;
        for (unsigned k = 0; k < sizeof with_parts / sizeof with_parts[0]; k++)
            want |= strcmp(b->name, with_parts[k]) == 0;
        CHECK_EQ(b->parts != NULL, want, "%s lists its parts (a composition of models)", b->name);
        if (!b->parts)
            continue;
        for (unsigned p = 0; p < b->n_presets; p++) {
            uint32_t cfg[CT_MAX_PARAMS];
            char err[CT_ERRLEN];
            if (ct_config_parse(b, b->presets[p].name, cfg, err, sizeof err))
                continue;
            ct_part_t part[CT_MAX_PARTS];
            unsigned n = b->parts(cfg, part);
            CHECK(n >= 1 && n <= CT_MAX_PARTS, "%s %s: %u parts", b->name, b->presets[p].name, n);
            for (unsigned k = 0; k < n && k < CT_MAX_PARTS; k++) {
                CHECK(part[k].block && part[k].block != b, "%s %s: part %u is another block", b->name,
                      b->presets[p].name, k);
                if (part[k].block)
                    CHECK(part[k].block->check(part[k].cfg, err, sizeof err) == 0, "%s %s: part %s's configuration: %s",
                          b->name, b->presets[p].name, part[k].block->name, err);
            }
        }
    }
    const ct_block_t *ring = ct_find_block("ccn");
    uint32_t cfg[CT_MAX_PARAMS];
    char err[CT_ERRLEN], text[512];
    if (!ring || ct_config_parse(ring, "tiny", cfg, err, sizeof err))
        return;
    ct_part_t part[CT_MAX_PARTS];
    CHECK_EQ(ring->parts(cfg, part), 2, "the ring's parts: a node and a throttler");
    CHECK(strcmp(part[0].block->name, "ccn_node") == 0 && strcmp(part[1].block->name, "ccn_rt") == 0,
          "the ring's parts: %s, %s", part[0].block->name, part[1].block->name);
    ct_config_format(part[0].block, part[0].cfg, text, sizeof text);
    CHECK(strcmp(text, "SETS=2 WAYS=2 LA_W=5 TAG_W=4 CORE_W=2 LINE_W=8 CB_D=2 RQ_D=2 RS_D=2 BUBBLE=1") == 0,
          "tiny's node: %s", text);
    ct_config_format(part[1].block, part[1].cfg, text, sizeof text);
    CHECK(strcmp(text, "T_S=16 T_P=40 HMIN_PCT=30 INST_W=2 CNT_W=4") == 0, "tiny's throttler: %s", text);
}

const ut_test_t api_tests[] = {
    {"api: a composition lists its parts (block and configuration), each valid; other blocks none",
     "a specialised build specialises a composition's parts through them", parts_of_compositions},
    {"api: ct_config_by_name copies same-named parameters, zeroes and counts the rest",
     "a composition derives its parts' configurations through it", config_by_name},
    {"api: ct_block_reset is a reset cycle's edge (every block, every preset)",
     "the compositions reset their parts through it", block_reset},
    {"api: _run over random batch splits equals _cycle (every block, every preset)",
     "the batch API is the same machine as the cycle API", run_matches_cycle},
    {"api: _eval changes no state; _eval + _step equals _cycle (every block, every preset)",
     "event-driven hosts evaluate several times per edge", eval_is_pure},
    {"api: _new refuses every parameter outside its range, naming it; _free(NULL) safe",
     "a bad configuration never makes a model", new_refuses_each_parameter},
    {NULL, NULL, NULL},
};
