/*
 * test_host_api.c - the by-name API every host goes through (cachetwin.h)
 * and the DPI-C glue (ct_dpi.c), for every block and preset:
 *
 *   catalogue  ct_block_name / ct_preset_name list the registry, NULL past
 *              the end, 0 presets for an unknown block;
 *   ports      names, widths and word offsets equal the description's for
 *              the configuration (widths() of the descriptor, ct_port_off);
 *              the coverage bins' names, meanings and possible flags its
 *              COVER table's;
 *   cycle      a by-name model on the block's stimulus gives, cycle by cycle,
 *              the outputs of the descriptor's model on the same inputs; eval
 *              then step equals cycle; run(n) equals n cycles; the bins
 *              ct_model_cover_sample counts equal the descriptor's sampling;
 *   set/get    a value set by name lands at the port's offset, masked to its
 *              width; unknown names are refused;
 *   new        unknown blocks and bad configurations are refused with the
 *              name of the offending field; free(NULL) is safe;
 *   dpi        the DPI word interface gives the same outputs and its check
 *              finds a difference in any output word and none when equal.
 *
 * TEST RATIONALE: the SystemC shim, the DPI packages and the Python module
 * reach the models only through these functions; the lockstep paths would
 * show a broken one only for the ports and presets they drive.
 */
#define _POSIX_C_SOURCE 200809L
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cachetwin.h"
#include "ut.h"

#define CYC 2000u

void *ct_dpi_new(const char *block, const char *config);
void ct_dpi_free(void *h);
void ct_dpi_set(void *h, int word, unsigned long long v);
unsigned long long ct_dpi_get(void *h, int dir, int word);
void ct_dpi_cycle(void *h);
void ct_dpi_set_act(void *h, int word, unsigned long long v);
int ct_dpi_check(void *h, unsigned long long cycle, unsigned long long seed);

static void test_catalogue(void)
{
    CHECK_EQ(ct_block_count(), ct_n_blocks, "block count");
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const char *n = ct_block_name(i);
        CHECK(n && strcmp(n, ct_blocks[i]->name) == 0, "block %u is %s", i, n ? n : "(null)");
        CHECK_EQ(ct_preset_count(n), ct_blocks[i]->n_presets, "%s presets", n);
        for (unsigned p = 0; p < ct_blocks[i]->n_presets; p++)
            CHECK(strcmp(ct_preset_name(n, p), ct_blocks[i]->presets[p].name) == 0,
                  "%s preset %u", n, p);
        CHECK(ct_preset_name(n, ct_blocks[i]->n_presets) == NULL, "%s: NULL past the end", n);
    }
    CHECK(ct_block_name(ct_n_blocks) == NULL, "NULL past the last block");
    CHECK_EQ(ct_preset_count("nosuch"), 0, "unknown block has no presets");
    CHECK(strcmp(ct_version(), CACHETWIN_VERSION) == 0, "version");
}

