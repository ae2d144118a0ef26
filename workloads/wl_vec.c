/*
 * wl_vec.c - an experiment's cycles of one block instance as golden
 * vectors (wl_vec.h).
 */
#include "wl_vec.h"

#include <stdlib.h>
#include <string.h>

#include "ct_vec.h"

/* a recorder of block b in configuration cfg, up to max cycles, empty */
static void begin(wl_vec_t *v, const ct_block_t *b, const uint32_t *cfg, uint64_t max)
{
    memset(v, 0, sizeof *v);
    v->b = b;
    memcpy(v->cfg, cfg, b->n_params * sizeof *cfg);
    v->max = max;
}

int wl_vec_init(wl_vec_t *v, const ct_block_t *b, const uint32_t *cfg, uint64_t max, char *err, size_t errlen)
{
    begin(v, b, cfg, max);
    v->in = calloc(max ? max : 1, b->in_words * sizeof *v->in); /* (calloc checks the product) */
    v->out = calloc(max ? max : 1, b->out_words * sizeof *v->out);
    v->note = calloc(max ? max : 1, sizeof *v->note);
    if (!v->in || !v->out || !v->note) {
        wl_vec_free(v);
        snprintf(err, errlen, "%s vectors: out of memory for %llu cycles", b->name, (unsigned long long)max);
        return -1;
    }
    return 0;
}

void wl_vec_add(wl_vec_t *v, const uint64_t *in, const uint64_t *out, const char *note)
{
    if (v->n >= v->max)
        return;
    if (v->sink) {
        v->sink(v->ctx, in, out, note);
        v->n++;
        return;
    }
    memcpy(v->in + v->n * v->b->in_words, in, v->b->in_words * sizeof *in);
    memcpy(v->out + v->n * v->b->out_words, out, v->b->out_words * sizeof *out);
    v->note[v->n] = note;
    v->n++;
}

/* 0, or -1 with err when no cycle was recorded */
static int some_cycle(const wl_vec_t *v, char *err, size_t errlen)
{
    if (v->n)
        return 0;
    snprintf(err, errlen, "%s vectors: the trace gave the recorded instance no cycle", v->b->name);
    return -1;
}

int wl_vec_write(const wl_vec_t *v, FILE *f, const char *generator, char *err, size_t errlen)
{
    if (some_cycle(v, err, errlen) < 0)
        return -1;
    ct_vec_header_t h;
    ct_vec_header_init(&h, v->b, v->cfg, 0, v->n);
    snprintf(h.generator, sizeof h.generator, "%s", generator);
    ct_vec_write_header(f, &h);
    for (uint64_t c = 0; c < v->n; c++)
        ct_vec_write_row(f, &h, v->in + c * v->b->in_words, v->out + c * v->b->out_words, v->note[c]);
    if (fflush(f) || ferror(f)) {
        snprintf(err, errlen, "%s vectors: write error", v->b->name);
        return -1;
    }
    return 0;
}

void wl_vec_free(wl_vec_t *v)
{
    free(v->in), free(v->out), free(v->note);
    v->in = v->out = NULL;
    v->note = NULL;
}

int wl_vec_start(wl_vec_t *v, const wl_vec_to_t *to, const ct_block_t *b, const uint32_t *cfg, char *err,
                 size_t errlen)
{
    if (to->f)
        return wl_vec_init(v, b, cfg, to->max, err, errlen);
    begin(v, b, cfg, to->max);
    v->sink = to->sink;
    v->ctx = to->ctx;
    return 0;
}

int wl_vec_finish(const wl_vec_t *v, const wl_vec_to_t *to, const char *generator, char *err, size_t errlen)
{
    return to->f ? wl_vec_write(v, to->f, generator, err, errlen) : some_cycle(v, err, errlen);
}
