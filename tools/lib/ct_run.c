/* ct_run.c - a C model on its own stimulus (ct_run.h). */
#include "ct_run.h"

#include <stdlib.h>
#include <string.h>

#include "ct_cov.h"
#include "ct_vec.h"

int ct_run_open_model(ct_run_t *r, const ct_block_t *b, const uint32_t *cfg)
{
    memset(r, 0, sizeof *r);
    r->b = b;
    memcpy(r->cfg, cfg, sizeof r->cfg);
    b->widths(cfg, r->iw, r->ow);
    if (b->n_cover && !(r->cov = calloc(b->n_cover, sizeof *r->cov)))
        return -1;
    if (!(r->model = b->create(cfg))) {
        ct_run_close(r);
        return -1;
    }
    return 0;
}

int ct_run_open(ct_run_t *r, const ct_block_t *b, const uint32_t *cfg, uint64_t seed)
{
    if (ct_run_open_model(r, b, cfg))
        return -1;
    if (!(r->stim = b->stim_create(cfg, seed))) {
        ct_run_close(r);
        return -1;
    }
    return 0;
}

void ct_run_step(ct_run_t *r, const uint64_t *in, uint64_t *out)
{
    r->b->cycle(r->model, in, out);
    if (r->cov)
        r->b->cover_sample(r->cfg, in, out, r->cov);
}

void ct_run_cycle(ct_run_t *r, uint64_t *in, uint64_t *out, const char **note)
{
    r->b->stim_next(r->stim, in, note);
    ct_mask_ports(in, r->iw, r->b->in, r->b->n_in);
    r->b->cycle(r->model, in, out);
    if (r->cov)
        r->b->cover_sample(r->cfg, in, out, r->cov);
}

void ct_run_close(ct_run_t *r)
{
    if (r->model)
        r->b->destroy(r->model);
    if (r->stim)
        r->b->stim_destroy(r->stim);
    free(r->cov);
    r->model = r->stim = NULL;
    r->cov = NULL;
}

int ct_run_has_report(const ct_run_t *r) { return r->b->n_cover || r->b->report; }

int ct_run_report(const ct_run_t *r, FILE *f)
{
    const ct_block_t *b = r->b;
    int problems = 0;
    if (b->n_cover) {
        const char *name[CT_MAX_COVER];
        int possible[CT_MAX_COVER];
        for (unsigned k = 0; k < b->n_cover; k++)
            name[k] = b->cover[k].name;
        b->cover_possible(r->cfg, possible);
        fprintf(f, "coverage:");
        problems += ct_cov_bins(f, name, r->cov, possible, b->n_cover,
                                "not possible in this configuration");
        if (!b->report)
            ct_cov_verdict(f, problems);
        else
            fputc('\n', f);
    }
    if (b->report)
        problems += b->report(r->model, f);
    return problems;
}

int ct_run_write_vectors(FILE *f, const ct_block_t *b, const ct_block_t *model, const uint32_t *cfg,
                         uint64_t seed, uint64_t cycles)
{
    ct_run_t r;
    if (ct_run_open(&r, model, cfg, seed))
        return -1;
    ct_vec_header_t h;
    ct_vec_header_init(&h, b, cfg, seed, cycles);
    ct_vec_write_header(f, &h);
    uint64_t in[CT_MAX_WORDS] = {0}, out[CT_MAX_WORDS] = {0};
    for (uint64_t c = 0; c < cycles; c++) {
        const char *note;
        ct_run_cycle(&r, in, out, &note);
        ct_vec_write_row(f, &h, in, out, note);
    }
    ct_run_close(&r);
    return 0;
}