static void test_ports(void)
{
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const ct_block_t *b = ct_blocks[i];
        for (unsigned p = 0; p < b->n_presets; p++) {
            char err[CT_ERRLEN];
            uint32_t cfg[CT_MAX_PARAMS];
            unsigned w[2][CT_MAX_PORTS];
            ct_model_t *m = ct_model_new(b->name, b->presets[p].name, err, sizeof err);
            if (!m || ct_config_parse(b, b->presets[p].name, cfg, err, sizeof err)) {
                CHECK(0, "%s %s: %s", b->name, b->presets[p].name, err);
                ct_model_free(m);
                continue;
            }
            b->widths(cfg, w[0], w[1]);
            CHECK(strcmp(ct_model_block(m), b->name) == 0, "block name");
            for (int d = 0; d < 2; d++) {
                const ct_port_t *pp = d ? b->out : b->in;
                unsigned n = d ? b->n_out : b->n_in;
                CHECK_EQ(ct_model_port_count(m, d), n, "%s port count", b->name);
                CHECK_EQ(ct_model_words(m, d), d ? b->out_words : b->in_words, "%s words", b->name);
                for (unsigned k = 0; k < n; k++) {
                    CHECK(strcmp(ct_model_port_name(m, d, k), pp[k].name) == 0, "%s port %u", b->name, k);
                    CHECK_EQ(ct_model_port_width(m, d, k), w[d][k], "%s %s width", b->name, pp[k].name);
                    CHECK_EQ(ct_model_port_offset(m, d, k), ct_port_off(pp, k), "%s %s offset",
                             b->name, pp[k].name);
                    CHECK_EQ(ct_model_port_index(m, d, pp[k].name), k, "%s %s index", b->name, pp[k].name);
                }
                CHECK(ct_model_port_name(m, d, n) == NULL, "NULL past the last port");
                CHECK_EQ(ct_model_port_index(m, d, "nosuch_i"), (uint64_t)-1, "unknown port");
            }
            /* the coverage bins: the descriptor's COVER table, possible for this configuration */
            unsigned nc = ct_model_cover_count(m);
            int poss[CT_MAX_COVER] = {0};
            if (b->n_cover)
                b->cover_possible(cfg, poss);
            CHECK_EQ(nc, b->n_cover, "%s bin count", b->name);
            for (unsigned k = 0; k < nc; k++)
                CHECK(strcmp(ct_model_cover_name(m, k), b->cover[k].name) == 0 &&
                          strcmp(ct_model_cover_doc(m, k), b->cover[k].doc) == 0 &&
                          ct_model_cover_possible(m, k) == poss[k],
                      "%s %s: bin %u", b->name, b->presets[p].name, k);
            CHECK(ct_model_cover_name(m, nc) == NULL && ct_model_cover_doc(m, nc) == NULL &&
                      ct_model_cover_possible(m, nc) == 0, "%s: past the last bin", b->name);
            ct_model_free(m);
        }
    }
}

/* The by-name model against the descriptor's model on the same inputs. */
static void test_cycle_eval_step_run(void)
{
    static uint64_t in[CT_MAX_WORDS], a[CT_MAX_WORDS], e[CT_MAX_WORDS], r[CT_MAX_WORDS];
    for (unsigned i = 0; i < ct_n_blocks; i++) {
        const ct_block_t *b = ct_blocks[i];
        for (unsigned p = 0; p < b->n_presets; p++) {
            const char *pn = b->presets[p].name;
            char err[CT_ERRLEN];
            uint32_t cfg[CT_MAX_PARAMS];
            ct_model_t *m = ct_model_new(b->name, pn, err, sizeof err);
            ct_model_t *split = ct_model_new(b->name, pn, err, sizeof err);
            ct_model_t *batch = ct_model_new(b->name, pn, err, sizeof err);
            ct_config_parse(b, pn, cfg, err, sizeof err);
            void *ref = b->create(cfg);
            ct_stim_t *s = m ? ct_stim_new(m, 5) : NULL;
            if (!m || !split || !batch || !ref || !s) {
                CHECK(0, "%s %s: cannot make the models", b->name, pn);
            } else {
                unsigned bad = 0;
                uint64_t got[CT_MAX_COVER] = {0}, want[CT_MAX_COVER] = {0};
                for (unsigned t = 0; t < CYC && !bad; t++) {
                    ct_stim_next(s, in, NULL);
                    b->cycle(ref, in, e);
                    ct_model_cycle(m, in, a);
                    ct_model_cover_sample(m, in, a, got);
                    if (b->n_cover)
                        b->cover_sample(cfg, in, e, want);
                    if (memcmp(a, e, b->out_words * 8)) {
                        CHECK(0, "%s %s cycle %u: ct_model_cycle differs from the model", b->name, pn, t);
                        bad = 1;
                    }
                    ct_model_eval(split, in, a);
                    ct_model_step(split, in);
                    if (memcmp(a, e, b->out_words * 8)) {
                        CHECK(0, "%s %s cycle %u: eval + step differs from cycle", b->name, pn, t);
                        bad = 1;
                    }
                    /* run: the same inputs 1..3 times counts as that many cycles */
                    ct_model_run(batch, in, r, 1);
                    if (memcmp(r, e, b->out_words * 8)) {
                        CHECK(0, "%s %s cycle %u: run(1) differs from cycle", b->name, pn, t);
                        bad = 1;
                    }
                }
                CHECK(memcmp(got, want, sizeof got) == 0, "%s %s: the coverage bins counted by name equal the "
                      "descriptor's", b->name, pn);
                /* run over a buffer of 3 cycles == three cycles, output by output */
                static uint64_t in3[3 * CT_MAX_WORDS], r3[3 * CT_MAX_WORDS];
                unsigned iw = b->in_words, ow = b->out_words;
                for (unsigned k = 0; k < 3; k++)
                    ct_stim_next(s, in3 + k * iw, NULL);
                ct_model_run(batch, in3, r3, 3);
                for (unsigned k = 0; k < 3; k++) {
                    ct_model_cycle(m, in3 + k * iw, a);
                    CHECK(memcmp(r3 + k * ow, a, ow * 8) == 0, "%s %s: run(3), cycle %u", b->name, pn, k);
                }
                FILE *null = fopen("/dev/null", "w");
                CHECK_EQ(ct_model_report(m, null ? null : stdout) == -1, b->report == NULL,
                         "%s: report -1 only without instruments", b->name);
                if (null)
                    fclose(null);
            }
            ct_stim_free(s);
            if (ref)
                b->destroy(ref);
            ct_model_free(m);
            ct_model_free(split);
            ct_model_free(batch);
        }
    }
}

