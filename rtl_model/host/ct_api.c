/*
 * ct_api.c - the C models by name (cachetwin.h): a thin layer over the
 * registry's descriptors, so every block is reachable from any host without
 * a line of per-block code.
 */
#include "cachetwin.h"

#include <stdlib.h>
#include <string.h>

struct ct_model {
    const ct_block_t *b;
    uint32_t cfg[CT_MAX_PARAMS];
    char cfgtxt[512];
    unsigned w[2][CT_MAX_PORTS];   /* widths for this configuration */
    unsigned off[2][CT_MAX_PORTS]; /* word offsets */
    void *state;
};

struct ct_stim {
    const ct_block_t *b;
    unsigned w[CT_MAX_PORTS]; /* input widths: masks the stimulus */
    void *s;
};

const char *ct_version(void) { return CACHETWIN_VERSION; }

unsigned ct_block_count(void) { return ct_n_blocks; }

const char *ct_block_name(unsigned i)
{
    return i < ct_n_blocks ? ct_blocks[i]->name : NULL;
}

unsigned ct_preset_count(const char *block)
{
    const ct_block_t *b = block ? ct_find_block(block) : NULL;
    return b ? b->n_presets : 0;
}

const char *ct_preset_name(const char *block, unsigned i)
{
    const ct_block_t *b = block ? ct_find_block(block) : NULL;
    return b && i < b->n_presets ? b->presets[i].name : NULL;
}

ct_model_t *ct_model_new(const char *block, const char *config, char *err,
                         size_t errlen)
{
    char dummy[CT_ERRLEN];
    if (!err || !errlen) {
        err = dummy;
        errlen = sizeof dummy;
    }
    const ct_block_t *b = block ? ct_find_block(block) : NULL;
    if (!b) {
        snprintf(err, errlen, "block: unknown block '%s'", block ? block : "(null)");
        return NULL;
    }
    ct_model_t *m = calloc(1, sizeof *m);
    if (!m) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    m->b = b;
    if (ct_config_parse(b, config ? config : "paper", m->cfg, err, errlen) != 0 ||
        b->check(m->cfg, err, errlen) != 0) {
        free(m);
        return NULL;
    }
    ct_config_format(b, m->cfg, m->cfgtxt, sizeof m->cfgtxt);
    b->widths(m->cfg, m->w[CT_DIR_IN], m->w[CT_DIR_OUT]);
    for (unsigned i = 0; i < b->n_in; i++)
        m->off[CT_DIR_IN][i] = ct_port_off(b->in, i);
    for (unsigned i = 0; i < b->n_out; i++)
        m->off[CT_DIR_OUT][i] = ct_port_off(b->out, i);
    m->state = b->create(m->cfg);
    if (!m->state) {
        snprintf(err, errlen, "%s: cannot create the model (out of memory)", b->name);
        free(m);
        return NULL;
    }
    return m;
}

void ct_model_free(ct_model_t *m)
{
    if (!m)
        return;
    if (m->b->destroy)
        m->b->destroy(m->state);
    free(m);
}

const char *ct_model_block(const ct_model_t *m) { return m->b->name; }
const char *ct_model_config(const ct_model_t *m) { return m->cfgtxt; }

static const ct_port_t *ports(const ct_model_t *m, int dir, unsigned *n)
{
    *n = dir == CT_DIR_OUT ? m->b->n_out : m->b->n_in;
    return dir == CT_DIR_OUT ? m->b->out : m->b->in;
}

unsigned ct_model_port_count(const ct_model_t *m, int dir)
{
    unsigned n;
    ports(m, dir, &n);
    return n;
}

const char *ct_model_port_name(const ct_model_t *m, int dir, unsigned i)
{
    unsigned n;
    const ct_port_t *p = ports(m, dir, &n);
    return i < n ? p[i].name : NULL;
}

unsigned ct_model_port_width(const ct_model_t *m, int dir, unsigned i)
{
    unsigned n;
    ports(m, dir, &n);
    return i < n ? m->w[dir == CT_DIR_OUT][i] : 0;
}

unsigned ct_model_port_offset(const ct_model_t *m, int dir, unsigned i)
{
    unsigned n;
    ports(m, dir, &n);
    return i < n ? m->off[dir == CT_DIR_OUT][i] : 0;
}

int ct_model_port_index(const ct_model_t *m, int dir, const char *name)
{
    unsigned n;
    const ct_port_t *p = ports(m, dir, &n);
    for (unsigned i = 0; name && i < n; i++)
        if (strcmp(p[i].name, name) == 0)
            return (int)i;
    return -1;
}