static void test_set_get(void)
{
    char err[CT_ERRLEN];
    uint64_t in[CT_MAX_WORDS], out[CT_MAX_WORDS];
    ct_model_t *m = ct_model_new("loscache_ctr", "small", err, sizeof err);
    if (!m) {
        CHECK(0, "%s", err);
        return;
    }
    memset(in, 0xff, sizeof in);
    CHECK_EQ(ct_model_set(m, in, "pred_i", 0x1ff), 0, "set pred_i");
    int k = ct_model_port_index(m, CT_DIR_IN, "pred_i");
    CHECK_EQ(in[ct_model_port_offset(m, CT_DIR_IN, (unsigned)k)], 0x3f, "pred_i masked to 6 bits");
    CHECK_EQ(ct_model_get(m, in, CT_DIR_IN, "pred_i"), 0x3f, "get pred_i");
    CHECK_EQ(ct_model_set(m, in, "nosuch_i", 1), (uint64_t)-1, "unknown input refused");
    CHECK_EQ(ct_model_set(m, in, "count_o", 1), (uint64_t)-1, "an output is not an input");
    /* the paper's story by name: reset, then FILL with P = 3 counts access 1 */
    memset(in, 0, sizeof in);
    ct_model_set(m, in, "rst_i", 1);
    ct_model_cycle(m, in, out);
    ct_model_set(m, in, "rst_i", 0);
    ct_model_set(m, in, "op_i", 1); /* FILL */
    ct_model_set(m, in, "pred_i", 3);
    ct_model_cycle(m, in, out);
    CHECK_EQ(ct_model_get(m, out, CT_DIR_OUT, "count_o"), 1, "a fill is access 1");
    CHECK_EQ(ct_model_get(m, out, CT_DIR_OUT, "gate_o"), 0, "not gated at access 1");
    ct_model_set(m, in, "op_i", 2); /* HIT */
    ct_model_cycle(m, in, out);
    ct_model_cycle(m, in, out);
    CHECK_EQ(ct_model_get(m, out, CT_DIR_OUT, "gate_o"), 1, "gated on access P = 3");
    CHECK_EQ(ct_model_get(m, out, CT_DIR_OUT, "nosuch_o"), 0, "unknown output reads 0");
    ct_model_free(m);
}

static void test_new_refuses(void)
{
    char err[CT_ERRLEN];
    CHECK(ct_model_new("nosuch", "small", err, sizeof err) == NULL, "unknown block");
    CHECK(strstr(err, "unknown block 'nosuch'") != NULL, "message: %s", err);
    CHECK(ct_model_new("loscache_ctr", "CNT_W=99", err, sizeof err) == NULL, "out of range");
    CHECK(strstr(err, "CNT_W") != NULL, "message names the field: %s", err);
    CHECK(ct_model_new("bloom_dual", "small,N=33", err, sizeof err) == NULL, "cross-parameter rule");
    CHECK(strstr(err, "N=33") != NULL, "message names the field: %s", err);
    CHECK(ct_model_new(NULL, "small", NULL, 0) == NULL, "NULL block, no error buffer");
    ct_model_t *m = ct_model_new("bgp", NULL, err, sizeof err);
    CHECK(m != NULL, "NULL config is the paper preset");
    ct_model_free(m);
    ct_model_free(NULL);
    CHECK(ct_dpi_new("nosuch", "small") == NULL, "dpi: unknown block");
}

static void test_dpi_words(void)
{
    char err[CT_ERRLEN];
    const char *blk = "ata_tags", *cfgt = "wide"; /* wide ports: many words */
    ct_model_t *m = ct_model_new(blk, cfgt, err, sizeof err);
    void *h = ct_dpi_new(blk, cfgt);
    ct_stim_t *s = m ? ct_stim_new(m, 3) : NULL;
    static uint64_t in[CT_MAX_WORDS], out[CT_MAX_WORDS];
    if (!m || !h || !s) {
        CHECK(0, "cannot make the models");
        goto done;
    }
    unsigned ni = ct_model_words(m, CT_DIR_IN), no = ct_model_words(m, CT_DIR_OUT);
    for (unsigned t = 0; t < 300; t++) {
        ct_stim_next(s, in, NULL);
        for (unsigned k = 0; k < ni; k++)
            ct_dpi_set(h, (int)k, in[k]);
        ct_dpi_cycle(h);
        ct_model_cycle(m, in, out);
        unsigned diff = 0;
        for (unsigned k = 0; k < no; k++) {
            diff += ct_dpi_get(h, CT_DIR_OUT, (int)k) != out[k];
            ct_dpi_set_act(h, (int)k, out[k]);
        }
        CHECK_EQ(diff, 0, "cycle %u: dpi outputs equal the model's", t);
        CHECK_EQ(ct_dpi_check(h, t, 3), 0, "cycle %u: check of equal outputs passes", t);
    }
    /* a difference in any single output word (within its port's width) is found */
    unsigned found = 0, tried = 0;
    fflush(stdout); /* the reports of the flipped words go to /dev/null */
    int saved = dup(1), devnull = open("/dev/null", O_WRONLY);
    if (saved >= 0 && devnull >= 0)
        dup2(devnull, 1);
    for (unsigned i = 0; i < ct_model_port_count(m, CT_DIR_OUT); i++) {
        unsigned w = ct_model_port_width(m, CT_DIR_OUT, i), o = ct_model_port_offset(m, CT_DIR_OUT, i);
        for (unsigned k = 0; k < (w + 63) / 64; k++) {
            unsigned bit = (k + 1) * 64 <= w ? 63 : (w - 1) % 64;
            ct_dpi_set_act(h, (int)(o + k), out[o + k] ^ (UINT64_C(1) << bit));
            tried++;
            found += ct_dpi_check(h, 300, 3) == 1;
            ct_dpi_set_act(h, (int)(o + k), out[o + k]);
        }
    }
    fflush(stdout);
    if (saved >= 0 && devnull >= 0)
        dup2(saved, 1);
    if (saved >= 0)
        close(saved);
    if (devnull >= 0)
        close(devnull);
    CHECK_EQ(found, tried, "every flipped output word is a mismatch");
    CHECK(ct_dpi_get(h, CT_DIR_OUT, 100000) == 0 && ct_dpi_get(NULL, 0, 0) == 0, "out of range reads 0");
done:
    ct_stim_free(s);
    ct_model_free(m);
    ct_dpi_free(h);
}

int ct_dpi_stim(void *h, unsigned long long seed, const char *config);
void ct_dpi_stim_next(void *h);

int ct_dpi_set_port(void *h, const char *port, int word, unsigned long long v);
unsigned long long ct_dpi_get_port(void *h, int dir, const char *port, int word);