unsigned ct_model_words(const ct_model_t *m, int dir)
{
    return dir == CT_DIR_OUT ? m->b->out_words : m->b->in_words;
}

void ct_model_cycle(ct_model_t *m, const uint64_t *in, uint64_t *out)
{
    m->b->cycle(m->state, in, out);
}

void ct_model_eval(const ct_model_t *m, const uint64_t *in, uint64_t *out)
{
    m->b->eval(m->state, in, out);
}

void ct_model_step(ct_model_t *m, const uint64_t *in)
{
    m->b->step(m->state, in);
}

void ct_model_run(ct_model_t *m, const uint64_t *in, uint64_t *out, size_t n)
{
    m->b->run(m->state, in, out, n);
}

int ct_model_report(const ct_model_t *m, FILE *f)
{
    return m->b->report ? m->b->report(m->state, f) : -1;
}

int ct_model_set(const ct_model_t *m, uint64_t *in, const char *port, uint64_t v)
{
    int i = ct_model_port_index(m, CT_DIR_IN, port);
    if (i < 0)
        return -1;
    unsigned w = m->w[0][i], o = m->off[0][i];
    in[o] = v & ct_mask(w);
    for (unsigned k = 1; k < m->b->in[i].words; k++)
        in[o + k] = 0;
    return 0;
}

uint64_t ct_model_get(const ct_model_t *m, const uint64_t *words, int dir,
                      const char *port)
{
    int i = ct_model_port_index(m, dir, port);
    if (i < 0)
        return 0;
    int d = dir == CT_DIR_OUT;
    unsigned w = m->w[d][i];
    return words[m->off[d][i]] & ct_mask(w);
}

/* word k of a port of width w, masked to the bits the port has there */
static uint64_t word_mask(unsigned w, unsigned k)
{
    return 64 * k >= w ? 0 : ct_mask(w - 64 * k >= 64 ? 64 : w - 64 * k);
}

int ct_model_set_words(const ct_model_t *m, uint64_t *in, const char *port, const uint64_t *v,
                       unsigned n)
{
    int i = ct_model_port_index(m, CT_DIR_IN, port);
    if (i < 0)
        return -1;
    unsigned w = m->w[0][i], o = m->off[0][i];
    for (unsigned k = 0; k < m->b->in[i].words; k++)
        in[o + k] = k < n ? v[k] & word_mask(w, k) : 0;
    return (int)CT_WORDS(w);
}

int ct_model_get_words(const ct_model_t *m, const uint64_t *words, int dir, const char *port,
                       uint64_t *v, unsigned n)
{
    int i = ct_model_port_index(m, dir, port);
    if (i < 0)
        return -1;
    int d = dir == CT_DIR_OUT;
    unsigned w = m->w[d][i], o = m->off[d][i];
    for (unsigned k = 0; k < n; k++)
        v[k] = 64 * k < w ? words[o + k] & word_mask(w, k) : 0;
    return (int)CT_WORDS(w);
}

unsigned ct_model_cover_count(const ct_model_t *m) { return m->b->n_cover; }

const char *ct_model_cover_name(const ct_model_t *m, unsigned k)
{
    return k < m->b->n_cover ? m->b->cover[k].name : NULL;
}

const char *ct_model_cover_doc(const ct_model_t *m, unsigned k)
{
    return k < m->b->n_cover ? m->b->cover[k].doc : NULL;
}

int ct_model_cover_possible(const ct_model_t *m, unsigned k)
{
    int p[CT_MAX_COVER];
    if (k >= m->b->n_cover)
        return 0;
    m->b->cover_possible(m->cfg, p);
    return p[k];
}

void ct_model_cover_sample(const ct_model_t *m, const uint64_t *in, const uint64_t *out, uint64_t *hits)
{
    if (m->b->n_cover)
        m->b->cover_sample(m->cfg, in, out, hits);
}

ct_stim_t *ct_stim_new(const ct_model_t *m, uint64_t seed)
{
    ct_stim_t *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->b = m->b;
    memcpy(s->w, m->w[CT_DIR_IN], sizeof s->w);
    s->s = m->b->stim_create(m->cfg, seed);
    if (!s->s) {
        free(s);
        return NULL;
    }
    return s;
}

void ct_stim_next(ct_stim_t *s, uint64_t *in, const char **note)
{
    const char *dummy;
    s->b->stim_next(s->s, in, note ? note : &dummy);
    ct_mask_ports(in, s->w, s->b->in, s->b->n_in);
}

void ct_stim_free(ct_stim_t *s)
{
    if (!s)
        return;
    s->b->stim_destroy(s->s);
    free(s);
}