/* ports of any width by name: ccn small's 96-bit rd_data_i set from two
 * words lands at its offset, the bits above 96 dropped, and reads back; a
 * narrow port through the same calls equals ct_model_set/get; the DPI's
 * word-by-name calls give the same words; unknown names and words past a
 * port are refused */
static void test_wide_by_name(void)
{
    char err[CT_ERRLEN];
    ct_model_t *m = ct_model_new("ccn", "small", err, sizeof err);
    void *h = ct_dpi_new("ccn", "small");
    static uint64_t in[CT_MAX_WORDS], in2[CT_MAX_WORDS];
    if (!m || !h) {
        CHECK(0, "cannot make ccn small: %s", err);
        goto done;
    }
    const uint64_t v[3] = {UINT64_C(0x0123456789abcdef), UINT64_C(0xfedcba9876543210), 7};
    uint64_t got[3] = {1, 1, 1};
    int i = ct_model_port_index(m, CT_DIR_IN, "rd_data_i");
    CHECK(i >= 0 && ct_model_port_width(m, CT_DIR_IN, (unsigned)i) == 96, "rd_data_i is 96 bits");
    unsigned o = i >= 0 ? ct_model_port_offset(m, CT_DIR_IN, (unsigned)i) : 0;
    CHECK_EQ(ct_model_set_words(m, in, "rd_data_i", v, 3), 2, "set: 2 words");
    CHECK(in[o] == v[0] && in[o + 1] == (v[1] & UINT64_C(0xffffffff)), "set: the words at the port's offset, "
          "masked to 96 bits: %016llx %016llx", (unsigned long long)in[o], (unsigned long long)in[o + 1]);
    CHECK_EQ(ct_model_get_words(m, in, CT_DIR_IN, "rd_data_i", got, 3), 2, "get: 2 words");
    CHECK(got[0] == v[0] && got[1] == (v[1] & UINT64_C(0xffffffff)) && got[2] == 0, "get: the words back, 0 past");
    CHECK_EQ(ct_model_set_words(m, in, "rd_data_i", v, 1), 2, "set from 1 word");
    CHECK(in[o] == v[0] && in[o + 1] == 0, "set from 1 word: the rest 0");
    CHECK_EQ(ct_model_set_words(m, in2, "inst_i", v, 1), 1, "a narrow port: 1 word");
    ct_model_set(m, in, "inst_i", v[0]);
    CHECK(ct_model_get(m, in, CT_DIR_IN, "inst_i") == ct_model_get(m, in2, CT_DIR_IN, "inst_i"),
          "a narrow port: set_words = set");
    CHECK(ct_model_set_words(m, in, "nosuch", v, 1) == -1 && ct_model_get_words(m, in, CT_DIR_OUT, "rd_data_i", got, 1) == -1,
          "unknown name (or direction) refused");
    CHECK(ct_dpi_set_port(h, "rd_data_i", 1, v[1]) == 0 && ct_dpi_set_port(h, "rd_data_i", 0, v[0]) == 0,
          "dpi: set by name");
    CHECK(ct_dpi_get_port(h, CT_DIR_IN, "rd_data_i", 1) == (v[1] & UINT64_C(0xffffffff)) &&
          ct_dpi_get_port(h, CT_DIR_IN, "rd_data_i", 0) == v[0], "dpi: get by name, masked");
    CHECK(ct_dpi_set_port(h, "rd_data_i", 2, 1) == -1 && ct_dpi_set_port(h, "nosuch", 0, 1) == -1 &&
          ct_dpi_get_port(h, CT_DIR_IN, "rd_data_i", 2) == 0, "dpi: a word past the port or no port refused");
    for (unsigned t = 0; t < 40; t++)   /* a few cycles of the ring with data on the port */
        ct_dpi_cycle(h);
    int j = ct_model_port_index(m, CT_DIR_OUT, "dl_data_o");
    unsigned oo = j >= 0 ? ct_model_port_offset(m, CT_DIR_OUT, (unsigned)j) : 0;
    CHECK(j >= 0 && ct_dpi_get_port(h, CT_DIR_OUT, "dl_data_o", 0) == ct_dpi_get(h, CT_DIR_OUT, (int)oo) &&
              ct_dpi_get_port(h, CT_DIR_OUT, "dl_data_o", 1) == ct_dpi_get(h, CT_DIR_OUT, (int)oo + 1),
          "dpi: a 96-bit output by name is the words at its offset");
done:
    ct_model_free(m);
    ct_dpi_free(h);
}

/* the report ct_dpi_check prints for handle h at cycle 7 with output word 0
 * flipped, as text (malloc'd) */
static char *dpi_report(void *h)
{
    char path[512];
    ut_tmp(path, sizeof path, "ct_dpi_report", "txt");
    fflush(stdout);
    int saved = dup(1), fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (saved < 0 || fd < 0)
        return NULL;
    dup2(fd, 1);
    ct_dpi_cycle(h);
    ct_dpi_set_act(h, 0, ct_dpi_get(h, CT_DIR_OUT, 0) ^ 1);
    int rc = ct_dpi_check(h, 7, 5);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(fd);
    size_t len;
    char *text = ut_slurp(path, &len);
    unlink(path);
    CHECK_EQ(rc, 1, "a flipped output word is a mismatch");
    return text;
}

/* the DPI check's report: with the block's own stimulus, its seed, the
 * directed sequence and the make dpi-cosim line (the preset by name, the
 * cycles up to the mismatch); with the testbench's own inputs, no seed of
 * ours and the testbench as the way to reproduce */
static void test_dpi_report(void)
{
    void *own = ct_dpi_new("loscache_ctr", "small"), *kit = ct_dpi_new("loscache_ctr", "small");
    if (!own || !kit || ct_dpi_stim(kit, 5, "") != 0) {
        CHECK(0, "cannot make the handles");
        goto done;
    }
    ct_dpi_stim_next(kit);
    char *a = dpi_report(own), *b = dpi_report(kit);
    CHECK(a && strstr(a, "MISMATCH dpi loscache_ctr config=NUM_LINES=16 CNT_W=6 THR_W=2 lockstep at cycle 7\n"),
          "own stimulus: the head line: %s", a ? a : "(none)");
    CHECK(a && strstr(a, "  stimulus: the testbench's own (ct_dpi_set)\n") && !strstr(a, "seed:"),
          "own stimulus: said, no seed: %s", a ? a : "(none)");
    CHECK(a && strstr(a, "  reproduce: the testbench again, to cycle 7\n"), "own stimulus: reproduce: %s",
          a ? a : "(none)");
    CHECK(b && strstr(b, "  seed: 5   stimulus: "), "kit stimulus: seed and sequence: %s", b ? b : "(none)");
    CHECK(b && strstr(b, "  reproduce: make dpi-cosim BLOCK=loscache_ctr CONFIG=small SEED=5 CYCLES=8\n"),
          "kit stimulus: reproduce by preset name: %s", b ? b : "(none)");
    free(a);
    free(b);
done:
    ct_dpi_free(own);
    ct_dpi_free(kit);
}

const ut_test_t host_api_tests[] = {
    {"host_api_wide_by_name", "ports of any width by name: C words, DPI words, masked, refused", test_wide_by_name},
    {"host_api_dpi_report", "the DPI check's report: seed, stimulus and reproduce line, own or kit stimulus",
     test_dpi_report},
    {"host_api_catalogue", "ct_block_name/ct_preset_name list the registry", test_catalogue},
    {"host_api_ports", "names, widths, offsets of every port, the coverage bins, as the description gives them",
     test_ports},
    {"host_api_cycle_eval_step_run", "by-name model = descriptor's model, cycle by cycle",
     test_cycle_eval_step_run},
    {"host_api_set_get", "set/get by name: offset, mask, refusals; the fill-then-gate story", test_set_get},
    {"host_api_new_refuses", "unknown block and bad configurations name the field", test_new_refuses},
    {"host_dpi_words", "DPI word interface = model; check finds every flipped word", test_dpi_words},
    {NULL, NULL, NULL},
};
